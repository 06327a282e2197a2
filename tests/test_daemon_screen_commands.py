"""The read-only commands and messages the touchscreen needs (issue 6): ``games`` (every
game with its options, and the game on the table), ``about``, ``input`` messages before
the rules, the accepted physical input in the state (the undo toast), notices in Italian."""

from __future__ import annotations

from companion.client import Client
from companion.header import GameHeader
from tests.collector import Collector
from tests.daemon_fixture import running_daemon


def _daemon(tmp_path):
    return running_daemon(tmp_path, db=":memory:", reader_roles={"cards": "cards"})


def test_games_lists_every_game_with_its_options_and_the_game_on_the_table(tmp_path):
    with _daemon(tmp_path) as daemon:
        seen = Collector()
        with Client(daemon.socket_path, on_message=seen).connect() as client:
            assert client.request({"cmd": "games"})["ok"]
            empty = seen.wait_for(lambda m: m["type"] == "games")
            daemon.call(lambda: daemon.start_game(GameHeader.from_json(
                {"game": "creepy_cellar", "players": ["Ada", "Bo"], "seed": 3})))
            seen.messages.clear()
            client.request({"cmd": "games"})
            games = seen.wait_for(lambda m: m["type"] == "games")
    assert empty["current"] is None
    ids = [g["id"] for g in games["games"]]
    assert ids == ["creepy_cellar", "house_of_spirits", "clue_it", "ghost_at_home", "children"]
    cellar = games["games"][0]
    mode, deck = cellar["options"][:2]  # the engine's OPTIONS, in order
    assert mode == {"name": "mode", "title": "Mode", "default": "nightmare",
                    "values": ["nightmare", "advanced", "basic"], "labels": ["Nightmare", "Advanced", "Basic"],
                    "help": "Nightmare (12 cursed treasures, passages, jinxed items), Advanced (the 8 numbered "
                            "treasures, dropped off in order) or Basic (8 treasures, a smaller Ghost deck).",
                    "rulebook": "Set Up", "setup": True}
    assert deck == {"name": "ghost_deck", "title": "Ghost deck", "default": "virtual",
                    "values": ["virtual", "physical"], "labels": ["virtual deck", "physical deck"],
                    "help": "Who draws Ghost, Ghost King and Cellar cards: the companion, or the table tapping "
                            "each real card.",
                    "rulebook": "Set Up", "setup": True}
    assert cellar["options"][4]["name"] == "rogue_ghost" and cellar["options"][4]["setup"] is False  # a house rule
    assert "notes" not in cellar["options"][4]["rulebook"] + cellar["options"][4]["help"]  # research stays in refs
    # issue 19: house rule exited_hunters; issue 31: table_dice; issue 33: the engine's first_game, last
    assert len(cellar["options"]) == 22
    assert cellar["options"][-1]["name"] == "first_game" and cellar["options"][-1]["default"] is False
    assert cellar["options"][-2]["name"] == "table_dice"
    current = games["current"]
    assert current["game"] == "creepy_cellar" and current["players"] == ["Ada", "Bo"]
    assert current["inputs"] == 0 and current["over"] is False and current["started"] > 0


def test_about_inputs_and_the_physical_input_of_the_state(tmp_path):
    from companion.daemon.table_hardware import TableHardware

    with _daemon(tmp_path) as daemon:
        seen = Collector()
        with Client(daemon.socket_path, on_message=seen).connect() as client:
            client.request({"cmd": "about"})
            about = seen.wait_for(lambda m: m["type"] == "about")
            table = TableHardware.simulated(daemon.on_presence, daemon.on_dice)
            try:
                table.tap("04DEADBEEF0042")  # no game: the UID may show
                daemon.drain()
                shown = seen.wait_for(lambda m: m["type"] == "input")
                seen.wait_for(lambda m: m["type"] == "notice")
                daemon.call(lambda: daemon.start_game(GameHeader.from_json(
                    {"game": "creepy_cellar", "players": ["Ada", "Bo"], "seed": 3})))
                seen.messages.clear()
                table.tap("04DEADBEEF0042")  # in a game: the tag stays unnamed
                table.press()
                daemon.drain()
            finally:
                table.close()
            pressed = seen.wait_for(lambda m: m["type"] == "state" and m.get("physical"))
            client.request({"cmd": "language", "language": "it"})
            client.undo()
            undone = seen.wait_for(lambda m: m["type"] == "state" and m["language"] == "it"
                                   and any(line.startswith("Annullato") for line in m["log"][-2:]))
    assert about["version"] and about["database"] == ":memory:"
    assert about["reader_roles"] == {"cards": "cards"} and about["languages"] == {"en": "English", "it": "Italiano"}
    assert shown == {"type": "input", "kind": "tap", "reader": "table", "uid": "04DEADBEEF0042"}
    inputs = [m for m in seen.messages if m["type"] == "input"]
    assert inputs[0] == {"type": "input", "kind": "tap", "reader": "table", "uid": None}
    assert inputs[1]["kind"] == "press" and inputs[1]["button"] == "dice"
    assert pressed["physical"] == {"kind": "press", "label": "the dice button", "position": 1}
    assert undone["physical"] is None
