"""Entry point of the touchscreen client: :func:`run_app`.

Importing this module does not import Kivy; :func:`configure_kivy` sets Kivy up (no argv
parsing, window size) right before the app module is imported.
"""

from __future__ import annotations

import os
import threading
from pathlib import Path

#: Window size in pixels when none is given: the Raspberry Pi 7" touchscreen.
DEFAULT_SIZE = (800, 480)


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
    Config.set("kivy", "exit_on_escape", "1")


def build_app(socket_path: str | Path, stop_event: threading.Event | None = None,
              linger: float = 0.0, screenshot: str | Path | None = None,
              size: tuple[int, int] = DEFAULT_SIZE, fullscreen: bool = False, kiosk: bool = False):
    """Configure Kivy and make the :class:`~ui.companion_app.CompanionApp` (not yet running).

    Args: as :func:`run_app`.
    """
    configure_kivy(size, fullscreen, kiosk)
    from ui.companion_app import CompanionApp

    return CompanionApp(socket_path, stop_event=stop_event, linger=linger, screenshot=screenshot)


def run_app(socket_path: str | Path, stop_event: threading.Event | None = None,
            linger: float = 0.0, screenshot: str | None = None, *,
            size: tuple[int, int] = DEFAULT_SIZE, fullscreen: bool = False, kiosk: bool = False) -> None:
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
    """
    build_app(socket_path, stop_event, linger, screenshot, size, fullscreen, kiosk).run()
