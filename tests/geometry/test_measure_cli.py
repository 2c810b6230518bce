"""``python main.py measure``: JSON keys, default cover, impossible shots, readable table, errors."""

from __future__ import annotations

import json

import pytest

import main

LAYOUT = {
    "format": "paintcheck-layout/1",
    "name": "measure test",
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


def run(capsys, *argv):
    rc = main.main(["measure", *argv])
    out, err = capsys.readouterr()
    return rc, out, err


def test_json_keys_and_values(layout, capsys):
    rc, out, _ = run(capsys, "--layout", layout, "--shooter", "B:H11", "--target", "W:H7", "--json")
    assert rc == 0
    r = json.loads(out)
    assert set(r) == {
        "distance", "distance_modifier", "cover", "angle_deg", "angle_segment", "angle_bonus",
        "line_of_fire", "line_of_fire_modifier",
    }
    assert r["distance"] == 18.0 and r["distance_modifier"] == -2
    assert r["cover"] == "mid-w"  # the only obstacle next to W:H7
    assert r["angle_deg"] == 0.0 and r["angle_bonus"] == 0  # shooter straight past the cover
    # the ruler crosses Blue's middle cylinder (high): impossible when standing
    assert r["line_of_fire"] == [
        {"obstacle": "mid-b", "name": "cylinder at B:H6", "kind": "cylinder", "height": "high",
         "effect": "cross", "modifier": None}
    ]
    assert r["line_of_fire_modifier"] is None


def test_default_cover_is_the_smallest_angle_bonus(layout, capsys):
    # W:I7 is next to both W:H6 (cylinder) and W:J6 (small rocket)
    _, out, _ = run(capsys, "--layout", layout, "--shooter", "B:A2", "--target", "W:I7", "--json")
    r = json.loads(out)
    assert r["cover"] == "mid-w"
    _, out, _ = run(capsys, "--layout", layout, "--shooter", "B:Q2", "--target", "W:I7", "--json")
    assert json.loads(out)["cover"] == "low-w"


def test_cover_option_and_posture(layout, capsys):
    _, out, _ = run(
        capsys, "--layout", layout, "--shooter", "B:J11", "--target", "W:J7", "--cover", "low-w",
        "--shooter-posture", "kneeling", "--json",
    )
    r = json.loads(out)
    assert r["cover"] == "low-w"
    assert r["angle_deg"] == 0.0 and r["angle_segment"] == 0 and r["angle_bonus"] == 0
    assert [(x["obstacle"], x["effect"], x["modifier"]) for x in r["line_of_fire"]] == [
        ("low-b", "cross", -2)
    ]
    assert r["line_of_fire_modifier"] == -2


def test_readable_table(layout, capsys):
    rc, out, _ = run(capsys, "--layout", layout, "--shooter", "B:H11", "--target", "W:H7")
    assert rc == 0
    assert "distance" in out and "IMPOSSIBLE" in out and "mid-b" in out


@pytest.mark.parametrize(
    ("argv", "needle"),
    [
        (["--shooter", "B:Z11", "--target", "W:H7"], "column Z"),
        (["--shooter", "H11", "--target", "W:H7"], "whose half"),
        (["--shooter", "B:H6", "--target", "W:H7"], "obstacle stands"),
        (["--shooter", "B:H11", "--target", "W:H7", "--cover", "nope"], "nope"),
    ],
)
def test_bad_input_is_one_line_exit_2(layout, capsys, argv, needle):
    rc, out, err = run(capsys, "--layout", layout, *argv)
    assert rc == 2 and out == ""
    assert err.count("\n") == 1 and needle in err


def test_unreadable_layout(tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    for path in (str(bad), str(tmp_path / "missing.json")):
        rc, _, err = run(capsys, "--layout", path, "--shooter", "B:H11", "--target", "W:H7")
        assert rc == 2 and err.count("\n") == 1


@pytest.mark.slow
def test_bench_geometry_json(capsys):
    from paintcheck.cli import bench_geometry

    class Args:
        json = True
        layout = None
        seconds = 0.01

    assert bench_geometry.run(Args()) == 0  # a goal missed is a figure, not a failure
    r = json.loads(capsys.readouterr().out)
    assert {"pairs", "run", "sweep"} <= set(r)
    assert r["pairs"]["readings"] == 100 and r["sweep"]["readings"] == 459
    assert r["sight"]["pairs"] == 459 * 458 and r["sight"]["build_goal"] == "<= 1 s"
    assert all(" / goal " in f"{f['value']} / goal {f['goal']}" for f in r["figures"])
    assert {"sight table: loaded from the disk cache"} <= {f["label"] for f in r["figures"]}
