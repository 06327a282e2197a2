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
from ui.layout import GAP, LARGE_PROMPT, MAIN_HEIGHT, PROMPT_SIZE, SLOT_ROW, column_gaps
from ui.memory import collect_all_next
from ui.motion import Motion
from ui.notice_place import NoticePlace
from ui.text import escape_markup, page_mark, page_words, prompt_markup, setup_question
from ui.widgets import buttons, cards_panel, choices, eventlog, gameover, todo  # noqa: F401  (kv uses their widgets)
from ui.widgets.frame import before_frame
from ui.widgets.lesson_cards import LessonCards
from ui.widgets.odds import OddsBadge
from ui.widgets.step_cards import StepCards

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
    #: The most height the prompt may take (pixels, :meth:`prompt_room`).
    prompt_most = NumericProperty(0)
    #: A long prompt's page on show (touch the prompt for the next; issue 29).
    prompt_page = NumericProperty(0)

    def __init__(self, **kwargs):
        load_kv("table")
        self.motion = Motion()
        super().__init__(name="table", **kwargs)
        model = App.get_running_app().model
        model.bind(game=self._show_game, view=self._show_view, colours=lambda m, _c: self._show_view(m, m.view),
                   choices=self._show_picks, busy=self._show_picks)
        self.odds_badge = OddsBadge(self.ids.board_slot)  # the odds meter's figure (issue 33 item 5)
        model.bind(odds=lambda m, odds: self.odds_badge.show(odds, App.get_running_app().scale))
        model.bind(later=self._show_later)  # the state's slow figures, after it (issue 35 item 3)
        self._show_game(model, model.game)
        cards_panel.attach(self)  # the Cards button, while the daemon has virtual readers (issue 18)
        self._prompt_pages: list[str] = []
        self._paged_for: tuple = ("", 0)
        self._fit_prompt = before_frame(self._prompt_size)
        app = App.get_running_app()
        app.bind(large_text=self._fit_prompt)
        for widget in (self.ids.right, self.ids.gameover, self.ids.todo, self.ids.out_of_turn):
            widget.bind(height=self._fit_prompt)
        self.ids.right.bind(width=self._fit_prompt)
        self.ids.todo.bind(showing=self._fit_prompt)
        self.ids.todo.bind(showing=self._step_shown)  # the board's places pick nothing under a step
        self.ids.choices.bind(choices=self._fit_prompt, hold_slots=self._fit_prompt, over=self._fit_prompt)
        # the panel takes the column's height left under the prompt: it builds after both
        self.ids.choices.build_after(self._fit_prompt, self.ids.prompt._trigger_texture, self.ids.right._trigger_layout)
        model.bind(prompt_text=self._fit_prompt, player=self._fit_prompt, over=self._fit_prompt,
                   colours=self._fit_prompt)
        self._turn_labels = (self.ids.turn.__self__, self.ids.toast.__self__)  # kept: moved between boxes
        self._turn_row = self.ids.turn_row.__self__  # in the layout in portrait only (no spacing else)
        app.bind(portrait=self._place_turn)
        self._place_turn(app, app.portrait)
        app.bind(scale=self._rescaled)
        self.step_card = StepCards(self, app)  # a set-up step and what it is for (first-game mode)
        self.lesson_card = LessonCards(self, app)
        self.notice_place = NoticePlace(self, app)  # the banner by the prompt (issue 29)

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

    def _rescaled(self, _app, _scale: float) -> None:
        """A resized or rotated window (a new ``app.scale``): the board is made again, at the
        new scale. Boards size their labels and pieces in pixels when they make them, and
        keep the parts whose words did not change (issue 29: after 800×480 → 720×1280 the
        CLUE: IT board's names stayed at 13 px, and back at 800×480 they were 30 px, "Lo. 5")."""
        model = App.get_running_app().model
        self.board, self._neutral_board = None, None
        self.ids.board_slot.clear_widgets()
        self._show_game(model, model.game)
        self.odds_badge.show(model.odds, App.get_running_app().scale)  # its figure at the new size too

    def prompt_room(self) -> float:
        """The most height the prompt may take (pixels): the main button keeps its room under
        it, and a row of slots when the choices have some on show (issue 29: a prompt with
        only the main button, House of Spirits' first, had 216 px of its 228 and overflowed)."""
        ids, app = self.ids, App.get_running_app()
        slots = ids.choices.slots_wanted()
        return (ids.right.height - ids.gameover.height - ids.todo.height - ids.out_of_turn.height
                - dp(MAIN_HEIGHT + column_gaps(app.portrait) + ((SLOT_ROW + GAP) if slots else 0)) * app.scale)

    def _prompt_size(self, *_args) -> None:
        """The prompt's size and pages: with large text (Settings) the first of
        :data:`ui.layout.LARGE_PROMPT` whose lines fit its room, else the floor; at the floor a
        prompt longer than its room pages (touch it for the next page): it never overflows
        and never shrinks (issue 29)."""
        app = App.get_running_app()
        model = app.model
        hidden = model.over or self.ids.todo.showing or not model.prompt_text
        room = self.prompt_room()
        self.prompt_most = max(0.0, room)
        full = "" if hidden else prompt_markup(model.prompt_text, model.player, model.over, model.colours)
        size = PROMPT_SIZE
        if app.large_text and full:
            for size in (*LARGE_PROMPT, PROMPT_SIZE):
                if self._fits(full, size, room):
                    break
        self.prompt_font = size
        pages = [full] if not full or self._fits(full, size, room) else self._pages(size, room)
        self._prompt_pages = pages
        if (model.prompt_text, len(pages)) != self._paged_for:
            self.prompt_page, self._paged_for = 0, (model.prompt_text, len(pages))
        self._show_page()

    def _fits(self, markup: str, size: float, room: float) -> bool:
        """``markup`` at font ``size`` (sp at scale 1) takes at most ``room`` px of height."""
        label = self.ids.prompt
        label.font_size = sp(size) * App.get_running_app().scale
        label.text = markup
        # cut at the column's width (the prompt's once laid out): before the column's first
        # layout the label is 100 px wide, a word a line (newcomer19: "Bo's › 1/17" at 720x1280)
        label.text_size = (self.ids.right.width, None)
        label.texture_update()
        # rendered now, as shown: the render the new text triggered for the next frame would
        # draw the same texture again (issue 27 item 7: the prompt rendered twice a state)
        label._trigger_texture.cancel()
        return label.texture_size[1] <= room

    def _pages(self, size: float, room: float) -> list[str]:
        """The prompt's pages, each in its room with its mark (at font ``size``)."""
        model = App.get_running_app().model

        def shown(text: str, number: int, count: int) -> str:
            words = (prompt_markup(text, model.player, model.over, model.colours) if number == 1
                     else escape_markup(text))
            return words + page_mark(number, count)

        plain = page_words(model.prompt_text, lambda text, n, count: self._fits(shown(text, n, count), size, room))
        return [shown(text, n, len(plain)) for n, text in enumerate(plain, 1)]

    def _show_page(self, *_args) -> None:
        pages = self._prompt_pages or [""]
        label = self.ids.prompt
        label.font_size = sp(self.prompt_font) * App.get_running_app().scale
        label.text = pages[min(int(self.prompt_page), len(pages) - 1)]

    def prompt_touched(self, touch) -> bool:
        """A touch on a paged prompt shows its next page (the last goes back to the first)."""
        label = self.ids.prompt
        if len(self._prompt_pages) < 2 or not label.collide_point(*touch.pos):
            return False
        self.prompt_page = (int(self.prompt_page) + 1) % len(self._prompt_pages)
        self._show_page()
        return True

    def choose(self, key: str) -> None:
        """A choice button was touched: chosen, or first asked about while set-up steps of
        the checklist are left (:func:`ui.text.setup_question`: the next
        input starts the next state's steps; newcomer19: "Roll the die" at step 3 of 10
        dropped steps 4-10 without a word). "Back to set-up" keeps the steps on show."""
        from ui.widgets.confirm import Confirm

        app = App.get_running_app()
        model, steps = app.model, self.ids.todo
        label = next((str(c.get("label") or key) for c in model.choices if c.get("key") == key), key)
        question = setup_question(steps.shown_lines() if steps.showing else [], int(steps.ticked), label, app.tr._)
        if not question:
            app.choose(key)
            return
        Confirm(question, label, app.tr._("Back to set-up"), lambda: app.choose(key)).open()

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
        drawn = boards.update(self.board, dict(view), dict(_model.colours), dict(_model.stand_ins))
        shown = self.board if drawn else self._neutral()
        slot = self.ids.board_slot.__self__  # the widget: ids are weak proxies, and a proxy is never a parent
        if shown.parent is not slot:
            slot.clear_widgets()
            slot.add_widget(shown)
        app = App.get_running_app()
        self.motion.shown(shown, view, app.motion, app.scale, _model.language)  # what changed moves (issue 29 item 5)
        self._show_picks(_model)

    def _show_later(self, _model, figures: dict) -> None:
        """Hand the state's slow figures (the ``later`` message) to a board that shows one;
        until they come it keeps the figure it showed, in its place."""
        take = getattr(self.board, "take_later", None)
        if take is not None:
            take(dict(figures))

    def _neutral(self):
        """The neutral board (made once)."""
        if getattr(self, "_neutral_board", None) is None:
            self._neutral_board = boards.fallback_class()()
        return self._neutral_board

    def _step_shown(self, *_args) -> None:
        self._show_picks(App.get_running_app().model)

    def _show_picks(self, model, *_args) -> None:
        """The places on the board that pick a choice now: none while a touch is on its way,
        nor while a physical step is on show with the choices hidden under it (board15: the
        Cellar's rooms were outlined, and a touch moved a hunter, while "The Ghost King
        moves to room M." waited for its Done)."""
        if self.board is not None:
            app = App.get_running_app()
            # only the board showing the view looks choices up in it: where the neutral board
            # stands in, the view is one the game's board cannot read (Children's board died
            # looking a room choice up in it, killing the client)
            shown = self.board.parent is self.ids.board_slot.__self__
            hidden = model.busy or model.over or not shown or self.ids.todo.showing
            choices = [] if hidden else list(model.choices)
            set_picks(self.board, choices, app.choose)
