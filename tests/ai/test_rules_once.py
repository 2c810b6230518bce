"""The coaches weigh a dump on the engine's own table (issue 27, item 3: rules once): the ``normal``
coach (and ``hard``, which reads the same worth) kept a copy of the dump table and of its die."""

from __future__ import annotations

import pytest

from paintcheck.ai.normal import NormalCoach
from paintcheck.rules import events as ev
from paintcheck.rules import reasons, tables
from paintcheck.rules.engine import Engine
from tests.rules.harness import measurer
from tests.rules.test_rules_s10_s13 import dump_duel


def worth(supports: int) -> float:
    return NormalCoach("blue", Engine(measurer()), 0)._dump_worth(supports, None, None)


def test_a_changed_dump_table_moves_the_coachs_worth(monkeypatch):
    assert worth(0) == pytest.approx(0.0)  # 1-2 a disaster, 5-6 clean
    monkeypatch.setattr(tables, "DUMP_TABLE", ((3, "disaster"), (4, "confusion")))
    assert worth(0) == pytest.approx(2 / 6 - 3 / 6)
    assert worth(1) == pytest.approx(3 / 6 - 2 / 6)


def test_a_changed_dump_die_moves_the_engine_and_the_coach(monkeypatch):
    monkeypatch.setattr(tables, "DUMP_DIE", 8)
    assert worth(0) == pytest.approx(4 / 8 - 2 / 8)  # 5-8 clean, 1-2 a disaster
    g = dump_duel([3, 4, 6, 15])
    assert {e.sides for e in g.of(ev.Rolled) if e.purpose == reasons.purpose_dump_on("W1")} == {8}
