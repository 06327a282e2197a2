"""The Children board in a real Kivy window (Xvfb): the mansion grid, ghosts calm and
enraged, left-card counts and the hand limit in large type, from a real game's view."""

from __future__ import annotations

from pathlib import Path

import pngread
import pytest
from board_shots import assert_drawn, draw_board
from test_table_screen import ARTIFACTS, _share

from companion.daemon.settings import DaemonSettings
from ui.boards.children import (
    column_widths,
    counts,
    room_need,
    room_short,
    step_apart,
    steps,
    title_lines,
    turn_text,
)
from ui.boards.fit import fit_lines
from ui.i18n import translate
from ui.text import english

ROOT = Path(__file__).resolve().parents[2]

#: theme.HAUNTED_TILE as 0–255 RGB: the fill of a room with an enraged ghost.
ENRAGED_TILE_RGB = (66, 18, 26)


def _game_view() -> dict:
    """The view of the bundled ghosts-win script just before the end (enraged ghosts on the board)."""
    from companion import script
    from companion.session import Session

    table = script.load(ROOT / "tests" / "scripts" / "children" / "ghosts_win.jsonl")
    session = Session.start(table.header)
    for line in table.lines[: len(table.lines) - 12]:
        session.handle(line.input, line.number)
    return session.view()


def test_room_names_are_cut_only_when_a_word_cannot_fit():
    """Item 4 of issue 17: names were broken mid-word ("Dormito ry"); a word too wide even
    at the floor (20 sp since issue 29) is shortened with a full stop, the last resort."""
    def measure(word: str) -> float:  # a tile 8 letters wide, 10 px a letter
        return 10 * len(word)

    assert fit_lines("Wash Room", 80, 2, measure) == "Wash Room"
    assert fit_lines("Billiards Room", 80, 2, measure) == "Billiar. Room"  # the label wraps it
    assert fit_lines("Dormitory", 100, 1, measure) == "Dormitory"


def test_a_room_too_long_for_its_cell_shows_a_short_name_a_child_reads():
    """Issue 29: five columns at 800×480 leave 60-70 px of text a cell (6-7 letters at
    20 px); the rooms were cut to "Kitch.", "Dormi.", "Mast. Bedro.", "Tesse. 2-4". A
    rulebook room has a short name of whole words; a stand-in has none: its tablet is drawn
    beside its number (it showed a code, "#2-4")."""
    assert [room_short(n) for n in ("Master Bedroom", "Dormitory", "Billiards Room", "Kitchen", "Camera padronale")] \
        == ["Master", "Dorm", "Billiard", "", "Camera"]
    assert room_short("Tessera 2-4") == "" and room_short("Tablet 0-5") == ""
    assert room_short("Sala degli specchi") == ""  # a name the owner entered: whole, or cut


def test_each_column_is_as_wide_as_its_names_need_where_the_mansion_allows():
    """A column of long names takes width from columns of short ones (a cell was a fifth of
    the mansion whatever it held): whole names where they all fit, else short ones, else
    equal columns. 10 px a letter; ``overhead`` 9 px a cell; a stand-in's tablet 25 px."""
    def measure(text: str) -> float:
        return 10.0 * len(text)

    # a tile holding two lines wraps between words: "Master Bedroom" needs its longer word
    assert room_need("Master Bedroom", 2, measure) == (70.0, 60.0)
    # one line (a room with pieces, or a low tile: at 800×480 an empty one holds one line
    # too, where it was taken as two): the whole name, or its short one
    assert room_need("Master Bedroom", 1, measure) == (140.0, 60.0)
    # a room the owner named "Tablet 2-4" is no stand-in: its whole name (issue 27 item 3)
    assert room_need("Tablet 2-4", 1, measure, 25) == (100.0, 100.0)
    # a stand-in's narrowest: its tablet and number (the state's ``stand_ins``), 25 + 30 px
    assert room_need("Tablet 2-4", 1, measure, 25, "2-4") == (100.0, 55.0)
    # three lines: the best breaks of three words
    assert room_need("Sala degli specchi", 3, measure) == (70.0, 70.0)
    assert room_need("Sala degli specchi", 2, measure) == (100.0, 100.0)
    dorm, kitchen, spire = room_need("Dormitory", 2, measure), room_need("Kitchen", 1, measure), \
        room_need("Spire", 2, measure)
    assert column_widths([[dorm, None], [kitchen], [spire]], 300, 9) == {0: 99.0, 1: 79.0, 2: 59.0}
    # too narrow for the whole names: the short ones ("Dorm")
    assert column_widths([[dorm], [kitchen], [spire]], 200, 9) == {0: 49.0, 1: 79.0, 2: 59.0}
    assert column_widths([[dorm], [kitchen], [spire]], 150, 9) == {}  # equal columns, names cut
    # issue 29: a column whose whole name fits has it, even where another column's cannot
    # ("Tablet" / "2-4" on two lines rather than its tablet and number, beside "Dorm")
    tablet = room_need("Tablet 2-4", 2, measure, 10, "2-4")
    assert tablet == (60.0, 40.0)
    assert column_widths([[dorm], [tablet], [kitchen]], 210, 9) == {0: 49.0, 1: 69.0, 2: 79.0}


