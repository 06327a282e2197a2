"""Issue 28: ``companion voice`` as its own process beside the real daemon (killed mid-game:
the game goes on, and the voice started again picks up at the current prompt), ``voice
test``, ``voice cues`` and the ``[voice]`` config."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from companion import script
from companion.config import ConfigError, parse_config
from companion.voice import wav
from companion.voice.utterance import CUES
from tests.collector import wait_until
from tests.daemon_fixture import running_daemon
from tests.voice.table import SCRIPTS


def _voice(socket: Path, directory: Path, cache: Path) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "companion", "voice", "--socket", str(socket), "--to",
                             str(directory), "--engine", "test", "--cache", str(cache)],
                            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            env={**os.environ, "COMPANION_CONFIG": str(directory.parent / "none.toml")})


def _spoken(directory: Path) -> list[dict]:
    path = directory / "spoken.jsonl"
    return [json.loads(line) for line in path.read_text().splitlines()] if path.exists() else []


def _prompt(daemon) -> str:
    return daemon.call(lambda: daemon.publisher.state()["prompt"]["text"])


def test_the_voice_killed_mid_game_the_game_goes_on_and_the_voice_again_picks_up_the_prompt(tmp_path):
    (tmp_path / "none.toml").write_text("")
    table = script.load(SCRIPTS / "creepy_cellar" / "basic-won.jsonl")
    spoken = tmp_path / "spoken"
    with running_daemon(tmp_path) as daemon:
        daemon.call(lambda: daemon.start_game(table.header))
        voice = _voice(daemon.socket_path, spoken, tmp_path / "cache")
        try:
            wait_until(lambda: any(s["text"] == _prompt(daemon) for s in _spoken(spoken)), 30, "the first prompt")
            voice.send_signal(signal.SIGKILL)
            voice.wait(10)
            before = len(_spoken(spoken))
            for line in table.lines[:6]:  # the game goes on without its voice
                daemon.submit(line.input)
            daemon.drain()
            assert daemon.call(lambda: daemon.revision) >= 6
            now = _prompt(daemon)
            voice = _voice(daemon.socket_path, spoken, tmp_path / "cache")
            wait_until(lambda: any(s["text"] == now for s in _spoken(spoken)[before:]), 30, "the current prompt")
            assert [s["kind"] for s in _spoken(spoken)[before:]][-1] == "prompt"
        finally:
            voice.terminate()
            assert voice.wait(10) == 0, voice.stderr.read()


def test_voice_test_says_one_sentence_in_each_language(tmp_path):
    (tmp_path / "none.toml").write_text("")
    done = subprocess.run([sys.executable, "-m", "companion", "voice", "test", "--to", str(tmp_path / "out"),
                           "--engine", "test", "--cache", str(tmp_path / "cache")], capture_output=True, text=True,
                          env={**os.environ, "COMPANION_CONFIG": str(tmp_path / "none.toml")}, timeout=60)
    assert done.returncode == 0, done.stderr
    said = _spoken(tmp_path / "out")
    assert [s["lang"] for s in said] == ["en", "it"]
    assert said[0]["text"] == "The house speaks: this is the companion's voice."
    assert said[1]["text"].startswith("La casa parla")


def test_voice_test_that_nobody_heard_says_why_in_one_line_and_fails(tmp_path, monkeypatch, capsys):
    """newcomer: with no sound device ``voice test`` printed aplay's warning and exited 0, as if
    the table had heard both sentences."""
    import argparse

    from companion.voice import command

    (tmp_path / "none.toml").write_text("")
    monkeypatch.setattr(command, "choose_player", lambda *_args: [sys.executable, "-c", "import sys; sys.exit(1)"])
    args = argparse.Namespace(config=tmp_path / "none.toml", engine="test", cache=tmp_path / "cache", to=None)
    assert command.cmd_test(args) == 1
    last = capsys.readouterr().err.strip().splitlines()[-1]
    assert last.startswith("companion: voice test: nothing was heard:"), last
    assert "companion doctor" in last


@pytest.mark.parametrize("argv", [["--to", "{file}"], ["test", "--to", "{file}"], ["cues", "{file}"],
                                  ["test", "--cache", "{file}"]])
def test_a_directory_argument_that_is_a_file_is_one_line_and_the_file_is_kept(tmp_path, argv):
    """trial2: ``voice --to notes.txt`` was a FileExistsError traceback."""
    notes = tmp_path / "notes.txt"
    notes.write_text("precious")
    (tmp_path / "none.toml").write_text("")
    done = subprocess.run([sys.executable, "-m", "companion", "voice", *(a.format(file=notes) for a in argv),
                           "--engine", "test"] if argv[0] == "test" else
                          [sys.executable, "-m", "companion", "voice", *(a.format(file=notes) for a in argv)],
                          capture_output=True, text=True, timeout=60,
                          env={**os.environ, "COMPANION_CONFIG": str(tmp_path / "none.toml"),
                               "COMPANION_SOCKET": str(tmp_path / "no.sock")})
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    assert f"{notes} is a file, not a directory" in done.stderr.splitlines()[-1]
    assert notes.read_text() == "precious"


def test_the_cues_are_short_and_sound(tmp_path):
    from companion.voice.command import main_cues

    main_cues(tmp_path)
    for name in CUES:
        sound = wav.read((tmp_path / f"{name}.wav").read_bytes())
        assert 0.1 <= sound.seconds <= 0.3 and wav.rms(sound) > 0.05, name


def test_voice_cues_never_write_over_a_file_they_did_not_write(tmp_path, capsys):
    """fixes14 noticed: ``voice cues DIR`` wrote ``<cue>.wav`` over files of those names in DIR
    (someone's own ``win.wav``). Now it refuses in one line naming the file, and writes nothing."""
    from companion.cli import main

    (tmp_path / "win.wav").write_bytes(b"my own fanfare")
    assert main(["voice", "cues", str(tmp_path)]) == 2
    assert capsys.readouterr().err.splitlines() == [
        f"companion: voice cues {tmp_path}: {tmp_path / 'win.wav'} is a file this command did not write (or that "
        f"was changed since): nothing was written, so it is kept (give an empty or new folder, or move win.wav away)"]
    assert [p.name for p in tmp_path.iterdir()] == ["win.wav"]
    assert (tmp_path / "win.wav").read_bytes() == b"my own fanfare"


def test_voice_cues_write_again_over_their_own_files_only_while_unchanged(tmp_path):
    from companion.paths import PathRefused
    from companion.voice.command import CUES_MANIFEST, main_cues

    out = tmp_path / "cues"
    first = main_cues(out)
    assert main_cues(out) == first  # its own files, listed in cues.sha256: written again
    (out / CUES_MANIFEST).unlink()
    assert main_cues(out) == first  # no list, but each file already holds its cue: nothing is lost
    (out / "loss.wav").write_bytes(b"edited since")
    with pytest.raises(PathRefused, match="loss.wav is a file this command did not write"):
        main_cues(out)
    assert (out / "loss.wav").read_bytes() == b"edited since"
    (out / "loss.wav").unlink()
    (out / "loss.wav").symlink_to(tmp_path / "elsewhere.wav")
    with pytest.raises(PathRefused, match="loss.wav is a symbolic link"):
        main_cues(out)
    (out / "loss.wav").unlink()
    (out / CUES_MANIFEST).write_text("my notes\n")
    with pytest.raises(PathRefused, match="cues.sha256 is not the list of cues this command writes"):
        main_cues(out)
    assert (out / CUES_MANIFEST).read_text() == "my notes\n" and not (out / "loss.wav").exists()


def test_voice_to_a_folder_never_writes_over_a_file_there(tmp_path):
    """fixes14 noticed: ``voice --to DIR`` numbered from the count of WAV files in DIR, so a
    folder with a file gone from the middle had its last file written over."""
    import threading

    from companion.voice.outputs import Directory
    from companion.voice.utterance import Utterance

    (tmp_path / "00001-prompt.wav").write_bytes(b"first")
    (tmp_path / "00003-prompt.wav").write_bytes(b"third")  # 00002 was removed
    sink = Directory(tmp_path)
    assert sink.play(b"new", Utterance("Roll the die.", "en", "prompt"), threading.Event())
    assert (tmp_path / "00003-prompt.wav").read_bytes() == b"third"
    assert (tmp_path / "00004-prompt.wav").read_bytes() == b"new"
    assert _spoken(tmp_path)[-1]["file"] == "00004-prompt.wav"


def test_voice_to_a_folder_whose_log_is_a_link_is_one_line_and_nothing_is_written(tmp_path, capsys):
    from companion.cli import main

    (tmp_path / "notes.txt").write_text("precious")
    out = tmp_path / "out"
    out.mkdir()
    (out / "spoken.jsonl").symlink_to(tmp_path / "notes.txt")
    (tmp_path / "none.toml").write_text("")
    assert main(["voice", "test", "--to", str(out), "--engine", "test", "--config", str(tmp_path / "none.toml"),
                 "--cache", str(tmp_path / "cache")]) == 2
    assert capsys.readouterr().err.splitlines() == [
        f"companion: voice --to {out}: {out / 'spoken.jsonl'} is a symbolic link, not the voice's own log of what "
        f"it said: nothing was written (give an empty or new folder)"]
    assert (tmp_path / "notes.txt").read_text() == "precious" and [p.name for p in out.iterdir()] == ["spoken.jsonl"]


def test_the_voice_config():
    config = parse_config('[voice]\nengine = "piper"\npiper_it = "/v/it.onnx"\nplayer = "aplay"\n'
                          'device = "plughw:1,0"\n[voice.pronounce.en]\nSiobhan = "Shivawn"\n').voice
    assert (config.engine, config.piper_models, config.player, config.device) == (
        "piper", {"it": "/v/it.onnx"}, "aplay", "plughw:1,0")
    assert config.pronounce == {"en": {"Siobhan": "Shivawn"}}
    assert parse_config("").voice.engine == "espeak-ng"


@pytest.mark.parametrize("text, problem", [
    ('[voice]\nengine = "festival"', "voice.engine: one of espeak-ng, piper, test"),
    ('[voice]\nengine = "piper"', "piper needs a voice model file"),
    ('[voice]\nplayer = "vlc"', "voice.player: auto or one of"),
    ('[voice]\nvolume = 3', "unknown key voice.volume"),
    ('[voice.pronounce.fr]\nx = "y"', "voice.pronounce: tables named en and it"),
])
def test_a_bad_voice_config_names_the_key(text, problem):
    with pytest.raises(ConfigError, match=problem.replace("(", r"\(")):
        parse_config(text)


def test_play_with_voice_starts_the_voice_beside_the_game(tmp_path):
    from companion import cli
    from companion.play import _start_voice

    args = cli._parser().parse_args(["play", "creepy_cellar", "--players", "Ada,Bo", "--voice"])
    assert args.voice is True
    assert _start_voice(cli._parser().parse_args(["play", "creepy_cellar", "--players", "Ada,Bo"]), tmp_path) is None
    voice = _start_voice(args, tmp_path / "companion.sock", tmp_path / "play.log")
    try:
        assert voice.args[1:] == ["-P", "-m", "companion", "voice", "--socket", str(tmp_path / "companion.sock")]
    finally:
        voice.terminate()
        assert voice.wait(10) in (0, -signal.SIGTERM)  # stopped while still starting, or after
