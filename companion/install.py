"""``companion install``: make a Raspberry Pi boot to the table screen (issue 7).

What it installs, from the project checkout's ``systemd/`` directory:

* ``/etc/systemd/system/haunt-companion.service`` (the daemon),
  ``haunt-companion-ui.service`` (the Kivy screen) and ``haunt-companion-voice.service``
  (the voice, issue 28; install then runs ``companion voice prepare`` into its cache), with
  the virtualenv's path;
* ``haunt-companion.service.d/10-devices.conf``: the daemon waits for the SPI and serial
  device nodes the config names (``Wants=``/``After=`` on their device units), and a drop-in
  per device unit bounds that wait to :data:`DEVICE_WAIT` (the daemon starts anyway and its
  reader supervisor retries);
* ``/etc/sysusers.d/haunt-companion.conf`` (users ``companion``, ``companion-ui`` and
  ``companion-voice``, their groups), ``/etc/udev/rules.d/60-haunt-companion.rules``;
* ``/etc/haunt-companion/config.toml`` and ``/etc/haunt-companion/kivy/config.ini``:
  configuration, never overwritten once edited (the new shipped one goes beside it as
  ``.dist``).

``/etc/haunt-companion/install-manifest.json`` records what was written (a hash per file),
which makes a second run idempotent, tells an edited config from an untouched one, and
lets ``--uninstall`` remove exactly what was installed. Game data
(``/var/lib/haunt-companion``) and the users are never removed.

With ``root`` (``--root DIR``) everything is written under ``DIR`` and no system command
runs: the commands are printed instead, so tests can check every file.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shlex
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import TextIO

from companion.errors import CompanionError
from companion.paths import PathRefused

#: Where the shipped unit files point before installation rewrites it.
SHIPPED_PREFIX = "/opt/haunt-companion/.venv"
SHIPPED_DOCS = "/opt/haunt-companion/docs"
CONFIG_DIR = PurePosixPath("/etc/haunt-companion")
CONFIG = CONFIG_DIR / "config.toml"
KIVY_HOME = CONFIG_DIR / "kivy"
MANIFEST = CONFIG_DIR / "install-manifest.json"
UNIT_DIR = PurePosixPath("/etc/systemd/system")
DAEMON_UNIT = "haunt-companion.service"
UI_UNIT = "haunt-companion-ui.service"
VOICE_UNIT = "haunt-companion-voice.service"
#: The voice's phrase cache (its unit's CacheDirectory=), filled at install (issue 28).
VOICE_CACHE = "/var/cache/haunt-companion-voice"
STATE_DIR = PurePosixPath("/var/lib/haunt-companion")
#: ``companion`` on every user's PATH (docs/pi-setup.md's commands): a symlink to the venv's.
COMMAND_LINK = PurePosixPath("/usr/local/bin/companion")
#: How long the daemon waits at boot for a device node the config names.
DEVICE_WAIT = "20s"
#: Directories a unit's ProtectHome=/PrivateTmp= hides: the virtualenv cannot live there.
HIDDEN_FROM_SERVICES = ("/home", "/root", "/run/user", "/tmp", "/var/tmp")


class InstallError(CompanionError, OSError):
    """The installation cannot go on (not root, no checkout, a command failed)."""


@dataclass(frozen=True)
class Item:
    """One file to install. ``config`` files are never overwritten once edited."""

    path: PurePosixPath
    text: str
    mode: int = 0o644
    config: bool = False


@dataclass
class Report:
    """What an install or uninstall did, line by line, and what is left to do."""

    changes: list[tuple[str, str]] = field(default_factory=list)
    commands: list[list[str]] = field(default_factory=list)
    by_hand: list[str] = field(default_factory=list)

    def note(self, what: str, path: PurePosixPath | str, detail: str = "") -> None:
        self.changes.append((what, f"{path}{f' ({detail})' if detail else ''}"))


def source_dir() -> Path:
    """The project checkout this ``companion`` runs from (it holds ``systemd/`` and ``docs/``).

    Raises:
        InstallError: the package was not installed from a checkout.
    """
    here = Path(__file__).resolve().parent.parent
    if not (here / "systemd" / DAEMON_UNIT).is_file():
        raise InstallError(f"no systemd/ directory beside {here / 'companion'}: run companion install from "
                           "a clone of the project (git clone ... /opt/haunt-companion; pip install -e .)")
    return here


def systemd_escape_path(path: str) -> str:
    """The unit name part for ``path``, as ``systemd-escape --path`` makes it
    (``/dev/spidev0.0`` -> ``dev-spidev0.0``, ``/dev/serial/by-id/usb-A`` -> ``dev-serial-by\\x2did-usb\\x2dA``)."""
    parts = [p for p in path.split("/") if p not in ("", ".")]
    if not parts:
        return "-"
    out = []
    for i, ch in enumerate("/".join(parts)):
        if ch == "/":
            out.append("-")
        elif ch.isascii() and (ch.isalnum() or ch in ":_") or (ch == "." and i > 0):
            out.append(ch)
        else:
            out.extend(f"\\x{b:02x}" for b in ch.encode())
    return "".join(out)


def device_paths(config) -> list[str]:
    """The device nodes the config's readers use, in config order, without repeats."""
    return list(dict.fromkeys(path for reader in config.readers for path in reader.settings.devices()))


