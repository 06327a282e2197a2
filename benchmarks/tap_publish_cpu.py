"""The daemon's CPU from a tap's durable append returning to its state handed to a screen's
socket (issue 35 item 3), with no thread but the caller's: the daemon's input play
(``InputPlay.handle``) on budgets.py's tap run (a Ghost card tapped and undone on a
1,000-event Creepy Cellar game), one screen connected (a stand-in writer that keeps what it
is given, so the state is encoded as for a real one). Without the screen's reader thread and
the kernel's send, the figure moves less with the load of a shared machine than
tap_after_append.py's. Also prints a digest of every state line the screen got, in both
languages: equal digests, equal bytes. A measurement, never a test.

Run: ``PYTHONPATH=. python benchmarks/tap_publish_cpu.py [TAPS]`` (default 3,000).
"""

from __future__ import annotations

import asyncio
import hashlib
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks import budgets  # noqa: E402
from companion.daemon import Daemon  # noqa: E402
from companion.inputs import Tap, Touch  # noqa: E402
from companion.store import EventStore  # noqa: E402


class Screen:
    """A connected screen's writer: keeps each line it is given."""

    def __init__(self):
        self.lines: list[bytes] = []
        self.transport = self

    def get_write_buffer_size(self) -> int:
        return 0

    def is_closing(self) -> bool:
        return False

    def write(self, data: bytes) -> None:
        self.lines.append(bytes(data))


def main() -> None:
    taps = int(sys.argv[1]) if len(sys.argv) > 1 else 3000
    spans: list[float] = []
    started: list[float | None] = [None]
    tapping = [False]
    digest = hashlib.sha256()
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "g.sqlite3"
        budgets.build_game(db, 1000)
        store = EventStore(db)
        daemon = Daemon(store, Path(tmp) / "c.sock")
        daemon.loop = loop = asyncio.new_event_loop()
        daemon.game.resume_last()
        screen = Screen()
        append = EventStore.append

        def appended(self, *args, **kwargs):
            try:
                return append(self, *args, **kwargs)
            finally:
                if tapping[0]:
                    started[0] = time.thread_time()

        write = screen.write

        def written(data):
            if started[0] is not None and b'{"type":"state"' in data:
                spans.append(time.thread_time() - started[0])
                started[0] = None
            write(data)

        screen.write = written  # type: ignore[method-assign]
        EventStore.append = appended  # type: ignore[method-assign]
        rng = random.Random(2)
        play = daemon._play
        while not any(c.component in budgets.UID_OF for c in daemon.session.prompt.choices):
            play.handle(budgets._forward_input(daemon.session, rng))
        uid = budgets.UID_OF[next(c.component for c in daemon.session.prompt.choices
                                  if c.component in budgets.UID_OF)]
        daemon.publisher.hub.clients.add(screen)  # type: ignore[arg-type]
        for n in range(taps):
            daemon.language = "it" if n % 500 >= 250 else "en"
            tapping[0], started[0] = True, None
            play.handle(Tap(uid))
            tapping[0], started[0] = False, None
            play.handle(Touch("undo"))
            loop.run_until_complete(asyncio.sleep(0))  # the ``later`` messages (not timed)
        EventStore.append = append  # type: ignore[method-assign]
        for line in b"".join(screen.lines).splitlines(keepends=True):  # a slow input's flash: a write of its own
            if line.startswith(b'{"type":"state"'):
                digest.update(line)
        loop.close()
        store.close()
    spans = spans[len(spans) // 10:]
    print(f"{len(spans)} taps: CPU from the append's return to the state at the screen's writer, us "
          f"(p10 / p50 / p90): " + " / ".join(f"{budgets.pct(spans, q) * 1e6:.0f}" for q in (.1, .5, .9)))
    print(f"the screen's lines: sha256 {digest.hexdigest()[:16]}")


if __name__ == "__main__":
    main()
