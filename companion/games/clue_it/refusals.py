"""Why a touch or a tap picks nothing now, in the players' words (``Game.refusal``,
issue 19 "Refusals that name the rule" and item 14, privacy).

A refusal goes to the whole table, so it never names a card: a Rumor card tapped is "a Rumor
card" (it may be face-down or in a hand) and an Intrigue card tapped at the wrong moment is
"a hidden card" (it may be one a player keeps), with whose turn it is. Kids chosen, where the
movers stand and the board's passages are public.
"""

from __future__ import annotations

from companion.engine.core import sentence
from companion.games.clue_it import components as ci
from companion.games.clue_it.prompts import PILE_WORD, prompt
from companion.games.clue_it.state import PRIVATE_STEPS, State, Step
from companion.i18n import Msg, NewsLine, msg

#: Steps of the set-up, before the first turn.
_SETUP = (Step.CHOOSE_KID, Step.SEAL, Step.SEAL_PICK, Step.DEAL, Step.ROLLOFF, Step.ROLLOFF_DIE)

#: Steps of an accusation.
_ACCUSING = (Step.ACCUSE_PRIVATE, Step.ACCUSE_KID, Step.ACCUSE_ITEM, Step.ACCUSE_LOCATION,
             Step.ACCUSE_CONFIRM, Step.ACCUSE_TABLE, Step.CONFIRM_RIGHT)


def refusal(state: State, key: str | None, component: str | None) -> Msg | None:
    """The rule that keeps ``key`` (or a tap of ``component``) from doing anything now."""
    if component is not None:
        return _tap(state, component)
    if key is None:
        return None
    kind, _, arg = key.partition(":")
    reason = _REASONS.get(kind)
    return (reason(state, arg) if reason is not None else None) or _turn(state)


def _now(state: State) -> str | NewsLine:
    return sentence(prompt(state).text)


def _whose(state: State) -> Msg:
    """Whose turn it is, or that the game is being set up."""
    if state.step in _SETUP:
        return msg("The table is setting up.")
    from companion.games.clue_it.rules import turn_line

    return turn_line(state.player)


def _turn(state: State) -> Msg:
    """The rulebook's "On your turn", and what is due now."""
    return msg("On your turn: roll or take a secret passage, move, ask a question in the location you "
               "entered, then End turn; accuse from the centre. Now: {prompt}", prompt=_now(state))


# --------------------------------------------------------------------------- taps


def _tap(state: State, component: str) -> Msg | None:
    game, _, rest = component.partition(":")
    kind, _, card = rest.partition(":")
    if game != ci.GAME_ID:
        return None
    if kind == "intrigue":
        return _hidden_intrigue(state, card)
    if kind in ci.PILES:
        return _rumor(state, kind)
    return None


def _hidden_intrigue(state: State, card: str) -> Msg:
    """Issue 19 item 14: an Intrigue card tapped at the wrong moment may be one a player
    keeps: never named."""
    if state.step == Step.DRAW and state.options["intrigue_deck"] == "physical":
        return msg("A hidden card was tapped, and every card of its kind is in the discard pile: draw the "
                   "top card of the Intrigue deck. {prompt}", prompt=_now(state))
    if state.step == Step.INTRIGUE:
        return msg("A hidden card was tapped that {player} does not keep: tap one of your own Intrigue "
                   "cards, or Not now. {prompt}", player=state.player, prompt=_now(state))
    if state.options["intrigue_deck"] == "off":
        return msg("A hidden card was tapped: this game plays without Intrigue cards. {whose}",
                   whose=_whose(state))
    return msg("A hidden card was tapped: no Intrigue card is drawn or played now. {whose} {prompt}",
               whose=_whose(state), prompt=_now(state))