def plan(source: Path, prefix: str, config_text: str) -> list[Item]:
    """Every file to install, for the virtualenv at ``prefix`` and the config ``config_text``
    (the one that will be in force: an edited one is kept).

    Raises:
        InstallError: the virtualenv is somewhere the services cannot see.
    """
    if any(prefix == hidden or prefix.startswith(hidden + "/") for hidden in HIDDEN_FROM_SERVICES):
        raise InstallError(f"the virtualenv {prefix} is hidden from the services (ProtectHome=, PrivateTmp=): "
                           "clone the project to /opt/haunt-companion and make its .venv there")
    systemd = source / "systemd"

    def unit(name: str) -> str:
        text = (systemd / name).read_text(encoding="utf-8")
        return text.replace(SHIPPED_PREFIX, prefix).replace(SHIPPED_DOCS, docs_dir(source, prefix))

    items = [
        Item(UNIT_DIR / DAEMON_UNIT, unit(DAEMON_UNIT)),
        Item(UNIT_DIR / UI_UNIT, unit(UI_UNIT)),
        Item(UNIT_DIR / VOICE_UNIT, unit(VOICE_UNIT)),
        Item(PurePosixPath("/etc/sysusers.d/haunt-companion.conf"), (systemd / "sysusers.conf").read_text()),
        Item(PurePosixPath("/etc/udev/rules.d/60-haunt-companion.rules"),
             (systemd / "60-haunt-companion.rules").read_text()),
        Item(CONFIG, (systemd / "config.toml").read_text(), config=True),
        Item(KIVY_HOME / "config.ini", (systemd / "kivy" / "config.ini").read_text(), config=True),
    ]
    return items + device_items(config_text) + phones_items(config_text) + venue_items(config_text)


def docs_dir(source: Path, prefix: str) -> str:
    """Where the units' ``Documentation=`` points: the docs of the checkout whose ``.venv``
    the units run (``--prefix /opt/haunt-companion/.venv``: ``/opt/haunt-companion/docs``, also
    under ``--root``), else those of the checkout that runs the installer (issue 31)."""
    venv = PurePosixPath(prefix)
    return str(venv.parent / "docs") if venv.name == ".venv" else str(source / "docs")


def device_items(config_text: str) -> list[Item]:
    """The drop-ins that order the daemon after the config's device nodes (none for a config
    that names no SPI or serial reader, or that does not load: the doctor says why)."""
    config, _problem = _parse(config_text)
    if config is None:
        return []
    units = [f"{systemd_escape_path(path)}.device" for path in device_paths(config)]
    if not units:
        return []
    names = " ".join(units)
    items = [Item(UNIT_DIR / f"{DAEMON_UNIT}.d" / "10-devices.conf",
                  "# Written by `companion install` from /etc/haunt-companion/config.toml: the daemon\n"
                  "# starts after the device nodes its readers use (each waited for at most "
                  f"{DEVICE_WAIT}).\n[Unit]\nWants={names}\nAfter={names}\n")]
    for name in units:
        items.append(Item(UNIT_DIR / f"{name}.d" / "50-haunt-companion.conf",
                          "# Written by `companion install`: haunt-companion.service waits this long for this\n"
                          f"# device at boot, then starts anyway (its reader retries).\n[Unit]\n"
                          f"JobRunningTimeoutSec={DEVICE_WAIT}\n"))
    return items


