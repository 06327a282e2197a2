"""The daemon in parts (issue 21): inputs carry their script line, no replay state in the
daemon, every task kept, and the shutdown order (hardware first, then tasks and worker)."""

from __future__ import annotations

import asyncio
from dataclasses import replace

from companion import inputs
from companion.daemon import Daemon
from companion.daemon.commands import COMMANDS
from companion.daemon.worker import WORKER_TASK
from companion.inputs import Press, Tap, Touch
from companion.store import EventStore
from tests.daemon_fixture import running_daemon


def test_an_input_carries_its_script_line_outside_its_identity():
    tap = Tap("04A1B2C3", "table")
    lined = replace(tap, line=7)
    assert lined.line == 7 and tap.line is None
    assert lined == tap and hash(lined) == hash(tap) and repr(lined) == repr(tap)
    assert inputs.to_json(lined) == {"tap": "04A1B2C3", "reader": "table"}
    assert Touch("roll", line=2).line == 2 and Press("dice", 0.2, line=3).line == 3


def test_the_daemon_keeps_no_replay_state(tmp_path):
    daemon = Daemon(EventStore(":memory:"), tmp_path / "s.sock")
    assert not hasattr(daemon, "script_line") and not hasattr(daemon, "failure")


def test_every_socket_command_has_its_own_handler():
    assert sorted(COMMANDS) == sorted([
        "about", "check", "choose", "components", "content", "content_set", "enroll", "enroll_skip", "enroll_start",
        "enroll_stop", "enroll_undo", "forget", "games", "language", "new_game", "phone_links", "private", "state",
        "tags", "tap", "undo", "write_tag",
        "call_staff", "staff_ack",  # the venue (issue 32)
        "repeat", "voice_settings",  # the voice (issue 28)
        "why",  # the voice says Why? (issue 33 item 2)
        "screen_settings",  # the table screen's text size and motion (issue 29)
        "rules",  # the rules card (issue 33)
        # the owner's (issue 34, companion/daemon/desk_commands.py)
        "content_export", "content_import", "tags_export", "tags_import", "saved_games", "resume_game", "set_aside",
        "delete_game", "history", "desk_link"])


def test_shutdown_stops_the_hardware_first_then_the_tasks_and_the_worker(tmp_path):
    seen = []

    async def forever():
        try:
            await asyncio.Event().wait()
        except asyncio.CancelledError:
            seen.append("task cancelled")
            raise

    with running_daemon(tmp_path, db=":memory:", socket="s.sock") as daemon:
        def stop_readers():
            workers = [t for t in asyncio.all_tasks(daemon.loop) if t.get_name() == WORKER_TASK]
            seen.append(("readers stopped", [t.done() for t in workers]))

        daemon.call(lambda: daemon.start_task(forever()) and None)
        daemon.on_shutdown(stop_readers)
    assert seen == [("readers stopped", [False]), "task cancelled"]


def test_the_daemon_keeps_the_loop_the_queue_and_the_game_and_little_else():
    """Issue 27 item 1: what is not the loop, the queue or the game on the table is a part of
    its own (game_on_table, play, devices, services, heap); core.py stays small."""
    import ast
    from pathlib import Path

    import companion.daemon.core as core

    source = Path(core.__file__).read_text()
    daemon = next(node for node in ast.parse(source).body if isinstance(node, ast.ClassDef) and node.name == "Daemon")
    methods = [node.name for node in daemon.body if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))]
    assert len(source.splitlines()) < 400 and len(methods) <= 25, (len(source.splitlines()), methods)


def test_the_game_on_the_table_needs_no_daemon(tmp_path):
    """The game's part is given a store, the saving watch, the log and two calls: it starts,
    counts and sets aside a game on its own."""
    from collections import deque

    from companion.daemon.game_on_table import GameOnTable
    from companion.header import GameHeader

    class Saving:
        def before_leaving(self) -> None:
            calls.append("saved")

        def check(self) -> None:
            calls.append("checked")

    calls: list[str] = []
    recent: deque[str] = deque()
    store = EventStore(tmp_path / "g.sqlite3")
    try:
        game = GameOnTable(store, 1.0, {}, Saving(), recent, lambda: calls.append("published"),  # type: ignore[arg-type]
                           lambda: calls.append("settle"))
        session = game.start(GameHeader.from_json({"game": "creepy_cellar", "players": ["Ada", "Bo"], "seed": 3}))
        assert (game.session, game.revision, calls) == (session, 1, ["saved", "checked", "published", "settle"])
        game.moved()
        game.set_aside("Set aside.")
        assert (game.session, game.revision, list(recent)) == (None, 3, ["Set aside."])
        assert game.resume_last() is not None and game.revision == 4  # the game set aside is the one to resume
    finally:
        store.close()


