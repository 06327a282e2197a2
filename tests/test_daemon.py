"""The daemon's socket: the UI's only way in; bad commands change nothing (issue 2)."""

from __future__ import annotations

import contextlib
import copy
import socket
import stat
import threading
from pathlib import Path

import pytest

from companion import protocol
from companion.client import Client
from companion.daemon import Daemon, DaemonThread, heap
from companion.daemon.settings import DaemonSettings
from companion.engine import get_game
from companion.errors import StackError
from companion.header import GameHeader
from companion.inputs import Press, Tap, Touch
from companion.session import core as session_core
from companion.store import EventStore
from tests.collector import Collector, wait_until
from tests.daemon_fixture import running_daemon


def _start(daemon, **header):
    raw = {"game": "creepy_cellar", "players": ["Ada", "Bo"], "seed": 3, **header}
    daemon.call(lambda: daemon.start_game(GameHeader.from_json(raw)))


def test_socket_is_group_only(daemon):
    mode = stat.S_IMODE(daemon.socket_path.stat().st_mode)
    assert mode == 0o660


def test_no_game_yet_then_new_game(daemon):
    with Client(daemon.socket_path).connect() as client:
        assert client.state["game"] is None
        assert client.state["prompt"]["text"] == "No game yet: start a new one."
        ack = client.new_game("creepy_cellar", ["Ada", "Bo"])
        assert ack["ok"] is True
        client.request({"cmd": "state"})
        assert client.state["game"] == "creepy_cellar"
        assert client.state["prompt"]["text"] == "Ada: touch “Roll the die”"  # this daemon has no dice button


def test_bad_new_game_is_refused(daemon):
    collector = Collector()
    with Client(daemon.socket_path, on_message=collector).connect() as client:
        ack = client.new_game("chess", ["Ada"])
        assert ack["ok"] is False and "unknown game 'chess'" in ack["text"]
        collector.wait_for(lambda m: m.get("type") == "notice" and "Cannot start that game" in m["text"])
    assert daemon.session is None


def test_choose_and_undo_through_the_socket(daemon):
    _start(daemon, stack={"movement_die": [6]})
    daemon.submit(Press("dice"))
    daemon.drain()
    with Client(daemon.socket_path).connect() as client:
        assert client.state["view"]["die"] == 6
        assert client.state["can_undo"] is True
        assert client.choose("end-turn")["ok"] is True
        assert client.state["prompt"]["text"] == "Bo: touch “Roll the die”"
        refused = client.choose("remove-ghost:Z")
        assert refused == {"type": "ack", "id": refused["id"], "ok": False,
                           "text": "A ghost is removed only with a Remove Ghost Cellar card. "
                                   "Bo: touch “Roll the die”."}
        assert client.undo()["ok"] is True
        assert client.state["prompt"]["text"] == "Ada's red hunter (outside): move up to 6, then End turn"


def test_garbage_lines_get_a_notice_and_change_nothing(daemon):
    _start(daemon)
    before = daemon.session.state
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as raw:
        raw.connect(str(daemon.socket_path))
        reader = raw.makefile("rb")
        assert protocol.decode(reader.readline())["type"] == "state"
        assert protocol.decode(reader.readline())["type"] == "later"  # the odds meter's figure, after it
        raw.sendall(b"this is not json\n")
        assert "Not done: not JSON" in protocol.decode(reader.readline())["text"]
        raw.sendall(b'{"cmd": "fly", "id": 9}\n')
        assert protocol.decode(reader.readline())["text"] == "Not done: unknown command 'fly'"
        assert protocol.decode(reader.readline()) == {"type": "ack", "id": 9, "ok": False,
                                                      "text": "unknown command 'fly'"}
        raw.sendall(b'[1]\n{"cmd": "state"}\n')
        assert protocol.decode(reader.readline())["type"] == "notice"
        assert protocol.decode(reader.readline())["type"] == "state"
    assert daemon.session.state == before
    assert daemon.store.events(daemon.session.game_id) == []


def test_every_client_sees_every_state(daemon):
    _start(daemon, stack={"movement_die": [6]})
    first, second = Collector(), Collector()
    with Client(daemon.socket_path, on_message=first).connect(), \
            Client(daemon.socket_path, on_message=second).connect():
        daemon.submit(Press("dice"))
        daemon.drain()
        for collector in (first, second):
            state = collector.wait_for(lambda m: m.get("type") == "state" and m["view"].get("die") == 6)
            assert state["news"] == ["Ada rolled 6.", "A 6: no Ghost card this turn."]


