"""The public view of a CLUE: IT game: what the shared screen and ``--json`` show.

Never read here: ``seal_taps``, ``envelope``, ``held``, ``accusation``, ``peek`` (see
:mod:`~companion.games.clue_it.state`). The envelope's cards appear only once the game is
over (``solution``), as the rulebook reveals them to everyone then.
"""

from __future__ import annotations

from typing import TypedDict

from companion.games.clue_it import components as ci
from companion.games.clue_it.state import PRIVATE_STEPS, State, Step


class QuestionView(TypedDict):
    asker: str
    kid: str
    item: str
    location: str


class AnswerView(TypedDict):
    player: str
    showed: bool


class PlacesView(TypedDict):
    """The printed board (:func:`places`)."""
    locations: list[str]
    centre: str
    corridor: str
    passages: dict[str, str]


class ClueItView(TypedDict):
    """What :func:`view` returns (its docstring says what each key holds)."""
    game: str
    players: list[str]
    kids: dict[str, str | None]
    step: str
    turn: str | None
    turn_number: int
    eliminated: list[str]
    last_roll: list[str]
    moves: int | None
    movers: dict[str, str]
    items: dict[str, str]
    question: QuestionView | None
    answers: list[AnswerView]
    answering: str | None
    intrigue_held: dict[str, int]
    intrigue: dict[str, int]
    balloons: int
    powers_used: dict[str, bool]
    deal: dict[str, object]
    envelope: str
    envelope_sealed: bool
    private_screen: str | None
    outcome: str | None
    solution: list[str] | None
    options: dict[str, object]
    places: PlacesView
    answer_order: list[str]


def view(state: State) -> ClueItView:
    """The public state as a JSON-ready dict.

    Returns:
        ``game``; ``players``; ``kids`` ({player: Kid name or None}); ``step``; ``turn``
        (active player, None before the roll-off); ``turn_number``; ``eliminated`` (names);
        ``last_roll`` (two faces, "?" or "2"–"6", or []); ``moves``; ``movers`` ({Kid name:
        place}); ``items`` ({Item name: place}); ``question`` ({asker, kid, item,
        location} or None); ``answers`` ([{player, showed}]); ``answering`` (name or None);
        ``intrigue_held`` ({player: count}); ``intrigue`` ({left, discarded}); ``balloons``
        (drawn, of :data:`~components.BALLOONS`); ``powers_used`` ({player: bool});
        ``deal`` ({each, leftover, leftover_mode}); ``envelope`` ("table" or "companion":
        who sealed it, and ``envelope_sealed``); ``private_screen`` (the name of the only
        player who may look now, or None); ``outcome`` (None, the winner's name, or
        "unsolved"); ``solution`` (the envelope's names once revealed, else None);
        ``options``; ``places`` (the printed board: :func:`places`); ``answer_order``
        (:func:`answer_order`).
    """
    each, left = ci.deal(len(state.players))
    started = state.turn > 0
    question: QuestionView | None = None
    if state.question:
        asker, kid, item, location = state.question
        question = {"asker": asker, "kid": state.name(kid), "item": state.name(item),
                    "location": state.name(location)}
    return {
        "game": ci.GAME_ID,
        "players": list(state.players),
        "kids": {p: (state.name(k) if k else None) for p, k in zip(state.players, state.kids)},
        "step": str(state.step),
        "turn": state.player if started else None,
        "turn_number": state.turn,
        "eliminated": [p for p, out in zip(state.players, state.eliminated) if out],
        "last_roll": list(state.last_roll),
        "moves": state.moves,
        "movers": {state.name(k): state.name(p) for k, p in zip(ci.KIDS, state.movers)},
        "items": {state.name(i): state.name(p) for i, p in zip(ci.ITEMS, state.tokens)},
        "question": question,
        "answers": [{"player": p, "showed": s} for p, s in state.answers],
        "answering": state.players[state.answerer] if state.answerer is not None else None,
        "intrigue_held": {p: len(h) for p, h in zip(state.players, state.held)},
        "intrigue": {"left": len(state.intrigue_deck), "discarded": len(state.intrigue_discard)},
        "balloons": state.balloons,
        "powers_used": dict(zip(state.players, state.powers_used)),
        "deal": {"each": each, "leftover": left, "leftover_mode": state.options["leftover_mode"]},
        "envelope": state.options["envelope"],
        "envelope_sealed": state.step not in (Step.CHOOSE_KID, Step.SEAL, Step.SEAL_PICK),
        "private_screen": state.player if state.step in PRIVATE_STEPS else None,
        "outcome": state.outcome,
        "solution": ([state.name(c) for c in state.envelope]
                     if state.step == Step.OVER and state.envelope_known else None),
        "options": dict(state.options),
        "places": places(state),
        "answer_order": answer_order(state),
    }


def places(state: State) -> PlacesView:
    """The printed board (public): ``locations`` (names, in the cards' order), ``centre``
    and ``corridor`` (as ``movers`` and ``items`` name them) and ``passages`` ({corner
    location: the location its Secret Passage leads to})."""
    return {"locations": [state.name(loc) for loc in ci.LOCATIONS],
            "centre": state.name(ci.CENTRE), "corridor": state.name(ci.CORRIDOR),
            "passages": {state.name(a): state.name(b) for a, b in state.passages}}


def answer_order(state: State) -> list[str]:
    """Who answers the question on the table, in order: from the asker's left ("the player
    to your immediate left" first, then on to the left; eliminated players are skipped
    when house rule ``eliminated_answers`` is ``reveal``, as ``rules.next_answerer``
    does); [] without a question."""
    if not state.question:
        return []
    asker = state.players.index(state.question[0])
    count = len(state.players)
    skip = state.options["eliminated_answers"] == "reveal"
    order = ((asker + k) % count for k in range(1, count))
    return [state.players[i] for i in order if not (skip and state.eliminated[i])]


def setting_up(state: State) -> bool:
    """Before the first turn: Kids, the envelope, the deal and the roll-off (the view's
    ``turn`` is None then)."""
    return state.turn == 0 and state.step != Step.OVER
