"""``companion doctor``: a checklist of what the configured hardware needs and what is there.

It runs usefully anywhere, including a laptop with none of the hardware: every probe catches
its own errors and becomes one line. Each line is ``[ok]``, ``[MISSING]`` (something the
config needs; makes the exit code 1), ``[warn]`` (advice, does not change the exit code) or
``[info]``; every non-ok line is followed by ``-> what to change``.

Probes are injectable through :class:`Probe` (a ``root`` prefix for ``/dev`` and ``/boot``,
and small callables for imports, the gpiozero pin factory and the user's groups), so tests
fake a Pi's ``/dev`` tree in a temporary directory.
"""

from __future__ import annotations

import importlib
import os
import platform
import sys
import warnings
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TextIO

from companion.config import CONFIG_ENV, Config, ConfigError, ConfigPathRefused, default_config_path, load_config
from companion.doctor_line import INFO, MISSING, OK, WARN, Line
from companion.voice.config import VoiceConfig

#: ``platform.machine()`` of a PC: a machine where the Pi-only modules have nothing to drive.
PC_MACHINES = frozenset({"x86_64", "amd64", "i386", "i686", "x86"})
#: Modules that only work on a Raspberry Pi.
PI_ONLY = frozenset({"lgpio", "RPi.GPIO"})
ON_THE_PI = "nothing to install: run companion doctor on the Pi"

# module -> (what it is for, how to install it)
MODULES: dict[str, tuple[str, str]] = {
    "mfrc522": ("MFRC522 chip library", "nothing to install: without it the driver talks to spidev itself"),
    "spidev": ("SPI access (MFRC522)", "pip install spidev  (or: sudo apt install python3-spidev)"),
    "RPi.GPIO": ("GPIO for the MFRC522 reset pin",
                 "pip install rpi-lgpio  (or: sudo apt install python3-rpi-lgpio)"),
    "lgpio": ("gpiozero's preferred pin library",
              "pip install lgpio  (or: sudo apt install python3-lgpio)"),
    "serial": ("UART access (PN532)",
               "pip install pyserial  (or: sudo apt install python3-serial)"),
    "gpiozero": ("dice button", "pip install gpiozero  (or: sudo apt install python3-gpiozero)"),
}
GROUPS = ("gpio", "spi", "dialout", "video", "render", "input")
GROUP_USE = {"gpio": "GPIO chips (dice button, MFRC522 reset)", "spi": "/dev/spidev*",
             "dialout": "serial ports (PN532)", "video": "display", "render": "GPU rendering",
             "input": "touchscreen"}
SPI_HINT = ("enable SPI: add 'dtparam=spi=on' to /boot/firmware/config.txt "
            "(or sudo raspi-config > Interface Options > SPI) and reboot")
SERIAL_HINT = ("enable the serial port and disable the serial console: sudo raspi-config > "
               "Interface Options > Serial Port (login shell: No, hardware: Yes), or set "
               "'enable_uart=1' in /boot/firmware/config.txt and remove 'console=serial0,...' "
               "from /boot/firmware/cmdline.txt; then reboot")


def _group_hint(group: str) -> str:
    """The command that adds the current user to ``group``."""
    return f"sudo usermod -aG {group} $USER, then log out and back in"


def try_import(module: str) -> str | None:
    """Import ``module``; None if it worked, else a one-line reason (never raises)."""
    try:
        importlib.import_module(module)
    except (Exception, SystemExit) as exc:  # RPi.GPIO raises RuntimeError off a Pi
        return f"{type(exc).__name__}: {exc}".splitlines()[0]
    return None


def chosen_pin_factory() -> str:
    """The class name of the pin factory gpiozero would choose here.

    Raises:
        Exception: whatever gpiozero raises when no factory loads (e.g. BadPinFactory).
    """
    from gpiozero import Device

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        factory = Device._default_pin_factory()
    try:
        return type(factory).__name__
    finally:
        try:
            factory.close()
        except Exception:
            pass


#: Distributions that install the ``RPi.GPIO`` module (only one may be installed).
GPIO_PROVIDERS = ("rpi-lgpio", "RPi.GPIO")
GPIO_FIX = "pip uninstall -y RPi.GPIO mfrc522 && pip install --force-reinstall rpi-lgpio"
SOC_ERROR = "Cannot determine SOC peripheral base address"


