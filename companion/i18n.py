"""Sentences for the table in English and Italian (issue 6): messages made by engines and
the daemon, translated where they are shown.

Engines stay pure: instead of formatting a sentence in one language they return a
:class:`Msg`, an ordinary ``str`` holding the English sentence that also remembers its
message id (the English pattern, ``str.format`` fields) and its parameters. Everything that
compares or prints strings keeps working; the daemon renders each message in the table's
language with :func:`render` just before sending it. A parameter may itself be a
:class:`Msg` (a card name) and is rendered in the same language. A line for the table that
carries more than its sentence (an instruction's kind, its words for a table without a dice
button, its why) is a :class:`NewsLine`, which is not a ``str``.

Catalogues: gettext, domain ``companion``, in ``companion/locale/<lang>/LC_MESSAGES``; the
``.po`` files are the source (extracted and checked with Babel, ``make i18n``), the ``.mo``
files are compiled from them and shipped. A plain ``str`` (a player's name, a sentence not
yet made a :class:`Msg`) is shown as it is.
"""

from __future__ import annotations

import dataclasses
import gettext
import re
from dataclasses import dataclass, replace
from functools import cache
from typing import Any, Self, TypeVar

DOMAIN = "companion"

#: Languages the table can choose, with their names as players read them.
LANGUAGES = {"en": "English", "it": "Italiano"}


_C = TypeVar("_C", bound=type)


def quick_init(cls: _C) -> _C:
    """A frozen dataclass (``@quick_init`` above ``@dataclass(frozen=True)``) whose
    ``__init__`` fills the new object's fields in one go, instead of the generated one's
    ``object.__setattr__`` per field (a 10-field :class:`~companion.engine.core.Choice` took
    about 16,000 instructions, then about 6,500: the engines make several such objects an
    action, issue 35). The same parameters, defaults and object, field for field, in the
    fields' order (equality, hashing, pickling and ``dataclasses.replace`` are as they were).

    Raises:
        TypeError: ``cls`` is not such a class: a field with a default factory, set by
            ``__post_init__`` (``init=False``) or keyword-only, an ``InitVar``, a
            ``__post_init__``, or ``__slots__``.
    """
    fields = dataclasses.fields(cls)  # type: ignore[arg-type]
    if (not cls.__dataclass_params__.frozen or hasattr(cls, "__post_init__")  # type: ignore[attr-defined]
            or "__slots__" in vars(cls) or len(fields) != len(cls.__dataclass_fields__)  # type: ignore[attr-defined]
            or any(f.default_factory is not dataclasses.MISSING or not f.init or f.kw_only is True
                   for f in fields)):
        raise TypeError(f"{cls.__name__} is not a plain frozen dataclass: keep its generated __init__")
    names = [f.name for f in fields]
    defaults = {f"_default_{f.name}": f.default for f in fields if f.default is not dataclasses.MISSING}
    params = ", ".join(n if f"_default_{n}" not in defaults else f"{n}=_default_{n}" for n in names)
    source = (f"def __init__(self, {params}):\n"
              f"    _set(self, '__dict__', {{{', '.join(f'{n!r}: {n}' for n in names)}}})\n")
    namespace: dict[str, Any] = {"_set": object.__setattr__, **defaults}
    exec(source, namespace)  # noqa: S102  (the source is made above from the class's field names)
    init = namespace["__init__"]
    init.__qualname__, init.__module__ = f"{cls.__qualname__}.__init__", cls.__module__
    cls.__init__ = init
    return cls


