"""The Children board: the Thornhill Mansion as 4 floors × 5 rooms (top floor first), each
room with its name (at least 20 sp, wrapped between words, cut where the tile cannot hold
it), every ghost in it (green when calm, red with angry brows when enraged), the players
standing there (in their colours), Kitty Kitty and how many cards lie face down under it;
beside it the hand limit in large type and the skull pile; under it one panel per player:
cards in hand, skulls and trapped ghosts (drawn pieces and their counts).

Reads the view described in ``companion/games/children/view.py`` (received over the
socket; nothing of the game is imported here). Left cards are only ever a count.
"""

from __future__ import annotations

from itertools import combinations

from kivy.app import App
from kivy.graphics import Color, Rectangle
from kivy.properties import (
    BooleanProperty,
    DictProperty,
    ListProperty,
    NumericProperty,
    StringProperty,
)
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label
from kivy.uix.widget import Widget

from ui import theme
from ui.boards import PlacePicks, watch_language
from ui.boards.fit import ICON_GAP, LINE, PlaceName, candidates, plain, word_width
from ui.boards.names import initials, short_marks, stand_in_number
from ui.boards.parts import GROW, Panel, Parts, PlacePanel, font, gap, name_or_mark, scale, text
from ui.kvloader import load_kv
from ui.text import Translate, coloured, english, escape_markup, player_markup
from ui.widgets import shapes
from ui.widgets.pieces import IconCounts, fan

#: Floors as the view names them, drawn top floor first.
FLOORS = ("3rd", "2nd", "1st", "basement")

#: The floors by the number the choice keys give them ("place:0-2": the basement, column 3).
FLOOR_KEYS = tuple(reversed(FLOORS))
COLUMNS = 5

#: Room names, the players' marks and every figure never go below this (sp at scale 1:
#: the boards' floor, 20 px at 800×480, issue 29; it was 14).
NAME_FONT, SMALLEST_NAME_FONT = 20, 20

#: Short names of the rooms the rulebook names, as the board shows them (English, and
#: Italian: companion/games/children/components.py ``RULEBOOK_ROOMS``), for a mansion whose
#: cells cannot hold the whole name at 20 px (five columns at 800×480 leave 60-70 px of
#: text, 6-7 letters): whole words a child reads ("Kitch.", "Mast. Bedro." were cut). A
#: stand-in has none: a room tablet is drawn beside its number where its name does not fit
#: (:class:`~ui.boards.fit.PlaceName`'s icon: it showed "#2-4").
ROOM_SHORTS = {
    "Master Bedroom": "Master", "Wash Room": "Wash", "Dormitory": "Dorm", "Billiards Room": "Billiard",
    "Wine Cellar": "Cellar",
    "Camera padronale": "Camera", "Sala da biliardo": "Biliardo",
    "Dormitorio": "Letti",  # its beds (words20: "Dormi" read as "sleep!"; "Camera" is the Master Bedroom's)
}

CAT = (1.0, 0.60, 0.18, 1)
CARD_BACK = (0.55, 0.45, 0.80, 1)


def steps(_: Translate = english) -> tuple[str, ...]:
    """The turn guide's steps ("Taking a Turn"), numbered from 1 (index 0 is no step)."""
    return ("", _("1 Play a room tablet"), _("2 Take 2 actions"), _("3 Restore your hand"),
            _("4 Move 1 ghost"), _("5 Move Kitty Kitty"))


def step_apart(line: str, step: int, _: Translate = english) -> tuple[str, str]:
    """The guide's ``line`` for ``step`` ("2 Take 2 actions") with its number apart from its
    words: ``("Part 2 · Take 2 actions", "2 · Take 2 actions")`` (the line as it is when it
    does not start with the number)."""
    number, _space, words = line.partition(" ")
    if number != str(step) or not words:
        return line, line
    step_words = _("Part {n}", n=step)  # outside the f-string: pybabel sees it
    return f"{step_words} · {words}", f"{step} · {words}"


def step_number(view: dict) -> int:
    """The turn guide's step of ``view`` (0 when none or not a number)."""
    try:
        return int(view.get("step") or 0)
    except (TypeError, ValueError):
        return 0


