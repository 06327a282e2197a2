"""The odds meter: how likely a new haunting is before the active player's next turn.

A Monte Carlo estimate, for the screen only (not a game action), shown before each roll
(issue 4 "Odds meter"). Exactly what one playout models, from the current state:

* the turns: the active hunter's roll if it is still due (not for a Free Movement roll),
  then one turn for each other player, with the hunter that moves next in mover order (in
  a 2-player game under ``two_player_turns = choose`` the other player may pick the other
  hunter: the estimate assumes the next in order);
* each of those other turns starts with the add-a-ghost cursed treasure's ghost when that
  hunter holds it in a room (its room now: hunters do not move in a playout);
* the movement die: a 6 (1 in 6) flips no Ghost card; 1–5 flip one, two with the
  extra-card cursed treasure;
* the Ghost deck as it is now (the unknown order sampled uniformly; an emptied deck takes
  back its discards): a room card adds a ghost (``haunting_overflow`` followed); a Rogue
  Ghost card draws a Ghost King card and moves the King; a Trap Door card draws a Ghost
  King card (the King stays); Shuffle puts both discards back; Draw 2/3 + Shuffle flips
  2/3 more and then shuffles (a Shuffle or Draw card inside is ignored); Doors Locked
  cards change nothing the meter counts;
* a haunting is counted the first time three ghosts share a room (notes.md 1.5 "Ghost
  placement") or the Ghost King shares a room with two (creepy-cellar.txt "Ghost King
  card"); the playout stops there.

Left out, because they need the table's choices or the board's layout: fights (they only
remove ghosts, so the estimate leans towards danger), moves (a hunter's room for the
add-a-ghost treasure is taken as it is now), drop-offs and so Cellar cards (+Ghost would
add danger, Remove Ghost take some away), and the Ghost King's further moves after a
haunting it causes (the playout has stopped by then). Hauntings already on the board do
not count: only a new one does.

The estimate is deterministic: the playouts use a local ``random.Random`` seeded from the
state (or the ``seed`` given), never a global generator. So it is a pure function of the few
public facts it reads (:func:`_inputs`), and it is remembered by them: the meter runs once per
distinct set of facts, not once per view (issue 35: the view is built on every tap's path, and
an undo, a redo or a step that leaves the facts alone shows a figure already worked out).
"""

from __future__ import annotations

import functools
import itertools
import random
from typing import NamedTuple

from companion.games.creepy_cellar import components as cc
from companion.games.creepy_cellar.state import State, Step

#: Playouts per estimate: a standard error under 2.9 percentage points (at 50 %), for about
#: 1 ms of work - the estimate is computed in view() on the path from a tap to the published
#: state, whose budget is 5 ms at p99 (issue 9); a bar and a whole percentage need no more.
DEFAULT_PLAYOUTS = 300

_ROOMS = len(cc.ROOMS)
# Card codes: 0..13 room cards; then the others.
SHUFFLE, DRAW2, DRAW3, LOCKED, ROGUE, TRAP = range(_ROOMS, _ROOMS + 6)
_CODES = {f"room-{room}": i for i, room in enumerate(cc.ROOMS)} | {
    "shuffle": SHUFFLE, "draw-2-shuffle": DRAW2, "draw-3-shuffle": DRAW3,
    "green-doors-locked": LOCKED, "blue-doors-locked": LOCKED, "rogue-ghost": ROGUE, "trap-door": TRAP,
}


def odds_haunting(state: State, playouts: int = DEFAULT_PLAYOUTS, seed: int | str | None = None) -> float:
    """P(at least one new haunting before the active player's next turn), estimated.

    Args:
        state: the game now.
        playouts: how many playouts to run (more is slower and steadier).
        seed: the playouts' seed; by default one made from the state, so the same state
            always shows the same figure.

    Returns:
        A probability in [0, 1]: the share of playouts with a new haunting; 0.0 once the
        game is over.
    """
    if state.outcome is not None or playouts <= 0:
        return 0.0
    turns = _turns(state)
    if not turns:
        return 0.0
    if seed is not None:
        return _estimate(_inputs(state, turns), playouts, seed)
    return _seeded(_inputs(state, turns), playouts, state.turn, state.step)


#: Distinct estimates kept (an entry is a few tuples the states share, and a float).
REMEMBERED = 256


class _Inputs(NamedTuple):
    """Every fact of the state one playout reads, hashable: the key of the remembered estimates."""
    turns: tuple[tuple[bool, int, int], ...]
    ghosts: tuple[int, ...]
    hauntings: tuple[int, ...]
    king: str | None
    ghost_deck: tuple[str, ...]
    ghost_discard: tuple[str, ...]
    king_deck: tuple[str, ...]
    king_discard: tuple[str, ...]
    overflow: bool


