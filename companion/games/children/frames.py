"""Frames: the things to finish before the turn goes on (an entry draw, a ghost to place,
a trap that springs, a ghost met, a cut-down, a device's effect …).

The frames are the engine's pending stack (:mod:`companion.engine.pending`). Each frame
kind is a :class:`~companion.engine.pending.Kind`: an ``ask`` (``(state, frame) -> Prompt |
State``: a prompt when the table must act, or the state after the frame resolved by itself)
and an ``act`` (``(state, frame, key) -> State`` for a choice of that prompt). Rulebook
sections are named in each handler's docstring.
"""

from __future__ import annotations

from functools import lru_cache
from operator import itemgetter
from typing import Any

from companion.engine import pending as pd
from companion.engine.core import Chance, Choice, Outcome, Prompt
from companion.engine.draft import replace, say
from companion.engine.memo import Kept
from companion.engine.present import present
from companion.engine.words import and_names
from companion.games.children import components as cc
from companion.games.children import effects as fx
from companion.games.children import grid as gr
from companion.games.children import why
from companion.games.children.state import (
    Frame,
    State,
    Step,
    add_hand,
    add_left,
    changed,
    pop,
    push,
    put,
    set_ghosts,
)
from companion.i18n import Msg, NewsLine, msg, notable, ntodo, todo


def _ask(state: State, p: int, text: str, choices) -> Prompt:
    return Prompt(text, state.players[p], tuple(choices))


def _room_choices(state: State, prefix: str, rooms, label) -> list[Choice]:
    """A choice ``prefix:room`` per room, labelled ``label(its name)``. Each prefix has one
    call site, so one label: a choice is made once per prefix, room and name, then shared
    (asked at every step of a frame that lists rooms)."""
    choices = []
    for r in rooms:
        name = state.name(r)
        choices.append(_ROOM_CHOICES.get((prefix, r, name), _room_choice, prefix, r, name, label))
    return choices


def _room_choice(prefix: str, room: str, name, label) -> Choice:
    return Choice(f"{prefix}:{room}", label(name))


#: The choices :func:`_room_choices` made, by prefix, room and name (names a table enters over
#: months: kept bounded).
_ROOM_CHOICES = Kept(4096)


def _replace_top(state: State, frame: Frame) -> State:
    return replace(state, frames=pd.replace_top(state.frames, frame))


def may_hold(state: State, p: int, card: str, also: int = 0) -> bool:
    """Player ``p`` may be holding ``card`` as the whole table can tell: their hand has more
    than ``also`` cards and a copy of ``card`` is not where all can see it (the discard pile,
    a scoring pile, Kitty Kitty's card in front of a player). Every question, offer, list and
    refusal the table sees is decided by it: none may change with where another player's
    hidden card went (kidsleak20, kidsleak21), so the companion keeps no record of the copies
    it saw go into a hand."""
    return state.hands[p] > also and state.in_deck(card) > 0


# --------------------------------------------------------------------------- devices


def payment(state: State, p: int, device: str) -> str | None:
    """How ``p`` pays for ``device`` now: ``"action"``, ``"skull"`` or None ("Use a device",
    "Take a Skull Token"): a turn action in step 2; otherwise a skull token, and out of
    turn only for a Free Action device. The Toad names only a turn action."""
    if p == state.active and state.step == Step.ACTIONS and state.actions > 0:
        return "action"
    if device == "toad" or state.skulls[p] <= 0:
        return None
    if p == state.active or device in cc.FREE_DEVICES:
        return "skull"
    return None


def pay(state: State, p: int, how: str) -> State:
    return replace(state, **_paid(state, p, how))


def _paid(state: State, p: int, how: str) -> dict:
    """What paying ``how`` changes (:func:`pay`)."""
    if how == "action":
        return {"actions": state.actions - 1}
    return {"skulls": put(state.skulls, p, state.skulls[p] - 1), "skull_pool": state.skull_pool + 1}


def usable(state: State, p: int, device: str) -> bool:
    """``device`` would do something for ``p`` now (the card's text, "Device Cards")."""
    room = state.where[p]
    if room is None or payment(state, p, device) is None or not may_hold(state, p, device):  # the cheaper first
        return False
    does_something = _DOES_SOMETHING.get(device)
    return does_something is not None and does_something(state, p, room)


def passage_hand_ok(state: State, p: int) -> bool:
    """The Secret Passage leaves the room: "You may not leave a room with more cards in your
    hand than the current hand limit" ("Move to an adjacent room"); the passage card itself
    is discarded first, so the rest of the hand must fit the limit."""
    return state.hands[p] - 1 <= state.hand_limit


def device_choices(state: State, p: int, prefix: str, only=None) -> list[Choice]:
    """One choice per device ``p`` could use now (:func:`usable`), picked by tapping the
    device card. The checks :func:`usable` makes per device, with what they share worked out
    once for all of them (asked at every step 2 and of every player out of turn): the
    payment (the same for every device but the Toad), the copies out of the discard and the
    scoring piles, the ghosts within 2 rooms (the Hatpin's and the Feather's)."""
    room = state.where[p]
    if room is None or not state.hands[p]:  # may_hold's hand, and usable's room
        return []
    if p == state.active and state.step == Step.ACTIONS and state.actions > 0:  # payment(), device by device
        how, toad = "action", "action"
    elif state.skulls[p] <= 0:
        return []  # no turn action, no skull token: nothing is paid for
    else:
        how, toad = ("skull" if p == state.active else None), None
    in_deck = state._in_deck  # may_hold's copies, for every device
    here = _in_the_mansion(state, room)  # what each device's own check said in this room of this mansion
    choices = []
    for d, _card in state.devices:
        if only is not None and d not in only:
            continue
        paid = toad if d == "toad" else how or ("skull" if d in cc.FREE_DEVICES else None)
        if paid is None or in_deck[d] <= 0:
            continue
        if d == "cricket-cage":  # _cage_targets, stopping at the first ghost whose toy p may hold
            content = state.content
            does = any(in_deck[content.beloved_toy(g.id)] > 0 for g in state.ghosts)
        else:
            does = here.get(d)
            if does is None:
                does = here[d] = _does_in_room(state, p, room, d, here)
            if d == "secret-passage":
                does = does and passage_hand_ok(state, p)
        if does:
            choices.append(_device_choice(prefix, d, state.name(d), paid == "action"))
    return choices


def _does_in_room(state: State, p: int, room: str, device: str, here: dict[str, Any]) -> bool:
    """``device``'s check for ``p`` in ``room`` that reads only the mansion (the Secret
    Passage's room part: its hand part is the caller's); ``here``: what was found in this room
    of this mansion (the ghosts within 2 rooms, shared by the Hatpin and the Feather)."""
    if device == "hatpin" or device == "feather":
        near = here.get(" near")
        if near is None:
            ghosts = state.ghosts
            near = here[" near"] = [g for g, ok in zip(ghosts, gr.within(state.grid, room, [g.room for g in ghosts], 2))
                                    if ok]
        return any(g.enraged for g in near) if device == "hatpin" else bool(near)
    if device == "secret-passage":
        return bool(gr.same_line(state.grid, room))
    does_something = _DOES_SOMETHING.get(device)
    return does_something is not None and does_something(state, p, room)


