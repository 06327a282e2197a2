"""Children rules: setup, the turn guide (steps 1-6), and the engine's ``prompt``/``apply``.

Rulebook: ``shared/rulebooks/children.txt`` ("Game Setup", "Dealing Players In", "Taking a
Turn" 1-6, "Winning the Game"); notes.md 3.A gives every named house rule (:data:`OPTIONS`
in ``__init__``) and 4.1 what is tracked. Interruptions (an entry draw, a ghost met, a
cut-down, a device's effect) are :class:`~.state.Frame` s handled in :mod:`.frames`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from companion.engine.core import Choice, Prompt, sentence
from companion.errors import RuleViolation
from companion.games.children import components as cc
from companion.games.children import effects as fx
from companion.games.children import frames as fr
from companion.games.children import grid as gr
from companion.games.children import printed, tablecheck
from companion.games.children.state import Frame, State, Step, push, put, say
from companion.i18n import msg, nmsg, ntodo, todo

HAND = 5  # "Deal 5 cards from the Children deck to each player"
MAX_SKULLS = 3  # "You may keep a maximum of 3 Skull Tokens"
SETTLE_LIMIT = 10_000


def setup(players: Sequence[str], options: Mapping[str, Any],
          content: Mapping[str, Mapping[str, Any]] | None = None) -> State:
    """A new game: 2 skull tokens per player in the pile, 5 cards dealt to each player (no
    ghosts, no fates), the tablets shuffled ("Game Setup", "Dealing Players In").

    Args:
        players: names in turn order.
        options: resolved options and house rules.
        content: what the owner entered as printed on the table's copy (a game header's
            ``content``: ``{component id: {field: value}}``, :mod:`.printed`), over
            ``content.toml``; kept in the state, so the game replays exactly.

    Raises:
        RuleViolation: fewer than 2 or more than 4 players (4 figurines), a repeated name,
            or entries that do not make a whole game (e.g. six tablets on one floor).
    """
    if not 2 <= len(players) <= 4:
        raise RuleViolation(msg("Children is for 2 to 4 players, not {n}.", n=len(players)))
    if len(set(players)) != len(players):
        raise RuleViolation(msg("Each player needs a different name."))
    entries = printed.entries_of(content)
    trouble = cc.validate(options["edition"], entries) if entries else []
    if trouble:
        raise RuleViolation(trouble[0])
    content = cc.content(options["edition"], entries)
    n = len(players)
    state = State(
        players=tuple(players), options=dict(options), printed=entries,
        deck=content.total_cards() - HAND * n, hands=(HAND,) * n, skulls=(0,) * n,
        skull_pool=min(2 * n, content.skulls),
        tablet_pile=tuple(sorted(content.tablets)), ghost_deck=tuple(sorted(content.ghosts)),
        where=(None,) * n, arrived=(False,) * n, trapped=((),) * n,
    )
    for line in setup_checklist(state):
        state = say(state, line)
    return state


def setup_checklist(state: State) -> tuple:
    """"Game Setup" and "Dealing Players In", step by step, for the table to do."""
    pool = state.skull_pool
    return (
        todo("setup", "Leave the 26 mini cards in the box: the companion deals the toy stacks, hidden."),
        todo("setup", "Shuffle the room tablets face down into one pile."),
        ntodo("setup", "Put {n} skull token in the skull pile; the rest go back in the box.",
              "Put {n} skull tokens in the skull pile (2 per player); the rest go back in the box.", "n", n=pool),
        todo("setup", "Each player takes a figurine."),
        todo("setup", "Turn every ghost card sepia side up and shuffle the Children deck."),
        todo("deal", "Deal 5 cards to each player: a ghost or fate card dealt goes back into the deck at "
                     "random and another card is dealt."),
        msg("Then touch Start."),
    )


# --------------------------------------------------------------------------- the turn


def begin_turn(state: State) -> State:
    state = replace(state, step=Step.TABLET, actions=0, entered=False, restored=False, turn=state.turn + 1)
    state = say(state, msg("{player}'s turn.", player=state.player))
    a = state.active
    if state.where[a] is None and gr.rooms(state.grid) and (state.arrived[a] or not state.tablet_pile):
        state = push(state, Frame("reentry", a))
    return state


def end_turn(state: State) -> State:
    """6. Play passes to the left; after the last Children card, the final round counts down."""
    if state.final_turns is not None:
        state = replace(state, final_turns=state.final_turns - 1)
        if state.final_turns <= 0:
            return replace(fx.final_score(state), step=Step.OVER)
    state = replace(state, active=(state.active + 1) % len(state.players))
    return begin_turn(state)


def _ask_step(state: State) -> Prompt | State:
    a, name = state.active, state.player
    step = state.step
    if step == Step.SETUP:
        return Prompt(msg("Shuffle and deal, then touch Start"), None,
                      (Choice("start", msg("Start"), button="dice", main=True),))
    if step == Step.TABLET:
        if not state.tablet_pile:
            return replace(state, step=Step.ACTIONS, actions=2)
        return Prompt(msg("{player}: draw the top room tablet and tap it", player=name), name,
                      tuple(Choice(f"tablet:{t}", state.name(t), component=cc.component(t))
                            for t in sorted(set(state.tablet_pile))))
    if step == Step.ACTIONS:
        return _ask_actions(state)
    if step == Step.RESTORE:
        return _ask_restore(state)
    if step == Step.GHOST:
        moves = _ghost_moves(state)
        if not moves:
            return replace(state, step=Step.KITTY)
        choices = [Choice(f"haunt:{g}:{r}", msg("Move {ghost} to the {room}", ghost=state.name(g), room=state.name(r)))
                   for g, r in moves]
        if not state.opt("ghost_move_mandatory"):
            choices.append(Choice("skip", msg("Move no ghost")))
        return Prompt(msg("{player}: move one ghost along the spectral flow", player=name), name, tuple(choices))
    if step == Step.KITTY:
        if state.kitty_card != a or state.kitty is None:
            return replace(state, step=Step.TRIM)
        exits = gr.walks(state.grid, state.kitty, state.content)
        if not exits:
            state = say(state, msg("Kitty Kitty has no way out of the {room}.", room=state.name(state.kitty)))
            return push(replace(state, step=Step.TRIM), Frame("give", a))
        return Prompt(msg("{player}: move Kitty Kitty to a room next door", player=name), name,
                      tuple(Choice(f"kitty:{r}", msg("Kitty Kitty to the {room}", room=state.name(r))) for r in exits))
    if step == Step.TRIM:
        if (state.opt("active_player_trim_timing") == "end_of_turn" and state.hands[a] > state.hand_limit):
            return Prompt(msg("{player}: the hand limit is {limit}; leave cards until you hold {limit}",
                              player=name, limit=state.hand_limit), name, (_leave_choice(state, main=True),))
        return end_turn(state)
    raise AssertionError(step)


def _leave_choice(state: State, key: str = "leave", main: bool = False) -> Choice:
    room = state.where[state.active]
    if room is None:
        return Choice(key, msg("Put a card back into the Children deck"), main=main)
    return Choice(key, msg("Leave a card under the {room}", room=state.name(room)), main=main)


def _ghost_moves(state: State) -> list[tuple[str, str]]:
    return [(g.id, r) for g in state.ghosts for r in gr.flows(state.grid, g.room, state.content)]


def _ask_actions(state: State) -> Prompt | State:
    """2. Take 2 actions: move, use a device, take a skull token (and, at no cost, leave or
    pick up cards; an emergency escape). Skull tokens buy extra moves and devices."""
    a, name = state.active, state.player
    if state.set_aside and fx.rooms_without_players(state):
        return push(state, *[Frame("ghost", a, (g, "aside", "")) for g in state.set_aside])
    room = state.where[a]
    choices: list[Choice] = []
    costly = False
    if room is not None:
        pay = "action" if state.actions > 0 else ("skull" if state.skulls[a] > 0 else None)
        if pay and state.hands[a] <= state.hand_limit:
            for r in gr.walks(state.grid, room, state.content):
                label = (msg("Move to the {room}", room=state.name(r)) if pay == "action"
                         else msg("Move to the {room} (skull token)", room=state.name(r)))
                choices.append(Choice(f"move:{r}", label))
        devices = fr.device_choices(state, a, "use")
        choices += devices
        if state.actions > 0 and state.skull_pool > 0 and state.skulls[a] < MAX_SKULLS:
            choices.append(Choice("skull", msg("Take a skull token")))
        costly = bool(choices)
        if state.left_in(room):
            choices.append(Choice("pickup", msg("Pick up the cards under the {room}", room=state.name(room))))
        if state.hands[a]:
            choices.append(_leave_choice(state))
        if state.actions > 0:
            choices.append(Choice("escape", msg("Emergency escape")))
    if state.actions == 0 or not any(c.key.startswith("move:") for c in choices) or not costly:
        choices.append(Choice("done", msg("End the actions"), main=True))
    text = msg("{player}: {actions}, {skulls}, hand limit {limit}", player=name,
               actions=nmsg("{n} action left", "{n} actions left", "n", n=state.actions),
               skulls=nmsg("{n} skull token", "{n} skull tokens", "n", n=state.skulls[a]), limit=state.hand_limit)
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
            state = replace(state, restored=True)
            return push(state, *[Frame("draw", a, ("restore", ""))] * (limit - state.hands[a]))
        return push(state, Frame("draw", a, ("restore", "")))
    return replace(state, step=Step.GHOST)


def _act_step(state: State, key: str) -> State:
    a = state.active
    verb, _, arg = key.partition(":")
    if verb == "start":
        state = push(state, *[Frame("pair", a)] * len(state.content.toys))
        return begin_turn(state)
    if verb == "tablet":
        return push(state, Frame("place", a, (arg,)))
    if verb == "move":
        how = "action" if state.actions > 0 else "skull"
        state = fr.pay(state, a, how)
        return replace(fx.enter(state, a, arg), entered=True)
    if verb == "use":
        return fr.use_device(state, a, arg)
    if verb == "skull":
        state = replace(state, actions=state.actions - 1, skull_pool=state.skull_pool - 1,
                        skulls=put(state.skulls, a, state.skulls[a] + 1))
        return say(state, todo("other", "{player} takes a skull token from the pile.", player=state.player))
    if verb == "pickup":
        return push(state, Frame("pickup", a, (state.where[a],)))
    if verb == "leave":
        return fx.leave_one(state, a)
    if verb == "escape":
        return fx.escape(replace(state, actions=state.actions - 1), a)
    if verb == "done":
        return replace(state, step=Step.RESTORE)
    if verb == "haunt":
        ghost, room = arg.split(":")
        return fx.move_ghost(replace(state, step=Step.KITTY), ghost, room)
    if verb == "skip":
        return replace(state, step=Step.KITTY)
    if verb == "kitty":
        state = replace(state, kitty=arg, step=Step.TRIM)
        state = say(state, todo("move", "Kitty Kitty slinks into the {room}.", room=state.name(arg)))
        frames = [Frame("kittycheck", p, (arg,)) for p in state.players_in(arg)]
        return push(state, *frames, Frame("give", a))
    raise RuleViolation(msg("That is not possible now."))


# --------------------------------------------------------------------------- engine API


def _ask(state: State) -> Prompt | State:
    if state.frames:
        frame = state.frames[-1]
        return fr.FRAMES[frame.kind][0](state, frame)
    return _ask_step(state)


def _needs_cut(state: State) -> list[int]:
    n = len(state.players)
    pending = {int(p) for f in state.frames if f.kind == "cut" for p in f.args}
    order = [(state.active + k) % n for k in range(1, n)]
    return [p for p in order if state.hands[p] > state.hand_limit and p not in pending]


def settle(state: State) -> State:
    """Resolve everything that needs no input, until the table must act (or the game ends):
    frames that resolve themselves, steps with nothing to do, cut-downs when the hand limit
    drops, and the ghosts' win when it reaches 0 ("Enraged Ghosts")."""
    for _ in range(SETTLE_LIMIT):
        if state.step in (Step.OVER, Step.SETUP) and not state.frames:
            return state
        if state.step != Step.SETUP and fx.insane(state):
            state = replace(state, step=Step.OVER, outcome="lost", winners=(), frames=())
            return say(state, msg("Every player goes insane: the ghostly children win."))
        cuts = _needs_cut(state)
        if cuts and state.step != Step.SETUP:
            state = push(state, Frame("cut", state.active, tuple(str(p) for p in cuts)))
            state = say(state, todo("other", "{players}: cut down to the hand limit of {limit} now.",
                                    players=", ".join(state.players[p] for p in cuts), limit=state.hand_limit))
        result = _ask(state)
        if isinstance(result, Prompt):
            return state
        state = result
    raise AssertionError("the game does not settle")


