"""What the active hunter may do now: the checks both prompts and rules use.

Each function reads a :class:`State` and says yes or no (or lists places); the rulebook
section each follows is named in its docstring.
"""

from __future__ import annotations

from companion.games.creepy_cellar import components as cc
from companion.games.creepy_cellar.state import State
from companion.i18n import Msg, msg


def leaving_blocked(state: State) -> bool:
    """"You cannot leave a room with a green ghost or a haunting in it while holding this
    treasure" ("Cursed Treasures"); house rule ``cursed_leave_counts_king`` (notes.md 3.E
    F-A4) counts the Ghost King too."""
    hunter = state.hunter
    if hunter.power != cc.NO_LEAVE or hunter.at not in cc.ROOMS:
        return False
    if state.ghosts_in(hunter.at) or state.hauntings_in(hunter.at):
        return True
    return bool(state.options["cursed_leave_counts_king"]) and state.king == hunter.at


def blocker(state: State) -> Msg:
    """What holds a hunter with the no-leave cursed treasure in the room: a haunting, a
    ghost, or the Ghost King (house rule ``cursed_leave_counts_king``)."""
    room = state.hunter.at
    if state.hauntings_in(room):
        return msg("a haunting")
    if state.ghosts_in(room):
        return msg("a ghost")
    return msg("the Ghost King")


def move_targets(state: State) -> tuple[str, ...]:
    """Places the hunter may report moving to (the board's corridors and doors are not
    known to the companion, notes.md 1.5, so any place is accepted except where a rule
    forbids it): not with no movement points, not out of a room a cursed treasure holds
    the hunter in, not outside before the front doors open (:func:`doors_open`) nor while
    holding a Jinxed Item ("Cellar Cards")."""
    if state.moves <= 0 or leaving_blocked(state) or exited(state):
        return ()
    hunter = state.hunter
    places = [p for p in cc.PLACES if p != hunter.at]
    if (hunter.jinxed or not doors_open(state)) and cc.OUTSIDE in places:
        places.remove(cc.OUTSIDE)
    return tuple(places)


def doors_open(state: State) -> bool:
    """"The front doors locked the moment you entered and the only way to open it is to take
    the treasures down to the Cellar rooms" ("Object of the Game"): nobody steps out of the
    castle before every treasure is in the cellar."""
    return len(state.cellar) == state.total_treasures


def exited(state: State, index: int | None = None) -> bool:
    """Hunter ``index`` (the active one by default) has left the castle for good: it is
    outside once the front doors are open (before that, outside is the front door it starts
    at). House rule ``exited_hunters = out_for_good``; ``keep_turns`` never says so."""
    hunter = state.hunter if index is None else state.hunters[index]
    return (state.options["exited_hunters"] == "out_for_good" and hunter.at == cc.OUTSIDE
            and doors_open(state))


def passage_targets(state: State) -> tuple[str, ...]:
    """Rooms a secret passage leads to ("Secret Passages": from a room with a tile, one
    movement point, to any other room with a tile); not with the cursed treasure that
    forbids secret passages (house rule ``cursed_passage_scope``, notes.md 3.E F-A3)."""
    hunter = state.hunter
    if state.moves <= 0 or hunter.at not in state.passages or leaving_blocked(state):
        return ()
    if hunter.power == cc.NO_PASSAGE and state.options["cursed_passage_scope"] in ("secret", "both"):
        return ()
    return tuple(room for room in state.passages if room != hunter.at)


def tiles_back(state: State) -> tuple[str, ...]:
    """Rooms a discarded secret passage tile may go back to as the active hunter gets rid of
    a Jinxed Item ("Jinxed Item": "you may place a previously discarded secret passage tile
    in its indicated room. If there are no available secret passage tiles, ignore this
    step"): the tile's own room (A, F, G, K) for each tile used up (house rule
    ``jinxed_passage_room = home``), or the Jinxed Item's room (``jinxed_room``)."""
    if len(state.passages) >= len(cc.PASSAGE_ROOMS):
        return ()
    if state.options["jinxed_passage_room"] == "home":
        return tuple(room for room in cc.PASSAGE_ROOMS if room not in state.passages)
    room = state.hunter.at
    return () if room in state.passages else (room,)


def trap_door_immune(state: State) -> bool:
    """The "You Cannot Use Trap Doors" icon (notes.md 3.E F-A3): with
    ``cursed_passage_scope`` ``trapdoor`` or ``both`` the Trap Door card does not move a
    hunter holding that treasure."""
    return (state.hunter.power == cc.NO_PASSAGE
            and state.options["cursed_passage_scope"] in ("trapdoor", "both"))


