"""SIGKILL mid-game, restart, finish: nothing acknowledged is lost (issue 2, "Done when")."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from importlib import resources

import pytest

from companion.store import EventStore
from tests.checkout import checkout_env

pytestmark = pytest.mark.slow

DEMO = str(resources.files("companion.data").joinpath("demo.jsonl"))


def _replay(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "companion", "replay", DEMO, *args],
                          capture_output=True, text=True, timeout=120, check=True, env=checkout_env())


@pytest.mark.parametrize("kill_after", [7, 33])
def test_sigkill_then_resume_loses_nothing(tmp_path, kill_after):
    db = tmp_path / "game.sqlite3"
    proc = subprocess.Popen(
        [sys.executable, "-m", "companion", "replay", DEMO, "--db", str(db), "--realtime",
         "--speed", "40", "--progress"],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, env=checkout_env())
    acknowledged = []
    for line in proc.stderr:  # --progress writes to stderr
        if not (line.startswith("line ") and line.rstrip().endswith(": accepted")):
            continue
        acknowledged.append(int(line.split()[1].rstrip(":")))
        if len(acknowledged) == kill_after:
            os.kill(proc.pid, signal.SIGKILL)
            break
    proc.wait(30)
    assert proc.returncode == -signal.SIGKILL

    store = EventStore(db)
    recorded = [event.body["line"] for event in store.events(store.last_unfinished().id)]
    store.close()
    assert set(acknowledged) <= set(recorded), "an acknowledged input was lost"

    resumed = json.loads(_replay("--db", str(db), "--json").stdout)
    uninterrupted = json.loads(_replay("--json").stdout)
    assert resumed == uninterrupted
    assert resumed["outcome"] == "won" and resumed["treasures_left"] == 0
