"""The non-combat actions: investigate, play a plot card, pick up a card, heal; the hand limit.

Rulebook: "Player Actions", "Investigation", "Playing Plot Cards", "Pick up a card",
"Heal himself or another player". House rules: ``investigate_compare`` (H-A2),
``failed_plot_roll`` (H-A10), ``hand_limit_counts_plots`` (H-A11).
"""

from __future__ import annotations

from companion.engine.draft import replace, say
from companion.engine.tuples import put
from companion.games.house_of_spirits import components as hc
from companion.games.house_of_spirits import why
from companion.games.house_of_spirits.flow import draw, end_turn, request_roll
from companion.games.house_of_spirits.scoring import add_points, start_tally
from companion.games.house_of_spirits.state import (
    Roll,
    State,
    Step,
    add_to_hand,
    begin_action,
    change_action,
    discard_items,
    remove_from_hand,
)
from companion.i18n import Msg, msg, notable, todo

# --------------------------------------------------------------------------- investigation


def can_investigate(state: State) -> bool:
    """Only one player investigates each round, and only while the plot deck has cards."""
    return not state.investigated and bool(state.plot_deck)


def investigation_items(state: State, player: int) -> tuple[str, ...]:
    """Items in the hand with an investigation bonus."""
    return tuple(card for card in state.hand(player) if state.card(card).investigation > 0)


def start_investigation(state: State) -> State:
    """The player picks investigation items, then rolls 1D6."""
    return request_roll(begin_action(state, "investigate"), Roll.INVESTIGATE, state.active)


def on_investigation_roll(state: State, face: int) -> State:
    """Base + items + 1D6, then the top plot card is turned over ("Investigation")."""
    pending = state.action
    base = state.character_card(state.active).investigation
    bonus = sum(state.item_bonus(item, "investigation") for item in pending.items)
    total = base + bonus + face
    state = replace(change_action(state, dice=pending.dice + (face,), score=total), investigated=True)
    stand_ins = state.stand_ins(state.character_card(state.active).id, *pending.items)
    name = state.player
    line = why.LINES.get(("investigates", name, base, bonus, face, stand_ins), _investigates, name, base, bonus, face,
                         stand_ins)  # made once for what it says (issue 35)
    return draw(say(state, line), Step.PLOT)


def _investigates(player: str, base: int, bonus: int, face: int, stand_ins: bool):
    total = base + bonus + face
    numbers = {"player": player, "base": base, "bonus": bonus, "face": face, "total": total}
    if stand_ins:  # words18
        line = msg("{player} investigates with placeholder numbers: {base} + {bonus} (items) + {face} (die) = "
                   "{total}.", **numbers)
    else:
        line = msg("{player} investigates: {base} + {bonus} (items) + {face} (die) = {total}.", **numbers)
    return why.investigates(line, base, bonus, face, total, stand_ins)


def on_plot_drawn(state: State, plot: str) -> State:
    """Compare with the plot card's hidden score; success takes it, failure sends it to the
    bottom; the investigation items are discarded either way."""
    pending, player = state.action, state.active
    state = replace(state, plot_deck=state.plot_deck.take(plot))
    score = state.card(plot).plot_score
    # "the player must exceed the investigation score" (H-A2: option "ge", reach it)
    needed = score if state.options["investigate_compare"] == "ge" else score + 1
    success = pending.score >= needed
    exceed = state.options["investigate_compare"] != "ge"
    # words19: the table turns over its own card, whose score may not be the placeholder compared
    placeholder = state.card(plot).placeholder
    stand_ins = state.stand_ins(plot, state.character_card(player).id, *pending.items)
    state = discard_items(state, player, pending.items)
    if success:
        state = add_to_hand(state, player, plot)
        numbers = {"score": score, "needed": needed, "player": state.player, "card": state.label(plot)}
        if placeholder:
            line = todo("other", "The plot card's placeholder score is {score}, so {needed} or more was needed: "
                        "{player} succeeds and takes {card}.", **numbers)
        else:
            line = todo("other", "The plot card shows {score}, so {needed} or more was needed: {player} succeeds and "
                        "takes {card}.", **numbers)
        recap = msg("{player} investigates and takes {card}.", player=state.player, card=state.label(plot))
        state = say(state, notable(why.investigation_result(line, pending.score, score, True, exceed, stand_ins),
                                   recap))
        return check_hand_limit(state, player)
    state = replace(state, plot_deck=state.plot_deck.to_bottom(plot))
    if placeholder:
        line = todo("return", "The plot card's placeholder score is {score}, so {needed} or more was needed: the "
                    "investigation fails; the card goes to the bottom of the plot deck.", score=score, needed=needed)
    else:
        line = todo("return", "The plot card shows {score}, so {needed} or more was needed: the investigation fails; "
                    "the card goes to the bottom of the plot deck.", score=score, needed=needed)
    state = say(state, why.investigation_result(line, pending.score, score, False, exceed, stand_ins))
    return end_turn(state)