def can_drop_off(state: State) -> bool:
    """"All treasures must be dropped off in the numbered spaces in the two cellar rooms
    ... players must fill the spots in numerical order" ("Dropping Off a Treasure"); in
    Advanced mode treasure k goes only into slot k ("Alternate Modes"). A Jinxed Item
    blocks it only under ``jinxed_with_treasure = false`` (notes.md 3.E F-A10)."""
    hunter = state.hunter
    if hunter.at not in cc.CELLAR_ROOMS or hunter.treasure is None or state.dropped:
        return False
    if hunter.jinxed and not state.options["jinxed_with_treasure"]:
        return False
    number = cc.treasure_number(hunter.treasure)
    return number is None or number == len(state.cellar) + 1


def can_pick_up(state: State) -> bool:
    """A treasure can be picked up in a castle room whose treasure is still there, by a
    hunter with an empty backpack and no Jinxed Item ("Cellar Cards"); "You must fight the
    ghosts in the room before picking up the treasure" ("Treasures"; house rule
    ``pickup_requires_clear``, notes.md 3.E F-A12). Which rooms hold the 8 original
    treasures is not known (notes.md 1.5), so in Basic and Advanced any room not yet
    emptied qualifies while treasures remain."""
    hunter = state.hunter
    room = hunter.at
    if state.picked or room not in cc.CASTLE:
        return False
    if state.laid_in(room) is None and (room in state.taken or not state.treasures):
        return False
    if hunter.treasure is not None or hunter.jinxed is not None:
        return False
    if state.options["pickup_requires_clear"] and (state.ghosts_in(room) or state.hauntings_in(room)):
        return False
    return True


def can_put_back(state: State) -> bool:
    """Advanced mode only lets treasure k into slot k, and a hunter carries one treasure;
    the rulebook gives no way to get rid of a wrong number, so house rule
    ``advanced_put_back`` lets a hunter put it back face-up in an emptied castle room (any
    hunter can pick it up there later)."""
    hunter = state.hunter
    if state.mode != "advanced" or not state.options["advanced_put_back"] or state.picked:
        return False
    if hunter.treasure is None or hunter.at not in cc.CASTLE or state.laid_in(hunter.at):
        return False
    if hunter.at not in state.taken:
        return False
    return cc.treasure_number(hunter.treasure) != len(state.cellar) + 1


def fight_due(state: State) -> Msg | str | None:
    """Why no fight happens in the hunter's place, or None when the fight dice are due.

    "Fighting" (notes.md 1.5): ghosts can be fought by one hunter, a haunting only by two
    or more; "You can't fight alone" cursed treasure ("Cursed Treasures").

    Returns:
        None if a fight is due; otherwise "" when there is nothing to fight, or a sentence
        saying why the hunter cannot fight.
    """
    hunter = state.hunter
    room = hunter.at
    ghosts, hauntings = state.ghosts_in(room), state.hauntings_in(room)
    if not ghosts and not hauntings:
        return ""
    together = state.hunters_at(room) >= 2
    if hunter.power == cc.NO_FIGHT_ALONE and not together:
        return msg("{player} holds a treasure that cannot fight alone: no fight in room {room}.",
                   player=state.player, room=room)
    if not ghosts and not together:
        return msg("A haunting needs two hunters to fight it: no fight in room {room}.", room=room)
    return None


def jinxed_drop_due(state: State) -> bool:
    """"To get rid of the Jinxed Item, you must drop it off in the room indicated on the
    back of the tile" ("Jinxed Item")."""
    jinxed = state.hunter.jinxed
    return jinxed is not None and state.hunter.at == jinxed[len("jinxed-"):]


def rest_of_turn_empty(state: State) -> bool:
    """True when, after moving, nothing would be left to do: no fight due, no Jinxed Item
    to drop, no treasure to drop off or pick up, no reason to tell why a fight cannot
    happen. The move step then offers End turn."""
    if fight_due(state) != "" or jinxed_drop_due(state) or can_pick_up(state) or can_put_back(state):
        return False
    return state.options["cellar_turn_order"] == "drop_first" or not can_drop_off(state)


def won(state: State) -> bool:
    """"Once all Treasures are safely placed in the cellar and all players have exited the
    castle, everyone wins!" ("Winning the Game")."""
    return (len(state.cellar) == state.total_treasures
            and all(h.at == cc.OUTSIDE for h in state.hunters))


def movement(state: State, face: int) -> int:
    """Movement points for a die face: "Subtract 1 from your movement rolls while holding
    this treasure" ("Cursed Treasures"), never below 0."""
    return max(0, face - 1) if state.hunter.power == cc.MINUS_ONE else face


def cards_for(state: State, face: int) -> int:
    """Ghost cards a movement roll flips: faces 1–5 flip one (notes.md 1.5), one more with
    the extra-card cursed treasure; "A roll of a 6 on the movement die still means that you
    draw no cards" ("Cursed Treasures"); none on a Free Movement roll ("Cellar Cards")."""
    if face == 6 or state.free:
        return 0
    return 2 if state.hunter.power == cc.EXTRA_CARD else 1
