"""``python main.py analyse``: one JSON object with every point, a readable table, one-line errors."""

from __future__ import annotations

import json

import pytest

import main
from paintcheck.field.layout_file import default_layout_path, load_layout


@pytest.fixture(autouse=True)
def _cache_in_tmp(tmp_path, monkeypatch):
    monkeypatch.setattr("paintcheck.geometry.sight.cache_dir", lambda: tmp_path / "sight")


def test_json_has_every_point_in_both_maps(capsys, tmp_path):
    path = str(default_layout_path())
    assert main.main(["analyse", "--layout", path, "--posture", "kneeling", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    field = load_layout(path).build()
    names = {field.lattice.format(p) for p in field.free_points()}
    assert out["layout"] == field.layout.name and out["posture"] == "kneeling"
    assert set(out["exposure"]) == names and set(out["threat"]) == names
    assert "B:H11" in out["exposure"] and "I0" in out["threat"]
    assert out["pieces"]
    keys = {"id", "kind", "cover_points", "exposure_min", "threat_max", "enemy_cover_points_shot",
            "steps_from_base"}
    for piece in out["pieces"]:
        assert set(piece) == keys
        assert any(y <= 0 for _, y in field.by_id[piece["id"]].points)  # not of White's half
    threats = [p["threat_max"] for p in out["pieces"]]
    assert threats == sorted(threats, reverse=True)
    assert list((tmp_path / "sight").glob("*.npz"))


def test_readable_table(capsys):
    assert main.main(["analyse", "--layout", str(default_layout_path())]) == 0
    out = capsys.readouterr().out
    assert "most dominant first" in out and "exposure min S/K/P" in out


def test_a_broken_layout_is_one_line_and_exit_2(capsys, tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "paintcheck-layout/1"', encoding="utf-8")
    assert main.main(["analyse", "--layout", str(bad)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and len(err.strip().splitlines()) == 1
    assert main.main(["analyse", "--layout", str(tmp_path / "missing.json")]) == 2