def turn_text(view: dict, _: Translate = english, colours: dict | None = None) -> str:
    """Whose turn, the step and the actions left, one a line (markup)."""
    if not view.get("turn"):
        return ""
    lines = [f"[b]{player_markup(view['turn'], colours)}[/b]"]
    guide, step = steps(_), step_number(view)
    if 0 < step < len(guide):
        lines.append(escape_markup(guide[step]))
    if step == 2:
        lines.append(escape_markup(_("Actions left: {n}", n=view.get("actions_left", 0))))
    return "\n".join(lines)


def counts(p: dict) -> tuple[int, int, int]:
    """A player's cards in hand, skulls and trapped ghosts (a count reads from a metre; the
    ghosts' names are in the news)."""
    return int(p.get("cards") or 0), int(p.get("skulls") or 0), len(p.get("trapped") or [])


def player_pieces(p: dict) -> list[tuple[str, str]]:
    """A player's panel line as drawn pieces: a card back and the cards in hand, a skull and
    the skulls, a calm ghost and the trapped ghosts; Kitty Kitty's head when the player holds
    the Kitty card (it was the word "Kitty" after the name)."""
    cards, skulls, trapped = counts(p)
    pieces = [("card", str(cards)), ("skull", str(skulls)), ("calm_ghost", str(trapped))]
    if p.get("kitty_card"):
        pieces.append(("cat", ""))
    return pieces


class RoomPieces(Widget):
    """The bottom strip of a room tile: a ghost per ghost (red when enraged), Kitty Kitty,
    and the left cards as small card backs with their count. Where they do not fit side by
    side at the boards' floor, the ghosts of a kind go together, one ghost and their count
    ("[red ghost] [green ghost] 2": issue 29, they overlapped like a fanned hand); only
    where even that does not fit, they overlap."""

    ghosts = ListProperty([])  # True per enraged ghost, False per calm one
    kitty = BooleanProperty(False)
    left = NumericProperty(0)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.count = Label(color=theme.PIP, bold=True)  # the left cards' number, on the card ("": none)
        self.add_widget(self.count)
        self.ghost_counts = [Label(color=theme.TEXT, bold=True) for _ in range(2)]  # "2" after a kind's ghost
        for label in self.ghost_counts:
            self.add_widget(label)
        self.piece_px = 0.0  # the pieces' size (0: none drawn), for the readability audit
        self.overlapped = False  # drawn one over another (a fanned hand), for the audit
        self.bind(pos=self.draw, size=self.draw, ghosts=self.draw, kitty=self.draw, left=self.draw)

    def kinds(self) -> list[str]:
        """One entry a piece: "ghost" per ghost, "kitty", "cards" (the left cards' pile)."""
        return ["ghost"] * len(self.ghosts) + (["kitty"] if self.kitty else []) + (["cards"] if self.left else [])

    def groups(self) -> list[tuple[str, int]]:
        """The pieces with the ghosts of a kind together: ``(kind, count)``, enraged first."""
        enraged = sum(1 for g in self.ghosts if g)
        out = [("enraged", enraged), ("calm", len(self.ghosts) - enraged)]
        out += [("kitty", 1 if self.kitty else 0), ("cards", 1 if self.left else 0)]
        return [(kind, count) for kind, count in out if count]

    def grouped_width(self, size: float) -> float:
        """The pieces' width with the ghosts of a kind together, at ``size`` px each."""
        groups = self.groups()
        counts = sum(word_width(str(n), font(SMALLEST_NAME_FONT), True) + gap(1)
                     for kind, n in groups if kind in ("enraged", "calm") and n > 1)
        return len(groups) * size + max(0, len(groups) - 1) * gap(3) + counts

    def fits(self, width: float) -> bool:
        """The pieces fit ``width`` px at the boards' floor, side by side or grouped (at the
        floor whatever the row's height now: it is laid out after the players' marks)."""
        size = font(SMALLEST_NAME_FONT)
        kinds = self.kinds()
        return len(kinds) * size + max(0, len(kinds) - 1) * size * 0.2 <= width + 2 or self.grouped_width(size) <= width

    def draw(self, *_args) -> None:
        canvas = self.canvas.before
        canvas.clear()
        self.count.text = ""  # nothing drawn (at opacity 0 it was drawn all the same)
        for label in self.ghost_counts:
            label.text = ""
        self.piece_px = 0.0
        self.overlapped = False
        kinds = self.kinds()
        if not kinds or self.width < 4:
            return
        # side by side where they fit, else the ghosts of a kind together, else overlapping
        # like a fanned hand, each at the boards' floor (issue 29: three ghosts, Kitty and the
        # left cards were drawn at 13-17 px, then overlapping)
        floor = min(font(SMALLEST_NAME_FONT), self.height)
        size, step = fan(len(kinds), self.height, floor, self.width + 2)
        if step < size - 0.5 and self.grouped_width(floor) <= self.width + 1:
            self._draw_groups(canvas, floor)
            return
        self.piece_px = size
        self.overlapped = len(kinds) > 1 and step < size - 0.5  # a fanned hand (the audit's)
        for i, kind in enumerate(kinds):
            x = self.x + i * step
            if kind == "ghost":  # an enraged ghost red with angry brows, a calm one green
                (shapes.enraged_ghost if self.ghosts[i] else shapes.calm_ghost)(canvas, x, self.y, size)
            else:
                self._draw_other(canvas, kind, x, size)

    def _draw_groups(self, canvas, size: float) -> None:
        """One ghost of each kind with its count after it, then Kitty and the left cards."""
        self.piece_px = size
        x, labels = self.x, iter(self.ghost_counts)
        for kind, n in self.groups():
            if kind in ("enraged", "calm"):
                (shapes.enraged_ghost if kind == "enraged" else shapes.calm_ghost)(canvas, x, self.y, size)
                x += size
                if n > 1:
                    label = next(labels)
                    label.text, label.font_size = str(n), font(SMALLEST_NAME_FONT)
                    width = word_width(label.text, label.font_size, True) + gap(1)
                    label.size = width, max(size, label.font_size * 1.25)
                    label.pos = x, self.y + (size - label.height) / 2
                    x += width
            else:
                self._draw_other(canvas, kind, x, size)
                x += size
            x += gap(3)

    def _draw_other(self, canvas, kind: str, x: float, size: float) -> None:
        if kind == "kitty":
            shapes.cat(canvas, x, self.y, size, CAT)
            return
        canvas.add(Color(*CARD_BACK))
        canvas.add(Rectangle(pos=(x + size * 0.1, self.y), size=(size * 0.8, size)))
        self.count.text = str(int(self.left))
        # the number reads from a metre (at least 20 sp) even on a small card back
        self.count.font_size = max(size * 0.7, font(SMALLEST_NAME_FONT))
        width = max(size * 0.8, self.count.font_size * 0.6 * len(self.count.text))
        # at least one line of that font high, centred on a card back smaller than it
        height = max(size, self.count.font_size * 1.25)
        self.count.pos, self.count.size = (x + size * 0.1, self.y + (size - height) / 2), (width, height)


