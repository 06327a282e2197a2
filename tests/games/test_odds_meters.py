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


# ---------------------------------------------------------------- House of Spirits (exact, over 1D6 faces)

def test_house_of_spirits_combat_example_attack_odds():
    """"Combat Example": Olivia, attack 2 + wooden stake 3 against the vampire's defence 2.
    Each attack face x hits when 5 + x > 2 + the vampire's die: 3/6, 4/6, 5/6, 1, 1, 1 (a
    fresh roll: 30/36); she may re-roll, so she keeps 4-6 and re-rolls 1-3: 11/12."""
    from hos_checks import holding, play, with_monster
    from test_house_of_spirits import in_round_one

    from companion.games.house_of_spirits.odds import attack_hits, odds

    state = with_monster(holding(in_round_one(), 1, "wooden-stake"), "vampire")
    state = play(state, "pick:flashlight", "attack:vampire")
    # no item yet: 2 + x against 2 + Y hits (x-1)/6 of the time (a fresh roll: 15/36); she
    # keeps 4-6 and re-rolls 1-3: (3 * 5/12 + 3/6 + 4/6 + 5/6) / 6
    assert attack_hits(state) == Fraction(13, 24)
    state = play(state, "use:wooden-stake")
    assert odds(state) == ("This attack hits", Fraction(11, 12))
    state = play(state, "face:3")  # the die on the table, if she keeps it: 8 > 2 + Y for Y <= 5
    assert attack_hits(state) == Fraction(5, 6)
    state = play(state, "keep")  # the vampire's die is left: 8 against 2 + Y
    assert attack_hits(state) == Fraction(5, 6)
    state = play(state, "face:4")
    assert odds(state) is None  # the vampire strikes back: no attack of hers under way


def test_house_of_spirits_plot_roll_examples():
    """"Playing Plot Cards": the Garage needs 3, ±2 (faces 1-5: 5/6); the Tome needs 4, ±1
    outside the Library (faces 3-5: 1/2)."""
    from hos_checks import holding, in_room, play
    from test_house_of_spirits import in_round_one

    from companion.games.house_of_spirits.odds import odds

    state = in_room(holding(in_round_one(), 1, "plot-3"), "garage")
    state = play(state, "pick:flashlight", "play:plot-3")
    assert odds(state) == ("The plot roll succeeds", Fraction(5, 6))
    state = in_room(holding(in_round_one(), 0, "plot-5", "ancient-tome"), "attic")
    state = play(state, "play:plot-5")
    assert odds(state) == ("The plot roll succeeds", Fraction(1, 2))
