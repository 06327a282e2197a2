"""Player names for a new game (newcomer's report item 6): an empty ``--players`` is refused
(it started "Player 1, Player 2"), and a name the table's font cannot draw (an emoji, drawn as
a box) is refused by one rule in companion/ (companion.header.name_problem) on every path:
``companion play``, ``companion daemon --new`` and the daemon's ``new_game`` (the New game
screen)."""

from __future__ import annotations

import pytest

from companion.cli import main
from companion.client import Client
from companion.header import name_problem
from tests.collector import Collector

EMOJI = "the player name 'Bo😀' has characters the table's screen cannot show (😀): use letters, digits, " \
        "spaces and common punctuation"


@pytest.mark.parametrize("name", ["Zoë", "José María", "Łukasz", "O'Brien", "Mary-Jane", "Bo 2", "Ελένη", "Анна"])
def test_names_the_table_font_draws_are_taken(name):
    assert name_problem(name) is None


@pytest.mark.parametrize(("name", "odd"), [("Bo😀", "😀"), ("中文", "中 文"), ("A♥B", "♥")])
def test_names_with_characters_it_cannot_draw_are_refused_naming_them(name, odd):
    assert name_problem(name) == (f"the player name {name!r} has characters the table's screen cannot show "
                                  f"({odd}): use letters, digits, spaces and common punctuation")


def _places(tmp_path) -> list[str]:
    """``--db`` and ``--socket`` in ``tmp_path``: never the user's."""
    return ["--db", str(tmp_path / "d.sqlite3"), "--socket", str(tmp_path / "d.sock")]


@pytest.mark.parametrize("command", [["play", "clue_it", "--terminal"], ["daemon", "--new", "clue_it"]])
def test_an_empty_players_list_is_refused_in_one_line(command, capsys, tmp_path):
    assert main([*command, "--players", "", "--set-aside", *_places(tmp_path)]) == 2
    assert capsys.readouterr().err == ("companion: --players '' names no player: give the names with commas "
                                       "between them, e.g. --players Ada,Bo\n")


def test_play_refuses_a_name_with_an_emoji_before_anything_starts(capsys, tmp_path):
    assert main(["play", "clue_it", "--players", "Ada,Bo😀,Cy", "--terminal", *_places(tmp_path)]) == 2
    assert capsys.readouterr().err == f"companion: cannot start CLUE: IT: {EMOJI}\n"


def test_the_new_game_screen_gets_the_same_refusal_in_the_tables_language(daemon):
    seen = Collector()
    with Client(daemon.socket_path, on_message=seen).connect() as client:
        assert client.request({"cmd": "language", "language": "it"})["ok"]
        ack = client.new_game("clue_it", ["Ada", "Bo😀", "Cy"])
        assert not ack["ok"]
        notice = seen.wait_for(lambda m: m.get("type") == "notice" and "Bo😀" in m["text"])
    assert notice["text"] == ("Impossibile iniziare quella partita: il nome 'Bo😀' ha caratteri che lo schermo "
                              "del tavolo non sa mostrare (😀): usate lettere, cifre, spazi e la punteggiatura comune")
    assert notice["text"].endswith(ack["text"])  # the reply is the notice's problem, in Italian too
    assert daemon.session is None


def test_a_socket_path_that_is_a_file_is_named_as_one(tmp_path, capsys):
    notes = tmp_path / "notes.txt"
    notes.write_text("shopping\n")
    assert main(["tap", "ghost:room-H", "--socket", str(notes)]) == 2
    assert capsys.readouterr().err == (f"companion: {notes} is a regular file, not a companion's socket: give the "
                                       "socket the daemon listens on (companion daemon says it when it starts), "
                                       "or leave out --socket\n")


@pytest.mark.parametrize("command", [["play", "clue_it", "--terminal"], ["daemon", "--new", "clue_it"]])
def test_an_empty_name_between_commas_is_refused(command, capsys, tmp_path):
    """A newcomer's report: ``--players "Ada,,Bo"`` quietly started a 2-player game."""
    assert main([*command, "--players", "Ada,,Bo", "--abandon", *_places(tmp_path)]) == 2
    assert capsys.readouterr().err == ("companion: --players 'Ada,,Bo' has an empty name between its commas: "
                                       "give every player's name, e.g. --players Ada,Bo\n")
    assert not (tmp_path / "d.sqlite3").exists()


