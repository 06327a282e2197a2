"""newcomer16 item 10: House of Spirits showed the companion's placeholder numbers as facts:
"Monster 8 (attack 4, defence 2, health 2) is in play.", while ``companion content
house_of_spirits`` lists that card as "Monster 8 (placeholder)" and the fight uses those
numbers. A monster whose numbers nobody entered now says that they are the companion's
placeholders, not the card's, and where the table's own are entered (Card data: they count
from the next game, docs/content.md); the voice says that they are placeholders (it read the
stand-in stats aloud), and the health (fix17, review17 item 9: the table keeps it on the scratch
paper, and a player who cannot read never heard it). A card whose numbers were entered keeps
its short line."""

from __future__ import annotations

from hos_checks import holding, in_room, play, with_monster
from test_house_of_spirits import COMPLETE, KRAIG, OLIVIA, RUDOLPH, in_round_one, new_game

from companion import protocol
from companion.engine import get_game, resolve_options
from companion.engine.codec import plain, tuples
from companion.i18n import render, todo_lines
from companion.voice.hearing import Hearing

SPEC = get_game("house_of_spirits")


def _monster_laid(content=None):
    """Round 1: the Library entered, Cy's 2 brings Monster 8 (no card data entered: the
    content file's placeholder numbers, attack 4, defence 2, health 2)."""
    if content is None:
        state = SPEC.setup(["Ada", "Bo", "Cy"], resolve_options(SPEC, {}))
        state = play(state, "start", f"draw:{KRAIG}", f"draw:{OLIVIA}", f"draw:{RUDOLPH}", "face:6", "face:1",
                     "face:2")
    else:
        state = new_game()
    state = play(state, "draw:flashlight", "draw:broken-mirror", "draw:item-05",
                 "pick:flashlight", "pick:broken-mirror", "pick:item-05", "draw:library", "face:4", "face:2")
    return play(state, "draw:monster-08")


def _laid_line(state):
    lines = [line for line in todo_lines(SPEC.news(state)) if "Monster 8" in str(line)]
    assert len(lines) == 1, [str(x) for x in SPEC.news(state)]
    return lines[0]


def test_a_monster_with_placeholder_numbers_says_they_are_not_the_cards():
    line = _laid_line(_monster_laid())
    assert render(line, "en") == (
        "Monster 8 is in play with placeholder numbers: attack 4, defence 2, health 2. Enter your card's numbers in "
        "Card data for the next game.")
    assert render(line, "it") == (
        "Il Mostro 8 è in gioco con numeri segnaposto: attacco 4, difesa 2, salute 2. Inserite quelli della vostra "
        "carta in Dati delle carte per la prossima partita.")
    # what the voice says instead: the health only (the table keeps it on the scratch paper; fix17)
    assert render(line.spoken, "en") == "Monster 8 is in play, with placeholder numbers: health 2."
    assert render(line.spoken, "it") == "Il Mostro 8 è in gioco, con numeri segnaposto: salute 2."
    # kept in a snapshot (a resumed game's voice says the same)
    assert tuples(plain(line)).spoken == line.spoken


def test_the_voice_says_the_short_words_and_the_screen_the_whole_line():
    state = _monster_laid()
    for lang, shown, said in (("en", "Monster 8 is in play with placeholder numbers:", "Monster 8 is in play, with "
                               "placeholder numbers: health 2."),
                              ("it", "Il Mostro 8 è in gioco con numeri segnaposto:", "Il Mostro 8 è in gioco, con "
                               "numeri segnaposto: salute 2.")):
        todo = protocol.todo_message(todo_lines(SPEC.news(state)), lang)
        laid = [t for t in todo if t["text"].startswith(shown)]
        assert len(laid) == 1 and laid[0]["spoken"] == said, todo
        news = [render(line, lang) for line in SPEC.news(state)]
        hearing = Hearing()
        hearing.heard({"type": "state", "revision": 1, "language": lang, "news": [], "todo": [],
                       "prompt": {"text": "before"}})
        heard = hearing.heard({"type": "state", "revision": 2, "language": lang, "news": news, "todo": todo,
                               "prompt": {"text": "after"}})
        texts = [u.text for u in heard]
        assert said in texts, texts
        assert not any(text.startswith(shown) for text in texts), texts  # the long line is not read
        assert not any("attack 4" in text or "attacco 4" in text for text in texts), texts


def test_a_monster_whose_numbers_were_entered_keeps_its_short_line():
    line = _laid_line(_monster_laid(content="complete"))
    assert render(line, "en") == "Monster 8 (attack 4, defence 2, health 2) is in play."
    assert line.spoken is None


