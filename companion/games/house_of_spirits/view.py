"""The public view of a House of Spirits game: what the shared screen and ``--json`` show.

Public only: hands are shown as sizes, decks as sizes, and the secret victory cards never
appear (not even whether a player holds one the companion dealt); only, at the end, whether
each player said their condition was met.
"""

from __future__ import annotations

from typing import TypedDict

from companion.engine.words import commas
from companion.games.house_of_spirits import components as hc
from companion.games.house_of_spirits.content import DECK_KINDS, placeholder_count
from companion.games.house_of_spirits.state import State, Step
from companion.i18n import Msg, msg


class RoomView(TypedDict):
    """The room the players are in (``room``)."""
    id: str
    name: str
    skulls: int
    modifier: int


class _CardView(TypedDict):
    id: str
    name: str
    kind: str


class InPlayView(_CardView, total=False):
    """A card in play (``in_play``); only a monster's has its health and strength (the
    typing module reads ``NotRequired`` only from evaluated annotations: a total=False
    subclass says the same here)."""
    health: int
    max_health: int
    attack: int
    defence: int
    stand_in_numbers: bool


class PlayerView(TypedDict):
    """A player (``players``): the hand is a size only."""
    character: str | None
    character_name: str | None
    wounds: int
    max_health: int
    score: int
    hand_size: int
    dead: bool
    secret_met: bool | None
    stand_in_numbers: bool


class HouseOfSpiritsView(TypedDict):
    """What :func:`view` returns (its docstring says what each key holds)."""
    game: str
    round: int
    first_player: str | None
    turn: str | None
    step: str
    die: int | None
    room: RoomView | None
    in_play: list[InPlayView]
    players: dict[str, PlayerView]
    plot_played: list[str]
    plots_played_by: dict[str, int]
    plots_total: int
    attached: dict[str, str]
    investigated: bool
    attacked: list[str]
    decks: dict[str, int]
    outcome: str | None
    winners: list[str]
    placeholders: bool
    tapped_decks: dict[str, int]
    options: dict[str, object]


def view(state: State) -> HouseOfSpiritsView:
    """The public state as a JSON-ready dict.

    Returns:
        ``game``; ``round``; ``first_player``; ``turn`` (active player's name, None during
        setup); ``step``; ``die`` (last face or None); ``room`` (``{"id", "name", "skulls",
        "modifier"}`` or None); ``in_play`` (``[{"id", "name", "kind", "health",
        "max_health", "attack", "defence", "stand_in_numbers"}]``, the last five for monsters
        only: ``stand_in_numbers`` when those numbers are the content file's placeholders,
        words18); ``players`` (name -> ``character``, ``character_name``, ``wounds``,
        ``max_health``, ``score``, ``hand_size``, ``dead``, ``secret_met``, ``stand_in_numbers``: the
        character's numbers are placeholders, words19); ``plot_played``
        (plot ids in order); ``plots_played_by`` (name -> plot cards that player laid down); ``plots_total`` (7);
        ``attached`` (plot id -> the room or item laid on it); ``investigated``;
        ``attacked`` (monster ids this round); ``decks`` (cards left: room, plot, monster,
        main; discards: room, main); ``outcome``; ``winners``; ``placeholders`` (True: some
        card numbers are still the content file's stand-ins, notes.md 1.4); ``tapped_decks``
        (deck -> cards still holding placeholder numbers, for each deck the companion does
        not draw under ``decks=virtual``); ``options``.
    """
    return {
        "game": hc.GAME_ID,
        "round": state.round,
        "first_player": state.players[state.first] if state.round else None,
        "turn": state.player if state.round else None,
        "step": str(state.step),
        "die": state.die,
        "room": _room(state),
        "in_play": [_in_play(state, card) for card in state.in_play],
        "players": {name: _player(state, p) for p, name in enumerate(state.players)},
        "plot_played": list(state.plots_played),
        "plots_played_by": _plots_played_by(state),
        "plots_total": len(hc.ids("plot")),
        "attached": {plot: card for plot, card in state.attached},
        "investigated": state.investigated,
        "attacked": list(state.attacked),
        "decks": {
            "room": len(state.room_deck), "room_discard": len(state.room_discard),
            "plot": len(state.plot_deck), "monster": len(state.monster_deck),
            "main": len(state.main_deck), "main_discard": len(state.main_discard),
        },
        "outcome": state.outcome,
        "winners": list(state.winners),
        "placeholders": any(card.placeholder for card in state.cards.values()),
        "tapped_decks": _tapped_decks(state),
        "options": dict(state.options),
    }


