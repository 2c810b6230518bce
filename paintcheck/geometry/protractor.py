"""The protractor: θ for a static target (RULES 8.2, 2.5), φ for a run (RULES 8.3).

Static target: the protractor sits on the target, its 0° toward the cover: from the target to the
nearest point of the cover's centre line (its centre point, or the segment between its end points).
θ is the angle between that direction and the direction to the shooter, 0-180. The big rocket is
read about several axes (RULES 2.5): the direction to its centre and the directions parallel to its
fins, each fin axis in its one sense that points from the target toward the rocket (the white point
lies on the obstacle, B p.18; « d'en face seulement »: a sense pointing away from the rocket, or square
to the direction of the rocket, is never a 0°); the one giving the smallest θ applies. No cover: θ = 0.

Run: the protractor sits at the middle of the run (midpoint of start -> end); φ is the acute angle
0-90 between the run's line and the line from the shooter to that middle point. A run of length 0
reads 90 (no run, no bonus); a shooter standing exactly on the middle point reads 0.

The segment index is floor(angle / PROTRACTOR_SEGMENT_DEG) (180° reads 10); the reading also
holds the segment's wedge polygon to draw. Angles are rounded to ``ANGLE_DIGITS`` decimals (45° reads 45.0).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import shapely
from shapely.geometry.base import BaseGeometry

from paintcheck.field.catalogue import PROTRACTOR_SEGMENT_DEG
from paintcheck.field.layout import Field, Obstacle
from paintcheck.geometry.index import ObstacleIndex, index_of
from paintcheck.geometry.tolerance import EPS, angle_deg

Coord = tuple[float, float]

_LAST_SEGMENT = math.ceil(180.0 / PROTRACTOR_SEGMENT_DEG) - 1  # the last wedge drawn
_ARC_STEPS = 8  # points per drawn wedge arc
_TOWARD = 1e-9  # a fin sense points toward the rocket when its dot product with the way there exceeds this


def segment_of(theta_deg: float) -> int:
    """The protractor segment holding an angle: floor(θ / 18°) (so 180° reads 10, as in
    ``rules.tables.angle_segment``; it is drawn as the last wedge, 162-180°)."""
    return int(theta_deg // PROTRACTOR_SEGMENT_DEG)


def angle_between(centre: Coord, a: Coord, b: Coord) -> float:
    """The angle in degrees (0-180) at ``centre`` between the directions to ``a`` and ``b``."""
    return angle_deg(a[0] - centre[0], a[1] - centre[1], b[0] - centre[0], b[1] - centre[1])


def nearest_on_centre_line(obstacle: Obstacle, p: Coord) -> Coord:
    """The point of ``obstacle``'s centre line nearest to ``p``."""
    (ax, ay), (bx, by) = obstacle.points[0], obstacle.points[-1]
    dx, dy = bx - ax, by - ay
    span = dx * dx + dy * dy
    if span == 0:
        return (float(ax), float(ay))
    u = max(0.0, min(1.0, ((p[0] - ax) * dx + (p[1] - ay) * dy) / span))
    return (ax + u * dx, ay + u * dy)


def cover_directions(obstacle: Obstacle, target: Coord) -> tuple[Coord, ...]:
    """The protractor's candidate 0° directions (unit vectors) for a target behind ``obstacle``."""
    nx, ny = nearest_on_centre_line(obstacle, target)
    vx, vy = nx - target[0], ny - target[1]
    norm = math.hypot(vx, vy)
    out: list[Coord] = [(vx / norm, vy / norm)] if norm > 0 else []
    if obstacle.kind.id == "rocket_big":
        # each fin axis in its sense toward the rocket's centre (RULES 2.5, B p.18)
        cx, cy = obstacle.points[0]
        tx, ty = cx - target[0], cy - target[1]
        for k in range(4):
            a = math.radians(obstacle.axis + 90 * k)
            fx, fy = math.cos(a), math.sin(a)
            if fx * tx + fy * ty > _TOWARD:
                out.append((fx, fy))
    return tuple(out)


def wedge(
    apex: Coord, zero: Coord, start_deg: float, end_deg: float, side: int, radius: float
) -> BaseGeometry:
    """The polygon between the angles ``start_deg`` and ``end_deg`` from the unit vector ``zero``,
    turning counter-clockwise when ``side`` > 0, clockwise otherwise."""
    base = math.atan2(zero[1], zero[0])
    sign = 1.0 if side > 0 else -1.0
    ring = [apex]
    for i in range(_ARC_STEPS + 1):
        a = base + sign * math.radians(start_deg + (end_deg - start_deg) * i / _ARC_STEPS)
        ring.append((apex[0] + radius * math.cos(a), apex[1] + radius * math.sin(a)))
    return shapely.Polygon(ring)


@dataclass(frozen=True)
class StaticAngle:
    """The protractor on a static target."""

    target: Coord
    shooter: Coord
    cover: str | None
    theta: float  # degrees, 0-180
    segment: int  # floor(θ / 18°)
    zero: Coord | None  # unit vector of the protractor's 0° (None without cover)
    candidates: tuple[Coord, ...]  # every 0° direction considered (big rocket: 2 or 3)
    segment_wedge: BaseGeometry  # the segment holding the shooter, to draw


