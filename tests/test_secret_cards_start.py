"""House of Spirits with ``secret_cards=companion`` before the secret victory cards' text is
entered (session 21, from newcomer 20): the game started, and each player was dealt "Secret
victory card 7: its text is not entered yet", a goal nobody could read. A new game is now
refused wherever the table starts one (the New game screen's ``new_game``, ``companion play``,
``companion daemon --new``), in one line naming the problem and what to do, exit 2 as for any
``--new`` that cannot start, changing nothing; a game already recorded still goes on."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.cli import main
from companion.client import Client
from companion.games.house_of_spirits import components as hc
from companion.store import EventStore
from tests.daemon_fixture import running_daemon

SAID = ("cannot start House of Spirits: the companion cannot deal the secret victory cards before their text is "
        "entered ({n} of 7 still to enter): enter it in Settings, Card data (or on the owner's desk), or let the "
        "players draw the real cards (Secret cards: the table).")

#: newcomer21: a command line has no Settings screen to go to
BY_COMMAND = " From the command line: companion content house_of_spirits."
SECRET = {"secret_cards": "companion"}


def _enter_secrets(store: EventStore, count: int = 7) -> None:
    for n, card in enumerate(hc.ids("secret")[:count], start=1):
        store.set_content(hc.component(card), {"name": f"Own goal {n}"}, 1.0)


def _files(root: Path) -> dict[str, bytes | None]:
    return {str(p.relative_to(root)): (p.read_bytes() if p.is_file() else None) for p in sorted(root.rglob("*"))}


def test_the_new_game_screen_is_refused_until_every_secret_card_is_entered(tmp_path):
    store = EventStore(tmp_path / "d.sqlite3")
    with running_daemon(tmp_path, store) as daemon, Client(daemon.socket_path).connect() as client:
        new = {"cmd": "new_game", "game": "house_of_spirits", "players": ["Ada", "Bo"], "options": SECRET}
        ack = client.request(new)
        assert not ack["ok"] and ack["text"] == SAID.format(n=7).removeprefix("cannot start House of Spirits: ")
        assert store.games() == []  # nothing started
        _enter_secrets(store, 5)
        ack = client.request(new)
        assert not ack["ok"] and "(2 of 7 still to enter)" in ack["text"]
        assert client.request({**new, "options": {"secret_cards": "table"}})["ok"]  # the table's own cards
        _enter_secrets(store)
        assert client.request({**new, "abandon": True})["ok"]
        assert store.last_unfinished().header["options"] == SECRET
    store.close()


@pytest.mark.parametrize("command", [["daemon", "--new", "house_of_spirits"],
                                     ["play", "house_of_spirits", "--terminal"]])
def test_the_command_line_refuses_it_in_one_line_exit_2_making_nothing(command, tmp_path, capsys):
    argv = [*command, "--players", "Ada,Bo", "--option", "secret_cards=companion",
            "--db", str(tmp_path / "d.sqlite3"), "--socket", str(tmp_path / "s")]
    assert main(argv) == 2
    assert capsys.readouterr().err == f"companion: {SAID.format(n=7)}{BY_COMMAND}\n"
    assert _files(tmp_path) == {}
    store = EventStore(tmp_path / "d.sqlite3")
    _enter_secrets(store, 6)
    store.close()
    before = _files(tmp_path)
    assert main(argv) == 2
    assert capsys.readouterr().err == f"companion: {SAID.format(n=1)}{BY_COMMAND}\n"
    assert _files(tmp_path) == before


def test_the_command_line_plays_it_with_the_tables_card_data_and_goes_on_with_a_recorded_game(tmp_path):
    """``daemon --new`` started its games without the card data the table entered (only the
    screen's ``new_game`` put it in the header): now both do, so the check sees it too."""
    from companion.startup import NewGame, StartRefused, check_before_open, open_game

    db = tmp_path / "d.sqlite3"
    store = EventStore(db)
    _enter_secrets(store)
    store.close()
    new = NewGame("house_of_spirits", ("Ada", "Bo"), SECRET)
    check_before_open(new, db)  # no refusal
    store = EventStore(db)
    with running_daemon(tmp_path, store) as daemon:
        daemon.call(lambda: open_game(daemon, new, lambda: None))
        header = store.last_unfinished().header
        assert header["options"] == SECRET and header["content"]["house_of_spirits:secret:secret-7"] == {
            "name": "Own goal 7"}
    store.set_content("house_of_spirits:secret:secret-7", None, 2.0)  # forgotten after the game started
    store.close()
    check_before_open(new, db)  # its unfinished game goes on: no refusal
    with pytest.raises(StartRefused, match=r"\(1 of 7 still to enter\)"):
        check_before_open(NewGame(new.game, new.players, SECRET, abandon=True), db)


def test_the_refusal_reads_in_italian():
    from companion.engine import resolve_options
    from companion.games.house_of_spirits import SPEC
    from companion.i18n import render

    problem = SPEC.start_problem(resolve_options(SPEC, SECRET), {})
    assert render(problem, "it") == (
        "il companion non può distribuire le carte vittoria segreta prima che il loro testo sia inserito (7 su 7 "
        "ancora da inserire): inseritelo in Impostazioni, Dati delle carte (o sulla scrivania del proprietario), "
        "oppure fate pescare ai giocatori le carte vere (Carte segrete: il tavolo).")
    assert SPEC.start_problem(resolve_options(SPEC, {}), {}) is None  # the table's own cards need no text
