"""The terminal play view (companion play --terminal): every numbered choice line comes
under its prompt line, also when the same prompt comes again."""

from __future__ import annotations

import io

from companion.terminal import NumberedView


def _state(prompt, labels, news=()):
    return {"type": "state", "news": list(news), "log": [], "view": {},
            "prompt": {"text": prompt, "choices": [{"key": label.lower(), "label": label} for label in labels]}}


def test_a_repeated_prompt_is_printed_again_with_its_choices():
    out = io.StringIO()
    view = NumberedView(out)
    view(_state("Ada: move your ghost hunter, then Done", ["Done"]))
    view(_state("Ada: move your ghost hunter, then Done", ["Done"], news=["Ada moves to the Hall."]))
    view(_state("Ada: move your ghost hunter, then Done", ["Done", "Undo move"]))
    view(_state("Ada: move your ghost hunter, then Done", ["Done", "Undo move"]))  # a status change only
    assert out.getvalue().splitlines() == [
        "Ada: move your ghost hunter, then Done",
        "   1) Done",
        "  - Ada moves to the Hall.",
        "Ada: move your ghost hunter, then Done",
        "   1) Done",
        "Ada: move your ghost hunter, then Done",
        "   1) Done   2) Undo move",
    ]


def test_a_first_game_lesson_is_printed_under_its_prompt():
    """Found by the trial helper: ``companion play … --option first_game=true --terminal``
    printed no lesson at all (issue 33 item 3: "the prompt comes with a short explanation").
    The state's ``lesson`` (its section and text) follows the prompt line, once."""
    out = io.StringIO()
    view = NumberedView(out)
    lesson = {"rule": "Let's Play", "text": "A turn starts with the movement die."}
    view({**_state("Ada: roll", ["Roll the die"]), "lesson": lesson})
    view({**_state("Ada: roll", ["Roll the die"]), "lesson": lesson})  # the same state again: said once
    assert out.getvalue().splitlines() == [
        "Ada: roll", "    Let's Play: A turn starts with the movement die.", "   1) Roll the die"]


def test_a_message_from_venue_staff_is_printed_once_in_the_tables_language():
    """newcomer: at a venue ([mqtt]), the staff dashboard's message ("Pizza is here") reached the
    daemon (every state's ``staff``) but a table playing in the terminal never saw it: the
    table screen's banner, printed once when it comes, again only when it changes."""
    out = io.StringIO()
    view = NumberedView(out)
    staff = {"called": False, "since": None, "message": None}
    view({**_state("Ada: roll", ["Roll the die"]), "staff": staff})
    view({**_state("Ada: roll", ["Roll the die"]), "staff": {**staff, "message": "Pizza is here"}})
    view({**_state("Ada: roll", ["Roll the die"]), "staff": {**staff, "message": "Pizza is here"}})
    view({**_state("Ada: roll", ["Roll the die"]), "staff": staff, "language": "it"})  # acknowledged
    view({**_state("Ada: roll", ["Roll the die"]), "staff": {**staff, "message": "Pizza is here"}, "language": "it"})
    assert [line for line in out.getvalue().splitlines() if "Pizza" in line] == [
        "! Staff: Pizza is here", "! Staff: Pizza is here"]


def test_a_refusal_says_what_to_type_not_what_to_touch():
    """Newcomer: a refusal (a notice, which ends with the prompt) said "…has no moves left:
    touch Done moving" in the terminal; it gets the typing words the prompt line gets."""
    stuck = "Ada's red hunter (in room A) has no moves left: touch Done moving"
    out = io.StringIO()
    view = NumberedView(out)
    view(_state(stuck, ["Secret passage to C", "Done moving"]))
    view({"type": "notice", "level": "warning",
          "text": f"Touch Done moving first: the fight and the drop-off come before End turn. {stuck}"})
    assert out.getvalue().splitlines()[-1] == (
        "  ! Type 2 (“Done moving”) first: the fight and the drop-off come before End turn. "
        "Ada's red hunter (in room A) has no moves left: type 2 (“Done moving”)")
    it = io.StringIO()
    view = NumberedView(it)
    view({**_state("Ada: tocca Fine movimento", ["Fine movimento"]), "language": "it"})
    view({"type": "notice", "level": "warning", "text": "Prima tocca Fine movimento: il combattimento viene "
          "prima. Ada: tocca Fine movimento"})
    assert it.getvalue().splitlines()[-1] == (
        "  ! Prima digita 1 («Fine movimento»): il combattimento viene prima. Ada: digita 1 («Fine movimento»)")


