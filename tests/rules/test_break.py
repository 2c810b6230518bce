"""The break (RULES 12): sheets, templates on runners and prebunkers, immunity, finishing, turn 2."""

from __future__ import annotations

import time
from dataclasses import replace

import pytest

from paintcheck.field.lattice import DEFAULT_LATTICE
from paintcheck.rules import events as ev
from paintcheck.rules.actions import (
    AssignOrders,
    BreakSheet,
    ChooseTarget,
    Declare,
    Def,
    Dodge,
    DumpAt,
    IllegalActionError,
    Move,
    SheetLine,
    Shot,
    ShotAt,
    Support,
)
from paintcheck.rules.break_turn import why_line_illegal, why_sheet_illegal
from paintcheck.rules.dice import ScriptedDice
from paintcheck.rules.engine import Engine
from paintcheck.rules.state import ORDERS, SHEETS, TARGET, new_break
from paintcheck.rules.values import RoundView
from paintcheck.rules.views import view
from tests.rules.scripted import ScriptedMeasurer, touch

BASES = {t: DEFAULT_LATTICE.base_points(t) for t in ("blue", "white")}
FOUR_DEF = (Def(), Def(), Def(), Def())
TWO_DEF = (Def(), Def())


def table(**kw) -> ScriptedMeasurer:
    m = ScriptedMeasurer()
    m.add("pyr", "pyramid", (8, 1)).add("c2", "cone", (7, 3))
    return m


def runners(team: str, first: int, players, skip=()):
    """DEF x4 lines on the base for ``players``, orders from ``first``."""
    free = [b for b in BASES[team] if b not in skip]
    return [SheetLine(pid, first + i, free[i * 2 % len(free)], "kneeling", FOUR_DEF)
            for i, pid in enumerate(players)]


class Break:
    def __init__(self, m: ScriptedMeasurer, dice=()) -> None:
        self.engine = Engine(m)
        self.dice = ScriptedDice(dice)
        self.state = new_break("test", {t: BASES[t][::2] for t in BASES})
        self.events: list = []

    def play(self, decision):
        self.state, new = self.engine.apply(self.state, decision, self.dice)
        self.events += new
        return new

    def sheets(self, blue, white):
        self.play(BreakSheet("blue", tuple(blue)))
        self.play(BreakSheet("white", tuple(white)))

    def of(self, kind, **match):
        return [e for e in self.events if isinstance(e, kind)
                and all(getattr(e, k) == v for k, v in match.items())]


B1_ZONE, ORIGIN = (8, -12), (8, 3)
STRIP = [(8, y) for y in range(3, -4, -1)]  # the template from (8, 3) toward Blue1, 6 long


def blue_prebunker(origin=ORIGIN, rest=TWO_DEF, start=B1_ZONE):
    return [SheetLine("B1", 1, start, "standing", rest, None, None, origin),
            *runners("blue", 2, ["B2", "B3", "B4", "B5"])]


def test_book_p31_a_prebunk_hits_white5_who_dodges_with_1_die_and_fails():
    """10 - 2 (distance) + 4 (run angle) = 12 against 10: needs 9; rolls 14, margin 6; White5's
    last action is a DEF, so he dodges with 1 die: a 1, and he goes to the dead zone."""
    m = table().cover_with_template(ORIGIN, B1_ZONE, *STRIP)
    g = Break(m, [14, 1])
    w5 = SheetLine("W5", 1, (8, 13), "standing", (Move(((8, 2),), "pyr", "left"), Def()))
    g.sheets(blue_prebunker(), [w5, *runners("white", 2, ["W1", "W2", "W3", "W4"], skip=[(8, 13)])])
    (shot,) = g.of(ev.ShotResolved)
    assert (shot.shooter, shot.target, shot.kind) == ("B1", "W5", "prebunk")
    assert dict(shot.shot_parts) == {"prebunk": 10, "distance": -2, "run angle": 4}
    assert dict(shot.target_parts) == {"MOV": 10}
    assert (shot.shot_value, shot.target_value, shot.required, shot.roll, shot.margin) == (12, 10, 9, 14, 6)
    assert g.state.phase == "dodge"
    g.play(Dodge("white"))
    assert g.of(ev.Eliminated, player="W5") and g.state.players["W5"].point is None
    # the rest of the break plays out: Blue1 finishes, his template leaves, turn 2 begins
    assert g.of(ev.TemplateLifted, player="B1") and not g.state.templates
    assert (g.state.turn, g.state.phase) == (2, ORDERS)
    assert g.dice.remaining == 0


