"""Creepy Cellar in English and Italian (docs/architecture.md "Languages").

Every sentence the table sees - prompt texts, choice labels, news and refusals - is a
:class:`companion.i18n.Msg` whose id (and the id of every message passed as a parameter: card,
tile, power, door and die-face names, places) has an Italian translation; the only plain
parameters are names, room letters and numbers. Random games are played through a
:class:`Session` (as the daemon does) and through the engine itself (chance prompts, refusals),
every text rendered in Italian. Then exact Italian for key sentences, and JSON snapshots that
keep the messages.
"""

from __future__ import annotations

import json
import random
import re

from test_playout import NAMES, choice_weight

from companion import protocol
from companion.engine import get_game, resolve_options
from companion.engine.core import check_fix
from companion.header import GameHeader
from companion.i18n import Msg, line_of, recap_of, render
from companion.inputs import Press, Tap, Touch
from companion.session import Session
from tests.checkout import ROOT
from tests.i18n_walk import Seen, message_ids, new_game_ids, walk_engine

SPEC = get_game("creepy_cellar")
GAME_DIR = ROOT / "companion" / "games" / "creepy_cellar"

#: Plain (untranslated) parameters allowed inside a message: room letters, or the list of
#: the rooms that start with a ghost ("C, F, I, L"). Player names and numbers are allowed too.
LETTERS = re.compile(r"^[A-N](, [A-N])*$")


def _plain(value: str, names: set) -> bool:
    """A player's name or room letters."""
    return value in names or bool(LETTERS.match(value))


def _game_ids() -> set[str]:
    """Every message id in the Creepy Cellar engine's source."""
    # refusals.py is swept by tests/games/test_refusals.py (its Italian: tests/test_i18n.py)
    return message_ids(GAME_DIR, ignore=("refusals.py",))


def _setup(rng: random.Random) -> tuple[list[str], dict]:
    """Players and random house rules, the table's own dice left off: these games are those
    of before that option (issue 31; it is walked in walk_engine and its own tests), so they
    still show the rare endings they were picked for."""
    players = list(NAMES[: rng.randint(SPEC.min_players, SPEC.max_players)])
    return players, resolve_options(SPEC, {o.name: rng.choice(o.values) for o in SPEC.options
                                           if o.name != "table_dice"})


def _random_game(name: str, seed: int, seen: Seen) -> tuple[random.Random, Session]:
    """The random generator ``name`` and a new game it set up (players and options); the
    players' names are the names ``seen`` lets through."""
    rng = random.Random(name)
    players, options = _setup(rng)
    header = GameHeader.from_json({"game": "creepy_cellar", "players": players, "seed": seed,
                                   "options": options})
    seen.names = set(players)
    return rng, Session.start(header)


def _take_a_choice(session: Session, rng: random.Random):
    """A choice of the prompt's (weighted as the random playouts weigh them), pressed or
    touched as the table would; returns its reply (accepted)."""
    prompt = session.prompt
    choice = rng.choices(prompt.choices, weights=[choice_weight(SPEC, session.state, c.key) for c in prompt.choices])[0]
    reply = session.handle(Press(choice.button) if choice.button else Touch(choice.key))
    assert reply.accepted, reply.text
    return reply


def _session_game(seed: int, seen: Seen) -> None:
    """One random game through a Session: everything it shows, checked."""
    rng, session = _random_game(f"creepy-cellar-it:{seed}", seed, seen)
    for text in SPEC.news(session.state):
        seen.check(text)
    for step in range(400):
        prompt = session.prompt
        seen.check(prompt.text)
        for choice in prompt.choices:
            seen.check(choice.label)
        if prompt.over:
            break
        if step % 9 == 0:
            refused = session.handle(Touch("no-such-choice"))
            assert not refused.accepted
            seen.check(refused.text)
        reply = _take_a_choice(session, rng)
        for text in reply.news:
            seen.check(text)
        if step % 50 == 0:  # what the daemon sends: the whole state message in Italian
            message = protocol.state_message(session, [], reply.news, "it")
            json.dumps(message)
            assert message["prompt"]["text"] == render(session.prompt.text, "it")


