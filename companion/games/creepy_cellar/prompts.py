"""What the table is asked to do at each step (choices with stable keys, or chance nodes).

Choice keys (a table script's ``{"touch": key}``): ``roll`` and ``fight`` (both also the
dice button), ``move:<place>`` (a room A–N, ``hallway``, ``outside``), ``passage:<room>``,
``done-moving``, ``drop-off``, ``pick-up``, ``put-back`` (Advanced), ``end-turn``, ``remove-ghost:<room>`` (Remove
Ghost card); with real cards or tiles: ``ghost:<card>``, ``king:<card>``, ``cellar:<card>``,
``treasure:<name>``, ``jinxed:<tile>`` (normally picked by tapping the card or tile);
``hunter:<colour>`` (a mover: tapped, or touched).

Reporting a move (issue 4): one touch on the map (``move:<place>``) per move. The board's
corridors and doors are not known to the companion (notes.md 1.5: door colours UNKNOWN),
so a touch is accepted for any place a rule does not forbid; the prompt says how many
movement points are left and which doors are locked, and the table counts the spaces and
keeps off locked doors itself. A table whose movers carry tags may first tap the active
hunter's mover on the tiles reader (``hunter:<colour>``; option ``mover_tags``, off by
default so the screen shows no button for it): the prompt then asks where that
hunter goes, and the touch reports the move. With one reader that is enough: the tap names
the hunter, the touch the place. Tapping another player's mover is refused with whose it
is (``refusals.mover_refusal``). In a 2-player game under ``two_player_turns = choose`` the
tap (or a touch) also picks which of the player's two hunters takes the turn.
"""

from __future__ import annotations

from collections import Counter
from functools import cache, lru_cache, partial

from companion.engine.core import Chance, Choice, Outcome, Prompt
from companion.engine.ending import Ending
from companion.engine.memo import remember_last
from companion.games.creepy_cellar import checks
from companion.games.creepy_cellar import components as cc
from companion.games.creepy_cellar.fight import FACE_NAMES, dice_outcomes, fight_odds
from companion.games.creepy_cellar.state import State, Step
from companion.i18n import Msg, NewsLine, msg, nmsg, press_or_touch

#: The buttons the dice button stands for: a table without one touches them (issue 17 item 7).
ROLL, FIGHT = msg("Roll the die"), msg("Fight!")


@remember_last  # the caller, then the legality check of apply: computed once
def prompt(state: State) -> Prompt:
    """What the table does next (see :class:`Step`)."""
    return _BUILDERS[state.step](state)


def who(state: State) -> Msg | str:
    """The active player, or "Ada's blue hunter" when players move two hunters each (news
    and prompts name the hunter then: issue 19)."""
    if len(state.hunters) > len(state.players):
        return _their_hunter(state.player, state.colour)
    return state.player


@lru_cache(maxsize=64)  # a handful of players and colours a game: made once, not at every prompt and move
def _their_hunter(player: str, colour: str) -> Msg:
    return msg("{player}'s {hunter}", player=player, hunter=cc.HUNTER_NAMES[colour])


def _hunter(state: State) -> Prompt:
    """2 players, ``two_player_turns = choose``: the player picks the hunter for this turn."""
    mine = state.hunters_of(state.active % len(state.players))
    inside = tuple(i for i in mine if not checks.exited(state, i))  # house rule exited_hunters
    choices = tuple(Choice(f"hunter:{cc.HUNTER_COLOURS[i]}", cc.HUNTER_NAMES[cc.HUNTER_COLOURS[i]],
                           component=cc.hunter_component(cc.HUNTER_COLOURS[i]))
                    for i in inside or mine)
    return Prompt(msg("{player}: which hunter takes this turn? Tap its mover or touch it",
                      player=state.player), state.player, choices)


def _roll(state: State) -> Prompt:
    roll, *faces = _roll_choices()
    if not state.options["table_dice"]:
        return Prompt(_roll_text(state), state.player, (roll,))
    # the table's own die: the face shown is touched
    special = state.free or checks.exited(state)
    text = _roll_text(state) if special else msg("{player}: roll the movement die and touch the face it shows",
                                                 player=state.player)
    return Prompt(text, state.player, _roll_choices())


