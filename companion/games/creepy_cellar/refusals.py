"""Why a touch or a tap picks nothing now, in the players' words (``Game.refusal``,
issue 19 "Refusals that name the rule").

Each reason names the rule that forbids the input: "Pick up needs the ghost in room D beaten
first", "Treasure 3 goes in slot 3, after slot 2 is filled", "That passage tile is used". A
card that was never drawn is never called "drawn already": a card Basic mode takes out of the
deck says so; a card in the discard pile says where it is. Nothing here is hidden: decks are
public multisets, face-down treasures are only counted.
"""

from __future__ import annotations

from collections import Counter

from companion.engine.core import sentence
from companion.games.creepy_cellar import checks
from companion.games.creepy_cellar import components as cc
from companion.games.creepy_cellar.prompts import ROLL, prompt
from companion.games.creepy_cellar.state import State, Step
from companion.i18n import Msg, NewsLine, msg, nmsg, press_or_touch

#: Component kinds whose tap stands for the key ``<kind>:<name>``.
_CARD_KINDS = ("ghost", "king", "cellar", "treasure", "jinxed")



def refusal(state: State, key: str | None, component: str | None) -> Msg | None:
    """The rule that keeps ``key`` (or a tap of ``component``) from doing anything now."""
    if component is not None:
        key = _key_of(component)
        if key is None:
            return None
    if key is None or key.startswith("fix:"):
        return None
    kind, _, arg = key.partition(":")
    reason = _REASONS.get(kind)
    why = reason(state, arg) if reason is not None else None
    return why or _turn_order(state)


def _key_of(component: str) -> str | None:
    game, _, rest = component.partition(":")
    kind, _, name = rest.partition(":")
    if game != cc.GAME_ID or not name:
        return None
    return f"{kind}:{name}" if kind in _CARD_KINDS + ("hunter",) else None


def _now(state: State) -> str | NewsLine:
    return sentence(prompt(state).text)


def _turn_order(state: State) -> Msg:
    """The Quick Reference's turn order, and what is due now."""
    return msg("Turn order: roll, Ghost cards, move, fight, drop off, pick up, End turn. Now: {prompt}",
               prompt=_now(state))


# --------------------------------------------------------------------------- cards and tiles


def _deck_card(state: State, card: str, deck: str) -> Msg | None:
    """A card of the Ghost, Ghost King or Cellar deck that is not a choice now."""
    step, cards, pile, initial = _DECKS[deck](state)
    name = cc.card_label(card)
    if card not in initial:
        if deck == "ghost" and card == "rogue-ghost" and state.options["rogue_ghost"] == "remove":
            return msg("The Rogue Ghost cards are out of the deck in this game (a house rule of this game). {prompt}",
                       prompt=_now(state))
        return msg("The {card} is not used in {mode} mode: it stays in the box. {prompt}",
                   card=name, mode=cc.MODE_NAMES[state.mode], prompt=_now(state))
    if state.step != step:
        return _NOT_DUE[deck](state)
    if not state.physical:
        return msg("The companion draws the cards in this game (chosen when the game was set up): "
                   "nothing to tap. {prompt}", prompt=_now(state))
    if card not in cards and card in pile:
        return msg("The {card} is in the discard pile: draw the top card of the deck. {prompt}",
                   card=name, prompt=_now(state))
    return None


def _decks(kind: str):
    def read(state: State):
        initial = _initial(state, kind)
        if kind == "ghost":
            return Step.REVEAL, state.ghost_deck, state.ghost_discard, initial
        if kind == "king":
            return Step.KING, state.king_deck, state.king_discard, initial
        return Step.CELLAR, state.cellar_deck, state.cellar_discard, initial
    return read


def _initial(state: State, kind: str) -> Counter:
    """The cards of this game's deck ``kind`` (deck and discards together)."""
    if kind == "ghost":
        return Counter(state.ghost_deck) + Counter(state.ghost_discard)
    if kind == "king":
        return Counter(state.king_deck) + Counter(state.king_discard)
    return Counter(state.cellar_deck) + Counter(state.cellar_discard)


_DECKS = {kind: _decks(kind) for kind in ("ghost", "king", "cellar")}

