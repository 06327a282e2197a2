"""The Creepy Cellar odds meter is remembered by the public facts it reads (issue 35 item 3):
the same figures as before, worked out once per distinct set of facts instead of once per view."""

from __future__ import annotations

import dataclasses
import hashlib
import random

import pytest

from companion.engine import get_game, resolve_options
from companion.engine.playout import random_game
from companion.games.creepy_cellar import odds
from companion.games.creepy_cellar.odds import odds_haunting

SPEC = get_game("creepy_cellar")


def _states(games: int = 8, actions: int = 200):
    """The states of ``games`` seeded random games (1-4 players, both ``haunting_overflow``
    rules, chance by weight), ``actions`` each."""
    for seed in range(games):
        rng = random.Random(seed)
        options = {"haunting_overflow": "next_room"} if seed % 3 == 0 else {}
        state = SPEC.setup(["Ada", "Bo", "Cy", "Di"][: 1 + seed % 4], resolve_options(SPEC, options))
        yield from random_game(SPEC, state, rng, actions - 1)


@pytest.fixture
def counted(monkeypatch):
    """The playouts' set-ups made (one per estimate worked out), with a cold memo."""
    made: list[odds._Inputs] = []

    class Counted(odds._Playout):
        def __init__(self, inputs):
            made.append(inputs)
            super().__init__(inputs)

    monkeypatch.setattr(odds, "_Playout", Counted)
    odds.forget()
    yield made
    odds.forget()


def test_the_figures_are_the_ones_the_meter_gave_before_it_was_remembered(counted):
    """1,600 states of 8 random games: the figures of the meter of e0230a1 (before the memo
    and the quicker playout), to the last bit; and each remembered figure is what a fresh
    estimate gives (the memo's key misses no fact the playouts read)."""
    figures = []
    for state in _states():
        figure = odds_haunting(state)
        figures.append(figure)
        if state.outcome is None and odds._turns(state):
            fresh = odds._estimate.__wrapped__(odds._inputs(state, odds._turns(state)), odds.DEFAULT_PLAYOUTS,
                                               odds._seed(state))
            assert figure == fresh
    assert len(figures) == 1600 and sum(1 for f in figures if f) == 1109
    assert round(sum(figures), 6) == 176.503333
    assert hashlib.sha256(repr(figures).encode()).hexdigest() == (
        "450b86240757004338635ddef5a67fa1c8219502f42f60135fb18aac8632c499")


def test_the_meter_works_out_each_distinct_set_of_facts_once(counted):
    """Every state shown, then again after an undo and a redo (as a table's undo shows the
    state before): one estimate per distinct set of facts, however often it is shown. Before,
    one per view (3 per action here)."""
    shown, previous = 0, None
    for state in _states(games=4, actions=120):
        for seen in (state, previous, state) if previous is not None else (state,):
            odds_haunting(seen)
            shown += 1
        previous = state
    distinct = {odds._inputs(s, odds._turns(s)) + (odds._seed(s),)
                for s in _states(games=4, actions=120) if s.outcome is None and odds._turns(s)}
    assert len(counted) == len(distinct)  # (a set of facts is the inputs and the seed: step and turn)
    assert shown == 3 * 480 - 2 and len(distinct) == 247  # 480 states (a step may leave the facts alone)


def test_a_ghost_lands_where_the_overflow_rule_puts_it():
    """``haunting_overflow = next_room``: past every haunted room, wrapping from N to A; every
    room haunted, its own; without the rule, always its own."""
    haunted = [False] * 14
    haunted[2] = haunted[3] = haunted[13] = True
    lands = odds._lands(haunted, True)
    assert lands[2] == lands[3] == 4 and lands[13] == 0 and lands[5] == 5
    assert odds._lands([True] * 14, True) == list(range(14))
    assert odds._lands(haunted, False) == list(range(14))


def test_a_view_of_the_same_board_is_made_of_the_same_rooms_and_status_line():
    """tap21: the view's rooms and the status line are made once for the same board and
    counters (a tap's view is built on its path to the screens); two states that differ
    elsewhere share them, and a board that changed gets its own."""
    from companion.games.creepy_cellar import view as table_view
    from companion.games.creepy_cellar.state import State

    state = SPEC.setup(["Ada", "Bo"], resolve_options(SPEC, {}))
    assert isinstance(state, State)
    moved = dataclasses.replace(state, turn=state.turn + 1)
    haunted = dataclasses.replace(state, hauntings=(1,) + state.hauntings[1:])
    assert table_view.view_first(moved)["rooms"] is table_view.view_first(state)["rooms"]
    assert table_view.view_first(haunted)["rooms"] is not table_view.view_first(state)["rooms"]
    assert table_view.view_first(haunted)["rooms"]["A"]["hauntings"] == 1
    assert table_view.status_line(moved) is table_view.status_line(state)
    assert table_view.status_line(haunted) is not table_view.status_line(state)


class _Copies(list):
    """A list that counts its copies (``copy()`` or a whole slice)."""

    made = 0

    def copy(self):
        _Copies.made += 1
        return list(self)

    def __getitem__(self, index):
        if isinstance(index, slice):
            _Copies.made += 1
        return super().__getitem__(index)


def _copies(ghost_deck: tuple[str, ...]) -> tuple[int, float]:
    """The lists copied in 300 seeded playouts with this Ghost deck (one turn of a card, two
    ghosts in B, C and D): the ghosts, the decks and discards; and the share of playouts with
    a haunting."""
    inputs = odds._Inputs(((True, 1, -1),), (0, 2, 2, 2) + (0,) * 10, (0,) * 14, None, ghost_deck,
                          ("room-A",), ("king-B", "king-C", "king-E"), ("king-F",), False)
    sim = odds._Playout(inputs)
    for name in ("ghosts", "deck", "pile", "king_deck", "king_pile"):
        setattr(sim, name, _Copies(getattr(sim, name)))
    _Copies.made = 0
    rnd = random.Random(7).random
    hits = sum(sim.run(rnd) for _ in range(300))
    return _Copies.made, hits / 300


def test_a_playout_copies_only_the_cards_and_ghosts_it_changes():
    """tap21b: a table's every new state works out a new estimate (300 playouts) on the tap's
    path. A playout whose one card is a room card changes nothing that is read after it, so it
    copies nothing; one that draws a Ghost King card, a Shuffle or the doors copies what it
    changes (before: all five lists in every playout, 1,500 copies)."""
    rooms = tuple(f"room-{room}" for room in "ABCDEFGHIJ")
    assert _copies(rooms) == (0, pytest.approx(5 / 6 * 3 / 10, abs=0.08))  # B, C or D drawn
    made, share = _copies(rooms + ("rogue-ghost", "trap-door", "shuffle", "green-doors-locked"))
    assert 0 < made < 5 * 300 // 3 and 0 < share < 1  # a King card, a shuffle or the doors: 4 in 14
