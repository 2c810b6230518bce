"""RULES-unpourun §0, §7, §8 and §9 through the engine's door: hors de combat and death, the end of a
turn (rout and rally tests, the Cd test as 2d6), routing figures and leaving the table, victory points
and the end of the game."""

from __future__ import annotations

from paintcheck.unpourun import actions as a
from paintcheck.unpourun import tables as t
from paintcheck.unpourun.engine import victory_points
from paintcheck.unpourun.odds_coach import OddsCoach
from paintcheck.unpourun.random_coach import RandomCoach
from paintcheck.unpourun.state import Phase, Status
from tests.unpourun.upu_world import CHEF, SC, SF, World, band, fig, rect, table


def test_r7_1_hors_de_combat_at_zero_and_r7_2_dead_below():
    w = World(band(), band(), {"A1": (10, 10), "B2": (10, 11)}, "A1")
    w.set("B2", pv=1)
    w.do(a.Strike("B2"), 4, 6)
    assert w.f("B2").status == Status.HORS and w.f("B2").pos == (10, 11)  # it lies where it is
    assert not w.engine.board.engaged(w.s, w.f("A1"))  # engages nobody
    w.do(a.Strike("B2"), 4, 6)  # an enemy in contact may strike it: below 0, dead and removed
    assert w.f("B2").status == Status.DEAD and w.f("B2").pos is None and w.f("B2").pv == -1


def _end_of_turn(w: World, last: str) -> None:
    """Every figure but ``last`` (the active one) has been activated this turn."""
    for f in w.s.figures:
        if f.id != last:
            w.set(f.id, activated=True)


def test_r8_1_a_band_whose_chef_is_lost_tests_and_r8_3_fails_into_rout():
    w = World(band(fig(SF), fig(SF)), band(), {"A1": (10, 10), "A2": (40, 10), "B1": (30, 30)}, "B1")
    w.set("A3", pv=0, status=Status.HORS, up_this_turn=True)  # A's chef fell this turn
    _end_of_turn(w, "B1")
    w.do(a.EndActivation())  # A1 and A2 have the same Cd: A says whose test comes first (8.3, 10.1)
    assert w.s.phase == Phase.ORDER and w.s.mover == "A" and w.s.choices == (("A1", ""), ("A2", ""))
    assert "rout_check" in w.kinds()
    # A1: 2d6 = 7 > Cd 6, routs; A2: 2 passes; initiative A 3 + 2 (routing counts), B 4 + 1: a tie, B has
    # fewer sous-fifres (3.1); B's first wave: 2
    w.do(a.TakeTest("A1"), 4, 3, 1, 1, 3, 4, 2)
    assert w.f("A1").routing and w.f("A1").routing_since == 1
    assert not w.f("A2").routing and w.s.turn == 2 and w.s.first == "B"


def test_r8_3_the_owner_orders_the_tests_of_equal_cd():
    at = {"A1": (10, 10), "A2": (13, 10), "A3": (30, 10), "B1": (30, 30)}
    w = World(band(fig(SF), fig(SF), fig(SC)), band(), at, "B1")
    w.set("A4", pv=0, status=Status.HORS, up_this_turn=True)  # A's chef fell this turn
    _end_of_turn(w, "B1")
    w.do(a.EndActivation(), 6, 6)  # the sous-chef A3 (Cd 8) first, alone: 12 fails; then A1, A2 tied
    assert w.s.choices == (("A1", ""), ("A2", ""))
    # A2 first: 12 fails; then A1 (no helper left: A2 and A3 failed) passes with 2; then turn 2's dice
    w.do(a.TakeTest("A2"), 6, 6, 1, 1, 3, 4, 2)
    assert [e.get("figure") for e in w.events if e.kind.startswith("test_") and e.kind != "test_first"] == \
        ["A2", "A1"]
    assert w.f("A2").routing and not w.f("A1").routing


def test_r0_2_a_cd_test_passes_at_the_cd():
    w = World(band(), band(), {"A2": (10, 10), "B1": (30, 30)}, "B1")
    w.set("A1", pv=0, status=Status.HORS, up_this_turn=True)
    _end_of_turn(w, "B1")
    w.do(a.EndActivation(), 3, 3, 3, 4, 2)  # 2d6 = 6 <= Cd 6: passes
    assert not w.f("A2").routing and "test_passed" in w.kinds()


def test_r8_3_a_better_cd_within_four_pas_helps():
    w = World(band(fig(SC), fig(SF)), band(), {"A1": (10, 10), "A2": (13, 10), "B1": (30, 30)}, "B1")
    w.set("A3", pv=0, status=Status.HORS, up_this_turn=True)  # the chef (appended third) fell
    _end_of_turn(w, "B1")
    w.do(a.EndActivation(), 4, 4, 4, 4, 3, 4, 2)  # A1 (Cd 8): 8 passes; A2 uses A1's Cd 8: 8 passes
    assert [(e.get("figure"), e.get("cd")) for e in w.events if e.kind == "test_passed"] == [
        ("A1", 8),
        ("A2", 8),
    ]


def test_r8_2_routing_figures_take_a_rally_test_every_end_of_turn():
    w = World(band(), band(), {"A2": (10, 10), "B1": (30, 30)}, "B1")
    w.set("A2", routing=True, routing_since=0)
    _end_of_turn(w, "B1")
    w.do(a.EndActivation(), 1, 1, 3, 4, 2)  # no band test: A2 rallies on 2
    assert not w.f("A2").routing and "rallied" in w.kinds() and "rout_check" not in w.kinds()


