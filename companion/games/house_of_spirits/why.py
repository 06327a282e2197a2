"""House of Spirits' explanations of its news lines (issue 33 item 1): each names the rulebook
section (the rule card's own section names, :mod:`companion.games.house_of_spirits.rulecard`)
and the inputs the decision used (the die, the score to beat, the skulls, the points). The
rules call these where they decide. A secret victory card is never named here."""

from __future__ import annotations

from companion.engine.memo import Kept
from companion.engine.why import because
from companion.games.house_of_spirits import components as hc
from companion.games.house_of_spirits.rulecard import SECTIONS
from companion.i18n import Msg, NewsLine, msg, nmsg

#: The fight and investigation news lines (a sentence and its explanation) made once for what
#: they say (issue 35: three or four a combat die), by a key that names everything their words
#: are made from: the numbers, the names, the flags; a line with a card's label or figures is
#: kept beside the table's ``content`` it was made with (:meth:`Kept.of`). Bounded: a daemon
#: sees many games (tests/games/test_engine_stores_bounded.py).
LINES = Kept(1024)  # bounded small: names and entries change over months (one game needs a few hundred)

RULE = {str(section.name): section.name for section in SECTIONS}
GOAL, SETUP, SEQUENCE, ACTIONS = (RULE["The Goal of the Game"], RULE["Game Setup"], RULE["Sequence of Play"],
                                  RULE["Player Actions"])
INVESTIGATION, PLOTS, PICK = RULE["Investigation"], RULE["Playing Plot Cards"], RULE["Pick up a card"]
HEAL, ATTACK, END = RULE["Heal himself or another player"], RULE["Attack a Monster"], RULE["End of the Game"]


def _stand_ins(text: Msg, stand_ins: bool) -> Msg:
    """``text``, and when some figure it gives is the content file's placeholder (nobody
    entered the card's numbers) a sentence that says so (words19; the news lines say "with
    placeholder numbers", words18: the explanation read the stand-ins as the cards' own)."""
    return msg("{why} Some of these numbers are placeholders.", why=text) if stand_ins else text

# --------------------------------------------------------------------------- setup and rounds


def character(line: Msg | NewsLine, card) -> NewsLine:
    """A character drawn blindly."""
    return because(line, SETUP, msg("Each player draws a character card blindly: its numbers are the player's "
                                    "attack, defence, investigation and health."), card)


def secret_dealt(line: Msg | NewsLine) -> NewsLine:
    """A secret victory card dealt (never named)."""
    return because(line, SETUP, msg("Each player gets a secret victory card blindly; only its holder sees it, and "
                                    "meeting it is worth 4 points at the end."))


def secret_draw(line: Msg | NewsLine) -> NewsLine:
    """The table draws the secret victory cards."""
    return because(line, SETUP, msg("Secret victory cards are drawn blindly and kept hidden; a card met at the end "
                                    "is worth 4 points."))


def rolloff(line: Msg | NewsLine, face: int) -> NewsLine:
    """One roll for the First Player card."""
    return because(line, SEQUENCE, msg("Every player rolls the die at the start: the highest roll goes first."), face)


def rolloff_tie(line: Msg | NewsLine, face: int) -> NewsLine:
    """Tied highest rolls roll again."""
    return because(line, SEQUENCE, msg("Two or more players share the highest roll, {face}: only they roll again, "
                                       "until one is highest.", face=face), face)


def rolloff_won(line: Msg | NewsLine, face: int) -> NewsLine:
    """The highest roll takes the First Player card."""
    return because(line, SEQUENCE, msg("{face} is the highest roll: that player takes the First Player card and "
                                       "goes first; play goes to the right.", face=face), face)


def new_round(line: Msg | NewsLine, number: int, player: str) -> NewsLine:
    """Round ``number`` starts with ``player`` holding the First Player card."""
    if number == 1:
        text = msg("The roll-off winner holds the First Player card for round 1.")
    else:
        text = msg("At each new round the First Player card passes one player to the right: now {player}.",
                   player=player)
    return because(line, SEQUENCE, text, number, player)


def revived(line: Msg | NewsLine, player: str) -> NewsLine:
    """A dead character comes back."""
    return because(line, HEAL, msg("A character who died comes back at full health the round after."), player)


def dead_skips(line: Msg | NewsLine, player: str) -> NewsLine:
    """A character killed this round sits out the rest of it (house rule ``death_skip``)."""
    return because(line, HEAL, msg("A character killed this round misses the rest of it and comes back next "
                                   "round."), player)