_NOTHING = shapely.Polygon()  # what is drawn when nothing is, or when nobody draws


def static_angle(
    field: Field | ObstacleIndex, target: Coord, cover: str | None, shooter: Coord, drawn: bool = True
) -> StaticAngle:
    """θ for a shot from ``shooter`` at ``target`` behind ``cover`` (RULES 8.2, 2.5). ``drawn=False``
    leaves the segment's wedge out (the rules read θ only)."""
    index = index_of(field)
    if cover is None:
        return StaticAngle(target, shooter, None, 0.0, 0, None, (), shapely.Polygon())
    obstacle = index.get(cover)
    sx, sy = shooter[0] - target[0], shooter[1] - target[1]
    candidates = cover_directions(obstacle, target)
    if not candidates or (sx == 0 and sy == 0):
        zero = candidates[0] if candidates else None
        return StaticAngle(target, shooter, cover, 0.0, 0, zero, candidates, shapely.Polygon())
    readings = [angle_deg(cx, cy, sx, sy) for cx, cy in candidates]
    best = min(range(len(candidates)), key=lambda i: (readings[i], i))
    theta, zero = readings[best], candidates[best]
    seg = segment_of(theta)
    side = 1 if zero[0] * sy - zero[1] * sx >= 0 else -1
    if not drawn:
        return StaticAngle(target, shooter, cover, theta, seg, zero, candidates, _NOTHING)
    radius = max(1.0, math.hypot(sx, sy))
    shown = min(seg, _LAST_SEGMENT)
    shape = wedge(
        target, zero, shown * PROTRACTOR_SEGMENT_DEG,
        min(180.0, (shown + 1) * PROTRACTOR_SEGMENT_DEG), side, radius,
    )
    return StaticAngle(target, shooter, cover, theta, seg, zero, candidates, shape)


def side_of(zero: Coord, target: Coord, point: Coord) -> int:
    """The side of the protractor's 0° line (through ``target`` along ``zero``) that ``point`` lies
    on: +1 counter-clockwise, -1 clockwise, 0 on the line itself (RULES 9.6)."""
    sx, sy = point[0] - target[0], point[1] - target[1]
    cross = zero[0] * sy - zero[1] * sx
    if abs(cross) <= EPS:
        return 0
    return 1 if cross > 0 else -1


def static_segments(
    field: Field | ObstacleIndex, target: Coord, cover: str | None, shooter: Coord, other: Coord
) -> tuple[tuple[int, int], tuple[int, int]]:
    """The protractor laid on ``target`` for ``shooter``'s shot (its 0° as ``static_angle`` chooses
    it): the segments ``shooter`` and ``other`` stand in, each as (side of the 0° line, index),
    segments being counted on each side of the 0° line (RULES 9.6). No cover: both (0, 0)."""
    reading = static_angle(field, target, cover, shooter, drawn=False)
    zero = reading.zero
    if zero is None:
        return (0, 0), (0, 0)
    out = []
    for point in (shooter, other):
        sx, sy = point[0] - target[0], point[1] - target[1]
        if sx == 0 and sy == 0:
            out.append((0, 0))
            continue
        out.append((side_of(zero, target, point), segment_of(angle_deg(zero[0], zero[1], sx, sy))))
    return out[0], out[1]


@dataclass(frozen=True)
class RunAngle:
    """The protractor at mid-run."""

    start: Coord
    end: Coord
    shooter: Coord
    phi: float  # degrees, 0-90
    segment: int  # floor(φ / 18°)
    middle: Coord
    run_line: BaseGeometry  # start -> end
    sight_line: BaseGeometry  # shooter -> middle


def run_angle(path: Sequence[Coord], shooter: Coord, drawn: bool = True) -> RunAngle:
    """φ for a shot at a runner along ``path`` (its first and last points), RULES 8.3.
    ``drawn=False`` leaves the two lines out (the rules read φ only)."""
    if len(path) == 0:
        raise ValueError("a run needs at least one point")
    start, end = path[0], path[-1]
    middle = ((start[0] + end[0]) / 2, (start[1] + end[1]) / 2)
    rx, ry = end[0] - start[0], end[1] - start[1]
    vx, vy = middle[0] - shooter[0], middle[1] - shooter[1]
    if rx == 0 and ry == 0:
        phi = 90.0
    elif vx == 0 and vy == 0:
        phi = 0.0
    else:
        a = angle_deg(rx, ry, vx, vy)
        phi = min(a, round(180.0 - a, 9))
    if not drawn:
        return RunAngle(start, end, shooter, phi, segment_of(phi), middle, _NOTHING, _NOTHING)
    return RunAngle(
        start, end, shooter, phi, segment_of(phi), middle,
        shapely.LineString([start, end]) if (rx or ry) else shapely.Point(start),
        shapely.LineString([shooter, middle]) if (vx or vy) else shapely.Point(shooter),
    )
