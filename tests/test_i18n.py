"""English and Italian (issue 6, "Languages"): sentences are messages translated where they
are shown; the catalogues are complete, used and compiled."""

from __future__ import annotations

import gettext
import io
import pickle
import re
import string

import pytest
from babel.messages.mofile import read_mo, write_mo

from companion.engine import all_games
from companion.i18n import LANGUAGES, Msg, msg, nmsg, render, translations
from tests.checkout import ROOT
from tests.i18n_walk import LOCALE, catalog, message_ids


def _source_ids() -> set[str]:
    # babel.cfg's places: the product, and the template game of docs/new-game.md
    return message_ids(*(ROOT / directory for directory in ("companion", "hardware", "ui", "docs/new-game")),
                       patterns=("**.py", "**.kv"))


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_every_message_is_translated_and_every_translation_used(lang):
    entries = catalog(lang)
    translated = {m.id if isinstance(m.id, str) else m.id[0]: m for m in entries if m.id}
    source = _source_ids()
    missing = sorted(i for i in source if i not in translated or not translated[i].string
                     or "fuzzy" in translated[i].flags)
    unused = sorted(set(translated) - source)
    assert missing == [], f"untranslated in {lang}: run make i18n and translate: {missing[:5]}"
    assert unused == [], f"unused in {lang} (make i18n drops them): {unused[:5]}"


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_translations_keep_every_placeholder(lang):
    for message in catalog(lang):
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        for text in strings:
            assert _fields(text) == _fields(ids[0]), (message.id, text)


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_the_shipped_mo_is_compiled_from_the_po(lang):
    buffer = io.BytesIO()
    write_mo(buffer, catalog(lang))
    buffer.seek(0)
    with open(LOCALE / lang / "LC_MESSAGES" / "companion.mo", "rb") as f:
        shipped = _translations(read_mo(f))
    fresh = _translations(read_mo(buffer))
    assert len(fresh) > 100 and shipped == fresh, "run make i18n (pybabel compile)"


def _translations(mo) -> dict:
    """(context, id) -> translation, for every message of a compiled catalog (a plural's
    ids and forms as tuples)."""
    def whole(text):
        return text if isinstance(text, str) else tuple(text)

    return {(m.context, whole(m.id)): whole(m.string) for m in mo}


def test_a_message_is_its_english_text_and_renders_in_italian():
    inner = msg("Undone: a private choice.")
    outer = msg("Not now. {prompt}", prompt=msg("{text}.", text=inner))
    assert outer == "Not now. Undone: a private choice.."  # the English text, as any str
    assert isinstance(outer, str) and isinstance(outer, Msg)
    assert render(outer, "it") == "Non ora. Annullata: una scelta privata.."
    assert render(outer, "en") == outer and render(outer, "xx") == outer  # unknown: English
    assert render("Ada", "it") == "Ada"  # a plain string is shown as it is
    assert pickle.loads(pickle.dumps(outer)).params == outer.params


def test_plural_forms():
    three = nmsg("{n} ghost", "{n} ghosts", "n", n=3)
    assert (three, nmsg("{n} ghost", "{n} ghosts", "n", n=1)) == ("3 ghosts", "1 ghost")


def test_a_broken_translation_costs_no_sentence(monkeypatch):
    from companion import i18n

    class Broken(gettext.NullTranslations):
        def gettext(self, message):
            return "{missing} {fields"

    monkeypatch.setattr(i18n, "translations", lambda lang: Broken())
    assert render(msg("Hello {name}", name="Ada"), "it") == "{missing} {fields (name=Ada)"


def test_the_daemon_speaks_the_table_language(tmp_path):
    from companion.client import Client
    from companion.inputs import Tap
    from tests.daemon_fixture import running_daemon

    notices = []
    with running_daemon(tmp_path, language="it") as daemon, \
            Client(daemon.socket_path, on_message=notices.append).connect() as client:
        assert client.state["prompt"]["text"] == "Nessuna partita in corso: iniziatene una nuova."
        assert client.state["language"] == "it"
        assert client.request({"cmd": "language", "language": "en"})["ok"]
        assert client.state["prompt"]["text"] == "No game yet: start a new one."
        assert not client.request({"cmd": "language", "language": "fr"})["ok"]
        client.request({"cmd": "language", "language": "it"})
        from companion.header import GameHeader
        daemon.call(lambda: daemon.start_game(GameHeader.from_json(
            {"game": "creepy_cellar", "players": ["Ada"], "seed": 1})))
        daemon.submit(Tap("04AABBCCDDEEFF"))
        daemon.drain()
        client.request({"cmd": "state"})
    texts = [m["text"] for m in notices if m.get("type") == "notice"]
    # the screen's one line (issue 29 audit; the terminal keeps "Tag sconosciuto ... companion tags enroll")
    assert "Carta o tessera sconosciuta: registratela in Impostazioni, Registra i tag." in texts


