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
from functools import cache, lru_cache

from companion.engine.core import Chance, Choice, Outcome, Prompt
from companion.engine.ending import Ending
from companion.engine.memo import remember_last
from companion.engine.present import present
from companion.games.clue_it import components as ci
from companion.games.clue_it.odds import FARTHEST, asks_squares
from companion.games.clue_it.state import State, Step, entered_name
from companion.i18n import Msg, NewsLine, msg, nmsg, press_or_touch

#: The buttons the dice button stands for: a table without one touches them (issue 17 item 7).
ROLL_OFF, ROLL = msg("Roll for first player"), msg("Roll the dice")

#: A pile's name where a sentence says "the {pile} cards".
PILE_WORD = {"kid": msg("kid"), "item": msg("item"), "location": msg("location")}
#: The choice label of a face-down card while sealing, per pile.
FACE_DOWN = {"kid": msg("Kid card, face-down"), "item": msg("Item card, face-down"),
             "location": msg("Location card, face-down")}
#: The accusation's question on the privacy screen, per pile.
ACCUSE_WHICH = {"kid": lambda name: msg("Only {player} looks: which kid do you accuse?", player=name),
                "item": lambda name: msg("Only {player} looks: which item do you accuse?", player=name),
                "location": lambda name: msg("Only {player} looks: which location do you accuse?",
                                             player=name)}


@remember_last  # the caller, then the legality check of apply: computed once
def prompt(state: State) -> Prompt:
    """What the table does next (see :class:`Step`)."""
    return _BUILDERS[state.step](state)


def _choose_kid(state: State) -> Prompt:
    name = state.players[state.chooser]
    taken = set(k for k in state.kids if k)
    choices = tuple(Choice(f"kid:{k}", state.name(k)) for k in ci.KIDS if k not in taken)
    return Prompt(msg("{player}: choose the Kid you play and take its Personality card", player=name), name, choices)


def _seal(state: State) -> Prompt:
    if not state.sealed_by_companion:
        text = msg("Separate the Rumor cards into kids, items and locations; one player secretly puts "
                   "one card of each pile into the envelope")
        return Prompt(text, None, (Choice("sealed", msg("The envelope is sealed"), main=True),))
    pile = ci.PILES[state.pile]
    cards = ci.PILE_CARDS[pile]
    n = len(state.seal_taps) + 1
    text = msg("Shuffle the {pile} cards face-down; tap {pile} card {n} of {count} without "
               "looking and lay it face-down in a row, left to right", pile=PILE_WORD[pile], n=n,
               count=len(cards))
    # One touch for a card laid without a tag: it names no card (issue 26: one look-alike
    # button per card, in the cards' order, told which card the row's place held). A tag tap
    # reads the card; those choices are never listed, and every card of the pile stays one
    # (what the prompt holds must not depend on what was tapped).
    label = FACE_DOWN[pile]
    taps = tuple(Choice(f"seal:{c}", label, component=ci.rumor_component(c), tap_only=True) for c in cards)
    return Prompt(text, None, (Choice(f"seal:{ci.UNREAD}", label, main=True),) + taps)


def _seal_pick(state: State) -> Prompt:
    count = len(ci.PILE_CARDS[ci.PILES[state.pile]])
    outcomes = tuple(Outcome(str(i), f"envelope:{i}") for i in range(1, count + 1))
    return Prompt(msg("The companion picks a card for the envelope"), None, chance=Chance("envelope", outcomes))


def _deal(state: State) -> Prompt:
    each, left = ci.deal(len(state.players))
    dealt = ci.RUMOR_COUNT - ci.ENVELOPE_COUNT
    # 19 dealt cards never share out evenly among 2 to 7 players: some are always left over.
    if state.options["leftover_mode"] == "centre":
        # The same English twice: Italian says one card left over in the singular.
        text = nmsg("Shuffle the other {dealt} Rumor cards and deal {each} face-down to each player; "
                    "put the {left} left over face-down in the centre of the board",
                    "Shuffle the other {dealt} Rumor cards and deal {each} face-down to each player; "
                    "put the {left} left over face-down in the centre of the board",
                    "left", dealt=dealt, each=each, left=left)
    else:
        text = nmsg("Shuffle the other {dealt} Rumor cards and deal {each} face-down to each player; "
                    "put the {left} left over face-up beside the board",
                    "Shuffle the other {dealt} Rumor cards and deal {each} face-down to each player; "
                    "put the {left} left over face-up beside the board",
                    "left", dealt=dealt, each=each, left=left)
    return Prompt(text, None, (Choice("dealt", msg("Cards dealt"), main=True),))