class Msg(str):
    """A translatable sentence: the English text, plus ``msgid`` and ``params``.

    Build with :func:`msg`. ``str(m)`` and every string operation see the English text;
    :func:`render` gives it in another language. ``plural``/``count`` select a plural form
    by the integer parameter named ``count`` (gettext ``ngettext``). It is only a sentence:
    what a line for the table carries besides (an instruction's kind, the words for a table
    without a dice button, its why, what a set-up step is for) is a :class:`NewsLine`.
    """

    msgid: str
    params: dict[str, Any]
    plural: str | None
    count: str | None

    def __new__(cls, msgid: str, params: dict[str, Any], plural: str | None = None,
                count: str | None = None) -> Self:
        # the English text: the pattern (the plural form chosen) with the parameters as they are
        pattern = msgid if plural is None else _choose(msgid, plural, params.get(count) if count else None, None)
        try:
            text = pattern.format_map(params)  # as format(**params), without copying them
        except (KeyError, IndexError, ValueError):
            text = msg_fallback(pattern, params)
        self = str.__new__(cls, text)
        # one dict, not four attribute stores (a few Msg an action in every engine: issue 35)
        self.__dict__ = {"msgid": msgid, "params": params, "plural": plural, "count": count}
        return self

    def __reduce__(self):  # pickle (snapshots in tests) keeps the message, not just the text
        return (Msg, (self.msgid, self.params, self.plural, self.count))


@quick_init
@dataclass(frozen=True, eq=False)
class NewsLine:
    """A line for the table (issue 27 item 3): a sentence (:class:`Msg`) and what travels with
    it, as fields a string operation cannot drop. Not a ``str``: ``str(line)`` is its English
    text; :func:`render` gives it in a language (its ``touch`` form when asked).

    Attributes:
        text: the sentence.
        todo: the kind of physical instruction it is (one of :data:`TODO_KINDS`, :func:`todo`),
            or None.
        touch: its words for a table without a dice button (:func:`press_or_touch`), or None.
        why: its explanation (a :class:`companion.engine.why.Why`, set by
            :func:`companion.engine.why.because`), or None.
        purpose: a set-up step's plain "what it is for" (first-game mode, set by
            :func:`companion.engine.lessons.what_for`), or None.
        notable: a moment the table would remember (a haunting, a ghost trapped, an
            accusation, a monster killed: set by :func:`notable`); the game-over summary
            picks its moments from these lines alone (issue 27 item 3).
        recap: a notable line's recap form (set by :func:`notable`): what happened, without
            the instruction the line gave during play ("A haunting beaten in room F.", not
            "...: take it off the board."), short enough to recall at the game's end (at
            most about 60 characters in English); None for any other line.
        spoken: its words for the voice when the screen's are too long to hear (set by
            :func:`spoken_as`: a monster laid with the companion's placeholder numbers says
            them on the screen, and the voice only that they are placeholders), or None:
            the voice says ``text``.

    Equality is by the English text, as a :class:`Msg`'s is: a line equals another line, a
    sentence or a ``str`` that says the same (what engines and tests compare), so a state read
    back from a snapshot, whose lines carry no ``why``, equals the live one. Only comparing
    is kept: a string operation (``+``, ``in``, ``.lower()``) on a line fails loudly instead of
    dropping what it carries; use ``str(line)`` or :func:`render`.
    """

    text: Msg
    todo: str | None = None
    touch: Msg | None = None
    why: Any = None
    purpose: Msg | None = None
    notable: bool = False
    recap: Msg | None = None
    spoken: Msg | None = None

    def __str__(self) -> str:
        return str(self.text)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, (NewsLine, str)):
            return str(self.text) == str(other)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.text)


def spoken_as(text: Msg | NewsLine, spoken: Msg) -> NewsLine:
    """``text`` with ``spoken``, the shorter words the voice says for it (:attr:`NewsLine.spoken`);
    the screen and the terminal show ``text``."""
    return replace(line_of(text), spoken=spoken)


def line_of(text: Msg | NewsLine) -> NewsLine:
    """``text`` as a :class:`NewsLine` (a bare sentence becomes one carrying nothing else)."""
    return text if isinstance(text, NewsLine) else NewsLine(text)


