"""No import cycle among the project's modules, lazy or not (issue 27 item 5): grimp (import-linter's
graph) reads every import, those inside functions and under ``TYPE_CHECKING`` included, and no
group of modules may import each other round."""

from __future__ import annotations

import sys
from pathlib import Path

import grimp


def cycles(*packages: str) -> list[list[str]]:
    """The groups of modules of ``packages`` that import each other round (Tarjan's strongly
    connected components of the import graph), each sorted; empty: no cycle."""
    graph = grimp.build_graph(*packages, cache_dir=None)
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        for imported in graph.find_modules_directly_imported_by(module):
            if imported not in index:
                visit(imported)
                low[module] = min(low[module], low[imported])
            elif imported in stack:
                low[module] = min(low[module], index[imported])
        if low[module] == index[module]:
            group = []
            while not group or group[-1] != module:
                group.append(stack.pop())
            if len(group) > 1:
                found.append(sorted(group))

    for module in sorted(graph.modules):
        if module not in index:
            visit(module)
    return found


def test_no_module_of_the_project_imports_itself_round():
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 10_000))
    try:
        assert cycles("companion", "hardware", "ui") == []
    finally:
        sys.setrecursionlimit(limit)


def test_a_lazy_import_round_is_a_cycle(tmp_path: Path, monkeypatch):
    package = tmp_path / "roundabout"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "first.py").write_text("def go():\n    from roundabout.second import back\n    return back\n")
    (package / "second.py").write_text("from roundabout import first\n\nback = first\n")
    (package / "alone.py").write_text("import roundabout.first\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    assert cycles("roundabout") == [["roundabout.first", "roundabout.second"]]
