"""Drives the real Kivy client in its own process for the UI tests.

``PYTHONPATH=. python tests/ui/harness.py SCENARIO --socket S --out DIR --report R.json [--size 800x480]``
(from the checkout; the tests give it ``tests.checkout.checkout_env()``; the scenario modules
next to this file are found as its siblings, ``sys.path[0]``)

Scenarios (the test on the other side of stdout does the daemon's part):

* ``table``: the table screen of a game in its move step. Saves ``table-screen.png``,
  prints ``READY`` (the test then taps an unknown tag), waits for the notice and saves
  ``table-notice.png``, touches "End turn" with a real touch, waits for the next turn's
  state and saves ``table-after.png``; then rolls with the "Roll the die" button, touches
  Undo, rolls again (same die: undo never re-rolls), saves ``table-move.png`` (every move
  from the cellar on screen), touches "Out of the castle" (the last
  hunter leaves with every treasure in the cellar: the hunters win) and saves ``game-over.png``.
* ``page``: shows ``--page`` (default ``newgame``) and saves ``--name``.png.
* ``tour``: every screen of the shell (see :func:`tour_scenario`).
* ``content``: Settings -> Card data, a form saved and one refused (see :func:`content_scenario`).
* ``content-enroll``: a form offered by the enrollment walk (see :func:`content_enroll_scenario`).
* ``lobby``: no daemon yet. Saves ``waiting.png`` and prints ``WAITING`` (the test starts a
  daemon without a game), touches "New game" in the lobby, waits for the table and prints
  ``STARTED`` (the test stops the daemon), waits for "Connection lost" and saves
  ``lost.png``, prints ``LOST`` (the test starts a daemon again) and waits to reconnect.

Exits 0 when every step happened in time, 1 otherwise; the report (JSON) says what it saw.
"""

from __future__ import annotations

import argparse
import gc
import json
import sys
import time
import traceback
from pathlib import Path

#: Seconds any one step may take.
STEP_TIMEOUT = 8.0

#: Seconds between two looks at the scenario's step: 0, every clock frame (the client's 30
#: fps). It was 0.05, which Kivy's clock ran every other frame (66 ms a step, up to a frame lost
#: at each of the serial run's thousands of steps); looking every frame caught the content
#: test's "Not done: ..." notice before the ack's words replaced it (notes/citime.md), which
#: its scenario now waits past, and test_boards' read and state, now a clock frame apart
#: whatever the tick (notes/ciwin14.md).
TICK = 0


class Failed(Exception):
    """A step did not happen in time."""


class Until:
    """Yielded by a scenario: wait until ``predicate()`` is true."""

    def __init__(self, what: str, predicate, timeout: float = STEP_TIMEOUT):
        self.what, self.predicate, self.timeout = what, predicate, timeout


#: Clock frames (30 a second) with nothing drawn after which the window counts as settled:
#: a change's fit labels, layouts and choice panels draw in the frame after it (one frame a
#: state, test_boards), so 4 quiet frames also see a late second frame.
QUIET_FRAMES = 4


class Quiet:
    """Counts from now the frames the window draws and the clock frames since the last one."""

    def __init__(self):
        from kivy.clock import Clock
        from kivy.core.window import Window

        self.start = self.last = Clock.frames
        self.drawn = 0
        self._window = Window
        Window.bind(on_flip=self._flipped)

    def _flipped(self, *_args) -> None:
        from kivy.clock import Clock

        self.drawn += 1
        self.last = Clock.frames

    def quiet_for(self) -> int:
        """Clock frames since the last frame drawn (or since the start)."""
        from kivy.clock import Clock

        return Clock.frames - self.last

    def close(self) -> None:
        self._window.unbind(on_flip=self._flipped)


def settle(most: float, moving=None, frames: int = QUIET_FRAMES) -> Until:
    """Yielded by a scenario instead of a fixed ``yield most`` that let the layout settle
    before a look or a screenshot (yield it in the step that made the change): ready once
    ``frames`` clock frames went by with nothing drawn, or at the latest after ``most`` seconds
    (a screen that never stops drawing waits as long as it did); never while ``moving()``, if
    given, is true. Counted in frames, so a loaded machine's slow frames wait longer, not less."""
    quiet, start = Quiet(), time.monotonic()

    def ready() -> bool:
        if moving is not None and moving():
            return False
        done = quiet.quiet_for() >= frames or time.monotonic() - start >= most
        if done:
            quiet.close()
        return bool(done)

    return Until(f"the window settled (at most {most} s)", ready, timeout=most + STEP_TIMEOUT)


