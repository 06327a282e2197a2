"""The work on a tap's path, counted (issue 35 item 3: tap -> published within 3x the durable
append): the view is built once per tap, Creepy Cellar's odds meter only for facts it has
not seen (budgets.py's tap run: a Ghost card tapped and undone, over and over), and never
between a tap and its state's publication: the figure follows in the ``later`` message."""

from __future__ import annotations

import copy

from companion.client import Client
from companion.engine import get_game
from companion.games.creepy_cellar import odds
from companion.header import GameHeader
from companion.inputs import Tap
from companion.session import core as session_core
from tests.collector import Collector

UID = "04B00000000001"
#: One tag per room's Ghost card: each tap puts a ghost somewhere new (a state the meter has not seen).
ROOM_TAGS = {f"04B000000000{i:02X}": f"creepy_cellar:ghost:room-{room}" for i, room in enumerate("EFGHI", 1)}
HEADER = {"game": "creepy_cellar", "players": ["Ada", "Bo"], "seed": 3, "options": {"ghost_deck": "physical"},
          "stack": {"movement_die": [2] * 8}, "tags": ROOM_TAGS}


def _count_estimates(monkeypatch, into: list) -> None:
    """Append ``"meter"`` to ``into`` for each estimate the odds meter works out."""

    class Counted(odds._Playout):  # one per estimate worked out
        def __init__(self, *args):
            into.append("meter")
            super().__init__(*args)

    monkeypatch.setattr(odds, "_Playout", Counted)
    odds.forget()


def _count_views(monkeypatch) -> list:
    """The states whose view the daemon builds for a state message (``view_first``), in the
    games started from now on."""
    spec = get_game("creepy_cellar")
    views: list[object] = []
    counted = copy.copy(spec)  # the game, counting its views
    counted.view_first = lambda state: views.append(state) or spec.view_first(state)
    monkeypatch.setattr(session_core, "get_game", lambda game: counted)
    return views


def test_a_tap_builds_one_view_and_a_tap_seen_before_no_odds(daemon, monkeypatch):
    estimates: list[object] = []
    _count_estimates(monkeypatch, estimates)
    views = _count_views(monkeypatch)
    daemon.call(lambda: daemon.start_game(GameHeader.from_json(HEADER)))
    collector = Collector()
    with Client(daemon.socket_path, on_message=collector).connect() as client:
        client.choose("roll")
        daemon.call(lambda: None)  # the roll's figure is sent
        views.clear()
        estimates.clear()
        for round_ in range(1, 6):
            daemon.submit(Tap(UID))
            daemon.drain()
            assert daemon.call(lambda: daemon.session.view()["rooms"]["E"]["ghosts"]) == 1
            assert client.request({"cmd": "undo"})["ok"]
            daemon.call(lambda: None)
            assert len(views) == round_  # the tap's state's; the undo's is the state before it, kept (tap18; was 2)
        collector.wait_for(lambda m: m.get("type") == "state" and m["view"]["rooms"]["E"]["ghosts"] == 0)
    assert len(estimates) == 1  # the tapped state's, once (was 10: one per view)


def _count_work(monkeypatch) -> dict[str, list]:
    """What the game works out in the games started from now on, by kind: the prompts, the
    views (``view``, ``view_first``, ``later``) and the actions played (``_apply``), each a
    list of the states it was asked about."""
    spec = get_game("creepy_cellar")
    work: dict[str, list] = {name: [] for name in ("prompt", "view", "view_first", "later", "_apply")}
    counted = copy.copy(spec)
    for name, calls in work.items():
        original = getattr(spec, name)
        setattr(counted, name, lambda state, *rest, _o=original, _c=calls: _c.append(state) or _o(state, *rest))
    monkeypatch.setattr(session_core, "get_game", lambda game: counted)
    return work


