"""The Creepy Cellar board: rooms A–L as the castle (4×3), M and N as the cellar, plus the
haunting meter, the last die face and the locked doors.

Reads the view described in ``companion/games/creepy_cellar/view.py`` (received over the
socket; nothing of the game is imported here).
"""

from __future__ import annotations

from kivy.app import App
from kivy.metrics import dp, sp
from kivy.properties import BooleanProperty, DictProperty, ListProperty, NumericProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.widget import Widget

import ui.boards.fit  # noqa: F401  (kv uses FitLabel)
import ui.widgets.die  # noqa: F401  (kv uses DieFace)
import ui.widgets.meter  # noqa: F401  (kv uses HauntingMeter)
import ui.widgets.pieces  # noqa: F401  (kv uses Marker, PieceRow, PawnRow)
from ui import theme
from ui.boards import PlacePicks, picks_at, watch_language
from ui.boards.fit import plain, word_width, wrapped_lines
from ui.boards.names import initials, short_marks, tails
from ui.boards.pick_frames import PickFrames
from ui.boards.tile_fills import TileFills
from ui.kvloader import load_kv
from ui.text import Translate, coloured, english, escape_markup

#: The base board's rooms, row by row (4 per row).
CASTLE = tuple("ABCDEFGHIJKL")

#: The two cellar rooms.
CELLAR = ("M", "N")

#: Where a hunter who has left the castle stands (the view's ``at``).
OUTSIDE = "outside"


class RoomTile(Widget):
    """One room: its letter, ghosts, hauntings and the King's badge (drawn in kv).

    Attributes:
        letter: room letter.
        ghosts, hauntings: pieces in the room.
        king: the Ghost King is here.
        cellar: a cellar room (darker, earthy tile).
        hunters: the names of the hunters standing here ("Ada Bo"), as Kivy markup: each in
            its pawn's colour (the player's without one).
        initials: the same by their initials ("A B"), where the names do not fit (a crowded
            room, the King's badge beside them: :func:`names_shown`).
        tails: the same by what tells the initials apart ("1 2 3" for "P1 P2 P3":
            :func:`ui.boards.names.tails`), where not even those fit.
        short: the tile's word where the names do not fit beside ``letter`` (the Outside
            tile: "Exit" for "Outside"); "" for a room.
        passage: a secret passage tile lies here.
    """

    letter = StringProperty("")
    ghosts = NumericProperty(0)
    hauntings = NumericProperty(0)
    king = BooleanProperty(False)
    cellar = BooleanProperty(False)
    hunters = StringProperty("")
    initials = StringProperty("")
    tails = StringProperty("")
    short = StringProperty("")
    passage = BooleanProperty(False)
    #: the pawns standing here, one RGBA each (printed colours, :data:`ui.theme.PAWNS`)
    pawns = ListProperty([])
    #: Touching the tile picks a choice now (a room to move to, a ghost to remove): outlined.
    pickable = BooleanProperty(False)

    def follow_rotation(self, _app, portrait: bool) -> None:
        """A cellar room: a column's width in portrait, wider beside the castle in landscape
        (bound to the app's ``portrait`` as a method, which Kivy holds weakly: a closure
        kept the board alive after its game left, issue 29 item 11)."""
        self.size_hint_x = 1 if portrait else 1.5

    def on_touch_down(self, touch):
        if self.pickable and picks_at(self, self.letter, touch):
            return True
        return super().on_touch_down(touch)


class PawnKeyEntry(BoxLayout):
    """One player in the pawn key under the rooms: their pawns in the printed colours, then
    the name in the same colour (board15: at 800×480 a room is too short for its hunters'
    names over its ghosts and pawns, so the pawns stand alone there and the key says whose
    they are, as the pawns' colours do at the table).

    Attributes:
        name: the player's name (plain); ``text``: as drawn (markup, in the pawn's colour).
        pawns: the player's pawns, one RGBA each.
    """

    name = StringProperty("")
    text = StringProperty("")
    pawns = ListProperty([])


