"""CLUE: IT state <-> plain JSON, for the event store's snapshots (hidden data included:
never for a screen). ``decode(encode(s)) == s``."""

from __future__ import annotations

from companion.engine.codec import DICT, enum, records, state_codec
from companion.engine.pending import Frame
from companion.games.clue_it.state import State, Step

#: Format version of :func:`encode`'s dict (1: the shared codec; 2: entered names and
#: passages; 3: ``after_draw`` and ``resume`` are the engine's pending frames, ``pending``;
#: 4: ``squares``, the table's distance to the nearest location, for the odds meter).
#: A snapshot of another version is not used: the session replays the game's log.
VERSION = 4

encode, decode = state_codec(State, VERSION, "CLUE: IT", {
    "options": DICT, "step": enum(Step), "pending": records(Frame)})
