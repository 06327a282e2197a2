"""A quicker :func:`dataclasses.replace` for the engines' frozen states (issue 35).

A game's state is a frozen dataclass of 30-40 fields and each rule returns a new one.
:func:`dataclasses.replace` goes through the class's ``__init__``: a ``getattr`` and an
``object.__setattr__`` per field, every time (a third of the Children engine's time, the
largest single cost of House of Spirits and Creepy Cellar). :func:`replace` copies the
old object's fields in one go: the same object as ``dataclasses.replace`` would make, in
about a tenth of the time. :class:`derived` is a fact computed from a state's fields once,
when first asked (a :func:`functools.cached_property` without its lock).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from functools import cached_property
from typing import Any, Generic, NamedTuple, Self, TypeVar, overload

T = TypeVar("T")


class _Shape(NamedTuple):
    """What :func:`replace` needs to know of a dataclass: its fields, and its derived facts:
    those always computed again, and per field, those that read it."""

    names: frozenset[str]
    dropped: tuple[str, ...]
    readers: dict[str, tuple[str, ...]]


#: Per dataclass replaced so far.
_SHAPES: dict[type, _Shape] = {}


def replace(obj: T, /, **changes: Any) -> T:
    """``obj`` (a dataclass instance) with ``changes``, as :func:`dataclasses.replace` gives
    it, for classes whose ``__init__`` only stores its fields: the new object is not passed
    through ``__init__`` or ``__post_init__`` (every field is copied, so what
    ``__post_init__`` derived from them is copied too). Cached properties
    (:func:`functools.cached_property`) are not copied: they are computed again; a
    :class:`derived` fact that names the fields it reads (``on_fields``) is copied when none of
    them changes (the same value: it is a pure function of those fields).

    Raises:
        TypeError: a change names no field of ``obj``'s class, or the class has a field
            that ``__init__`` sets itself (``init=False``).
    """
    cls = obj.__class__
    values = obj.__dict__.copy()
    size = len(values)
    if size == _SIZES.get(cls):  # fields only, no derived fact kept: nothing to drop
        values.update(changes)
        if len(values) != size:  # a change named no field (the plan says which)
            _plan(cls, changes)
    else:
        key = (cls, *changes)
        plan = _PLANS.get(key)  # one lookup for the fields a rule changes (mostly the same few)
        if plan is None:  # (raises for a change that names no field)
            plan = _PLANS[key] = _plan(cls, changes)
        stale = plan[1]
        if stale:  # a derived fact is kept if it reads no changed field
            for name in stale:
                values.pop(name, None)
        values.update(changes)
    new = _new(cls)
    _set(new, "__dict__", values)  # a frozen class refuses a setattr of its own
    return new


_new, _set = object.__new__, object.__setattr__


#: Per dataclass and the names of a replace's changes (in the order given): how many fields
#: the class has, and the derived facts the changes leave stale.
_PLANS: dict[tuple, tuple[int, tuple[str, ...]]] = {}

#: Per dataclass replaced so far: how many fields it has. An object with that many entries
#: holds no derived fact, so nothing is dropped and no plan is looked up (most replaces).
_SIZES: dict[type, int] = {}


def _plan(cls: type, changes: dict[str, Any]) -> tuple[int, tuple[str, ...]]:
    shape = _SHAPES.get(cls)
    if shape is None:
        shape = _SHAPES[cls] = _shape(cls)
    names, dropped, readers = shape
    _SIZES[cls] = len(names)
    if not names.issuperset(changes):
        raise TypeError(f"{cls.__name__} has no field {sorted(set(changes) - names)[0]!r}")
    stale = dict.fromkeys(dropped)
    for field in changes:
        stale.update(dict.fromkeys(readers.get(field, ())))
    return len(names), tuple(stale)


def _shape(cls: type) -> _Shape:
    fields = dataclasses.fields(cls)
    if any(not f.init for f in fields):
        raise TypeError(f"{cls.__name__} has a field set by __init__ itself: use dataclasses.replace")
    names = frozenset(f.name for f in fields)
    dropped: list[str] = []
    readers: dict[str, tuple[str, ...]] = {}
    for klass in cls.__mro__:
        for name, fact in vars(klass).items():
            reads = fact.on if isinstance(fact, derived) else None
            if reads is None and isinstance(fact, (cached_property, derived)):
                dropped.append(name)
            elif reads is not None:
                if not reads <= names:
                    raise TypeError(f"{cls.__name__}.{name} reads no field {sorted(reads - names)[0]!r}")
                for field in reads:
                    readers[field] = readers.get(field, ()) + (name,)
    return _Shape(names, tuple(dropped), readers)


class derived(Generic[T]):  # noqa: N801  (named as the decorators it stands beside: property, cached_property)
    """A fact derived from a frozen state's fields, computed the first time it is asked and
    then kept in the state (``@derived`` over a method of one argument, read as an
    attribute). Like :func:`functools.cached_property` without its lock (Python 3.11 holds
    one lock for every instance while computing): the function is pure, so two threads
    computing it at once get the same value. :func:`replace` does not copy it, unless it
    names the fields it is computed from (``@derived.on_fields("ghosts", ...)``) and none of them
    changes: then the new state shares the value (the facts it calls count: a fact that
    reads another names that one's fields too).
    """

    def __init__(self, function: Callable[[Any], T], on: frozenset[str] | None = None) -> None:
        self.function = function
        self.name = function.__name__
        self.__doc__ = function.__doc__
        self.on = on

    @classmethod
    def on_fields(cls, *names: str) -> Callable[[Callable[[Any], T]], derived[T]]:
        """``@derived`` for a fact computed from the fields ``names`` only: kept by
        :func:`replace` while none of them changes."""
        return lambda function: cls(function, frozenset(names))

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    @overload
    def __get__(self, obj: None, owner: type | None = None) -> Self: ...

    @overload
    def __get__(self, obj: object, owner: type | None = None) -> T: ...

    def __get__(self, obj: object | None, owner: type | None = None) -> Self | T:
        if obj is None:
            return self
        value = obj.__dict__[self.name] = self.function(obj)
        return value
