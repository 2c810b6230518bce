"""Every coach plays whole matches with legal decisions only (the engine checks each one and the
invariants after it), the same seed gives the same match, and the stronger coaches win."""

from __future__ import annotations

import pytest

from paintcheck.ai.coach import COACH_KINDS, make_coach
from paintcheck.ai.duel import play_duel
from paintcheck.ai.seen import look
from paintcheck.rules.actions import Declare, Def, Shot, Support

OPTIONS = {"hard": {"hard": {"iterations": 6}}}


@pytest.mark.slow
@pytest.mark.parametrize("kind", COACH_KINDS)
def test_whole_matches_with_legal_decisions_only(table, kind):
    assert table.engine.checks  # an illegal decision would raise IllegalActionError
    for seed, start in ((1, table.start_break()), (2, table.start())):
        record = play_duel(table.engine, start, seed, {"blue": kind, "white": "random"}, OPTIONS.get(kind))
        assert record.winner in ("blue", "white", "draw") and record.decisions
        record = play_duel(table.engine, start, seed + 10, {"blue": "random", "white": kind},
                           OPTIONS.get(kind))
        assert record.winner in ("blue", "white", "draw")


@pytest.mark.slow
@pytest.mark.parametrize("kind", ("easy", "normal", "hard"))
def test_same_seed_same_decisions(table, kind):
    kinds = {"blue": kind, "white": "random"}
    a = play_duel(table.engine, table.start_break(), 5, kinds, OPTIONS.get(kind))
    b = play_duel(table.engine, table.start_break(), 5, kinds, OPTIONS.get(kind))
    assert a.decisions == b.decisions and a.winner == b.winner


def test_normal_beats_random(table):
    wins = sum(play_duel(table.engine, table.start_break(), s, {"blue": "random", "white": "normal"}).winner
               == "white" for s in range(2))
    assert wins == 2


@pytest.mark.slow
def test_normal_beats_random_and_easy_loses_to_normal(table):
    wins = sum(play_duel(table.engine, table.start_break(), s, {"blue": "normal", "white": "random"}).winner
               == "blue" for s in range(4))
    assert wins >= 3
    wins = sum(play_duel(table.engine, table.start_break(), s, {"blue": "easy", "white": "normal"}).winner
               == "white" for s in range(4))
    assert wins >= 2


def test_the_def_count_of_a_sequence():
    """The coaches read a sequence's DEF count from its plan (``judge.def_count_of`` re-typed it)."""
    from paintcheck.rules.plan import make_plan
    from tests.rules.harness import B1, measurer

    m = measurer()

    def def_count_of(*actions):
        return make_plan(Declare("B1", "standing", actions, "cb1", "left"), B1, m).def_count

    assert def_count_of(Def(), Support(), Support()) == 3
    assert def_count_of(Shot("W1"), Support(), Def()) == 1
    assert def_count_of(Def(), Shot("W1"), Def()) == 2


def test_a_hard_coach_under_a_time_budget_still_decides(table):
    state = table.start()
    coach = make_coach("hard", "blue", table.engine, 3, iterations=10**6, seconds=0.05)
    orders = coach.decide(look(state, "blue"))
    assert table.engine.why_illegal(state, orders) is None


def test_the_window_coaches(table):
    from paintcheck.ai.coach import window_coach

    state = table.start_break()
    for kind in COACH_KINDS:
        coach = window_coach(kind, "blue", table.engine, 1)
        assert coach.kind == kind
        assert table.engine.why_illegal(state, coach.decide(look(state, "blue"))) is None


def test_hard_fills_face_down_tokens_consistently_with_what_it_saw(table):
    import random

    from paintcheck.ai.hard import HardCoach
    from paintcheck.rules.views import HIDDEN

    state = table.start()
    blue = make_coach("normal", "blue", table.engine, 1)
    state, _ = table.engine.apply(state, blue.decide(look(state, "blue")), None)
    seen = look(state, "white").state
    assert all(t == HIDDEN for t in seen.orders["blue"].values())
    coach = HardCoach("white", table.engine, 2)
    for s in range(5):
        full = coach.determinize(seen, random.Random(s))
        tokens = list(full.orders["blue"].values())
        assert len(set(tokens)) == len(tokens) and all(1 <= t <= 5 for t in tokens)
        assert look(full, "white").state.orders == seen.orders  # the sample agrees with the view


def test_r12_2_a_random_coachs_runner_never_opens_his_line_with_a_shot(table):
    """RULES 12.2 [B p.29]: a player whose first action is a shot is a prebunker. The random coach's
    runner who finds no run wrote his four actions by chance, a shot first a quarter of the time (on
    this layout, seed 42 gave Blue2 "SHOT, SHOT, DEF, DEF" from his base); he now opens with a DEF."""
    from paintcheck.ai.random_coach import RandomCoach
    from paintcheck.rules.actions import ShotAt
    from paintcheck.rules.views import view

    for seed in range(38, 46):
        state = table.start_break()
        sheet = RandomCoach("blue", table.engine, seed).decide(view(state, "blue"))
        assert table.engine.why_illegal(state, sheet) is None
        runners = [ln for ln in sheet.lines if not ln.prebunker]
        assert runners and not any(isinstance(ln.actions[0], ShotAt) for ln in runners), (seed, runners)


@pytest.mark.parametrize("kind", COACH_KINDS)
def test_r5_1_every_coach_keeps_his_side_behind_his_cover(kind):
    """RULES 5.1 (a side change is an action, behind an obstacle at most 1 point wide [B p.16]): a
    player behind a big rocket playing left, the enemies on its right, is declared left by every
    coach (or moved, or behind another cover), never switched for free: each declaration is legal."""
    from paintcheck.field.layout import Layout, ObstacleSpec
    from paintcheck.geometry.measurer import FieldMeasurer
    from tests.rules.harness import Game, player

    m = FieldMeasurer(Layout("t", (ObstacleSpec("rb", "rocket_big", (8, -5), 0),
                                   ObstacleSpec("cw", "cylinder", (12, 5), 0))).build())
    for seed in range(6):
        g = Game(m, [player("B1", (8, -6), "rb", "left"), player("W1", (12, 4), "cw", "left"),
                     player("W2", (13, 2))])
        g.orders({"B1": 1}, {"W1": 2, "W2": 3})
        coach = make_coach(kind, "blue", g.engine, seed, **OPTIONS.get(kind, {}).get(kind, {}))
        decl = coach.decide(look(g.state, "blue"))
        assert g.why(decl) is None, (seed, decl)
        assert decl.cover != "rb" or decl.side == "left", (seed, decl)
