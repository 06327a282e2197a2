"""The socket protocol's messages as types, shared by the daemon and its clients (issue 21
"Typed protocol"). :mod:`companion.protocol` builds them; a client such as ``ui/`` reads
them. Each is a plain JSON object on the wire; these ``TypedDict`` s say which keys it has
and what they hold, so a type checker sees a misspelt key on either side.

A state's ``view`` is the game's public view: each game types it next to its ``view()``
(``companion/games/<game>/view.py``: ``CreepyCellarView``, ``ChildrenView``,
``HouseOfSpiritsView``, ``ClueItView``, ``GhostAtHomeView``), so this module (read by the
screen) imports no engine; tests/test_messages.py checks every view has exactly its keys.
"""

from __future__ import annotations

from typing import Any, Literal, TypedDict


class ChoiceMessage(TypedDict):
    """One thing the table may touch now."""
    key: str
    label: str
    main: bool  # the expected next step: the one large button
    screen: bool  # touching it hands the screen to the prompt's player (its privacy screen opens)


class OutOfTurnChoice(TypedDict):
    """A choice another player may make while the prompt waits for someone else."""
    key: str
    label: str
    player: str


class PrivateOwner(TypedDict):
    """Who must take the privacy screen for the prompt's private choices."""
    player: str | None
    main: bool  # the privacy screen is the expected next step (not a tap on the reader)


class EndingMessage(TypedDict):
    """How a finished game ended (:class:`~companion.engine.ending.Ending`), its words in the
    table's language: the game-over panel's colour, winners, scores and solution."""
    result: Literal["won", "lost", "tie"]
    winners: list[str]
    scores_heading: str  # "" without scores
    scores: list[tuple[str, int]]  # (player, value), best first
    solution: list[str]  # what the game kept secret to the end (CLUE: IT's envelope); [] when none
    reason: list[str]  # the lines of the move that ended it (the rule that ended it among them)


class PromptMessage(TypedDict):
    """What the table must do next, rendered in the table's language."""
    text: str
    player: str | None
    choices: list[ChoiceMessage]
    over: bool
    #: True before the first turn, while the table sets the game up (the game's
    #: :attr:`~companion.engine.game.Game.setting_up`): the header says "Set-up", no one's turn.
    setup: bool
    #: Once it is over: how the game ended in one sentence ("The hunters won!", the game's
    #: :meth:`~companion.engine.game.Game.summary`), for the game-over panel; else None.
    summary: str | None
    #: Once it is over, when the game gives it (:meth:`~companion.engine.game.Game.ending`): who
    #: won, the scores, the solution; else None.
    ending: EndingMessage | None
    private: PrivateOwner | None
    #: The prompt takes the tap of a card it lists nowhere (``companion.protocol.hidden_card``):
    #: ``"private"`` (its player's hidden card), ``"face-down"``, or None.
    hidden_card: str | None
    out_of_turn: list[OutOfTurnChoice]


class TodoLine(TypedDict):
    """A physical instruction to the table ("Place a ghost in room E")."""
    kind: str  # one of companion.i18n.TODO_KINDS
    text: str
    #: First-game mode: what this set-up step is for, in plain words (issue 33 item 3); else None.
    lesson: str | None
    #: What the voice says for it when the text is too long to hear (words17: a monster's
    #: placeholder numbers stay on the screen), else None: the voice says ``text``.
    spoken: str | None


class HardwareReader(TypedDict):
    """One reader of the daemon (issue 18): configured, or virtual (tapped from outside)."""
    name: str
    role: str
    online: bool
    virtual: bool
    dropouts: int  # times it went offline since the daemon started (issue 30)


class HardwareMessage(TypedDict):
    """Which hardware the daemon has (the state's ``hardware``)."""
    dice_button: bool
    virtual: bool  # it has virtual readers: ``tap`` works, the Cards panel shows
    readers: list[HardwareReader]
    broker: dict[str, Any] | None  # the venue's MQTT broker (issue 32): connected, problem...; None without [mqtt]


class TapComponent(TypedDict):
    """A card the prompt would take (the state's ``tap_components``, with virtual readers),
    or one of a game's cards (the ``components`` answer)."""
    component: str
    label: str


class ComponentsMessage(TypedDict):
    """``{"type": "components"}``: every card of a game, to the asker only."""
    type: Literal["components"]
    game: str
    components: list[TapComponent]