def test_r12_4_one_template_hits_several_runners():
    m = table().cover_with_template(ORIGIN, B1_ZONE, *STRIP)
    g = Break(m, [14, 1, 5])
    w5 = SheetLine("W5", 1, (8, 13), "standing", (Move(((8, 2),), "pyr", "left"), Def()))
    w4 = SheetLine("W4", 2, (10, 13), "standing", (Move(((8, 4), (8, 3)), "c2", "left"), Def()))
    g.sheets(blue_prebunker(),
             [w5, w4, *runners("white", 3, ["W1", "W2", "W3"], skip=[(8, 13), (10, 13)])])
    g.play(Dodge("white"))
    assert [(e.shooter, e.target) for e in g.of(ev.ShotResolved)] == [("B1", "W5"), ("B1", "W4")]


def test_book_p31_the_eagle_run_passes_under_the_template():
    m = table().cover_with_template(ORIGIN, B1_ZONE, *STRIP)
    g = Break(m, [])
    eagle = SheetLine("W5", 1, (8, 13), "standing", (Move(((13, 8), (9, 2)), "pyr", "left"), Def()))
    g.sheets(blue_prebunker(), [eagle, *runners("white", 2, ["W1", "W2", "W3", "W4"], skip=[(8, 13)])])
    assert not g.of(ev.ShotResolved) and g.state.players["W5"].point == (9, 2)
    assert g.state.turn == 2


def test_r12_5_runners_are_immune_in_their_own_zone_to_templates_aimed_at_it():
    origin = (8, 12)  # in White's prebunk zone
    m = table().cover_with_template(origin, B1_ZONE, (8, 12), (8, 11))
    g = Break(m, [])
    across = SheetLine("W5", 1, (5, 13), "standing",
                       (Move(((7, 12), (9, 12), (12, 9))), Def()))
    g.sheets(blue_prebunker(origin=origin),
             [across, *runners("white", 2, ["W1", "W2", "W3", "W4"], skip=[(5, 13)])])
    assert not g.of(ev.ShotResolved)  # he crossed it inside his own prebunk zone


def test_r12_6_a_prebunker_under_a_template_has_protection_10_and_a_free_dodge():
    """Blue1 prebunks White1's point: 10 - 3 (distance 24) = 7 against 10, needs 14; 20 + 3 gives
    margin 10; White1 has no DEF but one free die: 6, again 5, dodged, 1 boulet. At his finish the
    boulet takes his first action point, and his second DEF is dropped."""
    w1_zone = (8, 12)
    m = table().cover_with_template(w1_zone, B1_ZONE, w1_zone)
    g = Break(m, [20, 3, 6, 5])
    w1 = SheetLine("W1", 1, w1_zone, "standing", (Def(), Def()), None, None, (8, -2))
    g.sheets(blue_prebunker(origin=w1_zone), [w1, *runners("white", 2, ["W2", "W3", "W4", "W5"])])
    (shot,) = g.of(ev.ShotResolved)
    assert dict(shot.target_parts) == {"prebunking": 10}
    assert (shot.shot_value, shot.required, shot.margin) == (7, 14, 10)
    assert g.state.phase == "dodge"
    g.play(Dodge("white"))
    (dodged,) = g.of(ev.Dodged, player="W1")
    assert dodged.dice == 1 and dodged.boulets == 1
    assert g.of(ev.BouletsCleared, player="W1") and g.of(ev.ActionDropped, player="W1")
    assert g.state.turn == 2 and g.state.players["W1"].def_count == 1


