"""Issue 27 item 7: a board keeps the widgets of the parts a state did not change. Counted
in a child process (``board_work.py``: Kivy stays out of this one), as Label widgets made:
a work count, never a timing (the timings are benchmarks/board_views.py's).

Before the fix the House of Spirits board made its 22 labels again for every view (about
5,000 over the playthrough test), CLUE: IT its 35 and Children its 12 player-panel labels.
"""

from __future__ import annotations

import pytest

from tests.ui.child_counts import printed_counts

pytestmark = pytest.mark.ui

@pytest.fixture(scope="module")
def made(tmp_path_factory):
    return printed_counts("board_work.py", tmp_path_factory.mktemp("kivy"))


def test_a_view_with_nothing_drawn_changed_makes_no_label(made):
    assert {game: counts["same"] for game, counts in made.items()} == {
        "house_of_spirits": 0, "clue_it": 0, "children": 0}


def test_one_players_change_remakes_only_what_shows_it(made):
    # House of Spirits: the player's panel (name, character, score; the pips are drawn);
    # CLUE: IT: the status line's two figures; Children: the player's name and figures
    assert {game: counts["one_player"] for game, counts in made.items()} == {
        "house_of_spirits": 4, "clue_it": 2, "children": 4}
