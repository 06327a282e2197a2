"""The game-over summary (issue 17 item 5), from the last state: who won or that the table
lost, the rule that ended it, the final scores where the game scores, the CLUE solution.
No Kivy import here; words the client adds are translated with ``_``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ui.text import Translate, english

#: ``outcome`` values of a game the whole table lost (or that nobody won).
LOSSES = ("lost", "unsolved", "ghosts")
TIES = ("tie", "draw")


@dataclass
class Summary:
    """What the game-over panel shows.

    Attributes:
        headline: "Ada won." / "The hunters won!" (the game's summary of how it ended).
        result: ``"won"`` (someone or the table won: green), ``"lost"`` (red) or ``"tie"``.
        winners: the winning players' names, if the game names them.
        reason: the news line that ended the game (the rule that ended it; one line).
        scores_heading: "Score" or "Ghosts trapped"; ``scores``: (name, value) best first.
        solution: the envelope's cards (CLUE), or [].
    """

    headline: str
    result: str
    winners: list[str] = field(default_factory=list)
    reason: list[str] = field(default_factory=list)
    scores_heading: str = ""
    scores: list[tuple[str, int]] = field(default_factory=list)
    solution: list[str] = field(default_factory=list)


def headline(prompt: str, summary: str = "") -> str:
    """The panel's headline: the game's ``summary`` of how it ended (the state's
    ``prompt.summary``), first letter capitalised; the ``prompt`` as it is for a game that
    gives none."""
    return summary[:1].upper() + summary[1:] if summary else prompt


def result_of(view: dict) -> tuple[str, list[str]]:
    """``("won" | "lost" | "tie", winners)`` from a finished game's view."""
    outcome = view.get("outcome")
    winners = [str(w) for w in view.get("winners") or []]
    players = _players(view)
    if isinstance(outcome, str) and outcome in players:
        winners = winners or [outcome]
    if outcome in LOSSES or (outcome == "won" and "winners" in view and not winners):
        return "lost", winners
    if outcome in TIES:
        return "tie", winners
    return ("won" if outcome else "tie"), winners


def _players(view: dict) -> list[str]:
    players = view.get("players")
    if isinstance(players, dict):
        return [str(p) for p in players]
    return [str(p) for p in players or []]


def scores_of(view: dict, _: Translate = english) -> tuple[str, list[tuple[str, int]]]:
    """The final scores, best first: House of Spirits' points, Children's trapped ghosts;
    ``("", [])`` for a game without scores."""
    players = view.get("players")
    if not isinstance(players, dict) or not players:
        return "", []
    first = next(iter(players.values()))
    if not isinstance(first, dict):
        return "", []
    if "score" in first:
        heading, value = _("Points"), lambda p: int(p.get("score") or 0)
    elif "trapped" in first:
        heading, value = _("Ghosts trapped"), lambda p: len(p.get("trapped") or [])
    else:
        return "", []
    rows = [(str(name), value(p)) for name, p in players.items() if isinstance(p, dict)]
    return heading, sorted(rows, key=lambda row: -row[1])


def summarise(view: dict, prompt: str, news: list[str], _: Translate = english, summary: str = "") -> Summary:
    """The summary of a finished game: ``summary`` is the state's ``prompt.summary`` (how it
    ended, :func:`headline`); ``news`` are the last input's news (the rule that ended it is
    among them); lines that repeat the headline or list the solution are left out."""
    result, winners = result_of(view)
    top = headline(prompt, summary)
    solution = [str(card) for card in view.get("solution") or []]
    reason = [line for line in news if line and line != prompt and top.rstrip(".!") not in line
              and not (solution and all(card in line for card in solution))][-1:]
    heading, scores = scores_of(view, _)
    return Summary(top, result, winners, reason, heading, scores, solution)


#: How many moments of the game the summary gives (issue 29: three to five).
MOMENTS = 4

#: Words of a news line worth remembering (English and Italian): a haunting, a win, a
#: capture, an accusation, a ghost trapped or a player out.
NOTABLE = ("haunt", "infest", "win", "vince", "won", "trapp", "intrappol", "accus", "insane", "impazz",
           "solv", "risolv", "king", "re ", "treasure", "tesor", "out of", "fuori", "enraged", "furios")


def moments(history: list, reason: list[str] | None = None, count: int = MOMENTS) -> list[str]:
    """Up to ``count`` lines of the game's log worth keeping, oldest first: its notable
    news (:data:`NOTABLE`) spread over the game, topped up with other news; never the
    lines that already say why it ended (``reason``) or a refusal."""
    reason = set(reason or [])
    news, seen = [], set()
    for entry in history:
        text, kind = (entry, "news") if isinstance(entry, str) else (entry[0], entry[1])
        text = str(text)
        if kind == "news" and text not in seen and text not in reason and len(text) <= 140:
            seen.add(text)
            news.append(text)
    notable = [t for t in news if any(word in t.lower() for word in NOTABLE)]
    pool = notable if len(notable) >= min(3, count) else news
    if len(pool) <= count:
        return pool
    step = (len(pool) - 1) / (count - 1)
    return [pool[round(i * step)] for i in range(count)]
