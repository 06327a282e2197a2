"""The game-over panel (issue 17 item 5): the result in large type, green for a win and red
for a loss (gold names for the winners), the rule that ended it, the final scores, the CLUE
solution. Its New game button is the choice panel's (:mod:`ui.widgets.choices`); the header's
Undo takes back the input that ended the game (no second Undo in the column: its row is the
summary's, issue 29 item 7)."""

from __future__ import annotations

from kivy.metrics import dp, sp
from kivy.properties import BooleanProperty, DictProperty, ListProperty, NumericProperty, ObjectProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label

from ui import theme
from ui.summary import Summary, fitting, moment_text, moments, spread, summarise
from ui.text import coloured, english, escape_markup
from ui.widgets.frame import before_frame


def _label(text: str, size: float, colour=theme.TEXT, bold: bool = False, halign: str = "center") -> Label:
    label = Label(text=text, font_size=size, color=colour, bold=bold, halign=halign, markup=True,
                  size_hint_y=None)
    label.bind(width=lambda w, width: setattr(w, "text_size", (width, None)),
               texture_size=lambda w, ts: setattr(w, "height", ts[1]))
    return label


def _moment(text: str, size: float, width: float) -> Label:
    """One moment of the game, whole: wrapped at ``width`` (px), never cut (issue 29: one line
    cut with "…" at 20 px hid what happened); its height is its text's, measured now."""
    label = _label(text, size, theme.TEXT_DIM, halign="left")
    label.text_size = (width, None)
    label.texture_update()
    label.height = label.texture_size[1]
    return label


#: A moment's type, in px at scale 1: a line a player reads from a metre (issue 29: 26 px,
#: as the buttons other than the main one).
MOMENT_FONT = 26

#: The moments the panel looks for before it stops making room for more (issue 29 item 7:
#: "three to five moments of the game").
WANTED = 3

#: The most moments the panel measures to find the ones that fit (spread over the game): a
#: long game keeps up to 200 (:data:`companion.moments.MOST`), each a label to lay out.
CANDIDATES = 40

#: The rule that ended the game, the scores and the CLUE envelope, in px at scale 1: read from
#: a metre as the moments are (trial3: 18 and 22 px, the smallest text on the screen).
SUMMARY_FONT = 26

#: The result's sizes, px at scale 1, largest first: a smaller one only when the panel's
#: lines do not fit in its :attr:`GameOverPanel.most`; never under the prompt's 32 px (issue
#: 29: it went down to 26 px, the summary's floor, where the figures under it were tight).
HEADLINE_FONTS = (34, 32)

#: The panel's properties taken from the model's (:class:`ui.model.TableModel`) while over.
FOLLOWED = {"ending": "ending", "prompt": "prompt_text", "summary": "summary", "news": "news", "moments": "moments",
            "colours": "colours"}


