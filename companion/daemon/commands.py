"""The command table: one handler per socket command (``{"cmd": ...}``, docs in
:mod:`companion.protocol`), registered with :func:`command`.

A handler is ``async (ctx, command, writer) -> (ok, text)``, ``command`` the message as its
checked struct (:mod:`companion.schema`); ``text`` (a sentence) goes back in the ``ack`` when
the message has an ``id``. Handlers that read or change the game run
their work on the input worker (:meth:`Daemon.in_order`), after every input queued before
them. A new command is one more function here.
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING, Any

from companion import protocol, schema
from companion.daemon import answers, desk_commands, screen, voice  # noqa: F401 (the owner's, the screen's and the voice's commands register)
from companion.daemon.command_table import COMMANDS, Ack, command
from companion.errors import CompanionError
from companion.i18n import echoed, msg, render

if TYPE_CHECKING:
    from companion.daemon.api import Commands

log = logging.getLogger(__name__)

#: Long commands, answered in the background: the client's other lines go on meanwhile.
BACKGROUND = frozenset({"write_tag", "tap"})


async def receive(ctx: Commands, line: bytes, writer: asyncio.StreamWriter) -> None:
    """Handle one line from a client."""
    try:
        message = protocol.decode(line)
    except protocol.ProtocolError as exc:
        ctx.replies.send(writer, _bad(ctx, protocol.problem_of(exc)))
        return
    if isinstance(message.get("cmd"), str) and message["cmd"] in BACKGROUND:  # (a list is not hashable)
        ctx.worker.start_task(answer(ctx, message, writer))
        return
    await answer(ctx, message, writer)


async def answer(ctx: Commands, message: dict[str, Any], writer: asyncio.StreamWriter) -> None:
    """Run the message's command; ack it when it has an ``id``."""
    try:
        ok, text = await dispatch(ctx, message, writer)
    except CompanionError as exc:  # its sentence (a Msg) said in the table's language, as new_game's
        ok, text = False, protocol.problem_of(exc)
        ctx.replies.send(writer, _bad(ctx, text))
    except Exception as exc:  # a bug: the client still gets its answer
        log.exception("internal error on command %r", message.get("cmd"))
        ok, text = False, msg("internal error: {problem}", problem=str(exc))
        ctx.replies.send(writer, protocol.notice(msg("Internal error: that command was not used."), "error",
                                              ctx.reads.language()))
    if "id" in message:
        ctx.replies.send(writer, {"type": "ack", "id": message["id"], "ok": ok,
                                  "text": render(text, ctx.reads.language(), ctx.reads.by_touch())})


def _shown(value: Any) -> str:
    """A value a client sent, as a refusal echoes it: quoted and cut (:func:`companion.i18n.echoed`)."""
    return echoed(value, 40) if isinstance(value, str) else repr(value)[:40]


def _bad(ctx: Commands, problem: Any) -> dict[str, Any]:
    """The "Not done: …" notice of a refused command, in the table's language."""
    return protocol.notice(msg("Not done: {problem}", problem=problem), "error", ctx.reads.language(),
                           ctx.reads.by_touch())


async def dispatch(ctx: Commands, message: dict[str, Any], writer: asyncio.StreamWriter) -> Ack:
    cmd = message.get("cmd")
    handler = COMMANDS.get(cmd) if isinstance(cmd, str) else None
    if handler is None:
        raise protocol.ProtocolError(msg("unknown command {command}", command=_shown(cmd)))
    checked = schema.command(message)  # its keys' types and ranges, or a refusal naming the key
    return await handler(ctx, checked, writer)


# ---------------------------------------------------------------------- the game

@command("state")
async def state(ctx: Commands, command, writer) -> Ack:
    ctx.replies.send(writer, ctx.replies.state())
    ctx.replies.send_later(writer)
    return True, ""


@command("choose")
async def choose(ctx: Commands, command: schema.Choose, writer) -> Ack:
    """``choose`` (key); ``revision``: the state the touch was made on."""
    return await _touch(ctx, command.key, command.revision)


@command("undo")
async def undo(ctx: Commands, command: schema.Undo, writer) -> Ack:
    """``undo``; ``revision``: the state the touch was made on."""
    return await _touch(ctx, "undo", command.revision)


async def _touch(ctx: Commands, key: str, seen: int | None) -> Ack:
    reply = await ctx.worker.in_order(lambda: ctx.changes.touch(key, seen))
    return reply.accepted, reply.text


@command("new_game")
async def new_game(ctx: Commands, command: schema.NewGame, writer) -> Ack:
    return await ctx.worker.in_order(lambda: answers.new_game(ctx, command, writer))


@command("language")
async def language(ctx: Commands, command: schema.Language, writer) -> Ack:
    """``language``: every client gets the state again, in ``language``."""
    from companion.i18n import LANGUAGES

    chosen = command.language

    def use() -> Ack:
        if chosen not in LANGUAGES:
            raise protocol.ProtocolError(msg("language is one of {languages}, not {value}",
                                             languages=", ".join(LANGUAGES), value=_shown(chosen)))
        ctx.changes.choose_language(chosen)
        return True, ""

    return await ctx.worker.in_order(use)


# ---------------------------------------------------------------------- to the asker only

