"""The owner's terminal commands (issue 34): card data and tag files, backups, saved games,
history; each through the real daemon or on a real store file."""

from __future__ import annotations

import json
import sqlite3
import subprocess
from pathlib import Path

import pytest

from companion import table_content
from companion.cli import main
from companion.engine import get_game
from companion.store import EventStore
from tests.conftest import SCRIPTS
from tests.daemon_fixture import running_daemon

TABLET = "children:tablet:tablet-1-4"
GHOST = "children:ghost:penny"


def _sock(daemon) -> list[str]:
    return ["--socket", str(daemon.socket_path)]


def _forms(store: EventStore, game: str = "children") -> dict:
    return table_content.forms(get_game(game), store.content(game), "en")


def test_card_data_exports_and_imports_into_a_fresh_store_with_the_same_forms(tmp_path, capsys):
    first = EventStore(tmp_path / "a.sqlite3")
    first.set_content(TABLET, {"name": "Music Room", "doors": ["left"], "arrows": []}, 1.0)
    first.set_content(GHOST, {"name": "Penelope"}, 1.0)
    fresh = EventStore(tmp_path / "b.sqlite3")
    for fmt in ("toml", "csv"):
        out = tmp_path / f"children.{fmt}"
        with running_daemon(tmp_path, first, socket=f"a-{fmt}.sock") as daemon:
            assert main(["content", "export", "children", "--format", fmt, "-o", str(out), *_sock(daemon)]) == 0
        with running_daemon(tmp_path, fresh, socket=f"b-{fmt}.sock") as daemon:
            assert main(["content", "import", str(out), *_sock(daemon)]) == 0
        assert "Imported the printed data of 2 cards" in capsys.readouterr().out
        assert fresh.content("children") == first.content("children")
        assert _forms(fresh) == _forms(first)
    text = (tmp_path / "children.toml").read_text()
    assert 'game = "children"' in text and '["children:tablet:tablet-1-4"]\nname = "Music Room"' in text
    assert (tmp_path / "children.csv").read_text().splitlines()[0] == \
        "component,name,toy,floor,doors,trapdoors,arrows"
    first.close()
    fresh.close()


def test_an_export_with_nothing_entered_imports_back_as_a_no_op(tmp_path, capsys):
    """newcomer20, finding 9: ``content export children -o F`` before any card was entered wrote
    a 3-line file that ``content import F`` refused ("the file holds no card", exit 2). The
    round trip works: nothing to import, said in one line, exit 0, the card data as it was.
    A CSV of no card names no game: it needs ``--game``, and says so without it."""
    store = EventStore(tmp_path / "a.sqlite3")
    store.set_content(GHOST, {"name": "Penelope"}, 1.0)
    before = store.content("children")
    with running_daemon(tmp_path, db="empty.sqlite3") as daemon:
        for fmt in ("toml", "csv"):
            assert main(["content", "export", "children", "--format", fmt, "-o", str(tmp_path / f"c.{fmt}"),
                         *_sock(daemon)]) == 0
    assert len((tmp_path / "c.toml").read_text().splitlines()) == 3
    capsys.readouterr()
    with running_daemon(tmp_path, store, socket="b.sock") as daemon:
        assert main(["content", "import", str(tmp_path / "c.toml"), *_sock(daemon)]) == 0
        assert main(["content", "import", str(tmp_path / "c.csv"), "--game", "children", *_sock(daemon)]) == 0
        out, err = capsys.readouterr()
        assert main(["content", "import", str(tmp_path / "c.csv"), *_sock(daemon)]) == 2
    assert err == "" and out.splitlines() == [
        "Nothing to import: the file holds no card of Children (an export made before any card was entered); "
        "the card data stays as it was."] * 2, (out, err)
    assert "does not say which game it is for" in capsys.readouterr().err
    assert store.content("children") == before
    store.close()


