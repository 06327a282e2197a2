"""The UI's Kivy-free parts, in this process: the daemon link, the screen's words and the
choice layout; plus the rules of the package (no Kivy on import, only the socket client).
"""

from __future__ import annotations

import ast
import re
import subprocess
import sys
import threading
from pathlib import Path

from ui_scenario import running_daemon

from companion.client import DaemonUnavailable
from tests.collector import Collector
from ui import layout, text
from ui.connection import DaemonLink

ROOT = Path(__file__).resolve().parents[2]
UI = ROOT / "ui"

#: What the UI must never import: it is only a client of the daemon socket.
FORBIDDEN = ("companion.engine", "companion.games", "companion.session", "hardware")


# ---------------------------------------------------------------------- package rules


def _imports(path: Path) -> set[str]:
    names = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
            names |= {f"{node.module}.{alias.name}" for alias in node.names}
    return names


def test_ui_imports_nothing_but_the_socket_client_of_the_companion():
    offenders = []
    for path in sorted(UI.rglob("*.py")):
        offenders += [(path.name, n) for n in _imports(path) if n.startswith(FORBIDDEN)]
    for path in sorted(UI.rglob("*.kv")):
        for module in re.findall(r"^#:import\s+\S+\s+(\S+)", path.read_text(), re.M):
            offenders += [(path.name, module)] if module.startswith(FORBIDDEN) else []
    assert offenders == []


def test_importing_ui_does_not_import_kivy():
    code = ("import sys, ui, ui.app, ui.connection, ui.layout, ui.text, ui.theme; "
            "print(sorted(m for m in sys.modules if m == 'kivy' or m.startswith('kivy.')))")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                         check=True, timeout=30)
    assert out.stdout.strip() == "[]"


def test_every_screen_and_board_has_its_kv_file():
    """Every screen has its kv file, and so has every board that loads one (the House of
    Spirits and CLUE: IT boards are built in Python from the shared parts)."""
    names = [p.stem for p in (UI / "screens").glob("*.py") if p.stem != "__init__"]
    names += [p.stem for p in (UI / "boards").glob("*.py") if "load_kv(" in p.read_text(encoding="utf-8")]
    assert "children" in names and all((UI / "kv" / f"{name}.kv").is_file() for name in names)


# ---------------------------------------------------------------------- words


def test_turn_and_prompt_markup():
    view = {"turn_number": 9, "turn": "Ada"}
    assert text.turn_markup(view, "Ada", over=False) == "Turn 9 · [color=ffcc33]Ada[/color]'s turn"
    assert text.turn_markup(view, "Ada", over=True) == "Game over"
    prompt = text.prompt_markup("Ada: move up to 3, fight, then End turn", "Ada", over=False)
    # words16: before the first turn the header said nothing (the lead's shots, session 15)
    setting_up = {"turn_number": 0, "turn": None}
    assert text.turn_markup(setting_up, "", over=False, setup=True) == "Set-up"
    assert text.turn_markup(setting_up, "", over=False, _=_italian, setup=True, lines=True) == "Preparazione"
    assert text.turn_markup(view, "Ada", over=True, setup=True) == "Game over"
    assert prompt == "[color=ffcc33]Ada:[/color] move up to 3, fight, then End turn"
    over = text.prompt_markup("The game is over: the hunters won!", None, over=True)
    assert over == "The game is over: the hunters won!"  # the game-over panel shows the summary
    assert text.prompt_markup("Tag [x] & co", "", over=False) == "Tag &bl;x&br; &amp; co"


def test_titles_doors_and_outcomes():
    assert text.short_title("Ghost Fightin' Treasure Hunters: Creepy Cellar") == "Creepy Cellar"
    assert text.short_title("CLUE: IT") == "CLUE: IT"  # the header showed only "IT"
    from ui.boards.creepy_cellar import doors_text  # the board's own words

    assert doors_text("green") == "Green doors locked"
    assert doors_text("") == "Doors open"


def test_the_door_status_is_not_drawn_as_a_button():
    """screen20b: "Doors open" was a 20 px label on a filled rounded box in the buttons'
    colour beside the die; a child touched it and nothing happened. It is a drawn door and
    words in the doors' colour (dim when open), on no box."""
    from ui import theme
    from ui.boards.creepy_cellar import door_icon_width, doors_colour
    from ui.widgets import shapes

    kv = (UI / "kv" / "creepy_cellar.kv").read_text(encoding="utf-8")
    rule = kv[kv.index("text: doors_text(") - 900:kv.index("text: doors_text(") + 400]
    assert "RoundedRectangle" not in rule and "theme.DOORS.get" not in rule
    assert 'kind: "locked_door" if root.locked else "door"' in rule
    assert {"door", "locked_door"} <= set(shapes.PIECES)
    assert doors_colour("") == theme.TEXT_DIM
    for locked in ("green", "blue"):  # the words read on the dark board, in the doors' colour
        assert theme.contrast(doors_colour(locked), theme.BACKGROUND) >= 4.5
    # the door is drawn where it costs the words no line (at game over the board is narrow):
    # here 10 px a character, "[b]...[/b]" aside, wrapped at spaces
    def lines(markup, width, _font):
        count, used = 1, 0
        for word in markup[3:-4].split():
            if used and used + 10 * (len(word) + 1) > width:
                count, used = count + 1, 0
            used += 10 * (len(word) + 1)
        return count

    assert door_icon_width("Green doors locked", 300, 20, 26, 4, lines) == 26
    assert door_icon_width("Porte verdi chiuse", 123, 20, 26, 4, lines) == 0  # 2 lines, 3 beside it
    assert text.outcome_colour({"outcome": "won"}) != text.outcome_colour({"outcome": "lost"})


