"""The CLUE: IT board: the nine locations around the centre (the four corners with their
Secret Passages), with the Kid movers and Item tokens where they stand; under it the
question on the table with its answer order from the asker, each player's Kid, kept
Intrigue cards (a count: their names stay hidden), the Red Balloons drawn, and
eliminated players greyed out.

Reads the view described in ``companion/games/clue_it/view.py`` (received over the
socket, names already in the table's language; nothing of the game is imported here).
"""

from __future__ import annotations

from kivy.app import App
from kivy.properties import DictProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.widget import Widget

from ui import theme
from ui.boards import PlacePicks, watch_language
from ui.boards.names import card_name, short_marks
from ui.boards.parts import Panel, PlacePanel, gap, text
from ui.text import Translate, coloured, escape_markup, player_markup

#: Red Balloons in the Intrigue deck (components.BALLOONS; the 8th ends the game).
BALLOONS = 8

ROWS, COLUMNS = 3, 4
CORNERS = ((0, 0), (2, 3), (0, 3), (2, 0))  # two pairs across the board: TL-BR, TR-BL
EDGES = ((0, 1), (0, 2), (1, 0), (1, 3), (2, 1))
CORRIDOR_CELL = (2, 2)
CENTRE_CELLS = ((1, 1), (1, 2))

ITEM_COLOUR = (0.98, 0.75, 0.35, 1)
KID_COLOUR = (0.75, 0.85, 1.0, 1)
LOCATION_FILL = (0.14, 0.12, 0.21, 1)
CORNER_FILL = (0.19, 0.11, 0.20, 1)
CENTRE_FILL = (0.10, 0.08, 0.15, 1)
ASKED_EDGE = (0.98, 0.75, 0.35, 1)
GOLD_DIM = (0.80, 0.66, 0.30, 1)


def layout(places: dict) -> dict[tuple[int, int], str]:
    """Grid cell -> location name: corners from the passages (each pair across the board),
    the other locations along the edges in the cards' order."""
    passages = places.get("passages") or {}
    corners: list[str] = []
    for a, b in passages.items():
        if a not in corners:
            corners += [a, b]
    others = [loc for loc in places.get("locations") or [] if loc not in corners]
    cells = dict(zip(CORNERS, corners[:4]))
    cells.update(zip(EDGES, others[:len(EDGES)]))
    return cells


def kid_owner(view: dict) -> dict[str, str]:
    """Kid name -> the player playing that Kid."""
    return {kid: player for player, kid in (view.get("kids") or {}).items() if kid}


def piece_mark(name: str) -> str:
    """A piece's short name on the board: the first word ("Mike Hanlon" -> "Mike",
    "Jack-in-the-Box" -> "Jack"), or initial and number for a numbered name ("Kid 3" ->
    "K3", "Oggetto 2" -> "O2")."""
    parts = str(name).split()
    if len(parts) > 1 and parts[-1].isdigit():
        return parts[0][:1].upper() + parts[-1]
    first = parts[0] if parts else ""
    return first.split("-")[0] if len(first) > 8 else first


def pieces_at(view: dict, place: str, colours: dict) -> list[str]:
    """Markup of the Kid movers (in their player's colour when a player plays them) and Item
    tokens (in gold) standing at ``place``, by their short names (:func:`piece_mark`)."""
    owners = kid_owner(view)
    out = []
    for kid, where in (view.get("movers") or {}).items():
        if where == place:
            player = owners.get(kid)
            colour = theme.on_dark(theme.player_colour(player, colours, KID_COLOUR)) if player else KID_COLOUR
            out.append(coloured(piece_mark(kid), colour))
    for item, where in (view.get("items") or {}).items():
        if where == place:
            out.append(coloured(piece_mark(item), ITEM_COLOUR))
    return out


def question_text(view: dict, _: Translate, colours: dict) -> str:
    """"Ada asks: Kid 5, Item 2, Derry Back Alley" and the answer order from the asker:
    "Bo: no card · Cy: showed a card · Ada answers now" (markup)."""
    q = view.get("question")
    if not q:
        return ""
    head = _("{asker} asks: {kid}, {item}, {location}", asker=player_markup(q.get("asker", ""), colours),
             kid=escape_markup(q.get("kid", "")), item=escape_markup(q.get("item", "")),
             location=escape_markup(q.get("location", "")))
    said = {a.get("player"): a.get("showed") for a in view.get("answers") or []}
    parts = []
    for player in view.get("answer_order") or []:
        name = player_markup(player, colours)
        if player in said:
            answer = _("{player}: showed a card", player=name) if said[player] else _("{player}: no card", player=name)
            parts.append(answer)
        elif player == view.get("answering"):
            now = _("{player} answers now", player=name)
            parts.append(f"[b]{now}[/b]")
        else:
            parts.append(name)
    order = _("Answers: {order}", order=" › ".join(parts)) if parts else ""
    return head + ("\n" + order if order else "")