#: Said after a re-install that changed the services' files (issue 31: phones enabled, and
#: nothing said the running daemon still had no network).
_RESTART = (f"The services' files changed (phones, readers or a new version): restart them to use the new "
            f"ones - sudo systemctl restart {DAEMON_UNIT} {UI_UNIT}")


#: The drop-in that gives the daemon the network, only while the config enables phones.
PHONES_DROPIN = UNIT_DIR / f"{DAEMON_UNIT}.d" / "20-phones.conf"


def phones_items(config_text: str) -> list[Item]:
    """With ``[phones] enabled = true``: the drop-in that lets the daemon listen for the
    players' phones on the local network (issue 22); without it the unit keeps no network at
    all (``PrivateNetwork=yes``, ``RestrictAddressFamilies=AF_UNIX``, ``IPAddressDeny=any``)."""
    config, _problem = _parse(config_text)
    if config is None or not config.phones.enabled:
        return []
    return [Item(PHONES_DROPIN,
                 "# Written by `companion install` because /etc/haunt-companion/config.toml says [phones]\n"
                 f"# enabled = true: the daemon serves the players' phones on {config.phones.listen} (issue 22).\n"
                 "# Without [phones] this file is not installed and the daemon has no network at all.\n"
                 "[Service]\n"
                 "# The host's network (the phones are on the LAN) instead of a loopback-only namespace.\n"
                 "PrivateNetwork=no\n"
                 "# IPv4 and IPv6 sockets as well as Unix ones: the phones' listener only.\n"
                 "RestrictAddressFamilies=AF_UNIX AF_INET AF_INET6\n"
                 "# Only local networks get through (IPAddressDeny=any still refuses the rest).\n"
                 "IPAddressAllow=localhost link-local 10.0.0.0/8 172.16.0.0/12 192.168.0.0/16 fc00::/7\n")]


#: The drop-in that lets the daemon reach the venue's MQTT broker, only while the config has [mqtt].
VENUE_DROPIN = UNIT_DIR / f"{DAEMON_UNIT}.d" / "30-venue.conf"


def venue_items(config_text: str) -> list[Item]:
    """With an ``[mqtt]`` section: the drop-in that lets the daemon connect to the venue's
    broker on the local network (issue 32); without it the unit keeps no network at all."""
    config, _problem = _parse(config_text)
    if config is None or config.mqtt is None:
        return []
    return [Item(VENUE_DROPIN,
                 "# Written by `companion install` because /etc/haunt-companion/config.toml has an [mqtt]\n"
                 f"# section: the daemon publishes this table to the venue's broker {config.mqtt.broker} (issue 32).\n"
                 "# Without [mqtt] this file is not installed and the daemon has no network at all.\n"
                 "[Service]\n"
                 "# The host's network (the broker is on the LAN) instead of a loopback-only namespace.\n"
                 "PrivateNetwork=no\n"
                 "# IPv4 and IPv6 sockets as well as Unix ones: the broker connection.\n"
                 "RestrictAddressFamilies=AF_UNIX AF_INET AF_INET6\n"
                 "# Only local networks get through (IPAddressDeny=any still refuses the rest).\n"
                 "IPAddressAllow=localhost link-local 10.0.0.0/8 172.16.0.0/12 192.168.0.0/16 fc00::/7\n")]


def _parse(config_text: str):
    """``(config, None)``, or ``(None, the problem)`` for a config that does not load."""
    from companion.config import ConfigError, parse_config

    try:
        return parse_config(config_text, str(CONFIG)), None
    except ConfigError as exc:
        return None, str(exc)


def _digest(text: str | bytes) -> str:
    return hashlib.sha256(text.encode() if isinstance(text, str) else text).hexdigest()


