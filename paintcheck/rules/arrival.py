"""Where a run ends: the runner's arrival point, or during the break, when a figure already stands
there, the last free point of his path [H]; and the points he ran to get there. The end of a round
moves its runners with it (``engine.finish_round``), and so does the resolution for a runner whose
move was over when he was eliminated (RULES 11.3)."""

from __future__ import annotations

from collections.abc import Sequence

from paintcheck.field.lattice import Point
from paintcheck.rules.measure import Measurer
from paintcheck.rules.plan import Plan
from paintcheck.rules.state import MatchState
from paintcheck.rules.vocab import Side


def arrival(m: Measurer, s: MatchState, pid: str, plan: Plan) -> tuple[Point, str | None, str | None]:
    """Where a runner stops, with his cover and side there: his arrival point, or during the break,
    when a figure already stands there (runs of one break round cross), the last free point of his
    path [H]."""
    runner, end = s.players[pid], plan.end
    if not any(q.point == end and q is not runner for q in s.players.values()):  # nobody there
        return end, plan.final.cover, plan.final.side
    taken = {q.point for q in s.players.values() if q.on_field and q is not runner}
    assert plan.path is not None  # he ran
    for point in reversed(plan.path[:-1]):
        if point not in taken and m.obstacle_at(point) is None:
            covers = m.covers(point)
            if not covers:
                return point, None, None
            side = plan.final.side
            if side not in (Side.LEFT, Side.RIGHT) and not m.obstacle(covers[0]).overable:
                side = Side.LEFT
            return point, covers[0], side or Side.LEFT
    return plan.start, s.players[pid].cover, s.players[pid].side


def ran_to(plan: Plan, end: Point) -> tuple[Point, ...]:
    """The points ``plan``'s run passed to stop at ``end``: its whole path, or, cut short, its path up
    to the last time it passes ``end``."""
    path: Sequence[Point] | None = plan.path
    assert path is not None  # he ran
    if end == plan.end:
        return tuple(path)
    last = len(path) - 1 - path[::-1].index(end)
    return tuple(path[: last + 1])
