"""The words on the screen, as Kivy markup, from daemon messages. No Kivy import here.

Functions that add words of their own take ``_``, the client's translate function
(``app.tr._``); the default leaves the English text.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from ui import theme

Translate = Callable[..., str]


def english(text: str, **params) -> str:
    """The identity ``_``: ``text`` formatted with ``params``."""
    return text.format(**params) if params else text

#: How many news lines the event log shows at most.
LOG_LINES = 6


def escape_markup(text: str) -> str:
    """``text`` safe inside Kivy markup (as ``kivy.utils.escape_markup``)."""
    return text.replace("&", "&amp;").replace("[", "&bl;").replace("]", "&br;")


def coloured(text: str, rgba: tuple) -> str:
    """``text`` (escaped) in colour ``rgba``."""
    return f"[color={theme.hex_colour(rgba)}]{escape_markup(text)}[/color]"


def player_markup(name: str, colours: dict | None = None) -> str:
    """``name`` (escaped) in the player's colour (gold when the table gave none), lightened
    where it would not read on the dark screen (the printed blue: :func:`ui.theme.on_dark`)."""
    return coloured(name, theme.on_dark(theme.player_colour(name, colours or {})))


#: A space that never breaks a line: a name stays whole ("Player 1's turn").
NO_BREAK = "\u00a0"


def short_names(players: list[str]) -> dict[str, str]:
    """A readable short name per player, unique at the table (issue 17 item 4): the first
    two letters ("Ad", "Bo"); when two players share them, the word initials with their
    digits ("Player 1", "Player 2" -> "P1", "P2"); then three or four letters ("Ann",
    "And"); last, the initial and the seat number."""
    names = [str(p) for p in players]

    def initials(name: str) -> str:
        words = name.split()
        return "".join(w if w.isdigit() else w[:1] for w in words) if len(words) > 1 else name[:2]

    for rule in (lambda n: n[:2], initials, lambda n: n[:3], lambda n: n[:4]):
        marks = [rule(n).strip() or n[:1] for n in names]
        if len(set(marks)) == len(marks):
            return dict(zip(names, marks))
    return {n: f"{n[:1]}{i + 1}" for i, n in enumerate(names)}


#: Titles up to this many characters show whole ("CLUE: IT"); longer ones lose their series.
SHORT_TITLE = 24


def short_title(title: str) -> str:
    """A title short enough for a header or a button: the whole title when it is short
    ("CLUE: IT"), else the part after its last ": " ("Ghost Fightin' Treasure Hunters:
    Creepy Cellar" -> "Creepy Cellar")."""
    return title if len(title) <= SHORT_TITLE else title.rsplit(": ", 1)[-1]


def path_lines(path: str, most: int = 32) -> str:
    """``path`` with a line break after a "/" wherever its line would pass ``most``
    characters: the screen's labels wrap only at spaces, and a long path ran out of Settings'
    About in portrait (issue 29). ``"/tmp/a/b"`` stays as it is."""
    first, *parts = path.split("/")
    lines, line = [], first
    for part in parts:
        if line and len(line) + 1 + len(part) > most:
            lines.append(line + "/")
            line = part
        else:
            line += "/" + part
    return "\n".join([*lines, line])


def turn_markup(view: dict, player: str, over: bool, _: Translate = english, colours: dict | None = None,
                lines: bool = False, short: bool = False, setup: bool = False, name_px: int = 0) -> str:
    """"Turn 9 · Ada's turn" with the name in the player's colour (``colours``: name ->
    palette key; gold without one); "Game over" once it is. ``lines`` (a narrow, portrait
    header): "Turn 9" and "Ada's turn" on a line each; ``short`` (the portrait header, issue
    29): only "Ada's turn" (the turn number when nobody's turn is named). The name's own
    spaces never break. ``setup`` (the prompt's ``setup``: before the first turn, no one's
    turn yet): "Set-up", where the header was blank (the lead's shots, session 15).
    ``name_px`` (pixels, 0: the label's own size): the name drawn this large (screen21b:
    the one word every player reads from a metre, 32 px where the rest is 24)."""
    if over:
        return escape_markup(_("Game over"))
    if setup:
        return escape_markup(capitalised(_("Set-up")))
    number = view.get("turn_number")
    name = view.get("turn") or player
    parts = [escape_markup(_("Turn {number}", number=number))] if number else []
    if name:
        parts.append(_("{name}'s turn", name=sized(turn_name_markup(view, player, colours), name_px)))
    if short and len(parts) > 1:
        parts = parts[1:]
    if lines:
        return "\n".join(capitalised(part) for part in parts)
    return " · ".join(parts[:1] and [capitalised(parts[0]), *parts[1:]])


def sized(markup: str, px: int) -> str:
    """``markup`` drawn at ``px`` pixels (Kivy's ``[size]``); as it is for 0."""
    return f"[size={int(px)}]{markup}[/size]" if px else markup


def turn_forms(view: dict, player: str, over: bool, _: Translate = english, colours: dict | None = None,
               setup: bool = False, name_px: int = 0) -> list[str]:
    """Whose turn as the header may show it, the fullest first, the name at ``name_px``
    pixels in each (screen21b): "Turn 18 · Cy's turn", then "Cy's turn", then the name
    alone. The label shows the first that holds its width (:func:`ui.layout.first_within`);
    without a name (game over, set-up, no one's turn) the one line there is."""
    name = view.get("turn") or player
    whole = turn_markup(view, player, over, _, colours, setup=setup, name_px=name_px)
    if over or setup or not name:
        return [whole]
    forms = [whole, turn_markup(view, player, over, _, colours, short=True, setup=setup, name_px=name_px),
             sized(turn_name_markup(view, player, colours), name_px)]
    return list(dict.fromkeys(forms))  # "Cy's turn" twice where the turn has no number


def turn_name_markup(view: dict, player: str, colours: dict | None = None) -> str:
    """The name of the player whose turn it is, in their colour, its spaces unbroken (the
    portrait header's, screen21b); "" when no one's turn is named."""
    name = view.get("turn") or player
    return player_markup(name, colours).replace(" ", NO_BREAK) if name else ""


def capitalised(line: str) -> str:
    """``line`` starting with a capital letter when it starts with a lower-case one (Italian
    "turno di Ada" at the head of a header); a line starting with markup or a name is kept."""
    return line[:1].upper() + line[1:] if line[:1].islower() else line


def prompt_markup(text: str, player: str, over: bool, colours: dict | None = None) -> str:
    """The prompt, with a leading "Name:" in the player's colour (gold without one). Once the
    game is ``over`` the table shows the game-over panel instead (its headline is the game's
    ``summary``), and the prompt as it is."""
    if player and text.startswith(f"{player}:"):
        return (coloured(f"{player}:", theme.on_dark(theme.player_colour(player, colours or {})))
                + escape_markup(text[len(player) + 1:]))
    return escape_markup(text)


#: A phrase ends after a word ending so (a sentence, a clause: a page ends there first) ...
_CLAUSE_END = re.compile(r"[.;:!?][\"'\u2019\u201d)]*$")
#: ... or, less strongly, after a comma or a closing bracket ...
_PHRASE_END = re.compile(r"[,)\]][\"'\u2019\u201d]*$")
#: ... or before a word that starts one ("then", "(..."), or a question's verb after what it
#: asks about ("how many bulb icons | does the second-floor room card show?": screen16, the
#: first page had ended inside "the second-floor | room card"; in Italian "quante icone di
#: lampadine | ha questa carta", words17: the list was English only).
_PHRASE_START = {"then", "poi", "quindi", "so", "and", "or", "e", "o", "but", "ma", "where", "dove", "with", "con",
                 "does", "do", "did", "is", "are", "was", "were", "has", "have",
                 "è", "sono", "era", "erano", "ha", "hanno", "aveva", "avevano", "c'è", "mostra", "mostrano"}
#: Words that a page should not end on: the next word belongs to them ("the | Ghost card").
_LEADS = {"the", "a", "an", "of", "to", "in", "on", "at", "by", "for", "from", "into", "il", "lo", "la", "i",
          "gli", "le", "un", "uno", "una", "di", "del", "della", "dei", "delle", "nel", "nella", "al",
          "alla", "sul", "sulla", "da", "dal", "dalla", "su", "per", "tra", "fra", "che",
          # demonstratives and possessives ("ha questa | carta stanza?", the lead's shots)
          "this", "that", "these", "those", "his", "her", "its", "their", "your", "each", "every",
          "questa", "questo", "queste", "questi", "quella", "quello", "quelle", "quei", "ogni", "sua",
          "suo", "sue", "suoi", "vostra", "vostro", "vostre", "vostri", "ad", "ed"}
#: A sentence: what a physical step's page holds one of, where it can (issue 29).
_SENTENCE_END = re.compile(r"[.;!?][\"'\u2019\u201d)]*$")


def break_cost(word: str, following: str) -> int:
    """How badly a page ending after ``word`` (``following`` starting the next) cuts a
    phrase: 0 at a clause's end (". ; : ! ?"), 1 at a comma, a bracket or before "then",
    "(" or a verb such as "does" or "is", 3 elsewhere, 4 after "the", "of", "di" and the
    like or before a lone letter or a number ("room | N")."""
    if _CLAUSE_END.search(word):
        return 0
    bare = following.strip("\"'(\u2018\u201c").lower()
    if _PHRASE_END.search(word) or bare in _PHRASE_START or following.startswith("("):
        return 1
    if word.lower() in _LEADS or len(following) == 1 or following[:1].isdigit():
        return 4
    return 3


def page_words(text: str, fits: Callable[[str, int, int], bool], sentences: bool = False) -> list[str]:
    """``text`` cut into pages of whole words, each as long as ``fits(page, number, count)``
    allows (a long prompt pages rather than overflow or shrink, issue 29), in as few pages as
    whole words allow, ending them where a phrase ends when it can (:func:`break_cost`: at
    ". ; :", then at a comma or before "then"; "the Ghost card | room N" read as two
    things). ``sentences`` (a physical step): a page holds one sentence where it can (one
    instruction a page). ``count`` is a guess while paging: the page mark's width barely
    changes with it. A word that fits on no page alone gets a page of its own. A
    :data:`NO_BREAK` space is no place for a page to end ("Player 3" stays whole: ``str.split()``
    cut it and lost the space)."""
    words = [w for w in re.split(r"[ \t\n\r]+", text) if w]
    if not words:
        return [""]
    parts = _sentences(words) if sentences else [words]
    pages: list[str] = []
    for part in parts:
        pages += _phrase_pages(part, fits, len(pages))
    return pages


def _sentences(words: list[str]) -> list[list[str]]:
    """``words`` cut after each sentence's end."""
    parts, current = [], []
    for word in words:
        current.append(word)
        if _SENTENCE_END.search(word):
            parts.append(current)
            current = []
    return parts + ([current] if current else [])


def _phrase_pages(words: list[str], fits: Callable[[str, int, int], bool], before: int) -> list[str]:
    """``words`` in the fewest pages that fit, the pages ending where :func:`break_cost` adds
    least (a page of one word costs 5 more, of two 2 more: "Cy:" alone, "carte Luogo."). Each page's longest end is
    found once, from the last start's (a page may end later when it starts later), so ``fits``
    is asked about twice a word."""
    n = len(words)
    guess = before + 2

    def fit(i: int, j: int) -> bool:
        return fits(" ".join(words[i:j]), guess, guess)

    longest, end = [0] * n, 1
    for i in range(n):
        end = max(end, i + 1)
        while end < n and fit(i, end + 1):
            end += 1
        longest[i] = end
    best: list[tuple[int, int, int]] = [(0, 0, n)] * (n + 1)  # (pages, cost, end) from each word on
    for i in range(n - 1, -1, -1):
        options = []
        for j in range(i + 1, longest[i] + 1):
            pages, cost, _end = best[j]
            cost += 0 if j == n else break_cost(words[j - 1], words[j])
            cost += {1: 5, 2: 2}.get(j - i, 0) if n > 2 else 0  # a page of a word ("Cy:") or two
            options.append((pages + 1, cost, -j))
        pages, cost, j = min(options)
        best[i] = (pages, cost, -j)
    out, i = [], 0
    while i < n:
        j = best[i][2]
        out.append(" ".join(words[i:j]))
        i = j
    return out


def page_mark(number: int, count: int) -> str:
    """The mark after a paged prompt's or step's page: "› 1/2" in gold (touch the prompt for
    the next; a step's button reads "Next ›"); "" for one page. Its space never breaks (a step
    drew "›" at a line's end and "2/2" alone on the next)."""
    return "" if count < 2 else "  " + coloured(f"\u203a{NO_BREAK}{number}/{count}", theme.GOLD)


def lesson_markup(lesson: dict | None) -> str:
    """First-game mode's lesson card (issue 29): the rule's name in gold, bold, on a line of its
    own, then the lesson's plain words; empty without one."""
    if not lesson or not lesson.get("text"):
        return ""
    rule = str(lesson.get("rule") or "")
    head = "[b]" + coloured(rule, theme.GOLD) + "[/b]\n" if rule else ""
    return head + escape_markup(str(lesson["text"]))


def outcome_colour(view: dict) -> tuple:
    """Green when the hunters won, red otherwise."""
    return theme.WON if view.get("outcome") == "won" else theme.LOST


def log_markup(lines: list, fresh: int, shown: int = LOG_LINES) -> str:
    """The last ``shown`` of ``lines``, one a line; the last ``fresh`` bright, older dim.

    A line is a string (news) or a ``(text, kind)`` pair; kind ``"notice"`` (a refusal the
    banner showed) is drawn in the notice colour after a "!" so it is not told by colour alone.
    """
    tail = lines[-shown:] if shown > 0 else []
    out = []
    for i, line in enumerate(tail):
        text, kind = (line, "news") if isinstance(line, str) else line
        if kind == "notice":
            out.append(coloured(f"! {text}", theme.NOTICE if i >= len(tail) - fresh else theme.NOTICE_DIM))
        else:
            out.append(coloured(text, theme.TEXT if i >= len(tail) - fresh else theme.TEXT_DIM))
    return "\n".join(out)


def ago_text(seconds: float | None, _: Translate = english) -> str:
    """"just now", "5 min ago", "3 h ago", "2 days ago" ("" for None)."""
    if seconds is None:
        return ""
    if seconds < 60:
        return _("just now")
    if seconds < 3600:
        return _("{n} min ago", n=int(seconds // 60))
    if seconds < 86400:
        return _("{n} h ago", n=int(seconds // 3600))
    days = int(seconds // 86400)
    return _("1 day ago") if days == 1 else _("{n} days ago", n=days)  # _() has no plural forms


def value_text(value, _: Translate = english) -> str:
    """A value on its button when the daemon sent no words for it: yes/no for booleans, else
    the value in words ("per_game" -> "Per game"). A game's own words for its values come
    from the daemon (a content form's or an option's ``labels``)."""
    if value is True:
        return _("Yes")
    if value is False:
        return _("No")
    words = str(value).replace("_", " ")
    return words[:1].upper() + words[1:]


def players_text(players: list[str], _: Translate = english) -> str:
    """"Ada, Bo and Cy"."""
    names = [str(p) for p in players]
    if len(names) < 2:
        return "".join(names)
    return _("{names} and {last}", names=", ".join(names[:-1]), last=names[-1])


def staff_text(staff: dict, _: Translate = english) -> str:
    """The staff banner (a venue table, SPEC-MESSAGES): what staff sent ("message"), else
    "Staff called: someone is coming" while ``called``; "" when neither (or no ``staff``)."""
    staff = staff or {}  # its shape checked by the client (companion.schema)
    message = staff.get("message")
    if message and message.strip():
        return _("Staff: {message}", message=message.strip())
    if staff.get("called"):
        return _("Staff called: someone is coming to your table.")
    return ""


def setup_question(lines: list, ticked: int, label: str, _: Callable[[str], str]) -> str:
    """The question a touch on the choice ``label`` asks first while set-up steps of the
    checklist (``lines`` of kind "setup", ``ticked`` of the lines done) are left: the next
    input starts the next state's steps, and the steps left would go without a word
    (newcomer19: "Roll the die" at step 3 of 10 dropped steps 4-10; History keeps them).
    "" when none is left, or for the game's steps (one left after a roll is the table's to skip)."""
    shown = [line for line in lines if isinstance(line, dict) and line.get("text")]
    setup = [line for line in shown if line.get("kind") == "setup"]
    left = sum(1 for line in shown[int(ticked):] if line.get("kind") == "setup")
    if not left:
        return ""
    if left == 1:  # _() has no plural forms (words20: "1 of its 5 steps are not ticked")
        return _("Set-up is not finished: 1 of its {total} steps is not ticked. {label} anyway? "
                 "History keeps it.").format(total=len(setup), label=label)
    return _("Set-up is not finished: {left} of its {total} steps are not ticked. {label} anyway? "
             "History keeps them.").format(left=left, total=len(setup), label=label)
