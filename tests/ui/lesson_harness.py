"""``harness.py`` with two more scenarios. ``first-game``: one client plays every game in
first-game mode (issue 33 items 1-4): a set-up step with what it is for, the first prompt's lesson,
the Rules card and the Why card, in English and Italian, and "Got it". Saves
``first-game-setup-<game>-<lang>.png``, ``first-game-lesson-<game>-<lang>.png``,
``rules-now-<game>-<lang>.png``, ``why-<game>-<lang>.png`` and ``first-game-got-it-it.png``.
``odds``: the odds meter's figure on the board. Run by ``test_first_game.py``."""

from __future__ import annotations

import sys
from pathlib import Path

import harness
from card_steps import open_history
from harness import Until, find_button, screen_is, settle, touch


def _card(app):
    """The lesson card while it is open, else None."""
    return app.root.ids.screens.get_screen("table").lesson_card.card


def _card_shot(app, card) -> dict:
    """What the lesson card shows, how big, whether any of it is cut, where Got it is, and the
    readability audit's findings on the card (tests/ui/readability.py)."""
    from overflow import overflowing
    from readability import english_text, glyph_gaps, small_text

    box = card.got_it_button
    # the hint beside Got it is read at a button's floor, 26 (issue 29: it was 24)
    found = {"small": small_text([card], {id(card.hint): "button"}, app.scale), "glyphs": glyph_gaps([card]),
             "overflow": overflowing(card),
             "english": english_text([card], []) if app.model.language == "it" else []}
    return {"words": card.label.text, "font": card.font_px / app.scale, "clipped": card.clipped,
            "height": card.label.height, "room": card.room, "scroll": card.scroll.height,
            "got_it": card.got_it_button.font_size / app.scale, "hint": card.hint.font_size / app.scale,
            "got_it_box": [round(v) for v in (*box.to_window(box.x, box.y), *box.size)],
            "audit": {k: found[k] for k in ("small", "glyphs", "overflow", "english")}}


def _tick_steps(app, done: str):
    while (button := find_button(app, done)) is not None:
        touch(button)
        yield 0.2


#: Each game, its players, and the words of History, Rules, Why? and Got it per language.
GAMES = (("creepy_cellar", ["Ada", "Bo"]), ("children", ["Ada", "Bo"]), ("clue_it", ["Ada", "Bo", "Cy"]),
         ("ghost_at_home", ["Ada", "Bo"]), ("house_of_spirits", ["Ada", "Bo", "Cy"]))
WORDS = {"en": {"history": "History", "rules": "Rules", "why": "Why?", "got_it": "Got it", "done": "Done",
                "lesson": "Lesson", "repeat": "Repeat"},
         "it": {"history": "Storico", "rules": "Regole", "why": "Perché?", "got_it": "Capito", "done": "Fatto",
                "lesson": "Lezione", "repeat": "Ripeti"}}


def _open_views() -> list:
    from kivy.core.window import Window
    from kivy.uix.modalview import ModalView

    return [w for w in Window.children if isinstance(w, ModalView)]


def _view_text() -> str:
    """Every label's words in the open card (the Rules or the Why card), whatever its widgets."""
    from kivy.uix.label import Label

    return "\n".join(w.text for view in _open_views() for w in view.walk() if isinstance(w, Label) and w.text)


def _close_views():
    for view in _open_views():
        view.dismiss(animation=False)
    yield settle(0.2)


def _main_box(screen) -> list[float]:
    button = screen.ids.choices.main_button()
    return [round(v) for v in (*button.to_window(button.x, button.y), *button.size)] if button else []


def _last_button(text: str):
    from ui.widgets.buttons import TouchButton

    return [w for w in _open_views()[0].walk() if isinstance(w, TouchButton) and w.text == text][-1]


