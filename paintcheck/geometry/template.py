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
