"""The core daemon: owns the session and the input worker.

A tap's way from the reader thread to the screen: the reader runner calls
:meth:`Daemon.on_presence` on its own thread; the tap is queued (:meth:`Daemon.submit`);
the input worker (:meth:`Daemon._work`) takes one input at a time and
:meth:`Daemon.handle` gives it to the session, which records it in the event store; the
new state then goes to every screen through the :mod:`~companion.daemon.publisher` and
the :mod:`~companion.daemon.hub`. Socket commands are in :mod:`~companion.daemon.commands`.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import gc
import logging
import os
import threading
import time
from collections import deque
from collections.abc import Callable, Coroutine
from pathlib import Path
from types import MappingProxyType
from typing import Any

from companion import inputs, screen_settings
from companion.daemon import commands
from companion.daemon.enroller import EnrollmentController
from companion.daemon.hub import ClientHub
from companion.daemon.kept import KeptSettings
from companion.daemon.links import Links, TableNow
from companion.daemon.programmer import TagProgrammer
from companion.daemon.publisher import StatePublisher
from companion.daemon.reader_news import driver_words, presence_notice, reader_status
from companion.daemon.saving import SavingWatch
from companion.daemon.settings import DaemonSettings
from companion.daemon.staff import StaffCall
from companion.daemon.taps import VirtualTaps
from companion.errors import CompanionError, StackError, StoreError
from companion.header import GameHeader
from companion.i18n import msg, nmsg
from companion.inputs import Input, Press, Remove, Tap, Touch
from companion.session import OutdatedGame, Reply, Session
from companion.store import KEPT, EventStore
from companion.voice import settings as voice_settings

log = logging.getLogger(__name__)

#: The name of the input worker's asyncio task (one input at a time, in order).
WORKER_TASK = "input worker"

#: Seconds between two tries at writing the inputs kept in memory after a write failed
#: (a full disk that has room again, issue 26).
SAVE_RETRY_EVERY = 2.0
#: Seconds after a game is on the table before :func:`settle_heap` runs.
SETTLE_AFTER = 1.0


def chosen_language(store: EventStore, default: str) -> str:
    """The language last chosen on the table's screen (kept in the store), else ``default``."""
    from companion.i18n import LANGUAGES

    chosen = store.setting("language")
    return chosen if chosen in LANGUAGES else default


def _settings(settings: DaemonSettings | None, **old: Any) -> DaemonSettings:
    """``settings``, or a :class:`DaemonSettings` of the old keyword arguments (those given);
    both together are refused: the keywords would be silently ignored."""
    given = {name: value for name, value in old.items() if value is not None}
    if settings is None:
        return DaemonSettings(**given)
    if given:
        raise TypeError(f"Daemon() takes settings= or the keyword arguments {', '.join(sorted(given))}, "
                        "not both: put them in the DaemonSettings")
    return settings


