"""``hard``'s order tokens: its assignments searched against sampled assignments of the other side.

The other side's tokens are secret (RULES 4.2): they are sampled from models of the other coach
reading the same public board (the ``normal`` coach's urgency order, and the ``easy`` coach's noisy
ones), a decoupled choice in the manner of Tak, Lanctot & Winands (2014): our assignment is chosen
against the sampled ones, not against the tokens themselves. Each pair of assignments is played out
in a model of the turn: round by round the activated players shoot, each at the enemy where his best
supported shot does most, with the exact elimination chances read from where everybody stands now;
a player hit earlier in the turn fires only as much as he is still on the field, and a player who
has played is harder to hit (he has taken cover or DEF). The turn is worth the expected eliminations,
inflicted less suffered. The ``normal`` order is kept unless another is better by ``MARGIN``."""

from __future__ import annotations

import itertools
import random

from paintcheck.ai.chances import chances
from paintcheck.ai.judge import dodge_dice_of
from paintcheck.field.lattice import other_team
from paintcheck.rules import tables
from paintcheck.rules.actions import AssignOrders
from paintcheck.rules.state import MatchState, ShotEntry
from paintcheck.rules.values import RoundView
from paintcheck.rules.vocab import ShotKind

SAMPLES = 3  # assignments of the other side: the normal coach's, then noisy ones
SUPPORTS = 2  # the supports of a shot in the model
PLAYED = 0.5  # how much of a shot still lands on a player who has played this turn
MARGIN = 0.03  # in eliminations: the normal order is kept unless another is better by this


class OrderSearch:
    def __init__(self, coach, state: MatchState) -> None:
        self.coach, self.state, self.team = coach, state, coach.team
        self.enemy = other_team(self.team)
        self.ours = [p.id for p in state.team_players(self.team)]
        self.theirs = [p.id for p in state.team_players(self.enemy)]
        self.chance = self._chances()

    def _chances(self) -> dict[tuple[str, str], float]:
        """P(shooter's best supported shot eliminates target), read where everybody stands now."""
        rv = RoundView(self.state, self.coach.m)
        out: dict[tuple[str, str], float] = {}
        for team, other in ((self.team, self.enemy), (self.enemy, self.team)):
            for p in self.state.team_players(team):
                supports = SUPPORTS - p.boulets
                if p.gun != "ok" or supports < 0:
                    continue
                for q in self.state.team_players(other):
                    r = rv.reading(ShotEntry(p.id, q.id, ShotKind.SIMPLE))
                    if not r.lost:
                        dice = dodge_dice_of(q, q.def_count)
                        out[(p.id, q.id)] = chances(r.required - tables.SUPPORT_BONUS * supports, dice)[1]
        return out

    def samples(self, rng: random.Random) -> list[dict[str, int]]:
        from paintcheck.ai.easy import EasyCoach
        from paintcheck.ai.normal import NormalCoach

        models = [NormalCoach(self.enemy, self.coach.engine, 0, mixed=False)]
        models += [EasyCoach(self.enemy, self.coach.engine, rng.randrange(2**31)) for _ in range(SAMPLES - 1)]
        return [dict(model._orders(self.state).orders) for model in models]

    def candidates(self) -> list[dict[str, int]]:
        n = len(self.ours)
        out = []
        for slots in itertools.combinations(tables.ORDER_TOKENS, n):
            for perm in itertools.permutations(self.ours):
                out.append(dict(zip(perm, slots, strict=True)))
        return out

    def worth(self, ours: dict[str, int], theirs: dict[str, int]) -> float:
        alive = {pid: 1.0 for pid in self.ours + self.theirs}
        played: set[str] = set()
        tokens = {**ours, **theirs}
        for k in tables.ORDER_TOKENS:
            shooters = [pid for pid, t in tokens.items() if t == k]
            hits = []
            for pid in shooters:
                targets = self.theirs if pid in ours else self.ours
                best, aim = 0.0, None
                for q in targets:
                    c = self.chance.get((pid, q), 0.0) * alive[q] * (PLAYED if q in played else 1.0)
                    if c > best:
                        best, aim = c, q
                if aim is not None:
                    hits.append((aim, alive[pid] * best / alive[aim]))
            for q, h in hits:
                alive[q] *= 1.0 - h
            played.update(shooters)
        return sum(1.0 - alive[q] for q in self.theirs) - sum(1.0 - alive[q] for q in self.ours)

    def choose(self, base: AssignOrders, rng: random.Random) -> AssignOrders:
        if len(self.ours) < 2 or not self.theirs:
            return base
        others = self.samples(rng)

        def mean(orders: dict[str, int]) -> float:
            return sum(self.worth(orders, o) for o in others) / len(others)

        kept = dict(base.orders)
        best, chosen = mean(kept) + MARGIN, kept
        for orders in self.candidates():
            value = mean(orders)
            if value > best:
                best, chosen = value, orders
        return base if chosen is kept else AssignOrders(self.team, tuple(sorted(chosen.items(),
                                                                                key=lambda t: t[1])))
