"""budgets.py's screen-process tap row: each tap's state found at the other screen by its revision."""

from benchmarks.budgets import to_screen


def test_each_tap_is_timed_to_the_first_arrival_of_its_own_revision():
    started = {11: 1.000, 13: 2.000, 15: 3.000}  # the taps' states; 12 and 14 are their undos
    lines = ["10 0.5", "11 1.0015", "12 1.5", "11 1.9", "13 2.0025", "14 2.5"]  # 11 sent twice, 15 never came
    got = to_screen(started, lines)
    assert [round(s, 6) for s in got] == [0.0015, 0.0025]
