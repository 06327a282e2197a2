"""Issue 31 item 9: finding a card's id (``companion cards GAME``) and tapping it by any case
or its printed name, with the nearest ids suggested on a miss."""

from __future__ import annotations

import pytest

from companion.card_names import listing
from companion.cli import main
from companion.i18n import render
from companion.tapping import tap_message

CELLAR = {"game": "creepy_cellar"}


def test_companion_cards_lists_ids_and_printed_names(capsys):
    assert main(["cards", "creepy_cellar"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert "creepy_cellar:ghost:room-H\tGhost card room H" in lines
    assert "creepy_cellar:king:king-A\tGhost King card A" in lines  # a Ghost King card's id can be found
    assert lines == sorted(lines)
    assert main(["cards", "children"]) == 0
    assert "children:toy:teddy-bear\tTeddy Bear" in capsys.readouterr().out.splitlines()  # as printed
    assert main(["cards", "children", "--lang", "it"]) == 0  # issue 29: the Italian table's words
    assert "children:toy:teddy-bear\tOrsacchiotto" in capsys.readouterr().out.splitlines()


def test_companion_cards_of_an_unknown_game_says_which_exist(capsys):
    assert main(["cards", "nope"]) == 2
    assert "unknown game 'nope'; known games: creepy_cellar" in capsys.readouterr().err


def test_tap_takes_any_case_and_a_printed_name():
    wanted = {"cmd": "tap", "component": "creepy_cellar:ghost:room-H"}
    for typed in ("ghost:room-H", "ghost:room-h", "GHOST:ROOM-H", "creepy_cellar:Ghost:Room-h", "Ghost card room H",
                  "  ghost card ROOM  h "):
        assert tap_message(typed, None, CELLAR) == wanted, typed
    assert tap_message("Rosie", None, {"game": "children"}) == {"cmd": "tap", "component": "children:ghost:rosie"}
    assert tap_message("teddy bear", None, {}) == {"cmd": "tap", "component": "children:toy:teddy-bear"}
    # the printed name and the Italian one find the card (issue 29: the Italian table says it in Italian)
    assert tap_message("Orsacchiotto", None, {}) == {"cmd": "tap", "component": "children:toy:teddy-bear"}
    assert tap_message("cricket cage", None, {"game": "children"}) == {
        "cmd": "tap", "component": "children:device:cricket-cage"}
    assert tap_message("04a1b2c3d4e5f6", None, CELLAR) == {"cmd": "tap", "uid": "04A1B2C3D4E5F6"}


def test_tap_takes_the_names_companion_cards_lists_in_either_language():
    """trial2: ``companion cards clue_it --lang it`` says "Carta Intrigo Da tenere 1", which ``tap``
    refused on an English table ("no card ..."); the English name works on an Italian one."""
    wanted = {"cmd": "tap", "component": "clue_it:intrigue:keeper-1"}
    for lang in ("en", "it"):
        name = dict(listing("clue_it", lang))["clue_it:intrigue:keeper-1"]
        for table in ("en", "it"):
            assert tap_message(name, None, {"game": "clue_it", "language": table}) == wanted, (name, table)


def test_a_miss_suggests_the_nearest_ids_and_the_listing():
    assert tap_message("Ghost card rom H", None, CELLAR) == (
        "no card 'Ghost card rom H' in creepy_cellar; did you mean creepy_cellar:ghost:room-H or "
        "creepy_cellar:ghost:room-N or creepy_cellar:ghost:room-M? (companion cards creepy_cellar lists every "
        "card's id and name)")
    assert tap_message("xyzzy", None, CELLAR) == (
        "no card 'xyzzy' in creepy_cellar (companion cards creepy_cellar lists every card's id and name)")
    assert "Cards panel" not in tap_message("ghost:room-Z", None, CELLAR)  # the terminal has no Cards panel
    # issue 29: an Italian table's terminal says it in Italian
    assert tap_message("xyzzy", None, {**CELLAR, "language": "it"}) == (
        "nessuna carta 'xyzzy' in creepy_cellar (companion cards creepy_cellar elenca l'id e il nome di ogni carta)")
    assert " o creepy_cellar:ghost:room-N" in tap_message("Ghost card rom H", None, {**CELLAR, "language": "it"})


@pytest.mark.parametrize("lang", ["en", "it"])
def test_no_stand_in_name_shows_a_mark_or_a_code(lang):
    """Issue 29 item 9: "Monster 5 (placeholder) is not due now", Children's toys on the
    privacy screen: a stand-in name never shows "(placeholder)" or a component id."""
    from companion.engine import all_games
    from companion.games.children import components as cc
    from companion.games.house_of_spirits import components as hc

    names = [name for game in all_games() for _id, name in listing(game, lang)]
    content = cc.content("rulebook")
    names += [str(render(content.name(item), lang)) for item in (*content.cards, *content.tablets)]
    names += [str(render(hc.label(card), lang)) for card in hc.CARDS]
    marked = [n for n in names if "placeholder" in n or "segnaposto" in n or ":" in n]
    assert marked == []
    assert render(hc.label("monster-05"), lang) == {"en": "Monster 5", "it": "Mostro 5"}[lang]


def test_tap_takes_the_name_printed_on_the_card_alone():
    """Newcomer trial: ``companion tap flashlight`` (and ``torcia``, the Italian card) missed:
    only the label with its kind ("Item card Flashlight") was taken, though the card prints
    the name alone."""
    hos = {"game": "house_of_spirits"}
    for typed in ("flashlight", "Flashlight", "torcia", "Item card Flashlight"):
        assert tap_message(typed, None, hos) == {"cmd": "tap", "component": "house_of_spirits:item:flashlight"}, typed
    assert tap_message("kraig quartzheim", None, hos) == {
        "cmd": "tap", "component": "house_of_spirits:character:kraig-quartzheim"}
    assert tap_message("Soffitta", None, hos) == {"cmd": "tap", "component": "house_of_spirits:room:attic"}


def test_intrigue_stand_ins_read_in_the_players_words():
    """Issue 29: the Cards panel and the privacy screen said "Intrigue card Keeper 4" and
    "Carta Intrigo Da tenere 4": "Keeper" is no word on a card or in the rulebook, which says
    a "Play Immediately" card is played at once and any other is kept. The stand-in names
    the card by its number and that rule, in the table's language."""
    names = {lang: dict(listing("clue_it", lang)) for lang in ("en", "it")}
    assert names["en"]["clue_it:intrigue:keeper-4"] == "Intrigue card 4 (to keep)"
    assert names["it"]["clue_it:intrigue:keeper-4"] == "Carta Intrigo 4 (da tenere)"
    assert names["en"]["clue_it:intrigue:immediate-2"] == "Intrigue card 2 (Play Immediately)"
    assert names["it"]["clue_it:intrigue:immediate-2"] == "Carta Intrigo 2 (Gioca subito)"
    assert names["it"]["clue_it:intrigue:red-balloon"] == "Palloncino Rosso"  # named: as printed
    for lang in names:
        assert not [label for label in names[lang].values() if "Keeper" in label or "Da tenere" in label]
