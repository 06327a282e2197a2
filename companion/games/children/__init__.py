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
from companion.games.children import codec, prompts, refusals, rulecard, rules, tablecheck, undo
from companion.games.children import components as cc
from companion.games.children import odds as odds_meter
from companion.games.children import view as table_view
from companion.games.children.content import CONTENT
from companion.games.children.state import State
from companion.games.children.view import ChildrenView
from companion.i18n import Msg, NewsLine, msg, ntodo, todo

#: Options and named house rules, each with the rulebook lines (and notes.md 3.A entry) it settles.
OPTIONS = (
    OptionSpec(
        "edition", "rulebook", ("rulebook", "publisher"),
        msg("Components: the rulebook's 20 tablets, 70 cards, 8 skulls, or the publisher page's 18/68/12."),
        msg("Components"),
        title=msg("Edition"),
        refs="Components vs quirkyengine.com (notes 1.1, 3.A C-A21)",
        setup=True,
    ),
    OptionSpec(
        "kitty_fate_replacement_draw", True, (True, False),
        msg("After the Kitty Kitty fate card the player draws a replacement card (or does not)."),
        msg("Fate Cards"),
        title=msg("Kitty fate replacement draw"),
        refs=('Fate Cards "draw another replacement" / FAQ "Draw another card" vs p.12 "Do not draw another '
              'card" (C-A1)'),
    ),
    OptionSpec(
        "insanity_count", "present_enraged", ("present_enraged", "flipped_stacks"),
        msg("The ghosts win when 5 enraged ghosts are in the mansion (hand limit 0), or also when 5 stacks are "
            "flipped."),
        msg("Running into Ghosts"),
        title=msg("Insanity count"),
        refs=('Running into Ghosts "5 or more ghosts become enraged" vs Enraged Ghosts "5 ghosts are enraged '
              'and present" (C-A2)'),
    ),
    OptionSpec(
        "mouse_immunity", "kitty_card", ("kitty_card", "catnip"),
        msg("The Mouse trap does nothing to the holder of the Kitty Kitty card (as printed), or to a player who "
            "shows the Catnip."),
        msg("Trap Cards, Mouse"),
        title=msg("Mouse immunity"),
        refs="Trap Cards, Mouse: \"If you have the Kitty Kitty Card\" vs \"If you don't have the Cat Nip\" (C-A3)",
    ),
    OptionSpec(
        "kitty_move_excludes_ghost_rooms", True, (True, False),
        msg("Kitty Kitty's owner may send a player only to a room without a ghost (or to any room)."),
        msg("Mouse"),
        title=msg("Kitty move excludes ghost rooms"),
        refs='Mouse "to any room" vs Kitty Kitty "not occupied by a ghost" (C-A4)',
    ),
    OptionSpec(
        "kitty_trap_alias", "mouse", ("mouse", "ignore"),
        msg("The FAQ's \"Kitty Kitty trap\" is the Mouse: it does nothing when Kitty is not in the mansion (or "
            "Kitty comes in anyway)."),
        msg("FAQ"),
        title=msg("Kitty trap alias"),
        refs="FAQ \"What if I find the Kitty Kitty trap card and Kitty Kitty isn't in the mansion?\" (C-A5)",
    ),
    OptionSpec(
        "tablet_step_draws", "first_only", ("first_only", "always"),
        msg("Part 1 of a turn draws a Children card only with the first tablet of the game (or every turn)."),
        msg("Play a Room Tablet"),
        title=msg("Tablet step draws"),
        refs=('Play a Room Tablet "Do not draw a Children Card" vs Turn Order "Play a Room Tablet … and draw a '
              'card" (C-A6)'),
    ),
    OptionSpec(
        "player_entry", "own_first_tablet", ("own_first_tablet", "first_room"),
        msg("Each player's first tablet is where their figurine enters (and draws), or all start in the first room."),
        msg("Play a Room Tablet"),
        title=msg("Player entry"),
        refs="Play a Room Tablet: only the first tablet's player is placed (C-A7)",
    ),
    OptionSpec(
        "ghost_no_legal_room", "reinsert_redraw", ("reinsert_redraw", "set_aside"),
        msg("A ghost drawn when every room holds a player goes back into the deck and another card is drawn (or waits "
            "aside)."),
        msg("Draw a card"),
        title=msg("Ghost no legal room"),
        refs='Draw a card: "place it in any room unoccupied by players" (C-A8)',
    ),
    OptionSpec(
        "reappearing_ghost_rechecks_stack", True, (True, False),
        msg("A revealed ghost banished or sent back calm comes back enraged (its stack is checked again), or stays "
            "calm."),
        msg("Feather"),
        title=msg("Reappearing ghost rechecks stack"),
        refs='Feather "calm (sepia) side up" vs Enraged Ghosts "when it appears … check the 2-card stacks" (C-A9)',
    ),
    OptionSpec(
        "reveal_trapped_ghost", "no_effect", ("no_effect", "counts"),
        msg("A flipped stack that reveals a ghost already trapped does nothing (or counts toward insanity)."),
        msg("Enraged Ghosts"),
        title=msg("Reveal trapped ghost"),
        refs='Enraged Ghosts "The revealed ghost becomes enraged" (C-A10)',
    ),
    OptionSpec(
        "emergency_reentry_excludes_ghosts", True, (True, False),
        msg("After an emergency escape the figurine comes back in a room without a ghost (or any room)."),
        msg("Emergency Escape"),
        title=msg("Emergency reentry excludes ghosts"),
        refs='Emergency Escape "not occupied by a ghost" vs Running "any Room Tablet" (C-A11)',
    ),
    OptionSpec(
        "ghost_move_mandatory", False, (False, True),
        msg("Part 4: the player may move one ghost (or must, when one can move)."),
        msg("Taking a Turn"),
        title=msg("Ghost move mandatory"),
        refs='Taking a Turn "Move 1 ghost" vs 4. Move 1 Ghost "you may move 1 ghost" (C-A12)',
    ),
    OptionSpec(
        "run_short_hand", "leave_all", ("leave_all", "escape"),
        msg("Running with fewer than 2 cards: leave what you have and run (or make an emergency escape)."),
        msg("Running from Ghosts"),
        title=msg("Run short hand"),
        refs='Running from Ghosts "remove 2 cards from your hand" (C-A13)',
    ),
    OptionSpec(
        "multi_ghost_resolution", "trap_then_run", ("trap_then_run", "run_all"),
        msg("Several ghosts in the room: trap those you can, then run from the rest (or just run)."),
        msg("Trapping Ghosts"),
        title=msg("Multi ghost resolution"),
        refs='Trapping Ghosts "you must either trap it or run away" (C-A13)',
    ),
    OptionSpec(
        "restore_draw_ghost_counts", False, (False, True),
        msg("Part 3: keep drawing until the hand is full (a ghost drawn is no card), or a ghost counts as one of the "
            "draws."),
        msg("3. Restore your hand"),
        title=msg("Restore draw ghost counts"),
        refs='3. Restore your hand; Draw a card "do not draw a replacement" (C-A15)',
    ),
    OptionSpec(
        "active_player_trim_timing", "end_of_turn", ("end_of_turn", "restore_only"),
        msg("The active player cuts down to the hand limit at the very end of the turn (or only in part 3)."),
        msg("Enraged Ghosts"),
        title=msg("Active player trim timing"),
        refs='Enraged Ghosts "at the end of his or her turn" vs step 3 before step 4 (C-A16)',
    ),
    OptionSpec(
        "house_settles_kitty", "card_to_deck", ("card_to_deck", "figure_only"),
        msg("House Settles on Kitty Kitty's room: the figurine leaves and her card goes into the deck (or the card "
            "stays)."),
        msg("House Settles"),
        title=msg("House settles kitty"),
        refs='House Settles "cards, ghosts, or Kitty Kitty … in the Children Cards draw pile" (C-A17)',
    ),
    OptionSpec(
        "crickets_cage_keeps_trap", True, (True, False),
        msg("Crickets against a Cricket Cage: both cards go back into the hand (or the Crickets card is discarded)."),
        msg("Crickets"),
        title=msg("Crickets cage keeps trap"),
        refs='Crickets "put it, along with the Crickets Trap Card back in your hand" vs traps discarded (C-A18)',
    ),
    OptionSpec(
        "final_round", "all_one_more", ("all_one_more", "finish_round"),
        msg("After the last Children card every player, the drawer too, has one more turn (or every other player "
            "has one more turn, the drawer none)."),
        msg("Winning the Game"),
        title=msg("Final round"),
        refs='Winning the Game "each player gets 1 more turn" (C-A19)',
    ),
    OptionSpec(
        "nearest_tie", "chooser", ("chooser", "random"),
        msg("Ghosts equally near (Snow Globe, Voodoo Doll, Crickets): the player chooses (or the companion picks at "
            "random)."),
        msg("Snow Globe, Voodoo Doll, Crickets"),
        title=msg("Nearest tie"),
        refs='Snow Globe, Voodoo Doll, Crickets "the nearest ghost" (C-A20)',
    ),
    OptionSpec(
        "trap_check_timing", "after_entry_draw", ("after_entry_draw", "on_arrival"),
        msg("Entering a room with a ghost: trap or run after the entry draw and picking up (or on arrival, before)."),
        msg("Move to an adjacent room"),
        title=msg("Trap check timing"),
        refs='Move to an adjacent room "in order" vs Trapping Ghosts "If you ever find yourself" (C-A22)',
    ),
    OptionSpec(
        "tie_rule", "share", ("share", "no_winner"),
        msg("Players tied for the most trapped ghosts share the win (or nobody wins)."),
        msg("Winning the Game"),
        title=msg("Tie rule"),
        refs='Winning the Game "Whoever has trapped the most ghosts" (no tie rule printed)',
    ),
)

