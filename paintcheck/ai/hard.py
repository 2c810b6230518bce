"""``hard``: the ``normal`` coach's best sequences searched one round deep against the other side's
answer, over determinizations of what it cannot see.

For each of the ``normal`` coach's best candidate sequences (best first, so the search is anytime),
the coach fills the view's face-down tokens with a sample consistent with what it has seen (the
other side's unrevealed numbers, shuffled among its players who have not played: information-set
Monte Carlo, Cowling et al. 2012), applies the sequence through the engine, lets a ``normal`` model of
the other coach declare his answer from *his* view of that state, and scores the round with the
dice as expectations: the exact elimination chance of every declared shot of both sides (read by the
engine's ``RoundView.reading``), less the danger of the place where our player ends from the enemies
still to come, plus what that place offers next. The best mean score wins.

The search stops after ``iterations`` candidate evaluations or ``seconds`` of thinking, whichever
comes first; ``tournament`` gives it iterations only, so that its decisions depend on the seed alone.
Orders, reactions, the break sheet and late targets are the ``normal`` coach's."""

from __future__ import annotations

import random
import time

from paintcheck.ai.chances import chances
from paintcheck.ai.judge import BOULET_WORTH, Judge, dodge_dice_of
from paintcheck.ai.normal import DANGER, PROSPECT, NormalCoach
from paintcheck.rules import tables
from paintcheck.rules.actions import Declare, Move
from paintcheck.rules.engine import Engine
from paintcheck.rules.state import DECLARE, REACT, MatchState, ShotEntry
from paintcheck.rules.values import RoundView, with_declaration
from paintcheck.rules.views import HIDDEN, view

WIDTH = 8  # candidate sequences searched, the normal coach's best first
SAMPLES = 2  # determinizations per candidate
TOURNAMENT_ITERATIONS = WIDTH * SAMPLES  # a fixed search: the same decisions for the same seed
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
                answer = NormalCoach(enemy, engine, rng.randrange(2**31))._declare(view(after, enemy))
                tentative = with_declaration(tentative, answer)
                after, _ = engine.apply(after, answer, _NoDice())
            while same_round and after.phase == REACT:  # then both coaches' reactions, each from its view
                team = engine.to_move(after)
                react = NormalCoach(team, engine, rng.randrange(2**31))._react(view(after, team))
                reactions.extend(react.reactions)
                after, _ = engine.apply(after, react, _NoDice())
        except _Resolving:
            pass
        return self._exchange(tentative, judge, decl, epid, reactions)

    def _exchange(self, tentative: MatchState, judge: Judge, decl: Declare, epid: str | None,
                  reactions: list) -> float:
        """Expected eliminations of the round (ours minus theirs), then the place's danger and prospect."""
        rv = RoundView(tentative, self.m)
        score = 0.0
        shots = [ShotEntry(shooter, f.target, "simple", f.number, f.supports, f.action)
                 for shooter, plan in rv.plans.items() for f in plan.fires if not f.dump]
        shots += [ShotEntry(r.player, r.target, r.kind) for r in reactions]
        for entry in shots:
            sign = 1.0 if tentative.players[entry.shooter].team == self.team else -DANGER
            r = rv.reading(entry)
            if r.lost:
                continue
            target = tentative.players[entry.target]
            tplan = rv.plans.get(entry.target)
            dcount = tplan.def_count if tplan is not None else target.def_count
            if tplan is not None and tplan.path and not tplan.def_after_move:
                dcount = 0  # a runner dodges only with a DEF after his move (RULES 9.3)
            _, out, boulets = chances(r.required, dodge_dice_of(target, dcount))
            score += sign * (out + BOULET_WORTH * min(boulets, 4 - target.boulets))
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
        if any(isinstance(a, Move) for a in decl.actions):
            score += PROSPECT * self._best_shot(judge, tentative, me.id, final.point, final.cover, final.side,
                                                decl.posture, 2)
        return score
