"""Issue 29: the font has every glyph the screen draws (every sentence of the catalogue in
both languages and every string of the UI's code and kv files, against the bundled font's
character map), the fixed slots of the choice panel, the staff banner's words, and the
game end's moments. No window."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from babel.messages.pofile import read_po
from glyphs import kivy_font, lacking

from ui import layout
from ui.summary import moments
from ui.text import staff_text

ROOT = Path(__file__).resolve().parents[2]
PO = ROOT / "companion" / "locale" / "it" / "LC_MESSAGES" / "companion.po"
FONTS = ("Roboto-Regular.ttf", "Roboto-Bold.ttf")


def _catalogue() -> list[str]:
    with PO.open("rb") as f:
        catalogue = read_po(f)
    texts = []
    for message in catalogue:
        for text in (message.id, message.string):
            texts += [t for t in (text if isinstance(text, tuple) else (text,)) if t]
    return texts


def _ui_strings() -> list[str]:
    """Every string literal of ui/ (Python) and every quoted string of ui/kv (what they draw
    comes from these and the catalogue), docstrings and comments left out."""
    texts = []
    for path in sorted((ROOT / "ui").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docs = {id(node.body[0].value) for node in ast.walk(tree)
                if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef)) and node.body
                and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant)}
        texts += [node.value for node in ast.walk(tree)
                  if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs]
    for path in sorted((ROOT / "ui" / "kv").glob("*.kv")):
        code = "\n".join(line for line in path.read_text(encoding="utf-8").splitlines()
                         if not line.strip().startswith("#"))
        texts += re.findall(r'"([^"\n]*)"', code)
    return texts


def _swapped_to_dejavu() -> set[str]:
    """Characters the UI draws in DejaVu Sans by markup (``[font=DejaVuSans]✓[/font]``)."""
    code = "".join(p.read_text(encoding="utf-8") for p in (ROOT / "ui").rglob("*.py"))
    return set(re.findall(r"\[font=DejaVuSans\](.)\[/font\]", code))


def test_the_font_has_every_glyph_of_every_string():
    texts = _catalogue() + _ui_strings()
    assert len(texts) > 2000  # both languages of the catalogue, and the UI's own words
    swapped = _swapped_to_dejavu()
    assert swapped == {"✓"} and not lacking("".join(swapped), kivy_font("DejaVuSans.ttf"))
    for font in FONTS:
        missing = {c: t[:60] for t in texts for c in lacking(t, kivy_font(font)) if c not in swapped}
        assert missing == {}, font


def test_the_check_finds_a_missing_glyph():
    # the arrows the New game screen drew as empty boxes before issue 29
    assert lacking("Settings → Card data ▸", kivy_font(FONTS[0])) == {"→", "▸"}


def test_slots_pack_row_by_row_and_a_wide_label_takes_a_row():
    assert layout.pack([False, False, False]) == [(0, 0, 1), (0, 1, 1), (1, 0, 1)]
    assert layout.pack([False, True, False]) == [(0, 0, 1), (1, 0, 2), (2, 0, 1)]
    assert layout.rows_of(layout.pack([True, True])) == 2


def test_slots_page_with_room_for_the_page_button():
    # 19 rooms in two rows of two: three a page and the page button
    pages = layout.slot_pages([False] * 19, 2)
    assert all(len(p) == 3 for p in pages[:-1]) and sum(pages, []) == list(range(19))
    assert layout.slot_pages([False] * 4, 2) == [[0, 1, 2, 3]]  # all fit: no page button
    assert layout.slot_pages([True, True, True], 1) == [[0], [1], [2]]  # at least one a page
    assert layout.slot_rows(150, 1.0) == 2 and layout.slot_rows(10, 1.0) == 1


def test_a_die_s_faces_take_one_row_of_their_own():
    # House of Spirits' roll: Roll the die (the main button), Do something else, the faces
    cancel = {"key": "cancel", "label": "Do something else"}
    faces = [{"key": f"face:{n}", "label": f"The die shows {n}"} for n in range(1, 7)]
    # the choice panel at 800×480: about 410 px across, two slot rows over the main button
    shown, others = layout.split_faces([cancel, *faces], 2, 410, 1.0)
    assert [layout.face_number(face) for face in shown] == list("123456") and others == [cancel]
    assert layout.slot_pages([False], 2 - 1) == [[0]]  # the rest on one page, the faces under it
    # where the faces do not get a row (one slot row; 50 dp each does not fit) they stay slots
    assert layout.split_faces([cancel, *faces], 1, 410, 1.0) == ([], [cancel, *faces])
    assert layout.split_faces([cancel, *faces], 2, 300, 1.0) == ([], [cancel, *faces])
    assert layout.face_number({"key": "face:x"}) == layout.face_number(cancel) == ""


def test_the_staff_banner_words_and_absent_fields():
    assert staff_text({}) == "" and staff_text(None) == ""  # an older daemon: no banner
    assert staff_text({"called": True, "since": 1.0, "message": None}) == \
        "Staff called: someone is coming to your table."
    assert staff_text({"called": False, "message": "Closing in 10 minutes"}) == "Staff: Closing in 10 minutes"


def test_the_game_end_keeps_notable_moments_spread_over_the_game():
    # only the entries the game marked (kind "moment", the state's notable/log_notable) count:
    # no word of a line is read ("Ghost King moves to room F" was picked for its "king")
    history = [(f"Ada rolled a {n}", "news") for n in range(1, 7)]
    history[1] = ("The 1st haunting forms in room C", "moment")
    history[3] = ("Ghost King moves to room F", "news")
    history.append(("Nope", "notice"))
    history.append(("The 7th haunting forms in room H", "moment"))
    picked = moments(history, reason=["The hunters lost."])
    assert [m["text"] for m in picked] == ["The 1st haunting forms in room C", "The 7th haunting forms in room H"]
    plain = [f"line {i}" for i in range(10)]
    assert [m["text"] for m in moments(plain, count=4)] == ["line 0", "line 3", "line 6", "line 9"]
    assert moments([(f"line {i}", "news") for i in range(10)]) == []
    assert [m["text"] for m in moments(plain, count=1)] == ["line 9"]  # room for one: the latest
    # the state's moments (issue 29 item 7): the same line in two turns is two moments
    sent = [{"text": "Three ghosts in room C become a haunting.", "turn": turn, "round": None} for turn in (4, 9)]
    assert moments(sent + [{"text": "The hunters lost.", "turn": 12, "round": None}],
                   reason=["The hunters lost."]) == [{**m, "kind": ""} for m in sent]  # no kind sent: ""
