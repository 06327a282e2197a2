"""The Creepy Cellar board with two hunters per player (a 2-player game: notes.md 1.5
"With 2 players, each controls 2 hunters"): each room tile marks a player's two hunters
apart ("Ad1", "Ad2"), drawn in a real Kivy window (Xvfb)."""

from __future__ import annotations

import pytest
from board_shots import assert_drawn, draw_board
from test_table_screen import ARTIFACTS

from ui.boards.creepy_cellar import carrying_text, hunter_marks, status_text


def _italian(message, **params):
    from ui.i18n import translate

    return translate(message, "it", **params)


def _two_player_view() -> dict:
    """A 2-player game's view: Ada's red hunter in C, her blue one in C too, Bo's yellow
    one in the hallway, his green one in M with a treasure."""
    from dataclasses import replace

    from companion.engine import get_game, resolve_options
    from companion.games.creepy_cellar.state import Hunter

    spec = get_game("creepy_cellar")
    state = spec.setup(["Ada", "Bo"], resolve_options(spec, {}))
    state = replace(state, hunters=(Hunter(at="C"), Hunter(at="hallway"), Hunter(at="C"),
                                    Hunter(at="M", treasure="cursed-add-ghost")))
    return spec.view(state)


def test_marks_tell_a_players_two_hunters_apart():
    view = _two_player_view()
    assert hunter_marks(view["hunters"]) == {"Ada (red)": "Ada1", "Bo (yellow)": "Bo1",
                                             "Ada (blue)": "Ada2", "Bo (green)": "Bo2"}
    assert hunter_marks({"Ada": {"at": "C"}, "Bo": {"at": "D"}}) == {"Ada": "Ada", "Bo": "Bo"}
    assert hunter_marks({"Player 1": {"at": "C"}, "Player 2": {"at": "C"}}) == {"Player 1": "P1", "Player 2": "P2"}
    assert (carrying_text(view["hunters"], view["carried"])
            == "Carrying: [color=ffcc33]Bo (green)[/color] Cursed Treasure")
    from companion.protocol import render_tree  # as the daemon sends it: names in the table's language

    italian = render_tree(view, "it")
    assert (carrying_text(italian["hunters"], italian["carried"], _italian)
            == "Trasporta: [color=ffcc33]Bo (verde)[/color] Tesoro Maledetto")
    assert status_text(view) == "Nightmare · cellar 0/12 · hallway: Bo (yellow)"
    assert status_text(view, _italian) == "Incubo · cantina 0/12 · corridoio: Bo (giallo)"
    one_each = {"mode": "basic", "cellar": [], "cellar_slots": 8,
                "hunters": {"Ada": {"at": "outside", "player": "Ada", "colour": "red"}}}
    assert status_text(one_each) == "Basic · cellar 0/8"  # Ada is drawn on the Outside tile


@pytest.mark.ui
def test_cellar_board_draws_both_hunters_of_a_player(display, kivy_home, tmp_path):
    out = ARTIFACTS / "cellar-board-two-hunters.png"
    draw_board("creepy_cellar:CellarBoard", _two_player_view(), out, display, kivy_home, tmp_path)
    assert_drawn(out)  # tiles, ghosts, marks


@pytest.mark.ui
def test_secret_passage_is_a_drawn_tile_with_a_legend(display, kivy_home, tmp_path):
    """Issue 29: the passage was the bare letters "SP" on the tile; now a drawn tile, the
    legend says what it is, and the room letters are at least 20 px at 800×480."""
    import json

    view = _two_player_view()
    view["rooms"]["E"] = {**view["rooms"].get("E", {}), "passage": True}
    view["hunters"]["Bo (green)"]["at"] = "outside"  # left the castle (with his treasure)
    out = ARTIFACTS / "cellar-board-passage.png"
    draw_board("creepy_cellar:CellarBoard", view, out, display, kivy_home, tmp_path)
    assert_drawn(out)
    shown = json.loads(out.with_suffix(".labels.json").read_text())
    texts = [label["text"] for label in shown["labels"]]
    assert not [t for t in texts if "SP" in t.split() or "PS" in t.split()]
    assert "secret passage" in texts
    tiles = [room for room, r in view["rooms"].items() if r.get("passage")]
    assert "E" in tiles and len(tiles) == 5  # nightmare's four passage rooms and E
    assert shown["markers"].count("passage") == len(tiles) + 1  # a tile per room and the legend's
    # the hunters are pawns (4 drawn) named by their players, never "Ada1"/"Bo2"
    assert not [t for t in texts if any(code in t for code in ("Ada1", "Ada2", "Bo1", "Bo2"))]
    from ui import theme

    red, blue = (theme.hex_colour(theme.on_dark(theme.PAWNS[c])) for c in ("red", "blue"))
    ada = [t for t in texts if "Ada" in t and "[color=" in t]
    # on the tile where it has room over the pieces; in the pawn key always (board15)
    assert ada == [f"[color={red}]Ada[/color] [color={blue}]Ada[/color]", f"[color={red}]Ada[/color]"]
    letters = [label["font"] for label in shown["labels"] if label["text"] in "ABCDEFGHIJKLMN"]
    assert len(letters) == 14 and min(letters) >= 20
    # the hunter outside the castle is drawn outside it (issue 29: he was not drawn at all)
    green = theme.hex_colour(theme.on_dark(theme.PAWNS["green"]))
    assert "Outside" in texts and f"[color={green}]Bo[/color]" in texts
    # Ada's two in C and Bo's green outside (the yellow one in a hallway is in the status line)
    assert shown["pawns"] == 3 + 4  # and in the pawn key: Ada's two, Bo's two (board15)
    # every label and figure at the boards' floor (issue 29: 20 px at 800×480)
    assert min(label["font"] for label in shown["labels"]) >= 20
