"""Issue 28: what the voice makes of each message the daemon broadcasts."""

from __future__ import annotations

from companion.voice.hearing import Hearing, first_sentence


def _state(revision, prompt="Ada: roll", todo=(), news=(), lang="en", voice=None, **extra):
    return {"type": "state", "revision": revision, "language": lang, "prompt": {"text": prompt, "over": False},
            "todo": [{"kind": "place", "text": t} for t in todo], "news": list(news), "view": {},
            "voice": voice or {}, **extra}


def _said(hearing, message):
    return [(u.kind, u.text) for u in hearing.heard(message)]


def test_on_connecting_it_says_what_to_do_now_and_the_prompt_not_the_old_news():
    hearing = Hearing()
    said = _said(hearing, _state(4, todo=["Place a ghost in room A."], news=["Ada rolled 3."]))
    assert said == [("todo", "Place a ghost in room A."), ("prompt", "Ada: roll")]


def test_an_input_says_its_news_then_what_to_do_then_the_new_prompt():
    hearing = Hearing()
    hearing.heard(_state(1))
    said = _said(hearing, _state(2, "Ada: move up to 3", todo=["Place a ghost in room D."],
                                 news=["Ada rolled 3.", "Place a ghost in room D."]))
    assert said == [("news", "Ada rolled 3."), ("todo", "Place a ghost in room D."), ("prompt", "Ada: move up to 3")]


def test_an_input_says_its_news_and_todo_lines_in_the_order_of_the_news():
    """voice15: Ghost at Home's "Bo's turn." was said before "Ada: draw 2 cards." (the screen's
    news read the other way), and "Ada escapes … and wins!" before the cat that let her go; a
    todo line is said where the news has it, one the news lacks (a setup step) after them."""
    hearing = Hearing()
    hearing.heard(_state(1))
    said = _said(hearing, _state(2, "Bo: play room cards", todo=["Ada: draw 2 cards."],
                                 news=["Ada: draw 2 cards.", "Bo's turn."]))
    assert said == [("todo", "Ada: draw 2 cards."), ("news", "Bo's turn."), ("prompt", "Bo: play room cards")]
    said = _said(hearing, _state(3, "The game is over", todo=["Ada discards a cat.", "Put the roof back."],
                                 news=["Ada rolled 3.", "Ada discards a cat.", "Ada escapes and wins!"]))
    assert said == [("news", "Ada rolled 3."), ("todo", "Ada discards a cat."), ("news", "Ada escapes and wins!"),
                    ("todo", "Put the roof back."), ("prompt", "The game is over")]


def test_the_same_state_again_says_nothing_and_the_same_todo_after_a_new_input_is_said_again():
    hearing = Hearing()
    hearing.heard(_state(1, todo=["Lock the green doors."]))
    assert _said(hearing, _state(1, todo=["Lock the green doors."])) == []
    assert _said(hearing, _state(2, todo=["Lock the green doors."])) == [("todo", "Lock the green doors.")]


def test_a_refused_tap_gets_the_refused_cue_and_the_first_sentence_of_the_refusal():
    hearing = Hearing()
    hearing.heard(_state(1))
    hearing.heard({"type": "input", "kind": "tap", "reader": "cards", "uid": None})
    said = _said(hearing, {"type": "notice", "level": "warning",
                           "text": "That card is not in this game. Ada: roll the die."})
    assert said == [("cue", "read-refused"), ("refusal", "That card is not in this game.")]
    assert _said(hearing, {"type": "notice", "level": "info", "text": "Reader cards is back."}) == []


