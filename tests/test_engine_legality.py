"""The engine's one legality check (issue 21, companion/engine/legality.py): every kind of
action key against the prompt, accepted and refused, with the one refusal path, and no
game's own ``_apply`` reached by a refused key."""

from __future__ import annotations

from dataclasses import dataclass, replace

import pytest

from companion.engine import Chance, CheckLine, Choice, Game, Implied, Outcome, Prompt
from companion.engine.legality import check_action, implied_choice, is_legal
from companion.errors import RuleViolation
from companion.header import GameHeader
from companion.i18n import msg
from companion.inputs import Touch
from companion.session import Session

LAMP = "creepy_cellar:lamp:bulb"


@dataclass(frozen=True)
class Toy:
    step: str = "turn"  # "turn", "roll" (a chance node), "over"
    done: tuple[str, ...] = ()
    news: tuple[str, ...] = ()
    outcome: str | None = None


class ToyGame(Game):
    """A tiny game with one of each kind of key: choices, an out-of-turn choice, a die (a
    chance node), a per-copy lamp (3 copies), a table-check correction."""

    id = "creepy_cellar"  # a registered id, so a Session may play it
    title = "Toy"
    min_players, max_players = 2, 2
    pieces = (LAMP,) * 3

    def setup(self, players, options, content=None):
        return Toy()

    def prompt(self, state):
        if state.step == "over":
            return Prompt("The toy game is over", over=True)
        if state.step == "roll":
            return Prompt("Rolling", chance=Chance("die", (Outcome("1", "die:1"), Outcome("2", "die:2"))))
        return Prompt("Ada: roll or light the lamp", "Ada",
                      (Choice("roll", "Roll", button="dice", main=True),
                       Choice("lamp", "Light the lamp", component=LAMP, per_copy=True),
                       Choice("end", "End the game")),
                      out_of_turn=(Choice("bell", "Ring the bell", player="Bo"),))

    def _apply(self, state, key):
        self.applied.append(key)
        if key == "roll":
            return replace(state, step="roll", done=state.done + (key,))
        if key == "end":
            return replace(state, step="over", done=state.done + (key,))
        return replace(state, step="turn", done=state.done + (key,))

    def view(self, state):
        return {"done": list(state.done)}

    def check(self, state):
        return (CheckLine("Lamp", "dark", (Choice("fix:lamp:lit", "Lit"),)),)

    def refusal(self, state, key, component):
        return msg("The bell rings only for Bo.") if key == "bell:ada" else None


@pytest.fixture
def game():
    toy = ToyGame()
    toy.applied = []
    return toy


def _refused(game, state, key) -> str:
    applied = list(game.applied)
    with pytest.raises(RuleViolation) as caught:
        game.apply(state, key)
    assert game.applied == applied, "a refused key never reaches the game's own _apply"
    return str(caught.value.args[0])


def test_a_choice_and_an_out_of_turn_choice_are_accepted(game):
    assert game.apply(Toy(), "roll").done == ("roll",)
    assert game.apply(Toy(), "bell").done == ("bell",)  # Bo's, while Ada is asked


def test_a_key_the_prompt_does_not_offer_gets_the_general_sentence(game):
    assert _refused(game, Toy(), "jump") == "Not now. Ada: roll or light the lamp."


def test_the_games_own_reason_comes_first(game):
    assert _refused(game, Toy(), "bell:ada") == "The bell rings only for Bo."


def test_a_chance_node_accepts_its_outcomes_only(game):
    rolling = Toy(step="roll")
    assert game.apply(rolling, "die:2").done == ("die:2",)
    assert _refused(game, rolling, "die:7") == "Not now. Rolling."
    # a chance node offers the table no choice: the choices of the turn are refused there
    assert _refused(game, rolling, "roll") == "Not now. Rolling."
    assert not is_legal(game, rolling, game.prompt(rolling), "end")


def test_a_per_copy_key_names_one_of_the_copies(game):
    assert game.apply(Toy(), "lamp#3").done == ("lamp#3",)
    assert game.apply(Toy(), "lamp").done == ("lamp",)  # a touch, or a tag without a copy number
    for wrong in ("lamp#4", "lamp#0", "lamp#01", "lamp#x", "lamp#", "roll#1", "end#2"):
        assert _refused(game, Toy(), wrong) == "Not now. Ada: roll or light the lamp.", wrong