def gpio_providers() -> dict[str, str]:
    """The installed distributions that provide ``RPi.GPIO``: name -> version."""
    from importlib import metadata

    found = {}
    for name in GPIO_PROVIDERS:
        try:
            found[name] = metadata.version(name)
        except metadata.PackageNotFoundError:
            pass
    return found


def user_groups() -> set[str]:
    """Names of the current process's groups (``os.getgroups`` and the effective group)."""
    import grp

    names = set()
    for gid in {*os.getgroups(), os.getegid()}:
        try:
            names.add(grp.getgrgid(gid).gr_name)
        except KeyError:
            pass
    return names


def existing_groups() -> set[str]:
    """Names of the groups defined on this machine."""
    import grp

    return {g.gr_name for g in grp.getgrall()}


@dataclass
class Probe:
    """Where the doctor looks; every field can be replaced in tests.

    Attributes:
        root: prefix for ``/dev`` and ``/boot`` paths (``Path("/")`` on a real machine).
        environ: environment variables (DISPLAY, WAYLAND_DISPLAY, GPIOZERO_PIN_FACTORY).
        try_import: module name -> None if importable, else the reason.
        pin_factory: returns gpiozero's chosen pin factory name, raises if none loads.
        groups: the current user's group names.
        known_groups: the group names that exist on this machine.
        is_root: True when running as root (groups then do not matter).
        access: ``os.access``-like check of a path and mode.
    """

    root: Path = Path("/")
    environ: Mapping[str, str] = field(default_factory=lambda: os.environ)
    try_import: Callable[[str], str | None] = try_import
    pin_factory: Callable[[], str] = chosen_pin_factory
    groups: Callable[[], set[str]] = user_groups
    known_groups: Callable[[], set[str]] = existing_groups
    is_root: Callable[[], bool] = lambda: hasattr(os, "geteuid") and os.geteuid() == 0
    access: Callable[[Path, int], bool] = os.access
    gpio_providers: Callable[[], dict[str, str]] = gpio_providers
    broker: Callable[..., str | None] = lambda config: _broker_problem(config)  # None: the venue's broker answered
    machine: Callable[[], str] = platform.machine

    def on_pc(self) -> bool:
        """This machine is a PC (x86), never a Raspberry Pi: no Pi-only package is worth installing."""
        return self.machine().lower() in PC_MACHINES

    def model(self) -> str | None:
        """The Raspberry Pi model from ``/proc/device-tree/model`` under :attr:`root`, or None."""
        from hardware.board import pi_model

        return pi_model(str(self.path("/proc/device-tree/model")))

    def path(self, absolute: str) -> Path:
        """``absolute`` (e.g. ``/dev/spidev0.0``) under :attr:`root`."""
        return self.root / absolute.lstrip("/")


@dataclass(frozen=True)
class Needs:
    """What a configuration needs from the machine."""

    spi: tuple[str, ...] = ()      # /dev/spidevB.D paths
    serial: tuple[str, ...] = ()   # serial port paths
    gpio: bool = False             # any GPIO (dice button or MFRC522 reset pin)
    dice: bool = False             # gpiozero and a working pin factory (dice button, tag feedback)
    # (the default dice button of a file without [dice] is no need: used only where there is GPIO)

    @classmethod
    def of(cls, config: Config | None) -> Needs:
        """What ``config`` needs; None (no config) needs nothing."""
        if config is None:
            return cls()
        spi = tuple(path for r in config.readers if r.driver == "mfrc522" for path in r.settings.devices())
        serial = tuple(path for r in config.readers if r.driver == "pn532" for path in r.settings.devices())
        dice = (config.dice.enabled and config.dice_required) or config.feedback.pin is not None
        return cls(spi=spi, serial=serial, gpio=dice or bool(spi), dice=dice)


def _problem(needed: bool, text: str, fix: str) -> Line:
    """A MISSING line when ``needed``, else a warning."""
    return Line(MISSING if needed else WARN, text, fix)


