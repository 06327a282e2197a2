"""Issue 17 item 7: the words follow the hardware the daemon says it has."""

from __future__ import annotations

from ui.hardware import can_enroll, dice_button, no_reader_text, readers_of
from ui.screens.home import readers_summary

NO_BUTTON = {"dice_button": False, "virtual": True, "readers": []}
ONE_READER = {"dice_button": True, "virtual": False,
              "readers": [{"name": "table", "role": "cards", "online": True, "virtual": False}]}


def test_the_state_says_whether_there_is_a_dice_button():
    assert dice_button(NO_BUTTON) is False and dice_button(ONE_READER) is True and dice_button({}) is None


def test_the_table_shows_the_prompt_the_daemon_words():
    """The daemon words the prompt for its hardware (tests/test_dice_words.py); the client
    rewrites nothing, whatever the wording (a phrase match broke on every new one)."""
    from ui.model import TableModel

    model = TableModel()
    for text in ("Ada: press the dice button", "Ada: touch “Roll the die”", "Ada: premete il pulsante dei dadi"):
        model.apply_state({"type": "state", "language": "en", "hardware": NO_BUTTON, "prompt": {
            "text": text, "player": "Ada", "choices": [{"key": "roll", "label": "Roll the die", "main": True}]}})
        assert model.prompt_text == text


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


def test_the_state_s_storage_warning_is_kept_until_the_daemon_saves_again():
    """Issue 26 item 4: the state carried ``storage_warning`` but no screen showed it
    (tests/ui/test_storage_warning_screen.py shows it in a window)."""
    from ui.model import TableModel

    model = TableModel()
    warning = "The game is not being saved (disk full). Its inputs are kept in memory."
    state = {"type": "state", "language": "en", "hardware": NO_BUTTON, "storage_warning": warning,
             "prompt": {"text": "Ada: roll", "player": "Ada", "choices": []}}
    model.apply_state(state)
    assert model.storage_warning == warning
    model.apply_state({**state, "storage_warning": None})
    assert model.storage_warning == ""
