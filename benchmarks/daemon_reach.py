"""How much of the Daemon other modules reach (issue 27 item 1): an ast walk over the modules
that are handed a Daemon or something standing for it, counting ``daemon.X``,
``self.daemon.X``, ``self._daemon.X`` and ``link.daemon.X`` (X: an attribute read, written or
called) per module. ``companion/daemon/core.py`` (the Daemon itself) is left out.

    python -m benchmarks.daemon_reach [--by-module] [ROOT]

Prints the distinct attributes reached and the uses summed over modules (an attribute used in
two modules counts in both), as in notes/daemonparts.md's table (same scope: companion/daemon,
phones, desk, venue, replay.py; startup.py is counted too, it is handed the Daemon).
"""

from __future__ import annotations

import argparse
import ast
from collections import Counter
from pathlib import Path

#: Where the Daemon (or what stands for it) is handed, relative to the repository's root.
SCOPE = ("companion/daemon", "companion/phones", "companion/desk", "companion/venue", "companion/replay.py",
         "companion/startup.py")
#: The Daemon's own module.
CORE = "companion/daemon/core.py"
#: Names a Daemon goes by in those modules.
NAMES = frozenset({"daemon", "_daemon"})


def _is_daemon(node: ast.expr) -> bool:
    """``daemon`` or ``<name>.daemon`` / ``<name>._daemon`` (``self.daemon``, ``link.daemon``);
    not a module path such as ``companion.daemon``."""
    if isinstance(node, ast.Name):
        return node.id in NAMES
    return (isinstance(node, ast.Attribute) and node.attr in NAMES and isinstance(node.value, ast.Name)
            and node.value.id != "companion")


def reached(path: Path) -> Counter[str]:
    """Attribute name -> uses on a Daemon in the module at ``path``."""
    found: Counter[str] = Counter()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Attribute) and _is_daemon(node.value):
            found[node.attr] += 1
    return found


def modules(root: Path) -> list[Path]:
    paths: list[Path] = []
    for part in SCOPE:
        where = root / part
        paths.extend(sorted(where.rglob("*.py")) if where.is_dir() else [where])
    return [p for p in paths if p.relative_to(root).as_posix() != CORE]


def measure(root: Path) -> dict[str, Counter[str]]:
    """Module (relative path) -> its :func:`reached`, for the modules reaching anything."""
    per = {p.relative_to(root).as_posix(): reached(p) for p in modules(root)}
    return {name: found for name, found in per.items() if found}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("root", nargs="?", type=Path, default=Path(__file__).resolve().parents[1])
    parser.add_argument("--by-module", action="store_true", help="list each module's attributes")
    args = parser.parse_args()
    per = measure(args.root)
    distinct = sorted(set().union(*per.values())) if per else []
    print(f"distinct Daemon attributes reached outside core: {len(distinct)}")
    print(f"attribute uses summed over modules: {sum(len(found) for found in per.values())} distinct per module, "
          f"{sum(sum(found.values()) for found in per.values())} in all")
    print("attributes:", ", ".join(distinct))
    if args.by_module:
        for name, found in sorted(per.items()):
            print(f"  {name}: {len(found)}: {', '.join(sorted(found))}")


if __name__ == "__main__":
    main()
