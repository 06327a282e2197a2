"""What the House of Spirits table is asked now (``prompt``, see :class:`~.state.Step`):
a draw (a chance node, or a tap of the real card), a roll (the dice button or the face a
physical die shows), a player's action, healing, discards, the tally, the end.
"""

from __future__ import annotations

from functools import cache, lru_cache
from typing import Any, TypeVar

from companion.engine.core import Chance, Choice, Outcome, Prompt
from companion.engine.ending import Ending, best_first
from companion.engine.memo import Kept, remember_last
from companion.engine.present import present
from companion.engine.words import and_names
from companion.games.house_of_spirits import actions, combat, content, flow, scoring
from companion.games.house_of_spirits import components as hc
from companion.games.house_of_spirits.state import Roll, State, Step
from companion.i18n import Msg, msg, press_or_touch

T = TypeVar("T")

#: The deck each draw step takes from.
_DECK_OF = {Step.CHARACTER: "character", Step.ROOM: "room", Step.MONSTER: "monster", Step.MAIN: "main",
            Step.PLOT: "plot"}


def tapped_because(state: State, deck: str) -> str | None:
    """Why ``deck`` is drawn by tapping the real cards although ``decks=virtual``: some of
    its cards still hold the content file's placeholder numbers, so the companion would
    draw cards that are not printed (issue 10). None when the companion may draw it."""
    return content.why_tapped(state.content, deck, bool(state.options["monsters_in_main_deck"]))


def drawn_by_table(state: State) -> bool:
    """The table turns this draw step's card over and taps it (``decks = physical``, or a deck
    the companion may not draw: :func:`tapped_because`); otherwise the companion draws it."""
    step = state.step
    if state.options["decks"] == "physical" and step != Step.SECRET:
        return True
    return step in _DECK_OF and bool(tapped_because(state, _DECK_OF[step]))


# --------------------------------------------------------------------------- prompt


@remember_last  # the caller, then the legality check of apply: computed once
def prompt(state: State) -> Prompt:
    """What the table does next (see :class:`Step`)."""
    return _BUILDERS.get(state.step, _draw_prompt)(state)


#: Choices and sentences made once (:func:`_once`), by what they are made from.
_MADE = Kept(20_000)  # bounded: a long-running daemon sees many games
#: ``_once(key, make, *args)``: ``make(*args)``, made once for ``key`` (which names everything it is
#: made from: a card's label comes from the table's ``content``, so a key with a label names the
#: content). The store's own method, called at once: one call less on every prompt.
_once = _MADE.get


_DRAW_TEXT = {
    Step.CHARACTER: lambda who: msg("{who}: draw a character card blindly", who=who),
    Step.SECRET: lambda who: msg("The companion deals {who} a secret victory card blindly", who=who),
    Step.ROOM: lambda who: msg("Turn over the next room card"),
    Step.MONSTER: lambda who: msg("Turn over the top monster card"),
    Step.MAIN: lambda who: msg("Lay out the top card of the main deck"),
    Step.PLOT: lambda who: msg("{who}: turn over the top plot card", who=who),
}


def _draw_prompt(state: State) -> Prompt:
    step = state.step
    who = state.players[setup_player(state)] if step in (Step.CHARACTER, Step.SECRET) else state.player
    cards = flow.possible_draws(state)
    if drawn_by_table(state):  # never why in the prompt: it talks about card data (issue 29 item 9; Home has it)
        content = state.content
        choices = tuple(_once(("draw", card, content), _draw_choice, state, card) for card, _ in cards)
        return Prompt(_draw_text(step, who, True), who, choices)
    return Prompt(_draw_text(step, who, False), who, chance=_draw_chance(step, cards))


def _draw_choice(state: State, card: str) -> Choice:
    """A tap (or a touch) of a card the draw may give."""
    return Choice(f"draw:{card}", state.label(card), component=hc.component(card))


@lru_cache(maxsize=256)  # once per step and player, not at every draw
def _draw_text(step: Step, who: str, tapped: bool) -> Msg:
    text = _DRAW_TEXT[step](who)
    return msg("{draw} and tap it on the reader", draw=text) if tapped else text


