"""Why a Children touch or tap picks nothing now, naming the rule (issue 19).

:func:`refusal` is the game's :attr:`~companion.engine.game.Game.refusal`: one sentence
in the players' words naming the rule ("The Parasol is not Rosie's toy", "The Wash Room is
already built, on the 2nd floor"), then what the table is asked now. It never says where a
card in a hand or under a tablet is (the companion's knowledge of tapped cards is hidden):
such a card "is not in the Children deck now"; a card only "is in the discard pile" or "in
a scoring pile" when it is there for all to see, and "drawn already" is never said.

A toy, device or trap tapped out of a draw is a hidden card (it came from a hand): its
refusal never names it nor says what it does (session 17: "The Hatpin calms an enraged
ghost within 2 rooms: none is in reach." told the table, and the voice, which device Ada
held). It says, as CLUE: IT's does, that a hidden card was tapped, that it cannot be played
now, and that it stays in the hand.
"""

from __future__ import annotations

from companion.engine.core import sentence
from companion.games.children import components as cc
from companion.games.children import grid as gr
from companion.games.children.effects import ghost_count
from companion.games.children.prompts import prompt
from companion.games.children.state import State, Step
from companion.i18n import Msg, msg, nmsg

#: The Children-card frames where a card of the Children deck is tapped as drawn.
_DRAWS = ("draw", "summon", "raven")

#: A hand card (toy, device or trap) that cannot be played now: never named, nor its effect.
_HIDDEN = msg("A hidden card was tapped: it cannot be played now, and it stays in the hand it came from.")


def refusal(state: State, key: str | None, component: str | None) -> Msg | None:
    """The rule that refuses ``key`` (a touch) or a tap of ``component`` now, with the prompt."""
    current = prompt(state)
    if current.over:
        return None
    if component is not None:
        why = _tap_reason(state, component)
    else:
        why = _key_reason(state, key or "")
    return msg("{why} {prompt}", why=why, prompt=sentence(current.text))


def _frame(state: State) -> str:
    return state.frames[-1].kind if state.frames else ""


# --------------------------------------------------------------------------- taps


def _tap_reason(state: State, component: str) -> Msg:
    parts = component.split(":")
    if len(parts) != 3:
        return msg("The companion does not know that tag.")
    kind, item = parts[1], parts[2]
    if kind == "tablet":
        return _tablet_reason(state, item)
    if item not in state.content.cards:
        return msg("That card is not part of this edition.")
    if _frame(state) in _DRAWS:
        return _draw_reason(state, item)
    return _card_use_reason(state, kind, item)


def _tablet_reason(state: State, tablet: str) -> Msg:
    if tablet not in state.content.tablets:
        return msg("That tablet is not part of this edition.")
    pos = gr.position(state.grid, tablet)
    if pos is not None:
        return msg("The {room} is already built in the mansion, {where}.", room=state.name(tablet),
                   where=cc.on_floor(pos[0]))
    if state.step != Step.TABLET or state.frames:
        return msg("A room tablet is played only in part 1 of a turn (Play a Room Tablet).")
    return msg("The {room} is not in the tablet pile.", room=state.name(tablet))


def _draw_reason(state: State, card: str) -> Msg:
    """A card tapped as the one just drawn that cannot be in the Children deck."""
    kind = state.content.cards[card].kind
    if _frame(state) != "draw" and kind != "ghost":
        return msg("The next ghost card of the deck is being searched out: tap a ghost, not another card.")
    if kind == "ghost":
        return _ghost_reason(state, card)
    public = _public_place(state, card)
    if public is not None:
        return public
    return msg("That card is not in the Children deck now: each card is in one place at a time "
               "(a hand, a room, the deck, the discard pile or a scoring pile).")


