"""Every path argument names only what it is meant for (issue 20): ``--socket`` removes only
a socket nobody answers on, ``--db`` opens only an event store, and the other commands' files
are never overwritten or destroyed. Each refusal is one line and exit 2, nothing changed."""

from __future__ import annotations

import socket
import subprocess
import sys
from pathlib import Path

import pytest

from companion.cli import main
from companion.daemon import Daemon, DaemonThread
from companion.header import GameHeader
from companion.paths import PathRefused, check_db_path, check_private_dir, safe_db_example
from companion.recovery import save_good_copy
from companion.session import Session
from companion.store import EventStore
from tests.checkout import checkout_env


def _store_with_a_game(path):
    store = EventStore(path)
    Session.start(GameHeader.from_json({"game": "creepy_cellar", "players": ["Ada", "Bo"], "seed": 3}), store)
    store.close()
    save_good_copy(path)
    return path


def _snapshot(directory):
    return {p.name: (p.read_bytes() if p.is_file() else p.is_dir()) for p in sorted(directory.iterdir())}


def _daemon(capsys, *args):
    code = main(["daemon", *map(str, args)])
    err = capsys.readouterr().err.strip()
    return code, err


def test_a_socket_path_on_another_store_leaves_it_whole(tmp_path, capsys):
    victim = _store_with_a_game(tmp_path / "victim.sqlite3")
    (tmp_path / "mine").mkdir()
    before = _snapshot(tmp_path)
    code, err = _daemon(capsys, "--db", tmp_path / "mine" / "g.sqlite3", "--socket", victim)
    assert code == 2
    assert err == (f"companion: --socket {victim} is a regular file, not a socket: the daemon replaces only a "
                   f"socket nobody answers on, so it leaves it alone (give another path)")
    assert _snapshot(tmp_path) == before  # and no store was made under mine/
    assert EventStore(victim).last_unfinished() is not None


def test_the_socket_may_not_be_the_store_itself(tmp_path, capsys):
    same = _store_with_a_game(tmp_path / "same.sqlite3")
    before = _snapshot(tmp_path)
    code, err = _daemon(capsys, "--db", same, "--socket", same)
    assert code == 2 and "\n" not in err
    assert err.startswith(f"companion: --socket {same} is the event store's own file {same}: ")
    assert _snapshot(tmp_path) == before


def test_the_socket_may_not_be_a_new_store_either(tmp_path, capsys):
    """Nothing there yet: refused all the same, and no database is created."""
    same = tmp_path / "new.sqlite3"
    code, err = _daemon(capsys, "--db", same, "--socket", same)
    assert code == 2 and "is the event store's own file" in err
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("suffix", ["-wal", "-shm", ".lock", ".last-good"])
def test_the_socket_may_not_be_a_side_file_of_the_store(tmp_path, capsys, suffix):
    db = _store_with_a_game(tmp_path / "g.sqlite3")
    side = tmp_path / f"g.sqlite3{suffix}"
    side.write_bytes(side.read_bytes() if side.exists() else b"x")
    before = _snapshot(tmp_path)
    code, err = _daemon(capsys, "--db", db, "--socket", side)
    assert code == 2 and f"is the event store's own file {side}" in err
    assert _snapshot(tmp_path) == before


@pytest.mark.parametrize("suffix", ["-wal", ".lock", ".last-good"])
def test_a_side_file_of_another_store_is_refused_as_a_socket(tmp_path, capsys, suffix):
    _store_with_a_game(tmp_path / "other.sqlite3")
    side = tmp_path / f"other.sqlite3{suffix}"
    side.write_bytes(side.read_bytes() if side.exists() else b"x")
    before = _snapshot(tmp_path)
    code, err = _daemon(capsys, "--db", tmp_path / "g.sqlite3", "--socket", side)
    assert code == 2 and "is a regular file, not a socket" in err
    assert _snapshot(tmp_path) == before


