"""3.11, rope and grapple: where a Walk, Run or rout path of a figure with a rope ends, and whether it
hangs there. The rules once, for the engine (which moves the figure) and the legality (which refuses).

A climb happens on the segment that goes onto or off an impassable piece of h 1-10, at the point P where
that segment crosses the piece's boundary. A figure whose allowance ends during a climb **hangs** at P:
its ``hanging`` is (the piece, the elevation it reached); its next move continues the climb, up (a first
segment into the piece) or back down (any other first segment), at 2 of allowance per *pas* of height.

House decisions (docs/rules-decisions-unpourun.md): only the last segment of a path may stop in a climb
(the rest of it is lost, 3.4), and only when the allowance reaches P but cannot pay the whole climb; a
hanging figure stops again only on a path of one segment, whose climb it still cannot finish.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from paintcheck.unpourun.query import EPS, Board
from paintcheck.unpourun.state import Figure, MatchState, Point
from paintcheck.unpourun.terrain import ROPE_COST_PER_PAS

CROSSING_BISECTIONS = 60  # P found to 2^-60 of the segment (well within the measurer's 1e-9 edge)


@dataclass(frozen=True)
class Move:
    """A path's outcome: ``problem`` (a refusal key's tail, None when legal), where the centre ends and
    the figure's ``hanging`` there (None: not hanging)."""

    problem: str | None
    end: Point | None = None
    hanging: tuple[int, float] | None = None


def crossing(b: Board, p: Point, q: Point, piece: int) -> Point:
    """The point where the segment p-q crosses the boundary of ``piece`` (one end on top of it, the
    other not), taken on the outside (the boundary counts as outside, 1.6)."""
    inside_at_p = b.m.on_top(p) == piece
    lo, hi = 0.0, 1.0  # lo: the side of p, hi: the side of q

    def at(x: float) -> Point:
        return (p[0] + (q[0] - p[0]) * x, p[1] + (q[1] - p[1]) * x)

    for _ in range(CROSSING_BISECTIONS):
        mid = (lo + hi) / 2
        if (b.m.on_top(at(mid)) == piece) == inside_at_p:
            lo = mid
        else:
            hi = mid
    return at(hi if inside_at_p else lo)


PLANS_KEPT = 256  # move outcomes remembered per tuple of figures (a few per decision)


def plan(b: Board, s: MatchState, f: Figure, path: Sequence[Point], allowance: float,
         difficult_as_open: bool) -> Move:
    """3.4 and 3.11: the outcome of a Walk, Run or rout path of ``f`` with ``allowance``. Remembered
    for the state's tuple of figures (``Board.plans``): the legality asks it, then the engine moves the
    figure by it, on the same figures."""
    if type(path) is not tuple:
        return _plan(b, s, f, path, allowance, difficult_as_open)
    for p in path:  # 1 == 1.0: only pairs of floats are remembered
        if not (type(p) is tuple and len(p) == 2 and type(p[0]) is float and type(p[1]) is float):
            return _plan(b, s, f, path, allowance, difficult_as_open)
    known = b.plans(s)
    key = (f.id, path, allowance, difficult_as_open)
    found = known.get(key)
    if found is not None and found[0] is f:  # the same frozen figure (held there too)
        move = found[1]
        assert isinstance(move, Move)
        return move
    move = _plan(b, s, f, path, allowance, difficult_as_open)
    if len(known) >= PLANS_KEPT:
        known.clear()
    known[key] = (f, move)
    return move


def _plan(b: Board, s: MatchState, f: Figure, path: Sequence[Point], allowance: float,
          difficult_as_open: bool) -> Move:
    if f.hanging is not None:
        return _from_hanging(b, s, f, path, allowance, difficult_as_open)
    problem = b.path_problem(s, f, path, allowance, difficult_as_open, climbing=True)
    if problem is None:
        return Move(None, path[-1])
    if problem != "too_far" or not f.rope:
        return Move(problem)
    full = [b.pos(f), *path]
    p, q = full[-2], full[-1]
    tp, tq = b.m.on_top(p), b.m.on_top(q)
    if tp == tq:
        return Move(problem)
    piece = tq if tq is not None else tp
    assert piece is not None
    up = piece == tq
    at = crossing(b, p, q, piece)
    before = [*full[:-1], at]
    if b.path_problem(s, f, before[1:], math.inf, difficult_as_open, climbing=True) is not None:
        return Move(problem)
    spent = b.m.path_cost(before, difficult_as_open) + b.climb_cost(f, full[:-1])
    if tp is not None and tq is not None:
        return Move(problem)  # from one top straight onto another: not a climb that can stop at P
    ground = b.m.elevation(at)
    climb = b.m.climb_cost(piece, ground)
    left = allowance - spent
    if left < -EPS or left >= climb - EPS:
        return Move(problem)  # short before the climb, or the climb is paid and the rest is not
    height = b.m.table.pieces[piece].height
    rise = max(0.0, left) / ROPE_COST_PER_PAS
    return Move(None, at, (piece, ground + rise if up else height - rise))


def _from_hanging(b: Board, s: MatchState, f: Figure, path: Sequence[Point], allowance: float,
                  difficult_as_open: bool) -> Move:
    """A hanging figure goes on climbing: up when its first point is on top of the piece, else down."""
    assert f.hanging is not None
    piece, reached = f.hanging
    p = b.pos(f)
    if not path:
        return Move("empty")
    problem = b.path_problem(s, f, path, math.inf, difficult_as_open, climbing=True)
    if problem is not None:
        return Move(problem)
    up = b.m.on_top(path[0]) == piece
    if not up and b.m.on_top(path[0]) is not None:
        return Move("impassable")
    rest, walked = _hanging_parts(b, f, path, up, difficult_as_open)
    if walked + rest <= allowance + EPS:
        return Move(None, path[-1])
    if len(path) > 1 or rest <= allowance + EPS:
        return Move("too_far")
    rise = max(0.0, allowance) / ROPE_COST_PER_PAS
    return Move(None, p, (piece, reached + rise if up else reached - rise))


def _hanging_parts(b: Board, f: Figure, path: Sequence[Point], up: bool,
                   difficult_as_open: bool) -> tuple[float, float]:
    """A hanging figure's path (3.11): the allowance the rest of its climb costs (up, or back down) and
    what the path costs after it (its ground, and any climb further on)."""
    assert f.hanging is not None
    piece, reached = f.hanging
    p = b.pos(f)
    full = [p, *path]
    height, ground = b.m.table.pieces[piece].height, b.m.elevation(p)
    rest = ROPE_COST_PER_PAS * ((height - reached) if up else (reached - ground))
    walked = b.m.path_cost(full, difficult_as_open) + b.climb_cost(f, full)
    if up:
        walked -= b.m.climb_cost(piece, ground)  # path_problem counted the whole climb from the ground
    return rest, walked


def move_cost(b: Board, f: Figure, path: Sequence[Point], difficult_as_open: bool,
              climbing: bool = True) -> float:
    """The cost of ``f``'s path that its legality compares to the allowance (3.4, 3.11): ``Board.move_cost``
    (ground and climbs), or for a hanging figure on a Walk or Run the rest of its climb and what follows
    (``plan``'s own sum). ``climbing``: a Walk, Run or rout path (a rope may climb)."""
    if not climbing or f.hanging is None or not path:
        return b.move_cost(f, path, difficult_as_open, climbing)
    piece = f.hanging[0]
    up = b.m.on_top(path[0]) == piece
    rest, walked = _hanging_parts(b, f, path, up, difficult_as_open)
    return walked + rest
