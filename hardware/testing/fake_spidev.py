"""Fake ``spidev`` and ``RPi.GPIO`` modules wired to a simulated MFRC522 (test support only).

:func:`installed` puts the fake modules into :data:`sys.modules` (and drops any cached
``mfrc522`` package so it re-imports against them), so the real ``mfrc522.MFRC522`` class
and :class:`hardware.nfc.mfrc522.MFRC522Reader` run unchanged over a
:class:`~hardware.testing.mfrc522_chip.SimChip`; on exit the previous modules are put back::

    chip = SimChip()
    with installed(chip):
        chip.present(SimCard.ntag215(bytes.fromhex("04112233445566")))
        with MFRC522Reader("table") as reader:
            reader.poll()

The fake ``spidev`` opens only the ``/dev/spidev{bus}.{device}`` the chip was installed on
(any other fails like a missing ``/dev`` node); the fake ``RPi.GPIO`` keeps the numbering
mode, pin directions and levels in a :class:`SimGPIO`, and an output on the chip's reset pin
drives its NRSTPD.
"""

from __future__ import annotations

import sys
import types
from collections.abc import Iterator
from contextlib import contextmanager

from hardware.testing.mfrc522_chip import SimChip

#: ``RPi.GPIO``'s constants, with the real module's values.
GPIO_CONSTANTS = {"BOARD": 10, "BCM": 11, "OUT": 0, "IN": 1, "HIGH": 1, "LOW": 0,
                  "PUD_UP": 22, "PUD_DOWN": 21, "PUD_OFF": 20}
OUT = GPIO_CONSTANTS["OUT"]

#: The ``RPi.GPIO`` functions the fake module has (each a :class:`SimGPIO` method).
GPIO_FUNCTIONS = ("setmode", "getmode", "setup", "output", "input", "cleanup", "setwarnings")


class SimGPIO:
    """State behind the fake ``RPi.GPIO``: mode, pin directions and levels, cleanups.

    Its methods are the fake module's functions, with ``RPi.GPIO``'s own error messages.
    """

    def __init__(self, chip: SimChip | None = None, reset_pin: int | None = None):
        self.chip = chip
        self.reset_pin = reset_pin  # BCM pin wired to the chip's NRSTPD; None = any OUT pin
        self.mode: int | None = None
        self.pins: dict[int, int] = {}
        self.levels: dict[int, int] = {}
        self.cleanups: list[int | None] = []

    def setmode(self, mode):
        if self.mode is not None and self.mode != mode:
            raise ValueError("A different mode has already been set!")
        self.mode = mode

    def getmode(self):
        return self.mode

    def setup(self, pin, direction, pull_up_down=None, initial=None):
        if self.mode is None:
            raise RuntimeError("Please set pin numbering mode using GPIO.setmode(GPIO.BOARD) or GPIO.setmode(GPIO.BCM)")
        self.pins[pin] = direction
        if initial is not None:
            self.output(pin, initial)

    def output(self, pin, value):
        if self.pins.get(pin) != OUT:
            raise RuntimeError("The GPIO channel has not been set up as an OUTPUT")
        self.levels[pin] = int(bool(value))
        if self.chip is not None and (self.reset_pin is None or self.reset_pin == pin):
            self.chip.set_reset_pin(int(bool(value)))

    def input(self, pin):
        return self.levels.get(pin, 0)

    def cleanup(self, channel=None):
        self.cleanups.append(channel)
        if channel is None:
            self.pins.clear()
            self.mode = None
            return
        for pin in channel if isinstance(channel, (list, tuple)) else (channel,):
            self.pins.pop(pin, None)

    def setwarnings(self, flag):
        pass


def _make_gpio_module(state: SimGPIO) -> types.ModuleType:
    gpio = types.ModuleType("RPi.GPIO")
    for name, value in GPIO_CONSTANTS.items():
        setattr(gpio, name, value)
    for name in GPIO_FUNCTIONS:
        setattr(gpio, name, getattr(state, name))
    return gpio


def _make_spidev_module(chips: dict[tuple[int, int], SimChip]) -> types.ModuleType:
    spidev = types.ModuleType("spidev")

    class SpiDev:
        def __init__(self):
            self.chip: SimChip | None = None
            self.max_speed_hz = 500_000
            self.mode = 0

        def open(self, bus, device):
            if (bus, device) not in chips:
                raise FileNotFoundError(2, "No such file or directory", f"/dev/spidev{bus}.{device}")
            self.chip = chips[(bus, device)]

        def xfer2(self, data):
            if self.chip is None:
                raise OSError(9, "Bad file descriptor")
            self.chip.spi_speed_hz = self.max_speed_hz
            return self.chip.transfer(list(data))

        xfer = xfer2

        def close(self):
            self.chip = None

    setattr(spidev, "SpiDev", SpiDev)  # noqa: B010 (a module made at run time)
    return spidev


_FAKED = ("spidev", "RPi", "RPi.GPIO")
_DROPPED = ("mfrc522", "mfrc522.MFRC522", "mfrc522.SimpleMFRC522")


@contextmanager
def installed(chip: SimChip | None = None, bus: int = 0, device: int = 0,
              gpio: SimGPIO | None = None) -> Iterator[SimGPIO]:
    """Install fake ``spidev`` and ``RPi.GPIO`` wired to ``chip`` on ``/dev/spidev{bus}.{device}``.

    ``chip`` None means no SPI device at all (opening fails like a missing ``/dev`` node).
    Yields the :class:`SimGPIO` state. Any imported ``mfrc522`` package is dropped on entry
    (so it binds the fakes) and everything in ``sys.modules`` is restored on exit.
    """
    state = gpio or SimGPIO(chip)
    if state.chip is None:
        state.chip = chip
    saved = {name: sys.modules.get(name) for name in _FAKED + _DROPPED}
    rpi = types.ModuleType("RPi")
    setattr(rpi, "GPIO", _make_gpio_module(state))  # noqa: B010 (a module made at run time)
    try:
        for name in _DROPPED:
            sys.modules.pop(name, None)
        sys.modules["RPi"], sys.modules["RPi.GPIO"] = rpi, rpi.GPIO
        sys.modules["spidev"] = _make_spidev_module({} if chip is None else {(bus, device): chip})
        yield state
    finally:
        _restore(saved)


def _restore(saved: dict[str, types.ModuleType | None]) -> None:
    """Put ``sys.modules`` back as it was: each name its saved module, or absent."""
    for name, module in saved.items():
        if module is None:
            sys.modules.pop(name, None)
        else:
            sys.modules[name] = module