def test_a_press_encodes_its_state_once_for_every_screen(daemon, monkeypatch):
    """Issue 35 item 3: with three screens connected, one press is encoded once as a state,
    once as its flash and once as the odds meter's figure after it (a work count, not a timing)."""
    _start(daemon, stack={"movement_die": [6]})
    collectors = [Collector(), Collector(), Collector()]
    encoded: list[str] = []
    encode = protocol.encode

    def counted(message):
        encoded.append(message.get("type"))
        return encode(message)

    with contextlib.ExitStack() as stack:
        for collector in collectors:
            stack.enter_context(Client(daemon.socket_path, on_message=collector).connect())
        daemon.call(lambda: None)  # each greeting's figure sent (it follows the greeting)
        monkeypatch.setattr(protocol, "encode", counted)
        daemon.submit(Press("dice"))
        daemon.drain()
        daemon.call(lambda: None)  # the loop's next turn: the figure's
        for collector in collectors:
            collector.wait_for(lambda m: m.get("type") == "state" and m["view"].get("die") == 6)
    assert sorted(encoded) == ["input", "later", "state"]


def test_the_heap_is_settled_once_a_game_is_on_the_table_never_per_input(tmp_path, monkeypatch):
    """Issue 35 item 3: ``settle_heap`` (collect, gc.freeze) runs when a game starts or
    resumes, never on an input's path; off unless the settings ask (the daemon process does)."""
    settled: list[int] = []
    monkeypatch.setattr(heap, "settle_heap", lambda: settled.append(1))
    monkeypatch.setattr(heap, "hold_heap", lambda: None)  # not this test process's whole heap
    monkeypatch.setattr(heap, "SETTLE_AFTER", 0.0)
    with running_daemon(tmp_path, settings=DaemonSettings(settle_heap=True)) as daemon:
        _start(daemon, stack={"movement_die": [6]})
        wait_until(lambda: settled)
        assert daemon.submit(Press("dice")).result(10).news == ("Ada rolled 6.", "A 6: no Ghost card this turn.")
        daemon.call(lambda: None)
        assert settled == [1]
    with running_daemon(tmp_path, socket="other.sock", db="e.sqlite3") as daemon:
        _start(daemon)
        daemon.drain()
    assert settled == [1]
    store = EventStore(tmp_path / "f.sqlite3")  # a game on the table before serving (a resume at boot)
    daemon = Daemon(store, tmp_path / "third.sock", settings=DaemonSettings(settle_heap=True))
    daemon.start_game(GameHeader.from_json({"game": "creepy_cellar", "players": ["Ada", "Bo"], "seed": 3}))
    assert settled == [1]
    with DaemonThread(daemon):
        wait_until(lambda: len(settled) == 2)
    store.close()


def test_input_without_a_game_is_explained(daemon):
    collector = Collector()
    with Client(daemon.socket_path, on_message=collector).connect():
        daemon.submit(Press("dice"))
        daemon.drain()
        notice = collector.wait_for(lambda m: m.get("type") == "notice")
    assert notice["text"] == "No game is running: dice button ignored. Start a new game."


def test_an_unknown_tag_is_one_line_in_the_tables_words_on_the_screen(daemon):
    """Issue 29 audit: the table read "Unknown tag 04... on reader table: it is not enrolled.
    To enroll it, open Settings, ..., or run companion tags enroll 04... COMPONENT." in a
    six-line banner. The screens get one line naming the Settings card, in the table's
    language; the reply (the terminal's, ``companion tap``) keeps the command line."""
    uid = "04DEADBEEF0042"
    _start(daemon)
    collector = Collector()
    with Client(daemon.socket_path, on_message=collector).connect() as client:
        reply = daemon.submit(Tap(uid)).result(10)
        notice = collector.wait_for(lambda m: m.get("type") == "notice")
        assert notice["text"] == "Card or tile not known: register it in Settings, Enroll tags."
        assert f"companion tags enroll {uid}" in str(reply.text)
        assert client.request({"cmd": "language", "language": "it"})["ok"]
        daemon.submit(Tap(uid))
        italian = collector.wait_for(lambda m: m.get("type") == "notice" and m is not notice)
    assert italian["text"] == "Carta o tessera sconosciuta: registratela in Impostazioni, Registra i tag."
    assert uid not in notice["text"] + italian["text"] and "companion" not in notice["text"] + italian["text"]


