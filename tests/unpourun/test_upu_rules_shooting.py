"""RULES-unpourun §4, §5 and §6 through the engine's door: who shoots what, multiple targets, the
to-hit number with its worked examples (4.8), blasts, accidents, damage; the passive tests."""

from __future__ import annotations

import math
from dataclasses import replace

from paintcheck.unpourun import actions as a
from paintcheck.unpourun.bands import Options
from paintcheck.unpourun.state import Phase, Status
from tests.unpourun.upu_world import CHEF, SC, SF, World, band, fig, rect, table

QUIET = Options(passive=frozenset())


def _circles(c0, r0, c1, r1):
    """The intersection of two circles (the one on the right of c0 -> c1)."""
    d = math.dist(c0, c1)
    along = (r0 * r0 - r1 * r1 + d * d) / (2 * d)
    h = math.sqrt(r0 * r0 - along * along)
    ux, uy = (c1[0] - c0[0]) / d, (c1[1] - c0[1]) / d
    return c0[0] + along * ux + h * uy, c0[1] + along * uy - h * ux


def test_r4_1_no_shot_into_melee_nor_at_hors_de_combat():
    at = {"A1": (10, 10), "A2": (10, 15), "B2": (10, 16)}
    w = World(band(fig(CHEF, ranged=("fusil", "grenade"))), band(), at, "A1", options=QUIET)
    assert w.why(a.Shoot("fusil", "B2")).key == "unpourun_rules.refusal.cannot_shoot"  # engaged with A2
    assert w.why(a.Shoot("grenade", "B2")) is None  # 4.5: a blast's target may be engaged
    w = World(
        band(fig(CHEF, ranged=("fusil",))), band(), {"A1": (10, 10), "B2": (10, 16)}, "A1", options=QUIET
    )
    w.set("B2", pv=0, status=Status.HORS)
    assert w.why(a.Shoot("fusil", "B2")).key == "unpourun_rules.refusal.cannot_shoot"
    w = World(
        band(fig(CHEF, ranged=("fusil",))),
        band(),
        {"A1": (10, 10), "B1": (10, 11), "B2": (10, 20)},
        "A1",
        options=QUIET,
    )
    assert w.why(a.Shoot("fusil", "B2")).key == "unpourun_rules.refusal.engaged"  # the shooter is engaged


def test_r4_3_multiple_targets_nearest_first_and_extra_r():
    # 4.8: a pistolet mitrailleur against three enemies 0.5 apart at d = 5, 5.8 and 6.5
    shooter, first = (10.0, 10.0), (10.0, 16.0)
    second = _circles(shooter, 6.8, first, 1.5)
    third = _circles(shooter, 7.5, second, 1.5)
    at = {"A1": shooter, "B1": third, "B2": second, "B3": first}
    w = World(
        band(fig(CHEF, ranged=("pistolet_mitrailleur",))),
        band(fig(SF), fig(SF), fig(SF)),
        at,
        "A1",
        options=QUIET,
    )
    w.do(a.Shoot("pistolet_mitrailleur", "B1"), 6, 6, 6, 4, 4, 4)  # B1 nominated: B3 is nearest, first
    assert [(e.get("target"), e.get("need")) for e in w.events if e.kind == "hit"] == [
        ("B3", 2),
        ("B2", 2),
        ("B1", 3),
    ]  # short, short, medium
    assert [(e.get("figure"), e.get("r")) for e in w.events if e.kind == "damaged"] == [
        ("B3", 2),
        ("B2", 3),
        ("B1", 3),
    ]  # R +1 after the first