#: The words of the options' values on the New game screen (:attr:`Game.option_words`).
OPTION_WORDS: Mapping[str, Msg] = MappingProxyType({
    "rulebook": msg("as in the rulebook"),
    "publisher": msg("as on the publisher's page"),
    "present_enraged": msg("present enraged"),
    "flipped_stacks": msg("flipped stacks"),
    "kitty_card": msg("kitty card"),
    "catnip": msg("catnip"),
    "mouse": msg("mouse"),
    "ignore": msg("ignore"),
    "first_only": msg("first only"),
    "always": msg("always"),
    "own_first_tablet": msg("own first tablet"),
    "first_room": msg("first room"),
    "reinsert_redraw": msg("reinsert redraw"),
    "set_aside": msg("set aside"),
    "no_effect": msg("no effect"),
    "counts": msg("counts"),
    "leave_all": msg("leave all"),
    "escape": msg("escape"),
    "trap_then_run": msg("trap then run"),
    "run_all": msg("run all"),
    "end_of_turn": msg("end of turn"),
    "restore_only": msg("restore only"),
    "card_to_deck": msg("card to deck"),
    "figure_only": msg("figure only"),
    "all_one_more": msg("all one more"),
    "finish_round": msg("finish round"),
    "chooser": msg("chooser"),
    "random": msg("random"),
    "after_entry_draw": msg("after entry draw"),
    "on_arrival": msg("on arrival"),
    "share": msg("share the win"),
    "no_winner": msg("no winner"),
})

