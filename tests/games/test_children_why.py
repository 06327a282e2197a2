"""Issue 33 item 1: Children's hand limit and cut-downs explain themselves ("Enraged Ghosts":
5 minus the enraged ghosts in the mansion), with the rulebook's numbers and the counts
behind them. The explanations name no card, only counts."""

from __future__ import annotations

from children_checks import SPEC
from test_children_rulebook import mansion

from companion.engine.why import why_message
from companion.games.children.state import Ghost


def _why(state, english: str, lang: str = "en") -> dict:
    lines = [line for line in SPEC.news(state) if str(line) == english]
    assert lines, (english, [str(x) for x in SPEC.news(state)])
    return why_message(lines, lang)[0]


def test_the_teddy_bear_sidebar_enrages_penny_and_the_others_cut_down():
    """Sidebar p.12: trapping Rosie reveals Penny, enraged: the hand limit drops from 5 to 4
    and Bo and Cy cut down at once."""
    state = mansion(where=("master-bedroom", "kitchen", "wine-cellar"),
                    ghosts=[Ghost("rosie", "wash-room"), Ghost("penny", "spire")])
    for key in ("move:wash-room", "draw:feather", "catch:rosie"):
        state = SPEC.apply(state, key)
    expected = {"rule": "Enraged Ghosts", "from": [1, 4],
                "text": "1 enraged ghost is in the mansion: the hand limit is 5 minus 1, so 4."}
    assert _why(state, "Bo and Cy: cut down to the hand limit of 4 now.") == expected
    assert _why(state, "The hand limit is now 4.") == expected
    assert _why(state, "The hand limit is now 4.", "it") == {
        "rule": "Fantasmi infuriati", "from": [1, 4],
        "text": "Nella villa c'è 1 fantasma infuriato: il limite di mano è 5 meno 1, quindi 4."}


def test_calming_one_of_two_enraged_ghosts_raises_the_limit_from_3_to_4():
    """Hatpin ("calm any ghost within 2 rooms"): two enraged ghosts made the limit 3; one
    calmed leaves one, so 4."""
    state = mansion(where=("master-bedroom", "kitchen", "wine-cellar"),
                    ghosts=[Ghost("penny", "billiards-room", True), Ghost("rosie", "kitchen", True)],
                    hands=(3, 3, 3))
    state = SPEC.apply(SPEC.apply(state, "use:hatpin"), "calm:penny")
    assert _why(state, "The hand limit is now 4.")["from"] == [1, 4]


def test_a_correction_that_enrages_a_second_ghost_gives_a_limit_of_3():
    """Two enraged ghosts in the mansion: 5 - 2 = 3 (the table check's correction)."""
    from test_children_tablecheck import table

    state = SPEC.apply(table(), "fix:enraged:rosie:1")
    assert _why(state, "The hand limit is now 3.") == {
        "rule": "Enraged Ghosts", "from": [2, 3],
        "text": "2 enraged ghosts are in the mansion: the hand limit is 5 minus 2, so 3."}
    assert _why(state, "The hand limit is now 3.", "it")["text"] == (
        "Nella villa ci sono 2 fantasmi infuriati: il limite di mano è 5 meno 2, quindi 3.")


# --------------------------------------------------------------------------- the rest of the game (issue 33, whyB)


def test_the_sidebar_trap_and_the_stack_it_flips_explain_themselves():
    """Sidebar p.12: the Teddy Bear is Rosie's beloved toy, so she is trapped with no action;
    the Teddy Bear's stack reveals Penny, who is enraged."""
    state = mansion(where=("master-bedroom", "kitchen", "wine-cellar"),
                    ghosts=[Ghost("rosie", "wash-room"), Ghost("penny", "spire")])
    for key in ("move:wash-room", "draw:feather", "catch:rosie"):
        state = SPEC.apply(state, key)
    trapped = "Ada traps Rosie with the Teddy Bear: both cards go to their scoring pile."
    assert _why(state, trapped) == {
        "rule": "Trapping Ghosts", "from": ["Rosie", "Teddy Bear"],
        "text": "The Teddy Bear is Rosie's beloved toy: in the same room, the ghost is trapped at once, with no "
                "action."}
    revealed = "The Teddy Bear stack reveals Penny: Penny is enraged in the Spire; turn the card blue side up."
    assert _why(state, revealed) == {
        "rule": "Enraged Ghosts", "from": ["Teddy Bear", "Penny"],
        "text": "Trapping with the Teddy Bear flips its stack and enrages the ghost under it: Penny."}
    assert _why(state, revealed, "it")["text"] == ("Intrappolare con l'Orsacchiotto fa girare la sua pila e infuria il "
                                                   "fantasma che c'è sotto: Penny.")


