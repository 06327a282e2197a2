"""The client's quiet-time release (:func:`ui.memory.release_free_memory`, issue 29 item 11)
frees what only reference cycles still hold: a Kivy widget replaced by a new view binds
itself (its properties' callbacks are its own methods), so only the cycle collector frees
it, and with it its label's texture. Pure Python: no window, no Kivy import."""

from __future__ import annotations

import gc
import weakref

from ui.memory import release_free_memory


class Row:
    """A stand-in for a board's row: it holds its own bound method, as a widget's binding does."""

    def __init__(self):
        self.callbacks = [self.redraw]
        self.texture = bytearray(64 * 1024)

    def redraw(self):
        return len(self.texture)


def test_the_release_frees_rows_held_only_by_their_own_cycles():
    enabled = gc.isenabled()
    gc.disable()  # as if the oldest generation had not run yet (it runs seldom)
    try:
        rows = [Row() for _ in range(20)]
        alive = [weakref.ref(row) for row in rows]
        del rows
        assert sum(ref() is not None for ref in alive) == 20  # the cycles keep them
        release_free_memory()
        assert sum(ref() is not None for ref in alive) == 0
    finally:
        if enabled:
            gc.enable()
