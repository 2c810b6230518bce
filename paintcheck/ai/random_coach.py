"""A coach that plays random legal decisions through the engine's own legality queries.

It sees only its view of the match (``rules.views.view``), draws from its own seeded generator,
and proposes random sequences until the engine accepts one; when none of its tries is legal it
falls back to the always-legal sequence (clear every boulet, then DEF)."""

from __future__ import annotations

import random
from bisect import bisect
from itertools import accumulate
from weakref import WeakKeyDictionary

from paintcheck.field.lattice import FORWARD, Point, chebyshev, half_of
from paintcheck.rules import tables
from paintcheck.rules.actions import (
    SUPPORTABLE,
    SUPPRESSIVE,
    AssignOrders,
    BreakSheet,
    ChooseTarget,
    Clean,
    ClearBoulet,
    Declare,
    Def,
    Dodge,
    Dump,
    Move,
    React,
    Reaction,
    Reload,
    SheetLine,
    Shot,
    ShotAt,
    SideChange,
    Support,
)
from paintcheck.rules.break_turn import why_line_illegal
from paintcheck.rules.engine import Engine
from paintcheck.rules.legality import Verdicts, reaction_options, start_stances, why_reaction_over_limit
from paintcheck.rules.plan import make_plan
from paintcheck.rules.state import DECLARE, DODGE, ORDERS, REACT, SHEETS, TARGET, MatchState
from paintcheck.rules.values import sequence_stand

# actions without fields are values: one of each serves every sequence
_DEF, _SUPPORT, _CLEAR, _CLEAN, _RELOAD = Def(), Support(), ClearBoulet(), Clean(), Reload()

TRIES = 12  # random sequences proposed before falling back to the safe one
# the next action of a random sequence, with its weight; drawn as random.choices draws one (the same
# numbers from the generator), with the cumulative weights made once
ACTION_CHOICES = ("DEF", "SHOT", "MOV", "SUP", "DUMP", "SIDE")
ACTION_CUM_WEIGHTS = tuple(accumulate((4, 4, 3, 2, 1, 1)))
_ACTION_TOTAL = ACTION_CUM_WEIGHTS[-1] + 0.0


def _below(getrandbits, n: int) -> int:
    """A number in [0, n) drawn as ``random.Random._randbelow`` draws it, through which ``choice``
    (``seq[_randbelow(len(seq))]``) and ``randrange(a, b)`` (``a + _randbelow(b - a)``) draw: the same
    numbers from the generator, without those calls' layers (a random sequence draws some twenty)."""
    k = n.bit_length()
    r = getrandbits(k)
    while r >= n:
        r = getrandbits(k)
    return r


_BREAK_POINTS: WeakKeyDictionary = WeakKeyDictionary()  # measurer -> (lattice, team) -> points


def _break_points(m, lattice, team: str) -> tuple[list, list, list]:
    """The free points of ``team``'s prebunk zone, its free base points and the free points of the
    other half, in lattice order: the same for every break on a field, so made once per field."""
    per_field = _BREAK_POINTS.setdefault(m, {})
    found = per_field.get((lattice, team))
    if found is None:
        free = [p for p in lattice.points() if m.obstacle_at(p) is None]
        found = per_field[lattice, team] = (
            [p for p in free if lattice.in_prebunk_zone(p, team)],
            [p for p in lattice.base_points(team) if m.obstacle_at(p) is None],
            [p for p in free if half_of(p) != team],
        )
    return found


