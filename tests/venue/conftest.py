"""The venue tests' broker: a real Mosquitto on a free loopback port, started and stopped by
the ``broker`` fixture (skipped, with the reason, where mosquitto is not installed)."""

from __future__ import annotations

import os

import pytest

from tests.venue.broker import MOSQUITTO, Broker


@pytest.fixture
def broker(tmp_path):
    if not os.path.exists(MOSQUITTO):
        pytest.skip("needs mosquitto (apt-get install mosquitto; make test installs it)")
    running = Broker(tmp_path).start()
    yield running
    running.stop()
