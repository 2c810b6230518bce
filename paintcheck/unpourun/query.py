"""Questions about a state that the engine, the legality and the coaches all ask (rules once):
who is engaged, who is an ally, who sees whom, what a shot needs, what a path is worth.

``Board`` is a state seen through the table's measurer (``Measurer``, the ground helper's): it holds
no state of its own between calls, only the measurer.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from paintcheck.unpourun import tables as t
from paintcheck.unpourun.measurer import BOX_SLACK, Measurer, _squared_gap, centre_distance, distance
from paintcheck.unpourun.state import Figure, MatchState, Point
from paintcheck.unpourun.terrain import Kind

EPS = 1e-9  # a float's slack on "within" and "base to base"
EDGE_DIRECTIONS = {"A": (0.0, -1.0), "B": (0.0, 1.0), "left": (-1.0, 0.0), "right": (1.0, 0.0)}
IMPOSSIBLE = 7  # 4.4 [E]: a to-hit number of 7 or more is no shot
_REACH = t.BASE_DIAMETER + t.CONTACT
CONTACT_REACH2 = _REACH * _REACH + EPS  # 1.5: centres farther apart (squared) are not in contact
OVERLAP_GAP = t.BASE_DIAMETER - EPS  # 3.4: a path passing nearer a base's centre than this overlaps it
CONTACT_GAP = t.BASE_DIAMETER + t.CONTACT + EPS  # 3.4: one passing this near a standing enemy touches it
_FIGURES_BOX = CONTACT_GAP + BOX_SLACK  # a centre beyond the path's box by more meets neither
_IMPASSABLE = Kind.IMPASSABLE  # a module constant: an enum's member read off its class costs ~0.2 us


def clamp_roll(n: int) -> int:
    """3.7, 4.4: a final number of 1 or less becomes 2."""
    return max(t.ROLL_MIN, n)


def d3(die: int) -> int:
    """0.1 [H]: a d6 read 1-2 / 3-4 / 5-6."""
    return t.D3_OF_D6[die]


class _Memo:
    """Answers about one tuple of figures. A state's figures are a tuple of frozen figures, replaced
    whole whenever one changes, so what is true of a tuple (held here: its id is not reused) stays
    true; the random coach asks who is engaged for every candidate decision. ``engaged``: figure id
    -> (the figure object asked about, its enemies in contact); ``plans``: ``climb.plan``'s outcomes
    (the legality asks a move's plan, then the engine applies it: one computation), (figure id, path,
    allowance, difficult as open) -> (the figure object, outcome)."""

    __slots__ = ("figures", "engaged", "plans")

    def __init__(self, figures: tuple[Figure, ...]) -> None:
        self.figures = figures
        self.engaged: dict[str, tuple[Figure, list[Figure]]] = {}
        self.plans: dict[tuple[object, ...], tuple[Figure, object]] = {}


ELEVATIONS_KEPT = 4096  # elevations remembered per board (figures stand still between most questions)


class Board:
    def __init__(self, m: Measurer) -> None:
        self.m = m
        self._elevations: dict[Point, int] = {}
        self._memo = _Memo(())

    def _about(self, s: MatchState) -> _Memo:
        """What is remembered about ``s.figures`` (a fresh memo for another tuple)."""
        memo = self._memo
        if memo.figures is not s.figures:
            memo = self._memo = _Memo(s.figures)  # one assignment: a racing reader keeps its own memo
        return memo

    def plans(self, s: MatchState) -> dict[tuple[object, ...], tuple[Figure, object]]:
        """The move outcomes remembered for ``s.figures`` (``climb.plan``'s, which fills it)."""
        return self._about(s).plans

    # -- who is where --------------------------------------------------------------------------------
    @staticmethod
    def pos(f: Figure) -> Point:
        assert f.pos is not None
        return f.pos

    def elevation(self, f: Figure) -> float:
        """1.7, asked of the measurer once per position; a hanging figure's is the height it reached
        (3.11)."""
        if f.hanging is not None:
            return f.hanging[1]
        p = f.pos
        assert p is not None
        found = self._elevations.get(p)
        if found is None:
            if len(self._elevations) >= ELEVATIONS_KEPT:
                self._elevations.clear()
            found = self._elevations[p] = self.m.elevation(p)
        return found

    def in_contact(self, a: Figure, b: Figure) -> bool:
        """1.5: d <= 0.1 (both on the table); the flat distance first, the measurer for the rest."""
        if a.pos is None or b.pos is None or a.id == b.id:
            return False
        dx, dy = a.pos[0] - b.pos[0], a.pos[1] - b.pos[1]
        return dx * dx + dy * dy <= CONTACT_REACH2 and self.m.in_contact(a.pos, b.pos)

    def engaged_with(self, s: MatchState, f: Figure) -> list[Figure]:
        """1.5: the enemies in contact with ``f``, neither being hors de combat nor hanging (3.11: it
        « ne peut combattre ou être attaqué au corps à corps ») (a new list)."""
        if not f.standing or f.hanging is not None:
            return []
        memo = self._about(s)
        known = memo.engaged.get(f.id)
        if known is not None and known[0] is f:  # the same frozen figure (held there too)
            return list(known[1])
        # ``in_contact(f, e)`` of each standing enemy not hanging, its flat distance asked first here
        found = []
        fx, fy = f.pos  # type: ignore[misc]  # standing: on the table
        player, m = f.player, self.m
        for e in memo.figures:
            if e.player == player or not e.standing or e.hanging is not None:
                continue
            p = e.pos
            dx, dy = fx - p[0], fy - p[1]  # type: ignore[index]
            if dx * dx + dy * dy <= CONTACT_REACH2 and m.in_contact(f.pos, p):  # type: ignore[arg-type]
                found.append(e)
        memo.engaged[f.id] = (f, found)
        return list(found)

    def engaged(self, s: MatchState, f: Figure) -> bool:
        """``engaged_with`` is not empty (its remembered answer read without a copy)."""
        memo = self._memo  # ``_about(s)`` inline: asked hundreds of times a match
        known = memo.engaged.get(f.id) if memo.figures is s.figures else None
        if known is not None and known[0] is f:
            return bool(known[1])
        return bool(self.engaged_with(s, f))

    def allies_within(self, s: MatchState, f: Figure, n: float) -> list[Figure]:
        """6.2: the figures of ``f``'s band on the table, not hors de combat, not routing, within n."""
        return [a for a in s.figures if a.player == f.player and a.id != f.id and a.standing
                and not a.routing and distance(self.pos(f), self.pos(a)) <= n + EPS]

    def sees(self, a: Figure, b: Figure) -> bool:
        return self.m.sees(self.pos(a), self.pos(b), self.elevation(a), self.elevation(b))

    # -- passive tests (6.2) -------------------------------------------------------------------------
    def can_test(self, s: MatchState, f: Figure, test: str) -> bool:
        """6.1, 6.2: the test is in use, and the figure is standing, not routing and not hanging."""
        return test in s.options.passive and f.standing and not f.routing and f.hanging is None

    def passive_cd(self, s: MatchState, f: Figure) -> int:
        """6.2: Cd + 1 per ally within 3 pas."""
        return f.stats.cd + t.ALLY_CD_BONUS * len(self.allies_within(s, f, t.ALLY_RANGE))

    # -- shooting (4.1, 4.4) ------------------------------------------------------------------------
    def to_hit(self, shooter: Figure, target: Figure, weapon: str) -> tuple[int, int, int, float]:
        """4.4: (number, range modifier, height modifier, d); the number is ``IMPOSSIBLE`` beyond PL or at
        7 or more after all modifiers [E], and 2 at 1 or less."""
        w = t.RANGED[weapon]
        d = distance(self.pos(shooter), self.pos(target))
        if d > w.pl + EPS:
            return IMPOSSIBLE, 0, 0, d
        rng = t.RANGE_SHORT if d <= w.pc + EPS else t.RANGE_MEDIUM if d <= w.pm + EPS else t.RANGE_LONG
        es, et = self.elevation(shooter), self.elevation(target)
        height = t.ABOVE_TARGET if self.m.above(es, et) else t.TARGET_ABOVE if self.m.above(et, es) else 0
        total = shooter.stats.ct + rng + height
        if total >= IMPOSSIBLE:
            return IMPOSSIBLE, rng, height, d
        return clamp_roll(total), rng, height, d

    def eligible(self, s: MatchState, shooter: Figure, target: Figure, weapon: str) -> bool:
        """4.1: an enemy the shooter sees, at d <= PL, not hors de combat, not engaged (a blast's target
        may be), with a possible to-hit number."""
        if target.player == shooter.player or not target.standing:
            return False
        if not t.RANGED[weapon].blast and self.engaged(s, target):
            return False
        if self.to_hit(shooter, target, weapon)[0] >= IMPOSSIBLE:
            return False
        return self.sees(shooter, target)

    def shot_group(self, s: MatchState, shooter: Figure, nominated: Figure, weapon: str) -> list[Figure]:
        """4.3: the nominated target's group, chains of eligible enemies within 1 of each other (a
        blast's: the nominated target alone, 4.5)."""
        if t.RANGED[weapon].blast:
            return [nominated]
        # the group grows through the eligible enemies within 1 of a member; an enemy's eligibility
        # (its sight line, 1.8) is asked only when it is within 1 of one, and once
        enemies = [e for e in s.figures if e.player != shooter.player and e.standing]
        eligible: dict[str, bool] = {}
        group, frontier = [nominated], [nominated]
        while frontier:
            f = frontier.pop()
            for e in enemies:
                if e not in group and distance(self.pos(f), self.pos(e)) <= t.GROUP_LINK + EPS:
                    ok = eligible.get(e.id)
                    if ok is None:
                        ok = eligible[e.id] = self.eligible(s, shooter, e, weapon)
                    if ok:
                        group.append(e)
                        frontier.append(e)
        return group

    def next_targets(self, shooter: Figure, group: Sequence[Figure], chosen: Sequence[Figure],
                     n: int) -> tuple[list[Figure], list[Figure]]:
        """4.3: the targets after ``chosen`` while none is tied: target 1 is the member nearest the
        shooter, then the unchosen member within 1 of a chosen one nearest the shooter, up to *Cibles*
        ``n``. Returns (the targets, ``chosen`` first; the members tied for nearest where a choice
        stopped it, in group order, [] when none did): the targets' owner breaks ties (10.1)."""
        here = self.pos(shooter)
        out = list(chosen)
        while len(out) < n:
            if out:
                pool = [e for e in group if e not in out
                        and any(distance(self.pos(c), self.pos(e)) <= t.GROUP_LINK + EPS for c in out)]
            else:
                pool = list(group)
            if not pool:
                break
            away = [centre_distance(here, self.pos(e)) for e in pool]
            least = min(away)
            tied = [e for e, d in zip(pool, away, strict=True) if d <= least + EPS]
            if len(tied) > 1:
                return out, tied
            out.append(tied[0])
        return out, []

    def shot_targets(self, s: MatchState, shooter: Figure, nominated: Figure, weapon: str,
                     pick: Callable[[list[Figure], list[Figure]], Figure] | None = None) -> list[Figure]:
        """4.3: the shot's targets (``shot_group``, ``next_targets``), each tie broken by ``pick(tied,
        chosen)`` (the owner's choice as a coach or the odds foresee it), else the first tied."""
        group = self.shot_group(s, shooter, nominated, weapon)
        n = 1 if t.RANGED[weapon].blast else t.RANGED[weapon].targets
        chosen, tied = self.next_targets(shooter, group, [], n)
        while tied:
            chosen.append(pick(tied, chosen) if pick is not None else tied[0])
            chosen, tied = self.next_targets(shooter, group, chosen, n)
        return chosen

    # -- moves (3.4) ----------------------------------------------------------------------------------
    def path_problem(self, s: MatchState, f: Figure, path: Sequence[Point], allowance: float,
                     difficult_as_open: bool, ignore: frozenset[str] = frozenset(),
                     end_contact_ok: bool = False, climbing: bool = False) -> str | None:
        """3.4: why the path of ``f``'s centre from where it stands along ``path`` is not legal, or None.
        ``ignore``: enemies whose contact is not checked (a charge's target; a flee's enemies in contact
        at its start, 3.9: legal except at its start); ``end_contact_ok``: the last segment is not
        checked for contact (a charge, legal except at its end point); ``climbing``: a Walk or Run of a
        figure with a rope may climb onto or down off impassable pieces of h 1-10 (3.11)."""
        start = f.pos
        assert start is not None
        if not len(path):
            return "empty"
        for p in path:
            for c in p:
                if not (isinstance(c, float) and c == c and abs(c) < 1e6):
                    return "not_a_number"
        lo, hi_x, hi_y = self.m.centre_limits  # ``Measurer.path_on_table``: each centre on the table
        full = [start, *path]
        for p in full:
            if not (lo <= p[0] <= hi_x and lo <= p[1] <= hi_y):
                return "off_table"
        climb = self.climbs(f, full, climbing)
        if climb < 0:
            return "impassable"
        if self.m.path_cost(full, difficult_as_open) + climb > allowance + EPS:
            return "too_far"
        return _bases_met(s.figures, f, full, ignore, end_contact_ok)

    def climbs(self, f: Figure, full: Sequence[Point], climbing: bool) -> float:
        """3.11: what the climbs of the path ``full`` (its start included) add to its cost as
        ``path_problem`` compares it to the allowance: 0 when it neither crosses nor ends on an
        impassable piece, else ``climb_cost`` when ``climbing`` (-1: it cannot be climbed), else -1."""
        if self.m.impassable_crossed(full) or self.m.kind_at(full[-1]) == _IMPASSABLE:
            return self.climb_cost(f, full) if climbing else -1.0
        return 0.0

    def move_cost(self, f: Figure, path: Sequence[Point], difficult_as_open: bool,
                  climbing: bool = False) -> float:
        """3.4, 3.11: the cost of ``f``'s path that ``path_problem`` compares to the allowance: the
        measurer's path cost (difficult ground twice unless ``difficult_as_open``) plus its climbs
        (``climbs``; a path that cannot be climbed: its ground cost alone, refused anyway). The window
        reads it beside a trail (a hanging figure's is ``climb.move_cost``'s)."""
        full = [self.pos(f), *path]
        if len(full) < 2:
            return 0.0
        return self.m.path_cost(full, difficult_as_open) + max(0.0, self.climbs(f, full, climbing))

    def climb_cost(self, f: Figure, full: Sequence[Point]) -> float:
        """3.11: the allowance the climbs along ``full`` cost, 2 per pas of height between the piece and
        the elevation outside it, up or down; -1 when the path cannot be climbed with a rope: the figure
        has none, a piece is not climbable (h 1-10), or a segment passes through a piece it neither starts
        nor ends on (every climb is drawn as its own segment). A climb the allowance cannot pay is
        ``climb.plan``'s (the figure hangs)."""
        if not f.rope:
            return -1.0
        tops = [self.m.on_top(p) for p in full]
        total = 0.0
        for (p, q), (tp, tq) in zip(zip(full, full[1:], strict=False), zip(tops, tops[1:], strict=False),
                                    strict=True):
            crossed = set(self.m.impassable_crossed([p, q]))
            if not crossed <= {tp, tq} - {None}:
                return -1.0
            if tp != tq:
                for piece, outside in ((tp, q), (tq, p)):
                    if piece is not None:
                        if not self.m.climbable(piece):
                            return -1.0
                        total += self.m.climb_cost(piece, self.m.elevation(outside))
        return total

    def ray_limit(self, s: MatchState, f: Figure, p: Point, u: Point) -> float:
        """How far along u the base stays on the table, overlaps no base and touches no standing enemy."""
        w, dpt = self.m.table.width, self.m.table.depth
        r = t.BASE_RADIUS
        limit = math.inf
        for at, uc, top in ((p[0], u[0], w), (p[1], u[1], dpt)):
            if uc > EPS:
                limit = min(limit, (top - r - at) / uc)
            elif uc < -EPS:
                limit = min(limit, (r - at) / uc)
        for o in s.figures:
            if o.id == f.id or not o.on_table:
                continue
            gap = t.BASE_DIAMETER + (t.CONTACT + 2 * EPS if o.player != f.player and o.standing else 0.0)
            c = self.pos(o)
            ox, oy = c[0] - p[0], c[1] - p[1]
            along = ox * u[0] + oy * u[1]
            if along <= 0:
                continue  # moving away from it
            across2 = ox * ox + oy * oy - along * along
            if across2 >= gap * gap:
                continue
            limit = min(limit, max(0.0, along - math.sqrt(gap * gap - across2)))
        return max(0.0, limit)

    def rout_blocked(self, s: MatchState, f: Figure, allowance: float, edge: str = "") -> bool:
        """8.4: the straight line to the nearest edge is blocked (a base, an enemy it would touch, an
        impassable piece) before the allowance is spent or the edge reached."""
        p = self.pos(f)
        u = self.nearest_edge_direction(p, edge)
        reach = min(allowance, min(self.m.edge_distances(p).values()) - t.BASE_RADIUS)
        if self.ray_limit(s, f, p, u) < reach - EPS:
            return True
        return bool(self.m.impassable_crossed([p, (p[0] + u[0] * reach, p[1] + u[1] * reach)]))

    def nearest_edge_direction(self, p: Point, edge: str = "") -> Point:
        """8.4: the unit direction, perpendicular, to the table edge nearest ``p`` (the measurer's
        ``nearest_edges``; ties: ``edge``, the owner's choice, 10.1, or else the first it names)."""
        return EDGE_DIRECTIONS[edge or self.m.nearest_edges(p)[0]]


def _bases_met(figures: Sequence[Figure], f: Figure, full: list[Point], ignore: frozenset[str],
               end_contact_ok: bool) -> str | None:
    """3.4, the bases ``f``'s centre path ``full`` meets: "overlap" when it passes nearer than
    ``OVERLAP_GAP`` to the centre of another figure on the table, else "contact" when its segments
    (the last one left out with ``end_contact_ok``) pass within ``CONTACT_GAP`` of a standing enemy's
    not in ``ignore``, else None. One pass over the figures: a centre beyond the path's box by more
    than the reach is skipped, the others' least distance to the path asked once (the measurer's
    ``_squared_gap``; the least of the same squares whichever
    segments are taken first, so the same answer as asking the two questions one after the other)."""
    x0, y0 = full[0]
    segments = [(p[0], p[1], q[0] - p[0], q[1] - p[1], (q[0] - p[0]) ** 2 + (q[1] - p[1]) ** 2)
                for p, q in zip(full, full[1:], strict=False)]
    touching = segments[:-1] if end_contact_ok else segments  # the segments checked for contact
    lo_x = hi_x = x0
    lo_y = hi_y = y0
    for x, y in full:
        if x < lo_x:
            lo_x = x
        elif x > hi_x:
            hi_x = x
        if y < lo_y:
            lo_y = y
        elif y > hi_y:
            hi_y = y
    lo_x -= _FIGURES_BOX
    hi_x += _FIGURES_BOX
    lo_y -= _FIGURES_BOX
    hi_y += _FIGURES_BOX
    fid, player = f.id, f.player
    contact = False
    for o in figures:
        p = o.pos
        if p is None:
            continue
        cx, cy = p
        if cx < lo_x or cx > hi_x or cy < lo_y or cy > hi_y or not o.on_table or o.id == fid:
            continue
        if math.sqrt(_squared_gap(cx, cy, x0, y0, segments)) < OVERLAP_GAP:
            return "overlap"
        if (not contact and touching and o.player != player and o.standing and o.id not in ignore
                and math.sqrt(_squared_gap(cx, cy, x0, y0, touching)) <= CONTACT_GAP):
            contact = True
    return "contact" if contact else None
