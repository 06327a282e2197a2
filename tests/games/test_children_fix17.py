"""Session 17 (fix17, review17): a Children refusal never names a hidden card, and the
undo lines say every step back, in the order the table takes them.

Sources: children.txt "Device Cards" (a device is played from the hand), "Trap Cards",
"Trapping Ghosts", "Kitty Kitty" (fate: "place the Kitty Kitty statuette in any room
unoccupied by players"), "1. Play a Room Tablet", "Emergency Escape".
"""

from __future__ import annotations

from dataclasses import replace

from children_checks import RULEBOOK_ROOMS, SPEC, arrange, random_game, started

from companion.games.children.state import Frame, Ghost, Step
from companion.i18n import render

ADA, BO = 0, 1
HAND_KINDS = ("toy", "device", "trap")


def _both(text) -> tuple[str, str]:
    return str(render(text, "en")), str(render(text, "it"))


def _names(state, card: str) -> set[str]:
    return set(_both(state.name(card)))


def _hand_cards(state) -> list[tuple[str, str]]:
    return sorted((c.kind, card) for card, c in state.content.cards.items() if c.kind in HAND_KINDS)


# --------------------------------------------------------------------------- hidden cards


def test_a_device_refused_is_not_named_nor_its_effect_told():
    """review17 item 2: `tap children:device:hatpin` said "The Hatpin calms an enraged ghost
    within 2 rooms: none is in reach." on the shared screen and in the voice."""
    state = arrange(started(), RULEBOOK_ROOMS, where=("wash-room", "kitchen", "wine-cellar"))
    assert state.step == Step.ACTIONS and not state.frames
    for device in ("hatpin", "feather", "music-box"):
        why = SPEC.refusal(state, None, f"children:device:{device}")
        en, it = _both(why)
        assert en.startswith("A hidden card was tapped: it cannot be played now, and it stays in the hand it "
                             "came from. Ada: 2 actions left"), en
        assert it.startswith("È stata appoggiata una carta nascosta: ora non si può giocare, e resta nella mano "
                             "da cui viene. Ada: "), it
        for name in _names(state, device):
            assert name not in en and name not in it
    assert _both(SPEC.refusal(state, "use:hatpin", None))[0].startswith(
        "That card cannot be played now, and it stays in the hand it came from.")


def test_a_wrong_toy_is_not_named_but_the_ghosts_toy_is():
    """"Trapping Ghosts": the ghost's beloved toy is printed on its card (public); the toy
    tapped came from a hand (hidden)."""
    state = arrange(started(pairing=["penny", "rosie", "the-twins"] + [f"ghost-{n:02d}" for n in range(4, 14)]),
                    RULEBOOK_ROOMS, where=("master-bedroom", "kitchen", "wine-cellar"),
                    ghosts=[Ghost("rosie", "wash-room")])
    state = SPEC.apply(SPEC.apply(state, "move:wash-room"), "draw:hatpin")
    en, it = _both(SPEC.refusal(state, None, "children:toy:parasol"))
    assert en.startswith("A hidden card was tapped that does not trap Rosie: Rosie is trapped with the Teddy Bear. "
                         "The card stays in the hand it came from."), en
    assert it.startswith("È stata appoggiata una carta nascosta che non cattura Rosie: Rosie si cattura con "), it
    for name in _names(state, "parasol"):
        assert name not in en and name not in it


def test_no_refusal_of_a_hand_card_names_it():
    """The sweep: in states of random games, every toy, device and trap tapped and refused
    is never named (unless every copy lies where all can see it: the discard pile, a scoring
    pile), in English or Italian; the prompt after the reason may name a card in play."""
    seen = 0
    for seed in range(3):
        for n, (state, _key, _after) in enumerate(random_game(seed, max_steps=200)):
            if n % 7:
                continue
            prompt = SPEC.prompt(state)
            if prompt.over:
                continue
            asked = _both(prompt.text)
            for kind, card in _hand_cards(state):
                component = f"children:{kind}:{card}"
                if prompt.for_component(component) is not None or state.in_deck(card) == 0:
                    continue
                en, it = _both(SPEC.refusal(state, None, component))
                for name in _names(state, card):
                    assert name not in en.replace(asked[0], "") and name not in it.replace(asked[1], ""), (
                        component, en, it)
                seen += 1
    assert seen > 500


# --------------------------------------------------------------------------- undo lines
