"""A ScrollView whose bar stays lit (issue 27 item 7).

Kivy fades a scroll bar from ``bar_color`` to ``bar_inactive_color`` half a second after
every scroll or re-layout, with a half-second :class:`~kivy.animation.Animation`. Where the
two colours are the same (the lesson's bar: the one sign there is more to read) the
animation still ran: its float steps (0.66 -> 0.6599999999999999) changed the bar's colour
on every tick, re-evaluating the bar's kv rule and redrawing the whole window for half a
second after each state message. Here nothing fades when there is nothing to fade.
"""

from __future__ import annotations

from kivy.factory import Factory
from kivy.uix.scrollview import ScrollView


class LitBarScrollView(ScrollView):
    """A :class:`ScrollView` (set ``bar_inactive_color`` to ``bar_color``: the bar stays lit)
    that starts no fade between two equal colours."""

    def _bind_inactive_bar_color(self, *args) -> None:
        if list(self.bar_inactive_color) == list(self.bar_color):
            return  # the bar keeps bar_color, which is the same colour
        super()._bind_inactive_bar_color(*args)


Factory.register("LitBarScrollView", cls=LitBarScrollView)
