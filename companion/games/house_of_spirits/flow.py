"""The shape of a game: setup draws, the roll-off, rounds, exploring, refilling, turns.

Rulebook sections: "Game Setup", "Sequence of Play", "Determine Player Order",
"Exploring", "Pick up a card" (cards in play), "Heal himself or another player" (back at
full health next round).
"""

from __future__ import annotations

from typing import Any

from companion.engine import frozen
from companion.engine.draft import replace, say
from companion.engine.tuples import put, without
from companion.engine.words import and_names, commas
from companion.games.house_of_spirits import why
from companion.games.house_of_spirits.card_data import Card
from companion.games.house_of_spirits.state import Roll, State, Step
from companion.i18n import NewsLine, msg, nmsg, spoken_as, todo

# --------------------------------------------------------------------------- draws


def possible_draws(state: State) -> tuple[tuple[str, int], ...]:
    """(card, weight) for the draw due at ``state.step`` (a multiset: weight = copies left);
    :attr:`State.draws`, worked out once a state (the settling, then the prompt)."""
    return state.draws


def draw(state: State, step: Step) -> State:
    """Ask for the next card at ``step``: a pending draw. A card that is certain is drawn at
    once, before anyone is asked (:func:`certain_draw`, settled by ``rules.settled``)."""
    return replace(state, step=step)


def certain_draw(state: State) -> str | None:
    """The card the pending draw must give, when only one card can come; else None."""
    cards = possible_draws(state)
    return cards[0][0] if len(cards) == 1 else None


def request_roll(state: State, purpose: Roll, roller: int) -> State:
    """A 1D6 is due for ``purpose``, rolled by (or for) player ``roller``."""
    return replace(state, step=Step.ROLL, roll=purpose, roller=roller)


# --------------------------------------------------------------------------- setup


def after_character(state: State, player: int) -> State:
    """Next blind character draw, then the secret draws, then the roll-off ("Game Setup" 4–5)."""
    if player + 1 < len(state.players):
        return draw(state, Step.CHARACTER)
    if state.options["secret_cards"] == "companion":
        return draw(state, Step.SECRET)
    state = say(state, why.secret_draw(todo("deal", "Each player draws a secret victory card blindly and keeps it "
                                                    "hidden.")))
    return start_rolloff(state)


def after_secret(state: State) -> State:
    """Next blind secret victory draw, then the roll-off."""
    if any(secret is None for secret in state.secrets):
        return draw(state, Step.SECRET)
    line = msg("Each player has a secret victory card (kept by the companion, never shown).")
    return start_rolloff(say(state, why.secret_dealt(line)))


def start_rolloff(state: State) -> State:
    """Each player rolls 1D6 for the First Player card ("Determine Player Order")."""
    state = replace(state, rolloff=tuple((p, None) for p in range(len(state.players))))
    return request_roll(state, Roll.ROLLOFF, 0)


def on_rolloff(state: State, face: int) -> State:
    """Record a roll-off face; ties at the top roll again until someone wins."""
    rolls = tuple((p, face if p == state.roller else f) for p, f in state.rolloff)
    state = replace(state, rolloff=rolls)
    waiting = [p for p, f in rolls if f is None]
    if waiting:
        return request_roll(state, Roll.ROLLOFF, waiting[0])
    best = max(f for _, f in rolls if f is not None)  # everyone has rolled
    top = [p for p, f in rolls if f == best]
    if len(top) > 1:
        names = and_names(state.players[p] for p in top)
        state = say(state, why.rolloff_tie(msg("{names} tie with {face}: they roll again.", names=names, face=best),
                                           best))
        return request_roll(replace(state, rolloff=tuple((p, None) for p in top)), Roll.ROLLOFF, top[0])
    state = say(replace(state, first=top[0], rolloff=()),
                why.rolloff_won(msg("{player} rolled highest and takes the First Player card.",
                                    player=state.players[top[0]]), best))
    return start_round(state)


# --------------------------------------------------------------------------- rounds


def start_round(state: State) -> State:
    """A new round: the First Player card passes right, the dead come back, then explore
    (no monster in play) or refill ("Sequence of Play", "Exploring")."""
    n = len(state.players)
    first = state.first if state.round == 0 else (state.first + 1) % n
    state = replace(state, round=state.round + 1, first=first, turn=0, died=(), attacked=(),
                    investigated=False, frames=())
    state = say(state, why.new_round(todo("move", "Round {round}: {player} has the First Player card.",
                                          round=state.round, player=state.players[first]),
                                     state.round, state.players[first]))
    for player in range(n):
        if state.dead[player]:
            state = _revive(state, player)
    if not state.monsters():
        return explore(state)
    return refill(state)


