"""The enrollment walk: the table taps every tagged piece of a game in turn (issue 3).

"Piece 14 of 81: tap the Ghost card room H.". Each tap of an unknown tag enrolls it as the piece
asked for; a tag already enrolled as something else is only re-enrolled when tapped a
second time (a warning first); skip moves on; undo goes back one piece and puts the
registry back as it was. Like an engine, this module is pure: it says which registry
change to make (:class:`Change`) and the daemon makes it.

Pieces come from :attr:`Game.pieces` (one entry per physical copy, in the order the
table finds them in the box), or every component id of the game, sorted, when a game
lists none.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, replace

from companion.engine.game import Game
from companion.i18n import msg, render


@dataclass(frozen=True)
class Change:
    """One registry change: enroll ``uid`` as ``component``, or forget it (``component`` None)."""

    uid: str
    component: str | None


@dataclass(frozen=True)
class Step:
    """What happened at one piece: the tag (None when skipped), what it was enrolled as
    before, and whether the registry changed (so undo can put it back)."""

    uid: str | None
    before: str | None
    changed: bool = False


@dataclass(frozen=True)
class Walk:
    """An enrollment walk in progress.

    Attributes:
        game: the game id.
        pieces: component id per physical piece, in order (``component#n`` for a copy
            whose print differs from its siblings').
        labels: what the table calls each piece ("Trap Door card, copy 2 of 2").
        steps: one per piece already dealt with (enrolled or skipped), oldest first.
        pending: a UID already enrolled as something else, waiting for a second tap.
        message: the last thing said to the table.
    """

    game: str
    pieces: tuple[str, ...]
    labels: tuple[str, ...]
    steps: tuple[Step, ...] = ()
    pending: str | None = None
    message: str = ""

    @property
    def index(self) -> int:
        """0-based index of the piece asked for now (== ``total`` when done)."""
        return len(self.steps)

    @property
    def total(self) -> int:
        return len(self.pieces)

    @property
    def done(self) -> bool:
        return self.index >= self.total

    def asking(self) -> str:
        """The instruction for the table now."""
        if self.done:
            enrolled = sum(1 for s in self.steps if s.uid is not None)
            return msg("Done: {enrolled} of {total} pieces enrolled, {skipped} skipped.",
                       enrolled=enrolled, total=self.total, skipped=self.total - enrolled)
        return msg("Piece {n} of {total}: {label}. Tap its tag.", n=self.index + 1, total=self.total,
                   label=self.labels[self.index])

    def to_json(self, lang: str = "en") -> dict:
        """The walk as the state message carries it (UIDs are no secret; nothing hidden here),
        its sentences rendered in ``lang``."""
        return {
            "game": self.game, "step": min(self.index + 1, self.total), "total": self.total,
            "component": None if self.done else self.pieces[self.index],
            "asking": render(self.asking(), lang), "message": render(self.message, lang), "done": self.done,
            "enrolled": sum(1 for s in self.steps if s.uid is not None),
        }


def start(spec: Game) -> Walk:
    """A walk over every tagged piece of ``spec``. A copy of a component whose copies differ
    in print (:attr:`ContentSpec.per_copy`) is enrolled as its piece id ``component#n``."""
    pieces = tuple(spec.pieces) or tuple(sorted(spec.components))
    walk = Walk(spec.id, _piece_ids(spec, pieces), _labels(spec, pieces))
    return replace(walk, message=walk.asking())


def _copies(pieces: tuple[str, ...]) -> list[tuple[str, int, int]]:
    """``(component, copy number, copies)`` for each piece, copies numbered 1, 2, … in order."""
    copies = Counter(pieces)
    seen: Counter = Counter()
    numbered = []
    for piece in pieces:
        seen[piece] += 1
        numbered.append((piece, seen[piece], copies[piece]))
    return numbered


def _piece_ids(spec: Game, pieces: tuple[str, ...]) -> tuple[str, ...]:
    """Each piece's id in the registry: ``component#n`` for a copy whose print differs."""
    apart = (lambda piece: spec.content.per_copy(piece)) if spec.content is not None else (lambda piece: False)
    return tuple(f"{piece}#{n}" if total > 1 and apart(piece) else piece for piece, n, total in _copies(pieces))


def _labels(spec: Game, pieces: tuple[str, ...]) -> tuple[str, ...]:
    """Each piece's name, with "(k of n)" for pieces that come in several copies."""
    return tuple(msg("{label}, copy {n} of {copies}", label=spec.component_label(piece), n=n, copies=total)
                 if total > 1 else spec.component_label(piece) for piece, n, total in _copies(pieces))


def tap(walk: Walk, uid: str, enrolled: Mapping[str, str], carried: str | None = None) -> tuple[Walk, Change | None]:
    """The table tapped tag ``uid``.

    Args:
        walk: the walk.
        uid: the tag's UID (upper-case hex).
        enrolled: the registry now (UID -> component id).
        carried: the component id the tag carries in its NDEF text record, if any.

    Returns:
        The walk after the tap, and the registry change to make (None: nothing to change).
    """
    if walk.done:
        return replace(walk, message=msg("Enrollment is finished. {asking}", asking=walk.asking())), None
    wanted, label = walk.pieces[walk.index], walk.labels[walk.index]
    earlier = next((i for i, s in enumerate(walk.steps) if s.uid == uid), None)
    if earlier is not None:  # one physical tag cannot be two pieces (two copies of a card)
        text = msg("Tag {uid} is already enrolled as {other} in this walk. Tap the tag of {label}, or skip it.",
                   uid=uid, other=walk.labels[earlier], label=label)
        return replace(walk, pending=None, message=text), None
    current = enrolled.get(uid)
    if current == wanted or (current is None and carried == wanted):
        return _advance(walk, Step(uid, current), msg("That tag is already enrolled as {label}.", label=label)), None
    if current is None and carried is not None and carried == wanted.partition("#")[0]:  # which copy: ours to say
        return (_advance(walk, Step(uid, None, True), _now_enrolled(uid, label)),
                Change(uid, wanted))
    other = current or carried
    if other is not None and walk.pending != uid:
        if current:
            text = msg("Careful: tag {uid} is enrolled as {other}. Tap it again to enroll it as {label}, "
                       "or tap another tag.", uid=uid, other=other, label=label)
        else:
            text = msg("Careful: tag {uid} carries {other}. Tap it again to enroll it as {label}, "
                       "or tap another tag.", uid=uid, other=other, label=label)
        return replace(walk, pending=uid, message=text), None
    return (_advance(walk, Step(uid, current, True), _now_enrolled(uid, label)),
            Change(uid, wanted))


def skip(walk: Walk) -> Walk:
    """Leave the piece asked for unenrolled and move on."""
    if walk.done:
        return replace(walk, message=msg("Nothing to skip. {asking}", asking=walk.asking()))
    return _advance(walk, Step(None, None), msg("Skipped: {label}.", label=walk.labels[walk.index]))


def undo(walk: Walk) -> tuple[Walk, Change | None]:
    """Go back one piece; returns the registry change that puts the tag back as it was."""
    if not walk.steps:
        return replace(walk, pending=None, message=msg("Nothing to undo. {asking}", asking=walk.asking())), None
    last = walk.steps[-1]
    back = replace(walk, steps=walk.steps[:-1], pending=None)
    label = back.labels[back.index]
    if not last.changed:
        return replace(back, message=msg("Back to {label}. {asking}", label=label, asking=back.asking())), None
    change = Change(last.uid, last.before)
    return replace(back, message=msg("Tag {uid} is no longer enrolled as {label}. {asking}", uid=last.uid, label=label,
                                     asking=back.asking())), change


def _advance(walk: Walk, step: Step, said: str) -> Walk:
    moved = replace(walk, steps=walk.steps + (step,), pending=None)
    return replace(moved, message=msg("{said} {asking}", said=said, asking=moved.asking()))


def _now_enrolled(uid: str, label: str) -> str:
    return msg("Tag {uid} is now enrolled as {label}.", uid=uid, label=label)
