"""Listen to the voice as a player would (session 15, helper voice15): a whole table script of
each game, in English and Italian, through the real daemon with the real voice client beside
it speaking with espeak-ng into ``OUT/<game>-<lang>/`` (numbered WAV files and
``spoken.jsonl``, as ``companion voice --to DIR``); then ``sox FILE -n stat`` on every file and
a table of figures (lines, total seconds, longest line, RMS range, clipping) plus the lines a
player would trip over (too long, too short, silent, clipped, said twice in a row, codes).

    .venv/bin/python -m benchmarks.voice_listen [--out /tmp/voice15] [--games children,clue_it]
        [--langs en,it] [--measure-only]
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import subprocess
import tempfile
from pathlib import Path

from companion.games.house_of_spirits import components as hc
from companion.voice.engines import Espeak
from tests.i18n_walk import english_left
from tests.voice.table import SCRIPTS, play

#: The script played of each game (a whole game, won or solved).
GAMES = {
    "children": "children/players_win.jsonl",
    "creepy_cellar": "creepy_cellar/basic-won.jsonl",
    "house_of_spirits": "house_of_spirits/secret_cards.jsonl",
    "clue_it": "clue_it/solved.jsonl",
    "ghost_at_home": "ghost_at_home/three_players.jsonl",
}

#: Longer than this, a line is hard to follow at the table; shorter, it is a blip.
LONG, SHORT = 8.0, 0.3

#: Things a voice should not read out as written: codes, die notations, ids.
CODES = re.compile(r"\b(?:[A-Z]\d+|\d+D\d+|item-\d+|SP|PV|[a-z]+_[a-z0-9_]+|[a-z]+-\d+)\b")

#: Italian singular imperatives ("tu"), wrong in a line to the whole table (one that does not
#: start with a player's name and a colon), after tests/test_i18n.py's list; and "riducete"
#: (voi), wrong to one player.
TU = re.compile(r"(?:^|[.:;!?] )(Sblocca|Sposta|Togli|Metti|Rimetti|Sostituisci|Chiudi|Gira|Scarta|Posa|Prendi|"
                r"Appoggia|Tira|Mescola)\b|\b(sostituisci|togli|rimetti|prendi|sconfiggi|iniziane|riducete)\b")

#: What may never be said: House of Spirits' secret victory cards.
SECRETS = tuple(hc.card(c).name for c in hc.ids("secret"))

#: The players of the scripts (kept out of the English-word check).
PLAYERS = ("Ada", "Bo", "Cy")


def render(out: Path, game: str, lang: str) -> Path:
    """Play ``game``'s script in ``lang`` with espeak-ng; its WAV files end up in ``out/<game>-<lang>``."""
    target = out / f"{game}-{lang}"
    shutil.rmtree(target, ignore_errors=True)
    with tempfile.TemporaryDirectory(prefix="voice-listen-") as tmp:
        play(Path(tmp), SCRIPTS / GAMES[game], lang, engine=Espeak())
        shutil.copytree(Path(tmp) / "spoken", target)
    return target


def stat(path: Path) -> dict[str, float]:
    """``sox FILE -n stat``'s length (s), RMS and extreme amplitudes."""
    text = subprocess.run(["sox", str(path), "-n", "stat"], capture_output=True, text=True, check=True).stderr
    figures = dict(re.findall(r"^([A-Za-z ()]+?):\s+(-?[\d.]+)", text, re.M))
    return {"seconds": float(figures["Length (seconds)"]), "rms": float(figures["RMS     amplitude"]),
            "max": float(figures["Maximum amplitude"]), "min": float(figures["Minimum amplitude"])}


def measure(directory: Path) -> list[dict]:
    """Every line said into ``directory``, with its figures."""
    lines = [json.loads(line) for line in (directory / "spoken.jsonl").read_text(encoding="utf-8").splitlines()]
    return [{**line, **stat(directory / line["file"])} for line in lines]


def outliers(lines: list[dict]) -> list[str]:
    """What a player would trip over, one line of text each."""
    found, before = [], None
    for line in lines:
        where = f'{line["file"]} ({line["seconds"]:.2f} s) {line["text"]!r}'
        if line["rms"] < 0.01:
            found.append(f"silent: {where}")
        if max(line["max"], -line["min"]) >= 0.999:
            found.append(f"clipped: {where}")
        if line["kind"] != "cue" and line["seconds"] > LONG:
            found.append(f"long: {where}")
        if line["kind"] != "cue" and line["seconds"] < SHORT:
            found.append(f"short: {where}")
        if before is not None and line["kind"] != "cue" and line["text"] == before["text"]:
            found.append(f"twice: {where}")
        if line["kind"] != "cue":
            found += [f"{problem}: {where}" for problem in _words(line)]
            before = line
    return found


def _words(line: dict) -> list[str]:
    """What reads wrong in a said line: a code, a secret card, and in Italian "tu" to the
    table or an English word."""
    text, problems = line["text"], []
    if CODES.search(text):
        problems.append(f"code {CODES.search(text)[0]!r}")
    problems += [f"secret {secret!r}" for secret in SECRETS if secret in text]
    if line["lang"] == "it":
        to_one = re.match(r"[^:.!]{1,24}: ", text)  # "Ada: pesca" is to Ada
        tu = re.search(r"\briducete\b", text) if to_one else TU.search(text)
        if tu:
            problems.append(f"tu {tu[0]!r}")
        problems += [f"English {word!r}" for word in english_left(text, "it", PLAYERS)]
    return problems


def figures(name: str, lines: list[dict]) -> str:
    """One row of the table: lines, total seconds, longest, RMS range, clipped files."""
    said = [line for line in lines if line["kind"] != "cue"]
    longest = max(said, key=lambda line: line["seconds"])
    clipped = sum(max(line["max"], -line["min"]) >= 0.999 for line in lines)
    return (f'| {name} | {len(said)} (+{len(lines) - len(said)} cues) | {sum(x["seconds"] for x in lines):.0f} '
            f'| {longest["seconds"]:.1f} s: {longest["text"]} '
            f'| {min(x["rms"] for x in said):.3f}–{max(x["rms"] for x in said):.3f} | {clipped} |')


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=Path("/tmp/voice15"))
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--langs", default="en,it")
    parser.add_argument("--measure-only", action="store_true", help="measure what an earlier run wrote")
    args = parser.parse_args()
    rows, found = [], []
    for game in args.games.split(","):
        for lang in args.langs.split(","):
            directory = args.out / f"{game}-{lang}" if args.measure_only else render(args.out, game, lang)
            lines = measure(directory)
            (directory / "measured.jsonl").write_text(
                "".join(json.dumps(line, ensure_ascii=False) + "\n" for line in lines), encoding="utf-8")
            (directory / "transcript.txt").write_text(
                "".join(f'{line["kind"]:7} {line["seconds"]:5.2f} {line["text"]}\n' for line in lines),
                encoding="utf-8")
            rows.append(figures(f"{game} {lang}", lines))
            found += [f"{game} {lang}: {text}" for text in outliers(lines)]
    print("| game, language | lines | total s | longest line | RMS min–max | clipped |")
    print("|---|---|---|---|---|---|")
    print("\n".join(rows))
    print(f"\n{len(found)} outliers")
    print("\n".join(found))


if __name__ == "__main__":
    main()
