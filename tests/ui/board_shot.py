"""Draws one game's board in a real Kivy window and saves a screenshot.

``PYTHONPATH=. python tests/ui/board_shot.py BOARD OUT.png VIEW.json [--size 800x480]`` (from
the checkout; the tests give it ``tests.checkout.checkout_env()``): shows the board
``BOARD`` (``module:Class`` under ``ui.boards``, e.g. ``children:ChildrenBoard``) with the
view in VIEW.json, saves OUT.png and exits 0 (1 when the window did not draw in time).

``--choices CHOICES.json``: the prompt's choices (``[{"key", "label"}]``) are handed to the
board as the table screen does (``ui.boards.set_picks``) before the shot (the places that
pick a choice framed in gold); then every place is touched through the window's input path
and ``CHOICES.picked`` (next to it) gets ``{"picks": {place: key}, "touched": {place: key picked}}``.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path


def main() -> int:
    board_name, out, view_path = sys.argv[1], Path(sys.argv[2]), Path(sys.argv[3])
    width, height = 800, 480
    if "--size" in sys.argv:
        width, height = (int(v) for v in sys.argv[sys.argv.index("--size") + 1].split("x"))
    from kivy.config import Config

    Config.set("graphics", "width", str(width))
    Config.set("graphics", "height", str(height))
    from importlib import import_module

    from kivy.app import App
    from kivy.clock import Clock
    from kivy.core.window import Window
    from kivy.properties import BooleanProperty, NumericProperty
    from kivy.uix.boxlayout import BoxLayout

    from ui import theme
    from ui.boards import set_picks
    from ui.i18n import Translator
    from ui.shot import save_screenshot

    choices_path = Path(sys.argv[sys.argv.index("--choices") + 1]) if "--choices" in sys.argv else None
    module, cls = board_name.split(":")
    Board = getattr(import_module(f"ui.boards.{module}"), cls)  # noqa: N806
    view = json.loads(view_path.read_text(encoding="utf-8"))
    result = {"code": 1}

    class BoardApp(App):
        scale = NumericProperty(width / theme.DESIGN_SIZE[0])
        portrait = BooleanProperty(height > width)  # the boards' kv lays out by it
        tr = Translator()  # the board's words, in English

        def build(self):
            Window.clearcolor = theme.BACKGROUND
            frame = BoxLayout()  # as on the table screen, the board sits in a layout
            self.board = board = Board()
            self.picked = []
            board.view = view
            frame.add_widget(board)
            Clock.schedule_once(self.settle, 0.5)
            Clock.schedule_once(lambda *_: self.stop(), 8.0)
            return frame

        def settle(self, *_args):
            # Under Xvfb the window's first size reaches the root after its layout ran
            # (as a bare root the board stays at 100×100): lay it out once more, then shoot.
            for widget in self.root.walk():
                if hasattr(widget, "do_layout"):
                    widget.do_layout()
            Clock.schedule_once(self.shoot, 0.5)

        def shoot(self, *_args):
            if choices_path is not None:
                self.picks = set_picks(self.board, json.loads(choices_path.read_text()), self.picked.append)
                Clock.schedule_once(self.touch_places, 0.3)
                return
            save_screenshot(out)
            write_labels(self.board, out)
            result["code"] = 0
            self.stop()

        def touch_places(self, *_args):
            save_screenshot(out)  # the gold frames on the places that pick a choice
            from kivy.tests.common import UnitTestTouch

            touched = {}
            for place, tile in places(self.board).items():
                self.picked.clear()
                finger = UnitTestTouch(*tile.to_window(*tile.center))
                finger.touch_down()
                finger.touch_up()
                if self.picked:
                    touched[place] = self.picked[0]
            result_path = choices_path.with_suffix(".picked")
            result_path.write_text(json.dumps({"picks": self.picks, "touched": touched}))
            result["code"] = 0
            self.stop()

    BoardApp().run()
    return result["code"]


def write_labels(board, out: Path) -> None:
    """``OUT.labels.json``: the text and font size (px) of every visible label on the board,
    the kinds of the drawn markers and how many pawns are drawn (the board tests read them:
    no piece codes, every hunter drawn)."""
    from kivy.uix.label import Label

    from ui.widgets.pieces import Marker, PawnRow

    labels = [{"text": w.text, "font": w.font_size} for w in board.walk(restrict=True)
              if isinstance(w, Label) and w.text.strip() and w.opacity > 0]
    markers = [w.kind for w in board.walk(restrict=True) if isinstance(w, Marker) and w.opacity > 0 and w.width > 0]
    pawns = sum(len(w.colours) for w in board.walk(restrict=True) if isinstance(w, PawnRow) and w.width > 0)
    out.with_suffix(".labels.json").write_text(json.dumps({"labels": labels, "markers": markers, "pawns": pawns}))


def places(board) -> dict:
    """Place id -> its tile, for every place of ``board`` (touched or not)."""
    found = {}
    for widget in board.walk():
        place = getattr(widget, "place", None) or (getattr(widget, "letter", None)
                                                    if type(widget).__name__ == "RoomTile" else None)
        if place:
            found[place] = widget
    return found


if __name__ == "__main__":
    sys.exit(main())