@cache  # the same choices at every roll
def _roll_choices() -> tuple[Choice, ...]:
    """Roll the die (the dice button), then "The die shows 1" ... 6 (a table's own die)."""
    return (Choice("roll", ROLL, button="dice", main=True),
            *(Choice(f"die:{face}", msg("The die shows {face}", face=face)) for face in range(1, 7)))


def _roll_text(state: State) -> Msg | NewsLine:
    player = state.player
    if state.free:
        return press_or_touch(msg("{player}: press the dice button for the free movement", player=player),
                              msg("{player}: touch “{button}” for the free movement", player=player, button=ROLL))
    if checks.exited(state):  # house rule exited_hunters: the roll only flips Ghost cards
        player = who(state)
        return press_or_touch(
            msg("{player} is out of the castle for good: press the dice button to flip Ghost cards for the table",
                player=player),
            msg("{player} is out of the castle for good: touch “{button}” to flip Ghost cards for the table",
                player=player, button=ROLL))
    return _roll_wanted(player)


@lru_cache(maxsize=64)  # once per player, not at every roll
def _roll_wanted(player: str) -> Msg | NewsLine:
    """The roll is due: "Ada: press the dice button" ("Ada: touch “Roll the die”")."""
    return press_or_touch(msg("{player}: press the dice button", player=player),
                          msg("{player}: touch “{button}”", player=player, button=ROLL))


def _die(state: State) -> Prompt:
    return Prompt(_rolls(state.player), state.player, chance=_MOVEMENT_DIE)


_MOVEMENT_DIE = Chance("movement_die", tuple(Outcome(str(face), f"die:{face}") for face in range(1, 7)))


@lru_cache(maxsize=64)
def _rolls(player: str) -> Msg:
    return msg("{player} rolls the movement die", player=player)


def _draw(state: State, deck: tuple[str, ...], source: str, text: Msg, physical: bool) -> Prompt:
    """A draw from a multiset deck: a chance weighted by copies left, or a tap per card."""
    if physical:
        return Prompt(text, state.player, _draw_choices(deck, source))
    return Prompt(text, state.player, chance=_draw_chance(deck, source))


#: The component id of a card or tile drawn, per deck.
_COMPONENT = {"ghost": cc.ghost_component, "king": cc.king_component, "cellar": partial(cc.component, "cellar"),
              "treasure": partial(cc.component, "treasure"), "jinxed": partial(cc.component, "jinxed")}


@lru_cache(maxsize=256)  # a deck's cards change at a draw, not at every prompt of a reveal
def _draw_choices(deck: tuple[str, ...], source: str) -> tuple[Choice, ...]:
    """A tap (or a touch) per different card of ``deck``, in name order."""
    return tuple(_draw_choice(source, card) for card in sorted(Counter(deck)))


@lru_cache(maxsize=256)  # a choice per card, shared by every draw that offers it
def _draw_choice(source: str, card: str) -> Choice:
    return Choice(f"{source}:{card}", cc.card_label(card), component=_COMPONENT[source](card))


@lru_cache(maxsize=256)
def _draw_chance(deck: tuple[str, ...], source: str) -> Chance:
    """A draw from ``deck`` weighted by the copies of each card, in name order."""
    outcomes = tuple(Outcome(card, f"{source}:{card}", n) for card, n in sorted(Counter(deck).items()))
    return Chance(source, outcomes)


#: What a draw asks of the active player, per deck.
_DRAW_TEXTS = {
    "ghost": lambda player: msg("{player}: flip the top Ghost card and tap it on the reader", player=player),
    "king": lambda player: msg("{player}: flip the top Ghost King card and tap it on the reader", player=player),
    "cellar": lambda player: msg("{player}: draw a Cellar card and tap it on the reader", player=player),
    "treasure": lambda player: msg("{player}: turn the treasure over and tap it (or choose it)", player=player),
    "jinxed": lambda player: msg("{player}: take a Jinxed Item tile and tap it (or choose it)", player=player),
}


@lru_cache(maxsize=256)  # once per player and deck, not at every draw
def _draw_text(source: str, player: str) -> Msg:
    return _DRAW_TEXTS[source](player)


def _reveal(state: State) -> Prompt:
    return _draw(state, state.ghost_deck, "ghost", _draw_text("ghost", state.player), state.physical)


def _king(state: State) -> Prompt:
    return _draw(state, state.king_deck, "king", _draw_text("king", state.player), state.physical)


