"""A simulated PN532 on a pseudo-terminal, so the real driver and real pyserial run (test
support only: the product never imports :mod:`hardware.testing`).

``os.openpty()`` gives a master/slave pair; :class:`SimulatedPN532` plays the PN532 on the
master side in a thread and the driver opens :attr:`SimulatedPN532.port` (the slave's tty
name). It answers GetFirmwareVersion, SAMConfiguration, RFConfiguration and
InListPassiveTarget (UM0701-02 §7), and can be told to present or remove a tag, inject
garbage or stray frames, delay an answer, NACK or reject a command, or go silent.

Faults of issue 30: :meth:`SimulatedPN532.go_quiet` (a loose connector: nothing answered for
a while, then the chip answers whatever comes next, often the driver's firmware probe);
:meth:`SimulatedPN532.forget_retries` (a reset while awake: MxRtyPassiveActivation back at
0xFF, so InListPassiveTarget waits for a card for ever while every other command answers);
``read_fail_for`` of :meth:`SimulatedPN532.present` (a card slid on: its memory answers no
READ for the first seconds of contact, while its UID answers at once).
"""

from __future__ import annotations

import os
import select
import threading
import time
import tty

from hardware.nfc.pn532 import ACK, build_frame

NACK = b"\x00\x00\xff\xff\x00\x00"
ERROR_FRAME = b"\x00\x00\xff\x01\xff\x7f\x81\x00"


def response_frame(code: int, data: bytes = b"") -> bytes:
    """A PN532-to-host frame (TFI D5) with response code ``code``, e.g. a stray late answer."""
    return build_frame(0xD5, bytes([code]) + bytes(data))


def target_data(uid: bytes, atqa: bytes = b"\x00\x04", sak: int = 0x08) -> bytes:
    """InListPassiveTarget's answer data for one 106 kbps type A target (§7.3.5)."""
    return bytes([1, 1]) + bytes(atqa) + bytes([sak, len(uid)]) + bytes(uid)


