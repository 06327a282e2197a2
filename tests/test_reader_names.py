"""Issue 29: the reader names the companion gives itself (a table script's ``table``, the
shipped config's ``cards`` and ``tiles``) in the table's language; an owner's name as entered."""

from __future__ import annotations

from companion import readers
from companion.i18n import render
from companion.inputs import Remove, Tap, describe, spoken
from companion.session.actions import _unknown_tag


def test_a_default_reader_name_is_said_in_the_tables_language():
    assert [render(readers.shown_name(n), "it") for n in ("table", "cards", "tiles", "left")] == [
        "tavolo", "carte", "tessere", "left"]
    assert [render(readers.shown_name(n), "en") for n in ("table", "cards", "tiles", "left")] == [
        "table", "cards", "tiles", "left"]


def test_an_unknown_tag_and_an_input_name_the_reader_in_italian():
    said = _unknown_tag(Tap("04DEADBEEF0042", "table"))
    assert render(said, "it").startswith("Tag sconosciuto 04DEADBEEF0042 sul lettore tavolo: ")
    assert str(said).startswith("Unknown tag 04DEADBEEF0042 on reader table: ")  # English as before
    assert "table" not in render(describe(Remove("table")), "it")
    assert "left" in render(spoken(Tap("04AA", "left")), "it")  # the owner's name as entered
