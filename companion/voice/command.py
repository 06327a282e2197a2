"""``companion voice`` (issue 28): the voice, its own process, a client of the daemon's socket.

* ``companion voice [--socket S] [--to DIR]``: speak what the table screen shows, in the
  table's language (``--to DIR``: write numbered WAV files and ``DIR/spoken.jsonl`` instead
  of playing);
* ``companion voice prepare``: render every fixed phrase of every game in both languages
  into the cache (``companion install`` runs it on the Pi);
* ``companion voice test``: say one sentence in each language;
* ``companion voice cues DIR``: write the six sound cues as WAV files.
"""

from __future__ import annotations

import logging
import signal
import subprocess
import sys
import threading
from dataclasses import dataclass
from pathlib import Path

from companion.i18n import LANGUAGES, msg, render
from companion.voice.cache import PhraseCache
from companion.voice.engines import Engine, make_engine
from companion.voice.outputs import Directory, Output, PlayerCommand, choose_player
from companion.voice.pronounce import Pronouncer
from companion.voice.utterance import CUES, Utterance

log = logging.getLogger(__name__)

#: What ``companion voice test`` says, in each language.
TEST_SENTENCE = msg("The house speaks: this is the companion's voice.")


@dataclass
class Parts:
    """What the voice is made of on this machine."""

    engine: Engine
    cache: PhraseCache
    pronouncer: Pronouncer
    output: Output


def parts(args, to: Path | None = None, pace: float = 0.0) -> Parts:
    """The engine, cache, pronunciation and output the config and ``args`` ask for."""
    from companion.config import load_config

    config = load_config(args.config).voice
    engine = make_engine(args.engine or config.engine, config.piper_models)
    cache = PhraseCache(args.cache or config.cache)
    output = Directory(to, pace) if to is not None else PlayerCommand(choose_player(config.player, config.device))
    return Parts(engine, cache, Pronouncer(config.pronounce), output)


def cmd_voice(args) -> int:
    """``companion voice``: follow the daemon until stopped (SIGTERM, Ctrl-C)."""
    from companion.paths import default_socket
    from companion.voice.client import VoiceClient
    from companion.voice.queue import SpeechQueue
    from companion.voice.speaker import Speaker

    made = parts(args, args.to, args.pace)
    queue = SpeechQueue()
    client = VoiceClient(args.socket or default_socket(), queue)
    speaker = Speaker(queue, made.engine, made.cache, made.output, client.settings, made.pronouncer).start()
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGTERM, lambda _sig, _frame: client.stop())
    try:
        client.run()
    except KeyboardInterrupt:
        client.stop()
    speaker.stop()
    return 0


def cmd_prepare(args) -> int:
    """``companion voice prepare``: every fixed phrase into the cache."""
    from companion.voice.prepare import prepare

    made = parts(args)
    speeds = ("normal", "slow") if args.speed == "both" else (args.speed,)
    done = prepare(made.engine, made.cache, made.pronouncer, speeds,
                   progress=lambda lang, speed, count: print(f"{lang}, {speed}: {count} phrases", flush=True))
    print(f"{done['rendered']} phrases rendered, {done['phrases'] - done['rendered']} already in "
          f"{made.cache.directory}")
    return 0


def cmd_test(args) -> int:
    """``companion voice test``: one sentence in each language, through the real output;
    exit 1, saying why in one line, when the player could not play them (nothing was heard)."""
    made = parts(args, args.to)
    for lang in LANGUAGES:
        text = render(TEST_SENTENCE, lang)
        print(f"{lang}: {text}", flush=True)
        sound = made.cache.get(made.engine, made.pronouncer(text, lang), lang, "normal")
        made.output.play(sound, Utterance(text, lang, "prompt"), threading.Event())
        if made.output.problem is not None:
            print(f"companion: voice test: nothing was heard: {made.output.problem} "
                  "(companion doctor checks the [voice] player and device)", file=sys.stderr)
            return 1
    return 0


