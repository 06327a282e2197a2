"""The House of Spirits board: the room card (name, skulls, modifier), the cards in play
(monsters with health pips, attack and defence; items and events), the round, the first
player and the plot deck; under them one panel per player: character, health, score on
its way to 18, cards in hand and plot cards played.

Reads the view described in ``companion/games/house_of_spirits/view.py`` (received over
the socket; nothing of the game is imported here). Hands are only ever a count.
"""

from __future__ import annotations

from kivy.app import App
from kivy.properties import DictProperty
from kivy.uix.boxlayout import BoxLayout

from ui import theme
from ui.boards import watch_language
from ui.boards.names import card_name
from ui.boards.parts import Panel, Pips, Progress, gap, text
from ui.text import Translate, escape_markup, player_markup

#: "If at any time a player gets 18 points" ("End of the Game").
WINNING_SCORE = 18

MONSTER_FILL = (0.22, 0.08, 0.10, 1)
ITEM_FILL = (0.12, 0.16, 0.22, 1)
ROOM_FILL = (0.16, 0.12, 0.24, 1)


def signed(n) -> str:
    """``+1``, ``-2``, ``0``."""
    n = int(n or 0)
    return f"+{n}" if n > 0 else str(n)


def room_lines(room: dict | None, _: Translate) -> tuple[str, str]:
    """The room card's name and its "3 skulls · modifier +1" line."""
    if not room:
        return _("No room yet"), ""
    skulls = int(room.get("skulls") or 0)
    return (escape_markup(card_name(room.get("name"), _)),
            _("Skulls {skulls} · modifier {modifier}", skulls=skulls, modifier=signed(room.get("modifier"))))


def card_kind(kind: str, _: Translate) -> str:
    """A card kind in words."""
    return {"monster": _("Monster"), "item": _("Item"), "event": _("Event"),
            "plot": _("Plot card")}.get(kind, _("Card"))


def info_line(view: dict, _: Translate, colours: dict) -> str:
    """"Round 7 · first player Ada · plot deck 6 · plot cards 2/7"."""
    parts = []
    if view.get("round"):
        parts.append(_("Round {n}", n=view["round"]))
    if view.get("first_player"):
        parts.append(_("first {name}", name=player_markup(view["first_player"], colours)))
    decks = view.get("decks") or {}
    parts.append(_("plot deck {n}", n=decks.get("plot", 0)))
    parts.append(_("plots played {n}/{total}", n=len(view.get("plot_played") or []),
                   total=view.get("plots_total", 7)))
    return " · ".join(parts)


def player_lines(name: str, p: dict, view: dict, _: Translate) -> dict[str, str]:
    """The words of one player's panel: ``character``, ``health``, ``score``, ``cards``."""
    health = max(0, int(p.get("max_health") or 0) - int(p.get("wounds") or 0))
    cards = _("Cards {n}", n=p.get("hand_size", 0))
    plots = (view.get("plots_played_by") or {}).get(name)
    if plots:
        cards += " · " + _("Plots {n}", n=plots)
    status = _("Dead") if p.get("dead") else _("Health {n}/{total}", n=health, total=p.get("max_health", 0))
    if not p.get("max_health"):
        status = ""  # no character drawn yet
    return {"character": escape_markup(card_name(p.get("character_name"), _) or _("No character yet")),
            "health": status, "score": f"{int(p.get('score') or 0)}/{WINNING_SCORE}", "cards": cards}