class MansionRoom(PlacePanel):
    """One cell of the grid: a built room (its ``name``, ``players`` markup and pieces) or a
    gap (``built`` False)."""

    name = StringProperty("")
    #: the room's number when it is a stand-in's tablet (the state's ``stand_ins``; set
    #: before ``name``), else ""
    stand_in = StringProperty("")
    players = StringProperty("")
    #: the same players by their initials ("A B"), for a crowded room
    initials = StringProperty("")
    built = BooleanProperty(False)
    haunted = BooleanProperty(False)
    enraged = BooleanProperty(False)
    left = NumericProperty(0)

    def __init__(self, **kwargs):
        # 1 dp beside the name: a five-column mansion at 800×480 needs every pixel of its
        # cells for names at 20 px (column_widths)
        super().__init__(padding=(gap(1), gap(1)), spacing=gap(1), **kwargs)
        self.title = PlaceName(max_font=font(NAME_FONT * GROW), min_font=font(SMALLEST_NAME_FONT),
                               color=theme.TEXT, size_hint_y=0.7, icon="tablet")
        self.bottom = bottom = BoxLayout(size_hint_y=None, spacing=gap(2))
        self.pieces_share = 0.3
        self.pieces = RoomPieces()
        # the players' marks at the right of the pieces, as wide as they need on one line
        # ("Bo Cy" did not fit a fixed share of the row); the pieces shrink to the rest
        self.who = text("", SMALLEST_NAME_FONT, SMALLEST_NAME_FONT, size_hint_x=None, width=0, halign="right")
        bottom.add_widget(self.pieces)
        bottom.add_widget(self.who)
        self.add_widget(self.title)
        self.add_widget(bottom)
        self.bind(name=self._name, stand_in=self._name, width=self._name, height=self._heights, built=self._look,
                  haunted=self._look, enraged=self._look, players=self._players, initials=self._players)
        self.pieces.bind(ghosts=self._players, kitty=self._players, left=self._players)
        self._players()

    def _players(self, *_args) -> None:
        """The players' marks on one line at the right of the pieces (at most 80% of the
        row); their initials ("A B", each in its colour) where the names leave the pieces too
        little room to stand apart (issue 29: a crowded room's ghosts overlapped); without
        players the pieces take the whole row."""
        row = max(0, self.width - 2 * gap(1))
        words = self.players
        need = word_width(plain(words), font(SMALLEST_NAME_FONT), True) + gap(2) if words else 0
        if words and self.initials and not self.pieces.fits(row - need - gap(2)):
            words = self.initials
            need = word_width(plain(words), font(SMALLEST_NAME_FONT), True) + gap(2)
        self.who.text = words
        self.who.width = min(need, row * 0.8)


    def _name(self, *_args) -> None:
        width = self.width - 2 * gap(1) - CUT_SLACK
        # whole, else its short name (ROOM_SHORTS) or a stand-in's tablet and number, cut only
        # where the tile cannot hold either at the floor
        self.title.short = room_short(self.name)
        self.title.stand_in = self.stand_in
        self.title.name = self.name
        one_line = room_need(self.name, 1, measure_name, icon_width(), self.stand_in)[1] <= width
        # a name on one line leaves the pieces more room (ghosts drawn larger)
        self.pieces_share = 0.55 if one_line else 0.3
        self.title.size_hint_y = 1
        self._heights()
        self._players()

    def _heights(self, *_args) -> None:
        """The pieces' row: its share of the tile, but never lower than a 20 sp line (the
        players' marks and the left cards' number); the name takes the rest."""
        inner = tile_inner(self.height)
        empty = not self.has_pieces()
        self.bottom.height = 0 if empty else pieces_row(inner, self.pieces_share)
        self.bottom.opacity = 0 if empty else 1

    def has_pieces(self) -> bool:
        """The room shows pieces or players (its name then has one line)."""
        return bool(self.players or self.pieces.ghosts or self.pieces.kitty or self.pieces.left)

    def _look(self, *_args) -> None:
        self.fill = (theme.HAUNTED_TILE if self.enraged else theme.ROOM_TILE) if self.built else theme.BACKGROUND
        self.edge = (theme.HAUNTING if self.enraged else (theme.GHOST if self.haunted else theme.PANEL_EDGE)) \
            if self.built else theme.PANEL
        self.bright = self.haunted


