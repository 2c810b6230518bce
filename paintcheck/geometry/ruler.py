"""The ruler: distance and band (RULES 8.1) and the line of fire (RULES 8.4).

Distance: Euclidean, in points. Bands come from ``catalogue.RULER_MARKS`` and are closed above:
band 0 is d <= 3 (d == 3.0 is band 0), band 1 is 3 < d <= 6, ... band 5 is d > 18. A distance
within ``EPS`` of a mark counts as on the mark.

Line of fire: the ruler lies from the target to the shooter. Its *centre line* is the segment
between the two points; its *band* is the rectangle ``RULER_HALF_WIDTH`` either side of that
segment, with flat ends at the two points (the ruler does not reach behind the shooter or the
target). For each obstacle not ignored:

* CROSS when the centre line runs through the obstacle's interior for a length
  >= ``CROSS_MIN_LENGTH`` (exactly 0.2 is a cross). A centre line running exactly ALONG a
  footprint edge, or touching only a corner, is not inside the obstacle: that is a graze.
* GRAZE when it is not crossed but the band touches the footprint. The band is closed: an obstacle
  at exactly 0.25 from the centre line is grazed.

Touches are listed in the order the ruler meets them from the shooter (obstacle centres projected
on the line). ``lines_of_fire`` and ``lines_of_fire_pairs`` work on many segments at once: bounding
boxes first, then exact tests on the near (segment, convex piece) pairs as array arithmetic
(``pieces``); ``line_of_fire_naive`` is the scalar shapely reference they are tested against.
"""

from __future__ import annotations

import bisect
import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property

import numpy as np
import shapely
from shapely.geometry.base import BaseGeometry

from paintcheck.field.catalogue import CROSS_MIN_LENGTH, RULER_HALF_WIDTH, RULER_MARKS
from paintcheck.field.lattice import as_pair
from paintcheck.field.layout import Field
from paintcheck.geometry.index import ObstacleIndex, index_of
from paintcheck.geometry.pieces import ruler_on_pieces
from paintcheck.geometry.tolerance import EPS
from paintcheck.geometry.touch import CROSS, GRAZE, Touch

Coord = tuple[float, float]

_CROSS_THRESHOLD = CROSS_MIN_LENGTH - 10 * EPS  # the inner footprints are EPS smaller
_BAND_HALF = RULER_HALF_WIDTH + EPS  # closed band


def distance(a: Coord, b: Coord) -> float:
    """Euclidean distance in points."""
    return math.hypot(b[0] - a[0], b[1] - a[1])


def band_index(d: float) -> int:
    """Index of the ruler band holding ``d``: 0 for d <= 3, ..., len(RULER_MARKS) beyond."""
    return bisect.bisect_left(RULER_MARKS, d - EPS)


def digits_in_band(d: float, least: int = 1, most: int = 6) -> int:
    """How many decimals ``d`` is written with so that the written number lies in ``d``'s own band:
    ``least``, more just beyond a mark (18.03 → 2, "18.03": "18.0" would read as the band up to 18).
    The bands are closed above, so a length below a mark may be written as the mark (17.96 → "18.0",
    still up to 18), and one on a mark (within ``EPS``) is on it ("18.0"). Whichever way the last
    digit is rounded, a number within half of it from ``d`` then stays in ``d``'s band."""
    for digits in range(least, most):
        half = 0.5 * 10.0 ** -digits
        if not any(EPS < d - mark <= half + EPS for mark in RULER_MARKS):  # half: either way
            return digits
    return most


def band_rectangle(a: Coord, b: Coord, half_width: float = RULER_HALF_WIDTH) -> BaseGeometry:
    """The ruler's band between ``a`` and ``b``: a rectangle, flat at both ends."""
    return _bands(np.array([a], float), np.array([b], float), half_width)[0]


@dataclass(frozen=True)
class RulerReading:
    """Distance from target to shooter, its band, and the ruler as drawn."""

    shooter: Coord
    target: Coord
    distance: float
    band: int
    line: BaseGeometry  # the centre line, target -> shooter
    band_polygon: BaseGeometry  # the ruler's band (empty when shooter == target)


def ruler(shooter: Coord, target: Coord) -> RulerReading:
    """Lay the ruler with its head on the target (RULES 8.1)."""
    d = distance(shooter, target)
    band = band_rectangle(target, shooter) if d > 0 else shapely.Polygon()
    return RulerReading(
        shooter, target, d, band_index(d), shapely.LineString([target, shooter]), band
    )


