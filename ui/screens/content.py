"""Card data (issues 5, 6, 10, 12): what is printed on the owner's own cards and tablets.

Reached from Settings. Choose a game that has printed data to enter, then one of its
components in a scrolling list (each with its badge: a placeholder to enter, entered, or as
in the content file); its form (:class:`~ui.widgets.contentform.ContentForm`) replaces the
list until Save, Back to the content file, or Cancel. Everything goes through the daemon's
``content`` and ``content_set`` commands; the answer to a save shows on the banner.
"""

from __future__ import annotations

from kivy.app import App
from kivy.metrics import dp, sp
from kivy.properties import ObjectProperty, StringProperty
from kivy.uix.gridlayout import GridLayout
from kivy.uix.label import Label
from kivy.uix.screenmanager import Screen
from kivy.uix.scrollview import ScrollView

from ui import theme
from ui.carddata import badge_text
from ui.kvloader import load_kv
from ui.text import escape_markup, short_title
from ui.widgets import buttons  # noqa: F401  (kv uses TouchButton)
from ui.widgets.buttons import TouchButton, wrapped
from ui.widgets.contentform import ContentForm

#: Columns of the component list (landscape; portrait has one).
COLUMNS = 2


def games_with_content(catalogue: dict, content: dict) -> list[dict]:
    """The catalogue's games whose ``content`` answer has at least one form, in order."""
    return [g for g in (catalogue or {}).get("games") or []
            if (content.get(g["id"]) or {}).get("components")]


