"""The lint gate fails on a planted violation of each of its checks (issue 27 item 5).

Each contract of ``[tool.importlinter]`` in pyproject.toml is run, as ``make lint`` runs it,
over a miniature tree with the project's package names in a temporary folder: one tree that
keeps the layering and one with a single planted import that breaks it. ruff and pyright
(with the project's ``[tool.pyright]`` mode) each fail on a planted violation.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
LINT_IMPORTS = Path(sys.executable).with_name("lint-imports")
RUFF = Path(sys.executable).with_name("ruff")
PYRIGHT = Path(sys.executable).with_name("pyright")

#: The miniature tree that keeps every contract: module -> its source.
CLEAN = {
    "companion/__init__.py": "",
    "companion/errors.py": "",
    "companion/i18n.py": "",
    "companion/store.py": "import companion.engine.core\n",
    "companion/client.py": "import companion.i18n\n",
    "companion/engine/__init__.py": "",
    "companion/engine/core.py": "import companion.errors\nimport companion.i18n\n",
    "companion/games/__init__.py": "import companion.engine.core\n",
    "hardware/__init__.py": "",
    "hardware/nfc.py": "import json\n",
    "ui/__init__.py": "",
    "ui/app.py": "import companion.client\n",
    "kivy/__init__.py": "",
    "companion/daemon/__init__.py": "import companion.daemon.core\n",  # it exports the Daemon
    "companion/daemon/core.py": "import companion.daemon.links\nimport companion.daemon.taps\n",
    "companion/daemon/links.py": "",
    "companion/daemon/taps.py": "import companion.daemon.links\n",
    "companion/daemon/boot.py": "import companion.daemon\n",  # builds a Daemon: the one import ignored
    "companion/daemon/play.py": "import companion.daemon.links\n",  # a part no contract names
    "companion/session/__init__.py": "import companion.session.core\n",  # it exports the Session
    "companion/session/core.py": "import companion.session.views\n",
    "companion/session/views.py": "",
    "companion/session/lessons.py": "import companion.session.views\n",
}

#: One planted violation per contract: (file, the line added, the contract it breaks).
PLANTED = [
    ("companion/engine/core.py", "import companion.store\n", "Engines import only the engine"),
    ("companion/games/__init__.py", "import kivy\n", "Engines import no hardware"),
    ("hardware/nfc.py", "import companion.errors\n", "Hardware imports nothing"),
    ("ui/app.py", "import companion.store\n", "The table screen talks"),
    ("companion/daemon/taps.py", "import companion.daemon.core\n", "Daemon parts never import"),
    ("companion/daemon/play.py", "from companion.daemon import Daemon\n", "Daemon parts never import"),
    ("companion/session/lessons.py", "from companion.session import Session\n", "Session parts never import"),
]


def _contracts() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]


def _tree(folder: Path, plant: tuple[str, str, str] | None) -> None:
    for name, source in CLEAN.items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(source + (plant[1] if plant and plant[0] == name else ""))
    config = _contracts()
    lines = ["[tool.importlinter]", 'root_packages = ["companion", "hardware", "ui"]',
             "include_external_packages = true", f"contract_types = {config['contract_types']!r}"]
    for contract in config["contracts"]:
        lines.append("[[tool.importlinter.contracts]]")
        lines += [f"{key} = {value!r}" for key, value in contract.items()]
    (folder / "pyproject.toml").write_text("\n".join(lines).replace("'", '"') + "\n")


def _lint_imports(folder: Path) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=f"{folder}{os.pathsep}{ROOT}")
    return subprocess.run([str(LINT_IMPORTS), "--no-cache"], cwd=folder, env=env,
                          capture_output=True, text=True, timeout=60)


def test_the_miniature_tree_keeps_every_contract(tmp_path: Path) -> None:
    _tree(tmp_path, None)
    result = _lint_imports(tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    assert f"Contracts: {len(_contracts()['contracts'])} kept, 0 broken" in result.stdout


@pytest.mark.parametrize("plant", PLANTED, ids=[f"{p[2]} ({p[0]})" for p in PLANTED])
def test_a_planted_import_breaks_its_contract(tmp_path: Path, plant: tuple[str, str, str]) -> None:
    _tree(tmp_path, plant)
    result = _lint_imports(tmp_path)
    assert result.returncode == 1, result.stdout + result.stderr
    broken = result.stdout.split("Broken contracts")[1]
    assert plant[2] in broken
    assert f"Contracts: {len(_contracts()['contracts']) - 1} kept, 1 broken" in result.stdout


def test_ruff_fails_on_a_planted_violation(tmp_path: Path) -> None:
    (tmp_path / "bad.py").write_text("import os\n")
    result = subprocess.run([str(RUFF), "check", "--config", str(ROOT / "pyproject.toml"), str(tmp_path)],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 1
    assert "F401" in result.stdout


def _pyright(folder: Path, files: dict[str, str], settings: str = "") -> tuple[subprocess.CompletedProcess, list]:
    """pyright over ``files`` (name -> text) in ``folder``, in the project's mode and Python
    version (``settings``: more lines of its table); its run and its (file, rule) errors."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["pyright"]
    (folder / "pyproject.toml").write_text(
        f'[tool.pyright]\ntypeCheckingMode = "{config["typeCheckingMode"]}"\n'
        f'pythonVersion = "{config["pythonVersion"]}"\n{settings}')
    for name, text in files.items():
        (folder / name).write_text(text)
    result = subprocess.run([str(PYRIGHT), "--pythonpath", sys.executable, "--outputjson"], cwd=folder,
                            env=dict(os.environ, PYRIGHT_PYTHON_IGNORE_WARNINGS="1"),
                            capture_output=True, text=True, timeout=120)
    return result, [(Path(d["file"]).name, d["rule"]) for d in json.loads(result.stdout)["generalDiagnostics"]]


def test_pyright_fails_on_a_planted_type_error(tmp_path: Path) -> None:
    result, errors = _pyright(tmp_path, {
        "kept.py": "def floor(n: int | None) -> int:\n    return 0 if n is None else n - 1\n",
        "planted.py": "def floor(n: int | None) -> int:\n    return n - 1\n"})
    assert result.returncode == 1, result.stdout + result.stderr
    assert errors == [("planted.py", "reportOptionalOperand")]


def test_pyright_checks_a_games_hooks_against_its_state_type(tmp_path: Path) -> None:
    """A game is ``Game[State]`` and assigns its hooks in its class body (issue 27 item 4): a
    hook written for another state type is a type error."""
    game = ("from dataclasses import dataclass\n\nfrom companion.engine.core import Prompt\n"
            "from companion.engine.game import Game\n\n\n"
            "@dataclass(frozen=True)\nclass Tally:\n    count: int = 0\n\n\n"
            "def prompt(state: {kind}) -> Prompt:\n    return Prompt('p')\n\n\n"
            "class Toy(Game[Tally]):\n    prompt = staticmethod(prompt)\n\n"
            "    def _apply(self, state: Tally, key: str) -> Tally:\n        return state\n")
    result, errors = _pyright(tmp_path, {"kept.py": game.format(kind="Tally"), "planted.py": game.format(kind="str")},
                              f'extraPaths = ["{ROOT}"]\n')
    assert ("planted.py", "reportAssignmentType") in errors, result.stdout[-2000:]
    assert not [e for e in errors if e[0] == "kept.py"], result.stdout[-2000:]
