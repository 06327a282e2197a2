"""Card data's Kivy-free parts (issues 5, 12): the list's badges, the form's values, and
which piece the enrollment walk just enrolled. The widgets are in
:mod:`ui.widgets.contentform`, :mod:`ui.screens.content` and :mod:`ui.screens.enroll`."""

from __future__ import annotations

from typing import Any

from ui.text import Translate, english


def badge_text(component: dict, _: Translate = english) -> str:
    """What the list says about a component's data: entered, a placeholder, or as printed."""
    if component.get("entered"):
        return _("entered")
    if component.get("placeholder"):
        return _("placeholder — please enter")
    return _("as in the content file")


def entry_of(fields: list[dict], values: dict[str, Any]) -> dict[str, Any]:
    """The ``content_set`` fields for ``values``: every field that has a value (one not
    known yet is left out), in the form's order."""
    return {f["name"]: values[f["name"]] for f in fields if values.get(f["name"]) is not None}


def stepped(field: dict, value: Any, step: int) -> int:
    """An int field's value after touching − (``step`` -1) or + (+1), kept in its range;
    an unknown value becomes the lowest."""
    if not isinstance(value, int):
        return field["low"]
    return max(field["low"], min(field["high"], value + step))


def toggled(field: dict, value: Any, choice: Any) -> Any:
    """A choice field's value after touching ``choice`` (it is chosen), or a flags field's
    (``choice`` is added or taken away, the list kept in the field's order)."""
    if field["kind"] == "choice":
        return choice
    chosen = set(value or []) ^ {choice}
    return [v for v in field["values"] if v in chosen]


def enrolled_now(before: dict | None, after: dict | None) -> str | None:
    """The piece the last change of the walk enrolled (``before["component"]``: a tap only
    ever enrolls the piece asked for), or None (a skip, an undo, a warning, a new walk)."""
    if not before or not after or before.get("game") != after.get("game"):
        return None
    if after.get("enrolled", 0) == before.get("enrolled", 0) + 1 and after.get("step", 0) >= before.get("step", 0):
        return before.get("component")
    return None


def form_of(answer: dict | None, piece: str | None) -> dict | None:
    """The form for ``piece`` in a game's ``content`` answer (a copy ``component#n`` falls
    back to its component's form when the answer has none of its own), or None."""
    if not piece:
        return None
    components = {c["component"]: c for c in (answer or {}).get("components") or []}
    return components.get(piece) or components.get(piece.split("#", 1)[0])