def test_a_directory_as_socket_is_refused_without_a_traceback(tmp_path):
    target = tmp_path / "adir"
    target.mkdir()
    (target / "keep.txt").write_text("keep")
    run = subprocess.run([sys.executable, "-m", "companion", "daemon", "--db", str(tmp_path / "g.sqlite3"),
                          "--socket", str(target)], capture_output=True, text=True, timeout=60, env=checkout_env())
    assert run.returncode == 2
    assert run.stderr.strip() == (f"companion: --socket {target} is a directory, not a socket: the daemon replaces "
                                  f"only a socket nobody answers on, so it leaves it alone (give another path)")
    assert (target / "keep.txt").read_text() == "keep"
    assert not (tmp_path / "g.sqlite3").exists()


@pytest.mark.parametrize("target", ["store", "dir", "dangling"])
def test_a_symbolic_link_as_socket_is_refused(tmp_path, capsys, target):
    victim = _store_with_a_game(tmp_path / "victim.sqlite3")
    (tmp_path / "adir").mkdir()
    link = tmp_path / "link.sock"
    link.symlink_to({"store": victim, "dir": tmp_path / "adir", "dangling": tmp_path / "nowhere"}[target])
    before = _snapshot(tmp_path)
    code, err = _daemon(capsys, "--db", tmp_path / "g.sqlite3", "--socket", link)
    assert code == 2 and f"--socket {link} is a symbolic link, not a socket" in err
    assert _snapshot(tmp_path) == before


def test_a_link_to_the_store_is_the_store(tmp_path, capsys):
    db = _store_with_a_game(tmp_path / "g.sqlite3")
    link = tmp_path / "link.sock"
    link.symlink_to(db)
    code, err = _daemon(capsys, "--db", db, "--socket", link)
    assert code == 2 and f"is the event store's own file {db}" in err
    assert EventStore(db).last_unfinished() is not None


def test_the_daemon_itself_refuses_a_file_as_its_socket(tmp_path):
    """Replays and the demo build a Daemon directly: the check is in the daemon too."""
    victim = _store_with_a_game(tmp_path / "victim.sqlite3")
    before = victim.read_bytes()
    with pytest.raises(PathRefused, match="is a regular file, not a socket"):
        with DaemonThread(Daemon(EventStore(":memory:"), victim)):
            pass
    assert victim.read_bytes() == before


def test_a_stale_socket_is_still_replaced_and_removed_at_the_end(tmp_path):
    path = tmp_path / "stale.sock"
    stale = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    stale.bind(str(path))
    stale.close()
    with DaemonThread(Daemon(EventStore(":memory:"), path)):
        assert path.is_socket()
    assert not path.exists()


def test_a_socket_under_a_file_is_refused(tmp_path, capsys):
    plain = tmp_path / "plain.txt"
    plain.write_text("keep")
    code, err = _daemon(capsys, "--db", tmp_path / "g.sqlite3", "--socket", plain / "companion.sock")
    assert code == 2
    assert err == f"companion: --socket {plain / 'companion.sock'}: {plain} is a regular file, not a directory"
    assert plain.read_text() == "keep"


def test_a_store_in_tmp_is_refused_without_advice_to_change_tmp(tmp_path, capsys):
    """/tmp is every user's on purpose: the advice is another directory, never chmod /tmp."""
    shared = tmp_path / "shared"
    shared.mkdir()
    shared.chmod(0o1777)  # like /tmp: world-writable with the sticky bit
    code, err = _daemon(capsys, "--db", shared / "x.sqlite3", "--socket", tmp_path / "d.sock")
    assert code == 2  # a refused path, as everywhere (issue 20)
    assert "chmod" not in err and "  " not in err
    assert err == (f"companion: {shared} can be written by any user, so the companion keeps no game there: "
                   f"give a path in a folder of your own, e.g. --db {safe_db_example()}")
    assert list(shared.iterdir()) == []


