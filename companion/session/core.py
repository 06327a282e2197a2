"""The session: one game in progress, turning table inputs into actions against its prompt.

Each accepted input is appended to the event store, with the chance outcomes it caused, in
one transaction before the resulting prompt is published. Undo reverts the last human
input; the chance outcomes it caused are kept and re-used when the same input comes again
at the same point, so undo never re-rolls and never re-draws.

The :class:`Session` keeps the state and coordinates its parts (the package's ``__init__``
lists them), each given what it uses and none given the Session. Long games (issue 9): a
snapshot every so many events (:mod:`companion.session.snapshots`; a session made with
``snapshot_later`` leaves that write to its caller, off the input's path:
:meth:`Session.save_snapshot`, issue 35), and only the last :data:`KEEP_IN_MEMORY` inputs
keep their earlier state in memory. Undoing further back than either reloads the game from
the whole log once (slower, never wrong).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Mapping
from typing import Any

from companion import inputs
from companion.chance import ChancePicker
from companion.engine import Game, Prompt, get_game, resolve_options
from companion.engine.core import FIRST_GAME, CheckLine
from companion.engine.rulecard import RuleSection
from companion.errors import RuleViolation, StoreError
from companion.header import GameHeader, HeaderError
from companion.i18n import Msg, NewsLine, msg, todo_lines
from companion.inputs import Input, Remove
from companion.moments import Moments
from companion.session import snapshots, told
from companion.session.actions import InputActions
from companion.session.lessons import Lessons
from companion.session.moves import Moves
from companion.session.recording import Recording
from companion.session.records import Entry, Rejected, Reply, with_line
from companion.session.replaying import recorded_versions, replay_events
from companion.session.undo_log import UndoLog
from companion.session.views import StateViews
from companion.store import EventStore, GameRecord

log = logging.getLogger(__name__)

#: A dice-button press held at least this long (seconds) means "undo".
DEFAULT_HOLD_TIME = 1.5

#: Inputs whose earlier state stays in memory for undo (a stored game only; older ones are
#: rebuilt from the log when undo reaches them).
KEEP_IN_MEMORY = 1000


class Session:
    """One game in progress.

    Use :meth:`start` for a new game and :meth:`resume` for a stored one.

    Args:
        spec: the game.
        header: how the game was set up.
        store: where inputs are recorded (None keeps the game in memory only).
        game_id: the stored game's id (None without a store).
        hold_time: seconds a button must be held to mean "undo".
        clock: wall-clock seconds for the records' ``at`` (injected in tests).
        reader_roles: reader name -> its role (``"cards"``, ``"tiles"``) from the config;
            a reader not listed accepts any component.
        enrolled: the tag registry (UID hex -> component id); the header's own ``tags``
            (a table script's) take precedence.
        snapshot_later: the snapshot an event makes due is written by :meth:`save_snapshot`,
            called by the owner once the new state has gone out (the daemon, issue 35 item 3),
            else before the next input; False: written with the event, as the input is handled.

    Attributes:
        state: the game's state now.
        todo: the physical instructions (:func:`companion.i18n.todo` lines) among the news
            of the last accepted input or undo; at a new game, set-up's; after a resume, the
            last applied action's. The table shows them until the next accepted input.
        undone: the last accepted input was an undo: :attr:`todo` is what to put back, and
            its news say what was undone (sent as the state's ``undone``, for the voice).
        replayed: stored events replayed to rebuild this session (:meth:`resume`; 0 for a new game).
        recording: the game's record in the store (:mod:`companion.session.recording`): its
            ``unsaved`` says why, once a write fails; the inputs not written are kept and
            written in order once a write succeeds again (issue 26).
        actions: what each input stands for (:mod:`companion.session.actions`), with the tag
            registry (``actions.use_tags``: an enrollment, from the next tap on).
        lessons: first-game mode's lessons taught along the inputs in effect (:mod:`companion.session.lessons`).
        moments: the moments of the inputs in effect (issue 29 item 7: an undo takes its own back).
    """

    def __init__(self, spec: Game, header: GameHeader, store: EventStore | None = None, game_id: int | None = None,
                 hold_time: float = DEFAULT_HOLD_TIME, clock: Callable[[], float] = time.time,
                 reader_roles: Mapping[str, str] | None = None, enrolled: Mapping[str, str] | None = None,
                 snapshot_later: bool = False):
        self.spec, self.header, self.store, self.clock = spec, header, store, clock
        self.hold_time, self.snapshot_later = hold_time, snapshot_later
        self.reader_roles = reader_roles if reader_roles is not None else {}
        self._views = StateViews(spec)
        self._set_state(spec.setup(header.players, resolve_options(spec, header.options), content=header.content))
        self.todo: tuple[Any, ...] = todo_lines(spec.news(self.state))
        self._picker = ChancePicker(header.seed, header.stack)
        self.lessons = Lessons(spec.rule_sections, header.options.get(FIRST_GAME.name, FIRST_GAME.default) is True)
        self.actions = InputActions(spec, header.tags, self.reader_roles, hold_time, enrolled or {})
        self.recording = Recording(store, game_id, clock)
        self.moments = Moments()
        self.undone, self.replayed = False, 0
        self._log = UndoLog()
        self._moves = Moves(spec, self._picker, self._views.prompt)
        # the last input played live: (its entry, the state it was played on, the state it led
        # to, its news), so undoing it says what it did without playing it again (tap18)
        self._played: tuple[Entry, Any, Any, tuple] | None = None
        self._snapshot_seq: int | None = None  # the event the snapshot a resume started from was taken after
        self._snapshot_due: int | None = None  # the event whose snapshot is due and not written yet

    # ------------------------------------------------------------------ lifecycle

    @classmethod
    def start(cls, header: GameHeader, store: EventStore | None = None, **kwargs) -> Session:
        """Start a new game (recorded in ``store`` when given)."""
        session = cls(get_game(header.game), header, store, **kwargs)
        session.recording.new_game(header.to_json(), header.key(), recorded_versions(session.spec))
        return session

    @classmethod
    def resume(cls, store: EventStore, record: GameRecord, use_snapshot: bool = True,
               keep: int | None = KEEP_IN_MEMORY, **kwargs) -> Session:
        """Rebuild a stored game from its newest usable snapshot and the events after it
        (or from all its events); no chance is picked again.

        Args:
            store, record: the store and the game.
            use_snapshot: False replays the whole log.
            keep: inputs to keep undo states for in memory (None: all).

        Raises:
            StoreError: the log does not replay under the current rules
                (:class:`~companion.session.replaying.OutdatedGame`: recorded under older ones).
        """
        try:
            header = GameHeader.from_json(record.header)
        except HeaderError as exc:
            raise StoreError(f"game {record.id} has a header this version refuses: {exc}") from exc
        session = cls(get_game(header.game), header, store, record.id, **kwargs)
        events = session._restore_snapshot() if use_snapshot else None
        last, session.replayed = replay_events(events if events is not None else store.events(record.id),
                                               record, session.spec, session._replay)
        if last is None and session._snapshot_seq is not None:  # nothing after the snapshot: its own event
            last = (store.events(record.id, after=session._snapshot_seq - 1)[0].kind, None)
        session.todo = told.resumed_todo(session.spec, session.state, last, session._log, session._undo_reply)
        session.undone = last is not None and last[0] == "undo"
        if keep is not None:
            session._trim(keep)
        return session

    def _replay(self, kind: str, body: dict[str, Any]) -> Entry | None:
        """Replay one stored event; returns the entry an undo took back (None for an input)."""
        if kind == "undo":
            return self._revert(body.get("line"))
        entry = Entry.from_json(body)
        state, news = self._moves.replay(self.state, entry)
        self._commit(entry, state, news)
        return None

    # ------------------------------------------------------------------ queries

    @property
    def prompt(self) -> Prompt:
        """The current prompt (never a chance node: the session resolves those itself)."""
        return self._prompt

    @property
    def game_id(self) -> int | None:
        """The stored game's id (None without a store, or while the store refuses the new game)."""
        return self.recording.game_id

    @property
    def position(self) -> int:
        """Inputs in effect now (accepted inputs minus undone ones)."""
        return self._log.position

    @property
    def history(self) -> list[Entry]:
        """The inputs in effect still in memory, oldest first."""
        return self._log.entries

    @property
    def last_line(self) -> int | None:
        """The table-script line of the last input or undo that came from one, or None."""
        return self._log.last_line

    @property
    def can_undo(self) -> bool:
        """An input can be taken back: there is one. Once the game is over, Undo is the only
        input accepted: it takes back the input that ended it (a mis-tap that caused the
        8th haunting), and the game goes on."""
        return self.position > 0

    @property
    def unused_stack(self) -> dict[str, list]:
        """The header's forced chance outcomes this game has not used, per source (a table
        script's ``stack`` longer than its game needed)."""
        return self._picker.unused()

    @property
    def chance_record(self) -> dict[str, Any]:
        """What the session remembers of chance: random numbers drawn so far, stacked outcomes
        used, and the outcomes kept for redoing undone inputs. A resumed game remembers exactly
        what the uninterrupted one did (else it would draw differently from then on)."""
        return {"rng_used": self._picker.rng_used, "stack_used": dict(self._picker.stack_used),
                "redo": dict(self._log.redo)}

    @property
    def lesson(self) -> RuleSection | None:
        """In first-game mode, the rules card's section to explain with the prompt at hand: the
        first not yet taught of the chance just drawn and of the prompt's step; else None."""
        return self.lessons.lesson(self.prompt, self._log.last)

    def view(self) -> dict[str, Any]:
        """The public state (the game's view), computed once per state
        (:meth:`~companion.session.views.StateViews.view`). Callers must not modify it."""
        return self._views.view(self.state)

    def view_first(self) -> dict[str, Any]:
        """The view a ``state`` message carries (the slow figures None), once per state."""
        return self._views.first(self.state)

    def later(self) -> dict[str, Any]:
        """The view's slow figures (the ``odds`` message after the state), once per state."""
        return self._views.later(self.state)

    def check(self) -> tuple[CheckLine, ...]:
        """The table check (issue 6): what the companion believes, public only, with the
        corrections accepted now; empty for a game without one or once the game is over."""
        if self.prompt.over:
            return ()
        return tuple(self.spec.check(self.state))

    # ------------------------------------------------------------------ inputs

    def handle(self, inp: Input, line: int | None = None) -> Reply:
        """Handle one table input.

        Args:
            inp: the input.
            line: the table-script line it came from, if any (recorded for resume).

        Returns:
            The :class:`Reply`; a refused input changes nothing and is not recorded.

        Raises:
            StackError: a forced outcome is impossible (the state is unchanged).

        An input the store cannot record is still played; ``recording.unsaved`` says why.
        """
        if isinstance(inp, Remove):
            return Reply(False, ignored=True)
        self.save_snapshot()  # the session after the last event, before this input changes it
        try:
            if self.prompt.over and not self.actions.is_undo(inp):
                raise Rejected(msg("The game is over."))
            if self.actions.is_undo(inp):
                return self._undo(inp, line)
            return self._act(inp, self.actions.action_for(inp, self.prompt, self.state), line)
        except (Rejected, RuleViolation) as exc:
            # A tap's UID names its card (a virtual tag's in every game, a real one's in the
            # enrollment): a refused tap may be a card from a hand or face-down, so the log
            # says which reader read it and why it was refused, never the UID; an unknown
            # tag's refusal names its UID itself (what a maker enrolls).
            log.info("refused %s: %s", inputs.spoken(inp), exc)
            return Reply(False, exc.args[0] if exc.args and isinstance(exc.args[0], (str, NewsLine)) else str(exc),
                         rule=self.actions.refusing_rule(inp), table_text=getattr(exc, "table", None))

    def _act(self, inp: Input, action: str, line: int | None) -> Reply:
        saved = self._picker.snapshot()
        try:
            state, news, chances = self._moves.play(self.state, action, self._log.redo_of(action))
            entry = Entry(inputs.to_json(inp), action, chances, line)
            seq = self.recording.append("input", entry.to_json(), outcome=self.spec.outcome(state))
            before = self.state
            self._commit(entry, state, news)
            self._played = (entry, before, state, tuple(news))
            self._after_event(seq)
        except BaseException:
            self._picker.restore(saved)  # a refused or unrecorded input picked nothing
            raise
        self.todo, self.undone = todo_lines(news), False
        return Reply(True, news=tuple(news), tap_states=(before, state) if isinstance(inp, inputs.Tap) else None)

    def _undo(self, inp: Input, line: int | None) -> Reply:
        if not self.history and self._log.base and self.recording.unsaved is None:
            self._reload()  # undo reached inputs whose states are no longer in memory
        if not self.history:  # a game at its start (nothing played, or all undone), or a log unread
            raise Rejected(_nothing_to_undo(self._log.base))
        refusal = self.spec.undo_refusal(self._log.before[-1], self._log.entries[-1].action)
        if refusal is not None:  # what the table saw cannot be taken back (newcomer 20)
            raise Rejected(refusal)
        seq = self.recording.append("undo", with_line({"input": inputs.to_json(inp)}, line),
                                    reopen=self.prompt.over)
        entry = self._revert(line)
        self._after_event(seq)
        reply = self._undo_reply(entry)
        self.todo, self.undone = todo_lines(reply.news), True
        return reply

    def _undo_reply(self, entry: Entry) -> Reply:
        """What the table is told after ``entry`` was undone (:func:`companion.session.told.undo_reply`);
        when it is the input last played live, from the very state it was played on, with the
        state it led to and its news as they were (an engine is pure: playing it again gives
        the same), not played again."""
        played, self._played = self._played, None
        again = None
        if played is not None and played[0] is entry and played[1] is self.state:
            again = (played[2], list(played[3]))
        return told.undo_reply(self.spec, self.prompt, self.state, self.check, entry, again)

    # ------------------------------------------------------------------ the one place state changes
    # Both live inputs and the replay of a stored log go through _commit and _revert, so a
    # resumed session holds exactly what the uninterrupted one held (redo entries included).

    def _commit(self, entry: Entry, state: Any, news=()) -> None:
        self.lessons.took(self.lesson)
        self._log.push(entry, self.state)
        self.moments.took(self.position, self.state, news)
        self._set_state(state)

    def _revert(self, line: int | None) -> Entry:
        entry, before = self._log.pop(line)
        self._set_state(before)
        self.lessons.back()
        self.moments.back_to(self.position)
        return entry

    def _set_state(self, state: Any) -> None:
        self.state = state
        self._prompt = self._views.prompt(state)

    # ------------------------------------------------------------------ long games (issue 9)

    def _after_event(self, seq: int | None) -> None:
        """After a live event: bound the undo states in memory; snapshot every so often."""
        if seq is None:
            return
        self._trim(KEEP_IN_MEMORY)
        if snapshots.due(seq):
            self._snapshot_due = seq
            if not self.snapshot_later:
                self.save_snapshot()

    @property
    def snapshot_due(self) -> bool:
        """The last event made a snapshot due that is not written yet (``snapshot_later``)."""
        return self._snapshot_due is not None

    def save_snapshot(self) -> None:
        """Write the snapshot the last event made due, if any (nothing otherwise): the session
        as it is after that event, so call it before another input changes it (:meth:`handle`
        does). A write that fails is logged: a snapshot is a cache, the log has everything."""
        seq, self._snapshot_due = self._snapshot_due, None
        if seq is not None and (body := snapshots.encode(self.spec, self.state, self._log, self.lessons,
                                                          self._picker)) is not None:
            snapshots.write(*self._stored(), seq, self.spec, body, self.clock())

    def _stored(self) -> tuple[EventStore, int]:
        """The store and the game's id in it, for what only a stored game does (snapshots, a
        reload): a due snapshot, a resume and a trimmed undo log all come from a stored game."""
        assert self.store is not None and self.game_id is not None, "a stored game's work without a stored game"
        return self.store, self.game_id

    def _restore_snapshot(self) -> list | None:
        """Take the newest usable snapshot (:func:`companion.session.snapshots.restore`);
        returns the events after it (None: no usable snapshot, replay everything)."""
        restored = snapshots.restore(*self._stored(), self.spec, self.lessons)
        if restored is None:
            return None
        self._log, self.lessons = restored.undo, restored.lessons
        self._picker.restore(restored.counts)
        self._set_state(restored.state)
        self._snapshot_seq = restored.seq
        return restored.events

    def _trim(self, keep: int) -> None:
        """Keep the undo states of the last ``keep`` inputs (stored games only)."""
        if self.store is not None:
            self.lessons.drop(self._log.trim(keep))

    def _reload(self) -> None:
        """Rebuild every undo state by replaying the whole log (undo went past memory)."""
        store, game_id = self._stored()
        record = store.game(game_id)
        assert record is not None, f"game {game_id} left the store while it was played"
        log.info("game %s: undo reaches input %d; reloading the whole log", game_id, self._log.base)
        full = Session.resume(store, record, use_snapshot=False, keep=None, hold_time=self.hold_time,
                              clock=self.clock, reader_roles=self.reader_roles, enrolled=self.actions.enrolled)
        self.state, self._prompt = full.state, full._prompt
        self._log, self.lessons, self.moments = full._log, full.lessons, full.moments
        self._picker.restore(full._picker.snapshot())  # the same picker: the moves draw with it


def _nothing_to_undo(base: int) -> Msg:
    """Why undo refused (session 17: "Nothing to undo." gave no next step): no input is in
    effect, so the game stands where it began; or (``base``: inputs before those in memory)
    the game's record cannot be read back while saving fails."""
    if base:
        return msg("Nothing more to undo now: the earlier inputs can be undone once the game is being saved again. "
                   "Play on from here.")
    return msg("Nothing to undo: the game is at its start. Go on from its first step.")
