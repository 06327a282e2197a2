"""No choice of any game is labelled like the step box's own button (issue 29: "one big
button, and only the right one").

The table screen's step box (ui/widgets/todo.py) acknowledges a physical instruction with
its "Done" ("Next ›" while a long step has pages left). Ghost at Home's main button ending
the room cards was also "Done" ("Fatto" twice in Italian), side by side: a player who
acknowledged the instruction ended the phase. The step box's words are read from the table
screen's kv file, so a new caption there is checked too; every registered game's prompts
are walked over seeded random games in each language the companion speaks.
"""

from __future__ import annotations

import random
import re

import pytest

from companion.engine import all_games, resolve_options
from companion.engine.playout import random_key
from companion.i18n import LANGUAGES, render, translations
from tests.checkout import ROOT

GAMES = all_games()
NAMES = ("Ada", "Bo", "Cy", "Di", "Eve", "Fay")
GAMES_PER_GAME = 20
ACTIONS = 250


def step_box_words() -> set[str]:
    """The step box's button captions, as the table screen's kv file gives them (English)."""
    kv = (ROOT / "ui" / "kv" / "table.kv").read_text(encoding="utf-8")
    words = dict(re.findall(r'^\s*(done_text|next_text):\s*app\.tr\._\("([^"]+)"\)', kv, re.MULTILINE))
    assert set(words) == {"done_text", "next_text"}, words
    return set(words.values())


def _said(words: set[str], lang: str) -> set[str]:
    return {translations(lang).gettext(w).casefold() for w in words}


def _labels(spec, seed: int):
    """Every (choice key, label) a seeded random game of ``spec`` offers, main or not."""
    rng = random.Random(f"{spec.id}:{seed}")
    players = list(NAMES[: rng.randint(spec.min_players, min(spec.max_players, len(NAMES)))])
    options = resolve_options(spec, {o.name: rng.choice(o.values) for o in spec.options})
    state = spec.setup(players, options)
    for _ in range(ACTIONS):
        prompt = spec.prompt(state)
        if prompt.over:
            return
        for choice in prompt.choices + prompt.out_of_turn:
            yield choice.key, choice.label
        state = spec.apply(state, random_key(prompt, rng, out_of_turn=True))


def test_the_step_box_words_are_read_from_the_table_screen():
    assert step_box_words() == {"Done", "Next"}
    assert _said(step_box_words(), "it") == {"fatto", "avanti"}


@pytest.mark.parametrize("game", list(GAMES))
def test_no_choice_is_labelled_like_the_step_boxs_button(game):
    spec = GAMES[game]
    box = step_box_words()
    same = set()
    for seed in range(GAMES_PER_GAME):
        for key, label in _labels(spec, seed):
            for lang in LANGUAGES:
                if str(render(label, lang)).strip().casefold() in _said(box, lang):
                    same.add((key, lang, str(render(label, lang))))
    assert not same, f"{game}: choices worded like the step box's button: {sorted(same)}"


def test_ghost_at_homes_room_cards_end_in_the_games_words():
    """The rulebook's action is "Gioca una o più carte stanza" (haunted-house-escape.it.txt):
    its main button ends them in those words, and the prompt names it so."""
    from dataclasses import replace

    from companion.games.ghost_at_home.state import Step

    ghosts = GAMES["ghost_at_home"]
    state = replace(ghosts.setup(["Ada", "Bo"], resolve_options(ghosts, {})), step=Step.ROOMS, hands=(0, 5))
    prompt = ghosts.prompt(state)
    done = prompt.choice("done")
    assert done is not None and done.main
    assert (render(done.label, "en"), render(done.label, "it")) == ("No more room cards", "Basta carte stanza")
    assert (render(prompt.text, "en"), render(prompt.text, "it")) == (
        "Ada: no other room card can be played now: touch “No more room cards”",
        "Ada: ora non si può giocare nessun'altra carta stanza: tocca «Basta carte stanza»")