# ---------------------------------------------------------------------- --db, replay, --config

def _garbage(path, text="my notes\n"):
    path.write_text(text)
    return path


@pytest.mark.parametrize("kind", ["text", "dir", "wal", "lock", "last-good", "socket"])
def test_the_daemon_db_opens_only_an_event_store(tmp_path, capsys, kind):
    other = _store_with_a_game(tmp_path / "other.sqlite3")
    live = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    live.bind(str(tmp_path / "live.sock"))
    (tmp_path / "adir").mkdir()
    (tmp_path / "other.sqlite3.lock").write_text("")
    target = {"text": _garbage(tmp_path / "notes.txt"), "dir": tmp_path / "adir",
              "wal": _garbage(tmp_path / "other.sqlite3-wal"), "lock": tmp_path / "other.sqlite3.lock",
              "last-good": tmp_path / "other.sqlite3.last-good", "socket": tmp_path / "live.sock"}[kind]
    before = _snapshot(tmp_path)
    code, err = _daemon(capsys, "--db", target, "--socket", tmp_path / "d.sock")
    live.close()
    assert code == 2 and err.startswith(f"companion: --db {target} ") and "\n" not in err
    assert _snapshot(tmp_path) == before  # nothing moved aside as "damaged", nothing written
    assert EventStore(other).last_unfinished() is not None


def test_a_damaged_store_of_ours_is_still_recovered_not_refused(tmp_path):
    """A store cut by a power cut has the companion's lock or last good copy beside it."""
    from companion.paths import check_db_path

    db = _store_with_a_game(tmp_path / "g.sqlite3")
    db.write_bytes(b"\x00" * 100)
    check_db_path(db)  # no PathRefused: open_store's recovery (issue 8) takes it from here


def test_replay_db_opens_only_an_event_store(tmp_path, capsys):
    notes = _garbage(tmp_path / "notes.txt")
    script = tmp_path / "s.jsonl"
    script.write_text('{"header": {"game": "creepy_cellar", "players": ["Ada", "Bo"], "seed": 1}}\n')
    assert main(["replay", str(script), "--db", str(notes)]) == 2
    assert "holds something other than an event store" in capsys.readouterr().err
    assert notes.read_text() == "my notes\n" and sorted(p.name for p in tmp_path.iterdir()) == ["notes.txt", "s.jsonl"]


def test_replay_of_a_store_or_a_directory_reads_it_only(tmp_path, capsys):
    store = _store_with_a_game(tmp_path / "g.sqlite3")
    before = _snapshot(tmp_path)
    assert main(["replay", str(store)]) == 2
    assert main(["replay", str(tmp_path)]) == 2
    assert _snapshot(tmp_path) == before


def test_a_store_given_as_config_is_read_not_written(tmp_path, capsys):
    store = _store_with_a_game(tmp_path / "g.sqlite3")
    before = _snapshot(tmp_path)
    assert main(["daemon", "--config", str(store), "--db", str(tmp_path / "x.sqlite3"),
                 "--socket", str(tmp_path / "d.sock")]) == 1
    assert main(["doctor", "--config", str(store)]) == 1
    assert main(["doctor", "--config", str(tmp_path)]) == 2  # a directory: as daemon --config DIR (cli15)
    assert _snapshot(tmp_path) == before


# ---------------------------------------------------------------------- tags, content, private

def test_tags_inspect_reads_a_store_or_a_directory_and_changes_nothing(tmp_path, capsys):
    store = _store_with_a_game(tmp_path / "g.sqlite3")
    before = _snapshot(tmp_path)
    assert main(["tags", "inspect", str(store)]) == 2
    assert main(["tags", "inspect", str(tmp_path)]) == 2
    assert _snapshot(tmp_path) == before


@pytest.mark.parametrize("argv", [["tags", "write", "creepy_cellar:ghost:room-H", "--wait", "1"], ["tags", "list"],
                                  ["content", "clue_it"], ["private", "Ada"], ["enroll", "creepy_cellar"]])
