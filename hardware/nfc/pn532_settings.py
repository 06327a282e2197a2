"""The PN532 driver's settings (:class:`hardware.nfc.pn532.PN532Reader`, UART): its
``[[readers]]`` keys, their ranges and defaults, and the UART pins it takes on the header."""

from __future__ import annotations

from typing import Annotated

import msgspec
from msgspec import Meta

from hardware.board import UART_PINS, UART_PORTS, poll_timeout_for
from hardware.nfc.settings import ReaderSettings, Seconds


class PN532Settings(ReaderSettings, frozen=True):
    """One PN532 on a serial port.

    Attributes:
        port: serial device path (``/dev/serial0``, a USB adapter's ``/dev/ttyUSB0``).
        baudrate: serial speed in bits per second.
        retries: passive activation retries per poll, MxRtyPassiveActivation (0-254).
        timeout: seconds to wait for a poll's answer, key ``poll_timeout`` (None: enough for
            ``retries``, :func:`hardware.board.poll_timeout_for`).
    """

    label = "PN532"
    #: A poll costs a few ms of UART traffic and its NDEF read three exchanges more, so 50 ms
    #: keeps tap -> daemon under 100 ms (benchmarks/pn532_latency.py).
    poll_interval = 0.05

    port: Annotated[str, Meta(pattern="^/", description="a device path string such as '/dev/serial0'")] = "/dev/serial0"
    #: The PN532's fastest HSU speed (its datasheet's table 3: 9600 to 1288000 baud).
    baudrate: Annotated[int, Meta(gt=0, le=1_288_000, extra={"unit": "bits per second"})] = 115200
    retries: Annotated[int, Meta(ge=0, le=254)] = 2
    timeout: Annotated[Seconds, Meta(le=10)] | None = msgspec.field(default=None, name="poll_timeout")

    def __post_init__(self) -> None:
        least = poll_timeout_for(self.retries)
        if self.timeout is not None and self.timeout < least:
            raise ValueError(f"poll_timeout: {self.timeout:g} s is shorter than {self.retries + 1} activation attempts "
                             f"(retries = {self.retries}) may take on a slow board: at least {least:g} s, "
                             f"or fewer retries")

    def bus_pins(self) -> dict[int, str]:
        return dict(zip(UART_PINS, ("UART TXD", "UART RXD"))) if self.port in UART_PORTS else {}

    def devices(self) -> list[str]:
        return [self.port]

    def describe(self) -> str:
        timeout = self.timeout or poll_timeout_for(self.retries)
        return (f"PN532 on {self.port} at {self.baudrate} baud, {self.retries} activation retries (MxRty), "
                f"poll timeout {timeout:g} s")
