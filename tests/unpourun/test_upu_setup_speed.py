"""The fourth round of Un pour un's speed (issue 30), a match's start and its rare costly decisions:
each shortcut gives the answer of the plain computation it replaces — the random band builder (the same
bands, drawn with the same generator calls), a purchase's legality, a deployment zone asked in plain
floats — on seeded random inputs, limits included."""

from __future__ import annotations

import math
import random
from dataclasses import replace
from typing import Any

import pytest
import shapely

from paintcheck.rules.dice import Dice
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
from paintcheck.unpourun.moves import RAY_BISECTIONS
from paintcheck.unpourun.query import EPS
from paintcheck.unpourun.ray_profile import RayProfile
from paintcheck.unpourun.table_file import load_table, shipped_tables
from paintcheck.unpourun.terrain import BASE_RADIUS, Kind
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


# -- a forced move's ray read once ------------------------------------------------------------------

def plain_fits(m: Measurer, start: Pt, u: Pt, allowance: float, dao: bool, x: float) -> bool:
    """``moves.ray``'s ``fits(x)`` (the reference)."""
    path = [start, (start[0] + u[0] * x, start[1] + u[1] * x)]
    return (not m.impassable_crossed(path) and m.kind_at(path[-1]) != Kind.IMPASSABLE
            and m.path_cost(path, dao) <= allowance + EPS)


def bisect(answer: Any, length: float) -> float:
    lo, hi = 0.0, length
    for _ in range(RAY_BISECTIONS):
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if answer(mid) else (lo, mid)
    return lo


def _rays(m: Measurer, rng: random.Random, count: int) -> list[tuple[Pt, Pt]]:
    """Random starts and directions, and the awkward ones: along a piece's edge, through its
    corners, from a corner or an edge's middle, square to the table's sides (a rout, 8.4)."""
    w, d = m.table.width, m.table.depth
    out = []
    corners = [c for p in m.table.pieces for c in p.points]
    for _ in range(count):
        start = (rng.uniform(0.5, w - 0.5), rng.uniform(0.5, d - 0.5))
        how = rng.randrange(5)
        if how == 0 and corners:
            cx, cy = rng.choice(corners)
            angle = math.atan2(cy - start[1], cx - start[0])
        elif how == 1 and corners:
            p = rng.choice(m.table.pieces)
            j = rng.randrange(len(p.points))
            (x0, y0), (x1, y1) = p.points[j], p.points[(j + 1) % len(p.points)]
            start = (x0 + (x1 - x0) * rng.choice((0.0, 0.5, -0.5)), y0 + (y1 - y0) * rng.choice((0.0, 0.5)))
            angle = math.atan2(y1 - y0, x1 - x0) + rng.choice((0.0, math.pi, 1e-9, math.pi / 2))
        elif how == 2:
            angle = rng.choice((0.0, math.pi / 2, math.pi, -math.pi / 2))
        else:
            angle = rng.uniform(0, 2 * math.pi)
        out.append((start, (math.cos(angle), math.sin(angle))))
    return out


@pytest.mark.parametrize("path", TABLES, ids=lambda p: p.stem)
def test_ray_profile_answers_as_the_plain_cutting(path: Any) -> None:
    m = Measurer(load_table(path))
    rng = random.Random(65)
    asked = answered = gave_up = 0
    for start, u in _rays(m, rng, 500):
        length = rng.uniform(0.5, 12.0)
        k = length * rng.choice((1.0, 1.3, 2.0))
        dao = rng.random() < 0.2
        known = RayProfile(m, start, u, length, k + EPS, dao)
        gave_up += not known.ok
        xs = [rng.uniform(0, length) for _ in range(20)]
        asked += 20
        answered += sum(known.fits(x) is not None for x in xs)
        for c, room in known.cuts:
            xs += [c, c + room, c - room, c + 1.01 * room, c - 1.01 * room, c + 1e-12, c - 1e-12]
        for x in xs:
            if not 0.0 < x < length:
                continue
            fast = known.fits(x)
            if fast is not None:
                assert fast == plain_fits(m, start, u, k, dao, x), (start, u, length, k, dao, x)
        ray = (m, start, u, k, dao)
        plain = bisect(lambda x, ray=ray: plain_fits(*ray, x), length)

        def both(x: float, ray: Any = ray, known: RayProfile = known) -> bool:
            fast = known.fits(x)
            return plain_fits(*ray, x) if fast is None else fast

        assert bisect(both, length) == plain, (start, u, length, k, dao)
    assert answered > 0.5 * asked and gave_up < 250  # it does answer (a third of the rays are awkward)


def test_ray_profile_gives_up_on_a_ray_along_an_edge_or_through_a_corner() -> None:
    from tests.unpourun.upu_world import rect, table

    m = Measurer(table(("impassable", 2, rect(10, 10, 14, 14)), ("difficult", 0, rect(20, 10, 24, 14))))
    along = RayProfile(m, (5.0, 10.0), (1.0, 0.0), 25.0, 30.0, False)  # along both pieces' lower edges
    corner = RayProfile(m, (5.0, 5.0), (math.sqrt(0.5), math.sqrt(0.5)), 10.0, 30.0, False)  # (10, 10)
    clear = RayProfile(m, (5.0, 12.0), (1.0, 0.0), 25.0, 30.0, False)  # square through both
    assert not along.ok and not corner.ok and clear.ok
    assert clear.crossed_from == pytest.approx(5.0) and clear.slow == [pytest.approx((15.0, 19.0))]
    assert clear.fits(4.0) is True and clear.fits(6.0) is False and clear.fits(5.0) is None


def test_a_forced_move_ends_where_the_plain_bisection_ends(monkeypatch: pytest.MonkeyPatch) -> None:
    """``moves.ray`` through the engine's work: the same end with the profile as with ``fits`` alone."""
    from paintcheck.unpourun import moves
    from paintcheck.unpourun.engine import _Work
    from paintcheck.unpourun.game import UnpourunGame, random_start

    ends: dict[str, list[Any]] = {"fast": [], "plain": []}
    for how in ("fast", "plain"):
        if how == "plain":
            monkeypatch.setattr(moves.RayProfile, "fits", lambda self, x: None)
        for path in TABLES:
            game = UnpourunGame(load_table(path), trusted=True)
            rng = random.Random(path.stem)
            s = game.begin(random_start(3))
            s = s.copy()  # the figures scattered on the table
            s.figures = tuple(replace(g, pos=(rng.uniform(1, 47), rng.uniform(1, 47))) for g in s.figures)
            for f in s.figures:
                if game.m.kind_at(f.pos) is Kind.IMPASSABLE:
                    continue
                work = _Work(game.engine.board, s.copy(), Dice(1))
                angle = rng.uniform(0, 2 * math.pi)
                u = (math.cos(angle), math.sin(angle))
                spent = moves.ray(work, f, u, rng.uniform(1, 12), "6.5", "withdrew")
                ends[how].append((spent, work.fig(f.id).pos))
    assert ends["fast"] == ends["plain"] and len(ends["fast"]) > 20
