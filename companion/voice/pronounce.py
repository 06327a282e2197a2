"""How names and game words are said (issue 28): a pronunciation table per language,
applied to each phrase before the engine sees it (and before the cache key is made).

Each entry is a whole word or phrase as written (case-sensitive) and how to spell it so the
language's voice says it right: the Italian voice reads "Ghost King" letter by Italian
letter ("gost king" said "g-host"), the English voice mangles Italian card names. The
config adds entries of its own (player names): ``[voice.pronounce.en]`` and
``[voice.pronounce.it]`` (``"Siobhan" = "Shivawn"``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping

#: The built-in tables: language -> {as written: as said}.
TABLES: dict[str, dict[str, str]] = {
    "en": {
        "Kitty Kitty": "Kitty, Kitty",
        "CLUE: IT": "Clue, It",
        "Thornhill": "Thorn-hill",
        # Ghost at Home's Italian card names, as an English voice can say them
        "Fantasma": "Fan-tahz-ma",
        "Fantasmi": "Fan-tahz-mee",
        "Gatto": "Gaht-toe",
        "Gatti": "Gaht-tee",
        "Lampadina": "Lahm-pa-dee-na",
        "?": "a question mark",  # CLUE: IT's die face, "Ada rolled ?.", which a voice leaves unsaid
        'a "?"': "a question mark",  # the die face named: 'a "?" counts as 1' (not "a a question mark")
    },
    "it": {
        "Ghost King": "Gòst King",
        "Kitty Kitty": "Kìtti Kìtti",
        "Creepy Cellar": "Crìpi Sèllar",
        "Ghost Fightin' Treasure Hunters": "Gòst Fàitin Trèsciur Hànters",
        "CLUE: IT": "Clù It",
        "CLUE": "Clù",  # the sheet: "una scheda CLUE" (said "klue")
        "House of Spirits": "Hàus of Spìrits",
        "Ghost at Home": "Gòst et Hòm",
        "Children": "Cìldren",
        "Thornhill": "Tòrnhil",
        "Jinxed": "Gìnxd",
        "Nightmare": "Nàitmer",
        "Advanced": "Advànsd",
        "Basic": "Bèisic",
        "Intrigue": "Intrìg",
        "Rumor": "Rùmor",
        "?": "punto interrogativo",  # the die face: "Ada ha fatto ?."
        'un "?"': "un punto interrogativo",  # the die face named: 'un "?" vale 1'
    },
}


#: Rewrites by pattern, per language, after the table: Children's stand-in tablets are
#: numbered floor-place ("Tablet 2-4"), which the English voice says "two dash four"
#: (the Italian one says "Tessera 2-4" as "due quattro").
PATTERNS: dict[str, tuple[tuple[re.Pattern, str], ...]] = {
    "en": ((re.compile(r"\b(Tablet \d+)-(\d+)\b"), r"\1 \2"),),
}


class Pronouncer:
    """Rewrites phrases with the table of their language (the built-in one plus ``extra``),
    then its :data:`PATTERNS`."""

    def __init__(self, extra: Mapping[str, Mapping[str, str]] | None = None):
        self.tables = {lang: {**TABLES.get(lang, {}), **dict((extra or {}).get(lang, {}))}
                       for lang in {*TABLES, *(extra or {})}}
        self._patterns = {lang: _pattern(table) for lang, table in self.tables.items()}

    def __call__(self, text: str, lang: str) -> str:
        """``text`` spelt for ``lang``'s voice."""
        pattern = self._patterns.get(lang)
        if pattern is not None:
            table = self.tables[lang]
            text = pattern.sub(lambda m: table[m.group(0)], text)
        for rule, said in PATTERNS.get(lang, ()):
            text = rule.sub(said, text)
        return text


def _pattern(table: Mapping[str, str]) -> re.Pattern | None:
    if not table:
        return None
    words = sorted(table, key=len, reverse=True)  # the longest first: "Ghost King" before "Ghost"
    return re.compile("|".join(_entry(w) for w in words))


def _entry(word: str) -> str:
    """The pattern of one entry: a whole word or phrase. An entry that starts with a sign
    (CLUE: IT's "?" die face) stands alone, after a space or at the start: the "?" that ends
    a question follows a word, a bracket or a quote ("(you draw as many)?", "“Ada”?") and is
    not a die face (voice15: it was said "a question mark")."""
    before = r"(?<!\w)" if word[:1].isalnum() else r"(?<!\S)"
    return before + re.escape(word) + r"(?!\w)"
