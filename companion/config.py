"""The companion's configuration: one TOML file read into frozen dataclasses.

Where the file is (:func:`default_config_path`): ``$COMPANION_CONFIG`` if set, else
platformdirs' ``user_config_path("haunt-companion") / "config.toml"``. A missing file at the
default path means :func:`default_config` (no readers, dice on GPIO 17); a missing file at an
explicit path is an error. ``docs/config.example.toml`` documents every key.

Every problem raises :class:`ConfigError` whose message names the key as a dotted path
(``readers[1].driver``) and, for a bad value, the allowed values.
"""

from __future__ import annotations

import os
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion.desk.config import DeskConfig, DeskConfigError, parse_desk
from companion.errors import CompanionError
from companion.paths import PathRefused, describe
from companion.phones.config import PhonesConfig, PhonesConfigError, parse_phones
from companion.venue.config import MqttConfig, VenueConfig, VenueConfigError, parse_mqtt, parse_venue
from companion.voice.config import VoiceConfig, VoiceConfigError, parse_voice

APP = "haunt-companion"
CONFIG_ENV = "COMPANION_CONFIG"

DRIVERS = ("mfrc522", "pn532", "fake")
ROLES = ("cards", "tiles")
LANGUAGES = ("en", "it")
BCM_PINS = range(0, 28)  # BCM GPIO 0..27 on the 40-pin header
UART_PINS = (14, 15)  # TXD/RXD: in use when a PN532 (or the console) is on the UART

#: BCM pins of each SPI bus an MFRC522 may use (CE2/CE1/CE0, MISO, MOSI, SCLK).
SPI_PINS = {0: {7: "SPI0 CE1", 8: "SPI0 CE0", 9: "SPI0 MISO", 10: "SPI0 MOSI", 11: "SPI0 SCLK"},
            1: {16: "SPI1 CE2", 17: "SPI1 CE1", 18: "SPI1 CE0", 19: "SPI1 MISO", 20: "SPI1 MOSI",
                21: "SPI1 SCLK"}}
#: Serial ports on the header's UART pins (a USB adapter uses none).
UART_PORTS = ("/dev/serial0", "/dev/ttyAMA0", "/dev/ttyS0")

# Driver-specific keys and their defaults (the reader classes' own defaults).
DRIVER_KEYS: dict[str, dict[str, Any]] = {
    "mfrc522": {"bus": 0, "device": 0, "reset_pin": 25, "spi_speed_hz": 1_000_000, "poll_budget": 0.05,
                "antenna_gain": 33},
    "pn532": {"port": "/dev/serial0", "baudrate": 115200, "retries": 2, "poll_timeout": None},
    "fake": {},
}
#: Config key -> the reader class's keyword argument, where they differ.
_DRIVER_ARGS = {"poll_timeout": "timeout"}
#: MFRC522 receiver gains (RFCfgReg), dB: hardware.nfc.mfrc522.ANTENNA_GAINS.
MFRC522_GAINS = (18, 23, 33, 38, 43, 48)
COMMON_READER_KEYS = ("name", "driver", "role")

#: Seconds between polls when the config names none, per driver. The MFRC522 keeps the
#: issue's 100 ms; a PN532 poll costs a few ms of UART traffic and its NDEF read three
#: exchanges more, so 50 ms keeps tap -> daemon under 100 ms (benchmarks/pn532_latency.py).
DEFAULT_POLL_INTERVALS = {"mfrc522": 0.1, "pn532": 0.05, "fake": 0.1}
TOP_KEYS = ("poll_interval", "language", "dice", "readers", "feedback", "phones", "virtual_taps", "desk", "mqtt",
            "venue", "voice")
DICE_KEYS = ("pin", "hold_time", "enabled")
FEEDBACK_KEYS = ("pin", "device")
FEEDBACK_DEVICES = ("buzzer", "led")


#: Largest config file read, in bytes (the commented example is under 10 kB).
MAX_CONFIG_BYTES = 1 << 20

#: Longest hold time that makes sense for "undo", in seconds.
MAX_HOLD_TIME = 10.0


class ConfigError(CompanionError, ValueError):
    """A configuration file that is missing, not TOML, or has a bad or unknown key."""