def test_the_devices_part_tells_the_table_on_the_loop_it_is_given():
    """Reader status and drop-outs reach the table through the one call it is given (the
    loop's call_soon_threadsafe in the daemon); the dice button decides by_touch."""
    from companion.daemon.devices import TableDevices

    told: list[tuple] = []
    later: list = []
    devices = TableDevices({"cards": "cards"}, later.append, lambda text, level: told.append((str(text), level)),
                           lambda: told.append(("published",)))
    devices.on_status("cards", False, "no /dev/spidev0.0")
    devices.on_dropout("cards", 2)
    assert told == [] and devices.readers == {}  # nothing until the loop runs it
    for call in later:
        call()
    assert devices.readers["cards"]["online"] is False and devices.dropouts == {"cards": 2}
    assert [entry[-1] for entry in told] == ["error", "published"]
    devices.opened(dice_button=True, on_tag=None)
    devices.opened(dice_button=False, on_tag=None)
    assert devices.dice_button is True and devices.on_tag is None


def test_a_call_whose_asker_gave_up_does_not_stop_the_worker(tmp_path):
    """An ``in_order`` call whose asker's task was cancelled while it waited in the queue is
    not run (nobody waits for it) and the worker goes on. It used to run it, fail to hand the
    result to the cancelled future, and end: every later input and command then hung."""
    with running_daemon(tmp_path, db=":memory:", socket="s.sock") as daemon:
        ran: list[str] = []

        async def give_up() -> None:
            asker = asyncio.ensure_future(daemon.in_order(lambda: ran.append("late")))
            await asyncio.sleep(0)  # the asker has queued its call; the worker takes it next
            asker.cancel()
            await asyncio.gather(asker, return_exceptions=True)

        async def worker_alive() -> bool:
            return any(not t.done() for t in asyncio.all_tasks() if t.get_name() == WORKER_TASK)

        asyncio.run_coroutine_threadsafe(give_up(), daemon.loop).result(10)
        daemon.drain()
        assert asyncio.run_coroutine_threadsafe(worker_alive(), daemon.loop).result(10) is True
        assert daemon.call(lambda: "still working") == "still working" and ran == []


def test_commands_phones_and_the_desk_are_never_given_the_daemon():
    """Issue 27 item 1: the socket commands, the phones and the owner's desk get the daemon's
    ``api.Commands`` record (worker, replies, reads, changes, parts, services), never the Daemon:
    only the daemon's builders and drivers (boot, table hardware, its thread, the replay, the
    start-up) reach it (benchmarks/daemon_reach.py: 38 distinct attributes in 15 modules before,
    17 in these 5 after)."""
    from pathlib import Path

    from benchmarks.daemon_reach import measure

    reach = measure(Path(__file__).resolve().parents[1])
    assert sorted(reach) == ["companion/daemon/boot.py", "companion/daemon/table_hardware.py",
                             "companion/daemon/thread.py", "companion/replay.py", "companion/startup.py"]


def test_input_play_is_given_the_publishers_calls_it_uses_not_the_publisher():
    """Issue 27 item 1: ``InputPlay`` tells the screens through six calls (``Screens``); the
    sixth holds what one input sends until its end (issue 35 item 3: one write per screen)."""
    from dataclasses import fields

    from companion.daemon.play import Screens

    daemon = Daemon(EventStore(":memory:"), "unused.sock")
    screens = daemon._play._screens
    assert isinstance(screens, Screens)
    assert [f.name for f in fields(Screens)] == ["notify", "input_seen", "add_news", "publish", "physical", "together"]
    screens.add_news(["Ada rolled 4."])
    assert list(daemon.recent) == ["Ada rolled 4."]
