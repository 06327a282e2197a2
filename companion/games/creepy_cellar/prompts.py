"""What the table is asked to do at each step (choices with stable keys, or chance nodes).

Choice keys (a table script's ``{"touch": key}``): ``roll`` and ``fight`` (both also the
dice button), ``move:<place>`` (a room A–N, ``hallway``, ``outside``), ``passage:<room>``,
``done-moving``, ``drop-off``, ``pick-up``, ``put-back`` (Advanced), ``end-turn``, ``remove-ghost:<room>`` (Remove
Ghost card); with real cards or tiles: ``ghost:<card>``, ``king:<card>``, ``cellar:<card>``,
``treasure:<name>``, ``jinxed:<tile>`` (normally picked by tapping the card or tile).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from companion.engine.core import Chance, Choice, Outcome, Prompt
from companion.games.creepy_cellar import checks
from companion.games.creepy_cellar import components as cc
from companion.games.creepy_cellar.fight import dice_outcomes, fight_odds
from companion.games.creepy_cellar.state import State, Step


def prompt(state: State) -> Prompt:
    """What the table does next (see :class:`Step`)."""
    return _BUILDERS[state.step](state)


def _roll(state: State) -> Prompt:
    roll = Choice("roll", "Roll the die", button="dice")
    if state.free:
        return Prompt(f"{state.player}: press the dice button for the free movement", state.player, (roll,))
    return Prompt(f"{state.player}: press the dice button", state.player, (roll,))


def _die(state: State) -> Prompt:
    faces = tuple(Outcome(str(face), f"die:{face}") for face in range(1, 7))
    return Prompt(f"{state.player} rolls the movement die", state.player,
                  chance=Chance("movement_die", faces))


def _draw(state: State, deck: tuple[str, ...], source: str, text: str,
          physical: bool, component: Callable[[str], str]) -> Prompt:
    """A draw from a multiset deck: a chance weighted by copies left, or a tap per card."""
    counts = Counter(deck)
    if physical:
        choices = tuple(
            Choice(f"{source}:{card}", cc.card_label(card), component=component(card))
            for card in sorted(counts)
        )
        return Prompt(text, state.player, choices)
    outcomes = tuple(Outcome(card, f"{source}:{card}", n) for card, n in sorted(counts.items()))
    return Prompt(text, state.player, chance=Chance(source, outcomes))


def _reveal(state: State) -> Prompt:
    text = f"{state.player}: flip the top Ghost card and tap it on the reader"
    return _draw(state, state.ghost_deck, "ghost", text, state.physical, cc.ghost_component)


def _king(state: State) -> Prompt:
    text = f"{state.player}: flip the top Ghost King card and tap it on the reader"
    return _draw(state, state.king_deck, "king", text, state.physical, cc.king_component)


def _cellar(state: State) -> Prompt:
    text = f"{state.player}: draw a Cellar card and tap it on the reader"
    return _draw(state, state.cellar_deck, "cellar", text, state.physical,
                 lambda card: cc.component("cellar", card))


def _treasure(state: State) -> Prompt:
    text = f"{state.player}: turn the treasure over and tap it (or choose it)"
    return _draw(state, state.treasures, "treasure", text, state.physical_tiles,
                 lambda name: cc.component("treasure", name))


def _jinxed(state: State) -> Prompt:
    text = f"{state.player}: take a Jinxed Item tile and tap it (or choose it)"
    return _draw(state, state.jinxed_pile, "jinxed", text, state.physical_tiles,
                 lambda tile: cc.component("jinxed", tile))


def _move(state: State) -> Prompt:
    hunter = state.hunter
    choices = [Choice(f"move:{place}", _place_label(place)) for place in checks.move_targets(state)]
    choices += [Choice(f"passage:{room}", f"Secret passage to {room}")
                for room in checks.passage_targets(state)]
    if state.options["cellar_turn_order"] == "drop_first" and checks.can_drop_off(state):
        choices.append(Choice("drop-off", f"Drop off in slot {len(state.cellar) + 1}"))
    finished = checks.rest_of_turn_empty(state)
    choices.append(Choice("end-turn", "End turn") if finished else Choice("done-moving", "Done moving"))
    where = _place_text(hunter.at)
    if state.moves <= 0:
        move = f"{state.player} ({where}) cannot move this turn"
    elif checks.leaving_blocked(state):
        move = f"{state.player} ({where}) cannot leave a room with a ghost while holding that treasure"
    else:
        locked = f"; {state.locked} doors are locked" if state.locked else ""
        spaces = checks.movement(state, state.die or 0)
        move = f"{state.player} ({where}): move up to {spaces}{locked}"
    then = "End turn" if finished else "Done moving"
    return Prompt(f"{move}, then {then}", state.player, tuple(choices))


def _fight(state: State) -> Prompt:
    room = state.hunter.at
    hunters = state.hunters_at(room)
    dice = "two fight dice" if hunters >= 2 else "the fight die"
    chance, _clear = fight_odds(state.ghosts_in(room), state.hauntings_in(room), hunters,
                                bool(state.options["haunting_face_beats_ghost"]))
    text = (f"{state.player}: fight in room {room}: press the dice button to roll {dice}"
            f" ({round(100 * chance)}% to beat something)")
    return Prompt(text, state.player, (Choice("fight", "Fight!", button="dice"),))


def _fight_dice(state: State) -> Prompt:
    dice = 2 if state.hunters_at(state.hunter.at) >= 2 else 1
    outcomes = tuple(Outcome(name, f"fight-dice:{name}", weight) for name, weight in dice_outcomes(dice))
    return Prompt(f"{state.player} rolls the fight dice", state.player,
                  chance=Chance("fight_dice", outcomes))


def _after(state: State) -> Prompt:
    choices = []
    if state.options["cellar_turn_order"] == "reference" and checks.can_drop_off(state):
        choices.append(Choice("drop-off", f"Drop off in slot {len(state.cellar) + 1}"))
    if checks.can_pick_up(state):
        choices.append(Choice("pick-up", f"Pick up the treasure in {state.hunter.at}"))
    if checks.can_put_back(state):
        choices.append(Choice("put-back", f"Put the {cc.card_label(state.hunter.treasure)} down here"))
    choices.append(Choice("end-turn", "End turn"))
    if len(choices) == 1:
        return Prompt(f"{state.player}: End turn", state.player, tuple(choices))
    return Prompt(f"{state.player}: drop off or pick up a treasure, or End turn", state.player,
                  tuple(choices))


def _remove(state: State) -> Prompt:
    choices = tuple(Choice(f"remove-ghost:{room}", f"Remove a ghost from {room}")
                    for room in cc.ROOMS if state.ghosts_in(room))
    return Prompt(f"{state.player}: choose a ghost to remove (not the Ghost King)", state.player, choices)


def _over(state: State) -> Prompt:
    if state.outcome == "won":
        return Prompt("The game is over: the hunters won!", over=True)
    return Prompt(
        f"The game is over: {cc.HAUNTING_LIMIT} hauntings are on the board and the hunters lost.",
        over=True,
    )


def _place_label(place: str) -> str:
    if place == cc.HALLWAY:
        return "Hallway"
    if place == cc.OUTSIDE:
        return "Out of the castle"
    return f"Cellar {place}" if place in cc.CELLAR_ROOMS else f"Room {place}"


def _place_text(place: str) -> str:
    if place == cc.HALLWAY:
        return "in a hallway"
    if place == cc.OUTSIDE:
        return "outside"
    return f"in cellar room {place}" if place in cc.CELLAR_ROOMS else f"in room {place}"


_BUILDERS = {
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
    Step.REMOVE: _remove,
    Step.OVER: _over,
}
