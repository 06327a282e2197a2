"""First-game mode's lesson card (issue 29 items 1 and 6): the lessons this screen's table
has put away with "Got it", so a lesson never opens by itself twice: not after an undo
(which brings the daemon's lesson back), a language switch, or a restart of the screen.

A lesson is known by its stored game's number, the game's kind and its section's English
name (the state's ``lesson["game_id"]``, ``game`` and ``lesson["key"]``). Only the game on the table is kept, in
``lessons.json`` beside the screen's settings (:func:`ui.uisettings.settings_path`); a new
game starts afresh. A game without a store (no number) is remembered until the screen
stops. No Kivy import here.
"""

from __future__ import annotations

import json
import logging
import os
from pathlib import Path

log = logging.getLogger(__name__)


def lessons_path() -> Path:
    """``lessons.json`` beside the screen's settings file."""
    from ui.uisettings import settings_path

    return settings_path().with_name("lessons.json")


def lesson_id(lesson: dict | None, kind: str = "") -> tuple[int | None, str] | None:
    """``(game number, "<kind>:<section key>")`` of a state's ``lesson`` in a game of ``kind``
    (``creepy_cellar``), or None without one (an older daemon without ``key``: its rule name
    in the table's language)."""
    if not lesson or not lesson.get("text"):
        return None
    game = lesson.get("game_id")
    return (game if isinstance(game, int) and not isinstance(game, bool) else None,
            f"{kind}:{lesson.get('key') or lesson.get('rule') or lesson['text']}")


class LessonMemory:
    """The lessons put away in the game on the table; ``path`` None: kept in memory only."""

    def __init__(self, path: Path | None = None):
        self.path = path
        self.game: int | None = None
        self.keys: set[str] = set()
        if path is not None:
            self._load(path)

    def _load(self, path: Path) -> None:
        try:
            raw = json.loads(path.read_text())
        except FileNotFoundError:
            return
        except (OSError, ValueError) as exc:
            log.warning("ignoring the lessons put away in %s: %s", path, exc)
            return
        if isinstance(raw, dict) and isinstance(raw.get("game"), int) and isinstance(raw.get("keys"), list):
            self.game, self.keys = raw["game"], {str(key) for key in raw["keys"]}

    def seen(self, lesson: dict | None, kind: str = "") -> bool:
        """The table put ``lesson`` (of a game of ``kind``) away (Got it) in this game."""
        found = lesson_id(lesson, kind)
        return found is not None and found[0] == self.game and found[1] in self.keys

    def put_away(self, lesson: dict | None, kind: str = "") -> None:
        """Got it on ``lesson`` (of a game of ``kind``): a lesson of another stored game
        forgets the one before."""
        found = lesson_id(lesson, kind)
        if found is None:
            return
        game, key = found
        if game != self.game:
            self.game, self.keys = game, set()
        self.keys.add(key)
        if self.path is not None and game is not None:
            self._save(self.path)

    def _save(self, path: Path) -> None:
        """Written atomically; a screen that cannot write keeps it in memory (logged)."""
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            tmp = path.with_name(path.name + ".tmp")
            tmp.write_text(json.dumps({"game": self.game, "keys": sorted(self.keys)}))
            os.replace(tmp, path)
        except OSError as exc:
            log.warning("could not keep the lessons put away in %s: %s", path, exc)