def _in_the_mansion(state: State, room: str) -> dict[str, Any]:
    """What each device's check that reads only the mansion said for a player in ``room``
    (every device but the Cricket Cage, which reads the toys' copies, and the Secret
    Passage's hand): kept for the mansion asked last, matched by identity (the grid, the
    ghosts and the figurines are the same objects from state to state until one moves) and
    by Kitty Kitty's room, whether cards lie under a tablet and whether ghosts are in the deck
    (the Catnip's, the Medico's and the Music Box's checks)."""
    global _mansion_last  # noqa: PLW0603  (one tuple, replaced whole: safe between threads)
    grid, ghosts, where = state.grid, state.ghosts, state.where
    rest = (state.kitty, bool(state.left), bool(state.ghost_deck))
    last_grid, last_ghosts, last_where, last_rest, rooms = _mansion_last
    if last_grid is not grid or last_ghosts is not ghosts or last_where is not where or last_rest != rest:
        rooms = {}
        _mansion_last = (grid, ghosts, where, rest, rooms)
    here = rooms.get(room)
    if here is None:
        here = rooms[room] = {}
    return here


_mansion_last: tuple[Any, Any, Any, Any, dict[str, dict[str, Any]]] = (None, None, None, None, {})


@lru_cache(maxsize=256)  # the same devices at every step 2 and every prompt out of turn: each made once
def _device_choice(prefix: str, device: str, name: str, action: bool) -> Choice:
    label = msg("Use the {device}", device=name) if action else msg("Use the {device} (skull token)", device=name)
    return Choice(f"{prefix}:{device}", label, component=cc.component(device))


def use_device(state: State, p: int, device: str) -> State:
    """``p`` plays ``device``: pays, discards it, then its effect ("Device Cards")."""
    how = present(payment(state, p, device), "a way to pay for the device")
    # pay and the hand in one copy; the discard, the line, what follows in another
    # (a skull token paid is given back by undo.undo_counts)
    state = add_hand(state, p, -1, **_paid(state, p, how))
    player, name = state.players[p], state.name(device)
    line = why.once(("device", state.options["edition"], state.printed, player, device, how),
                    lambda: why.device(todo("remove", "{player} uses the {device}: it goes to the discard pile.",
                                            player=player, device=name), name, how))
    discard = tuple(sorted(state.discard + (device,)))
    follow = _FOLLOW.get(device)
    if follow is not None:
        return changed(state, line, discard=discard, frames=pd.push(state.frames, Frame(follow[0], p, follow[1])))
    if device == "music-box":
        frames = pd.push(state.frames, *[Frame("summon", p)] * min(2, len(state.ghost_deck)))
        return changed(state, line, discard=discard, frames=frames)
    return nearest_effect(changed(state, line, discard=discard), p, "snow")


#: The frame each device's effect goes on with: its kind and arguments.
_FOLLOW = {
    "catnip": ("go", ("catnip",)), "secret-passage": ("go", ("passage",)), "hatpin": ("calm", ()),
    "feather": ("banish", ()), "cricket-cage": ("cage", ()), "medico-della-peste": ("peek", ()), "toad": ("toad", ()),
}


def _catnip_rooms(state: State, p: int) -> tuple[str, ...]:
    return tuple(r for r in fx.rooms_without_ghosts(state) if r != state.where[p])


def _cage_targets(state: State, p: int) -> tuple[str, ...]:
    """The ghosts the Cricket Cage can trap for ``p`` (and its prompt offers, on the shared
    screen): every ghost whose beloved toy ``p`` may hold (:func:`may_hold`)."""
    return tuple(g.id for g in state.ghosts if may_hold(state, p, state.content.beloved_toy(g.id)))


#: What each device needs to do something for player ``p`` in ``room`` (its card's text).
_DOES_SOMETHING = {
    "catnip": lambda state, p, room: state.kitty == room and bool(_catnip_rooms(state, p)),
    "hatpin": lambda state, p, room: bool(fx.within(state, p, 2, enraged_only=True)),
    "feather": lambda state, p, room: bool(fx.within(state, p, 2)),
    # nearest() finds a ghost whenever one is outside the room (the distances only pick which)
    "snow-globe": lambda state, p, room: any(g.room != room for g in state.ghosts),
    "cricket-cage": lambda state, p, room: bool(_cage_targets(state, p)),
    "music-box": lambda state, p, room: bool(state.ghost_deck) and fx.some_room_without_players(state),
    "secret-passage": lambda state, p, room: passage_hand_ok(state, p) and bool(gr.same_line(state.grid, room)),
    "medico-della-peste": lambda state, p, room: bool(state.left),
    "toad": lambda state, p, room: bool(gr.same_floor(state.grid, room)),
}


def nearest_effect(state: State, p: int, effect: str) -> State:
    """Snow Globe, Voodoo Doll (the nearest ghost comes to you) and Crickets (the nearest
    calm ghost becomes enraged); a tie is settled by option ``nearest_tie``."""
    candidates = fx.nearest(state, p, calm_only=effect == "crickets", skip_own_room=effect != "crickets")
    if not candidates:
        rule = "Use a device" if effect == "snow" else "Look at cards that have been left in the room you have entered"
        return say(state, why.nothing(msg("There is no ghost for it to reach: nothing happens."), rule))
    if len(candidates) == 1:
        return _do_nearest(state, p, effect, candidates[0])
    return push(state, Frame("nearest", p, (effect,) + candidates))


def _do_nearest(state: State, p: int, effect: str, ghost: str) -> State:
    if effect == "crickets":
        g = state.haunting(ghost)
        far = gr.distance(state.grid, state.room_of(p), g.room)
        state = set_ghosts(state, [x for x in state.ghosts if x.id != ghost] + [replace(g, enraged=True)])
        line = todo("flip", "The crickets enrage {ghost} in the {room}: turn the card blue side up.",
                    ghost=state.name(ghost), room=state.name(g.room))
        recap = msg("The crickets enrage {ghost} in the {room}.", ghost=state.name(ghost), room=state.name(g.room))
        return say(state, notable(why.crickets(line, state.name(ghost), far), recap))
    room = state.room_of(p)
    g = state.haunting(ghost)
    line = ntodo("move", "{ghost} is drawn to the {room}.", "{ghost} are drawn to the {room}.", "n",
                 n=fx.ghost_count(ghost), ghost=state.name(ghost), room=state.name(room))
    state = say(state, why.drawn_to(line, state.name(ghost), gr.distance(state.grid, room, g.room), effect))
    state = set_ghosts(state, [x for x in state.ghosts if x.id != ghost] + [replace(g, room=room)])
    return fx.meet_ghosts(state, room)


def ask_nearest(state, f):
    ghosts = f.args[1:]
    if not all(map(state.ghost, ghosts)):  # one was banished out of turn (Feather) while asked
        return nearest_effect(pop(state), f.player, f.args[0])  # the nearest of those left
    if state.opt("nearest_tie") == "random":
        return Prompt(msg("The companion picks one of the nearest ghosts"), state.players[f.player],
                      chance=Chance("nearest", tuple(Outcome(g, f"nearest:{g}") for g in ghosts)))
    question = msg("{player}: several ghosts are nearest; choose one", player=state.players[f.player])
    return _ask(state, f.player, question,
                [Choice(f"nearest:{g}", state.name(g)) for g in ghosts])


def act_nearest(state, f, key):
    return _do_nearest(pop(state), f.player, f.args[0], key.split(":", 1)[1])


# --------------------------------------------------------------------------- setup