class LessonMessage(TypedDict):
    """First-game mode's lesson for the step at hand (issue 33 item 3): the rules card
    section's ``rule`` name and its ``text`` in plain words; ``key``: the section's name in
    English, the same in every language, and ``game_id``: the stored game's number (None
    without a store). A screen remembers its "Got it" by the two (issue 29)."""
    rule: str
    text: str
    key: str
    game_id: int | None


class OddsMessage(TypedDict):
    """The odds meter (issue 33 item 5): ``what`` it is the chance of, and its ``value`` (0..1)."""
    what: str
    value: float


class MomentMessage(TypedDict):
    """One moment of a finished game (issue 29 item 7, :func:`companion.protocol.moments_message`):
    its ``text`` in the table's language and the ``turn`` it came in, or the ``round`` for a game
    counted in rounds (None: the game counts neither); the screen words "Turn 12: ...";
    its ``kind``, the recap's msgid (moments of one kind: screen16)."""
    text: str
    turn: int | None
    round: int | None
    kind: str



class LaterMessage(TypedDict):
    """``{"type": "later"}``: the view's slow figures of the state numbered ``revision``, sent to
    every screen right after that state (issue 35 item 3: the odds meter's playouts are off a
    tap's path). ``view``: view key -> its value (Creepy Cellar: ``{"odds_haunting": 0.42}``),
    numbers worked out from public facts only, never a card; the state carried each as None
    (a screen keeps the figure it shows until this comes). A screen takes it only for the
    state it shows (``revision`` and ``game``): a newer state's own follows it."""
    type: Literal["later"]
    revision: int
    game: str
    view: dict[str, float | None]


#: Why one news line happened (issue 33): the rulebook section, the companion's words and
#: the inputs behind it (a die face, a card drawn, a count); "from" is a keyword, hence this form.
WhyEntry = TypedDict("WhyEntry", {"rule": str, "text": str, "from": list[Any]})


class StateMessage(TypedDict, total=False):
    """``{"type": "state"}``: sent on connecting and after every accepted input.

    The keys up to ``colours`` come from :func:`companion.protocol.state_message`; the
    daemon adds the rest.
    """
    type: Literal["state"]
    version: int
    game: str | None
    title: str
    view: dict[str, Any]
    #: Each stand-in's name the view and the public choices show -> its number ("Mostro 5" ->
    #: "5", "Tessera 2-4" -> "2-4"): cards the rulebook does not name (issue 27 item 3,
    #: ``companion.i18n.StandIn``). A screen tells a stand-in by this, never by a name's shape.
    stand_ins: dict[str, str]
    #: The definite article of each name the view and the public choices show, by the words
    #: shown ("Luogo 7" -> "il", "" for a name said without one; issue 29,
    #: ``companion.i18n.Name``): a screen's own sentence says "verso il Luogo 7". A name the
    #: owner entered has none (the sentence's lead says it: "verso il luogo Vicolo Vecchio").
    articles: dict[str, str]
    prompt: PromptMessage
    can_undo: bool
    #: ``news`` are what an undo did, and ``todo`` what to put back (Session.undone); False
    #: without news (on connecting, after a language switch).
    undone: bool
    private_players: list[str]
    news: list[str]
    why: list[WhyEntry | None]  # one per news line (issue 33, companion.engine.why)
    #: The indexes of the ``news`` lines the game marked as moments to remember (issue 27 item 3,
    #: ``companion.i18n.notable``): what the game-over summary recalls, in any language.
    notable: list[int]
    todo: list[TodoLine]
    log: list[str]
    log_why: list[WhyEntry | None]  # one per log line (issue 33 item 2), as ``why``
    log_notable: list[int]  # the indexes of the ``log`` lines that are moments, as ``notable``
    #: Once the game is over, its moments still standing (an undo takes its own back), oldest
    #: first; [] while it runs (issue 29 item 7).
    moments: list[MomentMessage]
    colours: dict[str, str]
    #: Player -> ``#rrggbb``: the colour the player's pieces are printed in, where the game
    #: prints one that is not the palette's (``Game.seat_inks``); {} otherwise.
    inks: dict[str, str]
    #: The game's counters in one line for a text screen (``Game.status_line``), or None.
    status: str | None
    lesson: LessonMessage | None
    odds: OddsMessage | None
    language: str
    readers: dict[str, dict[str, Any]]
    revision: int
    storage_warning: str | None
    enrollment: dict[str, Any] | None
    physical: dict[str, Any] | None
    hardware: HardwareMessage
    tap_components: list[TapComponent]
    phones: dict[str, bool]  # player -> their phone is connected (issue 22); {} with phones off
    #: The game on the table is over: {"id": int, "after_restart": bool} (put back on the
    #: table at start, its summary shown until a new game starts; issue 26), else None.
    finished_game: dict[str, Any] | None
    #: The game on the table (:func:`companion.now_playing.table_game`), or None: a client
    #: tells the table which game it is when its ``id`` changes (newcomer20 finding 15).
    table_game: TableGameMessage | None
    staff: StaffMessage  # a call for staff and staff's message (issue 32)
    venue: bool  # the config has [mqtt]: the Menu offers "Call staff" (issue 32)
    voice: VoiceSettingsMessage  # the voice's settings (issue 28)
    screen: ScreenSettingsMessage  # the table screen's settings (issue 29)