def check_modules(needs: Needs, probe: Probe) -> Iterator[Line]:
    """One line per driver module: imports or not, and the package that provides it."""
    required = set()
    if needs.spi:
        required |= {"spidev", "RPi.GPIO"}
    if needs.serial:
        required.add("serial")
    if needs.dice:
        required.add("gpiozero")
    for module, (purpose, install) in MODULES.items():
        reason = probe.try_import(module)
        if reason is None:
            yield Line(OK, f"python module {module} ({purpose}) imports")
        elif module in PI_ONLY and probe.on_pc():  # issue 30: no "pip install lgpio" on a PC
            yield Line(WARN if module in required else INFO, f"python module {module} ({purpose}) does not "
                       "import; it works only on a Raspberry Pi, and this machine is a PC",
                       ON_THE_PI if module in required else "")
        elif module == "mfrc522" and reason.startswith("ModuleNotFoundError"):
            yield Line(INFO, f"python module mfrc522 ({purpose}) is not installed: the MFRC522 driver talks "
                       "to spidev itself (the Pi install leaves it out: it requires the stock RPi.GPIO)")
        elif SOC_ERROR in reason:
            yield _problem(module in required or module == "mfrc522", f"python module {module} does not import: "
                           f"the stock RPi.GPIO does not work on a Pi 5 ({SOC_ERROR})", GPIO_FIX)
        elif "only be run on a Raspberry Pi" in reason:  # installed; it refuses other machines
            yield Line(WARN if module in required else INFO, f"python module {module} ({purpose}) is installed; "
                       f"it imports only on a Raspberry Pi, and this machine is not one", ON_THE_PI)
        else:
            yield _problem(module in required, f"python module {module} ({purpose}) "
                           f"does not import: {reason}", install)


def check_gpio_module(needs: Needs, probe: Probe) -> Iterator[Line]:
    """Which ``RPi.GPIO`` is installed: rpi-lgpio, the stock one (fails on a Pi 5), or both
    (they overwrite each other's files: whichever was installed last is imported)."""
    providers = probe.gpio_providers()
    named = ", ".join(f"{name} {version}" for name, version in providers.items())
    if len(providers) > 1:
        yield _problem(needs.gpio, f"RPi.GPIO is installed twice ({named}): both packages are the RPi.GPIO "
                       "module and overwrite each other; the one imported is whichever was installed last", GPIO_FIX)
    elif "RPi.GPIO" in providers:
        pi5 = "Raspberry Pi 5" in (probe.model() or "")
        line = Line(MISSING if pi5 and needs.gpio else WARN if pi5 else INFO,
                    f"RPi.GPIO is the stock RPi.GPIO {providers['RPi.GPIO']}"
                    + (f": on a Pi 5 it fails ({SOC_ERROR})" if pi5 else ""),
                    GPIO_FIX if pi5 else "")
        yield line
    elif providers:
        yield Line(OK, f"RPi.GPIO is rpi-lgpio {providers['rpi-lgpio']} (on lgpio: every Pi, the Pi 5 too)")
    else:
        yield Line(INFO, "RPi.GPIO: no package provides it (only the MFRC522 reset pin needs it)")


def check_pi_model(needs: Needs, probe: Probe) -> Iterator[Line]:
    """The Pi model; on a Pi 5 the header UART (GPIO 14/15) is /dev/ttyAMA0, not /dev/serial0."""
    from hardware.board import pi5_port_advice

    model = probe.model()
    if model is None:
        yield Line(INFO, "Raspberry Pi model: not a Raspberry Pi (no /proc/device-tree/model)")
        return
    yield Line(INFO, f"Raspberry Pi model: {model}")
    for port in needs.serial:
        advice = pi5_port_advice(port, model)
        if advice:  # an error, not a warning: no PN532 on the header can answer there (issue 30)
            yield _problem(True, f"on a Pi 5, {port} is the debug connector, not the UART on GPIO 14/15: the "
                           "PN532 cannot answer there", advice.removeprefix("; on a Pi 5, ").split(": ", 1)[1])


def check_readers(config: Config | None) -> Iterator[Line]:
    """Each reader's settings, as the driver will use them."""
    if config is None or not config.readers:
        yield Line(INFO, "no readers configured")
        return
    for reader in config.readers:
        yield Line(INFO, f"{reader.name}: {reader.settings.describe()}")