def ask_pair(state, f):
    return _pair_prompt(state.options["edition"], state.printed, state.pairing)


@lru_cache(maxsize=256)  # the same 13 deals at the start of every game: made once
def _pair_prompt(edition: str, printed: cc.Entries, pairing: tuple[str, ...]) -> Prompt:
    free = [g for g in cc.content(edition, printed).ghosts if g not in pairing]
    return Prompt(msg("The companion deals the mini-card stacks"), None,
                  chance=Chance("pairing", tuple(_pair_outcome(g) for g in free)))


@lru_cache(maxsize=64)  # the same ghosts in every deal: each outcome made once
def _pair_outcome(ghost: str) -> Outcome:
    return Outcome(ghost, f"pair:{ghost}")


def act_pair(state, f, key):
    state = replace(pop(state), pairing=state.pairing + (key.split(":", 1)[1],))
    if len(state.pairing) == len(state.content.toys):
        state = say(state, why.stacks_dealt(msg("The 13 toy stacks are dealt: each hides a ghost, face down.")))
    return state


# --------------------------------------------------------------------------- tablets


def ask_place(state, f):
    tablet = f.args[0]
    cells = gr.placements(state.grid, state.content.tablet(tablet).floor)
    if len(cells) == 1:
        return place_tablet(state, tablet, cells[0])
    return _place_prompt(state.player, state.options["edition"], state.printed, tablet, cells)


@lru_cache(maxsize=256)  # made once per player, tablet and cells
def _place_prompt(player: str, edition: str, printed: cc.Entries, tablet: str, cells: tuple) -> Prompt:
    room = cc.content(edition, printed).name(tablet)  # (State.name)
    return Prompt(msg("{player}: touch where the {room} goes", player=player, room=room), player,
                  tuple(_cell_choice(fl, c) for fl, c in cells))


@lru_cache(maxsize=64)
def _cell_choice(fl: int, c: int) -> Choice:
    return Choice(f"place:{fl}-{c}", msg("{floor}, column {column}", floor=floor_name(fl), column=c + 1))


def act_place(state, f, key):
    fl, c = key.split(":", 1)[1].split("-")
    return place_tablet(state, f.args[0], (int(fl), int(c)))


floor_name = cc.floor_name


def place_tablet(state: State, tablet: str, pos) -> State:
    """Play the tablet ("1. Play a Room Tablet"); the first tablet of the game puts the
    active player's figurine there and counts as entering (so does a player's first tablet
    with option ``player_entry`` = ``own_first_tablet``)."""
    first = not gr.rooms(state.grid)
    pile = list(state.tablet_pile)
    pile.remove(tablet)
    name = state.name(tablet)
    line = why.once(("tablet", state.options["edition"], state.printed, tablet, pos[0]),
                    lambda: why.tablet(todo("place", "Put the {room} {where}.", room=name, where=cc.on_floor(pos[0])),
                                       name, pos[0]))
    state = changed(state, line, frames=pd.pop(state.frames), grid=gr.put(state.grid, tablet, pos),
                    tablet_pile=tuple(pile), step=Step.ACTIONS, actions=2)
    a = state.active
    if first and state.opt("player_entry") == "first_room":
        for p in range(len(state.players)):
            if p != a:
                state = replace(state, where=put(state.where, p, tablet), arrived=put(state.arrived, p, True))
        state = say(state, why.all_start(todo("place", "Every figurine starts in the {room}.",
                                              room=state.name(tablet)), state.name(tablet)))
    if state.where[a] is None and not state.arrived[a]:
        return replace(fx.enter(state, a, tablet, how="tablet"), entered=True)
    if state.opt("tablet_step_draws") == "always":
        return push(state, Frame("draw", a, ("tablet", "")))
    return state


# --------------------------------------------------------------------------- drawing


def _draw_idle(state: State, f: Frame) -> bool:
    """An entry draw of a room ``f``'s player has left already (with cards in the deck: an
    empty deck is said)."""
    room = f.args[1]
    return bool(room) and state.where[f.player] != room and state.deck > 0


def ask_draw(state, f):
    reason, room = f.args
    p = f.player
    if state.deck <= 0 or (room and state.where[p] != room):
        if state.deck <= 0:
            state = say(state, why.deck_empty(msg("The Children deck is empty: no card to draw.")))
        return pop(state)
    return _draw_prompt(state.players[p], _draw_choices(state.options["edition"], state.printed, state.drawable()))


def _draw_prompt(player: str, choices: tuple[Choice, ...]) -> Prompt:
    """The draw's prompt, made once per player and list of choices (:func:`_draw_choices`'s,
    kept: matched by identity, kept with the prompt so an identity is never reused)."""
    return _DRAW_PROMPTS.of(choices, player, _new_draw_prompt, player, choices)


def _new_draw_prompt(player: str, choices: tuple[Choice, ...]) -> Prompt:
    return Prompt(_draw_text(player), player, choices)


_DRAW_PROMPTS = Kept(1024)


@lru_cache(maxsize=512)  # the cards left change slowly: the whole list made once for each set of them
def _draw_choices(edition: str, printed: cc.Entries, drawable: tuple[str, ...]) -> tuple[Choice, ...]:
    every = _every_draw_choice(edition, printed)
    if len(drawable) < 2:
        return tuple(every[c] for c in drawable)
    return itemgetter(*drawable)(every)  # (a tuple of every card's choice, looked up without a Python loop)


@lru_cache(maxsize=64)
def _every_draw_choice(edition: str, printed: cc.Entries) -> dict[str, Choice]:
    """Every card's draw choice (:func:`_draw_choice`), by card id, for a content."""
    content = cc.content(edition, printed)  # the state's content (State.content)
    return {c: _draw_choice(c, content.name(c), card.kind in cc.HAND_KINDS) for c, card in content.cards.items()}


@lru_cache(maxsize=64)
def _draw_text(player: str) -> Msg:
    return msg("{player}: draw a Children card and tap it", player=player)


@lru_cache(maxsize=256)  # the same 30-odd choices at every draw: made once
def _draw_choice(card_id: str, name: str, private: bool) -> Choice:
    """The card's choice, named as the companion says it (``name``, :meth:`cc.Content.name`:
    a stand-in never shows the content file's "(placeholder)"; a card the rulebook names in
    the table's language, issue 29: the Italian list read "Teddy Bear", "Cricket Cage")."""
    return Choice(f"draw:{card_id}", name, component=cc.component(card_id), private=private)


def act_draw(state, f, key):
    """"Draw a card from the Children Card draw pile": a toy, device or trap goes to the
    hand (its name is never shown); a ghost goes to a room with no player; a fate is
    resolved at once, then another card is drawn."""
    p, card_id = f.player, key.split(":", 1)[1]
    kind = cc.card(card_id).kind
    name = state.players[p]
    if kind in cc.HAND_KINDS and (state.deck > 1 or state.final_turns is not None):  # not the last card
        # the frame, the deck and the hand in one copy (take_from_deck has nothing more to do)
        return add_hand(state, p, 1, deck=state.deck - 1, frames=pd.pop(state.frames),
                        news=state.news + (_kept_line(name),))
    state = fx.take_from_deck(state, frames=pd.pop(state.frames))
    if kind in cc.HAND_KINDS:
        return add_hand(state, p, 1, news=state.news + (_kept_line(name),))
    if kind == "ghost":
        deck = list(state.ghost_deck)
        deck.remove(card_id)
        ghost = state.name(card_id)
        line = why.once(("ghost_drawn", state.options["edition"], state.printed, name, card_id),
                        lambda: why.ghost_drawn(msg("{player} draws the ghost {ghost}.", player=name, ghost=ghost),
                                                ghost))
        return changed(state, line, ghost_deck=tuple(deck),
                       frames=pd.push(state.frames, Frame("ghost", p, (card_id, "free", ""))))
    return resolve_fate(state, p, card_id)