# --------------------------------------------------------------------------- words18: every line that says them


def _placeholder_round_one():
    """Round 1 in the Vestibule, no card data entered (every character and monster on the content
    file's placeholders): Ada plays Kraig, Bo Olivia, Cy Rudolph; three main cards laid out."""
    state = SPEC.setup(["Ada", "Bo", "Cy"], resolve_options(SPEC, {}))
    state = play(state, "start", f"draw:{KRAIG}", f"draw:{OLIVIA}", f"draw:{RUDOLPH}", "face:6", "face:1", "face:2")
    return play(state, "draw:flashlight", "draw:broken-mirror", "draw:item-05")


def _both(state) -> list[tuple[str, str]]:
    return [(render(line, "en"), render(line, "it")) for line in SPEC.news(state)]


def test_a_character_with_placeholder_numbers_says_so():
    """words18 (closing note 17, "Left out"): "Bo plays Olivia (attack 2, …)." showed the
    companion's stand-ins as the card's numbers."""
    state = SPEC.setup(["Ada", "Bo", "Cy"], resolve_options(SPEC, {}))
    state = play(state, "start", f"draw:{KRAIG}", f"draw:{OLIVIA}")
    assert _both(state)[0] == (
        "Bo plays Olivia with placeholder numbers: attack 2, defence 3, investigation 2, health 4.",
        "Bo gioca con Olivia, che ha numeri segnaposto: attacco 2, difesa 3, indagine 2, salute 4.")


def test_a_character_whose_numbers_were_entered_keeps_its_line():
    state = SPEC.setup(["Ada", "Bo", "Cy"], resolve_options(SPEC, {}), content=COMPLETE)
    state = play(state, "start", f"draw:{KRAIG}")
    assert render(SPEC.news(state)[0], "en") == (
        "Ada plays Kraig Quartzheim (attack 2, defence 2, investigation 3, health 4).")


def test_the_fight_lines_say_their_placeholder_numbers_are_stand_ins():
    """The rulebook's "Combat Example" (Olivia, the wooden stake, the vampire) played on the
    companion's placeholders: each line whose figures come from a card nobody entered says so,
    in both languages (the lines the voice reads too: news is read as shown)."""
    state = with_monster(holding(_placeholder_round_one(), 1, "wooden-stake"), "vampire")
    state = play(state, "pick:flashlight", "attack:vampire", "use:wooden-stake", "face:3", "keep")
    assert _both(state)[-1] == ("Attack with placeholder numbers: 2 + 3 (items) + 3 (die) = 8.",
                                "Attacco con numeri segnaposto: 2 + 3 (oggetti) + 3 (dado) = 8.")
    state = play(state, "face:4")
    assert _both(state)[0] == ("Vampire defends with placeholder numbers: 2 + 4 (die) = 6.",
                               "Il Vampiro si difende con numeri segnaposto: 2 + 4 (dado) = 6.")
    state = play(state, "face:4")
    assert _both(state)[0] == (
        "Vampire attacks with placeholder numbers: 3 + 4 (die) = 7; Bo, roll for your defence.",
        "Il Vampiro attacca con numeri segnaposto: 3 + 4 (dado) = 7; Bo, tira per la tua difesa.")
    state = play(state, "face:4")
    assert _both(state)[0] == ("Bo defends with placeholder numbers: 3 + 0 (items) + 4 (die) = 7.",
                               "Bo si difende con numeri segnaposto: 3 + 0 (oggetti) + 4 (dado) = 7.")


def test_an_investigation_on_placeholder_numbers_says_so():
    state = holding(_placeholder_round_one(), 0, "plot-1")
    state = play(state, "investigate", "face:2")
    assert _both(state)[0] == ("Ada investigates with placeholder numbers: 3 + 0 (items) + 2 (die) = 5.",
                               "Ada indaga con numeri segnaposto: 3 + 0 (oggetti) + 2 (dado) = 5.")


def test_the_board_marks_a_monsters_placeholder_figures():
    """The board's monster card drew ⚔4 🛡2 as the card's own: the view says which monster's
    numbers are stand-ins, and the board marks each figure "4?"."""
    from companion.games.house_of_spirits.view import view
    from ui.boards.house_of_spirits import monster_pieces

    state = with_monster(_placeholder_round_one(), "monster-08")
    (monster,) = [card for card in view(state)["in_play"] if card["kind"] == "monster"]
    assert monster["stand_in_numbers"] is True
    assert monster_pieces(monster) == [("sword", "4?"), ("shield", "2?")]
    entered = with_monster(in_round_one(), "monster-08")
    (monster,) = [card for card in view(entered)["in_play"] if card["kind"] == "monster"]
    assert monster["stand_in_numbers"] is False
    assert monster_pieces(monster) == [("sword", "4"), ("shield", "2")]


