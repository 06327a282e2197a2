"""Phones through the real daemon (issue 22): off by default (no TCP port), the links to
the asker only, presence in the shared state, a CLUE: IT accusation made on a phone that
no other phone, screen or log ever sees before the reveal, a previous game's links."""

from __future__ import annotations

import asyncio
import json
import logging
import os
from pathlib import Path

import aiohttp
import pytest

from companion.client import Client
from companion.daemon import Daemon, DaemonThread
from companion.daemon.settings import DaemonSettings
from companion.header import GameHeader
from companion.phones.config import PhonesConfig
from companion.store import EventStore
from tests.collector import Collector
from tests.phones import clue_table

LOOPBACK = PhonesConfig(enabled=True, host="127.0.0.1", port=0)


@pytest.fixture
def daemon(tmp_path):
    store = EventStore(tmp_path / "d.sqlite3")
    d = Daemon(store, tmp_path / "run" / "companion.sock", DaemonSettings(phones=LOOPBACK))
    with DaemonThread(d):
        yield d
    store.close()


def _tcp_listeners() -> set[str]:
    """Inodes of this process's sockets that listen on TCP (v4 or v6)."""
    mine = set()
    for fd in os.listdir("/proc/self/fd"):
        try:
            target = os.readlink(f"/proc/self/fd/{fd}")
        except OSError:
            continue
        if target.startswith("socket:["):
            mine.add(target[8:-1])
    listening = set()
    for table in ("/proc/self/net/tcp", "/proc/self/net/tcp6"):
        for line in Path(table).read_text().splitlines()[1:]:
            fields = line.split()
            if fields[3] == "0A":  # LISTEN
                listening.add(fields[9])
    return mine & listening


def test_without_the_config_no_tcp_port_is_opened(tmp_path):
    before = _tcp_listeners()
    for phones in (None, PhonesConfig(enabled=False, host="127.0.0.1", port=0)):
        store = EventStore(tmp_path / f"{phones}.sqlite3")
        with DaemonThread(Daemon(store, tmp_path / "off.sock", DaemonSettings(phones=phones))) as d, \
                Client(d.socket_path).connect() as client:
            refused = client.request({"cmd": "phone_links"})
            assert d.phones is None and _tcp_listeners() == before
            assert not refused["ok"] and "phones are off" in refused["text"]
            assert client.request({"cmd": "state"})["ok"]
        store.close()


def test_with_the_config_the_daemon_listens_and_stops_listening(tmp_path):
    before = _tcp_listeners()
    store = EventStore(tmp_path / "on.sqlite3")
    with DaemonThread(Daemon(store, tmp_path / "on.sock", DaemonSettings(phones=LOOPBACK))) as d:
        assert len(_tcp_listeners() - before) == 1 and d.phones.server.port > 0
    assert _tcp_listeners() == before
    store.close()


def _links(client, seen: Collector) -> dict[str, str]:
    count = sum(1 for m in seen.messages if m.get("type") == "phone_links")
    assert client.request({"cmd": "phone_links"})["ok"]
    return [m for m in seen.messages if m.get("type") == "phone_links"][count]["links"]


def test_phone_links_are_answered_to_the_asker_only_and_say_each_seat(daemon):
    watcher, seen = Collector(), Collector()
    with Client(daemon.socket_path, on_message=watcher).connect(), \
            Client(daemon.socket_path, on_message=seen).connect() as asker:
        assert _links(asker, seen) == {}  # no game: no link
        daemon.call(lambda: daemon.start_game(GameHeader.from_json(clue_table.RAW)))
        links = _links(asker, seen)
        asker.request({"cmd": "state"})
        assert list(links) == ["Ada", "Bo"]
        port = daemon.phones.server.port
        for link in links.values():
            assert link.startswith(f"http://127.0.0.1:{port}/p/") and len(link.rsplit("/", 1)[1]) == 24
        assert links["Ada"] != links["Bo"]
        assert not [m for m in watcher.messages if m.get("type") == "phone_links"]
        tokens = [link.rsplit("/", 1)[1] for link in links.values()]
        assert not any(t in json.dumps(watcher.messages) for t in tokens)


