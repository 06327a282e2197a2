"""CLUE: IT's explanations of its news lines (issue 33 item 1): each names the rulebook
section (the rule card's own section names, :mod:`companion.games.clue_it.rulecard`) and the
inputs the decision used (the dice, the answer order, the Red Balloon count).

Hidden information: nothing here takes a card of the envelope, a kept Intrigue card or an
accusation's picks. The only cards an explanation may take are ones said aloud at the table
(a question's kid, item and location; a "Play Immediately" card read out)."""

from __future__ import annotations

from companion.engine.why import because
from companion.games.clue_it import components as ci
from companion.games.clue_it.rulecard import SECTIONS
from companion.i18n import Msg, NewsLine, msg, nmsg

RULE = {str(section.name): section.name for section in SECTIONS}
DEAL, DICE, PASSAGE, ASK = RULE["Distribute Cards"], RULE["Roll the Dice"], RULE["Use a Secret Passage"], \
    RULE["Ask a Question"]
ANSWER, ACCUSE, INTRIGUE, POWER = RULE["Answering a Question"], RULE["Make an Accusation"], RULE["Intrigue Cards"], \
    RULE["Personality Cards"]

# --------------------------------------------------------------------------- setup


def envelope_aside(line: Msg | NewsLine) -> NewsLine:
    """The table sealed the envelope."""
    return because(line, DEAL, msg("The envelope holds the answer: one kid, one item and one location, which nobody "
                                   "sees until an accusation."))


def envelope_pick(line: Msg | NewsLine, position: int, row: int) -> NewsLine:
    """The companion's random position in a face-down row (never the card)."""
    return because(line, DEAL, msg("The companion picked position {position} of the {row} face-down cards at random: "
                                   "nobody, the companion's screen included, is shown which card it is.",
                                   position=position, row=row), position, row)


def envelope_sealed(line: Msg | NewsLine) -> NewsLine:
    """All three piles gave their card."""
    return because(line, DEAL, msg("One kid, one item and one location are in the envelope: that is the mystery "
                                   "to solve."))


def unread(line: Msg | NewsLine) -> NewsLine:
    """A sealed card was touched, not tapped."""
    return because(line, ACCUSE, msg("A card laid by touching the screen instead of tapping was not read, so the "
                                     "companion cannot check an accusation: the accuser does."))


def rolloff(line: Msg | NewsLine, face: str) -> NewsLine:
    """One roll for who goes first; a "?" counts as 1."""
    if face == ci.QUESTION:
        text = msg("Everyone rolls a die and the highest goes first; a \"?\" counts as 1 here.")
    else:
        text = msg("Everyone rolls a die and the highest goes first.")
    return because(line, DEAL, text, face)


def rolloff_tie(line: Msg | NewsLine, best: int) -> NewsLine:
    """Tied highest rollers roll again."""
    return because(line, DEAL, msg("More than one player rolled the highest, {best}: only they roll again.",
                                   best=best), best)


def first_player(line: Msg | NewsLine, best: int) -> NewsLine:
    """The highest roll goes first."""
    return because(line, DEAL, msg("{best} is the highest roll: that player goes first, then play goes to the left.",
                                   best=best), best)


# --------------------------------------------------------------------------- turns and dice


def opening_turn(line: Msg | NewsLine) -> NewsLine:
    """The roll-off winner's first turn."""
    return because(line, DEAL, msg("The highest roll at the start takes the first turn."))


def next_turn(line: Msg | NewsLine, previous: str, skipped: tuple[str, ...]) -> NewsLine:
    """Play goes clockwise (to the left); players out are skipped."""
    if skipped:
        text = nmsg("Play goes to the left of {previous}; {skipped} is out of the game and is skipped.",
                    "Play goes to the left of {previous}; {skipped} are out of the game and are skipped.", "n",
                    previous=previous, skipped=", ".join(skipped), n=len(skipped))
        return because(line, ACCUSE, text, previous, *skipped)
    return because(line, DICE, msg("Play goes clockwise: this player sits on the left of {previous}.",
                                   previous=previous), previous)


def dice(line: Msg | NewsLine, faces: tuple[str, ...], mode: str, moves: int, draws: int = 0) -> NewsLine:
    """What a roll of the two dice means: ``mode`` ``sum``, ``off`` (no Intrigue cards, "?"
    is 1), ``one`` (one "?") or ``two`` (two "?")."""
    first, second = faces
    if mode == "sum":
        text = msg("Move up to the sum of the dice: {first} + {second} = {moves}.", first=first, second=second,
                   moves=moves)
    elif mode == "off":
        text = msg("Without Intrigue cards a \"?\" counts as 1: move up to {moves}.", moves=moves)
    elif mode == "one":
        text = msg("A \"?\" draws an Intrigue card at once; then move up to the other die, {moves}.", moves=moves)
    else:
        text = msg("Both dice show \"?\": with your house rules draw {draws}, and move 0.", draws=draws)
    return because(line, DICE, text, first, second, moves)


