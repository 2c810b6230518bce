"""The fourth round of Un pour un's speed (issue 30), a match's start and its rare costly decisions:
each shortcut gives the answer of the plain computation it replaces — the random band builder (the same
bands, drawn with the same generator calls), a purchase's legality, a deployment zone asked in plain
floats — on seeded random inputs, limits included."""

from __future__ import annotations

import math
import random
from typing import Any

import pytest
import shapely

from paintcheck.said import Said
from paintcheck.unpourun import tables as t
from paintcheck.unpourun.bands import (
    BUILDER_SHOPPING,
    BUILDER_SOUS_FIFRES,
    BandSpec,
    FigureSpec,
    Options,
    band_cost,
    band_problems,
    figure_cost,
    figure_problems,
    purchase_refused,
    random_band,
)
from paintcheck.unpourun.measurer import TOUCH, Measurer
from paintcheck.unpourun.table_file import load_table, shipped_tables
from paintcheck.unpourun.terrain import BASE_RADIUS
from paintcheck.unpourun.zones import ZONE_SLACK, ZoneTest

TABLES = shipped_tables()
Pt = tuple[float, float]
OPTIONS = [Options(), Options(modern=True), Options(points=40), Options(points=150),
           Options(points=1000, modern=True)]


def plain_random_band(seed: int, name: str, options: Options,
                      rng: random.Random | None = None) -> BandSpec:
    """The builder as the third round wrote it: every purchase priced by ``figure_cost`` and asked of
    ``figure_problems`` (the reference the faster one must equal, band for band)."""
    rng = rng or random.Random(seed)
    kinds = [t.CHEF] + [t.SOUS_CHEF] * rng.randint(0, 2) + [t.SOUS_FIFRE] * rng.randint(*BUILDER_SOUS_FIFRES)
    specs = [FigureSpec(kind) for kind in kinds]
    band = BandSpec(name, tuple(specs))
    ranged, melee, items = sorted(t.RANGED), sorted(t.MELEE), sorted(t.EQUIPMENT)
    cost = band_cost(band, options)
    for _ in range(BUILDER_SHOPPING * len(specs)):
        i = rng.randrange(len(specs))
        spec = specs[i]
        what = rng.random()
        if what < 0.45:
            changed = FigureSpec(spec.kind, spec.melee, (*spec.ranged, rng.choice(ranged)), spec.equipment)
        elif what < 0.7:
            changed = FigureSpec(spec.kind, rng.choice(melee), spec.ranged, spec.equipment)
        else:
            changed = FigureSpec(spec.kind, spec.melee, spec.ranged, (*spec.equipment, rng.choice(items)))
        new_cost = cost - figure_cost(spec, options.modern) + figure_cost(changed, options.modern)
        if new_cost <= options.points and not figure_problems(changed, band.race):
            specs[i], cost = changed, new_cost
    return BandSpec(band.name, tuple(specs))


@pytest.mark.parametrize("options", OPTIONS, ids=lambda o: f"{o.points}{'m' if o.modern else ''}")
def test_random_band_is_the_plain_builders_band(options: Options) -> None:
    for seed in range(400):
        fast = random_band(seed, "A", options)
        assert fast == plain_random_band(seed, "A", options), seed
        bare = sum(t.PROFILES[f.kind].cost for f in fast.figures)
        if bare <= options.points:  # (a limit below the bare figures buys nothing)
            assert not band_problems(fast, options)
        else:
            assert band_cost(fast, options) == bare


def test_random_band_leaves_the_generator_as_the_plain_builder(monkeypatch: pytest.MonkeyPatch) -> None:
    """The same generator calls: the builder's generator ends in the plain builder's state."""
    import types

    import paintcheck.unpourun.bands as bands

    made: list[random.Random] = []

    def spy(seed: int) -> random.Random:
        made.append(random.Random(seed))
        return made[-1]

    monkeypatch.setattr(bands, "random", types.SimpleNamespace(Random=spy))
    for seed in range(100):
        random_band(seed, "B")
        plain = random.Random(seed)
        plain_random_band(seed, "B", Options(), plain)
        assert made[-1].getstate() == plain.getstate(), seed


def _grown_spec(rng: random.Random) -> FigureSpec:
    """A random legal loadout (no race, no trade), grown one legal purchase at a time."""
    spec = FigureSpec(rng.choice([t.CHEF, t.SOUS_CHEF, t.SOUS_FIFRE]))
    for _ in range(rng.randrange(12)):
        item = rng.choice(sorted(t.EQUIPMENT))
        melee = rng.choice(sorted(t.MELEE))
        for changed in (FigureSpec(spec.kind, spec.melee, spec.ranged, (*spec.equipment, item)),
                        FigureSpec(spec.kind, melee, spec.ranged, spec.equipment)):
            if not figure_problems(changed, "") and rng.random() < 0.7:
                spec = changed
    return spec


def test_purchase_refused_says_what_figure_problems_says() -> None:
    rng = random.Random(30)
    refused = kept = 0
    for _ in range(600):
        spec = _grown_spec(rng)
        assert not figure_problems(spec, "")
        for melee in sorted(t.MELEE):
            changed = FigureSpec(spec.kind, melee, spec.ranged, spec.equipment)
            answer = purchase_refused(melee, spec.equipment)
            assert answer == bool(figure_problems(changed, "")), (spec, melee)
        for item in sorted(t.EQUIPMENT):
            kit = (*spec.equipment, item)
            answer = purchase_refused(spec.melee, kit, item)
            assert answer == bool(figure_problems(FigureSpec(spec.kind, spec.melee, spec.ranged, kit), "")), \
                (spec, item)
            refused += answer
            kept += not answer
    assert refused > 500 and kept > 500  # both answers asked often


