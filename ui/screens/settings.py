"""Settings: the table's language, the screen (brightness where the display has a
backlight, :mod:`ui.backlight`; rotation, kept in the screen's own settings file,
:mod:`ui.uisettings`), the readers (role, online or offline, last read, reads per minute),
a dice button test, enrolling a game's tags, and about (version, data and log places)."""

from __future__ import annotations

from kivy.app import App
from kivy.clock import Clock
from kivy.properties import BooleanProperty, NumericProperty, ObjectProperty, StringProperty
from kivy.uix.screenmanager import Screen

from ui import uisettings
from ui.backlight import BacklightError, find_backlight
from ui.hardware import can_enroll, dice_button, no_reader_text
from ui.kvloader import load_kv
from ui.readers import reader_list, reader_words, role_named, role_words
from ui.text import ago_text, path_lines, short_title
from ui.widgets import buttons  # noqa: F401  (kv uses TouchButton)

#: Seconds between refreshes of the "last read" times while the screen shows.
REFRESH = 1.0

#: Percent the Dimmer and Brighter buttons move the backlight.
BRIGHTNESS_STEP = 10


def apply_saved(window, settings: uisettings.UISettings, backlight) -> None:
    """At start: turn ``window`` as the screen's settings say and bring the backlight back
    to the brightness set last (the firmware resets it at boot); a backlight that refuses
    is left as it is."""
    if settings.rotation in uisettings.ROTATIONS and window.rotation != settings.rotation:
        window.rotation = settings.rotation
    if backlight is not None and settings.brightness is not None:
        try:
            backlight.set_percent(settings.brightness)
        except BacklightError:
            pass


def readers_markup(readers: dict, roles: dict, activity, _, hardware: dict | None = None) -> str:
    """One line per reader (:func:`ui.readers.reader_list`, as the home screen): name, role,
    working, not reported yet or OFFLINE (with why), last read, reads per minute, and the
    last UID when the daemon showed it (never during a game)."""
    lines = []
    for reader in reader_list(readers, hardware, roles):
        name = reader["name"]
        seen = activity.readers.get(name)
        last = _("last read {ago}", ago=ago_text(activity.ago(name), _)) if seen else _("nothing read yet")
        line = _("{name} ({role}): {state} · {last} · {n}/min", name=reader_words(reader, _),
                 role=_reader_role(reader, _), state=_reader_state(reader, _), last=last,
                 n=activity.per_minute(name))
        if reader.get("dropouts"):  # issue 30: times it went offline since the daemon started
            line += " · " + _("drop-outs since start: {n}", n=reader["dropouts"])
        if seen and seen.last:
            line += f" · UID {seen.last}"
        lines.append(line)
    return "\n".join(lines) or no_reader_text(hardware or {}, _)


def broker_text(hardware: dict, _) -> str:
    """The venue broker's line (issue 32; "" without ``[mqtt]``): where, which table, and
    whether the table is connected (with why not, and the states waiting)."""
    broker = (hardware or {}).get("broker")
    if not isinstance(broker, dict):
        return ""
    where = _("Venue broker {broker}, table {table}", broker=broker.get("broker", "?"), table=broker.get("table", "?"))
    if broker.get("connected"):
        return where + ": " + _("connected")
    line = where + ": " + _("NOT CONNECTED")
    if broker.get("problem"):
        line += f" ({broker['problem']})"
    if broker.get("queued"):
        line += " · " + _("{n} states waiting", n=broker["queued"])
    return line


def _reader_role(reader: dict, _) -> str:
    """What a reader reads, in words ("cards reader", "any piece"); a virtual one says so."""
    if role_named(reader):
        return _("virtual")
    role = role_words(reader["role"], _)
    return _("{role}, virtual", role=role) if reader["virtual"] else role


def _reader_state(reader: dict, _) -> str:
    if reader["online"] is False:
        return _("OFFLINE: {detail}", detail=reader["detail"])
    return _("working") if reader["online"] else _("not reported yet")


def dice_text(activity, _) -> str:
    """What the dice button test says: the last press and how long it was held."""
    seen = activity.buttons.get("dice")
    if seen is None or not seen.times:
        return _("Press the dice button: each press shows here.")
    return _("Dice button pressed {ago}, held {seconds} s.", ago=ago_text(activity.ago("dice", True), _),
             seconds=format(seen.last or 0.0, ".2f"))


