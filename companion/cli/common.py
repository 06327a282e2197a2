"""What the ``companion`` commands share: exit codes, the usage error, argument types."""

from __future__ import annotations

import argparse
import os

from companion.errors import CompanionError

EXIT_BAD_SCRIPT = 2

#: ``companion replay``: the game refused a line the script did not expect it to refuse.
EXIT_REFUSED = 1

#: A path the command was given cannot be used, and nothing was changed
#: (:class:`companion.errors.UnusablePath`: a path refused, another program's database, a
#: folder that cannot be written, a store or socket another companion holds): as a usage error.
EXIT_BAD_PATH = 2

#: A client command finds no daemon to talk to (like ``companion tap``).
EXIT_NO_DAEMON = 2



class UsageError(CompanionError):
    """A command line that asks for something impossible (exit 2)."""


def speed(text: str) -> float:
    """A ``--speed`` factor: a finite number above 0."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if not 0 < value < float("inf"):
        raise argparse.ArgumentTypeError(f"the speed is a number above 0, not {text}")
    return value


def seconds(name: str, low: float, high: float):
    """An argparse type for a number of seconds from ``low`` to ``high`` (``--wait``, ``--hold``)."""
    def parse(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"the {name} is {low:g} to {high:g} seconds, not {text}")
        return value
    return parse


wait = seconds("wait", 1, 120)
hold = seconds("hold", 0, 120)


def has_display() -> bool:
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))
