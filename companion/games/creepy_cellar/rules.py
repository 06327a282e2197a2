"""Creepy Cellar rules for the walking skeleton: the movement die, the Ghost deck, the
Ghost King and hauntings.

Rulebook: ``creepy-cellar.txt`` ("Let's Play", "Ghost Cards", "Object of the Game") plus
the base game facts in ``notes.md`` 1.5. Every ambiguity is a named house rule
(:data:`OPTIONS`, notes.md 3.E). Treasures, cellar cards and fights arrive with issue 4:
the table reports a won fight with ``remove-ghost:X`` / ``remove-haunting:X``.

Decks are modelled as multisets: drawing the top card of a shuffled deck is a chance
outcome weighted by how many copies of each card remain, so a "shuffle" only returns the
discards to the deck and every draw is recorded in the event log.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any

from companion.engine.core import Chance, Choice, Outcome, Prompt, sentence
from companion.errors import RuleViolation
from companion.games.creepy_cellar import components as cc


class Step(StrEnum):
    """Where the turn stands ("Quick Reference": Turn Order)."""

    ROLL = "roll"  # waiting for the dice button
    DIE = "die"  # chance: the movement die
    REVEAL = "reveal"  # a Ghost card is due (chance, or a tap in physical mode)
    KING = "king"  # a Ghost King card is due (chance, or a tap)
    MOVE = "move"  # the table moves, fights, then ends the turn
    CONFIRM_WIN = "confirm-win"  # "We won!" was touched: the game ends only when confirmed
    OVER = "over"


@dataclass(frozen=True)
class State:
    """The whole Creepy Cellar game. Immutable; :func:`apply` returns a new one.

    Attributes:
        players: names in turn order.
        options: resolved options (see :data:`OPTIONS`).
        active: index of the active player.
        turn: turns started so far, 1-based.
        step: where the turn stands.
        die: last movement die face (1–6) or None before the first roll.
        draws_left: Ghost cards still to flip in this reveal.
        reshuffle_after: a Draw N + Shuffle card is being resolved; reshuffle when done.
        king_for: the card that asked for a Ghost King card (``rogue-ghost``/``trap-door``).
        ghosts, hauntings: per room, in :data:`~components.ROOMS` order.
        king: the Ghost King's room letter, or None while he is off the board.
        locked: the locked door colour, or None.
        ghost_deck, ghost_discard, king_deck, king_discard: sorted card names.
        outcome: None, ``"won"`` or ``"lost"``.
        news: what the last applied action did, as sentences for the table.
    """

    players: tuple[str, ...]
    options: Mapping[str, Any]
    ghost_deck: tuple[str, ...]
    king_deck: tuple[str, ...]
    ghosts: tuple[int, ...]
    hauntings: tuple[int, ...]
    active: int = 0
    turn: int = 1
    step: Step = Step.ROLL
    die: int | None = None
    draws_left: int = 0
    reshuffle_after: bool = False
    king_for: str | None = None
    king: str | None = None
    locked: str | None = None
    ghost_discard: tuple[str, ...] = ()
    king_discard: tuple[str, ...] = ()
    outcome: str | None = None
    news: tuple[str, ...] = ()

    @property
    def player(self) -> str:
        """The active player's name."""
        return self.players[self.active]

    @property
    def total_hauntings(self) -> int:
        """Hauntings on the board."""
        return sum(self.hauntings)

    @property
    def physical(self) -> bool:
        """True when the table draws real cards and taps them (option ``ghost_deck``)."""
        return self.options["ghost_deck"] == "physical"


def setup(players: Sequence[str], options: Mapping[str, Any]) -> State:
    """A new game: one ghost in C, F, I and L; both decks full (notes.md 1.5 "Setup").

    Args:
        players: 1–4 distinct names in turn order.
        options: resolved options (:func:`companion.engine.resolve_options`).

    Raises:
        RuleViolation: no players, more than 4, or a repeated name.
    """
    if not 1 <= len(players) <= 4:
        raise RuleViolation(f"Creepy Cellar is for 1 to 4 players, not {len(players)}.")
    if len(set(players)) != len(players):
        raise RuleViolation("Each player needs a different name.")
    ghosts = tuple(1 if room in cc.START_GHOSTS else 0 for room in cc.ROOMS)
    return State(
        players=tuple(players),
        options=dict(options),
        ghost_deck=cc.ghost_deck(options["rogue_ghost"]),
        king_deck=cc.king_deck(),
        ghosts=ghosts,
        hauntings=(0,) * len(cc.ROOMS),
        news=(f"Place one ghost in each of rooms {', '.join(cc.START_GHOSTS)}.",),
    )


