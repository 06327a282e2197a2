"""MFRC522 over SPI (issue 3): full ISO/IEC 14443-3 type A anticollision, bounded polls.

Register access goes through the ``mfrc522`` package's low-level class
(``mfrc522.MFRC522``: ``Write_MFRC522`` / ``Read_MFRC522`` over ``spidev``, its reset-pin
setup and ``MFRC522_Init``), imported lazily in :meth:`MFRC522Reader.__init__`, or, where
that package is not installed (the Pi install, ``.[pi]``: it requires the stock
``RPi.GPIO``, which clashes with ``rpi-lgpio``), the driver's own :class:`SpiRegisters`
over ``spidev``. The package's higher layers are *not* used, because:

* ``MFRC522_Anticoll`` / ``MFRC522_SelectTag`` only know cascade level 1 (SEL 0x93), so a
  7-byte NTAG comes out as ``88 uid0 uid1 uid2`` + BCC: the cascade tag and the check byte,
  and two stickers sharing their first three bytes look identical.
* ``MFRC522_ToCard`` waits by counting 2000 register reads, and its exit test
  (``~((i != 0) and ~(n & 0x01) and ...)``, bitwise ``~`` on ints) never honours TimerIRq,
  so an empty field costs 2000 SPI round trips per poll whatever the chip's timer says.
* ``CalulateCRC`` does not clear CRCIRq before starting (``ClearBitMask`` on DivIrqReg
  writes Set2=0 with the CRCIRq bit itself masked out), so it can read a stale result.
* ``SimpleMFRC522.read`` authenticates with MIFARE Classic key A, wrong for NTAG, and
  loops without sleeping; ``Close_MFRC522`` calls ``GPIO.cleanup()`` for *every* pin.

Datasheet (NXP MFRC522 rev. 3.9) sections followed: 8.1.2 (SPI address byte), 8.5 (timer
unit: period = (2 * TPrescaler + 1) * (TReload + 1) / 13.56 MHz, TAuto starts it at the end
of transmission and stops it on the first received bits), 9.3.1.5 (ComIrqReg: Set1, TxIRq,
RxIRq, IdleIRq, ErrIRq, TimerIRq), 9.3.1.7 (ErrorReg), 9.3.1.14 (BitFramingReg: StartSend,
TxLastBits), 9.3.1.15 (CollReg), 10.3.1.8 (Transceive: stays active until another command
is written). ISO/IEC 14443-3: 6.3 (state machine: IDLE, READY, ACTIVE, HALT), 6.4.1
(REQA 0x26 / WUPA 0x52, 7-bit short frame), 6.4.3 (HLTA 0x50 0x00 + CRC_A), 6.5.3
(anticollision loop, NVB 0x20 / 0x70, BCC = XOR of the four UID CLn bytes), 6.5.4 (cascade
levels 0x93 / 0x95 / 0x97, cascade tag 0x88, SAK bit 0x04 = UID not complete), annex B
(CRC_A). NTAG21x datasheet: READ 0x30 returns four pages (16 bytes) + CRC_A.

CRC_A is computed in software (annex B) rather than with the chip's CalcCRC command: it is
exact, costs no SPI round trips and cannot read a stale CRCResultReg.

Wiring: BCM numbering, SPI0 CE0, NRSTPD on BCM 25, no IRQ wire (the chip is polled), Pi 5
with ``rpi-lgpio`` providing ``RPi.GPIO``.
"""

from __future__ import annotations

import logging
import time

from hardware.errors import HardwareError, ReaderUnavailable, fault
from hardware.nfc.base import UNANSWERED, Field, Poll, Reader, Unanswered

log = logging.getLogger(__name__)

# Registers (datasheet table 20).
_COMMAND, _COM_IEN, _COM_IRQ, _DIV_IRQ, _ERROR = 0x01, 0x02, 0x04, 0x05, 0x06
_FIFO_DATA, _FIFO_LEVEL, _CONTROL, _BIT_FRAMING, _COLL = 0x09, 0x0A, 0x0C, 0x0D, 0x0E
_MODE, _TX_MODE, _RX_MODE, _TX_CONTROL, _TX_ASK = 0x11, 0x12, 0x13, 0x14, 0x15
_RF_CFG = 0x26
_T_MODE, _T_PRESCALER, _T_RELOAD_H, _T_RELOAD_L, _VERSION = 0x2A, 0x2B, 0x2C, 0x2D, 0x37

# Commands (datasheet 10.3).
_IDLE, _TRANSCEIVE, _SOFT_RESET = 0x00, 0x0C, 0x0F

# ComIrqReg bits (9.3.1.5) and ErrorReg bits (9.3.1.7).
_TX_IRQ, _RX_IRQ, _IDLE_IRQ, _ERR_IRQ, _TIMER_IRQ = 0x40, 0x20, 0x10, 0x02, 0x01
_ERR_COLL, _ERR_FATAL = 0x08, 0x10 | 0x04 | 0x02 | 0x01  # BufferOvfl, CRCErr, ParityErr, ProtocolErr