def test_a_stand_in_room_is_said_as_a_name_without_the():
    """fresh17: "The party enters the Room 5" (a stand-in room reads as a proper name, "Room
    5", as "Monster 8" does); a printed room keeps its article ("the Library"), and "the Room 5
    card" keeps it too. Italian is unchanged ("nella Stanza 5")."""
    from companion.games.house_of_spirits import components as hc
    from companion.i18n import msg, nmsg

    room5, library = hc.card("room-05").said, hc.card("library").said
    enters = ("The party enters the {room}: {skulls} skull; a roll of {skulls} or less brings a monster.",
              "The party enters the {room}: {skulls} skulls; a roll of {skulls} or less brings a monster.")
    line = nmsg(*enters, "skulls", room=room5, skulls=1)
    assert render(line, "en") == "The party enters Room 5: 1 skull; a roll of 1 or less brings a monster."
    assert render(line, "it").startswith("Il gruppo entra nella Stanza 5")
    assert render(nmsg(*enters, "skulls", room=library, skulls=2), "en").startswith("The party enters the Library:")
    assert render(msg("The {room} has no chance of monster attacks: no monster is laid here.", room=room5),
                  "en") == "Room 5 has no chance of monster attacks: no monster is laid here."
    assert render(msg("Put the {room} card on {plot}.", room=room5, plot=hc.card("plot-1").said),
                  "en") == "Put the Room 5 card on Plot card 1."


# --------------------------------------------------------------------------- words19: what words18 left


PLACEHOLDERS_WHY = ("Some of these numbers are placeholders.", "Alcuni di questi numeri sono segnaposto.")


def _whys(state) -> list[tuple[str, str]]:
    from companion.engine.why import why_message

    news = SPEC.news(state)
    return [(en["text"] if en else "", it["text"] if it else "")
            for en, it in zip(why_message(news, "en"), why_message(news, "it"), strict=True)]


def test_the_plot_cards_placeholder_score_is_said_as_one():
    """words18's closing note: "The plot card shows 6, so 7 or more was needed" read as the
    printed card's number (the table turns over its own card, which shows its own score) while
    it is the content file's placeholder. Its line and its why say so; the undo keeps its
    exact reverse (issue 26)."""
    from companion.games.house_of_spirits.undo import UNDO_SENTENCES

    fails = play(holding(_placeholder_round_one(), 0, "plot-1"), "investigate", "face:2", "draw:plot-2")
    assert _both(fails)[0] == (
        "The plot card's placeholder score is 5, so 6 or more was needed: the investigation fails; the card goes to "
        "the bottom of the plot deck.",
        "Il punteggio segnaposto della carta trama è 5, quindi serviva 6 o più: l'indagine fallisce; la carta va in "
        "fondo al mazzo trama.")
    assert _whys(fails)[0] == (
        "5 is not more than the plot card's 5: the card goes to the bottom of the plot deck; the items played are "
        "discarded. " + PLACEHOLDERS_WHY[0],
        "5 non supera il punteggio della carta trama, 5: la carta va in fondo al mazzo trama; gli oggetti giocati si "
        "scartano. " + PLACEHOLDERS_WHY[1])
    takes = play(holding(_placeholder_round_one(), 0, "plot-1"), "investigate", "face:6", "draw:plot-3")
    assert _both(takes)[0] == (
        "The plot card's placeholder score is 4, so 5 or more was needed: Ada succeeds and takes Plot card 3.",
        "Il punteggio segnaposto della carta trama è 4, quindi serviva 5 o più: Ada ci riesce e prende la Carta "
        "trama 3.")
    for state in (fails, takes):
        assert SPEC.news(state)[0].text.msgid in UNDO_SENTENCES


def test_an_entered_plot_card_keeps_its_line():
    state = play(holding(in_round_one(), 0, "plot-1"), "investigate", "face:2", "draw:plot-2")
    assert _both(state)[0][0].startswith("The plot card shows 5, so 6 or more was needed")
    assert not _whys(state)[0][0].endswith(PLACEHOLDERS_WHY[0])


