"""The prebunk template (RULES 12.3-12.5): a strip from the origin toward the prebunker.

The strip starts at the origin (the prebunked point), runs ``TEMPLATE_LENGTH`` toward the prebunker
whatever his distance, and is ``TEMPLATE_WIDTH`` wide (half each side of its centre line). It is
closed: a point on its edge is covered, a path touching its edge crosses it.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import shapely
from shapely.geometry.base import BaseGeometry

from paintcheck.field.catalogue import TEMPLATE_LENGTH, TEMPLATE_WIDTH
from paintcheck.geometry.errors import GeometryError
from paintcheck.geometry.ruler import band_rectangle
from paintcheck.geometry.tolerance import EPS

Coord = tuple[float, float]


@dataclass(frozen=True)
class Template:
    """A prebunk template laid on the field."""

    origin: Coord
    prebunker: Coord
    direction: Coord  # unit vector origin -> prebunker
    line: BaseGeometry  # its centre line, origin first
    polygon: BaseGeometry  # the strip, to draw and to test

    def covers(self, points: Sequence[Coord]) -> tuple[bool, ...]:
        """For each point, whether the strip covers it (its edge included)."""
        if len(points) == 0:
            return ()
        p = np.asarray(points, dtype=float).reshape(-1, 2)
        return tuple(shapely.dwithin(self.polygon, shapely.points(p), EPS).tolist())

    def crossing_segments(self, path: Sequence[Coord]) -> tuple[int, ...]:
        """Indices i of the path's segments path[i] -> path[i+1] that meet the strip."""
        if len(path) < 2:
            return ()
        p = np.asarray(path, dtype=float).reshape(-1, 2)
        segments = shapely.linestrings(np.stack([p[:-1], p[1:]], axis=1))
        hit = shapely.dwithin(self.polygon, segments, EPS)
        return tuple(int(i) for i in np.flatnonzero(hit))

    def crossed_by(self, path: Sequence[Coord]) -> bool:
        """The path meets the strip (a single-point path: that point is covered)."""
        if len(path) == 1:
            return self.covers(path)[0]
        return bool(self.crossing_segments(path))


# -- sure answers without the strip's polygon ------------------------------------------------------------
# The strip in its own frame is the box 0 <= s <= TEMPLATE_LENGTH, |t| <= TEMPLATE_WIDTH / 2 (s along the
# template from its origin, t across). A point or segment meeting the box shrunk by SURE is surely
# covered or crossing (the polygon's float error is far below SURE); one missing the box grown by SURE
# surely is not (SURE is far above EPS). Between the two, only the polygon says (``Template``).
SURE = 1e-6
_INNER = (SURE, TEMPLATE_LENGTH - SURE, -TEMPLATE_WIDTH / 2 + SURE, TEMPLATE_WIDTH / 2 - SURE)
_OUTER = (-SURE, TEMPLATE_LENGTH + SURE, -TEMPLATE_WIDTH / 2 - SURE, TEMPLATE_WIDTH / 2 + SURE)

Frame = tuple[float, float, float, float]  # origin x, y, unit vector origin -> prebunker


def strip_frame(origin: Coord, prebunker: Coord) -> Frame:
    """The template's frame, as ``prebunk_template`` lays it (same error for a prebunker on it)."""
    dx, dy = prebunker[0] - origin[0], prebunker[1] - origin[1]
    norm = math.hypot(dx, dy)
    if norm == 0:
        raise GeometryError("a prebunk template needs an origin away from the prebunker")
    return origin[0], origin[1], dx / norm, dy / norm


def sure_covers(frame: Frame, point: Coord) -> bool | None:
    """Whether the strip covers ``point``; None when it lies too near the edge to say without it."""
    ox, oy, ux, uy = frame
    x, y = point[0] - ox, point[1] - oy
    s, t = x * ux + y * uy, y * ux - x * uy
    if _INNER[0] <= s <= _INNER[1] and _INNER[2] <= t <= _INNER[3]:
        return True
    if _OUTER[0] <= s <= _OUTER[1] and _OUTER[2] <= t <= _OUTER[3]:
        return None
    return False


def sure_crossings(frame: Frame, path: Sequence[Coord]) -> tuple[int, ...] | None:
    """Indices i of the path's steps path[i] -> path[i+1] that meet the strip (as
    ``Template.crossing_segments``); None when a step passes too near its edge to say."""
    ox, oy, ux, uy = frame
    local = [((x - ox) * ux + (y - oy) * uy, (y - oy) * ux - (x - ox) * uy) for x, y in path]
    s_lo, s_hi, t_lo, t_hi = _OUTER
    found = []
    for i in range(len(local) - 1):
        (s0, t0), (s1, t1) = local[i], local[i + 1]
        if ((s0 < s_lo and s1 < s_lo) or (s0 > s_hi and s1 > s_hi)
                or (t0 < t_lo and t1 < t_lo) or (t0 > t_hi and t1 > t_hi)):
            continue  # wholly beyond one side of the grown box: misses it
        if not _meets(s0, t0, s1, t1, _OUTER):
            continue
        if not _meets(s0, t0, s1, t1, _INNER):
            return None
        found.append(i)
    return tuple(found)


def _meets(s0: float, t0: float, s1: float, t1: float, box: tuple[float, float, float, float]) -> bool:
    """Whether the segment (s0, t0) -> (s1, t1) meets the closed box (s_lo, s_hi, t_lo, t_hi)
    (the segment clipped to each slab in turn, Liang-Barsky)."""
    lo, hi = 0.0, 1.0
    for p, d, low, high in ((s0, s1 - s0, box[0], box[1]), (t0, t1 - t0, box[2], box[3])):
        if d == 0:
            if p < low or p > high:
                return False
            continue
        e, f = (low - p) / d, (high - p) / d
        if e > f:
            e, f = f, e
        lo, hi = max(lo, e), min(hi, f)
        if lo > hi:
            return False
    return True


def prebunk_template(origin: Coord, prebunker: Coord) -> Template:
    """Lay the template from ``origin`` toward ``prebunker``."""
    dx, dy = prebunker[0] - origin[0], prebunker[1] - origin[1]
    norm = math.hypot(dx, dy)
    if norm == 0:
        raise GeometryError("a prebunk template needs an origin away from the prebunker")
    ux, uy = dx / norm, dy / norm
    end = (origin[0] + TEMPLATE_LENGTH * ux, origin[1] + TEMPLATE_LENGTH * uy)
    return Template(
        origin, prebunker, (ux, uy), shapely.LineString([origin, end]),
        band_rectangle(origin, end, TEMPLATE_WIDTH / 2),
    )
