"""The session: inputs to actions, durable recording, undo that never re-rolls (issue 2)."""

from __future__ import annotations

import copy

import pytest

from companion.engine import get_game
from companion.inputs import Press, Remove, Tap, Touch
from companion.session import Session
from companion.store import EventStore

GHOST_H = "04112233445566"
KING_E = "04112233445567"
CHILDREN_TAG = "04AABBCCDDEEFF"
TAGS = {GHOST_H: "creepy_cellar:ghost:room-H", KING_E: "creepy_cellar:king:king-E",
        CHILDREN_TAG: "children:toy:teddy-bear"}


def test_undo_then_same_press_gives_same_die_and_card(make_session):
    """Undo never re-rolls: the second press reuses the first press's die face and card."""
    session = make_session(seed=11)
    first = session.handle(Press("dice"))
    view = session.view()
    assert session.handle(Touch("undo")).accepted
    assert session.view()["die"] is None
    second = session.handle(Press("dice"))
    assert second.news == first.news
    assert session.view() == view
    assert session.history[-1].chances == tuple({**c, "origin": "redo"} for c in session.history[-1].chances)


def test_undo_keeps_outcomes_across_a_restart(tmp_path, make_session):
    """Undo, power cut, same press: still the same die face (the redo comes from the log)."""
    store = EventStore(tmp_path / "g.sqlite3")
    session = make_session(seed=5, store=store)
    first = session.handle(Press("dice"))
    session.handle(Touch("undo"))
    store.close()
    store = EventStore(tmp_path / "g.sqlite3")
    resumed = Session.resume(store, store.last_unfinished())
    assert resumed.handle(Press("dice")).news == first.news


def test_stack_is_consumed_in_order_and_redo_does_not_consume_it(make_session):
    session = make_session(stack={"movement_die": [3, 5], "ghost": ["room-A", "room-B"]})
    session.handle(Press("dice"))
    assert session.view()["die"] == 3 and session.view()["rooms"]["A"]["ghosts"] == 1
    session.handle(Touch("undo"))
    session.handle(Press("dice"))
    assert session.view()["die"] == 3 and session.view()["rooms"]["A"]["ghosts"] == 1
    session.handle(Touch("end-turn"))
    session.handle(Press("dice"))
    assert session.view()["die"] == 5 and session.view()["rooms"]["B"]["ghosts"] == 1


def test_different_input_after_undo_drops_stale_redo(make_session):
    """After undo, a different input starts a new branch; old outcomes deeper down are dropped."""
    session = make_session(stack={"movement_die": [2, 4, 6]}, seed=3)
    session.handle(Press("dice"))          # die 2
    session.handle(Touch("end-turn"))
    session.handle(Press("dice"))          # die 4 (Bo)
    session.handle(Touch("undo"))
    session.handle(Touch("undo"))          # back to Ada's move step
    assert session.handle(Touch("move:hallway")).accepted  # a different input than end-turn
    session.handle(Touch("end-turn"))
    session.handle(Press("dice"))
    assert session.view()["die"] == 6       # fresh outcome, not the undone 4


def test_hold_on_dice_button_is_undo(make_session):
    session = make_session(stack={"movement_die": [6]})
    session.handle(Press("dice"))
    assert session.view()["die"] == 6
    reply = session.handle(Press("dice", hold=2.0))
    assert reply.accepted and _texts(reply.news) == ("Undone: Roll the die (dice button).",)
    assert session.view()["die"] is None


@pytest.mark.parametrize("inp, words", [
    (Tap("04000000000001"), "Unknown tag 04000000000001 on reader table: it is not enrolled. To enroll it, open "
                            "Settings, Enroll tags on the table screen, or run companion tags enroll "
                            "04000000000001 COMPONENT."),
    (Tap(CHILDREN_TAG), "That is Teddy Bear, from Children; this table plays Ghost Fightin' Treasure Hunters: "
                        "Creepy Cellar."),  # that game's own words, never a raw id
    # the game's own reasons (issue 19: refusals that name the rule)
    (Tap(GHOST_H), "No Ghost card is due now: one is flipped after a roll of 1 to 5. Ada: press the dice button."),
    (Touch("end-turn"), "A turn always begins by rolling the movement die. Ada: press the dice button."),
    (Touch("undo"), "Nothing to undo: the game is at its start"
                    ". Go on from its first step."),
])
def test_bad_input_is_explained_and_changes_nothing(make_session, tmp_path, inp, words):
    store = EventStore(tmp_path / "g.sqlite3")
    session = make_session(tags=TAGS, store=store)
    before = session.state
    reply = session.handle(inp)
    assert not reply.accepted
    assert words in reply.text
    assert session.state == before
    assert store.events(session.game_id) == []


