"""What the table puts back when an input is undone (issue 26): the reverse of each physical
instruction (:func:`companion.i18n.todo` line) the input had given. Before, undo repeated
the instruction ("Undo on the table: Lock the blue doors: nobody moves through them.").

An instruction whose reverse can be said exactly has its own sentence (:data:`REVERSES`,
by the instruction's message id, with its parameters: "Lock the {doors}: ..." -> "Unlock
the {doors}."). Every other one gets its kind's reverse (:func:`_by_kind`: place -> take
back, move -> move back, ...), followed by the instruction it undoes ("It said: ...").
Every line is a ``return`` todo line, shown large like the instruction was.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from companion.i18n import Msg, todo


def reverse(line: Msg) -> Msg:
    """The instruction that takes ``line`` (a todo line) back on the table."""
    exact = REVERSES.get(line.msgid)
    if exact is not None:
        return exact(line.params)
    return _by_kind(line.todo, line)


def _by_kind(kind: str | None, step: Msg) -> Msg:
    return BY_KIND.get(kind or "", _other)(step)


def _other(step: Msg) -> Msg:
    return todo("return", "Undo this on the table. It said: {step}", step=step)


#: Each kind's reverse, followed by the instruction it takes back (``return`` and ``other``:
#: :func:`_other`, no general reverse fits them).
BY_KIND: dict[str, Callable[[Msg], Msg]] = {
    "setup": lambda step: todo("return", "Undo this set-up step if it was done. It said: {step}", step=step),
    "place": lambda step: todo("return", "Take back what was put down. It said: {step}", step=step),
    "move": lambda step: todo("return", "Move it back where it was. It said: {step}", step=step),
    "remove": lambda step: todo("return", "Put back what was taken away. It said: {step}", step=step),
    "flip": lambda step: todo("return", "Turn it back the way it was. It said: {step}", step=step),
    "lock": lambda step: todo("return", "Put the doors back the way they were. It said: {step}", step=step),
    "deal": lambda step: todo("return", "Take back the cards that were dealt. It said: {step}", step=step),
    "out": lambda step: todo("return", "Who went out is back in the game. It said: {step}", step=step),
}

Reverse = Callable[[Mapping[str, Any]], Msg]

#: Instructions whose reverse is said exactly: message id -> the reverse, from its parameters.
REVERSES: dict[str, Reverse] = {
    # Creepy Cellar
    "Lock the {doors}: nobody moves through them.": lambda p: todo("return", "Unlock the {doors}.", **p),
    "Lock the {doors}: nobody moves through them. The {unlocked} unlock.":
        lambda p: todo("return", "Unlock the {doors} and lock the {unlocked} again.", **p),
    "Unlock the {doors}.": lambda p: todo("return", "Lock the {doors} again: nobody moves through them.", **p),
    "Place a ghost in room {room}.": lambda p: todo("return", "Take the ghost back off room {room}.", **p),
    "Take a ghost off room {room}.": lambda p: todo("return", "Put the ghost back in room {room}.", **p),
    "One ghost beaten in room {room}: take it off the board.":
        lambda p: todo("return", "Put the beaten ghost back in room {room}.", **p),
    "Two ghosts beaten in room {room}: take them off the board.":
        lambda p: todo("return", "Put the two beaten ghosts back in room {room}.", **p),
    "One haunting beaten in room {room}: take it off the board.":
        lambda p: todo("return", "Put the beaten haunting back in room {room}.", **p),
    "Two hauntings beaten in room {room}: take them off the board.":
        lambda p: todo("return", "Put the two beaten hauntings back in room {room}.", **p),
    "Three ghosts in room {room} become a haunting: swap them for a haunting.":
        lambda p: todo("return", "Swap the haunting in room {room} back for three ghosts.", **p),
    "The Ghost King and two ghosts in room {room}: swap the ghosts for a haunting.":
        lambda p: todo("return", "Swap the haunting in room {room} back for two ghosts.", **p),
    "The Ghost King and two ghosts in room {room}: place a haunting there.":
        lambda p: todo("return", "Take the haunting back off room {room}.", **p),
    "{player} drops off the {treasure} in cellar slot {slot}.":
        lambda p: todo("return", "{player} takes the {treasure} back from cellar slot {slot}.", **p),
    "{player} picks up the {treasure} in room {room}.":
        lambda p: todo("return", "{player} puts the {treasure} back in room {room}.", **p),
    "{player} puts the {treasure} down face-up in room {room}.":
        lambda p: todo("return", "{player} picks the {treasure} back up from room {room}.", **p),
    "{player} is out of the castle for good: from now on that hunter's turns only flip Ghost cards for the "
    "table.":
        lambda p: todo("return", "{player} is back in the castle.", **p),
    # Children: a ghost card's two sides
    "The crickets enrage {ghost} in the {room}: turn the card blue side up.":
        lambda p: todo("return", "Turn the card of {ghost} sepia side up again.", **p),
    "The {toy} stack reveals {ghost}: {ghost} is enraged in the {room}; turn the card blue side up.":
        lambda p: todo("return", "Turn the card of {ghost} sepia side up again.", **p),
    "{ghost} is calm again: turn the card sepia side up.":
        lambda p: todo("return", "Turn the card of {ghost} blue side up again.", **p),
    # Ghost at Home: the lights
    "Lightning! The light of the {floor} of {target}'s house goes off.":
        lambda p: todo("return", "Turn the light of the {floor} of {target}'s house back on.", **p),
    "{player} turns on the light of the {floor}.":
        lambda p: todo("return", "{player} turns the light of the {floor} off again.", **p),
    # CLUE: IT
    "Take the cards out of the envelope and show them to everyone.":
        lambda p: todo("return", "Put the cards back into the envelope.", **p),
}
