"""Checks of a socket command's arguments, shared by the command handlers."""

from __future__ import annotations

from typing import Any

from companion import protocol
from companion.i18n import Msg, msg


def text_arg(message: dict[str, Any], key: str, required: bool = True) -> str | None:
    """``message[key]`` when it is text (None when absent and not ``required``).

    Raises:
        ProtocolError: it is missing, or not a string (a list, a number...).
    """
    value = message.get(key)
    if value is None and not required:
        return None
    if not isinstance(value, str):
        raise protocol.ProtocolError(msg("{name} is {kind}, not {value}", name=key, kind=msg("text"),
                                         value=repr(value)[:100]))
    return value


def no_component(component: Any) -> Msg:
    """The refusal of ``component``, which is no component id of any game."""
    return msg("no component {component} in any game (ids look like creepy_cellar:ghost:room-H)",
               component=repr(component)[:80])


def known_component(component: Any) -> str:
    """``component`` if it is a component id of a registered game.

    Raises:
        ProtocolError: it is not.
    """
    from companion.engine import known_piece

    if not known_piece(component):
        raise protocol.ProtocolError(no_component(component))
    return component