def test_daemon_resumes_the_unfinished_game(tmp_path):
    store = EventStore(tmp_path / "d.sqlite3")
    with running_daemon(tmp_path, store, socket="a.sock") as first:
        _start(first, stack={"movement_die": [6]})
        first.submit(Press("dice"))
        first.drain()
    with running_daemon(tmp_path, store, socket="b.sock") as second:
        assert second.call(second.game.resume_last) is not None
        assert second.session.view()["die"] == 6
        assert second.session.prompt.text == "Ada's red hunter (outside): move up to 6, then End turn"
    store.close()


def _close_together(client: Client, barrier: threading.Barrier, errors: list) -> None:
    """Close ``client`` the moment every thread at ``barrier`` is there; keep any error."""
    barrier.wait()
    try:
        client.close()
    except Exception as exc:  # noqa: BLE001 - any error is the bug
        errors.append(exc)


def test_client_close_from_two_threads_at_once(daemon):
    """Regression: two threads closing one Client raced on ``self._sock`` (AttributeError)."""
    for _ in range(20):
        client = Client(daemon.socket_path).connect()
        errors = []
        barrier = threading.Barrier(4)
        threads = [threading.Thread(target=_close_together, args=(client, barrier, errors)) for _ in range(4)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert errors == []
        assert client.wait_closed(5)


def test_a_failing_listener_does_not_cut_the_connection(daemon):
    """Regression: an exception in on_message (e.g. a closed stdout) killed the reader thread."""
    _start(daemon, stack={"movement_die": [6]})

    def explode(message):
        raise BrokenPipeError("stdout closed")

    with Client(daemon.socket_path, on_message=explode).connect() as client:
        assert client.choose("roll")["ok"] is True
        assert client.state["view"]["die"] == 6


def test_a_second_daemon_on_the_same_socket_is_refused(daemon, tmp_path):
    from companion.daemon import DaemonBusy

    with pytest.raises(DaemonBusy, match="already listening"):
        with running_daemon(tmp_path, db=":memory:", socket=daemon.socket_path):
            pass
    with Client(daemon.socket_path).connect() as client:  # the first one still serves
        assert client.state["type"] == "state"


def test_a_stale_socket_file_is_replaced(tmp_path):
    path = tmp_path / "stale.sock"
    stale = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    stale.bind(str(path))
    stale.close()  # the file stays, nobody listens
    with running_daemon(tmp_path, db=":memory:", socket=path) as d:
        with Client(d.socket_path).connect() as client:
            assert client.state["game"] is None


def test_state_command_answers_only_the_asker(daemon):
    _start(daemon)
    watcher = Collector()
    with Client(daemon.socket_path, on_message=watcher).connect(), \
            Client(daemon.socket_path).connect() as asker:
        before = len(watcher.messages)
        for _ in range(5):
            asker.request({"cmd": "state"})
        assert len(watcher.messages) == before


def test_new_game_does_not_silently_replace_a_running_game(daemon):
    _start(daemon)
    running = daemon.session
    watcher = Collector()
    with Client(daemon.socket_path, on_message=watcher).connect(), \
            Client(daemon.socket_path).connect() as other:
        ack = other.new_game("creepy_cellar", ["Cy"])
        assert ack["ok"] is False and "a game is still running" in ack["text"]
        assert daemon.session is running
        assert not any(m.get("type") == "notice" for m in watcher.messages)  # only the asker is told
        ack = other.request({"cmd": "new_game", "game": "creepy_cellar", "players": ["Cy"], "abandon": True})
        assert ack["ok"] is True and daemon.session.header.players == ("Cy",)
    assert daemon.store.last_unfinished().id == daemon.session.game_id
    assert len(daemon.store.games()) == 2  # the abandoned game is still stored


def test_a_client_that_never_reads_is_dropped_not_buffered(daemon):
    """A stuck client made the daemon's memory grow without limit (newcomer report)."""
    _start(daemon)
    stuck = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    stuck.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    stuck.connect(str(daemon.socket_path))
    with Client(daemon.socket_path).connect() as client:
        for _ in range(800):  # each roll/undo broadcasts a ~2 kB state to everyone
            client.choose("roll")
            client.undo()
        daemon.drain()
        backlog = daemon.call(lambda: [w.transport.get_write_buffer_size() for w in daemon.hub.clients])
    stuck.close()
    assert len(backlog) == 1  # only the reading client is left
    from companion.daemon import MAX_BACKLOG
    assert max(backlog) <= MAX_BACKLOG


def test_unshowable_text_never_breaks_the_protocol():
    """A lone surrogate in a name broke every broadcast and every restart (newcomer report)."""
    assert protocol.encode({"type": "notice", "text": "\ud800!"}) == b'{"type":"notice","text":"?!"}\n'


@pytest.mark.slow
def test_companion_daemon_command_refuses_a_busy_socket(tmp_path):
    """The CLI hung (ignoring SIGTERM) when the socket was taken (second newcomer report)."""
    import subprocess
    import sys

    from tests.checkout import checkout_env

    sock = tmp_path / "d.sock"
    first = subprocess.Popen([sys.executable, "-m", "companion", "daemon", "--db", str(tmp_path / "a.db"),
                              "--socket", str(sock), "--new", "creepy_cellar"],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=checkout_env())
    try:
        assert "listening on" in first.stdout.readline()
        second = subprocess.run([sys.executable, "-m", "companion", "daemon", "--db", str(tmp_path / "b.db"),
                                 "--socket", str(sock)], capture_output=True, text=True, timeout=20,
                                env=checkout_env())
        assert second.returncode == 2  # a socket another daemon serves: a path refusal (words15)
        assert f"another companion daemon is already listening on {sock}" in second.stderr
        assert not (tmp_path / "b.db").exists()  # refused before its store is opened (nothing made)
        with Client(sock).connect() as client:  # the first one still serves its game
            assert client.state["game"] == "creepy_cellar"
    finally:
        first.terminate()
        assert first.wait(10) == 0


def test_clients_cannot_rig_the_dice(daemon):
    """new_game took 'stack' and 'seed' from any client (second newcomer report)."""
    with Client(daemon.socket_path).connect() as client:
        ack = client.request({"cmd": "new_game", "game": "creepy_cellar", "players": ["X"],
                              "stack": {"movement_die": [7]}})
        assert ack["ok"] is False and ack["text"] == "new_game takes game, players, options and colours, not 'stack'"
        assert daemon.session is None
        bad = client.request({"cmd": "choose"})
        assert bad["ok"] is False and bad["text"] == "choose needs a choice key (text)"


def test_submit_answers_through_its_future(tmp_path):
    """Issue 27: each input's reply comes back through the future :meth:`Daemon.submit`
    returns; an input that cannot be played at all gets the error instead."""
    with running_daemon(tmp_path, db=":memory:") as d:
        _start(d, stack={"movement_die": [6, 9]})
        rolled = d.submit(Press("dice")).result(10)
        assert rolled.accepted and str(rolled.news[0]).startswith("Ada rolled 6")
        refused = d.submit(Press("dice")).result(10)
        assert not refused.accepted and refused.text
        d.call(lambda: d.session.handle(Touch("end-turn")))
        with pytest.raises(StackError, match=r"stack 'movement_die' item 2 \(9\) is not possible now"):
            d.submit(Press("dice")).result(10)


def test_a_bug_while_handling_an_input_does_not_stop_the_daemon(tmp_path, monkeypatch):
    """One unexpected exception ended the worker: every later input hung (review finding).
    The input's future gets the bug (issue 27: replies through the future of submit())."""
    with running_daemon(tmp_path, db=":memory:") as d:
        _start(d, stack={"movement_die": [6]})
        handle = d.session.handle
        calls = []

        def flaky_handle(inp, line=None):  # a bug once the game took the input
            calls.append(inp)
            reply = handle(inp, line)
            if len(calls) == 1:
                raise RuntimeError("boom")
            return reply

        monkeypatch.setattr(d.session, "handle", flaky_handle)
        collector = Collector()
        with Client(d.socket_path, on_message=collector).connect() as client:
            future = d.submit(Press("dice"))
            d.drain()
            assert str(future.exception(timeout=0)) == "boom"
            notice = collector.wait_for(lambda m: m.get("type") == "notice")
            assert notice["level"] == "error" and notice["text"].startswith("Internal error")
            assert client.choose("end-turn")["ok"] is True  # the daemon still answers
            assert d.call(lambda: d.session.view()["turn"]) == "Bo"


def test_odd_bytes_get_clear_answers(daemon):
    """Found by the third newcomer pass: a NaN id was echoed as invalid JSON; non-UTF-8
    bytes got a UTF-16 error; an over-long line closed the connection without a word."""
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as raw:
        raw.connect(str(daemon.socket_path))
        reader = raw.makefile("rb")
        reader.readline()  # the first state
        raw.sendall(b'{"cmd": "state", "id": NaN}\n')
        assert protocol.decode(reader.readline())["text"] == "Not done: not JSON: NaN is not allowed"
        raw.sendall(b"\xff\xfe\x00garbage\n")
        assert protocol.decode(reader.readline())["text"] == "Not done: not UTF-8 text"
        raw.sendall(b"x" * (protocol.MAX_LINE + 10) + b"\n")
        assert "longer than" in protocol.decode(reader.readline())["text"]


def test_reader_offline_and_back_reaches_every_client(daemon):
    """Issue 3 case 12: the UI learns that a reader is offline, and when it is back."""
    collector = Collector()
    with Client(daemon.socket_path, on_message=collector).connect() as client:
        daemon.devices.on_status("cards", False, "no /dev/spidev0.0")
        notice = collector.wait_for(lambda m: m.get("type") == "notice" and "offline" in m["text"])
        assert notice["text"] == "Reader cards is offline: no /dev/spidev0.0. Touches still work."
        collector.wait_for(lambda m: m.get("type") == "state" and m["readers"].get("cards", {}).get("online") is False)
        daemon.devices.on_status("cards", True, "")
        collector.wait_for(lambda m: m.get("type") == "notice" and m["text"] == "Reader cards is working.")
        client.request({"cmd": "state"})
        assert client.state["readers"] == {"cards": {"online": True, "detail": ""}}


def test_enrolled_tags_are_stored_and_used_at_once(daemon):
    """Issue 3 "Tags and enrollment": the registry lives in the event store's database."""
    uid = "04AA0000000001"
    _start(daemon, options={"ghost_deck": "physical"}, stack={"movement_die": [2]})
    with Client(daemon.socket_path).connect() as client:
        ack = client.request({"cmd": "enroll", "uid": "04:aa:00:00:00:00:01",
                              "component": "creepy_cellar:ghost:room-H"})
        assert ack["ok"] and ack["text"] == f"Tag {uid} is now creepy_cellar:ghost:room-H."
        ack = client.request({"cmd": "enroll", "uid": uid, "component": "creepy_cellar:ghost:room-E"})
        assert ack["text"] == (f"Tag {uid} is now creepy_cellar:ghost:room-E."
                               " It was creepy_cellar:ghost:room-H before.")
        bad = client.request({"cmd": "enroll", "uid": uid, "component": "chess:piece:king"})
        assert not bad["ok"] and "no component 'chess:piece:king'" in bad["text"]
        client.choose("roll")
        daemon.submit(Tap(uid))
        daemon.drain()
        assert daemon.call(lambda: daemon.session.view()["rooms"]["E"]["ghosts"]) == 1
        assert daemon.store.enrolled_tags() == {uid: "creepy_cellar:ghost:room-E"}
        assert client.request({"cmd": "forget", "uid": uid})["text"] == f"Tag {uid} is forgotten."
        assert daemon.store.enrolled_tags() == {}


def test_enroll_and_forget_acks_speak_the_tables_language(daemon):
    """Issue 21: the enroll and forget acks were English f-strings while the table spoke Italian."""
    uid = "04AA0000000001"
    with Client(daemon.socket_path).connect() as client:
        assert client.request({"cmd": "language", "language": "it"})["ok"]
        first = client.request({"cmd": "enroll", "uid": uid, "component": "creepy_cellar:ghost:room-H"})
        again = client.request({"cmd": "enroll", "uid": uid, "component": "creepy_cellar:ghost:room-E"})
        gone = client.request({"cmd": "forget", "uid": uid})
        unknown = client.request({"cmd": "forget", "uid": uid})
    assert first["text"] == f"Il tag {uid} ora è creepy_cellar:ghost:room-H."
    assert again["text"] == f"Il tag {uid} ora è creepy_cellar:ghost:room-E. Prima era creepy_cellar:ghost:room-H."
    assert gone["text"] == f"Il tag {uid} è stato dimenticato."
    assert unknown["text"] == f"Il tag {uid} non era registrato."


def test_companion_tags_commands_talk_to_the_daemon(daemon, capsys):
    from companion.cli import main

    sock = str(daemon.socket_path)
    assert main(["tags", "enroll", "04BB0000000002", "creepy_cellar:king:king-E", "--socket", sock]) == 0
    assert main(["tags", "list", "--socket", sock]) == 0
    assert main(["tags", "enroll", "04BB", "creepy_cellar:king:king-E", "--socket", sock]) == 2
    out, err = capsys.readouterr()
    assert out == "Tag 04BB0000000002 is now creepy_cellar:king:king-E.\n04BB0000000002\tcreepy_cellar:king:king-E\n"
    assert "a UID is 4, 7 or 10 bytes of hex" in err


@pytest.fixture
def presences():
    """Every tag presence and removal the card reader's runner reported, in order."""
    return Collector()


@pytest.fixture
def card_reader(daemon, presences):
    """A supervised fake reader named "cards" attached to the daemon, polling for real."""
    from companion.daemon.table_hardware import supervise
    from hardware.nfc.fake import FakeNfcReader

    def on_presence(event):
        presences(event)
        daemon.on_presence(event)

    fake = FakeNfcReader("cards")
    stop = supervise(daemon, "cards", lambda: fake, interval=0.02, on_presence=on_presence)
    yield fake
    stop()


def _programming(message) -> bool:
    return message.get("type") == "notice" and message["text"].startswith("Programming a tag")


def test_companion_tags_write_programs_the_tag_on_the_reader(daemon, card_reader, presences, capsys):
    """Issue 3: "companion tags write ID programs a blank NTAG through the connected reader"
    (page writes, verified by reading back); the card then needs no enrollment."""
    from companion.cli import main
    from hardware.nfc.base import TagRemoved
    from hardware.nfc.ntag import ntag215_image, read_text

    uid = bytes.fromhex("04CC0000000003")
    _start(daemon, options={"ghost_deck": "physical"}, stack={"movement_die": [2]})
    watcher = Collector()

    def put_the_blank_tag_down():  # once the write waits for it
        watcher.wait_for(_programming)
        card_reader.present(uid, ntag215_image(uid))

    with Client(daemon.socket_path, on_message=watcher).connect():
        threading.Thread(target=put_the_blank_tag_down, daemon=True).start()
        assert main(["tags", "write", "creepy_cellar:ghost:room-H", "--socket", str(daemon.socket_path)]) == 0
    out = capsys.readouterr().out
    assert out.endswith("Tag 04CC0000000003 now carries creepy_cellar:ghost:room-H (9 pages written and read back).\n")
    assert read_text(card_reader).text == "creepy_cellar:ghost:room-H"
    daemon.drain()
    assert daemon.call(lambda: daemon.session.view()["decks"]["ghost"]["left"]) == 25  # programming is no tap
    with Client(daemon.socket_path).connect() as client:
        client.choose("roll")
        card_reader.remove()
        presences.wait_for(lambda event: isinstance(event, TagRemoved))  # 3 misses and 300 ms
        card_reader.present(uid)  # the same card, now a draw: its text names it
        wait_until(lambda: daemon.call(lambda: daemon.session.view()["rooms"]["H"]["ghosts"]) == 1,
                   what="the drawn Ghost card in room H")
        assert daemon.store.enrolled_tags() == {}


def test_a_tag_carrying_another_component_is_not_overwritten_without_force(daemon, card_reader):
    from hardware.nfc.ntag import ntag215_image, read_text

    uid = bytes.fromhex("04CC0000000004")
    card_reader.present(uid, ntag215_image(uid, "creepy_cellar:ghost:room-E"))
    with Client(daemon.socket_path).connect() as client:
        ack = client.request({"cmd": "write_tag", "component": "creepy_cellar:ghost:room-H", "wait": 1})
        assert not ack["ok"]
        assert ack["text"] == ("The tag was not programmed: tag 04CC0000000004 already carries "
                               "'creepy_cellar:ghost:room-E'; overwrite it with --force, or use a blank tag.")
        assert read_text(card_reader).text == "creepy_cellar:ghost:room-E"
        ack = client.request({"cmd": "write_tag", "component": "creepy_cellar:ghost:room-H", "wait": 1,
                              "force": True})
        assert ack["ok"] and read_text(card_reader).text == "creepy_cellar:ghost:room-H"


def test_companion_tags_write_refuses_an_unknown_component_before_asking_for_a_tag(daemon, capsys):
    """A newcomer: the command said "Put a blank NTAG on the reader" and only then refused."""
    from companion.cli import main

    assert main(["tags", "write", "creepy_cellar:ghost:room-Z", "--socket", str(daemon.socket_path)]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and "no component 'creepy_cellar:ghost:room-Z' in any game" in captured.err


def test_write_tag_without_a_tag_times_out_and_names_the_reader(daemon, card_reader):
    with Client(daemon.socket_path).connect() as client:
        ack = client.request({"cmd": "write_tag", "component": "creepy_cellar:ghost:room-H", "wait": 1})
    assert ack == {"type": "ack", "id": ack["id"], "ok": False,
                   "text": "The tag was not programmed: no tag came to reader cards within 1 s."}


def test_write_tag_refuses_bad_requests(daemon, card_reader):
    with Client(daemon.socket_path).connect() as client:
        for message, reason in [
            ({"component": "chess:piece:king"}, "no component 'chess:piece:king'"),
            ({"component": "creepy_cellar:ghost:room-H", "reader": "tiles"}, "no reader 'tiles'; readers: cards"),
            ({"component": "creepy_cellar:ghost:room-H", "wait": 0}, "wait is 1 to 120 seconds, not 0"),
        ]:
            ack = client.request({"cmd": "write_tag", **message})
            assert not ack["ok"] and reason in ack["text"], ack


def test_write_tag_without_readers_says_so(daemon):
    with Client(daemon.socket_path).connect() as client:
        ack = client.request({"cmd": "write_tag", "component": "creepy_cellar:ghost:room-H"})
    assert not ack["ok"] and ack["text"] == "this daemon has no NFC reader to program tags with"


def test_a_tag_write_is_cancelled_when_its_client_leaves(daemon, card_reader):
    """Found by a newcomer: after Ctrl-C on `companion tags write`, the next card put down
    was still overwritten."""
    from hardware.nfc.ntag import ntag215_image, read_text

    watcher = Collector()
    with Client(daemon.socket_path, on_message=watcher).connect():
        client = Client(daemon.socket_path).connect()
        client.send({"cmd": "write_tag", "component": "creepy_cellar:king:king-A", "wait": 30, "force": True,
                     "id": 9})
        watcher.wait_for(_programming)
        client.close()
        watcher.wait_for(lambda m: m.get("type") == "notice"
                         and m["text"] == "The tag was not programmed: cancelled before a tag came.")
        uid = bytes.fromhex("04CC0000000005")
        card_reader.present(uid, ntag215_image(uid, "creepy_cellar:ghost:room-C"))
        watcher.wait_for(lambda m: m.get("type") == "input" and m["uid"] == "04CC0000000005")  # seen as a tap
    assert read_text(card_reader).text == "creepy_cellar:ghost:room-C"


def test_other_commands_are_answered_while_a_write_waits(daemon, card_reader):
    with Client(daemon.socket_path).connect() as client:
        client.send({"cmd": "write_tag", "component": "creepy_cellar:king:king-A", "wait": 30, "id": 7})
        assert client.request({"cmd": "tags"})["ok"]  # not stuck behind the write


def test_the_socket_is_never_reachable_by_others_before_it_is_group_only(tmp_path, monkeypatch):
    """Issue 8: under the most permissive umask, at the moment the socket is bound, others
    can neither write it nor reach the directory it is in; then it appears at its path
    already 0660 (binding at the final path and chmodding afterwards failed this)."""
    import os

    final = tmp_path / "run" / "companion.sock"
    seen = []
    bind = socket.socket.bind

    def watched(self, path):
        bind(self, path)
        bound = Path(path)
        seen.append((bound, stat.S_IMODE(bound.stat().st_mode), stat.S_IMODE(bound.parent.stat().st_mode)))

    monkeypatch.setattr(socket.socket, "bind", watched)
    old = os.umask(0)
    try:
        store = EventStore(tmp_path / "d.sqlite3")
        d = Daemon(store, final)
        with DaemonThread(d):
            assert stat.S_IMODE(final.stat().st_mode) == 0o660
            with Client(final).connect() as client:
                assert client.state["type"] == "state"
            assert sorted(p.name for p in final.parent.iterdir()) == ["companion.sock"]  # no temporary left
        store.close()
    finally:
        os.umask(old)
    assert len(seen) == 2  # the check's trial bind (paths.check_socket_path), then the socket's own
    for bound, mode, parent_mode in seen:
        assert bound != final
        private_parent = bound.parent != final.parent and parent_mode & 0o007 == 0
        assert mode & 0o002 == 0 or private_parent, (oct(mode), oct(parent_mode))
        assert parent_mode & 0o077 == 0
    assert not final.exists()  # removed when the daemon stops


def test_the_recent_log_is_rendered_once_and_again_in_a_new_language(daemon, monkeypatch):
    """Issue 9: each recent sentence is rendered once per language (a state is published
    after every input), yet a language change shows the whole log in the new language and
    every screen gets the same state."""
    import companion.daemon.publisher as daemon_module

    _start(daemon)
    daemon.submit(Press("dice", 0.1))
    daemon.drain()
    calls = []
    real = daemon_module.render
    monkeypatch.setattr(daemon_module, "render", lambda text, *how: calls.append(text) or real(text, *how))
    first = daemon.call(lambda: daemon.publisher.state())["log"]  # rendered when published already
    again = daemon.call(lambda: daemon.publisher.state())["log"]
    assert first == again and len(first) >= 2
    assert calls == []
    a, b = Collector(), Collector()
    with Client(daemon.socket_path, on_message=a).connect() as one, Client(daemon.socket_path, on_message=b).connect():
        assert one.request({"cmd": "language", "language": "it"})["ok"]
        italian = a.wait_for(lambda m: m.get("type") == "state" and m["language"] == "it")
        assert italian == b.wait_for(lambda m: m.get("type") == "state" and m["language"] == "it")
    assert [c for c in calls if c in first] == first  # each sentence rendered once in Italian
    assert len(italian["log"]) == len(first)
    assert [a == b for a, b in zip(italian["log"], first)].count(False) >= len(first) - 1
    assert "Ada ha fatto 5." in italian["log"], italian["log"]


def test_the_view_is_computed_once_per_state(daemon, monkeypatch):
    """Issue 9: states published about an unchanged game (a screen connecting, a reader
    status, the language) reuse its view (the odds meter costs about 1 ms); a new state
    gets a new view."""
    calls = []
    counted = copy.copy(get_game("creepy_cellar"))  # the game, counting its views
    real = counted.view_first  # a state message's view (its odds meter's figure follows it)
    counted.view_first = lambda s: calls.append(s) or real(s)
    monkeypatch.setattr(session_core, "get_game", lambda game: counted)
    _start(daemon)
    session = daemon.session
    assert len(calls) == 1 and calls[0] is session.state  # made when the game started
    calls.clear()
    for _ in range(3):
        daemon.call(lambda: daemon.publish())
    assert calls == []
    daemon.submit(Press("dice", 0.1))
    daemon.drain()
    daemon.call(lambda: daemon.publish())
    assert len(calls) == 1 and calls[0] is session.state
    assert daemon.call(lambda: session.view_first()) == real(session.state)


def test_a_message_with_nan_is_logged_and_not_sent(daemon, caplog):
    """words15: protocol.encode refuses NaN and Infinity (msgspec wrote null). A daemon message
    carrying one is not sent, the log names where, and the clients and the daemon go on."""
    seen = Collector()
    with Client(daemon.socket_path, on_message=seen).connect() as client:
        daemon.call(lambda: daemon.hub.broadcast({"type": "later", "revision": 1, "game": None,
                                                  "view": {"odds_haunting": float("nan")}}))
        assert client.request({"cmd": "state"})["ok"] is True
    assert not any(m.get("type") == "later" and m.get("revision") == 1 for m in seen.messages)
    assert any("$.view.odds_haunting" in r.getMessage() and r.levelname == "ERROR" for r in caplog.records)