class RandomCoach:
    def __init__(self, team: str, engine: Engine, seed: int) -> None:
        self.team = team
        self.engine = engine
        self.rng = random.Random(seed)
        self._sides: dict[str, tuple[str, ...]] = {}  # cover -> the sides he may play behind it

    def decide(self, state: MatchState):
        """A legal decision for ``state`` (a view for this coach), whose turn it is to decide."""
        phase = state.phase
        if phase == ORDERS:
            players = [p.id for p in state.team_players(self.team)]
            tokens = self.rng.sample(tables.ORDER_TOKENS, len(players))
            return AssignOrders(self.team, tuple(zip(players, tokens, strict=True)))
        if phase == DECLARE:
            return self._declare(state)
        if phase == REACT:
            return self._react(state)
        if phase == DODGE:
            return Dodge(self.team)
        if phase == SHEETS:
            return self._sheet(state)
        if phase == TARGET:
            return self._choose(state)
        raise ValueError(f"nothing to decide in phase {phase!r}")

    # -- the break ----------------------------------------------------------------------------------
    def _sheet(self, state: MatchState) -> BreakSheet:
        for _ in range(TRIES):
            sheet = self._random_sheet(state)
            if self.engine.why_illegal(state, sheet, lines_legal=True) is None:  # its lines judged
                return sheet
        return self._safe_sheet(state)

    def _stance(self, point) -> tuple[str | None, str | None]:
        covers = self.engine.m.covers(point)
        cover = covers[_below(self.rng.getrandbits, len(covers))] if covers else None  # rng.choice
        return cover, self._side(cover)

    def _random_sheet(self, state: MatchState) -> BreakSheet:
        """Lines drawn one by one until each is legal on its own; starts and ends never shared.
        Each line is made with its order number (prebunkers first): the sheet hands in the very lines
        judged here, which the sheet's check does not judge again."""
        rng, m, lattice = self.rng, self.engine.m, state.lattice
        players = [p.id for p in state.team_players(self.team)]
        rng.shuffle(players)
        zone, bases, enemy = _break_points(m, lattice, self.team)
        used: set = set()  # start and end points taken by earlier lines
        prebunkers, runners = [], []
        for pid in players[: rng.choice((0, 1, 1, 2))]:
            for _ in range(TRIES):
                start = rng.choice(zone)
                cover, side = self._stance(start)
                rest = rng.choice(((Def(), Def()), (Def(), ShotAt(None)), (Def(), Support())))
                posture, origin = rng.choice(tables.POSTURES), rng.choice(enemy)
                line = SheetLine(pid, len(prebunkers) + 1, start, posture, rest, cover, side, origin)
                if start not in used and why_line_illegal(state, self.team, line, m) is None:
                    prebunkers.append(line)
                    used.add(start)
                    break
        bits = rng.getrandbits  # ``rng.choice(seq)`` is ``seq[_below(bits, len(seq))]``
        for pid in (p for p in players if p not in {ln.player for ln in prebunkers}):
            free = [b for b in bases if b not in used]  # ``used`` changes only once a line is kept
            for attempt in range(TRIES + 1):
                start = free[_below(bits, len(free))]
                cover, side = self._stance(start)
                postures = tables.POSTURES
                posture = postures[_below(bits, len(postures))]
                actions: list = []
                run = self._run_from(start, lattice) if attempt < TRIES else None
                path = None
                if run is not None:
                    actions.append(run)
                    path = m.path(start, run.waypoints)
                # the line's cost (its plan's) is its run's plus each other action's own, added up as
                # drawn; a run is 2 to 11 points long (``_run_from``), which ``move_cost`` prices
                cost = tables.move_cost(len(path) - 1) if path is not None else 0
                while cost < tables.ACTION_POINTS:
                    shot = rng.random() < 0.25
                    aim = enemy[_below(bits, len(enemy))] if shot else None
                    # a line whose first action is a shot is a prebunker's (RULES 12.2): a runner who
                    # does not run starts with a DEF (the aim drawn all the same: the same draws)
                    actions.append(ShotAt(aim) if aim is not None and actions else Def())
                    cost += tables.action_cost(actions[-1].code)
                order = len(prebunkers) + len(runners) + 1
                line = SheetLine(pid, order, start, posture, tuple(actions), cover, side)
                end = run.end if run is not None else start
                fresh = end not in used and start not in used
                # a run through an obstacle is refused by the line's move check: not asked
                blocked = path is not None and any(map(m.blocked, path[1:]))
                if fresh and not blocked and why_line_illegal(state, self.team, line, m) is None:
                    runners.append(line)
                    used.update((start, end))
                    break
        return BreakSheet(self.team, tuple(prebunkers + runners))

    def _run_from(self, start, lattice) -> Move | None:
        m, bits = self.engine.m, self.rng.getrandbits
        x0, y0 = start
        forward = FORWARD[self.team]
        for _ in range(8):
            # randint(-6, 6) and randint(2, 11), drawn as randint draws them: a + _randbelow(b - a + 1)
            end = (x0 - 6 + _below(bits, 13), y0 + forward * (2 + _below(bits, 10)))
            if lattice.contains(end) and m.obstacle_at(end) is None and (covers := m.covers(end)):
                cover = covers[_below(bits, len(covers))]
                return Move((end,), cover, self._side(cover))
        return None

    def _safe_sheet(self, state: MatchState) -> BreakSheet:
        """No prebunker, every runner on a base point doing DEF: always legal."""
        m = self.engine.m
        bases = [p for p in state.lattice.base_points(self.team) if m.obstacle_at(p) is None]
        lines = []
        for order, p in enumerate(state.team_players(self.team), start=1):
            start = bases[(order - 1) * 2 % len(bases)]
            covers = m.covers(start)
            cover = covers[0] if covers else None
            side = ("over" if m.obstacle(cover).overable else "left") if cover else None
            defs = (Def(),) * tables.ACTION_POINTS
            lines.append(SheetLine(p.id, order, start, "kneeling", defs, cover, side))
        return BreakSheet(self.team, tuple(lines))

    def _choose(self, state: MatchState) -> ChooseTarget:
        pid = state.awaiting[0]
        enemies = [q.id for q in state.players.values() if q.on_field and q.team != self.team]
        self.rng.shuffle(enemies)
        for target in enemies:
            choice = ChooseTarget(self.team, pid, target)
            if self.engine.why_illegal(state, choice) is None:
                return choice
        return ChooseTarget(self.team, pid, None)

    # -- sequences --------------------------------------------------------------------------------
    def _declare(self, state: MatchState) -> Declare:
        pid = state.active[self.team]
        p = state.players[pid]
        m = self.engine.m
        verdicts = Verdicts(state, m)  # legality's verdicts on moves and shots, for this decision
        enemies = [(q.id, q.point) for q in state.players.values() if q.on_field and q.team != p.team]
        occupied = {q.point for q in state.players.values() if q.on_field}
        sides: dict[str | None, list[str | None]] = {}  # cover -> the sides he may declare (RULES 5.1)
        for cover, side in start_stances(state, m, pid):
            sides.setdefault(cover, []).append(side)
        for _ in range(TRIES):
            decl = self._random_sequence(state, pid, enemies, occupied, sides)
            if self._refused(state, verdicts, decl):
                continue
            if self.engine.why_illegal(state, decl, verdicts) is None:
                return decl
        cover = next(iter(sides))
        side = self._start_side(sides[cover], cover)
        actions = [ClearBoulet()] * p.boulets + [Def()] * (tables.ACTION_POINTS - p.boulets)
        return Declare(pid, self.rng.choice(tables.POSTURES), tuple(actions), cover, side)

    def _refused(self, state: MatchState, verdicts: Verdicts, decl: Declare) -> bool:
        """Whether the engine surely refuses ``decl``: legality's own verdict on one of its moves or
        shots is a reason (most random sequences fail there: a shot out of sight, a run through an
        obstacle). Cheaper than the whole ``why_illegal``, which still judges every sequence this
        lets through, reading these verdicts again from ``verdicts`` instead of judging them."""
        pid = decl.player
        for a in decl.actions:
            if type(a) is Move and verdicts.move(pid, a) is not None:
                return True
        if not any(type(a) is Shot for a in decl.actions):
            return False
        p = state.players[pid]
        plan = make_plan(decl, p.point, self.engine.m)
        tied = state.resolution is not None and pid in state.resolution.hit_now
        for f in plan.fires:
            if f.dump:
                continue
            # where he stands at that shot, his posture, and whether boulets still blind him
            shooter = sequence_stand(p, plan, decl.posture, f.action, tied)
            if verdicts.reach(shooter, f.target) is not None:
                return True
        return False

    def _side(self, cover: str | None) -> str | None:
        """A side drawn for ``cover`` (``rng.choice`` of left, right, and over when it is overable)."""
        if cover is None:
            return None
        sides = self._sides.get(cover)
        if sides is None:
            overable = self.engine.m.obstacle(cover).overable
            sides = self._sides[cover] = ("left", "right", "over") if overable else ("left", "right")
        return sides[_below(self.rng.getrandbits, len(sides))]

    def _start_side(self, allowed: list[str | None], cover: str | None) -> str | None:
        """The side he declares behind ``cover``: the one ``allowed`` (his own, kept: RULES 5.1),
        else one drawn (``_side``)."""
        return allowed[0] if len(allowed) == 1 else self._side(cover)

    def _random_sequence(self, state: MatchState, pid: str, enemies: list[tuple[str, Point]],
                         occupied: set[Point], sides: dict[str | None, list[str | None]]) -> Declare:
        """A random sequence for ``pid``; ``enemies`` (id, point) on the field, the ``occupied``
        points and the ``sides`` he may declare behind each cover (``start_stances``) are read once
        per decision."""
        rng, m = self.rng, self.engine.m
        bits = rng.getrandbits  # ``rng.choice(seq)`` is ``seq[_below(bits, len(seq))]``
        p = state.players[pid]
        covers = list(sides)  # [None] behind nothing
        cover = None if covers == [None] else covers[_below(bits, len(covers))]
        side = self._start_side(sides[cover], cover)
        actions: list = [_CLEAR] * p.boulets
        left = tables.ACTION_POINTS - p.boulets
        if p.messy and left >= tables.COST_CLEAN and rng.random() < 0.5:
            actions.append(_CLEAN)
            left -= tables.COST_CLEAN
        if p.reload and left >= tables.COST_RELOAD and rng.random() < 0.7:
            actions.append(_RELOAD)
            left -= tables.COST_RELOAD
        moved = False
        point = p.point
        shot_at: set[str] = set()
        playing = side
        while left > 0:
            choice = ACTION_CHOICES[bisect(ACTION_CUM_WEIGHTS, rng.random() * _ACTION_TOTAL, 0, 5)]
            if choice == "MOV" and not moved:
                move = self._random_move(p.point, occupied, min(left, 3))
                if move is None:
                    continue
                actions.append(move)
                left -= tables.move_cost(len(m.path(point, move.waypoints)) - 1)
                point, moved = move.end, True
            elif choice == "SHOT" and (fresh := [e for e, _ in enemies if e not in shot_at]):
                target = fresh[_below(bits, len(fresh))]
                shot_at.add(target)
                actions.append(Shot(target))
                left -= 1
            elif choice == "DUMP":
                near = [e for e, at in enemies if chebyshev(at, point) <= tables.DUMP_REACH]
                if near:
                    actions.append(Dump(near[_below(bits, len(near))]))
                    left -= 1
            elif choice == "SUP" and actions and isinstance(actions[-1], SUPPORTABLE):
                actions.append(_SUPPORT)
                left -= 1
            elif choice == "SIDE" and not moved and cover is not None and m.obstacle(cover).narrow:
                allowed = ("left", "right", "over") if m.obstacle(cover).overable else ("left", "right")
                others = [s for s in allowed if s != playing]
                playing = others[_below(bits, len(others))]
                actions.append(SideChange(playing))
                left -= 1
            elif choice == "DEF":
                actions.append(_DEF)
                left -= 1
        postures = tables.POSTURES
        return Declare(pid, postures[_below(bits, len(postures))], tuple(actions), cover, side)

    def _random_move(self, start: Point, occupied: set[Point], max_cost: int) -> Move | None:
        rng, m = self.rng, self.engine.m
        bits = rng.getrandbits
        reach = tables.MOVE_COST_LIMITS[max_cost - 1]
        width = 2 * reach + 1
        x0, y0 = start
        for _ in range(6):
            # x0 + randint(-reach, reach), drawn as randint draws it: -reach + _randbelow(width)
            end = (x0 - reach + _below(bits, width), y0 - reach + _below(bits, width))
            if end == start or not m.on_field(end) or m.obstacle_at(end) is not None or end in occupied:
                continue
            covers = m.covers(end)
            if not covers and rng.random() < 0.8:
                continue  # players run to cover
            cover = covers[_below(bits, len(covers))] if covers else None
            return Move((end,), cover, self._side(cover))
        return None

    # -- reactions --------------------------------------------------------------------------------
    def _react(self, state: MatchState) -> React:
        options = [r for r, reason in reaction_options(state, self.team, self.engine.m) if reason is None]
        self.rng.shuffle(options)
        chosen: list[Reaction] = []
        for r in options:
            if self.rng.random() < (0.6 if r.kind == SUPPRESSIVE else 0.35):
                # legal on its own: only the limits counting the reactions chosen before can refuse it
                if why_reaction_over_limit(state, r, tuple(chosen)) is None:
                    chosen.append(r)
        return React(self.team, tuple(chosen))
