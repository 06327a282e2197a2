"""Table-check corrections through the session, the store and the daemon (issue 6 "Table
check"): a correction is an ordinary recorded input accepted at any moment while the check
lists it; undo reverts it, a resume replays it exactly, a stale one changes nothing; the
``check`` command answers the asker with the lines in the table's language."""

from __future__ import annotations

from pathlib import Path

from companion import script
from companion.client import Client
from companion.header import GameHeader
from companion.inputs import Touch
from companion.replay import replay
from companion.session import Session
from companion.store import EventStore
from tests.collector import Collector
from tests.daemon_fixture import running_daemon

HEADER = {"game": "creepy_cellar", "players": ["Ada", "Bo"], "seed": 7,
          "stack": {"movement_die": [4], "ghost": ["room-E"]}}


def _start(store=None) -> Session:
    return Session.start(GameHeader.from_json(HEADER), store, clock=lambda: 1000.0)


def test_a_correction_is_accepted_when_the_prompt_does_not_list_it():
    session = _start()
    assert session.prompt.choice("fix:ghosts:E:+1") is None  # the prompt is "press the dice button"
    reply = session.handle(Touch("fix:ghosts:E:+1"))
    assert reply.accepted and reply.news == ("Correction: room E now has 1 ghost (was 0).",)
    assert session.view()["rooms"]["E"]["ghosts"] == 1
    assert session.position == 1 and session.prompt.choice("roll") is not None  # the turn waits as before


def test_a_correction_is_in_the_event_log_undo_reverts_it_and_resume_replays_it():
    store = EventStore(":memory:")
    session = _start(store)
    session.handle(Touch("roll"))  # die 4, Ghost card room E: one ghost in E
    assert session.view()["rooms"]["E"]["ghosts"] == 1
    assert session.handle(Touch("fix:ghosts:E:+1")).accepted
    assert session.handle(Touch("fix:hunter:red:hallway")).accepted
    events = store.events(session.game_id)
    assert [e.body.get("action") for e in events] == ["roll", "fix:ghosts:E:+1", "fix:hunter:red:hallway"]
    assert events[1].body["input"] == {"touch": "fix:ghosts:E:+1"} and events[1].body["chances"] == []

    undone = session.handle(Touch("undo"))
    assert undone.news == ("Undone: the correction Ada's red hunter: To the hallway.",)
    assert session.view()["hunters"]["Ada (red)"]["at"] == "outside"
    assert session.view()["rooms"]["E"]["ghosts"] == 2

    resumed = Session.resume(store, store.game(session.game_id), use_snapshot=False)
    assert resumed.state == session.state and resumed.position == session.position == 2
    assert resumed.view()["rooms"]["E"]["ghosts"] == 2
    store.close()


def test_a_stale_correction_is_refused_and_changes_nothing():
    """A check read when E had 1 ghost offered −1; another screen took it already."""
    store = EventStore(":memory:")
    session = _start(store)
    session.handle(Touch("fix:ghosts:C:-1"))
    before, events = session.state, len(store.events(session.game_id))
    reply = session.handle(Touch("fix:ghosts:C:-1"))  # C has 0 ghosts now: no −1 in the check
    assert not reply.accepted
    assert reply.text == ("That correction no longer fits the table check: nothing changed. "
                          "Look at the table check again.")
    assert session.state == before and session.position == 1
    assert len(store.events(session.game_id)) == events
    store.close()


def test_the_check_is_empty_for_a_game_that_is_over():
    won = script.load(Path(__file__).parent / "scripts" / "creepy_cellar" / "basic-won.jsonl")
    session = Session.start(won.header)
    for line in won.lines:  # a whole game, played to its end
        session.handle(line.input, line.number)
    assert session.prompt.over and session.state.outcome == "won"
    assert session.check() == ()
    assert not session.handle(Touch("fix:ghosts:E:+1")).accepted


