"""The daemon stays light (issue 35): with nothing optional configured, ``companion daemon``
imports no optional part (the phones' web server, QR codes, MQTT, the voice, the owner's
desk, the screen), and of the games only the one it resumes. An optional part is imported
where it is configured, inside the function that starts it (notes/speed.md gives the rule).

The daemon runs as a real process under ``python -X importtime``, which writes every module
it imports to stderr; the test reads that list once the first state message has come.
"""

from __future__ import annotations

import json
import os
import re
import socket
import subprocess
import sys
import time

#: Module name prefixes the daemon must not import unless their part is configured.
OPTIONAL = ("aiohttp", "segno", "aiomqtt", "paho", "kivy", "ui", "gpiozero", "companion.phones.server",
            "companion.phones.page", "companion.phones.qr", "companion.voice", "companion.venue", "companion.desk")


#: The optional parts' settings, which every daemon reads (a TOML section, the table's voice
#: choices): plain data and checks, no server, broker or speech engine.
SETTINGS = {"companion.desk", "companion.desk.config", "companion.venue", "companion.venue.config",
            "companion.voice", "companion.voice.config", "companion.voice.names", "companion.voice.settings"}


def _imported(stderr: str) -> set[str]:
    return {m[1] for m in re.finditer(r"^import time:\s+\d+ \|\s+\d+ \|\s*(\S+)$", stderr, re.M)}


def _first_state(sock, timeout: float = 30.0) -> bytes:
    deadline = time.monotonic() + timeout
    while True:
        try:
            with socket.socket(socket.AF_UNIX) as s:
                s.connect(str(sock))
                return s.makefile("rb").readline()
        except (FileNotFoundError, ConnectionRefusedError):
            if time.monotonic() > deadline:
                raise
            time.sleep(0.02)


def _daemon_imports(tmp_path, *args: str) -> set[str]:
    config = tmp_path / "none.toml"
    config.write_text("[dice]\nenabled = false\n")
    sock = tmp_path / "c.sock"
    env = {**os.environ, "COMPANION_CONFIG": str(config)}
    daemon = subprocess.Popen([sys.executable, "-X", "importtime", "-m", "companion", "daemon", "--db",
                               str(tmp_path / "g.sqlite3"), "--socket", str(sock), *args],
                              env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        assert json.loads(_first_state(sock))["type"] == "state"
    finally:
        daemon.terminate()
        _out, err = daemon.communicate(timeout=20)
    return _imported(err)


#: Libraries only some of the daemon's work needs, imported where that work starts (issue 35,
#: notes/coldstart.md): ndeflib at the first tag message decoded or written, importlib.resources
#: at the first catalogue of a language other than English.
LATER = ("ndef", "importlib.resources")


def _optional(modules: set[str]) -> list[str]:
    return sorted(m for m in modules - SETTINGS if any(m == p or m.startswith(p + ".") for p in OPTIONAL))


def test_a_daemon_with_nothing_optional_configured_imports_no_optional_part_and_no_game(tmp_path):
    modules = _daemon_imports(tmp_path)
    assert "companion.daemon.core" in modules and "asyncio" in modules  # the list is the daemon's
    assert _optional(modules) == []
    assert sorted(m for m in modules if m.startswith("companion.games.")) == []
    assert sorted(m for m in modules if m.split(".")[0] in LATER or m.startswith(LATER)) == []
    assert {"companion.desk_cli", "companion.voice.args"} & modules == set()  # the other commands' parsers


def test_a_daemon_playing_one_game_imports_that_game_only(tmp_path):
    modules = _daemon_imports(tmp_path, "--new", "children", "--players", "Ada,Bo")
    assert _optional(modules) == []
    games = {m.split(".")[2] for m in modules if m.startswith("companion.games.")}
    assert games == {"children"}


def test_the_daemon_command_alone_parses_as_in_the_whole_parser():
    from companion import cli

    argv = ["-v", "daemon", "--new", "children", "--players", "Ada,Bo", "--option", "a=b", "--set-aside"]
    assert cli._command(argv) == "daemon"
    assert vars(cli._parser("daemon").parse_args(argv)) == vars(cli._parser().parse_args(argv))
