"""The owner's socket commands (issue 34): card data and tag files, saved games, history.
The terminal (:mod:`companion.desk_cli`), the table screen and the owner's desk
(:mod:`companion.desk`) use the same work functions, run on the input worker.

* ``content_export`` (game, format ``toml``/``csv``): ``{"type": "content_export", "game",
  "format", "text"}``;
* ``content_import`` (text, name: the file's name, game: optional, the game it must be
  for): checked as a whole, then every card saved in one transaction, or nothing;
  ``{"type": "content_import", "ok", "game", "saved", "problems"}`` and the ack;
* ``tags_export`` (format), ``tags_import`` (text, name): the same for the tag registry;
* ``saved_games``: ``{"type": "saved_games", "games": [...]}`` (:func:`companion.saved_games.saved`);
* ``resume_game`` (id), ``set_aside``, ``delete_game`` (id, confirm: true): the list's actions;
* ``history``: ``{"type": "history", ...}`` (:func:`companion.saved_games.history`);
* ``desk_link``: ``{"type": "desk_link", "link"}``: the owner's desk, started if need be.
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import TYPE_CHECKING, Any

from companion import protocol
from companion.daemon.answers import send
from companion.daemon.args import text_arg
from companion.daemon.command_table import command
from companion.errors import CompanionError, StoreError
from companion.i18n import msg, nmsg, render

if TYPE_CHECKING:
    from companion import schema
    from companion.daemon.api import Commands

log = logging.getLogger(__name__)

Ack = tuple[bool, str]


# ---------------------------------------------------------------------- work (on the worker)

def export_content(ctx: Commands, game: Any, fmt: Any = "toml") -> dict[str, Any]:
    from companion import content_io
    from companion.engine import get_game

    spec = get_game(text_arg({"game": game}, "game"))
    if spec.content is None:
        raise protocol.ProtocolError(msg("{game} has no printed card data to export", game=spec.title))
    text = content_io.export(spec, ctx.reads.store.content(spec.id), fmt)
    return {"type": "content_export", "game": spec.id, "format": fmt, "text": text}


def import_content(ctx: Commands, data: Any, name: Any = "", game: Any = None) -> dict[str, Any]:
    """Check a card data file as a whole and save every card of it, or nothing."""
    from companion import content_io

    answer = {"type": "content_import", "ok": False, "game": None, "saved": 0, "problems": []}
    try:
        if not isinstance(data, (str, bytes)):
            raise content_io.ImportRefused([msg("the file's text is missing")])
        found = content_io.read(data, name if isinstance(name, str) else "")
        expect = game if isinstance(game, str) and game else None
        current = ctx.reads.store.content(found.game) if isinstance(found.game, str) else {}
        spec, checked = content_io.check_import(found, current, expect)
        ctx.reads.store.set_contents(checked, time.time())
    except content_io.ImportRefused as exc:
        answer["problems"] = said_problems(ctx, exc)
        return answer
    log.info("content: %d cards of %s imported", len(checked), spec.id)
    return {**answer, "ok": True, "game": spec.id, "saved": len(checked)}


def said_problems(ctx: Commands, refused) -> list[str]:
    """An import's problems (:class:`~companion.content_io.ImportRefused`) in the table's
    language: the answer's list, and the ack that joins it."""
    return [render(problem, ctx.reads.language()) for problem in refused.problems]


def import_words(answer: dict[str, Any]):
    """The ack's sentence for :func:`import_content`'s answer (a file of no card, as an export
    made before any card was entered, imports nothing and is no refusal: the round trip works)."""
    from companion.engine import get_game

    if answer["ok"] and not answer["saved"]:
        return msg("Nothing to import: the file holds no card of {game} (an export made before any card was "
                   "entered); the card data stays as it was.", game=get_game(answer["game"]).title)
    if answer["ok"]:
        return nmsg("Imported the printed data of {n} card. It counts from the next new game.",
                    "Imported the printed data of {n} cards. It counts from the next new game.", "n",
                    n=answer["saved"])
    return msg("Nothing was imported: {problems}", problems="; ".join(answer["problems"]))


