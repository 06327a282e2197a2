"""Screens switch within the call, and hidden widgets are not drawn (issue 17 item 10).

Kivy's ``NoTransition`` leaves the screen it switched from in the screen manager until a
zero-length animation runs on a later clock tick; switched from a state message (the first
after connecting) it stayed there, drawn under the table every frame and seen through it
(the waiting screen's ghost and "Waiting for the companion…"). The client's
``InstantTransition`` finishes the switch in the call, with the same screen events.
"""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _run(script: str, display: str, kivy_home) -> dict:
    """Run ``script`` (Kivy, in a process of its own) on ``display``; the dict it printed last."""
    env = {**os.environ, "DISPLAY": display, "KIVY_HOME": str(kivy_home), "KIVY_NO_ARGS": "1"}
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 0, done.stderr[-3000:]
    return ast.literal_eval(done.stdout.strip().splitlines()[-1])

SWITCH = r"""
from ui.app import configure_kivy
configure_kivy((800, 480))
from kivy.uix.screenmanager import NoTransition, Screen, ScreenManager
from ui.root import InstantTransition

def switch(transition):
    manager = ScreenManager(transition=transition)
    events = []
    for name in ("waiting", "table"):
        screen = Screen(name=name)
        for event in ("on_pre_enter", "on_enter", "on_pre_leave", "on_leave"):
            screen.bind(**{event: lambda s, e=event: events.append(f"{e} {s.name}")})
        manager.add_widget(screen)
    events.clear()  # the first screen added was entered
    manager.current = "table"  # no clock tick after it
    return [s.name for s in manager.children], manager.transition.is_active, events

print(repr({"kivy": switch(NoTransition()), "instant": switch(InstantTransition())}))
"""


@pytest.mark.ui
def test_the_screen_left_is_out_of_the_manager_when_the_switch_returns(display, kivy_home):
    result = _run(SWITCH, display, kivy_home)
    # Kivy's own: both screens still drawn, the switch waiting for a tick (the bug)
    assert result["kivy"][:2] == (["table", "waiting"], True)
    children, active, events = result["instant"]
    assert children == ["table"] and not active
    assert events == ["on_pre_enter table", "on_pre_leave waiting", "on_enter table", "on_leave waiting"]


SHOWN = r"""
from ui.app import configure_kivy
configure_kivy((800, 480))
from kivy.clock import Clock
from kivy.uix.label import Label
from kivy.uix.widget import Widget
from ui.widgets.shown import ShownLabel

parent = Widget()
before, badge, after = Label(text="A"), ShownLabel(text="KING", shown=False), Label(text="B")
for child in (before, badge, after):
    parent.add_widget(child)
Clock.tick()  # the placement waits for the next frame (the parent adds the canvas after parenting)
drawn = lambda: [c for c in parent.canvas.children if c in (before.canvas, badge.canvas, after.canvas)]
hidden = (drawn() == [before.canvas, after.canvas], badge.opacity, badge.parent is parent)
badge.shown = True
shown = (drawn() == [before.canvas, badge.canvas, after.canvas], badge.opacity)
print(repr({"hidden": hidden, "shown": shown}))
"""


@pytest.mark.ui
def test_a_hidden_widget_is_not_drawn_and_keeps_its_place(display, kivy_home):
    result = _run(SHOWN, display, kivy_home)
    assert result["hidden"] == (True, 0, True)  # out of the drawing, still a child (layout unchanged)
    assert result["shown"] == (True, 1)  # back between the same neighbours


SHOWN_SIBLINGS = r"""
from ui.app import configure_kivy
configure_kivy((800, 480))
from kivy.clock import Clock
from kivy.uix.widget import Widget
from ui.widgets.shown import ShownLabel

parent = Widget()
a, b, c, d = (ShownLabel(text=t) for t in "ABCD")
for child in (a, b, c, d):
    parent.add_widget(child)
Clock.tick()
names = {a.canvas: "A", b.canvas: "B", c.canvas: "C", d.canvas: "D"}
drawn = lambda: "".join(names[c] for c in parent.canvas.children if c in names)
b.shown = False
a.shown = False
b.shown = True
middle = drawn()
a.shown = True
print(repr({"middle": middle, "all": drawn()}))
"""


@pytest.mark.ui
def test_hidden_siblings_come_back_in_their_order(display, kivy_home):
    # B came back at the place it left (1), after C, while A was hidden meanwhile: a Cellar
    # room's hunters' names were drawn over its ghosts
    assert _run(SHOWN_SIBLINGS, display, kivy_home) == {"middle": "BCD", "all": "ABCD"}


LAZY = r"""
from ui.app import configure_kivy
configure_kivy((800, 480))
from kivy.uix.screenmanager import Screen
from ui.root import InstantTransition, LazyScreenManager

built = []
def settings():
    built.append("settings")
    return Screen(name="settings")

manager = LazyScreenManager(transition=InstantTransition())
manager.makers["settings"] = settings
manager.add_widget(Screen(name="home"))
before = (list(built), manager.has_screen("settings"), manager.screen_names)
manager.current = "settings"
shown = (list(built), manager.current_screen.name, [s.name for s in manager.children])
manager.current = "home"
manager.current = "settings"
again = (list(built), manager.get_screen("settings") is manager.current_screen)
print(repr({"before": before, "shown": shown, "again": again}))
"""


@pytest.mark.ui
def test_a_seldom_used_screen_is_built_when_first_shown_and_only_once(display, kivy_home):
    result = _run(LAZY, display, kivy_home)
    assert result["before"] == ([], True, ["home"])
    assert result["shown"] == (["settings"], "settings", ["settings"])
    assert result["again"] == (["settings"], True)