def _rolloff(state: State) -> Prompt:
    names = ", ".join(state.players[i] for i in state.contenders)
    text = press_or_touch(
        msg("Roll-off for the first player ({players}): press the dice button; a \"?\" counts as 1", players=names),
        msg("Roll-off for the first player ({players}): touch “{button}”; a \"?\" counts as 1", players=names,
            button=ROLL_OFF))
    return Prompt(text, None, (Choice("rolloff", ROLL_OFF, button="dice", main=True),))


def _rolloff_die(state: State) -> Prompt:
    who = state.players[state.contenders[len(state.rolloff)]]
    faces = tuple(Outcome(f, f"rolloff-die:{f}") for f in ci.DIE_FACES)
    return Prompt(msg("{player} rolls a die for the roll-off", player=who), who, chance=Chance("dice", faces))


# The prompts of the steps most actions reach (a turn, the dice, where the mover stopped, a
# question and its answers, the end of a turn) are made once for what they read of the state
# and shared by every state that reads the same (issue 35: a prompt's sentences and card
# names were 9 messages an action). Each is keyed by the fields it reads, card names by the
# names entered (``names``), never by a name's words.


def _turn(state: State) -> Prompt:
    place = state.place
    here = state.options["ask_requires_entry"] == "present" and place in ci.LOCATIONS and not state.asked
    squares = ("ask", state.squares) if asks_squares(state) else None  # for the odds meter only: never the big button
    return _turn_prompt(state.player, state.names, state.passage_from(place), place if here else None, squares,
                        bool(state.held[state.active]), state.powers_used[state.active])


@lru_cache(maxsize=256)
def _turn_prompt(player: str, names: tuple, passage: str | None, here: str | None, squares: tuple | None,
                 holds: bool, power_used: bool) -> Prompt:
    choices = [_ROLL_CHOICE]
    if passage:
        choices.append(Choice("passage", msg("Secret passage to {place}", place=entered_name(names, passage))))
    if here is not None:
        choices.append(Choice("ask-here", msg("Ask in {place}", place=entered_name(names, here))))
    if squares is not None:
        choices.append(Choice("squares", _squares_label(squares[1])))
    choices += _extras_of(holds, power_used)
    return Prompt(_turn_text(player, names, passage), player, tuple(choices))


_ROLL_CHOICE = Choice("roll", ROLL, button="dice", main=True)


def _squares_label(squares: int | None) -> Msg:
    if squares is None:
        return msg("Squares to the nearest location?")
    return nmsg("Nearest location: {squares} square", "Nearest location: {squares} squares", "squares",
                squares=squares)


def _squares(state: State) -> Prompt:
    return _squares_prompt(state.player)


@lru_cache(maxsize=256)
def _squares_prompt(player: str) -> Prompt:
    """The odds meter's optional input: how far the nearest location is (the board's layout
    is the table's, notes.md 4.3). A pick list: no big button."""
    # Short: the numbers need the room (the news line's why says only the meter uses them).
    text = msg("{player}: how many squares to the nearest location?", player=player)
    choices = tuple(Choice(f"squares:{n}", nmsg("{squares} square", "{squares} squares", "squares", squares=n))
                    for n in range(1, FARTHEST + 1))
    return Prompt(text, player, choices + (Choice("cancel-squares", msg("Not now")),))


def _turn_text(player: str, names: tuple, passage: str | None) -> Msg | NewsLine:
    if passage:  # "Use a Secret Passage": only from a corner location with one
        place = entered_name(names, passage)
        return press_or_touch(
            msg("{player}: press the dice button, or take the secret passage to {place}", player=player, place=place),
            msg("{player}: touch “{button}”, or take the secret passage to {place}", player=player, place=place,
                button=ROLL))
    return press_or_touch(msg("{player}: press the dice button", player=player),
                          msg("{player}: touch “{button}”", player=player, button=ROLL))


@cache
def _extras_of(holds: bool, power_used: bool) -> tuple[Choice, ...]:
    """Intrigue cards and the Personality power: usable on one's own turn (``holds``: the
    player keeps an Intrigue card)."""
    extras = []
    if holds:
        extras.append(Choice("play-intrigue", msg("Play an Intrigue card (others look away)"), screen=True))
    if not power_used:
        extras.append(Choice("power", msg("Use my Personality power")))
    return tuple(extras)


def _dice(state: State) -> Prompt:
    return _dice_prompt(state.player)


@lru_cache(maxsize=256)
def _dice_prompt(player: str) -> Prompt:
    faces = tuple(Outcome(f, f"die:{f}") for f in ci.DIE_FACES)
    return Prompt(msg("{player} rolls the dice", player=player), player, chance=Chance("dice", faces))


def _draw(state: State) -> Prompt:
    if state.options["intrigue_deck"] == "physical":
        return _draw_physical(state.player, state.names, state.intrigue_discard)
    return _draw_virtual(state.player, state.intrigue_deck)