def export_tags(ctx: Commands, fmt: Any = "toml") -> dict[str, Any]:
    from companion import tags_io

    fmt = "csv" if fmt == "csv" else "toml"
    return {"type": "tags_export", "format": fmt, "text": tags_io.export(ctx.reads.store.enrolled_tags(), fmt)}


def import_tags(ctx: Commands, data: Any, name: Any = "") -> dict[str, Any]:
    from companion import content_io, tags_io

    answer = {"type": "tags_import", "ok": False, "saved": 0, "problems": []}
    try:
        if not isinstance(data, (str, bytes)):
            raise content_io.ImportRefused([msg("the file's text is missing")])
        tags = tags_io.read_tags(data, name if isinstance(name, str) else "")
        ctx.reads.store.enroll_tags(tags, time.time())
    except content_io.ImportRefused as exc:
        answer["problems"] = said_problems(ctx, exc)
        return answer
    session = ctx.reads.session()
    if session is not None:
        session.actions.use_tags(ctx.reads.store.enrolled_tags())
    return {**answer, "ok": True, "saved": len(tags)}


def running_id(ctx: Commands) -> int | None:
    session = ctx.reads.session()
    return session.game_id if session is not None and not session.prompt.over else None


def saved_games(ctx: Commands) -> dict[str, Any]:
    """Every game in the store; an unfinished game the table is not playing is ``"set
    aside"`` (what ``games --saved`` calls it; newcomer19 9: the desk said "in progress")."""
    from companion.saved_games import saved

    games = saved(ctx.reads.store, running_id(ctx))
    for game in games:
        if game["status"] == "in progress" and not game["running"]:
            game["status"] = "set aside"
    return {"type": "saved_games", "games": games}


def resume(ctx: Commands, game_id: Any) -> Ack:
    """Put a game in progress back on the table (the game there stays saved, unfinished)."""
    record = ctx.reads.store.game(_game_id(game_id))
    if record is None:
        return False, msg("There is no game {id} in the store.", id=game_id)
    if record.outcome is not None:
        return False, msg("Game {id} is over: only a game in progress can be resumed.", id=game_id)
    session = ctx.reads.session()
    if session is not None and session.game_id == record.id:
        return True, msg("Game {id} is already on the table.", id=record.id)
    try:
        ctx.changes.game.resume(record)
    except StoreError as exc:
        return False, protocol.problem_of(exc)
    _remember(ctx, record.id)
    log.info("game %s resumed from the saved games", record.id)
    return True, msg("Game {id} is back on the table.", id=record.id)


def set_aside(ctx: Commands) -> Ack:
    """Take the running game off the table; it stays in the store, to be resumed later."""
    session = ctx.reads.session()
    if session is None:
        return False, msg("No game is on the table.")
    _remember(ctx, None)
    ctx.changes.game.set_aside(msg("Game {id} was set aside: resume it from Saved games.", id=session.game_id))
    return True, msg("Game {id} was set aside: resume it from Saved games.", id=session.game_id)


def delete(ctx: Commands, game_id: Any, confirm: Any) -> Ack:
    """Delete a game from the store, never the one on the table."""
    gid = _game_id(game_id)
    if confirm is not True:
        return False, msg("Deleting a game cannot be undone: ask again with the confirmation.")
    session = ctx.reads.session()
    if session is not None and session.game_id == gid:
        return False, msg("Game {id} is on the table: it cannot be deleted (set it aside first).", id=gid)
    if not ctx.reads.store.delete_game(gid):
        return False, msg("There is no game {id} in the store.", id=gid)
    log.info("game %s deleted", gid)
    return True, msg("Game {id} was deleted.", id=gid)


def _remember(ctx: Commands, game_id: int | None) -> None:
    """Keep the owner's choice for the next start; a store that cannot be written keeps it
    for this run only (said in the log)."""
    from companion.saved_games import remember_table_game

    try:
        remember_table_game(ctx.reads.store, game_id, time.time())
    except StoreError as exc:
        log.warning("%s; after a restart the newest unfinished game is resumed", exc)


