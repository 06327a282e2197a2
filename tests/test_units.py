"""The systemd units and the Kivy kiosk settings (issue 7): parsed and checked key by key;
``systemd-analyze verify`` and ``security`` on the installed units when systemd-analyze
exists (the Makefile's TEST_APT installs the systemd package for it)."""

from __future__ import annotations

import configparser
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from companion.install import Installer
from companion.paths import default_socket
from tests.checkout import checkout_env

ROOT = Path(__file__).resolve().parent.parent
SYSTEMD = ROOT / "systemd"
ANALYZE = shutil.which("systemd-analyze")
needs_analyze = pytest.mark.skipif(ANALYZE is None, reason="systemd-analyze is not installed (apt-get install systemd)")


class _Multi(dict):
    """A configparser section store that keeps every value of a repeated key (as systemd does)."""

    def __setitem__(self, key, value):
        if isinstance(value, list) and key in self:
            self[key].extend(value)
        else:
            super().__setitem__(key, value)


def parse_unit(path: Path) -> dict[str, dict[str, list[str]]]:
    """``{section: {key: [values in order]}}`` of a unit file (configparser, repeated keys kept)."""
    parser = configparser.RawConfigParser(dict_type=_Multi, strict=False, empty_lines_in_values=False,
                                          comment_prefixes=("#", ";"), delimiters=("=",))
    parser.optionxform = str
    parser.read(path)
    # configparser joins the values of a repeated key with newlines (no unit line here is a
    # continuation line), so a split gives them back in order.
    return {name: {key: parser.get(name, key).split("\n") for key in parser.options(name)}
            for name in parser.sections()}


def _one(unit, section: str, key: str) -> str:
    values = unit[section][key]
    assert len(values) == 1, f"{key} given {len(values)} times"
    return values[0]


def _words(unit, section: str, key: str) -> set[str]:
    return {word for value in unit[section][key] for word in value.split()}


DAEMON = parse_unit(SYSTEMD / "haunt-companion.service")
UI = parse_unit(SYSTEMD / "haunt-companion-ui.service")
VOICE = parse_unit(SYSTEMD / "haunt-companion-voice.service")

HARDENING = {
    "NoNewPrivileges": "yes", "CapabilityBoundingSet": "", "AmbientCapabilities": "",
    "ProtectSystem": "strict", "ProtectHome": "yes", "PrivateTmp": "yes", "DevicePolicy": "closed",
    "PrivateNetwork": "yes", "IPAddressDeny": "any", "RestrictAddressFamilies": "AF_UNIX",
    "RestrictNamespaces": "yes", "RestrictRealtime": "yes", "RestrictSUIDSGID": "yes",
    "LockPersonality": "yes", "MemoryDenyWriteExecute": "yes", "ProtectKernelTunables": "yes",
    "ProtectKernelModules": "yes", "ProtectKernelLogs": "yes", "ProtectControlGroups": "yes",
    "ProtectClock": "yes", "ProtectHostname": "yes", "ProtectProc": "invisible",
    "SystemCallArchitectures": "native", "UMask": "0077",
}


@pytest.mark.parametrize("key, value", sorted(HARDENING.items()))
def test_daemon_hardening_key(key, value):
    assert _one(DAEMON, "Service", key) == value


@pytest.mark.parametrize("key, value", sorted(HARDENING.items()))
def test_voice_hardening_key(key, value):
    assert _one(VOICE, "Service", key) == value


def test_voice_service_shape():
    """Issue 28: the voice never waits for the daemon, comes back whatever stopped it, and
    reaches only the sound cards, the socket and its cache."""
    assert _one(VOICE, "Service", "ExecStart") == (
        "/opt/haunt-companion/.venv/bin/companion voice --socket /run/haunt-companion/companion.sock "
        "--config /etc/haunt-companion/config.toml --cache /var/cache/haunt-companion-voice")
    assert _one(VOICE, "Service", "Restart") == "always"
    assert _one(VOICE, "Service", "User") == "companion-voice"
    assert _words(VOICE, "Service", "SupplementaryGroups") == {"audio", "companion"}
    assert VOICE["Service"]["DeviceAllow"] == ["char-alsa rw"]
    assert _one(VOICE, "Service", "CacheDirectory") == "haunt-companion-voice"
    assert _words(VOICE, "Unit", "Wants") == {"haunt-companion.service"}
    assert "haunt-companion.service" not in _words(VOICE, "Unit", "After")
    assert _one(VOICE, "Install", "WantedBy") == "multi-user.target"