class Runner:
    """Runs a scenario generator on Kivy's clock: it yields seconds to wait or an :class:`Until`."""

    def __init__(self, app, scenario, report: dict):
        self.app, self.report = app, report
        self.steps = scenario
        self.waiting: Until | float | None = None
        self.since = time.monotonic()

    def tick(self, _dt) -> None:
        try:
            if not self._ready():
                return
            self.waiting = next(self.steps)
            self.since = time.monotonic()
        except StopIteration:
            self._finish(True)
        except Exception as exc:  # reported, then the app closes with exit code 1
            self.report["error"] = f"{type(exc).__name__}: {exc}"
            self.report["traceback"] = traceback.format_exc()
            self._finish(False)

    def _finish(self, ok: bool) -> None:
        from kivy.core.window import Window

        self.report["ok"] = ok
        self.report["window_size"] = list(Window.size)
        self.app.stop()

    def _ready(self) -> bool:
        waited = time.monotonic() - self.since
        if self.waiting is None:
            return True
        if isinstance(self.waiting, (int, float)):
            return waited >= self.waiting
        if self.waiting.predicate():
            return True
        if waited > self.waiting.timeout:
            raise Failed(f"timed out after {self.waiting.timeout} s waiting for {self.waiting.what} "
                         f"(screen {self.app.model.screen!r}, page {self.app.model.page!r})")
        return False


# ---------------------------------------------------------------------- widget helpers


def find_button(app, text: str, where=None):
    """The visible TouchButton whose text is ``text`` on the current screen (or in
    ``where``, e.g. an open keyboard), or None."""
    from ui.widgets.buttons import TouchButton

    screen = where or app.root.ids.screens.current_screen
    for widget in screen.walk():
        if isinstance(widget, TouchButton) and widget.text == text:
            return widget
    return None


def reachable(button, x: float, y: float) -> bool:
    """Window point ``(x, y)`` shows ``button``: it is inside every scroll view holding it
    (a button scrolled out of sight cannot be touched)."""
    from kivy.uix.scrollview import ScrollView

    parent = button.parent
    while parent is not None and parent is not parent.parent:
        if isinstance(parent, ScrollView):
            left, bottom = parent.to_window(parent.x, parent.y)
            if not (left <= x <= left + parent.width and bottom <= y <= bottom + parent.height):
                return False
        parent = parent.parent
    return True


def out_of_sight(app) -> list[str]:
    """Choice buttons on the table screen not wholly inside the choice panel (one would
    have to scroll to see them)."""
    panel = app.root.ids.screens.current_screen.ids.choices
    left, bottom = panel.to_window(panel.x, panel.y)
    hidden = []
    for button in panel.buttons():
        x, y = button.to_window(button.x, button.y)
        if x < left - 0.5 or y < bottom - 0.5 or x + button.width > left + panel.width + 0.5 \
                or y + button.height > bottom + panel.height + 0.5:
            hidden.append(button.text)
    return hidden


def touch(button, device: str = "unittest") -> tuple[float, float]:
    """A real touch (down, up) at the centre of ``button``, through the window's input path.

    Raises:
        Failed: the button is scrolled out of sight (a finger there would miss it).
    """
    from kivy.tests.common import UnitTestTouch

    x, y = button.to_window(*button.center)
    if not reachable(button, x, y):
        raise Failed(f"{button.text!r} is scrolled out of sight")
    finger = UnitTestTouch(x, y)
    finger.device = device
    finger.touch_down()
    finger.touch_up()
    return x, y


def double_touch(button) -> tuple[float, float]:
    """One finger reported by two input providers: two downs at the same place and time
    (``mtdev`` and ``hidinput``), then both ups."""
    from kivy.tests.common import UnitTestTouch

    x, y = button.to_window(*button.center)
    first, second = UnitTestTouch(x, y), UnitTestTouch(x + 1, y)
    first.device, second.device = "mtdev", "hidinput"
    first.touch_down()
    second.touch_down()
    first.touch_up()
    second.touch_up()
    return x, y


def screen_is(app, name: str):
    """The model chose screen ``name`` and the screen manager shows it (its transition
    over: a screen manager ignores touches during one)."""
    screens = app.root.ids.screens
    return lambda: app.model.screen == name and screens.current == name and not screens.transition.is_active


