"""Children state <-> plain JSON, for the event store's snapshots.

Hidden information is included (the mini-card pairing): this is never for a screen.
``decode(encode(state)) == state``.
"""

from __future__ import annotations

from companion.engine.codec import DICT, enum, records, state_codec
from companion.games.children.state import Frame, Ghost, State, Step

#: Format version of :func:`encode`'s dict (2: ``printed``, the table's entries; 3: the shared codec;
#: 4: ``known``, the copies seen tapped into a hand, issue 19; 5: ``known`` gone, kidsleak21).
VERSION = 5

encode, decode = state_codec(State, VERSION, "Children", {
    "ghosts": records(Ghost), "frames": records(Frame), "options": DICT, "step": enum(Step)})
