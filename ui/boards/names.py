"""Names on the boards: card names without the content file's "(placeholder)" mark, the
stand-in names ("Monster 3", "Kid 3") in the table's language, and short unique marks
for players ("Ada", "P1", "P2").

No Kivy here.
"""

from __future__ import annotations

import re

from ui.text import Translate, english

#: A stand-in name as the content files and engines write it: "Monster 3 (placeholder)".
_STAND_IN = re.compile(r"^(?P<kind>[A-Z][a-z]+(?: card)?) (?P<n>\d+(?:-\d+)?)(?: \((?:placeholder|segnaposto)\))?$")

#: A stand-in name in either language, as a board shows it ("Tessera 2-4", "Carta trama 3").
_NUMBERED = re.compile(r"^[A-Z][a-z]+(?: [a-z]+)? (?P<n>\d+(?:-\d+)?)(?: \((?:placeholder|segnaposto)\))?$")

#: Trailing "(placeholder)" marks (English and Italian) on any other name.
_MARK = re.compile(r"\s*\((?:placeholder|segnaposto)\)\s*$")


def _stand_ins(_: Translate, n: str) -> dict[str, str]:
    return {
        "Character": _("Character {n}", n=n), "Room": _("Room {n}", n=n),
        "Monster": _("Monster {n}", n=n), "Item": _("Item {n}", n=n), "Event": _("Event {n}", n=n),
        "Plot card": _("Plot card {n}", n=n), "Kid": _("Kid {n}", n=n),
        "Location": _("Location {n}", n=n), "Tablet": _("Tablet {n}", n=n), "Ghost": _("Ghost {n}", n=n),
    }


def card_name(name, _: Translate = english) -> str:
    """``name`` as a board shows it: "Monster 3 (placeholder)" -> "Monster 3" ("Mostro 3"
    in Italian); "Attic" stays "Attic"; None -> ""."""
    if not name:
        return ""
    text = str(name)
    match = _STAND_IN.match(text)
    if match:
        return _stand_ins(_, match["n"]).get(match["kind"], _MARK.sub("", text))
    return _MARK.sub("", text)


def stand_in_number(name) -> str:
    """A stand-in's number, drawn beside its icon where its whole name does not fit a
    cell at the boards' floor: "Oggetto 13" -> "13", "Tessera 2-4" -> "2-4", "Personaggio
    4" -> "4" (issue 29: they were cut to "Ogget. 13", then shown as codes, "#13"); the
    icon says what it is (a room tablet, a player's character, a card). "" for any other
    name."""
    match = _NUMBERED.match(str(name or ""))
    return match["n"] if match else ""


def clean_label(choice: dict, _: Translate = english) -> dict:
    """A choice with its label as a board names it: no placeholder mark, a stand-in name
    ("Ghost 04 (placeholder)") in the table's language (``_``: "Fantasma 04"); its key stays
    as the daemon's."""
    if "label" not in choice:
        return choice
    return {**choice, "label": card_name(str(choice["label"]), _)}


def short_marks(names: list[str], longest: int = 4) -> dict[str, str]:
    """A short mark per name, unique among ``names``, that a player reads as theirs:
    the name itself when it is short ("Ada", "Bo"); else its first ``longest`` letters
    ("Giul"); names that share those ("Player 1", "Player 2") keep what tells them apart
    (initials and number: "P1", "P2")."""
    marks = {name: _short(name, longest) for name in names}
    if len(set(marks.values())) == len(marks):
        return marks
    counts: dict[str, int] = {}
    for mark in marks.values():
        counts[mark] = counts.get(mark, 0) + 1
    out = {}
    for i, name in enumerate(names, 1):
        mark = marks[name]
        out[name] = mark if counts[mark] == 1 else _distinct(name, i)
    if len(set(out.values())) < len(out):  # still clashing: number them in order
        out = {name: f"{out[name][:2]}{i}" for i, name in enumerate(names, 1)}
    return out


def initials(names: list[str]) -> dict[str, str]:
    """One letter per name where the first letters tell ``names`` apart ("Ada", "Bo", "Cy" ->
    "A", "B", "C"); else :func:`short_marks` ("P1", "P2" for "Player 1", "Player 2")."""
    first = {name: name.strip()[:1].upper() for name in names}
    if all(first.values()) and len(set(first.values())) == len(first):
        return first
    return short_marks(names)


def tails(marks: dict[str, str]) -> dict[str, str]:
    """The marks without the letters they all begin with, where what is left is numbers that
    still tell them apart ("P1", "P2", "P3" -> "1", "2", "3"): the narrowest way to name the hunters
    in a crowded Creepy Cellar room; the marks themselves where it does not."""
    values = list(marks.values())
    head = 0
    while values and all(len(v) > head + 1 and v[head] == values[0][head] and v[head].isalpha() for v in values):
        head += 1
    out = {name: mark[head:] for name, mark in marks.items()}
    numbers = all(tail.isdigit() for tail in out.values())
    return out if head and numbers and len(set(out.values())) == len(out) else dict(marks)


def _short(name: str, longest: int) -> str:
    name = name.strip()
    return name if len(name) <= longest else name[:longest].rstrip()


def _distinct(name: str, index: int) -> str:
    """Initials plus the name's own number ("Player 2" -> "P2", "Anna Maria" -> "AM"),
    or the seat number when the name has none."""
    parts = name.split()
    initials = "".join(p[0].upper() for p in parts if not p.isdigit())[:2]
    digits = "".join(p for p in parts if p.isdigit())
    return initials + (digits or str(index))


#: Words that only link a name's parts or begin it ("House on Neibolt Street", "Vicolo di
#: Derry", "The Synagogue"): left out of a short name where they end up at an end.
_LINKS = frozenset("the a an on of in at di del della dello dei degli delle da la il lo le i gli l'".split())


def short_places(names: list[str]) -> dict[str, str]:
    """A short name per place, from the game's own list of places (``names``, in the
    table's language): the words at either end that other places share ("Derry") or that
    only link ("di", "The") are left out: "Derry Public Library" -> "Public Library",
    "Vicolo di Derry" -> "Vicolo", "The Synagogue" -> "Synagogue". A numbered stand-in
    ("Location 5") and a name with nothing left keep their whole name."""
    counts: dict[str, int] = {}
    for name in names:
        for word in {w.casefold() for w in str(name).split()}:
            counts[word] = counts.get(word, 0) + 1
    out = {}
    for name in names:
        words_ = str(name).split()
        if len(words_) > 1 and words_[-1][:1].isdigit():
            out[name] = name
            continue
        while words_ and (counts.get(words_[0].casefold(), 0) > 1 or words_[0].casefold() in _LINKS):
            words_ = words_[1:]
        while words_ and (counts.get(words_[-1].casefold(), 0) > 1 or words_[-1].casefold() in _LINKS):
            words_ = words_[:-1]
        out[name] = " ".join(words_) or name
    return out


def key_word(name: str) -> str:
    """The word of a place's name a player knows it by: its longest ("House on Neibolt
    Street" -> "Neibolt", "Biblioteca Pubblica" -> "Biblioteca")."""
    words_ = [w for w in str(name).split() if w.casefold() not in _LINKS]
    return max(words_, key=len) if words_ else str(name)
