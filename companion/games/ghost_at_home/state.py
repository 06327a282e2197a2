"""The Ghost at Home game state: one frozen dataclass, the houses' floors and where the game
stands (:class:`Step`).

Hands are real cards in the players' hands: the companion counts them and never knows what
they are. A card becomes known when it is tapped as it is played (a room, a ghost, a cat, a
special card, the cards paid for a light). Cards discarded with "Scarta una o più carte"
stay secret ("L'identità delle carte scartate è segreta"): the discard pile is a known part
plus a number of secret cards. Every one of the 53 cards is always in exactly one place:
the deck, a hand, a house, or the discard pile.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from companion.engine.draft import replace
from companion.engine.frozen import derived
from companion.games.ghost_at_home import components as gc
from companion.i18n import NewsLine


class Step(StrEnum):
    """Where the game stands ("Gioco", "Fine del turno")."""

    TURN = "turn"  # the active player picks ONE action
    ROOMS = "rooms"  # room cards being played: more rooms, or done
    GHOST = "ghost"  # a ghost from the hand: which opponent?
    CAT = "cat"  # a cat from the hand: on which floor?
    PAY = "pay"  # a light: tap the 2 or 3 cards discarded for it
    BULBS = "bulbs"  # (light_check = count) how many bulbs does the card just tapped show?
    CONFIRM_LIGHT = "confirm-light"  # (light_check = confirm) do the cards show 5 bulbs?
    DISCARD = "discard"  # discard and draw: how many cards?
    HOLE_FROM = "hole-from"  # Time-Space Hole: which ghost?
    HOLE_TO = "hole-to"  # … to which opponent's house?
    BULB = "bulb"  # Light Bulb: which floor?
    FOOD_FROM = "food-from"  # Cat Food: which opponent's cat?
    FOOD_TO = "food-to"  # … onto which of your floors?
    LIFT_FROM = "lift-from"  # Elevator: which of your cats?
    LIFT_TO = "lift-to"  # … to which floor?
    BOLT = "bolt"  # Lightning: whose light?
    DEFEND = "defend"  # out of turn: the ghost's target may discard a cat from the hand
    ESCAPE = "escape"  # out of turn: an opponent may play a ghost to stop the escape
    OVER = "over"


@dataclass(frozen=True)
class Floor:
    """One floor of a house ("piano").

    Attributes:
        rooms: the room cards on it (card names, up to 2: left then right space).
        lit: its light is on.
        ghosts: ghost cards on it (0–2).
        cats: cat cards on it (0–1 per floor, or per room under ``cat_granularity = room``).
    """

    rooms: tuple[str, ...] = ()
    lit: bool = False
    ghosts: int = 0
    cats: int = 0

    @property
    def explored(self) -> bool:
        """Both room spaces are filled ("esplorato completamente")."""
        return len(self.rooms) == gc.ROOMS_PER_FLOOR

    def cards(self) -> int:
        """Cards lying on the floor card (rooms, ghosts, cats)."""
        return len(self.rooms) + self.ghosts + self.cats


#: A house: floors 1–3, bottom first. The roof holds no card.
House = tuple[Floor, ...]

EMPTY_HOUSE: House = (Floor(),) * gc.FLOORS


@dataclass(frozen=True)
class State:
    """The whole Ghost at Home game. Immutable; each rule (``rules.HANDLERS``) returns a new one.

    Attributes:
        players: names in turn order (the first player starts).
        options: resolved options (see ``OPTIONS``).
        hands: cards each player holds (numbers only: hands are secret).
        deck: cards left in the draw pile.
        discard: the known cards of the discard pile (sorted names).
        secret: cards of the discard pile whose identity stayed secret.
        houses: per player, floors 1–3.
        active: index of the player whose turn it is; ``turn``: turns started, 1-based.
        step: where the game stands.
        card: the card being played (a ghost, a cat, a special card) before it resolves.
        target: the player a ghost, a Time-Space Hole or Cat Food takes from or goes to.
        floor: the floor (1–3) being acted on (a light, a ghost's target, a moved cat).
        paying: cards tapped so far to pay for a light; ``bulbs``: the bulb counts known of
            them (entered as card data, or counted by the table), in tap order;
            ``paid_pieces``: which copy each was (a piece id, or "" when not known), so one
            card is not tapped twice.
        printed_bulbs: the table's card data: ``(piece id, bulb icons)`` for every card
            whose bulbs the owner entered (the game header's ``content``), sorted.
        escaper: the player escaping, or None; ``stoppers``: the opponents still to be asked
            to stop the escape (a player twice in a two-player game), in turn order.
        stopped: the escape in progress has been stopped.
        after: where a ghost's resolution returns: ``"turn"`` (end of turn) or ``"escape"``.
        outcome: None, or the name of the player who escaped.
        news: what the last applied action did, as sentences for the table.
    """

    players: tuple[str, ...]
    options: Mapping[str, Any]
    hands: tuple[int, ...]
    deck: int
    houses: tuple[House, ...]
    discard: tuple[str, ...] = ()
    secret: int = 0
    active: int = 0
    turn: int = 1
    step: Step = Step.TURN
    card: str | None = None
    target: int | None = None
    floor: int | None = None
    paying: tuple[str, ...] = ()
    bulbs: tuple[int, ...] = ()
    paid_pieces: tuple[str, ...] = ()
    printed_bulbs: tuple[tuple[str, int], ...] = ()
    escaper: int | None = None
    stoppers: tuple[int, ...] = ()
    stopped: bool = False
    after: str = "turn"
    outcome: str | None = None
    news: tuple[str | NewsLine, ...] = field(default=())

    @property
    def player(self) -> str:
        """The active player's name."""
        return self.players[self.active]

    @derived.on_fields("houses")
    def placed(self) -> Counter:
        """Cards lying in the houses, by name (computed once per state, and kept by the next
        state while the houses do not change: shared, never to be modified)."""
        counts: Counter = Counter()
        for house in self.houses:
            for floor in house:
                counts.update(floor.rooms)
                counts[gc.GHOST] += floor.ghosts
                counts[gc.CAT] += floor.cats
        return counts

    @derived.on_fields("houses", "discard", "paying", "step")
    def unseen(self) -> Mapping[str, int]:
        """Per card of the deck, the copies that may be in a hand or the deck (what
        :func:`~companion.games.ghost_at_home.cards.unseen` gives), worked out once for every
        card: the prompts ask it of each card at every step (shared, never to be modified)."""
        counts = dict(gc.DECK)
        for card, n in self.placed.items():
            if card in counts:
                counts[card] -= n
        for card in self.discard + self.paying:
            if card in counts:
                counts[card] -= 1
        if self.step == Step.DEFEND:  # a ghost on its way (cards.incoming)
            counts[gc.GHOST] -= 1
        return counts

    def house(self, player: int) -> House:
        """The floors of ``player``'s house."""
        return self.houses[player]

    def with_floor(self, player: int, floor: int, new: Floor) -> State:
        """A copy with floor ``floor`` (1–3) of ``player``'s house replaced by ``new``."""
        house = self.houses[player]
        house = house[: floor - 1] + (new,) + house[floor:]
        return replace(self, houses=self.houses[:player] + (house,) + self.houses[player + 1:])

    def opponents(self, player: int) -> tuple[int, ...]:
        """The other players, in turn order after ``player``."""
        n = len(self.players)
        return tuple((player + k) % n for k in range(1, n))
