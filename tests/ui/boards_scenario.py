"""The ``boards`` scenario of ``harness.py``: state messages of real games (made by the test
with the daemon's own ``state_message``) handed to the real client one after another, as
if the daemon had sent them; the table screen shows each game's board.

The messages file (``$BOARDS_MESSAGES``, JSON) holds ``{"shots": [...], "switches": [...]}``:
each shot ``{"name", "message"}`` is shown (the message's ``later`` figures handed right after
it, as the daemon sends them) and saved as ``NAME.png``, with the labels of the
board that overflow and the board's class; ``switches`` are messages handed over without
waiting for a frame between them (every game after every other: the board-switch crash),
then the last one is checked.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

#: No text on a board is smaller than this (sp at the app's scale): issue 29's floor for
#: board labels and figures, 20 px at 800×480 (it was 14 sp, issue 17 item 2).
SMALLEST_SP = 20


def cut_names(board) -> list[str]:
    """The Children rooms whose name the tile shows cut ("Tesser.", "Billiar."): the last
    resort when neither the whole name nor its short one ("Dorm", "#2-4") fits its tile at
    the boards' floor, 20 sp."""
    from ui.boards.fit import plain

    return [f"{tile.name!r} shown as {plain(tile.title.text)!r}" for tile in board.walk(restrict=True)
            if type(tile).__name__ == "MansionRoom" and tile.built and tile.title.cut]


def choice_sizes(app) -> dict[str, float]:
    """Each choice button's label -> its font size in sp at the app's scale."""
    from kivy.metrics import sp

    panel = app.root.ids.screens.get_screen("table").ids.choices
    unit = sp(1) * app.scale
    return {button.text: round(button.font_size / unit, 1) for button in panel.buttons()
            if button.parent is not None and button.text}


def layout_of(app) -> dict:
    """The table screen's shares: the board slot's and the window's heights, the choices
    (how many, how far the lowest button is above the panel's bottom: below 0 it is cut),
    the todo panel's height and room (the log is behind History since issue 29)."""
    from kivy.core.window import Window

    ids = app.root.ids.screens.get_screen("table").ids
    panel = ids.choices
    buttons = [b for b in panel.buttons() if b.parent is not None]
    return {"board_h": ids.board_slot.height, "window_h": Window.height, "choices": len(panel.choices),
            "lowest_button": min((b.y - panel.y for b in buttons), default=0),
            "todo_h": ids.todo.height, "todo_most": ids.todo.most,
            # the keys of the choices on show, main one first (a page of a paged pick list)
            "shown": [str(b.key) for b in buttons]}


def header_undo(table) -> dict[str, bool]:
    """The header's Undo: enabled (a touch reaches the daemon) and shown (its whole box in
    the window, its word drawn)."""
    from kivy.core.window import Window

    undo = table.ids.undo
    inside = undo.x >= 0 and undo.y >= 0 and undo.right <= Window.width and undo.top <= Window.height
    return {"enabled": not undo.disabled, "shown": inside and undo.width > 0 and bool(undo.text)}


def turn_named(app, table) -> dict:
    """Whose turn in the header (screen21b): the ``name`` the state gives, the ``room`` of
    the header's box between Menu and Repeat (Undo in portrait) and what the name ``needs``
    there at 32 px (pixels), and each header label on show that names it: the name as it
    shows (``shown``, whole or cut), its size (``px`` at scale 1) and whether its line
    holds its box (``fits``). {} at game over, at set-up and with no one's turn."""
    import re

    from overflow import visible
    from readability import plain

    from ui.layout import TURN_NAME_FONT
    from ui.widgets.turn import markup_width

    model, ids = app.model, table.ids
    name = model.view.get("turn") or model.player
    if model.over or model.setup or not name:
        return {}
    labels = []
    for label in (ids.turn, ids.get("turn_name")):  # the portrait header's name (screen21b)
        if label is None or not label.text.strip() or not visible(label):
            continue
        sized = re.search(r"\[size=(\d+)\](.*?)\[/size\]", label.text)
        px, shown = (int(sized[1]), sized[2]) if sized else (label.font_size, label.text)
        width = markup_width(label.text, label.font_size, label.bold, label.font_name)
        labels.append({"shown": plain(shown, True).replace("\u00a0", " "), "px": round(px / app.scale, 1),
                       "fits": width <= label.width + 1})
    need = markup_width(name, TURN_NAME_FONT * app.scale, True, ids.turn.font_name)
    return {"name": name, "room": round(ids.turn_box.width), "needs": round(need), "labels": labels}