def leftovers(line: Msg | NewsLine, count: int) -> NewsLine:
    """Cards in play nobody took are discarded when a new room is turned over."""
    return because(line, SEQUENCE, nmsg("No monster is left in play, so a new room is turned over: {n} card nobody "
                                        "picked up is discarded.",
                                        "No monster is left in play, so a new room is turned over: {n} cards "
                                        "nobody picked up are discarded.", "n", n=count), count)


def rooms_reshuffled(line: Msg | NewsLine, count: int) -> NewsLine:
    """The room deck ran out."""
    return because(line, SEQUENCE, msg("Every room card has been turned over and the game goes on: the {count} "
                                       "explored rooms become a new room deck.", count=count), count)


def room_on_plots(line: Msg | NewsLine, room, plots: int) -> NewsLine:
    """The room card goes on the room plot card(s) played there."""
    return because(line, PLOTS, msg("A room plot card played here gets this room's card on top when the party "
                                    "moves on, so the room leaves the room deck."), room, plots)


def entered(line: Msg | NewsLine, room, skulls: int, first: bool = False) -> NewsLine:
    """A new room: its skulls decide the monster rolls (``first``: the game's first room)."""
    if first:
        text = msg("Every game starts in the Vestibule, the one room with no chance of monsters: nobody rolls.")
    elif skulls == 0:
        text = msg("No monster was left, so a new room card is turned over; it has no skulls, so nobody rolls for "
                   "monsters.")
    else:
        text = msg("No monster was left, so a new room card is turned over; each player rolls the die, and every "
                   "roll of {skulls} or less brings a monster.", skulls=skulls)
    return because(line, SEQUENCE, text, room, skulls)


def monster_roll(line: Msg | NewsLine, face: int, skulls: int, empty: bool = False) -> NewsLine:
    """A player's roll against the room's skulls."""
    if face > skulls:
        text = msg("A monster comes only on {skulls} or less: {face} is higher.", skulls=skulls, face=face)
    elif empty:
        text = msg("{face} is {skulls} or less, but no monster card is left to turn over.", face=face, skulls=skulls)
    else:
        text = msg("{face} is {skulls} or less (the room's skulls): the top monster card is turned over.",
                   face=face, skulls=skulls)
    return because(line, SEQUENCE, text, face, skulls)


def monster_laid(line: Msg | NewsLine, monster, health: int, from_main: bool, stand_ins: bool = False) -> NewsLine:
    """A monster card goes into play at full health (``stand_ins``: a placeholder health)."""
    if from_main:
        text = msg("With your house rules a monster may come from the main deck when the cards in play are refilled; "
                   "it starts with {health} health.", health=health)
    else:
        text = msg("A monster roll turned over this monster card; it starts with {health} health.", health=health)
    return because(line, SEQUENCE, _stand_ins(text, stand_ins), monster, health)


def laid_out(line: Msg | NewsLine, card, count: int, players: int) -> NewsLine:
    """A main-deck card laid to bring the cards in play up to one per player."""
    return because(line, SEQUENCE, msg("Each round the cards in play are brought up to one per player: {count} of "
                                       "{players} now.", count=count, players=players), card, count, players)


def main_reshuffled(line: Msg | NewsLine, count: int) -> NewsLine:
    """The main deck ran out during a refill."""
    return because(line, SEQUENCE, msg("The cards in play still need refilling and the main deck ran out: its {count} "
                                       "discards become a new main deck.", count=count), count)


def main_empty(line: Msg | NewsLine) -> NewsLine:
    """No main card left anywhere."""
    return because(line, SEQUENCE, msg("The main deck and its discard pile are both empty, so the cards in play stay "
                                       "short this round."))


def passes(line: Msg | NewsLine) -> NewsLine:
    """No action is open."""
    return because(line, ACTIONS, msg("None of the five actions is open to this player now, so the turn passes."))


# --------------------------------------------------------------------------- investigation and plot cards


def investigates(line: Msg | NewsLine, base: int, bonus: int, face: int, total: int,
                 stand_ins: bool = False) -> NewsLine:
    """The investigation total (``stand_ins``: the character's or an item's figure is a placeholder)."""
    text = msg("Investigation score {base}, plus {bonus} from the items played, plus the die {face}: {total}, to "
               "compare with the top plot card's score.", base=base, bonus=bonus, face=face, total=total)
    return because(line, INVESTIGATION, _stand_ins(text, stand_ins), base, bonus, face, total)


