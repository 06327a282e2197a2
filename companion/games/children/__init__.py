"""Children (``children``): the whole Thornhill Mansion game at the table (issue 5).

Rulebook: ``shared/rulebooks/children.txt``; card data, ambiguities and what to track:
``shared/games/notes.md`` 1.1, 3.A and 4.1. The companion replaces the 13 mini-card
stacks (a hidden toy -> ghost pairing dealt as recorded chance), builds the mansion tablet
by tablet, keeps the hand limit, the turn guide, skull tokens and Kitty Kitty; players tap
every tablet and Children card they draw. Card data the rulebook does not print is a named
placeholder in ``content.toml``; the owner enters what is printed on their copy
(:mod:`.content`).
"""

from collections.abc import Callable, Mapping
from fractions import Fraction
from types import MappingProxyType
from typing import Any

from companion.engine.core import OptionSpec
from companion.engine.game import Game
from companion.games.children import components as cc
from companion.games.children import odds as odds_meter
from companion.games.children import rulecard
from companion.games.children.content import CONTENT
from companion.games.children.state import State
from companion.games.children.view import ChildrenView
from companion.i18n import Msg, NewsLine, msg, todo

#: Options and named house rules, each with the rulebook lines (and notes.md 3.A entry) it settles.
OPTIONS = (
    OptionSpec(
        "edition", "rulebook", ("rulebook", "publisher"),
        msg("Components: the rulebook's 20 tablets, 70 cards, 8 skulls, or the publisher page's 18/68/12."),
        "Components",
        refs="Components vs quirkyengine.com (notes 1.1, 3.A C-A21)",
        setup=True,
    ),
    OptionSpec(
        "kitty_fate_replacement_draw", True, (True, False),
        msg("After the Kitty Kitty fate card the player draws a replacement card (or does not)."),
        "Fate Cards",
        refs=('Fate Cards "draw another replacement" / FAQ "Draw another card" vs p.12 "Do not draw another '
              'card" (C-A1)'),
    ),
    OptionSpec(
        "insanity_count", "present_enraged", ("present_enraged", "flipped_stacks"),
        msg("The ghosts win when 5 enraged ghosts are in the mansion (hand limit 0), or also when 5 stacks are "
            "flipped."),
        "Running into Ghosts",
        refs=('Running into Ghosts "5 or more ghosts become enraged" vs Enraged Ghosts "5 ghosts are enraged '
              'and present" (C-A2)'),
    ),
    OptionSpec(
        "mouse_immunity", "kitty_card", ("kitty_card", "catnip"),
        msg("The Mouse trap does nothing to the holder of the Kitty Kitty card (as printed), or to a player who "
            "shows the Catnip."),
        "Trap Cards, Mouse",
        refs="Trap Cards, Mouse: \"If you have the Kitty Kitty Card\" vs \"If you don't have the Cat Nip\" (C-A3)",
    ),
    OptionSpec(
        "kitty_move_excludes_ghost_rooms", True, (True, False),
        msg("Kitty Kitty's owner may send a player only to a room without a ghost (or to any room)."),
        "Mouse",
        refs='Mouse "to any room" vs Kitty Kitty "not occupied by a ghost" (C-A4)',
    ),
    OptionSpec(
        "kitty_trap_alias", "mouse", ("mouse", "ignore"),
        msg("The FAQ's \"Kitty Kitty trap\" is the Mouse: it does nothing when Kitty is not in the mansion (or "
            "Kitty comes in anyway)."),
        "FAQ",
        refs="FAQ \"What if I find the Kitty Kitty trap card and Kitty Kitty isn't in the mansion?\" (C-A5)",
    ),
    OptionSpec(
        "tablet_step_draws", "first_only", ("first_only", "always"),
        msg("Step 1 draws a Children card only with the first tablet of the game (or every turn)."),
        "Play a Room Tablet",
        refs=('Play a Room Tablet "Do not draw a Children Card" vs Turn Order "Play a Room Tablet … and draw a '
              'card" (C-A6)'),
    ),
    OptionSpec(
        "player_entry", "own_first_tablet", ("own_first_tablet", "first_room"),
        msg("Each player's first tablet is where their figurine enters (and draws), or all start in the first room."),
        "Play a Room Tablet",
        refs="Play a Room Tablet: only the first tablet's player is placed (C-A7)",
    ),
    OptionSpec(
        "ghost_no_legal_room", "reinsert_redraw", ("reinsert_redraw", "set_aside"),
        msg("A ghost drawn when every room holds a player goes back into the deck and another card is drawn (or waits "
            "aside)."),
        "Draw a card",
        refs='Draw a card: "place it in any room unoccupied by players" (C-A8)',
    ),
    OptionSpec(
        "reappearing_ghost_rechecks_stack", True, (True, False),
        msg("A revealed ghost banished or sent back calm comes back enraged (its stack is checked again), or stays "
            "calm."),
        "Feather",
        refs='Feather "calm (sepia) side up" vs Enraged Ghosts "when it appears … check the 2-card stacks" (C-A9)',
    ),
    OptionSpec(
        "reveal_trapped_ghost", "no_effect", ("no_effect", "counts"),
        msg("A flipped stack that reveals a ghost already trapped does nothing (or counts toward insanity)."),
        "Enraged Ghosts",
        refs='Enraged Ghosts "The revealed ghost becomes enraged" (C-A10)',
    ),
    OptionSpec(
        "emergency_reentry_excludes_ghosts", True, (True, False),
        msg("After an emergency escape the figurine comes back in a room without a ghost (or any room)."),
        "Emergency Escape",
        refs='Emergency Escape "not occupied by a ghost" vs Running "any Room Tablet" (C-A11)',
    ),
    OptionSpec(
        "ghost_move_mandatory", False, (False, True),
        msg("Step 4: the player may move one ghost (or must, when one can move)."),
        "Taking a Turn",
        refs='Taking a Turn "Move 1 ghost" vs 4. Move 1 Ghost "you may move 1 ghost" (C-A12)',
    ),
    OptionSpec(
        "run_short_hand", "leave_all", ("leave_all", "escape"),
        msg("Running with fewer than 2 cards: leave what you have and run (or make an emergency escape)."),
        "Running from Ghosts",
        refs='Running from Ghosts "remove 2 cards from your hand" (C-A13)',
    ),
    OptionSpec(
        "multi_ghost_resolution", "trap_then_run", ("trap_then_run", "run_all"),
        msg("Several ghosts in the room: trap those you can, then run from the rest (or just run)."),
        "Trapping Ghosts",
        refs='Trapping Ghosts "you must either trap it or run away" (C-A13)',
    ),
    OptionSpec(
        "restore_draw_ghost_counts", False, (False, True),
        msg("Step 3: keep drawing until the hand is full (a ghost drawn is no card), or a ghost counts as one of the "
            "draws."),
        "3. Restore your hand",
        refs='3. Restore your hand; Draw a card "do not draw a replacement" (C-A15)',
    ),
    OptionSpec(
        "active_player_trim_timing", "end_of_turn", ("end_of_turn", "restore_only"),
        msg("The active player cuts down to the hand limit at the very end of the turn (or only at step 3)."),
        "Enraged Ghosts",
        refs='Enraged Ghosts "at the end of his or her turn" vs step 3 before step 4 (C-A16)',
    ),
    OptionSpec(
        "house_settles_kitty", "card_to_deck", ("card_to_deck", "figure_only"),
        msg("House Settles on Kitty Kitty's room: the figurine leaves and her card goes into the deck (or the card "
            "stays)."),
        "House Settles",
        refs='House Settles "cards, ghosts, or Kitty Kitty … in the Children Cards draw pile" (C-A17)',
    ),
    OptionSpec(
        "crickets_cage_keeps_trap", True, (True, False),
        msg("Crickets against a Cricket Cage: both cards go back into the hand (or the Crickets card is discarded)."),
        "Crickets",
        refs='Crickets "put it, along with the Crickets Trap Card back in your hand" vs traps discarded (C-A18)',
    ),
    OptionSpec(
        "final_round", "all_one_more", ("all_one_more", "finish_round"),
        msg("After the last Children card every player, the drawer too, has one more turn (or every other player "
            "has one more turn, the drawer none)."),
        "Winning the Game",
        refs='Winning the Game "each player gets 1 more turn" (C-A19)',
    ),
    OptionSpec(
        "nearest_tie", "chooser", ("chooser", "random"),
        msg("Ghosts equally near (Snow Globe, Voodoo Doll, Crickets): the player chooses (or the companion picks at "
            "random)."),
        "Snow Globe, Voodoo Doll, Crickets",
        refs='Snow Globe, Voodoo Doll, Crickets "the nearest ghost" (C-A20)',
    ),
    OptionSpec(
        "trap_check_timing", "after_entry_draw", ("after_entry_draw", "on_arrival"),
        msg("Entering a room with a ghost: trap or run after the entry draw and picking up (or on arrival, before)."),
        "Move to an adjacent room",
        refs='Move to an adjacent room "in order" vs Trapping Ghosts "If you ever find yourself" (C-A22)',
    ),
    OptionSpec(
        "tie_rule", "share", ("share", "no_winner"),
        msg("Players tied for the most trapped ghosts share the win (or nobody wins)."),
        "Winning the Game",
        refs='Winning the Game "Whoever has trapped the most ghosts" (no tie rule printed)',
    ),
)

