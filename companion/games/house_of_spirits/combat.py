"""Attacking a monster and its retaliation ("Attack a Monster", "Combat Example").

Player: base attack + offensive items + 1D6 against the monster's defence + 1D6. Above
the defence total: one wound; above 6 + defence: a critical hit that kills. A surviving
monster strikes back: its attack + 1D6 against the player's defence + defensive items
(chosen before the monster's roll) + 1D6. Items used are discarded after the retaliation.
House rules: ``monster_crit`` (H-A3), ``excess_monsters`` (H-A4), ``reroll_limit``.
"""

from __future__ import annotations

from companion.engine.draft import replace, say
from companion.engine.tuples import put
from companion.games.house_of_spirits import components as hc
from companion.games.house_of_spirits import why
from companion.games.house_of_spirits.flow import end_turn, request_roll
from companion.games.house_of_spirits.scoring import add_points, kill_character
from companion.games.house_of_spirits.state import (
    Roll,
    State,
    begin_action,
    change_action,
    discard_items,
)
from companion.i18n import msg, notable, todo

#: ``_once(key, make, *args)`` / ``_with_cards(content, key, make, *args)``: a news line made once
#: for what it says (:data:`why.LINES`); a line that reads card data is kept with the ``content``.
_once, _with_cards = why.LINES.get, why.LINES.of


def remaining_actors(state: State) -> int:
    """Players still to act this round, the active one included (dead ones skip under H-A8)."""
    order = state.order()[state.turn:]
    if state.options["death_skip"] == "revive_at_turn":
        return len(order)
    return sum(1 for p in order if not state.dead[p] or p == state.active)


def attack_targets(state: State) -> tuple[tuple[str, ...], bool]:
    """(monsters the active player may attack, whether attacking is compulsory).

    "Each monster MUST be attacked by at least one player each round": when the monsters
    not yet attacked are at least as many as the players still to act, the active player
    must attack. Under ``excess_monsters=unattacked_first`` he must pick one not yet
    attacked; under ``any_monster`` any monster will do once everyone must attack.
    """
    monsters = state.monsters()
    waiting = tuple(m for m in monsters if m not in state.attacked)
    forced = bool(waiting) and len(waiting) >= remaining_actors(state)
    if forced and state.options["excess_monsters"] == "unattacked_first":
        return waiting, True
    return monsters, forced


def offensive_items(state: State, player: int, monster: str) -> tuple[str, ...]:
    """Items in the hand with an attack bonus against ``monster``."""
    return tuple(card for card in state.hand(player) if state.item_bonus(card, "attack", monster) > 0)


def defensive_items(state: State, player: int) -> tuple[str, ...]:
    """Items in the hand with a defence bonus, not already used in this attack."""
    used = state.pending.items if state.pending else ()
    return tuple(card for card in state.hand(player) if state.card(card).defence > 0 and card not in used)


def start_attack(state: State, monster: str) -> State:
    """The active player attacks ``monster``: choose offensive items, then roll."""
    return request_roll(begin_action(state, "attack", target=monster), Roll.ATTACK, state.active)


def may_reroll(state: State) -> bool:
    """Olivia "can re-roll attacks": once per attack, or once per game (``reroll_limit``)."""
    character = state.character_card(state.active)
    if character.ability != "reroll-attack" or state.action.rerolled:
        return False
    return state.options["reroll_limit"] == "per_attack" or not state.ability_used[state.active]


def on_attack_roll(state: State, face: int) -> State:
    """The player's attack die; a player who may re-roll chooses to keep it or roll again."""
    pending = state.action
    state = change_action(state, dice=pending.dice + (face,))
    player = state.player
    if may_reroll(state):
        per_game = state.options["reroll_limit"] == "per_game"
        line = _once(("reroll offered", player, face, per_game), _reroll_offered, player, face, per_game)
        return request_roll(say(state, line), Roll.REROLL, state.active)
    return _attack_total(say(state, _once(("attack die", player, face), _attack_die, player, face)))


def _reroll_offered(player: str, face: int, per_game: bool):
    return why.reroll_offered(msg("{player} rolled {face} to attack.", player=player, face=face), face, per_game)


def _attack_die(player: str, face: int):
    return why.attack_die(msg("{player} rolled {face} to attack.", player=player, face=face), face)


