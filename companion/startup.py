"""Which game a starting daemon puts on the table (``companion daemon``, ``companion play``).

Without ``--new`` it resumes the last unfinished game. With ``--new GAME`` it resumes the
last unfinished game of GAME, else starts one; over an unfinished game of another kind it
refuses and names the fix (``--abandon`` starts GAME and leaves that game unfinished in the
store). Every outcome is one log line (issue 18: the daemon said nothing about it).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion.errors import CompanionError
from companion.i18n import msg

log = logging.getLogger("companion.daemon")


class StartRefused(CompanionError):
    """``--new`` over an unfinished game of another kind, or a bad ``--new`` header (then
    its ``args[0]`` is a :func:`~companion.i18n.msg`: ``play --lang it`` says it in Italian)."""


@dataclass(frozen=True)
class NewGame:
    """What ``--new`` asks for: a game id, the players and the options (names -> text
    from ``--option name=value``, matched to the game's values by :func:`header`)."""

    game: str
    players: tuple[str, ...]
    options: dict[str, str] = field(default_factory=dict)
    abandon: bool = False


def parse_option(text: str) -> tuple[str, str]:
    """``"ghost_deck=physical"`` -> ``("ghost_deck", "physical")``.

    Raises:
        ValueError: no ``=`` or no name.
    """
    name, equals, value = text.partition("=")
    if not equals or not name.strip():
        raise ValueError(msg("an option is NAME=VALUE (e.g. ghost_deck=physical), not {text}", text=repr(text)))
    return name.strip(), value.strip()


def header(new: NewGame, content: dict[str, Any] | None = None):
    """The :class:`~companion.header.GameHeader` for ``new`` (a fresh seed), each option's
    text matched to one of its game's values (``true`` -> True), with ``content``: the
    table's card data (the store's, :func:`companion.table_content.for_header`; none: the
    content file's alone).

    Raises:
        StartRefused: an unknown game or option, a value the option does not take, or
            players the game does not take.
    """
    from companion.engine import get_game
    from companion.engine.registry import UnknownGame
    from companion.header import GameHeader, HeaderError, check_new_players, check_player_count, random_seed

    game = new.game  # named by its title once known (House of Spirits, not house_of_spirits)
    try:
        spec = get_game(new.game)
        game = spec.title
        check_new_players(new.players)
        check_player_count(spec, len(new.players))  # "cannot start Children" names it already
        options = {name: _value(spec, name, text) for name, text in new.options.items()}
        return GameHeader.from_json({"game": new.game, "players": list(new.players), "options": options,
                                     "seed": random_seed(), "content": content or {}})
    except (UnknownGame, HeaderError) as exc:
        raise StartRefused(msg("cannot start {game}: {problem}", game=game, problem=exc.args[0])) from None


def playable(new: NewGame, content: dict[str, Any]):
    """:func:`header` for a game about to start with the table's card data ``content``.

    Raises:
        StartRefused: as :func:`header`, or the game cannot be played with these options
            and this card data (:func:`companion.header.check_new_game`: House of Spirits'
            secret victory cards dealt by the companion before their text is entered).
    """
    from companion.engine import get_game
    from companion.header import HeaderError, check_new_game

    wanted = header(new, content)
    try:
        check_new_game(wanted)
    except HeaderError as exc:
        # a command line has no Settings screen: it names the command that enters card data too
        raise StartRefused(msg("cannot start {game}: {problem} From the command line: companion content {id}.",
                               game=get_game(new.game).title, problem=exc.args[0], id=new.game)) from None
    return wanted


def check_before_open(new: NewGame, db: Path) -> None:
    """Refuse, before the daemon opens or makes anything, a ``--new`` game that would start
    (no unfinished game of its kind to go on with, or ``--set-aside``) and that the card data
    kept in the event store ``db`` cannot play (:func:`playable`); a store not made yet holds
    no card data.

    Raises:
        StartRefused: see :func:`playable`.
    """
    content: dict[str, Any] = {}
    if db.is_file():
        store = _store_to_read(db)
        if store is None:
            return  # not a store the daemon opens: it says why itself, with nothing made
        try:
            if not new.abandon and last_unfinished(store, new.game) is not None:
                return  # the daemon goes on with it: a recorded game always replays
            content = _table_content(new.game, store)
        finally:
            store.close()
    playable(new, content)


def _store_to_read(db: Path):
    """The event store at ``db`` to read the card data from, as the daemon will read it: the
    file itself, or, where it cannot be written (a read-only data directory, a full disk), its
    copy in memory (:func:`companion.daemon.boot.open_store_or_memory` plays on there); None
    when it is no store the daemon opens (another program's file, in use by another daemon)."""
    from companion.errors import StoreError
    from companion.recovery import memory_copy
    from companion.store import EventStore, NotOurs, StoreInUse

    try:
        return EventStore(db)
    except (NotOurs, StoreInUse):
        return None
    except StoreError:
        try:
            return memory_copy(db)
        except StoreError:
            return None


def _value(spec, name: str, text: str) -> Any:
    """The value of option ``name`` of ``spec`` written ``text`` (unknown names pass as
    they are: the header says which options there are)."""
    from companion.engine.core import ENGINE_OPTIONS  # first-game mode, beside the game's own

    option = next((o for o in (*spec.options, *ENGINE_OPTIONS) if o.name == name), None)
    if option is None:
        return text
    for value in option.values:
        if str(value).lower() == text.lower():
            return value
    allowed = ", ".join(str(v).lower() if isinstance(v, bool) else str(v) for v in option.values)
    raise StartRefused(msg("cannot start {game}: option {name} is one of {allowed}, not {value}", game=spec.title,
                           name=name, allowed=allowed, value=repr(text)))


def open_game(daemon, new: NewGame | None, resume_last) -> str:
    """Put the starting game on ``daemon``'s table; returns the log line saying which.

    ``resume_last()`` resumes the last unfinished game (None when there is none); a game
    that does not replay is its business.

    Raises:
        StartRefused: see the module docstring.
    """
    if new is None:
        session = resume_last()
        return _resumed(daemon, session) if session is not None else \
            "no unfinished game: start one from the table screen (or companion daemon --new GAME)"
    wanted = header(new)  # a bad --new is said before anything is resumed
    store = daemon.store
    mine = last_unfinished(store, new.game)
    if new.abandon or mine is None:
        other = _on_the_table(store)
        if other is not None and not new.abandon:
            raise StartRefused(_refusal(other, new))
        daemon.start_game(playable(new, _table_content(new.game, store)))
        later = " once this one is over" if other is not None and other.game == new.game else ""
        kept = (f"; the unfinished game {other.id} ({other.game}) stays in the store (--new {other.game} goes back "
                f"to it{later})" if other else "")
        return f"started a new game {daemon.session.game_id} of {new.game} for {', '.join(new.players)}{kept}"
    session = daemon.game.resume(mine)
    _remember(store, mine.id)
    line = _resumed(daemon, session)
    if tuple(session.header.players) != tuple(new.players):
        line += (f" (--players {','.join(new.players)} is for a new game: this one keeps its players; "
                 f"add --set-aside to start a new one)")
    asked, kept = _options_not_kept(session, wanted)
    if asked:
        line += (f" ({' '.join(f'--option {o}' for o in asked)} is for a new game: this one keeps "
                 f"{', '.join(kept)}; add --set-aside to start a new one)")
    return line


def _options_not_kept(session, wanted) -> tuple[list[str], list[str]]:
    """The ``NAME=VALUE`` asked for that the resumed game has otherwise, and the game's own."""
    from companion.engine import resolve_options

    had = resolve_options(session.spec, session.header.options)
    names = [name for name, value in wanted.options.items() if had.get(name) != value]
    return ([f"{name}={_text(wanted.options[name])}" for name in names],
            [f"{name}={_text(had.get(name))}" for name in names])


def _text(value) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def _on_the_table(store):
    """The unfinished game a start without ``--new`` would resume: the one last put on the
    table (newcomer 16: ``--set-aside`` named the newest unfinished game, not the one it set
    aside), else the newest unfinished one; None when there is none."""
    from companion.saved_games import game_to_resume

    return game_to_resume(store) or store.last_unfinished()


def _remember(store, game_id: int) -> None:
    """Keep that ``--new`` put game ``game_id`` back on the table: the next start without
    ``--new`` resumes it, and ``--set-aside`` names it. A store that cannot be written keeps
    it for this run only (said in the log)."""
    import time

    from companion.errors import StoreError
    from companion.saved_games import remember_table_game

    try:
        remember_table_game(store, game_id, time.time())
    except StoreError as exc:
        log.warning("%s; after a restart the newest unfinished game is resumed", exc)


def _table_content(game: str, store) -> dict[str, Any]:
    from companion.engine import get_game
    from companion.table_content import for_header

    return for_header(get_game(game), store)


def last_unfinished(store, game: str):
    """The most recent unfinished game of ``game`` in ``store``, or None."""
    return next((r for r in reversed(store.games()) if r.outcome is None and r.game == game), None)


def _resumed(daemon, session) -> str:
    players = ", ".join(session.header.players)
    if session.prompt.over:
        return (f"showing the finished game {session.game_id} ({session.spec.id}: {players}, {session.position} "
                f"inputs) until a new game starts; its last input can still be undone")
    inputs = "input" if session.position == 1 else "inputs"
    return (f"resumed game {session.game_id} ({session.spec.id}: {players}) after {session.position} {inputs}; "
            f"--new GAME --set-aside starts another")


def _refusal(other, new: NewGame) -> str:
    players = ", ".join(other.header.get("players") or [])
    return (f"the unfinished game {other.id} is {other.game} ({players}), not {new.game}: "
            f"add --set-aside to keep it unfinished in the store and start {new.game} (--new {other.game} "
            f"goes back to it later), or leave out --new to go on with it")
