"""The enrollment walk (issue 3, "Tags and enrollment": ``companion enroll GAME`` with
progress n/total, skip, undo, and a warning when a tag is already something else)."""

from __future__ import annotations

import io
import threading

from companion import enrollment
from companion.client import Client
from companion.engine import get_game
from companion.inputs import Tap
from tests.collector import wait_until
from tests.daemon_fixture import running_daemon

SPEC = get_game("creepy_cellar")
A, B, C = "04A10000000001", "04A10000000002", "04A10000000003"


def test_creepy_cellar_has_39_tagged_cards_in_box_order():
    walk = enrollment.start(SPEC)
    # 25 Ghost, 14 Ghost King, 16 Cellar cards, 8 + 12 treasures, 6 Jinxed Items ("Contents"),
    # and the base game's 4 movers (a hunter's tag reports its moves)
    assert walk.total == 85
    assert walk.labels[:3] == ("Blue Doors Locked card, copy 1 of 2", "Blue Doors Locked card, copy 2 of 2",
                               "Draw 2 + Shuffle card")
    assert walk.labels[38] == "Ghost King card N" and walk.labels[39] == "+Ghost card, copy 1 of 4"
    assert walk.labels[-5] == "Jinxed Item for room L"
    assert walk.labels[-4:] == ("red hunter", "yellow hunter", "blue hunter", "green hunter")
    assert walk.message == "Piece 1 of 85: Blue Doors Locked card, copy 1 of 2. Tap its tag."


def test_tap_enrolls_skip_moves_on_undo_puts_the_registry_back():
    walk = enrollment.start(SPEC)
    walk, change = enrollment.tap(walk, A, {})
    assert change == enrollment.Change(A, "creepy_cellar:ghost:blue-doors-locked")
    assert walk.message == (f"Tag {A} is now enrolled as Blue Doors Locked card, copy 1 of 2. "
                            "Piece 2 of 85: Blue Doors Locked card, copy 2 of 2. Tap its tag.")
    walk = enrollment.skip(walk)
    assert walk.to_json() == {"game": "creepy_cellar", "step": 3, "total": 85,
                              "component": "creepy_cellar:ghost:draw-2-shuffle",
                              "asking": "Piece 3 of 85: Draw 2 + Shuffle card. Tap its tag.",
                              "message": "Skipped: Blue Doors Locked card, copy 2 of 2. "
                                         "Piece 3 of 85: Draw 2 + Shuffle card. Tap its tag.",
                              "done": False, "enrolled": 1}
    walk, change = enrollment.undo(walk)
    assert change is None and walk.index == 1  # undoing a skip changes no tag
    walk, change = enrollment.undo(walk)
    assert change == enrollment.Change(A, None) and walk.index == 0
    assert walk.message.startswith(f"Tag {A} is no longer enrolled as Blue Doors Locked card, copy 1 of 2.")
    walk, change = enrollment.undo(walk)
    assert change is None
    assert walk.message == "Nothing to undo. Piece 1 of 85: Blue Doors Locked card, copy 1 of 2. Tap its tag."


def test_a_tag_enrolled_as_something_else_needs_a_second_tap():
    walk = enrollment.start(SPEC)
    registry = {A: "creepy_cellar:king:king-E"}
    walk, change = enrollment.tap(walk, A, registry)
    assert change is None and walk.index == 0
    assert walk.message == (f"Careful: tag {A} is enrolled as creepy_cellar:king:king-E. Tap it again to enroll "
                            "it as Blue Doors Locked card, copy 1 of 2, or tap another tag.")
    walk, change = enrollment.tap(walk, A, registry)
    assert change == enrollment.Change(A, "creepy_cellar:ghost:blue-doors-locked") and walk.index == 1
    walk, change = enrollment.undo(walk)
    assert change == enrollment.Change(A, "creepy_cellar:king:king-E")  # back to what it was


def test_another_tag_after_a_warning_is_taken_without_a_second_tap():
    walk = enrollment.start(SPEC)
    walk, _ = enrollment.tap(walk, A, {A: "creepy_cellar:king:king-E"})
    walk, change = enrollment.tap(walk, B, {A: "creepy_cellar:king:king-E"})
    assert change == enrollment.Change(B, "creepy_cellar:ghost:blue-doors-locked") and walk.pending is None


