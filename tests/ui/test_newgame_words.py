"""The New game screen's words in Italian (issue 29 item 8): every option's heading, its
rulebook section, its values and its help, with no English left (:func:`english_left`).
They are the game's words (issue 27 item 3), sent by the daemon in the table's language
(:func:`companion.protocol.option_message`); the screen shows them (:mod:`ui.options`)."""

from __future__ import annotations

import pytest

from companion.engine import all_games
from companion.engine.core import ENGINE_OPTIONS
from companion.protocol import option_message
from tests.i18n_walk import english_left
from ui.i18n import translate
from ui.options import heading, help_text, section, value_label

it = lambda text, **p: translate(text, "it", **p)  # noqa: E731


def _sent(game: str, name: str, lang: str) -> dict:
    spec = all_games()[game]
    option = next(o for o in (*spec.options, *ENGINE_OPTIONS) if o.name == name)
    return option_message(option, spec.option_words, lang)


def test_the_reported_headings_read_in_italian():
    asked = [("creepy_cellar", "mode"), ("creepy_cellar", "ghost_deck"), ("clue_it", "envelope"),
             ("clue_it", "intrigue_deck"), ("house_of_spirits", "decks"), ("house_of_spirits", "secret_cards"),
             ("children", "edition"), ("children", "first_game")]
    assert [heading(_sent(game, name, "it")) for game, name in asked] == [
        "Modalità", "Mazzo Fantasma", "Busta", "Mazzo Intrigo", "Mazzi", "Carte segrete", "Edizione",
        "Prima partita"]
    assert heading(_sent("creepy_cellar", "ghost_deck", "en")) == "Ghost deck"  # English as before
    assert english_left("Mode") == ["Mode"] and english_left("Modalità") == []


def test_the_values_read_in_the_games_words():
    deck = _sent("creepy_cellar", "ghost_deck", "en")
    assert [value_label(deck, v) for v in deck["values"]] == ["Virtual deck", "Physical deck"]
    assert value_label(deck, "virtual") == "Virtual deck"  # the default's words
    assert [value_label(_sent("clue_it", "intrigue_deck", "it"), v) for v in ("physical", "virtual", "off")] == [
        "Mazzo vero", "Mazzo virtuale", "Senza"]
    first = _sent("children", "first_game", "it")
    assert [value_label(first, v) for v in (False, True)] == ["No", "Sì"]
    assert section(_sent("creepy_cellar", "mode", "it")) == "Preparazione"
    assert section(_sent("ghost_at_home", "escape_stop", "en")) == "Fine del turno"  # printed in Italian only


@pytest.mark.parametrize("game", sorted(all_games()))
def test_no_english_on_the_new_game_screen(game):
    spec = all_games()[game]
    for option in (*spec.options, *ENGINE_OPTIONS):
        shown = option_message(option, spec.option_words, "it")
        texts = [heading(shown), help_text(shown)]
        texts += [value_label(shown, v) for v in option.values]
        if section(shown):
            texts.append(it("Rulebook: {section}", section=section(shown)))
        for text in texts:
            assert not english_left(text), f"{game} {option.name}: {text!r}"


@pytest.mark.parametrize("game", sorted(all_games()))
def test_every_option_and_value_has_the_games_words(game):
    """A game writes a heading for each option and words for each value (a yes/no needs
    none): nothing falls back to the option's key."""
    spec = all_games()[game]
    for option in spec.options:
        assert option.title, f"{game} {option.name}: no title"
        missing = [v for v in option.values if not isinstance(v, bool) and v not in spec.option_words]
        assert not missing, f"{game} {option.name}: no words for {missing}"
