"""The TOML config file: good files, each bad value's message, paths and the example file."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.config import (
    Config,
    ConfigError,
    DiceConfig,
    ReaderConfig,
    default_config,
    default_config_path,
    load_config,
    parse_config,
)
from companion.errors import CompanionError
from hardware.nfc.mfrc522_settings import MFRC522Settings
from hardware.nfc.pn532_settings import PN532Settings

EXAMPLE = Path(__file__).resolve().parents[1] / "docs" / "config.example.toml"


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "config.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_empty_file_is_the_defaults(tmp_path):
    assert load_config(write(tmp_path, "")) == default_config()
    assert default_config() == Config(readers=(), dice=DiceConfig(pin=17, hold_time=1.5,
                                                                   enabled=True),
                                      poll_interval=None, language="en")
    pn532, mfrc522 = ReaderConfig("t", "pn532"), ReaderConfig("c", "mfrc522")
    assert (default_config().interval_for(pn532), default_config().interval_for(mfrc522)) == (0.05, 0.1)


def test_full_file(tmp_path):
    config = load_config(write(tmp_path, """
poll_interval = 0.25
language = "it"
[dice]
pin = 22
hold_time = 2
enabled = false
[[readers]]
name = "left"
driver = "mfrc522"
role = "tiles"
bus = 1
device = 1
reset_pin = 24
[[readers]]
name = "right"
driver = "pn532"
port = "/dev/ttyUSB0"
baudrate = 9600
[[readers]]
name = "sim"
driver = "fake"
"""))
    assert config.poll_interval == 0.25 and config.language == "it"
    assert config.interval_for(config.readers[1]) == 0.25  # one interval for every reader
    assert config.dice == DiceConfig(pin=22, hold_time=2.0, enabled=False)
    assert config.readers == (
        ReaderConfig("left", "mfrc522", "tiles", MFRC522Settings(bus=1, device=1, reset_pin=24, spi_speed_hz=1_000_000,
                                                                 poll_budget=0.05, antenna_gain=33)),
        ReaderConfig("right", "pn532", "cards", PN532Settings(port="/dev/ttyUSB0", baudrate=9600, retries=2)),
        ReaderConfig("sim", "fake", "cards"),
    )
    assert config.readers[0].driver_kwargs() == {"bus": 1, "device": 1, "reset_pin": 24, "spi_speed_hz": 1_000_000,
                                                 "poll_budget": 0.05, "antenna_gain": 33}
    assert config.readers[1].driver_kwargs() == {"port": "/dev/ttyUSB0", "baudrate": 9600, "retries": 2,
                                                 "timeout": None}
    assert config.readers[2].driver_kwargs() == {}


def test_driver_defaults_match_the_reader_classes():
    config = parse_config('[[readers]]\nname="a"\ndriver="mfrc522"\n'
                          '[[readers]]\nname="b"\ndriver="pn532"\n')
    import inspect

    from hardware.nfc.mfrc522 import MFRC522Reader
    from hardware.nfc.pn532 import PN532Reader

    for reader, cls in zip(config.readers, (MFRC522Reader, PN532Reader)):
        defaults = {k: p.default for k, p in inspect.signature(cls).parameters.items()}
        assert reader.driver_kwargs() == {key: defaults[key] for key in reader.driver_kwargs()}
    assert config.readers[0].driver_kwargs() == {"bus": 0, "device": 0, "reset_pin": 25, "spi_speed_hz": 1_000_000,
                                                 "poll_budget": 0.05, "antenna_gain": 33}
    assert config.readers[1].driver_kwargs() == {"port": "/dev/serial0", "baudrate": 115200, "retries": 2,
                                                 "timeout": None}


def test_config_is_frozen():
    with pytest.raises(AttributeError):
        default_config().language = "it"  # type: ignore[misc]


def test_example_file_loads():
    config = load_config(EXAMPLE)
    assert [(r.name, r.driver, r.role) for r in config.readers] == [
        ("cards", "mfrc522", "cards"), ("tiles", "pn532", "tiles")]
    assert config.dice == DiceConfig()
    assert config.poll_interval == 0.1 and config.language == "en"
    assert (config.feedback.pin, config.feedback.device) == (18, "buzzer")
    assert (config.phones.enabled, config.phones.listen) == (False, "0.0.0.0:8765")


def test_example_file_documents_every_key():
    text = EXAMPLE.read_text(encoding="utf-8")
    for key in ("poll_interval", "language", "pin", "hold_time", "enabled", "name", "driver",
                "role", "bus", "device", "reset_pin", "port", "baudrate"):
        assert f"{key} " in text or f"{key}=" in text, key
    assert text.count("Default:") >= 11


BAD = [
    ('language = "fr"', "language: must be one of en, it, got 'fr'"),
    ("poll_interval = 0", "poll_interval: must be a number of seconds > 0, got 0"),
    ('poll_interval = "fast"', "poll_interval: must be a number of seconds > 0, got 'fast'"),
    ("colour = 1",
     "unknown key colour (allowed: poll_interval, language, dice, readers, feedback, phones, virtual_taps, "
     "desk, mqtt, venue, voice)"),
    ("[feedback]\ndevice = 'led'", "feedback.pin: missing (the BCM pin of the buzzer or LED, 0-27)"),
    ("[feedback]\npin = 17", "feedback.pin: GPIO 17 is already the dice button's pin (dice.pin)"),
    ("[feedback]\npin = 18\ndevice = 'horn'", "feedback.device: must be one of buzzer, led, got 'horn'"),
    ("[feedback]\npin = 18\nvolume = 3", "unknown key feedback.volume (allowed: pin, device)"),
    ("feedback = 18", "feedback: must be a table ([feedback])"),
    ('[feedback]\npin = 25\n[[readers]]\nname = "c"\ndriver = "mfrc522"',
     "feedback.pin: GPIO 25 is already readers[0].reset_pin"),
    ('[feedback]\npin = 14\n[[readers]]\nname = "t"\ndriver = "pn532"',
     "feedback.pin: GPIO 14 is a UART pin, used by the PN532 reader"),
    ('[feedback]\npin = 10\n[[readers]]\nname = "c"\ndriver = "mfrc522"',
     "feedback.pin: GPIO 10 is SPI0 MOSI, used by the MFRC522 reader 'c'; wire it to another pin"),
    ('[dice]\npin = 15\n[[readers]]\nname = "t"\ndriver = "pn532"',
     "dice.pin: GPIO 15 is UART RXD, used by the PN532 reader 't'; wire it to another pin"),
    ('[[readers]]\nname = "c"\ndriver = "mfrc522"\nbus = 1',
     "dice.pin: GPIO 17 is SPI1 CE1, used by the MFRC522 reader 'c'; wire it to another pin"),
    ('[dice]\nenabled = false\n[[readers]]\nname = "c"\ndriver = "mfrc522"\nreset_pin = 8',
     "readers[0].reset_pin: GPIO 8 is SPI0 CE0, used by the MFRC522 reader 'c'"),
    ("a = 1\nb = 2", "unknown keys a, b (allowed:"),
    ("dice = 3", "dice: must be a table ([dice])"),
    ("[dice]\npin = 28", "dice.pin: must be 0-27, got 28"),
    ("[dice]\npin = -1", "dice.pin: must be 0-27, got -1"),
    ("[dice]\npin = true", "dice.pin: must be an integer, got True"),
    ("[dice]\nhold_time = -1.5", "dice.hold_time: must be a number of seconds > 0, got -1.5"),
    ('[dice]\nenabled = "yes"', "dice.enabled: must be true or false, got 'yes'"),
    ("[dice]\nbutton = 4", "unknown key dice.button (allowed: pin, hold_time, enabled)"),
    ('readers = "x"', "readers: must be an array of tables ([[readers]])"),
    ('[[readers]]\ndriver = "fake"', "readers[0].name: must be a non-empty string, got None"),
    ('[[readers]]\nname = ""\ndriver = "fake"',
     "readers[0].name: must be a non-empty string, got ''"),
    ('[[readers]]\nname = "a"', "readers[0].driver: missing (one of: mfrc522, pn532, fake)"),
    ('[[readers]]\nname = "a"\ndriver = "fake"\n[[readers]]\nname = "b"\ndriver = "rc522"',
     "readers[1].driver: must be one of mfrc522, pn532, fake, got 'rc522'"),
    ('[[readers]]\nname = "a"\ndriver = "fake"\nrole = "dice"',
     "readers[0].role: must be one of cards, tiles, got 'dice'"),
    ('[[readers]]\nname = "a"\ndriver = "mfrc522"\nport = "/dev/serial0"',
     "unknown key readers[0].port for driver 'mfrc522' "
     "(allowed: name, driver, role, bus, device, reset_pin, spi_speed_hz, poll_budget, antenna_gain)"),
    ('[[readers]]\nname = "a"\ndriver = "pn532"\nbus = 0',
     "unknown key readers[0].bus for driver 'pn532' "
     "(allowed: name, driver, role, port, baudrate, retries, poll_timeout)"),
    ('[[readers]]\nname = "a"\ndriver = "fake"\nbaudrate = 9600',
     "unknown key readers[0].baudrate for driver 'fake' (allowed: name, driver, role)"),
    ('[[readers]]\nname = "a"\ndriver = "mfrc522"\nreset_pin = 14',
     "readers[0].reset_pin: must not be 14 or 15 (the UART TXD/RXD pins), got 14"),
    ('[[readers]]\nname = "a"\ndriver = "mfrc522"\nreset_pin = 15',
     "readers[0].reset_pin: must not be 14 or 15"),
    ('[[readers]]\nname = "a"\ndriver = "mfrc522"\nreset_pin = 40',
     "readers[0].reset_pin: must be 0-27, got 40"),
    ('[[readers]]\nname = "a"\ndriver = "mfrc522"\nbus = "0"',
     "readers[0].bus: must be an integer, got '0'"),
    ('[[readers]]\nname = "a"\ndriver = "mfrc522"\ndevice = 3',
     "readers[0].device: must be 0-2, got 3"),
    ('[[readers]]\nname = "a"\ndriver = "pn532"\nport = 0',
     "readers[0].port: must be a device path string such as '/dev/serial0', got 0"),
    ('[[readers]]\nname = "a"\ndriver = "pn532"\nport = "serial0"',
     "readers[0].port: must be a device path string such as '/dev/serial0', got 'serial0'"),
    ('[[readers]]\nname = "a"\ndriver = "pn532"\nbaudrate = 0',
     "readers[0].baudrate: must be a positive integer (bits per second), got 0"),
    ('[[readers]]\nname = "a"\ndriver = "fake"\n[[readers]]\nname = "a"\ndriver = "pn532"',
     "readers[1].name: 'a' is already used by readers[0]; reader names must be unique"),
    # trial2: a TOML date or time is said as the file writes it, not as Python's repr
    ("poll_interval = 1979-05-27", "poll_interval: must be a number of seconds > 0, got 1979-05-27"),
    ("[dice]\nhold_time = 07:32:00", "dice.hold_time: must be a number of seconds > 0, got 07:32:00"),
    # trial2: a poll interval no timer can wait (inf raised OverflowError in the reader thread)
    ("poll_interval = inf", "poll_interval: must be at most 5 seconds, got inf"),
    ("poll_interval = 1e9", "poll_interval: must be at most 5 seconds, got 1000000000.0"),
    ('[[readers]]\nname = "a"\ndriver = "pn532"\nbaudrate = 99999999999999999999',
     "readers[0].baudrate: must be at most 1288000 bits per second, got 99999999999999999999"),
    ('[[readers]]\nname = "a"\ndriver = "pn532"\npoll_timeout = inf',
     "readers[0].poll_timeout: must be at most 10 seconds, got inf"),
    # trial2: two readers on one chip select, one UART, one reset line
    ('[[readers]]\nname = "a"\ndriver = "mfrc522"\n[[readers]]\nname = "b"\ndriver = "mfrc522"',
     "readers[1]: /dev/spidev0.0 is already readers[0] ('a'); give each reader its own device"),
    ('[[readers]]\nname = "a"\ndriver = "pn532"\n[[readers]]\nname = "b"\ndriver = "pn532"',
     "readers[1]: /dev/serial0 is already readers[0] ('a'); give each reader its own device"),
    ('[[readers]]\nname = "a"\ndriver = "mfrc522"\n[[readers]]\nname = "b"\ndriver = "mfrc522"\ndevice = 1',
     "readers[1].reset_pin: GPIO 25 is already readers[0].reset_pin; wire one of them to another pin"),
]


@pytest.mark.parametrize("text, message", BAD)
def test_bad_values_name_the_key(tmp_path, text, message):
    path = write(tmp_path, text)
    with pytest.raises(ConfigError) as caught:
        load_config(path)
    assert str(caught.value).startswith(f"{path}: ")
    assert message in str(caught.value)


def test_a_file_saved_with_a_byte_order_mark_loads(tmp_path):
    """trial2: Windows Notepad's UTF-8 starts with U+FEFF; it was "invalid TOML ... line 1, column 1"."""
    path = tmp_path / "config.toml"
    path.write_bytes("\ufeffpoll_interval = 0.2\n".encode())
    assert load_config(path).poll_interval == 0.2


