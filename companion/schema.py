"""The socket protocol's schema, checked on both ends (issue 27 item 6), with msgspec.

Client -> daemon: each command (``{"cmd": ...}``) is a :class:`Command` struct below, its
keys and their types said once. The daemon checks a command with :func:`command` before its
handler runs; a command of the wrong shape is refused with one line naming the key
(:class:`~companion.protocol.ProtocolError`), and nothing changes. Keys a command does not
list (such as ``id``) are ignored. What the shape cannot say (a known game, a component of
it, a tag UID) the handlers still check.

Daemon -> client: the messages are the ``TypedDict`` s of :mod:`companion.messages`;
:func:`problem` checks a ``state``, a ``notice`` and the answers to the asker (``check``,
``private``, ``rules``, ``components``, ``phone_links``, ``later``) against them (the table screen's
client, :mod:`companion.client`, drops one that does not fit and says so). The wire format
is the daemon's JSON as it always was: nothing here encodes.

Why msgspec (not pydantic v2): it checks ``TypedDict`` s as they are (the messages module
stays the one definition, and clients keep their plain dicts), its errors name the path
(``$.prompt.choices[0].key``), it is one small C extension with no dependencies (a Pi
installs it in seconds), and it is several times faster than pydantic at this.
"""

from __future__ import annotations

import re
from typing import Annotated, Any, ClassVar, Literal, TypedDict, get_type_hints

import msgspec

from companion import messages
from companion.i18n import Msg, msg
from companion.protocol import PROTOCOL_VERSION, ProtocolError

#: Longest refusal sentence, in characters.
_LONGEST = 200

def _(pattern: str) -> str:
    """A refusal's English pattern (``{value}``: the value sent), marked for the catalogue
    (``make i18n`` extracts ``_``); :func:`refusal` makes it a sentence."""
    return pattern


GameId = Annotated[int, msgspec.Meta(ge=1)]

#: Seconds a virtual card stays on its reader unless the ``tap`` says (``hold``).
DEFAULT_HOLD = 0.5
#: Longest ``hold``, in seconds (long enough to program a tag put there).
MAX_HOLD = 120.0


class Command(msgspec.Struct, frozen=True):
    """A command with no keys of its own (``state``, ``games``, ``about``...).

    ``refusals``: a key -> the sentence that refuses a bad value of it (``{value}``: the
    value sent, quoted), where a sentence older than this schema is kept; other keys get
    :func:`_said`'s wording. ``refusal_params``: the sentences' other fields.
    """

    refusals: ClassVar[dict[str, str]] = {}
    refusal_params: ClassVar[dict[str, str]] = {}


class Choose(Command, frozen=True):
    """``choose``: a choice's ``key``; ``revision``: the state the touch was made on."""
    key: Annotated[str, msgspec.Meta(min_length=1)]
    revision: int | None = None
    refusals: ClassVar[dict[str, str]] = {
        "key": _("choose needs a choice key (text)"),
        "revision": _("revision is the number of the state the touch was made on, not {value}"),
    }


class Undo(Command, frozen=True):
    """``undo``; ``revision``: as for :class:`Choose`."""
    revision: int | None = None
    refusals: ClassVar[dict[str, str]] = {"revision": Choose.refusals["revision"]}


class NewGame(Command, frozen=True):
    """``new_game``: the header's ``game``, ``players``, ``options`` and ``colours``
    (the header checks them further); ``abandon``: true to leave an unfinished game.
    ``unknown``: the keys sent that a new game does not take (never read from the message:
    :func:`command` fills it; the handler refuses them as a header problem)."""
    game: str
    players: list[str]
    options: dict[str, Any] = {}
    colours: dict[str, str] = {}
    abandon: bool = False
    unknown: tuple[str, ...] = ()
    keys: ClassVar[frozenset[str]] = frozenset({"cmd", "id", "abandon", "game", "players", "options", "colours"})


class Language(Command, frozen=True):
    language: str


class Private(Command, frozen=True):
    player: str


