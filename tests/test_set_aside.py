"""Issue 31 item 15: ``--abandon`` only set the unfinished game aside; it is ``--set-aside``
now (the old name still works, unlisted), and every sentence says how to get back to it."""

from __future__ import annotations

import pytest

from companion.cli import _parser
from companion.daemon import Daemon
from companion.startup import NewGame, StartRefused, open_game
from companion.store import EventStore


@pytest.mark.parametrize("command", [["play", "clue_it", "--players", "Ada,Bo"], ["daemon", "--new", "clue_it"]])
def test_set_aside_is_the_flag_and_abandon_its_unlisted_old_name(command):
    parser = _parser()
    assert parser.parse_args([*command, "--set-aside"]).abandon is True
    assert parser.parse_args([*command, "--abandon"]).abandon is True
    assert parser.parse_args(command).abandon is False
    sub = parser._subparsers._group_actions[0].choices[command[0]]
    assert "--set-aside" in sub.format_help() and "--abandon" not in sub.format_help()


def test_every_sentence_says_how_to_get_back_to_the_game_set_aside(tmp_path):
    daemon = Daemon(EventStore(tmp_path / "g.sqlite3"), tmp_path / "d.sock")
    open_game(daemon, NewGame("creepy_cellar", ("Ada", "Bo")), lambda: None)
    with pytest.raises(StartRefused) as refused:
        open_game(daemon, NewGame("children", ("Ada", "Bo")), lambda: None)
    assert str(refused.value) == ("the unfinished game 1 is creepy_cellar (Ada, Bo), not children: add --set-aside "
                                  "to keep it unfinished in the store and start children (--new creepy_cellar goes "
                                  "back to it later), or leave out --new to go on with it")
    line = open_game(daemon, NewGame("children", ("Ada", "Bo"), abandon=True), lambda: None)
    assert line == ("started a new game 2 of children for Ada, Bo; the unfinished game 1 (creepy_cellar) stays in "
                    "the store (--new creepy_cellar goes back to it)")
    line = open_game(daemon, NewGame("children", ("Cy", "Di"), abandon=True), lambda: None)
    assert line.endswith("the unfinished game 2 (children) stays in the store (--new children goes back to it "
                         "once this one is over)")


def test_play_says_it_in_the_tables_words():
    from pathlib import Path

    from companion.play import opening_line

    logged = ("started a new game 2 of children for Ada, Bo; the unfinished game 1 (creepy_cellar) stays in the "
              "store (--new creepy_cellar goes back to it)")
    assert opening_line(logged, {}, Path("/l/play.log")) == (
        "Started a new game of Children for Ada, Bo (game no. 2). The unfinished game no. 1 (Ghost Fightin' "
        "Treasure Hunters: Creepy Cellar) stays in the store: companion play creepy_cellar goes back to it. "
        "The daemon's log: /l/play.log")
    assert opening_line(logged, {"language": "it"}, Path("/l/play.log")) == (
        "Iniziata una nuova partita di Children per Ada, Bo (partita n. 2). La partita non finita n. 1 (Ghost "
        "Fightin' Treasure Hunters: Creepy Cellar) resta nell'archivio: companion play creepy_cellar la riprende. "
        "Il registro del servizio: /l/play.log")


def test_set_aside_names_the_game_it_sets_aside_not_the_newest_unfinished(tmp_path):
    """Newcomer 16: Children no. 1 back on the table, then ghost_at_home --set-aside said the
    unfinished game no. 3 (House of Spirits) stays in the store: it named the newest one."""
    daemon = Daemon(EventStore(tmp_path / "g.sqlite3"), tmp_path / "d.sock")
    open_game(daemon, NewGame("children", ("Ada", "Bo")), lambda: None)
    open_game(daemon, NewGame("clue_it", ("Ada", "Bo", "Cy"), abandon=True), lambda: None)
    open_game(daemon, NewGame("house_of_spirits", ("Ada", "Bo"), abandon=True), lambda: None)
    assert open_game(daemon, NewGame("children", ("Ada", "Bo")), lambda: None).startswith("resumed game 1 ")
    line = open_game(daemon, NewGame("ghost_at_home", ("Ada", "Bo"), abandon=True), lambda: None)
    assert line == ("started a new game 4 of ghost_at_home for Ada, Bo; the unfinished game 1 (children) stays in "
                    "the store (--new children goes back to it)")
    with pytest.raises(StartRefused) as refused:  # and a restart without --new goes on with it, as said
        open_game(daemon, NewGame("creepy_cellar", ("Ada", "Bo")), lambda: None)
    assert str(refused.value).startswith("the unfinished game 4 is ghost_at_home (Ada, Bo), not creepy_cellar")
