"""The daemon: owns the session and the hardware inputs, serves the table's clients.

One asyncio loop. Hardware threads (reader runners, gpiozero callbacks) hand their inputs
over with :meth:`Daemon.submit`, which is thread-safe; the loop handles inputs one at a
time, records each accepted one in the event store, and only then publishes the new state
to every client of the Unix socket. A client (the Kivy UI) can crash or restart without
touching the game.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import logging
import os
import threading
import time
from collections import deque
from collections.abc import Callable
from pathlib import Path
from typing import Any

from companion import enrollment, inputs, paths, protocol
from companion.errors import CompanionError, StackError, StoreError
from companion.header import GameHeader, HeaderError, random_seed
from companion.i18n import msg, render
from companion.inputs import Input, Press, Remove, Tap, Touch, normalise_uid
from companion.session import DEFAULT_HOLD_TIME, Reply, Session
from companion.store import EventStore

log = logging.getLogger(__name__)

#: News lines kept for the screen's event log.
RECENT_NEWS = 12

#: Bytes that may wait for one slow client before it is dropped.
MAX_BACKLOG = 1 << 20


class DaemonBusy(CompanionError, OSError):
    """Another daemon already serves this socket."""


class Daemon:
    """The companion daemon.

    Args:
        store: the event store, opened by the caller, who also closes it; the daemon is its
            only writer while it runs.
        socket_path: where to serve the Unix socket (created ``0660``).
        hold_time: seconds a dice-button press must be held to mean "undo".
        on_reply: optional hook ``(input, reply)`` called from the loop after each input
            (replays use it to report refused lines).
        reader_roles: reader name -> role (``"cards"``, ``"tiles"``), from the config.
        language: the table's language (``"en"``, ``"it"``): every sentence sent to clients
            is rendered in it; the ``language`` command changes it.
    """

    def __init__(self, store: EventStore, socket_path: str | Path, hold_time: float = DEFAULT_HOLD_TIME,
                 on_reply: Callable[[Input, Reply], None] | None = None,
                 reader_roles: dict[str, str] | None = None, language: str = "en"):
        self.store = store
        self.language = language
        self.socket_path = Path(socket_path)
        self.hold_time = hold_time
        self.on_reply = on_reply
        self.reader_roles = dict(reader_roles or {})
        self.session: Session | None = None
        self.recent: deque[str] = deque(maxlen=RECENT_NEWS)
        self._rendered: dict[int, tuple[Any, str, str]] = {}  # id(sentence) -> (it, language, text)
        self.readers: dict[str, dict[str, Any]] = {}
        self.script_line: int | None = None
        self.failure: CompanionError | None = None
        self.loop: asyncio.AbstractEventLoop | None = None
        self._queue: asyncio.Queue | None = None
        self._clients: set[asyncio.StreamWriter] = set()
        self._stopped: asyncio.Event | None = None
        self._reader_jobs: dict[str, Callable[[Callable], concurrent.futures.Future]] = {}
        self.walk: enrollment.Walk | None = None
        #: Why games are not being saved (the store is in memory, or a write failed), for
        #: every state message; None while they are.
        self.storage_warning: str | None = None
        #: Counts the game's changes (each accepted input, each new or resumed game); every
        #: state carries it, and a touch that names an older one is refused (issue 8).
        self.revision = 0
        self._walk_owner: asyncio.StreamWriter | None = None  # the client that started the walk
        self._cancels: dict[asyncio.StreamWriter, set[threading.Event]] = {}  # its pending tag writes
        self._tasks: set[asyncio.Task] = set()  # long commands answered in the background
        #: Called with True (recognised) or False (unknown) for each tap, before the rules
        #: see it: the buzzer/LED of :class:`hardware.feedback.TagFeedback`.
        self.on_tag: Callable[[bool], None] | None = None

    def attach_reader(self, name: str, run_job: Callable[[Callable], concurrent.futures.Future]) -> None:
        """Let the daemon use reader ``name`` for maintenance (programming tags): ``run_job``
        runs a job on the reader's own thread (:meth:`ReaderSupervisor.run_job`)."""
        self._reader_jobs[name] = run_job

    # ------------------------------------------------------------------ thread-safe API

    def submit(self, inp: Input) -> None:
        """Queue a table input. Thread-safe; called from hardware threads."""
        self.loop.call_soon_threadsafe(self._queue.put_nowait, ("input", inp, None))

    def on_presence(self, event) -> None:
        """Reader-runner callback: a :class:`TagPresented` or :class:`TagRemoved`."""
        from hardware.nfc.base import TagPresented

        if isinstance(event, TagPresented):
            uid = event.uid.hex().upper()
            ndef = inputs.clean_text(event.ndef) if len(event.uid) == 7 else None
            problem = inputs.clean_text(event.ndef_problem) if len(event.uid) == 7 and ndef is None else None
            self.submit(Tap(uid, event.reader, ndef, problem))
        else:
            self.submit(Remove(event.reader))

    def on_reader_status(self, name: str, online: bool, detail: str) -> None:
        """Reader-supervisor callback: a reader went offline or came back. Thread-safe."""
        def tell() -> None:
            self.readers[name] = {"online": online, "detail": detail}
            if online:
                self._notify(msg("Reader {name} is working.", name=name), "info")
            else:
                self._notify(msg("Reader {name} is offline: {detail}. Touches still work.",
                                 name=name, detail=detail), "error")
            self.publish()

        self.loop.call_soon_threadsafe(tell)

    def on_dice(self, held: float) -> None:
        """Dice-button callback: released after ``held`` seconds."""
        self.submit(Press("dice", round(held, 3)))

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
        await self._in_order(lambda: None)

    def stop(self) -> None:
        """Ask the loop to finish (thread-safe)."""
        if self.loop is not None and self._stopped is not None:
            self.loop.call_soon_threadsafe(self._stopped.set)

    # ------------------------------------------------------------------ game control (loop)

    def start_game(self, header: GameHeader) -> Session:
        """Start and record a new game; publish it. Call on the loop (or via :meth:`call`)."""
        self.session = Session.start(header, self.store, hold_time=self.hold_time,
                                     reader_roles=self.reader_roles, enrolled=self.store.enrolled_tags())
        self.recent.clear()
        self.recent.extend(self.session.spec.news(self.session.state))
        self._check_saving()
        self.revision += 1
        self.publish()
        return self.session

    def resume_game(self, record) -> Session:
        """Resume a stored game; publish it."""
        self.session = Session.resume(self.store, record, hold_time=self.hold_time,
                                      reader_roles=self.reader_roles, enrolled=self.store.enrolled_tags())
        self.recent.clear()
        self.recent.append(msg("Resumed game {id} after {inputs} inputs.", id=record.id,
                               inputs=self.session.position))
        self.revision += 1
        self.publish()
        return self.session

    def resume_last(self) -> Session | None:
        """Resume the last unfinished game, if any."""
        record = self.store.last_unfinished()
        return self.resume_game(record) if record else None

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
        await self._claim_socket()
        server = await self._listen()
        worker = asyncio.create_task(self._work())
        if ready is not None:
            ready.set()
        try:
            if on_ready is not None:
                on_ready()
            await self._stopped.wait()
        finally:
            worker.cancel()
            for cancels in self._cancels.values():  # pending tag writes stop waiting for a tag
                for cancel in cancels:
                    cancel.set()
            server.close()
            for writer in list(self._clients):
                writer.close()
            await server.wait_closed()
            paths.remove_stale_socket(self.socket_path)  # ours; never a file put there since

    async def _listen(self) -> asyncio.AbstractServer:
        """Listen on the socket, which is never reachable by others before it is ``0660``.

        The socket is bound as ``s`` inside a fresh ``0700`` directory beside its final path,
        set to ``0660`` there, then renamed into place (atomic, same directory). Binding at
        the final path and chmodding afterwards left a moment where a permissive umask made
        it world-writable; narrowing the umask around the bind instead would change it for
        every thread of the process (a reader thread or the store's copy thread creating a
        file at that moment would get the narrowed mode). The temporary path (``.sXXXXXXXX/s``)
        is no longer than the final one when the socket's name has 12 characters or more
        (``companion.sock`` has 14), so it fits a socket address whenever the final one does.
        """
        import tempfile

        private = Path(tempfile.mkdtemp(prefix=".s", dir=self.socket_path.parent))
        try:
            bound = private / "s"
            server = await asyncio.start_unix_server(self._client, path=str(bound), limit=protocol.MAX_LINE)
            try:
                os.chmod(bound, 0o660)
                os.replace(bound, self.socket_path)
            except BaseException:
                server.close()
                bound.unlink(missing_ok=True)
                raise
        finally:
            private.rmdir()
        return server

    async def _claim_socket(self) -> None:
        """Remove a stale socket; refuse to take over one a live daemon answers on, and
        anything that is not a socket (a store, a directory: issue 20, never removed)."""
        paths.check_socket_path(self.socket_path, self.store.path)
        self.socket_path.parent.mkdir(parents=True, exist_ok=True)
        try:
            seen = self.socket_path.lstat()
        except FileNotFoundError:
            return
        try:
            _reader, writer = await asyncio.open_unix_connection(str(self.socket_path))
        except OSError:
            paths.remove_stale_socket(self.socket_path, seen)  # stale: left by a daemon that died
            return
        writer.close()
        raise DaemonBusy(f"another companion daemon is already listening on {self.socket_path}")

    async def _work(self) -> None:
        """Handle queued inputs and calls one at a time, for as long as the daemon runs."""
        while True:
            kind, payload, future = await self._queue.get()
            try:
                if kind == "call":
                    self._run_call(payload, future)
                else:
                    self._handle(payload)
            except Exception:  # a bug must not stop every later input: log it, tell the table
                log.exception("internal error while handling %r", payload)
                self._notify(msg("Internal error: that input was not used. The game is safe; "
                                 "please report it with the log."), "error")
            finally:
                self._queue.task_done()

    def _run_call(self, fn, future) -> None:
        try:
            result = fn()
        except Exception as exc:  # handed back to the caller
            future.set_exception(exc)
            return
        future.set_result(result)

    def _handle(self, inp: Input) -> Reply:
        if isinstance(inp, (Tap, Press)):
            playing = self.session is not None and not self.session.prompt.over and self.walk is None
            self._broadcast(_input_seen(inp, show_uid=not playing))
        if isinstance(inp, Tap) and self.on_tag is not None:
            self._tag_feedback(inp)
        if self.walk is not None and isinstance(inp, (Tap, Remove)):
            return self._walk_input(inp)
        if self.session is None:
            if isinstance(inp, Remove):
                return Reply(False, ignored=True)
            text = msg("No game is running: {input} ignored. Start a new game.", input=inputs.describe(inp))
            self._notify(text)
            return Reply(False, text)
        hidden = self._picks_private(inp)
        try:
            reply = self.session.handle(inp, self.script_line)
        except (StackError, StoreError) as exc:
            self.failure = exc
            self._notify(msg("{input}: {problem}", input=inputs.describe(inp), problem=str(exc)), "error")
            return Reply(False, str(exc))
        if self.on_reply is not None:
            self.on_reply(inp, reply)
        self._check_saving()
        if reply.accepted:
            self.revision += 1
            log.info("%s -> %s", "a private choice" if hidden else inputs.describe(inp), "; ".join(reply.news))
            self.recent.extend(reply.news)
            self.publish(reply.news, self._physical(inp, hidden))
        elif not reply.ignored:
            self._notify(reply.text)
        return reply

    def _check_saving(self) -> None:
        """Tell the table, once, that the game's inputs can no longer be recorded (issue 8)."""
        from companion.i18n import msg

        unsaved = self.session.unsaved if self.session is not None else None
        if unsaved is None or self.storage_warning is not None:
            return
        self.storage_warning = msg("The game is no longer being saved ({reason}). It goes on in memory: "
                                   "keep the companion on until the game ends.", reason=unsaved[:160])
        self.recent.append(self.storage_warning)
        self._notify(self.storage_warning, "error")

    def _touch(self, key: str, seen: int | None) -> Reply:
        """A touch made on the state numbered ``seen`` (None: whatever is current). When the
        game moved on since (another screen's touch, a tap), it is refused: two players
        touching End turn at once end one turn, not two (issue 8)."""
        from companion.i18n import msg

        if seen is not None and seen != self.revision and self.session is not None:
            prompt = self.session.prompt.text
            text = msg("The game moved on before your touch: {prompt}", prompt=prompt)
            self._notify(text)
            return Reply(False, text)
        return self._handle(Touch(key))

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

    # ------------------------------------------------------------------ publishing

    def publish(self, news: tuple[str, ...] = (), physical: dict[str, Any] | None = None) -> None:
        """Send the current state to every client (``physical``: see :meth:`_physical`)."""
        self._broadcast(self._state(news, physical))

    def _state(self, news: tuple[str, ...] = (), physical: dict[str, Any] | None = None) -> dict[str, Any]:
        return {**protocol.state_message(self.session, self._rendered_recent(), news, self.language),
                "language": self.language, "readers": dict(self.readers), "revision": self.revision,
                "storage_warning": None if self.storage_warning is None else render(self.storage_warning, self.language),
                "enrollment": self.walk.to_json(self.language) if self.walk is not None else None,
                "physical": physical}

    def _rendered_recent(self) -> list[str]:
        """The recent news rendered in the table's language; each sentence rendered once (a
        state message is sent after every input, and the log changes by a line or two)."""
        cache = self._rendered
        rendered = []
        for text in self.recent:
            hit = cache.get(id(text))
            if hit is None or hit[0] is not text or hit[1] != self.language:
                hit = cache[id(text)] = (text, self.language, render(text, self.language))
            rendered.append(hit[2])
        if len(cache) > 4 * RECENT_NEWS:  # keep only the sentences still shown
            alive = {id(text) for text in self.recent}
            for key in [k for k in cache if k not in alive]:
                del cache[key]
        return rendered

    def _physical(self, inp: Input, hidden: bool = False) -> dict[str, Any] | None:
        """The accepted input as the undo toast names it, when it was a physical thing
        (a tap or a dice press, not an undo): ``{"kind": "tap"|"press", "label", "position"}``
        with the label rendered in the table's language; None for touches and undos. A tap
        that made a private choice (``hidden``: a card drawn into a hand) is "a private card"."""
        if isinstance(inp, Tap) and hidden:
            label = msg("a private card")
        elif isinstance(inp, Tap):
            component = self.session.component_for(inp)
            label = self.session.spec.component_label(component) if component else inp.uid
        elif isinstance(inp, Press) and inp.hold < self.hold_time:
            label = msg("the dice button") if inp.button == "dice" else msg("the {button} button", button=inp.button)
        else:
            return None
        return {"kind": "tap" if isinstance(inp, Tap) else "press", "label": render(label, self.language),
                "position": self.session.position}

    def _send_games(self, writer) -> tuple[bool, str]:
        """``games``: every registered game with its options, and the game on the table (to
        the asker only): ``{"type": "games", "games": [{id, title, min_players,
        max_players, options: [{name, default, values, help, rulebook}]}], "current": {id,
        game, title, players, started, last_input, inputs, over} or None}``. Read-only."""
        from companion.engine import all_games

        games = [{"id": spec.id, "title": spec.title, "min_players": spec.min_players,
                  "max_players": spec.max_players,
                  "options": [{"name": o.name, "default": o.default, "values": list(o.values),
                               "help": render(o.help, self.language), "rulebook": o.rulebook}
                              for o in spec.options]}
                 for spec in all_games().values()]
        self._send(writer, {"type": "games", "games": games, "current": self._current_game()})
        return True, ""

    def _current_game(self) -> dict[str, Any] | None:
        if self.session is None:
            return None
        game_id = self.session.game_id
        record = self.store.game(game_id) if game_id is not None else None
        events = self.store.events(game_id) if game_id is not None else []
        return {"id": game_id, "game": self.session.spec.id, "title": self.session.spec.title,
                "players": list(self.session.header.players),
                "started": record.started if record else None,
                "last_input": events[-1].at if events else None,
                "inputs": self.session.position, "over": self.session.prompt.over}

    def _send_about(self, writer) -> tuple[bool, str]:
        """``about``: version, files and readers, for a settings screen (to the asker only):
        ``{"type": "about", "version", "database", "socket", "logs", "languages",
        "reader_roles"}``. Read-only."""
        from companion import __version__
        from companion.i18n import LANGUAGES

        logs = "journalctl -u haunt-companion"  # the service logs to the journal only
        self._send(writer, {"type": "about", "version": __version__, "database": str(self.store.path),
                            "socket": str(self.socket_path), "logs": logs, "languages": dict(LANGUAGES),
                            "reader_roles": dict(self.reader_roles)})
        return True, ""

    def _send_check(self, writer) -> tuple[bool, str]:
        """``check``: the table check (issue 6), to the asker only. Read-only; a correction
        is then sent as an ordinary ``choose`` with its key (and this ``revision``)."""
        self._send(writer, protocol.check_message(self.session, self.revision, self.language))
        return True, ""

    # ------------------------------------------------------------------ the privacy screen

    def _send_private(self, player: str, writer) -> tuple[bool, str]:
        """``private``: what ``player`` alone may see, to the asking client only, never
        broadcast (:func:`companion.protocol.private_message`). The log says that a privacy
        screen was opened, never what it showed.

        Raises:
            ProtocolError: no game is running, or ``player`` does not play it.
        """
        if self.session is None:
            raise protocol.ProtocolError("no game is running: there is nothing private to show")
        players = list(self.session.header.players)
        if player not in players:
            raise protocol.ProtocolError(f"{player!r} does not play this game; players: {', '.join(players)}"[:200])
        log.info("privacy screen opened for %s", player)
        self._send(writer, protocol.private_message(self.session, player, self.language))
        return True, ""

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

    def _notify(self, text: str, level: str = "warning") -> None:
        log.log(logging.ERROR if level == "error" else logging.INFO, "notice: %s", text)
        self._broadcast(protocol.notice(text, level, self.language))

    def _broadcast(self, message: dict[str, Any]) -> None:
        line = protocol.encode(message) if self._clients else b""  # encoded once for every screen
        for writer in list(self._clients):
            self._send(writer, message, line)

    # ------------------------------------------------------------------ clients

    async def _client(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self._clients.add(writer)
        self._send(writer, self._state())
        try:
            while line := await reader.readline():
                await self._command(line, writer)
                await writer.drain()
        except (asyncio.LimitOverrunError, ValueError) as exc:  # a line over MAX_LINE
            log.info("client dropped: %s", exc)
            self._send(writer, protocol.notice(
                f"bad command: a line longer than {protocol.MAX_LINE} bytes; closing", "error"))
        except ConnectionError as exc:
            log.info("client dropped: %s", exc)
        except asyncio.CancelledError:
            pass  # the daemon is shutting down; the connection just closes
        finally:
            self._clients.discard(writer)
            self._forget_client(writer)
            writer.close()

    def _forget_client(self, writer: asyncio.StreamWriter) -> None:
        """A client left: its tag writes are cancelled and its enrollment walk ends, so a
        closed terminal never leaves taps going to a walk nobody sees."""
        for cancel in self._cancels.pop(writer, ()):
            cancel.set()
        if self._walk_owner is writer:
            def stop() -> None:
                if self._walk_owner is writer and self.walk is not None:
                    log.info("enrollment walk stopped: its client left")
                    self._notify(msg("Enrollment stopped: the enrollment screen or terminal closed."), "info")
                    self.walk, self._walk_owner = None, None
                    self.publish()
            self.loop.call_soon(lambda: asyncio.ensure_future(self._in_order(stop)))

    async def _command(self, line: bytes, writer: asyncio.StreamWriter) -> None:
        try:
            message = protocol.decode(line)
        except protocol.ProtocolError as exc:
            self._send(writer, protocol.notice(f"bad command: {exc}", "error"))
            return
        if message.get("cmd") == "write_tag":  # long: the client's other lines go on meanwhile
            task = asyncio.ensure_future(self._answer(message, writer))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)
            return
        await self._answer(message, writer)

    async def _answer(self, message: dict[str, Any], writer: asyncio.StreamWriter) -> None:
        try:
            ok, text = await self._dispatch(message, writer)
        except CompanionError as exc:
            ok, text = False, str(exc)
            self._send(writer, protocol.notice(f"bad command: {exc}", "error"))
        except Exception as exc:  # a bug: the client still gets its answer
            log.exception("internal error on command %r", message.get("cmd"))
            ok, text = False, f"internal error: {exc}"
            self._send(writer, protocol.notice(msg("Internal error: that command was not used."), "error",
                                               self.language))
        if "id" in message:
            self._send(writer, {"type": "ack", "id": message["id"], "ok": ok, "text": render(text, self.language)})

    async def _dispatch(self, message: dict[str, Any], writer: asyncio.StreamWriter) -> tuple[bool, str]:
        cmd = message.get("cmd")
        if cmd == "state":
            self._send(writer, self._state())
            return True, ""
        if cmd in ("choose", "undo"):
            key = "undo" if cmd == "undo" else message.get("key")
            if not isinstance(key, str) or not key:
                raise protocol.ProtocolError("choose needs a choice key (text)")
            seen = message.get("revision")
            if seen is not None and (not isinstance(seen, int) or isinstance(seen, bool)):
                raise protocol.ProtocolError(f"revision is the number of the state the touch was made on, not {seen!r}")
            reply = await self._in_order(lambda: self._touch(key, seen))
            return reply.accepted, reply.text
        if cmd == "new_game":
            return await self._in_order(lambda: self._new_game(message, writer))
        if cmd in ("enroll", "forget", "tags"):
            return await self._in_order(lambda: self._tag_command(cmd, message, writer))
        if cmd == "write_tag":
            return await self._write_tag(message, writer)
        if cmd == "language":
            language = _text_arg(message, "language")
            return await self._in_order(lambda: self._set_language(language))
        if cmd in ("enroll_start", "enroll_skip", "enroll_undo", "enroll_stop"):
            return await self._in_order(lambda: self._walk_command(cmd, message, writer))
        if cmd == "games":
            return await self._in_order(lambda: self._send_games(writer))
        if cmd == "about":
            return await self._in_order(lambda: self._send_about(writer))
        if cmd == "check":
            return await self._in_order(lambda: self._send_check(writer))
        if cmd in ("content", "content_set"):
            return await self._in_order(lambda: self._content_command(cmd, message, writer))
        if cmd == "private":
            player = _text_arg(message, "player")
            return await self._in_order(lambda: self._send_private(player, writer))
        raise protocol.ProtocolError(f"unknown command {cmd!r}")

    async def _in_order(self, fn: Callable[[], Any]) -> Any:
        """Run ``fn`` on the worker, after every input queued before it."""
        future: asyncio.Future = self.loop.create_future()
        await self._queue.put(("call", fn, _Bridge(future)))
        return await future

    def _new_game(self, message: dict[str, Any], writer: asyncio.StreamWriter) -> tuple[bool, str]:
        """``new_game``: refused while an unfinished game runs, unless ``"abandon": true``
        (the running game stays in the store, unfinished)."""
        extra = sorted(set(message) - {"cmd", "id", "abandon", "game", "players", "options", "colours"})
        raw = {k: message[k] for k in ("game", "players", "options", "colours") if k in message}
        raw["seed"] = random_seed()  # never from a client: no rigged dice
        try:
            if extra:
                raise HeaderError(f"new_game takes game, players, options and colours, not {extra[0]!r}")
            raw["content"] = _table_content(raw.get("game"), self.store)  # the table's, never a client's
            header = GameHeader.from_json(raw)
            if self.session is not None and not self.session.prompt.over and message.get("abandon") is not True:
                raise HeaderError("a game is still running; finish it, or ask again with \"abandon\": true")
            self.start_game(header)
        except CompanionError as exc:
            self._send(writer, protocol.notice(msg("Cannot start that game: {problem}", problem=str(exc)),
                                               "error", self.language))
            return False, str(exc)
        return True, ""

    def _tag_command(self, cmd: str, message: dict[str, Any], writer) -> tuple[bool, str]:
        """``enroll`` (uid, component), ``forget`` (uid) and ``tags`` (the registry, to the asker)."""
        if cmd == "tags":
            self._send(writer, {"type": "tags", "tags": self.store.enrolled_tags()})
            return True, ""
        uid = normalise_uid(message.get("uid"))
        if cmd == "forget":
            known = self.store.forget_tag(uid)
            text = f"Tag {uid} is forgotten." if known else f"Tag {uid} was not enrolled."
        else:
            component = _known_component(message.get("component"))
            previous = self.store.enroll_tag(uid, component, time.time())
            text = f"Tag {uid} is now {component}."
            if previous not in (None, component):
                text += f" It was {previous} before."
        if self.session is not None:
            self.session.use_tags(self.store.enrolled_tags())
        return True, text

    def _content_command(self, cmd: str, message: dict[str, Any], writer) -> tuple[bool, str]:
        """``content`` (game): the forms of the game's printed data, to the asker only;
        ``content_set`` (component, fields: an object, or null to forget): record an entry
        (:mod:`companion.table_content`). Entries count from the next new game."""
        from companion import table_content
        from companion.engine import get_game

        if cmd == "content":
            spec = get_game(_text_arg(message, "game"))
            self._send(writer, table_content.forms(spec, self.store.content(spec.id), self.language))
            return True, ""
        text = table_content.save(self.store, message.get("component"), message.get("fields"))
        log.info("content: %s", render(text, "en"))
        return True, text

    def _set_language(self, language: Any) -> tuple[bool, str]:
        """``language``: every client gets the state again, in ``language``."""
        from companion.i18n import LANGUAGES

        if language not in LANGUAGES:
            raise protocol.ProtocolError(f"language is one of {', '.join(LANGUAGES)}, not {language!r}")
        self.language = language
        self.publish()
        return True, ""

    # ------------------------------------------------------------------ enrollment walk

    def _walk_command(self, cmd: str, message: dict[str, Any], writer=None) -> tuple[bool, str]:
        """``enroll_start`` (game), ``enroll_skip``, ``enroll_undo``, ``enroll_stop``. The walk
        belongs to the client that started it and ends when that client leaves."""
        from companion.engine import get_game

        if cmd == "enroll_start":
            if self.walk is not None:
                return False, msg("An enrollment walk for {game} is running; stop it first.", game=self.walk.game)
            self.walk = enrollment.start(get_game(_text_arg(message, "game")))
            self._walk_owner = writer
            log.info("enrollment walk started for %s (%d pieces)", self.walk.game, self.walk.total)
        elif self.walk is None:
            return False, msg("No enrollment walk is running.")
        elif cmd == "enroll_skip":
            self.walk = enrollment.skip(self.walk)
        elif cmd == "enroll_undo":
            self.walk, change = enrollment.undo(self.walk)
            self._apply_change(change)
        else:
            text = msg("Enrollment stopped at {n} of {total}.", n=self.walk.index, total=self.walk.total)
            self.walk, self._walk_owner = None, None
            self.publish()
            return True, text
        return True, self._publish_walk()

    def _walk_input(self, inp: Input) -> Reply:
        """A tap during the walk enrolls a piece instead of playing (a removal does nothing)."""
        if isinstance(inp, Remove):
            return Reply(False, ignored=True)
        from companion.engine import known_piece

        carried = inp.ndef if known_piece(inp.ndef) else None
        self.walk, change = enrollment.tap(self.walk, inp.uid, self.store.enrolled_tags(), carried)
        self._apply_change(change)
        return Reply(True, self._publish_walk())

    def _apply_change(self, change: enrollment.Change | None) -> None:
        if change is None:
            return
        if change.component is None:
            self.store.forget_tag(change.uid)
        else:
            self.store.enroll_tag(change.uid, change.component, time.time())
        if self.session is not None:
            self.session.use_tags(self.store.enrolled_tags())

    def _publish_walk(self) -> str:
        """Tell every client where the walk stands; a finished walk ends here."""
        text = self.walk.message
        log.info("enrollment: %s", text)
        self.publish()
        if self.walk.done:
            self.walk, self._walk_owner = None, None
            self.publish()
        return text

    async def _write_tag(self, message: dict[str, Any], writer=None) -> tuple[bool, str]:
        """``write_tag``: program the tag on a reader (or the next one put there) with a
        component id (issue 3). Cancelled when the asking client leaves.

        Keys: ``component`` (required), ``reader`` (default: the only reader, or the one whose
        role takes that kind of component), ``wait`` (seconds to wait for a tag, 1-120,
        default 15), ``force`` (overwrite a tag that carries another text).
        """
        from hardware.errors import HardwareError
        from hardware.nfc.ntag import program

        component = _known_component(message.get("component"))
        name = self._writer_for(component, _text_arg(message, "reader", required=False))
        wait = message.get("wait", 15)
        if not isinstance(wait, (int, float)) or isinstance(wait, bool) or not 1 <= wait <= 120:
            raise protocol.ProtocolError(f"wait is 1 to 120 seconds, not {wait!r}")
        force = message.get("force", False) is True
        cancel = threading.Event()  # set when the asking client leaves, or the daemon stops
        self._cancels.setdefault(writer, set()).add(cancel)

        def job(runner):
            done = program(runner.reader, component, float(wait), force, cancelled=cancel.is_set)
            runner.tracker.assume(done.uid)  # the card being programmed is not a tap
            return done

        self._notify(msg("Programming a tag: put a blank NTAG on reader {name}.", name=name), "info")
        try:
            done = await asyncio.wrap_future(self._reader_jobs[name](job))
        except HardwareError as exc:
            self._cancels.get(writer, set()).discard(cancel)
            text = msg("The tag was not programmed: {problem}.", problem=str(exc))
            self._notify(text, "error")
            return False, text
        self._cancels.get(writer, set()).discard(cancel)
        uid = done.uid.hex().upper()
        text = msg("Tag {uid} now carries {component} ({pages} pages written and read back).",
                   uid=uid, component=component, pages=done.pages)
        enrolled = self.store.enrolled_tags().get(uid)
        if enrolled not in (None, component):
            text = msg("{text} It is also enrolled as {enrolled}, which wins: companion tags forget {uid}.",
                       text=text, enrolled=enrolled, uid=uid)
        self._notify(text, "info")
        return True, text

    def _writer_for(self, component: str, asked: Any) -> str:
        """The reader to program ``component`` on: ``asked``, the only one, or the one whose
        role takes the component's kind.

        Raises:
            ProtocolError: no such reader, or no way to choose.
        """
        from companion.engine import get_game

        names = sorted(self._reader_jobs)
        if asked is not None and not isinstance(asked, str):
            raise protocol.ProtocolError(f"reader is a reader's name, not {asked!r}")
        if asked is not None:
            if asked not in self._reader_jobs:
                raise protocol.ProtocolError(f"no reader {asked!r}; readers: {', '.join(names) or 'none'}")
            return asked
        if len(names) == 1:
            return names[0]
        if not names:
            raise protocol.ProtocolError("this daemon has no NFC reader to program tags with")
        game, kind = component.split(":")[:2]
        role = get_game(game).reader_roles.get(kind)
        fitting = [n for n in names if role and self.reader_roles.get(n) == role]
        if len(fitting) == 1:
            return fitting[0]
        raise protocol.ProtocolError(f"say which reader to use: {', '.join(names)}")

    def _send(self, writer: asyncio.StreamWriter, message: dict[str, Any], line: bytes | None = None) -> None:
        """Send to one client (``line``: ``message`` already encoded); a client that stopped
        reading is dropped (no unbounded buffer)."""
        if writer.is_closing():
            self._clients.discard(writer)
            return
        if writer.transport.get_write_buffer_size() > MAX_BACKLOG:
            log.warning("dropping a client that stopped reading (%d bytes waiting)",
                        writer.transport.get_write_buffer_size())
            self._clients.discard(writer)
            writer.transport.abort()
            return
        writer.write(line if line is not None else protocol.encode(message))


