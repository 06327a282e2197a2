"""What README says against what the companion does (newcomer19 finding 10, b to g), and the
Italian words that trial found mixed or misleading (10e, 10f)."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.i18n import render
from tests.i18n_walk import catalog

README = " ".join((Path(__file__).parents[1] / "README.md").read_text(encoding="utf-8").split())


def test_the_readme_names_clue_its_placeholders_with_the_others():
    """10b: placeholders were named for House of Spirits, Children and Ghost at Home only;
    CLUE: IT shows "Kid 3", "Item 2", "Location 5" too."""
    from companion.games.clue_it.components import KID_NAMES

    assert "Kid 3" in KID_NAMES
    row = README[README.index("| `companion content GAME`"):]
    row = row[:row.index("docs/content.md")]
    assert "CLUE: IT's names (\"Kid 3\", \"Item 2\", \"Location 5\")" in row


def test_the_readme_says_only_the_games_id_may_be_left_out_of_a_tap():
    """10c: ``tap keeper-2`` is refused; only the game's id may be left out
    (``intrigue:keeper-2``), never the card's kind."""
    from companion.card_names import find

    assert find("keeper-2", ["clue_it"]).component is None
    assert find("intrigue:keeper-2", ["clue_it"]).component == "clue_it:intrigue:keeper-2"
    assert "only the game's id may be left out (`intrigue:keeper-2`, not `keeper-2`)" in README


def test_the_readme_says_a_headless_box_needs_xvfb_run_for_a_screenshot():
    """10d: ``companion ui ... --screenshot`` needs a display; README warned against
    ``xvfb-run`` only for the demo."""
    paragraph = README[README.index("saves one of yours"):]
    paragraph = paragraph[:paragraph.index("## ")]
    assert "a box without a display runs it under `xvfb-run -a`" in paragraph


def test_the_readme_says_what_lang_switches():
    """10e: ``--lang it`` also switches the terminal's refusals and the owner's desk; README
    said only the table and the voice."""
    line = README[README.index("- `--lang it` (or `en`)"):]
    line = line[:line.index("- Or `source")]
    assert ("the table screen, the terminal's prompts and refusals, the owner's desk and the voice, and of "
            "what the running companion answers other commands") in line
    assert "print English" in line


@pytest.mark.parametrize("lang, said", [
    ("en", "line 1: the file is not valid TOML: a key is not followed by '='"),
    ("it", "riga 1: il file non è un TOML valido: dopo una chiave manca '='")])
def test_a_toml_file_the_reader_refuses_is_said_in_one_language(lang, said):
    """10e: ``content import`` said "riga 1: expected '=' after a key… (il file non è un TOML
    valido)": tomllib's English in an Italian sentence."""
    from companion.content_io import ImportRefused, read

    with pytest.raises(ImportRefused) as refused:
        read("not toml at all\n", "cards.toml")
    assert render(refused.value.problems[0], lang) == said


def test_a_toml_message_the_companion_does_not_know_is_quoted_as_the_readers():
    from companion.content_io import _toml_error

    said = _toml_error("Something new (at line 3, column 1)")
    assert render(said, "it") == "riga 3: il file non è un TOML valido (il lettore TOML dice, in inglese: " \
                                 "«something new»)"


def test_the_daemon_is_never_the_demon_in_italian():
    """10f: "Il registro del demone" for "the daemon's log": *demone* reads as "demon"."""
    found = [m.string for m in catalog("it") if m.id and "demon" in str(m.string).lower()]
    assert found == []


def test_the_readme_says_a_desk_on_loopback_has_no_qr_code_for_a_phone():
    """10g: ``companion desk`` printed a QR code for http://127.0.0.1:8765/..., which no phone
    opens, and README said "for a laptop or phone ... (a QR code)"."""
    section = README[README.index("## The owner's desk"):]
    section = section[:section.index("## Venue mode")]
    assert "a phone or another computer opens it only after `[desk] network = true`" in section
    assert "`companion desk` prints the link without a QR code" in section
