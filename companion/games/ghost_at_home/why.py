"""Ghost at Home's explanations of its news lines (issue 33 item 1): each names the rule
card's section (:mod:`companion.games.ghost_at_home.rulecard`, the Italian rulebook's
sections), says why in the companion's own words, and carries the inputs behind it (the
floor, the bulbs counted, the cards drawn).

A ``why`` never names a card of a hand or a face-down discard: only counts, floors and the
cards played in the open."""

from __future__ import annotations

from companion.engine.why import because
from companion.games.ghost_at_home import components as gc
from companion.games.ghost_at_home.rulecard import SECTIONS
from companion.i18n import Msg, NewsLine, msg, nmsg

RULE = {str(section.name): section.name for section in SECTIONS}
SUMMARY, ROOMS = RULE["Summary (Riepilogo)"], RULE["Play one or more room cards (Gioca una o più carte stanza)"]
GHOST, CAT = RULE["Play a ghost card (Gioca una carta fantasma)"], RULE["Play a cat card (Gioca una carta gatto)"]
LIGHT, SPECIAL = RULE["Turn on the light (Accendi la luce)"], RULE["Play a special card (Gioca una carta speciale)"]
DISCARD, END = RULE["Discard one or more cards (Scarta una o più carte)"], RULE["End of the turn (Fine del turno)"]

BULBS_NEEDED = 5  # "un totale di almeno 5 icone di lampadine"


def room(line: Msg | NewsLine, floor: int, wild: bool) -> NewsLine:
    """A room card explored on the lowest floor not yet full."""
    if wild:
        return because(line, SPECIAL, msg("A Room Wild Card counts as a room of any floor; it fills the next space, "
                                          "on the {floor}.", floor=gc.floor_name(floor)), floor)
    if floor == 1:
        return because(line, ROOMS, msg("A room card fills an empty space of its own floor; the first floor is always "
                                        "open."), floor)
    return because(line, ROOMS, msg("A room card fills an empty space of its own floor, and every floor below the "
                                    "{floor} is full already.", floor=gc.floor_name(floor)), floor)


def ghost_played(line: Msg | NewsLine, target: str, floor: int) -> NewsLine:
    """A ghost goes on the target's highest floor with a room."""
    return because(line, GHOST, msg("A ghost always goes on the highest floor where {target} has a room: the {floor}.",
                                    target=target, floor=gc.floor_name(floor)), target, floor)


def stop_escape(line: Msg | NewsLine, target: str, floor: int, ghosts: int) -> NewsLine:
    """A ghost played to stop an escape."""
    return because(line, END, nmsg("A complete house is escaping: each other player may play {n} ghost on its top "
                                   "floor, the {floor}, to stop {target}.",
                                   "A complete house is escaping: each other player may play up to {n} ghosts on its "
                                   "top floor, the {floor}, to stop {target}.", "n", n=ghosts, target=target,
                                   floor=gc.floor_name(floor)), target, floor, ghosts)


def cat_placed(line: Msg | NewsLine, floor: int) -> NewsLine:
    """A cat put in one's own house."""
    return because(line, CAT, msg("A cat goes in a room of your own house, not on another cat, and defends its floor "
                                  "from the next ghost."), floor)


def cat_chases(line: Msg | NewsLine) -> NewsLine:
    """A cat arriving on a floor with a ghost."""
    return because(line, CAT, msg("A cat arriving where a ghost is sends both away; the rooms stay."))


def cat_guards(line: Msg | NewsLine) -> NewsLine:
    """A ghost arriving on a floor with a cat."""
    return because(line, GHOST, msg("A cat already on that floor meets the ghost: both are discarded and the rooms "
                                    "stay."))


def defended(line: Msg | NewsLine) -> NewsLine:
    """A cat from the hand cancels a ghost, out of turn too."""
    return because(line, CAT, msg("A cat discarded from your hand cancels a ghost sent at you, even when it is not "
                                  "your turn."))


def lit(line: Msg | NewsLine, floor: int, bulbs: int | None) -> NewsLine:
    """A light turned on, paid with cards showing ``bulbs`` (None: the table confirmed it)."""
    if bulbs is None:
        return because(line, LIGHT, msg("The table confirmed at least 5 bulbs on the cards paid; the floors below are "
                                        "full."), floor)
    if floor == 1:
        text = msg("The cards paid show {bulbs} bulbs, at least 5, and the first floor can always be lit.",
                   bulbs=bulbs)
    else:
        text = msg("The cards paid show {bulbs} bulbs, at least 5, and every floor below the {floor} is full: the "
                   "light goes on.", bulbs=bulbs, floor=gc.floor_name(floor))
    return because(line, LIGHT, text, floor, bulbs, BULBS_NEEDED)


def bulb_card(line: Msg | NewsLine, floor: int) -> NewsLine:
    """The Light Bulb special card."""
    return because(line, SPECIAL, msg("The Light Bulb turns on a light at no cost, on a floor whose lower floors are "
                                      "full."), floor)