class Daemon:
    """The companion daemon.

    Args:
        store: the event store, opened by the caller, who also closes it; the daemon is its
            only writer while it runs.
        socket_path: where to serve the Unix socket (created ``0660``).
        hold_time: seconds a dice-button press must be held to mean "undo".
        reader_roles: reader name -> role (``"cards"``, ``"tiles"``), from the config.
        language: the table's language (``"en"``, ``"it"``) when none was chosen on the
            screen: every sentence sent to clients is rendered in it; the ``language``
            command changes it and keeps the choice in the store for the next start.
        phones: the config's ``[phones]`` (:class:`companion.phones.PhonesConfig`): with
            ``enabled``, :meth:`serve` also serves the players' phones (issue 22,
            :mod:`companion.phones`); else no TCP port is opened.
        mqtt: the config's ``[mqtt]`` (:class:`companion.venue.config.MqttConfig`), or None:
            with it, :meth:`serve` also runs the table's link to the venue's broker (issue 32,
            :mod:`companion.venue.link`, imported only then).
        settings: all of the above but the hooks as one :class:`DaemonSettings`, with what the
            builder knows (desk, virtual taps, dice button, storage warning); given with any of
            the keywords it replaces, ``TypeError``.
    """

    def __init__(self, store: EventStore, socket_path: str | Path, hold_time: float | None = None,
                 reader_roles: dict[str, str] | None = None, language: str | None = None,
                 phones=None, mqtt=None, settings: DaemonSettings | None = None):
        settings = _settings(settings, hold_time=hold_time, reader_roles=reader_roles, language=language,
                             phones=phones, mqtt=mqtt)
        hold_time, language, reader_roles = settings.hold_time, settings.language, settings.reader_roles
        phones, mqtt = settings.phones, settings.mqtt
        self.store = store
        self.language = chosen_language(store, language)
        self.hold_time = hold_time
        self.reader_roles = dict(reader_roles or {})
        self.session: Session | None = None
        self.readers: dict[str, dict[str, Any]] = {}
        #: Drop-outs of each reader since start (online, then offline), issue 30.
        self.reader_dropouts: dict[str, int] = {}
        #: The finished game put back on the table at start (:meth:`show_last_finished`), or
        #: None; forgotten when another game is on the table.
        self.finished_at_start: int | None = None
        #: Counts the game's changes (each accepted input, each new or resumed game); every
        #: state carries it, and a touch that names an older one is refused (issue 8).
        self.revision = 0
        #: Called with True (recognised) or False (unknown) for each tap, before the rules
        #: see it: the buzzer/LED of :class:`hardware.feedback.TagFeedback`.
        self.on_tag: Callable[[bool], None] | None = None
        self.loop: asyncio.AbstractEventLoop | None = None
        self.hub = ClientHub(socket_path, lambda: self.publisher.state(),
                             lambda line, writer: commands.receive(self, line, writer), self._client_left,
                             store_path=store.path)
        self.publisher = StatePublisher(self, self.hub)
        if settings.storage_warning is not None:
            self.recent.append(settings.storage_warning)
        #: What the parts are given of the daemon (nothing else of it).
        self.links = Links(in_order=self.in_order, start_task=self.start_task, publish=self.publish,
                           notify=self.publisher.notify)
        #: Whether the game's inputs are being saved (issues 8 and 26).
        self.saving = SavingWatch(lambda: self.session, self.links, self.add_news, settings.storage_warning)
        self.enroller = EnrollmentController(store, self.links, self._use_enrolled_tags)
        self.programmer = TagProgrammer(store, self.reader_roles, self.publisher.notify)
        #: The virtual readers and ``tap`` (issue 18), and whether a dice button was opened.
        self.taps = VirtualTaps(store, self.now, settings.virtual_taps_off)
        self.dice_button = settings.dice_button
        self._settle_heap = settings.settle_heap
        self._settle_due: asyncio.TimerHandle | bool = False  # a settle_heap to run (its timer once serving)
        self._queue: asyncio.Queue | None = None
        self._stopped: asyncio.Event | None = None
        self._tasks: set[asyncio.Task] = set()  # every task the daemon started, until it ends
        self._shutdown: list[Callable[[], None]] = []  # hardware stops, run first when stopping
        self.phones_config = phones
        #: The phone server (:class:`companion.phones.link.PhoneLink`) while :meth:`serve`
        #: runs with phones enabled (issue 22), else None.
        self.phones = None
        #: The owner's desk (issue 34): its ``[desk]`` config (None: the defaults) and, once
        #: started (:mod:`companion.desk.link`), its :class:`~companion.desk.link.DeskLink`.
        self.desk_config = settings.desk
        self.desk = None
        #: The voice's settings (issue 28; every state's ``voice``).
        self.voice = KeptSettings(store, "voice", voice_settings.from_text, "the voice settings")
        #: The table screen's text size and motion (issue 29; every state's ``screen``).
        self.screen = KeptSettings(store, "screen", screen_settings.from_text, "the screen settings")
        #: A call for staff and staff's message (issue 32; every state's ``staff``).
        self.staff = StaffCall()
        self.mqtt_config = mqtt
        #: The link to the venue's broker (:class:`companion.venue.link.TableLink`) while
        #: :meth:`serve` runs with ``[mqtt]``, else None.
        self.venue = None

    @property
    def socket_path(self) -> Path:
        return self.hub.socket_path

    @property
    def by_touch(self) -> bool:
        """No dice button was opened: a sentence that asks for it names the screen's button
        to touch instead (:func:`companion.i18n.press_or_touch`, issue 17 item 7)."""
        return not self.dice_button

    @property
    def recent(self) -> deque[str]:
        """The news lines of the screen's event log."""
        return self.publisher.recent

    @property
    def walk(self):
        """The enrollment walk running, or None."""
        return self.enroller.walk

    def now(self) -> TableNow:
        """The read-only snapshot a part reads (:class:`~companion.daemon.links.TableNow`)."""
        return TableNow(self.session, self.language, self.by_touch, bool(self.dice_button),
                        MappingProxyType(self.readers), MappingProxyType(self.reader_dropouts),
                        MappingProxyType(self.reader_roles))

    def publish(self, news: tuple[str, ...] = (), physical: dict[str, Any] | None = None) -> None:
        """Send the current state to every client (:meth:`StatePublisher.publish`)."""
        self.publisher.publish(news, physical)

    def attach_reader(self, name: str, run_job: Callable[[Callable], concurrent.futures.Future]) -> None:
        """Let the daemon use reader ``name`` for maintenance (programming tags): ``run_job``
        runs a job on the reader's own thread (:meth:`ReaderSupervisor.run_job`)."""
        self.programmer.attach(name, run_job)

    def on_shutdown(self, stop: Callable[[], None]) -> None:
        """Call ``stop`` first when the daemon stops (a reader, the dice button), in the
        order given, before the input worker ends: no input arrives at a stopped worker."""
        self._shutdown.append(stop)

    def start_task(self, coro: Coroutine) -> asyncio.Task:
        """Run ``coro`` on the loop; the daemon keeps the task until it ends, and cancels it
        when stopping."""
        task = self.loop.create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    # ------------------------------------------------------------------ thread-safe API

    def submit(self, inp: Input) -> concurrent.futures.Future[Reply]:
        """Queue a table input. Thread-safe; called from hardware threads.

        Returns:
            A future that gets the input's :class:`~companion.session.Reply` once the worker
            handled it, or the error when it could not be played at all (a forced outcome
            that is impossible, a store failure: a :class:`~companion.errors.CompanionError`).
        """
        future: concurrent.futures.Future[Reply] = concurrent.futures.Future()
        self.loop.call_soon_threadsafe(self._queue.put_nowait, ("input", inp, future))
        return future

    def on_presence(self, event) -> concurrent.futures.Future[Reply] | None:
        """Reader-runner callback: a :class:`TagPresented` or :class:`TagRemoved` is an input
        (the future of :meth:`submit`); a :class:`TagUnread` or :class:`CardsStacked` a notice,
        in order with the inputs (None)."""
        words = presence_notice(event, self.reader_roles.get(event.reader))
        if words is None:
            return self.submit(presence_input(event))
        tell = lambda: self.publisher.notify(words)  # noqa: E731 - one line, run on the worker
        self.loop.call_soon_threadsafe(self._queue.put_nowait, ("call", tell, concurrent.futures.Future()))
        return None

    def on_reader_dropout(self, name: str, dropouts: int) -> None:
        """Reader-supervisor callback: reader ``name`` dropped out, ``dropouts`` times since
        start (the state's ``hardware.readers[].dropouts``; no notice of its own). Thread-safe."""
        def count() -> None:
            self.reader_dropouts[name] = dropouts

        self.loop.call_soon_threadsafe(count)

    def on_reader_status(self, name: str, online: bool, detail: str) -> None:
        """Reader-supervisor callback: a reader went offline or came back. Thread-safe."""
        def tell() -> None:
            self.readers[name] = {"online": online, "detail": driver_words(detail)}
            self.publisher.notify(reader_status(name, self.reader_roles.get(name), online, detail),
                                  "info" if online else "error")
            self.publish()

        self.loop.call_soon_threadsafe(tell)

    def on_dice(self, held: float) -> concurrent.futures.Future[Reply]:
        """Dice-button callback: released after ``held`` seconds (the future of :meth:`submit`)."""
        return self.submit(dice_input(held))

    def call(self, fn: Callable[[], Any], timeout: float = 30.0) -> Any:
        """Run ``fn`` on the daemon's loop, in queue order, and return its result. Thread-safe."""
        future: concurrent.futures.Future = concurrent.futures.Future()
        self.loop.call_soon_threadsafe(self._queue.put_nowait, ("call", fn, future))
        return future.result(timeout)

    def drain(self, timeout: float = 30.0) -> None:
        """Wait until every input submitted so far has been handled. Thread-safe."""
        asyncio.run_coroutine_threadsafe(self._queue.join(), self.loop).result(timeout)

    async def heartbeat(self) -> None:
        """Return once the input worker has handled everything queued before this call (the
        service watchdog's proof of life: a hung worker or a blocked loop never returns)."""
        await self.in_order(lambda: None)

    async def in_order(self, fn: Callable[[], Any]) -> Any:
        """Run ``fn`` on the worker, after every input queued before it."""
        future: asyncio.Future = self.loop.create_future()
        await self._queue.put(("call", fn, _Bridge(future)))
        return await future

    def stop(self) -> None:
        """Ask the loop to finish (thread-safe)."""
        if self.loop is not None and self._stopped is not None:
            self.loop.call_soon_threadsafe(self._stopped.set)

    # ------------------------------------------------------------------ game control (loop)

    def _settle_soon(self) -> None:
        """:func:`settle_heap` :data:`SETTLE_AFTER` seconds after a game is on the table (when
        the settings ask): its state has gone out, the screens have read it, and a tap arriving
        at once does not wait for the collection. Before serving: once serving."""
        if not self._settle_heap:
            return
        if isinstance(self._settle_due, asyncio.TimerHandle):
            self._settle_due.cancel()
        self._settle_due = True
        if self.loop is not None and self.loop.is_running():
            self._settle_due = self.loop.call_later(SETTLE_AFTER, self._settle)

    def _settle(self) -> None:
        self._settle_due = False
        settle_heap()

    def start_game(self, header: GameHeader) -> Session:
        """Start and record a new game; publish it. Call on the loop (or via :meth:`call`)."""
        self.saving.before_leaving()
        self.finished_at_start = None
        self.session = Session.start(header, self.store, hold_time=self.hold_time,
                                     reader_roles=self.reader_roles, enrolled=self.store.enrolled_tags())
        self.recent.clear()
        self.recent.extend(self.session.spec.news(self.session.state))
        self.saving.check()
        self.revision += 1
        self.publish()
        self._settle_soon()
        return self.session

    def resume_game(self, record) -> Session:
        """Resume a stored game; publish it."""
        self.saving.before_leaving()
        self.finished_at_start = None
        self.session = Session.resume(self.store, record, hold_time=self.hold_time,
                                      reader_roles=self.reader_roles, enrolled=self.store.enrolled_tags())
        self.recent.clear()
        self.recent.append(nmsg("Resumed game {id} after {n} input.", "Resumed game {id} after {n} inputs.", "n",
                                id=record.id, n=self.session.position))
        if record.rules_version != self.session.spec.rules_version:
            self.recent.append(msg("Game {id} was recorded under {title} rules version {old}; its moves replay "
                                   "the same under version {new}, so it goes on.", id=record.id,
                                   title=self.session.spec.title, old=record.rules_version,
                                   new=self.session.spec.rules_version))
        self.recent.extend(self.session.todo)  # what the table must do still, with its why (issue 33)
        self.revision += 1
        self.publish()
        self._settle_soon()
        return self.session

    def show_last_finished(self) -> Session | None:
        """Put the store's last game back on the table when it is finished (won or lost): its
        summary shows after a restart until a new game starts, and its last input can still
        be undone (issue 26: a power cut just after a game-ending mis-tap lost both). None when
        the last game is not a finished one."""
        games = self.store.games()
        last = games[-1] if games else None
        if last is None or last.outcome in (None, KEPT):
            return None
        session = self.resume_game(last)
        self.finished_at_start = last.id
        return session

    def resume_last(self) -> Session | None:
        """Resume the last unfinished game, if any. One recorded under older rules whose log
        no longer replays (:class:`~companion.session.OutdatedGame`) is kept read-only in the
        store, the table is told why, and the daemon starts without a game.

        Raises:
            StoreError: the last unfinished game does not replay under the rules it was
                recorded with (a damaged log), or the store failed.
        """
        from companion.saved_games import game_to_resume

        record = game_to_resume(self.store)  # the newest unfinished, or the one the owner chose (issue 34)
        if record is None:
            return None
        try:
            return self.resume_game(record)
        except OutdatedGame as exc:
            log.warning("%s", exc)
            try:
                self.store.keep(record.id)
            except StoreError as failed:  # told again at the next start: nothing is lost
                log.error("%s", failed)
            self.recent.append(exc.args[0])
            self.publish()
            return None

    # ------------------------------------------------------------------ loop

    async def serve(self, ready: threading.Event | None = None,
                    on_ready: Callable[[], None] | None = None) -> None:
        """Serve until :meth:`stop`.

        Args:
            ready: set once the socket listens (for a caller in another thread).
            on_ready: called on the loop once the socket listens (start the readers here).

        Raises:
            DaemonBusy: another daemon answers on the socket.
        """
        self.loop = asyncio.get_running_loop()
        self._queue = asyncio.Queue()
        self._stopped = asyncio.Event()
        await self.hub.open()
        await self._start_phones()
        self._start_venue()
        worker = self.loop.create_task(self._work(), name=WORKER_TASK)
        self.start_task(self.saving.retry(SAVE_RETRY_EVERY))
        if ready is not None:
            ready.set()
        if self._settle_due is True:  # a game resumed before serving
            self._settle_due = self.loop.call_later(SETTLE_AFTER, self._settle)
        try:
            if on_ready is not None:
                on_ready()
            await self._stopped.wait()
        finally:
            await self._shut_down(worker)

    async def _shut_down(self, worker: asyncio.Task) -> None:
        """Readers and buttons first (no new input), then the tasks and the input worker,
        then the clients and the socket."""
        self.programmer.cancel_all()  # pending tag writes stop waiting for a tag
        log.info("shutdown 1/3: stopping %d reader(s) and button(s)", len(self._shutdown))
        for stop in self._shutdown:
            try:
                stop()
            except Exception:  # one stuck device must not keep the others running
                log.exception("stopping %r failed", stop)
        log.info("shutdown 2/3: stopping the input worker (%d input(s) still queued) and %d task(s)",
                 self._queue.qsize(), len(self._tasks))
        for task in [*self._tasks, worker]:
            task.cancel()
        await asyncio.gather(*self._tasks, worker, return_exceptions=True)
        self.saving.last()
        if self.desk is not None:
            await self.desk.stop()
            self.desk = None
        if self.phones is not None:
            await self.phones.stop()
            self.phones = None
        log.info("shutdown 3/3: closing the clients and the socket")
        await self.hub.close()

    async def _start_phones(self) -> None:
        """Serve the players' phones when the config enables them (issue 22). A port that
        cannot be bound leaves phones off and the game on, and the table's log says why."""
        if self.phones_config is None or not self.phones_config.enabled:
            return
        from companion.phones.link import PhoneLink

        link = PhoneLink(self, self.phones_config)
        try:
            await link.start()
        except OSError as exc:  # the port is taken, the address is not this machine's: play on
            log.error("phones: cannot listen on %s: %s", self.phones_config.listen, exc)
            problem = os.strerror(exc.errno) if exc.errno else str(exc)
            self.recent.append(msg("Phones are off: the companion cannot listen on {address} ({problem}).",
                                   address=self.phones_config.listen, problem=problem))
            await link.stop()
            return
        self.phones = link
        await self.start_desk(quiet=True)  # the phones' port serves the owner's desk too

    def _start_venue(self) -> None:
        """With ``[mqtt]``: the table's link to the venue's broker, a task of the loop that
        only reads the public states (issue 32). It never holds an input up."""
        if self.mqtt_config is None:
            return
        from companion import __version__
        from companion.daemon.staff import staff_command

        try:
            from companion.venue.link import TableLink
        except ImportError as exc:  # the venue extra is not installed: play on, say why
            log.error("venue: cannot publish to the broker: %s (pip install 'haunt-companion[venue]')", exc)
            self.recent.append(msg("Venue mode is off: the MQTT library is not installed on this table."))
            return
        self.venue = TableLink(self.mqtt_config, lambda name, text: staff_command(self.staff, self.links, name, text),
                               on_status=self.publish, version=__version__)
        self.venue.published(self.publisher.state(), *self.publisher.game_facts())  # a resumed game, at once
        self.start_task(self.venue.run())

    async def _work(self) -> None:
        """Handle queued inputs and calls one at a time, for as long as the daemon runs."""
        while True:
            kind, payload, future = await self._queue.get()
            try:
                if kind == "call":
                    _run_call(payload, future)
                else:
                    self._play(payload, future)
            except Exception as exc:  # a bug must not stop every later input: log it, tell the table
                log.exception("internal error while handling %r", payload)
                if not future.done():
                    future.set_exception(exc)
                self.publisher.notify(msg("Internal error: that input was not used. The game is safe; "
                                          "please report it with the log."), "error")
            finally:
                self._queue.task_done()

    def _play(self, inp: Input, future: concurrent.futures.Future[Reply]) -> None:
        """Handle a submitted input and resolve its future: the reply, or the error that kept
        it from being played."""
        outcome = self._outcome(inp)
        reply = outcome if isinstance(outcome, Reply) else Reply(False, str(outcome))
        self.taps.answered(inp, reply)
        if isinstance(outcome, Reply):
            future.set_result(reply)
        else:
            future.set_exception(outcome)

    def handle(self, inp: Input) -> Reply:
        """Handle one input on the worker: flash it, enroll or play it, publish what changed."""
        outcome = self._outcome(inp)
        return outcome if isinstance(outcome, Reply) else Reply(False, str(outcome))

    def _outcome(self, inp: Input) -> Reply | CompanionError:
        """:meth:`handle`'s work: the reply, or the error when the input could not be played
        at all (the table is told either way)."""
        if isinstance(inp, (Tap, Press)):
            playing = self.session is not None and not self.session.prompt.over and self.walk is None
            self.publisher.input_seen(inp, show_uid=not playing)
        if isinstance(inp, Tap) and self.on_tag is not None:
            self._tag_feedback(inp)
        if self.walk is not None and isinstance(inp, (Tap, Remove)):
            return self.enroller.tap(inp)
        if self.session is None:
            return self._no_game(inp)
        hidden = self._picks_private(inp)
        try:
            reply = self.session.handle(inp, inp.line)
        except (StackError, StoreError) as exc:
            self._failed(inp, exc)
            return exc
        self.saving.check()
        if reply.accepted:
            self._accepted(inp, reply, hidden)
        elif not reply.ignored:
            self.publisher.notify(reply.text, rule=reply.rule)
        return reply

    def _accepted(self, inp: Input, reply: Reply, hidden: bool) -> None:
        self.revision += 1
        self.recent.extend(reply.news)
        self.publish(reply.news, self.publisher.physical(inp, hidden))
        if log.isEnabledFor(logging.INFO):  # after the screens have it: the log is not on the tap's path (issue 35)
            said = "; ".join(map(str, reply.news))  # a NewsLine is not a str: its English text
            log.info("%s -> %s", "a private choice" if hidden else inputs.describe(inp), said)

    def _no_game(self, inp: Input) -> Reply:
        if isinstance(inp, Remove):
            return Reply(False, ignored=True)
        text = msg("No game is running: {input} ignored. Start a new game.", input=inputs.describe(inp))
        self.publisher.notify(text)
        return Reply(False, text)

    def _failed(self, inp: Input, exc: CompanionError) -> None:
        self.publisher.notify(msg("{input}: {problem}", input=inputs.describe(inp), problem=str(exc)), "error")

    def choose_language(self, chosen: str) -> None:
        """Render every sentence in ``chosen`` from now on and send every screen the state in
        it; kept in the store for the next start (a store that cannot be written keeps it for
        this run only, said in the log)."""
        self.language = chosen
        try:
            self.store.set_setting("language", chosen, time.time())
        except StoreError as exc:
            log.warning("%s; the language %s holds until the companion stops", exc, chosen)
        self.publish()

    def set_aside(self, news: str) -> None:
        """Take the game off the table (it stays in the store) and tell the table ``news``."""
        self.session = None
        self.revision += 1
        self.recent.clear()
        self.recent.append(news)
        self.publish()

    async def start_desk(self, quiet: bool = False):
        """The owner's desk (:func:`companion.desk.link.start_desk`), started if need be; None
        when the config turns it off or (``quiet``) it cannot listen.

        Raises:
            OSError: it cannot listen (unless ``quiet``).
        """
        if self.desk is None:
            from companion.desk.link import start_desk

            self.desk = await start_desk(self, quiet=quiet)
        return self.desk

    def _use_enrolled_tags(self) -> None:
        """The enrolled tags changed: the game on the table reads taps by them from now on."""
        if self.session is not None:
            self.session.use_tags(self.store.enrolled_tags())

    def add_news(self, text: str) -> None:
        """Put ``text`` in the table's log (every state's recent news)."""
        self.recent.append(text)

    def hardware_opened(self, dice_button: bool, on_tag: Callable[[bool], None] | None) -> None:
        """The table's hardware is open (:class:`~companion.daemon.table_hardware.TableHardware`):
        whether a dice button is, and the tag feedback's call (or None)."""
        self.dice_button = self.dice_button or dice_button
        if on_tag is not None:
            self.on_tag = on_tag

    @property
    def storage_warning(self) -> str | None:
        """Why games are not being saved (the store is in memory, or a write failed), for
        every state message; None while they are (:class:`~companion.daemon.saving.SavingWatch`)."""
        return self.saving.warning

    def not_saving(self, text: str) -> None:
        """Warn every screen that inputs are not being saved, until a write succeeds."""
        self.saving.not_saving(text)

    def save_kept(self) -> int:
        """Write the inputs the store could not take (on the worker: :meth:`call` or
        :meth:`in_order`); the count still unsaved (issue 26)."""
        return self.saving.save_kept()

    def touch(self, key: str, seen: int | None) -> Reply:
        """A touch made on the state numbered ``seen`` (None: whatever is current). When the
        game moved on since (another screen's touch, a tap), it is refused: two players
        touching End turn at once end one turn, not two (issue 8)."""
        if seen is not None and seen != self.revision and self.session is not None:
            text = msg("The game moved on before your touch: {prompt}", prompt=self.session.prompt.text)
            self.publisher.notify(text)
            return Reply(False, text)
        return self.handle(Touch(key))

    def _tag_feedback(self, tap: Tap) -> None:
        """Tell the buzzer/LED whether ``tap`` named a component (before the rules run)."""
        from companion.engine import known_piece

        if self.walk is not None:
            known = True  # every tag is welcome while enrolling
        elif self.session is not None:
            known = self.session.component_for(tap) is not None
        else:
            known = tap.uid in self.store.enrolled_tags() or known_piece(tap.ndef)
        try:
            self.on_tag(known)
        except Exception:  # feedback is optional: it must never cost an input
            log.exception("tag feedback failed")

    def _picks_private(self, inp: Input) -> bool:
        """``inp`` would make one of the current prompt's private choices (a touch of its key,
        or a tap of its component): the log and the undo toast then never name it."""
        if self.session is None or not isinstance(inp, (Touch, Tap)):
            return False
        prompt = self.session.prompt
        if isinstance(inp, Touch):
            choice = prompt.choice(inp.key)
        else:
            component = self.session.component_for(inp)
            choice = prompt.for_component(component) if component else None
        return choice is not None and choice.private

    def _client_left(self, writer: asyncio.StreamWriter) -> None:
        """A client left: its tag writes are cancelled and its enrollment walk ends."""
        self.programmer.client_left(writer)
        self.enroller.client_left(writer)