class SettingsScreen(Screen):
    """Attributes:
        readers_text, dice_text, about_text: the sections' words (refreshed once a second
        while the screen shows, and at every read).
    """

    readers_text = StringProperty("")
    dice_text = StringProperty("")
    #: The table has a dice button (or the daemon does not say): the dice test shows.
    has_dice = BooleanProperty(True)
    #: Enrollment can run: True, False (no reader configured), None (the daemon does not say).
    can_enroll = ObjectProperty(None, allownone=True)
    about_text = StringProperty("")
    #: The display has a backlight this client can see; ``brightness``: its percent now.
    has_backlight = BooleanProperty(False)
    brightness = NumericProperty(0)
    #: The window's rotation, degrees.
    rotation = NumericProperty(0)

    def __init__(self, backlight=None, **kwargs):
        load_kv("settings")
        super().__init__(name="settings", **kwargs)
        self._tick = None
        self.backlight = backlight if backlight is not None else find_backlight()
        self.has_backlight = self.backlight is not None
        app = App.get_running_app()
        app.model.bind(readers=self.refresh, about=self.refresh, activity=self.refresh, hardware=self.refresh)
        app.tr.on_switch(lambda _lang: self._enroll_buttons())
        app.tr.on_switch(lambda _lang: self.refresh())
        app.model.bind(catalogue=self._enroll_buttons)
        # a resized or rotated window: the buttons at the new scale (issue 29: 26 px made at
        # 800x480 stayed 26 px, 17 at the scale of 720x1280)
        app.bind(scale=self._enroll_buttons, portrait=self._enroll_buttons)
        # built on first use (ui.root.LazyScreenManager): what came before, now
        self._enroll_buttons()
        self.refresh()

    def _enroll_buttons(self, *_args) -> None:
        """One "enroll this game's pieces" button per game."""
        from kivy.metrics import dp, sp

        from ui.widgets.buttons import TouchButton, wrapped

        app = App.get_running_app()
        grid = self.ids.enroll
        grid.clear_widgets()
        for game in (app.model.catalogue or {}).get("games") or []:
            button = wrapped(TouchButton(text=short_title(game["title"]), key=game["id"], size_hint_y=None,
                                         height=dp(72 if app.portrait else 56) * app.scale,
                                         font_size=sp(26) * app.scale))
            button.bind(on_release=lambda b: app.enroll("enroll_start", game=b.key))
            grid.add_widget(button)

    # ------------------------------------------------------------------ the screen itself

    def _saved(self) -> uisettings.UISettings:
        return getattr(App.get_running_app(), "ui_settings", None) or uisettings.UISettings()

    def _save(self, settings: uisettings.UISettings) -> None:
        app = App.get_running_app()
        app.ui_settings = settings
        try:
            uisettings.save(settings)
        except OSError as exc:
            app.show_notice(app.tr._("The screen settings could not be saved: {problem}", problem=str(exc)), "error")

    def change_brightness(self, step: float) -> None:
        """Dimmer (``step`` < 0) or Brighter; a refusal says what to install."""
        if self.backlight is None:
            return
        app = App.get_running_app()
        try:
            self.brightness = self.backlight.set_percent(self.backlight.percent() + step)
        except BacklightError as exc:
            if exc.permission:
                text = app.tr._("This screen may not change the brightness: install the udev rule "
                                "(see docs/pi-setup.md).")
            else:
                text = app.tr._("The brightness could not be changed: {problem}", problem=str(exc))
            app.show_notice(text, "error")
            return
        saved = self._saved()
        self._save(uisettings.UISettings(saved.rotation, int(self.brightness)))

    def rotate(self, degrees: int) -> None:
        """Turn the picture ``degrees`` clockwise (0, 90, 180, 270) and remember it."""
        from kivy.core.window import Window

        if degrees not in uisettings.ROTATIONS:
            return
        Window.rotation = degrees
        self.rotation = degrees
        saved = self._saved()
        self._save(uisettings.UISettings(degrees, saved.brightness))

    def _read_screen(self) -> None:
        from kivy.core.window import Window

        self.rotation = Window.rotation
        if self.backlight is not None:
            try:
                self.brightness = self.backlight.percent()
            except BacklightError:
                self.has_backlight = False

    def on_pre_enter(self, *_args) -> None:
        self._read_screen()
        self.refresh()
        self._tick = Clock.schedule_interval(self.refresh, REFRESH)

    def on_leave(self, *_args) -> None:
        if self._tick is not None:
            self._tick.cancel()
            self._tick = None

    def refresh(self, *_args) -> None:
        app = App.get_running_app()
        model, _ = app.model, app.tr._
        about = model.about or {}
        self.readers_text = "\n".join(filter(None, [
            readers_markup(dict(model.readers), about.get("reader_roles") or {}, model.activity, _,
                           dict(model.hardware)),
            broker_text(dict(model.hardware), _)]))
        self.has_dice = dice_button(dict(model.hardware)) is not False
        self.can_enroll = can_enroll(dict(model.hardware), reader_list(dict(model.readers), dict(model.hardware),
                                                                         about.get("reader_roles") or {}))
        self.dice_text = dice_text(model.activity, _)
        self.about_text = "\n".join([
            _("Haunt Companion version {version}", version=about.get("version", "?")),
            _("Games are saved in {path}", path=path_lines(str(about.get("database", "?")))),
            _("Logs: {where}", where=about.get("logs", "?")),
            _("Daemon socket: {path}", path=path_lines(str(app.socket_path))),
        ])
