"""The root widget: the screen manager with the notice banner floating above it, and the
filter that makes one finger one touch (:mod:`ui.touchfilter`)."""

from __future__ import annotations

import importlib

from kivy.factory import Factory
from kivy.properties import ListProperty, NumericProperty
from kivy.uix.floatlayout import FloatLayout
from kivy.uix.screenmanager import NoTransition, ScreenManager

from ui.backlight import find_backlight
from ui.screens.home import HomeScreen
from ui.screens.table import TableScreen
from ui.screens.waiting import WaitingScreen
from ui.touchfilter import Down, DuplicateFilter
from ui.widgets import banner  # noqa: F401  (kv uses NoticeBanner)


class InstantTransition(NoTransition):
    """Switches screens within the call: the screen left leaves the widget tree at once,
    with the same events as a finished :class:`NoTransition` (pre-enter/leave, enter,
    leave). Kivy's NoTransition waits for a zero-length animation on a later clock tick,
    and one started from a state message (the first after connecting) was seen never to
    run: the waiting screen stayed under the table, drawn (and seen through it) every
    frame (issue 17 item 10)."""

    def start(self, manager):
        super().start(manager)
        self._anim.cancel(self)
        self._on_complete()


class LazyScreenManager(ScreenManager):
    """A screen manager that builds a screen the first time it is asked for (shown, or
    ``get_screen``): the screens seldom used (New game, Settings, Card data, Enroll, Table
    check) cost nothing (memory, kv rules, a bar fade per state, their modules: see
    :func:`later`) until then (issue 17 item 10). Each reads the model's current state
    when built (see the screens' ``__init__``).

    Attributes:
        makers: screen name -> a callable returning that screen, for those not built yet.
    """

    def __init__(self, **kwargs):
        self.makers: dict = {}
        super().__init__(**kwargs)

    def get_screen(self, name):
        maker = self.makers.pop(name, None)
        if maker is not None:
            self.add_widget(maker())
        return super().get_screen(name)

    def has_screen(self, name):
        return name in self.makers or super().has_screen(name)


Factory.register("LazyScreenManager", cls=LazyScreenManager)


def later(module: str, name: str, *args):
    """A maker for :class:`LazyScreenManager`: imports ``module`` and builds its screen class
    ``name`` (with ``args``) when first asked for, so a screen seldom used costs neither its
    widgets nor its code (nor what only it imports) until then."""

    def make():
        return getattr(importlib.import_module(module), name)(*args)

    return make


#: Built, their modules imported, when first shown (and Settings, given the backlight); the
#: others (waiting, home, table) at once.
LATER = {"newgame": ("ui.screens.newgame", "NewGameScreen"), "enroll": ("ui.screens.enroll", "EnrollScreen"),
         "check": ("ui.screens.check", "CheckScreen"), "content": ("ui.screens.content", "ContentScreen"),
         "desk": ("ui.screens.desk", "DeskScreen"), "saved": ("ui.screens.saved", "SavedScreen"),  # issue 34
         "voice_settings": ("ui.screens.voice_settings", "VoiceSettingsScreen")}


class RootView(FloatLayout):
    """Holds the screens (rules in ``kv/app.kv``); ``show(name)`` switches.

    Attributes:
        dropped: how many touches were dropped as duplicates (for tests and the log).
        backlight: the display's backlight (:mod:`ui.backlight`), or None; found at start
            (the saved brightness is set back then), handed to the Settings screen.
        notice_place: where the notice banner goes on the table screen, ``[x, top, width,
            least height]`` in the window (``[]``: the page's top), and ``notice_font`` its
            text (sp at scale 1): kept by :class:`ui.notice_place.NoticePlace`.
        notice_copy_place: where the instruction the banner lies over shows again, under it
            (``[x, top, width, height]``, ``[]``: nowhere), and ``notice_copy_font`` its text.
    """

    notice_place = ListProperty([])
    notice_font = NumericProperty(22)
    #: The banner's padding above and under its words (dp at scale 1; less over the instruction).
    notice_pad = NumericProperty(10)
    notice_copy_place = ListProperty([])
    notice_copy_font = NumericProperty(32)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        screens = self.ids.screens
        screens.transition = InstantTransition()
        for screen in (WaitingScreen(), HomeScreen(), TableScreen()):
            screens.add_widget(screen)
        screens.makers.update({name: later(*where) for name, where in LATER.items()})
        self.backlight = find_backlight()
        screens.makers["settings"] = later("ui.screens.settings", "SettingsScreen", self.backlight)
        screens.current = "waiting"
        self.filter = DuplicateFilter()
        self.dropped = 0
        self._ignored: set = set()

    def show(self, name: str) -> None:
        """Switch to the screen called ``name``."""
        self.ids.screens.current = name

    # One finger, one touch: a second report of the same finger is swallowed whole. Bound
    # on the window (see watch), so open modal views (the keyboard) are covered too.
    def watch(self, window) -> None:
        """Filter every touch ``window`` delivers (its bound handlers run before its children)."""
        window.fbind("on_touch_down", self._down)
        window.fbind("on_touch_move", self._other)
        window.fbind("on_touch_up", self._up)

    def _down(self, _window, touch):
        source = str(getattr(touch, "device", "") or "")
        if self.filter.is_duplicate(Down(touch.time_start, touch.x, touch.y, source)):
            self._ignored.add(touch.uid)
            self.dropped += 1
            return True
        return False

    def _other(self, _window, touch):
        return touch.uid in self._ignored

    def _up(self, _window, touch):
        if touch.uid in self._ignored:
            self._ignored.discard(touch.uid)
            return True
        return False
