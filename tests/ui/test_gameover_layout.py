"""The game-over screen of every game on the real table screen (Xvfb), at 800×480, 1024×600
and 720×1280, in English and Italian (audit of issue 29):

* no two buttons lie one over the other (the "Undo the last move" slot lay over "New game"
  in Ghost at Home's Italian game over at 720×1280, and at 800×480), and their text is at
  its floor (main button 32 px, the others 26 px, at scale 1), as is the result's headline
  (32 px: it dropped to 26-30 px where the figures under it were tight);
* after a restart of the screen (a state without news, the log's last lines whatever they
  are) the panel says how the game ended, never an older line of the log: the rule that ended
  it shows at every size, with the headline at 32 px (labels29 let it give way in portrait,
  Ghost at Home in English and Children in Italian: the column kept an empty row for the
  choices' "Undo the last move", which repeated the header's Undo);
* at game over the choices are New game alone, and the header's Undo is the one to take back
  the last move (issue 29 item 7: "its Undo while the window lasts").

The state messages come from the bundled scripts (``test_boards.SCRIPTS``) through the
daemon's own ``state_message``; one client window shows them all (``boards_scenario.py``).
Screenshots: ``tests/artifacts/gameover/<game>-<case>-<lang>-<size>.png``.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from test_boards import SCRIPTS, SIZES
from test_table_screen import ARTIFACTS

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ARTIFACTS / "gameover"


def _over(game: str) -> dict[str, dict[str, dict]]:
    """case -> language -> the game's last state: ``live`` as the daemon sends it after the
    input that ended the game (its news), ``restart`` as a screen that starts again gets it
    (no news; the log's last lines are older prompts, as in ``test_boards``)."""
    from companion import script
    from companion.protocol import state_message
    from companion.session import Session

    table = script.load(ROOT / "tests" / "scripts" / SCRIPTS[game])
    session = Session.start(table.header)
    recent: list = []
    news: tuple = ()
    prompts: dict[str, list[str]] = {"en": [], "it": []}
    for line in table.lines:
        for lang, texts in prompts.items():
            texts.append(state_message(session, [], (), lang)["prompt"]["text"])
        news = session.handle(line.input, line.number).news
        recent += news
    cases: dict[str, dict[str, dict]] = {"live": {}, "restart": {}}
    for lang in ("en", "it"):
        cases["live"][lang] = state_message(session, recent[-20:], news, lang)
        cases["restart"][lang] = {**state_message(session, [], (), lang), "log": prompts[lang][-3:]}
    for i, per_lang in enumerate(cases.values()):
        for lang, message in per_lang.items():
            message.update(language=lang, readers={}, revision=i + 1)
    return cases


@pytest.fixture(scope="module")
def over():
    return {game: _over(game) for game in SCRIPTS}


def _shots(over: dict, size: tuple[int, int]) -> list[dict]:
    tag = f"{size[0]}x{size[1]}"
    return [{"name": f"{game}-{case}-{lang}-{tag}", "message": message}
            for lang in ("en", "it") for game, cases in over.items()
            for case, per_lang in cases.items() for message in [per_lang[lang]]]


@pytest.fixture(scope="module")
def reports(display, kivy_home, tmp_path_factory, over) -> dict[tuple[int, int], dict]:
    """Size -> the boards scenario's report on the game-over shots, with the whole
    readability audit of each (one window, resized between the sizes)."""
    from conftest import file_scenario

    tmp = tmp_path_factory.mktemp("gameover")
    sizes = [{"size": list(size), "shots": _shots(over, size), "audit": True} for size in SIZES]
    report = file_scenario("boards", "BOARDS_MESSAGES", sizes, display, kivy_home, SHOTS, tmp, timeout=400)
    return {size: report["sizes"][f"{size[0]}x{size[1]}"] for size in SIZES}


@pytest.mark.ui
@pytest.mark.timeout(420)
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_game_over_buttons_apart_and_at_their_floor(reports, size):
    report = reports[size]
    assert {name: found for name, found in report["buttons"].items() if found} == {}
    small = {name: [line for line in audit["small"] if line.startswith(("main", "button", "headline"))]
             for name, audit in report["audit"].items()}
    assert {name: lines for name, lines in small.items() if lines} == {}
    assert {name: audit["buttons"] for name, audit in report["audit"].items() if audit["buttons"]} == {}
    cut = {name: shares["lowest_button"] for name, shares in report["layout"].items() if shares["lowest_button"] < -1}
    assert cut == {}


#: The line each game's panel gives as the rule that ended it (the last input's news).
REASONS = {
    "creepy_cellar": {"en": "every hunter is out: the hunters win!", "it": "i cacciatori vincono!"},
    "ghost_at_home": {"en": "Ada escapes from the haunted house and wins!", "it": "Ada scappa dalla casa stregata"},
    "children": {"en": "Every player goes insane", "it": "Tutti i giocatori impazziscono"},
    "house_of_spirits": {"en": "Ada has 18 points and wins the game!", "it": "Ada ha 18 punti e vince"},
    "clue_it": {"en": "Bo is right and solves the mystery!", "it": "Bo ha ragione e risolve il mistero!"},
}


@pytest.mark.ui
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_after_a_restart_the_panel_says_how_the_game_ended(reports, over, size):
    """The restarted screen's panel reads as the live one: the result and the rule that
    ended the game, never an older prompt of the log, at every size and in both languages."""
    tag = f"{size[0]}x{size[1]}"
    shown = reports[size]["gameover"]
    for game in SCRIPTS:
        for lang in ("en", "it"):
            live, restart = shown[f"{game}-live-{lang}-{tag}"], shown[f"{game}-restart-{lang}-{tag}"]
            assert any(REASONS[game][lang] in line for line in live), (game, lang, live)
            stale = over[game]["restart"][lang]["log"]
            assert not [line for line in restart if line in stale], (game, lang, restart)
            assert restart == live, (game, lang, restart, live)



@pytest.mark.ui
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_game_over_undo_is_the_headers(reports, over, size):
    """No row of the column goes to an "Undo the last move" that repeats the header's Undo:
    New game is the only choice, and the header's Undo is there and enabled (the last input
    can be taken back: every script's session can)."""
    tag = f"{size[0]}x{size[1]}"
    new_game = {"en": "New game", "it": "Nuova partita"}
    for game in SCRIPTS:
        for case in ("live", "restart"):
            for lang in ("en", "it"):
                name = f"{game}-{case}-{lang}-{tag}"
                assert over[game][case][lang]["can_undo"] is True, name
                assert list(reports[size]["choice_sp"][name]) == [new_game[lang]], name
                assert reports[size]["header_undo"][name] == {"enabled": True, "shown": True}, name


@pytest.mark.ui
@pytest.mark.timeout(420)  # the module's one window may start with this test
def test_portrait_shows_the_games_moments_under_the_result(reports, over):
    """Portrait (720×1280): the column under the result had up to 220 px empty above New
    game, and the moments were only behind the Recap tool. The moments that fit show there
    now (never one left out while the panel's spare room holds the game's shortest), whole,
    at most five, with their turn or round; landscape keeps them on the card (no room for
    three under the result). The board keeps its size: taking 5 % of its height for them
    made 30 board labels overflow (Creepy Cellar's "Cellar", Children's rooms)."""
    counted = {"house_of_spirits": ("Round ", "Giro ")}
    wrong, shown_in_portrait = [], []
    for game in SCRIPTS:
        for lang in ("en", "it"):
            had = len(over[game]["live"][lang]["moments"])
            for size in SIZES:
                tag = f"{size[0]}x{size[1]}"
                moments = reports[size]["audit"][f"{game}-live-{lang}-{tag}"]["moments"]
                words = counted.get(game, ("Turn ", "Turno "))[lang == "it"]
                shown = len(moments["texts"])
                if moments["cut"] or moments["of"] != had or not all(t.startswith(words) for t in moments["texts"]):
                    wrong.append((game, lang, tag, moments))
                elif size == (720, 1280) and (shown > 5 or not shown and 0 < moments["shortest"] <= moments["spare"]):
                    wrong.append((game, lang, tag, f"{shown} of {had} moments shown", moments))
                if size == (720, 1280):
                    shown_in_portrait.append(f"{game}-{lang}: {shown} of {had}")
    (SHOTS / "portrait-moments.json").write_text(json.dumps({"wrong": wrong, "portrait": shown_in_portrait},
                                                            indent=1, ensure_ascii=False))
    assert wrong == []


#: The landscape sizes, each as its shots' tag.
LANDSCAPE = [f"{w}x{h}" for w, h in SIZES if w > h]


@pytest.mark.ui
@pytest.mark.timeout(420)  # the module's one window may start with this test
def test_landscape_shows_the_games_moments_under_the_result(reports, over):
    """800×480 and 1024×600 (screen16): every game over shows at least one moment of the game
    under the result, in both languages, whole and at its 26 px, with the rule that ended the
    game and the scores kept. Before, the panel showed moments only where three fitted: Creepy
    Cellar (both sizes, both languages), Children in Italian and Ghost at Home at 800×480
    showed none, with 1024×600's ~230 px under the rule empty (the hidden prompt, step and
    out-of-turn rows kept their 24 px of gaps at game over)."""
    counts, wrong = {}, []
    for game in SCRIPTS:
        for lang in ("en", "it"):
            for tag in LANDSCAPE:
                name = f"{game}-live-{lang}-{tag}"
                size = next(s for s in SIZES if f"{s[0]}x{s[1]}" == tag)
                moments = reports[size]["audit"][name]["moments"]
                shown = reports[size]["gameover"][name]
                counts[name] = len(moments["texts"])
                small = [line for line in reports[size]["audit"][name]["small"] if line.startswith("moment")]
                scores = (over[game]["live"][lang]["prompt"].get("ending") or {}).get("scores") or []
                scored = all(any(f"{who} {value}" in line for line in shown) for who, value in scores)
                if not moments["texts"] or moments["cut"] or small or not scored \
                        or not any(REASONS[game][lang] in line for line in shown):
                    wrong.append((name, moments, small))
    (SHOTS / "landscape-moments.json").write_text(json.dumps(counts, indent=1), encoding="utf-8")
    assert wrong == []
