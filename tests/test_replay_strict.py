"""``companion replay`` stops at a line that does not go as the script says (newcomer's report
item 5: a made-up key printed ~180 refused lines and exited 0): a touch that is no choice
(exit 2), a refusal the script does not expect (exit 1; ``"expect": "refused"`` asserts one),
and one summary line when the replay went through."""

from __future__ import annotations

import json
from pathlib import Path

from companion import script
from companion.cli import main
from companion.errors import ScriptError

BASIC_WON = Path(__file__).parent / "scripts" / "creepy_cellar" / "basic-won.jsonl"


def _edited(tmp_path: Path, number: int, change: dict) -> Path:
    """basic-won.jsonl with line ``number`` changed by ``change``."""
    rows = BASIC_WON.read_text(encoding="utf-8").splitlines()
    rows[number - 1] = json.dumps({**json.loads(rows[number - 1]), **change})
    path = tmp_path / "edited.jsonl"
    path.write_text("\n".join(rows) + "\n", encoding="utf-8")
    return path


def test_a_made_up_choice_key_is_a_bad_script_and_nothing_after_it_runs(tmp_path, capsys):
    assert json.loads(BASIC_WON.read_text().splitlines()[2]) == {"at": 1.0, "touch": "move:A"}
    path = _edited(tmp_path, 3, {"touch": "move:Q"})
    assert main(["replay", str(path), "--progress"]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.splitlines() == [
        "line 2: accepted",
        "companion: line 3: no such choice move:Q (the move choices now: move:A, move:B, move:C, move:D, "
        "move:E, move:F, move:G, move:H, move:I, move:J, move:K, move:L, move:M, move:N, move:hallway); "
        "the lines after it were not played"]


def test_a_refusal_the_script_does_not_expect_stops_the_replay_with_exit_1(tmp_path, capsys):
    path = _edited(tmp_path, 3, {"touch": "end-turn"})  # accepted: Ada ends her turn unmoved
    assert main(["replay", str(path)]) == 1
    err = capsys.readouterr().err
    assert err.splitlines() == [
        "companion: line 4: refused: Turn order: roll, Ghost cards, move, fight, drop off, pick up, End turn. "
        "Now: Bo: press the dice button; the lines after it were not played"]


def test_an_expected_refusal_goes_on_and_one_that_is_taken_stops(tmp_path, capsys):
    path = _edited(tmp_path, 3, {"expect": "refused"})  # move:A, which the game takes
    assert main(["replay", str(path)]) == 1
    assert capsys.readouterr().err.splitlines() == [
        'companion: line 3: the script expects the game to refuse this line ("expect": "refused"), but it was '
        "taken; the lines after it were not played"]


def test_a_replay_that_goes_through_says_one_summary_line(capsys):
    assert main(["replay", str(BASIC_WON)]) == 0
    out, err = capsys.readouterr()
    lines = len(script.load(BASIC_WON).lines)  # no undo in it: as many inputs in effect (newcomer 19)
    assert out.splitlines() == [f"basic-won.jsonl: Ghost Fightin' Treasure Hunters: Creepy Cellar, {lines} lines "
                                f"played, the game after {lines} inputs; game over: The game is over: the hunters won!"]
    assert err == ""


def test_the_demo_says_its_expected_refusal():
    demo = script.load(Path(__file__).parents[1] / "companion" / "data" / "demo.jsonl")
    assert [(line.number, line.expect) for line in demo.lines if line.expect] == [(19, "refused")]


def test_expect_takes_only_refused():
    header = BASIC_WON.read_text().splitlines()[0]
    try:
        script.parse(header + '\n{"at": 0, "button": "dice", "expect": "taken"}\n')
    except ScriptError as exc:
        assert str(exc) == 'line 2: "expect" is "refused" (the game must refuse this line), not \'taken\''
    else:
        raise AssertionError("expect: taken was accepted")
