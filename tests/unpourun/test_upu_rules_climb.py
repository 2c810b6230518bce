"""RULES-unpourun 3.11 through the engine's door: a rope climb the allowance cannot pay leaves the figure
hanging at P; its next moves go on climbing, up or back down; while hanging it neither shoots, charges nor
strikes, nor is charged or struck; a shot that hurts it makes it fall (dead at 0 PV, else on a 1)."""

from __future__ import annotations

from paintcheck.unpourun import actions as a
from paintcheck.unpourun.bands import Options
from paintcheck.unpourun.state import Activation, Phase, Status
from tests.unpourun.upu_world import CHEF, SF, World, band, fig, rect, table

QUIET = Options(passive=frozenset())
WALL = table(("impassable", 2, rect(9, 12, 11, 14)))  # h 2: a whole climb costs 4


def hanging_world() -> World:
    """A1 (a chef with a rope, Mvt 9) walks 8 to the wall's foot at (10, 12): 1 of allowance is left for
    a climb of 4, so it hangs at height 0.5."""
    roped = band(fig(CHEF, ranged=("fusil",), equipment=("corde",)))
    shooter = band(fig(SF, ranged=("fusil",)))
    w = World(roped, shooter, {"A1": (10.0, 4.0), "B1": (25.0, 5.0), "B2": (3.0, 10.0)}, "A1", WALL,
              options=QUIET)
    assert w.why(a.Walk(((10.0, 13.0),))) is None  # 8 + 4 + 1 > 9: before 3.11's hanging, refused
    w.do(a.Walk(((10.0, 13.0),)))
    return w


def activate(w: World, fid: str, pa: int) -> None:
    f = w.f(fid)
    w.s.phase, w.s.mover = Phase.ACTIVATION, f.player
    w.s.activation = Activation(fid, pa)


def test_r3_11_an_unpaid_climb_hangs_at_p_and_the_next_move_goes_on_climbing():
    w = hanging_world()
    assert "hangs" in w.kinds()
    f = w.f("A1")
    assert abs(f.pos[0] - 10.0) < 1e-9 and abs(f.pos[1] - 12.0) < 1e-9  # at P, on the boundary
    assert f.hanging is not None and abs(f.hanging[1] - 0.5) < 1e-9
    activate(w, "A1", 3)
    assert w.why(a.Shoot("fusil", "B1")).key == "unpourun_rules.refusal.hanging"  # 3.3: only Walk or Run
    # up: 2 x 1.5 of height left + 1 on top = 4; a two-segment path whose climb is not paid is refused
    assert w.why(a.Walk(((10.0, 13.0), (10.0, 13.5)))) is None
    w.do(a.Walk(((10.0, 13.0),)))
    f = w.f("A1")
    assert f.hanging is None and f.pos == (10.0, 13.0)


def test_r3_11_a_hanging_figure_climbs_back_down_and_stops_again_mid_climb():
    w = hanging_world()
    activate(w, "A1", 3)
    assert w.why(a.Walk(((10.0, 11.0),))) is None  # down 0.5 (cost 1) and 1 of ground
    w.do(a.Walk(((10.0, 11.0),)))
    assert w.f("A1").hanging is None and w.f("A1").pos == (10.0, 11.0)
    # a sous-fifre (Mvt 6) hanging at 0.5 after 5.5 of ground: up again with too little
    w2 = World(band(fig(SF, equipment=("corde",))), band(), {"A1": (10.0, 6.5)}, "A1", WALL, options=QUIET)
    w2.do(a.Walk(((10.0, 13.0),)))
    assert abs(w2.f("A1").hanging[1] - 0.25) < 1e-9
    activate(w2, "A1", 2)
    w2.set("A1", hanging=(0, 0.25))
    w2.do(a.Walk(((10.0, 13.0),)))  # it may stop again on a one-segment path: 6 pays 3 pas of height
    assert w2.f("A1").hanging is None
    assert w2.why(a.Walk(((10.0, 13.5),))) is not None  # chained (3.5)


def test_r3_11_nobody_charges_or_strikes_a_hanging_figure():
    w = hanging_world()
    activate(w, "B2", 3)  # the chef B2 sees A1 and could reach base to base below it (7.1 of 13.5)
    assert w.why(a.Charge("A1", ((10.0, 11.0),))).key == "unpourun_rules.refusal.charge_target"
    w.set("B2", pos=(10.0, 10.95))  # base to base, below the wall
    activate(w, "B2", 3)
    assert w.why(a.Strike("A1")).key == "unpourun_rules.refusal.strike_target"


def test_r3_11_a_hanging_figure_shot_falls_on_a_one_and_loses_one_more_pv():
    w = hanging_world()
    activate(w, "B1", 2)
    # to hit: CT 5, medium range (d 15.6): 5+; damage F 4 against R 4; the fall die: 1
    w.do(a.Shoot("fusil", "A1"), 6, 6, 1)
    f = w.f("A1")
    assert "fell" in w.kinds()
    assert f.pv == 2 and f.hanging is None and f.status == Status.FIGHTING
    assert abs(f.pos[1] - 12.0) < 1e-9  # it lands at P, outside the piece


def test_r3_11_a_hanging_figure_that_holds_on_stays():
    w = hanging_world()
    activate(w, "B1", 2)
    w.do(a.Shoot("fusil", "A1"), 6, 6, 2)
    assert w.f("A1").pv == 3 and w.f("A1").hanging is not None and "fell" not in w.kinds()


def test_r3_11_a_hanging_figure_left_at_zero_pv_falls_and_dies():
    w = hanging_world()
    w.set("A1", pv=1)
    activate(w, "B1", 2)
    w.do(a.Shoot("fusil", "A1"), 6, 6)  # no fall die: it falls and dies
    f = w.f("A1")
    assert f.status == Status.DEAD and f.pos is None and f.pv < 0
    assert w.kinds()[-2:] == ["fell", "dead"]


def test_r3_11_r8_4_a_hanging_figure_that_routs_climbs_down_first():
    w = hanging_world()  # A1 hangs at (10, 12), 0.5 up; its nearest edge is the left one (10 away)
    w.set("A1", routing=True, routing_since=0)
    activate(w, "A1", 1)
    w.do(a.RoutMove(()))  # Mvt 9 with 1 PA: 1 to climb down, then 8 toward the left edge
    f = w.f("A1")
    assert "climbed_down" in w.kinds() and f.hanging is None
    assert abs(f.pos[0] - 2.0) < 1e-6 and abs(f.pos[1] - 12.0) < 1e-9
