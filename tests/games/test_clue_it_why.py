"""Issue 33 item 1: CLUE: IT's news lines explain themselves (``why``), with the rulebook's
numbers (shared/rulebooks/clue-kids-of-derry.txt: "move up to the sum of the two dice", a
Question Mark draws an Intrigue card and you "move up to the amount shown on the other die",
"The first to try is the player to your immediate left", "If no one can answer your
Question, your turn is over", a wrong accuser is out without saying which card) and the
house rules of notes.md 3.C. Each why's rule (the rule card's section), text and inputs,
in English and Italian. No why names a card of the envelope, a kept Intrigue card or an
accusation's picks; random playouts: every board-changing line carries a why."""

from __future__ import annotations

import json
import random
from collections import Counter
from dataclasses import replace

from test_clue_it import apply, ask, new, run, started, to_centre
from test_playout import pick_action, random_setup

from companion.engine.why import why_message, why_of
from companion.games.clue_it import SPEC
from companion.games.clue_it import components as ci
from companion.i18n import render


def _why(state, english: str, lang: str = "en") -> dict:
    lines = [line for line in SPEC.news(state) if str(line) == english]
    assert lines, (english, [str(x) for x in SPEC.news(state)])
    return why_message(lines, lang)[0]


def test_the_dice_sum_and_a_question_mark():
    """"Roll the dice and move up to the sum": 4 and 5 move 9. A "?" and a 3: draw an
    Intrigue card, then move up to 3."""
    state = run(started(), "roll", "die:4", "die:5")
    assert _why(state, "Ada rolled 4 and 5.") == {
        "rule": "Roll the Dice", "from": ["4", "5", 9], "text": "Move up to the sum of the dice: 4 + 5 = 9."}
    assert _why(state, "Ada rolled 4 and 5.", "it") == {
        "rule": "Tirare i dadi", "from": ["4", "5", 9], "text": "Muovete fino alla somma dei dadi: 4 + 5 = 9."}
    state = run(started(), "roll", "die:?", "die:3")
    assert _why(state, "Ada rolled ? and 3.") == {
        "rule": "Roll the Dice", "from": ["?", "3", 3],
        "text": "A \"?\" draws an Intrigue card at once; then move up to the other die, 3."}
    kept = apply(state, "intrigue:keeper-4")
    assert _why(kept, "Ada keeps an Intrigue card.") == {
        "rule": "Intrigue Cards", "from": [],
        "text": "A card that is not \"Play Immediately\" is kept, unseen by the others, to play on a later turn."}
    state = run(started(intrigue_deck="off"), "roll", "die:?", "die:3")
    assert _why(state, "Ada rolled ? and 3.")["text"] == "Without Intrigue cards a \"?\" counts as 1: move up to 4."


def test_the_answer_order_walks_left_from_the_asker():
    """Seats Ada, Bo, Cy, Di clockwise; Cy asks in the Derry Back Alley: Di (on Cy's left)
    answers first, cannot; Ada tries next and shows a card, to Cy alone."""
    state = ask(started(first=2), "derry-back-alley")
    question = "Cy asks: Kid 5, Item 3, Derry Back Alley. Move that Kid mover and Item token there."
    assert _why(state, question)["from"] == ["Kid 5", "Item 3", "Derry Back Alley"]
    assert _why(state, "Di answers first.") == {
        "rule": "Answering a Question", "from": ["Cy"], "text": "The player on the left of Cy answers first."}
    assert _why(state, "Di answers first.", "it") == {
        "rule": "Rispondere a una domanda", "from": ["Cy"],
        "text": "Risponde per primo il giocatore alla sinistra di Cy."}
    state = apply(state, "none")
    assert _why(state, "Ada answers next.") == {
        "rule": "Answering a Question", "from": ["Di"],
        "text": "Di could not answer, so the next player to the left tries."}
    state = apply(state, "showed")
    assert _why(state, "Ada showed Cy a card.")["text"] == (
        "Holding a named card, the player shows one to the asker alone; the companion never learns which. Nobody "
        "else answers.")


