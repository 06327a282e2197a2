"""Issue 33 item 1: Children's hand limit and cut-downs explain themselves ("Enraged Ghosts":
5 minus the enraged ghosts in the mansion), with the rulebook's numbers and the counts
behind them. The explanations name no card, only counts."""

from __future__ import annotations

from children_checks import SPEC
from test_children_rulebook import mansion

from companion.engine.why import why_message
from companion.games.children.state import Ghost


def _why(state, english: str, lang: str = "en") -> dict:
    lines = [line for line in SPEC.news(state) if str(line) == english]
    assert lines, (english, [str(x) for x in SPEC.news(state)])
    return why_message(lines, lang)[0]


def test_the_teddy_bear_sidebar_enrages_penny_and_the_others_cut_down():
    """Sidebar p.12: trapping Rosie reveals Penny, enraged: the hand limit drops from 5 to 4
    and Bo and Cy cut down at once."""
    state = mansion(where=("master-bedroom", "kitchen", "wine-cellar"),
                    ghosts=[Ghost("rosie", "wash-room"), Ghost("penny", "spire")])
    for key in ("move:wash-room", "draw:feather", "catch:rosie"):
        state = SPEC.apply(state, key)
    expected = {"rule": "Enraged Ghosts", "from": [1, 4],
                "text": "1 enraged ghost is in the mansion: the hand limit is 5 minus 1, so 4."}
    assert _why(state, "Bo and Cy: cut down to the hand limit of 4 now.") == expected
    assert _why(state, "The hand limit is now 4.") == expected
    assert _why(state, "The hand limit is now 4.", "it") == {
        "rule": "Fantasmi infuriati", "from": [1, 4],
        "text": "Nella villa c'è 1 fantasma infuriato: il limite di mano è 5 meno 1, quindi 4."}


def test_calming_one_of_two_enraged_ghosts_raises_the_limit_from_3_to_4():
    """Hatpin ("calm any ghost within 2 rooms"): two enraged ghosts made the limit 3; one
    calmed leaves one, so 4."""
    state = mansion(where=("master-bedroom", "kitchen", "wine-cellar"),
                    ghosts=[Ghost("penny", "billiards-room", True), Ghost("rosie", "kitchen", True)],
                    hands=(3, 3, 3))
    state = SPEC.apply(SPEC.apply(state, "use:hatpin"), "calm:penny")
    assert _why(state, "The hand limit is now 4.")["from"] == [1, 4]


def test_a_correction_that_enrages_a_second_ghost_gives_a_limit_of_3():
    """Two enraged ghosts in the mansion: 5 - 2 = 3 (the table check's correction)."""
    from test_children_tablecheck import table

    state = SPEC.apply(table(), "fix:enraged:rosie:1")
    assert _why(state, "The hand limit is now 3.") == {
        "rule": "Enraged Ghosts", "from": [2, 3],
        "text": "2 enraged ghosts are in the mansion: the hand limit is 5 minus 2, so 3."}
    assert _why(state, "The hand limit is now 3.", "it")["text"] == (
        "Nella villa ci sono 2 fantasmi infuriati: il limite di mano è 5 meno 2, quindi 3.")