def test_whose_turn_name_is_large_in_the_fullest_form_the_header_holds():
    """screen21b: the name of the player whose turn it is, at 32 px inside the header's
    24 px "Turno 18 · turno di Cy"; where the whole line does not hold the box, "Turno di
    Margherita", then the name alone. The widths are Roboto bold as the client measured
    them at 800×480 (its 308 px box): 24 px "Turno 18 · turno di " 205, "Turno di " 95;
    32 px "Giulia" 81, "Margherita" 157."""
    view = {"turn_number": 18, "turn": "Margherita"}
    forms = text.turn_forms(view, "Margherita", False, _italian, name_px=32)
    name = "[size=32][color=ffcc33]Margherita[/color][/size]"
    assert forms == [f"Turno 18 · turno di {name}", f"Turno di {name}", name]
    # every form names the player at 32 px; game over and set-up are one line, no name
    assert all(name in form for form in forms)
    assert text.turn_forms(view, "Margherita", True, _italian, name_px=32) == ["Partita finita"]
    assert text.turn_forms({"turn_number": 0}, "", False, setup=True, name_px=32) == ["Set-up"]
    assert text.turn_forms({"turn": "Bo"}, "Bo", False, name_px=32) == [
        "[size=32][color=ffcc33]Bo[/color][/size]'s turn", "[size=32][color=ffcc33]Bo[/color][/size]"]
    box = 308
    assert layout.first_within([205 + 81, 95 + 81, 81], box) == 0  # Giulia: the whole line
    assert layout.first_within([205 + 157, 95 + 157, 157], box) == 1  # Margherita: "Turno di Margherita"
    assert layout.first_within([500, 400, 320], box) == 2  # none holds it: the name alone (cut)
    assert text.turn_name_markup({"turn": "Leo Bo"}, "", None) == "[color=ffcc33]Leo\u00a0Bo[/color]"
    assert text.turn_name_markup({}, "", None) == ""


def _italian(message, **params):
    from ui.i18n import translate

    return translate(message, "it", **params)


def test_the_house_of_spirits_room_card_says_its_modifier_in_words():
    """Issue 29: a child asked what "modifier +1" means ("Playing Plot Cards": the roll may
    be moved up or down by up to the room's number)."""
    from ui.boards.house_of_spirits import room_lines
    from ui.text import english

    room = {"name": "Library", "skulls": 2, "modifier": 1}
    assert room_lines(room, english)[1] == "Skulls 2 · plot roll: add or take away up to 1"
    assert room_lines(room, _italian)[1] == "Teschi 2 · tiro di trama: aggiungete o togliete fino a 1"


def test_the_creepy_cellar_board_words_in_italian():
    """The board's status line and door panel go through the client's translator (the
    glossary's words: cantina, corridoio, porte verdi)."""
    from ui.boards.creepy_cellar import doors_text, status_text

    assert [doors_text(c, _italian) for c in ("green", "blue", "")] == [
        "Porte verdi chiuse", "Porte blu chiuse", "Porte aperte"]
    view = {"mode": "nightmare", "cellar": ["treasure-1", "treasure-2", "treasure-3"], "cellar_slots": 12,
            "hunters": {"Ada": {"at": "outside"}, "Bo": {"at": "hallway"}, "Cy": {"at": "C"}}}
    # Ada, outside the castle, is drawn on the board's Outside tile (issue 29), not named here
    assert status_text(view) == "Nightmare · cellar 3/12 · hallway: Bo"
    assert status_text(view, _italian) == "Incubo · cantina 3/12 · corridoio: Bo"
    assert status_text({**view, "mode": "advanced", "hunters": {}}, _italian) == "Avanzata · cantina 3/12"
    assert _italian("Haunting risk this round: {percent}%", percent=33) == (
        "Rischio infestazione nel giro: 33%")
    assert _italian("Hauntings {count}/{limit}", count=2, limit=8) == "Infestazioni 2/8"


def test_log_shows_the_latest_lines_with_the_fresh_ones_bright():
    lines = [f"line {i}" for i in range(10)]
    shown = text.log_markup(lines, fresh=2).split("\n")
    assert len(shown) == text.LOG_LINES and shown[-1].endswith("line 9[/color]")
    bright, dim = text.theme.hex_colour(text.theme.TEXT), text.theme.hex_colour(text.theme.TEXT_DIM)
    assert [line.startswith(f"[color={bright}]") for line in shown] == [False] * 4 + [True] * 2
    assert all(line.startswith(f"[color={dim}]") for line in shown[:4])
    assert text.log_markup(lines, fresh=0, shown=0) == ""


# ---------------------------------------------------------------------- choice layout


def _choices(*keys):
    return [{"key": k, "label": k} for k in keys]


def test_end_turn_comes_first_and_the_win_last():
    keys = ("remove-ghost:C", "declare-win", "end-turn", "remove-haunting:F")
    ordered = [c["key"] for c in layout.order_choices(_choices(*keys))]
    assert ordered == ["end-turn", "remove-ghost:C", "remove-haunting:F", "declare-win"]
    assert [c["key"] for c in layout.order_choices(_choices("roll"))] == ["roll"]
    assert layout.order_choices([]) == []


