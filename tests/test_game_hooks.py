"""One convention for a game's hooks (issue 21): a ``Game`` subclass that names its package
gets each hook from the package's module for that role (``companion.engine.game.HOOKS``),
keeps what it writes itself, and the defaults for what its modules lack."""

from __future__ import annotations

import sys
from dataclasses import dataclass, replace
from types import ModuleType

import pytest

from companion.engine.game import HOOKS, Game
from companion.errors import RuleViolation
from companion.games import children, clue_it, creepy_cellar, ghost_at_home, house_of_spirits
from companion.games.children import prompts as children_prompts
from companion.games.children import rules as children_rules
from companion.games.clue_it import rules as clue_rules
from companion.games.creepy_cellar import refusals as cellar_refusals
from companion.games.creepy_cellar import rules as cellar_rules
from companion.games.creepy_cellar import tablecheck as cellar_tablecheck
from companion.games.house_of_spirits import view as hos_view


def _hook(game, name):
    return getattr(type(game.SPEC), name)


def test_a_game_gets_its_hooks_from_its_packages_modules_by_role():
    assert _hook(children, "prompt") is children_prompts.prompt
    assert _hook(children, "_apply") is children_rules.act
    assert _hook(children, "_setup") is children_rules.setup
    assert _hook(creepy_cellar, "refusal") is cellar_refusals.refusal
    assert _hook(creepy_cellar, "cleared") is cellar_rules.cleared
    assert _hook(creepy_cellar, "correct") is cellar_tablecheck.correct
    assert dict(_hook(clue_it, "handlers")) == clue_rules.HANDLERS
    assert _hook(house_of_spirits, "private_view") is hos_view.player_view


def test_a_hook_the_modules_lack_keeps_the_default():
    assert _hook(ghost_at_home, "correct") is Game.correct
    assert _hook(ghost_at_home, "private_view") is Game.private_view
    assert _hook(ghost_at_home, "settled") is Game.settled and _hook(clue_it, "cleared") is Game.cleared


def test_a_hook_the_class_writes_itself_wins():
    own = vars(type(clue_it.SPEC))["private_view"]  # beside the hidden state it reads
    assert _hook(clue_it, "private_view") is own and own.__qualname__ == "ClueIt.private_view"


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


def test_a_game_without_handlers_or_act_is_refused_by_name(monkeypatch):
    package = _toy_package(monkeypatch, rules={"setup": _always("s")}, prompts={"prompt": _always("p")},
                           view={"view": _always({})})
    with pytest.raises(TypeError, match="Toy has no rules: toy.rules has neither HANDLERS nor act()"):
        type("Toy", (Game,), {}, package=package)


@dataclass(frozen=True)
class _Tally:
    count: int = 0
    news: tuple[str, ...] = ("old news",)
    settled: bool = False


def _toy_with_handlers(monkeypatch, **rules):
    package = _toy_package(monkeypatch, prompts={"prompt": _always("p")}, view={"view": _always({})},
                           rules={"setup": lambda players, options, content: _Tally(len(players)),
                                  "HANDLERS": {"add": lambda s, n: replace(s, count=s.count + int(n),
                                                                           news=s.news + (f"+{n}",))},
                                  **rules})
    attributes = {"id": "toy", "title": "Toy", "min_players": 2, "max_players": 3}
    return type("Toy", (Game,), attributes, package=package)()


def test_the_engine_clears_the_news_and_hands_an_action_to_its_kinds_rule(monkeypatch):
    toy = _toy_with_handlers(monkeypatch)
    assert toy._apply(_Tally(), "add:4") == _Tally(4, ("+4",))


def test_a_games_own_cleared_settled_and_correct_hooks(monkeypatch):
    toy = _toy_with_handlers(monkeypatch, cleared=lambda s: replace(s, news=("kept",)),
                             settled=lambda s: replace(s, settled=True))
    assert toy._apply(_Tally(), "add:1") == _Tally(1, ("kept", "+1"), settled=True)
    with pytest.raises(NotImplementedError, match="toy lists no corrections"):
        toy._apply(_Tally(), "fix:count:2")


def test_the_engine_checks_the_players_before_the_games_setup(monkeypatch):
    toy = _toy_with_handlers(monkeypatch)
    assert toy.setup(["Ada", "Bo"], {}) == _Tally(2)
    for players in (["Ada"], ["Ada", "Bo", "Cy", "Di"]):
        with pytest.raises(RuleViolation, match=f"^Toy is for 2 to 3 players, not {len(players)}.$"):
            toy.setup(players, {})
    with pytest.raises(RuleViolation, match="^Each player needs a different name.$"):
        toy.setup(["Ada", "Ada"], {})
