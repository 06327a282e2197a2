"""Tag registry: which physical component each NFC tag UID stands for.

Component ids are ``game:kind:name`` (``creepy_cellar:ghost:room-H``); a tag may also name one
copy of a component whose copies differ in print, ``game:kind:name#n``
(:func:`companion.engine.known_piece`). The enrollment walk and ``companion tags enroll``
write the registry into the event store; a script's header can carry its own.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from companion.inputs import InputError, normalise_uid


@dataclass(frozen=True)
class TagRegistry:
    """An immutable UID -> component id map.

    Attributes:
        tags: upper-case hex UID -> component id.
    """

    tags: Mapping[str, str] = field(default_factory=dict)

    @classmethod
    def from_json(cls, raw: Mapping[str, str] | None) -> TagRegistry:
        """Build from ``{"<UID hex>": "<component id>"}``.

        Raises:
            InputError: a bad UID or a component id not shaped ``game:kind:name``.
        """
        tags = {}
        for uid, component in (raw or {}).items():
            if not isinstance(component, str) or component.partition("#")[0].count(":") != 2:
                raise InputError(f"tag {uid}: a component id is 'game:kind:name' (or 'game:kind:name#copy'), "
                                 f"not {component!r}")
            key = normalise_uid(uid)
            if key in tags:
                raise InputError(f"tag {uid} is listed twice (as {key})")
            tags[key] = component
        return cls(tags)

    def lookup(self, uid: str) -> str | None:
        """The component id for ``uid``, or None for an unknown tag."""
        return self.tags.get(uid)

    def to_json(self) -> dict[str, str]:
        return dict(self.tags)


def component_game(component: str) -> str:
    """The game id part of a component id."""
    return component.split(":", 1)[0]