def _runner_shoots_a_prebunker_beside_a_cone(rest):
    """White1 runs nowhere: from his base he takes a DEF and shoots Blue1 (a shot first would make
    him a prebunker, RULES 12.2), who prebunks from beside a cone that the ruler crosses; Blue1's
    sheet ends with ``rest``."""
    m = ScriptedMeasurer()
    m.add("cb", "cone", (2, -11))
    b1, wbase = (2, -12), BASES["white"][0]
    m.see(wbase, b1)
    m.lines[(wbase, b1)] = (touch("cb", "cone"),)
    g = Break(m, [12])
    blue = [SheetLine("B1", 1, b1, "standing", rest, "cb", "left", (0, 5)),
            *runners("blue", 2, ["B2", "B3", "B4", "B5"])]
    w1 = SheetLine("W1", 1, wbase, "standing", (Def(), ShotAt(b1), Def(), Def()))
    g.sheets(blue, [w1, *runners("white", 2, ["W2", "W3", "W4", "W5"], skip=[wbase])])
    return g, m


def test_r12_6_a_prebunkers_obstacle_adds_nothing_but_still_hinders_the_shooter():
    """10 - 3 (distance) - 2 (the cone crossed by a standing shooter) = 5 against 10: needs 16."""
    g, _ = _runner_shoots_a_prebunker_beside_a_cone((Def(), Def()))
    (shot,) = g.of(ev.ShotResolved, shooter="W1")
    assert dict(shot.target_parts) == {"prebunking": 10}
    assert dict(shot.shot_parts) == {"simple": 10, "distance": -3, "crosses cb (medium)": -2}
    assert shot.required == 16 and not shot.hit


@pytest.mark.parametrize(("rest", "covered"), [
    ((Def(), Def()), True),
    ((ShotAt((2, 5)), Def()), True),
    ((Def(), Support()), True),  # a supported DEF is 2 DEF (B p.11)
    # « effectuer une DEF et tirer » (B p.32–33): a DEF anywhere in his finish covers him
    ((Def(), ShotAt(BASES["white"][0])), True),  # White1 stands there: the shot is kept
    ((ShotAt((2, 5)), Support()), False),
])
def test_r12_6_a_prebunker_gets_his_obstacles_protection_when_his_finish_includes_a_def(rest, covered):
    g, m = _runner_shoots_a_prebunker_beside_a_cone(rest)
    assert g.state.turn == 2
    b1 = g.state.players["B1"]
    parts = dict(RoundView(g.state, m).protection("B1"))
    if covered:
        assert "cone standing" in parts and not b1.bare
    else:
        assert b1.bare and parts.get("no DEF in his prebunk's finish") == 4 and "cone standing" not in parts


def test_r12_6_a_bare_prebunker_is_covered_again_once_he_acts_in_turn_2():
    g, m = _runner_shoots_a_prebunker_beside_a_cone((ShotAt((2, 5)), Support()))
    assert g.state.players["B1"].bare
    g.dice = ScriptedDice([3, 5])  # the speaking d6s of turn 2's first round
    for team in ("blue", "white"):
        ids = sorted(p.id for p in g.state.team_players(team) if p.on_field)
        g.play(AssignOrders(team, tuple((pid, i) for i, pid in enumerate(ids, 1))))
    while "B1" not in g.state.declarations:
        team = g.engine.to_move(g.state)
        pid = g.state.active[team]
        p = g.state.players[pid]
        g.play(Declare(pid, "standing", FOUR_DEF, p.cover, p.side))
    assert not g.state.players["B1"].bare
    assert "cone standing" in dict(RoundView(g.state, m).protection("B1"))


def test_r12_7_prebunkers_finish_in_order_and_a_finishing_run_crosses_a_template_still_up():
    """White1 (order 1) and White2 (order 2) prebunk; Blue1 (order 1) finishes with a run across
    White2's template, which is still up: White2 fires at him. Templates leave as each finishes."""
    w2_origin, w2_zone = (8, -8), (8, 11)
    m = table().cover_with_template(w2_origin, w2_zone, (8, -9), (8, -8))
    g = Break(m, [3])  # White2's template misses Blue1
    b1 = SheetLine("B1", 1, B1_ZONE, "standing", (Move(((8, -9),)), Def()), None, None, ORIGIN)
    white = [SheetLine("W1", 1, (4, 12), "standing", (Def(), Def()), None, None, (4, -4)),
             SheetLine("W2", 2, w2_zone, "standing", (Def(), Def()), None, None, w2_origin),
             *runners("white", 3, ["W3", "W4", "W5"])]
    g.sheets([b1, *runners("blue", 2, ["B2", "B3", "B4", "B5"])], white)
    (shot,) = g.of(ev.ShotResolved)
    assert (shot.shooter, shot.target, shot.kind) == ("W2", "B1", "prebunk")
    lifted = [e.player for e in g.of(ev.TemplateLifted)]
    assert lifted.index("W1") < lifted.index("W2") and set(lifted) == {"B1", "W1", "W2"}