class HouseOfSpiritsBoard(BoxLayout):
    """The whole board; set ``view`` to a House of Spirits view dict (and ``colours``,
    player name -> palette key, before it)."""

    game = "house_of_spirits"
    view = DictProperty({})
    colours = DictProperty({})

    def __init__(self, **kwargs):
        super().__init__(orientation="vertical", spacing=gap(4), padding=gap(2), **kwargs)
        self.tr = App.get_running_app().tr
        watch_language(self)

    def on_view(self, *_args) -> None:
        view, _ = dict(self.view), self.tr._
        colours = dict(self.colours)
        self.clear_widgets()
        top = BoxLayout(spacing=gap(4), size_hint_y=0.40)
        top.add_widget(self._room(view.get("room"), _))
        top.add_widget(self._in_play(view.get("in_play") or [], _))
        self.add_widget(top)
        self.add_widget(text(info_line(view, _, colours), 16, 14, color=theme.TEXT_DIM, size_hint_y=0.13))
        row = BoxLayout(spacing=gap(4), size_hint_y=0.47)
        for name, p in (view.get("players") or {}).items():
            row.add_widget(self._player(name, p, view, _, colours))
        self.add_widget(row)

    def _room(self, room: dict | None, _: Translate) -> Panel:
        name, details = room_lines(room, _)
        panel = Panel(fill=ROOM_FILL, size_hint_x=0.36)
        panel.add_widget(text(_("Room"), 14, 14, color=theme.TEXT_DIM, size_hint_y=0.16))
        panel.add_widget(text(f"[b]{name}[/b]", 22, 14, size_hint_y=0.36))
        if room:
            panel.add_widget(Pips(total=int(room.get("skulls") or 0), filled=int(room.get("skulls") or 0),
                                  colour=theme.TEXT, size_hint_y=0.12))
        panel.add_widget(text(details, 14, 14, color=theme.TEXT_DIM, size_hint_y=0.36))
        return panel

    def _in_play(self, cards: list, _: Translate) -> BoxLayout:
        box = BoxLayout(spacing=gap(3), size_hint_x=0.64)
        if not cards:
            box.add_widget(text(_("No cards in play"), 16, 14, color=theme.TEXT_FAINT))
        for card in cards:
            box.add_widget(self._card(card, _))
        return box

    def _card(self, card: dict, _: Translate) -> Panel:
        monster = card.get("kind") == "monster"
        panel = Panel(fill=MONSTER_FILL if monster else ITEM_FILL,
                      edge=theme.HAUNTING if monster else theme.PANEL_EDGE)
        panel.add_widget(text(card_kind(card.get("kind", ""), _), 14, 14, color=theme.TEXT_DIM, size_hint_y=0.17))
        panel.add_widget(text(f"[b]{escape_markup(card_name(card.get('name'), _))}[/b]", 17, 14, size_hint_y=0.36))
        if monster:
            panel.add_widget(Pips(total=int(card.get("max_health") or 0), filled=int(card.get("health") or 0),
                                  colour=theme.HAUNTING, size_hint_y=0.13))
            panel.add_widget(text(_("Attack {a} · Defence {d}", a=card.get("attack", 0), d=card.get("defence", 0)),
                                  15, 14, size_hint_y=0.34))
        else:
            panel.add_widget(BoxLayout(size_hint_y=0.47))
        return panel

    def _player(self, name: str, p: dict, view: dict, _: Translate, colours: dict) -> Panel:
        words = player_lines(name, p, view, _)
        active = view.get("turn") == name and not view.get("outcome")
        winner = name in (view.get("winners") or [])
        panel = Panel(bright=active or winner,
                      edge=theme.GOLD if winner else (theme.PRIMARY_DOWN if active else theme.PANEL_EDGE),
                      fill=theme.DISABLED if p.get("dead") else theme.PANEL)
        if winner:
            won = _("Winner")
            words["health"] = f"[b]{won}[/b]"
        panel.add_widget(text(f"[b]{player_markup(name, colours)}[/b]", 20, 14, size_hint_y=0.17))
        panel.add_widget(text(words["character"], 15, 14, color=theme.TEXT_DIM, size_hint_y=0.25))
        health = max(0, int(p.get("max_health") or 0) - int(p.get("wounds") or 0))
        panel.add_widget(Pips(total=int(p.get("max_health") or 0), filled=health, size_hint_y=0.07))
        panel.add_widget(text(words["health"], 15, 14, color=theme.WON if winner else theme.TEXT_DIM,
                              size_hint_y=0.13))
        # the score, the way to 18, in the panel's largest type
        panel.add_widget(text(f"[b]{words['score']}[/b]", 24, 14, color=theme.GOLD, size_hint_y=0.19))
        panel.add_widget(Progress(value=int(p.get("score") or 0), limit=WINNING_SCORE, size_hint_y=0.05))
        panel.add_widget(text(words["cards"], 15, 14, size_hint_y=0.14))
        return panel
