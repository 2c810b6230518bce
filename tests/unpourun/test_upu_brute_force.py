"""The measurer agrees with a brute-force computation on random positions (issue 30, item 3): on
seeded random tables of overlapping star-shaped pieces (every kind, heights 0-6) and on the shipped
tables, each instrument is compared with a slow, independent one: sight (1.8) with the eye line
sampled densely, elevation and kind (1.6, 1.7) with shapely's own predicates piece by piece, the
cost of a path (3.4) sampled along it, distances and "within N" (1.4) between shapely discs, and
blasts (4.5) from those."""

from __future__ import annotations

import math
import random

import numpy as np
import pytest
import shapely

from paintcheck.unpourun.measurer import Measurer
from paintcheck.unpourun.plane import Outline
from paintcheck.unpourun.table_file import load_table, shipped_tables
from paintcheck.unpourun.terrain import Kind, Piece, Table

SAMPLES = 4000  # points along a sight line or a path segment
FINE = 250_000  # points along a sight line when the coarse sampling disagrees (a crest grazed by a hair)


def star(rng: random.Random, cx: float, cy: float) -> tuple[tuple[float, float], ...]:
    """A simple polygon: corners at increasing angles around a centre, at random radii."""
    n = rng.randint(3, 9)
    angles = sorted(rng.uniform(0, 2 * math.pi) for _ in range(n))
    return tuple((round(cx + r * math.cos(a), 3), round(cy + r * math.sin(a), 3))
                 for a, r in ((a, rng.uniform(1.0, 6.0)) for a in angles))


def random_table(seed: int) -> Table:
    rng = random.Random(seed)
    pieces = []
    for _ in range(rng.randint(6, 16)):
        polygon = star(rng, rng.uniform(6, 42), rng.uniform(6, 42))
        if not shapely.Polygon(polygon).is_valid:
            continue
        pieces.append(Piece(rng.choice(list(Kind)), rng.choice([0, 0, 1, 2, 3, 4, 6]), polygon))
    return Table(pieces=tuple(pieces))


TABLES = [random_table(seed) for seed in range(6)] + [load_table(p) for p in shipped_tables()]
IDS = [f"random{i}" for i in range(6)] + [p.stem for p in shipped_tables()]


def polygons(table: Table) -> list[shapely.Polygon]:
    return [shapely.Polygon(p.points) for p in table.pieces]


def inside(polygon: shapely.Polygon, x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """Brute force: the points strictly inside (shapely's ``contains`` of each point: the boundary
    is outside)."""
    return shapely.contains(polygon, shapely.points(x, y))


def brute_elevation(table: Table, p) -> int:
    return max((piece.height for piece, poly in zip(table.pieces, polygons(table), strict=True)
                if poly.contains(shapely.Point(p))), default=0)


def brute_sees(table: Table, a, b, samples: int = SAMPLES) -> bool:
    ea, eb = brute_elevation(table, a) + 1, brute_elevation(table, b) + 1
    t = (np.arange(samples) + 0.5) / samples
    x, y = a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1])
    z = ea + t * (eb - ea)
    for piece, poly in zip(table.pieces, polygons(table), strict=True):
        low = z < piece.height
        if low.any() and inside(poly, x[low], y[low]).any():
            return False
    return True


def random_points(rng: random.Random, count: int) -> list[tuple[float, float]]:
    return [(rng.uniform(0.5, 47.5), rng.uniform(0.5, 47.5)) for _ in range(count)]


@pytest.mark.parametrize("table", TABLES, ids=IDS)
def test_1_8_sight_agrees_with_the_sampled_eye_line(table):
    compare_sight(table, random.Random(len(table.pieces)), 16)


@pytest.mark.slow
@pytest.mark.parametrize("table", TABLES, ids=IDS)
def test_1_8_sight_agrees_with_the_sampled_eye_line_on_many_more_lines(table):
    compare_sight(table, random.Random(1000 + len(table.pieces)), 600)


def compare_sight(table: Table, rng: random.Random, count: int) -> None:
    m = Measurer(table)
    points = random_points(rng, count)
    disagree, hidden = [], 0
    for a, b in zip(points[::2], points[1::2], strict=True):
        for end in (b, (rng.uniform(0.5, 47.5), rng.uniform(0.5, 47.5))):
            exact = m.sees(a, end)
            hidden += not exact
            if exact != brute_sees(table, a, end) and exact != brute_sees(table, a, end, FINE):
                disagree.append((a, end, exact))
    assert disagree == []
    assert hidden > 0 or not any(p.height > 1 for p in table.pieces)  # the comparison saw both answers


@pytest.mark.parametrize("table", TABLES, ids=IDS)
def test_1_6_1_7_kind_and_elevation_agree_with_shapely_piece_by_piece(table):
    m = Measurer(table)
    rng = random.Random(7)
    points = random_points(rng, 150)
    points += [p for piece in table.pieces for p in piece.points[:2]]  # corners: on a boundary
    rank = {Kind.OPEN: 0, Kind.DIFFICULT: 1, Kind.IMPASSABLE: 2}
    for p in points:
        holding = [piece for piece, poly in zip(table.pieces, polygons(table), strict=True)
                   if poly.contains(shapely.Point(p))]
        kind = max((piece.kind for piece in holding), key=rank.__getitem__, default=Kind.OPEN)
        assert (m.kind_at(p), m.elevation(p)) == (kind, brute_elevation(table, p)), p
    assert list(m.elevations(points)) == [m.elevation(p) for p in points]


