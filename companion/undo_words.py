"""What the table puts back when an input is undone (issue 26): the reverse of each physical
instruction (:func:`companion.i18n.todo` line) the input had given. Before, undo repeated
the instruction ("Undo on the table: Lock the blue doors: nobody moves through them.").

An instruction whose reverse can be said exactly has its own sentence, which its game gives
(:attr:`~companion.engine.game.Game.undo_sentences`, by the instruction's message id, with
its parameters: "Lock the {doors}: ..." -> "Unlock the {doors}."). Every other one gets its
kind's reverse (:func:`_by_kind`: place -> take back, move -> move back, ...), followed by
the instruction it undoes ("It said: ...").
Every line is a ``return`` todo line, shown large like the instruction was.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from companion.i18n import NewsLine, todo

#: A game's exact reverse of one of its instructions, from the instruction's parameters; None
#: when the game's own step (:attr:`~companion.engine.game.Game.undo_steps`) says all of it
#: (a shuffle cannot be reversed by words alone: Creepy Cellar names the cards to take back out).
Reverse = Callable[[Mapping[str, Any]], NewsLine | None]


def reverse(line: NewsLine, exact_reverses: Mapping[str, Reverse] | None = None) -> NewsLine | None:
    """The instruction that takes ``line`` (a todo line) back on the table: its exact
    reverse among ``exact_reverses`` (the game's
    :attr:`~companion.engine.game.Game.undo_sentences`, by message id), else its kind's;
    None: nothing to say for it here."""
    exact = (exact_reverses or {}).get(line.text.msgid)
    if exact is not None:
        return exact(line.text.params)
    return _by_kind(line.todo, line)


def _by_kind(kind: str | None, step: NewsLine) -> NewsLine:
    return BY_KIND.get(kind or "", _other)(step)


def _other(step: NewsLine) -> NewsLine:
    return todo("return", "Undo this on the table. It said: {step}", step=step)


#: Each kind's reverse, followed by the instruction it takes back (``return`` and ``other``:
#: :func:`_other`, no general reverse fits them).
BY_KIND: dict[str, Callable[[NewsLine], NewsLine]] = {
    "setup": lambda step: todo("return", "Undo this set-up step if it was done. It said: {step}", step=step),
    "place": lambda step: todo("return", "Take back what was put down. It said: {step}", step=step),
    "move": lambda step: todo("return", "Move it back where it was. It said: {step}", step=step),
    "remove": lambda step: todo("return", "Put back what was taken away. It said: {step}", step=step),
    "flip": lambda step: todo("return", "Turn it back the way it was. It said: {step}", step=step),
    "lock": lambda step: todo("return", "Put the doors back the way they were. It said: {step}", step=step),
    "deal": lambda step: todo("return", "Take back the cards that were dealt. It said: {step}", step=step),
    "out": lambda step: todo("return", "Who went out is back in the game. It said: {step}", step=step),
}
