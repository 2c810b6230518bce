"""Field of vision: the half-plane a player sees from behind his cover (RULES 3.4).

* LEFT / RIGHT: the vision-limit line is parallel to the field's long axis (x = constant) through
  the cover's centre; the player sees the half-plane on the played side, as seen facing the enemy
  base. Blue attacks +y, so Blue's LEFT is -x; White attacks -y, so White's LEFT is +x.
* OVER: the limit line is parallel to the centre line (y = constant) through the cover's centre;
  the player sees the half-plane toward the enemy.
* Pyramid: the limit line lies on its base edge on the side opposite the played side (for OVER, on
  the edge on the player's own side), so he sees a little more than from a cylinder.
* Points ON the limit line are seen (closed half-plane, ``EPS`` tolerance).
* No cover (or no side played): he sees everything. ``blind()`` is the FOV of a player carrying
  boulets (RULES 9.5): nothing.

The reading keeps the half-plane as ``normal · p >= offset`` and its polygon clipped to the field's
drawn rectangle (the outer points plus ``FIELD_MARGIN``) for drawing.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import shapely
from shapely.geometry.base import BaseGeometry

from paintcheck.field.lattice import FORWARD, Lattice
from paintcheck.field.layout import Field
from paintcheck.geometry.errors import GeometryError
from paintcheck.geometry.index import ObstacleIndex, index_of
from paintcheck.geometry.tolerance import EPS

Coord = tuple[float, float]

SIDES = ("left", "right", "over")
FIELD_MARGIN = 0.5  # the drawn field reaches half a step beyond its outer points
_FAR = 1e4  # a half-plane drawn as a big rectangle before clipping


def field_rectangle(lattice: Lattice, margin: float = FIELD_MARGIN) -> BaseGeometry:
    """The field as drawn: every lattice point plus ``margin`` on each side."""
    r = lattice.rows_per_half
    return shapely.box(-margin, -r - margin, lattice.columns - 1 + margin, r + margin)


def left_sign(team: str) -> int:
    """The sign of x toward a team's LEFT, facing the enemy base: -1 for Blue, +1 for White."""
    return -FORWARD[team]


@dataclass(frozen=True)
class FieldOfVision:
    """What a player sees: everything, nothing, or the closed half-plane normal · p >= offset."""

    mode: str  # "all" | "none" | "half"
    normal: Coord = (0.0, 0.0)
    offset: float = 0.0
    limit: BaseGeometry | None = None  # the vision-limit line, clipped to the field
    polygon: BaseGeometry | None = None  # the seen part of the field, to draw

    def sees(self, point: Coord) -> bool:
        return self.contains([point])[0]

    def contains(self, points: Sequence[Coord]) -> tuple[bool, ...]:
        """For each point, whether it is in the field of vision (vectorised)."""
        if self.mode != "half":
            return (self.mode == "all",) * len(points)
        if len(points) == 0:
            return ()
        p = np.asarray(points, dtype=float).reshape(-1, 2)
        values = p @ np.asarray(self.normal) >= self.offset - EPS
        return tuple(values.tolist())


def everything(lattice: Lattice) -> FieldOfVision:
    return FieldOfVision("all", polygon=field_rectangle(lattice))


def blind() -> FieldOfVision:
    return FieldOfVision("none", polygon=shapely.Polygon())


def _half_plane(
    normal: Coord, offset: float, lattice: Lattice, along_x: bool
) -> FieldOfVision:
    nx, ny = normal
    box = field_rectangle(lattice)
    # a point on the limit line, then a big rectangle on the seen side
    px, py = (offset / nx, 0.0) if along_x else (0.0, offset / ny)
    tx, ty = -ny, nx
    far = shapely.Polygon(
        [
            (px - _FAR * tx, py - _FAR * ty),
            (px + _FAR * tx, py + _FAR * ty),
            (px + _FAR * tx + _FAR * nx, py + _FAR * ty + _FAR * ny),
            (px - _FAR * tx + _FAR * nx, py - _FAR * ty + _FAR * ny),
        ]
    )
    line = shapely.LineString([(px - _FAR * tx, py - _FAR * ty), (px + _FAR * tx, py + _FAR * ty)])
    return FieldOfVision(
        "half", (nx, ny), offset, line.intersection(box), far.intersection(box)
    )


def field_of_vision(
    field: Field | ObstacleIndex, team: str, cover: str | None, side: str | None
) -> FieldOfVision:
    """The FOV of a ``team`` player behind ``cover`` playing ``side`` (RULES 3.4).

    The viewer's own point does not matter: the limit line goes through the cover."""
    index = index_of(field)
    lattice = index.field.lattice
    if team not in FORWARD:
        raise GeometryError(f"unknown team {team!r}")
    if cover is None or side is None:
        return everything(lattice)
    if side not in SIDES:
        raise GeometryError(f"a side is one of {', '.join(SIDES)}, not {side!r}")
    obstacle = index.get(cover)
    cx, cy = obstacle.centre
    pyramid = obstacle.kind.id == "pyramid"
    if side == "over":
        sign = FORWARD[team]  # sees y * sign >= cy * sign
        limit = cy - sign * (obstacle.kind.width / 2 if pyramid else 0.0)
        return _half_plane((0.0, float(sign)), sign * limit, lattice, along_x=False)
    sign = left_sign(team) if side == "left" else -left_sign(team)  # sees x * sign >= ...
    limit = cx - sign * (obstacle.kind.length / 2 if pyramid else 0.0)
    return _half_plane((float(sign), 0.0), sign * limit, lattice, along_x=True)