def prompt(state: State) -> Prompt:
    """What the table does next: a chance node (the mini-card pairing, a random tie), a
    choice for the player named, or the end."""
    if state.step == Step.OVER:
        if state.outcome == "lost":
            return Prompt(msg("The game is over: the ghostly children won."), over=True)
        if state.outcome == "tie":
            return Prompt(msg("The game is over: a tie, nobody wins."), over=True)
        return Prompt(msg("The game is over: {winners} won.", winners=", ".join(state.winners)), over=True)
    result = _ask(state)
    if isinstance(result, State):  # never for a state made by setup or apply (they settle)
        return prompt(settle(state))
    if result.chance is None and state.step != Step.SETUP:
        result = replace(result, out_of_turn=out_of_turn(state, result))
    return result


def out_of_turn(state: State, current: Prompt) -> tuple[Choice, ...]:
    """"Take a Skull Token": "You may play Free Action Devices out of turn only if you have at
    least 1 Skull Token … Turn in a Skull Token … then play and discard your Free Action
    Device Card", at any moment: one choice per Free Action device each other player (not
    the active one, nor the one the prompt already asks) could use now (``free:<player
    index>:<device>``). A tap picks it only when no other choice uses the same card."""
    busy = {state.active} | {p for p, name in enumerate(state.players) if name == current.player
                             or any(c.key.startswith(f"cut:{name}:") for c in current.choices)}
    offered = []
    for q, name in enumerate(state.players):
        if q in busy:
            continue
        for choice in fr.device_choices(state, q, f"free:{q}", cc.FREE_DEVICES):
            offered.append(replace(choice, player=name))  # the screen shows whose button it is
    taps = [c.component for c in current.choices + tuple(offered) if c.component]
    return tuple(c if taps.count(c.component) < 2 else replace(c, component=None) for c in offered)


