"""Issue 28: the voice's parts one by one (engines' command lines, the cache's key, the
pronunciation tables, the player command, the volume)."""

from __future__ import annotations

import shutil
import sys
import threading

import pytest

from companion.voice import wav
from companion.voice.cache import PhraseCache
from companion.voice.engines import Espeak, Piper, Tone, make_engine
from companion.voice.outputs import PlayerCommand, choose_player
from companion.voice.pronounce import Pronouncer
from companion.voice.utterance import Utterance

needs_espeak = pytest.mark.skipif(shutil.which("espeak-ng") is None, reason="espeak-ng is not installed")


def test_espeak_reads_the_text_from_its_input_in_the_table_language_and_speed():
    engine = Espeak()
    assert engine.argv("it", "slow") == ["espeak-ng", "-v", "it", "-s", "120", "--stdout"]
    assert engine.argv("en", "normal") == ["espeak-ng", "-v", "en-gb", "-s", "165", "--stdout"]


def test_piper_is_run_with_the_model_of_the_language_and_espeak_speaks_the_others():
    engine = make_engine("piper", {"it": "/voices/it_IT-paola-medium.onnx"})
    assert isinstance(engine, Piper)
    assert engine.argv("it", "slow", "/tmp/x.wav") == [
        "piper", "--model", "/voices/it_IT-paola-medium.onnx", "--output_file", "/tmp/x.wav", "--length_scale", "1.35"]
    assert engine.voice("it") == "piper:it_IT-paola-medium.onnx"
    assert engine.voice("en") == "en-gb"  # no English model: espeak-ng


@pytest.mark.skipif(shutil.which("piper") is None, reason="piper is not installed (and no model is downloaded)")
def test_piper_without_its_model_file_fails_in_one_line(tmp_path):
    from companion.voice.engines import EngineError

    with pytest.raises(EngineError, match="piper failed"):
        Piper({"en": str(tmp_path / "missing.onnx")}).render("Hello.", "en", "normal")


@needs_espeak
def test_espeak_renders_italian_as_a_sound_as_long_as_its_text():
    sound = wav.read(Espeak().render("Mettete un fantasma nella stanza H.", "it", "normal"))
    assert 1.0 < sound.seconds < 4.0 and wav.rms(sound) > 0.03


def test_the_cache_keys_engine_voice_rate_and_text_and_renders_once(tmp_path):
    cache, engine = PhraseCache(tmp_path), Tone()
    first = cache.get(engine, "Lock the green doors.", "en", "normal")
    assert cache.get(engine, "Lock the green doors.", "en", "normal") == first
    assert (cache.hits, cache.misses, cache.live) == (1, 1, [("Lock the green doors.", "en")])
    text = "Lock the green doors."
    paths = {cache.path(engine, text, lang, speed) for lang in ("en", "it") for speed in ("slow", "normal")}
    assert len(paths) == 4
    assert cache.path(Espeak(), text, "en", "normal") != cache.path(engine, text, "en", "normal")


def test_pronunciation_tables_per_language_and_the_config_s_names():
    say = Pronouncer({"en": {"Siobhan": "Shivawn"}})
    assert say("The Ghost King moves to room B.", "it") == "The Gòst King moves to room B."
    assert say("Kitty Kitty comes out.", "it") == "Kìtti Kìtti comes out."
    assert say("Siobhan: roll the die", "en") == "Shivawn: roll the die"
    assert say("Siobhanna: roll", "en") == "Siobhanna: roll"  # whole words only


def test_a_question_mark_die_face_is_said_but_a_question_is_not_changed():
    """Newcomer trial: "Ada ha fatto ?." was heard as "Ada ha fatto" (1.08 s): no result."""
    say = Pronouncer()
    assert say("Ada ha fatto ?.", "it") == "Ada ha fatto punto interrogativo."
    assert say("Ada rolled ?.", "en") == "Ada rolled a question mark."
    assert say("Ready? Bo rolled 3.", "en") == "Ready? Bo rolled 3."


def test_a_quoted_question_mark_is_said_with_one_article():
    """newcomer: CLUE: IT's roll-off prompt ('a "?" counts as 1') was said "a a question mark
    counts as 1"."""
    say = Pronouncer()
    assert say('Roll-off for the first player (Ada, Bo): touch “Roll for first player”; a "?" counts as 1', "en") \
        == "Roll-off for the first player (Ada, Bo): touch “Roll for first player”; a question mark counts as 1"
    assert say('Everyone rolls a die and the highest goes first; a "?" counts as 1 here.', "en") \
        == "Everyone rolls a die and the highest goes first; a question mark counts as 1 here."