def test_the_check_command_and_a_correction_through_the_socket(tmp_path):
    with running_daemon(tmp_path, db=":memory:") as daemon:
        seen = Collector()
        with Client(daemon.socket_path, on_message=seen).connect() as client:
            assert client.request({"cmd": "check"})["ok"]
            empty = seen.wait_for(lambda m: m["type"] == "check")
            daemon.call(lambda: daemon.start_game(GameHeader.from_json(HEADER)))
            seen.messages.clear()
            client.request({"cmd": "check"})
            check = seen.wait_for(lambda m: m["type"] == "check")
            seen.messages.clear()
            reply = client.request({"cmd": "choose", "key": "fix:ghosts:E:+1", "revision": check["revision"]})
            state = seen.wait_for(lambda m: m["type"] == "state")
            stale = client.request({"cmd": "choose", "key": "fix:ghosts:E:+1", "revision": check["revision"]})
            client.request({"cmd": "language", "language": "it"})
            seen.messages.clear()
            client.request({"cmd": "check"})
            italian = seen.wait_for(lambda m: m["type"] == "check")
    assert empty == {"type": "check", "game": None, "revision": 0, "lines": []}
    assert check["game"] == "creepy_cellar"
    assert check["lines"][4] == {"label": "Room E", "value": "0 ghosts",
                                 "fixes": [{"key": "fix:ghosts:E:+1", "label": "+1 ghost"},
                                           {"key": "fix:hauntings:E:+1", "label": "+1 haunting"}]}
    assert reply["ok"] is True
    assert state["view"]["rooms"]["E"]["ghosts"] == 1
    assert state["news"] == ["Correction: room E now has 1 ghost (was 0)."]
    assert state["log"][-1] == "Correction: room E now has 1 ghost (was 0)."
    assert stale["ok"] is False and stale["text"].startswith("The game moved on before your touch")
    assert italian["revision"] == check["revision"] + 1
    assert italian["lines"][4] == {"label": "Stanza E", "value": "1 fantasma",
                                   "fixes": [{"key": "fix:ghosts:E:+1", "label": "+1 fantasma"},
                                             {"key": "fix:ghosts:E:-1", "label": "−1 fantasma"},
                                             {"key": "fix:hauntings:E:+1", "label": "+1 infestazione"}]}


SCRIPT = Path(__file__).parent / "scripts" / "creepy_cellar" / "table-check-correction.jsonl"


def test_a_table_script_with_corrections_mid_game(tmp_path):
    """Through the real replay path (daemon, simulated dice button, socket touches): Ada's
    Ghost card puts a ghost in E, the table has two there and corrects it; a door
    correction is undone; Bo's second +1 for E is refused (E holds 2: a third would be a
    haunting); Ada's hunter is corrected back outside. The stored log resumes to the same
    game."""
    db = tmp_path / "games.db"
    result = replay(script.load(SCRIPT), db=db)
    view = result.state["view"]
    assert result.refused == [(9, "That correction no longer fits the table check: nothing changed. "
                                  "Look at the table check again.")]
    ghosts = {room: r["ghosts"] for room, r in view["rooms"].items() if r["ghosts"]}
    assert ghosts == {"C": 1, "E": 2, "F": 1, "H": 1, "I": 1, "L": 1}
    assert view["hauntings"] == 0 and view["locked"] is None
    assert view["hunters"]["Ada (red)"]["at"] == "outside" and view["turn"] == "Ada" and view["turn_number"] == 3
    log = result.state["log"]
    assert "Correction: room E now has 2 ghosts (was 1)." in log
    assert "Correction: the green doors are locked (was: no doors are locked)." in log
    assert "Undone: the correction Locked doors: Lock the green doors." in log
    assert "Correction: Ada's red hunter is now outside (was in a hallway)." in log
    store = EventStore(db)
    try:
        record = store.games()[-1]
        actions = [e.body.get("action") for e in store.events(record.id) if e.kind == "input"]
        assert actions == ["roll", "fix:ghosts:E:+1", "move:hallway", "fix:locked:green", "end-turn", "roll",
                           "fix:hunter:red:outside", "end-turn", "roll"]
        resumed = Session.resume(store, record, use_snapshot=False)
        assert resumed.view() == view
    finally:
        store.close()


