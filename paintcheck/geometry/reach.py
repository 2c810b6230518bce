"""The dump reach (RULES 5.1): the lattice points within a number of 8-neighbour steps of a player.

The number of steps is a game value (``rules.tables.DUMP_REACH``): the caller passes it in. The
result holds the points (what the rules count) and the square they fill (what the window draws)."""

from __future__ import annotations

from dataclasses import dataclass

import shapely
from shapely.geometry.base import BaseGeometry

from paintcheck.field.lattice import Lattice, Point, chebyshev


@dataclass(frozen=True)
class Reach:
    centre: Point
    steps: int
    points: tuple[Point, ...]  # every field point within ``steps`` steps, the centre left out
    polygon: BaseGeometry  # the square of those points, half a step around them

    def contains(self, point: Point) -> bool:
        return point != self.centre and chebyshev(point, self.centre) <= self.steps


def reach(lattice: Lattice, centre: Point, steps: int) -> Reach:
    x, y = centre
    points = tuple(
        (x + dx, y + dy)
        for dy in range(-steps, steps + 1)
        for dx in range(-steps, steps + 1)
        if (dx or dy) and lattice.contains((x + dx, y + dy))
    )
    half = steps + 0.5
    return Reach(centre, steps, points, shapely.box(x - half, y - half, x + half, y + half))
