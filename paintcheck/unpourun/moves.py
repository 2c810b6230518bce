"""Moves: a Walk, Run or rout path (3.4, 3.11), a move along a path, the forced moves straight away
(6.3, 6.4, 6.5) and the rout moves toward the edge (8.4, 8.5), for the engine's ``_Work``.

Each function takes the decision being applied (the engine's ``_Work``: the state's copy, the
dice, the events made) and reaches the other subjects through it.
"""

from __future__ import annotations

import logging
import math
from typing import TYPE_CHECKING

from paintcheck.unpourun import actions as a
from paintcheck.unpourun import tables as t
from paintcheck.unpourun.allowance import rout_allowance
from paintcheck.unpourun.climb import plan
from paintcheck.unpourun.pa import decision_pa
from paintcheck.unpourun.query import EPS
from paintcheck.unpourun.state import Figure, Point, Status
from paintcheck.unpourun.state import changed as replace  # dataclasses.replace for figures, faster
from paintcheck.unpourun.terrain import ROPE_COST_PER_PAS, Kind

if TYPE_CHECKING:
    from paintcheck.unpourun.engine import _Work

log = logging.getLogger(__name__)

RAY_BISECTIONS = 24  # a forced move's end found to 2^-24 of its length


def climb_along(work: _Work, f: Figure, path: a.Path, allowance: float, kind: str, rule: str = "3.4") -> None:
    """3.4, 3.11: a Walk, Run or rout path, which may end hanging in a climb it cannot finish."""
    move = plan(work.b, work.s, f, path, allowance, f.stats.difficult_as_open)
    assert move.problem is None and move.end is not None
    if move.hanging is None and f.hanging is None:
        work.move_along(f, (move.end,), kind, rule)
        return
    work.put(replace(f, pos=move.end, hanging=move.hanging))
    work.ev(kind, rule, figure=f.id, x=move.end[0], y=move.end[1])
    if move.hanging is not None:
        work.ev("hangs", "3.11", figure=f.id, height=round(move.hanging[1], 6))
    work.sightings(f.id)


def move_along(work: _Work, f: Figure, path: a.Path, kind: str, rule: str) -> None:
    if not path:
        return
    end = path[-1]
    work.put(replace(f, pos=end))
    work.ev(kind, rule, figure=f.id, x=end[0], y=end[1])
    work.sightings(f.id)


def straight_away(work: _Work, fid: str, z: Point, k: float, rule: str) -> float:
    """6.5: along the ray from Z through the figure, until k is spent or the next point would be
    illegal; an engaged figure does not move. Returns the allowance spent."""
    f = work.fig(fid)
    if not f.standing or f.hanging is not None or work.b.engaged(work.s, f) or k <= 0:
        return 0.0
    p = work.b.pos(f)
    dx, dy = p[0] - z[0], p[1] - z[1]
    n = math.hypot(dx, dy)
    if n <= EPS:
        return 0.0
    return work.ray(f, (dx / n, dy / n), k, rule, "withdrew")


def ray(work: _Work, f: Figure, u: Point, k: float, rule: str, kind: str) -> float:
    """The farthest legal point along direction u from f with path cost <= k; moves f there."""
    start = work.b.pos(f)
    limit = work.b.ray_limit(work.s, f, start, u)
    length = min(limit, k)  # the cost is at least the length

    def at(x: float) -> Point:
        return (start[0] + u[0] * x, start[1] + u[1] * x)

    def fits(x: float) -> bool:
        path = [start, at(x)]
        return (not work.m.impassable_crossed(path) and work.m.kind_at(path[-1]) != Kind.IMPASSABLE
                and work.m.path_cost(path, f.stats.difficult_as_open) <= k + EPS)

    if length > 0 and not fits(length):
        lo, hi = 0.0, length
        for _ in range(RAY_BISECTIONS):
            mid = (lo + hi) / 2
            lo, hi = (mid, hi) if fits(mid) else (lo, mid)
        length = lo
    if length <= EPS:
        return 0.0
    end = at(length)
    work.put(replace(f, pos=end))
    spent = work.m.path_cost([start, end], f.stats.difficult_as_open)
    work.ev(kind, rule, figure=f.id, x=end[0], y=end[1])
    work.sightings(f.id)
    return spent


def rout_move(work: _Work, fid: str, path: a.Path = (), edge: str = "") -> None:
    """8.4, 8.5: straight toward the nearest edge with what is left (or the owner's path, when the
    line is blocked); the figure leaves the table when its base touches the edge (at the start of the
    move or during it)."""
    s = work.s
    act = s.activation
    f = work.fig(fid)
    pa = act.pa if act is not None else 0
    if act is not None:
        act.pa -= decision_pa(work.b, s, f, a.RoutMove(path, edge))  # 8.4: all it has left
    if work.m.touches_edge(work.b.pos(f)):
        work.leave(fid)
        return
    direction = work.b.nearest_edge_direction(work.b.pos(f), edge)
    allowance = rout_allowance(f, pa)
    if path:
        work.climb_along(f, path, allowance, "rout_move", "8.4")
    elif allowance > 0 and f.hanging is not None:
        allowance = work.climb_down(f, allowance)
        f = work.fig(fid)
        if allowance > 0 and f.hanging is None:
            work.ray(f, direction, allowance, "8.4", "rout_move")
    elif allowance > 0:
        work.ray(f, direction, allowance, "8.4", "rout_move")
    f = work.fig(fid)
    if f.standing and f.pos is not None and min(work.m.edge_distances(f.pos).values()) <= \
            t.BASE_RADIUS + 1e-6:
        work.leave(fid)


def climb_down(work: _Work, f: Figure, allowance: float) -> float:
    """8.4 [H], 3.11: a hanging routing figure first climbs back down at P; returns what is left."""
    assert f.hanging is not None
    piece, reached = f.hanging
    ground = work.m.elevation(work.b.pos(f))
    cost = ROPE_COST_PER_PAS * (reached - ground)
    if cost <= allowance + EPS:
        work.put(replace(f, hanging=None))
        work.ev("climbed_down", "3.11", figure=f.id)
        return max(0.0, allowance - cost)
    height = reached - allowance / ROPE_COST_PER_PAS
    work.put(replace(f, hanging=(piece, height)))
    work.ev("hangs", "3.11", figure=f.id, height=round(height, 6))
    return 0.0


def leave(work: _Work, fid: str) -> None:
    f = work.fig(fid)
    work.put(replace(f, status=Status.GONE, pos=None))
    work.ev("left_table", "8.5", figure=fid)