def test_daemon_devices_are_an_allow_list_of_the_reader_and_gpio_classes():
    allowed = DAEMON["Service"]["DeviceAllow"]
    assert allowed == ["char-spidev rw", "char-gpiochip rw", "char-gpiomem rw", "char-ttyAMA rw",
                       "char-ttyS rw", "char-ttyUSB rw", "char-ttyACM rw"]
    assert DAEMON["Service"]["SystemCallFilter"] == ["@system-service", "~@privileged @resources"]


def test_daemon_service_shape():
    service = DAEMON["Service"]
    assert _one(DAEMON, "Service", "Type") == "notify"
    assert _one(DAEMON, "Service", "NotifyAccess") == "main"
    assert _one(DAEMON, "Service", "WatchdogSec") == "20s"
    assert _one(DAEMON, "Service", "Restart") == "on-failure"
    assert (_one(DAEMON, "Service", "User"), _one(DAEMON, "Service", "Group")) == ("companion", "companion")
    assert _words(DAEMON, "Service", "SupplementaryGroups") == {"gpio", "spi", "dialout"}
    assert [service[k] for k in ("StateDirectory", "RuntimeDirectory", "LogsDirectory")] == [["haunt-companion"]] * 3
    assert _one(DAEMON, "Service", "RuntimeDirectoryMode") == "0750"  # only group companion reaches the socket
    assert _one(DAEMON, "Service", "WorkingDirectory") == "/var/lib/haunt-companion"  # = StateDirectory: writable
    assert _one(DAEMON, "Service", "ExecStart") == (
        "/opt/haunt-companion/.venv/bin/companion daemon --config /etc/haunt-companion/config.toml")
    assert _one(DAEMON, "Install", "WantedBy") == "multi-user.target"


def test_every_hardening_option_has_its_comment():
    """Each key line after '# Hardening' follows a comment, or a line of the same key."""
    lines = (SYSTEMD / "haunt-companion.service").read_text().splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("# Hardening"))
    end = lines.index("[Install]")
    previous = None
    uncommented = []
    for line in lines[start:end]:
        if line.startswith("#"):
            previous = "#"
        elif "=" in line:
            key = line.split("=", 1)[0]
            if previous not in ("#", key):
                uncommented.append(key)
            previous = key
    assert uncommented == []


def test_socket_paths_agree():
    """The UI is started on the socket the daemon makes under systemd ($RUNTIME_DIRECTORY)."""
    runtime = f"/run/{_one(DAEMON, 'Service', 'RuntimeDirectory')}"
    env = {"RUNTIME_DIRECTORY": runtime}
    old = {k: os.environ.pop(k, None) for k in ("COMPANION_SOCKET", "RUNTIME_DIRECTORY")}
    os.environ.update(env)
    try:
        socket_path = str(default_socket())
    finally:
        del os.environ["RUNTIME_DIRECTORY"]
        os.environ.update({k: v for k, v in old.items() if v is not None})
    assert _one(UI, "Service", "ExecStart").endswith(f"companion ui --kiosk --socket {socket_path}")


def test_ui_service_shape():
    assert _one(UI, "Service", "User") == "companion-ui"
    assert _words(UI, "Service", "SupplementaryGroups") == {"video", "render", "input", "companion"}
    env = dict(value.split("=", 1) for value in UI["Service"]["Environment"])
    assert env["KIVY_HOME"] == "/etc/haunt-companion/kivy"
    assert env["SDL_VIDEODRIVER"] == "kmsdrm" and env["KIVY_NO_FILELOG"] == "1"
    assert _one(UI, "Service", "Restart") == "always"
    assert _words(UI, "Unit", "Wants") == {"haunt-companion.service"}
    assert "haunt-companion.service" not in _words(UI, "Unit", "After")  # never waits for the daemon
    assert _words(UI, "Service", "DeviceAllow") >= {"char-drm", "char-input"}
    for key in ("NoNewPrivileges", "ProtectSystem", "ProtectHome", "PrivateTmp", "PrivateNetwork"):
        assert key in UI["Service"]


def test_kivy_config_one_touch_provider_no_cursor_no_escape_no_file_log():
    kivy = configparser.RawConfigParser(interpolation=None)
    kivy.read(SYSTEMD / "kivy" / "config.ini")
    assert dict(kivy["input"]) == {"touch": "probesysfs,provider=hidinput"}
    assert (kivy["kivy"]["exit_on_escape"], kivy["kivy"]["log_enable"]) == ("0", "0")
    assert (kivy["graphics"]["show_cursor"], kivy["graphics"]["fullscreen"], kivy["graphics"]["maxfps"]) == \
        ("0", "auto", "30")


