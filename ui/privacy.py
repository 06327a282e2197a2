"""What the privacy screen says, from the daemon's ``private`` answers. No Kivy import here.

The daemon's shared ``state`` never carries hidden information: a prompt whose choices are
private says only whose privacy screen it is (``prompt.private.player``), and
``private_players`` says who has something of their own to see. The privacy screen
(:mod:`ui.widgets.privacy`) asks ``{"cmd": "private", "player": NAME}`` only once that
player has tapped through its cover, and forgets the answer when it hides itself.
"""

from __future__ import annotations

from typing import Any

from companion.protocol import view_heading, view_text
from ui.text import Translate, english

#: Choice keys the table screen adds for the privacy screen (never a game's keys: a game's
#: keys have no "ui:" prefix).
PRIVACY_KEY = "ui:privacy"
SECRETS_KEY = "ui:secrets"

#: Seconds without a touch after which the privacy screen hides itself.
IDLE_SECONDS = 30.0

def table_choices(choices: list[dict], private_player: str, private_players: list[str],
                  _: Translate = english, phones: dict | None = None, main: bool = False) -> list[dict]:
    """The table screen's buttons: the prompt's public ``choices``, led by "Ada: take the
    screen, others look away" when the prompt's private choices are Ada's ("Ada: look at your
    phone" while her phone is connected, ``phones``: the state's ``phones``; the button still
    opens the privacy screen), else ended by "Secret cards" when somebody has something of
    their own to see. ``main``: the privacy screen is the expected next step (the state's
    ``prompt.private.main``): only then is that button the big one; when the step is a card's
    tap on the reader, nothing is (issue 29 item 3)."""
    shown = list(choices)
    if private_player:
        if (phones or {}).get(private_player):
            label = _("{player}: look at your phone", player=private_player)
        else:
            label = _("{player}: take the screen, others look away", player=private_player)
        shown.insert(0, {"key": PRIVACY_KEY, "label": label, "main": main})
    if private_players and not private_player:  # that player's screen shows their view too
        shown.append({"key": SECRETS_KEY, "label": _("Secret cards (others look away)")})
    return shown


def cards_heading(listed: bool, hidden: str, player: str, _: Translate = english) -> str:
    """The Cards panel's heading while it shows the cards the game waits for: ``listed``, some
    are listed; else ``hidden`` (the prompt's ``hidden_card``: ``"private"``, ``"face-down"``
    or ``""``) says the game waits for a card it lists nowhere (``player``'s, for a private
    one), named by nobody (newcomer 20: it said the game waited for no card)."""
    if listed:
        return _("The game waits for one of these cards: touch it to tap it")
    if hidden == "private" and player:
        return _("{player}'s card is private, so it is not listed here: {player} taps it on a reader or chooses it "
                 "on the privacy screen.", player=player)
    if hidden:
        return _("The card the game waits for lies face-down, so it is not listed here: tap it on a reader, or "
                 "touch its face-down button on the table screen.")
    return _("The game waits for no card now. Search to tap another one.")


def hands_over(choices: list[dict], key: str, player: str) -> str:
    """The player the table screen is handed to by touching ``key`` (a choice whose
    ``screen`` flag says so: "Only I am looking"), or ``""``: their privacy screen then opens
    at once when the next prompt's private choices are theirs (one "take the screen")."""
    chosen = next((c for c in choices if c.get("key") == key), None)
    return player if chosen is not None and chosen.get("screen") and player else ""


def phone_offer(player: str, phones: dict | None) -> bool:
    """The cover offers ``player`` their phone's code: phones are on (the state's ``phones``
    names the game's players) and no phone of theirs is connected yet (issue 22)."""
    return bool(player) and player in (phones or {}) and not (phones or {})[player]


def view_lines(view: dict[str, Any], _: Translate = english,
               headings: dict[str, str] | None = None) -> list[tuple[str, str]]:
    """``(heading, text)`` for each entry of a private view, in the daemon's order (each
    heading the ``private`` message's ``headings``, :func:`companion.protocol.view_heading`): lists
    joined with commas, a card (a dict with a ``name``) by its name, as the daemon words it
    (in the table's language, a stand-in with no "(placeholder)" mark, issue 26)."""
    return [(_(view_heading(key, headings)), view_text(value)) for key, value in view.items()]


def shown_answer(answer: dict) -> dict:
    """What the privacy screen keeps of a ``private`` answer: its view, its headings and its
    prompt, worded by the daemon in the table's language, as the shared screen's (issue 29:
    without the headings the view's keys showed, "Intrigue drawn" to an Italian table)."""
    return {k: v for k, v in answer.items() if k in ("view", "headings", "prompt")}


def stays_open(player: str, private_player: str, answer: dict | None) -> bool:
    """After a new shared state: the privacy screen of ``player`` stays up (and asks again)
    while the prompt's private choices are still that player's, or while it shows only what
    is theirs to see (a secret card: Done or the idle time hide it); it hides itself once the
    private choice it was opened for is made."""
    if private_player == player:
        return True
    return answer is not None and answer.get("prompt") is None


def links_seen(links: dict[str, str]) -> str:
    """A digest of ``links`` (so the app knows a game's grid was shown, without keeping them).
    ``hashlib`` is imported here: it loads OpenSSL's digests (0.6 MiB), and only a table with
    phones gets links (issue 17 item 10)."""
    import hashlib

    return hashlib.sha256(repr(sorted(links.items())).encode()).hexdigest()
