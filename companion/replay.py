"""Feed a table script through the real daemon, on simulated hardware.

Taps go to fake readers under the real reader runner, presses to gpiozero mock pins under
the real dice button. Each input reaches the daemon carrying its script line (recorded for
resume); a touch therefore goes in as the socket's ``choose`` puts it, while a client on the
socket follows the state like the UI. With a store that already holds the script's game,
the replay resumes after the last recorded line.
"""

from __future__ import annotations

import concurrent.futures
import logging
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from companion import inputs
from companion.client import Client
from companion.daemon import Daemon, DaemonThread, dice_input, presence_input
from companion.daemon.settings import DaemonSettings
from companion.daemon.table_hardware import TableHardware
from companion.errors import (  # noqa: F401 (re-exported: companion.replay.ReplayFailed)
    CompanionError,
    LineRefused,
    ReplayFailed,
    StoreFailedMidway,
)
from companion.i18n import NewsLine
from companion.inputs import Input, Press, Remove, Tap, Touch
from companion.script import ScriptLine, TableScript
from companion.session import Reply
from companion.store import EventStore

log = logging.getLogger(__name__)


@dataclass
class ReplayResult:
    """What a replay ended with.

    Attributes:
        state: the daemon's last ``state`` message.
        refused: (line, message) for every input the companion refused.
        fed: how many script lines were fed in this run (after a resume, fewer).
        resumed_after: the last line already recorded when the replay started, or None.
        saved_through: the last line whose input the store took (``resumed_after`` until one).
        inputs: the inputs in effect in the game at the end (accepted minus undone: what
            ``companion play`` and ``games --saved`` count).
        unused_stack: the header's forced chance outcomes the game never used, per source
            (``{"movement_die": [4, 5]}``): the script forces more than it plays.
    """

    state: dict[str, Any]
    refused: list[tuple[int, str]] = field(default_factory=list)
    fed: int = 0
    resumed_after: int | None = None
    saved_through: int | None = None
    inputs: int = 0
    unused_stack: dict[str, list] = field(default_factory=dict)


def replay(script: TableScript, db: str | Path | None = None, realtime: bool = False,
           speed: float = 1.0, on_line: Callable[[ScriptLine, Reply | None], None] | None = None,
           on_message: Callable[[dict], None] | None = None,
           socket_path: str | Path | None = None, strict: bool = False, hold_end: float = 0.0,
           hold_until: threading.Event | None = None) -> ReplayResult:
    """Replay ``script`` through a daemon.

    Args:
        script: the parsed script.
        db: event store file; None keeps everything in memory.
        realtime: honour each line's ``at`` (divided by ``speed``).
        speed: how much faster than real time (``realtime`` only): the gaps between lines,
            button holds and the readers' removal delay all shrink by this factor.
        on_line: called after each line with its reply (None for a line that caused no reply).
        on_message: receives every daemon message (from the client thread).
        socket_path: where the daemon listens (default: a temporary directory).
        strict: stop at a line the game refuses that does not say ``"expect": "refused"``,
            and at one that says so and is taken (``companion replay``).
        hold_end: seconds the daemon keeps serving after the last line, so that a window on
            its socket shows how the game ended (the demo) rather than "Connection lost".
        hold_until: then, keep serving until this is set (the demo's window was closed).

    Raises:
        LineRefused: ``strict``, and a line was not taken or refused as the script says.
        StoreFailedMidway: the store refused a line's input (a full disk).
        ReplayFailed: the daemon could not go on at some line; or, resuming from ``db``,
            the script was edited since its game was recorded there (a line already played
            is no longer the input it recorded).
    """
    with tempfile.TemporaryDirectory(prefix="companion-") as tmp:
        path = Path(socket_path) if socket_path else Path(tmp) / "companion.sock"
        store = EventStore(db if db is not None else ":memory:")
        try:
            return _run(script, store, path, realtime, speed, on_line, on_message, strict, hold_end, hold_until)
        finally:
            store.close()


