"""Work counts of an engine over seeded random games (issue 35 item 1): copies of its state
and sentences made an action, counted, never timed."""

from __future__ import annotations

import sys

import pytest

from companion import i18n
from companion.engine import all_games, frozen
from tests.games.seeded_games import seeded_states


def copies_and_sentences(monkeypatch: pytest.MonkeyPatch, game_id: str, seeds: int = 6,
                         actions: int = 400) -> tuple[float, float]:
    """(copies of the game's ``State`` made through :func:`frozen.replace`, sentences
    (:class:`~companion.i18n.Msg`) made) an action, over ``seeds`` seeded games."""
    all_games()  # every engine imported, so each module's ``replace`` is there to count
    made = {"copies": 0, "sentences": 0}
    replace = frozen.replace

    def counted(obj, /, **changes):
        made["copies"] += type(obj).__name__ == "State"
        return replace(obj, **changes)

    for name, module in list(sys.modules.items()):
        if name.startswith((f"companion.games.{game_id}", "companion.engine")) and \
                getattr(module, "replace", None) is replace:
            monkeypatch.setattr(module, "replace", counted)
    new = i18n.Msg.__new__

    def sentence(cls, *args, **kwargs):
        made["sentences"] += 1
        return new(cls, *args, **kwargs)

    monkeypatch.setattr(i18n.Msg, "__new__", sentence)
    played = sum(1 for seed in range(seeds) for _ in seeded_states(game_id, seed, actions))
    assert played > 1000
    return made["copies"] / played, made["sentences"] / played