def _inputs(state: State, turns: tuple[tuple[bool, int, int], ...]) -> _Inputs:
    return _Inputs(turns, state.ghosts, state.hauntings, state.king, state.ghost_deck, state.ghost_discard,
                   state.king_deck, state.king_discard, state.options["haunting_overflow"] == "next_room")


@functools.lru_cache(maxsize=REMEMBERED)
def _estimate(inputs: _Inputs, playouts: int, seed: int | str) -> float:
    """The share of ``playouts`` playouts from ``inputs`` with a new haunting (seeded by ``seed``)."""
    sim = _Playout(inputs)
    rng = random.Random(seed)
    hits = sum(map(sim.run, itertools.repeat(rng.random, playouts)))  # True counts 1
    return hits / playouts


@functools.lru_cache(maxsize=REMEMBERED)
def _seeded(inputs: _Inputs, playouts: int, turn: int, step: Step) -> float:
    """:func:`_estimate` seeded from the state (:func:`_seed`), remembered by what the seed is
    made of: the seed's text (the facts' tuples written out) is made only for an estimate not
    remembered yet, not on every view of a tap's path (tap21)."""
    return _estimate(inputs, playouts, _seed_of(turn, step, inputs))


def forget() -> None:
    """Drop every remembered estimate (for benchmarks that time the playouts themselves)."""
    _seeded.cache_clear()
    _estimate.cache_clear()


def _turns(state: State) -> tuple[tuple[bool, int, int], ...]:
    """The turns left before the active player's next one: (start-of-turn ghost?, cards on a
    ghost face, room index for that ghost or -1)."""
    turns: list[tuple[bool, int, int]] = []
    if state.step == Step.ROLL and not state.free:
        turns.append((False,) + _hunter_draws(state, state.active))
    for offset in range(1, len(state.players)):  # the other players' hunters, in mover order
        turns.append((True,) + _hunter_draws(state, (state.active + offset) % len(state.hunters)))
    return tuple(turns)


def _hunter_draws(state: State, index: int) -> tuple[int, int]:
    hunter = state.hunters[index]
    cards = 2 if hunter.power == cc.EXTRA_CARD else 1
    room = cc.ROOMS.index(hunter.at) if hunter.power == cc.ADD_GHOST and hunter.at in cc.ROOMS else -1
    return cards, room


def _seed(state: State) -> str:
    return _seed_of(state.turn, state.step, _inputs(state, ()))


def _seed_of(turn: int, step: Step, inputs: _Inputs) -> str:
    """The playouts' seed of a state at ``turn`` and ``step`` with these facts (:func:`_seed`)."""
    return (f"odds:{turn}:{step}:{inputs.ghosts}:{inputs.hauntings}:{inputs.king}:"
            f"{len(inputs.ghost_deck)}:{len(inputs.king_deck)}")


