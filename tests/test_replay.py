"""``companion replay``: scripts through the real daemon on simulated hardware (issue 2)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion import script
from companion.cli import main
from companion.cli.replay import bundled_demo
from companion.demo import build
from companion.inputs import Touch
from companion.replay import ReplayFailed, replay
from companion.store import EventStore

SCRIPTS = Path(__file__).parent / "scripts"

HEADER = {"script": 1, "game": "creepy_cellar", "players": ["Ada", "Bo"], "seed": 7}


def _script(*lines, **header) -> script.TableScript:
    rows = [json.dumps({**HEADER, **header})] + [json.dumps(line) for line in lines]
    return script.parse("\n".join(rows))


def test_bundled_demo_is_what_the_builder_makes():
    assert (script.dump(bundled_demo().header, [(line.at, line.input, line.expect) for line in bundled_demo().lines])
            == build())


def test_demo_is_a_whole_game_of_at_least_20_turns():
    result = replay(bundled_demo())
    view = result.state["view"]
    assert view["outcome"] == "won"
    assert view["mode"] == "nightmare"
    assert view["treasures_left"] == 0 and len(view["cellar"]) == 12
    assert {h["at"] for h in view["hunters"].values()} == {"outside"}
    assert view["turn_number"] >= 20
    assert result.state["prompt"]["over"] is True
    assert result.state["prompt"]["summary"] == "The hunters won!"  # Game.summary, for the game-over panel
    assert result.refused == [(19, "Unknown tag 04DEADBEEF0042 on reader table: it is not enrolled. To enroll it, "
                                   "open Settings, Enroll tags on the table screen, or run companion tags enroll "
                                   "04DEADBEEF0042 COMPONENT.")]


def test_physical_deck_game_through_fake_reader():
    """Taps on the fake reader go through the real runner; King chain C -> D (rulebook "Ghost King card")."""
    result = replay(script.load(SCRIPTS / "physical_deck.jsonl"))
    view = result.state["view"]
    assert (view["rooms"]["C"]["ghosts"], view["rooms"]["C"]["hauntings"]) == (0, 1)
    assert view["ghost_king"] == "D"
    assert view["hauntings"] == 1
    assert view["die"] == 3
    assert view["turn"] == "Bo"
    assert view["decks"]["ghost"] == {"left": 22, "discarded": 3}
    assert view["decks"]["king"] == {"left": 12, "discarded": 2}
    assert result.refused == [(7, "No Ghost card is due now: one is flipped after a roll of 1 to 5. "
                                  "Bo's yellow hunter (outside): move up to 6, then End turn.")]
    assert "Trap door! Bo: move the green hunter to room E now." in result.state["log"]  # Bo's second hunter


def test_hold_of_the_dice_button_undoes():
    result = replay(_script({"at": 0, "button": "dice"}, {"at": 1, "button": "dice", "hold": 2.0},
                            stack={"movement_die": [6]}))
    assert result.state["view"]["die"] is None
    assert result.state["prompt"]["text"] == "Ada: press the dice button"


def test_forced_card_not_in_deck_stops_naming_the_line():
    bad = _script({"at": 0, "button": "dice"}, {"at": 1, "touch": "end-turn"}, {"at": 2, "button": "dice"},
                  stack={"movement_die": [1, 1], "ghost": ["room-A", "room-A"]})
    with pytest.raises(ReplayFailed) as caught:
        replay(bad)
    assert caught.value.line == 4
    assert "stack 'ghost' item 2 ('room-A') is not possible now" in str(caught.value)


def test_cli_json_has_the_required_keys(tmp_path, capsys):
    path = tmp_path / "s.jsonl"
    path.write_text("\n".join([json.dumps({**HEADER, "stack": {"movement_die": [4], "ghost": ["room-C"]}}),
                               json.dumps({"at": 0, "button": "dice"})]))
    assert main(["replay", str(path), "--json"]) == 0
    state = json.loads(capsys.readouterr().out)
    assert {"game", "players", "turn", "die", "hauntings", "rooms", "ghost_king", "locked", "outcome",
            "mode", "hunters", "cellar", "passages", "treasures_left"} <= set(state)
    assert state["mode"] == "nightmare" and state["cellar"] == [] and state["treasures_left"] == 12
    # 2 players move two hunters each (notes.md 1.5 "Setup"): Ada red and blue, Bo yellow and green
    assert state["hunters"] == {f"{name} ({colour})": {"at": "outside", "carrying": None, "power": None,
                                                       "jinxed": None, "player": name, "colour": colour}
                                for name, colour in (("Ada", "red"), ("Bo", "yellow"), ("Ada", "blue"),
                                                     ("Bo", "green"))}
    assert state["active_hunter"] == "Ada (red)"
    assert state["passages"] == ["A", "F", "G", "K"]
    assert state["die"] == 4 and state["turn"] == "Ada"
    assert (state["rooms"]["C"]["ghosts"], state["rooms"]["C"]["hauntings"]) == (2, 0)
    assert list(state["rooms"]) == list("ABCDEFGHIJKLMN")


def test_replay_with_db_resumes_after_last_recorded_line(tmp_path):
    demo = bundled_demo()
    db = tmp_path / "g.sqlite3"
    partial = script.TableScript(demo.header, demo.lines[:30])
    replay(partial, db=db)
    resumed = replay(demo, db=db)
    assert resumed.resumed_after == 31
    assert resumed.fed == len(demo.lines) - 30
    assert resumed.state["view"] == replay(demo).state["view"]
    store = EventStore(db)
    assert len(store.games()) == 1 and store.games()[0].outcome == "won"


def test_unknown_button_is_explained():
    result = replay(_script({"at": 0, "button": "skull"}))
    assert result.refused == [(2, "The skull button does nothing now. Ada: press the dice button.")]


def test_tapping_the_same_tag_again_is_a_new_tap():
    """A second tap of a tag still lying on the reader was silently lost (float rounding of
    the removal delay in the simulated table; second newcomer report)."""
    tags = {"04A00000000002": "creepy_cellar:ghost:room-A"}
    result = replay(_script({"at": 0, "tap": "04A00000000002"}, {"at": 1, "tap": "04A00000000002"},
                            {"at": 2, "tap": "04A00000000002"}, tags=tags,
                            options={"ghost_deck": "physical"}))
    assert [line for line, _ in result.refused] == [2, 3, 4]


PHYSICAL = {"options": {"ghost_deck": "physical"}, "stack": {"movement_die": [2]}}


def test_a_programmed_card_needs_no_enrollment():
    """Issue 3: a tag carrying its component id in an NDEF text record is read through the
    fake reader's memory by the real runner and NTAG code, and draws that card."""
    result = replay(_script({"at": 0, "button": "dice"},
                            {"at": 1, "tap": "04A0000000000C", "ndef": "creepy_cellar:ghost:room-C"},
                            **PHYSICAL))
    assert result.refused == []
    assert result.state["view"]["rooms"]["C"]["ghosts"] == 2  # C starts with one ghost
    assert result.state["view"]["decks"]["ghost"] == {"left": 24, "discarded": 1}