# -- a deployment zone in plain floats --------------------------------------------------------------

def shapely_holds_base(polygon: shapely.Polygon, x: float, y: float, room: float) -> bool:
    """What ``Measurer.why_not_deployable`` asked shapely before (the reference)."""
    return bool(shapely.contains_xy(polygon, x, y)
                and shapely.distance(polygon.exterior, shapely.Point(x, y)) >= room)


ODD_ZONES = [
    shapely.Polygon([(0, 0), (10, 0), (5, 7)]),  # a triangle
    shapely.Polygon([(0, 0), (12, 0), (12, 4), (4, 4), (4, 12), (0, 12)]),  # concave: an L
    shapely.Polygon([(6, 0), (12, 6), (6, 12), (0, 6)]),  # a square turned 45 degrees
    shapely.Polygon([(0.1, 0.3), (9.7, 1.1), (11.3, 8.9), (3.3, 10.1), (4.9, 5.3), (0.7, 6.1)]),
]


def _limit_points(polygon: shapely.Polygon, room: float, rng: random.Random) -> list[tuple[float, float]]:
    """Points at ``room`` from an edge (inward and outward normals), a hair either side, on the
    outline, at and beside the corners, and at random."""
    ring = list(polygon.exterior.coords)
    out = []
    for (ax, ay), (bx, by) in zip(ring, ring[1:], strict=False):
        n = math.hypot(bx - ax, by - ay)
        nx, ny = -(by - ay) / n, (bx - ax) / n
        for f in (0.0, 0.5, rng.random(), 1.0):
            px, py = ax + f * (bx - ax), ay + f * (by - ay)
            for d in (0.0, room, -room, room + 1e-12, room - 1e-12, room + ZONE_SLACK, room - ZONE_SLACK,
                      room + 2 * ZONE_SLACK, room - 2 * ZONE_SLACK, 1e-15, -1e-15):
                out.append((px + nx * d, py + ny * d))
    x0, y0, x1, y1 = polygon.bounds
    out += [(rng.uniform(x0 - 1, x1 + 1), rng.uniform(y0 - 1, y1 + 1)) for _ in range(600)]
    return out


@pytest.mark.parametrize("path", TABLES, ids=lambda p: p.stem)
def test_zone_test_is_shapelys_answer_on_the_shipped_zones(path: Any) -> None:
    m = Measurer(load_table(path))
    rng = random.Random(len(path.stem))
    room = BASE_RADIUS - TOUCH
    for z, polygon in enumerate(m._zones):
        test = ZoneTest(polygon)
        for x, y in _limit_points(polygon, room, rng):
            assert test.holds_base(x, y, room) == shapely_holds_base(polygon, x, y, room), (z, x, y)


@pytest.mark.parametrize("polygon", ODD_ZONES, ids=["triangle", "L", "diamond", "odd"])
def test_zone_test_is_shapelys_answer_on_any_polygon(polygon: shapely.Polygon) -> None:
    rng = random.Random(7)
    test = ZoneTest(polygon)
    answers = set()
    for room in (BASE_RADIUS - TOUCH, 0.0, 1.3):
        for x, y in _limit_points(polygon, room, rng):
            answer = test.holds_base(x, y, room)
            assert answer == shapely_holds_base(polygon, x, y, room), (x, y, room)
            answers.add(answer)
    assert answers == {True, False}


def test_zone_test_asks_shapely_only_at_the_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    """Off the limit, the plain floats decide (a fast path that always asked shapely would pass the
    tests above); at it, shapely decides."""
    polygon = ODD_ZONES[3]
    test = ZoneTest(polygon)
    asked: list[tuple[float, float]] = []
    real = shapely.contains_xy

    def spy(geometry: Any, x: float, y: float) -> Any:
        asked.append((x, y))
        return real(geometry, x, y)

    monkeypatch.setattr(shapely, "contains_xy", spy)
    rng = random.Random(3)
    for _ in range(300):
        test.holds_base(rng.uniform(0, 12), rng.uniform(0, 11), 0.5)
    assert not asked
    (ax, ay), (bx, by) = list(polygon.exterior.coords)[:2]
    n = math.hypot(bx - ax, by - ay)
    x, y = (ax + bx) / 2 - (by - ay) / n * 0.5, (ay + by) / 2 + (bx - ax) / n * 0.5
    answer = test.holds_base(x, y, 0.5)
    assert asked == [(x, y)]
    assert answer == shapely_holds_base(polygon, x, y, 0.5)


@pytest.mark.parametrize("path", TABLES, ids=lambda p: p.stem)
def test_why_not_deployable_says_what_it_said(path: Any) -> None:
    """The measurer's answer (its reason included) is the plain computation's, the zone asked of shapely."""
    m = Measurer(load_table(path))
    rng = random.Random(11)
    room = BASE_RADIUS - TOUCH
    reasons = set()
    for zone in (0, 1):
        x0, y0, x1, y1 = m._zones[zone].bounds
        others = [(rng.uniform(x0, x1), rng.uniform(y0, y1)) for _ in range(4)]
        for _ in range(400):
            p = (rng.uniform(x0 - 2, x1 + 2), rng.uniform(y0 - 2, y1 + 2))
            why = m.why_not_deployable(p, zone, others)
            plain = m.why_position_illegal(p, others)
            if plain is None and not shapely_holds_base(m._zones[zone], p[0], p[1], room):
                plain = Said("unpourun_table.position.out_of_zone", zone="AB"[zone])
            assert why == plain and (why is None or why.key == plain.key), p
            reasons.add(None if why is None else why.key)
    assert None in reasons and "unpourun_table.position.out_of_zone" in reasons
