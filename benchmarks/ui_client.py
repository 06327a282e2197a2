"""Touchscreen client figures (issue 6): tap in the daemon -> the frame that shows it
(p50/p99), the client's idle CPU over 60 s, its start time and resident memory; and (issue
17 item 10) side by side in the same run, under the same Xvfb, a bare Kivy client that only
puts each state message's prompt in one label: the client's CPU per state message against
the bare one's, and their ratio (goal: at most 3x; RSS at the table at most 150 MiB).

    .venv/bin/python -m benchmarks.ui_client [--presses 200] [--idle 60] [--size 800x480] [--no-bare]
        [--new-games 50] [--games creepy_cellar,children] [--no-motion] [--large-text]

``--new-games N`` (issue 29 item 11): after the idle time, N new games in a row (each
abandons the one before, its first state drawn, then two touches on it); the client's RSS
after the first and after the last (each read after the client's quiet-time heap trim), and
the growth between (goal: at most 10 MiB).

(from the checkout's root; its child processes get the checkout on ``PYTHONPATH``).

Runs a real daemon (the UI tests' Creepy Cellar game, simulated dice button) in this
process and the real Kivy client in a child process under a private Xvfb (or $DISPLAY).
The child is the app plus a probe: after each state message it notes the monotonic time
of the next window flip (the frame that shows it) and prints it. The clock is
CLOCK_MONOTONIC, shared by both processes. A "tap" is a dice-button press handed to the
daemon as the hardware thread does (``Daemon.on_dice``); each is undone again through the
socket, so the game stays where it was.
"""

from __future__ import annotations

import argparse
import os
import queue
import select
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from types import SimpleNamespace

from benchmarks.procstat import cpu_seconds, thread_cpu_seconds, thread_cpu_since

ROOT = Path(__file__).resolve().parents[1]


# ---------------------------------------------------------------------- the child: app + probe


def probe(socket_path: str, size: tuple[int, int]) -> None:
    """Run the client; print ``READY t`` at the first frame of the table, ``FRAME t n`` at
    the first frame after each later state message (``n``: frames drawn so far)."""
    _trace_on_signal()
    from ui.app import build_app

    app = build_app(socket_path, size=size)
    from kivy.clock import Clock
    from kivy.core.window import Window

    _time_releases(app)

    pending = {"state": False, "ready": False, "input": False, "frames": 0}
    handle = app._handle

    def handled(message, _dt=None):
        handle(message, _dt)
        if message.get("type") == "state":
            pending["state"] = True
        elif message.get("type") == "input":
            pending["input"] = True

    app._handle = handled

    def flipped(*_args):
        pending["frames"] += 1
        if pending["input"] and pending["ready"]:
            pending["input"] = False
            print(f"INPUT {time.monotonic()}", flush=True)
        if not pending["state"]:
            return
        pending["state"] = False
        now = time.monotonic()
        if not pending["ready"]:
            if app.model.screen == "table":
                pending["ready"] = True
                print(f"READY {now}", flush=True)
            return
        print(f"FRAME {now} {pending['frames']}", flush=True)

    Window.bind(on_flip=flipped)
    _phases_on_signal(app)
    Clock.schedule_once(lambda _dt: app.model.go("table"), 0)
    Clock.schedule_once(lambda _dt: _hide_parts(app), 1.0)
    app.run()


def _time_releases(app) -> None:
    """Print ``RELEASE ms`` after each of the client's quiet-time releases
    (:func:`ui.memory.release_free_memory`: the cycle collection and the heap trim): its CPU."""
    from kivy.clock import Clock

    from ui import companion_app

    def timed(*args):
        began = time.process_time()
        companion_app.release_free_memory(*args)
        print(f"RELEASE {(time.process_time() - began) * 1000:.2f}", flush=True)

    app._trim = Clock.create_trigger(timed, companion_app.TRIM_SECONDS)