@lru_cache(maxsize=256)
def _draw_physical(player: str, names: tuple, discard: tuple[str, ...]) -> Prompt:
    text = msg("{player}: draw the top Intrigue card and tap it on the reader", player=player)
    # Every kind not wholly discarded (public) is listed, kept or not: the list must not
    # tell who keeps what.
    total, gone = Counter(ci.intrigue_deck()), Counter(discard)
    # Private: the card drawn is tapped (or touched on the privacy screen) and never named
    # on the shared screen (a kept card stays secret; an immediate one is announced).
    choices = tuple(Choice(f"intrigue:{c}", entered_name(names, c), component=ci.intrigue_component(c), private=True)
                    for c in ci.intrigue_kinds() if gone[c] < total[c])
    return Prompt(text, player, choices)


@lru_cache(maxsize=256)
def _draw_virtual(player: str, deck: tuple[str, ...]) -> Prompt:
    counts = Counter(deck)
    outcomes = tuple(Outcome(c, f"intrigue:{c}", n) for c, n in sorted(counts.items()))
    return Prompt(msg("{player} draws an Intrigue card", player=player), player, chance=Chance("intrigue", outcomes))


def _peek(state: State) -> Prompt:
    # Private choices: the daemon's privacy screen offers them to the drawer alone.
    text = msg("{player} keeps an Intrigue card: everyone else looks away; {player}, touch Show my card",
               player=state.player)
    return Prompt(text, state.player, (Choice("peek-show", msg("Show my card"), private=True, main=True),))


def _peek_show(state: State) -> Prompt:
    # The card itself is only in the drawer's private view (``player_view``), never here.
    text = msg("Only {player} looks: your new Intrigue card is on the privacy screen. Touch Hide",
               player=state.player)
    return Prompt(text, state.player, (Choice("peek-hide", msg("Hide"), private=True, main=True),))


def _stop(state: State) -> Prompt:
    return _stop_prompt(state.player, state.moves, state.names, state.place)


@lru_cache(maxsize=256)
def _stop_prompt(player: str, moves: int | None, names: tuple, place: str) -> Prompt:
    choices = [Choice(f"stop:{loc}", entered_name(names, loc)) for loc in ci.LOCATIONS if loc != place]
    choices += [Choice("stop:centre", msg("The centre")), Choice("stop:intrigue", msg("An Intrigue space")),
                Choice("stop:corridor", msg("Elsewhere"))]
    text = msg("{player}: move up to {moves}, then touch where you stopped", player=player, moves=moves)
    return Prompt(text, player, tuple(choices))


def _ask_kid(state: State) -> Prompt:
    return _ask_kid_prompt(state.player, state.names, state.place)


@lru_cache(maxsize=256)
def _ask_kid_prompt(player: str, names: tuple, place: str) -> Prompt:
    where = entered_name(names, place)
    choices = [Choice(f"ask:{k}", entered_name(names, k), component=ci.rumor_component(k)) for k in ci.KIDS]
    choices.append(Choice("no-question", msg("No question")))
    return Prompt(msg("{player}: ask a question in {place}: name a kid", player=player, place=where),
                  player, tuple(choices))


def _ask_item(state: State) -> Prompt:
    return _ask_item_prompt(state.player, state.names, present(state.q_kid, "the kid named"))


@lru_cache(maxsize=256)
def _ask_item_prompt(player: str, names: tuple, q_kid: str) -> Prompt:
    choices = [Choice(f"ask:{i}", entered_name(names, i), component=ci.rumor_component(i)) for i in ci.ITEMS]
    choices.append(Choice("cancel-question", msg("Start the question again")))
    kid = entered_name(names, q_kid)
    return Prompt(msg("{player} names {kid}: now name an item", player=player, kid=kid), player, tuple(choices))


def _answer(state: State) -> Prompt:
    return _answer_prompt(state.players[present(state.answerer, "the player answering")],
                          present(state.question, "the question")[0])


@lru_cache(maxsize=256)
def _answer_prompt(who: str, asker: str) -> Prompt:
    text = msg("{player}: if you hold one of the named cards, show one to {asker} only; "
               "never tap or touch the card", player=who, asker=asker)
    choices = (Choice("showed", msg("{player} showed a card", player=who)),
               Choice("none", msg("{player} has none", player=who)))
    return Prompt(text, who, choices)


def _centre(state: State) -> Prompt:
    choices = [Choice("accuse", msg("Make an accusation"), main=True)]  # why one comes to the centre (issue 29)
    if state.options["leftover_mode"] == "centre" and ci.deal(len(state.players))[1]:
        choices.append(Choice("look-centre", msg("Look at the centre cards")))
    choices.append(Choice("end-turn", msg("End turn")))
    return Prompt(msg("{player} is in the centre: make an accusation, or end the turn", player=state.player),
                  state.player, tuple(choices))


