"""The game-over summary (issue 17 item 5), from the last state: who won or that the table
lost, the rule that ended it, the final scores where the game scores, the CLUE solution.
What the game says of its ending comes as structure (the state's ``prompt.summary`` and
``prompt.ending``: :meth:`companion.engine.game.Game.ending`); nothing here reads a game's
outcome words or its view. No Kivy import here.
"""

from __future__ import annotations

from collections.abc import Callable
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
    winners, the scores, the solution, as the game gives them, and ``reason``: the lines of the
    move that ended it); ``news`` are the last input's news, read only when the ending has no
    ``reason`` (the rule that ended it is among them); lines that repeat the headline or list
    the solution are left out."""
    ending = ending or {}
    # the move that ended it, as the daemon sends it in every state of the finished game; the
    # news only from an older daemon (after a screen restart they are the log's last lines)
    news = [str(line) for line in ending.get("reason") or []] or news
    top = headline(prompt, summary)
    solution = [str(card) for card in ending.get("solution") or []]
    reason = [line for line in news if line and line != prompt and top.rstrip(".!") not in line
              and not (solution and all(card in line for card in solution))][-1:]
    scores = [(str(name), int(value)) for name, value in ending.get("scores") or []]
    return Summary(top, str(ending.get("result") or ""), [str(w) for w in ending.get("winners") or []], reason,
                   str(ending.get("scores_heading") or "") if scores else "", scores, solution)


#: How many moments of the game the summary gives (issue 29: three to five).
MOMENTS = 4


def moments(lines: list, reason: list[str] | None = None, count: int = MOMENTS, telling: int = 0) -> list[dict]:
    """Up to ``count`` of the game's moments, oldest first, spread over the game, each as
    ``{"text", "turn", "round", "kind"}``. ``lines``: the state's ``moments`` (the game's moments still
    standing, with their turn: :attr:`ui.model.TableModel.moments`), texts, or history entries
    ``(text, kind)`` of which only kind ``"moment"`` counts. Never a line that already says why
    it ended (``reason``). ``telling``: a kind of moment that came more than twice gives only
    its first and last while that leaves this many (:func:`thinned`). No words of a line are
    read."""
    reason = set(reason or [])
    pool, seen = [], set()
    for entry in lines:
        moment = _moment(entry)
        key = (moment["text"], moment["turn"], moment["round"])
        if moment["text"] and key not in seen and moment["text"] not in reason and len(moment["text"]) <= 140:
            seen.add(key)
            pool.append(moment)
    return spread(thinned(pool, telling) if telling else pool, count)


def thinned(pool: list[dict], least: int) -> list[dict]:
    """``pool`` (moments oldest first) with each kind that came more than twice down to its
    first and its last (screen16: Creepy Cellar's won game had 12 treasure moments of 17, and
    a spread pick was mostly "Bo brings treasure N of 12"; its hauntings, the one beaten and
    the hunters out tell more); when fewer than ``least`` are left, the ones dropped come back,
    spread, up to ``least``. A moment without a kind (an older daemon's) is kept."""
    kinds: dict[str, list[int]] = {}
    for i, moment in enumerate(pool):
        if moment.get("kind"):
            kinds.setdefault(moment["kind"], []).append(i)
    dropped = {i for found in kinds.values() if len(found) > 2 for i in found[1:-1]}
    kept = [i for i in range(len(pool)) if i not in dropped]
    if len(kept) < least:
        kept = sorted(kept + spread(sorted(dropped), least - len(kept)))
    return [pool[i] for i in kept]


def spread(pool: list, count: int) -> list:
    """Up to ``count`` of ``pool`` (oldest first), spread over it: the first and the last, the
    rest between; room for one: the latest."""
    if len(pool) <= count:
        return pool
    if count <= 1:
        return pool[-count:] if count == 1 else []
    step = (len(pool) - 1) / (count - 1)
    return [pool[round(i * step)] for i in range(count)]


def fitting(heights: list[float], room: float, gap: float) -> list[int]:
    """The indexes (in order) of the moments kept in ``room`` px: all of them when their
    ``heights`` (px) and the ``gap`` (px) between two fit, else the tallest left out until the
    rest do (many short moments rather than one long one)."""
    kept = list(range(len(heights)))
    while kept and sum(heights[i] for i in kept) + gap * (len(kept) - 1) > room + 0.5:
        kept.remove(max(kept, key=lambda i: heights[i]))
    return kept


def _moment(entry) -> dict:
    """``entry`` as ``{"text", "turn", "round", "kind"}`` ("" for a history entry that is no
    moment; ``kind``: the state's, "" without one)."""
    if isinstance(entry, dict):
        return {"text": str(entry.get("text") or ""), "turn": _number(entry.get("turn")),
                "round": _number(entry.get("round")), "kind": str(entry.get("kind") or "")}
    text, kind = (entry, "moment") if isinstance(entry, str) else (str(entry[0]), entry[1])
    return {"text": text if kind == "moment" else "", "turn": None, "round": None, "kind": ""}


def _number(value) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) and value > 0 else None


def moment_text(moment: dict, _: Callable[..., str]) -> str:
    """A moment as the table reads it: "Turn 12: Three ghosts in room H become a haunting."
    ("Round 3: ..." for a game counted in rounds; the text alone when neither is known);
    ``_``: the translate function (the table's language)."""
    if moment.get("turn"):
        return _("Turn {number}: {moment}", number=moment["turn"], moment=moment["text"])
    if moment.get("round"):
        return _("Round {number}: {moment}", number=moment["round"], moment=moment["text"])
    return moment["text"]
