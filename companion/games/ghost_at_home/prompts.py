"""What the table does next in Ghost at Home: one prompt builder per :class:`Step`.

Every text goes to the shared screen. No list of choices depends on a hand: a card is
offered while a copy of it may be unknown (:func:`~cards.unseen`), which is public. The
out-of-turn windows (a cat against a ghost, a ghost against an escape) name the player who
decides and always offer a clear "no".
"""

from __future__ import annotations

from functools import cache, lru_cache

from companion.engine.core import Choice, Prompt
from companion.engine.ending import Ending
from companion.engine.memo import remember_last
from companion.engine.present import present
from companion.games.ghost_at_home import components as gc
from companion.games.ghost_at_home import house as hs
from companion.games.ghost_at_home.cards import playable
from companion.games.ghost_at_home.light import LIGHT_COST, MAX_CARDS, MIN_CARDS, light_paid
from companion.games.ghost_at_home.state import State, Step
from companion.i18n import Msg, msg, nmsg

#: Bulb counts a player may enter for one card (house rule ``light_check = count``).
BULB_CHOICES = range(0, 6)

ROOM_CARDS = (gc.FIRST, gc.SECOND, gc.THIRD, gc.WILD)


@remember_last  # the caller, then the legality check of apply: computed once
def prompt(state: State) -> Prompt:
    """What the table does next (see :class:`Step`)."""
    return _BUILDERS[state.step](state)


@cache  # every choice below that names no player is made once, then shared by the prompts
def _cancel() -> Choice:
    return Choice("cancel", msg("Cancel"))


def _room_choices(state: State) -> list[Choice]:
    if not state.hands[state.active]:
        return []
    floor, unseen_ = hs.next_floor(state.house(state.active)), state.unseen
    return [_room_choice(card) for card in ROOM_CARDS
            if hs.fits_on(floor, card) and unseen_[card] > 0]


@cache
def _room_choice(card: str) -> Choice:
    return Choice(f"room:{card}", msg("Play a {card}", card=gc.card_name(card)), gc.component(card))


def ghost_targets(state: State) -> tuple[int, ...]:
    """Opponents of the active player a ghost from the hand may be played on."""
    second = state.options["second_ghost_on_lit_floor"]
    return tuple(p for p in state.opponents(state.active) if hs.takes_ghost(state.house(p), second))


def hole_sources(state: State) -> tuple[tuple[int, int], ...]:
    """(owner, floor) of every ghost the Time-Space Hole can move to some opponent's house."""
    return tuple((p, n) for p in range(len(state.players)) for n, f in enumerate(state.house(p), 1)
                 if f.ghosts and hole_targets(state, p))


def hole_targets(state: State, owner: int) -> tuple[int, ...]:
    """Opponents of the active player, other than ``owner``, with a room in their house."""
    return tuple(p for p in state.opponents(state.active)
                 if p != owner and hs.top_floor(state.house(p)) is not None)


def _cats(state: State, but: int | None = None) -> tuple[int, ...]:
    return hs.cat_floors(state.house(state.active), state.options["cat_granularity"], but)


def food_sources(state: State) -> tuple[tuple[int, int], ...]:
    """(opponent, floor) of every cat Cat Food can take (when the active house takes a cat)."""
    if not _cats(state):
        return ()
    return tuple((p, n) for p in state.opponents(state.active)
                 for n, f in enumerate(state.house(p), 1) if f.cats)


def lift_sources(state: State) -> tuple[int, ...]:
    """Floors of the active house whose cat the Elevator can move to another floor."""
    return tuple(n for n, f in enumerate(state.house(state.active), 1) if f.cats and _cats(state, n))


def bolt_targets(state: State) -> tuple[int, ...]:
    """Opponents whose highest explored floor is lit (Lightning)."""
    return tuple(p for p in state.opponents(state.active)
                 if (top := hs.top_floor(state.house(p))) and state.house(p)[top - 1].lit)


#: Whether a special card has something to act on now, per card.
_USABLE = {
    gc.HOLE: lambda state: bool(hole_sources(state)),
    gc.BULB: lambda state: bool(hs.light_floors(state.house(state.active))),
    gc.FOOD: lambda state: bool(food_sources(state)),
    gc.ELEVATOR: lambda state: bool(lift_sources(state)),
    gc.LIGHTNING: lambda state: bool(bolt_targets(state)),
}


