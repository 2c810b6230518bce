"""One simple polygon's interior, for single queries in plain Python floats (RULES-unpourun 1.6: the
boundary counts as outside).

The measurer asks one point or one segment at a time, thousands of times per match: a shapely call
costs tens of microseconds of overhead each (building the point or line, the STRtree query, the
array round trip) where the answer takes a few comparisons. An ``Outline`` keeps the polygon's edges
and bounding box and answers ``holds(x, y)`` (the point lies in the interior, more than ``EDGE``
from the boundary) and ``inside_parts(a, b)`` (the parts of a segment in the interior, as fractions
of the way from a to b). Batch questions (many points at once) stay on shapely's vectorised calls;
the tests compare both with shapely's own predicates.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

EDGE = 1e-9  # a point nearer the boundary than this is on it (outside, 1.6)
SHORT = 1e3 * EDGE  # a piece of segment shorter than this may have its middle within EDGE of a corner

Point = tuple[float, float]


class Outline:
    """A simple polygon (its corners, not closed): its edges and bounding box."""

    __slots__ = ("corners", "edges", "min_x", "min_y", "max_x", "max_y")

    def __init__(self, corners: Sequence[Point]) -> None:
        pts = [(float(x), float(y)) for x, y in corners]
        self.corners = tuple(pts)
        ends = zip(pts, pts[1:] + pts[:1], strict=True)
        self.edges = tuple((x0, y0, x1, y1) for (x0, y0), (x1, y1) in ends)
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        self.min_x, self.min_y, self.max_x, self.max_y = min(xs), min(ys), max(xs), max(ys)

    def near_box(self, min_x: float, min_y: float, max_x: float, max_y: float) -> bool:
        """The bounding boxes meet."""
        return not (max_x < self.min_x or min_x > self.max_x or max_y < self.min_y or min_y > self.max_y)

    def holds(self, x: float, y: float, near_edges: bool = True) -> bool:
        """The point lies in the interior (even-odd ray casting), not within ``EDGE`` of an edge
        (checked unless ``near_edges`` is False: a caller that knows the point is off every edge)."""
        if x <= self.min_x or x >= self.max_x or y <= self.min_y or y >= self.max_y:
            return False
        inside = False
        for x0, y0, x1, y1 in self.edges:
            if (y0 > y) != (y1 > y) and x < x0 + (y - y0) * (x1 - x0) / (y1 - y0):
                inside = not inside
        if not inside or not near_edges:
            return inside
        for x0, y0, x1, y1 in self.edges:
            dx, dy = x1 - x0, y1 - y0
            span = dx * dx + dy * dy
            t = 0.0 if span == 0 else min(1.0, max(0.0, ((x - x0) * dx + (y - y0) * dy) / span))
            if math.hypot(x - x0 - t * dx, y - y0 - t * dy) <= EDGE:
                return False
        return True

    def inside_parts(self, a: Point, b: Point) -> list[tuple[float, float]]:
        """The parts of the segment a-b in the interior, as (t0, t1) fractions of the way from a to b,
        in order: the segment cut where it meets an edge, each piece kept when its middle is held."""
        ax, ay = a
        bx, by = b
        rx, ry = bx - ax, by - ay
        span = rx * rx + ry * ry
        if span == 0 or ((bx if bx > ax else ax) < self.min_x or (ax if ax < bx else bx) > self.max_x
                         or (by if by > ay else ay) < self.min_y or (ay if ay < by else by) > self.max_y):
            return []  # (``near_box`` with the segment's box)
        # each corner's side of the segment's line (signed distance times the length): an edge
        # whose ends lie within EDGE of the line lies along it; one whose ends lie on one side never
        # meets it; any other crosses the line once, and cuts the segment there if between a and b
        length = math.sqrt(span)
        tol = EDGE * length
        corners = self.corners
        side = [(x - ax) * ry - (y - ay) * rx for x, y in corners]
        if min(side) > tol or max(side) < -tol:
            return []
        cuts = [0.0, 1.0]
        along = False  # an edge lies on the segment's line: a piece's middle may be on the boundary
        n = len(side)
        for j in range(n):
            s0, s1 = side[j], side[j + 1 - n]
            if (s0 > tol and s1 > tol) or (s0 < -tol and s1 < -tol):
                continue
            on0, on1 = -tol <= s0 <= tol, -tol <= s1 <= tol
            if on0 or on1:  # a corner on the line is where the edge meets it
                if on0 and on1:
                    along = True
                for (px, py), on in ((corners[j], on0), (corners[j + 1 - n], on1)):
                    if on:
                        t = ((px - ax) * rx + (py - ay) * ry) / span
                        if 0.0 < t < 1.0:
                            cuts.append(t)
                continue
            (x0, y0), (x1, y1) = corners[j], corners[j + 1 - n]
            u = s0 / (s0 - s1)
            t = ((x0 + u * (x1 - x0) - ax) * rx + (y0 + u * (y1 - y0) - ay) * ry) / span
            if 0.0 < t < 1.0:
                cuts.append(t)
        if len(cuts) > 2:
            cuts.sort()
        parts: list[tuple[float, float]] = []
        t0 = cuts[0]
        for t1 in cuts[1:]:
            if t1 <= t0:
                continue
            mid = (t0 + t1) / 2
            # between two cuts the segment crosses no edge: its middle is off the boundary unless an
            # edge lies along it, or the piece is so short that its middle is within EDGE of a corner
            check = along or (t1 - t0) * length < SHORT
            if self.holds(ax + mid * rx, ay + mid * ry, check):
                if parts and parts[-1][1] == t0:
                    parts[-1] = (parts[-1][0], t1)
                else:
                    parts.append((t0, t1))
            t0 = t1
        return parts
