"""The Un pour un measurer: every distance, sight line, path cost, contact and radius of
RULES-unpourun §1, measured on a ``Table`` (``terrain``) with shapely 2. No pygame.

Positions are ``(x, y)`` floats in *pas*: a figure's position is its base's centre (1.3). Build one
``Measurer(table)`` per table (it prepares the pieces and an STRtree once) and ask it:

- distance: ``distance(a, b)`` between two figures, edge to edge, ``max(0, centre distance - 1)``;
  ``distance_to_point(a, p)`` from a figure to a point, ``max(0, centre distance - 0.5)`` (1.4);
  ``within(a, b, n)`` is ``distance(a, b) <= n`` ("within N" always means d <= N, 1.4);
  ``distances(a, positions)`` and ``figures_within(a, n, positions)`` do many at once (numpy).
- contact: ``in_contact(a, b)`` is d <= 0.1, except that a figure on top of an impassable piece
  touches only figures on top of the same piece (1.5); ``on_top(p)`` names that piece.
- terrain: ``kind_at(p)`` (the most restrictive kind whose interior holds p, 1.6),
  ``elevation(p)`` / ``elevations(points)`` (the greatest h among the pieces holding p, 1.7),
  ``above(elevation_a, elevation_b)`` (1.7).
- sight: ``sees(a, b)`` and ``sight(a, b)`` (which pieces block, for drawing), eyes 1 above the
  elevations, which the caller may give (a hanging figure's, 3.11) (1.8). Figures never block.
- moves: ``path_length(path)``, ``path_cost(path, difficult_as_open=False)`` (length outside
  difficult pieces plus twice the length inside them; on top of an impassable piece a figure moves as
  on open terrain, 3.4, 3.11), ``impassable_crossed(path)`` (the impassable pieces whose interior
  the centre's path enters), ``path_on_table(path)`` (the base never leaves the table),
  ``path_clearance(path, centres)`` (a numpy array: the least centre distance from the path to
  each centre; < 1 overlaps a base, <= 1.1 touches a figure).
- climbing: ``climbable(piece)`` (impassable, h 1-10) and ``climb_cost(piece, outside_elevation)``
  (2 per pas of height, 3.11); edges: ``edge_distances``, ``nearest_edges``, ``touches_edge`` (8.4,
  8.5).
- positions: ``why_position_illegal(p, others)`` (a ``Said`` or None) and ``position_legal``: on
  the table, no base overlapped, centre not in an impassable piece unless on top is allowed (1.3).
- deployment: ``why_not_deployable(p, zone)`` / ``deployable``: the base wholly in zone 0 (player
  A's) or 1 (player B's), its centre in no impassable piece (1.9).
- blasts: ``blast(target, radius, positions, shooter)`` hits every figure but the shooter whose
  centre is within radius + 0.5 of the target's centre and which the target's position sees, the
  target always, nearest first (4.5); ``explosion(bearer, radius, positions)`` every figure with
  d <= radius of the bearer, bearer included (4.6).

Boundaries (docs/rules-decisions-unpourun.md, "Table and measuring"): the boundary of a piece counts as
outside it (1.6), so a sight line or path running along an edge or through a corner is not inside;
two bases whose centres are within ``TOUCH`` (1e-9) of 1 apart touch and do not overlap.
"""

from __future__ import annotations

import logging
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numpy as np
import shapely

from paintcheck.said import Said
from paintcheck.unpourun.plane import EDGE, Outline
from paintcheck.unpourun.terrain import (
    ABOVE,
    BASE_DIAMETER,
    BASE_RADIUS,
    CONTACT,
    DIFFICULT_FACTOR,
    EYE_HEIGHT,
    OPEN_TABLE,
    RESTRICTION,
    ROPE_COST_PER_PAS,
    ROPE_MAX_HEIGHT,
    Kind,
    Point,
    Table,
)
from paintcheck.unpourun.zones import ZoneTest

log = logging.getLogger(__name__)

