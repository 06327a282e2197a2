"""The phone server on loopback against a small fake table, with hostile requests: bad,
missing and old tokens, huge bodies and headers, big messages, many connections, another
player's choices. Every refusal is a bare status and nothing else."""

from __future__ import annotations

import asyncio
import json
import logging

import aiohttp
import pytest

from companion.phones import limits
from companion.phones.config import PhonesConfig
from companion.phones.server import REPLACED, REVOKED, PhoneServer
from tests.collector import until
from tests.phones.fake_table import SECRETS, FakeTable


def run(test):
    """Run ``test(server, table, base)`` against a phone server on 127.0.0.1."""
    async def main():
        table = FakeTable()
        server = PhoneServer(table, PhonesConfig(True, "127.0.0.1", 0))
        await server.start()
        try:
            return await test(server, table, f"http://127.0.0.1:{server.port}")
        finally:
            await server.stop()
    return asyncio.run(main())


async def _get(base: str, path: str, **kwargs) -> tuple[int, bytes, dict]:
    async with aiohttp.ClientSession() as http, http.request(kwargs.pop("method", "GET"), base + path, **kwargs) as r:
        return r.status, await r.read(), dict(r.headers)


async def _first_update(ws) -> dict:
    message = await asyncio.wait_for(ws.receive_json(), 10)
    assert message["type"] == "update"
    return message


#: Each player's page claim (a page makes 128 random bits and keeps them).
CLAIMS = {"Ada": "a" * 32, "Bo": "b" * 32}


def _path(server, player: str, ws: bool = False, claim: str | None = None) -> str:
    return f"/p/{server.tokens.token(player)}" + (f"/ws?claim={claim or CLAIMS[player]}" if ws else "")


def test_nothing_is_served_without_a_token():
    async def test(server, table, base):
        ada = server.tokens.token("Ada")
        answers = [await _get(base, path) for path in
                   ("/", "/p/", "/p", "/index.html", "/p/" + "A" * 24, "/p/" + "A" * 24 + "/ws",
                    f"/p/{ada}/", f"/p/{ada}/x", f"/p/{ada[:-1]}", f"/P/{ada}", f"/p/{ada}%2e", "/p/../" + ada)]
        answers.append(await _get(base, f"/p/{ada}", method="POST", data=b"x"))
        answers.append(await _get(base, f"/p/{ada}", method="HEAD"))
        return answers
    for status, body, headers in run(test):
        assert (status, body) == (404, b"")
        assert headers["Cache-Control"] == "no-store" and "Server" not in headers


def test_the_page_is_the_players_and_names_no_secret():
    async def test(server, table, base):
        return await _get(base, _path(server, "Ada"))
    status, body, headers = run(test)
    assert status == 200 and headers["Content-Type"].startswith("text/html")
    assert "script-src 'sha256-" in headers["Content-Security-Policy"] and headers["Referrer-Policy"] == "no-referrer"
    text = body.decode()
    assert "Only you see this page" in text
    for secret in SECRETS.values():  # the page itself holds no game data: it comes live, per token
        assert secret not in text


def test_each_phone_gets_its_own_private_view_only():
    async def test(server, table, base):
        async with aiohttp.ClientSession() as http:
            async with http.ws_connect(base + _path(server, "Ada", ws=True)) as ada, \
                    http.ws_connect(base + _path(server, "Bo", ws=True)) as bo:
                return await _first_update(ada), await _first_update(bo), server.connected()
    ada, bo, connected = run(test)
    assert ada["you"] == "Ada" and ada["private"]["lines"] == [{"heading": "Your accusation so far", "text": "Kid 5"}]
    assert [c["key"] for c in ada["private"]["prompt"]["choices"]] == ["pick:kid-5", "pick:kid-6", "accuse-restart"]
    assert bo["you"] == "Bo"
    assert bo["private"] == {"lines": [{"heading": "Your accusation so far", "text": "Location 9"}], "prompt": None}
    assert "Kid 5" not in json.dumps(bo) and "Location 9" not in json.dumps(ada)
    assert ada["shared"] == bo["shared"] and "game_key" not in ada["shared"] and "players" not in ada["shared"]
    assert connected == {"Ada": True, "Bo": True}