def _check_game(seed: int, seen: Seen) -> None:
    """One random game through a Session with table-check corrections (issue 6): every
    check line and correction label, the corrections' news and a stale correction's refusal."""
    rng, session = _random_game(f"creepy-cellar-it-check:{seed}", seed, seen)
    for _ in range(300):
        prompt = session.prompt
        if prompt.over:
            break
        fixes = []
        for line in session.check():
            seen.check(line.label)
            seen.check(line.value)
            for fix in line.fixes:
                seen.check(fix.label)
                fixes.append(fix.key)
        if fixes and rng.random() < 0.3:
            key = rng.choice(fixes)
            reply = session.handle(Touch(key))
            assert reply.accepted, reply.text
            if check_fix(session.check(), key) is None:  # the same touch again, from a stale check
                stale = session.handle(Touch(key))
                assert not stale.accepted
                seen.check(stale.text)
        else:
            reply = _take_a_choice(session, rng)
        for text in reply.news:
            seen.check(text)
    stale = session.handle(Touch("fix:ghosts:A:-99"))
    assert not stale.accepted
    seen.check(stale.text)


#: Messages too rare for the random games below; each is checked by a test of its own.
RARE = {
    # the undo of a fight that beat two (rare in random games); every undo sentence: tests/test_undo_words.py
    "Put the two beaten ghosts back in room {room}.", "Put the two beaten hauntings back in room {room}.",
    # a house rule's combined fight (test_creepy_cellar_why.py, the haunting face beating a ghost)
    "A ghost face on a fight die beats one ghost in room {room}; with your house rules a haunting face that beats no "
    "haunting beats a ghost too: {n} of them.",
    "none left",  # tests/games/test_creepy_cellar_tablecheck.py::test_no_passage_tile_left
    "Two hauntings beaten in room {room}: take them off the board.",  # test_rare_news_in_italian
    "{player} beats two hauntings in room {room}.",  # that line's recap: test_rare_news_in_italian
    "{player} ({where}) cannot leave a room with {blocker} in it while holding that treasure",
    "{player} ({where}) cannot move this turn",
    "There is no ghost to remove.",
    # (the mover taps refused by the session are in refusals.py now, test_creepy_cellar_hunters.py)
    "The Ghost deck is empty: shuffle its discards into a new deck.",  # test_an_empty_ghost_deck_...
    "Cursed Treasure",  # a view's word (who carries what), not a sentence: tests/ui/test_creepy_cellar_board.py
    # (apply's last resort, "Not now. {prompt}", is the engine's: companion/engine/legality.py)
    # tests/games/test_creepy_cellar_issue19.py::test_rare_issue_19_lines_in_italian
    "All 6 Jinxed Item tiles are taken: the card does nothing.", "Nightmare",
    "{player} holds a Jinxed Item already: the card does nothing.", "No secret passage tile comes back.",
    "Trap door to room {room}, but {player} is out of the castle for good: the hunter stays out.",
    "the Ghost King",  # test_the_ghost_king_holds_a_cursed_hunter_in_italian
    # issue 33: tests/games/test_creepy_cellar_why.py::test_a_jinxed_item_is_dropped_off_in_the_room_on_its_back
    "A Jinxed Item is dropped off in the room printed on its back: room {room}.",
    # an undo's own step (undo15: the random games never undo): tests/test_undo_words.py, both languages
    "Put the {card} back on top of the Cellar deck.", "Put the {card} back on top of the Ghost King deck.",
    "Put the {card} back on top of the Ghost deck.", "out of the castle", "to cellar room {room}", "to room {room}",
    "to the hallway it stood in", "{player}: move the {hunter} back {place}.",
    "{player}: move your hunter back {place}.",
    # a shuffle undone (undo16): tests/test_undo_words.py, both languages
    "Take the {card} out of the Ghost King deck and put it back on top.",
    "Take the {card} out of the Ghost deck and put it back on top.",
    "The shuffle is undone: take this card back out of the Ghost King deck and lay it face up on its discard pile: "
    "{cards}.",
    "The shuffle is undone: take this card back out of the Ghost deck and lay it face up on its discard pile: {cards}.",
    # undo17b: tests/games/test_undo_steps.py, both languages
    "Take the secret passage tile back off room {room}: it is discarded again.",
    "{player} takes the Jinxed Item back from room {room} into the backpack.",
    # cc21 (option tiles = virtual: the real tiles stay in the box): what two set-up steps are for, an
    # undo's line: tests/games/test_creepy_cellar_tiles_words.py, both languages
    "Each marker hides a treasure: at pick-up the companion says which one to take from the box. Its curse starts "
    "then.",
    "A Jinxed Item stops you picking up treasures until you drop it in its room.",
    "{player} puts the {tile} back in the box.",
}


