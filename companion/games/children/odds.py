"""The odds meter for Children (issue 33 item 5): the chance that some player must cut down
their hand ("Enraged Ghosts") before the next player's turn is over, "Cut-down in 2 turns"
(the rest of this one and the next). Exact, by the engine's own rules, from public facts only.

What makes the hand limit drop is an enraged ghost coming into the mansion: a ghost card
drawn from the Children deck whose mini-card stack was flipped (:func:`.effects.arrives_enraged`).
Then every player but the active one holding more cards than the new limit cuts down at
once (``prompts._needs_cut``); at a limit of 0 the ghosts win instead (no cut-down).

**Public facts only.** The shared screen shows this figure, so it reads nothing the table
does not know: hand sizes (the board shows them), the deck's size, which ghosts are in it
(every other ghost is in the mansion, trapped or beside it), which stacks were flipped, the
fates used. It never reads the toy -> ghost pairing nor the known hand cards (both HIDDEN,
:class:`~.state.State`): the Children deck is a uniform shuffle of its enraged ghosts, calm
ghosts, Kitty Kitty fate, other fates and the hand cards nobody has seen, so each draw is
exact over those five counts (:func:`deck_counts`).

**What the turns do** (:class:`Turn`): this turn from its step, then the next player's turn
(not when the final round leaves none):

* step 1: an entry draw when the mover is outside the mansion (their first tablet, or back
  after an emergency escape), or every turn under ``tablet_step_draws = always``; draws the
  engine has already asked for count too, and a ghost drawn and waiting for its room is
  already in;
* step 2: both actions are moves, each an entry draw, to rooms with no ghost and not Kitty
  Kitty's (moving is how a hand is filled; the mover stays put only with no way out and no
  tablet left to play); skull-token moves are left out;
* step 3: draws until the hand is at the limit (a ghost is no card), or exactly the missing
  cards under ``restore_draw_ghost_counts``; a hand over the limit is cut down there, which is
  the restore step, not a cut-down.
* a fate card is replaced by another draw (Kitty Kitty under ``kitty_fate_replacement_draw``).

Left out, and why: **trapping** (it enrages the ghost under the toy's stack) needs a
player's choice (walking into a ghost's room, moving a ghost onto a player) and a hidden
fact (the toy in a hand); Crickets, Music Box and Raven's Skull need hidden cards; Irwin
Biddle and House Settles only take cards or ghosts away, so the figure leans to danger;
Hatpin and Feather calm or banish a ghost (also towards danger). Playouts of the engine
itself, with the table choosing as assumed here, agree:
``benchmarks/children_cut_down_engine.py``.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from companion.games.children import effects as fx
from companion.games.children import grid as gr
from companion.games.children.state import State, Step
from companion.i18n import Msg, msg

BASE_LIMIT = 5  # "The hand limit at the beginning of the game is set to 5 cards"
KITTY = "kitty-kitty"

#: The kinds of card the calculation draws (:meth:`_Exact.chance` folds the fates away).
ENRAGED, CALM, HAND = range(3)

#: Phases of a turn in the calculation.
ENTRY, RESTORE, TRIM = range(3)


@dataclass(frozen=True)
class Turn:
    """A turn still to play: its mover, the entry draws before and during the actions (a
    move is an entry draw), whether step 3 (restore) is still to come, and whether its
    draws are (not when they were already asked for, ``restore_draw_ghost_counts``)."""

    mover: int
    draws: int
    restore: bool
    refill: bool = True


def deck_counts(state: State) -> tuple[int, ...]:
    """The Children deck as (enraged ghosts, calm ghosts, Kitty Kitty fate, other fates, hand
    cards): public counts only (:meth:`State.in_deck` of ghosts and fates is exact)."""
    enraged = sum(1 for g in state.ghost_deck if fx.arrives_enraged(state, g))
    fates = [c for c, card in state.content.cards.items() if card.kind == "fate"]
    kitty = state.in_deck(KITTY) if KITTY in fates else 0
    other = sum(state.in_deck(f) for f in fates if f != KITTY)
    hand = max(0, state.deck - len(state.ghost_deck) - kitty - other)
    return enraged, len(state.ghost_deck) - enraged, kitty, other, hand


def plan(state: State) -> tuple[Turn, ...]:
    """The turns the meter looks at: the rest of this one, then the next player's."""
    a, step = state.active, state.step
    pending = sum(1 for f in state.frames if f.kind == "draw")
    if step == Step.TABLET:
        turns = [Turn(a, pending + _tablet_draws(state, a, 0) + _moves(state, a, 2, 0), True)]
    elif step == Step.ACTIONS:  # outside the mansion (an emergency escape) there is no move
        moves = _moves(state, a, state.actions, 0) if state.where[a] is not None else 0
        turns = [Turn(a, pending + moves, True)]
    else:
        turns = [Turn(a, pending, step == Step.RESTORE, not state.restored)]
    if state.final_turns is None or state.final_turns >= 2:
        b = (a + 1) % len(state.players)
        played = 1 if step == Step.TABLET and state.tablet_pile else 0  # this turn's tablet
        turns.append(Turn(b, _tablet_draws(state, b, played) + _moves(state, b, 2, played), True))
    return tuple(turns)


def _tablet_draws(state: State, p: int, played: int) -> int:
    """Step 1's entry draw: entering from outside, or ``tablet_step_draws = always``."""
    tablets = len(state.tablet_pile) > played
    if state.where[p] is None:
        return 1 if tablets or gr.rooms(state.grid) else 0
    return 1 if tablets and state.opt("tablet_step_draws") == "always" else 0


