"""The privacy screen through the real daemon socket (issues 6, 10 and 11).

Hidden information (a CLUE: IT accusation and its envelope, a kept Intrigue card, a House of
Spirits secret victory card the companion dealt) reaches a client only as the answer to
its own ``{"cmd": "private", "player": NAME}``; every other message any client gets is
scanned, and the same CLUE: IT game with another envelope, other accusation picks and
another kept card sends every client exactly the same messages until the envelope is
revealed at the end ("Make an Accusation": "Reveal the cards in the mystery Envelope").
"""

from __future__ import annotations

import json
import logging
from pathlib import Path

from companion import script
from companion.client import Client
from companion.games.clue_it import components as ci
from companion.games.house_of_spirits import components as hc
from companion.header import GameHeader
from companion.replay import replay
from tests.collector import Collector
from tests.daemon_fixture import running_daemon
from tests.games.hos_checks import complete_content  # every deck drawable by the companion

HOS_SCRIPTS = Path(__file__).parent / "scripts" / "house_of_spirits"

#: Every secret victory card's printed name.
SECRET_NAMES = tuple(hc.card(c).name for c in hc.ids("secret"))

#: Every kept (not "play immediately") Intrigue card's name.
KEEPER_NAMES = tuple(ci.card_name(c) for c in ci.intrigue_kinds()
                     if c not in ci.IMMEDIATES and c != ci.RED_BALLOON)


def _start(daemon, raw: dict) -> None:
    daemon.call(lambda: daemon.start_game(GameHeader.from_json(raw)))


# ---------------------------------------------------------------------- CLUE: IT, a whole game

def _envelope(shift: int) -> list[str]:
    """The envelope's three cards when each pile is tapped face-down from its ``shift``-th
    card on and the companion picks tap position 1 of each."""
    return [ci.PILE_CARDS[pile][shift] for pile in ci.PILES]


def _tapped(pile: str, shift: int) -> list[str]:
    cards = list(ci.PILE_CARDS[pile])
    return cards[shift:] + cards[:shift]


def _clue_game(daemon, envelope: int, wrong: list[str], keeper: str) -> tuple[Collector, Collector, dict]:
    """A whole CLUE: IT game on the socket: Ada draws a kept Intrigue card (seen on her privacy
    screen), goes to the centre and accuses wrongly (a pick undone and made again on the way);
    Bo accuses rightly. Returns what the watching client and the asking client received, and
    the private answers the asker got."""
    raw = {"game": "clue_it", "players": ["Ada", "Bo"], "seed": 1,
           "options": {"intrigue_deck": "virtual", "envelope": "companion"},
           "stack": {"dice": ["6", "4", "?", "3", "4", "5"], "envelope": [1] * 3, "intrigue": [keeper]}}
    watcher, asker_seen = Collector(), Collector()
    answers: dict[str, dict] = {}
    with Client(daemon.socket_path, on_message=watcher).connect(), \
            Client(daemon.socket_path, on_message=asker_seen).connect() as asker:
        _start(daemon, raw)
        setup = ["kid:kid-3", "kid:kid-4"]  # the Kids played are said aloud: not the envelope's
        setup += [f"seal:{c}" for pile in ci.PILES for c in _tapped(pile, envelope)]
        setup += ["dealt", "rolloff", "roll"]
        for key in setup:
            assert asker.choose(key)["ok"], key

        def private(name: str, player: str) -> dict:
            count = sum(1 for m in asker_seen.messages if m.get("type") == "private")
            assert asker.request({"cmd": "private", "player": player})["ok"]
            answer = asker_seen.wait_for(lambda m: m.get("type") == "private"
                                         and sum(1 for x in asker_seen.messages[:asker_seen.messages.index(m) + 1]
                                                 if x.get("type") == "private") > count)
            answers[name] = answer
            return answer

        private("peek", "Ada")
        assert asker.choose("peek-show")["ok"]
        private("peek-show", "Ada")
        assert asker.choose("peek-hide")["ok"]
        for key in ("stop:centre", "accuse", "private-ready"):
            assert asker.choose(key)["ok"], key
        private("accuse-kid", "Ada")
        assert asker.choose(f"pick:{wrong[0]}")["ok"]
        undone = asker.undo()
        assert undone["ok"] and undone["text"] == ""
        for card in wrong:
            assert asker.choose(f"pick:{card}")["ok"], card
        private("accuse-confirm", "Ada")
        assert asker.choose("accuse-check")["ok"]
        for key in ("roll", "stop:centre", "accuse", "private-ready"):
            assert asker.choose(key)["ok"], key
        for card in _envelope(envelope):
            assert asker.choose(f"pick:{card}")["ok"], card
        assert asker.choose("accuse-check")["ok"]
        watcher.wait_for(lambda m: m.get("type") == "state" and m["view"].get("outcome") == "Bo")
        asker_seen.wait_for(lambda m: m.get("type") == "state" and m["view"].get("outcome") == "Bo")
    return watcher, asker_seen, answers


