"""Newcomer20 finding 15: the owner's desk resumed game 1 (Children) while the table played
CLUE: IT; the terminal printed only Children's prompt, and the voice said a stale undo line
("... put the card back on top") and never named the game. Every client now says which game
is on the table when it changes, from the state's ``table_game`` (the daemon's structure)."""

from __future__ import annotations

import io

import pytest

from companion.client import Client
from companion.terminal import NumberedView
from companion.voice.hearing import Hearing
from tests.collector import Collector
from tests.daemon_fixture import running_daemon

#: What an undo of Children's card draw left the table told (the resumed game's todo).
STALE = {"en": "Find Rosie in the Children deck and put the card back on top.",
         "it": "Cercate nel mazzo Children la carta di Rosie e rimettetela in cima."}


def _desk_resume(tmp_path, lang: str, on_message) -> None:
    """Children (game 1) played to an undo and set aside, CLUE: IT (game 2) on the table, then
    ``on_message`` connected, and the desk's ``resume_game`` of game 1 over the socket."""
    seen = Collector()

    def heard(message):
        on_message(message)
        seen(message)

    with running_daemon(tmp_path, language=lang) as daemon, Client(daemon.socket_path).connect() as owner:
        assert owner.new_game("children", ["Ada", "Bo"])["ok"]
        for _ in range(3):  # Start, the first tablet, a card drawn
            assert owner.choose(owner.state["prompt"]["choices"][0]["key"], owner.state["revision"])["ok"]
        assert owner.undo(owner.state["revision"])["ok"]
        assert owner.request({"cmd": "set_aside"})["ok"]
        assert owner.new_game("clue_it", ["Ada", "Bo"])["ok"]
        with Client(daemon.socket_path, on_message=heard).connect():
            seen.wait_for(lambda m: m.get("type") == "state" and m.get("game") == "clue_it")
            assert owner.request({"cmd": "resume_game", "game_id": 1})["ok"]
            seen.wait_for(lambda m: m.get("type") == "state" and m.get("game") == "children")


def test_the_terminal_says_which_game_the_desk_put_on_the_table(tmp_path):
    out = io.StringIO()
    _desk_resume(tmp_path, "en", NumberedView(out))
    printed = out.getvalue().splitlines()
    switch = printed.index("Now playing Children, game no. 1 (Ada, Bo), after 2 inputs.")
    assert printed[switch + 1:switch + 4] == [
        "  - Resumed game 1 after 2 inputs.",
        "  - Before the stop the table was told this (skip what is done already):",
        f"  - {STALE['en']}"]
    assert printed[switch + 4].endswith("Ada: draw a Children card and tap it")
    assert not any("Now playing" in line for line in printed[:switch])  # not on connecting


@pytest.mark.parametrize("lang, line, recap", [
    ("en", "Now playing Children, game no. 1 (Ada, Bo), after 2 inputs.",
     "Before the stop the table was told this (skip what is done already):"),
    ("it", "Ora si gioca a Children, partita n. 1 (Ada, Bo), dopo 2 azioni.",
     "Prima dell'interruzione al tavolo è stato detto questo (saltate ciò che avete già fatto):"),
])
def test_the_voice_names_the_game_the_desk_put_on_the_table_not_an_old_undo(tmp_path, lang, line, recap):
    hearing, said = Hearing(), []
    _desk_resume(tmp_path, lang, lambda message: said.append(hearing.heard(message)))
    switch = next(batch for batch in said if any(u.kind == "game" for u in batch))
    assert [(u.text, u.kind) for u in switch[:3]] == [(line, "game"), (recap, "todo"), (STALE[lang], "todo")]
    assert switch[-1].kind == "prompt" and len(switch) == 4
    assert not any(u.kind == "undo" for u in switch)


def test_the_table_screen_shows_the_switch_on_its_banner_and_board(tmp_path):
    from ui.companion_app import CompanionApp

    app = CompanionApp(tmp_path / "other.sock")  # never connected: the states are handed over
    states = []
    _desk_resume(tmp_path, "en", lambda message: states.append(message) if message["type"] == "state" else None)
    for state in states:
        app.handle_message(state)
    model, line = app.model, "Now playing Children, game no. 1 (Ada, Bo), after 2 inputs."
    assert model.notice == line and model.notice_level == "info"
    assert model.news[0] == line and model.history[-1] == (line, "news")
    app.handle_message({**states[-1], "revision": states[-1]["revision"] + 1})  # the same game: said once
    assert model.switched_to == "" and model.news[0] != line


def test_play_opens_on_the_daemon_s_table_game_when_its_log_line_is_not_known():
    from pathlib import Path

    from companion.play import opening_line

    game = {"id": 5, "game": "children", "title": "Children", "players": ["Ada", "Bo"], "inputs": 40}
    assert opening_line("", {"table_game": game}, Path("/l/play.log")) == (
        "Now playing Children, game no. 5 (Ada, Bo), after 40 inputs. The daemon's log: /l/play.log")
    assert opening_line("", {"table_game": {**game, "inputs": 0}, "language": "it"}, Path("/l/play.log")) == (
        "Ora si gioca a Children, partita n. 5 (Ada, Bo): una partita nuova. Il registro del servizio: /l/play.log")