def header_buttons(table) -> list[float]:
    """The header's buttons' left edges (pixels): Menu, Repeat, Undo (they never move)."""
    return [round(table.ids[key].x, 1) for key in ("menu", "repeat", "undo")]


def wrapped_step(board) -> list[str]:
    """The Children strip's step line when it wraps ("3 Restore your hand" on two lines):
    it is one line at 20 sp, cut with "…" rather than wrapped."""
    from ui.boards.fit import plain

    if board is None or type(board).__name__ != "ChildrenBoard" or not board.step_line:
        return []
    label = board.ids.step
    rows = getattr(getattr(label, "_label", None), "_cached_lines", None) or []
    return [plain(label.text)] if len(rows) > 1 else []


def step_shown(board) -> str | None:
    """The Children strip's step line as it shows (plain), None for another board."""
    from ui.boards.fit import plain

    if board is None or type(board).__name__ != "ChildrenBoard":
        return None
    return plain(board.ids.step.text)


def pawn_key(board) -> list[str]:
    """The players the Creepy Cellar board's pawn key names (each beside their pawns, in
    the key under the rooms), as shown; [] when no key is on show or another board."""
    from overflow import visible

    if board is None or type(board).__name__ != "CellarBoard":
        return []
    return [entry.name for entry in board.walk(restrict=True)
            if type(entry).__name__ == "PawnKeyEntry" and visible(entry)]


def board_words(board) -> list[str]:
    """Every text drawn on ``board`` (plain, one per label), in drawing order."""
    from kivy.uix.label import Label
    from overflow import visible

    from ui.boards.fit import plain

    if board is None:
        return []
    return [plain(w.text) for w in board.walk(restrict=True) if isinstance(w, Label) and w.text.strip() and visible(w)]


def unnamed_hunters(board) -> list[str]:
    """The Creepy Cellar tiles (their letters, "Outside") where pawns stand with no name or
    initial on the tile, and no pawn key under the board names them; [] for another board."""
    if board is None or type(board).__name__ != "CellarBoard":
        return []
    if pawn_key(board):  # (board15) short rooms: the pawns alone, their players in the key
        return []
    tiles = [*board.tiles.values(), board.outside]
    return [tile.letter for tile in tiles if tile.pawns
            and not any(type(w).__name__ == "ShownFitLabel" and w.text for w in tile.children)]


def picks_shown(table, board) -> dict:
    """What the board offers a finger now: ``picks``, the places outlined as picking a
    choice (``pickable``), and whether a physical step (the todo box) is on show, with the
    choice panel's buttons hidden under it (``step``)."""
    tiles = getattr(board, "tiles", None) or {}
    return {"step": bool(table.ids.todo.showing), "picks": sorted(getattr(board, "picks", None) or {}),
            "outlined": sorted(str(k) for k, tile in tiles.items() if getattr(tile, "pickable", False))}


def board_of(app):
    """The widget in the table screen's board slot (the game's board or the neutral one)."""
    slot = app.root.ids.screens.get_screen("table").ids.board_slot
    return slot.children[0] if slot.children else None


class FramesDrawn:
    """The frames drawn from now on, and what the choice panel showed in the first one."""

    def __init__(self, app):
        from kivy.core.window import Window

        self.count, self.first, self.times = 0, None, []
        self.after_rings, self._moving = 0, False  # frames drawn once every ring had ended
        self._choices = lambda: [b.text for b in choice_buttons(app)]
        self._motion = app.root.ids.screens.get_screen("table").motion
        self._rings = self._motion.started
        Window.bind(on_flip=self._flipped)

    def _flipped(self, *_args) -> None:
        import time

        self.count += 1
        self.times.append(time.monotonic())
        if self._motion.running:
            self._moving = True
        elif self._moving:
            self.after_rings += 1
        if self.first is None:
            self.first = self._choices()

    def done(self) -> dict:
        """``{"frames", "first_choices", "choices", "rings"}`` (``rings``: what changed was
        animated, issue 29 item 5, :mod:`ui.motion`); stops counting."""
        from kivy.core.window import Window

        Window.unbind(on_flip=self._flipped)
        span = self.times[-1] - self.times[0] if self.times else 0.0
        return {"frames": self.count, "first_choices": self.first, "choices": self._choices(),
                "rings": self._motion.started - self._rings, "span": round(span, 3),
                "after_rings": self.after_rings}


def choice_buttons(app) -> list:
    """The choice panel's buttons on screen (its paged grid and the main button)."""
    panel = app.root.ids.screens.get_screen("table").ids.choices
    return [button for button in panel.buttons() if button.parent is not None]


