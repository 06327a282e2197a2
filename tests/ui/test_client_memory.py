"""What the touchscreen client keeps in memory at the table (issue 17 item 10; the figures
are in ``benchmarks/ui_client.py`` and docs/performance.md, not here).

- The seldom-used screens (and the phones' and privacy covers) are imported when first
  shown, as they are built then (``ui.root.LazyScreenManager``); ``hashlib`` (OpenSSL's
  digests) when the phones' links first come.
- One SDL_ttf font per whole size: SDL_ttf opens a font at ``int(font_size)``, so a fitted
  15.57 and a 15 draw the same glyphs, and now share one open font (``ui.memory``).
- The C heap hands its free pages back once the table is quiet: one ``malloc_trim``
  ``TRIM_SECONDS`` after the last of a burst of states, none during it.
"""

from __future__ import annotations

import ast
import platform
import subprocess
import sys
from pathlib import Path

import pytest

from tests.checkout import checkout_env

ROOT = Path(__file__).resolve().parents[2]


def _run(script: str, display: str, kivy_home) -> dict:
    """Run ``script`` (Kivy, in a process of its own) on ``display``; the dict it printed last."""
    env = checkout_env(DISPLAY=display, KIVY_HOME=str(kivy_home), KIVY_NO_ARGS="1")
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=90)
    assert done.returncode == 0, done.stderr[-3000:]
    return ast.literal_eval(done.stdout.strip().splitlines()[-1])


#: Imported only when what needs them first shows.
LATER_MODULES = ("ui.screens.newgame", "ui.screens.enroll", "ui.screens.check", "ui.screens.content",
                 "ui.widgets.contentform", "ui.widgets.phone_grid", "ui.widgets.privacy", "hashlib")

STARTED = f"LATER_MODULES = {LATER_MODULES!r}" + r"""
import sys
from kivy.clock import Clock
from ui.app import build_app

LATER = LATER_MODULES
app = build_app("/nonexistent/companion.sock")
seen = {}

def look(_dt):
    seen["at start"] = sorted(name for name in LATER if name in sys.modules)
    seen["built"] = sorted(s.name for s in app.root.ids.screens.screens)
    app.root.show("newgame")
    Clock.schedule_once(shown, 0.2)

def shown(_dt):
    screen = app.root.ids.screens.current_screen
    seen["newgame"] = (screen.name, type(screen).__name__, "ui.screens.newgame" in sys.modules)
    app.root.show("content")
    seen["content"] = type(app.root.ids.screens.current_screen).__name__
    app.stop()

Clock.schedule_once(look, 0.5)
app.run()
print(repr(seen))
"""


@pytest.mark.ui
def test_the_seldom_used_screens_are_imported_when_first_shown(display, kivy_home):
    result = _run(STARTED, display, kivy_home)
    assert result["at start"] == []
    assert result["built"] == ["home", "table", "waiting"]
    assert result["newgame"] == ("newgame", "NewGameScreen", True)
    assert result["content"] == "ContentScreen"


FONTS = r"""
from ui.app import configure_kivy, open_window
configure_kivy((800, 480))
open_window()
from kivy.core.text import Label as CoreLabel
from ui.memory import share_font_sizes

def drawn(size):
    label = CoreLabel(text="Ghost King", font_size=size, bold=True)
    label.refresh()
    return label, bytes(label.texture.pixels), tuple(label.texture.size)

kivy_ids = [drawn(size)[0]._get_font_id() for size in (15, 15.57)]
_, kivy_pixels, kivy_size = drawn(15.57)
shared = share_font_sizes()
label, pixels, size = drawn(15.57)
ids = [drawn(size)[0]._get_font_id() for size in (15, 15.57, 16)]
print(repr({"kivy": kivy_ids, "shared": shared, "ids": ids,
            "same picture": (pixels == kivy_pixels, size == kivy_size), "size": size}))
"""


@pytest.mark.ui
def test_fitted_font_sizes_share_the_font_of_their_whole_size_and_draw_the_same(display, kivy_home):
    result = _run(FONTS, display, kivy_home)
    assert result["kivy"][0] != result["kivy"][1]  # Kivy's own: two fonts opened for one size
    assert result["shared"] is True
    fifteen, fitted, sixteen = result["ids"]
    assert fifteen == fitted and fifteen[0] == 15 and fitted != sixteen
    assert result["same picture"] == (True, True)  # what the players see is unchanged


TRIMS = r"""
import ui.memory
trims = []
ui.memory.release_free_memory = lambda *_args: trims.append(1) or True
from kivy.clock import Clock
from ui.app import build_app
from ui.companion_app import TRIM_SECONDS

app = build_app("/nonexistent/companion.sock")
seen = {"seconds": TRIM_SECONDS}
state = lambda n: {"type": "state", "revision": n, "prompt": {"text": f"state {n}"}}

def burst(_dt):
    trims.clear()  # the screen shown at start
    for n in range(1, 4):
        app.handle_message(state(n))
    seen["during"] = len(trims)
    Clock.schedule_once(after_burst, TRIM_SECONDS + 1.5)

def after_burst(_dt):
    seen["after the burst"] = len(trims)
    app.handle_message(state(4))
    Clock.schedule_once(after_one, TRIM_SECONDS + 1.5)

def after_one(_dt):
    seen["after one more"] = len(trims)
    app.stop()

Clock.schedule_once(burst, TRIM_SECONDS + 1.0)
app.run()
print(repr(seen))
"""


@pytest.mark.ui
def test_the_heap_is_trimmed_once_after_a_burst_of_states(display, kivy_home):
    result = _run(TRIMS, display, kivy_home)
    assert result["seconds"] == 1.0
    assert result["during"] == 0
    assert result["after the burst"] == 1
    assert result["after one more"] == 2


def test_free_pages_go_back_through_glibc_here():
    from ui.memory import release_free_memory

    if platform.libc_ver()[0] != "glibc":
        pytest.skip("glibc's malloc_trim only")
    assert release_free_memory() is True
