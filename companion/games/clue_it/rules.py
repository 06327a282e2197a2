"""CLUE: IT rules: setup, the envelope, dealing, the roll-off, dice with a "?" face,
Intrigue cards, secret passages, questions and their answer order, accusations.

Rulebook: ``clue-kids-of-derry.txt`` (sections "Setup", "Game Play", "Answering a
Question", "Make an Accusation", "Personality Cards", "Intrigue Cards"); ambiguities are
named house rules (``OPTIONS``, notes.md 3.C). Chance (the dice, Intrigue draws, which
tapped card goes into the envelope) is a chance node; the session picks and records it.
Hands are never entered: the companion hears only *that* a player showed a card.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.engine.frozen import replace
from companion.engine.lessons import what_for
from companion.engine.news import say as _say
from companion.engine.present import present
from companion.engine.tuples import put, without
from companion.engine.words import and_names
from companion.games.clue_it import components as ci
from companion.games.clue_it import why
from companion.games.clue_it.content import names_entered, passages_entered
from companion.games.clue_it.odds import ROLLS, reaching
from companion.games.clue_it.prompts import PILE_WORD
from companion.games.clue_it.state import State, Step, returning, returning_stack
from companion.i18n import msg, nmsg, notable, todo

MIN_PLAYERS, MAX_PLAYERS = 2, 7


def setup(players: Sequence[str], options: Mapping[str, Any],
          content: Mapping[str, Mapping[str, Any]] | None = None) -> State:
    """A new game: every Kid mover and Item token in the centre ("Setup"), full Intrigue deck.

    Args:
        players: 2–7 distinct names, seated clockwise.
        options: resolved options (:func:`companion.engine.resolve_options`).
        content: the table's entries (the header's ``content``, checked): Rumor card names
            and the corners' secret passages (:mod:`companion.games.clue_it.content`).

    The engine has checked the player count (2 to 7) and the names first (``Game.setup``).
    """
    n = len(players)
    return State(
        players=tuple(players),
        options=dict(options),
        movers=(ci.CENTRE,) * len(ci.KIDS),
        tokens=(ci.CENTRE,) * len(ci.ITEMS),
        intrigue_deck=ci.intrigue_deck() if options["intrigue_deck"] != "off" else (),
        kids=(None,) * n,
        eliminated=(False,) * n,
        held=((),) * n,
        powers_used=(False,) * n,
        names=names_entered(content),
        passages=passages_entered(content),
        news=_checklist(options),
    )


def _checklist(options: Mapping[str, Any]) -> tuple:
    """The set-up as a checklist for the table ("Setup"): the movers and tokens, the Intrigue
    deck, the Clue sheets."""
    lines = [what_for(todo("setup", "Place all seven Kid movers and all six Item tokens in the centre of the "
                                    "board."),
                      msg("Everybody starts in the middle, even the Kids nobody plays: any of them could be "
                          "the answer."))]
    if options["intrigue_deck"] == "physical":
        lines.append(what_for(todo("setup", "Shuffle the Intrigue cards and place them face-down beside the "
                                            "board."),
                              msg("When a die shows a question mark, you draw an Intrigue card: a surprise that "
                                  "can help you.")))
    lines.append(what_for(todo("setup", "Everyone takes a CLUE sheet and keeps it to themselves."),
                          msg("You cross off every card you see. What is left is the answer, so keep your sheet "
                              "secret.")))
    return tuple(lines)


def _said(state: State, *lines, **changes) -> State:
    """``state`` with ``changes`` and ``lines`` said after its news, in one copy (a rule's
    ``replace`` and ``say`` in a row, made once: issue 35)."""
    return replace(state, news=state.news + lines, **changes)


# --------------------------------------------------------------------------- setup steps


def _choose_kid(state: State, kid: str) -> State:
    """"Select the Kid you will be playing as and take the matching Personality Card."""
    name = state.players[state.chooser]
    kids = put(state.kids, state.chooser, kid)
    state = _say(replace(state, kids=kids), msg("{player} plays {kid}.", player=name, kid=state.name(kid)))
    if state.chooser + 1 < len(state.players):
        return replace(state, chooser=state.chooser + 1)
    return replace(state, step=Step.SEAL)


