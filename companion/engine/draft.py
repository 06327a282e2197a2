"""One copy of a game's state an action, changed in place while the action's rule runs (issue 35).

A rule makes a new state at each step (``replace``, ``say``): House of Spirits made about six
copies of its 46-field state an action, a quarter of its time. An action's rule starts from
a copy no one else holds (the game's ``cleared``: :func:`begun`); until the action is
:func:`finished` (the game's ``settled``), :func:`replace` and :func:`say` change that copy
in place instead of copying it again. Outside an action (setup, a table-check correction, a
test calling a rule) they copy, as :func:`companion.engine.frozen.replace` does.

The rule must not keep the state it started from under another name and read it after a
change (the old name sees the change): rules that probe a changed state make a real copy
(:func:`companion.engine.frozen.replace`). The state an action was applied to is never
changed, and the state it gives is an ordinary frozen state (no mark left).
"""

from __future__ import annotations

from typing import Any, TypeVar

from companion.engine import frozen

T = TypeVar("T")

#: The mark a state being built by an action holds in its ``__dict__`` (never a field: not
#: compared, encoded or shown; :func:`finished` takes it away).
_MARK = "__draft__"


def begun(state: T, **changes: Any) -> T:
    """A copy of ``state`` with ``changes`` that the action's rule may change in place."""
    new = frozen.replace(state, **changes)
    new.__dict__[_MARK] = True
    return new


def finished(state: T) -> T:
    """``state`` as the action leaves it: no longer changed in place."""
    state.__dict__.pop(_MARK, None)
    return state


def replace(obj: T, /, **changes: Any) -> T:
    """``obj`` with ``changes``: the object itself, changed, while it is an action's copy
    (:func:`begun`); else a copy (:func:`companion.engine.frozen.replace`). A derived fact
    that reads a changed field is dropped either way.

    Raises:
        TypeError: a change names no field of ``obj``'s class.
    """
    values = obj.__dict__
    if _MARK not in values:
        return _copy(obj, **changes)
    stale = _STALE.get(obj.__class__) or _stale(obj.__class__)
    try:
        for name in changes:
            for fact in stale[name]:
                values.pop(fact, None)
    except KeyError:
        _copy(obj, **changes)  # raises the TypeError that names the field
    values.update(changes)
    return obj


_copy = frozen.replace

#: Per dataclass changed in place so far: field -> the derived facts a change of it leaves
#: stale (:func:`companion.engine.frozen.replace`'s own plan, one field at a time).
_STALE: dict[type, dict[str, tuple[str, ...]]] = {}


def _stale(cls: type) -> dict[str, tuple[str, ...]]:
    names = frozen._shape(cls).names  # noqa: SLF001  (frozen's own account of the class)
    made = _STALE[cls] = {name: frozen._plan(cls, {name: None})[1] for name in names}  # noqa: SLF001
    return made


def say(state: T, text: Any) -> T:
    """``state`` with one more sentence of news (:func:`companion.engine.news.say`), in place
    while it is an action's copy."""
    values = state.__dict__
    if _MARK not in values:
        return _copy(state, news=values["news"] + (text,))
    values["news"] = values["news"] + (text,)
    return state
