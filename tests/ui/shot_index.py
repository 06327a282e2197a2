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

import json
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
    """Write ``part``'s entries and the joined ``shots.json``; return the keys whose PNG is missing."""
    (ARTIFACTS / f"shots-{part}.json").write_text(json.dumps(entries, indent=1), encoding="utf-8")
    joined = []
    for file in sorted(ARTIFACTS.glob("shots-*.json")):
        joined += json.loads(file.read_text(encoding="utf-8"))
    (ARTIFACTS / "shots.json").write_text(json.dumps(joined, indent=1), encoding="utf-8")
    root = ARTIFACTS.parents[1]
    return [_key(entry) for entry in entries if not (root / entry["path"]).is_file()]


def entry(game: str, moment: str, size: str, lang: str, path: Path) -> dict:
    return {"game": game, "moment": moment, "size": size, "lang": lang,
            "path": str(path.resolve().relative_to(ARTIFACTS.parents[1]))}


def _key(entry: dict) -> tuple[str, str, str, str]:
    return entry["game"], entry["moment"], entry["size"], entry["lang"]


def keys(entries: list[dict]) -> set[tuple[str, str, str, str]]:
    return {_key(entry) for entry in entries}
