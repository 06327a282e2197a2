"""Why a House of Spirits touch or tap picks nothing now, naming the rule (issue 19).

:func:`refusal` is the game's :attr:`~companion.engine.game.Game.refusal`: for a touch
of ``key`` or a tap of a card's ``component`` that the prompt does not offer, one sentence in
the players' words naming the rule ("Only one player investigates each round"), then what
the table is asked now. It never names a hidden card: a secret victory card tapped at any
moment is "a hidden card" (issue 19 item 14), and a card in a hand is "in a player's hand".
"""

from __future__ import annotations

from companion.engine.core import sentence
from companion.games.house_of_spirits import actions, combat
from companion.games.house_of_spirits import components as hc
from companion.games.house_of_spirits.prompts import prompt
from companion.games.house_of_spirits.state import State, Step
from companion.i18n import Msg, msg

#: The draw step each deck's cards come up at.
_STEP_OF_KIND = {"character": Step.CHARACTER, "room": Step.ROOM, "monster": Step.MONSTER, "plot": Step.PLOT,
                 "item": Step.MAIN, "event": Step.MAIN}


def refusal(state: State, key: str | None, component: str | None) -> Msg | None:
    """The rule that refuses ``key`` (a touch) or a tap of ``component`` now, with the prompt."""
    current = prompt(state)
    if current.over:
        return None
    why = _tap_reason(state, component) if component is not None else _key_reason(state, key or "")
    return msg("{why} {prompt}", why=why, prompt=sentence(current.text))


# --------------------------------------------------------------------------- taps


def _tap_reason(state: State, component: str) -> Msg:
    parts = component.split(":")
    kind, card = (parts[1], parts[2]) if len(parts) == 3 else ("", "")
    if kind == "secret":
        return _hidden(state)
    if card not in state.cards:
        return msg("The companion does not know that card.")
    if kind == "first-player":
        return msg("The First Player card is passed by hand: the companion is never told.")
    return _card_reason(state, card)


def _hidden(state: State) -> Msg:
    if state.round:
        return msg("A hidden card was tapped: secret victory cards are never read, nothing changed. "
                   "It is {player}'s turn.", player=state.player)
    return msg("A hidden card was tapped: secret victory cards are never read, nothing changed.")


def _card_reason(state: State, card: str) -> Msg:
    """A card of the deck being drawn that cannot come up now, or a card out of its step."""
    kind = state.card(card).kind
    due = _STEP_OF_KIND.get(kind)
    if due is None:
        return msg("The companion never draws that card.")
    if state.step != due and not (kind == "monster" and state.step == Step.MAIN):
        return msg("{card} is not due now: no {deck} card is drawn at this moment.", card=state.label(card),
                   deck=_deck_name(kind))
    if kind == "monster" and state.step == Step.MAIN:
        return _monster_in_main(state, card)
    where = _where(state, card)
    if where is not None:
        return msg("{card} cannot come up now: it {where}.", card=state.label(card), where=where)
    return msg("{card} is in the deck, but not next: cards put underneath come after the shuffled ones.",
               card=state.label(card))


def _monster_in_main(state: State, card: str) -> Msg:
    if not state.options["monsters_in_main_deck"]:
        return msg("{card} is a monster: monsters come only from the monster deck (house rule).",
                   card=state.label(card))
    if state.room and not state.card(state.room).skulls:
        return msg("The {room} has no chance of monster attacks: no monster is laid here.",
                   room=state.label(state.room))
    where = _where(state, card)
    return msg("{card} cannot come up now: it {where}.", card=state.label(card),
               where=where or msg("is not next in the monster deck"))


def _deck_name(kind: str) -> Msg:
    return {"character": msg("character"), "room": msg("room"), "monster": msg("monster"), "plot": msg("plot"),
            "item": msg("main-deck"), "event": msg("main-deck")}[kind]


def _where(state: State, card: str) -> Msg | None:
    """Where a card that is not in its deck is, in public words (never whose hand)."""
    checks = (
        (lambda: any(card in state.hand(p) for p in range(len(state.players))), msg("is in a player's hand")),
        (lambda: card in state.in_play, msg("is in play")),
        (lambda: card in state.main_discard, msg("is in the main discard pile")),
        (lambda: card == state.room, msg("is the room in play")),
        (lambda: card in state.room_discard, msg("is in the room discard pile")),
        (lambda: card in dict(state.attached).values(), msg("lies on a played plot card")),
        (lambda: card in state.plots_played, msg("has been played")),
        (lambda: card in state.characters, msg("is a player's character")),
        (lambda: card in state.monster_deck.bottom, msg("is at the bottom of the monster deck")),
        (lambda: card in state.plot_deck.bottom, msg("is at the bottom of the plot deck")),
    )
    return next((where for test, where in checks if test()), None)


# --------------------------------------------------------------------------- touches


def _key_reason(state: State, key: str) -> Msg:
    verb, _, arg = key.partition(":")
    reason = _KEYS.get(verb)
    found = reason(state, arg) if reason else None
    return found or _step_reason(state)


