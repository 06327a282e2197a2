"""One input at a time, on the input worker (issue 27): a tap, a press, a touch or a card
lifted is flashed on every screen, told to the tag feedback, given to the enrollment walk or
to the game on the table, and what changed is published.

What an input sends the screens (its flash, then its state or a notice) goes out in one write
at the end of its handling (issue 35 item 3): each screen wakes once per tap, and a screen in
the daemon's process does not take the GIL from the worker between the flash and the tap's
durable append. While the table's inputs are slow to play (one took
:data:`FLASH_AT_ONCE_AFTER` or more: a slow SD card's fsync), the flash goes out at once
again, before the rules see the input, so the table sees its tap while it waits.
"""

from __future__ import annotations

import concurrent.futures
import contextlib
import logging
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from companion import inputs
from companion.errors import CompanionError, StackError, StoreError
from companion.i18n import msg
from companion.inputs import Input, Press, Remove, Tap, Touch
from companion.session import Reply

if TYPE_CHECKING:
    from companion.daemon.devices import TableDevices
    from companion.daemon.enroller import EnrollmentController
    from companion.daemon.game_on_table import GameOnTable
    from companion.daemon.publisher import StatePublisher
    from companion.daemon.saving import SavingWatch
    from companion.daemon.taps import VirtualTaps
    from companion.store import EventStore

log = logging.getLogger(__name__)

#: Seconds: an input whose handling took this long or more (the engine, the durable append,
#: the state) sends the next input's flash at once, ahead of its state; below it, the flash
#: goes out with the state in one write (a screen shows either within a frame).
FLASH_AT_ONCE_AFTER = 0.02


@dataclass(frozen=True)
class Screens:
    """What one input tells every screen: the state publisher's calls that :class:`InputPlay`
    uses, and nothing else of it (issue 27).

    Attributes:
        notify: a notice (``text``, ``level`` default ``"warning"``, ``rule``), logged.
        input_seen: flash a tap or press (``inp``, ``show_uid``), before the rules see it.
        add_news: add news lines to the screen's event log.
        publish: send the new state (``news``, ``physical``).
        physical: the accepted input as the undo toast names it (``inp``, ``hidden``), or None.
        together: a context in which what is sent to the screens goes out at its end, in one
            write per screen (:meth:`~companion.daemon.hub.ClientHub.together`).
    """

    notify: Callable[..., None]
    input_seen: Callable[..., None]
    add_news: Callable[[Iterable[Any]], None]
    publish: Callable[..., None]
    physical: Callable[[Input, bool], dict[str, Any] | None]
    together: Callable[[], contextlib.AbstractContextManager] = contextlib.nullcontext

    @classmethod
    def of(cls, publisher: StatePublisher) -> Screens:
        return cls(publisher.notify, publisher.input_seen, publisher.recent.extend, publisher.publish,
                   publisher.physical, publisher.hub.together)