# ISO 14443-3 type A.
_REQA, _WUPA, _HLTA, _NTAG_READ, _NTAG_WRITE = 0x26, 0x52, 0x50, 0x30, 0xA2
_ACK = 0x0A  # 4-bit acknowledge (NTAG21x datasheet 9.3)
_SEL = (0x93, 0x95, 0x97)
_CASCADE_TAG = 0x88
_SAK_UID_NOT_COMPLETE = 0x04

#: Timer tick: TPrescaler 0xA9 = 169 -> (2 * 169 + 1) / 13.56 MHz = 25.0 us (datasheet 8.5).
_TIMER_PRESCALER = 0xA9
_TIMER_TICK = (2 * _TIMER_PRESCALER + 1) / 13_560_000.0

#: Seconds the chip waits for a layer-3 answer (REQA/WUPA/ANTICOLL/SELECT). The PICC must
#: start answering 1172/fc or 1236/fc (about 90 us) after the command (ISO 14443-3 6.2.1.1);
#: 1 ms is ten times that.
FRAME_TIMEOUT = 0.001
#: Seconds the chip waits for the start of an NTAG READ answer (NTAG21x: well under 5 ms).
READ_TIMEOUT = 0.005
#: Seconds the chip waits for the ACK of an NTAG WRITE (the datasheet's tWRITE is 4.1 ms).
WRITE_TIMEOUT = 0.010

#: Seconds a wait may run past the chip's own timeout before the driver stops believing the
#: chip: TimerIRq (TAuto) must end every wait ``timeout`` after the end of transmission (a
#: READ frame takes 0.4 ms on air, an 18-byte answer 1.5 ms). A chip that never raises it is
#: unplugged (every register reads 0x00) or was reset (TAuto off): issue 20.
WAIT_MARGIN = 0.006

#: Reset pins refused: BCM 14/15 are the UART (TXD/RXD) used for the serial console.
UART_PINS = frozenset({14, 15})

#: VersionReg values of chips that work with this driver (datasheet 9.3.4.8: 0x91 v1.0,
#: 0x92 v2.0; the clones on cheap boards identify themselves with their own values).
KNOWN_VERSIONS = {0x91: "MFRC522 v1.0", 0x92: "MFRC522 v2.0", 0x90: "MFRC522 v0.0",
                  0x88: "FM17522 clone", 0x12: "counterfeit MFRC522", 0xB2: "FM17522E clone"}

#: What a VersionReg of 0x00 / 0xFF means on a Pi: spidev does not fail without a chip.
_DEAD_BUS = {0x00: fault("every register reads 0x00 (MISO held low: the board unplugged, a loose wire or no 3.3 V)"),
             0xFF: fault("every register reads 0xFF (MISO floating high: the board unplugged or a loose wire)")}

#: Receiver gain (RFCfgReg.RxGain, datasheet 9.3.3.6) in dB -> the register's three bits.
#: 33 dB is the chip's reset value; 48 dB reads stickers through card sleeves on cheap boards.
ANTENNA_GAINS = {18: 0b000, 23: 0b001, 33: 0b100, 38: 0b101, 43: 0b110, 48: 0b111}
DEFAULT_ANTENNA_GAIN = 33

#: SPI clock limits, Hz (the chip allows up to 10 Mbit/s; 1 MHz is safe on jumper wires).
SPI_SPEEDS = range(10_000, 10_000_001)

#: Most cards one poll selects (and halts) one after the other before it stops looking.
MAX_CARDS = 8


class ResetPinConflict(HardwareError, ValueError):
    """The reset pin collides with a pin the Pi needs for something else (the UART)."""


class _ProtocolError(Exception):
    """A frame went wrong this poll (collision, bad BCC/CRC, timeout): no tag this time."""


def crc_a(data: bytes) -> bytes:
    """CRC_A of ``data`` (ISO 14443-3 annex B), as the two bytes sent, low byte first."""
    crc = 0x6363
    for byte in data:
        byte ^= crc & 0xFF
        byte = (byte ^ (byte << 4)) & 0xFF
        crc = (crc >> 8) ^ (byte << 8) ^ (byte << 3) ^ (byte >> 4)
    return bytes((crc & 0xFF, (crc >> 8) & 0xFF))


