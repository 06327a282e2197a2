"""The readability audit of the table screen at one metre (issue 29), run inside the Kivy
client by the playthrough scenario at every shot.

At 800×480 on the 7" panel a font of F px is about 0.47·F arcminutes at 1 m; reading
guidance (HFES 100 / ISO 9241-303) asks for 16′, about 34 px. The floors, in pixels at
scale 1 (an 800×480 window; larger windows multiply them by ``app.scale``):

* the prompt, the todo lines and the main button: :data:`FLOORS` ``"prompt"`` 32;
* every other button: 26;
* labels drawn on the board (names, figures): 20;
* anything else a player needs: 18;
* pieces drawn on the board (pawns, ghosts, icons): 20, and no place name cut;
* no board label covered by the odds figure drawn over the board (:func:`covered`) or by
  the ghosts drawn after it in its tile (:func:`pieces_over_labels`);
* no two buttons on show one over the other (:func:`overlapping_buttons`: the game-over
  "Undo the last move" lay over "New game" in portrait and in Italian).

:func:`audit` returns what breaks them on the screen on show, where the main button is (it
must not move between two states), the labels whose text overflows (:mod:`overflow`) and
the characters the font has no glyph for (:mod:`glyphs`).
"""

from __future__ import annotations

import re

from glyphs import missing_glyphs
from overflow import overflowing, visible

#: Smallest text, in px at scale 1, by role ("moment": a game-over moment, read whole from a
#: metre as the buttons other than the main one: issue 29 item 7).
#: "summary": the game-over panel's rule that ended it, scores and envelope, read from a metre
#: as its moments are (trial3: they were 18 and 22 px under 26 px moments).
#: "headline": the game-over result ("The hunters won!"), read from a metre as the prompt is
#: (issue 29: it dropped to 26-30 px where the figures under it were tight).
#: "status": a status line a player reads to play (Creepy Cellar's mode, cellar and risk,
#: Children's "Hand limit" and step, House of Spirits' round line, Home's readers line),
#: read as a sentence, not glanced at as a board label: 26 px as the buttons (status15; they
#: were 20, the smallest text a player read, and Home's 18). A widget says it is one with
#: ``reading_role = "status"`` (:data:`ui.theme.STATUS_FONT`).
FLOORS = {"prompt": 32, "todo": 32, "main": 32, "headline": 32, "button": 26, "moment": 26, "summary": 26,
          "status": 26, "board": 20, "text": 18}

#: The roles read as the instruction (issue 29 item 1): the prompt, the physical step on show
#: and the main button, 32 px at 800×480 in every game and language. None of them shrinks
#: under it: a prompt or a step too long for its room pages ("Next ›"), the button keeps its row.
READING = ("prompt", "todo", "main")

#: Kivy markup tags (``[b]``, ``[color=ff0000]``, ``[/color]``): not drawn.
MARKUP = re.compile(r"\[/?[a-z_]+(=[^\]]*)?\]")


def plain(text: str, markup: bool) -> str:
    """``text`` as drawn: markup tags out and the entities back."""
    if not markup:
        return text
    text = MARKUP.sub("", text)
    return text.replace("&bl;", "[").replace("&br;", "]").replace("&amp;", "&")


def _roles(table) -> dict[int, str]:
    """id(widget) -> role, for the widgets whose role is not "text" or "button"."""
    roles = {id(table.ids.prompt): "prompt"}
    for label in table.ids.todo.labels():
        roles[id(label)] = "todo"
    main = table.ids.choices.main_button()
    if main is not None:
        roles[id(main)] = "main"
    for widget in table.ids.board_slot.walk(restrict=True):
        roles.setdefault(id(widget), "board")
    roles.update(moment_roles(table.ids.gameover))
    return roles


def moment_roles(panel) -> dict[int, str]:
    """id(label) -> "moment" for the game-over moments ``panel`` shows, "headline" for the
    result (its first line), "summary" for its other lines (the rule that ended it, the
    scores, the envelope)."""
    roles = {id(label): "summary" for label in panel.children}
    if panel.children:
        roles[id(panel.children[-1])] = "headline"  # Kivy keeps the first added last
    roles.update({id(label): "moment" for label in getattr(panel, "moment_labels", ())})
    return roles


def moments_shown(panel) -> dict:
    """What ``panel`` (a game-over panel) shows of the game's moments: their ``texts``, how
    many the game had (``of``), and those ``cut`` (shortened or held to fewer lines than
    their words need: issue 29 item 7, one line cut with "…" before)."""
    from overflow import lines_cut

    labels = [label for label in getattr(panel, "moment_labels", ()) if visible(label)]
    cut = [plain(label.text, True)[:40] for label in labels if label.shorten or lines_cut(label)]
    return {"texts": [plain(label.text, True) for label in labels], "of": len(panel.moments), "cut": cut,
            **_moment_room(panel)}


