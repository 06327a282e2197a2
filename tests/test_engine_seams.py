"""The engine seams every game builds on (issues 17 and 19): physical instructions
(``todo`` news lines), the one main choice, out-of-turn choices and a game's own refusal
reasons, through the real session and the daemon's state message."""

from __future__ import annotations

from dataclasses import dataclass, replace

import pytest

from companion import protocol
from companion.engine.codec import plain, tuples
from companion.engine.core import Choice, Prompt
from companion.engine.game import GameSpec
from companion.errors import RuleViolation
from companion.header import GameHeader
from companion.i18n import TODO_KINDS, msg, ntodo, render, todo, todo_lines
from companion.inputs import Touch
from companion.session import Session


@dataclass(frozen=True)
class _Toy:
    """A two-player toy game: Ada ends her turn; Bo may ring a bell out of turn."""
    turn: int = 0
    rung: bool = False
    news: tuple = ()


def _prompt(state: _Toy) -> Prompt:
    if state.turn >= 2:
        return Prompt("Game over.", over=True)
    return Prompt("Ada: end your turn", "Ada",
                  (Choice("look", "Look around"), Choice("end-turn", "End turn", main=True)),
                  out_of_turn=() if state.rung else (Choice("bell", "Ring the bell", player="Bo"),))


def _apply(state: _Toy, key: str) -> _Toy:
    if key == "end-turn":
        return replace(state, turn=state.turn + 1, news=(todo("move", "Move the clock hand to {n}", n=state.turn + 1),
                                                        msg("Turn ended.")))
    if key == "bell":
        return replace(state, rung=True, news=(msg("Bo rang the bell."),))
    if key == "look":
        return replace(state, news=())
    raise RuleViolation(f"no action {key}")


def _refusal(state: _Toy, key, component):
    return msg("The bell rings once a game: Bo rang it already.") if key == "bell" and state.rung else None


TOY = GameSpec(id="creepy_cellar", title="Toy", min_players=2, max_players=2, options=(),
               setup=lambda players, options: _Toy(news=(todo("setup", "Put the clock on the table"),)),
               prompt=_prompt, apply=_apply, view=lambda state: {"turn": state.turn},
               news=lambda state: state.news, refusal=_refusal,
               summary=lambda state: msg("The hunters won!") if state.turn >= 2 else None,
               private_view=lambda state, player: {"secret_victory": "Card 3", "secret_cards": []},
               view_headings={"secret_victory": msg("Your secret victory card")})


@pytest.fixture
def session():
    header = GameHeader.from_json({"game": "creepy_cellar", "players": ["Ada", "Bo"], "seed": 1})
    return Session(TOY, header)


def test_a_todo_line_is_a_news_line_that_knows_its_kind():
    line = todo("place", "Place a ghost in room {room}", room="E")
    assert (str(line), line.todo) == ("Place a ghost in room E", "place")
    assert line.text.msgid == "Place a ghost in room {room}"
    assert not hasattr(msg("Turn ended."), "todo")  # a Msg is a sentence only (issue 27 item 3)
    assert str(ntodo("deal", "Deal {n} card", "Deal {n} cards", "n", n=2)) == "Deal 2 cards"
    assert todo_lines([line, msg("Turn ended.")]) == (line,)
    assert "setup" in TODO_KINDS and "return" in TODO_KINDS


def test_an_unknown_todo_kind_is_refused_by_name():
    with pytest.raises(ValueError, match="'juggle' is not one of setup"):
        todo("juggle", "Juggle")


def test_a_todo_line_survives_a_snapshot():
    line = todo("lock", "Lock the {colour} doors", colour="green")
    back = tuples(plain(line))
    assert (back, back.todo, back.text.params) == (line, "lock", {"colour": "green"})


def test_setup_instructions_are_the_first_todo(session):
    message = protocol.state_message(session, [])
    assert message["todo"] == [{"kind": "setup", "text": "Put the clock on the table", "lesson": None, "spoken": None}]


def test_todo_holds_the_last_accepted_inputs_instructions_only(session):
    assert session.handle(Touch("end-turn")).accepted
    assert protocol.state_message(session, [])["todo"] == [{"kind": "move", "text": "Move the clock hand to 1",
                                                            "lesson": None, "spoken": None}]
    assert session.handle(Touch("look")).accepted
    assert protocol.state_message(session, [])["todo"] == []


def test_the_main_choice_is_marked_in_the_state_message(session):
    choices = protocol.state_message(session, [])["prompt"]["choices"]
    assert [(c["key"], c["main"]) for c in choices] == [("look", False), ("end-turn", True)]


