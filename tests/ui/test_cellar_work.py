"""Issue 27 item 7: the Creepy Cellar board's canvas instructions, which Kivy walks and
submits at every frame (about 800 of the table window's ~900 before; drawing was the
largest part of the table screen's main thread per state). Counted in a child process
(``cellar_work.py``: Kivy stays out of this one, no window): a work count, never a timing
(the timings are benchmarks/ui_client.py's).

Before: every room drew its passage tile at size 0 when it had none (15 instructions), its
pick frame at width 0 (3) and its empty hunters' line (3): 631 instructions for the
script's view 10, an empty room 30. Then 385, with a ghost 16 and a pawn 14 (their shapes
one by one, now one mesh a colour).
"""

from __future__ import annotations

import pytest

from tests.ui.child_counts import printed_counts

pytestmark = pytest.mark.ui

@pytest.fixture(scope="module")
def counted(tmp_path_factory):
    return printed_counts("cellar_work.py", tmp_path_factory.mktemp("kivy"))


def test_what_a_room_does_not_show_is_not_drawn(counted):
    assert counted["hidden"] == {"passage tile": 0, "pick frame": 0, "hunters' names": 0}


def test_an_empty_room_draws_its_tile_edge_and_letter_only(counted):
    # edge: Color + Line, letter: Color + Rectangle; Kivy binds a texture before each shape.
    # (The tile's fill, a Color + RoundedRectangle of its own on each room before, is the
    # board's: one mesh a colour for all the tiles, ui.boards.tile_fills)
    assert counted["empty_room"] == {"Color": 2, "BindTexture": 2, "Line": 1, "Rectangle": 1}


def test_a_ghost_and_a_pawn_draw_one_mesh_a_colour(counted):
    # a ghost was Color + 6 shapes (head, body, 3 hem waves) + Color + 2 eyes, a pawn two
    # colours of 3 shapes each, a texture bound before each shape: 16 and 14 instructions
    one_a_colour = {"Color": 2, "BindTexture": 2, "Mesh": 2}
    assert counted["pieces"] == {"ghost": one_a_colour, "pawn": one_a_colour}


def test_the_tiles_fills_are_one_mesh_a_colour(counted):
    # view 10: castle rooms and cellar rooms, none haunted (16 RoundedRectangles before)
    assert counted["fills"] == {"Color": 2, "BindTexture": 2, "Mesh": 2}


def test_the_whole_board_draws_282_instructions(counted):
    # 385 while each ghost and pawn drew its shapes one by one; 321 while each tile drew its
    # own fill (3 instructions on 16 tiles), the haunting meter each of its 8 segments (3
    # each) and a row of ghosts and hauntings each piece (6 each): now one mesh a colour.
    # 262 before the pawn key under the rooms (board15, cellar15: the names left the rooms,
    # where they lay over the pieces; the key's pawns and names are 15 more); 282 since the
    # door status draws its door (a status, not a button-like box: screen20b)
    assert counted["board"] == 282, counted