def _sealed(state: State, _arg: str) -> State:
    """The table sealed the envelope by hand ("Distribute Cards"): the companion never knows it."""
    return _say(replace(state, step=Step.DEAL), why.envelope_aside(todo("place", "Put the envelope off to the side.")))


def _seal_tap(state: State, card: str) -> State:
    """One card of the current pile laid face-down (issue 11: the companion seals): tapped
    (``card`` read), or touched on the screen (:data:`~components.UNREAD`, not read)."""
    if card != ci.UNREAD and card in state.seal_taps:  # accepted, changes nothing: a refusal tells no more
        return _say(state, msg("That card was tapped already: tap the next card of the pile."))
    taps = state.seal_taps + (card,)
    if len(taps) < len(ci.PILE_CARDS[ci.PILES[state.pile]]):
        return replace(state, seal_taps=taps)
    return replace(state, seal_taps=taps, step=Step.SEAL_PICK)


def _seal_pick(state: State, position: str) -> State:
    """The companion's pick: the card at ``position`` in the row goes into the envelope.
    Only the position is told, never the name."""
    index = int(position) - 1
    pile, row = ci.PILES[state.pile], len(state.seal_taps)
    state = replace(state, envelope=state.envelope + (state.seal_taps[index],), seal_taps=())
    line = todo("place", "Put {pile} card number {position} of the row into the envelope without looking; shuffle "
                "the other {pile} cards back together.", pile=PILE_WORD[pile], position=int(position))
    state = _say(state, why.envelope_pick(line, int(position), row))
    if state.pile + 1 < len(ci.PILES):
        return replace(state, pile=state.pile + 1, step=Step.SEAL)
    sealed = todo("place", "The envelope is sealed: put it off to the side.")
    state = _say(replace(state, step=Step.DEAL), why.envelope_sealed(sealed))
    if state.envelope_known:
        return state
    return _say(state, why.unread(msg("The companion did not read every card in the envelope: an accuser looks in "
                                      "the envelope secretly and says right or wrong.")))


def _dealt(state: State, _arg: str) -> State:
    """Cards dealt; "Everyone rolls a die. Highest roller goes first"."""
    return replace(state, step=Step.ROLLOFF, contenders=tuple(range(len(state.players))), rolloff=())


def _rolloff(state: State, _arg: str) -> State:
    return replace(state, step=Step.ROLLOFF_DIE)


def _rolloff_die(state: State, face: str) -> State:
    """One contender's die. A "?" counts as 1 here (INFERRED: it takes the 1's place).
    The highest roll goes first; tied highest rollers roll again."""
    who = state.players[state.contenders[len(state.rolloff)]]
    state = _say(replace(state, rolloff=state.rolloff + (face,)),
                 why.rolloff(msg("{player} rolled {face}.", player=who, face=face), face))
    if len(state.rolloff) < len(state.contenders):
        return state
    values = [_pips(f) for f in state.rolloff]
    best = max(values)
    top = [p for p, v in zip(state.contenders, values) if v == best]
    if len(top) > 1:
        tie = msg("{players} tie: they roll again.", players=and_names(state.players[p] for p in top))
        return _say(replace(state, contenders=tuple(top), rolloff=()), why.rolloff_tie(tie, best))
    first = top[0]
    state = replace(state, contenders=(), rolloff=())
    line = msg("{player} goes first; play continues clockwise.", player=state.players[first])
    state = _say(state, why.first_player(line, best))
    return _start_turn(state, first)


# --------------------------------------------------------------------------- the turn


def _start_turn(state: State, player: int, after: int | None = None) -> State:
    """``player``'s turn; ``after``: the player whose turn ended (the why of who is next)."""
    line = turn_line(state.players[player])
    if after is None:
        line = why.opening_turn(line)
    else:
        n = len(state.players)
        gap = (player - after) % n or n
        skipped = tuple(state.players[(after + k) % n] for k in range(1, gap))
        line = why.next_turn(line, state.players[after], skipped)
    return _said(state, line, active=player, turn=state.turn + 1, step=Step.TURN, dice=(), moves=None, squares=None,
                 entered=False, asked=False, q_kid=None, answerer=None, accusation=())


def turn_line(player: str):
    """"Ada's turn." (Italian "Turno di Ada.": one sentence for every name, issue 29)."""
    return msg("{player}'s turn.", player=player)