def small_targets(app, mm: float, px_per_mm: float) -> list[str]:
    """Touch buttons on the current screen (and open modal views) smaller than ``mm``
    millimetres on either side."""
    from kivy.core.window import Window

    from ui.widgets.buttons import TouchButton

    limit = mm * px_per_mm
    found = []
    for root in [app.root.ids.screens.current_screen] + list(Window.children[:-1]):
        for widget in root.walk():
            if (isinstance(widget, TouchButton) and widget.opacity > 0 and widget.get_root_window()
                    and widget.height > 1 and min(widget.size) < limit - 0.5):
                found.append(f"{widget.text!r} {widget.width:.0f}x{widget.height:.0f}")
    return found


def clipped_labels(app) -> list[str]:
    """Labels on the current screen whose text does not fit their box (height-wise)."""
    from kivy.uix.label import Label

    found = []
    for widget in app.root.ids.screens.current_screen.walk():
        if (isinstance(widget, Label) and widget.opacity > 0 and widget.text and widget.text_size[0]
                and not widget.shorten and widget.texture_size[1] > widget.height + 2
                and widget.height > 1):
            found.append(f"{widget.text[:40]!r} needs {widget.texture_size[1]:.0f} px, has {widget.height:.0f}")
    return found


def say(word: str) -> None:
    """Tell the test what happened (one word per line on stdout)."""
    print(word, flush=True)


# ---------------------------------------------------------------------- scenarios


def table_scenario(app, out: Path, report: dict):
    from ui.shot import save_screenshot

    model = app.model
    yield Until("the home screen", lambda: screen_is(app, "home")() and find_button(app, "Continue the game"))
    touch(find_button(app, "Continue the game"))
    yield Until("the table screen with an End turn button",
                lambda: screen_is(app, "table")() and find_button(app, "End turn") is not None)
    yield settle(0.4)  # layout settles
    report["before"] = {"turn_number": model.view.get("turn_number"), "prompt": model.prompt_text,
                        "choices": [c["label"] for c in model.choices]}
    report["shown_choices"] = [b.text for b in app.root.ids.screens.current_screen.ids.choices.buttons()]
    report["screenshots"] = [str(save_screenshot(out / "table-screen.png"))]
    say("READY")
    yield Until("the notice banner", lambda: bool(model.notice))
    report["notice"] = model.notice
    yield settle(0.3)
    report["screenshots"].append(str(save_screenshot(out / "table-notice.png")))
    report["touched_at"] = touch(find_button(app, "End turn"))
    before = report["before"]["turn_number"]
    yield Until("the next turn's state", lambda: model.view.get("turn_number") == before + 1)
    yield Until("the answer to the touch", lambda: not model.busy)
    yield settle(0.3)
    report["after"] = {"turn_number": model.view.get("turn_number"), "prompt": model.prompt_text}
    report["screenshots"].append(str(save_screenshot(out / "table-after.png")))
    yield from roll_undo_and_win(app, out, report)


def roll_undo_and_win(app, out: Path, report: dict):
    """Roll with the touch button, Undo it, roll again, then leave the castle: the win."""
    from ui.shot import save_screenshot

    model = app.model
    rolled = lambda: find_button(app, "End turn") is not None and not model.busy  # noqa: E731
    touch(find_button(app, "Roll the die"))
    yield Until("the move step after rolling", rolled)
    report["rolled"] = model.prompt_text
    touch(app.root.ids.screens.current_screen.ids.undo)
    yield Until("the roll prompt again after Undo",
                lambda: find_button(app, "Roll the die") is not None and not model.busy)
    report["undone"] = model.prompt_text
    touch(find_button(app, "Roll the die"))
    yield Until("the move step after rolling again", rolled)
    report["rolled_again"] = model.prompt_text
    yield settle(0.3)
    report["screenshots"].append(str(save_screenshot(out / "table-move.png")))
    report["move"] = {"shown": [], "out_of_sight": [], "pages": 0}
    yield from _pages_until(app, "Out of the castle", report["move"])
    touch(find_button(app, "Out of the castle"))
    yield Until("the game-over screen", lambda: model.over and find_button(app, "New game") is not None)
    yield 0.3
    report["over"] = {"prompt": model.prompt_text, "can_undo": model.can_undo,
                      "undo_disabled": app.root.ids.screens.current_screen.ids.undo.disabled,
                      "summary": app.root.ids.screens.current_screen.ids.gameover.summary}
    report["screenshots"].append(str(save_screenshot(out / "game-over.png")))
    # Menu: Home keeps the finished game's summary and its Undo until a new game (issue 29)
    touch(app.root.ids.screens.current_screen.ids.menu)
    yield Until("home with the finished game", lambda: screen_is(app, "home")())
    yield 0.3
    home = app.root.ids.screens.current_screen
    report["home_finished"] = {"card": home.ids.finished_card.parent is not None,
                               "undo": find_button(app, "Undo") is not None,
                               "no_game_text": find_label(app, "No game in progress.")}
    report["screenshots"].append(str(save_screenshot(out / "home-finished.png")))