def _input_seen(inp: Input, show_uid: bool) -> dict[str, Any]:
    """``{"type": "input", ...}``: a tap or press arrived, before the rules see it (screens
    flash it at once; the settings screen counts reads). Tap: ``reader`` and ``uid`` (None
    while a game is played: a face-down card's tag stays unnamed); press: ``button``,
    ``held`` (seconds)."""
    if isinstance(inp, Tap):
        return {"type": "input", "kind": "tap", "reader": inp.reader, "uid": inp.uid if show_uid else None}
    return {"type": "input", "kind": "press", "button": inp.button, "held": inp.hold}


def _text_arg(message: dict[str, Any], key: str, required: bool = True) -> str | None:
    """``message[key]`` when it is text (None when absent and not ``required``).

    Raises:
        ProtocolError: it is missing, or not a string (a list, a number...).
    """
    value = message.get(key)
    if value is None and not required:
        return None
    if not isinstance(value, str):
        raise protocol.ProtocolError(f"{key} is text, not {value!r}"[:200])
    return value


def _table_content(game: Any, store: EventStore) -> dict[str, Any]:
    """The printed data the table entered for ``game`` (for a new game's header)."""
    from companion.engine import get_game
    from companion.engine.registry import UnknownGame
    from companion.table_content import for_header

    try:
        return for_header(get_game(game), store) if isinstance(game, str) else {}
    except UnknownGame:
        return {}  # the header check says so


