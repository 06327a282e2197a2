"""Children's explanations of its news lines (issue 33 item 1): each names the rule card's
section (:mod:`companion.games.children.rulecard`), says in the companion's own words why the
line happened, and carries the inputs the decision used (a count, a distance, a room).

A ``why`` never names a card in a hand: the toys Irwin Biddle takes, the cards left under a
tablet or dropped when running stay unnamed; a card is named only once it is played in the
open (a device used, a trap sprung, a toy trapping its ghost)."""

from __future__ import annotations

from collections.abc import Callable

from companion.engine.memo import Kept
from companion.engine.why import because
from companion.games.children.rulecard import SECTIONS
from companion.i18n import Msg, NewsLine, msg, nmsg

RULE = {str(section.name): section.name for section in SECTIONS}
OBJECT, TABLET, MOVE = RULE["Object of the Game"], RULE["1. Play a Room Tablet"], RULE["Move to an adjacent room"]
DRAW = RULE["Draw a card from the Children Card draw pile"]
LOOK = RULE["Look at cards that have been left in the room you have entered"]
DEVICE, SKULL = RULE["Use a device"], RULE["Take a Skull Token"]
RESTORE, GHOST_MOVE = RULE["3. Restore your hand to the current hand limit"], RULE["4. Move 1 Ghost"]
KITTY, TRAPPING = RULE["5. Move Kitty Kitty"], RULE["Trapping Ghosts"]
RUNNING, ENRAGED, FATE = RULE["Running from Ghosts"], RULE["Enraged Ghosts"], RULE["Fate Cards"]


def once(key: tuple, make: Callable[[], NewsLine]) -> NewsLine:
    """The news line ``make()`` gives, made once for ``key`` and then shared (issue 35: a
    line and its why are about five objects, the most frequent lines the same few again and
    again). ``key`` names the rule and every input the line reads: ids, numbers, players,
    and the state's content (edition and entries) for the names, never a name's words."""
    return _LINES.get(key, make)


_LINES_KEPT = 1024
_LINES = Kept(_LINES_KEPT)  # players and entries change over months: kept bounded


# --------------------------------------------------------------------------- the hand limit


def _limit_text(enraged: int, limit: int) -> Msg:
    return nmsg("{n} enraged ghost is in the mansion: the hand limit is 5 minus {n}, so {limit}.",
                "{n} enraged ghosts are in the mansion: the hand limit is 5 minus {n}, so {limit}.",
                "n", n=enraged, limit=limit)


def hand_limit(line: Msg | NewsLine, enraged: int, limit: int) -> NewsLine:
    """The hand limit changed with the enraged ghosts in the mansion."""
    return because(line, ENRAGED, _limit_text(enraged, limit), enraged, limit)


def cut_down(line: Msg | NewsLine, enraged: int, limit: int) -> NewsLine:
    """Players holding more than the hand limit cut down at once."""
    return because(line, ENRAGED, _limit_text(enraged, limit), enraged, limit)


def insane(line: Msg | NewsLine, enraged: int, flips: int, by_flips: bool) -> NewsLine:
    """The ghostly children win."""
    if by_flips:
        return because(line, ENRAGED, msg("{n} toy stacks are flipped: with your house rules, 5 flipped stacks drive "
                                          "every player insane.", n=flips), flips)
    return because(line, ENRAGED, msg("{n} enraged ghosts are in the mansion: the hand limit is 0, and every player "
                                      "goes insane.", n=enraged), enraged, 0)


# --------------------------------------------------------------------------- tablets and moving


def tablet(line: Msg | NewsLine, room: str, floor: int) -> NewsLine:
    """A room tablet played on its floor."""
    return because(line, TABLET, msg("A tablet goes on the floor printed on it, next to a tablet already in play "
                                     "wherever one is."), room, floor)


def all_start(line: Msg | NewsLine, room: str) -> NewsLine:
    """House rule ``player_entry`` = ``first_room``."""
    return because(line, TABLET, msg("With your house rules every figurine comes in with the first tablet of the "
                                     "game."), room)