def _game_id(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise protocol.ProtocolError(msg("a game id is a whole number from 1, not {value}", value=repr(value)[:60]))
    return value


async def history(ctx: Commands) -> dict[str, Any]:
    """The history; the finished games are replayed in a thread, on a copy of the store."""
    from companion.saved_games import history as figures

    path = ctx.reads.store.path
    if path == ":memory:":
        return {"type": "history", **await ctx.worker.in_order(lambda: figures(ctx.reads.store))}

    def work() -> dict[str, Any]:
        from companion.recovery import memory_copy

        copy = memory_copy(path)
        try:
            return figures(copy)
        finally:
            copy.close()
    return {"type": "history", **await asyncio.to_thread(work)}


# ---------------------------------------------------------------------- commands

@command("content_export")
async def content_export(ctx: Commands, command: schema.ContentExport, writer) -> Ack:
    return await ctx.worker.in_order(lambda: send(ctx, writer, export_content(ctx, command.game, command.format)))


@command("content_import")
async def content_import(ctx: Commands, command: schema.FileImport, writer) -> Ack:
    answer = await ctx.worker.in_order(lambda: import_content(ctx, command.text, command.name, command.game))
    ctx.replies.send(writer, answer)
    return answer["ok"], import_words(answer)


@command("tags_export")
async def tags_export(ctx: Commands, command: schema.TagsExport, writer) -> Ack:
    return await ctx.worker.in_order(lambda: send(ctx, writer, export_tags(ctx, command.format)))


@command("tags_import")
async def tags_import(ctx: Commands, command: schema.FileImport, writer) -> Ack:
    answer = await ctx.worker.in_order(lambda: import_tags(ctx, command.text, command.name))
    ctx.replies.send(writer, answer)
    if answer["ok"]:
        return True, nmsg("Enrolled {n} tag from the file.", "Enrolled {n} tags from the file.", "n",
                          n=answer["saved"])
    return False, msg("No tag was enrolled: {problems}", problems="; ".join(answer["problems"]))


@command("saved_games")
async def saved_games_command(ctx: Commands, command, writer) -> Ack:
    return await ctx.worker.in_order(lambda: send(ctx, writer, saved_games(ctx)))


@command("resume_game")
async def resume_game(ctx: Commands, command: schema.ResumeGame, writer) -> Ack:
    return await ctx.worker.in_order(lambda: resume(ctx, command.game_id))


@command("set_aside")
async def set_aside_command(ctx: Commands, command, writer) -> Ack:
    return await ctx.worker.in_order(lambda: set_aside(ctx))


@command("delete_game")
async def delete_game(ctx: Commands, command: schema.DeleteGame, writer) -> Ack:
    return await ctx.worker.in_order(lambda: delete(ctx, command.game_id, command.confirm))


@command("history")
async def history_command(ctx: Commands, command, writer) -> Ack:
    try:
        answer = await history(ctx)
    except CompanionError as exc:
        return False, protocol.problem_of(exc)
    ctx.replies.send(writer, answer)
    return True, ""


@command("desk_link")
async def desk_link(ctx: Commands, command, writer) -> Ack:
    """``desk_link``: the owner's desk link, to the asker only (never broadcast nor logged);
    the desk starts now if it was not served yet."""
    import os

    try:
        desk = await ctx.services.start_desk()
    except OSError as exc:
        config = ctx.services.desk_config()
        where = f"{config.listen_host}:{config.port}" if config is not None else "127.0.0.1:8765"
        return False, msg("The owner's desk cannot listen on {address} ({problem}).", address=where,
                          problem=os.strerror(exc.errno) if exc.errno else str(exc))
    if desk is None:
        return False, msg("The owner's desk is off: the config's [desk] section says enabled = false.")
    ctx.replies.send(writer, {"type": "desk_link", "link": desk.link()})
    return True, ""
