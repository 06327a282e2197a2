"""Newcomer 19 (findings 7, 8 and 11): what a full disk is called, where it is said, the exit
code and the one line of a replay that fills the disk, and what every command counts.

The full disk is modelled as real disks fail: a file-size limit (``ulimit -f``: the write
fails with EFBIG, SQLite's "disk I/O error"), the tmpfs filled to the last byte of
tests/test_storage_faults.py (ENOSPC, SQLITE_FULL) and its ``Disk`` connection (SQLITE_FULL).
"""

from __future__ import annotations

import os
import re
import resource
import subprocess
import sys

from companion import script as scripts
from companion.cli import main
from companion.session import Session
from companion.store import EventStore
from tests.checkout import ROOT, checkout_env
from tests.test_storage_faults import Disk, _fill, tiny_tmpfs

CHILDREN = ROOT / "tests/scripts/children/players_win.jsonl"
DEMO = scripts.load(ROOT / "companion/data/demo.jsonl")


def _file_size_limit(kib: int):
    """``preexec_fn``: the child may write no file past ``kib`` KiB (``ulimit -f``)."""
    def limit():
        resource.setrlimit(resource.RLIMIT_FSIZE, (kib * 1024, kib * 1024))
    return limit


def _replay(db, cwd, kib: int | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "companion", "replay", str(CHILDREN), "--db", str(db)],
                          env=checkout_env(), cwd=cwd, capture_output=True, text=True, timeout=120,
                          preexec_fn=_file_size_limit(kib) if kib else None)


# ---------------------------------------------------------------- finding 8: replay

def test_a_replay_that_fills_the_disk_midway_is_one_line_exit_1_and_its_lines_agree(tmp_path):
    """Newcomer 19: a log line plus "the table script cannot go on: line 29: could not record
    the input in full200.db: disk I/O error", exit 2 (a bad script's code), while the rerun
    resumed "after line 27"."""
    full = _replay("full.db", tmp_path, kib=200)
    assert full.returncode == 1, full.stderr
    assert len(full.stderr.splitlines()) == 1, full.stderr
    said = re.fullmatch(r"companion: the table script stopped at line (\d+): the disk is full, so its input "
                        r"was not saved; full\.db keeps the game up to line (\d+): once there is room, the same "
                        r"command resumes after line \2\n", full.stderr)
    assert said, full.stderr
    assert int(said[2]) < int(said[1])
    again = _replay("full.db", tmp_path)
    assert again.returncode == 0, again.stderr
    assert f" after line {said[2]} played" in again.stdout


def test_a_store_that_cannot_be_opened_on_a_full_disk_leaves_no_file(tmp_path):
    """Newcomer 19: "cannot open the event store full8.db: disk I/O error", and full8.db and
    full8.db-shm were left behind."""
    (tmp_path / "before.txt").write_text("was here")
    full = _replay("full8.db", tmp_path, kib=8)
    assert full.returncode == 1, full.stderr
    assert full.stderr == "companion: cannot open the event store full8.db: the disk is full\n"
    assert sorted(os.listdir(tmp_path)) == ["before.txt"]


def test_an_input_over_the_file_size_limit_is_the_disk_full(tmp_path):
    """EFBIG (SQLite's "disk I/O error") is how a full disk shows under ``ulimit -f``: the
    store calls it a full disk, as it does SQLITE_FULL."""
    code = ("import sys; from companion.store import EventStore, StoreFull\n"
            "s = EventStore(sys.argv[1]); g = s.new_game({'game': 'x'}, 'k', 0.0)\n"
            "try:\n"
            "    [s.append(g, 'input', {'pad': 'x' * 4000}, 0.0) for _ in range(100)]\n"
            "except StoreFull as exc:\n"
            "    print('full:', exc)\n")
    run = subprocess.run([sys.executable, "-c", code, str(tmp_path / "g.db")], env=checkout_env(),
                         capture_output=True, text=True, timeout=60, preexec_fn=_file_size_limit(120))
    assert run.stdout == f"full: could not record the input in {tmp_path / 'g.db'}: the disk is full\n", run.stderr


def test_a_tmpfs_filled_to_the_last_byte_is_the_disk_full(tmp_path):
    from companion.store import StoreFull

    with tiny_tmpfs(tmp_path / "fs", "600k") as fs:
        store = EventStore(fs / "g.sqlite3")
        game = store.new_game({"game": "x"}, "k", 0.0)
        _fill(fs)
        try:
            for _ in range(200):
                store.append(game, "input", {"pad": "x" * 4000}, 0.0)
            raise AssertionError("the full disk took every write")
        except StoreFull as exc:
            assert str(exc).endswith(": the disk is full")
        finally:
            store.close()


# ---------------------------------------------------------------- finding 7: the words