class ContentScreen(Screen):
    """Attributes:
        game: the chosen game id ("" before the daemon said which games have forms).
        form: the form on show, or None (the list shows).
        editing: the component id of the form on show ("" for none).
    """

    game = StringProperty("")
    form = ObjectProperty(None, allownone=True)
    editing = StringProperty("")

    def __init__(self, **kwargs):
        load_kv("content")
        super().__init__(name="content", **kwargs)
        self._shown: tuple = ()
        app = App.get_running_app()
        app.model.bind(content=self._answers, catalogue=self._ask_all)
        app.tr.on_switch(lambda _lang: self._switched())
        self._answers()  # built on first use (ui.root.LazyScreenManager): the answers so far

    # ------------------------------------------------------------------ data

    def _ask_all(self, *_args) -> None:
        """Ask the daemon for every game's forms (answers arrive in ``model.content``), while
        this screen shows."""
        app = App.get_running_app()
        if not app.model.connected or app.model.screen != "content":
            return
        for game in (app.model.catalogue or {}).get("games") or []:
            app.ask("content", game=game["id"])

    def _switched(self) -> None:
        """The table's language changed: the list's own words now, the daemon's when its
        answers come (an answer equal to the last one changes nothing)."""
        self.show_list()
        self._ask_all()

    def _answers(self, *_args) -> None:
        """A ``content`` answer came: the list again, if what it shows changed (Ghost at
        Home's list has 53 cards; answers for other games change nothing on it)."""
        games = [g["id"] for g in self.games()]
        if games and self.game not in games:
            self.game = games[0]
        shown = (tuple(games), self.game, repr(self.answer()), App.get_running_app().tr.lang)
        if self.form is None and shown != self._shown:
            self.show_list()

    def games(self) -> list[dict]:
        app = App.get_running_app()
        return games_with_content(app.model.catalogue, app.model.content)

    def answer(self) -> dict:
        return App.get_running_app().model.content.get(self.game) or {}

    def on_pre_enter(self, *_args) -> None:
        self.close_form()
        self._ask_all()

    def on_leave(self, *_args) -> None:
        self.close_form()

    def choose_game(self, game: str) -> None:
        self.game = game
        self.show_list()

    # ------------------------------------------------------------------ the form

    def open_form(self, component: str) -> None:
        """Show the form of ``component`` (of the chosen game) in place of the list."""
        entry = next((c for c in self.answer().get("components") or [] if c["component"] == component), None)
        if entry is None:
            return
        app = App.get_running_app()
        body = self.ids.body
        body.clear_widgets()
        self.editing = component
        self.form = ContentForm(entry, on_save=self._save, on_reset=self._reset, on_close=self.close_form,
                                close_text=app.tr._("Cancel"))
        body.add_widget(self.form)

    def close_form(self) -> None:
        self.form, self.editing = None, ""
        self.show_list()

    def _save(self, component: str, fields: dict) -> None:
        App.get_running_app().save_content(component, fields, after=self._saved)

    def _reset(self, component: str) -> None:
        App.get_running_app().save_content(component, None, after=self._saved)

    def _saved(self, ok: bool) -> None:
        """Back to the list after a save; a refused entry keeps its form (the banner says why)."""
        if ok and self.form is not None:
            self.close_form()

    # ------------------------------------------------------------------ the list

    def show_list(self, *_args) -> None:
        """The game buttons, what the table must put right (if anything), and the components."""
        if self.form is not None:
            return
        app = App.get_running_app()
        _ = app.tr._
        unit = dp(1) * app.scale
        body = self.ids.body
        body.clear_widgets()
        games = self.games()
        self._shown = (tuple(g["id"] for g in games), self.game, repr(self.answer()), app.tr.lang)
        if not games:
            body.add_widget(_para(_("No game here has printed data to enter."), app))
            body.add_widget(Label())
            return
        row = GridLayout(cols=len(games) if not app.portrait else min(len(games), 2), size_hint_y=None,
                         spacing=6 * unit)
        row.bind(minimum_height=row.setter("height"))
        for game in games:
            chosen = game["id"] == self.game
            button = TouchButton(text=short_title(game["title"]), key=game["id"], bold=chosen,
                                 font_size=sp(26) * app.scale, size_hint_y=None, height=dp(64) * app.scale)
            wrapped(button)  # "House of Spirits" on two lines at 26 px rather than out of its button
            if chosen:
                button.base_colour, button.down_colour = theme.PRIMARY, theme.PRIMARY_DOWN
            button.bind(on_release=lambda b: self.choose_game(b.key))
            row.add_widget(button)
        body.add_widget(row)
        answer = self.answer()
        components = answer.get("components") or []
        waiting = sum(1 for c in components if c.get("placeholder"))
        said = _("Touch a piece to enter what is printed on it. {n} of {total} still show placeholders.",
                 n=waiting, total=len(components))
        body.add_widget(_para(said, app))
        if answer.get("problem"):
            body.add_widget(_para(_("Before a game can start: {problem}", problem=answer["problem"]), app,
                                  colour=theme.NOTICE))
        scroll = ScrollView(do_scroll_x=False, bar_width=8 * unit)
        grid = GridLayout(cols=1 if app.portrait else COLUMNS, size_hint_y=None, spacing=6 * unit,
                          padding=(0, 0, 10 * unit, 8 * unit))
        grid.bind(minimum_height=grid.setter("height"))
        for component in components:
            grid.add_widget(_component_button(component, app, self.open_form))
        scroll.add_widget(grid)
        body.add_widget(scroll)


def _component_button(component: dict, app, action) -> TouchButton:
    """A list row: the component's name, and under it its badge (in gold while a placeholder)."""
    _ = app.tr._
    badge = badge_text(component, _)
    colour = theme.GOLD if component.get("placeholder") else (theme.WON if component.get("entered") else theme.TEXT_DIM)
    text = (f"{escape_markup(component.get('label', ''))}\n"
            f"[size={int(sp(18) * app.scale)}][color={theme.hex_colour(colour)}]{escape_markup(badge)}[/color][/size]")
    # a long name takes a second line: the row grows rather than the text shrink (issue 29)
    button = wrapped(TouchButton(text=text, markup=True, key=component["component"], font_size=sp(26) * app.scale,
                                 size_hint_y=None, height=dp(72) * app.scale))
    button.bind(on_release=lambda b: action(b.key))
    return button


def _para(text: str, app, colour=theme.TEXT_DIM) -> Label:
    label = Label(text=text, font_size=sp(18) * app.scale, color=colour, halign="left", size_hint_y=None)
    label.bind(width=lambda w, width: setattr(w, "text_size", (width, None)),
               texture_size=lambda w, ts: setattr(w, "height", ts[1]))
    return label