def _pages_until(app, text: str, seen: dict):
    """Touch the choice panel's page button until a button says ``text``; ``seen`` gets
    every choice shown on the way (``shown``), those out of sight and the pages turned."""
    from ui.widgets.choices import MORE_KEY

    panel = app.root.ids.screens.current_screen.ids.choices
    for _page in range(12):
        seen["shown"] += [b.text for b in panel.buttons() if b.key != MORE_KEY and b.text not in seen["shown"]]
        seen["out_of_sight"] += out_of_sight(app)
        if find_button(app, text) is not None:
            return
        touch(find_key(app, MORE_KEY))
        seen["pages"] += 1
        yield settle(0.2)
    raise Failed(f"no {text!r} on any page")


def reach(app, text: str):
    """Bring the table's choice button ``text`` on screen as a player would: Done on the
    physical steps in front of the slots (issue 29), then the page button until it shows."""
    todo = app.root.ids.screens.current_screen.ids.todo
    if todo.showing:
        for _step in todo.texts():
            todo.tick()
        yield settle(0.2)
    yield from _pages_until(app, text, {"shown": [], "out_of_sight": [], "pages": 0})


def lobby_scenario(app, out: Path, report: dict):
    from ui.shot import save_screenshot

    model = app.model
    status = lambda: app.root.ids.screens.get_screen("waiting").ids.status.text  # noqa: E731
    yield 0.5
    if model.screen != "waiting" or status() != "Waiting for the companion…":
        raise Failed(f"expected the waiting screen, got {model.screen!r}: {status()!r}")
    report["screenshots"] = [str(save_screenshot(out / "waiting.png"))]
    say("WAITING")
    yield Until("home without a game", lambda: screen_is(app, "home")() and find_button(app, "New game"))
    yield settle(0.3)
    report["screenshots"].append(str(save_screenshot(out / "lobby.png")))
    touch(find_button(app, "New game"))
    yield Until("the new game screen", lambda: screen_is(app, "newgame")() and find_button(app, "Start"))
    touch(find_button(app, "Start"))
    yield Until("the new game's table", lambda: model.screen == "table")
    report["new_game"] = {"players": model.view.get("players"), "prompt": model.prompt_text}
    say("STARTED")
    yield Until("the connection-lost screen",
                lambda: status() == "Connection lost: reconnecting…" and model.screen == "waiting")
    yield settle(0.3)
    report["screenshots"].append(str(save_screenshot(out / "lost.png")))
    say("LOST")
    yield Until("the reconnection", lambda: model.screen != "waiting")
    report["reconnected_to"] = model.screen


