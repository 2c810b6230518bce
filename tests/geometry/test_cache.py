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


def test_what_it_remembers_is_bounded_and_reads_the_same_after(monkeypatch):
    """Issue 24: a measurer kept every reading it was asked for, so simulate's workers grew past
    700 MB. Each kind of reading now holds two generations of at most ``KEPT_MAX`` (here 16); one
    asked again, from the previous generation or measured again, reads the same."""
    from paintcheck.geometry import cache

    monkeypatch.setattr(cache, "KEPT_MAX", 16, raising=False)
    field = load_layout(ROOT / "layouts" / "box21.json").build()
    exact, cached = FieldMeasurer(field), CachedMeasurer(field, sight=False, cache=False)
    rng = random.Random(11)
    points = field.lattice.points()
    asked = []
    for _ in range(120):
        start, end, shooter = rng.sample(points, 3)
        off = (shooter[0] + 0.5, shooter[1])  # off the lattice: measured and remembered by the ruler
        asked.append((start, end, shooter, off))
    for start, end, shooter, off in asked + asked[:20]:
        path = cached.path(start, (end,))
        assert path == exact.path(start, (end,))
        assert cached.run_angle(path, shooter) == exact.run_angle(path, shooter)
        assert cached.safe_move(path, "blue", shooter) == exact.safe_move(path, "blue", shooter)
        assert cached.sweep(shooter, path[1:]) == exact.sweep(shooter, path[1:])
        assert cached.lines_of_fire(off, [start, end, start]) == exact.lines_of_fire(off, [start, end, start])
    kinds = ("_memo", "_paths", "_run_angles", "_sweeps", "_lines")
    before = getattr(cached, "_before", {})
    kept = {name: (len(getattr(cached, name)), len(before.get(name, ()))) for name in kinds}
    assert all(0 < now <= 16 and then <= 16 for now, then in kept.values()), kept
    # a reading asked again in every match stays: taken back from the previous generation
    first = cached.path((0, 0), ((4, 3),))
    for x in range(1, 17):
        cached.path((x, 0), ((x, 5),))  # the generation fills and becomes the previous one
    assert cached.path((0, 0), ((4, 3),)) is first
