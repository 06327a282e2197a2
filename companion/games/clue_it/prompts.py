"""What the table does next in CLUE: IT: one prompt builder per :class:`Step`.

Every text here goes to the shared screen. None names a card of the envelope, a hand or a
kept Intrigue card; choice lists of Rumor cards always list a whole pile, so what is
listed never depends on hidden information. Choices made on the privacy screen (the
accusation's picks and its check, a kept Intrigue card seen or played) are ``private``: the
daemon sends their labels only to the privacy screen, and the kept card's name is only in
:func:`~companion.games.clue_it.state.player_view`.
"""

from __future__ import annotations

from collections import Counter

from companion.engine.core import Chance, Choice, Outcome, Prompt
from companion.games.clue_it import components as ci
from companion.games.clue_it.state import State, Step

PILE_WORD = {"kid": "kid", "item": "item", "location": "location"}


def prompt(state: State) -> Prompt:
    """What the table does next (see :class:`Step`)."""
    return _BUILDERS[state.step](state)


def _choose_kid(state: State) -> Prompt:
    name = state.players[state.chooser]
    taken = set(k for k in state.kids if k)
    choices = tuple(Choice(f"kid:{k}", ci.card_name(k)) for k in ci.KIDS if k not in taken)
    return Prompt(f"{name}: choose the Kid you play and take its Personality card", name, choices)


def _seal(state: State) -> Prompt:
    if not state.sealed_by_companion:
        text = ("Separate the Rumor cards into kids, items and locations; one player secretly puts "
                "one card of each pile into the envelope")
        return Prompt(text, None, (Choice("sealed", "The envelope is sealed"),))
    pile = ci.PILES[state.pile]
    cards = ci.PILE_CARDS[pile]
    n = len(state.seal_taps) + 1
    text = (f"Shuffle the {pile} cards face-down; tap {pile} card {n} of {len(cards)} without "
            f"looking and lay it face-down in a row, left to right")
    # Every card of the pile stays listed (what is listed must not depend on what was tapped).
    label = f"{PILE_WORD[pile].capitalize()} card, face-down"
    choices = tuple(Choice(f"seal:{c}", label, component=ci.rumor_component(c)) for c in cards)
    return Prompt(text, None, choices)


def _seal_pick(state: State) -> Prompt:
    count = len(ci.PILE_CARDS[ci.PILES[state.pile]])
    outcomes = tuple(Outcome(str(i), f"envelope:{i}") for i in range(1, count + 1))
    return Prompt("The companion picks a card for the envelope", None, chance=Chance("envelope", outcomes))


def _deal(state: State) -> Prompt:
    each, left = ci.deal(len(state.players))
    where = ("face-down in the centre of the board" if state.options["leftover_mode"] == "centre"
             else "face-up beside the board")
    rest = f"; put the {left} left over {where}" if left else "; none are left over"
    text = (f"Shuffle the other {ci.RUMOR_COUNT - ci.ENVELOPE_COUNT} Rumor cards and deal "
            f"{each} face-down to each player{rest}")
    return Prompt(text, None, (Choice("dealt", "Cards dealt"),))


def _rolloff(state: State) -> Prompt:
    names = ", ".join(state.players[i] for i in state.contenders)
    text = f"Roll-off for the first player ({names}): press the dice button"
    return Prompt(text, None, (Choice("rolloff", "Roll for first player", button="dice"),))


def _rolloff_die(state: State) -> Prompt:
    who = state.players[state.contenders[len(state.rolloff)]]
    faces = tuple(Outcome(f, f"rolloff-die:{f}") for f in ci.DIE_FACES)
    return Prompt(f"{who} rolls a die for the roll-off", who, chance=Chance("dice", faces))


def _turn(state: State) -> Prompt:
    choices = [Choice("roll", "Roll the dice", button="dice")]
    passage = ci.SECRET_PASSAGES.get(state.place)
    if passage:
        choices.append(Choice("passage", f"Secret passage to {ci.card_name(passage)}"))
    if state.options["ask_requires_entry"] == "present" and state.place in ci.LOCATIONS and not state.asked:
        choices.append(Choice("ask-here", f"Ask in {ci.card_name(state.place)}"))
    choices += _extras(state)
    return Prompt(f"{state.player}: press the dice button, or use a secret passage", state.player,
                  tuple(choices))


