"""The terminal play view offers what the window's privacy screen offers (newcomer's report,
items 1-3): a CLUE: IT accusation made in the terminal (its picks are private choices), the
face-down cards of the envelope not listed again once chosen, and a typed line that is no
choice answered with what was wrong. The states are the real daemon's messages for a real
game (the bundled solved.jsonl, played through a Session)."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from companion import protocol, script
from companion.header import GameHeader
from companion.inputs import Touch
from companion.session import Session
from companion.terminal import NumberedView, TerminalTable

SOLVED = Path(__file__).parent / "scripts" / "clue_it" / "solved.jsonl"


def _session_after(last_line: int) -> Session:
    """solved.jsonl's game after its line ``last_line``."""
    loaded = script.load(SOLVED)
    session = Session.start(loaded.header)
    for line in loaded.lines:
        if line.number > last_line:
            break
        session.handle(line.input, line=line.number)
    return session


def _state(session: Session, lang: str = "en") -> dict:
    return {**protocol.state_message(session, [], lang=lang), "language": lang, "revision": session.position}


class FakeClient:
    """What the terminal sends, and the state it would see."""

    def __init__(self, state: dict):
        self.state = state
        self.sent: list[dict] = []

    def request(self, message: dict, timeout: float = 10.0) -> dict:
        self.sent.append(message)
        return {"type": "ack", "ok": True, "text": ""}

    def send(self, message: dict) -> None:
        self.sent.append(message)

    def choose(self, key: str, revision=None) -> dict:
        return self.request({"cmd": "choose", "key": key})

    def undo(self, revision=None) -> dict:
        return self.request({"cmd": "undo"})


def _table(state: dict) -> tuple[TerminalTable, FakeClient, io.StringIO]:
    out = io.StringIO()
    table = TerminalTable("unused.sock", inp=io.StringIO(), out=out)
    client = FakeClient(state)
    table.client = client
    table.view(state)
    return table, client, out


def test_an_accusation_is_made_in_the_terminal_and_its_picks_are_hidden_afterwards():
    session = _session_after(77)  # Cy touched "Only I am looking"
    table, client, out = _table(_state(session))
    assert "1) Cy: take the screen, others look away   2) Start again" in out.getvalue()
    table.handle(client, "1")
    assert client.sent == []  # the cover first (newcomer 19 finding 2)
    table.handle(client, "")
    assert client.sent == [{"cmd": "private", "player": "Cy"}]
    table.view(protocol.private_message(session, "Cy"))
    assert "1) Mike Hanlon   2) Bill Denbrough   3) Kid 3   4) Kid 4   5) Kid 5   6) Kid 6   7) Kid 7   " \
           "8) Start again" in out.getvalue()
    table.handle(client, "5")
    assert client.sent[-1] == {"cmd": "choose", "key": "pick:kid-5"}
    session.handle(Touch("pick:kid-5"))
    client.sent.clear()
    table.view(_state(session))  # the item pick is Cy's too: asked again at once
    assert client.sent == [{"cmd": "private", "player": "Cy"}]
    for key in ("pick:item-2", "pick:the-synagogue", "accuse-check"):
        session.handle(Touch(key))
    before = len(out.getvalue())
    table.view(_state(session))
    after = out.getvalue()[before:]
    assert "The private choices are hidden again: everyone may look." in after
    assert [c["label"] for c in table.view.shown] == ["Roll the dice", "Squares to the nearest location?",
                                                       "Use my Personality power",
                                                       "Bo: secret cards (others look away)"]