@lru_cache(maxsize=256)  # a deck's cards change at a draw, not at every prompt
def _draw_chance(step: Step, cards: tuple[tuple[str, int], ...]) -> Chance:
    return Chance(step.value, tuple(Outcome(card, f"draw:{card}", weight) for card, weight in cards))


def _start_prompt(state: State) -> Prompt:
    label = msg("Start: draw the characters")
    text = press_or_touch(
        msg("Shuffle the room deck (Vestibule on top), the plot, monster, character and main decks, then press "
            "the dice button"),
        msg("Shuffle the room deck (Vestibule on top), the plot, monster, character and main decks, then touch "
            "“{button}”", button=label))
    return Prompt(text, choices=(Choice("start", label, button="dice", main=True),))


def setup_player(state: State) -> int:
    cards = state.characters if state.step == Step.CHARACTER else state.secrets
    return next(p for p, card in enumerate(cards) if card is None)


def _die_prompt(state: State) -> Prompt:
    return Prompt(_roll_text(state), state.players[state.roller], chance=_DIE)


_DIE = Chance("die", tuple(Outcome(str(face), f"die:{face}") for face in hc.FACES))


def _roll_text(state: State, items: tuple[str, ...] | None = None) -> str:
    """The sentence of a roll (:func:`_roll_sentence`), made once for everything it is made from
    (``items``: :func:`_items`, when the caller has them already)."""
    roll, name = state.roll, state.players[state.roller]
    pending = state.pending
    target = pending.target if pending and pending.kind == "attack" else None
    if roll == Roll.MONSTER:
        given: Any = state.card(state.current_room).skulls
    elif roll == Roll.PLOT:
        given = (actions.plot_target(state), state.action.target)
    elif roll == Roll.REROLL:
        given = state.action.dice[-1]
    elif roll in (Roll.INVESTIGATE, Roll.ATTACK, Roll.MONSTER_ATTACK):
        given = bool(_items(state) if items is None else items)
    else:
        given = None
    return _once(("roll", roll, name, target, given, state.content), _roll_sentence, state)


def _roll_sentence(state: State) -> str:
    name = state.players[state.roller]
    pending = state.pending
    monster = state.label(pending.target) if pending and pending.kind == "attack" else ""
    if state.roll == Roll.ROLLOFF:
        return msg("{player}: roll the die for the First Player card", player=name)
    if state.roll == Roll.MONSTER:
        return msg("{player}: roll the die for monsters (a {skulls} or less brings one)", player=name,
                   skulls=state.card(state.current_room).skulls)
    if state.roll == Roll.PLOT:
        return _plot_roll_text(state, name)
    if state.roll == Roll.REROLL:
        return msg("{player}: keep the {face} or roll the attack again", player=name, face=state.action.dice[-1])
    if state.roll == Roll.MONSTER_DEFENCE:
        return msg("Roll the die for the defence of {monster}", monster=monster)
    if state.roll in (Roll.INVESTIGATE, Roll.ATTACK, Roll.MONSTER_ATTACK):
        return _item_roll_text(state, name, monster)
    return msg("{player}: roll the die for your defence", player=name)


def _item_roll_text(state: State, name: str, monster: str) -> str:
    """A roll items may add to: the items are asked for only when the roller holds one that
    would (issue 29: "choose investigation items" to a player with none)."""
    with_items = bool(_items(state))
    if state.roll == Roll.INVESTIGATE:
        if with_items:
            return msg("{player}: choose investigation items, then roll the die", player=name)
        return msg("{player}: roll the die to investigate", player=name)
    if state.roll == Roll.ATTACK:
        if with_items:
            return msg("{player}: choose items against {monster}, then roll the die to attack", player=name,
                       monster=monster)
        return msg("{player}: roll the die to attack {monster}", player=name, monster=monster)
    # the monster's attack die, not the player's defence (that one comes next): the items are
    # chosen before it ("before the monster's attack roll"; newcomer 16: the table gave the
    # defender's die to the monster)
    if with_items:
        return msg("Roll the die for the attack of {monster} ({player}: choose defensive items first)",
                   player=name, monster=monster)
    return msg("Roll the die for the attack of {monster}", monster=monster)