def _turn(state: State) -> Prompt:
    me, player = state.active, state.player
    choices = _room_choices(state)
    if playable(state, me, gc.GHOST) and ghost_targets(state):
        choices.append(_turn_choice("ghost"))
    if playable(state, me, gc.CAT) and _cats(state):
        choices.append(_turn_choice("cat"))
    if state.hands[me] >= MIN_CARDS:
        choices += [_light_choice(n) for n in hs.light_floors(state.house(me))]
    for card in (gc.HOLE, gc.BULB, gc.FOOD, gc.ELEVATOR, gc.LIGHTNING):
        if playable(state, me, card) and _USABLE[card](state):
            choices.append(_special_choice(card))
    if state.hands[me]:
        choices.append(_turn_choice("discard"))
    else:
        choices.append(_turn_choice("pass-turn"))
    return Prompt(_turn_text(player, bool(state.hands[me])), player, tuple(choices))


@cache
def _turn_choice(key: str) -> Choice:
    if key == "ghost":
        return Choice("ghost", msg("Play a ghost"), gc.component(gc.GHOST))
    if key == "cat":
        return Choice("cat", msg("Play a cat"), gc.component(gc.CAT))
    if key == "discard":
        return Choice("discard", msg("Discard and draw"))
    return Choice("pass-turn", msg("End the turn"), main=True)


@cache
def _light_choice(floor: int) -> Choice:
    return Choice(f"light:{floor}", msg("Turn on the light of the {floor}", floor=gc.floor_name(floor)))


@cache
def _special_choice(card: str) -> Choice:
    return Choice(f"special:{card}", msg("Play {card}", card=gc.card_name(card)), gc.component(card))


@lru_cache(maxsize=64)  # the same few players at every turn: each sentence made once
def _turn_text(player: str, holding: bool) -> Msg:
    if holding:
        return msg("{player}: play room cards, a ghost, a cat or a special card (tap it), turn on a "
                   "light, or discard and draw", player=player)
    return msg("{player} holds no cards: end the turn", player=player)


def _rooms(state: State) -> Prompt:
    rooms = _room_choices(state)
    # "Gioca una o più carte stanza": the big button ends them in those words, never the step
    # box's "Done" beside it (issue 29: a player who acknowledged a step ended the room cards)
    choices = [*rooms, _no_more_rooms()]
    return Prompt(_rooms_text(state.player, bool(rooms)), state.player, tuple(choices))


@cache
def _no_more_rooms() -> Choice:
    return Choice("done", msg("No more room cards"), main=True)


@lru_cache(maxsize=64)
def _rooms_text(player: str, more: bool) -> Msg:
    if more:
        return msg("{player}: play another room card, or touch “No more room cards”", player=player)
    return msg("{player}: no other room card can be played now: touch “No more room cards”", player=player)


def _ghost(state: State) -> Prompt:
    choices = [Choice(f"target:{state.players[p]}", state.players[p]) for p in ghost_targets(state)]
    text = msg("{player}: on whose house does the ghost go?", player=state.player)
    return Prompt(text, state.player, tuple(choices) + (_cancel(),))


def _cat(state: State) -> Prompt:
    choices = [Choice(f"cat-floor:{n}", gc.floor_label(n)) for n in _cats(state)]
    text = msg("{player}: on which floor of your house does the cat go?", player=state.player)
    return Prompt(text, state.player, tuple(choices) + (_cancel(),))


def _pay(state: State) -> Prompt:
    me, paid = state.active, len(state.paying)
    choices = []
    if paid < min(MAX_CARDS, state.hands[me]):
        unseen_ = state.unseen
        choices += [_pay_choice(card) for card in gc.DECK if unseen_[card] > 0]
    known = len(state.bulbs) == paid
    rule = state.options["light_three_card_rule"]
    if paid >= MIN_CARDS and (not known or light_paid(state.bulbs, rule)):
        choices.append(Choice("pay-done", msg("Pay with these cards"), main=True))
    floor = gc.floor_name(present(state.floor, "the floor to light"))
    if paid and known and not light_paid(state.bulbs, rule) and paid >= min(MAX_CARDS, state.hands[me]):
        text = _unpaid(state, rule)
    elif paid and known and not light_paid(state.bulbs, rule):
        text = nmsg("{player}: the cards tapped show {n} bulb; a light needs {cost}. Tap another card, or Cancel",
                    "{player}: the cards tapped show {n} bulbs; a light needs {cost}. Tap another card, or Cancel",
                    "n", player=state.player, n=sum(state.bulbs), cost=LIGHT_COST)
    elif paid:
        text = _tapped(state, floor, paid)
    else:
        text = msg("{player}: tap the 2 or 3 cards you discard to light the {floor} (at least {cost} bulb icons)",
                   player=state.player, floor=floor, cost=LIGHT_COST)
    return Prompt(text, state.player, tuple(choices) + (_cancel(),))