def test_an_export_never_writes_over_a_file_that_is_there(tmp_path, capsys):
    """Newcomer trial: ``content export -o precious.txt`` overwrote an unrelated file
    (``backup`` refused the same)."""
    precious = tmp_path / "precious.txt"
    precious.write_text("my notes\n")
    store = EventStore(tmp_path / "a.sqlite3")
    with running_daemon(tmp_path, store) as daemon:
        assert main(["content", "export", "children", "-o", str(precious), *_sock(daemon)]) == 2
        assert main(["tags", "export", "-o", str(precious), *_sock(daemon)]) == 2
    store.close()
    assert precious.read_text() == "my notes\n"
    assert capsys.readouterr().err.splitlines() == [
        f"companion: {precious} already exists: give the export a new name (nothing was written)"] * 2


BAD_VALUE_ON_LINE_7 = """# my copy
game = "children"

["children:tablet:tablet-1-4"]
name = "Music Room"
floor = "1st"
doors = ["left", "middle"]
"""


def _bad_files(tmp_path) -> list[tuple[str, str | bytes, list[str], str]]:
    """(name, contents, extra arguments, what the answer says)."""
    spirits = 'game = "house_of_spirits"\n\n["house_of_spirits:monster:monster-02"]\nattack = 3\n'
    other_floor = 'game = "children"\n\n["children:tablet:tablet-1-4"]\nfloor = "2nd"\n'
    no_arrows = "component,name,toy,floor,doors,trapdoors\nchildren:tablet:tablet-1-4,Music Room,,1st,left,-\n"
    return [
        ("spirits.toml", spirits, ["--game", "children"], "holds card data of House of Spirits, not of Children"),
        ("floors.toml", other_floor, [], "would break a rule of the game"),
        ("line7.toml", BAD_VALUE_ON_LINE_7, [], "line 7: children:tablet:tablet-1-4: doors is a list of some of"),
        ("columns.csv", no_arrows, [], "line 1: the column 'arrows' is missing"),
        ("huge.toml", "#" * (5 * 1024 * 1024), [], "the file is 5.0 MB; a card data file is at most 256 KB"),
        ("mixed.toml", 'game = "children"\n\n["house_of_spirits:monster:monster-02"]\nattack = 3\n', [],
         "line 3: house_of_spirits:monster:monster-02 is not a card of Children"),
    ]


def test_bad_card_data_files_get_a_clear_answer_and_change_nothing(tmp_path, capsys):
    store = EventStore(tmp_path / "s.sqlite3")
    store.set_content(GHOST, {"name": "Penelope"}, 1.0)
    before = {game: store.content(game) for game in ("children", "house_of_spirits")}
    with running_daemon(tmp_path, store) as daemon:
        for name, contents, extra, says in _bad_files(tmp_path):
            path = tmp_path / name
            path.write_text(contents) if isinstance(contents, str) else path.write_bytes(contents)
            assert main(["content", "import", str(path), *extra, *_sock(daemon)]) == 2, name
            err = capsys.readouterr().err
            assert "nothing was imported" in err and says in err, (name, err)
            assert "Traceback" not in err
    assert {game: store.content(game) for game in before} == before
    store.close()


def test_set_tags_are_shared_with_their_file(tmp_path, capsys):
    first = EventStore(tmp_path / "a.sqlite3")
    first.enroll_tag("04A1B2C3D4E5F6", "children:ghost:rosie", 1.0)
    first.enroll_tag("04A1B2C3D4E5F7", "creepy_cellar:ghost:room-H", 1.0)
    fresh = EventStore(tmp_path / "b.sqlite3")
    out = tmp_path / "stickers.csv"
    with running_daemon(tmp_path, first, socket="a.sock") as daemon:
        assert main(["tags", "export", "--format", "csv", "-o", str(out), *_sock(daemon)]) == 0
    with running_daemon(tmp_path, fresh, socket="b.sock") as daemon:
        bad = tmp_path / "bad.toml"
        bad.write_text('[tags]\n"04A1B2C3D4E5F6" = "children:ghost:rosie"\n"XYZ" = "children:ghost:nobody"\n')
        assert main(["tags", "import", str(bad), *_sock(daemon)]) == 2
        assert "line 3: a UID is 4, 7 or 10 bytes of hex" in capsys.readouterr().err
        assert fresh.enrolled_tags() == {}
        assert main(["tags", "import", str(out), *_sock(daemon)]) == 0
    assert fresh.enrolled_tags() == first.enrolled_tags()
    first.close()
    fresh.close()