def _ws(link: str, claim: str = "c" * 32) -> str:
    return link.replace("http://", "ws://") + "/ws?claim=" + claim


async def _update(ws, after: int = -1) -> dict:
    """The next update whose shared revision is past ``after``."""
    while True:
        message = await asyncio.wait_for(ws.receive_json(), 10)
        if message["type"] == "update" and message["shared"]["revision"] > after:
            return message


async def _ack(ws) -> dict:
    while True:
        message = await asyncio.wait_for(ws.receive_json(), 10)
        if message["type"] == "ack":
            return message


async def _choose(ws, key: str, revision: int) -> tuple[dict, dict]:
    """Send a choice; its ack and the first update past ``revision`` (either may come first)."""
    await ws.send_json({"choose": key, "revision": revision})
    ack = update = None
    while ack is None or (ack["ok"] and update is None):
        message = await asyncio.wait_for(ws.receive_json(), 10)
        if message["type"] == "ack":
            ack = message
        elif message["shared"]["revision"] > revision:
            update = message
    return ack, update


async def _drain(ws) -> list[dict]:
    """Every message waiting on ``ws`` now (after a short quiet moment)."""
    got = []
    while True:
        try:
            got.append(await asyncio.wait_for(ws.receive_json(), 0.3))
        except TimeoutError:
            return got


def test_a_clue_accusation_made_on_a_phone_reaches_no_one_else_before_the_reveal(daemon, caplog):
    caplog.set_level(logging.DEBUG)
    watcher, seen = Collector(), Collector()
    bo_saw: list[dict] = []
    ada_saw: list[dict] = []

    async def phones(table, links):
        async with aiohttp.ClientSession() as http:
            async with http.ws_connect(_ws(links["Ada"])) as ada, http.ws_connect(_ws(links["Bo"])) as bo:
                first = await _update(ada)
                bo_saw.append(await _update(bo))
                watcher.wait_for(lambda m: m.get("type") == "state" and m.get("phones") == {"Ada": True, "Bo": True})
                assert [c["key"] for c in first["private"]["prompt"]["choices"]][-1] == "accuse-restart"
                # Bo's phone tries Ada's picks and a public choice: nothing happens.
                for key in (f"pick:{clue_table.WRONG[0]}", "accuse-restart", "end-turn"):
                    await bo.send_json({"choose": key, "revision": first["shared"]["revision"]})
                    assert (await _ack(bo))["ok"] is False
                revision = first["shared"]["revision"]
                for key in [f"pick:{c}" for c in clue_table.WRONG] + ["accuse-check"]:
                    ack, update = await _choose(ada, key, revision)
                    assert ack["ok"], key
                    ada_saw.append(update)
                    revision = update["shared"]["revision"]
                bo_saw.extend(await _drain(bo))
                table.request({"cmd": "state"})
                clue_table.bo_accuses_rightly(table)
                bo_saw.append(await _update(bo, revision))
                bo_saw.extend(await _drain(bo))

    with Client(daemon.socket_path, on_message=watcher).connect(), \
            Client(daemon.socket_path, on_message=seen).connect() as table:
        clue_table.start(daemon, table)
        links = _links(table, seen)
        asyncio.run(phones(table, links))
        watcher.wait_for(lambda m: m.get("type") == "state" and m["view"].get("outcome") == "Bo")
        watcher.wait_for(lambda m: m.get("type") == "state" and m.get("phones") == {"Ada": False, "Bo": False})

    picks = clue_table.names(clue_table.WRONG)
    # Ada's phone showed her accusation as she made it...
    assert {"heading": "Your accusation so far", "text": ", ".join(picks)} in ada_saw[2]["private"]["lines"]
    # ...and no other phone, screen message or log line named it before the reveal.
    # The screens' messages until the reveal: no sentence names a pick, no choice is a pick
    # (the public view names every pawn on the board, so sentences are what is checked, as in
    # tests/test_privacy.py).
    before_reveal = []
    for messages in (watcher.messages, seen.messages):
        end = next(i for i, m in enumerate(messages) if m.get("type") == "state" and m["view"].get("outcome"))
        before_reveal += messages[:end]
    choices = [c for m in before_reveal for c in m.get("prompt", {}).get("choices", [])]
    assert not [c for c in choices if c["key"].startswith("pick:")]
    before_reveal = json.dumps([[m.get("news"), m.get("log"), m.get("text"), m.get("todo"),
                                 m.get("prompt", {}).get("text")] for m in before_reveal])
    # Bo's phone: his own view and the shared part, and never a choice list until his own
    # accusation (when his page lists every card of each pile, as the rules' privacy screen does).
    bo_before = [m for m in bo_saw if m["type"] != "update" or not m["shared"]["over"]]
    assert all(m["private"]["prompt"] is None for m in bo_before if m["type"] == "update"
               and m["shared"]["turn"] != "Bo")
    bo_text = json.dumps([{**m, "private": m["private"]["lines"]} if m["type"] == "update" else m for m in bo_before])
    logged = "\n".join(r.getMessage() for r in caplog.records)
    for name in picks:
        for where, text in (("bo", bo_text), ("screens", before_reveal), ("log", logged)):
            i = text.find(name)
            assert i < 0, (where, text[max(0, i - 300):i + 100])
        assert name not in bo_text and name not in before_reveal and name not in logged, name
    assert "pick:" not in bo_text and "pick:" not in logged
    assert "Ada's accusation is wrong: Ada is out of the game." in json.dumps(watcher.messages)
    for token in (link.rsplit("/", 1)[1] for link in links.values()):
        assert token not in logged
    assert "phones: Ada made a choice on their phone" in logged