#: The instructions whose reverse is said exactly when an input is undone (issue 26;
#: :mod:`companion.undo_words`): the instruction's message id -> its reverse, from its
#: parameters. Every other instruction gets its kind's reverse.
UNDO_SENTENCES: Mapping[str, Callable[[Mapping[str, Any]], NewsLine | None]] = MappingProxyType({
    "The crickets enrage {ghost} in the {room}: turn the card blue side up.":
        lambda p: todo("return", "Turn the card of {ghost} sepia side up again.", **p),
    "The {toy} stack reveals {ghost}: {ghost} is enraged in the {room}; turn the card blue side up.":
        lambda p: todo("return", "Turn the card of {ghost} sepia side up again.", **p),
    "{ghost} is calm again: turn the card sepia side up.":
        lambda p: todo("return", "Turn the card of {ghost} blue side up again.", **p),
    # The ghost drawn or summoned is in the deck again: the draw's own step (undo.py) says
    # where its card goes; "Undo this ... it goes back into the Children deck" contradicted it.
    "No room can take {ghost}: it goes back into the Children deck.": lambda p: None,
    # Feather: the ghost left its room for the deck; it comes back out (the room is not in the line).
    "{ghost} is banished: put the card into the Children deck at random, sepia side up.":
        lambda p: todo("return", "Take {ghost} back out of the Children deck: the card goes back where it was, the "
                       "same side up as before.", **p),
    "The {room} and the {other} swap places, with everything in them.":
        lambda p: todo("return", "Swap the {room} and the {other} back, with everything in them.", **p),
    # "Device Cards": a device used goes to the discard pile; the undo's first line names it
    # already (the choice was public), and the table must know which card to take back.
    # A skull token paid for them is given back by undo.undo_counts (as for a device or a move).
    "{player} defuses the {trap} with the Dental Tools: both go to the discard pile.": lambda p:
        todo("return", "{player}: take the {trap} and the Dental Tools back from the discard pile into your hand.",
             **p),
    # House Settles: "cards, ghosts, or Kitty Kitty ... in the Children Cards draw pile" (house
    # rule ``house_settles_kitty``): her card comes back out of the deck; undo_counts gives it
    # back and moves her (session 17b; before: "Put back what was taken away. It said: ...").
    "Kitty Kitty leaves the mansion and her card goes into the Children deck.":
        lambda p: todo("return", "Take the Kitty Kitty card back out of the Children deck."),
    "Kitty Kitty leaves the mansion.": lambda p: None,
    "{player} uses the {device}: it goes to the discard pile.":
        lambda p: todo("return", "{player}: take the {device} back from the discard pile into your hand.", **p),
    # The figurines, Kitty Kitty, a ghost drifting and the Kitty Kitty card: set back from the
    # state before (undo.undo_counts: "Ada: move your figurine back to the Kitchen.").
    "{player} enters the {room}.": lambda p: None,
    "{player} flees to the {room}.": lambda p: None,
    "{player} comes back into the {room}.": lambda p: None,
    "Kitty Kitty slinks into the {room}.": lambda p: None,
    "{ghost} drifts to the {room}.": lambda p: None,
    "{ghost} is drawn to the {room}.": lambda p: None,
    "Kitty Kitty chases {player} to the {room}.": lambda p: None,
    "Kitty Kitty prowls into the {room}.": lambda p: None,
    "Kitty Kitty pounces into the {room}.": lambda p: None,
    "Kitty Kitty sends {player} to the {room}.": lambda p: None,
    "Give the Kitty Kitty card to {player}.": lambda p: None,
    # A request, not a step: each card left for it is an input of its own, with its own reverse.
    "{players}: cut down to the hand limit of {limit} now.":
        lambda p: todo("return", "The cut down to the hand limit of {limit} is off: {players} need not leave any "
                       "card for it.", **p),
    "{player} leaves a card face down under the {room}.":
        lambda p: todo("return", "{player}: take the card you left face down under the {room} back into your hand.",
                       **p),
    "{player} runs in terror, leaving {n} card under the {room}.":
        lambda p: ntodo("return", "{player}: take the card you left under the {room} back into your hand.",
                        "{player}: take the cards you left under the {room} back into your hand.", "n", **p),
    # How many cards, and the ones left there before stay (review17: "take the cards you left
    # under the Kitchen back" gave no count, and the Kitchen held one card more).
    "{player} makes an emergency escape from the {room}, leaving every card there.": lambda p: _escaped(p),
    # "1. Play a Room Tablet": the tablet drawn goes back on its pile (the draw's own step, undo.py).
    # The figurines on it come off first: the input's own step says both, in that order (undo.py).
    "Put the {room} {where}.": lambda p: None,
    "Every figurine starts in the {room}.": lambda p: None,
    "{ghost} haunts the {room}.": lambda p: todo("return", "Take {ghost} back off the {room}.", **p),
    "{ghost} haunts the {room}, enraged: put the card blue side up.":
        lambda p: todo("return", "Take {ghost} back off the {room}.", **p),
    "{player} takes a skull token from the pile.":
        lambda p: todo("return", "{player}: put the skull token back on the pile.", **p),
    "{ghost} goes back into the Children deck.":
        lambda p: ntodo("return", "Take {ghost} back out of the Children deck and lay it where it was.",
                        "Take {ghost} back out of the Children deck and lay them where they were.", "n", **p),
    # A hand card put back (unnamed): the player takes that one back.
    "{player} puts a toy back into the Children deck.":
        lambda p: todo("return", "{player}: take the toy you put back out of the Children deck into your hand.", **p),
    "{player} puts a card back into the Children deck.":
        lambda p: todo("return", "{player}: take the card you put back out of the Children deck into your hand.", **p),
    # "Trapping a ghost": both cards went to the player's scoring pile (both shown).
    # Where the ghost was and which side up: the line's unsaid ``room`` and ``enraged`` (words18;
    # the Cricket Cage traps a ghost anywhere, "Enraged Ghosts": blue side up).
    "{player} traps {ghost} with the {toy}: both cards go to their scoring pile.": lambda p: _untrapped(p),
    "Take the {room} away: its tablet goes back into the pile at random.":
        lambda p: todo("return", "Take the {room} back out of the room tablet pile and put it back in the mansion "
                       "where it was.", **p),
    # Cards left under a tablet lie face down; the ones picked up are in a hand: never named.
    "{player} picks up {n} card left under the {room}.":
        lambda p: ntodo("return", "{player}: put the card you picked up back face down under the {room}.",
                        "{player}: put the cards you picked up back face down under the {room}.", "n", **p),
})


