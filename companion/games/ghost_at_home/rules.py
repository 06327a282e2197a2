"""Ghost at Home rules: setup, the six actions, ghosts and cats, lights, special cards, the
end of the turn and the escape.

Rulebook: ``haunted-house-escape.it.txt`` (sections "Inizio del round", "Gioco", "Gioca una o
più carte stanza", "Gioca una carta fantasma", "Gioca una carta gatto", "Accendi la luce",
"Gioca una carta speciale", "Scarta una o più carte", "Fine del turno"). Every ambiguity of
notes.md 3.B is a named house rule (``OPTIONS``).

The players hold real cards: hands are counted, never known. A card is known once it is
tapped (or touched) as it is played; which cards can still be played is public (copies not
in a house or the known discards), so no prompt depends on a hand. Drawing is done by the
table from its shuffled deck: the companion counts the deck and says when to reshuffle.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from companion.engine import draft
from companion.engine.draft import replace, say
from companion.engine.lessons import what_for
from companion.engine.present import present
from companion.engine.words import and_names
from companion.errors import RuleViolation
from companion.games.ghost_at_home import components as gc
from companion.games.ghost_at_home import house as hs
from companion.games.ghost_at_home import why
from companion.games.ghost_at_home.cards import playable
from companion.games.ghost_at_home.content import bulbs_entered
from companion.games.ghost_at_home.state import EMPTY_HOUSE, Floor, State, Step
from companion.i18n import msg, notable, ntodo, todo

MIN_PLAYERS, MAX_PLAYERS = 2, 5


def setup(players: Sequence[str], options: Mapping[str, Any],
          content: Mapping[str, Mapping[str, Any]] | None = None) -> State:
    """A new round: 3 cards dealt to each player, every house dark and empty ("Inizio del round").

    Args:
        players: 2–5 distinct names in turn order (the first player starts). The player
            count is not printed; 2–5 is INFERRED (53 cards, 3 each, two-player escape rule).
        options: resolved options (:func:`companion.engine.resolve_options`).
        content: the table's card data (the header's ``content``, checked): piece id ->
            ``{"bulbs": n}`` (:mod:`companion.games.ghost_at_home.content`).

    The engine has checked the player count (2 to 5) and the names first (``Game.setup``).
    """
    n = len(players)
    return State(
        players=tuple(players),
        options=dict(options),
        hands=(gc.HAND,) * n,
        deck=gc.DECK_SIZE - gc.HAND * n,
        houses=(EMPTY_HOUSE,) * n,
        printed_bulbs=bulbs_entered(content),
        news=(what_for(todo("setup", "Shuffle all 53 cards and deal 3 to each player."),
                       msg("Your 3 cards are what you can do on your first turn. Shuffled, nobody knows who has "
                           "the ghosts.")),
              what_for(todo("setup", "Everyone builds a house of 3 dark floor cards and a roof."),
                       msg("This is the haunted house you must escape: fill every floor with rooms, from the "
                           "bottom up, to win."))),
    )


# --------------------------------------------------------------------------- actions


def _room(state: State, card: str) -> State:
    """"Gioca una o più carte stanza": the card fills the next space of the lowest floor
    not yet explored; more may follow in the same action."""
    house = state.house(state.active)
    floor = present(hs.next_floor(house), "a floor to explore")
    spot = house[floor - 1]
    side = msg("left") if not spot.rooms else msg("right")
    state = state.with_floor(state.active, floor, replace(spot, rooms=spot.rooms + (card,)))
    state = _hand(state, state.active, -1)
    state = say(state, why.room(todo("place", "{player} explores a room: the {card} goes on the {side} of the "
                                      "{floor}.", player=state.player, card=gc.card_name(card), side=side,
                                      floor=gc.floor_name(floor)), floor, card == gc.WILD))
    return replace(state, step=Step.ROOMS)


def _done(state: State, _arg: str) -> State:
    return _end_turn(state)


def _ghost(state: State, _arg: str) -> State:
    return replace(state, step=Step.GHOST, card=gc.GHOST)


def _target(state: State, name: str) -> State:
    """The ghost goes to ``name``'s highest floor with a room ("Gioca una carta fantasma")."""
    target = state.players.index(name)
    floor = present(hs.top_floor(state.house(target)), "a floor with a room")
    state = _hand(replace(state, card=None), state.active, -1)
    state = say(state, why.ghost_played(todo("place", "{player} plays a ghost on {target}'s house, on the {floor}.",
                                              player=state.player, target=name, floor=gc.floor_name(floor)),
                                         name, floor))
    return _incoming(state, target, floor, "turn")