@lru_cache(maxsize=64)  # a third of the draws: the line (and its why) made once per player, then shared
def _kept_line(name: str) -> NewsLine:
    return why.kept(msg("{player} takes a card into their hand.", player=name))


def resolve_fate(state: State, p: int, fate: str) -> State:
    """Fate Cards: resolved at once, discarded (the Kitty Kitty card stays in front of the
    player), then a replacement card (option ``kitty_fate_replacement_draw`` for Kitty)."""
    name = state.players[p]
    redraw = fate != "kitty-kitty" or bool(state.opt("kitty_fate_replacement_draw"))
    state = say(state, why.fate_drawn(msg("{player} draws the fate card {fate}.", player=name, fate=state.name(fate)),
                                      state.name(fate), redraw))
    replacement = Frame("draw", p, ("replace", ""))
    if fate == "kitty-kitty":
        state = replace(state, kitty_card=p)
        frames = [Frame("kittyplace", p)]
        if state.opt("kitty_fate_replacement_draw"):
            frames.append(replacement)
        return push(state, *frames)
    state = replace(state, discard=tuple(sorted(state.discard + (fate,))))
    if fate == "house-settles":
        return push(state, Frame("settle", p, ("2",)), replacement)
    n = len(state.players)
    order = [(p + k) % n for k in range(n)]
    return push(state, *[Frame("biddle", q) for q in order], replacement)


def _ghost_rooms(state: State, mode: str, center: str) -> tuple[str, ...]:
    if mode == "raven":
        return gr.adjacent(state.grid, center) if gr.position(state.grid, center) else ()
    return fx.rooms_without_players(state)


def _no_room_for(state: State, f: Frame) -> State:
    """A ghost with no legal room. Drawn into a hand's place (``free``): option
    ``ghost_no_legal_room``. Summoned (Music Box) or called by a Raven's Skull: it goes back
    into the Children deck and nothing is drawn for it (it never was a hand card)."""
    ghost, mode = f.args[0], f.args[1]
    state = pop(state)
    if mode == "aside":
        return state
    redraw = (mode == "free" and state.opt("ghost_no_legal_room") == "reinsert_redraw"
              and state.unknown_in_deck() + state.fates_in_deck() > 0)
    if mode in ("raven", "summon") or redraw:
        state = replace(state, deck=state.deck + 1, ghost_deck=tuple(sorted(state.ghost_deck + (ghost,))))
        state = say(state, why.no_room(ntodo("return", "No room can take {ghost}: it goes back into the Children deck.",
                                             "No room can take {ghost}: they go back into the Children deck.", "n",
                                             n=fx.ghost_count(ghost), ghost=state.name(ghost)), state.name(ghost),
                                       False))
        return push(state, Frame("draw", f.player, ("replace", ""))) if redraw else state
    state = replace(state, set_aside=tuple(sorted(state.set_aside + (ghost,))))
    return say(state, why.no_room(ntodo("place", "No room can take {ghost}: it waits beside the mansion.",
                                        "No room can take {ghost}: they wait beside the mansion.", "n",
                                        n=fx.ghost_count(ghost), ghost=state.name(ghost)), state.name(ghost), True))


def ask_ghost(state, f):
    """A ghost to place: "in any room unoccupied by players" (a Raven's Skull: rooms next
    to the victim). None legal: option ``ghost_no_legal_room``."""
    ghost, mode, center = f.args[:3]
    rooms = tuple(r for r in _ghost_rooms(state, mode, center) if r not in f.args[3:])
    if not rooms:
        return _no_room_for(state, f)
    if len(rooms) == 1:
        return act_ghost(state, f, f"haunt-room:{rooms[0]}")
    return _ask(state, f.player, msg("{player}: put {ghost} under a room", player=state.players[f.player],
                                     ghost=state.name(ghost)),
                _room_choices(state, "haunt-room", rooms, lambda r: r))


def act_ghost(state, f, key):
    ghost, mode = f.args[:2]
    room = key.split(":", 1)[1]
    state = pop(state)
    if mode == "aside":
        aside = list(state.set_aside)
        aside.remove(ghost)
        state = replace(state, set_aside=tuple(aside))
    if mode == "raven":  # "place them in 2 rooms adjacent": the next Raven's ghost avoids this room
        state = replace(state, frames=tuple(replace(x, args=x.args + (room,)) if x.kind == "raven" and
                                            x.player == f.player and x.args[0] == f.args[2] else x
                                            for x in state.frames))
    return fx.place_ghost(state, ghost, room, mode)


def _deck_ghost_choices(state: State, prefix: str) -> list[Choice]:
    return list(_ghost_choices(prefix, state.options["edition"], state.printed, state.ghost_deck))


@lru_cache(maxsize=256)  # made once per ghost deck
def _ghost_choices(prefix: str, edition: str, printed: cc.Entries, deck: tuple[str, ...]) -> tuple[Choice, ...]:
    content = cc.content(edition, printed)  # the state's content (State.content)
    return tuple(Choice(f"{prefix}:{g}", content.name(g), component=cc.component(g)) for g in sorted(set(deck)))


def ask_summon(state, f):
    """Music Box and Raven's Skull: the next ghost of the Children deck is searched out and tapped."""
    if not state.ghost_deck:
        return pop(state)
    return _ask(state, f.player, msg("{player}: find the next ghost in the Children deck and tap it",
                                     player=state.players[f.player]), _deck_ghost_choices(state, "summon"))


def act_summon(state, f, key):
    ghost = key.split(":", 1)[1]
    state = fx.take_from_deck(pop(state))
    deck = list(state.ghost_deck)
    deck.remove(ghost)
    state = replace(state, ghost_deck=tuple(deck))
    if f.kind == "raven":  # the second ghost goes to another room next to the victim (f.args[1:])
        return push(state, Frame("ghost", f.player, (ghost, "raven") + f.args))
    return push(state, Frame("ghost", f.player, (ghost, "summon", "")))


# --------------------------------------------------------------------------- fates


def ask_settle(state, f):
    """House Settles: remove up to 2 rooms with no player; their tablets go back into the
    tablet pile, their cards and ghosts into the Children deck (option ``house_settles_kitty``)."""
    rooms = fx.rooms_without_players(state)
    if not rooms or f.args[0] == "0":
        return pop(state)
    return _ask(state, f.player, msg("{player}: the house settles; choose a room to remove",
                                     player=state.players[f.player]),
                _room_choices(state, "settle", rooms, lambda r: msg("Remove the {room}", room=r)))