@dataclass(frozen=True)
class LineOfFire:
    """The obstacles the ruler from ``shooter`` to ``target`` grazes or crosses (RULES 8.4).

    ``line`` and ``band`` (the geometry to draw) are built on first use."""

    shooter: Coord
    target: Coord
    touches: tuple[Touch, ...]  # in the order met from the shooter

    @cached_property
    def line(self) -> BaseGeometry:
        """The centre line, shooter -> target."""
        return shapely.LineString([self.shooter, self.target])

    @cached_property
    def band(self) -> BaseGeometry:
        """The band that decided the grazes (empty when shooter == target)."""
        if self.shooter == self.target:
            return shapely.Polygon()
        return band_rectangle(self.shooter, self.target)

    @property
    def crossed(self) -> tuple[str, ...]:
        return tuple(t.obstacle for t in self.touches if t.effect == CROSS)

    @property
    def grazed(self) -> tuple[str, ...]:
        return tuple(t.obstacle for t in self.touches if t.effect == GRAZE)

    @property
    def obstacles(self) -> tuple[str, ...]:
        return tuple(t.obstacle for t in self.touches)


def _bands(starts: np.ndarray, ends: np.ndarray, half_width: float) -> np.ndarray:
    """Flat-ended rectangles around each segment (vectorised; null segments give empty polygons)."""
    d = ends - starts
    length = np.hypot(d[:, 0], d[:, 1])
    null = length == 0
    safe = np.where(null, 1.0, length)
    n = np.stack([-d[:, 1], d[:, 0]], axis=1) / safe[:, None] * half_width
    ring = np.stack([starts + n, ends + n, ends - n, starts - n], axis=1)
    bands: np.ndarray = shapely.polygons(ring)
    if null.any():
        bands[null] = shapely.Polygon()
    return bands


def _expand(pair: np.ndarray, obst: np.ndarray, start: np.ndarray, count: np.ndarray
            ) -> tuple[np.ndarray, np.ndarray]:
    """(candidate, piece) entries for each candidate's pieces in one bucket."""
    counts = count[obst]
    total = int(counts.sum())
    cand = np.repeat(np.arange(len(obst)), counts)
    first = np.repeat(start[obst], counts)
    offset = np.arange(total) - np.repeat(np.cumsum(counts) - counts, counts)
    return cand, first + offset


def _union_length(intervals: list[tuple[float, float]]) -> float:
    total, reach = 0.0, -np.inf
    for a, b in sorted(intervals):
        if b <= reach:
            continue
        total += b - max(a, reach)
        reach = b
    return total