def test_invalid_toml_names_the_line(tmp_path):
    path = write(tmp_path, 'language = "en"\n[dice]\npin = \n')
    with pytest.raises(ConfigError, match=r"invalid TOML: .*line 3"):
        load_config(path)


def test_config_error_is_a_companion_error_and_a_value_error():
    assert issubclass(ConfigError, CompanionError) and issubclass(ConfigError, ValueError)


def test_missing_explicit_file_is_an_error(tmp_path):
    with pytest.raises(ConfigError, match="no such config file"):
        load_config(tmp_path / "nope.toml")


def test_missing_default_file_means_defaults(tmp_path, monkeypatch):
    monkeypatch.delenv("COMPANION_CONFIG", raising=False)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    assert default_config_path() == tmp_path / "haunt-companion" / "config.toml"
    assert load_config() == default_config()


def test_default_path_file_is_read(tmp_path, monkeypatch):
    path = write(tmp_path, 'language = "it"')
    monkeypatch.setenv("COMPANION_CONFIG", str(path))
    assert load_config().language == "it"


def test_default_path_without_env_uses_platformdirs(monkeypatch):
    from platformdirs import user_config_path

    monkeypatch.delenv("COMPANION_CONFIG", raising=False)
    assert default_config_path() == user_config_path("haunt-companion") / "config.toml"