def act_settle(state, f, key):
    room = key.split(":", 1)[1]
    left = int(f.args[0]) - 1
    state = _replace_top(state, Frame("settle", f.player, (str(left),))) if left else pop(state)
    n = state.left_in(room)
    state = add_left(state, room, -n)
    state = replace(state, grid=gr.remove(state.grid, room), tablet_pile=tuple(sorted(state.tablet_pile + (room,))),
                    deck=state.deck + n)
    state = say(state, why.house_settles(todo("remove", "Take the {room} away: its tablet goes back into the pile at "
                                              "random.", room=state.name(room)), state.name(room)))
    for g in state.ghosts_in(room):
        state = fx.ghost_to_deck(state, g.id)
        state = say(state, why.settled_ghost(ntodo("return", "{ghost} goes back into the Children deck.",
                                                   "{ghost} go back into the Children deck.", "n",
                                                   n=fx.ghost_count(g.id), ghost=state.name(g.id)),
                                             state.name(g.id), state.name(room)))
    if state.kitty == room:
        state = replace(state, kitty=None)
        if state.opt("house_settles_kitty") == "card_to_deck" and state.kitty_card is not None:
            state = replace(state, kitty_card=None, deck=state.deck + 1)
            state = say(state, why.kitty_out(todo("remove", "Kitty Kitty leaves the mansion and her card goes into "
                                                            "the Children deck.")))
        else:
            state = say(state, why.kitty_out(todo("remove", "Kitty Kitty leaves the mansion.")))
    return state


def ask_biddle(state, f):
    """Irwin Biddle: every player with a toy puts one into the Children deck."""
    p = f.player
    toys = [t for t in state.content.toys if may_hold(state, p, t)]
    if not toys:
        return pop(state)
    choices = [Choice(f"biddle-toy:{t}", state.name(t), component=cc.component(t), private=True) for t in toys]
    choices.append(Choice("no-toy", msg("No toy")))
    return _ask(state, p, msg("{player}: Irwin Biddle takes a toy; tap one from your hand, or No toy",
                              player=state.players[p]), choices)


def act_biddle(state, f, key):
    state = pop(state)
    name = state.players[f.player]
    if key == "no-toy":
        return say(state, msg("{player} has no toy.", player=name))
    state = add_hand(state, f.player, -1, deck=state.deck + 1)
    return say(state, why.biddle(todo("return", "{player} puts a toy back into the Children deck.", player=name)))


def ask_kittyplace(state, f):
    """Kitty Kitty fate: the statuette goes to any room not occupied by a player."""
    rooms = fx.rooms_without_players(state)
    if not rooms:
        return say(pop(state), why.kitty_waits(msg("No room without players: Kitty Kitty waits outside the mansion.")))
    if len(rooms) == 1:
        return act_kittyplace(state, f, f"kitty-at:{rooms[0]}")
    return _ask(state, f.player, msg("{player}: put Kitty Kitty in a room", player=state.players[f.player]),
                _room_choices(state, "kitty-at", rooms, lambda r: r))


def act_kittyplace(state, f, key):
    room = key.split(":", 1)[1]
    return say(replace(pop(state), kitty=room), why.kitty_in(todo("place", "Kitty Kitty prowls into the {room}.",
                                                                  room=state.name(room)), state.name(room), "fate"))


# --------------------------------------------------------------------------- left cards and traps


def _pickup_idle(state: State, f: Frame) -> bool:
    """Nothing to pick up: ``f``'s player left the room, or no card lies under it."""
    room = f.args[0]
    return state.where[f.player] != room or not state.left_in(room)


def ask_pickup(state, f):
    """"Look at cards that have been left in the room you have entered": all are picked up."""
    if _pickup_idle(state, f):
        return pop(state)
    p, room = f.player, f.args[0]
    n = state.left_in(room)
    state = add_hand(state, p, n, frames=pd.pop(state.frames))
    player, name, chosen = state.players[p], state.name(room), f.args[1:] == ("chosen",)
    line = why.once(("picked_up", state.options["edition"], state.printed, player, n, room, chosen),
                    lambda: why.picked_up(ntodo("other", "{player} picks up {n} card left under the {room}.",
                                                "{player} picks up the {n} cards left under the {room}.", "n",
                                                player=player, n=n, room=name), n, chosen))
    # the cards under the room, the line and the traps to check in one copy
    return add_left(state, room, -n, news=state.news + (line,),
                    frames=pd.push(state.frames, Frame("traps", p, (room, str(n)))))


def ask_traps(state, f):
    n = int(f.args[1])
    p = f.player
    in_deck = state._in_deck  # noqa: SLF001  (in_deck of each trap card)
    traps = [t for t in state.content.traps if in_deck[t] > 0]
    if n <= 0 or not traps or state.hands[p] <= 0:
        return pop(state)
    return _traps_prompt(state.players[p], state.options["edition"], state.printed, tuple(traps))


@lru_cache(maxsize=256)  # made once per player and traps that may be among the cards
def _traps_prompt(player: str, edition: str, printed: cc.Entries, traps: tuple[str, ...]) -> Prompt:
    content = cc.content(edition, printed)  # the state's content (State.content)
    choices = [Choice(f"spring:{t}", msg("{trap} springs", trap=content.name(t)), component=cc.component(t))
               for t in traps]
    choices.append(Choice("no-trap", msg("No trap")))
    return Prompt(msg("{player}: tap any trap among the cards you picked up", player=player), player, tuple(choices))


def act_traps(state, f, key):
    if key == "no-trap":
        return pop(state)
    trap = key.split(":", 1)[1]
    state = _replace_top(state, Frame("traps", f.player, (f.args[0], str(int(f.args[1]) - 1))))
    return push(state, Frame("trap", f.player, (trap,)))


def ask_trap(state, f):
    """A trap springs; Dental Tools (a turn action or a skull) may defuse it."""
    p, trap = f.player, f.args[0]
    if p == state.active and may_hold(state, p, "dental-tools", also=1) and payment(state, p, "dental-tools"):
        how = payment(state, p, "dental-tools")
        label = msg("Defuse it with the Dental Tools") if how == "action" else msg(
            "Defuse it with the Dental Tools (skull token)")
        return _ask(state, p, msg("{player}: the {trap} trap is about to spring", player=state.players[p],
                                  trap=state.name(trap)),
                    [Choice("spring", msg("Let it spring")),
                     Choice("defuse", label, component=cc.component("dental-tools"))])
    return spring(pop(state), p, trap)


def act_trap(state, f, key):
    p, trap = f.player, f.args[0]
    state = pop(state)
    if key == "spring":
        return spring(state, p, trap)
    how = present(payment(state, p, "dental-tools"), "a way to pay for the Dental Tools")
    discard = tuple(sorted(state.discard + ("dental-tools", trap)))
    state = add_hand(state, p, -2, **_paid(state, p, how), discard=discard)
    return say(state, why.defused(todo("remove", "{player} defuses the {trap} with the Dental Tools: both go to the "
                                       "discard pile.", player=state.players[p], trap=state.name(trap),
                                       skull=int(how != "action")),  # skull (unsaid): 1: a token paid; for the undo
                                  state.name(trap)))


def _discard_trap(state: State, p: int, trap: str) -> State:
    return add_hand(state, p, -1, discard=tuple(sorted(state.discard + (trap,))))