def _run(script, store, path, realtime, speed, on_line, on_message, strict, hold_end=0.0,
         hold_until=None) -> ReplayResult:
    # the simulated table's dice button: a script's presses go to it
    daemon = Daemon(store, path, settings=DaemonSettings(dice_button=True))
    with DaemonThread(daemon):
        feeder = _Feeder(daemon)
        table = TableHardware.simulated(feeder.on_presence, feeder.on_dice, realtime=realtime, speed=speed)
        try:
            resumed_after = daemon.call(lambda: _start(daemon, script, store))
            result = ReplayResult(state={}, resumed_after=resumed_after, saved_through=resumed_after)
            with Client(path, on_message=on_message).connect() as client:
                pace = _Pace(realtime, speed, script.lines, resumed_after)
                for line in pace.todo:
                    pace.wait(line)
                    replies, failures = _outcomes(feeder.feed(table, line))
                    reply = replies[-1] if replies else None
                    _account(daemon, result, line, reply, on_line, failures)
                    if strict:
                        _as_expected(daemon, line, reply)
                client.request({"cmd": "state"})  # the state message comes before the ack
                result.state = client.state
                time.sleep(max(0.0, hold_end))
                if hold_until is not None:
                    hold_until.wait()
            result.unused_stack = daemon.call(lambda: daemon.session.unused_stack if daemon.session else {})
            result.inputs = daemon.call(lambda: daemon.session.position if daemon.session else 0)
        finally:
            table.close()
    return result


class _Pace:
    """Which lines are still to feed, and (``realtime``) when each is due."""

    def __init__(self, realtime: bool, speed: float, lines, resumed_after: int | None):
        self.realtime, self.speed = realtime, speed
        self.todo = [line for line in lines if resumed_after is None or line.number > resumed_after]
        first_at = self.todo[0].at if self.todo and resumed_after else 0.0
        self.started = time.monotonic() - first_at / speed

    def wait(self, line: ScriptLine) -> None:
        if self.realtime:
            time.sleep(max(0.0, self.started + line.at / self.speed - time.monotonic()))


def _account(daemon: Daemon, result: ReplayResult, line: ScriptLine, reply: Reply | None, on_line,
             failures: list[str]) -> None:
    """Record what came of one fed line; stop the replay if the daemon could not go on."""
    if failures:
        raise ReplayFailed(line.number, failures[0])
    recording = daemon.session.recording if daemon.session is not None else None
    if recording is not None and recording.unsaved is not None:
        raise StoreFailedMidway(line.number, recording.unsaved, recording.full, result.saved_through)
    if reply is not None and reply.accepted:
        result.saved_through = line.number
    if reply is not None and not reply.accepted and not reply.ignored:
        text = reply.text
        result.refused.append((line.number, text.text if isinstance(text, NewsLine) else text))  # the sentence
    if on_line is not None:
        on_line(line, reply)
    result.fed += 1


def _as_expected(daemon: Daemon, line: ScriptLine, reply: Reply | None) -> None:
    """Stop a strict replay at a line refused that the script does not expect to be, or taken
    that it expects to be refused.

    Raises:
        LineRefused: saying which.
    """
    refused = reply is not None and not reply.accepted and not reply.ignored
    expected = line.expect == "refused"
    if refused and not expected:
        raise _refusal(daemon, line, reply.text)
    if expected and not refused:
        raise LineRefused(line.number, 'the script expects the game to refuse this line ("expect": "refused"), '
                                       "but it was taken")


def _refusal(daemon: Daemon, line: ScriptLine, text: str) -> LineRefused:
    """A touch whose key is no choice now while choices of its kind are (``move:Q`` when
    ``move:A`` ... are offered) is a bad script; any other refusal is the game's."""
    if isinstance(line.input, Touch) and ":" in line.input.key:
        kind = line.input.key.split(":", 1)[0] + ":"
        offered = daemon.call(lambda: _offered(daemon, kind))
        if offered:
            return LineRefused(line.number, f"no such choice {line.input.key} (the {kind[:-1]} choices now: "
                                            f"{', '.join(offered)})", bad_script=True)
    return LineRefused(line.number, f"refused: {text}")


