"""Children invariants checked after every action of random games, and helpers that
build the rulebook's situations.

Sources: children.txt "Components" (70 cards), "Enraged Ghosts" (hand limit = 5 minus the
enraged ghosts present), "Take a Skull Token" (2 per player, at most 3 held), "Card
Reference" (13 ghosts); notes.md 4.1 (what the companion tracks, hidden information).
"""

from __future__ import annotations

import json
import random
from collections import Counter
from dataclasses import replace

from companion.engine import get_game, resolve_options
from companion.games.children import grid as gr
from companion.games.children.state import State, Step

SPEC = get_game("children")


def check(state: State, public: bool = True) -> None:
    """Raise AssertionError when an invariant of the game does not hold (``public``: also
    compare the screen with a twin that differs only in hidden information)."""
    content = state.content
    assert 0 <= state.hand_limit <= 5
    assert state.hand_limit == max(0, 5 - sum(g.enraged for g in state.ghosts))
    assert state.card_total() == content.total_cards(), (state.card_total(), content.total_cards())
    # no ghost in two places: mansion, deck, trapped, set aside, drawn and about to be placed
    places = Counter(g.id for g in state.ghosts) + Counter(state.ghost_deck) + Counter(state.trapped_ghosts())
    places += Counter(state.set_aside) + Counter(f.args[0] for f in state.frames
                                                   if f.kind == "ghost" and f.args[1] != "aside")
    assert places == Counter(content.ghosts), places - Counter(content.ghosts)
    assert all(n >= 0 for n in state.hands) and state.deck >= 0
    assert all(n > 0 for _, n in state.left)
    assert all(0 <= s <= 3 for s in state.skulls)
    assert state.skull_pool + sum(state.skulls) == min(2 * len(state.players), content.skulls)
    rooms = gr.rooms(state.grid)
    assert len(rooms) == len(set(rooms))
    assert sorted(rooms + state.tablet_pile) == sorted(content.tablets)
    for f, row in enumerate(state.grid):
        assert all(content.tablet(r).floor == f for r in row if r), row
    assert all(g.room in rooms for g in state.ghosts)
    assert all(r is None or r in rooms for r in state.where)
    assert all(r in rooms for r, _ in state.left)
    assert state.kitty is None or state.kitty in rooms
    assert all(toy == content.beloved_toy(g) for pairs in state.trapped for g, toy in pairs)
    assert len(set(state.pairing)) == len(state.pairing) <= len(content.toys)
    if len(state.pairing) == len(content.toys):
        assert sorted(state.pairing) == sorted(content.ghosts)
        assert all(state.pairing[content.toys.index(t)] == g for t, g in state.flipped)
    assert (state.step == Step.OVER) == (state.outcome is not None)
    if public:
        check_public(state)


def hidden_twin(state: State) -> State | None:
    """``state`` with the pairing of the stacks not yet flipped shuffled differently (the
    hidden information only), or None when there is nothing hidden to change."""
    flipped = {t for t, _ in state.flipped}
    toys = state.content.toys
    hidden = [i for i, t in enumerate(toys) if t not in flipped]
    if len(state.pairing) != len(toys) or len(hidden) < 2:
        return None
    ghosts = [state.pairing[i] for i in hidden]
    rotated = ghosts[1:] + ghosts[:1]
    pairing = list(state.pairing)
    for i, g in zip(hidden, rotated):
        pairing[i] = g
    return replace(state, pairing=tuple(pairing))


def check_public(state: State) -> None:
    """View, prompt and news are JSON-ready and do not depend on the hidden pairing."""
    view = SPEC.view(state)
    assert json.loads(json.dumps(view)) == view
    twin = hidden_twin(state)
    if twin is None:
        return
    assert SPEC.view(twin) == view
    prompt, other = SPEC.prompt(state), SPEC.prompt(twin)
    if prompt.chance is None:
        assert other == prompt
    assert SPEC.news(twin) == SPEC.news(state)


# --------------------------------------------------------------------------- situations


def started(players=("Ada", "Bo", "Cy"), pairing=None, content=None, **options) -> State:
    """A game just started (step 1 of Ada's first turn), the stacks dealt as ``pairing``
    (ghost ids in toy order; default: each toy over its own ghost), with the table's
    printed ``content`` entries."""
    state = SPEC.setup(list(players), resolve_options(SPEC, options), content=content)
    state = SPEC.apply(state, "start")
    content = state.content
    for ghost in pairing or [content.ghost_of_toy(t) for t in content.toys]:
        state = SPEC.apply(state, f"pair:{ghost}")
    return state


def arrange(state: State, rooms: dict, where=None, ghosts=(), hands=None, left=(), step=Step.ACTIONS,
            actions=2, **more) -> State:
    """``state`` with the mansion ``rooms`` ({(floor, column): tablet}), players ``where``,
    ``ghosts`` (:class:`Ghost` s), ``hands`` and ``left`` cards; the deck keeps the count."""
    grid = gr.EMPTY
    for pos, tablet in rooms.items():
        grid = gr.put(grid, tablet, pos)
    pile = list(state.tablet_pile)
    for tablet in rooms.values():
        pile.remove(tablet)
    ghost_deck = [g for g in state.ghost_deck if g not in {x.id for x in ghosts}]
    where = tuple(where) if where else state.where
    hands = tuple(hands) if hands else state.hands
    state = replace(state, grid=grid, tablet_pile=tuple(pile), where=where,
                    arrived=tuple(w is not None for w in where), ghosts=tuple(sorted(ghosts, key=lambda g: g.id)),
                    ghost_deck=tuple(ghost_deck), hands=hands, left=tuple(sorted(left)), step=step,
                    actions=actions, frames=(), **more)
    return replace(state, deck=state.deck + state.content.total_cards() - state.card_total())


#: The rulebook's rooms (notes.md 1.1): 2nd floor Master Bedroom - Wash Room - Dormitory,
#: 1st floor Parlor - Billiards Room - Kitchen, the Wine Cellar under the Billiards Room,
#: the Spire on the 3rd floor (above the Dormitory here).
RULEBOOK_ROOMS = {
    (2, 1): "master-bedroom", (2, 2): "wash-room", (2, 3): "dormitory",
    (1, 1): "parlor", (1, 2): "billiards-room", (1, 3): "kitchen",
    (0, 2): "wine-cellar", (3, 3): "spire",
}


def random_game(seed: int, max_steps: int = 2000, illegal: float = 0.0, content=None):
    """A seeded random game (with the table's printed ``content`` entries); yields
    (state before, action, state after)."""
    rng = random.Random(seed)
    players = ["Ada", "Bo", "Cy", "Di"][: rng.randint(2, 4)]
    options = resolve_options(SPEC, {o.name: rng.choice(o.values) for o in SPEC.options})
    state = SPEC.setup(players, options, content=content)
    weights = {"leave": 0.1, "pickup": 0.2, "escape": 0.05, "done": 2.0}
    for _ in range(max_steps):
        prompt = SPEC.prompt(state)
        if prompt.over:
            return
        if prompt.chance:
            outcome = rng.choices(prompt.chance.outcomes, weights=[o.weight for o in prompt.chance.outcomes])[0]
            key = outcome.key
        elif prompt.out_of_turn and rng.random() < 0.1:  # another player's Free Action device
            key = rng.choice(prompt.out_of_turn).key
        else:
            key = rng.choices(prompt.choices, weights=[weights.get(c.key, 1.0) for c in prompt.choices])[0].key
        after = SPEC.apply(state, key)
        yield state, key, after
        state = after
