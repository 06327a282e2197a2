"""CLUE: IT's pieces named (issue 29): the card a touched place opens (who and what stand
there, beside their drawn shapes, in the game's words) and the Centre's crowd drawn as counts
where its pieces cannot each carry a mark (13 of them at the start, in a cell about 112 px
wide at 800×480).

The card opens when the touch picks nothing: a place that picks a choice (where the Kid mover
stopped) picks it on the touch as before, and a touch on its way to the daemon (``busy``)
opens nothing. A board button would have taken a row from the 7-player board, whose passage
tiles are at the 20 px floor already. The card reads the public view only: never a hand or
the envelope.
"""

from __future__ import annotations

from kivy.app import App

from ui import theme
from ui.boards.clue_it_pieces import ITEM_COLOUR, KID_COLOUR, kid_owner
from ui.boards.fit import word_width
from ui.text import Translate
from ui.widgets.pieces import PieceStrip
from ui.widgets.place_card import PlaceCard


def legend_rows(view: dict, place: str, colours: dict, _: Translate) -> list[dict]:
    """The rows of ``place``'s card: each Kid mover there (its whole name, and the player
    who plays it: "Mike Hanlon · Ada"), then each Item token ("Jack-in-the-Box", beside its
    icon), then a corner's Secret Passage ("Secret passage to Location 7"). Pawns go in the
    left column, items and the passage in the right."""
    owners = kid_owner(view)
    rows = []
    for kid, where in (view.get("movers") or {}).items():
        if where == place:
            player = owners.get(kid)
            colour = theme.player_colour(player, colours) if player else KID_COLOUR
            words = kid + (f" · {player}" if player else "")
            rows.append({"kind": "pawn", "colour": colour, "words": words, "column": 0})
    for index, (item, where) in enumerate((view.get("items") or {}).items()):
        if where == place:
            rows.append({"kind": "item", "colour": ITEM_COLOUR, "index": index, "words": item,
                         "column": 1})
    to = ((view.get("places") or {}).get("passages") or {}).get(place)
    if to:
        rows.append({"kind": "passage", "colour": theme.GOLD, "column": 1,
                     "words": _("Secret passage to {place}", place=to)})
    return rows


class PlaceLegend:
    """Opens a place's card on ``board`` (a :class:`~ui.boards.clue_it.ClueBoard`) when a
    touch that began on a place's tile, and picked nothing, ends on it."""

    def __init__(self, board):
        self.board = board
        self.card: PlaceCard | None = None

    def touch_down(self, touch) -> bool:
        """A touch the places did not take: note the place under it (True), if any."""
        place = self._place_at(touch.pos)
        if place is None or self._busy():
            return False
        touch.ud[f"legend-{id(self)}"] = place
        touch.grab(self.board)
        return True

    def touch_up(self, touch) -> bool:
        """The end of a noted touch: the card, when it ends on the place it began on."""
        place = touch.ud.get(f"legend-{id(self)}")
        if place is None or touch.grab_current is not self.board:
            return False
        touch.ungrab(self.board)
        if self._place_at(touch.pos) == place:
            self.open(place)
        return True

    def open(self, place: str) -> PlaceCard | None:
        """``place``'s card (None when nothing stands there to name, or one is open)."""
        board = self.board
        rows = legend_rows(dict(board.view), place, dict(board.colours), board.tr._)
        if not rows or self.card is not None:
            return None
        self.card = PlaceCard(App.get_running_app(), self.title(place), rows)
        self.card.bind(on_dismiss=lambda *_: setattr(self, "card", None))
        self.card.open(animation=False)
        return self.card

    def title(self, place: str) -> str:
        places, _ = self.board.view.get("places") or {}, self.board.tr._
        words = {places.get("centre"): _("Centre"), places.get("corridor"): _("Corridors")}
        return words.get(place) or place

    def _place_at(self, pos) -> str | None:
        return next((place for place, tile in self.board.tiles.items() if tile.collide_point(*pos)), None)

    @staticmethod
    def _busy() -> bool:
        model = getattr(App.get_running_app(), "model", None)
        return bool(getattr(model, "busy", False))


class CrowdStrip(PieceStrip):
    """The Centre's pieces: as a :class:`PieceStrip` where each can carry its name or mark
    (the items' icons tell them apart with the pawns marked); else, rather than pieces no
    one can tell apart, one pawn and one Item token with how many stand there ("7", "6"),
    and "Touch: names" where it fits (the place's card names them: :class:`PlaceLegend`).
    ``marked`` is then "counts"."""

    def draw(self, *args) -> None:
        super().draw(*args)
        if self.marked or not self.pieces or self.width < 4 or self.height < 4:
            return
        self.canvas.before.clear()
        labels = self._labels(len(self.pieces))
        for label in labels:
            label.text = ""
        self._counts(labels)

    def _counts(self, labels) -> None:
        pawns = [p for p in self.pieces if p.get("kind") != "item"]
        items = [p for p in self.pieces if p.get("kind") == "item"]
        pawn = {"kind": "pawn", "colour": KID_COLOUR}  # the pale pawn: played Kids' colours are mixed in
        groups = [(piece, str(len(group))) for piece, group in ((pawn, pawns), ((items or [{}])[0], items)) if group]
        size = self.smallest
        line = size * 1.25
        hint = App.get_running_app().tr._("Touch: names")
        hinted = word_width(hint, size, True) <= self.width and self.height >= 2 * line
        widths = [size * 1.2 + word_width(count, size, True) for _piece, count in groups]
        gap = size * 0.6
        x = self.x + (self.width - sum(widths) - gap * (len(widths) - 1)) / 2
        top = self.center_y + (line * (2 if hinted else 1)) / 2
        y = top - line
        for (piece, count), width, label in zip(groups, widths, labels):
            self._piece(self.canvas.before, piece, x, y + (line - size) / 2, size)
            self._label(label, {"ink": theme.TEXT}, count, (x + size * 1.2, y), (width - size * 1.2, line))
            x += width + gap
        if hinted and len(labels) > len(groups):
            self._label(labels[len(groups)], {"ink": theme.TEXT_DIM}, hint, (self.x, y - line), (self.width, line))
        self.piece_px, self.marked = size, "counts"
