"""Instructions per tap on the tap's path, stage by stage, under callgrind (issue 35 item 3).

budgets.py's tap run (a Ghost card tapped on a 1,000-event Creepy Cellar game, then undone)
on one thread: the daemon's input play (``InputPlay.handle``) inside a turn of its own loop,
the turn after it (the ``later`` odds message, the young GC), and what the in-process client's
reader thread does with each line it gets (``Client._deliver``: decode, check, merge). A
stand-in screen keeps the lines instead of a socket, so the socket's own write is left out;
sqlite's work for the durable append is in, its fsync is a system call (a few instructions).

Each timed tap runs inside ``functools.reduce`` (nothing else on the path calls it), so
``--toggle-collect=functools_reduce`` counts the taps alone; the undos are not counted. With
``stages``, chosen functions run through C trampolines of their own (``itertools.starmap`` and
friends) and ``callgrind_annotate --inclusive=yes`` gives each stage's instructions (each
wrapper adds ~2-3 k, so read the stages against the unwrapped run's total).

Run (about 2 minutes under callgrind)::

    PYTHONPATH=. python benchmarks/tap_instructions.py build /tmp/g.sqlite3
    PYTHONPATH=. valgrind --tool=callgrind --collect-atstart=no \\
        --toggle-collect=functools_reduce --callgrind-out-file=/tmp/cg.out \\
        python benchmarks/tap_instructions.py run /tmp/g.sqlite3 [TAPS] [stages] [varied]
    callgrind_annotate /tmp/cg.out | head          # total / TAPS = instructions a tap
    callgrind_annotate --inclusive=yes /tmp/cg.out | grep -E 'starmap_next|...'

``stages2`` ... ``stages5`` wrap other sets of functions (see :data:`STAGES2` ...); ``empty``
counts the harness's own loop turns with nothing in them (to subtract from the total).

``varied`` counts a table's inputs instead of the repeated tap: each counted input is the next
one of a seeded table playing forward (a card tap or a touch, as budgets.py's long-game builder
picks them), so every counted input makes a state, a view and a log line never seen before. A
cut that shows only in the repeated run is one a table does not get.

Without valgrind, ``run`` prints the digest of the state lines the screen got (the bytes).
A measurement, never a test.
"""

from __future__ import annotations

import asyncio
import collections
import functools
import hashlib
import itertools
import operator
import random
import shutil
import sys
import tempfile
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks import budgets  # noqa: E402
from benchmarks.tap_publish_cpu import Screen  # noqa: E402  (a connected screen's writer: keeps each line)
from companion import client as client_module  # noqa: E402
from companion import (
    moments,  # noqa: E402
    protocol,  # noqa: E402
)
from companion.client import Client  # noqa: E402
from companion.daemon import Daemon, afterwards, core, devices, hub, play, publisher, taps  # noqa: E402
from companion.daemon.settings import DaemonSettings  # noqa: E402
from companion.inputs import Tap, Touch  # noqa: E402
from companion.session import actions, lessons, moves, recording, views  # noqa: E402
from companion.session import core as session_core  # noqa: E402
from companion.store import EventStore  # noqa: E402

WARM = 20


#: trampoline -> how it calls ``call`` once, from C (each its own symbol under callgrind).
_TRAMPOLINES = {
    "starmap": lambda call: next(itertools.starmap(call, [()])),
    "dropwhile": lambda call: list(itertools.dropwhile(call, [0])),
    "takewhile": lambda call: list(itertools.takewhile(call, [0])),
    "filterfalse": lambda call: list(itertools.filterfalse(call, [0])),
    "accumulate": lambda call: list(itertools.accumulate([0, 0], call)),
    "groupby": lambda call: list(itertools.groupby([0], call)),
    "calliter": lambda call: next(iter(call, None)),
    "call_tracing": lambda call: sys.call_tracing(call, ()),
    "operator_call": lambda call: operator.call(call),
    "defaultdict": lambda call: collections.defaultdict(call)[0],
}


def _through(kind: str, fn):
    """``fn`` called through the C trampoline ``kind`` (:data:`_TRAMPOLINES`)."""
    trampoline = _TRAMPOLINES[kind]

    def wrapped(*args, **kwargs):
        out: list[Any] = []

        def call(*_):
            out.append(fn(*args, **kwargs))
            return True

        trampoline(call)
        return out[0]
    return wrapped


