"""The break sheet of the ``normal`` and ``easy`` coaches (RULES 12).

Runners go from their base to the best-protected covered points in reach of a straight run (the
longer the run, the more template and reflex fire it meets, so the run's length costs a little) and
end with DEF; one player prebunks the piece the other side would most likely take, read as the mirror
of our own best piece (the shipped fields are mirror images, RULES 1)."""

from __future__ import annotations

from dataclasses import replace

from paintcheck.field.lattice import FORWARD, Point, mirror_point
from paintcheck.rules import tables
from paintcheck.rules.actions import BreakSheet, Def, Move, SheetLine, Support
from paintcheck.rules.break_turn import why_line_illegal
from paintcheck.rules.state import MatchState

RUN_LENGTH_COST = 0.15  # protection points a runner gives up per point of run
FORWARD_WORTH = 0.12  # protection points a row won is worth


class SheetPlanner:
    def __init__(self, coach, state: MatchState) -> None:
        self.coach, self.state, self.m, self.team = coach, state, coach.m, coach.team
        self.bases = [p for p in state.lattice.base_points(self.team) if self.m.obstacle_at(p) is None]

    def places(self) -> list[tuple[float, Point, str]]:
        """(worth, point, cover) of the covered points a runner can reach from some base point."""
        m, lattice = self.m, self.state.lattice
        out = []
        for pt in lattice.points():
            if m.obstacle_at(pt) is not None or not m.covers(pt):
                continue
            start = min(self.bases, key=lambda b: (abs(b[0] - pt[0]), b))
            path = m.path(start, (pt,))
            length = len(path) - 1
            if not 1 <= length <= tables.MAX_MOVE or any(m.blocked(q) for q in path[1:]):
                continue
            worth, cover = max((tables.obstacle_protection(m.obstacle(c).kind, "kneeling"), c)
                               for c in m.covers(pt))
            rows = FORWARD[self.team] * (pt[1] - start[1])
            out.append((worth + FORWARD_WORTH * rows - RUN_LENGTH_COST * length, pt, cover))
        return out

    def sheets(self):
        """Candidate sheets, the coach's preferred first."""
        places = self.places()
        ranked = self.coach.ranked([(w, (pt, cover)) for w, pt, cover in places])
        players = [p.id for p in self.state.team_players(self.team)]
        prebunk = self._prebunker(players[-1], ranked)
        runners = players[:-1] if prebunk else players
        lines = self._runners(runners, ranked, {prebunk.start} if prebunk else set())
        if prebunk and lines is not None:
            yield self._sheet([prebunk], lines)
        lines = self._runners(players, ranked, set())
        if lines is not None:
            yield self._sheet([], lines)

    def _sheet(self, prebunkers: list[SheetLine], runners: list[SheetLine]) -> BreakSheet:
        lines = [replace(ln, order=i) for i, ln in enumerate(prebunkers + runners, start=1)]
        return BreakSheet(self.team, tuple(lines))

    def _runners(self, players: list[str], ranked: list, taken: set) -> list[SheetLine] | None:
        m = self.m
        used_starts = set(taken)
        used_ends: set[Point] = set()
        lines = []
        for pid in players:
            for end, cover in ranked:
                if end in used_ends or any(chebyshev_le(end, e, 1) for e in used_ends):
                    continue
                starts = sorted((b for b in self.bases if b not in used_starts),
                                key=lambda b: (len(m.path(b, (end,))), b))
                line = None
                for start in starts[:3]:
                    length = len(m.path(start, (end,))) - 1
                    if length > tables.MAX_MOVE:
                        continue
                    rest = tables.ACTION_POINTS - tables.move_cost(length)
                    side = self.coach._best_side(self.state, cover, end)
                    actions = (Move((end,), cover, side), Def()) + (Support(),) * (rest - 1)
                    covers = m.covers(start)
                    sc = covers[0] if covers else None
                    ss = self.coach._sides(sc)[0] if sc else None
                    candidate = SheetLine(pid, 0, start, "kneeling", actions, sc, ss)
                    if why_line_illegal(self.state, self.team, candidate, m) is None:
                        line = candidate
                        break
                if line is not None:
                    lines.append(line)
                    used_starts.add(line.start)
                    used_ends.add(end)
                    break
            else:
                return None
        return lines

    def _prebunker(self, pid: str, ranked: list) -> SheetLine | None:
        m, lattice = self.m, self.state.lattice
        zone = [p for p in lattice.points() if lattice.in_prebunk_zone(p, self.team)
                and m.obstacle_at(p) is None and m.covers(p)]
        for end, _ in ranked[:3]:
            origin = mirror_point(end)
            if m.obstacle_at(origin) is not None:
                continue
            for start in sorted(zone, key=lambda z: (abs(z[0] - origin[0]), z)):
                cover = m.covers(start)[0]
                side = self.coach._sides(cover)[0]
                line = SheetLine(pid, 0, start, "standing", (Def(), Support()), cover, side, origin)
                if why_line_illegal(self.state, self.team, line, m) is None:
                    return line
        return None

    def safe(self) -> BreakSheet:
        from paintcheck.ai.random_coach import RandomCoach

        return RandomCoach(self.team, self.coach.engine, 0)._safe_sheet(self.state)


def chebyshev_le(a: Point, b: Point, n: int) -> bool:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1])) <= n
