"""The odds meter for CLUE: IT (issue 33 item 5): "a question in reach this turn", as far as
the companion can honestly tell. Exact, by the engine's own rules, from public facts only.

A question needs the mover in a location ("After moving into a Location, except the center,
you may Ask a Question"). By the dice, that depends on how many squares the nearest
location's door is from the mover, and the board's layout is UNKNOWN to the companion
(shared/games/notes.md 4.3: the table taps where the mover stopped). So:

* **Shown** (:func:`question_in_reach`) only where the rules alone decide it, before the roll
  of a turn with no question asked yet: the mover stands in a corner location with a secret
  passage ("Use a Secret Passage": the connected location, no roll), or in a location where
  house rule ``ask_requires_entry = present`` lets them ask without leaving. Then a question
  is certain: 100 %.
* **By the dice** (:func:`reach`) where the table said how many squares away the nearest
  location is, before this turn's roll.
* **Not shown** everywhere else: a figure there would be a guess at the board.
* :func:`reach` is the dice part for a known distance: the chance that the roll lets the
  mover move at least that many squares, over the 36 faces of the two dice, by the engine's
  rules (:func:`moves_for`; a test checks it against the rules on every pair). The table
  may give that distance before the roll (:func:`asks_squares`: the ``squares`` choice, a
  recorded input that changes nothing else); with it, the meter shows :func:`reach`.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from itertools import product

from companion.games.clue_it import components as ci
from companion.games.clue_it.state import State, Step
from companion.i18n import Msg, msg

#: The farthest the table may say the nearest location is: the most two dice move (6 + 6).
FARTHEST = 12


def moves_for(first: str, second: str, options) -> int:
    """Squares the mover may move after rolling ``first`` and ``second`` ("Roll the Dice"):
    the sum; with a "?", the other die (an Intrigue card is drawn first); both "?", none
    (``double_question``); without Intrigue cards a "?" counts as 1 (INFERRED, as the engine)."""
    faces = (first, second)
    if options["intrigue_deck"] == "off":
        return sum(1 if f == ci.QUESTION else int(f) for f in faces)
    return sum(int(f) for f in faces if f != ci.QUESTION)


#: The rolls of the two dice, each as likely: 36.
ROLLS = tuple(product(ci.DIE_FACES, repeat=2))


def reaching(state: State, squares: int) -> int:
    """How many of the :data:`ROLLS` let the mover move at least ``squares`` squares."""
    return _reaching(state.options["intrigue_deck"], squares)


@cache  # moves_for reads the option ``intrigue_deck`` alone: each count made once
def _reaching(intrigue_deck: str, squares: int) -> int:
    options = {"intrigue_deck": intrigue_deck}
    return sum(moves_for(a, b, options) >= squares for a, b in ROLLS)


def reach(state: State, squares: int) -> Fraction:
    """P(the roll lets the mover move at least ``squares`` squares), exact over the faces."""
    return Fraction(reaching(state, squares), len(ROLLS))


def question_in_reach(state: State) -> Fraction | None:
    """1 when the rules alone give the mover a question this turn (a secret passage from a
    corner location, or asking where they stand under ``ask_requires_entry = present``),
    before they roll; None otherwise (the dice's chance needs the board's layout)."""
    if state.outcome is not None or state.step != Step.TURN or state.asked:
        return None
    if state.passage_from(state.place):
        return Fraction(1)
    if state.options["ask_requires_entry"] == "present" and state.place in ci.LOCATIONS:
        return Fraction(1)
    return None


def asks_squares(state: State) -> bool:
    """True when the squares to the nearest location would give the meter a figure: before
    the roll of a turn with no question asked yet, where the rules alone do not decide it."""
    return state.outcome is None and state.step == Step.TURN and not state.asked \
        and question_in_reach(state) is None


def odds(state: State) -> tuple[Msg, Fraction] | None:
    """The meter: a question in reach this turn, where the companion can tell: by the rules
    alone (:func:`question_in_reach`), or by the dice once the table said how many squares
    away the nearest location is (``state.squares``, :func:`reach`)."""
    chance = question_in_reach(state)
    if chance is None and state.squares is not None and asks_squares(state):
        chance = reach(state, state.squares)
    return None if chance is None else (msg("A question in reach this turn"), chance)