def test_r8_4_a_routing_figure_moves_to_the_nearest_edge_and_r8_5_leaves():
    w = World(band(), band(), {"A2": (10, 20)})
    w.set("A2", routing=True)
    w.do(a.Activate("A2"))
    assert w.why(a.EndActivation()).key == "unpourun_rules.refusal.must_rout"
    assert w.why(a.RoutMove(((5.0, 20.0),))).key == "unpourun_rules.refusal.rout_not_blocked"
    w.do(a.RoutMove(()))  # 2 PA: 1.5 x 6 = 9 toward x = 0, the nearest edge (10 away)
    assert w.f("A2").pos == (1.0, 20.0) and w.f("A2").status == Status.FIGHTING
    assert w.why(a.Activate("A2")).key == "unpourun_rules.refusal.activated"
    w = World(band(), band(), {"A2": (10, 3)})
    w.set("A2", routing=True)
    w.do(a.Activate("A2"))
    w.do(a.RoutMove(()))  # 3 from y = 0: its base touches the edge, it leaves the table
    assert w.f("A2").status == Status.GONE and w.f("A2").pos is None and "left_table" in w.kinds()


def test_r8_4_when_the_line_is_blocked_the_owner_may_draw_a_path_that_never_gets_farther():
    w = World(band(), band(fig(SF), fig(SF)), {"A2": (10, 20), "A1": (6, 20)})
    w.set("A2", routing=True)
    w.do(a.Activate("A2"))  # its own chef stands in the way, 4 toward x = 0
    assert w.why(a.RoutMove(((8.0, 22.0), (9.0, 23.0)))).key == "unpourun_rules.refusal.rout_away"
    assert w.why(a.RoutMove(((8.0, 21.5), (2.0, 21.5)))) is None
    w.do(a.RoutMove(((8.0, 21.5), (2.0, 21.5))))
    assert w.f("A2").pos == (2.0, 21.5) and w.s.activation is None


def test_r8_4_a_routing_figure_does_nothing_else():
    w = World(band(fig(SF, ranged=("fusil",))), band(), {"A1": (10, 20), "B2": (10, 11)}, "A1")
    w.set("A1", routing=True)
    assert w.why(a.Shoot("fusil", "B2")).key == "unpourun_rules.refusal.must_rout"
    w = World(band(), band(), {"A2": (10, 20), "B2": (10, 21)}, "A2")
    w.set("A2", routing=True)
    assert w.why(a.Strike("B2")).key == "unpourun_rules.refusal.must_flee"  # it has the PA to flee


def test_r8_4_an_engaged_routing_figure_with_the_pa_flees_rather_than_ends():
    """8.4: « If it is engaged, it flees (3.9) if it has the PA »: ending its activation is refused
    while a Flee is legal; with no PA for it, or no legal flee path (walled in), it may end. The
    coaches, which ask the legality, flee."""
    at = {"A2": (10, 20), "B2": (10, 21)}
    w = World(band(), band(), at, "A2")
    w.set("A2", routing=True)
    assert w.why(a.EndActivation()).key == "unpourun_rules.refusal.must_flee"
    assert w.why(a.Flee(((10.0, 17.5),))) is None
    for coach in (RandomCoach("A", w.engine, 0), OddsCoach("A", w.engine, 0)):
        d = coach.act(w.s) if isinstance(coach, OddsCoach) else coach.end(w.s, w.f("A2"))
        assert isinstance(d, a.Flee) and w.why(d) is None, (type(coach).__name__, d)
    w = World(band(), band(), at, "A2", pa=0)
    w.set("A2", routing=True)
    assert w.why(a.EndActivation()) is None  # no PA to flee: it may strike, or end
    walls = table(("impassable", 5, rect(8, 17, 9.45, 22)), ("impassable", 5, rect(10.55, 17, 12, 22)),
                  ("impassable", 5, rect(9.45, 17, 10.55, 19.45)))
    w = World(band(), band(), at, "A2", walls)
    w.set("A2", routing=True)
    assert w.why(a.Flee(((10.0, 19.0),))) is not None and w.why(a.EndActivation()) is None  # walled in


def test_r9_3_victory_points_by_state():
    w = World(band(fig(SC)), band(fig(SC)), {})
    w.set("B1", status=Status.DEAD, pos=None, pv=-1)  # a sous-chef killed: 10 [E]
    w.set("B2", status=Status.HORS, pv=0)  # the chef hors de combat: 10
    w.set("A2", status=Status.GONE, pos=None)  # a sous-fifre... A's band: sous-chef, chef, sous-fifre
    w.set("A1", status=Status.DEAD, pos=None, pv=-1)
    assert victory_points(w.s) == {"A": 10 + 10, "B": t.VP_DOWN[CHEF] + t.VP_KILLED[SC]}


def test_r9_2_the_game_ends_when_a_band_has_nobody_fighting_and_r9_4_more_vp_wins():
    w = World(band(), band(), {"A1": (10, 10), "B2": (10, 11)}, "A1")
    w.set("B1", pv=0, status=Status.HORS)
    w.set("B2", pv=1)
    _end_of_turn(w, "A1")
    w.do(a.Strike("B2"), 4, 6)  # B2 falls
    w.do(a.EndActivation())  # B has nobody to activate: the end of the turn; B tests with nobody
    assert w.s.phase == Phase.OVER and w.s.winner == "A" and w.s.vp == {"A": 15, "B": 0}
    assert w.s.end_reason.key == "unpourun_rules.end.band_out"


def test_r9_1_the_game_lasts_eight_turns():
    w = World(band(), band(), {"A1": (10, 10), "B1": (30, 30)}, "B1")
    w.s.turn = t.MAX_TURNS
    _end_of_turn(w, "B1")
    w.do(a.EndActivation())
    assert (
        w.s.phase == Phase.OVER
        and w.s.winner == "draw"
        and w.s.end_reason.key == "unpourun_rules.end.turn_limit"
    )
