"""The table's printed card data, as the daemon serves and records it (issues 5, 10, 12).

``{"cmd": "content", "game": G}`` asks for the forms of every component of ``G`` that has
printed data to enter (:func:`forms`); ``{"cmd": "content_set", "component": C, "fields":
{...}}`` records an entry and ``{"cmd": "content_set", "component": C, "fields": null}``
forgets it (:func:`save`). Entries live in the event store's ``content`` table and are
copied into each new game's header, so a game already running never changes under the table.
"""

from __future__ import annotations

import time
from typing import Any

from companion.engine import Game, get_game
from companion.engine.content import ContentError, check_entry, check_table
from companion.engine.registry import copies
from companion.i18n import msg, render
from companion.store import EventStore


def forms(spec: Game, entered: dict[str, dict[str, Any]], lang: str) -> dict[str, Any]:
    """The ``content`` answer for ``spec``: ``{"type": "content", "game", "title",
    "problem": text or None, "components": [{"component", "label", "placeholder": bool,
    "entered": bool, "fields": [{"name", "label", "kind", "values", "labels" (each value in
    words, issue 29), "low", "high", "help",
    "value", "printed", "shown" (only some)}]}]}``, every sentence rendered in ``lang``.
    ``value`` is the entered value (or the printed one), ``printed`` the content file's;
    ``shown``, where the printed value is one the companion made and nothing is entered, is
    that value in ``lang`` ("Personaggio 4 (segnaposto)", words20; ``value`` stays as stored);
    ``problem`` says why a game could not start with the entries as they are (e.g. six
    tablets on one floor)."""
    content = spec.content
    if content is None:
        return {"type": "content", "game": spec.id, "title": spec.title, "problem": None, "components": []}
    components = []
    for component in _order(spec):
        fields = content.fields(component)
        if not fields:
            continue
        printed, said = content.printed(component), content.said(component)
        for piece, label in _pieces(spec, component):
            mine = entered.get(piece, {})
            components.append({
                "component": piece, "label": render(label, lang),
                "placeholder": bool(content.placeholder(component)) and not mine, "entered": bool(mine),
                "fields": [{**f.to_json(), "label": render(f.label, lang), "help": render(f.help, lang),
                            "labels": [render(word, lang) for word in f.labels] or [str(v) for v in f.values],
                            "value": mine.get(f.name, printed.get(f.name)), "printed": printed.get(f.name),
                            **({"shown": render(said[f.name], lang)} if f.name in said and f.name not in mine
                               else {})}
                           for f in fields]})
    return {"type": "content", "game": spec.id, "title": spec.title,
            "problem": problem(spec, entered), "components": components}


def problem(spec: Game, entered: dict[str, dict[str, Any]]) -> str | None:
    """Why a new game of ``spec`` would refuse the table's entries, or None."""
    try:
        check_table(spec.content, spec.components, entered, lambda component: copies(spec, component))
    except ContentError as exc:
        return str(exc)
    return None


def save(store: EventStore, component: Any, fields: Any, now: float | None = None) -> str:
    """Record (``fields`` a mapping) or forget (``fields`` None) the printed data of
    ``component``; returns the sentence for the ack.

    Raises:
        ContentError: an unknown component, a game without content, or an entry that does
            not fit its form. Nothing is written then.
        StoreError: the write failed.
    """
    spec = _spec_of(component)
    label = dict(_pieces(spec, component.partition("#")[0])).get(component, spec.component_label(component))
    if fields is None:
        before = store.set_content(component, None, time.time() if now is None else now)
        return msg("{label}: back to the printed data of the content file.", label=label) if before \
            else msg("{label} had no data entered.", label=label)
    entry = check_entry(spec.content, component, fields)
    previous = store.content(spec.id).get(component, {})
    store.set_content(component, {**previous, **entry}, time.time() if now is None else now)
    text = msg("{label}: saved what is printed on it. It counts from the next new game.", label=label)
    trouble = problem(spec, store.content(spec.id))
    if trouble:
        text = msg("{text} Before a game can start: {problem}", text=text, problem=trouble)
    return text


def for_header(spec: Game, store: EventStore) -> dict[str, dict[str, Any]]:
    """The entries a new game of ``spec`` records in its header (none for a game without
    content)."""
    return store.content(spec.id) if spec.content is not None else {}


def _spec_of(piece: Any) -> Game:
    from companion.engine import known_piece

    if not isinstance(piece, str) or not known_piece(piece):
        raise ContentError(msg("no component {component} in any game", component=repr(piece)[:80]))
    spec = get_game(piece.split(":")[0])
    if spec.content is None:
        raise ContentError(msg("nothing printed on {game}'s cards is entered", game=spec.title))
    component = piece.partition("#")[0]
    if spec.content.per_copy(component) and piece == component and copies(spec, component) > 1:
        raise ContentError(msg("the copies of {component} differ: say which one ({component}#1 to {component}#{n})",
                               component=component, n=copies(spec, component)))
    return spec


def _pieces(spec: Game, component: str) -> list[tuple[str, str]]:
    """``(piece id, label)`` for each copy data is entered for (one, unless its copies differ)."""
    n = copies(spec, component)
    label = spec.component_label(component)
    if spec.content.per_copy(component) and n > 1:
        return [(f"{component}#{k}", msg("{label}, copy {n} of {copies}", label=label, n=k, copies=n))
                for k in range(1, n + 1)]
    return [(component, label)]


def _order(spec: Game) -> list[str]:
    """Components in the enrollment walk's order (pieces first, each once), then the rest."""
    seen: dict[str, None] = dict.fromkeys(spec.pieces)
    seen.update(dict.fromkeys(sorted(spec.components)))
    return [c for c in seen if c in spec.components]
