"""Children: what the owner enters as printed on their copy (issue 5, ``docs/content.md``).

"When a tablet or ghost card is enrolled, the companion lets the owner enter what is
printed on it (name, floor, doors, trapdoors and arrows on each side; a ghost's name and
toy)". Rulebook: "Mansion Room Tablets" (name, floor, doors and trapdoors, spectral flow
arrows), "Ghost Cards" (name, beloved toy), "Components" (20 tablets, 5 per floor, 13
ghost/toy pairs). Each entry must change the game it reaches, and a game must keep the
entries it started with (header, state, snapshots, replay).
"""

from __future__ import annotations

import json
from dataclasses import replace

import pytest
from children_checks import RULEBOOK_ROOMS, SPEC, arrange, check, random_game, started
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion import script
from companion.client import Client
from companion.daemon import Daemon, DaemonThread
from companion.engine import ContentError, resolve_options
from companion.engine.content import check_entry, check_table
from companion.errors import RuleViolation
from companion.games.children import content as printed
from companion.games.children import grid as gr
from companion.games.children.state import Ghost, Step
from companion.header import GameHeader, HeaderError
from companion.replay import replay
from companion.session import Session
from companion.store import EventStore

ADA, BO, CY = 0, 1, 2
#: The Teddy Bear's stack hides Penny, the Parasol's Rosie (toy order of content.toml).
PAIRING = ["penny", "rosie", "the-twins"] + [f"ghost-{n:02d}" for n in range(4, 14)]

#: A copy whose printing differs from content.toml: a door between the Wash Room and the
#: Dormitory, no trapdoor between the Wash Room and the Billiards Room, the Billiards
#: Room's arrows pointing up only, Rosie renamed and the two known toys swapped.
OWN_COPY = {
    "children:tablet:wash-room": {"doors": ["right"], "trapdoors": []},
    "children:tablet:billiards-room": {"trapdoors": [], "arrows": ["up"]},
    "children:ghost:rosie": {"name": "Rosalind", "toy": "parasol"},
    "children:ghost:the-twins": {"toy": "teddy-bear"},
    "children:toy:toy-04": {"name": "Tin Soldier"},
}

#: Two tablets trading floors (still 5 per floor).
MOVED = {"children:tablet:spire": {"floor": "basement"},
         "children:tablet:tablet-0-5": {"floor": "3rd", "name": "Attic"}}


def keys(state) -> set[str]:
    return {c.key for c in SPEC.prompt(state).choices}


def mansion(content=None, **kw):
    return arrange(started(pairing=PAIRING, content=content), RULEBOOK_ROOMS, **kw)


# --------------------------------------------------------------------------- the forms


def test_each_tablet_ghost_and_toy_has_a_form_with_the_printed_data():
    """"Each room tablet is marked with its name, doors and trapdoors, and spectral flow
    arrows"; a ghost card shows "the child's name, and an icon of the child's beloved toy"."""
    spec = SPEC.content
    tablet = spec.fields("children:tablet:billiards-room")
    assert [(f.name, f.kind, f.values) for f in tablet] == [
        ("name", "text", ()), ("floor", "choice", ("basement", "1st", "2nd", "3rd")),
        ("doors", "flags", ("left", "right")), ("trapdoors", "flags", ("up", "down")),
        ("arrows", "flags", ("left", "right", "up", "down"))]
    assert spec.printed("children:tablet:billiards-room") == {
        "name": "Billiards Room", "floor": "1st", "doors": ["left"], "trapdoors": ["up"],
        "arrows": ["left", "right"]}
    ghost = spec.fields("children:ghost:penny")
    assert [(f.name, f.kind) for f in ghost] == [("name", "text"), ("toy", "choice")]
    assert ghost[1].values[:3] == ("teddy-bear", "parasol", "toy-03") and len(ghost[1].values) == 13
    assert spec.printed("children:ghost:rosie") == {"name": "Rosie", "toy": "teddy-bear"}
    assert spec.printed("children:toy:parasol") == {"name": "Parasol"}
    assert spec.fields("children:device:hatpin") == () and spec.printed("children:trap:mouse") == {}
    # placeholders: what the rulebook does not print
    assert not spec.placeholder("children:ghost:rosie") and not spec.placeholder("children:toy:teddy-bear")
    assert spec.placeholder("children:ghost:penny")  # her toy is not printed
    assert spec.placeholder("children:ghost:ghost-04") and spec.placeholder("children:toy:toy-04")
    assert spec.placeholder("children:tablet:wash-room")  # only some of its sides are stated
    assert spec.placeholder("children:tablet:tablet-2-4")
    with pytest.raises(ContentError, match="floor is one of basement, 1st, 2nd, 3rd"):
        check_entry(spec, "children:tablet:spire", {"floor": "attic"})
    with pytest.raises(ContentError, match="doors is a list of some of left, right"):
        check_entry(spec, "children:tablet:spire", {"doors": ["up"]})
    with pytest.raises(ContentError, match="toy is one of"):
        check_entry(spec, "children:ghost:penny", {"toy": "yo-yo"})