def _cat(state: State, _arg: str) -> State:
    return replace(state, step=Step.CAT, card=gc.CAT)


def _cat_floor(state: State, arg: str) -> State:
    """"Gioca una carta gatto": on a floor with a ghost both are discarded, the rooms stay;
    otherwise the cat stays to defend the floor."""
    floor = int(arg)
    state = _hand(replace(state, card=None), state.active, -1)
    state = say(state, why.cat_placed(todo("place", "{player} puts a cat on the {floor}.", player=state.player,
                                            floor=gc.floor_name(floor)), floor))
    state = _cat_arrives(state, state.active, floor)
    return _end_turn(state)


def _cat_arrives(state: State, player: int, floor: int) -> State:
    spot = state.house(player)[floor - 1]
    if spot.ghosts:
        state = state.with_floor(player, floor, replace(spot, ghosts=spot.ghosts - 1))
        state = _to_discard(state, gc.GHOST, gc.CAT)
        return say(state, why.cat_chases(todo("remove", "The cat chases the ghost away: discard both; the rooms "
                                                         "stay.", floor=gc.floor_name(floor),
                                              target=state.players[player])))  # unsaid: for the undo
    return state.with_floor(player, floor, replace(spot, cats=spot.cats + 1))


def _light(state: State, arg: str) -> State:
    """"Accendi la luce": first the cards paid for it are tapped."""
    return replace(state, step=Step.PAY, floor=int(arg), paying=(), paid_pieces=(), bulbs=())


def _pay(state: State, arg: str) -> State:
    """A card tapped to pay for a light (``card`` or ``card#n``, copy n). Its bulbs are known
    when the table entered them for that copy (card data), else the table counts them
    (``light_check = count``) or confirms the total at the end (``confirm``).

    Raises:
        RuleViolation: that very copy was tapped already for this light.
    """
    card, _, copy = arg.partition("#")
    piece = gc.piece(card, int(copy) if copy else None)
    if piece is not None and piece in state.paid_pieces:
        raise RuleViolation(msg("{card} is already paid for this light: tap another card.",
                                card=gc.THE_CARD[card]))
    known = dict(state.printed_bulbs).get(piece) if piece is not None else None
    if known is None:
        known = gc.BULBS.get(card)
    state = replace(state, paying=state.paying + (card,), paid_pieces=state.paid_pieces + (piece or "",))
    if known is not None:
        return replace(state, bulbs=state.bulbs + (known,))
    if state.options["light_check"] == "count":
        return replace(state, step=Step.BULBS)
    return state


def _bulbs(state: State, arg: str) -> State:
    return replace(state, bulbs=state.bulbs + (int(arg),), step=Step.PAY)


def bulbs_known(state: State) -> bool:
    """Every card paid so far for a light has a known bulb count."""
    return len(state.bulbs) == len(state.paying)


def _pay_done(state: State, _arg: str) -> State:
    if bulbs_known(state):
        return _lit(state)
    return replace(state, step=Step.CONFIRM_LIGHT)


def _light_yes(state: State, _arg: str) -> State:
    return _lit(state)


def _lit(state: State) -> State:
    """The paid cards are discarded (face up: they were tapped) and the light goes on."""
    cards, floor = state.paying, present(state.floor, "the floor to light")
    bulbs = sum(state.bulbs) if bulbs_known(state) else None
    state = _hand(state, state.active, -len(cards))
    state = _to_discard(replace(state, paying=(), paid_pieces=(), bulbs=()), *cards)
    state = _light_on(state, state.active, floor, bulbs)
    return _end_turn(state)


def _light_on(state: State, player: int, floor: int, bulbs: int | None = None, card: bool = False) -> State:
    """The light of ``floor`` goes on: paid with cards showing ``bulbs`` (None: confirmed by
    the table), or by the Light Bulb ``card``."""
    spot = state.house(player)[floor - 1]
    state = state.with_floor(player, floor, replace(spot, lit=True))
    line = todo("flip", "{player} turns on the light of the {floor}.", player=state.players[player],
                floor=gc.floor_name(floor))
    recap = msg("{player} lights the {floor}.", player=state.players[player], floor=gc.floor_name(floor))
    return say(state, notable(why.bulb_card(line, floor) if card else why.lit(line, floor, bulbs), recap))


