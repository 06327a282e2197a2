"""``companion install`` into a temporary root (issue 7): every file, idempotence, an edited
config kept, uninstall keeping the game data, the commands printed and not run."""

from __future__ import annotations

import hashlib
import io
import json
import shutil
import subprocess
from pathlib import Path

import pytest

from companion import cli
from companion.config import parse_config
from companion.install import Installer, InstallError, by_hand_steps, install_command, systemd_escape_path

ROOT = Path(__file__).resolve().parent.parent
SYSTEMD = ROOT / "systemd"
PREFIX = "/opt/haunt-companion/.venv"

UNITS = "etc/systemd/system"
EXPECTED = {
    f"{UNITS}/haunt-companion.service", f"{UNITS}/haunt-companion-ui.service", f"{UNITS}/haunt-companion-voice.service",
    f"{UNITS}/haunt-companion.service.d/10-devices.conf",
    f"{UNITS}/dev-spidev0.0.device.d/50-haunt-companion.conf",
    "etc/sysusers.d/haunt-companion.conf", "etc/udev/rules.d/60-haunt-companion.rules",
    "etc/haunt-companion/config.toml", "etc/haunt-companion/kivy/config.ini",
    "etc/haunt-companion/install-manifest.json",
}
PN532_CONFIG = '[dice]\npin = 17\n\n[[readers]]\nname = "tiles"\ndriver = "pn532"\nport = "/dev/ttyAMA0"\n'


