"""The ruler: distance bands and the line of fire, with the boundary cases decided on purpose."""

from __future__ import annotations

import random

import pytest
from geometry_helpers import single

from paintcheck.field.catalogue import RULER_MARKS
from paintcheck.geometry import ruler
from paintcheck.geometry.touch import CROSS, GRAZE


@pytest.mark.parametrize(
    ("d", "band"),
    [(0.0, 0), (2.9, 0), (3.0, 0), (3.01, 1), (6.0, 1), (10.0, 2), (14.0, 3), (18.0, 4), (18.01, 5)],
)
def test_bands_are_closed_above(d, band):
    assert ruler.band_index(d) == band


def test_a_point_exactly_on_a_band_limit_is_in_the_lower_band():
    # (0,0) -> (6,8) is exactly 10 points: the 6-10 band, not the next one
    reading = ruler.ruler((0, 0), (6, 8))
    assert reading.distance == 10.0
    assert reading.band == RULER_MARKS.index(10.0)
    assert ruler.ruler((0, 0), (0, 3)).band == 0


@pytest.mark.parametrize(
    ("d", "digits"),
    [(12.4, 1), (18.03, 2), (18.0, 1), (17.96, 1), (18.001, 3), (17.95, 1), (10.0499, 2), (9.96, 1),
     (3.0004, 4), (14.05, 2), (14.051, 1)],
)
def test_a_length_is_written_with_the_digits_that_keep_it_in_its_band(d, digits):
    """18.03 is beyond 18 (band 5): written "18.0" it would read up to 18 (band 4)."""
    assert ruler.digits_in_band(d) == digits
    for written in (f"{d:.{digits}f}", str(round(d, digits))):
        assert ruler.band_index(float(written)) == ruler.band_index(d), written


def test_a_length_near_a_mark_is_never_written_across_it():
    rng = random.Random(25)
    for _ in range(2000):
        d = rng.choice(RULER_MARKS) + rng.uniform(-0.2, 0.2)
        digits = ruler.digits_in_band(d)
        assert ruler.band_index(float(f"{d:.{digits}f}")) == ruler.band_index(d), d


def test_distance_is_symmetric():
    assert ruler.distance((1, 2), (7, -5)) == ruler.distance((7, -5), (1, 2))


def test_line_through_a_cylinder_crosses_it():
    ix = single("cylinder", (8, 0))
    lof = ruler.line_of_fire(ix, (8, -5), (8, 5))
    assert [(t.obstacle, t.effect) for t in lof.touches] == [("o", CROSS)]


def test_line_along_a_footprint_edge_is_a_graze_not_a_cross():
    # the pyramid's square runs 7.2..8.8 in x; a ruler exactly along x = 8.8
    ix = single("pyramid", (8, 0))
    lof = ruler.line_of_fire(ix, (8.8, -5), (8.8, 5))
    assert [(t.obstacle, t.effect) for t in lof.touches] == [("o", GRAZE)]
    # and along the edge of a lying cylinder (y = 0.4)
    ix = single("cylinder_lying", (3, 0), 0)
    lof = ruler.line_of_fire(ix, (0, 0.4), (8, 0.4))
    assert lof.grazed == ("o",) and lof.crossed == ()


def test_graze_at_exactly_the_band_width_counts():
    ix = single("pyramid", (8, 0))  # edge at x = 8.8
    assert ruler.line_of_fire(ix, (9.05, -5), (9.05, 5)).grazed == ("o",)
    assert ruler.line_of_fire(ix, (9.06, -5), (9.06, 5)).touches == ()


def test_cross_needs_at_least_the_minimum_length_inside():
    ix = single("pyramid", (8, 0))  # x from 7.2 to 8.8
    # the centre line ends 0.2 inside: exactly the minimum, a cross
    assert ruler.line_of_fire(ix, (0, 0), (7.4, 0)).crossed == ("o",)
    # 0.1 inside: only a graze
    assert ruler.line_of_fire(ix, (0, 0), (7.3, 0)).grazed == ("o",)


def test_band_is_flat_at_the_ends():
    # an obstacle 0.2 behind the shooter, off the line's end, is not touched
    ix = single("pyramid", (8, 0))  # edge at x = 7.2
    assert ruler.line_of_fire(ix, (7.0, 0), (0, 0)).touches == ()


def test_corner_touch_is_a_graze():
    ix = single("pyramid", (8, 0))  # corner at (8.8, 0.8)
    lof = ruler.line_of_fire(ix, (8.8, 0.8), (12, 4))
    assert lof.grazed == ("o",)


def test_own_covers_are_ignored():
    ix = single("cylinder", (8, 0))
    assert ruler.line_of_fire(ix, (8, -1), (8, 5), ignore=["o"]).touches == ()