def _light_no(state: State, _arg: str) -> State:
    bulbs = sum(state.bulbs) if bulbs_known(state) else None
    paid = len(state.paying)  # unsaid: undone, the cards are laid down again (undo sentence)
    state = replace(state, step=Step.TURN, paying=(), paid_pieces=(), bulbs=(), floor=None)
    return say(state, why.too_few_bulbs(todo("return", "Not enough bulbs: {player} takes the cards back.",
                                              player=state.player, n=paid), bulbs))


def _cancel(state: State, _arg: str) -> State:
    return replace(state, step=Step.TURN, card=None, target=None, floor=None, paying=(), paid_pieces=(), bulbs=())


def _discard(state: State, _arg: str) -> State:
    return replace(state, step=Step.DISCARD)


def _discard_n(state: State, arg: str) -> State:
    """"Scarta una o più carte": face down, unseen by the companion and the table; as many
    are drawn."""
    n = int(arg)
    state = _hand(state, state.active, -n)
    state = replace(state, secret=state.secret + n)
    state = say(state, why.discarded(ntodo("remove", "{player} discards {n} card face down.",
                                            "{player} discards {n} cards face down.", "n", player=state.player, n=n),
                                      n))
    state = _draw(state, state.active, n, "discard")
    return _end_turn(state)


def _pass_turn(state: State, _arg: str) -> State:
    state = say(state, msg("{player} holds no cards and does nothing this turn.", player=state.player))
    return _end_turn(state)


# --------------------------------------------------------------------------- special cards


def _special(state: State, card: str) -> State:
    """"Gioca una carta speciale": each asks for its target; the Room Wild Card is a room."""
    if card == gc.WILD:
        return _room(state, card)
    step = {gc.HOLE: Step.HOLE_FROM, gc.BULB: Step.BULB, gc.FOOD: Step.FOOD_FROM,
            gc.ELEVATOR: Step.LIFT_FROM, gc.LIGHTNING: Step.BOLT}[card]
    return replace(state, step=step, card=card)


def _use_special(state: State) -> State:
    """The special card in play leaves the hand for the discard pile."""
    card = present(state.card, "the special card in play")
    state = _to_discard(_hand(replace(state, card=None), state.active, -1), card)
    return say(state, why.special_played(msg("{player} plays {card}.", player=state.player,
                                              card=gc.card_name(card))))


def _from(state: State, arg: str) -> State:
    """A ghost (Time-Space Hole) or a cat (Cat Food) chosen in a house: ``name:floor``."""
    name, _, floor = arg.rpartition(":")
    state = replace(state, target=state.players.index(name), floor=int(floor))
    return replace(state, step=Step.HOLE_TO if state.step == Step.HOLE_FROM else Step.FOOD_TO)


def _to(state: State, name: str) -> State:
    """Time-Space Hole: the ghost moves to ``name``'s highest floor with a room; it resolves
    like a newly played ghost, or only moves (house rule ``timehole_resolves``)."""
    source, from_floor = present(state.target, "the ghost's house"), present(state.floor, "the ghost's floor")
    spot = state.house(source)[from_floor - 1]
    state = _use_special(state.with_floor(source, from_floor, replace(spot, ghosts=spot.ghosts - 1)))
    target = state.players.index(name)
    floor = present(hs.top_floor(state.house(target)), "a floor with a room")
    state = say(state, why.ghost_moved(todo("move", "The ghost on the {floor} of {owner}'s house moves to "
                                                     "{target}'s house, on the {to}.",
                                             floor=gc.floor_name(from_floor), owner=state.players[source],
                                             target=name, to=gc.floor_name(floor)), name, floor))
    if state.options["timehole_resolves"]:
        return _incoming(state, target, floor, "turn")
    spot = state.house(target)[floor - 1]
    state = state.with_floor(target, floor, replace(spot, ghosts=spot.ghosts + 1))
    return _end_turn(state)


def _bulb(state: State, arg: str) -> State:
    """Light Bulb: a light on a floor whose lower floors are explored, at no cost."""
    state = _use_special(state)
    return _end_turn(_light_on(state, state.active, int(arg), card=True))


