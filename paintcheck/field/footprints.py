"""Obstacle footprints as exact shapely shapes, in world point units (RULES §2.2)."""

from __future__ import annotations

import math

import shapely
import shapely.affinity
from shapely.geometry import Polygon

from paintcheck.field.catalogue import Kind
from paintcheck.field.lattice import Point

BIG_ROCKET_BODY_RADIUS = 0.5  # [H RULES 2.2]
BIG_ROCKET_FIN_RADIUS = 0.7  # [H RULES 2.2]
BIG_ROCKET_FIN_THICKNESS = 0.12  # [H] drawn and measured as thin plates
CONE_TIP_WIDTH = 0.2  # the carrot narrows from 0.8 at its base to 0.2 at its tip  [H RULES 2.2]
DISC_RESOLUTION = 16  # quarter-circle segments of a disc footprint


def footprint(kind: Kind, points: tuple[Point, ...], axis_deg: int = 0) -> Polygon:
    """The obstacle's footprint in world coordinates."""
    x0, y0 = points[0]
    x1, y1 = points[-1]
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    half_l, half_w = kind.length / 2, kind.width / 2
    if kind.id == "rocket_big":
        body = shapely.Point(cx, cy).buffer(BIG_ROCKET_BODY_RADIUS, quad_segs=DISC_RESOLUTION)
        r, t = BIG_ROCKET_FIN_RADIUS, BIG_ROCKET_FIN_THICKNESS / 2
        fins = [shapely.box(-r, -t, r, t), shapely.box(-t, -r, t, r)]
        shape = shapely.union_all([body, *(_place(f, cx, cy, axis_deg) for f in fins)])
        return shapely.normalize(shape)
    if kind.id == "pyramid":
        return shapely.box(cx - half_l, cy - half_w, cx + half_l, cy + half_w)
    if not kind.lying or kind.points == 1:
        return shapely.Point(cx, cy).buffer(half_l, quad_segs=DISC_RESOLUTION)
    if kind.id == "cone_lying":
        tip = CONE_TIP_WIDTH / 2
        local = Polygon([(-half_l, -half_w), (half_l, -tip), (half_l, tip), (-half_l, half_w)])
    else:
        local = shapely.box(-half_l, -half_w, half_l, half_w)
    return _place(local, cx, cy, axis_deg)


def centre_line(kind: Kind, points: tuple[Point, ...]) -> shapely.Geometry:
    """The obstacle's centre line: its centre point, or the segment between its end points."""
    if len(points) == 1:
        return shapely.Point(points[0])
    return shapely.LineString([points[0], points[-1]])


def _place(local: shapely.Geometry, cx: float, cy: float, axis_deg: float) -> shapely.Geometry:
    """Rotate a shape drawn about the origin along +x to ``axis_deg`` and move it to (cx, cy)."""
    a = math.radians(axis_deg)
    c, s = math.cos(a), math.sin(a)
    return shapely.affinity.affine_transform(local, [c, -s, s, c, cx, cy])