def test_dice_press_at_the_wrong_moment(make_session):
    session = make_session(stack={"movement_die": [6]})
    session.handle(Press("dice"))
    reply = session.handle(Press("dice"))
    assert not reply.accepted
    assert reply.text == "The dice button does nothing now. Ada's red hunter (outside): move up to 6, then End turn."


def test_removal_is_not_an_action(make_session):
    session = make_session()
    assert not session.handle(Remove("table")).accepted
    assert session.history == []


def test_physical_tap_draws_that_card(make_session):
    """Physical deck: the table flips a real card and taps it (issue 2, option ghost_deck)."""
    session = make_session(options={"ghost_deck": "physical"}, tags=TAGS, stack={"movement_die": [4]})
    session.handle(Press("dice"))
    assert session.prompt.text == "Ada: flip the top Ghost card and tap it on the reader"
    reply = session.handle(Tap(GHOST_H))
    assert reply.accepted
    assert "Place a ghost in room H." in _texts(reply.news)
    assert session.view()["rooms"]["H"]["ghosts"] == 1
    assert session.view()["decks"]["ghost"] == {"left": 24, "discarded": 1}


def test_resume_rebuilds_the_same_state(tmp_path, make_session):
    store = EventStore(tmp_path / "g.sqlite3")
    session = make_session(seed=99, store=store)
    for _ in range(15):
        session.handle(Press("dice"))
        session.handle(Touch("end-turn"))
    session.handle(Press("dice"))
    store.close()
    session.store = None  # the original goes on in memory, for comparison
    store = EventStore(tmp_path / "g.sqlite3")
    resumed = Session.resume(store, store.last_unfinished())
    assert resumed.state == session.state
    assert resumed.view() == session.view()
    # and both go on identically
    assert resumed.handle(Touch("end-turn")).news == session.handle(Touch("end-turn")).news
    assert resumed.handle(Press("dice")).news == session.handle(Press("dice")).news


#: Presses that reach the 8th haunting (tests/games/test_creepy_cellar.py explains them).
EIGHT_HAUNTINGS_GHOST = [
    "room-C", "room-F", "room-I", "room-L", "rogue-ghost", "rogue-ghost", "shuffle",
    "rogue-ghost", "rogue-ghost", "room-A", "room-B", "room-D", "room-E", "shuffle",
    "room-A", "room-B", "room-D", "room-E", "rogue-ghost", "rogue-ghost",
]
EIGHT_HAUNTINGS_KING = ["king-C", "king-F", "king-I", "king-L", "king-A", "king-D"]


def test_finished_game_is_not_resumed(tmp_path, make_session):
    store = EventStore(tmp_path / "g.sqlite3")
    presses = len(EIGHT_HAUNTINGS_GHOST)
    session = make_session(store=store, stack={"movement_die": [1] * presses, "ghost": EIGHT_HAUNTINGS_GHOST,
                                               "king": EIGHT_HAUNTINGS_KING})
    for number in range(presses):
        assert session.handle(Press("dice")).accepted
        assert store.last_unfinished() is not None or number == presses - 1
        if number < presses - 1:
            assert session.handle(Touch("end-turn")).accepted
    assert store.last_unfinished() is None
    assert store.games()[0].outcome == "lost"


def test_a_card_already_drawn_is_named_as_such(make_session):
    """A tap of a discarded card while a draw is due said "no such card is due" (misleading)."""
    session = make_session(options={"ghost_deck": "physical"}, tags=TAGS, stack={"movement_die": [4, 4]})
    session.handle(Press("dice"))
    session.handle(Tap(GHOST_H))
    session.handle(Touch("end-turn"))
    session.handle(Press("dice"))
    reply = session.handle(Tap(GHOST_H))
    assert reply.text == ("The Ghost card room H is in the discard pile: draw the top card of the deck. "
                          "Bo: flip the top Ghost card and tap it on the reader.")


def test_refusal_during_a_fight_has_one_stop(make_session):
    session = make_session(stack={"movement_die": [6]})
    session.handle(Press("dice"))
    session.handle(Touch("move:C"))
    session.handle(Touch("done-moving"))
    assert session.handle(Touch("end-turn")).text == (
        "Ada must fight in room C before ending the turn. Ada: fight in room C: press the dice button to "
        "roll the fight die (50% to beat something).")