def _cellar(state: State) -> Prompt:
    return _draw(state, state.cellar_deck, "cellar", _draw_text("cellar", state.player), state.physical)


def _treasure(state: State) -> Prompt:
    return _draw(state, state.treasures, "treasure", _draw_text("treasure", state.player), state.physical_tiles)


def _jinxed(state: State) -> Prompt:
    return _draw(state, state.jinxed_pile, "jinxed", _draw_text("jinxed", state.player), state.physical_tiles)


def _move(state: State) -> Prompt:
    targets, passages = checks.move_targets(state), checks.passage_targets(state)
    # the mover (tags) is offered while the hunter can move
    mover = state.colour if (targets or passages) and not state.held and state.options["mover_tags"] else None
    drop = (len(state.cellar) + 1 if state.options["cellar_turn_order"] == "drop_first" and checks.can_drop_off(state)
            else None)
    finished = checks.rest_of_turn_empty(state)
    return Prompt(_move_text(state, finished), state.player, _move_choices(targets, passages, mover, drop, finished))


@lru_cache(maxsize=1024)  # the move step's choices depend on these alone: made once, not at every touch
def _move_choices(targets: tuple[str, ...], passages: tuple[str, ...], mover: str | None, drop: int | None,
                  finished: bool) -> tuple[Choice, ...]:
    """A place per move target, a secret passage per room, the active hunter's mover (tags),
    Drop off (``drop_first``), then End turn or Done moving."""
    choices = [_move_to(place) for place in targets]
    choices += [_passage_to(room) for room in passages]
    if mover is not None:  # while the hunter can move
        choices.append(Choice(f"hunter:{mover}", cc.HUNTER_NAMES[mover], component=cc.hunter_component(mover)))
    if drop is not None:
        choices.append(_drop_off_in(drop))
    # the expected next step is a move while there is one (issue 29: End turn was the big
    # button right after the roll); stopping is the main step only when no move is left
    stop = not targets
    choices.append(Choice("end-turn", msg("End turn"), main=stop) if finished
                   else Choice("done-moving", msg("Done moving"), main=stop))
    return tuple(choices)


@cache  # a choice per place, shared by every move step that offers it
def _move_to(place: str) -> Choice:
    return Choice(f"move:{place}", _place_label(place))


@cache
def _passage_to(room: str) -> Choice:
    return Choice(f"passage:{room}", msg("Secret passage to {room}", room=room))


def _move_text(state: State, finished: bool) -> Msg:
    """The move step's sentence (:func:`_move_sentence`), from what it depends on."""
    moves = state.moves
    if moves <= 0:
        stuck = "spent" if state.die and checks.movement(state, state.die) > 0 else "none"
    elif checks.leaving_blocked(state):
        stuck = checks.blocker(state)
    else:
        stuck = None
    two, out = len(state.hunters) > len(state.players), finished and checks.exited(state)
    if out or stuck is not None:  # (what the sentence does not say is left out: one sentence, one object)
        return _move_sentence(state.player, state.colour if two else "", two, state.hunter.at, 0,
                              None if out else stuck, out, finished, False, None)
    held = state.held
    return _move_sentence(state.player, state.colour if two or held else "", two, state.hunter.at, moves, None,
                          False, finished, held, state.locked)


@lru_cache(maxsize=1024)
def _move_sentence(player: str, colour: str, two: bool, at: str, moves: int, stuck: Msg | str | None, out: bool,
                   finished: bool, held: bool, locked: str | None) -> Msg:
    """"Ada (in room B): move up to 3, then Done moving"; a hunter who cannot move is told
    so as a sentence of its own: "Ada (in room A) has no moves left: touch End turn".
    ``colour``: the active hunter's (``two``: players move two each); ``stuck``: ``spent`` (no moves
    left), ``none`` (no move this turn), what holds the hunter in the room, or None."""
    who = _their_hunter(player, colour) if two else player
    where = cc.place_text(at)
    if out:  # stepped out for good with moves left: as after the move
        return msg("{player} is out of the castle for good: End turn", player=who)
    if stuck is not None:
        move = _stuck(who, where, stuck)
        return msg("{move}: touch End turn", move=move) if finished else msg("{move}: touch Done moving", move=move)
    move = _moving(who, where, moves, held, colour, locked)
    return msg("{move}, then End turn", move=move) if finished else msg("{move}, then Done moving", move=move)