# --------------------------------------------------------------------------- entries change the game


def test_entered_doors_and_trapdoors_change_the_legal_moves():
    """"Move to an adjacent room": a door or trapdoor on either tablet. The rulebook's Wash
    Room goes left and down, not right; this copy's Wash Room has a door to the Dormitory
    and no trapdoor to the Billiards Room."""
    book = mansion(where=("wash-room", "kitchen", "wine-cellar"))
    own = mansion(OWN_COPY, where=("wash-room", "kitchen", "wine-cellar"))
    assert {k for k in keys(book) if k.startswith("move:")} == {"move:master-bedroom", "move:billiards-room"}
    assert {k for k in keys(own) if k.startswith("move:")} == {"move:master-bedroom", "move:dormitory"}
    assert SPEC.prompt(own).choice("move:dormitory").label == "Move to the Dormitory"
    with pytest.raises(RuleViolation):
        SPEC.apply(own, "move:billiards-room")
    state = SPEC.apply(own, "move:dormitory")
    assert state.where[ADA] == "dormitory"
    check(state)


def test_entered_arrows_change_where_a_ghost_drifts():
    """"4. Move 1 Ghost": Penny follows the Billiards Room's arrows; on this copy they point
    up only, so she may go to the Wash Room and not to the Parlor or the Kitchen."""
    kw = dict(where=("spire", "dormitory", "wine-cellar"), ghosts=[Ghost("penny", "billiards-room")],
              step=Step.GHOST, actions=0)
    assert keys(mansion(**kw)) == {"haunt:penny:parlor", "haunt:penny:kitchen", "skip"}
    state = mansion(OWN_COPY, **kw)
    assert keys(state) == {"haunt:penny:wash-room", "skip"}
    assert gr.flows(state.grid, "billiards-room", state.content) == ("wash-room",)
    state = SPEC.apply(state, "haunt:penny:wash-room")
    assert state.ghost("penny").room == "wash-room"


def test_a_renamed_ghost_is_named_so_on_screen_and_its_entered_toy_traps_it():
    """The sidebar (p.12) on a copy where Rosie is "Rosalind" and her beloved toy is the
    Parasol: the Parasol traps her (the Teddy Bear no longer does), and the Parasol's stack
    is the one flipped."""
    state = mansion(OWN_COPY, where=("master-bedroom", "kitchen", "wine-cellar"),
                    ghosts=[Ghost("rosie", "wash-room"), Ghost("penny", "spire")])
    assert SPEC.view(state)["rooms"]["Wash Room"]["ghosts"] == [{"name": "Rosalind", "enraged": False}]
    state = SPEC.apply(SPEC.apply(state, "move:wash-room"), "draw:feather")
    prompt = SPEC.prompt(state)
    assert prompt.text == "Ada meets Rosalind in the Wash Room: tap the beloved toy to trap, or run"
    assert prompt.for_component("children:toy:parasol").key == "catch:rosie"
    assert prompt.for_component("children:toy:teddy-bear") is None
    assert prompt.choice("catch:rosie").label == "Trap Rosalind with the Parasol"
    state = SPEC.apply(state, "catch:rosie")
    assert state.trapped[ADA] == (("rosie", "parasol"),)
    assert state.flipped == (("parasol", "rosie"),)  # her own stack: nobody is enraged
    assert state.hand_limit == 5 and state.ghost("penny").enraged is False
    view = SPEC.view(state)
    assert view["players"]["Ada"]["trapped"] == ["Rosalind"] and view["stacks"] == {"Parasol": "Rosalind"}
    check(state)