def investigation_result(line: Msg | NewsLine, total: int, score: int, success: bool, exceed: bool,
                         stand_ins: bool = False) -> NewsLine:
    """The investigation total against the plot card's score (house rule ``investigate_compare``;
    ``stand_ins``: the score or the total holds a placeholder)."""
    if exceed and success:
        text = msg("{total} is more than the plot card's {score}: the investigator takes the card; the items played "
                   "are discarded.", total=total, score=score)
    elif exceed:
        text = msg("{total} is not more than the plot card's {score}: the card goes to the bottom of the plot deck; "
                   "the items played are discarded.", total=total, score=score)
    elif success:
        text = msg("With your house rules reaching the plot card's {score} is enough, and {total} reaches it: the "
                   "investigator takes the card.", total=total, score=score)
    else:
        text = msg("With your house rules the total must reach the plot card's {score}; {total} does not: the card "
                   "goes to the bottom of the plot deck.", total=total, score=score)
    return because(line, INVESTIGATION, _stand_ins(text, stand_ins), total, score)


def plot_item(line: Msg | NewsLine, item) -> NewsLine:
    """The plot item declared before the roll."""
    return because(line, PLOTS, msg("An item plot card is played with one of the items it lists, named before the "
                                    "roll."), item)


def plot_roll(line: Msg | NewsLine, face: int, target: int, modifier: int, by, stand_ins: bool = False) -> NewsLine:
    """A plot roll: the die, moved by up to the room's or item's ± bonus, must make the number."""
    gap = abs(face - target)
    if gap <= modifier:
        text = msg("The card needs {target}; {by} lets you add or take away up to {modifier}, and {face} is {gap} "
                   "away: the card is played.", target=target, by=by, modifier=modifier, face=face, gap=gap)
    else:
        text = msg("The card needs {target}; {by} lets you add or take away up to {modifier}, but {face} is {gap} "
                   "away: the card is not played.", target=target, by=by, modifier=modifier, face=face, gap=gap)
    return because(line, PLOTS, _stand_ins(text, stand_ins), face, target, modifier)


def plot_to_bottom(line: Msg | NewsLine) -> NewsLine:
    """House rule ``failed_plot_roll = bottom``."""
    return because(line, PLOTS, msg("With your house rules a failed plot roll sends the card to the bottom of the plot "
                                    "deck."))


def plot_played(line: Msg | NewsLine, kind: str) -> NewsLine:
    """A plot card laid down."""
    if kind == "plain":
        text = msg("A plot card with no list is played as a whole turn, from the round after it was gained.")
    else:
        text = msg("The plot roll made the card's number, so the card is laid down.")
    return because(line, PLOTS, text)


def item_laid(line: Msg | NewsLine, item) -> NewsLine:
    """The plot item goes onto its plot card."""
    return because(line, PLOTS, msg("The item named for an item plot card is laid on that card and leaves play."),
                   item)


# --------------------------------------------------------------------------- cards, hand, healing


def picked_up(line: Msg | NewsLine, card) -> NewsLine:
    """An item or event card taken from play."""
    return because(line, PICK, msg("Taking one item or event card in play is the whole turn's action."), card)


def over_limit(line: Msg | NewsLine, count: int, plots_count: bool) -> NewsLine:
    """More than 6 cards held."""
    if plots_count:
        text = msg("{count} cards are held and the limit is {limit} (the character and secret victory cards do not "
                   "count).", count=count, limit=hc.HAND_LIMIT)
    else:
        text = msg("{count} cards other than plot cards are held and the limit is {limit} (with your house rules plot "
                   "cards do not count).", count=count, limit=hc.HAND_LIMIT)
    return because(line, PICK, text, count, hc.HAND_LIMIT)


def discarded(line: Msg | NewsLine, card, plot: bool) -> NewsLine:
    """A card discarded to meet the hand limit."""
    if plot:
        text = msg("Over the hand limit: a plot card discarded goes to the bottom of the plot deck.")
    else:
        text = msg("Over the hand limit: the card goes to the main discard pile.")
    return because(line, PICK, text, card)


def healed(line: Msg | NewsLine, heal: int, healed_by: int, stand_ins: bool = False) -> NewsLine:
    """A healing card restores its amount, never above full health."""
    return because(line, HEAL, _stand_ins(msg("The card heals up to {heal}; never above full health, so {healed} "
                                              "here.", heal=heal, healed=healed_by), stand_ins), heal, healed_by)


# --------------------------------------------------------------------------- combat