def _until_reveal(messages: list[dict]) -> list[dict]:
    """The messages before the one that ends the game (and reveals the envelope)."""
    end = next(i for i, m in enumerate(messages) if m.get("type") == "state" and m["view"].get("outcome"))
    return messages[:end]


def test_clue_it_hidden_cards_reach_only_the_privacy_screen(daemon, caplog):
    caplog.set_level(logging.INFO, logger="companion.daemon")
    wrong = ["kid-5", "item-2", "location-9"]
    watcher, asker, answers = _clue_game(daemon, 0, wrong, "keeper-4")

    assert not [m for m in watcher.messages if m.get("type") == "private"]  # never broadcast
    public = watcher.messages + [m for m in asker.messages if m.get("type") != "private"]
    assert len(public) > 100
    text = json.dumps(public)
    # No kept Intrigue card is ever named (none was played), no choice key or label of the
    # privacy screen is ever listed, and the undo of a pick said only "a private choice".
    for name in KEEPER_NAMES:
        assert name not in text, name
    for message in public:
        for choice in message.get("prompt", {}).get("choices", []) if message.get("type") == "state" else []:
            assert not choice["key"].startswith(("pick:", "peek-", "accuse-check")), choice
    news = [line for m in public if m.get("type") == "state" for line in m["news"]]
    assert "Undone: a private choice." in news
    assert "Ada's accusation is wrong: Ada is out of the game." in news
    assert "Bo is right and solves the mystery!" in news
    # Until the reveal, neither the envelope nor Ada's wrong picks are said in any sentence.
    envelope_names = [ci.card_name(c) for c in _envelope(0)]
    for message in _until_reveal(watcher.messages):
        sentences = json.dumps([message.get("news"), message.get("log"), message.get("text"),
                                message.get("prompt", {}).get("text")])
        for name in envelope_names + [ci.card_name(c) for c in wrong]:
            assert name not in sentences, (name, sentences[:200])
    # The public prompt says whose privacy screen it is, and nothing more.
    asking = [m for m in watcher.messages if m.get("type") == "state" and m["view"].get("step") == "accuse-kid"]
    assert [m["prompt"]["private"]["player"] for m in asking] == ["Ada", "Ada", "Bo"]  # an undo between
    assert [c["key"] for c in asking[-1]["prompt"]["choices"]] == ["accuse-restart"]

    # The asker's private answers: the kept card, then the picks.
    assert answers["peek"]["prompt"]["choices"] == [{"key": "peek-show", "label": "Show my card", "private": True}]
    assert answers["peek-show"]["view"] == {"intrigue_held": ["Intrigue card 4 (to keep)"],
                                            "intrigue_drawn": "Intrigue card 4 (to keep)"}
    kid_choices = answers["accuse-kid"]["prompt"]["choices"]
    assert [c["label"] for c in kid_choices if c["private"]] == [ci.card_name(k) for k in ci.KIDS]
    assert {"key": "accuse-restart", "label": "Start again", "private": False} in kid_choices
    assert answers["accuse-confirm"]["view"]["accusation"] == ["Kid 5", "Item 2", "Location 9"]
    assert "envelope" not in json.dumps(answers["accuse-confirm"]["view"])

    # The log says a privacy screen was opened, never what it showed.
    logged = "\n".join(r.getMessage() for r in caplog.records)
    assert logged.count("privacy screen opened for Ada") == 4
    assert "Intrigue card 4" not in logged and "pick:" not in logged and "Kid 5" not in logged