@dataclass(frozen=True)
class ReaderConfig:
    """One NFC reader.

    Attributes:
        name: unique reader name (used in events and scripts).
        driver: ``"mfrc522"`` (SPI), ``"pn532"`` (UART) or ``"fake"`` (no hardware).
        role: what the reader reads: ``"cards"`` or ``"tiles"``.
        bus, device: SPI bus and chip select (mfrc522 only; ``/dev/spidev{bus}.{device}``).
        reset_pin: BCM pin wired to the MFRC522's RST (mfrc522 only).
        spi_speed_hz: SPI clock, Hz (mfrc522 only; 10 kHz to 10 MHz, default 1 MHz).
        poll_budget: seconds one poll may take at most (mfrc522 only; up to 0.05).
        antenna_gain: receiver gain, dB (mfrc522 only; 18, 23, 33 (default), 38, 43, 48:
            48 reads stickers through card sleeves on cheap boards).
        port: serial device path (pn532 only).
        baudrate: serial speed in bits per second (pn532 only).
        retries: passive activation retries per poll, MxRtyPassiveActivation (pn532 only, 0-254).
        poll_timeout: seconds to wait for a poll's answer (pn532 only; None: enough for
            ``retries``, :func:`hardware.nfc.pn532.poll_timeout_for`).
    Keys that do not belong to the driver are None.
    """

    name: str
    driver: str
    role: str = "cards"
    bus: int | None = None
    device: int | None = None
    reset_pin: int | None = None
    port: str | None = None
    baudrate: int | None = None
    spi_speed_hz: int | None = None
    poll_budget: float | None = None
    antenna_gain: int | None = None
    retries: int | None = None
    poll_timeout: float | None = None

    def driver_kwargs(self) -> dict[str, Any]:
        """The driver-specific keyword arguments for the reader class (name excluded)."""
        return {_DRIVER_ARGS.get(key, key): getattr(self, key) for key in DRIVER_KEYS[self.driver]}


@dataclass(frozen=True)
class DiceConfig:
    """The dice button.

    Attributes:
        pin: BCM pin number of the button (0-27, default 17).
        hold_time: seconds held that make a press an "undo" (default 1.5).
        enabled: False when no button is wired.
        required: the config asks for the button (its file has a ``[dice]`` table); a file
            without one (a phones-only table) gets the default button only where this
            machine has GPIO, so ``companion doctor`` does not call GPIO missing for it.
    """

    pin: int = 17
    hold_time: float = 1.5
    enabled: bool = True
    required: bool = field(default=True, compare=False)  # a hint for the doctor: the same config


@dataclass(frozen=True)
class FeedbackConfig:
    """The optional buzzer or LED that answers each tag read.

    Attributes:
        pin: BCM pin number (0-27), or None when nothing is wired (the default).
        device: ``"buzzer"`` (an active buzzer) or ``"led"``.
    """

    pin: int | None = None
    device: str = "buzzer"


@dataclass(frozen=True)
class Config:
    """The whole configuration.

    Attributes:
        readers: the NFC readers, in file order (may be empty).
        dice: the dice button.
        poll_interval: seconds between reader polls for every reader, or None for each
            driver's default (:data:`DEFAULT_POLL_INTERVALS`; see :meth:`interval_for`).
        language: ``"en"`` or ``"it"`` (default ``"en"``).
        feedback: the buzzer or LED for tag reads (none by default).
        phones: the players' phones as private screens (off by default; issue 22).
        virtual_taps: with real readers configured, also give the daemon virtual readers
            (``companion tap``, the Cards panel); a config without readers always has them.
        mqtt: the venue's MQTT broker (issue 32; :mod:`companion.venue`), or None: then no
            MQTT library is imported and the table publishes nothing.
        venue: the staff dashboard's listen address and token (``companion venue``).
        voice: how ``companion voice`` speaks (issue 28, :mod:`companion.voice.config`).
    """

    readers: tuple[ReaderConfig, ...] = ()
    dice: DiceConfig = field(default_factory=DiceConfig)
    feedback: FeedbackConfig = field(default_factory=FeedbackConfig)
    poll_interval: float | None = None
    language: str = "en"
    phones: PhonesConfig = field(default_factory=PhonesConfig)
    virtual_taps: bool = False
    desk: DeskConfig = field(default_factory=DeskConfig)  # the owner's desk (issue 34)
    mqtt: MqttConfig | None = None
    venue: VenueConfig = field(default_factory=VenueConfig)
    voice: VoiceConfig = field(default_factory=VoiceConfig)

    def interval_for(self, reader: ReaderConfig) -> float:
        """Seconds between two polls of ``reader``: ``poll_interval``, else its driver's default."""
        return self.poll_interval if self.poll_interval is not None else DEFAULT_POLL_INTERVALS[reader.driver]


