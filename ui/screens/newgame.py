"""New game: choose the game, the players (names typed on the on-screen keyboard, their
order, their colours: the Okabe–Ito palette, each with the player's initial on it), the
options and house rules (each with its default, a one-line explanation and the rulebook
section it settles; physical or virtual decks are options too), then Start:
the daemon's ``new_game`` command. The games and their options come from the daemon's
``games`` answer (``app.model.catalogue``)."""

from __future__ import annotations

from kivy.app import App
from kivy.metrics import dp, sp
from kivy.properties import BooleanProperty, DictProperty, ListProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.label import Label
from kivy.uix.screenmanager import Screen

from companion.palette import PALETTE
from ui import theme
from ui.kvloader import load_kv
from ui.options import heading, help_text, section, shown_options, value_label
from ui.seats import seat_colours
from ui.widgets import buttons  # noqa: F401  (kv uses TouchButton)
from ui.widgets.buttons import TouchButton, snug, wrapped
from ui.widgets.confirm import Confirm
from ui.widgets.keyboard import NameKeyboard

#: Columns of the game buttons.
GAME_COLUMNS = 2

#: A player row's height (dp), and the least it takes when many players must all show at
#: 800×480 (CLUE: IT's seven): 48 dp is 9 mm on the 7" panel (5.24 px/mm), a finger's target.
ROW_HEIGHT, ROW_LEAST = 64, 48

#: The Remove button's mark: a multiplication sign, in Roboto (the word "Remove" took the
#: room a 12-letter name needs at 800×480, issue 29), and beside it a short word, "× Out" /
#: "× Via": the mark alone told a new table nothing (status15).
REMOVE = "\u00d7"

#: The gap between two player rows (dp), and the least, when many rows need the room.
ROW_GAP, ROW_GAP_LEAST = 4, 2

#: How many numbered names are offered before anyone types one ("Player 1".."Player 19").
DEFAULT_COUNT = 19


def default_names(_) -> tuple[str, ...]:
    """The names offered before anyone types one, in the table's language (``_``: its
    translate; issue 29: an Italian table read "1. Player 1")."""
    return tuple(_("Player {n}", n=n) for n in range(1, DEFAULT_COUNT + 1))