def notable(text: Msg | NewsLine, recap: Msg | None = None) -> NewsLine:
    """``text`` marked as a moment of the game the table would remember (its ``notable``):
    what the game-over summary recalls, in every language alike, in its ``recap`` form (issue
    29 item 7). A physical instruction (a :func:`todo` line: "One haunting beaten in room F:
    take it off the board.") is false once the game is over, so it must give its recap, what
    happened ("Ada beats a haunting in room F."): a sentence of its own, never an instruction,
    translated where it is shown like every other. A line that only says what happened
    ("Bo makes an accusation.") is its own recap.

    Raises:
        TypeError: ``recap`` is not a plain sentence (a :class:`NewsLine`, an instruction).
        ValueError: ``text`` is an instruction and no ``recap`` is given.
    """
    line = line_of(text)
    if recap is not None and not isinstance(recap, Msg):
        raise TypeError(f"a moment's recap must be a sentence (msg), got {type(recap).__name__}")
    if recap is None and line.todo:
        raise ValueError(f"the instruction {str(line)!r} is a moment: give its recap, what happened")
    return replace(line, notable=True, recap=recap)


def is_notable(line: Any) -> bool:
    """Whether ``line`` is a news line marked by :func:`notable` (a bare sentence is not)."""
    return isinstance(line, NewsLine) and line.notable


def recap_of(line: Any) -> Any:
    """What a moment recalls at the game's end (:func:`notable`): a notable line's recap form,
    else its sentence (a line that only says what happened); anything else as it is."""
    if isinstance(line, NewsLine):
        return line.recap if line.recap is not None else line.text
    return line


def msg(msgid: str, **params: Any) -> Msg:
    """A sentence to translate: ``msg("{player}: press the dice button", player="Ada")``."""
    # Msg(msgid, params) made here, without the call through the class (what the engines make
    # most often: 2-9 an action, issue 35); the same object, field for field. A sentence
    # without parameters ("End turn") is made once: every later call gives that object.
    if not params:
        made = _PLAIN.get(msgid)
        if made is not None:
            return made
    try:
        text = msgid.format_map(params)  # as format(**params), without copying them
    except (KeyError, IndexError, ValueError):
        text = msg_fallback(msgid, params)
    made = _new_str(Msg, text)
    made.__dict__ = {"msgid": msgid, "params": params, "plural": None, "count": None}
    if not params and len(_PLAIN) < _PLAIN_LIMIT:
        _PLAIN[msgid] = made
    return made


def _message(msgid: str, params: dict[str, Any], plural: str | None = None, count: str | None = None) -> Msg:
    """``Msg(msgid, params, plural, count)``, made without the call through the class."""
    pattern = msgid if plural is None else _choose(msgid, plural, params.get(count) if count else None, None)
    try:
        text = pattern.format_map(params)
    except (KeyError, IndexError, ValueError):
        text = msg_fallback(pattern, params)
    made = _new_str(Msg, text)
    made.__dict__ = {"msgid": msgid, "params": params, "plural": plural, "count": count}
    return made


#: Sentences without parameters made so far, by message id (:func:`msg`): the engines' button
#: labels and fixed lines, a few hundred in all; bounded in case a caller makes ids of its own.
_PLAIN: dict[str, Msg] = {}
_PLAIN_LIMIT = 4096
_new_str = str.__new__


def nmsg(singular: str, plural: str, count: str, **params: Any) -> Msg:
    """A sentence with a plural form chosen by the integer parameter ``count`` names:
    ``nmsg("{n} ghost", "{n} ghosts", "n", n=3)``."""
    return _message(singular, params, plural, count)


class _FirstLetter(str):
    """A parameter whose first letter is cased the same way in every language (the subclass's
    :meth:`cased`). ``str(x)`` is the English; :func:`render` translates ``text`` first, then
    cases it."""

    text: Any

    @staticmethod
    def cased(shown: str) -> str:
        raise NotImplementedError

    def __new__(cls, text: Any):
        self = super().__new__(cls, cls.cased(str(text)))
        self.text = text
        return self

    def __reduce__(self):
        return (type(self), (self.text,))