def default_config() -> Config:
    """The configuration used when there is no file: no readers, dice on GPIO 17."""
    return Config()


#: The config of the service installed by ``companion install``.
SYSTEM_CONFIG = Path("/etc/haunt-companion/config.toml")


def default_config_path() -> Path:
    """``$COMPANION_CONFIG`` if set, else the platformdirs user config dir's ``config.toml``;
    when that file does not exist but the installed service's :data:`SYSTEM_CONFIG` does,
    that one (so ``companion doctor`` checks what the daemon uses)."""
    if os.environ.get(CONFIG_ENV):
        return Path(os.environ[CONFIG_ENV])
    from platformdirs import user_config_path

    user = user_config_path(APP) / "config.toml"
    return SYSTEM_CONFIG if not user.exists() and SYSTEM_CONFIG.exists() else user


class ConfigPathRefused(PathRefused, ConfigError):
    """The config path names no config file (missing, a directory, a device): exit 2."""


def load_config(path: str | os.PathLike[str] | None = None) -> Config:
    """Read and check a config file.

    Args:
        path: the TOML file, or None for :func:`default_config_path` (then a missing file
            means :func:`default_config`).
    Raises:
        ConfigError: the explicit file is missing or unreadable, the TOML is invalid (the
            message names the line), or a key is unknown or has a bad value.
    """
    explicit = path is not None or bool(os.environ.get(CONFIG_ENV))  # a named file must exist
    file = Path(path) if path is not None else default_config_path()
    named = "--config " if path is not None else f"{CONFIG_ENV}=" if explicit else ""
    try:
        if file.exists() and not file.is_file():  # a directory; a FIFO would wait for ever
            raise ConfigPathRefused(f"{named}{file} is {describe(file)}, not a config file")
        with file.open("rb") as stream:
            data = stream.read(MAX_CONFIG_BYTES + 1)
    except FileNotFoundError:
        if explicit:
            raise ConfigPathRefused(f"{named}{file}: no such config file") from None
        return default_config()
    except OSError as exc:
        raise ConfigError(f"{file}: cannot read config file: {exc}") from None
    if len(data) > MAX_CONFIG_BYTES:
        raise ConfigError(f"{file}: larger than {MAX_CONFIG_BYTES} bytes: not a config file")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data[:exc.start].count(b"\n") + 1
        raise ConfigError(f"{file}: line {line}: not UTF-8 text (byte 0x{data[exc.start]:02X})") from None
    return parse_config(text, source=str(file))


def parse_config(text: str, source: str = "<config>") -> Config:
    """Parse TOML text into a :class:`Config`.

    Raises:
        ConfigError: invalid TOML (``source: line N: ...``) or a bad/unknown key.
    """
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        where = str(exc).replace("(at end of document)", f"(at end of document, line {text.count(chr(10)) + 1})")
        raise ConfigError(f"{source}: invalid TOML: {where}") from None
    except RecursionError:  # tomllib recurses once per "[": a hundred thousand of them
        raise ConfigError(f"{source}: invalid TOML: arrays or tables nested too deeply") from None
    try:
        return config_from_dict(data)
    except ConfigError as exc:
        raise ConfigError(f"{source}: {exc}") from None


