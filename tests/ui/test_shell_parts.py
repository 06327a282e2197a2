"""The shell's Kivy-free parts (issue 6): one finger one touch, reader activity, the
words of the home and settings screens, and the client's translations."""

from __future__ import annotations

from ui import text
from ui.readers import ReaderActivity
from ui.touchfilter import Down, DuplicateFilter


def test_a_finger_reported_by_two_providers_is_one_touch():
    f = DuplicateFilter()
    assert not f.is_duplicate(Down(10.000, 400, 200, "mtdev"))
    assert f.is_duplicate(Down(10.004, 401, 199, "hidinput"))  # same finger, other provider
    assert not f.is_duplicate(Down(10.010, 400, 200, "mtdev"))  # same provider: a real second touch
    assert not f.is_duplicate(Down(10.020, 600, 200, "hidinput"))  # elsewhere: another finger
    assert not f.is_duplicate(Down(10.500, 400, 200, "hidinput"))  # later: a new touch


def test_reader_activity_counts_reads_per_minute_and_the_last_press():
    now = [100.0]
    activity = ReaderActivity(lambda: now[0])
    for uid in ("04AA", "04BB", None):
        activity.seen({"type": "input", "kind": "tap", "reader": "cards", "uid": uid})
        now[0] += 10
    activity.seen({"type": "input", "kind": "press", "button": "dice", "held": 0.2})
    assert activity.per_minute("cards") == 3 and activity.readers["cards"].last is None
    assert activity.ago("cards") == 10.0 and activity.ago("dice", button=True) == 0.0
    now[0] += 35  # the first read is now 65 s old, the second 55
    assert activity.per_minute("cards") == 2 and activity.per_minute("tiles") == 0


def test_home_and_settings_words():
    assert text.ago_text(30) == "just now" and text.ago_text(600) == "10 min ago"
    assert text.ago_text(7200) == "2 h ago" and text.ago_text(3 * 86400) == "3 days ago"
    assert text.players_text(["Ada", "Bo", "Cy"]) == "Ada, Bo and Cy" and text.players_text(["Ada"]) == "Ada"
    # a value the daemon sent no words for (a game's words come with its values: test_newgame_words)
    assert [text.value_text(v) for v in (True, False, "virtual", "skip_cellar")] == [
        "Yes", "No", "Virtual", "Skip cellar"]


def test_a_refusal_stays_in_the_log_marked_not_only_by_colour():
    lines = [("Ada rolled 3.", "news"), ("That card is not due now.", "notice")]
    shown = text.log_markup(lines, fresh=1).split("\n")
    assert shown[0].endswith("Ada rolled 3.[/color]")
    assert shown[1] == text.coloured("! That card is not due now.", text.theme.NOTICE)


def test_the_clients_words_follow_the_language():
    from ui.i18n import translate

    assert translate("Undo", "en") == "Undo" and translate("Undo", "it") == "Annulla mossa"
    assert translate("Turn {number}", "it", number=9) == "Turno 9"
    assert translate("Undo", "xx") == "Undo"
    assert text.turn_markup({"turn_number": 9}, "Ada", False, lambda t, **p: translate(t, "it", **p)) == (
        "Turno 9 · turno di [color=ffcc33]Ada[/color]")


def test_a_header_that_starts_with_whose_turn_starts_with_a_capital():
    """House of Spirits counts rounds, not turns, and the portrait header shows only whose
    turn it is: the Italian header read "turno di Ada" (the lead's shots, session 15)."""
    from ui.i18n import translate

    def italian(t, **p):
        return translate(t, "it", **p)

    ada = "[color=ffcc33]Ada[/color]"
    assert text.turn_markup({}, "Ada", False, italian) == f"Turno di {ada}"
    assert text.turn_markup({"turn_number": 9}, "Ada", False, italian, short=True) == f"Turno di {ada}"
    assert text.turn_markup({"turn_number": 9}, "Ada", False, italian, lines=True) == f"Turno 9\nTurno di {ada}"
    assert text.turn_markup({}, "Ada", False) == f"{ada}'s turn"  # a name first: as it is
