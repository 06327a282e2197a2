"""The screenshots issue 29 asks for ("every game (start, mid-game with several todo lines, a
refusal, game over) at 800×480, 1024×600 and 720×1280, in English and Italian"): 5 games × 4
moments × 3 sizes × 2 languages = 120 PNGs, listed in ``tests/artifacts/shots.json`` as
``{"game", "moment", "size", "lang", "path"}``.

The boards test (``test_boards.py``) takes start, mid and over; the refusal test
(``test_refusal_place.py``) the refusal. Each writes its part
(``tests/artifacts/shots-<part>.json``) and checks it is whole; ``shots.json`` joins the parts
written so far.
"""

from __future__ import annotations

import fcntl
import json
import os
from pathlib import Path

from test_boards import SCRIPTS, SIZES
from test_table_screen import ARTIFACTS

MOMENTS = ("start", "mid", "refusal", "over")
LANGS = ("en", "it")


def required(moments=MOMENTS) -> set[tuple[str, str, str, str]]:
    """Every (game, moment, size, language) the issue asks a screenshot of, for ``moments``."""
    return {(game, moment, f"{w}x{h}", lang) for game in SCRIPTS for moment in moments
            for w, h in SIZES for lang in LANGS}


def write_part(part: str, entries: list[dict]) -> list[tuple]:
    """Write ``part``'s entries and the joined ``shots.json``; return the keys whose PNG is missing.

    The window tests run two files at a time (the Makefile), so the boards and the refusal
    test may write their parts at once: a lock makes each write and join whole."""
    with (ARTIFACTS / "shots.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        _write(ARTIFACTS / f"shots-{part}.json", entries)
        joined = []
        for file in sorted(ARTIFACTS.glob("shots-*.json")):
            joined += json.loads(file.read_text(encoding="utf-8"))
        _write(ARTIFACTS / "shots.json", joined)
    root = ARTIFACTS.parents[1]
    return [_key(entry) for entry in entries if not (root / entry["path"]).is_file()]


def _write(path: Path, value) -> None:
    """``value`` as JSON at ``path``, whole or not at all (a reader never sees half of it)."""
    part = path.with_suffix(".part")
    part.write_text(json.dumps(value, indent=1), encoding="utf-8")
    os.replace(part, path)


def entry(game: str, moment: str, size: str, lang: str, path: Path) -> dict:
    return {"game": game, "moment": moment, "size": size, "lang": lang,
            "path": str(path.resolve().relative_to(ARTIFACTS.parents[1]))}


def _key(entry: dict) -> tuple[str, str, str, str]:
    return entry["game"], entry["moment"], entry["size"], entry["lang"]


def keys(entries: list[dict]) -> set[tuple[str, str, str, str]]:
    return {_key(entry) for entry in entries}
