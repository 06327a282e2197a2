"""CLUE: IT in English and Italian (issue 6 "English and Italian for every string";
docs/architecture.md "Languages").

Every sentence the table sees - prompt texts, choice labels, news, refusals, option help,
card names and table-check lines - is a :class:`companion.i18n.Msg` with an Italian
translation. The two table scripts (tests/scripts/clue_it/) are played through the real
daemon in Italian and in English: every prompt, choice label, news and log line the daemon
sends in Italian differs from the English one, except names. Random games through the
engine cover the rest; then exact Italian sentences ("Busta", "carte Indizio", "carte Intrigo").
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from companion import script
from companion.engine import get_game, resolve_options
from companion.errors import RuleViolation
from companion.games.clue_it import OPTIONS
from companion.games.clue_it import components as ci
from companion.i18n import Msg, recap_of, render
from companion.inputs import Tap
from tests.checkout import ROOT
from tests.i18n_walk import Seen, daemon_messages, message_ids, new_game_ids, translated_ids, walk_engine

SPEC = get_game("clue_it")
GAME_DIR = ROOT / "companion" / "games" / "clue_it"
SCRIPTS = ROOT / "tests" / "scripts" / "clue_it"

#: Names that read the same in Italian: the players' and the two confirmed Kids'.
NAMES = {"Ada", "Bo", "Cy", "Mike Hanlon", "Bill Denbrough"}
#: Plain (untranslated) parameters allowed inside a message: die faces and lists of names.
PLAIN = re.compile(r"^(\?|[1-6])$")

ITALIAN = translated_ids("it")


def _plain(value: str, names: set) -> bool:
    """A player's name, a list of them, or a die face."""
    return bool(PLAIN.match(value)) or set(value.split(", ")) <= names


def _game_ids() -> set[str]:
    """Every message id in the CLUE: IT engine's source."""
    # refusals.py is swept by tests/games/test_refusals.py (its Italian: tests/test_i18n.py)
    return message_ids(GAME_DIR, ignore=("refusals.py",))


# --------------------------------------------------------------------------- the daemon


def _daemon_messages(name: str, language: str, monkeypatch) -> list[dict]:
    """Every state message the daemon sends while replaying script ``name`` in ``language``."""
    messages = daemon_messages(script.load(SCRIPTS / name), language, monkeypatch)
    states = [m for m in messages if m.get("type") == "state"]
    assert states and all(m["language"] == language for m in states)
    return states


def _table_texts(message: dict) -> list[str]:
    """What a state message puts before the table: prompt text, choice labels, news, log."""
    prompt = message["prompt"]
    return [prompt["text"]] + [c["label"] for c in prompt["choices"]] + message["news"] + message["log"]


@pytest.mark.parametrize("name", ["solved.jsonl", "unsolved.jsonl"])
def test_scripted_games_through_the_daemon_speak_italian(name, monkeypatch):
    """The same script in English and in Italian: the daemon sends the same messages, and
    every prompt, choice label, news and log line differs between the two languages unless
    it is a name (a player's, Mike Hanlon, Bill Denbrough)."""
    english = _daemon_messages(name, "en", monkeypatch)
    italian = _daemon_messages(name, "it", monkeypatch)
    assert len(italian) == len(english)
    compared = 0
    for en, it in zip(english, italian):
        en_texts, it_texts = _table_texts(en), _table_texts(it)
        assert len(en_texts) == len(it_texts)
        assert [c["key"] for c in en["prompt"]["choices"]] == [c["key"] for c in it["prompt"]["choices"]]
        for en_text, it_text in zip(en_texts, it_texts):
            if en_text in NAMES:
                assert it_text == en_text
                continue
            assert it_text and it_text != en_text, f"not translated: {en_text!r}"
            assert "{" not in it_text, it_text
            compared += 1
    assert compared > 300
    said = [s for m in italian for s in m["news"]]
    if name == "solved.jsonl":
        for sentence in ("Bo e Cy pareggiano: tirano di nuovo.", "Inizia Cy; si continua in senso orario.",
                         "Mettete nella Busta, senza guardarla, la carta Personaggio numero 5 della fila; "
                         "rimescolate insieme le altre carte Personaggio.",
                         "Ada ha pescato Carta Intrigo 1 (Gioca subito): seguite subito le sue istruzioni.",
                         "Bo tiene una carta Intrigo.", "L'accusa di Cy è sbagliata: Cy è fuori dal gioco.",
                         "Cy non può rispondere.", "Nessuno può rispondere: il turno è finito.",
                         "Bo ha ragione e risolve il mistero!"):
            assert sentence in said, sentence
        assert italian[-1]["prompt"]["text"] == "La partita è finita: Bo ha risolto il mistero!"
    else:
        assert "Il mistero resta irrisolto." in said
        assert italian[-1]["prompt"]["text"] == "La partita è finita: il mistero resta irrisolto."


