"""The Children board: the Thornhill Mansion as 4 floors × 5 rooms (top floor first), each
room with its ghosts (calm / enraged), players, Kitty Kitty and how many cards lie face
down under it; beside it the hand limit in large type, the turn step, actions and skulls.

Reads the view described in ``companion/games/children/view.py`` (received over the
socket; nothing of the game is imported here). Left cards are only ever a count.
"""

from __future__ import annotations

from kivy.properties import BooleanProperty, DictProperty, NumericProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.widget import Widget

from ui.kvloader import load_kv

#: Floors as the view names them, drawn top floor first.
FLOORS = ("3rd", "2nd", "1st", "basement")
COLUMNS = 5

#: The turn guide's steps ("Taking a Turn").
STEPS = ("", "1 Play a room tablet", "2 Take 2 actions", "3 Restore your hand", "4 Move 1 ghost",
         "5 Move Kitty Kitty")


def room_text(name: str, room: dict) -> str:
    """The lines of a room tile (Kivy markup): name, ghosts (ENRAGED in red), players,
    Kitty Kitty and the count of left cards."""
    lines = [f"[b]{name}[/b]"]
    for ghost in room.get("ghosts") or []:
        lines.append(f"[color=ff4d47]{ghost['name']} (enraged)[/color]" if ghost.get("enraged")
                     else f"[color=6bfa8c]{ghost['name']}[/color]")
    if room.get("players"):
        lines.append("[color=ffcc33]" + ", ".join(room["players"]) + "[/color]")
    if room.get("kitty"):
        lines.append("[color=ffa64d]Kitty Kitty[/color]")
    if room.get("left_cards"):
        n = room["left_cards"]
        lines.append(f"[color=a89ec2]{n} card{'s' if n != 1 else ''} left[/color]")
    return "\n".join(lines)


def side_text(view: dict) -> str:
    """The panel beside the mansion: whose turn, the step, actions, skulls, deck, stacks."""
    lines = []
    if view.get("turn"):
        lines.append(f"[b]{view['turn']}[/b]")
        step = int(view.get("step") or 0)
        if 0 < step < len(STEPS):
            lines.append(STEPS[step])
        if step == 2:
            lines.append(f"Actions left: {view.get('actions_left', 0)}")
    players = view.get("players") or {}
    for name, p in players.items():
        lines.append(f"{name}: {p.get('cards', 0)} cards, {p.get('skulls', 0)} skulls, "
                     f"{len(p.get('trapped') or [])} trapped" + (" [color=ffa64d]Kitty[/color]" if p.get("kitty_card") else ""))
    lines.append(f"Skull pile: {view.get('skull_pool', 0)}  Deck: {view.get('deck', 0)}")
    if view.get("final_round"):
        lines.append("[color=ff4d47]Final round[/color]")
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
    """

    view = DictProperty({})
    hand_limit = NumericProperty(5)
    side = StringProperty("")

    def __init__(self, **kwargs):
        load_kv("children")
        super().__init__(**kwargs)
        self.cells: dict[tuple[str, int], MansionRoom] = {}
        for floor in FLOORS:
            for column in range(COLUMNS):
                cell = MansionRoom()
                self.cells[(floor, column)] = cell
                self.ids.mansion.add_widget(cell)

    def on_view(self, *_args) -> None:
        view = dict(self.view)
        self.hand_limit = int(view.get("hand_limit", 5))
        self.side = side_text(view)
        mansion = view.get("mansion") or {}
        rooms = view.get("rooms") or {}
        for (floor, column), cell in self.cells.items():
            row = mansion.get(floor) or [None] * COLUMNS
            name = row[column] if column < len(row) else None
            room = rooms.get(name) or {} if name else {}
            cell.built = bool(name)
            cell.text = room_text(name, room) if name else ""
            cell.haunted = bool(room.get("ghosts"))
            cell.enraged = any(g.get("enraged") for g in room.get("ghosts") or [])