def entered(line: Msg | NewsLine, room: str, how: str) -> NewsLine:
    """A player enters a room: by a move paid with an action or a skull token, with their
    first tablet, or through a Secret Passage."""
    if how == "tablet":
        return because(line, TABLET, msg("Your first tablet is where your figurine comes in; entering a room draws a "
                                         "card."), room)
    if how == "passage":
        return because(line, DEVICE, msg("The secret-passage device goes to any room on your floor or straight up or "
                                         "down; you enter it as usual and draw a card."), room)
    if how == "skull":
        return because(line, SKULL, msg("With no action left, a skull token pays for one more move; entering, you "
                                        "draw a card, then pick up what was left there."), room)
    return because(line, MOVE, msg("A move through a door or trapdoor costs one of your 2 actions; entering, you "
                                   "draw a card, then pick up what was left there."), room)


def reentry(line: Msg | NewsLine, room: str) -> NewsLine:
    """Back in the mansion after an emergency escape."""
    return because(line, RUNNING, msg("After an emergency escape your figurine comes back at the start of your turn, "
                                      "in a room you choose, and you draw a card."), room)


def skull(line: Msg | NewsLine, held: int, pool: int) -> NewsLine:
    """An action traded for a skull token."""
    text = nmsg("An action was traded for a skull token: {held} held now (3 at most), {pool} left in the pile.",
                "An action was traded for a skull token: {held} held now (3 at most), {pool} left in the pile.",
                "pool", held=held, pool=pool)  # Italian: ne resta 1, ne restano 2
    return because(line, SKULL, text, held, pool)


# --------------------------------------------------------------------------- cards


def ghost_drawn(line: Msg | NewsLine, ghost: str) -> NewsLine:
    """A ghost card drawn: it is not kept."""
    return because(line, DRAW, msg("A ghost card is never kept: it goes under a room with no player in it, and no "
                                   "card replaces it."), ghost)


def kept(line: Msg | NewsLine) -> NewsLine:
    """A toy, device or trap drawn goes into the hand (never named)."""
    return because(line, DRAW, msg("A toy, device or trap card drawn goes into your hand, unseen by the others."))


def fate_drawn(line: Msg | NewsLine, fate: str, redraw: bool) -> NewsLine:
    """A fate card drawn: resolved at once (then a replacement card, unless your house rules
    say no for Kitty Kitty)."""
    if not redraw:
        return because(line, FATE, msg("A fate card happens at once and is never kept in a hand; with your house "
                                       "rules no card replaces Kitty Kitty."), fate)
    return because(line, FATE, msg("A fate card happens at once and is never kept in a hand; then a new card is "
                                   "drawn."), fate)


def ghost_placed(line: Msg | NewsLine, ghost: str, room: str, mode: str, enraged: bool) -> NewsLine:
    """A ghost comes into the mansion: drawn, summoned by the Music Box, called by a
    Raven's Skull, or back from beside the mansion; enraged when its stack was flipped."""
    if enraged:
        return because(line, ENRAGED, msg("{ghost}'s toy stack was flipped earlier, so the card comes in enraged and "
                                          "the hand limit drops by one.", ghost=ghost), ghost, room)
    if mode == "raven":
        return because(line, LOOK, msg("The trap that sprang calls the next two ghosts of the deck into rooms next to "
                                       "its victim."), ghost, room)
    if mode == "summon":
        text = msg("The device just used draws the next two ghosts of the deck into rooms with no player.")
        return because(line, DEVICE, text, ghost, room)
    if mode == "aside":
        return because(line, DRAW, msg("The card of {ghost} waited beside the mansion for a room with no player; now "
                                       "there is one.", ghost=ghost), ghost, room)
    return because(line, DRAW, msg("A ghost card drawn goes under a room with no player in it."), ghost, room)


