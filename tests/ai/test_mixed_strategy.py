"""The computer varies: near-equal candidates are drawn (``ai.mixed_strategy``), from the coach's seed
and the decision's number only, so a person cannot learn one sheet, and a match replays exactly."""

from __future__ import annotations

import random

import pytest

from paintcheck.ai.coach import make_coach
from paintcheck.ai.duel import coach_seed, play_duel
from paintcheck.ai.mixed_strategy import mixed_ranking
from paintcheck.ai.seen import look
from paintcheck.ai.sheets import ln_end
from paintcheck.rules.actions import AssignOrders, Declare
from paintcheck.rules.dice import Dice


def test_the_draw_stays_within_the_margin_and_takes_each_near_equal_candidate():
    scored = [(0.50, "a"), (0.49, "b"), (0.30, "c"), (0.495, "d"), (0.10, "e")]
    firsts = set()
    for seed in range(200):
        order = mixed_ranking(scored, 0.02, 0.01, random.Random(seed))
        assert sorted(order) == ["a", "b", "c", "d", "e"]
        assert order[3:] == ["c", "e"]  # never before a candidate better by more than the margin
        firsts.add(order[0])
    assert firsts == {"a", "b", "d"}
    # nothing near the best: the best first, and nothing drawn
    rng = random.Random(1)
    state = rng.getstate()
    assert mixed_ranking([(1.0, "x"), (0.5, "y")], 0.02, 0.01, rng) == ["x", "y"]
    assert rng.getstate() == state


@pytest.mark.parametrize("kind", ["normal", "easy"])
def test_the_break_sheets_vary_with_the_seed(table, kind):
    """Box 21 was played with one sheet in every match: now eight seeds give at least five sheets,
    with runners on several pieces and more than one prebunker, each legal."""
    start = table.start_break()
    sheets, prebunkers, ends = set(), set(), set()
    for seed in range(8):
        sheet = make_coach(kind, "blue", table.engine, seed).decide(look(start, "blue"))
        assert table.engine.why_illegal(start, sheet) is None
        sheets.add(sheet)
        prebunkers.update(ln.player for ln in sheet.lines if ln.prebunker)
        ends.update(ln_end(ln) for ln in sheet.lines if not ln.prebunker)
    assert len(sheets) >= 5
    assert len(prebunkers) >= 2 and len(ends) > 4


def test_a_decision_depends_on_the_seed_and_the_view_only(table):
    """A coach that has decided before answers a view as a fresh coach of its seed does (the decision's
    draws come from the seed and the match's decision number): the same seed, the same decisions."""
    engine = table.engine
    record = play_duel(engine, table.start_break(), 5, {"blue": "easy", "white": "normal"})
    coaches = {"blue": make_coach("easy", "blue", engine, coach_seed(5, "blue")),
               "white": make_coach("normal", "white", engine, coach_seed(5, "white"))}
    state, dice = table.start_break(), Dice(5)
    for decision in record.decisions[:40]:
        team = engine.to_move(state)
        fresh = make_coach(coaches[team].kind, team, engine, coaches[team].seed)
        assert coaches[team].decide(look(state, team)) == fresh.decide(look(state, team)) == decision
        state, _ = engine.apply(state, decision, dice)


@pytest.mark.slow
def test_the_turn_decisions_vary_too(table):
    """Near-equal sequences and order tokens are drawn too: on the views of one match, other seeds of
    ``normal`` often decide otherwise (each decision legal)."""
    engine = table.engine
    record = play_duel(engine, table.start_break(), 3, {"blue": "normal", "white": "normal"})
    state, dice = table.start_break(), Dice(3)
    asked = varied = 0
    for decision in record.decisions[:60]:
        team = engine.to_move(state)
        if isinstance(decision, (Declare, AssignOrders)):
            seen = look(state, team)
            answers = {make_coach("normal", team, engine, seed).decide(seen) for seed in range(6)}
            assert all(engine.why_illegal(state, d) is None for d in answers)
            asked += 1
            varied += len(answers) > 1
        state, _ = engine.apply(state, decision, dice)
    assert asked >= 10 and varied >= asked // 4
