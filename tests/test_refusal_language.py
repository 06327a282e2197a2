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
    return _sent(path, commands, lambda message, command: message["type"] == "notice")


def _sent(path, commands, kept) -> list[tuple[dict, dict]]:
    """Each command sent on a raw socket, with the last message before its ack that ``kept(message,
    command)`` holds (or None), and the ack."""
    out = []
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as raw:
        raw.connect(str(path))
        reader = raw.makefile("rb")
        for number, command in enumerate(commands, 1):
            raw.sendall(protocol.encode({**command, "id": number}))
            found = None
            while True:
                message = protocol.decode(reader.readline())
                if kept(message, command):
                    found = message
                if message["type"] == "ack" and message["id"] == number:
                    out.append((found, message))
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


# ---------------------------------------------------------------------- words16: imports, a long line

#: Card data and tag files with problems of each kind, and a word of the Italian answer.
BAD_FILES = [
    ("content_import", "spirits.toml", 'game = "house_of_spirits"\n\n["house_of_spirits:monster:monster-02"]\n'
     'attack = 3\n', {"game": "children"}, "non di Children"),
    ("content_import", "floors.toml", 'game = "children"\n\n["children:tablet:tablet-1-4"]\nfloor = "2nd"\n', {},
     "regola"),
    ("content_import", "line7.toml", '# my copy\ngame = "children"\n\n["children:tablet:tablet-1-4"]\n'
     'name = "Music Room"\nfloor = "1st"\ndoors = ["left", "middle"]\n', {}, "riga 7"),
    ("content_import", "columns.csv", "component,name,toy,floor,doors,trapdoors\n"
     "children:tablet:tablet-1-4,Music Room,,1st,left,-\n", {}, "riga 1"),
    ("content_import", "mixed.toml", 'game = "children"\n\n["house_of_spirits:monster:monster-02"]\nattack = 3\n',
     {}, "riga 3"),
    ("content_import", "big.toml", "#" * (300 * 1024), {}, "KB"),
    ("content_import", "nogame.toml", '["children:tablet:tablet-1-4"]\nfloor = "1st"\n', {}, "riga 1"),
    ("content_import", "field.toml", 'game = "children"\n\n["children:tablet:tablet-1-4"]\nsmell = 1\n', {},
     "riga 4"),
    ("content_import", "nodata", None, {}, "testo"),
    ("tags_import", "bad.toml", '[tags]\n"04A1B2C3D4E5F6" = "children:ghost:rosie"\n"XYZ" = "children:ghost:nobody"\n',
     {}, "riga 3"),
    ("tags_import", "twice.csv", "uid,component\n04A1B2C3D4E5F6,children:ghost:rosie\n"
     "04A1B2C3D4E5F6,children:ghost:rosie\n", {}, "riga 3"),
    ("tags_import", "cells.csv", "uid,component\n04A1B2C3D4E5F6\n", {}, "riga 2"),
    ("tags_import", "head.csv", "id,piece\n", {}, "riga 1"),
    ("tags_import", "shape.toml", '[other]\nx = "y"\n', {}, "tabella"),
    ("tags_import", "none.csv", "uid,component\n", {}, "nessun"),
]


def _answers(path, commands) -> list[tuple[dict, dict]]:
    """Each command's own answer (its type is the command's) and its ack."""
    return _sent(path, commands, lambda message, command: message["type"] == command["cmd"])


def test_an_import_s_problems_are_in_the_tables_language(tmp_path):
    """words15 left the import problem lists in English ("line 7: …" in "Nessuna importazione: …")."""
    commands = [{"cmd": cmd, "name": name, **({"text": text} if text is not None else {}), **extra}
                for cmd, name, text, extra, _ in BAD_FILES]
    with running_daemon(tmp_path, language="it") as daemon:
        italian = _answers(daemon.socket_path, commands)
        daemon.call(lambda: daemon.choose_language("en"))
        english = _answers(daemon.socket_path, commands)
    for (_, name, _, _, word), (answer, ack), (english_answer, english_ack) in zip(BAD_FILES, italian, english):
        assert ack["ok"] is False and english_ack["ok"] is False, name
        if answer is not None:  # a file the daemon read: its problems, each in Italian
            assert answer["problems"] and len(answer["problems"]) == len(english_answer["problems"]), name
            for problem, english_problem in zip(answer["problems"], english_answer["problems"]):
                assert problem != english_problem and not problem.startswith("line "), (name, problem)
        assert ack["text"] != english_ack["text"] and word in ack["text"], (name, ack["text"])
        assert "line " not in ack["text"] and " is " not in ack["text"], (name, ack["text"])


def test_a_file_of_no_card_imports_nothing_in_the_tables_language(tmp_path):
    """newcomer20: an export made before any card was entered is no refusal any more (the round
    trip works): its ack, "nothing to import", is still in the table's language."""
    command = {"cmd": "content_import", "name": "empty.toml", "text": 'game = "children"\n'}
    with running_daemon(tmp_path, language="it") as daemon:
        [(answer, ack)] = _answers(daemon.socket_path, [command])
    assert answer["ok"] is True and answer["saved"] == 0 and ack["ok"] is True
    assert ack["text"].startswith("Niente da importare: il file non contiene carte di Children"), ack["text"]


def test_an_over_long_line_is_refused_in_the_tables_language(tmp_path):
    with running_daemon(tmp_path, language="it") as daemon:
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as raw:
            raw.connect(str(daemon.socket_path))
            reader = raw.makefile("rb")
            reader.readline()  # the first state
            raw.sendall(b"x" * (protocol.MAX_LINE + 10) + b"\n")
            notice = protocol.decode(reader.readline())
    assert notice["type"] == "notice" and notice["level"] == "error"
    assert notice["text"] == f"Non fatto: una riga più lunga di {protocol.MAX_LINE} byte; chiudo la connessione"


def test_staff_s_answers_are_in_the_tables_language(tmp_path):
    """words15 left "no call for staff was waiting" (an ack with ok=True) in English."""
    with running_daemon(tmp_path, language="it") as daemon:
        (_, ack), = _answers(daemon.socket_path, [{"cmd": "staff_ack"}])
    assert ack["ok"] is True and ack["text"] == "nessuna chiamata allo staff era in attesa"


def test_a_nan_line_is_refused_in_the_tables_language(tmp_path):
    """"Non fatto: non è JSON: NaN is not allowed": the companion's own words, left English."""
    with running_daemon(tmp_path, language="it") as daemon:
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as raw:
            raw.connect(str(daemon.socket_path))
            reader = raw.makefile("rb")
            reader.readline()  # the first state
            raw.sendall(b'{"cmd": "state", "id": NaN}\n')
            notice = protocol.decode(reader.readline())
    assert notice["text"] == "Non fatto: non è JSON: NaN non è ammesso"