def no_room(line: Msg | NewsLine, ghost: str, aside: bool) -> NewsLine:
    """A ghost with nowhere to go."""
    if aside:
        return because(line, DRAW, msg("Every room has a player in it; with your house rules the ghost waits beside "
                                       "the mansion until a room is free."), ghost)
    return because(line, DRAW, msg("No room can take the ghost now, so it goes back into the deck at random."), ghost)


def last_card(line: Msg | NewsLine, turns: int) -> NewsLine:
    """The last Children card starts the final round."""
    text = nmsg("The draw pile is empty: after this turn {n} more turn is played, then the most ghosts trapped wins.",
                "The draw pile is empty: after this turn {n} more turns are played, then the most ghosts trapped wins.",
                "n", n=turns)
    return because(line, OBJECT, text, turns)


def scored(line: Msg | NewsLine, best: int, winners: int) -> NewsLine:
    """The final score."""
    if winners > 1:
        return because(line, OBJECT, msg("The player with the most trapped ghosts wins; {n} players trapped {best} "
                                         "each.", n=winners, best=best), best, winners)
    return because(line, OBJECT, msg("The player with the most trapped ghosts wins: {best} is the most.", best=best),
                   best)


# --------------------------------------------------------------------------- left cards, running


def picked_up(line: Msg | NewsLine, n: int, chosen: bool) -> NewsLine:
    """Cards left under a room picked up."""
    if chosen:
        return because(line, LOOK, msg("While you are in a room you may pick up the cards left there at will, with no "
                                       "action; a trap among them springs."), n)
    return because(line, LOOK, msg("Entering a room, you must pick up every card left under it; a trap among them "
                                   "springs."), n)


def left(line: Msg | NewsLine, reason: str, held: int, limit: int) -> NewsLine:
    """A card left under a tablet (or put back into the deck from outside the mansion)."""
    if reason == "cut":
        return because(line, ENRAGED, msg("The hand limit dropped to {limit}: cards over it are left at once.",
                                          limit=limit), held, limit)
    if reason == "restore":
        return because(line, RESTORE, msg("At the end of the actions your hand comes back to the hand limit, {limit}.",
                                          limit=limit), held, limit)
    if held > limit:
        return because(line, MOVE, msg("Nobody leaves a room holding more cards than the hand limit, {limit}; leaving "
                                       "one costs no action.", limit=limit), held, limit)
    return because(line, MOVE, msg("Leaving a card costs no action; it waits face down for whoever enters the room."),
                   held, limit)


def ran(line: Msg | NewsLine, n: int) -> NewsLine:
    """Running from a ghost: two cards stay behind."""
    return because(line, RUNNING, msg("A ghost not trapped makes you run: 2 cards stay behind, a toy among them if you "
                                      "have one, and nothing replaces them."), n)


def fled(line: Msg | NewsLine, room: str) -> NewsLine:
    """Where a running player goes."""
    return because(line, RUNNING, msg("Running takes you through a door or trapdoor to a room next door, with no card "
                                      "drawn."), room)


def escaped(line: Msg | NewsLine, forced: bool) -> NewsLine:
    """Emergency Escape."""
    if forced:
        return because(line, RUNNING, msg("A ghost is here and there is no way out: an emergency escape leaves the "
                                          "whole hand behind, and you come back next turn."))
    return because(line, RUNNING, msg("An emergency escape costs an action: the whole hand stays here, and you come "
                                      "back next turn in a room you choose."))


# --------------------------------------------------------------------------- ghosts


def trapped(line: Msg | NewsLine, ghost: str, toy: str) -> NewsLine:
    """A ghost trapped with its beloved toy."""
    return because(line, TRAPPING, msg("The {toy} is {ghost}'s beloved toy: in the same room, the ghost is trapped at "
                                       "once, with no action.", toy=toy, ghost=ghost), ghost, toy)


def revealed(line: Msg | NewsLine, toy: str, ghost: str) -> NewsLine:
    """Trapping flips the toy's mini-card stack."""
    return because(line, ENRAGED, msg("Trapping with the {toy} flips its stack and enrages the ghost under it: "
                                      "{ghost}.", toy=toy, ghost=ghost), toy, ghost)


