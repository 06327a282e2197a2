"""The privacy screen's Kivy-free parts (:mod:`ui.privacy`): the table's buttons, the words
of a private view, when the screen stays up."""

from __future__ import annotations

from ui.i18n import translate
from ui.privacy import PRIVACY_KEY, SECRETS_KEY, phone_offer, stays_open, table_choices, view_lines


def test_the_table_leads_with_take_the_screen_and_lists_no_private_choice():
    public = [{"key": "accuse-restart", "label": "Start again"}]
    shown = table_choices(public, "Ada", ["Ada"])
    assert shown == [{"key": PRIVACY_KEY, "label": "Ada: take the screen, others look away", "main": False},
                     {"key": "accuse-restart", "label": "Start again"}]
    # Nobody's private choices now, but Bo keeps a secret card: one button for looking.
    assert table_choices(public, "", ["Bo"])[-1] == {"key": SECRETS_KEY, "label": "Secret cards (others look away)"}
    assert table_choices(public, "", []) == public


def test_a_player_whose_phone_is_connected_is_told_to_look_at_it():
    shown = table_choices([], "Ada", ["Ada"], phones={"Ada": True, "Bo": False})
    assert shown == [{"key": PRIVACY_KEY, "label": "Ada: look at your phone", "main": False}]
    assert table_choices([], "Bo", [], phones={"Ada": True, "Bo": False})[0]["label"] == \
        "Bo: take the screen, others look away"  # no phone: the privacy screen as today
    it = lambda text, **p: translate(text, "it", **p)  # noqa: E731
    assert table_choices([], "Ada", [], it, {"Ada": True})[0]["label"] == "Ada: guarda il tuo telefono"


def test_table_buttons_in_italian():
    it = lambda text, **p: translate(text, "it", **p)  # noqa: E731
    shown = table_choices([], "Ada", [], it)
    assert shown[0]["label"] == "Ada: prendi lo schermo; guardi solo tu"


def test_private_view_words():
    view = {"secret_victory": {"id": "secret-3", "name": "Secret victory condition 3", "placeholder": True},
            "accusation": ["Kid 5", "Item 2"], "something_new": 3}
    headings = {"secret_victory": "Your secret victory card", "accusation": "Your accusation so far",
                "intrigue_held": "Your Intrigue cards"}  # the private message's (Game.view_headings)
    assert view_lines(view, headings=headings) == [("Your secret victory card", "Secret victory condition 3"),
                                                   ("Your accusation so far", "Kid 5, Item 2"), ("Something new", "3")]
    it = lambda text, **p: translate(text, "it", **p)  # noqa: E731
    assert (view_lines({"intrigue_held": ["Keeper 1", "Keeper 2"]}, it, headings)
            == [("Le tue carte Intrigo", "Keeper 1, Keeper 2")])


def test_the_screen_stays_while_the_private_choices_are_that_players():
    choosing = {"view": {}, "prompt": {"text": "which kid?", "choices": []}}
    looking = {"view": {"secret_victory": {"name": "x"}}, "prompt": None}
    assert stays_open("Ada", "Ada", choosing)  # the next pick is Ada's too
    assert not stays_open("Ada", "", choosing)  # the accusation was checked: hide
    assert not stays_open("Ada", "Bo", choosing)
    assert stays_open("Ada", "", looking)  # only looking at a card: Done or idle hides it


def test_the_cover_offers_a_phone_code_only_with_phones_on_and_none_connected():
    assert phone_offer("Ada", {"Ada": False, "Bo": True})
    assert not phone_offer("Ada", {"Ada": True, "Bo": False})  # her phone shows it already
    assert not phone_offer("Ada", {})  # phones off
    assert not phone_offer("", {"Ada": False})


def test_the_private_screen_names_cards_as_the_shared_screen_does():
    """Issue 26: "Ghost 04" on the shared screen was "Ghost 04 (placeholder)" on the privacy
    screen. The daemon names a stand-in without the mark and in the table's language
    (tests/test_no_placeholder_mark_sent.py), and the screen shows its answer as it is
    (issue 27 item 3: it no longer reads stand-ins by their shape to translate them)."""
    from ui.privacy import shown_answer

    answer = {"type": "private", "player": "Ada",
              "view": {"intrigue_held": ["Fantasma 04"], "secret_victory": {"name": "Oggetto 5"}},
              "prompt": {"text": "Ada: giocate il Fantasma 04?",
                         "choices": [{"key": "play:ghost-04", "label": "Fantasma 04", "private": True}]}}
    shown = shown_answer(answer)
    assert shown["prompt"] == answer["prompt"]
    it = lambda text, **p: translate(text, "it", **p)  # noqa: E731
    headings = {"intrigue_held": "Your Intrigue cards", "secret_victory": "Your secret victory card"}
    assert view_lines(answer["view"], it, headings) == [("Le tue carte Intrigo", "Fantasma 04"),
                                                        ("La tua carta vittoria segreta", "Oggetto 5")]


def test_the_pick_list_shows_the_daemons_words_and_takes_the_stand_ins():
    """A newcomer's report: Children in Italian listed "Ghost 04" … "Ghost 13" on the shared
    pick list while the board said "Fantasma 04". The daemon words every label in the table's
    language (tests/games/test_children_i18n.py); the screen keeps it, and takes the state's
    ``stand_ins`` for the boards (issue 27 item 3)."""
    from ui.model import TableModel

    model = TableModel()
    model.apply_state({"type": "state", "language": "it", "stand_ins": {"Fantasma 04": "04"},
                       "prompt": {"text": "", "choices": [{"key": "draw:rosie", "label": "Rosie"},
                                                          {"key": "draw:ghost-04", "label": "Fantasma 04"}]}})
    assert [c["label"] for c in model.choices] == ["Rosie", "Fantasma 04"]
    assert model.stand_ins == {"Fantasma 04": "04"}
    model.apply_state({"type": "state", "language": "it", "prompt": {"text": "", "choices": []}})
    assert model.stand_ins == {}  # a state without stand-ins (a daemon before issue 27) lists none


def test_the_privacy_screen_keeps_the_daemons_headings():
    """Issue 29 (the off-table audit): the privacy screen kept only the answer's view and
    prompt, so its headings fell back to the view's keys: "Intrigue drawn" and "Intrigue
    held" on an Italian table, instead of the daemon's "La carta Intrigo che hai appena
    pescato"."""
    from ui.privacy import shown_answer

    answer = {"type": "private", "player": "Ada", "view": {"intrigue_held": ["Carta Intrigo 4 (da tenere)"]},
              "headings": {"intrigue_held": "Le tue carte Intrigo"}, "prompt": None}
    kept = shown_answer(answer)
    assert view_lines(kept["view"], headings=kept.get("headings")) == [
        ("Le tue carte Intrigo", "Carta Intrigo 4 (da tenere)")]
