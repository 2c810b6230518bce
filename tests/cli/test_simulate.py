"""`python main.py simulate`: whole matches, same seed same output (whatever the jobs), clear errors."""

from __future__ import annotations

import json

import main


def run(capsys, *args):
    code = main.main(["simulate", *args])
    out, err = capsys.readouterr()
    return code, out, err


def test_same_seed_same_output_byte_for_byte_with_one_or_two_jobs(capsys):
    code1, out1, err1 = run(capsys, "--matches", "12", "--seed", "4", "--json", "--jobs", "1")
    code2, out2, _ = run(capsys, "--matches", "12", "--seed", "4", "--json", "--jobs", "2")
    assert code1 == code2 == 0 and out1 == out2
    summary = json.loads(out1)
    assert summary["matches"] == summary["completed"] == 12 and summary["errors"] == 0
    assert sum(summary["winners"].values()) == 12 and 2 <= summary["mean_turns"] <= 10
    assert "matches/s" in err1  # the speed figure goes to standard error


def test_bad_arguments_and_layouts_give_one_line_and_exit_2(capsys, tmp_path):
    code, _, err = run(capsys, "--matches", "0")
    assert code == 2 and err.strip().count("\n") == 0 and "--matches" in err
    bad = tmp_path / "bad.json"
    bad.write_text("{")
    code, _, err = run(capsys, "--matches", "2", "--layout", str(bad))
    assert code == 2 and err.strip().count("\n") == 0 and "bad.json" in err