def _files(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def _install(root: Path, source: Path = ROOT, uninstall: bool = False):
    installer = Installer(root, run_commands=False, source=source, prefix=PREFIX)
    return installer.uninstall() if uninstall else installer.install()


def test_every_file_written(tmp_path):
    report = _install(tmp_path)
    files = _files(tmp_path)
    assert set(files) == EXPECTED
    assert [what for what, _ in report.changes] == ["wrote"] * len(EXPECTED)  # the files and the command link
    daemon = files[f"{UNITS}/haunt-companion.service"].decode()
    # Documentation= names the docs of the checkout whose .venv the units run, not this one (issue 31)
    assert daemon == (SYSTEMD / "haunt-companion.service").read_text()
    assert "Documentation=file:/opt/haunt-companion/docs/pi-setup.md" in daemon
    assert f"ExecStart={PREFIX}/bin/companion daemon --config /etc/haunt-companion/config.toml" in daemon
    for name, shipped in (("etc/sysusers.d/haunt-companion.conf", "sysusers.conf"),
                          ("etc/udev/rules.d/60-haunt-companion.rules", "60-haunt-companion.rules"),
                          ("etc/haunt-companion/config.toml", "config.toml"),
                          ("etc/haunt-companion/kivy/config.ini", "kivy/config.ini")):
        assert files[name] == (SYSTEMD / shipped).read_bytes()
    assert files[f"{UNITS}/haunt-companion.service.d/10-devices.conf"].decode().splitlines()[-3:] == [
        "[Unit]", "Wants=dev-spidev0.0.device", "After=dev-spidev0.0.device"]
    assert files[f"{UNITS}/dev-spidev0.0.device.d/50-haunt-companion.conf"].decode().endswith(
        "[Unit]\nJobRunningTimeoutSec=20s\n")
    assert (tmp_path / "etc/haunt-companion/kivy/mods").is_dir()
    assert (tmp_path / "etc/haunt-companion/kivy/icon").is_dir()
    assert all((tmp_path / name).stat().st_mode & 0o777 == 0o644 for name in files)
    manifest = json.loads(files["etc/haunt-companion/install-manifest.json"])["files"]
    assert manifest == {**{f"/{name}": hashlib.sha256(files[name]).hexdigest()
                           for name in EXPECTED - {"etc/haunt-companion/install-manifest.json"}},
                        "/usr/local/bin/companion": f"link:{PREFIX}/bin/companion"}


def test_companion_goes_on_the_path_as_a_symlink_to_the_virtualenvs(tmp_path):
    """Issue 18: docs/pi-setup.md says `sudo companion doctor`; the venv's bin is on nobody's PATH."""
    report = _install(tmp_path)
    link = tmp_path / "usr/local/bin/companion"
    assert link.is_symlink() and str(link.readlink()) == f"{PREFIX}/bin/companion"
    assert ("wrote", f"/usr/local/bin/companion (-> {PREFIX}/bin/companion)") in report.changes
    assert ("same", "/usr/local/bin/companion") in _install(tmp_path).changes
    _install(tmp_path, uninstall=True)
    assert not link.is_symlink()


def test_a_companion_command_that_is_not_ours_is_left_alone(tmp_path):
    own = tmp_path / "usr/local/bin/companion"
    own.parent.mkdir(parents=True)
    own.write_text("#!/bin/sh\necho mine\n")
    report = _install(tmp_path)
    assert ("kept", "/usr/local/bin/companion (not installed by companion install)") in report.changes
    _install(tmp_path, uninstall=True)
    assert own.read_text() == "#!/bin/sh\necho mine\n"


def test_commands_are_printed_not_run_with_root(tmp_path, capsys):
    assert cli.main(["install", "--root", str(tmp_path), "--prefix", PREFIX]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"Haunt Companion install into {tmp_path}:\n"
                          "  wrote    /etc/systemd/system/haunt-companion.service\n")
    commands = out.split("Commands to run (not run with --root):\n")[1].split("Left to do by hand:")[0]
    assert commands.splitlines() == [
        "  $ systemd-sysusers /etc/sysusers.d/haunt-companion.conf",
        "  $ udevadm control --reload-rules",
        "  $ udevadm trigger --subsystem-match=spidev --subsystem-match=gpio --subsystem-match=tty "
        "--subsystem-match=backlight",
        "  $ systemctl daemon-reload",
        "  $ systemctl enable haunt-companion.service haunt-companion-ui.service haunt-companion-voice.service",
        f"  $ {PREFIX}/bin/python -m compileall -q {ROOT / 'companion'} {ROOT / 'hardware'} {ROOT / 'ui'}",
        f"  $ systemd-run --wait --quiet --collect -p User=companion-voice -p CacheDirectory=haunt-companion-voice "
        f"{PREFIX}/bin/companion voice prepare --config /etc/haunt-companion/config.toml "
        "--cache /var/cache/haunt-companion-voice"]
    assert "dtparam=spi=on" in out


def test_second_install_changes_nothing(tmp_path):
    _install(tmp_path)
    before = _files(tmp_path)
    report = _install(tmp_path)
    assert _files(tmp_path) == before
    assert {what for what, _ in report.changes} == {"same"}


def test_edited_config_is_kept_and_its_devices_followed(tmp_path):
    _install(tmp_path)
    config = tmp_path / "etc/haunt-companion/config.toml"
    config.write_text(PN532_CONFIG)
    report = _install(tmp_path)
    assert config.read_text() == PN532_CONFIG
    assert ("kept", "/etc/haunt-companion/config.toml (edited; the shipped version is in config.toml.dist)") \
        in report.changes
    assert (tmp_path / "etc/haunt-companion/config.toml.dist").read_bytes() == (SYSTEMD / "config.toml").read_bytes()
    assert ("removed", "/etc/systemd/system/dev-spidev0.0.device.d/50-haunt-companion.conf") in report.changes
    assert not (tmp_path / UNITS / "dev-spidev0.0.device.d").exists()
    dropin = (tmp_path / UNITS / "haunt-companion.service.d/10-devices.conf").read_text()
    assert dropin.endswith("Wants=dev-ttyAMA0.device\nAfter=dev-ttyAMA0.device\n")
    assert (tmp_path / UNITS / "dev-ttyAMA0.device.d/50-haunt-companion.conf").exists()
    again = _install(tmp_path)  # still kept, still idempotent
    assert config.read_text() == PN532_CONFIG and "replaced" not in {w for w, _ in again.changes}


def test_untouched_config_follows_the_shipped_one(tmp_path):
    source = tmp_path / "src"
    shutil.copytree(SYSTEMD, source / "systemd")
    root = tmp_path / "root"
    _install(root, source)
    (source / "systemd/config.toml").write_text(PN532_CONFIG)  # a later release ships another default
    report = _install(root, source)
    assert (root / "etc/haunt-companion/config.toml").read_text() == PN532_CONFIG
    assert ("replaced", "/etc/haunt-companion/config.toml") in report.changes
    assert not (root / "etc/haunt-companion/config.toml.dist").exists()


def test_uninstall_removes_everything_but_game_data_and_an_edited_config(tmp_path):
    _install(tmp_path)
    game = tmp_path / "var/lib/haunt-companion/companion.sqlite3"
    game.parent.mkdir(parents=True)
    game.write_bytes(b"the games")
    (tmp_path / "etc/haunt-companion/kivy/config.ini").write_text("[graphics]\nrotation = 180\n")
    report = _install(tmp_path, uninstall=True)
    assert _files(tmp_path) == {"etc/haunt-companion/kivy/config.ini": b"[graphics]\nrotation = 180\n",
                                "var/lib/haunt-companion/companion.sqlite3": b"the games"}
    assert ("kept", "/var/lib/haunt-companion (the game data; delete it by hand to lose every game)") in report.changes
    assert report.commands[0] == ["systemctl", "disable", "--now", "haunt-companion-voice.service",
                                  "haunt-companion-ui.service", "haunt-companion.service"]
    assert not (tmp_path / UNITS / "haunt-companion.service.d").exists()
    assert (tmp_path / "etc/udev/rules.d").is_dir()  # a system directory is never removed


def test_uninstall_of_an_untouched_install_leaves_no_file(tmp_path):
    _install(tmp_path)
    _install(tmp_path, uninstall=True)
    assert _files(tmp_path) == {}
    assert not (tmp_path / "etc/haunt-companion").exists()


@pytest.mark.parametrize("prefix", ["/home/pi/haunt-companion/.venv", "/tmp/venv", "/root/.venv"])
def test_a_virtualenv_the_services_cannot_see_is_refused(tmp_path, prefix):
    with pytest.raises(InstallError, match="hidden from the services"):
        Installer(tmp_path, run_commands=False, source=ROOT, prefix=prefix).install()
    assert _files(tmp_path) == {}


def test_real_install_needs_root(monkeypatch, tmp_path):
    monkeypatch.setattr("os.geteuid", lambda: 1000)
    with pytest.raises(InstallError, match="run it with sudo"):
        install_command(None, False, PREFIX, out=io.StringIO())


def test_by_hand_steps_name_the_config_txt_lines_per_pi_model():
    steps = by_hand_steps(PN532_CONFIG, PREFIX)
    uart = next(step for step in steps if step.startswith("PN532"))
    assert "Pi 3 and 4: enable_uart=1 and dtoverlay=disable-bt" in uart
    assert "Pi 5: dtoverlay=uart0-pi5" in uart and "console=serial0,115200" in uart
    assert not any("dtparam=spi=on" in step for step in steps)  # no MFRC522 in that config
    spi = by_hand_steps((SYSTEMD / "config.toml").read_text(), PREFIX)
    assert any(step.endswith("on every Pi (3, 4, 5): dtparam=spi=on") for step in spi)
    bad = by_hand_steps("[dice]\npin = 99\n", PREFIX)
    assert bad[0].startswith("Fix /etc/haunt-companion/config.toml first (") and "dice.pin" in bad[0]


def test_shipped_config_loads():
    config = parse_config((SYSTEMD / "config.toml").read_text())
    assert [(r.driver, r.driver_kwargs()) for r in config.readers] == [
        ("mfrc522", {"bus": 0, "device": 0, "reset_pin": 25, "spi_speed_hz": 1_000_000, "poll_budget": 0.05,
                     "antenna_gain": 33})]
    assert config.dice.pin == 17 and config.feedback.pin is None


@pytest.mark.parametrize("path, unit", [
    ("/dev/spidev0.0", "dev-spidev0.0"), ("/dev/serial0", "dev-serial0"), ("/dev/ttyAMA0", "dev-ttyAMA0"),
    ("/dev/serial/by-id/usb-FTDI_FT232R-if00", "dev-serial-by\\x2did-usb\\x2dFTDI_FT232R\\x2dif00"),
    ("//dev//odd name/", "dev-odd\\x20name"), ("/", "-"),
])
def test_systemd_escape_path(path, unit):
    assert systemd_escape_path(path) == unit
    tool = shutil.which("systemd-escape")
    if tool:
        assert subprocess.run([tool, "--path", path], capture_output=True, text=True).stdout.strip() == unit


@pytest.mark.skipif(shutil.which("systemd-sysusers") is None, reason="systemd-sysusers is not installed")
def test_sysusers_file_makes_the_users_and_groups(tmp_path):
    _install(tmp_path)
    (tmp_path / "etc/passwd").write_text("root:x:0:0:root:/root:/bin/bash\n")
    (tmp_path / "etc/group").write_text("root:x:0:\ngpio:x:997:\n")
    done = subprocess.run(["systemd-sysusers", f"--root={tmp_path}"], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    users = {line.split(":")[0]: line.split(":") for line in (tmp_path / "etc/passwd").read_text().splitlines()}
    groups = {line.split(":")[0]: line.split(":")[3].split(",")
              for line in (tmp_path / "etc/group").read_text().splitlines()}
    assert users["companion"][6] == users["companion-ui"][6] == "/usr/sbin/nologin"
    assert groups["gpio"] == groups["spi"] == groups["dialout"] == ["companion"]
    assert groups["video"] == groups["render"] == groups["input"] == ["companion-ui"]
    assert groups["companion"] == ["companion-ui", "companion-voice"]  # the socket's group
    assert groups["audio"] == ["companion-voice"]
    assert users["companion"][3] == next(line.split(":")[2] for line in (tmp_path / "etc/group").read_text()
                                         .splitlines() if line.startswith("companion:"))


def test_tools_find_the_installed_service(tmp_path, monkeypatch):
    """Without settings of their own, `companion doctor` reads the service's config and
    `companion enroll` reaches the service's socket."""
    from companion import config, paths

    for name in ("COMPANION_CONFIG", "COMPANION_SOCKET", "RUNTIME_DIRECTORY", "XDG_CONFIG_HOME"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "user"))
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(tmp_path / "xdg"))
    monkeypatch.setattr(config, "SYSTEM_CONFIG", tmp_path / "etc" / "config.toml")
    monkeypatch.setattr(paths, "SYSTEM_SOCKET", tmp_path / "run" / "companion.sock")
    assert config.default_config_path() == tmp_path / "user" / "haunt-companion" / "config.toml"
    assert paths.default_socket() != tmp_path / "run" / "companion.sock"
    for made in (tmp_path / "etc" / "config.toml", tmp_path / "run" / "companion.sock"):
        made.parent.mkdir()
        made.write_text("")
    assert config.default_config_path() == tmp_path / "etc" / "config.toml"
    assert paths.default_socket() == tmp_path / "run" / "companion.sock"
    (tmp_path / "user" / "haunt-companion").mkdir(parents=True)
    (tmp_path / "user" / "haunt-companion" / "config.toml").write_text("")
    assert config.default_config_path() == tmp_path / "user" / "haunt-companion" / "config.toml"  # yours first


