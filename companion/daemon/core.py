"""The core daemon: the loop, the one queue of inputs, and the game on the table.

A tap's way from the reader thread to the screen: the reader runner calls
:meth:`Daemon.on_presence` on its own thread; the tap goes to the loop (:meth:`Daemon.submit`),
where the input worker (:class:`~companion.daemon.worker.InputWorker`) plays it at once if it
is idle, else after what is queued, one input at a time;
:class:`~companion.daemon.play.InputPlay` gives it to the session, which records it in the
event store; the new state then goes to every screen through the
:mod:`~companion.daemon.publisher` and the :mod:`~companion.daemon.hub`. Socket commands are
in :mod:`~companion.daemon.commands`.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import logging
import operator
import threading
from collections import deque
from collections.abc import Callable, Coroutine
from pathlib import Path
from types import MappingProxyType
from typing import Any

from companion.daemon import commands, services
from companion.daemon.afterwards import Afterwards
from companion.daemon.api import Changes, Commands, Parts, Reads, Replies, Services
from companion.daemon.devices import TableDevices, dice_input, presence_input
from companion.daemon.enroller import EnrollmentController
from companion.daemon.game_on_table import GameOnTable
from companion.daemon.hub import BoundSocket, ClientHub
from companion.daemon.kept import KeptSettings
from companion.daemon.links import Links, TableNow
from companion.daemon.play import InputPlay, Screens
from companion.daemon.programmer import TagProgrammer
from companion.daemon.publisher import Published, StatePublisher
from companion.daemon.reader_news import presence_notice
from companion.daemon.saving import SavingWatch
from companion.daemon.settings import DaemonSettings, chosen_language, keep_language
from companion.daemon.staff import StaffCall
from companion.daemon.taps import VirtualTaps
from companion.daemon.worker import InputWorker
from companion.header import GameHeader
from companion.i18n import msg
from companion.inputs import Input
from companion.saved_games import started_at
from companion.screen_settings import ScreenSettings
from companion.session import Reply, Session
from companion.store import EventStore
from companion.voice.settings import VoiceSettings

log = logging.getLogger(__name__)

#: Seconds between two tries at writing the inputs kept in memory after a write failed
#: (a full disk that has room again, issue 26).
SAVE_RETRY_EVERY = 2.0


class Daemon:
    """The companion daemon: the loop, the one queue of inputs and the game on the table.

    Everything else is a part given only what it uses (issue 27): the
    :class:`~companion.daemon.game_on_table.GameOnTable` (the session, its revision, new and
    resumed games), :class:`~companion.daemon.play.InputPlay` (one input on the worker),
    :class:`~companion.daemon.devices.TableDevices` (readers' status, dice button, tag
    feedback), the :class:`~companion.daemon.publisher.StatePublisher`, the enroller, the tag
    programmer, the virtual taps, the saving watch, and the services (phones, venue, desk).

    Args:
        store: the event store, opened by the caller, who also closes it; the daemon is its
            only writer while it runs.
        socket_path: where to serve the Unix socket (created ``0660``), or the
            :class:`~companion.daemon.hub.BoundSocket` bound there already.
        settings: what the daemon is given (:class:`DaemonSettings`: hold time, reader roles,
            language, ``[phones]``, ``[mqtt]``, ``[desk]``, virtual taps, dice button, storage
            warning). The keywords ``hold_time``, ``reader_roles``, ``language``, ``phones``
            and ``mqtt`` are the older way to give those fields; with ``settings``, ``TypeError``.
    """

    _now_kept: tuple[tuple, TableNow] | None = None  # the last now() and what it was made of

    def __init__(self, store: EventStore, socket_path: str | Path | BoundSocket,
                 settings: DaemonSettings | None = None):
        settings = settings if settings is not None else DaemonSettings()
        self.store = store
        self.language = chosen_language(store, settings.language)
        self.hold_time = settings.hold_time
        self.reader_roles = dict(settings.reader_roles or {})
        self.loop: asyncio.AbstractEventLoop | None = None
        self.hub = ClientHub(socket_path, lambda: self.publisher.state(),
                             lambda line, writer: commands.receive(self.context, line, writer),
                             lambda writer: _client_left(writer, self.programmer, self.enroller), store_path=store.path,
                             follow=lambda writer: self.publisher.send_later(writer), language=lambda: self.language)
        self.publisher = StatePublisher(_published(self, settings), self.hub)
        if settings.storage_warning is not None:
            self.recent.append(settings.storage_warning)
        #: What the parts are given of the daemon (nothing else of it).
        self.links = Links(in_order=self.in_order, start_task=self.start_task, publish=self.publish,
                           notify=self.publisher.notify)
        #: Whether the game's inputs are being saved (issues 8 and 26).
        self.saving = SavingWatch(lambda: self.game.session, self.links, self.recent.append, settings.storage_warning)
        self._after = Afterwards(settings.settle_heap, lambda: self.game.session)  # off the inputs' path
        #: The session on the table, its revision, and how a game gets there or leaves.
        self.game = GameOnTable(store, self.hold_time, self.reader_roles, self.saving, self.recent, self.publish,
                                self._after.on_table)
        self.enroller = EnrollmentController(store, self.links, self.game.use_enrolled_tags)
        self.programmer = TagProgrammer(store, self.reader_roles, self.publisher.notify)
        #: The virtual readers and ``tap`` (issue 18).
        self.taps = VirtualTaps(store, self.now, settings.virtual_taps_off)
        #: The readers' status, the dice button and the tag feedback.
        self.devices = TableDevices(self.reader_roles, lambda fn: self.loop.call_soon_threadsafe(fn),
                                    self.publisher.notify, self.publish, settings.dice_button)
        self._play = InputPlay(self.game, Screens.of(self.publisher), self.enroller, self.saving, self.taps,
                               self.devices, store, self._after.input_done)
        self._worker = InputWorker(self._handle)  # one input at a time, in order
        self._stopped: asyncio.Event | None = None
        self._tasks: set[asyncio.Task] = set()  # every task the daemon started, until it ends
        self._shutdown: list[Callable[[], None]] = []  # hardware stops, run first when stopping
        self.phones_config = settings.phones
        #: The phone server (:class:`companion.phones.link.PhoneLink`) while :meth:`serve`
        #: runs with phones enabled (issue 22), else None.
        self.phones = None
        #: The owner's desk (issue 34): its ``[desk]`` config (None: the defaults) and, once
        #: started (:mod:`companion.desk.link`), its :class:`~companion.desk.link.DeskLink`.
        self.desk_config = settings.desk
        self.desk = None
        #: The voice's settings (issue 28) and the table screen's text size and motion (issue 29).
        self.voice, self.screen = KeptSettings(store, VoiceSettings), KeptSettings(store, ScreenSettings)
        #: A call for staff and staff's message (issue 32; every state's ``staff``).
        self.staff = StaffCall()
        self.mqtt_config = settings.mqtt
        #: The link to the venue's broker (:class:`companion.venue.link.TableLink`) while
        #: :meth:`serve` runs with ``[mqtt]``, else None.
        self.venue = None
        #: What the socket commands, the phones and the desk are given (never the Daemon).
        self.context = commands_of(self)

    @property
    def socket_path(self) -> Path:
        return self.hub.socket_path

    @property
    def session(self) -> Session | None:
        """The game on the table, or None (:class:`~companion.daemon.game_on_table.GameOnTable`)."""
        return self.game.session

    @property
    def revision(self) -> int:
        """The game's changes so far: every state carries it (issue 8)."""
        return self.game.revision

    @property
    def by_touch(self) -> bool:
        """No dice button was opened: a sentence that asks for it names the screen's button
        to touch instead (:func:`companion.i18n.press_or_touch`, issue 17 item 7)."""
        return not self.devices.dice_button

    @property
    def recent(self) -> deque[str]:
        """The news lines of the screen's event log."""
        return self.publisher.recent

    def now(self) -> TableNow:
        """The read-only snapshot a part reads (:class:`~companion.daemon.links.TableNow`): the
        same one while nothing it holds is replaced (its mappings are live views), as a tap's
        state asks five times (tap18)."""
        devices = self.devices
        dice = bool(devices.dice_button)
        key = (self.game.session, self.language, dice, devices.readers, devices.dropouts, self.reader_roles)
        kept = self._now_kept
        if kept is None or not all(map(operator.is_, kept[0], key)):
            kept = self._now_kept = (key, TableNow(key[0], key[1], not dice, dice, *map(MappingProxyType, key[3:])))
        return kept[1]

    def publish(self, news: tuple[str, ...] = (), physical: dict[str, Any] | None = None) -> None:
        """Send the current state to every client (:meth:`StatePublisher.publish`)."""
        self.publisher.publish(news, physical)

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
        self._worker.from_thread(("input", inp, future))
        return future

    def on_presence(self, event) -> concurrent.futures.Future[Reply] | None:
        """Reader-runner callback: a :class:`TagPresented` or :class:`TagRemoved` is an input
        (the future of :meth:`submit`); a :class:`TagUnread` or :class:`CardsStacked` a notice,
        in order with the inputs (None)."""
        words = presence_notice(event, self.reader_roles.get(event.reader))
        if words is None:
            return self.submit(presence_input(event))
        tell = lambda: self.publisher.notify(words)  # noqa: E731 - one line, run on the worker
        self._worker.from_thread(("call", tell, concurrent.futures.Future()))
        return None

    def on_dice(self, held: float) -> concurrent.futures.Future[Reply]:
        """Dice-button callback: released after ``held`` seconds (the future of :meth:`submit`)."""
        return self.submit(dice_input(held))

    def call(self, fn: Callable[[], Any], timeout: float = 30.0) -> Any:
        """Run ``fn`` on the daemon's loop, in queue order, and return its result. Thread-safe."""
        future: concurrent.futures.Future = concurrent.futures.Future()
        self._worker.from_thread(("call", fn, future))
        return future.result(timeout)

    def drain(self, timeout: float = 30.0) -> None:
        """Wait until every input submitted so far has been handled. Thread-safe."""
        asyncio.run_coroutine_threadsafe(self._worker.drained(), self.loop).result(timeout)

    async def heartbeat(self) -> None:
        """Return once the input worker has handled everything queued before this call (the
        service watchdog's proof of life: a hung worker or a blocked loop never returns)."""
        await self.in_order(lambda: None)

    async def in_order(self, fn: Callable[[], Any]) -> Any:
        """Run ``fn`` on the worker, after every input queued before it."""
        return await self._worker.in_order(fn)

    def stop(self) -> None:
        """Ask the loop to finish (thread-safe)."""
        if self.loop is not None and self._stopped is not None:
            self.loop.call_soon_threadsafe(self._stopped.set)

    # ------------------------------------------------------------------ on the worker

    def start_game(self, header: GameHeader) -> Session:
        """Start and record a new game; publish it. Call on the loop (or via :meth:`call`)."""
        return self.game.start(header)

    def choose_language(self, chosen: str) -> None:
        """Render every sentence in ``chosen`` from now on and send every screen the state in
        it; kept in the store for the next start (a store that cannot be written keeps it for
        this run only, said in the log)."""
        self.language = keep_language(self.store, chosen)
        self.publish()

    async def start_desk(self, quiet: bool = False):
        """The owner's desk (:func:`companion.desk.link.start_desk`), started if need be; None
        when the config turns it off or (``quiet``) it cannot listen.

        Raises:
            OSError: it cannot listen (unless ``quiet``).
        """
        if self.desk is None:
            from companion.desk.link import start_desk

            self.desk = await start_desk(self.context, quiet=quiet)
        return self.desk

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
        self._stopped = asyncio.Event()
        await self.hub.open()
        self.phones = await services.start_phones(self.context, self.phones_config, self.recent.append)
        if self.phones is not None:
            await self.start_desk(quiet=True)  # the phones' port serves the owner's desk too
        self.venue = services.venue_link(self.mqtt_config, self.staff, self.links, self.recent.append)
        if self.venue is not None:
            self.venue.published(self.publisher.state(), *self.publisher.game_facts())  # a resumed game, at once
            self.start_task(self.venue.run())
        worker = self._worker.start(self.loop)
        self.start_task(self.saving.retry(SAVE_RETRY_EVERY))
        if ready is not None:
            ready.set()
        self._after.serving(self.loop)  # a game resumed before serving
        try:
            if on_ready is not None:
                on_ready()
            await self._stopped.wait()
        finally:
            await self._shut_down(worker)

    async def _shut_down(self, worker: asyncio.Task) -> None:
        """Readers and buttons first (no new input), the tasks and the worker, the last writes, the socket."""
        self.programmer.cancel_all()  # pending tag writes stop waiting for a tag
        log.info("shutdown 1/3: stopping %d reader(s) and button(s)", len(self._shutdown))
        for stop in self._shutdown:
            try:
                stop()
            except Exception:  # one stuck device must not keep the others running
                log.exception("stopping %r failed", stop)
        log.info("shutdown 2/3: stopping the input worker (%d input(s) still queued) and %d task(s)",
                 self._worker.waiting(), len(self._tasks))
        self._worker.stop()
        for task in self._tasks:
            task.cancel()
        await asyncio.gather(*self._tasks, worker, return_exceptions=True)
        self.saving.last()
        self._after.stopping()
        if self.desk is not None:
            await self.desk.stop()
            self.desk = None
        if self.phones is not None:
            await self.phones.stop()
            self.phones = None
        log.info("shutdown 3/3: closing the clients and the socket")
        await self.hub.close()

    def _handle(self, kind: str, payload: Any, future: concurrent.futures.Future | asyncio.Future) -> None:
        """One input or call, on the worker (:class:`~companion.daemon.worker.InputWorker`)."""
        try:
            if kind == "call":
                _run_call(payload, future)
            else:
                self._play.play(payload, future)
        except Exception as exc:  # a bug must not stop every later input: log it, tell the table
            log.exception("internal error while handling %r", payload)
            if not future.done():
                future.set_exception(exc)
            self.publisher.notify(msg("Internal error: that input was not used. The game is safe; "
                                      "please report it with the log."), "error")