class MFRC522Reader(Reader):
    """An MFRC522 on the Pi's SPI bus.

    Args:
        name: the reader's name (``"table"``).
        bus: SPI bus number (``/dev/spidev{bus}.{device}``).
        device: SPI chip select.
        reset_pin: BCM pin wired to the chip's NRSTPD (not 14/15, the UART).
        spi_speed_hz: SPI clock, Hz (the chip allows up to 10 MHz; 1 MHz is safe on jumpers).
        poll_budget: wall-clock seconds one :meth:`poll` or :meth:`read_pages` may take
            (at most 0.05 s; a poll that runs out returns None).
        antenna_gain: receiver gain in dB (:data:`ANTENNA_GAINS`: 18, 23, 33, 38, 43, 48).

    A poll that finds nothing checks the chip (:meth:`_check_chip`): a VersionReg that no
    longer reads as at set-up (a dead bus: 0x00 or 0xFF) is :class:`ReaderUnavailable`, so
    the supervisor reports the reader offline; a chip that lost its configuration (a reset,
    a brown-out: antenna off, timer not auto-started) is configured again in place.

    Raises:
        ResetPinConflict: ``reset_pin`` is a UART pin (BCM 14 or 15). Also a ValueError.
        ValueError: ``poll_budget`` is not in (0, 0.05], ``antenna_gain`` or ``spi_speed_hz``
            is not one the chip has.
        ReaderUnavailable: the SPI device cannot be opened or no MFRC522 answers on it.
    """

    reads_memory = True
    reports_field = True
    #: How CollReg.CollPos counts (datasheet 9.3.1.15 does not say whether it includes the
    #: RxAlign bits of a bit-oriented ANTICOLL answer): True, from bit 0 of the first FIFO
    #: byte (RxAlign included); False, from the first received bit. Where the two readings
    #: differ, the driver starts with the first, and takes the other when the card it chose
    #: by it does not answer (or when only the other can be meant): issue 30.
    collpos_counts_rx_align = True
    _lib = None  # class defaults so close() works after a failed __init__
    _gpio = None
    _closed = False
    _pin_claimed = False

    @property
    def _path(self) -> str:
        return f"/dev/spidev{self.bus}.{self.device}"

    def __init__(self, name: str, bus: int = 0, device: int = 0, reset_pin: int = 25,
                 spi_speed_hz: int = 1_000_000, poll_budget: float = 0.05,
                 antenna_gain: int = DEFAULT_ANTENNA_GAIN):
        super().__init__(name)
        _check_settings(name, reset_pin, spi_speed_hz, poll_budget, antenna_gain)
        self.bus, self.device, self.reset_pin = bus, device, reset_pin
        self.poll_budget = poll_budget
        self.spi_speed_hz = spi_speed_hz
        self.antenna_gain = antenna_gain
        self.version: int | None = None
        self.reconfigured = 0  # times the chip was found reset and configured again
        self.collpos_switches = 0  # times the other reading of CollPos was taken
        self._saks: dict[bytes, int] = {}  # final SAK of each UID selected
        self._timeout_set: float | None = None
        try:
            import RPi.GPIO as GPIO

            MFRC522 = _register_layer()
        except (ImportError, RuntimeError) as exc:
            raise ReaderUnavailable(fault("reader {name}: MFRC522 support is not installed or this is not a Pi "
                                          "({error})", name=name, error=str(exc))) from exc
        self.register_layer = "the mfrc522 library" if MFRC522 is not SpiRegisters else "spidev (built in)"
        self._gpio = GPIO
        mode = GPIO.getmode()
        if mode is None:
            GPIO.setmode(GPIO.BCM)
        elif mode != GPIO.BCM:
            raise ReaderUnavailable(fault("reader {name}: GPIO numbering is already BOARD; this driver uses BCM",
                                          name=name))
        chip_logger = logging.getLogger("mfrc522Logger")
        handlers = list(chip_logger.handlers)
        try:
            # The pin is ours from here: close() leaves it driven low (a defined state).
            GPIO.setup(reset_pin, GPIO.OUT, initial=GPIO.HIGH)
            self._pin_claimed = True
            self._lib = MFRC522(bus=bus, device=device, spd=spi_speed_hz, pin_mode=GPIO.BCM,
                                pin_rst=reset_pin)
        except (OSError, RuntimeError) as exc:
            self.close()
            raise ReaderUnavailable(fault("reader {name}: cannot open {path}: {error}", name=name,
                                          path=self._path, error=str(exc))) from exc
        finally:
            chip_logger.handlers[:] = handlers  # the library adds a StreamHandler per instance
        try:
            self._configure()
        except BaseException:
            self.close()  # a failed __init__ leaves nothing open
            raise

    # --- setup -----------------------------------------------------------------------------
    def _configure(self) -> None:
        """Soft reset, then timer, modulation, CRC preset, receiver gain and antenna
        (datasheet 8.5, 9.3.3.6, 10.3.1.10)."""
        self._timeout_set = None  # a reset chip has lost TReload too
        self._write(_COMMAND, _SOFT_RESET)
        deadline = time.monotonic() + 0.05
        while (command := self._read(_COMMAND)) & 0x10:  # PowerDown bit: oscillator not running yet
            if command == 0xFF and self._read(_VERSION) == 0xFF:
                break  # a dead bus, not a slow oscillator: said just below, without waiting
            if time.monotonic() > deadline:
                raise ReaderUnavailable(fault("reader {name}: MFRC522 did not leave soft reset", name=self.name))
            time.sleep(0.001)  # setup only, never inside a poll
        version = self._read(_VERSION)
        if version in _DEAD_BUS:
            raise ReaderUnavailable(fault("reader {name}: no MFRC522 answering on {path}: VersionReg {version}, "
                                          "{why}", name=self.name, path=self._path, version=format(version, "#04x"),
                                          why=_DEAD_BUS[version]))
        if version not in KNOWN_VERSIONS and version != self.version:
            log.warning("reader %s: VersionReg %#04x is no MFRC522 or clone this driver knows; trying it anyway",
                        self.name, version)
        self.version = version
        self._write(_T_MODE, 0x80)  # TAuto, prescaler high bits 0
        self._write(_T_PRESCALER, _TIMER_PRESCALER)
        self._write(_TX_MODE, 0x00)  # 106 kbit/s, no hardware CRC (done in software)
        self._write(_RX_MODE, 0x00)
        self._write(_TX_ASK, 0x40)  # Force100ASK: type A needs 100 % ASK
        self._write(_MODE, 0x3D)  # CRC preset 0x6363
        self._write(_COM_IEN, 0x80)  # IRQ pin unused (no wire); inverted so it idles low
        self._write(_RF_CFG, (self._read(_RF_CFG) & 0x8F) | ANTENNA_GAINS[self.antenna_gain] << 4)
        self._set_timeout(FRAME_TIMEOUT)
        self._write(_TX_CONTROL, self._read(_TX_CONTROL) | 0x03)  # antenna on (TX1, TX2)

    # --- health (issue 20) -----------------------------------------------------------------
    def _check_chip(self) -> None:
        """After a poll that found nothing: is the chip still there, and still configured?

        Raises:
            ReaderUnavailable: VersionReg no longer reads as at set-up (0x00 / 0xFF: a dead
                bus; anything else: garbage on the wires).
        """
        version = self._read(_VERSION)
        if version != self.version:
            why = _DEAD_BUS.get(version) or fault(
                "VersionReg reads {version} instead of {expected}: a noisy bus (a loose wire, or spi_speed_hz too "
                "high)", version=format(version, "#04x"), expected=format(self.version, "#04x"))
            raise ReaderUnavailable(fault("reader {name}: the MFRC522 on {path} stopped answering: {why}",
                                          name=self.name, path=self._path, why=why))
        if self._lost_configuration():
            log.warning("reader %s: the MFRC522 lost its set-up (a reset or a brown-out: antenna off, timer "
                        "stopped); configuring it again", self.name)
            self.reconfigured += 1
            self._configure()

    def _lost_configuration(self) -> bool:
        """Whether the chip is back at its reset values (TModeReg.TAuto off, antenna off, or
        another receiver gain: datasheet table 20's reset values)."""
        gain = (self._read(_RF_CFG) >> 4) & 0x07
        return (not self._read(_T_MODE) & 0x80 or self._read(_TX_CONTROL) & 0x03 != 0x03
                or gain != ANTENNA_GAINS[self.antenna_gain])

    def _set_timeout(self, seconds: float) -> None:
        """Program TReload so TimerIRq fires ``seconds`` after a transmission ends (8.5)."""
        if seconds == self._timeout_set:
            return
        reload = max(1, round(seconds / _TIMER_TICK) - 1)
        self._write(_T_RELOAD_H, reload >> 8)
        self._write(_T_RELOAD_L, reload & 0xFF)
        self._timeout_set = seconds

    # --- registers -------------------------------------------------------------------------
    def _chip(self):
        """The chip library's object; a closed reader (or one never opened) has none."""
        if self._lib is None:
            raise ReaderUnavailable(fault("reader {name} is closed", name=self.name))
        return self._lib

    def _read(self, reg: int) -> int:
        try:
            return self._chip().Read_MFRC522(reg)
        except OSError as exc:
            raise ReaderUnavailable(fault("reader {name}: SPI read failed: {error}", name=self.name,
                                          error=str(exc))) from exc

    def _write(self, reg: int, value: int) -> None:
        try:
            self._chip().Write_MFRC522(reg, value)
        except OSError as exc:
            raise ReaderUnavailable(fault("reader {name}: SPI write failed: {error}", name=self.name,
                                          error=str(exc))) from exc

    def _transceive(self, frame: bytes, deadline: float, tx_last_bits: int = 0,
                    timeout: float = FRAME_TIMEOUT, expect_answer: bool = True) -> bytes | None:
        """Send ``frame``, return the whole-byte answer (None: nobody answered in time).

        Raises:
            _ProtocolError: collision, partial byte, parity/protocol/buffer error, deadline.
        """
        answer, rx_last_bits, coll = self._exchange(frame, deadline, tx_last_bits, 0, timeout,
                                                    expect_answer)
        if coll is not None:
            raise _ProtocolError(f"collision at bit {coll}: more than one tag?")
        if answer is not None and rx_last_bits:
            raise _ProtocolError("answer not a whole number of bytes")
        return answer

    def _exchange(self, frame: bytes, deadline: float, tx_last_bits: int = 0, rx_align: int = 0,
                  timeout: float = FRAME_TIMEOUT, expect_answer: bool = True
                  ) -> tuple[bytes | None, int, int | None]:
        """Send ``frame`` (Transceive, datasheet 10.3.1.8); return (answer, RxLastBits, CollPos).

        ``tx_last_bits``: valid bits in the last byte sent (0 = all 8; 7 for REQA/WUPA).
        ``rx_align``: bit position in the first FIFO byte where the first received bit goes.
        The answer is None when no card answered before the chip's timer (TimerIRq);
        CollPos (1-32, datasheet 9.3.1.15) is None without a collision.

        The wait polls ComIrqReg until RxIRq, IdleIRq or TimerIRq. ErrIRq alone does not end
        it: the chip raises ErrIRq as soon as ErrorReg gets a bit (CollErr at the colliding bit,
        datasheet 9.3.1.5 and 9.3.1.7) while the receiver goes on to the end of the frame
        (RxIRq), so stopping there would read half an answer; only a fatal ErrorReg bit
        (buffer overflow, protocol error) ends it early. The wait gives up at ``deadline``
        (``time.monotonic()`` seconds), or :data:`WAIT_MARGIN` past ``timeout`` (the chip's
        timer should have ended it by then: no CPU spent on a dead or reset chip); it never
        sleeps. With ``expect_answer`` False (HLTA) it only waits for the end of transmission
        (TxIRq).

        Raises:
            _ProtocolError: parity/protocol/buffer/CRC error, or the deadline passed.
        """
        if self._lib is None or self._closed:
            raise ReaderUnavailable(fault("reader {name} is closed", name=self.name))
        self._set_timeout(timeout)
        self._write(_COMMAND, _IDLE)  # stop whatever ran (Transceive never ends by itself)
        self._write(_COM_IRQ, 0x7F)  # Set1 = 0: clear every IRQ bit
        self._write(_FIFO_LEVEL, 0x80)  # FlushBuffer
        for byte in frame:
            self._write(_FIFO_DATA, byte)
        framing = ((rx_align & 0x07) << 4) | (tx_last_bits & 0x07)
        self._write(_BIT_FRAMING, framing)
        self._write(_COMMAND, _TRANSCEIVE)
        self._write(_BIT_FRAMING, 0x80 | framing)  # StartSend
        done = (_RX_IRQ | _IDLE_IRQ | _TIMER_IRQ) if expect_answer else _TX_IRQ
        limit = min(deadline, time.monotonic() + timeout + WAIT_MARGIN)
        try:
            irq = self._wait(done, limit)
        finally:
            self._write(_COMMAND, _IDLE)
            self._write(_BIT_FRAMING, 0x00)
        if not expect_answer:
            return None, 0, None
        error = self._read(_ERROR)
        if error & _ERR_FATAL:
            raise _ProtocolError(f"ErrorReg {error:#04x}")
        coll = None
        if error & _ERR_COLL:
            coll_reg = self._read(_COLL)
            if coll_reg & 0x20:  # CollPosNotValid
                raise _ProtocolError("collision at an unknown bit position")
            coll = (coll_reg & 0x1F) or 32
        if not irq & _RX_IRQ:
            return None, 0, None  # TimerIRq: nobody answered
        level = self._read(_FIFO_LEVEL) & 0x7F
        rx_last_bits = self._read(_CONTROL) & 0x07
        return bytes(self._read(_FIFO_DATA) for _ in range(level)), rx_last_bits, coll

    def _wait(self, done: int, limit: float) -> int:
        """Read ComIrqReg until a ``done`` bit (or ErrIRq with a fatal error); its value.

        Raises:
            _ProtocolError: ``limit`` passed first.
        """
        while True:
            irq = self._read(_COM_IRQ)
            if irq & done:
                return irq
            if irq & _ERR_IRQ and self._read(_ERROR) & (_ERR_FATAL & ~0x06):  # BufferOvfl, ProtocolErr
                return irq
            if time.monotonic() >= limit:
                raise _ProtocolError("the chip did not end the wait (no TimerIRq)")

    # --- ISO 14443-3 -----------------------------------------------------------------------
    def _select(self, deadline: float, request: int = _WUPA) -> bytes | None:
        """WUPA (or REQA), then anticollision and SELECT at each cascade level; returns the UID.

        WUPA (not REQA) wakes a card left in HALT by the previous poll, so a card resting on
        the reader answers every poll; REQA wakes only the cards not yet halted, so after
        halting one card it finds the next (issue 30). Returns None when no card answers.
        """
        atqa, _, _ = self._exchange(bytes((request,)), deadline, tx_last_bits=7)  # ATQA may collide
        if atqa is None:
            return None
        if len(atqa) != 2:
            raise _ProtocolError(f"ATQA of {len(atqa)} bytes")
        uid = b""
        for sel in _SEL:
            part = self._anticollision(sel, deadline)
            sak = self._select_level(sel, part, deadline)
            if sak is None:
                raise _ProtocolError(f"SELECT {sel:#04x}: no SAK")
            if sak & _SAK_UID_NOT_COMPLETE:
                if part[0] != _CASCADE_TAG:
                    raise _ProtocolError(f"SAK says more UID but no cascade tag in {part.hex(' ')}")
                uid += part[1:4]
                continue
            uid += part[:4]
            if uid[0] == _CASCADE_TAG:
                log.warning("reader %s: UID %s starts with the cascade tag 0x88: broken read, ignored",
                            self.name, uid.hex(" "))
                return None
            self._saks[uid] = sak
            return uid
        raise _ProtocolError("SAK still says UID not complete after cascade level 3")

    def _select_level(self, sel: int, part: bytes, deadline: float) -> int | None:
        """SELECT (NVB 0x70) of UID CLn + BCC ``part`` at cascade level ``sel``: its SAK, or
        None when no card answered (the other cards go back to IDLE, ISO 14443-3 6.4.3)."""
        select = bytes((sel, 0x70)) + part
        answer = self._transceive(select + crc_a(select), deadline)
        if answer is None:
            return None
        if len(answer) != 3 or crc_a(answer[:1]) != answer[1:]:
            raise _ProtocolError(f"SELECT {sel:#04x}: bad SAK {answer!r}")
        return answer[0]

    def _select_uid(self, uid: bytes, deadline: float) -> bytes | None:
        """WUPA, then SELECT the card ``uid`` at each cascade level without anticollision (its
        UID is known): ``uid``, or None when it does not answer. Another card in the field
        goes back to IDLE, so the reads and writes that follow talk to this one."""
        atqa, _, _ = self._exchange(bytes((_WUPA,)), deadline, tx_last_bits=7)
        if atqa is None:
            return None
        for sel, part in zip(_SEL, _cascade_parts(uid)):
            if self._select_level(sel, part + bytes((part[0] ^ part[1] ^ part[2] ^ part[3],)), deadline) is None:
                return None
        return uid

    def _select_target(self, deadline: float) -> bytes | None:
        """The card :attr:`target` names when set (:meth:`_select_uid`), else any (:meth:`_select`).
        A WUPA that no card answers is sent once more: a card at the edge of the field misses
        one now and then, and a READ lost to it would hold the card's tap (issue 30)."""
        for _ in range(2):
            uid = self._select(deadline) if self.target is None else self._select_uid(self.target, deadline)
            if uid is not None:
                return uid
        return None

    def _anticollision(self, sel: int, deadline: float) -> bytes:
        """The ANTICOLL loop of one cascade level (ISO 14443-3 6.5.3); returns UID CLn + BCC.

        On a collision at bit p the PCD keeps the p-1 bits received before it, adds a (1)b
        and sends those p known bits (NVB = bytes << 4 | bits, TxLastBits = RxAlign = p % 8);
        only the cards matching them answer the rest. Where CollPos could count either way
        (:attr:`collpos_counts_rx_align`), a (1)b that no card answers means the other
        reading: the driver takes it from then on and this poll goes unanswered.
        """
        known = bytearray(5)
        k = 0  # known bits of UID CLn + BCC
        guessed = False  # the last (1)b was placed by an ambiguous CollPos
        while True:
            nbytes, nbits = divmod(k, 8)
            frame = bytes((sel, ((2 + nbytes) << 4) | nbits)) + known[:nbytes + (1 if nbits else 0)]
            answer, _, coll = self._exchange(frame, deadline, tx_last_bits=nbits, rx_align=nbits)
            if not answer:
                if guessed:
                    self._switch_collpos("no card answered the bits it chose")
                raise _ProtocolError(f"ANTICOLL {sel:#04x}: no answer")
            for j, byte in enumerate(answer):
                if nbytes + j >= 5:
                    break
                mask = (0xFF << nbits) & 0xFF if j == 0 else 0xFF
                known[nbytes + j] = (known[nbytes + j] & ~mask & 0xFF) | (byte & mask)
            if coll is None:
                if nbytes + len(answer) < 5:
                    raise _ProtocolError(f"ANTICOLL {sel:#04x}: short answer {answer.hex(' ')}")
                break
            position, guessed = self._collision_bit(k, coll)
            if position <= k or position > 32:
                raise _ProtocolError(f"ANTICOLL {sel:#04x}: collision position {position} after {k}")
            k = position
            byte_index, bit = divmod(k - 1, 8)
            known[byte_index] = (known[byte_index] | (1 << bit)) & ((2 << bit) - 1)  # (1)b, drop later bits
            log.debug("reader %s: collision at bit %d, continuing with (1)b", self.name, k)
        if known[0] ^ known[1] ^ known[2] ^ known[3] != known[4]:
            raise _ProtocolError(f"ANTICOLL {sel:#04x}: BCC mismatch in {known.hex(' ')}")
        return bytes(known)

    def _collision_bit(self, k: int, coll: int) -> tuple[int, bool]:
        """The 1-based bit of UID CLn + BCC that collided, from CollPos ``coll`` (1-32) in the
        answer to an ANTICOLL sent with ``k`` known bits; and whether the two readings of
        CollPos disagree there (datasheet 9.3.1.15). Counted from bit 0 of the first FIFO
        byte (RxAlign = k % 8 included), it is ``k // 8 * 8 + coll``; counted from the first
        received bit, ``k + coll``. A CollPos within the RxAlign bits can only be the second."""
        nbits = k % 8
        from_fifo, from_rx = k - nbits + coll, k + coll
        if not nbits:
            return from_fifo, False
        if coll <= nbits and self.collpos_counts_rx_align:
            self._switch_collpos(f"CollPos {coll} lies within RxAlign {nbits}")
        return (from_fifo if self.collpos_counts_rx_align else from_rx), True

    def _switch_collpos(self, why: str) -> None:
        self.collpos_counts_rx_align = not self.collpos_counts_rx_align
        self.collpos_switches += 1
        log.info("reader %s: %s: reading CollPos as counting %s from now on", self.name, why,
                 "from the FIFO's first bit" if self.collpos_counts_rx_align else "the received bits only")

    def _park(self) -> None:
        """After a frame went wrong, an HLTA: a card left READY by it (which would take the next
        WUPA for an invalid frame and stay silent: ISO 14443-3 6.3) goes back to IDLE, a
        selected one to HALT, so the next poll's WUPA wakes every card again."""
        try:
            self._halt(time.monotonic() + 0.005)
        except _ProtocolError as exc:
            log.debug("reader %s: HLTA after a bad frame: %s", self.name, exc)

    def _halt(self, deadline: float) -> None:
        """HLTA: the card goes to HALT and stays quiet until the next WUPA (6.4.3)."""
        frame = bytes((_HLTA, 0x00))
        self._transceive(frame + crc_a(frame), deadline, expect_answer=False)

    def poll_field(self) -> Field:
        """Every card in the field (ISO 14443-3 6.5.3, issue 30): WUPA wakes them all, the
        anticollision loop selects one, HLTA halts it, and REQA (which a halted card does not
        answer) finds the next, until none answers. Returns their full UIDs (4, 7 or 10
        bytes), in the order selected; ``()`` for an empty field.

        Takes at most ``poll_budget`` seconds of wall-clock time (the chip's timer ends an
        empty-field wait after :data:`FRAME_TIMEOUT`; a deadline check bounds everything
        else). A frame that goes wrong (a bad check, the chip not ending a wait) makes the
        poll :data:`~hardware.nfc.base.UNANSWERED`: the field is unknown, not empty.

        Raises:
            ReaderUnavailable: SPI failed, the chip stopped answering, or the reader is closed.
        """
        deadline = time.monotonic() + self.poll_budget
        uids: list[bytes] = []
        try:
            while len(uids) < MAX_CARDS:
                uid = self._select(deadline, _REQA if uids else _WUPA)
                if uid is None or uid in uids:
                    break
                self._halt(deadline)
                uids.append(uid)
        except _ProtocolError as exc:
            log.debug("reader %s: %s", self.name, exc)
            self._park()
            self._check_chip()
            return UNANSWERED
        if not uids:
            self._check_chip()
        return tuple(uids)

    def poll(self) -> Poll:
        """The first card :meth:`poll_field` finds: its UID, None for an empty field, or
        :data:`~hardware.nfc.base.UNANSWERED`.

        Raises:
            ReaderUnavailable: SPI failed or the reader is closed.
        """
        field = self.poll_field()
        if isinstance(field, Unanswered):
            return UNANSWERED
        return field[0] if field else None

    def sak_of(self, uid: bytes) -> int | None:
        """The SAK the card ``uid`` gave when last selected, or None."""
        return self._saks.get(uid)

    def read_pages(self, start: int) -> bytes | None:
        """Read four NTAG pages from page ``start`` (NTAG READ 0x30): 16 bytes, or None.

        Selects the card first (it was halted by :meth:`poll`), checks the CRC_A of the
        answer, and halts it again. Never a MIFARE Classic authentication. Bounded by
        ``poll_budget`` seconds.

        Raises:
            ReaderUnavailable: SPI failed or the reader is closed.
            ValueError: ``start`` is not a page number (0-255).
        """
        if not 0 <= start <= 0xFF:
            raise ValueError(f"page {start} out of range 0-255")
        deadline = time.monotonic() + self.poll_budget
        try:
            if self._select_target(deadline) is None:
                return None
            frame = bytes((_NTAG_READ, start))
            answer = self._transceive(frame + crc_a(frame), deadline, timeout=READ_TIMEOUT)
            self._halt(deadline)
        except _ProtocolError as exc:
            log.debug("reader %s: READ %d: %s", self.name, start, exc)
            self._park()
            return None
        if answer is None or len(answer) != 18 or crc_a(answer[:16]) != answer[16:]:
            log.debug("reader %s: READ %d: bad answer %r", self.name, start, answer)
            return None
        return answer[:16]

    def write_page(self, page: int, data: bytes) -> bool:
        """Write one 4-byte page with NTAG WRITE (0xA2 page d0..d3 + CRC_A); True on ACK.

        Selects the card first and halts it after. The answer is a 4-bit ACK (0xA) or NAK
        (NTAG21x datasheet 10.4). Bounded by ``poll_budget`` seconds.

        Raises:
            ReaderUnavailable: SPI failed or the reader is closed.
            ValueError: ``page`` is not 0-255 or ``data`` is not 4 bytes.
        """
        if not 0 <= page <= 0xFF or len(data) != 4:
            raise ValueError("write_page takes a page 0-255 and 4 bytes")
        deadline = time.monotonic() + self.poll_budget
        try:
            if self._select_target(deadline) is None:
                return False
            frame = bytes((_NTAG_WRITE, page)) + bytes(data)
            answer, bits, _ = self._exchange(frame + crc_a(frame), deadline, timeout=WRITE_TIMEOUT)
            self._halt(deadline)
        except _ProtocolError as exc:
            log.debug("reader %s: WRITE %d: %s", self.name, page, exc)
            self._park()
            return False
        acked = answer is not None and len(answer) == 1 and bits == 4 and answer[0] & 0x0F == _ACK
        if not acked:
            log.debug("reader %s: WRITE %d: answer %r (%d bits)", self.name, page, answer, bits)
        return acked

    def close(self) -> None:
        """Antenna off, close SPI, and hold the reset pin low: the chip in hard power-down
        (datasheet 8.8.1), a defined state, no field. No ``GPIO.cleanup`` (it would leave
        NRSTPD floating), and the pin is touched only if this reader set it up. Idempotent."""
        if self._closed:
            return
        self._closed = True
        lib, self._lib = self._lib, None
        if lib is not None:
            try:
                lib.Write_MFRC522(_TX_CONTROL, lib.Read_MFRC522(_TX_CONTROL) & ~0x03 & 0xFF)
            except OSError as exc:
                log.debug("reader %s: antenna off failed: %s", self.name, exc)
            try:
                lib.spi.close()
            except OSError as exc:
                log.debug("reader %s: SPI close failed: %s", self.name, exc)
        if self._pin_claimed and self._gpio is not None:
            try:
                self._gpio.output(self.reset_pin, self._gpio.LOW)
            except (RuntimeError, ValueError) as exc:
                log.debug("reader %s: reset pin low failed: %s", self.name, exc)