def test_an_undo_works_out_nothing_of_the_state_it_puts_back_nor_plays_the_input_again(daemon, monkeypatch):
    """An undo puts back the very state object the input was played on: its prompt, its views,
    its ``later`` figures and the state message's parts that are the state's alone (the view
    rendered, the prompt's words: ``protocol._state_parts``) were worked out already, and what
    the input did (for the table's put-back lines) is what it did when played, not played again
    (tap18, issue 35 item 3)."""
    from companion import protocol

    work = _count_work(monkeypatch)
    rendered = work["rendered view"] = []
    rendered_view = protocol._rendered_view
    monkeypatch.setattr(protocol, "_rendered_view",
                        lambda view, *rest: rendered.append(view) or rendered_view(view, *rest))
    daemon.call(lambda: daemon.start_game(GameHeader.from_json(HEADER)))
    with Client(daemon.socket_path, on_message=Collector()).connect() as client:
        client.choose("roll")
        daemon.call(lambda: None)
        for calls in work.values():
            calls.clear()
        for _ in range(3):
            daemon.submit(Tap(UID))
            daemon.drain()
            daemon.call(lambda: None)  # the tap's ``later``
            tapped = {name: len(calls) for name, calls in work.items()}
            assert tapped["_apply"] >= 1 and tapped["prompt"] >= 1 and tapped["view_first"] >= 1
            assert tapped["rendered view"] == 1
            for calls in work.values():
                calls.clear()
            reply = client.request({"cmd": "undo"})
            daemon.call(lambda: None)  # the undo's ``later``
            assert reply["ok"]
            assert {name: len(calls) for name, calls in work.items()} == {
                "prompt": 0, "view": 0, "view_first": 0, "later": 0, "_apply": 0,
                "rendered view": 0}  # was 1 of each but view
            news = daemon.call(lambda: [str(line) for line in daemon.session.todo])
            assert news == ["Take the ghost back off room E.",
                            "Put the Ghost card room E back on top of the Ghost deck."]


def test_no_meter_runs_between_a_tap_and_its_states_publication(daemon, monkeypatch):
    """Each tap reaches a state the meter has not seen. What the daemon sends and the meter's
    estimates, in order: the state (its figure None), then one estimate, then the ``later``
    message with that state's revision and figure. Before issue 35's change the estimate came
    first, inside the state."""
    order: list[object] = []
    _count_estimates(monkeypatch, order)
    daemon.call(lambda: daemon.start_game(GameHeader.from_json(HEADER)))
    broadcast = daemon.hub.broadcast

    def sent(message):
        order.append((message["type"], message.get("revision")))
        broadcast(message)

    monkeypatch.setattr(daemon.hub, "broadcast", sent)
    collector = Collector()
    with Client(daemon.socket_path, on_message=collector).connect() as client:
        client.choose("roll")
        daemon.call(lambda: None)
        for uid in ROOM_TAGS:
            order.clear()
            collector.clear()
            daemon.submit(Tap(uid))
            daemon.drain()
            daemon.call(lambda: None)  # the loop's next turn: the figure's
            revision = daemon.revision
            assert order == [("input", None), ("state", revision), "meter", ("later", revision)]
            state = collector.wait_for(lambda m: m.get("type") == "state")
            later = collector.wait_for(lambda m: m.get("type") == "later")
            assert state["revision"] == revision and state["view"]["odds_haunting"] is None
            figure = daemon.call(lambda: daemon.session.view()["odds_haunting"])
            assert later == {"type": "later", "revision": revision, "game": "creepy_cellar",
                             "view": {"odds_haunting": figure}}
            assert isinstance(figure, float)  # the meter ran: 0.0 this early in the game
            assert client.state is not None and client.state["view"]["odds_haunting"] == figure  # merged
            assert client.request({"cmd": "undo"})["ok"]
            daemon.call(lambda: None)


def test_a_screen_that_connects_or_asks_gets_the_figure_after_the_state(daemon):
    daemon.call(lambda: daemon.start_game(GameHeader.from_json(HEADER)))
    collector = Collector()
    with Client(daemon.socket_path, on_message=collector).connect() as client:
        later = collector.wait_for(lambda m: m.get("type") == "later")
        kinds = [m["type"] for m in collector.messages]
        assert kinds[:2] == ["state", "later"] and later["revision"] == collector.messages[0]["revision"]
        collector.clear()
        client.request({"cmd": "state"})
        collector.wait_for(lambda m: m.get("type") == "later")
        assert [m["type"] for m in collector.messages][:2] == ["state", "later"]


def test_an_idle_daemon_plays_a_tap_in_the_loop_turn_it_arrives_and_publishes_it_after_its_append(daemon,
                                                                                                   monkeypatch):
    """A tap's one hand-off is the reader thread's to the daemon's loop. With nothing queued,
    the worker plays it in the callback that brought it: it used to be put in a queue and
    taken by the worker's task on the loop's next turn (one put per tap). Its state still goes
    out only once its append has returned (durable: ``synchronous=FULL``)."""
    import asyncio

    from companion.inputs import Touch

    puts: list[object] = []
    for name in ("put", "put_nowait"):
        original = getattr(asyncio.Queue, name)
        monkeypatch.setattr(asyncio.Queue, name, lambda queue, item, _o=original: puts.append(item) or _o(queue, item))
    daemon.call(lambda: daemon.start_game(GameHeader.from_json(HEADER)))
    assert daemon.submit(Touch("roll")).result(10).accepted
    order: list[str] = []
    append, broadcast = daemon.store.append, daemon.hub.broadcast
    monkeypatch.setattr(daemon.store, "append", lambda *a, **k: (append(*a, **k), order.append("appended"))[0])
    monkeypatch.setattr(daemon.hub, "broadcast", lambda message: (order.append(message["type"]), broadcast(message)))
    for uid in list(ROOM_TAGS)[:3]:
        puts.clear()
        order.clear()
        assert daemon.submit(Tap(uid)).result(10).accepted
        assert puts == []  # was one ("input", Tap, future) per tap
        assert order == ["input", "appended", "state"]  # the flash, the durable append, then the state
        assert daemon.submit(Touch("undo")).result(10).accepted