# --------------------------------------------------------------------------- the engine


#: Messages the random games below may not show; each is checked by a test of its own.
RARE = {
    # undo lines (random games never undo): tests/games/test_undo_steps.py (session 17)
    "Move the mover of {kid} back to the corridor space it stood on.",
    "Move the mover of {kid} back to {place}.",
    "Move the {item} token back to {place}.",
    # a table-check correction's news and a stale one: tests/test_tablecheck.py
    "Correction: {piece} is now in {place} (was in {before}).",
    "That correction no longer fits the table check: nothing changed. Look at the table check again.",
    "1st", "2nd", "3rd",  # test_ordinals_and_rare_sentences_in_italian
    "A kid Rumor card", "An item Rumor card", "A location Rumor card",  # test_component_labels...
    "The {ordinal} Red Balloon ends the game for everyone.",  # test_rare_news_in_italian
    "The {ordinal} Red Balloon: {player} is out of the game.", "{n}th",
    "The last Red Balloon puts {player} out of the game.",  # that line's recap: test_rare_news_in_italian
    "Shuffle the Intrigue discards into a new deck.", "The Intrigue deck is empty: no card to draw.",
    # the whys of those rare lines (tests/games/test_clue_it_why.py test_rare_whys_in_italian)
    "Every Intrigue card is held or in play, so none can be drawn.",
    "The Intrigue deck ran out: its {count} discards become a new deck.",
    "That is Red Balloon number {total}, the last one your house rules allow.",
    "With your house rules the last Red Balloon ends the game for everyone: the mystery stays unsolved.",
    "a card the companion did not read",  # a private view only (tests/games/test_clue_it_face_down.py)
    # the odds meter is beside the view, not in it (its Italian: tests/games/test_odds_meters.py)
    "A question in reach this turn",
    # one right accusation in about 60 random games (its Italian: tests/games/test_clue_it_why.py)
    "All three cards of the accusation are the envelope's: the accuser solves the mystery and wins.",
    # (apply's last resort, "Not now. {prompt}", is the engine's: companion/engine/legality.py)
    # the content forms (tests/games/test_clue_it_content.py)
    "Name printed on the card", "As the Rumor card says it; the screen shows this name.", "Secret passage to",
    "The location this corner's secret passage leads to, or none; enter it at both ends.",
    "none",  # the passage field's first choice (tests/test_content_words.py)
    # an undo's own step (undo16: the random games never undo): tests/games/test_undo_steps.py, both languages
    "Take {pile} card {n} back off the end of the row, face-down, without looking.",
    "{player}: move the mover of {kid} back to the corridor space it stood on.",
    "{player}: move the mover of {kid} back to {place}.",
    "{player}: put the Intrigue card you drew back on top of the Intrigue deck, face-down.",
    "{player}: put the Personality card of {kid} back with the others.",
    "{player}: take the Intrigue card you played back into your hand.",
    # an undo refused (random games never undo): tests/games/test_clue_it_checked_accusation.py, both languages
    "{player}'s accusation was checked against the envelope and cannot be undone: {player} has seen the answer.",
    # the terminal's note with no reader (Game.terminal_notes): tests/test_terminal_private.py, both languages
    "No card reader here: lay each card face-down in the row without looking and type 1; the companion picks "
    "which one goes into the envelope, so no player chooses it, but it does not know it and cannot check an "
    "accusation: the accuser looks in the envelope secretly.",
}


