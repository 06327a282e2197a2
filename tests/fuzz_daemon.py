"""Hostile and accidental input for the daemon (issue 8): a Hypothesis state machine that
drives the real daemon through its socket and its fake hardware.

Steps: taps (enrolled components, unknown tags, another game's cards, a reader of the wrong
role, 0x88-prefixed and 10-byte UIDs, NDEF text), removals, dice presses, holds (undo),
contact bounce, touches of the prompt's keys, of stale keys and of invented ones, undos
past the start, new-game requests mid-game (refused, or with ``abandon``), and malformed
socket lines (bad JSON, binary, non-objects, unknown commands, wrong types, a line over
the limit). After every step: the daemon answers a ``state`` request; the game replayed
from its stored log equals the daemon's; the prompt is well formed and the game's own
invariants hold; every refusal carried a message; no "Internal error" was ever said.

Used by tests/test_hostile_stateful.py (a fixed budget) and benchmarks/fuzz_daemon.py.
"""

from __future__ import annotations

import contextlib
import json
import random
import socket
import tempfile
import threading
from pathlib import Path

from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule
from test_playout import INVARIANTS  # each game's own invariants (tests/games: pytest's pythonpath)

from companion import protocol
from companion.client import Client
from companion.engine import all_games
from companion.header import GameHeader
from companion.session import Session
from companion.store import EventStore
from tests.daemon_fixture import running_daemon

GAMES = all_games()
READERS = {"cards": "cards", "tiles": "tiles"}  # plus "table", a reader with no role

#: Events fed to daemons by every machine in this process (for the figures).
COUNT = {"events": 0, "steps": 0}

#: Where each machine's store and socket go (None: the system's temporary directory). The
#: benchmark may point it at a tmpfs: the fuzz is not about fsync, and a disk shared by
#: parallel workers would time the disk, not the daemon.
TMPDIR: str | None = None

MALFORMED = [
    b"this is not json\n", b"{\n", b'{"cmd": "choose", "key": NaN}\n', b"\xff\xfe\x00\x01garbage\n",
    b"[1, 2, 3]\n", b'"just a string"\n', b"{}\n", b'{"cmd": "fly"}\n', b'{"cmd": ["state"]}\n',
    b'{"cmd": "choose", "key": 5}\n', b'{"cmd": "choose", "key": ["roll"]}\n',
    b'{"cmd": "enroll_start", "game": ["creepy_cellar"]}\n', b'{"cmd": "language", "language": {}}\n',
    b'{"cmd": "new_game", "game": "creepy_cellar", "players": "Ada"}\n', b'{"cmd": "enroll", "uid": 7}\n',
    b'{"cmd": "write_tag", "component": "creepy_cellar:ghost:room-H", "reader": ["cards"]}\n',
    b'{"cmd": "forget", "uid": {"a": 1}}\n', b"\x00" * 100 + b"\n", b"[" * 50_000 + b"\n",
]


class Notices:
    """Every message a client received (thread-safe)."""

    def __init__(self):
        self.lock = threading.Lock()
        self.messages: list[dict] = []

    def __call__(self, message: dict) -> None:
        with self.lock:
            self.messages.append(message)

    def take(self) -> list[dict]:
        with self.lock:
            taken, self.messages = self.messages, []
        return taken


def _pick(data, items):
    """One of ``items``, drawn as an index that does not depend on how many there are: the
    daemon seeds a game started through the socket itself (never from a client), so what
    is on offer differs between runs of the same steps, and Hypothesis wants each step to
    draw the same way."""
    items = sorted(items)
    return items[data.draw(st.integers(0, 1 << 16)) % len(items)] if items else None


