"""What the session's parts pass each other: an input's :class:`Reply`, an accepted input's
:class:`Entry` (as the event store records it), and :class:`Rejected`, an input refused."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any

from companion.i18n import Msg, NewsLine


@dataclass(frozen=True)
class Reply:
    """What came of one input.

    Attributes:
        accepted: True if the input changed the game (and was recorded).
        text: for a refused input, the sentence for the screen and the log (a
            :class:`~companion.i18n.NewsLine` when it has words for a table without a dice
            button).
        news: for an accepted input, what it did, as lines for the table (sentences, and
            :class:`~companion.i18n.NewsLine` s for the instructions and explained lines).
        ignored: True for an input that is not a game action at all (a tag lifted off a
            reader): neither accepted nor worth telling the table about.
    """

    accepted: bool
    text: str | NewsLine = ""
    news: tuple[str | NewsLine, ...] = ()
    ignored: bool = False
    rule: Msg | None = None  # a refused input: the rulebook section that refuses it (issue 33)
    #: A refused input: the table screen's words when they are not ``text`` (an unknown tag:
    #: one line in the players' words; ``text`` keeps the terminal's command line). None: ``text``.
    table_text: Msg | None = None
    #: An accepted tap: the game's state before and after it, for :attr:`unchanged` (worked out
    #: only when asked: ``companion tap`` asks, a tap on a reader does not).
    tap_states: tuple[Any, Any] | None = field(default=None, repr=False, compare=False)

    @property
    def unchanged(self) -> bool:
        """An accepted tap that changed nothing in the game but what it told the table (a card
        of the row tapped again while CLUE: IT's envelope is sealed): recorded, but ``companion
        tap`` says it was refused (exit 1), as the table's sentence does."""
        return self.tap_states is not None and only_news(*self.tap_states)


def only_news(before: Any, after: Any) -> bool:
    """Whether ``after`` is ``before`` but for what the last action told the table (``news``)."""
    if isinstance(before, type) or type(before) is not type(after) or not dataclasses.is_dataclass(after) \
            or not hasattr(after, "news"):
        return False
    return all(getattr(before, f.name) == getattr(after, f.name) for f in dataclasses.fields(after)
               if f.compare and f.name != "news")


@dataclass(frozen=True)
class Entry:
    """One accepted human input and the chance outcomes it caused."""

    input: dict[str, Any]
    action: str
    chances: tuple[dict[str, str], ...]
    line: int | None = None

    def to_json(self) -> dict[str, Any]:
        return with_line({"input": self.input, "action": self.action, "chances": list(self.chances)},
                          self.line)

    @classmethod
    def from_json(cls, body: dict[str, Any]) -> Entry:
        return cls(body["input"], body["action"], tuple(body["chances"]), body.get("line"))


class Rejected(Exception):
    """Internal: an input the current prompt does not accept (message for the table).

    ``table``: the table screen's own words for it when they differ from the message (which
    the terminal and the logs keep): :attr:`Reply.table_text`."""

    def __init__(self, text, table: Msg | None = None):
        super().__init__(text)
        self.table = table


def with_line(body: dict[str, Any], line: int | None) -> dict[str, Any]:
    """``body`` plus ``"line"`` when the input came from a table-script line."""
    return body if line is None else {**body, "line": line}
