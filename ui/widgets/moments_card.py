"""The moments card (issue 29 item 7): the finished game's moments, read from a metre, one
touch away where the page has no room for three of them under the result and its figures
(Home at 800x480 and 1024x600; the table's game-over view at every size: its Recap tool,
in Table check's place).

The card is an :class:`~ui.widgets.panel.Overlay` like the lesson card: its heading, then up
to five moments ("Turn 12: ...", :func:`ui.summary.moment_text`) spread over the game, whole,
at the first of :data:`SIZES` at which they all fit the card (the tallest left out until the
rest fit at the floor); never a scroll view. One big Close at the card's bottom right, where
the main button is on the table (a touch outside closes it too). A new game closes it; a
language switch says it again in the new language (issue 29: it kept the old one).
"""

from __future__ import annotations

import weakref

from kivy.core.window import Window
from kivy.metrics import sp
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label
from kivy.uix.widget import Widget
from kivy.utils import escape_markup

from ui import theme
from ui.layout import MAIN_FONT, MAIN_HEIGHT
from ui.summary import fitting, moment_text, moments, summarise
from ui.widgets.buttons import TouchButton
from ui.widgets.lesson import PADDING, SHARE, SPACING
from ui.widgets.panel import Overlay, Panel, reading_label, unit_of

#: The moments' sizes (sp at scale 1), largest first: 32 as the prompt, down to 26 (the
#: buttons' floor, the audit's "moment" floor).
SIZES = (32, 30, 28, 26)
#: The most moments the card gives (issue 29: three to five).
MOST = 5
#: The heading's size (sp at scale 1).
HEADING_FONT = 32


class MomentsCard(Overlay):
    """The card; :meth:`show` lays out the app model's moments.

    Attributes:
        labels: the moments on show; ``font_px``: the size they are drawn at (px).
        close_button: Close, bottom right.
    """

    def __init__(self, app, **kwargs):
        super().__init__(size_hint=SHARE, **kwargs)
        self.app, self.font_px = app, 0.0
        self.labels: list[Label] = []
        unit = unit_of(app)
        box = Panel(unit)
        self.heading = reading_label(sp(HEADING_FONT) * app.scale, bold=True, color=theme.GOLD)
        box.add_widget(self.heading)
        self.list = BoxLayout(orientation="vertical", spacing=SPACING * unit)
        box.add_widget(self.list)
        row = BoxLayout(size_hint_y=None, height=MAIN_HEIGHT * unit, spacing=SPACING * unit)
        row.add_widget(Widget())
        self.close_button = TouchButton(text=app.tr._("Close"), bold=True, font_size=sp(MAIN_FONT) * app.scale,
                                        base_colour=theme.PRIMARY, down_colour=theme.PRIMARY_DOWN,
                                        size_hint_x=None, width=(Window.width * SHARE[0] - 2 * PADDING * unit) / 2)
        self.close_button.bind(on_release=lambda *_: self.dismiss(animation=False))
        row.add_widget(self.close_button)
        box.add_widget(row)
        self.add_widget(box)
        app.model.bind(over=self._over, moments=self._moments)
        app.tr.on_switch(_switched(self), owner=self)

    def _over(self, model, over) -> None:
        if not over:  # a new game, or the end taken back: the card goes with the summary
            self.dismiss(animation=False)

    def _moments(self, _model, _moments) -> None:
        """The daemon's moments again (after a language switch, in the new language)."""
        if self.parent is not None and self.app.model.over:
            self.show()

    def relabel(self) -> None:
        """The card's own words in the language switched to, and the moments again."""
        self.close_button.text = self.app.tr._("Close")
        self.show()

    def on_dismiss(self) -> None:
        self.app.model.unbind(over=self._over, moments=self._moments)

    def refitted(self) -> None:
        """The window turned: Close half the new card's width, the moments laid out again."""
        self.close_button.width = (Window.width * SHARE[0] - 2 * PADDING * unit_of(self.app)) / 2
        if self.labels:
            self.show()

    def show(self) -> None:
        """The heading and the moments, at the largest size at which they fit the card."""
        app, unit = self.app, unit_of(self.app)
        _ = app.tr._
        width = Window.width * SHARE[0] - 2 * PADDING * unit
        self.heading.text = escape_markup(_("Recap of the game"))
        self.heading.text_size = (width, None)
        self.heading.texture_update()
        self.heading.height = self.heading.texture_size[1]
        room = (Window.height * SHARE[1] - 2 * PADDING * unit - 2 * SPACING * unit - MAIN_HEIGHT * unit
                - self.heading.height)
        model = app.model
        reason = summarise(model.prompt_text, [str(n) for n in model.news], model.summary, dict(model.ending)).reason
        texts = [escape_markup(moment_text(m, _)) for m in moments(list(model.moments), reason, MOST)]
        gap = SPACING * unit
        for size in SIZES:
            labels = [self._label(text, sp(size) * app.scale, width) for text in texts]
            kept = fitting([label.height for label in labels], room, gap)
            if len(kept) == len(labels):
                break
        self.font_px = sp(size) * app.scale
        self.list.clear_widgets()
        self.labels = [labels[i] for i in kept]
        for label in self.labels:
            self.list.add_widget(label)
        self.list.add_widget(Widget())  # the moments at the top, the space under them

    @staticmethod
    def _label(text: str, size: float, width: float) -> Label:
        label = reading_label(size, text=text, color=theme.TEXT)
        label.text_size = (width, None)
        label.texture_update()
        label.height = label.texture_size[1]
        return label


def _switched(card: MomentsCard):
    """A language listener that holds ``card`` weakly (the translator keeps its listeners
    while their owner lives: see :meth:`ui.i18n.Translator.on_switch`)."""
    ref = weakref.ref(card)

    def relabel(_lang: str) -> None:
        shown = ref()
        if shown is not None and shown.parent is not None:
            shown.relabel()

    return relabel


def open_moments(app) -> MomentsCard:
    """Open the moments card over the screen on show (Home's "Recap of the game", the
    table's Recap tool); a second touch while it shows gives the card on show, not another."""
    card = next((w for w in Window.children if isinstance(w, MomentsCard)), None)
    if card is not None:
        return card
    card = MomentsCard(app)
    card.show()
    card.open(animation=False)
    return card