def _reading_card(app, lang: str, which: str, ready, out: Path, name: str, report: dict):
    """History, then its ``which`` button; the card's words once ``ready(words)``; a screenshot."""
    from ui.shot import save_screenshot

    yield from open_history(app, WORDS[lang]["history"])
    yield settle(0.2)  # laid out: a button touched before has no place yet
    touch(_last_button(WORDS[lang][which]))  # History's bottom row (a line's own Why? buttons come first)
    yield Until(f"the {which} card ({name})", lambda: ready(_view_text()))
    yield settle(0.2)
    report["cards"][name] = _view_text()
    report["screenshots"].append(str(save_screenshot(out / f"{name}.png")))
    yield from _close_views()


def _step_card(app):
    """The set-up step's card while it is open (first-game mode), else None."""
    return app.root.ids.screens.get_screen("table").step_card.card


def _done_button(app, done: str):
    """The step card's Done while it is open (it covers the panel's), else the panel's."""
    card = _step_card(app)
    return card.got_it_button if card is not None else find_button(app, done)


def _quick_ticks(app, done: str):
    """Done on every step: the step card's while it is open (it covers the panel's)."""
    while (button := _done_button(app, done)) is not None:
        touch(button)
        yield 0.05


def _ticks_until(app, ready, most: int = 200):
    """The step's button on each step as it shows (the step card's while it is open, else the
    step box's, "Next ›" on a step's pages before its last, then Done), until ``ready()`` (at
    most ``most`` ticks of 0.05 s). By the button, not its words: an undo's "Move it back
    where it was. It said: …" pages a sentence a page, and its "Next ›" is no "Done"."""
    todo = app.root.ids.screens.get_screen("table").ids.todo
    for _ in range(most):
        if ready():
            return
        card = _step_card(app)
        if card is not None:
            touch(card.got_it_button)
        elif todo.showing:
            touch(todo.done_button)
        yield 0.05


def _first_game_in(app, game: str, lang: str, out: Path, report: dict):
    """The set-up step with what it is for, the first prompt's lesson, the Rules card."""
    from ui.shot import save_screenshot

    model, screen = app.model, app.root.ids.screens.get_screen("table")
    todo = screen.ids.todo
    if model.language != lang:
        app.set_language(lang)
    yield Until(f"{game} in {lang}", lambda: model.language == lang and model.game == game)
    todo.ticked = 0  # the language changed, the steps did not: ticked in the other language
    yield Until("the first set-up step's card", lambda: todo.showing and _step_card(app) is not None)
    yield settle(0.2)
    card = _step_card(app)
    shot = {"step": todo.current(), "lesson": card.lesson["text"], "step_card": _card_shot(app, card),
            "count": card.hint.text, "count_font": card.hint.font_size / app.scale,
            "step_font": todo.font_size, "main": _main_box(screen)}
    report["screenshots"].append(str(save_screenshot(out / f"first-game-setup-{game}-{lang}.png")))
    if lang == "en":  # real touches on Done; in Italian the same steps are ticked at once
        yield from _quick_ticks(app, WORDS[lang]["done"])
    else:
        todo.ticked = len(todo.texts())
    yield from _lesson_card(app, lang, shot, out, f"lesson-card-{game}-{lang}")
    report["screenshots"].append(shot["card"]["png"])
    yield settle(0.2)
    shot.update(prompt=screen.ids.prompt.height, after_main=_main_box(screen), sent=dict(model.lesson),
                button=_lesson_button(app).text, table=_table_audit(app, screen))
    save_screenshot(out / f"first-game-prompt-{game}-{lang}.png")  # the table behind the card put away
    if (game, lang) == ("house_of_spirits", "it"):
        yield from _long_prompt(app, screen, out, report)
    report["shots"][f"{game}-{lang}"] = shot
    yield from _reading_card(app, lang, "rules", lambda words: "[b][color" in words, out, f"rules-now-{game}-{lang}",
                             report)