def test_review_findings_are_refused(tmp_path, monkeypatch):
    """A newcomer's pass: a missing $COMPANION_CONFIG file was silently ignored, a pin clash
    was accepted, and an infinite hold time too."""
    from companion.config import ConfigError, load_config, parse_config

    monkeypatch.setenv("COMPANION_CONFIG", str(tmp_path / "nope.toml"))
    with pytest.raises(ConfigError, match="no such config file"):
        load_config()
    with pytest.raises(ConfigError, match=r"readers\[0\].reset_pin: GPIO 25 is already the dice button's pin"):
        parse_config('[dice]\npin = 25\n[[readers]]\nname = "cards"\ndriver = "mfrc522"\nreset_pin = 25\n')
    with pytest.raises(ConfigError, match="dice.hold_time"):
        parse_config("[dice]\nhold_time = inf\n")


def test_mfrc522_gain_speed_and_budget_and_pn532_retries_and_timeout():
    """Issue 20: the MFRC522's antenna gain, SPI speed and poll budget; the PN532's MxRty and
    per-poll timeout, which must leave room for every activation attempt."""
    config = parse_config('[[readers]]\nname = "a"\ndriver = "mfrc522"\nantenna_gain = 48\nspi_speed_hz = 4000000\n'
                          'poll_budget = 0.03\n'
                          '[[readers]]\nname = "b"\ndriver = "pn532"\nretries = 5\npoll_timeout = 0.2\n')
    assert config.readers[0].driver_kwargs() == {"bus": 0, "device": 0, "reset_pin": 25, "spi_speed_hz": 4_000_000,
                                                 "poll_budget": 0.03, "antenna_gain": 48}
    assert config.readers[1].driver_kwargs() == {"port": "/dev/serial0", "baudrate": 115200, "retries": 5,
                                                 "timeout": 0.2}
    for text, message in (('antenna_gain = 40', r"antenna_gain: must be one of 18, 23, 33, 38, 43, 48 \(dB\), got 40"),
                          ('spi_speed_hz = 20000000', "spi_speed_hz: must be 10000-10000000"),
                          ('poll_budget = 0.5', "poll_budget: must be at most 0.05 seconds")):
        with pytest.raises(ConfigError, match=message):
            parse_config(f'[[readers]]\nname = "a"\ndriver = "mfrc522"\n{text}\n')
    with pytest.raises(ConfigError, match=r"poll_timeout: 0.05 s is shorter than 3 activation attempts \(retries = 2\) "
                                          r"may take on a slow board: at least 0.1 s, or fewer retries"):
        parse_config('[[readers]]\nname = "b"\ndriver = "pn532"\npoll_timeout = 0.05\n')


def test_virtual_taps_is_a_boolean_off_by_default():
    from companion.config import ConfigError, parse_config

    assert parse_config("").virtual_taps is False
    assert parse_config("virtual_taps = true").virtual_taps is True
    with pytest.raises(ConfigError, match=r"virtual_taps: must be true or false, got 'yes'"):
        parse_config('virtual_taps = "yes"')