def names_room(height: float, scale: float) -> bool:
    """A room tile ``height`` px tall has room for its hunters' names over its ghosts and
    pawns: the names' label (the kv's height rule) ends above the tallest row of pieces
    (the kv's ghost and pawn rows), at the app's ``scale`` (board15: at 800×480 the 36 px
    rooms drew "Ada" over a ghost; at 720×1280 "1 2 3" over the King's room's pawns)."""
    label = max(sp(24) * scale, min(sp(34) * scale, height * 0.6))
    ghosts = min(dp(5) * scale, height * 0.05) + max(sp(20) * scale, min(dp(22) * scale, height * 0.42))
    pawns = min(dp(4) * scale, height * 0.05) + max(sp(20) * scale, min(dp(24) * scale, height * 0.46))
    return height - label >= max(ghosts, pawns) + dp(1) * scale


def pawn_key(hunters: dict, colours: dict, carried: dict | None = None,
             _: Translate = english) -> list[tuple[str, str, list]]:
    """The pawn key's entries, in the view's order: ``(player, markup, [pawn RGBA, ...])``, a
    player moving two hunters with both pawns; the markup names the player in the pawn's
    colour and, for one carrying a treasure (``carried``: hunter key -> treasure in words),
    what it is: "Cy carries Cursed Treasure" (the "Carrying:" line under the key, shown
    only while someone carried one, moved the rooms up and down: now the key holds it)."""
    players: dict[str, list] = {}
    inks: dict[str, tuple] = {}
    loads: dict[str, list[str]] = {}
    for name, hunter in hunters.items():
        player = str(hunter.get("player", name))
        players.setdefault(player, []).append(pawn_colour(hunter, colours))
        inks.setdefault(player, marker_colour(hunter, colours))
        if (carried or {}).get(name):
            who = _hunter_name(name, hunter, hunters, _)
            inks[player] = marker_colour(hunter, colours)  # "Bo (green) carries ..." in green
            loads.setdefault(player, []).append(_("{name} carries {treasure}", name=who, treasure=carried[name]))
    entries = []
    for player, pawns in players.items():
        words = " · ".join(loads.get(player) or [player])
        entries.append((player, coloured(escape_markup(words), inks[player]), pawns))
    return entries


def _scale() -> float:
    """The app's size factor (1.0 at 800×480)."""
    return getattr(App.get_running_app(), "scale", 1.0)


def tile_colour(tile: RoomTile) -> tuple:
    """A room's tile: red while haunted, earthy in the cellar."""
    return theme.HAUNTED_TILE if tile.hauntings else (theme.CELLAR_TILE if tile.cellar else theme.ROOM_TILE)


#: Choice key prefixes whose rest is a room letter: touching the room picks them.
ROOM_CHOICES = ("move:", "passage:", "remove-ghost:", "remove-haunting:")


