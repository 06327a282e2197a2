"""The CLUE: IT board: the nine locations around the centre (the four corners with their
Secret Passages), with the Kid movers and Item tokens where they stand, the asked location
(at game over the envelope's) framed in gold; under it the answer order of the question on
the table, each player's Kid, kept Intrigue cards (a count: their names stay hidden), the
Red Balloons drawn, and eliminated players greyed out.

Reads the view described in ``companion/games/clue_it/view.py`` (received over the
socket, names already in the table's language; nothing of the game is imported here).
"""

from __future__ import annotations

from collections.abc import Mapping

from kivy.app import App
from kivy.properties import DictProperty, ListProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.widget import Widget

from ui import theme
from ui.boards import PlacePicks, watch_language
from ui.boards.clue_it_legend import CrowdStrip, PlaceLegend
from ui.boards.clue_it_pieces import ITEM_COLOUR, KID_COLOUR, kid_owner
from ui.boards.fit import LINE, PlaceName, plain, word_width
from ui.boards.names import short_marks, short_places, split_rows, stand_in_number, whole_names
from ui.boards.parts import FLOOR, GROW, Panel, Parts, PlacePanel, font, gap, name_or_mark, text
from ui.text import Translate, coloured, english, escape_markup, player_markup
from ui.widgets.pieces import IconCounts, Marker, PieceStrip

#: Red Balloons in the Intrigue deck (components.BALLOONS; the 8th ends the game).
BALLOONS = 8

ROWS, COLUMNS = 3, 4
CORNERS = ((0, 0), (2, 3), (0, 3), (2, 0))  # two pairs across the board: TL-BR, TR-BL
EDGES = ((0, 1), (0, 2), (1, 0), (1, 3), (2, 1))
CORRIDOR_CELL = (2, 2)
CENTRE_CELLS = ((1, 1), (1, 2))

#: Landscape (800×480: the board has about 370 px across): three columns of four rows, the
#: centre two rows high in the middle column, so that a cell is about 120 px wide and a
#: location's name reads at 20 px ("Biblioteca" did not fit the four columns' 85 px:
#: "Bibliote.", "Sinagog."). Cells as (row, column); the corners across the board in pairs.
TALL_ROWS, TALL_COLUMNS = 4, 3
TALL_CORNERS = ((0, 0), (3, 2), (0, 2), (3, 0))
TALL_EDGES = ((0, 1), (1, 0), (1, 2), (2, 0), (2, 2))
TALL_CORRIDOR = (3, 1)
TALL_CENTRE = ((1, 1), (2, 1))

LOCATION_FILL = (0.14, 0.12, 0.21, 1)
CORNER_FILL = (0.19, 0.11, 0.20, 1)
CENTRE_FILL = (0.10, 0.08, 0.15, 1)
ASKED_EDGE = (0.98, 0.75, 0.35, 1)
GOLD_DIM = (0.80, 0.66, 0.30, 1)

#: The places' share of the board's height (the rest: the answers line, the
#: players' panels, the Red Balloons and the deck): four rows of cells about 50 px high at
#: 800×480, a name and a row of 20 px pieces each.
BOARD_SHARE = 0.66


def layout(places: dict, tall: bool = False) -> dict[tuple[int, int], str]:
    """Grid cell -> location name: corners from the passages (each pair across the board),
    the other locations along the edges in the cards' order (``tall``: the three columns of
    :data:`TALL_CORNERS`, else the four of :data:`CORNERS`)."""
    passages = places.get("passages") or {}
    corners: list[str] = []
    for a, b in passages.items():
        if a not in corners:
            corners += [a, b]
    others = [loc for loc in places.get("locations") or [] if loc not in corners]
    cells = dict(zip(TALL_CORNERS if tall else CORNERS, corners[:4]))
    edges = TALL_EDGES if tall else EDGES
    cells.update(zip(edges, others[:len(edges)]))
    return cells


