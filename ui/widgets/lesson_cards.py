"""When the lesson card opens and closes (issue 29 items 1 and 6, first-game mode).

The card (:class:`ui.widgets.lesson.LessonCard`) opens by itself when the state brings a
lesson the table has not put away (:mod:`ui.lessonmemory`), once the table screen shows and
no physical step is on show (the lesson waits behind the steps, as the prompt does). Got it
puts the lesson away for good in this game; while the state still has it, the table screen's
Repeat reads "Lesson" and opens it again. A state without a lesson closes the card.
"""

from __future__ import annotations

from ui.lessonmemory import LessonMemory, lesson_id, lessons_path
from ui.widgets.frame import before_frame
from ui.widgets.lesson import LessonCard


class LessonCards:
    """The table screen's lesson card: ``card`` while open, else None."""

    def __init__(self, screen, app, memory: LessonMemory | None = None):
        self.screen, self.app = screen, app
        self.memory = memory if memory is not None else LessonMemory(lessons_path())
        self.card: LessonCard | None = None
        self._check = before_frame(self.check)
        app.model.bind(lesson=self._check, over=self._check, game=self._check)
        app.bind(large_text=self._refit)
        screen.ids.todo.bind(showing=self._check)
        screen.bind(on_enter=self._check, on_leave=lambda *_: self._close())
        self._check()

    def lesson(self) -> dict:
        """The lesson for the table now ({} while a step or the game over is on show)."""
        model = self.app.model
        if model.over or self.screen.ids.todo.showing or not model.lesson.get("text"):
            return {}
        return dict(model.lesson)

    def check(self, *_args) -> None:
        """Open, update or close the card for the state on show."""
        lesson, game = self.lesson(), self.app.model.game
        fresh = bool(lesson) and not self.memory.seen(lesson, game)
        if self.card is not None:
            # the same lesson (in another language) or a new one: on the card; else it is gone
            # or put away already (an undo back to it)
            if fresh or (lesson and lesson_id(lesson, game) == lesson_id(self.card.lesson, game)):
                self.card.show(lesson)
            else:
                self._close()
        elif fresh and self._on_show():
            self._open(lesson)
        self.screen.lesson_away = bool(lesson) and self.card is None

    def _on_show(self) -> bool:
        manager = self.screen.manager
        return manager is not None and manager.current == self.screen.name

    def reopen(self) -> None:
        """The Lesson button: the card again, for the lesson put away."""
        lesson = self.lesson()
        if lesson and self.card is None:
            self._open(lesson)

    def got_it(self, lesson: dict) -> None:
        """Got it: the lesson is put away (it opens no more by itself in this game)."""
        self.memory.put_away(lesson, self.app.model.game)
        self._close()

    def _open(self, lesson: dict) -> None:
        self.card = LessonCard(self.app, self.got_it)
        self.card.show(lesson)
        self.card.open(animation=False)
        self.screen.lesson_away = False

    def _close(self) -> None:
        card, self.card = self.card, None
        if card is not None:
            card.dismiss(animation=False)
        self.screen.lesson_away = bool(self.lesson())

    def _refit(self, *_args) -> None:
        if self.card is not None:
            self.card.fit()