def test_a_correction_the_check_lists_is_accepted_at_any_moment(game):
    assert game.apply(Toy(), "fix:lamp:lit").done == ("fix:lamp:lit",)
    assert game.apply(Toy(step="roll"), "fix:lamp:lit").done == ("fix:lamp:lit",)  # a chance node too
    assert _refused(game, Toy(), "fix:lamp:broken") == (
        "That correction no longer fits the table check: nothing changed. Look at the table check again.")


def test_nothing_is_legal_once_the_game_is_over(game):
    for key in ("roll", "bell", "lamp#1", "fix:lamp:lit", "die:1"):
        assert _refused(game, Toy(step="over"), key) == "The game is over."


def test_the_caller_may_give_the_prompt_it_has(game):
    prompt = game.prompt(Toy())
    check_action(game, Toy(), "lamp#2", prompt)
    with pytest.raises(RuleViolation):
        check_action(game, Toy(), "lamp#5", prompt)


def test_the_session_applies_through_the_same_check(game, monkeypatch):
    import companion.session.core as session_module

    monkeypatch.setattr(session_module, "get_game", lambda game_id: game)
    header = GameHeader.from_json({"game": "creepy_cellar", "players": ["Ada", "Bo"], "seed": 1})
    session = Session.start(header)
    assert session.handle(Touch("bell")).accepted  # out of turn, by touch
    refused = session.handle(Touch("fix:lamp:broken"))
    assert not refused.accepted and refused.text.startswith("That correction no longer fits")
    assert session.handle(Touch("bell:ada")).text == "The bell rings only for Bo."
    assert session.handle(Touch("roll")).accepted  # the die is the session's: a chance outcome follows
    assert session.state.done == ("bell", "roll", session.history[-1].chances[0]["key"])
    assert game.applied == ["bell", "roll", session.state.done[-1]]


@dataclass(frozen=True)
class Quiz:
    """A toy with questions answered by going on playing: ``asks`` left, each "show a card or no"."""
    asks: int = 2
    done: tuple[str, ...] = ()
    news: tuple[str, ...] = ()
    rolling: bool = False


class QuizGame(Game):
    """While a question is open (``asks`` > 0): "show" or "no" ("no" is what going on says);
    then the turn: "walk", or "roll" (a chance node, the session's to draw)."""

    id, title, min_players, max_players = "creepy_cellar", "Quiz", 2, 2

    def setup(self, players, options, content=None):
        return Quiz()

    def prompt(self, state):
        if state.rolling:
            return Prompt("Rolling", chance=Chance("die", (Outcome("1", "die:1"),)))
        if state.asks:
            return Prompt("Ada: show a card, or no", "Ada", (Choice("show", "Show"), Choice("no", "No")))
        return Prompt("Ada: walk or roll", "Ada", (Choice("walk", "Walk"), Choice("roll", "Roll")))

    def _apply(self, state, key):
        asks = state.asks - 1 if key in ("show", "no") else state.asks
        return replace(state, asks=asks, done=state.done + (key,), news=(f"did {key}",), rolling=key == "roll"
                       and not state.rolling)

    def going_on(self, state):
        return Implied("no", f"Ada says no ({state.asks} left)") if state.asks and not state.rolling else None

    def view(self, state):
        return {}


def test_going_on_playing_answers_the_open_questions_then_plays_the_key():
    quiz = QuizGame()
    walked = quiz.apply(Quiz(), "walk")
    assert walked.done == ("no", "no", "walk")  # both questions, then the key: one action
    assert walked.news == ("Ada says no (2 left)", "did no", "Ada says no (1 left)", "did no", "did walk")
    assert quiz.apply(Quiz(), "show").done == ("show",)  # an answer is an answer
    assert quiz.apply(Quiz(asks=1), "roll").rolling  # the key may lead to a chance node
    with pytest.raises(RuleViolation) as refused:  # legal after no answer: refused as before
        quiz.apply(Quiz(), "jump")
    assert str(refused.value) == "Not now. Ada: show a card, or no."
    # a chance node's outcome is never the table's, even once the questions are answered
    with pytest.raises(RuleViolation):
        quiz.apply(Quiz(), "die:1")
    assert implied_choice(quiz, Quiz(), quiz.prompt(Quiz()), lambda p: p.choice("walk")) == Choice("walk", "Walk")
    assert implied_choice(quiz, Quiz(), quiz.prompt(Quiz()), lambda p: p.choice("jump")) is None


def test_without_going_on_every_question_waits_for_its_answer(game):
    assert Game.going_on(Toy()) is None
    assert _refused(game, Toy(), "jump") == "Not now. Ada: roll or light the lamp."
