"""Entry point of the touchscreen client: :func:`run_app`.

Importing this module does not import Kivy; :func:`configure_kivy` sets Kivy up (no argv
parsing, window size) right before the app module is imported.
"""

from __future__ import annotations

import os
import threading
from pathlib import Path

from companion.errors import CompanionError

#: Window size in pixels when none is given: the Raspberry Pi 7" touchscreen.
DEFAULT_SIZE = (800, 480)


class WindowUnavailable(CompanionError):
    """Kivy could not open a window (no usable OpenGL, no display server); the message is
    one line saying why."""


def open_window():
    """Make Kivy's window now (after :func:`configure_kivy`) and return it.

    Kivy's own log of the attempt (an ERROR with a traceback for a missing libmtdev, a
    CRITICAL with tracebacks when no window provider loads) stays out of the terminal unless
    debug logging is on; what went wrong is said in one line instead.

    Raises:
        WindowUnavailable: no window provider could open a window.
    """
    import logging

    problem = display_problem(dict(os.environ))
    if problem:  # before SDL: with a display nobody answers on it can wait for a minute
        raise WindowUnavailable(problem)
    kivy_log = logging.getLogger("kivy")
    kept = _Keep()
    quiet = not logging.getLogger().isEnabledFor(logging.DEBUG)
    propagate = kivy_log.propagate
    kivy_log.addHandler(kept)
    kivy_log.propagate = propagate and not quiet
    try:
        from kivy.core.window import Window
    finally:
        kivy_log.removeHandler(kept)
        kivy_log.propagate = propagate
    if Window is None:
        raise WindowUnavailable(window_problem(kept.records))
    return Window


#: Seconds a display server may take to accept a connection, in :func:`display_problem`.
DISPLAY_WAIT = 2.0


def display_problem(env: dict[str, str], wait: float = DISPLAY_WAIT) -> str | None:
    """Why no window can open on the display ``env`` names (``DISPLAY``, ``WAYLAND_DISPLAY``):
    nothing answers there within ``wait`` seconds. None when one answers, or when neither is
    set (the Pi's kiosk: SDL's own console driver)."""
    named = [(name, env[name]) for name in ("WAYLAND_DISPLAY", "DISPLAY") if env.get(name)]
    if not named:
        return None
    failures = []
    for name, value in named:
        why = _unreachable(name, value, env, wait)
        if why is None:
            return None
        failures.append(f"{name}={value}: {why}")
    return (f"the table window cannot open: no display server answers ({'; '.join(failures)}); "
            f"start the desktop, or set DISPLAY to a display that runs")


def _unreachable(name: str, value: str, env: dict[str, str], wait: float) -> str | None:
    """Why the display ``value`` does not accept a connection, or None when it does."""
    import re
    import socket

    if name == "WAYLAND_DISPLAY":
        path = value if value.startswith("/") else os.path.join(env.get("XDG_RUNTIME_DIR") or "/run/user", value)
        return _try([(socket.AF_UNIX, path)], wait)
    match = re.fullmatch(r"(?:(unix|[^:/]*)/)?([^:]*):(\d+)(?:\.\d+)?", value)
    if match is None:
        return None if value.startswith("/") else "not a display name"  # macOS launchd paths: SDL's business
    host, number = match[2], int(match[3])
    if host in ("", "unix"):
        local = f"/tmp/.X11-unix/X{number}"
        return _try([(socket.AF_UNIX, "\0" + local), (socket.AF_UNIX, local)], wait, _X11_HELLO)
    return _try([(socket.AF_INET, (host, 6000 + number))], wait, _X11_HELLO)


#: An X11 connection set-up with no authorisation (little-endian, protocol 11.0): every X
#: server answers it (success, failure or "authenticate"), whatever its access rules.
_X11_HELLO = b"l\x00\x0b\x00\x00\x00\x00\x00\x00\x00\x00\x00"


def _try(addresses, wait: float, hello: bytes = b"") -> str | None:
    """None when one of ``addresses`` accepts a connection (and answers ``hello``) within
    ``wait`` s, else why not."""
    import socket

    reasons = []
    for family, address in addresses:
        try:
            with socket.socket(family, socket.SOCK_STREAM) as probe:
                probe.settimeout(wait)
                probe.connect(address)
                if hello:
                    probe.sendall(hello)
                    if probe.recv(1) not in (b"\x00", b"\x01", b"\x02"):  # Failed, Success, Authenticate
                        raise ConnectionResetError(0, "something answers there, but not an X server")
                return None
        except TimeoutError:
            reasons.insert(0, f"no answer within {wait:g} s")
        except (FileNotFoundError, ConnectionRefusedError):
            reasons.append("nothing runs there")  # the least telling reason
        except OSError as exc:
            reasons.insert(0, exc.strerror or str(exc))
    return reasons[0] if reasons else "nothing runs there"


class _Keep:
    """A logging handler that keeps the records it gets (Kivy's, while the window opens)."""

    level = 0

    def __init__(self):
        self.records: list = []

    def handle(self, record) -> None:
        self.records.append(record)