def boards_alive() -> dict[str, int]:
    """Board class name -> how many of its widgets are alive (issue 29 item 11: only the
    board of the game on the table; a new one at each switch stayed held by its listeners,
    about 3 MiB each, and then one was kept per game)."""
    import gc

    from ui.boards import BOARDS

    gc.unfreeze()  # the app freezes what lives at its start and after a board change
    gc.collect()
    names = {path.rsplit(":", 1)[1] for path in BOARDS.values()}
    alive: dict[str, int] = {}
    for obj in gc.get_objects():
        name = type(obj).__name__
        if name in names:
            alive[name] = alive.get(name, 0) + 1
    gc.freeze()
    return alive


def boards_scenario(app, out: Path, report: dict):
    """The messages file's ``sizes`` (``[{"size": [w, h], "shots", "switches", "timing"}]``)
    one after the other in this one window, resized between them (one window for the whole
    module: a window's start costs seconds of CI); each size's report under
    ``report["sizes"]["WxH"]``. A file without ``sizes`` is one size, the window's."""
    data = json.loads(Path(os.environ["BOARDS_MESSAGES"]).read_text(encoding="utf-8"))
    if "sizes" not in data:
        yield from _one_size(app, out, report, data)
        return
    report["sizes"] = {}
    for entry in data["sizes"]:
        yield from _resize(app, tuple(entry["size"]))
        report["sizes"]["{}x{}".format(*entry["size"])] = part = {}
        yield from _one_size(app, out, part, entry)


def _resize(app, size: tuple[int, int]):
    """The window at ``size``, the app's scale and orientation following it, laid out again."""
    from harness import Until
    from kivy.core.window import Window

    if tuple(Window.size) != size:
        Window.size = size
        yield Until(f"the window at {size}", lambda: tuple(Window.size) == size)
        yield Until("the app's scale", lambda: app.portrait == (size[1] > size[0]))
    yield 0.5


