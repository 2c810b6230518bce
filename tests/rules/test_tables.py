"""Every public function of ``rules.tables`` against the numbers of RULES.md."""

from __future__ import annotations

import pytest

from paintcheck.rules import tables as t


# -- RULES 7.1: required roll, and the book examples of RULES §14 that give both values -------------
# (The other two of the 13 consistent ones give only the roll needed: "needing 13, rolls 17, margin
# 5" (B p.21) and "needing 18, 20 + 4, margin 7" (B p.22); tests/rules/test_book_examples.py.)
@pytest.mark.parametrize("shot, target, needed", [
    (7, 15, 19),  # R1 Blue3 suppressive at White2
    (12, 12, 11),  # R1 White4 at Blue1
    (10, 9, 10),  # R1 White2 reflex at Blue1
    (12, 15, 14),  # R2 Blue2 at White3
    (7, 17, 21),  # R3 Blue3 at White2
    (13, 13, 11),  # R3 Blue4 at White4
    (9, 17, 19),  # R3 White1 reflex at Blue4
    (10, 17, 18),  # R4 Blue5 at White2 (as the book counts it)
    (10, 17, 18),  # R5 White1 at Blue4
    (10, 15, 16),  # R5 Blue3 at White3
    (12, 10, 9),  # RULES 12.4, B p.31: 10 - 2 + 4 = 12 against 10 needs 9
])
def test_r7_1_required_roll_book_examples(shot, target, needed):
    assert t.required_roll(shot, target) == needed


def test_r7_7_erratum_12_against_17_needs_16():
    assert t.required_roll(12, 17) == 16  # the book prints 17


# -- RULES 6.2 -------------------------------------------------------------------------------------
@pytest.mark.parametrize("k, added", [(0, 0), (1, 5), (2, 7), (3, 9), (4, 11)])
def test_r6_2_def_protection(k, added):
    assert t.def_protection(k) == added


@pytest.mark.parametrize("k", [-1, 5])
def test_r6_2_def_protection_refuses_impossible_counts(k):
    with pytest.raises(ValueError):
        t.def_protection(k)


# -- RULES 6.4 -------------------------------------------------------------------------------------
@pytest.mark.parametrize("n, mod", [(1, 3), (2, 2), (3, 1), (4, 0), (5, -1), (6, -2), (7, -3), (8, -4),
                                    (9, -5), (10, -6), (11, -7), (12, -8)])
def test_r6_4_vulnerability_modifier(n, mod):
    assert t.vulnerability_modifier(n) == mod


@pytest.mark.parametrize("n", [0, 13])
def test_r6_4_vulnerability_modifier_refuses_impossible_counts(n):
    with pytest.raises(ValueError):
        t.vulnerability_modifier(n)


# -- RULES 5.1: move cost ------------------------------------------------------------------------------
@pytest.mark.parametrize("points, cost", [(1, 1), (2, 1), (4, 1), (5, 2), (8, 2), (9, 3), (12, 3)])
def test_r5_1_move_cost(points, cost):
    assert t.move_cost(points) == cost


@pytest.mark.parametrize("points", [0, -1, 13, 20])
def test_r5_1_move_cost_refuses_below_1_and_above_12(points):
    with pytest.raises(ValueError):
        t.move_cost(points)


# -- RULES 9.2 -------------------------------------------------------------------------------------
@pytest.mark.parametrize("k, dice", [(0, 0), (1, 1), (2, 2), (3, 2), (4, 2)])
def test_r9_2_dodge_dice(k, dice):
    assert t.dodge_dice(k) == dice


def test_r9_2_dodge_dice_refuses_impossible_counts():
    with pytest.raises(ValueError):
        t.dodge_dice(5)


# -- RULES 8.1: distance bands, closed above --------------------------------------------------------------
@pytest.mark.parametrize("d, mod", [
    (0.0, 2), (1.0, 2), (3.0, 2), (3.0001, 1), (6.0, 1), (6.0001, 0), (10.0, 0), (10.0001, -1),
    (14.0, -1), (14.0001, -2), (18.0, -2), (18.0001, -3), (40.0, -3),
])
def test_r8_1_distance_modifier_band_limits(d, mod):
    assert t.distance_modifier(d) == mod


@pytest.mark.parametrize("d", [-0.5, float("nan")])
def test_r8_1_distance_modifier_refuses_bad_distances(d):
    with pytest.raises(ValueError):
        t.distance_modifier(d)


# -- RULES 8.2 / 8.3: protractor segments of 18 degrees -------------------------------------------------
@pytest.mark.parametrize("theta, segment", [(0, 0), (17.999, 0), (18, 1), (35.9, 1), (36, 2), (54, 3),
                                            (71.99, 3), (72, 4), (90, 5), (179.9, 9)])
def test_r8_2_angle_segment(theta, segment):
    assert t.angle_segment(theta) == segment


def test_r8_2_angle_segment_refuses_negative_angles():
    with pytest.raises(ValueError):
        t.angle_segment(-1)


@pytest.mark.parametrize("theta, bonus", [(0, 0), (17.9, 0), (18, 1), (35.9, 1), (36, 2), (53.9, 2),
                                          (54, 3), (71.9, 3), (72, 4), (120, 4), (180, 4)])
