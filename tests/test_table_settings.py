"""Issue 27: the voice's and the table screen's settings are each one msgspec record
(:mod:`companion.table_settings`); the refusals are said from the fields' types."""

from __future__ import annotations

from typing import Any, ClassVar

import msgspec
import pytest

from companion import screen_settings, table_settings
from companion.protocol import SCREEN_DEFAULTS, VOICE_DEFAULTS
from companion.voice import settings as voice_settings


def test_each_record_s_defaults_are_the_protocol_s():
    assert table_settings.defaults(voice_settings.VoiceSettings) == VOICE_DEFAULTS == voice_settings.DEFAULTS
    assert table_settings.defaults(screen_settings.ScreenSettings) == SCREEN_DEFAULTS == screen_settings.DEFAULTS
    assert list(table_settings.defaults(voice_settings.VoiceSettings)) == ["on", "volume", "speed", "say"]
    assert voice_settings.SPEEDS == ("slow", "normal") and voice_settings.SAY == ("everything", "todo", "sounds")
    assert screen_settings.TEXT_SIZES == ("normal", "large")


@pytest.mark.parametrize("update, refusal", [
    ([], 'voice is an object such as {"on": true, "volume": 80}'),
    ({"pitch": 3}, "unknown voice setting 'pitch' (known: on, volume, speed, say)"),
    ({"on": 1}, "voice.on is true or false, not 1"),
    ({"volume": -1}, "voice.volume is a whole number from 0 to 100, not -1"),
    ({"volume": "80"}, "voice.volume is a whole number from 0 to 100, not '80'"),
    ({"say": "all"}, "voice.say is one of everything, todo, sounds, not 'all'"),
    ({"on": True, "pitch": 3, "volume": 101}, "unknown voice setting 'pitch' (known: on, volume, speed, say)"),
])
def test_a_bad_update_is_refused_naming_its_first_bad_key(update: Any, refusal: str):
    with pytest.raises(table_settings.SettingsError) as refused:
        voice_settings.checked(update)
    assert str(refusal) == str(refused.value)


def test_a_good_update_is_the_keys_given():
    assert voice_settings.checked({"volume": 0, "speed": "slow"}) == {"volume": 0, "speed": "slow"}
    assert screen_settings.checked({}) == {}


def test_kept_text_that_no_longer_fits_reads_as_the_defaults():
    assert voice_settings.from_text('{"volume": 101}') == voice_settings.from_text("[1]") == VOICE_DEFAULTS
    assert voice_settings.from_text('{"on": false}') == {**VOICE_DEFAULTS, "on": False}


def test_a_field_without_its_words_is_a_defect_said_at_once():
    class Odd(msgspec.Struct, frozen=True):
        key: ClassVar[str] = "odd"
        example: ClassVar[str] = "{}"
        ratio: float = 0.5

    with pytest.raises(TypeError, match="needs its words"):
        table_settings.checked({"ratio": "x"}, Odd)