def spring(state: State, p: int, trap: str) -> State:
    """"Trap Cards": Mouse, Crickets, Raven's Skull, Voodoo Doll."""
    name = state.players[p]
    state = say(state, why.sprang(msg("The {trap} trap springs on {player}!", trap=state.name(trap), player=name),
                                  state.name(trap)))
    if trap == "crickets":
        if may_hold(state, p, "cricket-cage", also=1):
            return push(state, Frame("crickets", p))
        return nearest_effect(_discard_trap(state, p, trap), p, "crickets")
    state = _discard_trap(state, p, trap)
    if trap == "mouse":
        if state.kitty is None and state.opt("kitty_trap_alias") == "mouse":
            return say(state, why.nothing(msg("Kitty Kitty is not in the mansion: nothing happens."),
                                          "Look at cards that have been left in the room you have entered"))
        if state.opt("mouse_immunity") == "kitty_card" and state.kitty_card == p:
            return say(state, why.mouse_spared(msg("{player} holds the Kitty Kitty card: nothing happens.",
                                                   player=name), False))
        room = state.room_of(p)
        state = replace(state, kitty=room)
        state = say(state, why.kitty_in(todo("move", "Kitty Kitty pounces into the {room}.",
                                             room=state.name(room)), state.name(room), "mouse"))
        return push(state, Frame("kittymeet", p, ("mouse",)))
    if trap == "ravens-skull":
        return push(state, *[Frame("raven", p, (state.room_of(p),))] * min(2, len(state.ghost_deck)))
    return nearest_effect(state, p, "voodoo")


def ask_crickets(state, f):
    p = f.player
    return _ask(state, p, msg("{player}: show the Cricket Cage if you have it", player=state.players[p]),
                [Choice("show-cage", msg("Show the Cricket Cage"), component=cc.component("cricket-cage")),
                 Choice("no-cage", msg("No Cricket Cage"))])


def act_crickets(state, f, key):
    p = f.player
    state = pop(state)
    if key == "no-cage":
        return nearest_effect(_discard_trap(state, p, "crickets"), p, "crickets")
    if state.opt("crickets_cage_keeps_trap"):
        return say(state, why.cage_keeps(msg("The Cricket Cage silences the crickets: both cards go back into the "
                                             "hand.")))
    state = _discard_trap(state, p, "crickets")
    return say(state, why.caged(todo("remove", "The Cricket Cage silences the crickets; the Crickets card is "
                                               "discarded.")))


# --------------------------------------------------------------------------- ghosts met


def _check_idle(state: State, f: Frame) -> bool:
    """No ghost to meet: ``f``'s player left the room, or no ghost is in it."""
    room = f.args[0]
    return state.where[f.player] != room or all(g.room != room for g in state.ghosts)


def ask_check(state, f):
    """"Trapping Ghosts" / "Running from Ghosts": in a room with a ghost, trap it with its
    beloved toy (tapped) or run (option ``multi_ghost_resolution`` for several ghosts)."""
    if _check_idle(state, f):
        return pop(state)
    p, room = f.player, f.args[0]
    ghosts = state.ghosts_in(room)
    catchable = ()
    if len(ghosts) == 1 or state.opt("multi_ghost_resolution") == "trap_then_run":
        catchable = tuple(g.id for g in ghosts if may_hold(state, p, state.content.beloved_toy(g.id)))
    return _check_prompt(state.players[p], state.options["edition"], state.printed, room,
                         tuple(g.id for g in ghosts), catchable)


@lru_cache(maxsize=256)  # made once per player, room, ghosts met and ghosts they may trap
def _check_prompt(player: str, edition: str, printed: cc.Entries, room: str, ghosts: tuple[str, ...],
                  catchable: tuple[str, ...]) -> Prompt:
    content = cc.content(edition, printed)  # the state's content (State.content)
    choices = []
    for g in catchable:
        toy = content.beloved_toy(g)
        choices.append(Choice(f"catch:{g}", msg("Trap {ghost} with the {toy}", ghost=content.name(g),
                                                toy=content.name(toy)), component=cc.component(toy)))
    choices.append(Choice("run", msg("Run")))
    names = and_names(content.name(g) for g in ghosts)
    return Prompt(msg("{player} meets {ghosts} in the {room}: tap the beloved toy to trap, or run",
                      player=player, ghosts=names, room=content.name(room)), player, tuple(choices))


def act_check(state, f, key):
    p, room = f.player, f.args[0]
    if key != "run":
        return fx.trap(state, p, key.split(":", 1)[1])  # the frame stays: other ghosts remain
    state = pop(state)
    name = state.players[p]
    if state.hands[p] < 2 and state.opt("run_short_hand") == "escape":
        return fx.escape(state, p)
    if state.hands[p] == 0 and not _calm_exits(state, room):
        return fx.escape(state, p)  # a ruling: empty-handed between haunted rooms, no end of running
    n = min(2, state.hands[p])
    state = fx.leave_cards(state, p, n)
    room_name = state.name(room)
    state = say(state, why.once(("ran", state.options["edition"], state.printed, name, n, room),
                                lambda: why.ran(_ran(name, n, room_name), n)))
    if not gr.walks(state.grid, room, state.content):
        return fx.escape(state, p, ran=n)
    return push(state, Frame("flee", p, (room,)))


def _ran(name: str, n: int, room: str) -> Msg | NewsLine:
    """What running leaves behind: 1 or 2 cards to place, or, with an empty hand, nothing
    (voice15: "leaving 0 cards under the Tablet 2-4 (a toy among them if they have one)")."""
    if n == 0:
        return msg("{player} runs in terror with an empty hand: no card stays behind.", player=name)
    return ntodo("place", "{player} runs in terror, leaving {n} card under the {room}.",
                 "{player} runs in terror, leaving {n} cards under the {room} (a toy among them "
                 "if they have one).", "n", player=name, n=n, room=room)


def _calm_exits(state: State, room: str) -> tuple[str, ...]:
    haunted = {g.room for g in state.ghosts}
    return tuple(r for r in gr.walks(state.grid, room, state.content) if r not in haunted)


def ask_flee(state, f):
    """Run to an adjacent room by the movement rules; a room without a ghost when there
    is one (a ruling: nobody runs in terror into another ghost by choice)."""
    p, room = f.player, f.args[0]
    exits = _calm_exits(state, room) or gr.walks(state.grid, room, state.content)
    if len(exits) == 1:
        return act_flee(state, f, f"flee:{exits[0]}")
    return _ask(state, p, msg("{player}: run to a room next door", player=state.players[p]),
                _room_choices(state, "flee", exits, lambda r: msg("Run to the {room}", room=r)))


def act_flee(state, f, key):
    p, room = f.player, key.split(":", 1)[1]
    state = replace(pop(state), where=put(state.where, p, room))
    player, name = state.players[p], state.name(room)
    state = say(state, why.once(("fled", state.options["edition"], state.printed, player, room), lambda: why.fled(
        todo("move", "{player} flees to the {room}.", player=player, room=name), name)))
    return push(state, Frame("check", p, (room,)), Frame("kittycheck", p, (room,)))


# --------------------------------------------------------------------------- Kitty Kitty


def _kittycheck_idle(state: State, f: Frame) -> bool:
    """Kitty Kitty meets nobody: she is not in ``f``'s player's room (or nobody holds her card)."""
    room = f.args[0]
    return state.kitty != room or state.where[f.player] != room or state.kitty_card is None


def ask_kittycheck(state, f):
    if _kittycheck_idle(state, f):
        return pop(state)
    return _replace_top(state, Frame("kittymeet", f.player, ("",)))  # (popped, then pushed: one copy)