def kid_name(name: str, stand_ins: Mapping[str, str]) -> str:
    """A Kid mover's or an Item's name under its piece: the first name ("Mike Hanlon" ->
    "Mike", "Jack-in-the-Box" -> "Jack"), or a stand-in's whole name as the daemon says it
    ("Personaggio 3": the state's ``stand_ins``); never a code (a numbered name was "K3", "O2")."""
    if stand_in_number(name, stand_ins):
        return str(name)
    parts = str(name).split()
    first = parts[0] if parts else ""
    return first.split("-")[0] if len(first) > 8 else first


def initial(name: str, stand_ins: Mapping[str, str]) -> str:
    """A piece's mark beside it where its name does not fit: a stand-in's number ("Kid 3"
    -> "3", "Personaggio 3" -> "3": the state's ``stand_ins``), else the first letter ("Mike" -> "M")."""
    parts = str(name).split()
    return stand_in_number(name, stand_ins) or (parts[0][:1].upper() if parts else "")


def pieces_at(view: dict, place: str, colours: dict, stand_ins: Mapping[str, str] | None = None) -> list[dict]:
    """The Kid movers (pawns in their player's colour when a player plays them, else a pale
    blue) and Item tokens (each its own icon, :data:`ui.widgets.shapes.ITEM_ICONS`, in white)
    standing at ``place``, with the names drawn under them where they fit (issue 29: the
    cell showed codes, "K3 I4"); ``stand_ins``: the state's."""
    owners, stand_ins = kid_owner(view), stand_ins or {}
    out = []
    for kid, where in (view.get("movers") or {}).items():
        if where == place:
            player = owners.get(kid)
            colour = theme.player_colour(player, colours) if player else KID_COLOUR  # as in its panel
            shown = kid_name(kid, stand_ins)
            out.append({"kind": "pawn", "colour": colour, "ink": theme.on_dark(colour), "name": shown,
                        "mark": initial(shown, stand_ins)})
    for index, (item, where) in enumerate((view.get("items") or {}).items()):
        if where == place:
            shown = kid_name(item, stand_ins)
            out.append({"kind": "item", "colour": ITEM_COLOUR, "index": index, "name": shown,
                        "mark": initial(shown, stand_ins)})
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
    order = answer_order(view, _, colours)
    return head + ("\n" + _("Answers: {order}", order=order) if order else "")


def answer_order(view: dict, _: Translate, colours: dict) -> str:
    """The answer order from the asker: "Bo: no card › Cy: showed a card › Ada answers
    now" (markup), "" before anyone answers."""
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
    return " › ".join(parts)


def answers_text(view: dict, _: Translate, colours: dict) -> str:
    """While a question is answered, one line: "Answers to Cy: Bo: no card › Ada answers
    now" (markup). The question itself is on the board (the named Kid mover and Item token
    stand in the asked location, framed in gold) and the todo line named it: the board's
    "Cy asks: Kid 5, Item 2, Derry Back Alley" repeated it (issue 29)."""
    q = view.get("question")
    order = answer_order(view, _, colours) if q else ""
    if not order:
        return ""
    return _("Answers to {asker}: {order}", asker=player_markup(q.get("asker", ""), colours), order=order)


def status_text(view: dict, _: Translate) -> str:
    """"Red Balloons 3/8 · Intrigue deck 12 · roll ? 5" (the board draws it as pieces:
    :func:`status_pieces`; the words are for the tests and the voice)."""
    parts = [_("Red Balloons {n}/{total}", n=view.get("balloons", 0), total=BALLOONS),
             _("Intrigue deck {n}", n=(view.get("intrigue") or {}).get("left", 0))]
    roll = [str(face) for face in view.get("last_roll") or []]
    if roll:
        parts.append(_("roll {faces}", faces=" ".join(roll)))
    return " · ".join(parts)