class CellarBoard(PlacePicks, BoxLayout):
    """The whole board; set ``view`` to a Creepy Cellar view dict.

    Attributes:
        hauntings, limit: hauntings on the board and how many end the game.
        die: the last movement-die face, 0 before the first roll.
        locked: the locked door colour, "" when the doors are open.
        status: one line: mode, cellar slots filled, hunters outside or in a hallway.
        odds: the odds meter (0–1) before a roll, -1 when not shown.
        colours: player name -> palette key (the table screen sets it from the state).
    """

    game = "creepy_cellar"
    view = DictProperty({})
    colours = DictProperty({})
    hauntings = NumericProperty(0)
    limit = NumericProperty(8)
    die = NumericProperty(0)
    locked = StringProperty("")
    status = StringProperty("")
    odds = NumericProperty(-1)
    carrying = StringProperty("")
    #: a secret passage tile lies on the board (the legend then names it)
    passages = BooleanProperty(False)
    #: the rows the legend (the pawn key, the Ghost King, the passage) keeps through a game:
    #: as many as it needs with any one player carrying a Cursed Treasure (cellar15: the
    #: rooms moved when someone picked one up, and the key took rows the rooms needed)
    legend_rows = NumericProperty(1)
    #: the status and the odds on one line (markup; the odds in red from one in two).
    status_line = StringProperty("")
    #: its wordings, the fullest first (:func:`status_lines`): the kv shows the first that
    #: holds the status line's one line at 26 px (cellar15: two lines took the rooms' height)
    status_options = ListProperty([])

    def __init__(self, **kwargs):
        load_kv("creepy_cellar")
        super().__init__(**kwargs)
        self.tr = App.get_running_app().tr
        watch_language(self)
        self.tiles: dict[str, RoomTile] = {}
        for letter in CASTLE:
            self._add_tile(self.ids.castle, letter, cellar=False)
        for letter in CELLAR:
            self._add_tile(self.ids.cellar, letter, cellar=True)
        # the hunters who have left the castle, drawn outside it (issue 29: they were only
        # named in the status line, "out: Ada")
        self.outside = RoomTile(letter="")
        self.ids.cellar.add_widget(self.outside)
        self._beside()
        self.fills = TileFills(self.canvas.before, [*self.tiles.values(), self.outside], tile_colour,
                               lambda: dp(7) * _scale(), ("hauntings", "cellar"))
        self.frames = PickFrames(self.tiles.values(), _scale)
        self.ids.legend.bind(width=self._reserve)

    def _beside(self) -> None:
        """The Outside tile a column's width under the cellar in portrait, wider beside it in
        landscape (set with each view: no binding to the app, which would keep every board
        made in a session alive)."""
        portrait = getattr(App.get_running_app(), "portrait", False)
        self.outside.size_hint_x = 1 if portrait else 1.65

    def _add_tile(self, parent, letter: str, cellar: bool) -> None:
        tile = RoomTile(letter=letter, cellar=cellar)
        if cellar:  # wider than a castle room under the castle; a column's width beside it
            app = App.get_running_app()
            tile.follow_rotation(app, getattr(app, "portrait", False))
            if hasattr(app, "portrait"):
                app.bind(portrait=tile.follow_rotation)  # a method: bind holds it weakly (fbind would not)
        self.tiles[letter] = tile
        parent.add_widget(tile)

    def on_colours(self, *_args) -> None:
        self.on_view()

    def place_for_choice(self, key: str) -> str | None:
        """The room a choice names ("move:E", "passage:K", "remove-ghost:C") -> its letter."""
        for prefix in ROOM_CHOICES:
            if key.startswith(prefix) and key[len(prefix):] in self.tiles:
                return key[len(prefix):]
        return None

    def show_picks(self) -> None:
        for letter, tile in self.tiles.items():
            tile.pickable = letter in self.picks
        self.frames.show({tile for tile in self.tiles.values() if tile.pickable})

    def on_view(self, *_args) -> None:
        self.hauntings = int(self.view.get("hauntings") or 0)
        self.limit = int(self.view.get("haunting_limit") or 8)
        self.die = int(self.view.get("die") or 0)
        self.locked = self.view.get("locked") or ""
        rooms = self.view.get("rooms") or {}
        king = self.view.get("ghost_king")
        hunters = self.view.get("hunters") or {}
        colours = dict(self.colours)
        players = {name: h.get("player", name) for name, h in hunters.items()}
        short = short_marks(list(dict.fromkeys(players.values())))  # "Ada"; "P1" for "Player 1"
        names = {name: short[player] for name, player in players.items()}
        first = initials(list(dict.fromkeys(players.values())))
        letters = {name: first[player] for name, player in players.items()}
        tail = tails(first)
        least = {name: tail[player] for name, player in players.items()}
        for letter, tile in self.tiles.items():
            room = rooms.get(letter) or {}
            tile.ghosts = int(room.get("ghosts", 0))
            tile.hauntings = int(room.get("hauntings", 0))
            tile.king = king == letter
            tile.passage = bool(room.get("passage"))
            here = [(name, h) for name, h in hunters.items() if h.get("at") == letter]
            # the players' names (a player's two hunters: the name twice, each in its pawn's
            # colour; no "Ada1" codes, issue 29) and the pawns drawn in their printed colours
            tile.hunters = " ".join(coloured(names[name], marker_colour(h, colours)) for name, h in here)
            tile.initials = " ".join(coloured(letters[name], marker_colour(h, colours)) for name, h in here)
            tile.tails = " ".join(coloured(least[name], marker_colour(h, colours)) for name, h in here)
            tile.pawns = [pawn_colour(h, colours) for _name, h in here]
        self._beside()
        out = [(name, h) for name, h in hunters.items() if h.get("at") == OUTSIDE]
        self.outside.letter = self.tr._("Outside")
        self.outside.short = self.tr._("Exit")  # ("Out" is a player out of CLUE: IT)
        self.outside.hunters = " ".join(coloured(names[name], marker_colour(h, colours)) for name, h in out)
        self.outside.initials = " ".join(coloured(letters[name], marker_colour(h, colours)) for name, h in out)
        self.outside.tails = " ".join(coloured(least[name], marker_colour(h, colours)) for name, h in out)
        self.outside.pawns = [pawn_colour(h, colours) for _name, h in out]
        self.passages = any(tile.passage for tile in self.tiles.values())
        self._show_key(hunters, colours)
        self._reserve()
        odds = self.view.get("odds_haunting")  # None in a state: its figure follows (take_later)
        if self.view.get("outcome"):
            self.odds = -1  # no round to come: no risk to show
        elif odds is not None:
            self.odds = float(odds)
        self.status = status_text(self.view, self.tr._)
        self._show_status()
        self.carrying = carrying_text(hunters, self.view.get("carried") or {}, self.tr._, colours)

    def _show_key(self, hunters: dict, colours: dict) -> None:  # (after a language switch too: on_view)
        """The pawn key under the rooms (:class:`PawnKeyEntry`), made again only when its
        players or colours change (a view of the same table makes no widget). Where who
        carries what does not hold the legend's kept rows (two carriers at once on a narrow
        board) the key names the players alone: the rooms keep their height."""
        carried = self.view.get("carried") or {}
        entries = pawn_key(hunters, colours, carried, self.tr._)
        if carried and self._rows([t for _p, t, _c in entries], [c for _p, _t, c in entries]) > self._kept():
            entries = pawn_key(hunters, colours, {}, self.tr._)
        shown = [(player, text, [tuple(c) for c in pawns]) for player, text, pawns in entries]
        if shown == getattr(self, "_key", None):
            return
        self._key = shown
        legend = self.ids.legend
        for old in [w for w in legend.children if isinstance(w, PawnKeyEntry)]:
            legend.remove_widget(old)
        for player, text, pawns in reversed(shown):  # before the Ghost King's entry, in order
            legend.add_widget(PawnKeyEntry(name=player, text=text, pawns=pawns), index=len(legend.children))

    def _passage_kept(self) -> bool:
        """The legend keeps the passage's entry: a passage tile lies on the board, or the game
        lays them (Nightmare: a used one is taken off, a Jinxed Item's drop brings one back)."""
        return self.passages or self.view.get("mode") == "nightmare"

    def _rows(self, texts: list[str], pawns: list[list]) -> int:
        """The legend's rows with key entries of ``texts`` (markup) beside ``pawns`` (one list
        each), the Ghost King's entry and, where kept, the passage's, flowed as the
        StackLayout flows them at its width."""
        scale = _scale()
        font = sp(20) * scale
        widths = [sp(22) * scale * (1 + 0.8 * (len(p) - 1)) + dp(2) * scale + word_width(plain(t), font, True)
                  for t, p in zip(texts, pawns)]
        legend = [self.tr._("Ghost King")] + ([self.tr._("secret passage")] if self._passage_kept() else [])
        widths += [sp(20) * scale + dp(2) * scale + word_width(word, font, False) for word in legend]
        return flow_rows(widths, self.ids.legend.width, dp(10) * scale)

    def _kept(self) -> int:
        """The rows the legend keeps through the game: as many as it needs with any one of
        the players carrying a Cursed Treasure (the longest a carried treasure reads)."""
        hunters = self.view.get("hunters") or {}
        colours = dict(self.colours)
        most = self._rows(*_texts_pawns(pawn_key(hunters, colours, {}, self.tr._)))
        firsts = {str(h.get("player", name)): name for name, h in reversed(list(hunters.items()))}
        for name in firsts.values():
            carrying = pawn_key(hunters, colours, {name: self.tr._("Cursed Treasure")}, self.tr._)
            most = max(most, self._rows(*_texts_pawns(carrying)))
        return most

    def _reserve(self, *_args) -> None:
        """Keep the legend's rows (:attr:`legend_rows`) for the game on show at the legend's
        width (bound to it: a turned screen flows the key again)."""
        if self.ids.legend.width > 1:
            self.legend_rows = self._kept()

    def take_later(self, figures: dict) -> None:
        """The odds meter's figure of the state on show (the ``later`` message, issue 35 item
        3): the state brought it as None, and the status line kept the last figure till now."""
        odds = figures.get("odds_haunting")
        if odds is None or self.view.get("outcome"):
            return
        self.odds = float(odds)
        self._show_status()

    def _show_status(self) -> None:
        self.status_options = list(status_lines(self.status, self.view, self.odds, self.tr._))
        self.status_line = self.status_options[0]


