"""Issue 27 item 3 (and issue 29 item 7): the game-over summary's moments are the news lines
the game marked (``companion.i18n.notable``, sent as the state's ``notable``/``log_notable``),
so a table playing in Italian gets the same moments as one playing in English. Before, the
summary matched English and Italian word stems, and picked other lines in each language in
6 of 8 bundled games. No window: the client's model and the summary's pick."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion import protocol, script
from companion.i18n import is_notable, recap_of, render, render_all
from companion.replay import replay
from companion.session import Session
from ui.i18n import translate

ROOT = Path(__file__).resolve().parents[2]


def _news_of(name: str) -> list[tuple]:
    """Each accepted line's news, as the engine made them, replaying the script."""
    batches: list[tuple] = []
    replay(script.load(ROOT / name), on_line=lambda _line, reply: batches.append(tuple(reply.news)) if reply else None)
    return [batch for batch in batches if batch]


def _moments(name: str, lang: str) -> list[str]:
    """What the game-over panel recalls at the end of the script ``name``, in ``lang``: the
    state's ``moments`` (the session's, with their turn), through the client's model."""
    from ui.model import TableModel
    from ui.summary import moments

    played = script.load(ROOT / name)
    session = Session.start(played.header)
    for line in played.lines:
        session.handle(line.input, line.number)
    model = TableModel()
    model.apply_state(protocol.state_message(session, [], (), lang))
    return [moment["text"] for moment in moments(list(model.moments), count=3)]


#: The moments each game's script ends with, in English (what the table remembers), each in
#: its recap form (issue 29 item 7: what happened, never the instruction said during play;
#: before, "The Ghost King and two ghosts in room E: swap the ghosts for a haunting.").
EXPECTED = {
    "tests/scripts/creepy_cellar/advanced-lost.jsonl": [
        "Haunting 1 of 8: the Ghost King in room E.",
        "Haunting 5 of 8: the Ghost King in room K.",
        "Haunting 8 of 8: the Ghost King in room D."],
    "tests/scripts/children/ghosts_win.jsonl": [
        # the cut-downs to the hand limit are no moments now: the enraged ghost that lowered it is
        "Cy traps Ghost 12.",
        "Ghost 11 haunts Tablet 1-5, enraged.",
        "Rosie haunts Tablet 1-5, enraged."],
    "tests/scripts/clue_it/unsolved.jsonl": [
        "Bo makes an accusation.", "Ada makes an accusation.", "Ada accuses wrongly and is out of the game."],
    "tests/scripts/ghost_at_home/three_players.jsonl": [
        # a light turned on twice and two escapes: each a moment of its own turn (6 and 9, 13 and 16)
        "Cy lights the second floor.",
        "Ada's house is fully explored: Ada tries to escape!",
        "Ada's house is fully explored: Ada tries to escape!"],
    "tests/scripts/house_of_spirits/eighteen_points.jsonl": [
        # a monster laid is no moment now (half the game's moments were): its kill is
        "Bo investigates and takes Plot card 3.",
        "Ada kills Vampire.",
        "Ada kills Monster 7."],
}


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_the_same_moments_in_english_and_italian(name):
    batches = _news_of(name)
    english, italian = _moments(name, "en"), _moments(name, "it")
    assert english == EXPECTED[name]
    recaps = [recap_of(line) for news in batches for line in news if is_notable(line)]
    # the Italian moments are the same moments of the game, in Italian
    # (as shown: a stand-in tablet's English takes no "the", words19, where str() keeps the pattern's)
    picked = [next(recap for recap in recaps if render(recap, "en") == text) for text in english]
    assert italian == render_all(picked, "it")
    assert italian != english


def test_the_state_sends_which_lines_are_moments():
    from companion.i18n import msg, notable

    news = (msg("Ada rolled 4."), notable(msg("Three ghosts in room {room} become a haunting.", room="C")))
    assert protocol.notable_indexes(news) == [1]
    assert protocol.notable_indexes((str(news[1]),)) == []  # a bare string carries no mark