class Installer:
    """Installs into ``root`` (``/`` for the real system).

    Args:
        root: the file-system root to write into.
        run_commands: run the system commands (False: only list them in the report).
        source: the project checkout (default :func:`source_dir`).
        prefix: the virtualenv the units run ``companion`` from (default ``sys.prefix``).
    """

    def __init__(self, root: Path, run_commands: bool, source: Path | None = None, prefix: str | None = None):
        self.root = root
        self.run_commands = run_commands
        self.source = source
        self.prefix = prefix or sys.prefix
        self.report = Report()

    def at(self, path: PurePosixPath) -> Path:
        """``path`` under the root.

        Raises:
            PathRefused: under ``--root``, the path leads out of it (``..``, or a symbolic link
                on the way: a ``DIR/etc`` linked to ``/etc`` would write the real system's files).
        """
        if ".." in path.parts or not path.is_absolute():
            raise PathRefused(f"{path} is not a path the installer writes")
        target = self.root / path.relative_to("/")
        if str(self.root) != "/":
            _check_inside(self.root, target)
        return target

    def _manifest(self) -> dict[str, str]:
        try:
            files = json.loads(self.at(MANIFEST).read_text())["files"]
        except (OSError, ValueError, KeyError, TypeError):
            return {}
        if not isinstance(files, dict):
            return {}
        # Only paths the installer itself writes: an edited manifest never names another file.
        return {path: digest for path, digest in files.items()
                if isinstance(path, str) and _ours(PurePosixPath(path))}

    def _save_manifest(self, files: dict[str, str]) -> None:
        self._write(MANIFEST, json.dumps({"files": dict(sorted(files.items()))}, indent=1) + "\n", 0o644, quiet=True)

    def _write(self, path: PurePosixPath, text: str, mode: int, quiet: bool = False) -> None:
        target = self.at(path)
        _check_plain_file(target, path)
        before = target.read_text() if target.exists() else None
        if before == text:
            if not quiet:
                self.report.note("same", path)
            return
        target.parent.mkdir(parents=True, exist_ok=True)
        tmp = target.with_name(target.name + ".tmp")
        if tmp.is_symlink() or tmp.exists():
            tmp.unlink()  # a leftover, or a link planted there: the link itself goes, never its target
        try:  # never through a link made in its place meanwhile (issue 26)
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC, mode)
        except OSError as exc:
            raise InstallError(f"cannot write {tmp}: {exc.strerror or exc}") from None
        with os.fdopen(fd, "w") as stream:
            os.fchmod(stream.fileno(), mode)  # the mode asked for, whatever the umask
            stream.write(text)
        os.replace(tmp, target)
        if not quiet:
            self.report.note("wrote" if before is None else "replaced", path)

    # ------------------------------------------------------------------ install

    def install(self) -> Report:
        """Install (or bring up to date) every file, then run or list the commands."""
        source = self.source or source_dir()
        old = self._manifest()
        config_path = self.at(CONFIG)
        shipped_config = (source / "systemd" / "config.toml").read_text()
        config_text = config_path.read_text() if config_path.exists() else shipped_config
        if config_path.exists() and _digest(config_text) == old.get(str(CONFIG)):
            config_text = shipped_config  # untouched: it will be updated to the shipped one
        files: dict[str, str] = {}
        for item in plan(source, self.prefix, config_text):
            files[str(item.path)] = self._install_item(item, old)
        (self.at(KIVY_HOME) / "mods").mkdir(parents=True, exist_ok=True)  # Kivy needs them and
        (self.at(KIVY_HOME) / "icon").mkdir(parents=True, exist_ok=True)  # cannot make them there
        files[str(COMMAND_LINK)] = self._link(COMMAND_LINK, f"{self.prefix}/bin/companion")
        for stale in sorted(set(old) - set(files)):
            self._remove(PurePosixPath(stale), old[stale], config=False)
        self._save_manifest(files)
        self._commands([["systemd-sysusers", "/etc/sysusers.d/haunt-companion.conf"],
                        ["udevadm", "control", "--reload-rules"],
                        ["udevadm", "trigger", "--subsystem-match=spidev", "--subsystem-match=gpio",
                         "--subsystem-match=tty", "--subsystem-match=backlight"],
                        ["systemctl", "daemon-reload"],
                        ["systemctl", "enable", DAEMON_UNIT, UI_UNIT, VOICE_UNIT],
                        compile_code(self.prefix, source),
                        prepare_voice(self.prefix)])
        self.report.by_hand.extend(by_hand_steps(config_text, self.prefix))
        if old and self._units_changed():
            self.report.by_hand.insert(0, _RESTART)
        return self.report

    def _units_changed(self) -> bool:
        """A re-install wrote, replaced or removed a unit or drop-in (phones enabled or
        disabled, a reader's device): the running services keep the old ones until restarted."""
        return any(what in ("wrote", "replaced", "removed") and path.startswith(f"{UNIT_DIR}/")
                   for what, path in self.report.changes)

    def _install_item(self, item: Item, old: dict[str, str]) -> str:
        """Install one file; returns the digest to record for it."""
        target = self.at(item.path)
        if not item.config or not target.exists():
            self._write(item.path, item.text, item.mode)
            return _digest(item.text)
        current = _digest(target.read_bytes())
        if current in (_digest(item.text), old.get(str(item.path))):
            self._write(item.path, item.text, item.mode)  # ours and untouched: bring it up to date
            return _digest(item.text)
        dist = item.path.with_name(item.path.name + ".dist")
        self._write(dist, item.text, item.mode, quiet=True)
        self.report.note("kept", item.path, f"edited; the shipped version is in {dist.name}")
        return old.get(str(item.path), "edited")

    def _link(self, path: PurePosixPath, target: str) -> str:
        """A symlink at ``path`` to ``target`` (one that is not ours is left alone); returns
        what the manifest records for it."""
        link = self.at(path.parent) / path.name  # the link itself leads out of --root: not followed
        if link.is_symlink() and os.readlink(link) == target:
            self.report.note("same", path)
        elif link.exists() or link.is_symlink():
            if not (link.is_symlink() and os.readlink(link).endswith("/bin/companion")):
                self.report.note("kept", path, "not installed by companion install")
                return "link:"
            link.unlink()
            link.symlink_to(target)
            self.report.note("replaced", path, f"-> {target}")
        else:
            link.parent.mkdir(parents=True, exist_ok=True)
            link.symlink_to(target)
            self.report.note("wrote", path, f"-> {target}")
        return f"link:{target}"

    # ------------------------------------------------------------------ uninstall

    def uninstall(self) -> Report:
        """Stop and disable the services, remove every installed file but an edited config;
        keep the game data and the users."""
        self._commands([["systemctl", "disable", "--now", VOICE_UNIT, UI_UNIT, DAEMON_UNIT]])
        old = self._manifest()
        for path, digest in sorted(old.items()):
            self._remove(PurePosixPath(path), digest, config=path in (str(CONFIG), str(KIVY_HOME / "config.ini")))
        for path in (CONFIG.with_name("config.toml.dist"), KIVY_HOME / "config.ini.dist"):
            if self.at(path).exists():
                self._remove(path, None, config=False)
        for directory in (KIVY_HOME / "mods", KIVY_HOME / "icon", KIVY_HOME):
            self._rmdir(directory)
        if self.at(MANIFEST).exists():
            self.at(MANIFEST).unlink()
        self._rmdir(CONFIG_DIR)
        self._commands([["systemctl", "daemon-reload"], ["udevadm", "control", "--reload-rules"]])
        state = self.at(STATE_DIR)
        if state.exists():
            self.report.note("kept", STATE_DIR, "the game data; delete it by hand to lose every game")
        self.report.by_hand.append("The users companion and companion-ui and the group companion stay (files may "
                                   "still belong to them); remove them by hand with: sudo userdel companion-ui; "
                                   "sudo userdel companion; sudo groupdel companion")
        return self.report

    def _remove(self, path: PurePosixPath, digest: str | None, config: bool) -> None:
        if digest is not None and digest.startswith("link:"):  # our symlink, if it still is
            target = self.at(path.parent) / path.name
            if target.is_symlink() and os.readlink(target) == digest[len("link:"):]:
                target.unlink()
                self.report.note("removed", path)
            return
        target = self.at(path)
        if not target.exists() or target.is_symlink() or not target.is_file():
            return  # not what was installed there: left alone
        if digest is not None and _digest(target.read_bytes()) != digest:  # changed since (issue 26)
            self.report.note("kept", path, "edited" if config else "changed since it was installed")
            return
        target.unlink()
        self.report.note("removed", path)
        if path.parent.parent == UNIT_DIR and path.parent.name.endswith(".d"):
            self._rmdir(path.parent)  # a drop-in directory of ours, once empty

    def _rmdir(self, path: PurePosixPath) -> None:
        try:
            self.at(path).rmdir()
        except OSError:
            pass  # not there, or not empty (something of the user's): left alone

    # ------------------------------------------------------------------ commands

    def _commands(self, commands: list[list[str]]) -> None:
        for command in commands:
            self.report.commands.append(command)
            if not self.run_commands:
                continue
            done = subprocess.run(command, capture_output=True, text=True)
            if done.returncode != 0:
                raise InstallError(f"{shlex.join(command)} failed ({done.returncode}): "
                                   f"{(done.stderr or done.stdout).strip()}")