def _moment_room(panel) -> dict:
    """``spare``: the px the panel leaves free in its ``room`` under what it shows;
    ``shortest``: the px the game's shortest moment would take there (wrapped at the panel's
    width, at its font, with the gap above it); 0 each when the panel has no room or no
    moment. A panel that shows no moment while ``shortest <= spare`` left one out that fit."""
    from kivy.metrics import sp

    from ui.summary import moment_text
    from ui.text import escape_markup
    from ui.widgets.gameover import MOMENT_FONT, _moment

    width = panel.width - panel.padding[0] - panel.padding[2]
    if not panel.moments or not getattr(panel, "room", 0) or width <= 1:
        return {"spare": 0, "shortest": 0}
    heights = [_moment(escape_markup(moment_text(m, panel.tr)), sp(MOMENT_FONT) * panel.scale, width).height
               for m in panel.moments if isinstance(m, dict)]
    used = sum(child.height + panel.spacing for child in panel.children) + panel.padding[1] + panel.padding[3]
    return {"spare": round(panel.room - used), "shortest": round(min(heights, default=0) + panel.spacing)}


def moments_card(card) -> dict:
    """What the moments card (:mod:`ui.widgets.moments_card`) shows: its moments' ``texts``
    (those wholly inside the window), those ``cut`` (shortened, or drawn past the card's
    Close row or the window: a moment one would have to scroll to), their size (``px`` at
    scale 1) and Close's box in the window."""
    from kivy.app import App
    from kivy.core.window import Window

    scale = App.get_running_app().scale
    close = card.close_button
    floor = close.to_window(close.x, close.top)[1]
    texts, cut = [], []
    for label in card.labels:
        x, y = label.to_window(label.x, label.y)
        inside = visible(label) and y >= floor - 0.5 and y + label.height <= Window.height + 0.5 and x >= -0.5
        whole = label.texture_size[1] <= label.height + 1 and not label.shorten
        (texts if inside and whole else cut).append(plain(label.text, True))
    x, y = close.to_window(close.x, close.y)
    return {"texts": texts, "cut": [text[:40] for text in cut], "px": card.font_px / scale,
            "close": [round(x), round(y), round(close.width), round(close.height)]}


def audit_home(app, home) -> dict:
    """:func:`audit` for Home (a finished game's summary and its moments): small text,
    glyphs, overflow, English on an Italian screen, and the moments shown."""
    roots = [home, app.root.ids.banner]
    roles = moment_roles(home.ids.summary)
    italian = app.model.language == "it"
    return {"small": small_text(roots, roles, app.scale), "glyphs": glyph_gaps(roots),
            "overflow": overflowing(home), "english": english_text(roots, _names(app.model)) if italian else [],
            "moments": moments_shown(home.ids.summary)}


def _role(widget, roles: dict[int, str]) -> str:
    from ui.widgets.buttons import TouchButton

    role = getattr(widget, "reading_role", "") or roles.get(id(widget))
    if role:
        return role
    return "button" if isinstance(widget, TouchButton) else "text"


def small_text(roots, roles: dict[int, str], scale: float) -> list[str]:
    """One line per visible text under ``roots`` drawn under its role's floor."""
    from kivy.uix.label import Label

    found = []
    for root in roots:
        for widget in root.walk(restrict=True):
            if not isinstance(widget, Label) or not widget.text.strip() or not visible(widget):
                continue
            role = _role(widget, roles)
            size = widget.font_size / scale
            if size < FLOORS[role] - 0.05:
                short = plain(widget.text, widget.markup).replace("\n", " ")[:48]
                found.append(f"{role} {short!r} at {size:.1f} px (floor {FLOORS[role]})")
    return found


def text_sizes(app, table) -> list[list]:
    """Every visible text on the table screen as ``[role, text, px]`` (``px`` at scale 1,
    the text's first 40 characters), smallest first: the figures a note gives before and
    after a change (the report's ``fonts``)."""
    from kivy.uix.label import Label

    roles = _roles(table)
    found = []
    for widget in table.walk(restrict=True):
        if isinstance(widget, Label) and widget.text.strip() and visible(widget):
            short = plain(widget.text, widget.markup).replace("\n", " ")[:40]
            found.append([_role(widget, roles), short, round(widget.font_size / app.scale, 1)])
    return sorted(found, key=lambda row: row[2])


def reading_small(fonts: list[list]) -> list[str]:
    """The rows of :func:`text_sizes` (``[role, text, px]``) read as the instruction
    (:data:`READING`) that are drawn under their floor (issue 29: Creepy Cellar's step at
    28-30 px, CLUE: IT's at 30, where a long step stepped down to fit its box)."""
    return [f"{role} {text!r} at {px} px (floor {FLOORS[role]})" for role, text, px in fonts
            if role in READING and px < FLOORS[role] - 0.05]


