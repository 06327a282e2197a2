"""First-game mode (issue 33 item 3): the first time each kind of step comes up, the state
carries a lesson (the rules card section's name and summary); after that the step is plain.
Derived from the recorded inputs: a replay teaches the same, an undo brings a lesson back."""

from __future__ import annotations

import pytest

from companion import protocol
from companion.engine import get_game, resolve_options
from companion.engine.core import FIRST_GAME
from companion.header import GameHeader, HeaderError
from companion.i18n import render
from companion.inputs import Touch
from companion.session import Session
from companion.store import EventStore

#: The creepy cellar's first inputs with seed 3, and the lesson each prompt comes with.
STEPS = [("roll", "Let's Play"), ("move:A", "Ghost Cards"), ("move:B", "Secret Passages"), ("move:A", None)]


def _header(first_game: bool | None = True, seed: int = 3) -> GameHeader:
    options = {} if first_game is None else {"first_game": first_game}
    return GameHeader.from_json({"game": "creepy_cellar", "players": ["Ada", "Bo"], "seed": seed,
                                 "options": options})


def _rule(session: Session, lang: str = "en") -> str | None:
    lesson = protocol.state_message(session, [], lang=lang)["lesson"]
    return None if lesson is None else lesson["rule"]


def _lessons(session: Session) -> list[str | None]:
    seen = []
    for key, _ in STEPS:
        seen.append(_rule(session))
        assert session.handle(Touch(key)).accepted
    return seen


def test_the_option_is_offered_for_every_game_and_off_by_default():
    assert FIRST_GAME.default is False
    for game in ("children", "clue_it", "creepy_cellar", "ghost_at_home", "house_of_spirits"):
        spec = get_game(game)
        assert "first_game" not in resolve_options(spec, {"first_game": True})  # never reaches setup
        assert resolve_options(spec, {"first_game": True}) == resolve_options(spec, {})
    with pytest.raises(HeaderError, match="option 'first_game' cannot be 'yes'"):
        _header(first_game="yes")


def test_without_first_game_mode_there_is_no_lesson():
    for first_game in (None, False):
        session = Session.start(_header(first_game))
        assert protocol.state_message(session, [])["lesson"] is None
        assert session.handle(Touch("roll")).accepted
        assert protocol.state_message(session, [])["lesson"] is None
    assert protocol.state_message(None, [])["lesson"] is None


def test_each_kind_of_step_is_taught_once():
    session = Session.start(_header())
    first = protocol.state_message(session, [], lang="en")["lesson"]
    assert first == {"rule": "Let's Play", "key": "Let's Play", "game_id": None,
                     "text": render(get_game("creepy_cellar").rule_sections[1].summary, "en")}
    assert _lessons(session) == [rule for _, rule in STEPS]
    assert session.lessons.taught == {"Let's Play", "Ghost Cards", "Secret Passages"}


def test_the_lesson_in_italian():
    lesson = protocol.state_message(Session.start(_header()), [], lang="it")["lesson"]
    section = get_game("creepy_cellar").rule_sections[1]
    # the key is the same in every language (the screen remembers Got it by it)
    assert lesson == {"rule": render(section.name, "it"), "text": render(section.summary, "it"), "key": "Let's Play",
                      "game_id": None}
    assert lesson["text"] != render(section.summary, "en")


def test_undo_brings_the_lesson_back():
    session = Session.start(_header())
    assert session.handle(Touch("roll")).accepted
    assert _rule(session) == "Ghost Cards"
    assert session.handle(Touch("undo")).accepted
    assert _rule(session) == "Let's Play"
    assert session.lessons.taught == frozenset()
    assert session.handle(Touch("roll")).accepted
    assert _rule(session) == "Ghost Cards"


@pytest.mark.parametrize("use_snapshot", [True, False])
def test_a_resumed_game_teaches_what_the_uninterrupted_one_did(tmp_path, use_snapshot):
    store = EventStore(tmp_path / "g.sqlite3")
    session = Session.start(_header(), store)
    for key, _ in STEPS[:3]:
        assert session.handle(Touch(key)).accepted
    taught = session.lessons.taught
    store.close()
    store = EventStore(tmp_path / "g.sqlite3")
    resumed = Session.resume(store, store.last_unfinished(), use_snapshot=use_snapshot)
    assert resumed.lessons.taught == taught == {"Let's Play", "Ghost Cards", "Secret Passages"}
    assert _rule(resumed) is None
    assert resumed.handle(Touch("undo")).accepted
    assert _rule(resumed) == "Secret Passages"


