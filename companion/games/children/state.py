"""The Children game state, and the small helpers every rule module shares.

What is tracked follows notes.md 4.1, with one deliberate difference: the companion does
not know which cards a player holds or which cards lie under a tablet (the issue: "the
companion counts hand sizes it needs, nothing more"). It counts them; a card's identity
is learnt only when it is tapped (drawn, used, trapped with, sprung), and a card tapped into
a hand is not remembered: whatever the table sees (a question, an offer, a list, a refusal)
is decided by the public counts and piles alone (kidsleak21). So the only hidden
information in the state is the toy -> ghost pairing of the mini-card stacks not flipped
yet (:attr:`State.pairing`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from companion.engine import pending as pd
from companion.engine.draft import replace
from companion.engine.frozen import derived
from companion.engine.pending import Frame
from companion.engine.present import present
from companion.engine.tuples import put
from companion.games.children import components as cc
from companion.games.children import grid as gr
from companion.i18n import NewsLine


class Step(StrEnum):
    """Where the turn stands ("Taking a Turn", steps 1-6)."""

    SETUP = "setup"  # the table shuffles and deals; Start deals the mini-card stacks
    TABLET = "tablet"  # 1. play a room tablet
    ACTIONS = "actions"  # 2. take 2 actions
    RESTORE = "restore"  # 3. restore your hand to the current hand limit
    GHOST = "ghost"  # 4. move 1 ghost
    KITTY = "kitty"  # 5. move Kitty Kitty if you have her card
    TRIM = "trim"  # the active player cuts down to the hand limit at the end of the turn
    OVER = "over"


#: The turn guide's number for each step (the 6th, "play passes left", is instantaneous).
STEP_NUMBER = {Step.TABLET: 1, Step.ACTIONS: 2, Step.RESTORE: 3, Step.GHOST: 4, Step.KITTY: 5,
               Step.TRIM: 5}


@dataclass(frozen=True)
class Ghost:
    """A ghost card in the mansion: its room and which side is up."""

    id: str
    room: str
    enraged: bool = False


@dataclass(frozen=True)
class State:
    """The whole game. Immutable; the rule functions return new states.

    Attributes:
        players: names in turn order (play passes to the left).
        options: resolved options and house rules.
        printed: what the owner entered as printed on the table's copy (the game header's
            ``content``, :func:`~.components.entries_of`), over ``content.toml``: tablet names,
            floors, doors, trapdoors and arrows; ghost names and toys; toy names. Only the
            entries are kept (snapshots stay small); :attr:`content` is derived from them.
        pairing: HIDDEN. The ghost under each toy's mini-card stack, in toy order
            (:attr:`components.Content.toys`); empty until dealt. Never in a view, a prompt
            or news, except for stacks already flipped.
        flipped: toys whose stacks were flipped, in order, with the ghost revealed
            (public from then on).
        counted_flips: flipped stacks that count toward insanity (option ``insanity_count``).
        grid: the mansion (see :mod:`.grid`).
        tablet_pile: tablets not in play, sorted (a multiset: its order is the table's).
        ghosts: ghost cards in the mansion, sorted by id.
        ghost_deck: ghost cards in the Children deck, sorted.
        set_aside: ghosts drawn with no legal room (option ``ghost_no_legal_room``).
        returned: revealed ghosts sent back into the deck calm side up (Feather, House
            Settles), for option ``reappearing_ghost_rechecks_stack``.
        deck: cards in the Children deck (every kind).
        discard: the Children discard pile, sorted (used devices, sprung traps, fates).
        hands: cards in each player's hand (a count).
        left: face-down cards under each room, ``(room, count)`` pairs with count > 0, sorted.
        where: each player's room, or None (not entered yet, or after an emergency escape).
        arrived: each player has been in the mansion (so None in ``where`` means escaped).
        skulls: skull tokens each player holds; skull_pool: tokens in the available pile.
        trapped: per player, ``(ghost, toy)`` pairs trapped.
        kitty: Kitty Kitty's room, or None; kitty_card: who holds her card, or None.
        active: whose turn it is; turn: turns started, 1-based.
        step: the turn step; actions: turn actions left in step 2.
        entered: the active player entered a room this turn.
        restored: step 3's draws were already asked for (option ``restore_draw_ghost_counts``).
        frames: things to finish first, the last one first: the engine's pending stack
            (:mod:`companion.engine.pending`; kinds in ``frames.FRAMES``).
        final_turns: turns left after the last Children card was drawn, or None.
        outcome: None, ``"won"`` (the players), ``"lost"`` (the ghostly children) or
            ``"tie"`` (tied players, option ``tie_rule`` = ``no_winner``).
        winners: names of the winners.
        news: what the last applied action did.
    """

    players: tuple[str, ...]
    options: Mapping[str, Any]
    deck: int
    hands: tuple[int, ...]
    skulls: tuple[int, ...]
    skull_pool: int
    tablet_pile: tuple[str, ...]
    ghost_deck: tuple[str, ...]
    printed: cc.Entries = ()
    pairing: tuple[str, ...] = ()
    flipped: tuple[tuple[str, str], ...] = ()
    counted_flips: int = 0
    grid: gr.Grid = gr.EMPTY
    ghosts: tuple[Ghost, ...] = ()
    set_aside: tuple[str, ...] = ()
    returned: tuple[str, ...] = ()
    discard: tuple[str, ...] = ()
    left: tuple[tuple[str, int], ...] = ()
    where: tuple[str | None, ...] = ()
    arrived: tuple[bool, ...] = ()
    trapped: tuple[tuple[tuple[str, str], ...], ...] = ()
    kitty: str | None = None
    kitty_card: int | None = None
    active: int = 0
    turn: int = 0
    step: Step = Step.SETUP
    actions: int = 0
    entered: bool = False
    restored: bool = False
    frames: tuple[Frame, ...] = ()
    final_turns: int | None = None
    outcome: str | None = None
    winners: tuple[str, ...] = ()
    news: tuple[str | NewsLine, ...] = ()

    # ----------------------------------------------------------------- derived facts

    @property
    def player(self) -> str:
        return self.players[self.active]

    @derived.on_fields("options", "printed")
    def content(self) -> cc.Content:
        """The edition's content with the table's entries (:attr:`printed`)."""
        return cc.content(self.options["edition"], self.printed)

    def name(self, item: str) -> str:
        """The name printed on a card or tablet of this game's copy."""
        return self.content.names.get(item, item)  # (cc.Content.name, one call less: about 5 an action)

    @property
    def enraged_present(self) -> tuple[str, ...]:
        """Enraged ghosts in the mansion ("Enraged Ghosts")."""
        return tuple(g.id for g in self.ghosts if g.enraged)

    @derived.on_fields("ghosts")
    def hand_limit(self) -> int:
        """5 minus the enraged ghosts present in the mansion, never below 0 ("Enraged Ghosts")."""
        return max(0, 5 - len(self.enraged_present))

    def left_in(self, room: str) -> int:
        return self._left.get(room, 0)

    @derived.on_fields("left")
    def _left(self) -> dict[str, int]:
        """:attr:`left` by room (asked at every step 2 and pickup: shared while it stays)."""
        return dict(self.left)

    def ghosts_in(self, room: str) -> tuple[Ghost, ...]:
        return tuple(g for g in self.ghosts if g.room == room)

    def ghost(self, ghost_id: str) -> Ghost | None:
        return next((g for g in self.ghosts if g.id == ghost_id), None)

    def haunting(self, ghost_id: str) -> Ghost:
        """The ghost ``ghost_id``, which the step promises is in the mansion."""
        return present(self.ghost(ghost_id), f"the ghost {ghost_id} in the mansion")

    def room_of(self, p: int) -> str:
        """Player ``p``'s room, which the step promises (a player in the mansion)."""
        return present(self.where[p], "the player's room")

    def players_in(self, room: str) -> tuple[int, ...]:
        return tuple(i for i, r in enumerate(self.where) if r == room)

    def revealed(self, ghost_id: str) -> bool:
        """Its mini-card stack was flipped: it is enraged when in, or once it comes into, the mansion."""
        return any(g == ghost_id for _, g in self.flipped)

    def trapped_ghosts(self) -> tuple[str, ...]:
        return tuple(g for pairs in self.trapped for g, _ in pairs)

    def trapped_toys(self) -> tuple[str, ...]:
        return tuple(t for pairs in self.trapped for _, t in pairs)

    def in_deck(self, card_id: str) -> int:
        """Copies of ``card_id`` that may be in the Children deck: exact for ghosts and
        fates; for hand cards, the copies not trapped or discarded (they may be in a hand,
        under a tablet or in the deck: the companion does not know which)."""
        return self._in_deck[card_id]  # every edition has every card id (some with fewer copies)

    @derived.on_fields("options", "printed")
    def devices(self) -> tuple[tuple[str, cc.Card], ...]:
        """The device cards (id, card), in content order."""
        return tuple((card_id, card) for card_id, card in self.content.cards.items() if card.kind == "device")

    @derived.on_fields("options", "printed", "ghost_deck", "discard", "trapped", "kitty_card")
    def _in_deck(self) -> dict[str, int]:
        """:meth:`in_deck` of every card, in content order, counted in one pass (for the
        draw and the device offers, which ask it of every card); shared by the next states
        until one of the piles it counts changes."""
        copies, kinds, _hand, _fates = self._printed_copies
        counts = dict(copies)  # then what left the deck for good is taken off, and the ghosts still in it added
        for card_id in self.discard:
            if kinds.get(card_id, "ghost") != "ghost":
                counts[card_id] -= 1
        for card_id in self.trapped_toys():
            if kinds.get(card_id) == "toy":
                counts[card_id] -= 1
        for card_id in self.ghost_deck:
            if kinds.get(card_id) == "ghost":
                counts[card_id] += 1
        if self.kitty_card is not None and kinds.get("kitty-kitty", "ghost") != "ghost":
            counts["kitty-kitty"] -= 1  # the one fate that stays in front of its player
        return counts

    @derived.on_fields("options", "printed")
    def _printed_copies(self) -> tuple[dict[str, int], dict[str, str], int, int]:
        """Every card's copies (none for a ghost: they are counted in :attr:`ghost_deck`), and
        its kind, in content order; the copies of the hand cards (toys, devices, traps) and of
        the fates, summed."""
        cards = self.content.cards
        copies = {c: 0 if card.kind == "ghost" else card.copies for c, card in cards.items()}
        kinds = {c: card.kind for c, card in cards.items()}
        hand = sum(n for c, n in copies.items() if kinds[c] in cc.HAND_KINDS)
        return copies, kinds, hand, sum(n for c, n in copies.items() if kinds[c] == "fate")

    @derived.on_fields("options", "printed", "discard", "trapped", "kitty_card")
    def _in_deck_by_kind(self) -> tuple[int, int]:
        """:meth:`in_deck` summed over the hand cards (toys, devices, traps), and over the fates:
        the printed sums less what :attr:`_in_deck` takes off each kind (the discard, the
        trapped toys, the held Kitty card; the ghost deck adds to ghosts only), each pile
        walked rather than every card (the same sums: :attr:`_in_deck` is linear in them)."""
        _copies, kinds, hand, fates = self._printed_copies
        hand_kinds = cc.HAND_KINDS
        for card_id in self.discard:
            kind = kinds.get(card_id, "ghost")
            if kind in hand_kinds:
                hand -= 1
            elif kind == "fate":
                fates -= 1
        for card_id in self.trapped_toys():
            if kinds.get(card_id) == "toy":
                hand -= 1
        if self.kitty_card is not None:
            kind = kinds.get("kitty-kitty", "ghost")
            if kind in hand_kinds:
                hand -= 1
            elif kind == "fate":
                fates -= 1
        return hand, fates

    def fates_in_deck(self) -> int:
        return self._in_deck_by_kind[1]

    def unknown_in_deck(self) -> int:
        """Hand cards (toys, devices, traps) in the deck: the deck minus its ghosts and fates."""
        return self.deck - len(self.ghost_deck) - self.fates_in_deck()

    def drawable(self) -> tuple[str, ...]:
        """Card ids the card just drawn from the Children deck can be, in content order: every
        card with a copy out of the discard and the scoring piles (:meth:`in_deck`), as the
        table can tell (the draw's list is private, but a card missing from it is refused
        aloud: kidsleak21); only ghosts and fates once every hand card's copy is counted out
        of the deck (a count all can see)."""
        if self.deck <= 0:
            return ()
        if self.unknown_in_deck() > 0:  # mostly so
            return self._in_deck_cards
        cards = self.content.cards
        return tuple(c for c in self._in_deck_cards if cards[c].kind in ("ghost", "fate"))

    @derived.on_fields("options", "printed", "ghost_deck", "discard", "trapped", "kitty_card")
    def _in_deck_cards(self) -> tuple[str, ...]:
        """The cards :meth:`in_deck` counts a copy of, in content order (what a draw can give
        while hand cards are in the deck: shared while :attr:`_in_deck` is)."""
        return tuple(c for c, n in self._in_deck.items() if n > 0)

    def card_total(self) -> int:
        """Every Children card, wherever it is (conserved: :attr:`Content.total_cards`); a
        ghost drawn and not yet placed is in a ``ghost`` frame."""
        return (self.deck + sum(self.hands) + sum(n for _, n in self.left) + len(self.ghosts)
                + 2 * len(self.trapped_ghosts()) + len(self.discard) + len(self.set_aside)
                + (1 if self.kitty_card is not None else 0)
                + sum(1 for f in self.frames if f.kind == "ghost" and f.args[1] != "aside"))

    def opt(self, name: str) -> Any:
        return self.options[name]


# --------------------------------------------------------------------------- helpers


def add_hand(state: State, player: int, n: int, **changes: Any) -> State:
    """``player``'s hand ``n`` cards bigger (or smaller), with ``changes`` made in the same copy."""
    return replace(state, hands=put(state.hands, player, state.hands[player] + n), **changes)


def changed(state: State, *lines: Any, **changes: Any) -> State:
    """``state`` with ``changes`` and ``lines`` said after its news, in one copy: a rule's
    ``replace``, ``push``/``pop`` and ``say`` in a row made once (issue 35: a copy of the
    state is the costliest step of most rules)."""
    if lines:
        changes["news"] = state.news + lines
    return replace(state, **changes)


def add_left(state: State, room: str, n: int, **changes: Any) -> State:
    """``n`` more (or fewer) cards under ``room``, with ``changes`` made in the same copy (as
    :func:`add_hand`)."""
    counts = dict(state.left)
    counts[room] = counts.get(room, 0) + n
    return replace(state, left=tuple(sorted((r, k) for r, k in counts.items() if k > 0)), **changes)


def set_ghosts(state: State, ghosts) -> State:
    return replace(state, ghosts=tuple(sorted(ghosts, key=lambda g: g.id)))


def push(state: State, *frames: Frame) -> State:
    """Frames to do next, in the order given (the first is done first)."""
    return replace(state, frames=pd.push(state.frames, *frames))


def pop(state: State) -> State:
    return replace(state, frames=pd.pop(state.frames))