def status_small(fonts: list[list]) -> list[str]:
    """The rows of :func:`text_sizes` that are status lines (role "status": the Cellar's,
    Children's hand limit and step, House of Spirits' round) drawn under their floor, 26 px
    (status15: they were 20, the smallest text a player read)."""
    floor = FLOORS["status"]
    return [f"status {text!r} at {px} px (floor {floor})" for role, text, px in fonts
            if role == "status" and px < floor - 0.05]


def status_boxes(app, board) -> list[list]:
    """The status lines on ``board`` as ``[their first 16 characters, height px at scale 1]``
    (Kivy's order): a line whose box grows with its text takes the rooms' height and gives it
    back, the board's drawing moving through a game (the Cellar's was one line's 26 px or two
    lines' 50)."""
    if board is None:
        return []
    return [[plain(w.text, getattr(w, "markup", False))[:16], round(w.height / app.scale, 1)]
            for w in board.walk(restrict=True) if getattr(w, "reading_role", "") == "status"]


def glyph_gaps(roots) -> list[str]:
    """One line per visible text under ``roots`` with characters its font cannot draw."""
    from kivy.uix.label import Label

    found = []
    for root in roots:
        for widget in root.walk(restrict=True):
            if isinstance(widget, Label) and widget.text.strip() and visible(widget):
                text = plain(widget.text, widget.markup)
                gaps = missing_glyphs(text, widget.font_name, widget.bold)
                if gaps:
                    found.append(f"{text[:40]!r} lacks {''.join(sorted(gaps))!r}")
    return found


def english_text(roots, names) -> list[str]:
    """One line per visible text under ``roots`` that shows English words to an Italian
    table (:func:`tests.i18n_walk.english_left`; ``names``: players and printed names)."""
    from kivy.uix.label import Label

    from tests.i18n_walk import english_left

    found = []
    for root in roots:
        for widget in root.walk(restrict=True):
            if isinstance(widget, Label) and widget.text.strip() and visible(widget):
                text = plain(widget.text, widget.markup)
                words = english_left(text, "it", names)
                if words:
                    found.append(f"{text[:60]!r}: {' '.join(words)}")
    return found


def small_pieces(table, scale: float) -> list[str]:
    """One line per drawn piece group on the board (pawns, ghosts, item icons, the icons
    beside figures: every widget with a ``piece_px``) drawn under the boards' floor, 20 px
    at scale 1 (issue 29 item 4: CLUE: IT's pawns and item icons were 10-16 px, Creepy
    Cellar's pawns 14 px: colours, not which piece)."""
    found = []
    for widget in table.ids.board_slot.walk(restrict=True):
        size = float(getattr(widget, "piece_px", 0) or 0) / scale
        if size and visible(widget) and size < FLOORS["board"] - 0.05:
            found.append(f"{type(widget).__name__} pieces at {size:.1f} px (floor {FLOORS['board']})")
    return found


def cut_places(table) -> list[str]:
    """One line per place name on the board shown cut ("Biblioteca Pubblic.", "Sinagog.",
    "Derry…": the name a player reads the place by, lost; ``PlaceName.cut``)."""
    shown = [widget for widget in table.ids.board_slot.walk(restrict=True) if visible(widget)]
    return [*(f"{widget.name!r} shown as {plain(widget.text, True)!r}" for widget in shown
              if getattr(widget, "cut", False) and hasattr(widget, "name")),
            *_house_names_cut([widget for widget in shown if type(widget).__name__ == "HouseView"]),
            *_player_marks_cut(table, shown)]


def _house_names_cut(houses) -> list[str]:
    """Ghost at Home's names under the houses shown as short marks though the row under
    the houses holds every name whole at the boards' floor, side by side half the floor
    apart (screen20 item 5: "Tomm" for Tommaso in a 130 px house at 720×1280 and a 94 px
    one at 1024×600, "Giulia" whole beside it with room to spare)."""
    from ui.boards.fit import word_width
    from ui.boards.parts import FLOOR, font

    if not houses:
        return []
    need = sum(word_width(house.name, font(FLOOR), True) for house in houses) + font(FLOOR) / 2 * (len(houses) - 1)
    room = max(house.right for house in houses) - min(house.x for house in houses)
    if need > room:
        return []
    return [f"{house.name!r} shown as {shown!r} (the names need {need:.0f} px at the floor, the row has {room:.0f})"
            for house in houses if (shown := plain(house.label.text, house.label.markup)) != house.name]


