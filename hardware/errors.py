"""Hardware errors: one root, each leaf also a builtin (house style 9).

A reader's fault reaches the table ("Reader cards is offline: ..."), so its sentence is
made with :func:`fault`: an English ``str`` that keeps its pattern and fields, which the
daemon shows in the table's language (the pattern is a message id of companion's
catalogue, extracted with the ``fault`` keyword; hardware/ itself knows no languages).
"""

from __future__ import annotations

from typing import Any


class Fault(str):
    """A hardware sentence: the English text, plus ``pattern`` (``str.format`` fields) and
    ``params`` (a parameter may be a Fault too). Build with :func:`fault`."""

    pattern: str
    params: dict[str, Any]

    def __new__(cls, pattern: str, params: dict[str, Any]) -> Fault:
        self = super().__new__(cls, pattern.format(**params))
        self.pattern, self.params = pattern, params
        return self


def fault(pattern: str, **params: Any) -> Fault:
    """``fault("reader {name}: SPI read failed: {error}", name="cards", error=str(exc))``:
    what a driver says, kept translatable (an OS error's own text stays a plain field)."""
    return Fault(pattern, params)


def fault_of(exc: BaseException) -> str:
    """What ``exc`` says: the :class:`Fault` it was raised with, else its text."""
    first = exc.args[0] if len(exc.args) == 1 else None
    return first if isinstance(first, Fault) else str(exc)


class HardwareError(Exception):
    """Root of every hardware error."""


class ReaderUnavailable(HardwareError, OSError):
    """A reader cannot be opened or stopped answering."""


class TagMemoryError(HardwareError, OSError):
    """A tag's memory could not be read or written (moved away, locked, not an NTAG)."""


class TagMemoryUnsupported(HardwareError, NotImplementedError):
    """This reader cannot read or write tag memory (only UIDs)."""
