"""JSON snapshots of a Creepy Cellar state for the event store (``Game.encode/decode``).

Everything is included (this is never shown on a screen); ``decode(encode(s)) == s``. News
sentences stay translatable messages (:func:`companion.engine.codec.plain`).
"""

from __future__ import annotations

from companion.engine.codec import DICT, enum, records, state_codec
from companion.games.creepy_cellar.state import Hunter, State, Step

#: Format version of :func:`encode`'s dict (2: the shared codec). A snapshot of another
#: version is not used: the session replays the game's log instead.
VERSION = 2

encode, decode = state_codec(State, VERSION, "Creepy Cellar", {
    "hunters": records(Hunter), "options": DICT, "step": enum(Step)})
