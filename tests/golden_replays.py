"""What every bundled table script ends with, for the golden test (issue 21).

Each script (``companion/data/*.jsonl``, ``tests/scripts/**/*.jsonl``) is replayed through
the real daemon into a fresh event store. Its record is the final ``--json`` public state
(exactly what ``companion replay --json`` prints), the games and events stored (without
their wall-clock times), and the refused lines, each as the sha256 of its canonical JSON;
the whole final state is kept for a few scripts (:data:`FULL`), so a difference is easy to
read. ``tests/golden/replays.json`` holds the records of the code before the daemon split;
``python -m tests.regenerate_golden`` rewrites it after an intentional change of behaviour.
"""

from __future__ import annotations

import hashlib
import json
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
GOLDEN = Path(__file__).parent / "golden" / "replays.json"

#: Scripts whose whole final ``--json`` state is kept in the golden file.
FULL = ("companion/data/demo.jsonl", "tests/scripts/children/players_win.jsonl",
        "tests/scripts/clue_it/solved.jsonl", "tests/scripts/ghost_at_home/three_players.jsonl",
        "tests/scripts/house_of_spirits/secret_cards.jsonl")


def scripts() -> list[str]:
    """Every bundled table script, as a path relative to the checkout."""
    bundled = sorted((ROOT / "companion" / "data").glob("*.jsonl"))
    found = bundled + sorted((ROOT / "tests" / "scripts").rglob("*.jsonl"))
    return [path.relative_to(ROOT).as_posix() for path in found]


def canonical(value: Any) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False, separators=(",", ":"))


def sha256(value: Any) -> str:
    return hashlib.sha256(canonical(value).encode("utf-8")).hexdigest()


def record(name: str) -> dict[str, Any]:
    """The golden record of the script at ``name`` (relative to the checkout)."""
    from companion import script
    from companion.replay import replay
    from companion.store import EventStore

    with tempfile.TemporaryDirectory(prefix="companion-golden-") as tmp:
        db = Path(tmp) / "golden.sqlite3"
        result = replay(script.load(ROOT / name), db=db)
        store = EventStore(db)
        try:
            games = [{"game": g.game, "key": g.key, "header": g.header, "outcome": g.outcome,
                      "events": [{"seq": e.seq, "kind": e.kind, "body": e.body} for e in store.events(g.id)]}
                     for g in store.games()]
        finally:
            store.close()
    state = json.dumps({**result.state["view"], "prompt": result.state["prompt"]["text"]}, sort_keys=True)
    out = {"rules_version": _rules_version(games), "state_sha256": sha256(json.loads(state)),
           "events": sum(len(g["events"]) for g in games),
           "stored_sha256": sha256(games), "refused": [list(r) for r in result.refused],
           "unused_stack": result.unused_stack}
    if name in FULL:
        out["state"] = json.loads(state)
    return out


def _rules_version(games: list[dict[str, Any]]) -> int:
    """The rules version of the (last) game a script played."""
    from companion.engine import get_game

    return get_game(games[-1]["game"]).rules_version if games else 0


def outcome_changed(old: dict[str, Any], new: dict[str, Any]) -> bool:
    """True when a script now ends differently (its state or stored events)."""
    return any(old.get(k) != new.get(k) for k in ("state_sha256", "stored_sha256", "events", "refused"))


def load() -> dict[str, Any]:
    return json.loads(GOLDEN.read_text(encoding="utf-8"))