def test_what_comes_while_others_wait_is_played_after_them_in_order():
    """The worker plays an item in the callback that brought it only when nothing is queued:
    one that arrives behind a queued call waits its turn."""
    import asyncio

    from companion.daemon.worker import InputWorker

    async def run() -> tuple[list[str], list[str], int]:
        played: list[str] = []

        def handle(kind, payload, future):
            played.append(payload if kind == "input" else payload())
            if kind == "call":
                future.set_result(None)

        worker = InputWorker(handle)
        worker.start(asyncio.get_running_loop())
        await asyncio.sleep(0)  # the worker waits for its first item
        worker.from_thread(("input", "tap 1", None))
        await asyncio.sleep(0)
        at_once = list(played)
        call = asyncio.ensure_future(worker.in_order(lambda: "a command"))
        worker.from_thread(("input", "tap 2", None))  # arrives after the command is queued
        await call
        await worker.drained()
        worker.stop()
        return at_once, played, worker.direct

    at_once, played, direct = asyncio.run(run())
    assert at_once == ["tap 1"] and played == ["tap 1", "a command", "tap 2"] and direct == 1


def test_a_taps_flash_and_state_reach_a_screen_in_one_write_unless_inputs_are_slow(daemon, monkeypatch):
    """Each write wakes the screen's reader (and, in budgets.py's process, takes the GIL from
    the worker before the tap's append). A quick tap's flash goes out with its state, in that
    order, in one write; once an input took FLASH_AT_ONCE_AFTER or more (a slow SD card), the
    next flash goes out at once, before the rules see the tap."""
    import asyncio

    from companion.daemon import play
    from companion.inputs import Touch

    writes: list[list[str]] = []
    write = asyncio.StreamWriter.write

    def counted(writer, data):
        kinds = [line.split(b'"', 4)[3].decode() for line in bytes(data).splitlines()]
        if "later" not in kinds:  # the odds figure, after the state
            writes.append(kinds)
        return write(writer, data)

    monkeypatch.setattr(asyncio.StreamWriter, "write", counted)
    daemon.call(lambda: daemon.start_game(GameHeader.from_json(HEADER)))
    collector = Collector()
    with Client(daemon.socket_path, on_message=collector).connect():
        for slow, uid in ((False, UID), (True, UID)):
            monkeypatch.setattr(play, "FLASH_AT_ONCE_AFTER", 0.0 if slow else 60.0, raising=False)
            assert daemon.submit(Touch("roll")).result(10).accepted  # its time sets how the tap goes
            writes.clear()
            assert daemon.submit(Tap(uid)).result(10).accepted
            assert writes == ([["input"], ["state"]] if slow else [["input", "state"]])
            revision = daemon.revision
            collector.wait_for(lambda m, r=revision: m.get("type") == "state" and m["revision"] == r)
            kinds = [m["type"] for m in collector.messages if m["type"] in ("input", "state")]
            assert kinds[-2:] == ["input", "state"]
            for _ in range(2):  # the tap and the roll
                assert daemon.submit(Touch("undo")).result(10).accepted


def test_a_stopped_worker_plays_nothing_more():
    """At shutdown the worker stops (readers first): an input that still reaches the loop is
    left queued, not played in the callback that brought it."""
    import asyncio

    from companion.daemon.worker import InputWorker

    async def run() -> tuple[list[str], int]:
        played: list[str] = []
        worker = InputWorker(lambda kind, payload, future: played.append(payload))
        task = worker.start(asyncio.get_running_loop())
        await asyncio.sleep(0)
        worker.stop()
        worker.from_thread(("input", "late tap", None))
        await asyncio.gather(task, return_exceptions=True)
        await asyncio.sleep(0)
        return played, worker.waiting()

    assert asyncio.run(run()) == ([], 1)