def test_the_table_language_chosen_on_the_screen_outlives_the_daemon(tmp_path):
    """Settings -> Italiano, close, play again: still Italian (the config's language is
    only the default when nothing was chosen)."""
    from companion.client import Client
    from companion.store import EventStore
    from tests.daemon_fixture import running_daemon

    store = EventStore(tmp_path / "g.sqlite3")
    try:
        with running_daemon(tmp_path, store=store, language="en") as daemon, \
                Client(daemon.socket_path).connect() as client:
            assert client.state["language"] == "en"
            assert client.request({"cmd": "language", "language": "it"})["ok"]
    finally:
        store.close()
    store = EventStore(tmp_path / "g.sqlite3")
    try:
        with running_daemon(tmp_path, store=store, language="en") as daemon, \
                Client(daemon.socket_path).connect() as client:
            assert client.state["language"] == "it"
            assert client.state["prompt"]["text"] == "Nessuna partita in corso: iniziatene una nuova."
    finally:
        store.close()
    with running_daemon(tmp_path, db="other.sqlite3", language="en") as daemon, \
            Client(daemon.socket_path).connect() as client:
        assert client.state["language"] == "en"  # another store: nothing chosen there


@pytest.mark.parametrize("game", sorted(all_games()))
def test_every_game_s_option_help_is_translated(game):
    """The New game screen shows each option's help in the table's language (issue 17:
    Children's and Creepy Cellar's were plain English)."""
    from companion.engine import get_game

    for option in get_game(game).options:
        assert isinstance(option.help, Msg), f"{game} option {option.name}: help is not a msg()"
        assert render(option.help, "it") != option.help, f"{game} option {option.name}: no Italian help"


def test_undo_cancel_and_back_are_different_words_in_italian():
    """Issue 26: Ghost at Home's table screen showed two "Annulla" buttons, the header's Undo
    (take back the last move) and the prompt's Cancel (drop a half-made play); the check
    screen shows Undo beside Back. Each says what it does (docs/glossary-it.md)."""
    italian = translations("it")
    words = {name: italian.gettext(name) for name in ("Undo", "Cancel", "Back")}
    assert words == {"Undo": "Annulla mossa", "Cancel": "Annulla", "Back": "Indietro"}


#: The singular imperatives ("tu") the table's instructions used (issue 29 item 8): "Mescola".
_TU = ("Metti", "Mescola", "Rimescola", "Togli", "Gira", "Rimetti", "Prendi", "Distribuisci", "Scarta",
       "Dai", "Chiudi", "Appoggia", "Premi", "Conta", "Inserisci", "Tocca un", "Scrivi", "Prepara")


def test_the_table_is_addressed_as_voi():
    """Issue 29: one form of address. What the whole table does (every physical step, and
    every instruction that names no player) says "Mescolate", never "Mescola"; a sentence
    to one named player ("Ada: premi …") keeps "tu"."""
    todos = message_ids(ROOT / "companion", keywords={"todo": (2,), "ntodo": (2, 3)})
    italian = {(m.id if isinstance(m.id, str) else m.id[0]): m.string for m in catalog("it") if m.id}
    found = []
    for msgid, text in italian.items():
        forms = text if isinstance(text, tuple) else (text,)
        to_table = msgid in todos or not msgid.startswith("{")
        for form in forms:
            if to_table and form.split(" ")[0] in {t.split(" ")[0] for t in _TU if " " not in t} and (
                    msgid in todos or form.endswith(".")):
                found.append(form)
            if msgid in todos and any(f"; {t.lower()} " in form or f", poi {t.lower()} " in form for t in _TU):
                found.append(form)
    assert found == []
    assert render(msg("Shuffle the Intrigue cards and place them face-down beside the board."), "it") == (
        "Mescolate le carte Intrigo e mettetele coperte accanto al tabellone.")


