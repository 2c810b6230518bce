"""``python main.py odds``: the --json keys and identities, the readable text, bad input (exit 2, one
line, no traceback), and the layout form agreeing with ``measure --json`` and with the engine."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

import main
from paintcheck.odds import KEYS, shot_odds

ROOT = Path(__file__).resolve().parents[2]
BOX = str(ROOT / "layouts" / "box21.json")
LAYOUT = {  # the measure tests' little layout
    "format": "paintcheck-layout/1",
    "name": "odds test",
    "flag": "centre",
    "obstacles": [
        {"id": "pyr", "kind": "pyramid", "at": "C0"},
        {"id": "mid-b", "kind": "cylinder", "at": "B:H6"},
        {"id": "mid-w", "kind": "cylinder", "at": "W:H6"},
        {"id": "low-b", "kind": "rocket_small", "at": "B:J6"},
        {"id": "low-w", "kind": "rocket_small", "at": "W:J6"},
    ],
}


@pytest.fixture
def layout(tmp_path):
    path = tmp_path / "t.json"
    path.write_text(json.dumps(LAYOUT))
    return str(path)


def run(capsys, command, *argv):
    rc = main.main([command, *argv])
    out, err = capsys.readouterr()
    return rc, out, err


# -- --required R --dodge-dice K ---------------------------------------------------------------------
@pytest.mark.parametrize(("required", "dice"), [(-5, 0), (10, 1), (16, 2), (19, 2), (27, 2)])
def test_json_keys_and_identities(capsys, required, dice):
    rc, out, _ = run(capsys, "odds", "--required", str(required), "--dodge-dice", str(dice), "--json")
    assert rc == 0
    r = json.loads(out)
    assert set(KEYS) | {"margin"} <= set(r)
    assert abs(r["hit"] + r["miss"] - 1) < 1e-12
    assert abs(r["hit"] - (r["dodged_one_die"] + r["dodged_two_dice"] + r["eliminated"])) < 1e-12
    assert abs(sum(r["margin"].values()) + r["margin_tail"] - r["hit"]) < 1e-12
    assert all(int(m) >= 1 for m in r["margin"])
    assert r == json.loads(json.dumps(shot_odds(required, dice).as_json()))
    if dice < 2:
        assert r["dodged_two_dice"] == 0
    if dice == 0:
        assert r["eliminated"] == r["hit"]


def test_readable_text(capsys):
    rc, out, _ = run(capsys, "odds", "--required", "10", "--dodge-dice", "2")
    assert rc == 0
    assert "55.0%" in out and "dodged, 2 dice" in out and "4 boulet(s)" in out and "fumble" in out


@pytest.mark.parametrize(("argv", "needle"), [
    (["--required", "abc", "--dodge-dice", "1"], "whole number"),
    (["--required", "10.5", "--dodge-dice", "1"], "whole number"),
    (["--required", "10", "--dodge-dice", "3"], "0 to 2"),
    (["--required", "10", "--dodge-dice", "-1"], "0 to 2"),
    (["--required", "10", "--dodge-dice", "two"], "whole number"),
    (["--required", "10"], "--dodge-dice"),
    ([], "--required"),
    (["--required", "10", "--dodge-dice", "1", "--layout", "x.json"], "two forms"),
    (["--required", "99999", "--dodge-dice", "1"], "between"),
])
def test_bad_odds_input_is_one_line_exit_2(capsys, argv, needle):
    rc, out, err = run(capsys, "odds", *argv)
    assert rc == 2 and out == ""
    assert err.count("\n") == 1 and needle in err and "Traceback" not in err


@pytest.mark.parametrize(("argv", "needle"), [
    (["--shooter", "B:Z11", "--target", "W:H7"], "column Z"),
    (["--shooter", "B:H6", "--target", "W:H7"], "obstacle stands"),
    (["--shooter", "B:H11", "--target", "W:H7", "--cover", "nope"], "nope"),
    (["--shooter", "B:H11", "--target", "W:H7", "--cover", "low-b"], "not next to the target"),
    (["--shooter", "B:H11", "--target", "W:H7", "--def", "5"], "--def"),
    (["--shooter", "B:H11", "--target", "W:H7", "--def", "x"], "--def"),
    (["--shooter", "B:H11", "--target", "W:H7", "--shot", "fancy"], "--shot"),
    (["--shooter", "B:H11", "--target", "W:H7", "--target-posture", "lying"], "--target-posture"),
    (["--shooter", "B:H11"], "--target"),
    (["--shooter", "B:H11", "--target", "B:H11"], "same point"),
])
def test_bad_layout_input_is_one_line_exit_2(layout, capsys, argv, needle):
    rc, out, err = run(capsys, "odds", "--layout", layout, *argv)
    assert rc == 2 and out == ""
    assert err.count("\n") == 1 and needle in err and "Traceback" not in err


def test_broken_or_missing_layout(tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    for path in (str(bad), str(tmp_path / "missing.json")):
        rc, out, err = run(capsys, "odds", "--layout", path, "--shooter", "B:H11", "--target", "W:H7")
        assert rc == 2 and out == "" and err.count("\n") == 1


def test_the_process_exits_2_without_a_traceback():
    done = subprocess.run([sys.executable, "main.py", "odds", "--required", "x", "--dodge-dice", "1"],
                          cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr


# -- --layout F --shooter P --target P ----------------------------------------------------------------
PAIRS = [  # shooter, target, extra options
    ("B:P12", "B:C5", ["--target-posture", "kneeling", "--def", "2"]),
    ("B:M10", "W:Q2", ["--def", "1", "--shot", "reflex"]),
    ("W:D2", "W:A8", ["--shooter-posture", "kneeling", "--def", "4", "--shot", "suppressive"]),
    ("B:C1", "W:H12", ["--target-posture", "prone"]),
    ("B:E9", "W:H5", []),  # the ruler crosses the high pyramid: impossible
]


@pytest.mark.parametrize(("shooter", "target", "extra"), PAIRS)
def test_layout_form_agrees_with_measure(capsys, shooter, target, extra):
    common = ["--layout", BOX, "--shooter", shooter, "--target", target]
    posture = extra[extra.index("--shooter-posture") + 1] if "--shooter-posture" in extra else "standing"
    _, out, _ = run(capsys, "measure", *common, "--shooter-posture", posture, "--json")
    measured = json.loads(out)
    rc, out, _ = run(capsys, "odds", *common, *extra, "--json")
    assert rc == 0
    r = json.loads(out)
    assert {k: r[k] for k in measured} == measured  # measure's reading, key for key
    if measured["line_of_fire_modifier"] is None:
        assert r["lost"].startswith("impossible line of fire")
        assert r["odds"] is None and r["required"] is None and r["shot_value"] is None
        return
    assert r["lost"] is None
    parts = {p["label"]: p["value"] for p in r["shot_parts"]}
    kind = extra[extra.index("--shot") + 1] if "--shot" in extra else "simple"
    assert parts[kind] == {"simple": 10, "reflex": 9, "suppressive": 10}[kind]
    assert parts.get("distance", 0) == measured["distance_modifier"]
    assert parts.get("angle", 0) == measured["angle_bonus"]
    line = sum(v for label, v in parts.items() if label.startswith(("grazes", "crosses")))
    assert line == measured["line_of_fire_modifier"]
    assert r["shot_value"] == sum(parts.values())
    assert r["protection"] == sum(p["value"] for p in r["protection_parts"]) >= 4
    assert r["required"] == 11 + r["protection"] - r["shot_value"]
    def_count = int(extra[extra.index("--def") + 1]) if "--def" in extra else 0
    assert r["dodge_dice"] == (0, 1, 2, 2, 2)[def_count]
    assert r["odds"] == json.loads(json.dumps(shot_odds(r["required"], r["dodge_dice"]).as_json()))
    assert all(p["rule"] for p in r["shot_parts"] + r["protection_parts"])


def test_layout_form_protection_by_posture_and_def(layout, capsys):
    """Behind White's cylinder W:H6 (protection 10 standing, 8 prone) with 2 DEF (+7)."""
    common = ["--layout", layout, "--shooter", "B:Q2", "--target", "W:H7", "--cover", "mid-w", "--json"]
    _, out, _ = run(capsys, "odds", *common, "--def", "2")
    standing = json.loads(out)
    _, out, _ = run(capsys, "odds", *common, "--def", "2", "--target-posture", "prone")
    prone = json.loads(out)
    assert standing["protection"] == 17 and prone["protection"] == 15
    assert prone["required"] == standing["required"] - 2
    assert [p["rule"] for p in standing["protection_parts"]] == ["RULES 2.2, 6.3 [B p.13]",
                                                               "RULES 6.2 [B p.11, p.13]"]


def test_layout_form_readable_text(capsys):
    rc, out, _ = run(capsys, "odds", "--layout", BOX, "--shooter", "B:P12", "--target", "B:C5",
                     "--target-posture", "kneeling", "--def", "2")
    assert rc == 0
    for needle in ("distance", "RULES 8.1 [B p.17]", "RULES 8.2", "RULES 8.4", "RULES 6.2",
                   "required  11 + 15 - 10 = 16", "RULES 7.1", "dodge dice  2", "eliminated", "%"):
        assert needle in out, needle
