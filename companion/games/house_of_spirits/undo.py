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

from companion.games.house_of_spirits.prompts import setup_player
from companion.games.house_of_spirits.state import State, Step
from companion.i18n import NewsLine, ntodo, todo

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
    "{n} plot card goes to the bottom of the plot deck.":
        lambda p: ntodo("return", "Take the bottom plot card back into the hand it came from.",
                        "Take the bottom plot cards back into the hand they came from.", "n", **p),
})

#: The draw step -> the drawn card's way back to the top of the deck it came off.
_DECKS: dict[Step, Callable[[Any], NewsLine]] = {
    Step.CHARACTER: lambda card: todo("return", "Put {card} back on top of the character deck.", card=card),
    Step.ROOM: lambda card: todo("return", "Put {card} back on top of the room deck.", card=card),
    Step.MONSTER: lambda card: todo("return", "Put {card} back on top of the monster deck.", card=card),
    Step.MAIN: lambda card: todo("return", "Put {card} back on top of the main deck.", card=card),
}


def undo_steps(state: State, action: str) -> tuple[NewsLine, ...]:
    """The reverse of the table's own step for ``action`` played on ``state``; () for an
    action with none (a die, a choice on the screen, a card the companion drew)."""
    kind, _, rest = action.partition(":")
    if kind == "draw" and state.options["decks"] == "physical" and state.step in _DECKS:
        return (_DECKS[state.step](state.label(rest)),)
    if kind == "draw" and state.step == Step.CHARACTER:  # the companion drew it: the player took that card
        return (todo("return", "{player}: put {card} back into the character deck.",
                     player=state.players[setup_player(state)], card=state.label(rest)),)
    if kind == "use" and state.step == Step.HEAL:
        return (todo("return", "{player}: take the healing card you played back into your hand.",
                     player=state.player),)
    return ()