def _extras(state: State) -> list[Choice]:
    """Intrigue cards and the Personality power: usable on one's own turn."""
    extras = []
    if state.held[state.active]:
        extras.append(Choice("play-intrigue", "Play an Intrigue card (others look away)"))
    if not state.powers_used[state.active]:
        extras.append(Choice("power", "Use my Personality power"))
    return extras


def _dice(state: State) -> Prompt:
    faces = tuple(Outcome(f, f"die:{f}") for f in ci.DIE_FACES)
    return Prompt(f"{state.player} rolls the dice", state.player, chance=Chance("dice", faces))


def _draw(state: State) -> Prompt:
    text = f"{state.player}: draw the top Intrigue card and tap it on the reader"
    if state.options["intrigue_deck"] == "physical":
        # Every kind not wholly discarded (public) is listed, kept or not: the list must not
        # tell who keeps what.
        total, gone = Counter(ci.intrigue_deck()), Counter(state.intrigue_discard)
        # Private: the card drawn is tapped (or touched on the privacy screen) and never named
        # on the shared screen (a kept card stays secret; an immediate one is announced).
        choices = tuple(Choice(f"intrigue:{c}", ci.card_name(c), component=ci.intrigue_component(c), private=True)
                        for c in ci.intrigue_kinds() if gone[c] < total[c])
        return Prompt(text, state.player, choices)
    counts = Counter(state.intrigue_deck)
    outcomes = tuple(Outcome(c, f"intrigue:{c}", n) for c, n in sorted(counts.items()))
    return Prompt(f"{state.player} draws an Intrigue card", state.player,
                  chance=Chance("intrigue", outcomes))


def _peek(state: State) -> Prompt:
    # Private choices: the daemon's privacy screen offers them to the drawer alone.
    text = (f"{state.player} keeps an Intrigue card: everyone else looks away; "
            f"{state.player}, touch Show my card")
    return Prompt(text, state.player, (Choice("peek-show", "Show my card", private=True),))


def _peek_show(state: State) -> Prompt:
    # The card itself is only in the drawer's private view (``player_view``), never here.
    text = f"Only {state.player} looks: your new Intrigue card is on the privacy screen. Touch Hide"
    return Prompt(text, state.player, (Choice("peek-hide", "Hide", private=True),))


def _stop(state: State) -> Prompt:
    choices = [Choice(f"stop:{loc}", ci.card_name(loc)) for loc in ci.LOCATIONS if loc != state.place]
    choices += [Choice("stop:centre", "The centre"), Choice("stop:intrigue", "An Intrigue space"),
                Choice("stop:corridor", "Elsewhere")]
    text = f"{state.player}: move up to {state.moves}, then touch where you stopped"
    return Prompt(text, state.player, tuple(choices))


def _ask_kid(state: State) -> Prompt:
    where = ci.card_name(state.place)
    choices = [Choice(f"ask:{k}", ci.card_name(k), component=ci.rumor_component(k)) for k in ci.KIDS]
    choices.append(Choice("no-question", "No question"))
    return Prompt(f"{state.player}: ask a question in {where}: name a kid", state.player, tuple(choices))


def _ask_item(state: State) -> Prompt:
    choices = [Choice(f"ask:{i}", ci.card_name(i), component=ci.rumor_component(i)) for i in ci.ITEMS]
    choices.append(Choice("cancel-question", "Start the question again"))
    return Prompt(f"{state.player} names {ci.card_name(state.q_kid)}: now name an item",
                  state.player, tuple(choices))


def _answer(state: State) -> Prompt:
    who = state.players[state.answerer]
    asker = state.question[0]
    text = (f"{who}: if you hold one of the named cards, show one to {asker} only; "
            f"never tap or touch the card")
    choices = (Choice("showed", f"{who} showed a card"), Choice("none", f"{who} has none"))
    return Prompt(text, who, choices)


def _centre(state: State) -> Prompt:
    choices = [Choice("accuse", "Make an accusation")]
    if state.options["leftover_mode"] == "centre" and ci.deal(len(state.players))[1]:
        choices.append(Choice("look-centre", "Look at the centre cards"))
    choices.append(Choice("end-turn", "End turn"))
    return Prompt(f"{state.player} is in the centre: make an accusation, or end the turn",
                  state.player, tuple(choices))


