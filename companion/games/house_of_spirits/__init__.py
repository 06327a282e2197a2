"""House of Spirits (``house_of_spirits``): the companion as dice roller, scorekeeper and
monster tracker.

Rulebook: ``shared/rulebooks/house-of-spirits.txt``; card data, ambiguities and what to
track: ``shared/games/notes.md`` 1.4, 3.D and 4.4. Card numbers the rulebook does not print
are named placeholders (:mod:`.card_data`) until the table enters what its own cards show
(:mod:`.content`).
"""

from collections.abc import Mapping
from fractions import Fraction
from types import MappingProxyType
from typing import Any

from companion.engine.core import OptionSpec
from companion.engine.game import Game
from companion.games.house_of_spirits import codec, prompts, refusals, rulecard, rules, tablecheck, undo
from companion.games.house_of_spirits import components as hc
from companion.games.house_of_spirits import odds as odds_meter
from companion.games.house_of_spirits import view as table_view
from companion.games.house_of_spirits.content import CONTENT, secrets_to_enter
from companion.games.house_of_spirits.state import State
from companion.games.house_of_spirits.view import HouseOfSpiritsView
from companion.i18n import Msg, msg

#: Options and named house rules, each with the rulebook lines (and notes.md entry) it settles.
OPTIONS = (
    OptionSpec(
        "decks", "virtual", ("virtual", "physical"),
        msg("Who draws room, monster, plot, main and character cards: the companion (only a deck whose cards' printed "
            "data is all entered, no placeholder left), or the table tapping each real card."),
        msg("Game Setup 1-6"),
        title=msg("Decks"),
        refs="Game Setup 1-6; notes 4.4",
        setup=True,
    ),
    OptionSpec(
        "secret_cards", "table", ("table", "companion"),
        msg("Secret victory cards: players draw and keep the real cards, or the companion deals them and shows each "
            "only to its player, on the privacy screen (once the owner has entered their text)."),
        msg("Game Setup 5"),
        title=msg("Secret cards"),
        refs='Game Setup 5 ("Players keep this card to themselves")',
        setup=True,
    ),
    OptionSpec(
        "monsters_in_main_deck", False, (False, True),
        msg("Monsters come only from the monster deck, or may also turn up when the cards in play are refilled."),
        msg("Game Setup 3"),
        title=msg("Monsters in main deck"),
        refs='Game Setup 3 vs Pick up a card ("Cards can represent … dangerous monsters") (notes 3.D H-A1)',
    ),
    OptionSpec(
        "investigate_compare", "gt", ("gt", "ge"),
        msg("An investigation must exceed the plot card's score, or only reach it."),
        msg("Investigation"),
        title=msg("Investigate compare"),
        refs='Investigation: "must exceed" vs "he only needed a 5" (notes 3.D H-A2)',
    ),
    OptionSpec(
        "monster_crit", True, (True, False),
        msg("A monster's attack above 6 + the player's defence kills the character outright, as a player's critical "
            "does."),
        msg("Attack a Monster"),
        title=msg("Monster crit"),
        refs='Attack a Monster: "identical to that of a player" (notes 3.D H-A3)',
    ),
    OptionSpec(
        "excess_monsters", "unattacked_first", ("unattacked_first", "any_monster"),
        msg("When monsters are as many as the players left, each must attack one not yet attacked (or any monster)."),
        msg("Attack a Monster"),
        title=msg("Excess monsters"),
        refs='Attack a Monster: "Each monster MUST be attacked" (notes 3.D H-A4)',
    ),
    OptionSpec(
        "instant_win_includes_secret", False, (False, True),
        msg("The 18-point win counts public points only, or also a secret victory the player claims during play."),
        msg("End of the Game 2 and 3"),
        title=msg("Instant win includes secret"),
        refs="End of the Game 2 and 3 (notes 3.D H-A5)",
    ),
    OptionSpec(
        "score_floor_zero", False, (False, True),
        msg("A death's -2 may take a score below 0, or scores stop at 0."),
        msg("Scoring Summary"),
        title=msg("Score floor zero"),
        refs='Scoring Summary: "Your character dying -2" (notes 3.D H-A6)',
    ),
    OptionSpec(
        "tiebreak", "share", ("share", "most_plots"),
        msg("Equal top scores at the end share the win, or the most plot cards played wins (then share)."),
        msg("End of the Game 3"),
        title=msg("Tiebreak"),
        refs="End of the Game 3 (notes 3.D H-A7)",
    ),
    OptionSpec(
        "death_skip", "skip", ("skip", "revive_at_turn"),
        msg("A character killed this round skips his remaining turn, or comes back at full health for it."),
        msg("Heal himself or another player"),
        title=msg("Death skip"),
        refs='Heal himself or another player: "returned to full health on the next round" (notes 3.D H-A8)',
    ),
    OptionSpec(
        "failed_plot_roll", "stays", ("stays", "bottom"),
        msg("A failed room or item plot roll leaves the card in the hand, or sends it to the bottom of the plot deck."),
        msg("Playing Plot Cards"),
        title=msg("Failed plot roll"),
        refs="Playing Plot Cards (notes 3.D H-A10)",
    ),
    OptionSpec(
        "hand_limit_counts_plots", True, (True, False),
        msg("Plot cards count toward the hand limit of 6 (only the character and secret cards do not), or not."),
        msg("Pick up a card"),
        title=msg("Hand limit counts plots"),
        refs='Pick up a card: "more than 6 cards in his hand" (notes 3.D H-A11)',
    ),
    OptionSpec(
        "reroll_limit", "per_attack", ("per_attack", "per_game"),
        msg("Olivia may re-roll her attack die once in every attack, or once per game."),
        msg("Character Special Abilities"),
        title=msg("Reroll limit"),
        refs='Character Special Abilities: "Usually … once per game, but some … once per turn"',
    ),
)