def test_touches_in_order_from_the_shooter(box_index):
    lof = ruler.line_of_fire(box_index, (2, -13), (2, 13))
    centres = {o.id: o.centre for o in box_index.obstacles}
    ys = [centres[t.obstacle][1] for t in lof.touches]
    assert ys == sorted(ys)
    back = ruler.line_of_fire(box_index, (2, 13), (2, -13))
    assert back.obstacles == tuple(reversed(lof.obstacles))


def test_null_segment_touches_nothing(box_index):
    assert ruler.line_of_fire(box_index, (5, 5), (5, 5)).touches == ()


def test_band_and_line_geometry_to_draw():
    lof = ruler.line_of_fire(single("cylinder"), (0, 0), (4, 0))
    assert lof.band.area == pytest.approx(4 * 0.5)
    assert lof.line.length == pytest.approx(4)


def test_vectorised_equals_scalar_loop_on_random_pairs(box_index):
    rng = random.Random(7)
    free = box_index.field.free_points()
    for _ in range(150):
        shooter = rng.choice(free)
        targets = rng.sample(free, 8)
        ignore = rng.sample(box_index.ids, rng.randint(0, 2))
        fast = ruler.lines_of_fire(box_index, shooter, targets, ignore)
        slow = [ruler.line_of_fire_naive(box_index, shooter, t, ignore) for t in targets]
        assert [f.touches for f in fast] == [s.touches for s in slow]


def test_pairs_equal_single_shooter_calls(box_index):
    rng = random.Random(11)
    pts = box_index.field.free_points()
    shooters = rng.sample(pts, 20)
    targets = rng.sample(pts, 20)
    pairs = ruler.lines_of_fire_pairs(box_index, shooters, targets)
    for p, s, t in zip(pairs, shooters, targets, strict=True):
        assert p.touches == ruler.line_of_fire(box_index, s, t).touches


def test_unknown_ignored_obstacle_is_a_typed_error(box_index):
    from paintcheck.geometry.errors import UnknownObstacleError

    with pytest.raises(UnknownObstacleError):
        ruler.line_of_fire(box_index, (0, 0), (5, 5), ignore=["nope"])


def _all_kinds_layout():
    from paintcheck.field.layout import Layout, ObstacleSpec

    specs = [
        ObstacleSpec("rk45", "rocket_big", (3, 3), 45),
        ObstacleSpec("rk0", "rocket_big", (12, -3), 0),
        ObstacleSpec("sub45", "submarine", (5, -8), 45),
        ObstacleSpec("sub135", "submarine", (12, 6), 135),
        ObstacleSpec("log90", "cylinder_lying", (8, 9), 90),
        ObstacleSpec("log315", "cylinder_lying", (2, -2), 315),
        ObstacleSpec("car225", "cone_lying", (10, 0), 225),
        ObstacleSpec("car0", "cone_lying", (4, 8), 0),
        ObstacleSpec("pyr", "pyramid", (7, 4)),
        ObstacleSpec("cone", "cone", (14, 10)),
        ObstacleSpec("cyl", "cylinder", (8, -4)),
        ObstacleSpec("small", "rocket_small", (6, -12)),
    ]
    return Layout("all kinds", tuple(specs)).build()


def test_vectorised_equals_scalar_on_every_kind_and_axis():
    from paintcheck.geometry.index import ObstacleIndex

    index = ObstacleIndex(_all_kinds_layout())
    rng = random.Random(5)
    pts = index.field.free_points()
    for _ in range(200):
        shooter = rng.choice(pts)
        targets = rng.sample(pts, 6)
        fast = ruler.lines_of_fire(index, shooter, targets)
        slow = [ruler.line_of_fire_naive(index, shooter, t) for t in targets]
        assert [f.touches for f in fast] == [s.touches for s in slow]
    # and with float points right around the footprints' edges
    for _ in range(300):
        s = (rng.uniform(0, 16), rng.uniform(-13, 13))
        t = (rng.uniform(0, 16), rng.uniform(-13, 13))
        assert ruler.line_of_fire(index, s, t).touches == ruler.line_of_fire_naive(index, s, t).touches


def test_big_rocket_fin_is_part_of_the_footprint():
    ix = single("rocket_big", (8, 0))  # fins reach 0.7 along x and y, body 0.5
    # the ruler at y = 0.9 passes 0.2 beyond the fin tip (0.7) and 0.4 beyond the body: a graze
    assert ruler.line_of_fire(ix, (8, 0.9 + 0.25 - 0.05), (12, 0.9 + 0.25 - 0.05)).touches == ()
    assert ruler.line_of_fire(ix, (7.5, 0.9), (12, 0.9)).grazed == ("o",)
    # through the fin only: x = 8.03 runs inside the fin plate from y = 0.5 to 0.7 (0.2 long)
    lof = ruler.line_of_fire(ix, (8.03, 0.5), (8.03, 5))
    assert lof.touches == ruler.line_of_fire_naive(ix, (8.03, 0.5), (8.03, 5)).touches