def _texts_pawns(entries: list[tuple[str, str, list]]) -> tuple[list[str], list[list]]:
    """The pawn key's ``(player, markup, pawns)`` entries as their markups and their pawns."""
    return [text for _p, text, _c in entries], [pawns for _p, _t, pawns in entries]


def flow_rows(widths: list[float], width: float, gap: float) -> int:
    """The rows items ``widths`` px wide take flowed left to right, ``gap`` px apart, in rows
    ``width`` px wide (as a StackLayout ``lr-tb`` places them; an item wider than a row has
    one of its own)."""
    rows, x = 1, 0.0
    for item in widths:
        if x and x + gap + item > width:
            rows, x = rows + 1, item
        else:
            x = x + gap + item if x else item
    return rows


#: A thin space (Roboto has it): between marks where a whole space does not fit.
THIN = "\u2009"
#: ... and a hair space, narrower still.
HAIR = "\u200a"


def names_shown(names: str, letters: str, width: float, font_size: float, gap: float, least: str = "") -> str:
    """What a room tile's names line shows in ``width`` px at ``font_size`` (bold; ``gap``: px
    kept free): the hunters' ``names`` (markup) where they fit, else their initials
    (``letters``, "A B"), then without their spaces ("AB": each in its own colour), then
    what tells them apart (``least``: "1 2 3" for "P1 P2 P3", then "123"), else nothing:
    the pawns stand alone (audit of issue 29: a crowded room, or one beside the King's
    badge, lost its names where their initials fit; the King's room with "Player 1" …
    "Player 3" had no room for "P1P2P3")."""
    def tight(text: str, space: str = "") -> str:
        return text.replace("[/color] [color", f"[/color]{space}[color")

    # a thin space keeps the marks apart where a whole one does not fit ("1 2 3", not "123":
    # issue 29, the King's room piled its hunters' numbers up)
    tries = ((names, gap), (letters, gap), (tight(letters, THIN), 2), (tight(letters, HAIR), 2), (least, 2),
             (tight(least, THIN), 2), (tight(least, HAIR), 2), (tight(least), 2))
    for text, free in tries:  # the tight ones nearly to the label's edge (Kivy wraps a line as wide as its box)
        if text and word_width(plain(text), font_size, True) + free <= width:
            return text
    return ""