def tour_scenario(app, out: Path, report: dict):
    """Every screen of the shell: home, settings, new game (with the keyboard), table (with
    a duplicated touch, the undo toast), enrollment, then Italian. The test plays the
    daemon's part after ``TABLE`` (a tap)."""
    from ui.shot import save_screenshot

    model = app.model
    shots = report["screenshots"] = []
    report["small"], report["clipped"] = {}, {}
    px_per_mm = float(report["px_per_mm"])

    def shot(name):
        yield settle(0.3)  # layout settles
        shots.append(str(save_screenshot(out / f"{name}.png")))
        report["small"][name] = small_targets(app, 9.0, px_per_mm)
        report["clipped"][name] = clipped_labels(app)

    yield Until("home with the game in progress",
                lambda: screen_is(app, "home")() and model.catalogue.get("current") is not None)
    report["home"] = {"resume": app.root.ids.screens.current_screen.resume_detail}
    yield from shot("home")
    touch(find_button(app, "Settings"))
    yield Until("settings with the about", lambda: screen_is(app, "settings")() and model.about)
    yield from shot("settings")
    touch(find_button(app, "‹ Back"))
    yield Until("home", screen_is(app, "home"))
    touch(find_button(app, "New game"))
    yield Until("new game with its options", lambda: screen_is(app, "newgame")()
                and find_button(app, "Ada") is not None)  # the last game's names
    yield from shot("newgame")
    touch(find_button(app, "Ada"))
    from kivy.core.window import Window
    yield Until("the keyboard", lambda: len(Window.children) > 1)
    keyboard = Window.children[0]
    for _ in range(8):
        touch(find_button(app, "Delete", keyboard))
        yield 0.06  # fingers are not faster than a frame
    for key in "ADA":
        double_touch(find_button(app, key, keyboard))  # a duplicated finger types once
        yield 0.06
    report["typed"] = keyboard.name
    yield settle(0.3)
    shots.append(str(save_screenshot(out / "keyboard.png")))
    report["small"]["keyboard"] = small_targets(app, 9.0, px_per_mm)
    touch(find_button(app, "Done", keyboard))
    yield Until("the renamed player, the keyboard gone",
                lambda: find_button(app, "Ada") is not None and len(Window.children) == 1)
    touch(find_button(app, "‹ Back"))
    yield Until("home", screen_is(app, "home"))
    touch(find_button(app, "Continue the game"))
    yield Until("the table", lambda: screen_is(app, "table")() and find_button(app, "End turn"))
    yield from shot("table")
    before = model.view.get("turn_number")
    double_touch(find_button(app, "End turn"))  # one finger, two providers: one End turn
    yield Until("the next turn", lambda: model.view.get("turn_number") == before + 1 and not model.busy)
    report["turns"] = [before, model.view.get("turn_number")]
    report["dropped"] = app.root.dropped
    say("TURN")  # the test presses the dice button
    yield Until("the undo toast", lambda: bool(app.toast))
    report["toast"] = app.toast
    yield from shot("table-toast")
    touch(app.root.ids.screens.current_screen.ids.undo)
    yield Until("the undo's notice", lambda: "Undone" in model.notice and not app.toast)
    report["undo_notice"] = model.notice
    yield from shot("table-undone")
    say("ENDED")
    yield Until("the enrollment screen", screen_is(app, "enroll"))
    yield from shot("enroll")
    touch(find_button(app, "Stop"))
    yield Until("back from enrollment", lambda: model.screen != "enroll")
    report["after_enroll"] = model.screen
    app.set_language("it")
    yield Until("Italian", lambda: model.language == "it" and find_button(app, "Annulla mossa") is not None)
    yield from shot("table-it")
    touch(find_button(app, "Menu"))
    yield Until("home in Italian", screen_is(app, "home"))
    yield from shot("home-it")
    touch(find_button(app, "Impostazioni"))
    yield Until("settings in Italian", screen_is(app, "settings"))
    yield from shot("settings-it")
    yield from _text_and_motion(app, shot, report)
    app.set_language("en")
    yield Until("English again", lambda: model.language == "en")


def _text_and_motion(app, shot, report: dict):
    """Settings' text size and motion (issue 29), touched in Italian then seen in English:
    each touch goes to the daemon and comes back in the state; the table with large text;
    then normal text and motion on again."""
    model = app.model
    yield from _touch_scrolled(app, "Testo grande")
    yield Until("large text", lambda: app.large_text)
    yield from shot("settings-large-it")
    yield from _touch_scrolled(app, "Animazioni spente")
    yield Until("motion off", lambda: not app.motion)
    report["screen_settings"] = dict(model.screen_settings)
    app.set_language("en")
    yield Until("English", lambda: model.language == "en" and find_button(app, "Large text") is not None)
    yield from shot("settings-large")
    model.go("table")
    yield Until("the table", screen_is(app, "table"))
    table = app.root.ids.screens.current_screen
    yield from shot("table-large")
    report["large_prompt"] = table.prompt_font
    model.go("settings")
    yield Until("settings", screen_is(app, "settings"))
    yield from _touch_scrolled(app, "Normal text")
    yield from _touch_scrolled(app, "Animations on")
    yield Until("normal text and motion", lambda: not app.large_text and app.motion)


def _touch_scrolled(app, text: str):
    """Scroll the page to the button ``text`` (as a finger would), then touch it."""
    yield scrolled_into_sight(lambda: find_button(app, text))
    touch(find_button(app, text))


def page_scenario(app, out: Path, report: dict, page: str = "newgame", name: str = ""):
    """Show ``page`` (as its button would) and save ``NAME.png`` (default ``PAGE.png``):
    ``--page``, ``--name``. A development aid, and the boards' screenshot tests."""
    from ui.shot import save_screenshot

    yield Until("connected", lambda: app.model.connected and app.model.catalogue)
    app.model.go(page)
    yield Until(f"the {page} screen", screen_is(app, page))
    yield 1.0
    report["screen"] = app.model.screen
    report["screenshots"] = [str(save_screenshot(out / f"{name or page}.png"))]
    report["small"] = small_targets(app, 9.0, float(report["px_per_mm"]))
    report["clipped"] = clipped_labels(app)
    if app.model.screen == "table":
        report["out_of_sight"] = out_of_sight(app)


