"""What a table input stands for: the action key of a touch, a button press or a tapped tag at
the prompt at hand (the tag registry, the readers' roles, the dice button's hold time), or
the words why it stands for nothing (:class:`~companion.session.records.Rejected`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion import readers
from companion.engine import Game, Prompt, get_game, known_piece, split_piece
from companion.engine.core import Choice, sentence
from companion.engine.legality import implied_choice
from companion.engine.rulecard import section_for
from companion.i18n import LowerFirst, Msg, msg
from companion.inputs import Input, Press, Tap, Touch
from companion.session.records import Rejected
from companion.tags import TagRegistry, component_game


class InputActions:
    """The action each input stands for at one table.

    Args:
        spec: the game.
        header_tags: the game's own tags (a table script's, validated): they take precedence
            over the registry's.
        reader_roles: reader name -> its role (``"cards"``, ``"tiles"``) from the config; a
            reader not listed accepts any component.
        hold_time: seconds the dice button must be held to mean "undo".
        enrolled: the tag registry (UID hex -> component id).

    Attributes:
        enrolled: the tag registry now (:meth:`use_tags`).
    """

    def __init__(self, spec: Game, header_tags: Mapping[str, str], reader_roles: Mapping[str, str],
                 hold_time: float, enrolled: Mapping[str, str]):
        self.spec, self.reader_roles, self.hold_time = spec, reader_roles, hold_time
        self._header_tags = header_tags
        self.use_tags(enrolled)

    def use_tags(self, enrolled: Mapping[str, str]) -> None:
        """Take a changed tag registry (an enrollment) into account from the next tap on."""
        self.enrolled = dict(enrolled)
        self._tags = TagRegistry({**self.enrolled, **self._header_tags})  # header tags: validated

    def is_undo(self, inp: Input) -> bool:
        """A touch of Undo, or the dice button held at least :attr:`hold_time`."""
        if isinstance(inp, Touch):
            return inp.key == "undo"
        return isinstance(inp, Press) and inp.hold >= self.hold_time

    def action_for(self, inp: Tap | Press | Touch, prompt: Prompt, state: Any) -> str:
        """The action key ``inp`` stands for at ``prompt`` (the prompt of ``state``).

        Raises:
            Rejected: the input stands for nothing the prompt can take, with the words why.
        """
        if isinstance(inp, Touch):
            # The engine checks the key (a choice, a per-copy key#n, a table-check correction,
            # accepted at any moment and recorded like any touch) as it applies it, and says
            # why it refuses (companion.engine.legality).
            return inp.key
        if isinstance(inp, Press):
            choice = prompt.for_button(inp.button) or implied_choice(
                self.spec, state, prompt, lambda later: later.for_button(inp.button))
            if choice is None:
                raise Rejected(msg("The {button} button does nothing now. {prompt}", button=inp.button,
                                   prompt=sentence(prompt.text)))
            return choice.key
        return self._tap_action(inp, prompt, state)

    def choice_made(self, inp: Touch | Tap, prompt: Prompt, state: Any) -> Choice | None:
        """The choice ``inp`` makes at ``prompt`` (the prompt of ``state``): a touch's key, a
        tap's component; or the one it makes once the question open now has the answer going
        on playing gives (:func:`~companion.engine.legality.implied_choice`); None: none (a
        table-check correction, a tag that names nothing)."""
        if isinstance(inp, Touch):
            key = inp.key
            choice = prompt.choice(key)
            return choice or implied_choice(self.spec, state, prompt, lambda later: later.choice(key))
        component = self.component_for(inp)
        return None if component is None else self._component_choice(component, prompt, state)

    def _component_choice(self, component: str, prompt: Prompt, state: Any) -> Choice | None:
        """The choice a tap of ``component`` makes at ``prompt``, now or once the question open
        now has the answer going on playing gives (the engine then gives both as one action)."""
        return prompt.for_component(component) or implied_choice(
            self.spec, state, prompt, lambda later: later.for_component(component))

    def component_for(self, tap: Tap) -> str | None:
        """The component id a tap stands for: the registry's entry, else the tag's own text
        record when it is shaped like a component id; None for an unknown tag. A tag
        enrolled as one copy of a component (``component#n``) stands for the component."""
        piece = self.piece_for(tap)
        return piece.partition("#")[0] if piece is not None else None

    def piece_for(self, tap: Tap) -> str | None:
        """Like :meth:`component_for`, with the copy number when the tag names one
        (``ghost_at_home:room:first-floor#3``)."""
        return self._tags.lookup(tap.uid) or (tap.ndef if known_piece(tap.ndef) else None)

    def _tap_action(self, tap: Tap, prompt: Prompt, state: Any) -> str:
        piece = self.piece_for(tap)
        if piece is None:
            raise Rejected(_unknown_tag(tap), table=UNREAD_TAG_TABLE if tap.ndef_problem else UNKNOWN_TAG_TABLE)
        component, copy = split_piece(piece)
        label = self.spec.component_label(component)
        if component_game(component) != self.spec.id:
            raise Rejected(_other_game(component, self.spec.title))
        choice = self._component_choice(component, prompt, state)
        self._check_reader(tap, component, label if self._nameable(component, choice) else msg("a card"))
        if choice is not None:
            return f"{choice.key}#{copy}" if choice.per_copy and copy else choice.key
        if why := self.spec.refusal(state, None, component):
            raise Rejected(why)
        kind = component.rsplit(":", 1)[0] + ":"
        if any(c.component and c.component.startswith(kind) for c in prompt.choices):
            raise Rejected(msg("{label} is not in the deck now: it was drawn already. {prompt}",
                               label=label, prompt=sentence(prompt.text)))
        raise Rejected(msg("{label} was tapped, but no such card is due now. {prompt}",
                           label=label, prompt=sentence(prompt.text)))

    def _nameable(self, component: str, choice: Choice | None) -> bool:
        """Whether the refusal of a piece put on the wrong reader may name it: always in a game
        with nothing hidden, a tile always, else a card only when the prompt asks for it in the
        open (session 21: a Children toy from a hand, on the tiles reader, was named on the shared
        screen before the game's own refusal, which says "a hidden card", could be asked)."""
        if not self.spec.private_information or self.spec.reader_roles.get(component.split(":")[1]) != "cards":
            return True
        return choice is not None and not choice.private and not choice.tap_only

    def _check_reader(self, tap: Tap, component: str, label: str) -> None:
        """Issue 3 case 11: a component read on a reader of the wrong role changes nothing."""
        expected = self.spec.reader_roles.get(component.split(":")[1])
        role = self.reader_roles.get(tap.reader)
        if expected and role and role != expected:
            others = [name for name, r in self.reader_roles.items() if r == expected]
            where = readers.not_on(tap.reader, role)
            if others:
                raise Rejected(msg("That is {label}: put it on the {kind}{readers}, {not_on}.", label=label,
                                   kind=readers.role_words(expected), readers=readers.owner_named(others, expected),
                                   not_on=where))
            raise Rejected(msg("That is {label}: put it on a {kind}, {not_on}.",
                               label=label, kind=readers.role_words(expected), not_on=where))

    def refusing_rule(self, inp: Input) -> Msg | None:
        """The rulebook section that refuses ``inp``: the one governing a touched key, else
        the turn's section (:func:`companion.engine.rulecard.section_for`)."""
        section = section_for(self.spec.rule_sections, inp.key if isinstance(inp, Touch) else None)
        return section.name if section is not None else None


#: An unknown tag, as the table screen says it: one line in the players' words, naming the
#: Settings card that enrolls tags (issue 29 audit: the screen showed the terminal's six lines
#: with "run companion tags enroll UID COMPONENT").
UNKNOWN_TAG_TABLE = msg("Card or tile not known: register it in Settings, Enroll tags.")

#: An unknown tag whose own text could not be read (a card moved off the reader too soon, or
#: a blank or damaged tag), as the table screen says it.
UNREAD_TAG_TABLE = msg("Card or tile not read: hold it still, or register it in Settings, Enroll tags.")


def _unknown_tag(tap: Tap) -> str:
    """Why a tap names no component, for the table."""
    reader = readers.shown_name(tap.reader)
    if tap.ndef_problem:
        return msg("Unknown tag {uid} on reader {reader}: it is not enrolled, and its NDEF message is "
                   "unusable ({problem}).", uid=tap.uid, reader=reader, problem=tap.ndef_problem)
    if tap.ndef is not None:
        return msg("Unknown tag {uid} on reader {reader}: it is not enrolled, and its text record {text} "
                   "names no component of any game.", uid=tap.uid, reader=reader, text=repr(tap.ndef))
    return msg("Unknown tag {uid} on reader {reader}: it is not enrolled. To enroll it, open Settings, "
               "Enroll tags on the table screen, or run companion tags enroll {uid} COMPONENT.",
               uid=tap.uid, reader=reader)


def _other_game(component: str, title: str):
    """Why a piece of another game picks nothing here, in that game's own words (no raw id)."""
    other = get_game(component_game(component))
    label = other.component_label(component)
    article = label.split(" ", 1)[0] in ("A", "An", "The")
    return msg("That is {label}, from {other}; this table plays {title}.",
               label=LowerFirst(label) if article else label, other=other.title, title=title)
