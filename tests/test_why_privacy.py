"""Issue 33: a news line's ``why`` never names a hidden card. A whole Children game
(hands of toys, devices and traps, tapped in private) is replayed through the daemon; no
card of a hand is named in any ``why`` entry unless the news line it explains names it
(played in the open). The refusals' ``rule`` is a section name, never a card."""

from __future__ import annotations

import json
from pathlib import Path

from companion import script
from companion.replay import replay


def test_children_whys_never_name_a_hand_card():
    from companion.games.children import components as cc

    loaded = script.load(Path(__file__).parent / "scripts" / "children" / "players_win.jsonl")
    messages: list[dict] = []
    replay(loaded, on_message=messages.append)
    states = [m for m in messages if m.get("type") == "state"]
    hand = {cc.component_label(c) for c in loaded.header.tags.values() if c.split(":")[1] in cc.HAND_KINDS}
    assert "Teddy Bear" in hand
    explained = 0
    for message in states:
        assert len(message["why"]) == len(message["news"])
        assert len(message["log_why"]) == len(message["log"])  # item 2: History explains any line
        for line, why in [*zip(message["news"], message["why"]), *zip(message["log"], message["log_why"])]:
            if why is None:
                continue
            explained += 1
            said = json.dumps(why, ensure_ascii=False)
            assert not {card for card in hand if card in said and card not in line}, (line, why)
    assert explained > 0
    notices = [m for m in messages if m.get("type") == "notice" and m.get("rule")]
    assert all(not any(card in m["rule"] for card in hand) for m in notices)


def _replayed(path: Path) -> list[dict]:
    """Every message the daemon sends while replaying the script at ``path``."""
    messages: list[dict] = []
    replay(script.load(path), on_message=messages.append)
    return messages


def _explained(messages: list[dict], hidden: set[str]) -> int:
    """No ``why`` entry of the daemon's ``messages`` names a ``hidden`` card unless its news
    line does; refusals' ``rule`` name none. Returns how many lines were explained."""
    explained = 0
    for message in (m for m in messages if m.get("type") == "state"):
        assert len(message["why"]) == len(message["news"])
        for line, why in zip(message["news"], message["why"]):
            if why is None:
                continue
            explained += 1
            said = json.dumps(why, ensure_ascii=False)
            assert not {card for card in hidden if card in said and card not in line}, (line, why)
    notices = [m for m in messages if m.get("type") == "notice" and m.get("rule")]
    assert all(not any(card in m["rule"] for card in hidden) for m in notices)
    return explained


def test_house_of_spirits_whys_never_name_a_secret_victory_card():
    """The companion deals the secret victory cards (option ``secret_cards``); no why names
    one (they are never named on the shared screen at all)."""
    from companion.games.house_of_spirits import components as hc

    hidden = {str(hc.label(card)) for card in hc.ids("secret")} | set(hc.ids("secret"))
    path = Path(__file__).parent / "scripts" / "house_of_spirits" / "secret_cards.jsonl"
    assert _explained(_replayed(path), hidden) > 100


def test_clue_it_whys_never_name_the_envelope_or_a_kept_intrigue_card():
    """A whole CLUE: IT game, the companion sealing the envelope: no why names an envelope
    card (the solution the game ends with) or a kept Intrigue card, unless its own line does
    (a question said aloud)."""
    from companion.games.clue_it import components as ci

    path = Path(__file__).parent / "scripts" / "clue_it" / "solved.jsonl"
    messages = _replayed(path)
    solution = next(m for m in reversed(messages) if m.get("type") == "state")["view"]["solution"]
    assert len(solution) == 3
    keepers = {str(ci.card_name(card)) for card in ci.KEEPERS}
    assert _explained(messages, set(solution) | keepers) > 50

def _named(text: str, labels) -> set[str]:
    return {label for label in labels if label in text}


def _game_labels(game_id: str, lang: str) -> set[str]:
    """Every card's name as the table sees it in ``lang``."""
    from companion.engine import get_game
    from companion.i18n import render

    spec = get_game(game_id)
    return {render(spec.component_label(c), lang) for c in spec.components}


def test_ghost_at_home_whys_never_name_a_card_the_news_does_not():
    """Ghost at Home's hands and face-down discards are hidden: whole games replayed through
    the daemon; a ``why`` names a card only when a news line of the same message does (a
    card played in the open: a special card, a cat defending)."""
    labels = {c for c in _game_labels("ghost_at_home", "en") if c[0].isupper()}  # the special cards' names
    labels |= {"ghost card", "cat card", "room card"}
    explained = 0
    for name in ("two_players", "three_players"):
        loaded = script.load(Path(__file__).parent / "scripts" / "ghost_at_home" / f"{name}.jsonl")
        messages: list[dict] = []
        replay(loaded, on_message=messages.append)
        for message in (m for m in messages if m.get("type") == "state"):
            assert len(message["why"]) == len(message["news"])
            news = " ".join(message["news"])
            for why in filter(None, message["why"]):
                explained += 1
                said = json.dumps([why["text"], why["from"]], ensure_ascii=False)  # the rule: a section's name
                assert _named(said, labels) <= _named(news, labels), (message["news"], why)
    assert explained > 20


def test_random_playouts_whys_name_only_cards_played_in_the_open():
    """Random games of Children and Ghost at Home, in English and Italian: every card name in
    a ``why`` is also in that step's news (played in the open); toys Irwin Biddle takes, the
    cards left under a tablet, a face-down discard are never named."""
    import random

    from test_playout import pick_action, random_setup

    from companion.engine import get_game
    from companion.engine.why import why_message
    from companion.i18n import render

    for game_id, hidden_kinds in (("children", ("toy", "device", "trap")), ("ghost_at_home", None)):
        spec = get_game(game_id)
        for lang in ("en", "it"):
            labels = {render(spec.component_label(c), lang) for c in spec.components
                      if hidden_kinds is None or c.split(":")[1] in hidden_kinds}
            for seed in range(6):
                rng = random.Random(f"privacy:{game_id}:{seed}")
                players, options = random_setup(spec, rng)
                state = spec.setup(players, options)
                for _ in range(200):
                    prompt = spec.prompt(state)
                    if prompt.over:
                        break
                    state = spec.apply(state, pick_action(spec, state, prompt, rng, 4.0))
                    news = spec.news(state)
                    shown = " ".join(render(line, lang) for line in news)
                    for why in filter(None, why_message(news, lang)):
                        said = json.dumps([why["text"], why["from"]], ensure_ascii=False)
                        assert _named(said, labels) <= _named(shown, labels), (shown, why)