def _plots_played_by(state: State) -> dict[str, int]:
    """Plot cards each player has laid down (public: played face up, 3 points each)."""
    return {name: sum(1 for p, _points, cause in state.score_log if p == i and cause == "plot card")
            for i, name in enumerate(state.players)}


def _tapped_decks(state: State) -> dict[str, int]:
    if state.options["decks"] != "virtual":
        return {}
    monsters = bool(state.options["monsters_in_main_deck"])
    counts = {deck: placeholder_count(state.content, deck, monsters) for deck in DECK_KINDS}
    return {deck: n for deck, n in counts.items() if n}


def _room(state: State) -> RoomView | None:
    if state.room is None:
        return None
    card = state.card(state.room)
    return {"id": card.id, "name": card.said, "skulls": card.skulls, "modifier": card.modifier}


def _in_play(state: State, card_id: str) -> InPlayView:
    card = state.card(card_id)
    entry: InPlayView = {"id": card_id, "name": card.said, "kind": card.kind}
    if card.kind == "monster":
        entry.update(health=state.health(card_id), max_health=card.health, attack=card.attack,
                     defence=card.defence, stand_in_numbers=card.placeholder)
    return entry


def _player(state: State, player: int) -> PlayerView:
    character = state.characters[player]
    return {
        "character": character,
        "character_name": state.label(character) if character else None,
        "wounds": state.wounds[player],
        "max_health": state.max_health(player),
        "score": state.scores[player],
        "hand_size": len(state.hands[player]),
        "dead": state.dead[player],
        "secret_met": state.secret_met[player],
        # the health (and the other numbers) are the content file's placeholders (words19: its pips)
        "stand_in_numbers": bool(character) and state.card(character).placeholder,
    }


def player_view(state: State, player: str) -> dict:
    """What ``player`` alone may see on the privacy screen (``Game.private_view``): the
    secret victory card the companion dealt them (option ``secret_cards`` = ``companion``;
    "Game Setup" 5: "Players keep this card to themselves").

    Returns:
        ``{"secret_victory": {"id", "name", "placeholder"}}`` once the companion dealt
        ``player`` a card; ``{}`` otherwise (the table keeps real cards, or the deal has not
        reached ``player`` yet, or no such player).
    """
    if player not in state.players:
        return {}
    secret = state.secrets[state.players.index(player)]
    if secret is None:
        return {}
    card = state.card(secret)
    # What it asks when the owner entered it (issue 29 item 9). Else the truth: the player has no
    # card to look at (set-up left them in the box), and the companion knows only its number
    # (newcomer 20 finding 7: "look at your card" sent a player to a card they did not have).
    name = card.said
    if card.stand_in:
        name = msg("{card}: its text is not entered yet (Settings, Card data)", card=card.said)
    return {"secret_victory": {"id": card.id, "name": name, "placeholder": card.placeholder}}


def status_line(state: State) -> Msg | None:
    """The counters the terminal prints before the prompt (:meth:`Game.status_line`), once the
    set-up is over (fresh17: Creepy Cellar's prompts had them, these none): the round, the room
    the party is in, each score of the 18 that wins ("End of the Game")."""
    if state.round == 0:
        return None
    room = state.card(state.room).said if state.room else "-"
    scores = commas([msg("{player} {score}", player=name, score=score)
                     for name, score in zip(state.players, state.scores, strict=True)])
    return msg("[round {round} | {room} | {scores} of {points}]", round=state.round, room=room, scores=scores,
               points=hc.WINNING_SCORE)


def setting_up(state: State) -> bool:
    """Before round 1: the decks, the characters, the secret cards and the roll-off for the
    First Player card (the view's ``turn`` is None then)."""
    return state.round == 0 and state.step != Step.OVER