def test_italian_says_ad_ada_and_ed_eva():
    """Issue 29: "Passate il dado ad Ada", not "a Ada": a name after a bare "a" (or the
    conjunction "e") starting with the same vowel takes the euphonic d, and only then.
    English is unchanged."""
    from companion.engine.words import and_names

    die = {p: msg("Pass the die to {player}.", player=p) for p in ("Ada", "Bo", "anna")}
    assert [render(m, "it") for m in die.values()] == [
        "Passate il dado ad Ada.", "Passate il dado a Bo.", "Passate il dado ad anna."]
    assert render(die["Ada"], "en") == "Pass the die to Ada."
    assert render(msg("{player} has no movement points left this turn. {prompt}", player="Ada", prompt=""),
                  "it") == "Ad Ada non restano punti movimento in questo turno. "
    assert render(msg("{player} has no movement points left this turn. {prompt}", player="Bo", prompt=""),
                  "it") == "A Bo non restano punti movimento in questo turno. "
    assert render(msg("{answerer} showed {player} a card.", answerer="Bo", player="Ada"), "it") == (
        "Bo ha mostrato una carta ad Ada.")
    assert render(msg("Give it to {player}", player="Eva"), "it") == "Dalla a Eva"
    assert [render(and_names(names), "it") for names in (["Bo", "Eva"], ["Ada", "Bo", "Eva"], ["Eva", "Ada"])] == [
        "Bo ed Eva", "Ada, Bo ed Eva", "Eva e Ada"]
    assert and_names(["Bo", "Eva"]) == "Bo and Eva"


def test_the_screen_s_own_words_say_articles_too():
    """The client's ``_()`` formats an article form as the daemon does: its values are
    shown text, said with the articles the state sent (``articles``: issue 29, the board's
    legend said "verso Luogo 7"); one it does not know takes the bare preposition ("ad Ada")
    or the pattern's lead (a place the owner entered), never falls back to English."""
    from ui.i18n import Translator, translate

    assert translate("Pass the die to {player}.", "it", player="Ada") == "Passate il dado ad Ada."
    tr = Translator("it")
    tr.articles = {"Luogo 7": "il", "Sinagoga": "la"}
    assert tr._("Secret passage to {place}", place="Luogo 7") == "Passaggio segreto verso il Luogo 7"
    assert tr._("Secret passage to {place}", place="Sinagoga") == "Passaggio segreto verso la Sinagoga"
    assert tr._("Secret passage to {place}", place="Vicolo Vecchio") == (
        "Passaggio segreto verso il luogo Vicolo Vecchio")
    # a name the screen colours: the first letter shown decides
    assert translate("Answers to {asker}: {order}", "it", asker="[color=ffd700]Ada[/color]", order="Bo") == (
        "Risposte ad [color=ffd700]Ada[/color]: Bo")


#: Fields that a bare Italian "a" or "e" may stand before: numbers (a count, a die face, a
#: limit), a path, a side ("a sinistra"); never a name, which may start with the same vowel.
_NOT_NAMES = {"count", "face", "heal", "health", "high", "limit", "modifier", "moves", "n", "path", "score", "second",
              "side", "spaces", "squares", "target", "total", "toys"}


def test_no_bare_a_or_e_before_a_name_in_italian():
    """Every Italian sentence that says "a"/"e" before a name (a player, a game's title)
    writes the field's article form ("{player:al}", "{last:e}"), so the renderer gives "ad
    Ada"/"ed Eva" (issue 29: "mostrane una solo a Ada")."""
    import re

    bare = re.compile(r"(?<![\w'’])[aAeE] \{(\w+)\}")
    found = []
    for message in catalog("it"):
        forms = message.string if isinstance(message.string, tuple) else (message.string,)
        found += [form for form in forms if form and {f for f in bare.findall(form)} - _NOT_NAMES]
    assert found == []