def window_problem(records) -> str:
    """The one-line reason for a window that did not open, from Kivy's log ``records``
    (each failed provider's "sdl2 - ImportError: .../libGL.so.1: file too short")."""
    import re

    causes = [f"{m[1]}: {m[3]}" for record in records if record.levelno >= 50
              for m in re.finditer(r"^(\w+) - (\w+): (.+)$", record.getMessage(), re.MULTILINE)]
    detail = "; ".join(causes) or "no window provider loaded"
    return (f"the table window cannot open: Kivy found no working window with OpenGL ({detail}); "
            f"check the graphics driver (glxinfo -B), or use a desktop with OpenGL")


def configure_kivy(size: tuple[int, int] = DEFAULT_SIZE, fullscreen: bool = False, kiosk: bool = False) -> None:
    """Set Kivy's options; takes effect only before Kivy's window exists.

    Args:
        size: window width and height in pixels.
        fullscreen: take the whole screen (the Pi); ``size`` is then ignored.
        kiosk: the Pi's table screen: Kivy's settings are those of ``$KIVY_HOME/config.ini``
            (systemd/kivy/config.ini: one touch provider, no cursor, Escape does not quit),
            left as they are.
    """
    os.environ["KIVY_NO_ARGS"] = "1"
    os.environ.setdefault("KIVY_LOG_MODE", "PYTHON")
    import logging

    if not kiosk and not logging.getLogger().isEnabledFor(logging.DEBUG):
        # A terminal shows the companion's own lines, not Kivy's start-up report nor its
        # first-run notes ("Older configuration version detected"); the kiosk's journal
        # keeps them, and so does -v.
        logging.getLogger("kivy").addFilter(lambda record: record.levelno >= logging.ERROR)
    from kivy.config import Config

    if kiosk:
        return

    # As the kiosk's config.ini: a state message from the link's thread wakes the clock
    # at once (not after up to a frame of sleep), and no multisampling (with the software
    # renderer of Xvfb it made every frame about 4 times slower and 11 MiB bigger).
    Config.set("kivy", "kivy_clock", "interrupt")
    Config.set("graphics", "multisamples", "0")
    Config.set("graphics", "width", str(int(size[0])))
    Config.set("graphics", "height", str(int(size[1])))
    Config.set("graphics", "fullscreen", "auto" if fullscreen else "0")
    Config.set("graphics", "maxfps", "30")
    Config.set("input", "mouse", "mouse,multitouch_on_demand")
    Config.set("kivy", "exit_on_escape", "0")  # Escape asks first (ui.widgets.laptop_keys, issue 31)


def build_app(socket_path: str | Path, stop_event: threading.Event | None = None,
              linger: float = 0.0, screenshot: str | Path | None = None,
              size: tuple[int, int] = DEFAULT_SIZE, fullscreen: bool = False, kiosk: bool = False,
              first_page: str | None = None):
    """Configure Kivy, open its window and make the :class:`~ui.companion_app.CompanionApp`
    (not yet running); Kivy's text provider opens one font per whole size
    (:func:`ui.memory.share_font_sizes`) and remembers what it measured
    (:func:`ui.extents.remember_extents`); labels keep the textures of their last looks
    (:func:`ui.textures.remember_textures`).

    Args: as :func:`run_app`.

    Raises:
        WindowUnavailable: the window cannot open (:func:`open_window`).
    """
    configure_kivy(size, fullscreen, kiosk)
    open_window()
    from ui.extents import remember_extents
    from ui.memory import share_font_sizes
    from ui.textures import remember_textures

    share_font_sizes()
    remember_extents()
    remember_textures()
    if not kiosk:  # a laptop's keyboard: Escape asks before closing, typing fills the on-screen keyboard
        from ui.widgets.laptop_keys import install

        install()
    from ui.companion_app import CompanionApp

    return CompanionApp(socket_path, stop_event=stop_event, linger=linger, screenshot=screenshot,
                        first_page=first_page)


def stop_after(seconds: float | None) -> threading.Event | None:
    """An event set after ``seconds`` (``run_app``'s window closes then; ``--exit-after``), or None."""
    if seconds is None:
        return None
    stop = threading.Event()
    timer = threading.Timer(seconds, stop.set)
    timer.daemon = True
    timer.start()
    return stop


def run_app(socket_path: str | Path, stop_event: threading.Event | None = None,
            linger: float = 0.0, screenshot: str | None = None, *,
            size: tuple[int, int] = DEFAULT_SIZE, fullscreen: bool = False, kiosk: bool = False,
            first_page: str | None = None) -> None:
    """Run the touchscreen client in the calling (main) thread until its window closes.

    Connects to the daemon at ``socket_path`` through ``companion.client.Client``, retrying
    until it answers ("Waiting for the companion…") and again whenever it goes away.

    Args:
        socket_path: the daemon's Unix socket.
        stop_event: when set (from any thread), the window closes ``linger`` seconds later.
        linger: seconds to keep the window open after ``stop_event`` is set.
        screenshot: save a PNG of the window at this path just before it closes.
        size: window width and height in pixels.
        fullscreen: use the whole screen.
        kiosk: take Kivy's settings from ``$KIVY_HOME/config.ini`` (see :func:`configure_kivy`).
        first_page: the page to show once a game is on the table (``"table"``: the demo and
            ``companion play`` open on the game, not on the Home screen).

    Raises:
        WindowUnavailable: the window cannot open (:func:`open_window`).
    """
    build_app(socket_path, stop_event, linger, screenshot, size, fullscreen, kiosk, first_page).run()