def test_r4_4_to_hit_worked_examples():
    hill = table(("open", 1, rect(0, 0, 20, 20)))
    w = World(
        band(fig(SF, ranged=("fusil",))), band(), {"A1": (10, 10), "B2": (10, 36)}, "A1", hill, options=QUIET
    )  # from above at d = 25: 5 + 1 - 1
    w.do(a.Shoot("fusil", "B2"), 4)
    assert [e.get("need") for e in w.events if e.kind == "missed"] == [5]
    w = World(
        band(fig(CHEF, ranged=("pistolet",))), band(), {"A1": (10, 10), "B2": (10, 15)}, "A1", options=QUIET
    )
    w.do(a.Shoot("pistolet", "B2"), 2, 1)
    assert [e.get("need") for e in w.events if e.kind == "hit"] == [2]  # 3 - 1
    w = World(
        band(fig(CHEF, ranged=("pistolet",), equipment=("visee",))),
        band(),
        {"A1": (10, 10), "B2": (10, 15)},
        "A1",
        options=QUIET,
    )
    w.do(a.Shoot("pistolet", "B2"), 2, 1)
    assert [e.get("need") for e in w.events if e.kind == "hit"] == [2]  # 1 becomes 2+
    w = World(
        band(fig(SF, ranged=("fusil",))), band(), {"A1": (10, 30), "B2": (10, 4)}, "A1", hill, options=QUIET
    )  # long range, the target above: 7, impossible
    assert w.why(a.Shoot("fusil", "B2")).key == "unpourun_rules.refusal.cannot_shoot"
    w = World(
        band(fig(SF, ranged=("fusil",))), band(), {"A1": (10, 40), "B2": (10, 8.9)}, "A1", options=QUIET
    )  # beyond PL (30)
    assert w.why(a.Shoot("fusil", "B2")).key == "unpourun_rules.refusal.cannot_shoot"
    w.set("B2", pos=(10.0, 9.0))  # d = 30: the band limits are inclusive [H]
    assert w.why(a.Shoot("fusil", "B2")) is None


def test_r4_5_blast_hits_friends_not_the_shooter_and_a_miss_does_nothing():
    at = {"A1": (10, 10), "B2": (10, 14), "A2": (12, 14)}
    w = World(band(fig(CHEF, ranged=("grenade",))), band(), at, "A1", options=QUIET)
    w.do(a.Shoot("grenade", "B2"), 6, 2, 1)  # hit; B2 damaged (F 10 vs R 2: 2+); A2 rolls a 1
    blast = next(e for e in w.events if e.kind == "blast")
    assert blast.get("hit") == ("B2", "A2")
    assert w.f("B2").pv == 1 and w.f("A1").pv == w.f("A1").stats.pv
    w = World(band(fig(CHEF, ranged=("grenade",))), band(), at, "A1", options=QUIET)
    w.do(a.Shoot("grenade", "B2"), 1)  # a miss: no scatter, no damage (and a grenade has no accident)
    assert "blast" not in w.kinds() and w.f("B2").pv == 2


def test_r4_5_a_blast_on_a_hanging_figure_sees_from_the_height_it_reached():
    """4.5 with 1.7, 1.8 and 3.11: "seen from the target's position" uses the target's elevation; B1
    hangs at 2.5 against a wall of h 3 and sees B2 on top of it, so the blast hits B2 too."""
    wall = table(("impassable", 3, rect(10, 20, 20, 30)))
    at = {"A1": (15, 15), "B1": (15, 20), "B2": (15, 22)}
    w = World(band(fig(CHEF, ranged=("grenade",))), band(fig(SF), fig(SF)), at, "A1", wall, QUIET)
    w.set("B1", hanging=(0, 2.5))
    assert w.engine.board.sees(w.f("B1"), w.f("B2"))
    w.do(a.Shoot("grenade", "B1"), 6, 1, 1)  # a hit; B1 and B2 each roll a 1: no damage
    assert next(e for e in w.events if e.kind == "blast").get("hit") == ("B1", "B2")
    assert [e.get("figure") for e in w.events if e.kind == "no_damage"] == ["B1", "B2"]