TOUCH = 1e-9  # a float's slack: centres 1 - TOUCH apart still only touch
BOX_SLACK = 1e-6  # a centre this much beyond reach of a path's box is skipped (no rounding can matter)
SEGMENTS_KEPT = 256  # segments whose parts in difficult or impassable pieces are remembered
_SIGHT_CACHE = 8192  # sight answers remembered per measurer (the engine asks the same pairs again)

Interval = tuple[float, float]


@dataclass(frozen=True)
class Sight:
    """A sight line (1.8): whether ``a`` sees ``b``, the eye heights, and the pieces (indices into
    ``table.pieces``) that block it."""

    a: Point
    b: Point
    eye_a: float
    eye_b: float
    blockers: tuple[int, ...]

    @property
    def seen(self) -> bool:
        return not self.blockers


@dataclass(frozen=True)
class Blast:
    """A blast (4.5): its centre, the reach of a hit centre (radius + 0.5) and the figures hit
    (indices into the positions asked about), nearest the centre first."""

    centre: Point
    reach: float
    hit: tuple[int, ...]


def centre_distance(a: Point, b: Point) -> float:
    """The flat distance between two centres (elevation ignored, 1.4)."""
    return math.hypot(a[0] - b[0], a[1] - b[1])


def distance(a: Point, b: Point) -> float:
    """d between two figures, edge to edge: max(0, centre distance - 1) (1.4)."""
    return max(0.0, centre_distance(a, b) - BASE_DIAMETER)


def base_to_base(centre: Point, toward: Point) -> Point:
    """The centre of a base touching the base at ``centre``, on the line from it toward ``toward``
    (d = 0, 1.4: where a straight charge ends, 3.6)."""
    dx, dy = toward[0] - centre[0], toward[1] - centre[1]
    n = math.hypot(dx, dy) or 1.0
    return centre[0] + dx / n * BASE_DIAMETER, centre[1] + dy / n * BASE_DIAMETER


def distance_to_point(a: Point, p: Point) -> float:
    """d from a figure to a point: max(0, centre distance - 0.5) (1.4)."""
    return max(0.0, centre_distance(a, p) - BASE_RADIUS)


def within(a: Point, b: Point, n: float) -> bool:
    """Figure ``b`` is within ``n`` pas of figure ``a``: d <= n (1.4)."""
    return distance(a, b) <= n


def above(elevation_a: float, elevation_b: float) -> bool:
    """A figure at ``elevation_a`` is above one at ``elevation_b``: at least 1 higher (1.7)."""
    return elevation_a - elevation_b >= ABOVE


def path_length(path: Sequence[Point]) -> float:
    """The length of the path drawn by a centre (1.4, 3.4)."""
    return sum(centre_distance(p, q) for p, q in zip(path, path[1:], strict=False))


def _union(intervals: Iterable[Interval]) -> list[Interval]:
    out: list[list[float]] = []
    for t0, t1 in sorted(intervals):
        if out and t0 <= out[-1][1]:
            out[-1][1] = max(out[-1][1], t1)
        else:
            out.append([t0, t1])
    return [(a, b) for a, b in out]


def _length(intervals: Iterable[Interval]) -> float:
    return sum(b - a for a, b in intervals)


def _overlap(first: list[Interval], second: list[Interval]) -> float:
    """The length common to two unions of intervals."""
    total, i, j = 0.0, 0, 0
    while i < len(first) and j < len(second):
        lo, hi = max(first[i][0], second[j][0]), min(first[i][1], second[j][1])
        if hi > lo:
            total += hi - lo
        if first[i][1] < second[j][1]:
            i += 1
        else:
            j += 1
    return total