class GameOverPanel(BoxLayout):
    """Shows :func:`ui.summary.summarise` of the finished game; zero height while it runs.

    Attributes:
        model: the table's model: while the game is over the panel takes its ending, prompt,
            summary, news, moments and colours at every change (:data:`FOLLOWED`); while
            it runs, it does not follow them (issue 27 item 7: the table's panel and Home's
            each took a copy of every state's view and log for nothing).
        prompt, news: the last state's prompt text and news lines.
        summary: how the game ended (the prompt's ``summary``; "" when the game gives none).
        ending: the prompt's ``ending`` (won or lost, winners, scores, solution; {} when the
            game gives none).
        colours: player name -> palette key.
        tr: the translate function (``app.tr._``); set before the view.
    """

    ending = DictProperty({})
    prompt = StringProperty("")
    summary = StringProperty("")
    news = ListProperty([])
    moments = ListProperty([])
    colours = DictProperty({})
    scale = NumericProperty(1.0)
    over = NumericProperty(0)
    tr = ObjectProperty(english)
    #: At most this many moments of the game under the result (0: none), fewer when they do
    #: not fit in :attr:`room`.
    moments_shown = NumericProperty(0)
    #: The most height (px) the panel may take with its moments (the result and figures
    #: show whatever it is); set by the screen that holds it.
    room = NumericProperty(0)
    #: The most height (px) the result and figures may take (0: as tall as they need): the
    #: table screen's column keeps the main button (New game) its room under it.
    most = NumericProperty(0)
    model = ObjectProperty(None, allownone=True)
    #: Moments show here only when at least this many fit (or all the game had, when fewer).
    #: The table screen sets 1 (screen16): one or two moments under the result tell the table
    #: something of its game where the column stood empty (the Recap card, one touch away,
    #: keeps them all).
    least = NumericProperty(3)
    #: The game had moments and none show here: the screen offers the moments card
    #: (:mod:`ui.widgets.moments_card`).
    more = BooleanProperty(False)

    def __init__(self, **kwargs):
        self._followed = None  # the model whose changes the panel takes now
        self.moment_labels: list[Label] = []  # the moments on show (the readability audit reads them)
        super().__init__(orientation="vertical", size_hint_y=None, height=0, **kwargs)
        self.bind(minimum_height=self.setter("height"))
        self.bind(ending=self._show, moments=self._show, moments_shown=self._show, prompt=self._show, news=self._show,
                  summary=self._show, over=self._show, scale=self._show, colours=self._show, tr=self._show)
        self.bind(model=self._follow, over=self._follow)
        # a new width or room: the moments wrap again, before the frame is drawn (frames16: at
        # game over the room grows as the hidden rows' gaps go, after ``over`` showed the panel
        # with the old room; a trigger at 0 drew that first pick, then the final one a frame later)
        self._refit = before_frame(self._show)
        self.bind(width=self._refit, room=self._refit, most=self._refit)

    def _follow(self, *_args) -> None:
        """Follow the model while the game is over (and take it as it is now), else not."""
        if self._followed is not None:
            self._followed.unbind(**{name: self._take for name in FOLLOWED.values()})
            self._followed = None
        if self.model is not None and self.over:
            self._followed = self.model
            self.model.bind(**{name: self._take for name in FOLLOWED.values()})
            self._take()

    def _take(self, *_args) -> None:
        for mine, theirs in FOLLOWED.items():
            setattr(self, mine, getattr(self.model, theirs))

    def _show(self, *_args) -> None:
        self.clear_widgets()
        self.moment_labels = []
        if not self.over:
            self.opacity = 0
            self.more = False
            return
        self.opacity = 1
        summary = summarise(self.prompt, [str(n) for n in self.news], self.summary, dict(self.ending))
        unit = dp(1) * self.scale
        self.spacing = 4 * unit
        self.padding = (0, 2 * unit)
        lines, self.moment_labels = self._laid_out(summary)
        for label in lines + self.moment_labels:
            self.add_widget(label)
        self.more = bool(self.moments) and not self.moment_labels

    def _laid_out(self, summary: Summary) -> tuple[list[Label], list[Label]]:
        """The result and figures, and the moments that fit under them. Where :attr:`least`
        moments do not fit under everything, the scores' heading gives them its room (issue 29
        item 7: Children's game over at 800×480 showed no moment of the game at all), its words
        leading the scores' line where that holds one line; where it does not, only when no
        moment would show with it (screen20b: "Bo 3  Ada 1  Cy 1" with nothing to say what
        they count). The rule that ended the game stays. When even so too few fit, the panel keeps all its lines and
        the moments card has them."""
        full = self._fitting_lines(summary)
        if not self.moments_shown or not self.moments:
            return full, []
        best: tuple[list[Label], list[Label]] = (full, [])
        for lines in (full, self._fitting_lines(summary, heading=False)):
            if lines is not full and best[1] and not self._says_heading(summary, lines):
                break  # screen20b: the figures keep what they count rather than make room for one more moment
            for label in lines:  # measured where they will show (_fitting_moments reads the panel's)
                self.add_widget(label)
            labels = self._fitting_moments(summary)
            self.clear_widgets()
            if len(labels) > len(best[1]):
                best = (lines, labels)
            if len(best[1]) >= self._wanted():
                break
        return best

    @staticmethod
    def _says_heading(summary: Summary, lines: list[Label]) -> bool:
        """``lines`` say what the scores count (or there are none)."""
        heading = escape_markup(summary.scores_heading)
        return not (summary.scores and heading) or any(heading in label.text for label in lines)

    def _fitting_lines(self, summary: Summary, heading: bool = True, reason: bool = True) -> list[Label]:
        """The result, the rule that ended it, the envelope and the scores, held in :attr:`most`
        when it is set (issue 29 audit: taller, they pushed the choices over New game): the
        headline smaller (:data:`HEADLINE_FONTS`, never under 32 px), then without the scores'
        heading, then, as a last resort, without the rule (History keeps it). Since the column
        gives the summary the row the choices' "Undo the last move" kept, the rule shows at
        800×480, 1024×600 and 720×1280 in every game (test_gameover_layout). The envelope and
        the scores stay. ``heading``, ``reason``: False leaves the scores' heading, the rule,
        out from the first try (the moments need their room: :meth:`_laid_out`)."""
        width = self.width - self.padding[0] - self.padding[2]
        least = HEADLINE_FONTS[-1]
        tries = [(size, heading, reason) for size in HEADLINE_FONTS] + [(least, False, reason), (least, False, False)]
        for size, heading, reason in tries:
            labels = self._lines(summary, size, heading, reason)
            if not self.most or width <= 1 or self._height_of(labels, width) <= self.most + 0.5:
                break
        return labels

    def _height_of(self, labels: list[Label], width: float) -> float:
        """The panel's height with ``labels`` wrapped at ``width`` (px), measured now (their
        heights set: not on the next frame)."""
        for label in labels:
            label.text_size = (width, None)
            label.texture_update()
            label.height = label.texture_size[1]
        gaps = self.spacing * max(0, len(labels) - 1)
        return sum(label.height for label in labels) + gaps + self.padding[1] + self.padding[3]

    def _lines(self, summary: Summary, headline: float, heading: bool, reason: bool) -> list[Label]:
        """The panel's lines: the headline at ``headline`` px (at scale 1), the rule that ended
        the game (``reason``), the envelope, the scores (with their heading: ``heading``)."""
        _ = self.tr
        font = sp(SUMMARY_FONT) * self.scale
        lines = [_label(self._headline(summary), sp(headline) * self.scale, self._colour(summary), bold=True)]
        if reason:
            lines += [_label(escape_markup(line), font, theme.TEXT_DIM) for line in summary.reason]
        if summary.solution:
            text = _("The envelope held: {cards}", cards=" · ".join(summary.solution))
            lines.append(_label(escape_markup(text), font, theme.GOLD, bold=True))
        if summary.scores and heading:
            lines.append(_label(escape_markup(summary.scores_heading), font, theme.TEXT_DIM))
        if summary.scores:
            lines.append(_label(self._scores_line(summary, font, heading), font, bold=True))
        return lines

    def _scores_line(self, summary: Summary, font: float, heading: bool) -> str:
        """The scores; when their heading has no line of its own (the moments took it), led by
        it where that still fits one line: "Ghosts trapped: Bo 3   Ada 1" (screen20b: in
        portrait the figures stood with nothing to say what they count)."""
        scores = self._scores(summary)
        if heading or not summary.scores_heading:
            return scores
        _ = self.tr
        led = _("{heading}: {scores}", heading=coloured(summary.scores_heading, theme.TEXT_DIM), scores=scores)
        probe = _label(led, font, bold=True)
        probe.texture_update()  # unwrapped: its width on one line
        width = self.width - self.padding[0] - self.padding[2]
        return led if 1 < probe.texture_size[0] <= width else scores

    def _fitting_moments(self, summary: Summary) -> list[Label]:
        """Moments of the game whose wrapped lines fit in :attr:`room` under what the panel shows
        already, "Turn 12: ..." each, whole: the most (up to :attr:`moments_shown`) spread over
        the game that fit, looked for among all of them, then among the shorter ones only (many
        short moments rather than one long one), until three fit; none when fewer than
        :attr:`least` fit (the moments card has them)."""
        width = self.width - self.padding[0] - self.padding[2]
        if width <= 1:
            return []
        for child in self.children:  # their heights now, at this width (not on the next frame)
            child.text_size = (width, None)
            child.texture_update()
            child.height = child.texture_size[1]
        free = self.room - sum(child.height + self.spacing for child in self.children) \
            - self.padding[1] - self.padding[3]
        count = int(self.moments_shown)
        every = moments(list(self.moments), summary.reason, CANDIDATES)
        # a kind of moment that came often (Creepy Cellar's treasures) gives its first and last;
        # all of them again where that leaves fewer that fit (Children's one-line traps: screen16)
        best = self._most_fitting(moments(list(self.moments), summary.reason, CANDIDATES, telling=count),
                                  width, free, count)
        if len(best) < self._wanted():
            found = self._most_fitting(every, width, free, count)
            best = found if len(found) > len(best) else best
        return best if len(best) >= min(int(self.least), len(every), count) else []

    def _most_fitting(self, every: list[dict], width: float, free: float, count: int) -> list[Label]:
        """The labels of the most of ``every`` (up to ``count``) that fit in ``free`` px at
        ``width``: spread over them, among all, then among the shorter ones only, until
        :meth:`_wanted` fit; else the most that fit of a spread pick, the tallest left out."""
        labels = [_moment(escape_markup(moment_text(m, self.tr)), sp(MOMENT_FONT) * self.scale, width) for m in every]
        best: list[Label] = []
        for pool in _pools([one.height for one in labels]):
            kept = self._spread_fitting(pool, labels, count, free)
            if len(kept) > len(best):
                best = kept
            if len(best) >= self._wanted():
                return best
        # else the most that fit of a spread pick, the tallest left out first
        picked = [labels[i] for i in spread(list(range(len(every))), count)]
        kept = [picked[i] for i in fitting([one.height + self.spacing for one in picked], free, 0)]
        return kept if len(kept) > len(best) else best

    def _spread_fitting(self, pool: list[int], labels: list[Label], count: int, free: float) -> list[Label]:
        """The most of ``pool`` (up to ``count``), spread over it, whose ``labels`` all fit in
        ``free`` px (the first and the last of the pool's moments, the rest between: not the
        latest few, as leaving out the tallest of equal ones did)."""
        for n in range(min(count, len(pool)), 0, -1):
            chosen = [labels[i] for i in spread(pool, n)]
            if sum(one.height + self.spacing for one in chosen) <= free + 0.5:
                return chosen
        return []

    def _wanted(self) -> int:
        """How many moments the panel looks for before it stops trying to fit more: three
        (issue 29: "three to five moments"), or all the game had, or :attr:`moments_shown`."""
        return min(WANTED, len(self.moments), int(self.moments_shown))


    def _headline(self, summary: Summary) -> str:
        text = escape_markup(summary.headline)
        for name in summary.winners:  # the winners' names in their colours
            colour = theme.on_dark(theme.player_colour(name, self.colours, theme.GOLD))
            text = text.replace(escape_markup(name), coloured(name, colour))
        return text

    @staticmethod
    def _colour(summary: Summary) -> tuple:
        return {"won": theme.WON, "lost": theme.LOST}.get(summary.result, theme.TEXT)

    def _scores(self, summary: Summary) -> str:
        """"Ada 18 · Bo 9", names in their colours."""
        def ink(name: str) -> tuple:
            return theme.on_dark(theme.player_colour(name, self.colours, theme.TEXT))

        return "   ".join(f"{coloured(name, ink(name))} {value}" for name, value in summary.scores)


def _pools(heights: list[float]) -> list[list[int]]:
    """The moments to pick from, by index in ``heights`` (each one's, px): all of them first;
    then only the shorter ones: one line, then up to two... (issue 29 item 7: three one-line
    moments fit under Children's result at 800×480 where a spread pick of two-line ones left
    none)."""
    pools = [list(range(len(heights)))]
    for tallest in sorted(set(heights))[:-1]:
        pools.append([i for i, height in enumerate(heights) if height <= tallest])
    return pools
