"""One walk over every message a game shows, in English and Italian (issue 21: one copy
instead of one per game test).

* :func:`catalog`, :func:`translated_ids`: the catalogues (companion/locale/LANG).
* :func:`message_ids`: every message id in some source directories (what ``make i18n``
  extracts: ``msg``, ``nmsg``, ``todo``, ``ntodo``).
* :class:`Seen`: checks that a text is a :class:`companion.i18n.Msg` with a translation,
  whose plain parameters are names or numbers, and remembers which ids were shown.
* :func:`walk_engine`: one random game through a game's engine (prompts, labels, chance
  prompts, news, refusals, optionally the table check), every text checked;
  :func:`walk_actions`: the same checks along scripted actions (a targeted walk).
* :func:`daemon_messages`: every message the real daemon sends replaying a table script
  with the table's language set.
"""

from __future__ import annotations

import dataclasses
import functools
import random
from collections.abc import Callable, Iterable
from pathlib import Path

from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

from companion.i18n import LowerFirst, Msg, NewsLine, UpperFirst, line_of, render
from tests.checkout import ROOT

LOCALE = ROOT / "companion" / "locale"

#: The keywords ``make i18n`` extracts (``todo``'s message is its second argument).
KEYWORDS = {"msg": None, "nmsg": (1, 2), "todo": (2,), "ntodo": (2, 3), "fault": None, "_": None}

#: A plain (untranslated) text parameter allowed inside a message: ``plain(value, names)``.
Plain = Callable[[str, set], bool]


def catalog(lang: str):
    """The ``companion.po`` catalogue of ``lang`` (a babel ``Catalog``)."""
    with open(LOCALE / lang / "LC_MESSAGES" / "companion.po", "rb") as f:
        return read_po(f)


def _msgid(message) -> str:
    return message if isinstance(message, str) else message[0]


@functools.cache
def translated_ids(lang: str = "it") -> frozenset[str]:
    """The message ids ``lang`` translates (every plural form filled in)."""
    return frozenset(_msgid(m.id) for m in catalog(lang)
                     if m.id and (all(m.string) if isinstance(m.string, tuple) else m.string))


def message_ids(*directories: Path, patterns: Iterable[str] = ("**.py",), ignore: Iterable[str] = (),
                keywords=None) -> set[str]:
    """Every message id in the files of ``directories`` that match ``patterns`` (e.g.
    ``("rules.py", "flow.py")`` for some modules of a game, ``("**.py", "**.kv")`` for the UI)
    and none of ``ignore`` (e.g. ``("refusals.py",)``)."""
    method_map = [(pattern, "ignore") for pattern in ignore] + [(pattern, "python") for pattern in patterns]
    return {_msgid(message)
            for directory in directories
            for _file, _line, message, _comments, _context in extract_from_dir(
                directory, method_map=method_map, keywords=keywords or KEYWORDS)}


def names_only(value: str, names: set) -> bool:
    """The default :data:`Plain`: a name, or a list of names ("Ada, Bo")."""
    return bool(value) and all(part in names for part in value.split(", "))


class Seen:
    """Checks texts and remembers which message ids were shown.

    ``names`` are the plain texts allowed as a message's parameter (the players; a game may
    add its cards' printed names); ``plain`` may allow more (room letters, die faces).
    """

    def __init__(self, names: Iterable[str] = (), plain: Plain = names_only, lang: str = "it") -> None:
        self.names = set(names)
        self.plain = plain
        self.lang = lang
        self.ids: set[str] = set()
        #: Italian sentences that still show English words (:func:`english_left`).
        self.english: set[str] = set()

    def check(self, text) -> str:
        """``text`` is a translated message; returns it rendered in the language."""
        self._check(text)
        rendered = render(text, self.lang)
        assert isinstance(rendered, str) and rendered and "{" not in rendered, (text, rendered)
        if self.lang == "it":  # issue 29: no English word left in an Italian sentence
            self.english.update(f"{line_of(text).text.msgid!r}: {' '.join(words)}"
                                for words in [english_left(rendered, "it", self.names)] if words)
        touched = render(text, self.lang, touch=True)  # a table without a dice button (issue 17 item 7)
        assert isinstance(touched, str) and touched and "{" not in touched, (text, touched)
        return rendered

    def label(self, text) -> str:
        """A choice label: a translated message, or a name (a physical deck's draw offers
        the cards by their printed names)."""
        if not isinstance(text, Msg) and text in self.names:
            return text
        return self.check(text)

    def prompt(self, prompt) -> None:
        """A prompt's text and every choice label."""
        self.check(prompt.text)
        for choice in prompt.choices:
            self.label(choice.label)

    def _check(self, text) -> None:
        if isinstance(text, NewsLine):  # a line: its sentence, and its words for a table without a dice button
            if text.touch is not None:
                self._check(text.touch)
            if text.recap is not None:  # a moment's recap form, said at the game's end (issue 29 item 7)
                self.check(text.recap)
            if text.spoken is not None:  # the voice's shorter words for it (words17)
                self.check(text.spoken)
            text = text.text
        while isinstance(text, (UpperFirst, LowerFirst)):  # a label that is a name, capitalised
            text = text.text
        assert isinstance(text, Msg), f"English only (not a companion.i18n.Msg): {text!r}"
        assert text.msgid in translated_ids(self.lang), f"no {self.lang} for {text.msgid!r}"
        self.ids.add(text.msgid)
        for name, value in text.params.items():
            while isinstance(value, (UpperFirst, LowerFirst)):  # a name capitalised for its place
                value = value.text
            if isinstance(value, (Msg, NewsLine)):
                self._check(value)
            elif isinstance(value, str):
                assert self.plain(value, self.names), (
                    f"plain text {value!r} as {{{name}}} in {text.msgid!r}: make it a msg()")
            else:
                assert isinstance(value, int) and not isinstance(value, bool), (text.msgid, name, value)


