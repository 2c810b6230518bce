"""A forced move's ray read once (6.3-6.5, 8.4): the answers of its bisection known in advance.

``moves.ray`` finds the farthest point along a direction whose straight path from the figure crosses no
impassable piece, ends in none and costs at most the allowance, by bisection: 24 questions, each a
segment cut against the pieces (``Measurer.impassable_crossed``, ``kind_at``, ``path_cost``). Along one
ray the pieces' edges cross the line at fixed places, so the segment to any point ``x`` along it is
inside a piece exactly on the stretches between those crossings that are inside: ``RayProfile`` finds
the crossings and the inside stretches once, and answers a question in a few comparisons.

Exact: the profile answers only where no rounding can turn the plain computation's answer. It gives up
on the whole ray (every question asked plainly) when a corner of a piece lies within ``RAY_CLEAR`` of
the ray's line, when an edge meets the line at a sine below ``RAY_ANGLE`` (a grazing edge), or when
the start or two crossings lie too near one another; it gives up on a point ``x`` (asked plainly) within
twice ``RAY_GAP / sine`` of a crossing (where the point, or the middle of the last stretch the plain
cutting asks about, could lie within ``plane.EDGE`` of the edge) or within ``RAY_SHORT`` of the start,
and on a cost within ``COST_SLACK`` of the allowance. Elsewhere the plain cutting finds the same
crossings (to ~1e-12) and decides each stretch by a middle at least ``RAY_GAP`` (10 ``EDGE``) from
every edge, as the profile does.
"""

from __future__ import annotations

import math
import weakref
from typing import TYPE_CHECKING

from paintcheck.unpourun.plane import Outline
from paintcheck.unpourun.terrain import DIFFICULT_FACTOR, Kind, Point

if TYPE_CHECKING:
    from paintcheck.unpourun.measurer import Measurer

RAY_CLEAR = 1e-6  # a corner this near the ray's line (within its span): the ray is asked plainly
RAY_ANGLE = 1e-4  # an edge meeting the line at a sine below this: the ray is asked plainly
RAY_GAP = 1e-8  # a point asked about stays this far from every edge (10 plane.EDGE)
RAY_REACH = 0.1  # the span looked at: the ray from -RAY_REACH to its length + RAY_REACH
COST_SLACK = 1e-9  # a cost this near the allowance is asked plainly
RAY_SHORT = 1e-3  # a point nearer the start is asked plainly (the segment to it, rounded, may turn by
# up to ~1e-16 |start| / x radians: 5e-12 here, far below RAY_CLEAR over a table)

# per measurer: the pieces a move may enter (difficult or impassable), as (outline, impassable) pairs
_PIECES: weakref.WeakKeyDictionary[Measurer, list[tuple[Outline, bool]]] = weakref.WeakKeyDictionary()


def _pieces(m: Measurer) -> list[tuple[Outline, bool]]:
    found = _PIECES.get(m)
    if found is None:
        found = _PIECES[m] = [(Outline(p.points), p.kind is Kind.IMPASSABLE) for p in m.table.pieces
                              if p.kind in (Kind.DIFFICULT, Kind.IMPASSABLE)]
    return found


