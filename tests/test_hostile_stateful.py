"""Issue 8: random sequences of hostile and accidental input through the daemon's socket and
fake hardware (the machine: tests/fuzz_daemon.py). A fixed budget here; the large one is
benchmarks/fuzz_daemon.py."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, Phase, settings

from tests import fuzz_daemon

#: Examples and steps per example in CI.
EXAMPLES, STEPS = 25, 30


@pytest.mark.timeout(600)
def test_hostile_input_never_breaks_the_daemon():
    machine = fuzz_daemon.DaemonUnderFire
    machine.TestCase.settings = settings(max_examples=EXAMPLES, stateful_step_count=STEPS, deadline=None,
                                         derandomize=True, database=None, report_multiple_bugs=False,
                                         suppress_health_check=list(HealthCheck),
                                         # no shrinking: a daemon per example makes it take
                                         # minutes; the failing steps are printed as found
                                         phases=[Phase.explicit, Phase.reuse, Phase.generate])
    before = dict(fuzz_daemon.COUNT)
    machine.TestCase().runTest()
    assert fuzz_daemon.COUNT["events"] - before["events"] >= EXAMPLES * STEPS // 2
