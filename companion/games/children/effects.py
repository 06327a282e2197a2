"""What happens to the mansion: entering rooms, drawing, trapping, running, escaping,
ghosts arriving and the end-of-game checks. Pure functions on :class:`~.state.State`.

Rulebook sections: "Move to an adjacent room", "Draw a card from the Children Card draw
pile", "Trapping Ghosts", "Running from Ghosts", "Enraged Ghosts", "Emergency Escape",
"Winning the Game".
"""

from __future__ import annotations

from functools import lru_cache

from companion.engine import pending as pd
from companion.engine.draft import replace, say
from companion.engine.words import and_names
from companion.games.children import components as cc
from companion.games.children import grid as gr
from companion.games.children import why
from companion.games.children.state import (
    Frame,
    Ghost,
    State,
    Step,
    add_hand,
    add_left,
    changed,
    put,
    set_ghosts,
)
from companion.i18n import msg, nmsg, notable, ntodo, todo

#: The last Children card drawn, as the game's end recalls it (the final round begins).
_LAST_CARD = msg("The last Children card is drawn: the final round begins.")


def room_name(state: State, room: str | None) -> str:
    return state.name(room) if room else msg("outside the mansion")


def enter(state: State, p: int, room: str, draw: bool = True, how: str = "action") -> State:
    """Player ``p`` enters ``room`` (``how``: by a move paid with an ``action`` or a
    ``skull``, with their first ``tablet``, or a secret ``passage``): draw a card, then pick
    up the cards left there, then trap or run from its ghosts (option
    ``trap_check_timing``), then meet Kitty Kitty."""
    player, name = state.players[p], state.name(room)
    line = why.once(("entered", state.options["edition"], state.printed, player, room, how),
                    lambda: why.entered(todo("move", "{player} enters the {room}.", player=player, room=name), name,
                                        how))
    frames = _entry_frames(p, room, draw, state.opt("trap_check_timing") == "on_arrival")
    return changed(state, line, where=put(state.where, p, room), arrived=put(state.arrived, p, True),
                   frames=state.frames + frames)


@lru_cache(maxsize=256)  # the same few players and rooms at every move: the frames made once
def _entry_frames(p: int, room: str, draw: bool, on_arrival: bool) -> tuple[Frame, ...]:
    """What entering ``room`` leaves to do, as :func:`pd.push` puts it on the stack: the entry
    draw (``draw``), the pickup, the ghosts met (first when ``on_arrival``), then Kitty Kitty."""
    check = Frame("check", p, (room,))
    body = [Frame("draw", p, ("enter", room))] if draw else []
    body.append(Frame("pickup", p, (room,)))
    frames = [check] + body if on_arrival else body + [check]
    return pd.push((), *frames, Frame("kittycheck", p, (room,)))


def take_from_deck(state: State, **changes) -> State:
    """One card leaves the Children deck; the last one starts the final round ("Winning the
    Game"). ``changes``: made in the same copy (the frame the draw resolves)."""
    state = replace(state, deck=state.deck - 1, **changes)
    if state.deck == 0 and state.final_turns is None:
        n = len(state.players)
        if state.opt("final_round") == "all_one_more":
            state = replace(state, final_turns=n + 1)
            return say(state, notable(why.last_card(msg("That was the last Children card: after this turn each "
                                                        "player, {player} too, takes one more turn.",
                                                        player=state.player), n), _LAST_CARD))
        state = replace(state, final_turns=n)
        state = say(state, notable(why.last_card(msg("That was the last Children card: after this turn every other "
                                                     "player takes one more turn; {player} does not.",
                                                     player=state.player), n - 1), _LAST_CARD))
    return state


def ghost_to_deck(state: State, ghost: str) -> State:
    """A ghost card goes back into the Children deck, calm side up (Feather, House Settles)."""
    kept = [g for g in state.ghosts if g.id != ghost]
    returned = state.returned + ((ghost,) if state.revealed(ghost) and ghost not in state.returned else ())
    return set_ghosts(replace(state, deck=state.deck + 1, ghost_deck=tuple(sorted(state.ghost_deck + (ghost,))),
                              returned=returned), kept)


def arrives_enraged(state: State, ghost: str) -> bool:
    """A ghost coming into the mansion is enraged when its stack was flipped ("Enraged
    Ghosts"), unless it was sent back calm and option ``reappearing_ghost_rechecks_stack`` is off."""
    if not state.revealed(ghost):
        return False
    return state.opt("reappearing_ghost_rechecks_stack") or ghost not in state.returned