def _items(state: State) -> tuple[str, ...]:
    """The items the roller may add to this roll (chosen or not); () for a roll without."""
    pending, player = state.pending, state.active
    if pending is None:
        return ()
    if state.roll == Roll.INVESTIGATE:
        return actions.investigation_items(state, player)
    if state.roll == Roll.ATTACK:
        return combat.offensive_items(state, player, pending.target)
    if state.roll == Roll.MONSTER_ATTACK:
        return combat.defensive_items(state, player)
    return ()


def _plot_roll_text(state: State, name: str) -> str:
    """The plot roll's number and, in words, what the room's or item's modifier lets the
    roller do ("after optionally adding or subtracting the room modifier": a child asked
    what "±1" means, issue 29)."""
    target, modifier = actions.plot_target(state)
    card = state.label(state.action.target)
    if actions.plot_roll_stand_ins(state):  # the content file's numbers, not the cards' (words19)
        if not modifier:
            return msg("{player}: roll the die for {card}: with placeholder numbers you need exactly {target}",
                       player=name, card=card, target=target)
        return msg("{player}: roll the die for {card}: with placeholder numbers you need {target}, and may add or "
                   "take away up to {modifier}", player=name, card=card, target=target, modifier=modifier)
    if not modifier:
        return msg("{player}: roll the die for {card}: you need exactly {target}", player=name, card=card,
                   target=target)
    return msg("{player}: roll the die for {card}: you need {target}, and may add or take away up to {modifier}",
               player=name, card=card, target=target, modifier=modifier)


def _roll_prompt(state: State) -> Prompt:
    """The roll first (the big button), then what may change it (items, Do something else,
    Keep), then the faces a physical die shows: at 800×480 the items were on page 2 or 3,
    behind six "The die shows N" (issue 29)."""
    items = _items(state)
    extras = _roll_extras(state, items)
    if not extras:
        return Prompt(_roll_text(state, items), state.players[state.roller], _die_choices())
    roll, *faces = _die_choices()
    return Prompt(_roll_text(state, items), state.players[state.roller], (roll, *extras, *faces))


@cache  # the same seven choices at every roll
def _die_choices() -> tuple[Choice, ...]:
    """Roll the die (the dice button), then "The die shows 1" ... 6."""
    roll = Choice("roll", msg("Roll the die"), button="dice", main=True)
    return (roll, *(Choice(f"face:{face}", msg("The die shows {face}", face=face)) for face in hc.FACES))


def _roll_extras(state: State, items: tuple[str, ...]) -> list[Choice]:
    """What may change the roll: the roller's items (``items``, :func:`_items`), Do something
    else, Keep."""
    pending = state.pending
    if pending is None:  # the roll-off, a monster roll: no action under way
        return []
    if state.roll == Roll.INVESTIGATE:
        return _toggles(state, pending.items, items, "use", "investigation") + [_cancel_choice()]
    if state.roll == Roll.ATTACK:
        return _toggles(state, pending.items, items, "use", "attack", pending.target) + [_cancel_choice()]
    if state.roll == Roll.PLOT and not pending.dice:
        return [_cancel_choice()]
    if state.roll == Roll.REROLL:
        return [_keep_choice(pending.dice[-1])]
    if state.roll == Roll.MONSTER_ATTACK:
        return _toggles(state, pending.guards, items, "guard", "defence")
    return []


@lru_cache(maxsize=8)
def _keep_choice(face: int) -> Choice:
    return Choice("keep", msg("Keep the {face}", face=face))


@cache  # the same choice at every prompt that offers it
def _cancel_choice() -> Choice:
    return Choice("cancel", msg("Do something else"))


