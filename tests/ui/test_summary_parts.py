"""Issue 17 items 1, 3, 4, 5, 8: the table screen's parts that need no window."""

from __future__ import annotations

import pytest

from ui import layout
from ui.i18n import translate
from ui.summary import fitting, headline, summarise
from ui.text import short_names
from ui.widgets.choices import pages_of


def _italian(text, **params):
    return translate(text, "it", **params)


def test_the_summary_of_a_win_a_loss_and_the_clue_solution():
    """The panel shows the game's ending as the daemon sends it (``prompt.ending``); it reads
    no outcome words ("unsolved") nor view keys ("score", "trapped", "solution")."""
    won = summarise("The game is over: Bo won.", ["Ada did not meet the secret victory condition.",
                                                  "Bo wins with 17 points."], summary="Bo won.",
                    ending={"result": "won", "winners": ["Bo"], "scores_heading": "Points",
                            "scores": [["Bo", 17], ["Ada", 12], ["Cy", 4]], "solution": []})
    assert (won.headline, won.result, won.winners) == ("Bo won.", "won", ["Bo"])
    assert won.reason == ["Bo wins with 17 points."]
    assert (won.scores_heading, won.scores) == ("Points", [("Bo", 17), ("Ada", 12), ("Cy", 4)])
    lost = summarise("The game is over: the ghostly children won.",
                     ["Every player goes insane: the ghostly children win."], summary="The ghostly children won.",
                     ending={"result": "lost", "winners": [], "scores_heading": "Ghosts trapped",
                             "scores": [["Ada", 1]], "solution": []})
    assert lost.result == "lost" and lost.scores == [("Ada", 1)] and lost.scores_heading == "Ghosts trapped"
    solution = ["Kid 5", "Jack-in-the-Box", "The Synagogue"]
    clue = summarise("The game is over: Bo solved the mystery!",
                     ["Bo is right and solves the mystery!",
                      "The envelope holds: Kid 5, Jack-in-the-Box, The Synagogue."], summary="Bo solved the mystery!",
                     ending={"result": "won", "winners": ["Bo"], "scores_heading": "", "scores": [],
                             "solution": solution})
    assert (clue.result, clue.winners, clue.reason) == ("won", ["Bo"], ["Bo is right and solves the mystery!"])
    assert clue.solution == ["Kid 5", "Jack-in-the-Box", "The Synagogue"] and clue.scores == []
    unsolved = summarise("The game is over: the mystery remains unsolved.", [],
                         ending={"result": "lost", "winners": [], "scores_heading": "", "scores": [], "solution": []})
    assert unsolved.result == "lost"
    plain = summarise("Lantern Hunt is over.", [])  # a game that says nothing of its ending: plain, no scores
    assert (plain.result, plain.winners, plain.scores) == ("", [], [])


def test_the_headline_is_the_games_summary_never_cut_from_the_prompt():
    assert headline("The game is over: the hunters won!", "The hunters won!") == "The hunters won!"
    assert headline("La partita è finita. Vittoria: ada.", "ada ha risolto il mistero!") == "Ada ha risolto il mistero!"
    over = "La partita è finita: i cacciatori hanno vinto!"
    assert headline(over) == over  # a game without a summary: the prompt as it is, nothing cut


def test_only_the_marked_choice_is_main_and_a_pick_list_has_none():
    rooms = [{"key": "move:A", "label": "Billiards Room"}, {"key": "move:B", "label": "Dormitory"}]
    assert layout.main_choice(rooms) is None  # the first of a pick list is not the big button
    marked = rooms + [{"key": "roll", "label": "Roll", "main": True}]
    assert layout.main_choice(marked)["key"] == "roll"
    assert layout.order_choices(marked)[0]["key"] == "roll"
    assert layout.main_choice(rooms + [{"key": "end-turn", "label": "End turn"}])["key"] == "end-turn"  # fallback
    assert layout.main_choice(rooms[:1])["key"] == "move:A"  # the only thing to do


def test_a_long_pick_list_pages_and_every_entry_is_reachable():
    moves = [f"m{i}" for i in range(19)]  # Creepy Cellar's 19-choice move grid
    assert pages_of(moves, 20) == [moves]
    pages = pages_of(moves, 12)
    assert [len(p) for p in pages] == [11, 8] and sum(pages, []) == moves
    # 250 px: 180 under the 64 dp main button, 3 rows of 50 dp (+6 gaps), 4 columns of >= 80 dp
    assert layout.capacity(250, 1.0, 400) == 3 * 4


