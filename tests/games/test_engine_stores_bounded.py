"""The choice and prompt stores the engines keep between states (issue 35) are bounded small.

Each is process-wide and a daemon plays game after game: after 40,000 random actions of each
engine in one process, the stores at 1,024 entries each took the RSS from 14 to 53 MB (Children
alone +20 MB); at 256 (the Children draw's choices 512) it is 40 MB, with the same instructions an action
(``benchmarks/engine_memory.py``). Creepy Cellar's move step keeps 1,024: its sentences are shared
across that many hunters, places and moves, and it adds under 3 MB.
"""

from __future__ import annotations

import functools
import importlib
import pkgutil

import pytest

SMALL = ("children", "clue_it", "house_of_spirits", "ghost_at_home")


def _stores(game: str):
    package = importlib.import_module(f"companion.games.{game}")
    for info in pkgutil.iter_modules(package.__path__):
        module = importlib.import_module(f"{package.__name__}.{info.name}")
        for name, value in vars(module).items():
            if isinstance(value, functools._lru_cache_wrapper) and value.__module__ == module.__name__:  # noqa: SLF001
                yield f"{module.__name__}.{name}", value.cache_parameters()["maxsize"]


@pytest.mark.parametrize("game", SMALL)
def test_every_bounded_store_keeps_at_most_512(game):
    """(``functools.cache`` stores, unbounded, hold facts of a fixed few keys: floors, files.)"""
    stores = dict(_stores(game))
    assert any(size for size in stores.values())
    assert {name: size for name, size in stores.items() if size is not None and size > 512} == {}


def test_childrens_news_lines_kept_at_most_1024():
    from companion.games.children import why

    assert why._LINES_KEPT <= 1024  # noqa: SLF001


def test_house_of_spirits_news_lines_kept_at_most_1024():
    """speed19d: the fight and investigation lines made once for what they say."""
    from companion.games.house_of_spirits import why

    assert why.LINES.limit <= 1024
