"""The desk's routes, under ``/desk/<owner token>`` (every other request is a bare 404, an
address that failed too often a bare 429):

* ``GET ""``: the page; ``GET /api/games``: each game with card data and the cards still to
  enter; ``GET /api/content/<game>``: its forms; ``POST /api/content``: one card's fields
  (``{"component", "fields"}``), saved at once;
* ``GET /export/<game>.<toml|csv>``: the card data file; ``POST /import/<game>``: a file's
  text as the body (its name in ``X-File-Name``), checked as a whole, saved or refused;
* ``GET /api/saved``, ``POST /api/saved`` (``{"action": "resume"|"set_aside"|"delete",
  "id", "confirm"}``); ``GET /api/history``; ``GET /backup``: a copy of the store.

Security, beyond the token: requests from another machine are refused unless ``[desk]
network = true``; a request whose ``Origin`` (or ``Sec-Fetch-Site``) is another site's is
refused; every ``POST`` carries the page's CSRF token in ``X-Desk-CSRF``; every answer has
the phones' headers (no-store, CSP, no framing, no referrer). The work is the socket
commands' (:mod:`companion.daemon.desk_commands`), on the daemon's input worker.
"""

from __future__ import annotations

import asyncio
import ipaddress
import json
import logging
import re
import tempfile
import time
from pathlib import Path
from typing import Any

from aiohttp import web

from companion.daemon import desk_commands as work
from companion.desk import page
from companion.errors import CompanionError
from companion.i18n import Msg, render
from companion.phones import limits
from companion.phones.tokens import TOKEN_SHAPE, same_token

log = logging.getLogger(__name__)

_ROUTE = re.compile(r"/desk/([^/]{1,64})(/.*)?")
#: Largest JSON body of a change (one card's fields).
MAX_JSON = 16 * 1024


class _NoDeskToken(logging.Filter):
    """Scrubs the desk's path (it holds the owner's token) from aiohttp's own log records."""

    def filter(self, record: logging.LogRecord) -> bool:
        text = record.getMessage()
        if "/desk/" in text:
            record.msg, record.args = re.sub(r"/desk/[^/\s\"']+", "/desk/…", text), ()
        return True


for _name in ("aiohttp.access", "aiohttp.server", "aiohttp.web", "aiohttp.internal"):
    logging.getLogger(_name).addFilter(_NoDeskToken())


