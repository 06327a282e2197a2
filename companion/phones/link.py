"""The phones inside the daemon: the :class:`~companion.phones.server.Table` the phone
server sees of the daemon (its :class:`~companion.daemon.api.Commands`), and its start and stop.

What a phone shows of the shared state is cut from the very ``state`` message the daemon
last sent to its screens (so a phone never learns more than the table screen); a player's
private part is :func:`companion.protocol.private_message`, as on the privacy screen; a
choice from a phone is made in the daemon's input order, and only when the prompt's private
choices are that player's.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import TYPE_CHECKING, Any

from companion import protocol
from companion.i18n import msg, render
from companion.phones.config import PhonesConfig
from companion.phones.server import PhoneServer
from companion.phones.tokens import load_key, load_seats, save_key, save_seats

if TYPE_CHECKING:
    from companion.daemon.api import Commands

log = logging.getLogger(__name__)

#: The keys of the daemon's state message a phone shows (``why``: one explanation or None per
#: ``news`` line, issue 33 item 2: shared, as on the table screen; it never names a hidden card).
SHARED_KEYS = ("title", "todo", "news", "why", "revision", "language")

#: Beside the event store: the token key, so a restarted daemon resuming the same game
#: hands out the same links, and the seats re-paired in that game.
KEY_FILE, SEATS_FILE = "phones.key", "phones.seats"


class DaemonTable:
    """The daemon as the phone server's table (``ctx``: what the daemon gives its commands)."""

    def __init__(self, ctx: Commands):
        self.ctx = ctx
        self.state: dict[str, Any] = {}

    def shared(self) -> dict[str, Any]:
        session, state = self.ctx.reads.session(), self.state
        prompt = state.get("prompt") or {}
        shared = {key: state.get(key) for key in SHARED_KEYS}
        if not state.get("news"):  # a restart, a language switch: the log's last lines, as the screen shows
            shared.update(news=list(state.get("log") or [])[-3:], why=list(state.get("log_why") or [])[-3:])
        shared.update(language=self.ctx.reads.language(), turn=prompt.get("player"),
                      prompt=prompt.get("text") or "", over=bool(prompt.get("over")), game_key=None, players=[])
        if session is not None:
            shared.update(game_key=f"{session.game_id}:{session.header.seed}", players=list(session.header.players))
        return shared

    def private(self, player: str) -> dict[str, Any]:
        session = self.ctx.reads.session()
        if session is None or player not in session.header.players:
            return {"type": "private", "player": player, "view": {}, "prompt": None}
        return protocol.private_message(session, player, self.ctx.reads.language(), self.ctx.reads.by_touch())

    async def choose(self, player: str, key: str, revision: int | None) -> tuple[bool, str]:
        return await self.ctx.worker.in_order(lambda: self._choose(player, key, revision))

    def _choose(self, player: str, key: str, revision: int | None) -> tuple[bool, str]:
        """On the daemon's worker: ``key`` is one of the current prompt's choices, and its
        private choices are ``player``'s; then an ordinary touch (refused when the game
        moved on since ``revision``)."""
        session, lang = self.ctx.reads.session(), self.ctx.reads.language()
        owner = protocol.private_prompt_owner(session.prompt) if session is not None else None
        if owner is None or owner["player"] not in (None, player) or session.prompt.choice(key) is None:
            return False, render(msg("That choice is not yours to make now."), lang)
        log.info("phones: %s made a choice on their phone", player)
        reply = self.ctx.changes.touch(key, revision)
        return reply.accepted, render(reply.text, lang, self.ctx.reads.by_touch())


class PhoneLink:
    """The phone server of a daemon: :meth:`start` on its loop, :meth:`published` after
    every state it sends, :meth:`connected` for the state's ``phones``."""

    def __init__(self, ctx: Commands, config: PhonesConfig):
        self.ctx, self.config = ctx, config
        self.table = DaemonTable(ctx)
        path = self._key_path()
        key = load_key(path) if path is not None else None  # None: a fresh key, in memory only
        renewed = load_seats(path.with_name(SEATS_FILE)) if path is not None else None
        self.server = PhoneServer(self.table, config, on_presence=self._presence, key=key, renewed=renewed,
                                  on_claim=self._keep_seats)

    def _key_path(self) -> Path | None:
        """``phones.key`` beside the event store; None for a store in memory (then the links
        last as long as the daemon)."""
        store = str(getattr(self.ctx.reads.store, "path", "") or "")
        if not store or store == ":memory:" or store.startswith("file:"):
            return None
        return Path(store).parent / KEY_FILE

    async def start(self) -> None:
        self.table.state = self.ctx.replies.state()
        await self.server.start()

    async def stop(self) -> None:
        await self.server.stop()

    def published(self, state: dict[str, Any]) -> None:
        """The daemon sent ``state`` to its screens: every phone gets its part."""
        self.table.state = state
        self.server.changed()

    def connected(self) -> dict[str, bool]:
        return self.server.connected()

    def links(self) -> dict[str, str]:
        return self.server.links()

    def renew(self) -> None:
        """New links for every seat (a link seen by the wrong person, a phone lost): the key
        is replaced, and kept, so the old links never work again, even after a restart."""
        self.server.renew()
        path = self._key_path()
        if path is not None:
            save_key(path, self.server.tokens.key)
        self._keep_seats()
        log.info("phones: every link renewed")

    def repair(self, player: str) -> bool:
        """A new link for ``player``'s seat only (:meth:`PhoneServer.repair`), kept so that
        the old one never works again, even after a restart. False: not a seat."""
        if not self.server.repair(player):
            return False
        self._keep_seats()
        log.info("phones: %s's seat re-paired", player)
        return True

    def _keep_seats(self) -> None:
        path = self._key_path()
        if path is not None:
            save_seats(path.with_name(SEATS_FILE), {**self.server.tokens.renewed, "claims": self.server.claims})

    def _presence(self) -> None:
        self.ctx.worker.publish()
