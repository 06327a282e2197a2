"""``companion venue``: the staff dashboard (issue 32). It subscribes to
``<prefix>/+/#`` on the venue's broker and serves one page (aiohttp, like the phones'
page) whose WebSocket gets every table's tile at once and each change as it comes. Staff
log in with the ``[venue] token``; from a tile they acknowledge a call or send the table a
short message, both as a ``command`` on the broker. It never talks to a table directly.

Routes: ``GET /`` (the page, or the login form), ``POST /login`` (the token, then a
cookie), ``GET /ws`` (the WebSocket: ``{"type": "tiles", "tiles": [...], "broker"}`` first,
then ``{"type": "tile", "tile"}`` and ``{"type": "broker", "broker"}``; the page sends
``{"cmd": "staff_ack" | "message", "table", "text"}``).
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import json
import logging
import random
from importlib import resources
from typing import Any

import aiomqtt
from aiohttp import WSMsgType, web

from companion.daemon.staff import clean_message
from companion.venue.board import Board
from companion.venue.config import TOPIC_WORD, MqttConfig, VenueConfig
from companion.venue.link import BACKOFF

log = logging.getLogger(__name__)

COOKIE = "haunt_venue"
#: Messages that may wait for one page before it is closed (it reconnects and gets every tile).
MAX_WAITING = 2000
HEADERS = {"Cache-Control": "no-store", "X-Frame-Options": "DENY", "Referrer-Policy": "no-referrer",
           "X-Content-Type-Options": "nosniff"}


def session_value(token: str) -> str:
    """The login cookie's value: a digest of the token (the token itself is never stored)."""
    return hashlib.sha256(b"haunt-venue:" + token.encode()).hexdigest()