class DeskSite:
    """The desk's request handler (on the phones' server, or on :class:`OwnServer`)."""

    def __init__(self, link, failures: limits.FailureLimit | None = None):
        self.link = link
        self.ctx = link.ctx
        self.failures = failures or limits.FailureLimit()

    async def handle(self, request: web.Request) -> web.StreamResponse:
        address = request.remote or "?"
        if self.failures.blocked(address):
            return _bare(429)
        match = _ROUTE.fullmatch(request.path)
        token = match.group(1) if match else ""
        if not TOKEN_SHAPE.fullmatch(token) or not same_token(token, self.link.token):
            self.failures.failed(address)
            log.info("desk: refused a request from %s", address)  # never the path: it holds the token
            return _bare(404)
        refusal = self._refusal(request)
        if refusal is not None:
            log.warning("desk: refused a request from %s: %s", address, refusal)
            return _bare(403)
        try:
            return await self._route(request, match.group(2) or "")
        except CompanionError as exc:
            return _json({"ok": False, "text": str(exc)}, 400)

    def _refusal(self, request: web.Request) -> str | None:
        """Why a request with the right token is still refused, or None."""
        if not self.link.config.network and not _loopback(request.remote):
            return "another machine (the desk is for this machine only: [desk] network = true opens it)"
        origin = request.headers.get("Origin")
        if origin is not None and origin.split("://", 1)[-1] != request.host:
            return "another site's page"
        if request.headers.get("Sec-Fetch-Site") == "cross-site":
            return "another site's page"
        if request.method == "POST":
            csrf = request.headers.get("X-Desk-CSRF", "")
            if not csrf or not same_token(csrf, self.link.csrf):
                return "a change without the page's CSRF token"
        elif request.method not in ("GET", "HEAD"):
            return f"method {request.method}"
        return None

    async def _route(self, request: web.Request, route: str) -> web.StreamResponse:
        get = request.method in ("GET", "HEAD")
        if route in ("", "/") and get:
            lang = self.ctx.reads.language()
            return web.Response(text=page.html(lang, self.link.csrf), content_type="text/html",
                                headers=page.page_headers())
        if route == "/api/games" and get:
            return _json(await self.ctx.worker.in_order(self._games))
        if route.startswith("/api/content/") and get:
            game = route.removeprefix("/api/content/")
            return _json(await self.ctx.worker.in_order(lambda: self._forms(game)))
        if route == "/api/content" and not get:
            return _json(await self._save(await _body_json(request)))
        if route.startswith("/export/") and get:
            return await self._export(route.removeprefix("/export/"))
        if route.startswith("/import/") and not get:
            return await self._import(request, route.removeprefix("/import/"))
        if route == "/api/saved":
            return _json(await self._saved(None if get else await _body_json(request)))
        if route == "/api/history" and get:
            return _json(await work.history(self.ctx))
        if route == "/backup" and get:
            return await self._backup()
        return _bare(404)

    # ------------------------------------------------------------------ card data

    def _games(self) -> dict[str, Any]:
        from companion import table_content
        from companion.engine import all_games

        games = []
        for spec in all_games().values():
            if spec.content is None:
                continue
            forms = table_content.forms(spec, self.ctx.reads.store.content(spec.id), self.ctx.reads.language())
            left = sum(1 for c in forms["components"] if c["placeholder"])
            games.append({"game": spec.id, "title": spec.title, "cards": len(forms["components"]), "left": left,
                          "problem": _text(forms["problem"], self.ctx.reads.language())})
        return {"games": games}

    def _forms(self, game: str) -> dict[str, Any]:
        from companion import table_content
        from companion.engine import get_game

        spec = get_game(game)
        forms = table_content.forms(spec, self.ctx.reads.store.content(spec.id), self.ctx.reads.language())
        forms["left"] = sum(1 for c in forms["components"] if c["placeholder"])
        forms["problem"] = _text(forms["problem"], self.ctx.reads.language())
        return forms

    async def _save(self, body: dict[str, Any]) -> dict[str, Any]:
        from companion import table_content

        def save() -> dict[str, Any]:
            component, fields = body.get("component"), body.get("fields")
            try:
                text = table_content.save(self.ctx.reads.store, component, fields)
            except CompanionError as exc:
                return self._refused(component, exc)
            game = component.split(":", 1)[0]
            forms = self._forms(game)
            card = next((c for c in forms["components"] if c["component"] == component), None)
            return {"ok": True, "text": render(text, self.ctx.reads.language()), "card": card,
                    "left": forms["left"], "problem": forms["problem"]}
        return await self.ctx.worker.in_order(save)

    def _refused(self, component: Any, exc: CompanionError) -> dict[str, Any]:
        """A refused change: why, in the table's language, naming the field as its form does
        ("Attacco è un numero intero da 0 a 9, non -999", not the file's key "attack"), with
        the card as stored, for the page to put the stored value back (newcomer19 9)."""
        lang = self.ctx.reads.language()
        card = self._card(component)
        said: Any = exc.args[0] if exc.args and isinstance(exc.args[0], Msg) else str(exc)
        field = said.params.get("field") if isinstance(said, Msg) else None
        labels = {f["name"]: f["label"] for f in card["fields"]} if card else {}
        if field in labels:
            said = Msg(said.msgid, {**said.params, "field": _short(labels[field])}, said.plural, said.count)
        return {"ok": False, "text": render(said, lang), "field": field if field in labels else None, "card": card}

    def _card(self, component: Any) -> dict[str, Any] | None:
        """The form of ``component`` as stored, or None for no card of a game with card data."""
        if not isinstance(component, str):
            return None
        try:
            forms = self._forms(component.split(":", 1)[0])
        except CompanionError:  # no such game
            return None
        return next((c for c in forms["components"] if c["component"] == component), None)

    async def _export(self, name: str) -> web.StreamResponse:
        game, _, fmt = name.partition(".")
        answer = await self.ctx.worker.in_order(lambda: work.export_content(self.ctx, game, fmt))
        kind = "text/csv" if fmt == "csv" else "application/toml"
        return web.Response(text=answer["text"], content_type=kind, headers={
            **page.HEADERS, "Content-Disposition": f'attachment; filename="{answer["game"]}.{fmt}"'})

    async def _import(self, request: web.Request, game: str) -> web.StreamResponse:
        from companion.content_io import MAX_BYTES, too_big

        data = await _body(request, MAX_BYTES)
        if data is None:
            size = request.content_length or MAX_BYTES + 1
            return _json({"ok": False, "problems": [render(too_big(size), self.ctx.reads.language())], "saved": 0}, 413)
        name = request.headers.get("X-File-Name", "")[:200]
        answer = await self.ctx.worker.in_order(lambda: work.import_content(self.ctx, data, name, game))
        return _json(answer, 200 if answer["ok"] else 422)

    # ------------------------------------------------------------------ saved games and history

    async def _saved(self, body: dict[str, Any] | None) -> dict[str, Any]:
        if body is None:
            return await self.ctx.worker.in_order(lambda: work.saved_games(self.ctx))
        action, game_id = body.get("action"), body.get("id")
        actions = {"resume": lambda: work.resume(self.ctx, game_id),
                   "set_aside": lambda: work.set_aside(self.ctx),
                   "delete": lambda: work.delete(self.ctx, game_id, body.get("confirm"))}
        if action not in actions:
            return {"ok": False, "text": "the action is resume, set_aside or delete"}
        ok, text = await self.ctx.worker.in_order(actions[action])
        games = await self.ctx.worker.in_order(lambda: work.saved_games(self.ctx))
        return {"ok": ok, "text": render(text, self.ctx.reads.language()), "games": games["games"]}

    async def _backup(self) -> web.StreamResponse:
        from companion.backup import backup

        path = self.ctx.reads.store.path
        if path == ":memory:":
            return _json({"ok": False, "text": "this table keeps its games in memory: there is no file to back up"},
                         409)
        with tempfile.TemporaryDirectory(prefix="companion-backup-") as tmp:
            copy = Path(tmp) / "backup.sqlite3"
            await asyncio.to_thread(backup, path, copy)
            data = await asyncio.to_thread(copy.read_bytes)
        name = time.strftime("haunt-companion-%Y%m%d-%H%M.sqlite3")
        return web.Response(body=data, content_type="application/vnd.sqlite3", headers={
            **page.HEADERS, "Content-Disposition": f'attachment; filename="{name}"'})