def _untrapped(p: Mapping[str, Any]) -> NewsLine:
    """A trap undone: both cards off the scoring pile, the ghost back in its room the side up
    it was (an older line, without ``room``: "the room you are in")."""
    if "room" not in p:
        return todo("return", "{player}: take {ghost} and the {toy} back off your scoring pile: {ghost} goes back in "
                    "the room you are in, the {toy} into your hand.", **p)
    if p.get("enraged"):
        return todo("return", "{player}: take {ghost} and the {toy} back off your scoring pile: {ghost} goes back in "
                    "the {room}, blue side up, and the {toy} into your hand.", **p)
    return todo("return", "{player}: take {ghost} and the {toy} back off your scoring pile: {ghost} goes back in the "
                "{room}, sepia side up, and the {toy} into your hand.", **p)


def _escaped(p: Mapping[str, Any]) -> NewsLine | None:
    """"Emergency Escape" taken back: the cards the escape left (``n``; the news line's
    unsaid parameters; none: nothing to take back), and those already under the tablet
    (``there``) stay. (One card and several are two messages: "the 1 card" reads wrong.)"""
    n, others = p.get("n", 1), bool(p.get("there", 0))
    if not n:
        return None
    if n == 1 and others:
        return todo("return", "{player}: take back into your hand the card you left under the {room} in the escape; "
                    "the others there stay.", **p)
    if n == 1:
        return todo("return", "{player}: take back into your hand the card you left under the {room} in the escape.",
                    **p)
    if others:
        return todo("return", "{player}: take back into your hand the {n} cards you left under the {room} in the "
                    "escape; the others there stay.", **p)
    return todo("return", "{player}: take back into your hand the {n} cards you left under the {room} in the escape.",
                **p)