def config_from_dict(data: dict[str, Any]) -> Config:
    """Check a parsed TOML document and build a :class:`Config`.

    Raises:
        ConfigError: naming the dotted key path of the first problem.
    """
    _refuse_unknown(data, TOP_KEYS, "")
    dice_table = data.get("dice", {})
    if not isinstance(dice_table, dict):
        raise ConfigError("dice: must be a table ([dice])")
    readers_list = data.get("readers", [])
    if not isinstance(readers_list, list):
        raise ConfigError("readers: must be an array of tables ([[readers]])")
    readers = tuple(_reader(table, f"readers[{i}]") for i, table in enumerate(readers_list))
    _check_unique_names(readers)
    dice = _dice(dice_table, required="dice" in data)
    _check_pin_clash(dice, readers)
    feedback = _feedback(data.get("feedback", {}), dice, readers)
    _check_bus_pins(dice, feedback, readers)
    return Config(
        readers=readers,
        dice=dice,
        feedback=feedback,
        poll_interval=_positive_number(data, "poll_interval", 0.1, "") if "poll_interval" in data else None,
        language=_choice(data, "language", LANGUAGES, "en", ""),
        phones=_phones(data.get("phones", {})),
        virtual_taps=_bool(data, "virtual_taps", False, ""),
        desk=_desk(data.get("desk", {})),
        **_venue(data),
        voice=_voice(data.get("voice", {})),
    )


def _desk(table: Any):
    """The ``[desk]`` table (:mod:`companion.desk.config`)."""
    try:
        return parse_desk(table)
    except DeskConfigError as exc:
        raise ConfigError(str(exc)) from None


def _venue(data: dict[str, Any]) -> dict[str, Any]:
    """``mqtt`` and ``venue`` (:mod:`companion.venue.config`)."""
    try:
        return {"mqtt": parse_mqtt(data["mqtt"]) if "mqtt" in data else None,
                "venue": parse_venue(data.get("venue", {}))}
    except VenueConfigError as exc:
        raise ConfigError(str(exc)) from None


def _phones(table: Any) -> PhonesConfig:
    """The ``[phones]`` table (:mod:`companion.phones.config`)."""
    try:
        return parse_phones(table)
    except PhonesConfigError as exc:
        raise ConfigError(str(exc)) from None


def _voice(table: Any) -> VoiceConfig:
    """The ``[voice]`` table (:mod:`companion.voice.config`)."""
    try:
        return parse_voice(table)
    except VoiceConfigError as exc:
        raise ConfigError(str(exc)) from None


def _check_pin_clash(dice: DiceConfig, readers: tuple[ReaderConfig, ...]) -> None:
    """The dice button and an MFRC522 reset line cannot share a GPIO pin."""
    for i, reader in enumerate(readers):
        if dice.enabled and reader.reset_pin is not None and reader.reset_pin == dice.pin:
            raise ConfigError(f"readers[{i}].reset_pin: GPIO {dice.pin} is already the dice button's"
                              f" pin (dice.pin); wire one of them to another pin")


def _bus_pins(readers: tuple[ReaderConfig, ...]) -> dict[int, str]:
    """BCM pin -> what uses it, for the SPI buses and the UART the readers need."""
    used: dict[int, str] = {}
    for reader in readers:
        if reader.driver == "mfrc522":
            for pin, name in SPI_PINS.get(reader.bus, {}).items():
                used[pin] = f"{name}, used by the MFRC522 reader {reader.name!r}"
        elif reader.driver == "pn532" and reader.port in UART_PORTS:
            for pin, name in zip(UART_PINS, ("UART TXD", "UART RXD")):
                used[pin] = f"{name}, used by the PN532 reader {reader.name!r}"
    return used


def _check_bus_pins(dice: DiceConfig, feedback: FeedbackConfig, readers: tuple[ReaderConfig, ...]) -> None:
    """No button, buzzer or reset line on a pin an SPI bus or the UART needs."""
    used = _bus_pins(readers)
    wanted = [("dice.pin", dice.pin if dice.enabled else None), ("feedback.pin", feedback.pin)]
    wanted += [(f"readers[{i}].reset_pin", r.reset_pin) for i, r in enumerate(readers)]
    for key, pin in wanted:
        if pin in used:
            raise ConfigError(f"{key}: GPIO {pin} is {used[pin]}; wire it to another pin")


def _key(prefix: str, key: str) -> str:
    """The dotted path of ``key`` inside ``prefix`` (``readers[1].driver``)."""
    return f"{prefix}.{key}" if prefix else key


def _refuse_unknown(table: dict[str, Any], allowed: tuple[str, ...] | list[str],
                    prefix: str, why: str = "") -> None:
    """Raise ConfigError naming every key of ``table`` not in ``allowed``."""
    unknown = [k for k in table if k not in allowed]
    if unknown:
        names = ", ".join(_key(prefix, k) for k in unknown)
        raise ConfigError(f"unknown key{'s' if len(unknown) > 1 else ''} {names}"
                          f"{why} (allowed: {', '.join(allowed)})")


