"""Issue 28: a short scripted game of each of the five games, in English and Italian, through
the real daemon with the voice beside it writing to a directory (``companion voice --to``):
every prompt change and every todo line is said, in order; each WAV is sound, about as long
as its text; nothing private is said. espeak-ng speaks for real in two of them; the test
engine (a tone as long as the text) in the rest, to keep the suite fast."""

from __future__ import annotations

import shutil

import pytest

from companion.games.clue_it import components as ci
from companion.games.house_of_spirits import components as hc
from companion.i18n import render
from companion.now_playing import RECAP, now_playing
from companion.voice import wav
from companion.voice.cache import PhraseCache
from companion.voice.catalogue import fixed_phrases
from companion.voice.engines import Espeak, Tone
from companion.voice.prepare import prepare
from companion.voice.pronounce import Pronouncer
from tests.voice.table import SCRIPTS, play, said_for

needs_espeak = pytest.mark.skipif(shutil.which("espeak-ng") is None, reason="espeak-ng is not installed")

#: A script of each game, and how many of its inputs to play.
GAMES = {
    "creepy_cellar": ("creepy_cellar/basic-won.jsonl", 16),
    "children": ("children/players_win.jsonl", 16),
    "clue_it": ("clue_it/solved.jsonl", 16),
    "ghost_at_home": ("ghost_at_home/two_players.jsonl", 16),
    "house_of_spirits": ("house_of_spirits/secret_cards.jsonl", 16),
}

#: What may never be said before the table is told it: every House of Spirits secret victory
#: card (never told), every kept Intrigue card (told when played), the CLUE: IT envelope's cards.
SECRETS = tuple(hc.card(c).name for c in hc.ids("secret"))
KEPT = tuple(ci.card_name(c) for c in ci.intrigue_kinds() if c not in ci.IMMEDIATES and c != ci.RED_BALLOON)


def _spoken_in_order(played) -> None:
    said = [(s["kind"], s["text"]) for s in played.spoken if s["kind"] in ("prompt", "todo", "undo")]
    assert said == said_for(played.states)


def _sounds_right(played, directory, seconds_per_char=(0.03, 0.16)) -> None:
    low, high = seconds_per_char
    for line in played.spoken:
        sound = wav.read((directory / line["file"]).read_bytes())
        assert wav.rms(sound) > 0.01, line
        if line["kind"] == "cue":
            assert 0.05 <= sound.seconds <= 0.3, line
        else:
            assert low * len(line["text"]) <= sound.seconds <= high * len(line["text"]) + 0.6, (line, sound.seconds)


def _private_never_said(played) -> None:
    """Every sentence said is one the daemon broadcast to every screen (which tests/test_privacy.py
    proves carry nothing private), said after it was; a secret card is never said."""
    public = _public_sentences(played.messages)
    for line in played.spoken:
        assert not any(secret in line["text"] for secret in SECRETS), line
        if line["kind"] != "cue":
            assert line["text"] in public, line


def _public_sentences(messages) -> set[str]:
    said = set()
    for message in messages:
        if message.get("type") == "state":
            said |= {message["prompt"]["text"], *message["news"], *(t["text"] for t in message["todo"])}
            if message.get("table_game"):  # the game on the table, said when it changes (newcomer20 15)
                lang = message.get("language") or "en"
                said |= {render(now_playing(message["table_game"]), lang), render(RECAP, lang)}
        elif message.get("type") == "notice":
            said.add(message["text"])
    return said


@pytest.fixture(scope="module")
def prepared(tmp_path_factory):
    """A phrase cache after ``companion voice prepare`` (the test engine, the normal speed)."""
    directory = tmp_path_factory.mktemp("prepared")
    done = prepare(Tone(), PhraseCache(directory), speeds=("normal",))
    assert done["rendered"] == done["phrases"] > 1000
    return directory


def _no_fixed_phrase_live(played, lang) -> None:
    """After prepare, only phrases with names or numbers in them were rendered live."""
    pronounce = Pronouncer()
    fixed = {pronounce(phrase, lang) for phrase in fixed_phrases(lang)}
    assert played.hits > 0
    assert played.live and not [text for text, _ in played.live if text in fixed]


@pytest.mark.parametrize("lang", ["en", "it"])
@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_scripted_game_is_said_in_order(tmp_path, prepared, game, lang):
    path, lines = GAMES[game]
    played = play(tmp_path, SCRIPTS / path, lang, lines, cache_dir=prepared)
    _no_fixed_phrase_live(played, lang)
    assert len(played.spoken) > 10
    assert {s["lang"] for s in played.spoken} == {lang}
    assert any(s["kind"] == "todo" for s in played.spoken)
    _spoken_in_order(played)
    _sounds_right(played, tmp_path / "spoken")
    _private_never_said(played)


@needs_espeak
@pytest.mark.parametrize("game, lang", [("creepy_cellar", "it"), ("clue_it", "en")])
def test_espeak_says_a_scripted_game(tmp_path, game, lang):
    path, _ = GAMES[game]
    played = play(tmp_path, SCRIPTS / path, lang, 10, engine=Espeak())
    _spoken_in_order(played)
    _sounds_right(played, tmp_path / "spoken", (0.02, 0.2))


def test_an_undo_says_what_to_put_back(tmp_path):
    played = play(tmp_path, SCRIPTS / "creepy_cellar/table-check-correction.jsonl", "en")
    _spoken_in_order(played)
    undo = [s["text"] for s in played.spoken if s["kind"] == "undo"]
    assert undo and undo[0].startswith("Undone:"), undo


@pytest.mark.parametrize("path, lines", [("house_of_spirits/secret_cards.jsonl", 40), ("clue_it/solved.jsonl", None)])
def test_nothing_private_is_said_over_a_privacy_script(tmp_path, path, lines):
    played = play(tmp_path, SCRIPTS / path, "en", lines)
    assert len(played.spoken) > 50
    _private_never_said(played)
    kept = [line["text"] for line in played.spoken if any(card in line["text"] for card in KEPT)]
    if "clue_it" in path:  # a kept Intrigue card is said once played, as the screen shows it
        assert kept and all(" plays " in text for text in kept), kept
