"""``paintcheck review FILE``: the window (wired, lazily), ``--blunders`` as text and JSON, bad files in
one line with exit code 2."""

from __future__ import annotations

import json
import sys
import types

import main
from paintcheck.rules.actions import Declare
from paintcheck.rules.codec import save_match
from tests.review.matches import seeded_record


def saved(tmp_path, seed: int = 2):
    path = tmp_path / "match.json"
    save_match(seeded_record(seed), path)
    return path


def test_blunders_as_json(tmp_path, capsys):
    path = saved(tmp_path)
    assert main.main(["review", str(path), "--blunders", "--seat", "blue", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    record = seeded_record(2)
    declared = sum(isinstance(d, Declare) and d.player.startswith("B") for d in record.decisions)
    assert out["coach"] == "normal" and out["seat"] == "blue" and len(out["declarations"]) == declared
    away = [d["given_away"] for d in out["declarations"]]
    assert away == sorted(away, reverse=True)
    first = out["declarations"][0]
    assert first["seat"] == "blue" and first["said"].startswith("Turn ") and "Blue declares" in first["said"]
    gap = first["chosen_reading"]["worth"] - first["played_reading"]["worth"]
    assert abs(gap - first["given_away"]) < 2e-4 and first["given_away"] > 0


def test_blunders_as_text(tmp_path, capsys):
    assert main.main(["review", str(saved(tmp_path)), "--blunders", "--seat", "white"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert "White declares" in lines[0] and "gave away" in lines[0]
    assert lines[1].strip().startswith("played:") and lines[2].strip().startswith("normal:")


def test_a_bad_file_is_one_line_and_exit_2(tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text("{", encoding="utf-8")
    assert main.main(["review", str(bad), "--blunders"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith(f"error: {bad}") and "\n" not in err
    assert main.main(["review", str(tmp_path / "gone.json")]) == 2
    assert "no such file" in capsys.readouterr().err


def test_a_damaged_branch_is_one_line_and_exit_2(tmp_path, capsys):
    path = saved(tmp_path)
    data = json.loads(path.read_text(encoding="utf-8"))
    data["branches"] = [{"name": "b1", "parent": "main", "at": 3, "dice": "same", "rolls": [],
                         "decisions": [data["decisions"][5]]}]
    path.write_text(json.dumps(data), encoding="utf-8")
    assert main.main(["review", str(path), "--blunders"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith(f"error: {path}") and "branch b1 does not replay" in err and "\n" not in err


def test_without_blunders_the_review_window_opens(tmp_path, monkeypatch):
    opened = []
    launch = types.ModuleType("paintcheck.ui.review_launch")
    launch.review_window = lambda path, seat: opened.append((path, seat)) or 0
    monkeypatch.setitem(sys.modules, "paintcheck.ui.review_launch", launch)
    path = saved(tmp_path)
    assert main.main(["review", str(path), "--seat", "white"]) == 0
    assert opened == [(str(path), "white")]