def test_a_log_that_does_not_replay_is_a_store_error(tmp_path, make_session):
    from companion.errors import StoreError

    store = EventStore(tmp_path / "g.sqlite3")
    session = make_session(store=store)
    store.append(session.game_id, "undo", {"input": {"touch": "undo"}}, now=1.0)  # nothing to undo
    with pytest.raises(StoreError, match="event 1 does not replay"):
        Session.resume(store, store.last_unfinished())
    bad = store.new_game({"game": "creepy_cellar", "players": ["\ud800"], "seed": 1}, None, now=2.0)
    with pytest.raises(StoreError, match=f"game {bad} has a header this version refuses"):
        Session.resume(store, store.last_unfinished())


def test_resume_keeps_exactly_the_redo_of_the_live_session(tmp_path, make_session):
    """Replaying the log skipped the stale-redo cleanup, so a resumed game could reuse an
    outcome the live one had dropped and then draw differently for ever (review finding)."""
    store = EventStore(tmp_path / "g.sqlite3")
    live = make_session(seed=4, store=store)
    for inp in (Press("dice"), Touch("end-turn"), Press("dice"), Touch("undo"), Touch("undo")):
        live.handle(inp)
    assert live.handle(Touch("move:hallway")).accepted
    live.handle(Touch("undo"))
    resumed = Session.resume(store, store.last_unfinished())
    assert resumed.chance_record == live.chance_record
    live.store = resumed.store = None
    for inp in (Touch("end-turn"), Press("dice"), Touch("end-turn"), Press("dice")):
        assert resumed.handle(inp) == live.handle(inp)
    assert resumed.state == live.state


def test_a_card_on_the_tile_reader_is_sent_to_the_card_reader(make_session):
    """Issue 3 case 11: a component read on a reader of the wrong role changes nothing."""
    roles = {"deck": "cards", "board": "tiles"}
    session = make_session(options={"ghost_deck": "physical"}, tags=TAGS, stack={"movement_die": [4]},
                           reader_roles=roles)
    session.handle(Press("dice"))
    before = session.state
    reply = session.handle(Tap(GHOST_H, reader="board"))
    assert reply.text == "That is Ghost card room H: put it on the cards reader (deck), not on board."
    assert session.state is before
    assert session.handle(Tap(GHOST_H, reader="deck")).accepted


def test_a_card_on_a_virtual_reader_of_the_wrong_role_is_told_in_words(make_session):
    """Issue 26: laptop play's virtual readers are named after their roles ("cards",
    "tiles"); the refusal said "mettilo sul lettore cards (cards), non su tiles"."""
    from companion.i18n import render

    session = make_session(options={"ghost_deck": "physical"}, tags=TAGS, stack={"movement_die": [4]},
                           reader_roles={"cards": "cards", "tiles": "tiles"})
    session.handle(Press("dice"))
    reply = session.handle(Tap(GHOST_H, reader="tiles"))
    assert reply.text == "That is Ghost card room H: put it on the cards reader, not on the tiles reader."
    # Issue 29: no "Questo è Carta …" (a masculine article before a feminine name), one address (voi)
    assert render(reply.text, "it") == ("Questo pezzo: Carta Fantasma stanza H. Mettetelo sul lettore delle carte, "
                                        "non sul lettore delle tessere.")


def test_undo_of_a_touch_names_the_choice_not_its_key(make_session):
    """Found by a newcomer: "Undone: Roll the die (touch 'roll')." showed a script key."""
    session = make_session(seed=3)
    assert session.handle(Touch("roll")).accepted
    reply = session.handle(Touch("undo"))
    label = session.prompt.choice('roll').label
    # The roll's Ghost card had placed a ghost: undo says to take it back, as a todo line.
    assert _texts(reply.news) == (f"Undone: {label}.", "Take the ghost back off room A.")
    assert [line.todo for line in session.todo] == ["return"]  # shown large, like a tap's


def test_undo_of_a_touch_without_physical_steps_still_says_to_put_back(make_session, monkeypatch):
    """A game that marks no todo line for the input: one generic put-back line."""
    from companion.i18n import NewsLine

    session = make_session(seed=3)
    news = session.spec.news
    # the game, with no todo marks, not saying its lines are complete: the session's own game
    # object (the input is played and undone by it: tap18 keeps what it said when played)
    monkeypatch.setattr(session.spec, "news",
                        lambda state: tuple(line.text if isinstance(line, NewsLine) else line for line in news(state)))
    monkeypatch.setattr(session.spec, "undo_complete", False)
    assert session.handle(Touch("roll")).accepted
    reply = session.handle(Touch("undo"))
    assert _texts(reply.news) == ("Undone: Roll the die. Put back anything you moved for it.",)
    assert [line.todo for line in session.todo] == ["return"]


