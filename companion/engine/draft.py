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
        return frozen.replace(obj, **changes)
    cls = obj.__class__
    plan = frozen._PLANS.get((cls, *changes))  # noqa: SLF001  (frozen's own plan of what goes stale)
    if plan is None:
        plan = frozen._PLANS[(cls, *changes)] = frozen._plan(cls, changes)  # noqa: SLF001
    for name in plan[1]:
        values.pop(name, None)
    values.update(changes)
    return obj


def say(state: T, text: Any) -> T:
    """``state`` with one more sentence of news (:func:`companion.engine.news.say`), in place
    while it is an action's copy."""
    values = state.__dict__
    if _MARK not in values:
        return frozen.replace(state, news=values["news"] + (text,))
    values["news"] = values["news"] + (text,)
    return state
