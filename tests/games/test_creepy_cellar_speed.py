"""Creepy Cellar engine speed (issue 35 item 1): the move step's choices and sentence, the
draws' choices and chances and the roll's texts made once for what they are made from, and
an action that starts from one copy of the state at most. Work counts and identities, never
times."""

from __future__ import annotations

from companion.engine import all_games
from companion.games.creepy_cellar import rules
from companion.games.creepy_cellar.state import Step
from tests.games.seeded_games import seeded_states, shared_choices
from tests.games.work_counts import applied_states_kept, copies_and_sentences, sentences_a_state


def _states(seed: int, actions: int = 300):
    """Every state of a seeded random Creepy Cellar game (random house rules on odd seeds)."""
    return seeded_states("creepy_cellar", seed, actions)


def test_the_move_and_draw_choices_are_made_once_for_every_prompt_that_offers_them():
    """Two prompts offering the same place, secret passage, card to tap or face of the die
    share the choice object (made once, not at every touch of a move: a move step offered
    about 12 new choices a prompt, each with a formatted label)."""
    shared = shared_choices("creepy_cellar", 4, lambda choice: choice.key.startswith(
        ("move:", "passage:", "ghost:", "king:", "cellar:", "treasure:", "jinxed:", "die:", "drop-off")))
    assert shared > 1_000


def test_two_move_prompts_of_the_same_hunter_place_and_moves_share_their_sentence():
    """The move step's sentence ("Ada (in room B): move up to 3, then Done moving") is made
    once for the player, hunter, place, moves left and what holds the hunter; prompts that
    say the same sentence share it, and it is the sentence its states ask for."""
    spec = all_games()["creepy_cellar"]
    seen: dict[str, object] = {}
    shared = 0
    for state in (state for seed in range(8) for state in _states(seed)):
        if state.step != Step.MOVE:
            continue
        text = spec.prompt(state).text
        if str(text) in seen:
            assert seen[str(text)] is text
            shared += 1
        seen.setdefault(str(text), text)
    assert shared > 50


def test_an_action_makes_one_copy_of_the_state(monkeypatch):
    """About one copy of the state an action (``rules.cleared`` makes it, the rule changes it
    in place, ``rules.settled`` gives it back: :mod:`companion.engine.draft`); before: about
    4.0, one at every ``replace``, ``say`` and mark."""
    copies, _ = copies_and_sentences(monkeypatch, "creepy_cellar")
    assert copies < 1.1


def test_the_state_an_action_is_applied_to_stays_as_it_was():
    """The state an action is applied to keeps every field (the same objects) once the next
    state is made, the state given holds no mark of the action's copy, and the copy an action
    starts from (no news, no mover held) is never the state itself."""
    def starts_from_a_copy(state) -> None:
        start = rules.cleared(state)
        assert start is not state and start.news == () and not start.held

    checked = sum(applied_states_kept(_states(seed), starts_from_a_copy) for seed in range(4))
    assert checked > 500


def test_a_prompt_makes_few_sentences(monkeypatch):
    """Sentences (``Msg``) made a state, prompt included, over 8 seeded games: under 4 (about
    3; before: about 10, most of them the move step's labels and sentence made again)."""
    states, sentences = sentences_a_state(monkeypatch, "creepy_cellar",
                                          (s for seed in range(8) for s in _states(seed)))
    assert states > 2_000
    assert sentences < 4