def compile_code(prefix: str, source: Path) -> list[str]:
    """Compile the project's modules to bytecode (``__pycache__``) as root, once per install: the
    services' users cannot write the checkout (``ProtectSystem=strict``), and without it every
    start compiles the daemon's ~100 modules again, about half of its cold start (issue 35,
    notes/coldstart.md). A ``git pull`` leaves them stale: install is run again after one."""
    return [f"{prefix}/bin/python", "-m", "compileall", "-q", *(str(source / package) for package in PACKAGES)]


#: The project's own packages (pyproject.toml), compiled by :func:`compile_code`.
PACKAGES = ("companion", "hardware", "ui")


def prepare_voice(prefix: str) -> list[str]:
    """Render every fixed phrase into the voice's cache, as the voice's user in its cache
    directory (``systemd-run`` makes the directory its unit uses, owned by that user)."""
    return ["systemd-run", "--wait", "--quiet", "--collect", "-p", "User=companion-voice",
            "-p", "CacheDirectory=haunt-companion-voice", f"{prefix}/bin/companion", "voice", "prepare",
            "--config", str(CONFIG), "--cache", VOICE_CACHE]


def by_hand_steps(config_text: str, prefix: str) -> list[str]:
    """What the installer cannot do: config.txt lines per Pi model for what the config uses,
    the desktop, the maker's own group, the reboot and the checks."""
    config, problem = _parse(config_text)
    drivers = {reader.driver for reader in config.readers} if config is not None else set()
    steps = [f"Fix {CONFIG} first ({problem}), then run companion install again."] if problem else []
    boot = "/boot/firmware/config.txt (Bookworm; /boot/config.txt before)"
    if "mfrc522" in drivers:
        steps.append(f"MFRC522 on SPI - in {boot}, on every Pi (3, 4, 5): dtparam=spi=on")
    if "pn532" in drivers:
        steps.append(f"PN532 on the UART - in {boot}: Pi 3 and 4: enable_uart=1 and dtoverlay=disable-bt "
                     "(the PL011 UART on GPIO 14/15 is then /dev/serial0; also: sudo systemctl disable hciuart); "
                     "Pi 5: dtoverlay=uart0-pi5 (GPIO 14/15 is then /dev/ttyAMA0: set port = \"/dev/ttyAMA0\"). "
                     "On every model remove console=serial0,115200 from /boot/firmware/cmdline.txt "
                     "(or: sudo raspi-config nonint do_serial_cons 1; sudo raspi-config nonint do_serial_hw 0)")
    if problem:  # nothing below works with a config the daemon refuses: no reboot, no success
        return steps
    steps += [
        f"The screen uses KMS: keep dtoverlay=vc4-kms-v3d in {boot} (the default); on Raspberry Pi OS with a "
        "desktop, boot to the console instead: sudo systemctl set-default multi-user.target",
        "To use companion enroll / companion tags from your own account: sudo usermod -aG companion $USER "
        "(then log in again)",
        "Reboot: sudo reboot. The table screen comes up by itself.",
        f"Check: sudo -u companion {prefix}/bin/companion doctor --config {CONFIG}; "
        "journalctl -u haunt-companion -u haunt-companion-ui -b",
    ]
    return steps