def _int(table: dict[str, Any], key: str, default: int, prefix: str,
         allowed: range | None = None) -> int:
    """An integer value (not a bool), optionally within ``allowed``."""
    value = table.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int):
        raise ConfigError(f"{_key(prefix, key)}: must be an integer, got {value!r}")
    if allowed is not None and value not in allowed:
        raise ConfigError(f"{_key(prefix, key)}: must be {allowed.start}-{allowed.stop - 1}, "
                          f"got {value}")
    return value


def _bool(table: dict[str, Any], key: str, default: bool, prefix: str) -> bool:
    """true or false."""
    value = table.get(key, default)
    if not isinstance(value, bool):
        raise ConfigError(f"{_key(prefix, key)}: must be true or false, got {value!r}")
    return value


def _pin(table: dict[str, Any], key: str, default: int, prefix: str) -> int:
    """A BCM GPIO pin number, 0-27."""
    return _int(table, key, default, prefix, BCM_PINS)


def _positive_number(table: dict[str, Any], key: str, default: float, prefix: str) -> float:
    """A number > 0 (int or float, not bool), returned as float (seconds)."""
    value = table.get(key, default)
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not value > 0:
        raise ConfigError(f"{_key(prefix, key)}: must be a number of seconds > 0, "
                          f"got {value!r}")
    return float(value)


def _choice(table: dict[str, Any], key: str, allowed: tuple[str, ...], default: str | None,
            prefix: str) -> str:
    """One of ``allowed``; ``default`` None makes the key required."""
    if key not in table and default is None:
        raise ConfigError(f"{_key(prefix, key)}: missing (one of: {', '.join(allowed)})")
    value = table.get(key, default)
    if value not in allowed:
        raise ConfigError(f"{_key(prefix, key)}: must be one of {', '.join(allowed)}, "
                          f"got {value!r}")
    return value


def _dice(table: dict[str, Any], required: bool = True) -> DiceConfig:
    """The ``[dice]`` table (``required``: the file has one)."""
    _refuse_unknown(table, DICE_KEYS, "dice")
    enabled = table.get("enabled", True)
    if not isinstance(enabled, bool):
        raise ConfigError(f"dice.enabled: must be true or false, got {enabled!r}")
    hold_time = _positive_number(table, "hold_time", 1.5, "dice")
    if not hold_time <= MAX_HOLD_TIME:
        raise ConfigError(f"dice.hold_time: must be at most {MAX_HOLD_TIME:g} seconds, got {hold_time!r}")
    return DiceConfig(pin=_pin(table, "pin", 17, "dice"), hold_time=hold_time, enabled=enabled, required=required)


def _feedback(table: Any, dice: DiceConfig, readers: tuple[ReaderConfig, ...]) -> FeedbackConfig:
    """The ``[feedback]`` table: ``pin`` (required there) and ``device``; its pin is free."""
    if not isinstance(table, dict):
        raise ConfigError("feedback: must be a table ([feedback])")
    if not table:
        return FeedbackConfig()
    _refuse_unknown(table, FEEDBACK_KEYS, "feedback")
    if "pin" not in table:
        raise ConfigError("feedback.pin: missing (the BCM pin of the buzzer or LED, 0-27)")
    pin = _pin(table, "pin", 0, "feedback")
    device = _choice(table, "device", FEEDBACK_DEVICES, "buzzer", "feedback")
    if dice.enabled and pin == dice.pin:
        raise ConfigError(f"feedback.pin: GPIO {pin} is already the dice button's pin (dice.pin)")
    for i, reader in enumerate(readers):
        if reader.reset_pin == pin:
            raise ConfigError(f"feedback.pin: GPIO {pin} is already readers[{i}].reset_pin")
    if pin in UART_PINS and any(r.driver == "pn532" for r in readers):
        raise ConfigError(f"feedback.pin: GPIO {pin} is a UART pin, used by the PN532 reader")
    return FeedbackConfig(pin=pin, device=device)


