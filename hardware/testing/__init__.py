"""Test support only: chip-level simulators for the drivers' tests and benchmarks.

The product never imports this package (``tests/hardware/test_testing_apart.py`` checks every
module of ``companion``, ``hardware`` and ``ui``). What is here replaces a chip below its
driver, so the real driver code runs over it:

* :mod:`hardware.testing.mfrc522_chip`: a simulated MFRC522 (registers, FIFO, timer,
  CRC coprocessor) and the ISO 14443-A cards in its field;
* :mod:`hardware.testing.fake_spidev`: fake ``spidev`` and ``RPi.GPIO`` modules wired to it
  (``installed()``), so the real ``mfrc522`` library and ``MFRC522Reader`` run unchanged;
* :mod:`hardware.testing.pn532_chip`: a simulated PN532 on a pseudo-terminal, answering the
  real ``PN532Reader`` over real pyserial.

The simulated hardware the product itself runs on (the demo, replays, laptop play, a
machine without readers) is not here: it is the ``fake`` reader driver
(:mod:`hardware.nfc.fake`), the finger on gpiozero's mock pins (:mod:`hardware.dice.fake`)
and :class:`hardware.simulated.SimulatedTable`, the way gpiozero ships its ``MockFactory``
in ``gpiozero.pins.mock`` beside the real pin factories.
"""
