"""What the voice says, from what the daemon broadcasts to every client (issue 28).

:class:`Hearing` turns each message into :class:`~companion.voice.utterance.Utterance` s,
in the order a player needs them: the sound cue, the news in the screen's order (a news
line that is a todo line said as todo, where it stands), what to put back (after an undo),
what to do with your hands (the todo lines not said yet), then the prompt when it changed. It
reads only the shared ``state``, ``notice``, ``input``, ``repeat`` and ``why`` messages: a
``private`` answer never reaches it (the voice never asks for one), and the shared state
never carries a hidden card.
"""

from __future__ import annotations

from typing import Any

from companion.i18n import render, translations
from companion.now_playing import RECAP, now_playing, switched
from companion.voice.settings import DEFAULTS
from companion.voice.utterance import Utterance

#: ``view.outcome`` values of a game the whole table lost or nobody won (as the screen's summary).
LOSSES = ("lost", "unsolved", "ghosts")

#: What each ``say`` setting lets through (an explanation is said when a player asks for it,
#: unless the voice only plays sounds).
SAID = {"everything": {"game", "prompt", "todo", "news", "refusal", "undo", "cue", "why"},
        "todo": {"game", "todo", "refusal", "undo", "cue", "why"},
        "sounds": {"cue"}}


class Hearing:
    """Follows the daemon's messages and answers each with what to say (not thread-safe:
    one client thread calls it)."""

    def __init__(self):
        self.state: dict[str, Any] | None = None
        self._tap_waiting = False  # a tap was seen and no state followed it yet

    @property
    def settings(self) -> dict[str, Any]:
        return {**DEFAULTS, **((self.state or {}).get("voice") or {})}

    def heard(self, message: dict[str, Any]) -> list[Utterance]:
        """What to say for ``message`` (``[]`` for nothing), filtered by the voice settings."""
        kind = message.get("type")
        if kind == "state":
            said = self._state(message)
        elif kind == "notice":
            said = self._notice(message)
        elif kind == "input":
            self._tap_waiting = message.get("kind") == "tap"
            said = []
        elif kind == "repeat":
            said = self.again()
        elif kind == "why":
            said = self.why()
        else:
            said = []
        return self._allowed(said)

    def again(self) -> list[Utterance]:
        """The prompt and what to do now, once more (the Repeat button)."""
        state = self.state or {}
        revision, lang = _revision(state), _lang(state)
        return [*_todo(state, lang, revision), *_prompt(state, lang, revision)]

    def why(self) -> list[Utterance]:
        """Why? (issue 33 item 2): each explanation of the latest news, its rulebook section (not
        said again for the next explanation under the same section) then the companion's words,
        as the daemon sent them in the state's ``why``; when none of the
        latest news needs one, that there is nothing to explain."""
        state = self.state or {}
        revision, lang = _revision(state), _lang(state)
        said, rule = [], None
        for entry in _shown_whys(state):
            if isinstance(entry, dict) and entry.get("text"):
                said.append(Utterance(_explained(entry, rule), lang, "why", revision))
                rule = entry.get("rule")
        return said or [Utterance(translations(lang).gettext(NOTHING_TO_EXPLAIN), lang, "why", revision)]

    def _allowed(self, said: list[Utterance]) -> list[Utterance]:
        settings = self.settings
        if not settings["on"]:
            return []
        allowed = SAID.get(settings["say"], SAID["everything"])
        return [u for u in said if u.kind in allowed]

    def _state(self, state: dict[str, Any]) -> list[Utterance]:
        before, self.state = self.state, state
        self._tap_waiting = False
        lang, revision = _lang(state), _revision(state)
        if before is None:  # (re)connected: where the table is now
            return [*_todo(state, lang, revision), *_prompt(state, lang, revision)]
        if switched(before, state):  # another game on the table: which one, never an old line as news
            return _switch(state, lang, revision)
        said: list[Utterance] = []
        if revision != _revision(before):  # an accepted input (or a new game): its words
            said += _cues(before, state, lang, revision)
            said += _news_and_todo(state, lang, revision)
        if _prompt_text(state) != _prompt_text(before) or lang != _lang(before):
            said += _prompt(state, lang, revision)
        return said

    def _notice(self, notice: dict[str, Any]) -> list[Utterance]:
        """A refused input (a ``warning`` notice): its first sentence, after the refused-read
        cue when it answered a tap."""
        if notice.get("level") != "warning" or not notice.get("text"):
            return []
        lang, revision = _lang(self.state or {}), _revision(self.state or {})
        said = [Utterance("read-refused", lang, "cue", revision)] if self._tap_waiting else []
        self._tap_waiting = False
        return [*said, Utterance(first_sentence(str(notice["text"])), lang, "refusal", revision)]


#: Said to Why? when the latest news need no explanation (the table screen's Why card says it too).
NOTHING_TO_EXPLAIN = "Nothing to explain yet."


def _explained(entry: dict[str, Any], said_rule: Any = None) -> str:
    """One explanation said aloud: "<rulebook section>. <the companion's words>" (only the words
    when ``said_rule``, the section just said, is the same)."""
    rule, text = str(entry.get("rule") or "").strip(), str(entry.get("text") or "").strip()
    return f"{rule}. {text}" if rule and entry.get("rule") != said_rule else text


def first_sentence(text: str) -> str:
    """The first sentence of ``text`` (a refusal is short: its reason, not the whole prompt again)."""
    cuts = [cut for cut in (text.find(end) for end in (". ", "! ", "? ")) if cut > 0]
    return text[:min(cuts) + 1] if cuts else text


