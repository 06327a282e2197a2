"""No shared module knows an individual game (issue 27 item 3): the protocol, the console and
the table screen's modules (``ui/``) name no game's id and hold no game's word list. What a
game says about itself (its options' headings and values' words, its door panel's words...)
is the game's, sent by the daemon (``docs/new-game.md``); a drawn board
(``ui/boards/<game id>.py``, its parts ``ui/boards/<game id>_*.py``, its ``ui/kv/<game id>.kv``)
is the one UI place that knows its game.

Checked on the source, as a grep would, but with ``ast``: the code's strings and imports,
not its docstrings and comments (a docstring may name a game as an example). The games and
their words come from the registry, so a sixth game is checked too.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from companion.engine import all_games

ROOT = Path(__file__).resolve().parents[1]

#: The shared modules beside ``ui/`` (issue 27 item 3's list and the protocol's other halves).
SHARED = ("companion/protocol.py", "companion/console.py", "companion/messages.py", "companion/schema.py",
          "companion/undo_words.py")

#: Shared modules allowed to name games, and why.
ALLOWED = {
    "ui/boards/__init__.py": "the BOARDS table: one line per drawn board (docs/new-game.md)",
}

#: This many of one game's option keys and values in one module make a word list (a module may
#: read a view key or two that share a word with an option, such as "ghosts").
LIST = 5


def shared_modules() -> list[str]:
    games = set(all_games())
    found = [*SHARED, *(p.relative_to(ROOT).as_posix() for p in sorted((ROOT / "ui").rglob("*.py")))]
    own = {f"ui/boards/{game}.py" for game in games}
    parts = tuple(f"ui/boards/{game}_" for game in games)  # a board's own parts: clue_it_legend.py
    return [path for path in found if path not in own and not path.startswith(parts) and path not in ALLOWED]


def _strings(tree: ast.AST) -> list[tuple[int, str]]:
    """(line, text) of every string in the code: constants that are no docstring, and the
    modules imported."""
    docs = {id(node.body[0].value) for node in ast.walk(tree)
            if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
            and node.body and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant)}
    found = [(node.lineno, node.value) for node in ast.walk(tree)
             if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs]
    found += [(node.lineno, node.module) for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) and node.module]
    found += [(node.lineno, alias.name) for node in ast.walk(tree) if isinstance(node, ast.Import)
              for alias in node.names]
    return found


def game_names(source: str, games: dict) -> list[str]:
    """"line: text" for each string of ``source``'s code naming one of ``games`` by its id."""
    ids = re.compile(r"\b(" + "|".join(re.escape(g) for g in sorted(games)) + r")\b")
    return [f"{line}: {text!r}" for line, text in _strings(ast.parse(source)) if ids.search(text)]


def word_lists(source: str, games: dict) -> list[str]:
    """The games whose option keys and values ``source``'s code holds :data:`LIST` or more of,
    each with the words found."""
    strings = {text for _line, text in _strings(ast.parse(source))}
    found = []
    for game_id, game in games.items():
        words = {o.name for o in game.options} | {v for o in game.options for v in o.values if isinstance(v, str)}
        held = sorted(strings & words)
        if len(held) >= LIST:
            found.append(f"{game_id}: {', '.join(held)}")
    return found


@pytest.mark.parametrize("path", shared_modules())
def test_a_shared_module_names_no_game(path):
    games = all_games()
    source = (ROOT / path).read_text(encoding="utf-8")
    assert game_names(source, games) == [], f"{path} names a game: its words belong to the game"
    assert word_lists(source, games) == [], f"{path} holds a game's words: the game should send them"


def test_the_check_finds_a_planted_game_and_word_list():
    """Both checks bite: a game's id in code (not in a docstring), and a table of one game's
    option words (what ui/option_words.py and ui.text.value_text were)."""
    games = all_games()
    planted = '"""Creepy Cellar and creepy_cellar in a docstring are fine."""\n' \
              'PLACES = {"children": 1}\nfrom companion.games.clue_it import rules\n'
    assert game_names(planted, games) == ["2: 'children'", "3: 'companion.games.clue_it'"]
    creepy = all_games()["creepy_cellar"]
    table = "WORDS = {" + ", ".join(f"{o.name!r}: 1" for o in creepy.options[:LIST]) + "}\n"
    assert word_lists(table, games) and word_lists(table, games)[0].startswith("creepy_cellar: ")
    assert word_lists('KEYS = ("ghosts", "king", "tiles")\n', games) == []  # a view key or two is no list


def test_the_old_word_tables_would_fail():
    """The per-game tables this work moved onto the games, as they were at e0230a1
    (``ui/text.py``'s value words, ``ui/widgets/odds.py``'s PLACES), fail it."""
    games = all_games()
    value_words = ('known = {"virtual": 1, "physical": 1, "nightmare": 1, "advanced": 1, "basic": 1, '
                   '"alternate": 1, "choose": 1, "both": 1, "none": 1}\n')
    assert [hit.split(":")[0] for hit in word_lists(value_words, games)] == ["creepy_cellar"]
    assert game_names('PLACES = {"children": ("top", 0.42), "clue_it": ("bottom", 1.0)}\n', games) == [
        "1: 'children'", "1: 'clue_it'"]
