"""The companion's configuration: one TOML file read into frozen dataclasses.

Where the file is (:func:`default_config_path`): ``$COMPANION_CONFIG`` if set, else
platformdirs' ``user_config_path("haunt-companion") / "config.toml"``. A missing file at the
default path means :func:`default_config` (no readers, dice on GPIO 17); a missing file at an
explicit path is an error. ``docs/config.example.toml`` documents every key.

Every problem raises :class:`ConfigError` whose message names the key as a dotted path
(``readers[1].driver``) and, for a bad value, the allowed values. Each table's keys, types and
ranges are msgspec Structs (:mod:`companion.config_shape` says msgspec's verdict in these
words); a reader's own keys are its driver's (:data:`hardware.factory.SETTINGS`). What one
table cannot see (pins that clash, names that repeat) is checked here by plain functions.
"""

from __future__ import annotations

import os
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any, Literal

import msgspec
from msgspec import Meta

from companion.config_shape import ConfigError, convert
from companion.desk.config import DeskConfig, DeskConfigError, parse_desk
from companion.i18n import msg
from companion.paths import PathRefused, describe
from companion.phones.config import PhonesConfig, PhonesConfigError, parse_phones
from companion.venue.config import MqttConfig, VenueConfig, VenueConfigError, parse_mqtt, parse_venue
from companion.voice.config import VoiceConfig, VoiceConfigError, parse_voice
from hardware.board import UART_PINS
from hardware.factory import SETTINGS
from hardware.nfc.settings import Pin, ReaderSettings, Seconds

__all__ = ["Config", "ConfigError", "DiceConfig", "FeedbackConfig", "ReaderConfig", "config_from_dict",
           "default_config", "load_config", "parse_config"]

APP = "haunt-companion"
CONFIG_ENV = "COMPANION_CONFIG"

DRIVERS = tuple(SETTINGS)
#: Seconds between polls when the config names none, per driver (its settings' ``poll_interval``).
DEFAULT_POLL_INTERVALS = {driver: settings.poll_interval for driver, settings in SETTINGS.items()}
COMMON_READER_KEYS = ("name", "driver", "role")

#: Largest config file read, in bytes (the commented example is under 10 kB).
MAX_CONFIG_BYTES = 1 << 20

#: Longest hold time that makes sense for "undo", in seconds.
MAX_HOLD_TIME = 10.0

#: Longest poll interval, in seconds: a card tapped for less is missed, and no timer waits ``inf``.
MAX_POLL_INTERVAL = 5.0


@dataclass(frozen=True)
class ReaderConfig:
    """One NFC reader.

    Attributes:
        name: unique reader name (used in events and scripts).
        driver: ``"mfrc522"`` (SPI), ``"pn532"`` (UART) or ``"fake"`` (no hardware).
        role: what the reader reads: ``"cards"`` or ``"tiles"``.
        settings: the driver's own keys (:data:`hardware.factory.SETTINGS`; its defaults
            when not given).
    """

    name: str
    driver: str
    role: str = "cards"
    settings: ReaderSettings = None  # type: ignore[assignment]  # None: the driver's defaults

    def __post_init__(self) -> None:
        if self.settings is None:
            object.__setattr__(self, "settings", SETTINGS[self.driver]())

    def driver_kwargs(self) -> dict[str, Any]:
        """The driver-specific keyword arguments for the reader class (name excluded)."""
        return self.settings.kwargs()