def _to_floor(state: State, arg: str) -> State:
    """Cat Food (a cat from an opponent's house to yours) or Elevator (between your floors)."""
    source = present(state.target, "the cat's house") if state.step == Step.FOOD_TO else state.active
    from_floor, floor = present(state.floor, "the cat's floor"), int(arg)
    spot = state.house(source)[from_floor - 1]
    state = _use_special(state.with_floor(source, from_floor, replace(spot, cats=spot.cats - 1)))
    food = state.step == Step.FOOD_TO
    state = say(state, why.cat_moved(todo("move", "The cat on the {from_floor} of {owner}'s house goes to the "
                                                   "{floor} of {player}'s house.",
                                           from_floor=gc.floor_name(from_floor), owner=state.players[source],
                                           floor=gc.floor_name(floor), player=state.player), food))
    state = _cat_arrives(replace(state, target=None, floor=None), state.active, floor)
    return _end_turn(state)


def _from_floor(state: State, arg: str) -> State:
    return replace(state, floor=int(arg), step=Step.LIFT_TO)


def _bolt(state: State, name: str) -> State:
    """Lightning: the light of ``name``'s highest explored floor goes off; a ghost there
    resolves at once or waits (house rule ``lightning_resolves_ghost``)."""
    target = state.players.index(name)
    floor = present(hs.top_floor(state.house(target)), "a floor with a room")
    state = _use_special(state)
    spot = state.house(target)[floor - 1]
    state = state.with_floor(target, floor, replace(spot, lit=False))
    line = todo("flip", "Lightning! The light of the {floor} of {target}'s house goes off.",
                floor=gc.floor_name(floor), target=name)
    recap = msg("{player}'s lightning darkens {target}'s {floor}.", player=state.player,
                floor=gc.floor_name(floor), target=name)
    state = say(state, notable(why.lightning(line, name, floor), recap))
    if spot.ghosts and state.options["lightning_resolves_ghost"]:
        state = _clear_floor(state, target, floor, "lightning")
    return _end_turn(state)


# --------------------------------------------------------------------------- ghosts


def _incoming(state: State, target: int, floor: int, after: str) -> State:
    """A ghost arrives on ``floor`` of ``target``'s house: a cat there cancels it; otherwise
    the target may discard a cat from the hand, even out of turn; otherwise it lands."""
    spot = state.house(target)[floor - 1]
    state = replace(state, target=target, floor=floor, after=after)
    if spot.cats:
        state = state.with_floor(target, floor, replace(spot, cats=spot.cats - 1))
        state = _to_discard(state, gc.GHOST, gc.CAT)
        state = say(state, why.cat_guards(todo("remove", "A cat is on that floor: the ghost and the cat are "
                                                          "discarded; the rooms stay.", floor=gc.floor_name(floor),
                                               target=state.players[target])))  # unsaid: for the undo
        return _after_ghost(state, removed=False, landed=False)
    state = replace(state, step=Step.DEFEND)
    if not playable(state, target, gc.CAT):
        return _land(state)
    return state


def _defend(state: State, _arg: str) -> State:
    """The target discards a cat from the hand: the ghost is cancelled (out of turn too)."""
    target = present(state.target, "the ghost's target")
    state = _to_discard(_hand(state, target, -1), gc.GHOST, gc.CAT)
    floor = gc.floor_name(present(state.floor, "the ghost's floor"))  # unsaid: for the undo
    state = say(state, why.defended(todo("remove", "{target} discards a cat: the ghost is cancelled.",
                                          target=state.players[target], floor=floor)))
    return _after_ghost(state, removed=False, landed=False)


def _let_in(state: State, _arg: str) -> State:
    return _land(state)


def _land(state: State) -> State:
    """The ghost lands: on a dark floor it and the floor's rooms are discarded; on a lit
    floor it stays, unless it is the second ghost there: rooms and ghosts are discarded and
    the light goes off."""
    target, floor = present(state.target, "the ghost's target"), present(state.floor, "the ghost's floor")
    spot = state.house(target)[floor - 1]
    spot = replace(spot, ghosts=spot.ghosts + 1)
    state = state.with_floor(target, floor, spot)
    name = state.players[target]
    if not spot.lit or spot.ghosts >= 2:
        if spot.lit:
            state = say(state, why.second_ghost(msg("A second ghost on the {floor} of {target}'s house, where the "
                                                     "light is on.", floor=gc.floor_name(floor), target=name)))
        state = _clear_floor(state, target, floor, "second" if spot.lit else "dark")
        return _after_ghost(state, removed=True, landed=True)
    state = say(state, why.stays(todo("place", "The light is on: the ghost stays on the {floor} of {target}'s house.",
                                       floor=gc.floor_name(floor), target=name)))
    return _after_ghost(state, removed=False, landed=True)