def test_undo_of_a_touch_says_what_to_put_back(make_session):
    """Issue 17 item 9: undoing a touch lists the physical steps it had asked for, as
    ``return`` todo lines (the table shows them large): the ghost the roll placed."""
    from companion.i18n import todo

    session = make_session(seed=3, stack={"movement_die": [2], "ghost": ["room-C"]})
    news = session.spec.news

    def marked(state):
        return tuple(todo("place", "Place a ghost in room {room}.", room="C")
                     if str(line) == "Place a ghost in room C." else line for line in news(state))

    session.spec = copy.copy(session.spec)  # the game, with marked news
    session.spec.news = marked
    assert session.handle(Touch("roll")).accepted
    assert [str(line) for line in session.todo] == ["Place a ghost in room C."]
    reply = session.handle(Touch("undo"))
    assert _texts(reply.news) == ("Undone: Roll the die.", "Take the ghost back off room C.")
    assert [(line.todo, str(line)) for line in session.todo] == [
        ("return", "Take the ghost back off room C.")]


def test_each_state_reached_gets_its_prompt_and_view_computed_once(make_session, monkeypatch):
    """Issue 9: on the path of every tap the prompt of the state an action reaches was
    computed twice (the chance loop, then the new state); now once per state reached. The
    view is computed once per state too, however many screens or messages ask."""
    header = make_session(seed=11, stack={"movement_die": [4], "ghost": ["room-C"]}).header
    spec = get_game(header.game)
    prompts, views = [], []
    counted = copy.copy(spec)  # the game, counting its prompts and views
    counted.prompt = lambda state: prompts.append(state) or spec.prompt(state)
    counted.view = lambda state: views.append(state) or spec.view(state)
    session = Session(counted, header)
    prompts.clear()  # the set-up state's
    assert session.handle(Press("dice")).accepted  # the roll, then the die's and the card's chances
    chances = len(session.history[-1].chances)
    assert chances == 2
    assert len(prompts) == 1 + chances  # each state reached once (was 2 + chances)
    assert len({id(s) for s in prompts}) == len(prompts)
    assert prompts[-1] is session.state and session.prompt == spec.prompt(session.state)
    first = session.view()
    assert session.view() is first and views == [session.state]
    assert first == spec.view(session.state)
    assert session.handle(Touch("undo")).accepted
    assert session.view() == spec.view(session.state) and len(views) == 2


def _play_to_the_end(path, store):
    """A table script's game played on a session recording in ``store``; returns it."""
    from companion import script

    table = script.load(path)
    session = Session.start(table.header, store)
    for line in table.lines:
        reply = session.handle(line.input, line.number)
        assert reply.accepted or reply.ignored, (line.number, reply.text)
    return session


def test_the_input_that_ended_the_game_can_be_undone(tmp_path):
    """Issue 17 item 5: a mis-tap that ends the game (the last treasure run, the 8th
    haunting) is taken back from the game-over screen: Undo is accepted once the game is
    over, the game is unfinished again (in the store too: it resumes), and nothing but Undo
    is accepted while it is over."""
    from pathlib import Path

    store = EventStore(tmp_path / "g.sqlite3")
    session = _play_to_the_end(Path(__file__).parent / "scripts" / "creepy_cellar" / "basic-won.jsonl", store)
    assert session.prompt.over and session.view()["outcome"] == "won"
    assert session.can_undo
    refused = session.handle(Touch("end-turn"))
    assert not refused.accepted and refused.text == "The game is over."
    position = session.position
    assert session.handle(Touch("undo")).accepted
    assert not session.prompt.over and session.position == position - 1
    assert session.view()["outcome"] is None
    record = store.last_unfinished()
    assert record is not None and record.id == session.game_id
    store.close()
    store = EventStore(tmp_path / "g.sqlite3")
    resumed = Session.resume(store, store.last_unfinished())
    assert not resumed.prompt.over and resumed.position == position - 1


def _texts(news) -> tuple[str, ...]:
    """News lines as their English text (a :class:`~companion.i18n.NewsLine` is not a str)."""
    return tuple(str(line) for line in news)
