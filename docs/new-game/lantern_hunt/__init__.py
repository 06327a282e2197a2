"""Lantern Hunt (``lantern_hunt``): the template for a new game (docs/new-game.md).

A tiny game that is complete enough to pass every cross-game test: each player in turn rolls
the die; 4 to 6 lights one of their lanterns, a 1 lets a ghost blow one out. The first to
light ``lanterns`` of them wins. Copy this folder to ``companion/games/<your_game>/``, rename
the id, and replace the rules.
"""

from types import MappingProxyType

from companion.engine.core import OptionSpec
from companion.engine.game import Game
from companion.engine.rulecard import RuleSection
from companion.i18n import msg

from . import prompts, rules
from . import view as table_view
from .state import GAME_ID, State
from .view import LanternHuntView

OPTIONS = (
    OptionSpec(
        "lanterns", 3, (3, 5),
        msg("How many lanterns a player must light to win."),
        msg("Winning"),
        title=msg("Lanterns to light"),
    ),
)


#: The rules card (companion.engine.rulecard): the rulebook's sections in your own words, each
#: naming the action keys and chance sources it governs.
RULES = (
    RuleSection(
        msg("Taking a Turn"),
        msg("Roll the die: 4 to 6 lights one of your lanterns, a 1 lets a ghost blow one out. Then end your turn."),
        keys=("roll", "end-turn"), sources=("die",), turn=True,
    ),
    RuleSection(
        msg("Winning"),
        msg("The first player to light every lantern wins."),
    ),
)


class LanternHunt(Game[State]):
    """The game's data as class attributes, and its hooks, its modules' functions, assigned in
    the class body. The hooks it does not assign (components, codec, private view) keep the
    engine's defaults (companion.engine.game.Game)."""

    id = GAME_ID
    title = "Lantern Hunt"
    min_players = 1  # the engine refuses other counts, and a name given twice
    max_players = 4
    options = OPTIONS
    chance_sources = ("die",)
    view_type = LanternHuntView
    rule_sections = RULES

    # Its hooks (companion.engine.game.Game), from its modules.
    _setup = staticmethod(rules.setup)
    handlers = MappingProxyType(rules.HANDLERS)
    prompt = staticmethod(prompts.prompt)
    ending = staticmethod(prompts.ending)
    refusal = staticmethod(prompts.refusal)
    view = staticmethod(table_view.view)  # the module as table_view: ``view`` here is the hook
    check = staticmethod(table_view.check)


SPEC = LanternHunt()