_NOT_DUE = {
    "ghost": lambda state: msg("No Ghost card is due now: one is flipped after a roll of 1 to 5. {prompt}",
                               prompt=_now(state)),
    "king": lambda state: msg("No Ghost King card is due now: one is drawn for a Rogue Ghost, a Trap Door "
                              "or a +Ghost card. {prompt}", prompt=_now(state)),
    "cellar": lambda state: msg("No Cellar card is due now: one is drawn after a drop-off in the cellar. "
                                "{prompt}", prompt=_now(state)),
}


def _treasure(state: State, name: str) -> Msg:
    if name not in cc.treasure_pool(state.mode):
        return msg("The {treasure} is not used in {mode} mode. {prompt}", treasure=cc.card_label(name),
                   mode=cc.MODE_NAMES[state.mode], prompt=_now(state))
    if not state.physical_tiles:  # a tile taken out of the box at a pick-up is not tapped
        return _jinxed_hands(state) or msg("In this game the companion picks the treasures (the Tiles option): no "
                                           "treasure tile is tapped. {prompt}", prompt=_now(state))
    if state.step != Step.TREASURE:
        return _jinxed_hands(state) or msg("A treasure is turned over only as a hunter picks it up. {prompt}",
                                           prompt=_now(state))
    return msg("The {treasure} is not face-down any more: it was turned over earlier. {prompt}",
               treasure=cc.card_label(name), prompt=_now(state))


def _jinxed(state: State, tile: str) -> Msg:
    if state.mode != "nightmare":
        return msg("Jinxed Item tiles are used only in Nightmare mode. {prompt}", prompt=_now(state))
    if not state.physical_tiles:
        return msg("The companion draws the Jinxed Item tiles in this game (chosen when the game was set up). {prompt}",
                   prompt=_now(state))
    if state.step != Step.JINXED:
        return msg("A Jinxed Item tile is taken only for a Jinxed Item Cellar card. {prompt}", prompt=_now(state))
    return msg("The {tile} is out of the pile already. {prompt}", tile=cc.card_label(tile), prompt=_now(state))


# --------------------------------------------------------------------------- moves


def _moving(state: State) -> Msg | None:
    """Why the active hunter cannot move at all now, or None."""
    who = state.player
    if checks.exited(state):
        return msg("{player} is out of the castle for good (a house rule of this game). {prompt}",
                   player=who, prompt=_now(state))
    if state.step in (Step.FIGHT, Step.AFTER):
        return msg("The move is over this turn: the fight, drop-off and pick-up come next. {prompt}",
                   prompt=_now(state))
    if state.step != Step.MOVE:
        return msg("Moves come after the roll and its Ghost cards. {prompt}", prompt=_now(state))
    if state.dropped:
        return msg("Dropping off a treasure ends the movement phase. {prompt}", prompt=_now(state))
    if state.moves <= 0:
        return msg("{player} has no movement points left this turn. {prompt}", player=who, prompt=_now(state))
    if checks.leaving_blocked(state):
        return msg("{player}'s cursed treasure forbids leaving a room with {blocker} in it. {prompt}",
                   player=who, blocker=checks.blocker(state), prompt=_now(state))
    return None


def _move(state: State, place: str) -> Msg | None:
    if (why := _moving(state)) is not None:
        return why
    if place == state.hunter.at:
        return msg("{player} is {where} already. {prompt}", player=state.player,
                   where=cc.place_text(place), prompt=_now(state))
    if place == cc.OUTSIDE and state.hunter.jinxed:
        return msg("Nobody leaves the house holding a Jinxed Item. {prompt}", prompt=_now(state))
    if place == cc.OUTSIDE:
        return msg("The front doors open only once every treasure is in the cellar ({count} of {total} "
                   "now). {prompt}", count=len(state.cellar), total=state.total_treasures, prompt=_now(state))
    return None


def _passage(state: State, room: str) -> Msg | None:
    if (why := _moving(state)) is not None:
        return why
    at = state.hunter.at
    if at not in state.passages:
        return msg("A secret passage leaves only from a room with a passage tile; there is none {where}. "
                   "{prompt}", where=cc.place_text(at), prompt=_now(state))
    if state.hunter.power == cc.NO_PASSAGE:
        return msg("{player}'s cursed treasure forbids secret passages. {prompt}", player=state.player,
                   prompt=_now(state))
    if room == at:
        return msg("{player} is {where} already. {prompt}", player=state.player, where=cc.place_text(at),
                   prompt=_now(state))
    return msg("That passage tile is used: room {room} has no secret passage tile now. {prompt}",
               room=room, prompt=_now(state))


