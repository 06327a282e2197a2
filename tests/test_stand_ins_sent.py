"""Every state lists the stand-ins it shows (issue 27 item 3): the table screen told a
stand-in ("Monster 5", "Tessera 2-4") by its shape, with regular expressions over the
daemon's words (``ui/boards/names.py``); a card the owner named "Item 5" read as one. The
state's ``stand_ins`` says it instead: each stand-in's name the view and the public choices
show, in the words shown, with its number (:class:`companion.i18n.StandIn`).

Random games of every registered game through a real :class:`~companion.session.Session`
with random house rules, in both languages. Here, and only here, a name's shape is the
oracle: the games' content files name every card the rulebook does not with a word and a
number, and no printed name in them has that shape.
"""

from __future__ import annotations

import random
import re

import pytest

from companion import protocol
from companion.engine import all_games
from companion.header import GameHeader
from companion.inputs import Touch
from companion.session import Session

#: A stand-in's name as the content files' stand-ins are said: "Monster 5", "Carta trama 3",
#: "Tessera 2-4", "Fantasma 04" (what ``ui/boards/names.py`` matched before this test).
SHAPE = re.compile(r"^[A-Z][a-z]+(?: card| trama)? (?P<n>\d+(?:-\d+)?)$")
STEPS = 150
SEEDS = 4


def _shown(message: dict) -> set[str]:
    """Every text of the state's view (keys and values) and of its public choices' labels."""
    found: set[str] = set()

    def walk(value) -> None:
        if isinstance(value, dict):
            for key, item in value.items():
                found.add(key)
                walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)
        elif isinstance(value, str):
            found.add(value)

    walk(message["view"])
    prompt = message["prompt"]
    found |= {c["label"] for c in prompt["choices"]} | {c["label"] for c in prompt["out_of_turn"]}
    return found


def _check(message: dict, where: str) -> None:
    shown, listed = _shown(message), message["stand_ins"]
    shaped = {text: match["n"] for text in shown if (match := SHAPE.match(text))}
    assert {name: listed.get(name) for name in shaped} == shaped, where
    assert set(listed) <= shown, where  # only names the state shows: nothing hidden


@pytest.mark.parametrize("game", sorted(all_games()))
def test_every_stand_in_a_state_shows_is_listed_with_its_number(game):
    from test_playout import random_setup, random_touch  # tests/games (pytest's pythonpath)

    spec = all_games()[game]
    listed = 0
    for seed in range(SEEDS):
        rng = random.Random(seed)
        players, options = random_setup(spec, rng)
        session = Session.start(GameHeader.from_json(
            {"game": game, "players": players, "options": options, "seed": seed}))
        for _step in range(STEPS):
            for lang in ("en", "it"):
                message = protocol.state_message(session, [], (), lang)
                _check(message, f"{game} seed {seed} {lang}")
                listed += len(message["stand_ins"])
            touch = random_touch(spec, session, rng)
            if touch is None:
                break
            session.handle(touch)
    if game in ("children", "clue_it", "house_of_spirits"):  # the games with stand-ins in their content files
        assert listed > 0


def _house_of_spirits(content: dict) -> dict[str, dict]:
    """Round 1 of House of Spirits, three items in play (``item-05`` last): language -> state."""
    from hos_checks import complete_content  # tests/games

    header = GameHeader.from_json({"game": "house_of_spirits", "players": ["Ada", "Bo", "Cy"], "seed": 1,
                                   "options": {"decks": "physical"}, "content": {**complete_content(), **content}})
    session = Session.start(header)
    for key in ("start", "draw:kraig-quartzheim", "draw:olivia", "draw:rudolph", "face:6", "face:1", "face:2",
                "draw:flashlight", "draw:broken-mirror", "draw:item-05"):
        assert session.handle(Touch(key)).accepted, key
    return {lang: protocol.state_message(session, [], (), lang) for lang in ("en", "it")}


def test_a_card_the_owner_named_like_a_stand_in_is_not_one():
    """The owner's card 5 reads "Item 5" on its face: a printed name, no stand-in (the screen
    would draw a card and "5" where the name does not fit). Not entered, it is the stand-in
    "Item 5", "Oggetto 5" in Italian."""
    entered = _house_of_spirits({"house_of_spirits:item:item-05": {"name": "Item 5"}})
    assert entered["it"]["view"]["in_play"][-1]["name"] == "Item 5"
    assert "Item 5" not in entered["en"]["stand_ins"] and "Item 5" not in entered["it"]["stand_ins"]
    stand_in = _house_of_spirits({})
    assert stand_in["it"]["view"]["in_play"][-1]["name"] == "Oggetto 5"
    assert stand_in["it"]["stand_ins"]["Oggetto 5"] == "5" and stand_in["en"]["stand_ins"]["Item 5"] == "5"
