"""The table screen: the game's board, whose turn, the prompt in large type, one big touch
button per choice, Undo, and the event log.

The board is the game's own widget (:mod:`ui.boards`); the rest works for any game.
"""

from __future__ import annotations

import logging

from kivy.app import App
from kivy.metrics import dp, sp
from kivy.properties import BooleanProperty, NumericProperty, ObjectProperty
from kivy.uix.screenmanager import Screen

from ui import boards
from ui.boards import board_class, set_picks
from ui.kvloader import load_kv
from ui.layout import GAP, LARGE_PROMPT, MAIN_HEIGHT, PROMPT_SIZE, SLOT_ROW
from ui.memory import collect_all_next
from ui.motion import Motion
from ui.widgets import buttons, cards_panel, choices, eventlog, gameover, todo  # noqa: F401  (kv uses their widgets)
from ui.widgets.frame import before_frame
from ui.widgets.lesson_cards import LessonCards
from ui.widgets.odds import OddsBadge

log = logging.getLogger(__name__)


class TableScreen(Screen):
    """Binds to ``app.model``; swaps in the board widget of the game being played.

    Attributes:
        board: the current board widget, or None.
    """

    board = ObjectProperty(None, allownone=True)
    #: First-game mode: the state has a lesson the table put away (its card is closed): the
    #: Repeat button reads "Lesson" and opens the card again (issue 29).
    lesson_away = BooleanProperty(False)

    #: The prompt's font, sp at scale 1 (:data:`ui.layout.PROMPT_SIZE`; larger with large text).
    prompt_font = NumericProperty(PROMPT_SIZE)

    def __init__(self, **kwargs):
        load_kv("table")
        self.motion = Motion()
        super().__init__(name="table", **kwargs)
        model = App.get_running_app().model
        model.bind(game=self._show_game, view=self._show_view, colours=lambda m, _c: self._show_view(m, m.view),
                   choices=self._show_picks, busy=self._show_picks)
        self.odds_badge = OddsBadge(self.ids.board_slot)  # the odds meter's figure (issue 33 item 5)
        model.bind(odds=lambda m, odds: self.odds_badge.show(odds, App.get_running_app().scale))
        self._show_game(model, model.game)
        cards_panel.attach(self)  # the Cards button, while the daemon has virtual readers (issue 18)
        self._fit_prompt = before_frame(self._prompt_size)
        app = App.get_running_app()
        app.bind(large_text=self._fit_prompt)
        for widget in (self.ids.right, self.ids.gameover, self.ids.todo, self.ids.out_of_turn):
            widget.bind(height=self._fit_prompt)
        self.ids.right.bind(width=self._fit_prompt)
        self.ids.prompt.bind(text=self._fit_prompt)
        self._turn_labels = (self.ids.turn.__self__, self.ids.toast.__self__)  # kept: moved between boxes
        self._turn_row = self.ids.turn_row.__self__  # in the layout in portrait only (no spacing else)
        app.bind(portrait=self._place_turn)
        self._place_turn(app, app.portrait)
        self.lesson_card = LessonCards(self, app)

    def _place_turn(self, _app, portrait: bool) -> None:
        """Whose turn and the undo toast: in the header in landscape; in portrait, where the
        header between Menu and Undo is too narrow for "Turn 42 · Ada's turn", in the row
        of their own under it (issue 29)."""
        row, column = self._turn_row, self.ids.header.parent
        if portrait and row.parent is None:
            column.add_widget(row, index=column.children.index(self.ids.header))  # under the header
        elif not portrait and row.parent is not None:
            column.remove_widget(row)
        box = row if portrait else self.ids.turn_box
        for label in self._turn_labels:
            if label.parent is not box:
                if label.parent is not None:
                    label.parent.remove_widget(label)
                box.add_widget(label)

    def prompt_room(self) -> float:
        """The most height the prompt may take (pixels): the main button and a row of slots
        keep their room under it."""
        ids, scale = self.ids, App.get_running_app().scale
        return (ids.right.height - ids.gameover.height - ids.todo.height - ids.out_of_turn.height
                - dp(MAIN_HEIGHT + SLOT_ROW + GAP + 8 * 4) * scale)

    def _prompt_size(self, *_args) -> None:
        """Large text (Settings): the prompt at the first of :data:`ui.layout.LARGE_PROMPT`
        whose lines fit its room, else at the floor; normal text: the floor, nothing measured."""
        app, label = App.get_running_app(), self.ids.prompt
        size = PROMPT_SIZE
        if app.large_text and label.text:
            room = self.prompt_room()
            for size in (*LARGE_PROMPT, PROMPT_SIZE):
                label.font_size = sp(size) * app.scale
                label.texture_update()
                if label.texture_size[1] <= room:
                    break
        self.prompt_font = size
        label.font_size = sp(size) * app.scale

    def repeat(self) -> None:
        """Repeat (the voice says the prompt again); while a lesson is put away, "Lesson":
        its card opens again too."""
        if self.lesson_away:
            self.lesson_card.reopen()
        App.get_running_app().repeat()

    def _show_game(self, _model, game: str) -> None:
        """Put the board of ``game`` in the board slot (keeps it when the game is the same).

        Only the board of the game being played is kept (issue 29 item 11): another game's
        board is made when its game starts (a few tens of milliseconds) and the last one is
        dropped, and its memory (about 3.5 MiB with its textures) freed in the next quiet
        time (:func:`ui.memory.collect_all_next`). Keeping one board per game kept ~14 MiB
        for the four games not on the table; a board goes only if nothing outside it holds
        it (its listeners: :func:`ui.boards.watch_language`, bound methods, kv rules)."""
        cls = board_class(game) if game else None
        if cls is None or isinstance(self.board, cls):
            return
        slot = self.ids.board_slot
        slot.clear_widgets()
        self.board = None  # the last game's board goes before the next is made
        self.board = cls()
        slot.add_widget(self.board)
        self._show_view(_model, _model.view)
        collect_all_next()  # the old board freed, the new one out of the collector's way

    def _show_view(self, _model, view: dict) -> None:
        """Hand ``view`` to the board; the previous game's view (the state message names the
        new game before it brings its view) is skipped, and a view the board cannot draw
        shows the neutral board (:func:`ui.boards.update`) until one it can."""
        if self.board is None or view.get("game") not in (None, _model.game):
            return
        drawn = boards.update(self.board, dict(view), dict(_model.colours))
        shown = self.board if drawn else self._neutral()
        slot = self.ids.board_slot.__self__  # the widget: ids are weak proxies, and a proxy is never a parent
        if shown.parent is not slot:
            slot.clear_widgets()
            slot.add_widget(shown)
        app = App.get_running_app()
        self.motion.shown(shown, view, app.motion, app.scale, _model.language)  # what changed moves (issue 29 item 5)
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