class LowerFirst(_FirstLetter):
    """A parameter shown with its first letter in lower case, in every language: a label
    that starts its own line ("A kid Rumor card") put in the middle of a sentence ("That is
    a kid Rumor card, from CLUE: IT"; Italian "Questo è una carta Indizio Ragazzo").
    ``str(x)`` is the English; :func:`render` translates ``text`` first, then lowers it."""

    @staticmethod
    def cased(shown: str) -> str:
        return shown[:1].lower() + shown[1:]


class UpperFirst(_FirstLetter):
    """A parameter shown with its first letter in upper case, in every language: a name
    printed in lower case in the rulebook's sentences ("the flashlight") where it names a
    card ("Item card Flashlight"; Italian "Carta oggetto Torcia"). ``str(x)`` is the English;
    :func:`render` translates ``text`` first, then raises its first letter."""

    @staticmethod
    def cased(shown: str) -> str:
        return shown[:1].upper() + shown[1:]


class Name(Msg):
    """A name a sentence says (a room, a card: a :class:`Msg`) with its grammar in each
    language: the definite article it takes, which a game states for each name it makes
    (issue 29: "Mettete la Cantina nel seminterrato", not "Mettete Cantina"). It is its
    message in every other way (its English text, its translation). In a translation a field
    may ask for an article form by the Italian masculine form as its format spec:
    ``{room:il}`` "la Cantina", ``{room:nel}`` "nella Cantina", ``{room:del}``, ``{room:al}``,
    ``{room:dal}``, ``{room:sul}`` (capitalised, ``{room:Il}``, at the start of a sentence).
    A name without an article for the language (a name the owner entered, a player) takes
    the bare preposition: "ad Ada", with its euphonic d before the same vowel:
    ``{player:al}`` "ad Ada" but "a Bo" (and the conjunction ``{last:e}``: "ed Eva", "e Bo");
    a pattern that names what the field is gives it a lead, said in the form asked:
    ``{room:nel|la stanza}`` "nella stanza Cucina Grande" for a room the owner entered
    (issue 29: "in Cucina Grande" read wrong). A name said without an article has "" ("in
    un corridoio"), and a name may have its own word for a form (``it_nel="al"``: "al centro").
    Which article a word takes is the game's data (:func:`named`), never guessed from the word.

    Attributes:
        articles: language -> definite article ("il", "lo", "la", "l'", "i", "gli", "le").
    """

    articles: dict[str, str]

    def __new__(cls, text: Msg, articles: dict[str, str]) -> Name:
        self = super().__new__(cls, text.msgid, text.params, text.plural, text.count)
        self.articles = articles
        return self

    def __reduce__(self):
        return (Name, (Msg(self.msgid, self.params, self.plural, self.count), self.articles))


def named(text: Any, **articles: str) -> Any:
    """``text`` (a name, a :class:`Msg`) with its definite article in each language:
    ``named(msg("Wine Cellar"), it="la")`` ("" for a name said without one: "in un
    corridoio"), and its own word for a form where the article's is not said
    (``it_nel="al"``: "al centro", not "nel centro"); a plain ``str`` or a name with no
    article given is returned as it is."""
    return Name(text, articles) if articles and isinstance(text, Msg) else text


class StandIn(Name):
    """The name of a stand-in: a card or room tablet whose printed name the rulebook does not
    give, named by the companion with a number ("Monster 5", "Tablet 2-4", "Kid 3") until the
    owner enters the name on their copy (issue 27 item 3). It is its :class:`Name` in every
    other way. The protocol lists each stand-in a state shows, by the words it is shown in,
    with its ``number`` (the state's ``stand_ins``), so a screen knows one without reading
    a name's shape (a card the owner named "Room 7" is no stand-in).

    Attributes:
        number: the number as the name says it ("5", "04", "2-4").
    """

    number: str

    def __new__(cls, text: Msg, articles: dict[str, str], number: str) -> StandIn:
        self = super().__new__(cls, text, articles)
        self.number = number
        return self

    def __reduce__(self):
        return (StandIn, (Msg(self.msgid, self.params, self.plural, self.count), self.articles, self.number))