def test_random_games_show_only_italian_ready_messages():
    """Session and engine playouts in every mode, with random house rules, virtual and
    physical decks: every prompt, choice label, news sentence and refusal is a message with
    an Italian translation; together they show every Creepy Cellar message but the rare ones."""
    seen = Seen(plain=_plain)
    for seed in range(24):
        _session_game(seed, seen)
    for seed in range(24):
        walk_engine(SPEC, random.Random(f"creepy-cellar-it-engine:{seed}"), seen)
    for seed in range(12):
        _check_game(seed, seen)
    game_ids = _game_ids()
    helps = {o.help for o in SPEC.options}  # the New game screen's: tests/test_i18n.py
    assert len(game_ids) > 100
    assert RARE <= game_ids and helps <= game_ids
    rules = {m.msgid for s in SPEC.rule_sections for m in (s.name, s.summary)}  # the rules card: tests/test_rulecard.py
    assert rules <= game_ids
    missing = sorted(game_ids - RARE - helps - rules - new_game_ids(SPEC) - seen.ids)
    assert missing == [], f"never shown in the random games: {missing}"


def test_rare_news_in_italian():
    """Two hauntings beaten at once (two hunters, two haunting faces); a hunter with no
    movement points; a hunter held by the no-leave cursed treasure; a Remove Ghost card with
    no ghost on the board."""
    from dataclasses import replace

    from companion.games.creepy_cellar.state import Hunter, Step

    state = SPEC.setup(["Ada", "Bo"], resolve_options(SPEC, {}))
    hauntings = tuple(2 if room == "E" else 0 for room in "ABCDEFGHIJKLMN")
    fight = replace(state, hauntings=hauntings, hunters=(Hunter(at="E"), Hunter(at="E")), step=Step.FIGHT)
    after = SPEC.apply(SPEC.apply(fight, "fight"), "fight-dice:haunting+haunting")
    assert render(SPEC.news(after)[-1], "it") == (
        "Due infestazioni sconfitte nella stanza E: toglietele dal tabellone.")  # voi, as "toglietela"
    assert SPEC.news(after)[-1] == "Two hauntings beaten in room E: take them off the board."
    # as the game's end recalls it (issue 29 item 7): what happened, no instruction
    assert render(recap_of(SPEC.news(after)[-1]), "it") == "Ada sconfigge due infestazioni nella stanza E."
    stuck = replace(state, hunters=(Hunter(at="hallway"), Hunter()), step=Step.MOVE, moves=0)
    assert render(SPEC.prompt(stuck).text, "it") == (
        "Ada (in un corridoio) non può muoversi in questo turno: tocca Fine turno")
    held = replace(stuck, hunters=(Hunter(at="C", treasure="cursed-no-leave"), Hunter()), moves=3)
    assert render(SPEC.prompt(held).text, "it") == (
        "Ada (nella stanza C) non può lasciare una stanza con un fantasma finché tiene quel tesoro: "
        "tocca Fine movimento")
    empty = replace(state, ghosts=(0,) * 14, hunters=(Hunter(at="M", treasure="cursed-minus-one"), Hunter()))
    for action in ("roll", "die:6", "done-moving", "drop-off", "cellar:remove-ghost"):
        empty = SPEC.apply(empty, action)
    assert [render(n, "it") for n in SPEC.news(empty)] == [
        "Pescata: Carta Rimuovi Fantasma.", "Non c'è nessun fantasma da togliere."]


# --------------------------------------------------------------------------- exact Italian


def test_the_roll_prompt_and_a_ghost_card_draw_in_italian():
    """A turn's first sentences as the Italian table reads them: the roll prompt, then the
    roll, the Ghost card drawn and the ghost it places ("Ghost Cards")."""
    state = SPEC.setup(["Ada", "Bo"], resolve_options(SPEC, {}))
    prompt = SPEC.prompt(state)
    assert render(prompt.text, "it") == "Ada: premi il pulsante dei dadi"
    assert [render(c.label, "it") for c in prompt.choices] == ["Tira il dado"]
    assert render(SPEC.prompt(SPEC.apply(state, "roll")).text, "it") == "Ada tira il dado movimento"
    rolled = SPEC.apply(SPEC.apply(state, "roll"), "die:3")
    assert [render(n, "it") for n in SPEC.news(rolled)] == ["Ada ha fatto 3."]
    assert render(SPEC.prompt(rolled).text, "it") == (
        "Ada: gira la prima carta del mazzo Fantasma e appoggiala sul lettore")
    drawn = SPEC.apply(rolled, "ghost:room-H")
    assert [render(n, "it") for n in SPEC.news(drawn)] == [
        "Pescata: Carta Fantasma stanza H.", "Mettete un fantasma nella stanza H."]
    assert SPEC.news(drawn) == ("Drawn: Ghost card room H.", "Place a ghost in room H.")
    assert render(SPEC.prompt(drawn).text, "it") == "Ada col cacciatore rosso (fuori): muovi fino a 3, poi Fine turno"


