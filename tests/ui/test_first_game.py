"""First-game mode on the table screen (issue 33 items 3-5), in a real Kivy window under Xvfb
against a real daemon: one client plays all five games (set-up steps that say what they are
for, lessons, Got it, the Rules and Why cards, EN and IT); the odds meters on the board."""

from __future__ import annotations

from pathlib import Path

import pngread
import pytest
from test_table_screen import ARTIFACTS
from ui_scenario import running_daemon

from companion import protocol
from companion.engine import get_game
from companion.header import GameHeader
from companion.i18n import render

pytestmark = pytest.mark.ui

SCRIPT = Path(__file__).with_name("lesson_harness.py")
GAMES = (("creepy_cellar", ["Ada", "Bo"]), ("children", ["Ada", "Bo"]), ("clue_it", ["Ada", "Bo", "Cy"]),
         ("ghost_at_home", ["Ada", "Bo"]), ("house_of_spirits", ["Ada", "Bo", "Cy"]))


#: The window sizes every first lesson's card is read at (issue 29): the 7" panel, a 1024x600
#: panel and a portrait 720x1280 one.
SIZES = ((800, 480), (1024, 600), (720, 1280))


def _unmarked(text: str) -> str:
    return text.replace("&bl;", "[").replace("&br;", "]").replace("&amp;", "&")


def _expected_steps() -> dict[str, dict]:
    """Each game's first set-up step and what it is for, per language, as the engine says them
    (the checklist does not depend on the seed)."""
    from companion.session import Session

    steps = {}
    for game, players in GAMES:
        session = Session.start(GameHeader.from_json({"game": game, "players": players, "seed": 1,
                                                      "options": {"first_game": True}}))
        for lang in ("en", "it"):
            todo = protocol.state_message(session, [], lang=lang)["todo"]
            steps[f"{game}-{lang}"] = {**todo[0], "total": len(todo)}
    return steps


def test_every_game_in_first_game_mode_on_one_table(harness, tmp_path):
    """One client, five games: the first set-up step and what it is for on the lesson card (32 px,
    whole, its Done where Got it is; the main button where it was), the first prompt's lesson on
    its card (opening by itself in English, put away with Got it, opened again by Repeat's
    "Lezione" in Italian), the table behind it (no overflow: a long prompt pages), the Rules and
    Why cards."""
    sock = tmp_path / "companion.sock"
    with running_daemon(sock, game=False):
        ui = harness("first-game", sock, (800, 480), ARTIFACTS, script=SCRIPT)
        report = ui.finish(timeout=240)
    assert report["ok"], report
    expected, shots = _expected_steps(), report["shots"]
    assert shots["creepy_cellar-en"]["main"] and not shots["clue_it-en"]["main"]  # CLUE: IT starts with a pick
    assert shots["creepy_cellar-en"]["lesson"] == (
        "The big board is the castle. The small one is the Cellar, where you must carry the treasures.")
    assert shots["creepy_cellar-it"]["lesson"] == (
        "Il tabellone grande è il castello. Quello piccolo è la Cantina, dove dovete portare i tesori.")
    for key, shot in shots.items():
        assert (shot["step"], shot["lesson"]) == (expected[key]["text"], expected[key]["lesson"]), (key, shot)
        # what the step is for, on the lesson card with the step (it scrolled at 24 px under it)
        _readable_card(key, {"card": shot["step_card"], "sent": {"rule": shot["step"], "text": shot["lesson"]}})
        assert shot["step_card"]["got_it_box"] == shot["card"]["got_it_box"], key  # Done where Got it is
        count = {"en": "Step 1 of ", "it": "Passo 1 di "}[key[-2:]] + str(expected[key]["total"])
        assert shot["count"] == count, key
        assert shot["count_font"] >= 26, key
        assert shot["main"] == shot["after_main"] and shot["main"] in ([], shots["creepy_cellar-en"]["main"]), key
        _readable_card(key, shot)
        assert shot["button"] == {"en": "Lesson", "it": "Lezione"}[key[-2:]], key  # Repeat opens it again
        assert shot["prompt"] > 0, key  # the prompt is there once the card is put away
        # the table behind it: the prompt whole at 32 px (HoS IT's overflowed its label by 12 px)
        assert shot["table"]["overflow"] == [] and shot["table"]["small"] == [], (key, shot["table"])
        assert shot["table"]["prompt_font"] >= 32, (key, shot["table"])
        assert shot["sent"]["rule"] in report["cards"][f"rules-now-{key}"], key  # read again from Rules
        if key.endswith("-it"):  # put away in English: the same lesson does not open by itself again
            assert shot["opened_by_itself"] is False and shot["lesson_button"] == "Lezione", key
    assert len({str(shot["card"]["got_it_box"]) for shot in shots.values()}) == 1  # Got it: one place
    section = get_game("creepy_cellar").rule_sections[1]
    assert shots["creepy_cellar-it"]["sent"] == {"rule": "Si gioca", "text": render(section.summary, "it"),
                                                 "key": "Let's Play", "game_id": 1}
    got_it = report["got_it"]
    assert not got_it["card"] and got_it["button"] == "Lezione" and got_it["prompt"]
    assert got_it["model"]["rule"] == "Si gioca"  # put away on the table screen only: the daemon still has it
    after = got_it["next"]  # a new lesson opens by itself, once the physical steps are done
    assert after["card"] == (bool(after["lesson"]) and not after["steps"]), after
    # undo: the daemon's lesson is back, put away already: it waits behind "Lezione"
    assert got_it["undone"] == {"lesson": got_it["model"], "card": False, "button": "Lezione"}
    for game, _ in GAMES:
        for lang in ("en", "it"):
            whys = [why for _, why in report["why"][f"{game}-{lang}"] if why]
            assert whys, (game, lang)
            card = report["cards"][f"why-{game}-{lang}"].replace("&amp;", "&")
            assert all(why["rule"] in card and why["text"] in card for why in whys), (game, lang, whys, card)
    long = report["long_prompt"]  # a prompt longer than its room pages: whole, 32 px, a touch for the next
    assert long["pages"] >= 2 and long["font"] == 32 and long["height"] <= long["room"], long
    assert long["overflow"] == [] and long["second_overflow"] == [], long
    assert long["first"].endswith(f"1/{long['pages']}[/color]") and "Mescolate" in long["first"], long
    assert long["second"].endswith(f"2/{long['pages']}[/color]"), long
    assert long["back"][0] == 1 and "Vestibolo" in long["back"][1] and "/" not in long["back"][1], long
    assert len(report["screenshots"]) == 41
    assert {pngread.size(p) for p in report["screenshots"]} == {(800, 480)}