class NewGameScreen(Screen):
    """Attributes:
        game: the chosen game id.
        players: the names, in playing order.
        options: option name -> chosen value (only the ones changed from the default are sent).
        colours: player name -> palette key (:data:`companion.palette.PALETTE`); a player
            left out has none. New players get the first colour nobody has.
    """

    game = StringProperty("")
    players = ListProperty([])
    options = DictProperty({})
    colours = DictProperty({})
    #: The house rules are shown (collapsed by default: "House rules: 3 changed").
    house_open = BooleanProperty(False)

    def __init__(self, **kwargs):
        load_kv("newgame")
        super().__init__(name="newgame", **kwargs)
        app = App.get_running_app()
        app.model.bind(catalogue=self._catalogue)
        app.tr.on_switch(self._switched)
        self._no_colour: set[str] = set()  # players the table took the colour from
        self._offered = default_names(app.tr._)  # the names offered, in the language in use
        self.bind(game=self._game_chosen)
        self.ids.left_view.bind(height=self._fit_rows)
        app.bind(portrait=self.rebuild)
        if app.model.catalogue:  # built on first use (ui.root.LazyScreenManager): the games so far
            self._catalogue()

    def _switched(self, _lang) -> None:
        """The table's language changed: the names offered and not typed follow it
        ("Player 1" -> "Giocatore 1"), then the page is built again."""
        offered = default_names(App.get_running_app().tr._)
        for before in self._offered:
            if before in self.players and before not in offered:
                index = self._offered.index(before)
                self._renamed(self.players.index(before), offered[index])
        self._offered = offered
        self.rebuild()

    # ------------------------------------------------------------------ data

    def specs(self) -> list[dict]:
        return list((App.get_running_app().model.catalogue or {}).get("games") or [])

    def spec(self) -> dict | None:
        return next((g for g in self.specs() if g["id"] == self.game), None)

    def _catalogue(self, *_args) -> None:
        ids = [g["id"] for g in self.specs()]
        if ids and self.game not in ids:
            self.game = ids[0]
        else:
            self.rebuild()

    def _game_chosen(self, *_args) -> None:
        spec = self.spec()
        if spec is None:
            return
        app = App.get_running_app()
        self.options = {o["name"]: o["default"] for o in spec["options"]}
        self.house_open = False
        if not self.players:  # the names of the last game, not "Player 1"
            self.players = self._last_names()
        wanted = max(spec["min_players"], min(len(self.players) or 2, spec["max_players"]))
        names = [p for p in self.players][:wanted]
        while len(names) < wanted:
            names.append(next(n for n in default_names(app.tr._) if n not in names))
        self.players = names
        self._give_colours()
        self.rebuild()

    def _last_names(self) -> list[str]:
        """The players of the game on the table (or the last one), in their order."""
        current = (App.get_running_app().model.catalogue or {}).get("current") or {}
        return [str(p) for p in current.get("players") or []]

    def _give_colours(self) -> None:
        """Keep the colours of the players still here; give the first free colour to each
        player without one (only the first time a name is seen). A game whose pieces print
        the players' colours (Creepy Cellar's hunters) gives those, by seat."""
        printed = seat_colours(self.spec(), list(self.players))
        if printed is not None:
            self.colours = printed
            return
        colours = {name: key for name, key in self.colours.items() if name in self.players}
        for name in self.players:
            if name not in colours and name not in self._no_colour:
                free = theme.next_colour(colours.values())
                if free:
                    colours[name] = free
        self.colours = colours

    def next_colour(self, index: int) -> None:
        """The colour button of player ``index``: the next colour nobody else has, then
        none, then the first free one again."""
        name = self.players[index]
        if seat_colours(self.spec(), list(self.players)) is not None:
            _ = App.get_running_app().tr._
            App.get_running_app().show_notice(_("In this game each player's colour is their pawn's, by seat: "
                                                "change the order to change it."), "info")
            return
        colours = dict(self.colours)
        current = colours.pop(name, None)
        keys = list(PALETTE)
        start = keys.index(current) + 1 if current in keys else 0
        taken = set(colours.values())
        following = [k for k in keys[start:] if k not in taken] if current else [k for k in keys if k not in taken]
        if following:
            colours[name] = following[0]
            self._no_colour.discard(name)
        else:
            self._no_colour.add(name)
        self.colours = colours
        self.rebuild()

    def choose_game(self, game: str) -> None:
        self.game = game

    def set_option(self, name: str, value) -> None:
        self.options[name] = value
        self.rebuild()

    def add_player(self) -> None:
        spec = self.spec()
        if spec and len(self.players) < spec["max_players"]:
            NameKeyboard("", self._added).open()

    def _added(self, name: str) -> None:
        if name and name not in self.players:
            self.players = self.players + [name]
            self._give_colours()
            self.rebuild()

    def rename(self, index: int) -> None:
        NameKeyboard(self.players[index], lambda name: self._renamed(index, name)).open()

    def _renamed(self, index: int, name: str) -> None:
        if name and name not in self.players:
            names = list(self.players)
            old = names[index]
            names[index] = name
            self.players = names
            colours = dict(self.colours)
            if old in colours:
                colours[name] = colours.pop(old)
            elif old in self._no_colour:
                self._no_colour.add(name)
            self.colours = colours
            self._give_colours()
            self.rebuild()

    def move_up(self, index: int) -> None:
        if index > 0:
            names = list(self.players)
            names[index - 1], names[index] = names[index], names[index - 1]
            self.players = names
            self._give_colours()
            self.rebuild()

    def remove(self, index: int) -> None:
        spec = self.spec()
        if spec and len(self.players) > spec["min_players"]:
            self.players = [p for i, p in enumerate(self.players) if i != index]
            self.colours = {name: key for name, key in self.colours.items() if name in self.players}
            self._give_colours()
            self.rebuild()

    def start(self) -> None:
        """Start the game (asks first when a game is in progress: it stays saved, unfinished)."""
        app = App.get_running_app()
        if self.spec() is None:
            return
        if app.model.game and not app.model.over:
            _ = app.tr._
            Confirm(_("A game is in progress. Start a new one? The old one stays saved, unfinished."),
                    _("Start the new game"), _("Keep playing"), self._send).open()
        else:
            self._send()

    def _send(self) -> None:
        spec = self.spec()
        changed = {o["name"]: self.options[o["name"]] for o in spec["options"]
                   if self.options.get(o["name"], o["default"]) != o["default"]}
        colours = {name: key for name, key in self.colours.items() if name in self.players}
        App.get_running_app().new_game(self.game, list(self.players), changed, colours)

    # ------------------------------------------------------------------ widgets

    def rebuild(self, *_args) -> None:
        """The page again. Landscape: the players on the left, the game and how you play on
        the right; portrait: one column, the game, the players, how you play. Every player
        shows without a scroll (issue 29: at 800×480 the list began below the fold)."""
        app = App.get_running_app()
        _ = app.tr._
        unit = dp(1) * app.scale
        left, right = self.ids.left, self.ids.right
        left.clear_widgets()
        right.clear_widgets()
        self._rows = []
        first = left if app.portrait else right  # the game and its options
        spec = self.spec()
        first.add_widget(_heading(_("Game"), app))
        games = GridLayout(cols=GAME_COLUMNS, size_hint_y=None, spacing=6 * unit)
        games.bind(minimum_height=games.setter("height"))
        for g in self.specs():
            chosen = g["id"] == self.game
            title = g["title"].rsplit(": ", 1)[-1] if len(g["title"]) > 24 else g["title"]
            games.add_widget(wrapped(_button(title, lambda g=g: self.choose_game(g["id"]), app, chosen, height=64)))
        first.add_widget(games)
        if spec is None:
            return
        left.add_widget(_heading(_("Players ({low} to {high}), in playing order",
                                   low=spec["min_players"], high=spec["max_players"]), app))
        players = self._players(spec, app, unit)
        left.add_widget(players)
        setup, house = shown_options(spec["options"])
        if setup:
            first.add_widget(_heading(_("How you play"), app))
        for option in setup:
            first.add_widget(self._option(option, app, unit))
        if house:
            first.add_widget(self._house_button(house, app))
        if self.house_open:
            for option in house:
                first.add_widget(self._option(option, app, unit))
        for widget in left.children:
            if widget is not players:
                widget.bind(height=self._fit_rows)
        self._fit_rows()

    def _players(self, spec: dict, app, unit: float) -> BoxLayout:
        """The player rows in playing order, then Add a player (:meth:`_fit_rows` sizes them)."""
        _ = app.tr._
        players = BoxLayout(orientation="vertical", size_hint_y=None, spacing=ROW_GAP * unit)
        players.bind(minimum_height=players.setter("height"))
        for index, name in enumerate(self.players):
            # the name takes what Up and Remove (×) leave, on two lines if it needs them (26 px text,
            # issue 29); the rows stand in playing order under their heading
            row = BoxLayout(size_hint_y=None, height=ROW_HEIGHT * unit, spacing=6 * unit)
            row.add_widget(self._colour_button(index, name, app))
            named = wrapped(_button(name, lambda i=index: self.rename(i), app, height=ROW_HEIGHT), grow=False)
            named.key = f"player-{index + 1}"
            named.bind(texture_size=self._fit_rows)
            row.add_widget(named)
            up = snug(_button(_("Up"), lambda i=index: self.move_up(i), app, height=ROW_HEIGHT))
            up.disabled = index == 0
            row.add_widget(up)
            # Remove as "× Out" (26 px bold, at least as wide as the row is tall): "Remove" left a
            # name 119 px at 800×480, and "Alessandra" broke across lines (issue 29); a lone "×"
            # said nothing to a child (status15)
            out = snug(_button(_("{mark} Out", mark=REMOVE), lambda i=index: self.remove(i), app, height=ROW_HEIGHT),
                       margin=16 * unit)
            out.bold = True
            out.disabled = len(self.players) <= spec["min_players"]
            row.add_widget(out)
            for part in row.children:
                part.size_hint_y = 1  # as tall as the row (:meth:`_fit_rows`)
            row.name_button = named
            players.add_widget(row)
            self._rows.append(row)
        more = _button(_("Add a player"), self.add_player, app, height=52)
        more.disabled = len(self.players) >= spec["max_players"]
        players.add_widget(more)
        if not more.disabled:  # it takes a row's room while a player can still come
            self._rows.append(more)
        return players

    def _fit_rows(self, *_args) -> None:
        """The player rows (and Add a player, while a player can come) as tall as
        :data:`ROW_HEIGHT` while they all fit in the view under what stands above them, down
        to :data:`ROW_LEAST`; a name on two lines keeps its row at :data:`ROW_HEIGHT`."""
        rows = getattr(self, "_rows", None)
        if not rows:
            return
        app = App.get_running_app()
        unit = dp(1) * app.scale
        left = self.ids.left
        shown = list(reversed(left.children))  # in the order they were added
        players = rows[0].parent
        if players not in shown:
            return
        above = shown[: shown.index(players)]
        free = self.ids.left_view.height - sum(w.height for w in above) - left.spacing * len(above)
        # a name on two lines takes its row back to ROW_HEIGHT, no taller: Up and Remove are at
        # least as wide as tall (snug), so a taller row would narrow the name, and so on
        needs = [min(ROW_HEIGHT * unit, row.name_button.texture_size[1] + 12 * unit)
                 if getattr(row, "name_button", None) is not None else 0 for row in rows]
        for gap in (ROW_GAP, ROW_GAP_LEAST):  # the narrower gap only when the rows need it
            room = free - gap * unit * (len(rows) - 1)
            each = room / len(rows)
            tall = [need for need in needs if need > each]  # those rows first, the others share the rest
            if tall and len(tall) < len(rows):
                each = (room - sum(tall)) / (len(rows) - len(tall))
            if each >= ROW_LEAST * unit:
                break
        players.spacing = gap * unit
        height = max(ROW_LEAST * unit, min(ROW_HEIGHT * unit, each))
        for row, need in zip(rows, needs):
            row.height = max(height, need)

    def _house_button(self, house: list[dict], app) -> TouchButton:
        """"House rules: 3 changed ▸": touching it opens (or closes) the house rules."""
        _ = app.tr._
        changed = sum(1 for o in house if self.options.get(o["name"], o["default"]) != o["default"])
        if changed:
            text = _("House rules: {n} changed", n=changed)
        else:
            text = _("House rules: as in the rulebook")
        button = _button(text + ("  –" if self.house_open else "  +"), self.toggle_house, app, height=56)
        button.key = "house-rules"
        return wrapped(button)

    def toggle_house(self) -> None:
        self.house_open = not self.house_open
        self.rebuild()

    def _colour_button(self, index: int, name: str, app) -> TouchButton:
        """The player's colour, with the initial on it (a colour is never shown alone);
        touching it moves to the next free colour. No colour: a dash on a plain button."""
        key = self.colours.get(name)
        button = _button(name[:1].upper() if key else "–", lambda: self.next_colour(index), app, height=52)
        button.bold = True
        button.size_hint_x = None
        button.width = dp(56) * app.scale
        button.font_size = sp(26) * app.scale
        button.key = key or ""
        if key:
            fill = theme.player_colour(name, self.colours)
            button.base_colour = fill
            button.down_colour = theme.blend(fill, theme.TEXT, 0.4)
            button.text_colour = theme.ink(fill)
        return button

    def _option(self, option: dict, app, unit: float) -> BoxLayout:
        """One option: its name, what it does in plain words, its rulebook section and
        default, and a button per value (the chosen one filled)."""
        _ = app.tr._
        box = BoxLayout(orientation="vertical", size_hint_y=None, spacing=4 * unit, padding=(0, 6 * unit))
        box.bind(minimum_height=box.setter("height"))
        box.add_widget(_label(heading(option), app, size=20, bold=True))
        box.add_widget(_label(help_text(option), app, size=18, colour=theme.TEXT_DIM))
        where = _("Default: {value}", value=value_label(option, option["default"]))
        if section(option):
            where += " · " + _("Rulebook: {section}", section=section(option))
        box.add_widget(_label(where, app, size=18, colour=theme.TEXT_FAINT))
        values = option["values"]
        # two a row: a value word at 26 px ("Nightmare", "Passaggi segreti") needs half the column (issue 29)
        grid = GridLayout(cols=min(len(values), 2), size_hint_y=None, spacing=6 * unit)
        grid.bind(minimum_height=grid.setter("height"))
        for value in values:
            button = wrapped(_button(value_label(option, value), lambda v=value: self.set_option(option["name"], v),
                                     app, self.options.get(option["name"]) == value, height=56))
            button.key = f"{option['name']}={value}"
            grid.add_widget(button)
        box.add_widget(grid)
        return box


def _heading(text: str, app) -> Label:
    return _label(text, app, size=20, bold=True, colour=theme.GOLD)


def _label(text: str, app, size: float, bold: bool = False, colour=theme.TEXT) -> Label:
    label = Label(text=text, font_size=sp(size) * app.scale, bold=bold, color=colour, halign="left",
                  size_hint_y=None)
    label.bind(width=lambda w, width: setattr(w, "text_size", (width, None)),
               texture_size=lambda w, ts: setattr(w, "height", ts[1]))
    return label


def _button(text: str, action, app, chosen: bool = False, height: float = 52, stretch: float = 1) -> TouchButton:
    """A button; a chosen one is filled in the primary colour and bold (not told by hue alone)."""
    button = TouchButton(text=text, font_size=sp(26) * app.scale, bold=chosen, size_hint=(stretch, None),
                         height=dp(height) * app.scale)
    if chosen:
        button.base_colour, button.down_colour = theme.PRIMARY, theme.PRIMARY_DOWN
    button.bind(on_release=lambda *_: action())
    return button
