"""The phone server: an aiohttp application inside the daemon's event loop (issue 22).

Routes, and nothing else (every other request, and every request with a wrong, old or
missing token, is a bare 404; an address that failed too often gets a bare 429):

* ``GET /p/<token>``: the phone page (plain HTML and JavaScript, :mod:`companion.phones.page`);
* ``GET /p/<token>/ws``: its WebSocket. The server sends ``{"type": "update", "shared",
  "private", "words"}`` at once and after every change (the latest one only: a phone that
  reads slowly skips states, it never makes the daemon buffer them); the page sends
  ``{"choose": KEY, "revision": N}`` and gets ``{"type": "ack", "ok", "text"}`` back.

The server knows the game only through a :class:`Table`: the shared state, one player's
private view, and applying one player's private choice. A token names one player; nothing
that player's connection receives or sends is ever another player's.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import json
import logging
import re
import time
from collections.abc import Callable
from typing import Any, Protocol

from aiohttp import WSCloseCode, WSMsgType, web

from companion.phones import limits, page
from companion.phones.config import PhonesConfig, base_url
from companion.phones.tokens import Tokens

log = logging.getLogger(__name__)

#: Close code sent to a phone whose token was revoked (a new game): the page says so.
REVOKED = 4404
#: Close code sent to a second phone opening a seat that another phone opened first.
CLAIMED = 4409
#: Close code sent to the phone of a seat re-paired from the table (:meth:`PhoneServer.repair`).
REPLACED = 4410
#: Close code sent to a page whose message nests deeper than :data:`MAX_DEPTH` (policy
#: violation): a choice is one flat object (issue 26: 1,000 ``[`` raised a RecursionError).
TOO_DEEP = WSCloseCode.POLICY_VIOLATION
MAX_DEPTH = 4
#: What a page's ``claim`` looks like: 128 random bits it keeps for the game (localStorage).
_CLAIM = re.compile(r"[0-9a-f]{32}")
_ROUTE = re.compile(r"/p/([^/]{1,64})(/ws)?")
_TOKEN_IN_TEXT = re.compile(r"/p/[^/\s\"']+")


class _NoTokens(logging.Filter):
    """Scrubs anything shaped like a phone link's path from aiohttp's own log records
    (its access log is off; an error report could still quote a request line). A record
    with an exception (a malformed request: its text quotes the raw request line, token and
    all) becomes one line naming the exception's kind only, and at most one such line is
    written per :data:`BAD_REQUEST_EVERY` seconds (issue 26: anyone on the Wi-Fi could write a
    token into the journal, and flood it with 9 to 12 lines per request)."""

    def __init__(self, clock: Callable[[], float] = time.monotonic):
        super().__init__()
        self.clock = clock
        self._last: float | None = None
        self._quiet = 0  # bad requests not logged since the last line

    def filter(self, record: logging.LogRecord) -> bool:
        if record.exc_info:
            return self._one_line(record)
        text = record.getMessage()
        if "/p/" in text:
            record.msg, record.args = _TOKEN_IN_TEXT.sub("/p/…", text), ()
        return True

    def _one_line(self, record: logging.LogRecord) -> bool:
        now = self.clock()
        if self._last is not None and now - self._last < BAD_REQUEST_EVERY:
            self._quiet += 1
            return False
        error = record.exc_info[1]
        quiet, self._last, self._quiet = self._quiet, now, 0
        address = _ADDRESS.search(record.getMessage())
        source = f" from {address.group(1)}" if address else ""
        more = f"; {quiet} more not logged in the last {BAD_REQUEST_EVERY:g} s" if quiet else ""
        record.msg = f"phones: a bad request{source} ({type(error).__name__} {getattr(error, 'code', '')}){more}"
        record.args, record.exc_info, record.exc_text, record.stack_info = (), None, None, None
        record.levelno, record.levelname = logging.WARNING, "WARNING"
        return True


#: At most one log line about bad requests per this many seconds.
BAD_REQUEST_EVERY = 10.0
_ADDRESS = re.compile(r"\bfrom ([0-9A-Fa-f.:\[\]]{2,45})")

_NO_TOKENS = _NoTokens()
for _name in ("aiohttp.access", "aiohttp.server", "aiohttp.web", "aiohttp.websocket", "aiohttp.internal"):
    logging.getLogger(_name).addFilter(_NO_TOKENS)


class Table(Protocol):
    """What the phone server needs from the daemon."""

    def shared(self) -> dict[str, Any]:
        """The shared state for phones: ``game_key`` (an identity that differs for every
        game; None: no game), ``players``, ``language``, and what every phone shows
        (``title``, ``turn``, ``prompt``, ``todo``, ``news``, ``why``: one ``{"rule", "text"}``
        or None per news line, ``over``, ``revision``)."""

    def private(self, player: str) -> dict[str, Any]:
        """``player``'s private answer (:func:`companion.protocol.private_message`)."""

    async def choose(self, player: str, key: str, revision: int | None) -> tuple[bool, str]:
        """Make ``player``'s choice ``key``, only if the prompt's private choices are theirs
        and ``key`` is one of its choices; ``(accepted, sentence)``."""


