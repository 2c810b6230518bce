"""``hard``: searches, from its view only, each of its decisions that the ``normal`` coach takes by rule.

- Declarations: for each of the ``normal`` coach's best candidate sequences (best first, so the search
  is anytime), the coach fills the view's face-down tokens with a sample consistent with what it has
  seen (information-set Monte Carlo, Cowling et al. 2012), applies the sequence through the engine,
  lets a ``normal`` model of the other coach declare his answer from *his* view of that state, then
  both coaches' reactions, and scores the round with the dice as expectations: the exact elimination
  chance of every declared shot and dump of both sides, each weighed by the chance that the speed
  tests let it be fired; less the danger of the place where our player ends from the enemies still
  to come; plus the danger where the other side's activated player ends, and what our place offers
  next. The best mean score wins.
- Order tokens (``hard_orders``): every assignment against sampled assignments of the other side, in
  a model of the turn's shots.
- Break sheet (``hard_break``): the ``normal`` sheet or one with a prebunker aimed where sampled
  enemy runs go, each played out through the engine against sampled enemy sheets.

The searches stop after their fixed budgets (``iterations`` for the declarations) or ``seconds`` of
thinking, whichever comes first; ``tournament`` gives them no clock, so that its decisions depend on
the seed alone. Reactions and late targets are the ``normal`` coach's."""

from __future__ import annotations

import random
import time

from paintcheck.ai.chances import chances
from paintcheck.ai.judge import BOULET_WORTH, Judge, dodge_dice_of
from paintcheck.ai.normal import DANGER, PROSPECT, NormalCoach
from paintcheck.rules import tables
from paintcheck.rules.actions import AssignOrders, BreakSheet, Declare, Move
from paintcheck.rules.engine import Engine
from paintcheck.rules.resolution import fire_entry
from paintcheck.rules.speed import beats_chance, speed_modifiers
from paintcheck.rules.state import DECLARE, REACT, MatchState, ShotEntry
from paintcheck.rules.values import RoundView, with_declaration
from paintcheck.rules.views import HIDDEN, view

WIDTH = 8  # candidate sequences searched, the normal coach's best first
SAMPLES = 2  # determinizations per candidate
TOURNAMENT_ITERATIONS = WIDTH * SAMPLES  # a fixed search: the same decisions for the same seed
ORDERS_SEARCH = True  # order tokens searched (hard_orders), else the normal coach's
EXPOSURE = 0.5  # weight of the danger where the other side's activated player ends
SPEED = True  # shots weighed by the chance that they are fired (speed tests)
WINDOW_SECONDS = 1.5  # the window's budget per decision (the iterations bound it too)


class _Resolving(Exception):
    """The engine asked for a die: the round's declarations and reactions are all in."""


class _NoDice:
    """Declarations and reactions roll nothing; the first die asked for ends the search's round."""

    def roll(self, sides: int) -> int:
        raise _Resolving


