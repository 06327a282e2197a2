"""words18: undo lines that left a physical step out (closing note 17, "Left out, and noticed";
notes/undo17.md). Each test plays a seeded random game through a real session until the
input in question, undoes it, and checks the exact lines in English and Italian.

- House of Spirits: the room the party left went to the room discard pile (Exploring: "turn
  over a new room"), and nothing said to lay it back out as the room the party is in.
- House of Spirits: a monster the table turned over was told back twice ("…its card goes
  back to the deck it came from." and "Put Monster 6 back on top of the monster deck."): one line.
- Children: a skull token paid (a device, a move: "Turn in a Skull Token by placing it in the
  available Skull Tokens pile") was not given back.
- Children: a trapped ghost going back to the mansion did not say which side goes up (calm:
  sepia, enraged: blue, "Enraged Ghosts"), nor where (the Cricket Cage traps a ghost anywhere).
"""

from __future__ import annotations

import random

from test_undo_steps import _start, _undone, _until

from companion.i18n import render
from companion.inputs import Touch


def _until_state(game: str, seed: int, changed, **options):
    """A seeded random game played until an accepted input for which ``changed(before, after)``
    holds; the session, the states before and after."""
    session = _start(game, seed=seed, **options)
    rng = random.Random(seed)
    for _ in range(900):
        choices = [c for c in session.prompt.choices if c.key != "undo"]
        if not choices:
            break
        before = session.state
        if session.handle(Touch(rng.choice(choices).key)).accepted and changed(before, session.state):
            return session, before, session.state
    raise AssertionError("never happened")


def _both(line) -> tuple[str, str]:
    return str(render(line, "en")), str(render(line, "it"))


# --------------------------------------------------------------------------- House of Spirits


def _left_room(before, after) -> bool:
    return before.room is not None and after.room != before.room and before.room not in dict(after.attached).values()


def test_hos_the_room_just_left_is_laid_back_out():
    for seed in (1, 2, 3):
        session, before, _after = _until_state("house_of_spirits", seed, _left_room)
        room = before.card(before.room).said
        lines = _undone(session)
        back = (f"Take the {render(room, 'en')} card back off the room discard pile: it is the room you are in again.",
                f"Riprendete dagli scarti delle stanze la carta {render(room, 'it')}: è di nuovo la stanza in cui "
                "siete.")
        assert back in lines, lines
        # after a room shuffle undone, which lays the discards out again (the room just left among them)
        assert all(not en.startswith("The shuffle is undone") for en, _ in lines[lines.index(back):]), lines
        assert session.state.room == before.room


def test_hos_a_monster_the_table_turned_over_goes_back_in_one_line():
    said = ("{monster} is in play with placeholder numbers: attack {attack}, defence {defence}, health {health}. "
            "Enter your card's numbers in Card data for the next game.")
    session, key = _until("house_of_spirits", 1, said)
    assert key == "draw:monster-06"
    assert _undone(session)[1:] == [
        ("Take Monster 6 back out of the play area and put its card on top of the monster deck.",
         "Togliete il Mostro 6 dall'area di gioco e rimettete la sua carta in cima al mazzo dei mostri.")]


def test_hos_a_monster_laid_as_a_main_card_goes_back_on_the_main_deck():
    """House rule ``monsters_in_main_deck``: the monster came off the main deck."""
    from companion.games.house_of_spirits.state import Step

    session, _before, _after = _until_state(
        "house_of_spirits", 1, lambda b, a: b.step == Step.MAIN and len(a.monsters()) > len(b.monsters()),
        monsters_in_main_deck=True)
    lines = _undone(session)
    monster = [line for line in lines if "play area" in line[0]]
    assert len(monster) == 1 and monster[0][0].endswith("back out of the play area and put its card on top of the "
                                                         "main deck."), lines
    assert monster[0][1].endswith("e rimettete la sua carta in cima al mazzo principale."), lines


# --------------------------------------------------------------------------- Children


def _paid_a_skull(before, after) -> bool:
    return any(a < b for a, b in zip(after.skulls, before.skulls, strict=True))


def test_children_a_skull_token_paid_is_taken_back():
    seen = set()
    for seed in range(1, 12):
        try:
            session, before, after = _until_state("children", seed, _paid_a_skull)
        except AssertionError:
            continue
        (player,) = [p for p, (b, a) in enumerate(zip(before.skulls, after.skulls, strict=True)) if a < b]
        name = before.players[player]
        lines = _undone(session)
        assert (f"{name}: take your skull token back from the pile.",
                f"{name}: riprendi il tuo segnalino teschio dalla riserva.") in lines, lines
        assert session.state.skulls == before.skulls
        seen.add(lines[0][0].split(" ")[1])
    assert seen  # paid for something at least once


def test_children_a_trapped_ghost_goes_back_the_side_up_it_was():
    said = "{player} traps {ghost} with the {toy}: both cards go to their scoring pile."
    checked = set()
    for seed in range(1, 30):
        try:
            session, key = _until("children", seed, said)
        except AssertionError:
            continue
        ghost = key.split(":", 1)[1]
        lines = _undone(session)
        (ghost_card,) = [g for g in session.state.ghosts if g.id == ghost]
        name, room = session.state.name(ghost), session.state.name(ghost_card.room)
        side_en, side_it = ("blue", "blu") if ghost_card.enraged else ("sepia", "seppia")
        en = [en for en, _ in lines if "scoring pile" in en]
        it = [it for en, it in lines if "scoring pile" in en]
        toy = session.state.name(session.state.content.beloved_toy(ghost))
        assert len(en) == 1, lines
        ghost_en, room_en, toy_en = (render(x, "en") for x in (name, room, toy))
        # a stand-in tablet is said without "the" (words19: "in Tablet 3-3"), a printed room with it
        where = room_en if room_en.startswith("Tablet ") else f"the {room_en}"
        # and a stand-in toy too (words20: "and Toy 09 into your hand"), a printed toy with it
        toy_said = toy_en if toy_en.startswith("Toy ") else f"the {toy_en}"
        assert en[0].endswith(f"back off your scoring pile: {ghost_en} goes back in {where}, {side_en} side "
                              f"up, and {toy_said} into your hand."), en
        assert f"con il lato {side_it} in su" in it[0], it
        checked.add(ghost_card.enraged)
        if checked == {True, False}:
            break
    assert checked