def ask_kittymeet(state, f):
    """In Kitty Kitty's room without the Catnip, the holder of her card may move you to
    any room (option ``kitty_move_excludes_ghost_rooms``); with the Catnip you may use it."""
    p = f.player
    name = state.players[p]
    if f.args[0] == "mouse" and state.opt("mouse_immunity") == "catnip":
        if may_hold(state, p, "catnip"):
            return _ask(state, p, msg("{player}: show the Catnip if you have it", player=name),
                        [Choice("show-catnip", msg("Show the Catnip"), component=cc.component("catnip")),
                         Choice("no-catnip", msg("No Catnip"))])
        return _replace_top(state, Frame("kittysend", p))
    if usable(state, p, "catnip"):
        return _ask(state, p, msg("{player}: Kitty Kitty is here; use the Catnip, or not", player=name),
                    device_choices(state, p, "use", only=("catnip",)) + [Choice("no-catnip", msg("No Catnip"))])
    return _replace_top(state, Frame("kittysend", p))


def act_kittymeet(state, f, key):
    p = f.player
    if key == "no-catnip":
        return _replace_top(state, Frame("kittysend", p))
    if key == "show-catnip":
        return say(pop(state), why.mouse_spared(msg("{player} shows the Catnip: Kitty Kitty leaves them alone.",
                                                    player=state.players[p]), True))
    return use_device(pop(state), p, "catnip")


def _send_rooms(state: State, p: int) -> tuple[str, ...]:
    rooms = gr.rooms(state.grid)
    if state.opt("kitty_move_excludes_ghost_rooms"):
        rooms = fx.rooms_without_ghosts(state)
    return tuple(r for r in rooms if r != state.where[p])


def ask_kittysend(state, f):
    p, owner = f.player, state.kitty_card
    rooms = _send_rooms(state, p)
    if owner is None or not rooms or state.where[p] is None:
        return pop(state)
    choices = _room_choices(state, "send", rooms, lambda r: msg("Send them to the {room}", room=r))
    choices.append(Choice("stay", msg("Leave {player} where they are", player=state.players[p])))
    return _ask(state, owner, msg("{owner}: Kitty Kitty has {player}; move their figurine to any room, or leave them",
                                  owner=state.players[owner], player=state.players[p]), choices)


def act_kittysend(state, f, key):
    p = f.player
    state = pop(state)
    if key == "stay":
        return say(state, msg("Kitty Kitty lets {player} be.", player=state.players[p]))
    room = key.split(":", 1)[1]
    state = replace(state, where=put(state.where, p, room))
    line = todo("move", "Kitty Kitty chases {player} to the {room}.", player=state.players[p], room=state.name(room))
    holder = present(state.kitty_card, "the Kitty Kitty card's holder")
    state = say(state, why.kitty_sent(line, state.players[holder], state.name(room),
                                      bool(state.opt("kitty_move_excludes_ghost_rooms"))))
    return push(state, Frame("check", p, (room,)))


def ask_give(state, f):
    """After moving Kitty Kitty, give her card to another player of your choice."""
    return _give_prompt(state.players, f.player)


@lru_cache(maxsize=256)  # made once per table and giver
def _give_prompt(players: tuple[str, ...], p: int) -> Prompt:
    return Prompt(msg("{player}: give the Kitty Kitty card to another player", player=players[p]), players[p],
                  tuple(Choice(f"give:{q}", msg("Give it to {player}", player=name))
                        for q, name in enumerate(players) if q != p))


def act_give(state, f, key):
    q = int(key.split(":", 1)[1])
    state = replace(pop(state), kitty_card=q)
    name = state.players[q]
    return say(state, why.once(("kitty_given", name), lambda: why.kitty_given(
        todo("other", "Give the Kitty Kitty card to {player}.", player=name), name)))


# --------------------------------------------------------------------------- device effects


def ask_go(state, f):
    """Catnip: to any room without a ghost (Kitty stays behind). Secret Passage: to any
    room on the same floor or straight up or down (entering it as usual)."""
    p, how = f.player, f.args[0]
    rooms = _catnip_rooms(state, p) if how == "catnip" else gr.same_line(state.grid, state.where[p] or "")
    if not rooms or state.where[p] is None:
        return pop(state)
    return _ask(state, p, msg("{player}: choose the room to go to", player=state.players[p]),
                _room_choices(state, "go", rooms, lambda r: msg("Go to the {room}", room=r)))


def act_go(state, f, key):
    p, room = f.player, key.split(":", 1)[1]
    state = pop(state)
    if f.args[0] == "passage":
        return replace(fx.enter(state, p, room, how="passage"), entered=True)
    state = replace(state, where=put(state.where, p, room))
    return say(state, why.catnip(todo("move", "Kitty Kitty sends {player} to the {room}.", player=state.players[p],
                                      room=state.name(room)), state.name(room)))


def _ghost_pick(state, f, prefix, ghosts, text):
    if not ghosts:
        return pop(state)
    return _ask(state, f.player, text, [Choice(f"{prefix}:{g}", state.name(g)) for g in ghosts])


def ask_calm(state, f):
    """Hatpin: calm an enraged ghost within 2 rooms."""
    return _ghost_pick(state, f, "calm", fx.within(state, f.player, 2, enraged_only=True),
                       msg("{player}: choose the ghost to calm", player=state.players[f.player]))


def act_calm(state, f, key):
    ghost = key.split(":", 1)[1]
    g = state.ghost(ghost)
    far = gr.distance(state.grid, state.where[f.player], g.room)
    state = set_ghosts(pop(state), [x for x in state.ghosts if x.id != ghost] + [replace(g, enraged=False)])
    return say(state, why.calmed(ntodo("flip", "{ghost} is calm again: turn the card sepia side up.",
                                       "{ghost} are calm again: turn the card sepia side up.", "n",
                                       n=fx.ghost_count(ghost), ghost=state.name(ghost)), state.name(ghost), far))


def ask_banish(state, f):
    """Feather: banish any ghost up to 2 rooms away into the Children deck, calm side up."""
    return _ghost_pick(state, f, "banish", fx.within(state, f.player, 2),
                       msg("{player}: choose the ghost to banish", player=state.players[f.player]))


def act_banish(state, f, key):
    ghost = key.split(":", 1)[1]
    far = gr.distance(state.grid, state.where[f.player], state.ghost(ghost).room)
    state = fx.ghost_to_deck(pop(state), ghost)
    line = ntodo("return", "{ghost} is banished: put the card into the Children deck at random, sepia side up.",
                 "{ghost} are banished: put the card into the Children deck at random, sepia side up.", "n",
                 n=fx.ghost_count(ghost), ghost=state.name(ghost))
    return say(state, why.banished(line, state.name(ghost), far))


def ask_cage(state, f):
    """Cricket Cage: trap any ghost anywhere in the mansion, tapping its beloved toy."""
    p = f.player
    targets = _cage_targets(state, p)
    if not targets:
        return pop(state)
    return _ask(state, p, msg("{player}: tap the beloved toy of the ghost to trap", player=state.players[p]),
                [Choice(f"catch:{g}", msg("Trap {ghost} with the {toy}", ghost=state.name(g),
                                          toy=state.name(state.content.beloved_toy(g))),
                        component=cc.component(state.content.beloved_toy(g))) for g in targets])


def act_cage(state, f, key):
    return fx.trap(pop(state), f.player, key.split(":", 1)[1])


def ask_peek(state, f):
    """Medico Della Peste: peek at the cards left in any room, then put them back."""
    rooms = [r for r, _ in state.left]
    if not rooms:
        return pop(state)
    return _ask(state, f.player, msg("{player}: choose the room to peek into", player=state.players[f.player]),
                _room_choices(state, "peek", rooms, lambda r: r))


