"""One exit-code convention for path refusals (words15; restore14's note: ``daemon --db``
on another program's SQLite file exited 1 where a text file exited 2, ``restore`` 2): every
command that takes a path exits 2, in one line, changing nothing, when the path cannot be used
(a directory, a text file, another program's database, a folder it cannot write, a store
another companion holds). 1 stays for what fails while the command works (a refused input)."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from companion.cli import main
from companion.cli.common import EXIT_BAD_PATH
from companion.store import EventStore
from tests.checkout import checkout_env
from tests.test_storage_faults import tiny_tmpfs


def _places(root: Path) -> dict[str, Path]:
    """A directory, a text file and another program's SQLite file, each where a store may be given."""
    (root / "dir.sqlite3").mkdir()
    (root / "text.sqlite3").write_text("my notes\n")
    other = sqlite3.connect(root / "foreign.sqlite3")
    other.execute("CREATE TABLE recipes (name TEXT)")
    other.commit()
    other.close()
    return {"dir": root / "dir.sqlite3", "text": root / "text.sqlite3", "foreign": root / "foreign.sqlite3"}


def _snapshot(root: Path) -> dict[str, bytes | None]:
    return {str(p.relative_to(root)): (p.read_bytes() if p.is_file() else None) for p in sorted(root.rglob("*"))}


def _backup(tmp_path: Path) -> Path:
    (tmp_path / "made").mkdir()
    store = EventStore(tmp_path / "made" / "g.sqlite3")
    store.close()
    assert main(["backup", str(tmp_path / "made" / "good.backup"), "--db", str(tmp_path / "made" / "g.sqlite3")]) == 0
    return tmp_path / "made" / "good.backup"


SCRIPT = '{"script": 1, "game": "creepy_cellar", "players": ["Ada", "Bo"], "seed": 1}\n'


#: Each path-taking command with its store path last (``{db}``), and its other files.
COMMANDS = {
    "daemon": ["daemon", "--socket", "{tmp}/run/c.sock", "--db", "{db}"],
    "play": ["play", "creepy_cellar", "--players", "Ada,Bo", "--terminal", "--socket", "{tmp}/run/p.sock",
             "--db", "{db}"],
    "replay": ["replay", "{tmp}/script.jsonl", "--db", "{db}"],
    "games": ["games", "--saved", "--db", "{db}"],
    "history": ["history", "--db", "{db}"],
    "backup": ["backup", "{tmp}/new.backup", "--db", "{db}"],
    "restore": ["restore", "{backup}", "--db", "{db}"],
}


@pytest.mark.parametrize("case", ["dir", "text", "foreign"])
@pytest.mark.parametrize("command", list(COMMANDS))
def test_a_store_path_that_cannot_be_used_exits_2_in_one_line(command, case, tmp_path, capsys, monkeypatch):
    for name in ("XDG_STATE_HOME", "XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_RUNTIME_DIR"):
        monkeypatch.setenv(name, str(tmp_path / name.lower()))
    backup = _backup(tmp_path)
    places = tmp_path / "places"
    places.mkdir()
    db = _places(places)[case]
    (tmp_path / "script.jsonl").write_text(SCRIPT)
    before = _snapshot(places)
    capsys.readouterr()
    argv = [word.format(tmp=tmp_path, db=db, backup=backup) for word in COMMANDS[command]]
    assert main(argv) == EXIT_BAD_PATH == 2
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1 and err.startswith("companion: ") and str(db) in err, err
    assert _snapshot(places) == before


@pytest.mark.parametrize("command", ["replay", "restore", "backup"])
def test_a_store_in_a_folder_that_cannot_be_written_exits_2(command, tmp_path):
    """A read-only folder (root may write anywhere else): the same convention. (``daemon`` and
    ``play`` go on with the game in memory there, and say so: issue 26, not a refusal.)"""
    backup = _backup(tmp_path)
    (tmp_path / "script.jsonl").write_text(SCRIPT)
    with tiny_tmpfs(tmp_path / "ro", "1m") as ro:
        if command == "backup":
            EventStore(ro / "g.sqlite3").close()
            argv = ["backup", str(ro / "new.backup"), "--db", str(ro / "g.sqlite3")]
        else:
            argv = [word.format(tmp=tmp_path, db=ro / "g.sqlite3", backup=backup) for word in COMMANDS[command]]
        subprocess.run(["mount", "-o", "remount,ro", str(ro)], check=True)
        before = sorted(p.name for p in ro.iterdir())
        done = subprocess.run([sys.executable, "-m", "companion", *argv], capture_output=True, text=True,
                              timeout=120, env=checkout_env())
        assert sorted(p.name for p in ro.iterdir()) == before
    assert done.returncode == 2, done.stderr
    assert len(done.stderr.splitlines()) == 1 and done.stderr.startswith("companion: "), done.stderr


def test_the_convention_is_in_the_help():
    done = subprocess.run([sys.executable, "-m", "companion", "--help"], capture_output=True, text=True,
                          timeout=60, env=checkout_env())
    assert "exit status: 0 done; 1" in " ".join(done.stdout.split())
