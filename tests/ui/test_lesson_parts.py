"""First-game mode's Kivy-free parts (issue 33 item 3): how high the lesson box and a set-up
step's explanation may be, in this process."""

from __future__ import annotations

from ui.text import lesson_height, lesson_markup, whole_lines

#: One 24 px line of text, the Got it button's height (px at 800x480).
LINE, BUTTON = 29.0, 50.0


def test_a_long_text_is_cut_between_two_lines():
    assert whole_lines(80.0, 200.0, LINE) == 80.0  # fits: its own height
    assert whole_lines(300.0, 100.0, LINE) == 87.0  # 3 whole lines of 29 in 100
    assert whole_lines(300.0, 20.0, LINE) == 0.0  # not one line


def test_the_lesson_box_never_covers_the_prompt():
    assert lesson_height("Let's Play: ...", 300.0, 100.0, BUTTON, LINE) == 87.0
    assert lesson_height("Let's Play: ...", 29.0, 100.0, BUTTON, LINE) == BUTTON  # Got it's height at least
    assert lesson_height("Let's Play: ...", 300.0, 49.0, BUTTON, LINE) == 0.0  # no room for Got it: hidden
    assert lesson_height("", 300.0, 400.0, BUTTON, LINE) == 0.0


def test_the_lesson_names_its_rule_in_gold():
    assert lesson_markup({"rule": "Si gioca", "text": "Il turno [comincia]"}) == (
        "[color=ffcc33]Si gioca:[/color] Il turno &bl;comincia&br;")
    assert lesson_markup({}) == ""