def _clear_floor(state: State, player: int, floor: int, how: str) -> State:
    """Every card on the floor is discarded and its light goes off (``how``: a ghost on a
    ``dark`` floor, a ``second`` ghost on a lit one, ``lightning`` over a ghost)."""
    spot = state.house(player)[floor - 1]
    cards = spot.rooms + (gc.GHOST,) * spot.ghosts + (gc.CAT,) * spot.cats
    state = _to_discard(state.with_floor(player, floor, Floor()), *cards)
    # unsaid: the cards (public: laid face up on the floor) and the light, for the undo
    line = todo("remove", "Discard the rooms and ghosts of the {floor} of {target}'s house; its light is off.",
                floor=gc.floor_name(floor), target=state.players[player], cards=pile_names(cards), lit=int(spot.lit))
    recap = msg("{target} loses the {floor} to a ghost.", floor=gc.floor_name(floor), target=state.players[player])
    return say(state, notable(why.cleared(line, how), recap))


def _after_ghost(state: State, removed: bool, landed: bool) -> State:
    after = state.after
    state = replace(state, target=None, floor=None, after="turn")
    if after == "escape":
        rule = state.options["escape_stop"]
        if removed or (landed and rule == "any_ghost"):
            state = replace(state, stopped=True)
        return _next_stopper(replace(state, stoppers=state.stoppers[1:]))
    return _end_turn(state)


# --------------------------------------------------------------------------- end of turn, escape


def _end_turn(state: State) -> State:
    """"Fine del turno": a complete house starts the escape; otherwise refill to 3."""
    state = replace(state, card=None, target=None, floor=None, paying=(), paid_pieces=(), bulbs=())
    if hs.complete(state.house(state.active)):
        n = len(state.players)
        stoppers = state.opponents(state.active) * (2 if n == 2 else 1)
        state = replace(state, escaper=state.active, stoppers=stoppers, stopped=False)
        state = say(state, notable(why.escaping(msg("{player}'s house is fully explored: {player} tries to escape!",
                                                     player=state.player), len(stoppers))))
        return _next_stopper(state)
    state = _refill(state, state.active)
    return _next_turn(state, state.active)


def _next_stopper(state: State) -> State:
    """The next opponent who may play a ghost to stop the escape; the result once none is left."""
    while state.stoppers and not _can_stop(state, state.stoppers[0]):
        state = replace(state, stoppers=state.stoppers[1:])
    if state.stopped:
        return _escape_stopped(state)
    if state.stoppers:
        return replace(state, step=Step.ESCAPE)
    winner = state.players[present(state.escaper, "the escaping player")]
    state = replace(state, step=Step.OVER, outcome=winner)
    return say(state, why.escaped(msg("Nobody stopped the escape: {player} escapes from the haunted house and wins!",
                                       player=winner)))


def _can_stop(state: State, player: int) -> bool:
    return playable(state, player, gc.GHOST)


def _stop(state: State, _arg: str) -> State:
    stopper, escaper = state.stoppers[0], present(state.escaper, "the escaping player")
    floor = present(hs.top_floor(state.house(escaper)), "a floor with a room")
    state = _hand(state, stopper, -1)
    line = todo("place", "{player} plays a ghost on the {floor} of {target}'s house to stop the escape.",
                player=state.players[stopper], target=state.players[escaper], floor=gc.floor_name(floor))
    state = say(state, why.stop_escape(line, state.players[escaper], floor, 2 if len(state.players) == 2 else 1))
    return _incoming(state, escaper, floor, "escape")


def _pass_escape(state: State, _arg: str) -> State:
    """The opponent lets the escape go (both ghosts of a two-player game)."""
    stopper = state.stoppers[0]
    state = say(state, msg("{player} does not stop the escape.", player=state.players[stopper]))
    return _next_stopper(replace(state, stoppers=tuple(p for p in state.stoppers if p != stopper)))


def _escape_stopped(state: State) -> State:
    """"Se la fuga viene interrotta": everyone refills, starting with the escaper; the next
    player after the escaper plays on."""
    escaper = present(state.escaper, "the escaping player")
    line = todo("deal", "The escape is stopped! Everyone refills to 3 cards, starting with {player}.",
                player=state.players[escaper])
    recap = msg("{player}'s escape is stopped.", player=state.players[escaper])
    state = say(state, notable(why.stopped(line, state.options["escape_stop"] == "any_ghost"), recap))
    state = replace(state, escaper=None, stoppers=(), stopped=False)
    for player in (escaper,) + state.opponents(escaper):
        state = _refill(state, player, "stopped")
    return _next_turn(state, escaper)