def print_report(report: Report, out: TextIO, root: Path, ran: bool, action: str) -> None:
    """The report as the maker reads it."""
    where = "" if str(root) == "/" else f" into {root}"
    print(f"Haunt Companion {action}{where}:", file=out)
    for what, path in report.changes or [("nothing", "to change")]:
        print(f"  {what:8} {path}", file=out)
    if report.commands:
        print("Commands run:" if ran else "Commands to run (not run with --root):", file=out)
        for command in report.commands:
            print(f"  {'' if ran else '$ '}{shlex.join(command)}", file=out)
    if report.by_hand:
        print("Left to do by hand:", file=out)
        for step in report.by_hand:
            print(f"  - {step}", file=out)


def install_command(root: Path | None, uninstall: bool, prefix: str | None = None,
                    out: TextIO | None = None) -> int:
    """``companion install [--root DIR] [--prefix VENV] [--uninstall]``; returns the exit code.

    Raises:
        InstallError: not root on the real system, or a step failed.
    """
    out = out or sys.stdout
    real = root is None
    if real and os.geteuid() != 0:
        raise InstallError("companion install changes the system: run it with sudo "
                           "(or try it into a directory with --root DIR)")
    if root is not None:
        check_root(root)
    if prefix is not None:
        check_prefix(prefix)
    installer = Installer(root or Path("/"), run_commands=real, prefix=prefix)
    report = installer.uninstall() if uninstall else installer.install()
    print_report(report, out, installer.root, real, "uninstall" if uninstall else "install")
    if not uninstall and report.by_hand and report.by_hand[0].startswith(f"Fix {CONFIG} first"):
        print(f"companion install: not finished: {CONFIG} does not load; fix it and run companion install again",
              file=sys.stderr)
        return 1
    return 0


