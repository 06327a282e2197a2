"""The terminal play view (companion play --terminal): every numbered choice line comes
under its prompt line, also when the same prompt comes again."""

from __future__ import annotations

import io

from companion.terminal import NumberedView


def _state(prompt, labels, news=()):
    return {"type": "state", "news": list(news), "log": [], "view": {},
            "prompt": {"text": prompt, "choices": [{"key": label.lower(), "label": label} for label in labels]}}


def test_a_repeated_prompt_is_printed_again_with_its_choices():
    out = io.StringIO()
    view = NumberedView(out)
    view(_state("Ada: move your ghost hunter, then Done", ["Done"]))
    view(_state("Ada: move your ghost hunter, then Done", ["Done"], news=["Ada moves to the Hall."]))
    view(_state("Ada: move your ghost hunter, then Done", ["Done", "Undo move"]))
    view(_state("Ada: move your ghost hunter, then Done", ["Done", "Undo move"]))  # a status change only
    assert out.getvalue().splitlines() == [
        "Ada: move your ghost hunter, then Done",
        "   1) Done",
        "  - Ada moves to the Hall.",
        "Ada: move your ghost hunter, then Done",
        "   1) Done",
        "Ada: move your ghost hunter, then Done",
        "   1) Done   2) Undo move",
    ]
