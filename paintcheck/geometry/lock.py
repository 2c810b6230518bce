"""Priority lock (RULES 10.5) and the safe move along a long obstacle (RULES 10.6).

Lock wedge: while A presses B, B may not take the advantage on an enemy standing between the line
B -> A and the inner limit of B's FOV. Let u be the unit direction B -> A and f the direction of the
vision-limit line pointing into the FOV's open end (LEFT/RIGHT: toward the enemy base; OVER: along
the limit toward A's side). The wedge is the cone {X + a*u + b*f, a >= 0, b >= 0} where X is where
the line B -> A meets the limit line (when they are parallel: the strip between them, ahead of B).
Its edges belong to it. No cover (B sees everything) means no inner limit: nothing is locked; so
is the case A straight ahead of an OVER player (no side to the limit).

Safe move: every point of the path (start included) is adjacent (8-neighbourhood) to one and the
same obstacle standing on 2+ points, and strictly on its side away from the enemy: the enemy and
every point lie on opposite sides of the line through the obstacle's centre line. A point on that
line (beyond an end) is on neither side, so the move is not safe.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import shapely
from shapely.geometry.base import BaseGeometry

from paintcheck.field.lattice import FORWARD, Point, as_pair
from paintcheck.field.layout import Field, Obstacle
from paintcheck.geometry.fov import FieldOfVision, field_of_vision, field_rectangle
from paintcheck.geometry.index import ObstacleIndex, index_of
from paintcheck.geometry.tolerance import EPS

Coord = tuple[float, float]
_FAR = 1e4


@dataclass(frozen=True)
class LockWedge:
    """The cone where the pressed player cannot take the advantage."""

    apex: Coord | None  # None: nothing is locked
    u: Coord = (0.0, 0.0)  # pressed -> presser
    f: Coord = (0.0, 0.0)  # along the FOV's inner limit
    pressed: Coord = (0.0, 0.0)
    polygon: BaseGeometry | None = None  # to draw (clipped to the field)

    def contains(self, point: Coord) -> bool:
        if self.apex is None:
            return False
        qx, qy = point[0] - self.apex[0], point[1] - self.apex[1]
        (ux, uy), (fx, fy) = self.u, self.f
        det = ux * fy - uy * fx
        if abs(det) <= EPS:  # B -> A parallel to the limit: the strip between them, ahead of B
            ahead = (point[0] - self.pressed[0]) * ux + (point[1] - self.pressed[1]) * uy
            # signed offsets across u of the point and of the limit line (through the apex)
            px, py = self.pressed
            across = (point[0] - px) * -uy + (point[1] - py) * ux
            limit = (self.apex[0] - px) * -uy + (self.apex[1] - py) * ux
            lo, hi = min(0.0, limit), max(0.0, limit)
            return ahead >= -EPS and lo - EPS <= across <= hi + EPS
        a = (qx * fy - qy * fx) / det
        b = (ux * qy - uy * qx) / det
        return a >= -EPS and b >= -EPS


def lock_wedge(
    field: Field | ObstacleIndex,
    presser_of: Coord,
    pressed: Coord,
    team: str,
    cover: str | None,
    side: str | None,
    drawn: bool = True,
    fov: FieldOfVision | None = None,
) -> LockWedge:
    """The priority-lock wedge of the player at ``pressed`` (of ``team``), pressed from
    ``presser_of``. ``drawn=False`` leaves its polygon out (``contains`` does not need it); ``fov``:
    that player's field of vision when the caller has it already."""
    index = index_of(field)
    if fov is None:
        fov = field_of_vision(index, team, cover, side)
    ux, uy = presser_of[0] - pressed[0], presser_of[1] - pressed[1]
    norm = math.hypot(ux, uy)
    if fov.mode != "half" or norm == 0:
        return LockWedge(None)
    ux, uy = ux / norm, uy / norm
    nx, ny = fov.normal
    if side == "over":
        if abs(ux) <= EPS:
            return LockWedge(None)
        f = (math.copysign(1.0, ux), 0.0)
    else:
        f = (0.0, float(FORWARD[team]))
    # X: where the line pressed + t*u meets the limit line n·p = offset
    denom = nx * ux + ny * uy
    if abs(denom) <= EPS:
        # parallel: the apex is the foot of the pressed point on the limit line
        t = fov.offset - (nx * pressed[0] + ny * pressed[1])
        apex = (pressed[0] + t * nx, pressed[1] + t * ny)
    else:
        t = (fov.offset - (nx * pressed[0] + ny * pressed[1])) / denom
        apex = (pressed[0] + t * ux, pressed[1] + t * uy)
    if abs(denom) <= EPS:  # the strip between the line B -> A and the limit, ahead of B
        ring = [
            tuple(pressed),
            (pressed[0] + _FAR * ux, pressed[1] + _FAR * uy),
            (apex[0] + _FAR * ux, apex[1] + _FAR * uy),
            apex,
        ]
    else:
        ring = [
            apex,
            (apex[0] + _FAR * ux, apex[1] + _FAR * uy),
            (apex[0] + _FAR * (ux + f[0]), apex[1] + _FAR * (uy + f[1])),
            (apex[0] + _FAR * f[0], apex[1] + _FAR * f[1]),
        ]
    if not drawn:
        return LockWedge(apex, (ux, uy), f, as_pair(pressed))
    shape = shapely.Polygon(ring)
    if not shape.is_valid:
        shape = shapely.make_valid(shape)
    clipped = shape.intersection(field_rectangle(index.field.lattice))
    return LockWedge(apex, (ux, uy), f, as_pair(pressed), clipped)


def _side(obstacle: Obstacle, p: Coord) -> float:
    (ax, ay), (bx, by) = obstacle.points[0], obstacle.points[-1]
    return (bx - ax) * (p[1] - ay) - (by - ay) * (p[0] - ax)


@dataclass(frozen=True)
class SafeMove:
    """Whether a move runs behind one long obstacle, and which."""

    safe: bool
    obstacle: str | None  # the long obstacle it runs behind (None when not safe)


def safe_move(field: Field | ObstacleIndex, path: Sequence[Point], enemy: Coord) -> SafeMove:
    """RULES 10.6: every point of ``path`` adjacent to the same 2+-point obstacle, all on its side
    away from ``enemy``."""
    index = index_of(field)
    if not path:
        return SafeMove(False, None)
    common: Sequence[Obstacle] | None = None
    for p in path:
        here = index.long_covers(p)
        common = here if common is None else [o for o in common if o in here]
        if not common:
            return SafeMove(False, None)
    for obstacle in common or ():
        e = _side(obstacle, enemy)
        if abs(e) <= EPS:
            continue
        if all(_side(obstacle, p) * e < 0 and abs(_side(obstacle, p)) > EPS for p in path):
            return SafeMove(True, obstacle.id)
    return SafeMove(False, None)
