"""The table screen: the game's board, whose turn, the prompt in large type, one big touch
button per choice, Undo, and the event log.

The board is the game's own widget (:mod:`ui.boards`); the rest works for any game.
"""

from __future__ import annotations

from kivy.app import App
from kivy.properties import NumericProperty, ObjectProperty
from kivy.uix.screenmanager import Screen

from ui import boards
from ui.boards import board_class, set_picks
from ui.kvloader import load_kv
from ui.widgets import buttons, cards_panel, choices, eventlog, gameover, todo  # noqa: F401  (kv uses their widgets)
from ui.widgets.odds import OddsBadge


class TableScreen(Screen):
    """Binds to ``app.model``; swaps in the board widget of the game being played.

    Attributes:
        board: the current board widget, or None.
    """

    board = ObjectProperty(None, allownone=True)
    #: The revision whose lesson the table hid with "Got it" (first-game mode): it shows again
    #: with the next state (an undo or a new step), and the Rules card has it meanwhile.
    lesson_seen = NumericProperty(-1)

    def __init__(self, **kwargs):
        load_kv("table")
        super().__init__(name="table", **kwargs)
        model = App.get_running_app().model
        model.bind(game=self._show_game, view=self._show_view, colours=lambda m, _c: self._show_view(m, m.view),
                   choices=self._show_picks, busy=self._show_picks)
        self.odds_badge = OddsBadge(self.ids.board_slot)  # the odds meter's figure (issue 33 item 5)
        model.bind(odds=lambda m, odds: self.odds_badge.show(odds, App.get_running_app().scale))
        self._show_game(model, model.game)
        cards_panel.attach(self)  # the Cards button, while the daemon has virtual readers (issue 18)
        self._lesson_view = self.ids.lesson.__self__  # kept: out of the tree, kv's weak id would die
        self.ids.lesson_text.bind(text=self._lesson_in_tree)
        self._lesson_in_tree()

    def _lesson_in_tree(self, *_args) -> None:
        """The lesson's scroll view is in the layout only while there is a lesson: a scroll
        view clips with a stencil, drawn every frame even when 0 px high (tests/ui/drawing.py)."""
        view, box = self._lesson_view, self.ids.right
        if self.ids.lesson_text.text and view.parent is None:
            box.add_widget(view, index=box.children.index(self.ids.todo) + 1)  # above the todo step
        elif not self.ids.lesson_text.text and view.parent is not None:
            box.remove_widget(view)

    def _show_game(self, _model, game: str) -> None:
        """Put the board of ``game`` in the board slot (keeps it when the game is the same)."""
        cls = board_class(game) if game else None
        if cls is None or isinstance(self.board, cls):
            return
        slot = self.ids.board_slot
        slot.clear_widgets()
        self.board = cls()
        slot.add_widget(self.board)
        self._show_view(_model, _model.view)

    def _show_view(self, _model, view: dict) -> None:
        """Hand ``view`` to the board; the previous game's view (the state message names the
        new game before it brings its view) is skipped, and a view the board cannot draw
        shows the neutral board (:func:`ui.boards.update`) until one it can."""
        if self.board is None or view.get("game") not in (None, _model.game):
            return
        drawn = boards.update(self.board, dict(view), dict(_model.colours))
        shown = self.board if drawn else self._neutral()
        slot = self.ids.board_slot
        if shown.parent is not slot:
            slot.clear_widgets()
            slot.add_widget(shown)
        self._show_picks(_model)

    def _neutral(self):
        """The neutral board (made once)."""
        if getattr(self, "_neutral_board", None) is None:
            self._neutral_board = boards.fallback_class()()
        return self._neutral_board

    def _show_picks(self, model, *_args) -> None:
        """The places on the board that pick a choice now (none while a touch is on its way)."""
        if self.board is not None:
            app = App.get_running_app()
            set_picks(self.board, [] if model.busy or model.over else list(model.choices), app.choose)
