"""What the daemon answers one client (games, about, the privacy screen, content forms), and
the ``new_game`` and ``content_set`` work; run on the input worker by the command table."""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING, Any

from companion import protocol
from companion.errors import CompanionError
from companion.header import GameHeader, HeaderError, check_new_game, check_new_players, random_seed
from companion.i18n import Msg, echoed, msg, render
from companion.messages import GameInfoMessage, GamesMessage

if TYPE_CHECKING:
    from companion import schema
    from companion.daemon.api import Commands
    from companion.store import EventStore

log = logging.getLogger(__name__)

Ack = tuple[bool, str]

def send(ctx: Commands, writer: asyncio.StreamWriter, message: dict[str, Any]) -> Ack:
    """Send ``message`` to the asker only."""
    ctx.replies.send(writer, message)
    return True, ""


def new_game(ctx: Commands, command: schema.NewGame, writer: asyncio.StreamWriter) -> Ack:
    """``new_game``: refused while an unfinished game runs, unless ``"abandon": true``
    (the running game stays in the store, unfinished)."""
    raw: dict[str, Any] = {"game": command.game, "players": list(command.players), "options": dict(command.options),
                           "colours": dict(command.colours)}
    raw["seed"] = random_seed()  # never from a client: no rigged dice
    try:
        if command.unknown:
            raise HeaderError(msg("new_game takes game, players, options and colours, not {key}",
                                  key=echoed(command.unknown[0], 40)))
        raw["content"] = _table_content(raw.get("game"), ctx.reads.store)  # the table's, never a client's
        header = GameHeader.from_json(raw)
        check_new_players(header.players)
        check_new_game(header)  # with the table's card data (a secret card not entered)
        session = ctx.reads.session()
        if session is not None and not session.prompt.over and not command.abandon:
            raise HeaderError(msg("a game is still running; finish it, or ask again with \"abandon\": true"))
        ctx.changes.start_game(header)
    except CompanionError as exc:
        problem = exc.args[0] if exc.args and isinstance(exc.args[0], Msg) else str(exc)  # a Msg: translated
        ctx.replies.send(writer, protocol.notice(msg("Cannot start that game: {problem}", problem=problem),
                                                 "error", ctx.reads.language()))
        return False, problem  # the ack renders a Msg in the table's language, as the notice
    return True, ""


def _table_content(game: Any, store: EventStore) -> dict[str, Any]:
    """The printed data the table entered for ``game`` (for a new game's header)."""
    from companion.engine import get_game
    from companion.engine.registry import UnknownGame
    from companion.table_content import for_header

    try:
        return for_header(get_game(game), store) if isinstance(game, str) else {}
    except UnknownGame:
        return {}  # the header check says so


def games(ctx: Commands) -> GamesMessage:
    """``games``: every registered game with its options, and the game on the table:
    ``{"type": "games", "games": [{id, title, min_players, max_players, options: [{name, title,
    default, values, labels, help, rulebook, setup}], seat_colours}], "current": {id, game, title, players,
    started, last_input, inputs, over} or None}``; every option's words in the table's language
    (:func:`companion.protocol.option_message`)."""
    from companion.engine import all_games
    from companion.engine.core import ENGINE_OPTIONS  # first-game mode, for every game

    games: list[GameInfoMessage] = [
        {"id": spec.id, "title": spec.title, "min_players": spec.min_players, "max_players": spec.max_players,
         "options": [protocol.option_message(o, spec.option_words, ctx.reads.language())
                     for o in (*spec.options, *ENGINE_OPTIONS)],
         "seat_colours": list(spec.seat_colours)}
        for spec in all_games().values()]
    return {"type": "games", "games": games, "current": _current_game(ctx)}


def _current_game(ctx: Commands) -> dict[str, Any] | None:
    session, store = ctx.reads.session(), ctx.reads.store
    if session is None:
        return None
    game_id = session.game_id
    record = store.game(game_id) if game_id is not None else None
    events = store.events(game_id) if game_id is not None else []
    return {"id": game_id, "game": session.spec.id, "title": session.spec.title,
            "players": list(session.header.players),
            "started": record.started if record else None,
            "last_input": events[-1].at if events else None,
            "inputs": session.position, "over": session.prompt.over}


def about(ctx: Commands) -> dict[str, Any]:
    """``about``: version, files and readers, for a settings screen: ``{"type": "about",
    "version", "database", "socket", "logs", "languages", "reader_roles"}``."""
    from companion import __version__
    from companion.i18n import LANGUAGES

    logs = "journalctl -u haunt-companion"  # the service logs to the journal only
    return {"type": "about", "version": __version__, "database": str(ctx.reads.store.path),
            "socket": str(ctx.reads.socket_path), "logs": logs, "languages": dict(LANGUAGES),
            "reader_roles": dict(ctx.reads.reader_roles)}


def private(ctx: Commands, player: str) -> dict[str, Any]:
    """``private``: what ``player`` alone may see (:func:`companion.protocol.private_message`),
    never broadcast. The log says that a privacy screen was opened, never what it showed.

    Raises:
        ProtocolError: no game is running, or ``player`` does not play it.
    """
    session = ctx.reads.session()
    if session is None:
        raise protocol.ProtocolError(msg("no game is running: there is nothing private to show"))
    players = list(session.header.players)
    if player not in players:
        raise protocol.ProtocolError(msg("{player} does not play this game; players: {players}",
                                         player=echoed(player, 40), players=", ".join(players)))
    log.info("privacy screen opened for %s", player)
    return protocol.private_message(session, player, ctx.reads.language(), ctx.reads.by_touch())


def phone_links(ctx: Commands, renew: bool = False, repair: str | None = None) -> dict[str, Any]:
    """``phone_links``: each player's link for this game, to the asking client only, never
    broadcast nor logged: ``{"type": "phone_links", "links": {player: url}}``; with
    ``renew``, new links first (every old one stops working, every phone is closed, each seat
    opens again on the next phone that scans its new code); with ``repair`` (a player), a
    new link for that seat only (its phone is closed, the others keep theirs).

    Raises:
        ProtocolError: phones are off, or ``repair`` names no seat of this game.
    """
    phones = ctx.services.phones()
    if phones is None:
        raise protocol.ProtocolError(msg("phones are off: the config's [phones] section says enabled = true "
                                         "to turn them on"))
    if renew:
        phones.renew()
    if repair is not None and not phones.repair(repair):
        raise protocol.ProtocolError(msg("{player} has no seat in this game to pair again", player=echoed(repair, 40)))
    log.info("phone links sent to a screen")
    return {"type": "phone_links", "links": phones.links()}


def content_forms(ctx: Commands, game: str) -> dict[str, Any]:
    """``content`` (game): the forms of the game's printed data."""
    from companion import table_content
    from companion.engine import get_game

    spec = get_game(game)
    return table_content.forms(spec, ctx.reads.store.content(spec.id), ctx.reads.language())


def content_set(ctx: Commands, component: str, fields: dict[str, Any] | None) -> Ack:
    """``content_set``: record one entry of the table's printed data (``fields`` None: forget it)."""
    from companion import table_content

    text = table_content.save(ctx.reads.store, component, fields)
    log.info("content: %s", render(text, "en"))
    return True, text