@pytest.mark.parametrize("table", TABLES, ids=IDS)
def test_3_4_path_cost_agrees_with_the_sampled_path(table):
    m = Measurer(table)
    polys = polygons(table)
    rng = random.Random(11)
    for _ in range(12):
        path = random_points(rng, 3)
        brute = 0.0
        for a, b in zip(path, path[1:], strict=False):
            length = math.dist(a, b)
            t = (np.arange(SAMPLES) + 0.5) / SAMPLES
            x, y = a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1])
            slow = np.zeros(SAMPLES, dtype=bool)
            top = np.zeros(SAMPLES, dtype=bool)
            for piece, poly in zip(table.pieces, polys, strict=True):
                if piece.kind is Kind.DIFFICULT:
                    slow |= shapely.contains_xy(poly, x, y)
                elif piece.kind is Kind.IMPASSABLE:
                    top |= shapely.contains_xy(poly, x, y)
            brute += length * (1 + (slow & ~top).mean())
        assert m.path_cost(path) == pytest.approx(brute, abs=0.02), path
        line = shapely.LineString(path)  # DE-9IM: the line's interior meets the piece's interior
        crossed = tuple(i for i, (piece, poly) in enumerate(zip(table.pieces, polys, strict=True))
                        if piece.kind is Kind.IMPASSABLE and shapely.relate_pattern(line, poly, "T********"))
        assert m.impassable_crossed(path) == crossed
        centres = random_points(rng, 10)
        assert m.path_clearance(path, centres) == pytest.approx(
            [line.distance(shapely.Point(c)) for c in centres], abs=1e-12)


def discs(points) -> np.ndarray:
    return shapely.buffer(shapely.points(np.asarray(points, dtype=float)), 0.5, quad_segs=64)


def test_1_4_distances_and_within_agree_with_shapely_discs():
    rng = random.Random(3)
    m = Measurer()
    for _ in range(60):
        a = (rng.uniform(0.5, 47.5), rng.uniform(0.5, 47.5))
        others = random_points(rng, 25)
        d = m.distances(a, others)
        brute = shapely.distance(discs([a])[0], discs(others))
        assert d == pytest.approx(brute, abs=1e-3)
        n = rng.uniform(0, 20)
        clear = np.abs(brute - n) > 1e-3  # away from the limit, where a disc's sides are approximate
        picked = set(m.figures_within(a, n, others))
        assert {i for i in range(len(others)) if clear[i] and brute[i] <= n} <= picked
        assert not {i for i in picked if clear[i] and brute[i] > n}
        point = others[0]
        brute_point = discs([a])[0].distance(shapely.Point(point))
        assert m.distance_to_point(a, point) == pytest.approx(brute_point, abs=1e-3)


@pytest.mark.parametrize("table", TABLES[:3] + TABLES[-3:], ids=IDS[:3] + IDS[-3:])
def test_4_5_blasts_agree_with_discs_and_the_sampled_sight(table):
    m = Measurer(table)
    rng = random.Random(5)
    for _ in range(3):
        positions = random_points(rng, 30)
        target, shooter, radius = 0, 1, rng.choice([3, 5])
        centre = positions[target]
        brute = {i for i, p in enumerate(positions) if i != shooter
                 and shapely.Point(centre).distance(shapely.Point(p)) <= radius + 0.5
                 and (i == target or brute_sees(table, centre, p))}
        hit = m.blast(target, radius, positions, shooter).hit
        assert set(hit) == brute
        gaps = [math.dist(centre, positions[i]) for i in hit]
        assert gaps == sorted(gaps) and hit[0] == target


@pytest.mark.parametrize("table", TABLES, ids=IDS)
def test_1_6_a_segments_inside_parts_agree_with_shapely(table):
    """``plane.Outline``: the length of a segment inside each piece's interior (the boundary outside)
    is shapely's intersection less the part along the boundary; segments along edges and through
    corners included."""
    rng = random.Random(13)
    segments = [tuple(random_points(rng, 2)) for _ in range(25)]
    for piece in table.pieces[:6]:  # along an edge; corner to corner; beyond both ends of a level edge
        p0, p1, p2 = piece.points[:3]
        segments += [(p0, p1), (p0, p2)]
        for (x0, y0), (x1, y1) in zip(piece.points, piece.points[1:], strict=False):
            if y0 == y1:
                segments.append(((x0 - 3 * (x1 - x0), y0), (x1 + 3 * (x1 - x0), y0)))
    for i, piece in enumerate(table.pieces):
        outline, polygon = Outline(piece.points), shapely.Polygon(piece.points)
        for a, b in segments:
            line = shapely.LineString([a, b])
            expected = line.intersection(polygon).length - line.intersection(polygon.boundary).length
            parts = outline.inside_parts(a, b)
            inside = sum(t1 - t0 for t0, t1 in parts) * line.length
            assert inside == pytest.approx(expected, abs=1e-9), (i, a, b)
            for x, y in (a, b, ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)):
                if polygon.boundary.distance(shapely.Point(x, y)) > 1e-6:  # EDGE: on it is outside
                    assert outline.holds(x, y) == polygon.contains(shapely.Point(x, y))
                else:
                    assert not outline.holds(x, y)