class TableGameMessage(TypedDict):
    """A state's ``table_game``: the stored game's number, its game's id and title, its players
    in turn order and the inputs played so far."""
    id: int
    game: str
    title: str
    players: list[str]
    inputs: int


class StaffMessage(TypedDict):
    """A state's ``staff`` (issue 32): ``called`` since ``since`` (unix seconds, or None);
    ``message``: a short text staff sent to the table screen, or None."""
    called: bool
    since: float | None
    message: str | None


class VoiceSettingsMessage(TypedDict):
    """The table's voice settings (the state's ``voice``; changed with ``voice_settings``)."""
    on: bool
    volume: int  # 0..100
    speed: Literal["slow", "normal"]
    say: Literal["everything", "todo", "sounds"]


class ScreenSettingsMessage(TypedDict):
    """The table screen's settings (the state's ``screen``; changed with ``screen_settings``)."""
    text: Literal["normal", "large"]
    motion: bool


#: How serious a notice is.
NoticeLevel = Literal["info", "warning", "error"]


class NoticeMessage(TypedDict):
    """``{"type": "notice"}``: a refused input or a problem, for the screen's banner."""
    type: Literal["notice"]
    level: NoticeLevel
    text: str
    rule: str | None  # a refused input: the rulebook section that refuses it (issue 33); else None
    reason: str  # the text without the prompt it repeats (the table screen shows it beside the prompt)


class AckMessage(TypedDict):
    """``{"type": "ack"}``: the answer to a command that carried an ``id``."""
    type: Literal["ack"]
    id: Any
    ok: bool
    text: str


class CheckFix(TypedDict):
    key: str
    label: str


class CheckLineMessage(TypedDict):
    label: str
    value: str
    fixes: list[CheckFix]


class CheckMessage(TypedDict):
    """``{"type": "check"}``: the table check, to the asker only."""
    type: Literal["check"]
    game: str | None
    revision: int
    lines: list[CheckLineMessage]


class RuleSectionMessage(TypedDict):
    section: str
    text: str


class RulesMessage(TypedDict):
    """``{"type": "rules"}``: the rules card, to the asker only."""
    type: Literal["rules"]
    game: str | None
    title: str
    now: list[RuleSectionMessage]
    all: list[RuleSectionMessage]


class PrivatePrompt(TypedDict):
    text: str
    choices: list[dict[str, Any]]  # {key, label, private}


class PrivateMessage(TypedDict):
    """``{"type": "private"}``: what one player alone may see, to the asker only."""
    type: Literal["private"]
    player: str
    view: dict[str, Any]
    #: Each key of ``view`` -> its heading in the table's language (``Game.view_headings``).
    headings: dict[str, str]
    prompt: PrivatePrompt | None


class PhoneLinksMessage(TypedDict):
    """``{"type": "phone_links"}``: each player's phone link for this game, to the asker only."""
    type: Literal["phone_links"]
    links: dict[str, str]


class GameOptionMessage(TypedDict):
    """One option of a game in the ``games`` message (:class:`~companion.engine.core.OptionSpec`)."""
    name: str
    title: str  # the option's heading, in the table's language
    default: Any
    values: list[Any]
    labels: list[str]  # each of ``values`` in words, in the table's language
    help: str  # the players' words, in the table's language: shown as it is
    rulebook: str  # the rulebook section's name, in the table's language ("" when none)
    setup: bool  # one of the game's real choices at the start (shown first), not a house rule


class GameInfoMessage(TypedDict):
    """A registered game in the ``games`` message."""
    id: str
    title: str
    min_players: int
    max_players: int
    options: list[GameOptionMessage]
    seat_colours: list[str]  # palette keys by seat when the pieces print them (Game.seat_colours); else []


class GamesMessage(TypedDict):
    """The answer to ``games``: every registered game, and the game on the table (or None)."""
    type: Literal["games"]
    games: list[GameInfoMessage]
    current: dict[str, Any] | None