def too_few_bulbs(line: Msg | NewsLine, bulbs: int | None) -> NewsLine:
    """The cards paid for a light show fewer than 5 bulbs."""
    if bulbs is None:
        return because(line, LIGHT, msg("A light needs cards showing at least 5 bulbs, and the table counted fewer."))
    return because(line, LIGHT, msg("A light needs cards showing at least 5 bulbs; these show {bulbs}.", bulbs=bulbs),
                   bulbs, BULBS_NEEDED)


def cleared(line: Msg | NewsLine, how: str) -> NewsLine:
    """A floor's rooms and ghosts discarded: a ghost on a dark floor, a second ghost on a
    lit one, or Lightning putting out the light over a ghost."""
    if how == "second":
        return because(line, GHOST, msg("The light was on, so the floor held one ghost; the second one clears it and "
                                        "the light goes out."), 2)
    if how == "lightning":
        return because(line, SPECIAL, msg("Lightning put out the light over a ghost; with your house rules the ghost "
                                          "clears the floor at once."), 1)
    return because(line, GHOST, msg("The light of that floor is off: one ghost is enough to clear its rooms."), 1)


def second_ghost(line: Msg | NewsLine) -> NewsLine:
    """A second ghost on a lit floor (said before the floor is cleared)."""
    return because(line, GHOST, msg("On a lit floor it takes two ghosts to clear it; this is the second."), 2)


def stays(line: Msg | NewsLine) -> NewsLine:
    """The first ghost on a lit floor."""
    return because(line, GHOST, msg("On a lit floor it takes two ghosts to clear it; this is the first, so it stays."),
                   1)


def discarded(line: Msg | NewsLine, n: int) -> NewsLine:
    """Cards discarded face down (never named)."""
    return because(line, DISCARD, msg("Discarded cards stay secret, even from the companion; as many are drawn back."),
                   n)


def drawn(line: Msg | NewsLine, reason: str, held: int, n: int) -> NewsLine:
    """Cards drawn: the refill to 3 at the end of a turn, after a stopped escape, or as many
    as were discarded."""
    if reason == "discard":
        return because(line, DISCARD, msg("As many cards are drawn as were discarded."), n)
    if reason == "stopped":
        return because(line, END, nmsg("After a stopped escape everyone refills to 3 cards, the escaper first; "
                                       "{held} card was held.",
                                       "After a stopped escape everyone refills to 3 cards, the escaper first; "
                                       "{held} cards were held.", "held", held=held), held, n)
    return because(line, END, nmsg("The house is not complete, so the hand refills to 3 cards at the end of the turn; "
                                   "{held} card was held.",
                                   "The house is not complete, so the hand refills to 3 cards at the end of the turn; "
                                   "{held} cards were held.", "held", held=held), held, n)


def reshuffled(line: Msg | NewsLine) -> NewsLine:
    """The deck ran out."""
    return because(line, END, msg("The deck ran out: the discard pile, face-down discards too, becomes the new deck."))


def escaping(line: Msg | NewsLine, stoppers: int) -> NewsLine:
    """A complete house starts the escape."""
    return because(line, END, msg("Every floor is full: instead of refilling, you try to escape, and the others may "
                                  "play ghosts to stop you."), stoppers)


def stopped(line: Msg | NewsLine, any_ghost: bool) -> NewsLine:
    """The escape stopped."""
    if any_ghost:
        return because(line, END, msg("A ghost that was not cancelled stopped the escape."))
    return because(line, END, msg("A ghost cleared a floor of the escaping house, so it is no longer complete."))


def escaped(line: Msg | NewsLine) -> NewsLine:
    """Nobody stopped the escape: the escaper wins."""
    return because(line, SUMMARY, msg("The first player to escape with every floor full wins."))


def special_played(line: Msg | NewsLine) -> NewsLine:
    """A special card leaves the hand, face up."""
    return because(line, SPECIAL, msg("A special card is used once and goes to the discard pile."))


def ghost_moved(line: Msg | NewsLine, target: str, floor: int) -> NewsLine:
    """Time-Space Hole."""
    return because(line, SPECIAL, msg("The Time-Space Hole moves a ghost to an opponent's house, on the highest floor "
                                      "where {target} has a room: the {floor}.", target=target,
                                      floor=gc.floor_name(floor)), target, floor)


def cat_moved(line: Msg | NewsLine, food: bool) -> NewsLine:
    """Cat Food or Elevator."""
    if food:
        return because(line, SPECIAL, msg("Cat Food moves a cat from an opponent's house into yours."))
    return because(line, SPECIAL, msg("The Elevator moves one of your cats between your own floors."))


def lightning(line: Msg | NewsLine, target: str, floor: int) -> NewsLine:
    """Lightning."""
    return because(line, SPECIAL, msg("Lightning turns off the light on the highest floor where {target} has a room: "
                                      "the {floor}.", target=target, floor=gc.floor_name(floor)), target, floor)