def touch_arrays(
    index: ObstacleIndex, s: np.ndarray, t: np.ndarray, ignored: np.ndarray | None = None
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(pair, obstacle, crossed) for every obstacle the ruler meets on the segments s[i] -> t[i],
    vectorised over segments and obstacle pieces (``ignored[i, j]``: leave obstacle j out of pair i).
    The one computation of the line of fire; ``lines_of_fire_pairs`` and the sight table read it."""
    empty = np.zeros(0, dtype=np.intp)
    if not len(index) or not len(s):
        return empty, empty, np.zeros(0, dtype=bool)
    d = t - s
    length = np.hypot(d[:, 0], d[:, 1])
    # near pairs: the obstacle's bounding disc reaches the band
    sx, sy, dx, dy = s[:, 0:1], s[:, 1:2], d[:, 0:1], d[:, 1:2]
    len2 = dx * dx + dy * dy
    rx = index.centres[None, :, 0] - sx
    ry = index.centres[None, :, 1] - sy
    u = (rx * dx + ry * dy) / np.where(len2 == 0, 1.0, len2)
    np.clip(u, 0.0, 1.0, out=u)
    gx, gy = rx - u * dx, ry - u * dy
    near = (gx * gx + gy * gy <= index.reach2[None, :]) & (len2 > 0)
    if ignored is not None:
        near &= ~ignored
    pair, obst = np.nonzero(near)
    if not pair.size:
        return empty, empty, np.zeros(0, dtype=bool)
    m = len(pair)
    meets = np.zeros(m, dtype=bool)
    inside = np.zeros(m)
    multi = index.multi_piece[obst]
    parts: dict[int, list[tuple[float, float]]] = {}
    buckets = zip(index.buckets, index.piece_start, index.piece_count, strict=True)
    for bucket, start, count in buckets:
        cand, piece = _expand(pair, obst, start, count)
        if not cand.size:
            continue
        s_c, t_c = s[pair[cand]], t[pair[cand]]
        hit, t0, t1 = ruler_on_pieces(bucket, piece, s_c, t_c, RULER_HALF_WIDTH)
        meets |= np.bincount(cand, weights=hit, minlength=m) > 0
        span = np.maximum(t1 - t0, 0.0)
        single = ~multi[cand]
        inside += np.bincount(cand[single], weights=span[single], minlength=m)
        for k in np.flatnonzero(~single & (span > 0)).tolist():
            parts.setdefault(int(cand[k]), []).append((float(t0[k]), float(t1[k])))
    for c, intervals in parts.items():
        inside[c] = _union_length(intervals)
    inside *= length[pair]
    keep = np.flatnonzero(meets)
    return pair[keep], obst[keep], inside[keep] >= _CROSS_THRESHOLD


def _read_pairs(
    index: ObstacleIndex, s: np.ndarray, t: np.ndarray, ignored: np.ndarray | None
) -> list[list[Touch]]:
    """The touches of each segment s[i] -> t[i], in the order the ruler meets them."""
    found: list[list[Touch]] = [[] for _ in range(len(s))]
    pair, obst, crossed = touch_arrays(index, s, t, ignored)
    if not pair.size:
        return found
    d = t - s
    along = ((index.centres[obst] - s[pair]) * d[pair]).sum(axis=1)
    order = np.lexsort((obst, along, pair))
    graze_touch, cross_touch = index.touches[GRAZE], index.touches[CROSS]
    rows = zip(pair[order].tolist(), obst[order].tolist(), crossed[order].tolist(), strict=True)
    for p, j, x in rows:
        found[p].append(cross_touch[j] if x else graze_touch[j])
    return found


def lines_of_fire_pairs(
    field: Field | ObstacleIndex,
    shooters: Sequence[Coord],
    targets: Sequence[Coord],
    ignores: Sequence[Sequence[str]] | None = None,
) -> tuple[LineOfFire, ...]:
    """Line of fire for each pair ``(shooters[i], targets[i])``, ignoring ``ignores[i]``."""
    index = index_of(field)
    n = len(shooters)
    if len(targets) != n or (ignores is not None and len(ignores) != n):
        raise ValueError("shooters, targets and ignores must have the same length")
    if n == 0:
        return ()
    s = np.asarray(shooters, dtype=float).reshape(n, 2)
    t = np.asarray(targets, dtype=float).reshape(n, 2)
    ignored = None
    if ignores is not None and any(ignores):
        ignored = np.zeros((n, len(index)), dtype=bool)
        for i, ids in enumerate(ignores):
            if ids:
                ignored[i, index.positions(ids)] = True
    found = _read_pairs(index, s, t, ignored)
    return tuple(
        LineOfFire(as_pair(shooters[i]), as_pair(targets[i]), tuple(found[i])) for i in range(n)
    )


def lines_of_fire(
    field: Field | ObstacleIndex,
    shooter: Coord,
    targets: Sequence[Coord],
    ignore: Sequence[str] = (),
) -> tuple[LineOfFire, ...]:
    """Line of fire from one shooter to each target, leaving out the obstacles in ``ignore``."""
    index = index_of(field)
    n = len(targets)
    if n == 0:
        return ()
    s = np.broadcast_to(np.asarray(shooter, dtype=float), (n, 2))
    t = np.asarray(targets, dtype=float).reshape(n, 2)
    ignored = index.ignore_mask(ignore)[None, :] if ignore else None
    found = _read_pairs(index, s, t, ignored)
    shooter = as_pair(shooter)
    return tuple(LineOfFire(shooter, as_pair(targets[i]), tuple(found[i])) for i in range(n))


def line_of_fire(
    field: Field | ObstacleIndex, shooter: Coord, target: Coord, ignore: Sequence[str] = ()
) -> LineOfFire:
    """Line of fire from ``shooter`` to ``target`` (RULES 8.4)."""
    return lines_of_fire(field, shooter, [target], ignore)[0]


def line_of_fire_naive(
    field: Field | ObstacleIndex, shooter: Coord, target: Coord, ignore: Sequence[str] = ()
) -> LineOfFire:
    """The same reading with one scalar shapely call per obstacle: the reference and the bench's
    baseline. No STRtree, no vectorisation."""
    index = index_of(field)
    line = shapely.LineString([shooter, target])
    if distance(shooter, target) == 0:
        return LineOfFire(as_pair(shooter), as_pair(target), ())
    band = line.buffer(_BAND_HALF, cap_style="flat")
    met: list[tuple[float, int, Touch]] = []
    dx, dy = target[0] - shooter[0], target[1] - shooter[1]
    for j, obstacle in enumerate(index.obstacles):
        if obstacle.id in ignore:
            continue
        if not band.intersects(obstacle.footprint):
            continue
        inside = line.intersection(index.inner[j]).length
        effect = CROSS if inside >= _CROSS_THRESHOLD else GRAZE
        cx, cy = obstacle.centre
        along = (cx - shooter[0]) * dx + (cy - shooter[1]) * dy
        met.append((along, j, index.touches[effect][j]))
    met.sort(key=lambda m: (m[0], m[1]))
    return LineOfFire(as_pair(shooter), as_pair(target), tuple(m[2] for m in met))