def _ghost_reason(state: State, ghost: str) -> Msg:
    name, n = state.name(ghost), ghost_count(ghost)
    here = state.ghost(ghost)
    if here is not None:
        return nmsg("{ghost} haunts the {room}: that card is in the mansion, not in the deck.",
                    "{ghost} haunt the {room}: that card is in the mansion, not in the deck.", "n", n=n,
                    ghost=name, room=state.name(here.room))
    owner = next((p for p, pairs in enumerate(state.trapped) if any(g == ghost for g, _ in pairs)), None)
    if owner is not None:
        return nmsg("{ghost} is trapped, in {player}'s scoring pile.",
                    "{ghost} are trapped, in {player}'s scoring pile.", "n", n=n, ghost=name,
                    player=state.players[owner])
    if ghost in state.set_aside:
        return nmsg("{ghost} waits beside the mansion, not in the deck.",
                    "{ghost} wait beside the mansion, not in the deck.", "n", n=n, ghost=name)
    return msg("That ghost card is in the Children deck, but it is not one the table may draw now.")


def _public_place(state: State, card: str) -> Msg | None:
    """Where every copy of ``card`` is, when the table can see it (discard, scoring piles)."""
    if state.in_deck(card) > 0:
        return None
    name = state.name(card)
    if card == "kitty-kitty" and state.kitty_card is not None:
        return msg("The Kitty Kitty card is in front of {player}.", player=state.players[state.kitty_card])
    if card in state.trapped_toys():
        return msg("The {card} is in a scoring pile: it trapped its ghost.", card=name)
    return msg("Every {card} card is in the discard pile.", card=name)


def _card_use_reason(state: State, kind: str, card: str) -> Msg:
    if kind == "toy":
        return _toy_reason(state, card)
    if kind == "device":
        return _HIDDEN
    if kind == "trap":
        return _HIDDEN
    if kind == "ghost":
        return msg("A ghost card is tapped when it is drawn from the Children deck.")
    return msg("A fate card is tapped when it is drawn from the Children deck.")


def _toy_reason(state: State, toy: str) -> Msg:
    frame = state.frames[-1] if state.frames else None
    if frame is not None and frame.kind in ("check", "biddle"):
        held = _held_reason(state, frame.player, toy)
        if held is not None:
            return held
    if frame is None or frame.kind not in ("check", "biddle"):
        return _FRAME_REASONS.get(frame.kind if frame else "", _HIDDEN)
    if frame.kind == "biddle":
        return msg("Irwin Biddle takes one toy from {player}'s hand.", player=state.players[frame.player])
    ghosts = state.ghosts_in(frame.args[0])
    if len(ghosts) == 1:
        ghost = ghosts[0].id
        # (never "that does not trap": the card may be the beloved toy, one the companion saw go into
        # another hand; a refusal that said so would tell the table where that card went, kidsleak20)
        return nmsg("A hidden card was tapped and not taken: {ghost} is trapped with the {beloved}. "
                    "The card stays in the hand it came from.",
                    "A hidden card was tapped and not taken: {ghost} are trapped with the {beloved}. "
                    "The card stays in the hand it came from.", "n",
                    n=ghost_count(ghost), ghost=state.name(ghost), beloved=state.name(state.content.beloved_toy(ghost)))
    names = ", ".join(state.name(g.id) for g in ghosts)
    return msg("A hidden card was tapped and not taken (the ghosts here: {ghosts}): it stays in the hand it "
               "came from.", ghosts=names)


def _held_reason(state: State, p: int, card: str) -> Msg | None:
    """Why ``card`` is not taken from ``p``'s hand when the table can see why: every copy is
    where all can see it, or ``p`` holds no card (a count all can see); else None. Never the
    companion's hidden knowledge: "That card cannot be in {player}'s hand: … the companion saw
    it go elsewhere" told the table that another hand or a tablet held it (kidsleak20); such
    a tap gets the frame's own reason, the same as any other card not taken."""
    public = _public_place(state, card)
    if public is not None:
        return public
    if state.hands[p] == 0:
        return msg("{player} holds no card: a card tapped now does not come from their hand.",
                   player=state.players[p])
    return None


# --------------------------------------------------------------------------- touches