def status_pieces(view: dict, _: Translate = english) -> list[tuple[str, str]]:
    """The Red Balloons drawn (a balloon, "3/8"), the Intrigue deck (a card back, "12") and
    the last roll (a die, "Last roll: ? and 5" in the language of ``_``: a bare "3 3" beside
    the die said nothing to a child, board15)."""
    pieces = [("balloon", f"{view.get('balloons', 0)}/{BALLOONS}"),
              ("card", str((view.get("intrigue") or {}).get("left", 0)))]
    roll = [str(face) for face in view.get("last_roll") or []]
    if len(roll) == 2:
        pieces.append(("die", _("Last roll: {first} and {second}", first=roll[0], second=roll[1])))
    elif roll:
        pieces.append(("die", _("Last roll: {faces}", faces=" ".join(roll))))
    return pieces


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


def whole_name_first(label, cards, top, below, name: str, mark: str, markup) -> None:
    """A player's panel of four: the whole ``name`` on the top row beside the kept ``cards``
    where both fit; else the cards go down beside the Kid (``below``, whose name shortens to
    its number first) and the name takes the top row alone; only a name too long even for
    that shows its ``mark`` (issue 29: "Giulia" read "Giul" beside her cards)."""

    def place(*_args) -> None:
        whole = markup(name)
        need = word_width(plain(whole), font(FLOOR), True) + 4
        home = top if need + cards.width <= top.width else below
        if cards.parent is not home:
            cards.parent.remove_widget(cards)
            home.add_widget(cards)
        label.text = whole if need <= top.width else markup(mark)

    top.bind(width=place)
    place()


def kid_cuts(name: str) -> list[str]:
    """A stand-in Kid's name cut to fit beside its pawn, longest first, keeping at least four
    letters of its word and its number: "Personaggio 3" -> "Personaggi. 3" … "Pers. 3"
    (screen21: a bare "3" beside the pawn read as a count, beside the kept cards' "0"); none
    for a name without a number ("Mike") or with a short word ("Kid 3")."""
    parts = str(name).split()
    if len(parts) < 2 or not parts[-1][:1].isdigit():
        return []
    head, tail = parts[0], " ".join(parts[1:])
    return [f"{head[:n]}. {tail}" for n in range(len(head) - 1, 3, -1)]


class KidCount(IconCounts):
    """A player's Kid: the pawn in the player's colour and the Kid's name ("Mike",
    "Ragazzo 3"), cut keeping its number where it would run out of the panel (:func:`kid_cuts`:
    "Pers. 3"), or its ``short`` form (:func:`initial`: "3", "B") beside the pawn where even
    that does not fit (issue 29: "Ragazzo 3" ran 29 px past four players' panels at 800×480;
    then the pawn stood beside a code, "#3")."""

    name = StringProperty("")
    short = StringProperty("")
    colour = ListProperty([1, 1, 1, 1])

    def draw(self, *args) -> None:
        size = max(self.smallest, min(self.height * 0.8, self.biggest))
        options = [self.name, *kid_cuts(self.name)]
        fitting = (option for option in options if size * 1.1 + word_width(option, size, True) <= self.width)
        shown = next(fitting, self.short or self.name)
        items = [("pawn", shown, tuple(self.colour))]
        if [tuple(item) for item in self.items] != items:
            self.items = items  # drawn again before the same frame
            return
        super().draw(*args)


class AnswersRow(BoxLayout):
    """The row under the places, always there (the places keep their size when a question
    comes; issue 29: the layout stands still): the answers line of the last question
    (``words``, markup), or the odds figure, which the :class:`~ui.widgets.odds.OddsBadge`
    draws in it (this is the board's ``odds_spot``) and names in ``figure``.

    The two never need the row at once: the figure ("A question in reach this turn") shows
    only before the roll of a turn with no question asked yet, so the answers it would cover
    are an earlier turn's (the log keeps them). It covered the status line before ("0/8",
    "23", "2 2"), and a row of its own took the 7-player board's passage tiles to 19.5 px."""

    words = StringProperty("")
    figure = StringProperty("")

    def __init__(self, **kwargs):
        super().__init__(size_hint_y=None, **kwargs)
        self.label = text("", 20, color=theme.TEXT)
        self.add_widget(self.label)
        self.bind(words=self._show, figure=self._show)

    def fit(self) -> None:
        """One line at the boards' floor, or the figure (20 px on a 6 dp pad): at the app's scale."""
        self.height = font(FLOOR) * LINE + gap(6)
        self.label.max_font, self.label.min_font = font(FLOOR * GROW), font(FLOOR)  # a new scale: new sizes

    def _show(self, *_args) -> None:
        self.label.text = "" if self.figure else self.words