def _privacy_scenario(app, out: Path, report: dict):
    from privacy_scenario import privacy_scenario  # next to this file

    return privacy_scenario(app, out, report)


def find_label(app, text: str) -> bool:
    """A visible label on the current screen says ``text``."""
    from kivy.uix.label import Label

    return any(isinstance(w, Label) and w.text == text and w.height > 1
               for w in app.root.ids.screens.current_screen.walk())


def find_key(app, key: str, where=None):
    """The TouchButton whose ``key`` is ``key`` on the current screen (or in ``where``), or None."""
    from ui.widgets.buttons import TouchButton

    screen = where or app.root.ids.screens.current_screen
    for widget in screen.walk():
        if isinstance(widget, TouchButton) and widget.key == key and widget.height > 1:
            return widget
    return None


def scroll_to(button):
    """Scroll every scroll view holding ``button`` so it shows (a finger would swipe first)."""
    from kivy.uix.scrollview import ScrollView

    parent = button.parent
    while parent is not None and parent is not parent.parent:
        if isinstance(parent, ScrollView):
            parent.scroll_to(button, padding=10, animate=False)
        parent = parent.parent


def scrolled_into_sight(button) -> Until:
    """Yielded by a scenario: scroll to ``button`` on every check until a finger can reach its
    centre (a list still being laid out moves the button after the first scroll). ``button``
    may be a function that finds it again, for a list that is rebuilt while it settles."""
    find = button if callable(button) and not hasattr(button, "to_window") else lambda: button

    def shown() -> bool:
        found = find()
        if found is None:
            return False
        scroll_to(found)
        return reachable(found, *found.to_window(*found.center))

    return Until("a button scrolled into sight", shown)