def _moves(state: State, p: int, actions: int, played: int) -> int:
    """Moves (entry draws) in step 2: every action left, unless there is no way out."""
    if len(state.tablet_pile) > played:
        return actions  # a tablet still to play may open a door
    room = state.where[p]
    if room is None:
        return actions if len(gr.rooms(state.grid)) >= 2 else 0
    return actions if gr.walks(state.grid, room, state.content) else 0


def cut_down(state: State, exact: bool = False) -> float | Fraction | None:
    """P(a player must cut down their hand before the next turn is over); None before the
    game starts or once it is over. The same calculation in floats (the screen's figure) or,
    with ``exact``, in fractions (the tests')."""
    if state.outcome is not None or state.step in (Step.SETUP, Step.OVER):
        return None
    enraged = len(state.enraged_present) + sum(
        1 for f in state.frames if f.kind == "ghost" and fx.arrives_enraged(state, f.args[0]))
    limit = BASE_LIMIT - enraged
    one = Fraction(1) if exact else 1.0
    if limit <= 0:
        return one - one  # the ghosts win: nobody cuts down
    if any(h > limit for p, h in enumerate(state.hands) if p != state.active):
        return one  # a cut-down is due now
    return _Exact(state, plan(state), one).chance(deck_counts(state), enraged, tuple(state.hands))


class _Exact:
    """The calculation: a recursion over the draws, memoised on what can change."""

    def __init__(self, state: State, turns: tuple[Turn, ...], one: float | Fraction):
        self.turns, self.one, self.zero = turns, one, one - one
        self.counting = bool(state.opt("restore_draw_ghost_counts"))
        self.kitty_redraw = bool(state.opt("kitty_fate_replacement_draw"))
        self.trims = state.opt("active_player_trim_timing") == "end_of_turn"
        self.memo: dict = {}

    def chance(self, deck: tuple[int, ...], enraged: int, hands: tuple[int, ...]) -> float | Fraction:
        """From the deck's five counts (:func:`deck_counts`). A fate card is replaced by
        another draw, so the fates drop out: the other cards stay a uniform shuffle, and a
        fate met when nothing else is left gives no card either way. The Kitty Kitty fate
        without its replacement draw is a spent draw with no card, as a calm ghost is."""
        enraged_deck, calm, kitty, _fates, hand = deck
        folded = (enraged_deck, calm + (0 if self.kitty_redraw else kitty), hand)
        if not self.turns or not enraged_deck:
            return self.zero  # no enraged ghost can come in: the limit stays
        return self._go(0, ENTRY, self.turns[0].draws, folded, enraged, hands)

    def _go(self, t: int, phase: int, left: int, deck, enraged: int, hands) -> float | Fraction:
        key = (t, phase, left, deck, enraged, hands)
        found = self.memo.get(key)
        if found is None:
            found = self.memo[key] = self._step(t, phase, left, deck, enraged, hands)
        return found

    def _step(self, t: int, phase: int, left: int, deck, enraged: int, hands) -> float | Fraction:
        turn = self.turns[t]
        m, limit = turn.mover, BASE_LIMIT - enraged
        if phase == ENTRY and left > 0:
            return self._draw(t, phase, left, deck, enraged, hands)
        if phase == ENTRY:
            if not turn.restore:
                return self._go(t, TRIM, 0, deck, enraged, hands)
            if hands[m] > limit or not turn.refill:  # restore by leaving cards
                return self._go(t, TRIM, 0, deck, enraged, _put(hands, m, min(hands[m], limit)))
            return self._go(t, RESTORE, limit - hands[m] if self.counting else -1, deck, enraged, hands)
        if phase == RESTORE:
            wants = left > 0 if self.counting else hands[m] < limit
            if wants and sum(deck):
                return self._draw(t, phase, left, deck, enraged, hands)
            if hands[m] > limit:
                hands = _put(hands, m, limit)
            return self._go(t, TRIM, 0, deck, enraged, hands)
        if self.trims and hands[m] > limit:  # the mover cuts down at the end of the turn
            return self.one
        if t + 1 == len(self.turns):
            return self.zero
        return self._go(t + 1, ENTRY, self.turns[t + 1].draws, deck, enraged, hands)

    def _draw(self, t: int, phase: int, left: int, deck, enraged: int, hands) -> float | Fraction:
        """One card from the deck (an empty deck gives none: the draw is spent)."""
        total = sum(deck)
        spent = left - 1 if phase == ENTRY or self.counting else left
        if not total:
            return self._go(t, phase, spent, deck, enraged, hands)
        m = self.turns[t].mover
        result = self.zero
        for kind, n in enumerate(deck):
            if not n:
                continue
            rest = deck[:kind] + (n - 1,) + deck[kind + 1:]
            if kind == ENRAGED:
                limit = BASE_LIMIT - enraged - 1
                if limit <= 0:
                    outcome = self.zero  # the ghosts win: no cut-down
                elif any(h > limit for p, h in enumerate(hands) if p != m):
                    outcome = self.one
                else:
                    outcome = self._go(t, phase, spent, rest, enraged + 1, hands)
            elif kind == CALM:
                outcome = self._go(t, phase, spent, rest, enraged, hands)
            else:
                outcome = self._go(t, phase, spent, rest, enraged, _put(hands, m, hands[m] + 1))
            result += self.one * n / total * outcome
        return result


def _put(values: tuple[int, ...], i: int, value: int) -> tuple[int, ...]:
    return values[:i] + (value,) + values[i + 1:]


def odds(state: State) -> tuple[Msg, float | Fraction] | None:
    """The meter: the chance of a cut-down before the next turn is over."""
    chance = cut_down(state)
    return None if chance is None else (msg("Cut-down in 2 turns"), chance)