#: Choice key prefixes whose rest is a room (the choice's label names it as the view does).
ROOM_CHOICES = ("move:", "kitty:", "kitty-at:", "haunt-room:", "flee:")


def cell_place(floor: str, column: int) -> str:
    """A grid cell's place id: "basement-0" … "3rd-4" (column from 0)."""
    return f"{floor}-{column}"


def place_of_choice(choice: dict, mansion: dict) -> str | None:
    """The grid cell a choice names: "place:{floor index}-{column}" (where a tablet goes);
    a room's choice ("move:", "kitty:", "kitty-at:", "haunt-room:", "flee:") by the room's
    name in its label (the keys hold ids, the view names; the longest name in the label
    wins: "Wash Room" over "Room"); None for other choices (a ghost's move names a ghost
    and a room: several ghosts may go to one room, so they stay in the list only)."""
    key, label = str(choice.get("key", "")), str(choice.get("label", ""))
    if key.startswith("place:"):
        floor, _, column = key[len("place:"):].partition("-")
        if floor.isdigit() and column.isdigit() and int(floor) < len(FLOOR_KEYS):
            return cell_place(FLOOR_KEYS[int(floor)], int(column))
        return None
    if not key.startswith(ROOM_CHOICES):
        return None
    named = [(len(name), cell_place(floor, column)) for floor, row in mansion.items()
             for column, name in enumerate(row or []) if name and name in label]
    return max(named)[1] if named else None


