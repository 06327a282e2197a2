"""The rules card (issue 33 item 4): the rules that matter for the step at hand.

Every registered game's sections are in its rulebook's order, each summary its own words in
English and Italian; the card for a prompt is chosen by the kinds of its choices and its
chance source; every kind of step a game offers is governed by one of its sections.
"""

from __future__ import annotations

import random

import pytest
from test_playout import pick_action, random_setup

from companion import protocol
from companion.client import Client
from companion.engine import all_games, get_game
from companion.engine.core import Chance, Choice, Outcome, Prompt
from companion.engine.rulecard import action_kind, sections_now
from companion.header import GameHeader
from companion.i18n import Msg, render
from companion.session import Session

GAMES = all_games()


def _names(sections) -> list[str]:
    return [render(s.name, "en") for s in sections]


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_section_is_said_in_both_languages(game_id):
    sections = GAMES[game_id].rule_sections
    assert len(sections) >= 2, f"{game_id} has no rules card (docs/new-game.md)"
    assert sum(s.turn for s in sections) >= 1, "a section says how a turn goes"
    for section in sections:
        for text in (section.name, section.summary):
            assert isinstance(text, Msg)
            assert render(text, "it") != text, f"{game_id}: no Italian for {text!r}"


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_kind_of_step_has_its_section(game_id):
    """Random playouts: every action kind and chance source the game offers is one that a
    section names (a new kind of step without rules on the card fails here)."""
    spec = GAMES[game_id]
    named_keys = {key for s in spec.rule_sections for key in s.keys}
    named_sources = {source for s in spec.rule_sections for source in s.sources}
    kinds, sources = set(), set()
    for seed in range(12):
        rng = random.Random(f"rules:{game_id}:{seed}")
        state = spec.setup(*random_setup(spec, rng))
        for _ in range(300):
            prompt = spec.prompt(state)
            if prompt.over:
                break
            kinds |= {action_kind(c.key) for c in prompt.choices + prompt.out_of_turn}
            if prompt.chance is not None:
                sources.add(prompt.chance.source)
            state = spec.apply(state, pick_action(spec, state, prompt, rng, 4.0))
    assert kinds - named_keys == set()
    assert sources - named_sources == set()


def _prompt(*keys: str, source: str | None = None) -> Prompt:
    chance = Chance(source, (Outcome("1", "x:1"),)) if source else None
    return Prompt("", "Ada", tuple(Choice(key, key) for key in keys), chance)


@pytest.mark.parametrize("game_id, prompt, expected", [
    ("creepy_cellar", _prompt("roll"), ["Let's Play"]),
    ("creepy_cellar", _prompt(source="king"), ["Ghost King card"]),
    ("creepy_cellar", _prompt("move:A", "passage:F", "done-moving"), ["Let's Play", "Secret Passages"]),
    ("creepy_cellar", _prompt("fight"), ["Fighting Ghosts and Hauntings"]),
    ("house_of_spirits", _prompt("investigate", "play:plot-1", "pick:item-2", "heal:Bo", "attack:m-1"),
     ["Player Actions"]),
    ("house_of_spirits", _prompt("guard:item-3", "keep"), ["Attack a Monster"]),
    ("clue_it", _prompt("accuse", "end-turn"), ["Mark your Clue Sheet", "Make an Accusation"]),
    ("clue_it", _prompt(source="intrigue"), ["Intrigue Cards"]),
    ("ghost_at_home", _prompt("room:first-floor", "ghost", "cat", "light:1", "discard"), ["Play (Gioco)"]),
    ("ghost_at_home", _prompt("defend", "let-in"), ["Play a ghost card (Gioca una carta fantasma)"]),
    ("children", _prompt("cut:Ada:x"), ["Enraged Ghosts"]),
    ("children", _prompt("catch:rosie", "run"), ["Trapping Ghosts", "Running from Ghosts"]),
])
def test_the_card_for_a_step(game_id, prompt, expected):
    assert _names(sections_now(get_game(game_id).rule_sections, prompt)) == expected


def test_no_rules_once_the_game_is_over():
    assert sections_now(get_game("creepy_cellar").rule_sections, Prompt("Over", over=True)) == ()


def test_the_rules_message_in_italian_names_the_printed_sections():
    session = Session.start(GameHeader.from_json({"game": "ghost_at_home", "players": ["Ada", "Bo"], "seed": 3}))
    message = protocol.rules_message(session, "it")
    assert message["game"] == "ghost_at_home" and message["title"] == session.spec.title
    assert [s["section"] for s in message["now"]] == ["Gioco"]
    assert message["now"][0]["text"].startswith("Nel vostro turno fate UNA cosa")
    assert [s["section"] for s in message["all"]][:3] == ["Riepilogo", "Gioco", "Gioca una o più carte stanza"]


def test_the_rules_message_is_the_same_whatever_the_cards(tmp_path):
    """The card names no card: for one prompt, two deals give the same rules message."""
    def rules(seed: int) -> dict:
        header = GameHeader.from_json({"game": "clue_it", "players": ["Ada", "Bo", "Cy"], "seed": seed,
                                       "options": {"envelope": "companion", "intrigue_deck": "virtual"}})
        return protocol.rules_message(Session.start(header), "en")

    assert rules(1) == rules(2)
    assert protocol.rules_message(None)["now"] == []


def test_the_daemon_answers_rules_to_the_asker(daemon):
    daemon.call(lambda: daemon.start_game(GameHeader.from_json(
        {"game": "creepy_cellar", "players": ["Ada", "Bo"], "seed": 3})))
    seen = []
    with Client(daemon.socket_path, on_message=seen.append).connect() as client:
        assert client.request({"cmd": "rules"})["ok"]
    answer = next(m for m in seen if m.get("type") == "rules")
    assert [s["section"] for s in answer["now"]] == ["Let's Play"]
    assert len(answer["all"]) == len(get_game("creepy_cellar").rule_sections)