def _toggles(state: State, chosen, items, verb: str, aspect: str, monster: str | None = None) -> list[Choice]:
    content = state.content  # made once per item, bonus and content
    return [_once(("toggle", verb, item, item in chosen, bonus, content), _toggle, state, verb, item, item in chosen,
                  bonus) for item, bonus in ((item, state.item_bonus(item, aspect, monster)) for item in items)]


def _toggle(state: State, verb: str, item: str, chosen: bool, bonus: int) -> Choice:
    """Use an item, or put it back (chosen already)."""
    card = state.label(item)
    if state.stand_ins(item):  # the bonus is the content file's placeholder (words20), as "placeholder health 2"
        if chosen:
            return Choice(f"{verb}:{item}", msg("Put back {card} (placeholder +{bonus})", card=card, bonus=bonus))
        return Choice(f"{verb}:{item}", msg("Use {card} (placeholder +{bonus})", card=card, bonus=bonus))
    if chosen:
        return Choice(f"{verb}:{item}", msg("Put back {card} (+{bonus})", card=card, bonus=bonus))
    return Choice(f"{verb}:{item}", msg("Use {card} (+{bonus})", card=card, bonus=bonus))


def _action_prompt(state: State) -> Prompt:
    player = state.active
    targets, forced = combat.attack_targets(state)
    content = state.content
    choices = [_once(("attack", m, health, content), _attack_choice, state, m, health)
               for m, health in ((m, state.health(m)) for m in targets)]
    if not forced:
        if actions.can_investigate(state):
            choices.append(_action_choice("investigate"))
        choices += [_once(("play", p, content), _play_choice, state, p) for p in actions.playable_plots(state, player)]
        choices += [_once(("pick", c, content), _pick_choice, state, c) for c in actions.pickable(state)]
        if actions.healing_cards(state, player):
            choices += [_heal_choice(state.players[p], p == player) for p in actions.heal_targets(state)]
    if not choices:
        choices.append(_action_choice("pass"))
    if state.options["instant_win_includes_secret"] and state.secret_met[player] is None:
        choices.append(_action_choice("claim-secret"))
    return Prompt(_action_text(state.player, forced), state.player, tuple(choices))


def _attack_choice(state: State, monster: str, health: int) -> Choice:
    if state.card(monster).placeholder:  # the content file's health, not the card's (words19)
        return Choice(f"attack:{monster}", msg("Attack {monster} (placeholder health {health})",
                                               monster=state.label(monster), health=health))
    return Choice(f"attack:{monster}", msg("Attack {monster} ({health} health)", monster=state.label(monster),
                                           health=health))


def _play_choice(state: State, card: str) -> Choice:
    return Choice(f"play:{card}", msg("Play {card}", card=state.label(card)))


def _pick_choice(state: State, card: str) -> Choice:
    return Choice(f"pick:{card}", msg("Pick up {card}", card=state.label(card)), component=hc.component(card))


@cache  # the same choice at every action prompt that offers it
def _action_choice(key: str) -> Choice:
    """Investigate, pass, or claim the secret victory."""
    if key == "investigate":
        return Choice("investigate", msg("Investigate"))
    if key == "pass":
        return Choice("pass", msg("Nothing to do: pass"), main=True)
    return Choice("claim-secret", msg("My secret victory condition is met"))


@lru_cache(maxsize=64)
def _heal_choice(name: str, yourself: bool) -> Choice:
    return Choice(f"heal:{name}", _heal_label(name, yourself))


@lru_cache(maxsize=64)  # once per player, not at every action prompt
def _action_text(player: str, forced: bool) -> Msg:
    if forced:
        return msg("{player}: attack a monster (every monster must be attacked this round)", player=player)
    return msg("{player}: choose one action", player=player)


def _heal_label(name: str, yourself: bool) -> str:
    if yourself:
        return msg("Heal yourself")
    return msg("Heal {player}", player=name)