def test_a_players_secret_cards_are_shown_and_hidden_again_with_done():
    session = _session_after(81)  # Bo holds an Intrigue card (the window's "Secret cards")
    table, client, out = _table(_state(session))
    assert out.getvalue().splitlines()[-1] == ("   1) Roll the dice   2) Squares to the nearest location?   "
                                               "3) Use my Personality power   4) Bo: secret cards (others look away)")
    table.handle(client, "4")
    table.handle(client, "")
    assert client.sent == [{"cmd": "private", "player": "Bo"}]
    table.view(protocol.private_message(session, "Bo"))
    assert out.getvalue().splitlines()[-3:] == ["Only Bo looks", "  Your Intrigue cards: Intrigue card 2 (to keep)",
                                                "   1) Done"]
    table.handle(client, "1")
    assert out.getvalue().splitlines()[-3:] == [
        "The private choices are hidden again: everyone may look.", "Ada: press the dice button",
        "   1) Roll the dice   2) Squares to the nearest location?   3) Use my Personality power   "
        "4) Bo: secret cards (others look away)"]
    assert client.sent == [{"cmd": "private", "player": "Bo"}]  # Done is the terminal's own


def test_a_player_whose_phone_is_connected_is_told_to_look_at_it_as_on_the_table_screen():
    """Newcomer 20 finding 6: the table screen said "Cy: look at your phone", the terminal
    "Cy: take the screen, others look away"."""
    session = _session_after(77)
    for lang, said in (("en", "1) Cy: look at your phone   2) Start again"), ("it", "1) Cy: guarda il tuo telefono")):
        _table_, _client, out = _table({**_state(session, lang), "phones": {"Ada": False, "Bo": True, "Cy": True}})
        assert said in out.getvalue(), out.getvalue()
    _table_, _client, out = _table({**_state(session), "phones": {"Ada": True, "Bo": True, "Cy": False}})
    assert "1) Cy: take the screen, others look away" in out.getvalue()  # no phone of Cy's: the terminal's screen


def test_the_privacy_choice_and_the_hiding_are_said_in_italian():
    session = _session_after(77)
    table, client, out = _table(_state(session, "it"))
    assert "1) Cy: prendi lo schermo; guardi solo tu" in out.getvalue()


def test_a_face_down_card_touched_from_the_terminal_lays_the_next_card_of_the_row():
    """Sealing by touch offers one "face-down" choice standing for no card (the CLUE: IT fix
    for the envelope read off look-alike choices): the terminal numbers it once, and each
    touch lays the next card of the row."""
    session = _session_after(4)  # the Kids chosen: the first kid card to lay face-down
    table, client, out = _table(_state(session))
    assert [c["label"] for c in table.view.shown] == ["Kid card, face-down"]
    table.handle(client, "1")
    assert client.sent[-1]["key"] == "seal:face-down"
    session.handle(Touch("seal:face-down"))
    table.view(_state(session))
    assert "kid card 2 of 7" in _state(session)["prompt"]["text"]
    assert [c["label"] for c in table.view.shown] == ["Kid card, face-down"]


@pytest.mark.parametrize(("typed", "said"), [
    ("99", "There is no choice 99: choose 1."),
    ("0", "There is no choice 0: choose 1."),
    ("abc", "“abc” is not a choice: type 1, u to undo, tap CARD to tap a card, or q to stop."),
    ("1.5", "“1.5” is not a choice: type 1, u to undo, tap CARD to tap a card, or q to stop."),
    # a card of the game on the table (newcomer trial: a CLUE: IT or House of Spirits game
    # whose prompt takes no card gave a Creepy Cellar card as the example)
    ("tap", "Say which card: tap CARD (for example tap clue_it:intrigue:immediate-1)."),
    # newcomer 16: the refusal started lower-case ("no card 'nothing-here' in children (…)")
    ("tap nothing-here", "No card 'nothing-here' in clue_it (companion cards clue_it lists every card's id and "
                         "name)"),
    ('tap "nothing here"', "No card 'nothing here' in clue_it (companion cards clue_it lists every card's id and "
                           "name)"),
])
def test_a_typed_line_that_is_no_choice_says_what_was_wrong(typed, said):
    table, client, out = _table(_state(_session_after(4)))
    table.handle(client, typed)
    assert out.getvalue().splitlines()[-1] == f"  ! {said}"
    assert client.sent == []


