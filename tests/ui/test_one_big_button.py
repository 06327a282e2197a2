"""Issue 29 item 3: one big button, and only the right one, where a prompt's choices are
private (CLUE: IT). The engine says which step is expected; the table screen's Kivy-free
parts (:mod:`ui.privacy`, :mod:`ui.layout`) make only that one big."""

from __future__ import annotations

from companion.games.clue_it.prompts import prompt
from companion.i18n import render
from companion.protocol import _choice_message, private_prompt_owner
from tests.games.test_clue_it import run, started
from ui.layout import main_choice
from ui.privacy import PRIVACY_KEY, hands_over, table_choices


def _table(state):
    """The table screen's buttons for ``state``, as the daemon and the screen make them."""
    p = prompt(state)
    public = [_choice_message(c, "en") for c in p.choices if not (c.private or c.tap_only)]
    owner = private_prompt_owner(p) or {}
    return table_choices(public, owner.get("player") or "", [], main=bool(owner.get("main")))


def test_a_physical_intrigue_card_is_tapped_not_the_screen_taken():
    """The prompt says: tap it on the reader. "Take the screen" is there for a touch, but small."""
    state = run(started(intrigue_deck="physical"), "roll", "die:?", "die:3")
    assert "tap it on the reader" in render(prompt(state).text, "en")
    assert private_prompt_owner(prompt(state)) == {"player": "Ada", "main": False}
    shown = _table(state)
    assert [c["key"] for c in shown] == [PRIVACY_KEY]
    assert main_choice(shown) is None


def test_the_accusation_takes_the_screen_once():
    """"Only I am looking" hands the screen over: the picks then open at once (no second
    "take the screen"), and while they wait the screen's button is the big one."""
    state = run(started(envelope="companion"), "roll", "die:4", "die:5", "stop:centre", "accuse")
    shown = _table(state)
    assert main_choice(shown)["key"] == "private-ready"
    assert hands_over(shown, "private-ready", "Ada") == "Ada"
    assert hands_over(shown, "cancel-accuse", "Ada") == ""
    state = run(state, "private-ready")
    assert main_choice(_table(state))["key"] == PRIVACY_KEY  # the kid, item and location picks
    state = run(state, "pick:bill-denbrough", "pick:item-2", "pick:location-5")
    assert main_choice(_table(state))["key"] == PRIVACY_KEY  # the check


def test_playing_a_kept_intrigue_card_hands_the_screen_over():
    """"Play an Intrigue card (others look away)" hands the screen over too; the card in
    hand is then tapped (physical deck), so the screen's button stays small."""
    state = run(started(intrigue_deck="physical"), "roll", "die:?", "die:3", "intrigue:keeper-1", "stop:corridor")
    assert hands_over(_table(state), "play-intrigue", "Ada") == "Ada"
    state = run(state, "play-intrigue")
    assert main_choice(_table(state)) is None
