"""The game header: everything needed to start a game the same way again.

It is the first line of a table script and the ``header`` of a stored game:
``{"game": "creepy_cellar", "players": ["Ada", "Bo"], "seed": 7, "options": {...},
"stack": {"movement_die": [3, 6], "ghost": ["room-C"]}, "tags": {"<UID hex>": "<component>"},
"content": {"<component>": {"<field>": <value>}}, "colours": {"Ada": "orange"}}`` (``content``:
what is printed on the table's own copy of the cards, :mod:`companion.engine.content`; only for
games that take it; ``colours``: the players' colours, :mod:`companion.palette`).
"""

from __future__ import annotations

import hashlib
import json
import os
import unicodedata
from dataclasses import dataclass, field
from typing import Any

from companion.engine import Game, get_game, resolve_options
from companion.engine.registry import UnknownGame
from companion.errors import CompanionError, OptionError
from companion.i18n import echoed, msg, printable
from companion.inputs import InputError
from companion.palette import PALETTE
from companion.tags import TagRegistry

#: Header keys; anything else is a typo and is refused.
KEYS = frozenset({"game", "players", "seed", "options", "stack", "tags", "content", "colours"})

#: Longest player name, in characters (it must fit a button on a 800x480 screen).
MAX_NAME = 24


def random_seed() -> int:
    """A fresh seed for a game the table starts (not a script): 32 bits from the OS."""
    return int.from_bytes(os.urandom(4), "big")


class HeaderError(CompanionError, ValueError):
    """A game header that names an unknown game, bad players, options, stack or tags."""