def check_pin_factory(needs: Needs, probe: Probe) -> Iterator[Line]:
    """The gpiozero pin factory that would be chosen (``GPIOZERO_PIN_FACTORY`` honoured)."""
    chosen = probe.environ.get("GPIOZERO_PIN_FACTORY")
    origin = f" (GPIOZERO_PIN_FACTORY={chosen})" if chosen else ""
    try:
        name = probe.pin_factory()
    except (Exception, SystemExit) as exc:
        yield _problem(needs.dice, f"gpiozero pin factory: none loads{origin}: "
                       f"{type(exc).__name__}: {exc}".splitlines()[0],
                       ON_THE_PI if probe.on_pc() else "on a Raspberry Pi: " + MODULES["lgpio"][1])
        return
    if name == "MockFactory" and needs.dice:
        yield Line(WARN, f"gpiozero pin factory: {name}{origin}: the dice button is simulated",
                   "unset GPIOZERO_PIN_FACTORY on the Pi")
    else:
        yield Line(OK, f"gpiozero pin factory: {name}{origin}")


def _boot_has(probe: Probe, filename: str, needle: str) -> bool | None:
    """Whether an uncommented line of /boot/firmware/<filename> (or /boot/<filename>)
    contains ``needle``; None when neither file exists."""
    for base in ("/boot/firmware", "/boot"):
        path = probe.path(f"{base}/{filename}")
        try:
            text = path.read_text(encoding="utf-8", errors="replace")
        except OSError:
            continue
        return any(needle in line.split("#", 1)[0] for line in text.splitlines())
    return None


def check_spi(needs: Needs, probe: Probe) -> Iterator[Line]:
    """``/dev/spidev*`` present, each configured one readable/writable, SPI enabled at boot."""
    present = sorted(p.name for p in probe.path("/dev").glob("spidev*"))
    needed = bool(needs.spi)
    if present:
        yield Line(OK, f"SPI devices: {', '.join(present)}")
    else:
        spi_on = _boot_has(probe, "config.txt", "dtparam=spi=on")
        state = {True: "dtparam=spi=on is set but no device appeared (reboot?)",
                 False: "dtparam=spi=on is not set",
                 None: "no /boot/firmware/config.txt (not a Raspberry Pi?)"}[spi_on]
        if needed:
            yield Line(MISSING, f"no /dev/spidev* ({state})", SPI_HINT)
        else:
            yield Line(INFO, f"no /dev/spidev* ({state}); only MFRC522 readers need SPI")
    for device in needs.spi if present else ():  # none present: already reported above
        yield from _device_access(probe, device, "spi", SPI_HINT)


def _device_access(probe: Probe, device: str, group: str, missing_hint: str) -> Iterator[Line]:
    """A needed device path: exists, and readable and writable by this user."""
    path = probe.path(device)
    if not path.exists():
        yield Line(MISSING, f"{device} does not exist", missing_hint)
    elif not probe.access(path, os.R_OK | os.W_OK):
        yield Line(MISSING, f"{device} exists but is not readable and writable by this user",
                   _group_hint(group))
    else:
        yield Line(OK, f"{device} is readable and writable")


def check_serial(needs: Needs, probe: Probe) -> Iterator[Line]:
    """Each configured serial port exists and is readable/writable; the console is off it."""
    if not needs.serial:
        yield Line(INFO, "no PN532 reader configured: no serial port needed")
        return
    for port in needs.serial:
        yield from _device_access(probe, port, "dialout", SERIAL_HINT)
    for console in ("console=serial0", "console=ttyAMA0", "console=ttyS0"):
        if _boot_has(probe, "cmdline.txt", console):
            yield Line(MISSING, f"the serial console is on ({console} in cmdline.txt)",
                       SERIAL_HINT)
            return


def check_gpio(needs: Needs, probe: Probe) -> Iterator[Line]:
    """``/dev/gpiochip*`` present and (when needed) readable/writable."""
    chips = sorted(probe.path("/dev").glob("gpiochip*"))
    if not chips:
        text = "no /dev/gpiochip* (not a Raspberry Pi?)"
        if needs.gpio:
            yield Line(MISSING, text, "run on a Raspberry Pi, or set [dice] enabled = false")
        else:
            yield Line(INFO, text + "; nothing configured needs GPIO")
        return
    names = ", ".join(p.name for p in chips)
    if needs.gpio and not any(probe.access(p, os.R_OK | os.W_OK) for p in chips):
        yield Line(MISSING, f"GPIO chips {names} are not readable and writable by this user",
                   _group_hint("gpio"))
    else:
        yield Line(OK, f"GPIO chips: {names}")


