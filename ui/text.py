"""The words on the screen, as Kivy markup, from daemon messages. No Kivy import here."""

from __future__ import annotations

from ui import theme

#: How the daemon starts the prompt of a finished game.
OVER_PREFIX = "The game is over: "

#: How many news lines the event log shows at most.
LOG_LINES = 6


def escape_markup(text: str) -> str:
    """``text`` safe inside Kivy markup (as ``kivy.utils.escape_markup``)."""
    return text.replace("&", "&amp;").replace("[", "&bl;").replace("]", "&br;")


def coloured(text: str, rgba: tuple) -> str:
    """``text`` (escaped) in colour ``rgba``."""
    return f"[color={theme.hex_colour(rgba)}]{escape_markup(text)}[/color]"


def short_title(title: str) -> str:
    """The part of a title after its last ": " ("… Treasure Hunters: Creepy Cellar" ->
    "Creepy Cellar")."""
    return title.rsplit(": ", 1)[-1]


def turn_markup(view: dict, player: str, over: bool) -> str:
    """"Turn 9 · Ada's turn" with the name in gold; "Game over" once it is."""
    if over:
        return "Game over"
    number = view.get("turn_number")
    name = view.get("turn") or player
    parts = [f"Turn {number}"] if number else []
    if name:
        parts.append(f"{coloured(name, theme.GOLD)}'s turn")
    return " · ".join(parts)


def prompt_markup(text: str, player: str, over: bool) -> str:
    """The prompt, with a leading "Name:" in gold; the over-prefix dropped once it is over."""
    if over and text.startswith(OVER_PREFIX):
        rest = text[len(OVER_PREFIX):]
        return escape_markup(rest[:1].upper() + rest[1:])
    if player and text.startswith(f"{player}:"):
        return coloured(f"{player}:", theme.GOLD) + escape_markup(text[len(player) + 1:])
    return escape_markup(text)


def outcome_colour(view: dict) -> tuple:
    """Green when the hunters won, red otherwise."""
    return theme.WON if view.get("outcome") == "won" else theme.LOST


def doors_text(locked: str) -> str:
    """"Green doors locked", or "Doors open" when no colour is locked."""
    return f"{locked.capitalize()} doors locked" if locked else "Doors open"


def log_markup(lines: list[str], fresh: int, shown: int = LOG_LINES) -> str:
    """The last ``shown`` of ``lines``, one a line; the last ``fresh`` bright, older dim."""
    tail = lines[-shown:] if shown > 0 else []
    return "\n".join(
        coloured(line, theme.TEXT if i >= len(tail) - fresh else theme.TEXT_DIM)
        for i, line in enumerate(tail)
    )
