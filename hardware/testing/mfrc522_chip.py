"""A simulated MFRC522 and the ISO 14443-A cards in its field, as seen over SPI (test support
only: the product never imports :mod:`hardware.testing`).

:class:`SimChip` answers register reads and writes the way the chip does;
:func:`hardware.testing.fake_spidev.installed` wires it behind fake ``spidev`` and
``RPi.GPIO`` modules, so the real ``mfrc522.MFRC522`` class and
:class:`hardware.nfc.mfrc522.MFRC522Reader` run unchanged over it.

What is modelled (MFRC522 datasheet rev. 3.9 section numbers):

* SPI address byte (8.1.2.3): bit 7 = read, bits 6..1 = register address.
* Registers: CommandReg, ComIrqReg / DivIrqReg with their Set1/Set2 bit (9.3.1.5-6),
  ErrorReg, FIFODataReg / FIFOLevelReg with FlushBuffer, ControlReg.RxLastBits,
  BitFramingReg.StartSend / TxLastBits, CollReg, CRCResultReg (CRC_A, preset from
  ModeReg.CRCPreset), TxControlReg (antenna), the timer (TModeReg, TPrescalerReg,
  TReloadReg, 8.5: period = (2 * TPrescaler + 1) * (TReload + 1) / 13.56 MHz, started
  at the end of a transmission when TModeReg.TAuto is set, running in wall-clock time),
  VersionReg = 0x92.
* Commands (10.3): Idle, CalcCRC, Transceive, MFAuthent (counted; the Crypto1 cipher is
  not modelled, so authentication never succeeds), SoftReset.
* One card in the field, ISO/IEC 14443-3 type A: REQA / WUPA -> ATQA, ANTICOLL per cascade
  level -> 4 bytes + BCC, SELECT (checked CRC_A) -> SAK + CRC_A, states IDLE / READY /
  ACTIVE / HALT, HLTA, the NTAG READ command (0x30, four pages + CRC_A) and WRITE (0xA2,
  one page, answered by a 4-bit ACK or NAK).

Several cards can share the field (:meth:`SimChip.add`): their answers are superposed bit by
bit, the first differing bit sets ErrorReg.CollErr and CollReg.CollPos, and the cards answer
bit-oriented ANTICOLL frames (NVB with known bits, TxLastBits / BitFramingReg.RxAlign).
The datasheet does not say whether CollPos counts from bit 0 of the first FIFO byte of the
answer (so it includes the RxAlign offset) or from the first received bit; 0 means 32. Both
are modelled (``SimChip(collpos=...)``: ``"fifo"``, the default, or ``"received"``), so the
driver is tested against either (issue 30).

A card's memory can fail to answer READ for its first seconds of contact
(``SimCard.read_fail_for``, timed by the chip's ``clock`` from :meth:`SimChip.add`): a card
slid on, or read through a thick sleeve, whose UID answers at once (issue 30).

Faults (issue 20): :attr:`SimChip.stuck` makes the bus read a constant (0x00: MISO held
low, the board unplugged; 0xFF: MISO floating high) with every write lost, as spidev on a
Pi does without a chip; :meth:`SimChip.power_cycle` puts every register back to its
datasheet reset value (a brown-out or a replugged VCC: antenna off, timer not auto); with
:attr:`SimChip.rx_reads` an answer takes that many ComIrqReg reads on air, and a collision raises ErrIRq
(CollErr) at once, before RxIRq at the end of the frame (datasheet 9.3.1.5).

Not modelled: RF timing other than :attr:`SimChip.rx_reads`, the interrupt pin.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import Enum

# Register addresses (datasheet table 20).
COMMAND, COM_IEN, DIV_IEN, COM_IRQ, DIV_IRQ, ERROR, STATUS1, STATUS2 = range(0x01, 0x09)
FIFO_DATA, FIFO_LEVEL, WATER_LEVEL, CONTROL, BIT_FRAMING, COLL = range(0x09, 0x0F)
MODE, TX_MODE, RX_MODE, TX_CONTROL, TX_ASK = 0x11, 0x12, 0x13, 0x14, 0x15
CRC_RESULT_H, CRC_RESULT_L = 0x21, 0x22
RF_CFG = 0x26
T_MODE, T_PRESCALER, T_RELOAD_H, T_RELOAD_L = 0x2A, 0x2B, 0x2C, 0x2D
VERSION = 0x37

#: Registers a write leaves unchanged.
READ_ONLY = frozenset((ERROR, STATUS1, VERSION, CRC_RESULT_H, CRC_RESULT_L))

COMMAND_NAMES = {0x00: "Idle", 0x01: "Mem", 0x02: "GenerateRandomID", 0x03: "CalcCRC",
                 0x04: "Transmit", 0x07: "NoCmdChange", 0x08: "Receive", 0x0C: "Transceive",
                 0x0E: "MFAuthent", 0x0F: "SoftReset"}
PICC_NAMES = {0x26: "REQA", 0x52: "WUPA", 0x93: "SEL1", 0x95: "SEL2", 0x97: "SEL3",
              0x30: "READ", 0x50: "HLTA", 0x60: "AUTH_A", 0x61: "AUTH_B", 0xA2: "WRITE"}

_FC = 13_560_000.0  # carrier frequency, Hz

#: SEL1, SEL2, SEL3: the first byte of ANTICOLL and SELECT at each cascade level.
SEL_CODES = (0x93, 0x95, 0x97)


def crc_a(data: bytes) -> bytes:
    """ISO/IEC 14443-3 annex B CRC_A (x^16 + x^12 + x^5 + 1, LSB first, preset 0x6363).

    Written independently of the driver's copy so a test can compare the two.
    """
    return _crc_with_preset(data, 0x6363)


def _crc_with_preset(data: bytes, preset: int) -> bytes:
    """The CRC_A register run over ``data`` from ``preset`` (the chip's ModeReg selects it)."""
    reg = preset
    for byte in data:
        for bit in range(8):
            mix = (reg ^ (byte >> bit)) & 1
            reg >>= 1
            if mix:
                reg ^= 0x8408
    return bytes((reg & 0xFF, reg >> 8))


class CardState(Enum):
    IDLE = "IDLE"
    READY = "READY"
    ACTIVE = "ACTIVE"
    HALT = "HALT"


@dataclass
class SimCard:
    """One ISO 14443-A card.

    Attributes:
        uid: 4, 7 or 10 bytes (a 4-byte UID starting 0x88 models a broken/clone card).
        atqa: the two ATQA bytes as sent, LSB first (NTAG215: ``44 00``).
        sak: the final SAK (NTAG215 0x00, MIFARE Classic 1K 0x08).
        pages: NTAG memory, 4 bytes a page (empty for a MIFARE Classic).
        corrupt_bcc: answer ANTICOLL with a wrong BCC (a garbled read).
        read_only: answer every WRITE with a NAK (lock bits set).
    """

    uid: bytes
    atqa: bytes
    sak: int
    pages: bytearray = field(default_factory=bytearray)
    corrupt_bcc: bool = False  # answer ANTICOLL with a wrong BCC (a garbled read)
    read_only: bool = False  # NAK every WRITE (locked pages)
    read_fail_for: float = 0.0  # seconds from being put in the field during which READ is not answered
    state: CardState = CardState.IDLE
    placed_at: float = 0.0  # the chip clock's time it was put in the field
    clock: Callable[[], float] = time.monotonic  # the chip's clock, set by SimChip.add
    level: int = 0  # index of the cascade level being resolved while READY

    @classmethod
    def ntag215(cls, uid: bytes, text: str | None = None) -> SimCard:
        """An NTAG215 (7-byte UID, ATQA 0x0044, SAK 0x00, 135 pages), blank or carrying
        ``text`` in an NDEF text record (:func:`hardware.nfc.ntag.ntag215_image`)."""
        from hardware.nfc.ntag import ntag215_image

        return cls(uid, b"\x44\x00", 0x00, bytearray(ntag215_image(uid, text)))

    @classmethod
    def classic1k(cls, uid: bytes) -> SimCard:
        """A MIFARE Classic 1K (4-byte UID, ATQA 0x0004, SAK 0x08)."""
        assert len(uid) == 4
        return cls(uid, b"\x04\x00", 0x08)

    def cascade_levels(self) -> list[bytes]:
        """The 4 UID bytes sent at each cascade level (ISO 14443-3 6.5.4, cascade tag 0x88)."""
        u = self.uid
        if len(u) == 4:
            return [u]
        if len(u) == 7:
            return [b"\x88" + u[:3], u[3:]]
        return [b"\x88" + u[:3], b"\x88" + u[3:6], u[6:]]

    def receive(self, frame: bytes, last_bits: int) -> bytes | list[int] | None:
        """React to one PCD frame; returns the answer (bytes, or bits LSB first) or None."""
        if last_bits == 7 and len(frame) == 1:  # short frame
            return self._request(frame[0])
        if self.state is CardState.READY and len(frame) >= 2 and frame[0] in SEL_CODES:
            return self._cascade(frame, last_bits)
        if self.state is CardState.ACTIVE:
            return self._active(frame)
        return self._unanswered()

    def _unanswered(self) -> None:
        """A frame the card does not answer: back to IDLE (a halted card stays HALT)."""
        if self.state is not CardState.HALT:
            self.state = CardState.IDLE
        return None

    def _request(self, command: int) -> bytes | None:
        """REQA (0x26) wakes an IDLE card, WUPA (0x52) an IDLE or HALT one: the ATQA."""
        if command == 0x26 and self.state is CardState.IDLE or \
                command == 0x52 and self.state in (CardState.IDLE, CardState.HALT):
            self.state, self.level = CardState.READY, 0
            return self.atqa
        return self._unanswered()

    def _cascade(self, frame: bytes, last_bits: int) -> bytes | list[int] | None:
        """ANTICOLL or SELECT at the cascade level being resolved (ISO 14443-3 6.5.3-6.5.4)."""
        if frame[0] != SEL_CODES[self.level]:
            return self._unanswered()
        part = self.cascade_levels()[self.level]
        uid_bcc = part + bytes((part[0] ^ part[1] ^ part[2] ^ part[3],))
        if frame[1] == 0x20 and len(frame) == 2:  # ANTICOLL, no known bits
            return uid_bcc[:4] + bytes((uid_bcc[4] ^ (0x5A if self.corrupt_bcc else 0),))
        if _is_bit_anticoll(frame, last_bits):
            return _anticoll_bits(frame, uid_bcc)
        if frame[1] == 0x70 and len(frame) == 9:
            return self._select(frame, uid_bcc)
        return self._unanswered()

    def _select(self, frame: bytes, uid_bcc: bytes) -> bytes | None:
        """SELECT (checked CRC_A): the SAK, 0x04 while the UID is not complete."""
        if crc_a(frame[:7]) != frame[7:] or frame[2:7] != uid_bcc:
            return self._unanswered()
        if self.level + 1 < len(self.cascade_levels()):
            self.level += 1
            sak = 0x04  # UID not complete
        else:
            self.state = CardState.ACTIVE
            sak = self.sak
        return bytes((sak,)) + crc_a(bytes((sak,)))

    def _active(self, frame: bytes) -> bytes | list[int] | None:
        """An ACTIVE card: HLTA, NTAG READ and WRITE (each with a checked CRC_A)."""
        if len(frame) == 4 and crc_a(frame[:2]) == frame[2:]:
            if frame[0] == 0x50 and frame[1] == 0x00:  # HLTA: no answer
                self.state = CardState.HALT
                return None
            if frame[0] == 0x30 and self.pages and not self._still_sliding():
                return self._ntag_read(frame[1])
        if len(frame) == 8 and frame[0] == 0xA2 and self.pages and crc_a(frame[:6]) == frame[6:]:
            return self._ntag_write(frame[1], frame[2:6])
        return self._unanswered()

    def _still_sliding(self) -> bool:
        """Within :attr:`read_fail_for` of being put in the field: a READ goes unanswered."""
        return bool(self.read_fail_for) and self.clock() - self.placed_at < self.read_fail_for

    def _ntag_read(self, page: int) -> bytes | None:
        """NTAG READ: four pages from ``page`` (rolling over at the end) and their CRC_A."""
        n = len(self.pages) // 4
        if page >= n:
            return self._unanswered()
        data = b"".join(bytes(self.pages[((page + i) % n) * 4:][:4]) for i in range(4))
        return data + crc_a(data)

    def _ntag_write(self, page: int, data: bytes) -> list[int]:
        """NTAG WRITE: ACK 0xA or NAK 0x0, four bits (NTAG21x datasheet 10.4 and 9.3)."""
        if page < 4 or page * 4 >= len(self.pages) or self.read_only:
            return [0, 0, 0, 0]
        self.pages[page * 4:page * 4 + 4] = data
        return [0, 1, 0, 1]


def _is_bit_anticoll(frame: bytes, last_bits: int) -> bool:
    """A bit-oriented ANTICOLL frame (ISO 14443-3 6.5.3): an NVB with known bytes and bits,
    followed by exactly those bits."""
    nbytes, nbits = (frame[1] >> 4) - 2, frame[1] & 0x0F
    return 0 <= nbytes <= 4 and nbits < 8 and frame[1] != 0x70 and \
        len(frame) == 2 + nbytes + (1 if nbits else 0) and last_bits == nbits


def _anticoll_bits(frame: bytes, uid_bcc: bytes) -> list[int] | None:
    """The rest of this card's UID and BCC after the known bits, or None (not this card: it
    stays quiet, still READY)."""
    known = ((frame[1] >> 4) - 2) * 8 + (frame[1] & 0x0F)
    mine = _bits(uid_bcc)
    if _bits(frame[2:])[:known] != mine[:known]:
        return None
    return mine[known:]


class SimChip:
    """The MFRC522 as seen over SPI.

    Args:
        flaky: when True the card ignores every other REQA/WUPA (a card at the edge of the
            field, so a poll misses it every other time).
        timer_dead: when True the timer never raises TimerIRq (a wedged chip), so only the
            driver's own wall-clock deadline ends a wait.

    Attributes:
        spi_transfers: SPI transfers (``xfer``/``xfer2`` calls) so far.
        spi_speed_hz: the bus clock of the last transfer (as a logic analyser on SCLK sees
            it; set by the fake ``spidev``), None before any.
        commands: chip commands written to CommandReg, by name (``"MFAuthent"``, ...).
        picc_commands: frames transmitted to the card, by first byte name (``"READ"``, ...).
        reset_low: True while the NRSTPD pin is held low (hard power-down).
    """

    def __init__(self, flaky: bool = False, timer_dead: bool = False, version: int = 0x92,
                 collpos: str = "fifo", clock=time.monotonic):
        if collpos not in ("fifo", "received"):
            raise ValueError("collpos is 'fifo' or 'received'")
        self.collpos = collpos
        self.clock = clock
        self.flaky = flaky
        self.timer_dead = timer_dead
        self.version = version
        #: None, or the byte every SPI read returns (0x00 or 0xFF: a dead bus); writes are lost.
        self.stuck: int | None = None
        #: ComIrqReg reads an answer takes on air before RxIRq (0: at once): the frame's
        #: time, counted in the driver's own reads so a loaded machine changes nothing.
        self.rx_reads = 0
        self._rx_due: int | None = None
        self._rx_pending: tuple[bytes, int] | None = None
        self.cards: list[SimCard] = []
        self.spi_transfers = 0
        self.spi_speed_hz: int | None = None
        self.commands: Counter[str] = Counter()
        self.picc_commands: Counter[str] = Counter()
        self.reset_low = False
        self._requests = 0
        self._soft_reset()

    # --- the field ---------------------------------------------------------------------
    @property
    def card(self) -> SimCard | None:
        """The (first) card in the field, or None."""
        return self.cards[0] if self.cards else None

    def present(self, card: SimCard) -> None:
        """Put ``card`` alone in the field, replacing any other (it powers up IDLE)."""
        self.cards = []
        self.add(card)

    def add(self, card: SimCard) -> None:
        """Put ``card`` in the field beside the cards already there."""
        card.state, card.level = CardState.IDLE, 0
        card.placed_at, card.clock = self.clock(), self.clock
        self.cards.append(card)

    def remove(self, card: SimCard | None = None) -> None:
        """Take ``card`` (default: every card) out of the field."""
        self.cards = [] if card is None else [c for c in self.cards if c is not card]

    # --- chip state ----------------------------------------------------------------------
    #: Reset values (datasheet table 20 / section 9.3) of the registers that are not 0x00.
    RESET_VALUES = {COMMAND: 0x20, COM_IEN: 0x80, COM_IRQ: 0x14, STATUS1: 0x21, WATER_LEVEL: 0x08,
                    CONTROL: 0x10, COLL: 0xA0, MODE: 0x3F, TX_CONTROL: 0x80, 0x16: 0x10, 0x17: 0x84,
                    0x18: 0x84, 0x19: 0x4D, 0x1C: 0x62, 0x1F: 0xEB, CRC_RESULT_H: 0xFF, CRC_RESULT_L: 0xFF,
                    0x24: 0x26, RF_CFG: 0x48, 0x27: 0x88, 0x28: 0x20, 0x29: 0x20}

    def _soft_reset(self) -> None:
        self.regs = [0] * 64
        for reg, value in self.RESET_VALUES.items():
            self.regs[reg] = value
        self.regs[VERSION] = getattr(self, "version", 0x92)
        self.fifo = bytearray()
        self.timer_due: float | None = None
        self._rx_due = None
        self._rx_pending = None
        for card in getattr(self, "cards", ()):
            card.state, card.level = CardState.IDLE, 0  # the field went off: the cards lost power

    def power_cycle(self) -> None:
        """A brown-out or a replugged VCC: every register back to its reset value, the antenna
        off, the timer no longer auto-started; the chip answers again at once."""
        self._soft_reset()

    def timer_period(self) -> float:
        """Seconds from the end of a transmission to TimerIRq (datasheet 8.5)."""
        prescaler = ((self.regs[T_MODE] & 0x0F) << 8) | self.regs[T_PRESCALER]
        reload = (self.regs[T_RELOAD_H] << 8) | self.regs[T_RELOAD_L]
        return (2 * prescaler + 1) * (reload + 1) / _FC

    def _read(self, addr: int) -> int:
        if self.stuck is not None:
            return self.stuck
        if self.reset_low:
            return 0x00
        if addr == COM_IRQ and self._rx_due is not None:
            self._rx_due -= 1
            if self._rx_due < 0:
                self._finish_receiving()
        if addr == FIFO_DATA:
            return self.fifo.pop(0) if self.fifo else 0
        if addr == FIFO_LEVEL:
            return len(self.fifo)
        if addr == COM_IRQ and self.timer_due is not None and time.monotonic() >= self.timer_due:
            self.regs[COM_IRQ] |= 0x01  # TimerIRq
            self.timer_due = None
        return self.regs[addr]

    def _write(self, addr: int, val: int) -> None:
        if self.reset_low or self.stuck is not None:
            return  # powered down, or a dead bus: the write is lost
        if addr in READ_ONLY:
            return
        writer = self._WRITERS.get(addr)
        if writer is None:
            self.regs[addr] = val
        else:
            writer(self, addr, val)

    def _write_command(self, addr: int, val: int) -> None:
        """CommandReg: run the command; the Rcv/PowerDown bits stay."""
        self._command(val & 0x0F)
        self.regs[COMMAND] = (self.regs[COMMAND] & 0x30) | (val & 0x0F)

    def _write_irq(self, addr: int, val: int) -> None:
        """ComIrqReg / DivIrqReg: bit 7 (Set1/Set2) says whether the marked bits are set or
        cleared (datasheet 9.3.1.5-6)."""
        if val & 0x80:
            self.regs[addr] |= val & 0x7F
        else:
            self.regs[addr] &= ~val & 0x7F

    def _write_fifo_level(self, addr: int, val: int) -> None:
        """FIFOLevelReg: FlushBuffer (bit 7) empties the FIFO and clears BufferOvfl."""
        if val & 0x80:
            self.fifo.clear()
            self.regs[ERROR] &= ~0x10

    def _write_fifo_data(self, addr: int, val: int) -> None:
        """FIFODataReg: one byte into the 64-byte FIFO, or BufferOvfl when it is full."""
        if len(self.fifo) < 64:
            self.fifo.append(val)
        else:
            self.regs[ERROR] |= 0x10  # BufferOvfl

    def _write_bit_framing(self, addr: int, val: int) -> None:
        """BitFramingReg: StartSend (bit 7) during Transceive sends the FIFO."""
        self.regs[addr] = val
        if val & 0x80 and self.regs[COMMAND] & 0x0F == 0x0C:
            self._transceive()

    def _write_control(self, addr: int, val: int) -> None:
        """ControlReg: RxLastBits (bits 2..0) are read-only."""
        self.regs[addr] = (self.regs[addr] & 0x07) | (val & 0xF8)

    #: Registers whose write does more than store the byte: address -> writer.
    _WRITERS = {COMMAND: _write_command, COM_IRQ: _write_irq, DIV_IRQ: _write_irq,
                FIFO_LEVEL: _write_fifo_level, FIFO_DATA: _write_fifo_data,
                BIT_FRAMING: _write_bit_framing, CONTROL: _write_control}

    def _command(self, cmd: int) -> None:
        self.commands[COMMAND_NAMES.get(cmd, hex(cmd))] += 1
        if cmd == 0x0F:
            self._soft_reset()
        elif cmd == 0x00:
            self.timer_due = None
            self._rx_due = self._rx_pending = None  # Idle stops the receiver
        elif cmd == 0x03:  # CalcCRC over the FIFO content
            preset = (0x0000, 0x6363, 0xA671, 0xFFFF)[self.regs[MODE] & 0x03]
            crc = _crc_with_preset(bytes(self.fifo), preset)
            self.fifo.clear()
            self.regs[CRC_RESULT_L], self.regs[CRC_RESULT_H] = crc[0], crc[1]
            self.regs[DIV_IRQ] |= 0x04  # CRCIRq
        elif cmd == 0x0E:  # MFAuthent: Crypto1 is not modelled; ends at once, no MFCrypto1On
            self.fifo.clear()
            self.regs[COM_IRQ] |= 0x10  # IdleIRq
            self.regs[STATUS2] &= ~0x08

    def _transceive(self) -> None:
        frame = bytes(self.fifo)
        self.fifo.clear()
        last_bits = self.regs[BIT_FRAMING] & 0x07
        self.regs[COM_IRQ] |= 0x40  # TxIRq
        self.regs[ERROR] = 0
        if frame:
            self.picc_commands[PICC_NAMES.get(frame[0], hex(frame[0]))] += 1
        answers = self._answers(frame, last_bits)
        if answers:
            self._receive(answers)
        elif self.regs[T_MODE] & 0x80 and not self.timer_dead:  # TAuto
            self.timer_due = time.monotonic() + self.timer_period()

    def _answers(self, frame: bytes, last_bits: int) -> list[list[int]]:
        """Every card's answer to ``frame``, as bits; none without the field (the cards are
        then unpowered: IDLE)."""
        if self.regs[TX_CONTROL] & 0x03 != 0x03:
            for card in self.cards:
                card.state, card.level = CardState.IDLE, 0
            return []
        if self.flaky and last_bits == 7 and self.cards:
            self._requests += 1
            if self._requests % 2 == 0:
                return []  # lost in the field
        answers = []
        for card in self.cards if frame else ():
            answer = card.receive(frame, last_bits)
            if answer is not None:
                answers.append(_bits(answer) if isinstance(answer, bytes) else answer)
        return answers

    def _receive(self, answers: list[list[int]]) -> None:
        """The superposed answers reach the receiver: CollErr and ErrIRq at the first
        colliding bit, the frame itself :attr:`rx_reads` ComIrqReg reads later."""
        bits, coll = [], None
        for i in range(max(map(len, answers))):
            values = {a[i] for a in answers if i < len(a)}
            if len(values) > 1 and coll is None:
                coll = i
            bits.append(max(values))  # superposed: a 1 from any card wins
        rx_align = (self.regs[BIT_FRAMING] >> 4) & 0x07
        padded = [0] * rx_align + bits
        if coll is not None:  # raised at the colliding bit, before the end of the frame
            self.regs[ERROR] |= 0x08  # CollErr
            self.regs[COLL] = ((rx_align if self.collpos == "fifo" else 0) + coll + 1) & 0x1F
            self.regs[COM_IRQ] |= 0x02  # ErrIRq
        else:
            self.regs[COLL] = 0x20  # CollPosNotValid
        self.timer_due = None  # the first received bits stop the timer
        self._rx_pending = (_pack(padded), len(padded) % 8)
        self._rx_due = self.rx_reads
        if not self.rx_reads:
            self._finish_receiving()

    def _finish_receiving(self) -> None:
        """The end of the answer's frame: the FIFO holds it, RxIRq is set."""
        if self._rx_pending is None:  # nothing is being received
            return
        data, last_bits = self._rx_pending
        self._rx_due = self._rx_pending = None
        self.fifo.extend(data)
        self.regs[CONTROL] = (self.regs[CONTROL] & 0xF8) | last_bits
        self.regs[COM_IRQ] |= 0x20  # RxIRq

    # --- SPI -------------------------------------------------------------------------------
    def transfer(self, data: list[int]) -> list[int]:
        """One SPI transfer (datasheet 8.1.2): a read returns the register in the next byte."""
        self.spi_transfers += 1
        out = [0] * len(data)
        if not data:
            return out
        if data[0] & 0x80:  # read: each byte addresses the register for the next
            for i, byte in enumerate(data[:-1]):
                out[i + 1] = self._read((byte >> 1) & 0x3F)
        else:
            addr = (data[0] >> 1) & 0x3F
            for val in data[1:]:
                self._write(addr, val)
        return out

    def set_reset_pin(self, level: int) -> None:
        """NRSTPD (datasheet 8.8.1): low = hard power-down, rising edge = reset."""
        if level and self.reset_low:
            self._soft_reset()
        self.reset_low = not level


def _bits(data: bytes) -> list[int]:
    """Bits of ``data`` in air order (LSB of each byte first)."""
    return [(byte >> i) & 1 for byte in data for i in range(8)]


def _pack(bits: list[int]) -> bytes:
    out = bytearray((len(bits) + 7) // 8)
    for i, bit in enumerate(bits):
        out[i // 8] |= bit << (i % 8)
    return bytes(out)

