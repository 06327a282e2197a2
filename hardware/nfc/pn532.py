"""The PN532 over UART (HSU), issue 3.

Follows NXP UM0701-02, *PN532 User Manual*:

- §6.2.1 frame structure: normal information frame ``00 00 FF LEN LCS TFI data DCS 00``
  (LEN counts TFI and data; ``LEN + LCS`` and ``TFI + data + DCS`` are 0 modulo 256),
  extended frame ``00 00 FF FF FF LENM LENL LCS ...``, ACK ``00 00 FF 00 FF 00``,
  NACK ``00 00 FF FF 00 00`` and the application-level error frame
  ``00 00 FF 01 FF 7F 81 00``;
- §6.2.2 dialog: host command, PN532 ACK, then the response whose code is the command + 1;
  an ACK from the host aborts the command in progress;
- HSU wake-up (§7.2.11 and the HSU section of the PN532 data sheet): a 0x55 byte and a long
  preamble of zeros, then SAMConfiguration in normal mode (§7.2.10);
- §7.2.2 GetFirmwareVersion (the self-test), §7.3.1 RFConfiguration item 5
  (MxRtyPassiveActivation, so a poll ends), §7.3.5 InListPassiveTarget (106 kbps type A),
  §7.3.8 InDataExchange (``Tg`` then the tag command; the answer starts with a Status byte,
  0x00 = success), carrying the NTAG21x READ (0x30) and WRITE (0xA2) commands.

pyserial is imported only when a port is opened, so this module imports without it.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import Any

from hardware.board import pi5_port_advice, poll_timeout_for
from hardware.errors import ReaderUnavailable, fault
from hardware.nfc.base import UNANSWERED, Poll, Reader

log = logging.getLogger(__name__)

try:  # pyserial's POSIX backend lets termios.error (not an OSError) escape, e.g. on unplug
    import termios
    _IO_ERRORS: tuple[type[BaseException], ...] = (OSError, termios.error)
except ImportError:  # pragma: no cover - not POSIX
    _IO_ERRORS = (OSError,)

START = b"\x00\xff"
ACK = b"\x00\x00\xff\x00\xff\x00"
HOST_TFI = 0xD4
PN532_TFI = 0xD5
ERROR_TFI = 0x7F

GET_FIRMWARE_VERSION = 0x02
SAM_CONFIGURATION = 0x14
RF_CONFIGURATION = 0x32
IN_LIST_PASSIVE_TARGET = 0x4A
IN_DATA_EXCHANGE = 0x40
NTAG_READ, NTAG_WRITE = 0x30, 0xA2

#: HSU wake-up: 0x55 then a long preamble of zeros (about 2 ms at 115200 baud).
WAKE_UP = b"\x55\x55" + b"\x00" * 22

#: Consecutive unanswered polls before :meth:`PN532Reader.poll` raises ReaderUnavailable
#: (each one also unanswered to the GetFirmwareVersion probe that follows it).
MISSES_BEFORE_UNAVAILABLE = 3

#: Polls in a row answered only by the probe, each after configuring the retries again,
#: before the driver advises a longer poll_timeout: the first one may be a PN532 that lost
#: its MxRtyPassiveActivation (a reset while awake), which configuring again cures.
SLOW_BEFORE_ADVICE = 3

_ACK, _NACK, _ERROR, _DATA = "ack", "nack", "error", "data"


class _Timeout(Exception):
    """No (matching) answer before the deadline."""


class _Rejected(Exception):
    """The PN532 answered with an error frame (§6.2.1.5)."""


def build_frame(tfi: int, data: bytes) -> bytes:
    """A normal information frame (§6.2.1.1) carrying ``tfi`` and ``data`` (up to 254 bytes)."""
    body = bytes([tfi]) + bytes(data)
    if len(body) > 255:
        raise ValueError("a normal frame carries at most 254 data bytes")
    length = len(body)
    return (b"\x00\x00\xff" + bytes([length, (-length) & 0xFF]) + body
            + bytes([(-sum(body)) & 0xFF, 0x00]))


def _default_serial_factory(port: str, baudrate: int, timeout: float) -> Any:
    try:
        import serial  # lazily: the module imports without pyserial
    except ImportError as exc:
        raise ReaderUnavailable(fault("cannot open {port}: pyserial is not installed", port=port)) from exc
    return serial.Serial(port, baudrate=baudrate, timeout=timeout, write_timeout=1.0, exclusive=True)


class PN532Reader(Reader):
    """A PN532 on a serial port (the HSU interface), polled for one ISO 14443A tag.

    Opening wakes the PN532 up, puts the SAM in normal mode, checks the firmware
    (the self-test) and limits passive activation retries, so each :meth:`poll` ends.

    Args:
        name: the reader's name in config and logs.
        port: the serial device: ``/dev/serial0`` (the Pi's primary UART), ``/dev/ttyAMA0``,
            or a USB adapter such as ``/dev/ttyUSB0``.
        baudrate: bits per second; the PN532's HSU default is 115200.
        retries: MxRtyPassiveActivation (§7.3.1, item 5): extra activation attempts per
            poll, 0..254 (0xFF, the PN532's default, would wait for ever and is refused).
        timeout: seconds one command may take, ACK and response together; a poll that gets
            no answer in this time returns None (after a GetFirmwareVersion probe: a chip that
            answers it is alive, only slow). None: :func:`poll_timeout_for` ``retries``; a
            shorter one is refused.
        serial_factory: ``factory(port, baudrate, timeout)`` returning an open serial-like
            object (``read(n)``, ``write(b)``, ``reset_input_buffer()``, ``close()``);
            defaults to :class:`serial.Serial`. The read timeout it gets is short
            (at most 10 ms): frames are read by their LEN field, never by the timeout.

    Attributes:
        port, baudrate, retries, timeout: as given.
        firmware: ``(ic, version, revision, support)`` from GetFirmwareVersion,
            e.g. ``(0x32, 1, 6, 7)``.

    Raises:
        ReaderUnavailable: the port cannot be opened, nothing answers on it (the message
            names the port and what to check), or the device there is not a PN532.
        ValueError: ``retries`` or ``timeout`` out of range.
    """

    def __init__(self, name: str, port: str = "/dev/serial0", baudrate: int = 115200,
                 retries: int = 2, timeout: float | None = None,
                 serial_factory: Callable[[str, int, float], Any] | None = None):
        self._serial: Any = None  # first, so close() works after any failure below
        super().__init__(name)
        if not 0 <= retries <= 0xFE:
            raise ValueError(f"retries must be 0..254, not {retries} (0xFF waits for ever)")
        timeout = poll_timeout_for(retries) if timeout is None else timeout
        if timeout < poll_timeout_for(retries):
            raise ValueError(f"timeout {timeout:g} s is shorter than {retries + 1} activation attempts "
                             f"(retries = {retries}) may take: at least {poll_timeout_for(retries):g} s")
        self.port, self.baudrate, self.retries, self.timeout = port, baudrate, retries, timeout
        self.firmware: tuple[int, int, int, int] | None = None
        self._buf = bytearray()
        self._misses = 0
        self.slow_answers = 0  # polls answered only by the probe: a slow board, not a dead one
        self._slow_in_a_row = 0
        self.reconfigured = 0  # times configured again after a poll only the probe answered
        factory = serial_factory or _default_serial_factory
        try:
            self._serial = factory(port, baudrate, min(timeout, 0.01))
        except ReaderUnavailable:
            raise
        except (*_IO_ERRORS, ValueError) as exc:  # serial.SerialException is an OSError
            raise ReaderUnavailable(fault("cannot open {port}: {error}", port=port, error=str(exc))) from exc
        try:
            self._start()
        except BaseException:
            self.close()
            raise

    # -- the Reader interface ---------------------------------------------------------

    def poll(self) -> Poll:
        """One InListPassiveTarget (§7.3.5): 106 kbps type A, at most one target.

        Takes a few milliseconds with a healthy reader and about ``timeout`` seconds when
        nothing answers. After an unanswered poll the next one first repeats the wake-up,
        SAMConfiguration and RFConfiguration (the PN532 may have been reset), each bounded
        by ``timeout``; so does a poll whose answer was late while the chip still answers the
        GetFirmwareVersion probe (a PN532 reset while awake has MxRtyPassiveActivation back at
        0xFF: it waits for a card for ever, issue 30).

        Returns:
            The tag's UID (4, 7 or 10 bytes); None when the PN532 answered that there is no
            target; :data:`~hardware.nfc.base.UNANSWERED` when the answer did not come in time
            or was an error frame (the field is unknown, issue 30).

        Raises:
            ReaderUnavailable: the reader is closed, the port failed, or
                :data:`MISSES_BEFORE_UNAVAILABLE` polls in a row got no answer.
        """
        if self._serial is None:
            raise ReaderUnavailable(fault("PN532 reader '{name}' on {port} is closed", name=self.name, port=self.port))
        try:
            if self._misses:
                # It may have been reset or re-plugged: wake it and configure it again.
                self._wake_and_configure(self.timeout)
            answer = self._transceive(IN_LIST_PASSIVE_TARGET, b"\x01\x00", self.timeout)
        except _Timeout:
            self._abort()
            if self._alive():
                self._slow_answer()
                return UNANSWERED
            self._misses += 1
            if self._misses >= MISSES_BEFORE_UNAVAILABLE:
                raise ReaderUnavailable(fault("PN532 on {port} stopped answering ({misses} polls without an answer)",
                                              port=self.port, misses=self._misses)) from None
            log.debug("PN532 on %s: no answer to a poll (%d in a row)", self.port, self._misses)
            return UNANSWERED
        except _Rejected:
            self._misses = 0
            log.debug("PN532 on %s: error frame in answer to a poll", self.port)
            return UNANSWERED
        except ReaderUnavailable:
            raise
        except _IO_ERRORS as exc:
            raise ReaderUnavailable(fault("PN532 on {port}: {error}", port=self.port, error=str(exc))) from exc
        self._misses = 0
        self._slow_in_a_row = 0
        return self._parse_target(answer)

    def _alive(self) -> bool:
        """A missed poll answer is not a dead chip: whether GetFirmwareVersion (§7.2.2) answers."""
        try:
            self._transceive(GET_FIRMWARE_VERSION, b"", self.timeout)
            return True
        except _Rejected:
            return True  # an error frame is an answer too
        except _Timeout:
            self._abort()
            return False

    def _slow_answer(self) -> None:
        """A poll that only the probe answered: the reader stays online (no flapping), and it
        is configured again at once, since a PN532 reset while awake (or one that lost its
        retry setting) answers the probe but waits for a card for ever. Only when that does
        not help, poll after poll, is the board slow: then the log advises a longer timeout."""
        self._misses = 0
        self.slow_answers += 1
        self._slow_in_a_row += 1
        try:
            self._wake_and_configure(self.timeout)
            self.reconfigured += 1
        except (_Timeout, _Rejected):
            self._abort()
            self._misses = 1  # the next poll configures it again first
        if self._slow_in_a_row == SLOW_BEFORE_ADVICE or self._slow_in_a_row in (10, 100, 1000):
            log.warning("PN532 on %s answers a poll later than %g s (%d times in a row, though configured again "
                        "each time) but is alive: raise poll_timeout or lower retries in the config", self.port,
                        self.timeout, self._slow_in_a_row)
        else:
            log.info("PN532 on %s: a poll got no answer in %g s but the chip answers: configured it again",
                     self.port, self.timeout)

    reads_memory = True

    def read_pages(self, start: int) -> bytes | None:
        """NTAG READ of four pages from ``start`` through InDataExchange: 16 bytes, or None.

        Raises:
            ReaderUnavailable: the reader is closed or the port failed.
            ValueError: ``start`` is not 0-255.
        """
        if not 0 <= start <= 0xFF:
            raise ValueError(f"page {start} out of range 0-255")
        answer = self._exchange_with_tag(bytes((NTAG_READ, start)))
        return answer if answer is not None and len(answer) == 16 else None

    def write_page(self, page: int, data: bytes) -> bool:
        """NTAG WRITE of one 4-byte page through InDataExchange; True when acknowledged.

        Raises:
            ReaderUnavailable: the reader is closed or the port failed.
            ValueError: ``page`` is not 0-255 or ``data`` is not 4 bytes.
        """
        if not 0 <= page <= 0xFF or len(data) != 4:
            raise ValueError("write_page takes a page 0-255 and 4 bytes")
        return self._exchange_with_tag(bytes((NTAG_WRITE, page)) + bytes(data)) is not None

    def _exchange_with_tag(self, command: bytes) -> bytes | None:
        """Select the tag in the field (InListPassiveTarget), then InDataExchange ``command``.

        Returns the data after a 0x00 status, or None: no tag, a timeout, an error status.
        """
        if self._serial is None:
            raise ReaderUnavailable(fault("PN532 reader '{name}' on {port} is closed", name=self.name, port=self.port))
        try:
            if not self._parse_target(self._transceive(IN_LIST_PASSIVE_TARGET, b"\x01\x00", self.timeout)):
                return None
            answer = self._transceive(IN_DATA_EXCHANGE, b"\x01" + command, self.timeout)
        except _Timeout:
            self._abort()
            return None
        except _Rejected:
            return None
        except _IO_ERRORS as exc:
            raise ReaderUnavailable(fault("PN532 on {port}: {error}", port=self.port, error=str(exc))) from exc
        if not answer or answer[0] & 0x3F:
            log.debug("PN532 on %s: InDataExchange %s: status %s", self.port, command[:2].hex(" "),
                      answer[:1].hex() or "missing")
            return None
        return answer[1:]

    def close(self) -> None:
        """Close the port; safe to call twice and after a failed ``__init__``."""
        port, self._serial = getattr(self, "_serial", None), None
        if port is not None:
            try:
                port.close()
            except _IO_ERRORS as exc:
                log.debug("closing %s: %s", getattr(self, "port", "?"), exc)

    # -- start-up -----------------------------------------------------------------------

    def _start(self) -> None:
        unanswered = ReaderUnavailable(fault(
            "no PN532 answered on {port}: check wiring, that the serial console is off, and the baud rate "
            "({baudrate}){advice}", port=self.port, baudrate=self.baudrate, advice=pi5_port_advice(self.port)))
        patience = max(4 * self.timeout, 0.2)
        try:
            for attempt in range(2):
                try:
                    self._wake_and_configure(patience, rf=False)
                    break
                except _Timeout:
                    self._abort()
                    log.debug("PN532 on %s: no answer to wake-up, attempt %d", self.port, attempt + 1)
            else:
                raise unanswered
            firmware = self._transceive(GET_FIRMWARE_VERSION, b"", patience)
            if len(firmware) < 4 or firmware[0] != 0x32:
                raise ReaderUnavailable(fault("the device on {port} is not a PN532 (firmware answer {answer})",
                                              port=self.port, answer=firmware.hex(" ")))
            self.firmware = (firmware[0], firmware[1], firmware[2], firmware[3])
            self._configure_retries(patience)
        except _Timeout:
            raise unanswered from None
        except _Rejected:
            raise ReaderUnavailable(fault("the PN532 on {port} refused its configuration", port=self.port)) from None
        except ReaderUnavailable:
            raise
        except _IO_ERRORS as exc:
            raise ReaderUnavailable(fault("PN532 on {port}: {error}", port=self.port, error=str(exc))) from exc
        log.info("PN532 %s on %s: firmware %d.%d", self.name, self.port, self.firmware[1], self.firmware[2])

    def _wake_and_configure(self, patience: float, rf: bool = True) -> None:
        """HSU wake-up then SAMConfiguration, normal mode, no IRQ (§7.2.10); then retries."""
        self._transceive(SAM_CONFIGURATION, b"\x01\x14\x00", patience, prefix=WAKE_UP)
        if rf:
            self._configure_retries(patience)

    def _configure_retries(self, patience: float) -> None:
        # Item 5: MxRtyATR (default 0xFF), MxRtyPSL (default 0x01), MxRtyPassiveActivation.
        self._transceive(RF_CONFIGURATION, bytes([0x05, 0xFF, 0x01, self.retries]), patience)

    # -- the dialog (§6.2.2) -------------------------------------------------------------

    def _transceive(self, command: int, params: bytes, patience: float, prefix: bytes = b"") -> bytes:
        """Send ``command``, wait for its ACK, then for the response coded ``command + 1``.

        Bytes already waiting are dropped first. Frames before the ACK are late answers to
        earlier commands and are discarded, as are frames after it with another code.

        Returns:
            The response data after the response code.

        Raises:
            _Timeout: no ACK or no matching response within ``patience`` seconds.
            _Rejected: the PN532 answered with an error frame.
        """
        deadline = time.monotonic() + patience
        frame = build_frame(HOST_TFI, bytes([command]) + bytes(params))
        self._serial.reset_input_buffer()
        self._buf.clear()
        self._serial.write(prefix + frame)
        resent = False
        while True:  # wait for the ACK
            kind, data = self._read_frame(deadline)
            if kind == _ACK:
                break
            if kind == _NACK and not resent:  # "send that again"
                resent = True
                self._serial.write(frame)
            else:
                log.debug("PN532 on %s: discarded a %s frame before the ACK", self.port, kind)
        while True:  # wait for the response
            kind, data = self._read_frame(deadline)
            if kind == _ERROR:
                raise _Rejected()
            if kind == _DATA and data and data[0] == command + 1:
                return bytes(data[1:])
            log.debug("PN532 on %s: discarded a %s frame %s", self.port, kind, bytes(data).hex(" "))

    def _abort(self) -> None:
        """Send an ACK: the PN532 abandons the command in progress (§6.2.2)."""
        try:
            self._serial.write(ACK)
        except _IO_ERRORS as exc:
            log.debug("PN532 on %s: abort failed: %s", self.port, exc)

    def _fill(self, count: int, deadline: float) -> None:
        """Read until the buffer holds ``count`` bytes; exactly the missing bytes are asked for."""
        while len(self._buf) < count:
            if time.monotonic() >= deadline:
                raise _Timeout()
            self._buf += self._serial.read(count - len(self._buf))

    def _read_frame(self, deadline: float) -> tuple[str, bytes]:
        """The next well-formed frame (§6.2.1), resynchronising on the start code ``00 FF``.

        Garbage, frames with a bad LCS or DCS, and host frames are skipped. The postamble
        is not waited for (it is skipped as garbage before the next start code).

        Returns:
            ``("ack", b"")``, ``("nack", b"")``, ``("error", b"")`` or ``("data", payload)``
            where ``payload`` is the frame's data after the TFI (response code first).

        Raises:
            _Timeout: no frame before ``deadline`` (monotonic seconds).
        """
        buf = self._buf
        while True:
            self._fill(2, deadline)
            start = buf.find(START)
            if start < 0:
                del buf[:-1]  # keep a trailing 00: it may begin the start code
                self._fill(2, deadline)
                continue
            del buf[:start + 2]
            self._fill(2, deadline)
            length, lcs = buf[0], buf[1]
            if (length, lcs) == (0x00, 0xFF):
                del buf[:2]
                return _ACK, b""
            if (length, lcs) == (0xFF, 0x00):
                del buf[:2]
                return _NACK, b""
            if (length, lcs) == (0xFF, 0xFF):  # extended frame (§6.2.1.2)
                self._fill(5, deadline)
                if (buf[2] + buf[3] + buf[4]) & 0xFF:
                    continue  # bad LCS: rescan from here
                length, header = (buf[2] << 8) | buf[3], 5
            elif (length + lcs) & 0xFF:
                continue  # bad LCS: rescan from here
            else:
                header = 2
            if length == 0:
                continue
            self._fill(header + length + 1, deadline)
            body = bytes(buf[header:header + length])
            if (sum(body) + buf[header + length]) & 0xFF:
                log.debug("PN532 on %s: bad DCS, resynchronising", self.port)
                continue
            del buf[:header + length + 1]
            if body[0] == ERROR_TFI:
                return _ERROR, b""
            if body[0] == PN532_TFI:
                return _DATA, body[1:]

    def _parse_target(self, answer: bytes):
        """InListPassiveTarget's answer: ``NbTg [Tg SENS_RES(2) SEL_RES NFCIDLength NFCID1...]``:
        the UID, None for no target, UNANSWERED for a garbled target."""
        if not answer or answer[0] == 0:
            return None
        if len(answer) < 6:
            log.debug("PN532 on %s: short target data %s", self.port, answer.hex(" "))
            return UNANSWERED
        uid_length = answer[5]
        uid = answer[6:6 + uid_length]
        if uid_length not in (4, 7, 10) or len(uid) != uid_length:
            log.debug("PN532 on %s: unexpected UID in %s", self.port, answer.hex(" "))
            return UNANSWERED
        self.last_sak = answer[4]  # SEL_RES
        return bytes(uid)