@cache
def _pay_choice(card: str) -> Choice:
    return Choice(f"pay:{card}", gc.card_label(card), gc.component(card), per_copy=gc.DECK[card] > 1)


def _tapped(state: State, floor, paid: int) -> Msg:
    """The cards tapped so far for a light, counted (newcomer16: the first card tapped changed
    nothing the terminal showed, and a player who saw nothing tapped a second card)."""
    if paid < MIN_CARDS:
        return msg("{player}: 1 card tapped to light the {floor}: tap 1 or 2 more (at least {cost} bulb icons)",
                   player=state.player, floor=floor, cost=LIGHT_COST)
    if paid < min(MAX_CARDS, state.hands[state.active]):
        return msg("{player}: {n} cards tapped to light the {floor}: touch Pay with these cards, or tap a third",
                   player=state.player, floor=floor, n=paid)
    return msg("{player}: {n} cards tapped to light the {floor}: touch Pay with these cards",
               player=state.player, floor=floor, n=paid)


def _unpaid(state: State, rule: str) -> Msg:
    """The cards tapped do not pay for a light and no card can be added: only Cancel is left."""
    n = sum(state.bulbs)
    if len(state.bulbs) == MAX_CARDS and rule == "zero_plus_pair" and n >= LIGHT_COST:
        return msg("{player}: three cards light a floor only when one shows no bulb and the other two show at "
                   "least {cost} (a house rule of this game): touch Cancel", player=state.player, cost=LIGHT_COST)
    if len(state.bulbs) == MAX_CARDS:
        return nmsg("{player}: the {most} cards tapped show {n} bulb, and a light needs {cost} with at most "
                    "{most} cards: touch Cancel",
                    "{player}: the {most} cards tapped show {n} bulbs, and a light needs {cost} with at most "
                    "{most} cards: touch Cancel", "n", player=state.player, n=n, cost=LIGHT_COST, most=MAX_CARDS)
    return nmsg("{player}: the cards tapped show {n} bulb; a light needs {cost}, and the hand has no other card: "
                "touch Cancel",
                "{player}: the cards tapped show {n} bulbs; a light needs {cost}, and the hand has no other card: "
                "touch Cancel", "n", player=state.player, n=n, cost=LIGHT_COST)


def _bulbs(state: State) -> Prompt:
    choices = tuple(Choice(f"bulbs:{n}", str(n)) for n in BULB_CHOICES)
    text = msg("{player}: how many bulb icons does the {card} show?", player=state.player,
               card=gc.card_name(state.paying[-1]))
    return Prompt(text, state.player, choices)


def _confirm_light(state: State) -> Prompt:
    if len(state.paying) == 3 and state.options["light_three_card_rule"] == "zero_plus_pair":
        text = msg("Table: does one of the 3 cards show no bulb and the other two at least 5 bulbs together?")
    else:
        text = nmsg("Table: do these {n} card show at least 5 bulb icons together?",
                    "Table: do these {n} cards show at least 5 bulb icons together?", "n", n=len(state.paying))
    choices = (Choice("light-yes", msg("Yes: turn on the light")), Choice("light-no", msg("No: take them back")))
    return Prompt(text, state.player, choices)


def _discard(state: State) -> Prompt:
    choices = tuple(Choice(f"discard-n:{n}", str(n)) for n in range(1, state.hands[state.active] + 1))
    text = msg("{player}: how many cards do you discard face down (you draw as many)?", player=state.player)
    return Prompt(text, state.player, choices + (_cancel(),))


def _where(state: State, owner: int, floor: int) -> Choice:
    return Choice(f"from:{state.players[owner]}:{floor}",
                  msg("{owner}: {floor}", owner=state.players[owner], floor=gc.floor_name(floor)))


def _hole_from(state: State) -> Prompt:
    choices = tuple(_where(state, p, n) for p, n in hole_sources(state))
    text = msg("{player}: which ghost goes through the Time-Space Hole?", player=state.player)
    return Prompt(text, state.player, choices + (_cancel(),))


def _hole_to(state: State) -> Prompt:
    source = present(state.target, "the ghost's house")
    choices = tuple(Choice(f"to:{state.players[p]}", state.players[p]) for p in hole_targets(state, source))
    text = msg("{player}: to whose house does the ghost go?", player=state.player)
    return Prompt(text, state.player, choices + (_cancel(),))


