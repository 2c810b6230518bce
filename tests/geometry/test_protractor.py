"""The protractor: θ for a static target, the big rocket's axes, φ at mid-run."""

from __future__ import annotations

import pytest
from geometry_helpers import single

from paintcheck.geometry import protractor


def test_no_cover_reads_zero():
    ix = single("cylinder")
    assert protractor.static_angle(ix, (3, 3), None, (9, 9)).theta == 0.0


def test_shooter_behind_and_beside():
    ix = single("cylinder", (8, 0))
    assert protractor.static_angle(ix, (8, -1), "o", (8, -6)).theta == 180.0
    assert protractor.static_angle(ix, (8, -1), "o", (13, -1)).theta == 90.0
    assert protractor.static_angle(ix, (8, -1), "o", (8, 7)).theta == 0.0
    assert protractor.static_angle(ix, (8, -1), "o", (13, 4)).theta == 45.0


def test_zero_points_to_the_nearest_point_of_a_lying_centre_line():
    ix = single("cylinder_lying", (6, 0), 0)  # stands on (6,0) and (7,0)
    r = protractor.static_angle(ix, (9, -1), "o", (5, 1))  # shooter straight along (-2, 1) x 2
    assert r.theta == 0.0
    assert r.zero == pytest.approx((-2 / 5**0.5, 1 / 5**0.5))
    # beside the middle of its length, 0° is straight at the centre line
    r = protractor.static_angle(ix, (6, -1), "o", (6, 5))
    assert r.theta == 0.0


def test_big_rocket_uses_the_smallest_of_centre_and_fin_axes_toward_it():
    rocket = single("rocket_big", (8, 0))
    cylinder = single("cylinder", (8, 0))
    target, shooter = (9, -1), (9, -6)  # diagonal target, shooter straight below it
    assert protractor.static_angle(cylinder, target, "o", shooter).theta == 135.0
    r = protractor.static_angle(rocket, target, "o", shooter)
    # the fins toward the rocket (west, north) and the centre: the fin pointing north reads 180°,
    # the one pointing west 90° (RULES 2.5: never a fin's sense away from the rocket)
    assert r.theta == 90.0 and r.zero == pytest.approx((-1.0, 0.0))
    assert len(r.candidates) == 3
    # in front: the shooter north-west of the target reads 0° along the fin pointing north
    assert protractor.static_angle(rocket, target, "o", (9, 6)).theta == 0.0
    # a turned rocket (fins at 45°): the fin toward the rocket points at the diagonal
    turned = single("rocket_big", (8, 0), 45)
    assert protractor.static_angle(turned, (8, -1), "o", (13, 4)).theta == 0.0
    assert protractor.static_angle(turned, (8, -1), "o", (3, -6)).theta == 90.0


def test_a_target_square_beside_the_rocket_reads_no_fin_across():
    """The fin axis square to the way to the rocket points toward it in neither sense."""
    rocket = single("rocket_big", (8, 0))
    r = protractor.static_angle(rocket, (9, 0), "o", (9, 5))  # target east, shooter north of him
    assert r.theta == 90.0 and len(r.candidates) == 2


def test_static_segments_are_counted_on_each_side_of_zero():
    ix = single("cylinder", (8, 0))
    target = (8, -1)  # 0° points north
    east, west = (13, -6), (3, -6)  # 135° each, mirrored
    (a, b) = protractor.static_segments(ix, target, "o", east, west)
    assert a[1] == b[1] == 7 and a[0] == -b[0] != 0
    assert protractor.static_segments(ix, target, "o", (8, -6), (8, 5))[1] == (0, 0)  # on the line
    assert protractor.static_segments(ix, target, None, east, west) == ((0, 0), (0, 0))


def test_segment_and_wedge():
    ix = single("cylinder", (8, 0))
    r = protractor.static_angle(ix, (8, -1), "o", (13, 4))  # 45°
    assert r.segment == 2
    assert r.segment_wedge.area > 0
    assert protractor.segment_of(17.999) == 0
    assert protractor.segment_of(18.0) == 1
    assert protractor.segment_of(180.0) == 10


def test_run_angle_straight_at_and_across():
    assert protractor.run_angle([(0, 0), (0, 6)], (0, 10)).phi == 0.0
    assert protractor.run_angle([(0, 0), (0, 6)], (0, -10)).phi == 0.0
    assert protractor.run_angle([(0, 0), (6, 0)], (3, 5)).phi == 90.0
    assert protractor.run_angle([(0, 0), (4, 0)], (0, 2)).phi == 45.0


def test_run_angle_uses_start_and_end_only():
    zigzag = [(0, 0), (1, 1), (2, 0), (3, 1), (4, 0)]
    assert protractor.run_angle(zigzag, (0, 2)).phi == 45.0


def test_run_angle_degenerate_cases():
    assert protractor.run_angle([(3, 3)], (0, 0)).phi == 90.0  # no run, no bonus
    assert protractor.run_angle([(0, 0), (4, 0)], (2, 0)).phi == 0.0  # shooter on the middle


def test_run_that_starts_behind_cover_reads_from_its_start():
    # the runner leaves from behind the cylinder: the protractor still spans start -> end
    ix = single("cylinder", (8, 0))
    assert ix.field.covers_of((8, -1))
    r = protractor.run_angle([(8, -1), (9, -1), (10, -1), (11, -1), (12, -1)], (10, 6))
    assert r.middle == (10.0, -1.0)
    assert r.phi == 90.0


def test_angle_between():
    assert protractor.angle_between((0, 0), (1, 0), (0, 1)) == 90.0
    assert protractor.angle_between((0, 0), (1, 0), (-1, 0)) == 180.0
