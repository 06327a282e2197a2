"""The tag programmer: ``write_tag`` writes a component id onto an NTAG on one of the
table's readers (issue 3), on that reader's own thread, while the daemon goes on."""

from __future__ import annotations

import asyncio
import concurrent.futures
import threading
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from companion import protocol, readers
from companion.daemon.args import known_component
from companion.i18n import msg

if TYPE_CHECKING:
    from companion import schema
    from companion.store import EventStore

Ack = tuple[bool, str]

#: Runs a job on a reader's own thread (:meth:`ReaderSupervisor.run_job`).
RunJob = Callable[[Callable], concurrent.futures.Future]


class TagProgrammer:
    """The readers a daemon may program tags on, and the tag writes waiting for a tag.

    Args:
        store: the event store (the enrolled tags).
        reader_roles: reader name -> role.
        notify: shows a notice on every screen (``text``, ``level``).
    """

    def __init__(self, store: EventStore, reader_roles: Mapping[str, str], notify: Callable[..., None]):
        self._store, self._reader_roles, self._notify = store, reader_roles, notify
        self._jobs: dict[str, RunJob] = {}
        self._cancels: dict[Any, set[threading.Event]] = {}  # client -> its pending tag writes

    def attach(self, name: str, run_job: RunJob) -> None:
        """Reader ``name`` may program tags: ``run_job`` runs a job on its thread."""
        self._jobs[name] = run_job

    def client_left(self, writer) -> None:
        """The client's tag writes stop waiting for a tag."""
        for cancel in self._cancels.pop(writer, ()):
            cancel.set()

    def cancel_all(self) -> None:
        """Every tag write stops waiting for a tag (the daemon stops)."""
        for cancels in self._cancels.values():
            for cancel in cancels:
                cancel.set()

    async def write(self, command: schema.WriteTag, writer=None) -> Ack:
        """``write_tag``: program the tag on a reader (or the next one put there) with a
        component id. Cancelled when the asking client leaves.

        Keys: ``component`` (required), ``reader`` (default: the only reader, or the one whose
        role takes that kind of component), ``wait`` (seconds to wait for a tag, 1-120,
        default 15), ``force`` (overwrite a tag that carries another text).
        """
        from hardware.errors import HardwareError

        component = known_component(command.component)
        name = self._reader_for(component, command.reader)
        wait = float(command.wait)  # 1 to 120 seconds
        cancel = threading.Event()  # set when the asking client leaves, or the daemon stops
        self._cancels.setdefault(writer, set()).add(cancel)
        notify = self._notify
        notify(_programming(name, self._reader_roles.get(name)), "info")
        try:
            done = await asyncio.wrap_future(self._jobs[name](_job(component, wait, command.force, cancel)))
        except HardwareError as exc:
            text = msg("The tag was not programmed: {problem}.", problem=str(exc))
            notify(text, "error")
            return False, text
        finally:
            self._cancels.get(writer, set()).discard(cancel)
        text = self._written(done.uid.hex().upper(), component, done.pages)
        notify(text, "info")
        return True, text

    def _written(self, uid: str, component: str, pages: int) -> str:
        text = msg("Tag {uid} now carries {component} ({pages} pages written and read back).",
                   uid=uid, component=component, pages=pages)
        enrolled = self._store.enrolled_tags().get(uid)
        if enrolled not in (None, component):
            text = msg("{text} It is also enrolled as {enrolled}, which wins: companion tags forget {uid}.",
                       text=text, enrolled=enrolled, uid=uid)
        return text

    def _reader_for(self, component: str, asked: Any) -> str:
        """The reader to program ``component`` on: ``asked``, the only one, or the one whose
        role takes the component's kind.

        Raises:
            ProtocolError: no such reader, or no way to choose.
        """
        from companion.engine import get_game

        names = sorted(self._jobs)
        if asked is not None:
            if asked not in self._jobs:
                raise protocol.ProtocolError(msg("no reader {reader}; readers: {names}", reader=repr(asked)[:40],
                                                 names=", ".join(names) or msg("none")))
            return asked
        if len(names) == 1:
            return names[0]
        if not names:
            raise protocol.ProtocolError(msg("this daemon has no NFC reader to program tags with"))
        game, kind = component.split(":")[:2]
        role = get_game(game).reader_roles.get(kind)
        fitting = [n for n in names if role and self._reader_roles.get(n) == role]
        if len(fitting) == 1:
            return fitting[0]
        raise protocol.ProtocolError(msg("say which reader to use: {names}", names=", ".join(names)))


def _job(component: str, wait: float, force: bool, cancel: threading.Event):
    """The job run on the reader's thread: program the tag there (``force``: over another text)."""
    from hardware.nfc.ntag import program


    def job(runner):
        done = program(runner.reader, component, wait, force, cancelled=cancel.is_set)
        runner.tracker.assume(done.uid)  # the card being programmed is not a tap
        return done

    return job


def _programming(name: str, role: str | None):
    """Where to put the blank tag: reader ``name``, or a virtual reader's role in words."""
    if readers.role_named(name, role):
        return msg("Programming a tag: put a blank NTAG on the {reader}.", reader=readers.role_words(role))
    return msg("Programming a tag: put a blank NTAG on reader {name}.", name=readers.shown_name(name))
