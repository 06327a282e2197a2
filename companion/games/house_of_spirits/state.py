"""The House of Spirits game state and the small pure helpers every rule module shares.

What is tracked follows notes.md 4.4: the room deck and discard, the cards in play with
monster health, the plot deck (its known bottom order), the monster and main decks, per
player the character, wounds, hand (each card with the round it was gained), score (with
every cause logged) and the hidden secret victory card, the First Player card, the round,
and who investigated and which monsters were attacked this round.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from companion.engine import pending as pd
from companion.engine.draft import replace
from companion.engine.frozen import derived
from companion.engine.present import present
from companion.engine.tuples import put
from companion.games.house_of_spirits import components as hc
from companion.games.house_of_spirits.card_data import Card
from companion.games.house_of_spirits.content import Entries, effective_cards
from companion.i18n import Msg, NewsLine


class Step(StrEnum):
    """Where the game stands."""

    START = "start"  # the decks are shuffled; the dice button starts the blind draws
    CHARACTER = "character"  # a blind character draw is due ("Game Setup" 4)
    SECRET = "secret"  # a blind secret victory draw is due (option secret_cards=companion)
    ROLL = "roll"  # a 1D6 is due: dice button, or the table enters the face
    DIE = "die"  # chance: the die
    ROOM = "room"  # a room card is due ("Exploring")
    MONSTER = "monster"  # a monster card is due
    MAIN = "main"  # a main-deck card is due (refill the cards in play)
    PLOT = "plot"  # the top plot card is turned over (investigation)
    ACTION = "action"  # the active player picks one action ("Player Actions")
    PLOT_ITEM = "plot-item"  # declare the plot item before rolling ("Playing Plot Cards")
    HEAL = "heal"  # play healing cards on the chosen character
    DISCARD = "discard"  # over the hand limit: discard down to 6
    TALLY = "tally"  # the end: who met their secret victory condition
    OVER = "over"


class Roll(StrEnum):
    """What a due 1D6 is for (the ``roll`` of a :class:`Step.ROLL` decision)."""

    NONE = ""  # no die is due
    ROLLOFF = "rolloff"  # the roll-off for the First Player card ("Determine Player Order")
    MONSTER = "monster"  # a player's roll against the room's skulls ("Exploring")
    INVESTIGATE = "investigate"  # an investigation roll
    PLOT = "plot"  # the roll for a plot card ("Playing Plot Cards")
    ATTACK = "attack"  # a player's attack on a monster
    REROLL = "reroll"  # keep the attack die or roll again (Olivia's ability)
    MONSTER_DEFENCE = "monster-defence"  # the monster's defence against the attack
    MONSTER_ATTACK = "monster-attack"  # the monster's attack on a player
    DEFENCE = "defence"  # the player's defence against it


@dataclass(frozen=True)
class Deck:
    """A face-down deck: known cards on top, a shuffled middle, known cards at the bottom.

    The shuffled middle is a sorted multiset (a draw from it is a chance outcome); cards put
    "to the bottom" keep their order (a failed investigation's plot card, a dead monster).

    Attributes:
        top: cards known to be on top, top first (the Vestibule at setup).
        shuffled: the shuffled middle, sorted.
        bottom: cards put to the bottom, in order, the next to come first.
    """

    top: tuple[str, ...] = ()
    shuffled: tuple[str, ...] = ()
    bottom: tuple[str, ...] = ()

    def __len__(self) -> int:
        return len(self.top) + len(self.shuffled) + len(self.bottom)

    def cards(self) -> tuple[str, ...]:
        """Every card in the deck (for checks; the order of the middle is unknown)."""
        return self.top + self.shuffled + self.bottom

    def known_next(self) -> str | None:
        """The next card when it is known (no chance needed), else None."""
        if self.top:
            return self.top[0]
        if not self.shuffled and self.bottom:
            return self.bottom[0]
        return None

    def possible(self) -> tuple[str, ...]:
        """The cards the next draw may be, sorted, without repeats."""
        known = self.known_next()
        return (known,) if known else tuple(sorted(set(self.shuffled)))

    def take(self, card: str) -> Deck:
        """The deck after ``card`` was drawn from it.

        Raises:
            ValueError: ``card`` cannot be the next card.
        """
        if card not in self.possible():
            raise ValueError(f"{card} is not the next card")
        if self.top:
            return replace(self, top=self.top[1:])
        if self.shuffled:
            index = self.shuffled.index(card)
            return replace(self, shuffled=self.shuffled[:index] + self.shuffled[index + 1:])
        return replace(self, bottom=self.bottom[1:])

    def to_bottom(self, *cards: str) -> Deck:
        """The deck with ``cards`` put underneath, in order."""
        return replace(self, bottom=self.bottom + cards)

    def reshuffled(self, cards: tuple[str, ...]) -> Deck:
        """The deck with ``cards`` shuffled into its middle (known top and bottom stay)."""
        return replace(self, shuffled=tuple(sorted(self.shuffled + cards)))


@dataclass(frozen=True)
class Pending(pd.Frame):
    """The action under way: a frame of the engine's pending stack
    (:mod:`companion.engine.pending`, :attr:`State.frames`) with the action's details
    (:func:`begin_action`, :func:`change_action`).

    Attributes:
        kind: ``investigate``, ``attack``, ``plot`` or ``heal``.
        player: the index of the player whose action it is (the active player).
        target: the monster attacked, the plot card played, or the character healed.
        items: items the player chose (investigation or offensive items).
        guards: defensive items chosen before the monster's attack roll.
        plot_item: the item declared for an item plot card.
        dice: the faces rolled in this action, in order.
        score: the player's total (investigation or attack) once rolled.
        against: the opposing total (monster defence or monster attack) once rolled.
        healed: wounds healed so far (heal).
        rerolled: the attack die was re-rolled (Olivia's ability).
    """

    target: str = ""
    items: tuple[str, ...] = ()
    guards: tuple[str, ...] = ()
    plot_item: str = ""
    dice: tuple[int, ...] = ()
    score: int = 0
    against: int = 0
    healed: int = 0
    rerolled: bool = False


@dataclass(frozen=True)
class State:
    """The whole game. Immutable; the rule functions return new states.

    Attributes:
        players: names in seating order going right (play goes to the right).
        options: resolved options and house rules.
        characters: each player's character card id (None until drawn).
        secrets: each player's secret victory card id: HIDDEN, never in a view or a prompt
            (None when the players hold the physical cards, option ``secret_cards``).
        wounds, scores: per player.
        score_log: every score change as (player index, points, cause).
        hands: per player, (card id, round gained) pairs.
        dead: per player, killed and not yet back.
        died: players killed in this round (indices).
        secret_met: per player: None (not told), True or False.
        ability_used: per player, their once-per-game ability is spent.
        round: the round number (0 during setup).
        first: index of the First Player card's holder.
        turn: how many players of this round have had their turn.
        rolloff: contenders still in the roll-off and the faces they rolled.
        room, room_deck, room_discard: the current room, the deck, the discard pile.
        room_plots: plot cards waiting for the current room card ("when the players move").
        attached: (plot card, room or item card) pairs laid on played plot cards.
        in_play: cards in the play area, in the order laid.
        monster_health: (monster, health left) for each monster in play.
        attacked: monsters attacked this round.
        main_deck, main_discard: the main deck (a multiset) and its discard pile.
        monster_deck, plot_deck: decks with a known bottom.
        plots_played: plot cards played, in order.
        investigated: someone investigated this round.
        monster_rolls: players still to roll 1D6 for monsters in the new room.
        step: where the game stands.
        roll: what the due die is for (``rolloff``, ``monster``, ``investigate``, ``plot``,
            ``attack``, ``reroll``, ``monster-defence``, ``monster-attack``, ``defence``).
        roller: index of the player whose die it is (or who faces the monster).
        frames: the engine's pending stack: the action under way (a :class:`Pending`), or
            empty (:attr:`pending`).
        discarding: index of the player over the hand limit.
        die: the last face rolled.
        outcome: None, ``"won"`` or ``"lost"``.
        winners: names of the winners.
        news: what the last applied action did.
        content: the printed data the table entered (the game header's ``content``, as
            :func:`~.content.entries` keeps it): the only card data that is not the content
            file's, so a stored game replays with the numbers it was played with.
        cards: every card id -> the card played with (the content file's with ``content``
            over it); derived from ``content``, never stored or compared.
    """

    players: tuple[str, ...]
    options: Mapping[str, Any]
    characters: tuple[str | None, ...]
    secrets: tuple[str | None, ...]
    wounds: tuple[int, ...]
    scores: tuple[int, ...]
    hands: tuple[tuple[tuple[str, int], ...], ...]
    dead: tuple[bool, ...]
    secret_met: tuple[bool | None, ...]
    ability_used: tuple[bool, ...]
    room_deck: Deck
    main_deck: tuple[str, ...]
    monster_deck: Deck
    plot_deck: Deck
    character_deck: tuple[str, ...]
    secret_deck: tuple[str, ...]
    score_log: tuple[tuple[int, int, str], ...] = ()
    died: tuple[int, ...] = ()
    round: int = 0
    first: int = 0
    turn: int = 0
    rolloff: tuple[tuple[int, int | None], ...] = ()
    room: str | None = None
    room_discard: tuple[str, ...] = ()
    room_plots: tuple[str, ...] = ()
    attached: tuple[tuple[str, str], ...] = ()
    in_play: tuple[str, ...] = ()
    monster_health: tuple[tuple[str, int], ...] = ()
    attacked: tuple[str, ...] = ()
    main_discard: tuple[str, ...] = ()
    plots_played: tuple[str, ...] = ()
    investigated: bool = False
    monster_rolls: tuple[int, ...] = ()
    step: Step = Step.START
    roll: Roll = Roll.NONE
    roller: int = 0
    frames: tuple[Pending, ...] = ()
    discarding: int | None = None
    die: int | None = None
    outcome: str | None = None
    winners: tuple[str, ...] = ()
    news: tuple[str | NewsLine, ...] = ()
    content: Entries = ()
    cards: Mapping[str, Card] = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self) -> None:
        if not self.cards:  # not given (a new game, a decoded snapshot): derived from ``content``
            object.__setattr__(self, "cards", effective_cards(self.content))

    def card(self, card_id: str) -> Card:
        """The card ``card_id`` as this game plays it (entered data over the content file's).

        Raises:
            KeyError: no such card.
        """
        return self.cards[card_id]

    def label(self, card_id: str) -> Msg | str:
        """A card's name as this game's table says it (the entered name, if any)."""
        found = self.cards.get(card_id)
        return found.said if found else card_id

    def item_bonus(self, item: str, aspect: str, monster: str | None = None) -> int:
        """:func:`~.components.item_bonus` with this game's card data."""
        return hc.item_bonus(item, aspect, monster, self.cards)

    def plot_item_modifier(self, item: str, room: str | None) -> int:
        """:func:`~.components.plot_item_modifier` with this game's card data."""
        return hc.plot_item_modifier(item, room, self.cards)

    @property
    def pending(self) -> Pending | None:
        """The action under way (the top frame), or None."""
        return pd.top(self.frames)

    @property
    def action(self) -> Pending:
        """The action under way, at a step that is part of one (its rolls, items, heal)."""
        return present(pd.top(self.frames), "the action under way")

    @property
    def current_room(self) -> str:
        """The room card the players are in, once the first room is turned over."""
        return present(self.room, "the current room")

    @property
    def discarder(self) -> int:
        """The player over the hand limit, at the discard step."""
        return present(self.discarding, "the player over the hand limit")

    @property
    def active(self) -> int:
        """Index of the player whose turn it is (First Player, then to the right)."""
        return (self.first + self.turn) % len(self.players)

    @property
    def player(self) -> str:
        """The active player's name."""
        return self.players[self.active]

    def order(self) -> tuple[int, ...]:
        """Player indices in this round's turn order, from the First Player."""
        n = len(self.players)
        return tuple((self.first + k) % n for k in range(n))

    def hand(self, player: int) -> tuple[str, ...]:
        """Card ids in a player's hand."""
        return tuple(card for card, _ in self.hands[player])

    def gained(self, player: int, card: str) -> int:
        """The round ``player`` gained ``card``."""
        return next(r for c, r in self.hands[player] if c == card)

    def max_health(self, player: int) -> int:
        """The hearts on the player's character card (0 before the draw)."""
        character = self.characters[player]
        return self.card(character).health if character else 0

    def character_card(self, player: int) -> Card:
        """The player's character card, once drawn (every step after the set-up draws)."""
        return self.card(present(self.characters[player], "the player's character"))

    def stand_ins(self, *cards: str) -> bool:
        """Some of ``cards`` holds the content file's placeholder numbers (nobody entered the
        card's): a line that shows their numbers says they are stand-ins (words18)."""
        return any(self.card(card).placeholder for card in cards)

    def health(self, monster: str) -> int:
        """Health left of a monster in play."""
        return dict(self.monster_health)[monster]

    def monsters(self) -> tuple[str, ...]:
        """Monsters in play, in the order laid."""
        return tuple(card for card in self.in_play if self.card(card).kind == "monster")

    @derived.on_fields("step", "character_deck", "secret_deck", "room_deck", "monster_deck", "plot_deck",
                       "main_deck", "options", "room", "content")
    def draws(self) -> tuple[tuple[str, int], ...]:
        """(card, weight) for the draw due at ``step`` (a multiset: weight = copies left); ()
        at a step that draws nothing. Worked out once a state (``flow.possible_draws``)."""
        step = self.step
        if step == Step.CHARACTER:
            return _weights(self.character_deck)
        if step == Step.SECRET:
            return _weights(self.secret_deck)
        if step == Step.ROOM:
            return _weights(self.room_deck.possible())
        if step == Step.MONSTER:
            return _weights(self.monster_deck.possible())
        if step == Step.PLOT:
            return _weights(self.plot_deck.possible())
        if step == Step.MAIN:
            cards = self.main_deck
            if self.options["monsters_in_main_deck"] and not self._monster_free():
                cards = cards + self.monster_deck.possible()
            return _weights(cards)
        return ()

    def _monster_free(self) -> bool:
        """The room in play has no skulls: the Vestibule, "the only room in the house that has
        no chance of monster attacks" ("Exploring"), lays no monster even with
        ``monsters_in_main_deck`` (H-A1)."""
        return self.room is not None and self.card(self.room).skulls == 0


def _weights(cards: tuple[str, ...]) -> tuple[tuple[str, int], ...]:
    return tuple(sorted(Counter(cards).items()))


def begin_action(state: State, kind: str, **details: Any) -> State:
    """``state`` with the active player's action ``kind`` under way (the one frame pending)."""
    return replace(state, frames=(Pending(kind, state.active, **details),))


def change_action(state: State, **changes: Any) -> State:
    """``state`` with the action under way changed (its dice, score, items ...)."""
    return replace(state, frames=pd.replace_top(state.frames, replace(state.action, **changes)))


def add_to_hand(state: State, player: int, card: str) -> State:
    """The player takes ``card`` into their hand this round."""
    return replace(state, hands=put(state.hands, player, state.hands[player] + ((card, state.round),)))


def remove_from_hand(state: State, player: int, card: str) -> State:
    """``card`` leaves the player's hand (it goes nowhere: the caller places it)."""
    kept = tuple(pair for pair in state.hands[player] if pair[0] != card)
    return replace(state, hands=put(state.hands, player, kept))


def discard_items(state: State, player: int, cards: tuple[str, ...]) -> State:
    """Used items leave the hand for the main discard ("items … are immediately discarded");
    ``state`` itself when there are none."""
    if not cards:
        return state
    for card in cards:
        state = remove_from_hand(state, player, card)
    return replace(state, main_discard=tuple(sorted(state.main_discard + cards)))
