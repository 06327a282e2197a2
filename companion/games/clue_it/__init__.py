"""CLUE: IT (``clue_it``): a hidden-information game.

Rulebook: ``shared/rulebooks/clue-kids-of-derry.txt``; card data and ambiguities:
``shared/games/notes.md`` 1.3, 3.C and 4.3. The shared screen never shows a hand, a shown
card, a kept Intrigue card or the envelope (issue 11).
"""

from collections.abc import Callable, Mapping
from fractions import Fraction
from types import MappingProxyType
from typing import Any

from companion.engine.core import OptionSpec
from companion.engine.game import Game
from companion.games.clue_it import codec, prompts, refusals, rulecard, rules, tablecheck, undo
from companion.games.clue_it import components as ci
from companion.games.clue_it import odds as odds_meter
from companion.games.clue_it import view as table_view
from companion.games.clue_it.content import CONTENT
from companion.games.clue_it.state import State, player_view, private_view
from companion.games.clue_it.view import ClueItView
from companion.i18n import Msg, NewsLine, msg, todo

#: Options and named house rules, each with the rulebook line or notes.md entry it settles.
OPTIONS = (
    OptionSpec(
        "envelope", "table", ("table", "companion"),
        msg("Who seals the envelope: a player by hand, or the companion, which picks one card of each face-down "
            "row and checks accusations when every card was tapped on a reader."),
        msg("Distribute Cards"),
        title=msg("Envelope"),
        refs="Distribute Cards; issue 11",
        setup=True,
    ),
    OptionSpec(
        "intrigue_deck", "physical", ("physical", "virtual", "off"),
        msg("Intrigue cards: the table draws the real card and taps it, the companion draws, or no Intrigue "
            "cards: a \"?\" counts as 1."),
        msg("Intrigue Cards"),
        title=msg("Intrigue deck"),
        refs="Intrigue Cards: \"If you're not using the Intrigue Cards, ignore the '?'\"",
        setup=True,
    ),
    OptionSpec(
        "leftover_mode", "face_up", ("face_up", "centre"),
        msg("Leftover Rumor cards lie face-up beside the board, or face-down in the centre, where a player who "
            "ends a move there may look at them."),
        msg("Distribute Cards"),
        title=msg("Leftover mode"),
        refs="Distribute Cards (notes 3.C I-A1)",
    ),
    OptionSpec(
        "double_question", "two", ("two", "one"),
        msg("Both dice show \"?\": draw two Intrigue cards or one; either way move 0."),
        msg("Roll the Dice"),
        title=msg("Double question"),
        refs="Roll the Dice (notes 3.C I-A2)",
    ),
    OptionSpec(
        "eliminated_answers", "answer", ("answer", "reveal"),
        msg("A player out after a wrong accusation keeps the cards and still answers, or lays them face-up and no "
            "longer answers."),
        msg("Were you Wrong?"),
        title=msg("Eliminated answers"),
        refs="Were you Wrong? (notes 3.C I-A3)",
    ),
    OptionSpec(
        "ask_requires_entry", "entered", ("entered", "present"),
        msg("A question only after entering a location this turn, or also from a location one is already in, e.g. "
            "moved there by another's question."),
        msg("Ask a Question"),
        title=msg("Ask requires entry"),
        refs="Ask a Question (notes 3.C I-A4)",
    ),
    OptionSpec(
        "balloon_rule", "eliminate", ("eliminate", "end_game"),
        msg("The 8th Red Balloon drawn puts its drawer out of the game, or ends the game unsolved for everyone."),
        msg("Intrigue Cards"),
        title=msg("Balloon rule"),
        refs="Intrigue Cards; press text (notes 1.3, 3.C I-A5)",
    ),
)

#: The words of the options' values on the New game screen (:attr:`Game.option_words`).
OPTION_WORDS: Mapping[str, Msg] = MappingProxyType({
    "table": msg("the table"),
    "companion": msg("the companion"),
    "physical": msg("physical deck"),
    "virtual": msg("virtual deck"),
    "off": msg("off"),
    "face_up": msg("face up"),
    "centre": msg("centre"),
    "two": msg("two"),
    "one": msg("one"),
    "answer": msg("answer"),
    "reveal": msg("reveal"),
    "entered": msg("entered"),
    "present": msg("present"),
    "eliminate": msg("eliminate"),
    "end_game": msg("end game"),
})

