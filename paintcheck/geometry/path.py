"""Move paths on the lattice (RULES 5.1, 2.4).

A move is straight segments between declared waypoints. Each segment is walked point by point with
8-neighbour steps (a Bresenham-like walk along the longer axis), so a segment of (dx, dy) has
exactly max(|dx|, |dy|) steps and the path's length in points is ``len(points) - 1``. Intermediate
points are rounded half away from the segment's start, so mirroring the waypoints (either axis)
mirrors the path. Every point a move passes must be free: no figure on it, and no obstacle unless it
is a steppable end (``Field.blocked``).
"""

from __future__ import annotations

import math
from collections.abc import Collection, Sequence
from dataclasses import dataclass

import shapely
from shapely.geometry.base import BaseGeometry

from paintcheck.field.lattice import Point, as_pair
from paintcheck.field.layout import Field


def _round_away(v: float) -> int:
    return int(math.copysign(math.floor(abs(v) + 0.5), v))


def _steps(dx: int, dy: int) -> tuple[tuple[int, int], ...]:
    """The offsets of a segment's points from its start (the start excluded)."""
    n = max(abs(dx), abs(dy))
    return tuple((_round_away(i * dx / n), _round_away(i * dy / n)) for i in range(1, n + 1))


_STEPS: dict[Point, tuple[Point, ...]] = {}  # (dx, dy) -> offsets: the walk depends on them only


def step_segment(a: Point, b: Point) -> list[Point]:
    """The lattice points from ``a`` (excluded) to ``b`` (included), one 8-neighbour step apart."""
    x, y = a
    d = (b[0] - x, b[1] - y)
    steps = _STEPS.get(d)
    if steps is None:
        steps = _steps(*d)
        if len(_STEPS) < 65536:
            _STEPS[d] = steps
    return [(x + i, y + j) for i, j in steps]


@dataclass(frozen=True)
class MovePath:
    """The points a move passes, start first, and the line to draw."""

    points: tuple[Point, ...]
    waypoints: tuple[Point, ...]

    @property
    def length(self) -> int:
        """Steps in points (a diagonal step counts 1)."""
        return len(self.points) - 1

    @property
    def line(self) -> BaseGeometry:
        if len(self.points) == 1:
            return shapely.Point(self.points[0])
        return shapely.LineString(self.points)


def move_path(start: Point, waypoints: Sequence[Point]) -> MovePath:
    """Walk from ``start`` through each waypoint in turn (a repeated point adds no step)."""
    points = [as_pair(start)]
    for w in waypoints:
        points.extend(step_segment(points[-1], as_pair(w)))
    return MovePath(tuple(points), tuple(as_pair(w) for w in waypoints))


def point_free(field: Field, point: Point, occupied: Collection[Point] = ()) -> bool:
    """A move may pass ``point``: on the field, no figure, no obstacle but a steppable end."""
    return field.lattice.contains(point) and point not in occupied and not field.blocked(point)


def first_blocked(
    field: Field, path: Sequence[Point], occupied: Collection[Point] = ()
) -> int | None:
    """Index of the first point after the start a move may not pass; None if all are free."""
    for i, p in enumerate(path[1:], start=1):
        if not point_free(field, p, occupied):
            return i
    return None
