"""Issue 8, concurrency: two screens at once see the same state; simultaneous touches are
handled one after the other, and the later one is told the prompt moved on."""

from __future__ import annotations

import threading

import pytest

from companion.client import Client
from companion.header import GameHeader
from companion.inputs import Press


@pytest.fixture
def daemon(daemon):
    """The shared daemon (tests/conftest.py) with a Creepy Cellar game on the table."""
    header = GameHeader.from_json({"game": "creepy_cellar", "players": ["Ada", "Bo"], "seed": 5,
                                   "stack": {"movement_die": [6, 6, 6, 6, 6, 6]}})
    daemon.call(lambda: daemon.start_game(header))
    return daemon


def _at_once(*calls):
    """Run the calls in threads released together; returns their results in order."""
    barrier, results = threading.Barrier(len(calls)), [None] * len(calls)

    def run(i, call):
        barrier.wait()
        results[i] = call()

    threads = [threading.Thread(target=run, args=(i, c)) for i, c in enumerate(calls)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(20)
    return results


def test_two_screens_see_the_same_state(daemon):
    with Client(daemon.socket_path) as screen, Client(daemon.socket_path) as viewer:
        for key in ("roll", "end-turn", "roll"):
            assert screen.choose(key)["ok"]
        daemon.submit(Press("dice", 2.0))  # an undo from the button
        daemon.drain()
        screen.request({"cmd": "state"})
        viewer.request({"cmd": "state"})
        assert screen.state == viewer.state
        assert screen.state["revision"] == 5  # the game, three touches and the undo


def test_two_undos_at_once_undo_once(daemon):
    """Two screens touching Undo at the same moment undid two inputs (before the revision)."""
    with Client(daemon.socket_path) as a, Client(daemon.socket_path) as b:
        assert a.choose("roll")["ok"] and a.choose("end-turn")["ok"]
        a.request({"cmd": "state"}), b.request({"cmd": "state"})
        seen = a.state["revision"]
        assert b.state["revision"] == seen
        first, second = _at_once(lambda: a.undo(seen), lambda: b.undo(seen))
    assert sorted([first["ok"], second["ok"]]) == [False, True]
    loser = first if not first["ok"] else second
    prompt = daemon.call(lambda: daemon.session.prompt.text)
    assert loser["text"] == f"The game moved on before your touch: {prompt}"
    assert prompt.startswith("Ada")
    assert daemon.call(lambda: daemon.session.position) == 1


def test_two_end_turns_at_once_end_one_turn(daemon):
    with Client(daemon.socket_path) as a, Client(daemon.socket_path) as b:
        assert a.choose("roll")["ok"]
        a.request({"cmd": "state"}), b.request({"cmd": "state"})
        seen = a.state["revision"]
        results = _at_once(lambda: a.choose("end-turn", seen), lambda: b.choose("end-turn", seen))
        assert [r["ok"] for r in results].count(True) == 1
        assert daemon.call(lambda: daemon.session.prompt.text) == "Bo: press the dice button"


def test_a_touch_without_a_revision_is_taken_as_made_now(daemon):
    with Client(daemon.socket_path) as old_client:
        assert old_client.choose("roll")["ok"] and old_client.undo()["ok"]


@pytest.mark.parametrize("revision", ["3", 1.5, True, [1], {}])
def test_a_revision_of_the_wrong_type_is_refused(daemon, revision):
    with Client(daemon.socket_path) as client:
        ack = client.request({"cmd": "choose", "key": "roll", "revision": revision})
    assert ack["ok"] is False and ack["text"].startswith("revision is the number of the state")
