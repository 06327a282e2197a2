"""Why a touch or a tap picks nothing now, in the players' words (``Game.refusal``,
issue 19 "Refusals that name the rule").

A card tapped is being played openly, so its kind is named ("The Elevator moves one of your
cats: your house has none that could move"); a card is never called "drawn already": the
rule that keeps it off the table now is said instead (a room card whose floor is not next, a
third room on a full floor, an Elevator with no cat). Which copies are still unseen is public
(:func:`~companion.games.ghost_at_home.cards.unseen`).
"""

from __future__ import annotations

from companion.engine.core import sentence
from companion.engine.present import present
from companion.games.ghost_at_home import components as gc
from companion.games.ghost_at_home import house as hs
from companion.games.ghost_at_home.cards import unseen
from companion.games.ghost_at_home.light import MAX_CARDS, MIN_CARDS
from companion.games.ghost_at_home.prompts import prompt
from companion.games.ghost_at_home.state import State, Step
from companion.i18n import Msg, NewsLine, msg, nmsg

#: The steps in which the active player picks an action or more room cards.
_ACTING = (Step.TURN, Step.ROOMS)


def refusal(state: State, key: str | None, component: str | None) -> Msg | None:
    """The rule that keeps ``key`` (or a tap of ``component``) from doing anything now."""
    if component is not None:
        card = gc.card_of(component)
        return None if card is None else _card(state, card)
    if key is None:
        return None
    kind, _, arg = key.partition(":")
    reason = _REASONS.get(kind)
    return (reason(state, arg) if reason is not None else None) or _one_action(state)


def _now(state: State) -> str | NewsLine:
    return sentence(prompt(state).text)


def _one_action(state: State) -> Msg:
    """"Gioco": one action a turn, and what is due now."""
    return msg("On your turn you choose ONE action: room cards, a ghost, a cat, a light, a special "
               "card, or discard and draw. Now: {prompt}", prompt=_now(state))


def _waiting(state: State) -> Msg | None:
    """Someone else decides now (a cat against a ghost, a ghost against an escape), or a
    played card waits for its target."""
    if state.step == Step.DEFEND:
        return msg("{target} decides now: discard a cat against the ghost, or let it in. {prompt}",
                   target=state.players[present(state.target, "the ghost's target")], prompt=_now(state))
    if state.step == Step.ESCAPE:
        return msg("{player} decides now: play a ghost to stop {escaper}'s escape, or let {escaper} go. "
                   "{prompt}", player=state.players[state.stoppers[0]],
                   escaper=state.players[present(state.escaper, "the escaping player")], prompt=_now(state))
    if state.step not in _ACTING:
        return msg("Finish the card being played first, or Cancel. {prompt}", prompt=_now(state))
    return None


# --------------------------------------------------------------------------- a card tapped


def _card(state: State, card: str) -> Msg:
    if state.step == Step.PAY:
        return _paying(state, card)
    if (why := _waiting(state)) is not None:
        return why
    if state.hands[state.active] == 0:
        return msg("{player} holds no cards. {prompt}", player=state.player, prompt=_now(state))
    if unseen(state, card) == 0:
        return msg("{card}: every copy is in a house or face-up in the discard pile. {prompt}",
                   card=gc.THE_CARD[card], prompt=_now(state))
    if card in gc.ROOM_FLOOR or card == gc.WILD:
        return _room(state, card)
    if state.step == Step.ROOMS:
        return msg("{player} is playing room cards this turn: only more rooms, or “No more room cards”. {prompt}",
                   player=state.player, prompt=_now(state))
    return _CARD_REASONS[card](state)


def _room(state: State, card: str) -> Msg:
    """"È necessario riempire tutti i piani inferiori prima di posizionare una scheda camera
    al piano successivo": the floor a room card fills must be the next one."""
    house = state.house(state.active)
    floor = hs.next_floor(house)
    if floor is None:
        return msg("{player}'s house is fully explored: no room card fits. {prompt}", player=state.player,
                   prompt=_now(state))
    if card == gc.WILD:  # it fits any floor: only a full house refuses it
        return _one_action(state)
    own = gc.ROOM_FLOOR[card]
    if own > floor:
        return msg("The {card} waits: the {floor} must be fully explored first. {prompt}",
                   card=gc.card_name(card), floor=gc.floor_name(floor), prompt=_now(state))
    return msg("The {own} is full: the {card} has no space left; the next room goes on the {floor}. {prompt}",
               own=gc.floor_name(own), card=gc.card_name(card), floor=gc.floor_name(floor), prompt=_now(state))