class SpiRegisters:
    """MFRC522 register access over ``spidev`` (datasheet 8.1.2.3: address byte, bit 7 =
    read), all the driver takes from the ``mfrc522`` package. Used when that package is not
    installed: the Pi install leaves it out, because it requires the stock ``RPi.GPIO``,
    which clashes with ``rpi-lgpio`` (both are the ``RPi.GPIO`` module) and fails on a Pi 5
    (issue 20). Same constructor and method names as ``mfrc522.MFRC522``; it touches no GPIO
    (the driver sets up the reset pin itself)."""

    def __init__(self, bus: int = 0, device: int = 0, spd: int = 1_000_000, **_gpio):
        import spidev

        self.spi = spidev.SpiDev()
        self.spi.open(bus, device)
        self.spi.max_speed_hz = spd

    def Write_MFRC522(self, addr: int, val: int) -> None:  # noqa: N802 - the library's name
        self.spi.xfer2([(addr << 1) & 0x7E, val])

    def Read_MFRC522(self, addr: int) -> int:  # noqa: N802 - the library's name
        return self.spi.xfer2([((addr << 1) & 0x7E) | 0x80, 0])[1]


def _cascade_parts(uid: bytes) -> list[bytes]:
    """The four UID bytes of each cascade level (ISO 14443-3 6.5.4: cascade tag 0x88)."""
    if len(uid) == 4:
        return [uid]
    if len(uid) == 7:
        return [bytes((_CASCADE_TAG,)) + uid[:3], uid[3:]]
    return [bytes((_CASCADE_TAG,)) + uid[:3], bytes((_CASCADE_TAG,)) + uid[3:6], uid[6:]]


