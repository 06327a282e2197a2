"""Ghost Fightin' Treasure Hunters: Creepy Cellar (``creepy_cellar``).

Rulebook: ``shared/rulebooks/creepy-cellar.txt``; base-game facts and ambiguities:
``shared/games/notes.md`` 1.5 and 3.E.
"""

from companion.engine.core import GameSpec, OptionSpec
from companion.games.creepy_cellar import components, rules
from companion.games.creepy_cellar.view import news, view

#: Options and named house rules, each with the rulebook ambiguity it settles.
OPTIONS = (
    OptionSpec(
        "ghost_deck", "virtual", ("virtual", "physical"),
        "Who draws Ghost and Ghost King cards: the companion, or the table tapping each real card.",
        "Set Up",
    ),
    OptionSpec(
        "rogue_ghost", "ghost_king", ("ghost_king", "remove"),
        "A Rogue Ghost card works as the Ghost King card (ghost_king) or is taken out of the deck.",
        "Contents vs Ghost Cards (notes 3.E F-A1)",
    ),
    OptionSpec(
        "king_wrap", "wrap", ("wrap", "skip_cellar"),
        "After room N the Ghost King moves on to A (wrap), or he skips the cellar rooms M and N.",
        "Ghost King card (notes 3.E F-A7)",
    ),
    OptionSpec(
        "draw_shuffle_unlocks", False, (False, True),
        "Whether the shuffle after a Draw 2/3 + Shuffle card also unlocks the doors.",
        "Draw 2 and Draw 3 + Shuffle cards (notes 3.E F-A8)",
    ),
    OptionSpec(
        "haunting_overflow", "none", ("none", "next_room"),
        "A ghost for a room that holds a haunting joins it as usual, or goes on to the next room.",
        "Ghost placement (notes 1.5, 3.E F-A11)",
    ),
)

SPEC = GameSpec(
    id=components.GAME_ID,
    title="Ghost Fightin' Treasure Hunters: Creepy Cellar",
    min_players=1,
    max_players=4,
    options=OPTIONS,
    setup=rules.setup,
    prompt=rules.prompt,
    apply=rules.apply,
    view=view,
    news=news,
    component_label=components.component_label,
    chance_sources=("movement_die", "ghost", "king"),
    components=components.all_components(),
    pieces=components.pieces(),
    outcome=lambda state: state.outcome,
    reader_roles={"ghost": "cards", "king": "cards"},
)