#: stage -> (owner, attribute, trampoline) for ``stages``.
STAGES = {
    "flash (input_seen)": (publisher.StatePublisher, "input_seen", "dropwhile"),
    "session.handle (engine, append, commit)": (session_core.Session, "handle", "starmap"),
    "  durable append (EventStore.append)": (EventStore, "append", "takewhile"),
    "state message built (publisher.state)": (publisher.StatePublisher, "state", "filterfalse"),
    "encode (hub._encoded)": (hub, "_encoded", "accumulate"),
    "later (publisher._later)": (publisher.StatePublisher, "_later", "groupby"),
    "client (Client._deliver)": (Client, "_deliver", "calliter"),
    "  state parts (protocol._state_parts)": (protocol, "_state_parts", "call_tracing"),
    "    engine view_first (Session.view_first)": (session_core.Session, "view_first", "operator_call"),
    "engine play (Moves.play)": (moves.Moves, "play", "defaultdict"),
}


#: A second set of finer stages for ``stages2``.
STAGES2 = {
    "publisher._rendered_recent (the log)": (publisher.StatePublisher, "_rendered_recent", "starmap"),
    "publisher._said": (publisher.StatePublisher, "_said", "dropwhile"),
    "protocol.notable_indexes": (protocol, "notable_indexes", "takewhile"),
    "protocol.todo_message": (protocol, "todo_message", "filterfalse"),
    "publisher.physical": (publisher.StatePublisher, "physical", "accumulate"),
    "afterwards.input_done": (afterwards.Afterwards, "input_done", "groupby"),
    "schema.decode_checked": (client_module.schema, "decode_checked", "calliter"),
    "Session._commit": (session_core.Session, "_commit", "call_tracing"),
    "protocol._floats": (protocol, "_floats", "operator_call"),
    "protocol.later_message": (protocol, "later_message", "defaultdict"),
}

#: A third set for ``stages3``.
STAGES3 = {
    "protocol._rendered_view": (protocol, "_rendered_view", "starmap"),
    "protocol._status": (protocol, "_status", "dropwhile"),
    "Client._take_later": (Client, "_take_later", "takewhile"),
    "schema.problem": (client_module.schema, "problem", "filterfalse"),
    "hub.ClientHub.send": (hub.ClientHub, "send", "accumulate"),
    "InputActions.action_for": (actions.InputActions, "action_for", "groupby"),
    "Recording.append": (recording.Recording, "append", "calliter"),
    "protocol._prompt_message": (protocol, "_prompt_message", "call_tracing"),
    "publisher.why_message": (publisher, "why_message", "operator_call"),
    "protocol.render_all": (protocol, "render_all", "defaultdict"),
}

#: A fourth set for ``stages4``: the daemon's own fields of the state.
STAGES4 = {
    "publisher._readers": (publisher, "_readers", "starmap"),
    "publisher.table_game": (publisher, "table_game", "dropwhile"),
    "VirtualTaps.hardware": (taps.VirtualTaps, "hardware", "takewhile"),
    "VirtualTaps.tap_components": (taps.VirtualTaps, "tap_components", "filterfalse"),
    "Daemon.now": (core.Daemon, "now", "accumulate"),
    "publisher._finished_game": (publisher, "_finished_game", "groupby"),
    "protocol._private_players": (protocol, "_private_players", "calliter"),
    "protocol._colours": (protocol, "_colours", "call_tracing"),
    "protocol.odds_message": (protocol, "odds_message", "operator_call"),
    "protocol.lesson_message": (protocol, "lesson_message", "defaultdict"),
}

#: A fifth set for ``stages5``: the session's and the input play's own steps.
STAGES5 = {
    "Moves.apply (engine apply, its prompt)": (moves.Moves, "apply", "starmap"),
    "Session.save_snapshot": (session_core.Session, "save_snapshot", "dropwhile"),
    "Lessons.took": (lessons.Lessons, "took", "takewhile"),
    "Moments.took": (moments.Moments, "took", "filterfalse"),
    "StateViews.prompt": (views.StateViews, "prompt", "accumulate"),
    "InputPlay._picks_private": (play.InputPlay, "_picks_private", "groupby"),
    "TableDevices.tag_seen": (devices.TableDevices, "tag_seen", "calliter"),
    "Session._after_event": (session_core.Session, "_after_event", "call_tracing"),
    "session_core.todo_lines": (session_core, "todo_lines", "operator_call"),
    "publisher.render": (publisher, "render", "defaultdict"),
}


def _wrap(stages: str) -> None:
    chosen = {"stages2": STAGES2, "stages3": STAGES3, "stages4": STAGES4, "stages5": STAGES5}.get(stages, STAGES)
    for owner, name, kind in chosen.values():
        setattr(owner, name, _through(kind, getattr(owner, name)))


