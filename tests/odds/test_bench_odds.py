"""``bench --odds``' module: the figure and its goal, as the other bench parts print them."""

from __future__ import annotations

import json

import pytest

from paintcheck.cli import bench_odds


class Args:
    json = True
    layout = None
    seconds = None


@pytest.mark.slow
def test_bench_odds_json(capsys):
    assert bench_odds.run(Args()) == 0  # a goal missed is a figure, not a failure
    r = json.loads(capsys.readouterr().out)
    assert r["queries"] == 108 and r["readings"] == bench_odds.READINGS
    assert r["goal"] == "<= 1 ms" and r["pass"] == (r["odds_query_ms"] <= 1.0)
    assert 0 < r["odds_query_ms"] <= r["odds_query_max_ms"]
    assert r["odds_query_first_ms"] > 0 and r["reading_ms"] > 0
    assert r["figures"]["odds_query"]["goal"] == "≤ 1 ms"
    assert r["figures"]["odds_query"]["met"] == r["pass"]


@pytest.mark.slow
def test_bench_odds_text(capsys):
    class Text(Args):
        json = False

    assert bench_odds.run(Text()) == 0
    out = capsys.readouterr().out
    assert "one odds query, exact" in out and "ms / goal ≤ 1 ms" in out