def test_grid_uses_two_columns_until_more_are_needed():
    # 800×480, panel ~320 px tall: 7 secondary choices fit in two columns ...
    assert layout.grid_shape(7, 320, 1.0) == (2, layout.ROW_HEIGHT)
    # ... 15 (a board full of ghosts) need three in a taller panel, rows shrunk but touchable ...
    cols, row = layout.grid_shape(15, 350, 1.0)
    assert cols == 3 and row == (350 - 70 - 4 * 6) / 5 == 51.2
    assert layout.MIN_ROW_HEIGHT <= row < layout.ROW_HEIGHT
    # ... four under a two-line prompt (a hunter in the cellar: 15 moves besides End turn) ...
    assert layout.grid_shape(15, 306, 1.0) == (4, layout.ROW_HEIGHT)
    assert layout.grid_shape(15, 290, 1.0) == (4, (290 - 70 - 3 * 6) / 4)
    assert layout.grid_shape(15, 320 * 1.6, 1.6) == (4, layout.ROW_HEIGHT * 1.6)
    # ... five in the portrait panel (720×1280: scale 1.5, ~390 px) ...
    assert layout.grid_shape(15, 390, 1.5) == (5, layout.ROW_HEIGHT * 1.5)
    # ... and when even that does not fit, rows keep their minimum and the panel scrolls.
    assert layout.grid_shape(15, 200, 1.0) == (5, layout.MIN_ROW_HEIGHT)


def test_choices_height_is_what_the_grid_lays_out_in_it():
    # portrait gives the board the rest (issue 17): End turn alone is the main button (+2 spare)
    assert layout.choices_height(_choices("end-turn"), unit=1.5) == (64 + 6 + 2) * 1.5
    # six equal picks (no main): two columns, three rows of 52, and grid_shape picks just that
    six = _choices(*(f"pick:{i}" for i in range(6)))
    assert layout.choices_height(six, unit=1.0) == 3 * 52 + 2 * 6 + 2 == 170
    assert layout.grid_shape(6, 170 - 1 + 70, 1.0) == (2, layout.ROW_HEIGHT)
    # seven and a main button: three columns of three rows
    seven = _choices("end-turn", *(f"pick:{i}" for i in range(7)))
    assert layout.choices_height(seven, unit=1.0) == 70 + 3 * 52 + 2 * 6 + 2
    assert layout.grid_shape(7, layout.choices_height(seven) - 1, 1.0) == (3, layout.ROW_HEIGHT)
    # game over: New game, and Undo while it can be taken back; nothing to choose: no room
    assert layout.choices_height([], over=True, can_undo=True) == 70 + 52 + 2
    assert layout.choices_height([], over=True) == 72
    assert layout.choices_height([]) == 0


# ---------------------------------------------------------------------- daemon link


class Inbox(Collector):
    """Collects what the link reports, from its threads: the messages, and how many times
    the connection was lost."""

    def __init__(self):
        super().__init__()
        self.lost = 0

    def on_lost(self) -> None:
        with self.cond:
            self.lost += 1
            self.cond.notify_all()

    def wait(self, predicate, timeout: float = 5.0) -> None:
        with self.cond:
            assert self.cond.wait_for(predicate, timeout), (self.messages, self.lost)

    def states(self) -> list[dict]:
        return [m for m in self.messages if m.get("type") == "state"]


def test_link_waits_for_the_daemon_sends_commands_and_reconnects(tmp_path):
    sock = tmp_path / "companion.sock"
    inbox = Inbox()
    link = DaemonLink(sock, on_message=inbox, on_lost=inbox.on_lost, retry=0.1).start()
    acks: list = []
    done = threading.Event()
    try:
        link.command("undo", done=lambda ack, error: (acks.append((ack, error)), done.set()))
        assert done.wait(5)
        assert acks[0][0] is None and isinstance(acks[0][1], DaemonUnavailable)  # no daemon yet

        with running_daemon(sock, game=False) as daemon:
            inbox.wait(lambda: inbox.states())
            assert inbox.states()[0]["game"] is None and link.connected
            done.clear()
            link.command("new_game", "creepy_cellar", ["Ada", "Bo"],
                         done=lambda ack, error: (acks.append((ack, error)), done.set()))
            assert done.wait(5) and acks[-1][0]["ok"] is True and acks[-1][1] is None
            inbox.wait(lambda: any(s["game"] == "creepy_cellar" for s in inbox.states()))
            assert daemon.call(lambda: daemon.session.header.players) == ("Ada", "Bo")
        inbox.wait(lambda: inbox.lost == 1)

        seen = len(inbox.states())
        with running_daemon(sock, game=False):
            inbox.wait(lambda: len(inbox.states()) > seen)  # reconnected by itself
            assert link.connected
    finally:
        link.stop()
    assert not link.connected


def test_link_stops_promptly_while_waiting(tmp_path):
    before = set(threading.enumerate())
    link = DaemonLink(tmp_path / "nobody.sock", on_message=lambda m: None, retry=0.1).start()
    started = set(threading.enumerate()) - before
    link.stop(timeout=2.0)
    assert sorted(t.name for t in started) == ["ui-commands", "ui-link"]
    assert not any(t.is_alive() for t in started)



# ---------------------------------------------------------------------- player colours


