"""The reader factory: drivers by name, imported lazily (house style 2)."""

from __future__ import annotations

import sys

import pytest

from hardware.errors import ReaderUnavailable
from hardware.factory import UnknownDriver, build_reader
from hardware.nfc.fake import FakeNfcReader


def test_fake_driver_by_name():
    reader = build_reader("fake", "cards")
    assert isinstance(reader, FakeNfcReader) and reader.name == "cards"


def test_unknown_driver_names_the_choices():
    with pytest.raises(UnknownDriver, match="unknown driver 'rc522'; drivers are: mfrc522, pn532, fake"):
        build_reader("rc522", "cards")


def test_importing_the_factory_imports_no_driver():
    import importlib

    for module in ("hardware.nfc.pn532", "hardware.nfc.mfrc522"):
        sys.modules.pop(module, None)
    importlib.reload(importlib.import_module("hardware.factory"))
    assert "hardware.nfc.pn532" not in sys.modules and "hardware.nfc.mfrc522" not in sys.modules


def test_a_missing_serial_port_is_reader_unavailable(tmp_path):
    with pytest.raises(ReaderUnavailable, match=str(tmp_path / "ttyNOPE")):
        build_reader("pn532", "cards", port=str(tmp_path / "ttyNOPE"))