def tile_word(letter: str, short: str, names: str, letters: str, least: str, width: float, font_size: float,
              gap: float) -> str:
    """The word a tile shows first: its ``letter`` ("Outside") where the hunters' names or
    marks (:func:`names_shown`) fit beside it in the tile's ``width`` px, else its ``short``
    one ("Exit": issue 29, the Outside tile's pawns stood unnamed beside the whole word)."""
    if not short or not names:
        return letter
    beside = width - word_width(letter, font_size, True) - 2 * gap
    return letter if names_shown(names, letters, beside, font_size, gap, least) else short


def hunter_marks(hunters: dict) -> dict[str, str]:
    """Short marks for the room tiles, by view key: the player's name when short, else a
    short form unique among the players ("Ada", "Bo"; "P1", "P2" for "Player 1" and
    "Player 2"), with 1 or 2 after it when the player moves two hunters (2 players: "Ada1",
    "Ada2", in mover order: red then blue, yellow then green)."""
    players = [h.get("player", name) for name, h in hunters.items()]
    short = short_marks(list(dict.fromkeys(players)))
    marks, seen = {}, {}
    for name, player in zip(hunters, players):
        seen[player] = seen.get(player, 0) + 1
        two = players.count(player) > 1
        marks[name] = short[player] + (str(seen[player]) if two else "")
    return marks


