"""The way round: the shortest run between two points through free points (RULES 2.4, 5.1), for a
coach who clicks a point behind an obstacle (issue 25: routed round it instead of refused).

A run is straight segments between waypoints, each lattice step to one of the 8 neighbours; every
point it passes must be free (no obstacle but a steppable end, no figure). ``route`` finds the run
of fewest steps, and among those the one of fewest turns, and gives it as waypoints: the points
where it turns, then the end. The engine still judges the run (``why_move_illegal``): the route only
proposes it.
"""

from __future__ import annotations

import heapq

from paintcheck.field.lattice import Point
from paintcheck.rules.measure import Measurer
from paintcheck.rules.state import MatchState

_STEPS = ((1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1))


def route(m: Measurer, state: MatchState, mover: str, start: Point, end: Point,
          limit: int) -> tuple[Point, ...] | None:
    """The waypoints of the shortest free run from ``start`` to ``end`` of at most ``limit``
    steps (fewest turns among the shortest), or None when there is none. ``mover``'s own point
    is free to him."""
    taken = {q.point for q in state.players.values() if q.point is not None and q.id != mover}

    def free(p: Point) -> bool:
        return m.on_field(p) and not m.blocked(p) and p not in taken

    if start == end or not free(end) or m.obstacle_at(end) is not None:
        return None
    # Dijkstra on (point, heading): cost (steps, turns)
    best: dict[tuple[Point, int], tuple[int, int]] = {}
    came: dict[tuple[Point, int], tuple[Point, int] | None] = {}
    queue: list[tuple[int, int, Point, int]] = []
    for h, (dx, dy) in enumerate(_STEPS):
        p = (start[0] + dx, start[1] + dy)
        if free(p):
            best[p, h] = (1, 0)
            came[p, h] = None
            heapq.heappush(queue, (1, 0, p, h))
    while queue:
        steps, turns, p, h = heapq.heappop(queue)
        if best.get((p, h)) != (steps, turns):
            continue
        if p == end:
            return _waypoints(start, _walk(came, (p, h)))
        if steps >= limit:
            continue
        for h2, (dx, dy) in enumerate(_STEPS):
            q = (p[0] + dx, p[1] + dy)
            if not free(q):
                continue
            cost = (steps + 1, turns + (h2 != h))
            if cost < best.get((q, h2), (limit + 1, 0)):
                best[q, h2] = cost
                came[q, h2] = (p, h)
                heapq.heappush(queue, (*cost, q, h2))
    return None


def _walk(came: dict[tuple[Point, int], tuple[Point, int] | None], node: tuple[Point, int]
          ) -> list[tuple[Point, int]]:
    out = []
    current: tuple[Point, int] | None = node
    while current is not None:
        out.append(current)
        current = came[current]
    return out[::-1]


def _waypoints(start: Point, steps: list[tuple[Point, int]]) -> tuple[Point, ...]:
    """The points where the run turns, then its end."""
    out = [p for (p, h), (_, h_next) in zip(steps, steps[1:], strict=False) if h != h_next]
    return (*out, steps[-1][0])