def _need(markup: str, beside: float, stacked: bool) -> float:
    name = word_width(plain(markup), font(FLOOR), True) + 4  # as name_or_mark measures it
    return (max(name, beside) if stacked else name + beside) + 2 * gap(2)


def needs(entries: list[tuple]) -> tuple[list[float], list[float]]:
    """Each :class:`NameRow` entry's width with its whole name and with its mark."""
    return ([_need(w, beside, stacked) for _p, _l, w, _m, beside, stacked in entries],
            [_need(m, beside, stacked) for _p, _l, _w, m, beside, stacked in entries])


class NameRows(BoxLayout):
    """Two :class:`NameRow` of players' panels, split in seat order where the names show
    whole best (:func:`~ui.boards.names.split_rows`), split again at each new width: seven
    players were split 4 then 3, "M1 | Marco | Tom | Leo" over "Ada | Bo | Cy" (names21)."""

    def __init__(self, entries: list[tuple], **kwargs):
        super().__init__(orientation="vertical", spacing=gap(2), **kwargs)
        self.entries = entries
        self.first = -1
        self.bind(width=self._split)
        self._split()

    def _split(self, *_args) -> None:
        whole, marks = needs(self.entries)
        first = split_rows(whole, marks, self.width, gap(2)) if self.width > 100 else -(-len(self.entries) // 2)
        if first == self.first:
            return
        self.first = first
        for row in list(self.children):
            row.clear_widgets()
        self.clear_widgets()
        self.add_widget(NameRow(self.entries[:first]))
        self.add_widget(NameRow(self.entries[first:]))


class NameRow(BoxLayout):
    """A row of players' panels (more than four players), each as wide as its name and
    kept cards need, the names whole where the row holds them
    (:func:`~ui.boards.names.whole_names`: the widest falls to its mark first), fitted again
    at each new width. ``entries``: ``(panel, label, whole markup, mark markup, the cards'
    width, stacked)``; ``stacked``: the cards under the name (portrait), not beside it."""

    def __init__(self, entries: list[tuple], **kwargs):
        super().__init__(spacing=gap(2), **kwargs)
        self.entries = entries
        for panel, *_rest in entries:
            self.add_widget(panel)
        self.bind(width=self._fit)
        self._fit()

    def _fit(self, *_args) -> None:
        whole, marks = needs(self.entries)
        room = self.width - self.spacing * (len(self.entries) - 1)
        for (panel, label, w, m, *_rest), shown, need, short in zip(
                self.entries, whole_names(whole, marks, room), whole, marks):
            label.text = w if shown else m
            panel.size_hint_x = need if shown else short


class ClueBoard(PlacePicks, BoxLayout):
    """The whole board; set ``view`` to a CLUE: IT view dict (and ``colours`` and the
    state's ``stand_ins`` first).
    Where a Kid mover stopped is picked by touching the place (issue 17 item 3); a place
    that picks nothing opens its card instead (:func:`legend_rows`: who and what stand
    there, named)."""

    game = "clue_it"
    view = DictProperty({})
    colours = DictProperty({})
    stand_ins = DictProperty({})

    def __init__(self, **kwargs):
        super().__init__(orientation="vertical", spacing=gap(2), padding=gap(1), **kwargs)
        self.tr = App.get_running_app().tr
        self.tiles: dict[str, PlacePanel] = {}
        self.parts = Parts()
        #: the answers line's row, where the odds figure is drawn (:class:`AnswersRow`)
        self.odds_spot = AnswersRow()
        self.legend = PlaceLegend(self)
        watch_language(self)

    def place_for(self, choice: dict) -> str | None:
        return stop_place(choice, self.view.get("places") or {})

    def show_picks(self) -> None:
        for place, tile in self.tiles.items():
            tile.pickable = place in self.picks

    def on_view(self, *_args) -> None:
        """Show the view; a part (the places, the question, the players' panels, the
        status) whose inputs did not change keeps its widgets (issue 27 item 7)."""
        view, _ = dict(self.view), self.tr._
        colours, lang, stand_ins = dict(self.colours), self.tr.lang, dict(self.stand_ins)
        players = view.get("players") or []
        two_rows = self._two_rows(players)
        portrait = bool(getattr(App.get_running_app(), "portrait", False))
        board_key = (lang, colours, stand_ins, two_rows, portrait,
                     *(view.get(k) for k in ("places", "question", "movers", "items", "kids", "solution")))
        parts = [self.parts.get("board", board_key, lambda: self._tiled_board(view, _, colours))]
        # the solution is the game-over panel's ("The envelope held: …"): on the board its
        # location is framed in gold; the board's own line repeated it on two lines
        self.odds_spot.words = "" if view.get("solution") else answers_text(view, _, colours)
        self.odds_spot.fit()
        parts.append(self.odds_spot)
        players_key = (lang, colours, stand_ins, two_rows, players, view.get("turn"), bool(view.get("outcome")),
                       *(view.get(k) for k in ("eliminated", "intrigue_held", "kids")))
        parts.append(self.parts.get("players", players_key, lambda: self._players(view, _, colours)))
        status = status_pieces(view, _)
        #: the Red Balloons, the deck and the roll (kept for the ring of a balloon drawn: ui/motion.py)
        self.counts = self.parts.get("status", status, lambda: IconCounts(
            items=status, smallest=font(FLOOR), biggest=font(22), size_hint_y=0.08))
        parts.append(self.counts)
        self.parts.place(self, parts)
        self.show_picks()

    def _tiled_board(self, view: dict, _: Translate, colours: dict) -> BoxLayout:
        """:meth:`_board`, its places' tiles noted afresh in :attr:`tiles`."""
        self.tiles = {}
        return self._board(view, _, colours)

    def _board(self, view: dict, _: Translate, colours: dict) -> BoxLayout:
        """The printed board's places around the centre. Portrait: three rows (two corners
        with two locations between them; a location, the centre twice as wide and a
        location; two corners with a location and the corridors). Landscape: three columns
        (:data:`TALL_CORNERS`), the centre twice as high, so the cells are wide enough for
        the names at 20 px."""
        places = view.get("places") or {}
        tall = not getattr(App.get_running_app(), "portrait", False)
        cells = layout(places, tall)
        shorts = short_places(list(cells.values()))
        board = BoxLayout(orientation="horizontal" if tall else "vertical", spacing=gap(2),
                          size_hint_y=BOARD_SHARE)
        lines, across = (TALL_COLUMNS, TALL_ROWS) if tall else (ROWS, COLUMNS)
        centre, corridor = (TALL_CENTRE, TALL_CORRIDOR) if tall else (CENTRE_CELLS, CORRIDOR_CELL)
        for first in range(lines):
            line = BoxLayout(orientation="vertical" if tall else "horizontal", spacing=gap(2))
            for second in range(across):
                cell = (second, first) if tall else (first, second)
                if cell == centre[1]:
                    continue
                if cell == centre[0]:
                    line.add_widget(self._centre(view, places, _, colours, **{
                        "size_hint_y" if tall else "size_hint_x": 2}))
                elif cell == corridor:
                    line.add_widget(self._place(_("Corridors"), places.get("corridor"), view, colours,
                                                fill=theme.BACKGROUND))
                elif cell in cells:
                    line.add_widget(self._location(cells[cell], view, _, colours, shorts))
                else:
                    line.add_widget(Widget())
            board.add_widget(line)
        return board

    def _location(self, name: str, view: dict, _: Translate, colours: dict, shorts: dict) -> Panel:
        """A location's cell: a corner (a Secret Passage leaves it) darker, the asked one
        framed in gold."""
        passages = (view.get("places") or {}).get("passages") or {}
        solution = view.get("solution") or []
        asked = solution[-1] if solution else (view.get("question") or {}).get("location")
        title = name
        return self._place(title, name, view, colours, fill=CORNER_FILL if name in passages else LOCATION_FILL,
                           passage=name in passages, asked=name == asked, short=shorts.get(title, ""))

    def _place(self, title: str, place, view: dict, colours: dict, fill, passage: bool = False,
               asked: bool = False, short: str = "") -> Panel:
        """A location: its name (at least 20 px; its short name, :func:`short_places`, where
        the whole one does not fit), a drawn Secret Passage tile in a corner (it leads to
        the corner across the board; the words "» Location 7" were 14 px) and its pieces
        (:class:`~ui.widgets.pieces.PieceStrip`, each at least 20 px with its name or mark)."""
        panel = PlacePanel(fill=fill, edge=ASKED_EDGE if asked else theme.PANEL_EDGE, bright=asked,
                           padding=(gap(2), gap(1)), spacing=0, place=place or "")
        if place:
            self.tiles[place] = panel
        pieces = pieces_at(view, place, colours, self.stand_ins) if place else []
        # with pieces: one line of the name (a 20 px line needs 24 px: half a 46 px cell had 22)
        # and the pieces' row the rest
        title_label = PlaceName(name=title, short=short, max_font=font(FLOOR * GROW), min_font=font(FLOOR),
                                color=theme.TEXT)
        panel.add_widget(title_label)
        if pieces or passage:
            title_label.size_hint_y, title_label.height = None, font(FLOOR) * LINE
            row = BoxLayout(spacing=gap(2))
            if passage:  # the drawn Secret Passage tile, at the boards' floor (it was 14 px before the name)
                row.add_widget(Marker(kind="passage", colour=GOLD_DIM, size_hint_x=None, width=font(FLOOR)))
            row.add_widget(PieceStrip(pieces=pieces, smallest=font(FLOOR), piece_size=gap(26)))
            panel.add_widget(row)
        return panel

    def _centre(self, view: dict, places: dict, _: Translate, colours: dict, **span) -> Panel:
        """The centre, two cells big (``span``: ``size_hint_x`` or ``size_hint_y``): its
        Kid movers and Item tokens."""
        centre = places.get("centre")
        panel = PlacePanel(fill=CENTRE_FILL, edge=theme.GOLD, padding=gap(2), place=centre or "", spacing=0,
                           **span)
        if centre:
            self.tiles[centre] = panel
        title = _("Centre")
        panel.add_widget(text(f"[b]{title}[/b]", 20, color=theme.GOLD, size_hint_y=None, height=font(FLOOR) * LINE))
        pieces = pieces_at(view, centre, colours, self.stand_ins) if centre else []
        panel.add_widget(CrowdStrip(pieces=pieces, smallest=font(FLOOR), piece_size=gap(26)))
        return panel

    def on_touch_down(self, touch):
        """A place picks its choice (:class:`PlacePanel`); a touch no place took may open
        the card of the place under it (:class:`~ui.boards.clue_it_legend.PlaceLegend`)."""
        return super().on_touch_down(touch) or self.legend.touch_down(touch)

    def on_touch_up(self, touch):
        return self.legend.touch_up(touch) or super().on_touch_up(touch)

    @staticmethod
    def _two_rows(players: list) -> bool:
        """More than four players in landscape: two rows of player panels (in portrait one
        row of panels wide enough, the names as short marks)."""
        return len(players) > 4 and not getattr(App.get_running_app(), "portrait", False)

    def _players(self, view: dict, _: Translate, colours: dict) -> Widget:
        """A panel per player: the name, then the Kid's pawn in the player's colour with its
        name (four players or fewer) and the kept Intrigue cards (a card back and the
        count; their names stay hidden); more than four players in two rows of lower panels
        (portrait: one row), each as wide as its name needs (:class:`NameRow`)."""
        players = view.get("players") or []
        rows = 2 if self._two_rows(players) else 1
        crowded = len(players) > 4
        marks = short_marks(players, longest=3) if crowded else {}
        fallback = marks or short_marks(players)
        out = set(view.get("eliminated") or [])
        held = view.get("intrigue_held") or {}
        panels = []
        for player in players:
            gone = player in out
            active = player == view.get("turn") and not view.get("outcome")
            panel = Panel(fill=theme.DISABLED if gone else theme.PANEL, bright=active,
                          edge=theme.PRIMARY_DOWN if active else theme.PANEL_EDGE, padding=(gap(2), gap(1)), spacing=0,
                          orientation="horizontal" if rows > 1 else "vertical")
            ink = theme.on_dark(theme.player_colour(player, colours))

            def bold(words: str, gone: bool = gone, ink: tuple = ink) -> str:
                return f"[b]{escape_markup(words) if gone else coloured(words, ink)}[/b]"

            label = text(bold(player), 20, color=theme.TEXT_FAINT if gone else theme.TEXT)
            label.player, label.mark = player, fallback[player]  # the whole name and its mark (readability audit)
            # the whole name where it fits beside the kept cards, else its mark ("Giulia" broke);
            # four players: the cards go down beside the Kid first (whole_name_first)
            kid = (view.get("kids") or {}).get(player)
            count = str(held.get(player, 0))
            cards = IconCounts(items=[("card", count)], smallest=font(FLOOR), biggest=font(22))
            if gone or crowded or not kid:
                beside = escape_markup(_("Out")) if gone else count
                beside_w = word_width(beside, font(FLOOR), True) + gap(6) + (0 if gone else font(FLOOR) * 1.1)
                panel.add_widget(label)
                if gone:
                    panel.add_widget(text(beside, 20, color=theme.TEXT_FAINT))
                else:
                    panel.add_widget(cards)
                if rows > 1:  # side by side: the cards as wide as they need, the name the rest
                    panel.children[0].size_hint_x, panel.children[0].width = None, beside_w
                if crowded:
                    panels.append((panel, label, bold(player), bold(fallback[player]), beside_w, rows == 1))
                else:
                    name_or_mark(label, player, fallback[player], bold)
            else:  # the name and the kept cards, then the Kid's pawn with its name: "Ragazzo 3" ran out of the panel
                top, below = BoxLayout(), BoxLayout()
                top.add_widget(label)
                # as wide as the card and its count need: at 0.4 of four players' panels the "0" ran 9 px out
                cards.size_hint_x, cards.width = None, font(FLOOR) * 1.1 + word_width(count, font(FLOOR), True) + gap(6)
                top.add_widget(cards)
                panel.add_widget(top)
                shown_kid = kid_name(kid, self.stand_ins)
                below.add_widget(KidCount(name=shown_kid, short=initial(shown_kid, self.stand_ins),
                                          colour=theme.player_colour(player, colours),
                                          smallest=font(FLOOR), biggest=font(22)))
                panel.add_widget(below)
                whole_name_first(label, cards, top, below, player, fallback[player], bold)
                panels.append((panel, None, "", "", 0.0, False))
        if not crowded:
            row = GridLayout(spacing=gap(2), size_hint_y=0.17, rows=1)
            for panel, *_rest in panels:
                row.add_widget(panel)
            return row
        box = BoxLayout(orientation="vertical", spacing=gap(2), size_hint_y=0.1 * rows if rows > 1 else 0.17)
        if rows > 1:
            box.add_widget(NameRows(panels))
        else:
            box.add_widget(NameRow(panels))
        return box