def _one_size(app, out: Path, report: dict, data: dict):
    from drawing import wasted_drawing
    from harness import Until, screen_is, settle
    from kivy.core.window import Window
    from overflow import lines_cut, overflowing, small_text
    from readability import (
        audit,
        covered,
        crowded_figures,
        cut_places,
        names_over_pieces,
        out_of_tiles,
        overlapping_buttons,
        pieces_over_labels,
        plain,
        small_pieces,
        spilled_counts,
        status_boxes,
        text_sizes,
        tile_heights,
        wrapped_places,
    )

    from ui.shot import save_screenshot

    report.update(screenshots=[], overflow={}, boards={}, switches=[], small_text={}, cut={}, choice_sp={},
                  status={}, status_boxes={}, layout={}, wrapped_step={}, step_shown={}, header={},
                  empty_todo={}, todo_steps={}, wasted={}, frames={}, pieces={}, cut_places={}, covered={}, buttons={},
                  gameover={}, audit={}, unnamed={}, fonts={}, spilled={},
                  wrapped_places={}, header_undo={}, steps={}, figures={},
                  names_over={}, picks={}, pawn_key={}, board_words={},
                  out_of_tiles={}, tile_heights={}, turn_named={}, header_buttons={})
    yield 0.3
    for message in data.get("switches") or []:
        app.handle_message(message)  # where the daemon's messages go (DaemonLink -> Clock)
        app.model.go("table")
        yield 0.05
        report["switches"].append([message["game"], type(board_of(app)).__name__])
    if data.get("switches"):
        report["boards_alive"] = boards_alive()
    motion = app.root.ids.screens.get_screen("table").motion
    for shot in data.get("shots") or []:
        frames = FramesDrawn(app)
        app.handle_message(shot["message"])
        if shot["message"].get("later"):  # as the daemon does: the odds figure right after its state
            app.handle_message({**shot["message"]["later"], "revision": shot["message"]["revision"]})
        app.model.go("table")
        # the fit labels settle (one frame after each change), the rings end, and then clock
        # frames go by with nothing drawn: a frame would come now if anything still moved
        settled = settle(0.35, moving=lambda: motion.running != 0)
        yield Until("the table screen", screen_is(app, "table"))
        yield Until("the language", lambda lang=shot["message"]["language"]: app.tr.lang == lang)
        yield settled
        yield Until("the animations' end", lambda: motion.running == 0)
        name = shot["name"]
        report["frames"][name] = frames.done()
        report["screenshots"].append(str(save_screenshot(out / f"{name}.png")))
        board = board_of(app)
        report["boards"][name] = type(board).__name__
        report["overflow"][name] = overflowing(board) if board is not None else ["no board"]
        report["small_text"][name] = small_text(board, SMALLEST_SP, app.scale) if board is not None else []
        report["cut"][name] = cut_names(board) if board is not None else []
        table = app.root.ids.screens.get_screen("table")
        report["pieces"][name] = small_pieces(table, app.scale)
        report["cut_places"][name] = cut_places(table)
        report["covered"][name] = covered(table) + pieces_over_labels(table)
        report["buttons"][name] = overlapping_buttons([table])
        report["unnamed"][name] = unnamed_hunters(board)
        report["fonts"][name] = text_sizes(app, table)
        report["spilled"][name] = spilled_counts(table)
        report["figures"][name] = crowded_figures(table)
        report["names_over"][name] = names_over_pieces(table)
        report["out_of_tiles"][name] = out_of_tiles(table)
        report["tile_heights"][name] = tile_heights(app, table)
        report["picks"][name] = picks_shown(table, board)
        report["pawn_key"][name] = pawn_key(board)
        report["board_words"][name] = board_words(board)
        report["wrapped_places"][name] = wrapped_places(table)
        report["gameover"][name] = [plain(label.text, True) for label in reversed(table.ids.gameover.children)]
        if data.get("audit"):  # the whole readability audit (the game-over layout test)
            report["audit"][name] = audit(app, table)
        report["choice_sp"][name] = choice_sizes(app)
        report["status"][name] = getattr(board, "status_line", "")
        report["status_boxes"][name] = status_boxes(app, board)
        table = app.root.ids.screens.get_screen("table")
        report["header"][name] = lines_cut(table.ids.turn)
        report["header_undo"][name] = header_undo(table)
        report["turn_named"][name] = turn_named(app, table)
        report["header_buttons"][name] = header_buttons(table)
        todo = table.ids.todo
        report["empty_todo"][name] = todo.framed and not todo.children  # the box drawn over the summary
        report["todo_steps"][name] = [len(todo.shown_lines()), todo.count_text()]  # "Step 1 of N" on show
        report["layout"][name] = layout_of(app)
        report["wrapped_step"][name] = wrapped_step(board)
        report["step_shown"][name] = step_shown(board)
        report["wasted"][name] = wasted_drawing(Window, app.root)
        if shot.get("steps"):  # the physical steps read page by page, then the prompt (issue 29 item 1)
            report["steps"][name] = yield from _step_pages(app, out, name)
    shots = data.get("shots") or []
    report["legend"] = {}
    for shot in shots:
        if shot["name"].startswith("clue_it-start-"):
            report["legend"][shot["name"]] = yield from _legend(app, out, shot)
    if shots:
        report["read_then_state"] = yield from _read_then_state(app, shots[0]["message"])
    report["cpu_ms"] = {}
    for game, pair in (data.get("timing") or {}).items():
        report["cpu_ms"][game] = yield from _time_board(app, pair)


def _legend(app, out: Path, shot: dict):
    """CLUE: IT's start: the Centre touched through the window opens its card (who and what
    stand there, named: ``rows``, ``fonts`` px, ``overflow``, rows ``outside`` their column,
    the ``icons``' px; saved as NAME-legend.png), Close puts it away; with the Centre picking
    a choice, the touch picks it and opens no card."""
    from harness import Until, settle
    from kivy.uix.label import Label
    from overflow import overflowing

    from ui.boards import set_picks
    from ui.shot import save_screenshot
    from ui.widgets.place_card import PieceIcon, PlaceCard

    app.handle_message(shot["message"])
    yield settle(0.35)
    board = board_of(app)
    centre = board.tiles[board.view["places"]["centre"]]
    _touch(centre)
    yield Until("the card", lambda: board.legend.card is not None)
    yield settle(0.3)
    card = board.legend.card
    labels = [w for w in card.walk(restrict=True) if isinstance(w, Label) and w.text]
    icons = [w for w in card.walk(restrict=True) if isinstance(w, PieceIcon)]
    outside = [icon.parent.children[0].text for icon in icons  # out of its column: over the title, or cut
               if icon.parent.top > icon.parent.parent.top + 0.5 or icon.parent.y < icon.parent.parent.y - 0.5]
    found = {"rows": [w.text for w in labels], "fonts": sorted({round(w.font_size, 1) for w in labels}),
             "overflow": overflowing(card), "outside": outside, "scale": app.scale,
             "is_card": isinstance(card, PlaceCard), "icons": min(icon.piece_px for icon in icons)}
    save_screenshot(out / f"{shot['name']}-legend.png")
    _touch(card.close)
    yield Until("the card put away", lambda: board.legend.card is None)
    picked: list[str] = []
    set_picks(board, [{"key": "stop:centre", "label": "Centre"}], picked.append)
    _touch(centre)
    yield 0.2
    found["picked"], found["card_on_pick"] = picked, board.legend.card is not None
    set_picks(board, [], None)
    return found