def test_a_finished_game_sends_its_summary_in_the_table_language(session):
    """Issue 27 item 3: the game says how it ended (Game.summary); no screen cuts it out of the prompt."""
    assert protocol.state_message(session, [])["prompt"]["summary"] is None
    assert session.handle(Touch("end-turn")).accepted and session.handle(Touch("end-turn")).accepted
    assert protocol.state_message(session, [])["prompt"]["summary"] == "The hunters won!"
    assert protocol.state_message(session, [], lang="it")["prompt"]["summary"] == "I cacciatori hanno vinto!"


def test_the_private_view_comes_with_the_games_headings_in_the_table_language(session):
    """Issue 27 item 3: each game names its private view's keys (Game.view_headings); the
    message carries them, so no shared module knows a game's keys."""
    assert protocol.private_message(session, "Ada")["headings"] == {"secret_victory": "Your secret victory card",
                                                                    "secret_cards": "Secret cards"}
    italian = protocol.private_message(session, "Ada", lang="it")["headings"]
    assert italian["secret_victory"] == "La tua carta vittoria segreta"


def test_a_game_whose_pawns_print_the_colours_sends_them_by_seat():
    """Creepy Cellar's pawns (red, yellow, blue, green by seat; Game.seat_colours) win over
    the header's colours; a game without printed colours keeps the header's."""
    from companion.engine import get_game

    header = GameHeader.from_json({"game": "creepy_cellar", "players": ["Ada", "Bo"], "seed": 1,
                                   "colours": {"Ada": "orange"}})
    cellar = Session(get_game("creepy_cellar"), header)
    assert protocol.state_message(cellar, [])["colours"] == {"Ada": "vermillion", "Bo": "yellow"}
    # and its counters for a text screen (Game.status_line), in the table's language
    assert protocol.state_message(cellar, [])["status"] == "[hauntings 0/8 | King - | locked -]"
    assert protocol.state_message(cellar, [], lang="it")["status"] == "[infestazioni 0/8 | Re - | chiuse: -]"
    header = GameHeader.from_json({"game": "children", "players": ["Ada", "Bo"], "seed": 1,
                                   "colours": {"Ada": "orange"}})
    children = protocol.state_message(Session(get_game("children"), header), [])
    assert (children["colours"], children["status"]) == ({"Ada": "orange"}, None)


def test_option_help_is_the_players_words_with_the_research_in_refs():
    """Issue 27 item 3: the screens show an option's help and rulebook section as they are,
    so no research reference ("notes 3.E F-A6", "issue 4", "C-A10", a web site) and no raw
    value ("(ghost_king)") is in them: those stay in ``refs`` (or the value buttons)."""
    import re

    from companion.engine import all_games
    from companion.engine.core import ENGINE_OPTIONS

    research = re.compile(r"\bnotes \d|\bissue \d|\b[A-Z]-A\d|\.(com|org|net)\b")
    options = [o for spec in all_games().values() for o in spec.options] + list(ENGINE_OPTIONS)
    for option in options:
        shown = f"{option.help} {option.rulebook}"
        assert not research.search(shown), (option.name, shown)
        assert not any(f"({value})".lower() in shown.lower() for value in (*option.values, "true", "false")), shown
    assert sum(bool(o.refs) for o in options) >= 50  # the research kept beside them
    assert {o.name for o in options if o.setup} >= {"mode", "ghost_deck", "edition", "envelope", "first_game"}


def test_an_out_of_turn_choice_is_offered_and_accepted(session):
    prompt = protocol.state_message(session, [])["prompt"]
    assert prompt["out_of_turn"] == [{"key": "bell", "label": "Ring the bell", "player": "Bo"}]
    reply = session.handle(Touch("bell"))
    assert (reply.accepted, reply.news) == (True, ("Bo rang the bell.",))
    assert protocol.state_message(session, [])["prompt"]["out_of_turn"] == []


def test_a_refusal_names_the_games_rule_and_changes_nothing(session):
    session.handle(Touch("bell"))
    before = session.state
    reply = session.handle(Touch("bell"))
    assert (reply.accepted, reply.text) == (False, "The bell rings once a game: Bo rang it already.")
    assert session.state is before


def test_without_a_game_reason_the_general_refusal_stays(session):
    reply = session.handle(Touch("dance"))
    assert reply.text == "Not now. Ada: end your turn."


def test_todo_lines_are_rendered_in_the_table_language(session):
    line = todo("setup", "Put the clock on the table")
    assert protocol.todo_message((line,), "it") == [{"kind": "setup", "text": render(line, "it"), "lesson": None,
                                                     "spoken": None}]