def test_a_name_without_an_article_takes_the_patterns_lead():
    """Issue 29: a room or place the owner entered has no article ("Vai in Cucina Grande"
    read wrong): a pattern's field may name what it is, ``{room:nel|la stanza}``, said in the
    form asked; a name with an article, or said without one (""), keeps its own."""
    from companion.i18n import fill

    pattern = "Vai {room:nel|la stanza}; {room:Il|la stanza} è libera, {room:al|la stanza}."
    assert fill(pattern, {"room": "Cucina Grande"}) == (
        "Vai nella stanza Cucina Grande; La stanza Cucina Grande è libera, alla stanza Cucina Grande.")
    assert fill(pattern, {"room": "Cantina"}, {"room": "la"}) == "Vai nella Cantina; La Cantina è libera, alla Cantina."
    assert fill("Sposta {place:nel|il luogo}", {"place": "un corridoio"}, {"place": ""}) == "Sposta in un corridoio"
    assert fill("Sposta {place:nel|il luogo}", {"place": "centro"}, {"place": "il"}, {"place": {"nel": "al"}}) == (
        "Sposta al centro")
    assert fill("Passate il dado {player:al}.", {"player": "Ada"}) == "Passate il dado ad Ada."  # no lead: bare


def test_a_room_the_table_entered_reads_with_its_lead_in_italian():
    """Children's and House of Spirits' sentences that say a room give it "la stanza" when
    its name has no article (one the owner entered)."""
    assert render(msg("Go to the {room}", room="Cucina Grande"), "it") == "Vai nella stanza Cucina Grande"


def test_the_english_word_check_knows_drawn_and_held():
    """Issue 29: the privacy screen's headings read "Intrigue drawn" and "Intrigue held" to an
    Italian table and the check (tests/i18n_walk.py ENGLISH_WORDS) let them through."""
    from tests.i18n_walk import english_left

    assert english_left("Intrigue drawn") == ["drawn"]
    assert english_left("Intrigue held") == ["held"]
    assert english_left("La carta Intrigo che hai appena pescato") == []


def test_no_step_to_the_table_says_tu_inside_a_sentence():
    """A physical step (a ``todo``) is said to the whole table: "voi" in every sentence of it,
    not only its first word (found by the lead: "Nella stanza C sostituisci…", "…: togli la
    tessera…", "Sblocca le porte blu.", and "Togliete di nuovo il fantasma" for an undo's
    "Take the ghost back off", which said "again"). A step to one named player ("Botola!
    Ada: sposta…") keeps "tu"."""
    import re

    todos = message_ids(ROOT / "companion", keywords={"todo": (2,), "ntodo": (2, 3)})
    italian = {(m.id if isinstance(m.id, str) else m.id[0]): m.string for m in catalog("it") if m.id}
    imperative = re.compile(r"(?:^|[.:;!?] )(Sblocca|Sposta|Togli|Metti|Rimetti|Sostituisci|Chiudi|Gira|Scarta|"
                            r"Posa|Prendi|Appoggia|Tira)\b|\b(sostituisci|togli|rimetti|prendi)\b")
    found = [form for msgid in todos for form in _forms(italian.get(msgid))
             if imperative.search(re.sub(r"\{\w+\}: \w+", "", form))]
    assert found == []
    assert "di nuovo" not in render(msg("Take the ghost back off room {room}.", room="C"), "it")


def _forms(text) -> tuple:
    return () if not text else text if isinstance(text, tuple) else (text,)


def test_italian_calls_the_product_il_companion():
    """One name in Italian: most sentences already say "il companion" (the brand stays
    "Haunt Companion"); two said "il compagno di gioco", which read as another device. Every
    Italian sentence that names the product says "companion"."""
    italian = [form for m in catalog("it") if m.id
               for form in (m.string if isinstance(m.string, tuple) else (m.string,))]
    other = [form for form in italian if re.search(r"\bcompagn[oaie]\b|\bassistente\b", form, re.I)]
    assert other == []
    assert sum("companion" in form.lower() for form in italian) > 50
    assert render(msg("The house speaks: this is the companion's voice."), "it") == (
        "La casa parla: questa è la voce del companion.")


def test_no_refusal_to_the_table_says_tu():
    """A refusal is said to the whole table ("voi"): Ghost at Home's "Questo serve a pagare
    una luce: prima scegli di accendere la luce." and "…prima gioca una carta stanza, oppure
    scegli un'altra azione." and "Finisci la domanda, oppure tocca…" said "tu" (the lead's
    shots, session 15; "oppure aspetta" is a ghost that waits). A sentence to one named player
    ("{player}: scegli…", "{player}, scegli…") keeps "tu"."""
    import re

    italian = [m.string for m in catalog("it") if m.id]
    tu = re.compile(r"\b(?:prima|oppure|poi) (?:scegli|gioca|tocca|premi|metti|tira|pesca|usa)\b"
                    r"|\b(?:iniziane|Inizia una nuova partita\.)")
    found = [form for text in italian for form in _forms(text)
             if tu.search(form) and not re.search(r"\{player\}[:,] ", form)]
    assert found == []