def _lang(state: dict[str, Any]) -> str:
    return state.get("language") or "en"


def _revision(state: dict[str, Any]) -> int:
    revision = state.get("revision")
    return revision if isinstance(revision, int) else 0


def _prompt_text(state: dict[str, Any]) -> str:
    return ((state.get("prompt") or {}).get("text") or "").strip()


def _prompt(state: dict[str, Any], lang: str, revision: int) -> list[Utterance]:
    """The prompt, then first-game mode's lesson with it (issue 33 item 3), as part of it."""
    text = _prompt_text(state)
    said = [Utterance(text, lang, "prompt", revision)] if text else []
    lesson = (state.get("lesson") or {}).get("text")
    if said and isinstance(lesson, str) and lesson.strip():
        said.append(Utterance(lesson.strip(), lang, "prompt", revision))
    return said


def _todo(state: dict[str, Any], lang: str, revision: int) -> list[Utterance]:
    """Every todo line, in order, in its ``spoken`` words when it has them (a line too long to
    hear: words17); after an undo, what to put back is said as ``undo``."""
    return [said for _shown, said in _todo_pairs(state, lang, revision)]


def _todo_pairs(state: dict[str, Any], lang: str, revision: int) -> list[tuple[str, Utterance]]:
    """Each todo line as (its text as the screen shows it, what the voice says for it)."""
    kind = "undo" if undone(state) else "todo"
    return [(line["text"], Utterance(line.get("spoken") or line["text"], lang, kind, revision))
            for line in state.get("todo") or [] if line.get("text")]


def _switch(state: dict[str, Any], lang: str, revision: int) -> list[Utterance]:
    """Another game is on the table (newcomer20 finding 15: a desk resume said a 15-minute-old
    undo line and not the game): the line naming it (:func:`~companion.now_playing.now_playing`),
    then what to do: a new game's set-up; for a resumed one, what the table was last told,
    after the words that say so (it may be done already), never as an undo; then the prompt."""
    game = state["table_game"]
    said = [Utterance(render(now_playing(game), lang), lang, "game", revision)]
    todo = [Utterance(u.text, lang, "todo", revision) for u in _todo(state, lang, revision)]
    if todo and game.get("inputs"):
        said.append(Utterance(render(RECAP, lang), lang, "todo", revision))
    return [*said, *todo, *_prompt(state, lang, revision)]


def _news(state: dict[str, Any], lang: str, revision: int, keep_todo: bool = False) -> list[Utterance]:
    """The news lines that are not todo lines (those are said as todo; ``keep_todo``: all of
    them); after an undo (the state's ``undone``), said as ``undo``."""
    todo = [] if keep_todo else [line.get("text") for line in state.get("todo") or []]
    kind = "undo" if undone(state) else "news"
    return [Utterance(line, lang, kind, revision)
            for line in state.get("news") or [] if isinstance(line, str) and line and line not in todo]


def _news_and_todo(state: dict[str, Any], lang: str, revision: int) -> list[Utterance]:
    """An input's news and todo lines in the order of its news, as the screen reads them
    (voice15: "Bo's turn." was said before "Ada: draw 2 cards.", the win before the cat that
    allowed it): a news line that is a todo line is said as ``todo`` where the news has it,
    with any todo line before it that the news lacks, keeping the todo order; the todo lines
    left (setup steps, which are no news) after the news. After an undo, its news (what it
    did) then what to put back, as before."""
    if undone(state):
        return [*_news(state, lang, revision), *_todo(state, lang, revision)]
    pairs = _todo_pairs(state, lang, revision)
    todo = [u for _shown, u in pairs]
    said, done = [], 0
    for line in _news(state, lang, revision, keep_todo=True):
        where = next((i for i, (shown, _u) in enumerate(pairs[done:], done) if shown == line.text), None)
        if where is None:
            said.append(line)
        else:
            said += todo[done:where + 1]
            done = where + 1
    return said + todo[done:]


def undone(state: dict[str, Any]) -> bool:
    """The state follows an undo: the daemon says so in its ``undone`` (its news are what the
    undo did, its todo what to put back), whatever the words and the language."""
    return state.get("undone") is True


def _cues(before: dict[str, Any], state: dict[str, Any], lang: str, revision: int) -> list[Utterance]:
    """The sound cues for what changed from ``before`` to ``state``."""
    names = []
    if (state.get("physical") or {}).get("kind") == "tap":
        names.append("read-accepted")
    old, new = before.get("view") or {}, state.get("view") or {}
    if _ghosts_left(new) is not None and _ghosts_left(old) is not None and _ghosts_left(new) < _ghosts_left(old):
        names.append("ghost-drawn")
    if _number(new.get("hauntings")) > _number(old.get("hauntings")):
        names.append("haunting")
    prompt, old_prompt = state.get("prompt") or {}, before.get("prompt") or {}
    if prompt.get("over") and not old_prompt.get("over"):
        names.append("loss" if new.get("outcome") in LOSSES else "win")
    return [Utterance(name, lang, "cue", revision) for name in names]


def _ghosts_left(view: dict[str, Any]) -> int | None:
    left = ((view.get("decks") or {}).get("ghost") or {}).get("left")
    return left if isinstance(left, int) else None


def _number(value: Any) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def _shown_whys(state: dict[str, Any]) -> list[Any]:
    """The whys of the lines the board shows: the latest news', or, in a state without news
    (a language switch, a reconnection), those of the log's last 3 lines (the screen's
    ``ui.model``)."""
    if state.get("news"):
        return list(state.get("why") or [])
    return list(state.get("log_why") or [])[-3:]