def _ghost(state: State) -> Msg:
    return msg("No opponent's house takes a ghost now: it goes on the highest floor with a room, which "
               "must have no ghost. {prompt}", prompt=_now(state))


def _cat(state: State) -> Msg:
    return msg("A cat goes on a floor of your house with a room and no cat: none is free. {prompt}",
               prompt=_now(state))


def _hole_to(state: State, name: str) -> Msg:
    """"Buco spazio temporale": a ghost goes to an opponent's house, on its highest floor with a room."""
    if name == state.players[present(state.target, "the ghost's house")]:
        return msg("The Time-Space Hole moves the ghost to another house, not back into {player}'s. {prompt}",
                   player=name, prompt=_now(state))
    if name == state.player:
        return msg("The Time-Space Hole sends the ghost to an opponent's house, not to {player}'s own. {prompt}",
                   player=name, prompt=_now(state))
    if name in state.players:
        return msg("{player}'s house has no room card for the ghost to go to. {prompt}", player=name,
                   prompt=_now(state))
    return msg("The Time-Space Hole sends the ghost to a player of this game. {prompt}", prompt=_now(state))


def _hole(state: State) -> Msg:
    if not any(f.ghosts for house in state.houses for f in house):
        return msg("The Time-Space Hole moves a ghost, and no house has one. {prompt}", prompt=_now(state))
    return msg("The Time-Space Hole sends a ghost to an opponent's house with a room: none can take it. "
               "{prompt}", prompt=_now(state))


def _bulb(state: State) -> Msg:
    return msg("The Light Bulb lights a floor that is dark and has every floor below it fully explored: "
               "none is. {prompt}", prompt=_now(state))


def _food(state: State) -> Msg:
    if not any(f.cats for p in state.opponents(state.active) for f in state.house(p)):
        return msg("The Cat Food takes a cat from an opponent's house, and no opponent has one. {prompt}",
                   prompt=_now(state))
    return msg("The Cat Food brings a cat to your house, and no floor of yours with a room is free of cats. "
               "{prompt}", prompt=_now(state))


def _elevator(state: State) -> Msg:
    if not any(f.cats for f in state.house(state.active)):
        return msg("The Elevator moves one of your cats between your floors, and your house has no cat. "
                   "{prompt}", prompt=_now(state))
    return msg("The Elevator moves one of your cats to another floor with a room and no cat: there is none. "
               "{prompt}", prompt=_now(state))


def _lightning(state: State) -> Msg:
    return msg("The Lightning turns off an opponent's light on the highest explored floor: none is lit. "
               "{prompt}", prompt=_now(state))


_CARD_REASONS = {
    gc.GHOST: _ghost, gc.CAT: _cat, gc.HOLE: _hole, gc.BULB: _bulb, gc.FOOD: _food,
    gc.ELEVATOR: _elevator, gc.LIGHTNING: _lightning,
}


def _paying(state: State, card: str) -> Msg:
    """A card tapped to pay for a light that cannot be one of its cards."""
    if len(state.paying) >= min(MAX_CARDS, state.hands[state.active]):
        return nmsg("A light costs 2 or 3 cards from the hand: {n} is tapped. {prompt}",
                    "A light costs 2 or 3 cards from the hand: {n} are tapped. {prompt}", "n", n=len(state.paying),
                    prompt=_now(state))
    return msg("{card}: every copy is in a house, face-up in the discard pile or tapped already. "
               "{prompt}", card=gc.THE_CARD[card], prompt=_now(state))


# --------------------------------------------------------------------------- touches


def _touch_card(card: str):
    def reason(state: State, _arg: str = "") -> Msg:
        return _card(state, card)
    return reason


def _touch_room(state: State, card: str) -> Msg | None:
    return _card(state, card) if card in gc.DECK else None


def _touch_special(state: State, card: str) -> Msg | None:
    return _card(state, card) if card in gc.DECK else None


def _target(state: State, name: str) -> Msg | None:
    if state.step != Step.GHOST:
        return _waiting(state) or msg("First play a ghost (tap it). {prompt}", prompt=_now(state))
    if name not in state.players or state.players.index(name) == state.active:
        return msg("A ghost goes on an opponent's house. {prompt}", prompt=_now(state))
    return msg("{target}'s house takes no ghost now: its highest floor with a room has a ghost already, or "
               "no room. {prompt}", target=name, prompt=_now(state))