# --------------------------------------------------------------------------- prompt


def prompt(state: State) -> Prompt:
    """What the table does next (see :class:`Step`)."""
    builders = {
        Step.ROLL: _roll_prompt,
        Step.DIE: _die_prompt,
        Step.REVEAL: _reveal_prompt,
        Step.KING: _king_prompt,
        Step.MOVE: _move_prompt,
        Step.CONFIRM_WIN: _confirm_win_prompt,
        Step.OVER: _over_prompt,
    }
    return builders[state.step](state)


def _roll_prompt(state: State) -> Prompt:
    roll = Choice("roll", "Roll the die", button="dice")
    return Prompt(f"{state.player}: press the dice button", state.player, (roll,))


def _die_prompt(state: State) -> Prompt:
    faces = tuple(Outcome(str(face), f"die:{face}") for face in range(1, 7))
    return Prompt(f"{state.player} rolls the movement die", state.player,
                  chance=Chance("movement_die", faces))


def _deck_draw(state: State, deck: tuple[str, ...], source: str, text: str, component) -> Prompt:
    counts = Counter(deck)
    if state.physical:
        choices = tuple(
            Choice(f"{source}:{card}", cc.card_label(card), component=component(card))
            for card in sorted(counts)
        )
        return Prompt(text, state.player, choices)
    outcomes = tuple(Outcome(card, f"{source}:{card}", n) for card, n in sorted(counts.items()))
    return Prompt(text, state.player, chance=Chance(source, outcomes))


def _reveal_prompt(state: State) -> Prompt:
    text = f"{state.player}: flip the top Ghost card and tap it on the reader"
    return _deck_draw(state, state.ghost_deck, "ghost", text, cc.ghost_component)


def _king_prompt(state: State) -> Prompt:
    text = f"{state.player}: flip the top Ghost King card and tap it on the reader"
    return _deck_draw(state, state.king_deck, "king", text, cc.king_component)


def _move_prompt(state: State) -> Prompt:
    choices = [Choice("end-turn", "End turn")]
    for index, room in enumerate(cc.ROOMS):
        if state.ghosts[index]:
            choices.append(Choice(f"remove-ghost:{room}", f"Ghost beaten in {room}"))
    for index, room in enumerate(cc.ROOMS):
        if state.hauntings[index]:
            choices.append(Choice(f"remove-haunting:{room}", f"Haunting beaten in {room}"))
    choices.append(Choice("declare-win", "We won!"))
    locked = f" ({state.locked} doors are locked)" if state.locked else ""
    text = f"{state.player}: move up to {state.die}{locked}, fight, then End turn"
    return Prompt(text, state.player, tuple(choices))


def _confirm_win_prompt(state: State) -> Prompt:
    choices = (Choice("confirm-win", "Yes, we won!"), Choice("cancel-win", "Not yet"))
    text = "Are all the treasures in the cellar and every hunter out of the castle?"
    return Prompt(text, state.player, choices)


def _over_prompt(state: State) -> Prompt:
    if state.outcome == "won":
        return Prompt("The game is over: the hunters won!", over=True)
    return Prompt(
        f"The game is over: {cc.HAUNTING_LIMIT} hauntings are on the board and the hunters lost.",
        over=True,
    )


# --------------------------------------------------------------------------- apply


def apply(state: State, action: str) -> State:
    """Apply one action (a choice key or a chance outcome key).

    Raises:
        RuleViolation: the game is over, or ``action`` is not allowed now.
    """
    current = prompt(state)
    if current.over:
        raise RuleViolation("The game is over.")
    legal = {c.key for c in current.choices}
    if current.chance:
        legal |= {o.key for o in current.chance.outcomes}
    if action not in legal:
        raise RuleViolation(f"Not now. {sentence(current.text)}")
    kind, _, arg = action.partition(":")
    handler = _HANDLERS[kind]
    return handler(replace(state, news=()), arg)


def _roll(state: State, _arg: str) -> State:
    return replace(state, step=Step.DIE)


def _die(state: State, arg: str) -> State:
    """Movement die: faces 1–5 show a ghost icon, 6 does not (notes.md 1.5)."""
    face = int(arg)
    state = _say(replace(state, die=face), f"{state.player} rolled {face}.")
    if face == 6:
        return _say(replace(state, step=Step.MOVE), "A 6: no Ghost card this turn.")
    return _continue_reveal(replace(state, draws_left=1))