def _player_marks_cut(table, shown) -> list[str]:
    """CLUE: IT's players (more than four) shown as marks ("Giu") where their row of panels
    holds the whole name: the room the row's panels leave beyond what they show (each
    name at the floor, the kept cards' icon and count, the padding; side by side in
    landscape, one over the other in portrait) is at least what the whole name adds to its
    mark (screen20 item 5: "Giu", "Tom", "Mar", "Leo" at 7 players, "Giulia" fitting beside
    "Ada", "Bo" and "Cy" at 800×480 with 59 px to spare)."""
    from ui.boards.fit import word_width
    from ui.boards.names import short_marks
    from ui.boards.parts import FLOOR, font, gap

    board = next((w for w in shown if type(w).__name__ == "ClueBoard"), None)
    players = [str(p) for p in (board.view.get("players") or [])] if board is not None else []
    if len(players) <= 4:
        return []
    by_mark = {mark: name for name, mark in short_marks(players, longest=3).items() if mark != name}
    rows: dict[tuple, list] = {}
    for panel in (w for w in shown if type(w).__name__ == "Panel" and w.parent is not None):
        labels = [c for c in panel.children if hasattr(c, "min_font") and plain(c.text, True)]
        counts = [c for c in panel.children if type(c).__name__ == "IconCounts"]
        if labels and plain(labels[-1].text, True) in (*players, *by_mark):
            rows.setdefault((id(panel.parent), round(panel.y)), []).append((panel, labels[-1], counts))
    found = []
    for row in rows.values():
        slack = 0.0
        for panel, label, counts in row:
            name = word_width(plain(label.text, True), font(FLOOR), True) + 4
            cards = sum(font(FLOOR) * 1.1 + word_width(str(item[1]), font(FLOOR), True) + gap(6)
                        for c in counts for item in c.items)
            need = max(name, cards) if panel.orientation == "vertical" else name + cards
            slack += panel.width - need - 2 * gap(2)
        for _panel, label, _counts in row:
            mark = plain(label.text, True)
            if mark in by_mark:
                more = word_width(by_mark[mark], font(FLOOR), True) - word_width(mark, font(FLOOR), True)
                if more <= slack:
                    found.append(f"{by_mark[mark]!r} shown as {mark!r} (it needs {more:.0f} px more, "
                                 f"its row has {slack:.0f} to spare)")
    return found


def text_box(label) -> tuple[float, float, float, float]:
    """Where ``label``'s text is drawn, ``(x, y, width, height)`` in the window: its texture
    placed in the widget as Kivy places it (centred, as every label on the boards)."""
    w, h = label.texture_size
    x, y = label.to_window(label.center_x - w / 2, label.center_y - h / 2)
    return x, y, w, h


def ink_box(label) -> tuple[float, float, float, float]:
    """Where ``label``'s one line of text is inked, ``(x, y, width, height)`` in the window:
    as :func:`text_box`, but only as wide as the words (a label wrapped at its width has a
    texture that wide, and its words at its ``halign`` side)."""
    x, y, w, h = text_box(label)
    text = plain(label.text, label.markup)
    core = getattr(label, "_label", None)
    if core is None or "\n" in text or not label.text_size[0]:
        return x, y, w, h
    inked = min(w, core.get_extents(text)[0])
    pad = label.padding[0] if isinstance(label.padding, (list, tuple)) else label.padding
    if label.halign == "left":
        return x + pad, y, inked, h
    if label.halign == "right":
        return x + w - pad - inked, y, inked, h
    return x + (w - inked) / 2, y, inked, h


def overlap(a, b) -> float:
    """The area two ``(x, y, width, height)`` boxes share, px²."""
    w = min(a[0] + a[2], b[0] + b[2]) - max(a[0], b[0])
    h = min(a[1] + a[3], b[1] + b[3]) - max(a[1], b[1])
    return max(0.0, w) * max(0.0, h)


def covered(table) -> list[str]:
    """One line per board label a player must read (a name, a figure, a status line) whose
    text the odds figure is drawn over (issue 29: "This attack hits: 58%" lay over House of
    Spirits' monster card, "Mo… 10"; Children's over the monster and the step line). The
    figure is drawn on the board slot's ``canvas.after``: after every board label."""
    from kivy.uix.label import Label

    badge = getattr(table, "odds_badge", None)
    box = getattr(badge, "box", None)
    if not box:
        return []
    found = []
    for widget in table.ids.board_slot.walk(restrict=True):
        if isinstance(widget, Label) and widget.text.strip() and visible(widget):
            shared = overlap(box, text_box(widget))
            if shared >= 4:  # more than an anti-aliased corner
                short = plain(widget.text, widget.markup).replace("\n", " ")[:40]
                found.append(f"{short!r} under the odds figure {badge.text!r} ({shared:.0f} px²)")
        # what a board widget draws on its canvas (screen20 item 6: Ghost at Home's figure lay
        # over the houses' roofs and the outline around the house whose turn it is)
        for what, (x, y, w, h) in getattr(widget, "drawn_parts", list)() if visible(widget) else ():
            shared = overlap(box, (*widget.to_window(x, y), w, h))
            if shared >= 4:
                name = getattr(widget, "name", "") or type(widget).__name__
                found.append(f"{name}'s {what} under the odds figure {badge.text!r} ({shared:.0f} px²)")
    return found


