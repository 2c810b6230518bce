"""``bench --analysis`` on a small field: the figures are there and a missed goal is no error."""

from __future__ import annotations

import json

import main
from paintcheck.cli import bench_analysis
from paintcheck.field.lattice import Lattice
from paintcheck.field.layout import Layout, ObstacleSpec


def test_measure_on_a_small_field():
    field = Layout("small", (ObstacleSpec("c", "cylinder", (4, 2)), ObstacleSpec("s", "cone", (2, -3))),
                   Lattice(9, 9)).build()
    r = bench_analysis.measure(field, runs=1)
    assert r["pairs"] > r["sample_pairs"] > 0 and r["per_pair_extrapolated"]
    assert r["maps_s"] > 0 and r["ratio"] > 0 and isinstance(r["pass"], bool)


def test_the_command_prints_one_json_object(capsys, monkeypatch):
    monkeypatch.setattr(bench_analysis, "measure", lambda field, runs=5: {"pass": False, "ratio": 1.0})
    assert main.main(["bench", "--analysis", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["obstacles"] == 21 and out["pass"] is False
