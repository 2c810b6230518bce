"""Property tests: mirror symmetry of every measure, distance symmetry, θ range, monotonic segments.

Mirroring is the reflection through the centre line (x, y) -> (x, -y) with obstacle axes a -> -a
(RULES 1.6); the mirrored player belongs to the other team. The reflection keeps x, and each team's
LEFT is taken facing its own enemy, so the mirror of a Blue player playing LEFT (he sees x <= c) is a
White player playing RIGHT (he sees x <= c): left and right swap, OVER stays OVER.
"""

from __future__ import annotations

import pytest
from geometry_helpers import mirror_layout
from hypothesis import given, settings
from hypothesis import strategies as st

from paintcheck.cli.bench_geometry import box_layout
from paintcheck.geometry import protractor, ruler
from paintcheck.geometry.fov import field_of_vision
from paintcheck.geometry.index import ObstacleIndex
from paintcheck.geometry.measurer import FieldMeasurer
from paintcheck.geometry.path import move_path

_BOX = box_layout()
M = FieldMeasurer(_BOX.build())
MM = FieldMeasurer(mirror_layout(_BOX).build())
FREE = sorted(M.field.free_points())
OTHER = {"blue": "white", "white": "blue"}
SWAP = {"left": "right", "right": "left", "over": "over"}

points = st.sampled_from(FREE)
any_points = st.tuples(st.integers(0, 16), st.integers(-13, 13))


def mirror(p):
    return (p[0], -p[1])


@settings(max_examples=150, deadline=None)
@given(points, points)
def test_distance_symmetric_and_mirrored(a, b):
    assert ruler.distance(a, b) == ruler.distance(b, a)
    assert ruler.distance(mirror(a), mirror(b)) == ruler.distance(a, b)
    assert ruler.band_index(ruler.distance(a, b)) == ruler.band_index(ruler.distance(b, a))


@settings(max_examples=150, deadline=None)
@given(points, st.lists(points, min_size=1, max_size=6))
def test_line_of_fire_mirrored(shooter, targets):
    here = M.lines_of_fire(shooter, targets)
    there = MM.lines_of_fire(mirror(shooter), [mirror(t) for t in targets])
    assert here == there


@settings(max_examples=150, deadline=None)
@given(points, points)
def test_line_of_fire_same_obstacles_both_ways(a, b):
    (ab,) = M.lines_of_fire(a, [b])
    (ba,) = M.lines_of_fire(b, [a])
    assert sorted(ab, key=lambda t: t.obstacle) == sorted(ba, key=lambda t: t.obstacle)


@settings(max_examples=200, deadline=None)
@given(points, points)
def test_static_angle_in_range_and_mirrored(target, shooter):
    for cover in M.covers(target):
        theta = M.static_angle(target, cover, shooter)
        assert 0.0 <= theta <= 180.0
        assert MM.static_angle(mirror(target), cover, mirror(shooter)) == theta
    assert M.covers(target) == MM.covers(mirror(target))


@settings(max_examples=150, deadline=None)
@given(points, points, points)
def test_run_angle_in_range_and_mirrored(start, end, shooter):
    phi = M.run_angle([start, end], shooter)
    assert 0.0 <= phi <= 90.0
    assert MM.run_angle([mirror(start), mirror(end)], mirror(shooter)) == phi


@settings(max_examples=150, deadline=None)
@given(points, st.sampled_from(["blue", "white"]), st.sampled_from(["left", "right", "over"]),
       st.lists(any_points, min_size=1, max_size=8))
def test_fov_mirrored(viewer, team, side, targets):
    for cover in M.covers(viewer) or (None,):
        here = M.fov(viewer, team, cover, side, targets)
        there = MM.fov(mirror(viewer), OTHER[team], cover, SWAP[side] if side != "over" else side,
                       [mirror(t) for t in targets])
        assert here == there


@settings(max_examples=150, deadline=None)
@given(any_points, st.lists(any_points, min_size=1, max_size=4))
def test_path_mirrored_and_chebyshev(start, waypoints):
    p = move_path(start, waypoints)
    assert move_path(mirror(start), [mirror(w) for w in waypoints]).points == tuple(
        mirror(q) for q in p.points
    )
    expected = 0
    prev = start
    for w in waypoints:
        expected += max(abs(w[0] - prev[0]), abs(w[1] - prev[1]))
        prev = w
    assert p.length == expected


@settings(max_examples=100, deadline=None)
@given(points, st.lists(points, min_size=1, max_size=6))
def test_sweep_mirrored(shooter, pts):
    assert M.sweep(shooter, pts) == MM.sweep(mirror(shooter), [mirror(p) for p in pts])


@settings(max_examples=100, deadline=None)
@given(points, points, points, st.sampled_from(["blue", "white"]))
def test_pressed_side_mirrored(target, shooter, extra, team):
    for cover in M.covers(target):
        for side in ("left", "right", "over"):
            here = M.pressed_side(target, team, cover, side, shooter)
            there = MM.pressed_side(mirror(target), OTHER[team], cover, SWAP[side], mirror(shooter))
            assert there == (SWAP[here] if here else here)


@given(st.floats(0, 180), st.floats(0, 180))
def test_segments_monotonic_in_theta(a, b):
    lo, hi = min(a, b), max(a, b)
    assert protractor.segment_of(lo) <= protractor.segment_of(hi)
    from paintcheck.rules import tables

    assert tables.static_angle_bonus(lo) <= tables.static_angle_bonus(hi)
    if hi <= 90:
        assert tables.run_angle_bonus(lo) >= tables.run_angle_bonus(hi)


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(points, st.lists(points, min_size=1, max_size=6))
def test_static_angle_reading_matches_measurer(target, shooters):
    index = ObstacleIndex(M.field)
    for cover in M.covers(target):
        for s in shooters:
            r = protractor.static_angle(index, target, cover, s)
            assert r.segment == protractor.segment_of(r.theta)


def test_fov_sides_mirror_example():
    # the reflection keeps x: Blue LEFT (x <= c) is White RIGHT (x <= c)
    ix = ObstacleIndex(_BOX.build())
    blue = field_of_vision(ix, "blue", "cyl-a-b", "left")
    white = field_of_vision(ObstacleIndex(mirror_layout(_BOX).build()), "white", "cyl-a-b", "right")
    assert blue.normal == white.normal and blue.offset == white.offset
