"""Work done before the next frame is drawn (issue 17 item 10)."""

from __future__ import annotations

from kivy.clock import Clock


def before_frame(callback):
    """A Clock trigger that runs ``callback`` once before the next frame is drawn, however
    often it is pulled meanwhile: what a state changes is rebuilt in time for that state's
    own frame. (A trigger at 0 runs on the tick after that frame: a state drew two frames,
    the first one with the old buttons, log and todo lines.)"""
    return Clock.create_trigger(callback, -1)
