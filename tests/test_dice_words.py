"""Issue 17 item 7: the words that ask for the dice button follow the daemon's hardware.

The engines say a roll is wanted in two forms (:func:`companion.i18n.press_or_touch`); the
daemon renders "press the dice button" when it opened one and "touch “Roll the die”" when it
has none, in English and Italian, for the table screen, the phones and the terminal alike.
The client rewrites nothing (ui/hardware.py has no phrase match any more).
"""

from __future__ import annotations

import ast
import io
import re
from pathlib import Path

import pytest

from companion import script
from companion.client import Client
from companion.console import ConsoleView
from companion.daemon import DaemonSettings
from companion.engine import codec
from companion.engine.core import Prompt
from companion.header import GameHeader
from companion.i18n import msg, press_or_touch, render
from companion.inputs import Press, Touch
from companion.phones.link import DaemonTable
from companion.session import Session
from tests.daemon_fixture import running_daemon
from tests.golden_replays import ROOT, scripts

#: How a sentence asks for the dice button (not "Undone: Roll the die (dice button)", a press
#: that happened).
ASKS = {"en": re.compile(r"press\w* the dice button"), "it": re.compile(r"prem\w+ il pulsante dei dadi")}


def test_a_sentence_has_its_touch_form_only_where_asked():
    roll = msg("Roll the die")
    said = press_or_touch(msg("{player}: press the dice button", player="Ada"),
                          msg("{player}: touch “{button}”", player="Ada", button=roll))
    assert said.text == str(said) == "Ada: press the dice button"  # the sentence; its touch form beside it
    assert render(said, "en") == "Ada: press the dice button"
    assert render(said, "en", touch=True) == "Ada: touch “Roll the die”"
    assert render(said, "it") == "Ada: premi il pulsante dei dadi"
    assert render(said, "it", touch=True) == "Ada: tocca «Tira il dado»"
    inside = msg("{text}.", text=said)  # a refusal that repeats the prompt: the inner one follows too
    assert render(inside, "it", touch=True) == "Ada: tocca «Tira il dado»."


def test_a_kept_sentence_keeps_its_touch_form():
    said = press_or_touch(msg("{player}: press the dice button", player="Ada"),
                          msg("{player}: touch “{button}”", player="Ada", button=msg("Roll the die")))
    back = codec.tuples(codec.plain(said))
    assert render(back, "en", touch=True) == "Ada: touch “Roll the die”"
    assert codec.plain(msg("Roll the die")) == {"msgid": "Roll the die", "params": {}}  # others unchanged


def _walk(name: str):
    """Every prompt text, news line and refusal of the table script ``name`` (as a Session)."""
    table = script.load(ROOT / name)
    session = Session.start(table.header, None)
    yield session.prompt
    for line in table.lines:
        if session.prompt.over:
            return
        reply = session.handle(line.input)
        yield from ([] if reply.accepted else [reply.text]) + list(reply.news)
        yield session.prompt


def _asks_the_button(text) -> bool:
    return any(ASKS[lang].search(str(render(text, lang)).lower()) for lang in ASKS)


@pytest.mark.parametrize("name", [n for n in scripts() if "/creepy_cellar/" in n or "/clue_it/" in n
                                  or "/house_of_spirits/" in n or n.startswith("companion/data/")])
def test_no_sentence_asks_a_table_without_a_button_to_press_it(name):
    """Every sentence of every game's bundled scripts that asks for the dice button has its
    touch form, naming the button that rolls in the same language."""
    asking = 0
    for item in _walk(name):
        text = item.text if isinstance(item, Prompt) else item  # a news line keeps its touch form
        if not _asks_the_button(text):
            continue
        asking += 1
        main = next((c for c in getattr(item, "choices", ()) if c.button == "dice"), None)
        for lang, asks in ASKS.items():
            touched = render(text, lang, touch=True)
            assert not asks.search(touched.lower()), (lang, touched)
            if main is not None:
                assert render(main.label, lang) in touched, (lang, touched)
    assert asking, "no dice prompt seen"


def _called(node: ast.AST, name: str) -> bool:
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == name and bool(node.args)


def _msgid(node: ast.AST) -> str:
    """The literal sentence of a msg() call at ``node``, else ""."""
    first = node.args[0] if _called(node, "msg") else None
    return first.value if isinstance(first, ast.Constant) and isinstance(first.value, str) else ""


def _asking_and_paired(tree: ast.AST) -> tuple[set[str], set[str]]:
    """The msg() sentences of ``tree`` that ask for the dice button, and the ones that are
    the dice-button form of a press_or_touch()."""
    asking = {m for node in ast.walk(tree) if "press the dice button" in (m := _msgid(node))}
    paired = {_msgid(node.args[0]) for node in ast.walk(tree) if _called(node, "press_or_touch")}
    return asking, paired


def test_every_engine_sentence_that_asks_for_the_button_has_its_touch_form(games=Path(ROOT) / "companion" / "games"):
    """A new wording cannot forget the table without a dice button (every game's source)."""
    for path in sorted(games.rglob("*.py")):
        asking, paired = _asking_and_paired(ast.parse(path.read_text(encoding="utf-8")))
        assert asking <= paired, (path.name, asking - paired)


def _start(daemon, **stack):
    header = {"game": "creepy_cellar", "players": ["Ada", "Bo"], "seed": 3, "stack": stack}
    daemon.call(lambda: daemon.start_game(GameHeader.from_json(header)))


@pytest.mark.parametrize(("button", "lang", "words"), [
    (False, "en", "Ada: touch “Roll the die”"), (True, "en", "Ada: press the dice button"),
    (False, "it", "Ada: tocca «Tira il dado»"), (True, "it", "Ada: premi il pulsante dei dadi")])
def test_the_daemon_words_the_roll_as_its_hardware_is(tmp_path, button, lang, words):
    with running_daemon(tmp_path, settings=DaemonSettings(language=lang, dice_button=button)) as daemon:
        _start(daemon)
        state = daemon.call(lambda: daemon.publisher.state())
        assert state["hardware"]["dice_button"] is button
        assert state["prompt"]["text"] == words
        table = DaemonTable(daemon.context)  # the phones' page shows the same prompt
        table.state = state
        assert table.shared()["prompt"] == words
        out = io.StringIO()
        ConsoleView(out)(state)  # and the terminal
        assert words in out.getvalue()


def test_a_refusal_and_the_news_follow_the_hardware_too(tmp_path):
    notices = []
    with running_daemon(tmp_path) as daemon:  # no dice button opened
        _start(daemon, movement_die=[6])
        with Client(daemon.socket_path, on_message=notices.append).connect() as client:
            refused = client.choose("end-turn")
            assert refused["text"] == "A turn always begins by rolling the movement die. Ada: touch “Roll the die”."
        daemon.submit(Press("dice"))
        daemon.submit(Touch("end-turn"))
        daemon.drain()
        assert daemon.call(lambda: daemon.publisher.state())["prompt"]["text"] == "Bo: touch “Roll the die”"