def test_an_enrollment_wins_over_the_card_text():
    result = replay(_script({"at": 0, "button": "dice"},
                            {"at": 1, "tap": "04A0000000000C", "ndef": "creepy_cellar:ghost:room-C"},
                            tags={"04A0000000000C": "creepy_cellar:ghost:room-E"}, **PHYSICAL))
    assert result.state["view"]["rooms"]["E"]["ghosts"] == 1
    assert result.state["view"]["rooms"]["C"]["ghosts"] == 1


@pytest.mark.parametrize("line, reason", [
    ({"ndef": "Hello, world"}, "its text record 'Hello, world' names no component of any game."),
    ({"ndef": "x:y:z"}, "its text record 'x:y:z' names no component of any game."),
    ({"ndef": "creepy_cellar:ghost:room-Z"}, "its text record 'creepy_cellar:ghost:room-Z' names no component"),
    ({"ndef": "CREEPY_CELLAR:GHOST:ROOM-H"}, "its text record 'CREEPY_CELLAR:GHOST:ROOM-H' names no component"),
    ({"ndef_problem": "cut"}, "its NDEF message is unusable (malformed NDEF message: "),
])
def test_a_tag_whose_text_is_no_component_is_refused_and_changes_nothing(line, reason):
    result = replay(_script({"at": 0, "button": "dice"}, {"at": 1, "tap": "04A0000000000C", **line},
                            **PHYSICAL))
    (number, text), = result.refused
    assert number == 3
    assert text.startswith("Unknown tag 04A0000000000C on reader table: it is not enrolled, and " + reason)
    assert result.state["view"]["decks"]["ghost"] == {"left": 25, "discarded": 0}