#: The instructions whose reverse is said exactly when an input is undone (issue 26;
#: :mod:`companion.undo_words`): the instruction's message id -> its reverse, from its
#: parameters. Every other instruction gets its kind's reverse.
UNDO_SENTENCES: Mapping[str, Callable[[Mapping[str, Any]], NewsLine]] = MappingProxyType({
    "The crickets enrage {ghost} in the {room}: turn the card blue side up.":
        lambda p: todo("return", "Turn the card of {ghost} sepia side up again.", **p),
    "The {toy} stack reveals {ghost}: {ghost} is enraged in the {room}; turn the card blue side up.":
        lambda p: todo("return", "Turn the card of {ghost} sepia side up again.", **p),
    "{ghost} is calm again: turn the card sepia side up.":
        lambda p: todo("return", "Turn the card of {ghost} blue side up again.", **p),
})


class Children(Game, package=__name__):
    """The game for the companion (:class:`~companion.engine.game.Game`): its own parts only; its
    hooks are this package's functions by role (``rules.setup``, ``prompts.prompt``, ``rules.act``,
    ``view.view`` ...: :data:`~companion.engine.game.HOOKS`)."""

    id = cc.GAME_ID
    title = "Children"
    min_players = 2
    max_players = 4
    options = OPTIONS
    undo_sentences = UNDO_SENTENCES
    chance_sources = ("pairing", "nearest")
    components = cc.all_components()
    view_type = ChildrenView
    rule_sections = rulecard.SECTIONS
    pieces = cc.pieces()
    reader_roles = {"tablet": "tiles", "ghost": "cards", "toy": "cards", "device": "cards",
                    "trap": "cards", "fate": "cards"}
    content = CONTENT
    rules_version = 3  # issue 19, issue 31 ("each card is in one place" for every card named from a hand)

    def odds(self, state: State) -> tuple[Msg, float | Fraction] | None:
        """The odds meter (issue 33 item 5): :func:`~companion.games.children.odds.odds`."""
        return odds_meter.odds(state)


SPEC = Children()
