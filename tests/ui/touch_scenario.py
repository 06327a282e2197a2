"""The ``touch-all`` scenario of ``harness.py`` (issue 29): on every page, with no game and
then with one, a finger comes down on the centre of every button on show and the test
checks that the button itself takes it (goes down). A hidden widget over a button (Home's
"Game in progress" card lay over Settings with no game: 8 of its 56 px answered) fails it.
The finger then slides off before it lifts: nothing is chosen, no page changes.

Says ``NOGAME`` after the pages without a game (the test then starts one), then waits for it.
"""

from __future__ import annotations

from harness import Until, reachable, say, screen_is
from overflow import visible

#: The pages touched (their buttons' centres), without and with a game.
WITHOUT = ("home", "settings", "newgame")
WITH = ("home", "table", "settings", "check")


def _in_scroll(widget) -> bool:
    from kivy.uix.scrollview import ScrollView

    node = widget.parent
    while node is not None and node is not node.parent:
        if isinstance(node, ScrollView):
            return True
        node = node.parent
    return False


def deaf_buttons(root, deaf: list[str]):
    """Add to ``deaf`` the visible, enabled buttons under ``root`` that a finger at their
    centre does not press (another widget takes the touch). A scroll view hands a touch to
    its buttons once it knows the finger does not scroll: a short wait for those (its
    timeout made 10 ms); buttons scrolled out of sight are left out."""
    from kivy.tests.common import UnitTestTouch
    from kivy.uix.scrollview import ScrollView

    from ui.widgets.buttons import TouchButton

    for view in [w for w in root.walk(restrict=True) if isinstance(w, ScrollView)]:
        view.scroll_timeout = 10
    for button in [w for w in root.walk(restrict=True) if isinstance(w, TouchButton)]:
        if button.disabled or not visible(button):
            continue
        x, y = button.to_window(*button.center)
        if not reachable(button, x, y):
            continue
        finger = UnitTestTouch(x, y)
        finger.touch_down()
        if _in_scroll(button):  # held still: the scroll view hands it over on a later frame
            for _ in range(20):
                yield 0.05
                if button.state == "down":
                    break
        pressed = button.state == "down"
        finger.touch_move(-50, -50)  # off every button: lifting there picks nothing
        finger.touch_up()
        if not pressed:
            deaf.append(button.text or button.key or type(button).__name__)


def _pages(app, pages, report: dict, stage: str):
    for page in pages:
        app.model.go(page)
        yield Until(f"page {page}", screen_is(app, page))
        yield 0.3
        screen = app.root.ids.screens.current_screen
        deaf = report.setdefault("deaf", {}).setdefault(f"{stage}-{page}", [])
        yield from deaf_buttons(screen, deaf)
        report.setdefault("touched", {})[f"{stage}-{page}"] = sum(
            1 for w in screen.walk(restrict=True) if type(w).__name__.endswith("Button") and visible(w))


def touch_scenario(app, out, report: dict):
    model = app.model
    yield Until("connected without a game", lambda: model.connected and not model.game)
    yield from _pages(app, WITHOUT, report, "no-game")
    say("NOGAME")
    yield Until("the game", lambda: bool(model.game), timeout=30)
    yield from _pages(app, WITH, report, "game")