def _end_turn(state: State, _arg: str = "") -> State:
    """Play continues clockwise; eliminated players are skipped ("Were you Wrong?")."""
    n = len(state.players)
    for step in range(1, n + 1):
        nxt = (state.active + step) % n
        if not state.eliminated[nxt]:
            return _start_turn(state, nxt, after=state.active)
    raise AssertionError("a game with every player out is over")


def _roll(state: State, _arg: str) -> State:
    return replace(state, step=Step.DICE, dice=())


def _die(state: State, face: str) -> State:
    """"Roll the dice and move up to the sum of the two dice. If one of the dice shows a
    Question Mark, immediately draw an Intrigue Card. Then move up to the amount shown on
    the other die." Both "?": house rule ``double_question`` (notes 3.C I-A2)."""
    dice = state.dice + (face,)
    if len(dice) < 2:
        return replace(state, dice=dice)
    line = msg("{player} rolled {first} and {second}.", player=state.player, first=dice[0], second=dice[1])
    questions = dice.count(ci.QUESTION)
    intrigue = state.options["intrigue_deck"] != "off"
    # one copy for the roll, its line and the move (or the draws) it gives
    if not intrigue:  # "ignore the '?' on the die": INFERRED, it counts as 1
        moves = sum(_pips(f) for f in dice)
        return _said(state, why.dice(line, dice, "off" if questions else "sum", moves), dice=(), last_roll=dice,
                     moves=moves, step=Step.STOP)
    if questions == 0:
        moves = sum(int(f) for f in dice)
        return _said(state, why.dice(line, dice, "sum", moves), dice=(), last_roll=dice, moves=moves, step=Step.STOP)
    if questions == 1:
        other = int(next(f for f in dice if f != ci.QUESTION))
        return _draw_then(_said(state, why.dice(line, dice, "one", other), dice=(), last_roll=dice, moves=other),
                          1, Step.STOP)
    draws = 2 if state.options["double_question"] == "two" else 1
    return _draw_then(_said(state, why.dice(line, dice, "two", 0, draws), dice=(), last_roll=dice, moves=0),
                      draws, Step.END)


def _squares(state: State, count: str) -> State:
    """The odds meter's input (no rule of the game): ``squares`` opens the pick, ``squares:9``
    says the nearest location is 9 squares away. It changes nothing but the meter."""
    if not count:
        return replace(state, step=Step.SQUARES)
    squares = int(count)
    line = nmsg("{player}: the nearest location is {squares} square away.",
                "{player}: the nearest location is {squares} squares away.", "squares",
                player=state.player, squares=squares)
    return _said(state, why.squares(line, squares, reaching(state, squares), len(ROLLS)), squares=squares,
                 step=Step.TURN)


def _cancel_squares(state: State, _arg: str) -> State:
    return replace(state, step=Step.TURN)


def _passage(state: State, _arg: str) -> State:
    """"Use a Secret Passage … Do not roll the dice if you use a Secret Passage.\""""
    target = present(state.passage_from(state.place), "a secret passage from here")
    line = todo("move", "{player} takes the secret passage to {place}.", player=state.player, place=state.name(target))
    state = _say(state, why.passage(line, state.name(target)))
    return _enter(state, target)


def _stop(state: State, where: str) -> State:
    """Where the mover stopped: a location (ask a question), the centre (accuse), an
    Intrigue space ("When you land on an intrigue Space, pick up the top Intrigue Card"),
    or elsewhere (the turn ends)."""
    if where in ci.LOCATIONS:
        return _enter(state, where)
    if where == "centre":
        line = why.in_centre(msg("{player} is in the centre.", player=state.player))
        return _said(state, line, movers=_placed(state, ci.CENTRE), step=Step.CENTRE)
    if where == "intrigue" and state.options["intrigue_deck"] != "off":
        line = why.intrigue_space(msg("{player} stopped on an Intrigue space.", player=state.player))
        return _draw_then(_said(state, line, movers=_placed(state, ci.CORRIDOR)), 1, Step.END)
    return replace(state, movers=_placed(state, ci.CORRIDOR), step=Step.END)


