"""The command table: one handler per socket command (``{"cmd": ...}``, docs in
:mod:`companion.protocol`), registered with :func:`command`.

A handler is ``async (daemon, command, writer) -> (ok, text)``, ``command`` the message as its
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
from companion.i18n import msg, render

if TYPE_CHECKING:
    from companion.daemon.api import DaemonApi

log = logging.getLogger(__name__)

#: Long commands, answered in the background: the client's other lines go on meanwhile.
BACKGROUND = frozenset({"write_tag", "tap"})


async def receive(daemon: DaemonApi, line: bytes, writer: asyncio.StreamWriter) -> None:
    """Handle one line from a client."""
    try:
        message = protocol.decode(line)
    except protocol.ProtocolError as exc:
        daemon.hub.send(writer, protocol.notice(f"bad command: {exc}", "error"))
        return
    if isinstance(message.get("cmd"), str) and message["cmd"] in BACKGROUND:  # (a list is not hashable)
        daemon.start_task(answer(daemon, message, writer))
        return
    await answer(daemon, message, writer)


async def answer(daemon: DaemonApi, message: dict[str, Any], writer: asyncio.StreamWriter) -> None:
    """Run the message's command; ack it when it has an ``id``."""
    try:
        ok, text = await dispatch(daemon, message, writer)
    except CompanionError as exc:
        ok, text = False, str(exc)
        daemon.hub.send(writer, protocol.notice(f"bad command: {exc}", "error"))
    except Exception as exc:  # a bug: the client still gets its answer
        log.exception("internal error on command %r", message.get("cmd"))
        ok, text = False, f"internal error: {exc}"
        daemon.hub.send(writer, protocol.notice(msg("Internal error: that command was not used."), "error",
                                                daemon.language))
    if "id" in message:
        daemon.hub.send(writer, {"type": "ack", "id": message["id"], "ok": ok,
                                 "text": render(text, daemon.language, daemon.by_touch)})


async def dispatch(daemon: DaemonApi, message: dict[str, Any], writer: asyncio.StreamWriter) -> Ack:
    cmd = message.get("cmd")
    handler = COMMANDS.get(cmd) if isinstance(cmd, str) else None
    if handler is None:
        raise protocol.ProtocolError(f"unknown command {cmd!r}")
    checked = schema.command(message)  # its keys' types and ranges, or a refusal naming the key
    return await handler(daemon, checked, writer)


# ---------------------------------------------------------------------- the game

@command("state")
async def state(daemon: DaemonApi, command, writer) -> Ack:
    daemon.hub.send(writer, daemon.publisher.state())
    daemon.publisher.send_later(writer)
    return True, ""


@command("choose")
async def choose(daemon: DaemonApi, command: schema.Choose, writer) -> Ack:
    """``choose`` (key); ``revision``: the state the touch was made on."""
    return await _touch(daemon, command.key, command.revision)


@command("undo")
async def undo(daemon: DaemonApi, command: schema.Undo, writer) -> Ack:
    """``undo``; ``revision``: the state the touch was made on."""
    return await _touch(daemon, "undo", command.revision)


async def _touch(daemon: DaemonApi, key: str, seen: int | None) -> Ack:
    reply = await daemon.in_order(lambda: daemon.touch(key, seen))
    return reply.accepted, reply.text


@command("new_game")
async def new_game(daemon: DaemonApi, command: schema.NewGame, writer) -> Ack:
    return await daemon.in_order(lambda: answers.new_game(daemon, command, writer))


@command("language")
async def language(daemon: DaemonApi, command: schema.Language, writer) -> Ack:
    """``language``: every client gets the state again, in ``language``."""
    from companion.i18n import LANGUAGES

    chosen = command.language

    def use() -> Ack:
        if chosen not in LANGUAGES:
            raise protocol.ProtocolError(f"language is one of {', '.join(LANGUAGES)}, not {chosen!r}")
        daemon.choose_language(chosen)
        return True, ""

    return await daemon.in_order(use)


# ---------------------------------------------------------------------- to the asker only

@command("games")
async def games(daemon: DaemonApi, command, writer) -> Ack:
    return await daemon.in_order(lambda: answers.send(daemon, writer, answers.games(daemon)))


@command("about")
async def about(daemon: DaemonApi, command, writer) -> Ack:
    return await daemon.in_order(lambda: answers.send(daemon, writer, answers.about(daemon)))


@command("check")
async def check(daemon: DaemonApi, command, writer) -> Ack:
    """``check``: the table check (issue 6). A correction is then an ordinary ``choose``."""
    return await daemon.in_order(lambda: answers.send(
        daemon, writer, protocol.check_message(daemon.session, daemon.revision, daemon.language)))


