"""Creepy Cellar rules: set-up and every action of a turn.

Rulebook: ``creepy-cellar.txt`` ("Set Up", "Let's Play", "Ghost Cards", "Fighting Ghosts
and Hauntings", "Secret Passages", "Treasures", "Cursed Treasures", "Dropping Off a
Treasure", "Cellar Cards", "Jinxed Item", "Winning the Game", "Alternate Modes", "Quick
Reference") plus the base-game facts in ``notes.md`` 1.5. Every ambiguity is a named house
rule (``OPTIONS``, notes.md 3.E).

A turn: roll (dice button) -> reveal Ghost cards -> move (touches) -> fight (dice button)
-> drop off -> pick up -> End turn. Decks and face-down tiles are multisets: drawing is a
chance outcome weighted by the copies left (or a tap of the real card or tile), so there is
no hidden order to store and every draw is in the event log.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.engine import draft
from companion.engine.draft import replace, say
from companion.engine.lessons import what_for
from companion.engine.tuples import without
from companion.games.creepy_cellar import board, checks, why
from companion.games.creepy_cellar import components as cc
from companion.games.creepy_cellar.fight import FACE_NAMES, beaten
from companion.games.creepy_cellar.prompts import ROLL, who
from companion.games.creepy_cellar.state import (
    Hunter,
    State,
    Step,
    discard,
    marked,
    shuffled_back,
    with_hunter,
)
from companion.i18n import Msg, NewsLine, msg, notable, press_or_touch, todo

__all__ = ["State", "Step", "Hunter", "setup", "cleared", "HANDLERS"]


def setup(players: Sequence[str], options: Mapping[str, Any], content: Any = None) -> State:
    """A new game ("Set Up"; notes.md 1.5 "Setup").

    One ghost in C, F, I and L; every hunter outside at the front door; the mode's
    face-down treasures (12 cursed treasures, one per room A–L, in Nightmare; the 8 original
    treasures in Basic and Advanced); Secret Passage tiles in A, F, G and K (Nightmare
    only: the Alternate Modes do not list them); full Ghost, Ghost King, Cellar and Jinxed
    Item piles.

    Hunters: one per player; in a 2-player game each player moves two ("With 2 players,
    each controls 2 hunters", notes.md 1.5 "Setup"): Ada the red and blue movers, Bo the
    yellow and green. With house rule ``two_player_turns = alternate`` (the default) the
    turns go red, yellow, blue, green (each player moves their two hunters in turn); with
    ``choose`` each player picks the hunter at the start of each turn (``Step.HUNTER``).

    Args:
        players: 1–4 distinct names in turn order.
        options: resolved options (:func:`companion.engine.resolve_options`).
        content: unused: no card data is entered for Creepy Cellar (``Game.content`` None).

    The engine has checked the player count (1 to 4) and the names first (``Game.setup``).
    """
    mode = options["mode"]
    king_cards = mode != "basic" or bool(options["basic_uses_king_and_cellar_decks"])
    nightmare = mode == "nightmare"
    count = len(players) * cc.hunters_per_player(len(players))
    news = _checklist(options, king_cards) + _takes(players, count)
    return State(
        players=tuple(players),
        options=dict(options),
        ghost_deck=cc.ghost_deck(options["rogue_ghost"], mode, king_cards),
        king_deck=cc.king_deck() if king_cards else (),
        ghosts=tuple(1 if room in cc.START_GHOSTS else 0 for room in cc.ROOMS),
        hauntings=(0,) * len(cc.ROOMS),
        hunters=tuple(Hunter() for _ in range(count)),
        treasures=cc.treasure_pool(mode),
        cellar_deck=cc.cellar_deck() if king_cards else (),
        jinxed_pile=tuple(f"jinxed-{room}" for room in cc.JINXED_ROOMS) if nightmare else (),
        passages=cc.PASSAGE_ROOMS if nightmare else (),
        step=Step.HUNTER if _choosing(len(players), options) else Step.ROLL,
        news=tuple(news),
    )


def _choosing(players: int, options: Mapping[str, Any]) -> bool:
    """A player picks which of their two hunters takes each turn (2 players, house rule
    ``two_player_turns = choose``)."""
    return cc.hunters_per_player(players) == 2 and options["two_player_turns"] == "choose"


def _takes(players: Sequence[str], count: int) -> list[NewsLine]:
    """"Ada moves the red hunter." per player (set-up: who moves which mover)."""
    names = [cc.HUNTER_NAMES[colour] for colour in cc.HUNTER_COLOURS[:count]]
    if count == len(players):
        return [what_for(todo("setup", "{player} moves the {hunter}.", player=name, hunter=names[i]),
                         msg("This hunter is you: you move it on your turns."))
                for i, name in enumerate(players)]
    return [what_for(todo("setup", "{player} moves the {first} and the {second}.", player=name, first=names[i],
                          second=names[i + len(players)]),
                     msg("Every hunter plays, so with fewer players some of you move two of them."))
            for i, name in enumerate(players)]


def _checklist(options: Mapping[str, Any], king_cards: bool) -> list[NewsLine]:
    """The set-up as a checklist for the table ("Set Up"; "Alternate Modes")."""
    mode = options["mode"]
    lines = [what_for(todo("setup", "Set out the original game board with the Cellar board to its left."),
                      msg("The big board is the castle. The small one is the Cellar, where you must carry the "
                          "treasures.")),
             what_for(todo("setup", "Place one ghost in each of rooms {rooms}.", rooms=", ".join(cc.START_GHOSTS)),
                      msg("The castle is haunted before you arrive: these ghosts are already waiting."))]
    if mode == "nightmare":
        lines += [_cursed_treasures_step(options),
                  what_for(todo("setup", "Put the 4 secret passage tiles in rooms A, F, G and K."),
                           msg("A secret passage is a shortcut: for one step you jump to another room with a "
                               "passage.")),
                  _jinxed_items_step(options)]
    else:
        lines.append(_original_treasures_step(options))
    if options["ghost_deck"] == "physical":
        lines += _deck_checklist(options, mode, king_cards)
    lines.append(what_for(todo("setup", "Every hunter starts outside, at the front door."),
                          msg("You all go into the castle together, through the front door, and you must "
                              "all come out again to win.")))
    return lines


def markers(options: Mapping[str, Any]) -> bool:
    """True when the real treasures stay in the box and a marker stands for each one: the
    companion picks a treasure as it is picked up (``tiles = virtual``), and the treasures of
    the mode differ (Nightmare's curses, Advanced's numbers; Basic's 8 are alike, "Ignore the
    numbers printed on the treasure tokens", so they go down face-down as the rulebook says).
    Laid face-down, the tile a hunter turned over could show another treasure than the one
    the companion plays (notes/fix20cli.md section 7)."""
    return options["tiles"] == "virtual" and options["mode"] != "basic"


def _cursed_treasures_step(options: Mapping[str, Any]) -> NewsLine:
    """Nightmare's treasures: the 12 real tiles face-down ("Set Up"), or, when the companion
    picks them (:func:`markers`), a marker in each room and the tiles left in the box."""
    if markers(options):
        return what_for(todo("setup", "Leave the 12 Cursed Treasures in the box: put a marker (a coin or a "
                                      "counter) in each room A to L instead."),
                        msg("Each marker hides a treasure: at pick-up the companion says which one to take from the "
                            "box. Its curse starts then."))
    return what_for(todo("setup", "Shuffle the 12 Cursed Treasures and place one face-down in each room A to L."),
                    msg("Face down, nobody knows which treasure is where. Each one has a curse that starts when "
                        "you pick it up."))


def _jinxed_items_step(options: Mapping[str, Any]) -> NewsLine:
    """The Jinxed Item pile ("Set Up"), or the tiles left in the box while the companion
    draws them (``tiles = virtual``)."""
    if options["tiles"] == "virtual":
        return what_for(todo("setup", "Leave the 6 Jinxed Item tiles in the box: when a Cellar card gives one, the "
                                      "companion says which one to take."),
                        msg("A Jinxed Item stops you picking up treasures until you drop it in its room."))
    return what_for(todo("setup", "Shuffle the 6 Jinxed Item tiles and put them face-down next to the Cellar "
                                  "board."),
                    msg("A Cellar card can give you a Jinxed Item: it stops you picking up treasures until you "
                        "drop it in its room."))


def _original_treasures_step(options: Mapping[str, Any]) -> NewsLine:
    """Basic and Advanced: the 8 original treasures ("Alternate Modes"), face-down, or, in
    Advanced while the companion picks them (:func:`markers`), left in the box."""
    if markers(options):
        return what_for(todo("setup", "Leave every treasure and tile in the box: put a marker (a coin or a counter) "
                                      "in each room the base game marks for a treasure."),
                        msg("The first game's treasures, no curses. At pick-up the companion says which number a "
                            "marker is: take that one from the box."))
    return what_for(todo("setup", "Put the 8 original treasures face-down in the rooms the base game marks for "
                                  "them; the Cursed Treasures, passage and Jinxed Item tiles stay in the box."),
                    msg("This easier game uses the first game's treasures, with no curses. The Cellar's extra "
                        "pieces wait for another day."))


def _deck_checklist(options: Mapping[str, Any], mode: str, king_cards: bool) -> list[NewsLine]:
    """The real decks the table draws from (option ``ghost_deck = physical``)."""
    lines = []
    if mode == "basic":
        lines.append(what_for(todo("setup", "Take these 6 cards out of the Ghost deck: 2 Green Doors Locked, "
                                            "2 Blue Doors Locked, Draw 2 + Shuffle and Draw 3 + Shuffle."),
                              msg("These cards make the game harder. The easy game is played without them.")))
    if not king_cards:
        lines.append(what_for(todo("setup", "Take the 2 Trap Door and the 2 Rogue Ghost cards out of the Ghost "
                                            "deck."),
                              msg("These cards need the Ghost King's deck, and this game plays without it.")))
    elif options["rogue_ghost"] == "remove":
        lines.append(what_for(todo("setup", "Take the 2 Rogue Ghost cards out of the Ghost deck."),
                              msg("The rulebook never says what a Rogue Ghost does, so they stay out.")))
    lines.append(what_for(todo("setup", "Shuffle the Ghost cards and place them face-down: the Ghost deck."),
                          msg("A Ghost card says where the next ghost appears. Shuffled, nobody can guess it.")))
    if king_cards:
        lines.append(what_for(todo("setup", "Shuffle the Ghost King cards and the Cellar cards and place them "
                                            "face-down on the Cellar board."),
                              msg("Ghost King cards say which room the King moves to. Cellar cards are the "
                                  "surprise you get for each treasure you bring down.")))
    return lines


# --------------------------------------------------------------------------- apply


def cleared(state: State) -> State:
    """What an action starts from (``Game.cleared``): no news, and no mover ``held`` (a mover
    tapped in the move step lasts until the next action). A table-check correction does not
    start from here (``tablecheck.correct``). It is the action's one copy, which its rule
    changes in place until :func:`settled` (:mod:`companion.engine.draft`)."""
    state = draft.begun(state, news=())
    return marked(state, held=False) if state.held else state


def settled(state: State) -> State:
    """The state an action's rule gave (``Game.settled``): the action's copy, done."""
    return draft.finished(state)


# --------------------------------------------------------------------------- roll and reveal


def _roll(state: State, _arg: str) -> State:
    return replace(state, step=Step.DIE)


def _die(state: State, arg: str) -> State:
    """Movement die (notes.md 1.5: faces 1–5 flip a Ghost card, 6 does not)."""
    face = int(arg)
    moves = checks.movement(state, face)
    cards = checks.cards_for(state, face)
    state = say(replace(state, die=face, moves=moves),
                why.rolled(msg("{player} rolled {face}.", player=state.player, face=face), face))
    if moves != face:
        state = say(state, why.cursed_die(msg("The cursed treasure takes 1 off: move up to {moves}.", moves=moves),
                                          face, moves))
    if state.free:
        return _to_move(say(marked(state, free=False), msg("Free movement: no Ghost card for this roll.")))
    if face == 6:
        return _to_move(say(state, msg("A 6: no Ghost card this turn.")))
    if cards == 2:
        state = say(state, msg("The cursed treasure draws one additional Ghost card."))
    return _continue_reveal(replace(state, draws_left=cards))


def _ghost(state: State, card: str) -> State:
    """Flip one Ghost card and resolve it ("Ghost Cards")."""
    deck, pile = discard(state.ghost_deck, state.ghost_discard, card)
    state = replace(state, ghost_deck=deck, ghost_discard=pile, draws_left=state.draws_left - 1)
    state = say(state, why.drawn(msg("Drawn: {card}.", card=cc.card_label(card)), card))
    if not state.ghost_deck:
        state = _reshuffle_ghosts(
            state, todo("return", "The Ghost deck is empty: shuffle its discards into a new deck."))
    state = _resolve_ghost_card(state, card)
    if state.step in (Step.KING, Step.OVER):
        return state
    return _continue_reveal(state)


def _resolve_ghost_card(state: State, card: str) -> State:
    if card.startswith("room-"):
        return board.add_ghost(state, card[5:])
    if card.endswith("-doors-locked"):
        colour = card.split("-")[0]
        doors = cc.DOOR_NAMES[colour]
        if state.locked not in (None, colour):
            text = todo("lock", "Lock the {doors}: nobody moves through them. The {unlocked} unlock.",
                        doors=doors, unlocked=cc.DOOR_NAMES[state.locked])
        else:
            text = todo("lock", "Lock the {doors}: nobody moves through them.", doors=doors)
        return say(replace(state, locked=colour), why.locked(text, card))
    if card == "shuffle":
        return _shuffle_card(state)
    if card in cc.DRAW_SHUFFLE:
        return _draw_shuffle_card(state, card)
    if card == "rogue-ghost":  # house rule rogue_ghost = ghost_king (notes 3.E F-A1)
        state = say(state, msg("The Rogue Ghost card is played as the Ghost King card: draw a Ghost King card."))
    if card in ("rogue-ghost", "trap-door"):
        return replace(state, step=Step.KING, king_for=card)
    raise AssertionError(f"unhandled ghost card {card}")


def _shuffle_card(state: State) -> State:
    """Shuffle card: both decks take back their discards; doors unlock (notes.md 1.5)."""
    if state.reshuffle_after:
        return say(state, msg("A Shuffle card during a Draw + Shuffle is ignored."))
    state = _reshuffle_ghosts(
        state, todo("return", "Shuffle the Ghost deck and the Ghost King deck with their discards."))
    state = replace(state, king_deck=shuffled_back(state.king_deck, state.king_discard), king_discard=())
    return _unlock(state)


def _draw_shuffle_card(state: State, card: str) -> State:
    """Draw N + Shuffle: flip N more cards, then shuffle ("Draw 2 and Draw 3 + Shuffle")."""
    if state.reshuffle_after:
        return say(state, msg("A {card} during a Draw + Shuffle is ignored.", card=cc.card_label(card)))
    extra = cc.DRAW_SHUFFLE[card]
    state = marked(replace(state, draws_left=state.draws_left + extra), reshuffle_after=True)
    return say(state, why.flip_more(todo("flip", "Flip {extra} more Ghost cards, then shuffle.", extra=extra), card,
                                    extra))


def _continue_reveal(state: State) -> State:
    if state.draws_left > 0:
        return replace(state, step=Step.REVEAL)
    if state.reshuffle_after:
        state = _reshuffle_ghosts(marked(state, reshuffle_after=False),
                                  todo("return", "Shuffle all Ghost cards back into the deck."))
        if state.options["draw_shuffle_unlocks"]:
            state = _unlock(state)
    return _to_move(state)


def _to_move(state: State) -> State:
    """Step 3, Move; a hunter out of the castle for good (house rule ``exited_hunters``)
    has flipped its Ghost cards for the table and only ends its turn."""
    if checks.exited(state):
        return replace(state, step=Step.AFTER, moves=0)
    return replace(state, step=Step.MOVE)


def _king(state: State, card: str) -> State:
    """Flip one Ghost King card: for a Rogue Ghost (house rule ``rogue_ghost``) the King
    moves there; for a Trap Door the hunter does ("Trap Door card"); for a +Ghost Cellar
    card a ghost is added there ("Cellar Cards")."""
    room = card[5:]
    king_deck, king_discard = discard(state.king_deck, state.king_discard, card)
    if not king_deck:  # "If the Ghost King deck is ever empty, shuffle the discards"
        king_deck, king_discard = king_discard, ()
    reason = state.king_for
    state = replace(state, king_deck=king_deck, king_discard=king_discard, king_for=None,
                    step=Step.MOVE)
    if reason == "plus-ghost":
        state = board.add_ghost(say(state, msg("+Ghost: Ghost King card {room}.", room=room)), room)
        if state.step == Step.OVER:
            return state
        # "they must fight if there is a ghost in the room before ending their turn"
        # ("Pick Up Cellar Card"): a ghost added to the hunter's own room is fought
        return _to_fight(state) if room == state.hunter.at else _after_cellar_card(state)
    if reason == "trap-door":
        if checks.exited(state):
            state = say(state, msg("Trap door to room {room}, but {player} is out of the castle for "
                                   "good: the hunter stays out.", room=room, player=state.player))
        elif checks.trap_door_immune(state):
            state = say(state, msg("Trap door to room {room}, but {player}'s cursed treasure "
                                   "keeps the hunter where it is.", room=room, player=state.player))
        else:
            state = with_hunter(state, state.active, at=room)
            if len(state.hunters) > len(state.players):  # two hunters each: say which
                state = say(state, why.trap_door(todo(
                    "move", "Trap door! {player}: move the {hunter} to room {room} now.", player=state.player,
                    hunter=cc.HUNTER_NAMES[state.colour], room=room), room))
            else:
                state = say(state, why.trap_door(todo("move", "Trap door! {player}: move your hunter to room {room} "
                                                      "now.", player=state.player, room=room), room))
    else:  # ``was`` (unsaid; none while he is off the board): for the undo ("Move the Ghost King back to room B.")
        was = {"was": state.king} if state.king is not None else {}
        state = board.move_king(say(state, why.king_moves(
            todo("move", "The Ghost King moves to room {room}.", room=room, **was), room)), room)
    if state.step == Step.OVER:
        return state
    return _continue_reveal(state)


# --------------------------------------------------------------------------- move


def _move(state: State, place: str) -> State:
    """The table reports where the hunter now stands (one touch on the map). The board's
    corridors are not known, so a reported move uses at least one movement point: one."""
    state = replace(with_hunter(state, state.active, at=place), moves=state.moves - 1)
    state = say(state, _moves(who(state), place))
    if place == cc.OUTSIDE and checks.exited(state) and not checks.won(state):
        line = todo("out", "{player} is out of the castle for good: from now on that hunter's turns only flip "
                    "Ghost cards for the table.", player=who(state))
        state = say(state, notable(why.out_for_good(line), msg("{player} leaves the castle for good.",
                                                               player=who(state))))
    if checks.won(state):
        return say(replace(state, outcome="won", step=Step.OVER),
                   msg("All the treasures are in the cellar and every hunter is out: the hunters win!"))
    return state


def _passage(state: State, room: str) -> State:
    """"use one movement point to move to any other room containing a secret passage tile.
    Once a player has used a secret passage, the tile is removed from the room they left"
    ("Secret Passages")."""
    left = state.hunter.at
    state = with_hunter(state, state.active, at=room)
    passages = tuple(r for r in state.passages if r != left)
    state = replace(state, passages=passages, moves=state.moves - 1)
    return say(state, why.passage(todo("remove", "{player} takes the secret passage from {left} to {room}: "
                                        "take the tile out of room {left}.", player=who(state), left=left,
                                        room=room), left, room))


def _done_moving(state: State, _arg: str) -> State:
    return _to_fight(state)


def _to_fight(state: State) -> State:
    """Step 4, Fight: the fight dice are due when there is something the hunter can fight."""
    why = checks.fight_due(state)
    if why is None:
        return replace(state, step=Step.FIGHT)
    if why:
        state = say(state, why)
    return _to_after(state)


def _fight(state: State, _arg: str) -> State:
    return replace(state, step=Step.FIGHT_DICE)


def _fight_dice(state: State, arg: str) -> State:
    """Apply a fight roll in the hunter's room (notes.md 1.5 "Fighting")."""
    faces = tuple(arg.split("+"))
    room = state.hunter.at
    result = beaten(faces, state.ghosts_in(room), state.hauntings_in(room), state.hunters_at(room),
                    bool(state.options["haunting_face_beats_ghost"]))
    state = replace(state, fight=(room, *faces))
    state = say(state, why.fight_dice(_fight_dice_news(faces), faces, [FACE_NAMES[f] for f in faces]))
    if result.ghosts:
        state = board.remove_ghost(state, room, result.ghosts)
        spare = result.ghosts - min(faces.count("ghost"), result.ghosts)  # house rule haunting_face_beats_ghost
        state = say(state, why.beaten(_beaten_news("ghost", result.ghosts, room), "ghost", result.ghosts, room,
                                      spare))
    if result.hauntings:
        state = board.remove_haunting(state, room, result.hauntings)
        state = say(state, notable(why.beaten(_beaten_news("haunting", result.hauntings, room), "haunting",
                                              result.hauntings, room), _beaten_recap(who(state), result.hauntings,
                                                                                     room)))
    if not (result.ghosts or result.hauntings):
        state = say(state, msg("Nothing beaten this time."))
    return _to_after(state)


# --------------------------------------------------------------------------- drop off, pick up


def _to_after(state: State) -> State:
    """Step 5: a Jinxed Item is dropped in its room; then drop off, pick up or End turn."""
    state = replace(state, step=Step.AFTER)
    tile = state.hunter.jinxed
    return _drop_jinxed(state, tile) if tile is not None and checks.jinxed_drop_due(state) else state


def _drop_jinxed(state: State, tile: str) -> State:
    """"When you get rid of a Jinxed Item, you may place a previously discarded secret
    passage tile in its indicated room" ("Jinxed Item"; house rule ``jinxed_passage_room``):
    the active hunter's Jinxed Item ``tile``."""
    room = tile[len("jinxed-"):]
    state = with_hunter(state, state.active, jinxed=None)
    state = replace(state, jinxed_dropped=tuple(sorted(state.jinxed_dropped + (tile,))))
    state = say(state, why.jinxed_gone(todo("remove", "{player} gets rid of the Jinxed Item in room {room}.",
                                            player=who(state), room=room), room))
    return replace(state, step=Step.PASSAGE_TILE) if checks.tiles_back(state) else state


def _passage_tile(state: State, room: str) -> State:
    """The table's pick after a Jinxed Item is dropped: a discarded secret passage tile back
    in ``room``, or ``none`` (it is a "may", "Jinxed Item")."""
    state = replace(state, step=Step.AFTER)
    if room == "none":
        return say(state, msg("No secret passage tile comes back."))
    state = replace(state, passages=tuple(sorted(state.passages + (room,))))
    if state.options["jinxed_passage_room"] == "home":
        return say(state, todo("place", "Put a secret passage tile back in room {room}.", room=room))
    return say(state, todo("place", "Put a discarded secret passage tile in room {room}.", room=room))


def _drop_off(state: State, _arg: str) -> State:
    """"Drop Off Treasure" (lowest free slot, or slot k in Advanced), then "Pick Up Cellar
    Card"; "Dropping off a treasure ends the player's movement phase"."""
    treasure = state.hunter.treasure
    slot = len(state.cellar) + 1
    state = with_hunter(state, state.active, treasure=None)
    state = marked(replace(state, cellar=state.cellar + (treasure,), moves=0), dropped=True)
    line = todo("place", "{player} drops off the {treasure} in cellar slot {slot}.", player=who(state),
                treasure=cc.card_label(treasure), slot=slot)
    recap = msg("{player} brings treasure {slot} of {total} to the cellar.", player=who(state), slot=slot,
                total=state.total_treasures)
    state = say(state, notable(why.dropped_off(line, slot), recap))
    if not state.cellar_deck:
        state = say(state, msg("No Cellar cards in this game (basic mode)."))
        return _after_cellar_card(state)
    return replace(state, step=Step.CELLAR)


def _cellar(state: State, card: str) -> State:
    """Resolve a Cellar card ("Cellar Cards")."""
    deck, pile = discard(state.cellar_deck, state.cellar_discard, card)
    if not deck:
        deck, pile = pile, ()
    state = say(replace(state, cellar_deck=deck, cellar_discard=pile),
                msg("Drawn: {card}.", card=cc.card_label(card)))
    if card == "plus-ghost":
        return replace(state, step=Step.KING, king_for="plus-ghost")
    if card == "jinxed-item":
        if (why := _no_jinxed_tile(state)) is not None:
            return _after_cellar_card(say(state, why))
        return replace(state, step=Step.JINXED)
    if card == "remove-ghost":
        if not any(state.ghosts):
            return _after_cellar_card(say(state, msg("There is no ghost to remove.")))
        return replace(state, step=Step.REMOVE)
    if card == "unlock-doors":
        return _after_cellar_card(_unlock(state) if state.locked else say(state, msg("No doors are locked.")))
    if card == "free-movement":
        return say(marked(replace(state, step=Step.ROLL), free=True), press_or_touch(
            msg("{player}: press the dice button and move up to the number rolled.", player=state.player),
            msg("{player}: touch “{button}” and move up to the number rolled.", player=state.player, button=ROLL)))
    raise AssertionError(f"unhandled cellar card {card}")


def _no_jinxed_tile(state: State) -> Msg | None:
    """Why a Jinxed Item card gives the hunter no tile, or None."""
    if state.mode != "nightmare":
        return msg("Jinxed Item tiles are not used in {mode} mode: the card does nothing.",
                   mode=cc.MODE_NAMES[state.mode])
    if state.hunter.jinxed:
        return msg("{player} holds a Jinxed Item already: the card does nothing.", player=who(state))
    if not state.jinxed_pile:
        return msg("All 6 Jinxed Item tiles are taken: the card does nothing.")
    return None


def _after_cellar_card(state: State) -> State:
    """After a Cellar card: fight next under ``cellar_turn_order = drop_first``; otherwise
    (the reference card's order, fight already done) go on to pick up / End turn."""
    if state.options["cellar_turn_order"] == "drop_first":
        return _to_fight(state)
    return replace(state, step=Step.AFTER)


def _jinxed(state: State, tile: str) -> State:
    """"Draw one Jinxed Item tile from the pile and place it in your backpack" ("Cellar Cards")."""
    state = replace(state, jinxed_pile=without(state.jinxed_pile, tile))
    state = with_hunter(state, state.active, jinxed=tile)
    state = say(state, why.cellar_card(_takes_jinxed(state, tile)))
    return _after_cellar_card(state)


def _takes_jinxed(state: State, tile: str) -> NewsLine:
    """The Jinxed Item into the backpack: the tile turned over from the pile, or, when the
    companion drew it (``tiles = virtual``), taken out of the box."""
    if state.physical_tiles:
        return todo("place", "{player} takes the {tile}: no treasure pick-up and no leaving the house until it is "
                             "dropped there.", player=who(state), tile=cc.card_label(tile))
    return todo("place", "{player} gets a Jinxed Item: take the {tile} out of the box and put it in your backpack. "
                         "No treasure pick-up and no leaving the house until it is dropped in room {room}.",
                player=who(state), tile=cc.card_label(tile), room=tile[len("jinxed-"):])


def _remove_ghost(state: State, room: str) -> State:
    """"Remove any one ghost (except for the Ghost King) from the board" ("Cellar Cards")."""
    state = board.remove_ghost(state, room)
    return _after_cellar_card(say(state, why.cellar_card(todo("remove", "Take a ghost off room {room}.",
                                                                          room=room))))


def _pick_up(state: State, _arg: str) -> State:
    """Pick up: a face-down treasure is turned over (chance or tap); one put back face-up
    (Advanced, ``advanced_put_back``) is simply taken."""
    room = state.hunter.at
    laid = state.laid_in(room)
    if laid is None:
        return replace(state, step=Step.TREASURE)
    state = marked(replace(state, laid=tuple(i for i in state.laid if i[0] != room)), picked=True)
    state = with_hunter(state, state.active, treasure=laid)
    return say(state, why.picked_up(_picks_up(who(state), laid, room), room))


def _put_back(state: State, _arg: str) -> State:
    """House rule ``advanced_put_back``: the treasure goes down face-up in this room."""
    room, treasure = state.hunter.at, state.hunter.treasure
    state = with_hunter(state, state.active, treasure=None)
    state = marked(replace(state, laid=tuple(sorted(state.laid + (f"{room}={treasure}",)))), picked=True)
    return say(state, todo("place", "{player} puts the {treasure} down face-up in room {room}.",
                           player=who(state), treasure=cc.card_label(treasure), room=room))


def _treasure(state: State, name: str) -> State:
    """A treasure is turned over as it is picked up; its power "activates instantly when the
    treasure is picked up" ("Treasures", "Cursed Treasures")."""
    room = state.hunter.at
    state = marked(replace(state, treasures=without(state.treasures, name),
                           taken=tuple(sorted(state.taken + (room,))), step=Step.AFTER), picked=True)
    state = with_hunter(state, state.active, treasure=name)
    line = _picks_up_marker(who(state), name, room) if markers(state.options) else _picks_up(who(state), name, room)
    state = say(state, why.picked_up(line, room))
    if (power := cc.power_of(name)) is not None:
        state = say(state, msg("While {player} holds it: {power}.",
                               player=who(state), power=cc.POWER_TEXT[power]))
    return state


# --------------------------------------------------------------------------- end of turn


def _end_turn(state: State, _arg: str) -> State:
    """Hand over to the next hunter: the next player's, in mover order (red, yellow, blue,
    green: in a 2-player game each player moves their two hunters in turn), or, with house
    rule ``two_player_turns = choose``, the hunter the next player picks (``Step.HUNTER``)."""
    state = marked(replace(state, turn=state.turn + 1, moves=0, fight=None), free=False, dropped=False, picked=False)
    if _choosing(len(state.players), state.options):
        player = (state.active + 1) % len(state.players)
        state = replace(state, active=player, step=Step.HUNTER)
        return say(state, msg("{player}'s turn: which hunter?", player=state.player))
    return _start_turn(replace(state, active=(state.active + 1) % len(state.hunters)))


def _start_turn(state: State) -> State:
    """The active hunter's turn begins: "If you are in a room and holding this treasure at
    the start of your turn, you must add a ghost to that room before you roll the die. If
    you start your turn in a hallway space, ignore this step." ("Cursed Treasures")."""
    state = replace(state, step=Step.ROLL)
    state = say(state, _turn_line(state))
    hunter = state.hunter
    if hunter.power == cc.ADD_GHOST and hunter.at in cc.ROOMS:
        state = say(state, msg("{player}'s cursed treasure adds a ghost to room {room}.",
                               player=state.player, room=hunter.at))
        state = board.add_ghost(state, hunter.at)
    return state


def _turn_line(state: State) -> Msg:
    """"Ada's turn with the red hunter." (Italian "Turno di Ada": one sentence for every
    name, issue 29; it was "It is Ada's turn." but "Bo's turn.")."""
    if len(state.hunters) > len(state.players):
        hunter = cc.HUNTER_NAMES[state.colour]
        return msg("{player}'s turn with the {hunter}.", player=state.player, hunter=hunter)
    return msg("{player}'s turn.", player=state.player)


def _hunter(state: State, colour: str) -> State:
    """A hunter's mover, tapped (or touched): at the start of a turn under
    ``two_player_turns = choose`` it picks the hunter that takes the turn; in the move step
    it names the hunter the table is moving, and the next touch says where it goes."""
    index = cc.HUNTER_COLOURS.index(colour)
    if state.step == Step.HUNTER:
        return _start_turn(replace(state, active=index))
    return say(marked(state, held=True),
               msg("{player}: touch where the {hunter} goes.", player=state.player,
                   hunter=cc.HUNTER_NAMES[colour]))


#: Each action's rule by its kind (``Game.handlers``: the engine calls
#: ``HANDLERS[kind](cleared(state), rest)`` for an action it found legal now).
HANDLERS = {
    "roll": _roll,
    "die": _die,
    "ghost": _ghost,
    "king": _king,
    "move": _move,
    "passage": _passage,
    "done-moving": _done_moving,
    "fight": _fight,
    "fight-dice": _fight_dice,
    "drop-off": _drop_off,
    "cellar": _cellar,
    "jinxed": _jinxed,
    "remove-ghost": _remove_ghost,
    "passage-tile": _passage_tile,
    "pick-up": _pick_up,
    "put-back": _put_back,
    "treasure": _treasure,
    "end-turn": _end_turn,
    "hunter": _hunter,
}


# --------------------------------------------------------------------------- helpers


def _reshuffle_ghosts(state: State, text: Msg | NewsLine) -> State:
    deck = shuffled_back(state.ghost_deck, state.ghost_discard)
    return say(replace(state, ghost_deck=deck, ghost_discard=()), text)


def _unlock(state: State) -> State:
    if state.locked is None:
        return state
    line = why.unlocked(todo("lock", "Unlock the {doors}.", doors=cc.DOOR_NAMES[state.locked]))
    return say(replace(state, locked=None), line)


def _moves(player: str, place: str) -> Msg:
    """"Ada moves to room C." (a hallway, outside, a cellar room or a castle room)."""
    if place == cc.HALLWAY:
        return msg("{player} moves into a hallway.", player=player)
    if place == cc.OUTSIDE:
        return msg("{player} moves out of the castle.", player=player)
    if place in cc.CELLAR_ROOMS:
        return msg("{player} moves to cellar room {room}.", player=player, room=place)
    return msg("{player} moves to room {room}.", player=player, room=place)


def _picks_up(player: str, treasure: str, room: str) -> Msg | NewsLine:
    return todo("move", "{player} picks up the {treasure} in room {room}.",
                player=player, treasure=cc.card_label(treasure), room=room)


def _picks_up_marker(player: str, treasure: str, room: str) -> NewsLine:
    """A treasure the companion picked (:func:`markers`): the real tile comes out of the box
    ("When you pick up a treasure, place it in your backpack facing out", "Treasures")."""
    # the treasure last, after a colon: on a paged step it has a page of its own (test_step_floor)
    return todo("move", "{player} picks up a treasure in room {room}. Swap the marker for this one from the box, "
                        "facing out in your backpack: {treasure}.",
                player=player, treasure=cc.card_label(treasure), room=room)


def _fight_dice_news(faces: tuple[str, ...]) -> Msg:
    """"Fight dice: ghost, blank." for the one or two faces rolled."""
    names = [FACE_NAMES[face] for face in faces]
    if len(names) == 1:
        return msg("Fight dice: {face}.", face=names[0])
    return msg("Fight dice: {first}, {second}.", first=names[0], second=names[1])


def _beaten_recap(hunter: Msg | str, count: int, room: str) -> Msg:
    """A haunting beaten, as the game's end recalls it: "Ada beats a haunting in room F."."""
    if count == 1:
        return msg("{player} beats a haunting in room {room}.", player=hunter, room=room)
    return msg("{player} beats two hauntings in room {room}.", player=hunter, room=room)


def _beaten_news(piece: str, count: int, room: str) -> Msg | NewsLine:
    """"One ghost beaten in room C: take it off the board." Each die beats at most one piece
    and a fight rolls one or two dice (notes.md 1.5 "Fighting"), so ``count`` is 1 or 2."""
    if piece == "ghost":
        if count == 1:
            return todo("remove", "One ghost beaten in room {room}: take it off the board.", room=room)
        return todo("remove", "Two ghosts beaten in room {room}: take them off the board.", room=room)
    if count == 1:
        return todo("remove", "One haunting beaten in room {room}: take it off the board.", room=room)
    return todo("remove", "Two hauntings beaten in room {room}: take them off the board.", room=room)