def _light(state: State, arg: str) -> Msg | None:
    if (why := _waiting(state)) is not None:
        return why
    if state.step == Step.ROOMS:
        return msg("{player} is playing room cards this turn: only more rooms, or “No more room cards”. {prompt}",
                   player=state.player, prompt=_now(state))
    if state.hands[state.active] < MIN_CARDS:
        return msg("A light costs 2 or 3 cards: {player} holds {n}. {prompt}", player=state.player,
                   n=state.hands[state.active], prompt=_now(state))
    if not arg.isdigit() or not 1 <= int(arg) <= gc.FLOORS:
        return None
    floor = int(arg)
    if state.house(state.active)[floor - 1].lit:
        return msg("The light of the {floor} is on already. {prompt}", floor=gc.floor_name(floor),
                   prompt=_now(state))
    return msg("The light of the {floor} goes on only when every floor below it is fully explored. {prompt}",
               floor=gc.floor_name(floor), prompt=_now(state))


def _floor_pick(state: State, arg: str) -> Msg | None:
    if state.step in (Step.CAT, Step.FOOD_TO, Step.LIFT_TO):
        return msg("A cat goes on a floor of your house with a room and no cat. {prompt}", prompt=_now(state))
    if state.step == Step.BULB:
        return _bulb(state)
    return _waiting(state) or msg("First play the card that moves it (tap it). {prompt}", prompt=_now(state))


def _from(state: State) -> Msg | None:
    if state.step == Step.HOLE_FROM:
        return _hole(state)
    if state.step == Step.FOOD_FROM:
        return _food(state)
    return _waiting(state) or msg("First play the card that moves it (tap it). {prompt}", prompt=_now(state))


def _discard_n(state: State, arg: str) -> Msg | None:
    if state.step != Step.DISCARD:
        return _waiting(state) or msg("First touch Discard and draw. {prompt}", prompt=_now(state))
    return nmsg("{player} holds {n} card. {prompt}", "{player} holds {n} cards. {prompt}", "n",
                player=state.player, n=state.hands[state.active],
                prompt=_now(state))


def _done(state: State, _arg: str) -> Msg | None:
    if state.step == Step.TURN:
        return msg("“No more room cards” ends the room cards: play a room card first, or choose another "
                   "action. {prompt}",
                   prompt=_now(state))
    return _waiting(state)


def _escape_answer(state: State, _arg: str) -> Msg:
    if state.step == Step.ESCAPE:
        return present(_waiting(state), "who decides now")
    return msg("Ghosts stop an escape only once a house is fully explored at the end of a turn. {prompt}",
               prompt=_now(state))


def _defence(state: State, _arg: str) -> Msg:
    if state.step == Step.DEFEND:
        return present(_waiting(state), "who decides now")
    return msg("A cat from the hand cancels a ghost only as the ghost is played on your house. {prompt}",
               prompt=_now(state))


def _light_step(state: State, _arg: str) -> Msg:
    return msg("That belongs to paying for a light: first choose Turn on the light. {prompt}", prompt=_now(state))


def _cancel(state: State, _arg: str) -> Msg:
    return msg("Nothing to cancel: no card is being played. {prompt}", prompt=_now(state))


_REASONS = {
    "room": _touch_room,
    "special": _touch_special,
    "ghost": _touch_card(gc.GHOST),
    "cat": _touch_card(gc.CAT),
    "target": _target,
    "light": _light,
    "cat-floor": _floor_pick,
    "to-floor": _floor_pick,
    "from-floor": lambda state, arg: _elevator(state) if state.step == Step.LIFT_FROM else _floor_pick(state, arg),
    "bulb": _floor_pick,
    "from": lambda state, arg: _from(state),
    "to": lambda state, arg: _hole_to(state, arg) if state.step == Step.HOLE_TO else _waiting(state) or _hole(state),
    "bolt": lambda state, arg: _waiting(state) or _lightning(state),
    "discard": lambda state, arg: _waiting(state),
    "discard-n": _discard_n,
    "done": _done,
    "stop": _escape_answer,
    "pass": _escape_answer,
    "defend": _defence,
    "let-in": _defence,
    "pay": lambda state, arg: _paying(state, arg.partition("#")[0]) if state.step == Step.PAY
    and arg.partition("#")[0] in gc.DECK else _light_step(state, arg),
    "pay-done": _light_step,
    "bulbs": _light_step,
    "light-yes": _light_step,
    "light-no": _light_step,
    "cancel": _cancel,
}