class _Playout:
    """One set-up of the playouts; :meth:`run` plays one and says if a haunting appeared."""

    def __init__(self, inputs: _Inputs):
        # each turn: (its start-of-turn ghost's room or -1, cards on a ghost face, the playout's last?)
        last = len(inputs.turns) - 1
        self.turns = tuple((room if start else -1, cards, n == last)
                           for n, (start, cards, room) in enumerate(inputs.turns))
        self.ghosts = list(inputs.ghosts)
        self.king = cc.ROOMS.index(inputs.king) if inputs.king else -1
        self.deck = [_CODES[c] for c in inputs.ghost_deck]
        self.pile = [_CODES[c] for c in inputs.ghost_discard]
        self.king_deck = [cc.ROOMS.index(c[5:]) for c in inputs.king_deck]
        self.king_pile = [cc.ROOMS.index(c[5:]) for c in inputs.king_discard]
        self.lands = _lands([h > 0 for h in inputs.hauntings], inputs.overflow)

    def run(self, rnd) -> bool:
        # One function on purpose: the turn loop and the card draws are the meter's hot path
        # (a call per turn cost 13 % of the playouts per second); only a start-of-turn ghost, a
        # Ghost King card and the other cards call out. A room card's ghost is placed inline.
        # tap21b: each new state of a table works out a new estimate (300 playouts) on the tap's
        # path, and most playouts draw one card and stop. So the lists are the set-up's until the
        # playout changes them (copied then), and the playout's last card, a room card, changes
        # nothing: only whether its ghost makes a haunting counts. The draws, and so the figures,
        # are the same; an estimate takes 25 % fewer instructions.
        ghosts, lands, deck, pile = self.ghosts, self.lands, self.deck, self.pile
        king_deck, king_pile, king = self.king_deck, self.king_pile, self.king
        copied = False
        for room, cards, last in self.turns:
            if room >= 0:  # the add-a-ghost treasure's ghost (rare): the lists are copied (again, if they were)
                ghosts, deck, pile = ghosts.copy(), deck.copy(), pile.copy()
                king_deck, king_pile = king_deck.copy(), king_pile.copy()
                copied = True
                if _haunts(ghosts, lands[room], king):
                    return True
            draws = 0 if rnd() < 1 / 6 else cards  # a 6: no Ghost card
            reshuffle = False
            while draws:
                draws -= 1
                i = int(rnd() * len(deck))
                card = deck[i]
                if card < _ROOMS and last and not draws:  # the playout's last card: its ghost alone counts
                    land = lands[card]
                    return ghosts[land] >= 2 or (land == king and ghosts[land] >= 1)
                if not copied:
                    ghosts, deck, pile = ghosts.copy(), deck.copy(), pile.copy()
                    king_deck, king_pile = king_deck.copy(), king_pile.copy()
                    copied = True
                deck[i] = deck[-1]
                deck.pop()
                pile.append(card)
                if not deck:
                    deck, pile = pile, []
                if card < _ROOMS:
                    land = lands[card]
                    ghosts[land] += 1
                    if ghosts[land] >= 3 or (land == king and ghosts[land] >= 2):
                        return True
                elif card == ROGUE or card == TRAP:  # a Ghost King card: a Rogue Ghost moves the King there
                    king = _king_card(card == ROGUE, rnd, ghosts, king, king_deck, king_pile)
                    if king is None:
                        return True
                else:
                    draws, reshuffle = _shuffle_card(card, draws, reshuffle, (deck, pile, king_deck, king_pile))
            deck, pile = (deck + pile, []) if reshuffle else (deck, pile)  # a Draw + Shuffle's shuffle
        return False


def _haunts(ghosts: list[int], room: int, king: int) -> bool:
    """A ghost placed in ``room`` (where it lands): does it make a new haunting?"""
    ghosts[room] += 1
    return ghosts[room] >= 3 or (room == king and ghosts[room] >= 2)


def _king_card(rogue: bool, rnd, ghosts: list[int], king: int, king_deck: list[int],
               king_pile: list[int]) -> int | None:
    """A Ghost King card: the King's next card drawn (its deck and discards changed in place).
    Returns the King's room after it (a Rogue Ghost moves him there, a Trap Door leaves him),
    or None when a Rogue Ghost brings him to two ghosts: a new haunting."""
    j = int(rnd() * len(king_deck))
    drawn = king_deck[j]
    king_deck[j] = king_deck[-1]
    king_deck.pop()
    king_pile.append(drawn)
    if not king_deck:
        _take_back(king_deck, king_pile)
    if not rogue:
        return king
    return None if ghosts[drawn] >= 2 else drawn


def _lands(haunted: list[bool], overflow: bool) -> list[int]:
    """The room each room's new ghost lands in: its own, or under ``haunting_overflow =
    next_room`` the next room without a haunting (its own when every room has one). The
    hauntings do not change during a playout: it stops at the first new one."""
    lands = []
    for room in range(_ROOMS):
        land = room
        for _ in range(_ROOMS if overflow else 0):
            if not haunted[land]:
                break
            land = (land + 1) % _ROOMS
        lands.append(land)
    return lands


def _shuffle_card(card: int, draws: int, reshuffle: bool,
                  cards: tuple[list[int], list[int], list[int], list[int]]) -> tuple[int, bool]:
    """A Shuffle card puts both discards back into their decks (in place); a Draw 2/3 +
    Shuffle card adds 2/3 draws and a shuffle after them; during a Draw + Shuffle (``reshuffle``)
    both are ignored; a Doors Locked card changes nothing the meter counts. ``cards``: the Ghost
    deck, its discards, the Ghost King's deck and its discards. Returns (draws left, shuffle
    after the turn?)."""
    if reshuffle or card == LOCKED:
        return draws, reshuffle
    deck, pile, king_deck, king_pile = cards
    if card == SHUFFLE:
        _take_back(deck, pile)
        _take_back(king_deck, king_pile)
        return draws, False
    return draws + (2 if card == DRAW2 else 3), True


def _take_back(deck: list[int], pile: list[int]) -> None:
    """The discards go back under ``deck`` (in place, in their order) and the pile is emptied."""
    deck += pile
    pile.clear()
