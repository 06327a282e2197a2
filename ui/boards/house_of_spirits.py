"""The House of Spirits board: the room card (name, skulls, modifier), the cards in play
(monsters with health pips, attack and defence; items and events), the round, the first
player and the plot deck; under them one panel per player: character, health, score on
its way to 18, cards in hand and plot cards played.

Reads the view described in ``companion/games/house_of_spirits/view.py`` (received over
the socket; nothing of the game is imported here). Hands are only ever a count.
"""

from __future__ import annotations

from functools import partial

from kivy.app import App
from kivy.properties import DictProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.widget import Widget

from ui import theme
from ui.boards import watch_language
from ui.boards.fit import LINE, PlaceName, first_fitting, icon_way, plain, word_width
from ui.boards.names import short_marks, stand_in_number
from ui.boards.parts import FLOOR, GROW, Panel, Parts, Pips, Progress, font, gap, text
from ui.text import Translate, escape_markup, player_markup
from ui.widgets.pieces import IconCounts

#: "If at any time a player gets 18 points" ("End of the Game").
WINNING_SCORE = 18

#: The score's smallest type (sp at the app's scale): the prompt's 32 px at 800×480.
SCORE_FONT = 32

MONSTER_FILL = (0.22, 0.08, 0.10, 1)
ITEM_FILL = (0.12, 0.16, 0.22, 1)
ROOM_FILL = (0.16, 0.12, 0.24, 1)


def room_lines(room: dict | None, _: Translate) -> tuple[str, str]:
    """The room card's name and its "Skulls 3 · plot roll: add or take away up to 1" line (the board draws the
    skulls and the modifier as pieces, :func:`room_pieces`; the words are for the voice and
    the tests)."""
    if not room:
        return _("No room yet"), ""
    skulls = int(room.get("skulls") or 0)
    return (escape_markup(str(room.get("name") or "")),
            _("Skulls {skulls} · plot roll: add or take away up to {modifier}", skulls=skulls,
              modifier=int(room.get("modifier") or 0)))


def room_pieces(room: dict | None) -> list[tuple[str, str]]:
    """The room card's skulls and roll modifier as drawn pieces with their figures:
    ``[("skull", "3"), ("die", "±2")]`` (a child asked what "modifier +1" means: the die and
    the ±2 beside it say the plot roll may go up or down by as much, as the card prints "a
    bonus plus or minus 2")."""
    if not room:
        return []
    return [("skull", str(int(room.get("skulls") or 0))), ("die", f"±{int(room.get('modifier') or 0)}")]


def monster_pieces(card: dict) -> list[tuple[str, str]]:
    """A monster's attack and defence as a sword and a shield with their figures; while they
    are the companion's placeholders (nobody entered the card's), each figure says so: "4?"
    (words18: ⚔4 🛡2 read as the card's own, while its news line said "placeholder numbers")."""
    mark = "?" if card.get("stand_in_numbers") else ""
    return [("sword", f"{card.get('attack', 0)}{mark}"), ("shield", f"{card.get('defence', 0)}{mark}")]


def _share_rows(title, counts) -> None:
    """A monster card's height between its name and its figures: the sword's and the
    shield's take two rows where they do not hold one at the floor (four cards in the top
    row at 800×480: a stand-in's "3?" "2?" ran 16-35 px out of its card, screen20b), when
    the name then holds one line (its words, or its card icon beside its number)."""
    two = not counts.one_row(counts.width) and _one_line(title)
    title.size_hint_y, counts.size_hint_y = (0.3, 0.56) if two else (0.5, 0.36)


def _one_line(title: PlaceName) -> bool:
    """``title`` holds one line at its floor: its whole name, or its icon beside its number."""
    size = title.min_font
    width = title.width - 4  # the slack PlaceName keeps (Kivy wraps a line as wide as its box)
    measure = partial(word_width, font_size=size, bold=title.bold, font_name=title.font_name)
    if measure(title.name) <= width:
        return True
    return bool(title.stand_in) and icon_way(title.stand_in, width, size * LINE, size, measure) == "beside"


#: A card's share of the top row's width when four or more are in play (screen20b: at 800×480
#: a monster card was 51 px wide, too narrow for its name beside its icon and its figures).
CROWDED = 4
CROWDED_SHARES = {"monster": 1.2, "other": 0.9}