def test_a_tag_already_that_piece_moves_on_without_a_change():
    walk = enrollment.start(SPEC)
    walk, change = enrollment.tap(walk, A, {A: "creepy_cellar:ghost:blue-doors-locked"})
    assert change is None and walk.index == 1
    walk, change = enrollment.tap(walk, B, {}, carried="creepy_cellar:ghost:blue-doors-locked")
    assert change is None and walk.index == 2  # a programmed card needs no entry
    walk, change = enrollment.undo(walk)
    assert change is None


def test_a_programmed_card_of_another_piece_is_a_warning():
    walk = enrollment.start(SPEC)
    walk, change = enrollment.tap(walk, A, {}, carried="creepy_cellar:king:king-A")
    assert change is None
    assert walk.message.startswith(f"Careful: tag {A} carries creepy_cellar:king:king-A.")


def test_the_walk_ends_with_a_count():
    walk = enrollment.start(SPEC)
    for i in range(85):
        walk = enrollment.skip(walk) if i % 2 else enrollment.tap(walk, f"04B1{i:010X}", {})[0]
    assert walk.done and walk.message.endswith("Done: 43 of 85 pieces enrolled, 42 skipped.")
    walk, change = enrollment.tap(walk, A, {})
    assert change is None and walk.message.startswith("Enrollment is finished.")


def test_taps_during_the_walk_enroll_instead_of_playing(daemon):
    with Client(daemon.socket_path).connect() as client:
        assert client.request({"cmd": "enroll_start", "game": "creepy_cellar"})["ok"]
        assert client.state["enrollment"]["step"] == 1
        daemon.submit(Tap(A))
        daemon.submit(Tap(B))
        daemon.drain()
        assert daemon.store.enrolled_tags() == {A: "creepy_cellar:ghost:blue-doors-locked",
                                                B: "creepy_cellar:ghost:blue-doors-locked"}
        ack = client.request({"cmd": "enroll_undo"})
        assert ack["text"].startswith(f"Tag {B} is no longer enrolled as Blue Doors Locked card, copy 2 of 2.")
        assert daemon.store.enrolled_tags() == {A: "creepy_cellar:ghost:blue-doors-locked"}
        again = client.request({"cmd": "enroll_start", "game": "creepy_cellar"})
        assert not again["ok"] and again["text"] == "An enrollment walk for creepy_cellar is running; stop it first."
        assert client.request({"cmd": "enroll_stop"})["text"] == "Enrollment stopped at 1 of 85."
        assert client.request({"cmd": "state"}) and client.state["enrollment"] is None
        assert not client.request({"cmd": "enroll_skip"})["ok"]
        assert not client.request({"cmd": "enroll_start", "game": "chess"})["ok"]


def test_companion_enroll_at_the_terminal(daemon):
    """The CLI prints each instruction, and typed lines skip, undo and stop."""
    from companion.enroll_cli import enroll_command

    lines = _Feed()
    out = _Lines()
    runner = threading.Thread(target=lambda: enroll_command("creepy_cellar", daemon.socket_path, lines, out))
    runner.start()
    out.wait_for("Piece 1 of 85: Blue Doors Locked card, copy 1 of 2. Tap its tag.")
    daemon.submit(Tap(A))
    out.wait_for(f"Tag {A} is now enrolled as Blue Doors Locked card, copy 1 of 2. Piece 2 of 85:"
                 " Blue Doors Locked card, copy 2 of 2. Tap its tag.")
    lines.put("s")
    out.wait_for("Skipped: Blue Doors Locked card, copy 2 of 2. Piece 3 of 85: Draw 2 + Shuffle card. Tap its tag.")
    lines.put("x")
    out.wait_for("? Tap each piece on a reader. Enter or s: skip this piece, u: undo the last one, q: stop.")
    lines.put("q")
    out.wait_for("Enrollment stopped at 2 of 85.")
    runner.join(5)
    assert not runner.is_alive()
    assert daemon.store.enrolled_tags() == {A: "creepy_cellar:ghost:blue-doors-locked"}


class _Feed:
    """A stdin whose lines arrive when the test says."""

    def __init__(self):
        self.cond = threading.Condition()
        self.queue: list[str] = []

    def put(self, line: str) -> None:
        with self.cond:
            self.queue.append(line + "\n")
            self.cond.notify_all()

    def __iter__(self):
        while True:
            with self.cond:
                self.cond.wait_for(lambda: self.queue, 10)
                if not self.queue:
                    return
                yield self.queue.pop(0)


