"""A stand-in name never shows a code or "(placeholder)" (issue 29 item 9), on the real table
screen (Xvfb) at 800×480, 1024×600 and 720×1280, in English and Italian.

Every game's board with the cards' stand-in data (the content files as they come: "Tablet
2-4", "Kid 3", "Monster 10", "Character 4"), from a bundled script (:data:`PHASES`), and the
tightest tables (four players with long names, stand-in Kids and characters, a row of
stand-in cards in play). Where a stand-in's whole name does not fit, the board draws its
icon (a room tablet, a pawn, a card) and its number: it showed "#2-4", "#3", "#10". One
client window for every shot (``stand_in_scenario.py``, about 15 s); screenshots in
``tests/artifacts/stand_ins/``.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from test_table_screen import ARTIFACTS

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ARTIFACTS / "stand_ins"
SIZES = ((800, 480), (1024, 600), (720, 1280))

SCRIPTS = {
    "children": "children/ghosts_win.jsonl",
    "clue_it": "clue_it/solved.jsonl",
    "house_of_spirits": "house_of_spirits/eighteen_points.jsonl",
    "creepy_cellar": "creepy_cellar/nightmare-won.jsonl",
    "ghost_at_home": "ghost_at_home/three_players.jsonl",
}

#: A code in place of a name ("#3", "#2-4") or the content files' mark.
CODE = re.compile(r"#\d|\((?:placeholder|segnaposto)\)", re.IGNORECASE)

#: A stand-in name as the boards show it ("Tablet 2-4", "Personaggio 3", "Mostro 10").
STAND_IN = re.compile(r"^\S+ \d+(?:-\d+)?$")

#: The games whose boards name cards (the others draw rooms by letter, houses by floor).
NAMED = ("children", "clue_it", "house_of_spirits")

#: Where in its script each game is shown: Children at its end (a room on every column of
#: the mansion, six of them stand-in tablets), the others halfway (cards in play).
PHASES = {"children": "over", "clue_it": "mid", "house_of_spirits": "mid", "creepy_cellar": "mid",
          "ghost_at_home": "mid"}

LONG_NAMES = ("Giulia", "Tommaso", "Margherita", "Leonardo")


def _messages(game: str) -> dict[str, dict]:
    """Language -> the state message at :data:`PHASES`' point of the game's script."""
    from companion import script
    from companion.protocol import state_message
    from companion.session import Session

    table = script.load(ROOT / "tests" / "scripts" / SCRIPTS[game])
    session = Session.start(table.header)
    end = len(table.lines) if PHASES[game] == "over" else len(table.lines) // 2
    for line in table.lines[:end]:
        session.handle(line.input, line.number)
    return {lang: {**state_message(session, [], (), lang), "language": lang, "readers": {}, "revision": 1}
            for lang in ("en", "it")}


def _full(message: dict) -> dict:
    """``message`` at its tightest: four players (long names added as copies of the first
    player's record), each CLUE: IT player a stand-in Kid, House of Spirits' cards in play
    four stand-ins; the players of Children standing in its stand-in rooms."""
    full = json.loads(json.dumps(message))
    view, game = full["view"], message["game"]
    players = view["players"]
    for name in LONG_NAMES[:4 - len(players)]:
        if isinstance(players, dict):
            players[name] = dict(next(iter(players.values())))
        else:
            players.append(name)
    if game == "clue_it":
        kids = [kid for kid in view["movers"] if kid.split()[-1].isdigit()]
        view["kids"] = dict(zip(players, kids))
        view["intrigue_held"] = {name: 1 for name in players}
    elif game == "house_of_spirits":
        named = {"en": ("Monster", "Item", "Event"), "it": ("Mostro", "Oggetto", "Evento")}[full["language"]]
        view["in_play"] = [{"id": f"monster-{n}", "name": f"{named[0]} {n}", "kind": "monster", "health": 2,
                            "max_health": 3, "attack": 3, "defence": 2, "stand_in_numbers": True} for n in (10, 11)]
        view["in_play"] += [{"id": "item-16", "name": f"{named[1]} 16", "kind": "item"},
                            {"id": "event-3", "name": f"{named[2]} 3", "kind": "event"}]
        # the stand-ins the state lists with their numbers, as the daemon does (issue 27 item 3)
        full["stand_ins"].update({card["name"]: card["id"].split("-")[-1] for card in view["in_play"]})
    elif game == "children":
        rooms = [name for row in view["mansion"].values() for name in row or [] if name and name[-1].isdigit()]
        for i, name in enumerate(players):
            players[name]["room"] = rooms[i % len(rooms)]
        for name, room in view["rooms"].items():
            room["players"] = [p for p, record in players.items() if record["room"] == name]
    full["revision"] = 9
    return full


@pytest.fixture(scope="module")
def shots() -> list[dict]:
    out = []
    for game in SCRIPTS:
        for lang, message in _messages(game).items():
            out.append({"name": f"{game}-{PHASES[game]}-{lang}", "message": message})
            if game in NAMED:
                out.append({"name": f"{game}-full-{lang}", "message": _full(message)})
    return out


@pytest.fixture(scope="module")
def report(display, kivy_home, tmp_path_factory, shots) -> dict:
    from conftest import file_scenario

    tmp = tmp_path_factory.mktemp("stand_ins")
    sizes = [{"size": list(size), "shots": [{**shot, "name": f"{shot['name']}-{size[0]}x{size[1]}"}
                                             for shot in shots]} for size in SIZES]
    found = file_scenario("stand-ins", "STAND_IN_MESSAGES", sizes, display, kivy_home, SHOTS, tmp, timeout=240)
    SHOTS.mkdir(parents=True, exist_ok=True)
    (SHOTS / "report.json").write_text(json.dumps(found["sizes"], indent=1, ensure_ascii=False), encoding="utf-8")
    return found["sizes"]


@pytest.mark.ui
@pytest.mark.timeout(300)
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_no_stand_in_shows_a_code(report, size):
    """No visible text holds "#3" or "(placeholder)"; a stand-in's name is whole, or its
    icon and number are drawn (never cut: "Tess. 2-4")."""
    part = report[f"{size[0]}x{size[1]}"]
    assert part["labels"], part
    codes = {name: found for name, texts in part["labels"].items()
             if (found := [text for text in texts if CODE.search(text)])}
    assert codes == {}
    cut = {name: found for name, lines in part["cut"].items()
           if (found := [line for line in lines if STAND_IN.match(line.split(" shown as ")[0].strip("'"))])}
    assert cut == {}
    # the tightest tables do not hold every whole name: icons and numbers drawn there
    assert any(numbers for name, numbers in part["numbered"].items() if "-full-" in name)
    # screen20b: a stand-in monster's figures, marked "3?" "2?" (words19), stay in their card
    # (four cards in the top row at 800×480: "'2?' drawn 16 px out of its count")
    assert {name: found for name, found in part["spilled"].items() if found} == {}