def pieces_over_labels(table) -> list[str]:
    """One line per label drawn under a row of ghosts and hauntings (``PieceRow``) in the same
    tile: the row is drawn after its tile's labels, so its pieces hide them (issue 29: the
    Creepy Cellar's ghosts covered the room letters E, F, I and J)."""
    from kivy.uix.label import Label

    from ui.widgets.pieces import PieceRow, fan

    found = []
    for row in table.ids.board_slot.walk(restrict=True):
        if not isinstance(row, PieceRow):
            continue
        count = int(row.ghosts) + int(row.hauntings)
        if not count or not visible(row):
            continue
        size, step = fan(count, row.piece_size, min(row.piece_size, row.height), row.width)
        x, y = row.to_window(row.x, row.y + (row.height - size) / 2)
        box = (x, y, (count - 1) * step + size, size)
        siblings = row.parent.children
        for label in siblings[siblings.index(row) + 1:]:  # drawn before the row
            if isinstance(label, Label) and label.text.strip() and visible(label):
                shared = overlap(box, ink_box(label))
                if shared >= 4:
                    found.append(f"{plain(label.text, label.markup)[:20]!r} under {count} pieces ({shared:.0f} px²)")
    return found


def drawn_pieces(row) -> tuple[float, float, float, float] | None:
    """Where a row of ghosts and hauntings (``PieceRow``) or of pawns (``PawnRow``) draws its
    pieces, ``(x, y, width, height)`` in the window; None when it draws none."""
    from ui.widgets.pieces import PAWN_WIDTH, PawnRow, PieceRow, fan

    if isinstance(row, PieceRow):
        count = int(row.ghosts) + int(row.hauntings)
        if not count or not visible(row):
            return None
        size, step = fan(count, row.piece_size, min(row.piece_size, row.height), row.width)
        x, y = row.to_window(row.x, row.y + (row.height - size) / 2)
        return x, y, (count - 1) * step + size, size
    if isinstance(row, PawnRow) and row.colours and visible(row):
        count = len(row.colours)  # as PawnRow.draw places them: flush right
        size, step = fan(count, row.piece_size, min(row.piece_size, row.height), row.width)
        if count > 1 and step < size * PAWN_WIDTH:
            apart = row.width / (1 + (PAWN_WIDTH + 0.02) * (count - 1))
            if apart >= row.floor:
                size, step = apart, (row.width - apart) / (count - 1)
        x, y = row.to_window(row.right - (count - 1) * step - size, row.y + (row.height - size) / 2)
        return x, y, (count - 1) * step + size, size
    return None


def names_over_pieces(table) -> list[str]:
    """One line per Creepy Cellar room whose hunters' names are drawn over a piece of the
    same room (a ghost, a haunting, a pawn): the name label's inked box meets the drawn
    pieces' box (issue 29 audit: at 800×480 the 36 px rooms drew "Ada" over a ghost and
    "Bo Cy" over their pawns)."""
    from ui.widgets.pieces import PawnRow, PieceRow

    found = []
    for tile in table.ids.board_slot.walk(restrict=True):
        if type(tile).__name__ != "RoomTile":
            continue
        names = [w for w in tile.children if type(w).__name__ == "ShownFitLabel" and w.text.strip() and visible(w)]
        rows = [box for w in tile.children if isinstance(w, (PieceRow, PawnRow)) if (box := drawn_pieces(w))]
        for label in names:
            for box in rows:
                shared = overlap(box, ink_box(label))
                if shared >= 4:
                    words = plain(label.text, True)
                    found.append(f"room {tile.letter!r}: {words!r} over its pieces ({shared:.0f} px²)")
    return found


def _inside(box, tile, slack: float = 1.0) -> float:
    """How far (px) ``box`` ``(x, y, width, height)`` reaches out of ``tile``'s window box
    (0 when it lies inside, give or take ``slack`` px of anti-aliasing)."""
    tx, ty, tw, th = window_box(tile)
    x, y, w, h = box
    out = max(tx - x, ty - y, x + w - (tx + tw), y + h - (ty + th), 0.0)
    return out if out > slack else 0.0


def tile_parts(tile) -> list[tuple[str, tuple]]:
    """What a Creepy Cellar room tile draws, each ``(what, window box)``: its letter's (or
    word's) inked text, the King's badge, the passage tile, the ghosts and hauntings, the
    pawns and the hunters' names (only those on show)."""
    from kivy.uix.label import Label

    from ui.widgets.pieces import Marker, PawnRow, PieceRow

    parts = []
    for widget in tile.children:
        name = type(widget).__name__
        if isinstance(widget, (PieceRow, PawnRow)):
            box = drawn_pieces(widget)
            if box:
                parts.append(("pawns" if isinstance(widget, PawnRow) else "ghosts", box))
        elif isinstance(widget, Label) and widget.text.strip() and visible(widget):
            what = "names" if name == "ShownFitLabel" else "letter"
            parts.append((f"{what} {plain(widget.text, widget.markup)[:12]!r}", ink_box(widget)))
        elif isinstance(widget, Marker) and widget.width > 0 and visible(widget):
            parts.append((widget.kind, window_box(widget)))
        elif name == "KingBadge" and visible(widget):
            parts.append(("King's badge", window_box(widget)))
    return parts


