"""What a :class:`~companion.daemon.core.Daemon` is given at construction (issue 27): the
config's parts it uses and what its builder knows before the socket opens. Nothing of these
is set on the daemon from outside afterwards."""

from __future__ import annotations

import logging
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from companion.errors import StoreError
from companion.session import DEFAULT_HOLD_TIME

if TYPE_CHECKING:
    from companion.store import EventStore

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class DaemonSettings:
    """A daemon's settings.

    Attributes:
        hold_time: seconds the dice button is held for an undo.
        language: the table's language when none was chosen on the screen.
        reader_roles: reader name -> role (``"cards"``, ``"tiles"``), configured and virtual.
        phones: the config's ``[phones]``, or None.
        mqtt: the config's ``[mqtt]``, or None.
        desk: the config's ``[desk]``, or None (the defaults).
        virtual_taps_off: why virtual taps are refused (real readers, not allowed), or None.
        dice_button: a dice button is on the table from the start (the replays' simulated one);
            a real one is opened with the readers (:class:`~companion.daemon.table_hardware.TableHardware`).
        storage_warning: why games are not being saved from the start (the store's directory
            cannot be written: it is in memory), or None.
        settle_heap: after a game starts or resumes, collect and freeze the heap
            (:func:`companion.daemon.heap.settle_heap`): on in the daemon process, off where
            a daemon shares a large process (tests), whose whole heap a collection would walk.
    """

    hold_time: float = DEFAULT_HOLD_TIME
    language: str = "en"
    reader_roles: Mapping[str, str] = field(default_factory=dict)
    phones: Any = None
    mqtt: Any = None
    desk: Any = None
    virtual_taps_off: str | None = None
    dice_button: bool = False
    storage_warning: str | None = None
    settle_heap: bool = False


def chosen_language(store: EventStore, default: str) -> str:
    """The language last chosen on the table's screen (kept in the store), else ``default``."""
    from companion.i18n import LANGUAGES

    chosen = store.setting("language")
    return chosen if chosen in LANGUAGES else default


def keep_language(store: EventStore, chosen: str) -> str:
    """Keep ``chosen`` in the store for the next start, and return it; a store that cannot be
    written keeps it for this run only (said in the log)."""
    try:
        store.set_setting("language", chosen, time.time())
    except StoreError as exc:
        log.warning("%s; the language %s holds until the companion stops", exc, chosen)
    return chosen