def test_random_games_show_only_italian_ready_messages():
    """Random games with random house rules: every text is a message with Italian, and
    together they show every CLUE: IT message but the rare ones and the option help."""
    seen = Seen(plain=_plain)
    for seed in range(60):
        walk_engine(SPEC, random.Random(f"clue-it-i18n:{seed}"), seen, table_check=True)
    helps = {o.help for o in OPTIONS}
    game_ids = _game_ids()
    assert len(game_ids) > 120
    assert RARE <= game_ids and helps <= game_ids
    rules = {m.msgid for s in SPEC.rule_sections for m in (s.name, s.summary)}  # the rules card: tests/test_rulecard.py
    assert rules <= game_ids
    missing = sorted(game_ids - RARE - helps - rules - new_game_ids(SPEC) - seen.ids)
    assert missing == [], f"never shown in the random games: {missing}"


def test_option_help_in_italian():
    """The New game screen shows each option's help in the table's language."""
    for option in OPTIONS:
        assert isinstance(option.help, Msg) and option.help.msgid in ITALIAN, option.name
        assert render(option.help, "it") != option.help
    envelope = next(o for o in OPTIONS if o.name == "envelope")
    assert render(envelope.help, "it") == ("Chi chiude la Busta: un giocatore a mano, oppure il companion, che sceglie "
                                           "una carta da ogni fila coperta e verifica le accuse quando ogni carta è "
                                           "stata appoggiata sul lettore.")


def test_component_labels_and_card_names_in_italian():
    """A tapped Rumor card is never named, in either language; Intrigue cards and the
    confirmed names are the Italian edition's words where known (notes.md 1.3)."""
    label = SPEC.component_label
    assert render(label("clue_it:kid:mike-hanlon"), "it") == "Una carta Indizio Personaggio"
    assert render(label("clue_it:item:jack-in-the-box"), "it") == "Una carta Indizio Oggetto"
    assert render(label("clue_it:location:the-synagogue"), "it") == "Una carta Indizio Luogo"
    assert label("clue_it:location:the-synagogue") == "A location Rumor card"
    assert render(label("clue_it:intrigue:red-balloon"), "it") == "Palloncino Rosso"
    assert render(ci.card_name("keeper-3"), "it") == "Carta Intrigo 3 (da tenere)"
    assert ci.card_name("keeper-3") == "Intrigue card 3 (to keep)"
    assert render(ci.card_name("derry-public-library"), "it") == "Biblioteca Pubblica di Derry"
    assert [render(ci.card_name(k), "it") for k in ci.KIDS[:3]] == ["Mike Hanlon", "Bill Denbrough", "Personaggio 3"]


def test_ordinals_and_rare_sentences_in_italian():
    from companion.engine.words import and_names
    from companion.games.clue_it.rules import _ordinal

    assert [str(_ordinal(n)) for n in (1, 2, 3, 8)] == ["1st", "2nd", "3rd", "8th"]
    assert [render(_ordinal(n), "it") for n in (1, 2, 3, 8)] == ["1º", "2º", "3º", "8º"]
    names = and_names(["Ada", "Bo", "Cy"])  # the engine's joiner, as in every game (issue 21)
    assert names == "Ada, Bo and Cy" and render(names, "it") == "Ada, Bo e Cy"


