"""voice15: Italian lines the voice said that a player would trip over, heard over a whole
scripted game of each of the five games (benchmarks/voice_listen.py; notes/voice15.md). The
voice says the rendered sentence the screen shows, so each is fixed in the catalogue and
checked here as rendered."""

from __future__ import annotations

from companion.i18n import msg, named, render


def _it(msgid: str, **params) -> str:
    return render(msg(msgid, **params), "it")


def test_what_is_said_to_the_whole_table_says_voi():
    """ "No game yet: start a new one." was "iniziane" (tu) to the table; a news line of the
    fight die ("Nothing beaten this time.") said "non sconfiggi" (you, to nobody); the Rogue
    Ghost card told the table "pesca"."""
    assert _it("No game yet: start a new one.") == "Nessuna partita in corso: iniziatene una nuova."
    assert _it("Nothing beaten this time.") == "Questa volta non viene sconfitto nulla."
    assert _it("The Rogue Ghost card is played as the Ghost King card: draw a Ghost King card.") == (
        "La carta Fantasma Ribelle si gioca come la carta Re dei Fantasmi: pescate una carta Re dei Fantasmi.")


def test_a_step_to_one_named_player_says_tu():
    """Children's hand cut said "Bo: riducete …" (voi) to one player: the sentence now fits one
    player or several."""
    assert _it("{players}: cut down to the hand limit of {limit} now.", players="Bo", limit=4) == (
        "Bo: ora la mano va ridotta al limite di 4.")


def test_the_words_say_what_the_rules_mean():
    """House of Spirits' strike back: the die after it is the monster's attack, rolled once the
    defender has chosen items (newcomer 16: "tira per la difesa" gave the defender's die to the
    monster; the English "roll for it" said neither); Kitty Kitty's "o lascialo" named no masculine thing
    (the figurine, "la pedina", stays where it is); "insegue Ada fino nella Tessera" is no Italian."""
    monster = named(msg("Monster {n}", n=6), it="il")
    assert _it("{monster} strikes back: {player}, choose defensive items first, then roll the die for its attack.",
               monster=monster, player="Cy") == (
        "Il Mostro 6 contrattacca: Cy, scegli prima gli oggetti di difesa; poi tirate il dado per il suo attacco.")
    assert _it("{owner}: Kitty Kitty has {player}; move their figurine to any room, or leave them",
               owner="Ada", player="Bo") == (
        "Ada: Kitty Kitty ha preso Bo; sposta la sua pedina in una stanza qualsiasi, o lasciala dov'è")
    assert _it("Kitty Kitty chases {player} to the {room}.", player="Ada",
               room=named(msg("Dormitory"), it="il")) == "Kitty Kitty insegue Ada fino al Dormitorio."
    assert _it("Kitty Kitty chases {player} to the {room}.", player="Ada", room="Cucina Grande") == (
        "Kitty Kitty insegue Ada fino alla stanza Cucina Grande.")
