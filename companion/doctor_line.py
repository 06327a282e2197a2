"""One line of ``companion doctor``'s checklist and its statuses, shared by the machine's checks
(:mod:`companion.doctor`) and the voice's (:mod:`companion.voice.doctor`)."""

from __future__ import annotations

from dataclasses import dataclass

OK, MISSING, WARN, INFO = "ok", "MISSING", "warn", "info"


@dataclass(frozen=True)
class Line:
    """One checklist line: a status, what was checked, and what to change (if anything)."""

    status: str
    text: str
    fix: str = ""