def keep_attack_die(state: State) -> State:
    """The re-roll is declined ("chooses to keep her 3")."""
    kept = msg("{player} keeps the {face}.", player=state.player, face=state.action.dice[-1])
    return _attack_total(say(state, kept))


def on_reroll(state: State, face: int) -> State:
    """The attack die is rolled again; the new face counts."""
    pending = state.action
    state = replace(change_action(state, dice=pending.dice[:-1] + (face,), rerolled=True),
                    ability_used=put(state.ability_used, state.active, True))
    return _attack_total(say(state, why.rerolled(msg("{player} re-rolls: {face}.", player=state.player, face=face),
                                                 face)))


def _attack_total(state: State) -> State:
    pending, player = state.action, state.active
    monster = pending.target
    base = state.character_card(player).attack
    bonus = sum(state.item_bonus(item, "attack", monster) for item in pending.items)
    total = base + bonus + pending.dice[-1]
    state = replace(change_action(state, score=total),
                    attacked=state.attacked + ((monster,) if monster not in state.attacked else ()))
    defence = state.card(monster).defence
    face = pending.dice[-1]
    attack_stand_ins = state.stand_ins(state.character_card(player).id, *pending.items)  # words18
    fight = fight_stand_ins(state)
    state = say(state, _once(("attack total", base, bonus, face, total, defence, attack_stand_ins, fight),
                             _attack_total_line, base, bonus, face, total, defence, attack_stand_ins, fight))
    if total > defence + 6:  # "the monster has no chance of defending against it": no defence die
        line = _once(("critical", total, defence, fight), _critical_line, total, defence, fight)
        return _monster_killed(say(state, line), critical_hit=True)
    return request_roll(state, Roll.MONSTER_DEFENCE, player)


def _attack_total_line(base: int, bonus: int, face: int, total: int, defence: int, attack_stand_ins: bool,
                       fight: bool):
    numbers = {"base": base, "bonus": bonus, "face": face, "total": total}
    if attack_stand_ins:  # words18
        line = msg("Attack with placeholder numbers: {base} + {bonus} (items) + {face} (die) = {total}.", **numbers)
    else:
        line = msg("Attack: {base} + {bonus} (items) + {face} (die) = {total}.", **numbers)
    return why.attack_total(line, base, bonus, face, total, defence, fight)


def _critical_line(total: int, defence: int, fight: bool):
    if fight:  # words19: a total or a defence from a placeholder
        line = msg("Critical hit with placeholder numbers: {score} is more than 6 + {defence}, so the monster "
                   "cannot defend: no defence roll.", score=total, defence=defence)
    else:
        line = msg("Critical hit: {score} is more than 6 + {defence}, so the monster cannot defend: no defence "
                   "roll.", score=total, defence=defence)
    return why.critical(line, total, defence, fight)


def on_monster_defence(state: State, face: int) -> State:
    """The monster's defence die: a hit wounds, a critical kills, a survivor retaliates."""
    pending, player = state.action, state.active
    monster = state.card(pending.target)
    defence = monster.defence + face
    state = change_action(state, dice=pending.dice + (face,), against=defence)
    fight = fight_stand_ins(state)
    content, target, score = state.content, pending.target, pending.score
    state = say(state, _with_cards(content, ("monster defends", target, face, score, fight),
                                   _monster_defends_line, monster, face, score, fight))
    if score > defence:
        health = state.health(target) - 1
        state = replace(state, monster_health=tuple((m, health if m == target else h)
                                                    for m, h in state.monster_health))
        line = _with_cards(content, ("hit", target, score, defence, health, fight),
                           _hit, monster, score, defence, health, fight)
        if health <= 0:
            return _monster_killed(say(state, line))
        state = say(state, line)
    else:
        state = say(state, _once(("miss", score, defence, fight), _miss, score, defence, fight))
    chooses = state.player if defensive_items(state, player) else None
    state = say(state, _with_cards(content, ("strikes back", target, chooses), _strikes_back, monster, chooses))
    return request_roll(state, Roll.MONSTER_ATTACK, player)


def _monster_defends_line(monster, face: int, score: int, fight: bool):
    defence = monster.defence + face
    numbers = {"monster": monster.said, "defence": monster.defence, "face": face, "total": defence}
    if monster.placeholder:  # words18
        line = msg("{monster} defends with placeholder numbers: {defence} + {face} (die) = {total}.", **numbers)
    else:
        line = msg("{monster} defends: {defence} + {face} (die) = {total}.", **numbers)
    return why.monster_defends(line, monster.defence, face, defence, score, fight)


