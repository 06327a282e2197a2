"""``make demo``'s first screen (newcomer16): pip 26 showed setuptools' ten-line
"BuildBackendWarning: Editable installation. … Please be careful with folders in your working
directory with the same name as your package" block, which reads as if the install failed.

Its cause is the layout setuptools saw: packages found in the checkout's root with no
``package-dir``, for which an editable install uses a meta path finder, and that strategy
always ends with this note. ``[tool.setuptools] package-dir = {"" = "."}`` says the root is
the packages' parent, so setuptools puts the checkout on ``sys.path`` with a ``.pth`` file,
which warns about nothing (checked by hand with pip 26.3 and setuptools 84 in a throwaway
venv: notes/words17.md). This test asks setuptools itself which strategy it picks."""

from __future__ import annotations

import warnings
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def test_an_editable_install_uses_the_quiet_pth_strategy(monkeypatch):
    editable_wheel = pytest.importorskip("setuptools.command.editable_wheel")
    from setuptools.config.pyprojecttoml import apply_configuration
    from setuptools.dist import Distribution

    monkeypatch.chdir(ROOT)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # setuptools' own notes about the configuration
        dist = apply_configuration(Distribution(), ROOT / "pyproject.toml")
        command = editable_wheel.editable_wheel(dist)
        command.ensure_finalized()
        strategy = command._select_strategy("haunt_companion", "py3-none-any", "build/lib")
    assert type(strategy).__name__ == "_StaticPth", type(strategy).__name__
    assert [Path(p).resolve() for p in strategy.path_entries] == [ROOT]
