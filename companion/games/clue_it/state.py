"""The CLUE: IT game state: one frozen dataclass, and where the game stands (:class:`Step`).

Hidden information lives in four fields only: ``seal_taps`` (the names tapped face-down
while sealing), ``envelope``, ``held`` (which Intrigue cards each player keeps) and
``accusation`` (picks on the privacy screen). :func:`~companion.games.clue_it.view.view`
never reads them; :func:`private_view` does, for a command that is explicitly private.
Hands are not here at all: the Rumor cards are dealt by hand and shown cards are never
entered (issue 11).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from companion.engine import pending as pd
from companion.engine.frozen import replace
from companion.games.clue_it import components as ci
from companion.i18n import NewsLine, msg


class Step(StrEnum):
    """Where the game stands (rulebook "Setup", "Game Play", "Make an Accusation")."""

    CHOOSE_KID = "choose-kid"  # each player picks a Kid and Personality card
    SEAL = "seal"  # table-sealed envelope: confirm; companion-sealed: tap a pile face-down
    SEAL_PICK = "seal-pick"  # chance: which tap position goes into the envelope
    DEAL = "deal"  # the table deals the other 19 Rumor cards
    ROLLOFF = "rolloff"  # press the dice button for the first-player roll-off
    ROLLOFF_DIE = "rolloff-die"  # chance: one die for the next contender
    TURN = "turn"  # start of a turn: roll, secret passage, (ask here), Intrigue, power
    SQUARES = "squares"  # before the roll: the table may say how far the nearest location is
    DICE = "dice"  # chance: the two dice, one after the other
    DRAW = "draw"  # an Intrigue card is due (chance, or a tap in physical mode)
    PEEK = "peek"  # virtual deck: the drawer takes the screen alone to see a kept card
    PEEK_SHOW = "peek-show"  # the kept card is on the screen (privacy screen)
    STOP = "stop"  # the player moved: where did the mover stop?
    ASK_KID = "ask-kid"  # in a location: name a kid (or no question)
    ASK_ITEM = "ask-item"  # then an item
    ANSWER = "answer"  # the answer order walks left
    CENTRE = "centre"  # stopped in the centre: accuse, look at centre cards, or end
    ACCUSE_PRIVATE = "accuse-private"  # everyone else looks away
    ACCUSE_KID = "accuse-kid"  # privacy screen: the accuser picks a kid …
    ACCUSE_ITEM = "accuse-item"  # … an item …
    ACCUSE_LOCATION = "accuse-location"  # … and a location
    ACCUSE_CONFIRM = "accuse-confirm"  # check it, or start again
    ACCUSE_TABLE = "accuse-table"  # table-sealed envelope: the accuser says right or wrong
    CONFIRM_RIGHT = "confirm-right"  # "I was right" ends the game: show the envelope first
    INTRIGUE = "intrigue"  # which kept Intrigue card is played
    END = "end"  # the turn's main part is done: end turn (or Intrigue, power)
    OVER = "over"


#: Steps during which only one player looks at the screen (view ``private_screen``).
PRIVATE_STEPS = frozenset({Step.PEEK_SHOW, Step.INTRIGUE, Step.ACCUSE_KID, Step.ACCUSE_ITEM,
                           Step.ACCUSE_LOCATION, Step.ACCUSE_CONFIRM})


@dataclass(frozen=True)
class State:
    """The whole CLUE: IT game. Immutable; each rule (``rules.HANDLERS``) returns a new one.

    Attributes:
        players: names in seating order, clockwise (the player to one's left is next).
        options: resolved options (see ``OPTIONS``).
        step: where the game stands.
        kids: per player, the Kid card id they play (None until chosen).
        chooser: index of the player choosing a Kid.
        pile: index in :data:`~components.PILES` of the pile being sealed.
        seal_taps: HIDDEN: card ids tapped face-down from the current pile, in the row's
            order (:data:`~components.UNREAD` for a card touched on the screen, not read).
        envelope: HIDDEN: card ids sealed by the companion (empty when the table seals;
            :data:`~components.UNREAD` for a card it did not read: see ``envelope_known``).
        contenders: roll-off: player indices still rolling; ``rolloff``: their faces so far.
        active: index of the player whose turn it is; ``turn``: turns started, 1-based.
        dice: faces of the roll in progress (0–2); ``last_roll``: the last full roll.
        moves: squares the active player may move (None before a roll this turn).
        squares: squares from the mover to the nearest location, as the table said before
            this turn's roll (None: not said). Only the odds meter reads it; it changes
            nothing in the game, and the next turn forgets it.
        draws_left: Intrigue cards still to draw now.
        movers: per Kid (in :data:`~components.KIDS` order) where its mover stands.
        tokens: per Item, where its token stands.
        entered: the active player entered a location this turn; ``asked``: asked a question.
        question: the last question ``(asker, kid, item, location)`` or None (public).
        q_kid: the kid named so far in a question being asked.
        answerer: index of the player who answers now, or None.
        answers: ``(player, showed)`` for the current question, in answer order (public).
        eliminated: per player, out after a wrong accusation or the last Red Balloon.
        intrigue_deck, intrigue_discard: sorted card ids (a multiset; no order).
        held: HIDDEN: per player, the sorted Intrigue cards they keep.
        balloons: Red Balloons drawn since the count last started.
        powers_used: per player, the Personality power was used (the card is turned over).
        accusation: HIDDEN: the picks made on the privacy screen so far.
        peek: HIDDEN: the kept card the drawer is about to see (virtual deck), or None.
        pending: the steps to return to, as the engine's frames (:mod:`companion.engine.pending`):
            ``after_draw``, the step after the Intrigue draws, and ``resume``, the step a
            cancelled or finished side step returns to (read through those properties, set
            with :func:`returning`).
        outcome: None, the winner's name, or ``"unsolved"``.
        news: what the last applied action did, as sentences for the table.
        names: the Rumor card names the table entered, ``(card, name)`` sorted (content).
        passages: every secret passage ``(from, to)``, both ways, sorted (content, or the
            content file's placeholder corners).
    """

    players: tuple[str, ...]
    options: Mapping[str, Any]
    movers: tuple[str, ...]
    tokens: tuple[str, ...]
    intrigue_deck: tuple[str, ...]
    step: Step = Step.CHOOSE_KID
    kids: tuple[str | None, ...] = ()
    chooser: int = 0
    pile: int = 0
    seal_taps: tuple[str, ...] = ()
    envelope: tuple[str, ...] = ()
    contenders: tuple[int, ...] = ()
    rolloff: tuple[str, ...] = ()
    active: int = 0
    turn: int = 0
    dice: tuple[str, ...] = ()
    last_roll: tuple[str, ...] = ()
    moves: int | None = None
    squares: int | None = None
    draws_left: int = 0
    entered: bool = False
    asked: bool = False
    question: tuple[str, str, str, str] | None = None
    q_kid: str | None = None
    answerer: int | None = None
    answers: tuple[tuple[str, bool], ...] = ()
    eliminated: tuple[bool, ...] = ()
    intrigue_discard: tuple[str, ...] = ()
    held: tuple[tuple[str, ...], ...] = ()
    balloons: int = 0
    powers_used: tuple[bool, ...] = ()
    accusation: tuple[str, ...] = ()
    peek: str | None = None
    pending: pd.Stack = ()
    outcome: str | None = None
    news: tuple[str | NewsLine, ...] = ()
    names: tuple[tuple[str, str], ...] = ()
    passages: tuple[tuple[str, str], ...] = ()

    def _returns_to(self, kind: str) -> Step:
        frame = pd.find(self.pending, kind)
        return RETURNS[kind] if frame is None else Step(frame.args[0])

    @property
    def after_draw(self) -> Step:
        """The step after the Intrigue draws now due."""
        return self._returns_to("after_draw")

    @property
    def resume(self) -> Step:
        """The step a cancelled or finished side step returns to."""
        return self._returns_to("resume")

    def name(self, card: str):
        """A card's name as the table entered it (:mod:`~companion.games.clue_it.content`),
        else the content file's (:func:`~components.card_name`)."""
        return entered_name(self.names, card)

    def passage_from(self, place: str) -> str | None:
        """Where the secret passage from ``place`` leads, or None (not a corner location)."""
        return next((to for frm, to in self.passages if frm == place), None)

    @property
    def player(self) -> str:
        """The active player's name."""
        return self.players[self.active]

    @property
    def place(self) -> str:
        """Where the active player's mover stands (a location id, centre or corridor)."""
        kid = self.kids[self.active]
        return self.movers[ci.KIDS.index(kid)] if kid else ci.CENTRE

    @property
    def sealed_by_companion(self) -> bool:
        """True when the companion picked and knows the envelope (option ``envelope``)."""
        return self.options["envelope"] == "companion"

    @property
    def envelope_known(self) -> bool:
        """True when the companion knows every card in the envelope: it sealed them and read
        each by its tag (a card touched on the screen is :data:`~components.UNREAD`)."""
        return self.sealed_by_companion and len(self.envelope) == ci.ENVELOPE_COUNT \
            and ci.UNREAD not in self.envelope

    @property
    def in_play(self) -> tuple[int, ...]:
        """Indices of players not eliminated."""
        return tuple(i for i, out in enumerate(self.eliminated) if not out)


def private_view(state: State) -> dict:
    """HIDDEN information, for an explicitly private command, never for the shared screen.

    Returns:
        ``envelope`` (card names, empty when the table sealed it), ``held`` ({player: [Intrigue
        card names]}), ``seal_taps`` (names tapped in the current pile), ``accusation``.
    """
    return {
        "envelope": [_sealed_name(state, c) for c in state.envelope],
        "held": {p: [state.name(c) for c in state.held[i]] for i, p in enumerate(state.players)},
        "seal_taps": [_sealed_name(state, c) for c in state.seal_taps],
        "accusation": [state.name(c) for c in state.accusation],
    }


def _sealed_name(state: State, card: str):
    if card == ci.UNREAD:
        return msg("a card the companion did not read")
    return state.name(card)


def player_view(state: State, player: str) -> dict:
    """What ``player`` alone may see on the privacy screen (``Game.private_view``): never
    the envelope ("Make an Accusation": nobody looks in it before accusing).

    Returns:
        only what there is to see (``{}``: nothing), most pressing first: ``intrigue_drawn``
        (the kept card ``player`` is drawing now, virtual deck); ``accusation`` (the names
        ``player`` has picked so far on the privacy screen, in kid, item, location order);
        ``intrigue_held`` (the names of the Intrigue cards ``player`` keeps, sorted).
    """
    if player not in state.players:
        return {}
    index = state.players.index(player)
    active = index == state.active
    seen = {
        "intrigue_drawn": ci.card_name(state.peek) if active and state.peek else None,
        "accusation": [state.name(c) for c in state.accusation] if active else [],
        "intrigue_held": [state.name(c) for c in state.held[index]] if state.held else [],
    }
    return {key: value for key, value in seen.items() if value}


def entered_name(names: tuple[tuple[str, str], ...], card: str):
    """:meth:`State.name` from the names entered (a state's ``names``): what the prompts'
    remembered choices are made from (keyed by the names entered, never by a name's words: an
    entered "Kid 3" is not the stand-in "Kid 3")."""
    if names:  # mostly none entered: the content file's, made once (about 4 an action)
        entered = next((name for c, name in names if c == card), None)
        if entered:
            return entered
    return ci.card_name(card)


#: Frame kind -> the step it means when no such frame is pending.
RETURNS = {"after_draw": Step.STOP, "resume": Step.TURN}


def returning(state: State, **steps: Step) -> State:
    """``state`` with each named return step set (``after_draw`` and/or ``resume``); the
    default step is no frame at all."""
    return replace(state, pending=returning_stack(state, **steps))


def returning_stack(state: State, **steps: Step) -> pd.Stack:
    """:func:`returning`'s ``pending``, for a rule that changes more fields in the same copy."""
    rest = pd.without(state.pending, steps)
    frames = (pd.Frame(kind, state.active, (step.value,)) for kind, step in steps.items() if step != RETURNS[kind])
    return pd.push(rest, *frames)