def test_a_turn_in_italian():
    """The first prompts of a game and a question, as the Italian table reads them."""
    state = SPEC.setup(["Ada", "Bo"], resolve_options(SPEC, {"intrigue_deck": "off"}))
    assert [render(n, "it") for n in SPEC.news(state)] == [
        "Mettete tutte e sette le pedine Personaggio e tutti e sei i segnalini Oggetto al centro del tabellone.",
        "Ognuno prende una scheda CLUE e la tiene per sé."]
    assert render(SPEC.prompt(state).text, "it") == (
        "Ada: scegli il Personaggio con cui giochi e prendi la sua carta Personalità")
    for action in ("kid:mike-hanlon", "kid:bill-denbrough", "sealed"):
        state = SPEC.apply(state, action)
    assert render(SPEC.prompt(state).text, "it") == (
        "Mescolate le altre 19 carte Indizio e date 9 carte coperte a ogni giocatore; "
        "mettete 1 carta avanzata scoperta accanto al tabellone")
    for action in ("dealt", "rolloff", "rolloff-die:5", "rolloff-die:3"):
        state = SPEC.apply(state, action)
    assert [render(n, "it") for n in SPEC.news(state)] == [
        "Bo ha fatto 3.", "Inizia Ada; si continua in senso orario.", "Turno di Ada."]
    prompt = SPEC.prompt(state)
    assert render(prompt.text, "it") == "Ada: premi il pulsante dei dadi"  # no passage from the centre
    assert [c.key for c in prompt.choices] == ["roll", "squares", "power"]
    assert [render(c.label, "it") for c in prompt.choices] == [
        "Tira i dadi", "Caselle fino al luogo più vicino?", "Usa il potere della mia carta Personalità"]
    for action in ("roll", "die:4", "die:3", "stop:the-synagogue", "ask:kid-3", "ask:jack-in-the-box"):
        state = SPEC.apply(state, action)
    assert [render(n, "it") for n in SPEC.news(state)] == [
        "Ada chiede: Personaggio 3, Scatola a sorpresa, Sinagoga. "
        "Spostate lì quella pedina Personaggio e quel segnalino Oggetto.",
        "Risponde prima Bo."]
    prompt = SPEC.prompt(state)
    assert render(prompt.text, "it") == (
        "Bo: se hai una delle carte nominate, mostrane una solo ad Ada; non appoggiare né toccare mai la carta")
    assert [render(c.label, "it") for c in prompt.choices] == ["Bo ha mostrato una carta", "Bo non ne ha"]
    with pytest.raises(RuleViolation) as refused:
        SPEC.apply(state, "roll")
    assert render(refused.value.args[0], "it") == (
        "I dadi si tirano una volta sola, all'inizio del proprio turno. "  # issue 19: the rule
        "Bo: se hai una delle carte nominate, mostrane una solo ad Ada; "
        "non appoggiare né toccare mai la carta.")


def test_rare_news_in_italian():
    """The 8th Red Balloon under both readings of ``balloon_rule`` (notes 3.C I-A5), and an
    Intrigue draw from an empty deck, with and without discards to shuffle."""
    from dataclasses import replace

    from companion.games.clue_it.state import Step

    for rule, last in (("end_game", "Togliete le carte dalla Busta e mostratele a tutti."),
                       ("eliminate", "Turno di Bo.")):
        state = SPEC.setup(["Ada", "Bo", "Cy"], resolve_options(SPEC, {"intrigue_deck": "virtual",
                                                                       "balloon_rule": rule}))
        state = replace(state, kids=("mike-hanlon", "bill-denbrough", "kid-3"), turn=1, step=Step.TURN,
                        balloons=7)
        for action in ("roll", "die:?", "die:4", "intrigue:red-balloon"):
            state = SPEC.apply(state, action)
        said = [render(n, "it") for n in SPEC.news(state)]
        assert said[0] == "Ada ha pescato un Palloncino Rosso (8 su 8)."
        if rule == "end_game":
            assert said[1] == "8º Palloncino Rosso: la partita finisce per tutti."
            assert SPEC.news(state)[1] == "The 8th Red Balloon ends the game for everyone."
        else:
            assert said[1] == "8º Palloncino Rosso: Ada è fuori dal gioco."
            assert SPEC.news(state)[1] == "The 8th Red Balloon: Ada is out of the game."
            # as the game's end recalls it (issue 29 item 7): what happened, no instruction
            assert render(recap_of(SPEC.news(state)[1]), "it") == "L’ultimo Palloncino Rosso mette Ada fuori dal gioco."
        assert said[-1] == last
    state = SPEC.setup(["Ada", "Bo"], resolve_options(SPEC, {"intrigue_deck": "virtual"}))
    state = replace(state, kids=("mike-hanlon", "bill-denbrough"), turn=1, step=Step.TURN,
                    intrigue_deck=(), intrigue_discard=("immediate-1",))
    shuffled = SPEC.apply(SPEC.apply(SPEC.apply(state, "roll"), "die:?"), "die:4")
    assert [render(n, "it") for n in SPEC.news(shuffled)] == [
        "Ada ha fatto ? e 4.", "Mescolate le carte Intrigo scartate in un nuovo mazzo."]
    empty = SPEC.apply(SPEC.apply(SPEC.apply(replace(state, intrigue_discard=()), "roll"), "die:?"), "die:4")
    assert [render(n, "it") for n in SPEC.news(empty)] == [
        "Ada ha fatto ? e 4.", "Il mazzo Intrigo è vuoto: nessuna carta da pescare."]


