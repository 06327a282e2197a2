"""House of Spirits engine speed (issue 35 item 1): the draw's cards worked out once a
state, the prompts' choices and roll sentences made once for what they are made from, and an
action that starts from the state itself when it has no news. Work counts, equalities and
identities, never times."""

from __future__ import annotations

import dataclasses
from collections import Counter

import pytest

from companion.engine.memo import Kept
from companion.games.house_of_spirits import prompts, rules
from companion.games.house_of_spirits.state import State, Step
from tests.games.seeded_games import seeded_states, shared_choices
from tests.games.work_counts import copies_and_sentences, sentences_a_state


def _states(seed: int, actions: int = 300):
    """Every state of a seeded random House of Spirits game (random house rules on odd seeds)."""
    return seeded_states("house_of_spirits", seed, actions)


def _draws_by_hand(state: State) -> tuple[tuple[str, int], ...]:
    """The cards the draw due may give and their copies, as the rules say: the deck of the
    step (its known next card alone when there is one), the main deck with the monster deck's
    next cards under ``monsters_in_main_deck`` unless the room has no skulls."""
    decks = {Step.CHARACTER: state.character_deck, Step.SECRET: state.secret_deck,
             Step.ROOM: state.room_deck.possible(), Step.MONSTER: state.monster_deck.possible(),
             Step.PLOT: state.plot_deck.possible(), Step.MAIN: state.main_deck}
    cards = decks.get(state.step, ())
    if state.step == Step.MAIN and state.options["monsters_in_main_deck"] and not (
            state.room is not None and state.card(state.room).skulls == 0):
        cards = cards + state.monster_deck.possible()
    return tuple(sorted(Counter(cards).items()))


@pytest.mark.parametrize("seed", range(4))
def test_the_draws_are_the_rules_cards_and_shared_facts_equal_fresh_ones(seed):
    """``State.draws`` gives the draw's cards as the rules give them, and what a state got
    from the one before (``on_fields``) equals what its own fields give."""
    shared = 0
    for state in _states(seed):
        shared += "draws" in state.__dict__
        fresh = dataclasses.replace(state)  # through __init__: nothing derived yet
        assert state.draws == fresh.draws == _draws_by_hand(state)
    assert shared > 0


def test_the_draws_are_worked_out_once_a_state_at_most(monkeypatch):
    """The settling after an action and the prompt both ask the draw's cards: worked out at
    most once a state (before: twice at every draw step, a Counter and a sort each), and kept
    by the next state while the decks and the step stay."""
    asked = []  # each state asked, kept alive (so two never share an id), with what its draws read
    count = State.draws.function
    read = sorted(State.draws.on or ())  # an action's own copy changes in place (draft): its fields tell it apart

    def counted(state):
        values = tuple(getattr(state, name) for name in read)  # kept alive: their ids stay theirs
        asked.append((state, values, (id(state), *map(id, values))))
        return count(state)

    monkeypatch.setattr(State.draws, "function", counted)
    actions = sum(1 for seed in range(8) for _ in _states(seed))
    assert actions > 1_500
    assert len({key for _, _, key in asked}) == len(asked)
    assert len(asked) < 1.2 * actions


def test_the_prompts_choices_are_made_once_for_every_prompt_that_offers_them(monkeypatch):
    """Two prompts offering the same card to draw, monster to attack, plot to play, card to
    pick up, item to use or guard with, heal or discard share the choice object (made once,
    not at every prompt: its label is a formatted sentence). The store of what was made is
    bounded (emptied when full): it starts empty here, so the earlier tests' games cannot fill
    it in the middle of these."""
    monkeypatch.setattr(prompts, "_once", Kept(prompts._MADE.limit).get)
    shared = shared_choices("house_of_spirits", 4, lambda choice: choice.key.startswith(
        ("draw:", "attack:", "play:", "pick:", "use:", "guard:", "heal:", "discard:", "item:", "keep"))
        or choice.key in ("investigate", "pass", "cancel", "done", "claim-secret"))
    assert shared > 1_000


def test_an_action_makes_one_copy_of_the_state_and_changes_none_it_was_given(monkeypatch):
    """An action's rule changes one copy of the state in place (``rules.cleared`` makes it,
    ``rules.settled`` gives it back: :mod:`companion.engine.draft`): about one copy of the
    state an action (before: about 6, one at every ``replace`` and ``say``), while the state
    an action is applied to stays as it was, field for field, and the state it gives holds no
    mark of the copy."""
    copies, _ = copies_and_sentences(monkeypatch, "house_of_spirits")
    assert copies < 1.5
    monkeypatch.undo()
    for seed in range(4):
        before = None
        for state in _states(seed):
            assert "__draft__" not in state.__dict__
            if before is not None:  # the state the last action was applied to
                fields, values = before
                assert {name: fields.__dict__[name] for name in values} == values
                assert all(fields.__dict__[name] is value for name, value in values.items())
            before = (state, {f.name: getattr(state, f.name) for f in dataclasses.fields(state)})
        start = rules.cleared(state)
        assert start is not state and start.news == () and start == dataclasses.replace(state, news=())


def test_a_prompt_makes_few_sentences(monkeypatch):
    """Sentences (``Msg``) made a state, prompt included, over 8 seeded games: under 4 (about
    3; before: about 5.5, the roll's sentence and the choices' labels made again)."""
    states, sentences = sentences_a_state(monkeypatch, "house_of_spirits",
                                          (s for seed in range(8) for s in _states(seed)))
    assert states > 1_500
    assert sentences < 4


def test_an_action_makes_few_sentences_the_fight_lines_once_for_what_they_say(monkeypatch):
    """Sentences (``Msg``) an action over 6 seeded games, the lines' store empty at the start:
    under 3 (speed19d: about 2.6; before, about 3.5: each fight and investigation line made its
    sentence and its explanation's again, three or four lines a combat die)."""
    from companion.games.house_of_spirits import why

    monkeypatch.setattr(why.LINES, "_made", {})  # an empty store: what the games make themselves
    _, sentences = copies_and_sentences(monkeypatch, "house_of_spirits")
    assert sentences < 3


def test_a_fight_line_said_again_is_the_same_line_and_names_the_entered_card():
    """A line made once for what it says (speed19d) is the one said again; a table that
    entered a monster's name gets its own line, not the one made with the content file's."""
    from companion.games.house_of_spirits import combat, why

    state = next(s for seed in range(8) for s in _states(seed, 400) if s.pending and s.pending.kind == "attack")
    target = state.pending.target
    monster = state.card(target)
    first = why.LINES.of(state.content, ("test", target), combat._strikes_back, monster, None)  # noqa: SLF001
    again = why.LINES.of(state.content, ("test", target), combat._strikes_back, monster, None)  # noqa: SLF001
    assert again is first and str(first) == f"{monster.said} strikes back: roll the die for its attack."
    other = ((target, (("name", "Gorgo"),)),)  # another table's entries: another key
    entered = dataclasses.replace(monster, name="Gorgo")
    named = why.LINES.of(other, ("test", target), combat._strikes_back, entered, None)  # noqa: SLF001
    assert str(entered.said) == "Gorgo" != str(monster.said)
    assert named is not first and str(named) == "Gorgo strikes back: roll the die for its attack."
