"""The config's tables as msgspec Structs (issue 27 items 5 and 6): msgspec's verdict said in
one line naming the file and the key, and a new reader driver's keys read from its own
settings struct with no change to the companion package."""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

from companion.config import ConfigError, parse_config
from tests.checkout import checkout_env

READER = '[[readers]]\nname = "a"\ndriver = "fake"\n[[readers]]\nname = "b"\ndriver = "mfrc522"\n'


@pytest.mark.parametrize("text, message", [
    ("[dice]\npin = 17\nhold = 1\nrelease = 2", "cfg.toml: unknown keys dice.hold, dice.release (allowed: pin, "
                                                "hold_time, enabled)"),
    (READER + "spi_bus = 1", "cfg.toml: unknown key readers[1].spi_bus for driver 'mfrc522' (allowed: name, driver, "
                             "role, bus, device, reset_pin, spi_speed_hz, poll_budget, antenna_gain)"),
    ("[[readers]]\nname = \"t\"\ndriver = \"pn532\"\ntimeout = 1", "cfg.toml: unknown key readers[0].timeout for "
     "driver 'pn532' (allowed: name, driver, role, port, baudrate, retries, poll_timeout)"),
])
def test_an_unknown_key_is_named_with_every_other_unknown_key_of_its_table(text, message):
    with pytest.raises(ConfigError) as caught:
        parse_config(text, source="cfg.toml")
    assert str(caught.value) == message


@pytest.mark.parametrize("text, message", [
    (READER + "bus = 1.0", "readers[1].bus: must be an integer, got 1.0"),
    (READER + "spi_speed_hz = true", "readers[1].spi_speed_hz: must be an integer, got True"),
    (READER + "poll_budget = '50 ms'", "readers[1].poll_budget: must be a number of seconds > 0, got '50 ms'"),
    (READER + "antenna_gain = 'max'", "readers[1].antenna_gain: must be one of 18, 23, 33, 38, 43, 48 (dB), got 'max'"),
    ('[[readers]]\nname = "t"\ndriver = "pn532"\nbaudrate = "fast"', "readers[0].baudrate: must be an integer, "
                                                                      "got 'fast'"),
    ("virtual_taps = 1", "virtual_taps: must be true or false, got 1"),
    ("language = 1979-05-27", "language: must be one of en, it, got 1979-05-27"),
    ("readers = [3]", "readers[0]: must be a table ([[readers]])"),
])
def test_a_value_of_the_wrong_type_names_the_key_and_what_it_must_be(text, message):
    with pytest.raises(ConfigError) as caught:
        parse_config(text, source="cfg.toml")
    assert str(caught.value) == f"cfg.toml: {message}"


@pytest.mark.parametrize("text, message", [
    (READER + "bus = 7", "readers[1].bus: must be 0-6, got 7"),
    (READER + "spi_speed_hz = 9999", "readers[1].spi_speed_hz: must be 10000-10000000, got 9999"),
    (READER + "poll_budget = 0.06", "readers[1].poll_budget: must be at most 0.05 seconds, got 0.06"),
    (READER + "poll_budget = nan", "readers[1].poll_budget: must be a number of seconds > 0, got nan"),
    ('[[readers]]\nname = "t"\ndriver = "pn532"\nretries = 255', "readers[0].retries: must be 0-254, got 255"),
    ('[[readers]]\nname = "t"\ndriver = "pn532"\npoll_timeout = 0', "readers[0].poll_timeout: must be a number of "
                                                                     "seconds > 0, got 0"),
    ("[dice]\nhold_time = 10.5", "dice.hold_time: must be at most 10 seconds, got 10.5"),
    ("[feedback]\npin = 28", "feedback.pin: must be 0-27, got 28"),
    ("poll_interval = -0.1", "poll_interval: must be a number of seconds > 0, got -0.1"),
])
def test_a_value_out_of_range_names_the_key_and_the_range(text, message):
    with pytest.raises(ConfigError) as caught:
        parse_config(text, source="cfg.toml")
    assert str(caught.value) == f"cfg.toml: {message}"
    assert "\n" not in str(caught.value) and "$" not in str(caught.value)


def test_a_valid_file_gives_the_same_values_as_before():
    """The figures the hand-written validators gave: ints stay ints, seconds become floats."""
    config = parse_config(READER + "device = 1\npoll_budget = 0.03\n[dice]\nhold_time = 2\n"
                                   '[feedback]\npin = 22\ndevice = "led"\n')
    assert config.readers[1].driver_kwargs() == {"bus": 0, "device": 1, "reset_pin": 25, "spi_speed_hz": 1_000_000,
                                                 "poll_budget": 0.03, "antenna_gain": 33}
    assert type(config.dice.hold_time) is float and config.dice.hold_time == 2.0
    assert (config.feedback.pin, config.feedback.device, config.dice_required) == (22, "led", True)
    assert parse_config("").dice_required is False and parse_config("[dice]").dice_required is True
    assert parse_config("[dice]") == parse_config("")  # the hint is not part of the config's value


NEW_DRIVER = textwrap.dedent('''
    from typing import Annotated

    from msgspec import Meta

    import hardware.factory
    from hardware.nfc.settings import Pin, ReaderSettings

    class ToySettings(ReaderSettings, frozen=True):
        label = "TOY"
        poll_interval = 0.2
        address: Annotated[int, Meta(ge=8, le=119)] = 0x24
        irq_pin: Pin = 4

        def pins(self):
            return {"irq_pin": self.irq_pin}

        def bus_pins(self):
            return {2: "I2C1 SDA", 3: "I2C1 SCL"}

    hardware.factory.DRIVERS["toy"] = ("hardware.nfc.fake", "FakeNfcReader")
    hardware.factory.SETTINGS["toy"] = ToySettings

    from companion.config import ConfigError, parse_config

    config = parse_config('[[readers]]\\nname = "t"\\ndriver = "toy"\\naddress = 40\\n')
    print(config.readers[0].driver_kwargs(), config.interval_for(config.readers[0]))
    for text in ('address = 7', 'irq_pin = 17', 'bus = 0'):
        try:
            parse_config(f'[[readers]]\\nname = "t"\\ndriver = "toy"\\n{text}\\n', source="cfg.toml")
        except ConfigError as exc:
            print(exc)
    try:
        parse_config('[dice]\\npin = 3\\n[[readers]]\\nname = "t"\\ndriver = "toy"\\n', source="cfg.toml")
    except ConfigError as exc:
        print(exc)
''')


@pytest.mark.slow
def test_a_new_driver_is_read_from_its_own_settings_with_no_change_to_the_companion():
    """Issue 27 item 5: a driver registered in hardware.factory (module, class, settings)
    has its keys checked, its pins kept free and its poll interval used by the config."""
    done = subprocess.run([sys.executable, "-c", NEW_DRIVER], capture_output=True, text=True, env=checkout_env(),
                          check=True)
    assert done.stdout.splitlines() == [
        "{'address': 40, 'irq_pin': 4} 0.2",
        "cfg.toml: readers[0].address: must be 8-119, got 7",
        "cfg.toml: readers[0].irq_pin: GPIO 17 is already the dice button's pin (dice.pin); wire one of them to "
        "another pin",
        "cfg.toml: unknown key readers[0].bus for driver 'toy' (allowed: name, driver, role, address, irq_pin)",
        "cfg.toml: dice.pin: GPIO 3 is I2C1 SCL, used by the TOY reader 't'; wire it to another pin",
    ]