def test_a_player_makes_only_their_own_private_choices():
    async def test(server, table, base):
        async with aiohttp.ClientSession() as http:
            async with http.ws_connect(base + _path(server, "Bo", ws=True)) as bo, \
                    http.ws_connect(base + _path(server, "Ada", ws=True)) as ada:
                await _first_update(bo), await _first_update(ada)
                acks = []
                for message in ({"choose": "pick:kid-5", "revision": 1}, {"choose": "end-turn"}, {"choose": 5},
                                {"choose": "x" * 300}, [1], "not json", {"choose": "pick:kid-5", "revision": True}):
                    await bo.send_str(json.dumps(message) if not isinstance(message, str) else message)
                    acks.append(await _ack(bo))
                await ada.send_json({"choose": "end-turn"})  # not on Ada's page either
                acks.append(await _ack(ada))
                await ada.send_json({"choose": "pick:kid-6", "revision": 1})
                acks.append(await _ack(ada))
                return acks, list(table.chosen)
    acks, chosen = run(test)
    assert [a["ok"] for a in acks] == [False] * 8 + [True]
    assert chosen == [("Ada", "pick:kid-6", 1)]


async def _ack(ws) -> dict:
    while True:
        message = await asyncio.wait_for(ws.receive_json(), 10)
        if message["type"] == "ack":
            return message


def test_a_state_change_reaches_every_phone_with_its_own_view():
    async def test(server, table, base):
        async with aiohttp.ClientSession() as http:
            async with http.ws_connect(base + _path(server, "Bo", ws=True)) as bo:
                await _first_update(bo)
                table.owner, table.revision = "Bo", 7
                server.changed()
                message = await _first_update(bo)
                return message
    message = run(test)
    assert message["shared"]["revision"] == 7 and message["private"]["prompt"]["text"] == "Which Kid?"


def test_a_new_game_closes_and_refuses_the_previous_games_links():
    async def test(server, table, base):
        old = _path(server, "Ada", ws=True)
        async with aiohttp.ClientSession() as http:
            async with http.ws_connect(base + old) as ada:
                await _first_update(ada)
                table.game_key = "game-2"
                server.changed()
                closed = await asyncio.wait_for(ada.receive(), 10)
                while closed.type == aiohttp.WSMsgType.TEXT:
                    closed = await asyncio.wait_for(ada.receive(), 10)
            page = await _get(base, old[:-3])
            again = await _get(base, old)
        return closed, page, again, server.connected()
    closed, page, again, connected = run(test)
    assert (closed.type, closed.data) == (aiohttp.WSMsgType.CLOSE, REVOKED)
    assert (page[0], page[1], again[0], again[1]) == (404, b"", 404, b"")
    assert connected == {"Ada": False, "Bo": False}


def test_connections_per_token_and_in_all_are_limited():
    async def test(server, table, base):
        async with aiohttp.ClientSession() as http:
            open_ = [await http.ws_connect(base + _path(server, "Ada", ws=True)) for _ in range(limits.PER_TOKEN)]
            with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                await http.ws_connect(base + _path(server, "Ada", ws=True))
            bo = await http.ws_connect(base + _path(server, "Bo", ws=True))  # another seat still gets in
            first = await _first_update(bo)
            for ws in open_ + [bo]:
                await ws.close()
            return refused.value.status, first["you"]
    assert run(test) == (429, "Bo")


def test_huge_bodies_headers_and_messages_are_refused_and_the_server_goes_on():
    async def test(server, table, base):
        ada = _path(server, "Ada")
        body = await _get(base, ada, method="POST", data=b"x" * (8 << 20))
        header = await _get(base, ada, headers={"X-Big": "y" * 20000})
        async with aiohttp.ClientSession() as http:
            async with http.ws_connect(base + _path(server, "Ada", ws=True)) as ws:
                await _first_update(ws)
                await ws.send_str(json.dumps({"choose": "k" * (limits.MAX_MESSAGE * 4)}))
                closed = await asyncio.wait_for(ws.receive(), 10)
        after = await _get(base, ada)
        code = closed.data if closed.type == aiohttp.WSMsgType.CLOSE else ws.close_code
        return body[0], header[0], closed.type, code, after[0], table.chosen
    body, header, closed, code, after, chosen = run(test)
    assert body == 404 and header == 400 and after == 200 and chosen == []
    assert closed in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED, aiohttp.WSMsgType.ERROR) and code == 1009


