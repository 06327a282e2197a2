"""Children rules: setup and the turn guide (steps 1-6): what each action does (``act``).

Rulebook: ``shared/rulebooks/children.txt`` ("Game Setup", "Dealing Players In", "Taking a
Turn" 1-6, "Winning the Game"); notes.md 3.A gives every named house rule (:data:`OPTIONS`
in ``__init__``) and 4.1 what is tracked. Interruptions (an entry draw, a ghost met, a
cut-down, a device's effect) are :class:`~.state.Frame` s handled in :mod:`.frames`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.engine import draft
from companion.engine import pending as pd
from companion.engine.draft import replace, say
from companion.engine.lessons import what_for
from companion.errors import RuleViolation
from companion.games.children import components as cc
from companion.games.children import effects as fx
from companion.games.children import frames as fr
from companion.games.children import tablecheck, why
from companion.games.children.content import entries_of
from companion.games.children.prompts import settle
from companion.games.children.state import Frame, State, Step, push, put
from companion.i18n import msg, ntodo, todo

HAND = 5  # "Deal 5 cards from the Children deck to each player"


def setup(players: Sequence[str], options: Mapping[str, Any],
          content: Mapping[str, Mapping[str, Any]] | None = None) -> State:
    """A new game: 2 skull tokens per player in the pile, 5 cards dealt to each player (no
    ghosts, no fates), the tablets shuffled ("Game Setup", "Dealing Players In").

    Args:
        players: names in turn order.
        options: resolved options and house rules.
        content: what the owner entered as printed on the table's copy (a game header's
            ``content``: ``{component id: {field: value}}``, :mod:`.content`), over
            ``content.toml``; kept in the state, so the game replays exactly.

    Raises:
        RuleViolation: entries that do not make a whole game (e.g. six tablets on one
            floor). The player count (2 to 4: 4 figurines) and names are checked by the engine
            first (``Game.setup``).
    """
    entries = entries_of(content)
    trouble = cc.validate(options["edition"], entries) if entries else []
    if trouble:
        raise RuleViolation(trouble[0])
    copy = cc.content(options["edition"], entries)  # the table's copy: the edition with the entries
    n = len(players)
    state = State(
        players=tuple(players), options=dict(options), printed=entries,
        deck=copy.total_cards() - HAND * n, hands=(HAND,) * n, skulls=(0,) * n,
        skull_pool=min(2 * n, copy.skulls),
        tablet_pile=tuple(sorted(copy.tablets)), ghost_deck=tuple(sorted(copy.ghosts)),
        where=(None,) * n, arrived=(False,) * n, trapped=((),) * n,
    )
    for line in setup_checklist(state):
        state = say(state, line)
    return state


def setup_checklist(state: State) -> tuple:
    """"Game Setup" and "Dealing Players In", step by step, for the table to do."""
    pool = state.skull_pool
    return (
        what_for(todo("setup", "Leave the 26 mini cards in the box: the companion deals the toy stacks, hidden."),
                 msg("The mini cards secretly decide which ghost gets angry when a toy traps one. The companion "
                     "keeps that secret for you.")),
        what_for(todo("setup", "Shuffle the room tablets face down into one pile."),
                 msg("You build the mansion one room at a time. Shuffled, nobody knows which room comes next.")),
        what_for(ntodo("setup", "Put {n} skull token in the skull pile; the rest go back in the box.",
                       "Put {n} skull tokens in the skull pile (2 per player); the rest go back in the box.", "n",
                       n=pool),
                 msg("You can swap an action for a skull and spend it later on an extra move or card. The "
                     "pile holds only 2 per player.")),
        what_for(todo("setup", "Each player takes a figurine."),
                 msg("Your figurine is you, walking through the haunted mansion.")),
        what_for(todo("setup", "Turn every ghost card sepia side up and shuffle the Children deck."),
                 msg("The blue side is an angry ghost. Every ghost starts calm, sepia side up.")),
        what_for(todo("deal", "Deal 5 cards to each player: a ghost or fate card dealt goes back into the deck "
                              "at random and another card is dealt."),
                 msg("You start with 5 useful cards. Ghosts and fate cards wait in the deck for later.")),
        msg("Then touch Start."),
    )


# --------------------------------------------------------------------------- the turn


def _act_step(state: State, key: str) -> State:
    verb, _, arg = key.partition(":")
    act_on = _ACT_BY_VERB.get(verb)
    if act_on is None:
        raise RuleViolation(msg("That is not possible now."))
    return act_on(state, state.active, arg)


def _start(state: State, a: int, _arg: str) -> State:
    state = push(state, *[Frame("pair", a)] * len(state.content.toys))
    return fx.begin_turn(state)


def _play_tablet(state: State, a: int, tablet: str) -> State:
    return push(state, Frame("place", a, (tablet,)))


def _move(state: State, a: int, room: str) -> State:
    how = "action" if state.actions > 0 else "skull"
    state = fr.pay(state, a, how)
    return replace(fx.enter(state, a, room, how=how), entered=True)


def _use(state: State, a: int, device: str) -> State:
    return fr.use_device(state, a, device)


def _take_skull(state: State, a: int, _arg: str) -> State:
    state = replace(state, actions=state.actions - 1, skull_pool=state.skull_pool - 1,
                    skulls=put(state.skulls, a, state.skulls[a] + 1))
    player, held, pool = state.player, state.skulls[a], state.skull_pool
    return say(state, why.once(("skull", player, held, pool), lambda: why.skull(
        todo("other", "{player} takes a skull token from the pile.", player=player), held, pool)))


def _pick_up(state: State, a: int, _arg: str) -> State:
    return push(state, Frame("pickup", a, (state.room_of(a), "chosen")))


def _leave(state: State, a: int, _arg: str) -> State:
    return fx.leave_one(state, a)


def _escape(state: State, a: int, _arg: str) -> State:
    return fx.escape(replace(state, actions=state.actions - 1), a, forced=False)


def _restore_hand(state: State, _a: int, _arg: str) -> State:
    return replace(state, step=Step.RESTORE)


def _haunting(state: State, _a: int, arg: str) -> State:
    ghost, room = arg.split(":")
    return fx.move_ghost(replace(state, step=Step.KITTY), ghost, room)


def _no_haunting(state: State, _a: int, _arg: str) -> State:
    return replace(state, step=Step.KITTY)


def _move_kitty(state: State, a: int, room: str) -> State:
    state = replace(state, kitty=room, step=Step.TRIM)
    name = state.name(room)
    state = say(state, why.once(("kitty_moved", state.options["edition"], state.printed, room), lambda: why.kitty_moved(
        todo("move", "Kitty Kitty slinks into the {room}.", room=name), name)))
    frames = [Frame("kittycheck", p, (room,)) for p in state.players_in(room)]
    return push(state, *frames, Frame("give", a))


#: What each choice of the turn does, by the verb before the key's first ":".
_ACT_BY_VERB = {
    "start": _start, "tablet": _play_tablet, "move": _move, "use": _use, "skull": _take_skull,
    "pickup": _pick_up, "leave": _leave, "escape": _escape, "done": _restore_hand,
    "haunt": _haunting, "skip": _no_haunting, "kitty": _move_kitty,
}


def _out_of_turn_use(state: State, key: str) -> State:
    _, q, device = key.split(":")
    return fr.use_device(state, int(q), device)


def act(state: State, key: str) -> State:
    """The state after ``key`` (a choice key, an out-of-turn Free Action device, a chance
    outcome key, or a correction the table check lists:
    :func:`~companion.games.children.tablecheck.correct`), which the engine found legal now
    (:mod:`companion.engine.legality`)."""
    if key.startswith(tablecheck.PREFIX):  # a table-check correction: at any moment
        return tablecheck.correct(state, key)
    limit = state.hand_limit
    # the action's one copy, without the last action's news, changed in place by its rule and
    # as it settles (companion.engine.draft), done at the end
    state = draft.begun(settle(state), news=())
    if key.startswith("free:"):
        state = _out_of_turn_use(state, key)
    elif state.frames:
        frame = state.frames[-1]
        state = pd.act(fr.FRAMES, state, frame, key)
    else:
        state = _act_step(state, key)
    state = settle(state)
    if state.hand_limit != limit and state.step != Step.OVER:
        limit, enraged = state.hand_limit, len(state.enraged_present)
        state = say(state, why.once(("hand_limit", limit, enraged), lambda: why.hand_limit(
            msg("The hand limit is now {limit}.", limit=limit), enraged, limit)))
    return draft.finished(state)