# --------------------------------------------------------------------------- drop off, pick up


def _jinxed_hands(state: State) -> Msg | None:
    """"As long as you are holding a Jinxed Item, you cannot pick up treasures" (Cellar Cards)."""
    jinxed = state.hunter.jinxed
    if jinxed is None:
        return None
    return msg("As long as {player} holds a Jinxed Item, no treasure is picked up: drop it off in room {room} "
               "first. {prompt}", player=state.player, room=jinxed[len("jinxed-"):], prompt=_now(state))


def _pick_up(state: State, _arg: str) -> Msg | None:
    if state.step in (Step.MOVE, Step.FIGHT, Step.AFTER) and (why := _jinxed_hands(state)) is not None:
        return why
    if state.step in (Step.MOVE, Step.FIGHT):
        return msg("Pick up comes after moving and fighting. {prompt}", prompt=_now(state))
    if state.step != Step.AFTER:
        return None
    hunter, room = state.hunter, state.hunter.at
    if state.picked:
        return msg("{player} has picked up a treasure this turn already. {prompt}", player=state.player,
                   prompt=_now(state))
    if room not in cc.CASTLE:
        return msg("Treasures are picked up in the castle rooms A to L, not {where}. {prompt}",
                   where=cc.place_text(room), prompt=_now(state))
    if hunter.treasure:
        return msg("One treasure at a time: {player} carries the {treasure}. {prompt}", player=state.player,
                   treasure=cc.card_label(hunter.treasure), prompt=_now(state))
    if state.laid_in(room) is None and (room in state.taken or not state.treasures):
        return msg("Room {room}'s treasure is taken already. {prompt}", room=room, prompt=_now(state))
    if state.hauntings_in(room):
        return msg("Pick up needs the haunting in room {room} beaten first. {prompt}", room=room,
                   prompt=_now(state))
    if state.ghosts_in(room):
        return msg("Pick up needs the ghost in room {room} beaten first. {prompt}", room=room, prompt=_now(state))
    return None


def _drop_off(state: State, _arg: str) -> Msg | None:
    hunter = state.hunter
    if hunter.treasure is None:
        return msg("{player} carries no treasure to drop off. {prompt}", player=state.player, prompt=_now(state))
    if hunter.at not in cc.CELLAR_ROOMS:
        return msg("Treasures are dropped off in the cellar rooms M and N. {prompt}", prompt=_now(state))
    if state.dropped:
        return msg("{player} has dropped off a treasure this turn already. {prompt}", player=state.player,
                   prompt=_now(state))
    number, slot = cc.treasure_number(hunter.treasure), len(state.cellar) + 1
    if number is not None and number != slot:
        return msg("Treasure {number} goes in slot {number}, after slot {before} is filled. {prompt}",
                   number=number, before=number - 1, prompt=_now(state))
    if hunter.jinxed and not state.options["jinxed_with_treasure"]:
        return msg("No drop-off while holding a Jinxed Item (a house rule of this game). {prompt}",
                   prompt=_now(state))
    if state.step in (Step.MOVE, Step.FIGHT):
        return msg("The drop-off comes after the fight. {prompt}", prompt=_now(state))
    return None


def _put_back(state: State, _arg: str) -> Msg | None:
    if state.mode != "advanced" or not state.options["advanced_put_back"]:
        return msg("A treasure is put back only in Advanced mode (a house rule of this game). {prompt}",
                   prompt=_now(state))
    return msg("A treasure that is not next is put back face-up in an emptied castle room, after the move. "
               "{prompt}", prompt=_now(state))


def _remove_ghost(state: State, room: str) -> Msg:
    if state.step != Step.REMOVE:
        return msg("A ghost is removed only with a Remove Ghost Cellar card. {prompt}", prompt=_now(state))
    return msg("Room {room} has no ghost to remove (the Ghost King is never removed). {prompt}",
               room=room, prompt=_now(state))


