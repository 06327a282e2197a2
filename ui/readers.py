"""What the settings screen says about each reader and the dice button, from the daemon's
``input`` messages (a tap or a press as it arrives). No Kivy here."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field

#: Reads per minute count the reads of the last this many seconds.
WINDOW = 60.0
#: The reader names the companion gives itself, said in the table's words (their Italian
#: is in the catalogue through :func:`companion.readers.shown_name`).
DEFAULT_NAMES = ("table", "cards", "tiles")


@dataclass
class Seen:
    """One reader's (or button's) recent activity: monotonic times of its reads in the last
    :data:`WINDOW` seconds, the time of its last read (kept when the window empties: the
    screen said "last read · 0/min" a minute after a read), and the last UID or hold time
    it reported."""

    times: deque = field(default_factory=deque)
    last: str | float | None = None
    at: float | None = None


class ReaderActivity:
    """Counts reads per reader and presses per button.

    Args:
        clock: monotonic seconds (tests pass a fake).
    """

    def __init__(self, clock: Callable[[], float]):
        self.clock = clock
        self.readers: dict[str, Seen] = {}
        self.buttons: dict[str, Seen] = {}

    def seen(self, message: dict) -> None:
        """Record an ``input`` message (``kind`` tap with ``reader``/``uid``, or press with
        ``button``/``held``)."""
        if message.get("kind") == "tap":
            entry = self.readers.setdefault(str(message.get("reader")), Seen())
            entry.last = message.get("uid")
        elif message.get("kind") == "press":
            entry = self.buttons.setdefault(str(message.get("button")), Seen())
            entry.last = message.get("held")
        else:
            return
        entry.at = self.clock()
        entry.times.append(entry.at)

    def per_minute(self, name: str) -> int:
        """Reads of reader ``name`` in the last :data:`WINDOW` seconds."""
        entry = self.readers.get(name)
        if entry is None:
            return 0
        now = self.clock()
        while entry.times and now - entry.times[0] > WINDOW:
            entry.times.popleft()
        return len(entry.times)

    def ago(self, name: str, button: bool = False) -> float | None:
        """Seconds since reader (or button) ``name`` last reported, or None."""
        entry = (self.buttons if button else self.readers).get(name)
        return self.clock() - entry.at if entry and entry.at is not None else None


def reader_list(readers: dict, hardware: dict | None = None, roles: dict | None = None) -> list[dict]:
    """Every reader the daemon has, one way for the Home and Settings screens (issue 18:
    they disagreed): ``{"name", "role", "online", "detail", "virtual"}`` from the state's
    ``hardware`` readers, its ``readers`` reports and the ``about`` answer's roles, sorted
    by name; ``online`` is None while a reader has not reported yet."""
    listed = {r["name"]: dict(r) for r in (hardware or {}).get("readers") or [] if "name" in r}
    for name in set(readers) | set(roles or {}):
        listed.setdefault(name, {"name": name, "role": (roles or {}).get(name), "virtual": False})
    for name, entry in listed.items():
        status = readers.get(name)
        entry["online"] = bool(status.get("online")) if status else None
        entry["detail"] = str((status or {}).get("detail") or "")
        entry["virtual"] = bool(entry.get("virtual"))
    return [listed[name] for name in sorted(listed)]


def reader_words(reader: dict, _) -> str:
    """A reader as the screens name it: a configured reader by the owner's name; a virtual
    reader, named after its role (``cards``, ``virtual-tiles``), in words: "cards reader",
    "lettore delle carte" (issue 26: "Lettori virtuali: cards, tiles")."""
    if role_named(reader):
        return role_words(reader["role"], _)
    return shown_name(str(reader["name"]), _)


def shown_name(name: str, _) -> str:
    """A reader's name in the table's words when the companion gave it (the shipped config's
    ``cards`` and ``tiles``, a script's ``table``: "carte", "tessere", "tavolo", issue 29); an
    owner's name as entered (:func:`companion.readers.shown_name`, the daemon's side)."""
    return _(name) if name in DEFAULT_NAMES else name


def role_named(reader: dict) -> bool:
    """A virtual reader whose name is only its role (:func:`companion.daemon.taps.plan`)."""
    role = reader.get("role")
    return bool(reader.get("virtual")) and reader.get("name") in (role, f"virtual-{role}")


def role_words(role: str | None, _) -> str:
    """A reader role in the table's words: "cards reader", "tiles reader"; no role: "any piece"."""
    if role == "cards":
        return _("cards reader")
    if role == "tiles":
        return _("tiles reader")
    return role or _("any piece")
