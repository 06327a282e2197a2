"""Creepy Cellar's explanations of its news lines (issue 33 item 1): each names the rulebook
section (the rule card's own section names, :mod:`companion.games.creepy_cellar.rulecard`)
and the inputs the decision used. The rules call these where they decide."""

from __future__ import annotations

from companion.engine.why import because
from companion.games.creepy_cellar import components as cc
from companion.games.creepy_cellar.rulecard import SECTIONS
from companion.i18n import Msg, NewsLine, msg

RULE = {str(section.name): section.name for section in SECTIONS}
PLAY, GHOST_CARDS, KING = RULE["Let's Play"], RULE["Ghost Cards"], RULE["Ghost King card"]
FIGHT, CURSED, LOST = RULE["Fighting Ghosts and Hauntings"], RULE["Cursed Treasures"], RULE["Winning the Game"]


def rolled(line: Msg | NewsLine, face: int) -> NewsLine:
    """"Ada rolled 4.": a 6 means no Ghost card, 1 to 5 flip one first."""
    if face == 6:
        text = msg("The movement die shows 6: no Ghost card is flipped this turn; move up to 6.")
    else:
        text = msg("The movement die shows {face}: a Ghost card is flipped first, then move up to {face}.",
                   face=face)
    return because(line, PLAY, text, face)


def cursed_die(line: Msg | NewsLine, face: int, moves: int) -> NewsLine:
    """A cursed treasure takes one off the movement die."""
    return because(line, CURSED, msg("The treasure carried takes 1 off the die: {face} becomes {moves}.",
                                     face=face, moves=moves), face, moves)


def drawn(line: Msg | NewsLine, card: str) -> NewsLine:
    """The Ghost card flipped."""
    label = cc.card_label(card)
    if card.startswith("room-"):
        text = msg("A room card puts a ghost in room {room}.", room=card[5:])
    elif card.endswith("-doors-locked"):
        text = msg("A Doors Locked card locks the doors of its colour until something unlocks them.")
    elif card == "rogue-ghost":  # the booklet gives it no rule: house rule rogue_ghost (notes 3.E F-A1)
        text = msg("With your house rules a Rogue Ghost card works as the Ghost King card: the top Ghost King card "
                   "names the room the King goes to.")
    elif card == "trap-door":
        text = msg("A Trap Door card sends you to the Ghost King deck: its top card names the room your hunter drops "
                   "into.")
    else:  # a Shuffle may still unlock doors: that line explains itself
        text = msg("A Shuffle or Draw + Shuffle card puts no ghost on the board itself: it changes the Ghost deck.")
    return because(line, GHOST_CARDS, text, label)


def placed(line: Msg | NewsLine, room: str, count: int) -> NewsLine:
    """A ghost placed in ``room``, now holding ``count``."""
    return because(line, GHOST_CARDS, msg("The card named room {room}, so a ghost goes there.", room=room),
                   room, count)


def three_ghosts(line: Msg | NewsLine, room: str) -> NewsLine:
    """Three ghosts in one room become a haunting."""
    return because(line, GHOST_CARDS, msg("A third ghost arrived in room {room}: three ghosts in one room become "
                                          "a haunting.", room=room), room, cc.GHOSTS_PER_HAUNTING)


def king_moves(line: Msg | NewsLine, room: str) -> NewsLine:
    """The Ghost King goes to the room its card names."""
    return because(line, KING, msg("The Ghost King card drawn names room {room}, so the King goes there.",
                                   room=room), room)


def king_haunting(line: Msg | NewsLine, room: str, ghosts: int) -> NewsLine:
    """The King and two ghosts in a room make a haunting."""
    return because(line, KING, msg("The Ghost King is in room {room} with {ghosts} other ghosts: the room becomes "
                                   "a haunting.", room=room, ghosts=ghosts), room, ghosts)


def king_moves_on(line: Msg | NewsLine, left: str, room: str) -> NewsLine:
    """After a haunting the King moves on to the next letter."""
    return because(line, KING, msg("Room {left} became a haunting, so the Ghost King moves on to the next letter: "
                                   "room {room}.", left=left, room=room), left, room)


def eighth(line: Msg | NewsLine, count: int) -> NewsLine:
    """The 8th haunting ends the game."""
    return because(line, LOST, msg("There are {count} hauntings on the board: at 8 the hunters lose.",
                                   count=count), count)