def _next_turn(state: State, after: int) -> State:
    active = (after + 1) % len(state.players)
    state = replace(state, active=active, turn=state.turn + 1, step=Step.TURN)
    return say(state, turn_line(state.player))


def turn_line(player: str):
    """"Ada's turn." (Italian "Turno di Ada.": one sentence for every name, issue 29)."""
    return msg("{player}'s turn.", player=player)


# --------------------------------------------------------------------------- cards moving


def _refill(state: State, player: int, reason: str = "refill") -> State:
    """The player draws up to 3 cards (nothing when holding 3 or more)."""
    return _draw(state, player, max(0, gc.HAND - state.hands[player]), reason)


def _draw(state: State, player: int, n: int, reason: str) -> State:
    """``player`` draws ``n`` cards; an empty deck takes back the shuffled discard pile
    ("Se il mazzo esaurisce le carte, viene rimescolato"). When the deck runs out part way,
    the table draws the last cards first, then reshuffles, then draws the rest (issue 19)."""
    drawn = 0
    while drawn < n:
        if state.deck == 0:
            pile = len(state.discard) + state.secret
            if pile == 0:
                break
            # the pile shuffled rides along (unsaid): undone, it goes back to the discard pile (undo.py)
            shuffled = {"known": len(state.discard), "secret": state.secret}
            if state.discard:
                shuffled["cards"] = pile_names(state.discard)
            state = replace(state, deck=pile, discard=(), secret=0)
            state = say(state, why.reshuffled(todo("return", "The deck is empty: shuffle the discard pile into a "
                                                              "new deck.", **shuffled)))
        take = min(n - drawn, state.deck)
        held = state.hands[player]
        state = _hand(replace(state, deck=state.deck - take), player, take)
        state = say(state, why.drawn(ntodo("deal", "{player}: draw {n} card.", "{player}: draw {n} cards.", "n",
                                            player=state.players[player], n=take), reason, held, take))
        drawn += take
    return state


def pile_names(cards: tuple[str, ...]) -> Any:
    """"cat card ×2, Cat Food and ghost card ×4": known cards of a pile, a name once."""
    counts = Counter(cards)
    return and_names(gc.card_name(card) if counts[card] == 1 else msg("{card} ×{n}", card=gc.card_name(card),
                                                                      n=counts[card]) for card in sorted(counts))


def _hand(state: State, player: int, change: int) -> State:
    hands = state.hands[:player] + (state.hands[player] + change,) + state.hands[player + 1:]
    return replace(state, hands=hands)


def _to_discard(state: State, *cards: str) -> State:
    return replace(state, discard=tuple(sorted(state.discard + cards)))


def cleared(state: State) -> State:
    """What an action starts from (``Game.cleared``): the state without the last action's
    news, the action's one copy, which its rule changes in place until :func:`settled`
    (:mod:`companion.engine.draft`)."""
    return draft.begun(state, news=())


def settled(state: State) -> State:
    """The state an action's rule gave (``Game.settled``): the action's copy, done."""
    return draft.finished(state)


#: Each action's rule by its kind (``Game.handlers``: the engine clears the news and calls
#: ``HANDLERS[kind](state, rest)`` for an action it found legal now; the rest may end in ``#n``,
#: the copy of a per-copy card).
HANDLERS = {
    "room": _room,
    "done": _done,
    "ghost": _ghost,
    "target": _target,
    "cat": _cat,
    "cat-floor": _cat_floor,
    "light": _light,
    "pay": _pay,
    "bulbs": _bulbs,
    "pay-done": _pay_done,
    "light-yes": _light_yes,
    "light-no": _light_no,
    "cancel": _cancel,
    "discard": _discard,
    "discard-n": _discard_n,
    "pass-turn": _pass_turn,
    "special": _special,
    "from": _from,
    "to": _to,
    "bulb": _bulb,
    "to-floor": _to_floor,
    "from-floor": _from_floor,
    "bolt": _bolt,
    "defend": _defend,
    "let-in": _let_in,
    "stop": _stop,
    "pass": _pass_escape,
}