@command("games")
async def games(ctx: Commands, command, writer) -> Ack:
    return await ctx.worker.in_order(lambda: answers.send(ctx, writer, answers.games(ctx)))


@command("about")
async def about(ctx: Commands, command, writer) -> Ack:
    return await ctx.worker.in_order(lambda: answers.send(ctx, writer, answers.about(ctx)))


@command("check")
async def check(ctx: Commands, command, writer) -> Ack:
    """``check``: the table check (issue 6). A correction is then an ordinary ``choose``."""
    reads = ctx.reads
    return await ctx.worker.in_order(lambda: answers.send(
        ctx, writer, protocol.check_message(reads.session(), reads.revision(), reads.language())))


@command("rules")
async def rules(ctx: Commands, command, writer) -> Ack:
    """``rules``: the rules card, the sections for the step at hand and the whole game."""
    return await ctx.worker.in_order(lambda: answers.send(
        ctx, writer, protocol.rules_message(ctx.reads.session(), ctx.reads.language())))


@command("private")
async def private(ctx: Commands, command: schema.Private, writer) -> Ack:
    player = command.player
    return await ctx.worker.in_order(lambda: answers.send(ctx, writer, answers.private(ctx, player)))


@command("phone_links")
async def phone_links(ctx: Commands, command: schema.PhoneLinks, writer) -> Ack:
    """``phone_links`` (``renew``: true for new links first; ``repair``: a player, a new
    link for that seat first): each player's phone link."""
    renew, repair = command.renew, command.repair
    return await ctx.worker.in_order(lambda: answers.send(ctx, writer, answers.phone_links(ctx, renew, repair)))


@command("content")
async def content(ctx: Commands, command: schema.GameCommand, writer) -> Ack:
    """``content`` (game): the forms of the game's printed data."""
    return await ctx.worker.in_order(lambda: answers.send(ctx, writer, answers.content_forms(ctx, command.game)))


@command("content_set")
async def content_set(ctx: Commands, command: schema.ContentSet, writer) -> Ack:
    """``content_set`` (component, fields: an object, or null to forget): record an entry
    (:mod:`companion.table_content`). Entries count from the next new game."""
    return await ctx.worker.in_order(lambda: answers.content_set(ctx, command.component, command.fields))


# ---------------------------------------------------------------------- tags

@command("tags")
async def tags(ctx: Commands, command, writer) -> Ack:
    return await ctx.worker.in_order(lambda: answers.send(
        ctx, writer, {"type": "tags", "tags": ctx.reads.store.enrolled_tags()}))


@command("enroll")
async def enroll(ctx: Commands, command: schema.Enroll, writer) -> Ack:
    return await ctx.worker.in_order(lambda: ctx.parts.enroller.enroll(command.uid, command.component))


@command("forget")
async def forget(ctx: Commands, command: schema.Forget, writer) -> Ack:
    return await ctx.worker.in_order(lambda: ctx.parts.enroller.forget(command.uid))


@command("write_tag")
async def write_tag(ctx: Commands, command: schema.WriteTag, writer) -> Ack:
    return await ctx.parts.programmer.write(command, writer)


@command("tap")
async def tap(ctx: Commands, command: schema.Tap, writer) -> Ack:
    """A card put on a virtual reader and lifted (:mod:`companion.daemon.taps`)."""
    return await ctx.parts.taps.tap(command)


@command("components")
async def components(ctx: Commands, command: schema.Components, writer) -> Ack:
    from companion.daemon.taps import components_message

    return await ctx.worker.in_order(lambda: answers.send(
        ctx, writer, components_message(command.game, ctx.reads.language())))


@command("enroll_start")
async def enroll_start(ctx: Commands, command: schema.GameCommand, writer) -> Ack:
    return await ctx.worker.in_order(lambda: ctx.parts.enroller.start(command.game, writer))


@command("enroll_skip")
async def enroll_skip(ctx: Commands, command, writer) -> Ack:
    return await ctx.worker.in_order(ctx.parts.enroller.skip)


@command("enroll_undo")
async def enroll_undo(ctx: Commands, command, writer) -> Ack:
    return await ctx.worker.in_order(ctx.parts.enroller.undo)


@command("enroll_stop")
async def enroll_stop(ctx: Commands, command, writer) -> Ack:
    return await ctx.worker.in_order(ctx.parts.enroller.stop)


# ---------------------------------------------------------------------- the venue (issue 32)

@command("call_staff")
async def call_staff(ctx: Commands, command, writer) -> Ack:
    """``call_staff`` (the table screen's Menu, only with ``[mqtt]``: every state's ``venue``).
    Every state's ``staff`` says ``{"called", "since", "message"}``."""
    from companion.daemon.staff import staff_command

    if ctx.services.mqtt_config is None:
        raise protocol.ProtocolError(msg("call_staff needs a venue: an [mqtt] section in the config"))
    return await staff_command(ctx.parts.staff, ctx.worker, "call_staff")


@command("staff_ack")
async def staff_ack(ctx: Commands, command, writer) -> Ack:
    """``staff_ack``: staff came; the call and staff's message go."""
    from companion.daemon.staff import staff_command

    return await staff_command(ctx.parts.staff, ctx.worker, "staff_ack")

