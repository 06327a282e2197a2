"""Issue 17 item 7: the words follow the hardware the daemon says it has."""

from __future__ import annotations

from ui.hardware import can_enroll, dice_button, no_reader_text, readers_of, without_dice_button
from ui.i18n import translate
from ui.screens.home import readers_summary

NO_BUTTON = {"dice_button": False, "virtual": True, "readers": []}
ONE_READER = {"dice_button": True, "virtual": False,
              "readers": [{"name": "table", "role": "cards", "online": True, "virtual": False}]}


def _it(text, **params):
    return translate(text, "it", **params)


def test_no_dice_button_means_touch_roll():
    assert dice_button(NO_BUTTON) is False and dice_button({}) is None
    assert without_dice_button("Ada: press the dice button", "Roll the die", "en") == "Ada: touch Roll the die"
    said = without_dice_button("Ada: premi il pulsante dei dadi", "Tira il dado", "it", _it)
    assert said == "Ada: tocca «Tira il dado»"


def test_home_says_no_reader_true_to_the_dice_button():
    words = lambda t, **p: t.format(**p)  # noqa: E731
    assert readers_summary({}, words, NO_BUTTON) == ("No NFC reader is configured: the table plays by touch.", False)
    with_button = {**NO_BUTTON, "dice_button": True}
    assert readers_summary({}, words, with_button)[0] == (
        "No NFC reader is configured: the table plays by touch and the dice button.")
    assert readers_summary({}, words, {})[0] == "No reader has reported yet."  # an older daemon


def test_no_reader_is_said_as_it_is():
    assert no_reader_text(NO_BUTTON) == "No NFC reader is configured: the table plays by touch."
    assert no_reader_text({**NO_BUTTON, "dice_button": True}) == (
        "No NFC reader is configured: the table plays by touch and the dice button.")
    assert no_reader_text({}) == "No reader has reported yet."  # an older daemon: no claim
    assert can_enroll(NO_BUTTON, {}) is False and can_enroll({}, {}) is None
    assert can_enroll(ONE_READER, readers_of(ONE_READER, {})) is True
