"""`python main.py tournament`: the JSON's keys, the same output for the same seed (thinking times
apart), one-line errors with exit code 2."""

from __future__ import annotations

import json

import pytest

import main
from paintcheck.cli.tournament import _print, wilson


def run(capsys, *args):
    code = main.main(["tournament", *args])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.slow
def test_json_keys_and_the_same_output_for_the_same_seed(capsys):
    args = ("--blue", "normal", "--white", "random", "--matches", "4", "--seed", "3", "--swap", "--json")
    code1, out1, _ = run(capsys, *args, "--jobs", "1")
    code2, out2, _ = run(capsys, *args, "--jobs", "2")
    assert code1 == code2 == 0
    a, b = json.loads(out1), json.loads(out2)
    for key in ("matches", "first", "second", "first_wins", "second_wins", "draws", "errors",
                "first_win_rate", "interval", "decision_ms"):
        assert key in a
    assert a["matches"] == 4 and a["first"] == "normal" and a["second"] == "random" and a["errors"] == 0
    assert a["first_wins"] + a["second_wins"] + a["draws"] == 4
    assert set(a["decision_ms"]) == {"normal", "random"}
    for key in ("decision_ms", "decision_ms_max"):
        a.pop(key), b.pop(key)
    assert a == b
    low, high = a["interval"]
    assert 0 <= low <= a["first_win_rate"] <= high <= 1


@pytest.mark.slow
def test_the_spread_of_break_sheets_and_the_same_output_for_the_same_seed(capsys):
    """normal against normal: how many distinct sheets each coach played, byte for byte the same
    output for the same seed (times apart), whatever the jobs."""
    args = ("--blue", "normal", "--white", "normal", "--matches", "2", "--seed", "2", "--json")
    code1, out1, _ = run(capsys, *args, "--jobs", "1")
    code2, out2, _ = run(capsys, *args, "--jobs", "2")
    a, b = json.loads(out1), json.loads(out2)
    assert code1 == code2 == 0 and a["errors"] == 0
    assert a["distinct_sheets"] == {"first": 2, "second": 2}  # normal once played one sheet
    for key in ("decision_ms", "decision_ms_max"):
        a.pop(key), b.pop(key)
    assert a == b
    _print({**a, "decision_ms": {}})
    out, _ = capsys.readouterr()
    assert "distinct break sheets over 2 matches: normal (first) 2, normal (second) 2" in out


@pytest.mark.slow
def test_the_text_report(capsys):
    code, out, err = run(capsys, "--blue", "easy", "--white", "normal", "--matches", "2", "--jobs", "1")
    assert code == 0 and "easy: " in out and "Wilson" in out and "median decision time" in err


@pytest.mark.parametrize("args, word", [
    (("--blue", "genius"), "--blue"),
    (("--white", "x"), "--white"),
    (("--matches", "0"), "--matches"),
    (("--jobs", "many"), "--jobs"),
    (("--seed", "1.5"), "--seed"),
    (("--layout", "/nonexistent/field.json"), "field.json"),
])
def test_bad_input_gives_one_line_and_exit_2(capsys, args, word):
    code, out, err = run(capsys, *args)
    assert code == 2 and out == "" and err.strip().count("\n") == 0 and word in err


def test_wilson_interval():
    assert wilson(0, 0) == (0.0, 1.0)
    low, high = wilson(90, 100)
    assert 0.82 < low < 0.83 and 0.94 < high < 0.95
    assert wilson(10, 10)[1] == pytest.approx(1.0)