def test_the_privacy_screen_names_kept_cards_in_italian():
    """The drawer's privacy screen (``private_view``, rendered by the daemon with
    ``protocol.render_tree``) names the kept Intrigue card in the table's language."""
    from dataclasses import replace

    from companion.protocol import render_tree

    state = SPEC.setup(["Ada", "Bo"], resolve_options(SPEC, {}))
    state = replace(state, kids=("mike-hanlon", "bill-denbrough"), held=(("keeper-2",), ()), peek="keeper-2")
    seen = SPEC.private_view(state, "Ada")
    assert render_tree(seen, "en") == {"intrigue_drawn": "Intrigue card 2 (to keep)",
                                       "intrigue_held": ["Intrigue card 2 (to keep)"]}
    assert render_tree(seen, "it") == {"intrigue_drawn": "Carta Intrigo 2 (da tenere)",
                                       "intrigue_held": ["Carta Intrigo 2 (da tenere)"]}
    assert SPEC.private_view(state, "Bo") == {}


@pytest.mark.parametrize("lang, words", [
    ("it", "Questo pezzo: una carta Indizio Personaggio, di CLUE: IT; a questo tavolo si gioca a "
           "Ghost Fightin' Treasure Hunters: Creepy Cellar."),
    ("en", "That is a kid Rumor card, from CLUE: IT; this table plays Ghost Fightin' Treasure Hunters: "
           "Creepy Cellar."),
])
def test_a_clue_card_tapped_at_another_game_is_named_in_the_table_language(make_session, lang, words):
    """Issue 26: ``companion tap clue_it:kid:mike-hanlon`` at an Italian table said "Questo è a
    kid Rumor card, di CLUE: IT": the card's label, put in lower case for mid-sentence, lost
    its translation. The card stays unnamed (it may be face-down)."""
    reply = make_session().handle(Tap("04C10000000000", ndef="clue_it:kid:mike-hanlon"))
    assert not reply.accepted
    assert render(reply.text, lang) == words


#: Each location's Italian name after "in" and after "verso" (issue 29: "Ada è in Vicolo di
#: Derry" was said without its article).
_IN_AND_TOWARDS = {
    "derry-back-alley": ("nel Vicolo di Derry", "il Vicolo di Derry"),
    "house-on-neibolt-street": ("nella Casa di Neibolt Street", "la Casa di Neibolt Street"),
    "the-synagogue": ("nella Sinagoga", "la Sinagoga"),
    "derry-public-library": ("nella Biblioteca Pubblica di Derry", "la Biblioteca Pubblica di Derry"),
    **{f"location-{n}": (f"nel Luogo {n}", f"il Luogo {n}") for n in range(5, 10)},
}


def _moved(state, location: str):
    """``state`` with the active player's mover stopped in ``location`` after a roll."""
    for action in ("roll", "die:4", "die:3", f"stop:{location}"):
        state = SPEC.apply(state, action)
    return state


def _first_turn(**options):
    state = SPEC.setup(["Ada", "Bo"], resolve_options(SPEC, {"intrigue_deck": "off", **options}))
    for action in ("kid:mike-hanlon", "kid:bill-denbrough", "sealed", "dealt", "rolloff", "rolloff-die:5",
                   "rolloff-die:3"):
        state = SPEC.apply(state, action)
    return state