def test_player_colours_in_the_banner_the_prompt_and_the_boards_words():
    from ui.boards.children import turn_text
    from ui.boards.names import short_marks
    from ui.theme import GOLD, player_colour

    colours = {"Ada": "vermillion", "Bo": "unknown-key"}
    assert player_colour("Ada", colours) == (0xD5 / 255, 0x5E / 255, 0.0, 1.0)
    assert player_colour("Bo", colours) == GOLD and player_colour("Cy", colours) == GOLD
    # vermillion lightened to read on the dark header (issue 17: the printed blue did not)
    assert text.turn_markup({"turn_number": 3}, "Ada", False, colours=colours) == \
        "Turn 3 · [color=dd7e33]Ada[/color]'s turn"
    assert text.turn_markup({"turn_number": 3}, "Bo", False) == "Turn 3 · [color=ffcc33]Bo[/color]'s turn"
    assert text.prompt_markup("Ada: press the dice button", "Ada", False, colours) == \
        "[color=dd7e33]Ada:[/color] press the dice button"
    assert text.player_markup("[Bo]", {"[Bo]": "blue"}) == "[color=59a3cd]&bl;Bo&br;[/color]"
    assert text.prompt_markup("Bo: roll", "Bo", False, {"Bo": "blue"}) == "[color=59a3cd]Bo:[/color] roll"
    marks = short_marks(["Ada", "Bo"])
    assert " ".join(text.player_markup(marks[p], colours) for p in ("Ada", "Bo")) == \
        "[color=dd7e33]Ada[/color] [color=ffcc33]Bo[/color]"
    assert turn_text({"turn": "Ada"}, colours=colours).splitlines()[0] == "[b][color=dd7e33]Ada[/color][/b]"


def test_every_player_colour_reads_on_the_dark_header():
    """The header and the prompt drew the blue player's name in the dark printed blue."""
    from companion.palette import PALETTE
    from ui.theme import TEXT_ON_DARK, luminance

    for key in PALETTE:
        colours = {"Ada": key}
        for markup in (text.player_markup("Ada", colours), text.prompt_markup("Ada: go", "Ada", False, colours),
                       text.turn_markup({"turn": "Ada"}, "Ada", False, colours=colours)):
            shown = re.search(r"\[color=([0-9a-f]{6})\]", markup)[1]
            ink = tuple(int(shown[i:i + 2], 16) / 255 for i in (0, 2, 4)) + (1.0,)
            assert luminance(ink) >= TEXT_ON_DARK - 0.01, (key, markup)


def test_the_portrait_header_never_breaks_a_name_from_its_words():
    """Portrait: "Ada / 's turn" was broken; now the turn and whose turn are a line each, and
    a name's spaces do not break."""
    view = {"turn_number": 3, "turn": "Player 1"}
    assert text.turn_markup(view, "", False, lines=True) == "Turn 3\n[color=ffcc33]Player\u00a01[/color]'s turn"
    assert text.turn_markup(view, "", False) == "Turn 3 · [color=ffcc33]Player\u00a01[/color]'s turn"


def test_new_players_get_free_colours_and_the_ink_reads_on_each():
    from companion.palette import PALETTE, rgba
    from ui.theme import INK_DARK, INK_LIGHT, ink, next_colour

    assert next_colour([]) == "orange"
    assert next_colour(["orange", "sky_blue"]) == "bluish_green"
    assert next_colour(PALETTE) is None
    inks = {key: ink(rgba(key)) for key in PALETTE}
    assert [k for k, v in inks.items() if v == INK_LIGHT] == ["blue"]
    assert inks["vermillion"] == INK_DARK  # 5.1:1 against 3.9:1 in white


def test_a_stand_in_is_what_the_state_lists_never_a_names_shape():
    """Issue 27 item 3: the boards told a stand-in by its shape ("Monster 3", "Tessera 2-5",
    regular expressions over the daemon's words), so a room the owner named "Room 7" lost its
    name to a card and "7" where it did not fit. The state's ``stand_ins`` says which names are
    stand-ins (the daemon words them in the table's language: "Mostro 3")."""
    from ui.boards.children import room_need
    from ui.boards.names import stand_in_number

    measure = lambda text: 10.0 * len(text)  # noqa: E731
    # a Children room the owner named "Room 7": its whole name, never its tablet and "7"
    assert room_need("Room 7", 1, measure, 25) == (60.0, 60.0)
    assert room_need("Room 7", 1, measure, 25, "7") == (60.0, 35.0)  # a stand-in "Room 7"
    stand_ins = {"Mostro 3": "3", "Tessera 2-5": "2-5", "Fantasma 04": "04"}
    assert [stand_in_number(n, stand_ins) for n in ("Mostro 3", "Tessera 2-5", "Fantasma 04")] == ["3", "2-5", "04"]
    assert stand_in_number("Room 7", stand_ins) == "" and stand_in_number(None, stand_ins) == ""


def test_markers_are_short_and_unique():
    """Item 4 of issue 17: "Player 1" and "Player 2" were both "Pl"."""
    from ui.boards.names import short_marks

    assert short_marks(["Ada", "Bo", "Cy"]) == {"Ada": "Ada", "Bo": "Bo", "Cy": "Cy"}
    assert short_marks(["Player 1", "Player 2"]) == {"Player 1": "P1", "Player 2": "P2"}
    assert short_marks(["Giulia", "Giuliano", "Marco"]) == {"Giulia": "G1", "Giuliano": "G2", "Marco": "Marc"}