def settle_heap() -> None:
    """Once a game is on the table (its state published): collect what its start or resume
    left, then freeze the rest (the modules, the game's replayed history) out of the cyclic
    GC's reach, so a collection during a tap walks only what was made since (issue 35). The
    game before it is unfrozen first, so nothing it left behind is kept."""
    gc.unfreeze()
    gc.collect()
    gc.freeze()


def presence_input(event) -> Input:
    """The input of a reader runner's :class:`TagPresented` or :class:`TagRemoved`."""
    from hardware.nfc.base import TagPresented

    if not isinstance(event, TagPresented):
        return Remove(event.reader)
    uid = event.uid.hex().upper()
    ndef = inputs.clean_text(event.ndef) if len(event.uid) == 7 else None
    problem = inputs.clean_text(event.ndef_problem) if len(event.uid) == 7 and ndef is None else None
    return Tap(uid, event.reader, ndef, problem)


def dice_input(held: float) -> Press:
    """The input of a dice-button release after ``held`` seconds."""
    return Press("dice", round(held, 3))


def _run_call(fn, future) -> None:
    try:
        result = fn()
    except Exception as exc:  # handed back to the caller
        future.set_exception(exc)
        return
    future.set_result(result)


class _Bridge:
    """Lets :func:`_run_call` resolve an asyncio future from inside the loop."""

    def __init__(self, future: asyncio.Future):
        self._future = future

    def set_result(self, value) -> None:
        self._future.set_result(value)

    def set_exception(self, exc) -> None:
        self._future.set_exception(exc)
