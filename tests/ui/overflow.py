"""Labels whose text does not fit their box, for the UI tests (runs inside the Kivy client).

:func:`overflowing` walks a widget tree and reports every visible label whose text is
wider or taller than its box (its ``texture_size`` against its ``size``), whose text is
cut by a ``text_size`` smaller than what the text needs, or whose word was broken across
lines (a word wider than the wrapping width). Labels with ``shorten`` (an ellipsis on
purpose) are left out. Shared by the board tests and the table screen's tests.
"""

from __future__ import annotations

#: Pixels of slack (rounding of texture sizes).
SLACK = 1.5


def visible(widget) -> bool:
    """``widget`` and every parent are opaque, on a window and at least 2 px big."""
    if widget.get_root_window() is None or widget.width < 2 or widget.height < 2:
        return False
    node = widget
    while node is not None:
        if getattr(node, "opacity", 1) <= 0:
            return False
        parent = node.parent
        node = None if parent is node else parent
    return True


def needed_size(label) -> tuple[float, float]:
    """The size ``label``'s text needs when only its wrapping width is fixed (its
    ``text_size`` height set to None)."""
    width, height = label.text_size
    if height is None:
        return tuple(label.texture_size)
    label.text_size = (width, None)
    label.texture_update()
    needed = tuple(label.texture_size)
    label.text_size = (width, height)
    label.texture_update()
    return needed


def lines_cut(label) -> str:
    """"" when every line of ``label`` shows; else what is cut: a label with ``max_lines``
    drops the lines after them (the portrait header's "turn" of "Player 3's turn")."""
    if not label.text.strip() or not label.max_lines:
        return ""
    kept, width = label.max_lines, label.text_size[0]
    label.max_lines, label.text_size = 0, (width, None)
    label.texture_update()
    need = label.texture_size[1]
    label.max_lines, label.text_size = kept, (width, label.height)
    label.texture_update()
    if need > label.height + SLACK:
        return f"{label.text!r} needs {need:.0f} px of height, has {label.height:.0f}"
    return ""


def broken_word(label) -> str:
    """The first word of ``label`` wider than its wrapping width (Kivy then breaks it
    mid-word), or ""."""
    from ui.boards.fit import drawn_bold, word_width, words

    width = label.text_size[0]
    if not width:
        return ""
    bold = drawn_bold(label.text, label.bold)  # "[b]…[/b]" is drawn bold: measured regular, it hid "Synagogu/e"
    for word in words(label.text)[:3]:
        if word_width(word, label.font_size, bold, label.font_name) > width + SLACK:
            return word
    return ""


def overflowing(root) -> list[str]:
    """One line per visible label under ``root`` (``root`` included) whose text overflows."""
    from kivy.uix.label import Label

    found = []
    for widget in root.walk():
        if not isinstance(widget, Label) or not widget.text.strip() or widget.shorten or not visible(widget):
            continue
        need_w, need_h = needed_size(widget)
        box_w, box_h = widget.size
        short = widget.text.replace("\n", " ")[:50]
        if need_w > box_w + SLACK or need_h > box_h + SLACK:
            found.append(f"{short!r} needs {need_w:.0f}x{need_h:.0f} px, has {box_w:.0f}x{box_h:.0f}")
        word = broken_word(widget)
        if word:
            found.append(f"{short!r}: the word {word!r} is broken (wider than {widget.text_size[0]:.0f} px)")
    return found


def small_text(root, smallest_sp: float, scale: float) -> list[str]:
    """One line per visible label under ``root`` whose text is drawn smaller than
    ``smallest_sp`` sp at the app's ``scale`` (text players must read from a metre)."""
    from kivy.metrics import sp
    from kivy.uix.label import Label

    unit = sp(1) * scale
    found = []
    for widget in root.walk(restrict=True):
        if not isinstance(widget, Label) or not widget.text.strip() or not visible(widget):
            continue
        size = widget.font_size / unit
        if size < smallest_sp - 0.05:
            found.append(f"{widget.text.replace(chr(10), ' ')[:40]!r} at {size:.1f} sp")
    return found


def drawn_lines(label) -> list[str]:
    """The lines of ``label``'s text as Kivy lays it out now, at its font and wrapping width
    (markup's spans of one line joined). Laid out again here: a label that shows a kept look
    (:mod:`ui.textures`) did not lay its text out, and its core label's lines were another
    look's ("Verifica tavolo" read as "Table / check"). The core label is left as it was (a
    texture filled later reads its lines)."""
    core = label._label
    kept = dict(core.__dict__)
    try:
        core.text = label.text
        core.render()  # the layout pass only: the texture is not touched
        return ["".join(word.text for word in line.words) for line in core._cached_lines]
    finally:
        core.__dict__.clear()
        core.__dict__.update(kept)


def split_words(roots) -> list[str]:
    """One line per visible button under ``roots`` whose text is drawn with a word broken
    across two lines ("His / tory", "Tab / le / che...": a button narrower than its longest
    word; screen20: the tools under the board after the window turned back to landscape), as
    its drawn lines show it: their words are not the words of its text."""
    from readability import plain

    from ui.widgets.buttons import TouchButton

    found = []
    for root in roots:
        for button in root.walk(restrict=True):
            if (not isinstance(button, TouchButton) or not button.text.strip() or button.shorten
                    or not visible(button)):
                continue
            lines = drawn_lines(button)
            if " ".join(lines).split() != plain(button.text, button.markup).split():
                found.append(f"{button.text[:40]!r} drawn as {' / '.join(lines)!r} ({button.width:.0f} px wide)")
    return found
