"""Printed card data the owner enters at the table (issues 5, 10, 12).

Much of what is printed on the games' cards is not public (``shared/games/notes.md``): a
game ships a content file with what its rulebook states and clearly marked placeholders for
the rest. When a card or tablet is enrolled, the owner enters what is printed on *their*
copy (a Ghost at Home card's light bulbs, a House of Spirits card's numbers, a Children
tablet's doors). Those entries are kept per table in the event store and copied into each
new game's header (``content``), so a game replays exactly even after the table's data
changes.

A game takes part by giving its :class:`~companion.engine.game.Game` a
:class:`ContentSpec`. Everything here is pure: no I/O.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from companion.errors import CompanionError
from companion.i18n import msg

#: The kinds of field a form can show.
KINDS = ("int", "text", "choice", "flags")

#: Longest text value, in characters (it must fit a label on a 800x480 screen).
MAX_TEXT = 40


class ContentError(CompanionError, ValueError):
    """Entered card data that does not fit its form (unknown field, wrong type, out of range),
    or a table's data that breaks a rule of the game's content (e.g. not 5 tablets per floor).
    The message is a sentence the owner understands."""


@dataclass(frozen=True)
class ContentField:
    """One thing printed on a component that the owner can enter.

    Attributes:
        name: the key in the entered data (``"bulbs"``, ``"floor"``, ``"doors"``).
        label: the form's label, a sentence or :func:`~companion.i18n.msg`.
        kind: ``"int"`` (a whole number from ``low`` to ``high``), ``"text"`` (1 to
            :data:`MAX_TEXT` characters), ``"choice"`` (one of ``values``) or ``"flags"``
            (any subset of ``values``, entered as a list in ``values``' order).
        values: the allowed values of a choice or flags field.
        low, high: inclusive range of an int field.
        help: one line for the form, or "".
        labels: the words of each of ``values`` for the form, in the same order (messages:
            "basement", a card's printed name), or ``()``: the values shown as they are.
            Never a component label that hides which card it is (CLUE: IT's Rumor cards).
    """

    name: str
    label: str
    kind: str = "int"
    values: tuple[Any, ...] = ()
    low: int = 0
    high: int = 99
    help: str = ""
    labels: tuple[Any, ...] = ()

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"content field kind is one of {KINDS}, not {self.kind!r}")
        if self.labels and len(self.labels) != len(self.values):
            raise ValueError(f"content field {self.name}: one label per value")

    def check(self, value: Any) -> Any:
        """``value`` as stored when it fits this field (flags: a list in ``values``' order).

        Raises:
            ContentError: it does not fit.
        """
        if self.kind == "int":
            if not isinstance(value, int) or isinstance(value, bool) or not self.low <= value <= self.high:
                raise ContentError(msg("{field} is a whole number from {low} to {high}, not {value}", field=self.name,
                                       low=self.low, high=self.high, value=_said(value)))
            return value
        if self.kind == "text":
            if not isinstance(value, str) or not value.strip() or len(value.strip()) > MAX_TEXT:
                raise ContentError(msg("{field} is some text of 1 to {most} characters, not {value}", field=self.name,
                                       most=MAX_TEXT, value=_said(value)))
            if not value.strip().isprintable():
                raise ContentError(msg("{field} has characters that cannot be shown", field=self.name))
            return value.strip()
        if self.kind == "choice":
            if value not in self.values or isinstance(value, bool) != isinstance(self.values[0], bool):
                raise ContentError(msg("{field} is one of {values}, not {value}", field=self.name,
                                       values=", ".join(map(str, self.values)), value=_said(value)))
            return value
        if not isinstance(value, list) or any(v not in self.values for v in value) or len(set(value)) != len(value):
            raise ContentError(msg("{field} is a list of some of {values}, each at most once, not {value}",
                                   field=self.name, values=", ".join(map(str, self.values)), value=_said(value)))
        return [v for v in self.values if v in value]

    def to_json(self) -> dict[str, Any]:
        """The field for a form (label and help not yet rendered)."""
        return {"name": self.name, "label": self.label, "kind": self.kind, "values": list(self.values),
                "low": self.low, "high": self.high, "help": self.help, "labels": list(self.labels)}


def _nothing(_component: str) -> tuple[ContentField, ...]:
    return ()


def _no_data(_component: str) -> dict[str, Any]:
    return {}


def _fine(_content: Mapping[str, Mapping[str, Any]]) -> None:
    return None


@dataclass(frozen=True)
class ContentSpec:
    """How a game's printed data can be entered.

    Attributes:
        fields: ``component id -> tuple[ContentField, ...]``: what can be entered for that
            component (empty: nothing; the component has no form).
        printed: ``component id -> {field name: value}``: what the game's content file
            says (the rulebook's data, or a placeholder), for the form's defaults.
        placeholder: ``component id -> bool``: the content file's data for it is a
            placeholder (the form marks it "please enter").
        check: ``{component id: {field: value}} -> None``: rules over the table's whole
            data (counts per floor, a toy named by one ghost only); raises
            :class:`ContentError`. Called with every entry merged over ``printed``.
        per_copy: ``component id -> bool``: the copies of this component differ in what is
            printed on them (Ghost at Home's room cards show different light bulbs). Its
            data is then entered per *piece*, ``component#n`` (copy ``n``, 1-based, in the
            enrollment walk's order); the walk enrolls each copy's tag as its piece id, and
            a tap of it picks a choice marked :attr:`Choice.per_copy` as ``key#n``.
        said: ``component id -> {field name: message}``: a printed value the companion
            made rather than read from a typed table (a stand-in's generated name, "Character
            4 (placeholder)"), as a message the forms show in the table's language (words20:
            the Italian desk showed it in English); a field not listed shows its value.
    """

    fields: Callable[[str], tuple[ContentField, ...]] = _nothing
    printed: Callable[[str], Mapping[str, Any]] = _no_data
    placeholder: Callable[[str], bool] = field(default=lambda component: False)
    check: Callable[[Mapping[str, Mapping[str, Any]]], None] = _fine
    per_copy: Callable[[str], bool] = field(default=lambda component: False)
    said: Callable[[str], Mapping[str, Any]] = _no_data


def check_entry(spec: ContentSpec, component: str, entry: Any) -> dict[str, Any]:
    """One component's entered data, checked field by field.

    Args:
        spec: the game's content spec.
        component: a component id of the game (or a piece id ``component#n``).
        entry: ``{field name: value}``; fields not given keep the printed value.

    Returns:
        The entry as stored (text trimmed, flags in order).

    Raises:
        ContentError: the component has no form, a field is unknown, or a value does not fit.
    """
    fields = {f.name: f for f in spec.fields(component.partition("#")[0])}
    if not fields:
        raise ContentError(msg("nothing can be entered for {component}", component=component))
    if not isinstance(entry, Mapping) or not entry:
        raise ContentError(msg("the data for {component} is an object of fields: {fields}", component=component,
                               fields=", ".join(fields)))
    unknown = sorted(set(entry) - set(fields))
    if unknown:
        raise ContentError(msg("{component} has no field {field}; fields are: {fields}", component=component,
                               field=_said(unknown[0]), fields=", ".join(fields)))
    return {name: fields[name].check(value) for name, value in entry.items()}


def check_table(spec: ContentSpec, components: frozenset[str] | set[str],
                content: Any, copies: Callable[[str], int] = lambda component: 1) -> dict[str, dict[str, Any]]:
    """A whole table's entered data (a game header's ``content``), checked.

    Args:
        spec: the game's content spec.
        components: the game's component ids.
        content: ``{component id (or piece id): {field: value}}``.
        copies: ``component id -> how many copies the game has`` (for piece ids).

    Returns:
        The data as stored, components sorted.

    Raises:
        ContentError: an unknown component, a bad entry, or data that breaks the game's
            content rules (``spec.check``).
    """
    if not isinstance(content, Mapping):
        raise ContentError("content is an object: component id -> its printed data")
    checked: dict[str, dict[str, Any]] = {}
    for component in sorted(content):
        if not _is_piece(spec, components, component, copies):
            raise ContentError(f"content names {component!r}, which is not a component of this game"[:300])
        checked[component] = check_entry(spec, component, content[component])
    spec.check(merged(spec, checked, [p for c in components if spec.fields(c) for p in pieces(spec, c, copies)]))
    return checked


def pieces(spec: ContentSpec, component: str, copies: Callable[[str], int]) -> list[str]:
    """The ids data is entered under for ``component``: ``component#1`` … ``component#n``
    when its copies differ (:attr:`ContentSpec.per_copy`), else the component id itself."""
    if spec.per_copy(component):
        return [f"{component}#{n}" for n in range(1, copies(component) + 1)]
    return [component]


def _is_piece(spec: ContentSpec, components, piece: str, copies: Callable[[str], int]) -> bool:
    component, sep, _copy = piece.partition("#")
    return component in components and (piece in pieces(spec, component, copies) if sep or spec.per_copy(component)
                                         else True)


def merged(spec: ContentSpec, content: Mapping[str, Mapping[str, Any]],
           components: Iterable[str] | None = None) -> dict[str, dict[str, Any]]:
    """Entered data over printed data: ``{component: {field: value}}`` for every component
    that has an entry (or for each of ``components`` when given)."""
    names = sorted(content) if components is None else sorted(components)
    return {c: {**spec.printed(c.partition("#")[0]), **content.get(c, {})} for c in names}


def _said(value: Any) -> str:
    """A value sent, as a refusal quotes it: its ``repr``, cut (a hostile entry may be 100 kB)."""
    shown = repr(value)
    return shown if len(shown) <= 80 else shown[:79] + "…"