def drifted(line: Msg | NewsLine, ghost: str, room: str) -> NewsLine:
    """Step 4: one ghost moves along the spectral flow."""
    return because(line, GHOST_MOVE, msg("Each turn one ghost moves one room along the spectral flow arrows."),
                   ghost, room)


def drawn_to(line: Msg | NewsLine, ghost: str, distance: int, effect: str) -> NewsLine:
    """Snow Globe or Voodoo Doll: the nearest ghost comes."""
    rule = DEVICE if effect == "snow" else LOOK
    return because(line, rule, nmsg("The nearest ghost comes to your room: {ghost}, {n} room away, counted straight, "
                                    "never diagonally.", "The nearest ghost comes to your room: {ghost}, {n} rooms "
                                    "away, counted straight, never diagonally.", "n", ghost=ghost, n=distance),
                   ghost, distance)


def crickets(line: Msg | NewsLine, ghost: str, distance: int) -> NewsLine:
    """The Crickets trap enrages the nearest calm ghost."""
    return because(line, LOOK, nmsg("The trap that sprang enrages the nearest calm ghost: {ghost}, {n} room away.",
                                    "The trap that sprang enrages the nearest calm ghost: {ghost}, {n} rooms away.",
                                    "n", ghost=ghost, n=distance), ghost, distance)


def calmed(line: Msg | NewsLine, ghost: str, distance: int) -> NewsLine:
    """Hatpin."""
    return because(line, DEVICE, msg("The device just used calms an enraged ghost up to 2 rooms away: {ghost}, {n} "
                                     "away.", ghost=ghost, n=distance), ghost, distance)


def banished(line: Msg | NewsLine, ghost: str, distance: int) -> NewsLine:
    """Feather."""
    return because(line, DEVICE, msg("The device just used banishes a ghost up to 2 rooms away into the deck, calm: "
                                     "{ghost}, {n} away.", ghost=ghost, n=distance), ghost, distance)


def settled_ghost(line: Msg | NewsLine, ghost: str, room: str) -> NewsLine:
    """House Settles: a ghost of a removed room goes into the deck."""
    return because(line, FATE, msg("Everything in a room the house settles goes back into the deck."), ghost, room)


# --------------------------------------------------------------------------- devices, traps


def device(line: Msg | NewsLine, name: str, how: str) -> NewsLine:
    """A device used: paid by an action or a skull token, then discarded."""
    if how == "skull":
        return because(line, DEVICE, msg("A skull token pays for this device; a used device goes to the discard "
                                         "pile."), name, how)
    return because(line, DEVICE, msg("Using a device costs one of your actions; a used device goes to the discard "
                                     "pile."), name, how)


def swapped(line: Msg | NewsLine, room: str, other: str) -> NewsLine:
    """Toad."""
    return because(line, DEVICE, msg("The device just used swaps your room with another on the same floor; everything "
                                     "in them travels along."), room, other)


def defused(line: Msg | NewsLine, trap: str) -> NewsLine:
    """Dental Tools."""
    return because(line, DEVICE, msg("The Dental Tools defuse a trap met in a room; both cards are discarded."), trap)


def sprang(line: Msg | NewsLine, trap: str) -> NewsLine:
    """A trap among the cards picked up springs."""
    return because(line, LOOK, msg("A trap left under a room springs on whoever picks it up, even the player who set "
                                   "it."), trap)


def caged(line: Msg | NewsLine) -> NewsLine:
    """The Cricket Cage stops the Crickets trap."""
    return because(line, LOOK, msg("Showing the Cricket Cage stops the Crickets trap."))


def nothing(line: Msg | NewsLine, rule: str) -> NewsLine:
    """A trap or device with no target."""
    return because(line, RULE[rule], msg("It needs a ghost, or Kitty Kitty, in the mansion to act on, and there is "
                                         "none."))


