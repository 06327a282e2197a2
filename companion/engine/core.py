"""Data shapes every game engine speaks.

An engine never does I/O, never reads a clock and never draws a random number. When the
rules call for chance (a die, a card off a shuffled deck) the engine's prompt is a
:class:`Chance` node listing the outcomes and their weights; the session picks one and
applies it as an ordinary action, so the pick is recorded and a game replays exactly.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from companion.errors import OptionError
from companion.i18n import Msg, NewsLine, msg, quick_init


@quick_init  # made several times an action: a quicker __init__ (issue 35)
@dataclass(frozen=True)
class Choice:
    """One thing the table may do now.

    Attributes:
        key: stable action key, e.g. ``"end-turn"`` or ``"remove-ghost:E"``; a table
            script's ``{"touch": key}`` picks it.
        label: short text for the touch button.
        component: component id (``game:kind:name``) whose tag tap picks this choice, or None.
        button: name of the physical button whose press picks it (``"dice"``), or None.
        private: the choice is made on a privacy screen (a secret accusation) by the
            prompt's ``player``: the shared screen never shows its label (the daemon's
            ``state`` says only who must take the screen; the labels come with the ``private``
            answer), and once made the session never repeats its label (undo says "a private
            choice").
        per_copy: a tap of one copy of ``component`` (a tag enrolled as the piece
            ``component#n``) applies ``key#n``, so the engine knows which physical copy it
            was (:attr:`ContentSpec.per_copy`); a touch, or a tag without a copy number,
            applies ``key``.
        main: this is THE expected next step (End turn, Roll, Done moving, Confirm): the
            table screen makes only it the large button; a pick list's entries are never main.
            On a private choice it says the privacy screen is the expected next step (the
            shared screen's "take the screen" is then the large button; none is when the
            expected step is a card's tap on the reader). The privacy screen itself never
            reads it on a pick list.
        player: for an out-of-turn choice (:attr:`Prompt.out_of_turn`), the player who may
            make it; None otherwise.
        tap_only: picked by a tap of ``component`` only (a face-down card the companion
            reads): never listed on a screen, nor among the cards a virtual reader offers,
            since its place in a list of look-alike buttons would tell which card it stands
            for; the prompt offers a touch that names no card beside it.
        screen: touching it hands the screen to the prompt's ``player`` (its label says
            others look away, e.g. "Only I am looking"): when the next prompt's private choices
            are that player's, the table screen opens their privacy screen at once, without a
            second "take the screen" (issue 29 item 3).
    """

    key: str
    label: str
    component: str | None = None
    button: str | None = None
    private: bool = False
    per_copy: bool = False
    main: bool = False
    player: str | None = None
    tap_only: bool = False
    screen: bool = False


@quick_init
@dataclass(frozen=True)
class Outcome:
    """One possible result of a chance node.

    Attributes:
        value: the outcome as a script's ``stack`` names it (``"3"``, ``"room-C"``).
        key: the action key applied when it happens (``"die:3"``, ``"ghost:room-C"``).
        weight: relative weight, a positive integer (cards in the deck, die faces).
    """

    value: str
    key: str
    weight: int = 1


@quick_init
@dataclass(frozen=True)
class Chance:
    """A chance node: the session (not the table) picks one outcome.

    Attributes:
        source: the chance source's name, as a script's ``stack`` names it
            (``"movement_die"``, ``"ghost"``, ``"king"``).
        outcomes: the possible outcomes, each with its weight.
    """

    source: str
    outcomes: tuple[Outcome, ...]

    def find(self, value: str) -> Outcome | None:
        """The outcome whose ``value`` (or ``key``) is ``value``, or None."""
        for outcome in self.outcomes:
            if value in (outcome.value, outcome.key):
                return outcome
        return None


@quick_init
@dataclass(frozen=True)
class Prompt:
    """What the table must do next.

    Attributes:
        text: one sentence for the shared screen, e.g. "Ada: press the dice button" (a
            :class:`~companion.i18n.NewsLine` when it has words for a table without a dice
            button, :func:`~companion.i18n.press_or_touch`).
        player: the active player's name, or None.
        choices: what the table may do (empty at a chance node and at the end).
        chance: set when the session must pick a chance outcome instead of the table.
        over: True once the game has ended; every input is then refused.
        out_of_turn: choices other players may make while the prompt waits for ``player``
            (a Children Free Action device, played at any moment for a skull): each names its
            :attr:`Choice.player`. The session accepts their keys and taps like ``choices``.
    """

    text: str | NewsLine
    player: str | None = None
    choices: tuple[Choice, ...] = ()
    chance: Chance | None = None
    over: bool = False
    out_of_turn: tuple[Choice, ...] = ()

    def choice(self, key: str) -> Choice | None:
        """The choice with ``key`` (an out-of-turn one too), or None."""
        for choice in self.choices:
            if choice.key == key:
                return choice
        for choice in self.out_of_turn:
            if choice.key == key:
                return choice
        return None

    def for_component(self, component: str) -> Choice | None:
        """The choice a tap of ``component`` picks (an in-turn one first), or None."""
        return next((c for c in self.choices + self.out_of_turn if c.component == component), None)

    def for_button(self, button: str) -> Choice | None:
        """The choice a press of ``button`` picks, or None."""
        return next((c for c in self.choices if c.button == button), None)


@dataclass(frozen=True)
class Implied:
    """The answer a player gives to the question open now by going on playing
    (:attr:`~companion.engine.game.Game.going_on`): at a real table the player who has no
    Dental Tools does not say "no", they play on. When the next input is not one of the
    prompt's choices but is legal once :attr:`key` is given, the engine gives :attr:`key`
    first and then the input, as one action (:func:`companion.engine.legality.apply_action`).

    Attributes:
        key: the answer's choice key (one of the prompt's choices), e.g. ``"spring"``.
        line: what the table is told the player did, said before the answer's own news (in
            the players' words: "Ada lets the Voodoo Doll trap spring."); None when the
            answer's own news says it already. Never a hidden card: it is the player's word.
    """

    key: str
    line: str | NewsLine | None = None


@quick_init
@dataclass(frozen=True)
class CheckLine:
    """One line of the table check (issue 6 "Table check"): something the companion
    believes about the physical table, and the corrections the table may touch.

    A correction is an ordinary action key (conventionally ``fix:...``: ``fix:ghosts:E:+1``,
    ``fix:king:C``) that the game's ``apply`` accepts at any moment while
    ``check(state)`` lists it: the session records it in the event log like any input, so
    it is undone and replayed exactly. A correction only sets what the companion believes,
    within the game's legal bounds; it never triggers a rule (no haunting, no draw).
    Check lines are public: they never show hidden information.

    Attributes:
        label: what is checked ("Room E"), a translatable message.
        value: what the companion believes ("2 ghosts, 1 haunting"), a translatable message.
        fixes: the corrections the table may touch now (each a :class:`Choice`; empty for
            a read-only line).
    """

    label: str
    value: str
    fixes: tuple[Choice, ...] = ()


def check_fix(lines: Sequence[CheckLine], key: str) -> Choice | None:
    """The correction with ``key`` among ``lines``' fixes, or None."""
    return next((fix for line in lines for fix in line.fixes if fix.key == key), None)


@dataclass(frozen=True)
class OptionSpec:
    """A game option or named house rule.

    Attributes:
        name: the option key used in scripts and settings (``"rogue_ghost"``).
        default: the value used when the table says nothing.
        values: the allowed values.
        help: one line a player understands, in the players' words (the screens show it as
            it is: no research reference, no raw value).
        rulebook: the name of the rulebook section this option settles, as the table reads
            it on the screen (``msg("Ghost King card")``: sent in the table's language; a
            plain ``str`` is sent as printed, e.g. a rulebook printed in Italian only); ""
            when no section says.
        refs: the research behind the option, for its authors only (notes.md entries,
            issues, the rulebook passages weighed); never shown.
        setup: one of the game's real choices at the start (mode, edition, who draws or deals
            the cards), shown first on the New game screen; False: a house rule, kept folded.
        title: the option's heading on the New game screen (``msg("Ghost deck")``); "": the
            name in words, in English (:attr:`heading`).
    """

    name: str
    default: Any
    values: tuple[Any, ...]
    help: str
    rulebook: str = ""
    refs: str = ""
    setup: bool = False
    title: str = ""

    @property
    def heading(self) -> str:
        """:attr:`title`, or the name in words ("ghost_deck" -> "Ghost deck")."""
        words = self.name.replace("_", " ")
        return self.title or words[:1].upper() + words[1:]

    def labels(self, words: Mapping[str, str]) -> list[str]:
        """Each of :attr:`values` in words, in order: the game's ``words`` for it
        (:attr:`~companion.engine.game.Game.option_words`; ``"name:value"`` first, for a
        value two options share with different meanings), "Yes"/"No" for a yes/no option,
        else the value in words ("skip_cellar" -> "skip cellar", in English)."""
        return [_value_words(value, words, self.name) for value in self.values]


#: A yes/no option's values, in every game.
YES_NO: Mapping[bool, Msg] = {True: msg("Yes"), False: msg("No")}


def _value_words(value: Any, words: Mapping[str, str], name: str = "") -> str:
    if isinstance(value, bool):
        return YES_NO[value]
    if isinstance(value, str) and f"{name}:{value}" in words:
        return words[f"{name}:{value}"]
    if isinstance(value, str) and value in words:
        return words[value]
    return str(value).replace("_", " ")


class HasOptions(Protocol):
    """What :func:`resolve_options` reads of a game (a :class:`~companion.engine.game.Game`):
    read only (a plain attribute would be invariant, and a game's ``options`` is a tuple)."""

    @property
    def title(self) -> str: ...

    @property
    def options(self) -> Sequence[OptionSpec]: ...


#: The New game choice every game offers; off by default (then no lesson is ever sent).
FIRST_GAME = OptionSpec(
    "first_game", False, (False, True),
    msg("First game: the first time each kind of step comes up, the companion explains its rule in plain "
        "words."),
    setup=True,
    title=msg("First game"),
)

#: Options the engine offers for every game, beside the game's own (never passed to ``setup``).
ENGINE_OPTIONS = (FIRST_GAME,)


def resolve_options(spec: HasOptions, given: Mapping[str, Any] | None) -> dict[str, Any]:
    """Fill in defaults and check every given option.

    Args:
        spec: the game.
        given: options named by the table or a script (may be None or empty).

    Returns:
        A dict with every option of ``spec`` (the engine's own, ``first_game``, are checked
        here but not returned: the session reads them from the header).

    Raises:
        OptionError: an unknown option name or a value not in its ``values``.
    """
    known = {o.name: o for o in (*spec.options, *ENGINE_OPTIONS)}
    unknown = sorted(set(given or {}) - set(known))
    if unknown:
        raise OptionError(msg("{game} has no option {name}; options are: {names}", game=spec.title,
                              name=repr(unknown[0]), names=", ".join(sorted(known))))
    resolved = {o.name: o.default for o in spec.options}
    for name, value in (given or {}).items():
        if value not in known[name].values:
            allowed = ", ".join(repr(v) for v in known[name].values)
            raise OptionError(f"option {name!r} cannot be {value!r}; it is one of {allowed}")
        if name not in ENGINE_OPTIONS_NAMES:
            resolved[name] = value
    return resolved


#: The names of :data:`ENGINE_OPTIONS`: checked like a game's options, but never passed to
#: the game's ``setup`` (its state stays as without them).
ENGINE_OPTIONS_NAMES = frozenset(o.name for o in ENGINE_OPTIONS)


def sentence(text: str | NewsLine) -> str | NewsLine:
    """``text`` ending in one stop: "Roll" gets one; "Roll." and "Ready?" stay as they are.
    A translatable :class:`~companion.i18n.Msg` (or :class:`~companion.i18n.NewsLine`, its
    touch form too) stays translatable."""
    if str(text).endswith((".", "?", "!")):
        return text
    if isinstance(text, (Msg, NewsLine)):
        return msg("{text}.", text=text)
    return text + "."
