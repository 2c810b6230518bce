"""``normal``: candidate decisions, each scored with the exact odds read on the instruments.

Wesnoth's candidate actions, on our rules: for the activated player, every stance where he stands
(cover, side, posture) with sequences of DEF, shots with supports and dumps, and runs to the covered
points in reach; each sequence is worth the eliminations (and boulets) its shots should bring, read by
the engine's own ``RoundView.reading`` and the exact odds, less the eliminations the enemies should
inflict on him where he ends (``Judge``), plus the shots that place will offer him next. Order tokens
go first to the players with the most to win or lose; reactions are fired when their chance pays;
the break sheet sends runners to the best-protected pieces in reach and prebunks where the other
side's runners, planned the same way on the public field, should run. ``easy`` is the same coach
with noise on every score."""

from __future__ import annotations

from paintcheck.ai.chances import chances
from paintcheck.ai.coach import Coach
from paintcheck.ai.judge import BOULET_WORTH, Judge, dodge_dice_of, placed
from paintcheck.ai.mixed_strategy import TURN_MARGIN, TURN_TEMPERATURE, mixed_ranking
from paintcheck.field.lattice import FORWARD, Point, chebyshev
from paintcheck.rules import tables
from paintcheck.rules.actions import (
    REFLEX,
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
    Shot,
    ShotAt,
    Support,
)
from paintcheck.rules.engine import Engine
from paintcheck.rules.legality import reaction_options, start_stances, why_reaction_illegal
from paintcheck.rules.resolution import fire_entry
from paintcheck.rules.state import DECLARE, DODGE, ORDERS, REACT, SHEETS, TARGET, MatchState, ShotEntry
from paintcheck.rules.values import RoundView, with_declaration
from paintcheck.rules.vocab import ShotKind

DANGER = 1.0  # an elimination suffered weighs as much as one inflicted
PROSPECT = 0.3  # weight of the best shot a place offers next turn ("run to strong pieces")
FORWARD_STEP = 0.004  # a little weight for ground won, so that equal places lean forward
MOVE_SHORTLIST = 10  # covered points in reach read in full