def stand_in(text: Msg, number: Any, **articles: str) -> StandIn:
    """``text`` (the companion's name for a stand-in, a :class:`Msg`) marked as a stand-in
    numbered ``number``, with its definite article in each language (as :func:`named`):
    ``stand_in(msg("Monster {n}", n=5), 5, it="il")``."""
    return StandIn(text, articles, str(number))


#: Italian definite articles and the prepositions joined with them, by the masculine
#: singular form a translation writes as a field's format spec (:class:`Name`).
_ARTICLE_FORMS = {
    "il": ("il", "del", "al", "dal", "nel", "sul"), "lo": ("lo", "dello", "allo", "dallo", "nello", "sullo"),
    "la": ("la", "della", "alla", "dalla", "nella", "sulla"), "l'": ("l'", "dell'", "all'", "dall'", "nell'", "sull'"),
    "i": ("i", "dei", "ai", "dai", "nei", "sui"), "gli": ("gli", "degli", "agli", "dagli", "negli", "sugli"),
    "le": ("le", "delle", "alle", "dalle", "nelle", "sulle"),
}
_SPECS = _ARTICLE_FORMS["il"]
#: A field with a format spec in a pattern ("{room:nel}").
_SPEC = re.compile(r"\{\w+:")
#: The bare preposition of each spec, for a name without an article ("in Cucina Grande").
_BARE = ("", "di", "a", "da", "in", "su")
#: Between a field's article form and its lead, for a name whose article is not known (one
#: the owner entered): ``{room:nel|la stanza}`` says "nella Cantina" for a printed room, "nella
#: stanza Cucina Grande" for an entered one (issue 29: "in Cucina Grande" read wrong).
_LEAD = "|"
#: The conjunction "e" as a format spec ("{names} {last:e}"): said bare, never with an article.
_AND = "e"
#: The euphonic d (Italian "d eufonica"): a bare "a" or "e" before a word starting with the
#: same vowel takes a d, "ad Ada", "ed Eva" (and only then: "a Bo", "e Ada").
_EUPHONIC = {"a": "ad", "e": "ed"}
#: Markup tags a screen's own words may wrap a name in ("[color=ffd700]Ada[/color]"): the
#: euphonic d looks at the first letter shown, after them.
_LEADING_TAGS = re.compile(r"(?:\[[^\]]*\])*")


class _Said(str):
    """A parameter rendered for a pattern: its text, the article of a :class:`Name` (None
    for any other value: not known; "" for a name said without one) and the name's own
    words for some forms (``{"nel": "al"}``: "al centro"), so ``{room:nel}`` gives "nella
    Cantina"."""

    article: str | None
    words: dict[str, str]

    def __new__(cls, text: str, article: str | None, words: dict[str, str] | None = None) -> _Said:
        self = super().__new__(cls, text)
        self.article = article
        self.words = words or {}
        return self

    def __format__(self, spec: str) -> str:
        if not spec:
            return str.__str__(self)
        form, _, lead = spec.partition(_LEAD)
        word = self._word(form.lower(), lead)
        if form[0].isupper():
            word = word[:1].upper() + word[1:]
        if not word:
            return str.__str__(self)
        return word + ("" if word.endswith("'") else " ") + str.__str__(self)

    def _word(self, spec: str, lead: str = "") -> str:
        """The words before the name for a lower-case ``spec``: the name's own word for it,
        else the article form of a name that has one; a name whose article is not known
        (one the owner entered) with the pattern's ``lead`` ("la stanza"): the lead in that
        form ("nella stanza"); else the bare preposition (or the conjunction), euphonic
        before its own vowel."""
        if spec == _AND:
            word = _AND
        else:
            index = _SPECS.index(spec)  # ValueError: the pattern's fallback shows it
            if spec in self.words:
                return self.words[spec]
            forms = _ARTICLE_FORMS.get(self.article or "")
            if forms is not None:
                return forms[index]
            if self.article is None and lead:
                article, _, noun = lead.partition(" ")
                return _lead_form(article, noun, index)
            word = _BARE[index]
        if word in _EUPHONIC and self._initial() == word:
            return _EUPHONIC[word]
        return word

    def _initial(self) -> str:
        """The first letter shown, lower case (after any markup tags the name is wrapped in)."""
        return _LEADING_TAGS.sub("", str.__str__(self), count=1)[:1].lower()