def _trace_on_signal() -> None:
    """A development aid: with ``UI_BENCH_TRACEMALLOC=<dir>`` the client traces Python's
    allocations and dumps a snapshot to ``<dir>/snap-<n>`` at each SIGUSR1 (the parent sends
    one after new games 10 and 40, then prints their difference)."""
    folder = os.environ.get("UI_BENCH_TRACEMALLOC")
    if not folder:
        return
    import signal
    import tracemalloc

    tracemalloc.start(8)
    taken = []

    def dump(*_args):
        taken.append(1)
        tracemalloc.take_snapshot().dump(f"{folder}/snap-{len(taken)}")

    signal.signal(signal.SIGUSR1, dump)


def _traced_growth(folder: str, top: int = 12) -> None:
    """Print the Python allocations grown between the client's two snapshots (by line)."""
    import tracemalloc

    first, last = (tracemalloc.Snapshot.load(f"{folder}/snap-{n}") for n in (1, 2))
    stats = last.compare_to(first, "lineno")
    print(f"  traced Python memory: {sum(s.size for s in last.statistics('filename')) / 2**20:.1f} MiB "
          f"at the 2nd snapshot, {sum(s.size_diff for s in stats) / 2**20:+.2f} MiB since the 1st")
    for stat in stats[:top]:
        print(f"    {stat}")


#: The main thread's parts timed with ``UI_BENCH_PHASES=1`` (:func:`_phases_on_signal`).
PHASES = ("state", "triggers", "labels", "draw", "flip")


def _phases_on_signal(app) -> None:
    """A development aid: with ``UI_BENCH_PHASES=1`` the client times (thread CPU) the parts
    of its main thread between a first and a second SIGUSR2 (the parent sends them around the
    presses), then prints ``PHASES states <n> <part> <seconds> ...``: ``state`` the state
    messages' handling (the model, the board, kv rules), ``triggers`` Kivy's before-frame
    work (labels re-rendered, layouts, the choice slots), ``labels`` the part of it spent
    rendering label textures, ``draw`` the canvas submitted to GL (Mesa's software renderer
    does its vertex work on this thread), ``flip`` the buffer swap. With
    ``UI_BENCH_CPROFILE=<file>`` too, a profile of the main thread alone (thread CPU) over
    the same span, for ``pstats``."""
    if not os.environ.get("UI_BENCH_PHASES"):
        return
    import signal

    from kivy.clock import Clock
    from kivy.core.window import Window
    from kivy.uix.label import Label

    spent = dict.fromkeys(PHASES, 0.0)
    counting = {"on": False, "states": 0}

    def timed(part: str, fn):
        def run(*args, **kwargs):
            start = time.thread_time()
            try:
                return fn(*args, **kwargs)
            finally:
                if counting["on"]:
                    spent[part] += time.thread_time() - start
        run.__name__ = fn.__name__  # Kivy calls some back by name (weak methods)
        return run

    clock = type(object.__getattribute__(Clock, "_obj"))  # behind Kivy's context proxy
    clock.tick_draw = timed("triggers", clock.tick_draw)
    window = type(Window)
    window.on_draw, window.flip = timed("draw", window.on_draw), timed("flip", window.flip)
    Label.texture_update = timed("labels", Label.texture_update)
    handle = app._handle

    def handled(message, _dt=None):
        timed("state", handle)(message, _dt) if message.get("type") == "state" else handle(message, _dt)
        counting["states"] += counting["on"] and message.get("type") == "state"

    app._handle = handled

    import cProfile

    prof_file = os.environ.get("UI_BENCH_CPROFILE")
    prof = cProfile.Profile(time.thread_time)

    def toggle(*_args):
        counting["on"] = not counting["on"]
        if prof_file:
            if counting["on"]:
                prof.enable()
            else:
                prof.disable()
                prof.dump_stats(prof_file)
        if not counting["on"]:
            print("PHASES states", counting["states"], *(f"{k} {v}" for k, v in spent.items()), flush=True)

    signal.signal(signal.SIGUSR2, toggle)


def _hide_parts(app) -> None:
    """A development aid: which part of the table screen costs what. ``UI_BENCH_HIDE`` names
    table-screen ids to take out (``UI_BENCH_HIDE=board_slot,log_left``)."""
    table = app.root.ids.screens.get_screen("table")
    for name in [n for n in os.environ.get("UI_BENCH_HIDE", "").split(",") if n]:
        widget = table.ids[name]
        if widget.parent is not None:
            widget.parent.remove_widget(widget)


