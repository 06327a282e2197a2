"""The session: turns table inputs into actions against the current prompt.

Each accepted input is appended to the event store, with the chance outcomes it caused, in
one transaction before the resulting prompt is published. Undo reverts the last human
input; the chance outcomes it caused are kept and re-used when the same input comes again
at the same point, so undo never re-rolls and never re-draws.

Long games (issue 9): every :data:`SNAPSHOT_EVERY` events the session is saved as a
snapshot (for games whose spec has ``encode``/``decode``), so a resume replays only the
events after it (a session made with ``snapshot_later`` leaves that write to its caller,
off the input's path: :meth:`Session.save_snapshot`, issue 35); and only the last
:data:`KEEP_IN_MEMORY` inputs keep their earlier state in memory. Undoing further back than
either reloads the game from the whole log once (slower, never wrong).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from companion import inputs, undo_words
from companion.chance import ChancePicker
from companion.engine import Game, Prompt, get_game, resolve_options
from companion.engine.core import FIRST_GAME, CheckLine, Choice, check_fix
from companion.engine.legality import apply_action
from companion.engine.rulecard import RuleSection
from companion.errors import RuleViolation, StoreError
from companion.header import GameHeader, HeaderError
from companion.i18n import NewsLine, msg, todo, todo_lines
from companion.inputs import Input, Remove
from companion.moments import Moments
from companion.session import snapshots
from companion.session.actions import InputActions
from companion.session.lessons import Lessons
from companion.session.records import Entry, Rejected, Reply, with_line
from companion.session.undo_log import UndoLog
from companion.session.views import StateViews
from companion.store import EventStore, GameRecord

log = logging.getLogger(__name__)

#: A dice-button press held at least this long (seconds) means "undo".
DEFAULT_HOLD_TIME = 1.5

#: Inputs whose earlier state stays in memory for undo (a stored game only; older ones are
#: rebuilt from the log when undo reaches them).
KEEP_IN_MEMORY = 1000


@dataclass
class Session:
    """One game in progress.

    Use :meth:`start` for a new game and :meth:`resume` for a stored one.

    Attributes:
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
        unsaved: None while every input is recorded; once a write to the store fails (disk
            full, read-only), why: the game goes on in memory, and the inputs not written are
            kept (:attr:`kept`) and written in order, before any later one, once a write
            succeeds again (:meth:`save_kept`, issue 26: a log with a gap would replay wrongly).
        todo: the physical instructions (:func:`companion.i18n.todo` lines) among the news
            of the last accepted input or undo; at a new game, set-up's; after a resume, the
            last applied action's. The table shows them until the next accepted input.
        undone: the last accepted input was an undo: :attr:`todo` is what to put back, and
            its news say what was undone (sent as the state's ``undone``, for the voice).
    """

    spec: Game
    header: GameHeader
    store: EventStore | None = None
    game_id: int | None = None
    hold_time: float = DEFAULT_HOLD_TIME
    clock: Callable[[], float] = time.time
    reader_roles: Mapping[str, str] = field(default_factory=dict)
    enrolled: Mapping[str, str] = field(default_factory=dict)
    #: The snapshot an event makes due is written by :meth:`save_snapshot`, called by the owner
    #: once the new state has gone out (the daemon, issue 35 item 3), else before the next input;
    #: False: written with the event, as the input is handled.
    snapshot_later: bool = False
    state: Any = field(init=False)
    #: The inputs in effect, for undo (:mod:`companion.session.undo_log`).
    _log: UndoLog = field(init=False, default_factory=UndoLog, repr=False, compare=False)
    unsaved: str | None = field(init=False, default=None)
    #: What the store has not recorded yet, oldest first: ``("game", ...)`` (a new game the
    #: store refused) and ``("event", kind, body, at, outcome, reopen)`` (issue 26).
    _kept: list[tuple] = field(init=False, default_factory=list, repr=False, compare=False)
    todo: tuple[Any, ...] = field(init=False, default=())
    undone: bool = field(init=False, default=False, compare=False)
    #: The moments of the inputs in effect (issue 29 item 7: an undo takes its own back).
    moments: Moments = field(init=False, default_factory=Moments, repr=False, compare=False)
    #: Stored events replayed to rebuild this session (:meth:`resume`; 0 for a new game).
    replayed: int = field(init=False, default=0, compare=False)
    #: The event the snapshot a resume started from was taken after (None: no snapshot used).
    _snapshot_seq: int | None = field(init=False, default=None, repr=False, compare=False)
    #: The event whose snapshot is due and not written yet (``snapshot_later``), or None.
    _snapshot_due: int | None = field(init=False, default=None, repr=False, compare=False)
    #: First-game mode's lessons taught along the inputs in effect (:mod:`companion.session.lessons`).
    lessons: Lessons = field(init=False, repr=False, compare=False)
    _picker: ChancePicker = field(init=False)
    #: What each input stands for (:mod:`companion.session.actions`).
    actions: InputActions = field(init=False, repr=False, compare=False)
    _prompt: Prompt = field(init=False)
    #: The prompt and views of the state, each computed once (:mod:`companion.session.views`).
    _views: StateViews = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        self._views = StateViews(self.spec)
        options = resolve_options(self.spec, self.header.options)
        state = self.spec.setup(self.header.players, options, content=self.header.content)
        self._set_state(state)
        self.todo = todo_lines(self.spec.news(state))
        self._picker = ChancePicker(self.header.seed, self.header.stack)
        self.lessons = Lessons(self.spec.rule_sections,
                               self.header.options.get(FIRST_GAME.name, FIRST_GAME.default) is True)
        self.enrolled = dict(self.enrolled)
        self.actions = InputActions(self.spec, self.header.tags, self.reader_roles, self.hold_time, self.enrolled)

    # ------------------------------------------------------------------ lifecycle

    @classmethod
    def start(cls, header: GameHeader, store: EventStore | None = None, **kwargs) -> Session:
        """Start a new game (recorded in ``store`` when given)."""
        session = cls(get_game(header.game), header, store, **kwargs)
        if store is not None:
            try:
                session.game_id = store.new_game(header.to_json(), header.key(), session.clock(),
                                                 versions=recorded_versions(session.spec))
            except StoreError as exc:  # the game is played in memory until the store takes it again
                session._lose_store(exc)
                session._kept.append(("game", header.to_json(), header.key(), session.clock(),
                                      recorded_versions(session.spec)))
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
            StoreError: the log does not replay under the current rules.
        """
        try:
            header = GameHeader.from_json(record.header)
        except HeaderError as exc:
            raise StoreError(f"game {record.id} has a header this version refuses: {exc}") from exc
        session = cls(get_game(header.game), header, store, record.id, **kwargs)
        events = session._restore_snapshot() if use_snapshot else None
        last: tuple[str, Entry | None] | None = None
        for event in events if events is not None else store.events(record.id):
            try:
                last = (event.kind, session._replay(event.kind, event.body))
                session.replayed += 1
            except (RuleViolation, LookupError, ValueError, TypeError) as exc:
                if record.rules_version < session.spec.rules_version:
                    raise OutdatedGame(_outdated(record, session.spec)) from exc
                raise StoreError(f"game {record.id} event {event.seq} does not replay: {exc}") from exc
        if last is None and session._snapshot_seq is not None:  # nothing after the snapshot: its own event
            last = (store.events(record.id, after=session._snapshot_seq - 1)[0].kind, None)
        session.todo = session._resumed_todo(last)
        session.undone = last is not None and last[0] == "undo"
        if keep is not None:
            session._trim(keep)
        return session

    def _resumed_todo(self, last: tuple[str, Entry | None] | None) -> tuple[Any, ...]:
        """The todo lines the table had before the restart (issue 29 item 6): those of the
        last event, made again as live: an input's from the state before it with the chance
        outcomes it drew; an undo's put-back lines; set-up's when nothing was played."""
        if last is None:
            return todo_lines(self.spec.news(self.state))
        kind, undone = last
        if kind == "undo":
            news = self._undo_reply(undone).news if undone is not None else self.spec.news(self.state)
            return todo_lines(news)
        if not self.history or not self._log.before:
            return todo_lines(self.spec.news(self.state))
        entry, state = self.history[-1], self._log.before[-1]
        state = self.spec.apply(state, entry.action)
        news = list(self.spec.news(state))
        for chance in entry.chances:
            state = self.spec.apply(state, chance["key"])
            news += self.spec.news(state)
        return todo_lines(news)

    def _replay(self, kind: str, body: dict[str, Any]) -> Entry | None:
        """Replay one stored event; returns the entry an undo took back (None for an input)."""
        # Each recorded action is checked again, as live (the engine's one legality check),
        # so a log the rules no longer allow does not replay.
        if kind == "undo":
            return self._revert(body.get("line"))
        entry = Entry.from_json(body)
        state = self._apply(self.state, entry.action)
        news = list(self.spec.news(state))  # the state's own lines: no work (Game.news)
        for chance in entry.chances:
            state = self._apply(state, chance["key"])
            news += self.spec.news(state)
            self._picker.record(chance["source"], chance["origin"])
        if self.spec.prompt(state).chance:
            raise ValueError("the recorded chance outcomes stop short")
        self._commit(entry, state, news)
        return None

    def use_tags(self, enrolled: Mapping[str, str]) -> None:
        """Take a changed tag registry (an enrollment) into account from the next tap on."""
        self.enrolled = dict(enrolled)
        self.actions.use_tags(self.enrolled)

    # ------------------------------------------------------------------ queries

    @property
    def prompt(self) -> Prompt:
        """The current prompt (never a chance node: the session resolves those itself)."""
        return self._prompt

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
    def snapshot_version(self) -> str:
        """The version a snapshot of this game is stored under (one of another version is
        never used)."""
        return snapshots.version(self.spec)

    @property
    def can_undo(self) -> bool:
        """An input can be taken back: there is one. Once the game is over, Undo is the only
        input accepted: it takes back the input that ended it (a mis-tap that caused the
        8th haunting), and the game goes on."""
        return self.position > 0

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

    def correction(self, key: str) -> Choice | None:
        """The correction ``key`` names in the current table check, or None. A correction
        is accepted at any moment (not only when the prompt lists it) and recorded like any
        touch, so undo and replay treat it exactly as an ordinary action."""
        return check_fix(self.check(), key)

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

        An input the store cannot record is still played; :attr:`unsaved` says why.
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
            log.info("refused %s: %s", inputs.describe(inp), exc)
            return Reply(False, exc.args[0] if exc.args and isinstance(exc.args[0], (str, NewsLine)) else str(exc),
                         rule=self.actions.refusing_rule(inp), table_text=getattr(exc, "table", None))

    def _act(self, inp: Input, action: str, line: int | None) -> Reply:
        saved = self._picker.snapshot()
        try:
            return self._act_recorded(inp, action, line)
        except BaseException:
            self._picker.restore(saved)  # a refused or unrecorded input picked nothing
            raise

    def _act_recorded(self, inp: Input, action: str, line: int | None) -> Reply:
        cached = self._log.redo_of(action)
        state = self._apply(self.state, action)
        news = list(self.spec.news(state))
        chances = []
        while (chance := self._views.prompt(state).chance) is not None:
            outcome, origin = self._pick(chance, cached)
            # Count each pick before the next one: every pick gets its own stack item and
            # its own RNG pick number, as when the log is replayed.
            self._picker.record(chance.source, origin)
            state = self._apply(state, outcome.key)
            news += self.spec.news(state)
            chances.append({"source": chance.source, "key": outcome.key, "origin": origin})
        entry = Entry(inputs.to_json(inp), action, tuple(chances), line)
        seq = self._persist("input", entry.to_json(), outcome=self.spec.outcome(state))
        self._commit(entry, state, news)
        self._after_event(seq)
        self.todo, self.undone = todo_lines(news), False
        return Reply(True, news=tuple(news))

    def _apply(self, state: Any, key: str) -> Any:
        """The state after ``key``: the engine checks it against the prompt of ``state`` (its
        one legality check and refusal, :mod:`companion.engine.legality`), then the game
        applies it. Raises RuleViolation, with the sentence for the table."""
        return apply_action(self.spec, state, key, self._views.prompt(state))

    def _pick(self, chance, cached: list[dict[str, str]]):
        while cached:
            recorded = cached.pop(0)
            outcome = chance.find(recorded["key"])
            if recorded["source"] == chance.source and outcome is not None:
                return outcome, "redo"
        return self._picker.pick(chance)

    def _undo(self, inp: Input, line: int | None) -> Reply:
        if not self.history and self._log.base and self.unsaved is None:
            self._reload()  # undo reached inputs whose states are no longer in memory
        if not self.history:
            raise Rejected(msg("Nothing to undo."))
        seq = self._persist("undo", with_line({"input": inputs.to_json(inp)}, line),
                            reopen=self.prompt.over)
        entry = self._revert(line)
        self._after_event(seq)
        reply = self._undo_reply(entry)
        self.todo, self.undone = todo_lines(reply.news), True
        return reply

    def _undo_reply(self, entry: Entry) -> Reply:
        """What the table is told after ``entry`` was undone."""
        choice = self.prompt.choice(entry.action) or self.prompt.choice(entry.action.partition("#")[0])
        fixed = self._correction_label(entry.action) if choice is None else None
        if fixed is not None:
            return Reply(True, news=(msg("Undone: the correction {label}.", label=fixed),))
        if choice is not None and choice.private:
            return Reply(True, news=(msg("Undone: a private choice."),))
        label = choice.label if choice is not None else entry.action
        back = self._put_back(entry)
        if "touch" in entry.input:  # the label says it all; the choice key is for scripts only
            if not back:
                back = [todo("return", "Undone: {label} Put back anything you moved for it.", label=label)
                        if _ends_a_sentence(label) else
                        todo("return", "Undone: {label}. Put back anything you moved for it.", label=label)]
                return Reply(True, news=tuple(back))
            undone = msg("Undone: {label}", label=label) if _ends_a_sentence(label) else msg("Undone: {label}.",
                                                                                            label=label)
            return Reply(True, news=(undone, *back))
        return Reply(True, news=(msg("Undone: {label} ({input}).", label=label,
                                     input=inputs.spoken(inputs.from_json(entry.input))), *back))

    def _put_back(self, entry: Entry) -> list:
        """What the table must take back after ``entry`` was undone (issue 17 item 9): one
        ``return`` line per physical instruction the input had given, saying its reverse
        (:mod:`companion.undo_words`: "Take the ghost back off room C."). Its news are made
        again from the state before it, with the chance outcomes it had drawn (undo never
        re-rolls)."""
        state = self.spec.apply(self.state, entry.action)
        news = list(self.spec.news(state))
        for chance in entry.chances:
            state = self.spec.apply(state, chance["key"])
            news += self.spec.news(state)
        return [undo_words.reverse(line, self.spec.undo_sentences) for line in todo_lines(news)]

    def _correction_label(self, key: str) -> str | None:
        """"Room E: +1 ghost" for a correction the check lists now (after an undo: the one
        just undone), or None."""
        for line in self.check():
            for fix in line.fixes:
                if fix.key == key:
                    return msg("{line}: {fix}", line=line.label, fix=fix.label)
        return None

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

    @property
    def first_game(self) -> bool:
        """First-game mode was chosen for this game (:data:`companion.engine.lessons.FIRST_GAME`)."""
        return self.lessons.on

    @property
    def lesson(self) -> RuleSection | None:
        """In first-game mode, the rules card's section to explain with the prompt at hand: the
        first not yet taught of the chance just drawn and of the prompt's step; else None."""
        return self.lessons.lesson(self.prompt, self._log.last)

    def _set_state(self, state: Any) -> None:
        self.state = state
        self._prompt = self._views.prompt(state)

    def _persist(self, kind: str, body: dict[str, Any], outcome: str | None = None,
                 reopen: bool = False) -> int | None:
        if self.store is None:
            return None
        event = ("event", kind, body, self.clock(), outcome, reopen)
        if self._kept:  # after the inputs kept before it, never ahead of them
            self._kept.append(event)
            self.save_kept()
            return None
        try:
            return self.store.append(self.game_id, kind, body, event[3], outcome=outcome, reopen=reopen)
        except StoreError as exc:  # the transaction rolled back: nothing half-written
            self._lose_store(exc)
            self._kept.append(event)
            return None

    @property
    def kept(self) -> int:
        """Inputs and undos played but not yet recorded in the store (issue 26)."""
        return sum(1 for item in self._kept if item[0] == "event")

    def save_kept(self) -> int:
        """Write what the store has not recorded yet, in order (the new game first); stops at
        the first write that fails. Returns the inputs and undos written; :attr:`unsaved` is
        None again once nothing is left."""
        written = 0
        while self._kept:
            item = self._kept[0]
            try:
                if item[0] == "game":
                    self.game_id = self.store.new_game(item[1], item[2], item[3], versions=item[4])
                else:
                    _, kind, body, at, outcome, reopen = item
                    self.store.append(self.game_id, kind, body, at, outcome=outcome, reopen=reopen)
            except StoreError as exc:
                self.unsaved = str(exc)
                return written
            self._kept.pop(0)
            written += item[0] == "event"
        if self.unsaved is not None:
            log.warning("game %s is recorded again: %d kept inputs written", self.game_id, written)
        self.unsaved = None
        return written

    def _lose_store(self, exc: StoreError) -> None:
        """The store refused a write (issue 8: disk full, read-only): the game goes on in
        memory, and what is not recorded is kept for :meth:`save_kept`."""
        self.unsaved = str(exc)
        log.error("game %s is not being recorded: %s", self.game_id, exc)

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
            snapshots.write(self.store, self.game_id, seq, self.spec, body, self.clock())

    def _restore_snapshot(self) -> list | None:
        """Take the newest usable snapshot (:func:`companion.session.snapshots.restore`);
        returns the events after it (None: no usable snapshot, replay everything)."""
        restored = snapshots.restore(self.store, self.game_id, self.spec, self.lessons)
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
        record = self.store.game(self.game_id)
        log.info("game %s: undo reaches input %d; reloading the whole log", self.game_id, self._log.base)
        full = Session.resume(self.store, record, use_snapshot=False, keep=None, hold_time=self.hold_time,
                              clock=self.clock, reader_roles=self.reader_roles, enrolled=self.enrolled)
        self.state, self._prompt = full.state, full._prompt
        self._log, self.lessons, self._picker, self.moments = full._log, full.lessons, full._picker, full.moments


class OutdatedGame(StoreError):
    """A stored game recorded under an older ``rules_version`` of its game whose log no
    longer replays: it is kept read-only (never resumed); the message says so."""


def recorded_versions(spec: Game) -> dict[str, Any]:
    """What a new game is recorded under: the companion's version and its game's
    :attr:`~companion.engine.game.Game.rules_version`."""
    from companion import __version__

    return {"companion": __version__, "rules": spec.rules_version}


def _outdated(record: GameRecord, spec: Game):
    return msg("Game {id} ({title}) was recorded under rules version {old}; this companion plays version {new}, "
               "and its moves no longer replay. It is kept in the store, read-only: start a new game.",
               id=record.id, title=spec.title, old=record.rules_version, new=spec.rules_version)


def _ends_a_sentence(label) -> bool:
    """A choice's label with its own full stop ("Fight!"): "Undone: Fight!", not "Fight!."."""
    return str(label)[-1:] in ("!", "?", ".")
