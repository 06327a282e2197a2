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
