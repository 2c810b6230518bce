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

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import shapely
from shapely.geometry.base import BaseGeometry

from paintcheck.field.catalogue import RULER_HALF_WIDTH
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
    band = shapely.buffer(area, RULER_HALF_WIDTH, quad_segs=8)
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
