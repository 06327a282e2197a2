"""Build readers by driver name, importing each driver only when it is asked for.

Only this module imports driver modules, by config name (house style 2), so a machine
without SPI or serial support can still run everything else. Each driver's settings (its
``[[readers]]`` keys) are a struct in a light module beside it (:mod:`hardware.nfc.settings`),
imported here at once: the config checks a table against :data:`SETTINGS`.

A new driver is its module, its settings module and one line in each of the two tables below.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

from hardware.errors import HardwareError
from hardware.nfc.base import Reader
from hardware.nfc.mfrc522_settings import MFRC522Settings
from hardware.nfc.pn532_settings import PN532Settings
from hardware.nfc.settings import FakeSettings, ReaderSettings

#: driver name -> (module, class)
DRIVERS = {
    "mfrc522": ("hardware.nfc.mfrc522", "MFRC522Reader"),
    "pn532": ("hardware.nfc.pn532", "PN532Reader"),
    "fake": ("hardware.nfc.fake", "FakeNfcReader"),
}
#: driver name -> its settings (the class's keyword arguments), in the order of :data:`DRIVERS`
SETTINGS: dict[str, type[ReaderSettings]] = {
    "mfrc522": MFRC522Settings,
    "pn532": PN532Settings,
    "fake": FakeSettings,
}


class UnknownDriver(HardwareError, ValueError):
    """A reader driver name that is not in :data:`DRIVERS`."""


def build_reader(driver: str, name: str, **settings: Any) -> Reader:
    """Open one reader.

    Args:
        driver: ``"mfrc522"``, ``"pn532"`` or ``"fake"``.
        name: the reader's name (``"cards"``), used in events and messages.
        settings: the driver's own keyword arguments (bus, device, reset_pin, port, ...).

    Raises:
        UnknownDriver: no such driver.
        HardwareError: the driver could not open its reader (``ReaderUnavailable`` is an
            ``OSError`` too).
    """
    if driver not in DRIVERS:
        raise UnknownDriver(f"reader {name}: unknown driver {driver!r}; drivers are: {', '.join(DRIVERS)}")
    module, cls = DRIVERS[driver]
    return getattr(import_module(module), cls)(name, **settings)
