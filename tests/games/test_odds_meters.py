"""The odds meters (issue 33 item 5), each against an exact calculation on a small case.

Ghost at Home: the next card drawn is a ghost card (exact: ghosts unseen / cards unseen).
"""

from __future__ import annotations

from fractions import Fraction
from types import SimpleNamespace

import pytest

from companion import protocol
from companion.engine import get_game
from companion.engine.frozen import replace
from companion.games.ghost_at_home.odds import ghost_draw
from companion.games.ghost_at_home.state import Floor
from companion.header import GameHeader
from companion.inputs import Touch
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


# ---------------------------------------------------------------- Children (exact, over the draws)

def _children_at_ghost_step(hands, rooms=None, tablets=True, **options):
    """Ada's turn at step 5, moving Kitty Kitty (no draws left in it), Bo next; Rosie's stack
    flipped, so Rosie, in the Children deck, comes in enraged. The mansion: the rulebook's
    rooms (tablets still to play), or ``rooms`` with no tablet left (``tablets`` False)."""
    from children_checks import RULEBOOK_ROOMS, arrange, started

    from companion.games.children.state import Step

    state = started(**options)
    rooms = rooms or RULEBOOK_ROOMS
    first = next(iter(rooms.values()))
    state = arrange(state, rooms, where=[first] * 3, hands=hands, step=Step.KITTY, actions=0, kitty=first,
                    kitty_card=0)
    state = replace(state, flipped=(("teddy-bear", "rosie"),))
    return state if tablets else replace(state, tablet_pile=())


def test_children_bo_moves_twice_so_rosie_enraged_comes_in_2_times_in_49():
    """Bo (5 cards) moves twice: two entry draws, then his hand is full. The deck holds 54
    cards (70 less 3 hands of 5 and the Kitty Kitty card): 5 fates, each replaced by another
    draw (so the 49 others stay a uniform shuffle), 13 ghosts (Rosie among them), 36 hand cards. Rosie is one of the
    first two of the 49 with chance 2/49; the hand limit drops to 4 and Ada and Cy, holding
    5, cut down."""
    from companion.games.children.odds import cut_down, deck_counts, plan
    from companion.games.children.prompts import settle

    state = _children_at_ghost_step((5, 5, 5))
    assert state.deck == 54 and deck_counts(state) == (1, 12, 0, 5, 36)
    assert settle(state) is state  # the engine waits for Ada to move Kitty Kitty
    assert [(t.mover, t.draws, t.restore) for t in plan(state)] == [(0, 0, False), (1, 2, True)]
    assert cut_down(state, exact=True) == Fraction(2, 49)
    assert cut_down(replace(state, hands=(4, 5, 4)), exact=True) == 0  # Ada and Cy hold 4: not over 4
    # Bo holds 4: when both his entry draws are ghosts, step 3 draws again (Ada's 5 is over 4)
    assert cut_down(replace(state, hands=(5, 4, 4))) > 2 / 49


def test_children_bo_stuck_refills_until_a_hand_card_so_rosie_first_1_time_in_38():
    """One room, no tablet left: Bo (4 cards) cannot move, and at step 3 draws until he holds
    5 (a ghost is no card). Of the deck's 55 cards, 37 are hand cards: Rosie comes before the
    first of them with chance 1/38 (the calm ghosts and the fates do not matter). Under
    ``restore_draw_ghost_counts`` he draws once, from the 50 cards that are not fates: 1/50."""
    from companion.games.children.odds import cut_down

    one_room = {(1, 2): "billiards-room"}
    state = _children_at_ghost_step((5, 4, 5), rooms=one_room, tablets=False)
    assert cut_down(state, exact=True) == Fraction(1, 38)
    counting = _children_at_ghost_step((5, 4, 5), rooms=one_room, tablets=False, restore_draw_ghost_counts=True)
    assert cut_down(counting, exact=True) == Fraction(1, 50)


def test_children_a_cut_down_due_now_the_ghosts_win_and_no_enraged_ghost_left():
    from companion.games.children.odds import cut_down
    from companion.games.children.state import Ghost

    state = _children_at_ghost_step((5, 5, 5))
    enraged = Ghost("penny", "parlor", enraged=True)
    assert cut_down(replace(state, ghosts=(enraged,), ghost_deck=tuple(g for g in state.ghost_deck
                                                                         if g != "penny"))) == 1  # Bo holds 5 > 4
    assert cut_down(replace(state, flipped=())) == 0  # no enraged ghost can come in
    assert cut_down(replace(state, outcome="won")) is None


