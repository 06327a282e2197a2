"""words14b's note: a command other than ``new_game`` was refused in English (its ack and its
"Not done: …" notice) at an Italian table. Every refusal is a sentence (its key and values)
translated at the edge, :func:`companion.daemon.commands.answer`, as new_game's is."""

from __future__ import annotations

import socket

import pytest

from companion import protocol
from companion.daemon.taps import _labelled
from companion.engine import get_game
from companion.header import GameHeader
from tests.daemon_fixture import running_daemon

#: One bad command of each kind of refusal: the command table, the schema, a handler's own check.
BAD = [
    {"cmd": "fly"},
    {"cmd": "choose", "key": 5},
    {"cmd": "undo", "revision": "last"},
    {"cmd": "language", "language": "fr"},
    {"cmd": "private", "player": "Zed"},
    {"cmd": "private"},
    {"cmd": "phone_links"},
    {"cmd": "call_staff"},
    {"cmd": "tap", "component": "house_of_spirits:room:nope"},
    {"cmd": "content", "game": "clu_it"},
    {"cmd": "enroll", "uid": "zz", "component": "house_of_spirits:room:vestibule"},
    {"cmd": "resume_game", "game_id": 0},
    {"cmd": "delete_game", "game_id": "one"},
    {"cmd": "screen_settings", "screen": {"size": 3}},
    {"cmd": "write_tag", "component": "nowhere:x"},
    {"cmd": "new_game", "game": 7},
    {"cmd": "content_set", "component": "nope", "fields": {}},
    {"cmd": "content_set", "component": "house_of_spirits:room:vestibule", "fields": {"skulls": "many"}},
    {"cmd": "voice_settings", "voice": {"rate": "fast"}},
]


def _replies(path, commands) -> list[tuple[dict, dict]]:
    """Each command's notice and ack, sent on a raw socket (the client library checks shapes)."""
    out = []
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as raw:
        raw.connect(str(path))
        reader = raw.makefile("rb")
        for number, command in enumerate(commands, 1):
            raw.sendall(protocol.encode({**command, "id": number}))
            notice = None
            while True:
                message = protocol.decode(reader.readline())
                if message["type"] == "notice":
                    notice = message
                if message["type"] == "ack" and message["id"] == number:
                    out.append((notice, message))
                    break
    return out


@pytest.fixture(scope="module")
def refusals(tmp_path_factory):
    """(the Italian table's replies, the English table's replies, the words of the game's hidden
    cards: its secret victory cards, which the companion deals, as ids and labels)."""
    tmp_path = tmp_path_factory.mktemp("refusals")
    spec = get_game("house_of_spirits")
    secret = [c for c in spec.components if ":secret:" in c]
    labels = {_labelled(spec, c, lang)["label"] for c in secret for lang in ("en", "it")}
    hidden = {*secret, *labels, "secret", "segret"}
    with running_daemon(tmp_path, language="it") as daemon:
        daemon.call(lambda: daemon.start_game(GameHeader.from_json(
            {"game": "house_of_spirits", "players": ["Ada", "Bo", "Cy"], "seed": 3,
             "options": {"secret_cards": "companion"}})))
        daemon.drain()
        italian = _replies(daemon.socket_path, BAD)
        daemon.call(lambda: daemon.choose_language("en"))
        english = _replies(daemon.socket_path, BAD)
    return italian, english, hidden


@pytest.mark.parametrize("index", range(len(BAD)), ids=[c["cmd"] for c in BAD])
def test_a_refusal_is_in_the_tables_language(refusals, index):
    italian, english, hidden = refusals
    (notice, ack), (english_notice, english_ack) = italian[index], english[index]
    assert ack["ok"] is False and english_ack["ok"] is False
    assert ack["text"] and ack["text"] != english_ack["text"], ack["text"]  # translated
    assert notice is not None and notice["text"] != english_notice["text"]
    assert ack["text"] in notice["text"]
    assert not any(name in text for name in hidden for text in (ack["text"], notice["text"]))


def test_some_refusals_word_for_word(refusals):
    italian, english, _ = refusals
    said = {BAD[i]["cmd"] + str(i): ack["text"] for i, (_, ack) in enumerate(italian)}
    assert said["fly0"] == "comando sconosciuto 'fly'"
    assert italian[0][0]["text"] == "Non fatto: comando sconosciuto 'fly'"
    assert english[0][0]["text"] == "Not done: unknown command 'fly'"
    assert said["language3"] == "la lingua è una tra en, it, non 'fr'"
    assert said["private4"] == "'Zed' non gioca questa partita; giocatori: Ada, Bo, Cy"