def test_r4_6_accidents_by_class():
    at = {"A1": (10, 10), "B2": (10, 15)}
    w = World(band(fig(CHEF, ranged=("pistolet_poudre",))), band(), at, "A1", options=QUIET)
    w.do(a.Shoot("pistolet_poudre", "B2"), 1, 1, 6)  # a 1 to hit; the black powder explodes; hits its bearer
    assert "exploded" in w.kinds() and w.f("A1").pv == 3
    assert w.why(a.Shoot("pistolet_poudre", "B2")).key == "unpourun_rules.refusal.broken"
    w = World(band(fig(CHEF, ranged=("fusil",))), band(), at, "A1", options=QUIET)
    w.do(a.Shoot("fusil", "B2"), 1, 6)  # modern: a 6 jams it for good
    assert "jammed" in w.kinds() and "fusil" in w.f("A1").broken
    w = World(band(fig(CHEF, ranged=("fusil",))), band(), at, "A1", options=QUIET)
    w.do(a.Shoot("fusil", "B2"), 1, 5)  # 1-5: nothing
    assert w.f("A1").broken == ()
    w = World(band(fig(CHEF, ranged=("arc",))), band(), at, "A1", options=QUIET)
    w.do(a.Shoot("arc", "B2"), 1)  # no class: no check at all
    assert w.s.activation.pa == 2  # 2.7 [E]: the bow costs 1 PA


def test_r4_2_r5_3_damage_costs_one_pv_and_a_one_never_damages():
    w = World(band(), band(), {"A1": (10, 10), "B2": (10, 11)}, "A1")
    w.set("A1", stats=replace(w.f("A1").stats, f=20))
    w.do(a.Strike("B2"), 5, 1)  # F 20 against R 2 needs 2+, but a 1 never damages
    assert w.f("B2").pv == 2 and "no_damage" in w.kinds()
    w.set("A1", stats=replace(w.f("A1").stats, f=1))
    w.set("B2", stats=replace(w.f("B2").stats, r=10))
    w.do(a.Strike("B2"), 5, 6)  # F 1 against R 10 needs 6+: the 6 damages
    assert w.f("B2").pv == 1


def test_r6_1_passive_tests_are_options_and_r6_7_being_shot_at():
    at = {"A1": (10, 10), "B2": (10, 20)}
    w = World(band(fig(CHEF, ranged=("fusil",))), band(), at, "A1", options=QUIET)
    w.do(a.Shoot("fusil", "B2"), 2, 1)  # out of use: no test
    w = World(band(fig(CHEF, ranged=("fusil",))), band(), at, "A1")
    w.do(a.Shoot("fusil", "B2"), 2, 1, 6, 6, 6)  # a hit, no damage, then 2d6 = 12 > Cd 6: withdraw 1d3 = 3
    assert w.s.phase == Phase.WITHDRAW and w.s.mover == "B" and w.s.withdraw == ("B2", (10, 10), 3.0, 0)
    w.do(a.Withdraw(()))  # B names no point: straight away from the shooter
    assert w.f("B2").pos == (10.0, 23.0) and "withdrew" in w.kinds()
    w = World(
        band(fig(CHEF, ranged=("pistolet",))),
        band(fig(SF, ranged=("fusil",))),
        {"A1": (10, 10), "B1": (10, 20)},
        "A1",
    )
    w.do(a.Shoot("pistolet", "B1"), 3, 1)  # F 3 is not more than its fusil's 4: no test
    assert "test_failed" not in w.kinds() and "test_passed" not in w.kinds()


def test_r6_2_allies_within_three_add_to_cd():
    at = {"A1": (10, 10), "B2": (10, 20), "B3": (12.5, 20)}
    w = World(band(fig(CHEF, ranged=("fusil",))), band(fig(CHEF), fig(SF), fig(SF)), at, "A1")
    w.do(a.Shoot("fusil", "B2"), 2, 1, 4, 3)  # Cd 6 + 1 ally: 7 passes
    assert [(e.kind, e.get("cd")) for e in w.events if e.kind.startswith("test")] == [("test_passed", 7)]


def test_r6_3_failed_charge_test():
    # a sous-chef charging a chef tests; it fails, moves Mvt (8) straight away, and may not Run or Charge
    w = World(band(fig(SC)), band(), {"A1": (10, 10), "B1": (10, 18)}, "A1")
    w.do(a.Charge("B1", ((10.0, 17.0),)), 6, 6)
    assert w.f("A1").pos == (10.0, 2.0) and w.s.activation.no_run_charge and w.s.activation.pa == 2