def _long_prompt(app, screen, out: Path, report: dict):
    """A prompt three times House of Spirits' first: it pages at 32 px (touch it for the next
    page), whole on each page; then the daemon's prompt back."""
    from overflow import overflowing

    from ui.shot import save_screenshot

    model, label = app.model, screen.ids.prompt
    sent = model.prompt_text
    model.prompt_text = " ".join([sent] * 3)
    yield settle(0.3)
    seen = {"pages": len(screen._prompt_pages), "font": label.font_size / app.scale, "first": label.text,
            "overflow": overflowing(label), "height": label.height, "room": screen.prompt_most}
    save_screenshot(out / "first-game-long-prompt-it.png")
    touch(label)
    yield settle(0.2)
    seen.update(second=label.text, second_overflow=overflowing(label))
    model.prompt_text = sent
    yield settle(0.2)
    seen["back"] = (len(screen._prompt_pages), label.text)
    report["long_prompt"] = seen


def _table_audit(app, screen) -> dict:
    """The table screen behind the put-away card: the readability audit's overflowing and
    small text (House of Spirits' first Italian prompt overflowed by 12 px, issue 29), and the
    prompt's size and pages."""
    from overflow import overflowing
    from readability import _roles, small_text

    return {"overflow": overflowing(screen), "small": small_text([screen], _roles(screen), app.scale),
            "prompt_font": screen.ids.prompt.font_size / app.scale,
            "pages": len(getattr(screen, "_prompt_pages", [""]))}


def _lesson_button(app):
    """Repeat's button, which reads "Lesson" while a lesson is put away (the tools row's in
    portrait)."""
    ids = app.root.ids.screens.get_screen("table").ids
    return ids.repeat_tool if app.portrait else ids.repeat


def _lesson_card(app, lang: str, shot: dict, out: Path | None = None, name: str = ""):
    """The first lesson's card once the set-up steps are done: in English it opens by itself;
    in Italian (the same lesson, put away in English) it waits, and Repeat, which reads
    "Lezione", opens it. ``shot["card"]``: :func:`_card_shot`; then Got it puts it away."""
    from ui.shot import save_screenshot

    screen = app.root.ids.screens.get_screen("table")
    if lang == "en":
        yield Until("the lesson card", lambda: _card(app) is not None)
    else:
        yield Until("the Lesson button", lambda: screen.lesson_away)
        shot["opened_by_itself"] = _card(app) is not None
        shot["lesson_button"] = _lesson_button(app).text
        touch(_lesson_button(app))
        yield Until("the lesson card again", lambda: _card(app) is not None)
    yield settle(0.3)
    card = _card(app)
    shot["card"] = _card_shot(app, card)
    if out is not None:
        shot["card"]["png"] = str(save_screenshot(out / f"{name}.png"))
    touch(card.got_it_button)
    yield Until("the card put away", lambda: _card(app) is None)


def _got_it(app, lang: str, out: Path, report: dict):
    """After Got it the prompt and the main button are there and Repeat reads "Lezione"; a
    step and its undo bring the daemon's lesson back, which does not open by itself again."""
    from ui.shot import save_screenshot

    model, screen = app.model, app.root.ids.screens.get_screen("table")
    seen = {"card": _card(app) is not None, "button": _lesson_button(app).text, "prompt": screen.ids.prompt.text,
            "model": dict(model.lesson)}
    report["screenshots"].append(str(save_screenshot(out / f"first-game-got-it-{lang}.png")))
    yield from _step(app)
    yield 0.3
    seen["next"] = {"lesson": dict(model.lesson), "card": _card(app) is not None, "steps": screen.ids.todo.showing}
    revision = model.revision
    app.undo()
    yield Until("the undo", lambda: model.revision != revision and not model.busy)
    # the undo's steps reach the todo box a frame after the state: Done on each as it shows,
    # until the lesson is back and no step hides it (CI once read "Ripeti" 0.3 s too early)
    lesson_back = lambda: (model.lesson.get("rule") == seen["model"].get("rule")  # noqa: E731
                           and not screen.ids.todo.showing)
    yield from _ticks_until(app, lesson_back)
    yield Until("the lesson back, its steps done", lesson_back)
    yield 0.3
    seen["undone"] = {"lesson": dict(model.lesson), "card": _card(app) is not None, "button": _lesson_button(app).text}
    report["got_it"] = seen


