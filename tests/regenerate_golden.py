"""Rewrite tests/golden/replays.json from the current code (see tests/golden_replays.py).

Run it only after a change that is MEANT to change what a table script ends with (a rule
fix, a new event field), from the checkout's root:

    python -m tests.regenerate_golden

and say in the commit why the golden records changed.
"""

from __future__ import annotations

import json

from tests.golden_replays import GOLDEN, record, scripts


def main() -> int:
    records = {name: record(name) for name in scripts()}
    GOLDEN.parent.mkdir(exist_ok=True)
    GOLDEN.write_text(json.dumps(records, indent=1, sort_keys=True, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"wrote {len(records)} golden records to {GOLDEN}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