def test_nobody_can_answer_and_the_next_turn():
    """"If no one can answer your Question, your turn is over … The player on your left goes
    next": the 3 others pass, then it is Di's turn (on Cy's left)."""
    state = run(ask(started(first=2), "the-synagogue"), "none", "none", "none")
    assert _why(state, "Nobody can answer: the turn is over.") == {
        "rule": "Answering a Question", "from": [3],
        "text": "All 3 players who could answer hold none of the named cards: the turn ends, and the kid and item "
                "stay where they are."}
    assert _why(state, "Di's turn.", "it") == {
        "rule": "Tirare i dadi", "from": ["Cy"], "text": "Si gioca in senso orario: questo giocatore siede alla "
                                                          "sinistra di Cy."}


def test_the_rolloff_tie_rolls_again():
    """"Everyone rolls a die. Highest roller goes first": Ada and Bo tie on 5 and roll again;
    Bo's 6 beats Ada's 3."""
    state = run(new(("Ada", "Bo", "Cy")), "kid:mike-hanlon", "kid:bill-denbrough", "kid:kid-3", "sealed", "dealt")
    state = run(state, "rolloff", "rolloff-die:5", "rolloff-die:5", "rolloff-die:2")
    assert _why(state, "Ada and Bo tie: they roll again.") == {
        "rule": "Distribute Cards", "from": [5], "text": "More than one player rolled the highest, 5: only they roll "
                                                         "again."}
    state = run(state, "rolloff-die:3", "rolloff-die:6")
    assert _why(state, "Bo goes first; play continues clockwise.")["from"] == [6]


def test_accusations_explain_without_naming_a_card():
    """"Oops! You've made a mistake and are out of the game … don't tell the other players
    which one you got wrong." The envelope is Kid 3, Jack-in-the-Box, Derry Public Library."""
    envelope = {"Kid 3", "Jack-in-the-Box", "Derry Public Library", "The Synagogue"}
    state = to_centre(started(picks=(3, 1, 4), envelope="companion"))
    state = run(state, "private-ready", "pick:kid-3", "pick:jack-in-the-box", "pick:the-synagogue", "accuse-check")
    wrong = "Ada's accusation is wrong: Ada is out of the game."
    assert _why(state, wrong) == {
        "rule": "Make an Accusation", "from": [],
        "text": "At least one card of the accusation is not in the envelope; which one stays secret. A wrong accuser "
                "is out of the game."}
    assert _why(state, "Bo's turn.")["from"] == ["Ada"]
    for lang in ("en", "it"):
        said = json.dumps(why_message(SPEC.news(state), lang), ensure_ascii=False)
        assert not any(name in said for name in envelope)
    state = to_centre(started(picks=(3, 1, 4), envelope="companion"))
    state = run(state, "private-ready", "pick:kid-3", "pick:jack-in-the-box", "pick:derry-public-library",
                "accuse-check")
    assert _why(state, "Ada is right and solves the mystery!", "it") == {
        "rule": "Fare un'accusa", "from": [],
        "text": "Tutte e tre le carte dell'accusa sono quelle della busta: chi accusa risolve il mistero e vince."}


def test_the_eighth_red_balloon():
    """notes 3.C I-A5 ``balloon_rule = end_game``: balloons 1 to 7 are counted, the 8th ends it."""
    state = started(("Ada", "Bo", "Cy"), balloon_rule="end_game")
    for _ in range(7):
        state = run(state, "roll", "die:?", "die:2", "intrigue:red-balloon", "stop:corridor", "end-turn")
    state = run(state, "roll", "die:?", "die:2", "intrigue:red-balloon")
    assert _why(state, "Bo drew a Red Balloon (8 of 8).")["from"] == [8, 8]
    assert _why(state, "The 8th Red Balloon ends the game for everyone.", "it") == {
        "rule": "Carte Intrigo", "from": [8],
        "text": "È il Palloncino Rosso numero 8, l'ultimo che le vostre regole della casa permettono."}
    assert _why(state, "The mystery remains unsolved.", "it")["text"] == (
        "Con le vostre regole della casa l'ultimo Palloncino Rosso chiude la partita per tutti: il mistero resta "
        "irrisolto.")