def test_a_previous_games_link_is_refused_and_its_phone_closed(daemon):
    seen = Collector()

    async def new_game_while_connected(old: dict[str, str]) -> int:
        async with aiohttp.ClientSession() as http, http.ws_connect(_ws(old["Ada"])) as ada:
            await _update(ada)
            await asyncio.get_running_loop().run_in_executor(None, lambda: daemon.call(
                lambda: daemon.start_game(GameHeader.from_json({**clue_table.RAW, "seed": 2}))))
            message = await asyncio.wait_for(ada.receive(), 10)
            while message.type == aiohttp.WSMsgType.TEXT:  # updates sent before the new game started
                message = await asyncio.wait_for(ada.receive(), 10)
            # The close frame's code (the client's own close_code can turn 1006 when its
            # answering close frame meets the server's closed connection).
            return message.data if message.type == aiohttp.WSMsgType.CLOSE else ada.close_code

    async def get(links: list[str]) -> list[tuple[int, bytes]]:
        answers = []
        async with aiohttp.ClientSession() as http:
            for link in links:
                async with http.get(link) as r:
                    answers.append((r.status, await r.read() if r.status != 200 else b"page"))
        return answers

    with Client(daemon.socket_path, on_message=seen).connect() as table:
        daemon.call(lambda: daemon.start_game(GameHeader.from_json(clue_table.RAW)))
        old = _links(table, seen)
        code = asyncio.run(new_game_while_connected(old))
        new = _links(table, seen)
        answers = asyncio.run(get([old["Ada"], old["Bo"], _ws(old["Ada"]).replace("ws://", "http://"), new["Ada"]]))
    assert code == 4404 and set(old.values()).isdisjoint(new.values())
    assert answers == [(404, b""), (404, b""), (404, b""), (200, b"page")]


def test_the_phones_state_says_who_is_connected(daemon):
    watcher, seen = Collector(), Collector()

    async def connect(link):
        async with aiohttp.ClientSession() as http, http.ws_connect(_ws(link)) as ws:
            await _update(ws)
            watcher.wait_for(lambda m: m.get("type") == "state" and m.get("phones") == {"Ada": False, "Bo": True})

    with Client(daemon.socket_path, on_message=watcher).connect(), \
            Client(daemon.socket_path, on_message=seen).connect() as table:
        daemon.call(lambda: daemon.start_game(GameHeader.from_json(clue_table.RAW)))
        watcher.wait_for(lambda m: m.get("type") == "state" and m.get("phones") == {"Ada": False, "Bo": False})
        asyncio.run(connect(_links(table, seen)["Bo"]))
        with watcher.cond:  # and again once Bo's phone left
            assert watcher.cond.wait_for(lambda: _presence(watcher)[-1:] == [{"Ada": False, "Bo": False}], 10)
    assert _presence(watcher) == [{}, {"Ada": False, "Bo": False}, {"Ada": False, "Bo": True},
                                  {"Ada": False, "Bo": False}]


