"""What a table tells the venue, cut from its public state (issue 32): listed keys only, so
a key a game's view grows later never reaches the broker; the events two states make."""

from __future__ import annotations

import json

from companion.venue.public import events, public_state


def _state(**view) -> dict:
    return {"type": "state", "game": "creepy_cellar", "title": "Creepy Cellar", "revision": 4,
            "prompt": {"player": "Bo", "over": False}, "readers": {"cards": {"online": True, "detail": ""}},
            "view": {"players": ["Ada", "Bo"], "turn_number": 3, "hauntings": 2, "haunting_limit": 8, **view},
            "staff": {"called": False, "since": None, "message": None}}


def test_only_listed_keys_of_the_view_reach_the_venue():
    state = _state(hand=["The Secret Card"], envelope={"kid": "Hidden Kid"}, hauntings=2)
    text = json.dumps(public_state(state, "t1", 7, 100.0))
    assert "Secret" not in text and "Hidden" not in text and "hand" not in text and "envelope" not in text
    public = public_state(state, "t1", 7, 100.0)
    assert (public["turn"], public["round"], public["figures"]) == ("Bo", 3, {"hauntings": 2, "haunting_limit": 8})


def test_the_events_between_two_states():
    first = public_state(_state(), "t1", 7, 100.0)
    later = _state(hauntings=3)
    later["readers"]["cards"]["online"] = False
    later["staff"] = {"called": True, "since": 160.0, "message": None}
    found = events(first, public_state(later, "t1", 7, 100.0), 170.0)
    assert [(e["event"], e.get("hauntings"), e.get("reader")) for e in found] == [
        ("haunting", 3, None), ("reader_offline", None, "cards"), ("staff_called", None, None)]
    over = _state(outcome="lost")
    over["prompt"]["over"] = True
    assert events(first, public_state(over, "t1", 7, 100.0), 1300.0) == [
        {"event": "game_over", "table": "t1", "at": 1300.0, "game": "creepy_cellar", "winner": "lost",
         "duration": 1200}]
    assert events(None, first, 1.0) == []  # a resumed game starts nothing
    assert [e["event"] for e in events(first, public_state(_state(), "t1", 8, 200.0), 201.0)] == ["game_started"]