@command("rules")
async def rules(daemon: DaemonApi, command, writer) -> Ack:
    """``rules``: the rules card, the sections for the step at hand and the whole game."""
    return await daemon.in_order(lambda: answers.send(
        daemon, writer, protocol.rules_message(daemon.session, daemon.language)))


@command("private")
async def private(daemon: DaemonApi, command: schema.Private, writer) -> Ack:
    player = command.player
    return await daemon.in_order(lambda: answers.send(daemon, writer, answers.private(daemon, player)))


@command("phone_links")
async def phone_links(daemon: DaemonApi, command: schema.PhoneLinks, writer) -> Ack:
    """``phone_links`` (``renew``: true for new links first; ``repair``: a player, a new
    link for that seat first): each player's phone link."""
    renew, repair = command.renew, command.repair
    return await daemon.in_order(lambda: answers.send(daemon, writer, answers.phone_links(daemon, renew, repair)))


@command("content")
async def content(daemon: DaemonApi, command: schema.GameCommand, writer) -> Ack:
    """``content`` (game): the forms of the game's printed data."""
    return await daemon.in_order(lambda: answers.send(daemon, writer, answers.content_forms(daemon, command.game)))


@command("content_set")
async def content_set(daemon: DaemonApi, command: schema.ContentSet, writer) -> Ack:
    """``content_set`` (component, fields: an object, or null to forget): record an entry
    (:mod:`companion.table_content`). Entries count from the next new game."""
    return await daemon.in_order(lambda: answers.content_set(daemon, command.component, command.fields))


# ---------------------------------------------------------------------- tags

@command("tags")
async def tags(daemon: DaemonApi, command, writer) -> Ack:
    return await daemon.in_order(lambda: answers.send(
        daemon, writer, {"type": "tags", "tags": daemon.store.enrolled_tags()}))


@command("enroll")
async def enroll(daemon: DaemonApi, command: schema.Enroll, writer) -> Ack:
    return await daemon.in_order(lambda: daemon.enroller.enroll(command.uid, command.component))


@command("forget")
async def forget(daemon: DaemonApi, command: schema.Forget, writer) -> Ack:
    return await daemon.in_order(lambda: daemon.enroller.forget(command.uid))


@command("write_tag")
async def write_tag(daemon: DaemonApi, command: schema.WriteTag, writer) -> Ack:
    return await daemon.programmer.write(command, writer)


@command("tap")
async def tap(daemon: DaemonApi, command: schema.Tap, writer) -> Ack:
    """A card put on a virtual reader and lifted (:mod:`companion.daemon.taps`)."""
    return await daemon.taps.tap(command)


@command("components")
async def components(daemon: DaemonApi, command: schema.Components, writer) -> Ack:
    from companion.daemon.taps import send_components

    return await daemon.in_order(lambda: send_components(daemon, command.game, writer))


@command("enroll_start")
async def enroll_start(daemon: DaemonApi, command: schema.GameCommand, writer) -> Ack:
    return await daemon.in_order(lambda: daemon.enroller.start(command.game, writer))


@command("enroll_skip")
async def enroll_skip(daemon: DaemonApi, command, writer) -> Ack:
    return await daemon.in_order(daemon.enroller.skip)


@command("enroll_undo")
async def enroll_undo(daemon: DaemonApi, command, writer) -> Ack:
    return await daemon.in_order(daemon.enroller.undo)


@command("enroll_stop")
async def enroll_stop(daemon: DaemonApi, command, writer) -> Ack:
    return await daemon.in_order(daemon.enroller.stop)


# ---------------------------------------------------------------------- the venue (issue 32)

@command("call_staff")
async def call_staff(daemon: DaemonApi, command, writer) -> Ack:
    """``call_staff`` (the table screen's Menu, only with ``[mqtt]``: every state's ``venue``).
    Every state's ``staff`` says ``{"called", "since", "message"}``."""
    from companion.daemon.staff import staff_command

    if daemon.mqtt_config is None:
        raise protocol.ProtocolError("call_staff needs a venue: an [mqtt] section in the config")
    return await staff_command(daemon.staff, daemon.links, "call_staff")


@command("staff_ack")
async def staff_ack(daemon: DaemonApi, command, writer) -> Ack:
    """``staff_ack``: staff came; the call and staff's message go."""
    from companion.daemon.staff import staff_command

    return await staff_command(daemon.staff, daemon.links, "staff_ack")