def _step_reason(state: State) -> Msg:
    """The step the game is at, as the rule that says what comes first."""
    if state.step in (Step.ROLL, Step.DIE):
        return msg("A die is due first: roll it.")
    if state.step == Step.ACTION:
        return msg("That is not one of {player}'s actions now: each turn a player takes exactly one action.",
                   player=state.player)
    if state.step == Step.DISCARD:
        return msg("A player over the hand limit discards down to {limit} first.", limit=hc.HAND_LIMIT)
    if state.step == Step.TALLY:
        return msg("Every plot card is played: only the secret victory tally is left.")
    if state.step == Step.START:
        return msg("The decks are shuffled first.")
    if state.step == Step.PLOT_ITEM:  # not a draw (the refusal once said one was)
        return msg("{player} declares the plot item first, before the roll.", player=state.player)
    if state.step == Step.HEAL:
        return msg("{player} plays healing cards first, or does something else.", player=state.player)
    # a draw the table sees is a physical one (the session draws a virtual card itself)
    return msg("A card is being drawn first: tap it on the reader.")


def _forced(state: State) -> Msg | None:
    if state.step == Step.ACTION and combat.attack_targets(state)[1]:
        return msg("Every monster must be attacked this round: {player} must attack one.", player=state.player)
    return None


def _investigate(state: State, _arg: str) -> Msg | None:
    if state.step != Step.ACTION:
        return None
    if state.investigated:
        return msg("Only one player investigates each round, and someone already has.")
    if not state.plot_deck:
        return msg("The plot deck is empty: there is nothing left to investigate.")
    return _forced(state)


def _play(state: State, plot: str) -> Msg | None:
    if state.step != Step.ACTION or plot not in state.cards or plot not in state.hand(state.active):
        return None
    card = state.card(plot)
    if state.gained(state.active, plot) >= state.round:
        return msg("A plot card cannot be played in the round it was gained.")
    if card.rooms and state.room not in card.rooms:
        return msg("{card} can be played only in one of the rooms it lists.", card=state.label(plot))
    if card.items and not actions.plot_items(state, state.active, plot):
        return msg("{card} needs one of the items it lists in the hand.", card=state.label(plot))
    return _forced(state)


def _pick(state: State, card: str) -> Msg | None:
    if state.step != Step.ACTION or card not in state.cards:
        return None
    if card not in state.in_play:
        return msg("{card} is not in play: only cards laid out in this room can be picked up.",
                   card=state.label(card))
    if state.card(card).kind == "monster":
        return msg("A monster cannot be picked up: it must be attacked.")
    return _forced(state)


def _heal(state: State, name: str) -> Msg | None:
    if state.step != Step.ACTION or name not in state.players:
        return None
    target = state.players.index(name)
    if not actions.healing_cards(state, state.active):
        return msg("Healing needs a healing card gained before this round.")
    if state.dead[target]:
        return msg("{player} is dead and comes back at full health next round.", player=name)
    if not state.wounds[target]:
        return msg("Healing cards can't be played on characters that have full health.")
    return _forced(state)


def _attack(state: State, monster: str) -> Msg | None:
    if state.step != Step.ACTION:
        return None
    if monster not in state.monsters():
        return msg("There is no such monster in play.")
    return msg("Every monster must be attacked this round: attack one nobody has attacked yet.")


def _pass(state: State, _arg: str) -> Msg | None:
    if state.step == Step.ACTION:
        return msg("Passing is only for a player with nothing to do: each turn a player takes one action.")
    return None


def _die(state: State, _arg: str) -> Msg | None:
    if state.step not in (Step.ROLL, Step.DIE):
        return msg("No die is due now: a face is entered only when a roll is asked for.")
    return None


def _items(state: State, _arg: str) -> Msg | None:
    if state.step not in (Step.ROLL, Step.HEAL):
        return msg("Items are chosen just before the roll they help.")
    return msg("That item does not help this roll, or it is not in the hand.")


def _discard(state: State, _arg: str) -> Msg | None:
    if state.step != Step.DISCARD:
        return msg("Only a player with more than {limit} cards discards.", limit=hc.HAND_LIMIT)
    return None


def _secret(state: State, _arg: str) -> Msg | None:
    if state.step != Step.TALLY:
        return msg("Secret victory conditions are told at the end, once every plot card has been played.")
    return None


def _claim(state: State, _arg: str) -> Msg | None:
    if not state.options["instant_win_includes_secret"]:
        return msg("Secret victory conditions count only in the final tally (house rule).")
    return msg("Only the player whose turn it is claims a secret victory, once.")


def _draw(state: State, card: str) -> Msg | None:
    if card in state.cards and state.card(card).kind == "secret":
        return _hidden(state)
    return _card_reason(state, card) if card in state.cards else None


_KEYS = {
    "investigate": _investigate, "play": _play, "pick": _pick, "heal": _heal, "attack": _attack,
    "pass": _pass, "roll": _die, "face": _die, "die": _die, "use": _items, "guard": _items, "keep": _items,
    "discard": _discard, "secret": _secret, "claim-secret": _claim, "draw": _draw,
    "start": lambda state, _arg: msg("The game has already started."),
    "item": lambda state, _arg: msg("A plot item is declared only when playing an item plot card."),
    "done": lambda state, _arg: (msg("Play at least one healing card first, or do something else.")
                                 if state.step == Step.HEAL
                                 else msg("Done is for healing, and no healing is under way.")),
    "cancel": lambda state, _arg: msg("There is nothing to take back now."),
}