def test_an_address_that_guesses_tokens_is_turned_away_even_with_a_good_one():
    async def test(server, table, base):
        bad = [(await _get(base, f"/p/{'B' * 23}{i % 10}"))[0] for i in range(limits.FAILURES)]
        good = await _get(base, _path(server, "Ada"))
        return bad, good
    bad, good = run(test)
    assert bad == [404] * limits.FAILURES and good[:2] == (429, b"")


def test_another_sites_page_cannot_open_a_phones_connection():
    async def test(server, table, base):
        async with aiohttp.ClientSession() as http:
            with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                await http.ws_connect(base + _path(server, "Ada", ws=True), origin="http://evil.example")
            return refused.value.status
    assert run(test) == 403


def test_tokens_never_reach_the_log(caplog):
    caplog.set_level(logging.DEBUG)
    tokens = []

    async def test(server, table, base):
        tokens.extend(server.tokens.links().values())
        await _get(base, _path(server, "Ada"))
        await _get(base, "/p/" + "C" * 24)
        await _get(base, _path(server, "Ada"), headers={"X-Big": "y" * 20000})
        async with aiohttp.ClientSession() as http:
            async with http.ws_connect(base + _path(server, "Bo", ws=True)) as bo:
                await _first_update(bo)
                await bo.send_json({"choose": "pick:kid-5"})
                await _ack(bo)
    run(test)
    logged = "\n".join(f"{r.getMessage()} {r.exc_text or ''}" for r in caplog.records)
    assert "phones: Bo's phone connected" in logged
    for token in tokens + ["C" * 24]:
        assert token not in logged


def test_a_seat_paired_again_closes_the_phone_that_took_it_and_opens_on_the_next_one():
    """Bo's phone took Ada's seat (he scanned her code first): re-pairing Ada's seat from the
    table closes his phone (code 4410) before it hears anything more, her old link answers
    a bare 404 to everyone, Bo's own seat keeps its link and its phone, and Ada's new link
    opens on her phone."""
    async def test(server, table, base):
        old = _path(server, "Ada")
        async with aiohttp.ClientSession() as http:
            async with http.ws_connect(base + _path(server, "Bo", ws=True)) as bo, \
                    http.ws_connect(base + _path(server, "Ada", ws=True, claim="b" * 32)) as intruder:
                await _first_update(intruder)
                bo_link = _path(server, "Bo")
                assert server.repair("Ada") and not server.repair("Zed")
                closed = await asyncio.wait_for(intruder.receive(), 10)
                again = [await _get(base, old), await _get(base, old + "/ws?claim=" + "b" * 32)]
                table.revision += 1
                server.changed()
                bo_after = await _first_update(bo)
                while bo_after["shared"]["revision"] < table.revision:  # past the ones before
                    bo_after = await _first_update(bo)
                connected = server.connected()
                async with http.ws_connect(base + _path(server, "Ada", ws=True)) as ada:
                    ada_first = await _first_update(ada)
            return closed, again, bo_link == _path(server, "Bo"), bo_after["you"], connected, ada_first["you"]
    closed, again, bo_kept, bo_after, connected, ada = run(test)
    assert (closed.type, closed.data) == (aiohttp.WSMsgType.CLOSE, REPLACED)
    assert [(status, body) for status, body, _ in again] == [(404, b"")] * 2
    assert bo_kept and bo_after == "Bo" and connected == {"Ada": False, "Bo": True} and ada == "Ada"


def test_idle_connections_beyond_the_limit_are_closed_at_once_and_phones_get_in_after():
    async def test(server, table, base):
        port = server.port
        idle = [await asyncio.open_connection("127.0.0.1", port) for _ in range(limits.CONNECTIONS + 6)]
        refused = 0
        for reader, _writer in idle[limits.CONNECTIONS:]:
            refused += await asyncio.wait_for(reader.read(), 10) == b""  # closed by the server
        for _reader, writer in idle:
            writer.close()
        await until(lambda: not server.open_connections, 10, "the server seeing the idle connections go")
        async with aiohttp.ClientSession() as http, http.ws_connect(base + _path(server, "Ada", ws=True)) as ada:
            first = await _first_update(ada)
        return refused, first["you"]
    assert run(test) == (6, "Ada")


