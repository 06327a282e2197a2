"""The screen's backlight through sysfs (``/sys/class/backlight/<name>/brightness``), where
the platform has one: the official Raspberry Pi 7" display (``rpi_backlight``, or
``10-0045`` under the KMS driver), ``10-raspberrypi-firmware`` and most laptop-style panels.
HDMI screens have none: :func:`find_backlight` returns None and the settings screen says
so. No Kivy import here; tests point ``root`` at a fake sysfs directory.

Writing ``brightness`` needs the udev rule in ``systemd/60-haunt-companion.rules`` (group
``video`` may write it) and, under the hardened ``haunt-companion-ui.service``, its
``ReadWritePaths=`` line (see docs/pi-setup.md).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

#: Where the kernel lists backlights.
SYSFS = Path("/sys/class/backlight")

#: Backlight names tried first (the Pi's own displays), then any other, by name.
PREFERRED = ("rpi_backlight", "10-0045", "10-raspberrypi-firmware")

#: The dimmest the settings screen goes, in percent: a black screen could not be
#: brightened again by touch.
MIN_PERCENT = 10


class BacklightError(OSError):
    """The backlight could not be read or written; ``permission`` says whether it was a
    matter of rights (the udev rule is missing)."""

    def __init__(self, message: str, permission: bool = False):
        super().__init__(message)
        self.permission = permission


@dataclass(frozen=True)
class Backlight:
    """One sysfs backlight directory (``brightness``, ``max_brightness``)."""

    path: Path

    @property
    def name(self) -> str:
        return self.path.name

    def _read(self, leaf: str) -> int:
        try:
            return int((self.path / leaf).read_text().strip())
        except (OSError, ValueError) as exc:
            raise BacklightError(f"cannot read {self.path / leaf}: {exc}") from exc

    def max_level(self) -> int:
        """The kernel's ``max_brightness`` (raw units, e.g. 255 or 31)."""
        return self._read("max_brightness")

    def level(self) -> int:
        """The raw ``brightness`` now."""
        return self._read("brightness")

    def percent(self) -> int:
        """Brightness now, 0–100 %."""
        return round(self.level() * 100 / max(1, self.max_level()))

    def set_percent(self, percent: float) -> int:
        """Set the brightness to ``percent`` (kept within :data:`MIN_PERCENT`–100 and at
        least one raw step) and return the percentage set.

        Raises:
            BacklightError: the file cannot be written (``permission`` True when it was
                refused: the udev rule is missing).
        """
        percent = max(MIN_PERCENT, min(100, round(percent)))
        top = self.max_level()
        level = max(1, round(percent * top / 100))
        target = self.path / "brightness"
        try:
            with open(target, "w") as out:
                out.write(f"{level}\n")
        except PermissionError as exc:
            raise BacklightError(f"no permission to write {target}", permission=True) from exc
        except OSError as exc:
            raise BacklightError(f"cannot write {target}: {exc}") from exc
        return round(level * 100 / max(1, top))


def find_backlight(root: Path = SYSFS) -> Backlight | None:
    """The screen's backlight under ``root``: a :data:`PREFERRED` name first, else the
    first by name that has ``brightness`` and a positive ``max_brightness``; None when
    there is none (HDMI screens, Xvfb, a desktop)."""
    try:
        entries = sorted(p for p in root.iterdir())
    except OSError:
        return None
    ranked = sorted(entries, key=lambda p: (PREFERRED.index(p.name) if p.name in PREFERRED else len(PREFERRED),
                                            p.name))
    for path in ranked:
        light = Backlight(path)
        try:
            if (path / "brightness").exists() and light.max_level() > 0:
                return light
        except BacklightError:
            continue
    return None