def place_ghost(state: State, ghost: str, room: str, mode: str = "free") -> State:
    """``ghost`` haunts ``room`` (enraged side up when its stack was flipped); every player
    there must trap it or run. ``mode``: how it came (the ghost frame's: ``free`` drawn,
    ``summon``, ``raven``, ``aside``), for its ``why``."""
    enraged = arrives_enraged(state, ghost)
    ghosts = _sorted_ghosts(state.ghosts + (Ghost(ghost, room, enraged),))
    line = why.once(("placed", state.options["edition"], state.printed, ghost, room, mode, enraged),
                    lambda: _placed_line(state, ghost, room, mode, enraged))
    return meet_ghosts(state, room, line, ghosts=ghosts)


def _placed_line(state: State, ghost: str, room: str, mode: str, enraged: bool):
    n = ghost_count(ghost)
    names = {"ghost": state.name(ghost), "room": state.name(room)}
    if enraged:  # an enraged ghost coming in lowers the hand limit: a moment to remember
        line = notable(ntodo("place", "{ghost} haunts the {room}, enraged: put the card blue side up.",
                             "{ghost} haunt the {room}, enraged: put the card blue side up.", "n", n=n, **names),
                       nmsg("{ghost} haunts the {room}, enraged.", "{ghost} haunt the {room}, enraged.", "n", n=n,
                            **names))
    else:
        line = ntodo("place", "{ghost} haunts the {room}.", "{ghost} haunt the {room}.", "n", n=n, **names)
    return why.ghost_placed(line, names["ghost"], names["room"], mode, enraged)


def move_ghost(state: State, ghost: str, room: str) -> State:
    g = state.ghost(ghost)
    others = [x for x in state.ghosts if x.id != ghost]
    ghosts = _sorted_ghosts(others + [replace(g, room=room)])
    line = why.once(("drifted", state.options["edition"], state.printed, ghost, room),
                    lambda: why.drifted(ntodo("move", "{ghost} drifts to the {room}.", "{ghost} drift to the {room}.",
                                              "n", n=ghost_count(ghost), ghost=state.name(ghost),
                                              room=state.name(room)), state.name(ghost), state.name(room)))
    return meet_ghosts(state, room, line, ghosts=ghosts)


def _sorted_ghosts(ghosts) -> tuple[Ghost, ...]:
    """The mansion's ghosts as :func:`~.state.set_ghosts` keeps them."""
    return tuple(sorted(ghosts, key=lambda g: g.id))


def meet_ghosts(state: State, room: str, *lines, **changes) -> State:
    """Every player in ``room`` (the active player first) must now trap its ghosts or run;
    ``lines`` and ``changes`` (the ghost's move) made in the same copy of the state (none
    when nothing changes: mostly nobody is in the room)."""
    n = len(state.players)
    order = [(state.active + k) % n for k in range(n)]
    frames = [Frame("check", p, (room,)) for p in order if state.where[p] == room]
    if not (frames or lines or changes):
        return state
    return changed(state, *lines, frames=pd.push(state.frames, *frames), **changes)


def trap(state: State, p: int, ghost: str) -> State:
    """Player ``p`` traps ``ghost`` with its beloved toy ("Trapping Ghosts"), then flips
    that toy's mini-card stack: the ghost revealed becomes enraged ("Enraged Ghosts")."""
    toy = state.content.beloved_toy(ghost)
    was = next((g for g in state.ghosts if g.id == ghost), None)  # where and which side up, for the undo (words18)
    seen = {} if was is None else {"room": state.name(was.room), "enraged": int(was.enraged)}
    state = add_hand(state, p, -1)
    state = set_ghosts(state, [g for g in state.ghosts if g.id != ghost])
    trapped = put(state.trapped, p, state.trapped[p] + ((ghost, toy),))
    state = replace(state, trapped=trapped)
    line = todo("remove", "{player} traps {ghost} with the {toy}: both cards go to their scoring pile.",
                player=state.players[p], ghost=state.name(ghost), toy=state.name(toy), **seen)  # seen: unsaid
    # short, so three of them fit under the result at 800×480 (one line each with "Turn 12: ")
    recap = msg("{player} traps {ghost}.", player=state.players[p], ghost=state.name(ghost))
    state = say(state, notable(why.trapped(line, state.name(ghost), state.name(toy)), recap))
    return flip_stack(state, toy)