def _step_pages(app, out: Path, name: str, most: int = 40):
    """The todo panel's steps as a player goes through them: each page on show (its words,
    their size in px at scale 1, the button under it, the instruction's text under 32 px, the
    main button's window box; saved as NAME-stepS-P.png), its button touched for the next
    page or step; then, every step done, the same look at the prompt."""
    from harness import settle
    from readability import main_box, plain, reading_small, text_sizes

    from ui.shot import save_screenshot

    table = app.root.ids.screens.get_screen("table")
    todo = table.ids.todo
    pages: list[dict] = []

    def look(file: str) -> dict:
        labels = todo.labels()
        label = labels[0] if labels else table.ids.prompt
        return {"step": int(todo.ticked), "text": plain(label.text, label.markup).replace("\n", " "),
                "lines": len(getattr(label._label, "_cached_lines", None) or []),  # the page's lines
                "px": round(label.font_size / app.scale, 1), "button": todo.done_button.text if labels else "",
                "reading": reading_small(text_sizes(app, table)), "main": main_box(table),
                "file": str(save_screenshot(out / file))}

    while todo.showing and len(pages) < most:
        step = int(todo.ticked)
        page = sum(1 for seen in pages if seen["step"] == step)
        pages.append(look(f"{name}-step{step + 1}-{page + 1}.png"))
        _touch(todo.done_button)
        yield settle(0.3)
    after = look(f"{name}-after.png")
    after["picks"] = picks_shown(table, board_of(app))
    return {"pages": pages, "after": after}


def _touch(widget) -> None:
    """A finger down and up on ``widget``'s centre, through the window's input path."""
    from kivy.tests.common import UnitTestTouch

    finger = UnitTestTouch(*widget.to_window(*widget.center))
    finger.touch_down()
    finger.touch_up()


def _read_then_state(app, state: dict):
    """A press reaching the daemon (``input``), then 10 ms later the state it led to, as the
    link hands them over: the frames drawn until the read dot went out again (it lights for
    ``FLASH_SECONDS`` and the frame that puts it out is no frame of the state's), and
    whether the dot lit in the first of them."""
    from harness import Until, settle
    from kivy.clock import Clock
    from kivy.core.window import Window

    yield settle(0.3)  # the last shot's frames are drawn
    lit: list[bool] = []  # the dot, at each frame drawn from now on

    def flipped(*_args) -> None:
        lit.append(bool(app.flash))

    Window.bind(on_flip=flipped)
    app.handle_message({"type": "input", "kind": "press", "button": "dice", "held": 0.1})
    # the state 10 ms later: the next clock frame, whatever the scenario's tick
    state = {**state, "revision": int(state.get("revision") or 0) + 100}
    Clock.schedule_once(lambda _dt: app.handle_message(state), 0.01)
    yield Until("the state after the read", lambda: app.revision == state["revision"])
    # then frames with nothing drawn (a second frame would have come); on a loaded machine
    # this may outlast the dot (0.35 s after a 0.2 s board switch was 10 ms short of it)
    yield settle(0.35)
    Window.unbind(on_flip=flipped)
    out = next((i for i, on in enumerate(lit) if i and lit[i - 1] and not on), len(lit))
    return {"frames": out, "dot_lit": bool(lit and lit[0])}


def _time_board(app, pair: list[dict], rounds: int = 10):
    """CPU milliseconds (this process) per state message for a board, the two messages of
    ``pair`` alternating: handing the state over plus the label fitting it sets off on the
    next frame (``FitLabel.fit``), not the drawing. A figure for the report, not a test."""
    import time

    from ui.boards.fit import FitLabel

    spent = [0.0]
    plain_fit = FitLabel.fit

    def timed_fit(label, *args):
        start = time.process_time()
        plain_fit(label, *args)
        spent[0] += time.process_time() - start

    timed_fit.__name__ = "fit"  # Kivy's clock calls a label's trigger by the method's name
    app.handle_message(pair[0])
    yield 0.3
    FitLabel.fit = timed_fit
    try:
        for i in range(rounds):
            start = time.process_time()
            app.handle_message(pair[(i + 1) % 2])
            spent[0] += time.process_time() - start
            yield 0.1
    finally:
        FitLabel.fit = plain_fit
    return round(1000 * spent[0] / rounds, 1)