def test_children_meter_reads_public_facts_only():
    """The toy -> ghost pairing of the stacks not flipped is HIDDEN: a twin that differs only in
    it shows the same figure, all through random games (the hand cards the companion saw drawn
    are not kept at all, kidsleak21)."""
    from children_checks import hidden_twin, random_game

    from companion.games.children.odds import cut_down

    seen = set()
    for seed in (1, 2):
        for _, _, state in random_game(seed, 300):
            twin = hidden_twin(state)
            if twin is not None:
                assert cut_down(twin) == cut_down(state)
            seen.add(cut_down(state))
    assert len(seen) > 2  # not a constant


def test_children_the_meter_is_the_games_hook():
    state = _children_at_ghost_step((5, 5, 5))
    what, value = get_game("children").odds(state)
    assert what == "Cut-down in 2 turns" and value == 2 / 49
    session = SimpleNamespace(spec=get_game("children"), state=state)
    assert protocol.odds_message(session, "en") == {"what": "Cut-down in 2 turns", "value": 0.041}
    assert protocol.odds_message(session, "it")["what"] == "Mano ridotta in 2 turni"


# ---------------------------------------------------------------- CLUE: IT (exact, over the dice faces)

@pytest.mark.parametrize("options", [{}, {"intrigue_deck": "off"}, {"double_question": "one"}])
def test_clue_it_moves_for_every_roll_is_the_engines(options):
    """:func:`moves_for` against the engine's own dice rule on all 36 rolls."""
    from itertools import product

    from test_clue_it import run, started

    from companion.games.clue_it import components as ci
    from companion.games.clue_it.odds import moves_for

    state = run(started(**options), "roll")
    for a, b in product(ci.DIE_FACES, repeat=2):
        assert run(state, f"die:{a}", f"die:{b}").moves == moves_for(a, b, state.options), (a, b)


def test_clue_it_reach_over_the_two_dice():
    """9 squares: 10 of the 25 number pairs (a "?" leaves one die, at most 6): 5/18. 2
    squares: every roll but "?" "?" (no move), 35/36; without Intrigue cards "?" is 1: 1."""
    from test_clue_it import started

    from companion.games.clue_it.odds import reach

    assert reach(started(), 9) == Fraction(5, 18)
    assert reach(started(), 2) == Fraction(35, 36)
    assert reach(started(intrigue_deck="off"), 2) == 1
    assert reach(started(), 13) == 0


def test_clue_it_a_question_is_in_reach_by_the_secret_passage_or_where_one_stands():
    """"Use a Secret Passage": from a corner location, a question with no roll (100 %);
    elsewhere the dice's chance needs the board's layout, which the companion lacks: no figure."""
    from test_clue_it import run, started

    from companion.games.clue_it import components as ci
    from companion.games.clue_it.odds import odds, question_in_reach

    state = started()
    assert question_in_reach(state) is None  # in the centre: how far is a location?
    state = run(state, "roll", "die:4", "die:5", "stop:location-5", "no-question", "end-turn")
    state = run(state, *["roll", "die:2", "die:2", "stop:corridor", "end-turn"] * 3)
    assert state.player == "Ada" and state.place == "location-5"
    assert odds(state) == ("A question in reach this turn", 1)
    assert question_in_reach(run(state, "roll")) is None  # rolled: the table taps the stop
    assert get_game("clue_it").odds(state)[1] == 1
    session = SimpleNamespace(spec=get_game("clue_it"), state=state)
    assert protocol.odds_message(session, "it") == {"what": "Domanda in questo turno", "value": 1.0}
    here = started(ask_requires_entry="present")  # Ada's mover moved into a location by a question
    kid = ci.KIDS.index(here.kids[0])
    here = replace(here, movers=here.movers[:kid] + ("derry-public-library",) + here.movers[kid + 1:])
    assert here.place == "derry-public-library" and question_in_reach(here) == 1
    assert question_in_reach(replace(here, options={**here.options, "ask_requires_entry": "entered"})) is None


def _clue_it_at_first_turn(store=None) -> Session:
    """A CLUE: IT session (virtual Intrigue deck) at its first turn, Ada or Bo in the centre."""
    from companion.games.clue_it.state import Step

    header = GameHeader.from_json({"game": "clue_it", "players": ["Ada", "Bo"], "seed": 3,
                                   "options": {"intrigue_deck": "virtual"}})
    session = Session.start(header, store=store)
    while session.state.step != Step.TURN:
        assert session.handle(Touch(session.prompt.choices[0].key)).accepted
    return session


