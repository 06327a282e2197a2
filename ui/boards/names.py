"""Names on the boards: a stand-in's number (the state says which names are stand-ins:
its ``stand_ins``), and short unique marks for players ("Ada", "P1", "P2").

The daemon names every card in the table's language ("Mostro 5", "Tessera 2-4") and with
no "(placeholder)" mark; a board shows its words as they come. No Kivy here.
"""

from __future__ import annotations

from collections.abc import Mapping


def stand_in_number(name, stand_ins: Mapping[str, str]) -> str:
    """A stand-in's number, drawn beside its icon where its whole name does not fit a
    cell at the boards' floor: "Oggetto 13" -> "13", "Tessera 2-4" -> "2-4", "Personaggio
    4" -> "4" (issue 29: they were cut to "Ogget. 13", then shown as codes, "#13"); the
    icon says what it is (a room tablet, a player's character, a card). ``stand_ins``: the
    state's (name as shown -> number, issue 27 item 3). "" for any other name: a card the
    owner named "Room 7" is no stand-in."""
    return str(stand_ins.get(str(name or ""), ""))


def short_marks(names: list[str], longest: int = 4) -> dict[str, str]:
    """A short mark per name, unique among ``names``, that a player reads as theirs:
    the name itself when it is short ("Ada", "Bo"); else its first ``longest`` letters
    ("Giul"); names that share those ("Player 1", "Player 2") keep what tells them apart
    (initials and number: "P1", "P2") unless one or two letters more tell them apart
    ("Martina", "Marco" at three letters: "Mart", "Marc")."""
    marks = {name: _short(name, longest) for name in names}
    if len(set(marks.values())) == len(marks):
        return marks
    for more in (1, 2):  # "Martina", "Marco": "Mart", "Marc", not "M1", "M2" (names21: "M1" read as a code)
        longer = {name: _short(name, longest + more) if list(marks.values()).count(mark) > 1 else mark
                  for name, mark in marks.items()}
        if len(set(longer.values())) == len(longer):
            return longer
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


def whole_names(whole: list[float], marks: list[float], room: float) -> list[bool]:
    """Which names of a row of panels show whole: each panel needs ``whole[i]`` pixels with
    its whole name and ``marks[i]`` with its short mark (:func:`short_marks`); the row has
    ``room``. Every name whole where they all fit; else the widest whole name falls to its
    mark, then the next widest, until the row holds them (CLUE: IT's seven players: "Giu",
    "Tom", "Mar", "Leo" were all cut to three letters, though "Giulia" fitted beside "Ada",
    "Bo" and "Cy" with room to spare). A name no wider than its mark stays whole."""
    shown = [True] * len(whole)
    while sum(w if s else m for w, m, s in zip(whole, marks, shown)) > room:
        longer = [i for i, s in enumerate(shown) if s and whole[i] > marks[i]]
        if not longer:
            break
        shown[max(longer, key=lambda i: whole[i] - marks[i])] = False
    return shown


def split_rows(whole: list[float], marks: list[float], room: float, spacing: float = 0.0) -> int:
    """How many of a line of panels go in the first of two rows (seat order kept: the rest
    go in the second), from each panel's width with its whole name (``whole``) and with its
    mark (``marks``), each row ``room`` wide with ``spacing`` between panels. The split that
    overflows least (marks too wide to fit), then shows the most names whole, then cuts the
    fewest pixels, then is the most even, then puts the odd panel on top. CLUE: IT's seven
    players at 800×480 were split 4 then 3 in seat order: "M1 | Marco | Tom | Leo" over
    "Ada | Bo | Cy", though 3 then 4 held every name whole (names21)."""
    n = len(whole)
    if n < 2:
        return n

    def score(first: int) -> tuple:
        overflow = whole_count = cut = 0.0
        for lo, hi in ((0, first), (first, n)):
            w, m = whole[lo:hi], marks[lo:hi]
            free = room - spacing * (hi - lo - 1)
            shown = whole_names(w, m, free)
            need = sum(a if s else b for a, b, s in zip(w, m, shown))
            overflow += max(0.0, need - free)
            whole_count += sum(shown)
            cut += sum(a - b for a, b, s in zip(w, m, shown) if not s)
        return overflow, -whole_count, cut, abs(n - 2 * first), first < n - first

    return min(range(max(1, n // 2 - 1), min(n - 1, n - n // 2 + 1) + 1), key=score)