@pytest.mark.parametrize(("count", "said"), [
    (2, "There is no choice 7: choose 1 or 2."),  # it said "choose 1 to 2"
    (3, "There is no choice 7: choose 1 to 3."),
])
def test_a_number_out_of_range_names_the_choices_in_words(count, said):
    from companion.i18n import render
    from companion.terminal import not_a_choice

    assert not_a_choice("7", count) == said
    assert render(not_a_choice("7", 2), "it") == "Non c'è la scelta 7: scegliete 1 o 2."
    assert not_a_choice("x", 2) == ("“x” is not a choice: type 1 or 2, u to undo, tap CARD to tap a card, "
                                    "or q to stop.")


@pytest.mark.parametrize("typed", ["U", "Undo", "UNDO"])
def test_undo_typed_with_a_capital_is_undo(typed):
    """Newcomer trial: "U" (Caps Lock, or a capital by habit) was "not a choice"."""
    table, client, _out = _table(_state(_session_after(4)))
    assert table.handle(client, typed) is True
    assert client.sent == [{"cmd": "undo"}]


def test_q_typed_with_a_capital_stops():
    table, client, _out = _table(_state(_session_after(4)))
    assert table.handle(client, "Q") is False


def test_what_was_wrong_is_said_in_italian():
    table, client, out = _table(_state(_session_after(4), "it"))
    table.handle(client, "99")
    assert out.getvalue().splitlines()[-1] == "  ! Non c'è la scelta 99: scegliete 1."


def test_the_italian_hints_speak_to_the_table_as_voi_like_the_help_line():
    """trial2: the help line said "Scrivete …" and the next hint "scrivi 1 …"."""
    table, client, out = _table(_state(_session_after(4), "it"))
    table.handle(client, "x")
    assert out.getvalue().splitlines()[-1] == (
        "  ! «x» non è una scelta: scrivete 1, u per annullare, tap CARTA per appoggiare una carta, o q per smettere.")


def test_play_names_the_game_it_started_by_its_title_and_number_in_the_tables_language():
    from companion.play import opening_line

    logged = "started a new game 1 of clue_it for Ada, Bo, Cy"
    assert opening_line(logged, {"language": "en"}, Path("/l/play.log")) == (
        "Started a new game of CLUE: IT for Ada, Bo, Cy (game no. 1). The daemon's log: /l/play.log")
    assert opening_line(logged, {"language": "it"}, Path("/l/play.log")) == (
        "Iniziata una nuova partita di CLUE: IT per Ada, Bo, Cy (partita n. 1). Il registro del servizio: /l/play.log")


def test_the_status_line_of_creepy_cellar_is_said_in_italian():
    """The game says its counters (Game.status_line, the state's ``status``); the terminal prints them."""
    from dataclasses import replace

    from companion.engine import get_game, resolve_options
    from companion.i18n import render

    cellar = get_game("creepy_cellar")
    state = replace(cellar.setup(["Ada", "Bo"], resolve_options(cellar, {})), locked="green")
    status = render(cellar.status_line(state), "it")
    assert status == "[infestazioni 0/8 | Re - | chiuse: porte verdi]"
    out = io.StringIO()
    view = NumberedView(out)
    view({"type": "state", "language": "it", "news": [], "log": [], "view": {}, "status": status,
          "prompt": {"text": "Ada: tocca «Tira il dado»", "choices": []}})
    assert out.getvalue() == "[infestazioni 0/8 | Re - | chiuse: porte verdi] Ada: tocca «Tira il dado»\n"