# --------------------------------------------------------------------------- plot cards


def playable_plots(state: State, player: int) -> tuple[str, ...]:
    """Plot cards the player may play now: gained before this round (H-A9: no exceptions),
    in a listed room (room plots), holding a listed item (item plots)."""
    found = []
    for card in state.hand(player):
        plot = state.card(card)
        if plot.kind != "plot" or state.gained(player, card) >= state.round:
            continue
        if plot.rooms and state.room not in plot.rooms:
            continue
        if plot.items and not plot_items(state, player, card):
            continue
        found.append(card)
    return tuple(found)


def plot_items(state: State, player: int, plot: str) -> tuple[str, ...]:
    """Items in the hand that the item plot card lists."""
    listed = state.card(plot).items
    return tuple(card for card in state.hand(player) if card in listed)


def start_plot(state: State, plot: str) -> State:
    """Play a plot card: a plain one scores at once; a room or item plot needs a roll."""
    card = state.card(plot)
    state = begin_action(state, "plot", target=plot)
    if card.rooms:
        return request_roll(state, Roll.PLOT, state.active)
    if card.items:
        items = plot_items(state, state.active, plot)
        if len(items) == 1:
            return declare_plot_item(state, items[0])
        return replace(state, step=Step.PLOT_ITEM)
    return plot_played(state)


def declare_plot_item(state: State, item: str) -> State:
    """The plot item is declared before rolling ("Playing Plot Cards")."""
    state = change_action(state, plot_item=item)
    line = msg("{player} declares {card} as the plot item.", player=state.player, card=state.label(item))
    return request_roll(say(state, why.plot_item(line, state.label(item))), Roll.PLOT, state.active)


def plot_target(state: State) -> tuple[int, int]:
    """(number to roll, ± modifier) of the plot roll under way."""
    pending = state.action
    plot = state.card(pending.target)
    if plot.rooms:
        return plot.rooms[state.current_room], state.card(state.current_room).modifier
    return plot.items[pending.plot_item], state.plot_item_modifier(pending.plot_item, state.room)


def plot_roll_stand_ins(state: State) -> bool:
    """The plot roll under way uses a placeholder number: the plot card's, or the room's or
    the declared item's modifier (words19)."""
    pending = state.action
    gives = state.current_room if state.card(pending.target).rooms else pending.plot_item
    return state.stand_ins(pending.target, gives)


def on_plot_roll(state: State, face: int) -> State:
    """Success when the die, moved by at most the modifier, reaches the number (Olivia's
    Garage example: needs 3, ±2, rolls 4 -> plays; Kraig's Tome: needs 4, ±1, rolls 6 -> fails)."""
    target, modifier = plot_target(state)
    by = _bonus_from(state)
    state = change_action(state, dice=state.action.dice + (face,))
    stand_ins = plot_roll_stand_ins(state)
    line = _plot_roll_line(state.player, face, target, modifier, stand_ins)
    state = say(state, why.plot_roll(line, face, target, modifier, by, stand_ins))
    if abs(face - target) <= modifier:
        return plot_played(state)
    if state.options["failed_plot_roll"] == "bottom":
        plot = state.action.target
        state = remove_from_hand(state, state.active, plot)
        state = replace(state, plot_deck=state.plot_deck.to_bottom(plot))
        line = todo("return", "{card} goes to the bottom of the plot deck.", card=state.label(plot))
        state = say(state, why.plot_to_bottom(line))
    return end_turn(state)