def test_a_state_without_news_marks_the_moments_of_its_log():
    from ui.model import TableModel

    model = TableModel()
    model.apply_state({"type": "state", "game": "x", "prompt": {"text": ""}, "news": [],
                       "log": ["Ada rolled 4.", "Tre fantasmi nella stanza C diventano un'infestazione."],
                       "log_notable": [1]})
    assert model.history == [("Ada rolled 4.", "news"), ("Tre fantasmi nella stanza C diventano un'infestazione.",
                                                          "moment")]
    assert model.moments == []  # the game runs: the moments come with its end (the state's ``moments``)


CELLAR = "tests/scripts/creepy_cellar/advanced-lost.jsonl"


def _play(session: Session, lines, log: list) -> None:
    """Play ``lines``; ``log`` gets their news, as the daemon's log does."""
    for line in lines:
        log += session.handle(line.input, line.number).news


def test_an_undone_haunting_is_no_moment_of_the_game():
    """Issue 29 item 7: the daemon's log keeps an undone input's lines, and its ``log_notable``
    marked them still: a haunting taken back could be recalled at the game's end. Now an undo
    takes its input's moments back, in the log's marks and in the game's moments."""
    from companion.inputs import Touch

    played = script.load(ROOT / CELLAR)
    session, log = Session.start(played.header), []
    # line 62: the King's two hauntings, rooms E and F (turn 26)
    _play(session, [line for line in played.lines if line.number <= 62], log)
    hauntings = [i for i, line in enumerate(log) if "haunting" in str(line)]
    assert protocol.state_message(session, log, (), "en")["log_notable"] == hauntings and len(hauntings) == 2
    log += session.handle(Touch("undo")).news
    assert protocol.state_message(session, log, (), "en")["log_notable"] == []
    assert session.moments.standing == []
    _play(session, [line for line in played.lines if line.number >= 62], log)  # again (undo never re-rolls), to the end
    state = protocol.state_message(session, log, (), "en")
    assert state["prompt"]["over"]
    assert [(m["turn"], m["text"]) for m in state["moments"]] == [
        (26, "Haunting 1 of 8: the Ghost King in room E."), (26, "Haunting 2 of 8: the Ghost King in room F."),
        (41, "Haunting 3 of 8: three ghosts in room I."), (42, "Haunting 4 of 8: the Ghost King in room J."),
        (42, "Haunting 5 of 8: the Ghost King in room K."), (42, "Haunting 6 of 8: the Ghost King in room L."),
        (43, "Haunting 7 of 8: three ghosts in room C."), (67, "Haunting 8 of 8: the Ghost King in room D.")]
    assert state["moments"][0] == {"text": "Haunting 1 of 8: the Ghost King in room E.", "turn": 26, "round": None,
                                   "kind": "Haunting {number} of {limit}: the Ghost King in room {room}."}


def test_a_moment_is_said_with_its_turn_in_the_tables_language():
    from ui.summary import moment_text

    def italian(text, **params):
        return translate(text, "it", **params)

    def english(text, **params):
        return translate(text, "en", **params)

    moment = {"text": "Tre fantasmi nella stanza H diventano un'infestazione.", "turn": 12, "round": None}
    assert moment_text(moment, italian) == "Turno 12: Tre fantasmi nella stanza H diventano un'infestazione."
    assert moment_text({**moment, "text": "Ada wins.", "turn": None, "round": 3}, english) == "Round 3: Ada wins."
    assert moment_text({**moment, "turn": None}, english) == moment["text"]
    assert moment_text({"text": "Three ghosts in room H become a haunting.", "turn": 12, "round": None},
                       english) == "Turn 12: Three ghosts in room H become a haunting."


def test_a_restarted_screen_gets_the_finished_games_summary_moments_and_undo():
    """Issue 29 item 7: the summary stays on Home until a new game, with its Undo while the
    window lasts, a screen restart included: the state a screen gets on connecting (no news,
    from the real daemon) carries the game's moments with their turns; before, a restarted
    screen took them from the 12-line log only (none of this game's hauntings were in it)."""
    from ui.model import TableModel

    state = replay(script.load(ROOT / CELLAR)).state  # the state asked for after the last line
    model = TableModel()
    model.apply_state(state)
    assert (model.game, model.over, model.can_undo) == ("creepy_cellar", True, True)
    assert [(m["turn"], m["text"]) for m in model.moments][-2:] == [
        (43, "Haunting 7 of 8: three ghosts in room C."), (67, "Haunting 8 of 8: the Ghost King in room D.")]
    assert len(model.moments) == 8