def test_a_row_of_players_shows_whole_names_where_it_holds_them():
    """CLUE: IT's seven players at 800×480 (screen21): every name was cut to three letters;
    the row's panels now share its width as their names need, the widest falling to its mark
    first. Widths (px at 20 px bold, Roboto, measured in the client) plus the kept cards' 43."""
    from ui.boards.names import whole_names

    cards = 43
    first = [35 + cards, 24 + cards, 24 + cards, 51 + cards]  # Ada, Bo, Cy, Giulia
    assert whole_names(first, [35 + cards, 24 + cards, 24 + cards, 30 + cards], 366) == [True] * 4
    second = [86 + cards, 98 + cards, 83 + cards]  # Tommaso, Margherita, Leonardo: Margherita falls first
    marks = [34 + cards, 30 + cards, 30 + cards]
    assert whole_names(second, marks, 366) == [True, False, True]
    assert whole_names(second, marks, 200) == [False, False, False]
    assert whole_names([50, 60], [50, 40], 10) == [True, False]  # a name no wider than its mark stays


def test_seven_players_split_where_their_names_show_whole():
    """CLUE: IT's seven players at 800×480 were split 4 then 3 in seat order (names21):
    "M1 | Marco | Tom | Leo" over "Ada | Bo | Cy", and "Giulia | Tom | Mar | Leo". The split
    comes from the widths: 3 then 4 holds every name whole. Widths: the name at 20 px bold
    (Roboto, measured in the client, + 4) and the cards and padding (43); rows 376 px."""
    from ui.boards.names import short_marks, split_rows, whole_names

    names = {"Martina": 74, "Marco": 60, "Tommaso": 90, "Leonardo": 87, "Ada": 39, "Bo": 28, "Cy": 28,
             "Giulia": 55, "Mart": 47, "Marc": 49, "Tom": 41, "Leo": 37, "Giu": 34, "Mar": 41}
    for seats in (["Martina", "Marco", "Tommaso", "Leonardo", "Ada", "Bo", "Cy"],
                  ["Giulia", "Tommaso", "Martina", "Leonardo", "Ada", "Bo", "Cy"]):
        marks = short_marks(seats, longest=3)
        whole = [names[p] + 43 for p in seats]
        short = [names[marks[p]] + 43 for p in seats]
        first = split_rows(whole, short, 376, 2)
        assert first == 3
        assert whole_names(whole[:first], short[:first], 376 - 4) == [True] * 3
        assert whole_names(whole[first:], short[first:], 376 - 6) == [True] * 4
    # the marks of names that share three letters: one letter more, not "M1", "M2"
    assert short_marks(["Martina", "Marco", "Ada"], longest=3) == {"Martina": "Mart", "Marco": "Marc", "Ada": "Ada"}
    # a row too narrow for any split: the fewest pixels cut, the odd panel on top on a tie
    assert split_rows([100] * 7, [50] * 7, 10) == 4
    assert split_rows([10] * 6, [10] * 6, 100) == 3


def test_a_stand_in_kid_is_cut_keeping_its_word_and_number():
    """CLUE: IT's "Personaggio 3" beside its pawn in a player's panel was a bare "3"
    (screen21): it is cut keeping four letters or more and its number first."""
    from ui.boards.clue_it import kid_cuts

    cuts = kid_cuts("Personaggio 3")
    assert cuts[0] == "Personaggi. 3" and cuts[-1] == "Pers. 3" and len(cuts) == 7
    assert kid_cuts("Kid 3") == kid_cuts("Mike") == kid_cuts("Mike Hanlon") == []


def test_a_dark_player_colour_is_lightened_for_text_on_the_tiles():
    from ui import theme

    blue = theme.player_colour("Bo", {"Bo": "blue"})  # the printed blue hunter, #0072B2
    assert round(theme.luminance(blue), 3) == 0.152  # 3.4:1 on a room tile: hard to read from 1 m
    lighter = theme.on_dark(blue)
    assert theme.luminance(lighter) >= theme.TEXT_ON_DARK and lighter[2] > lighter[0]  # still blue
    yellow = theme.player_colour("Ada", {"Ada": "yellow"})
    assert theme.on_dark(yellow) == yellow  # light enough already



def test_board_pieces_are_drawn_shapes_with_figures_never_codes():
    """Issue 29 item 4: CLUE: IT's Kid movers are pawns with their names and its Items are
    icons (the cell read "K3 K4 I2 I3"); House of Spirits' skulls, roll modifier, attack and
    defence, Children's counts and Kitty are drawn pieces beside their figures."""
    from ui.boards.children import player_pieces
    from ui.boards.clue_it import pieces_at, status_pieces
    from ui.boards.house_of_spirits import monster_pieces, room_pieces

    view = {"kids": {"Ada": "Mike Hanlon", "Bo": None}, "players": ["Ada", "Bo"],
            "movers": {"Mike Hanlon": "centre", "Kid 3": "centre", "Kid 4": "library"},
            "items": {"Jack-in-the-Box": "centre", "Item 2": "library", "Item 3": "centre"}}
    stand_ins = {"Kid 3": "3", "Kid 4": "4", "Item 2": "2", "Item 3": "3"}
    pieces = pieces_at(view, "centre", {"Ada": "sky_blue"}, stand_ins)
    assert [(p["kind"], p["name"], p.get("index")) for p in pieces] == [
        ("pawn", "Mike", None), ("pawn", "Kid 3", None), ("item", "Jack", 0), ("item", "Item 3", 2)]
    assert pieces[0]["colour"] != pieces[1]["colour"]  # played in Ada's colour; a pale blue
    italian = {**view, "movers": {"Personaggio 3": "centre"}, "items": {}}  # the daemon words it in Italian
    assert pieces_at(italian, "centre", {}, {"Personaggio 3": "3"})[0]["name"] == "Personaggio 3"
    assert status_pieces({"balloons": 3, "intrigue": {"left": 12}, "last_roll": ["?", "5"]}) == [
        ("balloon", "3/8"), ("card", "12"), ("die", "Last roll: ? and 5")]  # a bare "? 5" said nothing
    assert room_pieces({"name": "Library", "skulls": 2, "modifier": 1}) == [("skull", "2"), ("die", "±1")]
    assert monster_pieces({"attack": 3, "defence": 2}) == [("sword", "3"), ("shield", "2")]
    assert player_pieces({"cards": 4, "skulls": 1, "trapped": ["Rosie"], "kitty_card": True}) == [
        ("card", "4"), ("skull", "1"), ("calm_ghost", "1"), ("cat", "")]