def test_rare_whys_in_italian():
    """The Intrigue deck runs out (its discards are shuffled into a new deck) or is gone
    altogether (every card held): tests/games/test_clue_it_i18n.py lists these as rare."""
    state = started()
    state = replace(state, intrigue_deck=(), intrigue_discard=("immediate-1", "keeper-2"))
    state = run(state, "roll", "die:?", "die:3")
    assert _why(state, "Shuffle the Intrigue discards into a new deck.", "it") == {
        "rule": "Carte Intrigo", "from": [2], "text": "Il mazzo Intrigo è finito: i suoi 2 scarti diventano un nuovo "
                                                      "mazzo."}
    state = replace(started(), intrigue_deck=(), intrigue_discard=())
    state = run(state, "roll", "die:?", "die:3")
    assert _why(state, "The Intrigue deck is empty: no card to draw.", "it")["text"] == (
        "Ogni carta Intrigo è in mano a qualcuno o in gioco, quindi non se ne può pescare nessuna.")


#: News lines that carry no ``why`` on purpose: a choice said back (the kid a player takes),
#: and the two mis-taps, which explain themselves.
NEEDS_NONE = {
    "{player} plays {kid}.",
    "That card was tapped already: tap the next card of the pile.",
    "{player} keeps that Intrigue card already: draw the top card of the Intrigue deck.",
}


def test_news_carry_a_why_in_random_playouts():
    """40 random games with random house rules: every board-changing (``todo``) news line
    carries a why (>= 99 %; none is excepted), every other line too unless listed in
    ``NEEDS_NONE``; every why has Italian; no why names a card of the envelope or a kept
    Intrigue card unless its own line names it (a question said aloud)."""
    missing, counts = Counter(), Counter()
    for seed in range(40):
        rng = random.Random(f"why:{seed}")
        players, options = random_setup(SPEC, rng)
        state = SPEC.setup(players, options)
        for _ in range(250):
            prompt = SPEC.prompt(state)
            if prompt.over:
                break
            state = SPEC.apply(state, pick_action(SPEC, state, prompt, rng, 4.0))
            hidden = {str(state.name(c)) for c in state.envelope if c != ci.UNREAD}
            hidden |= {str(state.name(c)) for held in state.held for c in held}
            for line in SPEC.news(state):
                why = why_of(line)
                board = "todo" if getattr(line, "todo", None) else "other"
                counts[board, why is not None] += 1
                if why is None:
                    missing[board, line.msgid] += 1
                    continue
                assert render(why.text, "it") != str(why.text), why.text.msgid
                said = str(why.text) + " ".join(str(x) for x in why.inputs)
                assert not {name for name in hidden if name in said and name not in str(line)}, line
    assert counts["todo", True] > 500
    assert counts["todo", True] / (counts["todo", True] + counts["todo", False]) >= 0.99, missing
    assert {msgid for _, msgid in missing} <= NEEDS_NONE, missing


def test_one_player_who_could_not_answer_is_not_all_1_players():
    """Found by the trial helper: in a 2-player game (or with the others out) one player was
    asked: "All 1 players who could answer…"."""
    from companion.games.clue_it import why
    from companion.i18n import msg

    line = msg("Nobody could answer.")
    one, two = why_message([why.nobody(line, 1), why.nobody(line, 2)], "en")
    assert one["text"] == ("Only 1 player could answer, and holds none of the named cards: the turn ends, and the "
                           "kid and item stay where they are.")
    assert two["text"].startswith("All 2 players who could answer hold none")
    assert why_message([why.nobody(line, 1)], "it")[0]["text"] == (
        "Poteva rispondere solo 1 giocatore, e non ha nessuna delle carte nominate: il turno finisce, e il "
        "personaggio e l'oggetto restano dove sono.")


def test_several_players_out_are_skipped_in_the_plural():
    """Found by the trial helper: "Bo, Cy is out of the game and is skipped"."""
    from companion.games.clue_it import why
    from companion.i18n import msg

    line = msg("Di's turn.")
    en = why_message([why.next_turn(line, "Ada", ("Bo",)), why.next_turn(line, "Ada", ("Bo", "Cy"))], "en")
    assert [w["text"] for w in en] == [
        "Play goes to the left of Ada; Bo is out of the game and is skipped.",
        "Play goes to the left of Ada; Bo, Cy are out of the game and are skipped."]
    assert en[1]["from"] == ["Ada", "Bo", "Cy"]
    assert why_message([why.next_turn(line, "Ada", ("Bo", "Cy"))], "it")[0]["text"] == (
        "Si prosegue alla sinistra di Ada; Bo, Cy sono fuori dalla partita e si saltano.")
