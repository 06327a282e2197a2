"""The session: one game in progress, turning table inputs into actions against its prompt.

The parts (each given what it uses; none imports the Session):

* :mod:`.core`: :class:`Session`, which keeps the game's state and coordinates the parts;
* :mod:`.records`: what the parts pass each other: :class:`Reply`, ``Entry``, ``Rejected``;
* :mod:`.actions`: what a touch, a button press or a tapped tag stands for at the prompt;
* :mod:`.moves`: an action and the chance outcomes it draws, played live or replayed;
* :mod:`.undo_log`: the inputs in effect with the state before each, and the redo outcomes;
* :mod:`.told`: what an undo took back and what to put back; a resumed game's todo lines;
* :mod:`.lessons`: first-game mode's lessons taught, in step with the inputs;
* :mod:`.views`: the prompt and the views of a state, computed once per state;
* :mod:`.recording`: the store's writes, and the events kept while it refuses them;
* :mod:`.snapshots`: a long game's snapshots, written and restored;
* :mod:`.replaying`: a stored log played again, and :class:`OutdatedGame`.

The moments of the inputs in effect are :mod:`companion.moments` (the table screen's recap).
"""

from companion.session.core import DEFAULT_HOLD_TIME, Session
from companion.session.records import Reply
from companion.session.replaying import OutdatedGame

__all__ = ["DEFAULT_HOLD_TIME", "OutdatedGame", "Reply", "Session"]
