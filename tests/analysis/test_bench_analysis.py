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
    monkeypatch.setattr(bench_analysis, "measure_live", lambda field, source: {"edit": {"met": True}})
    assert main.main(["bench", "--analysis", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["obstacles"] == 21 and out["pass"] is False and out["live"]["edit"]["met"] is True


def test_the_live_study_figures_on_a_small_field(capsys):
    """A one-piece edit is an updated table (not a computation), beside the whole computation of the
    same states, with the ratio; undo finds its study kept; the lines are printed with their goals."""
    layout = Layout("small", (ObstacleSpec("c", "cylinder", (4, -2)), ObstacleSpec("s", "cone", (2, -3)),
                              ObstacleSpec("l", "cylinder_lying", (6, -3), 90)), Lattice(9, 9))
    field = layout.build()
    live = bench_analysis.measure_live(field, "built in code")
    e = live["edit"]
    assert e["edits"] >= 3 and e["tables"]["whole"] == 1 and e["tables"]["updated"] >= 2
    assert e["edit_median_ms"] > 0 and e["whole_median_ms"] > 0 and e["ratio"] > 0
    assert e["undo_median_ms"] is not None and e["undo_median_ms"] < e["edit_median_ms"]  # kept, not computed
    assert isinstance(e["met"], bool) and len(live["load_average"]) == 3 and "drag" not in live
    bench_analysis.print_live(live)
    out = capsys.readouterr().out
    assert "one-piece edit -> map ready" in out and "ratio" in out and "goal <= 100 ms" in out