def build(path: Path) -> None:
    budgets.build_game(path, 1000)


def run(db: Path, taps: int, stages: str | None, varied: bool = False) -> str:
    if stages and stages != "empty":
        _wrap(stages)
    with tempfile.TemporaryDirectory() as tmp:
        shutil.copyfile(db, Path(tmp) / "g.sqlite3")
        store = EventStore(Path(tmp) / "g.sqlite3")
        daemon = Daemon(store, Path(tmp) / "c.sock", settings=DaemonSettings(settle_heap=True))
        daemon.loop = loop = asyncio.new_event_loop()
        client = Client(Path(tmp) / "c.sock")
        screen = Screen()
        seen = [0]

        def turn(work) -> None:
            """``work`` on the loop, then the turn after it (what it queued), then the client."""
            def first():
                work()
                loop.call_soon(loop.stop)
            loop.call_soon(first)
            loop.run_forever()
            for chunk in screen.lines[seen[0]:]:
                for line in chunk.splitlines(keepends=True):
                    client._deliver(line)
            seen[0] = len(screen.lines)

        turn(daemon.game.resume_last)
        # as the daemon serving: the young GC after each input; the heap's settle now, and a due
        # snapshot after the undo, so neither falls in a counted tap
        turn(lambda: daemon._after.serving(loop))
        settler, snapshots = daemon._after._settler, daemon._after._snapshots
        if settler._timer is not None:
            settler._timer.cancel()
        turn(settler._settle)
        play = daemon._play
        rng = random.Random(2)
        while not any(c.component in budgets.UID_OF for c in daemon.session.prompt.choices):
            turn(functools.partial(play.handle, budgets._forward_input(daemon.session, rng)))
        uid = budgets.UID_OF[next(c.component for c in daemon.session.prompt.choices
                                  if c.component in budgets.UID_OF)]
        daemon.publisher.hub.clients.add(screen)  # type: ignore[arg-type]
        tap, undo = functools.partial(play.handle, Tap(uid)), functools.partial(play.handle, Touch("undo"))
        if varied:
            _forward(daemon, turn, rng, taps, stages == "empty")
            loop.close()
            store.close()
            return _digest(screen.lines)
        for n in range(WARM + taps):
            if n >= WARM and stages == "empty":  # counted: the harness's own turns, nothing in them
                functools.reduce(lambda _, __: turn(lambda: None), [0, 0])
            if n < WARM or stages == "empty":
                turn(tap)
            else:
                functools.reduce(lambda _, __: turn(tap), [0, 0])  # counted: the tap alone
            turn(undo)
            turn(snapshots.now)
        loop.close()
        store.close()
    return _digest(screen.lines)


def _forward(daemon: Daemon, turn, rng: random.Random, taps: int, empty: bool) -> None:
    """``varied``: each counted input is a new move, as a table plays on: a seeded table's next
    card tap or touch (budgets.py's long-game builder's choice), never undone back to a state
    seen before. Each gives a new state, a new view and a new log line. A game that ends is
    undone once, uncounted, and played on from there (another choice of the same seed)."""
    play, snapshots = daemon._play, daemon._after._snapshots
    undo = functools.partial(play.handle, Touch("undo"))
    for n in range(WARM + taps):
        step = functools.partial(play.handle, budgets._forward_input(daemon.session, rng))
        if n >= WARM and empty:
            functools.reduce(lambda _, __: turn(lambda: None), [0, 0])
        if n < WARM or empty:
            turn(step)
        else:
            functools.reduce(lambda _, __: turn(step), [0, 0])  # counted: the input alone
        turn(snapshots.now)
        while daemon.session.prompt.over:
            turn(undo)


def _digest(lines: list[bytes]) -> str:
    """The sha256 of every state line in ``lines`` (a screen's writes), its first 16 digits."""
    digest = hashlib.sha256()
    for line in b"".join(lines).splitlines(keepends=True):
        if line.startswith(b'{"type":"state"'):
            digest.update(line)
    return digest.hexdigest()[:16]


def main() -> None:
    what, db = sys.argv[1], Path(sys.argv[2])
    if what == "build":
        build(db)
        return
    taps = int(sys.argv[3]) if len(sys.argv) > 3 else 100
    words = sys.argv[4:]
    varied = "varied" in words
    stages = next((w for w in words if w != "varied"), None)
    digest = run(db, taps, stages, varied)
    print(f"{taps} {'varied inputs' if varied else 'taps'}; the screen's state lines: sha256 {digest}")


if __name__ == "__main__":
    main()