def out_of_tiles(table) -> list[str]:
    """One line per Creepy Cellar room (or the Outside tile) with a drawn piece, its letter,
    its names or a badge reaching out of the tile's box (cellar15: at 800×480 after board15's
    pawn key and status15's two-line status the tiles were ~18 px tall and their 20 px
    letters, ghosts and pawns spilled over the tiles' edges, onto the next row)."""
    found = []
    for tile in table.ids.board_slot.walk(restrict=True):
        if type(tile).__name__ != "RoomTile":
            continue
        for what, box in tile_parts(tile):
            out = _inside(box, tile)
            if out:
                found.append(f"room {tile.letter!r}: {what} {out:.0f} px out of its "
                             f"{tile.width:.0f}×{tile.height:.0f} tile")
    return found


def tile_heights(app, table) -> list[float]:
    """The Creepy Cellar room tiles' heights (castle A–L, then cellar M, N) in px at scale
    1; [] for another board (cellar15: the rooms are at least :data:`ROOM_FLOOR` tall at
    800×480, and keep their height through a game)."""
    board = next(iter(table.ids.board_slot.children), None)
    tiles = getattr(board, "tiles", None)
    if type(board).__name__ != "CellarBoard" or not tiles:
        return []
    return [round(tile.height / app.scale, 1) for tile in tiles.values()]


#: The shortest a Creepy Cellar room tile may be at 800×480 (px at scale 1): its 20 px letter
#: over a 20 px row of pieces, each in the tile (board15 left them ~30 px; cellar15).
ROOM_FLOOR = 30


def window_box(widget) -> tuple[float, float, float, float]:
    """``widget``'s box in the window, ``(x, y, width, height)``."""
    x, y = widget.to_window(widget.x, widget.y)
    return x, y, widget.width, widget.height


def out_of_window(root, slack: float = 1.0) -> list[str]:
    """One line per visible text or button under ``root`` that is not wholly inside the
    window, give or take ``slack`` px (newcomer20: at 800×480 with a game on and virtual
    readers, Home's title and Settings lay half over the window's top; in Italian only 8 px
    of "Impostazioni" were left, no finger could reach it)."""
    from kivy.core.window import Window
    from kivy.uix.label import Label

    found = []
    for widget in root.walk(restrict=True):
        if not isinstance(widget, Label) or not widget.text.strip() or not visible(widget):
            continue
        x, y, w, h = window_box(widget)
        if x < -slack or y < -slack or x + w > Window.width + slack or y + h > Window.height + slack:
            short = plain(widget.text, widget.markup).replace("\n", " ")[:40]
            found.append(f"{short!r} at {[round(v) for v in (x, y, w, h)]} in {list(Window.size)}")
    return found


def shown_box(widget) -> tuple[float, float, float, float]:
    """The part of ``widget``'s window box a finger can reach: cut to every scroll view
    holding it (a button scrolled under a page's header is not drawn there)."""
    from kivy.uix.scrollview import ScrollView

    x, y, w, h = window_box(widget)
    node = widget.parent
    while node is not None and node is not node.parent:
        if isinstance(node, ScrollView):
            vx, vy, vw, vh = window_box(node)
            left, bottom = max(x, vx), max(y, vy)
            right, top = min(x + w, vx + vw), min(y + h, vy + vh)
            x, y, w, h = left, bottom, max(0.0, right - left), max(0.0, top - bottom)
        node = node.parent
    return x, y, w, h


def overlapping_buttons(roots) -> list[str]:
    """One line per two buttons on show under the same root (of ``roots``) that lie one
    over the other: a touch meant for one lands on the other, and the one drawn first is
    half hidden (audit of issue 29: at game over, "Undo the last move" over "New game")."""
    from kivy.uix.button import Button

    found = []
    for root in roots:
        shown = [w for w in root.walk(restrict=True) if isinstance(w, Button) and w.text.strip() and visible(w)]
        boxes = [shown_box(button) for button in shown]
        for i, (a, box) in enumerate(zip(shown, boxes)):
            for b, other in zip(shown[i + 1:], boxes[i + 1:]):
                shared = overlap(box, other)
                if shared >= 4:  # more than an anti-aliased corner
                    found.append(f"{plain(a.text, a.markup)[:30]!r} over {plain(b.text, b.markup)[:30]!r}"
                                 f" ({shared:.0f} px²)")
    return found