def test_a_full_disk_is_said_in_plain_words_once_and_marked_on_every_prompt():
    """Newcomer 19: the warning came twice in a row (the notice, then the state), then never
    again; it said "disk I/O error" and a full path."""
    from companion.daemon.saving import full_disk_warning
    from companion.i18n import render
    from companion.terminal import NumberedView

    class Out:
        text = ""

        def write(self, text):
            self.text += text

        def flush(self):
            pass

    warning = render(full_disk_warning(), "en")
    assert warning == ("The game is not being saved: the disk is full. Its inputs are kept in memory and "
                       "saved as soon as there is room: keep the companion on.")
    assert render(full_disk_warning(), "it") == (
        "La partita non viene salvata: il disco è pieno. I suoi input restano in memoria e vengono salvati "
        "appena c'è spazio: tenete acceso il companion.")
    out = Out()
    view = NumberedView(out)
    state = {"type": "state", "prompt": {"text": "Ada: roll", "choices": []}, "storage_warning": None,
             "status": "[hauntings 0/8]"}
    view(state)
    view({"type": "notice", "level": "error", "text": warning})
    view({**state, "storage_warning": warning, "prompt": {"text": "Bo: roll", "choices": []}})
    view({**state, "storage_warning": warning, "prompt": {"text": "Ada: move", "choices": []}})
    view({**state, "prompt": {"text": "Bo: move", "choices": []}})
    assert out.text.count(warning) == 1
    lines = out.text.splitlines()
    assert "[NOT SAVED] [hauntings 0/8] Bo: roll" in lines
    assert "[NOT SAVED] [hauntings 0/8] Ada: move" in lines
    assert "[hauntings 0/8] Bo: move" in lines
    italian = Out()
    view = NumberedView(italian)
    view({**state, "language": "it", "storage_warning": render(full_disk_warning(), "it")})
    assert "[NON SALVATA] [hauntings 0/8] Ada: roll" in italian.text.splitlines()


def test_the_last_word_over_a_full_disk_does_not_ask_to_keep_the_companion_on():
    """Newcomer 19: after stopping, "... saved as soon as there is room again: keep the
    companion on"."""
    from companion.daemon.saving import full_disk_warning
    from companion.i18n import render
    from companion.play import last_word

    assert last_word({"storage_warning": render(full_disk_warning(), "en")}) == (
        "The game was not saved: the disk is full. The inputs kept in memory were lost when the companion stopped.")
    assert last_word({"storage_warning": render(full_disk_warning(), "it"), "language": "it"}) == (
        "La partita non è stata salvata: il disco è pieno. Gli input tenuti in memoria sono andati persi "
        "quando il companion si è fermato.")


def test_the_daemon_says_a_full_disk_in_plain_words(tmp_path):
    """The notice and ``storage_warning`` of a write that failed on a full disk (SQLITE_FULL):
    no path, no SQLite words."""
    from companion.daemon.saving import full_disk_warning, warning_for
    from companion.i18n import render

    disk = Disk()
    store = EventStore(tmp_path / "g.sqlite3", connect=disk)
    session = Session.start(DEMO.header, store)
    disk.full = True
    assert session.handle(DEMO.lines[0].input, 1).accepted
    assert session.recording.full
    assert render(warning_for(session.recording), "en") == render(full_disk_warning(), "en")
    store.close()


# ---------------------------------------------------------------- finding 11: the counts

def test_games_saved_counts_the_inputs_in_effect_under_a_header(tmp_path, capsys):
    """Newcomer 19: "9 moves" for a game ``play`` resumed "after 7 inputs" (an undo and the
    input it undid were counted), and no header line."""
    db = tmp_path / "g.sqlite3"
    store = EventStore(db)
    session = Session.start(DEMO.header, store)
    for line in DEMO.lines[:12]:  # line 8 is an undo
        session.handle(line.input, line.number)
    kinds = [event.kind for event in store.events(session.game_id)]
    assert "undo" in kinds and session.position < len(kinds)
    position = session.position
    store.close()
    assert main(["games", "--saved", "--db", str(db)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split("\t") == ["id", "game", "players", "started", "last input", "inputs", "status"]
    assert lines[1].split("\t")[5] == f"{position} inputs"


def test_replay_says_the_lines_it_played_and_the_inputs_the_game_stands_after(tmp_path):
    """Newcomer 19: replay said "149 inputs played" (lines fed) where the daemon resumed the
    game "after 95 inputs"."""
    run = subprocess.run([sys.executable, "-m", "companion", "replay", str(ROOT / "companion/data/demo.jsonl"),
                          "--db", "d.db"], env=checkout_env(), cwd=tmp_path, capture_output=True, text=True,
                         timeout=120)
    assert run.returncode == 0, run.stderr
    store = EventStore(tmp_path / "d.db")
    position = Session.resume(store, store.games()[0]).position
    store.close()
    lines = len(DEMO.lines)
    assert (f"demo.jsonl: Ghost Fightin' Treasure Hunters: Creepy Cellar, {lines} lines played, the game after "
            f"{position} inputs; game over:") in run.stdout
    assert position < lines



def test_a_refused_open_of_a_damaged_store_leaves_it_as_it_was_and_nothing_beside_it(tmp_path):
    """A refused open takes away the ``-wal``/``-shm`` it made, and only those: the damaged
    store and its ``.lock`` (there before) stay byte for byte."""
    import pytest

    from companion.store import CorruptStore

    db = tmp_path / "g.sqlite3"
    store = EventStore(db)
    store.new_game({"game": "x"}, "k", 0.0)
    store.close()
    db.write_bytes(db.read_bytes()[:100] + b"\xff" * 3996)  # its pages overwritten: damaged
    before = {path.name: path.read_bytes() for path in tmp_path.iterdir()}
    assert sorted(before) == ["g.sqlite3", "g.sqlite3.lock"]
    with pytest.raises(CorruptStore):
        EventStore(db)
    assert {path.name: path.read_bytes() for path in tmp_path.iterdir()} == before
