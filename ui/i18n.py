"""The client's words in the table's language: :class:`Translator`, ``app.tr``.

The daemon renders its own sentences (prompt, choices, news, notices) in the table language
and says which one it is in every state message (``language``); the client's own words
(button captions, headings) follow it through the same gettext catalogue
(:func:`companion.i18n.translations`), so one ``make i18n`` covers both.

In kv rules write ``app.tr._("Undo")``: Kivy binds the rule to the translator's ``_`` and
re-evaluates it when the language changes (the Kivy wiki's i18n pattern, an
``Observable`` whose ``fbind("_")`` records the rule). In Python, ``app.tr._("…")`` and
listen to ``app.tr`` with :meth:`Translator.on_switch` to rebuild text made in code.
Babel extracts every ``_("…")`` call from ``ui/**.py`` and ``ui/kv/**.kv``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kivy.event import Observable

from companion.i18n import LANGUAGES, translations


def translate(text: str, lang: str, **params: Any) -> str:
    """``text`` (an English message id with ``str.format`` fields) in ``lang``, formatted
    with ``params``; a broken translation falls back to the English text."""
    pattern = translations(lang).gettext(text) if lang in LANGUAGES else text
    if not params:
        return pattern
    try:
        return pattern.format(**params)
    except (KeyError, IndexError, ValueError):
        return text.format(**params)


class Translator(Observable):
    """The client's ``_()``, switchable at run time.

    Attributes:
        lang: the language now (``"en"``, ``"it"``).
    """

    def __init__(self, lang: str = "en"):
        super().__init__()
        self.lang = lang
        self._rules: list[tuple[Callable, tuple, dict]] = []
        self._listeners: list[Callable[[str], None]] = []

    def _(self, text: str, **params: Any) -> str:
        """``text`` in the current language (see :func:`translate`)."""
        return translate(text, self.lang, **params)

    def switch(self, lang: str) -> bool:
        """Use ``lang`` from now on; re-evaluates every kv rule that used ``_`` and calls the
        listeners. Returns True when the language changed (unknown languages are ignored)."""
        if lang not in LANGUAGES or lang == self.lang:
            return False
        self.lang = lang
        for func, args, _kwargs in list(self._rules):
            func(*args, None, None)
        for listener in list(self._listeners):
            listener(lang)
        return True

    def on_switch(self, listener: Callable[[str], None]) -> None:
        """Call ``listener(lang)`` after every language change."""
        self._listeners.append(listener)

    # Kivy's kv compiler binds ``app.tr._(...)`` by calling ``fbind("_", ...)`` on this object.
    def fbind(self, name, func, *args, **kwargs):
        if name == "_":
            self._rules.append((func, args, kwargs))
            return 0
        return super().fbind(name, func, *args, **kwargs)

    def funbind(self, name, func, *args, **kwargs):
        if name == "_":
            self._rules = [r for r in self._rules if r != (func, args, kwargs)]
            return None
        return super().funbind(name, func, *args, **kwargs)

    def unbind_uid(self, name, uid):
        if name == "_":
            return None
        return super().unbind_uid(name, uid)