class DiceConfig(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """The dice button, the ``[dice]`` table.

    Attributes:
        pin: BCM pin number of the button (0-27, default 17).
        hold_time: seconds held that make a press an "undo" (default 1.5, at most 10).
        enabled: False when no button is wired.
    """

    pin: Pin = 17
    hold_time: Annotated[Seconds, Meta(le=MAX_HOLD_TIME)] = 1.5
    enabled: bool = True


class FeedbackConfig(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """The optional buzzer or LED that answers each tag read, the ``[feedback]`` table.

    Attributes:
        pin: BCM pin number (0-27), or None when nothing is wired (the default; required
            in a ``[feedback]`` table that has keys).
        device: ``"buzzer"`` (an active buzzer) or ``"led"``.
    """

    pin: Pin | None = None
    device: Literal["buzzer", "led"] = "buzzer"


@dataclass(frozen=True)
class Config:
    """The whole configuration.

    Attributes:
        readers: the NFC readers, in file order (may be empty).
        dice: the dice button.
        dice_required: the config asks for the button (its file has a ``[dice]`` table); a
            file without one (a phones-only table) gets the default button only where this
            machine has GPIO, so ``companion doctor`` does not call GPIO missing for it.
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
    dice_required: bool = field(default=True, compare=False)  # a hint for the doctor: the same config

    def interval_for(self, reader: ReaderConfig) -> float:
        """Seconds between two polls of ``reader``: ``poll_interval``, else its driver's default."""
        return self.poll_interval if self.poll_interval is not None else DEFAULT_POLL_INTERVALS[reader.driver]


class _Reader(msgspec.Struct, frozen=True):
    """A ``[[readers]]`` table's common keys (its driver's keys are checked apart)."""

    name: Annotated[str, Meta(pattern=r"\S")]
    driver: Annotated[Literal[DRIVERS], Meta(extra={"values": DRIVERS})]  # type: ignore[valid-type]
    role: Literal["cards", "tiles"] = "cards"


class _File(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """The file's top level; the other modules' tables are checked by their own parsers."""

    poll_interval: Annotated[Seconds, Meta(le=MAX_POLL_INTERVAL)] | None = None
    language: Literal["en", "it"] = "en"
    dice: DiceConfig = msgspec.field(default_factory=DiceConfig)
    readers: list[_Reader] = msgspec.field(default_factory=list)
    feedback: FeedbackConfig = msgspec.field(default_factory=FeedbackConfig)
    phones: Any = msgspec.field(default_factory=dict)
    virtual_taps: bool = False
    desk: Any = msgspec.field(default_factory=dict)
    mqtt: Any = None
    venue: Any = msgspec.field(default_factory=dict)
    voice: Any = msgspec.field(default_factory=dict)


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
            raise ConfigPathRefused(msg("{named}{file} is {kind}, not a config file", named=named, file=str(file),
                                        kind=describe(file)))
        with file.open("rb") as stream:
            data = stream.read(MAX_CONFIG_BYTES + 1)
    except FileNotFoundError:
        if explicit:
            raise ConfigPathRefused(msg("{named}{file}: no such config file", named=named, file=str(file))) from None
        return default_config()
    except OSError as exc:
        raise ConfigError(f"{file}: cannot read config file: {exc}") from None
    if len(data) > MAX_CONFIG_BYTES:
        raise ConfigError(f"{file}: larger than {MAX_CONFIG_BYTES} bytes: not a config file")
    try:
        text = data.decode("utf-8-sig")  # a byte-order mark (Windows Notepad) is not TOML's
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
    file = convert(data, _File)
    readers = tuple(_reader(table, data["readers"][i], f"readers[{i}]") for i, table in enumerate(file.readers))
    _check_unique_names(readers)
    _check_pin_clash(file.dice, readers)
    _check_shared_devices(readers)
    _check_feedback(file.feedback, bool(data.get("feedback")), file.dice, readers)
    _check_bus_pins(file.dice, file.feedback, readers)
    return Config(
        readers=readers,
        dice=file.dice,
        dice_required="dice" in data,
        feedback=file.feedback,
        poll_interval=file.poll_interval,
        language=file.language,
        phones=_phones(file.phones),
        virtual_taps=file.virtual_taps,
        desk=_desk(file.desk),
        **_venue(data),
        voice=_voice(file.voice),
    )


def _reader(common: _Reader, table: dict[str, Any], prefix: str) -> ReaderConfig:
    """One ``[[readers]]`` table: its common keys, then its driver's (:data:`hardware.factory.SETTINGS`)."""
    own = {key: value for key, value in table.items() if key not in COMMON_READER_KEYS}
    settings = convert(own, SETTINGS[common.driver], prefix, COMMON_READER_KEYS, f" for driver {common.driver!r}")
    return ReaderConfig(name=common.name, driver=common.driver, role=common.role, settings=settings)


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


def _check_unique_names(readers: tuple[ReaderConfig, ...]) -> None:
    """Raise ConfigError naming the first reader whose name repeats an earlier one."""
    seen: dict[str, int] = {}
    for i, reader in enumerate(readers):
        if reader.name in seen:
            raise ConfigError(f"readers[{i}].name: {reader.name!r} is already used by "
                              f"readers[{seen[reader.name]}]; reader names must be unique")
        seen[reader.name] = i


def _check_pin_clash(dice: DiceConfig, readers: tuple[ReaderConfig, ...]) -> None:
    """The dice button and a pin a reader drives (an MFRC522 reset line) cannot be one GPIO pin."""
    for i, reader in enumerate(readers):
        for key, pin in reader.settings.pins().items():
            if dice.enabled and pin == dice.pin:
                raise ConfigError(f"readers[{i}].{key}: GPIO {dice.pin} is already the dice button's"
                                  f" pin (dice.pin); wire one of them to another pin")


def _check_shared_devices(readers: tuple[ReaderConfig, ...]) -> None:
    """Two readers cannot open one device node (a chip select, a UART) nor drive one reset line."""
    devices: dict[str, int] = {}
    pins: dict[int, str] = {}
    for i, reader in enumerate(readers):
        for device in reader.settings.devices():
            if device in devices:
                j = devices[device]
                raise ConfigError(f"readers[{i}]: {device} is already readers[{j}] ({readers[j].name!r}); "
                                  f"give each reader its own device")
            devices[device] = i
        for key, pin in reader.settings.pins().items():
            if pin in pins:
                raise ConfigError(f"readers[{i}].{key}: GPIO {pin} is already {pins[pin]}; "
                                  f"wire one of them to another pin")
            pins[pin] = f"readers[{i}].{key}"


def _check_feedback(feedback: FeedbackConfig, given: bool, dice: DiceConfig, readers: tuple[ReaderConfig, ...]) -> None:
    """A ``[feedback]`` table with keys names its pin, and no button or reader uses that pin."""
    pin = feedback.pin
    if given and pin is None:
        raise ConfigError("feedback.pin: missing (the BCM pin of the buzzer or LED, 0-27)")
    if pin is None:
        return
    if dice.enabled and pin == dice.pin:
        raise ConfigError(f"feedback.pin: GPIO {pin} is already the dice button's pin (dice.pin)")
    for i, reader in enumerate(readers):
        for key, used in reader.settings.pins().items():
            if used == pin:
                raise ConfigError(f"feedback.pin: GPIO {pin} is already readers[{i}].{key}")
    if pin in UART_PINS and any(r.driver == "pn532" for r in readers):  # on a USB adapter too
        raise ConfigError(f"feedback.pin: GPIO {pin} is a UART pin, used by the PN532 reader")


def _bus_pins(readers: tuple[ReaderConfig, ...]) -> dict[int, str]:
    """BCM pin -> what uses it, for the SPI buses and the UART the readers need."""
    return {pin: f"{line}, used by the {reader.settings.label} reader {reader.name!r}"
            for reader in readers for pin, line in reader.settings.bus_pins().items()}


def _check_bus_pins(dice: DiceConfig, feedback: FeedbackConfig, readers: tuple[ReaderConfig, ...]) -> None:
    """No button, buzzer or reset line on a pin an SPI bus or the UART needs."""
    used = _bus_pins(readers)
    wanted = [("dice.pin", dice.pin if dice.enabled else None), ("feedback.pin", feedback.pin)]
    wanted += [(f"readers[{i}].{key}", pin) for i, r in enumerate(readers) for key, pin in r.settings.pins().items()]
    for key, pin in wanted:
        if pin in used:
            raise ConfigError(f"{key}: GPIO {pin} is {used[pin]}; wire it to another pin")