def test_short_names_are_unique_and_readable():
    assert short_names(["Player 1", "Player 2"]) == {"Player 1": "P1", "Player 2": "P2"}
    assert short_names(["Ada", "Bo"]) == {"Ada": "Ad", "Bo": "Bo"}
    assert short_names(["Anna", "Andrea", "Bo"]) == {"Anna": "Ann", "Andrea": "And", "Bo": "Bo"}
    assert len(set(short_names(["Anna", "Annabel", "Annalisa", "Annamaria"]).values())) == 4


def test_seat_colours_are_the_games_own_by_seat():
    """The New game screen gives the colours the game's pieces print (the ``games`` entry's
    ``seat_colours``), by seat; a game without them leaves the choice to the table."""
    from ui.seats import seat_colours

    cellar = {"id": "creepy_cellar", "seat_colours": ["vermillion", "yellow", "blue", "bluish_green"]}
    assert seat_colours(cellar, ["Ada", "Bo"]) == {"Ada": "vermillion", "Bo": "yellow"}
    assert seat_colours({"id": "children", "seat_colours": []}, ["Ada", "Bo"]) is None
    assert seat_colours(None, ["Ada"]) is None


def test_a_new_game_takes_the_last_games_refusal_off_the_banner(tmp_path):
    """Issue 29: a refusal on the banner at the end of a game (an unknown tag tapped on its
    summary) went on showing, then fading, over the next game's board for up to 8 s when that
    game was started from another screen or a script (the page stays the table). A state that
    brings a new game takes it away; the same game's next state does not."""
    from ui.companion_app import CompanionApp

    app = CompanionApp(tmp_path / "companion.sock")  # never connected: the states are handed over
    over = {"type": "state", "game": "creepy_cellar", "revision": 40, "can_undo": True, "news": ["The hunters won!"],
            "prompt": {"text": "The game is over.", "over": True}, "log": []}
    app.handle_message(over)
    refusal = "Unknown tag 04DEADBEEF0042 on reader table: it is not enrolled."
    app.handle_message({"type": "notice", "text": refusal, "level": "warning"})
    app.handle_message({**over, "revision": 41})  # the same game: the refusal stays its time
    assert app.model.notice == refusal
    app.handle_message({"type": "state", "game": "children", "revision": 42, "can_undo": False, "news": [],
                        "prompt": {"text": "Set up the house."}, "log": ["Set up the house."]})
    assert app.model.notice == ""
    app.handle_message({"type": "notice", "text": refusal, "level": "warning"})
    app.handle_message({"type": "state", "game": "children", "revision": 42, "can_undo": False, "news": [],
                        "language": "it", "prompt": {"text": "Preparate la casa."}, "log": []})
    assert app.model.notice == refusal  # a language switch at the start is no new game


def test_moments_that_do_not_fit_lose_the_tallest_first():
    """Issue 29 item 7: the moments card and the summary keep as many moments as fit in their
    room, leaving out the tallest (a two-line moment) before two one-line ones."""
    assert fitting([32, 64, 32, 32], 200, 8) == [0, 1, 2, 3]  # 160 + 3 gaps = 184
    assert fitting([32, 64, 32, 32], 120, 8) == [0, 2, 3]  # 96 + 2 gaps = 112
    assert fitting([32, 64, 32, 32], 20, 8) == []


def test_a_language_switch_takes_the_other_languages_refusal_off_the_banner(tmp_path):
    """trial3: an Italian refusal (an unknown tag tapped while the table read Italian) stayed on
    the banner over the English game-over screen after Settings switched to English (the daemon
    words a notice once, in the language of the moment). A switch takes it away; a state in
    the same language does not."""
    from ui.companion_app import CompanionApp

    app = CompanionApp(tmp_path / "companion.sock")  # never connected: commands wait in the link
    app.tr.switch("it")
    refusal = "Tag sconosciuto 04DEADBEEF0042 sul lettore table: non è registrato."
    app.show_notice(refusal, "warning")
    app._language(app.model, "it")  # no switch
    assert app.model.notice == refusal
    app._language(app.model, "en")
    assert app.model.notice == ""


def test_after_a_screen_restart_the_summary_gives_the_rule_that_ended_the_game(tmp_path):
    """Issue 29 audit: a screen that starts again gets the finished game's state without news;
    the model took the log's last lines for them, and the panel gave an older line (a prompt,
    a notice logged after the end) as the rule that ended the game. Every state of a finished
    game carries it in its ending (``ending.reason``)."""
    from pathlib import Path

    from companion import script
    from companion.protocol import state_message
    from companion.session import Session
    from ui.companion_app import CompanionApp

    root = Path(__file__).resolve().parents[2]
    table = script.load(root / "tests" / "scripts" / "ghost_at_home" / "three_players.jsonl")
    session = Session.start(table.header)
    for line in table.lines:
        session.handle(line.input, line.number)
    app = CompanionApp(tmp_path / "companion.sock")  # never connected: the states are handed over
    ended = {"en": "Nobody stopped the escape: Ada escapes from the haunted house and wins!",
             "it": "Nessuno ha fermato la fuga: Ada scappa dalla casa stregata e vince!"}
    for lang, line in ended.items():
        stale = ["Cy: play a ghost card, or pass.", "The storage is almost full."]  # logged later
        restarted = {**state_message(session, stale, (), lang), "language": lang, "revision": 7}
        app.handle_message(restarted)
        model = app.model
        shown = summarise(model.prompt_text, [str(n) for n in model.news], model.summary, dict(model.ending))
        assert shown.reason == [line], lang