def test_a_column_is_sized_for_the_lines_its_tiles_hold():
    """At 800×480 a tile is 48.7 px high: 45.7 px for its name, one line at the floor (20 px
    a line of 24.4 px). An empty room was taken to hold two, so its column was sized for
    "Master" / "Bedroom" and the tile showed "Master" (a stand-in, "#2-4"). A higher tile
    holds more lines; its pieces' row takes its share first. Outside a window: scale 1."""
    assert title_lines(48.7, pieces=False) == 1
    assert title_lines(48.7, pieces=True) == 1
    assert title_lines(100, pieces=False) == 3  # 97 px of name
    assert title_lines(100, pieces=True) == 2  # the pieces' row takes 29 px


def test_player_panels_count_cards_and_name_trapped_ghosts():
    p = {"cards": 4, "skulls": 1, "trapped": ["Rosie", "Ghost 05 (placeholder)"], "kitty_card": True}
    # drawn as a card back, a skull and a ghost, each with its number (words did not fit
    # four players' panels at 14 sp)
    assert counts(p) == (4, 1, 2)
    assert counts({"trapped": []}) == (0, 0, 0)
    view = {"turn": "Ada", "step": 2, "actions_left": 1}
    assert turn_text(view).splitlines() == ["[b][color=ffcc33]Ada[/color][/b]", "2 Take 2 actions", "Actions left: 1"]
    assert turn_text({"turn": "Ada", "step": "roll"}).splitlines() == ["[b][color=ffcc33]Ada[/color][/b]"]


def test_the_board_speaks_italian():
    """The board's own words go through the client's translator (the Italian rulebook's
    terms)."""
    def it(text, **params):
        return translate(text, "it", **params)

    assert steps(it)[1:] == ("1 Gioca una tessera stanza", "2 Compi 2 azioni", "3 Riporta la mano al limite",
                             "4 Muovi 1 fantasma", "5 Muovi Kitty Kitty")


def test_the_step_reads_apart_from_its_number():
    """Portrait read "2 Take 2 actions": the step's number and its words ran together."""
    def it(text, **params):
        return translate(text, "it", **params)

    assert step_apart(steps()[2], 2) == ("Part 2 · Take 2 actions", "2 · Take 2 actions")
    assert step_apart(steps(it)[3], 3, it) == ("Parte 3 · Riporta la mano al limite", "3 · Riporta la mano al limite")
    assert step_apart("Take 2 actions", 2) == ("Take 2 actions", "Take 2 actions")  # no number: as it is
    # screen20b: the turn's part (the rulebook's "part 1 of your turn") is not the step card's
    # "Step 1 of 2" (what the table does with its hands), on the same screen
    for _ in (english, it):
        part, card = _("Part {n}", n=1), _("Step {n} of {total}", n=1, total=2)
        assert part.split()[0] != card.split()[0], (part, card)


@pytest.mark.ui
def test_children_board_draws_the_mansion(display, kivy_home, tmp_path):
    view = _game_view()
    assert view["enraged"], "the picture should show enraged ghosts"
    out = ARTIFACTS / "children-board.png"
    draw_board("children:ChildrenBoard", view, out, display, kivy_home, tmp_path)
    assert_drawn(out)  # tiles, text, the large hand limit


@pytest.mark.ui
def test_children_board_on_the_table_screen_in_italian(harness, tmp_path):
    """The same game on the real table screen (the board beside the prompt and its choices),
    with an Italian daemon: ``tests/artifacts/children-it.png``."""
    from companion import script
    from companion.daemon import Daemon, DaemonThread
    from companion.store import EventStore

    table = script.load(ROOT / "tests" / "scripts" / "children" / "ghosts_win.jsonl")
    sock = tmp_path / "companion.sock"
    store = EventStore(":memory:")
    daemon = Daemon(store, sock, DaemonSettings(language="it"))
    try:
        with DaemonThread(daemon):
            daemon.call(lambda: daemon.start_game(table.header))
            for line in table.lines[: len(table.lines) - 12]:
                daemon.submit(line.input)
            daemon.drain()
            view = daemon.call(lambda: daemon.session.view())
            ui = harness("page", sock, (800, 480), ARTIFACTS, args=("--page", "table", "--name", "children-it"))
            report = ui.finish()
    finally:
        store.close()
    assert view == _game_view() and view["enraged"]
    assert report["screen"] == "table" and report["screenshots"] == [str(ARTIFACTS / "children-it.png")]
    assert (report["small"], report["clipped"], report["out_of_sight"]) == ([], [], [])
    png = pngread.read(ARTIFACTS / "children-it.png")
    assert _share(png, ENRAGED_TILE_RGB, step=2) > 0.005  # rooms of enraged ghosts