def _step(app):
    """The prompt's main choice (else its first public one), and the state after it."""
    model = app.model
    yield Until("no touch on its way", lambda: not model.busy)  # else the touch is ignored
    choices = [c for c in model.choices if c.get("key")]
    choice = next((c for c in choices if c.get("main")), choices[0])
    revision = model.revision
    app.choose(choice["key"])
    # and its answer: touches are ignored while one is on its way (the state can come first)
    yield Until(f"the state after {choice['key']}", lambda: model.revision != revision and not model.busy)


def _put_away(app):
    """Got it on the lesson card a step opened (a new kind of step), if one did."""
    yield 0.1
    if _card(app) is not None:
        touch(_card(app).got_it_button)
        yield Until("the card put away", lambda: _card(app) is None)


def _why_in(app, game: str, lang: str, out: Path, report: dict):
    """Main choices until the news carry a why (the companion decided something), then History >
    Why?."""
    model = app.model
    if model.language != lang:
        app.set_language(lang)
    yield Until(f"the table in {lang}", lambda: model.language == lang)
    for _ in range(12):
        yield from _step(app)
        yield from _put_away(app)
        if any(model.why):
            break
    yield Until(f"news with a why ({game}, {lang}: {list(model.news)})", lambda: bool(model.why))
    report["why"][f"{game}-{lang}"] = [list(pair) for pair in model.why]
    report["news"] = list(model.news)
    yield settle(0.2)
    yield from _reading_card(app, lang, "why", lambda words: "[color=ffcc33]" in words, out, f"why-{game}-{lang}",
                             report)


def first_game_scenario(app, out: Path, report: dict):
    """Every game in first-game mode, one client: its set-up step with what it is for, its
    first lesson, its Rules card and its Why card, in English and Italian (issue 33); Got it."""
    model = app.model
    yield Until("the daemon", lambda: model.connected)
    report.update(screenshots=[], shots={}, cards={}, why={})
    for game, players in GAMES:
        app.new_game(game, players, {"first_game": True})
        yield Until(f"a new {game}", lambda game=game: model.game == game and bool(model.todo))
        model.go("table")
        yield Until("the table screen", screen_is(app, "table"))
        for lang in ("en", "it"):
            yield from _first_game_in(app, game, lang, out, report)
        if game == "creepy_cellar":
            yield from _got_it(app, "it", out, report)
        for lang in ("it", "en"):
            yield from _why_in(app, game, lang, out, report)


def lesson_cards_scenario(app, out: Path, report: dict):
    """Every game's first lesson card at this window's size, in English (it opens by itself)
    and Italian (Repeat, "Lezione", opens it): ``lesson-card-<game>-<lang>-<w>x<h>.png``."""
    from kivy.core.window import Window

    model = app.model
    yield Until("the daemon", lambda: model.connected)
    report.update(shots={}, screenshots=[])
    size = "x".join(str(int(v)) for v in Window.size)
    screen = app.root.ids.screens.get_screen("table")
    for game, players in GAMES:
        for lang in ("en", "it"):
            if model.language != lang:
                app.set_language(lang)
            yield Until(f"the table in {lang}", lambda lang=lang: model.language == lang)
            if lang == "en":
                app.new_game(game, players, {"first_game": True})
                yield Until(f"a new {game}", lambda game=game: model.game == game and bool(model.todo))
                model.go("table")
                yield Until("the table screen", screen_is(app, "table"))
                yield Until("the set-up steps", lambda: screen.ids.todo.showing)
                screen.ids.todo.ticked = len(screen.ids.todo.texts())  # done at once
            shot: dict = {"sent": {}}
            yield from _lesson_card(app, lang, shot, out, f"lesson-card-{game}-{lang}-{size}")
            shot["sent"] = dict(model.lesson)
            report["shots"][f"{game}-{lang}"] = shot
            report["screenshots"].append(shot["card"]["png"])
    # Settings' large text (set here as the daemon's screen settings would): the same card, larger
    app.large_text = True
    yield settle(0.2)
    touch(_lesson_button(app))
    yield Until("the lesson card in large text", lambda: _card(app) is not None)
    yield settle(0.3)
    report["large"] = _card_shot(app, _card(app))
    touch(_card(app).got_it_button)
    yield Until("the card put away", lambda: _card(app) is None)
    app.large_text = False


