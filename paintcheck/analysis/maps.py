"""Exposure and threat maps of a field, and its pieces table (docs/analysis.md has the definitions).

The maps are drawn for one team's figures (Blue by default; White's are their mirror, RULES 1.6):

* points: the lattice points no obstacle stands on;
* a shot is possible from q (shooter posture X) to p when the ruler's line of fire is not
  "impossible" (RULES 8.4), every obstacle next to q or next to p (king step) left out;
* exposure_X(p): how many points q of the enemy half have a shot possible from q to p;
* threat_X(q): how many points p of the enemy half q has a shot possible to.

Everything comes from the sight table: for a posture, a touch forbids the shot when the table of
RULES 8.4 says "impossible" for its height and effect and its obstacle is next to neither end;
the possible shots are then one boolean (points x points) matrix, and the maps its sums.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from functools import cached_property

import numpy as np

from paintcheck.field.lattice import Point, neighbours, other_team
from paintcheck.field.layout import Field, Obstacle
from paintcheck.geometry.sight import SightTable, sight_table
from paintcheck.rules import tables

POSTURES = tables.POSTURES
TEAM_SIGN = {"blue": -1, "white": 1}  # the sign of y in a team's half


@dataclass(frozen=True)
class FieldMaps:
    """One team's exposure and threat maps for one shooter posture, over every free point."""

    team: str
    posture: str
    exposure: dict[Point, int]
    threat: dict[Point, int]


@dataclass(frozen=True)
class PieceRow:
    """One line of the pieces table, for one posture (None: the piece has no cover point, or no
    cover point is reachable from the base)."""

    id: str
    kind: str
    cover_points: tuple[Point, ...]
    exposure_min: int | None
    threat_max: int | None
    enemy_cover_points_shot: int | None
    steps_from_base: int | None


def in_half(point: Point, team: str) -> bool:
    return point[1] * TEAM_SIGN[team] > 0


def belongs_to(obstacle: Obstacle, team: str) -> bool:
    """An obstacle is of ``team``'s half when every point it stands on lies in that half; one on
    or across the centre line belongs to neither."""
    return all(in_half(p, team) for p in obstacle.points)


