"""What a reader driver's settings are (issue 27 item 5): the keys of its ``[[readers]]``
table besides ``name``, ``driver`` and ``role``, declared once beside the driver as a frozen
msgspec :class:`~msgspec.Struct` (``hardware/nfc/<driver>_settings.py``) whose fields give
each key's type, range and default and are the driver class's keyword arguments.

The config (:mod:`companion.config`) converts a table into a driver's struct and says a bad
value in one line from the field's type: a ``Meta`` may carry ``extra={"unit": ...}`` (the
words after a number) or a ``description`` (the whole "must be ..." phrase). A check across
fields raises ``ValueError("<key>: <problem>")`` in ``__post_init__``.

Kept out of the driver modules, which only :mod:`hardware.factory` imports (house style 2):
this module and the settings modules import msgspec and nothing else outside ``hardware``.
"""

from __future__ import annotations

from typing import Annotated, Any, ClassVar

import msgspec
from msgspec import Meta

#: A BCM GPIO pin on the 40-pin header.
Pin = Annotated[int, Meta(ge=0, le=27)]
#: A number of seconds > 0 (an int is taken as a float).
Seconds = Annotated[float, Meta(gt=0, extra={"unit": "seconds"})]


class ReaderSettings(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """A driver's settings; the base has none (the ``fake`` driver's).

    Class attributes:
        label: the chip's name in messages (``"MFRC522"``).
        poll_interval: seconds between polls when the config names none.
    """

    label: ClassVar[str] = "simulated"
    poll_interval: ClassVar[float] = 0.1

    def kwargs(self) -> dict[str, Any]:
        """The driver class's keyword arguments (its name excluded)."""
        return msgspec.structs.asdict(self)

    def pins(self) -> dict[str, int]:
        """Config key -> the BCM pin the driver drives itself (a reset line)."""
        return {}

    def bus_pins(self) -> dict[int, str]:
        """BCM pin -> the bus line on it (``"SPI0 MOSI"``) that the reader needs."""
        return {}

    def devices(self) -> list[str]:
        """The device nodes the reader opens (the service waits for them)."""
        return []

    def describe(self) -> str:
        """The settings in one phrase, for ``companion doctor``."""
        return "simulated reader (no hardware)"


class FakeSettings(ReaderSettings, frozen=True):
    """The ``fake`` driver (:class:`hardware.nfc.fake.FakeNfcReader`): no keys."""
