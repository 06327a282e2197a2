"""The players' links: one random token per seat, valid for one game only.

A token is ``HMAC-SHA256(key, game identity, player)`` cut to 144 bits, URL-safe base64:
the key is 256 random bits from :mod:`secrets`, made once per daemon (or kept in a ``0600``
file beside the store, so a restarted daemon resuming the same game gives the same links).
A new game has another identity, so every token of the previous game stops working; a
:meth:`Tokens.rotate` (a new key) revokes them all at once; :meth:`Tokens.renew_seat`
revokes one seat's (its token then also holds how many times the seat was re-paired, kept
beside the key with :func:`save_seats`). A token is looked up by
comparing it with every current token in constant time (:func:`hmac.compare_digest`), and
never logged.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import os
import re
import secrets
from pathlib import Path

KEY_BYTES = 32
TOKEN_BYTES = 18  # 144 bits
#: What a token looks like; anything else is refused before any comparison.
TOKEN_SHAPE = re.compile(r"[A-Za-z0-9_-]{24}")


class Tokens:
    """The current game's tokens.

    Args:
        key: the secret key (default: fresh random bytes).
    """

    def __init__(self, key: bytes | None = None, renewed: dict | None = None):
        self._key = key if key is not None else secrets.token_bytes(KEY_BYTES)
        self._game: str | None = None
        self._by_player: dict[str, str] = {}
        #: The seats re-paired so far (:attr:`renewed`), for the game they were re-paired in.
        self._kept = renewed or {}
        self._seats: dict[str, int] = {}

    @property
    def key(self) -> bytes:
        """The secret key (to keep with :func:`save_key`)."""
        return self._key

    @property
    def game(self) -> str | None:
        """The identity of the game the tokens are for (None: no game, no token)."""
        return self._game

    def deal(self, game: str | None, players: list[str] | tuple[str, ...]) -> bool:
        """Tokens for ``players`` of the game ``game`` (an identity that differs for every
        game); the previous game's tokens are revoked. True when they changed."""
        players = tuple(players) if game is not None else ()
        if game == self._game and players == tuple(self._by_player):
            return False
        if game != self._game:
            self._seats = _seats_of(self._kept, game)
        self._game = game
        self._by_player = {p: self._derive(game, p) for p in players}
        return True

    def rotate(self) -> None:
        """A new key: every link handed out so far stops working."""
        self._key = secrets.token_bytes(KEY_BYTES)
        game, players = self._game, tuple(self._by_player)
        self._game, self._by_player, self._kept = None, {}, {}
        self.deal(game, players)

    def renew_seat(self, player: str) -> bool:
        """A new token for ``player``'s seat only (their link stops working, the others'
        do not); False when ``player`` has no seat in the game."""
        if player not in self._by_player:
            return False
        self._seats[player] = self._seats.get(player, 0) + 1
        self._kept = self.renewed
        self._by_player[player] = self._derive(self._game, player)
        return True

    @property
    def renewed(self) -> dict:
        """``{"game": identity, "seats": {player: times re-paired}}`` (to keep with
        :func:`save_seats`, and give back to a restarted daemon's :class:`Tokens`)."""
        return {"game": self._game, "seats": dict(self._seats)}

    def token(self, player: str) -> str | None:
        """``player``'s token for the current game (None: not a player of it)."""
        return self._by_player.get(player)

    def links(self) -> dict[str, str]:
        """Player -> token, in seat order."""
        return dict(self._by_player)

    def who(self, token: object) -> str | None:
        """The player whose token ``token`` is, or None. Every current token is compared, in
        constant time, whatever matches."""
        if not isinstance(token, str) or not TOKEN_SHAPE.fullmatch(token):
            return None
        found = None
        for player, good in self._by_player.items():
            if same_token(token, good):
                found = player
        return found

    def _derive(self, game: str, player: str) -> str:
        times = self._seats.get(player, 0)
        what = f"{game}\0{player}" + (f"\0{times}" if times else "")
        digest = hmac.new(self._key, what.encode(), hashlib.sha256).digest()
        return base64.urlsafe_b64encode(digest[:TOKEN_BYTES]).decode()


def same_token(given: str, token: str) -> bool:
    """Whether ``given`` is ``token``, compared in constant time."""
    return hmac.compare_digest(given.encode(), token.encode())


def load_key(path: Path) -> bytes:
    """The key kept in ``path`` (made, ``0600``, the first time). A missing directory or an
    unreadable file gives a fresh in-memory key: the links then last until a restart."""
    try:
        data = path.read_bytes()
        if len(data) == KEY_BYTES:
            return data
    except OSError:
        pass
    key = secrets.token_bytes(KEY_BYTES)
    save_key(path, key)
    return key


def save_key(path: Path, key: bytes) -> bool:
    """Keep ``key`` (bytes) in ``path`` (``0600``, replaced atomically); False when it cannot be
    written (the key then lasts until a restart)."""
    temporary = path.with_name(path.name + ".new")
    try:
        temporary.unlink(missing_ok=True)  # never written through a link planted in its place (issue 26)
        fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600)
        with os.fdopen(fd, "wb") as stream:
            stream.write(key)
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temporary, path)
    except OSError:
        return False
    return True


def _seats_of(kept: dict, game: str | None) -> dict[str, int]:
    """The re-paired seats in ``kept`` (:attr:`Tokens.renewed`) when they are ``game``'s."""
    seats = kept.get("seats") if isinstance(kept, dict) and kept.get("game") == game else None
    if not isinstance(seats, dict):
        return {}
    return {str(p): n for p, n in seats.items() if isinstance(n, int) and not isinstance(n, bool) and n > 0}


def load_seats(path: Path) -> dict:
    """The re-paired seats kept in ``path`` (:func:`save_seats`); ``{}`` when there are none."""
    try:
        kept = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return kept if isinstance(kept, dict) else {}


def save_seats(path: Path, renewed: dict) -> bool:
    """Keep :attr:`Tokens.renewed` in ``path`` (``0600``, replaced atomically)."""
    return save_key(path, json.dumps(renewed, sort_keys=True).encode())