@pytest.mark.slow
def test_kivy_reads_the_shipped_config_as_it_is(tmp_path):
    """Kivy in KIVY_HOME = a copy of the shipped settings, read-only: it rewrites nothing (its
    config version is Kivy's) and adds no mouse provider; `companion ui --kiosk` changes nothing."""
    home = tmp_path / "kivy"
    (home / "mods").mkdir(parents=True)
    (home / "icon").mkdir()
    shutil.copy(SYSTEMD / "kivy" / "config.ini", home / "config.ini")
    shipped = (home / "config.ini").read_bytes()
    code = ("from ui.app import configure_kivy; configure_kivy(kiosk=True); from kivy.config import Config; "
            "print(dict(Config.items('input'))); print(Config.get('kivy', 'exit_on_escape'), "
            "Config.get('graphics', 'show_cursor'), Config.get('graphics', 'maxfps'))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, cwd=ROOT,
                          env=checkout_env(KIVY_HOME=str(home), KIVY_NO_FILELOG="1"))
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == ["{'touch': 'probesysfs,provider=hidinput'}", "0 0 30"]
    assert (home / "config.ini").read_bytes() == shipped
    assert "Upgrading configuration" not in done.stderr


@pytest.mark.slow
def test_kivy_config_has_every_key_of_kivys_own(tmp_path):
    """Kivy fills in missing keys only while upgrading an older file: a key missing here
    would be missing at run time (a window then fails on, e.g., kivy.kivy_clock)."""
    done = subprocess.run([sys.executable, "-c", "import kivy.config"], capture_output=True, text=True,
                          timeout=60, env={**os.environ, "KIVY_HOME": str(tmp_path), "KIVY_NO_ARGS": "1"})
    assert done.returncode == 0, done.stderr
    theirs, ours = (configparser.RawConfigParser(interpolation=None) for _ in range(2))
    theirs.read(tmp_path / "config.ini")
    ours.read(SYSTEMD / "kivy" / "config.ini")
    missing = [f"{section}.{key}" for section in theirs.sections() for key in theirs[section]
               if section != "input" and not ours.has_option(section, key)]
    assert missing == []
    assert ours.sections() == theirs.sections()


# ---------------------------------------------------------------------- systemd-analyze


@pytest.fixture(scope="module")
def installed_root(tmp_path_factory):
    """A root with the installed units, the distribution's units and a stub ``companion``."""
    root = tmp_path_factory.mktemp("root")
    Installer(root, run_commands=False, prefix="/opt/haunt-companion/.venv").install()
    for system in ("/usr/lib/systemd/system", "/lib/systemd/system"):
        if Path(system).is_dir():
            shutil.copytree(system, root / "usr/lib/systemd/system", symlinks=True, dirs_exist_ok=True)
            break
    stub = root / "opt/haunt-companion/.venv/bin/companion"
    stub.parent.mkdir(parents=True)
    stub.write_text("#!/bin/sh\n")
    stub.chmod(0o755)
    return root


@needs_analyze
def test_systemd_analyze_verify_finds_nothing(installed_root):
    done = subprocess.run([ANALYZE, "verify", f"--root={installed_root}", "haunt-companion.service",
                           "haunt-companion-ui.service", "haunt-companion-voice.service"],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    ours = [line for line in done.stderr.splitlines() if "haunt-companion" in line]
    assert ours == []  # not even an "Unknown key ... ignoring" warning


@needs_analyze
def test_systemd_analyze_verify_would_say_if_a_key_were_wrong(installed_root, tmp_path):
    """The check above can fail: a misspelt key is reported."""
    bad = tmp_path / "root"
    shutil.copytree(installed_root, bad, symlinks=True)
    unit = bad / "etc/systemd/system/haunt-companion.service"
    unit.write_text(unit.read_text().replace("ProtectHome=yes", "ProtectHomes=yes"))
    done = subprocess.run([ANALYZE, "verify", f"--root={bad}", "haunt-companion.service"],
                          capture_output=True, text=True, timeout=60)
    assert "Unknown key 'ProtectHomes'" in done.stderr or "Unknown key name 'ProtectHomes'" in done.stderr


@needs_analyze
@pytest.mark.parametrize("unit, most", [("haunt-companion.service", 2.0), ("haunt-companion-ui.service", 2.0),
                                        ("haunt-companion-voice.service", 2.0)])
def test_security_exposure_is_at_most(installed_root, unit, most):
    done = subprocess.run([ANALYZE, "security", "--offline=true", f"--root={installed_root}",
                           f"--threshold={int(most * 10)}", unit], capture_output=True, text=True, timeout=60)
    exposure = float(re.search(r"Overall exposure level for \S+: (\d+\.\d)", done.stdout).group(1))
    assert exposure <= most and done.returncode == 0, done.stdout[-500:]
