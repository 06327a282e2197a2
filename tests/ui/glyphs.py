"""Which characters a font has no glyph for (issue 29: "→" and "▸" drew as empty boxes).

The font's character map is read with fontTools (a well-kept library that reads every
OpenType table; Kivy itself only renders). :func:`font_file` finds the file Kivy draws a
``font_name`` with (a registered name such as "Roboto", or a path), in the bold face when
the text is bold.
"""

from __future__ import annotations

import functools
import os

#: Characters that are never drawn as glyphs (line breaks, tabs, the no-break space is a glyph).
NOT_DRAWN = {"\n", "\r", "\t"}


def font_file(font_name: str = "Roboto", bold: bool = False) -> str:
    """The file Kivy draws ``font_name`` (``bold``) with."""
    from kivy.core.text import LabelBase
    from kivy.resources import resource_find

    faces = getattr(LabelBase, "_fonts", {}).get(font_name)
    if faces:
        return faces[2] if bold else faces[0]
    path = resource_find(font_name) or resource_find(font_name + ".ttf")
    if path is None:
        raise FileNotFoundError(font_name)
    return path


def kivy_font(name: str) -> str:
    """A font file bundled with Kivy (``Roboto-Regular.ttf``), found without a window."""
    import kivy

    return os.path.join(os.path.dirname(kivy.__file__), "data", "fonts", name)


@functools.lru_cache(maxsize=8)
def charmap(path: str) -> frozenset[int]:
    """The code points ``path``'s best character map has glyphs for."""
    from fontTools.ttLib import TTFont

    with TTFont(path, lazy=True) as font:
        return frozenset(font.getBestCmap())


def lacking(text: str, path: str) -> set[str]:
    """The characters of ``text`` the font file ``path`` cannot draw."""
    cmap = charmap(path)
    return {c for c in text if c not in NOT_DRAWN and ord(c) not in cmap}


def missing_glyphs(text: str, font_name: str = "Roboto", bold: bool = False) -> set[str]:
    """The characters of ``text`` that Kivy's ``font_name`` cannot draw."""
    return lacking(text, font_file(font_name, bold))