def _presence(seen: Collector) -> list[dict]:
    """The ``phones`` of the states received, each change once."""
    changes = []
    for m in seen.messages:
        if m.get("type") == "state" and (not changes or changes[-1] != m["phones"]):
            changes.append(m["phones"])
    return changes


def test_companion_phones_prints_each_link_and_its_code(daemon, capsys):
    from companion import cli

    daemon.call(lambda: daemon.start_game(GameHeader.from_json(clue_table.RAW)))
    assert cli.main(["phones", "--socket", str(daemon.socket_path)]) == 0
    out = capsys.readouterr().out.splitlines()
    links = daemon.call(lambda: daemon.phones.links())
    assert out[1] == f"Ada: {links['Ada']}" and f"Bo: {links['Bo']}" in out
    assert sum(1 for line in out if set(line) <= set("█▀▄ ") and len(line) > 20) > 20  # two QR codes
    assert cli.main(["phones", "--no-codes", "--socket", str(daemon.socket_path)]) == 0
    assert capsys.readouterr().out.splitlines()[1:] == [f"Ada: {links['Ada']}", f"Bo: {links['Bo']}"]


def test_companion_phones_says_when_phones_are_off(tmp_path, capsys):
    from companion import cli

    store = EventStore(tmp_path / "off.sqlite3")
    with DaemonThread(Daemon(store, tmp_path / "off.sock")) as d:
        assert cli.main(["phones", "--socket", str(d.socket_path)]) == 2
    store.close()
    assert "phones are off" in capsys.readouterr().err


def test_renewed_links_revoke_the_old_ones_even_after_a_restart(tmp_path, capsys):
    from companion import cli

    store = EventStore(tmp_path / "r.sqlite3")
    with DaemonThread(Daemon(store, tmp_path / "r.sock", DaemonSettings(phones=LOOPBACK))) as d:
        d.call(lambda: d.start_game(GameHeader.from_json(clue_table.RAW)))
        old = d.call(lambda: d.phones.links())
        assert cli.main(["phones", "--renew", "--no-codes", "--socket", str(d.socket_path)]) == 0
        new = d.call(lambda: d.phones.links())
    assert capsys.readouterr().out.splitlines()[1:] == [f"Ada: {new['Ada']}", f"Bo: {new['Bo']}"]
    assert set(old.values()).isdisjoint(new.values())
    with DaemonThread(Daemon(store, tmp_path / "r.sock", DaemonSettings(phones=LOOPBACK))) as d:
        d.call(lambda: d.game.resume_last())
        again = d.call(lambda: d.phones.links())
    store.close()
    token = {p: link.rsplit("/", 1)[1] for p, link in again.items()}
    assert token == {p: link.rsplit("/", 1)[1] for p, link in new.items()}  # kept in phones.key
    assert (tmp_path / "phones.key").stat().st_mode & 0o777 == 0o600