class Dashboard:
    """The dashboard: its board, the broker connection and the web page."""

    def __init__(self, mqtt: MqttConfig, venue: VenueConfig):
        if not venue.token:
            raise ValueError("venue.token: the dashboard needs a login token in the config ([venue] token)")
        self.mqtt, self.venue = mqtt, venue
        self.board = Board(mqtt.topic_prefix)
        self.sockets: dict[web.WebSocketResponse, asyncio.Queue] = {}  # each page's messages, in order
        self.client: aiomqtt.Client | None = None
        self.broker = {"broker": mqtt.broker, "connected": False, "problem": None}
        self.port: int | None = None
        self._runner: web.AppRunner | None = None
        self._session = session_value(venue.token)

    # ------------------------------------------------------------------ life

    async def start(self) -> None:
        app = web.Application(client_max_size=16 * 1024)
        app.router.add_get("/", self._page)
        app.router.add_post("/login", self._login)
        app.router.add_get("/ws", self._ws)
        app.on_response_prepare.append(_headers)
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False, shutdown_timeout=1.0)
        await self._runner.setup()
        site = web.TCPSite(self._runner, self.venue.host, self.venue.port, reuse_address=True)
        await site.start()
        self.port = site._server.sockets[0].getsockname()[1]
        log.info("venue: the dashboard listens on %s:%s", self.venue.host, self.port)

    async def stop(self) -> None:
        for ws in list(self.sockets):
            await ws.close()
        if self._runner is not None:
            await self._runner.cleanup()

    async def run(self) -> None:
        """Read the broker until cancelled; reconnect with backoff."""
        attempt = 0
        while True:
            try:
                async with self._client_for() as client:
                    await client.subscribe(f"{self.mqtt.topic_prefix}/+/#", qos=1)
                    self.client, attempt = client, 0
                    self._broker(True, None)
                    async for message in client.messages:
                        self._read(str(message.topic), message.payload)
            except aiomqtt.MqttError as exc:
                self.client = None
                if self.broker["connected"] or self.broker["problem"] != str(exc):
                    log.warning("venue: the broker %s: %s; trying again", self.mqtt.broker, exc)
                self._broker(False, str(exc) or type(exc).__name__)
            await asyncio.sleep(BACKOFF[min(attempt, len(BACKOFF) - 1)] * random.uniform(0.8, 1.0))
            attempt += 1

    def _client_for(self) -> aiomqtt.Client:
        import ssl

        config = self.mqtt
        tls = ssl.create_default_context(cafile=config.ca_file) if config.tls else None
        return aiomqtt.Client(config.host, config.port, username=config.username, password=config.password,
                              identifier=f"haunt-venue-{random.getrandbits(32):08x}", tls_context=tls,
                              keepalive=10, timeout=5.0, logger=log.getChild("client"))

    def _read(self, topic: str, payload: Any) -> None:
        raw = payload if isinstance(payload, (bytes, bytearray)) else str(payload or "").encode()
        tile = self.board.read(topic, bytes(raw))
        if tile is not None:
            self._send_all({"type": "tile", "tile": tile})

    def _broker(self, connected: bool, problem: str | None) -> None:
        self.broker = {"broker": self.mqtt.broker, "connected": connected, "problem": problem}
        self._send_all({"type": "broker", "broker": self.broker})

    def _send_all(self, message: dict[str, Any]) -> None:
        text = json.dumps(message, separators=(",", ":"))
        for ws, queue in list(self.sockets.items()):
            try:
                queue.put_nowait(text)
            except asyncio.QueueFull:  # a page that stopped reading: it reconnects and gets every tile
                log.warning("venue: closing a dashboard page that stopped reading")
                self.sockets.pop(ws, None)
                asyncio.ensure_future(ws.close())

    # ------------------------------------------------------------------ web

    def _logged_in(self, request: web.Request) -> bool:
        return hmac.compare_digest(request.cookies.get(COOKIE, ""), self._session)

    async def _page(self, request: web.Request) -> web.Response:
        name = "dashboard.html" if self._logged_in(request) else "login.html"
        text = resources.files("companion.venue").joinpath(name).read_text(encoding="utf-8")
        return web.Response(text=text, content_type="text/html")

    async def _login(self, request: web.Request) -> web.Response:
        form = await request.post()
        token = str(form.get("token", ""))
        if not hmac.compare_digest(session_value(token), self._session):
            log.warning("venue: a wrong dashboard token from %s", request.remote)
            raise web.HTTPSeeOther("/?wrong")
        response = web.HTTPSeeOther("/")
        response.set_cookie(COOKIE, self._session, httponly=True, samesite="Strict", max_age=30 * 24 * 3600)
        raise response

    async def _ws(self, request: web.Request) -> web.WebSocketResponse:
        if not self._logged_in(request):
            raise web.HTTPForbidden()
        ws = web.WebSocketResponse(heartbeat=20.0, max_msg_size=4096)
        await ws.prepare(request)
        queue: asyncio.Queue = asyncio.Queue(MAX_WAITING)
        queue.put_nowait(json.dumps({"type": "tiles", "tiles": self.board.all(), "broker": self.broker}))
        self.sockets[ws] = queue
        writer = asyncio.ensure_future(_writer(ws, queue))
        try:
            async for message in ws:
                if message.type == WSMsgType.TEXT:
                    await self._staff(message.data)
        finally:
            self.sockets.pop(ws, None)
            writer.cancel()
        return ws

    async def _staff(self, data: str) -> None:
        """A tile's button: a checked ``staff_ack`` or ``message`` for one known table."""
        try:
            asked = json.loads(data)
        except ValueError:
            return
        if not isinstance(asked, dict):
            return
        table, cmd = asked.get("table"), asked.get("cmd")
        if cmd not in ("staff_ack", "message") or not isinstance(table, str) or not TOPIC_WORD.fullmatch(table) \
                or table not in self.board.tiles or self.client is None:
            return
        command: dict[str, Any] = {"cmd": cmd}
        if cmd == "message":
            command["text"] = clean_message(asked.get("text"))
        try:
            await self.client.publish(self.mqtt.topic("command", table), json.dumps(command), qos=1)
        except aiomqtt.MqttError as exc:
            log.warning("venue: %s for table %s not sent: %s", cmd, table, exc)


async def _writer(ws: web.WebSocketResponse, queue: asyncio.Queue) -> None:
    """Send one page its messages in order."""
    try:
        while True:
            await ws.send_str(await queue.get())
    except (ConnectionError, RuntimeError):
        pass


async def _headers(_request: web.Request, response: web.StreamResponse) -> None:
    response.headers.update(HEADERS)


async def serve(mqtt: MqttConfig, venue: VenueConfig, ready=None) -> None:
    """Serve the dashboard until cancelled (``ready``: called with it once it listens)."""
    dashboard = Dashboard(mqtt, venue)
    await dashboard.start()
    if ready is not None:
        ready(dashboard)
    try:
        await dashboard.run()
    finally:
        await dashboard.stop()