def walk_engine(spec, rng: random.Random, seen: Seen, steps: int = 400, refuse_every: int = 13,
                table_check: bool = False, names: Callable[[object], Iterable[str]] | None = None):
    """One random game with random house rules through ``spec``'s engine: the set-up news,
    every prompt and label, the news after each action, a refusal every ``refuse_every``
    steps and at the end, and (``table_check``) every table-check line, all checked by
    ``seen`` (in Italian, none may show an English word). ``names(state)``: the plain names
    of this game (default: its players). Returns the last state."""
    from test_playout import random_setup  # tests/games (pytest's pythonpath)

    players, options = random_setup(spec, rng)
    state = spec.setup(players, options)
    seen.names = set(names(state) if names else players)
    for heading in spec.view_headings.values():  # the privacy screen's headings (issue 27 item 3)
        seen.check(heading)
    for step in range(steps):
        if step == 0:
            _news(spec, state, seen)
        prompt = _look(spec, state, seen, table_check, refuse=step % refuse_every == 0)
        if prompt.over:
            break
        state = spec.apply(state, _random_action(spec, state, prompt, rng))
        _news(spec, state, seen)
    assert not seen.english, sorted(seen.english)[:5]  # issue 29: an Italian table reads no English
    return state


def walk_actions(spec, state, actions: Iterable[str], seen: Seen, table_check: bool = False):
    """:func:`walk_engine`'s checks along ``actions`` (a targeted walk: scripted actions that
    reach a rare message whatever order the prompts give their choices) from ``state``,
    which is checked first; a refusal at every step. Returns the last state."""
    _news(spec, state, seen)
    for action in actions:
        _look(spec, state, seen, table_check, refuse=True)
        state = spec.apply(state, action)
        _news(spec, state, seen)
    _look(spec, state, seen, table_check, refuse=True)
    assert not seen.english, sorted(seen.english)[:5]
    return state


def _look(spec, state, seen: Seen, table_check: bool, refuse: bool):
    """What the table sees at ``state`` checked (the prompt, its labels, the status line, the
    game-over summary, a refusal when ``refuse`` or at the end); returns the prompt."""
    prompt = spec.prompt(state)
    _shown(spec, state, prompt, seen, table_check)
    for line in (spec.status_line(state), spec.summary(state) if prompt.over else None):
        if line is not None:  # the state's status line, the game-over summary (issue 27 item 3)
            assert line.msgid in translated_ids(seen.lang), f"no {seen.lang} for {line.msgid!r}"
            seen.ids.add(line.msgid)
    if refuse or prompt.over:
        seen.check(_refusal(spec, state))
    return prompt


def _news(spec, state, seen: Seen) -> None:
    for text in spec.news(state):
        seen.check(text)
        why = getattr(text, "why", None)  # issue 33: a news line's explanation is shown too
        if why is not None:
            seen.check(why.rule)
            seen.check(why.text)
        purpose = getattr(text, "purpose", None)  # a set-up step's "what for" (first-game mode)
        if purpose is not None:
            seen.check(purpose)
        sentence = line_of(text).text  # a todo line's sentence
        undo = spec.undo_sentences.get(getattr(sentence, "msgid", None))  # what an undo of it would say
        said = undo(sentence.params) if undo is not None else None  # None: the game's undo step says it
        if said is not None:
            seen.check(said)


