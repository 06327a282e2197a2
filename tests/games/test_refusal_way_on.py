"""Refusals that said why but not what to do next (words16; the lead's review of the table
screenshots: "A Children card is being drawn." left the player asking "so what do I do?").

The table screen shows a refusal's reason beside the prompt (:func:`companion.refusal_reason.reason`
cuts the prompt off), so the reason alone must give the way on. :data:`FIXED` lists each
refusal changed, with the situation that gives it; each must say it word for word, in
English and (translated, never the English left as it was) in Italian. One was false as well:
House of Spirits said "A card is being drawn first." while a player declared a plot item or
healed.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from companion.engine import get_game, resolve_options
from companion.engine.pending import Frame
from companion.games.children import refusals as children_refusals
from companion.games.children.state import Step as ChildrenStep
from companion.games.house_of_spirits import refusals as hos_refusals
from companion.games.house_of_spirits.state import Step as HosStep
from companion.i18n import render

CHILDREN = get_game("children")
HOS = get_game("house_of_spirits")


def _children(frame: str = "", step=ChildrenStep.ACTIONS):
    state = CHILDREN.setup(["Ada", "Bo"], resolve_options(CHILDREN, {}))
    frames = (Frame(frame, 0, ()),) if frame else ()
    return replace(state, step=step, frames=frames, active=0)


def _hos(step):
    return replace(HOS.setup(["Ada", "Bo"], resolve_options(HOS, {})), step=step)


#: situation -> (the refusal's reason now, how it is reached). Before: the text in the comment.
FIXED = {
    # "A Children card is being drawn."
    "children draw": ("A Children card is being drawn: tap it first.",
                      lambda: children_refusals._step_reason(_children("draw"))),
    # "A ghost card is being placed."
    "children ghost": ("A ghost card is being placed: put it under a room first.",
                       lambda: children_refusals._step_reason(_children("ghost"))),
    # "The next ghost card of the deck is being searched out." (Music Box, Raven's Skull)
    "children summon": ("The next ghost card of the deck is being searched out: tap it first.",
                        lambda: children_refusals._step_reason(_children("summon"))),
    "children raven": ("The next ghost card of the deck is being searched out: tap it first.",
                       lambda: children_refusals._step_reason(_children("raven"))),
    # "A trap is about to spring."
    "children trap": ("A trap is about to spring: let it spring, or defuse it, first.",
                      lambda: children_refusals._step_reason(_children("trap"))),
    # "That is not one of Ada's actions now."
    "children actions": ("That is not one of Ada's actions now: pick one of the choices offered.",
                         lambda: children_refusals._step_reason(_children())),
    # "A die is due first."
    "hos roll": ("A die is due first: roll it.", lambda: hos_refusals._step_reason(_hos(HosStep.ROLL))),
    # "No die is due now."
    "hos face": ("No die is due now: a face is entered only when a roll is asked for.",
                 lambda: hos_refusals._die(_hos(HosStep.ACTION), "3")),
    # "A card is being drawn first."
    "hos draw": ("A card is being drawn first: tap it on the reader.",
                 lambda: hos_refusals._step_reason(_hos(HosStep.ROOM))),
    # "A card is being drawn first." (false: no card was drawn)
    "hos plot item": ("Ada declares the plot item first, before the roll.",
                      lambda: hos_refusals._step_reason(_hos(HosStep.PLOT_ITEM))),
    "hos heal": ("Ada plays healing cards first, or does something else.",
                 lambda: hos_refusals._step_reason(_hos(HosStep.HEAL))),
}


@pytest.mark.parametrize("situation", sorted(FIXED))
def test_a_refusal_says_what_to_do_next(situation):
    expected, reached = FIXED[situation]
    said = reached()
    assert render(said, "en") == expected
    italian = render(said, "it")
    assert italian and italian != expected, italian


def test_every_draw_step_of_house_of_spirits_says_draw():
    """Only the steps that draw a card say a card is being drawn."""
    draws = {HosStep.CHARACTER, HosStep.SECRET, HosStep.ROOM, HosStep.MONSTER, HosStep.MAIN, HosStep.PLOT}
    for step in HosStep:
        if step == HosStep.OVER:
            continue
        said = render(hos_refusals._step_reason(_hos(step)), "en")
        assert ("being drawn" in said) == (step in draws), (step, said)