class RayProfile:
    """The ray from ``start`` along the unit direction ``u`` up to ``length``: ``fits(x)`` is
    ``moves.ray``'s question for the point ``x`` along it (True, False, or None: ask plainly)."""

    __slots__ = ("start", "u", "allowance", "difficult_as_open", "ok", "cuts", "crossed_from", "slow")

    def __init__(self, m: Measurer, start: Point, u: Point, length: float, allowance: float,
                 difficult_as_open: bool) -> None:
        self.start, self.u, self.allowance, self.difficult_as_open = start, u, allowance, difficult_as_open
        self.cuts: list[tuple[float, float]] = []  # (where along the ray, the room kept around it)
        self.crossed_from = math.inf  # where the ray first enters an impassable piece's interior
        self.slow: list[tuple[float, float]] = []  # the stretches inside difficult pieces
        self.ok = self._read(_pieces(m), length)

    def _read(self, pieces: list[tuple[Outline, bool]], length: float) -> bool:
        sx, sy = self.start
        ux, uy = self.u
        lo, hi = -RAY_REACH, length + RAY_REACH
        ends = (sx + ux * lo, sy + uy * lo, sx + ux * hi, sy + uy * hi)
        box = (min(ends[0], ends[2]) - RAY_CLEAR, min(ends[1], ends[3]) - RAY_CLEAR,
               max(ends[0], ends[2]) + RAY_CLEAR, max(ends[1], ends[3]) + RAY_CLEAR)
        slow: list[tuple[float, float]] = []
        for outline, impassable in pieces:
            if not outline.near_box(*box):
                continue
            mine: list[tuple[float, float]] = []
            for x0, y0, x1, y1 in outline.edges:
                s0, s1 = (x0 - sx) * uy - (y0 - sy) * ux, (x1 - sx) * uy - (y1 - sy) * ux  # across the line
                if (s0 > RAY_CLEAR and s1 > RAY_CLEAR) or (s0 < -RAY_CLEAR and s1 < -RAY_CLEAR):
                    continue  # the edge stays off the line
                p0, p1 = (x0 - sx) * ux + (y0 - sy) * uy, (x1 - sx) * ux + (y1 - sy) * uy  # along it
                if (abs(s0) <= RAY_CLEAR and lo <= p0 <= hi) or (abs(s1) <= RAY_CLEAR and lo <= p1 <= hi):
                    return False  # a corner on (or next to) the ray
                size = math.hypot(x1 - x0, y1 - y0)
                sine = abs(s0 - s1) / size if size else 0.0
                if sine < RAY_ANGLE:
                    if max(p0, p1) >= lo and min(p0, p1) <= hi:
                        return False  # an edge grazing the ray
                    continue
                c = p0 + (p1 - p0) * s0 / (s0 - s1)
                if lo <= c <= hi:
                    mine.append((c, 2 * RAY_GAP / sine))
            self.cuts += mine
            # the stretches between this piece's crossings, each inside or outside as its middle is
            marks = [0.0] + sorted(c for c, _ in mine if 0.0 < c < length) + [length]
            for a, b in zip(marks, marks[1:], strict=False):
                if b <= a:
                    continue
                mid = (a + b) / 2
                if outline.holds(sx + ux * mid, sy + uy * mid):
                    if impassable:
                        self.crossed_from = min(self.crossed_from, a)
                    else:
                        slow.append((a, b))
        self.cuts.sort()
        last = None
        for c, room in self.cuts:
            if abs(c) < 2 * room:  # the start next to an edge
                return False
            if last is not None and c - last[0] < 2 * (room + last[1]):
                return False  # two crossings too near: a stretch's middle could be next to an edge
            last = (c, room)
        slow.sort()
        for a, b in slow:  # their union
            if self.slow and a <= self.slow[-1][1]:
                self.slow[-1] = (self.slow[-1][0], max(self.slow[-1][1], b))
            else:
                self.slow.append((a, b))
        return True

    def fits(self, x: float) -> bool | None:
        """``moves.ray``'s ``fits(x)`` (0 < x < length), or None where the plain cutting must say."""
        if not self.ok or x < RAY_SHORT:
            return None
        for c, room in self.cuts:
            if abs(x - c) < room:
                return None
        if x > self.crossed_from:
            return False  # an impassable piece entered (and the end maybe in it)
        sx, sy = self.start
        ex, ey = sx + self.u[0] * x, sy + self.u[1] * x  # as ``moves.ray``'s ``at(x)``
        cost = math.hypot(sx - ex, sy - ey)  # ``centre_distance``: the path's length
        limit = self.allowance
        if self.difficult_as_open:
            return cost <= limit
        inside = sum(min(b, x) - a for a, b in self.slow if a < x)
        if inside == 0.0:
            return cost <= limit  # no difficult stretch: the plain cost is the length, exactly
        cost += (DIFFICULT_FACTOR - 1.0) * inside
        if abs(cost - limit) <= COST_SLACK:
            return None
        return cost <= limit
