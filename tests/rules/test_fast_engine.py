"""The fast engine changes no result: without its checks (a search's, a bench's) and reading lines of
fire from the sight table, random matches give the same decisions and events, word for word, as the
checking engine on the exact geometry."""

from __future__ import annotations

from pathlib import Path

import pytest

from paintcheck.ai.playout import play_match
from paintcheck.geometry.cache import CachedMeasurer
from paintcheck.rules.actions import Dodge, IllegalActionError
from paintcheck.rules.engine import Engine
from paintcheck.table import Table

ROOT = Path(__file__).resolve().parents[2]


def _events(table: Table, start, seed: int) -> list[str]:
    record = play_match(table.engine, start, seed)
    return [str(d) for d in record.decisions] + [repr(record.final)]


@pytest.mark.parametrize("seed", [1, 2])
def test_fast_and_checking_engines_play_the_same_matches(seed, tmp_path):
    layout = ROOT / "layouts" / "box21_small.json"
    exact = Table.from_file(layout, checks=True, sight=False)
    field = exact.field
    measurer = CachedMeasurer(field, sight=True, cache=tmp_path)  # its table in the test's folder
    fast = Table(field, measurer, Engine(measurer, checks=False))
    for begin in ("start_break", "start"):
        a = _events(exact, getattr(exact, begin)(), seed)
        b = _events(fast, getattr(fast, begin)(), seed)
        assert a == b


def test_only_the_checking_engine_refuses_an_illegal_decision():
    layout = ROOT / "layouts" / "box21_small.json"
    checking, trusting = Table.from_file(layout), Table.from_file(layout, checks=False)
    with pytest.raises(IllegalActionError):
        checking.engine.apply(checking.start(), Dodge("blue"), None)
    assert not trusting.engine.checks