def _rumor(state: State, pile: str) -> Msg:
    """A Rumor card tapped (never named: it may be face-down or in a hand)."""
    if state.step == Step.SEAL and state.sealed_by_companion:
        return msg("That card is from the {tapped} pile; the {pile} cards are being sealed now. {prompt}",
                   tapped=PILE_WORD[pile], pile=PILE_WORD[ci.PILES[state.pile]], prompt=_now(state))
    if state.step == Step.ASK_KID:
        return msg("A question names a kid first, then an item; the location is where you are. {prompt}",
                   prompt=_now(state))
    if state.step == Step.ASK_ITEM:
        return msg("Now name an item; the location is where you are. {prompt}", prompt=_now(state))
    if state.step == Step.ANSWER:
        return msg("A card shown to answer a question is shown to the asker only, never tapped. {prompt}",
                   prompt=_now(state))
    return msg("A Rumor card is tapped only to seal the envelope or to name it in a question. {whose} {prompt}",
               whose=_whose(state), prompt=_now(state))


# --------------------------------------------------------------------------- touches


def _choose_kid(state: State, kid: str) -> Msg:
    if state.step != Step.CHOOSE_KID:
        return msg("Kids are chosen at set-up, one each. {prompt}", prompt=_now(state))
    return msg("That Kid is taken: each player plays a different Kid. {prompt}", prompt=_now(state))


def _setup_step(state: State, _arg: str) -> Msg:
    if state.step not in _SETUP:
        return msg("The set-up is done: the envelope is sealed and the cards are dealt. {prompt}",
                   prompt=_now(state))
    return msg("Set-up goes in order: choose Kids, seal the envelope, deal, roll for the first player. "
               "{prompt}", prompt=_now(state))


def _roll(state: State, _arg: str) -> Msg:
    if state.step in _SETUP:
        return _setup_step(state, "")
    return msg("The dice are rolled once, at the start of one's turn. {prompt}", prompt=_now(state))


def _passage(state: State, _arg: str) -> Msg:
    if state.step != Step.TURN:
        return msg("A secret passage is taken instead of rolling, at the start of the turn. {prompt}",
                   prompt=_now(state))
    return msg("There is no secret passage from here: only the 4 corner Locations have one. {prompt}",
               prompt=_now(state))


def _double_question(state: State) -> bool:
    """This turn's roll was "?" and "?": the mover does not move (notes 3.C I-A2)."""
    return (state.step in (Step.DRAW, Step.PEEK, Step.PEEK_SHOW, Step.END) and not state.entered
            and state.moves == 0 and state.last_roll.count(ci.QUESTION) == 2)


def _stop(state: State, where: str) -> Msg:
    if _double_question(state):
        return msg("Both dice showed \"?\": the mover does not move this turn. {prompt}", prompt=_now(state))
    if state.step != Step.STOP:
        return msg("Where the mover stopped is touched after the roll. {prompt}", prompt=_now(state))
    return msg("The mover is there already: touch where it stopped. {prompt}", prompt=_now(state))


def _ask(state: State, _arg: str) -> Msg:
    if state.step == Step.ASK_KID:
        return msg("A question names a kid first, then an item; the location is where you are. {prompt}",
                   prompt=_now(state))
    if state.step == Step.ASK_ITEM:
        return msg("Now name an item; the location is where you are. {prompt}", prompt=_now(state))
    if state.asked:
        return msg("One question a turn: {player} has asked. {prompt}", player=state.player, prompt=_now(state))
    return msg("A question is asked after moving into a location (not the centre). {prompt}", prompt=_now(state))


def _ask_here(state: State, _arg: str) -> Msg:
    if state.step == Step.TURN and state.place not in ci.LOCATIONS:
        return msg("A question is asked in a Location, except the centre: {player} is not in one. {prompt}",
                   player=state.player, prompt=_now(state))
    if state.options["ask_requires_entry"] == "entered":
        return msg("A question needs a location entered this turn (a house rule of this game). {prompt}",
                   prompt=_now(state))
    return _ask(state, "")


def _answer(state: State, _arg: str) -> Msg:
    return msg("Answers come only after a question, from the asker's left. {prompt}", prompt=_now(state))