def test_r12_2_behind_line_8_the_coach_names_the_target_when_the_shot_happens():
    m = table()
    w3 = DEFAULT_LATTICE.parse("W:I9")
    m.see(B1_ZONE, w3)
    g = Break(m, [15])
    white = runners("white", 1, ["W1", "W2", "W4", "W5"], skip=[(8, 13)]) + [
        SheetLine("W3", 5, (8, 13), "standing", (Move((w3,), None, None), Def()))]
    g.sheets(blue_prebunker(origin=(0, 4), rest=(Def(), ShotAt(None))), white)
    assert g.state.phase == TARGET and g.engine.to_move(g.state) == "blue"
    assert g.engine.why_illegal(g.state, ChooseTarget("blue", "B1", "W1")) is not None  # not seen
    g.play(ChooseTarget("blue", "B1", "W3"))
    (shot,) = g.of(ev.ShotResolved)
    assert (shot.shooter, shot.target, shot.roll) == ("B1", "W3", 15)


def test_r12_2_sheet_legality():
    m = table()
    g = Break(m)
    why = lambda lines: g.engine.why_illegal(g.state, BreakSheet("blue", tuple(lines)))  # noqa: E731
    ok = blue_prebunker()
    assert why(ok) is None
    assert "first order numbers" in why([ok[0].__class__(**{**ok[0].__dict__, "order": 3}),
                                         *runners("blue", 1, ["B2", "B3"]),
                                         *runners("blue", 4, ["B4", "B5"], skip=BASES["blue"][:1])])
    three = SheetLine("B1", 1, B1_ZONE, "standing", (Def(), Def(), Def()), None, None, ORIGIN)
    assert "he has 2" in why([three, *ok[1:]])
    off_base = SheetLine("B2", 2, (8, -9), "standing", FOUR_DEF)
    assert "starts on his base" in why([ok[0], off_base, *ok[2:]])
    outside = SheetLine("B1", 1, (8, -9), "standing", (Def(), Def()), None, None, ORIGIN)
    assert "prebunk zone" in why([outside, *ok[1:]])
    late = SheetLine("B2", 2, BASES["blue"][0], "standing",
                     (Move(((4, -5),)), ShotAt(None)))
    assert "behind line 8" in why([ok[0], late, *ok[2:]])
    assert "one line for each" in why(ok[:4])
    twice = SheetLine("B2", 2, BASES["blue"][0], "standing", (Def(), ShotAt((8, 5)), ShotAt((8, 5))))
    assert "one shot per point" in why([ok[0], twice, *ok[2:]])
    assert "DEF, SUP, MOV, and SHOT and DUMP at a point" in why(
        [ok[0], SheetLine("B2", 2, BASES["blue"][0], "standing", (Shot("W1"),)), *ok[2:]])


def test_r12_2_a_runner_whose_first_action_is_a_shot_is_refused_he_is_a_prebunker():
    """RULES 12.2 [B p.29]: « un joueur est appelé prebunker si sa première action de jeu est un
    tir ». A runner's line (no prebunked point) that opens with a shot, at a point or chosen later,
    was taken and played as a 4-action runner with no template and no prebunk cost."""
    m = table()
    g = Break(m)
    ok = blue_prebunker()
    base = BASES["blue"][0]
    for first in (ShotAt((8, 5)), ShotAt(None)):
        line = SheetLine("B2", 2, base, "standing", (first, Def(), Def(), Def()))
        reason = why_line_illegal(g.state, "blue", line, m)
        assert reason is not None and reason.key == "rules.refusal.runner_shoots_first"
        assert reason == ("a player whose first action is a shot is a prebunker: a runner starts with "
                          "another action")
        sheet = BreakSheet("blue", (ok[0], line, *ok[2:]))
        assert g.engine.why_illegal(g.state, sheet) == f"B2: {reason}"
        with pytest.raises(IllegalActionError):
            g.play(sheet)
    # a DEF first, then the shot: a runner who stays on his base and shoots
    later = SheetLine("B2", 2, base, "standing", (Def(), ShotAt((8, 5)), Def(), Def()))
    assert g.engine.why_illegal(g.state, BreakSheet("blue", (ok[0], later, *ok[2:]))) is None
    # a prebunker's line opens with his prebunk: the shot that follows it is his third action
    assert why_line_illegal(g.state, "blue", replace(ok[0], actions=(ShotAt((8, 5)), Support())), m) is None


