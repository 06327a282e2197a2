"""Children, kidsleak20: what the whole table sees never changes with which hidden card went
into another player's hand.

The companion kept the copies it saw drawn into a hand (``State.known``, HIDDEN, gone since
kidsleak21). Each test makes twin states that the table cannot tell apart: the same moves, the
same counts, only the card Ada drew into her hand differs (the one the question is about, or
another; drawn by play, so they are twins on any engine). The shared
screen's prompt (text, choices, who is asked), the players' view and the refusals said to the
table must be the same for both twins. Sections are those of
``shared/rulebooks/children.txt``.
"""

from __future__ import annotations

from dataclasses import replace

from children_checks import RULEBOOK_ROOMS, SPEC, arrange, check, started

from companion.games.children.state import Frame, Ghost, push
from companion.i18n import render

ADA, BO, CY = 0, 1, 2
WHERE = ("wash-room", "kitchen", "wine-cellar")


def _twins(state, card: str, other: str, copies: int):
    """``state`` twice: after Ada drew ``copies`` of ``card``, or as many of ``other`` (each
    tapped as drawn: the table sees the same game); Ada's hand is ``copies`` bigger."""
    twins = []
    for drawn in (card, other):
        twin = state
        for _ in range(copies):
            twin = SPEC.apply(push(twin, Frame("draw", ADA, ("replace", ""))), f"draw:{drawn}")
        check(twin)
        twins.append(twin)
    return twins


def _public(state):
    """What the table sees: the players' view and the shared prompt (text, whose, choices)."""
    prompt = SPEC.prompt(state)
    return (SPEC.view(state), str(prompt.text), prompt.player,
            [(c.key, str(c.label), c.component, c.private) for c in prompt.choices],
            [(c.key, c.player) for c in prompt.out_of_turn])


def _mansion(frames=(), **kw):
    return replace(arrange(started(**kw.pop("options", {})), RULEBOOK_ROOMS, **kw), frames=frames)


def test_crickets_ask_for_the_cricket_cage_whichever_card_ada_drew():
    """"Crickets … Exception: if you have the Cricket Cage Device Card in your hand, show it":
    Bo (3 cards) springs the Crickets. Before, Bo was asked to show the Cage only when the
    companion had not seen every Cage go into Ada's hand: the question told the table where
    the Cages were. Now it is asked whenever a Cage may be in Bo's hand as the table sees it."""
    state = _mansion(where=WHERE, hands=(2, 3, 5), ghosts=(Ghost("rosie", "dormitory"),),
                     frames=(Frame("trap", BO, ("crickets",)),))
    cages, hatpins = _twins(state, "cricket-cage", "hatpin", 3)
    assert _public(cages) == _public(hatpins)
    assert str(SPEC.prompt(cages).text) == "Bo: show the Cricket Cage if you have it"


def test_a_mouse_asks_for_the_catnip_whichever_card_ada_drew():
    """Option ``mouse_immunity = catnip`` (notes C-A3): Bo springs the Mouse; Kitty Kitty pounces
    into his room and he is asked to show the Catnip, whether or not Ada was seen drawing all
    three Catnips (before: asked only when she was not)."""
    state = _mansion(options={"mouse_immunity": "catnip"}, where=WHERE, hands=(2, 3, 5), kitty="dormitory",
                     kitty_card=ADA, frames=(Frame("trap", BO, ("mouse",)),))
    catnips, hatpins = _twins(state, "catnip", "hatpin", 3)
    assert _public(catnips) == _public(hatpins)
    assert str(SPEC.prompt(catnips).text) == "Bo: show the Catnip if you have it"


def test_the_cricket_cage_offers_every_ghost_whose_toy_bo_may_hold():
    """"Discard the Cricket Cage to trap any ghost anywhere in the Thornhill Mansion as long as
    you have that ghost's beloved toy in your hand": Bo used the Cage (a card all saw). Before,
    Rosie was left out of the list when Ada had drawn the Teddy Bear: the shared screen told
    where the Teddy Bear was."""
    state = _mansion(where=WHERE, hands=(4, 3, 5), ghosts=(Ghost("rosie", "dormitory"), Ghost("the-twins", "parlor")),
                     frames=(Frame("cage", BO),))
    teddy, other = _twins(state, "teddy-bear", "toy-05", 1)
    assert _public(teddy) == _public(other)
    assert {c.key for c in SPEC.prompt(teddy).choices} == {"catch:rosie", "catch:the-twins"}


def _ada_drew(drawn="draw:teddy-bear"):
    state = _mansion(where=WHERE)
    return SPEC.apply(SPEC.apply(state, "move:master-bedroom"), drawn)


def test_a_refused_toy_never_says_the_companion_saw_it_go_elsewhere():
    """Bo meets Rosie (check) or gives Irwin Biddle a toy (biddle) and taps a toy that is not
    taken. The refusal said "That card cannot be in Bo's hand: … the companion saw it go
    elsewhere" for a Teddy Bear the companion saw go into Ada's hand: to the whole table (and
    the voice), that another hand or tablet held it. Now the Teddy Bear is taken from Bo's
    hand whoever drew it (kidsleak21), and a toy not taken gets the frame's own reason, word
    for word the same whichever card Ada or Cy drew, and nothing in it says "elsewhere"."""
    ada, cys = _ada_drew(), _ada_drew("draw:toy-05")
    for frame, said, taken in ((Frame("check", BO, ("kitchen",)), "A hidden card was tapped and not taken: Rosie is "
                                "trapped with the Teddy Bear. The card stays in the hand it came from. ",
                                "catch:rosie"),
                               (Frame("biddle", BO), "Irwin Biddle takes one toy from Bo's hand. ",
                                "biddle-toy:teddy-bear")):
        texts = []
        for twin in (ada, cys):
            twin = replace(twin, ghosts=(Ghost("rosie", "kitchen"),), frames=(frame,))
            assert SPEC.prompt(twin).for_component("children:toy:teddy-bear").key == taken
            texts.append(SPEC.refusal(twin, None, "children:toy:toy-05"))
        assert texts[0] == texts[1]
        assert texts[0].startswith(said), texts[0]
        assert "elsewhere" not in texts[0] and "cannot be in" not in texts[0] and "does not trap" not in texts[0]
    assert render(texts[0], "it").startswith("Irwin Biddle prende un giocattolo dalla mano di Bo. ")


def test_a_toy_tapped_for_an_empty_hand_is_not_called_another_toy():
    """Bo holds no card and meets Rosie: no trap is offered (nothing in his hand). A Teddy
    Bear tapped then was answered "A hidden card was tapped that does not trap Rosie: Rosie
    is trapped with the Teddy Bear", false of the Teddy Bear itself; now the count all can
    see is the reason."""
    state = _mansion(where=WHERE, hands=(5, 0, 5), ghosts=(Ghost("rosie", "kitchen"),),
                     frames=(Frame("check", BO, ("kitchen",)),))
    assert {c.key for c in SPEC.prompt(state).choices} == {"run"}
    text = SPEC.refusal(state, None, "children:toy:teddy-bear")
    assert text.startswith("Bo holds no card: a card tapped now does not come from their hand. ")
    assert render(text, "it").startswith("Bo non ha carte in mano: una carta appoggiata ora non viene dalla sua "
                                         "mano. ")
