"""What the table may do now (``prompt``): the turn guide's steps 1-6, the interruptions
(:mod:`.frames`), the Free Action devices other players may play out of turn, and
``settle``, which resolves everything that needs no input first.

Rulebook: ``shared/rulebooks/children.txt`` ("Taking a Turn" 1-6, "Take a Skull Token").
"""

from __future__ import annotations

from functools import cache, lru_cache
from typing import Any

from companion.engine import pending as pd
from companion.engine.core import Choice, Implied, Prompt
from companion.engine.draft import replace, say
from companion.engine.ending import Ending, best_first
from companion.engine.memo import Kept, remember_last
from companion.engine.words import and_names
from companion.games.children import components as cc
from companion.games.children import effects as fx
from companion.games.children import frames as fr
from companion.games.children import grid as gr
from companion.games.children import why
from companion.games.children.state import Frame, State, Step, push
from companion.i18n import Msg, msg, nmsg, todo

MAX_SKULLS = 3  # "You may keep a maximum of 3 Skull Tokens"
_IDLE = fr.IDLE
#: Steps asked at every state (a member through its class costs four times a global: EnumType's
#: attribute hook); compared by value: a decoded step is equal to its member
_OVER, _SETUP = Step.OVER, Step.SETUP


def _ask(state: State) -> Prompt | State:
    """What the state asks (a prompt), or the state after what resolves by itself. A prompt is
    remembered for the state asked last (settle asks it of the state it reaches, then prompt
    of the same state), matched by identity as :func:`~companion.engine.memo.remember_last`
    does; a state is not: an action's copy (:mod:`companion.engine.draft`) is changed in place
    while it settles, so the same object asks again after each thing resolved by itself."""
    global _asked  # noqa: PLW0603  (one pair, replaced whole: safe between threads)
    seen, answer = _asked
    if seen is state:
        return answer
    answer = _ask_now(state)
    if answer.__class__ is Prompt:
        _asked = (state, answer)
    return answer


_asked: tuple[object, Any] = (None, None)  # (the state asked last, its prompt)


def _ask_now(state: State) -> Prompt | State:
    if state.frames:
        frame = state.frames[-1]
        return pd.ask(fr.FRAMES, state, frame)
    return _ask_step(state)


def _needs_cut(state: State) -> list[int]:
    hands, limit = state.hands, state.hand_limit
    if max(hands) <= limit:  # asked at every step that settles: mostly nobody
        return []
    a = state.active
    if all(h <= limit for p, h in enumerate(hands) if p != a):  # or the active player alone, after a draw
        return []
    n = len(state.players)
    pending = {int(p) for f in state.frames if f.kind == "cut" for p in f.args}
    order = [(state.active + k) % n for k in range(1, n)]
    return [p for p in order if state.hands[p] > state.hand_limit and p not in pending]


def settle(state: State) -> State:
    """Resolve everything that needs no input, until the table must act (or the game ends):
    frames that resolve themselves, steps with nothing to do, cut-downs when the hand limit
    drops, and the ghosts' win when it reaches 0 ("Enraged Ghosts"); the engine's loop
    (:func:`companion.engine.pending.settle`) over :func:`_resolve_self`.

    A settled state settles to itself: the state this returned last (which ``act`` is then
    mostly given) comes back at once, matched by identity as in :mod:`companion.engine.memo`."""
    global _last_settled  # noqa: PLW0603  (one object, replaced whole: safe between threads)
    if state is _last_settled:
        return state
    settled = pd.settle(state, _resolve_self)
    _last_settled = settled
    return settled


_last_settled: State | None = None


def _resolve_self(state: State) -> State | None:
    """One thing that resolves by itself, or None when the table must act (or it is over)."""
    step = state.step
    if not state.frames and (step == _OVER or step == _SETUP):
        return None
    if step != _SETUP:
        if state.hand_limit == 0 or (state.counted_flips >= 5 and fx.insane(state)):  # fx.insane, its checks first
            state = replace(state, step=Step.OVER, outcome="lost", winners=(), frames=())
            line = msg("Every player goes insane: the ghostly children win.")
            return say(state, why.insane(line, len(state.enraged_present), state.counted_flips,
                                         state.hand_limit != 0))
        cuts = _needs_cut(state) if max(state.hands) > state.hand_limit else None  # (mostly nobody over it)
        if cuts:
            state = push(state, Frame("cut", state.active, tuple(str(p) for p in cuts)))
            line = todo("other", "{players}: cut down to the hand limit of {limit} now.",
                        players=and_names(state.players[p] for p in cuts), limit=state.hand_limit)
            # no moment of its own (issue 29 item 7): the enraged ghost that lowered the limit is one,
            # and an active player's cut at the end of the turn is no event the table recalls
            return say(state, why.cut_down(line, len(state.enraged_present), state.hand_limit))
    frames = state.frames
    if frames:  # the frames on top that resolve by leaving the stack, left in one copy
        k = len(frames)
        while k and (idle := _IDLE.get(frames[k - 1].kind)) is not None and idle(state, frames[k - 1]):
            k -= 1
        if k < len(frames):
            return replace(state, frames=frames[:k])
    result = _ask(state)
    return None if isinstance(result, Prompt) else result


