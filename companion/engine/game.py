"""A game: what every rules engine is to the rest of the companion.

A game is a :class:`Game` subclass, one instance registered per game (its package's
``SPEC``). It writes only what is its own: its data (id, title, options, components ...)
as class attributes, and its hooks as functions in its package's modules, assigned in the
class body (``prompt = staticmethod(prompts.prompt)``, ``handlers =
MappingProxyType(rules.HANDLERS)``); a hook it does not assign keeps the default here. The
engine owns the protocol: :meth:`Game.setup` checks the
players (their count, their names) before the game's own ``_setup``; :meth:`Game.apply`
checks an action against the prompt (:mod:`companion.engine.legality`) and only then calls
``_apply``, which clears the news and hands the action to the game's rule for its kind
(:attr:`Game.handlers`), so no game re-checks legality or the players.

:class:`GameSpec` builds a game from plain functions (the older shape; the toy games of the
tests use it).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from types import MappingProxyType
from typing import Any, Generic, TypeVar

from companion.engine import legality
from companion.engine import news as step_news
from companion.engine.content import ContentSpec
from companion.engine.core import CheckLine, Implied, OptionSpec, Prompt
from companion.engine.ending import Ending
from companion.engine.rulecard import RuleSection
from companion.errors import RuleViolation
from companion.i18n import Msg, NewsLine, msg

#: A game's state type (each game's frozen ``State``).
S = TypeVar("S")

#: The hooks every game that uses the engine's :meth:`Game.setup` assigns (no default does
#: its work), and where each usually lives.
_OWN = MappingProxyType({"_setup": "rules.setup", "prompt": "prompts.prompt", "view": "view.view"})

#: A table-check correction's key begins so (``fix:ghosts:E:+1``: :class:`CheckLine`).
FIX = "fix:"


def _missing(hook: str) -> Callable[..., Any]:
    """The default of a hook every game assigns (:data:`_OWN`): says which one the game lacks."""
    def missing(*_: Any) -> Any:
        raise NotImplementedError(f"the game has no {hook}: assign its {_OWN[hook]} in its class body")
    return missing


def _as_it_is(state: Any) -> Any:
    return state


def _nothing(_: Any) -> None:
    return None


def _playing(_: Any) -> bool:
    return False


def _the_id(component: str) -> str:
    return component


def _no_check(_: Any) -> tuple[CheckLine, ...]:
    return ()


def _no_steps(_: Any, action: str) -> tuple[NewsLine, ...]:
    return ()


def _no_counts(_: Any, after: Any) -> tuple[NewsLine, ...]:
    return ()


def _no_figures(_: Any) -> dict[str, Any]:
    return {}


def _nothing_private(_: Any, player: str) -> dict:
    return {}


def _no_reason(_: Any, key: str | None, component: str | None) -> None:
    return None


def _undoable(_: Any, action: str) -> None:
    return None


def _no_corrections(_: Any, key: str) -> Any:
    raise NotImplementedError(f"the game lists no corrections: {key}")


def _no_snapshots(_: dict) -> Any:
    raise NotImplementedError("the game keeps no snapshots")


class Game(Generic[S]):
    """A registered game: its metadata and its pure functions over its frozen states.

    Attributes:
        id: the game id used in scripts and component ids (``"creepy_cellar"``).
        title: the game's printed name.
        short_title: the name the table says in a sentence ("Creepy Cellar"); empty: the title.
        min_players, max_players: inclusive player-count range.
        options: options and house rules, with defaults.
        option_words: the game's words for its options' values (``{"skip_cellar": msg("skip
            cellar")}``), shown on their buttons in the table's language
            (:meth:`~companion.engine.core.OptionSpec.labels`; a yes/no option needs none;
            ``"option:value"`` names one option's value where options share a value).
        chance_sources: the names of the game's chance sources (a script's ``stack`` keys).
        components: every component id of the game (what a tag may stand for).
        pieces: every tagged physical piece, one component id per copy, in the order the
            enrollment walk asks for them (``companion enroll``); empty: the sorted components.
        reader_roles: component kind -> the reader role it is read on (``{"ghost": "cards"}``);
            a kind not listed may be read on any reader.
        view_type: the TypedDict that :meth:`view`'s value follows (its keys are the
            protocol's documentation of the game's board; ``tests/test_messages.py`` checks
            every view against it), or None.
        rule_sections: the rulebook's sections in the companion's own words, in the
            rulebook's order (:mod:`companion.engine.rulecard`: the rules card); empty: none.
        content: how the owner enters what is printed on the game's cards
            (:class:`~companion.engine.content.ContentSpec`), or None: then ``setup`` gets
            ``content`` empty or None.
        rules_version: bumped (by one) by every change of the rules that alters what a
            recorded game's inputs lead to. Each stored game records the version it was played
            under; an unfinished game recorded under an older version still resumes when its
            log replays, and is otherwise kept read-only (:class:`~companion.session.OutdatedGame`).
            ``tests/golden`` records it beside each bundled script's outcome.
        view_headings: the heading of each key of :meth:`private_view` as the privacy screen,
            the phone page and the terminal show it (``{"secret_victory": msg("Your secret
            victory card")}``); a key not listed is shown in its own words. Sent with the view
            (the ``private`` message's ``headings``).
        undo_sentences: the exact reverse of some of the game's physical instructions, said when
            the input that gave one is undone: the instruction's message id -> its reverse from
            the instruction's parameters ("Lock the {doors}: ..." -> ``todo("return", "Unlock the
            {doors}.", **p)``), or None when :attr:`undo_steps` says all of it (a shuffle); every
            other instruction gets its kind's (:mod:`companion.undo_words`).
        seat_colours: the players' colours by seat (palette keys, :mod:`companion.palette`) when
            the game's pieces print them (Creepy Cellar's pawns); empty: the table chooses. Sent
            in the ``games`` message (the New game screen gives them) and in each state's ``colours``.
        seat_inks: the colours the seats' pieces are printed in, ``#rrggbb`` by seat, where
            they are not the palette's own (Creepy Cellar's red pawn: its palette key is the
            orange "vermillion"); sent in each state's ``inks``, so the screens name a player in
            the colour of the pawn on the table. Empty: the palette's colours.
        private_information: the game has something only one player may see or choose (a
            secret card, a card drawn into a hand, an accusation): phones (issue 22) are
            offered for it; False: every state message says ``"phones": {}`` and the table
            screen pairs no phone at a game's start (issue 31).
    """

    id: str = ""
    title: str = ""
    short_title: str = ""
    min_players: int = 1
    max_players: int = 1
    options: tuple[OptionSpec, ...] = ()
    option_words: Mapping[str, Msg] = MappingProxyType({})
    chance_sources: tuple[str, ...] = ()
    components: frozenset[str] = frozenset()
    pieces: tuple[str, ...] = ()
    reader_roles: Mapping[str, str] = MappingProxyType({})
    view_type: type | None = None
    rule_sections: tuple[RuleSection, ...] = ()
    content: ContentSpec | None = None
    rules_version: int = 1
    private_information: bool = True
    view_headings: Mapping[str, Msg] = MappingProxyType({})
    seat_colours: tuple[str, ...] = ()
    seat_inks: tuple[str, ...] = ()
    undo_sentences: Mapping[str, Callable[[Mapping[str, Any]], NewsLine | None]] = MappingProxyType({})
    #: Its todo lines, :attr:`undo_steps` and :attr:`undo_counts` say every physical step of an
    #: input: an undone input with none of them has nothing to put back, and undo says so ("Undone:
    #: End turn. Nothing to put back on the table for it."). False (default): "Put back anything
    #: you moved for it.".
    undo_complete: bool = False
    #: choice key -> what a table with no card reader (the terminal's virtual readers) is told
    #: once, the first time a prompt offers that choice: what the game does there without the
    #: taps it would read (CLUE: IT's envelope sealed from unread face-down cards).
    terminal_notes: Mapping[str, Msg] = MappingProxyType({})
    #: action kind (a key's part before its first ``:``) -> the rule that applies it, as
    #: ``rule(state, rest of the key)`` (``"die:6"``: ``handlers["die"](state, "6")``), given
    #: the state :meth:`cleared`; the game's ``rules.HANDLERS``.
    handlers: Mapping[str, Callable[[Any, str], Any]] = MappingProxyType({})

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """A game assigns its hooks in its class body (``prompt = staticmethod(prompts.prompt)``,
        ``handlers = MappingProxyType(rules.HANDLERS)``: docs/new-game.md).

        Raises:
            TypeError: a game set up by the engine's :meth:`setup` lacks one of the hooks of
                :data:`_OWN`, or the game has neither ``handlers`` nor its own ``_apply``: no rules.
        """
        super().__init_subclass__(**kwargs)
        if cls.setup is Game.setup:  # a game with its own setup (the tests' toys) is on its own
            for hook, where in _OWN.items():
                if getattr(cls, hook) is getattr(Game, hook):
                    raise TypeError(f"{cls.__name__} has no {hook}: assign its {where} in its class body")
        if not cls.handlers and cls._apply is Game._apply:
            raise TypeError(f"{cls.__name__} has no rules: give it handlers (its rules.HANDLERS) or its own _apply")

    # ------------------------------------------------------------------ what each game writes
    # Hooks are static methods: a game assigns its modules' functions in its class body
    # (``prompt = staticmethod(prompts.prompt)``), and pyright checks each against the game's
    # state type ``S`` (``class Children(Game[State])``).

    #: The game's own set-up (its ``rules.setup``): a new game's state for ``(players, options,
    #: content)``, players that :meth:`setup` has checked already (arguments as :meth:`setup`'s).
    #: Raises RuleViolation for entries (``content``) that do not make a whole game.
    _setup: staticmethod[[Sequence[str], Mapping[str, Any], Mapping[str, Mapping[str, Any]] | None], S] = \
        staticmethod(_missing("_setup"))
    #: What the table must do next (its ``prompts.prompt``).
    prompt: staticmethod[[S], Prompt] = staticmethod(_missing("prompt"))
    #: Public, JSON-ready facts, never hidden information (its ``view.view``).
    view: staticmethod[[S], Mapping[str, Any]] = staticmethod(_missing("view"))

    # ------------------------------------------------------------------ the engine's protocol

    def setup(self, players: Sequence[str], options: Mapping[str, Any],
              content: Mapping[str, Mapping[str, Any]] | None = None) -> S:
        """A new game's state: the players checked against :attr:`min_players`..
        :attr:`max_players` and for a repeated name, then the game's own :meth:`_setup`.

        Args:
            players: the names in turn order.
            options: resolved options (:func:`companion.engine.resolve_options`).
            content: the table's entries (``{component id: {field: value}}``, already
                checked, as the header recorded them; see :attr:`content`).

        Raises:
            RuleViolation: a player count or names the game cannot be played with.
        """
        if not self.min_players <= len(players) <= self.max_players:
            raise RuleViolation(msg("{title} is for {low} to {high} players, not {count}.",
                                    title=self.short_title or self.title, low=self.min_players,
                                    high=self.max_players, count=len(players)))
        if len(set(players)) != len(players):
            raise RuleViolation(msg("Each player needs a different name."))
        return self._setup(players, options, content)

    def apply(self, state: S, key: str) -> S:
        """The state after ``key`` (a choice, a chance outcome, a per-copy ``key#n`` or a
        table-check correction), checked against the prompt first.

        Raises:
            RuleViolation: ``key`` is not legal now (:mod:`companion.engine.legality`).
        """
        return legality.apply_action(self, state, key)

    def _apply(self, state: S, key: str) -> S:
        """The state after ``key``, which :meth:`apply` has found legal now (OpenSpiel's
        ``_apply_action``): a table-check correction goes to :meth:`correct`; any other key
        to the game's rule for its kind (:attr:`handlers`), from the state :meth:`cleared`,
        and what that gives is :meth:`settled`. A game whose steps are not one rule per kind
        writes its own (its ``rules.act``)."""
        if key.startswith(FIX):
            return self.correct(state, key)
        kind, _, rest = key.partition(":")
        return self.settled(self.handlers[kind](self.cleared(state), rest))

    # ------------------------------------------------------------------ hooks with defaults

    #: What an action starts from: the state without the last action's news (default); a game
    #: may clear more (a mark that lasts one action).
    cleared: staticmethod[[S], S] = staticmethod(step_news.cleared)
    #: The state after an action's rule, once what resolves by itself has (a draw that can give
    #: only one card); default: as it is.
    settled: staticmethod[[S], S] = staticmethod(_as_it_is)
    #: The state after the table-check correction ``key`` (one that :attr:`check` lists: it sets
    #: what the companion believes and triggers no rule); the game's ``tablecheck.correct``.
    correct: staticmethod[[S, str], S] = staticmethod(_no_corrections)
    #: How a finished game ended, in one sentence for the game-over panel ("The hunters won!"):
    #: the over prompt's words without its "The game is over:". None (the default, and while the
    #: game goes on): the panel shows the prompt as it is. Sent as the prompt's ``summary``.
    summary: staticmethod[[S], Msg | None] = staticmethod(_nothing)
    #: How a finished game ended, as structure for the game-over panel
    #: (:class:`~companion.engine.ending.Ending`: won, lost or a tie, the winners, the final
    #: scores, the solution); None (the default, and while the game goes on): the panel shows
    #: the summary alone. Sent as the prompt's ``ending``.
    ending: staticmethod[[S], Ending | None] = staticmethod(_nothing)
    #: True while the table sets the game up, before the first turn (no one's turn yet): the
    #: screen's header says "Set-up" where "Ada's turn" would be. Default False (a game whose
    #: first prompt is a turn). Sent as the prompt's ``setup``.
    setting_up: staticmethod[[S], bool] = staticmethod(_playing)
    #: The game's counters in one line for a text screen (the terminal prints it before the
    #: prompt: Creepy Cellar's "[hauntings 2/5 | King C | locked -]"); None (the default): none.
    #: Sent as the state's ``status``.
    status_line: staticmethod[[S], Msg | None] = staticmethod(_nothing)
    #: A component id as players say it ("Ghost card room H"); default: the id.
    component_label: staticmethod[[str], Msg | str] = staticmethod(_the_id)
    #: The table check: what the companion believes, public only, and the corrections accepted
    #: now (default: none). :meth:`apply` accepts every fix key listed, whatever the prompt.
    check: staticmethod[[S], tuple[CheckLine, ...]] = staticmethod(_no_check)
    #: The table's own physical step for an action, reversed, for ``(state, action)`` (the
    #: state the action was played on): what the table did before it touched or tapped, which
    #: no news line gave as an instruction (the pawn a player moved to the room touched, the
    #: card flipped from the real deck and tapped), as ``return`` todo lines ("Put the Ghost
    #: card room H back on top of the Ghost deck."). Said after the reverses of the action's
    #: own instructions (:attr:`undo_sentences`) when it is undone, and after "Undone: a private
    #: choice." too: it never names a card that is, or goes back, into a hand or an envelope
    #: ("Ada: put the card you drew back on top of the Children deck without showing it.").
    #: Default: none.
    undo_steps: staticmethod[[S, str], tuple[NewsLine, ...]] = staticmethod(_no_steps)
    #: Why the input that played ``action`` on ``state`` cannot be undone, for ``(state,
    #: action)``, in one sentence (the session refuses the undo with it); None (the default):
    #: it can. For what the table cannot un-see: a CLUE: IT accusation the companion checked
    #: (the accuser saw the envelope's answer; undone, they could guess again, newcomer 20).
    undo_refusal: staticmethod[[S, str], Msg | None] = staticmethod(_undoable)
    #: What the table keeps off the board (health on scratch paper) set back, for ``(state,
    #: after)``: the state an undone input was played on and the state it led to, with the
    #: outcomes it drew, as ``return`` todo lines ("Bo: set your health back to 3 of 5 on the
    #: scratch paper."). Said last when it is undone, after a private choice too (it never
    #: names a hidden card). Default: none.
    undo_counts: staticmethod[[S, S], tuple[NewsLine, ...]] = staticmethod(_no_counts)
    #: The view's slow figures (an odds meter's playouts), worked out after the state is sent
    #: and sent in the message that follows it: view key -> its value, a number or None, from
    #: public facts only. ``view(state) == {**view_first(state), **later(state)}``
    #: (tests/games/test_view_later.py). Default: none (``{}``).
    later: staticmethod[[S], dict[str, Any]] = staticmethod(_no_figures)
    #: What ONE player alone may see on a privacy screen (their secret victory card), for
    #: ``(state, player)``, JSON-ready; only the daemon's ``private`` command sends it, to the
    #: client that asked. Default: nothing (``{}``).
    private_view: staticmethod[[S, str], dict] = staticmethod(_nothing_private)
    #: Why a touch of ``key`` (or a tap of ``component``, ``key`` None) picks nothing now, for
    #: ``(state, key, component)``, naming the rule in the players' words; never names a hidden
    #: card (say "a hidden card" and whose turn it is). Default: None (the general refusal).
    refusal: staticmethod[[S, str | None, str | None], Msg | str | None] = staticmethod(_no_reason)
    #: The answer the player asked now gives by going on playing (:class:`~companion.engine.core.Implied`:
    #: Children's "spring" to the Dental Tools question), for a question a player who cannot say
    #: yes skips at a real table; the engine gives it before an input legal only after it
    #: (:mod:`companion.engine.legality`), as one action, its line first in the news (the game
    #: keeps its news in ``state.news``). None (the default): every question waits for its answer.
    going_on: staticmethod[[S], Implied | None] = staticmethod(_nothing)
    #: ``state`` as plain JSON values, hidden information included (for the event store's
    #: snapshots, never for a screen); default None: the game is never snapshot.
    encode: staticmethod[[S], dict | None] = staticmethod(_nothing)
    #: The inverse of :attr:`encode`: ``decode(encode(s)) == s``.
    decode: staticmethod[[dict], S] = staticmethod(_no_snapshots)

    def news(self, state: S) -> tuple[str, ...]:
        """What the last applied action did, in sentences (default: ``state.news``)."""
        return state.news  # type: ignore[attr-defined]

    def outcome(self, state: S) -> str | None:
        """None while the game goes on, else how it ended (default: ``state.outcome``); a
        finished game is not resumed."""
        return state.outcome  # type: ignore[attr-defined]

    def odds(self, state: S) -> tuple[Msg, float | Fraction] | None:
        """The odds meter (issue 33 item 5): one chance worth knowing now, as (what it is the
        chance of, a probability in [0, 1]) by the game's own rules and public facts only;
        None: nothing to show now (the default). Sent beside the view (the state's ``odds``)."""
        return None

    def start_problem(self, options: Mapping[str, Any], content: Mapping[str, Mapping[str, Any]]) -> Msg | None:
        """Why a NEW game with ``options`` (resolved) and the table's entered card data
        (``content``, the header's) cannot start, in one sentence saying what to do; None
        (the default): it can. Asked only where the table starts a game (the New game screen,
        ``companion play``, ``daemon --new``): a game already recorded always replays."""
        return None

    def view_first(self, state: S) -> Mapping[str, Any]:
        """:attr:`view` with each of :attr:`later`'s figures None: what the ``state`` message
        carries at once (issue 35 item 3). Default: the whole view (a game with no slow figure)."""
        return self.view(state)


#: The optional hooks a :class:`GameSpec` may be given (each keeps its default when None).
_HOOKS = ("news", "outcome", "summary", "ending", "setting_up", "status_line", "component_label", "check",
          "private_view", "refusal", "going_on", "encode", "decode")


class GameSpec(Game[Any]):
    """A game built from plain functions (keyword arguments named as :class:`Game`'s
    attributes and methods, ``apply`` standing for the game's own ``_apply``): the older
    shape, kept for small games such as the tests' toy games. A hook given as None keeps
    :class:`Game`'s default. ``setup`` is called with ``content=`` only when the game has
    a :attr:`content` spec."""

    def __init__(self, *, setup: Callable, prompt: Callable, apply: Callable, view: Callable,
                 **given: Any) -> None:
        self._setup_fn = setup
        self.prompt = staticmethod(prompt)
        self._apply_fn = apply
        self.view = staticmethod(view)
        for name, value in given.items():
            if name not in _HOOKS and not hasattr(Game, name):
                raise TypeError(f"GameSpec has no attribute {name!r}")
            if value is not None:
                setattr(self, name, value)

    def setup(self, players, options, content=None):
        if self.content is None:
            return self._setup_fn(players, options)
        return self._setup_fn(players, options, content=content)

    def _apply(self, state, key):
        return self._apply_fn(state, key)

    def outcome(self, state):
        return None  # the older shape's default: a game that never ends by itself