def test_a_location_is_said_with_its_article_in_italian():
    """Issue 29: "Ada è nel Vicolo di Derry", "fai una domanda nella Sinagoga": each
    location's Italian name takes its article (the game's data beside its names), in English
    it is said as before."""
    start = _first_turn()
    assert set(_IN_AND_TOWARDS) == set(ci.LOCATIONS)
    for location, (inside, _) in _IN_AND_TOWARDS.items():
        state = _moved(start, location)
        assert [render(n, "it") for n in SPEC.news(state)] == [f"Ada è {inside}."]
        assert render(SPEC.prompt(state).text, "it") == f"Ada: fai una domanda {inside}: nomina un Personaggio"
    state = _moved(start, "derry-back-alley")
    assert [str(n) for n in SPEC.news(state)] == ["Ada is in Derry Back Alley."]
    assert str(SPEC.prompt(state).text) == "Ada: ask a question in Derry Back Alley: name a kid"


def test_a_secret_passage_leads_to_a_location_with_its_article_in_italian():
    """"Passaggio segreto verso il Luogo 7" (the choice, the prompt, the news and its why),
    and "Chiedi nel Luogo 5" (a question where one already is, by the house rule)."""
    state = _moved(_first_turn(ask_requires_entry="present"), "location-5")
    for action in ("no-question", "end-turn", "roll", "die:2", "die:2", "stop:corridor", "end-turn"):  # Bo's turn
        state = SPEC.apply(state, action)
    prompt = SPEC.prompt(state)
    assert render(prompt.choice("passage").label, "it") == "Passaggio segreto verso il Luogo 7"
    assert render(prompt.choice("ask-here").label, "it") == "Chiedi nel Luogo 5"
    assert render(prompt.text, "it") == (
        "Ada: premi il pulsante dei dadi, oppure prendi il passaggio segreto verso il Luogo 7")
    line, there = SPEC.news(SPEC.apply(state, "passage"))
    assert [render(line, "it"), render(there, "it")] == [
        "Ada prende il passaggio segreto verso il Luogo 7.", "Ada è nel Luogo 7."]
    assert render(line.why.text, "it") == (
        "Il passaggio segreto di questo luogo d'angolo porta al Luogo 7, e non si tirano i dadi.")


def test_the_table_check_moves_a_piece_into_a_place_with_its_article_in_italian():
    """A correction says where the piece is and was with the place's article ("al
    centro": the centre's own word, not "nel centro"; "nella Sinagoga"; a corridor is "in un
    corridoio")."""
    from companion.games.clue_it import tablecheck

    state = _first_turn()
    [mover] = [line for line in tablecheck.check(state)[:1]]
    fixes = {f.key.rsplit(":", 1)[1]: f for f in mover.fixes}
    assert render(fixes["the-synagogue"].label, "it") == "Sposta nella Sinagoga"
    assert render(fixes["corridor"].label, "it") == "Sposta in un corridoio"
    moved = tablecheck.correct(state, fixes["the-synagogue"].key)
    assert [render(n, "it") for n in SPEC.news(moved)] == [
        "Correzione: Mike Hanlon ora è nella Sinagoga (era al centro)."]
    back = tablecheck.check(moved)[0]
    assert render(next(f for f in back.fixes if f.key.endswith(":centre")).label, "it") == "Sposta al centro"
    assert [str(n) for n in SPEC.news(moved)] == [
        "Correction: Mike Hanlon is now in The Synagogue (was in the centre)."]


def test_a_location_the_table_entered_is_said_with_a_lead_in_italian():
    """Issue 29: a name the owner entered has no article, and "Ada è in Vicolo Vecchio"
    read wrong: the sentence says what it is, "nel luogo Vicolo Vecchio", "verso il luogo
    ..."; a printed one keeps its own article and English is unchanged."""
    from dataclasses import replace

    state = replace(_first_turn(), names=(("derry-back-alley", "Vicolo Vecchio"),))
    moved = _moved(state, "derry-back-alley")
    assert [render(n, "it") for n in SPEC.news(moved)] == ["Ada è nel luogo Vicolo Vecchio."]
    assert render(SPEC.prompt(moved).text, "it") == ("Ada: fai una domanda nel luogo Vicolo Vecchio: nomina un "
                                                     "Personaggio")
    assert [str(n) for n in SPEC.news(moved)] == ["Ada is in Vicolo Vecchio."]
    assert [render(n, "it") for n in SPEC.news(_moved(state, "the-synagogue"))] == ["Ada è nella Sinagoga."]


