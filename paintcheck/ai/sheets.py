"""The break sheet of the ``normal`` and ``easy`` coaches (RULES 12).

Runners go from their base to the best-protected covered points in reach of a straight run (the
longer the run, the more template and reflex fire it meets, so the run's length costs a little) and
end with DEF. One player prebunks where the other side's runs should go: the other side's runners are
planned the same way on the same public field (its view holds no sheet of theirs), and the prebunker
takes the start in his prebunk zone and the origin on those runs whose template (RULES 12.3) meets
the most of them where it counts (not where a runner is immune, RULES 12.5). His start is kept free
of our runners' ends (RULES 12.1: no two of a team end on one point) and of their neighbours."""

from __future__ import annotations

from dataclasses import replace

from paintcheck.ai.mixed_strategy import AIM_MARGIN, AIM_TEMPERATURE, PLACE_MARGIN, PLACE_TEMPERATURE
from paintcheck.field.lattice import FORWARD, Point, other_team
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
        """Candidate sheets, the coach's preferred first: with a prebunker when a template meets the
        other side's runs, then five runners."""
        coach = self.coach
        ranked = coach.ranked([(w, (pt, cover)) for w, pt, cover in self.places()],
                              PLACE_MARGIN, PLACE_TEMPERATURE)
        players = [p.id for p in self.state.team_players(self.team)]
        full = self._runners(players, ranked, set())
        # who prebunks: the players are alike, so a mixed coach draws him (else the last)
        prebunker = (coach.rng.choice(players) if coach.mixed else players[-1]) if players else None
        prebunk = self._prebunker(prebunker, full or []) if len(players) >= 2 else None
        if prebunk is not None:
            runners = [pid for pid in players if pid != prebunker]
            lines = self._runners(runners, ranked, {prebunk.start}, {prebunk.start})
            if lines is not None:
                yield self._sheet([prebunk], lines)
        if full is not None:
            yield self._sheet([], full)

    def _sheet(self, prebunkers: list[SheetLine], runners: list[SheetLine]) -> BreakSheet:
        lines = [replace(ln, order=i) for i, ln in enumerate(prebunkers + runners, start=1)]
        return BreakSheet(self.team, tuple(lines))

    def _runners(self, players: list[str], ranked: list, taken: set,
                 kept: frozenset | set = frozenset()) -> list[SheetLine] | None:
        """One line per player, each to the best free piece left; ``taken`` starts are not used, and
        no runner ends on or beside a ``kept`` point (a prebunker's start)."""
        m = self.m
        used_starts = set(taken)
        used_ends: set[Point] = set(kept)
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

    def _prebunker(self, pid: str, ours: list[SheetLine]) -> SheetLine | None:
        """The prebunk line whose template meets the most of the other side's expected runs, on a
        start none of ``ours`` (our runners without a prebunker) ends on; None when no template
        meets a run."""
        m, lattice = self.m, self.state.lattice
        enemy = other_team(self.team)
        runs = self.other_runs()
        if not runs:
            return None
        ends = {ln_end(ln) for ln in ours}
        zone = [p for p in lattice.points() if lattice.in_prebunk_zone(p, self.team)
                and m.obstacle_at(p) is None and m.covers(p)]
        origins = sorted({pt for path in runs for pt in path[1:]
                          if not lattice.in_prebunk_zone(pt, enemy) and m.obstacle_at(pt) is None})
        scored = []
        for start in zone:
            free = start not in ends and not any(chebyshev_le(start, e, 1) for e in ends)
            for origin in origins:
                met = sum(1 for path in runs if m.template_crossings(origin, start, path))
                if met:
                    near = max(abs(start[0] - origin[0]), abs(start[1] - origin[1]))
                    scored.append((met + (0.5 if free else 0.0) - 0.001 * near, (start, origin)))
        for start, origin in self.coach.ranked(scored, AIM_MARGIN, AIM_TEMPERATURE):
            line = prebunk_line(self.coach, self.state, pid, start, origin)
            if line is not None:
                return line
        return None

    def other_runs(self) -> list[list[Point]]:
        """The paths of the other side's runners, planned as this planner plans ours (without noise,
        from the same public field: the view holds no sheet of theirs)."""
        from paintcheck.ai.normal import NormalCoach

        enemy = other_team(self.team)
        model = SheetPlanner(NormalCoach(enemy, self.coach.engine, 0, mixed=False), self.state)
        if not model.bases:
            return []
        ranked = model.coach.ranked([(w, (pt, cover)) for w, pt, cover in model.places()])
        lines = model._runners([p.id for p in self.state.team_players(enemy)], ranked, set()) or []
        return [self.m.path(ln.start, (ln_end(ln),)) for ln in lines if ln_end(ln) != ln.start]

    def safe(self) -> BreakSheet:
        from paintcheck.ai.random_coach import RandomCoach

        return RandomCoach(self.team, self.coach.engine, 0)._safe_sheet(self.state)


def prebunk_line(coach, state: MatchState, pid: str, start: Point, origin: Point) -> SheetLine | None:
    """``coach``'s prebunk line for ``pid`` from ``start`` aimed at ``origin``: the first legal one
    (``why_line_illegal``) behind each cover of ``start`` (on the coach's best side), standing then
    kneeling, finishing with a DEF and a support (the planner's and ``hard_break``'s alike)."""
    m, team = coach.m, coach.team
    for cover in m.covers(start):
        side = coach._best_side(state, cover, start)
        for posture in ("standing", "kneeling"):
            line = SheetLine(pid, 0, start, posture, (Def(), Support()), cover, side, origin)
            if why_line_illegal(state, team, line, m) is None:
                return line
    return None


def ln_end(ln: SheetLine) -> Point:
    """Where a line's player ends the break's first part: his move's end, else his start."""
    return next((a.end for a in ln.actions if isinstance(a, Move)), ln.start)


def chebyshev_le(a: Point, b: Point, n: int) -> bool:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1])) <= n