def test_a_terminal_says_what_to_type_where_a_screen_says_touch():
    """Issue 31: the terminal printed 'touch “Roll the die”'; nothing is touched there."""
    for lang, said, typed in (("en", "Ada: touch “Roll the die”", "Ada: type 1 (“Roll the die”)\n"),
                              ("it", "Ada: tocca «Tira il dado»", "Ada: digita 1 («Tira il dado»)\n")):
        out = io.StringIO()
        NumberedView(out)({"type": "state", "language": lang, "news": [], "log": [], "view": {},
                           "prompt": {"text": said, "choices": [{"key": "roll", "label": said.split("“")[-1][:-1]
                                                                 if lang == "en" else "Tira il dado"}]}})
        assert out.getvalue().splitlines(keepends=True)[0] == typed
    # issue 29: a sentence to the whole table says "toccate" in Italian, and "digitate" here
    out = io.StringIO()
    NumberedView(out)({"type": "state", "language": "it", "news": [], "log": [], "view": {},
                       "prompt": {"text": "Mescolate i mazzi, poi toccate «Inizia»",
                                  "choices": [{"key": "start", "label": "Inizia"}]}})
    assert out.getvalue().splitlines()[0] == "Mescolate i mazzi, poi digitate 1 («Inizia»)"


def test_a_terminal_says_what_to_type_where_a_prompt_names_its_button_bare():
    """trial3: Creepy Cellar's "has no moves left: touch Done moving" (and Children's "then
    touch Start") name the button without quotes, and the terminal printed "touch" there."""
    for lang, said, label, typed in (
            ("en", "Ada's red hunter (in room A) has no moves left: touch Done moving", "Done moving",
             "Ada's red hunter (in room A) has no moves left: type 1 (“Done moving”)"),
            ("it", "Ada col cacciatore rosso (nella stanza A) non ha più mosse: tocca Fine movimento", "Fine movimento",
             "Ada col cacciatore rosso (nella stanza A) non ha più mosse: digita 1 («Fine movimento»)"),
            ("en", "Ada: touch End turning point", "End turn", "Ada: touch End turning point")):  # a whole label only
        out = io.StringIO()
        NumberedView(out)({"type": "state", "language": lang, "news": [], "log": [], "view": {},
                           "prompt": {"text": said, "choices": [{"key": "k", "label": label}]}})
        assert out.getvalue().splitlines()[0] == typed


def test_play_refuses_over_another_unfinished_game_in_the_language_asked():
    """trial3: ``companion play house_of_spirits --lang it`` over an unfinished Creepy Cellar
    game said the daemon's English refusal; English stays as it was (tests/test_laptop_play.py)."""
    from companion.play import play_words

    logged = ("the unfinished game 1 is creepy_cellar (Ada, Bo), not house_of_spirits: add --set-aside to keep it "
              "unfinished in the store and start house_of_spirits (--new creepy_cellar goes back to it later), or "
              "leave out --new to go on with it")
    assert play_words(logged, "en") == (
        "the unfinished game 1 is creepy_cellar (Ada, Bo), not house_of_spirits: add --set-aside to keep it "
        "unfinished in the store and start house_of_spirits, or companion play creepy_cellar to go on with it")
    assert play_words(logged, "it") == (
        "la partita non finita n. 1 è creepy_cellar (Ada, Bo), non house_of_spirits: aggiungete --set-aside per "
        "tenerla non finita nell'archivio e iniziare house_of_spirits, oppure companion play creepy_cellar per "
        "continuarla")
    assert play_words("bad config", "it") == "bad config"


def test_play_names_the_game_it_resumed_in_the_tables_language():
    from companion.play import opening_line

    logged = "resumed game 3 (clue_it: Ada, Bo, Cy) after 12 inputs; --new GAME --set-aside starts another"
    assert opening_line(logged, {"language": "it"}, Path("/l/play.log")) == (
        "Si continua la partita n. 3 di CLUE: IT (Ada, Bo, Cy) dopo 12 azioni; --set-aside ne inizia una nuova "
        "e tiene questa nell'archivio. "
        "Il registro del servizio: /l/play.log")


