"""Move paths and blocked points, the sweep, the template, the lock wedge and the safe move."""

from __future__ import annotations

import pytest
import shapely
from geometry_helpers import single

from paintcheck.field.layout import Layout, ObstacleSpec
from paintcheck.geometry.errors import GeometryError
from paintcheck.geometry.fov import field_of_vision
from paintcheck.geometry.index import ObstacleIndex
from paintcheck.geometry.lock import lock_wedge, safe_move
from paintcheck.geometry.path import first_blocked, move_path, point_free, step_segment
from paintcheck.geometry.sweep import run_readings, sweep
from paintcheck.geometry.template import prebunk_template, strip_frame, sure_covers, sure_crossings
from paintcheck.geometry.touch import CROSS


def test_segment_steps_are_chebyshev():
    assert step_segment((0, 0), (3, 1)) == [(1, 0), (2, 1), (3, 1)]
    assert step_segment((0, 0), (3, -1)) == [(1, 0), (2, -1), (3, -1)]
    assert step_segment((0, 0), (0, -4)) == [(0, -1), (0, -2), (0, -3), (0, -4)]
    assert len(step_segment((2, 2), (9, -3))) == 7


def test_path_through_waypoints():
    p = move_path((0, 0), [(2, 2), (2, 5), (2, 5)])
    assert p.points == ((0, 0), (1, 1), (2, 2), (2, 3), (2, 4), (2, 5))
    assert p.length == 5
    assert move_path((4, 4), []).length == 0


def test_each_step_is_one_neighbour():
    p = move_path((0, -13), [(16, 13), (0, 0), (7, -2)]).points
    for a, b in zip(p, p[1:], strict=False):
        assert max(abs(a[0] - b[0]), abs(a[1] - b[1])) == 1


def test_steppable_ends():
    layout = Layout(
        "ends",
        (
            ObstacleSpec("cyl", "cylinder", (2, 2)),
            ObstacleSpec("log", "cylinder_lying", (5, 2), 0),  # (5,2), (6,2): both ends steppable
            ObstacleSpec("carrot", "cone_lying", (9, 2), 0),  # base (9,2) blocked, tip (10,2) free
            ObstacleSpec("sub", "submarine", (12, -4), 90),  # (12,-4) (12,-3) (12,-2): middle blocked
        ),
    )
    field = layout.build()
    assert not point_free(field, (2, 2))
    assert point_free(field, (5, 2)) and point_free(field, (6, 2))
    assert not point_free(field, (9, 2)) and point_free(field, (10, 2))
    assert point_free(field, (12, -4)) and not point_free(field, (12, -3))
    assert point_free(field, (12, -2))
    assert not point_free(field, (3, 3), occupied={(3, 3)})
    assert not point_free(field, (17, 0))  # off the field
    assert first_blocked(field, move_path((4, 2), [(7, 2)]).points) is None
    assert first_blocked(field, move_path((7, 2), [(11, 2)]).points) == 2
    assert first_blocked(field, move_path((12, -6), [(12, 0)]).points) == 3


def test_sweep_reports_crosses_and_skips_ignored():
    ix = single("cylinder", (8, 0))
    s = sweep(ix, (8, 6), [(6, -2), (10, -2)])
    assert [(t.obstacle, t.effect) for t in s.touches] == [("o", CROSS)]
    assert sweep(ix, (8, 6), [(6, -2), (10, -2)], ignore=["o"]).touches == ()
    assert sweep(ix, (8, 6), [(3, -2), (4, -2)]).touches == ()
    assert s.area.area > 0


def test_run_that_starts_behind_cover():
    # the runner starts behind the cylinder: the start is not a reading, and with his start cover
    # ignored the sweep over the points after it does not meet it
    ix = single("cylinder", (8, 0))
    path = move_path((8, -1), [(12, -1)]).points
    shooter = (8, 6)
    fov = field_of_vision(ix, "white", None, None)
    readings = run_readings(ix, shooter, fov, path)
    assert readings.points == path[1:]
    assert all(readings.seen)
    assert sweep(ix, shooter, readings.points, ignore=["o"]).touches == ()
    assert ix.field.covers_of(path[0])[0].id == "o"


def test_template_strip():
    t = prebunk_template((8, -3), (8, -12))
    assert t.polygon.area == pytest.approx(6.0)
    assert t.covers([(8, -5), (8.5, -5), (9, -5), (8, -10), (8, -9)]) == (
        True, True, False, False, True,
    )
    path = move_path((5, -6), [(11, -6)]).points
    assert t.crossing_segments(path) == (2, 3)
    assert t.crossed_by(path)
    assert not t.crossed_by(move_path((0, -6), [(6, -6)]).points)
    with pytest.raises(GeometryError):
        prebunk_template((1, 1), (1, 1))


