"""The terminal view: prints what the table screen would show, for headless demos."""

from __future__ import annotations

import _thread
import os
import sys
import threading
from collections.abc import Callable
from typing import Any, TextIO

from companion.i18n import msg, render
from companion.now_playing import now_playing, switched

#: Set once the reader of the standard output left (``companion demo | head``): the command
#: then ends quietly, with exit code 141 (128 + SIGPIPE) like a shell's pipeline.
READER_LEFT = threading.Event()


def reader_left(out: TextIO) -> None:
    """``out``'s reader is gone: send what is still to be written to ``/dev/null``, so
    neither a later print nor the interpreter's final flush raises again (the Python
    docs' recipe, "Note on SIGPIPE" in the signal module)."""
    READER_LEFT.set()
    try:
        os.dup2(os.open(os.devnull, os.O_WRONLY), out.fileno())
    except (OSError, ValueError, AttributeError):  # no file descriptor (a StringIO in a test)
        pass


class ConsoleView:
    """Prints each new prompt, its news and every notice (``on_message`` for a Client).

    When the reader of ``out`` leaves (a pipe into ``head``), it prints no more and calls
    ``on_reader_left`` (default: interrupt the main thread, which ends the command as
    Ctrl-C does, quietly).
    """

    def __init__(self, out: TextIO = sys.stdout, on_reader_left: Callable[[], None] = _thread.interrupt_main):
        self.out = out
        self.on_reader_left = on_reader_left
        self.closed = False
        self._last_prompt: str | None = None
        self._before: dict[str, Any] | None = None  # the last state (its ``table_game``)

    def __call__(self, message: dict[str, Any]) -> None:
        if message.get("type") == "notice":
            self._notice(message)
        elif message.get("type") == "state":
            self._state(message)

    def _notice(self, message: dict[str, Any]) -> None:
        self._print(f"  ! {message['text']}")

    def _state(self, message: dict[str, Any]) -> None:
        news = message.get("news", [])
        before, self._before = self._before, message
        if switched(before, message):  # another game on the table (newcomer20 15): which, then its recap
            self._print(render(now_playing(message["table_game"]), message.get("language") or "en"))
            self._last_prompt = None
        if self._last_prompt is None:  # first state: say what already happened
            news = message.get("log", [])
        for line in news:
            self._print(f"  - {line}")
        prompt = message["prompt"]["text"]
        if prompt != self._last_prompt:
            self._last_prompt = prompt
            self._print_prompt(message)

    def _print_prompt(self, message: dict[str, Any]) -> None:
        """The prompt's line, after the game's counters when it has some (the state's
        ``status``, in the table's language: Creepy Cellar's, the demo's game), or before the
        first turn after "[Set-up]" (the prompt's ``setup``: the table screen's header says it
        there; no game has counters before its first turn)."""
        prompt = message["prompt"]["text"]
        status = message.get("status")
        lang = message.get("language") or "en"
        if message["prompt"].get("setup"):  # before the first turn: the screen's header (newcomer16)
            setup = render(msg("Set-up"), lang)  # not inside an f-string: pybabel would not see it
            status = f"[{setup}]"
        if message.get("storage_warning"):  # on every prompt while it lasts, not once (newcomer 19)
            marker = render(msg("NOT SAVED"), lang)  # not inside an f-string: pybabel would not see it
            status = " ".join(filter(None, [f"[{marker}]", status]))
        self._print(f"{status} {prompt}" if status else prompt)
        self._print_lesson(message.get("lesson"))

    def _print_lesson(self, lesson: dict[str, Any] | None) -> None:
        """First-game mode (issue 33 item 3): the lesson under its prompt, its rules card section
        first (both already in the table's language)."""
        if isinstance(lesson, dict) and lesson.get("text"):
            rule = lesson.get("rule")
            self._print(f"    {rule}: {lesson['text']}" if rule else f"    {lesson['text']}")

    def _print(self, text: str) -> None:
        if self.closed:
            return
        try:
            print(text, file=self.out, flush=True)
        except BrokenPipeError:  # on the client's thread: main() cannot catch it
            self.closed = True
            reader_left(self.out)
            self.on_reader_left()