def test_a_programmed_card_of_another_game_is_refused():
    result = replay(_script({"at": 0, "button": "dice"},
                            {"at": 1, "tap": "04A0000000000C", "ndef": "clue_it:kid:mike-hanlon"}, **PHYSICAL))
    assert result.refused == [(3, "That is a kid Rumor card, from CLUE: IT; "
                                  "this table plays Ghost Fightin' Treasure Hunters: Creepy Cellar.")]


def _edited(demo, number, new_input):
    """``demo`` with line ``number``'s input replaced (parsed from its script record)."""
    from companion import inputs

    return script.TableScript(demo.header, tuple(
        line if line.number != number else script.ScriptLine(line.number, line.at, inputs.from_json(new_input))
        for line in demo.lines))


def test_resuming_from_a_script_edited_since_is_refused_naming_the_line(tmp_path):
    """``replay --db`` resumes after the last recorded line only if the lines already
    played are still the inputs the store recorded; an edit there would make the resumed
    game neither the recorded one nor the edited script's."""
    demo = bundled_demo()
    db = tmp_path / "g.sqlite3"
    replay(script.TableScript(demo.header, demo.lines[:30]), db=db)
    target = [line for line in demo.lines[:30] if isinstance(line.input, Touch) and line.input.key != "undo"][-1]
    with pytest.raises(ReplayFailed) as caught:
        replay(_edited(demo, target.number, {"touch": "no-such-key"}), db=db)
    assert caught.value.line == target.number
    assert "the script was edited after its game was recorded in" in str(caught.value)
    assert "touch 'no-such-key'" in str(caught.value)
    store = EventStore(db)  # nothing was fed: the game is as it was
    assert max(e.body.get("line") or 0 for e in store.events(store.games()[0].id)) <= 31
    store.close()
    # a shortened script is an edit too; the untouched script still resumes
    with pytest.raises(ReplayFailed, match="this line is now no input"):
        replay(script.TableScript(demo.header, demo.lines[:5]), db=db)
    assert replay(demo, db=db).resumed_after == 31


