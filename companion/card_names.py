"""Finding a card by what a new table types (issue 31 item 9): ``companion cards GAME`` lists
each component id with its printed name, and ``companion tap`` (and the terminal's ``tap``)
takes an id in any case, with or without the game's prefix, or a card's printed name; on a
miss it suggests the nearest ids (:mod:`difflib`, the standard library's fuzzy matcher: a
few hundred names per game, so no index is needed).

Read-only, public: a game's components are what is in the box, never where a card is.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass

from companion.i18n import LANGUAGES, render

#: Suggestions offered on a miss, at most.
SUGGESTIONS = 3


@dataclass(frozen=True)
class Found:
    """What a typed card name found: the component id, or the nearest ones (``near``)."""

    component: str | None
    near: tuple[str, ...] = ()


def listing(game: str, lang: str = "en") -> list[tuple[str, str]]:
    """``(component id, printed name)`` of every component of ``game``, sorted by id.

    Raises:
        UnknownGame: no such game.
    """
    from companion.engine import get_game

    spec = get_game(game)
    return sorted((c, str(render(spec.component_label(c), lang))) for c in spec.components)


def find(text: str, games: list[str], lang: str = "en") -> Found:
    """The component ``text`` names in one of ``games`` (the game being played first): an id
    in any case (``GHOST:ROOM-H`` or ``creepy_cellar:ghost:room-h``) or a printed name
    ("Ghost card room H", any case, in any language ``companion cards --lang`` lists; English's then
    ``lang``'s names first, should two languages give one name to different cards), or the
    name the card prints alone ("Flashlight", "Torcia") when no other card has it."""
    wanted = " ".join(text.split()).casefold()
    names: dict[str, str] = {}
    for game in games:
        for each in dict.fromkeys(("en", lang, *LANGUAGES)):
            for component, label in listing(game, each):
                for name in (component, component.split(":", 1)[1], label):
                    names.setdefault(name.casefold(), component)
    for alias, component in _names_alone(games).items():
        names.setdefault(alias, component)
    if wanted in names:
        return Found(names[wanted])
    close = difflib.get_close_matches(wanted, list(names), n=SUGGESTIONS * 3, cutoff=0.6)
    near = tuple(dict.fromkeys(names[name] for name in close))[:SUGGESTIONS]
    return Found(None, near)


def _names_alone(games: list[str]) -> dict[str, str]:
    """The name each card prints without its kind (its label's ``name``: "Flashlight" of
    "Item card Flashlight"), in every language, casefolded -> component; a name two cards
    share names neither."""
    from companion.engine import get_game

    owners: dict[str, set[str]] = {}
    for game in games:
        spec = get_game(game)
        for component in spec.components:
            name = getattr(spec.component_label(component), "params", {}).get("name")
            if name:
                for lang in LANGUAGES:
                    owners.setdefault(str(render(name, lang)).casefold(), set()).add(component)
    return {alias: next(iter(found)) for alias, found in owners.items() if len(found) == 1}


def miss(text: str, found: Found, game: str | None, lang: str = "en") -> str:
    """The sentence for a card name that names nothing, in ``lang`` (issue 29: the terminal
    of an Italian table said it in English)."""
    from companion.i18n import echoed, msg

    command = f"companion cards {game or 'GAME'}"
    if found.near:
        near = found.near[0]
        for other in found.near[1:]:
            near = msg("{first} or {second}", first=near, second=other)
        text_ = (msg("no card {text} in {game}; did you mean {near}? ({command} lists every card's id and name)",
                     text=echoed(text, 40), game=game, near=near, command=command) if game else
                 msg("no card {text} in any game; did you mean {near}? ({command} lists every card's id and name)",
                     text=echoed(text, 40), near=near, command=command))
    elif game:
        text_ = msg("no card {text} in {game} ({command} lists every card's id and name)", text=echoed(text, 40),
                    game=game, command=command)
    else:
        text_ = msg("no card {text} in any game ({command} lists every card's id and name)", text=echoed(text, 40),
                    command=command)
    return str(render(text_, lang))
