"""words20 on the screens' own words (no window): a count said in a sentence takes its
number's form ("1 day ago", "1 of its 5 steps is not ticked"; Italian "1 giorno fa", never
"1 carte" nor "1 pezzi").
"""

from __future__ import annotations

from companion.desk.page import words
from companion.i18n import msg, render
from ui.i18n import translate
from ui.text import ago_text, english, setup_question


def _it(text: str, **params) -> str:
    return translate(text, "it", **params)


def _steps(n: int) -> list[dict]:
    return [{"kind": "setup", "text": f"step {i}"} for i in range(n)]


def test_one_day_ago_is_singular():
    assert ago_text(86400 * 1.5) == "1 day ago"
    assert ago_text(86400 * 3) == "3 days ago"
    assert (ago_text(86400 * 1.5, _it), ago_text(86400 * 3, _it)) == ("1 giorno fa", "3 giorni fa")


def test_one_set_up_step_left_is_singular():
    assert setup_question(_steps(5), 4, "Roll the die", english) == (
        "Set-up is not finished: 1 of its 5 steps is not ticked. Roll the die anyway? History keeps it.")
    assert setup_question(_steps(5), 3, "Roll the die", english) == (
        "Set-up is not finished: 2 of its 5 steps are not ticked. Roll the die anyway? History keeps them.")
    assert setup_question(_steps(5), 4, "Tira il dado", _it) == (
        "La preparazione non è finita: 1 dei suoi 5 passi non è spuntato. Tira il dado comunque? "
        "Lo Storico lo conserva.")


def test_cards_still_to_enter_on_the_desk_read_for_one_card_in_italian():
    one = words("it")["left"].format(title="Children", left=1, cards=61)
    assert "1 carte" not in one and one == "Children: carte ancora da inserire, 1 su 61"


def test_enrollment_done_reads_for_one_piece_in_italian():
    done = msg("Done: {enrolled} of {total} pieces enrolled, {skipped} skipped.", enrolled=1, total=2, skipped=1)
    assert render(done, "it") == "Finito: registrati 1 su 2, saltati 1."


def test_the_dormitory_s_short_italian_name_reads_as_a_room():
    """Session 19's notes: the Children board's short name of "Dormitorio" was "Dormi" ("sleep!", an
    imperative); "Camera" is the Master Bedroom's already. Each short name is a whole word or
    two of its room's, names one room, and fits the 6-7 letters of a cell at 800x480."""
    from ui.boards.children import ROOM_SHORTS  # noqa: PLC0415

    assert ROOM_SHORTS["Dormitorio"] == "Letti"
    italian = {name: short for name, short in ROOM_SHORTS.items()
               if name in {"Camera padronale", "Sala da biliardo", "Dormitorio"}}
    assert len(set(italian.values())) == len(italian)
    assert all(len(short) <= 8 for short in ROOM_SHORTS.values())