def _stuck(player: Msg | str, where: str, stuck: Msg | str) -> Msg:
    """Why the hunter cannot move now."""
    if stuck == "spent":
        return msg("{player} ({where}) has no moves left", player=player, where=where)
    if stuck == "none":
        return msg("{player} ({where}) cannot move this turn", player=player, where=where)
    return msg("{player} ({where}) cannot leave a room with {blocker} in it while holding that treasure",
               player=player, where=where, blocker=stuck)


def _moving(player: Msg | str, where: str, moves: int, held: bool, colour: str, locked: str | None) -> Msg:
    """How far the hunter may move: "Ada (in room B): move up to 3"."""
    if held and locked:
        return nmsg("{player} ({where}): touch where the {hunter} goes, up to {n} space; {doors} are locked",
                    "{player} ({where}): touch where the {hunter} goes, up to {n} spaces; {doors} are locked", "n",
                    player=player, where=where, hunter=cc.HUNTER_NAMES[colour], n=moves,
                    doors=cc.DOOR_NAMES[locked])
    if held:
        return nmsg("{player} ({where}): touch where the {hunter} goes, up to {n} space",
                    "{player} ({where}): touch where the {hunter} goes, up to {n} spaces", "n",
                    player=player, where=where, hunter=cc.HUNTER_NAMES[colour], n=moves)
    spaces = moves  # what is left of the roll: each reported move takes one
    if locked:
        return msg("{player} ({where}): move up to {spaces}; {doors} are locked",
                   player=player, where=where, spaces=spaces, doors=cc.DOOR_NAMES[locked])
    return msg("{player} ({where}): move up to {spaces}", player=player, where=where, spaces=spaces)


def _fight(state: State) -> Prompt:
    room = state.hunter.at
    hunters = state.hunters_at(room)
    chance, _clear = fight_odds(state.ghosts_in(room), state.hauntings_in(room), hunters,
                                bool(state.options["haunting_face_beats_ghost"]))
    percent = round(100 * chance)
    words = dict(player=state.player, room=room, percent=percent)
    if hunters >= 2:
        text = press_or_touch(
            msg("{player}: fight in room {room}: press the dice button to roll two fight dice"
                " ({percent}% to beat something)", **words),
            msg("{player}: fight in room {room}: touch “{button}” to roll two fight dice"
                " ({percent}% to beat something)", button=FIGHT, **words))
    else:
        text = press_or_touch(
            msg("{player}: fight in room {room}: press the dice button to roll the fight die"
                " ({percent}% to beat something)", **words),
            msg("{player}: fight in room {room}: touch “{button}” to roll the fight die"
                " ({percent}% to beat something)", button=FIGHT, **words))
    fight = Choice("fight", FIGHT, button="dice", main=True)
    if state.options["table_dice"]:  # the table's own fight dice: the faces shown are touched
        dice = dice_outcomes(2 if hunters >= 2 else 1)
        faces = tuple(Choice(f"fight-dice:{name}", _faces_label(name)) for name, _ in dice)
        text = msg("{player}: fight in room {room}: roll and touch the faces shown ({percent}% to beat something)",
                   **words)
        return Prompt(text, state.player, (fight,) + faces)
    return Prompt(text, state.player, (fight,))


def _faces_label(name: str) -> Msg:
    """"The dice show ghost and blank" for ``ghost+blank``; "The die shows ghost"."""
    faces = [FACE_NAMES[face] for face in name.split("+")]
    if len(faces) == 1:
        return msg("The die shows {face}", face=faces[0])
    return msg("The dice show {first} and {second}", first=faces[0], second=faces[1])


def _fight_dice(state: State) -> Prompt:
    dice = 2 if state.hunters_at(state.hunter.at) >= 2 else 1
    outcomes = tuple(Outcome(name, f"fight-dice:{name}", weight) for name, weight in dice_outcomes(dice))
    return Prompt(msg("{player} rolls the fight dice", player=state.player), state.player,
                  chance=Chance("fight_dice", outcomes))


