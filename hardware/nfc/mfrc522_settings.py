"""The MFRC522 driver's settings (:class:`hardware.nfc.mfrc522.MFRC522Reader`, SPI): its
``[[readers]]`` keys, their ranges and defaults, and the pins its SPI bus takes."""

from __future__ import annotations

from typing import Annotated, Literal

from msgspec import Meta

from hardware.board import UART_PINS
from hardware.nfc.settings import Pin, ReaderSettings, Seconds

#: BCM pins of each SPI bus an MFRC522 may use (CE2/CE1/CE0, MISO, MOSI, SCLK).
SPI_PINS = {0: {7: "SPI0 CE1", 8: "SPI0 CE0", 9: "SPI0 MISO", 10: "SPI0 MOSI", 11: "SPI0 SCLK"},
            1: {16: "SPI1 CE2", 17: "SPI1 CE1", 18: "SPI1 CE0", 19: "SPI1 MISO", 20: "SPI1 MOSI",
                21: "SPI1 SCLK"}}


class MFRC522Settings(ReaderSettings, frozen=True):
    """One MFRC522 on ``/dev/spidev{bus}.{device}``.

    Attributes:
        bus, device: SPI bus (0-6) and chip select (0-2).
        reset_pin: BCM pin wired to the chip's RST (not the UART pins 14/15).
        spi_speed_hz: SPI clock, Hz (10 kHz to 10 MHz).
        poll_budget: seconds one poll may take at most (up to 0.05).
        antenna_gain: receiver gain, dB (RFCfgReg; 48 reads stickers through card sleeves
            on cheap boards).
    """

    label = "MFRC522"
    poll_interval = 0.1  # the 100 ms

    bus: Annotated[int, Meta(ge=0, le=6)] = 0
    device: Annotated[int, Meta(ge=0, le=2)] = 0
    reset_pin: Pin = 25
    spi_speed_hz: Annotated[int, Meta(ge=10_000, le=10_000_000)] = 1_000_000
    poll_budget: Annotated[Seconds, Meta(le=0.05)] = 0.05
    antenna_gain: Annotated[Literal[18, 23, 33, 38, 43, 48], Meta(extra={"unit": "dB"})] = 33

    def __post_init__(self) -> None:
        if self.reset_pin in UART_PINS:
            raise ValueError(f"reset_pin: must not be 14 or 15 (the UART TXD/RXD pins), got {self.reset_pin}")

    def pins(self) -> dict[str, int]:
        return {"reset_pin": self.reset_pin}

    def bus_pins(self) -> dict[int, str]:
        return dict(SPI_PINS.get(self.bus, {}))

    def devices(self) -> list[str]:
        return [f"/dev/spidev{self.bus}.{self.device}"]

    def describe(self) -> str:
        return (f"MFRC522 on {self.devices()[0]}, reset GPIO {self.reset_pin}, SPI {self.spi_speed_hz / 1e6:g} MHz, "
                f"poll budget {self.poll_budget * 1000:g} ms, antenna gain {self.antenna_gain} dB")