def test_ghost_king_cards_locked_doors_and_cursed_treasures_in_italian():
    state = SPEC.setup(["Ada", "Bo"], resolve_options(SPEC, {}))
    rogue = SPEC.apply(SPEC.apply(SPEC.apply(state, "roll"), "die:2"), "ghost:rogue-ghost")
    assert [render(n, "it") for n in SPEC.news(rogue)] == [
        "Pescata: Carta Fantasma Ribelle.",
        "La carta Fantasma Ribelle si gioca come la carta Re dei Fantasmi: pescate una carta Re dei Fantasmi."]
    assert render(SPEC.prompt(rogue).text, "it") == (
        "Ada: gira la prima carta del mazzo Re dei Fantasmi e appoggiala sul lettore")
    king = SPEC.apply(rogue, "king:king-E")
    assert [render(n, "it") for n in SPEC.news(king)] == ["Il Re dei Fantasmi si sposta nella stanza E."]
    locked = SPEC.apply(SPEC.apply(SPEC.apply(state, "roll"), "die:2"), "ghost:green-doors-locked")
    assert render(SPEC.news(locked)[-1], "it") == "Chiudete a chiave le porte verdi: nessuno può attraversarle."
    assert render(SPEC.prompt(locked).text, "it") == (
        "Ada col cacciatore rosso (fuori): muovi fino a 2; le porte verdi sono chiuse a chiave, poi Fine turno")
    from companion.games.creepy_cellar.components import component_label
    assert render(component_label("creepy_cellar:treasure:cursed-minus-one"), "it") == (
        "Tesoro Maledetto (sottrai 1 ai tuoi tiri di movimento)")
    assert render(component_label("creepy_cellar:king:king-E"), "it") == "Carta Re dei Fantasmi E"


def test_a_session_tells_a_tapped_card_by_its_italian_name():
    """The session's own sentences take the card's name as a message, so it is Italian too."""
    header = GameHeader.from_json({"game": "creepy_cellar", "players": ["Ada"], "seed": 1,
                                   "options": {"ghost_deck": "physical"}, "stack": {"movement_die": [2]},
                                   "tags": {"04112233445566": "creepy_cellar:ghost:room-H"}})
    session = Session.start(header)
    assert [render(n, "it") for n in session.handle(Press("dice")).news] == ["Ada ha fatto 2."]
    labels = [render(c.label, "it") for c in session.prompt.choices]
    assert "Carta Fantasma stanza H" in labels and "Carta Porte Blu Chiuse" in labels
    assert render(session.prompt.text, "it") == (
        "Ada: gira la prima carta del mazzo Fantasma e appoggiala sul lettore")
    reply = session.handle(Tap("04112233445566"))
    assert [render(n, "it") for n in reply.news] == [
        "Pescata: Carta Fantasma stanza H.", "Mettete un fantasma nella stanza H."]
    again = session.handle(Tap("04112233445566"))
    assert not again.accepted
    assert render(again.text, "it").startswith(  # issue 19: the refusal names the rule
        "Ora non tocca a nessuna carta Fantasma: se ne gira una dopo un tiro da 1 a 5.")


def test_snapshots_keep_the_messages():
    """JSON snapshots (GameSpec.encode/decode) keep news as messages, so a resumed game
    still speaks Italian."""
    state = SPEC.setup(["Ada"], resolve_options(SPEC, {}))
    for action in ("roll", "die:3", "ghost:room-H"):
        state = SPEC.apply(state, action)
    back = SPEC.decode(json.loads(json.dumps(SPEC.encode(state))))
    assert back == state and all(isinstance(line_of(n).text, Msg) for n in back.news)
    assert [render(n, "it") for n in back.news] == [render(n, "it") for n in state.news]
    assert render(back.news[0], "it") == "Pescata: Carta Fantasma stanza H."
    old = SPEC.encode(state) | {"news": ["Drawn: Ghost card room H."]}  # a snapshot from before messages
    assert SPEC.decode(old).news == ("Drawn: Ghost card room H.",)


def test_the_ghost_king_holds_a_cursed_hunter_in_italian():
    """House rule ``cursed_leave_counts_king``: the no-leave cursed treasure keeps a hunter in
    the Ghost King's room (issue 31 moved this rare line out of the random games)."""
    from dataclasses import replace

    from cellar_checks import hunter, new_game, play

    state = hunter(play(new_game(cursed_leave_counts_king=True), "roll", "die:6"), "Ada", at="C",
                   treasure="cursed-no-leave")
    state = replace(state, king="C", ghosts=(0,) * 14)
    assert render(SPEC.prompt(state).text, "it") == (
        "Ada col cacciatore rosso (nella stanza C) non può lasciare una stanza con il Re dei Fantasmi finché "
        "tiene quel tesoro: tocca Fine turno")
