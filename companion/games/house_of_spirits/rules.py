"""House of Spirits rules: setup and what an action does (``act``); what the table is asked is :mod:`.prompts`.

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
from typing import Any

from companion.engine import draft
from companion.engine.content import check_table
from companion.engine.draft import replace, say
from companion.engine.lessons import what_for
from companion.engine.pending import settle
from companion.engine.tuples import put, without
from companion.games.house_of_spirits import actions, combat, flow, scoring, why
from companion.games.house_of_spirits import components as hc
from companion.games.house_of_spirits.content import CONTENT, DECK_KINDS, entries
from companion.games.house_of_spirits.prompts import setup_player, tapped_because
from companion.games.house_of_spirits.state import Deck, Roll, State, Step, change_action
from companion.i18n import msg, todo

# --------------------------------------------------------------------------- setup


def setup(players: Sequence[str], options: Mapping[str, Any],
          content: Mapping[str, Mapping[str, Any]] | None = None) -> State:
    """A new game: the decks of "Game Setup", then blind character draws.

    Args:
        players: 2–4 distinct names in seating order going right.
        options: resolved options (:func:`companion.engine.resolve_options`).
        content: what the table entered from its own cards (the header's ``content``:
            component id -> field values, :mod:`.content`); the content file's data for
            every card not entered.

    Raises:
        ContentError: ``content`` names a card without a form, a value does not fit, or
            the table's data breaks a rule of the cards (e.g. a plot card listing rooms and
            items). The player count (2 to 4) and the names are checked by the engine first
            (``Game.setup``).
    """
    if content:
        content = check_table(CONTENT, hc.all_components(), content)
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
        content=entries(content),
    )
    if state.options["decks"] == "virtual" and any(tapped_because(state, deck) for deck in DECK_KINDS):
        # a set-up step, not news: a client that connects later (the voice) is given the todo (newcomer13)
        state = say(state, what_for(todo("setup", "Some decks are drawn from the table: tap each card on the "
                                                  "reader as you draw it."),
                                    msg("The companion knows which card you drew only when you tap it.")))
    return state


def setup_checklist(options: Mapping[str, Any]) -> tuple:
    """"Game Setup" 1-6, step by step, for the table to do."""
    lines = (
        what_for(todo("setup", "Shuffle the room cards face down with the Vestibule on top: the room deck."),
                 msg("You explore the house one room at a time. The Vestibule comes first: it is the one room "
                     "with no monsters.")),
        what_for(todo("setup", "Shuffle the plot cards face down: the plot deck."),
                 msg("The plot cards are pages of a diary. Find them all and the house is free of evil.")),
        what_for(todo("setup", "Shuffle the monster cards face down: the monster deck."),
                 msg("A monster may jump out when you enter a room. Shuffled, you never know which one.")),
        what_for(todo("setup", "Shuffle the character cards face down: each player will draw one blindly."),
                 msg("Your character is who you are in the house. Drawing blind makes it a surprise.")),
        what_for(todo("setup", "Shuffle the item and event cards face down: the main deck."),
                 msg("Each round, cards from this deck show what you find: things to pick up, or trouble.")),
    )
    if options["secret_cards"] == "companion":
        return lines + (what_for(todo("setup", "Leave the secret victory cards in the box: the companion deals "
                                               "them."),
                                 msg("The companion gives each of you a secret goal, worth extra points at the "
                                     "end. Only you see yours.")),)
    return lines + (what_for(todo("setup", "Shuffle the secret victory cards face down: each player will draw one "
                                           "blindly."),
                             msg("Each of you gets a secret goal, worth extra points at the end. Keep yours to "
                                 "yourself.")),)


# --------------------------------------------------------------------------- apply


def cleared(state: State) -> State:
    """What an action starts from (``Game.cleared``): the state without the last action's
    news, the action's one copy, which its rule changes in place until :func:`settled`
    (:mod:`companion.engine.draft`)."""
    return draft.begun(state, news=())


def settled(state: State) -> State:
    """The state after an action's rule (``Game.settled``): a pending draw that can give only
    one card resolves by itself. The action's copy is then done (:func:`cleared`)."""
    return draft.finished(settle(state, _draw_certain))


