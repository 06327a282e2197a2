"""The Creepy Cellar game state: an immutable snapshot of the whole table.

What it holds follows notes.md 4.5 "State to track": per room ghosts and hauntings, the
Ghost King's room, secret passage tiles, face-down treasures; the locked door colour; every
deck and discard pile as a sorted multiset (no hidden order: a draw is a chance outcome);
per hunter the position and backpack; the cellar slots; the mode and the turn step.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from companion.engine import pending as pd
from companion.engine.draft import replace
from companion.games.creepy_cellar import components as cc
from companion.i18n import NewsLine


class Step(StrEnum):
    """Where the turn stands ("Quick Reference": Roll, Reveal, Move, Fight, Drop off, Pick up)."""

    HUNTER = "hunter"  # 2 players, house rule two_player_turns = choose: which hunter goes
    ROLL = "roll"  # waiting for the dice button
    DIE = "die"  # chance: the movement die
    REVEAL = "reveal"  # a Ghost card is due (chance, or a tap in physical mode)
    KING = "king"  # a Ghost King card is due (chance, or a tap)
    MOVE = "move"  # the table reports the hunter's moves
    FIGHT = "fight"  # waiting for the dice button to roll the fight dice
    FIGHT_DICE = "fight-dice"  # chance: the fight dice
    AFTER = "after"  # drop off, pick up, end the turn
    TREASURE = "treasure"  # a picked-up treasure is turned over (chance, or a tap)
    CELLAR = "cellar"  # a Cellar card is due after a drop-off (chance, or a tap)
    JINXED = "jinxed"  # a Jinxed Item tile is due (chance, or a tap)
    PASSAGE_TILE = "passage-tile"  # a Jinxed Item was dropped: a discarded passage tile may come back
    REMOVE = "remove"  # Remove Ghost card: the table picks the ghost
    OVER = "over"


@dataclass(frozen=True)
class Hunter:
    """One hunter (a player's mover) and the backpack.

    Attributes:
        at: a room letter A–N (M and N are the cellar), ``"hallway"`` or ``"outside"``
            (hunters start at the front door, outside: notes.md 1.5 "Setup").
        treasure: the treasure carried (``cursed-<power>``, ``treasure-<n>``, ``treasure``)
            or None; one at a time (notes.md 1.5 "Carrying").
        jinxed: the Jinxed Item tile carried (``jinxed-B`` …) or None ("Jinxed Item").
    """

    at: str = cc.OUTSIDE
    treasure: str | None = None
    jinxed: str | None = None

    @property
    def power(self) -> str | None:
        """The power of the cursed treasure carried, or None."""
        return cc.power_of(self.treasure)


@dataclass(frozen=True)
class State:
    """The whole Creepy Cellar game. Immutable; each rule (``rules.HANDLERS``) returns a new one.

    Attributes:
        players: names in turn order.
        options: resolved options (see ``OPTIONS``).
        ghost_deck, ghost_discard, king_deck, king_discard, cellar_deck, cellar_discard:
            sorted card names.
        ghosts, hauntings: per room, in :data:`~components.ROOMS` order.
        hunters: one per player, two per player in a 2-player game (notes.md 1.5
            "Setup"); hunter i is the ``HUNTER_COLOURS[i]`` mover and belongs to player
            ``i % len(players)`` (2 players: Ada red and blue, Bo yellow and green).
        treasures: the face-down treasures not yet picked up (sorted multiset: what a
            face-down tile is becomes known only when it is turned over).
        taken: castle rooms whose face-down treasure was picked up (sorted).
        laid: treasures put back face-up in Advanced mode, as ``"<room>=<treasure>"`` (sorted).
        cellar: treasures in the cellar, slot 1 first.
        jinxed_pile: Jinxed Item tiles still face-down (sorted).
        jinxed_dropped: Jinxed Item tiles got rid of (sorted).
        passages: rooms holding a Secret Passage tile (sorted).
        active: index of the active hunter (in ``hunters``); its player is the active player.
        turn: turns started so far, 1-based.
        step: where the turn stands.
        die: last movement die face (1–6) or None before the first roll.
        moves: movement points left in this move (the die, less a cursed treasure's 1); a
            secret passage uses one, and so does each move the table reports (its length
            is not known to the companion, so at least one).
        draws_left: Ghost cards still to flip in this reveal.
        pending: what is still to resolve in this turn, as the engine's frames
            (:mod:`companion.engine.pending`; read through the properties ``held``, ``free``,
            ``dropped``, ``picked`` and ``reshuffle_after``, set with :func:`marked`).
        king_for: the card a Ghost King card is drawn for (``rogue-ghost``, ``trap-door``,
            ``plus-ghost``).
        king: the Ghost King's room letter, or None while he is off the board.
        locked: the locked door colour, or None.
        fight: the last fight's result (room, dice faces) for the screen, or None.
        outcome: None, ``"won"`` or ``"lost"``.
        news: what the last applied action did, as sentences for the table (translatable
            messages, :mod:`companion.i18n`).
    """

    players: tuple[str, ...]
    options: Mapping[str, Any]
    ghost_deck: tuple[str, ...]
    king_deck: tuple[str, ...]
    ghosts: tuple[int, ...]
    hauntings: tuple[int, ...]
    hunters: tuple[Hunter, ...] = ()
    treasures: tuple[str, ...] = ()
    taken: tuple[str, ...] = ()
    laid: tuple[str, ...] = ()
    cellar: tuple[str, ...] = ()
    cellar_deck: tuple[str, ...] = ()
    cellar_discard: tuple[str, ...] = ()
    jinxed_pile: tuple[str, ...] = ()
    jinxed_dropped: tuple[str, ...] = ()
    passages: tuple[str, ...] = ()
    active: int = 0
    turn: int = 1
    step: Step = Step.ROLL
    die: int | None = None
    moves: int = 0
    draws_left: int = 0
    pending: pd.Stack = ()
    king_for: str | None = None
    king: str | None = None
    locked: str | None = None
    fight: tuple[str, ...] | None = None
    ghost_discard: tuple[str, ...] = ()
    king_discard: tuple[str, ...] = ()
    outcome: str | None = None
    news: tuple[str | NewsLine, ...] = ()

    def marked(self, kind: str) -> bool:
        """A frame of ``kind`` is pending (one of :data:`MARKS`)."""
        for frame in self.pending:  # (pd.find without its generator: asked several times a prompt)
            if frame.kind == kind:
                return True
        return False

    @property
    def held(self) -> bool:
        """The active hunter's mover was tapped in the move step: the table now touches
        where it goes (the tap names the hunter, the touch the place)."""
        return self.marked("held")

    @property
    def free(self) -> bool:
        """The die being rolled is a Free Movement roll (no Ghost card)."""
        return self.marked("free")

    @property
    def dropped(self) -> bool:
        """A treasure was dropped off this turn (movement is over)."""
        return self.marked("dropped")

    @property
    def picked(self) -> bool:
        """A treasure was picked up this turn."""
        return self.marked("picked")

    @property
    def reshuffle_after(self) -> bool:
        """A Draw N + Shuffle card is being resolved; reshuffle when done."""
        return self.marked("reshuffle_after")

    @property
    def player(self) -> str:
        """The active player's name (the owner of the active hunter)."""
        return self.owner(self.active)

    @property
    def hunter(self) -> Hunter:
        """The active hunter."""
        return self.hunters[self.active]

    @property
    def colour(self) -> str:
        """The active hunter's mover colour (``"red"`` …)."""
        return cc.HUNTER_COLOURS[self.active]

    def owner(self, index: int) -> str:
        """The name of the player who moves hunter ``index``."""
        return self.players[index % len(self.players)]

    def hunters_of(self, player: int) -> tuple[int, ...]:
        """Indexes of the hunters player ``player`` (an index in ``players``) moves."""
        return tuple(range(player, len(self.hunters), len(self.players)))

    @property
    def mode(self) -> str:
        """``"nightmare"``, ``"advanced"`` or ``"basic"`` (option ``mode``)."""
        return self.options["mode"]

    @property
    def total_treasures(self) -> int:
        """Treasures of this mode: 12 cursed treasures, or the 8 original ones."""
        return len(cc.treasure_pool(self.mode))

    @property
    def total_hauntings(self) -> int:
        """Hauntings on the board."""
        return sum(self.hauntings)

    @property
    def physical(self) -> bool:
        """True when the table draws real cards and taps them (option ``ghost_deck``)."""
        return self.options["ghost_deck"] == "physical"

    @property
    def physical_tiles(self) -> bool:
        """True when the table turns over real tiles and taps or chooses them (``tiles``)."""
        return self.options["tiles"] == "physical"

    def ghosts_in(self, room: str) -> int:
        """Ghosts in ``room`` (0 for a hallway or outside)."""
        return self.ghosts[cc.ROOMS.index(room)] if room in cc.ROOMS else 0

    def hauntings_in(self, room: str) -> int:
        """Hauntings in ``room`` (0 for a hallway or outside)."""
        return self.hauntings[cc.ROOMS.index(room)] if room in cc.ROOMS else 0

    def laid_in(self, room: str) -> str | None:
        """The treasure put back face-up in ``room`` (Advanced mode), or None."""
        return next((item[2:] for item in self.laid if item[0] == room), None)

    def hunters_at(self, place: str) -> int:
        """How many hunters stand at ``place``."""
        return sum(1 for h in self.hunters if h.at == place)


def with_hunter(state: State, index: int, **changes: Any) -> State:
    """``state`` with hunter ``index`` changed."""
    hunters = list(state.hunters)
    hunters[index] = replace(hunters[index], **changes)
    return replace(state, hunters=tuple(hunters))


def discard(deck: tuple[str, ...], pile: tuple[str, ...], card: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Move one copy of ``card`` from ``deck`` to ``pile`` (both kept sorted)."""
    index = deck.index(card)
    return deck[:index] + deck[index + 1:], tuple(sorted(pile + (card,)))


def shuffled_back(deck: tuple[str, ...], pile: tuple[str, ...]) -> tuple[str, ...]:
    """A deck that took back its discards (a multiset: shuffling is the next draw's chance)."""
    return tuple(sorted(deck + pile))


#: The frame kinds of a Creepy Cellar turn (``State.pending``).
MARKS = ("held", "free", "dropped", "picked", "reshuffle_after")


def marked(state: State, **marks: bool) -> State:
    """``state`` with each named frame pending (True) or resolved (False), e.g.
    ``marked(state, free=False)``: ``state`` itself when that changes nothing (every frame named
    resolved and none pending)."""
    assert _MARKS.issuperset(marks), marks
    pending = state.pending
    if True not in marks.values() and not any(frame.kind in marks for frame in pending):
        return state
    rest = pd.without(pending, marks)
    return replace(state, pending=pd.push(rest, *(pd.Frame(kind, state.active) for kind, on in marks.items() if on)))


_MARKS = frozenset(MARKS)