def _shown(spec, state, prompt, seen: Seen, table_check: bool) -> None:
    seen.prompt(prompt)
    for line in spec.check(state) if table_check else ():
        seen.check(line.label)
        seen.check(line.value)
        for fix in line.fixes[:1]:  # one per line: a line's fixes share their words
            seen.label(fix.label)


def _refusal(spec, state):
    """The engine's refusal of an action no prompt offers."""
    from companion.errors import RuleViolation

    try:
        spec.apply(state, "no-such-action")
    except RuleViolation as refused:
        return refused.args[0]
    raise AssertionError("the engine accepted 'no-such-action'")


def _random_action(spec, state, prompt, rng: random.Random) -> str:
    """A chance outcome by its weight, or a choice weighted as the playouts weigh them."""
    from test_playout import choice_weight

    if prompt.chance:
        outcomes = prompt.chance.outcomes
        return rng.choices(outcomes, weights=[o.weight for o in outcomes])[0].key
    weights = [choice_weight(spec, state, c.key) for c in prompt.choices]
    return rng.choices(prompt.choices, weights=weights)[0].key


def daemon_messages(table, language: str, monkeypatch) -> list[dict]:
    """Every message the real daemon sends while replaying ``table`` (a parsed table script)
    with the table's language set to ``language``; the script has no refused line."""
    from companion import replay as replay_module
    from companion.daemon import Daemon
    from companion.daemon.settings import DaemonSettings

    def daemon_in(store, socket_path, settings=None):  # a replay gives its daemon DaemonSettings
        return Daemon(store, socket_path, dataclasses.replace(settings or DaemonSettings(), language=language))

    messages: list[dict] = []
    with monkeypatch.context() as patch:
        patch.setattr(replay_module, "Daemon", daemon_in)
        result = replay_module.replay(table, on_message=messages.append)
    assert result.refused == []
    return messages


#: Words an Italian sentence never holds: an English one shows through (issue 29 item 8).
ENGLISH_WORDS = frozenset("""the and your you take look screen is are of to with from this that these
others turn card cards deck deck's when then now player players touch tap roll done yes
step steps game mode envelope edition decks secret rulebook default undo history settings
back cancel rules repeat more page next skip stop show hide only looks away room ghost ghosts hunter
treasure item kid location floor light house it's must can't press drawn held""".split())


@functools.cache
def _kept_as_printed(lang: str) -> tuple[str, ...]:
    """The catalogue's texts that ``lang`` keeps in English (printed card names such as
    "Jack-in-the-Box"), longest first: taken out before looking for English words."""
    kept = {_msgid(m.id) for m in catalog(lang)
            if m.id and isinstance(m.string, str) and m.string == _msgid(m.id) and "{" not in m.string}
    return tuple(sorted(kept, key=len, reverse=True))


def english_left(text: str, lang: str = "it", names: Iterable[str] = ()) -> list[str]:
    """The English words in ``text``, a text shown to a ``lang`` table, once ``names``
    (players, owner-entered card names) and the names ``lang`` keeps as printed are taken
    out. An empty list: no English shows."""
    import re

    for kept in tuple(names) + _kept_as_printed(lang):
        if kept:
            text = text.replace(kept, " ")
    for name in names:  # a name the board cut to fit its cell (ui.boards.fit.fit_lines)
        text = _cut_name(name).sub(" ", text) if len(name.split()) > 1 else text
    return [word for word in re.findall(r"[A-Za-z']+", text) if word.lower() in ENGLISH_WORDS]


def _cut_name(name: str):
    """A pattern for ``name`` as a board may cut it to fit its cell: any word shortened to a
    prefix ending in "." or "…", the words after the first left out ("Billiar. Room",
    "Master…" for "Billiard Room", "Master Bedroom")."""
    import re

    words = [rf"(?:{re.escape(w)}|{re.escape(w[:2])}\w*[.…])" for w in name.split()]
    return re.compile(words[0] + "".join(rf"(?:\s+{w})?" for w in words[1:]) + "…?")


def new_game_ids(spec) -> set[str]:
    """The message ids a game shows only on the New game screen: its options' headings and
    rulebook sections and the words of their values (``Game.option_words``; their Italian is
    checked by tests/ui/test_newgame_words.py)."""
    texts = [t for o in spec.options for t in (o.title, o.rulebook)] + list(spec.option_words.values())
    return {t.msgid for t in texts if isinstance(t, Msg)}