def test_the_next_players_prompt_shows_its_numbers_even_when_they_are_the_same():
    """newcomer14: in House of Spirits Bo's "roll the die for the First Player card" came with
    no numbered choices, because they were the same as Ada's just before: a new prompt line
    always has its numbers under it."""
    out = io.StringIO()
    view = NumberedView(out)
    die = ["Roll the die", "The die shows 1"]
    view(_state("Ada: roll the die for the First Player card", die))
    view(_state("Bo: roll the die for the First Player card", die, news=["Ada rolled 2."]))
    assert out.getvalue().splitlines() == [
        "Ada: roll the die for the First Player card",
        "   1) Roll the die   2) The die shows 1",
        "  - Ada rolled 2.",
        "Bo: roll the die for the First Player card",
        "   1) Roll the die   2) The die shows 1",
    ]


def _first_prompts(game_id: str, lang: str, steps: int = 60) -> list[tuple[bool, str]]:
    """(the prompt's ``setup``, the prompt line the terminal printed for it) for the first
    prompts of a real session of ``game_id``, taking the first choice each time."""
    from companion import protocol
    from companion.engine import all_games, resolve_options
    from companion.header import GameHeader
    from companion.inputs import Press, Touch
    from companion.session import Session

    spec = all_games()[game_id]
    header = GameHeader.from_json({"game": game_id, "players": ["Ada", "Bo", "Cy"], "seed": 3,
                                   "options": resolve_options(spec, {})})
    session = Session.start(header)
    seen = []
    for _ in range(steps):
        message = {**protocol.state_message(session, [], lang=lang), "language": lang}  # the publisher adds it
        out = io.StringIO()
        NumberedView(out)(message)
        seen.append((message["prompt"]["setup"], out.getvalue().splitlines()[0]))
        choices = session.prompt.choices
        if session.prompt.over or not choices or not message["prompt"]["setup"]:
            break
        choice = choices[0]
        assert session.handle(Press(choice.button) if choice.button else Touch(choice.key)).accepted
    return seen


def test_the_set_up_header_is_printed_before_the_prompt_in_the_terminal():
    """newcomer16 item 13: the table screen's header said "Set-up" / "Preparazione" before the
    first turn (the prompt's ``setup``), while a --terminal table never saw it. The terminal
    now prints it at the head of each set-up prompt line, and not once the first turn came."""
    for game_id in ("children", "clue_it", "house_of_spirits"):
        for lang, word in (("en", "[Set-up] "), ("it", "[Preparazione] ")):
            seen = _first_prompts(game_id, lang)
            assert seen[0][0] is True, game_id
            assert all(line.startswith(word) for setup, line in seen if setup), (game_id, lang, seen)
            counters = "[round " if lang == "en" else "[giro "  # House of Spirits' status (words18)
            assert not any(line.startswith("[") and not line.startswith(counters)
                           for setup, line in seen if not setup), (game_id, lang, seen)
            assert seen[-1][0] is False, (game_id, seen[-1])
    creepy = _first_prompts("creepy_cellar", "en")
    assert not creepy[0][0] and not creepy[0][1].startswith("[Set-up]")


def test_house_of_spirits_prints_its_counters_before_the_prompt_after_the_set_up():
    """fresh17 (closing note 17): after the set-up, House of Spirits' terminal prompts had no
    bracketed counters, as Creepy Cellar's have: the round, the room the party is in, and each
    score of the 18 that wins ("End of the Game")."""
    for lang, line in (("en", "[round 1 | Vestibule | Ada 0, Bo 0, Cy 0 of 18] "),
                       ("it", "[giro 1 | Vestibolo | Ada 0, Bo 0, Cy 0 su 18] ")):
        seen = _first_prompts("house_of_spirits", lang)
        assert seen[-1][0] is False and seen[-1][1].startswith(line), (lang, seen[-1])
