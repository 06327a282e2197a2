"""The terminal view: prints what the table screen would show, for headless demos."""

from __future__ import annotations

import sys
from typing import Any, TextIO


class ConsoleView:
    """Prints each new prompt, its news and every notice (``on_message`` for a Client)."""

    def __init__(self, out: TextIO = sys.stdout):
        self.out = out
        self._last_prompt: str | None = None

    def __call__(self, message: dict[str, Any]) -> None:
        if message.get("type") == "notice":
            self._print(f"  ! {message['text']}")
        elif message.get("type") == "state":
            self._state(message)

    def _state(self, message: dict[str, Any]) -> None:
        news = message.get("news", [])
        if self._last_prompt is None:  # first state: say what already happened
            news = message.get("log", [])
        for line in news:
            self._print(f"  - {line}")
        prompt = message["prompt"]["text"]
        if prompt != self._last_prompt:
            self._last_prompt = prompt
            self._print_prompt(message)

    def _print_prompt(self, message: dict[str, Any]) -> None:
        """The prompt's line (with Creepy Cellar's counters, the demo's game)."""
        view = message.get("view") or {}
        prompt = message["prompt"]["text"]
        if "hauntings" in view:
            self._print(f"[hauntings {view.get('hauntings')}/{view.get('haunting_limit')}"
                        f" | King {view.get('ghost_king') or '-'} | locked {view.get('locked') or '-'}]"
                        f" {prompt}")
        else:
            self._print(prompt)

    def _print(self, text: str) -> None:
        print(text, file=self.out, flush=True)