def going_on(state: State) -> Implied | None:
    """The answer a player gives by going on playing (:attr:`~companion.engine.game.Game.going_on`)
    to the questions the companion asks because it cannot know the answer (kidsleak20, kidsleak21:
    it keeps no record of the cards in a hand): the Dental Tools question ("spring"), the
    Crickets' Cricket Cage question ("no-cage"), the Catnip when Kitty Kitty meets you
    ("no-catnip") and Irwin Biddle's ("no-toy"). At a real table the player who has none of
    those cards just plays on; the next input is their "no". None for every other question (a
    ghost met, a room to choose …: those are decisions, not a card shown or not)."""
    if not state.frames:
        return None
    frame = state.frames[-1]
    answer = _GOING_ON.get(frame.kind)
    return answer(state, frame) if answer is not None else None


def _lets_it_spring(state: State, f: Frame) -> Implied:
    return Implied("spring", msg("{player} lets the {trap} trap spring.", player=state.players[f.player],
                                 trap=state.name(f.args[0])))


def _no_cage(state: State, f: Frame) -> Implied:
    return Implied("no-cage", msg("{player} does not show the Cricket Cage.", player=state.players[f.player]))


def _no_catnip(state: State, f: Frame) -> Implied:
    name = state.players[f.player]
    if f.args[0] == "mouse" and state.opt("mouse_immunity") == "catnip":  # fr.ask_kittymeet's two questions
        return Implied("no-catnip", msg("{player} does not show the Catnip.", player=name))
    return Implied("no-catnip", msg("{player} does not use the Catnip.", player=name))


def _no_toy(state: State, f: Frame) -> Implied:
    return Implied("no-toy")  # the answer's own news says it: "Bo has no toy."


#: frame kind -> the answer going on playing gives to the question it asks (:func:`going_on`)
_GOING_ON = {"trap": _lets_it_spring, "crickets": _no_cage, "kittymeet": _no_catnip, "biddle": _no_toy}


def summary(state: State) -> Msg | None:
    """How the game ended, for the game-over panel (:meth:`Game.summary`); None while it goes on."""
    if state.step != Step.OVER:
        return None
    if state.outcome == "lost":
        return msg("The ghostly children won.")
    if state.outcome == "tie":
        return msg("A tie, nobody wins.")
    return msg("{winners} won.", winners=and_names(state.winners))


def ending(state: State) -> Ending | None:
    """How the game ended, for the game-over panel (:meth:`Game.ending`): the winners (the
    ghostly children when the players lost, a tie), and the ghosts each player trapped; None
    while it goes on."""
    if state.step != Step.OVER:
        return None
    result = "lost" if state.outcome == "lost" else "tie" if state.outcome == "tie" else "won"
    trapped = best_first((name, len(state.trapped[p])) for p, name in enumerate(state.players))
    return Ending(result, tuple(state.winners), msg("Ghosts trapped"), trapped)


@remember_last  # the caller, then the legality check of apply: computed once
def prompt(state: State) -> Prompt:
    """What the table does next: a chance node (the mini-card pairing, a random tie), a
    choice for the player named, or the end."""
    if state.step == _OVER:
        if state.outcome == "lost":
            return Prompt(msg("The game is over: the ghostly children won."), over=True)
        if state.outcome == "tie":
            return Prompt(msg("The game is over: a tie, nobody wins."), over=True)
        return Prompt(msg("The game is over: {winners} won.", winners=and_names(state.winners)), over=True)
    result = _ask(state)
    if isinstance(result, State):  # never for a state made by setup or apply (they settle)
        return prompt(settle(state))
    skulls = state.skulls
    if result.chance is None and sum(skulls) != skulls[state.active] and state.step != _SETUP:
        offered = out_of_turn(state, result)  # (mostly nobody else holds a skull token: the prompt as asked)
        if offered:
            result = replace(result, out_of_turn=offered)
    return result


