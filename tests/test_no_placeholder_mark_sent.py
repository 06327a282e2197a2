"""No message the daemon sends a screen carries the content files' "(placeholder)" mark
(issue 27 item 3, issue 29 item 9): a stand-in card is named "Monster 5", "Ghost 06", so the
table screen has nothing to cut out of the daemon's text (``ui.text.PLACEHOLDER_MARKS`` and
``strip_placeholders`` are gone).

Random games of every registered game through a real :class:`~companion.session.Session`,
with random house rules (physical decks, companion-drawn decks...), in both languages: every
``state`` and every player's ``private`` answer after each input, the table check, the
refusal of a card tapped now and then (its notice), the
``components`` listing and the card-data forms' names. Children's draw choices said "Ghost 04
(placeholder)" (the screen cut the mark, and an Italian table read the English "Ghost 04")."""

from __future__ import annotations

import json
import random

import pytest

from companion import protocol
from companion.card_names import listing
from companion.engine import all_games
from companion.header import GameHeader
from companion.inputs import Tap
from companion.session import Session

#: The marks the content files append to a stand-in's name (English, Italian).
MARKS = ("(placeholder)", "(segnaposto)")
STEPS = 150
SEEDS = 4


def _marked(message) -> list[str]:
    text = json.dumps(message, ensure_ascii=False, default=str)
    return [mark for mark in MARKS if mark in text]


def _sent(session: Session, news, lang: str) -> list:
    """What the daemon would send every screen now: the state, each player's private answer
    and the table check."""
    found = [protocol.state_message(session, [], tuple(news), lang),
             protocol.check_message(session, 0, lang)]
    found += [protocol.private_message(session, player, lang) for player in session.header.players]
    return found


@pytest.mark.parametrize("game", sorted(all_games()))
def test_no_message_of_a_random_game_carries_the_mark(game):
    from test_playout import random_setup, random_touch  # tests/games (pytest's pythonpath)

    spec = all_games()[game]
    for seed in range(SEEDS):
        rng = random.Random(seed)
        players, options = random_setup(spec, rng)
        session = Session.start(GameHeader.from_json(
            {"game": game, "players": players, "options": options, "seed": seed}))
        lang = ("en", "it")[seed % 2]
        news: list = []
        components = sorted(spec.components)
        for step in range(STEPS):
            for message in _sent(session, news, lang):
                assert _marked(message) == [], f"{game} seed {seed}: {json.dumps(message)[:300]}"
            if step % 5 == 0 and components:  # a card tapped out of turn: the refusal's notice names it
                tapped = rng.choice(components)
                reply = session.handle(Tap("04A1B2C3D4E5F6", reader="table", ndef=tapped))
                said = protocol.notice(reply.text, "warning", lang) if not reply.accepted else {}
                assert _marked(said) == [], f"{game} seed {seed}: {said}"
                news = list(reply.news) if reply.accepted else news
            touch = random_touch(spec, session, rng)
            if touch is None:
                break
            reply = session.handle(touch)
            news = list(reply.news) if reply.accepted else []


@pytest.mark.parametrize("lang", ["en", "it"])
def test_no_card_listing_or_form_title_carries_the_mark(lang):
    """The Cards panel's listing (the ``components`` message) and the card-data forms' card
    names. (A form's fields show the content file's data as it is, for the owner to replace:
    the screen never cut the mark there.)"""
    from companion.table_content import forms

    for game, spec in all_games().items():
        assert _marked([name for _id, name in listing(game, lang)]) == [], game
        if spec.content is not None:
            assert _marked([c["label"] for c in forms(spec, {}, lang)["components"]]) == [], game
