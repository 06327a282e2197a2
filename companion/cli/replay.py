"""``companion replay`` and ``companion demo``: a table script through the real daemon."""

from __future__ import annotations

import json
import logging
import sys
import threading
import time
from pathlib import Path

from companion.cli.common import has_display, speed


def add_parser(sub) -> None:
    """``replay`` and ``demo``."""
    replay = sub.add_parser("replay", help="feed a table script through the daemon, headless")
    replay.add_argument("file", type=Path, help="table script (JSON Lines)")
    replay.add_argument("--db", type=Path, help="record inputs in this event store; resume its game if it holds it")
    replay.add_argument("--realtime", action="store_true", help="honour each line's 'at' seconds")
    replay.add_argument("--speed", type=speed, default=1.0, help="with --realtime: times faster (default 1)")
    replay.add_argument("--json", action="store_true", help="print the final public state as one JSON object")
    replay.add_argument("--progress", action="store_true",
                        help="print 'line N: accepted' for each line to stderr (stdout stays --json's)")
    replay.set_defaults(run=cmd_replay)

    demo = sub.add_parser("demo", help="play the bundled Creepy Cellar game through the real daemon")
    demo.add_argument("--headless", action="store_true", help="print to the terminal even when a display exists")
    demo.add_argument("--speed", type=speed, default=1.0, help="times faster than the script (default 1)")
    demo.set_defaults(run=cmd_demo)


#: The loggers a replay silences (without -v): it reports refusals and failures itself, once
#: (newcomer 19: a full disk's "ERROR companion.session.recording" line came before its own).
_SILENCED = ("companion.daemon", "companion.session")


def cmd_replay(args) -> int:
    logs = [logging.getLogger(name) for name in _SILENCED]
    levels = [log.level for log in logs]
    if not args.verbose:
        for log in logs:
            log.setLevel(logging.CRITICAL)
    try:
        return _replay(args)
    finally:  # as it was: a replay run in-process (a test, a tool) left these logs silenced
        for log, level in zip(logs, levels, strict=True):
            log.setLevel(level)


def _replay(args) -> int:
    from companion import script as scripts
    from companion.cli.common import EXIT_REFUSED
    from companion.errors import StoreFailedMidway
    from companion.replay import replay

    if args.db is not None:
        from companion.paths import check_db_path

        check_db_path(args.db)
    script = scripts.load(args.file)

    recorded: list[int] = []  # the last line the game recorded

    def report(line, reply):
        if reply is not None and reply.accepted:
            recorded[:] = [line.number]
        if reply is not None and not reply.accepted and not reply.ignored and line.expect == "refused":
            print(f"line {line.number}: refused as expected: {reply.text}", file=sys.stderr, flush=True)
        elif args.progress and reply is not None and reply.accepted:
            print(f"line {line.number}: accepted", file=sys.stderr, flush=True)

    try:
        result = replay(script, db=args.db, realtime=args.realtime, speed=args.speed, on_line=report,
                        strict=True)
    except KeyboardInterrupt:
        print(_interrupted(args, recorded[0] if recorded else None), file=sys.stderr, flush=True)
        return 130
    except StoreFailedMidway as exc:  # the command ran and the store failed while it worked: 1
        print(_store_failed(args, exc), file=sys.stderr, flush=True)
        return EXIT_REFUSED
    if result.unused_stack:
        left = "; ".join(f"{source}: {', '.join(map(str, values))}" for source, values in result.unused_stack.items())
        print(f"companion: warning: the script's stack was not used up (left: {left})", file=sys.stderr, flush=True)
    if args.json:
        print(json.dumps({**result.state["view"], "prompt": result.state["prompt"]["text"]}, sort_keys=True))
    print(_replayed(args.file, result), file=sys.stderr if args.json else sys.stdout, flush=True)
    return 0


def _replayed(path: Path, result) -> str:
    """The one line a replay that went through says: the game, the script lines it played, the
    inputs the game stands after (in effect: accepted minus undone, as ``play`` and ``games
    --saved`` count them; newcomer 19 compared "149 inputs played", the lines, with the
    daemon's "after 95 inputs"), where it ended."""
    state = result.state
    prompt = state.get("prompt") or {}
    lines = f"{result.fed} line{'s' if result.fed != 1 else ''}"
    if result.resumed_after is not None:
        lines += f" after line {result.resumed_after}"
    inputs = f"the game after {result.inputs} input{'s' if result.inputs != 1 else ''}"
    where = f"game over: {prompt.get('text')}" if prompt.get("over") else f"now: {prompt.get('text')}"
    return f"{path.name}: {state.get('title') or state.get('game')}, {lines} played, {inputs}; {where}"