class PhoneLinks(Command, frozen=True):
    """``phone_links``: ``renew`` makes new links first, ``repair`` a new one for one seat."""
    renew: bool = False
    repair: str | None = None


class GameCommand(Command, frozen=True):
    """``content``, ``enroll_start``: one game's id."""
    game: str


class Components(GameCommand, frozen=True):
    """``components``: every card of one game."""
    refusals: ClassVar[dict[str, str]] = {"game": _("game is a game id, not {value}")}


class ContentSet(Command, frozen=True):
    """``content_set``: a component's printed data, or null to forget it."""
    component: str
    fields: dict[str, Any] | None = None


class Enroll(Command, frozen=True):
    uid: str
    component: str


class Forget(Command, frozen=True):
    uid: str


class WriteTag(Command, frozen=True):
    """``write_tag``: ``wait`` seconds (1-120) for a tag on ``reader``; ``force``
    overwrites a tag that carries another text."""
    component: str
    reader: str | None = None
    wait: Annotated[float, msgspec.Meta(ge=1, le=120)] = 15
    force: bool = False
    refusals: ClassVar[dict[str, str]] = {"wait": _("wait is 1 to 120 seconds, not {value}")}


class Tap(Command, frozen=True):
    """``tap``: a ``component`` or a ``uid`` put on a virtual ``reader`` for ``hold`` seconds."""
    component: str | None = None
    uid: str | None = None
    reader: str | None = None
    hold: Annotated[float, msgspec.Meta(ge=0, le=MAX_HOLD)] = DEFAULT_HOLD
    refusals: ClassVar[dict[str, str]] = {"hold": _("hold is 0 to {most} seconds, not {value}")}
    refusal_params: ClassVar[dict[str, str]] = {"most": f"{MAX_HOLD:g}"}


class VoiceSettings(Command, frozen=True):
    """``voice_settings``: any subset of the voice's settings (checked against their record,
    :class:`companion.voice.settings.VoiceSettings`, by :mod:`companion.daemon.kept`)."""
    voice: dict[str, Any]


class ScreenSettings(Command, frozen=True):
    """``screen_settings``: any subset of the table screen's settings (checked against their
    record, :class:`companion.screen_settings.ScreenSettings`, by :mod:`companion.daemon.kept`)."""
    screen: dict[str, Any]


class ContentExport(Command, frozen=True):
    game: str
    format: str = "toml"


class FileImport(Command, frozen=True):
    """``content_import`` and ``tags_import``: a file's ``text`` (missing: the answer says
    so) and ``name``; ``game``: the game the file must be of."""
    text: str | None = None
    name: str = ""
    game: str | None = None


class TagsExport(Command, frozen=True):
    format: str | None = None


class ResumeGame(Command, frozen=True):
    game_id: GameId
    refusals: ClassVar[dict[str, str]] = {"game_id": _("a game id is a whole number from 1, not {value}")}


class DeleteGame(ResumeGame, frozen=True):
    confirm: bool | None = None


#: Command name -> its shape. A command registered without a shape here is refused by the
#: test that compares this with :data:`companion.daemon.commands.COMMANDS`.
COMMANDS: dict[str, type[Command]] = {
    **dict.fromkeys(("state", "games", "about", "check", "rules", "tags", "enroll_skip", "enroll_undo",
                     "enroll_stop", "saved_games", "set_aside", "history", "desk_link", "repeat",
                     "call_staff", "staff_ack", "why"), Command),
    "choose": Choose, "undo": Undo, "new_game": NewGame, "language": Language, "private": Private,
    "phone_links": PhoneLinks, "content": GameCommand, "components": Components,
    "enroll_start": GameCommand, "content_set": ContentSet, "enroll": Enroll, "forget": Forget,
    "write_tag": WriteTag, "tap": Tap, "voice_settings": VoiceSettings,
    "screen_settings": ScreenSettings, "content_export": ContentExport,
    "content_import": FileImport, "tags_import": FileImport, "tags_export": TagsExport,
    "resume_game": ResumeGame, "delete_game": DeleteGame,
}


