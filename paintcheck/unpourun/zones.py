"""A deployment zone asked in plain floats (1.9): is a base wholly in it? Zones are any simple
polygon of the table file (``table_file``), so the test is the polygon's: the centre inside it and at
least ``room`` from its outline, exactly as shapely answers ``contains_xy(zone, x, y) and
distance(zone.exterior, Point(x, y)) >= room`` (``Measurer.why_not_deployable`` asked shapely per
point, ~10 µs a question of numpy and GEOS overhead for a handful of edges).

Exact: the distance is computed as GEOS computes it (point to each segment), to a few ulps; when it
lies within ``ZONE_SLACK`` of ``room`` the answer is shapely's own. Otherwise the centre is more
than ``room`` (half a pas) from every edge, or nearer than it (refused whatever ``contains_xy`` says),
and the crossing count that says "inside" cannot be turned by a rounding.
"""

from __future__ import annotations

import math

import shapely

ZONE_SLACK = 1e-9  # a distance this near the limit is asked of shapely


class ZoneTest:
    """One zone (a shapely polygon without holes): ``holds_base(x, y, room)``."""

    def __init__(self, polygon: shapely.Polygon) -> None:
        self.polygon = polygon
        self.exterior = polygon.exterior
        ring = list(self.exterior.coords)
        # (ax, ay, bx, by, dx, dy, dx² + dy²) per edge of the closed ring
        self.edges = [(ax, ay, bx, by, bx - ax, by - ay, (bx - ax) ** 2 + (by - ay) ** 2)
                      for (ax, ay), (bx, by) in zip(ring, ring[1:], strict=False)]

    def holds_base(self, x: float, y: float, room: float) -> bool:
        """``shapely.contains_xy(polygon, x, y) and shapely.distance(exterior, Point(x, y)) >= room``."""
        least = math.inf
        inside = False
        for ax, ay, bx, by, dx, dy, len2 in self.edges:
            if (ay > y) != (by > y) and x < ax + (y - ay) * dx / dy:
                inside = not inside
            if len2 == 0.0:
                d2 = (x - ax) ** 2 + (y - ay) ** 2
            else:
                r = ((x - ax) * dx + (y - ay) * dy) / len2
                if r <= 0.0:
                    d2 = (x - ax) ** 2 + (y - ay) ** 2
                elif r >= 1.0:
                    d2 = (x - bx) ** 2 + (y - by) ** 2
                else:
                    s = (ay - y) * dx - (ax - x) * dy
                    d2 = s * s / len2
            if d2 < least:
                least = d2
        gap = math.sqrt(least)
        if gap < room - ZONE_SLACK:
            return False
        if gap > room + ZONE_SLACK:
            return inside
        return bool(shapely.contains_xy(self.polygon, x, y)
                    and shapely.distance(self.exterior, shapely.Point(x, y)) >= room)
