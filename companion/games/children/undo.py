"""What the table puts back of its own step when an input is undone
(:attr:`~companion.engine.game.Game.undo_steps`): the steps the table took before it tapped
or touched, which no news line told it to take, so the reverses of the news' instructions
miss them. Before, undoing a card drawn from the Children deck said only "Undone: Irwin
Biddle. Put back anything you moved for it." (session 16).

- ``tablet``: the top room tablet, drawn and tapped ("1. Play a Room Tablet"); it goes back
  on top of the pile (the instruction that placed it, if any, has its own reverse).
- ``draw``: the card drawn from the Children deck and tapped ("Draw a card from the
  Children Card draw pile"), back on top of the deck. A toy, device or trap went into the
  hand: it is never named (its choice is private; the line says "the card you drew").
- ``summon``: the ghost searched out of the Children deck (Music Box, Raven's Skull), back
  into the deck.
- ``spring``: a trap tapped among the cards picked up ("Trap Cards"), back into the hand,
  unnamed.

Read from the state the input was played on and the action's own key, never from the words
of a news line.
"""

from __future__ import annotations

from companion.games.children import components as cc
from companion.games.children import grid as gr
from companion.games.children.rules import act
from companion.games.children.state import State
from companion.i18n import NewsLine, todo


def undo_steps(state: State, action: str) -> tuple[NewsLine, ...]:
    """The reverse of the table's own step for ``action`` played on ``state``; () for an
    action with none (a choice on the screen, a step an instruction gave)."""
    kind, _, rest = action.partition(":")
    if kind in ("tablet", "place"):
        return _tablet_back(state, action, rest if kind == "tablet" else None)
    if kind == "draw":
        return (_drawn(state, rest, action),)
    if kind == "summon":
        return (todo("return", "Put {ghost} back into the Children deck.", ghost=state.name(rest)),)
    if kind == "spring" and rest:
        return (todo("return", "{player}: take the card you tapped back into your hand.",
                     player=state.players[_frame_player(state)]),)
    return ()


def _tablet_back(state: State, action: str, drawn: str | None) -> tuple[NewsLine, ...]:
    """A tablet placed, and the figurines that came onto it (a player's first tablet is where
    the figurine comes in), taken back in the order the table can: each figurine off the
    tablet, then the tablet out of the mansion, then (``drawn``: the tablet the input drew)
    back on top of the pile (review17: the figurine came off last, "again", though it
    stands on the tablet and was never taken off before)."""
    after = act(state, action)
    lines = []
    for tablet in _new_tablets(state, after):
        room = state.name(tablet)
        lines += [todo("return", "{player}: take your figurine off the {room}.", player=state.players[p], room=room)
                  for p in _came_onto(state, after, tablet)]
        lines.append(todo("return", "Take the {room} out of the mansion.", room=room))
    if drawn is not None:
        lines.append(todo("return", "Put the {room} back on top of the room tablet pile.", room=state.name(drawn)))
    return tuple(lines)


def _new_tablets(before: State, after: State) -> list[str]:
    """The tablets in the mansion after an input that were not before it."""
    was = set(gr.rooms(before.grid))
    return [room for room in gr.rooms(after.grid) if room not in was]


def _came_onto(before: State, after: State, tablet: str) -> list[int]:
    """The players whose figurine was off the mansion before and is on ``tablet`` after."""
    return [p for p in range(len(before.players)) if _at(before.where, p) is None and _at(after.where, p) == tablet]


def _frame_player(state: State) -> int:
    """Who the pending question asks (a draw, a trap): the top frame's player."""
    return state.frames[-1].player if state.frames else state.active


def _drawn(state: State, card_id: str, action: str) -> NewsLine:
    kind = cc.card(card_id).kind
    if kind in cc.HAND_KINDS:  # into a hand: hidden, never named
        return todo("return", "{player}: put the card you drew back on top of the Children deck without showing it.",
                    player=state.players[_frame_player(state)])
    if kind == "ghost" and card_id in act(state, action).ghost_deck:  # no room took it: back in at random
        return todo("return", "Find {ghost} in the Children deck and put the card back on top.",
                    ghost=state.name(card_id))
    if kind == "ghost":
        return todo("return", "Put {ghost} back on top of the Children deck.", ghost=state.name(card_id))
    return todo("return", "Put the {fate} card back on top of the Children deck.", fate=state.name(card_id))


def undo_counts(before: State, after: State) -> tuple[NewsLine, ...]:
    """What moved on the mansion, set back from the state before the input: each figurine
    ("moving your character figurine from room to room"), Kitty Kitty, a ghost that drifted,
    and the Kitty Kitty card (before, session 16: "Move it back where it was. It said: Bo
    enters the Kitchen.")."""
    lines = []
    placed = set(_new_tablets(before, after))
    for player, name in enumerate(before.players):
        was, now = _at(before.where, player), _at(after.where, player)
        if was != now and not (was is None and now in placed):  # onto a new tablet: its undo_steps say it
            lines.append(_figurine(before, name, was, now))
    if before.kitty != after.kitty and before.kitty is not None:
        lines.append(todo("return", "Move Kitty Kitty back to the {room}.", room=before.name(before.kitty)))
    elif before.kitty is None and after.kitty is not None:  # Kitty Kitty fate: "place the statuette"
        lines.append(todo("return", "Take Kitty Kitty off the {room}.", room=after.name(after.kitty)))
    rooms = {ghost.id: ghost.room for ghost in after.ghosts}
    for ghost in before.ghosts:
        if rooms.get(ghost.id, ghost.room) != ghost.room:
            lines.append(todo("return", "Move {ghost} back to the {room}.", ghost=before.name(ghost.id),
                              room=before.name(ghost.room)))
    if before.kitty_card != after.kitty_card and before.kitty_card is not None:
        lines.append(todo("return", "Give the Kitty Kitty card back to {player}.",
                          player=before.players[before.kitty_card]))
    # "Turn in a Skull Token by placing it in the available Skull Tokens pile": a device, a
    # move or the Dental Tools paid with one (words18: it was not given back); one an input
    lines += [todo("return", "{player}: take your skull token back from the pile.", player=name)
              for name, was, now in zip(before.players, before.skulls, after.skulls, strict=True) if now < was]
    return tuple(lines)


def _at(where: tuple[str | None, ...], player: int) -> str | None:
    return where[player] if player < len(where) else None


def _figurine(state: State, name: str, room: str | None, now: str | None) -> NewsLine:
    if room is None:
        return todo("return", "{player}: take your figurine off the mansion.", player=name)
    if now is None:  # an emergency escape took it out of play
        return todo("return", "{player}: put your figurine back on the {room}.", player=name, room=state.name(room))
    return todo("return", "{player}: move your figurine back to the {room}.", player=name, room=state.name(room))