def test_the_fights_why_and_its_totals_say_their_placeholder_numbers():
    """The rulebook's Combat Example on placeholders: the explanations (Why?) built from the
    stand-ins say so, and so do the lines whose totals add one: the hit's health left, the
    monster's attack that misses."""
    state = with_monster(holding(_placeholder_round_one(), 1, "wooden-stake"), "vampire")
    state = play(state, "pick:flashlight", "attack:vampire", "use:wooden-stake", "face:3", "keep")
    assert _whys(state)[-1] == (
        "Attack score 2, plus 3 from the items used against this monster, plus the die 3: 8. It must be more than "
        "the monster's 2 plus its die. " + PLACEHOLDERS_WHY[0],
        "Attacco 2, più 3 dagli oggetti usati contro questo mostro, più il dado 3: 8. Deve superare la difesa 2 del "
        "mostro più il suo dado. " + PLACEHOLDERS_WHY[1])
    state = play(state, "face:4")
    assert _whys(state)[0][0] == ("The monster's defence 2 plus its die 4: 6; the attack, 8, must be more to wound "
                                  "it. " + PLACEHOLDERS_WHY[0])
    assert _both(state)[1] == ("A hit with placeholder numbers: Vampire has 1 health left.",
                               "Colpito, con numeri segnaposto: al Vampiro resta 1 di salute.")
    assert _whys(state)[1] == ("8 is more than 6: the monster loses one health point; 1 left. " + PLACEHOLDERS_WHY[0],
                               "8 supera 6: il mostro perde un punto salute; ne resta 1. " + PLACEHOLDERS_WHY[1])
    state = play(state, "face:4")
    assert _whys(state)[0][0].endswith(PLACEHOLDERS_WHY[0])
    state = play(state, "face:4")
    assert _whys(state)[0][0].endswith(PLACEHOLDERS_WHY[0])
    assert _both(state)[1] == ("The attack misses with placeholder numbers: 7 does not exceed 7.",
                               "L'attacco va a vuoto con numeri segnaposto: 7 non supera 7.")
    assert _whys(state)[1][1] == ("Per ferire il mostro deve superare la difesa: 7 contro 7 è un colpo a vuoto. "
                                  + PLACEHOLDERS_WHY[1])


def test_the_fight_on_entered_numbers_keeps_its_lines():
    state = with_monster(holding(in_round_one(), 1, "wooden-stake"), "vampire")
    state = play(state, "pick:flashlight", "attack:vampire", "use:wooden-stake", "face:3", "keep", "face:4")
    assert _both(state)[1][0] == "A hit: Vampire has 1 health left."
    assert not any(en.endswith(PLACEHOLDERS_WHY[0]) for en, _ in _whys(state))


def test_a_miss_a_critical_and_a_wound_on_placeholder_numbers_say_so():
    """The other derived totals: an attack that misses the monster's defence, the monster's
    critical hit, a character's health left after a wound (Cy plays Rudolph against Monster 8:
    attack 3 + 1 against 2 + 6)."""
    state = with_monster(_placeholder_round_one(), "monster-08")  # attack 4, defence 2, health 2
    state = play(state, "pick:flashlight", "pick:broken-mirror", "attack:monster-08", "face:1", "face:6")
    assert _both(state)[1] == ("A miss with placeholder numbers: 4 does not exceed 8.",
                               "Mancato, con numeri segnaposto: 4 non supera 8.")
    assert _both(play(state, "face:6"))[1] == (
        "Critical hit by Monster 8 with placeholder numbers: 10 is more than 6 + 2, so Cy cannot defend: no defence "
        "roll.",
        "Colpo critico del Mostro 8, con numeri segnaposto: 10 supera 6 + 2, quindi Cy non può difendersi: nessun "
        "tiro di difesa.")
    state = play(state, "face:1", "face:1")
    assert _both(state)[1] == ("Cy takes a wound with placeholder numbers: 3 of 4 health left.",
                               "Cy subisce una ferita, con numeri segnaposto: resta salute 3 su 4.")


def test_the_health_pips_mark_placeholder_health():
    """The board drew a monster's and a character's health pips from the placeholder health as
    if printed: the view says whose numbers are stand-ins (a player's too) and the pips carry
    a "?" beside them."""
    from companion.games.house_of_spirits.view import view
    from ui.boards.house_of_spirits import pips_mark, player_lines

    state = with_monster(_placeholder_round_one(), "monster-08")
    shown = view(state)
    (monster,) = [card for card in shown["in_play"] if card["kind"] == "monster"]
    assert pips_mark(monster) == "?"
    ada = shown["players"]["Ada"]
    assert ada["stand_in_numbers"] is True and pips_mark(ada) == "?"
    assert player_lines("Ada", ada, shown, lambda text, **kw: text.format(**kw))["health"] == "Health 4/4?"
    entered = view(with_monster(in_round_one(), "monster-08"))
    (monster,) = [card for card in entered["in_play"] if card["kind"] == "monster"]
    assert pips_mark(monster) == "" and pips_mark(entered["players"]["Ada"]) == ""
    assert entered["players"]["Ada"]["stand_in_numbers"] is False