def test_a_question_ending_in_a_bracket_or_a_quote_keeps_its_question_mark():
    """voice15: Ghost at Home's "(you draw as many)?" was said "… as many a question mark"
    and "(carta gatto)?" "… carta gatto punto interrogativo": a die face stands alone, after a
    space; a question's mark follows a word, a bracket or a quote."""
    say = Pronouncer()
    for text, lang in (("Cy: how many cards do you discard face down (you draw as many)?", "en"),
                       ("Cy: quante icone di lampadine ha questa carta (carta gatto)?", "it"),
                       ("Cy: quante carte scarti coperte (ne peschi altrettante)?", "it"),
                       ("Is it “Ada”?", "en"), ("È «Ada»?", "it")):
        assert say(text, lang) == text
    assert say("Ada rolled ? and 5.", "en") == "Ada rolled a question mark and 5."
    assert say('Tiro per il primo giocatore (Ada, Bo): toccate «Tira per il primo giocatore»; un "?" vale 1', "it") \
        == "Tiro per il primo giocatore (Ada, Bo): toccate «Tira per il primo giocatore»; un punto interrogativo vale 1"


def test_a_tablet_s_number_and_the_clue_sheet_are_said_as_words():
    """voice15: the English voice said Children's stand-in "Tablet 2-4" as "Tablet two dash
    four" (the Italian voice says "Tessera due quattro"), and the Italian voice said "scheda
    CLUE" as "klue"."""
    say = Pronouncer()
    assert say("Put the Tablet 2-4 on the 2nd floor.", "en") == "Put the Tablet 2 4 on the 2nd floor."
    assert say("The Spire and the Tablet 3-5 swap places.", "en") == "The Spire and the Tablet 3 5 swap places."
    assert say("Game Setup 1-6", "en") == "Game Setup 1-6"  # a range stays one
    assert say("Ognuno prende una scheda CLUE e la tiene per sé.", "it") == (
        "Ognuno prende una scheda Clù e la tiene per sé.")
    assert say("CLUE: IT", "it") == "Clù It"


def test_the_volume_scales_the_samples():
    sound = wav.read(Tone().render("Hello there.", "en", "normal"))
    quieter = wav.scaled(sound, 50)
    assert abs(wav.rms(quieter) - wav.rms(sound) / 2) < 0.005 and quieter.seconds == sound.seconds


def test_the_player_command_gets_the_whole_wav_and_can_be_stopped(tmp_path):
    out = tmp_path / "played.wav"
    copy = f"import sys; open({str(out)!r}, 'wb').write(sys.stdin.buffer.read())"
    player = PlayerCommand([sys.executable, "-c", copy])
    sound = Tone().render("A phrase.", "en", "normal")
    assert player.play(sound, Utterance("A phrase.", "en", "prompt"), threading.Event())
    assert out.read_bytes() == sound
    stop = threading.Event()
    stop.set()
    slow = PlayerCommand([sys.executable, "-c", "import time; time.sleep(30)"])
    assert not slow.play(sound, Utterance("A phrase.", "en", "prompt"), stop)


def test_the_player_is_aplay_on_a_system_without_a_sound_server(monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(tmp_path))
    assert choose_player("auto") == ["aplay", "-q", "-"]
    assert choose_player("aplay", "plughw:1,0") == ["aplay", "-D", "plughw:1,0", "-q", "-"]


def test_the_doctor_says_where_the_sound_goes(tmp_path):
    from companion.doctor import WARN, Probe
    from companion.voice.config import VoiceConfig
    from companion.voice.doctor import check_voice

    lines = list(check_voice(VoiceConfig(), Probe(root=tmp_path)))
    assert lines[-1].status == WARN and "no sound output" in lines[-1].text and "max98357a" in lines[-1].fix
    (tmp_path / "dev/snd").mkdir(parents=True)
    (tmp_path / "dev/snd/pcmC0D0p").touch()
    (tmp_path / "proc/asound").mkdir(parents=True)
    (tmp_path / "proc/asound/cards").write_text(" 0 [sndrpihifiberry]: simple-card - snd_rpi_hifiberry_dac\n")
    last = list(check_voice(VoiceConfig(), Probe(root=tmp_path)))[-1]
    assert last.text == "voice: sound output pcmC0D0p (simple-card - snd_rpi_hifiberry_dac)"
    if shutil.which("espeak-ng"):
        assert lines[0].text == "voice: espeak-ng is installed (English and Italian)"