def test_a_seat_paired_again_from_the_table_keeps_its_old_link_dead_after_a_restart(tmp_path):
    """``phone_links`` with ``repair``: a new link for that seat only, kept in
    ``phones.seats`` (0600) beside the key, so a restarted daemon resuming the game still
    refuses the old one; a name with no seat is refused and changes nothing."""
    store = EventStore(tmp_path / "s.sqlite3")
    seen = Collector()
    with DaemonThread(Daemon(store, tmp_path / "s.sock", DaemonSettings(phones=LOOPBACK))) as d, \
            Client(d.socket_path, on_message=seen).connect() as table:
        d.call(lambda: d.start_game(GameHeader.from_json(clue_table.RAW)))
        old = _links(table, seen)
        refused = table.request({"cmd": "phone_links", "repair": "Zed"})
        assert table.request({"cmd": "phone_links", "repair": "Ada"})["ok"]
        new = [m for m in seen.messages if m.get("type") == "phone_links"][-1]["links"]
    assert not refused["ok"] and "Zed" in refused["text"]
    assert new["Ada"] != old["Ada"] and new["Bo"] == old["Bo"]
    assert (tmp_path / "phones.seats").stat().st_mode & 0o777 == 0o600
    with DaemonThread(Daemon(store, tmp_path / "s.sock", DaemonSettings(phones=LOOPBACK))) as d:
        d.call(lambda: d.game.resume_last())
        again = d.call(lambda: d.phones.links())
        tokens = d.call(lambda: d.phones.server.tokens)
        who = [tokens.who(link.rsplit("/", 1)[1]) for link in (old["Ada"], new["Ada"], old["Bo"])]
    store.close()
    assert [link.rsplit("/", 1)[1] for link in again.values()] == [link.rsplit("/", 1)[1] for link in new.values()]
    assert who == [None, "Ada", "Bo"]


def test_a_taken_port_leaves_phones_off_and_the_game_on(tmp_path):
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        store = EventStore(tmp_path / "t.sqlite3")
        taken_port = DaemonSettings(phones=PhonesConfig(True, "127.0.0.1", port))
        with DaemonThread(Daemon(store, tmp_path / "t.sock", taken_port)) as d, \
                Client(d.socket_path).connect() as client:
            assert d.phones is None and not client.request({"cmd": "phone_links"})["ok"]
            log = d.call(lambda: list(d.recent))
            d.call(lambda: d.start_game(GameHeader.from_json(clue_table.RAW)))
            assert client.choose("kid:kid-3")["ok"]
        store.close()
    assert [line for line in log if line.startswith("Phones are off")] == [
        f"Phones are off: the companion cannot listen on 127.0.0.1:{port} (Address already in use)."]