def _plot_roll_line(player: str, face: int, target: int, modifier: int, stand_ins: bool = False) -> Msg:
    """The plot roll's news, the modifier in words (issue 29: "±2" meant nothing to a child);
    ``stand_ins``: it says its numbers are placeholders (words19)."""
    if stand_ins:
        return _plot_roll_placeholders(player, face, target, modifier)
    if not modifier:
        if face == target:
            return msg("{player} rolled {face}: exactly the number needed.", player=player, face=face)
        return msg("{player} rolled {face}: the card needs exactly {target}.", player=player, face=face, target=target)
    if abs(face - target) <= modifier:
        return msg("{player} rolled {face}: {target} is in reach, adding or taking away up to {modifier}.",
                   player=player, face=face, target=target, modifier=modifier)
    return msg("{player} rolled {face}: {target} is out of reach, even adding or taking away up to {modifier}.",
               player=player, face=face, target=target, modifier=modifier)


def _plot_roll_placeholders(player: str, face: int, target: int, modifier: int) -> Msg:
    """:func:`_plot_roll_line` on placeholder numbers."""
    if not modifier:
        if face == target:
            return msg("{player} rolled {face} with placeholder numbers: exactly the number needed.", player=player,
                       face=face)
        return msg("{player} rolled {face} with placeholder numbers: the card needs exactly {target}.", player=player,
                   face=face, target=target)
    if abs(face - target) <= modifier:
        return msg("{player} rolled {face} with placeholder numbers: {target} is in reach, adding or taking away up "
                   "to {modifier}.", player=player, face=face, target=target, modifier=modifier)
    return msg("{player} rolled {face} with placeholder numbers: {target} is out of reach, even adding or taking "
               "away up to {modifier}.", player=player, face=face, target=target, modifier=modifier)


def _bonus_from(state: State):
    """What gives the plot roll its ± bonus: the room (a room plot card) or the declared item."""
    pending = state.action
    if state.card(pending.target).rooms:
        return msg("the {room}'s bonus", room=state.card(state.current_room).said)
    return msg("the {item}'s bonus", item=state.label(pending.plot_item))


def plot_played(state: State) -> State:
    """The plot card is laid down: 3 points, 3 more for the final one; the last ends the game."""
    pending, player = state.action, state.active
    plot = pending.target
    state = remove_from_hand(state, player, plot)
    state = replace(state, plots_played=state.plots_played + (plot,))
    card = state.card(plot)
    kind = "plain" if not (card.rooms or card.items) else "rolled"
    line = todo("place", "{player} plays {card}.", player=state.player, card=state.label(plot))
    recap = msg("{player} plays {card} for {points} points.", player=state.player, card=state.label(plot),
                points=hc.PLOT_POINTS)
    state = say(state, notable(why.plot_played(line, kind), recap))
    if pending.plot_item:
        state = remove_from_hand(state, player, pending.plot_item)
        state = replace(state, attached=state.attached + ((plot, pending.plot_item),))
        item = state.label(pending.plot_item)
        state = say(state, why.item_laid(todo("place", "{card} is laid on the plot card.", card=item,
                                              player=state.player), item))  # player: unsaid, for the undo
    elif state.card(plot).rooms:
        state = replace(state, room_plots=state.room_plots + (plot,))
    state = add_points(state, player, hc.PLOT_POINTS, "plot card")
    final = len(state.plots_played) == len(hc.ids("plot"))
    if final and state.outcome is None:
        state = add_points(state, player, hc.FINAL_PLOT_BONUS, "final plot card")
    if state.outcome is not None:
        return state
    if final:
        return start_tally(state)
    return end_turn(state)


# --------------------------------------------------------------------------- pick up


def pickable(state: State) -> tuple[str, ...]:
    """Item and event cards in play."""
    return tuple(card for card in state.in_play if state.card(card).kind in ("item", "event"))


