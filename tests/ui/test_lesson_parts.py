"""First-game mode's Kivy-free parts (issue 33 item 3, issue 29): the lesson card's words and
the lessons the table put away with Got it."""

from __future__ import annotations

import json

from ui.lessonmemory import LessonMemory, lesson_id
from ui.text import lesson_markup

LESSON = {"rule": "Si gioca", "text": "Il turno comincia", "key": "Let's Play", "game_id": 7}


def test_the_lesson_names_its_rule_in_gold_on_a_line_of_its_own():
    assert lesson_markup({"rule": "Si gioca", "text": "Il turno [comincia]"}) == (
        "[b][color=ffcc33]Si gioca[/color][/b]\nIl turno &bl;comincia&br;")
    assert lesson_markup({}) == ""


def test_a_lesson_is_known_by_its_game_and_its_english_key_in_every_language():
    assert lesson_id(LESSON, "creepy_cellar") == (7, "creepy_cellar:Let's Play")
    assert lesson_id({**LESSON, "rule": "Let's Play", "text": "A turn starts"}, "creepy_cellar") == (
        7, "creepy_cellar:Let's Play")
    assert lesson_id({"rule": "Si gioca", "text": "Il turno"}, "x") == (None, "x:Si gioca")  # an older daemon
    assert lesson_id({}, "x") is None and lesson_id(None, "x") is None


def test_got_it_is_kept_for_the_game_on_the_table_and_read_back_after_a_restart(tmp_path):
    path = tmp_path / "lessons.json"
    memory = LessonMemory(path)
    assert not memory.seen(LESSON, "creepy_cellar")
    memory.put_away(LESSON, "creepy_cellar")
    assert memory.seen(LESSON, "creepy_cellar") and not memory.seen(LESSON, "children")
    assert json.loads(path.read_text()) == {"game": 7, "keys": ["creepy_cellar:Let's Play"]}
    again = LessonMemory(path)  # the screen restarted
    assert again.seen({**LESSON, "rule": "Let's Play"}, "creepy_cellar")
    assert not again.seen({**LESSON, "game_id": 8}, "creepy_cellar")  # a new game teaches again
    again.put_away({**LESSON, "game_id": 8, "key": "Ghost Cards"}, "creepy_cellar")
    assert json.loads(path.read_text()) == {"game": 8, "keys": ["creepy_cellar:Ghost Cards"]}  # only one game kept


def test_a_broken_file_or_a_game_without_a_store_is_kept_in_memory(tmp_path):
    path = tmp_path / "lessons.json"
    path.write_text("{not json")
    memory = LessonMemory(path)
    assert memory.keys == set()
    unstored = {**LESSON, "game_id": None}
    memory.put_away(unstored, "creepy_cellar")
    assert memory.seen(unstored, "creepy_cellar")
    assert path.read_text() == "{not json"  # nothing to key it by after a restart: not written