def test_the_cli_refuses_an_edited_script_with_exit_2(tmp_path, capsys):
    demo_text = (Path(__file__).parents[1] / "companion" / "data" / "demo.jsonl").read_text(encoding="utf-8")
    rows = demo_text.splitlines()
    path, db = tmp_path / "s.jsonl", tmp_path / "g.sqlite3"
    path.write_text("\n".join(rows[:12]) + "\n", encoding="utf-8")
    assert main(["replay", str(path), "--db", str(db)]) == 0
    first = json.loads(rows[1])
    rows[1] = json.dumps({**{k: v for k, v in first.items() if k == "at"}, "touch": "end-turn"})
    path.write_text("\n".join(rows) + "\n", encoding="utf-8")
    capsys.readouterr()
    assert main(["replay", str(path), "--db", str(db)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("companion: the table script cannot go on: line 2: the script was edited")


def test_unused_stack_outcomes_are_reported_as_a_warning(tmp_path, capsys):
    result = replay(_script({"at": 0, "button": "dice"}, stack={"movement_die": [4, 5, 6], "ghost": ["room-C"]}))
    assert result.unused_stack == {"movement_die": [5, 6]}
    path = tmp_path / "s.jsonl"
    path.write_text("\n".join([json.dumps({**HEADER, "stack": {"movement_die": [4, 5, 6], "ghost": ["room-C"]}}),
                               json.dumps({"at": 0, "button": "dice"})]))
    assert main(["replay", str(path)]) == 0
    warning = "companion: warning: the script's stack was not used up (left: movement_die: 5, 6)"
    assert warning in capsys.readouterr().err
    used_up = _script({"at": 0, "button": "dice"}, stack={"movement_die": [4], "ghost": ["room-C"]})
    assert replay(used_up).unused_stack == {}


def test_progress_goes_to_stderr_and_json_alone_to_stdout(tmp_path, capsys):
    path = tmp_path / "s.jsonl"
    path.write_text("\n".join([json.dumps({**HEADER, "stack": {"movement_die": [4], "ghost": ["room-C"]}}),
                               json.dumps({"at": 0, "button": "dice"}), json.dumps({"at": 1, "touch": "end-turn"})]))
    assert main(["replay", str(path), "--json", "--progress"]) == 0
    out, err = capsys.readouterr()
    assert json.loads(out)["turn"] == "Bo"  # stdout is one JSON object, nothing else
    assert [line for line in err.splitlines() if line.startswith("line ")] == ["line 2: accepted", "line 3: accepted"]


def test_a_replay_holding_its_end_still_answers_on_its_socket(tmp_path):
    """The demo's window showed "Connection lost" instead of the game's end: its daemon
    stopped with the last line. ``hold_end`` keeps it serving, so a screen reads the end."""
    import threading

    from companion.client import Client

    sock = tmp_path / "companion.sock"
    fed = threading.Event()
    demo = bundled_demo()
    lines = demo.lines
    held = threading.Thread(target=replay, args=(demo,),
                            kwargs={"socket_path": sock, "hold_end": 3.0,
                                    "on_line": lambda line, _reply: line is lines[-1] and fed.set()})
    held.start()
    try:
        assert fed.wait(60)
        with Client(sock).connect(timeout=5) as client:  # after the last line
            assert client.request({"cmd": "state"})["ok"]
            assert client.state["prompt"]["over"] is True
    finally:
        held.join(30)


def test_the_demo_daemon_serves_the_game_over_until_the_window_is_closed(tmp_path):
    """Issue 31: the demo's window closed the moment the game ended; ``hold_until`` keeps
    the daemon serving the finished game (its summary on the window) until the window is
    closed."""
    import threading

    from companion.client import Client

    sock, closed, result = tmp_path / "demo.sock", threading.Event(), {}
    table = script.load(SCRIPTS / "creepy_cellar" / "basic-won.jsonl")
    driver = threading.Thread(target=lambda: result.update(r=replay(table, socket_path=sock, hold_until=closed)))
    driver.start()
    try:
        over = False
        for _ in range(300):  # the last line played (within 30 s on a loaded machine) ...
            driver.join(0.1)
            if sock.exists():
                with Client(sock).connect() as client:
                    over = bool(client.state["prompt"]["over"])
            if over:
                break
        assert over
        for _ in range(2):  # ... and the window, still open, asks again later: the game over is still there
            driver.join(1.0)
            assert driver.is_alive()
            with Client(sock).connect() as client:
                assert client.state["prompt"]["over"] is True and client.state["view"]["outcome"] == "won"
    finally:
        closed.set()
        driver.join(10.0)
    assert not driver.is_alive() and result["r"].state["view"]["outcome"] == "won"