def content_scenario(app, out: Path, report: dict):
    """Card data (issue 5): Settings -> Card data -> the Lamps game's list -> lamp a's form,
    + twice, Save (the banner says it counts from the next new game); lamp b's printed name
    emptied on the keyboard, Save (refused: the banner says why, the form stays); the form in
    Italian. Saves ``content-list`` (Ghost at Home's), ``content-list-lamps``, ``content-form``, ``content-saved``,
    ``content-refused``
    and ``content-form-it``."""
    from ui.shot import save_screenshot

    model = app.model
    shots = report["screenshots"] = []
    report["small"], report["clipped"] = {}, {}
    px_per_mm = float(report["px_per_mm"])
    screen = lambda: app.root.ids.screens.get_screen("content")  # noqa: E731

    def shot(name):
        yield settle(0.3)
        shots.append(str(save_screenshot(out / f"content-{name}.png")))
        report["small"][name] = small_targets(app, 9.0, px_per_mm)
        report["clipped"][name] = clipped_labels(app)

    def badge(component):
        answer = model.content.get("lamps") or {}
        entry = next(c for c in answer.get("components") or [] if c["component"] == component)
        return entry["entered"], entry["placeholder"]

    yield Until("connected", lambda: model.connected and model.catalogue)
    app.model.go("settings")
    yield Until("settings", screen_is(app, "settings"))
    card_data = app.root.ids.screens.current_screen.ids.card_data
    yield scrolled_into_sight(card_data)
    touch(card_data)
    yield Until("the card data list", lambda: screen_is(app, "content")() and find_key(app, "lamps")
                and find_key(app, "ghost_at_home"))
    report["games"] = [g["id"] for g in screen().games()]
    touch(find_key(app, "ghost_at_home"))
    yield Until("Ghost at Home's list", lambda: find_key(app, "ghost_at_home:room:first-floor#1"))
    yield from shot("list")  # Ghost at Home's 53 cards
    touch(find_key(app, "lamps"))
    yield Until("the lamps' list", lambda: find_key(app, "lamps:lamp:a"))
    yield from shot("list-lamps")
    touch(find_key(app, "lamps:lamp:a"))
    yield Until("lamp a's form", lambda: screen().form is not None and find_key(app, "bulbs:+"))
    yield from shot("form")
    for _ in range(2):
        touch(find_key(app, "bulbs:+"))
        yield 0.06
    report["stepped"] = screen().form.values["bulbs"]
    touch(find_key(app, "save"))
    yield Until("the saved notice and the list", lambda: model.notice and screen().form is None
                and badge("lamps:lamp:a")[0])
    report["saved"] = {"notice": model.notice, "level": model.notice_level, "badge": badge("lamps:lamp:a")}
    yield from shot("saved")
    model.clear_notice()
    touch(find_key(app, "lamps:lamp:b"))
    yield Until("lamp b's form", lambda: screen().form is not None and find_key(app, "name:type"))
    touch(find_key(app, "name:type"))
    from kivy.core.window import Window
    yield Until("the keyboard", lambda: len(Window.children) > 1)
    keyboard = Window.children[0]
    for _ in range(3):
        touch(find_button(app, "Delete", keyboard))
        yield 0.06
    touch(find_button(app, "Done", keyboard))
    yield Until("the keyboard gone", lambda: len(Window.children) == 1)
    touch(find_key(app, "save"))
    # the daemon's "Not done: ..." notice comes first, then the ack, whose words replace it
    # on the banner (a save sets no busy: only the ack's words say it was answered)
    notices = ("Not done:", "Non fatto:")
    yield Until("the refusal", lambda: model.notice and not model.busy and not model.notice.startswith(notices))
    report["refused"] = {"notice": model.notice, "level": model.notice_level,
                         "form_open": screen().form is not None}
    yield from shot("refused")
    touch(find_key(app, "close"))
    yield Until("the list again", lambda: screen().form is None)
    model.clear_notice()
    app.set_language("it")
    yield Until("the list in Italian", lambda: model.language == "it" and find_key(app, "lamps:lamp:a")
                and "inserito" in find_key(app, "lamps:lamp:a").text)
    yield settle(0.3)
    touch(find_key(app, "ghost_at_home"))
    yield Until("Ghost at Home's list", lambda: find_key(app, "ghost_at_home:room:first-floor#2"))
    touch(find_key(app, "ghost_at_home:room:first-floor#2"))
    yield Until("a Ghost at Home card's form in Italian", lambda: screen().form is not None)
    yield from shot("form-it")
    report["italian_buttons"] = [find_key(app, k).text for k in ("save", "reset", "close")]
    app.set_language("en")
    yield Until("English again", lambda: model.language == "en")
    touch(find_key(app, "close"))
    yield Until("the list again", lambda: screen().form is None)
    for game in ("children", "house_of_spirits"):  # the other games' longest forms
        touch(find_key(app, game))
        yield Until(f"{game}'s list", lambda game=game: (model.content.get(game) or {}).get("components")
                    and screen().game == game)
        longest = max(model.content[game]["components"], key=lambda c: len(c["fields"]))
        yield scrolled_into_sight(lambda: find_key(app, longest["component"]))  # noqa: B023
        touch(find_key(app, longest["component"]))
        yield Until(f"{longest['component']}'s form", lambda: screen().form is not None)
        yield from shot(f"form-{game}")
        touch(find_key(app, "close"))
        yield Until("the list again", lambda: screen().form is None)


def content_enroll_scenario(app, out: Path, report: dict):
    """Enrollment with a form (issue 5): Settings -> enroll Lamps; says ``WALK`` (the test
    taps a tag), touches "Enter what is printed on the …", + once, Save; the walk goes on.
    Saves ``enroll-offer.png``, ``enroll-form.png`` and ``enroll-after.png``."""
    from ui.shot import save_screenshot

    model = app.model
    shots = report["screenshots"] = []
    report["small"], report["clipped"] = {}, {}
    px_per_mm = float(report["px_per_mm"])
    enroll = lambda: app.root.ids.screens.get_screen("enroll")  # noqa: E731

    def shot(name):
        yield settle(0.3)
        shots.append(str(save_screenshot(out / f"enroll-{name}.png")))
        report["small"][name] = small_targets(app, 9.0, px_per_mm)
        report["clipped"][name] = clipped_labels(app)

    yield Until("connected", lambda: model.connected and model.catalogue)
    app.model.go("settings")
    yield Until("settings with the enroll buttons", lambda: screen_is(app, "settings")() and find_key(app, "lamps"))
    button = find_key(app, "lamps")
    yield scrolled_into_sight(button)
    touch(button)
    yield Until("the walk", lambda: screen_is(app, "enroll")() and (model.enrollment or {}).get("step") == 1)
    report["primary"] = {"walk": _primary_buttons(enroll())}
    say("WALK")
    yield Until("the offer", lambda: bool(enroll().offer))
    report["offer"] = {"piece": enroll().offer, "text": enroll().offer_text}
    report["primary"]["offer"] = _primary_buttons(enroll())
    yield from shot("offer")
    touch(enroll().ids.offer)
    yield Until("the form", lambda: enroll().form is not None and find_key(app, "bulbs:+"))
    gc.collect()  # as Python may at any time: the walk, out of the tree, is held by the screen (not only ids')
    yield from shot("form")
    touch(find_key(app, "bulbs:+"))
    yield 0.06
    touch(find_key(app, "save"))
    yield Until("the walk again", lambda: enroll().form is None and model.notice)
    report["saved"] = {"notice": model.notice, "offer": enroll().offer,
                       "asking": (model.enrollment or {}).get("asking")}
    yield from shot("after")
    report["primary"]["after"] = _primary_buttons(enroll())
    touch(find_button(app, "Stop"))
    yield Until("back from enrollment", lambda: model.screen != "enroll")


