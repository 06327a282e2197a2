"""Text measurements remembered (issue 27 item 7).

Kivy's markup labels lay their text out word by word, asking SDL_ttf for each word's size
(``get_extents``), and do it all again at each render: the table's prompt and a board's
status line measure the same words with every state message (~90 measurements a state).
A word's size in a given font never changes, so it is kept, keyed by the font
(:func:`ui.memory.whole_size_font_id`) and the outline (the only other option it reads).
The app sets no font hinting or kerning of its own, which SDL_ttf's measurement would
also read.
"""

from __future__ import annotations

from ui.memory import whole_size_font_id

#: Measurements kept at most; all are dropped when it is reached (the table's words come
#: back within a few states).
MOST = 4096


def remember_extents() -> bool:
    """Make Kivy's SDL2 text provider remember what it measured; False with another
    provider (left as it is). Call after :func:`ui.memory.share_font_sizes`."""
    from kivy.core.text import Label as CoreLabel

    if CoreLabel.__name__ != "LabelSDL2":
        return False
    measure = CoreLabel.get_extents
    known: dict[tuple, tuple[int, int]] = {}

    def get_extents(label, text: str) -> tuple[int, int]:
        key = (whole_size_font_id(label), label.options["outline_width"], text)
        found = known.get(key)
        if found is None:
            if len(known) >= MOST:
                known.clear()
            found = known[key] = measure(label, text)
        return found

    CoreLabel.get_extents = get_extents
    return True
