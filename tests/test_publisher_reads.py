"""Issue 27 item 1: the state publisher is given a :class:`Published` record of what it reads,
never the Daemon (it reached 18 of the Daemon's attributes). Built here from plain values and
small fakes, with no Daemon at all, it publishes a whole state."""

from __future__ import annotations

import ast
from pathlib import Path
from types import MappingProxyType

from companion.daemon import publisher as publisher_module
from companion.daemon.links import TableNow
from companion.daemon.publisher import Published, StatePublisher
from companion.i18n import msg, notable
from companion.storage_words import disk_full, not_saved


class _Hub:
    def __init__(self):
        self.sent: list[dict] = []
        self.clients: set = set()  # no screen: no odds figure to send after the state

    def broadcast(self, message: dict) -> None:
        self.sent.append(message)


class _Phones:
    def __init__(self):
        self.states: list[dict] = []

    def published(self, state: dict) -> None:
        self.states.append(state)

    def connected(self) -> dict[str, bool]:
        return {"Ada": True}


def _reads(phones=None, warning=None) -> Published:
    now = TableNow(None, "it", True, False, MappingProxyType({"table": {"online": False, "detail": "unplugged"}}),
                   MappingProxyType({}), MappingProxyType({"table": "table"}))
    return Published(now=lambda: now, revision=lambda: 7, finished_at_start=lambda: None, walk=lambda: None,
                     storage_warning=lambda: warning, hardware=lambda: {"readers": []}, tap_components=lambda: [],
                     staff=lambda: {"called": False, "since": None, "message": None}, voice=lambda: {"on": False},
                     screen=lambda: {"text": "normal", "motion": True}, started=lambda game_id: None,
                     phones=lambda: phones, venue=lambda: None, soon=lambda fn, *args: fn(*args), mqtt=None,
                     hold_time=1.5)


def test_the_publisher_builds_a_state_from_its_record_alone():
    hub, phones = _Hub(), _Phones()
    full = not_saved(disk_full())
    publisher = StatePublisher(_reads(phones, full), hub)
    publisher.recent.extend([msg("Ada rolled 4."), notable(msg("Three ghosts in room {room} become a haunting.",
                                                              room="C"))])
    publisher.publish()
    state = hub.sent[-1]
    assert (state["language"], state["revision"], state["venue"], state["phones"]) == ("it", 7, False, {"Ada": True})
    assert state["readers"] == {"table": {"online": False, "detail": "unplugged"}}
    assert state["storage_warning"].startswith("La partita non viene salvata: il disco è pieno.")
    assert state["log_notable"] == [1] and state["notable"] == []
    assert state["screen"] == {"text": "normal", "motion": True} and state["finished_game"] is None
    assert phones.states == [state]


def test_the_publisher_module_names_no_daemon_attribute():
    tree = ast.parse(Path(publisher_module.__file__).read_text())
    reached = {node.attr for node in ast.walk(tree)
               if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "daemon"}
    reached |= {node.attr for node in ast.walk(tree)
                if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Attribute)
                and node.value.attr == "daemon"}
    assert reached == set()
    assert len(Published.__dataclass_fields__) == 16