def _enter(state: State, location: str) -> State:
    line = msg("{player} is in {place}.", player=state.player, place=state.name(location))
    return _said(state, line if state.asked else why.in_location(line), movers=_placed(state, location), entered=True,
                 step=Step.END if state.asked else Step.ASK_KID)


def _ask_here(state: State, _arg: str) -> State:
    """House rule ``ask_requires_entry = present``: ask where one already is (notes 3.C I-A4)."""
    return replace(state, step=Step.ASK_KID)


def _placed(state: State, place: str) -> tuple[str, ...]:
    """The movers with the active player's at ``place``."""
    kid = state.kids[state.active]
    return put(state.movers, ci.KIDS.index(kid), place)


# --------------------------------------------------------------------------- questions


def _ask(state: State, card: str) -> State:
    """Name a kid, then an item; the location is the one the asker is in ("Ask a Question")."""
    if state.step == Step.ASK_KID:
        return replace(state, q_kid=card, step=Step.ASK_ITEM)
    return _question(state, present(state.q_kid, "the kid named"), card, state.place)


def _no_question(state: State, _arg: str) -> State:
    back = Step.END if state.entered else Step.TURN  # "ask-here" at the start may be taken back
    return replace(state, step=back, q_kid=None)


def _cancel_question(state: State, _arg: str) -> State:
    return replace(state, step=Step.ASK_KID, q_kid=None)


def _question(state: State, kid: str, item: str, location: str) -> State:
    """Move the named Kid's mover and the Item into the location; the first to answer is
    the player to the asker's immediate left ("Answering a Question")."""
    movers = put(state.movers, ci.KIDS.index(kid), location)
    tokens = put(state.tokens, ci.ITEMS.index(item), location)
    named = (state.name(kid), state.name(item), state.name(location))
    line = todo("move", "{player} asks: {kid}, {item}, {place}. Move that Kid mover and Item token there.",
                player=state.player, kid=named[0], item=named[1], place=named[2])
    lines = (why.question(line, *named),)
    first = next_answerer(state, state.active)  # (reads none of the fields the question changes)
    if first is not None:
        lines += (why.first_answer(msg("{player} answers first.", player=state.players[first]), state.player,
                                   _passed_over(state, state.active, first)),)
    state = _said(state, *lines, movers=movers, tokens=tokens, asked=True, q_kid=None,
                  question=(state.player, kid, item, location), answers=(),
                  pending=returning_stack(state, resume=Step.TURN))
    if first is None:
        return _nobody_answers(state)
    return replace(state, step=Step.ANSWER, answerer=first)


def _passed_over(state: State, after: int, answerer: int) -> tuple[str, ...]:
    """Players between ``after`` and ``answerer`` (to the left) who do not answer (house rule
    ``eliminated_answers = reveal``)."""
    n = len(state.players)
    return tuple(state.players[(after + k) % n] for k in range(1, (answerer - after) % n))


def next_answerer(state: State, after: int) -> int | None:
    """The next player to the left of ``after`` who answers the active player's question,
    or None when the order is back at the asker.

    Eliminated players still answer unless house rule ``eliminated_answers`` is ``reveal``
    (their cards are face-up, notes 3.C I-A3).
    """
    n = len(state.players)
    for step in range(1, n):
        candidate = (after + step) % n
        if candidate == state.active:
            return None
        if state.eliminated[candidate] and state.options["eliminated_answers"] == "reveal":
            continue
        return candidate
    return None


def _showed(state: State, _arg: str) -> State:
    """"They show it to you and only you": the card is never entered."""
    who = state.players[present(state.answerer, "the player answering")]
    line = why.showed(msg("{answerer} showed {player} a card.", answerer=who, player=state.player))
    return _said(state, line, answers=state.answers + ((who, True),), answerer=None, step=Step.END)


def _none(state: State, _arg: str) -> State:
    answerer = present(state.answerer, "the player answering")
    who = state.players[answerer]
    answers = state.answers + ((who, False),)
    cannot = why.cannot(msg("{player} cannot answer.", player=who))
    nxt = next_answerer(state, answerer)  # (reads no answers)
    if nxt is None:
        return _nobody_answers(_said(state, cannot, answers=answers, answerer=None))
    return _said(state, cannot, why.next_answer(msg("{player} answers next.", player=state.players[nxt]), who),
                 answers=answers, answerer=nxt)


