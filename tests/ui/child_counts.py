"""Run a counting script of tests/ui in a process of its own with no display (Kivy's
widgets and canvases, no window), and read the JSON it printed last: the board work counts
(tests/ui/test_board_work.py, tests/ui/test_cellar_work.py)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from tests.checkout import checkout_env

HERE = Path(__file__).parent


def printed_counts(script: str, kivy_home: Path) -> dict:
    """The JSON dict ``script`` (a file beside this one) printed on its last line."""
    env = {**checkout_env(), "KIVY_HOME": str(kivy_home)}
    env.pop("DISPLAY", None)
    done = subprocess.run([sys.executable, str(HERE / script)], env=env, capture_output=True, text=True,
                          timeout=120, check=True)
    return json.loads(done.stdout.strip().splitlines()[-1])