def test_a_client_socket_on_a_file_never_touches_it(tmp_path, capsys, argv):
    store = _store_with_a_game(tmp_path / "g.sqlite3")
    before = _snapshot(tmp_path)
    assert main([*argv, "--socket", str(store)]) != 0
    assert _snapshot(tmp_path) == before


# ---------------------------------------------------------------------- install --root / --prefix

def test_install_root_that_is_a_file_is_refused(tmp_path, capsys):
    plain = _garbage(tmp_path / "plain.txt")
    assert main(["install", "--root", str(plain), "--prefix", "/opt/haunt-companion/.venv"]) == 2
    assert capsys.readouterr().err.strip() == (
        f"companion: --root {plain} is a regular file, not a directory to install into")
    assert plain.read_text() == "my notes\n"


def test_install_never_writes_out_of_its_root_through_a_link(tmp_path, capsys):
    outside = tmp_path / "real-etc"
    (outside / "systemd" / "system").mkdir(parents=True)
    victim = _garbage(outside / "systemd" / "system" / "haunt-companion.service", "the real unit\n")
    root = tmp_path / "root"
    root.mkdir()
    (root / "etc").symlink_to(outside)
    assert main(["install", "--root", str(root), "--prefix", "/opt/haunt-companion/.venv"]) == 2
    assert "leads out of --root" in capsys.readouterr().err
    assert victim.read_text() == "the real unit\n" and sorted(p.name for p in outside.rglob("*")) == [
        "haunt-companion.service", "system", "systemd"]


def test_install_leaves_a_directory_where_a_unit_goes(tmp_path, capsys):
    unit = tmp_path / "etc/systemd/system/haunt-companion.service"
    unit.mkdir(parents=True)
    (unit / "keep").write_text("keep")
    assert main(["install", "--root", str(tmp_path), "--prefix", "/opt/haunt-companion/.venv"]) == 2
    assert "is a directory: the installer writes only a regular file" in capsys.readouterr().err
    assert (unit / "keep").read_text() == "keep"


@pytest.mark.parametrize("prefix", ["/opt/venv\nExecStartPre=/bin/rm -rf /", "opt/venv", "/opt/my venv", "/opt/%h/venv",
                                    "/opt/../etc"])
def test_install_prefix_must_be_a_plain_absolute_path(tmp_path, capsys, prefix):
    assert main(["install", "--root", str(tmp_path), "--prefix", prefix]) == 2
    assert "is not a plain absolute path" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []


def test_uninstall_removes_only_files_the_installer_writes(tmp_path, capsys):
    assert main(["install", "--root", str(tmp_path), "--prefix", "/opt/haunt-companion/.venv"]) == 0
    mine = _garbage(tmp_path / "home-notes.txt")
    manifest = tmp_path / "etc/haunt-companion/install-manifest.json"
    import hashlib
    import json

    files = json.loads(manifest.read_text())["files"]
    digest = hashlib.sha256(mine.read_bytes()).hexdigest()
    files.update({"/../home-notes.txt": digest, "/home-notes.txt": digest})
    manifest.write_text(json.dumps({"files": files}))
    assert main(["install", "--root", str(tmp_path), "--uninstall"]) == 0
    assert mine.read_text() == "my notes\n"


def test_install_with_a_broken_edited_config_does_not_claim_success(tmp_path, capsys):
    config = tmp_path / "etc/haunt-companion/config.toml"
    config.parent.mkdir(parents=True)
    config.write_text("[dice]\npin = 99\n")
    assert main(["install", "--root", str(tmp_path), "--prefix", "/opt/haunt-companion/.venv"]) == 1
    captured = capsys.readouterr()
    assert "Reboot" not in captured.out and "comes up by itself" not in captured.out
    assert "Fix /etc/haunt-companion/config.toml first (" in captured.out
    assert captured.err.strip() == ("companion install: not finished: /etc/haunt-companion/config.toml does not load; "
                                    "fix it and run companion install again")
    assert config.read_text() == "[dice]\npin = 99\n"


