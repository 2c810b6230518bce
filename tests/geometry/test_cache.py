"""``CachedMeasurer`` reads what ``FieldMeasurer`` reads: θ, φ and the sweep, worked out its own
cheaper way and remembered, give the same numbers and touches on every shipped layout (the big
rocket's several axes included), asked once or again, with points as tuples or lists."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from paintcheck.field.layout_file import load_layout
from paintcheck.geometry.cache import CachedMeasurer
from paintcheck.geometry.errors import UnknownObstacleError
from paintcheck.geometry.measurer import FieldMeasurer

ROOT = Path(__file__).resolve().parents[2]
LAYOUTS = sorted((ROOT / "layouts").glob("*.json"))


@pytest.fixture(scope="module", params=LAYOUTS, ids=lambda p: p.stem)
def both(request):
    field = load_layout(request.param).build()
    return FieldMeasurer(field), CachedMeasurer(field, sight=False, cache=False)


def test_static_angle_as_the_protractor_reads_it(both):
    exact, cached = both
    rng = random.Random(5)
    points = exact.field.lattice.points()
    covered = [p for p in points if exact.covers(p)]
    for _ in range(400):
        target = rng.choice(covered)
        shooter = rng.choice([*points, target])
        for cover in (*exact.covers(target), None):
            want = exact.static_angle(target, cover, shooter)
            assert cached.static_angle(target, cover, shooter) == want
            assert cached.static_angle(list(target), cover, list(shooter)) == want
    with pytest.raises(UnknownObstacleError):
        cached.static_angle((0, 0), "nope", (3, 3))


def test_run_angle_as_the_protractor_reads_it(both):
    exact, cached = both
    rng = random.Random(6)
    points = exact.field.lattice.points()
    for _ in range(400):
        path = [rng.choice(points) for _ in range(rng.randint(1, 4))]
        shooter = rng.choice([*points, path[0], path[-1]])
        if rng.random() < 0.1:
            shooter = ((path[0][0] + path[-1][0]) / 2, (path[0][1] + path[-1][1]) / 2)  # on the middle
        want = exact.run_angle(path, shooter)
        assert cached.run_angle(tuple(path), shooter) == want
        assert cached.run_angle(path, list(shooter)) == want
    with pytest.raises(ValueError):
        cached.run_angle((), (0, 0))


def test_sweep_as_drawn(both):
    exact, cached = both
    rng = random.Random(7)
    points = exact.field.lattice.points()
    for _ in range(200):
        shooter = rng.choice(points)
        run = rng.sample(points, rng.randint(1, 6))
        ignore = tuple(rng.sample(exact.index.ids, 1)) if rng.random() < 0.5 else ()
        want = exact.sweep(shooter, run, ignore)
        assert cached.sweep(shooter, run, ignore) == want
        assert cached.sweep(shooter, tuple(run), ()) == exact.sweep(shooter, run)


def test_on_field_as_the_lattice_says(both):
    exact, cached = both
    lattice = exact.field.lattice
    for x in range(-4, 2 * lattice.columns + 4):
        for y in range(-2 * lattice.rows_per_half - 4, 2 * lattice.rows_per_half + 4):
            point = (x / 2, y / 2)
            assert cached.on_field(point) == lattice.contains(point) == exact.on_field(point)