class ChildrenBoard(PlacePicks, BoxLayout):
    """The whole board; set ``view`` to a Children view dict. A room (or a gap where a
    tablet goes) a choice names is picked by touching it (issue 17 item 3).

    Attributes:
        hand_limit: 5 minus the enraged ghosts present, shown in large type.
        skulls: the skull pile; ``turn``: whose turn and the step (markup).
        colours: player name -> palette key (the table screen sets it from the state).
        stand_ins: the state's stand-ins (name as shown -> number), set before the view.
    """

    game = "children"
    view = DictProperty({})
    colours = DictProperty({})
    stand_ins = DictProperty({})
    hand_limit = NumericProperty(5)
    skulls = StringProperty("")
    turn = StringProperty("")
    #: the skull pile's count (drawn as a skull and the number) and the step on one line
    skull_pile = NumericProperty(0)
    step_line = StringProperty("")
    #: the step where its words do not fit the strip ("2 Compi 2 azioni" was "2 Compi 2…"): "Passo 2"
    step_short = StringProperty("")
    #: ... tried before it: the number and the words apart ("2 · Take 2 actions")
    step_middle = StringProperty("")

    def __init__(self, **kwargs):
        load_kv("children")
        super().__init__(**kwargs)
        self.tr = App.get_running_app().tr
        watch_language(self)
        self.cells: dict[tuple[str, int], MansionRoom] = {}
        self._made: dict[tuple[str, int], MansionRoom] = {}
        self._columns: list[int] | None = []
        self._made_scale = 0.0  # the app's scale the cells were made at
        self.ids.mansion.bind(width=self._widths, height=self._widths)

    @property
    def odds_spot(self):
        """The odds figure's row under the strip (:class:`ui.widgets.odds.OddsBadge`): in the
        strip's corner it lay over the step line and the mansion's top row (issue 29)."""
        return self.ids.odds_spot.__self__  # the widget: ids are weak proxies

    def _lay_out(self, columns: list[int]) -> None:
        """One cell per floor and column in ``columns`` (the columns that hold a room: a
        column of gaps on every floor takes no room from the tiles). The 20 cells are made
        once for the app's scale (their fonts are made at it) and only moved in and out of the grid."""
        if scale() != self._made_scale:  # a resized window: the floor's 20 sp are other pixels
            self._made, self._made_scale, self._columns = {}, scale(), None
        if columns == self._columns:
            return
        self._columns = columns
        if not self._made:
            self._made = {(floor, column): MansionRoom(place=cell_place(floor, column))
                          for floor in FLOORS for column in range(COLUMNS)}
        grid = self.ids.mansion
        grid.clear_widgets()
        grid.cols = len(columns)
        self.cells = {}
        for floor in FLOORS:
            for column in columns:
                cell = self._made[(floor, column)]
                self.cells[(floor, column)] = cell
                grid.add_widget(cell)
        self.show_picks()

    def on_colours(self, *_args) -> None:
        self.on_view()

    def place_for(self, choice: dict) -> str | None:
        place = place_of_choice(choice, self.view.get("mansion") or {})
        return place if any(cell.place == place for cell in self.cells.values()) else None

    def show_picks(self) -> None:
        for cell in self.cells.values():
            cell.pickable = cell.place in self.picks

    def on_view(self, *_args) -> None:
        view, _ = dict(self.view), self.tr._
        colours = dict(self.colours)
        self.hand_limit = int(view.get("hand_limit", 5))
        self.skull_pile = int(view.get("skull_pool") or 0)
        guide, step = steps(_), step_number(view)
        shown = 0 < step < len(guide) and bool(view.get("turn"))
        # the step's number apart from its words: "2 Take 2 actions" read as one run in
        # portrait (issue 29, portrait15): "Part 2 · Take 2 actions", else "2 · Take 2 actions"
        named, numbered = step_apart(guide[step], step, _) if shown else ("", "")
        self.turn = escape_markup(named)
        # the actions left are in the prompt ("Ada: 1 action left, ...") beside the board: the
        # step holds one line at 20 px
        final = ""
        if view.get("final_round"):
            final = escape_markup(_("Final round"))
            self.turn += f"\n[color={theme.hex_colour(theme.LOST)}]{final}[/color]"
        self.step_line = " · ".join(plain(line) for line in self.turn.split("\n") if line)
        self.step_middle = " · ".join(part for part in (numbered, plain(final)) if part)
        self.step_short = _("Part {n}", n=step) if shown else ""
        self._rooms(view, _, colours)
        self._players(view, _, colours)

    def _rooms(self, view: dict, _: Translate, colours: dict) -> None:
        mansion = view.get("mansion") or {}
        rooms = view.get("rooms") or {}
        marks = short_marks(list(view.get("players") or {}))
        letters = initials(list(view.get("players") or {}))
        columns = used_columns(mansion)
        self._lay_out(columns)
        for (floor, column), cell in self.cells.items():
            row = mansion.get(floor) or [None] * COLUMNS
            name = row[column] if column < len(row) else None
            room = (rooms.get(name) or {}) if name else {}
            ghosts = room.get("ghosts") or []
            cell.built = bool(name)
            cell.stand_in = stand_in_number(name, self.stand_ins)
            cell.name = str(name or "")
            cell.initials = " ".join(player_markup(letters.get(p, p), colours) for p in room.get("players") or [])
            cell.players = " ".join(player_markup(marks.get(p, p), colours) for p in room.get("players") or [])
            cell.pieces.ghosts = [bool(g.get("enraged")) for g in ghosts]
            cell.pieces.kitty = bool(room.get("kitty"))
            cell.pieces.left = int(room.get("left_cards") or 0)
            cell.haunted = bool(ghosts)
            cell.enraged = any(g.get("enraged") for g in ghosts)
            cell._heights()
        self._widths()

    def _widths(self, *_args) -> None:
        """Each column as wide as its longest name needs where the mansion's width allows
        it, the rest shared (:func:`column_widths`); equal columns where it does not. A name
        needs its width on the lines its tile holds at the floor (:func:`title_lines`: one
        line in a tile at 800×480; it was taken as two, so "Master Bedroom" was given a
        column for two lines and shown as "Master")."""
        grid = self.ids.mansion
        rows = len(FLOORS)
        row_h = (grid.height - grid.padding[1] - grid.padding[3] - grid.spacing[1] * (rows - 1)) / rows
        needs = [[room_need(cell.name, title_lines(row_h, cell.has_pieces()), measure_name, icon_width(),
                            cell.stand_in)
                  if cell.name else None for (_floor, c), cell in self.cells.items() if c == column]
                 for column in self._columns or []]
        overhead = 2 * gap(1) + CUT_SLACK + 1  # the cell's padding and the label's slack
        room = grid.width - grid.padding[0] - grid.padding[2] - grid.spacing[0] * (len(needs) - 1)
        widths = column_widths(needs, room, overhead)
        if widths != grid.cols_minimum:
            grid.cols_minimum = widths
            grid._trigger_layout()  # GridLayout does not lay out again when cols_minimum changes

    def _players(self, view: dict, _: Translate, colours: dict) -> None:
        """A panel per player; a panel whose player did not change is kept (issue 27 item 7)."""
        parts = getattr(self, "parts", None) or Parts()
        self.parts = parts
        players = view.get("players") or {}
        lang = self.tr.lang
        # four players in landscape: two rows of two panels, each its name and counts on one
        # line (issue 29: in four narrow panels the trapped ghosts' figure ran 15 px past the last)
        rows = 2 if len(players) > 3 and not getattr(App.get_running_app(), "portrait", False) else 1
        self.ids.players.rows = rows
        parts.place(self.ids.players, [
            parts.get(name, (lang, p, view.get("turn") == name, name in (view.get("winners") or []),
                             colours.get(name), rows),
                      lambda name=name, p=p: self._player(name, p, view, _, colours, rows > 1))
            for name, p in players.items()])
        parts.forget_all_but(players)

    @staticmethod
    def _player(name: str, p: dict, view: dict, _: Translate, colours: dict, across: bool = False) -> Panel:
        """A player's panel: the name over the counts, or ``across`` the name beside them,
        shortened ("Marg") where it does not fit."""
        active = view.get("turn") == name
        panel = Panel(bright=active, edge=theme.PRIMARY_DOWN if active else theme.PANEL_EDGE, spacing=0,
                      padding=(gap(2), 0) if across else gap(2),  # across: a 20 px line in half the row
                      orientation="horizontal" if across else "vertical")
        winner = name in (view.get("winners") or [])
        won = escape_markup(_("Winner"))
        items = player_pieces(p)
        counts = IconCounts(items=items, smallest=font(SMALLEST_NAME_FONT), biggest=font(24),
                            size_hint_y=0.55)
        ink = theme.on_dark(theme.player_colour(name, colours))

        def title(shown: str) -> str:
            return f"[b]{coloured(shown, ink)}[/b]" + (f" · {won}" if winner else "")

        label = text(title(name), 20, size_hint_y=1 if across else 0.45)
        if across:  # the counts as wide as they need at the floor; the name the rest
            counts.size_hint = (None, 1)
            floor = font(SMALLEST_NAME_FONT)  # an icon, its gap and its figure, a gap before each
            counts.width = sum(floor * 1.1 + word_width(str(item[1]), floor, True) + gap(4) for item in items) + gap(4)
            name_or_mark(label, name, short_marks([name])[name], title)
        panel.add_widget(label)
        panel.add_widget(counts)
        return panel