def _lead_form(article: str, noun: str, index: int) -> str:
    """A pattern's lead ("la" "stanza") in the form at ``index`` of :data:`_SPECS`:
    "nella stanza"."""
    forms = _ARTICLE_FORMS.get(article)
    if forms is None:  # a lead without an article ("stanza"): the bare preposition
        return " ".join(w for w in (_BARE[index], article, noun) if w)
    joined = forms[index]
    return joined + ("" if joined.endswith("'") else " ") + noun


def echoed(text: str, limit: int = 24) -> str:
    """``text`` quoted for echoing back in a refusal: its first ``limit`` characters (then
    "…"), control and other unprintable characters escaped (``\\x1b``): a refusal never sends
    a terminal an escape sequence, nor a 5000-character name back."""
    text = str(text)
    return repr(text[:limit] + "…" if len(text) > limit else text)


def printable(ch: str) -> str:
    """One character as a refusal may show it: itself, or escaped when unprintable."""
    return ch if ch.isprintable() else repr(ch)[1:-1]


def press_or_touch(press: Msg, touch: Msg) -> NewsLine:
    """A sentence that asks the table for the dice button (``press``), with its words for a
    table that has none (``touch``: the screen's button that does the same, issue 17 item 7):
    ``press_or_touch(msg("{player}: press the dice button", player=p), msg("{player}: touch
    {button}", player=p, button=label))``. It is ``press`` everywhere (its text, its
    message id); :func:`render` with ``touch=True`` gives the ``touch`` form. The engine
    does not know the hardware: the daemon renders the form that is true of its table.
    A :class:`NewsLine` whose ``text`` is ``press``."""
    return replace(line_of(press), touch=touch)


#: The kinds of physical instruction a news line can be (:func:`todo`), each with its own
#: icon on the table screen: set-up steps, placing, moving and removing pieces, flipping a
#: card or tile, locking doors, dealing cards, putting something back, a player knocked out.
TODO_KINDS = ("setup", "place", "move", "remove", "flip", "lock", "deal", "return", "out", "other")


def todo(kind: str, msgid: str, **params: Any) -> NewsLine:
    """A news line that is a physical instruction to the table ("Place a ghost in room
    E"): a :class:`NewsLine` whose ``todo`` is ``kind`` (one of :data:`TODO_KINDS`). The table
    screen shows such lines in large type until the next accepted input.

    Raises:
        ValueError: ``kind`` is not one of :data:`TODO_KINDS`.
    """
    return NewsLine(_message(msgid, params), todo=_todo_kind(kind))


def ntodo(kind: str, singular: str, plural: str, count: str, **params: Any) -> NewsLine:
    """:func:`todo` with a plural form chosen by the integer parameter ``count`` names."""
    return NewsLine(_message(singular, params, plural, count), todo=_todo_kind(kind))


def todo_lines(news) -> tuple[NewsLine, ...]:
    """The physical instructions (:func:`todo` lines) among ``news``, in order."""
    return tuple(line for line in news if isinstance(line, NewsLine) and line.todo)


def _todo_kind(kind: str) -> str:
    if kind not in TODO_KINDS:
        raise ValueError(f"todo kind {kind!r} is not one of {', '.join(TODO_KINDS)}")
    return kind


