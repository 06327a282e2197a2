"""A call for staff (issue 32): the table screen's "Call staff" button, staff's
acknowledgement (on the table screen, or from the venue through the broker), and a short
message staff send to the table screen. Every state carries :meth:`StaffCall.to_json` as
``staff``; nothing here touches the game."""

from __future__ import annotations

import time
import unicodedata
from typing import TYPE_CHECKING, Any

from companion.i18n import msg

if TYPE_CHECKING:
    from companion.daemon.links import Links

#: Longest message staff may show on a table screen, in characters.
MAX_MESSAGE = 140


class StaffCall:
    """Whether the table called staff, since when, and the message staff sent (if any)."""

    def __init__(self, clock=time.time):
        self.clock = clock
        self.since: float | None = None
        self.message: str | None = None

    @property
    def called(self) -> bool:
        return self.since is not None

    def call(self) -> bool:
        """Call staff; False when a call is already waiting (it keeps its time)."""
        if self.called:
            return False
        self.since = self.clock()
        return True

    def acknowledge(self) -> bool:
        """Staff came: the call and the message go. False when there was neither."""
        had = self.called or self.message is not None
        self.since, self.message = None, None
        return had

    def show(self, text: str | None) -> None:
        """Show ``text`` on the table screen (None or blank: take the message away)."""
        self.message = clean_message(text)

    def to_json(self) -> dict[str, Any]:
        return {"called": self.called, "since": None if self.since is None else round(self.since, 3),
                "message": self.message}


def clean_message(text: str | None) -> str | None:
    """``text`` as one line of at most :data:`MAX_MESSAGE` printable characters, or None; a
    longer one is cut after its last whole word that fits and ends in "…" (it was cut
    mid-word: "the game master starts the ne")."""
    if not isinstance(text, str):
        return None
    kept = "".join(c if unicodedata.category(c)[0] not in "CZ" or c == " " else " " for c in text)
    kept = " ".join(kept.split())
    if len(kept) > MAX_MESSAGE:
        head = kept[:MAX_MESSAGE - 1]  # and the "…"
        if kept[MAX_MESSAGE - 1] != " " and " " in head:  # its last word does not fit whole
            head = head.rsplit(" ", 1)[0]
        kept = head.rstrip(" ,;:.") + "…"
    return kept or None


def staff_command(staff: StaffCall, links: Links, name: str, text: str | None = None):
    """``call_staff``, ``staff_ack`` or ``message`` (from the table screen's socket, or the
    venue's broker), on the input worker (``links``): the ``staff`` call changes, every screen
    is told. An awaitable of ``(ok, why)``; the game is never touched."""
    def run() -> tuple[bool, str]:  # a Msg: said in the table's language in the ack
        if name == "call_staff":
            changed, why = staff.call(), msg("staff were already called")
        elif name == "staff_ack":
            changed, why = staff.acknowledge(), msg("no call for staff was waiting")
        elif name == "message":
            before = staff.message
            staff.show(text)
            changed, why = staff.message != before, msg("that message is already shown")
        else:
            return False, msg("{command} is not a staff command", command=repr(name)[:40])
        if changed:
            links.publish()
        return True, "" if changed else why

    return links.in_order(run)
