"""Issue 8: table scripts, tag dumps and config files that are truncated, over-long, wrongly
encoded or of the wrong type are refused with a message naming the file, line or key; none
crashes, hangs or eats the memory."""

from __future__ import annotations

import json
import os
from importlib import resources
from pathlib import Path

import pytest

from companion import script
from companion.cli import main
from companion.config import ConfigError, load_config
from companion.errors import ScriptError
from hardware.nfc.dumps import DumpError, load_dump

DEMO = resources.files("companion.data").joinpath("demo.jsonl").read_text(encoding="utf-8")
DEEP = 100_000  # levels of nesting: far past Python's recursion limit


# ---------------------------------------------------------------- tag dumps

def test_a_deeply_nested_json_dump_is_refused_not_a_traceback(tmp_path, capsys):
    """A previous tester: 100000 '[' in a .json dump gave a RecursionError traceback."""
    path = tmp_path / "deep.json"
    path.write_text("[" * DEEP)
    with pytest.raises(DumpError, match=r"deep.json: .*nested too deeply"):
        load_dump(path)
    assert main(["tags", "inspect", str(path)]) == 2
    assert "deep.json" in capsys.readouterr().err


@pytest.mark.parametrize("text,words", [
    ('{"FileType": "mfu", "Card": {"UID": "04112233445566"}, "blocks": {"0": "0411', "line 1: not valid JSON"),
    ('{"FileType": "mfu",\n"Card": {"UID": 4}, "blocks": {}}', "Card.UID is 4, not a hex string"),
    ('["mfu"]', "FileType None is not supported"),
    ('{"FileType": "mfu", "Card": [], "blocks": []}', "needs 'Card' and 'blocks' objects"),
])
def test_truncated_or_wrongly_typed_json_dumps_name_the_problem(tmp_path, text, words):
    path = tmp_path / "tag.json"
    path.write_text(text)
    with pytest.raises(DumpError, match=f"tag.json.*{words}"):
        load_dump(path)


def test_a_fifo_is_not_read_as_a_dump(tmp_path):
    fifo = tmp_path / "tag.nfc"
    os.mkfifo(fifo)
    with pytest.raises(DumpError, match="not a regular file"):
        load_dump(fifo)


# ---------------------------------------------------------------- config files

def test_a_deeply_nested_config_is_refused_naming_the_file(tmp_path):
    """tomllib recursed until RecursionError: `companion daemon` and `doctor` printed a traceback."""
    path = tmp_path / "config.toml"
    path.write_text("poll_interval = " + "[" * DEEP)
    with pytest.raises(ConfigError, match=r"config.toml: .*nested too deeply"):
        load_config(path)
    assert main(["doctor", "--config", str(path)]) == 1


def test_a_config_in_latin_1_names_the_file_and_line(tmp_path):
    path = tmp_path / "config.toml"
    path.write_bytes(b'language = "en"\n# caf\xe9\n')
    with pytest.raises(ConfigError, match=r"config.toml: line 2: not UTF-8 text"):
        load_config(path)


def _wrong_kind(path: Path, kind: str, huge) -> None:
    """Make ``path`` a directory, a named pipe (reading it would wait for ever) or, with
    ``huge()``, a file far too large."""
    if kind == "directory":
        path.mkdir()
    elif kind == "fifo":
        os.mkfifo(path)
    else:
        huge()


@pytest.mark.parametrize("kind", ["directory", "fifo", "huge"])
def test_a_config_of_the_wrong_kind_is_refused(tmp_path, kind):
    path = tmp_path / "config.toml"
    _wrong_kind(path, kind, lambda: path.write_text("# " + "x" * (2 << 20) + "\n"))
    with pytest.raises(ConfigError,
                       match=r"config.toml( is a (named pipe|directory), not a config file|: larger than)"):
        load_config(path)


def test_a_truncated_config_names_the_line(tmp_path):
    path = tmp_path / "config.toml"
    path.write_text('[dice]\npin = 17\n[[readers]]\nname = "ca')
    with pytest.raises(ConfigError, match=r"config.toml: invalid TOML: .*line 4"):
        load_config(path)


# ---------------------------------------------------------------- table scripts

def test_a_script_cut_mid_line_names_that_line(tmp_path):
    lines = DEMO.splitlines()
    path = tmp_path / "cut.jsonl"
    path.write_text("\n".join(lines[:10]) + "\n" + lines[10][:12])
    with pytest.raises(ScriptError, match=r"^line 11: not valid JSON"):
        script.load(path)


def test_a_script_in_another_encoding_names_the_line(tmp_path):
    path = tmp_path / "latin.jsonl"
    header = {"script": 1, "game": "creepy_cellar", "players": ["Zoé", "Bo"], "seed": 1}
    path.write_bytes(json.dumps(header, ensure_ascii=False).encode("latin-1") + b"\n")
    with pytest.raises(ScriptError, match=r"latin.jsonl, line 1: not UTF-8 text \(byte 0xE9\)"):
        script.load(path)


def test_a_utf16_script_is_refused_naming_the_file(tmp_path):
    path = tmp_path / "utf16.jsonl"
    path.write_text(DEMO, encoding="utf-16")
    with pytest.raises(ScriptError, match=r"utf16.jsonl, line 1: not UTF-8 text"):
        script.load(path)


@pytest.mark.parametrize("kind", ["directory", "fifo", "huge"])
def test_a_script_of_the_wrong_kind_is_refused(tmp_path, kind):
    path = tmp_path / "s.jsonl"

    def huge():
        with path.open("w") as out:
            out.write(DEMO.splitlines()[0] + "\n")
            out.truncate(script.MAX_SCRIPT_BYTES + 1)  # sparse: no disk used

    _wrong_kind(path, kind, huge)
    with pytest.raises(ScriptError, match=r"s.jsonl: (not a regular file|larger than)"):
        script.load(path)


@pytest.mark.parametrize("value", [[], {}, 3, None, "x" * 100_000, "[" * DEEP])
def test_wrong_types_in_a_script_header_name_line_1(value):
    for key in ("game", "players", "seed", "options", "stack", "tags"):
        header = {"script": 1, "game": "creepy_cellar", "players": ["Ada"], "seed": 1, key: value}
        text = json.dumps(header) if not (isinstance(value, str) and value.startswith("[")) \
            else json.dumps(header).replace(json.dumps(value), value)
        try:
            script.parse(text)
        except ScriptError as exc:
            assert str(exc).startswith("line 1: "), exc
            assert len(str(exc)) <= 520, "the message quotes a whole hostile value"