def test_an_accepted_tap_a_haunting_and_the_end_have_their_cues():
    hearing = Hearing()
    hearing.heard(_state(1, view={"hauntings": 0, "decks": {"ghost": {"left": 9}}}))
    said = _said(hearing, _state(2, physical={"kind": "tap"}, view={"hauntings": 1, "decks": {"ghost": {"left": 8}}}))
    assert [t for k, t in said if k == "cue"] == ["read-accepted", "ghost-drawn", "haunting"]
    over = _state(3, "The game is over: the ghosts won.", view={"outcome": "lost"})
    over["prompt"]["over"] = True
    assert ("cue", "loss") in _said(hearing, over)


def test_what_to_say_follows_the_settings():
    todo = {"say": "todo"}
    hearing = Hearing()
    hearing.heard(_state(1, voice=todo))
    assert _said(hearing, _state(2, "Bo: roll", todo=["Take a ghost off room B."], news=["Ada rolled 2."],
                                 voice=todo, physical={"kind": "tap"})) == [
        ("cue", "read-accepted"), ("todo", "Take a ghost off room B.")]
    sounds = {"say": "sounds"}
    assert _said(hearing, _state(3, "Cy: roll", todo=["x"], voice=sounds, physical={"kind": "tap"})) == [
        ("cue", "read-accepted")]
    assert _said(hearing, _state(4, "Ada: roll", todo=["y"], voice={"on": False})) == []


def test_repeat_says_what_to_do_and_the_prompt_again():
    hearing = Hearing()
    hearing.heard(_state(1, todo=["Place a ghost in room A."]))
    assert _said(hearing, {"type": "repeat"}) == [("todo", "Place a ghost in room A."), ("prompt", "Ada: roll")]


def test_a_new_language_says_the_prompt_in_it():
    hearing = Hearing()
    hearing.heard(_state(1))
    said = _said(hearing, _state(1, "Ada: tocca «Tira il dado»", lang="it"))
    assert said == [("prompt", "Ada: tocca «Tira il dado»")]


def test_after_an_undo_the_news_and_what_to_put_back_are_said_as_undo():
    hearing = Hearing()
    hearing.heard(_state(1, lang="it"))
    said = _said(hearing, _state(2, news=["Annullato: Fine turno.", "Togliete il fantasma dalla stanza D."],
                                 todo=["Togliete il fantasma dalla stanza D."], lang="it", undone=True))
    assert said == [("undo", "Annullato: Fine turno."), ("undo", "Togliete il fantasma dalla stanza D.")]


def test_an_undo_is_known_by_the_states_undone_not_by_the_opening_words():
    """Issue 27 item 3: the voice reads the structure the daemon sends, so an undo said in
    other words is still an undo, and news that merely start like one are news."""
    hearing = Hearing()
    hearing.heard(_state(1))
    said = _said(hearing, _state(2, news=["Taken back: End turn."], todo=["Take the ghost off room D."],
                                 undone=True))
    assert said == [("undo", "Taken back: End turn."), ("undo", "Take the ghost off room D.")]
    said = _said(hearing, _state(3, news=["Undone: the name Bo chose for the ghost."], undone=False))
    assert said == [("news", "Undone: the name Bo chose for the ghost.")]


def test_first_sentence():
    assert first_sentence("Not now. Ada: roll the die.") == "Not now."
    assert first_sentence("Ada: take the screen") == "Ada: take the screen"


def test_a_first_game_lesson_is_said_after_the_prompt_and_not_again_on_repeat_of_the_state():
    """Issue 33 item 3: the lesson comes with the prompt it explains; the next prompt has none."""
    hearing = Hearing()
    hearing.heard(_state(1))
    lesson = {"rule": "Ghost Cards", "text": "A room card puts a ghost in that room."}
    said = _said(hearing, _state(2, "Ada: move up to 3", lesson=lesson))
    assert said == [("prompt", "Ada: move up to 3"), ("prompt", "A room card puts a ghost in that room.")]
    assert _said(hearing, _state(2, "Ada: move up to 3", lesson=lesson)) == []
    assert _said(hearing, _state(3, "Ada: move up to 2", lesson=None)) == [("prompt", "Ada: move up to 2")]