def test_template_sure_answers_agree_with_its_polygon():
    """The measurer reads a template in its frame and asks the polygon only when unsure: every sure
    answer is the polygon's, on lattice points and steps around straight, diagonal and skew strips."""
    steps = [(dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if (dx, dy) != (0, 0)]
    unsure = 0
    for prebunker in [(8, -12), (14, 3), (2, 9), (13, -7), (3, -4), (9, 2)]:
        origin = (8, 0)
        t, frame = prebunk_template(origin, prebunker), strip_frame(origin, prebunker)
        points = [(x, y) for x in range(0, 17) for y in range(-8, 9)]
        for p, covered in zip(points, t.covers(points), strict=True):
            sure = sure_covers(frame, p)
            unsure += sure is None
            assert sure in (None, covered), (prebunker, p)
        for p in points:
            for dx, dy in steps:
                q = (p[0] + dx, p[1] + dy)
                sure = sure_crossings(frame, [p, q])
                unsure += sure is None
                assert sure in (None, t.crossing_segments([p, q])), (prebunker, p, q)
    path = move_path((0, 2), [(16, 7)]).points
    for prebunker in [(8, -12), (14, 3), (2, 9)]:
        found = sure_crossings(strip_frame((8, 0), prebunker), path)
        assert found == prebunk_template((8, 0), prebunker).crossing_segments(path)
    assert unsure < 200  # the polygon is asked about the strip's edges only
    with pytest.raises(GeometryError):
        strip_frame((1, 1), (1, 1))


def test_lock_wedge():
    ix = single("cylinder", (8, -5))
    # Blue B at (8,-6) behind the cylinder playing LEFT (sees x <= 8), pressed from A at (4,3)
    w = lock_wedge(ix, (4, 3), (8, -6), "blue", "o", "left")
    assert w.contains((7, 5))  # between the line B->A and the limit x = 8
    assert w.contains((8, 2))  # on the limit itself
    assert not w.contains((2, 3))  # beyond the line B->A
    assert not w.contains((9, 5))  # outside the FOV
    assert w.polygon.area > 0
    assert not lock_wedge(ix, (4, 3), (8, -6), "blue", None, None).contains((7, 5))


def test_safe_move_along_a_long_obstacle():
    ix = ObstacleIndex(Layout("log", (ObstacleSpec("log", "cylinder_lying", (6, -5), 0),)).build())
    behind = move_path((5, -6), [(8, -6)]).points
    assert safe_move(ix, behind, (6, 5)).safe
    assert safe_move(ix, behind, (6, 5)).obstacle == "log"
    assert not safe_move(ix, move_path((5, -4), [(8, -4)]).points, (6, 5)).safe  # enemy side
    assert not safe_move(ix, move_path((5, -6), [(9, -6)]).points, (6, 5)).safe  # leaves it
    assert not safe_move(ix, move_path((5, -6), [(5, -5)]).points, (6, 5)).safe  # onto its line
    # a single-point obstacle is not long
    cyl = single("cylinder", (6, -5))
    assert not safe_move(cyl, [(5, -6), (6, -6)], (6, 5)).safe


def test_runs_readings_equal_one_by_one(box_index):
    from paintcheck.geometry.sweep import runs_readings

    path = move_path((2, -12), [(8, -1)]).points
    shooters = [(3, 5), (12, 9), (8, 12)]
    fovs = [field_of_vision(box_index, "white", None, None)] * 3
    many = runs_readings(box_index, shooters, fovs, path)
    for r, s, f in zip(many, shooters, fovs, strict=True):
        one = run_readings(box_index, s, f, path)
        assert r.points == one.points and r.seen == one.seen
        assert [x.touches for x in r.lines] == [x.touches for x in one.lines]


def test_sweep_grazes_an_obstacle_only_its_band_touches():
    """A cylinder (r 0.45) beside the swept area: its edge 0.1 outside the hull is grazed (the band is
    0.25 wide), 0.25 outside still grazed (limit included), 0.3 outside not met; inside, crossed."""
    ix = single("cylinder", at=(8, 0))
    def edge_gap(gap):
        # the hull's right edge is the vertical line through the shooter, ``gap`` left of the disc
        shooter = (8 - 0.45 - gap, 6.0)
        return sweep(ix, shooter, [(shooter[0], -6.0), (shooter[0] - 4, -6.0)]).touches

    assert [(t.obstacle, t.effect) for t in edge_gap(0.1)] == [("o", "graze")]
    assert [(t.obstacle, t.effect) for t in edge_gap(0.25)] == [("o", "graze")]
    assert edge_gap(0.3) == ()
    assert [(t.obstacle, t.effect) for t in edge_gap(-0.2)] == [("o", "cross")]


def test_dump_reach_is_two_steps_any_direction_and_clipped_to_the_field():
    from paintcheck.field.lattice import DEFAULT_LATTICE
    from paintcheck.geometry.reach import reach

    r = reach(DEFAULT_LATTICE, (8, 0), 2)
    assert len(r.points) == 24 and r.contains((10, 2)) and not r.contains((11, 0))
    assert not r.contains((8, 0))
    corner = reach(DEFAULT_LATTICE, (0, -13), 2)
    assert len(corner.points) == 8 and all(DEFAULT_LATTICE.contains(p) for p in corner.points)
    assert r.polygon.contains(shapely.Point(10, 2)) and r.polygon.area == 25