class _Lines(io.StringIO):
    def wait_for(self, line: str, timeout: float = 5.0) -> None:
        wait_until(lambda: line in self.getvalue().splitlines(), timeout, f"{line!r} in {self.getvalue()!r}")


def test_one_tag_cannot_be_both_copies_of_a_card():
    """Found by a newcomer: tapping the same card twice enrolled "both" Blue Doors Locked cards."""
    walk = enrollment.start(SPEC)
    walk, _ = enrollment.tap(walk, A, {})
    registry = {A: "creepy_cellar:ghost:blue-doors-locked"}
    walk, change = enrollment.tap(walk, A, registry)
    assert change is None and walk.index == 1
    assert walk.message == (f"Tag {A} is already enrolled as Blue Doors Locked card, copy 1 of 2 in this walk. "
                            "Tap the tag of Blue Doors Locked card, copy 2 of 2, or skip it.")
    walk, change = enrollment.tap(walk, A, registry)  # a second tap does not override it either
    assert change is None and walk.index == 1


def test_the_walk_ends_when_its_client_leaves(daemon):
    """Found by a newcomer: a killed `companion enroll` left the walk running, and the game's
    card taps were quietly enrolled instead of played."""
    from companion.header import GameHeader

    daemon.call(lambda: daemon.start_game(GameHeader.from_json(
        {"game": "creepy_cellar", "players": ["Ada"], "seed": 1, "options": {"ghost_deck": "physical"},
         "stack": {"movement_die": [2]}, "tags": {A: "creepy_cellar:ghost:room-H"}})))
    watcher_messages = []
    with Client(daemon.socket_path, on_message=watcher_messages.append).connect() as watcher:
        with Client(daemon.socket_path).connect() as walker:
            assert walker.request({"cmd": "enroll_start", "game": "creepy_cellar"})["ok"]
        wait_until(lambda: daemon.call(lambda: daemon.enroller.walk) is None, what="the walk to end")
        watcher.choose("roll")
        daemon.submit(Tap(A))
        daemon.drain()
        assert daemon.call(lambda: daemon.session.view()["rooms"]["H"]["ghosts"]) == 1  # played, not enrolled
    assert daemon.store.enrolled_tags() == {}
    assert any(m.get("text") == "Enrollment stopped: the enrollment screen or terminal closed."
               for m in watcher_messages)


def test_companion_enroll_says_so_when_the_daemon_goes_away(tmp_path):
    """Found by a newcomer: `companion enroll` waited for ever after the daemon died."""
    from companion.enroll_cli import enroll_command

    out = _Lines()
    result = []
    with running_daemon(tmp_path) as daemon:
        runner = threading.Thread(target=lambda: result.append(
            enroll_command("creepy_cellar", daemon.socket_path, _Feed(), out)))
        runner.start()
        out.wait_for("Piece 1 of 85: Blue Doors Locked card, copy 1 of 2. Tap its tag.")
    runner.join(5)
    assert result == [1]


def test_a_second_walk_is_refused_without_printing_the_first_ones_messages(daemon, capsys):
    from companion.enroll_cli import enroll_command

    with Client(daemon.socket_path).connect() as first:
        first.request({"cmd": "enroll_start", "game": "creepy_cellar"})
        out = _Lines()
        assert enroll_command("creepy_cellar", daemon.socket_path, _Feed(), out) == 2
        assert out.getvalue() == ""
    assert capsys.readouterr().err == "companion: An enrollment walk for creepy_cellar is running; stop it first.\n"


def test_the_end_of_the_input_stops_the_walk(daemon):
    """Found by a newcomer: `companion enroll GAME < /dev/null` waited for ever and kept the
    walk, so every later `companion enroll` was refused."""
    from companion.enroll_cli import enroll_command

    out = _Lines()
    assert enroll_command("creepy_cellar", daemon.socket_path, io.StringIO(""), out) == 0
    assert "Enrollment stopped at 0 of 85." in out.getvalue().splitlines()
    assert "stopped elsewhere" not in out.getvalue()
    assert daemon.call(lambda: daemon.enroller.walk) is None