def test_a_place_name_is_cut_to_its_lines_keeping_its_number():
    """A name that does not fit its cell at the boards' floor is cut (whole words first,
    a stand-in keeps its number) rather than drawn smaller."""
    from ui.boards.fit import fit_lines

    def measure(word: str) -> float:  # 10 px a character
        return 10 * len(word)

    assert fit_lines("Kitchen", 85, 1, measure) == "Kitchen"
    assert fit_lines("Derry Back Alley", 110, 2, measure) == "Derry Back Alley"  # the label wraps it
    assert fit_lines("Derry Back Alley", 85, 2, measure) == "Derry\nBack…"
    assert fit_lines("Biblioteca Pubblica di Derry", 85, 2, measure) == "Bibliot.\nPubblic…"
    assert fit_lines("Location 5", 85, 1, measure) == "Locat. 5"
    assert fit_lines("Location 5", 85, 2, measure) == "Location 5"


def test_a_word_too_wide_breaks_at_a_syllable():
    """newcomer20, finding 13: House of Spirits' "Specchio Rotto" read "Specc-" / "hio" at 800×480.
    A hyphen goes at the widest syllable break that fits: between a double consonant
    ("Spec-chio", "Bot-ti-glia"), never inside a pair said as one (ch, gl, sh); English too."""
    from ui.boards.fit import _hyphen_parts, hyphenated

    def measure(word: str) -> float:  # 10 px a character
        return 10 * len(word)

    assert _hyphen_parts("Specchio", 60, measure) == ["Spec-", "chio"]  # "Specc-" fits, and is wrong
    assert hyphenated(["Specchio", "Rotto"], 60, 3, measure) == "Spec-\nchio\nRotto"
    assert _hyphen_parts("Bottiglia", 60, measure) == ["Botti-", "glia"]  # never "Bottig-" / "lia"
    assert _hyphen_parts("Bottiglia", 40, measure)[0] == "Bot-"
    assert _hyphen_parts("Orsacchiotto", 60, measure)[:2] == ["Orsac-", "chi-"]  # never "chio-" / "tto"
    assert _hyphen_parts("Flashlight", 60, measure) == ["Flash-", "light"]
    assert _hyphen_parts("Lanterna", 50, measure) == ["Lan-", "terna"]
    assert _hyphen_parts("Specchio", 30, measure) == []  # three letters a part at least


def test_a_clue_it_location_shows_its_short_name_from_the_games_own_list():
    """Issue 29: at 800×480 CLUE: IT's location names were cut ("Vicolo…", "Biblioteca
    Pubblic.", "Sinagog."). A place shows its whole name where it fits, else its short name
    (the words other places share, or that only link, left out at the ends), else the word
    it is known by; a numbered stand-in keeps its number."""
    from ui.boards.fit import candidates
    from ui.boards.names import short_places

    italian = ["Vicolo di Derry", "Casa di Neibolt Street", "Sinagoga", "Biblioteca Pubblica di Derry", "Luogo 5"]
    assert short_places(italian) == {
        "Vicolo di Derry": "Vicolo", "Casa di Neibolt Street": "Casa di Neibolt Street", "Sinagoga": "Sinagoga",
        "Biblioteca Pubblica di Derry": "Biblioteca Pubblica", "Luogo 5": "Luogo 5"}
    english = ["Derry Back Alley", "House on Neibolt Street", "The Synagogue", "Derry Public Library", "Location 5"]
    assert list(short_places(english).values()) == [
        "Back Alley", "House on Neibolt Street", "Synagogue", "Public Library", "Location 5"]
    assert candidates("Derry Public Library", "Public Library") == ["Derry Public Library", "Public Library", "Library"]
    assert candidates("Casa di Neibolt Street", "Casa di Neibolt Street") == ["Casa di Neibolt Street", "Neibolt"]
    assert candidates("Location 5", "Location 5") == ["Location 5"]  # cut to "Loc. 5", never "Location"
    assert candidates("Master Bedroom", "") == ["Master Bedroom"]  # no short list: cut as before