#: The instructions whose reverse is said exactly when an input is undone (issue 26;
#: :mod:`companion.undo_words`): the instruction's message id -> its reverse, from its
#: parameters. Every other instruction gets its kind's reverse.
UNDO_SENTENCES: Mapping[str, Callable[[Mapping[str, Any]], NewsLine | None]] = MappingProxyType({
    # The movers and Item tokens moved go back where they stood: the game's undo step (undo.py).
    "{player} asks: {kid}, {item}, {place}. Move that Kid mover and Item token there.": lambda p: None,
    "{player} takes the secret passage to {place}.": lambda p: None,
    "Take the cards out of the envelope and show them to everyone.":
        lambda p: todo("return", "Put the cards back into the envelope.", **p),
    "{player}'s accusation is wrong: {player} is out of the game.":
        lambda p: todo("return", "{player} is back in the game.", **p),
    # Undone, the accuser is back at "look in the envelope secretly": the cards stay in it
    # (the kind's reverse said "Undo this on the table. It said: Secretly return the cards to
    # the envelope.", i.e. take them out again; session 16).
    "Secretly return the cards to the envelope.": lambda p: None,
    # The companion seals (issue 11): the card at the row's position went into the envelope, the
    # rest were shuffled. Rumor cards share a back, so the card to take out is the last one put
    # in, never named; a shuffled row's order is lost, so its taps are undone and it is laid
    # again (session 17b; before: "Take back what was put down. It said: ...").
    "Put {pile} card number {position} of the row into the envelope without looking; shuffle the other {pile} "
    "cards back together.":
        lambda p: todo("return", "Take the last card put into the envelope back out, face-down, without looking, and "
                                 "lay it again as {pile} card number {position} of the row. If the other {pile} cards "
                                 "were shuffled already, shuffle it in with them and undo every tap of this pile: its "
                                 "row is laid again.", **p),
    # Where the envelope lies is no part of the game: the row's line takes its card back out.
    "Put the envelope off to the side.": lambda p: None,
    "The envelope is sealed: put it off to the side.": lambda p: None,
    # "This power can only be used once per game. After you use it, turn the card over." What
    # the power did is the card's own text, which the companion does not know (session 17b).
    "{player} uses {kid}'s Personality power: follow the card, then turn it over.":
        lambda p: todo("return", "{player}: turn the Personality card of {kid} face up again, and put back anything "
                                 "its power moved on the table.", **p),
})


class ClueIt(Game[State]):
    """The game for the companion (:class:`~companion.engine.game.Game`): its own parts, and its
    hooks from its modules, assigned below."""

    # Its hooks (companion.engine.game.Game), from its modules.
    _setup = staticmethod(rules.setup)
    handlers = MappingProxyType(rules.HANDLERS)
    prompt = staticmethod(prompts.prompt)
    summary = staticmethod(prompts.summary)
    ending = staticmethod(prompts.ending)
    setting_up = staticmethod(table_view.setting_up)
    refusal = staticmethod(refusals.refusal)
    undo_steps = staticmethod(undo.undo_steps)
    undo_refusal = staticmethod(undo.undo_refusal)
    view = staticmethod(table_view.view)
    component_label = staticmethod(ci.component_label)
    check = staticmethod(tablecheck.check)
    correct = staticmethod(tablecheck.correct)
    encode = staticmethod(codec.encode)
    decode = staticmethod(codec.decode)

    id = ci.GAME_ID
    title = "CLUE: IT"
    min_players = rules.MIN_PLAYERS
    max_players = rules.MAX_PLAYERS
    options = OPTIONS
    option_words = OPTION_WORDS
    undo_sentences = UNDO_SENTENCES
    undo_complete = True  # every physical step has its undo line (session 17)
    # Newcomer 19 finding 10a: said before the first card, not only once all 22 were laid
    terminal_notes = MappingProxyType({f"seal:{ci.UNREAD}": msg(
        "No card reader here: lay each card face-down in the row without looking and type 1; the companion picks "
        "which one goes into the envelope, so no player chooses it, but it does not know it and cannot check an "
        "accusation: the accuser looks in the envelope secretly.")})
    chance_sources = ("dice", "intrigue", "envelope")
    components = ci.all_components()
    view_type = ClueItView
    rule_sections = rulecard.SECTIONS
    content = CONTENT
    view_headings = MappingProxyType({
        "intrigue_drawn": msg("The Intrigue card you just drew"),
        "intrigue_held": msg("Your Intrigue cards"),
        "accusation": msg("Your accusation so far"),
    })
    def odds(self, state: State) -> tuple[Msg, Fraction] | None:
        """The odds meter (issue 33 item 5): :func:`~companion.games.clue_it.odds.odds`."""
        return odds_meter.odds(state)

    def private_view(self, state: State, player: str) -> dict:
        """:func:`~companion.games.clue_it.view.player_view`, beside the hidden state it reads."""
        return player_view(state, player)


SPEC = ClueIt()

__all__ = ["OPTIONS", "SPEC", "player_view", "private_view"]