def _play(script_name: str, db, on_line=None):
    from companion import script as scripts
    from companion.replay import replay

    return replay(scripts.load(SCRIPTS / script_name), db=db, on_line=on_line)


def _view_after(db, game_id: int, events: int) -> dict:
    """The game's view when it had ``events`` events (a copy of the store cut there)."""
    from companion.recovery import memory_copy
    from companion.session import Session

    copy = memory_copy(db)
    copy._db.execute("DELETE FROM events WHERE game_id = ? AND seq > ?", (game_id, events))
    copy._db.execute("DELETE FROM snapshots")
    copy._db.execute("UPDATE games SET outcome = NULL")
    view = Session.resume(copy, copy.game(game_id), use_snapshot=False).view()
    copy.close()
    return view


def test_a_backup_made_during_a_game_replays_to_that_moment_and_restores(tmp_path, capsys):
    from companion.backup import check_store_file
    from companion.recovery import memory_copy
    from companion.session import Session

    db, copy = tmp_path / "table.sqlite3", tmp_path / "mid-game.sqlite3"

    def back_up(line, reply):
        if line.number == 20:
            assert main(["backup", str(copy), "--db", str(db)]) == 0

    result = _play("creepy_cellar/basic-won.jsonl", db, back_up)
    assert result.state["prompt"]["over"]
    assert check_store_file(copy) == 5
    backed = memory_copy(copy)
    record = backed.games()[0]
    events = len(backed.events(record.id))
    assert record.outcome is None and 0 < events < result.fed
    assert Session.resume(backed, record).view() == _view_after(db, record.id, events)
    backed.close()
    capsys.readouterr()
    assert main(["restore", str(copy), "--db", str(db)]) == 0
    assert "before-restore" in capsys.readouterr().out
    assert EventStore(tmp_path / "table.sqlite3.before-restore").games()[0].outcome == "won"
    store = EventStore(db)
    with running_daemon(tmp_path, store) as daemon:
        session = daemon.call(daemon.game.resume_last)
        assert session is not None and session.position == events
    store.close()


def test_a_second_restore_keeps_the_first_ones_store_too(tmp_path, capsys):
    """Newcomer trial: restoring twice wrote the second kept store over the first, the only
    copy of the games before the first restore."""
    db, backup = tmp_path / "table.sqlite3", tmp_path / "b.sqlite3"
    _store_with_game(db, 1.0)
    _store_with_game(backup, 2.0)
    assert main(["restore", str(backup), "--db", str(db)]) == 0
    assert main(["restore", str(backup), "--db", str(db)]) == 0
    out = capsys.readouterr().out
    assert f"kept as {db}.before-restore." in out and f"kept as {db}.before-restore-2." in out
    assert [EventStore(Path(f"{db}{end}")).games()[0].started for end in (".before-restore", ".before-restore-2")] \
        == [1.0, 2.0]


def _store_with_game(path, started: float) -> None:
    store = EventStore(path)
    store.new_game({"game": "children", "players": ["Ada", "Bo"], "seed": 1}, None, started)
    store.close()