def test_clue_it_pieces_carry_a_mark_and_the_ask_line_only_the_answers():
    """Issue 29: the pawns and item icons (10-16 px) read as colours, not which Kid; each
    piece now has a mark beside it where its name does not fit ("M", "3"). The line under
    the board repeated the todo line's question: it keeps the answer order only."""
    from ui.boards.clue_it import answers_text, initial, kid_name, pieces_at
    from ui.boards.fit import plain
    from ui.text import english

    stand_ins = {"Kid 3": "3", "Personaggio 5": "5", "Oggetto 2": "2", "Item 4": "4", "Item 2": "2"}
    assert [initial(n, stand_ins) for n in ("Mike", "Kid 3", "Personaggio 5", "Jack", "Oggetto 2")] \
        == ["M", "3", "5", "J", "2"]
    # under a piece: the first name or the whole stand-in name, never a code ("K3")
    assert [kid_name(n, stand_ins) for n in ("Mike Hanlon", "Jack-in-the-Box", "Kid 3", "Item 4")] \
        == ["Mike", "Jack", "Kid 3", "Item 4"]
    # a name the owner entered is no stand-in, whatever its shape (issue 27 item 3)
    assert kid_name("Stanley 2", stand_ins) == "Stanley" and initial("Stanley 2", stand_ins) == "S"
    view = {"kids": {"Ada": "Mike Hanlon"}, "movers": {"Mike Hanlon": "centre", "Kid 3": "centre"},
            "items": {"Item 2": "centre"}, "players": ["Ada", "Bo"]}
    assert [p["mark"] for p in pieces_at(view, "centre", {"Ada": "sky_blue"}, stand_ins)] == ["M", "3", "2"]
    asked = {"question": {"asker": "Cy", "kid": "Kid 5", "item": "Item 2", "location": "Derry Back Alley"},
             "answer_order": ["Bo", "Ada"], "answering": "Ada", "answers": [{"player": "Bo", "showed": False}]}
    assert plain(answers_text(asked, english, {})) == "Answers to Cy: Bo: no card › Ada answers now"
    assert answers_text({**asked, "question": None}, english, {}) == ""


def test_a_clue_it_place_card_names_its_pawns_items_and_passage_and_nothing_hidden():
    """Issue 29: the item icons had no legend and the Centre's crowd no names. A place's card
    names each Kid mover (whole name and its player), each Item beside its own icon and a
    corner's Secret Passage, from the public view only: a hand or the envelope in the view
    would not show."""
    from ui.boards.clue_it_legend import legend_rows
    from ui.i18n import Translator

    view = {"kids": {"Ada": "Mike Hanlon", "Bo": None}, "players": ["Ada", "Bo"],
            "movers": {"Mike Hanlon": "Location 5", "Kid 3": "Location 5", "Kid 4": "centre"},
            "items": {"Jack-in-the-Box": "centre", "Item 2": "Location 5"},
            "places": {"passages": {"Location 5": "Location 7"}},
            "solution": None, "hand": ["Kid 4"], "envelope": "companion"}
    tr = Translator()
    rows = legend_rows(view, "Location 5", {"Ada": "sky_blue"}, tr._)
    assert [(r["kind"], r["words"], r["column"]) for r in rows] == [
        ("pawn", "Mike Hanlon · Ada", 0), ("pawn", "Kid 3", 0), ("item", "Item 2", 1),
        ("passage", "Secret passage to Location 7", 1)]
    assert rows[2]["index"] == 1  # the second Item card's icon, as on the board
    tr.switch("it")  # the daemon words the view in Italian; the card's own words are the screen's
    italian = {**view, "movers": {"Mike Hanlon": "Luogo 5", "Personaggio 3": "Luogo 5", "Personaggio 4": "centre"},
               "items": {"Scatola a sorpresa": "centre", "Oggetto 2": "Luogo 5"},
               "places": {"passages": {"Luogo 5": "Luogo 7"}}}
    tr.articles = {"Luogo 5": "il", "Luogo 7": "il"}  # the state's (issue 29: it said "verso Luogo 7")
    assert [r["words"] for r in legend_rows(italian, "Luogo 5", {}, tr._)] == [
        "Mike Hanlon · Ada", "Personaggio 3", "Oggetto 2", "Passaggio segreto verso il Luogo 7"]
    assert [r["words"] for r in legend_rows(italian, "centre", {}, tr._)] == ["Personaggio 4", "Scatola a sorpresa"]
    assert legend_rows(view, "Location 9", {}, tr._) == []  # nothing to name: no card


def test_pieces_in_a_narrow_row_overlap_rather_than_shrink_under_the_floor():
    """Issue 29: Creepy Cellar's pawns shrank to 14 px to fit half a tile; they now overlap
    like a fanned hand at the floor (20 px), at least 45% of each showing."""
    from ui.widgets.pieces import fan, flow

    assert fan(2, 22, 20, 100) == (22, 22 * 1.2)  # room: the size wanted, with a gap
    assert fan(3, 20, 20, 45) == (20, 12.5)  # overlapping, each 20 px
    size, step = fan(4, 20, 20, 40)  # even overlapping does not fit: smaller, 45% showing
    assert round(size, 1) == 17.0 and round(step / size, 2) == 0.45
    assert flow([("a", 50), ("b", 50), ("c", 30)], 100) == [[("a", 50), ("b", 50)], [("c", 30)]]