# --------------------------------------------------------------------------- fates, Kitty Kitty


def house_settles(line: Msg | NewsLine, room: str) -> NewsLine:
    """House Settles removes a room."""
    return because(line, FATE, msg("House Settles removes up to 2 rooms with no player in them; their tablets go back "
                                   "into the pile."), room)


def biddle(line: Msg | NewsLine) -> NewsLine:
    """Irwin Biddle takes a toy (never named: it was in a hand)."""
    return because(line, FATE, msg("Irwin Biddle takes one toy from every hand that has one, back into the deck at "
                                   "random."))


def kitty_in(line: Msg | NewsLine, room: str, how: str) -> NewsLine:
    """Kitty Kitty comes into the mansion: the fate card, or the Mouse trap."""
    if how == "mouse":
        return because(line, LOOK, msg("The trap that sprang brings Kitty Kitty straight to its victim's room."), room)
    return because(line, FATE, msg("The Kitty Kitty fate card puts her in a room with no player in it."), room)


def kitty_out(line: Msg | NewsLine) -> NewsLine:
    """House Settles took Kitty Kitty's room."""
    return because(line, FATE, msg("Kitty Kitty's room was removed by House Settles, so she leaves the mansion."))


def kitty_moved(line: Msg | NewsLine, room: str) -> NewsLine:
    """Step 5."""
    return because(line, KITTY, msg("Whoever holds the Kitty Kitty card moves her one room through a door or "
                                    "trapdoor at the end of their turn."), room)


def kitty_given(line: Msg | NewsLine, player: str) -> NewsLine:
    """Step 5: the card is passed on."""
    return because(line, KITTY, msg("After moving Kitty Kitty, her card goes to another player, who moves her next."),
                   player)


def kitty_sent(line: Msg | NewsLine, owner: str, room: str, ghostless: bool) -> NewsLine:
    """Kitty Kitty's owner moves a player she meets."""
    if ghostless:
        text = msg("Meeting Kitty Kitty with nothing to send her off, the holder of her card, {owner}, may move you "
                   "to a room with no ghost.", owner=owner)
    else:
        text = msg("Meeting Kitty Kitty with nothing to send her off, the holder of her card, {owner}, may move you "
                   "to any room.", owner=owner)
    return because(line, KITTY, text, owner, room)


def catnip(line: Msg | NewsLine, room: str) -> NewsLine:
    """The Catnip has Kitty Kitty take the player away."""
    return because(line, DEVICE, msg("The device just used has Kitty Kitty take you to any room with no ghost; she "
                                     "stays behind."), room)


def deck_empty(line: Msg | NewsLine) -> NewsLine:
    """A draw with the Children deck used up."""
    return because(line, DRAW, msg("Every Children card has been drawn; the game ends once the last turns are "
                                   "played."))


def stacks_dealt(line: Msg | NewsLine) -> NewsLine:
    """The hidden toy -> ghost pairing, dealt by the companion."""
    return because(line, RULE["Dealing Players In"], msg("The companion plays the mini cards: each toy hides the ghost "
                                                         "it will enrage when that toy traps one."), 13)


def mouse_spared(line: Msg | NewsLine, by_catnip: bool) -> NewsLine:
    """The Mouse trap springs on someone it spares."""
    if by_catnip:
        return because(line, LOOK, msg("With your house rules, showing the Catnip keeps Kitty Kitty away after the "
                                       "trap."))
    return because(line, LOOK, msg("That trap does nothing to the player holding the Kitty Kitty card."))


def kitty_waits(line: Msg | NewsLine) -> NewsLine:
    """No room for Kitty Kitty."""
    return because(line, FATE, msg("Kitty Kitty comes in only where no player is, and every room has a player."))


def cage_keeps(line: Msg | NewsLine) -> NewsLine:
    """House rule ``crickets_cage_keeps_trap``."""
    return because(line, LOOK, msg("With your house rules the Cricket Cage silences the crickets and both cards stay "
                                   "in the hand."))