def _bulb(state: State) -> Prompt:
    choices = tuple(Choice(f"bulb:{n}", gc.floor_label(n)) for n in hs.light_floors(state.house(state.active)))
    text = msg("{player}: which light does the Light Bulb turn on?", player=state.player)
    return Prompt(text, state.player, choices + (_cancel(),))


def _food_from(state: State) -> Prompt:
    choices = tuple(_where(state, p, n) for p, n in food_sources(state))
    text = msg("{player}: which cat comes to your house for the Cat Food?", player=state.player)
    return Prompt(text, state.player, choices + (_cancel(),))


def _to_floor(state: State, but: int | None) -> Prompt:
    choices = tuple(Choice(f"to-floor:{n}", gc.floor_label(n)) for n in _cats(state, but))
    text = msg("{player}: on which floor of your house does the cat go?", player=state.player)
    return Prompt(text, state.player, choices + (_cancel(),))


def _lift_from(state: State) -> Prompt:
    choices = tuple(Choice(f"from-floor:{n}", gc.floor_label(n)) for n in lift_sources(state))
    text = msg("{player}: which cat takes the Elevator?", player=state.player)
    return Prompt(text, state.player, choices + (_cancel(),))


def _bolt(state: State) -> Prompt:
    choices = tuple(Choice(f"bolt:{state.players[p]}", state.players[p]) for p in bolt_targets(state))
    text = msg("{player}: whose light does the Lightning turn off?", player=state.player)
    return Prompt(text, state.player, choices + (_cancel(),))


def _defend(state: State) -> Prompt:
    target = state.players[present(state.target, "the ghost's target")]
    text = msg("{target}: a ghost is coming to the {floor} of your house. Discard a cat from your "
               "hand to cancel it (tap it), or let the ghost in", target=target,
               floor=gc.floor_name(present(state.floor, "the ghost's floor")))
    choices = (Choice("defend", msg("Discard a cat"), gc.component(gc.CAT)),
               Choice("let-in", msg("Let the ghost in")))
    return Prompt(text, target, choices)


def _escape(state: State) -> Prompt:
    stopper, escaper = state.players[state.stoppers[0]], state.players[present(state.escaper, "the escaping player")]
    if len(state.players) == 2:
        text = msg("{player}: {escaper} is escaping! Play a ghost on {escaper}'s house to stop the "
                   "escape (up to 2 ghosts), or let {escaper} go", player=stopper, escaper=escaper)
    else:
        text = msg("{player}: {escaper} is escaping! Play a ghost on {escaper}'s house to stop the "
                   "escape, or let {escaper} go", player=stopper, escaper=escaper)
    choices = (Choice("stop", msg("Play a ghost"), gc.component(gc.GHOST)),
               Choice("pass", msg("Let {escaper} go", escaper=escaper)))
    return Prompt(text, stopper, choices)


def summary(state: State) -> Msg | None:
    """How the game ended, for the game-over panel (:meth:`Game.summary`); None while it goes on."""
    if state.step != Step.OVER:
        return None
    return msg("{player} escaped from the haunted house!", player=state.outcome)


def ending(state: State) -> Ending | None:
    """How the game ended, for the game-over panel (:meth:`Game.ending`): the player who
    escaped won; None while it goes on."""
    if state.step != Step.OVER:
        return None
    return Ending("won", (present(state.outcome, "the winner"),))


def _over(state: State) -> Prompt:
    return Prompt(msg("The game is over: {player} escaped from the haunted house!", player=state.outcome),
                  over=True)


_BUILDERS = {
    Step.TURN: _turn,
    Step.ROOMS: _rooms,
    Step.GHOST: _ghost,
    Step.CAT: _cat,
    Step.PAY: _pay,
    Step.BULBS: _bulbs,
    Step.CONFIRM_LIGHT: _confirm_light,
    Step.DISCARD: _discard,
    Step.HOLE_FROM: _hole_from,
    Step.HOLE_TO: _hole_to,
    Step.BULB: _bulb,
    Step.FOOD_FROM: _food_from,
    Step.FOOD_TO: lambda s: _to_floor(s, None),
    Step.LIFT_FROM: _lift_from,
    Step.LIFT_TO: lambda s: _to_floor(s, s.floor),
    Step.BOLT: _bolt,
    Step.DEFEND: _defend,
    Step.ESCAPE: _escape,
    Step.OVER: _over,
}
