"""RULES-unpourun §1 (and every later paragraph that measures) through the measurer, one named test
per paragraph and worked example: distances edge to edge (1.4), contact and its on-top exception
(1.5), kinds and heights (1.6, 1.7), sight with heights and 1.8's own examples, the cost of a move
(3.4, 3.6's example, 3.9), positions (1.3), deployment (1.9), blasts (4.5), explosions (4.6), the
rope (3.11) and the edges (8.4, 8.5)."""

from __future__ import annotations

import math

import pytest

from paintcheck.unpourun.measurer import Measurer, distance, distance_to_point, within
from paintcheck.unpourun.terrain import OPEN_TABLE, Kind, Piece, Table

A, B = (0.0, 0.0), (10.0, 0.0)


def box(x0, y0, x1, y1):
    return ((x0, y0), (x1, y0), (x1, y1), (x0, y1))


def measurer(*pieces, **size):
    return Measurer(Table(pieces=tuple(pieces), **size))


def wall(x0, x1, h, kind=Kind.IMPASSABLE):
    return Piece(kind, h, box(x0, -3, x1, 3))


# -- 1.4 distances --


def test_1_4_between_figures_d_runs_edge_to_edge():
    assert distance((0, 0), (3, 4)) == 4.0  # centres 5 apart, less one base
    assert distance((0, 0), (0.6, 0)) == 0.0  # never below 0
    assert Measurer().distance((2, 2), (2, 12.5)) == 9.5


def test_1_4_from_a_figure_to_a_point_d_loses_half_a_base():
    assert distance_to_point((0, 0), (3, 4)) == 4.5
    assert distance_to_point((0, 0), (0.2, 0)) == 0.0


def test_1_4_within_n_means_d_at_most_n():
    assert within((0, 0), (4.0, 0), 3)  # d = 3 exactly: within 3 (« à moins de » read as <=)
    assert not within((0, 0), (4.0 + 1e-9, 0), 3)
    assert Measurer().figures_within((0, 0), 3, [(4, 0), (0, 4.01), (3, 0), (0, 0)]) == (0, 2, 3)


def test_1_4_distance_is_flat_whatever_the_elevation():
    hill = Piece(Kind.OPEN, 5, box(-2, -2, 2, 2))
    m = measurer(hill)
    assert m.elevation((0, 0)) == 5 and m.elevation((6, 0)) == 0
    assert m.distance((0, 0), (6, 0)) == 5.0


# -- 1.5 contact --


def test_1_5_contact_is_d_at_most_a_tenth():
    m = Measurer()
    assert m.in_contact((5, 5), (6.1, 5))  # d = 0.1
    assert not m.in_contact((5, 5), (6.1 + 1e-6, 5))
    assert m.in_contact((5, 5), (6, 5))  # base to base


def test_1_5_a_figure_on_top_of_an_impassable_piece_touches_only_figures_on_it():
    m = measurer(Piece(Kind.IMPASSABLE, 3, box(0, 0, 10, 10)))
    top, ground, top2 = (9.6, 5), (10.6, 5), (8.6, 5)
    assert m.on_top(top) == 0 and m.on_top(ground) is None
    assert m.distance(top, ground) == 0.0 and not m.in_contact(top, ground)
    assert m.in_contact(top, top2)


def test_1_5_a_hill_is_no_exception():
    m = measurer(Piece(Kind.OPEN, 3, box(0, 0, 10, 10)))
    assert m.in_contact((9.6, 5), (10.6, 5))


# -- 1.6 terrain, 1.7 elevation --


def test_1_6_overlapping_pieces_take_the_most_restrictive_kind():
    m = measurer(Piece(Kind.DIFFICULT, 0, box(0, 0, 10, 10)), Piece(Kind.IMPASSABLE, 2, box(4, 4, 6, 6)),
                 Piece(Kind.OPEN, 1, box(8, 8, 12, 12)))
    assert m.kind_at((1, 1)) is Kind.DIFFICULT
    assert m.kind_at((5, 5)) is Kind.IMPASSABLE
    assert m.kind_at((9, 9)) is Kind.DIFFICULT  # difficult beats open
    assert m.kind_at((11, 11)) is Kind.OPEN
    assert m.kind_at((20, 20)) is Kind.OPEN