def test_each_accusation_question_is_printed_once():
    """A newcomer's report: after each pick the question came twice, once with the table's
    state and once with the private answer asked again."""
    session = _session_after(77)  # Cy touched "Only I am looking"
    table, client, out = _table(_state(session))
    table.handle(client, "1")
    table.handle(client, "")
    table.view(protocol.private_message(session, "Cy"))
    for key in ("pick:kid-5", "pick:item-2", "pick:the-synagogue"):
        session.handle(Touch(key))
        table.view(_state(session))
        table.view(protocol.private_message(session, "Cy"))  # the answer to the asking again
    lines = out.getvalue().splitlines()
    for question in ("which item do you accuse?", "which location do you accuse?",
                     "check your accusation against the envelope?"):
        assert lines.count(f"Only Cy looks: {question}") == 1, question


def test_a_choice_typed_before_the_next_private_choices_come_says_to_wait_for_them():
    """newcomer13 item 4: a number typed just after a private pick, before the private
    answer asked again came back, got "There is nothing to choose now" (the choices are
    emptied while the answer is awaited). Now it says the truth and what to do, sends
    nothing, and the same number chooses once the choices are shown."""
    session = _session_after(77)  # Cy touched "Only I am looking"
    table, client, out = _table(_state(session))
    table.handle(client, "1")
    table.handle(client, "")
    table.view(protocol.private_message(session, "Cy"))
    table.handle(client, "5")
    session.handle(Touch("pick:kid-5"))
    client.sent.clear()
    table.view(_state(session))  # the item pick is Cy's too: asked again
    table.handle(client, "2")
    assert out.getvalue().splitlines()[-1] == ("  ! Cy's next choices are on their way: type your choice again "
                                               "once they are shown.")
    assert client.sent == [{"cmd": "private", "player": "Cy"}]
    table.view(protocol.private_message(session, "Cy"))
    table.handle(client, "2")
    assert client.sent[-1] == {"cmd": "choose", "key": table.view.shown[1]["key"]}
    assert table.view.shown[1]["key"].startswith("pick:item-")


@pytest.mark.parametrize("typed", ['tap "intrigue:immediate-1"', "tap 'intrigue:immediate-1'",
                                   "tap “intrigue:immediate-1”", "tap intrigue:immediate-1"])
def test_a_card_typed_between_quotes_as_the_readme_writes_it_is_tapped(typed):
    """Newcomer 16: ``tap "Teddy Bear"`` said no card '"Teddy Bear"' in children."""
    table, client, out = _table(_state(_session_after(4)))
    table.handle(client, typed)
    assert client.sent == [{"cmd": "tap", "component": "clue_it:intrigue:immediate-1"}]


@pytest.mark.parametrize(("lang", "cover", "kept"), [
    ("en", "Only Bo looks: Bo, press Enter to show what only you may see; anything else typed keeps it hidden.",
     "Nothing was shown: what only Bo may see stays hidden."),
    ("it", "Guarda solo Bo: Bo, premi Invio per vedere ciò che puoi vedere solo tu; qualsiasi altra cosa scritta "
           "lo tiene nascosto.",
     "Non è stato mostrato niente: ciò che può vedere solo Bo resta nascosto.")])
def test_a_players_secret_cards_wait_behind_a_cover_until_enter(lang, cover, kept):
    """Newcomer 19 finding 2: on Ada's turn, typing the number of "Bo: secret cards (others
    look away)" printed Bo's card at once. Now, as the window's "Only Bo looks — tap to
    show", the terminal asks Bo to press Enter first; anything else typed shows nothing and
    is taken as usual."""
    session = _session_after(81)  # Bo holds an Intrigue card
    table, client, out = _table(_state(session, lang))
    table.handle(client, "4")
    assert client.sent == [] and out.getvalue().splitlines()[-1] == cover
    table.handle(client, "u")  # not Enter: nothing shown, and the undo is sent
    assert out.getvalue().splitlines()[-1] == kept
    assert client.sent == [{"cmd": "undo"}]
    table.handle(client, "4")
    table.handle(client, "")
    assert client.sent[-1] == {"cmd": "private", "player": "Bo"}
    assert "(to keep)" not in out.getvalue() and "da tenere" not in out.getvalue()