def test_the_table_check_and_the_attack_choice_say_a_placeholder_health():
    """The table check read "Monster 8: health 2 of 2" and the action prompt "Attack Monster 8
    (2 health)", both from the content file's health: each says it is a placeholder; an
    entered monster keeps its words."""
    from companion.games.house_of_spirits.tablecheck import check

    state = with_monster(_placeholder_round_one(), "monster-08")
    (line,) = [x for x in check(state) if str(x.label) == "Monster 8"]
    assert (render(line.value, "en"), render(line.value, "it")) == ("placeholder health 2 of 2",
                                                                   "salute segnaposto 2 su 2")
    (choice,) = [c for c in SPEC.prompt(state).choices if c.key == "attack:monster-08"]
    assert (render(choice.label, "en"), render(choice.label, "it")) == (
        "Attack Monster 8 (placeholder health 2)", "Attacca il Mostro 8 (salute segnaposto 2)")
    entered = with_monster(in_round_one(), "monster-08")
    (line,) = [x for x in check(entered) if str(x.label) == "Monster 8"]
    assert render(line.value, "en") == "health 2 of 2"
    (choice,) = [c for c in SPEC.prompt(entered).choices if c.key == "attack:monster-08"]
    assert render(choice.label, "en") == "Attack Monster 8 (2 health)"


def test_a_plot_roll_on_placeholder_numbers_says_so():
    """The plot card's other number: the one a plot roll needs ("Playing Plot Cards": the
    Garage is 3 on Olivia's card, ±2, she rolls 4), on the content file's plot card: the
    roll's prompt, its line and its why say their numbers are placeholders."""
    state = in_room(holding(_placeholder_round_one(), 1, "plot-3"), "garage")
    state = play(state, "pick:flashlight", "play:plot-3")
    prompt = SPEC.prompt(state).text
    assert (render(prompt, "en"), render(prompt, "it")) == (
        "Bo: roll the die for Plot card 3: with placeholder numbers you need 3, and may add or take away up to 2",
        "Bo: tira il dado per la Carta trama 3: con numeri segnaposto serve 3, e puoi aggiungere o togliere fino a 2")
    state = play(state, "face:4")
    assert _both(state)[0] == (
        "Bo rolled 4 with placeholder numbers: 3 is in reach, adding or taking away up to 2.",
        "Bo ha fatto 4, con numeri segnaposto: si arriva a 3 aggiungendo o togliendo fino a 2.")
    assert _whys(state)[0][0].endswith("4 is 1 away: the card is played. " + PLACEHOLDERS_WHY[0])
    entered = play(in_room(holding(in_round_one(), 1, "plot-3"), "garage"), "pick:flashlight", "play:plot-3")
    assert render(SPEC.prompt(entered).text, "en") == (
        "Bo: roll the die for Plot card 3: you need 3, and may add or take away up to 2")
    assert _both(play(entered, "face:4"))[0][0] == "Bo rolled 4: 3 is in reach, adding or taking away up to 2."


def test_a_plot_roll_with_no_modifier_on_a_placeholder_plot_card_says_so():
    """The Garage entered with no modifier, the content file's Plot card 3 listing it as 3: the
    roll must be exactly 3, a placeholder number."""
    from test_house_of_spirits_content import C
    from test_house_of_spirits_content import in_round_one as with_content

    state = with_content({C("garage"): {"modifier": 0}}, main=("item-05", "item-06", "item-07"), complete=False)
    state = play(in_room(holding(state, 0, "plot-3"), "garage"), "play:plot-3")
    prompt = SPEC.prompt(state).text
    assert (render(prompt, "en"), render(prompt, "it")) == (
        "Ada: roll the die for Plot card 3: with placeholder numbers you need exactly 3",
        "Ada: tira il dado per la Carta trama 3: con numeri segnaposto serve proprio 3")
    assert _both(play(state, "face:3"))[0] == (
        "Ada rolled 3 with placeholder numbers: exactly the number needed.",
        "Ada ha fatto 3, con numeri segnaposto: proprio il numero che serviva.")
    assert _both(play(state, "face:4"))[0] == (
        "Ada rolled 4 with placeholder numbers: the card needs exactly 3.",
        "Ada ha fatto 4, con numeri segnaposto: la carta chiede proprio 3.")
