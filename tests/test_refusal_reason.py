"""A refusal's reason for the table screen (issue 29: the banner repeated the prompt shown
beside it): the daemon's notice carries ``reason``, the sentence without its prompt, in the
table's language; ``text`` stays whole for the terminal, the voice and the log."""

from __future__ import annotations

import pytest

from companion import script
from companion.engine.core import sentence
from companion.i18n import msg, render
from companion.inputs import Touch
from companion.protocol import notice
from companion.refusal_reason import reason
from companion.session import Session
from tests.checkout import ROOT

PROMPT = sentence(msg("{player}: roll the die for monsters (a {skulls} or less brings one)", player="Ada",
                      skulls=2))


@pytest.mark.parametrize("text, en, it", [
    (msg("Not now. {prompt}", prompt=PROMPT), "Not now.", "Non ora."),
    (msg("The game moved on before your touch: {prompt}", prompt=PROMPT), "The game moved on before your touch.",
     "La partita è andata avanti prima del vostro tocco."),
    (msg("Turn order: roll, Ghost cards, move, fight, drop off, pick up, End turn. Now: {prompt}", prompt=PROMPT),
     "Turn order: roll, Ghost cards, move, fight, drop off, pick up, End turn.",
     "Ordine del turno: tiro, carte Fantasma, movimento, combattimento, deposito, raccolta, Fine turno."),
    (msg("The game is over."), "The game is over.", "La partita è finita."),
])
def test_the_reason_is_the_sentence_without_its_prompt(text, en, it):
    assert (reason(text, "en"), reason(text, "it")) == (en, it)
    shown = notice(text, lang="it")
    assert shown["reason"] == it and shown["text"] == render(text, "it")  # the text stays whole


def test_a_touch_a_game_refuses_is_told_to_the_screen_without_the_prompt():
    """A Creepy Cellar script's later touch, refused: the screen's words are the reason; the
    terminal's (the reply) still end with what is due now."""
    table = script.load(ROOT / "tests" / "scripts" / "creepy_cellar" / "nightmare-won.jsonl")
    session = Session.start(table.header)
    for line in table.lines[:len(table.lines) // 3]:
        session.handle(line.input, line.number)
    offered = {choice.key for choice in session.prompt.choices}
    later = [line.input.key for line in table.lines if isinstance(line.input, Touch)]
    reply = next(r for key in later if key not in offered and key != "undo"
                 for r in [session.handle(Touch(key))] if not r.accepted)
    for lang in ("en", "it"):
        told = notice(reply.text, lang=lang)
        prompt = render(session.prompt.text, lang)
        assert prompt.rstrip(".") in told["text"] and prompt.rstrip(".") not in told["reason"]
        assert told["reason"] and told["text"].startswith(told["reason"].rstrip("."))


def test_the_screen_shows_the_reason_and_the_history_keeps_the_whole_sentence():
    from ui.model import TableModel

    model = TableModel()
    model.show_notice("Not now. Ada: roll the die.", "warning", "Not now.")
    assert model.notice == "Not now."
    assert model.explained_history()[-1] == ("Not now. Ada: roll the die.", "notice", None)
    model.show_notice("The game is over.", "warning")
    assert model.notice == "The game is over."