def test_the_header_names_a_cellar_hunter_in_the_colour_of_the_pawn(tmp_path):
    """Issue 29 audit: "Ada" read orange in the header (the palette's vermillion, her seat's
    key) while her pawn was drawn red as printed. The state's ``inks`` give the printed colour,
    and every name of the player takes it (the header, the prompt, the board's lines)."""
    from companion.games.creepy_cellar import HUNTER_INKS
    from companion.header import GameHeader
    from companion.protocol import state_message
    from companion.session import Session
    from ui import theme
    from ui.companion_app import CompanionApp
    from ui.text import turn_markup

    assert {colour: theme.hex_rgba(ink) for colour, ink in HUNTER_INKS.items()} == {
        colour: tuple(round(c * 255) / 255 for c in rgba) for colour, rgba in theme.PAWNS.items()}
    session = Session.start(GameHeader.from_json({"game": "creepy_cellar", "players": ["Ada", "Bo", "Cy"], "seed": 3}))
    app = CompanionApp(tmp_path / "companion.sock")  # never connected: the states are handed over
    app.handle_message({**state_message(session, [], (), "en"), "revision": 1})
    model = app.model
    hunters = {h["player"]: h["colour"] for h in model.view["hunters"].values()}
    for player in ("Ada", "Bo", "Cy"):
        pawn = theme.PAWNS[hunters[player]]
        assert theme.player_colour(player, model.colours) == pytest.approx(pawn, abs=0.003), player
    header = turn_markup(model.view, model.player, False, colours=model.colours)
    assert theme.hex_colour(theme.on_dark(theme.PAWNS[hunters["Ada"]])) in header, header
    assert theme.hex_colour(theme.on_dark(theme.player_colour("x", {"x": "vermillion"}))) not in header


def test_initials_tell_the_players_apart_or_give_way_to_short_marks():
    """A crowded Creepy Cellar room names its hunters by their initials where their names do
    not fit (issue 29 audit); initials that would clash give way to the short marks."""
    from ui.boards.names import initials

    assert initials(["Ada", "Bo", "Cy"]) == {"Ada": "A", "Bo": "B", "Cy": "C"}
    assert initials(["Ada", "Al"]) == {"Ada": "Ada", "Al": "Al"}
    assert initials(["Player 1", "Player 2"]) == {"Player 1": "P1", "Player 2": "P2"}


def test_the_narrowest_marks_keep_only_what_tells_the_players_apart():
    """The crowded King's room with "Player 1" ... "Player 3" had no room for "P1P2P3"
    (issue 29): their tails, "1" "2" "3", are the last way to name them before none;
    marks that the tail would not tell apart stay whole."""
    from ui.boards.names import tails

    assert tails({"Player 1": "P1", "Player 2": "P2", "Player 3": "P3"}) == {
        "Player 1": "1", "Player 2": "2", "Player 3": "3"}
    assert tails({"Ada": "A", "Bo": "B"}) == {"Ada": "A", "Bo": "B"}
    assert tails({"Anna 1": "A1", "Anna 11": "A11"}) == {"Anna 1": "1", "Anna 11": "11"}
    assert tails({"Anna 1": "A1", "Al": "Al"}) == {"Anna 1": "A1", "Al": "Al"}  # never "l"
    assert tails({}) == {}  # a board with no hunters (it looped for ever)


def test_a_numbered_place_name_is_words_and_a_number():
    """"Location 9" keeps its number on its word's line (it wrapped as "Location" / "9" in
    portrait); a name of words alone may wrap between them."""
    from ui.boards.fit import numbered

    assert numbered("Location 9") and numbered("Tessera 2-5")
    assert not numbered("Casa di Neibolt Street") and not numbered("9") and not numbered("")


