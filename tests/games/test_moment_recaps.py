"""Issue 29 item 7: a finished game's moments say what happened, never the instruction its
line gave during play. Before, the game-over summary recalled "Turn 31: One haunting beaten
in room F: take it off the board." (Creepy Cellar), "...haunts the Kitchen, enraged: put the
card blue side up." (Children): at game over the thing is long done. Each notable line now
carries a recap form (:func:`companion.i18n.notable`), a sentence of its own, and the state's
``moments`` say it.

Checked on every bundled script that ends its game, by structure, not by reading English:
a moment's recap is a plain sentence (a :class:`~companion.i18n.Msg`, no instruction kind)
whose message id is none of the instructions' (:func:`~companion.i18n.todo` lines) the game
said; in English it is at most 60 characters (so three to five fit under the result).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from companion import protocol, script
from companion.i18n import Msg, NewsLine, msg, notable, recap_of, render, todo
from companion.session import Session

ROOT = Path(__file__).resolve().parents[2]
SCRIPTS = sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "tests" / "scripts").rglob("*.jsonl")) + [
    "companion/data/demo.jsonl"]
#: The longest recap in English, in characters (issue 29: "≤ about 60").
LONGEST = 60


def _played(name: str) -> tuple[Session, list]:
    """The session at the end of the script ``name``, and every news line it said."""
    played = script.load(ROOT / name)
    session, said = Session.start(played.header), []
    for line in played.lines:
        said += session.handle(line.input, line.number).news
    return session, said


def _game(session: Session) -> str:
    return protocol.state_message(session, [], (), "en")["game"]


def _instruction_ids() -> dict[str, set[str]]:
    """Game -> the message ids of every instruction (todo line) its scripts said."""
    ids: dict[str, set[str]] = {}
    for name in SCRIPTS:
        session, said = _played(name)
        ids.setdefault(_game(session), set()).update(
            line.text.msgid for line in said if isinstance(line, NewsLine) and line.todo)
    return ids


@pytest.fixture(scope="module")
def instruction_ids() -> dict[str, set[str]]:
    return _instruction_ids()


def _finished() -> list[str]:
    return [name for name in SCRIPTS
            if protocol.state_message(_played(name)[0], [], (), "en")["prompt"]["over"]]


@pytest.mark.parametrize("name", _finished())
def test_a_finished_games_moments_carry_no_instruction(name, instruction_ids):
    session, _said = _played(name)
    standing = session.moments.standing
    assert standing, name
    todo_ids = instruction_ids[_game(session)]
    for moment in standing:
        recap = recap_of(moment.line)
        assert isinstance(recap, Msg), (name, recap)  # a sentence: no instruction kind, no NewsLine
        assert recap.msgid not in todo_ids, (name, str(moment.line), recap.msgid)
        if moment.line.todo:  # an instruction gives its own recap
            assert moment.line.recap is not None and recap.msgid != moment.line.text.msgid, (name, str(moment.line))
    sent = protocol.moments_message(session, "en")
    assert [m["text"] for m in sent] == [render(recap_of(m.line), "en") for m in standing]
    too_long = [m["text"] for m in sent if len(m["text"]) > LONGEST]
    assert too_long == [], name
    italian = protocol.moments_message(session, "it")
    assert [m["text"] for m in italian] != [m["text"] for m in sent]  # said in the table's language


#: One script per game whose moments are known (what the game-over screen recalls).
KNOWN = {
    "creepy_cellar": ("tests/scripts/creepy_cellar/nightmare-won.jsonl", [
        "Ada brings treasure 1 of 12 to the cellar.", "Haunting 1 of 8: three ghosts in room F.",
        "Ada beats a haunting in room F.", "Haunting 1 of 8: the Ghost King in room H.",
        "Bo leaves the castle for good."]),
    "children": ("tests/scripts/children/ghosts_win.jsonl", [
        "Cy traps Ghost 12.", "Rosie is revealed, enraged in the Master Bedroom.",
        "Ghost 13 haunts Tablet 2-5, enraged.", "Ada makes an emergency escape from Tablet 1-5.",
        "The crickets enrage The Twins in the Kitchen."]),
    "clue_it": ("tests/scripts/clue_it/solved.jsonl", [
        "Cy makes an accusation.", "Cy accuses wrongly and is out of the game.",
        "Bo is right and solves the mystery!"]),
    "ghost_at_home": ("tests/scripts/ghost_at_home/three_players.jsonl", [
        "Cy lights the second floor.", "Ada's lightning darkens Cy's second floor.",
        "Cy loses the second floor to a ghost.", "Ada's escape is stopped."]),
    "house_of_spirits": ("tests/scripts/house_of_spirits/physical_decks.jsonl", [
        "Bo investigates and takes Plot card 2.", "Bo plays Plot card 2 for 3 points.",
        "The character of Ada dies.", "Cy kills Vampire."]),
}


@pytest.mark.parametrize("game", sorted(KNOWN))
def test_each_game_recalls_what_happened(game):
    """A moment of each kind, per game, as the game's end says it (English and Italian)."""
    name, expected = KNOWN[game]
    session, _said = _played(name)
    texts = [m["text"] for m in protocol.moments_message(session, "en")]
    assert [text for text in expected if text not in texts] == []
    assert len(texts) >= 3


ITALIAN = {
    "Haunting {number} of {limit}: three ghosts in room {room}.": "Infestazione 7 su 8: tre fantasmi nella stanza H.",
    "{player} beats a haunting in room {room}.": "Ada sconfigge un'infestazione nella stanza F.",
    "{player} traps {ghost}.": "Bo intrappola il Fantasma 07.",
}


def test_recaps_in_italian_address_no_one_and_take_their_articles():
    from companion.i18n import named

    ghost = named(msg("Ghost {n}", n="07"), it="il")
    made = {"Haunting {number} of {limit}: three ghosts in room {room}.": msg(
                "Haunting {number} of {limit}: three ghosts in room {room}.", number=7, limit=8, room="H"),
            "{player} beats a haunting in room {room}.": msg("{player} beats a haunting in room {room}.",
                                                             player="Ada", room="F"),
            "{player} traps {ghost}.": msg("{player} traps {ghost}.", player="Bo", ghost=ghost)}
    assert {key: render(text, "it") for key, text in made.items()} == ITALIAN


def test_an_instruction_made_a_moment_must_give_its_recap():
    line = todo("remove", "One haunting beaten in room {room}: take it off the board.", room="F")
    with pytest.raises(ValueError):
        notable(line)
    with pytest.raises(TypeError):
        notable(line, todo("remove", "Take it off."))  # type: ignore[arg-type]
    marked = notable(line, msg("{player} beats a haunting in room {room}.", player="Ada", room="F"))
    assert marked == line and marked.todo == "remove"  # the line said during play is unchanged
    assert str(recap_of(marked)) == "Ada beats a haunting in room F."
    plain = notable(msg("{player} makes an accusation.", player="Bo"))
    assert recap_of(plain) is plain.text  # a line that only says what happened is its own recap