class NormalCoach(Coach):
    kind = "normal"
    noise = 0.0  # standard deviation added to every score (``easy``)

    def __init__(self, team: str, engine: Engine, seed: int, mixed: bool = True) -> None:
        """``mixed``: near-equal candidates drawn (``mixed_strategy``); a model of the other coach,
        which predicts what he should do, takes the best scored (``mixed=False``)."""
        super().__init__(team, engine, seed)
        self.mixed = mixed

    # -- the door -----------------------------------------------------------------------------------
    def choose(self, state: MatchState):
        phase = state.phase
        if phase == DODGE:
            return Dodge(self.team)
        if phase == ORDERS:
            return self._orders(state)
        if phase == DECLARE:
            return self._declare(state)
        if phase == REACT:
            return self._react(state)
        if phase == SHEETS:
            return self._sheet(state)
        if phase == TARGET:
            return self._target(state)
        raise ValueError(f"nothing to decide in phase {phase!r}")

    def ranked(self, scored: list[tuple[float, object]], margin: float = TURN_MARGIN,
               temperature: float = TURN_TEMPERATURE) -> list:
        """Candidates best first; ``noise`` blurs the scores (drawn in list order: seeded); else, when
        ``mixed``, near-equal ones (within ``margin`` of the best left) come in a drawn order
        (``mixed_strategy.mixed_ranking``, in the scores' unit)."""
        if self.noise:
            scored = [(s + self.rng.gauss(0.0, self.noise), c) for s, c in scored]
        elif self.mixed:
            return mixed_ranking(scored, margin, temperature, self.rng)
        order = sorted(range(len(scored)), key=lambda i: -scored[i][0])
        return [scored[i][1] for i in order]

    def first_legal(self, state: MatchState, ranked: list, fallback):
        for decision in ranked:
            if self.engine.why_illegal(state, decision) is None:
                return decision
        return fallback

    # -- order tokens ---------------------------------------------------------------------------------
    def _orders(self, state: MatchState) -> AssignOrders:
        judge = Judge(state, self.team, self.m)
        scored = []
        for p in state.team_players(self.team):
            urgency = self._best_shot(judge, state, p.id, p.point, p.cover, p.side, p.posture, 2)
            urgency += judge.danger(p.id, p.point, p.cover, p.side, p.posture, p.def_count)
            scored.append((urgency, p.id))
        players = self.ranked(scored)
        return AssignOrders(self.team, tuple((pid, i) for i, pid in enumerate(players, start=1)))

    def _best_shot(self, judge: Judge, state: MatchState, pid: str, point: Point, cover, side, posture,
                   supports: int) -> float:
        """The best elimination chance of one shot with ``supports`` from that stance."""
        best = 0.0
        for q, required in self._shot_requirements(state, pid, point, cover, side, posture):
            dice = dodge_dice_of(q, q.def_count)
            best = max(best, chances(required - tables.SUPPORT_BONUS * supports, dice)[1])
        return best

    def _shot_requirements(self, state: MatchState, pid: str, point: Point, cover, side, posture):
        """(enemy, required roll) of a first simple shot with no support from that stance."""
        view = RoundView(placed(state, pid, point, cover, side, posture), self.m)
        out = []
        for q in state.players.values():
            if q.on_field and q.team != self.team:
                r = view.reading(ShotEntry(pid, q.id, ShotKind.SIMPLE))
                if not r.lost:
                    out.append((q, r.required))
        return out

    # -- sequences ------------------------------------------------------------------------------------
    def _declare(self, state: MatchState) -> Declare:
        pid = state.active[self.team]
        return self.first_legal(state, self.ranked(self.sequences(state, pid)), self._safe(state, pid))

    def sequences(self, state: MatchState, pid: str) -> list[tuple[float, Declare]]:
        """(score, sequence) of every candidate sequence of the activated player ``pid``."""
        p = state.players[pid]
        judge = Judge(state, self.team, self.m)
        head: list = [ClearBoulet()] * p.boulets
        left = tables.ACTION_POINTS - p.boulets
        if p.messy and left >= tables.COST_CLEAN:
            head.append(Clean())
            left -= tables.COST_CLEAN
        if p.reload and left >= tables.COST_RELOAD:
            head.append(Reload())
            left -= tables.COST_RELOAD
        shoots = p.gun == "ok" and (not p.reload or any(isinstance(a, Reload) for a in head))
        shoots = shoots and (not p.messy or any(isinstance(a, Clean) for a in head))
        scored = self._stay(state, judge, pid, head, left, shoots)
        if left >= 2:
            scored += self._runs(state, judge, pid, head, left, shoots)
        return scored

    def _sides(self, cover: str) -> tuple[str, ...]:
        """The sides a player arriving behind ``cover`` may choose (RULES 3.3)."""
        return ("left", "right", "over") if self.m.obstacle(cover).overable else ("left", "right")

    def _stay(self, state, judge: Judge, pid: str, head: list, left: int, shoots: bool) -> list:
        p = state.players[pid]
        scored = []
        enemies = judge.enemies
        for cover, side in start_stances(state, self.m, pid):  # his side kept (RULES 5.1)
            for posture in tables.POSTURES:
                danger = [judge.danger(pid, p.point, cover, side, posture, d) for d in range(left + 1)]
                provoked = [d + self._provoked(state, judge, pid) for d in danger]
                body = [Def()] + [Support()] * (left - 1) if left else []
                stay = Declare(pid, posture, tuple(head + body), cover, side)
                scored.append((-DANGER * danger[left], stay))
                if not shoots or not left:
                    continue
                reqs = self._shot_requirements(state, pid, p.point, cover, side, posture)
                for q, required in reqs:
                    dice = dodge_dice_of(q, q.def_count)
                    for k in range(left):
                        defs = left - 1 - k
                        _, out, boulets = chances(required - tables.SUPPORT_BONUS * k, dice)
                        worth = out + BOULET_WORTH * min(boulets, 4 - q.boulets)
                        guard = [Def()] + [Support()] * (defs - 1) if defs else []
                        body = [Shot(q.id)] + [Support()] * k + guard
                        scored.append((worth - DANGER * provoked[defs],
                                       Declare(pid, posture, tuple(head + body), cover, side)))
                if left >= 2 and len(reqs) >= 2:
                    best = sorted(reqs, key=lambda t: t[1])[:2]
                    body = [Shot(best[0][0].id), Shot(best[1][0].id)] + [Def()] * (left - 2)
                    decl = Declare(pid, posture, tuple(head + body), cover, side)
                    scored.append((judge.offence(decl) - DANGER * provoked[left - 2], decl))
                for q in enemies:
                    if chebyshev(q.point, p.point) <= tables.DUMP_REACH:
                        sup = left - 1
                        worth = self._dump_worth(sup, q, p.point)
                        body = [Dump(q.id)] + [Support()] * sup
                        scored.append((worth - DANGER * provoked[0], Declare(pid, posture, tuple(head + body),
                                                                            cover, side)))
        return scored

    def _provoked(self, state, judge: Judge, pid: str) -> float:
        """The reflex shots a shooter invites from enemies who have played (a rough share)."""
        return 0.05 * sum(1 for q in judge.enemies if q.activated and not q.boulets
                          and q.def_count <= tables.REFLEX_MAX_DEF)

    def _dump_worth(self, supports: int, q, point: Point) -> float:
        """Clean (+1), confusion (both out, 0), disaster (-1) of the dump's die + supports, read on the
        engine's table (``tables.dump_outcome``, RULES 11.7)."""
        bonus = supports * tables.DUMP_SUPPORT_BONUS
        faces = range(1, tables.DUMP_DIE + 1)
        outcomes = [tables.dump_outcome(d + bonus) for d in faces]
        return outcomes.count("clean") / len(faces) - outcomes.count("disaster") / len(faces)

    def _runs(self, state, judge: Judge, pid: str, head: list, left: int, shoots: bool) -> list:
        p = state.players[pid]
        reach = tables.MOVE_COST_LIMITS[min(left - 1, 3) - 1]
        shortlist = self._destinations(state, pid, p.point, reach)
        scored = []
        for end in shortlist:
            path_len = len(self.m.path(p.point, (end,))) - 1
            cost = tables.move_cost(path_len)
            rest = left - cost
            if rest < 1:
                continue
            run = None  # the reflex fire on the way depends on the path and the DEF after it only
            for cover in self.m.covers(end):
                side = self._best_side(state, cover, end)
                posture = self._posture_behind(cover)
                danger = judge.danger(pid, end, cover, side, posture, rest)
                prospect = PROSPECT * self._best_shot(judge, state, pid, end, cover, side, posture, 2)
                gain = FORWARD_STEP * FORWARD[self.team] * (end[1] - p.point[1])
                move = Move((end,), cover, side)
                body = [move, Def()] + [Support()] * (rest - 1)
                decl = Declare(pid, posture, tuple(head + body), p.cover, p.side)
                if run is None:
                    run = judge.run_danger(decl)
                scored.append((prospect + gain - DANGER * (danger + run), decl))
        return scored

    def _posture_behind(self, cover: str) -> str:
        """The posture a runner takes on arrival: the best protected, kneeling on a tie."""
        kind = self.m.obstacle(cover).kind
        return max(("kneeling", "prone", "standing"), key=lambda s: tables.obstacle_protection(kind, s))

    def _destinations(self, state, pid: str, start: Point, reach: int) -> list[Point]:
        """Covered free points in reach by a straight run, the best protected first."""
        m = self.m
        occupied = {q.point for q in state.players.values() if q.on_field and q.id != pid}
        ends = {a.end for d in state.declarations.values() for a in d.actions if isinstance(a, Move)}
        found = []
        x0, y0 = start
        for x in range(x0 - reach, x0 + reach + 1):
            for y in range(y0 - reach, y0 + reach + 1):
                end = (x, y)
                if end == start or not m.on_field(end) or m.obstacle_at(end) is not None:
                    continue
                covers = m.covers(end)
                if not covers or end in occupied or end in ends:
                    continue
                path = m.path(start, (end,))
                if len(path) - 1 > reach or any(m.blocked(pt) or pt in occupied for pt in path[1:]):
                    continue
                best = max(tables.obstacle_protection(m.obstacle(c).kind, "kneeling") for c in covers)
                found.append((best + 0.05 * FORWARD[self.team] * y + 0.01 * self.rng.random(), end))
        found.sort(key=lambda t: -t[0])
        return [end for _, end in found[:MOVE_SHORTLIST]]

    def _best_side(self, state, cover: str, point: Point) -> str:
        enemies = [q.point for q in state.players.values() if q.on_field and q.team != self.team]
        best, chosen = -1, None
        for side in self._sides(cover):
            seen = sum(self.m.fov(point, self.team, cover, side, enemies)) if enemies else 0
            if seen > best:
                best, chosen = seen, side
        return chosen

    def _safe(self, state, pid: str) -> Declare:
        """Clear the boulets, then DEF: always legal."""
        p = state.players[pid]
        cover, side = start_stances(state, self.m, pid)[0]
        actions = [ClearBoulet()] * p.boulets + [Def()] * (tables.ACTION_POINTS - p.boulets)
        return Declare(pid, "kneeling", tuple(actions), cover, side)

    # -- reactions ----------------------------------------------------------------------------------------
    def _react(self, state: MatchState) -> React:
        view = RoundView(state, self.m)
        scored = []
        for r, reason in reaction_options(state, self.team, self.m):
            if reason is not None:
                continue
            reading = view.reading(ShotEntry(r.player, r.target, ShotKind(r.kind)))
            if reading.lost:
                continue
            q = state.players[r.target]
            _, out, boulets = chances(reading.required, dodge_dice_of(q, q.def_count))
            worth = out + BOULET_WORTH * min(boulets, 4 - q.boulets)
            cost = 0.06 if r.kind == REFLEX else 0.0  # a reflex may cost him a DEF (RULES 10.7)
            if worth > cost:
                scored.append((worth - cost, r))
        chosen: list[Reaction] = []
        for r in self.ranked(scored):
            if why_reaction_illegal(state, r, self.m, view, tuple(chosen)) is None:
                chosen.append(r)
        return React(self.team, tuple(chosen))

    # -- the break ------------------------------------------------------------------------------------------
    def _target(self, state: MatchState) -> ChooseTarget:
        pid = state.awaiting[0]
        p = state.players[pid]
        line = state.sheets[self.team].line(pid)
        scored = []
        for q in state.players.values():
            if not q.on_field or q.team == self.team:
                continue
            choice = ChooseTarget(self.team, pid, q.id)
            if self.engine.why_illegal(state, choice) is not None:
                continue
            actions = tuple(Shot(q.id) if isinstance(a, ShotAt) and a.point is None else a
                            for a in line.actions)
            decl = Declare(pid, line.posture, actions, p.cover, p.side)
            view = RoundView(with_declaration(state, decl), self.m)
            fire = next(f for f in view.plans[pid].fires if f.target == q.id)
            reading = view.reading(fire_entry(pid, fire))
            if not reading.lost:
                scored.append((chances(reading.required, dodge_dice_of(q, q.def_count))[1], choice))
        ranked = self.ranked(scored)
        return ranked[0] if ranked else ChooseTarget(self.team, pid, None)

    def _sheet(self, state: MatchState) -> BreakSheet:
        from paintcheck.ai.sheets import SheetPlanner

        planner = SheetPlanner(self, state)
        for sheet in planner.sheets():
            if self.engine.why_illegal(state, sheet) is None:
                return sheet
        return planner.safe()

