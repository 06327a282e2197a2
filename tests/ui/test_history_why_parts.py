"""Issue 33 item 2, the table screen's side without a window: the client keeps one why (or
None) per History entry, from the state's ``why`` (news) and ``log_why`` (a state without
news starts the history again from the log), None for a notice; the History panel makes each
explained line a row of its own (with its Why? button) and runs the others together."""

from __future__ import annotations

ROLL = {"rule": "Let's Play", "text": "The movement die shows 4.", "from": [4]}
CARD = {"rule": "Ghost Cards", "text": "A room card puts a ghost in room C.", "from": ["C"]}


def _state(news, why, log, log_why=None) -> dict:
    message = {"type": "state", "game": "creepy_cellar", "prompt": {"text": "Ada: move"}, "news": news,
               "why": why, "log": log}
    if log_why is not None:
        message["log_why"] = log_why
    return message


def test_each_history_line_keeps_its_own_why():
    from ui.model import TableModel

    model = TableModel()
    model.apply_state(_state([], [], ["Game 1 started.", "Ada rolled 4.", "Drawn: room C."], [None, ROLL, CARD]))
    assert model.explained_history() == [("Game 1 started.", "news", None), ("Ada rolled 4.", "news", ROLL),
                                         ("Drawn: room C.", "news", CARD)]
    model.show_notice("Not now.", "warning")
    model.apply_state(_state(["Bo rolled 6.", "A 6: no Ghost card."], [ROLL, None], []))
    assert model.explained_history()[-4:] == [
        ("Drawn: room C.", "news", CARD), ("Not now.", "notice", None), ("Bo rolled 6.", "news", ROLL),
        ("A 6: no Ghost card.", "news", None)]
    assert model.why == [("Bo rolled 6.", ROLL)]


def test_an_older_daemon_without_log_why_explains_no_older_line():
    from ui.model import TableModel

    model = TableModel()
    model.apply_state(_state([], [], ["Ada rolled 4.", "Drawn: room C."]))
    assert [why for _t, _k, why in model.explained_history()] == [None, None]
    model.apply_state(_state(["Bo rolled 6."], [ROLL, "junk"], []))  # a stray extra entry is ignored
    assert [why for _t, _k, why in model.explained_history()] == [None, None, ROLL]


def test_the_history_panel_rows():
    from ui.widgets.history import runs

    rows = runs([("Game 1 started.", "news", None), ("Ada moves.", "news", None), ("Ada rolled 4.", "news", ROLL),
                 ("Not now.", "notice", None)])
    assert [(text, why) for _markup, text, why in rows] == [("", None), ("Ada rolled 4.", ROLL), ("", None)]
    assert rows[0][0].count("\n") == 1 and "Game 1 started." in rows[0][0] and "Ada moves." in rows[0][0]
    assert "Ada rolled 4." in rows[1][0] and "! Not now." in rows[2][0]


def test_a_state_without_news_keeps_the_why_of_the_lines_it_shows():
    """Found by the trial helper: after a language switch or a screen reconnecting, the state
    has no news and the board shows the log's last lines (``news = log[-3:]``); their whys
    (``log_why``) stay behind the Why? under the board, as they do in History."""
    from ui.model import TableModel

    model = TableModel()
    model.apply_state(_state(["Ada rolled 4.", "Drawn: room C."], [ROLL, CARD], []))
    assert model.why == [("Ada rolled 4.", ROLL), ("Drawn: room C.", CARD)]
    model.apply_state(_state([], [], ["Game 1 started.", "Ada ha fatto 4.", "Pescata: stanza C."], [None, ROLL, CARD]))
    assert model.news == ["Game 1 started.", "Ada ha fatto 4.", "Pescata: stanza C."]
    assert model.why == [("Ada ha fatto 4.", ROLL), ("Pescata: stanza C.", CARD)]
