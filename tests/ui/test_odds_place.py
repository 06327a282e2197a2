"""The odds figure sits where the board says (its ``odds_place``): the shared widget names no
game (issue 27 item 3; it kept a table of game ids)."""

from __future__ import annotations


def test_the_odds_figure_sits_where_the_board_says():
    from kivy.uix.widget import Widget

    from ui.boards.children import ChildrenBoard
    from ui.boards.clue_it import ClueBoard
    from ui.boards.creepy_cellar import CellarBoard
    from ui.widgets.odds import DEFAULT_PLACE, OddsBadge

    assert (ChildrenBoard.odds_place, ClueBoard.odds_place) == (("top", 0.42), ("bottom", 1.0))
    assert getattr(CellarBoard, "odds_place", None) is None  # the top right, as every other board
    slot = Widget()
    badge = OddsBadge(slot)
    assert badge.place() == DEFAULT_PLACE == ("top", 1.0)
    board = Widget()
    board.odds_place = ("bottom", 1.0)
    slot.add_widget(board)
    assert badge.place() == ("bottom", 1.0)