def _key_reason(state: State, key: str) -> Msg:
    verb, _, arg = key.partition(":")
    reason = _KEYS.get(verb)
    found = reason(state, arg) if reason is not None else None
    return found or _step_reason(state)


def _step_reason(state: State) -> Msg:
    """What the game is waiting for, as the rule that puts it first."""
    frame = _frame(state)
    if frame:
        return _FRAME_REASONS.get(frame, msg("Something must be finished first."))
    reasons = {
        Step.SETUP: msg("The game starts with Start, once the cards are dealt."),
        Step.TABLET: msg("Part 1 of a turn is to play a room tablet."),
        Step.ACTIONS: msg("That is not one of {player}'s actions now: pick one of the choices offered.",
                           player=state.player),
        Step.RESTORE: msg("Part 3: {player} restores the hand to the hand limit.", player=state.player),
        Step.GHOST: msg("Part 4: {player} moves one ghost along the spectral flow.", player=state.player),
        Step.KITTY: msg("Part 5: Kitty Kitty moves."),
        Step.TRIM: msg("{player} cuts down to the hand limit at the end of the turn.", player=state.player),
    }
    return reasons.get(state.step, msg("That is not possible now."))


_FRAME_REASONS = {
    "draw": msg("A Children card is being drawn: tap it first."),
    "ghost": msg("A ghost card is being placed: put it under a room first."),
    "summon": msg("The next ghost card of the deck is being searched out: tap it first."),
    "raven": msg("The next ghost card of the deck is being searched out: tap it first."),
    "check": msg("A player meets a ghost: trap it or run first."),
    "flee": msg("A player runs from a ghost first."),
    "cut": msg("The hand limit dropped: players cut down first."),
    "traps": msg("Any trap among the cards picked up springs first."),
    "trap": msg("A trap is about to spring: let it spring, or defuse it, first."),
}


def _move(state: State, room: str) -> Msg | None:
    here = state.where[state.active]
    if state.step != Step.ACTIONS or state.frames or here is None or room not in gr.rooms(state.grid):
        return None
    if state.hands[state.active] > state.hand_limit:
        return msg("You may not leave a room with more cards in your hand than the hand limit ({limit}).",
                   limit=state.hand_limit)
    if room == here:
        return msg("{player} is in the {room} already.", player=state.player, room=state.name(room))
    if room not in gr.walks(state.grid, here, state.content):
        return msg("There is no door or trapdoor between the {here} and the {room}.", here=state.name(here),
                   room=state.name(room))
    return msg("No turn actions are left, and a move without one costs a skull token.")


def _use(state: State, device: str) -> Msg | None:
    if device not in state.content.cards or state.content.cards[device].kind != "device":
        return None
    return msg("That card cannot be played now, and it stays in the hand it came from.")


def _skull(state: State, _arg: str) -> Msg | None:
    if state.step != Step.ACTIONS or state.frames:
        return None
    if state.actions <= 0:
        return msg("A skull token costs a turn action, and none is left.")
    if state.skull_pool <= 0:
        return msg("No skull tokens are left in the pile until a player turns one in.")
    return msg("You may keep a maximum of 3 Skull Tokens.")


def _free(state: State, arg: str) -> Msg | None:
    return msg("A Free Action device out of turn needs a skull token and something for it to do; "
               "the player whose turn it is uses turn actions.")


def _done(state: State, _arg: str) -> Msg | None:
    if state.step == Step.ACTIONS and not state.frames:
        return msg("You must take 2 actions: move, use a device or take a skull token.")
    return None


def _tablet(state: State, tablet: str) -> Msg | None:
    return _tablet_reason(state, tablet) if tablet in state.content.tablets else None


def _draw(state: State, card: str) -> Msg | None:
    if card in state.content.cards and _frame(state) in _DRAWS:
        return _draw_reason(state, card)
    return msg("A Children card is drawn when entering a room, to restore a hand, or after a fate card.")