def test_a_line_that_is_no_input_at_the_cover_gets_one_line_not_two():
    """newcomer20: typing ``x`` at the cover printed "Nothing was shown: …" and also "! “x” is not
    a choice…". One line says it; a choice's number typed there is still taken."""
    session = _session_after(81)  # Bo holds an Intrigue card
    table, client, out = _table(_state(session))
    table.handle(client, "4")
    before = len(out.getvalue().splitlines())
    table.handle(client, "x")
    assert out.getvalue().splitlines()[before:] == ["Nothing was shown: what only Bo may see stays hidden."]
    assert client.sent == []
    table.handle(client, "4")  # the cover again; then a choice's number is taken as usual
    table.handle(client, "1")
    assert out.getvalue().splitlines()[-1] == "Nothing was shown: what only Bo may see stays hidden."
    assert client.sent == [{"cmd": "choose", "key": table.view.shown[0]["key"]}]



@pytest.mark.parametrize(("lang", "said", "typed"), [
    ("en", "then touch where you stopped", "then type the number of the place where you stopped"),
    ("it", "poi tocca dove hai finito il movimento", "poi digita il numero del posto dove hai finito il movimento")])
def test_the_clue_it_move_prompt_says_what_to_type_in_the_terminal(lang, said, typed):
    """Newcomer 19 finding 12: the terminal printed "move up to 8, then touch where you
    stopped" ("tocca dove hai finito"), where other prompts say "type 1"."""
    loaded = script.load(SOLVED)
    session = Session.start(loaded.header)
    for line in loaded.lines:
        session.handle(line.input, line=line.number)
        if str(session.prompt.text).endswith("then touch where you stopped"):
            break
    else:
        raise AssertionError("solved.jsonl has no move prompt")
    out = io.StringIO()
    NumberedView(out)(_state(session, lang))
    assert said not in out.getvalue()
    assert [row for row in out.getvalue().splitlines() if row.endswith(typed)]


@pytest.mark.parametrize(("lang", "said", "typed"), [
    ("en", "Ada (in room A): touch where the red hunter goes, up to 2 spaces",
     "Ada (in room A): type the number of the place where the red hunter goes, up to 2 spaces"),
    ("it", "Ada (nella stanza A): tocca dove va il cacciatore rosso, fino a 2 spazi",
     "Ada (nella stanza A): digita il numero del posto dove va il cacciatore rosso, fino a 2 spazi")])
def test_a_touch_where_prompt_says_what_to_type_in_the_terminal(lang, said, typed):
    """The same words in every game's "touch where" prompt (Creepy Cellar's hunter, Children's room)."""
    out = io.StringIO()
    NumberedView(out)({"type": "state", "language": lang, "news": [], "log": [], "view": {},
                       "prompt": {"text": said, "choices": [{"key": "to:B", "label": "B"}]}})
    assert out.getvalue().splitlines()[0] == typed


_NO_READER = {
    "en": "No card reader here: lay each card face-down in the row without looking and type 1; the companion picks "
          "which one goes into the envelope, so no player chooses it, but it does not know it and cannot check an "
          "accusation: the accuser looks in the envelope secretly.",
    "it": "Qui nessun lettore legge le carte: mettete ogni carta coperta nella fila senza guardarla e digitate 1; il "
          "companion sceglie quale va nella Busta, così nessun giocatore la sceglie, ma non la conosce e non può "
          "verificare un'accusa: chi accusa guarda di nascosto nella Busta."}