def _ghost(state: State, card: str) -> State:
    """Flip one Ghost card and resolve it ("Ghost Cards")."""
    deck, discard = _discard(state.ghost_deck, state.ghost_discard, card)
    state = replace(state, ghost_deck=deck, ghost_discard=discard, draws_left=state.draws_left - 1)
    state = _say(state, f"Drawn: {cc.card_label(card)}.")
    if not state.ghost_deck:
        state = _reshuffle_ghosts(state, "The Ghost deck is empty: shuffle its discards into a new deck.")
    state = _resolve_ghost_card(state, card)
    if state.step in (Step.KING, Step.OVER):
        return state
    return _continue_reveal(state)


def _resolve_ghost_card(state: State, card: str) -> State:
    if card.startswith("room-"):
        return _add_ghost(state, card[5:])
    if card.endswith("-doors-locked"):
        colour = card.split("-")[0]
        unlocked = f" The {state.locked} doors unlock." if state.locked not in (None, colour) else ""
        return _say(replace(state, locked=colour),
                    f"Lock the {colour} doors: nobody moves through them.{unlocked}")
    if card == "shuffle":
        return _shuffle_card(state)
    if card in cc.DRAW_SHUFFLE:
        return _draw_shuffle_card(state, card)
    if card in ("rogue-ghost", "trap-door"):
        return replace(state, step=Step.KING, king_for=card)
    raise AssertionError(f"unhandled ghost card {card}")


def _shuffle_card(state: State) -> State:
    """Shuffle card: both decks take back their discards; doors unlock (notes.md 1.5)."""
    if state.reshuffle_after:
        return _say(state, "A Shuffle card during a Draw + Shuffle is ignored.")
    state = _reshuffle_ghosts(state, "Shuffle the Ghost deck and the Ghost King deck with their discards.")
    state = replace(state, king_deck=_shuffled_back(state.king_deck, state.king_discard), king_discard=())
    return _unlock(state)


def _draw_shuffle_card(state: State, card: str) -> State:
    """Draw N + Shuffle: flip N more cards, then shuffle ("Draw 2 and Draw 3 + Shuffle")."""
    if state.reshuffle_after:
        return _say(state, f"A {cc.card_label(card)} during a Draw + Shuffle is ignored.")
    extra = cc.DRAW_SHUFFLE[card]
    state = replace(state, draws_left=state.draws_left + extra, reshuffle_after=True)
    return _say(state, f"Flip {extra} more Ghost cards, then shuffle.")


def _continue_reveal(state: State) -> State:
    if state.draws_left > 0:
        return replace(state, step=Step.REVEAL)
    if state.reshuffle_after:
        state = _reshuffle_ghosts(replace(state, reshuffle_after=False),
                                  "Shuffle all Ghost cards back into the deck.")
        if state.options["draw_shuffle_unlocks"]:
            state = _unlock(state)
    return replace(state, step=Step.MOVE)


def _king(state: State, card: str) -> State:
    """Flip one Ghost King card for a Rogue Ghost (house rule) or a Trap Door card."""
    room = card[5:]
    king_deck, king_discard = _discard(state.king_deck, state.king_discard, card)
    if not king_deck:  # "If the Ghost King deck is ever empty, shuffle the discards"
        king_deck, king_discard = king_discard, ()
    state = replace(state, king_deck=king_deck, king_discard=king_discard, step=Step.MOVE)
    if state.king_for == "trap-door":
        state = _say(state, f"Trap door! {state.player}: move your hunter to room {room} now.")
    else:
        state = _move_king(_say(state, f"The Ghost King moves to room {room}."), room)
    state = replace(state, king_for=None)
    if state.step == Step.OVER:
        return state
    return _continue_reveal(state)


def _remove_ghost(state: State, room: str) -> State:
    index = cc.ROOMS.index(room)
    ghosts = _set(state.ghosts, index, state.ghosts[index] - 1)
    return _say(replace(state, ghosts=ghosts), f"A ghost in room {room} was beaten: take it off the board.")


def _remove_haunting(state: State, room: str) -> State:
    index = cc.ROOMS.index(room)
    hauntings = _set(state.hauntings, index, state.hauntings[index] - 1)
    return _say(replace(state, hauntings=hauntings), f"The haunting in room {room} was beaten: take it off the board.")


def _end_turn(state: State, _arg: str) -> State:
    active = (state.active + 1) % len(state.players)
    state = replace(state, active=active, turn=state.turn + 1, step=Step.ROLL)
    return _say(state, f"{state.player}'s turn.")


def _declare_win(state: State, _arg: str) -> State:
    """The table says it won; the game ends only after :func:`_confirm_win` (a mis-touch
    must not end the game, since nothing can be undone after the end)."""
    return replace(state, step=Step.CONFIRM_WIN)


