"""``companion daemon`` with ``[mqtt]`` as its own process on a Mosquitto with accounts and
the ACL of docs/venue.md (issue 32): killed with kill -9, the broker's Last Will says
``offline``; the table's password is in no log line even at ``-v``; a table writes only its
own topics, the dashboard's account reads every table and writes only ``command``."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
from pathlib import Path

from tests.checkout import checkout_env
from tests.venue.broker import Broker, Watcher

DOCS = Path(__file__).resolve().parents[2] / "docs" / "venue.md"
PASSWORDS = {"t1": "t1-secret-Zq8w", "dashboard": "dash-secret-Kp3v"}


def docs_acl() -> str:
    """The ``acl_file`` example of docs/venue.md (the block after "haunt.acl")."""
    found = re.search(r"```\n(# /etc/mosquitto/haunt\.acl\n.*?)```", DOCS.read_text(), re.S)
    assert found, "docs/venue.md has no haunt.acl block"
    return found.group(1)


def secured_broker(tmp_path: Path) -> Broker:
    passwords = tmp_path / "passwords"
    for user, password in PASSWORDS.items():
        subprocess.run(["mosquitto_passwd", "-b", *(["-c"] if not passwords.exists() else []), str(passwords),
                        user, password], check=True, capture_output=True)
    os.chmod(passwords, 0o600)
    acl = tmp_path / "haunt.acl"
    acl.write_text(docs_acl())
    return Broker(tmp_path, f"allow_anonymous false\npassword_file {passwords}\nacl_file {acl}\n").start()


def test_kill_9_makes_the_table_offline_through_the_last_will_and_no_log_has_the_password(tmp_path):
    broker = secured_broker(tmp_path)
    config = tmp_path / "config.toml"
    config.write_text(f'[mqtt]\nhost = "127.0.0.1"\nport = {broker.port}\ntable = "t1"\nusername = "t1"\n'
                      f'password = "{PASSWORDS["t1"]}"\n')
    watcher = Watcher(broker.port, "haunt/#", "dashboard", PASSWORDS["dashboard"])
    table = subprocess.Popen([sys.executable, "-m", "companion", "-v", "daemon", "--config", str(config),
                              "--db", str(tmp_path / "t.db"), "--socket", str(tmp_path / "t.sock"),
                              "--new", "creepy_cellar"], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                             env=checkout_env())
    try:
        watcher.wait_for(lambda t, p, r: t == "haunt/t1/status" and p == b"online", timeout=20)
        _, state, _ = watcher.wait_for(lambda t, p, r: t == "haunt/t1/state")
        assert json.loads(state)["game"] == "creepy_cellar"
        # The dashboard's account may give a table a command; a table may not write another's topics.
        intruder = Watcher(broker.port, "haunt/t1/command", "t1", PASSWORDS["t1"])
        intruder.publish("haunt/t2/state", b'{"game": "forged"}')
        intruder.publish("haunt/dashboard/event", b'{"event": "forged"}')
        watcher.publish("haunt/t1/command", b'{"cmd": "call_staff"}')
        watcher.wait_for(lambda t, p, r: t == "haunt/t1/event" and b"staff_called" in p)
        intruder.close()
        assert not [m for m in watcher.messages if m[0].startswith(("haunt/t2", "haunt/dashboard"))]
        table.send_signal(signal.SIGKILL)
        table.wait(10)
        watcher.wait_for(lambda t, p, r: t == "haunt/t1/status" and p == b"offline", timeout=20)
    finally:
        if table.poll() is None:
            table.kill()
        watcher.close()
        broker.stop()
    log = table.stderr.read().decode()
    assert "venue: connected to the broker" in log and "DEBUG" in log  # the log was verbose...
    assert PASSWORDS["t1"] not in log  # ...and never says the password
    assert PASSWORDS["t1"] not in (tmp_path / "mosquitto.log").read_text()