def flip_stack(state: State, toy: str) -> State:
    """Flip the mini-card stack under ``toy``: its ghost is revealed and enraged."""
    revealed = state.pairing[state.content.toys.index(toy)]
    state = replace(state, flipped=state.flipped + ((toy, revealed),))
    is_trapped = revealed in state.trapped_ghosts()
    if not is_trapped or state.opt("reveal_trapped_ghost") == "counts":
        state = replace(state, counted_flips=state.counted_flips + 1)
    ghost = state.ghost(revealed)
    toy_name, ghost_name = state.name(toy), state.name(revealed)
    if ghost is not None:
        state = set_ghosts(state, [g for g in state.ghosts if g.id != revealed] + [replace(ghost, enraged=True)])
        line = notable(ntodo("flip", "The {toy} stack reveals {ghost}: {ghost} is enraged in the {room}; turn "
                             "the card blue side up.",
                             "The {toy} stack reveals {ghost}: {ghost} are enraged in the {room}; turn the card "
                             "blue side up.", "n", n=ghost_count(revealed),
                             toy=toy_name, ghost=ghost_name, room=state.name(ghost.room)),
                       nmsg("{ghost} is revealed, enraged in the {room}.",
                            "{ghost} are revealed, enraged in the {room}.", "n", n=ghost_count(revealed),
                            ghost=ghost_name, room=state.name(ghost.room)))
    elif is_trapped:
        line = nmsg("The {toy} stack reveals {ghost}, who is already trapped.",
                    "The {toy} stack reveals {ghost}, who are already trapped.", "n",
                    n=ghost_count(revealed), toy=toy_name, ghost=ghost_name)
    else:
        line = nmsg("The {toy} stack reveals {ghost}: enraged when it comes into the mansion.",
                    "The {toy} stack reveals {ghost}: enraged when they come into the mansion.", "n",
                    n=ghost_count(revealed), toy=toy_name, ghost=ghost_name)
    return say(state, why.revealed(line, toy_name, ghost_name))


def leave_one(state: State, p: int, cut: bool = False) -> State:
    """``p`` leaves one card face down under their tablet (or puts it back into the deck
    from outside the mansion), and the table is told so; ``cut``: a cut-down to a lowered
    hand limit ("Enraged Ghosts")."""
    name, room = state.players[p], state.where[p]
    held = state.hands[p]
    reason = "cut" if cut else ("free" if state.step == Step.ACTIONS else "restore")
    limit = state.hand_limit  # (leaving cards leaves the ghosts, and so the limit, as they are)
    line = why.once(("left", state.options["edition"], state.printed, name, room, reason, held, limit),
                    lambda: why.left(_left_line(state, name, room), reason, held, limit))
    return leave_cards(state, p, 1, line)


def _left_line(state: State, name: str, room: str | None):
    if room is None:
        return todo("return", "{player} puts a card back into the Children deck.", player=name)
    return todo("place", "{player} leaves a card face down under the {room}.", player=name, room=state.name(room))


def ghost_count(ghost: str) -> int:
    """2 for a ghost card that is more than one child (The Twins: "The Twins take plural
    verbs"), else 1: the count of the news lines' plural forms."""
    return 2 if ghost in cc.PLURAL_GHOSTS else 1


def leave_cards(state: State, p: int, n: int, *lines) -> State:
    """``p`` leaves ``n`` cards face down under their tablet (a player outside the mansion
    puts them back into the Children deck: a ruling, the rulebook never has them hold more
    than the hand limit there). ``lines``: said in the same copy."""
    n = min(n, state.hands[p])
    room = state.where[p]
    said = {"news": state.news + lines} if lines else {}  # (the left cards and the hand in one copy)
    if room is None:
        return add_hand(state, p, -n, deck=state.deck + n, **said)
    state = add_left(state, room, n)
    return add_hand(state, p, -n, **said)


def escape(state: State, p: int, forced: bool = True, ran: int = 0) -> State:
    """Emergency Escape: the whole hand stays under the tablet, the figurine leaves the
    mansion; next turn it comes back in any room and draws a card (``forced``: a ghost and
    no way out, else the turn action; ``ran``: the cards running in terror just left there,
    which their own line takes back when undone)."""
    room = state.where[p]
    # how many cards the escape leaves, and how many were there before (unsaid: the undo's words)
    n, there = state.hands[p], (state.left_in(room) - ran if room is not None else 0)
    state = leave_cards(state, p, state.hands[p])
    state = replace(state, where=put(state.where, p, None))
    line = todo("remove", "{player} makes an emergency escape from the {room}, leaving every card there.",
                player=state.players[p], room=room_name(state, room), n=n, there=there)
    recap = msg("{player} makes an emergency escape from the {room}.", player=state.players[p],
                room=room_name(state, room))
    return say(state, notable(why.escaped(line, forced), recap))