def _readable_card(key: str, shot: dict) -> None:
    """The lesson card of ``shot``: the daemon's lesson, whole (nothing scrolls out of sight),
    at 26 px or more, Got it at the main button's 32, the hint beside it at 26 (a button's floor;
    the audit reads it so), and nothing the readability audit finds."""
    card = shot["card"]
    assert shot["sent"]["rule"] in card["words"] and _unmarked(card["words"]).endswith(shot["sent"]["text"]), key
    assert card["font"] >= 26 and card["got_it"] >= 32 and card["hint"] >= 26, (key, card)
    assert not card["clipped"] and card["height"] <= card["room"] and card["scroll"] >= card["room"] - 1, (key, card)
    assert card["audit"] == {"small": [], "glyphs": [], "overflow": [], "english": []}, (key, card)


@pytest.mark.parametrize("size", SIZES[1:], ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_first_lesson_card_is_read_whole_at(size, harness, tmp_path):
    """Each game's first lesson at 1024x600 and 720x1280 (800x480: the test above), EN and IT:
    26 px or more, nothing cut; Got it in one place."""
    sock = tmp_path / "companion.sock"
    with running_daemon(sock, game=False):
        ui = harness("lesson-cards", sock, size, ARTIFACTS, script=SCRIPT)
        report = ui.finish(timeout=240)
    assert report["ok"], report
    shots = report["shots"]
    assert sorted(shots) == sorted(f"{game}-{lang}" for game, _ in GAMES for lang in ("en", "it"))
    for key, shot in shots.items():
        _readable_card(key, shot)
    assert len({str(shot["card"]["got_it_box"]) for shot in shots.values()}) == 1
    assert {pngread.size(p) for p in report["screenshots"]} == {size}
    assert {shot["card"]["font"] for shot in shots.values()} == {32.0}  # every first lesson at 32 px
    large = report["large"]  # House of Spirits' Italian lesson with Settings' large text
    _readable_card("large", {"card": large, "sent": shots["house_of_spirits-it"]["sent"]})
    assert large["font"] == 40.0, large


def test_a_lesson_put_away_stays_away_after_a_restart_of_the_screen(harness, tmp_path):
    """Got it is kept (lessons.json beside the screen's settings): a screen started again on
    the same game does not open the lesson by itself; Repeat, reading "Lesson", opens it."""
    sock = tmp_path / "companion.sock"
    header = GameHeader.from_json({"game": "ghost_at_home", "players": ["Ada", "Bo"], "seed": 3,
                                   "options": {"first_game": True}})
    with running_daemon(sock, game=False) as daemon:
        daemon.call(lambda: daemon.start_game(header))
        first = harness("lesson-restart", sock, (800, 480), ARTIFACTS, script=SCRIPT).finish(timeout=120)
        again = harness("lesson-restart", sock, (800, 480), ARTIFACTS, script=SCRIPT).finish(timeout=120)
        lesson = daemon.call(lambda: protocol.lesson_message(daemon.session, "en"))
    assert first["ok"] and again["ok"], (first, again)
    assert first["opened"] is True
    assert again["opened"] is False and again["button"] == "Lesson"
    assert _unmarked(again["reopened"]).endswith(lesson["text"]) and lesson["key"] == "Play (Gioco)"
    assert (tmp_path / "lessons.json").exists()


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
    # the figure lies over no board label (issue 29: House of Spirits' "Mo… 10", Children's
    # step, CLUE: IT's status line "0/8", "23", "2 2": it is in the answers line's row now)
    assert shown["covered"] == {"en": [], "it": []}
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