class PhoneServer:
    """Serves the phones of the game on ``table``.

    Args:
        table: the game (:class:`Table`).
        config: the ``[phones]`` section (``enabled`` is the caller's business).
        on_presence: called when a player's phone connects or the last one leaves.
        key: the token key (:func:`companion.phones.tokens.load_key`); default fresh.
        failures: the failed-attempt limit (tests give it a clock).
        renewed: the seats re-paired in the game so far (:attr:`Tokens.renewed`, kept by a
            daemon that restarts).
    """

    def __init__(self, table: Table, config: PhonesConfig, on_presence: Callable[[], None] | None = None,
                 key: bytes | None = None, failures: limits.FailureLimit | None = None, renewed: dict | None = None,
                 on_claim: Callable[[], None] | None = None):
        self.table, self.config, self.on_presence, self.on_claim = table, config, on_presence, on_claim
        self.tokens = Tokens(key, renewed)
        #: Player -> the claim of the first phone that opened their seat this game: a link
        #: seen or photographed by someone else opens nothing on another phone. A restarted
        #: daemon gets them back from ``renewed["claims"]`` for the same game (issue 26).
        self._claims: dict[str, str] = {}
        self._kept = renewed if isinstance(renewed, dict) else {}
        self.failures = failures or limits.FailureLimit()
        self._phones: set[_Phone] = set()
        self._runner: web.AppRunner | None = None
        self._tcp: asyncio.AbstractServer | None = None
        self.port: int | None = None
        #: ``(path prefix, handler)``: other pages served on the same port (the owner's
        #: desk, :mod:`companion.desk`), each with its own token and checks.
        self.routes: list[tuple[str, Callable[[web.Request], Any]]] = []

    # ------------------------------------------------------------------ life

    async def start(self) -> None:
        """Listen on the configured address (port 0: any free one, see :attr:`port`)."""
        app = web.Application(client_max_size=limits.MAX_REQUEST, handler_args={
            "max_line_size": limits.MAX_FIELD, "max_field_size": limits.MAX_FIELD,
            "keepalive_timeout": limits.KEEPALIVE})
        app.router.add_route("*", "/{tail:.*}", self._request)
        app.on_response_prepare.append(_anonymous)
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False, shutdown_timeout=1.0)
        await self._runner.setup()
        server = self._runner.server

        def connection() -> asyncio.Protocol:  # at most limits.CONNECTIONS open at once
            return _Refused() if len(server.connections) >= limits.CONNECTIONS else server()

        self._tcp = await asyncio.get_running_loop().create_server(
            connection, self.config.host, self.config.port, reuse_address=True)
        self.port = self._tcp.sockets[0].getsockname()[1]
        self.changed()
        log.info("phones: listening on %s", self.config.listen if self.config.port else f"port {self.port}")

    async def stop(self) -> None:
        if self._tcp is not None:
            self._tcp.close()
        for phone in list(self._phones):
            await phone.close(WSCloseCode.GOING_AWAY)
        if self._runner is not None:
            await self._runner.cleanup()

    # ------------------------------------------------------------------ the daemon's side

    def links(self) -> dict[str, str]:
        """Player -> their link for the current game."""
        base = base_url(self.config, self.port)
        return {player: f"{base}/p/{token}" for player, token in self.tokens.links().items()}

    def renew(self) -> None:
        """New links for every seat of the game (:meth:`Tokens.rotate`): every phone is closed
        and every seat may be opened again by the next phone that scans its new code."""
        self.tokens.rotate()
        self._claims.clear()
        for phone in list(self._phones):
            self._phones.discard(phone)
            phone.revoke()
        self._presence()

    def repair(self, player: str) -> bool:
        """Re-pair ``player``'s seat from the table (a phone took it that is not theirs, or
        theirs is lost): a new token for that seat only, its phones closed (code
        :data:`REPLACED`) and the seat free for the next phone that opens its new link;
        every other seat keeps its link and its phone. False: not a seat of this game."""
        self._deal(self.table.shared())
        if not self.tokens.renew_seat(player):
            return False
        self._claims.pop(player, None)
        for phone in [p for p in self._phones if p.player == player]:
            self._phones.discard(phone)
            asyncio.ensure_future(phone.close(REPLACED))
        self._presence()
        return True

    @property
    def claims(self) -> dict[str, str]:
        """Player -> the claim of the phone that holds their seat (to keep beside the key)."""
        return dict(self._claims)

    @property
    def open_connections(self) -> int:
        """HTTP connections open now (at most :data:`~companion.phones.limits.CONNECTIONS`;
        0 before :meth:`start`)."""
        return len(self._runner.server.connections) if self._runner is not None else 0

    def connected(self) -> dict[str, bool]:
        """Player -> whether a phone of theirs is connected now (every player of the game)."""
        self._deal(self.table.shared())
        online = {phone.player for phone in self._phones}
        return {player: player in online for player in self.tokens.links()}

    def changed(self) -> None:
        """The game changed: a new game revokes the old links (their phones are closed);
        every phone gets the new state."""
        shared = self.table.shared()
        self._deal(shared)
        lang = shared.get("language") or "en"
        public = {k: v for k, v in shared.items() if k not in ("game_key", "players")}
        words = page.words(lang)
        views: dict[str, str] = {}
        for phone in self._phones:
            if phone.player not in views:
                private = page.private_part(self.table.private(phone.player), lang)
                views[phone.player] = json.dumps({"type": "update", "you": phone.player, "shared": public,
                                                  "private": private, "words": words}, ensure_ascii=False)
            phone.send(views[phone.player])

    def _deal(self, shared: dict[str, Any]) -> None:
        """Tokens for the game on the table; a new game closes the previous game's phones."""
        if self.tokens.deal(shared.get("game_key"), shared.get("players") or ()):
            self._claims = _claims_of(self._kept, self.tokens.game)
            self._kept = {}
            for phone in list(self._phones):  # the previous game's: never shown the new one
                self._phones.discard(phone)
                phone.revoke()

    # ------------------------------------------------------------------ requests

    async def _request(self, request: web.Request) -> web.StreamResponse:
        address = request.remote or "?"
        if self.failures.blocked(address):
            return _bare(429)
        for prefix, handler in self.routes:
            if request.path.startswith(prefix):
                return await handler(request)
        match = _ROUTE.fullmatch(request.path)
        player = self.tokens.who(match.group(1)) if match and request.method == "GET" else None
        if player is None:
            self.failures.failed(address)
            log.info("phones: refused a request from %s", address)  # never the path: it may hold a token
            return _bare(404)
        if match.group(2):
            return await self._live(request, player, match.group(1))
        return web.Response(text=page.html(self.table.shared().get("language") or "en"),
                            content_type="text/html", headers=page.page_headers(request.host))

    async def _live(self, request: web.Request, player: str, token: str) -> web.StreamResponse:
        origin = request.headers.get("Origin")
        if origin is not None and origin.split("://", 1)[-1] != request.host:
            return _bare(403)  # another site's page cannot drive a phone's connection
        claim = request.query.get("claim", "")
        if not _CLAIM.fullmatch(claim):
            self.failures.failed(request.remote or "?")
            return _bare(404)
        mine = sum(1 for phone in self._phones if phone.player == player)
        if mine >= limits.PER_TOKEN or len(self._phones) >= limits.TOTAL:
            return _bare(429)
        ws = web.WebSocketResponse(max_msg_size=limits.MAX_MESSAGE, heartbeat=20.0, compress=False)
        await ws.prepare(request)
        if player not in self._claims:
            self._claims[player] = claim
            if self.on_claim is not None:
                self.on_claim()
        if not hmac.compare_digest(self._claims[player], claim):
            log.warning("phones: a second phone tried to open %s's seat", player)
            await ws.close(code=CLAIMED)  # the page says so; nothing of the seat was sent
            return ws
        phone = _Phone(ws, player, token)
        self._phones.add(phone)
        log.info("phones: %s's phone connected", player)
        self._presence()
        try:
            self.changed()
            await self._read(phone)
        finally:
            self._phones.discard(phone)
            await phone.close(REVOKED if self.tokens.who(token) != player else WSCloseCode.OK)
            log.info("phones: %s's phone left", player)
            self._presence()
        return ws

    async def _read(self, phone: _Phone) -> None:
        async for message in phone.ws:
            if message.type != WSMsgType.TEXT:
                break
            if self.tokens.who(phone.token) != phone.player:
                break  # revoked meanwhile
            if _depth(message.data) > MAX_DEPTH:
                log.warning("phones: %s's phone sent a message nested too deeply; closed", phone.player)
                await phone.close(TOO_DEEP)
                break
            key, revision = _choice(message.data)
            if key is None:
                await phone.ws.send_json({"type": "ack", "ok": False, "text": "bad message"})
                continue
            ok, text = await self._choose(phone.player, key, revision)
            if not phone.ws.closed:
                await phone.ws.send_json({"type": "ack", "ok": ok, "text": text})

    async def _choose(self, player: str, key: str, revision: int | None) -> tuple[bool, str]:
        prompt = self.table.private(player).get("prompt") or {}
        if key not in {c.get("key") for c in prompt.get("choices") or ()}:
            return False, ""  # not a choice on this player's page: nothing happens
        return await self.table.choose(player, key, revision)

    def _presence(self) -> None:
        if self.on_presence is not None:
            self.on_presence()


