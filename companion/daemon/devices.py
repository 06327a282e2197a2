"""The table's devices as the daemon knows them (issue 27): each reader's status and
drop-outs (told by the reader supervisor), whether a dice button is open, and the tag
feedback (buzzer/LED) to call for each tap."""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from typing import Any

from companion import inputs
from companion.daemon.reader_news import driver_words, reader_status
from companion.inputs import Input, Press, Remove, Tap

log = logging.getLogger(__name__)


class TableDevices:
    """Readers, dice button and tag feedback.

    Args:
        reader_roles: reader name -> role.
        soon: runs a function on the daemon's loop (thread-safe: ``loop.call_soon_threadsafe``).
        notify: shows a notice on every screen (``text``, ``level``).
        publish: sends the current state to every screen.
        dice_button: a dice button is on the table from the start (the replays' simulated one).

    Attributes:
        readers: reader name -> ``{"online", "detail"}`` as last told (on the loop).
        dropouts: reader name -> drop-outs since start (issue 30).
        dice_button: a dice button is open (else a sentence that asks for it names the
            screen's button instead, issue 17 item 7).
        on_tag: called with True (recognised) or False (unknown) for each tap, before the
            rules see it (:class:`hardware.feedback.TagFeedback`), or None.
    """

    def __init__(self, reader_roles: Mapping[str, str], soon: Callable[..., Any], notify: Callable[..., None],
                 publish: Callable[[], None], dice_button: bool = False):
        self._roles, self._soon, self._notify, self._publish = reader_roles, soon, notify, publish
        self.readers: dict[str, dict[str, Any]] = {}
        self.dropouts: dict[str, int] = {}
        self.dice_button = dice_button
        self.on_tag: Callable[[bool], None] | None = None

    def opened(self, dice_button: bool, on_tag: Callable[[bool], None] | None) -> None:
        """The table's hardware is open (:class:`~companion.daemon.table_hardware.TableHardware`):
        whether a dice button is, and the tag feedback's call (or None)."""
        self.dice_button = self.dice_button or dice_button
        if on_tag is not None:
            self.on_tag = on_tag

    def on_status(self, name: str, online: bool, detail: str) -> None:
        """Reader-supervisor callback: a reader went offline or came back. Thread-safe."""
        def tell() -> None:
            self.readers[name] = {"online": online, "detail": driver_words(detail)}
            self._notify(reader_status(name, self._roles.get(name), online, detail), "info" if online else "error")
            self._publish()

        self._soon(tell)

    def on_dropout(self, name: str, dropouts: int) -> None:
        """Reader-supervisor callback: reader ``name`` dropped out, ``dropouts`` times since
        start (the state's ``hardware.readers[].dropouts``; no notice of its own). Thread-safe."""
        def count() -> None:
            self.dropouts[name] = dropouts

        self._soon(count)

    def tag_seen(self, known: bool) -> None:
        """Tell the buzzer/LED whether a tap named a component (before the rules run)."""
        if self.on_tag is None:
            return
        try:
            self.on_tag(known)
        except Exception:  # feedback is optional: it must never cost an input
            log.exception("tag feedback failed")


def presence_input(event) -> Input:
    """The input of a reader runner's :class:`TagPresented` or :class:`TagRemoved`."""
    from hardware.nfc.base import TagPresented

    if not isinstance(event, TagPresented):
        return Remove(event.reader)
    uid = event.uid.hex().upper()
    ndef = inputs.clean_text(event.ndef) if len(event.uid) == 7 else None
    problem = inputs.clean_text(event.ndef_problem) if len(event.uid) == 7 and ndef is None else None
    return Tap(uid, event.reader, ndef, problem)


def dice_input(held: float) -> Press:
    """The input of a dice-button release after ``held`` seconds."""
    return Press("dice", round(held, 3))