def test_a_renamed_toy_and_a_tablet_on_another_floor():
    """"Place the Room Tablet … on its designated floor (written on the Room Tablet)": this
    copy's Spire is a basement room, and the placeholder tablet 0-5 is the 3rd-floor Attic."""
    state = started(pairing=PAIRING, content={**MOVED, **OWN_COPY})
    assert state.name("toy-04") == "Tin Soldier" and state.name("tablet-0-5") == "Attic"
    assert state.content.tablet("spire").floor == 0 and state.content.tablet("tablet-0-5").floor == 3
    state = SPEC.apply(state, "tablet:spire")  # the first tablet: one cell, placed at once
    assert state.grid[0][2] == "spire" and state.where[ADA] == "spire"
    assert "Put the Spire in the basement." in state.news
    assert SPEC.view(state)["mansion"]["basement"] == [None, None, "Spire", None, None]
    choices = SPEC.prompt(state).choices
    assert [c.label for c in choices if c.key == "draw:toy-04"] == ["Tin Soldier"]
    check(state)


# --------------------------------------------------------------------------- the whole table


@pytest.mark.parametrize("content, problem", [
    ({"children:tablet:spire": {"floor": "basement"}}, "The basement has 6 tablets; every floor has 5."),
    ({"children:ghost:rosie": {"toy": "parasol"}},
     "The Teddy Bear is the beloved toy of 0 ghosts; every toy is the beloved toy of exactly one ghost."),
    ({"children:tablet:kitchen": {"name": "Parlor"}}, "2 components are named Parlor; each needs its own name."),
    ({"children:ghost:penny": {"name": "Rosie"}}, "2 components are named Rosie; each needs its own name."),
])
def test_a_table_that_does_not_make_a_whole_game_is_refused_at_new_game(content, problem):
    """"Components": 20 tablets, 5 for each floor; 13 ghosts, each with its own toy."""
    with pytest.raises(ContentError) as caught:
        check_table(SPEC.content, SPEC.components, content)
    assert str(caught.value) == problem
    with pytest.raises(HeaderError) as caught:
        GameHeader.from_json({"game": "children", "players": ["Ada", "Bo"], "content": content})
    assert str(caught.value) == f"'content': {problem}"
    with pytest.raises(RuleViolation, match=problem.split(";")[0]):
        SPEC.setup(["Ada", "Bo"], resolve_options(SPEC, {}), content=content)


def test_the_daemon_refuses_a_new_game_until_the_table_is_put_right(tmp_path):
    """An entry that breaks the whole table is saved (the owner may be half-way through
    moving tablets between floors); the answer and the new game say what to put right."""
    store = EventStore(tmp_path / "d.sqlite3")
    daemon = Daemon(store, tmp_path / "run" / "companion.sock")
    answers = []
    with DaemonThread(daemon), Client(daemon.socket_path, on_message=answers.append).connect() as client:
        ack = client.request({"cmd": "content_set", "component": "children:tablet:spire",
                              "fields": {"floor": "basement"}})
        assert ack["ok"] and ack["text"].endswith(
            "Before a game can start: The basement has 6 tablets; every floor has 5.")
        ack = client.request({"cmd": "new_game", "game": "children", "players": ["Ada", "Bo"]})
        assert not ack["ok"] and "The basement has 6 tablets; every floor has 5." in ack["text"]
        ack = client.request({"cmd": "content_set", "component": "children:tablet:tablet-0-5",
                              "fields": {"floor": "3rd", "name": "Attic"}})
        assert ack["ok"] and "Before a game can start" not in ack["text"]
        assert client.request({"cmd": "content", "game": "children"})["ok"]
        form = next(m for m in answers if m["type"] == "content")
        assert form["problem"] is None and len(form["components"]) == 20 + 13 + 13
        spire = next(c for c in form["components"] if c["component"] == "children:tablet:spire")
        assert spire["entered"] and {f["name"]: f["value"] for f in spire["fields"]}["floor"] == "basement"
        ack = client.request({"cmd": "new_game", "game": "children", "players": ["Ada", "Bo"]})
        assert ack["ok"], ack
        assert store.last_unfinished().header["content"] == MOVED
        assert daemon.session.state.content.tablet("spire").floor == 0
    store.close()


# --------------------------------------------------------------------------- header, state, replay


