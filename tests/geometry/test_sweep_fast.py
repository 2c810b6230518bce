"""``sweep_touches`` (what the measurer reads) gives the drawn sweep's touches, effects and order
included, on every shipped layout: runs along the lattice's lines, scattered points, clusters, and
hulls that are a point or a segment."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from paintcheck.field.layout_file import load_layout
from paintcheck.geometry import sweep as sweep_mod
from paintcheck.geometry.index import ObstacleIndex
from paintcheck.geometry.sweep import _hull, sweep, sweep_touches

ROOT = Path(__file__).resolve().parents[2]
LAYOUTS = sorted((ROOT / "layouts").glob("*.json"))


def _read(touches):
    return [(t.obstacle, t.effect) for t in touches]


def _cases(index: ObstacleIndex, rng: random.Random, n: int):
    points = index.field.layout.lattice.points()
    for _ in range(n):
        shooter = rng.choice(points)
        k = rng.randint(1, 8)
        start = rng.choice(points)
        u = rng.random()
        if u < 0.6:  # a run: a straight line of lattice points
            dx, dy = rng.randint(-1, 1), rng.randint(-1, 1)
            yield shooter, [(start[0] + dx * i, start[1] + dy * i) for i in range(k)]
        elif u < 0.8:
            yield shooter, rng.sample(points, k)
        else:
            yield shooter, [(start[0] + rng.randint(-2, 2), start[1] + rng.randint(-2, 2)) for _ in range(k)]


@pytest.mark.parametrize("path", LAYOUTS, ids=lambda p: p.stem)
def test_sweep_touches_match_the_drawn_sweep(path):
    index = ObstacleIndex(load_layout(path).build())
    rng = random.Random(path.stem)
    for shooter, points in _cases(index, rng, 600):
        assert _read(sweep_touches(index, shooter, points)) == _read(sweep(index, shooter, points).touches)


def test_only_doubtful_obstacles_build_the_band(monkeypatch):
    """The band is built only for an obstacle between the sure limits; the answer is the same."""
    index = ObstacleIndex(load_layout(ROOT / "layouts" / "box21.json").build())
    built = []
    real = sweep_mod.shapely.buffer
    monkeypatch.setattr(sweep_mod.shapely, "buffer", lambda *a, **k: built.append(1) or real(*a, **k))
    rng = random.Random(3)
    cases = list(_cases(index, rng, 300))
    for shooter, points in cases:
        sweep_touches(index, shooter, points)
    assert len(built) < len(cases) // 10


def test_hull_of_points_segments_and_polygons():
    assert _hull([(0, 0)]) == [(0, 0)]
    assert _hull([(0, 0), (0, 0)]) == [(0, 0)]
    assert _hull([(0, 0), (2, 2), (1, 1), (3, 3)]) == [(0, 0), (3, 3)]
    assert _hull([(0, 0), (2, 0), (1, 0), (1, 3)]) == [(0, 0), (2, 0), (1, 3)]
    assert sweep_touches(ObstacleIndex(load_layout(LAYOUTS[0]).build()), (0, 0), []) == ()


def test_points_off_the_lattice_are_swept_on_geos_hull():
    index = ObstacleIndex(load_layout(ROOT / "layouts" / "box21.json").build())
    rng = random.Random(11)
    for shooter, points in _cases(index, rng, 200):
        moved = [(x + 0.5, y - 0.25) for x, y in points]
        assert _read(sweep_touches(index, shooter, moved)) == _read(sweep(index, shooter, moved).touches)


@pytest.mark.slow
def test_obstacles_about_the_limits_are_judged_as_geos_judges_them():
    """A segment's far end walked across every obstacle's edge in small steps: its gap to the
    footprint goes through both limits and the inner footprint's edge, where the centre's distance
    alone cannot decide and GEOS is asked."""
    index = ObstacleIndex(load_layout(ROOT / "layouts" / "box21.json").build())
    for (cx, cy), radius in zip(index.centres.tolist(), index.radii.tolist(), strict=True):
        shooter = (cx - 4.0, cy + 0.5)
        for k in range(-40, 41):
            end = (cx, cy + radius + 0.25 + k * 0.0071)
            for points in ([end], [end, (end[0] + 0.3, end[1])]):
                drawn = sweep(index, shooter, points).touches
                assert _read(sweep_touches(index, shooter, points)) == _read(drawn)