def _offered(daemon: Daemon, kind: str) -> list[str]:
    """The public choice keys of the prompt now that start with ``kind``."""
    prompt = daemon.session.prompt if daemon.session is not None else None
    if prompt is None:
        return []
    return [c.key for c in (*prompt.choices, *prompt.out_of_turn) if c.key.startswith(kind) and not c.private]


def _start(daemon: Daemon, script: TableScript, store: EventStore) -> int | None:
    """Resume the script's game if the store holds it; otherwise start it."""
    record = store.by_key(script.header.key())
    if record is None:
        daemon.start_game(script.header)
        return None
    _check_played_lines(script, store, record, daemon.hold_time)
    session = daemon.game.resume(record)
    return session.last_line or 0


def _played(inp: Input, hold_time: float) -> tuple:
    """What of an input decides the game: a press is a roll or an undo, whatever its exact
    hold; a tap is its tag and reader (its NDEF text is read back from the simulated tag)."""
    if isinstance(inp, Tap):
        return ("tap", inp.uid.upper(), inp.reader)
    if isinstance(inp, Press):
        return ("press", inp.button, inp.hold >= hold_time)
    if isinstance(inp, Remove):
        return ("remove", inp.reader)
    return ("touch", inp.key)


def _check_played_lines(script: TableScript, store: EventStore, record, hold_time: float) -> None:
    """Refuse to resume a game from a script edited since: every recorded input that came
    from a script line must still be that line's input (compared as :func:`_played`).

    Raises:
        ReplayFailed: naming the first line that differs.
    """
    lines = {line.number: line for line in script.lines}
    for event in store.events(record.id):
        number = event.body.get("line")
        if number is None:
            continue
        line = lines.get(number)
        recorded = inputs.from_json(event.body["input"])
        if line is None or _played(line.input, hold_time) != _played(recorded, hold_time):
            now = inputs.describe(line.input) if line is not None else "no input"
            raise ReplayFailed(number, (
                f"the script was edited after its game was recorded in {store.path}: this line "
                f"is now {now}, the game recorded {inputs.describe(recorded)}. Replay it into "
                f"another --db, or restore the script"))


class _Feeder:
    """Feeds script lines to the daemon; every input a line causes (a tap through the fake
    reader, a press through the dice button) carries the line's number."""

    def __init__(self, daemon: Daemon):
        self.daemon = daemon
        self.line: int | None = None  # the line being fed
        self.futures: list[concurrent.futures.Future[Reply]] = []  # what the line's inputs came to

    def submit(self, inp: Input) -> None:
        self.futures.append(self.daemon.submit(replace(inp, line=self.line)))

    def on_presence(self, event) -> None:
        self.submit(presence_input(event))

    def on_dice(self, held: float) -> None:
        self.submit(dice_input(held))

    def feed(self, table, line: ScriptLine) -> list[concurrent.futures.Future[Reply]]:
        """Feed ``line`` and wait until the daemon handled what it caused; the futures of
        those inputs (:meth:`Daemon.submit`), all done."""
        inp: Input = line.input
        self.line, self.futures = line.number, []
        if isinstance(inp, Tap):
            table.tap(inp.uid, inp.reader, inp.ndef, inp.ndef_problem)
        elif isinstance(inp, Remove):
            table.remove(inp.reader)
        elif isinstance(inp, Press) and inp.button == table.button.name:
            table.press(inp.hold)
        else:  # a touch (as the socket's choose puts it), or a button this table does not have
            self.submit(inp)
        self.daemon.drain()
        return self.futures


def _outcomes(futures: list[concurrent.futures.Future[Reply]]) -> tuple[list[Reply], list[str]]:
    """The replies of the inputs a line caused, and why any of them could not be played at all
    (a :class:`~companion.errors.CompanionError`; a bug is the daemon's to log and tell)."""
    replies, failures = [], []
    for future in futures:
        error = future.exception(timeout=0)
        if error is None:
            replies.append(future.result())
        elif isinstance(error, CompanionError):
            failures.append(str(error))
    return replies, failures