def test_the_centre_is_al_centro_in_italian():
    """Issue 29: "Ada è al centro", not "nel centro" (the centre's own word for the form,
    :func:`companion.i18n.named` ``it_nel``); the other forms keep its article."""
    from companion.i18n import msg

    centre = ci.card_name(ci.CENTRE)
    assert render(msg("{player} is in {place}.", player="Ada", place=centre), "it") == "Ada è al centro."
    assert render(msg("Secret passage to {place}", place=centre), "it") == "Passaggio segreto verso il centro"
    assert render(msg("{player} is in {place}.", player="Ada", place=centre), "en") == "Ada is in the centre."


def test_the_state_sends_the_articles_of_the_places_it_shows():
    """Issue 29: the board's legend formats "Secret passage to {place}" with a place it read
    from the view, and said "verso Luogo 7": the state's ``articles`` give each name it shows
    its article in the table's language, so the screen says "verso il Luogo 7"."""
    from companion import protocol
    from companion.header import GameHeader
    from companion.session import Session

    session = Session.start(GameHeader.from_json({"game": "clue_it", "players": ["Ada", "Bo"], "seed": 3}))
    italian = protocol.state_message(session, [], lang="it")
    passages = italian["view"]["places"]["passages"]
    assert passages and all(italian["articles"][to] == "il" for to in passages.values())  # "Luogo 7"
    assert italian["articles"]["centro"] == "il" and italian["articles"]["un corridoio"] == ""
    assert protocol.state_message(session, [], lang="en")["articles"] == {}  # English has none


def test_the_kids_are_named_with_a_word_true_of_girls_too():
    """newcomer16: the Kid movers were "Ragazzo 3…7" and the pile "Ragazzi", though the Kids
    include girls (Beverly Marsh among the Losers' Club, notes.md 1.3). The rulebook supplied is
    the English one (no Italian edition's word is known), so the Kids are "Personaggio" /
    "Personaggi", Italian Clue's own word for the suspects, true of a girl and a boy alike
    (notes/words17.md): no CLUE: IT line says "ragazzo", "ragazzi" or "ragazza" any more."""
    from babel.messages.pofile import read_po

    assert render(ci.card_name(ci.KIDS[2]), "it") == "Personaggio 3"
    assert render(SPEC.component_label("clue_it:kid:mike-hanlon"), "it") == "Una carta Indizio Personaggio"
    po = Path(__file__).resolve().parents[2] / "companion" / "locale" / "it" / "LC_MESSAGES" / "companion.po"
    with po.open("rb") as handle:
        catalogue = read_po(handle)
    said = [s for m in catalogue if m.id for s in (m.string if isinstance(m.string, tuple) else (m.string,))]
    assert [s for s in said if "agazz" in s] == []


def test_a_stand_in_kid_takes_its_article_in_italian():
    """review17 item 10 (fix17): "Cy gioca con Personaggio 3", "Rimettete la pedina di
    Personaggio 3" lost the article a numbered stand-in takes ("il Mostro 8"); a Kid the
    rulebook names keeps none ("la pedina di Mike Hanlon")."""
    from companion.i18n import msg, render, todo

    kid, mike = ci.card_name(ci.KIDS[2]), ci.card_name(ci.KIDS[0])
    said = {
        msg("{player} plays {kid}.", player="Cy", kid=kid): "Cy gioca con il Personaggio 3.",
        msg("{player} names {kid}: now name an item", player="Ada", kid=kid): "Ada nomina il Personaggio 3: ora "
                                                                              "nomina un Oggetto",
        todo("return", "Move the mover of {kid} back to {place}.", kid=kid, place=ci.card_name("centre")):
            "Rimettete la pedina del Personaggio 3 al centro.",
        todo("return", "{player}: put the Personality card of {kid} back with the others.", player="Ada", kid=kid):
            "Ada: rimetti con le altre la carta Personalità del Personaggio 3.",
        msg("{player} plays {kid}.", player="Cy", kid=mike): "Cy gioca con Mike Hanlon.",
        todo("return", "Move the mover of {kid} back to the corridor space it stood on.", kid=mike):
            "Rimettete la pedina di Mike Hanlon sulla casella del corridoio dov'era.",
    }
    assert {render(text, "it"): want for text, want in said.items()} == {want: want for want in said.values()}