def spilled_counts(table) -> list[str]:
    """One line per figure of an icon count (``IconCounts``: a card back and "0") drawn past
    its widget's edge, over the next panel (issue 29: at 800×480 with four CLUE: IT players,
    a player's kept-cards "0" ran out of the panel, half hidden)."""
    from ui.widgets.pieces import IconCounts

    found = []
    for counts in table.ids.board_slot.walk(restrict=True):
        if not isinstance(counts, IconCounts) or not visible(counts):
            continue
        for label in counts.numbers:
            out = max(label.right - counts.right, counts.x - label.x)
            if label.text and out > 1.5:
                found.append(f"{label.text!r} drawn {out:.0f} px out of its count")
    return found


def wrapped_places(table) -> list[str]:
    """One line per numbered place name on the board (``PlaceName``: "Location 9") drawn on
    more lines than it needs: it holds on one line at its floor but was grown until its
    number wrapped (issue 29: "Location" / "9" in portrait, in a cell with room for one)."""
    from ui.boards.fit import PlaceName, numbered, word_width

    found = []
    for label in table.ids.board_slot.walk(restrict=True):
        if not isinstance(label, PlaceName) or label.cut or label.number or not visible(label):
            continue
        text = plain(label.text, True)
        rows = getattr(getattr(label, "_label", None), "_cached_lines", None) or []
        left, _top, right, _bottom = label.padding
        one = word_width(text, label.min_font, label.bold, label.font_name) + left + right + 4 <= label.width
        if numbered(text) and "\n" not in text and len(rows) > 1 and one:
            found.append(f"{text!r} on {len(rows)} lines at {label.font_size:.0f} px (one line at the floor)")
    return found


def main_box(table) -> list[float] | None:
    """The main button's window box ``[x, y, width, height]``, or None when none shows."""
    main = table.ids.choices.main_button()
    if main is None or not visible(main):
        return None
    x, y = main.to_window(main.x, main.y)
    return [round(x), round(y), round(main.width), round(main.height)]


def audit(app, table) -> dict:
    """What the screen on show breaks (see the module's doc)."""
    from kivy.core.window import Window

    covers = [w for w in Window.children if w is not app.root]  # privacy screens, pop-ups
    roots = [table, app.root.ids.banner, *covers]
    roles = _roles(table)
    italian = app.model.language == "it"
    return {"small": small_text(roots, roles, app.scale), "glyphs": glyph_gaps(roots),
            "overflow": [line for root in [table, *covers] for line in overflowing(root)],
            "english": english_text(roots, _names(app.model)) if italian else [],
            "pieces": small_pieces(table, app.scale), "cut": cut_places(table),
            "covered": covered(table) + pieces_over_labels(table), "main_box": main_box(table),
            "buttons": overlapping_buttons([table, *covers]),
            "moments": moments_shown(table.ids.gameover)}


def _names(model) -> list[str]:
    """The players' names and the names printed on the game's pieces (kept as printed in
    Italian: "Bloody Mary"), from what the screen was sent."""
    from companion.card_names import listing

    printed = [name for _id, name in listing(model.game, "it")] if model.game else []
    players = model.view.get("players") or []
    return [str(n) for n in (*model.colours, *players, *printed) if isinstance(n, str)]


def moved(boxes: dict[str, list | None]) -> list[str]:
    """The shots (name -> main box) whose main button is not where the first one's is."""
    shown = {name: box for name, box in boxes.items() if box}
    if not shown:
        return []
    first_name, first = next(iter(shown.items()))
    return [f"{name}: {box} (not {first} as in {first_name})" for name, box in shown.items() if box != first]


#: The main action of each off-table page, by its id on the screen (issue 29: the main
#: button's floor is 32 px; drawn in the primary colour when it is the step expected).
PAGE_MAIN = {"home": ("resume", "new_game"), "newgame": ("start",), "enroll": ("offer",), "check": ("looks_right",)}


def page_roles(screen) -> dict[int, str]:
    """id(widget) -> "main" for ``screen``'s main action (:data:`PAGE_MAIN`) when it is drawn
    as the step expected (the primary colour)."""
    from ui import theme

    roles = {}
    for name in PAGE_MAIN.get(screen.name, ()):
        button = screen.ids.get(name)
        if button is not None and all(abs(a - b) < 1e-3 for a, b in zip(button.base_colour, theme.PRIMARY)):
            roles[id(button)] = "main"
    return roles