def command(message: dict[str, Any]) -> Command:
    """``message`` (a decoded line whose ``cmd`` is a known command) as its struct, which its
    handler is given. A shape with ``keys`` (:class:`NewGame`) is given the others as ``unknown``.

    Raises:
        ProtocolError: a key of the wrong type or out of range, or a required key missing;
            one line naming the key.
    """
    shape = COMMANDS.get(message["cmd"], Command)  # a command without a shape: tests/test_schema.py says so
    keys: frozenset[str] | None = getattr(shape, "keys", None)
    given = message if keys is None else {key: value for key, value in message.items() if key in keys}
    try:
        checked = msgspec.convert(given, shape, strict=True)
    except msgspec.ValidationError as exc:
        raise ProtocolError(refusal(shape, message, str(exc))) from None
    if keys is None:
        return checked
    return msgspec.structs.replace(checked, unknown=tuple(sorted(set(message) - keys)))


#: msgspec's ``... - at `$.key[0]``` and ``Object missing required field `key```.
_AT = re.compile(r"^(?P<why>.*?)(?: - at `\$(?P<path>[^`]*)`)?$")
_MISSING = re.compile(r"missing required field `(?P<key>[^`]+)`")
_EXPECTED = re.compile(r"^Expected `(?P<type>[^`]+)`(?:, got `[^`]+`)?$")

#: msgspec's type names -> how a refusal says them.
_KINDS = {"str": _("text"), "int": _("a whole number"), "float": _("a number"), "bool": _("true or false"),
          "object": _("an object"), "array": _("a list"), "str | null": _("text"), "int | null": _("a whole number"),
          "bool | null": _("true or false"), "object | null": _("an object or null")}


def refusal(shape: type[Command], message: dict[str, Any], error: str) -> Msg:
    """The one-line refusal of ``message`` for msgspec's ``error``: a sentence, which the
    daemon says in the table's language (the value sent quoted, cut to :data:`_LONGEST`)."""
    found = _AT.match(error)
    why, path = (found["why"], found["path"] or "") if found else (error, "")
    missing = _MISSING.search(why)
    if missing and not path:
        key = missing["key"]
        if key in shape.refusals:
            return _filled(shape, shape.refusals[key], None)
        return msg("{command} needs {key}", command=message["cmd"], key=key)
    key = path.lstrip(".").split("[")[0].split(".")[0]
    mapping, _, _ = path.partition("[...]")  # a value in an object (``colours``): the object is named
    value = _at(message, mapping)
    if key in shape.refusals:
        return _filled(shape, shape.refusals[key], value)
    name = mapping.lstrip(".")
    return _said(msg("each value of {name}", name=name) if mapping != path else name, why, value)


def _said(name: str, why: str, value: Any) -> Msg:
    """``name is text, not VALUE`` for a wrong type; msgspec's words for the rest."""
    expected = _EXPECTED.match(why)
    if expected and expected["type"] in _KINDS:
        return msg("{name} is {kind}, not {value}", name=name, kind=msg(_KINDS[expected["type"]]),
                   value=_shown(value))
    return msg("{name}: {why}, not {value}", name=name, why=why[:1].lower() + why[1:], value=_shown(value))


def _filled(shape: type[Command], sentence: str, value: Any) -> Msg:
    return msg(sentence, value=_shown(value), **shape.refusal_params)


def _shown(value: Any) -> str:
    """The value sent, as a refusal quotes it (``repr``), cut: a hostile line may send 100 kB."""
    shown = repr(value)
    return shown if len(shown) <= _LONGEST // 2 else shown[:_LONGEST // 2 - 1] + "…"


def _at(message: Any, path: str) -> Any:
    """The value at msgspec's ``path`` (``.players[0]``) in ``message``, or None."""
    for part in re.findall(r"\.([^.\[]+)|\[(\d+)\]", path):
        key, index = part
        try:
            message = message[key] if key else message[int(index)]
        except (KeyError, IndexError, TypeError):
            return None
    return message


