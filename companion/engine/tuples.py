"""Helpers for the frozen states' tuples (a state is never changed in place)."""

from __future__ import annotations

from typing import Any


def put(values: tuple, index: int, value: Any) -> tuple:
    """``values`` with ``values[index]`` replaced by ``value``."""
    return values[:index] + (value,) + values[index + 1:]


def without(values: tuple, value: Any) -> tuple:
    """``values`` without its first ``value``.

    Raises:
        ValueError: ``value`` is not in ``values``.
    """
    index = values.index(value)
    return values[:index] + values[index + 1:]