def test_clue_it_another_envelope_and_other_picks_send_the_same_messages(tmp_path):
    """Non-interference: another envelope, other wrong picks and another kept card; every
    message every client gets (less the asker's private answers) is the same until the
    reveal."""
    runs = []
    for n, (envelope, wrong, keeper) in enumerate(((0, ["kid-5", "item-2", "location-9"], "keeper-4"),
                                                   (1, ["kid-6", "item-5", "location-7"], "keeper-6"))):
        with running_daemon(tmp_path, socket=f"{n}.sock", db=f"{n}.sqlite3") as d:
            watcher, asker, answers = _clue_game(d, envelope, wrong, keeper)
        runs.append((watcher.messages, [m for m in asker.messages if m.get("type") != "private"], answers))
    (watch_a, ask_a, private_a), (watch_b, ask_b, private_b) = runs
    assert _until_reveal(watch_a) == _until_reveal(watch_b)
    assert _until_reveal(ask_a) == _until_reveal(ask_b)
    assert private_a["peek-show"]["view"] != private_b["peek-show"]["view"]  # what differs is private


# ---------------------------------------------------------------------- the command itself


def test_private_is_answered_to_the_asker_only(daemon):
    _start(daemon, {"game": "house_of_spirits", "players": ["Ada", "Bo"], "seed": 5,
                    "options": {"secret_cards": "companion"}})
    watcher = Collector()
    with Client(daemon.socket_path, on_message=watcher).connect(), \
            Client(daemon.socket_path).connect() as asker:
        asker.choose("start")  # the characters and the secret victory cards are dealt
        watcher.wait_for(lambda m: m.get("type") == "state" and m["view"]["step"] != "start")
        before = len(watcher.messages)
        for _ in range(3):
            assert asker.request({"cmd": "private", "player": "Bo"})["ok"]
        refused = asker.request({"cmd": "private", "player": "Zed"})
        assert not refused["ok"] and "does not play" in refused["text"]
        assert asker.request({"cmd": "state"})["ok"]  # a round trip: earlier answers are in
        assert len(watcher.messages) == before


def test_private_needs_a_game_and_a_player_name(daemon):
    with Client(daemon.socket_path).connect() as client:
        assert not client.request({"cmd": "private", "player": "Ada"})["ok"]
        _start(daemon, {"game": "creepy_cellar", "players": ["Ada", "Bo"], "seed": 3})
        assert not client.request({"cmd": "private"})["ok"]
        assert not client.request({"cmd": "private", "player": ["Ada"]})["ok"]
        answer = Collector()
        client.on_message = answer
        assert client.request({"cmd": "private", "player": "Ada"})["ok"]
        got = answer.wait_for(lambda m: m.get("type") == "private")
        # A game without hidden information: nothing to see, no private choices.
        assert got == {"type": "private", "player": "Ada", "view": {}, "headings": {}, "prompt": None}


# ---------------------------------------------------------------------- House of Spirits


def test_house_of_spirits_secret_cards_never_reach_the_shared_screen():
    """A whole scripted game (``secret_cards.jsonl``, built by ``build.py``) with the companion
    dealing the secret victory cards ("Game Setup" 5): no secret card's name or id in any
    message a client gets."""
    loaded = script.load(HOS_SCRIPTS / "secret_cards.jsonl")
    assert loaded.header.options["secret_cards"] == "companion"
    messages: list[dict] = []
    result = replay(loaded, on_message=messages.append)
    assert result.refused == []
    assert result.state["view"]["outcome"] == "won" and result.state["view"]["winners"] == ["Cy"]  # rebuilt, issue 19
    assert len(messages) > 150
    text = json.dumps(messages)
    for secret in SECRET_NAMES + hc.ids("secret"):
        assert secret not in text, secret
    states = [m for m in messages if m.get("type") == "state"]
    assert states[0]["private_players"] == []  # nothing dealt yet
    assert states[-1]["private_players"] == ["Ada", "Bo", "Cy"]


def test_house_of_spirits_secret_card_on_its_players_privacy_screen(daemon):
    _start(daemon, {"game": "house_of_spirits", "players": ["Ada", "Bo", "Cy"], "seed": 9,
                    "options": {"secret_cards": "companion"}, "content": complete_content(),
                    "stack": {"secret": ["secret-3", "secret-6", "secret-1"]}})
    seen = Collector()
    with Client(daemon.socket_path, on_message=seen).connect() as client:
        client.choose("start")
        for player in ("Ada", "Bo", "Cy"):
            assert client.request({"cmd": "private", "player": player})["ok"]
        client.request({"cmd": "state"})
    answers = [m for m in seen.messages if m.get("type") == "private"]
    # Issue 29: what it asks is not entered; newcomer 20: the player has no card to look at
    assert [(a["player"], a["view"]["secret_victory"]["name"]) for a in answers] == [
        (player, f"Secret victory card {n}: its text is not entered yet (Settings, Card data)")
        for player, n in (("Ada", 3), ("Bo", 6), ("Cy", 1))]
    assert all(a["prompt"] is None and not a["view"]["secret_victory"]["placeholder"] for a in answers)  # entered
    shared = json.dumps([m for m in seen.messages if m.get("type") != "private"])
    assert "Secret victory condition" not in shared and "secret-3" not in shared