def test_a_missing_xdg_runtime_dir_is_said_once_plainly_not_warned_raw(tmp_path, monkeypatch, caplog):
    """platformdirs' RuntimeDirWarning (its class name and a source line on stderr) becomes
    one plain log line, however often the socket path is asked for."""
    import logging
    import warnings

    from companion import paths

    for name in ("XDG_RUNTIME_DIR", "COMPANION_SOCKET", "RUNTIME_DIRECTORY"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr(paths, "SYSTEM_SOCKET", tmp_path / "no-system" / "companion.sock")
    monkeypatch.setattr(paths, "_RUNTIME_NOTES", {})
    with warnings.catch_warnings(record=True) as raw, caplog.at_level(logging.DEBUG, logger="companion.paths"):
        warnings.simplefilter("always")
        first, second = paths.default_socket(), paths.default_socket()
    assert first == second and first.name == "companion.sock"
    assert [str(w.message) for w in raw] == []
    said = [r.getMessage() for r in caplog.records if r.name == "companion.paths"]
    assert len(said) == 1, said
    assert [r.levelno for r in caplog.records if r.name == "companion.paths"] == [logging.DEBUG]  # clients stay quiet
    assert said[0].startswith("XDG_RUNTIME_DIR is not set: the daemon socket goes in ") and str(first.parent) in said[0]
    assert paths.runtime_dir_note() == said[0]
    assert "COMPANION_SOCKET" in said[0]


def test_a_tmp_link_planted_beside_a_file_is_never_followed(tmp_path):
    """Issue 26: ``install --root`` followed a ``*.tmp`` symlink and overwrote its target
    (``_check_inside`` checked the final path, not the temporary one)."""
    root, outside = tmp_path / "root", tmp_path / "outside"
    outside.write_text("keep me")
    rules = root / "etc/udev/rules.d/60-haunt-companion.rules.tmp"
    rules.parent.mkdir(parents=True)
    rules.symlink_to(outside)
    _install(root)
    assert outside.read_text() == "keep me"
    assert (root / "etc/udev/rules.d/60-haunt-companion.rules").read_bytes() == \
        (SYSTEMD / "60-haunt-companion.rules").read_bytes()
    assert not rules.exists() and not rules.is_symlink()


def test_uninstall_keeps_a_file_changed_since_it_was_installed(tmp_path):
    """Issue 26: ``--uninstall`` deleted every file the manifest listed whatever its checksum:
    a maker's own rule was lost."""
    _install(tmp_path)
    rules = tmp_path / "etc/udev/rules.d/60-haunt-companion.rules"
    rules.write_text('SUBSYSTEM=="spidev", GROUP="makers"\n')
    report = _install(tmp_path, uninstall=True)
    assert rules.read_text() == 'SUBSYSTEM=="spidev", GROUP="makers"\n'
    assert ("kept", "/etc/udev/rules.d/60-haunt-companion.rules (changed since it was installed)") in report.changes
    assert not (tmp_path / UNITS / "haunt-companion.service").exists()


def test_the_pi_5_uart_line_is_the_same_everywhere():
    """Issue 31: the generated config.toml, the reader's fault, the install steps and
    docs/pi-setup.md named two different lines for a PN532 on a Pi 5; the Raspberry Pi
    overlay README's is ``dtoverlay=uart0-pi5`` ("Enable uart 0 on GPIOs 14-15. Pi 5 only.")."""
    root = Path(__file__).resolve().parents[1]
    steps = " ".join(by_hand_steps(PN532_CONFIG, PREFIX))
    for text in (steps, (SYSTEMD / "config.toml").read_text(), (root / "docs" / "pi-setup.md").read_text(),
                 (root / "hardware" / "board.py").read_text()):
        assert "dtoverlay=uart0-pi5" in text and "dtparam=uart0" not in text


def test_documentation_points_at_the_docs_of_the_venvs_checkout(tmp_path):
    """Issue 31: with --root/--prefix the units named the docs of the checkout that ran the
    installer; they name those beside the --prefix venv, or the installer's own for a venv
    that is no checkout's ``.venv``."""
    from companion.install import docs_dir

    assert docs_dir(ROOT, "/srv/table/.venv") == "/srv/table/docs"
    assert docs_dir(ROOT, "/usr/local/venvs/haunt") == str(ROOT / "docs")
    installer = Installer(tmp_path, run_commands=False, source=ROOT, prefix="/srv/table/.venv")
    installer.install()
    unit = (tmp_path / UNITS / "haunt-companion-ui.service").read_text()
    assert "Documentation=file:/srv/table/docs/pi-setup.md" in unit and str(ROOT) not in unit


def test_a_reinstall_that_changes_the_units_says_to_restart_the_services(tmp_path):
    """Issue 31: enabling phones and installing again wrote the network drop-in, and nothing
    said the running daemon keeps no network until it restarts."""
    first = _install(tmp_path)
    assert not any("systemctl restart" in step for step in first.by_hand)  # a first install: the reboot does it
    again = _install(tmp_path)
    assert not any("systemctl restart" in step for step in again.by_hand)  # nothing changed
    config = tmp_path / "etc/haunt-companion/config.toml"
    config.write_text(config.read_text() + "\n[phones]\nenabled = true\n")
    report = _install(tmp_path)
    assert (tmp_path / UNITS / "haunt-companion.service.d/20-phones.conf").exists()
    assert report.by_hand[0] == ("The services' files changed (phones, readers or a new version): restart them "
                                 "to use the new ones - sudo systemctl restart haunt-companion.service "
                                 "haunt-companion-ui.service")
