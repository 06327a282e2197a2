"""The touchscreen's own settings (not the daemon's): screen rotation and brightness, kept
in ``ui.json`` in the UI user's config folder (platformdirs: ``~/.config/haunt-companion``;
``$HAUNT_UI_SETTINGS`` names another file). No Kivy import here.

Each screen keeps its own: they are about the glass, not the game.
"""

from __future__ import annotations

import json
import logging
import os
from dataclasses import asdict, dataclass
from pathlib import Path

log = logging.getLogger(__name__)

#: Rotations Kivy's window takes, in degrees clockwise.
ROTATIONS = (0, 90, 180, 270)


@dataclass(frozen=True)
class UISettings:
    """Attributes:
        rotation: degrees, one of :data:`ROTATIONS`.
        brightness: percent set last on this screen, or None (never set: left as it is).
    """

    rotation: int = 0
    brightness: int | None = None


def settings_path() -> Path:
    """``$HAUNT_UI_SETTINGS``, else ``ui.json`` in platformdirs' user config dir."""
    if os.environ.get("HAUNT_UI_SETTINGS"):
        return Path(os.environ["HAUNT_UI_SETTINGS"])
    from platformdirs import user_config_path

    return user_config_path("haunt-companion") / "ui.json"


def load(path: Path | None = None) -> UISettings:
    """The settings in ``path`` (default :func:`settings_path`); defaults for a missing or
    broken file, or for a value out of range (logged, never fatal: the screen must start)."""
    path = path or settings_path()
    try:
        raw = json.loads(path.read_text())
    except FileNotFoundError:
        return UISettings()
    except (OSError, ValueError) as exc:
        log.warning("ignoring the screen settings in %s: %s", path, exc)
        return UISettings()
    if not isinstance(raw, dict):
        return UISettings()
    rotation = raw.get("rotation", 0)
    if rotation not in ROTATIONS or isinstance(rotation, bool):
        rotation = 0
    brightness = raw.get("brightness")
    if not isinstance(brightness, int) or isinstance(brightness, bool) or not 0 <= brightness <= 100:
        brightness = None
    return UISettings(rotation, brightness)


def save(settings: UISettings, path: Path | None = None) -> Path:
    """Write ``settings`` to ``path`` (default :func:`settings_path`) atomically (a power cut
    leaves the old file or the new one). Returns the path.

    Raises:
        OSError: the folder cannot be made or written.
    """
    path = path or settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    with open(tmp, "w") as out:
        json.dump(asdict(settings), out)
        out.flush()
        os.fsync(out.fileno())
    os.replace(tmp, path)
    return path
