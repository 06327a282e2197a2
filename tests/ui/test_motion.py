"""Motion that tells what changed (issue 29 item 5, :mod:`ui.motion`): what changed between
two views, the configured durations (at most 400 ms), and nothing started with motion off.
No window: the rings are canvas instructions and an Animation, made but not drawn (the
playthrough's window test counts the rings started in play, and none with motion off)."""

from __future__ import annotations

import pytest

from ui import motion
from ui.motion import ARRIVE, HAUNTING, KING, SCORE, changes

CELLAR = {"game": "creepy_cellar", "ghost_king": "E",
          "rooms": {"A": {"ghosts": 1, "hauntings": 0}, "B": {"ghosts": 0, "hauntings": 1}}}


def _cellar(**rooms) -> dict:
    view = {**CELLAR, "rooms": {**CELLAR["rooms"], **rooms}}
    return view


def test_a_ghost_arriving_a_haunting_forming_and_the_king_moving_are_told_apart():
    assert changes(CELLAR, _cellar(A={"ghosts": 2, "hauntings": 0})) == [(ARRIVE, "A")]
    assert changes(CELLAR, _cellar(A={"ghosts": 0, "hauntings": 1})) == [(HAUNTING, "A")]  # 3 ghosts make one
    assert changes(CELLAR, {**CELLAR, "ghost_king": "K"}) == [(KING, "K")]
    assert changes(CELLAR, _cellar(A={"ghosts": 0, "hauntings": 0})) == []  # a ghost removed: nothing moves
    assert changes(CELLAR, dict(CELLAR)) == []  # nothing changed: nothing starts


def test_children_ghost_lists_and_house_of_spirits_scores():
    old = {"game": "children", "rooms": {"Kitchen": {"ghosts": [{"enraged": False}]}}}
    new = {"game": "children", "rooms": {"Kitchen": {"ghosts": [{"enraged": False}, {"enraged": True}]}}}
    assert changes(old, new) == [(ARRIVE, "Kitchen")]
    old = {"game": "house_of_spirits", "players": {"Ada": {"score": 3}, "Bo": {"score": 5}}}
    new = {"game": "house_of_spirits", "players": {"Ada": {"score": 7}, "Bo": {"score": 5}}}
    assert changes(old, new) == [(SCORE, "Ada")]


def test_a_first_view_another_game_or_a_jump_moves_nothing():
    assert changes({}, CELLAR) == []
    assert changes({**CELLAR, "game": "children"}, _cellar(A={"ghosts": 3})) == []
    jump = _cellar(**{letter: {"ghosts": 2, "hauntings": 0} for letter in "ACDEF"})  # a new game's board
    assert len(jump["rooms"]) == 6 and changes(CELLAR, jump) == []


def test_every_animation_lasts_at_most_400_ms():
    assert set(motion.DURATIONS) == set(motion.COLOURS) >= {ARRIVE, HAUNTING, KING, SCORE, motion.LIGHT, motion.CAT,
                                                          motion.MOVER, motion.BALLOONS}
    assert max(motion.DURATIONS.values()) <= motion.LONGEST == 0.4


@pytest.fixture
def tile():
    from kivy.uix.widget import Widget

    return Widget(pos=(10, 20), size=(100, 80))


def test_a_ring_runs_its_configured_duration_and_motion_off_starts_nothing(tile):
    from kivy.animation import Animation

    running = len(Animation._instances)
    assert motion.pulse([tile], ARRIVE, motion=False) is None
    assert len(Animation._instances) == running and len(tile.canvas.after.children) == 0
    animation = motion.pulse([tile, None], HAUNTING, motion=True)
    assert animation.duration == motion.DURATIONS[HAUNTING] == 0.4
    assert animation in Animation._instances and len(tile.canvas.after.children) == 1  # the ring
    animation.stop(animation.rings[0])
    assert len(tile.canvas.after.children) == 0  # taken off when it ends


def test_the_table_screens_motion_rings_the_room_that_changed_and_nothing_with_motion_off():
    from kivy.uix.widget import Widget

    board, room = Widget(), Widget()
    board.tiles = {"A": room, "B": Widget()}  # as Creepy Cellar's board
    Widget().add_widget(board)  # on a screen
    still = motion.Motion()
    assert still.shown(board, CELLAR, motion=False) == 0
    assert still.shown(board, _cellar(A={"ghosts": 2, "hauntings": 0}), motion=False) == 0
    assert still.started == 0 and len(room.canvas.after.children) == 0
    moving = motion.Motion()
    assert moving.shown(board, CELLAR, motion=True) == 0  # a first view: nothing to compare
    assert moving.shown(board, CELLAR, motion=True) == 0  # the same view again: nothing
    assert moving.shown(board, _cellar(A={"ghosts": 2, "hauntings": 0}), motion=True) == 1
    assert (moving.started, moving.running, len(room.canvas.after.children)) == (1, 1, 1)


def test_a_language_switch_moves_nothing():
    from kivy.uix.widget import Widget

    board, parent, cell = Widget(), Widget(), Widget()
    board.cells = {("ground", 0): cell}  # as Children's mansion grid
    parent.add_widget(board)
    english = {"game": "children", "mansion": {"ground": ["Kitchen"]}, "rooms": {"Kitchen": {"ghosts": [{}]}}}
    italian = {"game": "children", "mansion": {"ground": ["Cucina"]},  # names in the table's language
               "rooms": {"Cucina": {"ghosts": [{}]}}}
    assert changes(english, italian) == [(ARRIVE, "Cucina")]  # as views, a new room with a ghost
    assert motion.place_widget(board, ARRIVE, "Cucina", italian) is cell
    moving = motion.Motion()
    moving.shown(board, english, motion=True, language="en")
    assert moving.shown(board, italian, motion=True, language="it") == 0 and moving.started == 0
    assert len(cell.canvas.after.children) == 0