@pytest.mark.parametrize("game, players, first", [
    ("children", ["Ada", "Bo"], "Dealing Players In"),
    ("clue_it", ["Ada", "Bo", "Cy"], "Distribute Cards"),
    ("ghost_at_home", ["Ada", "Bo"], "Play (Gioco)"),
    ("house_of_spirits", ["Ada", "Bo", "Cy"], "Game Setup"),
])
def test_every_game_teaches_its_set_up_or_turn_first_and_each_section_once(game, players, first):
    """The set-up's section comes with the first prompt where the game asks for set-up; a
    short random game teaches no section twice."""
    import random

    session = Session.start(GameHeader.from_json({"game": game, "players": players, "seed": 5,
                                                  "options": {"first_game": True}}))
    assert _rule(session) == first
    rng, seen = random.Random(1), []
    for _ in range(60):
        if (rule := _rule(session)) is not None:
            seen.append(rule)
        if session.prompt.over or not session.prompt.choices:
            break
        session.handle(Touch(rng.choice(session.prompt.choices).key))
    assert len(seen) >= 3 and len(seen) == len(set(seen))


# --------------------------------------------------------------------------- the set-up checklist

#: Creepy Cellar's secret passage step and what it is for, as the table reads them.
PASSAGES = {
    "en": ("Put the 4 secret passage tiles in rooms A, F, G and K.",
           "A secret passage is a shortcut: for one step you jump to another room with a passage."),
    "it": ("Mettete le 4 tessere passaggio segreto nelle stanze A, F, G e K.",
           "Un passaggio segreto è una scorciatoia: con un passo saltate in un'altra stanza che ha un passaggio."),
}


def _todo(session: Session, lang: str = "en") -> list[dict]:
    return protocol.state_message(session, [], lang=lang)["todo"]


@pytest.mark.parametrize("lang", ["en", "it"])
def test_a_set_up_step_says_what_it_is_for(lang):
    todo = _todo(Session.start(_header()), lang)
    step, purpose = PASSAGES[lang]
    assert {"kind": "setup", "text": step, "lesson": purpose, "spoken": None} in todo
    assert todo[0]["lesson"] == {"en": "The big board is the castle. The small one is the Cellar, where you must "
                                       "carry the treasures.",
                                 "it": "Il tabellone grande è il castello. Quello piccolo è la Cantina, dove "
                                       "dovete portare i tesori."}[lang]


def test_without_first_game_mode_no_set_up_step_explains_itself():
    for first_game in (None, False):
        todo = _todo(Session.start(_header(first_game)))
        assert todo and [line["lesson"] for line in todo] == [None] * len(todo)
        assert PASSAGES["en"][0] in [line["text"] for line in todo]


def _checklists(game: str, players: list[str]):
    """The first state's set-up steps with every value of each option in turn (the others at
    their defaults), in first-game mode."""
    spec = get_game(game)
    choices = [{}] + [{option.name: value} for option in spec.options for value in option.values]
    for options in choices:
        header = GameHeader.from_json({"game": game, "players": players, "seed": 5,
                                       "options": {**options, "first_game": True}})
        yield options, Session.start(header)


@pytest.mark.parametrize("game, players", [
    ("children", ["Ada", "Bo"]), ("clue_it", ["Ada", "Bo", "Cy"]), ("creepy_cellar", ["Ada", "Bo"]),
    ("creepy_cellar", ["Ada", "Bo", "Cy", "Di"]), ("ghost_at_home", ["Ada", "Bo"]),
    ("house_of_spirits", ["Ada", "Bo", "Cy"]),
])
def test_every_set_up_step_of_every_game_says_what_it_is_for_in_both_languages(game, players):
    steps = 0
    for options, session in _checklists(game, players):
        en, it = _todo(session, "en"), _todo(session, "it")
        set_up = [i for i, line in enumerate(en) if line["kind"] in ("setup", "deal")]
        assert set_up, (game, options)
        for i in set_up:
            assert en[i]["lesson"] and it[i]["lesson"], (options, en[i]["text"])
            assert it[i]["lesson"] != en[i]["lesson"], en[i]["lesson"]  # translated
            assert len(en[i]["lesson"]) <= 125, en[i]["lesson"]  # short: three lines under the step
        steps += len(set_up)
    assert steps >= 2


def test_the_explanations_come_back_after_a_restart(tmp_path):
    """Made again by the engine with the checklist: a game resumed before its first move shows
    the same explanations as the new game did; after an undo, the put-back lines explain nothing."""
    store = EventStore(tmp_path / "g.sqlite3")
    session = Session.start(_header(), store)
    first = _todo(session, "it")
    assert PASSAGES["it"][1] in [line["lesson"] for line in first]
    store.close()
    store = EventStore(tmp_path / "g.sqlite3")
    for use_snapshot in (True, False):
        resumed = Session.resume(store, store.last_unfinished(), use_snapshot=use_snapshot)
        assert _todo(resumed, "it") == first
    assert resumed.handle(Touch("roll")).accepted and resumed.handle(Touch("undo")).accepted
    back = _todo(resumed, "it")
    assert back and {line["kind"] for line in back} == {"return"} and {line["lesson"] for line in back} == {None}