def out_of_turn(state: State, current: Prompt) -> tuple[Choice, ...]:
    """"Take a Skull Token": "You may play Free Action Devices out of turn only if you have at
    least 1 Skull Token … Turn in a Skull Token … then play and discard your Free Action
    Device Card", at any moment: one choice per Free Action device each other player (not
    the active one, nor the one the prompt already asks) could use now (``free:<player
    index>:<device>``). A tap picks it only when no other choice uses the same card."""
    if sum(state.skulls) == state.skulls[state.active]:  # (counts are never negative)
        return ()  # out of turn a device costs a skull token: nobody else holds one
    # those device_choices offers nothing for (no skull token, no room, no card) left out first
    able = [q for q, n in enumerate(state.skulls) if n > 0 and q != state.active and state.where[q] is not None
            and state.hands[q]]
    if not able:
        return ()
    cuts = [c.key for c in current.choices if c.key.startswith("cut:")]  # (mostly none)
    busy = {p for p, name in enumerate(state.players) if name == current.player
            or any(key.startswith(f"cut:{name}:") for key in cuts)}
    offered = []
    for q in able:
        if q in busy:
            continue
        name = state.players[q]
        for choice in fr.device_choices(state, q, f"free:{q}", cc.FREE_DEVICES):
            offered.append(_theirs(choice, name))  # the screen shows whose button it is
    if not offered:
        return ()
    taps = [c.component for c in current.choices + tuple(offered) if c.component]
    return tuple(c if taps.count(c.component) < 2 else replace(c, component=None) for c in offered)


def _theirs(choice: Choice, name: str) -> Choice:
    """``choice`` made by ``name`` out of turn, made once per choice and player (the choices
    are :func:`frames.device_choices`'s, made once and kept: matched by identity, kept with
    the copy so an identity is never reused)."""
    return _THEIRS.of(choice, name, _made_by, choice, name)


def _made_by(choice: Choice, name: str) -> Choice:
    return replace(choice, player=name)


_THEIRS = Kept(1024)


def _ask_step(state: State) -> Prompt | State:
    ask = _ASK_BY_STEP.get(state.step)
    if ask is None:
        raise AssertionError(state.step)
    return ask(state)


def _ask_setup(state: State) -> Prompt:
    return Prompt(msg("Shuffle and deal, then touch Start"), None,
                  (Choice("start", msg("Start"), button="dice", main=True),))


def _ask_tablet(state: State) -> Prompt | State:
    """1. Play a room tablet (the actions begin when the pile is empty)."""
    if not state.tablet_pile:
        return replace(state, step=Step.ACTIONS, actions=2)
    return _tablet_prompt(state.player, state.options["edition"], state.printed, state.tablet_pile)


@lru_cache(maxsize=256)  # made once per player and pile of tablets left
def _tablet_prompt(player: str, edition: str, printed: cc.Entries, pile: tuple[str, ...]) -> Prompt:
    every = _every_tablet_choice(edition, printed)
    return Prompt(msg("{player}: draw the top room tablet and tap it", player=player), player,
                  tuple(every[t] for t in sorted(set(pile))))


@lru_cache(maxsize=64)
def _every_tablet_choice(edition: str, printed: cc.Entries) -> dict[str, Choice]:
    """Every tablet's choice (:func:`_tablet_choice`), by tablet id, for a content (a pile
    changes at every tablet: its prompt is mostly new, its choices never)."""
    content = cc.content(edition, printed)  # the state's content (State.content)
    return {t: _tablet_choice(t, content.name(t)) for t in content.tablets}


@lru_cache(maxsize=256)  # the same tablets at every step 1: each choice made once
def _tablet_choice(tablet: str, name: str) -> Choice:
    return Choice(f"tablet:{tablet}", name, component=cc.component(tablet))


def _ask_haunting(state: State) -> Prompt | State:
    """4. Move one ghost along the spectral flow (on to Kitty Kitty when none can move)."""
    moves = _ghost_moves(state)
    if not moves:
        return replace(state, step=Step.KITTY)
    made = _haunt_choices(state.options["edition"], state.printed)  # each choice made once per content
    choices = []
    for move in moves:
        choice = made.get(move)
        if choice is None:
            g, r = move
            choice = made[move] = _haunt_choice(g, state.name(g), r, state.name(r))
        choices.append(choice)
    if not state.opt("ghost_move_mandatory"):
        choices.append(_fixed_choice("skip"))
    name = state.player
    return Prompt(_haunting_text(name), name, tuple(choices))


@lru_cache(maxsize=64)
def _haunting_text(player: str) -> Msg:
    return msg("{player}: move one ghost along the spectral flow", player=player)