def _floor(ghosts=0, light=False, cat=0) -> dict:
    return {"rooms": [], "light": light, "ghosts": ghosts, "cat": cat}


HOME = {"game": "ghost_at_home", "players": ["Ada", "Bo"],
        "houses": {"Ada": {"1": _floor(), "2": _floor(ghosts=1), "3": _floor(), "complete": False},
                   "Bo": {"1": _floor(light=True), "2": _floor(), "3": _floor(cat=1), "complete": False}}}


def _home(player: str, floor: str, **changed) -> dict:
    house = {**HOME["houses"][player], floor: {**HOME["houses"][player][floor], **changed}}
    return {**HOME, "houses": {**HOME["houses"], player: house}}


def test_ghost_at_home_a_ghost_a_light_going_on_and_a_cat_on_a_floor():
    assert changes(HOME, _home("Ada", "2", ghosts=2)) == [(ARRIVE, "Ada:2")]
    assert changes(HOME, _home("Ada", "1", light=True)) == [(motion.LIGHT, "Ada:1")]
    assert changes(HOME, _home("Bo", "2", cat=1)) == [(motion.CAT, "Bo:2")]
    assert changes(HOME, _home("Bo", "1", light=False)) == []  # a light going off: nothing moves
    assert changes(HOME, _home("Ada", "2", ghosts=0)) == []  # a ghost driven out: nothing moves
    assert changes(HOME, dict(HOME)) == []
    assert changes({**HOME, "houses": {}}, HOME) == []  # a new game's houses: nothing to compare


CLUE = {"game": "clue_it", "balloons": 2, "players": ["Ada", "Bo"],
        "movers": {"Kid 1": "Centre", "Kid 2": "Library", "Kid 3": "Centre"}}


def test_clue_it_a_kid_mover_arriving_and_a_red_balloon_drawn():
    moved = {**CLUE, "movers": {**CLUE["movers"], "Kid 2": "Kitchen"}}
    assert changes(CLUE, moved) == [(motion.MOVER, "Kitchen")]
    assert changes(CLUE, {**CLUE, "balloons": 3}) == [(motion.BALLOONS, motion.BALLOONS)]
    assert changes(CLUE, {**CLUE, "balloons": 1}) == []  # an undo: nothing moves
    assert changes(CLUE, dict(CLUE)) == []


def test_ghost_at_home_rings_the_floor_that_changed():
    from kivy.uix.widget import Widget

    from ui.boards.ghost_at_home import HouseView

    board, house = Widget(), HouseView(name="Ada", pos=(100, 0), size=(200, 400))
    board.houses = {"Ada": house}  # as Ghost at Home's board
    Widget().add_widget(board)
    x, y, width, height = house.floor_box(2)  # the floor's box as the house draws it
    assert (x, width) == (pytest.approx(108), pytest.approx(184))
    floor_h = (400 - 48 - 28 - 56 - 8) / 3  # label 12 %, hand 7 %, roof 14 %, pad 4 % of the side
    assert (y, height) == (pytest.approx(48 + 28 + floor_h), pytest.approx(floor_h))  # over floor 1
    from kivy.graphics import RoundedRectangle

    house.redraw()
    drawn = [(*i.pos, *i.size) for i in house.canvas.before.children if isinstance(i, RoundedRectangle)]
    gap = height * 0.08  # the floor's own drawing: its panel inset by half a gap top and bottom
    assert pytest.approx((x, y + gap / 2, width, height - gap)) in drawn
    spot = motion.place_widget(board, motion.LIGHT, "Ada:2", HOME)
    assert (spot.x, spot.y, spot.width, spot.height) == (x, y, width, height) and spot.canvas is house.canvas
    assert motion.place_widget(board, ARRIVE, "Cy:2", HOME) is None  # nobody's house
    moving = motion.Motion()
    moving.shown(board, HOME, motion=True)
    before = len(house.canvas.after.children)
    assert moving.shown(board, _home("Ada", "2", ghosts=2, light=True), motion=True) == 2  # two kinds, two rings
    assert len(house.canvas.after.children) == before + 2
    assert moving.shown(board, _home("Ada", "2", ghosts=2, light=True), motion=False) == 0


def test_clue_it_rings_the_place_a_kid_arrived_at_and_the_balloons():
    from kivy.uix.widget import Widget

    board, kitchen, counts = Widget(), Widget(), Widget()
    board.tiles, board.counts = {"Kitchen": kitchen, "Centre": Widget()}, counts  # as CLUE: IT's board
    Widget().add_widget(board)
    moving = motion.Motion()
    moving.shown(board, CLUE, motion=True, language="en")
    moved = {**CLUE, "balloons": 3, "movers": {**CLUE["movers"], "Kid 2": "Kitchen"}}
    assert moving.shown(board, moved, motion=True, language="en") == 2
    assert (len(kitchen.canvas.after.children), len(counts.canvas.after.children)) == (1, 1)
    italian = {**moved, "movers": {"Personaggio 1": "Centro", "Personaggio 2": "Cucina", "Personaggio 3": "Centro"}}
    assert changes(moved, italian) == []  # kids renamed: no kid is at another place
    assert moving.shown(board, {**italian, "balloons": 4}, motion=True, language="it") == 0  # a switch: nothing
