"""The New game screen's words in Italian (issue 29 item 8): every option's heading, its
rulebook section, its values and its help, with no English left (:func:`english_left`)."""

from __future__ import annotations

import pytest

from companion.engine import all_games
from companion.i18n import render
from tests.i18n_walk import english_left
from ui.i18n import translate
from ui.option_words import option_heading, section_name, value_label
from ui.options import help_text, section

it = lambda text, **p: translate(text, "it", **p)  # noqa: E731


def test_the_reported_headings_read_in_italian():
    assert [option_heading(n, it) for n in ("mode", "ghost_deck", "envelope", "intrigue_deck", "decks",
                                            "secret_cards", "edition")] == [
        "Modalità", "Mazzo Fantasma", "Busta", "Mazzo Intrigo", "Mazzi", "Carte segrete", "Edizione"]
    assert option_heading("ghost_deck") == "Ghost deck"  # English as before
    assert english_left("Mode") == ["Mode"] and english_left("Modalità") == []


@pytest.mark.parametrize("game", sorted(all_games()))
def test_no_english_on_the_new_game_screen(game):
    spec = all_games()[game]
    for option in spec.options:
        shown = {"help": render(option.help, "it"), "values": option.values, "rulebook": option.rulebook}
        texts = [option_heading(option.name, it), help_text(shown)]
        texts += [value_label(v, it) for v in option.values]
        if section(shown):
            texts.append(it("Rulebook: {section}", section=section_name(section(shown), it)))
        for text in texts:
            assert not english_left(text), f"{game} {option.name}: {text!r}"
