"""Each move's allowance is written once (``paintcheck/unpourun/allowance.py``): the legality, the
engine, the window and the coaches ask it; no other module multiplies a Mvt by a factor."""

from __future__ import annotations

import re
from pathlib import Path

from paintcheck.unpourun import actions as a
from paintcheck.unpourun.allowance import move_allowance, refused_charge_allowance, rout_allowance
from paintcheck.unpourun.state import Activation
from tests.unpourun.upu_world import CHEF, World, band, fig

ROOT = Path(__file__).resolve().parents[2] / "paintcheck"
RETYPED = re.compile(r"stats\.mvt|\b(RUN|CHARGE|FLEE|FAILED_CHARGE_NO_PA)_FACTOR\b")
OWNERS = {"allowance.py", "tables.py"}  # the allowance's one function each, and the numbers it reads


def test_no_module_retypes_an_allowance():
    found = [f"{p.relative_to(ROOT)}:{n}" for folder in (ROOT / "unpourun", ROOT / "ui" / "unpourun")
             for p in sorted(folder.glob("*.py")) if p.name not in OWNERS
             for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1) if RETYPED.search(line)]
    assert found == []


def test_move_allowance_of_each_move():
    w = World(band(fig(CHEF)), band(fig(CHEF)), {"A1": (10, 10), "B1": (30, 30)}, "A1")
    f, mvt, path = w.f("A1"), w.f("A1").stats.mvt, ((12.0, 10.0),)
    assert move_allowance(w.engine.board, w.s, f, a.Walk(path)) == mvt
    assert move_allowance(w.engine.board, w.s, f, a.Run(path)) == mvt * 1.5  # 3.4
    assert move_allowance(w.engine.board, w.s, f, a.Flee(path)) == mvt * 0.5  # 3.9
    assert move_allowance(w.engine.board, w.s, f, a.Charge("B1", path)) == mvt * 1.5  # 3.6 (a)
    assert refused_charge_allowance(f) == mvt  # 6.3
    assert [rout_allowance(f, pa) for pa in (0, 1, 2)] == [0.0, mvt, mvt * 1.5]  # 8.4
    w.s.activation = Activation("A1", 1, charging="B1")  # 3.6 (d): missed, the PA for the run
    assert move_allowance(w.engine.board, w.s, f, a.ChargeMove(path)) == mvt * 1.5
    w.s.activation = Activation("A1", 0, charging="B1")  # no PA left: half Mvt
    assert move_allowance(w.engine.board, w.s, f, a.ChargeMove(path)) == mvt * 0.5