def status_text(view: dict, _: Translate) -> str:
    """"Red Balloons 3/8 · Intrigue deck 12 · roll ? 5" (and the solution at the end)."""
    parts = [_("Red Balloons {n}/{total}", n=view.get("balloons", 0), total=BALLOONS),
             _("Intrigue deck {n}", n=(view.get("intrigue") or {}).get("left", 0))]
    roll = [str(face) for face in view.get("last_roll") or []]
    if roll:
        parts.append(_("roll {faces}", faces=" ".join(roll)))
    return " · ".join(parts)


def solution_text(view: dict, _: Translate) -> str:
    """"Solution: Kid 3, Item 2, Location 5" once the envelope is revealed, else ""."""
    solution = view.get("solution")
    if not solution:
        return ""
    return _("Solution: {cards}", cards=", ".join(escape_markup(str(c)) for c in solution))


def stop_place(choice: dict, places: dict) -> str | None:
    """The place on the board where a Kid mover stopped, for the choice that says so:
    "stop:centre" and "stop:corridor" (Elsewhere) are the centre and the corridors, a
    location's choice is labelled with the location's name as the view names it; None for
    an Intrigue space (no one place) and for other choices."""
    key = str(choice.get("key", ""))
    if not key.startswith("stop:"):
        return None
    where = key[len("stop:"):]
    if where in ("centre", "corridor"):
        return places.get(where)
    label = choice.get("label")
    return label if label in (places.get("locations") or []) else None


