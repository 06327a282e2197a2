"""CLUE: IT state <-> plain JSON, for the event store's snapshots (hidden data included:
never for a screen). ``decode(encode(s)) == s``."""

from __future__ import annotations

from companion.engine.codec import DICT, enum, state_codec
from companion.games.clue_it.state import State, Step

#: Format version of :func:`encode`'s dict (1: the shared codec; 2: entered names and
#: passages). A snapshot of another version is not used: the session replays the game's log.
VERSION = 2

encode, decode = state_codec(State, VERSION, "CLUE: IT", {
    "options": DICT, "step": enum(Step), "after_draw": enum(Step), "resume": enum(Step)})