def test_1_6_the_boundary_counts_as_outside():
    m = measurer(Piece(Kind.IMPASSABLE, 2, box(4, 4, 6, 6)))
    assert m.kind_at((4, 5)) is Kind.OPEN and m.elevation((6, 6)) == 0
    assert m.kind_at((4.001, 5)) is Kind.IMPASSABLE and m.elevation((4.001, 5)) == 2


def test_1_7_elevation_is_the_greatest_height_holding_the_centre():
    m = measurer(Piece(Kind.OPEN, 1, box(0, 0, 20, 20)), Piece(Kind.DIFFICULT, 3, box(5, 5, 10, 10)),
                 Piece(Kind.DIFFICULT, 0, box(0, 0, 30, 30)))
    assert m.elevation((1, 1)) == 1 and m.elevation((6, 6)) == 3 and m.elevation((25, 25)) == 0
    assert list(m.elevations([(1, 1), (6, 6), (25, 25), (5, 6)])) == [1, 3, 0, 1]


def test_1_7_above_is_at_least_one_higher():
    m = Measurer()
    assert m.above(2, 1) and not m.above(1, 1) and not m.above(1, 2)
    assert not m.above(1.5, 1)  # a hanging figure half a pas up is not above


# -- 1.8 line of sight: the paragraph's own examples --


def test_1_8_ground_to_ground_over_a_wall_of_height_1_is_seen():
    assert measurer(wall(4, 6, 1)).sees(A, B)  # the eye line is at 1, not lower than 1


def test_1_8_ground_to_ground_behind_a_wall_of_height_2_is_hidden():
    m = measurer(wall(4, 6, 2))
    assert not m.sees(A, B) and m.sight(A, B).blockers == (0,)


def test_1_8_from_a_hill_a_wall_near_the_target_hides_it():
    hill = Piece(Kind.OPEN, 2, box(-3, -3, 1, 3))  # A on a hill of h 2 over x <= 1
    assert not measurer(hill, wall(5, 6, 2)).sees(A, B)  # the line runs 2.0 -> 1.8 over the wall


def test_1_8_from_a_hill_a_wall_near_the_shooter_does_not_hide():
    hill = Piece(Kind.OPEN, 2, box(-3, -3, 1, 3))
    sight = measurer(hill, wall(2, 3, 2)).sight(A, B)  # 2.6 -> 2.4
    assert sight.seen and (sight.eye_a, sight.eye_b) == (3.0, 1.0)


def test_1_8_the_shooters_own_hill_does_not_hide():
    hill = Piece(Kind.OPEN, 2, box(-3, -3, 1, 3))  # 3.0 -> 2.8 over it
    assert measurer(hill).sees(A, B)


def test_1_8_a_line_along_an_edge_or_through_a_corner_is_not_blocked():
    m = measurer(Piece(Kind.IMPASSABLE, 5, box(4, 0, 6, 3)), Piece(Kind.IMPASSABLE, 5, box(2, -4, 3, -1)))
    assert m.sees(A, B)  # along the first wall's edge y = 0
    assert m.sees((0, -2), (3.5, -0.25))  # through the second's corner (2, -1) only
    assert not m.sees((0, 0.5), (10, 0.5))


def test_1_8_sight_is_symmetric_and_a_hanging_figure_gives_its_height():
    m = measurer(wall(4, 6, 3))
    assert not m.sees(A, B) and not m.sees(B, A)
    assert m.sees(A, B, elevation_b=5)  # eyes 1 and 6: at x = 4..6 the line is 3 -> 4, not below 3
    assert m.sees(B, A, elevation_a=5) and not m.sees(A, B, elevation_b=4)


def test_1_8_woods_hide_nothing_and_h0_never_blocks():
    m = measurer(Piece(Kind.DIFFICULT, 0, box(2, -5, 8, 5)), Piece(Kind.IMPASSABLE, 0, box(3, -5, 4, 5)))
    assert m.sees(A, B)


