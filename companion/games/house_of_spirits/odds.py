"""The odds meter for House of Spirits (issue 33 item 5): while a die is due for an attack,
the chance that this attack hits; while one is due for a plot card, the chance that the
plot roll succeeds. Exact (over the faces of the dice still to roll), by the engine's own
rules (:mod:`.combat`, :mod:`.actions`).

* Attack ("Attack a Monster"): base attack + offensive items + 1D6 against the monster's
  defence + 1D6; a hit exceeds it (a critical hit, more than defence + 6, hits whatever the
  monster's die). Olivia, who may re-roll the attack die, keeps a face whose chance is at
  least the chance of a fresh roll (the best she can do). Once the attack die is rolled,
  only the monster's die is left: the chance with the total rolled.
* Plot roll ("Playing Plot Cards"): the die, moved by at most the modifier, reaches the
  number.
"""

from __future__ import annotations

from fractions import Fraction

from companion.games.house_of_spirits.actions import plot_roll_stand_ins, plot_target
from companion.games.house_of_spirits.combat import fight_stand_ins, may_reroll
from companion.games.house_of_spirits.state import Roll, State, Step
from companion.i18n import Msg, msg

FACES = range(1, 7)


def beats(total: int, defence: int) -> Fraction:
    """P(``total`` > ``defence`` + 1D6)."""
    return Fraction(sum(total > defence + face for face in FACES), 6)


def attack_base(state: State) -> int:
    """The attacker's total before the attack die (base attack + the items chosen)."""
    pending = state.action
    base = state.character_card(state.active).attack
    return base + sum(state.item_bonus(item, "attack", pending.target) for item in pending.items)


def attack_hits(state: State) -> Fraction | None:
    """P(this attack hits), or None when no attack die or defence die is due."""
    if state.step != Step.ROLL or state.pending is None or state.pending.kind != "attack":
        return None
    defence = state.card(state.pending.target).defence
    if state.roll == Roll.MONSTER_DEFENCE:
        return beats(state.pending.score, defence)
    base = attack_base(state)
    if state.roll == Roll.REROLL:  # the die on the table, if kept
        return beats(base + state.pending.dice[-1], defence)
    if state.roll != Roll.ATTACK:
        return None
    each = [beats(base + face, defence) for face in FACES]
    fresh = sum(each, Fraction(0)) / 6
    if may_reroll(state):
        return sum((max(p, fresh) for p in each), Fraction(0)) / 6
    return fresh


def plot_succeeds(state: State) -> Fraction | None:
    """P(the plot roll succeeds), or None when no plot roll is due."""
    if state.step != Step.ROLL or state.roll != Roll.PLOT:
        return None
    target, modifier = plot_target(state)
    return Fraction(sum(abs(face - target) <= modifier for face in FACES), 6)


def odds(state: State) -> tuple[Msg, Fraction] | None:
    """The meter: the attack's chance to hit, or the plot roll's chance to succeed."""
    if state.outcome is not None:
        return None
    # worked out from a card's placeholder numbers, the meter says so, as the fight's and the plot
    # roll's lines do (words20: "This attack hits: 54%" read as the cards' own chance); short, as
    # the figure keeps to one line of the board's row (about 350 px at 800x480: "Hits, placeholder
    # numbers: 100%" is 292 px, "Tiro trama, numeri segnaposto: 100%" 332)
    hit = attack_hits(state)
    if hit is not None:
        if fight_stand_ins(state):
            return msg("Hits, placeholder numbers"), hit
        return msg("This attack hits"), hit
    plot = plot_succeeds(state)
    if plot is None:
        return None
    if plot_roll_stand_ins(state):
        return msg("Plot roll, placeholder numbers"), plot
    return msg("The plot roll succeeds"), plot