class OwnServer:
    """The desk's own aiohttp server, for a table whose phones are off."""

    def __init__(self, site: DeskSite):
        self.site = site
        self._runner: web.AppRunner | None = None

    async def start(self, host: str, port: int) -> int:
        from companion.phones.server import _anonymous

        app = web.Application(client_max_size=limits.MAX_REQUEST, handler_args={
            "max_line_size": limits.MAX_FIELD, "max_field_size": limits.MAX_FIELD,
            "keepalive_timeout": limits.KEEPALIVE})
        app.router.add_route("*", "/{tail:.*}", self._request)
        app.on_response_prepare.append(_anonymous)
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False, shutdown_timeout=1.0)
        await self._runner.setup()
        site = web.TCPSite(self._runner, host, port, reuse_address=True)
        try:
            await site.start()
        except OSError:
            await self._runner.cleanup()
            raise
        return site._server.sockets[0].getsockname()[1]

    async def _request(self, request: web.Request) -> web.StreamResponse:
        if request.path.startswith("/desk/"):
            return await self.site.handle(request)
        self.site.failures.failed(request.remote or "?")
        return _bare(404)

    async def stop(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()


def _loopback(address: str | None) -> bool:
    try:
        return ipaddress.ip_address(address or "").is_loopback
    except ValueError:
        return False


async def _body(request: web.Request, limit: int) -> bytes | None:
    """The request's body, or None when it is longer than ``limit`` bytes."""
    if request.content_length is not None and request.content_length > limit:
        return None
    data = bytearray()
    while True:
        chunk = await request.content.read(65536)
        if not chunk:
            return bytes(data)
        data += chunk
        if len(data) > limit:
            return None


async def _body_json(request: web.Request) -> dict[str, Any]:
    data = await _body(request, MAX_JSON)
    try:
        body = json.loads(data) if data else None
    except ValueError:
        body = None
    if not isinstance(body, dict):
        raise CompanionError("the request is one JSON object")
    return body


def _short(label: str) -> str:
    """A field's label without its explanation: "Attack (the number by the sword)" is "Attack"."""
    return re.sub(r"\s*\(.*\)\s*$", "", label) or label


def _text(text: Any, lang: str) -> str | None:
    return None if text is None else render(text, lang)


def _json(body: dict[str, Any], status: int = 200) -> web.Response:
    return web.Response(text=json.dumps(body, ensure_ascii=False), status=status, content_type="application/json",
                        headers=page.HEADERS)


def _bare(status: int) -> web.Response:
    return web.Response(status=status, text="", headers=page.HEADERS)