def _passage_tile(state: State, room: str) -> Msg:
    if state.step != Step.PASSAGE_TILE:
        return msg("A discarded passage tile comes back only when a Jinxed Item is dropped. {prompt}",
                   prompt=_now(state))
    if room in state.passages:
        return msg("Room {room} has its passage tile. {prompt}", room=room, prompt=_now(state))
    return msg("A passage tile goes back only to its own room ({rooms}). {prompt}",
               rooms=", ".join(checks.tiles_back(state)), prompt=_now(state))


def _end_turn(state: State, _arg: str) -> Msg | None:
    if state.step == Step.ROLL:
        return msg("A turn always begins by rolling the movement die. {prompt}", prompt=_now(state))
    if state.step == Step.FIGHT:
        return msg("{player} must fight in room {room} before ending the turn. {prompt}", player=state.player,
                   room=state.hunter.at, prompt=_now(state))
    if state.step == Step.MOVE:
        return msg("Touch Done moving first: the fight and the drop-off come before End turn. {prompt}",
                   prompt=_now(state))
    return None


def _dice(state: State, _arg: str) -> Msg | NewsLine:
    if state.options["table_dice"]:
        return msg("A face of the table's dice is touched when the roll is due. {prompt}", prompt=_now(state))
    return press_or_touch(
        msg("The companion rolls the dice: press the dice button when it is due. {prompt}", prompt=_now(state)),
        msg("The companion rolls the dice: touch “{button}” when it is due. {prompt}", prompt=_now(state),
            button=ROLL))


def _hunter(state: State, colour: str) -> Msg | None:
    return mover_refusal(state, cc.hunter_component(colour))


_REASONS = {
    "ghost": lambda state, card: _deck_card(state, card, "ghost"),
    "king": lambda state, card: _deck_card(state, card, "king"),
    "cellar": lambda state, card: _deck_card(state, card, "cellar"),
    "treasure": _treasure,
    "jinxed": _jinxed,
    "move": _move,
    "passage": _passage,
    "pick-up": _pick_up,
    "drop-off": _drop_off,
    "put-back": _put_back,
    "remove-ghost": _remove_ghost,
    "passage-tile": _passage_tile,
    "end-turn": _end_turn,
    "die": _dice,
    "fight-dice": _dice,
    "hunter": _hunter,
}


def mover_refusal(state: State, component: str) -> Msg | None:
    """Why a tapped mover is refused (:func:`refusal` of a ``hunter`` component), or None
    for any other component. Called only when the tap picks no choice now.

    "That is Bo's red hunter; Ada is moving." (another player's mover); "That is Ada's
    other hunter, the blue hunter; this turn Ada moves the red hunter." (2 players); a
    mover of a hunter not in this game; the active mover when nothing is to be moved.
    """
    game, _, rest = component.partition(":")
    kind, _, colour = rest.partition(":")
    if game != cc.GAME_ID or kind != "hunter" or colour not in cc.HUNTER_COLOURS:
        return None
    index = cc.HUNTER_COLOURS.index(colour)
    hunter = cc.HUNTER_NAMES[colour]
    now = _now(state)
    if index >= len(state.hunters):
        return nmsg("The {hunter} is not in this game ({n} hunter). {prompt}",
                    "The {hunter} is not in this game ({n} hunters). {prompt}", "n",
                    hunter=hunter, n=len(state.hunters), prompt=now)
    if state.step == Step.OVER:
        return None
    if state.owner(index) != state.player:
        return msg("That is {owner}'s {hunter}; {player} is moving. {prompt}",
                   owner=state.owner(index), hunter=hunter, player=state.player, prompt=now)
    if index != state.active:
        return msg("That is {player}'s other hunter, the {hunter}; this turn {player} moves the "
                   "{active}. {prompt}", player=state.player, hunter=hunter,
                   active=cc.HUNTER_NAMES[state.colour], prompt=now)
    if not state.options["mover_tags"]:
        return msg("Movers are not tapped in this game (option mover_tags is off): touch the "
                   "place on the screen. {prompt}", prompt=now)
    return msg("The {hunter} is tapped in the move step, to say which hunter moves. {prompt}",
               hunter=hunter, prompt=now)