@lru_cache(maxsize=64)
def _haunt_choices(edition: str, printed: cc.Entries) -> dict[tuple[str, str], Choice]:
    """The haunting step's choices made so far for a content, by (ghost, room): at most one per
    ghost and room (looked up at every haunting step, for every ghost move)."""
    return {}


@lru_cache(maxsize=256)  # the same few ghosts and rooms at every haunting step: each choice made once
def _haunt_choice(ghost: str, ghost_name: str, room: str, room_name: str) -> Choice:
    return Choice(f"haunt:{ghost}:{room}", msg("Move {ghost} to the {room}", ghost=ghost_name, room=room_name))


def _ask_kitty(state: State) -> Prompt | State:
    """The holder of the Kitty Kitty card moves Kitty Kitty to a room next door."""
    a, name = state.active, state.player
    if state.kitty_card != a or state.kitty is None:
        return replace(state, step=Step.TRIM)
    kitty = _kitty_prompt(name, state.options["edition"], state.printed, state.grid, state.kitty)
    if kitty is None:
        state = say(state, msg("Kitty Kitty has no way out of the {room}.", room=state.name(state.kitty)))
        return push(replace(state, step=Step.TRIM), Frame("give", a))
    return kitty


@lru_cache(maxsize=256)  # made once per player, mansion and room of Kitty Kitty's
def _kitty_prompt(player: str, edition: str, printed: cc.Entries, grid: gr.Grid, room: str) -> Prompt | None:
    content = cc.content(edition, printed)  # the state's content (State.content)
    exits = gr.walks(grid, room, content)
    if not exits:
        return None
    return Prompt(msg("{player}: move Kitty Kitty to a room next door", player=player), player,
                  tuple(Choice(f"kitty:{r}", msg("Kitty Kitty to the {room}", room=content.name(r))) for r in exits))


def _ask_hand_limit(state: State) -> Prompt | State:
    """At the end of the turn (when the house rule says so) cards over the hand limit are left."""
    a, name = state.active, state.player
    if (state.opt("active_player_trim_timing") == "end_of_turn" and state.hands[a] > state.hand_limit):
        return Prompt(msg("{player}: the hand limit is {limit}; leave cards until you hold {limit}",
                          player=name, limit=state.hand_limit), name, (_leave_choice(state, main=True),))
    return fx.end_turn(state)


def _leave_choice(state: State, key: str = "leave", main: bool = False) -> Choice:
    room = state.where[state.active]
    return _leave_under(key, None if room is None else state.name(room), main)


@lru_cache(maxsize=256)  # asked at every step 2 of a player holding cards: each choice made once
def _leave_under(key: str, room_name: str | None, main: bool) -> Choice:
    if room_name is None:
        return Choice(key, msg("Put a card back into the Children deck"), main=main)
    return Choice(key, msg("Leave a card under the {room}", room=room_name), main=main)


def _ghost_moves(state: State) -> list[tuple[str, str]]:
    flows = _flows_of(state.grid, state.content)
    moves = []
    for g in state.ghosts:
        rooms = flows.get(g.room)
        if rooms is None:
            rooms = flows[g.room] = gr.flows(state.grid, g.room, state.content)
        moves += [(g.id, r) for r in rooms]
    return moves


def _flows_of(grid: gr.Grid, content: cc.Content) -> dict[str, tuple[str, ...]]:
    """:func:`gr.flows` of each room asked so far, for the mansion ``grid`` and ``content``
    asked last (matched by identity: both are the same objects from state to state until a
    tablet is played; asked of every ghost at every haunting step)."""
    global _flows_last  # noqa: PLW0603  (one triple, replaced whole: safe between threads)
    seen_grid, seen_content, flows = _flows_last
    if seen_grid is not grid or seen_content is not content:
        flows = {}
        _flows_last = (grid, content, flows)
    return flows


_flows_last: tuple[object, object, dict[str, tuple[str, ...]]] = (None, None, {})