#: A virtualenv path the unit files can carry as it is (no space, quote, ``%`` specifier or newline).
_PLAIN_PATH = re.compile(r"/[A-Za-z0-9._+/-]*")


def check_prefix(prefix: str) -> None:
    """Refuse a ``--prefix`` that would break the unit files or make them run something else.

    Raises:
        PathRefused: it is not an absolute plain path.
    """
    if not _PLAIN_PATH.fullmatch(prefix) or "/../" in f"{prefix}/":
        raise PathRefused(f"--prefix {prefix!r} is not a plain absolute path (letters, digits, . _ + - and /): "
                          "the unit files would not run it as it is")


def check_root(root: Path) -> None:
    """Refuse a ``--root`` that is not a directory (a file would be in the way of every write).

    Raises:
        PathRefused: naming what is there.
    """
    from companion.paths import describe

    kind = describe(root)
    if kind == "a symbolic link" and root.is_dir():
        return
    if kind not in ("nothing", "a directory"):
        raise PathRefused(f"--root {root} is {kind}, not a directory to install into")


def _check_inside(root: Path, target: Path) -> None:
    """``target``'s existing part must stay inside ``root`` once symbolic links are followed."""
    real_root = os.path.realpath(root)
    real = os.path.realpath(target)
    if os.path.commonpath([real_root, real]) != real_root:
        raise PathRefused(f"{target} leads out of --root {root} (to {real}) through a symbolic link: "
                          "nothing was written there")


def _check_plain_file(target: Path, path: PurePosixPath) -> None:
    """A file the installer replaces must be a regular file (not a directory, a link, a device)."""
    from companion.paths import describe

    kind = describe(target)
    if kind not in ("nothing", "a regular file"):
        raise PathRefused(f"{target} is {kind}: the installer writes only a regular file at {path}, "
                          "so it leaves it alone; move it away and run companion install again")


def _ours(path: PurePosixPath) -> bool:
    """Whether ``path`` is one the installer writes (a manifest names only these)."""
    return (path.is_absolute() and ".." not in path.parts
            and (path == COMMAND_LINK
                 or any(path.is_relative_to(top) for top in (UNIT_DIR, CONFIG_DIR, PurePosixPath("/etc/sysusers.d"),
                                                             PurePosixPath("/etc/udev/rules.d")))))