def pips_mark(entry: dict) -> str:
    """"?" beside the health pips of a monster or a player (a view's ``in_play`` or
    ``players`` entry) whose health is the companion's placeholder, as on the monster's
    figures (words19: the pips read as the card's own hearts); "" otherwise."""
    return "?" if entry.get("stand_in_numbers") else ""


def player_pieces(name: str, p: dict, view: dict) -> list[tuple[str, str]]:
    """A player's cards in hand (a card back) and plot cards played (a gold card)."""
    pieces = [("card", str(int(p.get("hand_size") or 0)))]
    plots = (view.get("plots_played_by") or {}).get(name)
    if plots:
        pieces.append(("plot", str(plots)))
    return pieces


def info_line(view: dict, _: Translate, colours: dict) -> str:
    """"Round 7 · first Ada · plots played 2/7" (the plot deck's count is in the
    History: the line holds at 20 px)."""
    return info_lines(view, _, colours)[0]


def info_lines(view: dict, _: Translate, colours: dict) -> tuple[str, ...]:
    """The round line, the fullest first, for the board to show the first that holds its one
    line at 26 px (status15): "Round 7 · first Ada · plots played 2/7", "… · plots 2/7",
    "Round 7 · first Ada" (a long first player's name at 800×480; the plots each player
    played are on their panel)."""
    head = []
    if view.get("round"):
        head.append(_("Round {n}", n=view["round"]))
    if view.get("first_player"):
        head.append(_("first {name}", name=player_markup(view["first_player"], colours)))
    played, total = len(view.get("plot_played") or []), view.get("plots_total", 7)
    return (" · ".join([*head, _("plots played {n}/{total}", n=played, total=total)]),
            " · ".join([*head, _("plots {n}/{total}", n=played, total=total)]),
            " · ".join(head))


def player_lines(name: str, p: dict, view: dict, _: Translate) -> dict[str, str]:
    """The words of one player's panel: ``character``, ``health``, ``score``, ``cards``."""
    health = max(0, int(p.get("max_health") or 0) - int(p.get("wounds") or 0))
    cards = _("Cards {n}", n=p.get("hand_size", 0))
    plots = (view.get("plots_played_by") or {}).get(name)
    if plots:
        cards += " · " + _("Plots {n}", n=plots)
    status = _("Dead") if p.get("dead") else (_("Health {n}/{total}", n=health, total=p.get("max_health", 0))
                                              + pips_mark(p))
    if not p.get("max_health"):
        status = ""  # no character drawn yet
    # no character drawn yet: the line is empty ("No character yet" was cut to "No…" in four
    # players' panels; the set-up step says to draw them)
    return {"character": escape_markup(str(p.get("character_name") or "")),
            "health": status, "score": f"{int(p.get('score') or 0)}/{WINNING_SCORE}", "cards": cards}