def test_play_starts_this_companion_whatever_folder_it_is_run_from(tmp_path):
    """Newcomer trial: ``companion play`` run beside a folder called ``companion`` started
    that folder's code as its daemon (``python -m companion`` puts the current folder first)."""
    import subprocess
    from types import SimpleNamespace

    from companion.play import daemon_command
    from tests.checkout import checkout_env

    (tmp_path / "companion").mkdir()
    (tmp_path / "companion" / "__init__.py").write_text('raise SystemExit("the wrong companion")\n')
    new = SimpleNamespace(game="children", players=["Ada", "Bo"], options={}, abandon=False)
    command = daemon_command(SimpleNamespace(db=None, config=None), new, tmp_path / "c.sock")
    done = subprocess.run([*command[:command.index("daemon") + 1], "--help"], cwd=tmp_path, env=checkout_env(),
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and done.stdout.startswith("usage: companion daemon"), done.stderr


def test_a_long_name_is_refused_in_the_tables_language_cut_and_by_the_games_title(capsys, tmp_path):
    """Newcomer: ``--players "<300×A>,Bo" --lang it`` said English inside Italian, named the
    game by its id and echoed all 300 letters."""
    long = "A" * 300
    assert main(["play", "house_of_spirits", "--players", f"{long},Bo", "--lang", "it", "--terminal",
                 *_places(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert err == (f"companion: non si può iniziare House of Spirits: il nome '{'A' * 24}…' è più lungo "
                   "di 24 caratteri\n")


def test_a_control_character_is_shown_escaped_never_sent_to_the_terminal(capsys, tmp_path):
    assert main(["play", "clue_it", "--players", "Ada\x1b[31m,Bo", "--terminal", *_places(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert "\x1b" not in err
    assert err == ("companion: cannot start CLUE: IT: the player name 'Ada\\x1b[31m' has characters the "
                   "table's screen cannot show (\\x1b): use letters, digits, spaces and common punctuation\n")


def test_brackets_are_refused_for_what_they_really_are():
    """``[`` and ``]`` are common punctuation: the refusal says why they are refused."""
    assert name_problem("Ada [x]") == ("the player name 'Ada [x]' has [ ], which the table's screen uses "
                                       "for its text styles: use ( ) instead")
    assert name_problem("Bo😀 [x]") == EMOJI.replace("Bo😀", "Bo😀 [x]")


def test_every_name_refusal_has_italian_words():
    from companion.header import HeaderError, check_new_players
    from companion.i18n import render

    for players in (["A" * 30, "Bo"], ["Ada [x]", "Bo"], ["Bo😀", "Ada"]):
        with pytest.raises(HeaderError) as refused:
            check_new_players(players)
        english, italian = render(refused.value.args[0], "en"), render(refused.value.args[0], "it")
        assert italian != english and ": usa " not in italian  # translated, and to the table (voi)


def test_the_new_game_reply_is_in_the_tables_language(daemon):
    """names14's note: the ``new_game`` ack was English while its notice was Italian."""
    with Client(daemon.socket_path, on_message=Collector()).connect() as client:
        assert client.request({"cmd": "language", "language": "it"})["ok"]
        ack = client.new_game("clue_it", ["Ada", "Bo😀", "Cy"])
        count = client.new_game("children", ["Ada"])
    assert not ack["ok"] and ack["text"] == ("il nome 'Bo😀' ha caratteri che lo schermo del tavolo non sa mostrare "
                                             "(😀): usate lettere, cifre, spazi e la punteggiatura comune")
    assert not count["ok"] and count["text"] == "Children si gioca in 2–4, non in 1"


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "companion: cannot start Children: it is for 2–4 players, not 1\n"),
    ("it", "companion: non si può iniziare Children: si gioca in 2–4, non in 1\n")])
def test_the_player_count_refusal_names_the_game_once(lang, said, capsys, tmp_path):
    """names14's note: "non si può iniziare Children: Children si gioca in 2–4" said the title twice."""
    assert main(["play", "children", "--players", "Ada", "--terminal", "--lang", lang, *_places(tmp_path)]) == 2
    assert capsys.readouterr().err == said