def act_peek(state, f, key):
    room = key.split(":", 1)[1]
    return say(pop(state), msg("{player} peeks at the cards under the {room} and puts them back.",
                               player=state.players[f.player], room=state.name(room)))


def ask_toad(state, f):
    """Toad: swap your room with another room on the same floor; everything in them travels."""
    p = f.player
    rooms = gr.same_floor(state.grid, state.where[p]) if state.where[p] else ()
    if not rooms:
        return pop(state)
    return _ask(state, p, msg("{player}: choose the room to swap with", player=state.players[p]),
                _room_choices(state, "swap", rooms, lambda r: msg("Swap with the {room}", room=r)))


def act_toad(state, f, key):
    room = key.split(":", 1)[1]
    here = state.where[f.player]
    state = replace(pop(state), grid=gr.swap(state.grid, here, room))
    return say(state, why.swapped(todo("move", "The {room} and the {other} swap places, with everything in them.",
                                       room=state.name(here), other=state.name(room)),
                                  state.name(here), state.name(room)))


# --------------------------------------------------------------------------- cut-downs, re-entry


def cutting(state: State, f: Frame) -> tuple[int, ...]:
    """The players of cut-down frame ``f`` still holding more cards than the hand limit."""
    return tuple(p for p in map(int, f.args) if state.hands[p] > state.hand_limit)


def ask_cut(state, f):
    """"Enraged Ghosts": when the hand limit drops, "all players except for the player
    currently playing his or her turn must immediately reduce their hands": one prompt for
    all of them at once, each cutting in any order (``cut:<player>:leave``, a card under
    their tablet, or ``cut:<player>:use:<device>``, a Free Action device played with a
    skull token) until every hand is down to the limit."""
    players = cutting(state, f)
    if not players:
        return pop(state)
    choices = []
    for p in players:
        name, room = state.players[p], state.where[p]
        label = msg("Leave a card under the {room}", room=state.name(room)) if room else msg(
            "Put a card back into the Children deck")
        group = [Choice(f"cut:{name}:leave", label)] + device_choices(state, p, f"cut:{name}:use", cc.FREE_DEVICES)
        choices += [replace(c, label=msg("{player}: {choice}", player=name, choice=c.label)) if len(players) > 1
                    else c for c in group]
    taps = [c.component for c in choices if c.component]
    choices = [c if taps.count(c.component) < 2 else replace(c, component=None) for c in choices]  # whose tap?
    text = _cut_text(state, players, any(":use:" in c.key for c in choices))
    return Prompt(text, state.players[players[0]] if len(players) == 1 else None, tuple(choices))


def _cut_text(state: State, players: tuple[int, ...], devices: bool) -> str:
    """The cut-down prompt; "or use a device" only when some device choice is offered."""
    limit = state.hand_limit
    if len(players) == 1:
        p = players[0]
        if devices:
            return msg("{player}: the hand limit is {limit}; you hold {n}: leave a card under your tablet or use a "
                       "device", player=state.players[p], limit=limit, n=state.hands[p])
        return msg("{player}: the hand limit is {limit}; you hold {n}: leave a card under your tablet",
                   player=state.players[p], limit=limit, n=state.hands[p])
    who = and_names(state.players[p] for p in players)
    if devices:
        return msg("The hand limit is {limit}: {players} cut down now, in any order: leave cards under your "
                   "tablets or use a device", limit=limit, players=who)
    return msg("The hand limit is {limit}: {players} cut down now, in any order: leave cards under your tablets",
               limit=limit, players=who)


def act_cut(state, f, key):
    rest = key.split(":", 1)[1]
    p = next(i for i in cutting(state, f) if rest.startswith(state.players[i] + ":"))
    what = rest[len(state.players[p]) + 1:]
    if what == "leave":
        return fx.leave_one(state, p, cut=True)
    return use_device(state, p, what.split(":", 1)[1])


def ask_reentry(state, f):
    """"Emergency Escape": back in any room (option ``emergency_reentry_excludes_ghosts``),
    drawing a card to start the turn."""
    p = f.player
    rooms = gr.rooms(state.grid)
    if state.opt("emergency_reentry_excludes_ghosts"):
        rooms = fx.rooms_without_ghosts(state) or rooms
    if not rooms:
        return pop(state)
    return _ask(state, p, msg("{player}: put your figurine in a room", player=state.players[p]),
                _room_choices(state, "enter", rooms, lambda r: msg("Enter the {room}", room=r)))


def act_reentry(state, f, key):
    p, room = f.player, key.split(":", 1)[1]
    state = replace(pop(state), where=put(state.where, p, room), arrived=put(state.arrived, p, True))
    player, name = state.players[p], state.name(room)
    state = say(state, why.once(("reentry", state.options["edition"], state.printed, player, room), lambda: why.reentry(
        todo("place", "{player} comes back into the {room}.", player=player, room=name), name)))
    return push(state, Frame("draw", p, ("reentry", room)), Frame("check", p, (room,)), Frame("kittycheck", p, (room,)))


#: Frame kinds that may resolve by doing nothing but leave the stack, and when they do (their
#: ``ask`` pops them then, and nothing else): ``settle`` pops a run of them in one copy of the
#: state (issue 35: after most moves, the pickup, the ghosts met and Kitty's check, one by one).
IDLE = {"check": _check_idle, "kittycheck": _kittycheck_idle, "pickup": _pickup_idle, "draw": _draw_idle}

#: frame kind -> what it asks and what happens when it resolves (the engine's protocol)
FRAMES = {
    "pair": pd.Kind(ask_pair, act_pair),
    "place": pd.Kind(ask_place, act_place),
    "draw": pd.Kind(ask_draw, act_draw),
    "ghost": pd.Kind(ask_ghost, act_ghost),
    "summon": pd.Kind(ask_summon, act_summon),
    "raven": pd.Kind(ask_summon, act_summon),
    "settle": pd.Kind(ask_settle, act_settle),
    "biddle": pd.Kind(ask_biddle, act_biddle),
    "kittyplace": pd.Kind(ask_kittyplace, act_kittyplace),
    "pickup": pd.Kind(ask_pickup),
    "traps": pd.Kind(ask_traps, act_traps),
    "trap": pd.Kind(ask_trap, act_trap),
    "crickets": pd.Kind(ask_crickets, act_crickets),
    "check": pd.Kind(ask_check, act_check),
    "flee": pd.Kind(ask_flee, act_flee),
    "kittycheck": pd.Kind(ask_kittycheck),
    "kittymeet": pd.Kind(ask_kittymeet, act_kittymeet),
    "kittysend": pd.Kind(ask_kittysend, act_kittysend),
    "give": pd.Kind(ask_give, act_give),
    "go": pd.Kind(ask_go, act_go),
    "calm": pd.Kind(ask_calm, act_calm),
    "banish": pd.Kind(ask_banish, act_banish),
    "cage": pd.Kind(ask_cage, act_cage),
    "peek": pd.Kind(ask_peek, act_peek),
    "toad": pd.Kind(ask_toad, act_toad),
    "nearest": pd.Kind(ask_nearest, act_nearest),
    "cut": pd.Kind(ask_cut, act_cut),
    "reentry": pd.Kind(ask_reentry, act_reentry),
}
