"""How the New game screen shows a game's options (issue 17 item 6). No Kivy import here.

The games' option help texts carry research references for their authors ("(notes 3.E
F-A6)", "issue 4", "C-A10", a web site) and the raw values the help explains
("(ghost_king)", "(true)"). The engines keep them; the screen shows the players' words only:
:func:`help_text` filters the help, :func:`section` keeps only the rulebook section's name.
:func:`is_setup` tells the game's real choices (mode, edition, who draws the decks) from its
house rules, which the screen keeps collapsed.
"""

from __future__ import annotations

import re

#: Options that are the game's real choices at the start, whatever their values.
SETUP_NAMES = frozenset({"mode", "edition", "decks", "ghost_deck", "tiles", "secret_cards", "envelope",
                         "intrigue_deck", "mover_tags", "light_check", "first_game"})

#: Value pairs that mean "who draws / deals": an option offering them is a set-up choice.
WHO_VALUES = ({"virtual", "physical"}, {"table", "companion"})

_REFERENCES = (
    re.compile(r"\s*\((?:notes|issue|see)\b[^)]*\)", re.I),   # (notes 3.E F-A6), (issue 4: …)
    re.compile(r"\s*\([A-Z]-A\d+\)"),                           # (C-A10)
    re.compile(r";?\s*\bnotes \d[\w.]*(?:,? [\d.A-Z-]+\b)*", re.I),  # notes 1.5 / notes 3.B G-A1
    re.compile(r";?\s*\bissue \d+\b", re.I),
    re.compile(r"\b[A-Z]-A\d+\b"),
    re.compile(r"\s*(?:vs\.? )?\b[\w-]+\.(?:com|org|net|it|io)\b(?:/\S*)?", re.I),   # a web site
)


def strip_references(text: str) -> str:
    """``text`` without research references; empty brackets and doubled spaces tidied."""
    for pattern in _REFERENCES:
        text = pattern.sub("", text)
    text = re.sub(r"\(\s*[,;:]?\s*\)", "", text)
    return re.sub(r"\s{2,}", " ", text).strip(" ;,")


def help_text(option: dict) -> str:
    """The option's help in plain words: no references, no raw values in brackets
    ("… as the Ghost King card (ghost_king) or …" -> "… as the Ghost King card or …")."""
    raw = {str(v).lower() for v in option.get("values") or ()} | {"true", "false"}
    text = str(option.get("help") or "")

    def drop(match: re.Match) -> str:
        inner = match.group(1)
        if inner.lower() in raw:
            return ""
        head, sep, rest = inner.partition(": ")
        if sep and head.lower() in raw:
            return f" ({rest})"
        return match.group(0)

    text = re.sub(r"\s*\(([^()]*)\)", drop, text)
    return strip_references(text)


def section(rulebook: str) -> str:
    """Only the rulebook section's name: "Ghost King card (notes 3.E F-A6)" -> "Ghost King
    card"; "Set Up; Alternate Modes" -> "Set Up"; quotes and comparisons dropped."""
    text = strip_references(str(rulebook or ""))
    text = re.split(r' vs |;|: | "| \(| / |…', text, maxsplit=1)[0]
    return text.strip(' .:,"')


def is_setup(option: dict) -> bool:
    """The option is one of the game's real choices (shown first), not a house rule."""
    values = {str(v) for v in option.get("values") or ()}
    return option.get("name") in SETUP_NAMES or any(pair <= values for pair in WHO_VALUES)


def shown_options(options: list[dict]) -> tuple[list[dict], list[dict]]:
    """(set-up choices, house rules), each in the game's order; an option with one value
    only (nothing to choose) is left out."""
    real = [o for o in options if len(o.get("values") or ()) > 1]
    return [o for o in real if is_setup(o)], [o for o in real if not is_setup(o)]
