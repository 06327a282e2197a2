"""Every message ``make i18n`` should extract is where pybabel can see it (words20).

pybabel reads Python 3.11 source token by token, and an f-string is one token: a ``msg()``
(``nmsg``, ``todo``, ``ntodo``, ``fault``, ``_``) call inside ``f"...{msg('X')}..."`` is not
extracted, so ``make i18n`` drops its Italian from the catalogue unless the same words happen
to be extracted somewhere else, and the table then reads English. The same holds for a
message id that is itself an f-string or a sum of strings. One ``ast`` walk over babel.cfg's
Python places finds both (no window, well under a second).
"""

from __future__ import annotations

import ast
from pathlib import Path

from tests.checkout import ROOT
from tests.i18n_walk import KEYWORDS

#: babel.cfg's Python places.
PLACES = ("companion", "hardware", "ui", "docs/new-game")


def _keyword(call: ast.Call) -> str | None:
    func = call.func
    name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else None
    return name if name in KEYWORDS else None


def _id_positions(keyword: str) -> tuple[int, ...]:
    positions = KEYWORDS[keyword]
    return (0,) if positions is None else tuple(p - 1 for p in positions)


def hidden_messages(source: str, where: str = "<source>") -> list[str]:
    """The calls in ``source`` whose message pybabel cannot extract: a keyword call inside
    an f-string, and a keyword call whose message id is an f-string or a sum of strings."""
    found = []
    tree = ast.parse(source)
    for node in ast.walk(tree):
        if isinstance(node, ast.JoinedStr):
            found += [f"{where}:{call.lineno}: {ast.unparse(call)} inside an f-string"
                      for call in ast.walk(node) if isinstance(call, ast.Call) and _keyword(call)]
        elif isinstance(node, ast.Call) and (keyword := _keyword(node)):
            found += [f"{where}:{node.lineno}: {ast.unparse(node)}: its message id is not a literal"
                      for i in _id_positions(keyword)
                      if i < len(node.args) and isinstance(node.args[i], (ast.JoinedStr, ast.BinOp))]
    return found


def _sources() -> list[Path]:
    return sorted(path for place in PLACES for path in (ROOT / place).rglob("*.py"))


def test_the_walk_finds_a_message_inside_an_f_string():
    assert len(hidden_messages("x = f\"[{render(msg('Set-up'), lang)}]\"")) == 1
    assert len(hidden_messages("x = f\"{_('Step {n}', n=2)} · {words}\"")) == 1
    assert len(hidden_messages("x = f'! {self.say(msg(\"Staff: {m}\", m=t))}'")) == 1
    assert len(hidden_messages("x = msg(f'Room {n}')")) == 1
    assert len(hidden_messages("x = todo('place', 'A ' + 'b')")) == 1
    assert hidden_messages("x = f'[{marker}]'; marker = render(msg('NOT SAVED'), lang)") == []
    assert hidden_messages("x = nmsg('{n} left', '{n} left', 'n', n=2)") == []


def test_no_message_is_hidden_from_pybabel():
    assert len(_sources()) > 100
    found = [line for path in _sources()
             for line in hidden_messages(path.read_text(encoding="utf-8"), str(path.relative_to(ROOT)))]
    assert found == [], "pybabel cannot extract these: make the message outside the f-string\n" + "\n".join(found)