def _hit(monster, score: int, defence: int, health: int, fight: bool):
    return why.hit(_hit_line(monster.said, health, fight), score, defence, health, fight)


def _miss(score: int, defence: int, fight: bool):
    if fight:  # words19
        line = msg("A miss with placeholder numbers: {score} does not exceed {defence}.", score=score,
                   defence=defence)
    else:
        line = msg("A miss: {score} does not exceed {defence}.", score=score, defence=defence)
    return why.miss(line, score, defence, fight)


def _strikes_back(monster, chooses: str | None):
    """``chooses``: the player who chooses defensive items first, None when there is none to choose."""
    if chooses is not None:
        line = msg("{monster} strikes back: {player}, choose defensive items first, then roll the die for its "
                   "attack.", monster=monster.said, player=chooses)
    else:  # no item to choose (issue 29: the items were asked for all the same)
        line = msg("{monster} strikes back: roll the die for its attack.", monster=monster.said)
    return why.strikes_back(line)


def fight_stand_ins(state: State) -> bool:
    """Some figure of the fight under way is a placeholder: the character's, the monster's or
    an item's used (words19: the totals and explanations built from them say so; words20: the
    odds meter too)."""
    pending = state.action
    return state.stand_ins(state.character_card(state.active).id, pending.target, *pending.items, *pending.guards)


def _hit_line(monster, health: int, stand_ins: bool):
    """The monster's health left after a hit (words19: "with placeholder numbers" when a
    figure behind it is one)."""
    if health <= 0:
        if stand_ins:
            return msg("A hit with placeholder numbers: {monster} has no health left.", monster=monster)
        return msg("A hit: {monster} has no health left.", monster=monster)
    if stand_ins:
        return msg("A hit with placeholder numbers: {monster} has {health} health left.", monster=monster,
                   health=health)
    return msg("A hit: {monster} has {health} health left.", monster=monster, health=health)


def _monster_killed(state: State, critical_hit: bool = False) -> State:
    """The monster dies: its card goes to the bottom of the monster deck; 3 points."""
    pending, player = state.action, state.active
    monster = pending.target
    state = replace(state, in_play=tuple(c for c in state.in_play if c != monster),
                    monster_health=tuple(pair for pair in state.monster_health if pair[0] != monster),
                    monster_deck=state.monster_deck.to_bottom(monster))
    state = discard_items(state, player, pending.items)
    line = todo("return", "{monster} is killed; its card goes to the bottom of the monster deck.",
                monster=state.label(monster))
    recap = msg("{player} kills {monster}.", player=state.players[player], monster=state.label(monster))
    state = say(state, notable(why.killed(line, state.label(monster), critical_hit), recap))
    state = add_points(state, player, hc.KILL_POINTS, "monster kill")
    return end_turn(state)


def on_monster_attack(state: State, face: int) -> State:
    """The monster's attack die (monsters use no items)."""
    pending = state.action
    monster = state.card(pending.target)
    total = monster.attack + face
    state = change_action(state, dice=pending.dice + (face,), against=total)
    player = state.active
    guarded = state.character_card(player).defence + guard_bonus(state)
    fight = fight_stand_ins(state)
    content, target, name = state.content, pending.target, state.player
    if state.options["monster_crit"] and total > guarded + 6:  # H-A3: "identical to that of a player"
        state = say(state, _with_cards(content, ("monster attacks", target, face, guarded, fight),
                                       _monster_attacks_critical, monster, face, guarded, fight))
        state = say(state, _with_cards(content, ("monster critical", target, total, guarded, name, fight),
                                       _monster_critical, monster, total, guarded, name, fight))
        state = discard_items(state, player, pending.items + pending.guards)
        return end_turn(kill_character(state, player, critical_hit=True))
    state = say(state, _with_cards(content, ("monster attacks, defend", target, face, guarded, name, fight),
                                   _monster_attacks, monster, face, guarded, name, fight))
    return request_roll(state, Roll.DEFENCE, player)


