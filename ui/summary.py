"""The game-over summary (issue 17 item 5), from the last state: who won or that the table
lost, the rule that ended it, the final scores where the game scores, the CLUE solution.
What the game says of its ending comes as structure (the state's ``prompt.summary`` and
``prompt.ending``: :meth:`companion.engine.game.Game.ending`); nothing here reads a game's
outcome words or its view. No Kivy import here.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Summary:
    """What the game-over panel shows.

    Attributes:
        headline: "Ada won." / "The hunters won!" (the game's summary of how it ended).
        result: ``"won"`` (someone or the table won: green), ``"lost"`` (red), ``"tie"``, or
            ``""`` for a game that says nothing of its ending (plain).
        winners: the winning players' names, if the game names them.
        reason: the news line that ended the game (the rule that ended it; one line).
        scores_heading: "Points" or "Ghosts trapped"; ``scores``: (name, value) best first.
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


def summarise(prompt: str, news: list[str], summary: str = "", ending: dict | None = None) -> Summary:
    """The summary of a finished game: ``summary`` is the state's ``prompt.summary`` (how it
    ended, :func:`headline`), ``ending`` its ``prompt.ending`` (won, lost or a tie, the
    winners, the scores, the solution, as the game gives them); ``news`` are the last input's
    news (the rule that ended it is among them); lines that repeat the headline or list the
    solution are left out."""
    ending = ending or {}
    top = headline(prompt, summary)
    solution = [str(card) for card in ending.get("solution") or []]
    reason = [line for line in news if line and line != prompt and top.rstrip(".!") not in line
              and not (solution and all(card in line for card in solution))][-1:]
    scores = [(str(name), int(value)) for name, value in ending.get("scores") or []]
    return Summary(top, str(ending.get("result") or ""), [str(w) for w in ending.get("winners") or []], reason,
                   str(ending.get("scores_heading") or "") if scores else "", scores, solution)


#: How many moments of the game the summary gives (issue 29: three to five).
MOMENTS = 4


def moments(lines: list, reason: list[str] | None = None, count: int = MOMENTS) -> list[str]:
    """Up to ``count`` of the game's moments, oldest first, spread over the game. ``lines``:
    the moments' texts (:attr:`ui.model.TableModel.moments`), or history entries ``(text,
    kind)`` of which only kind ``"moment"`` counts: news the game marked as a moment to
    remember (the state's ``notable``/``log_notable``), the same lines in every language.
    Never a line that already says why it ended (``reason``). No words of a line are read."""
    reason = set(reason or [])
    pool, seen = [], set()
    for entry in lines:
        text, kind = (entry, "moment") if isinstance(entry, str) else (str(entry[0]), entry[1])
        if kind == "moment" and text not in seen and text not in reason and len(text) <= 140:
            seen.add(text)
            pool.append(text)
    if len(pool) <= count:
        return pool
    step = (len(pool) - 1) / (count - 1)
    return [pool[round(i * step)] for i in range(count)]