def attack_die(line: Msg | NewsLine, face: int) -> NewsLine:
    """The attack die (no re-roll to offer)."""
    return because(line, ATTACK, msg("The attack die, {face}, is added to the character's attack and the items used.",
                                     face=face), face)


def reroll_offered(line: Msg | NewsLine, face: int, per_game: bool) -> NewsLine:
    """Olivia may keep her attack die or roll again."""
    if per_game:
        text = msg("This character can re-roll an attack die once a game (your house rules): keep {face} or roll "
                   "again.", face=face)
    else:
        text = msg("This character can re-roll the attack die: keep {face} or roll again.", face=face)
    return because(line, ATTACK, text, face)


def rerolled(line: Msg | NewsLine, face: int) -> NewsLine:
    """The re-rolled face replaces the old one."""
    return because(line, ATTACK, msg("A re-roll replaces the attack die: {face} counts now.", face=face), face)


def attack_total(line: Msg | NewsLine, base: int, bonus: int, face: int, total: int, defence: int,
                 stand_ins: bool = False) -> NewsLine:
    """The player's attack total (``stand_ins``, in each of these: some figure is a placeholder)."""
    text = msg("Attack score {base}, plus {bonus} from the items used against this monster, plus the die {face}: "
               "{total}. It must be more than the monster's {defence} plus its die.", base=base, bonus=bonus,
               face=face, total=total, defence=defence)
    return because(line, ATTACK, _stand_ins(text, stand_ins), base, bonus, face, total)


def critical(line: Msg | NewsLine, score: int, defence: int, stand_ins: bool = False) -> NewsLine:
    """A player's attack no defence die can reach."""
    text = msg("The best the monster can defend is {defence} + 6 = {best}, and {score} is more: a critical hit kills "
               "it at once.", defence=defence, best=defence + 6, score=score)
    return because(line, ATTACK, _stand_ins(text, stand_ins), score, defence)


def monster_defends(line: Msg | NewsLine, defence: int, face: int, total: int, score: int,
                    stand_ins: bool = False) -> NewsLine:
    """The monster's defence total."""
    text = msg("The monster's defence {defence} plus its die {face}: {total}; the attack, {score}, must be more to "
               "wound it.", defence=defence, face=face, total=total, score=score)
    return because(line, ATTACK, _stand_ins(text, stand_ins), defence, face, total, score)


def hit(line: Msg | NewsLine, score: int, defence: int, health: int, stand_ins: bool = False) -> NewsLine:
    """An attack above the defence: one wound."""
    if health <= 0:
        text = msg("{score} is more than {defence}: one wound, its last health point, so the monster dies.",
                   score=score, defence=defence)
    else:
        text = nmsg("{score} is more than {defence}: the monster loses one health point; {health} left.",
                    "{score} is more than {defence}: the monster loses one health point; {health} left.",
                    "health", score=score, defence=defence, health=health)  # Italian: ne resta 1, ne restano 2
    return because(line, ATTACK, _stand_ins(text, stand_ins), score, defence, health)


def miss(line: Msg | NewsLine, score: int, defence: int, stand_ins: bool = False) -> NewsLine:
    """An attack that does not exceed the defence; a tie misses."""
    text = msg("An attack must be more than the defence to wound: {score} against {defence} is a miss.", score=score,
               defence=defence)
    return because(line, ATTACK, _stand_ins(text, stand_ins), score, defence)


def strikes_back(line: Msg | NewsLine) -> NewsLine:
    """A surviving monster retaliates."""
    return because(line, ATTACK, msg("A monster that survives an attack strikes back at once; defence items must be "
                                     "chosen before its roll."))


def killed(line: Msg | NewsLine, monster, critical_hit: bool) -> NewsLine:
    """A monster dies."""
    if critical_hit:
        text = msg("A critical hit kills the monster outright; its card goes to the bottom of the monster deck and the "
                   "items used are discarded.")
    else:
        text = msg("The monster has no health left, so it dies; its card goes to the bottom of the monster deck and "
                   "the items used are discarded.")
    return because(line, ATTACK, text, monster)


def monster_attacks(line: Msg | NewsLine, attack: int, face: int, total: int, defence: int,
                    stand_ins: bool = False) -> NewsLine:
    """The monster's attack total."""
    text = msg("The monster's attack {attack} plus its die {face}: {total}. It wounds only if it is more than the "
               "defence {defence} plus the defence die.", attack=attack, face=face, total=total, defence=defence)
    return because(line, ATTACK, _stand_ins(text, stand_ins), attack, face, total, defence)