class Measurer:
    """The instruments of one table (see the module's docstring)."""

    def __init__(self, table: Table = OPEN_TABLE) -> None:
        self.table = table
        pieces = table.pieces
        self._polygons = np.array([shapely.Polygon(p.points) for p in pieces], dtype=object)
        shapely.prepare(self._polygons)
        self._boundaries = shapely.boundary(self._polygons) if len(pieces) else self._polygons
        shapely.prepare(self._boundaries)
        self._heights = np.array([p.height for p in pieces], dtype=int)  # for the batch queries
        self._tree = shapely.STRtree(self._polygons)
        # plain lists for the single queries (a numpy scalar read in a loop costs more than the test)
        self._height = [p.height for p in pieces]
        self._restriction = [RESTRICTION[p.kind] for p in pieces]
        self._kinds = tuple(p.kind for p in pieces)
        self._difficult = [k is Kind.DIFFICULT for k in self._kinds]
        self._impassable = [k is Kind.IMPASSABLE for k in self._kinds]
        self._zones = [shapely.Polygon(z.points) for z in table.zones]
        for zone in self._zones:
            shapely.prepare(zone)
        self._zone_tests = [ZoneTest(zone) for zone in self._zones]  # why_not_deployable, in plain floats
        r = BASE_RADIUS - TOUCH  # 1.3: a centre's least and greatest x, y on the table (``on_table``)
        self.centre_limits = (r, table.width - r, table.depth - r)
        self._slow_or_top = [d or i for d, i in zip(self._difficult, self._impassable, strict=True)]
        self._outlines = [Outline(p.points) for p in pieces]
        # the pieces a segment question may touch, as index lists (a mask read piece by piece costs a
        # test per piece of the table): a move's (difficult or impassable), and the sight's per lower
        # eye height (the pieces taller than it, 1.8), filled as asked
        self._slow_or_top_ids = tuple(i for i, chosen in enumerate(self._slow_or_top) if chosen)
        self._taller: dict[float, tuple[int, ...]] = {}
        self._sight_cache: dict[tuple[float, ...], tuple[int, ...]] = {}
        self._held: dict[Point, list[int]] = {}  # the pieces holding a point (figures stand still a lot)
        self._segment_parts: dict[tuple[Point, Point], list[tuple[int, float, float]]] = {}

    # -- distances (1.4) and contact (1.5) --

    distance = staticmethod(distance)
    distance_to_point = staticmethod(distance_to_point)
    within = staticmethod(within)
    above = staticmethod(above)
    path_length = staticmethod(path_length)

    @staticmethod
    def distances(a: Point, positions: Sequence[Point]) -> np.ndarray:
        """d from figure ``a`` to each figure of ``positions``, edge to edge (1.4)."""
        if not len(positions):
            return np.zeros(0)
        xy = np.asarray(positions, dtype=float).reshape(-1, 2)
        return np.maximum(0.0, np.hypot(xy[:, 0] - a[0], xy[:, 1] - a[1]) - BASE_DIAMETER)

    def figures_within(self, a: Point, n: float, positions: Sequence[Point]) -> tuple[int, ...]:
        """The indices of the figures of ``positions`` within ``n`` of figure ``a`` (d <= n)."""
        return tuple(int(i) for i in np.flatnonzero(self.distances(a, positions) <= n))

    def on_top(self, p: Point) -> int | None:
        """The impassable piece whose interior holds ``p`` (a figure there is on top of it, 3.11),
        the highest if several; None on the ground."""
        tops = [i for i in self._holding(p) if self._impassable[i]]
        return max(tops, key=lambda i: self._height[i]) if tops else None

    def in_contact(self, a: Point, b: Point) -> bool:
        """Two figures are in contact: d <= 0.1, and both on the ground or both on top of the same
        impassable piece (1.5)."""
        if distance(a, b) > CONTACT:
            return False
        if not len(self._polygons):
            return True
        return self.on_top(a) == self.on_top(b)

    # -- terrain (1.6, 1.7) --

    def _holding(self, p: Point) -> list[int]:
        """The indices of the pieces whose interior holds ``p`` (a point on a boundary is outside, 1.6)."""
        found = self._held.get(p)
        if found is None:
            x, y = p
            found = [i for i, o in enumerate(self._outlines)
                     if o.min_x < x < o.max_x and o.min_y < y < o.max_y and o.holds(x, y)]
            if len(self._held) >= _SIGHT_CACHE:
                self._held.clear()
            self._held[p] = found
        return found

    def kind_at(self, p: Point) -> Kind:
        """The kind of terrain at ``p``: the most restrictive piece holding it, open if none (1.6)."""
        inside = self._holding(p)
        if not inside:
            return Kind.OPEN
        return self._kinds[max(inside, key=lambda i: self._restriction[i])]

    def elevation(self, p: Point) -> int:
        """The greatest h among the pieces whose interior holds ``p``, 0 if none (1.7)."""
        return max((self._height[i] for i in self._holding(p)), default=0)

    def elevations(self, points: Sequence[Point]) -> np.ndarray:
        """``elevation`` of many points at once (an int array)."""
        out = np.zeros(len(points), dtype=int)
        if not len(self._polygons) or not len(points):
            return out
        geoms = shapely.points(np.asarray(points, dtype=float).reshape(-1, 2))
        which, piece = self._tree.query(geoms, predicate="within")
        if len(which):
            inside = shapely.distance(self._boundaries[piece], geoms[which]) > EDGE
            which, piece = which[inside], piece[inside]
            np.maximum.at(out, which, self._heights[piece].astype(int))
        return out

    # -- the parts of a segment inside pieces --

    def _interiors(self, a: Point, b: Point, chosen: Sequence[bool]) -> list[tuple[int, float, float]]:
        """The parts of the segment a-b inside the interior of the pieces ``chosen`` selects:
        (piece, t0, t1), t the fraction of the way from a to b."""
        return self._parts(a, b, [i for i, wanted in enumerate(chosen) if wanted])

    def _parts(self, a: Point, b: Point, ids: Iterable[int]) -> list[tuple[int, float, float]]:
        """``_interiors`` for the pieces ``ids`` (in increasing order): a piece whose box the segment
        passes farther than ``BOX_SLACK`` from has no part (the middles ``Outline.inside_parts`` asks
        about would lie outside its box, which ``holds`` refuses first), so only the others are cut."""
        ax, ay = a
        bx, by = b
        lo_x, hi_x = (ax, bx) if ax < bx else (bx, ax)
        lo_y, hi_y = (ay, by) if ay < by else (by, ay)
        dx, dy = bx - ax, by - ay
        outlines = self._outlines
        out: list[tuple[int, float, float]] = []
        for i in ids:
            o = outlines[i]
            if hi_x < o.min_x or lo_x > o.max_x or hi_y < o.min_y or lo_y > o.max_y:
                continue
            if not _meets_box(ax, ay, dx, dy, o.min_x - BOX_SLACK, o.min_y - BOX_SLACK,
                              o.max_x + BOX_SLACK, o.max_y + BOX_SLACK):
                continue
            for t0, t1 in o.inside_parts(a, b):
                out.append((i, t0, t1))
        return out

    def _move_interiors(self, a: Point, b: Point, chosen: Sequence[bool]) -> list[tuple[int, float, float]]:
        """``_interiors`` for the masks of a move (impassable, difficult or impassable: the first a part of
        the second), the second's answer remembered per segment: the legality of a move asks both of the
        same segments (``impassable_crossed``, ``path_cost``)."""
        key = (a, b)
        found = self._segment_parts.get(key)
        if found is None:
            if len(self._segment_parts) >= SEGMENTS_KEPT:
                self._segment_parts.clear()
            found = self._segment_parts[key] = self._parts(a, b, self._slow_or_top_ids)
        if chosen is self._slow_or_top:
            return found
        return [part for part in found if chosen[part[0]]]

    # -- line of sight (1.8) --

    def sight(self, a: Point, b: Point, elevation_a: float | None = None,
              elevation_b: float | None = None) -> Sight:
        """Whether the figure at ``a`` sees the one at ``b`` (1.8), with the pieces that block.
        Elevations default to the positions' (1.7); a hanging figure's is given (3.11)."""
        ea = (self.elevation(a) if elevation_a is None else elevation_a) + EYE_HEIGHT
        eb = (self.elevation(b) if elevation_b is None else elevation_b) + EYE_HEIGHT
        return Sight(a, b, ea, eb, self._blockers(a, b, ea, eb))

    def sees(self, a: Point, b: Point, elevation_a: float | None = None,
             elevation_b: float | None = None) -> bool:
        """``sight(a, b, ...).seen``: A sees B unless some piece blocks (1.8); symmetric."""
        if not self._outlines:
            return True
        ea = (self.elevation(a) if elevation_a is None else elevation_a) + EYE_HEIGHT
        eb = (self.elevation(b) if elevation_b is None else elevation_b) + EYE_HEIGHT
        return not self._blockers(a, b, ea, eb)

    def _blockers(self, a: Point, b: Point, ea: float, eb: float) -> tuple[int, ...]:
        if not len(self._polygons):
            return ()
        if (b, eb) < (a, ea):  # symmetric: one answer for both directions
            a, b, ea, eb = b, a, eb, ea
        key = (a[0], a[1], b[0], b[1], ea, eb)
        found = self._sight_cache.get(key)
        if found is not None:
            return found
        low = min(ea, eb)
        tall = self._taller.get(low)
        if tall is None:  # the eye line never dips below the lower eye
            if len(self._taller) >= SEGMENTS_KEPT:  # a hanging figure's eye is any height
                self._taller.clear()
            tall = self._taller[low] = tuple(i for i, h in enumerate(self._height) if h > low)
        rise = eb - ea
        blocked = tuple(sorted({i for i, t0, t1 in self._parts(a, b, tall)
                                if ea + rise * t0 < self._height[i] or ea + rise * t1 < self._height[i]}))
        if len(self._sight_cache) >= _SIGHT_CACHE:
            self._sight_cache.clear()
        self._sight_cache[key] = blocked
        return blocked

    # -- moves (3.4) --

    def path_cost(self, path: Sequence[Point], difficult_as_open: bool = False) -> float:
        """The allowance a centre's path costs (3.4): its length outside difficult pieces plus
        ``DIFFICULT_FACTOR`` (2) times its length inside them; where an impassable piece overlaps
        a difficult one, the figure is on top and moves as on open terrain (3.11). With
        ``difficult_as_open`` (two cyber legs, 2.9; fleeing, 3.9) it is the path's length."""
        total = 0.0
        for a, b in zip(path, path[1:], strict=False):
            length = centre_distance(a, b)
            total += length
            if difficult_as_open or length == 0 or not any(self._difficult):
                continue
            parts = self._move_interiors(a, b, self._slow_or_top)
            if not parts:
                continue
            slow = _union((t0, t1) for i, t0, t1 in parts if self._difficult[i])
            on_top = _union((t0, t1) for i, t0, t1 in parts if self._impassable[i])
            inside = _length(slow) - _overlap(slow, on_top)
            total += (DIFFICULT_FACTOR - 1.0) * inside * length
        return total

    def difficult_length(self, path: Sequence[Point]) -> float:
        """The length of ``path`` inside difficult terrain (as ``path_cost`` counts it)."""
        return (self.path_cost(path) - path_length(path)) / (DIFFICULT_FACTOR - 1.0)

    def impassable_crossed(self, path: Sequence[Point]) -> tuple[int, ...]:
        """The impassable pieces whose interior the centre's path enters (3.4), sorted."""
        crossed: set[int] = set()
        if any(self._impassable):
            for a, b in zip(path, path[1:], strict=False):
                crossed.update(i for i, _, _ in self._move_interiors(a, b, self._impassable))
        return tuple(sorted(crossed))

    def climbable(self, piece: int) -> bool:
        """A rope climbs onto piece ``piece`` (its index): an impassable piece of h 1-10 (3.11)."""
        found = self.table.pieces[piece]
        return found.kind is Kind.IMPASSABLE and 1 <= found.height <= ROPE_MAX_HEIGHT

    def climb_cost(self, piece: int, outside_elevation: float) -> float:
        """The allowance a whole climb onto (or down off) piece ``piece`` costs from the elevation
        outside it: 2 per pas of height between them, up or down (3.11)."""
        return ROPE_COST_PER_PAS * abs(self.table.pieces[piece].height - outside_elevation)

    def edge_distances(self, p: Point) -> dict[str, float]:
        """The distance from the centre ``p`` to each table edge: ``"A"`` (y = 0), ``"B"`` (y =
        depth), ``"left"`` (x = 0), ``"right"`` (x = width) (8.4: a routing figure heads for the
        nearest; the owner breaks ties, 10.1)."""
        return {"A": p[1], "B": self.table.depth - p[1], "left": p[0], "right": self.table.width - p[0]}

    def nearest_edges(self, p: Point) -> tuple[str, ...]:
        """The table edges nearest the centre ``p`` (several when tied, 10.1)."""
        gaps = self.edge_distances(p)
        least = min(gaps.values())
        return tuple(edge for edge, gap in gaps.items() if gap <= least + TOUCH)

    def touches_edge(self, p: Point) -> bool:
        """The base at ``p`` touches a table edge: its centre within 0.5 of one (8.5)."""
        return min(self.edge_distances(p).values()) <= BASE_RADIUS + TOUCH

    def on_table(self, p: Point) -> bool:
        """The base at ``p`` lies wholly on the table: its centre >= 0.5 from every edge (1.3)."""
        lo, hi_x, hi_y = self.centre_limits
        return lo <= p[0] <= hi_x and lo <= p[1] <= hi_y

    def path_on_table(self, path: Sequence[Point]) -> bool:
        """The base stays on the table all along ``path`` (the table is convex: its corners do)."""
        return all(self.on_table(p) for p in path)

    @staticmethod
    def path_clearance(path: Sequence[Point], centres: Sequence[Point]) -> np.ndarray:
        """The least distance from the centre's ``path`` to each of ``centres`` (a numpy array):
        below 1 the bases overlap (1.3), at most 1.1 the figures touch (1.5). Computed in plain
        floats: a path has a few segments and a table a few dozen figures, fewer than numpy's
        overhead pays for."""
        x0, y0 = path[0]
        segments = [(p[0], p[1], q[0] - p[0], q[1] - p[1], (q[0] - p[0]) ** 2 + (q[1] - p[1]) ** 2)
                    for p, q in zip(path, path[1:], strict=False)]
        # squared distances, one square root per centre
        return np.array([math.sqrt(_squared_gap(cx, cy, x0, y0, segments)) for cx, cy in centres],
                        dtype=float)

    # -- positions (1.3) and deployment (1.9) --

    def why_position_illegal(self, p: Point, others: Sequence[Point] = (),
                             on_top_allowed: bool = False) -> Said | None:
        """Why no figure may stand at ``p`` beside the figures at ``others`` (1.3), or None: its
        base off the table, overlapping another, or its centre in an impassable piece (unless
        ``on_top_allowed``: a figure that climbed, 3.11)."""
        if not all(math.isfinite(v) for v in p):
            return Said("unpourun_table.position.not_a_number")
        if not self.on_table(p):
            return Said("unpourun_table.position.off_table", x=f"{p[0]:g}", y=f"{p[1]:g}")
        x, y = p
        for other in others:
            if math.hypot(other[0] - x, other[1] - y) < BASE_DIAMETER - TOUCH:
                return Said("unpourun_table.position.overlap", x=f"{other[0]:g}", y=f"{other[1]:g}")
        if not on_top_allowed and self.kind_at(p) is Kind.IMPASSABLE:
            return Said("unpourun_table.position.impassable")
        return None

    def position_legal(self, p: Point, others: Sequence[Point] = (), on_top_allowed: bool = False) -> bool:
        return self.why_position_illegal(p, others, on_top_allowed) is None

    def why_not_deployable(self, p: Point, zone: int, others: Sequence[Point] = ()) -> Said | None:
        """Why a figure may not deploy at ``p`` in zone ``zone`` (0 player A's, 1 player B's), or
        None: its base wholly in the zone, its centre in no impassable piece, no base overlapped
        (1.9, 1.3)."""
        why = self.why_position_illegal(p, others)
        if why is not None:
            return why
        if not self._zone_tests[zone].holds_base(p[0], p[1], BASE_RADIUS - TOUCH):
            return Said("unpourun_table.position.out_of_zone", zone="AB"[zone])
        return None

    def deployable(self, p: Point, zone: int, others: Sequence[Point] = ()) -> bool:
        return self.why_not_deployable(p, zone, others) is None

    # -- blasts (4.5) and explosions (4.6) --

    def blast(self, target: int, radius: float, positions: Sequence[Point], shooter: int | None = None,
              elevations: Sequence[float] | None = None) -> Blast:
        """The figures a blast of ``radius`` centred on figure ``target`` hits (4.5): every one but
        the ``shooter`` whose centre is within radius + 0.5 of the target's centre (d to that point
        <= radius) and which the target's position sees (1.8), the target always; nearest first
        (ties in index order). ``elevations`` default to the positions'."""
        centre = positions[target]
        reach = radius + BASE_RADIUS
        xy = np.asarray(positions, dtype=float).reshape(-1, 2)
        gaps = np.hypot(xy[:, 0] - centre[0], xy[:, 1] - centre[1])
        hit = []
        for i in np.argsort(gaps, kind="stable").tolist():
            if i == shooter or gaps[i] > reach:
                continue
            if i != target:
                e_t = None if elevations is None else elevations[target]
                e_i = None if elevations is None else elevations[i]
                if not self.sees(centre, positions[i], e_t, e_i):
                    continue
            hit.append(i)
        return Blast(centre, reach, tuple(hit))

    def explosion(self, bearer: int, radius: float, positions: Sequence[Point]) -> tuple[int, ...]:
        """The figures within ``radius`` of the ``bearer`` (d <= radius, bearer included), nearest
        first: a *canon* exploding (4.6, radius 3)."""
        d = self.distances(positions[bearer], positions)
        d[bearer] = -1.0
        return tuple(int(i) for i in np.argsort(d, kind="stable") if d[i] <= radius)