def _ask_actions(state: State) -> Prompt | State:
    """2. Take 2 actions: move, use a device, take a skull token (and, at no cost, leave or
    pick up cards; an emergency escape). Skull tokens buy extra moves and devices."""
    a, name = state.active, state.player
    if state.set_aside and fx.rooms_without_players(state):
        return push(state, *[Frame("ghost", a, (g, "aside", "")) for g in state.set_aside])
    room = state.where[a]
    choices: list[Choice] = []
    costly = moves = False
    if room is not None:
        pay = "action" if state.actions > 0 else ("skull" if state.skulls[a] > 0 else None)
        if pay and state.hands[a] <= state.hand_limit:
            moved = _move_choices(state.options["edition"], state.printed, state.grid, room, pay)
            choices += moved
            moves = bool(moved)
        devices = fr.device_choices(state, a, "use")
        choices += devices
        if state.actions > 0 and state.skull_pool > 0 and state.skulls[a] < MAX_SKULLS:
            choices.append(_fixed_choice("skull"))
        costly = bool(choices)
        if state.left_in(room):
            choices.append(_pickup_choice(state.name(room)))
        if state.hands[a]:
            choices.append(_leave_choice(state))
        if state.actions > 0:
            choices.append(_fixed_choice("escape"))
    if state.actions == 0 or not moves or not costly:
        choices.append(_fixed_choice("done"))
    text = _actions_text(name, state.actions, state.skulls[a], state.hand_limit)
    if room is not None and state.hands[a] > state.hand_limit:
        text = msg("{player}: you hold {n} cards, more than the hand limit {limit}: leave some before you move on",
                   player=name, n=state.hands[a], limit=state.hand_limit)
    return Prompt(text, name, tuple(choices))


def _ask_restore(state: State) -> Prompt | State:
    """3. Restore your hand to the current hand limit: draw up, or leave cards down
    (option ``restore_draw_ghost_counts``)."""
    a, name = state.active, state.player
    if state.where[a] is None:
        return replace(state, step=Step.GHOST)
    limit = state.hand_limit
    if state.hands[a] > limit:
        return Prompt(msg("{player}: restore your hand to {limit}: leave cards under your tablet", player=name,
                          limit=limit), name, (_leave_choice(state, main=True),))
    counting = state.opt("restore_draw_ghost_counts")
    if state.hands[a] < limit and state.deck > 0 and not (counting and state.restored):
        if counting:
            frames = pd.push(state.frames, *[Frame("draw", a, ("restore", ""))] * (limit - state.hands[a]))
            return replace(state, restored=True, frames=frames)
        return push(state, _restore_draw(a))
    return replace(state, step=Step.GHOST)


@lru_cache(maxsize=16)
def _restore_draw(p: int) -> Frame:
    """Step 3's draw for player ``p`` (made once: asked at every step 3 that draws)."""
    return Frame("draw", p, ("restore", ""))


@lru_cache(maxsize=256)  # the same few counts at every step 2: made once
def _actions_text(name: str, actions: int, skulls: int, limit: int) -> Msg:
    return msg("{player}: {actions}, {skulls}, hand limit {limit}", player=name,
               actions=nmsg("{n} action left", "{n} actions left", "n", n=actions),
               skulls=nmsg("{n} skull token", "{n} skull tokens", "n", n=skulls), limit=limit)


@lru_cache(maxsize=256)  # the same room of the same mansion at many a step 2: the moves worked out once
def _move_choices(edition: str, printed: cc.Entries, grid: gr.Grid, room: str, pay: str) -> tuple[Choice, ...]:
    """A move to each room next door (:func:`gr.walks`) for step 2 (the state's ``content``
    is the edition's with the table's ``printed`` entries)."""
    content = cc.content(edition, printed)
    return tuple(_move_choice(r, content.name(r), pay) for r in gr.walks(grid, room, content))


@lru_cache(maxsize=256)  # the same rooms at every step 2: each choice made once
def _move_choice(room: str, room_name: str, pay: str) -> Choice:
    label = (msg("Move to the {room}", room=room_name) if pay == "action"
             else msg("Move to the {room} (skull token)", room=room_name))
    return Choice(f"move:{room}", label)


@lru_cache(maxsize=256)
def _pickup_choice(room_name: str) -> Choice:
    return Choice("pickup", msg("Pick up the cards under the {room}", room=room_name))


@cache
def _fixed_choice(key: str) -> Choice:
    """Step 2's choices that name nothing, made once."""
    if key == "skull":
        return Choice("skull", msg("Take a skull token"))
    if key == "escape":
        return Choice("escape", msg("Emergency escape"))
    if key == "skip":
        return Choice("skip", msg("Move no ghost"))
    return Choice("done", msg("End the actions"), main=True)


#: What each step of the turn asks (the steps of "Taking a Turn").
_ASK_BY_STEP = {
    Step.SETUP: _ask_setup,
    Step.TABLET: _ask_tablet,
    Step.ACTIONS: _ask_actions,
    Step.RESTORE: _ask_restore,
    Step.GHOST: _ask_haunting,
    Step.KITTY: _ask_kitty,
    Step.TRIM: _ask_hand_limit,
}
