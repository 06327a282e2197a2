"""The Children board: the Thornhill Mansion as 4 floors × 5 rooms (top floor first), each
room with its ghosts (calm / enraged), players, Kitty Kitty and how many cards lie face
down under it; beside it the hand limit in large type, the turn step, actions and skulls.

Reads the view described in ``companion/games/children/view.py`` (received over the
socket; nothing of the game is imported here). Left cards are only ever a count.
"""

from __future__ import annotations

from kivy.app import App
from kivy.properties import BooleanProperty, DictProperty, NumericProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.widget import Widget

from ui.kvloader import load_kv
from ui.text import Translate, english, player_markup

#: Floors as the view names them, drawn top floor first.
FLOORS = ("3rd", "2nd", "1st", "basement")
COLUMNS = 5

def steps(_: Translate = english) -> tuple[str, ...]:
    """The turn guide's steps ("Taking a Turn"), numbered from 1 (index 0 is no step)."""
    return ("", _("1 Play a room tablet"), _("2 Take 2 actions"), _("3 Restore your hand"),
            _("4 Move 1 ghost"), _("5 Move Kitty Kitty"))


def room_text(name: str, room: dict, _: Translate = english, colours: dict | None = None) -> str:
    """The lines of a room tile (Kivy markup): name, ghosts (enraged ones in red), players
    (each in their colour, gold without one: ``colours`` name -> palette key), Kitty Kitty
    and the count of left cards, in the language of ``_``."""
    lines = [f"[b]{name}[/b]"]
    for ghost in room.get("ghosts") or []:
        if ghost.get("enraged"):
            enraged = _("{ghost} (enraged)", ghost=ghost["name"])  # not in an f-string: Babel reads it
            lines.append(f"[color=ff4d47]{enraged}[/color]")
        else:
            lines.append(f"[color=6bfa8c]{ghost['name']}[/color]")
    if room.get("players"):
        lines.append(", ".join(player_markup(p, colours) for p in room["players"]))
    if room.get("kitty"):
        lines.append("[color=ffa64d]Kitty Kitty[/color]")
    if room.get("left_cards"):
        left = _("Cards left: {n}", n=room["left_cards"])
        lines.append(f"[color=a89ec2]{left}[/color]")
    return "\n".join(lines)


def side_text(view: dict, _: Translate = english, colours: dict | None = None) -> str:
    """The panel beside the mansion: whose turn (in the player's colour, if any), the step,
    actions, skulls, deck, stacks, in the language of ``_``."""
    lines = []
    guide = steps(_)
    if view.get("turn"):
        lines.append(f"[b]{player_markup(view['turn'], colours) if colours else view['turn']}[/b]")
        step = int(view.get("step") or 0)
        if 0 < step < len(guide):
            lines.append(guide[step])
        if step == 2:
            lines.append(_("Actions left: {n}", n=view.get("actions_left", 0)))
    players = view.get("players") or {}
    for name, p in players.items():
        line = _("{player}: cards {cards} · skulls {skulls} · trapped {trapped}", player=name,
                 cards=p.get("cards", 0), skulls=p.get("skulls", 0), trapped=len(p.get("trapped") or []))
        lines.append(line + (" [color=ffa64d]Kitty[/color]" if p.get("kitty_card") else ""))
    lines.append(_("Skull pile: {skulls} · Deck: {cards}", skulls=view.get("skull_pool", 0), cards=view.get("deck", 0)))
    if view.get("final_round"):
        final = _("Final round")
        lines.append(f"[color=ff4d47]{final}[/color]")
    return "\n".join(lines)


class MansionRoom(Widget):
    """One cell of the grid: a built room (``text``) or a gap (``built`` False)."""

    text = StringProperty("")
    built = BooleanProperty(False)
    haunted = BooleanProperty(False)
    enraged = BooleanProperty(False)


class ChildrenBoard(BoxLayout):
    """The whole board; set ``view`` to a Children view dict.

    Attributes:
        hand_limit: 5 minus the enraged ghosts present, shown in large type.
        side: the turn panel's text (markup).
        colours: player name -> palette key (the table screen sets it from the state).
    """

    game = "children"
    view = DictProperty({})
    colours = DictProperty({})
    hand_limit = NumericProperty(5)
    side = StringProperty("")

    def __init__(self, **kwargs):
        load_kv("children")
        super().__init__(**kwargs)
        self.tr = App.get_running_app().tr
        self.tr.on_switch(lambda _lang: self.on_view())
        self.cells: dict[tuple[str, int], MansionRoom] = {}
        self._columns: list[int] = []

    def _lay_out(self, columns: list[int]) -> None:
        """One cell per floor and column in ``columns`` (the columns that hold a room: a
        column of gaps on every floor takes no room from the tiles)."""
        if columns == self._columns:
            return
        self._columns = columns
        grid = self.ids.mansion
        grid.clear_widgets()
        grid.cols = len(columns)
        self.cells = {}
        for floor in FLOORS:
            for column in columns:
                cell = MansionRoom()
                self.cells[(floor, column)] = cell
                grid.add_widget(cell)

    def on_colours(self, *_args) -> None:
        self.on_view()

    def on_view(self, *_args) -> None:
        view = dict(self.view)
        self.hand_limit = int(view.get("hand_limit", 5))
        colours = dict(self.colours)
        self.side = side_text(view, self.tr._, colours)
        mansion = view.get("mansion") or {}
        rooms = view.get("rooms") or {}
        self._lay_out(used_columns(mansion))
        for (floor, column), cell in self.cells.items():
            row = mansion.get(floor) or [None] * COLUMNS
            name = row[column] if column < len(row) else None
            room = rooms.get(name) or {} if name else {}
            cell.built = bool(name)
            cell.text = room_text(name, room, self.tr._, colours) if name else ""
            cell.haunted = bool(room.get("ghosts"))
            cell.enraged = any(g.get("enraged") for g in room.get("ghosts") or [])


def used_columns(mansion: dict) -> list[int]:
    """The grid columns (0–4) holding a room on some floor, left to right; all five for an
    empty mansion."""
    used = sorted({c for row in mansion.values() for c, name in enumerate(row or []) if name})
    return used or list(range(COLUMNS))