def bare_probe(socket_path: str, size: tuple[int, int]) -> None:
    """The floor to compare with: a Kivy app with one label, fed by the same socket link
    (:class:`ui.connection.DaemonLink`, JSON decoding included) and hopping to the main
    thread the same way; prints ``READY t`` at its first state, ``FRAME t`` after each."""
    from ui.app import configure_kivy

    configure_kivy(size)
    from kivy.app import App
    from kivy.clock import Clock
    from kivy.core.window import Window
    from kivy.uix.label import Label

    from ui.connection import DaemonLink

    pending = {"state": False, "ready": False}

    class Bare(App):
        def build(self):
            self.label = Label(font_size=30)
            self.link = DaemonLink(socket_path, on_message=lambda m: Clock.schedule_once(lambda _dt: self.take(m)))
            self.link.start()
            return self.label

        def take(self, message):
            if message.get("type") == "state":
                self.label.text = str((message.get("prompt") or {}).get("text", ""))
                pending["state"] = True

    def flipped(*_args):
        if not pending["state"]:
            return
        pending["state"] = False
        word = "FRAME" if pending["ready"] else "READY"
        pending["ready"] = True
        print(f"{word} {time.monotonic()}", flush=True)

    Window.bind(on_flip=flipped)
    Bare().run()


# ---------------------------------------------------------------------- the parent


