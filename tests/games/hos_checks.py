"""House of Spirits invariants, checked after every action of random games.

Sources: house-of-spirits.txt "Components Included" (72 cards), "Heal himself or another
player" (a dead character holds no cards), "Pick up a card" (hand limit 6), "Scoring
Summary"; notes.md 4.4 (what the companion tracks).
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import replace

from companion.engine import get_game
from companion.engine.playout import random_key
from companion.games.house_of_spirits import components as hc
from companion.games.house_of_spirits import content as entries  # the card data the table enters
from companion.games.house_of_spirits.actions import hand_count
from companion.games.house_of_spirits.state import State, Step

# (imported as ``tests.games.hos_checks`` by the script builder too: no sibling imports here)

SPEC = get_game("house_of_spirits")


def complete_content() -> dict[str, dict]:
    """A header's ``content`` entering every placeholder card with the content file's own
    values: the same numbers, but no placeholder left, so every deck may be drawn by the
    companion (issue 10)."""
    return {hc.component(card): entries.printed(hc.component(card))
            for card in sorted(hc.CARDS)
            if entries.placeholder(hc.component(card)) and entries.fields(hc.component(card))}


def card_places(state: State) -> Counter:
    """Every card id in every place it is (a card in two places counts twice)."""
    places = Counter()
    for hand in state.hands:
        places.update(card for card, _ in hand)
    places.update(state.in_play)
    places.update(state.main_deck + state.main_discard)
    places.update(state.monster_deck.cards() + state.plot_deck.cards() + state.room_deck.cards())
    places.update(state.room_discard + state.plots_played)
    places.update(card for _, card in state.attached)
    places.update(() if state.room is None else (state.room,))
    places.update(c for c in state.characters if c)
    places.update(state.character_deck)
    places.update(c for c in state.secrets if c)
    places.update(state.secret_deck)
    return places


def check(state: State, spec=None) -> None:
    """Raise AssertionError when an invariant of the game does not hold."""
    places = card_places(state)
    assert max(places.values()) == 1, [c for c, n in places.items() if n > 1]
    assert set(places) == set(hc.CARDS) - {"first-player"}, set(hc.CARDS) ^ set(places)
    for player, score in enumerate(state.scores):
        assert score == sum(points for who, points, _ in state.score_log if who == player)
        if state.options["score_floor_zero"]:
            assert score >= 0
    for player, dead in enumerate(state.dead):
        assert 0 <= state.wounds[player] <= state.max_health(player)
        if dead:
            assert state.hands[player] == (), "a dead character holds no cards"
        elif state.characters[player]:
            assert state.wounds[player] < state.max_health(player)
        if not (state.step == Step.DISCARD and state.discarding == player):
            assert hand_count(state, player) <= hc.HAND_LIMIT
    monsters = state.monsters()
    assert [m for m, _ in state.monster_health] == list(monsters)
    assert all(0 < health <= state.card(m).health for m, health in state.monster_health)
    assert len(state.plots_played) <= 7
    if state.outcome == "lost":
        assert len(state.died) == len(state.players) and not state.winners
    if state.outcome == "won":
        assert state.winners and (len(state.plots_played) == 7 or max(state.scores) >= hc.WINNING_SCORE)
    if state.step == Step.OVER:
        assert state.outcome in ("won", "lost")
    if spec is not None:
        check_secrets_hidden(state, spec)


def check_secrets_hidden(state: State, spec) -> None:
    """No secret victory card (id or name) reaches the view, the news or the prompt."""
    prompt = spec.prompt(state)
    shown = json.dumps(spec.view(state)) + json.dumps([str(n) for n in spec.news(state)]) + str(prompt.text)
    shown += json.dumps([[c.key, c.label, c.component] for c in prompt.choices])
    for secret in hc.ids("secret"):
        assert secret not in shown and state.label(secret) not in shown, secret


# ---------------------------------------------------------------- states to test from

def play(state: State, *actions: str) -> State:
    """``actions`` applied in turn (each checked by the engine)."""
    for action in actions:
        state = SPEC.apply(state, action)
    return state


def random_action(state: State, rng, weight=None) -> str:
    """A random action at ``state``: a chance outcome by its weight, else a choice weighted
    by ``weight(key)`` (None: all alike)."""
    prompt = SPEC.prompt(state)
    if prompt.chance or weight is None:
        return random_key(prompt, rng)
    return rng.choices(prompt.choices, weights=[weight(c.key) for c in prompt.choices])[0].key


def holding(state, player: int, *cards: str, gained: int = 0):
    """``player`` holds ``cards`` (gained in round ``gained``), taken out of the main deck / plot deck."""
    for card in cards:
        if card in state.main_deck:
            index = state.main_deck.index(card)
            state = replace(state, main_deck=state.main_deck[:index] + state.main_deck[index + 1:])
        elif card in state.plot_deck.shuffled:
            state = replace(state, plot_deck=state.plot_deck.take(card) if card in state.plot_deck.possible()
                            else state.plot_deck)
        hands = list(state.hands)
        hands[player] = hands[player] + ((card, gained),)
        state = replace(state, hands=tuple(hands))
    return state


def in_room(state, room: str):
    """The party stands in ``room`` (the room card taken out of the room deck)."""
    deck = state.room_deck
    state = replace(state, room_discard=state.room_discard + (state.room,),
                    room_deck=replace(deck, shuffled=tuple(c for c in deck.shuffled if c != room)), room=room)
    return state


def with_monster(state: State, monster: str) -> State:
    """``monster`` in play at full health (this game's health), out of the monster deck."""
    deck = state.monster_deck
    return replace(state, monster_deck=replace(deck, shuffled=tuple(c for c in deck.shuffled if c != monster)),
                   in_play=state.in_play + (monster,),
                   monster_health=state.monster_health + ((monster, state.card(monster).health),))
