"""Only the board of the game on the table stays in memory (issue 29 item 11).

A board is made when its game starts and dropped when another game's starts; nothing
outside it may hold it (the language switch's listeners, the app's rotation, kv's
``app.tr._`` rules), or every board made stays, about 3.5 MiB each with its textures.
The figures (RSS over 50 new games, the cost of making a board) are in
``benchmarks/ui_client.py --new-games``; here the objects are counted.
"""

from __future__ import annotations

import gc
import json
import weakref

import pytest
from test_boards import SCRIPTS, _broken, _messages
from test_client_memory import _run

#: Five games in turn, three times: the start of each game's script.
ORDER = list(SCRIPTS) * 3

NEW_GAMES = r"""
import gc, json, os, weakref
from kivy.clock import Clock
from kivy.uix.widget import Widget
from ui.app import build_app
from ui.memory import release_free_memory

messages = json.loads(open(os.environ["BOARD_MEMORY_MESSAGES"], encoding="utf-8").read())
app = build_app("/nonexistent/companion.sock")
boards, report = [], []

def widgets_alive():
    gc.unfreeze()  # the app freezes what lives at its start and after a board change
    gc.collect()
    alive = sum(1 for o in gc.get_objects() if issubclass(type(o), Widget))
    gc.freeze()
    return alive

def start(_dt):
    app.model.go("table")
    new_game(0)

def new_game(n):
    app.handle_message(messages[n])
    Clock.schedule_once(lambda _dt: quiet(n), 0.3)

def quiet(n):
    board = app.root.ids.screens.get_screen("table").board
    if not any(ref() is board for ref in boards):  # (an id can be a freed board's again)
        boards.append(weakref.ref(board))
    release_free_memory()  # what the quiet time after a state runs
    entry = {"game": messages[n]["game"], "board": type(board).__name__, "made": len(boards),
             "alive": sorted(type(r()).__name__ for r in boards if r() is not None),
             "rules": len(app.tr._rules), "listeners": len(app.tr._listeners)}
    if (n + 1) % 5 == 0:
        entry["widgets"] = widgets_alive()
    report.append(entry)
    if n + 1 < len(messages):
        new_game(n + 1)
    else:
        app.stop()

Clock.schedule_once(start, 0.5)
app.run()
print(repr(report))
"""


#: The new game whose view its board cannot draw (the neutral board shows; the error is logged).
BROKEN = 1


def _starts() -> list[dict]:
    """The state message at the start of each game of :data:`ORDER`, revisions in order."""
    starts = {game: _messages(game, langs=("en",))["start"]["en"] for game in SCRIPTS}
    messages = [dict(starts[game], revision=n + 1) for n, game in enumerate(ORDER)]
    messages[BROKEN] = _broken(messages[BROKEN])
    return messages


@pytest.mark.ui
@pytest.mark.timeout(180)
def test_fifteen_new_games_keep_one_board_and_no_more_widgets(display, kivy_home, tmp_path, monkeypatch):
    path = tmp_path / "messages.json"
    path.write_text(json.dumps(_starts()), encoding="utf-8")
    monkeypatch.setenv("BOARD_MEMORY_MESSAGES", str(path))
    report = _run(NEW_GAMES, display, kivy_home)
    assert [entry["game"] for entry in report] == ORDER
    assert [entry["made"] for entry in report] == list(range(1, 16))  # a board made for each game
    # only the board on the table is alive (all five boards were kept: 5 from game 5 on),
    # the one that failed to draw too (Kivy's log history held its error's traceback)
    assert [entry["alive"] for entry in report] == [[entry["board"]] for entry in report]
    # the same game's start leaves as much behind each time round after the first (which
    # makes the neutral board, once): the translator's kv rules and listeners (a rule with
    # uid 0 stayed for every widget made), every widget
    for n in range(10, 15):
        before, now = report[n - 5], report[n]
        assert (now["rules"], now["listeners"]) == (before["rules"], before["listeners"]), now["game"]
    assert report[14]["widgets"] == report[9]["widgets"]


class _Widget:
    """A stand-in for a widget: kv rules and language listeners are bound to it."""


def test_the_translators_kv_rules_and_listeners_go_with_their_widgets():
    from ui.i18n import Translator

    tr = Translator("en")
    calls = []
    owner = _Widget()
    uids = [tr.fbind("_", lambda *args: calls.append(args), n) for n in range(3)]
    assert 0 not in uids and len(set(uids)) == 3  # kv unbinds only a uid that is not 0
    tr.unbind_uid("_", uids[0])  # what Kivy does when the widget the rule sets goes
    tr.on_switch(lambda lang: calls.append(lang), owner=owner)
    tr.on_switch(lambda lang: calls.append(("kept", lang)))
    tr.switch("it")
    assert sorted(map(str, calls)) == sorted(map(str, [(1, None, None), (2, None, None), "it", ("kept", "it")]))
    ref = weakref.ref(owner)
    del owner
    gc.collect()
    assert ref() is None
    calls.clear()
    tr.switch("en")
    assert calls == [(1, None, None), (2, None, None), ("kept", "en")]
    assert (len(tr._rules), len(tr._listeners)) == (2, 1)