def _catch(state: State, ghost: str) -> Msg | None:
    if ghost not in state.content.cards:
        return None
    toy = state.name(state.content.beloved_toy(ghost))
    return msg("Trapping {ghost} takes its beloved toy, the {toy}, in a room {ghost} haunts.",
               ghost=state.name(ghost), toy=toy)


def _on_top(state: State, kind: str):
    """The frame on top when it is a ``kind`` frame, else None."""
    return state.frames[-1] if state.frames and state.frames[-1].kind == kind else None


def _room_named(state: State, room: str) -> bool:
    return room in gr.rooms(state.grid)


def _kitty_at(state: State, room: str) -> Msg | None:
    """Kitty Kitty fate: "Place the Kitty Kitty statuette on any room … not occupied by a player"."""
    if _on_top(state, "kittyplace") is None or not _room_named(state, room):
        return None
    return msg("Kitty Kitty goes into a room not occupied by a player: a player is in the {room}.",
               room=state.name(room))


def _give(state: State, arg: str) -> Msg | None:
    """"Give the Kitty Kitty card to another player of your choice"."""
    frame = _on_top(state, "give")
    if frame is None or arg != str(frame.player):
        return None
    return msg("{player} gives the Kitty Kitty card to another player, not back to themselves.",
               player=state.players[frame.player])


def _settle(state: State, room: str) -> Msg | None:
    """House Settles: "remove any 2 rooms unoccupied by players"."""
    if _on_top(state, "settle") is None or not _room_named(state, room):
        return None
    return msg("The House Settles removes only rooms with no player in them: a player is in the {room}.",
               room=state.name(room))


def _ghost_in_reach(kind: str, card: str):
    def reason(state: State, ghost: str) -> Msg | None:
        frame = _on_top(state, kind)
        here = state.ghost(ghost)
        if frame is None or here is None:
            return None
        device, n = state.name(card), ghost_count(ghost)
        if kind == "calm" and not here.enraged:
            return nmsg("The {device} calms an enraged ghost: {ghost} is calm already.",
                        "The {device} calms an enraged ghost: {ghost} are calm already.", "n", n=n, device=device,
                        ghost=state.name(ghost))
        return nmsg("The {device} reaches a ghost at most 2 rooms away: {ghost} in the {room} is farther.",
                    "The {device} reaches a ghost at most 2 rooms away: {ghost} in the {room} are farther.", "n",
                    n=n, device=device, ghost=state.name(ghost), room=state.name(here.room))
    return reason


def _kitty_move(state: State, room: str) -> Msg | None:
    """Step 5: "move Kitty Kitty to any adjacent room provided there is a legal entrance"."""
    if state.step != Step.KITTY or state.frames or state.kitty is None or not _room_named(state, room):
        return None
    if room == state.kitty:
        return msg("Kitty Kitty moves to another room: she is in the {room} now.", room=state.name(room))
    return msg("Kitty Kitty moves to a room next door through a door or trapdoor, as players do: none leads from "
               "the {here} to the {room}.", here=state.name(state.kitty), room=state.name(room))


_KEYS = {
    "move": _move, "use": _use, "skull": _skull, "free": _free, "done": _done, "tablet": _tablet,
    "draw": _draw, "catch": _catch, "kitty-at": _kitty_at, "give": _give, "settle": _settle,
    "calm": _ghost_in_reach("calm", "hatpin"), "banish": _ghost_in_reach("banish", "feather"), "kitty": _kitty_move,
    "start": lambda state, _arg: msg("The game has already started."),
    "escape": lambda state, _arg: (msg("An emergency escape is a turn action: none is left.")
                                   if state.step == Step.ACTIONS and not state.frames else None),
    "pickup": lambda state, _arg: (msg("There are no cards under this tablet to pick up.")
                                   if state.step == Step.ACTIONS and not state.frames else None),
    "leave": lambda state, _arg: (msg("An empty hand has nothing to leave.")
                                  if state.step == Step.ACTIONS and not state.frames else None),
}