def test_a_store_in_memory_keeps_no_key_file_anywhere(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    store = EventStore(":memory:")
    with DaemonThread(Daemon(store, tmp_path / "m.sock", DaemonSettings(phones=LOOPBACK))) as d:
        d.call(lambda: d.start_game(GameHeader.from_json(clue_table.RAW)))
        assert cli_links(d)
    store.close()
    assert list(tmp_path.rglob("phones.key*")) == []


def cli_links(d) -> dict[str, str]:
    return d.call(lambda: d.phones.links())


def test_hostile_phones_never_stop_the_table(daemon, caplog):
    """Through the real daemon: guessed tokens, an 8 MiB body, 70 idle connections, a third
    connection on one seat, another player's choice; the input worker answers, the table's
    touches go on, and the log names no token."""
    from companion.phones import limits

    caplog.set_level(logging.DEBUG)
    seen = Collector()

    async def attack(links: dict[str, str]) -> list:
        base = links["Ada"].rsplit("/p/", 1)[0]
        host, port = base.removeprefix("http://").split(":")
        results = []
        async with aiohttp.ClientSession() as http:
            for path in ("/p/" + "Z" * 24, "/p/" + "Z" * 24 + "/ws?claim=" + "c" * 32, "/admin"):
                async with http.get(base + path) as r:
                    results.append((r.status, await r.read()))
            async with http.post(links["Ada"], data=b"x" * (8 << 20)) as r:
                results.append((r.status, await r.read()))
            seats = [await http.ws_connect(_ws(links["Ada"])) for _ in range(limits.PER_TOKEN)]
            try:
                await http.ws_connect(_ws(links["Ada"]))
            except aiohttp.WSServerHandshakeError as refused:
                results.append(refused.status)
            idle = [await asyncio.open_connection(host, int(port)) for _ in range(70)]
            answered = await asyncio.get_running_loop().run_in_executor(None, lambda: daemon.call(lambda: "worker"))
            results.append(answered)  # the input worker answers (the watchdog's proof of life)
            for _reader, writer in idle:
                writer.close()
            bo = await http.ws_connect(_ws(links["Bo"], "d" * 32))
            await _update(bo)
            await bo.send_json({"choose": "kid:kid-3"})  # Ada's choice, not Bo's to make
            results.append((await _ack(bo))["ok"])
            for ws in seats + [bo]:
                await ws.close()
        return results

    with Client(daemon.socket_path, on_message=seen).connect() as table:
        daemon.call(lambda: daemon.start_game(GameHeader.from_json(clue_table.RAW)))
        links = _links(table, seen)
        results = asyncio.run(attack(links))
        assert table.choose("kid:kid-3")["ok"]  # the table plays on
    assert results == [(404, b""), (404, b""), (404, b""), (404, b""), 429, "worker", False]
    logged = "\n".join(f"{r.getMessage()} {r.exc_text or ''}" for r in caplog.records)
    for link in links.values():
        assert link.rsplit("/", 1)[1] not in logged


def test_a_seat_stays_with_its_phone_after_a_restart(tmp_path):
    """Issue 26: after a restart the first phone to use a seat's link got the seat (someone
    who photographed Bo's code got Bo's private update; Bo's own phone then got 4409)."""
    store = EventStore(tmp_path / "c.sqlite3")
    bo_phone, photo = "b" * 32, "f" * 32

    async def open_seat(link: str, claim: str):
        async with aiohttp.ClientSession() as http, http.ws_connect(_ws(link, claim)) as ws:
            message = await asyncio.wait_for(ws.receive(), 10)
            return message.type, (message.json()["you"] if message.type == aiohttp.WSMsgType.TEXT else ws.close_code)

    with DaemonThread(Daemon(store, tmp_path / "c.sock", DaemonSettings(phones=LOOPBACK))) as d:
        d.call(lambda: d.start_game(GameHeader.from_json(clue_table.RAW)))
        links = cli_links(d)
        assert asyncio.run(open_seat(links["Bo"], bo_phone))[1] == "Bo"
    with DaemonThread(Daemon(store, tmp_path / "c.sock", DaemonSettings(phones=LOOPBACK))) as d:
        d.call(lambda: d.game.resume_last())
        links = cli_links(d)
        assert asyncio.run(open_seat(links["Bo"], photo)) == (aiohttp.WSMsgType.CLOSE, 4409)
        assert asyncio.run(open_seat(links["Bo"], bo_phone))[1] == "Bo"
    store.close()
    assert (tmp_path / "phones.seats").stat().st_mode & 0o777 == 0o600


def test_the_files_beside_the_store_are_never_written_through_a_link(tmp_path):
    """Issue 26: ``phones.key.new`` and ``phones.seats.new`` were opened with O_TRUNC,
    following a symbolic link planted in their place."""
    from companion.phones.tokens import save_key, save_seats

    target = tmp_path / "precious"
    target.write_text("keep me")
    for name in ("phones.key.new", "phones.seats.new"):
        os.symlink(target, tmp_path / name)
    assert save_key(tmp_path / "phones.key", b"k" * 32)
    assert save_seats(tmp_path / "phones.seats", {"game": "1:2", "seats": {}})
    assert target.read_text() == "keep me"
    assert (tmp_path / "phones.key").read_bytes() == b"k" * 32


def test_a_game_with_nothing_private_pairs_no_phone(daemon):
    """Issue 31: with phones on, the table screen paired phones even for Creepy Cellar, which
    hides nothing: its state says ``"phones": {}``, so no pairing starts; CLUE: IT's names
    each player."""
    watcher = Collector()
    with Client(daemon.socket_path, on_message=watcher).connect() as table:
        assert table.request({"cmd": "new_game", "game": "creepy_cellar", "players": ["Ada", "Bo"]})["ok"]
        state = watcher.wait_for(lambda m: m.get("type") == "state" and m.get("game") == "creepy_cellar")
        assert state["phones"] == {}
        assert table.request({"cmd": "new_game", "game": "clue_it", "players": ["Ada", "Bo"],
                              "abandon": True})["ok"]
        state = watcher.wait_for(lambda m: m.get("type") == "state" and m.get("game") == "clue_it")
        assert state["phones"] == {"Ada": False, "Bo": False}