def squares(line: Msg | NewsLine, squares: int, reaching: int, rolls: int) -> NewsLine:
    """The table said how far the nearest location is: what the odds meter makes of it."""
    text = nmsg("Only the odds meter uses this: of the {rolls} rolls of the two dice, {reaching} lets you move "
                "that far.",
                "Only the odds meter uses this: of the {rolls} rolls of the two dice, {reaching} let you move "
                "that far.", "reaching", rolls=rolls, reaching=reaching)
    return because(line, DICE, text, squares, reaching)


def passage(line: Msg | NewsLine, end) -> NewsLine:
    """A secret passage instead of rolling (the location left is not named: the line names
    where the passage leads)."""
    return because(line, PASSAGE, msg("This corner location's secret passage leads to {end}, and no dice are rolled.",
                                      end=end), end)


def in_location(line: Msg | NewsLine) -> NewsLine:
    """The mover entered a location, no question asked yet this turn."""
    return because(line, ASK, msg("After moving into a location, not the centre, you may ask a question there."))


def in_centre(line: Msg | NewsLine) -> NewsLine:
    """The mover stopped in the centre."""
    return because(line, ACCUSE, msg("The centre is where an accusation is made; no question is asked there."))


def intrigue_space(line: Msg | NewsLine) -> NewsLine:
    """Stopped on an Intrigue space."""
    return because(line, INTRIGUE, msg("Stopping on a \"?\" space draws the top Intrigue card; no exact roll is "
                                       "needed."))


# --------------------------------------------------------------------------- questions and answers


def question(line: Msg | NewsLine, kid, item, place) -> NewsLine:
    """The named kid and item come to the asker's location (said aloud: public)."""
    return because(line, ASK, msg("A question names a kid, an item and the location you are in; that kid's mover "
                                  "and that item come to you."), kid, item, place)


def first_answer(line: Msg | NewsLine, asker: str, skipped: tuple[str, ...]) -> NewsLine:
    """The player on the asker's left answers first."""
    if skipped:
        text = msg("The player on the asker's left answers first; {skipped} laid the cards face-up (your house rules) "
                   "and does not answer.", skipped=", ".join(skipped))
        return because(line, ANSWER, text, asker, *skipped)
    return because(line, ANSWER, msg("The player on the left of {asker} answers first.", asker=asker), asker)


def next_answer(line: Msg | NewsLine, previous: str) -> NewsLine:
    """The next player to the left tries."""
    return because(line, ANSWER, msg("{previous} could not answer, so the next player to the left tries.",
                                     previous=previous), previous)


def showed(line: Msg | NewsLine) -> NewsLine:
    """A card shown to the asker alone (never entered)."""
    return because(line, ANSWER, msg("Holding a named card, the player shows one to the asker alone; the companion "
                                     "never learns which. Nobody else answers."))


def cannot(line: Msg | NewsLine) -> NewsLine:
    """A player holds none of the three named cards."""
    return because(line, ANSWER, msg("Holding none of the three named cards, the player shows nothing."))


def nobody(line: Msg | NewsLine, asked: int) -> NewsLine:
    """Nobody could answer (``asked``: players who said they could not)."""
    if asked == 0:
        return because(line, ANSWER, msg("No other player is there to answer: the turn ends, and the kid and item stay "
                                         "where they are."), asked)
    return because(line, ANSWER, nmsg("Only {asked} player could answer, and holds none of the named cards: the turn "
                                      "ends, and the kid and item stay where they are.",
                                      "All {asked} players who could answer hold none of the named cards: the turn "
                                      "ends, and the kid and item stay where they are.", "asked", asked=asked), asked)


# --------------------------------------------------------------------------- Intrigue cards, powers


def deck_empty(line: Msg | NewsLine) -> NewsLine:
    """No Intrigue card anywhere."""
    return because(line, INTRIGUE, msg("Every Intrigue card is held or in play, so none can be drawn."))


def deck_reshuffled(line: Msg | NewsLine, count: int) -> NewsLine:
    """The Intrigue deck ran out."""
    return because(line, INTRIGUE, msg("The Intrigue deck ran out: its {count} discards become a new deck.",
                                       count=count), count)