def _register_layer():
    """``mfrc522.MFRC522`` when the package is installed, else :class:`SpiRegisters`."""
    try:
        from mfrc522 import MFRC522
    except ImportError:
        return SpiRegisters
    return MFRC522


def _check_settings(name: str, reset_pin: int, spi_speed_hz: int, poll_budget: float, antenna_gain: int) -> None:
    """Refuse settings the chip or the Pi cannot have, before touching the hardware."""
    if reset_pin in UART_PINS:
        raise ResetPinConflict(
            f"reader {name}: reset pin BCM {reset_pin} is a UART pin (BCM 14 = TXD, "
            f"15 = RXD); wire the MFRC522 RST to another GPIO, e.g. BCM 25")
    if not 0 < poll_budget <= 0.05:
        raise ValueError(f"reader {name}: poll_budget must be in (0, 0.05] s, got {poll_budget}")
    if antenna_gain not in ANTENNA_GAINS:
        raise ValueError(f"reader {name}: antenna_gain must be one of {', '.join(map(str, ANTENNA_GAINS))} dB, "
                         f"got {antenna_gain}")
    if spi_speed_hz not in SPI_SPEEDS:
        raise ValueError(f"reader {name}: spi_speed_hz must be 10000 to 10000000, got {spi_speed_hz}")