def test_penny_drifts_along_the_spectral_flow():
    """"4. Move 1 Ghost": Penny, in the Billiards Room, follows the arrows into the Kitchen."""
    from companion.games.children.state import Step

    state = mansion(where=("spire", "dormitory", "wine-cellar"), ghosts=[Ghost("penny", "billiards-room")],
                    step=Step.GHOST, actions=0)
    state = SPEC.apply(state, "haunt:penny:kitchen")
    assert _why(state, "Penny drifts to the Kitchen.") == {
        "rule": "4. Move 1 Ghost", "from": ["Penny", "Kitchen"],
        "text": "Each turn one ghost moves one room along the spectral flow arrows."}
    assert _why(state, "Penny drifts to the Kitchen.", "it") == {
        "rule": "4. Muovete 1 fantasma", "from": ["Penny", "Cucina"],
        "text": "A ogni turno un fantasma si sposta di una stanza seguendo le frecce del flusso spettrale."}


def test_the_hatpin_reaches_a_diagonal_ghost_two_rooms_away():
    """"Two rooms in diagonal proximity … are 2 rooms away": the Hatpin (within 2 rooms)
    calms Penny, diagonal to the Master Bedroom."""
    state = mansion(where=("master-bedroom", "kitchen", "wine-cellar"),
                    ghosts=[Ghost("penny", "billiards-room", True), Ghost("rosie", "kitchen", True)],
                    hands=(3, 3, 3))
    state = SPEC.apply(SPEC.apply(state, "use:hatpin"), "calm:penny")
    assert _why(state, "Penny is calm again: turn the card sepia side up.") == {
        "rule": "Use a device", "from": ["Penny", 2],
        "text": "The device just used calms an enraged ghost up to 2 rooms away: Penny, 2 away."}


def test_running_leaves_two_cards_and_flees_next_door():
    """"Running from Ghosts": without Rosie's toy, 2 cards stay in the Wash Room and Ada
    runs to the Billiards Room, drawing nothing."""
    state = mansion(where=("master-bedroom", "kitchen", "wine-cellar"), ghosts=[Ghost("rosie", "wash-room")])
    state = SPEC.apply(SPEC.apply(SPEC.apply(state, "move:wash-room"), "draw:feather"), "run")
    ran = "Ada runs in terror, leaving 2 cards under the Wash Room (a toy among them if they have one)."
    assert _why(state, ran) == {
        "rule": "Running from Ghosts", "from": [2],
        "text": "A ghost not trapped makes you run: 2 cards stay behind, a toy among them if you have one, and nothing "
                "replaces them."}
    state = SPEC.apply(state, "flee:billiards-room")
    assert _why(state, "Ada flees to the Billiards Room.", "it")["rule"] == "Scappare dai fantasmi"


def test_a_skull_token_is_one_of_six_for_three_players():
    """"Take a Skull Token": 2 per player in the pile (6 for 3 players); Ada takes one: she
    holds 1 (3 at most), 5 are left."""
    state = SPEC.apply(mansion(where=("wash-room", "kitchen", "wine-cellar")), "skull")
    assert _why(state, "Ada takes a skull token from the pile.") == {
        "rule": "Take a Skull Token", "from": [1, 5],
        "text": "An action was traded for a skull token: 1 held now (3 at most), 5 left in the pile."}
    assert _why(state, "Ada takes a skull token from the pile.", "it")["text"] == (
        "Un'azione scambiata con un segnalino teschio: ora ne avete 1 (al massimo 3), nella riserva ne restano 5.")