def _claims_of(kept: dict, game: str | None) -> dict[str, str]:
    """The seat claims kept in ``kept`` (``{"game", "claims"}``) when they are ``game``'s."""
    claims = kept.get("claims") if kept.get("game") == game and game is not None else None
    if not isinstance(claims, dict):
        return {}
    return {str(p): c for p, c in claims.items() if isinstance(c, str) and _CLAIM.fullmatch(c)}


class _Phone:
    """One connected page: sends only the latest update (a slow phone skips states)."""

    def __init__(self, ws: web.WebSocketResponse, player: str, token: str):
        self.ws, self.player, self.token = ws, player, token
        self._latest: str | None = None
        self._closing = False
        self._ready = asyncio.Event()
        self._writer = asyncio.ensure_future(self._write())

    def send(self, text: str) -> None:
        self._latest = text
        self._ready.set()

    def revoke(self) -> None:
        asyncio.ensure_future(self.close(REVOKED))

    async def close(self, code: int = WSCloseCode.OK) -> None:
        """Close with ``code`` (the first close wins); the writer stops after the frame it
        may be writing (never cut in the middle of one)."""
        self._closing = True
        self._ready.set()
        with contextlib.suppress(Exception):
            await self.ws.close(code=code)

    async def _write(self) -> None:
        with contextlib.suppress(ConnectionError, RuntimeError):
            while not self.ws.closed:
                await self._ready.wait()
                self._ready.clear()
                text, self._latest = self._latest, None
                if self._closing:
                    return
                if text is not None:
                    await self.ws.send_str(text)


