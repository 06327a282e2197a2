"""CLUE: IT: sealing the envelope from the screen gives nothing away (issue 26, a newcomer's
report: the N identical "Kid card, face-down" buttons each stood for the card in that place
of the card list, so a table that touched them in order and was then told "Put kid card
number 6 of the row into the envelope" knew the envelope held Kid 6).

"Distribute Cards": "Secretly take one card from each pile and place it into the mystery
envelope." A face-down card the companion does not read (a touch, no tag) stands for no
card: the companion never knows it, says nothing about it, and an accuser then checks the
envelope by looking in it, as when the table seals by hand ("Make an Accusation": "secretly
look at the cards in the envelope"). A card read by a tag tap is known, as before.
"""

from __future__ import annotations

from companion.daemon.settings import DaemonSettings
from companion.games.clue_it import components as ci
from companion.games.clue_it import private_view
from companion.games.clue_it.state import Step
from companion.header import GameHeader
from companion.i18n import render
from companion.inputs import Tap, Touch
from companion.protocol import state_message
from companion.session import Session

ALL_CARDS = ci.KIDS + ci.ITEMS + ci.LOCATIONS

#: Every sentence the table was told in the test running now.
NEWS: list[str] = []


def _session(picks=(6, 3, 9), intrigue="virtual") -> Session:
    NEWS.clear()
    header = GameHeader.from_json({
        "game": "clue_it", "players": ["Ada", "Bo", "Cy"], "seed": 3,
        "options": {"envelope": "companion", "intrigue_deck": intrigue},
        "stack": {"envelope": list(picks), "dice": ["6", "4", "2", "2", "3"]}})
    return Session.start(header)


def _touch(session: Session, key: str) -> list[str]:
    """Touch ``key``; its news, in English."""
    reply = session.handle(Touch(key))
    assert reply.accepted, (key, reply)
    news = [render(line, "en") for line in reply.news]
    NEWS.extend(news)
    return news


def _public_choices(session: Session) -> list[dict]:
    return state_message(session, [])["prompt"]["choices"]


def _seal_by_touch(session: Session) -> list[list[dict]]:
    """Kids chosen, then every pile sealed by touching the screen's face-down choices in
    order, as the newcomer did; returns the public choices seen at each seal touch."""
    for kid in ci.KIDS[:3]:
        _touch(session, f"kid:{kid}")
    seen = []
    while session.state.step == Step.SEAL:
        choices = _public_choices(session)
        seen.append(choices)
        taps = len(session.state.seal_taps)
        _touch(session, choices[min(taps, len(choices) - 1)]["key"])
    return seen


def test_the_face_down_choices_on_the_screen_name_no_card():
    seen = _seal_by_touch(_session())
    assert len(seen) == 7 + 6 + 9  # one touch per card laid face-down in the row
    for choices in seen:
        assert len(choices) == 1  # one "a card laid face-down" button, not one per card
        assert not any(card in choice["key"] for choice in choices for card in ALL_CARDS)


def test_touching_the_face_down_choices_in_order_does_not_make_the_envelope_kid_6_item_3_location_9():
    session = _session(picks=(6, 3, 9))
    _seal_by_touch(session)
    assert session.state.step == Step.DEAL
    # The companion never read those cards: it holds no card of the envelope ...
    assert not set(session.state.envelope) & set(ALL_CARDS)
    # ... so it cannot be told the catalogue's Kid 6, Item 3 and Location 9 are in it.
    news = " ".join(NEWS)
    assert "location card number 9 of the row" in news  # the row's place is told; the row is unknown
    assert "Kid 6" not in news and "Item 3" not in news and "Location 9" not in news


def test_an_envelope_sealed_from_unread_cards_is_checked_by_the_accuser_looking():
    session = _session(picks=(6, 3, 9))
    _seal_by_touch(session)
    for key in ("dealt", "rolloff"):
        _touch(session, key)
    assert session.state.step == Step.TURN  # Ada won the roll-off with a 6
    for key in ("roll", "stop:centre", "accuse"):
        _touch(session, key)
    # "Then, secretly look at the cards in the envelope": the companion cannot check it.
    assert session.state.step == Step.ACCUSE_TABLE
    assert "Secretly return the cards to the envelope." in _touch(session, "wrong")


def test_a_card_read_by_its_tag_is_known_and_a_card_touched_is_not():
    """Kids touched, items tapped (the reader reads each face-down card), locations touched:
    the companion knows the item in the envelope only; its private view says so, in Italian too."""
    session = _session(picks=(2, 4, 1))
    for kid in ci.KIDS[:3]:
        _touch(session, f"kid:{kid}")
    for _ in ci.KIDS:
        _touch(session, f"seal:{ci.UNREAD}")
    for n, item in enumerate(reversed(ci.ITEMS)):  # each card laid face-down and read by its tag
        assert session.handle(Tap(f"04C2{n:010X}", ndef=ci.rumor_component(item))).accepted
    for _ in ci.LOCATIONS:
        _touch(session, f"seal:{ci.UNREAD}")
    assert session.state.envelope == (ci.UNREAD, "item-3", ci.UNREAD)  # 4th of the reversed row
    envelope = private_view(session.state)["envelope"]
    assert envelope == ["a card the companion did not read", "Item 3", "a card the companion did not read"]
    assert [render(n, "it") for n in envelope] == ["una carta che il companion non ha letto", "Oggetto 3",
                                                   "una carta che il companion non ha letto"]


def test_the_cards_panel_of_a_virtual_reader_offers_no_face_down_card():
    """The Cards panel (a virtual reader's ``tap_components``) listed seven look-alike "A kid
    Rumor card" entries in the cards' order: the same give-away as the buttons."""
    from companion.daemon import Daemon
    from companion.store import EventStore

    roles = DaemonSettings(reader_roles={"cards": "cards"})
    daemon = Daemon(EventStore(":memory:"), "/nonexistent/companion.sock", roles)
    daemon.taps.readers["cards"] = type("Reader", (), {"name": "cards", "role": "cards"})()
    daemon.game.session = _session()
    for kid in ci.KIDS[:3]:
        assert daemon.session.handle(Touch(f"kid:{kid}")).accepted
    assert daemon.session.state.step == Step.SEAL
    assert daemon.taps.tap_components() == []
    assert daemon.session.handle(Touch(f"seal:{ci.UNREAD}")).accepted  # the one button works
    assert daemon.session.state.seal_taps == (ci.UNREAD,)


def test_undoing_a_face_down_card_read_by_its_tag_names_no_uid():
    """A newcomer's report: undoing a sealing tap said "Undone: Item card, face-down (tag
    04CFE40F4D24C5 on the cards reader)": a virtual tag's UID is the same for its card in
    every game, so it named the card going into the envelope (and a UID is no word for kids)."""
    session = _session(picks=(2, 4, 1))
    for kid in ci.KIDS[:3]:
        _touch(session, f"kid:{kid}")
    for _ in ci.KIDS:
        _touch(session, f"seal:{ci.UNREAD}")
    uid = "04C2000000000A"
    assert session.handle(Tap(uid, reader="cards", ndef=ci.rumor_component(ci.ITEMS[0]))).accepted
    said = [render(line, lang) for line in session.handle(Touch("undo")).news for lang in ("en", "it")]
    assert not [line for line in said if uid in line or ci.ITEMS[0] in line], said
    assert said[:2] == ["Undone: Item card, face-down (a tap on the cards reader).",
                        "Annullato: Carta Oggetto, coperta (un tag appoggiato sul lettore delle carte)."]