def test_r12_2_a_sheet_whose_lines_are_known_legal_is_judged_across_lines_only():
    """``lines_legal`` (its writer judged each line): the same verdicts on what spans lines."""
    m = table()
    g = Break(m)
    ok = blue_prebunker()
    same_start = [ok[0], *runners("blue", 2, ["B2", "B3"]), *runners("blue", 4, ["B4", "B5"])]
    for lines in (ok, ok[:4], same_start, [ok[0].__class__(**{**ok[0].__dict__, "order": 3}), *ok[1:]]):
        sheet = BreakSheet("blue", tuple(lines))
        assert all(why_line_illegal(g.state, "blue", ln, m) is None for ln in lines)
        assert why_sheet_illegal(g.state, sheet, m, lines_legal=True) == why_sheet_illegal(g.state, sheet, m)
    assert "same point" in why_sheet_illegal(g.state, BreakSheet("blue", tuple(same_start)), m, True)


def test_r12_1_the_other_coachs_sheet_stays_face_down_until_both_are_in():
    g = Break(table())
    assert g.state.phase == SHEETS and g.engine.to_move(g.state) == "blue"
    g.play(BreakSheet("blue", tuple(blue_prebunker())))
    seen = view(g.state, "white")
    assert seen.sheets["blue"].lines == () and g.engine.to_move(seen) == "white"
    assert view(g.state, "blue").sheets["blue"].lines  # his own, face up
    g.play(BreakSheet("white", tuple(runners("white", 1, ["W1", "W2", "W3", "W4", "W5"]))))
    assert g.of(ev.SheetsRevealed) and g.state.turn == 2


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_match_from_the_break_replays_exactly(seed):
    from paintcheck.ai.playout import play_match
    from paintcheck.field.layout_file import default_layout_path
    from paintcheck.rules.codec import START_BREAK, MatchRecord, decision_from_dict, decision_to_dict
    from paintcheck.table import Table, replay

    t = Table.from_file(default_layout_path())
    record = play_match(t.engine, t.start_break(), seed)
    decisions = [decision_from_dict(decision_to_dict(d)) for d in record.decisions]
    assert decisions == list(record.decisions)
    _, state, _, _ = replay(MatchRecord(seed, t.layout_data, decisions, START_BREAK))
    assert state.to_dict() == record.final.to_dict()
    assert any(isinstance(d, BreakSheet) for d in decisions)
    assert any(isinstance(d, AssignOrders) for d in decisions) or state.turn == 2


@pytest.mark.slow
def test_random_matches_from_the_break_keep_every_invariant_and_end():
    """200 whole matches from random legal break sheets; the engine checks its invariants after
    every decision, so any broken one raises."""
    from paintcheck.ai.playout import play_match
    from paintcheck.field.layout_file import default_layout_path
    from paintcheck.table import Table

    t = Table.from_file(default_layout_path())
    reasons = set()
    for seed in range(200):
        record = play_match(t.engine, t.start_break(), seed)
        assert record.winner in ("blue", "white", "draw")
        reasons.add(record.reason.split(",")[0])
    assert len(reasons) >= 2