def _primary_buttons(screen) -> list[str]:
    """The texts of the buttons drawn as the expected step (primary colour) that a finger can press on ``screen``."""
    from ui import theme
    from ui.widgets.buttons import TouchButton

    return [w.text for w in screen.walk() if isinstance(w, TouchButton) and not w.disabled and w.opacity > 0
            and list(w.base_colour) == list(theme.PRIMARY)]


SCENARIOS = {"content": content_scenario, "content-enroll": content_enroll_scenario, "page": page_scenario,
             "table": table_scenario, "lobby": lobby_scenario, "tour": tour_scenario, "privacy": _privacy_scenario}


def _more_scenarios() -> None:
    """Scenarios kept in their own modules (each screen's own), added here."""
    from boards_scenario import boards_scenario
    from check_scenario import check_scenario
    from phone_grid_scenario import phone_grid_scenario
    from phone_scenario import phone_scenario
    from playthrough_scenario import playthrough_scenario
    from refusal_scenario import refusal_scenario
    from stand_in_scenario import stand_ins_scenario
    from touch_scenario import touch_scenario

    SCENARIOS["check"] = check_scenario
    SCENARIOS["boards"] = boards_scenario
    SCENARIOS["phone"] = phone_scenario
    SCENARIOS["phone-grid"] = phone_grid_scenario
    SCENARIOS["playthrough"] = playthrough_scenario
    from desk_scenario import desk_scenario

    SCENARIOS["desk"] = desk_scenario
    SCENARIOS["touch-all"] = touch_scenario
    SCENARIOS["stand-ins"] = stand_ins_scenario
    SCENARIOS["refusals"] = refusal_scenario
    from offtable_scenario import offtable_more_scenario, offtable_private_scenario, offtable_scenario

    SCENARIOS["offtable"] = offtable_scenario
    SCENARIOS["offtable-private"] = offtable_private_scenario
    SCENARIOS["offtable-more"] = offtable_more_scenario
    from newgame_scenario import newgame_scenario

    SCENARIOS["newgame"] = newgame_scenario
    from popup_refit_scenario import popup_refit_scenario

    SCENARIOS["popup-refit"] = popup_refit_scenario


def main(argv: list[str] | None = None) -> int:
    _more_scenarios()
    # Scenarios touch a button in the frame its state came: a finger would come later. The
    # settle time (a slot ignores a touch just after it changed) is tested on its own.
    import ui.widgets.choices

    ui.widgets.choices.SETTLE = 0.0
    p = argparse.ArgumentParser()
    p.add_argument("scenario", choices=sorted(SCENARIOS))
    p.add_argument("--socket", required=True)
    p.add_argument("--out", type=Path, required=True, help="directory for the screenshots")
    p.add_argument("--report", type=Path, required=True)
    p.add_argument("--size", default="800x480")
    p.add_argument("--page", default="newgame", help="the page scenario's page")
    p.add_argument("--name", default="", help="the page scenario's screenshot name (default: the page)")
    p.add_argument("--px-per-mm", type=float, default=5.24, help="the panel's density (7\" 800×480: 5.24)")
    args = p.parse_args(argv)
    size = tuple(int(v) for v in args.size.split("x"))

    from ui.app import build_app

    app = build_app(args.socket, size=size)
    from kivy.clock import Clock

    report: dict = {"scenario": args.scenario, "ok": False, "px_per_mm": args.px_per_mm}
    scenario = SCENARIOS[args.scenario]
    if args.scenario == "page":
        steps = scenario(app, args.out, report, args.page, args.name)
    else:
        steps = scenario(app, args.out, report)
    runner = Runner(app, steps, report)
    Clock.schedule_interval(runner.tick, TICK)
    app.run()
    args.report.write_text(json.dumps(report, indent=2))
    return 0 if report["ok"] else 1


if __name__ == "__main__":
    sys.exit(main())
