"""What Lantern Hunt asks of the table next."""

from __future__ import annotations

from companion.engine.core import Chance, Choice, Outcome, Prompt
from companion.engine.ending import Ending
from companion.i18n import msg, press_or_touch

from .state import State

ROLL = msg("Roll the die")
FACES = tuple(Outcome(str(face), f"die:{face}") for face in range(1, 7))


def prompt(state: State) -> Prompt:
    """The game over, the die to roll, the roll itself (a chance node), or End turn."""
    if state.outcome is not None:
        return Prompt(msg("{player} lit every lantern and wins.", player=state.outcome), over=True)
    if state.step == "rolling":
        return Prompt(msg("{player} rolls the die", player=state.player), state.player,
                      chance=Chance("die", FACES))
    if state.step == "roll":
        text = press_or_touch(msg("{player}: press the dice button", player=state.player),
                              msg("{player}: touch “{button}”", player=state.player, button=ROLL))
        return Prompt(text, state.player, (Choice("roll", ROLL, button="dice", main=True),))
    return Prompt(msg("{player}: end your turn", player=state.player), state.player,
                  (Choice("end-turn", msg("End turn"), main=True),))


def ending(state: State) -> Ending | None:
    """How the game ended, as structure for the game-over panel: the winner."""
    return None if state.outcome is None else Ending("won", (state.outcome,))


def refusal(state: State, key: str | None, component: str | None) -> str | None:
    """Why ``key`` is not legal now, naming the rule (a turn is one roll, then End turn)."""
    if state.step == "end" and key == "roll":
        return msg("One roll a turn: {player} has rolled; touch End turn.", player=state.player)
    if state.step == "roll" and key == "end-turn":
        return msg("A turn is one roll: {player} rolls the die before ending the turn.", player=state.player)
    return None
