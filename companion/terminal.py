"""Play in the terminal: ``companion play --terminal`` (or with no display).

The console view (:class:`companion.console.ConsoleView`) prints the prompts, the news and
the notices; the prompt's choices are numbered, and a line typed here is a touch: its
number, ``u`` (Undo), ``tap CARD`` (a virtual tap, as ``companion tap``) or ``q`` (stop).
"""

from __future__ import annotations

import sys
import threading
from pathlib import Path
from typing import Any, TextIO

from companion.client import Client, DaemonUnavailable
from companion.console import ConsoleView

HELP = "Type a choice's number, u to undo, tap CARD to tap a card, q to stop."


class NumberedView(ConsoleView):
    """The console view, with the prompt's choices numbered under it whenever they change."""

    def __init__(self, out: TextIO = sys.stdout):
        super().__init__(out)
        self._shown: list | None = None
        self.lock = threading.Lock()

    def __call__(self, message: dict[str, Any]) -> None:
        with self.lock:
            if message.get("type") != "state":
                super().__call__(message)
                return
            before = self._last_prompt
            super().__call__(message)
            self._choices(message, prompted=self._last_prompt != before)

    def _choices(self, message: dict[str, Any], prompted: bool) -> None:
        """The choices, numbered, under their prompt: the prompt line is printed again when
        it repeats (the same question after news, or with other choices)."""
        choices = choices_of(message)
        if choices == self._shown and not (message.get("news") and not prompted):
            return
        self._shown = choices
        if not choices:
            return
        if not prompted:
            self._print_prompt(message)
        self._print("   " + "   ".join(f"{n}) {c['label']}" for n, c in enumerate(choices, 1)))


def choices_of(state: dict[str, Any] | None) -> list[dict[str, Any]]:
    """The public choices of ``state``'s prompt, in order."""
    return list(((state or {}).get("prompt") or {}).get("choices") or [])


class TerminalTable:
    """Reads touches from ``inp`` and sends them to the daemon at ``socket_path``."""

    def __init__(self, socket_path: str | Path, inp: TextIO = sys.stdin, out: TextIO = sys.stdout):
        self.socket_path = socket_path
        self.inp, self.out = inp, out
        self.view = NumberedView(out)

    def run(self) -> int:
        """Play until ``q``, the end of the input or the daemon leaving; returns 0."""
        try:
            with Client(self.socket_path, on_message=self.view).connect() as client:
                self._say(HELP)
                for line in self.inp:
                    if not self._line(client, line.strip()):
                        break
        except DaemonUnavailable as exc:
            self._say(f"The companion went away: {exc}")
        return 0

    def _line(self, client: Client, text: str) -> bool:
        """Act on one typed line; False to stop."""
        if text in ("q", "quit", "exit"):
            return False
        if not text:
            return True
        problem = self._command(client, text)
        if problem:  # the daemon's refusals come as notices, printed by the view
            self._say(f"  ! {problem}")
        return True

    def _command(self, client: Client, text: str) -> str | None:
        """Send what ``text`` asks for; returns a problem found before sending, if any."""
        revision = (client.state or {}).get("revision")
        choices = choices_of(client.state)
        if text in ("u", "undo"):
            client.undo(revision)
        elif text.startswith("tap "):
            from companion.play import tap_message

            message = tap_message(text[4:], None, client.state or {})
            if isinstance(message, str):
                return message
            client.request(message, 20.0)
        elif text.isdigit() and 1 <= int(text) <= len(choices):
            client.choose(choices[int(text) - 1]["key"], revision)
        else:
            self._say(HELP)
        return None

    def _say(self, text: str) -> None:
        with self.view.lock:
            print(text, file=self.out, flush=True)
