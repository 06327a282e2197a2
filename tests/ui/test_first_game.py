"""First-game mode on the table screen (issue 33 item 3), in a real Kivy window under Xvfb
against a real daemon: the prompt comes with its lesson (the rule's name and plain words,
24 px), in English and Italian."""

from __future__ import annotations

from pathlib import Path

import pngread
import pytest
from test_table_screen import ARTIFACTS
from ui_scenario import running_daemon

from companion import protocol
from companion.header import GameHeader

pytestmark = pytest.mark.ui

SCRIPT = Path(__file__).with_name("lesson_harness.py")


def test_a_first_game_prompt_shows_its_lesson(harness, tmp_path):
    sock = tmp_path / "companion.sock"
    header = GameHeader.from_json({"game": "creepy_cellar", "players": ["Ada", "Bo"], "seed": 3,
                                   "options": {"first_game": True}})
    with running_daemon(sock, game=False) as daemon:
        daemon.call(lambda: daemon.start_game(header))
        sent = {lang: daemon.call(lambda lang=lang: protocol.lesson_message(daemon.session, lang))
                for lang in ("en", "it")}
        ui = harness("lesson", sock, (800, 480), ARTIFACTS, script=SCRIPT)
        report = ui.finish(timeout=120)
    assert report["ok"], report
    assert sent["en"]["rule"] == "Let's Play"
    for lang in ("en", "it"):
        shown = report["lessons"][lang]
        assert shown["shown"] and shown["font_size"] >= 24
        assert sent[lang]["rule"] in shown["text"]
        assert sent[lang]["text"][:40] in shown["text"]
    assert [pngread.size(p) for p in report["screenshots"]] == [(800, 480)] * 2


def _figures(harness, tmp_path, header: GameHeader, state=None, scenario: str = "odds",
             report: dict | None = None) -> tuple[dict, dict]:
    """The odds sent and the figures drawn; ``state``: the game set there (a test's state);
    ``report``: filled with the UI's whole report."""
    sock = tmp_path / "companion.sock"
    with running_daemon(sock, game=False) as daemon:
        daemon.call(lambda: daemon.start_game(header))
        if state is not None:
            daemon.call(lambda: (daemon.session._set_state(state), daemon.publish()))
        sent = {lang: daemon.call(lambda lang=lang: protocol.odds_message(daemon.session, lang))
                for lang in ("en", "it")}
        ui = harness(scenario, sock, (800, 480), ARTIFACTS, script=SCRIPT)
        shown = ui.finish(timeout=120)
    assert shown["ok"], shown
    assert [pngread.size(p) for p in shown["screenshots"]] == [(800, 480)] * 2
    if report is not None:
        report.update(shown)
    return sent, shown["figures"]


def test_the_ghost_at_home_meter_on_the_board(harness, tmp_path):
    sent, figures = _figures(harness, tmp_path, GameHeader.from_json(
        {"game": "ghost_at_home", "players": ["Ada", "Bo"], "seed": 3}))
    assert sent["en"] == {"what": "Next card a ghost", "value": 0.151}
    assert figures == {"en": "Next card a ghost: 15%", "it": "Prossima carta un fantasma: 15%"}


def test_the_house_of_spirits_meter_on_the_board(harness, tmp_path):
    """The combat example's attack (Olivia, wooden stake, the vampire): 11 in 12."""
    import sys

    sys.path.insert(0, str(Path(__file__).parents[1] / "games"))
    from hos_checks import holding, play, with_monster
    from test_house_of_spirits import in_round_one

    state = play(with_monster(holding(in_round_one(), 1, "wooden-stake"), "vampire"),
                 "pick:flashlight", "attack:vampire", "use:wooden-stake")
    header = GameHeader.from_json({"game": "house_of_spirits", "players": ["Ada", "Bo", "Cy"], "seed": 3})
    sent, figures = _figures(harness, tmp_path, header, state)
    assert sent["en"] == {"what": "This attack hits", "value": 0.917}
    assert figures == {"en": "This attack hits: 92%", "it": "Questo attacco colpisce: 92%"}


def _games_tests():
    import sys

    sys.path.insert(0, str(Path(__file__).parents[1] / "games"))


def test_the_children_meter_on_the_board(harness, tmp_path):
    """Bo moves twice; Rosie, enraged, is one of 49 cards that are not fates: 2 in 49."""
    _games_tests()
    from test_odds_meters import _children_at_ghost_step

    header = GameHeader.from_json({"game": "children", "players": ["Ada", "Bo", "Cy"], "seed": 3})
    sent, figures = _figures(harness, tmp_path, header, _children_at_ghost_step((5, 5, 5)))
    assert sent["en"] == {"what": "Cut-down in 2 turns", "value": 0.041}
    assert figures == {"en": "Cut-down in 2 turns: 4%", "it": "Mano ridotta in 2 turni: 4%"}


def test_the_clue_it_meter_on_the_board(harness, tmp_path):
    """Ada in a corner location: the secret passage gives her a question, 100 %."""
    _games_tests()
    from test_clue_it import PLAYERS, run, started

    state = run(started(), "roll", "die:4", "die:5", "stop:location-5", "no-question", "end-turn",
                *["roll", "die:2", "die:2", "stop:corridor", "end-turn"] * 3)
    header = GameHeader.from_json({"game": "clue_it", "players": list(PLAYERS), "seed": 3,
                                   "options": {"intrigue_deck": "virtual"}})
    sent, figures = _figures(harness, tmp_path, header, state)
    assert sent["en"] == {"what": "A question in reach this turn", "value": 1.0}
    assert figures == {"en": "A question in reach this turn: 100%", "it": "Domanda in questo turno: 100%"}


def test_the_clue_it_meter_with_the_squares_given(harness, tmp_path):
    """Ada says the nearest location is 9 squares away: 10 of the 36 rolls, 28 %; the roll stays
    the big button, the squares button says what was given."""
    _games_tests()
    from test_clue_it import run, started

    state = run(started(), "squares", "squares:9")
    header = GameHeader.from_json({"game": "clue_it", "players": ["Ada", "Bo", "Cy", "Di"], "seed": 3,
                                   "options": {"intrigue_deck": "virtual"}})
    report: dict = {}
    sent, figures = _figures(harness, tmp_path, header, state, "odds-squares", report)
    assert sent["en"] == {"what": "A question in reach this turn", "value": 0.278}
    assert figures == {"en": "A question in reach this turn: 28%", "it": "Domanda in questo turno: 28%"}
    assert "Nearest location: 9 squares" in report["buttons"]["en"]
    assert "Luogo più vicino: 9 caselle" in report["buttons"]["it"]
