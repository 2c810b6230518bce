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


@pytest.mark.slow
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


def test_json_has_control_and_the_long_sides(capsys):
    assert main.main(["analyse", "--layout", str(default_layout_path()), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert set(out["control"]) == set(out["exposure"])
    assert set(out["sides"]) == {"left", "right"} and out["sides"]["left"]["columns"] == "A-H"
    left, right = out["sides"]["left"], out["sides"]["right"]
    assert out["balance"] == pytest.approx(left["threat_mean"] - right["threat_mean"], abs=1e-3)


def png_size(path):
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    image = pygame.image.load(str(path))
    return image.get_size(), image


@pytest.mark.slow
@pytest.mark.parametrize("what", ["exposure", "threat", "control"])
def test_png_draws_the_map_with_its_scale(capsys, tmp_path, what):
    out = tmp_path / f"{what}.png"
    assert main.main(["analyse", "--layout", str(default_layout_path()), "--png", str(out), "--map", what,
                      "--width", "600"]) == 0
    said = capsys.readouterr().out
    assert said.startswith(f"wrote {out}") and what in said
    (w, h), image = png_size(out)
    assert w == 600 and h > 1000
    import pygame

    from paintcheck.ui import heatmap

    pixels = pygame.surfarray.array3d(image).reshape(-1, 3).astype(int)
    for end in (heatmap.STOPS[0], heatmap.STOPS[-1]):  # the scale's two ends are drawn
        assert (abs(pixels - end).sum(axis=1) <= 4).sum() >= 10, end


def test_png_refusals_are_one_line(capsys, tmp_path):
    layout = str(default_layout_path())
    for args in (["--png", str(tmp_path / "a.png")], ["--map", "threat"],
                 ["--png", str(tmp_path), "--map", "threat"],
                 ["--png", str(tmp_path / "a.png"), "--map", "threat", "--width", "12"]):
        assert main.main(["analyse", "--layout", layout, *args]) == 2, args
        err = capsys.readouterr().err
        assert err.startswith("error: ") and len(err.strip().splitlines()) == 1
    assert not (tmp_path / "a.png").exists()
    with pytest.raises(SystemExit):
        main.main(["analyse", "--layout", layout, "--png", "x.png", "--map", "danger"])