def _monster_attacks_critical(monster, face: int, guarded: int, fight: bool):
    total = monster.attack + face
    if monster.placeholder:  # words18
        line = msg("{monster} attacks with placeholder numbers: {attack} + {face} (die) = {total}.",
                   monster=monster.said, attack=monster.attack, face=face, total=total)
    else:
        line = msg("{monster} attacks: {attack} + {face} (die) = {total}.", monster=monster.said,
                   attack=monster.attack, face=face, total=total)
    return why.monster_attacks(line, monster.attack, face, total, guarded, fight)


def _monster_critical(monster, total: int, guarded: int, player: str, fight: bool):
    numbers = {"monster": monster.said, "attack": total, "defence": guarded, "player": player}
    if fight:  # words19
        line = msg("Critical hit by {monster} with placeholder numbers: {attack} is more than 6 + {defence}, so "
                   "{player} cannot defend: no defence roll.", **numbers)
    else:
        line = msg("Critical hit by {monster}: {attack} is more than 6 + {defence}, so {player} cannot defend: no "
                   "defence roll.", **numbers)
    return why.monster_critical(line, total, guarded, fight)


def _monster_attacks(monster, face: int, guarded: int, player: str, fight: bool):
    total = monster.attack + face
    numbers = {"monster": monster.said, "attack": monster.attack, "face": face, "total": total, "player": player}
    if monster.placeholder:  # words18
        line = msg("{monster} attacks with placeholder numbers: {attack} + {face} (die) = {total}; {player}, roll "
                   "for your defence.", **numbers)
    else:
        line = msg("{monster} attacks: {attack} + {face} (die) = {total}; {player}, roll for your defence.",
                   **numbers)
    return why.monster_attacks(line, monster.attack, face, total, guarded, fight)


def guard_bonus(state: State) -> int:
    """Defence from the chosen defensive items and from attack items that also defend."""
    pending = state.action
    return sum(state.card(item).defence for item in pending.items + pending.guards)


def on_player_defence(state: State, face: int) -> State:
    """The player's defence die: the monster wounds above it, kills above 6 + defence (H-A3)."""
    pending, player = state.action, state.active
    base = state.character_card(player).defence
    bonus = guard_bonus(state)
    defence = base + bonus + face
    name, against = state.player, pending.against
    own_stand_ins = state.stand_ins(state.character_card(player).id, *pending.items, *pending.guards)  # words18
    fight = fight_stand_ins(state)
    state = say(state, _once(("player defends", name, base, bonus, face, against, own_stand_ins, fight),
                             _player_defends, name, base, bonus, face, against, own_stand_ins, fight))
    state = discard_items(state, player, pending.items + pending.guards)
    if against > defence:
        wounds = state.wounds[player] + 1
        state = replace(state, wounds=put(state.wounds, player, wounds))
        most = state.max_health(player)
        health = most - wounds
        state = say(state, _once(("wounded", name, health, most, against, defence, fight),
                                 _wounded, name, health, most, against, defence, fight))
        if wounds >= most:
            state = kill_character(state, player)
    else:
        state = say(state, _once(("defended", against, defence, fight), _defended, against, defence, fight))
    return end_turn(state)


def _player_defends(player: str, base: int, bonus: int, face: int, against: int, own_stand_ins: bool,
                    fight: bool):
    defence = base + bonus + face
    numbers = {"player": player, "base": base, "bonus": bonus, "face": face, "total": defence}
    if own_stand_ins:  # words18
        line = msg("{player} defends with placeholder numbers: {base} + {bonus} (items) + {face} (die) = {total}.",
                   **numbers)
    else:
        line = msg("{player} defends: {base} + {bonus} (items) + {face} (die) = {total}.", **numbers)
    return why.player_defends(line, base, bonus, face, defence, against, fight)


def _wounded(player: str, health: int, most: int, against: int, defence: int, fight: bool):
    numbers = {"player": player, "health": health, "max": most}
    if fight:  # words19
        line = msg("{player} takes a wound with placeholder numbers: {health} of {max} health left.", **numbers)
    else:
        line = msg("{player} takes a wound: {health} of {max} health left.", **numbers)
    return why.wounded(line, against, defence, health, fight)


def _defended(against: int, defence: int, fight: bool):
    numbers = {"attack": against, "defence": defence}
    if fight:  # words19
        line = msg("The attack misses with placeholder numbers: {attack} does not exceed {defence}.", **numbers)
    else:
        line = msg("The attack misses: {attack} does not exceed {defence}.", **numbers)
    return why.defended(line, against, defence, fight)
