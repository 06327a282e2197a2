"""The owner's desk inside the daemon: its token, and where it is served.

The desk is served on the phones' aiohttp server when the phones are on (their port; it is
attached when they start), else on a server of its own (``[desk] listen``, loopback by
default) started the first time its link is asked for (``companion desk``, Settings →
Owner's desk): a daemon whose owner never opens the desk never imports aiohttp. The owner's
token is kept beside the store (``desk.key``, ``0600``), so a bookmarked link works again once
the desk is started after a restart.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import ipaddress
import logging
import secrets
from pathlib import Path
from typing import TYPE_CHECKING

from companion.desk.config import DeskConfig
from companion.phones.config import lan_address
from companion.phones.tokens import load_key

if TYPE_CHECKING:
    from companion.daemon.api import Commands

log = logging.getLogger(__name__)

#: Beside the event store: the owner's key (their token is derived from it).
KEY_FILE = "desk.key"


class DeskLink:
    """The desk of the daemon (``ctx``: what it gives its commands): its token, its site and
    the server it is on."""

    def __init__(self, ctx: Commands, config: DeskConfig):
        self.ctx, self.config = ctx, config
        path = _key_path(ctx)
        self.key = load_key(path) if path is not None else secrets.token_bytes(32)
        self.token = _derive(self.key, b"owner")
        #: The CSRF token of this run: every change the page asks for carries it.
        self.csrf = _derive(self.key, b"csrf:" + secrets.token_bytes(16))
        self.site = None
        self._own = None  # the desk's own server (the phones are off)
        self.base: str | None = None

    async def start(self) -> None:
        from companion.desk.site import DeskSite

        phones = self.ctx.services.phones()
        self.site = DeskSite(self, phones.server.failures if phones is not None else None)
        if phones is not None:
            phones.server.routes.append(("/desk/", self.site.handle))
            url = phones.server.config.url if self.config.network else None  # the phones' address is the LAN's
            self.base = url or _base(phones.server.config.host, phones.server.port, self.config.network)
            return
        from companion.desk.site import OwnServer

        self._own = OwnServer(self.site)
        port = await self._own.start(self.config.listen_host, self.config.port)
        self.base = _base(self.config.listen_host, port, self.config.network)

    async def stop(self) -> None:
        if self._own is not None:
            await self._own.stop()
            self._own = None

    def link(self) -> str:
        return f"{self.base}/desk/{self.token}"


async def start_desk(ctx: Commands, quiet: bool = False) -> DeskLink | None:
    """A desk for the daemon (:meth:`Daemon.start_desk`, which keeps it), started; None when
    the config turns it off or it cannot listen (said in the log; with ``quiet`` nothing more)."""
    config = ctx.services.desk_config() or DeskConfig()
    if not config.enabled:
        return None
    desk = DeskLink(ctx, config)
    try:
        await desk.start()
    except OSError as exc:
        log.error("desk: cannot listen on %s:%s: %s", config.listen_host, config.port, exc)
        if not quiet:
            raise
        return None
    log.info("desk: served at %s/desk/…", desk.base)
    return desk


def _key_path(ctx: Commands) -> Path | None:
    store = str(getattr(ctx.reads.store, "path", "") or "")
    if not store or store == ":memory:" or store.startswith("file:"):
        return None
    return Path(store).parent / KEY_FILE


def _derive(key: bytes, what: bytes) -> str:
    return base64.urlsafe_b64encode(hmac.new(key, what, hashlib.sha256).digest()[:18]).decode()


def _base(host: str, port: int, network: bool) -> str:
    """``http://host:port``: loopback for a desk on this machine only, else the LAN address."""
    address = ipaddress.ip_address(host)
    if not network or address.is_loopback:
        name = "127.0.0.1" if address.version == 4 else "[::1]"
        return f"http://{name}:{port}"
    if address.is_unspecified:
        host = lan_address(address.version)
    return f"http://[{host}]:{port}" if ":" in host else f"http://{host}:{port}"