# -- 3.4 the cost of a move, 3.6's example, 3.9, 3.11 --


def test_3_4_difficult_terrain_costs_twice_its_length():
    m = measurer(Piece(Kind.DIFFICULT, 0, box(2, -1, 4, 1)))
    assert m.path_cost([A, B]) == pytest.approx(12.0)
    assert m.path_cost([(0, 0), (3, 0), (3, 5)]) == pytest.approx(10.0)  # 1 + 1 inside
    assert m.difficult_length([(0, 0), (3, 0), (3, 5)]) == pytest.approx(2.0)
    assert m.path_cost([(0, 1), (10, 1)]) == pytest.approx(10.0)  # along its edge: outside


def test_3_6_example_a_chef_reaches_13_5_of_cost_with_2_pas_difficult():
    m = measurer(Piece(Kind.DIFFICULT, 0, box(5, -2, 7, 2)))
    assert m.path_cost([(0, 0), (11.5, 0)]) == pytest.approx(1.5 * 9)


def test_3_9_fleeing_and_cyber_legs_count_difficult_as_open():
    m = measurer(Piece(Kind.DIFFICULT, 0, box(2, -1, 4, 1)))
    assert m.path_cost([A, B], difficult_as_open=True) == pytest.approx(10.0)


def test_3_4_hills_cost_nothing_to_climb_and_a_wall_top_moves_as_open():
    m = measurer(Piece(Kind.OPEN, 4, box(2, -1, 8, 1)), Piece(Kind.DIFFICULT, 0, box(0, -2, 10, 2)),
                 Piece(Kind.IMPASSABLE, 3, box(4, -1, 6, 1)))
    # 10 long, all in the wood, 2 of it on top of the wall: 8 x 2 + 2
    assert m.path_cost([A, B]) == pytest.approx(18.0)
    assert m.impassable_crossed([A, B]) == (2,) and m.impassable_crossed([(0, 1), (10, 1)]) == ()


def test_3_11_a_rope_climbs_h_1_to_10_at_2_per_pas():
    m = measurer(Piece(Kind.IMPASSABLE, 4, box(0, 0, 2, 2)), Piece(Kind.IMPASSABLE, 11, box(5, 5, 6, 6)),
                 Piece(Kind.IMPASSABLE, 0, box(8, 8, 9, 9)), Piece(Kind.OPEN, 3, box(10, 10, 12, 12)))
    assert [m.climbable(i) for i in range(4)] == [True, False, False, False]
    assert m.climb_cost(0, 0) == 8.0 and m.climb_cost(0, 1) == 6.0


# -- 1.3 positions, 1.9 deployment --


def test_1_3_a_base_lies_wholly_on_the_table():
    m = Measurer()
    assert m.position_legal((0.5, 0.5)) and m.position_legal((47.5, 47.5))
    assert m.why_position_illegal((0.49, 10)).key == "unpourun_table.position.off_table"
    assert not m.position_legal((20, 48.2))
    assert not m.position_legal((math.nan, 3))


def test_1_3_bases_never_overlap_but_may_touch():
    m = Measurer()
    assert m.position_legal((10, 10), [(11, 10)])
    assert m.why_position_illegal((10, 10), [(20, 20), (10.99, 10)]).key == "unpourun_table.position.overlap"


def test_1_3_no_centre_in_an_impassable_piece_unless_on_top():
    m = measurer(Piece(Kind.IMPASSABLE, 2, box(4, 4, 6, 6)))
    assert m.why_position_illegal((5, 5)).key == "unpourun_table.position.impassable"
    assert m.position_legal((5, 5), on_top_allowed=True) and m.position_legal((4, 5))


def test_1_9_a_deployed_base_lies_wholly_in_its_zone():
    m = Measurer()
    assert m.deployable((10, 13.5), 0) and not m.deployable((10, 13.6), 0)
    assert m.deployable((10, 34.5), 1) and not m.deployable((10, 34.4), 1)
    assert m.why_not_deployable((10, 20), 1).key == "unpourun_table.position.out_of_zone"