class Children(Game[State]):
    """The game for the companion (:class:`~companion.engine.game.Game`): its own parts, and its
    hooks from its modules, assigned below."""

    # Its hooks (companion.engine.game.Game), from its modules.
    _setup = staticmethod(rules.setup)
    prompt = staticmethod(prompts.prompt)
    summary = staticmethod(prompts.summary)
    ending = staticmethod(prompts.ending)
    setting_up = staticmethod(table_view.setting_up)
    refusal = staticmethod(refusals.refusal)
    going_on = staticmethod(prompts.going_on)
    undo_steps = staticmethod(undo.undo_steps)
    undo_counts = staticmethod(undo.undo_counts)
    view = staticmethod(table_view.view)
    component_label = staticmethod(cc.component_label)
    check = staticmethod(tablecheck.check)
    correct = staticmethod(tablecheck.correct)
    encode = staticmethod(codec.encode)
    decode = staticmethod(codec.decode)

    def _apply(self, state: State, key: str) -> State:
        """Children's steps are not one rule per kind: its ``rules.act`` takes every key."""
        return rules.act(state, key)

    id = cc.GAME_ID
    title = "Children"
    min_players = 2
    max_players = 4
    options = OPTIONS
    option_words = OPTION_WORDS
    undo_sentences = UNDO_SENTENCES
    undo_complete = True  # every physical step has its undo line (session 17)
    chance_sources = ("pairing", "nearest")
    components = cc.all_components()
    view_type = ChildrenView
    rule_sections = rulecard.SECTIONS
    pieces = cc.pieces()
    reader_roles = {"tablet": "tiles", "ghost": "cards", "toy": "cards", "device": "cards",
                    "trap": "cards", "fate": "cards"}
    content = CONTENT
    rules_version = 4  # issue 19, issue 31 ("each card is in one place" for every card named from a hand),
    # kidsleak21 (questions and offers follow the public piles: the Dental Tools and Biddle questions asked more)

    def odds(self, state: State) -> tuple[Msg, float | Fraction] | None:
        """The odds meter (issue 33 item 5): :func:`~companion.games.children.odds.odds`."""
        return odds_meter.odds(state)


SPEC = Children()
