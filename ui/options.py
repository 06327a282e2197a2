"""How the New game screen shows a game's options (issue 17 item 6). No Kivy import here.

Each option comes from the daemon's ``games`` message as the game wrote it, in the table's
language (:func:`companion.protocol.option_message`): its ``title``, its ``help`` in the
players' words, its ``rulebook`` section's name and its values' ``labels``, shown as they are
(the research behind an option stays in the engine,
:attr:`companion.engine.core.OptionSpec.refs`), and ``setup``: one of the game's real choices
at the start (mode, edition, who draws the decks), shown first; the house rules are kept
collapsed. This module knows no game: a game's words are the game's.
"""

from __future__ import annotations


def heading(option: dict) -> str:
    """The option's heading ("Ghost deck")."""
    return str(option.get("title") or option.get("name") or "")


def value_label(option: dict, value) -> str:
    """``value`` of ``option`` on its button, first letter capitalised ("Virtual deck"): the
    game's words for it (``labels``, in the order of ``values``), else the value as it is."""
    values, labels = list(option.get("values") or []), list(option.get("labels") or [])
    index = next((i for i, v in enumerate(values) if v == value and type(v) is type(value)), None)
    words = str(labels[index]) if index is not None and index < len(labels) else str(value)
    return words[:1].upper() + words[1:]


def help_text(option: dict) -> str:
    """The option's help, as the game words it."""
    return str(option.get("help") or "")


def section(option: dict) -> str:
    """The name of the rulebook section the option settles ("" when none)."""
    return str(option.get("rulebook") or "")


def is_setup(option: dict) -> bool:
    """The option is one of the game's real choices (shown first), not a house rule."""
    return bool(option.get("setup"))


def shown_options(options: list[dict]) -> tuple[list[dict], list[dict]]:
    """(set-up choices, house rules), each in the game's order; an option with one value
    only (nothing to choose) is left out."""
    real = [o for o in options if len(o.get("values") or ()) > 1]
    return [o for o in real if is_setup(o)], [o for o in real if not is_setup(o)]
