"""Card data's Kivy-free parts (issues 5, 12), in this process: the badges, the form's
values (stepper, toggles, what Save sends) and the piece the enrollment walk just enrolled."""

from __future__ import annotations

from ui.carddata import badge_text, enrolled_now, entry_of, form_of, stepped, toggled

BULBS = {"name": "bulbs", "kind": "int", "low": 0, "high": 9, "values": []}
COLOUR = {"name": "colour", "kind": "choice", "values": ["red", "blue"]}
DOORS = {"name": "doors", "kind": "flags", "values": ["left", "right", "up"]}


def test_badges():
    assert badge_text({"entered": True, "placeholder": False}) == "entered"
    assert badge_text({"entered": False, "placeholder": True}) == "placeholder — please enter"
    assert badge_text({"entered": False, "placeholder": False}) == "as in the content file"


def test_the_stepper_stays_in_range_and_starts_an_unknown_count_at_the_lowest():
    assert [stepped(BULBS, None, 1), stepped(BULBS, None, -1)] == [0, 0]
    assert [stepped(BULBS, 3, 1), stepped(BULBS, 3, -1)] == [4, 2]
    assert [stepped(BULBS, 9, 1), stepped(BULBS, 0, -1)] == [9, 0]


def test_toggles_choose_one_or_several_in_the_fields_order():
    assert toggled(COLOUR, "red", "blue") == "blue"
    assert toggled(DOORS, ["up"], "left") == ["left", "up"]
    assert toggled(DOORS, ["left", "up"], "left") == ["up"]
    assert toggled(DOORS, None, "right") == ["right"]


def test_save_sends_every_field_with_a_value():
    assert entry_of([BULBS, COLOUR], {"bulbs": None, "colour": "red"}) == {"colour": "red"}
    assert entry_of([BULBS, COLOUR], {"bulbs": 0, "colour": "blue"}) == {"bulbs": 0, "colour": "blue"}
    assert entry_of([BULBS], {"bulbs": None}) == {}  # Save stays disabled


def walk(step, enrolled, component, game="ghost_at_home"):
    return {"game": game, "step": step, "enrolled": enrolled, "component": component}


def test_the_piece_just_enrolled():
    first, second = "ghost_at_home:room:first-floor#1", "ghost_at_home:room:first-floor#2"
    assert enrolled_now(walk(1, 0, first), walk(2, 1, second)) == first  # a tap enrolled copy 1
    assert enrolled_now(walk(1, 0, first), walk(2, 0, second)) is None  # skipped
    assert enrolled_now(walk(2, 1, second), walk(1, 0, first)) is None  # undone
    assert enrolled_now(walk(1, 0, first), walk(1, 0, first)) is None  # a warning: tap it again
    assert enrolled_now(None, walk(1, 0, first)) is None
    assert enrolled_now(walk(1, 0, first, game="lamps"), walk(2, 1, second)) is None
    last = "ghost_at_home:special:room-wild-card#2"
    assert enrolled_now(walk(53, 52, last), walk(53, 53, None)) == last  # the last piece: the walk is done


def test_the_form_of_a_piece():
    answer = {"components": [{"component": "lamps:lamp:a"}, {"component": "lamps:bulb:card#2"}]}
    assert form_of(answer, "lamps:bulb:card#2") == {"component": "lamps:bulb:card#2"}
    assert form_of(answer, "lamps:lamp:a#1") == {"component": "lamps:lamp:a"}  # a copy without its own form
    assert form_of(answer, "lamps:ghost:ghost") is None
    assert form_of(None, "lamps:lamp:a") is None and form_of(answer, None) is None
