"""A board's own work per state (issue 27 item 7): one game's board in a real Kivy window
(Xvfb or $DISPLAY) fed every view of a bundled table script, one view per frame, as the
table screen hands them over. Prints the main thread's CPU per view (the board's rebuild,
its labels' fitting and the frame drawn), the Label widgets created per view, and the
process's resident memory at the end.

    .venv/bin/python -m benchmarks.board_views [--game house_of_spirits] [--size 800x480]
        [--rounds 3]

(from the checkout's root; run it with another checkout first on ``PYTHONPATH`` to compare).
The views are made with the daemon's own ``state_message`` (as tests/ui/test_boards.py
does); ``--rounds`` plays the script's views that many times over (the first round fits
fonts the later ones find remembered).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

SCRIPTS = {
    "creepy_cellar": "creepy_cellar/nightmare-won.jsonl",
    "ghost_at_home": "ghost_at_home/three_players.jsonl",
    "children": "children/ghosts_win.jsonl",
    "house_of_spirits": "house_of_spirits/plot_ending.jsonl",
    "clue_it": "clue_it/solved.jsonl",
}


def views(game: str) -> tuple[list[dict], dict]:
    """Every view of ``game``'s script (after each line) and the players' colours."""
    from companion import script
    from companion.protocol import state_message
    from companion.session import Session

    table = script.load(ROOT / "tests" / "scripts" / SCRIPTS[game])
    session = Session.start(table.header)
    messages = [state_message(session, [], (), "en")]
    for line in table.lines:
        session.handle(line.input, line.number)
        messages.append(state_message(session, [], (), "en"))
    return [m["view"] for m in messages], dict(messages[0].get("colours") or {})


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--game", default="house_of_spirits", choices=sorted(SCRIPTS))
    p.add_argument("--size", default="800x480")
    p.add_argument("--rounds", type=int, default=3)
    args = p.parse_args()
    size = tuple(int(v) for v in args.size.split("x"))
    all_views, colours = views(args.game)

    from ui.app import configure_kivy

    configure_kivy(size)
    from kivy.app import App
    from kivy.clock import Clock
    from kivy.uix.label import Label

    from ui.boards import board_class, update
    from ui.i18n import Translator

    made = {"labels": 0}
    init = Label.__init__

    def counted(self, *a, **kw):
        made["labels"] += 1
        init(self, *a, **kw)

    Label.__init__ = counted
    queue = [v for _ in range(args.rounds) for v in all_views]
    figures = {}

    from kivy.properties import BooleanProperty, NumericProperty

    class Bench(App):
        scale = NumericProperty(1.0)
        portrait = BooleanProperty(False)

        def build(self):
            self.tr = Translator()
            self.board = board_class(args.game)()
            update(self.board, queue[0], colours)
            Clock.schedule_once(self.start, 1.0)
            return self.board

        def start(self, _dt):
            figures["labels0"], figures["cpu0"] = made["labels"], time.thread_time()
            figures["n"] = 0
            Clock.schedule_once(self.step, 0)

        def step(self, _dt):
            n = figures["n"] = figures["n"] + 1
            if n >= len(queue):
                figures["cpu"] = time.thread_time() - figures["cpu0"]
                figures["labels"] = made["labels"] - figures["labels0"]
                figures["rss"] = _rss_mib()
                self.stop()
                return
            update(self.board, queue[n], colours)
            Clock.schedule_once(self.step, 0)

    Bench().run()
    shown = len(queue) - 1
    print(f"{args.game} board at {args.size}: {shown} views ({len(all_views)} a round, {args.rounds} rounds); "
          f"main thread {figures['cpu'] / shown * 1000:.2f} ms per view; "
          f"{figures['labels'] / shown:.1f} labels made per view ({figures['labels']} in all); "
          f"RSS {figures['rss']:.0f} MiB; load average {os.getloadavg()[0]:.1f}")
    return 0


def _rss_mib() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


if __name__ == "__main__":
    sys.exit(main())
