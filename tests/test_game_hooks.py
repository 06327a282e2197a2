"""One convention for a game's hooks (issues 21 and 27): a ``Game`` subclass assigns each hook
in its class body from its package's modules (``prompt = staticmethod(prompts.prompt)``), and
keeps the engine's defaults for the hooks it does not assign."""

from __future__ import annotations

from dataclasses import dataclass, replace
from types import MappingProxyType

import pytest

from companion.engine.game import Game
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


def test_a_game_assigns_its_hooks_from_its_modules():
    assert _hook(children, "prompt") is children_prompts.prompt
    assert _hook(children, "_setup") is children_rules.setup
    assert _hook(creepy_cellar, "refusal") is cellar_refusals.refusal
    assert _hook(creepy_cellar, "cleared") is cellar_rules.cleared
    assert _hook(creepy_cellar, "settled") is cellar_rules.settled
    assert _hook(creepy_cellar, "correct") is cellar_tablecheck.correct
    assert dict(_hook(clue_it, "handlers")) == clue_rules.HANDLERS
    assert _hook(house_of_spirits, "private_view") is hos_view.player_view


def test_a_hook_the_modules_lack_keeps_the_default():
    assert _hook(house_of_spirits, "correct") is Game.correct  # its table check lists no corrections
    assert _hook(ghost_at_home, "private_view") is Game.private_view
    assert _hook(clue_it, "settled") is Game.settled and _hook(clue_it, "cleared") is Game.cleared


def test_a_hook_the_class_writes_itself_wins():
    own = vars(type(clue_it.SPEC))["private_view"]  # beside the hidden state it reads
    assert _hook(clue_it, "private_view") is own and own.__qualname__ == "ClueIt.private_view"


def test_every_hook_of_a_bundled_game_is_in_its_class_body_or_the_default():
    """No hook comes from anywhere but the class body (no module looked up by name)."""
    hooks = ("_setup", "prompt", "handlers", "cleared", "settled", "_apply", "correct", "view", "summary",
             "ending", "private_view", "component_label", "check", "refusal", "encode", "decode")
    for game in (children, clue_it, creepy_cellar, ghost_at_home, house_of_spirits):
        cls = type(game.SPEC)
        for hook in hooks:
            assert hook in vars(cls) or getattr(cls, hook) is getattr(Game, hook), (game.__name__, hook)


def _always(value):
    return lambda *args: value


def _toy(**hooks):
    """A toy game class whose body assigns ``hooks`` (functions, or ``handlers``: a dict)."""
    body = {name: MappingProxyType(value) if name == "handlers" else staticmethod(value)
            for name, value in hooks.items()}
    return type("Toy", (Game,), {"id": "toy", "title": "Toy", "min_players": 2, "max_players": 3, **body})


def test_a_game_without_its_own_hook_is_refused_by_name():
    with pytest.raises(TypeError, match=r"^Toy has no prompt: assign its prompts.prompt in its class body$"):
        _toy(_setup=_always("s"), view=_always({}), _apply=_always("after"))


def test_a_toy_game_with_its_hooks_in_its_class_body():
    toy = _toy(_setup=_always("s"), _apply=_always("after"), prompt=_always("p"), view=_always({"own": 1}),
               encode=_always({"e": 1}))()
    assert (toy.setup(["Ada", "Bo"], {}), toy.prompt("s"), toy._apply("s", "k")) == ("s", "p", "after")
    assert toy.view("s") == {"own": 1} and toy.encode("s") == {"e": 1}
    assert toy.check("s") == () and toy.refusal("s", "k", None) is None


def test_a_game_without_handlers_or_apply_is_refused_by_name():
    with pytest.raises(TypeError, match=r"Toy has no rules: give it handlers \(its rules.HANDLERS\) or its own _apply"):
        _toy(_setup=_always("s"), prompt=_always("p"), view=_always({}))


@dataclass(frozen=True)
class _Tally:
    count: int = 0
    news: tuple[str, ...] = ("old news",)
    settled: bool = False


def _toy_with_handlers(**rules):
    handlers = {"add": lambda s, n: replace(s, count=s.count + int(n), news=s.news + (f"+{n}",))}
    return _toy(prompt=_always("p"), view=_always({}), _setup=lambda players, options, content: _Tally(len(players)),
                handlers=handlers, **rules)()


def test_the_engine_clears_the_news_and_hands_an_action_to_its_kinds_rule():
    toy = _toy_with_handlers()
    assert toy._apply(_Tally(), "add:4") == _Tally(4, ("+4",))


def test_a_games_own_cleared_settled_and_correct_hooks():
    toy = _toy_with_handlers(cleared=lambda s: replace(s, news=("kept",)),
                             settled=lambda s: replace(s, settled=True))
    assert toy._apply(_Tally(), "add:1") == _Tally(1, ("kept", "+1"), settled=True)
    with pytest.raises(NotImplementedError, match="the game lists no corrections: fix:count:2"):
        toy._apply(_Tally(), "fix:count:2")


def test_the_engine_checks_the_players_before_the_games_setup():
    toy = _toy_with_handlers()
    assert toy.setup(["Ada", "Bo"], {}) == _Tally(2)
    for players in (["Ada"], ["Ada", "Bo", "Cy", "Di"]):
        with pytest.raises(RuleViolation, match=f"^Toy is for 2 to 3 players, not {len(players)}.$"):
            toy.setup(players, {})
    with pytest.raises(RuleViolation, match="^Each player needs a different name.$"):
        toy.setup(["Ada", "Ada"], {})
