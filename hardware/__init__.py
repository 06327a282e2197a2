"""Hardware: NFC readers and the dice button, each driver with its fake beside it.

Chip libraries (``mfrc522``, ``spidev``, ``lgpio``) are imported lazily inside the drivers
that need them, so ``import hardware`` works on any machine.
"""
