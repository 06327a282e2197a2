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
    assert set(motion.DURATIONS) == {ARRIVE, HAUNTING, KING, SCORE}
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
