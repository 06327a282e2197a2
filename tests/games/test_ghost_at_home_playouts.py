"""Ghost at Home random playouts (hypothesis): the 53 cards are always accounted for, the
state survives encode/decode, the log replays to the same state, no hand is ever shown,
and every sentence of every prompt and news is a message with a real Italian rendering."""

from __future__ import annotations

import json
import re
from dataclasses import fields

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.engine import get_game, resolve_options
from companion.games.ghost_at_home import components as gc
from companion.games.ghost_at_home.cards import accounted, unseen
from companion.games.ghost_at_home.state import State
from companion.i18n import Msg, line_of, render

SPEC = get_game("ghost_at_home")
NAMES = ("Ada", "Bo", "Cy", "Di", "Eve")

#: English words that must never be left in an Italian sentence.
ENGLISH = re.compile(r"\b(the|floor|ghost|house|card|cards|light|cat|draw|play|turn|escape|room|tap|"
                     r"discard|bulb|bulbs|done|cancel|let)\b", re.IGNORECASE)

options_strategy = st.fixed_dictionaries({o.name: st.sampled_from(o.values) for o in SPEC.options})


def _playout(players: int, options: dict, picks: list[int]):
    state = SPEC.setup(list(NAMES[:players]), resolve_options(SPEC, options))
    states, actions = [state], []
    for pick in picks:
        prompt = SPEC.prompt(state)
        if prompt.over:
            break
        choices = prompt.choices
        # "done" and "cancel" less often, so that turns do things
        key = choices[pick % len(choices)].key
        if key in ("cancel", "light-no") and pick % 3:
            key = choices[(pick // 3) % len(choices)].key
        state = SPEC.apply(state, key)
        states.append(state)
        actions.append(key)
    return states, actions


@settings(max_examples=40, deadline=None)
@given(st.integers(2, 5), options_strategy, st.lists(st.integers(0, 10_000), min_size=20, max_size=250))
def test_cards_accounted_codec_and_replay(players, options, picks):
    states, actions = _playout(players, options, picks)
    for state in states:
        assert accounted(state) == 53
        assert all(unseen(state, card) >= 0 for card in gc.DECK)
        assert all(0 <= h for h in state.hands)
        assert SPEC.decode(json.loads(json.dumps(SPEC.encode(state)))) == state
    replayed = SPEC.setup(list(NAMES[:players]), resolve_options(SPEC, options))
    for action in actions:
        replayed = SPEC.apply(replayed, action)
    assert replayed == states[-1] and SPEC.view(replayed) == SPEC.view(states[-1])


def test_no_hand_is_ever_held_or_shown():
    """Hands are counts only: nothing in the state, hence in a view, a prompt or news, can
    name a card in a hand; a face-down discard's news names no card."""
    hand_fields = [f for f in fields(State) if f.name == "hands"]
    assert hand_fields and hand_fields[0].type == "tuple[int, ...]"
    names = [str(gc.card_name(c)) for c in gc.DECK]
    for seed in range(30):
        states, actions = _playout(2 + seed % 4, {}, [(seed * 7919 + i * 104729) % 10_007 for i in range(300)])
        for state, action in zip(states[1:], actions):
            assert all(isinstance(v, int) for v in SPEC.view(state)["hand_sizes"].values())
            if action.startswith("discard-n:"):
                assert not any(n in str(line) for line in state.news for n in names), state.news


def _sentences(state):
    prompt = SPEC.prompt(state)
    yield prompt.text
    for choice in prompt.choices:
        if choice.label in state.players or choice.label.isdigit():
            continue  # a player's name or a number is the same in every language
        yield choice.label
    yield from SPEC.news(state)


@settings(max_examples=40, deadline=None)
@given(st.integers(2, 5), options_strategy, st.lists(st.integers(0, 10_000), min_size=50, max_size=250))
def test_every_sentence_is_italian(players, options, picks):
    """Every prompt, choice label and news line is a message whose Italian rendering differs
    from the English and keeps no English word (player names and numbers excepted)."""
    states, _ = _playout(players, options, picks)
    for state in states:
        for text in _sentences(state):
            assert isinstance(line_of(text).text, Msg), f"not a message: {text!r}"
            italian = render(text, "it")
            assert italian != str(text), f"not translated: {text!r}"
            assert not ENGLISH.search(italian), f"English left in {italian!r}"
            assert "=" not in italian, f"a placeholder was lost: {italian!r}"