def pick_up(state: State, card: str) -> State:
    """Take one item or event card from the play area ("Pick up a card")."""
    state = replace(state, in_play=tuple(c for c in state.in_play if c != card))
    state = add_to_hand(state, state.active, card)
    state = say(state, why.picked_up(todo("other", "{player} picks up {card}.", player=state.player,
                                          card=state.label(card)), state.label(card)))
    return check_hand_limit(state, state.active)


def hand_count(state: State, player: int) -> int:
    """Cards counted against the hand limit (house rule ``hand_limit_counts_plots``, H-A11)."""
    cards = state.hand(player)
    if not state.options["hand_limit_counts_plots"]:
        cards = tuple(card for card in cards if state.card(card).kind != "plot")
    return len(cards)


def discardable(state: State, player: int) -> tuple[str, ...]:
    """Cards the player may discard to meet the hand limit."""
    cards = state.hand(player)
    if not state.options["hand_limit_counts_plots"]:
        cards = tuple(card for card in cards if state.card(card).kind != "plot")
    return cards


def check_hand_limit(state: State, player: int) -> State:
    """More than 6 cards: discard down to 6 at once; otherwise the turn ends."""
    count = hand_count(state, player)
    if count > hc.HAND_LIMIT:
        line = msg("{player} holds more than {limit} cards: discard down to {limit}.", player=state.players[player],
                   limit=hc.HAND_LIMIT)
        state = say(state, why.over_limit(line, count, bool(state.options["hand_limit_counts_plots"])))
        return replace(state, step=Step.DISCARD, discarding=player)
    return end_turn(replace(state, discarding=None))


def discard(state: State, card: str) -> State:
    """One card goes: a plot card to the bottom of the plot deck, others to the main discard."""
    player = state.discarder
    plot = state.card(card).kind == "plot"
    if plot:
        state = remove_from_hand(state, player, card)
        state = replace(state, plot_deck=state.plot_deck.to_bottom(card))
    else:
        state = discard_items(state, player, (card,))
    line = todo("remove", "{player} discards {card}.", player=state.players[player], card=state.label(card))
    state = say(state, why.discarded(line, state.label(card), plot))
    return check_hand_limit(state, player)


# --------------------------------------------------------------------------- healing


def healing_cards(state: State, player: int) -> tuple[str, ...]:
    """Healing items the player may play: not gained this round."""
    return tuple(card for card in state.hand(player)
                 if state.card(card).heal > 0 and state.gained(player, card) < state.round)


def heal_targets(state: State) -> tuple[int, ...]:
    """Living characters below full health ("can't be played on characters that have full health")."""
    return tuple(p for p in range(len(state.players)) if not state.dead[p] and state.wounds[p] > 0)


def start_heal(state: State, target: int) -> State:
    """The active player will heal ``target`` with one or more healing cards."""
    return replace(begin_action(state, "heal", target=state.players[target]), step=Step.HEAL)


def use_healing(state: State, card: str) -> State:
    """One healing card restores its amount (never beyond full health)."""
    target = state.players.index(state.action.target)
    healed = min(state.card(card).heal, state.wounds[target])
    state = discard_items(state, state.active, (card,))
    state = replace(change_action(state, healed=state.action.healed + healed),
                    wounds=put(state.wounds, target, state.wounds[target] - healed))
    numbers = {"card": state.label(card), "player": state.players[target], "healed": healed,
               "health": state.max_health(target) - state.wounds[target], "max": state.max_health(target)}
    stand_ins = state.stand_ins(card, state.character_card(target).id)
    if stand_ins:  # the card's heal or the character's health is a placeholder (words19)
        line = msg("{card} heals {player} by {healed} with placeholder numbers: {health} of {max} health.", **numbers)
    else:
        line = msg("{card} heals {player} by {healed}: {health} of {max} health.", **numbers)
    state = say(state, why.healed(line, state.card(card).heal, healed, stand_ins))
    if state.wounds[target] == 0 or not healing_cards(state, state.active):
        return finish_heal(state)
    return state


def finish_heal(state: State) -> State:
    """Healing another player scores 1 point, however many cards were used; yourself, none."""
    target = state.players.index(state.action.target)
    if target != state.active and state.action.healed:
        state = add_points(state, state.active, hc.HEAL_POINTS, "healing another player")
    return end_turn(state)