def _nobody_answers(state: State) -> State:
    """"If no one can answer your Question, your turn is over.\""""
    state = _say(state, why.nobody(msg("Nobody can answer: the turn is over."), len(state.answers)))
    return _end_turn(state)


# --------------------------------------------------------------------------- Intrigue cards


def _draw_then(state: State, draws: int, after: Step) -> State:
    return _next_draw(replace(state, draws_left=draws, pending=returning_stack(state, after_draw=after)))


def _next_draw(state: State) -> State:
    if state.draws_left <= 0:
        return replace(state, step=state.after_draw if not (state.after_draw == Step.STOP and state.moves == 0)
                       else Step.END)
    if not state.intrigue_deck:
        if not state.intrigue_discard:
            return _say(replace(state, draws_left=0, step=state.after_draw),
                        why.deck_empty(msg("The Intrigue deck is empty: no card to draw.")))
        count = len(state.intrigue_discard)
        state = _say(replace(state, intrigue_deck=tuple(sorted(state.intrigue_discard)), intrigue_discard=()),
                     why.deck_reshuffled(todo("return", "Shuffle the Intrigue discards into a new deck."), count))
    return replace(state, step=Step.DRAW)


def _intrigue(state: State, card: str) -> State:
    """One Intrigue card drawn ("Intrigue Cards"): "Play Immediately" cards at once, Red
    Balloons counted (house rule ``balloon_rule``), any other card kept."""
    if card not in state.intrigue_deck and card in state.held[state.active]:  # the drawer knows their own
        return _say(state, msg("{player} keeps that Intrigue card already: draw the top card of the Intrigue deck.",
                               player=state.player))
    state = replace(state, intrigue_deck=_drawn(state.intrigue_deck, card), draws_left=state.draws_left - 1)
    if card == ci.RED_BALLOON:
        after = _balloon(state)
        return after if after.step in (Step.OVER, Step.TURN) else _next_draw(after)
    if card in ci.IMMEDIATES:
        state = _discard(state, card)
        line = msg("{player} drew {card}: follow its directions now.", player=state.player, card=state.name(card))
        state = _say(state, why.immediate(line, state.name(card)))
        return _next_draw(state)
    held = put(state.held, state.active, tuple(sorted(state.held[state.active] + (card,))))
    state = _say(replace(state, held=held), why.kept(msg("{player} keeps an Intrigue card.", player=state.player)))
    if state.options["intrigue_deck"] == "virtual":
        return replace(state, step=Step.PEEK, peek=card)
    return _next_draw(state)


def _balloon(state: State) -> State:
    """A Red Balloon. The Nth one (N = :data:`~components.BALLOONS`) eliminates the drawer
    or ends the game (house rule ``balloon_rule``, notes 3.C I-A5; mechanics INFERRED)."""
    count = state.balloons + 1
    state = _discard(replace(state, balloons=count), ci.RED_BALLOON)
    ends_game = state.options["balloon_rule"] == "end_game"
    line = msg("{player} drew a Red Balloon ({count} of {total}).", player=state.player, count=count, total=ci.BALLOONS)
    state = _say(state, notable(why.balloon(line, count, ends_game)))
    if count < ci.BALLOONS:
        return state
    state = replace(state, balloons=0)
    if ends_game:
        line = msg("The {ordinal} Red Balloon ends the game for everyone.", ordinal=_ordinal(ci.BALLOONS))
        return _unsolved(_say(state, why.last_balloon(line)), balloons=True)
    line = todo("out", "The {ordinal} Red Balloon: {player} is out of the game.", ordinal=_ordinal(ci.BALLOONS),
                player=state.player)
    state = _say(state, notable(why.last_balloon(line), msg("The last Red Balloon puts {player} out of the game.",
                                                            player=state.player)))
    return _eliminate(state)


def _peek_show(state: State, _arg: str) -> State:
    return replace(state, step=Step.PEEK_SHOW)


def _peek_hide(state: State, _arg: str) -> State:
    return _next_draw(replace(state, peek=None))


def _play_intrigue(state: State, _arg: str) -> State:
    return replace(state, step=Step.INTRIGUE, pending=returning_stack(state, resume=state.step))


