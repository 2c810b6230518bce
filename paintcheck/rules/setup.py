"""The default position at the start of turn 2, used until the break exists (RULES §12).

Each team's five players stand behind obstacles of their own half, spread out: a deterministic
choice from the layout alone, so the same layout always starts the same way."""

from __future__ import annotations

from collections.abc import Iterable

from paintcheck.field.lattice import DEFAULT_LATTICE, Lattice, Point, half_of, row_of
from paintcheck.rules import tables
from paintcheck.rules.actions import player_id
from paintcheck.rules.measure import Measurer
from paintcheck.rules.state import MatchState, new_match
from paintcheck.rules.vocab import TEAMS, Side

START_ROW_FROM = 4  # [H] a default position uses rows 4 to the row before the base (4-12 by default)


Position = tuple[Point, str | None, Side | None]  # point, cover, side


def default_positions(points: Iterable[Point], m: Measurer,
                      lattice: Lattice = DEFAULT_LATTICE) -> dict[str, Position]:
    """Five players per team behind covers of their half, far apart (greedy farthest-point)."""
    points = list(points)
    rows = range(START_ROW_FROM, lattice.base_row)
    mid = lattice.columns // 2
    candidates = [p for p in points if m.obstacle_at(p) is None and row_of(p) in rows]
    out = {}
    for team in TEAMS:
        own = sorted((p for p in candidates if half_of(p) == team and m.covers(p)),
                     key=lambda p: (row_of(p), abs(p[0] - mid), p[0]))
        if len(own) < tables.PLAYERS_PER_TEAM:
            own += sorted((p for p in candidates if half_of(p) == team and p not in own),
                          key=lambda p: (-row_of(p), p[0]))
        if len(own) < tables.PLAYERS_PER_TEAM:  # a crowded field: any free point of the half
            own += sorted((p for p in points if half_of(p) == team and p not in own
                           and m.obstacle_at(p) is None), key=lambda p: (-row_of(p), p[0]))
        chosen = [own[0]]
        while len(chosen) < tables.PLAYERS_PER_TEAM:
            best = max((p for p in own if p not in chosen),
                       key=lambda p: (min(_d2(p, c) for c in chosen), -row_of(p), p[0]))
            chosen.append(best)
        chosen.sort(key=lambda p: (p[0], row_of(p)))
        for jersey, point in enumerate(chosen, start=1):
            covers = m.covers(point)
            cover = covers[0] if covers else None
            side = None
            if cover is not None:
                side = (Side.OVER if m.obstacle(cover).overable
                        else Side.LEFT if point[0] <= mid else Side.RIGHT)
            out[player_id(team, jersey)] = (point, cover, side)
    return out


def default_match(
    layout_name: str,
    points: Iterable[Point],
    m: Measurer,
    flag_homes: dict[str, Point] | None = None,
    lattice: Lattice = DEFAULT_LATTICE,
) -> MatchState:
    return new_match(layout_name, default_positions(points, m, lattice), flag_homes, lattice)


def _d2(a: Point, b: Point) -> int:
    return (a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2