def test_header_state_and_snapshot_keep_the_entries():
    header = GameHeader.from_json({"game": "children", "players": ["Ada", "Bo"], "seed": 3,
                                   "content": {**OWN_COPY, **MOVED}})
    assert header.to_json()["content"] == {**OWN_COPY, **MOVED}
    assert GameHeader.from_json(header.to_json()) == header
    state = Session.start(header).state
    assert state.printed == printed.entries_of({**OWN_COPY, **MOVED})
    assert state.name("rosie") == "Rosalind"
    body = SPEC.encode(state)
    again = SPEC.decode(json.loads(json.dumps(body)))
    assert again == state and again.content.tablet("spire").floor == 0
    # the state holds only what differs from content.toml: the printed data entered again
    # as it is makes the very same game
    as_printed = {c: SPEC.content.printed(c) for c in SPEC.components if SPEC.content.fields(c)}
    assert len(as_printed) == 20 + 13 + 13
    assert started(content=as_printed) == started() and started(content=as_printed).printed == ()
    # the snapshot holds the entries only (not the whole content)
    plain = SPEC.encode(Session.start(replace(header, content={})).state)
    assert len(json.dumps(body)) - len(json.dumps(plain)) < 1000


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6))
def test_random_games_on_the_owners_copy_keep_every_invariant(seed):
    """Random games with the entries (any edition, any house rules): invariants, the JSON
    round trip after every action, and the log replays to the same state."""
    content = {**OWN_COPY, **MOVED}
    actions, first, last = [], None, None
    for before, key, after in random_game(seed, max_steps=300, content=content):
        first = first or before
        check(after)
        assert SPEC.decode(json.loads(json.dumps(SPEC.encode(after)))) == after
        actions.append(key)
        last = after
    if first is None:
        return
    state = SPEC.setup(list(first.players), first.options, content=content)
    for key in actions:
        state = SPEC.apply(state, key)
    assert state == last and state.printed == first.printed


def test_a_whole_game_on_the_owners_copy_replays_through_the_daemon(tmp_path):
    """A table script whose header carries the entries replays through the real path (the
    daemon on simulated hardware) to the same game as the session fed directly, and a game
    resumed half-way from the store equals it."""
    from tests.scripts.children import build

    content = {**OWN_COPY, **MOVED}
    header, lines, view = build.play(["Ada", "Bo", "Cy"], 5, {}, max_inputs=400, content=content)
    path = tmp_path / "own_copy.jsonl"
    path.write_text(script.dump(header, lines), encoding="utf-8")
    table = script.load(path)
    assert table.header.content == content
    direct = Session.start(table.header)
    for line in table.lines:
        direct.handle(line.input, line.number)
    result = replay(table)
    assert result.refused == [] and result.state["view"] == direct.view() == view
    db = tmp_path / "own.sqlite3"
    replay(script.TableScript(table.header, table.lines[: len(table.lines) // 2]), db=db)
    assert replay(table, db=db).state["view"] == view
    store = EventStore(db)
    assert Session.resume(store, store.games()[0]).state == direct.state
    store.close()
    # the same inputs on the content file's copy are another game
    plain = Session.start(replace(table.header, content={}))
    replies = [plain.handle(line.input, line.number) for line in table.lines]
    assert any(not (r.accepted or r.ignored) for r in replies) or plain.view() != view


def test_the_rooms_the_rulebook_names_are_said_in_the_tables_language():
    """Issue 29: the Italian board read "Master Bedroom", "Billiards Room" (the content
    file's printed names); the rooms the rulebook names are said in Italian, an entered
    name stays as entered, a stand-in as before."""
    from companion.games.children import components as cc
    from companion.i18n import render

    base = cc.content()
    rooms = ("master-bedroom", "wash-room", "dormitory", "parlor", "billiards-room", "kitchen", "wine-cellar",
             "spire", "tablet-0-2")
    assert [render(base.name(r), "it") for r in rooms] == [
        "Camera padronale", "Bagno", "Dormitorio", "Salotto", "Sala da biliardo", "Cucina", "Cantina", "Guglia",
        "Tessera 0-2"]
    assert [render(base.name(r), "en") for r in rooms] == [
        "Master Bedroom", "Wash Room", "Dormitory", "Parlor", "Billiards Room", "Kitchen", "Wine Cellar", "Spire",
        "Tablet 0-2"]
    entered = cc.content("rulebook", (("children:tablet:kitchen", (("name", "Cucina Grande"),)),))
    assert render(entered.name("kitchen"), "it") == "Cucina Grande"
