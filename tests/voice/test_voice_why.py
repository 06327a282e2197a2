"""Issue 33 item 2: "Why?" spoken. The table screen sends ``{"cmd": "why"}``; the daemon
broadcasts ``{"type": "why"}``; the voice (a client of its own) says each explanation of the
latest news, its rulebook section then the companion's words, in the table's language.
espeak-ng speaks for real here (the transcript is ``spoken.jsonl``; each WAV is checked)."""

from __future__ import annotations

import shutil

import pytest

from companion.client import Client
from companion.header import GameHeader
from companion.voice import wav
from companion.voice.engines import Espeak
from companion.voice.hearing import Hearing
from tests.daemon_fixture import running_daemon
from tests.voice.table import voice_on

#: Ada rolls 4 (a Ghost card first: room C), Bo rolls 6.
HEADER = {"game": "creepy_cellar", "players": ["Ada", "Bo"], "seed": 3, "options": {},
          "stack": {"movement_die": [4, 6, 6], "ghost": ["room-C", "room-F"]}}

EN = ["Let's Play. The movement die shows 4: a Ghost card is flipped first, then move up to 4.",
      "Ghost Cards. A room card puts a ghost in room C.",
      "The card named room C, so a ghost goes there."]  # the same section is not said twice
IT_START = "Si gioca. Il dado di movimento mostra 6"


def _whys(voice) -> list[dict]:
    return [line for line in voice.spoken() if line["kind"] == "why"]


def _wait_said(voice, count: int, timeout: float = 30.0) -> list[dict]:
    import time

    end = time.monotonic() + timeout
    while len(_whys(voice)) < count and time.monotonic() < end:
        time.sleep(0.05)
    assert voice.queue.wait_idle(timeout)
    return _whys(voice)


@pytest.mark.skipif(shutil.which("espeak-ng") is None, reason="espeak-ng is not installed")
def test_why_is_spoken_in_english_and_italian(tmp_path):
    spoken = tmp_path / "spoken"
    with running_daemon(tmp_path) as daemon, Client(daemon.socket_path).connect() as table, \
            voice_on(daemon.socket_path, spoken, Espeak()) as voice:
        daemon.call(lambda: daemon.start_game(GameHeader.from_json(HEADER)))
        voice.caught_up(daemon)  # connected before the roll: a voice that connects later never heard its news
        assert table.request({"cmd": "choose", "key": "roll"})["ok"]
        voice.caught_up(daemon)
        assert table.request({"cmd": "why"})["ok"]
        said = _wait_said(voice, 3)
        assert [(s["lang"], s["text"]) for s in said] == [("en", text) for text in EN]
        assert table.request({"cmd": "language", "language": "it"})["ok"]
        for key in ("end-turn", "roll"):
            assert table.request({"cmd": "choose", "key": key})["ok"]
        voice.caught_up(daemon)
        assert table.request({"cmd": "why"})["ok"]
        said = _wait_said(voice, 4)
    assert said[3]["lang"] == "it" and said[3]["text"].startswith(IT_START) and len(said) == 4, said
    for line in said:
        sound = wav.read((spoken / line["file"]).read_bytes())
        assert wav.rms(sound) > 0.01, line
        assert 0.03 * len(line["text"]) <= sound.seconds <= 0.16 * len(line["text"]) + 0.6, (line, sound.seconds)


def test_why_with_nothing_to_explain_says_so_and_the_sounds_only_voice_says_nothing():
    hearing = Hearing()
    hearing.heard({"type": "state", "revision": 1, "language": "it", "news": ["Ada ha fatto 6."], "why": [None],
                   "prompt": {"text": "Ada: muovete"}})
    assert [(u.kind, u.text) for u in hearing.heard({"type": "why"})] == [("why", "Ancora niente da spiegare.")]
    hearing.heard({"type": "state", "revision": 2, "language": "en", "news": ["a", "b", "c", "d"],
                   "why": [{"rule": "Ghost Cards", "text": "A room card puts a ghost there.", "from": []}, None,
                           {"rule": "Ghost Cards", "text": "Room C.", "from": []},
                           {"rule": "Let's Play", "text": "Move up to 4.", "from": [4]}],
                   "prompt": {"text": "Ada: move"}, "voice": {"say": "todo"}})
    assert [(u.kind, u.text) for u in hearing.heard({"type": "why"})] == [
        ("why", "Ghost Cards. A room card puts a ghost there."), ("why", "Room C."),
        ("why", "Let's Play. Move up to 4.")]
    hearing.heard({"type": "state", "revision": 3, "news": [], "why": [], "voice": {"say": "sounds"}})
    assert hearing.heard({"type": "why"}) == []


def test_why_after_a_state_without_news_explains_the_lines_the_board_shows():
    """Found by the trial helper: after a language switch (or the voice reconnecting) the
    state has no news; the board shows the log's last 3 lines and their Why? (``log_why``),
    so the voice says those, in the new language, not "nothing to explain"."""
    hearing = Hearing()
    roll = {"rule": "Let's Play", "text": "The movement die shows 4.", "from": [4]}
    hearing.heard({"type": "state", "revision": 1, "language": "en", "news": ["Ada rolled 4."], "why": [roll],
                   "log": ["Game 1 started.", "Ada rolled 4."], "log_why": [None, roll], "prompt": {"text": "x"}})
    tiro = {"rule": "Si gioca", "text": "Il dado di movimento mostra 4.", "from": [4]}
    hearing.heard({"type": "state", "revision": 1, "language": "it", "news": [], "why": [],
                   "log": ["Vecchia riga.", "Partita 1 iniziata.", "Ada ha fatto 4.", "Tocca a Bo."],
                   "log_why": [tiro, None, tiro, None], "prompt": {"text": "x"}})
    assert [(u.lang, u.text) for u in hearing.heard({"type": "why"})] == [
        ("it", "Si gioca. Il dado di movimento mostra 4.")]