class PhoneChoice(msgspec.Struct, frozen=True):
    """What a player's phone page sends (:mod:`companion.phones.server`): ``{"choose": KEY,
    "revision": N}``, a choice of that player's private prompt and the state it was made on."""
    choose: Annotated[str, msgspec.Meta(min_length=1, max_length=200)]
    revision: int | None = None


# ---------------------------------------------------------------------- daemon -> client

_JSON = msgspec.json.Decoder()


def decode(line: bytes | str) -> dict[str, Any]:
    """One line from the daemon, as :func:`companion.protocol.decode` reads it but with
    msgspec's decoder (half the time of ``json.loads``: with :func:`problem` the client reads
    and checks a state in less time than it read it before).

    Raises:
        ProtocolError: not UTF-8 JSON (NaN and Infinity included), or not an object.
    """
    try:
        message = _JSON.decode(line)
    except msgspec.DecodeError as exc:  # a ValidationError (a number out of range) too
        raise ProtocolError(f"not JSON: {str(exc)[:80]}") from exc
    if not isinstance(message, dict):
        raise ProtocolError("a message is a JSON object")
    return message


#: How the daemon's ``state`` line starts (:func:`companion.protocol.state_message`: ``type`` first).
_STATE_LINE = b'{"type":"state",'
_STATE = msgspec.json.Decoder(messages.StateMessage)


def decode_checked(line: bytes | str) -> tuple[dict[str, Any], bool]:
    """:func:`decode` of one line from the daemon, and whether it is a ``state`` of this
    protocol's version that fits :class:`~companion.messages.StateMessage` already: then
    :func:`problem` has nothing to say of it. A state line is read straight into its
    TypedDict, which checks it as it reads it (tap18, issue 35 item 3: ~0.09 ms for
    Creepy Cellar's, where a read and :func:`problem`'s check took ~0.2 ms). The message is
    the one :func:`decode` gives, key for key and in order: a state of this version has
    exactly the typed keys (tests/test_messages.py), and any other line (another message, a
    state that does not fit or of another version) is read by :func:`decode`.

    Raises:
        ProtocolError: as :func:`decode`.
    """
    if type(line) is bytes and line.startswith(_STATE_LINE):
        try:
            message = _read_state(line)
        except msgspec.DecodeError:  # a ValidationError too: read as any line, so its problem is said
            pass
        else:
            if message.get("version") == PROTOCOL_VERSION:
                return message, True
    elif type(line) is bytes and _LATER_LINE.fullmatch(line):
        try:
            return _LATER.decode(line), True
        except msgspec.DecodeError:  # read as any line, so its problem is said
            pass
    return decode(line), False


class _Later(TypedDict):
    """:class:`~companion.messages.LaterMessage` as :func:`decode` reads it: a figure written
    as an integer stays one (``problem`` takes it for a float, as msgspec does)."""
    type: Literal["later"]
    revision: int
    game: str
    view: dict[str, int | float | None]


#: A ``later`` line as the daemon writes it (:func:`companion.protocol.later_message`): these
#: four keys alone, in this order, its view flat; read and checked in one pass (tap21), as a
#: state is. Any other line is read by :func:`decode`, and ``problem`` checks it.
_LATER_LINE = re.compile(rb'\{"type":"later","revision":-?\d+,"game":"[^"\\]*","view":\{[^{}\[\]]*\}\}\n?')
_LATER = msgspec.json.Decoder(_Later)


#: The parts of a state a game repeats from one state to the next (a tap's view when the table
#: taps again what it undid, and above all the prompt, its choices and their names), in the
#: order the daemon writes them, right after ``title``.
_SHARED = ("view", "stand_ins", "articles", "prompt")
#: Where the daemon's state line has its ``view`` (:func:`companion.protocol.state_message`'s
#: first keys, every value before it a plain one, so ``"view":`` here is the message's own; a
#: title with an escape in it is not matched: its states are read whole).
_HEAD = re.compile(rb'\{"type":"state","version":\d+,"game":(?:null|"[^"\\]*"),"title":"[^"\\]*","view":')
#: A state line with :data:`_SHARED` made null, read and checked as :data:`_STATE` reads the rest.
_HOLED = msgspec.json.Decoder(TypedDict("_Holed", {**get_type_hints(messages.StateMessage),  # type: ignore[misc]
                                                   **dict.fromkeys(_SHARED, None)}, total=False))