def used_columns(mansion: dict) -> list[int]:
    """The grid columns (0–4) holding a room on some floor, left to right; all five for an
    empty mansion."""
    used = sorted({c for row in mansion.values() for c, name in enumerate(row or []) if name})
    return used or list(range(COLUMNS))


#: Pixels :class:`~ui.boards.fit.PlaceName` keeps free beside a name (Kivy wraps a line
#: that measures exactly its box's width).
CUT_SLACK = 4


def room_short(name: str) -> str:
    """The short name a room shows where its whole name does not fit (:data:`ROOM_SHORTS`);
    "" when it has none (a stand-in shows its tablet and number instead)."""
    return ROOM_SHORTS.get(name, "")


def measure_name(text: str) -> float:
    """Pixels ``text`` takes on one line at the room names' floor (bold)."""
    return word_width(text, font(SMALLEST_NAME_FONT), True)


def icon_width() -> float:
    """Pixels a stand-in room's tablet and its gap take before its number at the floor."""
    return font(SMALLEST_NAME_FONT) * (1 + ICON_GAP)


def tile_inner(height: float) -> float:
    """Pixels of a tile ``height`` px high inside its padding, less the gap between its
    name and its pieces' row (:class:`MansionRoom`: 1 dp each)."""
    return max(0.0, height - 3 * gap(1))