def test_r6_4_being_charged_gives_minus_one_r():
    w = World(band(), band(), {"A1": (10, 10), "B2": (10, 18)}, "A1")
    w.do(a.Charge("B2", ((10.0, 17.0),)), 6, 6, 3)  # B2 fails; 3: no step back; the chef reaches it
    assert w.f("B2").charged_malus and w.f("A1").pos == (10.0, 17.0)
    w.do(a.Strike("B2"), 4, 4)
    assert [e.get("r") for e in w.events if e.kind in ("damaged", "no_damage")] == [1]


def test_r6_5_forced_moves_stop_before_a_base():
    at = {"A1": (10, 10), "B2": (10, 20), "B3": (10, 22.5)}
    w = World(band(fig(CHEF, ranged=("fusil",))), band(fig(CHEF), fig(SF), fig(SF)), at, "A1")
    w.do(a.Shoot("fusil", "B2"), 2, 1, 6, 6, 6)  # B2 withdraws 3 straight away, but B3 stands 2.5 behind
    w.do(a.Withdraw(()))
    assert math.isclose(w.f("B2").pos[1], 21.5, abs_tol=1e-6)


def test_r6_6_seeing_a_better_enemy_gives_a_free_shot():
    wall = table(("impassable", 3, rect(8, 14, 12, 15)))
    at = {"A2": (10, 10), "B4": (10, 20)}
    w = World(band(fig(CHEF), fig(SF, ranged=("fusil",))), band(fig(SF), fig(SF), fig(SF)), at, "A2", wall)
    w.s.seen = frozenset()
    w.do(a.Walk(((14.0, 10.0),)), 2, 2)  # A2 now sees the chef B4: it tests (Cd 6) and passes
    assert w.s.phase == Phase.FREE_SHOT and w.s.free_shot == ("A2", "B4") and w.s.mover == "A"
    w.do(a.FreeShot("fusil"), 6, 1, 2, 2)  # 0 PA: a hit, no damage; B4 passes its being-shot test
    assert w.s.phase == Phase.ACTIVATION and w.s.activation.pa == 1 and "free_shot" in w.kinds()


def test_r4_6_an_exploding_canon_hits_everyone_within_three():
    at = {"A1": (10, 10), "A2": (10, 13.5), "B3": (13.9, 10), "B2": (10, 40)}
    w = World(band(fig(CHEF, ranged=("canon",))), band(fig(CHEF), fig(SF), fig(SF)), at, "A1", options=QUIET)
    w.do(a.Shoot("canon", "B2"), 1, 1, 1, 1, 1)  # a 1 to hit, it explodes; the bearer, A2 (d 2.5), B3 (d 2.9)
    assert next(e for e in w.events if e.kind == "exploded").get("weapon") == "canon"
    assert [e.get("figure") for e in w.events if e.kind in ("damaged", "no_damage")] == ["A1", "A2", "B3"]


def test_r10_2_a_blast_rolls_all_damage_before_any_test_and_r6_8_in_order():
    at = {"A1": (10, 10), "B2": (10, 14), "B3": (11.5, 14)}
    w = World(band(fig(CHEF, ranged=("grenade",))), band(fig(CHEF), fig(SF), fig(SF)), at, "A1")
    w.do(a.Shoot("grenade", "B2"), 6, 1, 1)  # hit; two damage dice; then B orders his two tests (6.8)
    assert [(e.kind, e.get("figure")) for e in w.events if e.kind == "no_damage"] == [("no_damage", "B2"),
                                                                                    ("no_damage", "B3")]
    assert w.s.phase == Phase.ORDER and w.s.mover == "B" and w.s.choices == (("B2", ""), ("B3", ""))
    w.do(a.TakeTest("B3"), 2, 2, 2, 2)  # B3's test first, then B2's
    assert [e.get("figure") for e in w.events if e.kind == "test_passed"] == ["B3", "B2"]
    assert w.s.phase == Phase.ACTIVATION and w.s.mover == "A"