def immediate(line: Msg | NewsLine, card) -> NewsLine:
    """A "Play Immediately" card (read out at the table)."""
    return because(line, INTRIGUE, msg("A \"Play Immediately\" card is followed at once, then discarded."), card)


def kept(line: Msg | NewsLine) -> NewsLine:
    """A kept card (never named)."""
    return because(line, INTRIGUE, msg("A card that is not \"Play Immediately\" is kept, unseen by the others, to "
                                       "play on a later turn."))


def balloon(line: Msg | NewsLine, count: int, ends_game: bool) -> NewsLine:
    """A Red Balloon counted (house rule ``balloon_rule``)."""
    if ends_game:
        text = msg("Red Balloons are counted: with your house rules the {total}th ends the game for everyone.",
                   total=ci.BALLOONS)
    else:
        text = msg("Red Balloons are counted: with your house rules whoever draws the {total}th is out.",
                   total=ci.BALLOONS)
    return because(line, INTRIGUE, text, count, ci.BALLOONS)


def last_balloon(line: Msg | NewsLine) -> NewsLine:
    """The Nth Red Balloon."""
    return because(line, INTRIGUE, msg("That is Red Balloon number {total}, the last one your house rules allow.",
                                       total=ci.BALLOONS), ci.BALLOONS)


def played(line: Msg | NewsLine) -> NewsLine:
    """A kept Intrigue card played on its holder's turn (named in the line: played openly)."""
    return because(line, INTRIGUE, msg("A kept Intrigue card is played on its holder's turn, then discarded."))


def power(line: Msg | NewsLine) -> NewsLine:
    """A Personality power used."""
    return because(line, POWER, msg("A Personality power is used once a game; the card is turned over to show it is "
                                    "spent."))


def look_centre(line: Msg | NewsLine) -> NewsLine:
    """The centre variant's look at the face-down leftovers."""
    return because(line, DEAL, msg("With your house rules the leftover cards lie face-down in the centre: ending a "
                                   "move there lets you look at them instead of accusing."))


# --------------------------------------------------------------------------- accusations and the end


def accuses(line: Msg | NewsLine, companion_checks: bool) -> NewsLine:
    """An accusation is made in the centre."""
    if companion_checks:
        text = msg("An accusation is made in the centre: the accuser picks three cards alone and the companion "
                   "checks them against the envelope it sealed.")
    else:
        text = msg("An accusation is made in the centre: say it out loud, then look in the envelope alone.")
    return because(line, ACCUSE, text)


def right(line: Msg | NewsLine, companion_checked: bool) -> NewsLine:
    """A right accusation wins."""
    if companion_checked:
        text = msg("All three cards of the accusation are the envelope's: the accuser solves the mystery and wins.")
    else:
        text = msg("The accuser looked in the envelope and found all three named cards: the accuser wins.")
    return because(line, ACCUSE, text)


def wrong(line: Msg | NewsLine, companion_checked: bool) -> NewsLine:
    """A wrong accusation puts the accuser out; which card was wrong stays secret."""
    if companion_checked:
        text = msg("At least one card of the accusation is not in the envelope; which one stays secret. A wrong "
                   "accuser is out of the game.")
    else:
        text = msg("The accuser looked in the envelope and found a card that does not match; which one stays secret. "
                   "A wrong accuser is out of the game.")
    return because(line, ACCUSE, text)


def put_back(line: Msg | NewsLine) -> NewsLine:
    """The envelope stays secret for the others."""
    return because(line, ACCUSE, msg("The envelope must stay secret for the players still in the game."))


def out_cards(line: Msg | NewsLine, reveal: bool) -> NewsLine:
    """What a player out does with the Rumor cards (house rule ``eliminated_answers``)."""
    if reveal:
        text = msg("With your house rules a player out lays the Rumor cards face-up and no longer answers.")
    else:
        text = msg("A player out still holds the Rumor cards and answers questions, but takes no more turns.")
    return because(line, ACCUSE, text)


def unsolved(line: Msg | NewsLine, balloons: bool) -> NewsLine:
    """Nobody can solve the mystery any more."""
    if balloons:
        text = msg("With your house rules the last Red Balloon ends the game for everyone: the mystery stays "
                   "unsolved.")
    else:
        text = msg("Every player is out after a wrong accusation, so nobody can solve the mystery.")
    return because(line, ACCUSE, text)


def revealed(line: Msg | NewsLine) -> NewsLine:
    """The envelope is shown at the end."""
    return because(line, ACCUSE, msg("When the game ends the envelope is shown to everyone."))