def test_1_9_no_deployed_centre_in_an_impassable_piece():
    m = measurer(Piece(Kind.IMPASSABLE, 1, box(5, 5, 8, 8)))
    assert not m.deployable((6, 6), 0) and m.deployable((9, 6), 0)


# -- 4.5 blasts, 4.6 explosions --


def test_4_5_a_blast_hits_every_centre_within_radius_plus_half_that_the_target_sees():
    m = measurer(Piece(Kind.IMPASSABLE, 3, box(22, 18, 23, 22)))
    target = (20.0, 20.0)
    positions = [(10.0, 20.0), target, (23.5, 20.0), (20.0, 23.5), (20.0, 16.4), (17.0, 20.0), (21.5, 20.0)]
    # 0 shooter (far), 2 behind the wall, 3 at 3.5 (hit), 4 at 3.6 (missed), 5 at 3, 6 at 1.5
    blast = m.blast(1, 3, positions, shooter=0)
    assert blast.reach == 3.5 and blast.hit == (1, 6, 5, 3)


def test_4_5_the_shooter_is_immune_and_the_target_always_hit():
    m = Measurer()
    positions = [(20.0, 20.0), (21.0, 20.0)]
    assert m.blast(1, 5, positions, shooter=0).hit == (1,)
    assert m.blast(1, 5, positions).hit == (1, 0)


def test_4_6_a_canon_explodes_on_every_figure_within_3_of_its_bearer():
    positions = [(10.0, 10.0), (14.0, 10.0), (14.01, 10.0), (10.0, 12.0)]
    assert Measurer().explosion(0, 3, positions) == (0, 3, 1)


# -- 8.4, 8.5 edges --


def test_8_4_the_nearest_edge_and_8_5_touching_it():
    m = Measurer()
    assert m.nearest_edges((3, 20)) == ("left",) and m.nearest_edges((24, 24)) == ("A", "B", "left", "right")
    assert m.touches_edge((0.5, 20)) and not m.touches_edge((0.51, 20))
    assert m.edge_distances((3, 40))["B"] == 8


def test_the_open_table_is_the_standard_one():
    assert (OPEN_TABLE.width, OPEN_TABLE.depth) == (48, 48) and OPEN_TABLE.pieces == ()
    m = Measurer()
    assert m.sees((1, 1), (40, 40)) and m.path_cost([(1, 1), (1, 11)]) == 10


def test_3_4_a_path_may_not_overlap_a_base_nor_touch_an_enemy():
    m = Measurer()
    path = [(0.0, 0.0), (10.0, 0.0), (10.0, 10.0)]
    gaps = m.path_clearance(path, [(5.0, 1.0), (11.05, 5.0), (13.0, 14.0), (5.0, 0.5)])
    assert gaps == pytest.approx([1.0, 1.05, 5.0, 0.5])
    assert [g >= 1 for g in gaps] == [True, True, True, False]  # 1.3: overlap below 1
    assert [g <= 1.1 for g in gaps] == [True, True, False, True]  # 1.5: in contact on the way
    assert m.path_on_table(path[:2]) is False and m.path_on_table([(1, 1), (47.5, 1)])


def test_r1_4_base_to_base_touches_on_the_line_toward_the_point():
    """``measurer.base_to_base``: the one place a straight charge's end is worked out (the coaches'
    and the window's): d = 0 with the base it touches, on the line toward the point asked."""
    import math

    from paintcheck.unpourun.measurer import base_to_base, distance

    for centre, toward in (((10.0, 10.0), (20.0, 13.0)), ((5.5, 40.0), (5.5, 2.0)), ((3.0, 3.0), (3.0, 3.0))):
        end = base_to_base(centre, toward)
        assert distance(end, centre) == pytest.approx(0.0, abs=1e-12)
        if toward != centre:
            (ux, uy), (vx, vy) = ((end[0] - centre[0], end[1] - centre[1]),
                                  (toward[0] - centre[0], toward[1] - centre[1]))
            assert ux * vy - uy * vx == pytest.approx(0.0, abs=1e-9)  # on the line
            assert math.dist(end, toward) < math.dist(centre, toward)
