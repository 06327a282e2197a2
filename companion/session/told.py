"""What the table is told that the game's own news do not say: what an undo took back and what
to put back for it (issue 17 item 9), and, after a restart, the todo lines the table had
before it (issue 29 item 6).

Both make an input's news again from the state before it, with the chance outcomes it drew
(undo never re-rolls, a restart never re-draws).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from companion import inputs, undo_words
from companion.engine import Game, Prompt
from companion.engine.core import CheckLine
from companion.engine.legality import going_on, implied_choice, is_legal
from companion.i18n import msg, todo, todo_lines
from companion.session.records import Entry, Reply
from companion.session.undo_log import UndoLog


def undo_reply(spec: Game, prompt: Prompt, state: Any, check: Callable[[], Iterable[CheckLine]],
               entry: Entry, played: tuple[Any, list] | None = None) -> Reply:
    """What the table is told after ``entry`` was undone, leaving ``state`` at ``prompt``
    (``check``: the table check now, asked only for an undone correction; ``played``: the
    state ``entry`` led to from ``state`` and its news, when the caller kept them, else
    :func:`_played_again` works them out)."""
    choice = _choice(prompt, entry.action) or implied_choice(spec, state, prompt,
                                                             lambda later: _choice(later, entry.action))
    fixed = _correction_label(check(), entry.action) if choice is None else None
    if fixed is not None:
        return Reply(True, news=(msg("Undone: the correction {label}.", label=fixed),))
    played = played if played is not None else _played_again(spec, state, entry)
    if choice is not None and choice.private:  # the label is never said; the lines name no hidden card
        return Reply(True, news=(msg("Undone: a private choice."), *_put_back(spec, state, entry, played)))
    label = choice.label if choice is not None else entry.action
    if _bare(label, state):  # "Undone: 3." or "Undone: Bo." meant nothing out of its question (review17, newcomer 19)
        label = _first_said(played[1]) or label
    back = _put_back(spec, state, entry, played)
    if "touch" in entry.input:  # the label says it all; the choice key is for scripts only
        if not back and spec.undo_complete:  # no instruction, no step of the table's own: a screen choice, a die
            return Reply(True, news=(_nothing_back(label, bool(entry.chances)),))
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


def _choice(prompt: Prompt, action: str):
    """The choice ``action`` (or its per-copy base) makes at ``prompt``, or None."""
    return prompt.choice(action) or prompt.choice(action.partition("#")[0])


def resumed_todo(spec: Game, state: Any, last: tuple[str, Entry | None] | None, undo: UndoLog,
                 undone: Callable[[Entry], Reply]) -> tuple[Any, ...]:
    """The todo lines of the last event replayed (``last``: its kind and, for an undo, the
    entry it took back), made again as live: an input's from the state before it with the
    chance outcomes it drew; an undo's put-back lines (``undone``: its reply); set-up's when
    nothing was played."""
    if last is None:
        return todo_lines(spec.news(state))
    kind, entry = last
    if kind == "undo":
        return todo_lines(undone(entry).news if entry is not None else spec.news(state))
    if not undo.entries or not undo.before:
        return todo_lines(spec.news(state))
    return todo_lines(_news_again(spec, undo.before[-1], undo.entries[-1]))


def _put_back(spec: Game, state: Any, entry: Entry, played: tuple[Any, list]) -> list:
    """What the table must take back after ``entry`` was undone (back on ``state``; ``played``:
    :func:`_played_again` of it, the state it led to and its news): one
    ``return`` line per physical instruction the input had given, saying its reverse, the last
    instruction first, as a table takes steps back (:mod:`companion.undo_words`: "Take the
    ghost back off room C."), then the reverse of the
    table's own step for it (:attr:`~companion.engine.game.Game.undo_steps`: "Put the Ghost
    card room H back on top of the Ghost deck.", "Ada: move your hunter back to room E."), then
    what the table tracks off the board (:attr:`~companion.engine.game.Game.undo_counts`)."""
    after, news = played
    steps = _went_on(spec, state, entry.action)
    if not steps:
        return _step_back(spec, state, entry.action, after, news)
    # the input went on past open questions (companion.engine.legality.going_on): its own step
    # taken back first, then each answer it gave, the last first, each from the state it was given on
    mid, said = steps[-1][2], sum(len(given) for *_, given in steps)
    back = _step_back(spec, mid, entry.action, after, news[said:])
    for before, key, reached, given in reversed(steps):
        back += _step_back(spec, before, key, reached, given)
    return back


def _step_back(spec: Game, state: Any, action: str, after: Any, news: list | tuple) -> list:
    """:func:`_put_back` of one step: ``action`` played on ``state`` led to ``after``, saying ``news``."""
    back = [undo_words.reverse(line, spec.undo_sentences) for line in reversed(todo_lines(news))]  # last first
    return ([line for line in back if line is not None] + list(spec.undo_steps(state, action.partition("#")[0]))
            + list(spec.undo_counts(state, after)))


def _went_on(spec: Game, state: Any, action: str) -> list[tuple[Any, str, Any, tuple]]:
    """The answers ``action`` gave first by going on playing on ``state``, each as (the state
    it was given on, its key, the state it reached, its own news); [] when ``action`` is legal
    on ``state`` itself (it went on past nothing)."""
    if spec.going_on(state) is None:  # no question open that going on answers: no prompt worked out again
        return []
    prompt = spec.prompt(state)
    if is_legal(spec, state, prompt, action):
        return []
    steps, before, said_before = [], state, ()
    for key, reached, later, said in going_on(spec, state, prompt):
        steps.append((before, key, reached, said[len(said_before):]))
        if is_legal(spec, reached, later, action):
            return steps
        before, said_before = reached, said
    return []


def _bare(label: Any, state: Any) -> bool:
    """``label`` says nothing out of its question: a bare number ("3", Ghost at Home's discard)
    or a player's name ("Bo", Ghost at Home's "on whose house does the ghost go?")."""
    return str(label).isdigit() or str(label) in (getattr(state, "players", None) or ())


def _first_said(news: list) -> Any:
    """The sentence of the first of an input's ``news`` ("Ada discards 3 cards face down."), or
    None: an undone choice's words when its label is bare (:func:`_bare`)."""
    return getattr(news[0], "text", news[0]) if news else None


def _news_again(spec: Game, state: Any, entry: Entry) -> list:
    """The news ``entry`` said when it was played on ``state``, with the outcomes it drew."""
    return _played_again(spec, state, entry)[1]


def _played_again(spec: Game, state: Any, entry: Entry) -> tuple[Any, list]:
    """The state ``entry`` led to from ``state``, with the outcomes it drew, and its news."""
    state = spec.apply(state, entry.action)
    news = list(spec.news(state))
    for chance in entry.chances:
        state = spec.apply(state, chance["key"])
        news += spec.news(state)
    return state, news


def _nothing_back(label, drew: bool):
    """"Undone: End turn. Nothing to put back on the table for it." (session 17; before: "Put
    back anything you moved for it.", though the game's lines say every physical step); an
    input that drew an outcome (a die the companion rolled) gives the same one again (undo
    never re-rolls: the outcome is kept for it)."""
    if drew:
        if _ends_a_sentence(label):
            return msg("Undone: {label} Nothing to put back on the table; done again, it gives the same result.",
                       label=label)
        return msg("Undone: {label}. Nothing to put back on the table; done again, it gives the same result.",
                   label=label)
    if _ends_a_sentence(label):
        return msg("Undone: {label} Nothing to put back on the table for it.", label=label)
    return msg("Undone: {label}. Nothing to put back on the table for it.", label=label)


def _correction_label(check: Iterable[CheckLine], key: str) -> str | None:
    """"Room E: +1 ghost" for a correction the check lists now (after an undo: the one
    just undone), or None."""
    for line in check:
        for fix in line.fixes:
            if fix.key == key:
                return msg("{line}: {fix}", line=line.label, fix=fix.label)
    return None


def _ends_a_sentence(label) -> bool:
    """A choice's label with its own full stop ("Fight!"): "Undone: Fight!", not "Fight!."."""
    return str(label)[-1:] in ("!", "?", ".")