def _known_component(component: Any) -> str:
    """``component`` if it is a component id of a registered game.

    Raises:
        ProtocolError: it is not.
    """
    from companion.engine import known_piece

    if not known_piece(component):
        raise protocol.ProtocolError(f"no component {component!r} in any game "
                                     f"(ids look like creepy_cellar:ghost:room-H)")
    return component


class _Bridge:
    """Lets :meth:`Daemon._run_call` resolve an asyncio future from inside the loop."""

    def __init__(self, future: asyncio.Future):
        self._future = future

    def set_result(self, value) -> None:
        self._future.set_result(value)

    def set_exception(self, exc) -> None:
        self._future.set_exception(exc)


class DaemonThread:
    """Runs a :class:`Daemon` on its own loop in a background thread (replays, demo, tests).

    Use as a context manager: the daemon listens on entry and is stopped and joined on exit.
    """

    def __init__(self, daemon: Daemon):
        self.daemon = daemon
        self._ready = threading.Event()
        self._thread = threading.Thread(target=self._run, name="companion-daemon", daemon=True)
        self._error: BaseException | None = None

    def _run(self) -> None:
        try:
            asyncio.run(self.daemon.serve(self._ready))
        except BaseException as exc:  # reported by __enter__/__exit__
            self._error = exc
            self._ready.set()

    def __enter__(self) -> Daemon:
        self._thread.start()
        self._ready.wait(10)
        if self._error is not None:
            raise self._error
        return self.daemon

    def __exit__(self, *exc) -> None:
        self.daemon.stop()
        self._thread.join(10)