def _accuse_private(state: State) -> Prompt:
    text = (f"{state.player} makes an accusation: everyone else looks away from the screen. "
            f"{state.player}, touch Only I am looking")
    choices = (Choice("private-ready", "Only I am looking"), Choice("cancel-accuse", "Not now"))
    return Prompt(text, state.player, choices)


def _accuse_pick(state: State, pile: str) -> Prompt:
    # The picks so far are never echoed: the screen may be seen again before the check.
    choices = tuple(Choice(f"pick:{c}", ci.card_name(c), private=True) for c in ci.PILE_CARDS[pile])
    text = f"Only {state.player} looks: which {pile} do you accuse?"
    return Prompt(text, state.player, choices + (Choice("accuse-restart", "Start again"),))


def _accuse_confirm(state: State) -> Prompt:
    # Private: the accuser reviews the picks (``player_view``) on the privacy screen first.
    text = f"Only {state.player} looks: check your accusation against the envelope?"
    choices = (Choice("accuse-check", "Check my accusation", private=True), Choice("accuse-restart", "Start again"))
    return Prompt(text, state.player, choices)


def _accuse_table(state: State) -> Prompt:
    text = (f"{state.player}: say your accusation out loud, then look in the envelope secretly. "
            f"Were you right?")
    choices = (Choice("right", "I was right"), Choice("wrong", "I was wrong"),
               Choice("cancel-accuse", "Not now"))
    return Prompt(text, state.player, choices)


def _confirm_right(state: State) -> Prompt:
    text = f"{state.player}: show everyone the cards in the envelope. Do they match your accusation?"
    return Prompt(text, state.player, (Choice("confirm-right", "Yes, solved!"),
                                       Choice("cancel-right", "No, go back")))


def _intrigue(state: State) -> Prompt:
    # A privacy screen: the choices are the player's own kept cards (private: never listed
    # on the shared screen; a tap of the physical card still plays it).
    choices = tuple(Choice(f"play:{c}", ci.card_name(c), component=ci.intrigue_component(c), private=True)
                    for c in sorted(set(state.held[state.active])))
    return Prompt(f"Only {state.player} looks: tap or touch the Intrigue card you play", state.player,
                  choices + (Choice("cancel-intrigue", "Not now"),))


def _end(state: State) -> Prompt:
    choices = tuple([Choice("end-turn", "End turn")] + _extras(state))
    return Prompt(f"{state.player}: mark your CLUE sheet, then End turn", state.player, choices)


def _over(state: State) -> Prompt:
    if state.outcome == "unsolved":
        return Prompt("The game is over: the mystery remains unsolved.", over=True)
    return Prompt(f"The game is over: {state.outcome} solved the mystery!", over=True)


_BUILDERS = {
    Step.CHOOSE_KID: _choose_kid,
    Step.SEAL: _seal,
    Step.SEAL_PICK: _seal_pick,
    Step.DEAL: _deal,
    Step.ROLLOFF: _rolloff,
    Step.ROLLOFF_DIE: _rolloff_die,
    Step.TURN: _turn,
    Step.DICE: _dice,
    Step.DRAW: _draw,
    Step.PEEK: _peek,
    Step.PEEK_SHOW: _peek_show,
    Step.STOP: _stop,
    Step.ASK_KID: _ask_kid,
    Step.ASK_ITEM: _ask_item,
    Step.ANSWER: _answer,
    Step.CENTRE: _centre,
    Step.ACCUSE_PRIVATE: _accuse_private,
    Step.ACCUSE_KID: lambda s: _accuse_pick(s, "kid"),
    Step.ACCUSE_ITEM: lambda s: _accuse_pick(s, "item"),
    Step.ACCUSE_LOCATION: lambda s: _accuse_pick(s, "location"),
    Step.ACCUSE_CONFIRM: _accuse_confirm,
    Step.ACCUSE_TABLE: _accuse_table,
    Step.CONFIRM_RIGHT: _confirm_right,
    Step.INTRIGUE: _intrigue,
    Step.END: _end,
    Step.OVER: _over,
}