def marker_colour(hunter: dict, colours: dict) -> tuple:
    """A hunter's mark in its mover's printed colour (red, yellow, blue, green: issue 17
    item 4; :data:`ui.theme.PAWNS`, issue 29), else in the player's colour; lightened where
    it would not read on a dark tile (the printed blue)."""
    pawn = theme.PAWNS.get(str(hunter.get("colour", "")))
    if pawn is not None:
        return theme.on_dark(pawn)
    return theme.on_dark(theme.player_colour(hunter.get("player", ""), colours))


def pawn_colour(hunter: dict, colours: dict) -> tuple:
    """A hunter's pawn as printed (red, yellow, blue, green), else the player's colour."""
    pawn = theme.PAWNS.get(str(hunter.get("colour", "")))
    return pawn if pawn is not None else theme.player_colour(hunter.get("player", ""), colours)


def carrying_text(hunters: dict, carried: dict, _: Translate = english, colours: dict | None = None) -> str:
    """"Carrying: Ada treasure 3 · Bo (green) Cursed Treasure" (markup, each hunter named as
    the prompts name it, in the player's colour; ``carried``: the view's hunter key ->
    treasure in words); "" when nobody carries one. (The tiles' short marks, "Bo2", are
    for the tiles only.)"""
    parts = [coloured(escape_markup(_hunter_name(name, h, hunters, _)),
                      theme.on_dark(theme.player_colour(h.get("player", name), colours or {}))) + " "
             + escape_markup(str(carried.get(name) or ""))
             for name, h in hunters.items() if name in carried]
    return escape_markup(_("Carrying:")) + " " + " · ".join(parts) if parts else ""


def _hunter_name(key: str, hunter: dict, hunters: dict, _: Translate) -> str:
    """A hunter as the status line names it: the player, with the mover's colour in the
    table's language when the player moves two ("Bo (giallo)")."""
    player = hunter.get("player", key)
    if sum(1 for h in hunters.values() if h.get("player", "") == player) < 2:
        return player
    colours = {"red": _("red"), "yellow": _("yellow"), "blue": _("blue"), "green": _("green")}
    colour = hunter.get("colour", "")
    return _("{player} ({colour})", player=player, colour=colours.get(colour, colour))