def test_the_last_card_counts_the_turns_left():
    """"Winning the Game": after the last card each player has one more turn: 3 more turns
    for 3 players with the drawer too (all_one_more), 2 without (finish_round)."""
    from test_children_rulebook import RULEBOOK_ROOMS, SIDEBAR_PAIRING, arrange, started

    from companion.engine.frozen import replace

    for rule, turns in (("all_one_more", 3), ("finish_round", 2)):
        state = started(pairing=SIDEBAR_PAIRING, final_round=rule)
        others = [g for g in state.content.ghosts if g != "rosie"]
        state = arrange(state, RULEBOOK_ROOMS, where=("wash-room", "kitchen", "wine-cellar"),
                        ghosts=[Ghost(g, "parlor") for g in others])
        fates = tuple(sorted(f for f, c in state.content.cards.items() if c.kind == "fate" for _ in range(c.copies)))
        state = replace(state, discard=fates, left=(("spire", state.deck - 1 - len(fates)),), deck=1)
        state = SPEC.apply(SPEC.apply(state, "move:master-bedroom"), "draw:rosie")
        line = next(str(x) for x in SPEC.news(state) if str(x).startswith("That was the last Children card"))
        assert _why(state, line) == {
            "rule": "Object of the Game", "from": [turns],
            "text": f"The draw pile is empty: after this turn {turns} more turns are played, then the most ghosts "
                    "trapped wins."}
        assert _why(state, "Ada draws the ghost Rosie.")["rule"] == "Draw a card from the Children Card draw pile"
        state = SPEC.apply(state, "haunt-room:dormitory")
        assert _why(state, "Rosie haunts the Dormitory.")["from"] == ["Rosie", "Dormitory"]


def test_the_fifth_enraged_ghost_drives_everyone_insane():
    """"If 5 ghosts are enraged and present in the mansion, the hand limit becomes 0": Penny,
    whose stack is flipped, comes in enraged as the fifth."""
    from test_children_rulebook import RULEBOOK_ROOMS, SIDEBAR_PAIRING, arrange, started

    from companion.engine.frozen import replace

    ghosts = [Ghost(g, "spire", True) for g in ["rosie", "the-twins", "ghost-04", "ghost-05"]]
    state = replace(started(pairing=SIDEBAR_PAIRING), flipped=(("teddy-bear", "penny"),))
    state = arrange(state, RULEBOOK_ROOMS, where=("wash-room", "kitchen", "wine-cellar"), ghosts=ghosts,
                    hands=(1, 1, 1))
    for key in ("move:master-bedroom", "draw:penny", "haunt-room:dormitory"):
        state = SPEC.apply(state, key)
    assert _why(state, "Penny haunts the Dormitory, enraged: put the card blue side up.") == {
        "rule": "Enraged Ghosts", "from": ["Penny", "Dormitory"],
        "text": "Penny's toy stack was flipped earlier, so the card comes in enraged and the hand limit drops by one."}
    assert _why(state, "Every player goes insane: the ghostly children win.") == {
        "rule": "Enraged Ghosts", "from": [5, 0],
        "text": "5 enraged ghosts are in the mansion: the hand limit is 0, and every player goes insane."}


# --------------------------------------------------------------------------- found by the trial helper


def test_cards_picked_up_mid_turn_are_not_explained_as_the_start_of_a_turn():
    """FAQ "Does it cost an action to pick up cards or leave cards in a room?": "you may pick
    up and leave cards at will … while you are in a room". Ada leaves a card, then picks it up
    again in the same turn: the why must not say she started her turn there."""
    state = SPEC.apply(mansion(where=("wash-room", "kitchen", "wine-cellar")), "leave")
    state = SPEC.apply(state, "pickup")
    why = _why(state, "Ada picks up 1 card left under the Wash Room.")
    assert why == {"rule": "Look at cards that have been left in the room you have entered", "from": [1],
                   "text": "While you are in a room you may pick up the cards left there at will, with no action; "
                           "a trap among them springs."}
    assert _why(state, "Ada picks up 1 card left under the Wash Room.", "it")["text"] == (
        "Finché siete in una stanza potete raccogliere quando volete le carte lasciate lì, senza spendere azioni; "
        "se tra queste c'è una trappola, scatta.")


def test_a_ghost_one_room_away_is_one_room_not_one_rooms():
    """The Snow Globe and the Crickets name the distance: "1 room away", "a 1 stanza"."""
    from companion.games.children import why
    from companion.i18n import msg

    line = msg("Penny is drawn to the Wash Room.")
    drawn = why_message([why.drawn_to(line, "Penny", 1, "snow"), why.crickets(line, "Penny", 1)], "en")
    assert [w["text"] for w in drawn] == [
        "The nearest ghost comes to your room: Penny, 1 room away, counted straight, never diagonally.",
        "The trap that sprang enrages the nearest calm ghost: Penny, 1 room away."]
    assert why_message([why.drawn_to(line, "Penny", 1, "snow")], "it")[0]["text"] == (
        "Il fantasma più vicino viene nella vostra stanza: Penny, a 1 stanza, contata in linea retta, "
        "mai in diagonale.")
    assert why_message([why.crickets(line, "Penny", 2)], "en")[0]["text"] == (
        "The trap that sprang enrages the nearest calm ghost: Penny, 2 rooms away.")
