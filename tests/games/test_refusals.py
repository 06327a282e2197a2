"""Refusals that name the rule (issue 19): a sweep over random states of every game.

Random session playouts (as in tests/games/test_playout.py) visit many states; at some of
them every touch key and every tagged component that was a choice *somewhere* in the
playouts ("legal elsewhere") but is not one now is tried. Each must be refused, and the
refusal must be the game's own reason (``GameSpec.refusal``), never the session's bare
generic sentence ("Not now. ..." / "... was tapped, but no such card is due now"), and never
"drawn already" (the session's guess for a card of a kind being drawn: wrong for a card never
drawn, e.g. one Basic mode removes).

Coordination: each game is one parametrized case. A game whose refusals are not done yet is
marked ``xfail(strict=False, reason=...)`` in :data:`PENDING` (h19b removes its marks); a game
whose refusal may truthfully say "drawn already" for a card that was drawn adds a predicate to
:data:`DRAWN`.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from companion.engine import all_games, get_game, resolve_options
from companion.engine.core import check_fix
from companion.engine.legality import implied_choice
from companion.errors import RuleViolation
from companion.header import GameHeader
from companion.i18n import render
from companion.inputs import Press, Tap, Touch
from companion.session import Session

GAMES = all_games()

#: Games whose refusals another helper is still writing: game id -> reason.
PENDING: dict[str, str] = {}

#: game id -> (session, component) -> True when that component really was drawn already.
DRAWN: dict[str, Callable] = {}

PLAYOUTS = 6
STEPS = 160
SAMPLE_EVERY = 9
GENERIC = ("Not now. ", "but no such card is due now")


def _cases():
    for game_id in sorted(GAMES):
        marks = [pytest.mark.xfail(strict=False, reason=PENDING[game_id])] if game_id in PENDING else []
        yield pytest.param(game_id, marks=marks, id=game_id)


def _session(game_id: str, seed: int) -> Session:
    spec = GAMES[game_id]
    rng = random.Random(f"refusals:{game_id}:{seed}")
    players = ["Ada", "Bo", "Cy", "Di", "Eve", "Fay", "Gus"][: rng.randint(spec.min_players, spec.max_players)]
    options = resolve_options(spec, {o.name: rng.choice(o.values) for o in spec.options})
    header = GameHeader.from_json({"game": game_id, "players": players, "seed": seed, "options": options})
    return Session.start(header)


def _walk(game_id: str, seed: int):
    """A random session playout: yields the session at each step (before its input)."""
    from test_playout import choice_weight

    spec = GAMES[game_id]
    session = _session(game_id, seed)
    rng = random.Random(f"walk:{game_id}:{seed}")
    for _ in range(STEPS):
        prompt = session.prompt
        if prompt.over:
            return
        yield session
        choices = prompt.choices
        choice = rng.choices(choices, weights=[choice_weight(spec, session.state, c.key) for c in choices])[0]
        reply = session.handle(Press(choice.button) if choice.button else Touch(choice.key))
        assert reply.accepted, reply.text


def _pool(game_id: str) -> tuple[set[str], set[str]]:
    """Keys and components that were choices somewhere in the playouts."""
    keys, components = set(), set()
    for seed in range(PLAYOUTS):
        for session in _walk(game_id, seed):
            for choice in session.prompt.choices + session.prompt.out_of_turn:
                keys.add(choice.key)
                if choice.component:
                    components.add(choice.component)
    return keys, components


def _check(game_id: str, session: Session, text: str, what: str) -> None:
    text = str(text)  # a refusal that repeats a dice prompt is a NewsLine (its touch form beside it)
    assert text, what
    # the engine's last resort starts "Not now. " ("... or Not now. Only Gus looks" names a button)
    assert not text.startswith(GENERIC[0]) and GENERIC[1] not in text, (what, text)
    if "drawn already" in text:
        drawn = DRAWN.get(game_id)
        assert drawn is not None and drawn(session, what), (what, text)


@pytest.mark.parametrize("game_id", list(_cases()))
def test_every_refusal_names_its_rule(game_id):
    keys, components = _pool(game_id)
    assert keys, "the playouts offered choices"
    tried = 0
    for seed in range(PLAYOUTS):
        for step, session in enumerate(_walk(game_id, 100 + seed)):
            if step % SAMPLE_EVERY:
                continue
            prompt = session.prompt
            for key in sorted(keys):
                if prompt.choice(key) is not None or check_fix(session.check(), key) is not None:
                    continue
                if implied_choice(GAMES[game_id], session.state, prompt, lambda p, k=key: p.choice(k)):
                    continue  # going on playing answers the question open (kidsflow21): legal
                reply = session.handle(Touch(key))
                assert not reply.accepted, key
                _check(game_id, session, reply.text, key)
                tried += 1
            for component in sorted(components):
                if prompt.for_component(component) is not None:
                    continue
                if implied_choice(GAMES[game_id], session.state, prompt, lambda p, c=component: p.for_component(c)):
                    continue
                reply = session.handle(Tap("04AA0000000001", reader="sweep", ndef=component))
                assert not reply.accepted, component
                _check(game_id, session, reply.text, component)
                tried += 1
    # the sweep tried each key and card several times (at least 100 refusals in a large game)
    assert tried > min(100, 10 * len(keys | components)), tried


#: Games whose choices carry the main mark (issue 19 F).
MAIN_MARKED = sorted(GAMES)


@pytest.mark.parametrize("game_id", MAIN_MARKED)
def test_at_most_one_main_choice_and_never_in_a_pick_list(game_id):
    """``Choice(main=True)`` is THE expected next step: one per prompt at most, never an entry
    of a list of cards, rooms or players to pick from (a choice with a component, or one of
    several listed choices of the same kind)."""
    mains = 0
    for seed in range(PLAYOUTS):
        for session in _walk(game_id, 200 + seed):
            prompt = session.prompt
            # A private choice marked main says the privacy screen is the expected step (the
            # protocol's ``private.main``; issue 29 item 3): then no public choice is main.
            marked = [c for c in prompt.choices if c.main and not c.private]
            screen = any(c.main and c.private for c in prompt.choices)
            assert len(marked) + screen <= 1, [c.key for c in prompt.choices if c.main]
            for choice in marked:
                kind = choice.key.partition(":")[0]
                assert choice.component is None, choice.key
                listed = [c for c in prompt.choices if not c.tap_only]  # a tap-only choice is never listed
                assert sum(c.key.partition(":")[0] == kind for c in listed) == 1, choice.key
            mains += len(marked)
    assert mains > 20


@pytest.mark.parametrize("game, players, english, italian", [
    ("creepy_cellar", 5, "Creepy Cellar is for 1 to 4 players, not 5.",
     "Creepy Cellar si gioca da 1 a 4 giocatori, non in 5."),
    ("clue_it", 1, "CLUE: IT is for 2 to 7 players, not 1.", "CLUE: IT si gioca da 2 a 7 giocatori, non in 1."),
    ("house_of_spirits", 5, "House of Spirits is for 2 to 4 players, not 5.",
     "House of Spirits si gioca da 2 a 4 giocatori, non in 5."),
    ("children", 5, "Children is for 2 to 4 players, not 5.", "Children si gioca da 2 a 4 giocatori, non in 5."),
    ("ghost_at_home", 1, "Ghost at Home is for 2 to 5 players, not 1.",
     "Ghost at Home si gioca da 2 a 5 giocatori, non in 1."),
])
def test_setup_refusals_in_english_and_italian(game, players, english, italian):
    """Too many or too few players, and two players of one name: the set-up refuses, in the
    table's language."""
    spec = get_game(game)
    options = resolve_options(spec, {})
    with pytest.raises(RuleViolation) as count:
        spec.setup(["Ada", "Bo", "Cy", "Di", "Eve"][:players], options)
    with pytest.raises(RuleViolation) as twins:
        spec.setup(["Ada", "Ada"], options)
    assert (count.value.args[0], render(count.value.args[0], "it")) == (english, italian)
    assert render(twins.value.args[0], "it") == "Ogni giocatore deve avere un nome diverso."