def audit_page(app, screen=None) -> dict:
    """:func:`audit` for an off-table page (Home, Settings, New game, Card data, Enrollment)
    and what lies over it (the keyboard, the Cards panel, the privacy screen): text under
    its role's floor (the main action 32 px, other buttons 26, any other text 18; a button
    whose text shrank to fit counts at the size it shrank to), glyphs the font lacks, labels
    whose text overflows, English on an Italian screen, and buttons one over the other."""
    from kivy.core.window import Window

    screen = screen or app.root.ids.screens.current_screen
    covers = [w for w in Window.children if w is not app.root]
    roots = [screen, app.root.ids.banner, *covers]
    italian = app.model.language == "it"
    return {"small": small_text(roots, page_roles(screen), app.scale), "glyphs": glyph_gaps(roots),
            "overflow": [line for root in [screen, *covers] for line in overflowing(root)],
            "english": english_text(roots, _page_names(app)) if italian else [],
            "buttons": overlapping_buttons([screen, *covers]), "squeezed": squeezed_buttons([screen, *covers]),
            "shortened": shortened(roots)}


def shortened(roots) -> list[str]:
    """One line per visible label drawn shortened ("Tab...ck": a ``shorten`` label whose
    words are wider than it): a player reads neither the page's title nor a name cut so
    (the Table check's title in portrait, beside Back and Undo)."""
    from kivy.uix.label import Label

    found = []
    for root in roots:
        for label in root.walk(restrict=True):
            if not isinstance(label, Label) or not label.shorten or not label.text.strip() or not visible(label):
                continue
            text = plain(label.text, label.markup)
            pad = label.padding[0] + label.padding[2] if len(label.padding) == 4 else 2 * label.padding[0]
            room = (label.text_size[0] or label.width) - pad
            need = max(label._label.get_extents(line)[0] for line in text.split("\n"))
            if need > room + 1:
                found.append(f"{text[:40]!r} needs {need:.0f} px, has {room:.0f}: drawn shortened")
    return found


def squeezed_buttons(roots) -> list[str]:
    """One line per button with words that its row leaves no room (drawn under 2 px wide
    while nothing hides it), or cut at the side by the page it lies in (a page that does not
    scroll sideways): a player can neither read nor touch it (New game's player names went
    to 0 px when Up and Remove took the row)."""
    from kivy.uix.scrollview import ScrollView

    from ui.widgets.buttons import TouchButton

    found = []
    for root in roots:
        for button in root.walk(restrict=True):
            if not isinstance(button, TouchButton) or not button.text.strip() or not _opaque(button):
                continue
            text = plain(button.text, button.markup)[:30]
            if button.width < 2:
                found.append(f"{text!r} is {button.width:.0f} px wide")
                continue
            x, _y, w, _h = shown_box(button)
            _wx, _wy, full, _fh = window_box(button)
            sideways = any(isinstance(n, ScrollView) and not n.do_scroll_x for n in _parents(button))
            if sideways and 0 < w < full - 1.5:
                found.append(f"{text!r} cut to {w:.0f} of its {full:.0f} px by its page")
    return found


def _opaque(widget) -> bool:
    """``widget`` and its parents are drawn (opacity above 0) on a window."""
    if widget.get_root_window() is None:
        return False
    return all(getattr(n, "opacity", 1) > 0 for n in [widget, *_parents(widget)])


def _parents(widget) -> list:
    found, node = [], widget.parent
    while node is not None and node is not node.parent:
        found.append(node)
        node = node.parent
    return found


def _page_names(app) -> list[str]:
    """:func:`_names`, the games' titles (as printed on their boxes: "House of Spirits") and
    the places Settings' About shows (the test's folder names are no sentence)."""
    games = [str(g.get("title", "")) for g in (app.model.catalogue or {}).get("games") or []]
    from ui.text import path_lines

    about = [str(v) for v in (app.model.about or {}).values()] + [str(app.socket_path)]
    about += [line for place in list(about) for line in path_lines(place).split("\n")]  # About breaks them
    return [*_names(app.model), *games, *about]


def crowded_figures(table) -> dict:
    """A crowded room's figures and names (issue 29): ``overlap``, one line per row of pieces
    drawn one over the other (a fanned hand: its ``overlapped``), and ``cut``, each text on
    the board that shows a player's name cut short ("Giul" for "Giulia"; a whole name, its
    initial, or "P1" for "Player 1" are not cut)."""
    from kivy.uix.label import Label

    overlap = [f"{type(w).__name__} at {round(w.x)},{round(w.y)}" for w in table.walk(restrict=True)
               if getattr(w, "overlapped", False) and visible(w)]
    board = next(iter(table.ids.board_slot.children), None)
    players = [str(p) for p in ((getattr(board, "view", None) or {}).get("players") or [])]
    cut = []
    for label in (w for w in table.ids.board_slot.walk(restrict=True) if isinstance(w, Label) and visible(w)):
        shown = plain(label.text, True)
        for name in sorted(players, key=len, reverse=True):  # whole names are not cut ("Player 1" in
            shown = shown.replace(name, " ")  # the Cellar's pawn key: board15)
        for word in shown.split():
            cut += [f"{name} as {word}" for name in players if 2 <= len(word) < len(name) and name.startswith(word)
                    and word not in players]
    return {"overlap": overlap, "cut": sorted(set(cut))}