class HouseOfSpiritsBoard(BoxLayout):
    """The whole board; set ``view`` to a House of Spirits view dict (and ``colours``,
    player name -> palette key, and ``stand_ins``, the state's, before it)."""

    game = "house_of_spirits"
    view = DictProperty({})
    colours = DictProperty({})
    stand_ins = DictProperty({})

    def __init__(self, **kwargs):
        super().__init__(orientation="vertical", spacing=gap(4), padding=gap(2), **kwargs)
        self.tr = App.get_running_app().tr
        self.parts = Parts()
        self.top_row = BoxLayout(spacing=gap(4), size_hint_y=0.30)
        # the round line, read as a sentence: 26 px (theme.STATUS_FONT; 20 before, status15),
        # one line (two took the room's and the players' height, which have none to spare)
        self.info = text("", theme.STATUS_FONT, color=theme.TEXT_DIM, size_hint_y=0.13)
        self.info.reading_role = "status"  # read as a sentence (tests/ui/readability.py)
        self.info_options: tuple[str, ...] = ("",)
        self.info.bind(width=self._info_text)
        self.info.reading_role = "status"  # read as a sentence (tests/ui/readability.py)
        #: the odds figure's own row ("This attack hits: 58%", ui.widgets.odds): no text here,
        #: so the figure covers none (issue 29: in the top corner it hid the monster's name)
        self.odds_spot = Widget(size_hint_y=0.10)
        self.players_row = BoxLayout(spacing=gap(4), size_hint_y=0.47)
        for part in (self.top_row, self.info, self.odds_spot, self.players_row):
            self.add_widget(part)
        watch_language(self)

    def on_view(self, *_args) -> None:
        """Show the view; a part (the room, the cards in play, a player's panel) whose
        words and figures did not change keeps its widgets (issue 27 item 7: the board
        rebuilt ~20 labels with every state)."""
        view, _ = dict(self.view), self.tr._
        colours, lang = dict(self.colours), self.tr.lang
        room, cards = view.get("room"), view.get("in_play") or []
        self.parts.place(self.top_row, [
            self.parts.get("room", (lang, room, self._numbers((room or {}).get("name"))), lambda: self._room(room, _)),
            self.parts.get("in_play", (lang, cards, self._numbers(*(c.get("name") for c in cards))),
                           lambda: self._in_play(cards, _))])
        # its fonts follow the app's scale (a resized window), the status line's alone
        self.info.max_font = self.info.min_font = font(theme.STATUS_FONT)
        self.info_options = info_lines(view, _, colours)
        self._info_text()
        players = view.get("players") or {}
        # a name too long for four players' panels shows its mark, as on Children's rooms
        # ("Tommaso" was cut to "Tomma."; "Tomm")
        marks = short_marks(list(players))
        self.parts.place(self.players_row, [
            self.parts.get(("player", name), (lang, marks[name], self._numbers(p.get("character_name")),
                                              self._player_key(name, p, view, colours)),
                           lambda name=name, p=p: self._player(name, p, view, _, colours, marks[name]))
            for name, p in players.items()])
        self.parts.forget_all_but(["room", "in_play", *(("player", name) for name in players)])

    def _info_text(self, *_args) -> None:
        """The fullest round line that holds one line of the board's width (:func:`info_lines`)."""
        self.info.text = first_fitting(self.info_options, self.info.width, self.info.max_font, 1)

    def _numbers(self, *names) -> tuple[str, ...]:
        """The stand-in numbers of ``names`` (the state's ``stand_ins``; "" for a printed or
        entered name), for a part's key: the same words may be a stand-in in one game and
        a card the owner named "Room 7" in another."""
        return tuple(stand_in_number(name, self.stand_ins) for name in names)

    @staticmethod
    def _player_key(name: str, p: dict, view: dict, colours: dict) -> tuple:
        """All of the view a player's panel draws (:meth:`_player`)."""
        return (p, view.get("turn") == name and not view.get("outcome"), name in (view.get("winners") or []),
                (view.get("plots_played_by") or {}).get(name), colours.get(name))

    def _room(self, room: dict | None, _: Translate) -> Panel:
        name, _details = room_lines(room, _)
        panel = Panel(fill=ROOM_FILL, size_hint_x=0.36, padding=gap(2), spacing=gap(1))
        name = plain(name)
        panel.add_widget(PlaceName(name=name, max_font=font(28), min_font=font(FLOOR), color=theme.TEXT,
                                   size_hint_y=0.6, icon="card", stand_in=stand_in_number(name, self.stand_ins)))
        if room:
            panel.add_widget(IconCounts(items=room_pieces(room), smallest=font(FLOOR), biggest=font(26),
                                        size_hint_y=0.4))
        return panel

    def _in_play(self, cards: list, _: Translate) -> BoxLayout:
        box = BoxLayout(spacing=gap(3), size_hint_x=0.64)
        if not cards:
            box.add_widget(text(_("No cards in play"), 20, color=theme.TEXT_FAINT))
        for card in cards:
            panel = self._card(card, _)
            if len(cards) >= CROWDED:  # the monsters' figures need the width more than a name does
                panel.size_hint_x = CROWDED_SHARES["monster" if card.get("kind") == "monster" else "other"]
            box.add_widget(panel)
        return box

    def _card(self, card: dict, _: Translate) -> Panel:
        """A card in play: its name; a monster (red) with its health pips, attack (a sword)
        and defence (a shield); items and events blue (the kind's word did not hold at 20 px)."""
        monster = card.get("kind") == "monster"
        panel = Panel(fill=MONSTER_FILL if monster else ITEM_FILL, padding=gap(2), spacing=gap(1),
                      edge=theme.HAUNTING if monster else theme.PANEL_EDGE)
        name = str(card.get("name") or "")
        # a stand-in whose name does not fit: a card and its number ("#10" before)
        title = PlaceName(name=name, icon="card", stand_in=stand_in_number(name, self.stand_ins),
                          max_font=font(FLOOR * GROW), min_font=font(FLOOR), color=theme.TEXT,
                          size_hint_y=0.5 if monster else 1)
        panel.add_widget(title)
        if monster:
            panel.add_widget(Pips(total=int(card.get("max_health") or 0), filled=int(card.get("health") or 0),
                                  mark=pips_mark(card), colour=theme.HAUNTING, size_hint_y=0.14))
            counts = IconCounts(items=monster_pieces(card), smallest=font(FLOOR), biggest=font(24), size_hint_y=0.36)
            panel.add_widget(counts)
            share = partial(_share_rows, title, counts)  # once both are as wide as the card
            counts.bind(width=lambda *_: share())
            title.bind(width=lambda *_: share())
        return panel

    def _player(self, name: str, p: dict, view: dict, _: Translate, colours: dict, mark: str = "") -> Panel:
        words = player_lines(name, p, view, _)
        active = view.get("turn") == name and not view.get("outcome")
        winner = name in (view.get("winners") or [])
        panel = Panel(bright=active or winner, padding=gap(2), spacing=gap(1),
                      edge=theme.GOLD if winner else (theme.PRIMARY_DOWN if active else theme.PANEL_EDGE),
                      fill=theme.DISABLED if p.get("dead") else theme.PANEL)
        panel.add_widget(PlaceName(name=name, short="" if mark == name else mark,
                                   color=theme.on_dark(theme.player_colour(name, colours)),
                                   max_font=font(FLOOR * GROW), min_font=font(FLOOR), size_hint_y=0.16))
        character = plain(words["character"])
        # a stand-in character whose name does not fit: a pawn in the player's colour and its number
        number = stand_in_number(character, self.stand_ins)
        panel.add_widget(PlaceName(name=character, short="" if number else character_short(character), bold=False,
                                   color=theme.TEXT_DIM, max_font=font(FLOOR), min_font=font(FLOOR), size_hint_y=0.16,
                                   icon="pawn", icon_colour=theme.player_colour(name, colours), stand_in=number))
        # shares of the panel (0.94 in all): a 20 px line (24 px) in each but the score's
        health = max(0, int(p.get("max_health") or 0) - int(p.get("wounds") or 0))
        if winner or p.get("dead"):  # the word where the health pips were
            said = _("Winner") if winner else words["health"]
            panel.add_widget(text(f"[b]{escape_markup(said)}[/b]", 20, color=theme.WON if winner else theme.LOST,
                                  size_hint_y=0.16))
        else:
            panel.add_widget(Pips(total=int(p.get("max_health") or 0), filled=health, mark=pips_mark(p),
                                  size_hint_y=0.16))
        # the score, the way to 18, in the board's largest type (issue 29: at 20 px it was no
        # larger than the character's name): 32 px and up, as the prompt
        panel.add_widget(text(f"[b]{words['score']}[/b]", SCORE_FONT, SCORE_FONT, color=theme.GOLD,
                              size_hint_y=0.26))
        panel.add_widget(Progress(value=int(p.get("score") or 0), limit=WINNING_SCORE, size_hint_y=0.04))
        panel.add_widget(IconCounts(items=player_pieces(name, p, view), smallest=font(FLOOR), biggest=font(22),
                                    size_hint_y=0.16))
        return panel


def character_short(name: str) -> str:
    """The character's name where the whole one does not fit a player's panel: the first
    name ("Kraig Quartzheim" -> "Kraig": players call a character by it; it was cut to
    "Kraig…"); "" for a one-word name. A stand-in ("Personaggio 4") has none: its pawn and
    number are drawn, :class:`~ui.boards.fit.PlaceName`'s icon (it showed "#4")."""
    return name.split()[0] if len(name.split()) > 1 else ""
