"""Enrollment: the walk through every tagged piece of a game, on screen ("Piece 14 of 81:
tap the Ghost card room H."), driven by the state message's ``enrollment``; Skip, Undo and
Stop are the daemon's ``enroll_skip``/``enroll_undo``/``enroll_stop`` commands."""

from __future__ import annotations

from kivy.uix.screenmanager import Screen

from ui.kvloader import load_kv
from ui.widgets import buttons  # noqa: F401  (kv uses TouchButton)


class EnrollScreen(Screen):
    """Shows ``app.model.enrollment``."""

    def __init__(self, **kwargs):
        load_kv("enroll")
        super().__init__(name="enroll", **kwargs)

    @staticmethod
    def said(walk: dict | None) -> str:
        """What the last tap, skip or undo did: the walk's message without the instruction
        it ends with (that one is the big text)."""
        walk = walk or {}
        message, asking = walk.get("message", ""), walk.get("asking", "")
        if asking and message.endswith(asking):
            message = message[: -len(asking)].rstrip()
        return message
