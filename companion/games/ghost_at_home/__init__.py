"""Ghost at Home (``ghost_at_home``), played from its Italian rulebook.

Rulebook: ``shared/rulebooks/haunted-house-escape.it.txt`` (identified in
``shared/games/notes.md`` 1.2; ambiguities 3.B; what to track 4.2). Players hold real
cards: the companion counts hands and the deck, checks every play against the houses, runs
the out-of-turn windows (a cat against a ghost, ghosts against an escape) and says when to
draw and reshuffle. Its sentences are messages shown in English or Italian.
"""

from collections.abc import Callable, Mapping
from fractions import Fraction
from types import MappingProxyType
from typing import Any

from companion.engine.core import OptionSpec
from companion.engine.game import Game
from companion.games.ghost_at_home import codec, prompts, refusals, rulecard, rules, tablecheck, undo
from companion.games.ghost_at_home import components as gc
from companion.games.ghost_at_home import odds as odds_meter
from companion.games.ghost_at_home import view as table_view
from companion.games.ghost_at_home.content import CONTENT
from companion.games.ghost_at_home.state import State
from companion.games.ghost_at_home.view import GhostAtHomeView
from companion.i18n import Msg, NewsLine, msg, ntodo, todo

#: Options and named house rules, each with the rulebook line or notes.md entry it settles.
OPTIONS = (
    OptionSpec(
        "second_ghost_on_lit_floor", True, (True, False),
        msg("A ghost may be played on a lit floor that already has one ghost, or only on a floor without a ghost: "
            "a second ghost then comes only by Time-Space Hole or an escape."),
        "Gioca una carta fantasma",
        title=msg("Second ghost on lit floor"),
        refs=('Gioca una carta fantasma: "non deve avere un fantasma" vs "a meno che non ci siano 2 fantasmi" '
              '(notes 3.B G-A1)'),
    ),
    OptionSpec(
        "escape_stop", "any_ghost", ("any_ghost", "floor_removed"),
        msg("An escape is stopped by any ghost that is not cancelled, or only by one that discards a floor, so "
            "the house is no longer complete."),
        "Fine del turno",
        title=msg("Escape stop"),
        refs='Fine del turno: "Se la fuga viene interrotta" (notes 3.B G-A2)',
    ),
    OptionSpec(
        "light_three_card_rule", "sum", ("sum", "zero_plus_pair"),
        msg("A light costs any 2 or 3 cards with at least 5 bulbs, or 3 cards only when one shows no bulb and the "
            "other two at least 5."),
        "Accendi la luce",
        title=msg("Light three card rule"),
        refs=('Accendi la luce: "Scarta 2 o 3 carte … È anche possibile scartare una carta con 0 icone" (notes '
              '3.B G-A3)'),
    ),
    OptionSpec(
        "lightning_resolves_ghost", True, (True, False),
        msg("Lightning on a lit floor with a ghost: the rooms and the ghost are discarded at once, or the ghost "
            "stays on the dark floor."),
        "Gioca una carta speciale, Fulmine",
        title=msg("Lightning resolves ghost"),
        refs="Gioca una carta speciale, Fulmine (notes 3.B G-A4)",
    ),
    OptionSpec(
        "timehole_resolves", True, (True, False),
        msg("A ghost moved by the Time-Space Hole arrives like a newly played ghost: cats, cat defence, the "
            "light; or it is only moved."),
        "Gioca una carta speciale, Buco spazio temporale",
        title=msg("Timehole resolves"),
        refs="Gioca una carta speciale, Buco spazio temporale (notes 3.B G-A5)",
    ),
    OptionSpec(
        "cat_granularity", "floor", ("floor", "room"),
        msg("One cat per floor, or one per room, two on a fully explored floor."),
        "Gioca una carta gatto",
        title=msg("Cat granularity"),
        refs='Gioca una carta gatto: "in qualsiasi stanza che hai esplorato" (notes 3.B G-A6)',
    ),
    OptionSpec(
        "rounds", "single", ("single",),
        msg("One round: the first player to escape wins the game."),
        "Inizio del round",
        title=msg("Rounds"),
        refs='Inizio del round; Riepilogo "Vince il primo giocatore che scappa" (notes 3.B G-A7)',
    ),
    OptionSpec(
        "light_check", "confirm", ("confirm", "count"),
        msg("For a card whose bulb icons were not entered as card data, the table confirms a light's cost, or "
            "enters the bulbs of each card paid and the companion checks."),
        "Accendi la luce",
        title=msg("Light check"),
        refs="Accendi la luce; notes 1.2 (bulb counts UNKNOWN), 4.2",
        setup=True,
    ),
)

#: The words of the options' values on the New game screen (:attr:`Game.option_words`).
OPTION_WORDS: Mapping[str, Msg] = MappingProxyType({
    "any_ghost": msg("any ghost"),
    "floor_removed": msg("floor removed"),
    "sum": msg("sum"),
    "zero_plus_pair": msg("zero plus pair"),
    "floor": msg("floor"),
    "room": msg("room"),
    "single": msg("single"),
    "confirm": msg("confirm"),
    "count": msg("count"),
})

def _cat_and_ghost_back(p: Mapping[str, Any]) -> NewsLine:
    """Both ways a cat and a ghost were discarded from a floor (the cat already there, or the cat
    chasing the ghost away): both come back, face up."""
    return todo("return", "Take the cat card and the ghost card back from the discard pile and lay both on the "
                          "{floor} of {target}'s house again.", **p)