def pieces_row(inner: float, share: float) -> float:
    """The pieces' row of a tile with ``inner`` px (:func:`tile_inner`): its ``share``,
    but never lower than a line at the floor (the players' marks, the left cards' number),
    nor more than half."""
    return min(inner * 0.5, max(inner * share, font(SMALLEST_NAME_FONT) * 1.15))


def title_lines(row_height: float, pieces: bool) -> int:
    """Lines of a name at the floor that a tile ``row_height`` px high holds (as
    :class:`~ui.boards.fit.PlaceName` counts them), above its pieces' row where it has
    ``pieces`` (the row at its smaller share: the name's most room); at least one."""
    inner = tile_inner(row_height)
    title = inner - (pieces_row(inner, 0.3) if pieces else 0.0)
    return max(1, int(title // (font(SMALLEST_NAME_FONT) * LINE)))


def room_need(name: str, lines: int, measure, icon: float = 0.0, number: str = "") -> tuple[float, float]:
    """Pixels of text a room's name needs to show uncut on ``lines`` lines: (its whole
    name, its narrowest way: the short name, or a stand-in's tablet (``icon`` px) and its
    ``number``, the state's ``stand_ins``: "" for any other room).
    On one line a name needs its width; on more its widest line at the best breaks.
    ``measure(text)``: pixels."""
    def need(text: str) -> float:
        words_ = text.split()
        if not words_:
            return 0.0
        breaks = range(1, len(words_))
        return min(max(measure(" ".join(words_[a:b])) for a, b in zip((0, *cut), (*cut, len(words_))))
                   for k in range(min(lines, len(words_))) for cut in combinations(breaks, k))

    shown = [need(text) for text in candidates(name, room_short(name))]
    if number:
        shown.append(icon + measure(number))
    return shown[0], min(shown)


def column_widths(needs: list[list[tuple[float, float] | None]], room: float, overhead: float) -> dict[int, float]:
    """The smallest width of each column (GridLayout ``cols_minimum``; what is left of
    ``room`` pixels is shared equally on top): every column its rooms' whole names
    (``needs``: per column, per room, :func:`room_need` or 0 for a gap) where they all fit
    the mansion; else every name short, and then as many columns as fit widened to their
    whole names, the cheapest first (issue 29: the whole names are preferred wherever they
    fit, "Tessera 2-5" rather than its tablet and number, where one column's long name had cost every
    column its whole name); else none (equal columns, names cut). ``overhead``: a cell's
    pixels beside its text."""
    whole, short = ([max((need[tier] for need in column if need is not None), default=0.0) + overhead
                     for column in needs] for tier in (0, 1))
    if sum(short) > room:
        return {}
    widths = list(short)
    for column in sorted(range(len(needs)), key=lambda c: whole[c] - short[c]):
        if sum(widths) + whole[column] - short[column] <= room:
            widths[column] = whole[column]
    return dict(enumerate(widths))
