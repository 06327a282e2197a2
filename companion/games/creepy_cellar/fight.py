"""Fights: the fight dice and what a roll beats.

notes.md 1.5 "Fight dice" (each die: 3 ghost faces, 2 haunting faces, 1 blank) and
"Fighting" (alone: one die, a ghost face removes a ghost; with another hunter in the room:
two dice; a haunting can be fought only with two hunters or more and needs a haunting face);
creepy-cellar.txt "Fighting Ghosts and Hauntings" (the Ghost King can never be fought).
Whether a haunting face also beats an ordinary ghost is UNKNOWN (notes.md 1.5): house rule
``haunting_face_beats_ghost``.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from itertools import product

from companion.games.creepy_cellar import components as cc
from companion.i18n import msg

#: Face order used in outcome names.
FACES: tuple[str, ...] = ("ghost", "haunting", "blank")

#: Each face as the table reads it in the news (translatable messages).
FACE_NAMES = {"ghost": msg("ghost"), "haunting": msg("haunting"), "blank": msg("blank")}


def dice_outcomes(dice: int) -> tuple[tuple[str, int], ...]:
    """The results of rolling ``dice`` fight dice (1 or 2), as (name, weight) pairs.

    A name lists the faces in :data:`FACES` order joined by ``+`` (``"ghost+haunting"``);
    weights count ordered rolls, so they sum to 6 for one die and 36 for two.
    """
    weights: dict[tuple[str, ...], int] = {}
    for faces in product(FACES, repeat=dice):
        key = tuple(sorted(faces, key=FACES.index))
        weight = 1
        for face in faces:
            weight *= cc.FIGHT_DIE[face]
        weights[key] = weights.get(key, 0) + weight
    ordered = sorted(weights.items(), key=lambda item: [FACES.index(f) for f in item[0]])
    return tuple(("+".join(faces), weight) for faces, weight in ordered)


@dataclass(frozen=True)
class Beaten:
    """What one fight roll beats in a room."""

    ghosts: int
    hauntings: int


def beaten(faces: tuple[str, ...], ghosts: int, hauntings: int, hunters: int,
           haunting_face_beats_ghost: bool = False) -> Beaten:
    """What a roll of ``faces`` beats in a room.

    Args:
        faces: the faces rolled (one per die).
        ghosts, hauntings: pieces in the room (the King is not counted: he is never fought).
        hunters: hunters in the room (a haunting needs at least two).
        haunting_face_beats_ghost: the house rule: a haunting face that beats no haunting
            beats a ghost.

    Returns:
        Ghosts and hauntings beaten: each ghost face beats one ghost; with two hunters or
        more, each haunting face beats one haunting.
    """
    ghost_faces = faces.count("ghost")
    haunting_faces = faces.count("haunting")
    hauntings_beaten = min(haunting_faces, hauntings) if hunters >= 2 else 0
    spare = haunting_faces - hauntings_beaten if haunting_face_beats_ghost else 0
    return Beaten(min(ghost_faces + spare, ghosts), hauntings_beaten)


def fight_odds(ghosts: int, hauntings: int, hunters: int,
               haunting_face_beats_ghost: bool = False) -> tuple[Fraction, Fraction]:
    """The chance of a fight in a room, before the roll.

    Returns:
        (P(at least one piece beaten), P(every ghost and haunting beaten)), exact fractions.
    """
    dice = 1 if hunters < 2 else 2
    total = 6 ** dice
    any_beaten = cleared = 0
    for name, weight in dice_outcomes(dice):
        result = beaten(tuple(name.split("+")), ghosts, hauntings, hunters, haunting_face_beats_ghost)
        if result.ghosts or result.hauntings:
            any_beaten += weight
        if result.ghosts == ghosts and result.hauntings == hauntings:
            cleared += weight
    return Fraction(any_beaten, total), Fraction(cleared, total)