def fight_dice(line: Msg | NewsLine, faces: tuple[str, ...], names: list[str]) -> NewsLine:
    """The fight dice rolled."""
    return because(line, FIGHT, msg("Each fight die beats at most one ghost or haunting in your room, "
                                    "by the face it shows."), *names)


def beaten(line: Msg | NewsLine, piece: str, count: int, room: str, spare: int = 0) -> NewsLine:
    """Ghosts or hauntings the fight dice beat; ``spare``: ghosts beaten by a haunting face
    that beat no haunting (house rule ``haunting_face_beats_ghost``)."""
    if piece == "ghost" and spare == count:
        text = msg("With your house rules a haunting face that beats no haunting beats a ghost: {n} in room {room}.",
                   n=spare, room=room)
    elif piece == "ghost" and spare:
        text = msg("A ghost face on a fight die beats one ghost in room {room}; with your house rules a haunting "
                   "face that beats no haunting beats a ghost too: {n} of them.", n=spare, room=room)
    elif piece == "ghost":
        text = msg("A ghost face on a fight die beats one ghost in room {room}.", room=room)
    else:
        text = msg("A haunting face on a fight die beats one haunting in room {room}.", room=room)
    return because(line, FIGHT, text, room, count)


PASSAGES, DROP, CELLAR, JINXED = (RULE["Secret Passages"], RULE["Dropping Off a Treasure"], RULE["Cellar Cards"],
                                  RULE["Jinxed Item"])


def locked(line: Msg | NewsLine, card: str) -> NewsLine:
    """A Doors Locked card locks its colour."""
    return because(line, GHOST_CARDS, msg("A Doors Locked card was flipped: the doors of its colour lock, and only "
                                          "one colour is locked at a time."), cc.card_label(card))


def flip_more(line: Msg | NewsLine, card: str, extra: int) -> NewsLine:
    """A Draw + Shuffle card adds ``extra`` flips."""
    return because(line, GHOST_CARDS, msg("A Draw + Shuffle card makes you flip {extra} more Ghost cards before the "
                                          "deck is shuffled.", extra=extra), cc.card_label(card), extra)


def unlocked(line: Msg | NewsLine) -> NewsLine:
    """Locked doors open again."""
    return because(line, GHOST_CARDS, msg("Locked doors open again after a Shuffle card, an Unlock All Doors Cellar "
                                          "card or, with your house rules, the end of a Draw + Shuffle."))


def trap_door(line: Msg | NewsLine, room: str) -> NewsLine:
    """A Trap Door card sends the hunter to the room of the Ghost King card drawn."""
    return because(line, GHOST_CARDS, msg("A Trap Door card draws a Ghost King card: the hunter drops into the room "
                                          "it names, room {room}.", room=room), room)


def picked_up(line: Msg | NewsLine, room: str) -> NewsLine:
    """A treasure taken in a room with no ghost left."""
    return because(line, CURSED, msg("Room {room} has no ghost left, so its treasure can be picked up.", room=room),
                   room)


def dropped_off(line: Msg | NewsLine, slot: int) -> NewsLine:
    """Treasures fill the cellar's slots in order."""
    return because(line, DROP, msg("Treasures fill the cellar's slots in order: {before} are there already, so this "
                                   "one takes slot {slot}.", before=slot - 1, slot=slot), slot)


def passage(line: Msg | NewsLine, left: str, room: str) -> NewsLine:
    """A secret passage taken: the tile left behind is removed."""
    return because(line, PASSAGES, msg("A secret passage costs one movement point; the tile of the room you left, "
                                       "{left}, is taken away.", left=left), left, room)


def cellar_card(line: Msg | NewsLine) -> NewsLine:
    """What a Cellar card does (remove a ghost; a Jinxed Item)."""
    return because(line, CELLAR, msg("The Cellar card drawn after dropping off a treasure says so."))


def jinxed_gone(line: Msg | NewsLine, room: str) -> NewsLine:
    """A Jinxed Item dropped off in its room."""
    return because(line, JINXED, msg("A Jinxed Item is dropped off in the room printed on its back: room {room}.",
                                     room=room), room)


def out_for_good(line: Msg | NewsLine) -> NewsLine:
    """A hunter out of the castle with no treasure left to carry (house rule ``exited_hunters``)."""
    return because(line, LOST, msg("Every hunter has to get out of the castle to win; once out, your house rules "
                                   "keep the hunter out."))
