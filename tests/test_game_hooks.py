"""One convention for a game's hooks (issue 21): a ``Game`` subclass that names its package
gets each hook from the package's module for that role (``companion.engine.game.HOOKS``),
keeps what it writes itself, and the defaults for what its modules lack."""

from __future__ import annotations

import sys
from types import ModuleType

import pytest

from companion.engine.game import HOOKS, Game
from companion.games import children, clue_it, creepy_cellar, ghost_at_home, house_of_spirits
from companion.games.children import prompts as children_prompts
from companion.games.children import rules as children_rules
from companion.games.creepy_cellar import refusals as cellar_refusals
from companion.games.house_of_spirits import view as hos_view


def _hook(game, name):
    return getattr(type(game.SPEC), name)


def test_a_game_gets_its_hooks_from_its_packages_modules_by_role():
    assert _hook(children, "prompt") is children_prompts.prompt
    assert _hook(children, "_apply") is children_rules.act
    assert _hook(children, "setup") is children_rules.setup
    assert _hook(creepy_cellar, "tap_refusal") is cellar_refusals.tap_refusal
    assert _hook(house_of_spirits, "private_view") is hos_view.player_view


def test_a_hook_the_modules_lack_keeps_the_default():
    assert _hook(children, "tap_refusal") is Game.tap_refusal
    assert _hook(ghost_at_home, "private_view") is Game.private_view
    assert children.SPEC.tap_refusal(None, "children:tablet:attic") is None


def test_a_hook_the_class_writes_itself_wins():
    """CLUE: IT writes ``private_view`` in its class body (a method since issue 27's typed
    hooks); its ``view`` module's ``player_view``, if any, does not replace it."""
    own = vars(type(clue_it.SPEC))["private_view"]
    assert _hook(clue_it, "private_view") is own and own is not Game.private_view


def test_every_game_has_every_role_module():
    for game in (children, clue_it, creepy_cellar, ghost_at_home, house_of_spirits):
        for module, _ in HOOKS.values():
            assert f"{game.__name__}.{module}" in sys.modules


def _toy_package(monkeypatch, **modules: dict) -> str:
    """A package ``toy`` in ``sys.modules`` whose modules hold the functions given."""
    monkeypatch.setitem(sys.modules, "toy", ModuleType("toy"))
    for role in {module for module, _ in HOOKS.values()}:
        module = ModuleType(f"toy.{role}")
        for name, function in modules.get(role, {}).items():
            setattr(module, name, function)
        monkeypatch.setitem(sys.modules, f"toy.{role}", module)
    return "toy"


def _always(value):
    return lambda *args: value


def test_a_game_without_its_own_hook_is_refused_by_name(monkeypatch):
    package = _toy_package(monkeypatch, rules={"setup": _always("s")}, view={"view": _always({})})
    with pytest.raises(TypeError, match=r"Toy has no prompt: toy.prompts has no prompt\(\)"):
        type("Toy", (Game,), {}, package=package)


def test_a_toy_game_wired_by_role(monkeypatch):
    package = _toy_package(monkeypatch, rules={"setup": _always("s"), "act": _always("after")},
                           prompts={"prompt": _always("p")}, view={"view": _always({"v": 1})},
                           codec={"encode": _always({"e": 1})})
    toy = type("Toy", (Game,), {"view": staticmethod(_always({"own": 1}))}, package=package)()
    assert (toy.setup(["Ada"], {}), toy.prompt("s"), toy._apply("s", "k")) == ("s", "p", "after")
    assert toy.view("s") == {"own": 1} and toy.encode("s") == {"e": 1}
    assert toy.check("s") == () and toy.refusal("s", "k", None) is None