def render(text: Any, lang: str, touch: bool = False) -> Any:
    """``text`` in language ``lang``: a :class:`Msg` is translated (its parameters too), a
    :class:`NewsLine` as its sentence; a plain ``str`` or anything else comes back unchanged.
    An unknown language is English. ``touch``: the table has no dice button, so a line made
    by :func:`press_or_touch` (or a sentence holding one) says its ``touch`` form."""
    if type(text) is str:  # a line rendered already (the log's, in every state: issue 35 item 3)
        return text
    if isinstance(text, _FirstLetter):
        return text.cased(str(render(text.text, lang, touch)))
    if isinstance(text, NewsLine):
        text = text.touch if touch and text.touch is not None else text.text
    if not isinstance(text, Msg):
        return text
    translation = translations(lang)
    if type(text) is Msg:  # a sentence of plain words and numbers: rendered once (issue 35 item 3)
        seen = _SEEN.get((id(text), lang))
        if seen is not None and seen[0] is text and seen[1] is translation:
            return seen[2]
        key = _plain_key(text, translation)
        if key is not None:
            shown = _SHOWN.get(key)
            if shown is None:
                if len(_SHOWN) >= _SHOWN_MAX:
                    _SHOWN.clear()
                shown = _SHOWN[key] = _render(text, lang, touch, translation)
            if len(_SEEN) >= _SHOWN_MAX:
                _SEEN.clear()
            _SEEN[id(text), lang] = (text, translation, shown)
            return shown
    return _render(text, lang, touch, translation)


def _render(text: Msg, lang: str, touch: bool, translation: gettext.NullTranslations) -> str:
    """:func:`render`'s work for a :class:`Msg`, never remembered."""
    pattern = _choose(text.msgid, text.plural, text.params.get(text.count) if text.count else None, translation)
    return _format(pattern, text.params, lang, touch)


#: A plain :class:`Msg` rendered, by :func:`_plain_key` (issue 35 item 3: a state message after
#: every tap renders the same choice labels, "Ghost card room A" ... "N", again and again). The
#: words depend on the key alone: the catalogue (the object itself, so a catalogue swapped in is
#: never given another's words), the pattern and parameters that are exact ``str`` or ``int``
#: (a bool or float is never in a key: ``1 == True == 1.0`` would share one). Emptied when full.
#: Written from any thread (one ``dict`` get or set each, atomic under the GIL).
_SHOWN: dict[tuple, str] = {}
_SHOWN_MAX = 4096
#: The same, by the sentence itself: (its ``id``, the language) -> (it, the catalogue, its
#: words). A game gives the same label objects state after state (Creepy Cellar's 14 "Ghost
#: King card A" ... "N"), so a label seen before costs a lookup, not its key (issue 35 item
#: 3). The entry holds the sentence, so its ``id`` is not another's while it is kept; a
#: :class:`Msg` is never changed once made. Emptied when it holds ``_SHOWN_MAX``.
_SEEN: dict[tuple[int, str], tuple[Msg, gettext.NullTranslations, str]] = {}


def _plain_key(text: Msg, translation: gettext.NullTranslations | None) -> tuple | None:
    """``text``'s key in :data:`_SHOWN`, or None when a parameter is anything but an exact
    ``str`` or ``int`` or a plain sentence itself (an exact :class:`Msg` whose own parameters
    are such: "Undone: {label} ({input})." with a card's label and "a tap on reader {reader}",
    tap18), such as a name with its article: rendered each time. A sentence parameter is
    rendered by its own key in the same catalogue, so its words are fixed by it; it is marked
    in the key, never taken for a ``str`` or ``int`` parameter."""
    params = text.params
    if not params:
        return (translation, text.msgid, text.plural, text.count)
    key: list = [translation, text.msgid, text.plural, text.count]
    for item in params.items():
        kind = type(item[1])
        if kind is str or kind is int:
            key.append(item)
        elif kind is Msg:
            inner = _plain_key(item[1], None)
            if inner is None:
                return None
            key.append((item[0], _SENTENCE, inner))
        else:
            return None
    return tuple(key)