@pytest.mark.parametrize("lang", ["en", "it"])
def test_the_companions_envelope_says_up_front_what_it_does_with_no_reader(lang):
    """Newcomer 19 finding 10a: with ``--option envelope=companion`` the terminal asked 22
    times to "tap kid card 1 of 7 without looking" and only then said "The companion did not
    read every card in the envelope". The terminal has no reader: it says once, before the
    first card, what the companion does there (picks the card, unread) and what it cannot."""
    session = Session.start(GameHeader.from_json({"game": "clue_it", "players": ["Ada", "Bo", "Cy"], "seed": 1,
                                                  "options": {"envelope": "companion"}, "stack": {}}))
    for kid in ("kid:mike-hanlon", "kid:bill-denbrough", "kid:kid-3"):
        session.handle(Touch(kid))
    out = io.StringIO()
    view = NumberedView(out)
    virtual = {"hardware": {"readers": [{"name": "table", "role": "table", "online": True, "virtual": True}]}}
    for _ in range(3):
        view({**_state(session, lang), **virtual})
        session.handle(Touch("seal:face-down"))
    assert out.getvalue().count(_NO_READER[lang]) == 1
    real = {"hardware": {"readers": [{"name": "table", "role": "table", "online": True, "virtual": False}]}}
    out = io.StringIO()
    NumberedView(out)({**_state(session, lang), **real})  # a reader reads the cards: nothing to say
    assert _NO_READER[lang] not in out.getvalue()


@pytest.mark.parametrize(("lang", "step", "choice", "scan"), [
    ("en", "Players' phones are on: each player may pair their own phone now, one at a time while the others look "
           "away (type the number of their “pair your phone” choice).",
     "Ada: pair your phone (others look away)", "Ada: scan this with your phone"),
    ("it", "I telefoni dei giocatori sono attivi: ognuno può collegare ora il proprio telefono, uno alla volta "
           "mentre gli altri non guardano (digitate il numero della sua scelta «collega il tuo telefono»).",
     "Ada: collega il tuo telefono (gli altri non guardano)", "Ada: inquadra questo codice con il tuo telefono")])
def test_a_games_start_with_phones_on_pairs_each_phone_in_turn_as_the_table_screen(lang, step, choice, scan):
    """Session 21: the table screen pairs each player's phone at a game's start (one code at a
    time, the others looking away); the terminal said nothing. It says the step once, offers
    each player whose phone is not connected their own code behind a cover, and hides it."""
    session = _session_after(0)  # CLUE: IT, nothing played yet
    links = {"Ada": "http://192.168.1.20:8765/p/ADA-TOKEN", "Bo": "http://192.168.1.20:8765/p/BO-TOKEN",
             "Cy": "http://192.168.1.20:8765/p/CY-TOKEN"}
    state = {**_state(session, lang), "phones": {"Ada": False, "Bo": True, "Cy": False}}
    table, client, out = _table(state)
    lines = out.getvalue().splitlines()
    assert lines.count(step) == 1 and choice in lines[-1] and "Bo:" not in lines[-1]  # Bo's phone is connected
    number = next(n for n, c in enumerate(table.view.shown, 1) if c["label"] == choice)
    table.view(state)  # the same game again: the step is not said twice
    assert out.getvalue().splitlines().count(step) == 1
    table.handle(client, str(number))
    assert client.sent == []  # the cover first: nothing asked until Ada presses Enter
    table.handle(client, "")
    assert client.sent == [{"cmd": "phone_links"}]
    table.view({"type": "phone_links", "links": links})
    shown = out.getvalue()
    assert scan in shown and links["Ada"] in shown and ("▀" in shown or "█" in shown)  # her QR code
    assert links["Bo"] not in shown and links["Cy"] not in shown
    table.view({**state, "phones": {"Ada": True, "Bo": True, "Cy": False}})  # her phone connected: hidden
    assert "Ada:" not in table.view.shown[-1]["label"] and table.view.private is None
    assert protocol.state_message(session, [], lang="en")["can_undo"] is False


def test_no_pairing_step_without_phones_nor_once_the_game_is_under_way():
    start = _state(_session_after(0))
    _table_, _client, out = _table(start)
    assert "phone" not in out.getvalue()
    _table_, _client, out = _table({**_state(_session_after(30)), "phones": {"Ada": False, "Bo": False, "Cy": False}})
    assert "pair your phone" not in out.getvalue()