class HardCoach(NormalCoach):
    kind = "hard"

    def __init__(self, team: str, engine: Engine, seed: int, iterations: int = TOURNAMENT_ITERATIONS,
                 seconds: float | None = None) -> None:
        super().__init__(team, engine, seed)
        self.iterations = iterations
        self.seconds = seconds
        self.model_engine = Engine(engine.m, checks=False)

    def _declare(self, state: MatchState) -> Declare:
        pid = state.active[self.team]
        scored = self.sequences(state, pid)
        ranked = [d for d in self.ranked(scored) if self.engine.why_illegal(state, d) is None][:WIDTH]
        if len(ranked) <= 1:
            return ranked[0] if ranked else self._safe(state, pid)
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        totals = [0.0] * len(ranked)
        counts = [0] * len(ranked)
        judge = Judge(state, self.team, self.m)
        self._before = state
        done = 0
        for _ in range(SAMPLES):
            seed = self.rng.randrange(2**31)
            for i, decl in enumerate(ranked):
                if done >= self.iterations or (deadline is not None and time.perf_counter() > deadline):
                    break
                totals[i] += self._round_score(state, judge, decl, random.Random(seed + i))
                counts[i] += 1
                done += 1
        means = [(totals[i] / counts[i] if counts[i] else float("-inf"), -i) for i in range(len(ranked))]
        best = max(range(len(ranked)), key=lambda i: means[i])
        return ranked[best]

    # -- order tokens -----------------------------------------------------------------------------------
    def _orders(self, state: MatchState) -> AssignOrders:
        base = super()._orders(state)
        if not ORDERS_SEARCH:
            return base
        from paintcheck.ai.hard_orders import OrderSearch

        chosen = OrderSearch(self, state).choose(base, self.rng)
        return chosen if chosen is base or self.engine.why_illegal(state, chosen) is None else base

    # -- the break sheet ----------------------------------------------------------------------------------
    def _sheet(self, state: MatchState) -> BreakSheet:
        from paintcheck.ai.hard_break import BreakSearch

        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        base = super()._sheet(state)
        chosen = BreakSearch(self, state).choose(base, self.rng, deadline)
        return chosen if chosen is base or self.engine.why_illegal(state, chosen) is None else base

    # -- one determinization ----------------------------------------------------------------------------
    def determinize(self, state: MatchState, rng: random.Random) -> MatchState:
        """The view with the other side's face-down tokens filled in: its hidden numbers (those not
        used by its revealed tokens) shuffled among its players whose tokens are face down."""
        full = state.copy()
        enemy = "white" if self.team == "blue" else "blue"
        tokens = full.orders[enemy]
        hidden = [pid for pid, t in tokens.items() if t == HIDDEN]
        if hidden:
            shown = {t for t in tokens.values() if t != HIDDEN}
            free = [t for t in tables.ORDER_TOKENS if t > full.round and t not in shown]
            rng.shuffle(free)
            for pid, t in zip(sorted(hidden), free, strict=False):
                tokens[pid] = t
        return full

    def _round_score(self, state: MatchState, judge: Judge, decl: Declare, rng: random.Random) -> float:
        enemy = "white" if self.team == "blue" else "blue"
        epid = state.active.get(enemy)
        tentative = with_declaration(state, decl)
        reactions: list = []
        engine = self.model_engine
        try:
            after, _ = engine.apply(self.determinize(state, rng), decl, _NoDice())
            # the other coach answers, from his view of our sequence (a round that ended without a
            # die, no shot declared, is left behind)
            same_round = (after.turn, after.round) == (state.turn, state.round)
            if same_round and after.phase == DECLARE and epid is not None:
                model = NormalCoach(enemy, engine, rng.randrange(2**31), mixed=False)
                answer = model._declare(view(after, enemy))
                tentative = with_declaration(tentative, answer)
                after, _ = engine.apply(after, answer, _NoDice())
            while same_round and after.phase == REACT:  # then both coaches' reactions, each from its view
                team = engine.to_move(after)
                react = NormalCoach(team, engine, rng.randrange(2**31), mixed=False)._react(view(after, team))
                reactions.extend(react.reactions)
                after, _ = engine.apply(after, react, _NoDice())
        except _Resolving:
            pass
        return self._exchange(tentative, judge, decl, epid, reactions)

    def _exchange(self, tentative: MatchState, judge: Judge, decl: Declare, epid: str | None,
                  reactions: list) -> float:
        """Expected eliminations of the round (ours minus theirs), then the place's danger and prospect.

        A shot counts as much as the chance that it happens: when a shooter is also a target, the
        speed tests (RULES 11.1-11.2) may let a faster shot hit him first and take his own away."""
        rv = RoundView(tentative, self.m)
        score = 0.0
        shots = [fire_entry(shooter, f) for shooter, plan in rv.plans.items()
                 for f in plan.fires if not f.dump]
        shots += [ShotEntry(r.player, r.target, r.kind) for r in reactions]
        read = []
        for entry in shots:
            r = rv.reading(entry)
            if r.lost:
                continue
            target = tentative.players[entry.target]
            tplan = rv.plans.get(entry.target)
            dcount = tplan.def_count if tplan is not None else target.def_count
            if tplan is not None and tplan.path and not tplan.def_after_move:
                dcount = 0  # a runner dodges only with a DEF after his move (RULES 9.3)
            hit, out, boulets = chances(r.required, dodge_dice_of(target, dcount))
            read.append((entry, hit, out + BOULET_WORTH * min(boulets, 4 - target.boulets)))
        happens = self._happens(rv, read) if SPEED else [1.0] * len(read)
        for (entry, _, worth), p in zip(read, happens, strict=True):
            sign = 1.0 if tentative.players[entry.shooter].team == self.team else -DANGER
            score += sign * p * worth
        for shooter, plan in rv.plans.items():  # dumps (RULES 11.7), as the normal coach weighs them
            for f in plan.fires:
                if f.dump:
                    sign = 1.0 if tentative.players[shooter].team == self.team else -DANGER
                    score += sign * self._dump_worth(f.supports, tentative.players[f.target], plan.end)
        me = tentative.players[decl.player]
        final = rv.plans[decl.player].final
        later = [q for q in judge.enemies if q.id != epid]
        saved, judge.enemies = judge.enemies, later
        try:
            danger = judge.danger(decl.player, final.point, final.cover, final.side, decl.posture,
                                  rv.plans[decl.player].def_count)
        finally:
            judge.enemies = saved
        score -= DANGER * danger
        eplan = rv.plans.get(epid) if epid is not None else None
        if EXPOSURE and eplan is not None and tentative.players[epid].on_field:
            score += EXPOSURE * self._exposure(tentative, epid, eplan, decl.player)
        if any(isinstance(a, Move) for a in decl.actions):
            score += PROSPECT * self._best_shot(judge, tentative, me.id, final.point, final.cover, final.side,
                                                decl.posture, 2)
        return score

    def _happens(self, rv: RoundView, read: list) -> list[float]:
        """For each (entry, hit chance, worth), the chance that its shot is fired: 1 unless its shooter
        is the target of a shot that may come before his in the speed tests and hit him (RULES 11.6).
        Each pair of shooters is read on its own: the difference of two d6 and their modifiers."""
        targets = {e.target for e, _, _ in read}
        if not targets & {e.shooter for e, _, _ in read}:
            return [1.0] * len(read)
        speeds = [self._speed(rv, e, read) for e, _, _ in read]
        out = []
        for i, (e, _, _) in enumerate(read):
            p = 1.0
            for j, (f, hit, _) in enumerate(read):
                if f.target != e.shooter or f.shooter == e.shooter:
                    continue
                (mf, lf), (me, le) = speeds[j], speeds[i]
                first = 0.0 if lf and not le else 1.0 if le and not lf else beats_chance(mf - me)
                p *= 1.0 - first * hit
            out.append(p)
        return out

    def _speed(self, rv: RoundView, e: ShotEntry, read: list) -> tuple[int, bool]:
        """The modifiers of an entry's speed test and whether it shoots last, as the engine reads them
        (``rules.speed.speed_modifiers``) among the shots read."""
        mods = speed_modifiers(rv, e, [x for x, _, _ in read])
        return mods.total, mods.last

    def _exposure(self, tentative: MatchState, epid: str, eplan, mine: str) -> float:
        """The danger where the other side's activated player ends his answer, from our players other
        than the one who played this round (the same reading as our own place's danger)."""
        enemy = tentative.players[epid].team
        judge = Judge(self._before, enemy, self.m)
        judge.enemies = [q for q in judge.enemies if q.id != mine]
        final = eplan.final
        return judge.danger(epid, final.point, final.cover, final.side,
                            tentative.declarations[epid].posture, eplan.def_count)
