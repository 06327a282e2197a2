"""House of Spirits rules: setup, what the table is asked (prompt) and what an action does (apply).

Rulebook: ``shared/rulebooks/house-of-spirits.txt``; ambiguities as named house rules:
notes.md 3.D (see ``OPTIONS`` in ``__init__``). Every 1D6 is a :class:`Step.ROLL` prompt:
the dice button (``roll``, then the companion's die, a chance node) or a touch of the face
a physical die shows (``face:1`` … ``face:6``). Every deck draw is a chance node weighted
by the cards left (``decks=virtual``) or a tap of the physical card (``decks=physical``).

Action keys: ``draw:<card>``, ``die:<n>``, ``roll``, ``face:<n>``, ``investigate``,
``play:<plot>``, ``pick:<card>``, ``heal:<player>``, ``attack:<monster>``, ``pass``,
``use:<item>`` (toggle an item for the roll), ``guard:<item>`` (toggle a defensive item),
``keep`` (keep the attack die), ``cancel``, ``item:<item>`` (declare the plot item),
``done`` (stop healing), ``discard:<card>``, ``claim-secret``, ``secret:yes``/``secret:no``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from companion.engine.content import check_table
from companion.engine.core import Chance, Choice, Outcome, Prompt, sentence
from companion.errors import RuleViolation
from companion.games.house_of_spirits import actions, combat, entries, flow, scoring
from companion.games.house_of_spirits import components as hc
from companion.games.house_of_spirits.state import Deck, State, Step, and_names, put, say
from companion.i18n import msg, todo

# --------------------------------------------------------------------------- setup


def setup(players: Sequence[str], options: Mapping[str, Any],
          content: Mapping[str, Mapping[str, Any]] | None = None) -> State:
    """A new game: the decks of "Game Setup", then blind character draws.

    Args:
        players: 2–4 distinct names in seating order going right.
        options: resolved options (:func:`companion.engine.resolve_options`).
        content: what the table entered from its own cards (the header's ``content``:
            component id -> field values, :mod:`.entries`); the content file's data for
            every card not entered.

    Raises:
        RuleViolation: fewer than 2 or more than 4 players, or a repeated name.
        ContentError: ``content`` names a card without a form, a value does not fit, or
            the table's data breaks a rule of the cards (e.g. a plot card listing rooms and
            items).
    """
    if not 2 <= len(players) <= 4:
        raise RuleViolation(msg("House of Spirits is for 2 to 4 players, not {n}.", n=len(players)))
    if len(set(players)) != len(players):
        raise RuleViolation(msg("Each player needs a different name."))
    if content:
        content = check_table(entries.SPEC, hc.all_components(), content)
    n = len(players)
    rooms = tuple(room for room in hc.ids("room") if room != "vestibule")
    state = State(
        players=tuple(players),
        options=dict(options),
        characters=(None,) * n,
        secrets=(None,) * n,
        wounds=(0,) * n,
        scores=(0,) * n,
        hands=((),) * n,
        dead=(False,) * n,
        secret_met=(None,) * n,
        ability_used=(False,) * n,
        room_deck=Deck(top=("vestibule",), shuffled=tuple(sorted(rooms))),
        main_deck=tuple(sorted(hc.main_cards())),
        monster_deck=Deck(shuffled=tuple(sorted(hc.ids("monster")))),
        plot_deck=Deck(shuffled=tuple(sorted(hc.ids("plot")))),
        character_deck=tuple(sorted(hc.ids("character"))),
        secret_deck=tuple(sorted(hc.ids("secret"))),
        news=setup_checklist(options),
        content=entries.entries(content),
    )
    if state.options["decks"] == "virtual" and any(tapped_because(state, deck) for deck in entries.DECK_KINDS):
        state = say(state, msg("Decks with cards that still hold placeholder numbers are tapped card by card: "
                               "the companion draws only a deck whose cards are all entered."))
    return state


def setup_checklist(options: Mapping[str, Any]) -> tuple:
    """"Game Setup" 1-6, step by step, for the table to do."""
    lines = (
        todo("setup", "Shuffle the room cards face down with the Vestibule on top: the room deck."),
        todo("setup", "Shuffle the plot cards face down: the plot deck."),
        todo("setup", "Shuffle the monster cards face down: the monster deck."),
        todo("setup", "Shuffle the character cards face down: each player will draw one blindly."),
        todo("setup", "Shuffle the item and event cards face down: the main deck."),
    )
    if options["secret_cards"] == "companion":
        return lines + (todo("setup", "Leave the secret victory cards in the box: the companion deals them."),)
    return lines + (todo("setup", "Shuffle the secret victory cards face down: each player will draw one blindly."),)


#: The deck each draw step takes from.
_DECK_OF = {Step.CHARACTER: "character", Step.ROOM: "room", Step.MONSTER: "monster", Step.MAIN: "main",
            Step.PLOT: "plot"}


def tapped_because(state: State, deck: str) -> str | None:
    """Why ``deck`` is drawn by tapping the real cards although ``decks=virtual``: some of
    its cards still hold the content file's placeholder numbers, so the companion would
    draw cards that are not printed (issue 10). None when the companion may draw it."""
    return entries.why_tapped(state.content, deck, bool(state.options["monsters_in_main_deck"]))


# --------------------------------------------------------------------------- prompt


def prompt(state: State) -> Prompt:
    """What the table does next (see :class:`Step`)."""
    if state.step == Step.OVER:
        return _over_prompt(state)
    builders = {
        Step.START: _start_prompt,
        Step.ROLL: _roll_prompt,
        Step.DIE: _die_prompt,
        Step.ACTION: _action_prompt,
        Step.PLOT_ITEM: _plot_item_prompt,
        Step.HEAL: _heal_prompt,
        Step.DISCARD: _discard_prompt,
        Step.TALLY: _tally_prompt,
    }
    if state.step in builders:
        return builders[state.step](state)
    return _draw_prompt(state)


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
    who = state.players[_setup_player(state)] if step in (Step.CHARACTER, Step.SECRET) else state.player
    text = _DRAW_TEXT[step](who)
    cards = flow.possible_draws(state)
    physical = state.options["decks"] == "physical" and step != Step.SECRET
    why = tapped_because(state, _DECK_OF[step]) if not physical and step in _DECK_OF else None
    if physical or why:
        choices = tuple(Choice(f"draw:{card}", state.label(card), component=hc.component(card)) for card, _ in cards)
        if why:
            return Prompt(msg("{draw} and tap it on the reader. {why}", draw=text, why=why), who, choices)
        return Prompt(msg("{draw} and tap it on the reader", draw=text), who, choices)
    outcomes = tuple(Outcome(card, f"draw:{card}", weight) for card, weight in cards)
    return Prompt(text, who, chance=Chance(step.value, outcomes))


def _start_prompt(state: State) -> Prompt:
    start = Choice("start", msg("Start: draw the characters"), button="dice", main=True)
    return Prompt(msg("Shuffle the room deck (Vestibule on top), the plot, monster, character and main "
                      "decks, then press the dice button"), choices=(start,))


def _setup_player(state: State) -> int:
    cards = state.characters if state.step == Step.CHARACTER else state.secrets
    return next(p for p, card in enumerate(cards) if card is None)


def _die_prompt(state: State) -> Prompt:
    faces = tuple(Outcome(str(face), f"die:{face}") for face in hc.FACES)
    return Prompt(_roll_text(state), state.players[state.roller], chance=Chance("die", faces))


def _roll_text(state: State) -> str:
    name = state.players[state.roller]
    pending = state.pending
    monster = state.label(pending.target) if pending and pending.kind == "attack" else ""
    if state.roll == "rolloff":
        return msg("{player}: roll 1D6 for the First Player card", player=name)
    if state.roll == "monster":
        return msg("{player}: roll 1D6 for monsters (a {skulls} or less brings one)", player=name,
                   skulls=state.card(state.room).skulls)
    if state.roll == "investigate":
        return msg("{player}: choose investigation items, then roll 1D6", player=name)
    if state.roll == "plot":
        target, modifier = actions.plot_target(state)
        return msg("{player}: roll 1D6 for {card}: {target}, ±{modifier}", player=name,
                   card=state.label(pending.target), target=target, modifier=modifier)
    if state.roll == "attack":
        return msg("{player}: choose items against {monster}, then roll 1D6 to attack", player=name, monster=monster)
    if state.roll == "reroll":
        return msg("{player}: keep the {face} or roll the attack again", player=name, face=pending.dice[-1])
    if state.roll == "monster-defence":
        return msg("Roll 1D6 for the defence of {monster}", monster=monster)
    if state.roll == "monster-attack":
        return msg("{player}: choose defensive items, then roll 1D6 for the attack of {monster}",
                   player=name, monster=monster)
    return msg("{player}: roll 1D6 for your defence", player=name)


def _roll_prompt(state: State) -> Prompt:
    choices = [Choice("roll", msg("Roll the die"), button="dice", main=True)]
    choices += [Choice(f"face:{face}", msg("The die shows {face}", face=face)) for face in hc.FACES]
    choices += _roll_extras(state)
    return Prompt(_roll_text(state), state.players[state.roller], tuple(choices))


def _roll_extras(state: State) -> list[Choice]:
    pending, player = state.pending, state.active
    if state.roll == "investigate":
        return _toggles(state, pending.items, actions.investigation_items(state, player), "use", "investigation") + [
            _cancel_choice()]
    if state.roll == "attack":
        items = combat.offensive_items(state, player, pending.target)
        return _toggles(state, pending.items, items, "use", "attack", pending.target) + [_cancel_choice()]
    if state.roll == "plot" and not pending.dice:
        return [_cancel_choice()]
    if state.roll == "reroll":
        return [Choice("keep", msg("Keep the {face}", face=pending.dice[-1]))]
    if state.roll == "monster-attack":
        return _toggles(state, pending.guards, combat.defensive_items(state, player), "guard", "defence")
    return []


def _cancel_choice() -> Choice:
    return Choice("cancel", msg("Do something else"))


def _toggles(state: State, chosen, items, verb: str, aspect: str, monster: str | None = None) -> list[Choice]:
    choices = []
    for item in items:
        bonus = state.item_bonus(item, aspect, monster)
        if item in chosen:
            choices.append(Choice(f"{verb}:{item}", msg("Put back {card} (+{bonus})", card=state.label(item),
                                                          bonus=bonus)))
        else:
            choices.append(Choice(f"{verb}:{item}", msg("Use {card} (+{bonus})", card=state.label(item), bonus=bonus)))
    return choices


def _action_prompt(state: State) -> Prompt:
    player = state.active
    targets, forced = combat.attack_targets(state)
    choices = [Choice(f"attack:{m}", msg("Attack {monster} ({health} health)", monster=state.label(m),
                                         health=state.health(m))) for m in targets]
    if not forced:
        if actions.can_investigate(state):
            choices.append(Choice("investigate", msg("Investigate")))
        choices += [Choice(f"play:{p}", msg("Play {card}", card=state.label(p)))
                    for p in actions.playable_plots(state, player)]
        choices += [Choice(f"pick:{c}", msg("Pick up {card}", card=state.label(c)), component=hc.component(c))
                    for c in actions.pickable(state)]
        if actions.healing_cards(state, player):
            choices += [Choice(f"heal:{state.players[p]}", _heal_label(state.players[p], p == player))
                        for p in actions.heal_targets(state)]
    if not choices:
        choices.append(Choice("pass", msg("Nothing to do: pass"), main=True))
    if state.options["instant_win_includes_secret"] and state.secret_met[player] is None:
        choices.append(Choice("claim-secret", msg("My secret victory condition is met")))
    if forced:
        text = msg("{player}: attack a monster (every monster must be attacked this round)", player=state.player)
    else:
        text = msg("{player}: choose one action", player=state.player)
    return Prompt(text, state.player, tuple(choices))


def _heal_label(name: str, yourself: bool) -> str:
    if yourself:
        return msg("Heal yourself")
    return msg("Heal {player}", player=name)


def _plot_item_prompt(state: State) -> Prompt:
    items = actions.plot_items(state, state.active, state.pending.target)
    choices = tuple(Choice(f"item:{item}", msg("Try with {card}", card=state.label(item))) for item in items)
    return Prompt(msg("{player}: declare the plot item before rolling", player=state.player), state.player,
                  choices + (_cancel_choice(),))


def _heal_prompt(state: State) -> Prompt:
    pending = state.pending
    cards = actions.healing_cards(state, state.active)
    choices = [Choice(f"use:{card}", msg("Play {card} (heals {heal})", card=state.label(card),
                                         heal=state.card(card).heal))
               for card in cards]
    choices.append(Choice("done", msg("Done healing"), main=True) if pending.healed else _cancel_choice())
    if pending.target == state.player:
        text = msg("{player}: play healing cards on yourself", player=state.player)
    else:
        text = msg("{player}: play healing cards on {target}", player=state.player, target=pending.target)
    return Prompt(text, state.player, tuple(choices))


def _discard_prompt(state: State) -> Prompt:
    player = state.discarding
    choices = tuple(Choice(f"discard:{card}", msg("Discard {card}", card=state.label(card)))
                    for card in actions.discardable(state, player))
    return Prompt(msg("{player}: discard down to {limit} cards", player=state.players[player], limit=hc.HAND_LIMIT),
                  state.players[player], choices)


def _tally_prompt(state: State) -> Prompt:
    name = state.players[scoring.tally_player(state)]
    choices = (Choice("secret:yes", msg("{player} met it (+{points})", player=name, points=hc.SECRET_POINTS)),
               Choice("secret:no", msg("{player} did not", player=name)))
    if state.secrets[scoring.tally_player(state)] is not None:  # the companion dealt it: no card to show
        text = msg("{player}: look at your secret victory card on the privacy screen. Was the condition met?",
                   player=name)
    else:
        text = msg("{player}: show your secret victory card. Was the condition met?", player=name)
    return Prompt(text, name, choices)


def _over_prompt(state: State) -> Prompt:
    if state.outcome == "lost":
        return Prompt(msg("The game is over: every character was killed in the same round."), over=True)
    return Prompt(msg("The game is over: {names} won.", names=and_names(state.winners)), over=True)


# --------------------------------------------------------------------------- apply


def apply(state: State, action: str) -> State:
    """Apply one action (a choice key or a chance outcome key).

    Raises:
        RuleViolation: the game is over, or ``action`` is not allowed now.
    """
    current = prompt(state)
    if current.over:
        raise RuleViolation(msg("The game is over."))
    legal = {c.key for c in current.choices}
    if current.chance:
        legal |= {o.key for o in current.chance.outcomes}
    if action not in legal:
        raise RuleViolation(msg("Not now. {prompt}", prompt=sentence(current.text)))
    kind, _, arg = action.partition(":")
    return _HANDLERS[kind](replace(state, news=()), arg)


def on_draw(state: State, card: str) -> State:
    """A card drawn at the current draw step (chance outcome, tap, or a certain card)."""
    step = state.step
    if step == Step.CHARACTER:
        player = _setup_player(state)
        state = replace(state, characters=put(state.characters, player, card),
                        character_deck=_without(state.character_deck, card))
        character = state.card(card)
        state = say(state, msg("{player} plays {character} (attack {attack}, defence {defence}, "
                               "investigation {investigation}, health {health}).",
                               player=state.players[player], character=character.name, attack=character.attack,
                               defence=character.defence, investigation=character.investigation,
                               health=character.health))
        return flow.after_character(state, player)
    if step == Step.SECRET:
        player = _setup_player(state)
        state = replace(state, secrets=put(state.secrets, player, card), secret_deck=_without(state.secret_deck, card))
        return flow.after_secret(say(state, msg("{player} has a secret victory card.", player=state.players[player])))
    if step == Step.ROOM:
        return flow.on_room(replace(state, room_deck=state.room_deck.take(card)), card)
    if step == Step.MONSTER:
        state = flow.lay_monster(replace(state, monster_deck=state.monster_deck.take(card)), card)
        return flow.next_monster_roll(state)
    if step == Step.MAIN:
        return flow.on_main(state, card)
    return actions.on_plot_drawn(state, card)


def _draw(state: State, card: str) -> State:
    return on_draw(state, card)


def _roll(state: State, _arg: str) -> State:
    return replace(state, step=Step.DIE)


def _face(state: State, arg: str) -> State:
    return _resolve_die(state, int(arg))


def _die(state: State, arg: str) -> State:
    return _resolve_die(state, int(arg))


_ON_DIE = {
    "rolloff": flow.on_rolloff,
    "monster": flow.on_monster_roll,
    "investigate": actions.on_investigation_roll,
    "plot": actions.on_plot_roll,
    "attack": combat.on_attack_roll,
    "reroll": combat.on_reroll,
    "monster-defence": combat.on_monster_defence,
    "monster-attack": combat.on_monster_attack,
    "defence": combat.on_player_defence,
}


def _resolve_die(state: State, face: int) -> State:
    """A die face (the companion's or the physical die's) goes to what it was rolled for."""
    state = replace(state, die=face)
    if state.roll == "rolloff":
        state = say(state, msg("{player} rolled {face}.", player=state.players[state.roller], face=face))
    return _ON_DIE[state.roll](state, face)


def _toggle(values: tuple[str, ...], item: str) -> tuple[str, ...]:
    return tuple(v for v in values if v != item) if item in values else values + (item,)


def _use(state: State, item: str) -> State:
    if state.step == Step.HEAL:
        return actions.use_healing(state, item)
    return replace(state, pending=replace(state.pending, items=_toggle(state.pending.items, item)))


def _guard(state: State, item: str) -> State:
    return replace(state, pending=replace(state.pending, guards=_toggle(state.pending.guards, item)))


def _cancel(state: State, _arg: str) -> State:
    return replace(state, step=Step.ACTION, pending=None, roll="")


def _pass(state: State, _arg: str) -> State:
    return flow.end_turn(say(state, msg("{player} has nothing to do and passes.", player=state.player)))


def _claim_secret(state: State, _arg: str) -> State:
    """House rule ``instant_win_includes_secret`` (H-A5): a met secret counts toward 18 at once."""
    player = state.active
    state = replace(state, secret_met=put(state.secret_met, player, True))
    return scoring.add_points(state, player, hc.SECRET_POINTS, "secret victory")


def _secret(state: State, arg: str) -> State:
    return scoring.answer_secret(state, arg == "yes")


_HANDLERS = {
    "start": lambda state, _arg: flow.draw(state, Step.CHARACTER),
    "draw": _draw,
    "roll": _roll,
    "face": _face,
    "die": _die,
    "investigate": lambda state, _arg: actions.start_investigation(state),
    "play": actions.start_plot,
    "pick": actions.pick_up,
    "heal": lambda state, name: actions.start_heal(state, state.players.index(name)),
    "attack": combat.start_attack,
    "pass": _pass,
    "use": _use,
    "guard": _guard,
    "keep": lambda state, _arg: combat.keep_attack_die(state),
    "cancel": _cancel,
    "item": actions.declare_plot_item,
    "done": lambda state, _arg: actions.finish_heal(state),
    "discard": actions.discard,
    "claim-secret": _claim_secret,
    "secret": _secret,
}


def _without(cards: tuple[str, ...], card: str) -> tuple[str, ...]:
    index = cards.index(card)
    return cards[:index] + cards[index + 1:]
