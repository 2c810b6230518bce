"""The sweep over a run and the vulnerable-point readings (RULES 8.5).

Which points are vulnerable is the rules' decision (it needs the line-of-fire table); geometry gives
the readings: for each point of the run after its start, whether the shooter sees it and what his
line of fire to it meets. The *sweep* is the area the ruler sweeps from the shooter over given
points: the convex hull of the shooter's point and those points. It is read like the ruler (RULES 8.4,
docs/rules-decisions.md): an obstacle whose interior the hull reaches is *crossed* (some line of fire
from the shooter to the run passes through it); one that only the ruler's band at the hull's edge
touches (within ``RULER_HALF_WIDTH``, the limit included) is *grazed*. Touches come in the order of
the distance from the shooter.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from weakref import WeakKeyDictionary

import numpy as np
import shapely
from shapely import lib
from shapely.geometry.base import BaseGeometry

from paintcheck.field.catalogue import RULER_HALF_WIDTH
from paintcheck.field.lattice import as_pair
from paintcheck.field.layout import Field
from paintcheck.geometry.fov import FieldOfVision
from paintcheck.geometry.index import ObstacleIndex, index_of
from paintcheck.geometry.ruler import LineOfFire, lines_of_fire, lines_of_fire_pairs
from paintcheck.geometry.touch import CROSS, GRAZE, Touch

Coord = tuple[float, float]


@dataclass(frozen=True)
class Sweep:
    """The obstacles met by the ruler swept over a run, and the swept area."""

    shooter: Coord
    points: tuple[Coord, ...]
    touches: tuple[Touch, ...]
    area: BaseGeometry  # the convex hull drawn (a segment or a point when degenerate)
    band: BaseGeometry  # the hull widened by the ruler's half-width: what can graze

    @property
    def obstacles(self) -> tuple[str, ...]:
        return tuple(t.obstacle for t in self.touches)


def sweep(
    field: Field | ObstacleIndex,
    shooter: Coord,
    points: Sequence[Coord],
    ignore: Sequence[str] = (),
) -> Sweep:
    """Obstacles met by the convex hull of ``shooter`` and ``points``, leaving out ``ignore``."""
    index = index_of(field)
    pts = tuple(points)
    area = shapely.convex_hull(shapely.multipoints([shooter, *pts]))
    band = shapely.buffer(area, RULER_HALF_WIDTH, quad_segs=QUAD_SEGS)
    if not pts or not len(index):
        return Sweep(shooter, pts, (), area, band)
    near = index.tree.query(band, predicate="intersects")
    if ignore:
        near = near[~index.ignore_mask(ignore)[near]]
    crossed = shapely.intersects(area, index.inner[near])
    grazed = ~crossed & shapely.intersects(band, index.footprints[near])
    met = near[crossed | grazed]
    is_cross = dict(zip(near.tolist(), crossed.tolist(), strict=True))
    # distances rounded to the tolerance, so that mirrored obstacles tie exactly
    d = np.round(np.hypot(*(index.centres[met] - np.asarray(shooter, dtype=float)).T), 9) if met.size else met
    order = met[np.lexsort((met, d))] if met.size else met
    touches = tuple(index.touches[CROSS if is_cross[int(j)] else GRAZE][int(j)] for j in order)
    return Sweep(shooter, pts, touches, area, band)


# The band is the hull buffered by GEOS with round joins of ``QUAD_SEGS`` segments a quarter circle:
# its outline lies within the ruler's half-width of the hull, and the chords of its rounded corners
# (each spanning at most a quarter circle / QUAD_SEGS) come no nearer than cos(pi / (4 QUAD_SEGS))
# times that. An obstacle nearer the hull than the inner limit is surely grazed, one farther than
# the outer limit surely not; only between the two is the band itself built and asked.
QUAD_SEGS = 8
_SURELY_IN = RULER_HALF_WIDTH * math.cos(math.pi / (4 * QUAD_SEGS)) - 1e-9
_SURELY_OUT = RULER_HALF_WIDTH + 1e-9
_NO_NAN = np.intc(0)  # shapely's handle_nan: allow (there are none)
_NO_HOLES = np.empty((0,), dtype=object)


def sweep_touches(field: Field | ObstacleIndex, shooter: Coord, points: Sequence[Coord]) -> tuple[Touch, ...]:
    """``sweep(field, shooter, points).touches`` (nothing ignored), without drawing the band: the
    same obstacles, effects and order, read from the hull's distance to each footprint. The hull of
    lattice points is made here (its vertices are the same points, so every predicate on it is the
    same; other points get GEOS's hull); GEOS's band only where an obstacle lies between the two
    limits above."""
    index = index_of(field)
    points = tuple(points)
    if not points or not len(index):
        return ()
    corners = [as_pair(shooter), *points]
    if not all(type(c) is int for p in corners for c in p):  # not lattice points: GEOS's hull
        area = shapely.convex_hull(shapely.multipoints(corners))
        corners = [as_pair(c) for c in shapely.get_coordinates(area).tolist()]
        return _touches(index, shooter, points, corners, area)
    hull = _hull(corners)
    coords = np.array(hull, dtype=float)
    if len(hull) > 2:
        area = lib.polygons(lib.linearrings(coords, _NO_NAN), _NO_HOLES)
    elif len(hull) == 2:
        area = lib.linestrings(coords, _NO_NAN)
    else:
        area = lib.points(coords[0], _NO_NAN)
    return _touches(index, shooter, points, hull, area)


def _touches(index: ObstacleIndex, shooter: Coord, points: tuple[Coord, ...], hull: list[Coord],
             area: BaseGeometry) -> tuple[Touch, ...]:
    """The touches of the sweep whose hull is ``area`` (corners ``hull``). Each obstacle is first
    judged from its centre's distance to the hull (``_Discs``); GEOS reads its footprint only when
    that distance leaves the verdict in doubt."""
    near = _near(index, hull)
    if not near:
        return ()
    discs = _discs(index)
    centre_gap = lib.distance(discs.centres[near], area).tolist()
    met: list[tuple[int, bool]] = []
    crossing: list[tuple[int, float]] = []  # doubtful crossings: GEOS's intersects decides
    grazing: list[int] = []  # not crossed, doubtful gap: GEOS's distance decides
    banded: list[int] = []  # not crossed, surely between the limits: the band decides
    for i, d in zip(near, centre_gap, strict=True):
        if d < discs.crossed_within[i]:
            met.append((i, True))
        elif d <= discs.uncrossed_beyond[i]:
            crossing.append((i, d))
        else:
            _route(discs, i, d, met, grazing, banded)
    if crossing:
        crossed = lib.intersects(index.inner[[i for i, _ in crossing]], area).tolist()
        for (i, d), c in zip(crossing, crossed, strict=True):
            if c:
                met.append((i, True))
            else:
                _route(discs, i, d, met, grazing, banded)
    if grazing:
        gaps = lib.distance(index.footprints[grazing], area).tolist()
        for i, gap in zip(grazing, gaps, strict=True):  # as the band's limits are read
            if gap > _SURELY_OUT:
                continue
            if gap > _SURELY_IN:
                banded.append(i)
            else:
                met.append((i, False))
    if banded:  # the band as ``sweep`` builds it
        band = shapely.buffer(shapely.convex_hull(shapely.multipoints([shooter, *points])),
                              RULER_HALF_WIDTH, quad_segs=QUAD_SEGS)
        footprints = index.footprints
        met.extend((i, False) for i in banded if lib.intersects(band, footprints[i]))
    touches = (index.touches[GRAZE], index.touches[CROSS])
    if len(met) > 1:  # by the distance from the shooter, then the obstacle
        away = index.centre_distances(shooter)
        met.sort(key=lambda m: (away[m[0]], m[0]))
    return tuple([touches[c][i] for i, c in met])


def _route(discs: _Discs, i: int, d: float, met: list[tuple[int, bool]], grazing: list[int],
           banded: list[int]) -> None:
    """An obstacle the hull does not cross, its centre ``d`` from the hull: surely grazed (``met``),
    surely not, surely for the band to decide (``banded``), or for GEOS's distance (``grazing``)."""
    if d > discs.out_beyond[i]:
        return
    if d < discs.grazed_within[i]:
        met.append((i, False))
    elif discs.band_from[i] < d < discs.band_to[i]:
        banded.append(i)
    else:
        grazing.append(i)


# A margin far above the floats' noise on these distances (about 1e-14 on a field of a few tens of
# points) and far below any limit's width: a verdict read from the bounds is the one GEOS's exact
# distances give, as GEOS's own distance lies on the same side of every limit.
_MARGIN = 1e-10


class _Discs:
    """Each obstacle's footprint (and inner footprint) lies within a disc about its centre and, when
    the centre is inside it, holds a smaller one: from the centre's distance ``d`` to the hull, the
    hull's distance to the footprint lies between ``d - outer`` and ``d - inner``. The limits on
    ``d`` below say when that settles the verdict (``-inf``: never, the centre being outside)."""

    def __init__(self, index: ObstacleIndex) -> None:
        self.centres = shapely.points(index.centres)
        outer, inner = self._radii(index.footprints)
        inner_outer, inner_inner = self._radii(index.inner)
        m = _MARGIN
        self.crossed_within = [r - m for r in inner_inner]
        self.uncrossed_beyond = [r + m for r in inner_outer]
        self.out_beyond = [r + _SURELY_OUT + m for r in outer]
        self.grazed_within = [r + _SURELY_IN - m for r in inner]
        self.band_from = [r + _SURELY_IN + m for r in outer]
        self.band_to = [r + _SURELY_OUT - m for r in inner]

    def _radii(self, shapes: np.ndarray) -> tuple[list[float], list[float]]:
        """Per shape: the largest distance from its centre to a vertex (the shape lies within that
        disc; ``inf`` for an empty shape: GEOS judges it), and the centre's distance to its outline
        when inside it (else ``-inf``)."""
        centres = shapely.get_coordinates(self.centres)
        outer = [float(np.hypot(*(shapely.get_coordinates(s) - c).T).max()) if not s.is_empty else np.inf
                 for s, c in zip(shapes, centres, strict=True)]
        inside = shapely.contains(shapes, self.centres)
        to_edge = shapely.distance(self.centres, shapely.boundary(shapes))
        return outer, np.where(inside, to_edge, -np.inf).tolist()


_DISCS: WeakKeyDictionary[ObstacleIndex, _Discs] = WeakKeyDictionary()  # index -> _Discs


def _discs(index: ObstacleIndex) -> _Discs:
    found = _DISCS.get(index)
    if found is None:
        found = _DISCS[index] = _Discs(index)
    return found


def _near(index: ObstacleIndex, hull: list[Coord]) -> list[int]:
    """The obstacles whose footprint's bounds come within the outer limit of the hull's bounds."""
    xs = [p[0] for p in hull]
    ys = [p[1] for p in hull]
    x0, x1 = min(xs) - _SURELY_OUT, max(xs) + _SURELY_OUT
    y0, y1 = min(ys) - _SURELY_OUT, max(ys) + _SURELY_OUT
    return [i for i, (a, b, c, d) in enumerate(index.bounds_list)
            if a <= x1 and c >= x0 and b <= y1 and d >= y0]


def _hull(points: list[Coord]) -> list[Coord]:
    """The convex hull's vertices (Andrew's monotone chain), counter-clockwise, collinear points
    left out; one or two points when the hull is a point or a segment."""
    pts = sorted(set(points))
    if len(pts) < 3:
        return pts
    hull = _chain(pts)[:-1] + _chain(pts[::-1])[:-1]
    return hull if len(hull) > 2 else [pts[0], pts[-1]]


def _chain(pts: list[Coord]) -> list[Coord]:
    """One half of the monotone chain over ``pts`` (sorted): the points kept turning left."""
    chain: list[Coord] = []
    for p in pts:
        px, py = p
        while len(chain) >= 2:
            (ox, oy), (ax, ay) = chain[-2], chain[-1]
            if (ax - ox) * (py - oy) - (ay - oy) * (px - ox) > 0:
                break
            chain.pop()
        chain.append(p)
    return chain


@dataclass(frozen=True)
class RunReading:
    """For one shooter: the run's points after its start, whether each is seen, and the line of fire
    to each (the rules decide from these which points are vulnerable)."""

    shooter: Coord
    points: tuple[Coord, ...]
    seen: tuple[bool, ...]
    lines: tuple[LineOfFire, ...]


def run_readings(
    field: Field | ObstacleIndex,
    shooter: Coord,
    fov: FieldOfVision,
    path: Sequence[Coord],
    ignore: Sequence[str] = (),
) -> RunReading:
    """Readings for every point of ``path`` after the start (the end point included)."""
    pts = tuple(path[1:])
    return RunReading(shooter, pts, fov.contains(pts), lines_of_fire(field, shooter, pts, ignore))


def runs_readings(
    field: Field | ObstacleIndex,
    shooters: Sequence[Coord],
    fovs: Sequence[FieldOfVision],
    path: Sequence[Coord],
    ignores: Sequence[Sequence[str]] | None = None,
) -> tuple[RunReading, ...]:
    """``run_readings`` for several shooters at once (one vectorised line-of-fire call)."""
    pts = tuple(path[1:])
    k = len(pts)
    all_s = [s for s in shooters for _ in pts]
    all_t = [p for _ in shooters for p in pts]
    all_i = None if ignores is None else [ig for ig in ignores for _ in pts]
    lines = lines_of_fire_pairs(field, all_s, all_t, all_i)
    return tuple(
        RunReading(s, pts, fov.contains(pts), lines[i * k : (i + 1) * k])
        for i, (s, fov) in enumerate(zip(shooters, fovs, strict=True))
    )
