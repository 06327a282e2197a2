"""Rewrite tests/golden/replays.json from the current code (see tests/golden_replays.py).

Run it only after a change that is MEANT to change what a table script ends with (a rule
fix, a new event field), from the checkout's root:

    python -m tests.regenerate_golden

and say in the commit why the golden records changed. A script of a game whose
``rules_version`` was not bumped may not end differently (issue 21: a rules change that
alters outcomes bumps it); for a change that is not one of the rules (a new field in the
stored events) say so with ``--not-rules``.
"""

from __future__ import annotations

import json
import sys

from tests.golden_replays import GOLDEN, load, outcome_changed, record, scripts


def unbumped(old: dict, new: dict) -> list[str]:
    """The scripts that end differently although their game's rules version is the same."""
    return sorted(name for name in new if name in old and outcome_changed(old[name], new[name])
                  and old[name].get("rules_version", 1) >= new[name]["rules_version"])


def main(argv: list[str]) -> int:
    records = {name: record(name) for name in scripts()}
    stale = unbumped(load() if GOLDEN.exists() else {}, records) if "--not-rules" not in argv else []
    if stale:
        print("these scripts end differently, but their game's rules_version was not bumped "
              "(GameSpec.rules_version; or pass --not-rules for a change that is not of the rules):")
        print("\n".join(f"  {name}" for name in stale))
        return 1
    GOLDEN.parent.mkdir(exist_ok=True)
    GOLDEN.write_text(json.dumps(records, indent=1, sort_keys=True, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"wrote {len(records)} golden records to {GOLDEN}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
