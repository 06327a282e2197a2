"""CLUE: IT engine speed (issue 35 item 1): card names and the prompts of the steps most
actions reach made once, a rule's changes in one copy of the state. Work counts and
equalities, never times."""

from __future__ import annotations

from companion.engine import all_games, resolve_options
from companion.games.clue_it import components as ci
from companion.games.clue_it.state import Step
from tests.games.seeded_games import seeded_states
from tests.games.work_counts import copies_and_sentences


def test_a_card_name_is_made_once():
    """A card's name (a stand-in "Kid 3" is three objects) is made once, not at each of the
    four an action that name a card."""
    assert ci.card_name("kid-3") is ci.card_name("kid-3")
    assert ci.card_name("derry-back-alley") is ci.card_name("derry-back-alley")


def test_an_entered_name_is_never_taken_for_a_stand_in_with_the_same_words():
    """The remembered prompts are keyed by the names entered, not by a name's words: a card
    the owner named "Kid 3" keeps that plain name, the stand-in "Kid 3" its own."""
    from companion.games.clue_it.state import entered_name

    entered = (("kid-4", "Kid 3"),)
    assert entered_name(entered, "kid-4") == "Kid 3" and type(entered_name(entered, "kid-4")) is str
    assert type(entered_name((), "kid-3")) is not str  # the stand-in, translated where it is shown
    spec = all_games()["clue_it"]
    plain = spec.setup(["Ada", "Bo"], resolve_options(spec, {}))
    named = spec.setup(["Ada", "Bo"], resolve_options(spec, {}), {"clue_it:kid:kid-4": {"name": "Kid 3"}})
    labels = {c.key: c.label for c in spec.prompt(named).choices}
    assert type(labels["kid:kid-4"]) is str and labels["kid:kid-4"] == "Kid 3"
    assert type({c.key: c.label for c in spec.prompt(plain).choices}["kid:kid-3"]) is not str


def test_the_prompts_of_a_turn_the_dice_a_stop_and_a_question_are_made_once():
    """Two states at the same step that read the same fields for it share the prompt: made
    once for the player (and the squares, the place, the question), not at every state."""
    spec = all_games()["clue_it"]
    steps = (Step.TURN, Step.DICE, Step.STOP, Step.ASK_KID, Step.ASK_ITEM, Step.ANSWER, Step.END, Step.SQUARES)
    seen: dict[tuple, object] = {}
    shared = 0
    for seed in range(6):
        for state in seeded_states("clue_it", seed, 300):
            if state.step not in steps:
                continue
            prompt = spec.prompt(state)
            said = (prompt.text, prompt.player, tuple((c.key, c.label, c.component, c.main) for c in prompt.choices),
                    prompt.chance)
            if said in seen:
                shared += seen[said] is prompt
            seen.setdefault(said, prompt)
    assert shared > 300


def test_an_action_from_a_state_without_news_makes_no_copy_to_clear_it():
    spec = all_games()["clue_it"]
    state = spec.setup(["Ada", "Bo"], resolve_options(spec, {}))
    assert state.news and spec.cleared(state).news == ()
    quiet = spec.cleared(state)
    assert spec.cleared(quiet) is quiet


def test_copies_of_the_state_and_sentences_an_action(monkeypatch):
    """About 2 copies of the state and 2 sentences an action (main at 343f323c: 3.5 and 8.9):
    a rule's replace and say in one copy, card names and prompts made once."""
    copies, sentences = copies_and_sentences(monkeypatch, "clue_it")
    assert copies < 2.3
    assert sentences < 3.0
