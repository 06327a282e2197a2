"""Hardware: NFC readers and the dice button, and the simulated table the product runs on
without them (the ``fake`` reader, gpiozero's mock pins: :mod:`hardware.simulated`).

The chip simulators the drivers' tests run on are test support, kept apart in
:mod:`hardware.testing`; no product module imports them.

Chip libraries (``mfrc522``, ``spidev``, ``lgpio``) are imported lazily inside the drivers
that need them, so ``import hardware`` works on any machine.
"""