def test_clue_it_the_squares_given_before_the_roll_feed_the_meter():
    """The table says the nearest location is 9 squares away: 10 of the 36 rolls move 9 or
    more (3+6, 4+5, 4+6, 5+4, 5+5, 5+6, 6+3, 6+4, 6+5, 6+6; a "?" leaves one die), 5/18. The
    input is a recorded touch: a plain news line with its why, the game otherwise unchanged, and
    the next turn forgets it."""
    from companion.games.clue_it.odds import odds

    session = _clue_it_at_first_turn()
    before, player = session.state, session.state.player
    assert protocol.odds_message(session, "en") is None  # in the centre: no figure yet
    squares = next(c for c in session.prompt.choices if c.key == "squares")
    assert not squares.main and session.prompt.choices[0].key == "roll"  # the roll stays the big button
    assert session.handle(Touch("squares")).accepted
    assert [c.key for c in session.prompt.choices] == [f"squares:{n}" for n in range(1, 13)] + ["cancel-squares"]
    assert not any(c.main for c in session.prompt.choices)
    assert session.handle(Touch("squares:9")).accepted
    assert odds(session.state) == ("A question in reach this turn", Fraction(5, 18))
    for lang, what in (("en", "A question in reach this turn"), ("it", "Domanda in questo turno")):
        assert protocol.odds_message(session, lang) == {"what": what, "value": 0.278}
    line = session.state.news[0]
    assert str(line) == f"{player}: the nearest location is 9 squares away." and line.todo is None
    assert (str(line.why.rule), line.why.inputs) == ("Roll the Dice", (9, 10))
    assert replace(session.state, squares=None, news=before.news) == before  # nothing else changed
    assert [str(c.label) for c in session.prompt.choices[:2]] == ["Roll the dice", "Nearest location: 9 squares"]
    assert session.handle(Touch("roll")).accepted
    assert protocol.odds_message(session, "en") is None  # rolled: the table taps the stop
    while session.state.player == player:
        assert session.handle(Touch(session.prompt.choices[-1].key)).accepted  # elsewhere, End turn
    assert session.state.squares is None and protocol.odds_message(session, "en") is None


def test_clue_it_the_squares_replay_exactly_and_undo_takes_them_back(tmp_path):
    """The squares are stored with the game's inputs: a resumed game (whole log, no snapshot)
    has them; Undo takes them back to the pick, then Not now leaves the turn as it was."""
    from companion.store import EventStore

    store = EventStore(tmp_path / "reach.sqlite3")
    try:
        session = _clue_it_at_first_turn(store)
        turn = session.state
        for key in ("squares", "squares:2", "squares", "squares:11"):  # the table may correct itself
            assert session.handle(Touch(key)).accepted
        assert protocol.odds_message(session, "en")["value"] == 0.083  # 5+6, 6+5, 6+6: 3 in 36
        resumed = Session.resume(store, store.last_unfinished(), use_snapshot=False)
        assert resumed.state == session.state and resumed.state.squares == 11
        assert session.handle(Touch("undo")).accepted
        assert session.state.squares == 2 and session.prompt.choices[-1].key == "cancel-squares"
        assert protocol.odds_message(session, "en") is None  # picking: no figure until it is given
        assert session.handle(Touch("cancel-squares")).accepted
        assert protocol.odds_message(session, "en")["value"] == 0.972  # 2 squares: all but "?" "?"
        for _ in range(4):  # Not now, the pick, 2 squares, the pick
            assert session.handle(Touch("undo")).accepted
        assert session.state == turn
    finally:
        store.close()


def test_clue_it_the_squares_are_offered_only_where_they_change_the_figure():
    """Not after the roll, not from a corner location with a secret passage (100 % already),
    never as the big button; a stale squares touch is refused, naming "Roll the Dice"."""
    from test_clue_it import run, started

    from companion.games.clue_it.prompts import prompt

    state = started()
    assert "squares" in [c.key for c in prompt(state).choices]
    assert "squares" not in [c.key for c in prompt(run(state, "roll", "die:4", "die:5")).choices]
    state = run(state, "roll", "die:4", "die:5", "stop:location-5", "no-question", "end-turn")
    state = run(state, *["roll", "die:2", "die:2", "stop:corridor", "end-turn"] * 3)
    assert state.place == "location-5" and "squares" not in [c.key for c in prompt(state).choices]
    session = _clue_it_at_first_turn()
    assert session.handle(Touch("roll")).accepted
    reply = session.handle(Touch("squares:9"))
    assert not reply.accepted and str(reply.rule) == "Roll the Dice"


def test_children_plan_of_the_turns():
    """Step 2 with one action left: one entry draw; after an emergency escape: none; the last
    turn of the final round: no next turn."""
    from companion.games.children.odds import plan
    from companion.games.children.state import Step

    state = replace(_children_at_ghost_step((5, 5, 5)), step=Step.ACTIONS, actions=1)
    assert [(t.mover, t.draws) for t in plan(state)] == [(0, 1), (1, 2)]
    escaped = replace(state, where=(None,) + state.where[1:])
    assert [(t.mover, t.draws) for t in plan(escaped)] == [(0, 0), (1, 2)]
    assert [(t.mover, t.draws) for t in plan(replace(state, final_turns=1))] == [(0, 1)]