def _revive(state: State, player: int) -> State:
    state = replace(state, dead=put(state.dead, player, False), wounds=put(state.wounds, player, 0))
    return say(state, why.revived(msg("{player} is back at full health.", player=state.players[player]),
                                  state.players[player]))


def explore(state: State) -> State:
    """Turn over a new room: cards left in play are discarded, the old room goes to the
    discard pile (or onto its room plot card), an empty room deck takes back its discards."""
    leftovers = state.in_play
    if leftovers:
        state = say(state, why.leftovers(todo("remove", "Cards nobody picked up go to the discard pile: {cards}.",
                                              cards=_names(state, leftovers)), len(leftovers)))
    state = replace(state, in_play=(), monster_health=(),
                    main_discard=tuple(sorted(state.main_discard + leftovers)))
    if state.room is not None:
        if state.room_plots:
            state = _lay_room_on_plots(state)
        else:
            state = replace(state, room_discard=state.room_discard + (state.room,))
        state = replace(state, room=None)
    if not state.room_deck:
        count, cards = len(state.room_discard), _labels(state, state.room_discard)
        state = replace(state, room_deck=state.room_deck.reshuffled(state.room_discard), room_discard=())
        state = say(state, why.rooms_reshuffled(todo("other", "The whole house is explored: shuffle the room "
                                                               "discards into a new room deck.", cards=cards, n=count),
                                                     count))
    return draw(state, Step.ROOM)


def _lay_room_on_plots(state: State) -> State:
    """"When the players move to the next room, the plot room card is placed on top of its
    associated plot card": every room plot played in this room (one or more) gets this
    room's card, which leaves the room cycle; the next room's card stays in it."""
    plots, room = state.room_plots, state.current_room
    state = replace(state, attached=state.attached + tuple((plot, room) for plot in plots), room_plots=())
    if len(plots) == 1:
        line = todo("place", "Put the {room} card on {plot}.", room=state.label(room), plot=state.label(plots[0]))
    else:
        line = todo("place", "Put the {room} card across {plots}: each was played in this room.",
                    room=state.label(room), plots=and_names(state.label(p) for p in plots))
    return say(state, why.room_on_plots(line, state.label(room), len(plots)))


def on_room(state: State, room: str) -> State:
    """The new room's skulls: each player rolls 1D6 for a monster ("Exploring")."""
    card = state.card(room)
    state = replace(state, room=room)
    if card.skulls == 0:
        first = state.round == 1 and not state.room_discard
        state = say(state, why.entered(msg("The party enters the {room}: no skulls, no monsters.", room=card.said),
                                       card.said, 0, first))
        return refill(state)
    state = say(state, why.entered(nmsg("The party enters the {room}: {skulls} skull; a roll of {skulls} or less "
                                        "brings a monster.",
                                        "The party enters the {room}: {skulls} skulls; a roll of {skulls} or less "
                                        "brings a monster.",
                                        "skulls", room=card.said, skulls=card.skulls), card.said, card.skulls))
    return next_monster_roll(replace(state, monster_rolls=state.order()))


def next_monster_roll(state: State) -> State:
    """The next player's monster roll, or the refill once everyone has rolled."""
    if not state.monster_rolls:
        return refill(state)
    player, rest = state.monster_rolls[0], state.monster_rolls[1:]
    return request_roll(replace(state, monster_rolls=rest), Roll.MONSTER, player)


def on_monster_roll(state: State, face: int) -> State:
    """A roll at or below the room's skulls turns over a monster card."""
    skulls = state.card(state.current_room).skulls
    name = state.players[state.roller]
    empty = face <= skulls and not state.monster_deck
    # made once for what it says (issue 35)
    line = why.LINES.get(("monster roll", name, face, skulls, empty), _monster_roll, name, face, skulls, empty)
    if face > skulls or empty:
        return next_monster_roll(say(state, line))
    return draw(say(state, line), Step.MONSTER)


def _monster_roll(name: str, face: int, skulls: int, empty: bool) -> NewsLine:
    if face > skulls:
        return why.monster_roll(msg("{player} rolled {face}: no monster.", player=name, face=face), face, skulls)
    if empty:
        line = msg("{player} rolled {face}, but the monster deck is empty.", player=name, face=face)
        return why.monster_roll(line, face, skulls, empty=True)
    return why.monster_roll(msg("{player} rolled {face}: a monster appears!", player=name, face=face), face, skulls)


