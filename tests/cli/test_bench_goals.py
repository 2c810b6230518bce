"""Bench figures print as *figure / goal*, a goal missed is a figure, not an error."""

from __future__ import annotations

from paintcheck.cli.bench_goals import AT_LEAST, AT_MOST, Figure


def test_a_figure_reads_with_its_goal():
    fast = Figure("one process", 63.24, "matches/s", 60, AT_LEAST)
    assert fast.text() == "one process: 63.2 matches/s / goal ≥ 60 matches/s (met)"
    slow = Figure("engine.apply median", 0.1234, "ms", 0.1, AT_MOST, 3)
    assert slow.text() == "engine.apply median: 0.123 ms / goal ≤ 0.1 ms (not met)"
    assert slow.as_json() == {"value": 0.1234, "unit": "ms", "goal": "≤ 0.1 ms", "met": False}
    assert Figure("coach", 0.2, "ms").text() == "coach: 0.2 ms" and Figure("c", 1, "s").met is None
    assert Figure("ratio", 16.72, "x", 5, AT_LEAST).text() == "ratio: 16.7x / goal ≥ 5x (met)"