def test_a_views_plain_values_are_rendered_without_a_call_each(monkeypatch):
    """A state renders its view's sentences (``protocol.render_tree``) on every tap. A plain
    value (a number, a plain string, None) is taken as it is, without a call: Creepy Cellar's
    view has ~170 values and ~30 containers. The rendering is unchanged."""
    from companion import protocol
    from companion.engine import all_games, resolve_options

    spec = all_games()["creepy_cellar"]
    view = spec.view_first(spec.setup(["Ada", "Bo"], resolve_options(spec, {})))

    def not_plain(value) -> int:  # the values that need rendering or hold others
        if type(value) in (str, int, float, bool, type(None)):
            return 0
        inner = value.values() if isinstance(value, dict) else value if isinstance(value, (list, tuple)) else ()
        return 1 + sum(not_plain(v) for v in inner)

    expected = protocol.render_tree(view, "it", {})
    calls: list[object] = []
    original = protocol.render_tree
    monkeypatch.setattr(protocol, "render_tree",
                        lambda value, lang, stand_ins=None, articles=None:
                        calls.append(value) or original(value, lang, stand_ins, articles))
    assert protocol.render_tree(view, "it", {}) == expected
    assert len(calls) == not_plain(view) < 40  # was one per value: 177


def test_a_tap_and_its_undo_make_no_new_table_now(daemon, monkeypatch):
    """The state message's parts each read the daemon's ``now()`` (the state, the hardware, the
    Cards panel's components, the undo toast, the ``later`` figures): one TableNow, made again
    only when something it holds is replaced (tap18; it was made anew each time: 5 a tap)."""
    from companion.daemon import core

    made: list[object] = []

    class Counted(core.TableNow):
        def __init__(self, *args):
            made.append(args)
            super().__init__(*args)

    monkeypatch.setattr(core, "TableNow", Counted)
    daemon.call(lambda: daemon.start_game(GameHeader.from_json(HEADER)))
    with Client(daemon.socket_path, on_message=Collector()).connect() as client:
        client.choose("roll")
        daemon.call(lambda: None)
        made.clear()
        for _ in range(3):
            daemon.submit(Tap(UID))
            daemon.drain()
            assert client.request({"cmd": "undo"})["ok"]
            daemon.call(lambda: None)
        assert made == []
        before = daemon.call(daemon.now)
        daemon.call(lambda: daemon.choose_language("it"))
        assert len(made) >= 1 and daemon.call(daemon.now).language == "it" and before.language == "en"
        now = daemon.call(daemon.now)
        assert now.readers is daemon.call(daemon.now).readers and dict(now.readers) == daemon.devices.readers


class _CountedEncoder:
    """A msgspec encoder that keeps what it was given (each message's ``view`` and ``prompt``
    types; its other messages by their ``type``) and still writes it."""

    def __init__(self, encoder):
        self._encoder, self.seen = encoder, []

    def encode(self, value):
        if isinstance(value, dict):
            self.seen.append((value.get("type"), type(value.get("view")).__name__, type(value.get("prompt")).__name__))
        return self._encoder.encode(value)


def test_a_tap_seen_before_writes_its_view_and_prompt_from_bytes_made_once(daemon, monkeypatch):
    """budgets.py's tap run, through the daemon: a tap, its undo, the same tap again. From the
    second round on, the tap's state message writes its view and its prompt from the bytes
    made the first time (``protocol._RAW``: were written again in JSON and in msgpack each
    time), its prompt's choices are not made again (``_choice_message``: was 14 a tap), and
    its flash is not written again (``{"type": "input", ...}``: its line is kept). tap19."""
    from companion import protocol

    made_choices: list[object] = []
    choice_message = protocol._choice_message
    monkeypatch.setattr(protocol, "_choice_message",
                        lambda c, *rest: made_choices.append(c) or choice_message(c, *rest))
    written, packed = _CountedEncoder(protocol._ENCODER), _CountedEncoder(protocol._PACKER)
    monkeypatch.setattr(protocol, "_ENCODER", written)
    monkeypatch.setattr(protocol, "_PACKER", packed)
    daemon.call(lambda: daemon.start_game(GameHeader.from_json(HEADER)))
    collector = Collector()
    with Client(daemon.socket_path, on_message=collector).connect() as client:
        client.choose("roll")
        daemon.call(lambda: None)
        for round_ in range(3):
            for encoder in (written, packed):
                encoder.seen.clear()
            made_choices.clear()
            daemon.submit(Tap(UID))
            daemon.drain()
            daemon.call(lambda: None)  # the tap's ``later``
            state = collector.wait_for(lambda m: m.get("type") == "state" and m["view"]["rooms"]["E"]["ghosts"] == 1)
            assert state["prompt"]["choices"]  # the screen got the prompt, its choices
            if round_:
                assert made_choices == []  # was one a choice a tap
                assert written.seen == [("state", "Raw", "Raw"), ("later", "dict", "NoneType")]  # was 3: the flash
                assert [seen for seen in packed.seen if seen[0] == "state"] == [("state", "Raw", "Raw")]  # was dicts
            collector.clear()
            assert client.request({"cmd": "undo"})["ok"]
            daemon.call(lambda: None)