def _reader(table: Any, prefix: str) -> ReaderConfig:
    """One ``[[readers]]`` table."""
    if not isinstance(table, dict):
        raise ConfigError(f"{prefix}: must be a table ([[readers]])")
    name = table.get("name")
    if not isinstance(name, str) or not name.strip():
        raise ConfigError(f"{prefix}.name: must be a non-empty string, got {name!r}")
    driver = _choice(table, "driver", DRIVERS, None, prefix)
    _refuse_unknown(table, [*COMMON_READER_KEYS, *DRIVER_KEYS[driver]], prefix,
                    f" for driver {driver!r}")
    role = _choice(table, "role", ROLES, "cards", prefix)
    values: dict[str, Any] = {}
    if driver == "mfrc522":
        values = _mfrc522_keys(table, prefix)
    elif driver == "pn532":
        values = _pn532_keys(table, prefix)
    return ReaderConfig(name=name, driver=driver, role=role, **values)


def _mfrc522_keys(table: dict[str, Any], prefix: str) -> dict[str, Any]:
    """``bus``, ``device`` (>= 0) and ``reset_pin`` (BCM, not the UART pins 14/15)."""
    defaults = DRIVER_KEYS["mfrc522"]
    bus = _int(table, "bus", defaults["bus"], prefix, range(0, 7))
    device = _int(table, "device", defaults["device"], prefix, range(0, 3))
    reset_pin = _pin(table, "reset_pin", defaults["reset_pin"], prefix)
    if reset_pin in UART_PINS:
        raise ConfigError(f"{prefix}.reset_pin: must not be 14 or 15 (the UART TXD/RXD pins), "
                          f"got {reset_pin}")
    speed = _int(table, "spi_speed_hz", defaults["spi_speed_hz"], prefix, range(10_000, 10_000_001))
    budget = _positive_number(table, "poll_budget", defaults["poll_budget"], prefix)
    if budget > 0.05:
        raise ConfigError(f"{prefix}.poll_budget: must be at most 0.05 seconds, got {budget!r}")
    gain = _int(table, "antenna_gain", defaults["antenna_gain"], prefix)
    if gain not in MFRC522_GAINS:
        gains = ", ".join(map(str, MFRC522_GAINS))
        raise ConfigError(f"{prefix}.antenna_gain: must be one of {gains} (dB), got {gain}")
    return {"bus": bus, "device": device, "reset_pin": reset_pin, "spi_speed_hz": speed, "poll_budget": budget,
            "antenna_gain": gain}


def _pn532_keys(table: dict[str, Any], prefix: str) -> dict[str, Any]:
    """``port`` (an absolute device path) and ``baudrate`` (bits per second)."""
    defaults = DRIVER_KEYS["pn532"]
    port = table.get("port", defaults["port"])
    if not isinstance(port, str) or not port.startswith("/"):
        raise ConfigError(f"{prefix}.port: must be a device path string such as "
                          f"'/dev/serial0', got {port!r}")
    baudrate = _int(table, "baudrate", defaults["baudrate"], prefix)
    if baudrate <= 0:
        raise ConfigError(f"{prefix}.baudrate: must be a positive integer (bits per second), "
                          f"got {baudrate}")
    retries = _int(table, "retries", defaults["retries"], prefix, range(0, 255))
    timeout = _positive_number(table, "poll_timeout", 1.0, prefix) if "poll_timeout" in table else None
    from hardware.board import poll_timeout_for

    if timeout is not None and timeout < poll_timeout_for(retries):
        raise ConfigError(f"{prefix}.poll_timeout: {timeout:g} s is shorter than {retries + 1} activation attempts "
                          f"(retries = {retries}) may take on a slow board: at least {poll_timeout_for(retries):g} s, "
                          f"or fewer retries")
    return {"port": port, "baudrate": baudrate, "retries": retries, "poll_timeout": timeout}


def _check_unique_names(readers: tuple[ReaderConfig, ...]) -> None:
    """Raise ConfigError naming the first reader whose name repeats an earlier one."""
    seen: dict[str, int] = {}
    for i, reader in enumerate(readers):
        if reader.name in seen:
            raise ConfigError(f"readers[{i}].name: {reader.name!r} is already used by "
                              f"readers[{seen[reader.name]}]; reader names must be unique")
        seen[reader.name] = i