def _depth(data: str) -> int:
    """How deeply the JSON text ``data`` nests arrays and objects (brackets inside strings
    do not count), without parsing it."""
    depth = deepest = 0
    in_string = escaped = False
    for char in data:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif char in "]}":
            depth -= 1
    return deepest


def _choice(data: str) -> tuple[str | None, int | None]:
    """``(key, revision)`` of a page's ``{"choose": KEY, "revision": N}``; ``(None, None)``
    for anything else."""
    try:
        message = json.loads(data)
    except ValueError:
        return None, None
    if not isinstance(message, dict):
        return None, None
    key, revision = message.get("choose"), message.get("revision")
    if not isinstance(key, str) or not 0 < len(key) <= 200:
        return None, None
    if revision is not None and (not isinstance(revision, int) or isinstance(revision, bool)):
        return None, None
    return key, revision


class _Refused(asyncio.Protocol):
    """A connection over :data:`~companion.phones.limits.CONNECTIONS`: closed at once."""

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        transport.close()


async def _anonymous(_request: web.Request, response: web.StreamResponse) -> None:
    """No ``Server`` header: the answers do not say what serves them, nor its version."""
    response.headers.popall("Server", None)


def _bare(status: int) -> web.Response:
    """A response that says nothing but its status."""
    return web.Response(status=status, text="", headers=page.HEADERS)
