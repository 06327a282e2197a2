"""The client's C heap gives its free pages back (issue 17 item 10).

Building a screen and drawing its first frames (Kivy's kv rules, SDL_ttf's fonts, Mesa's
shader compiles) leave megabytes of freed memory spread through the C heap; glibc returns
only the heap's free top to the system on its own, the holes stay resident.
``malloc_trim(0)`` hands back every free page, wherever it lies (a millisecond or two); the
memory is taken again only when needed. Elsewhere than glibc it does nothing.
"""

from __future__ import annotations

import ctypes
import gc
from functools import cache


@cache
def _malloc_trim():
    """glibc's ``malloc_trim`` (among the symbols the process has loaded), or None."""
    try:
        return ctypes.CDLL(None).malloc_trim
    except (OSError, AttributeError):
        return None


class _Pending:
    """Whether the next release walks every object (:func:`collect_all_next`)."""

    everything = False


def collect_all_next() -> None:
    """Something long-lived was made or dropped (a game's board, when its game starts, and
    the last game's): the next :func:`release_free_memory` walks every object, not only
    those made since the last such walk, and then freezes the survivors (the new board)."""
    _Pending.everything = True


def release_free_memory(*_args) -> bool:
    """Free the widgets no longer reachable, then return the C heap's free pages to the
    system; False where there is no ``malloc_trim``. Takes (and ignores) a Clock's ``dt``.

    Kivy's widgets hold themselves in reference cycles (their bindings), so a board's rows
    or a prompt's buttons replaced by a new view are freed only by Python's cycle collector,
    whose oldest generation runs seldom: until then each keeps its label's texture (in the
    C heap, Mesa's software renderer's copy included). Collecting here, in the quiet time,
    frees them before the trim (issue 29 item 11).

    The collection walks only the objects made since the last full walk: what lived then
    (the app, the screens, the board on the table) is frozen out of the collector's way
    (``gc.freeze``), as the app's start does. After :func:`collect_all_next` it thaws them,
    walks them all (a dropped board is freed) and freezes the survivors again: the full
    walk after each state was ~35 ms of CPU on a 2 GHz x86 core with five boards kept."""
    if _Pending.everything:
        _Pending.everything = False
        gc.unfreeze()
        gc.collect()
        gc.freeze()
    else:
        gc.collect()
    trim = _malloc_trim()
    if trim is None:
        return False
    trim(0)
    return True


#: The options SDL_ttf's font is opened with, as Kivy's SDL2 text provider names them.
FONT_OPTIONS = ("font_name_r", "bold", "italic", "underline", "strikethrough")


def whole_size_font_id(label) -> tuple:
    """The SDL2 text provider's key for the font ``label`` (a Kivy core label) draws with,
    the size in whole points first: SDL_ttf opens the font at ``int(font_size)`` (15.57 and
    15 draw the same glyphs), yet Kivy keys its open fonts by the size as given, so each
    fitted size (:mod:`ui.boards.fit`) opened the same font again, about 100 KiB each.

    Kivy asks for the key at every text measurement (a markup label measures word by word:
    ~90 a state message on the table), so it is a tuple, not Kivy's joined string: a third
    of the time (issue 27 item 7)."""
    o = label.options  # FONT_OPTIONS, written out: a starred tuple costs twice the time
    return int(o["font_size"]), o["font_name_r"], o["bold"], o["italic"], o["underline"], o["strikethrough"]


def share_font_sizes() -> bool:
    """Make Kivy's SDL2 text provider open one font per whole size (:func:`whole_size_font_id`);
    False with another provider (left as it is)."""
    from kivy.core.text import Label as CoreLabel

    if CoreLabel.__name__ != "LabelSDL2":
        return False
    CoreLabel._get_font_id = whole_size_font_id
    return True