@dataclass(frozen=True)
class GameHeader:
    """A validated game header.

    Attributes:
        game: game id.
        players: names in turn order (distinct, printable, 1–24 characters).
        seed: seeds the session's chance picks (an int or a string).
        options: options and house rules as given (defaults are filled in by the session).
        stack: forced next outcomes per chance source, e.g. ``{"movement_die": [3, 6]}``.
        tags: UID hex -> component id.
        content: component id -> the printed data the table entered for it (checked by the
            game's :class:`~companion.engine.content.ContentSpec`); empty for most games.
        colours: player name -> palette key (:data:`companion.palette.PALETTE`), for the
            players the table gave a colour; every screen on the daemon shows the same.
    """

    game: str
    players: tuple[str, ...]
    seed: int | str = 0
    options: dict[str, Any] = field(default_factory=dict)
    stack: dict[str, list] = field(default_factory=dict)
    tags: dict[str, str] = field(default_factory=dict)
    content: dict[str, dict[str, Any]] = field(default_factory=dict)
    colours: dict[str, str] = field(default_factory=dict)

    @classmethod
    def from_json(cls, raw: Any) -> GameHeader:
        """Validate a header record.

        Raises:
            HeaderError: with a sentence naming the bad field.
        """
        if not isinstance(raw, dict):
            raise HeaderError("the header is a JSON object")
        unknown = sorted(set(raw) - KEYS)
        if unknown:
            raise HeaderError(f"unknown header key {unknown[0]!r}; keys are: {', '.join(sorted(KEYS))}")
        spec = _game(raw.get("game"))
        players = _players(spec, raw.get("players"))
        seed = raw.get("seed", 0)
        if not isinstance(seed, (int, str)) or isinstance(seed, bool):
            raise HeaderError("'seed' is an integer or a string")
        options = _mapping(raw.get("options"), "options")
        try:
            resolve_options(spec, options)
        except OptionError as exc:
            raise HeaderError(exc.args[0]) from exc  # a Msg: said in the table's language
        stack = _stack(spec, _mapping(raw.get("stack"), "stack"))
        tags = _tags(spec, _mapping(raw.get("tags"), "tags"))
        content = _content(spec, _mapping(raw.get("content"), "content"))
        colours = _colours(players, _mapping(raw.get("colours"), "colours"))
        return cls(spec.id, players, seed, options, stack, tags, content=content, colours=colours)

    def to_json(self) -> dict[str, Any]:
        """The header as a record; ``colours`` only when some player has one (so the
        :meth:`key` of a game without colours is what it always was)."""
        record = {
            "game": self.game,
            "players": list(self.players),
            "seed": self.seed,
            "options": self.options,
            "stack": self.stack,
            "tags": self.tags,
            **({"content": self.content} if self.content else {}),  # older headers keep their key
        }
        if self.colours:
            record["colours"] = self.colours
        return record

    def key(self) -> str:
        """A stable fingerprint: the same header always gives the same key."""
        text = json.dumps(self.to_json(), sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(text.encode()).hexdigest()[:32]


def _game(game: Any) -> Game:
    if not isinstance(game, str):
        raise HeaderError("'game' is a game id such as 'creepy_cellar'")
    try:
        return get_game(game)
    except UnknownGame as exc:
        raise HeaderError(exc.args[0]) from exc  # a Msg: said in the table's language


def _mapping(value: Any, name: str) -> dict:
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise HeaderError(f"{name!r} is a JSON object")
    return dict(value)


def _players(spec: Game, players: Any) -> tuple[str, ...]:
    if not isinstance(players, list):
        raise HeaderError("'players' is a list of names")
    names = tuple(_name(p) for p in players)
    if not spec.min_players <= len(names) <= spec.max_players:
        raise HeaderError(msg("{game} is for {low}–{high} players, not {count}", game=spec.title,
                              low=spec.min_players, high=spec.max_players, count=len(names)))
    if len({n.casefold() for n in names}) != len(names):
        raise HeaderError(msg("each player needs a different name"))
    return names


def _name(name: Any) -> str:
    """A player name: printable text, 1–24 characters after trimming spaces."""
    if not isinstance(name, str) or not name.strip():
        raise HeaderError(msg("a player name is some text, not {name}", name=echoed(str(name))))
    name = unicodedata.normalize("NFC", name.strip())  # "Zoë" typed two ways is one name
    problem = _too_long(name)
    if problem is not None:
        raise HeaderError(problem)
    if any(unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Co", "Cn") for ch in name):
        raise HeaderError(msg("the player name {name} has characters that cannot be shown", name=echoed(name)))
    return name


def _too_long(name: str):
    """The refusal of a name over :data:`MAX_NAME` characters (echoed cut), or None."""
    if len(name) <= MAX_NAME:
        return None
    return msg("the player name {name} is longer than {count} characters", name=echoed(name), count=MAX_NAME)


#: Punctuation a player name may have besides letters, digits and spaces (what the table
#: font draws; issue: an emoji was accepted and drawn as a box).
NAME_PUNCTUATION = frozenset(".,;:!?'’‘\"“”-–_&()/+#@*")

#: The scripts whose letters the table font (Kivy's Roboto) draws: accented Latin included.
NAME_SCRIPTS = ("LATIN ", "GREEK ", "CYRILLIC ")

#: The characters Kivy's markup is written with: a name holding them is refused (see
#: :func:`name_problem`), not shown half as markup.
_MARKUP = frozenset("[]")


def name_problem(name: str):
    """Why the table's screen cannot show ``name`` (a :func:`~companion.i18n.msg`), or None:
    a new game's player names are letters (accented Latin, Greek and Cyrillic too), digits,
    spaces and common punctuation. One rule for ``companion play``, ``companion daemon
    --new`` and the New game screen (the daemon's ``new_game``)."""
    odd = [ch for ch in dict.fromkeys(name) if not _drawable(ch)]
    # [ and ] are common punctuation, but they open the screen's markup ([b], [color=…]):
    # refused for that, said as that (a newcomer's report)
    brackets = [ch for ch in odd if ch in _MARKUP]
    odd = [ch for ch in odd if ch not in _MARKUP]
    if odd:
        return msg("the player name {name} has characters the table's screen cannot show ({characters}): use "
                   "letters, digits, spaces and common punctuation", name=echoed(name),
                   characters=" ".join(printable(ch) for ch in odd))
    if brackets:
        return msg("the player name {name} has {characters}, which the table's screen uses for its text styles: "
                   "use ( ) instead", name=echoed(name), characters=" ".join(brackets))
    return None


def _drawable(ch: str) -> bool:
    if ch == " " or ch in NAME_PUNCTUATION or "0" <= ch <= "9":
        return True
    return ch.isalpha() and unicodedata.name(ch, "").startswith(NAME_SCRIPTS)


def check_player_count(spec: Game, count: int) -> None:
    """Refuse ``count`` players where ``spec`` takes fewer or more, without naming the game
    (for a sentence that names it already: "cannot start Children: it is for 2–4 players").

    Raises:
        HeaderError: with the problem (a :func:`~companion.i18n.msg`).
    """
    if not spec.min_players <= count <= spec.max_players:
        raise HeaderError(msg("it is for {low}–{high} players, not {count}", low=spec.min_players,
                              high=spec.max_players, count=count))


def check_new_players(players) -> None:
    """Refuse a new game's player names the screen cannot show (:func:`name_problem`);
    a game already recorded keeps its names.

    Raises:
        HeaderError: with the first problem (a :func:`~companion.i18n.msg`).
    """
    for name in players:
        name = unicodedata.normalize("NFC", str(name).strip())
        problem = _too_long(name) or name_problem(name)
        if problem is not None:
            raise HeaderError(problem)


def check_new_game(header: GameHeader) -> None:
    """Refuse a new game its options cannot play with the table's card data (the game's
    :meth:`~companion.engine.game.Game.start_problem`: House of Spirits' secret victory cards
    dealt before their text is entered); a game already recorded always replays.

    Raises:
        HeaderError: the game's sentence (a :func:`~companion.i18n.msg`).
    """
    spec = get_game(header.game)
    problem = spec.start_problem(resolve_options(spec, header.options), header.content)
    if problem is not None:
        raise HeaderError(problem)


def _stack(spec: Game, stack: dict) -> dict[str, list]:
    for source, items in stack.items():
        if source not in spec.chance_sources:
            raise HeaderError(f"'stack' has no source {source!r}; sources are: {', '.join(spec.chance_sources)}")
        if not isinstance(items, list) or not all(
                isinstance(i, (int, str)) and not isinstance(i, bool) for i in items):
            raise HeaderError(f"'stack' {source!r} is a list of outcomes (numbers or names)")
    return stack


def _tags(spec: Game, raw: dict) -> dict[str, str]:
    try:
        tags = TagRegistry.from_json(raw).to_json()
    except InputError as exc:
        raise HeaderError(str(exc)) from exc
    from companion.engine import known_piece

    for uid, component in tags.items():
        if component.startswith(f"{spec.id}:") and component.partition("#")[0] not in spec.components:
            raise HeaderError(f"tag {uid}: {spec.title} has no component {component!r}")
        if not known_piece(component):  # a card of another game is fine, if it exists
            raise HeaderError(f"tag {uid}: no game has a component {component!r}")
    return tags


def _content(spec: Game, raw: dict) -> dict[str, dict[str, Any]]:
    from companion.engine.content import ContentError, check_table
    from companion.engine.registry import copies

    if not raw:
        return {}
    if spec.content is None:
        raise HeaderError(f"{spec.title} takes no 'content': nothing printed on its cards is entered")
    try:
        return check_table(spec.content, spec.components, raw, lambda component: copies(spec, component))
    except ContentError as exc:
        raise HeaderError(f"'content': {exc}") from exc


def _colours(players: tuple[str, ...], raw: dict) -> dict[str, str]:
    """Player name -> palette key: each name one of ``players``, each key in
    :data:`~companion.palette.PALETTE`, no two players with the same colour. Players left
    out have no colour."""
    colours: dict[str, str] = {}
    for name, key in raw.items():
        player = _name(name)
        if player not in players:
            raise HeaderError(f"'colours' names {player!r}, who is not one of the players")
        if key not in PALETTE:
            raise HeaderError(f"'colours' gives {player!r} {key!r}; colours are: {', '.join(PALETTE)}")
        if key in colours.values():
            raise HeaderError(f"'colours': two players cannot both be {key!r}")
        colours[player] = key
    return colours
