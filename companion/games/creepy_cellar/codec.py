"""JSON snapshots of a Creepy Cellar state for the event store (``Game.encode/decode``).

Everything is included (this is never shown on a screen); ``decode(encode(s)) == s``. News
sentences stay translatable messages (:func:`companion.engine.codec.plain`).
"""

from __future__ import annotations

from companion.engine.codec import DICT, enum, records, state_codec
from companion.engine.pending import Frame
from companion.games.creepy_cellar.state import Hunter, State, Step

#: Format version of :func:`encode`'s dict (2: the shared codec; 3: the five turn flags are
#: the engine's pending frames, ``pending``). A snapshot of another version is not used: the
#: session replays the game's log instead.
VERSION = 3

encode, decode = state_codec(State, VERSION, "Creepy Cellar", {
    "hunters": records(Hunter), "options": DICT, "step": enum(Step), "pending": records(Frame)})