def nearest(state: State, p: int, calm_only: bool = False, skip_own_room: bool = False) -> tuple[str, ...]:
    """Ghosts nearest to player ``p`` (straight-line distance), sorted; several on a tie."""
    room = state.where[p]
    if room is None:
        return ()
    ghosts = [g for g in state.ghosts if not (calm_only and g.enraged) and not (skip_own_room and g.room == room)]
    if not ghosts:
        return ()
    best = min(gr.distance(state.grid, room, g.room) for g in ghosts)
    return tuple(sorted(g.id for g in ghosts if gr.distance(state.grid, room, g.room) == best))


def within(state: State, p: int, reach: int, enraged_only: bool = False) -> tuple[str, ...]:
    """Ghosts at most ``reach`` rooms from player ``p`` (Hatpin, Feather)."""
    room = state.where[p]
    if room is None:
        return ()
    return tuple(g.id for g in state.ghosts
                 if gr.distance(state.grid, room, g.room) <= reach and (g.enraged or not enraged_only))


def rooms_without_players(state: State) -> tuple[str, ...]:
    where = state.where  # (a room in it has a player: players_in, without a tuple per room)
    return tuple(r for r in gr.rooms(state.grid) if r not in where)


def some_room_without_players(state: State) -> bool:
    """``bool(rooms_without_players(state))``, stopping at the first such room."""
    where = state.where
    return any(r not in where for r in gr.rooms(state.grid))


def rooms_without_ghosts(state: State) -> tuple[str, ...]:
    haunted = {g.room for g in state.ghosts}  # (ghosts_in of every room, in one pass)
    return tuple(r for r in gr.rooms(state.grid) if r not in haunted)


def insane(state: State) -> bool:
    """The ghostly children win: the hand limit is 0 (5 enraged present), or with
    ``insanity_count`` = ``flipped_stacks``, 5 or more counted stacks ("Running into Ghosts")."""
    if state.hand_limit == 0:
        return True
    return state.counted_flips >= 5 and state.opt("insanity_count") == "flipped_stacks"  # (the count mostly 0)


def final_score(state: State) -> State:
    """The end: most trapped ghosts wins; a tie follows option ``tie_rule``."""
    counts = [len(t) for t in state.trapped]
    best = max(counts)
    top = tuple(name for name, n in zip(state.players, counts) if n == best)
    if len(top) == 1 or state.opt("tie_rule") == "share":
        state = replace(state, outcome="won", winners=top)
        return say(state, why.scored(msg("The game is over: {winners} trapped the most ghosts ({n}) and won.",
                                         winners=and_names(top), n=best), best, len(top)))
    state = replace(state, outcome="tie", winners=())
    return say(state, why.scored(nmsg("The game is over: {players} tie with {n} ghost each, so nobody wins.",
                                      "The game is over: {players} tie with {n} ghosts each, so nobody wins.", "n",
                                      players=and_names(top), n=best), best, len(top)))


# --------------------------------------------------------------------------- the turn


def begin_turn(state: State, **changes) -> State:
    """The next turn's first step (``changes``: the turn passing to ``active``, made in the
    same copy)."""
    a = changes.get("active", state.active)
    frames = state.frames
    if state.where[a] is None and gr.rooms(state.grid) and (state.arrived[a] or not state.tablet_pile):
        frames = pd.push(frames, Frame("reentry", a))
    return changed(state, _turn_line(state.players[a]), step=Step.TABLET, actions=0, entered=False, restored=False,
                   turn=state.turn + 1, frames=frames, **changes)


@lru_cache(maxsize=64)
def _turn_line(player: str):
    return msg("{player}'s turn.", player=player)


def end_turn(state: State) -> State:
    """6. Play passes to the left; after the last Children card, the final round counts down."""
    if state.final_turns is not None:
        left = state.final_turns - 1
        state = replace(state, final_turns=left)
        if left <= 0:
            return replace(final_score(state), step=Step.OVER)
    return begin_turn(state, active=(state.active + 1) % len(state.players))
