"""What the table puts back of its own step when an input is undone
(:attr:`~companion.engine.game.Game.undo_steps`): the steps the table took before it tapped
or touched, which no news line told it to take, so the reverses of the news' instructions
miss them. Before, undoing a character card drawn from the real deck said only "Undone:
Character 6 (a tap on reader cards)." (session 16).

- ``draw`` (option ``decks = physical``): the card turned over from a real deck (the
  character drawn blindly, "Game Setup" 4; the next room card, "Exploring"; the top monster,
  main or plot card) goes back on top of that deck. The card was turned over for everyone:
  it is named.
  A plot card is not: the investigation's result line has its own reverse
  (:data:`UNDO_SENTENCES`), in either deck mode. With virtual decks a character drawn by the
  companion still goes back into the character deck ("Ada: put Kraig Quartzheim back into
  the character deck."; before: "Put back anything you moved for it.").
- ``use`` while healing: the healing card played from the hand; it goes back into the hand,
  unnamed (a hand is hidden).

The secret victory cards are never drawn from a real deck through the companion (option
``secret_cards = table``: the table draws them itself; ``companion``: the companion deals
them). Read from the state the input was played on and the action's own key, never from
the words of a news line.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any

from companion.games.house_of_spirits.prompts import drawn_by_table, setup_player
from companion.games.house_of_spirits.state import State, Step
from companion.i18n import NewsLine, ntodo, todo


def _monster_taken_back(p: Mapping[str, Any]) -> NewsLine:
    """A monster laid out (from the monster deck, or the main deck under a house rule: the
    line's unsaid ``main``), with its numbers or with the companion's placeholders: either
    line's reverse, the one line for it (words18: a tapped monster was told back twice, "…goes
    back to the deck it came from." and "Put Monster 6 back on top of the monster deck.")."""
    if "main" not in p:  # a line from before words18 (a resumed game's snapshot)
        return todo("return", "Take {monster} back out of the play area: its card goes back to the deck it came "
                    "from.", **p)
    if p["main"]:
        return todo("return", "Take {monster} back out of the play area and put its card on top of the main deck.",
                    **p)
    return todo("return", "Take {monster} back out of the play area and put its card on top of the monster deck.",
                **p)


#: The instructions whose reverse is said exactly when an input is undone (issue 26;
#: :mod:`companion.undo_words`): the instruction's message id -> its reverse, from its
#: parameters. Every other instruction gets its kind's reverse.
UNDO_SENTENCES: Mapping[str, Callable[[Mapping[str, Any]], NewsLine | None]] = MappingProxyType({
    # "Pick up a card": an item or event card laid face up in the play area.
    "{player} picks up {card}.": lambda p: todo("return", "{player}: put {card} back face up in the play area.", **p),
    # "Investigation": "If he has exceeded it, he gets to pick up the card. If he failed, the
    # card goes to the bottom of the plot deck." The plot deck is face down (Game Setup 2).
    "The plot card shows {score}, so {needed} or more was needed: {player} succeeds and takes {card}.":
        lambda p: todo("return", "{player}: put {card} back face down on top of the plot deck.", **p),
    "The plot card shows {score}, so {needed} or more was needed: the investigation fails; the card goes to the "
    "bottom of the plot deck.":
        lambda p: todo("return", "Take the bottom card of the plot deck and put it back on top, face down.", **p),
    # the same two on a placeholder score (words19)
    "The plot card's placeholder score is {score}, so {needed} or more was needed: {player} succeeds and takes "
    "{card}.":
        lambda p: todo("return", "{player}: put {card} back face down on top of the plot deck.", **p),
    "The plot card's placeholder score is {score}, so {needed} or more was needed: the investigation fails; the card "
    "goes to the bottom of the plot deck.":
        lambda p: todo("return", "Take the bottom card of the plot deck and put it back on top, face down.", **p),
    # "he loses 2 points and all his cards ... Any plot cards that were in his possession go to
    # the bottom of the plot deck. Other cards go to the discard pile of the main deck." (before:
    # "Who went out is back in the game. It said: ...": nobody went out).
    "The character of {player} dies: every card but the character and the secret victory card is lost.":
        lambda p: todo("return", "{player}: your character is alive again; take back the cards that went to the "
                       "main discard pile.", **p),
    "{monster} is killed; its card goes to the bottom of the monster deck.":
        lambda p: todo("return", "Take {monster} back from the bottom of the monster deck and lay it in the play area "
                       "again.", **p),
    # "Game Setup" 5: each player draws one blindly; never named (hidden).
    "Each player draws a secret victory card blindly and keeps it hidden.":
        lambda p: todo("return", "Each of you: put your secret victory card back into its deck without showing it.",
                       **p),
    # "Exploring": a main card laid out, face up, to one card per player (a real deck: tapped
    # off its top; virtual: the companion drew it); before: "Take back what was put down".
    "Laid out: {card}.":
        lambda p: todo("return", "Take {card} back out of the play area and put it on top of the main deck.", **p),
    # "These cards immediately go to the discard pile" (a new room is turned over).
    "Cards nobody picked up go to the discard pile: {cards}.":
        lambda p: todo("return", "Take these cards back from the main discard pile and lay them face up in the play "
                       "area again: {cards}.", **p),
    # "when the players move to the next room, the plot room card is placed on top of its
    # associated plot card": undone, it is the room the players are in again (session 17b).
    "Put the {room} card on {plot}.":
        lambda p: todo("return", "Take the {room} card back off {plot}: it is the room you are in again.", **p),
    "Put the {room} card across {plots}: each was played in this room.":
        lambda p: todo("return", "Take the {room} card back off {plots}: it is the room you are in again.", **p),
    # "the player must possess the item in question": the item card laid on the plot card played.
    "{card} is laid on the plot card.":
        lambda p: todo("return", "{player}: take {card} back off the plot card into your hand.", **p),
    # The First Player card passes right: said with the health on the scratch paper (undo_counts).
    "Round {round}: {player} has the First Player card.": lambda p: None,
    # A monster laid out (from the monster deck, or the main deck under a house rule).
    "{monster} (attack {attack}, defence {defence}, health {health}) is in play.": _monster_taken_back,
    "{monster} is in play with placeholder numbers: attack {attack}, defence {defence}, health {health}. Enter your "
    "card's numbers in Card data for the next game.": _monster_taken_back,
    # "any plot cards ... go to the bottom of the plot deck. Other cards go to the discard pile".
    "{player} discards {card}.":
        lambda p: todo("return", "{player}: take {card} back into your hand: from the bottom of the plot deck if it is "
                       "a plot card, else from the main discard pile.", **p),
    "{player} plays {card}.": lambda p: todo("return", "{player}: take {card} back into your hand.", **p),
    # A shuffle cannot be undone by words: the pile shuffled (public, face up) comes back out.
    "The main deck is empty: shuffle its discard pile into a new main deck.":
        lambda p: _unshuffled("main", p["cards"], p["n"]),
    "The whole house is explored: shuffle the room discards into a new room deck.":
        lambda p: _unshuffled("room", p["cards"], p["n"]),
    "{n} plot card goes to the bottom of the plot deck.":
        lambda p: ntodo("return", "Take the bottom plot card back into the hand it came from.",
                        "Take the bottom plot cards back into the hand they came from.", "n", **p),
})

#: The draw step -> the drawn card's way back to the top of the deck it came off.
_DECKS: dict[Step, Callable[[Any], NewsLine]] = {
    Step.CHARACTER: lambda card: todo("return", "Put {card} back on top of the character deck.", card=card),
    Step.ROOM: lambda card: todo("return", "Put {card} back on top of the room deck.", card=card),
}


def _unshuffled(deck: str, names: Any, n: int) -> NewsLine:
    """"The shuffle is undone: take these cards back out of the main deck ..." (named: the
    discard piles are face up)."""
    if deck == "room":
        return ntodo("return", "The shuffle is undone: take this card back out of the room deck and lay it face up on "
                               "its discard pile: {cards}.",
                     "The shuffle is undone: take these cards back out of the room deck and lay them face up on its "
                     "discard pile: {cards}.", "n", cards=names, n=n)
    return ntodo("return", "The shuffle is undone: take this card back out of the main deck and lay it face up on its "
                           "discard pile: {cards}.",
                 "The shuffle is undone: take these cards back out of the main deck and lay them face up on its "
                 "discard pile: {cards}.", "n", cards=names, n=n)


def undo_steps(state: State, action: str) -> tuple[NewsLine, ...]:
    """The reverse of the table's own step for ``action`` played on ``state``; () for an
    action with none (a die, a choice on the screen, a card the companion drew)."""
    kind, _, rest = action.partition(":")
    if kind == "draw" and state.step in (Step.MAIN, Step.MONSTER):
        return ()  # "Laid out: ..." and a monster's line have their own reverses, back on top of the deck
    if kind == "draw" and state.step in _DECKS and drawn_by_table(state):  # the table turned it over
        return (_DECKS[state.step](state.label(rest)),)
    if kind == "draw" and state.step == Step.CHARACTER:  # the companion drew it: the player took that card
        return (todo("return", "{player}: put {card} back into the character deck.",
                     player=state.players[setup_player(state)], card=state.label(rest)),)
    if kind == "use" and state.step == Step.HEAL:
        return (todo("return", "{player}: take the healing card you played back into your hand.",
                     player=state.player),)
    return ()


def undo_counts(before: State, after: State) -> tuple[NewsLine, ...]:
    """What the table keeps off the board, set back: the First Player card passed at a new
    round, and health. "Track these wounds with a piece of scratch paper" (characters) and
    "On a piece of scratch paper, track the number of health points that the monster has
    remaining" (monsters): the health each had before, where the input changed it (before,
    session 16: nothing; a newcomer's scratch paper kept the wound of an undone roll)."""
    lines = []
    if after.round > before.round >= 1 and after.first != before.first:
        lines.append(todo("return", "Give the First Player card back to {player}.",
                          player=before.players[before.first]))
    elif after.round > before.round == 0:  # "Determine Player Order": the highest roll took it
        lines.append(todo("return", "{player}: put the First Player card down again: the roll-off is not over.",
                          player=after.players[after.first]))
    for player, name in enumerate(before.players):
        if before.characters[player] and before.wounds[player] != after.wounds[player]:
            lines.append(todo("return", "{player}: set your health back to {health} of {max} on the scratch paper.",
                              player=name, health=before.max_health(player) - before.wounds[player],
                              max=before.max_health(player)))
    lines += _room_left(before, after)
    left = dict(after.monster_health)
    for monster, health in before.monster_health:
        if left.get(monster) != health:
            lines.append(todo("return", "Set the health of {monster} back to {health} on the scratch paper.",
                              monster=before.card(monster).said, health=health))
    return tuple(lines)


def _room_left(before: State, after: State) -> tuple[NewsLine, ...]:
    """The room the party left for a new one ("Exploring": it goes to the room discard pile,
    with no line of its own), laid out again as the room the party is in (words18). On a plot
    card instead, that line's own reverse says so."""
    room = before.room
    if room is None or after.room == room or room in dict(after.attached).values():
        return ()
    return (todo("return", "Take the {room} card back off the room discard pile: it is the room you are in again.",
                 room=before.card(room).said),)