def _confirm_win(state: State, _arg: str) -> State:
    """"Once all Treasures are safely placed in the cellar and all players have exited the
    castle, everyone wins!" ("Winning the Game")."""
    return _say(replace(state, outcome="won", step=Step.OVER), "Everyone is out of the castle: the hunters win!")


def _cancel_win(state: State, _arg: str) -> State:
    return replace(state, step=Step.MOVE)


_HANDLERS = {
    "roll": _roll,
    "die": _die,
    "ghost": _ghost,
    "king": _king,
    "end-turn": _end_turn,
    "remove-ghost": _remove_ghost,
    "remove-haunting": _remove_haunting,
    "declare-win": _declare_win,
    "confirm-win": _confirm_win,
    "cancel-win": _cancel_win,
}


# --------------------------------------------------------------------------- ghosts


def _add_ghost(state: State, room: str) -> State:
    """Place a ghost; three in a room become a haunting; two with the King become one too.

    notes.md 1.5 "Ghost placement"; "Ghost King card" ("If the Ghost King is ever in a room
    with 2 other ghosts"); house rule ``haunting_overflow`` (notes.md 3.E F-A11).
    """
    index = cc.ROOMS.index(room)
    if state.hauntings[index] and state.options["haunting_overflow"] == "next_room":
        target = cc.next_room(room, "wrap")
        state = _say(state, f"Room {room} already holds a haunting: the ghost goes on to room {target}.")
        return _add_ghost(state, target)
    state = _say(state, f"Place a ghost in room {room}.")
    count = state.ghosts[index] + 1
    state = replace(state, ghosts=_set(state.ghosts, index, count))
    if count >= cc.GHOSTS_PER_HAUNTING:
        return _haunt(state, room, cc.GHOSTS_PER_HAUNTING,
                      f"Three ghosts in room {room} become a haunting: swap them for a haunting.")
    if state.king == room and count >= cc.KING_HAUNTING_GHOSTS:
        return _king_haunting(state, room)
    return state


def _move_king(state: State, room: str) -> State:
    state = replace(state, king=room)
    if state.ghosts[cc.ROOMS.index(room)] >= cc.KING_HAUNTING_GHOSTS:
        return _king_haunting(state, room)
    return state


def _king_haunting(state: State, room: str) -> State:
    """The King and two ghosts: the ghosts become a haunting, the King moves on (F-A6, F-A7)."""
    state = _haunt(state, room, cc.KING_HAUNTING_GHOSTS,
                   f"The Ghost King and two ghosts in room {room}: swap the ghosts for a haunting.")
    if state.step == Step.OVER:
        return state
    target = cc.next_room(room, state.options["king_wrap"])
    return _move_king(_say(state, f"The Ghost King moves on to room {target}."), target)


def _haunt(state: State, room: str, ghosts_used: int, sentence: str) -> State:
    index = cc.ROOMS.index(room)
    state = replace(
        state,
        ghosts=_set(state.ghosts, index, state.ghosts[index] - ghosts_used),
        hauntings=_set(state.hauntings, index, state.hauntings[index] + 1),
    )
    state = _say(state, sentence)
    if state.total_hauntings >= cc.HAUNTING_LIMIT:
        return _say(replace(state, outcome="lost", step=Step.OVER),
                    f"That is haunting number {cc.HAUNTING_LIMIT}: the Ghost King wins.")
    return state


# --------------------------------------------------------------------------- helpers


def _reshuffle_ghosts(state: State, sentence: str) -> State:
    deck = _shuffled_back(state.ghost_deck, state.ghost_discard)
    return _say(replace(state, ghost_deck=deck, ghost_discard=()), sentence)


def _unlock(state: State) -> State:
    if state.locked is None:
        return state
    return _say(replace(state, locked=None), f"Unlock the {state.locked} doors.")


def _say(state: State, sentence: str) -> State:
    return replace(state, news=state.news + (sentence,))


def _discard(deck: tuple[str, ...], discard: tuple[str, ...], card: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Move one copy of ``card`` from ``deck`` to ``discard`` (both kept sorted)."""
    index = deck.index(card)
    return deck[:index] + deck[index + 1:], tuple(sorted(discard + (card,)))


def _shuffled_back(deck: tuple[str, ...], discard: tuple[str, ...]) -> tuple[str, ...]:
    """A deck that took back its discards (a multiset: shuffling is the next draw's chance)."""
    return tuple(sorted(deck + discard))


def _set(values: tuple[int, ...], index: int, value: int) -> tuple[int, ...]:
    return values[:index] + (value,) + values[index + 1:]