def _after(state: State) -> Prompt:
    choices = []
    if state.options["cellar_turn_order"] == "reference" and checks.can_drop_off(state):
        choices.append(_drop_off_choice(state))
    if checks.can_pick_up(state):
        choices.append(Choice("pick-up", msg("Pick up the treasure in {room}", room=state.hunter.at)))
    if checks.can_put_back(state):
        choices.append(Choice("put-back", msg("Put the {treasure} down here",
                                              treasure=cc.card_label(state.hunter.treasure))))
    choices.append(Choice("end-turn", msg("End turn"), main=True))
    if checks.exited(state):
        return Prompt(msg("{player} is out of the castle for good: End turn", player=who(state)),
                      state.player, tuple(choices))
    if len(choices) == 1:
        return Prompt(msg("{player}: End turn", player=state.player), state.player, tuple(choices))
    return Prompt(_after_text(state, choices[0].key), state.player, tuple(choices))


def _after_text(state: State, offered: str) -> Msg:
    """The after-move prompt names only what is possible (issue 19)."""
    if offered == "drop-off":
        return msg("{player}: drop off the treasure, or End turn", player=who(state))
    if offered == "pick-up":
        return msg("{player}: pick up the treasure, or End turn", player=who(state))
    return msg("{player}: put the treasure down here, or End turn", player=who(state))


def _passage_tile(state: State) -> Prompt:
    """After a Jinxed Item is dropped: which discarded passage tile comes back, or none."""
    home = state.options["jinxed_passage_room"] == "home"
    choices = tuple(Choice(f"passage-tile:{room}", msg("Tile back in room {room}", room=room) if home
                           else msg("A tile in room {room}", room=room))
                    for room in checks.tiles_back(state))
    choices += (Choice("passage-tile:none", msg("No tile")),)
    return Prompt(msg("{player}: you may put a discarded secret passage tile back. Which one?",
                      player=state.player), state.player, choices)


def _drop_off_choice(state: State) -> Choice:
    return _drop_off_in(len(state.cellar) + 1)


@lru_cache(maxsize=32)
def _drop_off_in(slot: int) -> Choice:
    return Choice("drop-off", msg("Drop off in slot {slot}", slot=slot))


def _remove(state: State) -> Prompt:
    choices = tuple(Choice(f"remove-ghost:{room}", msg("Remove a ghost from {room}", room=room))
                    for room in cc.ROOMS if state.ghosts_in(room))
    return Prompt(msg("{player}: choose a ghost to remove (not the Ghost King)", player=state.player),
                  state.player, choices)


def summary(state: State) -> Msg | None:
    """How the game ended, for the game-over panel (:meth:`Game.summary`); None while it goes on."""
    if state.step != Step.OVER:
        return None
    if state.outcome == "won":
        return msg("The hunters won!")
    return msg("{limit} hauntings are on the board and the hunters lost.", limit=cc.HAUNTING_LIMIT)


def ending(state: State) -> Ending | None:
    """How the game ended, for the game-over panel (:meth:`Game.ending`): the hunters, the
    whole table, won or lost; None while it goes on."""
    if state.step != Step.OVER:
        return None
    return Ending("won" if state.outcome == "won" else "lost")


def _over(state: State) -> Prompt:
    if state.outcome == "won":
        return Prompt(msg("The game is over: the hunters won!"), over=True)
    return Prompt(
        msg("The game is over: {limit} hauntings are on the board and the hunters lost.",
            limit=cc.HAUNTING_LIMIT),
        over=True,
    )


@cache  # a place per room, hallway and outside
def _place_label(place: str) -> Msg:
    """A place as a move choice's label ("Room C", "Cellar M", "Hallway")."""
    if place == cc.HALLWAY:
        return msg("Hallway")
    if place == cc.OUTSIDE:
        return msg("Out of the castle")
    return msg("Cellar {room}", room=place) if place in cc.CELLAR_ROOMS else msg("Room {room}", room=place)


_BUILDERS = {
    Step.HUNTER: _hunter,
    Step.ROLL: _roll,
    Step.DIE: _die,
    Step.REVEAL: _reveal,
    Step.KING: _king,
    Step.MOVE: _move,
    Step.FIGHT: _fight,
    Step.FIGHT_DICE: _fight_dice,
    Step.AFTER: _after,
    Step.TREASURE: _treasure,
    Step.CELLAR: _cellar,
    Step.JINXED: _jinxed,
    Step.PASSAGE_TILE: _passage_tile,
    Step.REMOVE: _remove,
    Step.OVER: _over,
}
