"""One finger = one touch: drops a touch that another input provider already reported.

On the Pi a finger can arrive twice, e.g. through the ``mtdev`` provider and through
``hidinput``/``probesysfs`` for the same panel, or as a touch and an emulated mouse click:
two touch-down events a few milliseconds apart at (nearly) the same place. Without a
filter a button would fire twice and the on-screen keyboard would type letters twice.
No Kivy here: :class:`RootView` asks :meth:`DuplicateFilter.is_duplicate` for each
touch-down.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass

#: Two touch-downs closer than this in time (seconds) ...
SAME_TIME = 0.12
#: ... and in space (pixels) are one finger, when they come from different sources.
SAME_PLACE = 24.0


@dataclass(frozen=True)
class Down:
    """A touch-down: when (seconds), where (pixels) and which provider/device sent it."""

    time: float
    x: float
    y: float
    source: str


class DuplicateFilter:
    """Remembers recent touch-downs; a second one from another source at the same time and
    place is a duplicate. Touches from the same source never are (two real fingers of one
    provider always have two ids).
    """

    def __init__(self, same_time: float = SAME_TIME, same_place: float = SAME_PLACE):
        self.same_time, self.same_place = same_time, same_place
        self._recent: deque[Down] = deque(maxlen=16)

    def is_duplicate(self, down: Down) -> bool:
        """True when ``down`` repeats a recent touch-down of another source (then it is not
        remembered); otherwise remember it and return False."""
        for seen in self._recent:
            if (seen.source != down.source and abs(down.time - seen.time) <= self.same_time
                    and (down.x - seen.x) ** 2 + (down.y - seen.y) ** 2 <= self.same_place ** 2):
                return True
        self._recent.append(down)
        return False