def test_a_house_of_spirits_stand_in_or_character_too_long_for_its_panel_has_a_short_name():
    """Issue 29: four players' panels read "Personag. 4", "Kraig…" and the cards in play
    "Ogget. 13", "Monst. 10", then codes ("#4", "#10"): a stand-in's number is drawn beside
    its icon (a pawn, a card: :class:`ui.boards.fit.PlaceName`), a character keeps its first
    name; any other name has none (whole, or cut as before)."""
    from ui.boards.fit import candidates
    from ui.boards.house_of_spirits import character_short, player_lines
    from ui.boards.names import stand_in_number

    stand_ins = {"Oggetto 13": "13", "Monster 10": "10", "Personaggio 4": "4", "Carta trama 3": "3"}
    assert [stand_in_number(n, stand_ins) for n in ("Oggetto 13", "Monster 10", "Personaggio 4", "Carta trama 3")] \
        == ["13", "10", "4", "3"]
    assert stand_in_number("Count Dracula", stand_ins) == "" and stand_in_number(None, stand_ins) == ""
    # a stand-in character has no short name: the board draws its pawn and number instead
    assert [character_short(n) for n in ("Kraig Quartzheim", "Rudolph")] == ["Kraig", ""]
    assert candidates("Kraig Quartzheim", "Kraig") == ["Kraig Quartzheim", "Kraig"]
    # no character drawn yet: the line is empty ("No character yet" was cut to "No…")
    assert player_lines("Ada", {"hand_size": 2}, {}, lambda text, **_: text)["character"] == ""


def test_a_long_path_breaks_after_its_slashes_and_stays_the_same_path():
    """Settings' About: the labels wrap at spaces only, and a long socket path ran out of
    the card in portrait (issue 29): it breaks after a "/" where a line would pass 32
    characters; a short path stays whole."""
    long = "/tmp/pytest-of-root/pytest-41/test_the_screens_off_the_table0/companion.sock"
    assert text.path_lines(long) == "/tmp/pytest-of-root/pytest-41/\ntest_the_screens_off_the_table0/\ncompanion.sock"
    for path in (long, "/run/companion.sock", ":memory:", "", "a/b"):
        assert text.path_lines(path).replace("\n", "") == path
    assert text.path_lines("/run/companion.sock") == "/run/companion.sock"


def test_at_game_over_the_column_keeps_one_gap():
    """screen16: the game-over panel's room counted the four gaps of the prompt's column, the
    hidden prompt's, step's and out-of-turn row's too (32 px at scale 1): Creepy Cellar's game
    over at 1024×600 showed no moment under the result. At game over only the panel's own."""
    from ui.layout import COLUMN_GAP, column_gaps

    assert column_gaps(False) == column_gaps(True) == 4 * COLUMN_GAP  # in play, as before
    assert column_gaps(False, over=True) == column_gaps(True, over=True) == COLUMN_GAP


def test_the_main_button_asks_first_while_set_up_steps_are_left():
    """newcomer19 finding 5: "Roll the die" touched at set-up step 3 of 10 dropped steps 4-10
    for good, without a word (the next input starts the next state's steps; History keeps the
    old). While set-up steps of the checklist are left, a touch on a choice asks first; for
    the game's steps (a step left after a roll) it does not, nor once every step is ticked."""
    lines = [{"kind": "setup", "text": f"Step {n}"} for n in range(1, 11)]
    said = text.setup_question(lines, 2, "Roll the die", lambda words: words)
    assert said == "Set-up is not finished: 8 of its 10 steps are not ticked. Roll the die anyway? History keeps them."
    flips = [{"kind": "flip", "text": "Flip 2 more Ghost cards, then shuffle."}, {"kind": "lock", "text": "Lock"}]
    assert text.setup_question(flips, 0, "End turn", lambda words: words) == ""
    assert text.setup_question(lines, 10, "Roll the die", lambda words: words) == ""
    assert text.setup_question([], 0, "Roll the die", lambda words: words) == ""


def test_the_readme_says_which_lists_page_and_which_scrolls():
    """newcomer19 finding 13: the Cards panel scrolled (a scroll bar) where the README said
    pick lists are "paged rather than scrolled". The prompt's pick lists page (ui.widgets.choices
    has no scroll view); the Cards panel, a laptop's (virtual readers), scrolls its cards,
    and the README says so, and where its button is (under the board, not at the top)."""
    readme = " ".join((Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8").split())
    source = Path(__file__).resolve().parents[2] / "ui" / "widgets"
    assert "ScrollView" not in (source / "choices.py").read_text(encoding="utf-8")
    assert "ScrollView(" in (source / "cards_panel.py").read_text(encoding="utf-8")
    assert "is equal buttons, paged rather than scrolled" in readme
    assert "touch **Cards** under the board" in readme
    assert "its list scrolls" in readme


def test_a_word_too_wide_for_its_line_breaks_with_a_hyphen_where_the_lines_hold_it_whole():
    """newcomer19 finding 6: House of Spirits' cards read "Ancie. Tome" and "Flashli.": a word
    wider than its card's line was cut with a full stop, though the card held another line. A
    word that fits two or more lines of its own breaks with a hyphen (at least three letters a
    part; its last part never shares a line with the next word), the whole name kept; the cut
    stays the last resort where the lines do not hold it."""
    from ui.boards.fit import fit_lines

    def measure(word: str) -> float:  # 10 px a character
        return 10 * len(word)

    assert fit_lines("Flashlight", 70, 3, measure) == "Flash-\nlight"  # at a syllable (newcomer20), not "Flashl-"
    assert fit_lines("Flashlight", 60, 2, measure) == "Flash-\nlight"
    assert fit_lines("Ancient Tome", 50, 3, measure) == "Anci-\nent\nTome"
    assert fit_lines("Ancient Tome", 50, 2, measure) == "Anci. Tome"  # two lines do not hold it: cut
    assert fit_lines("Flashlight", 60, 1, measure) == "Flash."
    assert fit_lines("Billiards Room", 80, 2, measure) == "Billiar. Room"  # never "Billia-" / "rds Room"