class DaemonUnderFire(RuleBasedStateMachine):
    def __init__(self):
        super().__init__()
        from companion.daemon.table_hardware import TableHardware

        self.tmp = tempfile.TemporaryDirectory(prefix="companion-fuzz-", dir=TMPDIR)
        self.store = EventStore(Path(self.tmp.name) / "fuzz.sqlite3")
        self.replies = []
        self.failures = []
        self.running = contextlib.ExitStack()
        self.daemon = self.running.enter_context(running_daemon(
            Path(self.tmp.name), self.store, socket="d.sock", reader_roles=READERS))
        # each input's reply, or why it could not be played, through the future of submit()
        self.table = TableHardware.simulated(lambda event: self._answered(self.daemon.on_presence(event)),
                                             lambda held: self._answered(self.daemon.on_dice(held)))
        self.notices = Notices()
        self.client = Client(self.daemon.socket_path, on_message=self.notices).connect()
        self.seen_keys: set[str] = {"roll", "end-turn"}
        self.tags: dict[str, str] = {}
        self.initial = None

    def _answered(self, future) -> None:
        """Keep what came of a table input (the worker resolves ``future``; a notice: None)."""
        if future is not None:
            future.add_done_callback(self._outcome)

    def _outcome(self, future) -> None:
        error = future.exception()
        if error is None:
            self.replies.append((None, future.result()))
        else:
            self.failures.append(error)

    def teardown(self):
        self.client.close()
        self.table.close()
        self.running.close()
        self.store.close()
        self.tmp.cleanup()

    # ------------------------------------------------------------------ set-up

    @initialize(game=st.sampled_from(sorted(GAMES)), players=st.integers(1, 4), seed=st.integers(0, 2**31),
                physical=st.booleans())
    def start(self, game, players, seed, physical):
        self._new_game(game, players, seed, physical)

    def _new_game(self, game, players, seed, physical) -> None:
        spec = GAMES[game]
        players = max(spec.min_players, min(players, spec.max_players))
        rng = random.Random(seed)
        components = sorted(spec.components)
        self.tags = {f"04{i:012X}": c for i, c in enumerate(rng.sample(components, min(12, len(components))))}
        options = {}
        if physical and game == "creepy_cellar":
            options = {"ghost_deck": "physical"}
        header = GameHeader.from_json({"game": game, "players": [f"P{i}" for i in range(players)],
                                       "seed": seed, "options": options, "tags": self.tags})
        self.daemon.call(lambda: self.daemon.start_game(header))
        self.initial = Session(spec, header).state

    # ------------------------------------------------------------------ table inputs

    def _fed(self) -> None:
        self.daemon.drain()
        COUNT["events"] += 1

    @rule(data=st.data(), reader=st.sampled_from(["cards", "tiles", "table"]))
    def tap_a_known_tag(self, data, reader):
        uid = _pick(data, self.tags)
        self.table.tap(uid, reader)
        self._fed()

    @rule(uid=st.sampled_from(["04DEADBEEF0042", "88041122", "88AABBCCDDEEFF", "04112233445566778899",
                               "08A1B2C3", "00000000", "FFFFFFFFFFFFFF"]),
          reader=st.sampled_from(["cards", "tiles", "table"]))
    def tap_an_unknown_tag(self, uid, reader):
        self.table.tap(uid, reader)
        self._fed()

    @rule(data=st.data(), reader=st.sampled_from(["cards", "table"]))
    def tap_another_games_card(self, data, reader):
        game = self.daemon.session.spec.id if self.daemon.session else "creepy_cellar"
        other = _pick(data, [c for g, s in GAMES.items() if g != game for c in s.components])
        self.table.tap("04EE0000000001", reader, ndef=other)
        self._fed()

    @rule(text=st.sampled_from(["creepy_cellar:ghost:nowhere", "x:y", "hello", "a:b:c", "::", "\u202e:x:y"]))
    def tap_a_card_with_odd_text(self, text):
        self.table.tap("04EE0000000002", "cards", ndef=text)
        self._fed()

    @rule(reader=st.sampled_from(["cards", "tiles", "table"]))
    def lift(self, reader):
        self.table.remove(reader)
        self._fed()

    @rule(hold=st.one_of(st.just(0.0), st.floats(0.0, 1.4), st.floats(1.5, 5.0)))
    def press_the_dice_button(self, hold):
        self.table.press(hold)
        self._fed()

    @rule(edges=st.integers(1, 6).map(lambda n: 2 * n))
    def bounce(self, edges):
        self.table.finger.bounce(edges)
        self._fed()

    # ------------------------------------------------------------------ touches and commands

    @rule(data=st.data())
    def touch_a_current_choice(self, data):
        keys = self.daemon.call(lambda: [c.key for c in self.daemon.session.prompt.choices]
                                if self.daemon.session else [])
        key = _pick(data, keys)
        if key is None:
            return
        self.seen_keys.add(key)
        self._ack(self.client.choose(key))

    @rule(data=st.data())
    def touch_a_stale_key(self, data):
        self._ack(self.client.choose(_pick(data, self.seen_keys)))

    @rule(key=st.text(min_size=1, max_size=40))
    def touch_an_invented_key(self, key):
        self._ack(self.client.choose(key))

    @rule(times=st.integers(1, 8))
    def undo_many_times(self, times):
        for _ in range(times):
            self._ack(self.client.undo())

    @rule(game=st.sampled_from(sorted(GAMES)), abandon=st.booleans(), seed=st.integers(0, 2**31))
    def new_game_mid_game(self, game, abandon, seed):
        ack = self.client.request({"cmd": "new_game", "game": game, "players": ["Ada", "Bo"], "abandon": abandon})
        self._ack(ack)
        if ack["ok"]:
            spec = self.daemon.session.spec
            self.initial = Session(spec, self.daemon.session.header).state
            # this game's header has no tags: enroll some through the socket instead
            self.tags = {f"04AB{i:010X}": c for i, c in enumerate(sorted(spec.components)[seed % 7::5][:6])}
            for uid, component in self.tags.items():
                assert self.client.request({"cmd": "enroll", "uid": uid, "component": component})["ok"]

    @rule(line=st.sampled_from(MALFORMED))
    def malformed_line(self, line):
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as raw:
            raw.connect(str(self.daemon.socket_path))
            raw.settimeout(10)
            reader = raw.makefile("rb")
            assert protocol.decode(reader.readline())["type"] == "state"
            raw.sendall(line)
            raw.sendall(b'{"cmd": "state", "id": "after"}\n')
            answers = []

            def refusals():
                return [m for m in answers if m.get("type") == "notice" or (m.get("type") == "ack" and not m["ok"])]

            # some commands (write_tag) are answered in the background: wait for both
            while not any(m.get("id") == "after" for m in answers) or (line != b"{}\n" and not refusals()):
                answers.append(protocol.decode(reader.readline()))
        assert all(m["text"] for m in refusals()), (line[:60], answers)
        COUNT["events"] += 1

    @rule()
    def a_line_over_the_limit(self):
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as raw:
            raw.connect(str(self.daemon.socket_path))
            raw.settimeout(10)
            reader = raw.makefile("rb")
            reader.readline()
            raw.sendall(b"x" * (protocol.MAX_LINE + 100) + b"\n")
            answer = protocol.decode(reader.readline())
            while answer.get("type") == "later":  # the odds figure that follows the state (issue 35)
                answer = protocol.decode(reader.readline())
            assert "longer than" in answer["text"]
        COUNT["events"] += 1

    def _ack(self, ack: dict) -> None:
        COUNT["events"] += 1
        assert ack["type"] == "ack"
        assert ack["ok"] or ack["text"], ack

    # ------------------------------------------------------------------ after every step

    @invariant()
    def the_daemon_answers_and_the_game_holds(self):
        if self.initial is None:
            return
        COUNT["steps"] += 1
        ack = self.client.request({"cmd": "state"}, timeout=20)
        assert ack["ok"] is True
        for message in self.notices.take():
            if message.get("type") == "notice":
                assert message["text"] and "Internal error" not in message["text"], message
        for inp, reply in self.replies:
            assert reply.accepted or reply.ignored or reply.text, (inp, reply)
        self.replies.clear()
        assert not self.failures, self.failures
        session, stored = self.daemon.call(self._replayed)
        assert stored.state == session.state, "the stored log does not replay to the daemon's game"
        prompt = session.prompt
        assert prompt.over or prompt.choices, prompt
        assert len({c.key for c in prompt.choices}) == len(prompt.choices)
        json.dumps(session.view())
        check = INVARIANTS.get(session.spec.id)
        if check is not None and session.spec.id == type(self).game_of(self.initial, session):
            check(session.state, self.initial, None)  # no "previous": undo may go back anywhere

    def _replayed(self):
        session = self.daemon.session
        return session, Session.resume(self.store, self.store.game(session.game_id), use_snapshot=False)

    @staticmethod
    def game_of(initial, session) -> str:
        """The game ``initial`` was set up for (a new game may have replaced it)."""
        return session.spec.id if type(initial) is type(session.state) else ""

    @precondition(lambda self: False)
    @rule()
    def never(self):  # keeps hypothesis from complaining when every rule is filtered
        pass
