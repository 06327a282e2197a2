"""Each reader driver's settings, declared beside it (issue 27 item 5): the factory's
registry gives every driver its own Struct, whose fields are the driver class's keyword
arguments with the same defaults."""

from __future__ import annotations

import inspect
import typing
from importlib import import_module

import msgspec
import pytest

from hardware.factory import DRIVERS, SETTINGS
from hardware.nfc.settings import ReaderSettings


def test_every_driver_has_its_own_settings_struct():
    assert list(SETTINGS) == list(DRIVERS) == ["mfrc522", "pn532", "fake"]
    assert len(set(SETTINGS.values())) == len(SETTINGS)
    for settings in SETTINGS.values():
        assert issubclass(settings, ReaderSettings) and settings.__struct_config__.forbid_unknown_fields
        assert settings.__struct_config__.frozen


@pytest.mark.parametrize("driver", list(DRIVERS))
def test_the_settings_are_the_driver_classs_keywords_and_defaults(driver):
    module, cls = DRIVERS[driver]
    reader = getattr(import_module(module), cls)
    parameters = inspect.signature(reader).parameters
    kwargs = SETTINGS[driver]().kwargs()
    assert kwargs == {key: parameters[key].default for key in kwargs}
    assert set(parameters) - set(kwargs) <= {"name", "serial_factory"}  # what the config never sets


def test_each_drivers_keys_and_what_they_take():
    fields = {driver: [f.encode_name for f in msgspec.structs.fields(s)] for driver, s in SETTINGS.items()}
    assert fields == {"mfrc522": ["bus", "device", "reset_pin", "spi_speed_hz", "poll_budget", "antenna_gain"],
                      "pn532": ["port", "baudrate", "retries", "poll_timeout"], "fake": []}
    assert (SETTINGS["mfrc522"].poll_interval, SETTINGS["pn532"].poll_interval, SETTINGS["fake"].poll_interval) == \
        (0.1, 0.05, 0.1)


def test_the_mfrc522_gains_are_the_drivers():
    from hardware.nfc.mfrc522 import ANTENNA_GAINS
    from hardware.nfc.mfrc522_settings import MFRC522Settings

    hint = typing.get_type_hints(MFRC522Settings, include_extras=True)["antenna_gain"]
    assert typing.get_args(typing.get_args(hint)[0]) == tuple(ANTENNA_GAINS)


def test_a_struct_refuses_what_its_chip_cannot_have():
    from hardware.nfc.mfrc522_settings import MFRC522Settings
    from hardware.nfc.pn532_settings import PN532Settings

    with pytest.raises(msgspec.ValidationError, match=r"reset_pin: must not be 14 or 15 .*got 15"):
        msgspec.convert({"reset_pin": 15}, MFRC522Settings)
    with pytest.raises(msgspec.ValidationError, match=r"Expected `int` <= 6 - at `\$.bus`"):
        msgspec.convert({"bus": 7}, MFRC522Settings)
    with pytest.raises(msgspec.ValidationError, match=r"poll_timeout: 0.05 s is shorter than 3 activation attempts"):
        msgspec.convert({"poll_timeout": 0.05}, PN532Settings)
    with pytest.raises(msgspec.ValidationError, match="unknown field `bus`"):
        msgspec.convert({"bus": 0}, PN532Settings)


def test_what_each_reader_takes_on_the_header_and_in_dev():
    from hardware.nfc.mfrc522_settings import MFRC522Settings
    from hardware.nfc.pn532_settings import PN532Settings

    spi1 = MFRC522Settings(bus=1, device=2, reset_pin=24)
    assert (spi1.pins(), spi1.devices()) == ({"reset_pin": 24}, ["/dev/spidev1.2"])
    assert sorted(spi1.bus_pins()) == [16, 17, 18, 19, 20, 21] and spi1.bus_pins()[20] == "SPI1 MOSI"
    assert MFRC522Settings(bus=2).bus_pins() == {}
    assert PN532Settings().bus_pins() == {14: "UART TXD", 15: "UART RXD"}
    assert PN532Settings(port="/dev/ttyUSB0").bus_pins() == {} and PN532Settings(port="/dev/ttyUSB0").pins() == {}
    assert PN532Settings(retries=5).describe() == ("PN532 on /dev/serial0 at 115200 baud, 5 activation retries "
                                                   "(MxRty), poll timeout 0.16 s")