def monster_critical(line: Msg | NewsLine, total: int, defence: int, stand_ins: bool = False) -> NewsLine:
    """House rule ``monster_crit``: a monster's critical hit kills outright."""
    text = msg("With your house rules a monster's critical hit kills too: {total} is more than 6 + {defence}, so no "
               "defence die can save the character.", total=total, defence=defence)
    return because(line, ATTACK, _stand_ins(text, stand_ins), total, defence)


def player_defends(line: Msg | NewsLine, base: int, bonus: int, face: int, total: int, attack: int,
                   stand_ins: bool = False) -> NewsLine:
    """The player's defence total."""
    text = msg("Defence {base}, plus {bonus} from the defence items, plus the die {face}: {total}; the monster's "
               "{attack} must be more to wound.", base=base, bonus=bonus, face=face, total=total, attack=attack)
    return because(line, ATTACK, _stand_ins(text, stand_ins), base, bonus, face, total, attack)


def wounded(line: Msg | NewsLine, attack: int, defence: int, health: int, stand_ins: bool = False) -> NewsLine:
    """The monster's attack exceeds the defence."""
    text = msg("{attack} is more than {defence}: one wound; {health} health left.", attack=attack, defence=defence,
               health=health)
    return because(line, ATTACK, _stand_ins(text, stand_ins), attack, defence, health)


def defended(line: Msg | NewsLine, attack: int, defence: int, stand_ins: bool = False) -> NewsLine:
    """The monster's attack does not exceed the defence."""
    text = msg("The monster must be more than the defence to wound: {attack} against {defence} is a miss.",
               attack=attack, defence=defence)
    return because(line, ATTACK, _stand_ins(text, stand_ins), attack, defence)


# --------------------------------------------------------------------------- scores, deaths, the end

_POINTS = {
    "plot card": (PLOTS, msg("Playing a plot card scores 3 points.")),
    "final plot card": (PLOTS, msg("Whoever plays the last plot card scores 3 more.")),
    "monster kill": (ATTACK, msg("The final blow on a monster scores 3 points.")),
    "healing another player": (HEAL, msg("Healing another player scores 1 point, however many cards were used.")),
    "secret victory": (END, msg("A secret victory condition met is worth 4 points.")),
    "death": (HEAL, msg("A character's death costs 2 points.")),
}


def points(line: Msg | NewsLine, cause: str, change: int, total: int) -> NewsLine:
    """A score change by its cause."""
    rule, text = _POINTS[cause]
    return because(line, rule, text, change, total)


def eighteen(line: Msg | NewsLine, score: int) -> NewsLine:
    """18 points win at once."""
    return because(line, END, msg("A player who reaches {limit} points wins at once: {score}.",
                                  limit=hc.WINNING_SCORE, score=score), score, hc.WINNING_SCORE)


def died(line: Msg | NewsLine, critical_hit: bool, health: int, stand_ins: bool = False) -> NewsLine:
    """A character dies."""
    if critical_hit:
        text = msg("The monster's critical hit kills the character; a dead character loses every card but the "
                   "character and secret victory cards.")
    else:
        text = msg("The wounds reached the character's {health} health, so the character dies and loses every card "
                   "but the character and secret victory cards.", health=health)
    return because(line, HEAL, _stand_ins(text, stand_ins), health)


def plots_lost(line: Msg | NewsLine, count: int) -> NewsLine:
    """A dead character's plot cards go to the bottom of the plot deck."""
    return because(line, HEAL, msg("A dead character's plot cards go to the bottom of the plot deck; other cards go "
                                   "to the main discard pile."), count)


def all_dead(line: Msg | NewsLine, count: int) -> NewsLine:
    """Every character died in the same round."""
    return because(line, GOAL, msg("All {count} characters died in the same round: the house wins.", count=count),
                   count)


def all_plots(line: Msg | NewsLine, count: int) -> NewsLine:
    """The last plot card ends the game."""
    return because(line, END, msg("The game ends the moment all {count} plot cards are played; secret victory "
                                  "conditions met then add 4 points each.", count=count), count)


def result(line: Msg | NewsLine, score: int, shared: bool, most_plots: bool) -> NewsLine:
    """The winner(s) after the tally (house rule ``tiebreak``)."""
    if shared:
        text = msg("Once all plot cards are played the highest score wins; equal top scores share the win.")
    elif most_plots:
        text = msg("Once all plot cards are played the highest score wins; with your house rules a tie goes to the "
                   "most plot cards played.")
    else:
        text = msg("Once all plot cards are played the highest score wins.")
    return because(line, END, text, score)
