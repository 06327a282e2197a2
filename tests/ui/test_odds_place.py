"""The odds figure sits where the board says (its ``odds_place``): the shared widget names no
game (issue 27 item 3; it kept a table of game ids). A board that keeps a row of its own for
it (its ``odds_spot``) has it there, in that row and no higher or lower (issue 29: in the top
corner it hid House of Spirits' monster name, "Mo… 10", and Children's step line)."""

from __future__ import annotations


def test_the_odds_figure_sits_where_the_board_says():
    from kivy.uix.widget import Widget

    from ui.boards.children import ChildrenBoard
    from ui.boards.clue_it import ClueBoard
    from ui.boards.creepy_cellar import CellarBoard
    from ui.widgets.odds import DEFAULT_PLACE, OddsBadge

    assert getattr(ClueBoard, "odds_place", None) is None  # its answers line's row (odds_spot)
    assert getattr(ChildrenBoard, "odds_place", None) is None  # its own row (odds_spot)
    assert getattr(CellarBoard, "odds_place", None) is None  # the top right, as every other board
    slot = Widget()
    badge = OddsBadge(slot)
    assert badge.place() == DEFAULT_PLACE == ("top", 1.0)
    board = Widget()
    board.odds_place = ("bottom", 1.0)
    slot.add_widget(board)
    assert badge.place() == ("bottom", 1.0)


def test_the_odds_figure_keeps_to_the_boards_own_row():
    from kivy.uix.boxlayout import BoxLayout
    from kivy.uix.widget import Widget

    from ui.widgets.odds import OddsBadge

    slot = Widget(pos=(0, 0), size=(364, 330))
    badge = OddsBadge(slot)
    board = BoxLayout(orientation="vertical", pos=(0, 0), size=(364, 330))
    board.add_widget(Widget())  # the board's rows above: its names
    board.odds_spot = Widget(size_hint_y=None, height=32)
    board.add_widget(board.odds_spot)
    board.add_widget(Widget())
    slot.add_widget(board)
    board.do_layout()
    spot = board.odds_spot
    badge.show({"what": "This attack hits", "value": 0.58})
    x, y, w, h = badge.box
    assert (round(x + w), spot.x <= x) == (round(spot.right), True)  # right-aligned in the row
    assert spot.y <= y and y + h <= spot.top  # within its height: over no other row
    spot.y += 40  # the board lays itself out again: the figure follows its row
    assert badge.box[1] >= spot.y
    badge.show({})
    assert badge.box is None


def test_a_row_shared_with_the_figure_puts_its_words_away_while_the_figure_shows():
    """CLUE: IT's answers line and the figure share a row (issue 29: the figure lay over its
    status line, "0/8", "23", "2 2"; a row of its own took the 7-player board's passage tiles
    to 19.5 px): the badge names its text to the row, and the row's words are put away."""
    from kivy.uix.boxlayout import BoxLayout
    from kivy.uix.widget import Widget

    from ui.boards.clue_it import AnswersRow
    from ui.widgets.odds import OddsBadge

    slot = Widget(pos=(0, 0), size=(364, 330))
    badge = OddsBadge(slot)
    board = BoxLayout(orientation="vertical", pos=(0, 0), size=(364, 330))
    board.odds_spot = row = AnswersRow()
    row.fit()
    board.add_widget(Widget())
    board.add_widget(row)
    slot.add_widget(board)
    board.do_layout()
    row.words = "Answers to Cy: Bo: no card"
    assert row.label.text == "Answers to Cy: Bo: no card"
    badge.show({"what": "A question in reach this turn", "value": 1.0})
    assert (row.figure, row.label.text) == ("A question in reach this turn: 100%", "")
    x, y, w, h = badge.box
    assert row.y <= y and y + h <= row.top + 0.5  # the figure within the row: over no other
    badge.show({})
    assert (row.figure, row.label.text) == ("", "Answers to Cy: Bo: no card")
