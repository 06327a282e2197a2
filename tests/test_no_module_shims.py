"""Issue 27 item 5: no import cycle, lazy or not. ``companion.store`` used to forward seven
names to ``companion.recovery`` through a module ``__getattr__`` (recovery imports store), so
the two modules knew each other both ways."""

from __future__ import annotations

import ast
from pathlib import Path

from tests.checkout import ROOT


def _module_getattrs() -> list[str]:
    found = []
    for path in sorted(Path(ROOT, "companion").rglob("*.py")) + sorted(Path(ROOT, "ui").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        if any(isinstance(node, ast.FunctionDef) and node.name == "__getattr__" for node in tree.body):
            found.append(str(path.relative_to(ROOT)))
    return found


def test_no_module_forwards_names_through_a_module_getattr():
    assert _module_getattrs() == []


def test_the_store_does_not_import_its_recovery():
    tree = ast.parse(Path(ROOT, "companion", "store.py").read_text(encoding="utf-8"))
    imported = {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    imported |= {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names}
    assert "companion.recovery" not in imported
    assert not any(isinstance(node, ast.ImportFrom) and node.module == "companion"
                   and any(a.name == "recovery" for a in node.names) for node in ast.walk(tree))
