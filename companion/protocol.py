"""The daemon socket protocol: newline-delimited JSON over a Unix stream socket.

Each command's keys and types are a struct of :mod:`companion.schema` (checked by the daemon
before the command runs); each message's are a ``TypedDict`` of :mod:`companion.messages`
(checked by :class:`companion.client.Client`). What follows says what they mean.

Daemon -> client:
    ``{"type": "state", ...}`` (see :func:`state_message`), after connecting and after every
    accepted input; then, for a game whose view has slow figures (Creepy Cellar's odds
    meter), ``{"type": "later", "revision": N, "game": G, "view": {"odds_haunting": 0.42}}``
    (:func:`later_message`): those figures of state N, which carried each as None (issue 35
    item 3: the state goes out first, the meter's playouts after it; only numbers, from
    public facts); ``{"type": "notice", "level": "warning", "text": ..., "rule": ...,
    "reason": ...}`` for a refused input or a problem (``reason``: the text without the
    prompt it ends with, for a screen showing the prompt); ``{"type": "ack", "id": ...,
    "ok": bool, "text": ...}`` for each command that carried an ``id``.
Client -> daemon:
    ``{"cmd": "choose", "key": "end-turn"}``, ``{"cmd": "undo"}`` (either may say
    ``"revision": N``, the state the touch was made on: refused if the game moved on since),
    ``{"cmd": "new_game", "game": "creepy_cellar", "players": [...], "options": {...}}`` (and
    optionally ``"colours": {"Ada": "orange"}``, see ``companion/palette.py``)
    (refused while an unfinished game runs unless it also says ``"abandon": true``; the seed
    is the daemon's, never the client's), ``{"cmd": "state"}`` (answered to the asker only),
    ``{"cmd": "games"}`` (every game with its options, and the game on the table) and
    ``{"cmd": "about"}`` (version, files, reader roles), read-only, answered to the asker only;
    ``{"cmd": "rules"}`` (the rules card for the step at hand and the whole game, answered
    to the asker only with a ``rules`` message, :func:`rules_message`);
    ``{"cmd": "check"}`` (the table check, answered to the asker only with a ``check``
    message, :func:`check_message`; a correction it lists is sent as an ordinary ``choose``
    with its key and the check's ``revision``, and is recorded, undone and replayed like
    any touch);
    the privacy screen: ``{"cmd": "private", "player": NAME}``, answered to the asker only,
    never broadcast, with ``{"type": "private", ...}`` (see :func:`private_message`: what that
    one player may see, and the private choices when they are theirs to make). The shared
    ``state`` never carries a private choice's label: its prompt says ``"private": {"player":
    NAME, "main": bool}`` instead (``main``: the privacy screen is the expected step). A
    private choice is still made with an ordinary ``choose`` (its key is opaque; the ack and
    news never repeat its label). The daemon logs that a privacy screen
    was opened, never what it showed. Anyone at the table may ask: the privacy is the
    others looking away, as with a physical card;
    the players' phones (issue 22; only when the config's ``[phones]`` enables them):
    ``{"cmd": "phone_links"}``, answered to the asker only with ``{"type": "phone_links",
    "links": {"Ada": "http://…/p/<token>", …}}`` (this game's links: a new game revokes
    them; ``"renew": true`` makes new ones first, revoking the old; ``"repair": "Ada"`` a new
    one for Ada's seat only, closing her phone; a seat opens on the first phone that uses
    its link); every ``state`` says ``"phones": {"Ada": true, "Bo": false}`` (whose phone is
    connected now; ``{}`` with phones off): that player's private prompts are on their phone;
    ``{"cmd": "language", "language": "it"}`` (the table's language, for every client);
    the tag registry: ``{"cmd": "tags"}`` (answered ``{"type": "tags", "tags": {uid: component}}``),
    ``{"cmd": "enroll", "uid": ..., "component": ...}``, ``{"cmd": "forget", "uid": ...}``;
    the enrollment walk (it belongs to the client that starts it and ends when it leaves):
    ``{"cmd": "enroll_start", "game": ...}``, ``enroll_skip``, ``enroll_undo``, ``enroll_stop``;
    programming a tag: ``{"cmd": "write_tag", "component": ..., "reader": ..., "wait": 15,
    "force": false}`` (answered when done; cancelled if the client leaves).
    printed card data (:mod:`companion.table_content`): ``{"cmd": "content", "game": G}``
    (answered ``{"type": "content", ...}`` to the asker), ``{"cmd": "content_set",
    "component": C, "fields": {...} or null}`` (counts from the next new game).
    a virtual tap (issue 18; a daemon with virtual readers, :mod:`companion.daemon.taps`):
    ``{"cmd": "tap", "component": C}`` (a virtual tag carrying C) or ``{"cmd": "tap", "uid":
    HEX}`` (that tag, blank), optionally ``"reader"`` (a virtual reader's name or role;
    default: the role that reads C's kind) and ``"hold"`` (seconds on the reader, 0-120,
    default 0.5): the card is put on the reader, read and played as a real tap, and lifted;
    the ack says ``ok`` true with what happened when the game accepted it, false with the
    table's refusal sentence when it refused it (a problem with the command itself, such as
    no virtual reader or an unknown component, comes as a notice too). The daemon adds to
    every state ``hardware``: ``{"dice_button": bool, "virtual": bool, "readers": [{"name",
    "role", "online", "virtual", "dropouts"}]}`` (``dropouts``: times the reader went offline
    since the daemon started) and ``tap_components``: ``[{"component", "label"}]``,
    the components whose tap the prompt would accept, when the daemon has virtual readers
    (else ``[]``); ``{"cmd": "components", "game": G}`` is answered to the asker only with
    ``{"type": "components", "game", "components": [{"component", "label"}]}`` (every
    component of G, for the Cards panel's search).
    the owner's commands (issue 34, :mod:`companion.daemon.desk_commands`): ``content_export``
    (game, format ``toml``/``csv``) and ``tags_export`` (format), answered to the asker with
    the file's ``text``; ``content_import`` (text, name, optional game) and ``tags_import``
    (text, name): the file checked as a whole and saved in one transaction, or nothing, the
    answer listing each ``problems`` with its line; ``saved_games`` (every game in the
    store: id, game, title, players, started, last_move, inputs, status: in progress, set aside,
    finished or kept; running),
    ``resume_game`` (game_id), ``set_aside``, ``delete_game`` (game_id, confirm: true; never
    the game on the table); ``history`` (finished games, per player, per game);
    ``desk_link`` (the owner's desk link, to the asker only; the desk starts then).
    a venue (issue 32, :mod:`companion.venue`): ``{"cmd": "call_staff"}`` (refused without an
    ``[mqtt]`` section) and ``{"cmd": "staff_ack"}`` (the call and staff's message go; also
    what the venue's ``staff_ack`` over MQTT does); every state carries ``"staff": {"called":
    bool, "since": unix seconds or null, "message": text or null}`` (a short text staff sent
    to the table screen) and ``"venue": bool`` (the config has ``[mqtt]``: the Menu shows
    "Call staff"), and ``hardware`` carries ``"broker"``: ``{"broker": "host:port", "table",
    "connected": bool, "problem": text or null, "queued", "dropped"}`` (null without ``[mqtt]``).
    the voice (issue 28, :mod:`companion.daemon.voice`): ``{"cmd": "repeat"}`` broadcasts
    ``{"type": "repeat"}`` to every client (the voice says the prompt and the todo lines
    again), ``{"cmd": "why"}`` broadcasts ``{"type": "why"}`` (the voice says the latest
    news' explanations, issue 33 item 2); ``{"cmd": "voice_settings", "voice": {"on": bool, "volume": 0-100, "speed":
    "slow"|"normal", "say": "everything"|"todo"|"sounds"}}`` (any subset) is kept in the
    store like the language, and every ``state`` carries ``"voice"`` with all four.
    the table screen (issue 29, :mod:`companion.daemon.screen`): ``{"cmd": "screen_settings",
    "screen": {"text": "normal"|"large", "motion": bool}}`` (any subset) is kept in the store
    like the language, and every ``state`` carries ``"screen"`` with both.
    Any of them may carry an ``"id"`` to get an ack. Problems with a command are told to
    the client that sent it; a refused table input (a touch at the wrong moment) is told to
    every client, since every client is a screen at the table.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from typing import Any

import msgspec

from companion.engine.lessons import purpose_of
from companion.engine.rulecard import sections_now
from companion.engine.why import why_message
from companion.errors import CompanionError
from companion.i18n import Msg, Name, StandIn, is_notable, msg, recap_of, render, render_all, translations
from companion.messages import (
    CheckMessage,
    ChoiceMessage,
    EndingMessage,
    GameOptionMessage,
    LaterMessage,
    LessonMessage,
    MomentMessage,
    NoticeLevel,
    NoticeMessage,
    OddsMessage,
    PrivateMessage,
    PrivateOwner,
    PrivatePrompt,
    PromptMessage,
    RuleSectionMessage,
    RulesMessage,
    StateMessage,
    TodoLine,
    WhyEntry,
)
from companion.refusal_reason import reason

PROTOCOL_VERSION = 1

#: The voice settings (every state's ``voice``) of a table that chose none (issue 28).
VOICE_DEFAULTS: dict[str, Any] = {"on": True, "volume": 80, "speed": "normal", "say": "everything"}

#: The table screen's settings (every state's ``screen``) of a table that chose none (issue 29):
#: the reading text's size and whether what changed is animated.
SCREEN_DEFAULTS: dict[str, Any] = {"text": "normal", "motion": True}

#: Longest line either side accepts, in bytes.
MAX_LINE = 1 << 20


class ProtocolError(CompanionError, ValueError):
    """A line that is not a JSON object, or a command refused (its message: a sentence,
    :class:`~companion.i18n.Msg`, rendered in the table's language by whoever answers)."""


def problem_of(exc: BaseException) -> Msg | str:
    """What a refusal ``exc`` says, to render in the table's language at the edge (the ack and
    notice of :func:`companion.daemon.commands.answer`): its sentence when it was raised with a
    :class:`~companion.i18n.Msg`, else its English text."""
    first = exc.args[0] if exc.args else None
    return first if isinstance(first, Msg) else str(exc)


def _plain(value: Any) -> Any:
    """msgspec's hook for what it does not encode itself: a ``str``/``int``/``float``
    subclass (a rendered sentence type, say) as its plain value, as :func:`json.dumps` does."""
    if isinstance(value, str):
        return str.__str__(value)
    if isinstance(value, (int, float)):
        return int(value) if isinstance(value, int) else float(value)
    raise TypeError(f"Object of type {type(value).__name__} is not JSON serializable")


_ENCODER = msgspec.json.Encoder(enc_hook=_plain)
#: Every digit as ``0``, to find where msgspec may write a float otherwise than :func:`json.dumps`:
#: an exponent (``1e16`` for ``1e+16``, ``1e-7`` for ``1e-07``: ``0e`` here) or a small one in
#: full (``0.00001`` for ``1e-05``: ``0.0000``). Such a line is made again with json, so the bytes
#: never change; text and floats that merely look so take the json path too. (A translate and two
#: finds: a fifth of a regular expression's time on a state.)
_DIGITS = bytes.maketrans(b"123456789", b"000000000")


def _may_differ(line: bytes) -> bool:
    digits = line.translate(_DIGITS)
    return b"0e" in digits or b"0.0000" in digits


def encode(message: dict[str, Any]) -> bytes:
    """One message as a JSON line (UTF-8, ending in ``\\n``). Never raises for text:
    a character UTF-8 cannot carry (a lone surrogate) becomes ``?``.

    The bytes are exactly :func:`json.dumps`'s (``ensure_ascii=False``, no spaces), made
    with msgspec (~8x quicker on a state, issue 35): a line msgspec cannot make, or may
    make otherwise (a float in exponent form, a lone surrogate), is made with json.

    A ``view`` that :func:`_rendered_view` kept (a state's view seen before) is written from its
    bytes made once, in the JSON pass and in :func:`_floats`' msgpack pass alike, so both passes
    give the very bytes they gave on the whole message (tap19, issue 35 item 3).

    Raises:
        ProtocolError: a float in it is NaN or an infinity, which JSON has no number for
            (msgspec wrote null, json.dumps ``NaN``); the error names where.
    """
    if len(message) <= _TEXT_ONLY_MAX and _TEXT.issuperset(map(type, message.values())):
        said = tuple(message.items())  # a tap's flash, a notice: text alone, its line made once (tap19)
        line = _TEXT_LINES.get(said)
        if line is None and _KEYS.issuperset(map(type, message)):
            if len(_TEXT_LINES) >= _TEXT_ONLY_MAX * 16:
                _TEXT_LINES.clear()
            line = _TEXT_LINES[said] = _encode(message)
        if line is not None:
            return line
    return _encode(message)


#: A message of this many items or fewer, each an exact ``str`` or None (:data:`_TEXT`), is
#: written once (:data:`_TEXT_LINES`): its line is its items' alone.
_TEXT_ONLY_MAX = 6
_TEXT = frozenset({str, type(None)})
#: The lines of such messages, by their items (a tap's flash ``{"type": "input", "kind": "tap",
#: "reader": "table", "uid": None}`` again and again); emptied when full.
_TEXT_LINES: dict[tuple, bytes] = {}


def _encode(message: dict[str, Any]) -> bytes:
    """:func:`encode`'s work."""
    packed, written = message, message
    for name in _PARTS_WRITTEN:  # a view or prompt made before: its bytes in both passes, made once (tap19)
        part = message.get(name)
        kept = _RAW.get(id(part)) if part is not None else None
        if kept is not None and kept[0] is part:
            if kept[2] is _UNWRITTEN:
                kept = _RAW[id(part)] = (part, *_raw(part, kept[1]))
            if kept[2] is not None:
                if packed is message:
                    packed, written = dict(message), dict(message)
                packed[name], written[name] = kept[1], kept[2]
    try:
        line = _ENCODER.encode(written)
    except (TypeError, ValueError, OverflowError):  # UnicodeEncodeError is a ValueError
        return json_line(message)
    floats = _floats(packed)
    if floats is _NOT_FINITE or (floats is _FINITE and _may_differ(line)):  # no float: the same text
        return json_line(message)
    return line + b"\n"


#: The parts of a message :func:`encode` writes from :data:`_RAW` when it holds them.
_PARTS_WRITTEN = ("view", "prompt")


def _raw(part: Any, packed: Any) -> tuple[Any, Any]:
    """``part``'s msgpack (``packed`` when made already) and JSON as msgspec writes them within
    a message (each is written value by value, so a value's bytes are the same alone or in its
    message), each as :class:`msgspec.Raw`; JSON None when msgspec cannot write it."""
    try:
        if packed is _UNWRITTEN:
            packed = msgspec.Raw(_PACKER.encode(part))
        return packed, msgspec.Raw(_ENCODER.encode(part))
    except (TypeError, ValueError, OverflowError):
        return None, None


def json_line(message: dict[str, Any]) -> bytes:
    """:func:`encode` with :func:`json.dumps` alone: the reference its bytes are checked against.

    Raises:
        ProtocolError: a NaN or infinite float in ``message``.
    """
    try:
        text = json.dumps(message, ensure_ascii=False, separators=(",", ":"), allow_nan=False) + "\n"
    except ValueError as exc:
        if "Out of range float" not in str(exc):
            raise
        raise ProtocolError(f"a message cannot carry NaN or Infinity (JSON has no such number): "
                            f"{_not_finite_at(message) or '$'}") from None
    return text.encode("utf-8", "replace")


_PACKER = msgspec.msgpack.Encoder(enc_hook=_plain)


#: What :func:`_floats` finds.
_NO_FLOAT, _FINITE, _NOT_FINITE = "no float", "finite floats", "may not be finite"


def _floats(message: dict[str, Any]) -> str:
    """Whether ``message`` holds no float (:data:`_NO_FLOAT`: msgspec's text is json's, and
    :func:`_may_differ`'s look is not needed, issue 35 item 3), only finite ones
    (:data:`_FINITE`), or may hold a NaN or infinite one (:data:`_NOT_FINITE`: msgspec's JSON
    writes them as null). msgpack writes every float as 0xcb and its 8 big-endian bytes, a
    non-finite one starting 7ff or fff, which no UTF-8 text holds. Cheap (a third of the JSON
    encode) where a walk over a state took three times it; a rare false alarm (an integer's
    bytes) only sends the message down the json path, which checks exactly."""
    try:
        packed = _PACKER.encode(message)
    except (TypeError, ValueError, OverflowError):
        return _NOT_FINITE
    if b"\xcb" not in packed:  # no float at all (most messages; an integer's byte: a false alarm)
        return _NO_FLOAT
    for prefix in (b"\xcb\x7f", b"\xcb\xff"):
        at = packed.find(prefix)
        while at >= 0:
            if at + 2 < len(packed) and packed[at + 2] >= 0xF0:
                return _NOT_FINITE
            at = packed.find(prefix, at + 1)
    return _FINITE


def _may_not_be_finite(message: dict[str, Any]) -> bool:
    """Whether ``message`` may hold a NaN or infinite float (:func:`_floats`)."""
    return _floats(message) is _NOT_FINITE


def _not_finite_at(value: Any, path: str = "$") -> str | None:
    """Where in ``value`` a NaN or infinite float is (``$.view.odds[1]``), or None."""
    if isinstance(value, float):
        return None if math.isfinite(value) else path
    if isinstance(value, dict):
        items: Any = ((f"{path}.{key}", item) for key, item in value.items())
    elif isinstance(value, (list, tuple)):
        items = ((f"{path}[{index}]", item) for index, item in enumerate(value))
    else:
        return None
    for where, item in items:
        found = _not_finite_at(item, where)
        if found:
            return found
    return None


def decode(line: bytes | str) -> dict[str, Any]:
    """Parse one line.

    Raises:
        ProtocolError: not valid JSON, or not an object.
    """
    try:
        text = line.decode("utf-8") if isinstance(line, bytes) else line
    except UnicodeDecodeError as exc:
        raise ProtocolError(msg("not UTF-8 text")) from exc
    try:
        message = json.loads(text, parse_constant=_no_constant)
    except (ValueError, RecursionError) as exc:  # JSONDecodeError is a ValueError
        said = exc.args[0] if exc.args and isinstance(exc.args[0], Msg) else str(exc)[:80]  # NaN: our words
        raise ProtocolError(msg("not JSON: {problem}", problem=said)) from exc
    if not isinstance(message, dict):
        raise ProtocolError(msg("a message is a JSON object"))
    return message


def _no_constant(name: str):
    raise ValueError(msg("{name} is not allowed", name=name))


def state_message(session, recent: list[str], news: tuple[str, ...] = (), lang: str = "en",
                  touch: bool = False, log_why: list[WhyEntry | None] | None = None,
                  log_notable: list[int] | None = None,
                  said_news: tuple[list[str], list[WhyEntry | None]] | None = None) -> StateMessage:
    """The ``state`` message for the current game (``session`` may be None: no game yet).

    Keys: ``type``, ``version``, ``game`` (id or None), ``title``, ``view`` (the game's public
    view, its slow figures None: :meth:`~companion.engine.game.Game.view_first`, then
    :func:`later_message`), ``stand_ins`` (issue 27 item 3: each stand-in's name the view and the
    prompt's public choices and ``out_of_turn`` show, in the words shown -> its number, e.g.
    ``{"Mostro 5": "5", "Tessera 2-4": "2-4"}``: a card or tablet whose printed name the rulebook
    does not give, :class:`~companion.i18n.StandIn`; a screen draws its icon and number where the
    whole name does not fit, and never tells one by its shape: a card the owner named "Room 7"
    is not listed; only names the message shows, so nothing hidden), ``articles`` (issue 29: the
    definite article of each name they show in ``lang``, by the words shown, "" for a name said
    without one: ``{"Luogo 7": "il", "Sinagoga": "la"}``; a name the owner entered has none), ``prompt`` (``text``,
    ``player``, ``choices`` [{key, label, main, screen}] (never a private
    or a tap-only choice; ``main``: the expected next step, the one large button), ``over``,
    ``setup`` (True before the first turn, while the table sets the game up:
    :attr:`~companion.engine.game.Game.setting_up`; the screen's header says so),
    ``summary`` (once over: how it ended, ``Game.summary``, else None), ``ending`` (once over:
    won, lost or a tie, the winners, the scores, the solution: ``Game.ending``, else None), ``private``:
    ``{"player": name}`` when the prompt has private choices, which that player sees only by
    asking ``private``, else None; ``out_of_turn``: [{key, label, player}], choices another
    player may make now), ``todo`` ([{kind, text}]: what the table must physically do now,
    :func:`todo_message`; in first-game mode a set-up step's ``lesson`` says what it is for),
    ``can_undo``, ``undone`` (``news`` are what an undo did and ``todo`` what to put back:
    :attr:`companion.session.Session.undone`; False without news, e.g. on connecting),
    ``private_players`` (the players who have something of their own to see on a
    privacy screen now, e.g. a secret victory card the companion dealt: those whose
    ``private_view`` is not empty), ``news`` (what the last input did), ``why`` (one entry per news line:
    ``{"rule", "text", "from"}`` or None, :mod:`companion.engine.why`) and ``log`` (recent
    news, oldest first; ``log_why``: one ``why`` entry or None per ``log`` line, so a screen can
    explain any line of its history; ``notable`` and ``log_notable``: the indexes of the ``news``
    and ``log`` lines the game marked as moments to remember, :func:`companion.i18n.notable`,
    what the game-over summary recalls in any language; the log's undone lines are not
    moments), ``moments`` (once over: the game's moments still standing with their turn,
    :func:`moments_message`, else []) and ``colours`` (player -> palette key, from the header and
    ``Game.seat_colours``; ``{}`` when none were chosen), ``inks`` (player -> ``#rrggbb``, the
    printed colour of the player's pieces where it is not the palette's: ``Game.seat_inks``),
    ``status`` (the game's counters in one line for a text screen, ``Game.status_line``, or None),
    ``lesson`` (first-game mode: :func:`lesson_message`, else None), ``odds`` (the odds meter: :func:`odds_message`).
    Every sentence (prompt, choice labels, news, log) is rendered in ``lang``
    (:func:`companion.i18n.render`); ``touch``: the table has no dice button, so a sentence
    that asks for it names the button to touch instead (issue 17 item 7). The daemon adds ``language``, ``readers``:
    ``{name: {"online": bool, "detail": str}}``,
    ``enrollment``: the enrollment walk in progress (:meth:`companion.enrollment.Walk.to_json`)
    or None, and ``physical``: after an accepted tap or dice press, ``{"kind": "tap"|"press",
    "label", "position"}`` for the screen's undo toast (None otherwise).
    ``log_why``: the ``log``'s whys when ``recent`` comes rendered already (the publisher's
    cache); by default they are read from ``recent``'s sentences, as ``log_notable`` is.
    ``said_news``: ``news`` rendered already, with their ``why`` entries (the publisher's
    cache, which the news reached as the log's last lines: not rendered twice on a tap's path,
    issue 35 item 3); by default they are rendered here.
    """
    if said_news is None:
        said_news = (render_all(news, lang, touch), why_message(news, lang))
    if log_why is None:
        log_why = why_message(recent, lang)
    if log_notable is None:
        log_notable = notable_indexes(recent, session)
    if session is None:
        empty: PromptMessage = {"text": render(msg("No game yet: start a new one."), lang), "player": None,
                                "choices": [], "over": False, "setup": False, "summary": None, "ending": None,
                                "private": None, "hidden_card": None, "out_of_turn": []}
        return {"type": "state", "version": PROTOCOL_VERSION, "game": None, "title": "",
                "view": {}, "stand_ins": {}, "articles": {}, "prompt": empty, "can_undo": False, "undone": False,
                "private_players": [], "news": [], "why": [],
                "notable": [], "todo": [], "log": render_all(recent, lang, touch), "log_why": log_why,
                "log_notable": log_notable, "moments": [],
                "colours": {}, "inks": {}, "status": None, "lesson": None,
                "odds": None}
    view, stand_ins, articles, prompt, private_players, colours, inks, status, odds = _state_parts(session, lang, touch)
    return {
        "type": "state",
        "version": PROTOCOL_VERSION,
        "game": session.spec.id,
        "title": session.spec.title,
        "view": view,
        "stand_ins": stand_ins,
        "articles": articles,
        "prompt": prompt,
        "can_undo": session.can_undo,
        "undone": bool(news) and session.undone,  # the voice says the news as an undo's (issue 27)
        "private_players": private_players,
        "news": said_news[0],
        "why": said_news[1],  # issue 33: one entry per news line (companion.engine.why)
        "notable": notable_indexes(news),  # issue 27 item 3: the moments the game-over summary recalls
        "todo": todo_message(session.todo, lang, first_game=session.lessons.on),
        "log": render_all(recent, lang, touch),
        "log_why": log_why,  # issue 33 item 2: one entry per log line, as ``why``
        "log_notable": log_notable,
        "moments": moments_message(session, lang, touch) if prompt["over"] else [],  # issue 29 item 7
        "colours": colours,
        "inks": inks,
        "status": status,
        "lesson": lesson_message(session, lang),
        "odds": odds,
    }


#: The parts of the last two state messages that are the game state's alone (:func:`_state_parts`):
#: each ``(state, header, lang, touch, parts)``, newest first, matched by identity.
_PARTS: tuple[tuple, ...] = ()


def _state_parts(session, lang: str, touch: bool) -> tuple:
    """The parts of a ``state`` message that depend on the game's state alone (an engine is
    pure), its header and the language: ``(view, stand_ins, articles, prompt, private_players,
    colours, inks, status, odds)``, worked out once for each of the last two states (tap18,
    issue 35 item 3: an undo puts back the very state object the input was played on, and a
    state is published again when a reader goes offline, a warning comes...). What is the
    session's own (its todo, lessons, moments, undo) is not in them. Callers must not modify
    what they are given (the same parts may be in several messages)."""
    global _PARTS
    state, header = session.state, session.header
    kept = _PARTS
    for at, entry in enumerate(kept):
        if entry[0] is state and entry[1] is header and entry[2] == lang and entry[3] == touch:
            if at:  # the newest first: the state a tap leaves is the one its undo's replaces
                _PARTS = (entry, *kept[:at], *kept[at + 1:])
            return entry[4]
    stand_ins: dict[str, str] = {}  # the stand-ins the view and the public choices show (issue 27 item 3)
    articles: dict[str, str] = {}  # the articles of the names they show (issue 29)
    view = _rendered_view(session.view_first(), lang, stand_ins, articles)  # card names in the table's language
    prompt = _prompt_message(session, lang, touch, stand_ins, articles)
    parts = (view, stand_ins, articles, prompt, _private_players(session), _colours(session),
             dict(zip(header.players, session.spec.seat_inks)), _status(session, lang), odds_message(session, lang))
    _PARTS = ((state, header, lang, touch, parts), *kept[:1])
    return parts


#: The prompt messages of games not over, by what they are made of (tap19, issue 35 item 3): a
#: game gives the same prompt text, choices tuple and ``out_of_turn`` tuple, state after state
#: (Creepy Cellar's "flip the top Ghost King card" and its 14 cards: the engines keep their
#: prompts' parts), so a tap's prompt is made once. (their ids, lang, touch) -> (the text, the
#: choices, the out_of_turn, the catalogue, the player, setup, the message, its stand-ins, its
#: articles). Each entry holds its objects, so their ids are not others' while it is kept; a
#: sentence, a :class:`~companion.engine.core.Choice` and a tuple never change. Emptied when full.
_PROMPTS: dict[tuple, tuple] = {}
_PROMPTS_MAX = 64


def _prompt_message(session, lang: str, touch: bool, stand_ins: dict[str, str],
                    articles: dict[str, str]) -> PromptMessage:
    """The state message's ``prompt`` (:func:`state_message`), its stand-ins and articles put in
    ``stand_ins`` and ``articles``; made once for the same text, choices and ``out_of_turn``
    (:data:`_PROMPTS`), player, set-up step, language and catalogue, unless the game is over (its
    summary and ending are the state's). Callers must not modify it."""
    p, state = session.prompt, session.state
    setup = not p.over and session.spec.setting_up(state)
    text, choices, others = p.text, p.choices, p.out_of_turn
    kept = type(choices) is tuple and type(others) is tuple and type(setup) is bool and not p.over
    if kept:
        translation = translations(lang)
        key = (id(text), id(choices), id(others), lang, touch)
        hit = _PROMPTS.get(key)
        if (hit is not None and hit[0] is text and hit[1] is choices and hit[2] is others and hit[3] is translation
                and hit[4] == p.player and hit[5] is setup):
            stand_ins.update(hit[7])
            articles.update(hit[8])
            _keep_bytes(hit[6])
            return hit[6]
    names: dict[str, str] = {}
    said_with: dict[str, str] = {}
    prompt: PromptMessage = {
        "text": render(text, lang, touch),
        "player": p.player,
        "choices": [_choice_message(c, lang, names, said_with) for c in choices if not (c.private or c.tap_only)],
        "over": p.over,
        "setup": setup,
        "summary": _summary(session, lang) if p.over else None,
        "ending": _ending(session, lang, touch) if p.over else None,
        "private": private_prompt_owner(p),
        "hidden_card": hidden_card(p),
        "out_of_turn": [{"key": c.key, "label": said(c.label, lang, names, said_with), "player": c.player}
                        for c in others if not c.private],
    }
    stand_ins.update(names)  # as if said into them: a name shown before keeps its place
    articles.update(said_with)
    if kept:
        if len(_PROMPTS) >= _PROMPTS_MAX:
            _PROMPTS.clear()
        _PROMPTS[key] = (text, choices, others, translation, p.player, setup, prompt, names, said_with)
        _keep_bytes(prompt)
    return prompt


def notable_indexes(lines, session=None) -> list[int]:
    """The indexes of ``lines`` that are moments to remember (:func:`companion.i18n.is_notable`),
    ascending: the state's ``notable`` (of its ``news``) and ``log_notable`` (of its ``log``).
    With ``session``, only the moments it still holds: the log keeps an undone input's lines,
    but an undo takes its moments back (issue 29 item 7: an undone haunting was recalled)."""
    held = None if session is None else session.moments.holds
    return [i for i, line in enumerate(lines) if is_notable(line) and (held is None or held(line))]


def moments_message(session, lang: str = "en", touch: bool = False) -> list[MomentMessage]:
    """The game's moments still standing, oldest first (:class:`companion.moments.Moments`):
    ``{"text", "turn", "round"}``, the text in ``lang``: each moment's recap form (issue 29
    item 7: what happened, never the instruction its line gave during play); ``turn`` (or ``round``, for a game
    counted in rounds) is the number the screen says it in ("Turn 12: ..."), or None; ``kind``
    the recap's msgid, its template in English ("{player} brings treasure {slot} of {total}
    to the cellar."): moments of one kind the screen can thin out (screen16), no words read."""
    return [{"text": render(recap_of(moment.line), lang, touch), "turn": moment.turn, "round": moment.round,
             "kind": str(getattr(recap_of(moment.line), "msgid", ""))}
            for moment in session.moments.standing]


def later_message(session, revision: int) -> LaterMessage | None:
    """The ``later`` message: the view's slow figures of the current state, numbered
    ``revision`` (:meth:`~companion.engine.game.Game.later`), or None when the game has none
    (no game, or a game whose view is all quick)."""
    if session is None:
        return None
    figures = session.later()
    if not figures:
        return None
    return {"type": "later", "revision": revision, "game": session.spec.id, "view": dict(figures)}


def odds_message(session, lang: str = "en") -> OddsMessage | None:
    """The odds meter (issue 33 item 5): ``{"what": the chance's name, "value": 0..1}`` from the
    game's ``odds`` hook (public facts only), or None: nothing to show now."""
    found = session.spec.odds(session.state)
    if found is None:
        return None
    what, value = found
    return {"what": render(what, lang), "value": round(float(value), 3)}


def lesson_message(session, lang: str = "en") -> LessonMessage | None:
    """First-game mode (issue 33 item 3): ``{"rule": the rules card section's name, "text": its
    summary in plain words, "key": the name in English (as :attr:`companion.session.lessons.Lessons.taught` holds it),
    "game_id": the stored game's number}`` the first time this kind of step comes up; None
    otherwise, and always None when the game was not started in first-game mode."""
    section = session.lesson
    if section is None:
        return None
    return {"rule": render(section.name, lang), "text": render(section.summary, lang), "key": str(section.name),
            "game_id": session.game_id}


def todo_message(lines, lang: str, first_game: bool = False) -> list[TodoLine]:
    """``[{"kind", "text", "lesson", "spoken"}]``: the physical instructions the table must carry out now
    (:attr:`companion.session.Session.todo`), rendered in ``lang``; ``lesson``: in first-game
    mode, what a set-up step is for in plain words (:func:`companion.engine.lessons.what_for`),
    else None (issue 33 item 3); ``spoken``: the voice's shorter words for it, or None
    (:attr:`~companion.i18n.NewsLine.spoken`)."""
    return [{"kind": line.todo, "text": render(line, lang), "lesson": _purpose(line, lang, first_game),
             "spoken": None if line.spoken is None else render(line.spoken, lang)}
            for line in lines]


def _purpose(line, lang: str, first_game: bool) -> str | None:
    purpose = purpose_of(line) if first_game else None
    return None if purpose is None else render(purpose, lang)


def _private_players(session) -> list[str]:
    """The players with something of their own to see on a privacy screen now (their
    ``private_view`` is not empty); its contents are never put in the shared state."""
    spec = session.spec
    return [p for p in session.header.players if spec.private_view(session.state, p)]


def _choice_message(choice, lang: str, stand_ins: dict[str, str] | None = None,
                    articles: dict[str, str] | None = None) -> ChoiceMessage:
    """A public choice of the shared state: ``{key, label, main, screen}``; ``screen``:
    touching it hands the screen to the prompt's player (:attr:`Choice.screen`). A label
    that is a stand-in's name goes into ``stand_ins``, a name's article into ``articles``
    (:func:`said`)."""
    return {"key": choice.key, "label": said(choice.label, lang, stand_ins, articles), "main": choice.main,
            "screen": choice.screen}


def private_prompt_owner(prompt) -> PrivateOwner | None:
    """``{"player": name, "main": bool}`` when ``prompt`` has private choices (made by its
    player on a privacy screen), else None. ``main``: the privacy screen is the expected next
    step (a private choice is marked main); False when it is something else, such as the
    card's tap on the reader (issue 29 item 3)."""
    private = [c for c in prompt.choices if c.private]
    if not private:
        return None
    return {"player": prompt.player, "main": any(c.main for c in private)}


def hidden_card(prompt) -> str | None:
    """Whether ``prompt`` takes the tap of a card it lists nowhere on the shared screen:
    ``"private"`` (a card the prompt's player keeps hidden, such as an Intrigue card drawn,
    tapped or chosen on their privacy screen), ``"face-down"`` (a card laid face-down and read
    by its tag, :attr:`~companion.engine.core.Choice.tap_only`), else None. The Cards panel
    then says so, naming no card (newcomer 20: it said the game waited for no card)."""
    if any(c.private and c.component for c in prompt.choices):
        return "private"
    if any(c.tap_only for c in prompt.choices):
        return "face-down"
    return None


def _colours(session) -> dict[str, str]:
    """Player -> palette key: the header's, and the printed colour by seat in a game whose
    pieces print them (:attr:`~companion.engine.game.Game.seat_colours`: a pawn's colour wins)."""
    players = session.header.players
    return {**dict(session.header.colours), **dict(zip(players, session.spec.seat_colours))}


def _status(session, lang: str) -> str | None:
    """The game's counters in one line (:meth:`~companion.engine.game.Game.status_line`) in
    ``lang``, or None."""
    line = session.spec.status_line(session.state)
    return None if line is None else render(line, lang)


def _summary(session, lang: str) -> str | None:
    """How the finished game ended (:meth:`~companion.engine.game.Game.summary`) in ``lang``,
    or None when the game gives none (the screen then shows the prompt)."""
    said = session.spec.summary(session.state)
    return None if said is None else render(said, lang)


def _ending(session, lang: str, touch: bool = False) -> EndingMessage | None:
    """How the finished game ended, as structure (:meth:`~companion.engine.game.Game.ending`),
    its words in ``lang``; None when the game gives none. ``reason``: the lines of the move
    that ended it (the final state's own news, the rule that ended it last), in every state
    message of the finished game: a screen that starts again gets no news, and the log's last
    lines may be older (issue 29 audit: the panel gave an earlier prompt as the reason)."""
    ended = session.spec.ending(session.state)
    if ended is None:
        return None
    return {"result": ended.result, "winners": list(ended.winners),
            "scores_heading": render(ended.scores_heading, lang),
            "scores": [(name, value) for name, value in ended.scores],
            "solution": [render(card, lang) for card in ended.solution],
            "reason": render_all(session.spec.news(session.state), lang, touch)}


def private_message(session, player: str, lang: str = "en", touch: bool = False) -> PrivateMessage:
    """The answer to ``{"cmd": "private", "player": NAME}``, for the asking client only.

    Keys: ``type`` (``"private"``), ``player``, ``headings`` (each key of the view -> its
    heading in ``lang``: :attr:`~companion.engine.game.Game.view_headings`), ``view`` (the game's
    :attr:`~companion.engine.game.Game.private_view` for ``player``, every sentence
    rendered in ``lang``; ``{}`` when the game has none) and ``prompt``: when the current
    prompt's private choices belong to ``player``, ``{"text", "choices": [{key, label,
    private}]}`` with every choice of the prompt (the private ones and the others, such as
    "Start again"), else None. ``touch``: as for :func:`state_message`.
    """
    spec, state, p = session.spec, session.state, session.prompt
    view = spec.private_view(state, player)
    owner = private_prompt_owner(p)
    prompt: PrivatePrompt | None = None
    if owner is not None and owner["player"] == player:  # never to whoever asks first
        prompt = {"text": render(p.text, lang, touch),
                  "choices": [{"key": c.key, "label": render(c.label, lang), "private": c.private}
                              for c in p.choices if not c.tap_only]}
    known = spec.view_headings
    headings = {key: render(known[key], lang) if key in known else view_heading(key) for key in view}
    return {"type": "private", "player": player, "view": render_tree(view, lang), "headings": headings,
            "prompt": prompt}


def private_player(state: dict[str, Any] | None) -> str:
    """The player whose private choices ``state``'s prompt holds (a state message), or ``""``."""
    return str((((state or {}).get("prompt") or {}).get("private") or {}).get("player") or "")


def view_heading(key: str, headings: Mapping[str, str] | None = None) -> str:
    """The heading of private view entry ``key``: the ``private`` message's ``headings``
    (the game's :attr:`~companion.engine.game.Game.view_headings`, rendered), or the key in
    words ("secret_cards" -> "Secret cards")."""
    return (headings or {}).get(key) or key.replace("_", " ").capitalize()


def view_text(value: Any) -> str:
    """One entry of a rendered private view as a line of text: a card (a dict with a
    ``name``) by its name, lists joined with commas."""
    if isinstance(value, dict):
        if value.get("name"):
            return str(value["name"])
        return ", ".join(f"{k}: {view_text(v)}" for k, v in value.items())
    if isinstance(value, (list, tuple)):
        return ", ".join(view_text(v) for v in value)
    return "" if value is None else str(value)


#: Values :func:`render_tree` gives back as they are (a plain ``str``, not a :class:`Msg`).
_PLAIN = frozenset({str, int, float, bool, type(None)})
#: The keys :func:`render_tree` keeps as they are.
_KEYS = frozenset({str})


#: The renderings of views that are all plain values (issue 35 item 3), by their bytes in
#: msgpack (see :func:`_rendered_view`); emptied when it holds ``_VIEWS_MAX``.
_VIEWS: dict[bytes, Any] = {}
_VIEWS_MAX = 64
#: Each view :data:`_VIEWS` keeps and each prompt :data:`_PROMPTS` keeps, by its ``id``: (it, its
#: msgpack bytes as :class:`msgspec.Raw`, its JSON as ``Raw``; each :data:`_UNWRITTEN` until
#: :func:`encode` first writes it, None when msgspec cannot), so a state message carrying a view or
#: prompt made before writes it from these (tap19). The entry holds the part, so its ``id`` is not
#: another's while it is kept. Emptied when it holds ``_RAW_MAX``.
_RAW: dict[int, tuple[Any, Any, Any]] = {}
_RAW_MAX = _VIEWS_MAX + _PROMPTS_MAX  # as many as the two keep
_UNWRITTEN = object()


def _keep_bytes(part: Any, packed: bytes | None = None) -> None:
    """Keep ``part`` in :data:`_RAW` (``packed``: its msgpack, when known), unless it is."""
    kept = _RAW.get(id(part))
    if kept is None or kept[0] is not part:
        if len(_RAW) >= _RAW_MAX:
            _RAW.clear()
        _RAW[id(part)] = (part, _UNWRITTEN if packed is None else msgspec.Raw(packed), _UNWRITTEN)


def _not_plain(value: Any) -> Any:
    """:data:`_KEYER`'s hook: anything msgspec does not write itself (a subclass of ``str``,
    ``int`` or ``float``, such as a :class:`~companion.i18n.Msg`; any other object) is not plain."""
    raise TypeError(f"{type(value).__name__} is not a plain value")


#: A view's key in :data:`_VIEWS`: msgspec's msgpack, which calls :func:`_not_plain` for every
#: value it does not write itself, exact types only (a ``Msg``, a ``str`` subclass, goes to it).
_KEYER = msgspec.msgpack.Encoder(enc_hook=_not_plain)


def _rendered_view(view: Any, lang: str, stand_ins: dict[str, str] | None,
                   articles: dict[str, str] | None) -> Any:
    """:func:`render_tree` of a state's view, rendered once for each view of plain values
    (issue 35 item 3: a tap's view is mostly the one its undo's was, and the one before it).

    A view that is all plain values (exact ``str`` keys; exact ``str``, ``int``, ``float``,
    ``bool``, None, ``dict``, ``list``, ``tuple``) renders to its copy, the same in every
    language and with no stand-in or article, so its rendering is kept by the view's bytes in
    msgpack (:data:`_KEYER`). msgpack writes each type with its own codes (``1``, ``True`` and
    ``1.0`` differ; a tuple is written as a list, and both render to the same list), and calls
    :func:`_not_plain` for a subclass (a :class:`~companion.i18n.Msg`) or an unknown object:
    equal bytes are an equal rendering. Only a view checked all plain is kept (a set, an enum or
    a dataclass, which msgpack writes itself, never is). Its bytes cost a sixth of rendering it
    (~39k instructions against ~250k for Creepy Cellar's; marshal's took 124k, tap19), and are
    the view's own bytes in :func:`_floats`' pass (:data:`_RAW`). A view holding anything else
    is rendered every time. Callers must not modify what they are given (one rendering may be
    in several messages)."""
    try:
        key = _KEYER.encode(view)
    except (TypeError, ValueError, OverflowError):  # a Msg, a name, an enum...: rendered as before
        return render_tree(view, lang, stand_ins, articles)
    shown = _VIEWS.get(key)
    if shown is None:
        shown = render_tree(view, lang, stand_ins, articles)
        if not _all_plain(view):
            return shown
        if len(_VIEWS) >= _VIEWS_MAX:
            _VIEWS.clear()
        _VIEWS[key] = shown
    _keep_bytes(shown, key)
    return shown


def _all_plain(value: Any) -> bool:
    """Whether ``value`` holds only plain values (:data:`_PLAIN`) in dicts with ``str`` keys,
    lists and tuples, each of exactly those types."""
    kind = type(value)
    if kind in _PLAIN:
        return True
    if kind is dict:
        return _KEYS.issuperset(map(type, value)) and all(map(_all_plain, value.values()))
    if kind is list or kind is tuple:
        return all(map(_all_plain, value))
    return False


def render_tree(value: Any, lang: str, stand_ins: dict[str, str] | None = None,
                articles: dict[str, str] | None = None) -> Any:
    """``value`` (nested dicts, lists and tuples of JSON values) with every sentence rendered
    in ``lang``; each stand-in's name it holds (a key or a value) goes into ``stand_ins``,
    each name's article into ``articles`` (:func:`said`). A new container for each (a tuple
    becomes a list)."""
    if type(value) in _PLAIN:  # most of a view (issue 35: on the path of every tap)
        return value
    if isinstance(value, dict):
        # all plain (a room, the options, a deck): copied whole, its types checked in C (issue 35 item 3)
        if _PLAIN.issuperset(map(type, value.values())) and _KEYS.issuperset(map(type, value)):
            return dict(value)
        return _each_item(value, lang, stand_ins, articles)
    if isinstance(value, (list, tuple)):
        if _PLAIN.issuperset(map(type, value)):
            return list(value)
        return _each_value(value, lang, stand_ins, articles)
    return said(value, lang, stand_ins, articles)


def _each_item(value: dict, lang: str, stand_ins: dict[str, str] | None,
               articles: dict[str, str] | None) -> dict:
    """:func:`render_tree` of a dict holding a sentence, a key that is not a plain ``str`` or
    a container: item by item, a plain value taken as it is, without a call (~170 calls a
    view to ~30)."""
    return {k if type(k) is str else str(said(k, lang, stand_ins, articles)):
            v if type(v) in _PLAIN else render_tree(v, lang, stand_ins, articles) for k, v in value.items()}


def _each_value(value: list | tuple, lang: str, stand_ins: dict[str, str] | None,
                articles: dict[str, str] | None) -> list:
    """:func:`render_tree` of a list or tuple holding a sentence or a container: value by value."""
    return [v if type(v) in _PLAIN else render_tree(v, lang, stand_ins, articles) for v in value]


def said(text: Any, lang: str, stand_ins: dict[str, str] | None = None,
         articles: dict[str, str] | None = None) -> Any:
    """``text`` rendered in ``lang`` (:func:`~companion.i18n.render`); when it is a stand-in's
    name (:class:`~companion.i18n.StandIn`: "Monster 5"), ``stand_ins`` gets the words it is
    shown in -> its number ("Mostro 5" -> "5"): the state's ``stand_ins``, which lists only
    names the same message shows, so it tells nothing hidden. A name with an article in
    ``lang`` (:class:`~companion.i18n.Name`) puts it in ``articles`` by the words shown
    ("Luogo 7" -> "il"): the state's ``articles``, so a screen's own sentence says "verso il
    Luogo 7" (issue 29)."""
    shown = render(text, lang)
    if isinstance(text, Name):
        if stand_ins is not None and isinstance(text, StandIn):
            stand_ins[shown] = text.number
        if articles is not None and text.articles.get(lang) is not None:
            articles[shown] = text.articles[lang]
    return shown


def notice(text: str, level: NoticeLevel = "warning", lang: str = "en", touch: bool = False,
           rule: str | None = None) -> NoticeMessage:
    """A ``notice`` message (``level``: ``"info"``, ``"warning"`` or ``"error"``), its text
    rendered in ``lang`` (``touch``: as for :func:`state_message`); a refused input's notice
    names in ``rule`` the rulebook section's name (issue 33), rendered in ``lang``; else None.
    ``reason``: the text without the prompt it ends with, for a screen that shows the prompt
    beside it (:func:`companion.refusal_reason.reason`; issue 29); the text when it has none."""
    return {"type": "notice", "level": level, "text": render(text, lang, touch),
            "rule": None if rule is None else render(rule, lang), "reason": reason(text, lang, touch)}


def option_message(option, words: Mapping[str, str], lang: str = "en") -> GameOptionMessage:
    """One option of a game for the New game screen (the ``games`` message), every word in
    ``lang``: ``name``, ``title`` (its heading), ``default``, ``values`` and ``labels`` (each
    value in words, in order: :meth:`~companion.engine.core.OptionSpec.labels` with the game's
    ``words``, :attr:`~companion.engine.game.Game.option_words`), ``help``, ``rulebook`` (the
    section's name, "" when none) and ``setup``. The screen shows them as they are."""
    return {"name": option.name, "title": render(option.heading, lang), "default": option.default,
            "values": list(option.values), "labels": render_all(option.labels(words), lang),
            "help": render(option.help, lang), "rulebook": render(option.rulebook, lang), "setup": option.setup}


def rules_message(session, lang: str = "en") -> RulesMessage:
    """The ``rules`` message: the rules card of the game on the table (issue 33 item 4).

    Keys: ``type`` (``"rules"``), ``game`` (id or None), ``title``, ``now``: the sections
    that govern the step at hand (:func:`companion.engine.rulecard.sections_now`), ``all``:
    every section in the rulebook's order; each ``{"section", "text"}``, the rulebook's
    section name and the companion's summary, rendered in ``lang``. Empty lists with no game.
    Public information only: a section is chosen by the kind of step, never by a card.
    """
    if session is None:
        return {"type": "rules", "game": None, "title": "", "now": [], "all": []}
    sections = session.spec.rule_sections

    def said(chosen) -> list[RuleSectionMessage]:
        return [{"section": render(s.name, lang), "text": render(s.summary, lang)} for s in chosen]

    return {"type": "rules", "game": session.spec.id, "title": session.spec.title,
            "now": said(sections_now(sections, session.prompt)), "all": said(sections)}


def check_message(session, revision: int, lang: str = "en") -> CheckMessage:
    """The ``check`` message: the table check of the game on the table (issue 6).

    Keys: ``type`` (``"check"``), ``game`` (id or None), ``revision`` (the state it was made
    on: send it with a correction's ``choose``), ``lines``: ``[{"label", "value", "fixes":
    [{"key", "label"}]}]`` rendered in ``lang``; empty with no game, once it is over, or for
    a game without a check. Public information only.
    """
    lines = session.check() if session is not None else ()
    return {
        "type": "check",
        "game": session.spec.id if session is not None else None,
        "revision": revision,
        "lines": [{"label": render(line.label, lang), "value": render(line.value, lang),
                   "fixes": [{"key": fix.key, "label": render(fix.label, lang)} for fix in line.fixes]}
                  for line in lines],
    }