def check_display(probe: Probe) -> Iterator[Line]:
    """A display for the touchscreen client: DISPLAY/WAYLAND_DISPLAY or /dev/dri/card*."""
    session = [f"{k}={probe.environ[k]}" for k in ("WAYLAND_DISPLAY", "DISPLAY")
               if probe.environ.get(k)]
    cards = sorted(p.name for p in probe.path("/dev/dri").glob("card*"))
    if session or cards:
        yield Line(OK, "display: " + ", ".join(session + [f"/dev/dri/{c}" for c in cards]))
    else:
        yield Line(WARN, "display: no DISPLAY/WAYLAND_DISPLAY and no /dev/dri/card*",
                   "the touchscreen client needs a desktop session or KMS "
                   "(dtoverlay=vc4-kms-v3d in /boot/firmware/config.txt); the daemon does not")


def check_groups(needs: Needs, probe: Probe) -> Iterator[Line]:
    """Membership of the hardware groups (advice only: device access decides the exit code)."""
    try:
        mine, known, root = probe.groups(), probe.known_groups(), probe.is_root()
    except Exception as exc:
        yield Line(INFO, f"groups: cannot be read ({type(exc).__name__}: {exc})")
        return
    wanted = {"gpio": needs.gpio, "spi": bool(needs.spi), "dialout": bool(needs.serial)}
    for group in GROUPS:
        what = f"group {group} ({GROUP_USE[group]})"
        if root or group in mine:
            yield Line(OK, f"{what}: {'running as root' if root else 'member'}")
        elif group not in known:
            yield Line(INFO, f"{what}: no such group on this machine")
        else:
            yield Line(WARN if wanted.get(group) else INFO, f"{what}: not a member",
                       _group_hint(group))


def collect(config: Config | None, probe: Probe) -> list[tuple[str, list[Line]]]:
    """Every check, as ``(section title, lines)``; never raises for a probe failure."""
    needs = Needs.of(config)
    sections = [("Python modules", check_modules), ("RPi.GPIO", check_gpio_module), ("Raspberry Pi", check_pi_model),
                ("gpiozero", check_pin_factory), ("SPI", check_spi), ("Serial", check_serial),
                ("GPIO", check_gpio), ("Groups", check_groups)]
    result = [("Readers", _safe(lambda: check_readers(config), "Readers"))]
    for title, check in sections:
        result.append((title, _safe(lambda c=check: c(needs, probe), title)))
    result.append(("Display", _safe(lambda: check_display(probe), "Display")))
    result.append(("Phones", _safe(lambda: check_phones(config, probe), "Phones")))
    result.append(("Venue", _safe(lambda: check_venue(config, probe), "Venue")))
    from companion.voice.doctor import check_voice  # issue 28

    result.append(("Voice", _safe(lambda: check_voice(config.voice if config else VoiceConfig(), probe), "Voice")))
    return result


def _broker_problem(config) -> str | None:
    from companion.venue.config import broker_problem

    return broker_problem(config)


def check_venue(config: Config | None, probe: Probe) -> Iterator[Line]:
    """Whether the table publishes to a venue's MQTT broker (issue 32), and whether that
    broker lets this table's account in now (the password is never shown)."""
    mqtt = config.mqtt if config is not None else None
    if mqtt is None:
        yield Line(INFO, "venue: off (no [mqtt] section: the table publishes nothing)")
        return
    problem = probe.try_import("aiomqtt")
    if problem is not None:
        yield Line(MISSING, f"venue: aiomqtt cannot be imported: {problem}", "pip install -e '.[venue]' in the venv")
        return
    who = f" as {mqtt.username}" if mqtt.username else " without an account"
    problem = probe.broker(mqtt)
    if problem is None:
        yield Line(OK, f"venue: the broker {mqtt.broker} lets table {mqtt.table} in{who}"
                       f"{' over TLS' if mqtt.tls else ''}")
    else:
        yield Line(MISSING, f"venue: the broker {mqtt.broker}{who}: {problem}",
                   "check [mqtt] host, port, username and password against the broker (docs/venue.md); "
                   "the table plays on meanwhile and keeps trying")


