"""The command that changes a table setting the daemon keeps (:class:`~companion.daemon.kept.KeptSettings`):
one made for each setting record (:mod:`companion.daemon.voice`, :mod:`companion.daemon.screen`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import msgspec

from companion import protocol, table_settings
from companion.daemon.command_table import Ack, Handler, command

if TYPE_CHECKING:
    from companion.daemon.api import Commands
    from companion.daemon.kept import KeptSettings


def settings_command(name: str, record: type[msgspec.Struct], part: Callable[[Commands], KeptSettings]) -> Handler:
    """Register the command ``name`` that changes a table setting: ``{"cmd": name, KEY:
    {...}}`` (``KEY``: the record's ``key``, any subset of its fields) is checked
    (:func:`companion.table_settings.checked`: a bad one is refused in one line naming the
    key, and nothing changes), kept in ``part(ctx)``, and every client gets the state."""
    @command(name)
    async def change(ctx: Commands, command, writer) -> Ack:
        try:  # the command's struct says it is an object (companion.schema); its keys are checked here
            update = table_settings.checked(getattr(command, record.key), record)  # type: ignore[attr-defined]
        except table_settings.SettingsError as exc:
            raise protocol.ProtocolError(protocol.problem_of(exc)) from None

        def use() -> Ack:
            part(ctx).change(update)
            ctx.worker.publish()
            return True, ""

        return await ctx.worker.in_order(use)

    change.__doc__ = f"``{name}`` ({record.key}: an object): keep the new settings, then every client gets the state."  # type: ignore[attr-defined]
    return change