def _draw_certain(state: State) -> State | None:
    """A pending draw that can give only one card resolves by itself."""
    card = flow.certain_draw(state)
    return None if card is None else on_draw(state, card)


def on_draw(state: State, card: str) -> State:
    """A card drawn at the current draw step (chance outcome, tap, or a certain card)."""
    step = state.step
    if step == Step.CHARACTER:
        player = setup_player(state)
        state = replace(state, characters=put(state.characters, player, card),
                        character_deck=without(state.character_deck, card))
        character = state.card(card)
        numbers = {"player": state.players[player], "character": character.said, "attack": character.attack,
                   "defence": character.defence, "investigation": character.investigation, "health": character.health}
        if character.placeholder:  # the companion's stand-ins, not the card's (as the monster's line, words18)
            line = msg("{player} plays {character} with placeholder numbers: attack {attack}, defence {defence}, "
                       "investigation {investigation}, health {health}.", **numbers)
        else:
            line = msg("{player} plays {character} (attack {attack}, defence {defence}, investigation "
                       "{investigation}, health {health}).", **numbers)
        state = say(state, why.character(line, character.said))
        return flow.after_character(state, player)
    if step == Step.SECRET:
        player = setup_player(state)
        state = replace(state, secrets=put(state.secrets, player, card), secret_deck=without(state.secret_deck, card))
        line = why.secret_dealt(msg("{player} has a secret victory card.", player=state.players[player]))
        return flow.after_secret(say(state, line))
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
    Roll.ROLLOFF: flow.on_rolloff,
    Roll.MONSTER: flow.on_monster_roll,
    Roll.INVESTIGATE: actions.on_investigation_roll,
    Roll.PLOT: actions.on_plot_roll,
    Roll.ATTACK: combat.on_attack_roll,
    Roll.REROLL: combat.on_reroll,
    Roll.MONSTER_DEFENCE: combat.on_monster_defence,
    Roll.MONSTER_ATTACK: combat.on_monster_attack,
    Roll.DEFENCE: combat.on_player_defence,
}


def _resolve_die(state: State, face: int) -> State:
    """A die face (the companion's or the physical die's) goes to what it was rolled for."""
    state = replace(state, die=face)
    if state.roll == Roll.ROLLOFF:
        state = say(state, why.rolloff(msg("{player} rolled {face}.", player=state.players[state.roller], face=face),
                                       face))
    return _ON_DIE[state.roll](state, face)


def _toggle(values: tuple[str, ...], item: str) -> tuple[str, ...]:
    return tuple(v for v in values if v != item) if item in values else values + (item,)


def _use(state: State, item: str) -> State:
    if state.step == Step.HEAL:
        return actions.use_healing(state, item)
    return change_action(state, items=_toggle(state.action.items, item))


def _guard(state: State, item: str) -> State:
    return change_action(state, guards=_toggle(state.action.guards, item))


def _cancel(state: State, _arg: str) -> State:
    return replace(state, step=Step.ACTION, frames=(), roll=Roll.NONE)


def _pass(state: State, _arg: str) -> State:
    return flow.end_turn(say(state, why.passes(msg("{player} has nothing to do and passes.", player=state.player))))


def _claim_secret(state: State, _arg: str) -> State:
    """House rule ``instant_win_includes_secret`` (H-A5): a met secret counts toward 18 at once."""
    player = state.active
    state = replace(state, secret_met=put(state.secret_met, player, True))
    return scoring.add_points(state, player, hc.SECRET_POINTS, "secret victory")


def _secret(state: State, arg: str) -> State:
    return scoring.answer_secret(state, arg == "yes")


#: Each action's rule by its kind (``Game.handlers``: the engine clears the news, calls
#: ``HANDLERS[kind](state, rest)`` for an action it found legal now, then :func:`settled`).
HANDLERS = {
    "start": lambda state, _arg: flow.draw(state, Step.CHARACTER),
    "draw": _draw,
    "roll": _roll,
    "face": _face,
    "die": _die,
    Roll.INVESTIGATE: lambda state, _arg: actions.start_investigation(state),
    "play": actions.start_plot,
    "pick": actions.pick_up,
    "heal": lambda state, name: actions.start_heal(state, state.players.index(name)),
    Roll.ATTACK: combat.start_attack,
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
