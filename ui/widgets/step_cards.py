"""A set-up step that says what it is for, on the lesson card (issue 29 items 1 and 6,
first-game mode).

Under the step in the todo panel, the explanation had the room the step and the main button
left: 24 px, and it scrolled (2 lines of House of Spirits' Italian showed). Step and
explanation together need up to 425 px of the column's 288 at 26 px (Children, Italian), so
they go on the lesson card (:class:`ui.widgets.lesson.LessonCard`): the step in gold and
bold, what it is for under it, both at 32 px, whole; the card's big button is the step's
Done, and beside it "Step 2 of 6". No touch is added: Done ticks the step as the panel's
does, and the next step's words take the card's place. The card closes when no step with an
explanation is on show (the steps are done, a new input came, another language's words
follow on the same card). The lesson card waits behind the steps (:mod:`.lesson_cards`).
"""

from __future__ import annotations

from kivy.metrics import sp

from ui.widgets.frame import before_frame
from ui.widgets.lesson import LessonCard

#: The step count beside Done (sp at scale 1): a button's floor, read from a metre.
COUNT_FONT = 26


def step_lesson(line: dict | None) -> dict:
    """The card's words for a todo ``line``: the step as the card's heading, what it is for
    as its text ({} for a line without an explanation)."""
    if not line or not line.get("lesson") or not line.get("text"):
        return {}
    return {"rule": str(line["text"]), "text": str(line["lesson"])}


class StepCards:
    """The table screen's set-up step card: ``card`` while open, else None."""

    def __init__(self, screen, app):
        self.screen, self.app = screen, app
        self.card: LessonCard | None = None
        self._check = before_frame(self.check)
        todo = screen.ids.todo
        todo.bind(showing=self._check, ticked=self._check, lines=self._check, step_text=self._check,
                  done_text=self._check)
        app.model.bind(over=self._check)
        app.bind(large_text=self._refit)
        screen.bind(on_enter=self._check, on_leave=lambda *_: self._close())
        self._check()

    def line(self) -> dict:
        """The step on show when it has an explanation, else {}."""
        todo = self.screen.ids.todo
        if self.app.model.over or not todo.showing:
            return {}
        lines = todo.shown_lines()
        ticked = int(todo.ticked)
        return lines[ticked] if ticked < len(lines) and lines[ticked].get("lesson") else {}

    def check(self, *_args) -> None:
        """Open, update or close the card for the step on show."""
        lesson = step_lesson(self.line())
        if not lesson or not self._on_show():
            self._close()
            return
        if self.card is None:
            self.card = LessonCard(self.app, lambda _lesson: self.screen.ids.todo.tick())
            self.card.hint.font_size = sp(COUNT_FONT) * self.app.scale
            self.card.open(animation=False)
        todo = self.screen.ids.todo
        self.card.got_it_button.text = todo.done_text
        self.card.hint.text = todo.count_text()
        self.card.show(lesson)

    def _on_show(self) -> bool:
        manager = self.screen.manager
        return manager is not None and manager.current == self.screen.name

    def _close(self) -> None:
        card, self.card = self.card, None
        if card is not None:
            card.dismiss(animation=False)

    def _refit(self, *_args) -> None:
        if self.card is not None:
            self.card.fit()