def _xvfb():
    xvfb = shutil.which("Xvfb")
    if xvfb is None:
        return None, os.environ.get("DISPLAY")
    read_end, write_end = os.pipe()
    server = subprocess.Popen([xvfb, "-displayfd", str(write_end), "-screen", "0", "1280x1280x24",
                               "-nolisten", "tcp"], pass_fds=(write_end,),
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(write_end)
    text = b""
    while not text.endswith(b"\n"):
        ready, _, _ = select.select([read_end], [], [], 10)
        if not ready:
            raise SystemExit("Xvfb did not start")
        text += os.read(read_end, 16)
    os.close(read_end)
    return server, f":{text.decode().strip()}"


def _rss_mib(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


#: Shared objects of Mesa's software renderer (Xvfb has no GPU): on the Pi the GPU driver
#: draws instead, so the memory figure is also given without them.
SOFTWARE_GL = ("libLLVM", "swrast_dri", "libgallium", "llvmpipe")


def _rss_parts_mib(pid: int) -> dict[str, float]:
    """The resident memory's parts (``/proc/<pid>/status``): anonymous (heaps, textures in
    main memory) and file-backed (shared libraries' pages as they are first touched)."""
    parts = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(("RssAnon:", "RssFile:", "RssShmem:")):
            parts[line.split(":")[0][3:].lower()] = int(line.split()[1]) / 1024
    return parts


def _rss_software_gl_mib(pid: int) -> float:
    """Resident MiB of the mappings of Mesa's software renderer in process ``pid``."""
    total, counting = 0, False
    for line in Path(f"/proc/{pid}/smaps").read_text().splitlines():
        head = line.split(maxsplit=5)
        if head and "-" in head[0] and not head[0].endswith(":"):
            counting = len(head) == 6 and any(name in head[5] for name in SOFTWARE_GL)
        elif counting and line.startswith("Rss:"):
            total += int(line.split()[1])
    return total / 1024


def _pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def _by_thread(seconds_by_thread: dict[str, float], states: int) -> str:
    """"python 5.8 ms, llvmpipe 5.2 ms": each thread's CPU per state, the busiest first."""
    shares = sorted(seconds_by_thread.items(), key=lambda item: -item[1])
    return ", ".join(f"{name} {seconds / states * 1000:.1f} ms" for name, seconds in shares if seconds > 0)


def _report(args, run: SimpleNamespace) -> None:
    """Print the run's figures (``run``: what the measuring loop found)."""
    print(f"client window {args.size}, {args.presses} dice presses (each undone)")
    print(f"press in daemon -> frame showing it: p50 {statistics.median(run.delays):.1f} ms, "
          f"p99 {_pct(run.delays, 99):.1f} ms, max {max(run.delays):.1f} ms")
    if run.flashes:
        print(f"press in daemon -> frame with the read dot lit: p50 {statistics.median(run.flashes):.1f} ms, "
              f"p99 {_pct(run.flashes, 99):.1f} ms")
    per_state = run.cpu_presses / (2 * args.presses) * 1000
    drawn = (run.frames[-1] - run.frames[0]) / (2 * (len(run.frames) - 1)) if len(run.frames) > 1 else float("nan")
    print(f"client CPU per state shown (handled and drawn; a press and its undo are two): "
          f"{per_state:.1f} ms; {drawn:.2f} frames drawn per state")
    print("  of which, by thread: " + _by_thread(run.threads, 2 * args.presses))
    if run.bare_cpu is not None:
        floor = run.bare_cpu / (2 * args.presses) * 1000
        print(f"bare Kivy client (one label), same run, same Xvfb: {floor:.1f} ms per state; "
              f"ratio {per_state / floor:.2f}x (goal <= 3x); its RSS {run.bare_rss:.0f} MiB")
        print("  of which, by thread: " + _by_thread(run.bare_threads, 2 * args.presses))
    if run.phases:
        states, parts = int(run.phases[2]), dict(zip(run.phases[3::2], map(float, run.phases[4::2])))
        print("  main thread by part (UI_BENCH_PHASES; labels are within triggers): "
              + ", ".join(f"{name} {seconds / max(1, states) * 1000:.2f} ms" for name, seconds in parts.items()))
    print(f"client start (spawn -> first table frame): {run.start_time:.2f} s")
    print(f"idle CPU over {args.idle:.0f} s: {run.idle_cpu:.2f} % of one core")
    print(f"resident memory: {run.rss:.0f} MiB after the presses, {run.rss_after:.0f} MiB after idling; "
          f"{run.rss - run.rss_gl:.0f} MiB without Mesa's software renderer ({run.rss_gl:.0f} MiB)")
    print(f"load average at the end: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")


def _ran_as_probe(args: argparse.Namespace, size: tuple[int, ...]) -> bool:
    """Run as the table screen's probe or the bare client's (a child of :func:`main`)."""
    if args.probe:
        probe(args.probe, size)
    elif args.bare_probe:
        bare_probe(args.bare_probe, size)
    return bool(args.probe or args.bare_probe)


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--presses", type=int, default=200)
    p.add_argument("--idle", type=float, default=60.0, help="seconds of idle CPU measurement")
    p.add_argument("--size", default="800x480")
    p.add_argument("--no-bare", action="store_true", help="without the bare Kivy client beside it")
    p.add_argument("--new-games", type=int, default=0, help="new games in a row at the end (RSS after 1st / last)")
    p.add_argument("--games", default="creepy_cellar", help="comma-separated games the new games take in turn")
    p.add_argument("--no-motion", action="store_true",
                   help="Settings' motion off (issue 29: a change is animated for up to 0.4 s, ~24 frames)")
    p.add_argument("--large-text", action="store_true", help="Settings' large text (issue 29)")
    p.add_argument("--probe", help=argparse.SUPPRESS)
    p.add_argument("--bare-probe", help=argparse.SUPPRESS)
    args = p.parse_args()
    size = tuple(int(v) for v in args.size.split("x"))
    if _ran_as_probe(args, size):
        return 0

    from companion.client import Client
    from tests.ui.ui_scenario import running_daemon

    server, display = _xvfb()
    if display is None:
        raise SystemExit("needs Xvfb or a DISPLAY")
    tmp = Path(tempfile.mkdtemp(prefix="ui-bench-"))
    sock = tmp / "companion.sock"
    env = {**os.environ, "DISPLAY": display, "KIVY_HOME": str(tmp / "kivy"), "KIVY_NO_ARGS": "1",
           "PYTHONPATH": str(ROOT)}
    lines: queue.Queue = queue.Queue()
    try:
        with running_daemon(sock) as daemon, Client(sock).connect() as client:
            assert client.choose("end-turn")["ok"]  # Bo's turn: "press the dice button"
            screen = {"motion": not args.no_motion, "text": "large" if args.large_text else "normal"}
            assert client.request({"cmd": "screen_settings", "screen": screen})["ok"]
            started = time.monotonic()
            profile = ["-m", "cProfile", "-o", os.environ["UI_PROFILE"]] if os.environ.get("UI_PROFILE") else []
            child = subprocess.Popen([sys.executable, *profile, __file__, "--probe", str(sock), "--size", args.size],
                                     env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
            threading.Thread(target=lambda: [lines.put(line.split()) for line in child.stdout],
                             daemon=True).start()
            word, when = lines.get(timeout=60)
            assert word == "READY", word
            start_time = float(when) - started
            bare = None if args.no_bare else subprocess.Popen(
                [sys.executable, __file__, "--bare-probe", str(sock), "--size", args.size],
                env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
            if bare is not None:
                bare_lines: queue.Queue = queue.Queue()
                threading.Thread(target=lambda: [bare_lines.put(line.split()) for line in bare.stdout],
                                 daemon=True).start()
                assert bare_lines.get(timeout=60)[0] == "READY"  # its first state (sent on connecting)
            time.sleep(2.0)  # let the first frames settle
            delays, flashes, frames = [], [], []
            phases = bool(os.environ.get("UI_BENCH_PHASES"))
            if phases:
                child.send_signal(12)  # SIGUSR2: the probe starts timing its parts
            cpu_presses = cpu_seconds(child.pid)
            threads_before = thread_cpu_seconds(child.pid)
            bare_cpu = cpu_seconds(bare.pid) if bare is not None else 0.0
            bare_threads = thread_cpu_seconds(bare.pid) if bare is not None else {}
            for _ in range(args.presses):
                while not lines.empty():
                    lines.get_nowait()
                t0 = time.monotonic()
                daemon.on_dice(0.1)  # the press, as the GPIO thread hands it over
                while (line := lines.get(timeout=10))[0] != "FRAME":
                    if line[0] == "INPUT":
                        flashes.append((float(line[1]) - t0) * 1000)
                delays.append((float(line[1]) - t0) * 1000)
                daemon.drain()
                assert client.undo()["ok"]
                while (line := lines.get(timeout=10))[0] != "FRAME":  # the undo's frame
                    pass
                frames.append(int(line[2]))
            cpu_presses = cpu_seconds(child.pid) - cpu_presses
            parts_line = _phases(child, lines) if phases else None
            threads = thread_cpu_since(child.pid, threads_before)
            time.sleep(1.0)  # the bare client's last frames
            bare_cpu = (cpu_seconds(bare.pid) - bare_cpu) if bare is not None else None
            bare_threads = thread_cpu_since(bare.pid, bare_threads) if bare is not None else {}
            bare_rss = _rss_mib(bare.pid) if bare is not None else None
            if bare is not None:
                bare.terminate()
                bare.wait(10)
            time.sleep(1.0)
            rss = _rss_mib(child.pid)
            rss_gl = _rss_software_gl_mib(child.pid)
            cpu0, t_idle = cpu_seconds(child.pid), time.monotonic()
            time.sleep(args.idle)
            idle_cpu = (cpu_seconds(child.pid) - cpu0) / (time.monotonic() - t_idle) * 100
            rss_after = _rss_mib(child.pid)
            parts: list[dict[str, float]] = []
            timing: dict[str, list[float]] = {"shown": [], "cpu": [], "release": []}
            games = _new_games(args.new_games, args.games.split(","), client, lines, child.pid, parts, timing)
            child.send_signal(2) if os.environ.get("UI_PROFILE") else child.terminate()
            child.wait(10)
    finally:
        if server is not None:
            server.terminate()
            server.wait(5)
        shutil.rmtree(tmp, ignore_errors=True)

    _report(args, SimpleNamespace(delays=delays, flashes=flashes, frames=frames, cpu_presses=cpu_presses,
                                  threads=threads, bare_cpu=bare_cpu, bare_threads=bare_threads, bare_rss=bare_rss,
                                  start_time=start_time, idle_cpu=idle_cpu, rss=rss, rss_after=rss_after,
                                  rss_gl=rss_gl, phases=parts_line))
    _report_games(games, parts, timing)
    return 0


def _phases(child, lines: queue.Queue) -> list[str] | None:
    """The probe's ``PHASES`` line (it prints it at the second SIGUSR2), split."""
    child.send_signal(12)
    try:
        while (line := lines.get(timeout=10))[0] != "PHASES":
            pass
    except queue.Empty:
        return None
    return line


def _report_games(games: list[float], parts: list[dict[str, float]], timing: dict[str, list[float]]) -> None:
    if not games:
        return
    first, last = games[0], games[-1]
    print(f"{len(games)} new games in a row: RSS {first:.1f} MiB after game 1, {last:.1f} MiB after game "
          f"{len(games)}: +{last - first:.1f} MiB ({(last - first) / max(1, len(games) - 1):.2f} MiB per game; "
          f"goal <= 10 MiB in all)")
    print("  after each game: " + " ".join(f"{v:.0f}" for v in games))
    for part in ("anon", "file"):
        values = [p[part] for p in parts]
        print(f"  of which {part}: {values[0]:.1f} -> {values[-1]:.1f} MiB (+{values[-1] - values[0]:.1f}): "
              + " ".join(f"{v:.0f}" for v in values))
    later = len(games) // 5  # the first cycle of five games apart
    for name, what in (("shown", "request -> frame showing the new game"), ("cpu", "client CPU per new game "
                       "(3 states, drawn)"), ("release", "CPU per quiet-time release (collection + trim)")):
        values = timing[name][later:] or timing[name]
        if values:
            print(f"  {what}, games {later + 1}-{len(games)}: median {statistics.median(values):.1f} ms, "
                  f"mean {statistics.fmean(values):.1f}, max {max(values):.1f}")
    if os.environ.get("UI_BENCH_TRACEMALLOC") and len(games) >= 40:
        _traced_growth(os.environ["UI_BENCH_TRACEMALLOC"])


def _new_games(count: int, names: list[str], client, lines: queue.Queue, pid: int,
               parts: list[dict[str, float]], timing: dict[str, list[float]]) -> list[float]:
    """Start ``count`` new games in a row, of ``names`` in turn (each drawn, then two touches);
    the client's RSS after each (MiB), read after its quiet-time heap trim; its parts into
    ``parts``; into ``timing``: ``shown`` (ms from the request to the frame showing the new
    game), ``cpu`` (the client's CPU ms for the game's three states, drawn), ``release``
    (the CPU ms of the quiet-time releases after them)."""
    rss = []
    for n in range(count):
        cpu0, t0 = cpu_seconds(pid), time.monotonic()
        ack = client.request({"cmd": "new_game", "game": names[n % len(names)], "players": ["Ada", "Bo", "Cy"],
                              "options": {}, "abandon": True})
        assert ack["ok"], ack
        for key in ("roll", "end-turn"):
            client.choose(key)  # a refusal (not due) still draws a state
        frames = _drain_frames(lines, 3, timing["release"])
        timing["cpu"].append((cpu_seconds(pid) - cpu0) * 1000)
        if frames:
            timing["shown"].append((frames[0] - t0) * 1000)
        time.sleep(1.6)  # the client's heap trim (ui.companion_app.TRIM_SECONDS) after the burst
        _drain_frames(lines, 0, timing["release"])
        rss.append(_rss_mib(pid))
        parts.append(_rss_parts_mib(pid))
        if os.environ.get("UI_BENCH_TRACEMALLOC") and n + 1 in (10, 40):
            os.kill(pid, 10)  # SIGUSR1: the client dumps a snapshot
            time.sleep(3.0)
    return rss


def _drain_frames(lines: queue.Queue, frames: int, releases: list[float]) -> list[float]:
    """Wait for ``frames`` FRAME lines from the probe (5 s each at most); their times. The
    RELEASE lines met (and, with ``frames`` 0, those waiting) go to ``releases`` (ms)."""
    times: list[float] = []
    try:
        while len(times) < frames or not lines.empty():
            line = lines.get(timeout=5)
            if line[0] == "FRAME":
                times.append(float(line[1]))
            elif line[0] == "RELEASE":
                releases.append(float(line[1]))
    except queue.Empty:
        pass
    return times


if __name__ == "__main__":
    sys.exit(main())