def lay_monster(state: State, monster: str, from_main: bool = False) -> State:
    """A monster card goes into the play area at full health (``from_main``: laid as a main
    card, house rule ``monsters_in_main_deck``)."""
    card = state.card(monster)
    state = replace(state, in_play=state.in_play + (monster,),
                    monster_health=state.monster_health + ((monster, card.health),))
    line = _monster_in_play(card, from_main)
    # no moment of its own (issue 29 item 7): a monster laid is recalled when it is killed (or kills);
    # with one laid each round they took half of a game's moments
    return say(state, why.monster_laid(line, card.said, card.health, from_main, card.placeholder))


def _monster_in_play(card: Card, from_main: bool = False) -> NewsLine:
    """"Monster 8 (attack 4, defence 2, health 2) is in play.", or, while its numbers are the
    content file's placeholders (nobody entered the card's, :mod:`.content`), that the companion
    counts those and not the card's, and where the card's are entered (newcomer16: they were
    shown as facts); the voice then says only that they are placeholders, not the numbers.
    ``main`` (never shown): the deck it came off, for the undo's one line (words18)."""
    numbers = {"monster": card.said, "attack": card.attack, "defence": card.defence, "health": card.health,
               "main": int(from_main)}
    if not card.placeholder:
        return todo("place", "{monster} (attack {attack}, defence {defence}, health {health}) is in play.", **numbers)
    line = todo("place", "{monster} is in play with placeholder numbers: attack {attack}, defence {defence}, health "
                         "{health}. Enter your card's numbers in Card data for the next game.", **numbers)
    return spoken_as(line, msg("{monster} is in play, with placeholder numbers: health {health}.", monster=card.said,
                                 health=card.health))


def refill(state: State) -> State:
    """Draw main cards until one card per player is in play ("Exploring")."""
    if len(state.in_play) >= len(state.players):
        return begin_turns(state)
    if not possible_draws(frozen.replace(state, step=Step.MAIN)):  # a probe: a copy, never the action's own
        if state.main_discard:
            count, cards = len(state.main_discard), _labels(state, state.main_discard)
            state = replace(state, main_deck=tuple(sorted(state.main_deck + state.main_discard)), main_discard=())
            state = say(state, why.main_reshuffled(todo("other", "The main deck is empty: shuffle its discard pile "
                                                                 "into a new main deck.", cards=cards, n=count),
                                                   count))
        else:
            return begin_turns(say(state, why.main_empty(msg("The main deck is empty: no more cards are laid."))))
    return draw(state, Step.MAIN)


def on_main(state: State, card: str) -> State:
    """A main-deck card is laid face up (a monster under ``monsters_in_main_deck``)."""
    if state.card(card).kind == "monster":
        state = lay_monster(replace(state, monster_deck=state.monster_deck.take(card)), card, from_main=True)
    else:
        state = replace(state, in_play=state.in_play + (card,), main_deck=without(state.main_deck, card))
        state = say(state, why.laid_out(todo("place", "Laid out: {card}.", card=state.label(card)), state.label(card),
                                        len(state.in_play), len(state.players)))
    return refill(state)


# --------------------------------------------------------------------------- turns


def begin_turns(state: State) -> State:
    """The players take their turns, First Player first."""
    return turn_start(replace(state, turn=0))


def turn_start(state: State) -> State:
    """Start the turn at ``state.turn``; a dead character skips it (house rule
    ``death_skip``, notes 3.D H-A8) or comes back for it; after the last turn, a new round."""
    while state.turn < len(state.players):
        player = state.active
        if not state.dead[player]:
            return replace(state, step=Step.ACTION, frames=())
        if state.options["death_skip"] == "revive_at_turn":
            return replace(_revive(state, player), step=Step.ACTION, frames=())
        state = say(replace(state, turn=state.turn + 1),
                    why.dead_skips(msg("{player} is dead and skips this round.", player=state.players[player]),
                                   state.players[player]))
    return start_round(state)


def end_turn(state: State) -> State:
    """The active player's action is done; the next player's turn (or a new round)."""
    if state.step == Step.OVER:
        return state
    return turn_start(replace(state, turn=state.turn + 1, frames=()))


def _names(state: State, cards: tuple[str, ...]) -> str:
    return commas(state.label(card) for card in cards)


def _labels(state: State, cards: tuple[str, ...]) -> Any:
    """A shuffled pile's cards as the table names them ("Item 5, Item 7 and Wooden Stake"):
    unsaid by the shuffle, named when it is undone (undo.py)."""
    return and_names(state.label(card) for card in sorted(cards))

