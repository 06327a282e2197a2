"""Enrollment: the walk through every tagged piece of a game, on screen ("Piece 14 of 81:
tap the Ghost card room H."), driven by the state message's ``enrollment``; Skip, Undo and
Stop are the daemon's ``enroll_skip``/``enroll_undo``/``enroll_stop`` commands.

When the piece just enrolled has printed data to enter (the game's ``content`` answer has
a form for it), a button offers "Enter what is printed on it": its form
(:class:`~ui.widgets.contentform.ContentForm`) takes the walk's place until Save or Skip,
then the walk goes on."""

from __future__ import annotations

from kivy.app import App
from kivy.properties import ObjectProperty, StringProperty
from kivy.uix.screenmanager import Screen

from ui.carddata import enrolled_now, form_of
from ui.kvloader import load_kv
from ui.widgets import buttons  # noqa: F401  (kv uses TouchButton)
from ui.widgets.contentform import ContentForm


class EnrollScreen(Screen):
    """Shows ``app.model.enrollment``.

    Attributes:
        offer: the piece whose printed data the offer button opens ("" when none).
        offer_text: that button's words.
        form: the form on show, or None.
    """

    offer = StringProperty("")
    offer_text = StringProperty("")
    form = ObjectProperty(None, allownone=True)

    def __init__(self, **kwargs):
        load_kv("enroll")
        super().__init__(name="enroll", **kwargs)
        # the walk's box, held here: out of the tree while a form shows, kv's ids hold it only
        # weakly and a garbage collection then freed it (ReferenceError on Save or Skip)
        self._walk_box = self.ids.walk.__self__  # the widget, not the ids' weak proxy
        self._last: dict | None = None
        app = App.get_running_app()
        app.model.bind(enrollment=self._walk_changed)
        app.tr.on_switch(lambda _lang: self._offer(self.offer))
        if app.model.enrollment:  # built on first use (ui.root.LazyScreenManager): a walk under way
            self._walk_changed(app.model, app.model.enrollment)

    @staticmethod
    def said(walk: dict | None) -> str:
        """What the last tap, skip or undo did: the walk's message without the instruction
        it ends with (that one is the big text)."""
        walk = walk or {}
        message, asking = walk.get("message", ""), walk.get("asking", "")
        if asking and message.endswith(asking):
            message = message[: -len(asking)].rstrip()
        return message

    # ------------------------------------------------------------------ the offer

    def _walk_changed(self, model, walk: dict | None) -> None:
        before, self._last = self._last, dict(walk) if walk else None
        if not walk:
            self.close_form()
            self._offer("")
            return
        if not before or before.get("game") != walk.get("game"):
            App.get_running_app().ask("content", game=walk["game"])  # which pieces have a form
        piece = enrolled_now(before, walk)
        changed = not before or (before.get("step"), before.get("enrolled")) != (walk.get("step"), walk.get("enrolled"))
        if piece is not None or changed:
            self._offer(piece if self._form_entry(piece) else "")

    def _form_entry(self, piece: str | None) -> dict | None:
        walk = App.get_running_app().model.enrollment or self._last or {}
        return form_of(App.get_running_app().model.content.get(walk.get("game", "")), piece)

    def _offer(self, piece: str) -> None:
        entry = self._form_entry(piece) if piece else None
        self.offer = piece if entry else ""
        self.offer_text = App.get_running_app().tr._("Enter what is printed on the {label}",
                                                     label=entry["label"]) if entry else ""

    # ------------------------------------------------------------------ the form

    def open_form(self) -> None:
        """The offered piece's form in place of the walk (taps still enroll meanwhile)."""
        entry = self._form_entry(self.offer)
        if entry is None or self.form is not None:
            return
        from kivy.metrics import dp

        app = App.get_running_app()
        self.form = ContentForm(entry, on_save=self._save, on_reset=self._reset, on_close=self.close_form,
                                close_text=app.tr._("Skip"), padding=dp(10) * app.scale)
        self.remove_widget(self._walk_box)
        self.add_widget(self.form)

    def close_form(self) -> None:
        """Back to the walk (the offer is dealt with)."""
        if self.form is None:
            return
        done = self.form.component.get("component")
        self.remove_widget(self.form)
        self.form = None
        self.add_widget(self._walk_box)
        if self.offer == done:  # a piece enrolled meanwhile keeps its offer
            self._offer("")

    def _save(self, component: str, fields: dict) -> None:
        App.get_running_app().save_content(component, fields, after=self._saved)

    def _reset(self, component: str) -> None:
        App.get_running_app().save_content(component, None, after=self._saved)

    def _saved(self, ok: bool) -> None:
        if ok:
            self.close_form()