def test_the_first_phone_keeps_the_seat_and_another_with_the_same_link_gets_nothing():
    async def test(server, table, base):
        async with aiohttp.ClientSession() as http:
            async with http.ws_connect(base + _path(server, "Ada", ws=True)) as ada:
                await _first_update(ada)
            async with http.ws_connect(base + _path(server, "Ada", ws=True, claim="c" * 32)) as other:
                refused = await asyncio.wait_for(other.receive(), 10)
            queries = ("", "?claim=xyz", "?claim=" + "A" * 32)
            missing = [await _get(base, _path(server, "Ada") + "/ws" + q) for q in queries]
            async with http.ws_connect(base + _path(server, "Ada", ws=True)) as again:  # the first phone, later
                back = await _first_update(again)
            server.renew()
            renewed = await _get(base, f"/p/{server.tokens.token('Ada')}")
            async with http.ws_connect(base + _path(server, "Ada", ws=True, claim="c" * 32)) as new_phone:
                fresh = await _first_update(new_phone)  # new codes: the seat is free again
        return refused, missing, back["you"], renewed[0], fresh["you"]
    refused, missing, back, renewed, fresh = run(test)
    assert (refused.type, refused.data) == (aiohttp.WSMsgType.CLOSE, 4409)
    assert [(status, body) for status, body, _ in missing] == [(404, b"")] * 3
    assert (back, renewed, fresh) == ("Ada", 200, "Ada")


def test_a_malformed_request_writes_one_short_line_without_its_token(caplog):
    """Issue 26: aiohttp logged the raw request line (token and all) in the exception text,
    9 to 12 ERROR lines per request: anyone on the Wi-Fi could flood the journal."""
    from companion.phones import server as phone_server

    phone_server._NO_TOKENS._last, phone_server._NO_TOKENS._quiet = None, 0

    async def test(server, table, base):
        token = server.tokens.token("Ada")
        for raw in (f"GET /p/{token} HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n",
                    f"GET /p/{token}\x00 HTTP/1.1\r\n\r\n") * 3:
            reader, writer = await asyncio.open_connection("127.0.0.1", server.port)
            writer.write(raw.encode())
            await writer.drain()
            assert (await reader.read(100)).startswith(b"HTTP/1.0 400")
            writer.close()
        return token
    with caplog.at_level(logging.DEBUG):
        token = run(test)
    lines = [caplog_formatted(r) for r in caplog.records if r.name.startswith("aiohttp")]
    assert lines == ["WARNING phones: a bad request from 127.0.0.1 (BadHttpMessage 400)"]
    assert token not in caplog.text and all(token not in caplog_formatted(r) for r in caplog.records)


def caplog_formatted(record) -> str:
    text = f"{record.levelname} {record.getMessage()}"
    if record.exc_info:
        text += logging.Formatter().formatException(record.exc_info)
    return text


def test_a_deeply_nested_message_closes_that_phone_with_a_clear_code():
    """Issue 26: 1,000 ``[`` raised an uncaught RecursionError in ``_choice``."""
    from companion.phones.server import TOO_DEEP

    async def test(server, table, base):
        async with aiohttp.ClientSession() as http:
            async with http.ws_connect(base + _path(server, "Ada", ws=True)) as ada:
                await _first_update(ada)
                await ada.send_str("[" * 1000)
                while (await asyncio.wait_for(ada.receive(), 10)).type not in (aiohttp.WSMsgType.CLOSE,
                                                                               aiohttp.WSMsgType.CLOSED):
                    pass
                closed = ada.close_code
            async with http.ws_connect(base + _path(server, "Ada", ws=True)) as again:
                await _first_update(again)
                await again.send_str('{"choose": "[[[[[[[[", "revision": 1}')  # brackets in a string
                return closed, await _ack(again)
    closed, ack = run(test)
    assert closed == TOO_DEEP == 1008
    assert ack["type"] == "ack" and ack["ok"] is False
