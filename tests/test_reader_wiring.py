"""Readers are wired in one place (issue 27 item 2): :class:`~companion.daemon.table_hardware.TableHardware`
starts the configured readers, the virtual ones and the replays' simulated table; nothing else in the
companion, the table screen or the tests builds one. The hardware layer's own tests (tests/hardware)
build what they test."""

from __future__ import annotations

import ast
import json
from pathlib import Path

from companion import script
from companion.daemon.table_hardware import TableHardware
from companion.replay import replay

ROOT = Path(__file__).resolve().parent.parent

#: What starts a reader (or a table of them), by the name it is imported under.
READER_MAKERS = {"SimulatedTable", "ReaderSupervisor", "VirtualReader", "build_reader"}

#: Where a reader may be built: the one wiring place.
WIRING = "companion/daemon/table_hardware.py"


def _imports_a_reader_maker(path: Path) -> bool:
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("hardware"):
            if READER_MAKERS & {alias.name for alias in node.names}:
                return True
    return False


def _wiring_places() -> list[str]:
    files = [*ROOT.joinpath("companion").rglob("*.py"), *ROOT.joinpath("ui").rglob("*.py"),
             *(path for path in ROOT.joinpath("tests").rglob("*.py") if "hardware" not in path.parts)]
    return sorted(str(path.relative_to(ROOT)) for path in files if _imports_a_reader_maker(path))


def test_only_the_table_hardware_builds_readers():
    assert _wiring_places() == [WIRING]


def test_a_replay_plays_on_the_table_hardwares_simulated_table(monkeypatch):
    started = []
    simulated = TableHardware.simulated

    def watched(*args, **kwargs):
        table = simulated(*args, **kwargs)
        started.append(table)
        return table

    monkeypatch.setattr(TableHardware, "simulated", staticmethod(watched))
    header = {"script": 1, "game": "creepy_cellar", "players": ["Ada", "Bo"], "seed": 7}
    lines = [header, {"at": 0, "button": "dice"}, {"at": 1, "tap": "04DEADBEEF0042", "reader": "table"}]
    result = replay(script.parse("\n".join(json.dumps(line) for line in lines)))
    assert len(started) == 1
    assert sorted(started[0].readers) == ["table"]  # the tap went to its fake reader
    assert result.fed == 2 and result.state["view"]["die"] is not None