def _out_of_turn_use(state: State, key: str) -> State:
    _, q, device = key.split(":")
    return fr.use_device(state, int(q), device)


def apply(state: State, key: str) -> State:
    """The state after ``key`` (a choice key, a chance outcome key, or a correction the
    table check lists: :func:`~companion.games.children.tablecheck.correct`).

    Raises:
        RuleViolation: the game is over, or ``key`` is not possible now (nothing changes).
    """
    current = prompt(state)
    if current.over:
        raise RuleViolation(msg("The game is over."))
    if key.startswith(tablecheck.PREFIX):  # a table-check correction: at any moment
        return tablecheck.correct(state, key)
    legal = {o.key for o in current.chance.outcomes} if current.chance else {
        c.key for c in current.choices + current.out_of_turn}
    if key not in legal:
        raise RuleViolation(msg("Not possible now: {key}. {prompt}", key=key, prompt=sentence(current.text)))
    limit = state.hand_limit
    state = replace(settle(state), news=())
    if key.startswith("free:"):
        state = _out_of_turn_use(state, key)
    elif state.frames:
        frame = state.frames[-1]
        state = fr.FRAMES[frame.kind][1](state, frame, key)
    else:
        state = _act_step(state, key)
    state = settle(state)
    if state.hand_limit != limit and state.step != Step.OVER:
        state = say(state, msg("The hand limit is now {limit}.", limit=state.hand_limit))
    return state