def status_line(status: str, odds: float, _: Translate = english, short: bool = False) -> str:
    """The status (:func:`status_text`) and, before a roll (``odds`` >= 0), "Haunting risk
    this round: 19%" after it (``short``: "risk 19%"; markup: bold red from 50%)."""
    if odds < 0:
        return escape_markup(status)
    percent = int(round(100 * odds))
    words = _("risk {percent}%", percent=percent) if short else \
        _("Haunting risk this round: {percent}%", percent=percent)
    risk = escape_markup(words)
    if odds >= 0.5:
        risk = f"[b][color={theme.hex_colour(theme.HAUNTING)}]{risk}[/color][/b]"
    return " · ".join(part for part in (escape_markup(status), risk) if part)


def status_lines(status: str, view: dict, odds: float, _: Translate = english) -> tuple[str, ...]:
    """The status line's wordings, the fullest first (the board shows the first that holds
    its one line at 26 px: ``ui/kv/creepy_cellar.kv``): :func:`status_line` of ``status``,
    without the mode, then with "risk 19%" for "Haunting risk this round: 19%", then the
    hallway's hunters by their players alone ("Bo" for "Bo (yellow)"), the last without the
    mode (cellar15: at 800×480 "Nightmare · cellar 7/12 · Haunting risk this round: 17%"
    took two lines, 62 px of the rooms' height)."""
    bare = status_text(view, _, mode=False)
    players = status_text(view, _, mode=False, colours=False)
    return (status_line(status, odds, _), status_line(bare, odds, _), status_line(status, odds, _, True),
            status_line(bare, odds, _, True), status_line(players, odds, _, True))


def status_text(view: dict, _: Translate = english, mode: bool = True, colours: bool = True) -> str:
    """"Nightmare · cellar 3/12 · hallway: Bo" from a view, in the language of ``_`` (the
    hunters outside are drawn on the board's Outside tile); without "Nightmare" when not
    ``mode``; the hallway's hunters by their players alone ("Bo", not "Bo (yellow)") when not
    ``colours``."""
    if not view:
        return ""
    modes = {"nightmare": _("Nightmare"), "advanced": _("Advanced"), "basic": _("Basic")}
    played = str(view.get("mode", ""))
    parts = [modes.get(played, played.capitalize())] if mode else []
    parts.append(_("cellar {filled}/{slots}", filled=len(view.get("cellar") or []), slots=view.get("cellar_slots", 0)))
    everyone = view.get("hunters") or {}
    hallway = [_hunter_name(name, h, everyone, _) if colours else str(h.get("player", name))
               for name, h in everyone.items() if h.get("at") == "hallway"]
    hallway = list(dict.fromkeys(hallway))
    if hallway:
        parts.append(_("hallway: {names}", names=", ".join(hallway)))
    return " · ".join(parts)


def doors_colour(locked: str) -> tuple:
    """The door status's colour (its drawn door and its words, on no box: a status, not a
    button, screen20b): the locked doors' colour lightened to read on the dark board,
    the dim text colour when the doors are open."""
    if not locked:
        return theme.TEXT_DIM
    return theme.on_dark(theme.DOORS.get(locked, theme.TEXT))


def door_icon_width(words: str, row: float, font: float, icon: float, gap: float, lines=wrapped_lines) -> float:
    """The drawn door's width beside the door status's ``words`` in a ``row`` px wide at
    ``font`` px (bold): ``icon`` where it costs the words no line, else 0 (at game over the
    board is narrow: "Porte verdi chiuse" took three lines beside it, over its 50 px).
    ``lines(markup, width, font)``: how many lines the words take (Kivy's, by default)."""
    text = f"[b]{escape_markup(words)}[/b]"
    if lines(text, row - icon - gap, font) <= lines(text, row, font):
        return icon
    return 0.0


def doors_text(locked: str, _: Translate = english) -> str:
    """The door panel: "Green doors locked", or "Doors open" when no colour is locked, in
    the language of ``_``."""
    if not locked:
        return _("Doors open")
    if locked == "green":
        return _("Green doors locked")
    if locked == "blue":
        return _("Blue doors locked")
    return _("{colour} doors locked", colour=locked.capitalize())