def _meets_box(ax: float, ay: float, dx: float, dy: float, lo_x: float, lo_y: float, hi_x: float,
               hi_y: float) -> bool:
    """The segment from (ax, ay) by (dx, dy) meets the closed box (Liang-Barsky clipping)."""
    t0, t1 = 0.0, 1.0
    for p, q in ((-dx, ax - lo_x), (dx, hi_x - ax), (-dy, ay - lo_y), (dy, hi_y - ay)):
        if p == 0.0:
            if q < 0.0:
                return False
        else:
            r = q / p
            if p < 0.0:
                if r > t0:
                    t0 = r
            elif r < t1:
                t1 = r
            if t0 > t1:
                return False
    return True


Segment = tuple[float, float, float, float, float]  # start x, y; step x, y; the step's squared length


def _squared_gap(cx: float, cy: float, x0: float, y0: float, segments: Sequence[Segment]) -> float:
    """The squared distance from (cx, cy) to a path starting at (x0, y0) made of ``segments``
    (``path_clearance``'s and ``query.path_problem``'s one arithmetic)."""
    wx, wy = cx - x0, cy - y0
    best = wx * wx + wy * wy
    for px, py, dx, dy, span in segments:
        wx, wy = cx - px, cy - py
        dot = wx * dx + wy * dy
        if dot >= span:
            wx, wy = wx - dx, wy - dy
        elif dot > 0:
            t = dot / span
            wx, wy = wx - t * dx, wy - t * dy
        gap = wx * wx + wy * wy
        if gap < best:
            best = gap
    return best