#: The instructions whose reverse is said exactly when an input is undone (issue 26;
#: :mod:`companion.undo_words`): the instruction's message id -> its reverse, from its
#: parameters. Every other instruction gets its kind's reverse.
UNDO_SENTENCES: Mapping[str, Callable[[Mapping[str, Any]], NewsLine | None]] = MappingProxyType({
    # A room card tapped as played from the hand ("Gioca una o più carte stanza"), a ghost or a
    # cat laid on a floor: public, named (session 17; before: "Take back what was put down").
    "{player} explores a room: the {card} goes on the {side} of the {floor}.":
        lambda p: todo("return", "{player}: take the {card} back off the {side} of the {floor} into your hand.", **p),
    "{player} plays a ghost on {target}'s house, on the {floor}.":
        lambda p: todo("return", "Take the ghost card back off the {floor} of {target}'s house.", **p),
    "{player} plays a ghost on the {floor} of {target}'s house to stop the escape.":
        lambda p: todo("return", "Take the ghost card back off the {floor} of {target}'s house.", **p),
    "{player} puts a cat on the {floor}.": lambda p: todo("return", "Take the cat card back off the {floor}.", **p),
    "Lightning! The light of the {floor} of {target}'s house goes off.":
        lambda p: todo("return", "Turn the light of the {floor} of {target}'s house back on.", **p),
    "{player} turns on the light of the {floor}.":
        lambda p: todo("return", "{player} turns the light of the {floor} off again.", **p),
    # The draws and a shuffle between them are put back by the game's undo step, last first
    # (undo.py: "Ada: put the card you drew back on top of the deck.", never named).
    "{player}: draw {n} card.": lambda p: None,
    "The deck is empty: shuffle the discard pile into a new deck.": lambda p: None,
    "{player} discards {n} card face down.": lambda p: None,
    # A ghost cancelled by a cat, a floor lost, a light not paid for (session 17b; before: "Put
    # back what was taken away" / "Undo this on the table"): the cards were public, face up.
    "{target} discards a cat: the ghost is cancelled.":
        lambda p: todo("return", "{target}: take the cat card back from the discard pile into your hand, and lay the "
                                 "ghost card on the {floor} of your house again.", **p),
    "A cat is on that floor: the ghost and the cat are discarded; the rooms stay.":
        _cat_and_ghost_back,
    "Discard the rooms and ghosts of the {floor} of {target}'s house; its light is off.": lambda p: (
        todo("return", "Take these cards back from the discard pile and lay them on the {floor} of {target}'s "
                       "house again: {cards}. Turn its light back on.", **p) if p["lit"] else
        todo("return", "Take these cards back from the discard pile and lay them on the {floor} of {target}'s "
                       "house again: {cards}.", **p)),
    "The cat chases the ghost away: discard both; the rooms stay.":
        _cat_and_ghost_back,
    "The cat on the {from_floor} of {owner}'s house goes to the {floor} of {player}'s house.":
        lambda p: todo("return", "Move the cat card back from the {floor} of {player}'s house to the {from_floor} of "
                                 "{owner}'s house.", **p),
    "The ghost on the {floor} of {owner}'s house moves to {target}'s house, on the {to}.":
        lambda p: todo("return", "Move the ghost card back from the {to} of {target}'s house to the {floor} of "
                                 "{owner}'s house.", **p),
    # The ghost card lay on that floor already: the input that put it there takes it back.
    "The light is on: the ghost stays on the {floor} of {target}'s house.": lambda p: None,
    "Not enough bulbs: {player} takes the cards back.":
        lambda p: ntodo("return", "{player}: lay the {n} card paid for the light down again.",
                        "{player}: lay the {n} cards paid for the light down again.", "n", **p),
    # Each player's refill is a "draw" line of its own, put back by the undo step.
    "The escape is stopped! Everyone refills to 3 cards, starting with {player}.": lambda p: None,
})


class GhostAtHome(Game[State]):
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
    refusal = staticmethod(refusals.refusal)
    undo_steps = staticmethod(undo.undo_steps)
    view = staticmethod(table_view.view)
    component_label = staticmethod(gc.component_label)
    check = staticmethod(tablecheck.check)
    correct = staticmethod(tablecheck.correct)
    encode = staticmethod(codec.encode)
    decode = staticmethod(codec.decode)

    id = gc.GAME_ID
    title = "Ghost at Home"
    min_players = rules.MIN_PLAYERS
    max_players = rules.MAX_PLAYERS
    options = OPTIONS
    option_words = OPTION_WORDS
    undo_sentences = UNDO_SENTENCES
    undo_complete = True  # every physical step has its undo line (session 17)
    components = gc.all_components()
    view_type = GhostAtHomeView
    rule_sections = rulecard.SECTIONS
    pieces = gc.pieces()
    content = CONTENT
    private_information = False  # hands stay real cards the companion only counts: no phone needed
    def odds(self, state: State) -> tuple[Msg, Fraction] | None:
        """The odds meter (issue 33 item 5): :func:`~companion.games.ghost_at_home.odds.odds`."""
        return odds_meter.odds(state)


SPEC = GhostAtHome()

__all__ = ["OPTIONS", "SPEC"]