class FieldStudy:
    """The maps and the pieces table of one field, from its sight table."""

    def __init__(self, field: Field, table: SightTable | None = None) -> None:
        self.field = field
        self.table = table if table is not None else sight_table(field)
        ids = tuple(o.id for o in field.obstacles)
        if self.table.obstacle_ids != ids:
            raise ValueError("the sight table belongs to another layout")
        self.xy = self.table.points  # (N, 2) ints
        self.points: list[Point] = [tuple(p) for p in self.xy.tolist()]
        self.position = self.table.point_index
        n, m = len(self.points), len(ids)
        self.free = np.array([p not in field.standing_on for p in self.points], dtype=bool)
        # next[i, o]: obstacle o stands on a king-neighbour of point i
        self._possible: dict[str, np.ndarray] = {}
        self._maps: dict[tuple[str, str], FieldMaps] = {}  # the maps and pieces asked for, kept
        self._pieces: dict[tuple[str, str], list[PieceRow]] = {}
        self._covers: dict[str, tuple[Point, ...]] = {}
        self._steps: dict[str, dict[Point, int]] = {}
        self.next_to = np.zeros((n, m), dtype=bool)
        for o_index, obstacle in enumerate(field.obstacles):
            for q in self._around(obstacle):
                self.next_to[self.position[q], o_index] = True

    def _around(self, obstacle: Obstacle) -> set[Point]:
        """Lattice points at a king step from one of the obstacle's points (not its own)."""
        lattice = self.field.lattice
        return {
            q for p in obstacle.points for q in neighbours(p)
            if lattice.contains(q) and q not in obstacle.points
        }

    # -- shots -------------------------------------------------------------------------------------

    def possible(self, posture: str) -> np.ndarray:
        """(N, N) booleans over the table's points: a shot is possible from [q] to [p] (each
        posture computed when first asked: a live map asks for one)."""
        found = self._possible.get(posture)
        if found is None:
            found = self._possible[posture] = self._possible_of(posture)
        return found

    @cached_property
    def _touching(self) -> tuple[np.ndarray, np.ndarray]:
        """The ruler's touches whose obstacle is next to neither end, which alone count: each one's
        code (obstacle and graze/cross) and pair (shooter * N + target)."""
        t = self.table
        n = len(self.points)
        rows = np.flatnonzero(~self.next_to[t.shooter, t.obstacle] & ~self.next_to[t.target, t.obstacle])
        code = t.obstacle[rows].astype(np.intp) * 2 + t.crossed[rows]
        pair = t.shooter[rows].astype(np.int64) * n + t.target[rows]
        return code, pair

    def _possible_of(self, posture: str) -> np.ndarray:
        t = self.table
        n = len(self.points)
        code, pair = self._touching
        forbid = np.array(
            [[tables.line_of_fire_modifier(posture, h, crossed) is None for crossed in (False, True)]
             for h in t.heights],
            dtype=bool,
        ).reshape(-1)
        blocked = np.zeros(n * n, dtype=bool)
        blocked[pair[forbid[code]]] = True
        return ~blocked.reshape(n, n)

    def half_mask(self, team: str) -> np.ndarray:
        """The free points of ``team``'s half."""
        sign = TEAM_SIGN[team]
        return self.free & (self.xy[:, 1] * sign > 0)

    # -- maps -----------------------------------------------------------------------------------

    def maps(self, posture: str, team: str = "blue") -> FieldMaps:
        """``team``'s exposure and threat maps for a shooter in ``posture`` (every free point)."""
        if posture not in POSTURES:
            raise ValueError(f"unknown posture {posture!r}")
        found = self._maps.get((posture, team))
        if found is None:
            found = self._maps[(posture, team)] = self._maps_of(posture, team)
        return found

    def _maps_of(self, posture: str, team: str) -> FieldMaps:
        possible = self.possible(posture)
        enemy = self.half_mask(other_team(team))
        exposure = possible[enemy, :].sum(axis=0)
        threat = possible[:, enemy].sum(axis=1)
        free = np.flatnonzero(self.free).tolist()
        return FieldMaps(
            team, posture,
            {self.points[i]: int(exposure[i]) for i in free},
            {self.points[i]: int(threat[i]) for i in free},
        )

    # -- pieces ---------------------------------------------------------------------------------

    def cover_points(self, obstacle: Obstacle) -> tuple[Point, ...]:
        """The free points next to ``obstacle`` (king step), in lattice order."""
        found = self._covers.get(obstacle.id)
        if found is None or self.field.by_id.get(obstacle.id) is not obstacle:
            around = self._around(obstacle)
            found = tuple(p for p in self.points if p in around and p not in self.field.standing_on)
            if self.field.by_id.get(obstacle.id) is obstacle:
                self._covers[obstacle.id] = found
        return found

    def steps_from_base(self, team: str) -> dict[Point, int]:
        """Fewest king steps from ``team``'s base row to each free point, through free points."""
        found = self._steps.get(team)
        if found is None:
            found = self._steps[team] = self._steps_of(team)
        return dict(found)

    def _steps_of(self, team: str) -> dict[Point, int]:
        lattice = self.field.lattice
        base_y = lattice.world(team, 0, lattice.base_row)[1]
        standing = self.field.standing_on
        dist = {p: 0 for p in self.points if p[1] == base_y and p not in standing}
        queue = deque(dist)
        while queue:
            p = queue.popleft()
            for q in neighbours(p):
                if q not in dist and lattice.contains(q) and q not in standing:
                    dist[q] = dist[p] + 1
                    queue.append(q)
        return dist

    def pieces(self, posture: str, team: str = "blue") -> list[PieceRow]:
        """The pieces table: every obstacle not of the enemy half, in the layout's order."""
        found = self._pieces.get((posture, team))
        if found is None:
            found = self._pieces[(posture, team)] = self._pieces_of(posture, team)
        return list(found)

    def _pieces_of(self, posture: str, team: str) -> list[PieceRow]:
        maps = self.maps(posture, team)
        enemy = other_team(team)
        enemy_covers = sorted({
            self.position[p] for o in self.field.obstacles if belongs_to(o, enemy)
            for p in self.cover_points(o)
        })
        possible = self.possible(posture)
        steps = self.steps_from_base(team)
        rows = []
        for obstacle in self.field.obstacles:
            if belongs_to(obstacle, enemy):
                continue
            covers = self.cover_points(obstacle)
            if covers:
                idx = [self.position[p] for p in covers]
                shot = possible[np.ix_(idx, enemy_covers)].sum(axis=1) if enemy_covers else [0]
                reach = [steps[p] for p in covers if p in steps]
                row = PieceRow(
                    obstacle.id, obstacle.kind.id, covers,
                    min(maps.exposure[p] for p in covers), max(maps.threat[p] for p in covers),
                    int(max(shot)), min(reach) if reach else None,
                )
            else:
                row = PieceRow(obstacle.id, obstacle.kind.id, (), None, None, None, None)
            rows.append(row)
        return rows


def dominance_key(row: PieceRow) -> tuple[int, int, int, int, str]:
    """Most dominant first: highest threat, then lowest exposure, then most enemy cover points
    shot, then fewest steps from the base; pieces without cover points last."""
    big = 10**9
    return (
        -(row.threat_max if row.threat_max is not None else -1),
        row.exposure_min if row.exposure_min is not None else big,
        -(row.enemy_cover_points_shot or 0),
        row.steps_from_base if row.steps_from_base is not None else big,
        row.id,
    )
