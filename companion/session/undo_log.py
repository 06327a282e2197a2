"""The inputs in effect, as undo needs them: each accepted input (:class:`~companion.session.records.Entry`)
with the state before it, and the chance outcomes of the inputs undone, kept under
``(position, action)`` so the same input at the same point draws them again (undo never
re-rolls, never re-draws).

Only the last inputs are in memory in a long game (:meth:`UndoLog.trim`): :attr:`UndoLog.base`
counts those before them; undo reaching further reloads the game from the store.
"""

from __future__ import annotations

from typing import Any

from companion.session.records import Entry

#: The chance outcomes an undone input drew, by ``(position, action)``.
Redo = dict[tuple[int, str], tuple[dict[str, str], ...]]


class UndoLog:
    """The accepted inputs in effect, oldest first, and the redo outcomes of those undone.

    Attributes:
        entries: the inputs in effect still in memory, oldest first.
        before: the state before each of :attr:`entries`.
        base: inputs in effect before :attr:`entries` (no longer in memory).
        redo: the chance outcomes of undone inputs, by ``(position, action)``.
        last_line: the table-script line of the last input or undo that came from one.
    """

    def __init__(self, entries: list[Entry] | None = None, before: list[Any] | None = None,
                 base: int = 0, redo: Redo | None = None, last_line: int | None = None):
        self.entries: list[Entry] = entries if entries is not None else []
        self.before: list[Any] = before if before is not None else []
        self.base = base
        self.redo: Redo = redo if redo is not None else {}
        self.last_line = last_line

    @property
    def position(self) -> int:
        """Inputs in effect (accepted inputs minus undone ones)."""
        return self.base + len(self.entries)

    @property
    def last(self) -> Entry | None:
        """The last input in effect still in memory, or None."""
        return self.entries[-1] if self.entries else None

    def redo_of(self, action: str) -> list[dict[str, str]]:
        """The chance outcomes ``action`` drew when it was last undone at this position."""
        return list(self.redo.get((self.position, action), ()))

    def push(self, entry: Entry, before: Any) -> None:
        """``entry`` was accepted on the state ``before``."""
        position = self.position
        if (position, entry.action) not in self.redo:  # a new branch: deeper redo is stale
            self.redo = {k: v for k, v in self.redo.items() if k[0] <= position}
        self.entries.append(entry)
        self.before.append(before)
        self.note_line(entry.line)

    def pop(self, line: int | None) -> tuple[Entry, Any]:
        """Undo (from table-script ``line``, if any) takes back the last input: it and the
        state before it; its chance outcomes are kept for redoing it."""
        entry, before = self.entries.pop(), self.before.pop()
        self.redo[(self.position, entry.action)] = entry.chances
        self.note_line(line)
        return entry, before

    def note_line(self, line: int | None) -> None:
        if line is not None:
            self.last_line = line

    def trim(self, keep: int) -> int:
        """Keep the last ``keep`` inputs' states (down to half of it once over); returns how
        many of the oldest were dropped."""
        if len(self.entries) <= keep:
            return 0
        drop = len(self.entries) - keep // 2
        self.base += drop
        del self.entries[:drop]
        del self.before[:drop]
        return drop