def _store_failed(args, exc) -> str:
    """The one line of a replay whose store refused an input mid-way (newcomer 19: it named
    line 29 and exited 2, and the rerun resumed "after line 27": the lines between took no
    input)."""
    why = "the disk is full, so its input was not saved" if exc.full else f"its input was not saved ({exc.reason})"
    stopped = f"companion: the table script stopped at line {exc.line}: {why}"
    if exc.saved_through is None:
        return f"{stopped}; {args.db} holds none of its game: once there is room, the same command starts it again"
    return (f"{stopped}; {args.db} keeps the game up to line {exc.saved_through}: once there is room, the same "
            f"command resumes after line {exc.saved_through}")


def _interrupted(args, last: int | None) -> str:
    """What ``replay`` says when Ctrl-C stops it: where it got to, and how to go on."""
    done = f"line {last} was the last one played" if last is not None else "no line was played in this run"
    if args.db is None:
        return f"companion: replay stopped: {done}; without --db nothing was kept"
    where = f"after line {last}" if last is not None else "after the last line it recorded"
    return f"companion: replay stopped: {done}; {args.db} keeps the game: the same command resumes {where}"


def bundled_demo():
    """The demo table script shipped in the package (a :class:`~companion.script.TableScript`)."""
    from importlib import resources  # here: `companion daemon` imports this module (its parser)

    from companion import script as scripts

    text = resources.files("companion.data").joinpath("demo.jsonl").read_text(encoding="utf-8")
    return scripts.parse(text)


def cmd_demo(args) -> int:
    from companion.console import ConsoleView
    from companion.replay import replay

    script = bundled_demo()
    started = time.monotonic()
    result = None
    if not args.headless and not has_display():
        print("No display found: showing the game in the terminal (use a desktop to see the table screen).")
    elif not args.headless:
        result = _demo_with_window(script, args.speed)
    if result == "closed":
        print("The window was closed: demo stopped.")
        return 0
    if result is None:
        result = replay(script, realtime=True, speed=args.speed, on_message=ConsoleView())
    outcome = result.state["view"].get("outcome")
    print(f"Demo over after {time.monotonic() - started:.1f} s: the hunters {outcome}.")
    return 0


#: Seconds the driver waits, once the window is closed, for a replay that had ended to finish.
DEMO_CLOSE_WAIT = 5.0


def _demo_with_window(script, speed: float):
    """Run the daemon and the script in a thread, the Kivy window (open on the table) in
    the main thread, the prompts printed in the terminal too. None, after a line saying
    why, when the window cannot open: the caller plays the demo in the terminal; "closed"
    when the window was closed before the game ended (the driver thread goes with the
    process). Once the game is over the window holds its game-over summary, the daemon
    serving on, until it is closed (issue 31: it used to close by itself)."""
    import tempfile

    from companion.console import ConsoleView
    from companion.replay import replay
    from ui.app import WindowUnavailable, build_app

    holder: dict = {}
    done = threading.Event()  # set on a failure: the window closes and says nothing more
    closed = threading.Event()  # the window was closed: the daemon may stop
    with tempfile.TemporaryDirectory(prefix="companion-demo-") as tmp:
        sock = Path(tmp) / "companion.sock"
        try:
            app = build_app(sock, stop_event=done, linger=0.3, first_page="table")
        except WindowUnavailable as exc:
            print(f"{str(exc)[0].upper()}{str(exc)[1:]}. Showing the game in the terminal instead.", flush=True)
            return None

        def drive():
            try:
                for _ in range(200):  # the window is built before the first input (at most 10 s)
                    if app.root is not None:
                        break
                    time.sleep(0.05)
                holder["result"] = replay(script, realtime=True, speed=speed, socket_path=sock,
                                          on_message=_EndSaid(ConsoleView()), hold_until=closed)
            except BaseException as exc:  # re-raised in the main thread
                holder["error"] = exc
                done.set()

        driver = threading.Thread(target=drive, name="demo-driver", daemon=True)
        driver.start()
        app.run()
        closed.set()
        driver.join(DEMO_CLOSE_WAIT)
        if driver.is_alive():
            return "closed"
    if "error" in holder:
        raise holder["error"]
    return holder["result"]


class _EndSaid:
    """The demo's console view, which also says, once the game is over, that the window
    holds the summary until it is closed."""

    def __init__(self, view):
        self.view, self.said = view, False

    def __call__(self, message: dict) -> None:
        self.view(message)
        if not self.said and (message.get("prompt") or {}).get("over"):
            self.said = True
            try:
                print("The game is over: the window shows how it ended; close it to end the demo.", flush=True)
            except OSError:  # the terminal's reader left (a pipe into head): the window says it
                pass