#: What marks a sentence parameter in a :func:`_plain_key`.
_SENTENCE = object()


def render_all(texts, lang: str, touch: bool = False) -> list:
    """Each of ``texts`` rendered in ``lang`` (``touch``: see :func:`render`)."""
    return [render(t, lang, touch) for t in texts]


@cache
def translations(lang: str) -> gettext.NullTranslations:
    """The gettext catalogue of ``lang`` (English and unknown languages: the message ids)."""
    if lang == "en" or lang not in LANGUAGES:
        return gettext.NullTranslations()
    from importlib import resources  # with the first catalogue: importlib.resources imports tempfile, shutil...

    locale = resources.files("companion") / "locale"
    with resources.as_file(locale) as directory:
        return gettext.translation(DOMAIN, localedir=str(directory), languages=[lang], fallback=True)


def _choose(msgid: str, plural: str | None, n: Any, translation: gettext.NullTranslations | None) -> str:
    if plural is None:
        return translation.gettext(msgid) if translation is not None else msgid
    count = n if isinstance(n, int) else 1
    if translation is not None:
        return translation.ngettext(msgid, plural, count)
    return msgid if count == 1 else plural


def _format(pattern: str, params: dict[str, Any], lang: str | None, touch: bool = False) -> str:
    values = {k: (render(v, lang, touch) if lang is not None else v) for k, v in params.items()}
    try:
        names = {k: v for k, v in params.items() if isinstance(v, Name)}
        for k, v in names.items():  # a name said without an article here (en=""): "enters Room 5" (words18)
            if v.articles.get(lang or "en") == "" and "he {" + k + "}" in pattern:
                pattern = re.sub(r"\b[Tt]he \{" + k + r"\}(?! card)", "{" + k + "}", pattern)
        return fill(pattern, values, {k: v.articles.get(lang or "en") for k, v in names.items()},
                    {k: name_words(v, lang or "en") for k, v in names.items()})
    except (KeyError, IndexError, ValueError):  # a broken translation must not cost the sentence
        return msg_fallback(pattern, values)


def name_words(name: Name, lang: str) -> dict[str, str]:
    """``name``'s own words for some article forms in ``lang`` (:func:`named`'s
    ``it_nel="al"``: {"nel": "al"}), {} for most names."""
    start = lang + "_"
    return {key[len(start):]: word for key, word in name.articles.items() if key.startswith(start)}


def fill(pattern: str, values: dict[str, Any], articles: dict[str, str | None] | None = None,
         words: dict[str, dict[str, str]] | None = None) -> str:
    """``pattern`` (a translation) formatted with ``values``, its article forms ("{room:nel}",
    "{player:al}", :class:`Name`) said with ``articles`` (field -> article, "" for a name
    said without one; a field not in it takes the bare preposition, "ad Ada", or the
    pattern's lead, "{room:nel|la stanza}": "nella stanza Cucina Grande") and ``words``
    (field -> the name's own words for some forms, :func:`name_words`). What :func:`render`
    does, for a screen's own words whose values are already shown text.

    Raises:
        KeyError, IndexError, ValueError: the pattern's fields do not fit ``values``.
    """
    if _SPEC.search(pattern):  # a field with an article form ({room:nel}): the names' articles (Name)
        values = {k: _Said(str(v), (articles or {}).get(k), (words or {}).get(k)) for k, v in values.items()}
    return pattern.format(**values)


def msg_fallback(pattern: str, values: dict[str, Any]) -> str:
    """A pattern whose fields do not match its parameters: the pattern and the values, raw."""
    return pattern + " (" + ", ".join(f"{k}={v}" for k, v in values.items()) + ")"