def test_no_player_is_given_a_gender():
    """A player's name may be anyone's: "Ada scappa terrorizzato" and "{player} è morto"
    gave every player a masculine adjective (the lead's shots, session 15). A character
    ("il personaggio di {player} è morto") has the noun's gender."""
    import re

    italian = [m.string for m in catalog("it") if m.id]
    gendered = re.compile(r"^\{player\} (?:è |scappa |resta |rimane )?(?:terrorizzat|mort|impazzit|eliminat)[oa]\b")
    found = [form for text in italian for form in _forms(text) for sentence in re.split(r"(?<=[.:;!?]) ", form)
             if gendered.search(sentence)]
    assert found == []


def test_the_first_to_answer_and_the_tables_light_choices_are_neutral_and_voi():
    """Newcomer 16: "Il primo a rispondere è Cy." gave Cy a gender, and Ghost at Home's
    "Tavolo: …?" offered "Sì: accendi la luce / No: riprendile in mano", in "tu"."""
    import re

    assert render(msg("{player} answers first.", player="Cy"), "it") == "Risponde prima Cy."
    assert render(msg("Yes: turn on the light"), "it") == "Sì: accendete la luce"
    assert render(msg("No: take them back"), "it") == "No: riprendetele in mano"
    first = re.compile(r"\b(?:[Ii]l primo|[Ll]'ultimo) a \w+ è \{player\}")
    assert [form for m in catalog("it") if m.id for form in _forms(m.string) if first.search(form)] == []


def test_the_lines_said_most_to_the_table_do_not_say_gli_altri():
    """newcomer16 (Italian section): "gli altri non guardano", "tutti gli altri", "un
    giocatore mette…" are the generic masculine in lines said aloud at every private choice and
    at CLUE: IT's set-up. Each now says it neutrally ("guardi solo tu", "il resto del tavolo",
    "qualcuno"); notes/words17.md counts the rest (help texts) left as they are."""
    said = {
        msg("{player}: take the screen, others look away", player="Ada"): "Ada: prendi lo schermo; guardi solo tu",
        msg("{player}: secret cards (others look away)", player="Ada"): "Ada: carte segrete (guardi solo tu)",
        msg("Secret cards (others look away)"): "Carte segrete (guardi solo tu)",
        msg("Play an Intrigue card (others look away)"): "Gioca una carta Intrigo (guardi solo tu)",
        msg("{player} keeps an Intrigue card: everyone else looks away; {player}, touch Show my card", player="Cy"):
            "Cy tiene una carta Intrigo: il resto del tavolo non guarda; Cy, tocca Mostra la mia carta",
        msg("{player}: say your accusation out loud; then everyone else looks away from the screen. {player}, "
            "touch Only I am looking", player="Cy"):
            "Cy: di' la tua accusa ad alta voce; poi il resto del tavolo distoglie lo sguardo dallo schermo. Cy, "
            "tocca Guardo solo io",
        msg("Separate the Rumor cards into kids, items and locations; one player secretly puts one card of each "
            "pile into the envelope"):
            "Dividete le carte Indizio in Personaggi, Oggetti e Luoghi; qualcuno mette di nascosto nella Busta una "
            "carta di ogni mazzetto",
    }
    assert {str(m): render(m, "it") for m in said} == {str(m): italian for m, italian in said.items()}


def test_a_card_of_either_gender_goes_back_on_the_main_deck_in_good_italian():
    """newcomer20, finding 13: "Togliete il Tomo Antico dall'area di gioco e rimettetela in cima
    al mazzo principale": the pronoun agreed with "carta", not with a masculine card's name. The
    sentence says the card once, with its own article, and no pronoun to agree."""
    from companion.i18n import named

    line = "Take {card} back out of the play area and put it on top of the main deck."
    said = {gender: render(msg(line, card=named(msg(name), it=article)), "it")
            for gender, name, article in (("m", "Ancient Tome", "il"), ("f", "Wine Cellar", "la"))}
    assert said["m"] == "Riportate il Tomo Antico dall'area di gioco in cima al mazzo principale."
    assert said["f"].startswith("Riportate la ") and "rimettetel" not in said["f"]
    assert render(msg(line, card="Carta 7"), "it") == \
        "Riportate la carta Carta 7 dall'area di gioco in cima al mazzo principale."
