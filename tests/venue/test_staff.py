"""The daemon's side of a venue (issue 32; docs/venue.md): ``call_staff`` and ``staff_ack``
on the socket, every state's ``staff`` and ``venue``; without ``[mqtt]`` no MQTT library is
imported and ``call_staff`` is refused; without the venue extra the table plays on."""

from __future__ import annotations

import subprocess
import sys

from companion.client import Client
from companion.daemon.staff import StaffCall, clean_message
from tests.checkout import checkout_env
from tests.collector import Collector
from tests.daemon_fixture import running_daemon
from tests.venue.table import mqtt_config

NO_MQTT = """
import sys, tempfile, pathlib
from companion.client import Client
from tests.daemon_fixture import running_daemon
from companion.config import parse_config
assert parse_config("").mqtt is None
with tempfile.TemporaryDirectory() as tmp, running_daemon(pathlib.Path(tmp)) as daemon:
    with Client(daemon.socket_path).connect() as client:
        state = client.state
        ack = client.request({"cmd": "call_staff"})
print(state["venue"], state["staff"], state["hardware"]["broker"], ack["ok"])
print(sorted(m for m in sys.modules if m.split(".")[0] in ("aiomqtt", "paho") or m.startswith("companion.venue.")))
"""


def test_without_mqtt_nothing_mqtt_is_imported_and_staff_cannot_be_called():
    done = subprocess.run([sys.executable, "-c", NO_MQTT], capture_output=True, text=True, env=checkout_env(),
                          timeout=60)
    assert done.returncode == 0, done.stderr
    first, imported = done.stdout.splitlines()
    assert first == "False {'called': False, 'since': None, 'message': None} None False"
    assert imported == "['companion.venue.config']"  # the config's parser only: no MQTT library


def test_call_staff_and_staff_ack_on_the_socket(tmp_path):
    # A broker nobody runs: the table plays on, its screens say so.
    seen = Collector()
    with running_daemon(tmp_path, mqtt=mqtt_config(1)) as daemon, \
            Client(daemon.socket_path, on_message=seen).connect() as client:
        assert client.state["venue"] is True
        broker = client.state["hardware"]["broker"]
        assert (broker["broker"], broker["table"], broker["connected"]) == ("127.0.0.1:1", "t1", False)
        assert client.request({"cmd": "call_staff"})["ok"]
        staff = seen.wait_for(lambda m: m.get("type") == "state" and m["staff"]["called"])["staff"]
        assert staff["since"] > 0 and staff["message"] is None
        again = client.request({"cmd": "call_staff"})
        assert again["ok"] and again["text"] == "staff were already called"
        assert client.request({"cmd": "staff_ack"})["ok"]
        seen.wait_for(lambda m: m.get("type") == "state" and not m["staff"]["called"])
        seen.clear()
        assert client.request({"cmd": "staff_ack"})["ok"] is True  # nothing waiting: said, not refused
        assert seen.wait_for(lambda m: m.get("type") == "ack")["text"] == "no call for staff was waiting"


def test_the_table_plays_on_without_the_venue_extra(tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "aiomqtt", None)  # import aiomqtt -> ImportError
    monkeypatch.delitem(sys.modules, "companion.venue.link", raising=False)
    with running_daemon(tmp_path, mqtt=mqtt_config(1)) as daemon, \
            Client(daemon.socket_path).connect() as client:
        assert daemon.venue is None
        assert "Venue mode is off: the MQTT library is not installed on this table." in client.state["log"]


def test_a_staff_message_is_one_short_line():
    assert clean_message("  On my way\n\x07\u200b -- Sam  ") == "On my way -- Sam"
    assert clean_message("x" * 500) == "x" * 139 + "…"  # one word longer than a line: cut, and marked
    assert clean_message("y" * 140) == "y" * 140  # a line that fits is kept whole
    assert clean_message("z" * 139 + " more words") == "z" * 139 + "…"  # a word ending right at the cut is kept
    long = "Your pizza is ready at the bar, please send one player to collect it before the cellar ghosts " \
           "get hungry and the game master starts the next round of hauntings"
    assert clean_message(long) == ("Your pizza is ready at the bar, please send one player to collect it before the "
                                   "cellar ghosts get hungry and the game master starts the…")  # was cut mid-word
    assert clean_message("\n\t ") is None and clean_message(None) is None and clean_message(5) is None
    staff = StaffCall(clock=lambda: 100.0)
    assert staff.call() and not staff.call() and staff.to_json() == {"called": True, "since": 100.0,
                                                                      "message": None}
    staff.show("Coming")
    assert staff.acknowledge() and staff.to_json() == {"called": False, "since": None, "message": None}
    assert not staff.acknowledge()


def test_the_dashboards_summary_counts_one_table_in_the_singular():
    """newcomer20: the venue dashboard said "1 tables · 1 playing". Its summary line, run in
    Node (no browser) from the page's own script."""
    import re
    import shutil
    from pathlib import Path

    import pytest

    node = shutil.which("node") or shutil.which("nodejs")
    if node is None:
        pytest.skip("needs node (apt-get install nodejs)")
    page = (Path(__file__).resolve().parents[2] / "companion" / "venue" / "dashboard.html").read_text()
    function = re.search(r"^function summaryText\(.*?^}", page, re.S | re.M)
    assert function, "dashboard.html has no summaryText()"
    script = function.group(0) + "\nfor (const c of [[1, 1, 0, 0], [12, 9, 1, 2], [0, 0, 0, 0]])" \
                                 " console.log(summaryText(...c));"
    said = subprocess.run([node, "-e", script], capture_output=True, text=True, timeout=20, check=True).stdout
    assert said.splitlines() == ["1 table · 1 playing", "12 tables · 9 playing · 1 calling · 2 offline",
                                 "0 tables · 0 playing"]