def test_r10_3_a_choice_in_the_opponents_activation_belongs_to_the_figures_owner():
    wall = table(("impassable", 3, rect(8, 14, 12, 15)))
    at = {"A1": (10, 10), "B1": (10, 20), "B2": (40, 40)}
    w = World(band(), band(fig(SF, ranged=("fusil",))), at, "A1", wall)
    w.s.seen = frozenset()
    w.do(a.Walk(((14.0, 10.0),)), 1, 1)  # B1 (a sous-fifre) now sees the chef A1: it passes its test
    assert w.s.phase == Phase.FREE_SHOT and w.s.free_shot == ("B1", "A1") and w.s.mover == "B"
    w.do(a.FreeShot(""))
    assert w.s.phase == Phase.ACTIVATION and w.s.mover == "A" and "free_shot_declined" in w.kinds()


def test_r6_6_a_failed_sighting_test_withdraws():
    wall = table(("impassable", 3, rect(8, 14, 12, 15)))
    at = {"A1": (10, 10), "B1": (10, 20), "B2": (40, 40)}
    w = World(band(), band(fig(SF, ranged=("fusil",))), at, "A1", wall)
    w.s.seen = frozenset()
    w.do(a.Walk(((14.0, 10.0),)), 6, 6, 3)  # B1 fails: it withdraws 1d3 = 2
    assert w.s.phase == Phase.WITHDRAW and w.s.mover == "B"
    w.do(a.Withdraw(()))  # straight away from A1
    assert w.s.phase == Phase.ACTIVATION and "withdrew" in w.kinds()
    assert math.isclose(math.dist(w.f("B1").pos, (14.0, 10.0)), math.dist((10, 20), (14.0, 10.0)) + 2)
    w.do(a.EndActivation())
    w2 = World(band(), band(fig(SF, ranged=("fusil",))), at, "A1", wall)
    w2.do(a.Walk(((14.0, 10.0),)))  # the pair was seen already (at deployment): no test
    assert not any(e.kind.startswith("test") for e in w2.events)


def test_r6_5_the_owner_may_withdraw_out_of_sight():
    wall = table(("impassable", 3, rect(12, 19, 13, 21)))
    at = {"A1": (10, 10), "B2": (14, 20)}
    w = World(band(fig(CHEF, ranged=("fusil",))), band(), at, "A1", wall)
    w.do(a.Shoot("fusil", "B2"), 2, 1, 6, 6, 6)  # B2 fails its being-shot test: withdraw 3
    assert w.why(a.Withdraw(((15.0, 22.0),))).key == "unpourun_rules.refusal.still_seen"
    assert w.why(a.Withdraw(((14.0, 23.5),))).key == "unpourun_rules.refusal.path_too_far"
    assert w.why(a.Withdraw(((13.8, 22.0),))) is None  # behind the wall, 2.01 away
    w.do(a.Withdraw(((13.8, 22.0),)))
    assert w.f("B2").pos == (13.8, 22.0) and w.s.phase == Phase.ACTIVATION and w.s.mover == "A"


def test_r6_5_out_of_sight_of_a_hanging_z_is_measured_from_its_height():
    """6.5 with 6.6 and 1.7: "a point Z does not see" is sight from Z's elevation; Z (B1) hangs at 2.5
    against a wall of h 3, and a low wall (h 2) hides E from Z's ground eye but not from its own."""
    walls = table(("impassable", 3, rect(10, 20, 20, 30)), ("impassable", 2, rect(12, 18.5, 18, 19.2)))
    w = World(band(fig(SF)), band(), {"A1": (15, 11), "B1": (15, 20)}, "A1", walls)
    w.set("B1", hanging=(0, 2.5))
    w.s.seen = frozenset()
    w.do(a.Walk(((15.0, 12.0),)), 6, 6, 6)  # A1 sees the chef B1 (6.6), fails its test: withdraw 3
    assert w.s.phase == Phase.WITHDRAW and w.s.withdraw[0] == "A1"
    end = (15.0, 14.5)
    assert w.m.sees(end, (15, 20), None, 2.5) and not w.m.sees(end, (15, 20))
    assert w.why(a.Withdraw((end,))).key == "unpourun_rules.refusal.still_seen"