def test_r8_2_static_angle_bonus(theta, bonus):
    assert t.static_angle_bonus(theta) == bonus


@pytest.mark.parametrize("phi, bonus", [(0, 4), (17.9, 4), (18, 3), (35.9, 3), (36, 2), (53.9, 2),
                                        (54, 1), (71.9, 1), (72, 0), (90, 0)])
def test_r8_3_run_angle_bonus(phi, bonus):
    assert t.run_angle_bonus(phi) == bonus


# -- RULES 8.4: the whole line-of-fire table --------------------------------------------------------------
LINE_TABLE = {
    ("standing", "low"): (0, 0), ("standing", "medium"): (-1, -2), ("standing", "high"): (-2, None),
    ("kneeling", "low"): (-1, -2), ("kneeling", "medium"): (-2, None), ("kneeling", "high"): (-2, None),
    ("prone", "low"): (-2, None), ("prone", "medium"): (-2, None), ("prone", "high"): (-2, None),
}


@pytest.mark.parametrize("posture, height", sorted(LINE_TABLE))
def test_r8_4_line_of_fire_modifier(posture, height):
    graze, cross = LINE_TABLE[posture, height]
    assert t.line_of_fire_modifier(posture, height, crossed=False) == graze
    assert t.line_of_fire_modifier(posture, height, crossed=True) == cross  # None: impossible


def test_r8_4_line_of_fire_modifier_refuses_unknown_words():
    with pytest.raises(ValueError):
        t.line_of_fire_modifier("sitting", "low", True)
    with pytest.raises(ValueError):
        t.line_of_fire_modifier("standing", "huge", True)


def test_r8_4_blocking_cells_are_the_impossible_line_of_fire_cells():
    """The legality's set of impossible lines is LINE_OF_FIRE's IMPOSSIBLE cells, no other."""
    impossible = {(posture, height, crossed) for posture in t.POSTURES for height in ("low", "medium", "high")
                  for crossed in (False, True) if t.line_of_fire_modifier(posture, height, crossed) is None}
    assert t.BLOCKING == impossible
    assert ("kneeling", "high", True) in t.BLOCKING and ("standing", "low", True) not in t.BLOCKING


# -- RULES 8.5: the sweep reads "impossible" as -2 -------------------------------------------------------
@pytest.mark.parametrize("posture, height", sorted(LINE_TABLE))
def test_r8_5_sweep_modifier(posture, height):
    graze, cross = LINE_TABLE[posture, height]
    assert t.sweep_modifier(posture, height) == (-2 if cross is None else cross)
    assert t.sweep_modifier(posture, height, crossed=False) == graze


def test_r8_5_book_p20_kneeling_high_cylinder_and_low_rocket_give_minus_2_each():
    assert t.sweep_modifier("kneeling", "high") + t.sweep_modifier("kneeling", "low") == -4


# -- RULES 11.7 / 7.5 ------------------------------------------------------------------------------------
@pytest.mark.parametrize("total, outcome", [(1, "disaster"), (2, "disaster"), (3, "confusion"),
                                            (4, "confusion"), (5, "clean"), (6, "clean"), (9, "clean")])
def test_r11_7_dump_outcome(total, outcome):
    assert t.dump_outcome(total) == outcome


@pytest.mark.parametrize("d20, outcome", [(1, "technical"), (5, "technical"), (6, "messy_paint"),
                                          (12, "messy_paint"), (13, "reload"), (20, "reload")])
def test_r7_5_fumble_outcome(d20, outcome):
    assert t.fumble_outcome(d20) == outcome


@pytest.mark.parametrize("d20", [0, 21])
def test_r7_5_fumble_outcome_refuses_impossible_faces(d20):
    with pytest.raises(ValueError):
        t.fumble_outcome(d20)


# -- RULES 2.2 / 6.3 -------------------------------------------------------------------------------------
PROTECTION = {
    "cylinder": (10, 10, 8), "cylinder_lying": (5, 8, 10), "cone": (9, 9, 7), "cone_lying": (4, 7, 9),
    "rocket_big": (10, 10, 8), "rocket_small": (5, 8, 9), "submarine": (5, 9, 10), "pyramid": (8, 10, 10),
}


@pytest.mark.parametrize("kind", sorted(PROTECTION))
def test_r2_2_obstacle_protection(kind):
    got = tuple(t.obstacle_protection(kind, posture) for posture in ("standing", "kneeling", "prone"))
    assert got == PROTECTION[kind]


def test_r3_2_no_obstacle_is_natural_protection_4():
    assert t.obstacle_protection(None, "standing") == 4


def test_r2_2_obstacle_protection_refuses_unknown_words():
    with pytest.raises(ValueError):
        t.obstacle_protection("tree", "standing")
    with pytest.raises(ValueError):
        t.obstacle_protection("cylinder", "sitting")


def test_r6_3_book_p13_small_rocket_kneeling_8_plus_2_def_is_15():
    assert t.protection_value(t.obstacle_protection("rocket_small", "kneeling"), 2) == 15


def test_r6_3_protection_never_below_4():
    assert t.protection_value(0, 0) == 4
    assert t.protection_value(t.obstacle_protection("cone_lying", "standing"), 0) == 4


def test_r9_4_boulets_for_dice():
    assert (t.boulets_for_dice(1), t.boulets_for_dice(2)) == (1, 4)
