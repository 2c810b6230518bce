"""The ``normal`` and ``easy`` break sheets on every shipped layout: legal as planned (never the
fallback), with a prebunker whose template meets the other side's expected runs."""

from __future__ import annotations

from pathlib import Path

import pytest

from paintcheck.ai.coach import make_coach
from paintcheck.ai.seen import look
from paintcheck.ai.sheets import SheetPlanner
from paintcheck.rules.dice import Dice
from paintcheck.table import Table

LAYOUTS = sorted((Path(__file__).resolve().parents[2] / "layouts").glob("*.json"))


@pytest.mark.slow
@pytest.mark.parametrize("path", LAYOUTS, ids=lambda p: p.stem)
def test_the_sheet_is_legal_as_planned_with_a_prebunker(path):
    table = Table.from_file(path, sight=True)
    for kind in ("normal", "easy"):
        for seed in (0, 1, 2):
            state = table.start_break()
            for team in ("blue", "white"):  # White plans after Blue's sheet is in (hidden from him)
                seen = look(state, team)
                sheet = make_coach(kind, team, table.engine, seed).decide(seen)
                twin = make_coach(kind, team, table.engine, seed)
                twin.reseed(seen.state)  # the draws of the decision (the seed and the decision's number)
                planner = SheetPlanner(twin, seen.state)
                planned = next(planner.sheets())
                assert sheet == planned, f"{kind} {team} seed {seed}: not the sheet it planned"
                assert table.engine.why_illegal(state, sheet) is None
                (prebunker,) = [ln for ln in sheet.lines if ln.prebunker]
                runs = planner.other_runs()
                assert any(table.measurer.template_crossings(prebunker.prebunk, prebunker.start, run)
                           for run in runs)
                state, _ = table.engine.apply(state, sheet, Dice(seed))
