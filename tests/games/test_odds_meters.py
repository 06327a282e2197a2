"""The odds meters (issue 33 item 5), each against an exact calculation on a small case.

Ghost at Home: the next card drawn is a ghost card (exact: ghosts unseen / cards unseen).
"""

from __future__ import annotations

from fractions import Fraction

from companion import protocol
from companion.engine import get_game
from companion.engine.frozen import replace
from companion.games.ghost_at_home.odds import ghost_draw
from companion.games.ghost_at_home.state import Floor
from companion.header import GameHeader
from companion.session import Session


def _session(game: str, players=("Ada", "Bo"), seed: int = 3, **options) -> Session:
    return Session.start(GameHeader.from_json({"game": game, "players": list(players), "seed": seed,
                                               "options": options}))


def test_ghost_at_home_a_new_game_draws_a_ghost_8_times_in_53():
    session = _session("ghost_at_home")
    assert ghost_draw(session.state) == Fraction(8, 53)
    assert protocol.state_message(session, [], lang="en")["odds"] == {"what": "Next card a ghost", "value": 0.151}
    assert protocol.state_message(session, [], lang="it")["odds"]["what"] == "Prossima carta un fantasma"


def test_ghost_at_home_ghosts_seen_leave_fewer_in_the_unknown_cards():
    state = _session("ghost_at_home").state
    house = (Floor(ghosts=2), Floor(), Floor())
    # two ghosts in Bo's house, a ghost among the known discards, 2 cards discarded face down
    state = replace(state, houses=(state.houses[0], house), deck=state.deck - 5, discard=("ghost",), secret=2)
    assert ghost_draw(state) == Fraction(8 - 3, 42 + 6 + 2)
    assert ghost_draw(replace(state, deck=0)) is None


def test_ghost_at_home_the_meter_is_the_games_hook():
    state = _session("ghost_at_home").state
    assert get_game("ghost_at_home").odds(state)[1] == Fraction(8, 53)
    assert get_game("creepy_cellar").odds(_session("creepy_cellar").state) is None  # its meter is in its view