def _accuse_private(state: State) -> Prompt:
    text = msg("{player}: say your accusation out loud; then everyone else looks away from the screen. "
               "{player}, touch Only I am looking", player=state.player)
    # Touching it hands the screen over: the picks open at once (one "take the screen", issue 29).
    choices = (Choice("private-ready", msg("Only I am looking"), main=True, screen=True),
               Choice("cancel-accuse", msg("Not now")))
    return Prompt(text, state.player, choices)


def _accuse_pick(state: State, pile: str) -> Prompt:
    # The picks so far are never echoed: the screen may be seen again before the check.
    # Main: the privacy screen is the expected step (there the picks stay equal buttons).
    choices = tuple(Choice(f"pick:{c}", state.name(c), private=True, main=True) for c in ci.PILE_CARDS[pile])
    text = ACCUSE_WHICH[pile](state.player)
    return Prompt(text, state.player, choices + (Choice("accuse-restart", msg("Start again")),))


def _accuse_confirm(state: State) -> Prompt:
    # Private: the accuser reviews the picks (``player_view``) on the privacy screen first.
    text = msg("Only {player} looks: check your accusation against the envelope?", player=state.player)
    choices = (Choice("accuse-check", msg("Check my accusation"), private=True, main=True),
               Choice("accuse-restart", msg("Start again")))
    return Prompt(text, state.player, choices)


def _accuse_table(state: State) -> Prompt:
    text = msg("{player}: say your accusation out loud, then look in the envelope secretly. "
               "Were you right?", player=state.player)
    choices = (Choice("right", msg("I was right")), Choice("wrong", msg("I was wrong")),
               Choice("cancel-accuse", msg("Not now")))
    return Prompt(text, state.player, choices)


def _confirm_right(state: State) -> Prompt:
    text = msg("{player}: show everyone the cards in the envelope. Do they match your accusation?",
               player=state.player)
    return Prompt(text, state.player, (Choice("confirm-right", msg("Yes, solved!"), main=True),
                                       Choice("cancel-right", msg("No, go back"))))


def _intrigue(state: State) -> Prompt:
    # A privacy screen: the choices are the player's own kept cards (private: never listed
    # on the shared screen; a tap of the physical card still plays it). Main (the privacy
    # screen is the expected step) unless the cards are in hand: then their tap is.
    on_screen = state.options["intrigue_deck"] != "physical"
    choices = tuple(Choice(f"play:{c}", state.name(c), component=ci.intrigue_component(c), private=True,
                           main=on_screen) for c in sorted(set(state.held[state.active])))
    return Prompt(msg("Only {player} looks: tap or touch the Intrigue card you play", player=state.player),
                  state.player, choices + (Choice("cancel-intrigue", msg("Not now")),))


def _end(state: State) -> Prompt:
    shown = state.asked and any(showed for _who, showed in state.answers)  # "Mark your Clue Sheet": a card shown
    return _end_prompt(state.player, shown, bool(state.held[state.active]), state.powers_used[state.active])


@lru_cache(maxsize=256)
def _end_prompt(player: str, shown: bool, holds: bool, power_used: bool) -> Prompt:
    choices = (Choice("end-turn", msg("End turn"), main=True),) + _extras_of(holds, power_used)
    if shown:
        return Prompt(msg("{player}: mark your CLUE sheet, then End turn", player=player), player, choices)
    return Prompt(msg("{player}: End turn", player=player), player, choices)


def summary(state: State) -> Msg | None:
    """How the game ended, for the game-over panel (:meth:`Game.summary`); None while it goes on."""
    if state.step != Step.OVER:
        return None
    if state.outcome == "unsolved":
        return msg("The mystery remains unsolved.")
    return msg("{player} solved the mystery!", player=state.outcome)


def ending(state: State) -> Ending | None:
    """How the game ended, for the game-over panel (:meth:`Game.ending`): the player who
    solved the mystery, or unsolved (lost), and what the envelope held once it is known;
    None while it goes on."""
    if state.step != Step.OVER:
        return None
    solution = tuple(state.name(c) for c in state.envelope) if state.envelope_known else ()
    if state.outcome == "unsolved":
        return Ending("lost", solution=solution)
    return Ending("won", (present(state.outcome, "the winner"),), solution=solution)


def _over(state: State) -> Prompt:
    if state.outcome == "unsolved":
        return Prompt(msg("The game is over: the mystery remains unsolved."), over=True)
    return Prompt(msg("The game is over: {player} solved the mystery!", player=state.outcome), over=True)


_BUILDERS = {
    Step.CHOOSE_KID: _choose_kid,
    Step.SEAL: _seal,
    Step.SEAL_PICK: _seal_pick,
    Step.DEAL: _deal,
    Step.ROLLOFF: _rolloff,
    Step.ROLLOFF_DIE: _rolloff_die,
    Step.TURN: _turn,
    Step.SQUARES: _squares,
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
