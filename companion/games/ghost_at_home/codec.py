"""Ghost at Home state <-> plain JSON, for the event store's snapshots. ``decode(encode(s)) == s``.

Nothing hidden is held (hands are counts), but this is still for the store, not a screen.
"""

from __future__ import annotations

from companion.engine.codec import DICT, each, enum, records, state_codec
from companion.games.ghost_at_home.state import Floor, State, Step

#: Format version of :func:`encode`'s dict (2: ``paid_pieces`` and ``printed_bulbs``, the
#: table's card data; 3: the shared codec). A snapshot of another version is not used: the
#: session replays the game's log instead.
VERSION = 3

encode, decode = state_codec(State, VERSION, "Ghost at Home", {
    "houses": each(records(Floor)), "options": DICT, "step": enum(Step)})
