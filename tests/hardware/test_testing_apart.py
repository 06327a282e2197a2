"""Issue 21 (fakes): the chip simulators are test support, kept apart from the product.

They live in :mod:`hardware.testing`; no module of ``companion``, ``hardware`` (outside
``hardware.testing``) or ``ui`` imports it, at the top, inside a function, relatively, or by
name through ``importlib``. Read from the source with :mod:`ast`, so an import that only a
rarely taken branch runs is found too.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PRODUCT = ("companion", "hardware", "ui")
TESTING = "hardware.testing"
_NAMED = re.compile(r"^hardware\.testing(\.|$)")


def module_name(path: Path) -> str:
    """``hardware/nfc/fake.py`` -> ``hardware.nfc.fake``; a package's ``__init__`` is the package."""
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported(source: str, module: str, is_package: bool = False) -> set[str]:
    """Every module name ``source`` (the text of ``module``) imports or names as a dotted
    string starting ``hardware.testing`` (what ``importlib.import_module`` would be given)."""
    package = module if is_package else module.rpartition(".")[0]
    names: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = _absolute(node, package)
            names.add(base)
            names.update(f"{base}.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and _NAMED.match(node.value):
            names.add(node.value)
    return names


def _absolute(node: ast.ImportFrom, package: str) -> str:
    """The module a ``from ... import`` reads from, with a relative one resolved."""
    if not node.level:
        return node.module or ""
    parts = package.split(".")
    base = ".".join(parts[:len(parts) - node.level + 1])
    return f"{base}.{node.module}" if node.module else base


def _is_testing(name: str) -> bool:
    return name == TESTING or name.startswith(TESTING + ".")


def product_modules() -> list[Path]:
    """Every ``.py`` file of the product packages, ``hardware/testing`` left out."""
    files = [path for package in PRODUCT for path in sorted((ROOT / package).rglob("*.py"))]
    return [path for path in files if not _is_testing(module_name(path))]


def test_no_product_module_imports_hardware_testing():
    offenders = {}
    for path in product_modules():
        found = sorted(name for name in imported(path.read_text(encoding="utf-8"), module_name(path),
                                                 path.name == "__init__.py") if _is_testing(name))
        if found:
            offenders[str(path.relative_to(ROOT))] = found
    assert offenders == {}


def test_the_scan_covers_the_runtime_modules_that_use_simulated_hardware():
    scanned = {module_name(path) for path in product_modules()}
    assert {"companion.replay", "companion.demo", "companion.daemon", "hardware.simulated",
            "hardware.factory", "hardware.nfc.fake", "hardware.dice.fake", "hardware.nfc.mfrc522",
            "hardware.nfc.pn532"} <= scanned
    assert not any(_is_testing(name) for name in scanned)


def test_the_scan_finds_every_way_of_importing_it():
    source = "\n".join([
        "import hardware.testing.mfrc522_chip",
        "from hardware import testing",
        "def later():",
        "    from ..testing.pn532_chip import SimulatedPN532",
        "    from .. import testing",
        "DRIVERS = {'sim': ('hardware.testing.fake_spidev', 'installed')}",
        "from hardware.nfc import fake",
    ])
    found = imported(source, "hardware.nfc.anything")
    assert {name for name in found if _is_testing(name)} == {
        "hardware.testing.mfrc522_chip", "hardware.testing", "hardware.testing.pn532_chip",
        "hardware.testing.pn532_chip.SimulatedPN532", "hardware.testing.fake_spidev"}
    assert "hardware.nfc.fake" in found


def test_the_chip_simulators_live_only_in_hardware_testing():
    simulators = {"mfrc522_chip.py", "pn532_chip.py", "fake_spidev.py"}
    assert simulators <= {path.name for path in (ROOT / "hardware" / "testing").glob("*.py")}
    assert not list((ROOT / "hardware" / "nfc").glob("*_sim.py"))
    first_line = ast.get_docstring(ast.parse((ROOT / "hardware" / "testing" / "__init__.py").read_text()))
    assert first_line.startswith("Test support only")