def check_phones(config: Config | None, probe: Probe) -> Iterator[Line]:
    """Whether the daemon serves the players' phones (issue 22) and at which address."""
    phones = config.phones if config is not None else None
    if phones is None or not phones.enabled:
        yield Line(INFO, "phones: off (the daemon opens no network port; [phones] enabled = true turns them on)")
        return
    from companion.phones.config import base_url

    for module in ("aiohttp", "segno"):
        problem = probe.try_import(module)
        if problem is not None:
            yield Line(MISSING, f"phones: {module} cannot be imported: {problem}", "pip install -e . in the venv")
    url = base_url(phones)
    yield Line(OK, f"phones: on, listening on {phones.listen}; links start with {url}/p/",
               "" if phones.url else "the phones must reach this address; set [phones] url if they cannot")
    if "//127." in url or "//[::1]" in url:
        yield Line(WARN, "phones: the links point at this machine's loopback address: no phone can reach it",
                   "connect the Pi to the table's Wi-Fi, or listen on its LAN address")


def _safe(lines: Callable[[], Iterator[Line]], title: str) -> list[Line]:
    """Run a check; an unexpected error becomes a warning line instead of a crash."""
    try:
        return list(lines())
    except Exception as exc:
        return [Line(WARN, f"{title}: the check itself failed: {type(exc).__name__}: {exc}")]


def _describe(config: Config | None) -> str:
    """One line saying what the configuration asks for."""
    if config is None:
        return "no config file: nothing is required, lines below are informational"
    readers = ", ".join(f"{r.name} ({r.driver})" for r in config.readers) or "none"
    dice = "disabled" if not config.dice.enabled else f"GPIO {config.dice.pin}" if config.dice_required else \
        f"GPIO {config.dice.pin} if this machine has GPIO (no [dice] table)"
    feedback = f"; tag feedback: {config.feedback.device} on GPIO {config.feedback.pin}" \
        if config.feedback.pin is not None else ""
    return f"readers: {readers}; dice button: {dice}{feedback}"


def run_doctor(config: Config | None = None, out: TextIO | None = None,
               probe: Probe | None = None) -> int:
    """Print the hardware checklist for ``config`` to ``out`` (default ``sys.stdout``).

    Args:
        config: the loaded configuration, or None when there is no config file (then
            nothing is required and the exit code is 0).
        out: a text stream.
        probe: where and how to look (default: this machine).
    Returns:
        0 when everything the config needs is there, 1 otherwise.
    """
    out = sys.stdout if out is None else out
    probe = Probe() if probe is None else probe
    print(f"companion doctor: {_describe(config)}", file=out)
    problems = 0
    for title, lines in collect(config, probe):
        print(f"\n{title}", file=out)
        for line in lines:
            print(f"  [{line.status}] {line.text}", file=out)
            if line.fix:
                print(f"      -> {line.fix}", file=out)
            problems += line.status == MISSING
    verdict = (f"{problems} problem{'s' if problems != 1 else ''} to fix" if problems
               else "everything the config needs is there")
    print(f"\n{verdict}", file=out)
    return 1 if problems else 0


def doctor_command(path: str | os.PathLike[str] | None = None, out: TextIO | None = None,
                   probe: Probe | None = None) -> int:
    """The ``companion doctor [--config PATH]`` command: load the config, run the checklist.

    With ``path`` None, the default config path (``$COMPANION_CONFIG`` or the user config
    dir) is used if the file exists, else the doctor runs with no config. A bad config file
    prints the :class:`ConfigError` and returns 1.

    Raises:
        ConfigPathRefused: the path names no config file (missing, a directory): the command
            line cannot be used as given, exit 2 as for ``companion daemon``.
    """
    out = sys.stdout if out is None else out
    if path is None and not os.environ.get(CONFIG_ENV) and not default_config_path().exists():
        print(f"companion doctor: no config file at {default_config_path()}; the daemon then uses"
              " the defaults (no readers; a dice button on GPIO 17 if this machine has GPIO)", file=out)
        return run_doctor(None, out, probe)
    try:
        config = load_config(path)
    except ConfigPathRefused:
        raise  # said by companion.cli as the daemon says it (exit 2)
    except ConfigError as exc:
        print(f"companion doctor: bad config: {exc}", file=out)
        return 1
    return run_doctor(config, out, probe)
