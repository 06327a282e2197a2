"""The CLUE: IT table check (issue 6 "Table check"): where each Kid mover and each Item
token stands, as the companion believes, and the corrections the table may touch when the
real board has drifted. Built from the public view only (the envelope, hands and private
answers are never listed).

Corrections (``fix:`` keys, applied by :func:`correct`):

- ``fix:mover:<kid>:<place>``: a Kid mover's place, any location, the centre or a corridor,
  in one touch;
- ``fix:item:<item>:<place>``: an Item token's place, any location or the centre (an item
  only ever moves into the location of a question, "Ask a Question").

A correction only sets what the companion believes; it never triggers a rule (no question,
no Intrigue draw, the turn's step and moves stay as they were). The active player's own
mover is corrected only before the roll or at the end of the turn: in between, where it
stands decides what the turn offers (a secret passage, the location a question names).
Nothing before the kids are chosen, and nothing once the game is over (issue 29 item 12).
"""

from __future__ import annotations

from companion.engine.core import CheckLine, Choice
from companion.engine.frozen import replace
from companion.engine.memo import remember_last
from companion.engine.tuples import put
from companion.errors import RuleViolation
from companion.games.clue_it import components as ci
from companion.games.clue_it.state import State, Step
from companion.i18n import msg

#: Every correction key starts so.
PREFIX = "fix:"

#: Where a Kid mover may stand, in the order the check lists them.
_MOVER_PLACES: tuple[str, ...] = ci.LOCATIONS + (ci.CENTRE, ci.CORRIDOR)

#: Where an Item token may stand.
_ITEM_PLACES: tuple[str, ...] = ci.LOCATIONS + (ci.CENTRE,)

#: Steps at which the active player's own mover may be corrected.
_OWN_MOVER_STEPS = (Step.TURN, Step.END)

#: Steps before the movers are in play (the kids are being chosen, the envelope sealed).
_SETUP_STEPS = (Step.CHOOSE_KID, Step.SEAL, Step.SEAL_PICK)


@remember_last  # the screen's check, then the correction's legality check and correct()
def check(state: State) -> tuple[CheckLine, ...]:
    """One line per Kid mover, then one per Item token; empty once the game is over."""
    if state.step == Step.OVER:
        return ()
    fixing = state.step not in _SETUP_STEPS
    to = {place: msg("To {place}", place=state.name(place)) for place in _MOVER_PLACES}  # once per check
    movers = tuple(_line(state, "mover", kid, place, _MOVER_PLACES if fixing and _mover_fixable(state, kid) else (),
                         to) for kid, place in zip(ci.KIDS, state.movers))
    items = tuple(_line(state, "item", item, place, _ITEM_PLACES if fixing else (), to)
                  for item, place in zip(ci.ITEMS, state.tokens))
    return movers + items


def correct(state: State, key: str) -> State:
    """Apply the correction ``key`` (one that :func:`check` lists for ``state``).

    Returns the corrected state, its news one sentence starting "Correction:".

    Raises:
        RuleViolation: ``key`` is not a correction the check lists now.
    """
    if not any(fix.key == key for line in check(state) for fix in line.fixes):
        raise RuleViolation(msg("That correction no longer fits the table check: nothing changed. "
                                "Look at the table check again."))
    kind, _, rest = key[len(PREFIX):].partition(":")
    piece, _, place = rest.partition(":")
    state = replace(state, news=())
    if kind == "mover":
        index = ci.KIDS.index(piece)
        before = state.movers[index]
        state = replace(state, movers=put(state.movers, index, place))
    else:
        index = ci.ITEMS.index(piece)
        before = state.tokens[index]
        state = replace(state, tokens=put(state.tokens, index, place))
    text = msg("Correction: {piece} is now in {place} (was in {before}).", piece=state.name(piece),
               place=state.name(place), before=state.name(before))
    return replace(state, news=state.news + (text,))


def _mover_fixable(state: State, kid: str) -> bool:
    own = state.kids[state.active] == kid
    return not own or state.step in _OWN_MOVER_STEPS


def _line(state: State, kind: str, piece: str, place: str, places: tuple[str, ...], to: dict) -> CheckLine:
    fixes = tuple(Choice(f"{PREFIX}{kind}:{piece}:{target}", to[target]) for target in places if target != place)
    return CheckLine(state.name(piece), state.name(place), fixes)