def lesson_restart_scenario(app, out: Path, report: dict):
    """The game on the daemon, in first-game mode: its set-up steps, then its first lesson: the
    card opens by itself unless a screen before this one put it away (``lessons.json``)."""
    model = app.model
    yield Until("the daemon's game", lambda: model.connected and bool(model.game) and bool(model.todo))
    model.go("table")
    yield Until("the table screen", screen_is(app, "table"))
    screen = app.root.ids.screens.get_screen("table")
    yield from _quick_ticks(app, WORDS[model.language]["done"])
    yield Until("the lesson, on its card or put away", lambda: _card(app) is not None or screen.lesson_away)
    yield 0.3
    report["opened"] = _card(app) is not None
    report["button"] = _lesson_button(app).text
    if report["opened"]:
        touch(_card(app).got_it_button)
        yield Until("the card put away", lambda: _card(app) is None)
    else:
        touch(_lesson_button(app))
        yield Until("the lesson card again", lambda: _card(app) is not None)
        report["reopened"] = _card(app).label.text


def odds_scenario(app, out: Path, report: dict, name: str = ""):
    """The odds meter's figure on the board (issue 33 item 5): ``odds-<game>-<lang>.png``
    (``name``: ``<name>-<lang>.png``); ``report["buttons"]``: the texts of the choice buttons."""
    from readability import covered, spilled_counts

    from ui.shot import save_screenshot
    from ui.widgets.buttons import TouchButton

    model = app.model
    yield Until("a game with odds", lambda: model.connected and model.game and model.odds)
    report["figures"], report["screenshots"] = {}, []
    screen = app.root.ids.screens.get_screen("table")
    for lang, done in (("en", "Done"), ("it", "Fatto")):
        if model.language != lang:
            app.set_language(lang)
        yield Until(f"the table in {lang}", lambda lang=lang: model.language == lang and model.odds)
        model.go("table")
        yield Until("the table screen", screen_is(app, "table"))
        yield from _tick_steps(app, done)
        yield settle(0.3)
        report["figures"][lang] = screen.odds_badge.text
        # board labels under the figure, and figures out of their counts (over the next panel)
        report.setdefault("covered", {})[lang] = covered(screen) + spilled_counts(screen)
        report.setdefault("buttons", {})[lang] = [b.text for b in screen.walk() if isinstance(b, TouchButton)]
        shot = f"{name or 'odds-' + model.game}-{lang}.png"
        report["screenshots"].append(str(save_screenshot(out / shot)))


if __name__ == "__main__":
    harness.SCENARIOS["first-game"] = first_game_scenario
    harness.SCENARIOS["odds"] = odds_scenario
    harness.SCENARIOS["lesson-cards"] = lesson_cards_scenario
    harness.SCENARIOS["lesson-restart"] = lesson_restart_scenario
    # CLUE: IT with the squares to the nearest location given (its own screenshots)
    harness.SCENARIOS["odds-squares"] = lambda app, out, report: odds_scenario(app, out, report, "odds-clue_it-squares")
    sys.exit(harness.main())