def cmd_cues(args) -> int:
    """``companion voice cues DIR``: the six cues as WAV files."""
    for path in main_cues(args.dir):
        print(path)
    return 0


#: What ``voice cues`` writes beside the cues: each file's SHA-256 when it wrote it
#: (``sha256sum`` format), so that a later run knows which files are its own, unchanged.
CUES_MANIFEST = "cues.sha256"


def main_cues(directory: Path) -> list[Path]:
    """Write the six cues into ``directory`` (made if missing) and :data:`CUES_MANIFEST`;
    returns the cues' paths. A file of a cue's name is replaced only when this command wrote
    it and nobody changed it since (the manifest says so) or it already holds that cue.

    Raises:
        PathRefused: a file there is not one this command may replace (someone's own
            ``win.wav``, a link, a directory...); nothing was written.
    """
    import hashlib

    from companion.voice import cues

    sounds = {directory / f"{name}.wav": cues.cue(name) for name in CUES}
    ours = _cues_written_before(directory)
    for path, sound in sounds.items():
        _check_replaceable(path, {ours.get(path.name), hashlib.sha256(sound).hexdigest()})
    directory.mkdir(parents=True, exist_ok=True)
    for path, sound in sounds.items():
        path.write_bytes(sound)
    (directory / CUES_MANIFEST).write_text("".join(f"{hashlib.sha256(sound).hexdigest()}  {path.name}\n"
                                                   for path, sound in sounds.items()))
    return list(sounds)


def _cues_written_before(directory: Path) -> dict[str, str]:
    """``{file name: sha256}`` from the manifest a former ``voice cues`` wrote in ``directory``
    ({} when there is none).

    Raises:
        PathRefused: a file of the manifest's name that this command did not write.
    """
    import re
    import stat

    from companion.paths import PathRefused, describe

    manifest = directory / CUES_MANIFEST
    try:
        if not stat.S_ISREG(manifest.lstat().st_mode):
            raise PathRefused(f"voice cues {directory}: {manifest} is {describe(manifest)}, not the list of cues "
                              f"this command writes there: nothing was written (give an empty or new folder)")
        lines = manifest.read_text(encoding="utf-8", errors="replace").splitlines()
    except FileNotFoundError:
        return {}
    names = {f"{name}.wav" for name in CUES}
    found = [re.fullmatch(r"([0-9a-f]{64})  (\S+)", line) for line in lines]
    if not all(match and match[2] in names for match in found):
        raise PathRefused(f"voice cues {directory}: {manifest} is not the list of cues this command writes there: "
                          f"nothing was written (give an empty or new folder, or move {manifest.name} away)")
    return {match[2]: match[1] for match in found if match}


def _check_replaceable(path: Path, digests: set[str | None]) -> None:
    """Refuse ``path`` unless it is missing, or a regular file whose SHA-256 is in ``digests``.

    Raises:
        PathRefused: naming the file, and that nothing was written.
    """
    import hashlib
    import stat

    from companion.paths import PathRefused, describe

    try:
        info = path.lstat()
    except FileNotFoundError:
        return
    if stat.S_ISREG(info.st_mode) and hashlib.sha256(path.read_bytes()).hexdigest() in digests:
        return
    what = "a file this command did not write (or that was changed since)" if stat.S_ISREG(info.st_mode) else (
        describe(path))
    raise PathRefused(f"voice cues {path.parent}: {path} is {what}: nothing was written, so it is kept "
                      f"(give an empty or new folder, or move {path.name} away)")


def voice_process(socket: Path, config: Path | None = None, log: Path | None = None) -> subprocess.Popen:
    """``companion play --voice``: the voice as a child process beside the game, its log
    lines appended to ``log`` (play's log file) rather than printed over the game."""
    command = [sys.executable, "-P", "-m", "companion", "voice", "--socket", str(socket)]  # -P: not a cwd companion/
    if config is not None:
        command += ["--config", str(config)]
    if log is None:
        return subprocess.Popen(command, stdin=subprocess.DEVNULL)
    with log.open("ab") as out:
        return subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=out, stderr=out)