def test_house_of_spirits_table_cards_have_nothing_private(daemon):
    _start(daemon, {"game": "house_of_spirits", "players": ["Ada", "Bo"], "seed": 9})
    seen = Collector()
    with Client(daemon.socket_path, on_message=seen).connect() as client:
        client.choose("start")
        assert client.request({"cmd": "private", "player": "Ada"})["ok"]
        answer = seen.wait_for(lambda m: m.get("type") == "private")
    assert answer["view"] == {} and seen.messages[-1].get("type") in ("private", "ack", "state")
    assert all(m["private_players"] == [] for m in seen.messages if m.get("type") == "state")


def test_the_private_view_is_rendered_in_the_table_language():
    from companion import protocol
    from companion.i18n import msg

    tree = {"said": [msg("No game yet: start a new one.")], "none": None, 3: 1}
    english = protocol.render_tree(tree, "en")
    italian = protocol.render_tree(tree, "it")
    assert english == {"said": ["No game yet: start a new one."], "none": None, "3": 1}
    assert italian["said"][0] != english["said"][0] and italian["none"] is None


def test_companion_private_command_prints_the_answer(daemon, capsys):
    from companion.cli import main

    _start(daemon, {"game": "house_of_spirits", "players": ["Ada", "Bo"], "seed": 9,
                    "options": {"secret_cards": "companion"}, "content": complete_content(),
                    "stack": {"secret": ["secret-2", "secret-5"]}})
    with Client(daemon.socket_path).connect() as client:
        assert client.choose("start")["ok"]
    assert main(["private", "Bo", "--socket", str(daemon.socket_path)]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert printed["player"] == "Bo"
    assert printed["view"]["secret_victory"]["name"] == ("Secret victory card 5: its text is not entered yet "
                                                         "(Settings, Card data)")
    assert main(["private", "Zed", "--socket", str(daemon.socket_path)]) == 2
    assert "does not play" in capsys.readouterr().err


def test_children_cards_drawn_into_a_hand_are_never_named_on_the_shared_screen():
    """Children: a toy, device or trap tapped into a hand is a private choice: its label is
    never listed, and the undo toast says "a private card" (the tag is read all the same); a
    hand card is named only when it is played in the open."""
    from companion.games.children import components as cc

    loaded = script.load(Path(__file__).parent / "scripts" / "children" / "players_win.jsonl")
    messages: list[dict] = []
    result = replay(loaded, on_message=messages.append)
    assert result.refused == []
    states = [m for m in messages if m.get("type") == "state"]
    private_taps = [m for m in states if (m.get("physical") or {}).get("label") == "a private card"]
    assert private_taps  # hand cards were tapped
    hand = {cc.component_label(c) for c in loaded.header.tags.values() if c.split(":")[1] in cc.HAND_KINDS}
    assert "Teddy Bear" in hand and "Hatpin" in hand
    for message in states:
        listed = {c["label"] for c in message["prompt"]["choices"]}
        assert not listed & hand, listed & hand
        label = (message.get("physical") or {}).get("label")
        if label in hand:  # played in the open: "Ada uses the Music Box.", "the Voodoo Doll trap"
            said = message["news"] + [message["prompt"]["text"]]
            assert any(label in line for line in said), (label, said)



def test_private_choices_of_nobody_go_to_nobody():
    """A prompt with private choices but no player (no game makes one: the playout checks it)
    is not handed to whichever player asks first."""
    from types import SimpleNamespace

    from companion import protocol
    from companion.engine.core import Choice, Prompt

    prompt = Prompt("Pick a card", choices=(Choice("pick:kid-6", "Kid 6", private=True),))
    spec = SimpleNamespace(private_view=lambda state, player: {}, view_headings={})
    session = SimpleNamespace(spec=spec, state=None, prompt=prompt)
    assert protocol.private_message(session, "Ada")["prompt"] is None
    owned = SimpleNamespace(spec=spec, state=None, prompt=Prompt("Pick a card", choices=prompt.choices, player="Ada"))
    assert protocol.private_message(owned, "Ada")["prompt"]["choices"][0]["key"] == "pick:kid-6"
    assert protocol.private_message(owned, "Bo")["prompt"] is None


# ---------------------------------------------------------------------- the daemon's log


def test_the_log_never_names_a_card_tapped_face_down_into_the_envelope(daemon, caplog):
    """Newcomer 20: every tap that sealed the envelope was logged with its tag's UID, in the
    row's order, beside "Put kid card number 2 of the row into the envelope": the log told
    the envelope. A face-down card is logged as such, like a private choice."""
    from companion.inputs import Tap

    caplog.set_level(logging.INFO, logger="companion.daemon")
    _start(daemon, {"game": "clue_it", "players": ["Ada", "Bo"], "seed": 1,
                    "options": {"intrigue_deck": "virtual", "envelope": "companion"}, "stack": {"envelope": [2, 1, 1]}})
    with Client(daemon.socket_path).connect() as client:
        for key in ("kid:kid-3", "kid:kid-4"):
            assert client.choose(key)["ok"]
    kids = ci.PILE_CARDS["kid"]
    uids = [f"04C0FFEE00{n:02X}" for n in range(len(kids))]
    for uid, kid in zip(uids, kids):
        assert daemon.submit(Tap(uid, "cards", ndef=f"clue_it:kid:{kid}")).result(10).accepted
    logged = "\n".join(r.getMessage() for r in caplog.records)
    assert "Put kid card number 2 of the row into the envelope" in logged
    assert logged.count("a face-down card -> ") == len(kids)
    for uid, kid in zip(uids, kids):
        assert uid not in logged and f"clue_it:kid:{kid}" not in logged, kid  # Kids 3 and 4 are played: said


def test_a_refused_tap_is_logged_without_its_tags_uid(daemon, caplog):
    """Session 21: a refused tap was logged as "refused tap of 04C0FFEE0002 on the cards
    reader: …". It plays nothing, but a UID names its card (a virtual tag's in every game, a
    real one's in the enrollment): a card from a hand, tapped at the wrong moment, was in the
    log. The line says the reader and why, as the table screen does; an unknown tag's refusal
    still names its UID (what a maker enrolls)."""
    from companion.inputs import Tap

    caplog.set_level(logging.INFO, logger="companion")
    _start(daemon, {"game": "clue_it", "players": ["Ada", "Bo"], "seed": 1,
                    "options": {"intrigue_deck": "virtual", "envelope": "companion"}})
    kid = ci.PILE_CARDS["kid"][2]
    reply = daemon.submit(Tap("04C0FFEE0002", "cards", ndef=f"clue_it:kid:{kid}")).result(10)
    assert not reply.accepted
    assert not daemon.submit(Tap("04DEADBEEF01", "cards")).result(10).accepted  # enrolled nowhere
    refused = [r.getMessage() for r in caplog.records if r.getMessage().startswith("refused ")]
    assert refused[0].startswith("refused a tap on the cards reader: A Rumor card is tapped only"), refused
    assert "04C0FFEE0002" not in refused[0] and kid not in refused[0]
    assert refused[1].startswith("refused a tap on the cards reader: Unknown tag 04DEADBEEF01 on reader cards")


def test_a_hand_card_on_the_wrong_reader_is_not_named_on_the_shared_screen():
    """Session 21: "That is Parasol: put it on the cards reader, not on the tiles reader."
    told the table which toy a player held (a Children hand card), before the game's own
    refusal ("A hidden card was tapped…") was asked. A card is named there only when the prompt
    asks for it in the open; a tile, and every piece of a game with nothing hidden, still are."""
    from companion.i18n import render
    from companion.inputs import Tap
    from companion.session import Session

    header = GameHeader.from_json({"game": "children", "players": ["Ada", "Bo"], "seed": 3})
    session = Session.start(header, reader_roles={"cards": "cards", "tiles": "tiles"})
    reply = session.handle(Tap("04AA0001", "tiles", ndef="children:toy:parasol"))
    assert reply.text == "That is a card: put it on the cards reader, not on the tiles reader."
    assert render(reply.text, "it") == ("Questo pezzo: una carta. Mettetelo sul lettore delle carte, non sul "
                                        "lettore delle tessere.")
    reply = session.handle(Tap("04AA0002", "cards", ndef="children:tablet:wash-room"))
    assert reply.text == "That is Wash Room: put it on the tiles reader, not on the cards reader."


def test_the_play_daemons_log_is_its_owners_only(tmp_path):
    from companion.play import _private_log

    old = tmp_path / "play.log"
    old.write_text("--- an older game\n")
    old.chmod(0o644)
    with _private_log(old) as log_file:
        log_file.write(b"--- companion play clue_it\n")
    with _private_log(tmp_path / "new.log") as log_file:
        log_file.write(b"x\n")
    assert old.stat().st_mode & 0o777 == 0o600 and (tmp_path / "new.log").stat().st_mode & 0o777 == 0o600
    assert old.read_text() == "--- an older game\n--- companion play clue_it\n"



def test_a_secret_victory_card_not_entered_says_so_in_both_languages():
    """Newcomer 20: set-up leaves the secret victory cards in the box, then the privacy
    screen said "look at your card" ("guarda la tua carta"): the player had none."""
    from companion import protocol
    from companion.engine import resolve_options
    from companion.engine.frozen import replace
    from companion.games.house_of_spirits import SPEC
    from companion.games.house_of_spirits.view import player_view

    state = SPEC.setup(["Ada", "Bo"], resolve_options(SPEC, {"secret_cards": "companion"}))
    state = replace(state, secrets=("secret-7", None))
    english, italian = (protocol.render_tree(player_view(state, "Ada"), lang)["secret_victory"]["name"]
                        for lang in ("en", "it"))
    assert english == "Secret victory card 7: its text is not entered yet (Settings, Card data)"
    assert italian == "Carta vittoria segreta 7: il suo testo non è ancora inserito (Impostazioni, Dati delle carte)"
    assert player_view(state, "Bo") == {}


def test_the_cards_panel_says_the_card_waited_for_is_private_or_face_down_without_naming_it():
    """Newcomer 20: "Cy: draw the top Intrigue card and tap it on the reader", and the Cards
    panel said "The game waits for no card now": the prompt's ``hidden_card`` says it waits for
    a card it lists nowhere, and the panel says so."""
    from companion.inputs import Touch
    from companion.protocol import state_message
    from companion.session import Session
    from ui.i18n import translate
    from ui.privacy import cards_heading

    session = Session.start(GameHeader.from_json({
        "game": "clue_it", "players": ["Ada", "Bo", "Cy"], "seed": 3,
        "options": {"intrigue_deck": "physical", "envelope": "companion"},
        "stack": {"dice": ["2", "2", "6", "?", "3"]}}))
    hidden = []
    for key in ("kid:kid-3", "kid:kid-4", "kid:kid-5", "seal:face-down"):
        assert session.handle(Touch(key)).accepted, key
        hidden.append(state_message(session, [])["prompt"]["hidden_card"])
    assert hidden == [None, None, "face-down", "face-down"]  # the kids chosen, then the envelope's row
    while session.prompt.choice("dealt") is None:
        assert session.handle(Touch("seal:face-down")).accepted
    for key in ("dealt", "rolloff", "roll"):
        assert session.handle(Touch(key)).accepted, key
    message = state_message(session, [])
    assert message["prompt"]["text"] == "Cy: draw the top Intrigue card and tap it on the reader"
    assert message["prompt"]["hidden_card"] == "private"
    assert "Intrigue" not in json.dumps(message["prompt"]["choices"])

    assert cards_heading(False, "private", "Cy") == (
        "Cy's card is private, so it is not listed here: Cy taps it on a reader or chooses it on the privacy screen.")
    assert cards_heading(False, "face-down", "") == (
        "The card the game waits for lies face-down, so it is not listed here: tap it on a reader, or touch its "
        "face-down button on the table screen.")
    assert cards_heading(False, "", "Cy") == "The game waits for no card now. Search to tap another one."
    assert cards_heading(True, "private", "Cy") == "The game waits for one of these cards: touch it to tap it"
    it = lambda text, **p: translate(text, "it", **p)  # noqa: E731
    assert cards_heading(False, "private", "Cy", it).startswith("La carta di Cy è privata")
    assert cards_heading(False, "face-down", "", it).startswith("La carta che il gioco attende è coperta")