class ClueBoard(PlacePicks, BoxLayout):
    """The whole board; set ``view`` to a CLUE: IT view dict (and ``colours`` first).
    Where a Kid mover stopped is picked by touching the place (issue 17 item 3)."""

    game = "clue_it"
    view = DictProperty({})
    colours = DictProperty({})

    def __init__(self, **kwargs):
        super().__init__(orientation="vertical", spacing=gap(2), padding=gap(1), **kwargs)
        self.tr = App.get_running_app().tr
        self.tiles: dict[str, PlacePanel] = {}
        watch_language(self)

    def place_for(self, choice: dict) -> str | None:
        return stop_place(choice, self.view.get("places") or {})

    def show_picks(self) -> None:
        for place, tile in self.tiles.items():
            tile.pickable = place in self.picks

    def on_view(self, *_args) -> None:
        view, _ = dict(self.view), self.tr._
        colours = dict(self.colours)
        self.clear_widgets()
        self.tiles = {}
        self.add_widget(self._board(view, _, colours))
        question = solution_text(view, _) or question_text(view, _, colours)
        if question:
            self.add_widget(text(question, 15, 14, size_hint_y=0.12,
                                 color=theme.GOLD if view.get("solution") else theme.TEXT))
        self.add_widget(self._players(view, _, colours))
        self.add_widget(text(status_text(view, _), 14, 14, color=theme.TEXT_DIM, size_hint_y=0.055))
        self.show_picks()

    def _board(self, view: dict, _: Translate, colours: dict) -> BoxLayout:
        """Three rows: two corners with two locations between them; a location, the centre
        (twice as wide) and a location; two corners with a location and the corridors."""
        places = view.get("places") or {}
        cells = layout(places)
        passages = places.get("passages") or {}
        asked = (view.get("question") or {}).get("location")
        # two rows of player panels (more than four players) take height: the board keeps its share
        board = BoxLayout(orientation="vertical", spacing=gap(2),
                          size_hint_y=0.725 if self._two_rows(view.get("players") or []) else 0.655)
        for row in range(ROWS):
            line = BoxLayout(spacing=gap(2))
            for column in range(COLUMNS):
                cell = (row, column)
                if cell == CENTRE_CELLS[1]:
                    continue
                if cell == CENTRE_CELLS[0]:
                    line.add_widget(self._centre(view, places, _, colours))
                elif cell == CORRIDOR_CELL:
                    line.add_widget(self._place(_("Corridors"), places.get("corridor"), view, colours,
                                                fill=theme.BACKGROUND))
                elif cell in cells:
                    name = cells[cell]
                    note = f"» {card_name(passages[name], _)}" if name in passages else ""
                    line.add_widget(self._place(card_name(name, _), name, view, colours,
                                                fill=CORNER_FILL if note else LOCATION_FILL, note=note,
                                                asked=name == asked))
                else:
                    line.add_widget(Widget())
            board.add_widget(line)
        return board

    def _place(self, title: str, place, view: dict, colours: dict, fill, note: str = "",
               asked: bool = False) -> Panel:
        panel = PlacePanel(fill=fill, edge=ASKED_EDGE if asked else theme.PANEL_EDGE, bright=asked,
                           padding=(gap(2), gap(1)), spacing=0, place=place or "")
        if place:
            self.tiles[place] = panel
        # long names ("Biblioteca Pubblica di Derry") wrap on three lines before they
        # shrink, and take the pieces' room where no piece stands
        pieces = pieces_at(view, place, colours) if place else []
        # more than two pieces may take two lines
        crowd = (0.3 if len(pieces) <= 2 else (0.49 if note else 0.5)) if pieces else 0
        note_share = 0.25 if crowd > 0.3 else 0.26
        share = 1 - crowd - (note_share if note else 0)
        panel.add_widget(text(f"[b]{escape_markup(title)}[/b]", 15, 14, size_hint_y=share))
        if pieces:
            panel.add_widget(text(" ".join(pieces), 15, 14, size_hint_y=crowd))
        if note:
            panel.add_widget(text(escape_markup(note), 14, 14, color=GOLD_DIM, size_hint_y=note_share))
        return panel

    def _centre(self, view: dict, places: dict, _: Translate, colours: dict) -> Panel:
        """The centre, twice as wide as a location: its Kid movers and Item tokens."""
        centre = places.get("centre")
        panel = PlacePanel(fill=CENTRE_FILL, edge=theme.GOLD, size_hint_x=2, padding=gap(2), place=centre or "")
        if centre:
            self.tiles[centre] = panel
        title = _("Centre")
        panel.add_widget(text(f"[b]{title}[/b]", 14, 14, color=theme.GOLD, size_hint_y=0.3))
        pieces = pieces_at(view, centre, colours) if centre else []
        panel.add_widget(text(" ".join(pieces), 15, 14, size_hint_y=0.7))
        return panel

    @staticmethod
    def _two_rows(players: list) -> bool:
        """More than four players in landscape: two rows of player panels (in portrait one
        row of panels wide enough, the names as short marks)."""
        return len(players) > 4 and not getattr(App.get_running_app(), "portrait", False)

    def _players(self, view: dict, _: Translate, colours: dict) -> GridLayout:
        """A panel per player; more than four players in two rows of lower panels (name and
        Intrigue cards: the Kid is the mover in the player's colour on the board), so every
        panel stays wide enough for its words at 14 sp."""
        players = view.get("players") or []
        rows = 2 if self._two_rows(players) else 1
        row = GridLayout(spacing=gap(2), size_hint_y=0.12 * rows if rows > 1 else 0.17, rows=rows)
        marks = short_marks(players) if len(players) > 4 else {}
        out = set(view.get("eliminated") or [])
        held = view.get("intrigue_held") or {}
        for player in players:
            gone = player in out
            active = player == view.get("turn") and not view.get("outcome")
            panel = Panel(fill=theme.DISABLED if gone else theme.PANEL, bright=active,
                          edge=theme.PRIMARY_DOWN if active else theme.PANEL_EDGE, padding=(gap(2), gap(1)), spacing=0)
            shown = marks.get(player, player)
            ink = theme.on_dark(theme.player_colour(player, colours))
            name = escape_markup(shown) if gone else coloured(shown, ink)
            kid = card_name((view.get("kids") or {}).get(player), _) if len(players) <= 4 else ""
            if len(players) > 3 and kid:  # narrow panels: the Kid as the board marks it ("Bill")
                kid = piece_mark(kid)
            panel.add_widget(text(f"[b]{name}[/b]", 16, 14, color=theme.TEXT_FAINT if gone else theme.TEXT,
                                  size_hint_y=0.34 if kid else 0.5))
            line = _("Out") if gone else _("Intrigue {n}", n=held.get(player, 0))
            # the Kid and the count a line each (the Kid's words wrap, never the count)
            panel.add_widget(text(escape_markup(f"{kid}\n{line}" if kid else line), 14, 14,
                                  color=theme.TEXT_FAINT if gone else theme.TEXT_DIM, size_hint_y=0.66 if kid else 0.5))
            row.add_widget(panel)
        return row

