"""The client's words in the table's language: :class:`Translator`, ``app.tr``.

The daemon renders its own sentences (prompt, choices, news, notices) in the table language
and says which one it is in every state message (``language``); the client's own words
(button captions, headings) follow it through the same gettext catalogue
(:func:`companion.i18n.translations`), so one ``make i18n`` covers both.

In kv rules write ``app.tr._("Undo")``: Kivy binds the rule to the translator's ``_`` and
re-evaluates it when the language changes (the Kivy wiki's i18n pattern, an
``Observable`` whose ``fbind("_")`` records the rule). In Python, ``app.tr._("…")`` and
listen to ``app.tr`` with :meth:`Translator.on_switch` to rebuild text made in code.

A widget made and dropped again (a board made for its game, issue 29 item 11) leaves
nothing here: each kv rule's binding has its own uid, which Kivy unbinds when the widget
goes, and a listener given an ``owner`` goes with its owner.
Babel extracts every ``_("…")`` call from ``ui/**.py`` and ``ui/kv/**.kv``.
"""

from __future__ import annotations

import itertools
import weakref
from collections.abc import Callable
from typing import Any

from kivy.event import Observable

from companion.i18n import LANGUAGES, fill, translations


def translate(text: str, lang: str, **params: Any) -> str:
    """``text`` (an English message id with ``str.format`` fields) in ``lang``, formatted
    with ``params`` (an article form, "{place:il}", takes the bare preposition, or the
    pattern's lead: the screen's values are shown text, :func:`companion.i18n.fill`); a
    broken translation falls back to the English text."""
    return translate_named(text, lang, None, params)


def translate_named(text: str, lang: str, articles: dict[str, str] | None, params: dict[str, Any]) -> str:
    """:func:`translate`, a value's article form said with its article where ``articles``
    (words shown -> article: the state's ``articles``) knows it: "Passaggio segreto verso
    il Luogo 7" (issue 29: it said "verso Luogo 7")."""
    pattern = translations(lang).gettext(text) if lang in LANGUAGES else text
    if not params:
        return pattern
    known: dict[str, str | None] = {k: articles[v] for k, v in params.items()
                                    if articles and isinstance(v, str) and v in articles}
    try:
        return fill(pattern, params, known)
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
        #: The last state's names' articles (words shown -> article: its ``articles``).
        self.articles: dict[str, str] = {}
        self._rules: dict[int, tuple[Callable, tuple]] = {}  # uid -> kv rule's callback, args
        self._listeners: list[Callable[[str], None]] = []
        self._uids = itertools.count(1)

    def _(self, text: str, **params: Any) -> str:
        """``text`` in the current language (see :func:`translate`), the names in ``params``
        said with their articles (:attr:`articles`)."""
        return translate_named(text, self.lang, self.articles, params)

    def switch(self, lang: str) -> bool:
        """Use ``lang`` from now on; re-evaluates every kv rule that used ``_`` and calls the
        listeners. Returns True when the language changed (unknown languages are ignored)."""
        if lang not in LANGUAGES or lang == self.lang:
            return False
        self.lang = lang
        for func, args in list(self._rules.values()):
            func(*args, None, None)
        for listener in list(self._listeners):
            listener(lang)
        return True

    def on_switch(self, listener: Callable[[str], None], owner: object = None) -> None:
        """Call ``listener(lang)`` after every language change; with ``owner``, only as long
        as ``owner`` lives (the listener is dropped with it; it must not hold ``owner``
        itself, or ``owner`` never goes: see :func:`ui.boards.watch_language`)."""
        self._listeners.append(listener)
        if owner is not None:
            weakref.finalize(owner, self._forget, listener)

    def _forget(self, listener: Callable[[str], None]) -> None:
        if listener in self._listeners:
            self._listeners.remove(listener)

    # Kivy's kv compiler binds ``app.tr._(...)`` by calling ``fbind("_", ...)`` on this
    # object, keeps the uid returned and unbinds it by ``unbind_uid`` when the widget goes
    # (a uid of 0 it never unbinds: each widget made left its rule here for ever).
    def fbind(self, name, func, *args, **kwargs):
        if name == "_":
            uid = next(self._uids)
            self._rules[uid] = (func, args)
            return uid
        return super().fbind(name, func, *args, **kwargs)

    def funbind(self, name, func, *args, **kwargs):
        if name == "_":
            self._rules = {uid: rule for uid, rule in self._rules.items() if rule != (func, args)}
            return None
        return super().funbind(name, func, *args, **kwargs)

    def unbind_uid(self, name, uid):
        if name == "_":
            self._rules.pop(uid, None)
            return None
        return super().unbind_uid(name, uid)