class InputPlay:
    """Plays the daemon's inputs (call every method on the input worker).

    Args:
        game: the game on the table.
        screens: the state, the notices and the input flashes (:class:`Screens`).
        enroller: the enrollment walk (it takes the taps while it runs).
        saving: whether the game's inputs are being saved (checked after each one).
        taps: the virtual readers (told each answer of a ``tap``).
        devices: the tag feedback.
        store: the enrolled tags (the tag feedback without a game).
        after: called once each input is handled and its state gone out (what waits for the
            table to be told: a due snapshot, the heap's settle; issue 35 item 3).
    """

    def __init__(self, game: GameOnTable, screens: Screens, enroller: EnrollmentController,
                 saving: SavingWatch, taps: VirtualTaps, devices: TableDevices, store: EventStore,
                 after: Callable[[], None] = lambda: None):
        self._game, self._screens, self._enroller, self._saving = game, screens, enroller, saving
        self._taps, self._devices, self._store, self._after = taps, devices, store, after
        self._slow = False  # the last input took FLASH_AT_ONCE_AFTER or more: flash the next at once

    def play(self, inp: Input, future: concurrent.futures.Future[Reply]) -> None:
        """Handle a submitted input and resolve its future: the reply, or the error that kept
        it from being played."""
        outcome = self._outcome(inp)
        reply = outcome if isinstance(outcome, Reply) else Reply(False, str(outcome))
        self._taps.answered(inp, reply)
        if isinstance(outcome, Reply):
            future.set_result(reply)
        else:
            future.set_exception(outcome)

    def handle(self, inp: Input) -> Reply:
        """Handle one input: flash it, enroll or play it, publish what changed."""
        outcome = self._outcome(inp)
        return outcome if isinstance(outcome, Reply) else Reply(False, str(outcome))

    def touch(self, key: str, seen: int | None) -> Reply:
        """A touch made on the state numbered ``seen`` (None: whatever is current). When the
        game moved on since (another screen's touch, a tap), it is refused: two players
        touching End turn at once end one turn, not two (issue 8)."""
        session = self._game.session
        if seen is not None and seen != self._game.revision and session is not None:
            text = msg("The game moved on before your touch: {prompt}", prompt=session.prompt.text)
            self._screens.notify(text)
            return Reply(False, text)
        return self.handle(Touch(key))

    def _outcome(self, inp: Input) -> Reply | CompanionError:
        """:meth:`handle`'s work: the reply, or the error when the input could not be played
        at all (the table is told either way); then what waits for the state to be out. What
        it sends the screens goes out together at its end, unless inputs are slow to play."""
        start = time.monotonic()
        try:
            with contextlib.nullcontext() if self._slow else self._screens.together():
                return self._played(inp)
        finally:
            self._slow = time.monotonic() - start >= FLASH_AT_ONCE_AFTER
            self._after()

    def _played(self, inp: Input) -> Reply | CompanionError:
        session, walk = self._game.session, self._enroller.walk
        if isinstance(inp, (Tap, Press)):
            playing = session is not None and not session.prompt.over and walk is None
            self._screens.input_seen(inp, show_uid=not playing)
        if isinstance(inp, Tap) and self._devices.on_tag is not None:
            self._devices.tag_seen(self._known(inp))
        if walk is not None and isinstance(inp, (Tap, Remove)):
            return self._enroller.tap(inp)
        if session is None:
            return self._no_game(inp)
        hidden, unnamed = self._picks_private(inp)
        try:
            reply = session.handle(inp, inp.line)
        except (StackError, StoreError) as exc:
            self._screens.notify(msg("{input}: {problem}", input=inputs.spoken(inp), problem=str(exc)), "error")
            return exc
        self._saving.check()
        if reply.accepted:
            self._accepted(inp, reply, hidden, unnamed)
        elif not reply.ignored:
            self._screens.notify(reply.table_text or reply.text, rule=reply.rule)
        return reply

    def _accepted(self, inp: Input, reply: Reply, hidden: bool, unnamed: bool) -> None:
        """``hidden``: a private choice; ``unnamed``: the log names neither the input nor its tag
        (a private choice, or a face-down card read while the companion seals the envelope)."""
        self._game.moved()
        self._screens.add_news(reply.news)
        self._screens.publish(reply.news, self._screens.physical(inp, hidden))
        if log.isEnabledFor(logging.INFO):  # after the screens have it: the log is not on the tap's path (issue 35)
            said = "; ".join(map(str, reply.news))  # a NewsLine is not a str: its English text
            what = ("a private choice" if hidden else "a face-down card") if unnamed else inputs.describe(inp)
            log.info("%s -> %s", what, said)

    def _no_game(self, inp: Input) -> Reply:
        if isinstance(inp, Remove):
            return Reply(False, ignored=True)
        text = msg("No game is running: {input} ignored. Start a new game.", input=inputs.describe(inp))
        self._screens.notify(text)
        return Reply(False, text)

    def _known(self, tap: Tap) -> bool:
        """Whether ``tap`` names a component, for the buzzer/LED (every tag is welcome while
        enrolling)."""
        from companion.engine import known_piece

        session = self._game.session
        if self._enroller.walk is not None:
            return True
        if session is not None:
            return session.actions.component_for(tap) is not None
        return tap.uid in self._store.enrolled_tags() or known_piece(tap.ndef)

    def _picks_private(self, inp: Input) -> tuple[bool, bool]:
        """Whether ``inp`` would make one of the current prompt's private choices (a touch of
        its key, or a tap of its component): the log and the undo toast then never name it;
        and whether the log must not name it either way: a private choice, or a tap-only one
        (a face-down card the companion reads while it seals the CLUE: IT envelope: its tag's
        UID in the log, in the row's order, next to "card number N of the row", would tell
        the envelope; newcomer 20)."""
        session = self._game.session
        if session is None or not isinstance(inp, (Touch, Tap)):
            return False, False
        choice = session.actions.choice_made(inp, session.prompt, session.state)
        if choice is None:
            return False, False
        return choice.private, choice.private or choice.tap_only
