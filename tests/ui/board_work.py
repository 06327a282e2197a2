"""Run by test_board_work.py in a child process (Kivy stays out of the test process): the
Label widgets each board makes for a view it is handed again with nothing it draws
changed, and with one player's figures changed. Prints one JSON line:
``{game: {"first": n, "same": n, "one_player": n}}``.
"""

from __future__ import annotations

import copy
import json
import os
import sys
from types import SimpleNamespace

os.environ.setdefault("KIVY_NO_ARGS", "1")

#: Game -> (index of the script's view used, a player's figure changed in "one_player").
CASES = {"house_of_spirits": (40, "score"), "clue_it": (40, None), "children": (40, None)}


def main() -> int:
    from kivy.app import App
    from kivy.uix.label import Label

    from benchmarks.board_views import views
    from ui.boards import board_class, update
    from ui.i18n import Translator

    App._running_app = SimpleNamespace(tr=Translator(), scale=1.0, portrait=False)
    made = [0]
    init = Label.__init__

    def counted(self, *args, **kwargs):
        made[0] += 1
        init(self, *args, **kwargs)

    Label.__init__ = counted
    out = {}
    for game, (index, figure) in CASES.items():
        all_views, colours = views(game)
        view = all_views[index]
        board = board_class(game)()
        counts = {}
        for name, shown in (("first", view), ("same", {**copy.deepcopy(view), "not_drawn": 1}),
                            ("one_player", _one_player(view, figure))):
            before = made[0]
            assert update(board, shown, colours), (game, name)
            counts[name] = made[0] - before
        out[game] = counts
    print(json.dumps(out))
    return 0


def _one_player(view: dict, figure: str | None) -> dict:
    """``view`` with its first player's ``figure`` one higher (or a card more in hand)."""
    changed = copy.deepcopy(view)
    players = changed.get("players")
    if isinstance(players, dict) and figure:
        first = next(iter(players.values()))
        first[figure] = int(first.get(figure) or 0) + 1
    elif isinstance(players, dict):
        first = next(iter(players.values()))
        first["hand"] = int(first.get("hand") or 0) + 1
    else:  # CLUE: IT: players is a list; a balloon less changes only the status line
        changed["balloons"] = int(changed.get("balloons") or 0) + 1
    return changed


if __name__ == "__main__":
    sys.exit(main())
