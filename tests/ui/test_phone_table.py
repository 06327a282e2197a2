"""The table screen with phones on (issue 22), in a real Kivy window under Xvfb against a
real daemon serving phones on loopback: while Ada's phone is connected "Ada: look at your
phone" leads the choices instead of "take the screen" and no hidden card is on the table;
once it left, the privacy cover offers her phone's QR code. Screenshots
``tests/artifacts/800x480/phone-table.png``, ``phone-cover-qr.png``."""

from __future__ import annotations

import pngread
import pytest
from phone_sim import phone
from test_privacy_screen import clue_at_the_kept_card
from test_table_screen import ARTIFACTS

from companion.phones.config import PhonesConfig

pytestmark = pytest.mark.ui


def test_the_table_tells_ada_to_look_at_her_phone(harness, tmp_path):
    sock = tmp_path / "companion.sock"
    with clue_at_the_kept_card(sock, phones=PhonesConfig(True, "127.0.0.1", 0)) as daemon:
        link = daemon.call(lambda: daemon.phones.links())["Ada"]
        with phone(link, claim="a" * 32) as ada:
            ada.scan()
            ui = harness("phone", sock, (800, 480), ARTIFACTS / "800x480")
            ui.expect("LOOKED", timeout=90)
            ada.leave()  # Ada's phone goes: the table offers the privacy screen and her code
            report = ui.finish(timeout=90)
    assert "Ada: look at your phone" in report["table_texts"]
    assert not [t for t in report["table_texts"] if "take the screen" in t or "(to keep)" in t]
    assert report["clipped"] == {"table": [], "cover": []}
    assert {"Or scan with your phone", "Only Ada looks — tap to show"} <= set(report["cover_texts"])
    assert min(report["qr_size"]) >= 150  # a code a phone reads from arm's length
    assert [pngread.size(shot) for shot in report["screenshots"]] == [(800, 480)] * 2