def _accuse(state: State, _arg: str) -> Msg:
    if state.step in _ACCUSING:
        return msg("{player} is making an accusation. {prompt}", player=state.player, prompt=_now(state))
    return msg("An accusation is made in the centre of the board: end a move there. {prompt}", prompt=_now(state))


def _look_centre(state: State, _arg: str) -> Msg:
    if state.options["leftover_mode"] != "centre":
        return msg("The leftover cards lie face-up beside the board (a house rule of this game). {prompt}",
                   prompt=_now(state))
    return msg("The centre cards are looked at instead of accusing, after ending a move in the centre. "
               "{prompt}", prompt=_now(state))


def _verdict(state: State, _arg: str) -> Msg:
    if state.envelope_known and state.step in _ACCUSING:
        return msg("The companion checks this accusation against the envelope it sealed. {prompt}",
                   prompt=_now(state))
    return msg("Right or wrong is said after an accusation. {prompt}", prompt=_now(state))


def _private(state: State, _arg: str) -> Msg:
    if state.step in PRIVATE_STEPS:
        return msg("Only {player} looks at the screen now. {prompt}", player=state.player, prompt=_now(state))
    return msg("That is done on the privacy screen, by the player whose turn it is. {whose} {prompt}",
               whose=_whose(state), prompt=_now(state))


def _power(state: State, _arg: str) -> Msg:
    if state.step not in _SETUP and state.powers_used[state.active]:
        return msg("{player}'s Personality power is used: it works once per game. {prompt}",
                   player=state.player, prompt=_now(state))
    return msg("A Personality power is used on one's own turn. {prompt}", prompt=_now(state))


def _play_intrigue(state: State, _arg: str) -> Msg:
    if state.step not in _SETUP and not state.held[state.active]:
        return msg("{player} keeps no Intrigue card to play. {prompt}", player=state.player, prompt=_now(state))
    return msg("Intrigue cards are played on one's own turn. {prompt}", prompt=_now(state))


def _intrigue_card(state: State, _arg: str) -> Msg:
    return _hidden_intrigue(state, "")


def _end_turn(state: State, _arg: str) -> Msg:
    if state.step == Step.TURN:
        return msg("First roll the dice or take a secret passage. {prompt}", prompt=_now(state))
    if state.step in (Step.ASK_KID, Step.ASK_ITEM):
        return msg("Finish the question, or touch No question. {prompt}", prompt=_now(state))
    if state.step == Step.ANSWER:
        return msg("The question is answered first, from the asker's left. {prompt}", prompt=_now(state))
    if state.step == Step.STOP:
        return msg("First touch where the mover stopped. {prompt}", prompt=_now(state))
    return _turn(state)


def _dice(state: State, _arg: str) -> Msg:
    return msg("The companion rolls the dice and picks the envelope's cards: nothing to touch. {prompt}",
               prompt=_now(state))


_REASONS = {
    "kid": _choose_kid,
    "sealed": _setup_step,
    "seal": lambda state, _arg: _rumor(state, ci.PILES[state.pile]) if state.step == Step.SEAL
    else _setup_step(state, ""),
    "dealt": _setup_step,
    "rolloff": _setup_step,
    "roll": _roll,
    "passage": _passage,
    "stop": _stop,
    "ask": _ask,
    "ask-here": _ask_here,
    "no-question": _ask,
    "cancel-question": _ask,
    "showed": _answer,
    "none": _answer,
    "accuse": _accuse,
    "cancel-accuse": _accuse,
    "look-centre": _look_centre,
    "right": _verdict,
    "wrong": _verdict,
    "confirm-right": _verdict,
    "cancel-right": _verdict,
    "private-ready": _private,
    "pick": _private,
    "accuse-restart": _private,
    "accuse-check": _private,
    "peek-show": _private,
    "peek-hide": _private,
    "power": _power,
    "play-intrigue": _play_intrigue,
    "cancel-intrigue": _play_intrigue,
    "intrigue": _intrigue_card,
    "play": _intrigue_card,
    "end-turn": _end_turn,
    "die": _dice,
    "rolloff-die": _dice,
    "envelope": _dice,
}
