"""Issue 31 item 8: every prompt, news line and refusal of bounded random playouts, in
English and in Italian, read for the slips found at the table: ", then" after a sentence
that has no step left ("has no moves left, then End turn"), "a" before a vowel ("a item"),
doubled punctuation ("Fight!."), "the" before a name ("tap the Rosie"), and a count with the
wrong plural ("after 1 inputs").

Bounded: a few seeds per game, a few hundred steps each, a handful of refusals probed per
step (keys seen earlier in the playout that are not choices now, and a tapped component).
"""

from __future__ import annotations

import random
import re

import pytest
from test_playout import GAME_IDS, GAMES, pick_action, random_setup

from companion.i18n import render

SEEDS = 5
STEPS = 300
PROBES = 3  # refusals probed per step

#: Names a sentence never puts "the" before (players, named ghosts and kids, placeholders).
_NAMES = r"(?:Ada|Bo|Cy|Di|Eve|Fay|Gus|Hal|Rosie|Penny|Mike Hanlon|Bill Denbrough|Kid \d|Item \d|Location \d)"
#: English nouns counted in sentences: singular -> plural.
_COUNTED = ("input", "action", "card", "bulb", "ghost", "space", "point", "move", "token", "treasure", "turn",
            "hunter", "player", "skull token")
_CONTATI = (("carta", "carte"), ("azione", "azioni"), ("lampadina", "lampadine"), ("fantasma", "fantasmi"),
            ("punto", "punti"), ("mossa", "mosse"), ("giocatore", "giocatori"), ("stanza", "stanze"))

ENGLISH = {
    "', then' after a sentence with no step": re.compile(
        r"\b(?:cannot|can't|has no|have no|no \w+ left|is out)\b[^.:;!?]*, then\b"),
    "'a' before a vowel": re.compile(r"(?:(?:^|[\s(“\"])a|(?:^|[.!?:;(“\"]\s?)A) (?:[aeioAEIO]\w|8\b|11\b|18\b)"),
    "doubled punctuation": re.compile(r"(?<![\s.])[.!?:;,][.!?:;,](?![.\"”])|[.!?]\s+[.!?]"),
    "'the' before a name": re.compile(rf"\b[tT]he {_NAMES}\b"),
    "a count with the wrong plural": re.compile(
        r"(?<![\w.])1 (?:" + "|".join(f"{w}s" for w in _COUNTED) + r")\b"
        r"|(?<![\w.#])(?:0|[2-9]|\d\d+) (?:" + "|".join(_COUNTED) + r")\b"
        r"(?!s|-| \d| [A-N]\b| (?:icon|card|token)s?\b)"),
}
ITALIAN = {
    "', poi' after a sentence with no step": re.compile(r"\b(?:non può|non ha)\b[^.:;!?]*, poi\b"),
    "doubled punctuation": ENGLISH["doubled punctuation"],
    "a count with the wrong plural": re.compile(
        r"(?<![\w.])1 (?:" + "|".join(p for _, p in _CONTATI) + r")\b"
        r"|(?<![\w.#])(?:0|[2-9]|\d\d+) (?:" + "|".join(s for s, _ in _CONTATI) + r")\b(?! \d| [A-N]\b)"),
}


def slips(text) -> list[str]:
    """The patterns ``text`` shows, in English and in Italian."""
    found = []
    for lang, patterns in (("en", ENGLISH), ("it", ITALIAN)):
        shown = str(render(text, lang)).replace("...", "…")
        found += [f"{lang} {name}: {shown}" for name, pattern in patterns.items() if pattern.search(shown)]
    return found


def test_the_patterns_catch_the_slips_reported_at_the_table():
    """Each pattern fires on the sentence of issue 31 that it stands for, and not on its fix."""
    for bad in ("Ada (in room A) has no moves left, then End turn", "That is a item card", "Undone: Fight!.",
                "Piece 3 of 72: tap the Rosie.", "Resumed game 1 after 1 inputs.", "show 2 bulb here",
                "The blue hunter is not in this game (1 hunters).", "up to 1 spaces"):
        assert slips(bad), bad
    for good in ("Ada (in room A) has no moves left: touch End turn", "That card is from the item pile",
                 "Undone: Fight!", "Piece 3 of 72: Rosie. Tap its tag.", "Resumed game 1 after 1 input.",
                 "Ada (in room B): move up to 3, then Done moving", "Attack: 2 + 3 (items) + 3 (die) = 8.",
                 "Wait...", "An item card"):
        assert not slips(good), good


def _probe(spec, state, seen: list[str], components: list[str], rng: random.Random, choices: set[str]):
    """A few refusals now: keys seen earlier that are not choices now, and a tapped component."""
    out = []
    for key in rng.sample(seen, min(PROBES, len(seen))):
        if key not in choices:
            out.append(spec.refusal(state, key, None))
    out.append(spec.refusal(state, None, rng.choice(components)))
    return [text for text in out if text]


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_prompts_news_and_refusals_read_right_in_both_languages(game_id):
    spec = GAMES[game_id]
    components = sorted(spec.components)
    found: dict[str, str] = {}
    for seed in range(SEEDS):
        rng = random.Random(f"words:{game_id}:{seed}")
        players, options = random_setup(spec, rng)
        state = spec.setup(players, options)
        seen: list[str] = []
        for _ in range(STEPS):
            prompt = spec.prompt(state)
            texts = [prompt.text, *spec.news(state)] + [c.label for c in prompt.choices]
            if prompt.over:
                for text in texts:
                    found.update(dict.fromkeys(slips(text), ""))
                break
            choices = {c.key for c in prompt.choices}
            texts += _probe(spec, state, seen, components, rng, choices)
            for text in texts:
                found.update(dict.fromkeys(slips(text), ""))
            seen = sorted(set(seen) | {k for k in choices if ":" in k or k.isalpha()})
            state = spec.apply(state, pick_action(spec, state, prompt, rng, 4.0))
    assert not found, "\n".join(sorted(found))
