"""The ``companion`` command's one-line errors: each starts with ``companion:`` as every other
error of the command does (desk_cli, replay, no daemon), and a wrong option after
``companion daemon`` shows the command's real usage (issue 27 residue)."""

from __future__ import annotations

import pytest

from companion.cli import main
from companion.header import GameHeader


def _usage_error(argv: list[str], capsys) -> str:
    with pytest.raises(SystemExit) as exited:
        main(argv)
    assert exited.value.code == 2
    return capsys.readouterr().err


def test_an_unknown_option_after_daemon_shows_the_real_usage(capsys):
    """``companion daemon --bogus`` said ``usage: companion [-h] [-v] [--version] {daemon} ...``:
    the daemon's parser is built alone (cold start), and the top parser's usage named only it."""
    said = _usage_error(["daemon", "--bogus"], capsys)
    other = _usage_error(["games", "--bogus"], capsys)
    assert said.splitlines()[-1] == "companion: error: unrecognized arguments: --bogus"
    assert said.replace("--bogus", "") == other.replace("--bogus", "")
    assert "{daemon}" not in said and "{games,cards,replay,demo,daemon," in said


def test_a_wrong_option_value_of_daemon_still_shows_the_daemons_usage(capsys):
    said = _usage_error(["daemon", "--players"], capsys)
    assert said.startswith("usage: companion daemon [-h] [--db DB]")
    assert said.splitlines()[-1] == "companion daemon: error: argument --players: expected one argument"


def _sock(daemon) -> list[str]:
    return ["--socket", str(daemon.socket_path)]


def test_refusals_from_the_daemon_start_with_the_commands_name(daemon, capsys):
    """``tags enroll``, ``tags forget``, ``private``, ``phones``, ``enroll`` and ``content``
    printed the daemon's refusal bare, unlike every other error of the command. (A ``tap`` the
    game refuses prints the game's sentence bare, on purpose: it is the table's answer.)"""
    cases = [
        (["tags", "enroll", "zz", "creepy_cellar:ghost:room-H"],
         "companion: a UID is 4, 7 or 10 bytes of hex, not 'zz'\n"),
        (["tags", "forget", "zz"], "companion: a UID is 4, 7 or 10 bytes of hex, not 'zz'\n"),
        (["private", "Ada"], "companion: no game is running: there is nothing private to show\n"),
        (["phones"], "companion: phones are off: the config's [phones] section says enabled = true to turn them on\n"),
        (["enroll", "nogame"], "companion: unknown game 'nogame'; known games: creepy_cellar, house_of_spirits, "
                               "clue_it, ghost_at_home, children\n"),
        (["content", "nope"], "companion: unknown game 'nope'; known games: creepy_cellar, house_of_spirits, "
                              "clue_it, ghost_at_home, children\n"),
        (["content", "children:ghost:nobody", "--set", "name=x"],
         "companion: children:ghost:nobody: nothing to enter for it (companion content children lists what can be)\n"),
    ]
    for argv, said in cases:
        assert main([*argv, *_sock(daemon)]) == 2, argv
        assert capsys.readouterr().err == said, argv
    daemon.call(lambda: daemon.start_game(GameHeader.from_json(
        {"game": "creepy_cellar", "players": ["Ada", "Bo"], "seed": 7})))
    assert main(["private", "Zed", *_sock(daemon)]) == 2
    assert capsys.readouterr().err == "companion: 'Zed' does not play this game; players: Ada, Bo\n"


def test_cards_of_an_unknown_game_starts_with_the_commands_name(capsys):
    """``companion cards foo`` printed "unknown game 'foo'; ..." bare, unlike ``enroll`` and
    ``content`` (trial3), with nothing on standard output."""
    assert main(["cards", "foo"]) == 2
    said = capsys.readouterr()
    assert said.err == ("companion: unknown game 'foo'; known games: creepy_cellar, house_of_spirits, clue_it, "
                        "ghost_at_home, children\n")
    assert said.out == ""


@pytest.mark.parametrize(("typed", "meant"), [("creepy_celar", "creepy_cellar"), ("clueit", "clue_it"),
                                              ("house-of-spirits", "house_of_spirits"), ("Children", "children")])
def test_a_misspelt_game_gets_the_game_it_looks_like(capsys, typed, meant):
    """A game id one slip away from a known one names it first ("creepy_celar" said only
    "unknown game" and the list: the table had to spot the slip itself); a word like none
    of them ("foo", above) gets the list alone."""
    assert main(["cards", typed]) == 2
    assert capsys.readouterr().err == (f"companion: unknown game '{typed}': did you mean {meant}? known games: "
                                       "creepy_cellar, house_of_spirits, clue_it, ghost_at_home, children\n")


def test_a_tap_of_a_very_long_name_echoes_it_cut_and_escaped(daemon, capsys):
    """Newcomer: ``companion tap`` with a 5000-character name echoed all of it."""
    assert main(["tap", "x" * 4999 + "\x1b", *_sock(daemon)]) == 2
    err = capsys.readouterr().err
    assert "x" * 41 not in err and "\x1b" not in err
    assert f"'{'x' * 40}…'" in err