def _plot_item_prompt(state: State) -> Prompt:
    items = actions.plot_items(state, state.active, state.action.target)
    content = state.content
    choices = tuple(_once(("item", item, content), _plot_item_choice, state, item) for item in items)
    return Prompt(msg("{player}: declare the plot item before rolling", player=state.player), state.player,
                  choices + (_cancel_choice(),))


def _plot_item_choice(state: State, item: str) -> Choice:
    return Choice(f"item:{item}", msg("Try with {card}", card=state.label(item)))


def _heal_card_choice(state: State, card: str) -> Choice:
    if state.stand_ins(card):  # words20, as the toggles above
        return Choice(f"use:{card}", msg("Play {card} (placeholder heal {heal})", card=state.label(card),
                                         heal=state.card(card).heal))
    return Choice(f"use:{card}", msg("Play {card} (heals {heal})", card=state.label(card), heal=state.card(card).heal))


def _discard_choice(state: State, card: str) -> Choice:
    return Choice(f"discard:{card}", msg("Discard {card}", card=state.label(card)))


@cache
def _done_healing() -> Choice:
    return Choice("done", msg("Done healing"), main=True)


def _heal_prompt(state: State) -> Prompt:
    pending = state.action
    cards = actions.healing_cards(state, state.active)
    content = state.content
    choices = [_once(("heal", card, content), _heal_card_choice, state, card) for card in cards]
    choices.append(_done_healing() if pending.healed else _cancel_choice())
    if pending.target == state.player:
        text = msg("{player}: play healing cards on yourself", player=state.player)
    else:
        text = msg("{player}: play healing cards on {target}", player=state.player, target=pending.target)
    return Prompt(text, state.player, tuple(choices))


def _discard_prompt(state: State) -> Prompt:
    player = state.discarder
    content = state.content
    choices = tuple(_once(("discard", card, content), _discard_choice, state, card)
                    for card in actions.discardable(state, player))
    return Prompt(msg("{player}: discard down to {limit} cards", player=state.players[player], limit=hc.HAND_LIMIT),
                  state.players[player], choices)


def _tally_prompt(state: State) -> Prompt:
    player = present(scoring.tally_player(state), "a player to ask about their secret victory")
    name = state.players[player]
    choices = (Choice("secret:yes", msg("{player} met it (+{points})", player=name, points=hc.SECRET_POINTS)),
               Choice("secret:no", msg("{player} did not", player=name)))
    if state.secrets[player] is not None:  # the companion dealt it: no card to show
        text = msg("{player}: look at your secret victory card on the privacy screen. Was the condition met?",
                   player=name)
    else:
        text = msg("{player}: show your secret victory card. Was the condition met?", player=name)
    return Prompt(text, name, choices)


def summary(state: State) -> Msg | None:
    """How the game ended, for the game-over panel (:meth:`Game.summary`); None while it goes on."""
    if state.step != Step.OVER:
        return None
    if state.outcome == "lost":
        return msg("Every character was killed in the same round.")
    return msg("{names} won.", names=and_names(state.winners))


def ending(state: State) -> Ending | None:
    """How the game ended, for the game-over panel (:meth:`Game.ending`): the winners, or
    every character killed (lost), and the final points; None while it goes on."""
    if state.step != Step.OVER:
        return None
    points = best_first(zip(state.players, state.scores))
    if state.outcome == "lost":
        return Ending("lost", (), msg("Points"), points)
    return Ending("won", tuple(state.winners), msg("Points"), points)


def _over_prompt(state: State) -> Prompt:
    if state.outcome == "lost":
        return Prompt(msg("The game is over: every character was killed in the same round."), over=True)
    return Prompt(msg("The game is over: {names} won.", names=and_names(state.winners)), over=True)


_BUILDERS = {
    Step.OVER: _over_prompt,
    Step.START: _start_prompt,
    Step.ROLL: _roll_prompt,
    Step.DIE: _die_prompt,
    Step.ACTION: _action_prompt,
    Step.PLOT_ITEM: _plot_item_prompt,
    Step.HEAL: _heal_prompt,
    Step.DISCARD: _discard_prompt,
    Step.TALLY: _tally_prompt,
}