def _play(state: State, card: str) -> State:
    """"You can play as many Intrigue Cards as you like on your turn. Discard all Intrigue
    Cards once they are used." The card's own text is followed by the table."""
    mine = state.held[state.active]
    state = replace(state, held=put(state.held, state.active, without(mine, card)))
    line = msg("{player} plays {card}: follow its directions.", player=state.player, card=state.name(card))
    state = _say(_discard(state, card), why.played(line))
    return returning(replace(state, step=state.resume), resume=Step.TURN)


def _cancel_intrigue(state: State, _arg: str) -> State:
    return returning(replace(state, step=state.resume), resume=Step.TURN)


def _power(state: State, _arg: str) -> State:
    """"This power can only be used once per game. After you use it, turn the card over.\""""
    kid = state.name(present(state.kids[state.active], "the active player's kid"))
    state = replace(state, powers_used=put(state.powers_used, state.active, True))
    return _say(state, why.power(todo("flip", "{player} uses {kid}'s Personality power: follow the card, then turn "
                                      "it over.", player=state.player, kid=kid)))


# --------------------------------------------------------------------------- the centre


def _look_centre(state: State, _arg: str) -> State:
    """Variant: "look at any or all face-down rumor cards" instead of accusing."""
    state = _say(state, why.look_centre(msg("{player} looks at the face-down cards in the centre.",
                                            player=state.player)))
    return replace(state, step=Step.END)


def _accuse(state: State, _arg: str) -> State:
    step = Step.ACCUSE_PRIVATE if state.envelope_known else Step.ACCUSE_TABLE
    line = notable(why.accuses(msg("{player} makes an accusation.", player=state.player), state.envelope_known))
    return _say(replace(state, step=step, accusation=()), line)


def _cancel_accuse(state: State, _arg: str) -> State:
    return replace(state, step=Step.CENTRE, accusation=())


def _private_ready(state: State, _arg: str) -> State:
    return replace(state, step=Step.ACCUSE_KID)


def _accuse_pick(state: State, card: str) -> State:
    """A pick on the privacy screen; nothing is said."""
    picks = state.accusation + (card,)
    steps = (Step.ACCUSE_ITEM, Step.ACCUSE_LOCATION, Step.ACCUSE_CONFIRM)
    return replace(state, accusation=picks, step=steps[len(picks) - 1])


def _accuse_restart(state: State, _arg: str) -> State:
    return replace(state, accusation=(), step=Step.ACCUSE_KID)


def _accuse_check(state: State, _arg: str) -> State:
    """The companion checks the accusation against the envelope it sealed and says only
    right or wrong ("Were you Wrong? … don't tell the other players which one you got wrong")."""
    right = tuple(state.accusation) == tuple(state.envelope)
    state = replace(state, accusation=())
    return _right(state) if right else _wrong(state)


def _right(state: State, _arg: str = "") -> State:
    """"You win! … Reveal the cards in the mystery Envelope to everyone.\""""
    line = msg("{player} is right and solves the mystery!", player=state.player)
    state = _say(state, notable(why.right(line, state.envelope_known)))
    state = _reveal(state)
    return replace(state, outcome=state.player, step=Step.OVER)


def _confirm_right_ask(state: State, _arg: str) -> State:
    return replace(state, step=Step.CONFIRM_RIGHT)


def _cancel_right(state: State, _arg: str) -> State:
    return replace(state, step=Step.ACCUSE_TABLE)


def _wrong(state: State, _arg: str = "") -> State:
    """"Oops! You've made a mistake and are out of the game.\""""
    line = todo("out", "{player}'s accusation is wrong: {player} is out of the game.", player=state.player)
    recap = msg("{player} accuses wrongly and is out of the game.", player=state.player)
    state = _say(state, notable(why.wrong(line, state.envelope_known), recap))
    if not state.envelope_known:
        state = _say(state, why.put_back(todo("return", "Secretly return the cards to the envelope.")))
    return _eliminate(state)