def test_restore_refuses_a_foreign_file_a_future_version_and_a_truncated_one(tmp_path, capsys):
    db = tmp_path / "table.sqlite3"
    store = EventStore(db)
    store.set_content(GHOST, {"name": "Penelope"}, 1.0)
    store.close()
    good = tmp_path / "good.sqlite3"
    assert main(["backup", str(good), "--db", str(db)]) == 0
    foreign = tmp_path / "foreign.sqlite3"
    with sqlite3.connect(foreign) as other:
        other.execute("CREATE TABLE recipes (name TEXT)")
    future = tmp_path / "future.sqlite3"
    future.write_bytes(good.read_bytes())
    with sqlite3.connect(future) as newer:
        newer.execute("PRAGMA user_version = 99")
    truncated = tmp_path / "cut.sqlite3"
    truncated.write_bytes(good.read_bytes()[:len(good.read_bytes()) // 2])
    text = tmp_path / "notes.txt"
    text.write_text("hello")
    before = db.read_bytes()
    for path, says in ((foreign, "not a Haunt Companion store (it holds recipes)"),
                       (future, "written by a newer companion (store schema 99"), (truncated, "is cut short"),
                       (text, "is not an SQLite database")):
        capsys.readouterr()
        assert main(["restore", str(path), "--db", str(db)]) == 2, path
        err = capsys.readouterr().err
        assert "nothing was restored" in err and says in err, err
    assert db.read_bytes() == before and not (tmp_path / "table.sqlite3.before-restore").exists()
    locked = EventStore(db)  # as the daemon has it: a restore waits for it to stop
    assert main(["restore", str(good), "--db", str(db)]) == 2
    assert "in use: stop the companion first" in capsys.readouterr().err
    locked.close()


HISTORY_SCRIPTS = ("creepy_cellar/basic-won.jsonl", "creepy_cellar/basic-2p-lost.jsonl",
                   "house_of_spirits/secret_cards.jsonl", "clue_it/solved.jsonl", "children/players_win.jsonl",
                   "ghost_at_home/three_players.jsonl")


def test_history_figures_match_the_scripts_results(tmp_path, capsys):
    from companion.saved_games import winners

    db = tmp_path / "history.sqlite3"
    results = [_play(name, db) for name in HISTORY_SCRIPTS]
    capsys.readouterr()
    assert main(["history", "--json", "--db", str(db)]) == 0
    figures = json.loads(capsys.readouterr().out)
    assert [g["game"] for g in figures["games"]] == [name.split("/")[0] for name in HISTORY_SCRIPTS]
    expected_players: dict[str, list[int]] = {}
    for game, result in zip(figures["games"], results, strict=True):
        view, players = result.state["view"], game["players"]
        assert game["outcome"] == view["outcome"]
        assert game["winners"] == winners(view, players, view["outcome"])
        for player in players:
            played, won = expected_players.setdefault(player, [0, 0])
            expected_players[player] = [played + 1, won + (player in game["winners"])]
        if game["game"] == "creepy_cellar":
            assert game["figures"] == {"hauntings": view["hauntings"]}
        if game["game"] == "house_of_spirits":
            assert game["figures"]["scores"] == {"Ada": 7, "Bo": 5, "Cy": 8} and game["winners"] == ["Cy"]
    assert [g["winners"] for g in figures["games"]][:2] == [["Ada", "Bo", "Cy"], []]
    assert {r["player"]: [r["played"], r["wins"]] for r in figures["players"]} == expected_players
    assert {r["game"]: r["played"] for r in figures["per_game"]} == {
        "creepy_cellar": 2, "house_of_spirits": 1, "clue_it": 1, "children": 1, "ghost_at_home": 1}
    assert main(["history", "--csv", "players", "--db", str(db)]) == 0
    assert capsys.readouterr().out.splitlines()[0] == "player,played,wins,average_minutes"
    assert main(["history", "--db", str(db)]) == 0  # newcomer20: the games' table had no header line
    header, first, *rest = capsys.readouterr().out.splitlines()
    assert header == "id\tstarted\tgame\tplayers\twon by\tminutes"
    assert first.startswith("1\t") and first.split("\t")[2:5] == [
        "Ghost Fightin' Treasure Hunters: Creepy Cellar", "Ada, Bo, Cy", "Ada, Bo, Cy"], first
    assert "Player\tplayed\twins\taverage minutes" in rest
    assert main(["games", "--saved", "--db", str(db)]) == 0
    header, *lines = capsys.readouterr().out.splitlines()
    assert header == "id\tgame\tplayers\tstarted\tlast input\tinputs\tstatus"
    assert len(lines) == len(HISTORY_SCRIPTS) and lines[0].startswith("6\tGhost at Home\t")
    assert all(line.endswith("\tfinished") for line in lines)


@pytest.mark.parametrize("cmd", [["history"], ["games", "--saved"]])
def test_a_text_file_or_a_folder_given_as_the_store_is_refused_untouched(tmp_path, capsys, cmd):
    """Newcomer trial: ``--db notes.txt`` (or a folder) read as an empty store ("The store
    holds no game yet.", exit 0), leaving notes.txt.lock beside it."""
    notes = tmp_path / "notes.txt"
    notes.write_text("shopping list\n")
    assert main([*cmd, "--db", str(notes)]) == 2
    assert main([*cmd, "--db", str(tmp_path)]) == 2
    assert capsys.readouterr().err.splitlines() == [
        f"companion: {notes} is not an SQLite database, so not a Haunt Companion event store; it was left untouched",
        f"companion: {tmp_path} is a folder, not an event store"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes.txt"] and notes.read_text() == "shopping list\n"


@pytest.mark.parametrize("cmd", [["history"], ["games", "--saved"]])
def test_reading_a_missing_store_says_so(tmp_path, capsys, cmd):
    assert main([*cmd, "--db", str(tmp_path / "none.sqlite3")]) == 2
    assert "there is no event store at" in capsys.readouterr().err


def test_a_backup_of_another_programs_database_is_refused(tmp_path, capsys):
    """Newcomer trial: ``backup --db`` of any SQLite file was copied as if it were a store."""
    other = tmp_path / "photos.sqlite"
    with sqlite3.connect(other) as db:
        db.execute("CREATE TABLE albums (name TEXT)")
    assert main(["backup", "--db", str(other), str(tmp_path / "copy.sqlite3")]) == 2
    assert capsys.readouterr().err == (f"companion: no backup: {other} is not a Haunt Companion event store "
                                       f"(it holds albums); it was left untouched\n")
    assert not (tmp_path / "copy.sqlite3").exists()


def test_a_backup_into_a_read_only_place_is_one_line(tmp_path, capsys):
    """Newcomer trial: a backup onto a read-only mount ended in a traceback (EROFS on .tmp)."""
    from tests.test_storage_faults import tiny_tmpfs

    db = tmp_path / "g.sqlite3"
    EventStore(db).close()
    with tiny_tmpfs(tmp_path / "ro", "1m") as place:
        subprocess.run(["mount", "-o", "remount,ro", str(place)], check=True)
        assert main(["backup", "--db", str(db), str(place / "b.sqlite3")]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"companion: no backup: could not copy the event store to {place / 'b.sqlite3'}: ")
    assert err.count("\n") == 1 and "Traceback" not in err


def test_a_restart_resumes_the_game_the_owner_chose_from_the_saved_games(tmp_path):
    from companion.daemon.desk_commands import resume, set_aside

    store = EventStore(tmp_path / "s.sqlite3")

    def restarted() -> int | None:
        with running_daemon(tmp_path, store) as daemon:
            session = daemon.call(daemon.game.resume_last)
            return session.game_id if session is not None else None

    with running_daemon(tmp_path, store) as daemon:
        for _ in range(2):
            daemon.call(lambda: daemon.start_game(_header()))
        older, newer = [g.id for g in store.games()]
        assert daemon.call(lambda: resume(daemon.context, older))[0]
    assert restarted() == older  # not merely the newest unfinished game
    with running_daemon(tmp_path, store) as daemon:
        daemon.call(daemon.game.resume_last)
        assert daemon.call(lambda: set_aside(daemon.context))[0]
    assert restarted() is None  # set aside: the table starts without it
    with running_daemon(tmp_path, store) as daemon:
        daemon.call(lambda: daemon.start_game(_header()))
        latest = daemon.session.game_id
    assert restarted() == latest  # a game started since goes on
    store.close()


def _header():
    from companion.header import GameHeader

    return GameHeader.from_json({"game": "creepy_cellar", "players": ["Ada", "Bo"], "seed": 3})


@pytest.mark.parametrize("game", ["children", "house_of_spirits", "ghost_at_home", "clue_it"])
@pytest.mark.parametrize("fmt", ["toml", "csv"])
def test_every_games_card_data_reads_back_as_written(game, fmt):
    """Every kind of field of every game (numbers, choices of numbers or names, flags, text,
    per-copy cards) survives a file: the cards' printed values, written and read back."""
    from companion import content_io

    spec = get_game(game)
    forms = table_content.forms(spec, {}, "en")["components"]
    entered = {c["component"]: {f["name"]: f["value"] if f["value"] is not None else f["high"]
                                for f in c["fields"]} for c in forms[::7]}  # an unknown count: its highest
    assert entered
    text = content_io.export(spec, entered, fmt)
    found = content_io.read(text, f"cards.{fmt}")
    assert content_io.check_import(found, {})[1] == entered


@pytest.mark.parametrize("fmt", ["toml", "csv"])
def test_a_file_saved_with_a_byte_order_mark_reads_as_without(fmt):
    """trial2: Excel's "CSV UTF-8" and Notepad start the file with U+FEFF; the CLI sends the
    text decoded, so the CSV's header was "not a line naming its columns" and the TOML invalid."""
    from companion import content_io, tags_io

    spec = get_game("ghost_at_home")
    entered = {"ghost_at_home:room:first-floor#3": {"bulbs": 2}}
    text = "\ufeff" + content_io.export(spec, entered, fmt)
    assert content_io.check_import(content_io.read(text, f"cards.{fmt}"), {})[1] == entered
    tags = {"04112233445566": "creepy_cellar:ghost:room-H"}
    assert tags_io.read_tags("\ufeff" + tags_io.export(tags, fmt), f"tags.{fmt}") == tags


def test_one_imported_card_is_one_card_in_both_languages():
    """Newcomer trial: "Importati i dati stampati di 1 carte" (no plural form)."""
    from companion.daemon.desk_commands import import_words
    from companion.i18n import render

    one = import_words({"ok": True, "saved": 1})
    assert render(one, "en") == "Imported the printed data of 1 card. It counts from the next new game."
    assert render(one, "it") == "Importati i dati stampati di 1 carta. Valgono dalla prossima nuova partita."
    assert render(import_words({"ok": True, "saved": 3}), "it").startswith("Importati i dati stampati di 3 carte.")


def test_a_saved_game_of_one_input_says_1_input(monkeypatch, capsys, tmp_path):
    """newcomer: ``companion games --saved`` listed a game just begun as "1 moves"
    (newcomer 19: now inputs, the word play counts with)."""
    from types import SimpleNamespace

    from companion import desk_cli, saved_games

    game = {"title": "Ghost at Home", "players": ["Ada", "Bo"], "started": None, "last_move": None,
            "status": "in progress"}
    store = SimpleNamespace(close=lambda: None, last_unfinished=lambda: None, setting=lambda _key: None)
    monkeypatch.setattr(desk_cli, "_store_copy", lambda _args: store)
    monkeypatch.setattr(saved_games, "saved", lambda _store: [{**game, "id": 2, "inputs": 1},
                                                             {**game, "id": 1, "inputs": 12}])
    assert main(["games", "--saved", "--db", str(tmp_path / "store.sqlite3")]) == 0
    assert [line.split("\t")[5] for line in capsys.readouterr().out.splitlines()] == ["inputs", "1 input", "12 inputs"]