# ---------------------------------------------------------------------- smaller (issue 20)

def test_no_dice_button_is_a_plain_sentence():
    from gpiozero.exc import BadPinFactory

    from companion.daemon.table_hardware import no_dice_button

    text = no_dice_button(BadPinFactory("Unable to load any default pin factory!"))
    assert text == ("No dice button: this machine has no GPIO library gpiozero can use (on a Raspberry Pi, "
                    "install lgpio: sudo apt install python3-lgpio). Touches on the screen still work.")
    assert "Unable to load" not in text


def test_the_daemon_logs_an_ordered_shutdown_on_sigterm(tmp_path):
    import signal

    from companion.daemon.taps import game_roles

    config = tmp_path / "config.toml"
    config.write_text("[dice]\nenabled = false\n")
    sock = tmp_path / "d.sock"
    proc = subprocess.Popen([sys.executable, "-m", "companion", "daemon", "--db", str(tmp_path / "g.sqlite3"),
                             "--socket", str(sock), "--config", str(config)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=checkout_env())
    try:
        assert "listening on" in proc.stdout.readline()
        proc.send_signal(signal.SIGTERM)
        _out, err = proc.communicate(timeout=60)
    finally:
        proc.kill()
    assert proc.returncode == 0
    steps = [line.split(": ", 1)[1] for line in err.splitlines() if "companion" in line and
             ("SIGTERM" in line or "shutdown" in line)]
    assert steps[2].startswith("shutdown 2/3: stopping the input worker (0 input(s) still queued) and ")
    assert steps[:2] + steps[3:] == [
        "SIGTERM received: shutting down in order (readers and dice button, input worker, clients and socket, "
        "event store)",
        # no reader in the config: the daemon's virtual readers, one per reader role (issue 18)
        f"shutdown 1/3: stopping {len(game_roles())} reader(s) and button(s)",
        "shutdown 3/3: closing the clients and the socket",
        f"shutdown done: the event store {tmp_path / 'g.sqlite3'} is closed"]
    assert not sock.exists()


# ---------------------------------------------------------------------- newcomer's findings (h18b)

@pytest.fixture
def data_home(tmp_path, monkeypatch):
    home = tmp_path / "data"
    home.mkdir(mode=0o700)
    monkeypatch.setenv("XDG_DATA_HOME", str(home))
    return home


def _accepted(db):
    check_db_path(db)
    check_private_dir(db)
    return True


@pytest.mark.parametrize("argv", [["daemon"], ["play", "creepy_cellar", "--players", "Ada,Bo", "--terminal"],
                                  ["replay", "SCRIPT"]])
def test_a_db_in_a_missing_folder_is_one_line_and_exit_2_everywhere(tmp_path, capsys, argv):
    script = tmp_path / "s.jsonl"
    script.write_text('{"header": {"game": "creepy_cellar", "players": ["Ada", "Bo"], "seed": 1}}\n')
    db = tmp_path / "nodir" / "y.db"
    argv = [str(script) if a == "SCRIPT" else a for a in argv]
    code = main([*argv, "--db", str(db), *(["--socket", str(tmp_path / "d.sock")] if argv[0] != "replay" else [])])
    out, err = capsys.readouterr()
    assert code == 2
    assert err == (f"companion: --db {db}: the folder {db.parent} does not exist (create it first, "
                   f"or give a path in a folder that exists)\n")
    assert "Playing" not in out and "Resumed" not in out
    assert sorted(p.name for p in tmp_path.iterdir()) == ["data", "s.jsonl"] or not (tmp_path / "nodir").exists()
    assert not (tmp_path / "d.sock").exists()


@pytest.mark.parametrize("where", ["/dev/null", "/tmp", "shared"])
def test_the_db_advice_is_a_path_the_companion_accepts(tmp_path, capsys, data_home, where):
    if where == "shared":
        (tmp_path / "shared").mkdir()
        (tmp_path / "shared").chmod(0o1777)
        where = str(tmp_path / "shared" / "x.db")
    code, err = _daemon(capsys, "--db", where, "--socket", tmp_path / "d.sock")
    assert code == 2 and "\n" not in err and "  " not in err
    suggested = err.rsplit("e.g. --db ", 1)[1]
    assert suggested == str(data_home / "haunt-companion" / "companion.sqlite3")
    (data_home / "haunt-companion").mkdir(mode=0o700, exist_ok=True)
    assert _accepted(Path(suggested))


def test_a_private_directory_as_db_suggests_a_file_in_it(tmp_path, capsys):
    mine = tmp_path / "mine"
    mine.mkdir(mode=0o700)
    code, err = _daemon(capsys, "--db", mine, "--socket", tmp_path / "d.sock")
    assert (code, err) == (2, f"companion: --db {mine} is a directory, not an event store file: give the path "
                              f"of a file, e.g. --db {mine / 'companion.sqlite3'}")


@pytest.mark.parametrize("config", ["/dev/null", "DIR", "MISSING"])
@pytest.mark.parametrize("command", ["daemon", "play"])
def test_a_config_that_is_no_file_is_one_line_and_exit_2(tmp_path, capsys, config, command):
    config = {"DIR": str(tmp_path), "MISSING": str(tmp_path / "none.toml")}.get(config, config)
    argv = ["daemon"] if command == "daemon" else ["play", "creepy_cellar", "--players", "Ada,Bo", "--terminal"]
    code = main([*argv, "--config", config, "--db", str(tmp_path / "g.db"), "--socket", str(tmp_path / "d.sock")])
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1 and err.startswith(f"companion: --config {config}")
    assert not (tmp_path / "g.db").exists()


def _foreign_sqlite(path):
    import sqlite3

    with sqlite3.connect(path) as other:
        other.execute("CREATE TABLE recipes (name TEXT)")
    return path


def _good_backup(tmp_path):
    good = tmp_path / "good.bak"
    assert main(["backup", str(good), "--db", str(_store_with_a_game(tmp_path / "table.sqlite3"))]) == 0
    return good


@pytest.mark.parametrize("kind", ["foreign", "text", "empty"])
def test_restore_onto_a_file_that_is_no_store_refuses_as_the_daemon_does(tmp_path, capsys, kind):
    """Newcomer trial: ``restore good.bak --db foreign.sqlite`` took over another program's
    database (kept it as ``.before-restore`` and wrote ours in its place); on a text file it
    failed late ("file is not a database") and left an empty ``.lock`` behind, beside which
    the daemon then took the text file for a damaged store of ours and moved it aside."""
    good = _good_backup(tmp_path)
    decoy = tmp_path / "decoy"
    decoy.mkdir()
    target = {"foreign": lambda p: _foreign_sqlite(p), "text": lambda p: _garbage(p, Path("/etc/passwd").read_text()),
              "empty": lambda p: (p.write_bytes(b""), p)[1]}[kind](decoy / "db.x")
    before = _snapshot(decoy)
    capsys.readouterr()
    assert main(["restore", str(good), "--db", str(target)]) == 2
    err = capsys.readouterr().err.strip()
    assert _snapshot(decoy) == before  # no .before-restore, no .lock, the file byte for byte
    code, daemon_err = _daemon(capsys, "--db", target, "--socket", tmp_path / "d.sock")
    assert code != 0 and err == daemon_err and "\n" not in err
    assert _snapshot(decoy) == before
    assert ("not a Haunt Companion" in err) if kind != "text" else ("not an SQLite file" in err)


def test_the_daemon_refuses_an_empty_file_it_did_not_make(tmp_path, capsys):
    empty = tmp_path / "empty.sqlite3"
    empty.write_bytes(b"")
    code, err = _daemon(capsys, "--db", empty, "--socket", tmp_path / "d.sock")
    assert code == 2 and err == (f"companion: --db {empty} is an empty file, not a Haunt Companion store: "
                                 f"give a new path or delete it")
    assert [p.name for p in tmp_path.iterdir()] == ["empty.sqlite3"] and empty.read_bytes() == b""


def test_an_empty_store_file_beside_our_lock_is_ours_cut_at_its_creation(tmp_path):
    """A power cut between making the file and writing its schema leaves it empty, with the
    companion's ``.lock`` beside it: that one opens (and becomes a store)."""
    db = tmp_path / "g.sqlite3"
    db.write_bytes(b"")
    (tmp_path / "g.sqlite3.lock").write_bytes(b"")
    check_db_path(db)



# ---------------------------------------------------------------------- ui --screenshot
@pytest.mark.parametrize("kind", ["text", "store", "folder", "link"])
def test_a_screenshot_replaces_only_an_earlier_png(tmp_path, capsys, monkeypatch, kind):
    """``companion ui --screenshot PNG`` (and ``python -m ui``) writes a new file or over an
    earlier screenshot; another file, a folder or a link is refused in one line, untouched,
    before any window opens (a newcomer's finding, session 14: it replaced any file)."""
    from ui.__main__ import main as ui_main

    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    target = {"text": tmp_path / "notes.txt", "store": tmp_path / "g.sqlite3", "folder": tmp_path / "shots",
              "link": tmp_path / "shot.png"}[kind]
    if kind == "text":
        target.write_text("my notes\n")
    elif kind == "store":
        _store_with_a_game(target)
    elif kind == "folder":
        target.mkdir()
    else:
        (tmp_path / "real.png").write_bytes(b"\x89PNG\r\n\x1a\n")
        target.symlink_to(tmp_path / "real.png")
    before = _snapshot(tmp_path)
    assert main(["ui", "--screenshot", str(target), "--socket", str(tmp_path / "s.sock")]) == 2
    assert ui_main(["--screenshot", str(target), "--socket", str(tmp_path / "s.sock")]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 2 and "nothing was written" in err and "display" not in err, err
    assert _snapshot(tmp_path) == before


@pytest.mark.parametrize("where", ["missing", "under-a-file"])
def test_a_screenshot_in_a_missing_folder_is_refused_and_makes_no_folder(tmp_path, capsys, monkeypatch, where):
    """``companion ui --screenshot /nonexistent/x.png`` made ``/nonexistent`` and exited 0 (newcomer20,
    finding 8): a missing folder is refused in one line, exit 2, as ``companion backup`` refuses it,
    before any window opens, and nothing is made."""
    from ui.__main__ import main as ui_main

    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    if where == "under-a-file":
        (tmp_path / "notes.txt").write_text("my notes\n")
        target = tmp_path / "notes.txt" / "x.png"
    else:
        target = tmp_path / "nonexistent" / "deeper" / "x.png"
    before = _snapshot(tmp_path)
    assert main(["ui", "--screenshot", str(target), "--exit-after", "3", "--socket", str(tmp_path / "s.sock")]) == 2
    assert ui_main(["--screenshot", str(target), "--socket", str(tmp_path / "s.sock")]) == 2
    err = capsys.readouterr().err
    lines = err.strip().splitlines()
    assert len(lines) == 2 and all("nothing was written" in line for line in lines), err
    assert ("does not exist: create it first" in err) == (where == "missing"), err
    assert _snapshot(tmp_path) == before


def test_an_earlier_screenshot_or_a_new_path_is_taken(tmp_path):
    from ui.shot import refused_target

    earlier = tmp_path / "shot.png"
    earlier.write_bytes(b"\x89PNG\r\n\x1a\n" + b"\0" * 20)
    assert refused_target(earlier) is None and refused_target(tmp_path / "new.png") is None
