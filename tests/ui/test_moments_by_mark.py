"""Issue 27 item 3 (and issue 29 item 7): the game-over summary's moments are the news lines
the game marked (``companion.i18n.notable``, sent as the state's ``notable``/``log_notable``),
so a table playing in Italian gets the same moments as one playing in English. Before, the
summary matched English and Italian word stems, and picked other lines in each language in
6 of 8 bundled games. No window: the client's model and the summary's pick."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion import protocol, script
from companion.i18n import render_all
from companion.replay import replay

ROOT = Path(__file__).resolve().parents[2]


def _news_of(name: str) -> list[tuple]:
    """Each accepted line's news, as the engine made them, replaying the script."""
    batches: list[tuple] = []
    replay(script.load(ROOT / name), on_line=lambda _line, reply: batches.append(tuple(reply.news)) if reply else None)
    return [batch for batch in batches if batch]


def _moments(batches: list[tuple], lang: str) -> list[str]:
    """What the game-over panel recalls after these states, in ``lang``."""
    from ui.model import TableModel
    from ui.summary import moments

    model = TableModel()
    for news in batches:
        model.apply_state({"type": "state", "game": "x", "prompt": {"text": ""}, "news": render_all(news, lang),
                           "notable": protocol.notable_indexes(news), "log": []})
    return moments(list(model.moments), count=3)


#: The moments each game's script ends with, in English (what the table remembers).
EXPECTED = {
    "tests/scripts/creepy_cellar/advanced-lost.jsonl": [
        "The Ghost King and two ghosts in room E: swap the ghosts for a haunting.",
        "The Ghost King and two ghosts in room K: swap the ghosts for a haunting.",
        "The Ghost King and two ghosts in room D: swap the ghosts for a haunting."],
    "tests/scripts/children/ghosts_win.jsonl": [
        "Cy traps Ghost 12 with the Toy 12: both cards go to their scoring pile.",
        "Bo: cut down to the hand limit of 4 now.",
        "Rosie haunts the Tablet 1-5, enraged: put the card blue side up."],
    "tests/scripts/clue_it/unsolved.jsonl": [
        "Bo makes an accusation.", "Ada makes an accusation.", "Ada's accusation is wrong: Ada is out of the game."],
    "tests/scripts/ghost_at_home/three_players.jsonl": [
        "Cy turns on the light of the second floor.",
        "Discard the rooms and ghosts of the second floor of Cy's house; its light is off.",
        "The escape is stopped! Everyone refills to 3 cards, starting with Ada."],
    "tests/scripts/house_of_spirits/eighteen_points.jsonl": [
        "The plot card shows 4, so 5 or more was needed: Bo succeeds and takes Plot card 3.",
        "Vampire is killed; its card goes to the bottom of the monster deck.",
        "Monster 7 is killed; its card goes to the bottom of the monster deck."],
}


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_the_same_moments_in_english_and_italian(name):
    batches = _news_of(name)
    english, italian = _moments(batches, "en"), _moments(batches, "it")
    assert english == EXPECTED[name]
    lines = [line for news in batches for line in news]
    # the Italian moments are the same lines of the game, in Italian
    picked = [next(line for line in lines if str(line) == text) for text in english]
    assert italian == render_all(picked, "it")
    assert italian != english


def test_the_state_sends_which_lines_are_moments():
    from companion.i18n import msg, notable

    news = (msg("Ada rolled 4."), notable(msg("Three ghosts in room {room} become a haunting.", room="C")))
    assert protocol.notable_indexes(news) == [1]
    assert protocol.notable_indexes((str(news[1]),)) == []  # a bare string carries no mark


def test_a_state_without_news_takes_the_moments_from_the_log():
    from ui.model import TableModel

    model = TableModel()
    model.apply_state({"type": "state", "game": "x", "prompt": {"text": ""}, "news": [],
                       "log": ["Ada rolled 4.", "Tre fantasmi nella stanza C diventano un'infestazione."],
                       "log_notable": [1]})
    assert model.moments == ["Tre fantasmi nella stanza C diventano un'infestazione."]
    assert model.history == [("Ada rolled 4.", "news"), ("Tre fantasmi nella stanza C diventano un'infestazione.",
                                                          "moment")]
    model.apply_state({"type": "state", "game": "x", "prompt": {"text": ""}, "news": ["Bo rolled 6."],
                       "notable": [], "log": []})
    assert model.moments == ["Tre fantasmi nella stanza C diventano un'infestazione."]