_HOLE = b'null,"stand_ins":null,"articles":null,"prompt":null'
_JOINED = (b"", b',"stand_ins":', b',"articles":', b',"prompt":')
#: How much of a view must be as the last state's for its parts' text to be made to compare.
_LOOK = 512
_ENCODE = msgspec.json.Encoder()
#: The last two states read, the newest first (a tap's state, then its undo's, which a tap
#: again repeats): each (its :data:`_SHARED` parts' text, or None until it is worth making,
#: the parts, its line, where its view starts). One tuple, replaced whole: a reader thread
#: sees a consistent one.
_kept: tuple[tuple[bytes | None, tuple, bytes, int], ...] = ()


def _read_state(line: bytes) -> dict[str, Any]:
    """A state line read into :class:`~companion.messages.StateMessage` (:data:`_STATE`), its
    :data:`_SHARED` parts taken from one of the last two states read when its line has their
    very text there (tap21, issue 35 item 3: they are 60 % of a Creepy Cellar state's text;
    the rest is read and checked as before). JSON values end where they close, so a line that
    holds a state's parts' exact text where its view starts holds those parts, which were
    checked as they were read. The message is :data:`_STATE`'s, key for key, in order. Its
    parts may be an earlier message's own objects: callers must not modify them (as with
    the daemon's, protocol.py).

    Raises:
        msgspec.DecodeError: as :data:`_STATE`.
    """
    global _kept
    head = _HEAD.match(line)
    if head is None:
        return _STATE.decode(line)
    at, kept = head.end(), _kept
    for n, (text, parts, before, was) in enumerate(kept):
        if text is None and line[at:at + _LOOK] == before[was:was + _LOOK]:  # worth comparing: made once
            text = b"".join(joint + _ENCODE.encode(part) for joint, part in zip(_JOINED, parts))
        if text is not None and line.startswith(text, at):
            try:
                message = _HOLED.decode(b"".join((line[:at], _HOLE, line[at + len(text):])))
            except msgspec.DecodeError:
                return _STATE.decode(line)
            message.update(zip(_SHARED, parts))  # keys there already: their order stays
            _kept = ((text, parts, before, was), *kept[:n], *kept[n + 1:])
            return message
        if text is not None and kept[n][0] is None:
            kept = (*kept[:n], (text, parts, before, was), *kept[n + 1:])
    message = _STATE.decode(line)
    parts = tuple(message.get(key, _STATE) for key in _SHARED)
    _kept = kept[:1] if _STATE in parts else ((None, parts, line, at), *kept[:1])
    return message


#: Message type -> its TypedDict, for the messages a client checks. Not ``ack``: an ack is
#: matched to the request waiting for it, which must never wait in vain for a dropped one.
SERVER_MESSAGES: dict[str, Any] = {
    "state": messages.StateMessage, "notice": messages.NoticeMessage, "check": messages.CheckMessage,
    "private": messages.PrivateMessage, "rules": messages.RulesMessage, "components": messages.ComponentsMessage,
    "phone_links": messages.PhoneLinksMessage, "games": messages.GamesMessage, "later": messages.LaterMessage,
}


def problem(message: dict[str, Any]) -> str | None:
    """Where ``message`` (from the daemon) breaks :mod:`companion.messages` (its type in
    :data:`SERVER_MESSAGES`): one line such as
    ``Expected `str`, got `int` - at `$.prompt.choices[0].key```, or None (it fits, or its
    type is not checked). ``message`` itself is left as it is."""
    shape = SERVER_MESSAGES.get(message.get("type"))  # type: ignore[arg-type]
    if shape is None:
        return None
    try:
        msgspec.convert(message, shape, strict=True)
    except msgspec.ValidationError as exc:
        return str(exc)
    return None
