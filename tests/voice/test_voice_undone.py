"""Issue 27 item 3: the state after an undo says so (``undone``), in every language, and
the voice says its news and what to put back as an undo from that, not from the words."""

from __future__ import annotations

import pytest

from companion import protocol
from companion.engine import get_game
from companion.header import GameHeader
from companion.inputs import Touch
from companion.session import Session
from companion.voice.hearing import Hearing


def _played() -> tuple[Session, tuple]:
    header = GameHeader.from_json({"game": "ghost_at_home", "players": ["Ada", "Bo"], "seed": 5})
    session = Session(get_game("ghost_at_home"), header)
    reply = session.handle(Touch(session.prompt.choices[0].key))
    assert reply.accepted
    return session, reply.news


@pytest.mark.parametrize("lang, opening", [("en", "Undone: "), ("it", "Annullat")])
def test_the_state_after_an_undo_says_undone_and_the_voice_says_it_as_an_undo(lang, opening):
    session, news = _played()
    played = protocol.state_message(session, [], news, lang)
    assert played["undone"] is False
    hearing = Hearing()
    hearing.heard({**played, "revision": 1, "language": lang})
    reply = session.handle(Touch("undo"))
    assert reply.accepted
    state = protocol.state_message(session, [], reply.news, lang)
    assert state["undone"] is True
    assert state["news"][0].startswith(opening)
    said = hearing.heard({**state, "revision": 2, "language": lang})
    kinds = {u.kind for u in said if u.kind != "prompt"}
    assert kinds == {"undo"}, said
    assert [u.text for u in said if u.kind == "undo"][:1] == state["news"][:1]
    assert protocol.state_message(session, [], (), lang)["undone"] is False  # no news: on connecting


def test_the_next_input_after_an_undo_is_not_undone():
    session, _ = _played()
    session.handle(Touch("undo"))
    reply = session.handle(Touch(session.prompt.choices[0].key))
    assert reply.accepted
    assert protocol.state_message(session, [], reply.news, "en")["undone"] is False
    assert protocol.state_message(None, [], (), "en")["undone"] is False