def test_r12_2_r8_4_a_sheet_shot_whose_line_of_fire_is_impossible_is_refused_at_once():
    """Issue 11: standing, straight through a high obstacle, the sheet took the shot and the break
    dropped it. The sheet says why at once; through a medium cone the shot is only harder."""
    m = table()
    start, aim = BASES["blue"][0], (8, 5)
    m.lines[(start, aim)] = (touch("pyr", "pyramid"),)  # crosses the pyramid (high)
    g = Break(m)
    ok = blue_prebunker()
    line = SheetLine("B2", 2, start, "standing", (Def(), ShotAt(aim), Def(), Def()))
    reason = g.engine.why_illegal(g.state, BreakSheet("blue", (ok[0], line, *ok[2:])))
    assert reason == ("B2: his shot at W:I5 is impossible from B:E13, standing: the line of fire "
                      "crosses pyr (high)")
    m.lines[(start, aim)] = (touch("c2", "cone"),)  # a medium cone: -2 standing, allowed
    assert g.engine.why_illegal(g.state, BreakSheet("blue", (ok[0], line, *ok[2:]))) is None


# A dump on the sheet (B p.32: the break resolves « runners croisant un feu de prebunk, bunkering
# etc. »): White2 (order 1) runs to M1; Blue2 (order 2) runs to M-1 and dumps the point M1.
W2_RUN, B2_RUN = (12, 1), (12, -1)


def _dump_at_the_break(blue_actions, dice):
    g = Break(table(), dice)
    b2 = SheetLine("B2", 2, (12, -13), "standing", blue_actions)
    w2 = SheetLine("W2", 1, (12, 13), "standing", (Move((W2_RUN,)), Def()))
    g.sheets([*runners("blue", 1, ["B1"], skip=[(12, -13)]), b2,
              *runners("blue", 3, ["B3", "B4", "B5"], skip=[(12, -13), (4, -13)])],
             [w2, *runners("white", 2, ["W1", "W3", "W4", "W5"], skip=[(12, 13)])])
    return g


def test_r12_2_a_break_sheet_may_dump_a_point_within_reach():
    g = _dump_at_the_break((Move((B2_RUN,)), DumpAt(W2_RUN)), [6])
    (dump,) = g.of(ev.DumpResolved)
    assert (dump.dumper, dump.target, dump.outcome) == ("B2", "W2", "clean")
    assert g.state.players["W2"].point is None and g.state.turn == 2


def test_r12_2_a_sheets_dump_at_nobody_is_dropped():
    g = _dump_at_the_break((Move((B2_RUN,)), DumpAt((11, 1))), [])
    (dropped,) = g.of(ev.ActionDropped, player="B2")
    assert "no enemy stands on that point" in dropped.reason and not g.of(ev.DumpResolved)


@pytest.mark.parametrize(("actions", "reason"), [
    ((Move((B2_RUN,)), DumpAt((12, 2))), "within 2 points"),  # three points from his arrival
    ((Move((B2_RUN,)), DumpAt(B2_RUN)), "other than his own"),
    ((DumpAt((12, 1)), Def()), "within 2 points"),  # from his base
    ((Move((B2_RUN,)), DumpAt(W2_RUN), DumpAt(W2_RUN)), "one shot per point"),
])
def test_r12_2_a_sheets_dump_reaches_2_points_from_where_he_stands(actions, reason):
    g = Break(table())
    line = SheetLine("B2", 2, (12, -13), "standing", actions)
    assert reason in why_line_illegal(g.state, "blue", line, table())


def test_r12_2_a_sheet_move_off_the_field_is_refused_before_it_is_walked():
    """A mutated save once put a waypoint a billion points away: the sheet's plan walked the move
    point by point before its legality was read, and the window grew by 40 MB a second."""
    m = table()
    g = Break(m)
    ok = blue_prebunker()
    far = SheetLine("B2", 2, BASES["blue"][0], "standing", (Move(((10**9, 3),)), Def()))
    started = time.perf_counter()
    assert "off the field" in g.engine.why_illegal(g.state, BreakSheet("blue", (ok[0], far, *ok[2:])))
    assert time.perf_counter() - started < 1.0


def test_r12_2_r12_3_a_lines_budget_is_its_four_actions_less_a_prebunkers_two():
    """The budget the engine checks a sheet's line against and the sheet editor greys by, said once."""
    from paintcheck.rules import tables
    from paintcheck.rules.break_turn import line_budget

    assert line_budget(False) == tables.ACTION_POINTS == 4
    assert line_budget(True) == tables.ACTION_POINTS - tables.COST_PREBUNK == 2