class SimulatedPN532:
    """A PN532 behind a pty. A context manager; :meth:`close` stops the thread and closes fds.

    Args:
        firmware: GetFirmwareVersion's answer ``(IC, Ver, Rev, Support)``.
        require_wakeup: ignore commands until the HSU wake-up byte 0x55 has been seen.

    Attributes:
        port: the tty name for the driver (``/dev/pts/N``).
        commands: ``(code, params)`` of every well-formed host command, oldest first.
        sent: every chunk written to the host, oldest first.
        wakeups: how many 0x55 wake-up bytes arrived.
        silent: when true, nothing is answered (an unplugged reader).
        field: the tag in the field ``(uid, atqa, sak)``, or None.
        memory: UID -> the tag's Type 2 pages (4 bytes each, concatenated), for tags given one.
    """

    def __init__(self, firmware: tuple[int, int, int, int] = (0x32, 1, 6, 7), require_wakeup: bool = True,
                 clock=time.monotonic):
        self.firmware = firmware
        #: What times :meth:`go_quiet` and ``read_fail_for`` (a test's manual clock, or
        #: monotonic seconds); the answers' own delays are in real time.
        self.clock = clock
        self.require_wakeup = require_wakeup
        self.commands: list[tuple[int, bytes]] = []
        self.wakeups = 0
        self.silent = False
        self.field: tuple[bytes, bytes, int] | None = None
        self.memory: dict[bytes, bytearray] = {}
        self._lock = threading.Lock()
        self._pending: list[tuple[float, bytes, bool]] = []  # (due, bytes, abortable), in order
        self.sent: list[bytes] = []
        self._before_ack: list[bytes] = []
        self._before_response: list[bytes] = []
        self._delay_next = 0.0
        self._delay_abortable = True
        self._nack_next = False
        self._reject_next = False
        #: Seconds one passive activation attempt takes: the no-card answer to
        #: InListPassiveTarget comes after MxRtyPassiveActivation + 1 of them (a slow board).
        self.activation_time = 0.0
        self.mx_rty_passive = 0xFF  # the PN532's default until RFConfiguration item 5
        #: READs through InDataExchange still to fail (status 0x01) as on a first, brief contact.
        self.failing_reads = 0
        self._quiet_until = 0.0  # monotonic seconds: commands before it go unanswered
        #: When N > 0, every Nth command goes unanswered (no ACK, no response: a frame lost on
        #: a noisy UART), e.g. 10 for one missed answer in ten.
        self.miss_one_in = 0
        self._received = 0
        self._reads_fail_until = 0.0  # monotonic seconds: READs before it fail (a card sliding on)
        self._rx = bytearray()
        self._master, self._slave = os.openpty()
        tty.setraw(self._slave)
        self.port = os.ttyname(self._slave)
        self._wake_r, self._wake_w = os.pipe()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="pn532-sim", daemon=True)
        self._thread.start()

    # -- what a test does ---------------------------------------------------------------

    def present(self, uid: bytes | str, atqa: bytes | int | None = None, sak: int | None = None,
                pages: bytes | None = None, read_fail_for: float = 0.0) -> None:
        """Put a tag in the field. Defaults: a MIFARE Classic (ATQA 0004, SAK 08) for a 4-byte
        UID, an NTAG/Ultralight (ATQA 0044, SAK 00) otherwise. ``pages``: the tag's memory
        image, read and written by NTAG READ/WRITE through InDataExchange. ``read_fail_for``:
        seconds from now during which every READ fails (status 0x01: a card slid on)."""
        with self._lock:
            self._reads_fail_until = self.clock() + read_fail_for
        uid = bytes.fromhex(uid) if isinstance(uid, str) else bytes(uid)
        if pages is not None:
            with self._lock:
                self.memory[uid] = bytearray(pages)
        if atqa is None:
            atqa = b"\x00\x04" if len(uid) == 4 else b"\x00\x44"
        elif isinstance(atqa, int):
            atqa = atqa.to_bytes(2, "big")
        if sak is None:
            sak = 0x08 if len(uid) == 4 else 0x00
        with self._lock:
            self.field = (uid, bytes(atqa), sak)

    def remove(self) -> None:
        """Take the tag out of the field."""
        with self._lock:
            self.field = None

    def go_quiet(self, seconds: float) -> None:
        """Answer nothing for ``seconds`` from now (a loose connector), then answer again."""
        with self._lock:
            self._quiet_until = self.clock() + seconds

    def forget_retries(self) -> None:
        """A reset while awake: MxRtyPassiveActivation back to 0xFF (wait for a card for ever)."""
        with self._lock:
            self.mx_rty_passive = 0xFF

    def inject(self, data: bytes, when: str = "now") -> None:
        """Send raw bytes: ``"now"``, or with the next answer ``"before_ack"`` or
        ``"before_response"`` (after its ACK, before its response)."""
        with self._lock:
            if when == "now":
                self._pending.append((0.0, bytes(data), False))
            elif when == "before_ack":
                self._before_ack.append(bytes(data))
            elif when == "before_response":
                self._before_response.append(bytes(data))
            else:
                raise ValueError(f"unknown moment {when!r}")
        self._kick()

    def delay_next(self, seconds: float, abortable: bool = True) -> None:
        """Send the next response ``seconds`` late (its ACK stays on time).

        A host ACK aborts it (§6.2.2) unless ``abortable`` is false: then it arrives late
        whatever the host does, like an answer crossing the host's abort on the wire.
        """
        with self._lock:
            self._delay_next = seconds
            self._delay_abortable = abortable

    def nack_next(self) -> None:
        """Answer the next command with a NACK (asking the host to send it again)."""
        with self._lock:
            self._nack_next = True

    def reject_next(self) -> None:
        """Answer the next command with ACK then an error frame (§6.2.1.5)."""
        with self._lock:
            self._reject_next = True

    def pending(self) -> int:
        """How many chunks are waiting to be sent (a delayed answer not yet aborted or due);
        tests wait on this instead of sleeping."""
        with self._lock:
            return len(self._pending)

    def codes(self) -> list[int]:
        """The command codes received so far."""
        with self._lock:
            return [code for code, _ in self.commands]

    def close(self) -> None:
        """Stop the thread and close the pty; idempotent."""
        if self._stop.is_set():
            return
        self._stop.set()
        self._kick()
        self._thread.join(2.0)
        for fd in (self._master, self._slave, self._wake_r, self._wake_w):
            try:
                os.close(fd)
            except OSError:
                pass

    def __enter__(self) -> SimulatedPN532:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    # -- the chip -------------------------------------------------------------------------

    def _kick(self) -> None:
        try:
            os.write(self._wake_w, b"x")
        except OSError:
            pass

    def _run(self) -> None:
        while not self._stop.is_set():
            with self._lock:
                due = self._pending[0][0] if self._pending else None
            wait = None if due is None else max(0.0, due - time.monotonic())
            readable, _, _ = select.select([self._master, self._wake_r], [], [], wait)
            if self._stop.is_set():
                return
            if self._wake_r in readable:
                os.read(self._wake_r, 64)
            if self._master in readable:
                try:
                    data = os.read(self._master, 4096)
                except OSError:  # the slave side went away
                    data = b""
                    time.sleep(0.01)
                self._receive(data)
            self._flush_due()

    def _flush_due(self) -> None:
        now = time.monotonic()
        while True:
            with self._lock:
                if not self._pending or self._pending[0][0] > now:
                    return
                _, data, _ = self._pending.pop(0)
                self.sent.append(data)
            try:
                os.write(self._master, data)
            except OSError:
                return

    def _receive(self, data: bytes) -> None:
        self.wakeups += data.count(0x55)
        self._rx += data
        rx = self._rx
        while True:
            start = rx.find(b"\x00\xff")
            if start < 0:
                del rx[:-1]
                return
            if len(rx) < start + 4:
                return
            length, lcs = rx[start + 2], rx[start + 3]
            if (length, lcs) == (0x00, 0xFF):  # host ACK: abort what is pending
                del rx[:start + 4]
                with self._lock:
                    self._pending = [item for item in self._pending if not item[2]]
                continue
            if (length + lcs) & 0xFF or length == 0:
                del rx[:start + 2]
                continue
            end = start + 4 + length + 1
            if len(rx) < end:
                return
            body = bytes(rx[start + 4:end - 1])
            dcs = rx[end - 1]
            del rx[:end]
            if (sum(body) + dcs) & 0xFF or body[0] != 0xD4 or len(body) < 2:
                continue
            self._command(body[1], body[2:])

    def _command(self, code: int, params: bytes) -> None:
        with self._lock:
            self.commands.append((code, params))
            now = time.monotonic()
            self._received += 1
            if self.silent or self.clock() < self._quiet_until or (self.require_wakeup and self.wakeups == 0):
                return
            if self.miss_one_in and self._received % self.miss_one_in == 0:
                return
            out = list(self._before_ack)
            self._before_ack.clear()
            if self._nack_next:
                self._nack_next = False
                self._pending.append((now, b"".join(out) + NACK, False))
                return
            out.append(ACK)
            out.extend(self._before_response)
            self._before_response.clear()
            self._pending.append((now, b"".join(out), False))
            if self._reject_next:
                self._reject_next = False
                answer = ERROR_FRAME
            else:
                answer = response_frame(code + 1, self._answer(code, params))
            delay = self._delay_next + self._activation_delay(code)
            if delay != float("inf"):  # else it waits for a card for ever (until aborted)
                self._pending.append((now + delay, answer, self._delay_abortable))
            self._delay_next, self._delay_abortable = 0.0, True
            self._pending.sort(key=lambda item: item[0])

    def _activation_delay(self, code: int) -> float:
        """How late the no-card answer to InListPassiveTarget comes (0 with a tag in the field)."""
        if code != 0x4A or self.field is not None:
            return 0.0
        if self.mx_rty_passive == 0xFF:
            return float("inf")  # §7.3.1: 0xFF retries for ever
        return (self.mx_rty_passive + 1) * self.activation_time

    def _answer(self, code: int, params: bytes) -> bytes:
        if code == 0x32 and len(params) == 4 and params[0] == 0x05:  # RFConfiguration item 5
            self.mx_rty_passive = params[3]
        if code == 0x02:  # GetFirmwareVersion
            return bytes(self.firmware)
        if code == 0x4A:  # InListPassiveTarget
            if self.field is None:
                return b"\x00"
            uid, atqa, sak = self.field
            return target_data(uid, atqa, sak)
        if code == 0x40:  # InDataExchange: Status, then the tag's answer
            return self._data_exchange(params)
        return b""  # SAMConfiguration, RFConfiguration and the rest: empty success

    def _data_exchange(self, params: bytes) -> bytes:
        """NTAG READ (0x30) and WRITE (0xA2) on target 1; status 0x01 (timeout) otherwise."""
        memory = self.memory.get(self.field[0]) if self.field is not None else None
        if memory is None or len(params) < 3 or params[0] != 1:
            return b"\x01"
        command, page, count = params[1], params[2], len(memory) // 4
        if command == 0x30 and self.failing_reads:
            self.failing_reads -= 1
            return b"\x01"
        if command == 0x30 and self.clock() < self._reads_fail_until:
            return b"\x01"
        if command == 0x30 and page < count:
            return b"\x00" + b"".join(bytes(memory[((page + i) % count) * 4:][:4]) for i in range(4))
        if command == 0xA2 and len(params) == 7 and 4 <= page < count:
            memory[page * 4:page * 4 + 4] = params[3:7]
            return b"\x00"
        return b"\x01"