def test_the_moments_card_follows_a_language_switch(tmp_path):
    """Issue 29: the Recap card stayed in the language it was opened in when Settings (or a
    phone) switched the table's language; its heading, moments and Close follow the switch
    (the daemon sends the moments again in the new language, after the switch)."""
    from ui.companion_app import CompanionApp
    from ui.widgets.moments_card import open_moments

    app = CompanionApp(tmp_path / "companion.sock")  # never connected: the states are handed over
    over = {"type": "state", "game": "creepy_cellar", "revision": 40, "can_undo": True, "news": [],
            "prompt": {"text": "The game is over.", "over": True}, "log": [],
            "moments": [{"text": "Three ghosts in room H become a haunting.", "turn": 12}]}
    app.model.bind(language=app._language)  # as build() binds it
    app.handle_message(over)
    card = open_moments(app)
    assert card.heading.text == "Recap of the game"
    assert [label.text for label in card.labels] == ["Turn 12: Three ghosts in room H become a haunting."]
    app.handle_message({**over, "language": "it",
                        "moments": [{"text": "Tre fantasmi nella stanza H diventano un'infestazione.", "turn": 12}]})
    assert card.heading.text == "Ricordi della partita"
    assert card.close_button.text == "Chiudi"
    assert [label.text for label in card.labels] == ["Turno 12: Tre fantasmi nella stanza H diventano un'infestazione."]
    card.dismiss(animation=False)


def test_a_kind_that_came_often_gives_its_first_and_last_moment():
    """screen16: Creepy Cellar's won game (nightmare-won) had 12 treasure moments of 17, so a
    pick spread over the game was mostly "Bo brings treasure N of 12": a kind of moment (its
    recap's template, the state's ``kind``) that came more than twice gives its first and last,
    every rarer one stays (the hauntings, the one beaten, the hunters out)."""
    from ui.summary import moments

    treasure, haunting, out = "{player} brings treasure", "Haunting {number}", "{player} leaves"
    lines = [{"text": f"T{n}", "turn": n, "kind": treasure} for n in (4, 5, 6, 11, 12, 13, 17, 18)]
    lines += [{"text": "H1", "turn": 21, "kind": haunting}, {"text": "T21", "turn": 21, "kind": treasure},
              {"text": "T23", "turn": 23, "kind": treasure}, {"text": "H2", "turn": 34, "kind": haunting},
              {"text": "Out", "turn": 35, "kind": out}]
    texts = [m["text"] for m in moments(lines, [], 5, telling=5)]
    assert texts == ["T4", "H1", "T23", "H2", "Out"]
    # as few as asked for: the dropped ones come back, spread, when fewer are left
    assert len(moments(lines, [], 8, telling=8)) == 8 and moments(lines, [], 8, telling=8)[0]["text"] == "T4"
    # without kinds (an older daemon), or not asked: spread over the game as before
    assert [m["text"] for m in moments(lines, [], 5)] == ["T4", "T11", "T17", "T21", "Out"]


def _children_over(lang: str, width: float, room: float):
    """A Children's game-over panel at ``width`` px whose ``room`` leaves the moments too little
    with the scores' heading on a line of its own."""
    from ui.i18n import Translator
    from ui.widgets.gameover import GameOverPanel

    tr = Translator()
    tr.language = lang
    heading = {"en": "Ghosts trapped", "it": "Fantasmi intrappolati"}[lang]
    panel = GameOverPanel(width=width, moments_shown=3, least=1, room=room, tr=tr._)
    panel.ending = {"result": "lost", "winners": [], "scores_heading": heading,
                    "scores": [["Bo", 3], ["Ada", 1], ["Cy", 1]], "solution": [], "reason": ["The ghosts win."]}
    panel.moments = [{"text": f"Bo traps Ghost {n}.", "turn": n} for n in range(1, 9)]
    panel.over = 1
    panel._show()
    return [label.text for label in panel.children[::-1]]


@pytest.mark.parametrize("lang, heading", [("en", "Ghosts trapped"), ("it", "Fantasmi intrappolati")])
def test_game_over_scores_keep_their_heading_when_the_moments_take_its_line(lang, heading):
    """screen20b: in portrait Children's game over read "Bo 3  Ada 1  Cy 1" with no heading
    (the heading's line went to the moments); the heading now leads the scores' line where
    that line still fits, and has its own line where there is room."""
    texts = _children_over(lang, 700, 150)
    scores = next(text for text in texts if "Bo[/color] 3" in text)
    assert heading in scores and heading not in texts, texts
    assert sum("Bo traps Ghost" in text for text in texts) == 3, texts  # the moments kept their room
    assert heading in _children_over(lang, 700, 2000)  # room for both: a line of its own
    narrow = _children_over(lang, 260, 150)  # "Heading: Bo 3 ..." would take two lines: its own line
    assert heading in narrow and sum("Bo traps Ghost" in text for text in narrow) >= 1, narrow