def _client_left(writer: asyncio.StreamWriter, programmer: TagProgrammer, enroller: EnrollmentController) -> None:
    """A client left: its tag writes are cancelled and its enrollment walk ends."""
    programmer.client_left(writer)
    enroller.client_left(writer)


def _run_call(fn: Callable[[], Any], future: concurrent.futures.Future | asyncio.Future) -> None:
    """Run a queued call on the worker and hand its result (or error) to the caller's future.
    A call whose asker gave up while it waited (its task cancelled, and the future with it) is
    not run: nobody waits for it, and a result handed to it would raise (and end the worker)."""
    if future.done():
        return
    try:
        result = fn()
    except Exception as exc:  # handed back to the caller
        future.set_exception(exc)
        return
    future.set_result(result)


def _published(daemon: Daemon, settings: DaemonSettings) -> Published:
    """What the publisher reads of ``daemon`` (:class:`~companion.daemon.publisher.Published`):
    the parts are made after it (they notify through it), so each is read when a state is built."""
    return Published(
        now=daemon.now, revision=lambda: daemon.game.revision,
        finished_at_start=lambda: daemon.game.finished_at_start, walk=lambda: daemon.enroller.walk,
        storage_warning=lambda: daemon.saving.warning, hardware=lambda: daemon.taps.hardware(),
        tap_components=lambda: daemon.taps.tap_components(), staff=lambda: daemon.staff.to_json(),
        voice=lambda: daemon.voice.current(), screen=lambda: daemon.screen.current(),
        started=lambda game_id: started_at(daemon.store, game_id), phones=lambda: daemon.phones,
        venue=lambda: daemon.venue, soon=lambda fn, *args: daemon.loop.call_soon(fn, *args),
        mqtt=settings.mqtt, hold_time=settings.hold_time)


def commands_of(daemon: Daemon) -> Commands:
    """What the socket commands, the phones and the desk get of ``daemon`` (:class:`Commands`)."""
    hub = daemon.hub
    return Commands(
        worker=daemon.links,
        replies=Replies(send=hub.send, broadcast=hub.broadcast, state=daemon.publisher.state,
                        send_later=daemon.publisher.send_later),
        reads=Reads(session=lambda: daemon.game.session, revision=lambda: daemon.game.revision,
                    language=lambda: daemon.language, by_touch=lambda: daemon.by_touch,
                    reader_roles=MappingProxyType(daemon.reader_roles), store=daemon.store,
                    socket_path=hub.socket_path),
        changes=Changes(touch=daemon._play.touch, start_game=daemon.start_game, game=daemon.game,
                        choose_language=daemon.choose_language),
        parts=Parts(enroller=daemon.enroller, programmer=daemon.programmer, taps=daemon.taps, staff=daemon.staff,
                    voice=daemon.voice, screen=daemon.screen),
        services=Services(phones=lambda: daemon.phones, start_desk=daemon.start_desk,
                          desk_config=lambda: daemon.desk_config, mqtt_config=daemon.mqtt_config))