def _eliminate(state: State) -> State:
    """The active player is out; everyone out ends the game unsolved (notes 3.C I-A3)."""
    state = replace(state, eliminated=put(state.eliminated, state.active, True), draws_left=0)
    if not state.in_play:
        return _unsolved(state)
    if state.options["eliminated_answers"] == "reveal":
        state = _say(state, why.out_cards(todo("place", "{player}: lay your Rumor cards face-up beside the board.",
                                               player=state.player), True))
    else:
        state = _say(state, why.out_cards(msg("{player} keeps the Rumor cards and still answers questions.",
                                              player=state.player), False))
    return _end_turn(state)


def _unsolved(state: State, balloons: bool = False) -> State:
    """"If everyone makes an incorrect accusation, the game is over and the mystery
    remains unsolved. Take the cards out of the envelope and look." (``balloons``: the last
    Red Balloon ended it, house rule ``balloon_rule``.)"""
    state = _say(state, why.unsolved(msg("The mystery remains unsolved."), balloons))
    return replace(_reveal(state), outcome="unsolved", step=Step.OVER)


def _reveal(state: State) -> State:
    if not state.envelope_known:
        return _say(state, why.revealed(todo("flip", "Take the cards out of the envelope and show them to everyone.")))
    kid, item, location = (state.name(c) for c in state.envelope)
    return _say(state, why.revealed(msg("The envelope holds: {kid}, {item}, {place}.", kid=kid, item=item,
                                        place=location)))


#: Each action's rule by its kind (``Game.handlers``: the engine clears the news and calls
#: ``HANDLERS[kind](state, rest)`` for an action it found legal now). A card tapped twice while
#: sealing, or an Intrigue card the drawer keeps already, is accepted and only explained; one
#: another player keeps is taken as drawn (:func:`_drawn`): the list of choices never depends
#: on hidden cards, and neither does what a choice answers.
HANDLERS = {
    "kid": _choose_kid,
    "sealed": _sealed,
    "seal": _seal_tap,
    "envelope": _seal_pick,
    "dealt": _dealt,
    "rolloff": _rolloff,
    "rolloff-die": _rolloff_die,
    "roll": _roll,
    "squares": _squares,
    "cancel-squares": _cancel_squares,
    "die": _die,
    "passage": _passage,
    "ask-here": _ask_here,
    "stop": _stop,
    "ask": _ask,
    "no-question": _no_question,
    "cancel-question": _cancel_question,
    "showed": _showed,
    "none": _none,
    "intrigue": _intrigue,
    "peek-show": _peek_show,
    "peek-hide": _peek_hide,
    "play-intrigue": _play_intrigue,
    "play": _play,
    "cancel-intrigue": _cancel_intrigue,
    "power": _power,
    "look-centre": _look_centre,
    "accuse": _accuse,
    "cancel-accuse": _cancel_accuse,
    "private-ready": _private_ready,
    "accuse-restart": _accuse_restart,
    "accuse-check": _accuse_check,
    "right": _confirm_right_ask,
    "confirm-right": _right,
    "cancel-right": _cancel_right,
    "wrong": _wrong,
    "pick": _accuse_pick,
    "end-turn": _end_turn,
}


# --------------------------------------------------------------------------- helpers


def _pips(face: str) -> int:
    return 1 if face == ci.QUESTION else int(face)


def _ordinal(n: int) -> str:
    """"1st", "2nd", "3rd", "8th" as a message (Italian "1º", "8º")."""
    if n == 1:
        return msg("1st")
    if n == 2:
        return msg("2nd")
    if n == 3:
        return msg("3rd")
    return msg("{n}th", n=n)


def _drawn(deck: tuple[str, ...], card: str) -> tuple[str, ...]:
    """The Intrigue deck after ``card`` is drawn from it.

    A physical deck's card the companion records as kept by another player (one of them
    named the wrong card, at this draw or at theirs) is taken as drawn all the same, and one
    card leaves the deck, a kept kind first: refused, the drawer would learn whose card it is
    (newcomer 19 finding 1), and the deck's size, which everyone sees, must fall by one as for
    any draw. The companion cannot tell which of the two named the wrong card, so it keeps
    both records as they were said.
    """
    if card in deck:
        return without(deck, card)
    kept = [c for c in deck if c in ci.KEEPERS]
    return without(deck, kept[0] if kept else deck[0])


def _discard(state: State, card: str) -> State:
    return replace(state, intrigue_discard=tuple(sorted(state.intrigue_discard + (card,))))
