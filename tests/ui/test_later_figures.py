"""The odds meter's figure after its state (issue 35 item 3): the table screen's model takes a
``later`` message only for the state on show, and the Creepy Cellar board keeps the figure it
showed, in its place, while a state brings None, then shows the one that follows. No window."""

from __future__ import annotations

from types import SimpleNamespace


def _state(revision: int, odds) -> dict:
    return {"type": "state", "game": "creepy_cellar", "revision": revision, "prompt": {},
            "view": {"game": "creepy_cellar", "odds_haunting": odds, "outcome": None}}


def test_the_model_takes_the_figures_of_the_state_on_show_only():
    from ui.model import TableModel

    model = TableModel()
    model.apply_state(_state(5, None))
    model.take_later({"type": "later", "revision": 4, "game": "creepy_cellar", "view": {"odds_haunting": 0.3}})
    assert model.later == {}  # an older state's
    model.take_later({"type": "later", "revision": 5, "game": "children", "view": {"odds_haunting": 0.3}})
    assert model.later == {}  # another game's
    model.take_later({"type": "later", "revision": 5, "game": "creepy_cellar", "view": {"odds_haunting": 0.42}})
    assert model.later == {"odds_haunting": 0.42}


def test_the_cellar_board_keeps_its_figure_until_the_next_comes():
    from ui.boards.creepy_cellar import CellarBoard, status_line

    board = SimpleNamespace(view={"odds_haunting": None, "outcome": None}, status="Basic · cellar 0/8",
                            odds=0.19, status_line="", tr=SimpleNamespace(_=lambda text, **p: text.format(**p)))
    board._show_status = lambda: CellarBoard._show_status(board)  # the wordings that fit: cellar15
    CellarBoard.take_later(board, {"odds_haunting": None})
    assert board.odds == 0.19 and board.status_line == ""  # nothing yet: the last figure stays
    CellarBoard.take_later(board, {"odds_haunting": 0.56})
    assert board.odds == 0.56
    assert board.status_line == status_line("Basic · cellar 0/8", 0.56) and "56%" in board.status_line
    board.view = {"odds_haunting": None, "outcome": "won"}
    CellarBoard.take_later(board, {"odds_haunting": 0.7})
    assert board.odds == 0.56  # over: on_view shows no risk, and no late figure brings it back
