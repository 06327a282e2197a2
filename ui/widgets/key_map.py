"""A laptop's keys as the on-screen keyboard's keys (issue 31 item 13): shared by the on-screen
keyboard (:mod:`ui.widgets.keyboard`), which types them, and the window's Escape handling
(:mod:`ui.widgets.laptop_keys`)."""

from __future__ import annotations

#: Kivy's key codes for the keys that are not text.
ESCAPE, BACKSPACE, ENTER, KEYPAD_ENTER = 27, 8, 13, 271


def key_for(key: int, text: str | None) -> str | None:
    """The on-screen keyboard's key for a key pressed on the laptop (``key``: Kivy's key
    code; ``text``: the character it types, if any), or None for a key it has not got."""
    if key == BACKSPACE:
        return "back"
    if key in (ENTER, KEYPAD_ENTER):
        return "done"
    if text == " ":
        return "space"
    if text and len(text) == 1 and (text.isalnum() or text in "'-"):
        return text.upper()
    return None