def test_a_hunter_or_the_king_goes_to_any_room_in_one_touch():
    """Issue 17 item 9: the check offers every place at once (it stepped one room a touch):
    the red hunter, outside, straight to room K; the King, off the board, straight to J;
    never to a room holding two ghosts (with him they would be a haunting)."""
    session = _start()
    lines = {str(line.label): line for line in session.check()}
    hunter = [f.key for f in lines["Ada's red hunter"].fixes]
    assert hunter == ["fix:hunter:red:hallway"] + [f"fix:hunter:red:{r}" for r in "ABCDEFGHIJKLMN"]
    assert session.handle(Touch("fix:hunter:red:K")).accepted
    assert session.view()["hunters"]["Ada (red)"]["at"] == "K"
    assert session.handle(Touch("fix:ghosts:C:+1")).accepted  # C: 2 ghosts (one from set-up)
    king = [f.key for f in {str(line.label): line for line in session.check()}["Ghost King"].fixes]
    assert "fix:king:C" not in king and len(king) == 13
    assert session.handle(Touch("fix:king:J")).accepted and session.view()["ghost_king"] == "J"


def test_clue_it_corrects_a_kid_mover_and_an_item_token():
    """Issue 29: the CLUE: IT check offers corrections. Ada's own mover is corrected before her
    roll; Bo's kid and an item at any step; undo takes a correction back."""
    from companion.games.clue_it import SPEC as CLUE
    from companion.games.clue_it import components as ci
    from tests.games.test_clue_it import run, started

    state = started(("Ada", "Bo"))
    lines = {line.label: line for line in CLUE.check(state)}
    mike = lines["Mike Hanlon"]  # Ada's kid, in the centre
    assert mike.value == "the centre"
    assert [f.label for f in mike.fixes][:2] == ["To Derry Back Alley", "To House on Neibolt Street"]
    assert len(mike.fixes) == len(ci.LOCATIONS) + 1  # every location and a corridor
    fixed = CLUE.apply(state, "fix:mover:mike-hanlon:the-synagogue")
    assert fixed.news == ("Correction: Mike Hanlon is now in The Synagogue (was in the centre).",)
    assert fixed.place == "the-synagogue" and fixed.step == state.step
    rolled = run(state, "roll", "die:4", "die:5")  # Ada moves: her own mover waits for her stop
    assert not {line.label: line for line in CLUE.check(rolled)}["Mike Hanlon"].fixes
    item = CLUE.apply(rolled, "fix:item:jack-in-the-box:derry-back-alley")
    assert item.news == ("Correction: Jack-in-the-Box is now in Derry Back Alley (was in the centre).",)


def test_ghost_at_home_corrects_a_light_and_a_ghost():
    from companion.games.ghost_at_home import SPEC as GHOST
    from companion.games.ghost_at_home.state import Floor
    from companion.i18n import render
    from tests.games.test_ghost_at_home import new, with_house

    state = with_house(new(), 1, Floor(rooms=("first-floor",) * 2, lit=True, ghosts=1))
    lines = {render(line.label, "en"): line for line in GHOST.check(state)}
    first = lines["Bo: First floor"]
    assert render(first.value, "en") == "1 ghost, 0 cats, light on"
    assert [f.key for f in first.fixes] == ["fix:ghost:1:1:-1"]  # no light off under a ghost
    assert [f.key for f in lines["Bo: Second floor"].fixes] == ["fix:light:1:2:on"]
    assert lines["Bo: Third floor"].fixes == ()  # the second floor is not explored
    fixed = GHOST.apply(state, "fix:ghost:1:1:-1")
    assert render(fixed.news[0], "en") == ("Correction: Bo: First floor, now 0 ghosts; "
                                          "the card is on the discard pile.")
    assert fixed.discard == ("ghost",) and fixed.house(1)[0].ghosts == 0
    dark = GHOST.apply(fixed, "fix:light:1:1:off")
    assert render(dark.news[0], "en") == "Correction: Bo: First floor, light off."
