"""The daemon in parts (issue 21): inputs carry their script line, no replay state in the
daemon, every task kept, and the shutdown order (hardware first, then tasks and worker)."""

from __future__ import annotations

import asyncio
from dataclasses import replace

from companion import inputs
from companion.daemon import Daemon
from companion.daemon.commands import COMMANDS
from companion.daemon.core import WORKER_TASK
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