#: The words of the options' values on the New game screen (:attr:`Game.option_words`).
OPTION_WORDS: Mapping[str, Msg] = MappingProxyType({
    "virtual": msg("virtual deck"),
    "physical": msg("physical deck"),
    "table": msg("the table"),
    "companion": msg("the companion"),
    "gt": msg("must exceed"),
    "ge": msg("may equal"),
    "unattacked_first": msg("unattacked first"),
    "any_monster": msg("any monster"),
    "share": msg("share the win"),
    "most_plots": msg("most plots"),
    "skip": msg("skip"),
    "revive_at_turn": msg("revive at turn"),
    "stays": msg("stays"),
    "bottom": msg("bottom"),
    "per_attack": msg("per attack"),
    "per_game": msg("per game"),
})

class HouseOfSpirits(Game[State]):
    """The game for the companion (:class:`~companion.engine.game.Game`): its own parts, and its
    hooks from its modules, assigned below."""

    # Its hooks (companion.engine.game.Game), from its modules.
    _setup = staticmethod(rules.setup)
    handlers = MappingProxyType(rules.HANDLERS)
    cleared = staticmethod(rules.cleared)
    settled = staticmethod(rules.settled)
    prompt = staticmethod(prompts.prompt)
    summary = staticmethod(prompts.summary)
    ending = staticmethod(prompts.ending)
    setting_up = staticmethod(table_view.setting_up)
    status_line = staticmethod(table_view.status_line)
    refusal = staticmethod(refusals.refusal)
    undo_steps = staticmethod(undo.undo_steps)
    undo_counts = staticmethod(undo.undo_counts)
    view = staticmethod(table_view.view)
    private_view = staticmethod(table_view.player_view)
    component_label = staticmethod(hc.component_label)
    check = staticmethod(tablecheck.check)
    encode = staticmethod(codec.encode)
    decode = staticmethod(codec.decode)

    id = hc.GAME_ID
    title = "House of Spirits"
    min_players = 2
    max_players = 4
    options = OPTIONS
    option_words = OPTION_WORDS
    undo_sentences = undo.UNDO_SENTENCES
    undo_complete = True  # every physical step has its undo line (session 17)
    chance_sources = ("character", "secret", "room", "monster", "main", "plot", "die")
    components = hc.all_components()
    view_type = HouseOfSpiritsView
    rule_sections = rulecard.SECTIONS
    content = CONTENT
    view_headings = MappingProxyType({"secret_victory": msg("Your secret victory card")})
    rules_version = 2  # issue 19: rule fixes change what recorded inputs lead to

    def odds(self, state: State) -> tuple[Msg, Fraction] | None:
        """The odds meter (issue 33 item 5): :func:`~companion.games.house_of_spirits.odds.odds`."""
        return odds_meter.odds(state)

    def start_problem(self, options: Mapping[str, Any], content: Mapping[str, Mapping[str, Any]]) -> Msg | None:
        """``secret_cards = companion`` deals each player a secret victory card shown only to
        them, so it needs every one's text (their names are not printed in the rulebook):
        until then a player would be dealt a goal nobody can read (newcomer 20)."""
        if options.get("secret_cards") != "companion":
            return None
        missing = secrets_to_enter(content)
        if not missing:
            return None
        return msg("the companion cannot deal the secret victory cards before their text is entered ({n} of "
                   "{total} still to enter): enter it in Settings, Card data (or on the owner's desk), or let the "
                   "players draw the real cards (Secret cards: the table).", n=missing, total=len(hc.ids("secret")))


SPEC = HouseOfSpirits()
