"""``bench --measurer`` (issue 30, item 3: the measurer must be fast, and a command measures it):
each shipped table gets its figures, in text and in JSON; no timing is asserted."""

from __future__ import annotations

import json

import pytest

from paintcheck.cli import main


@pytest.mark.slow  # about 3 s: two runs of 900 steps
def test_bench_measurer_times_every_shipped_table(capsys):
    assert main.main(["bench", "--measurer", "--seconds", "0.3", "--json"]) == 0
    report = json.loads(capsys.readouterr().out.splitlines()[-1])
    assert sorted(k for k in report if k != "load") == ["hill_fort", "village", "woodland"]
    for table in ("hill_fort", "village", "woodland"):
        figures = report[table]["figures"]
        assert set(figures) == {"sight", "cost", "step", "matches"} and report[table]["steps"] == 300
        assert all(f["value"] > 0 for f in figures.values())
        assert figures["matches"]["goal"] == "≥ 100 matches/s"
    assert main.main(["bench", "--measurer", "--seconds", "0.3"]) == 0
    text = capsys.readouterr().out
    assert "Village with walls and houses (15 pieces):" in text and "one sight line:" in text
