"""A coach that plays any legal decision of Un pour un, drawn from its own seeded generator.

Discrete decisions (whom to activate, shoot, strike, heal, charge) are listed; free positions are
sampled: a move is a straight path in a random direction of random length within the allowance, a
deployment a random point of the zone, a charge the point base to base on the line from the target to
the charger. Every candidate is asked of the engine's legality (``why_illegal``) before it is played,
so the coach never plays an illegal decision and needs no rule of its own.
"""

from __future__ import annotations

import math
import random
from typing import Any

from paintcheck.unpourun import actions as a
from paintcheck.unpourun import tables as t
from paintcheck.unpourun.engine import Engine
from paintcheck.unpourun.legality import kind_refused, withdraw_end_seen
from paintcheck.unpourun.state import Figure, MatchState, Phase

MOVE_TRIES = 6  # random paths tried for one move
DEPLOY_TRIES = 200  # random points tried for one deployment
STOP_WAVE = 0.1  # how often the first wave is stopped early
END_EARLY = 0.05  # how often an activation is ended with PA left
# a move's kind: its reach (times Mvt) and its decision
MOVES: dict[str, tuple[float, type]] = {"walk": (1.0, a.Walk), "run": (t.RUN_FACTOR, a.Run),
                                        "flee": (t.FLEE_FACTOR, a.Flee)}
# the kinds asked first as a kind (``legality.kind_refused``: 3.5 chains them, 6.3, PA), with their
# decision: their candidates are paths, each a costly question; the other kinds' are few and cheap
KINDS: dict[str, type] = {"charge": a.Charge, "walk": a.Walk, "run": a.Run}


class RandomCoach:
    def __init__(self, seat: str, engine: Engine, seed: int) -> None:
        self.seat = seat
        self.engine = engine
        self.rng = random.Random(seed)

    def decide(self, s: MatchState) -> Any:
        rng = self.rng
        if s.phase == Phase.ROLL_OFF:
            return a.RollOff()
        if s.phase == Phase.CHOOSE_ZONE:
            return a.ChooseZone(rng.randrange(2))
        if s.phase == Phase.DEPLOY:
            return self.deploy(s)
        if s.phase == Phase.WAVE:
            ready = [f.id for f in s.band(s.mover) if f.standing and not f.activated]
            if s.wave == 1 and rng.random() < STOP_WAVE:
                return a.StopWave()
            return a.Activate(rng.choice(ready))
        if s.phase == Phase.WITHDRAW:
            assert s.withdraw is not None
            fid, _, k = s.withdraw
            f = s.figure(fid)
            assert f.pos is not None
            for _ in range(MOVE_TRIES):
                angle, length = rng.uniform(0, 2 * math.pi), rng.uniform(0.3, 1.0) * k
                end = (f.pos[0] + math.cos(angle) * length, f.pos[1] + math.sin(angle) * length)
                if withdraw_end_seen(self.engine.board, s, end):
                    continue  # refused whatever the path (asked first: a path's legality costs more)
                d = a.Withdraw((end,))
                if self.legal(s, d):
                    return d
            return a.Withdraw(())
        if s.phase == Phase.ORDER:  # 6.8, 10.1: any of the tests (and tied enemies) offered
            return a.TakeTest(*rng.choice(s.choices))
        if s.phase == Phase.FREE_SHOT:
            assert s.free_shot is not None
            x = s.figure(s.free_shot[0])
            options = [a.FreeShot(w) for w in x.usable()] + [a.FreeShot("")]
            return self.first_legal(s, options, rng.sample(options, len(options)))
        return self.act(s)

    def legal(self, s: MatchState, d: Any) -> bool:
        return self.engine.why_illegal(s, d) is None

    def first_legal(self, s: MatchState, options: list[Any], order: list[Any]) -> Any:
        for d in order:
            if self.legal(s, d):
                return d
        return options[-1]

    def deploy(self, s: MatchState) -> a.Deploy:
        m = self.engine.m
        f = next(f for f in s.band(s.mover) if f.pos is None)
        zone = m.table.zones[s.zones[s.mover]]
        xs, ys = [p[0] for p in zone.points], [p[1] for p in zone.points]
        for _ in range(DEPLOY_TRIES):
            d = a.Deploy(f.id, (self.rng.uniform(min(xs), max(xs)), self.rng.uniform(min(ys), max(ys))))
            if self.legal(s, d):
                return d
        raise RuntimeError(f"no room to deploy {f.id} in zone {s.zones[s.mover]}")

    def act(self, s: MatchState) -> Any:
        act = s.activation
        assert act is not None
        f = s.figure(act.figure)
        rng = self.rng
        if act.charging:
            target = s.figure(act.charging)
            options: list[Any] = []
            if target.pos is not None:
                options.append(a.ChargeMove((self.contact_point(f, target),)))
            options.append(a.ChargeMove(()))
            return self.first_legal(s, options, options)
        enemies = [e for e in s.figures if e.player != f.player and e.on_table]
        engaged = self.engine.board.engaged(s, f)
        if f.routing and not engaged:
            assert f.pos is not None
            edges = self.engine.m.nearest_edges(f.pos)  # 10.1: any of the tied nearest edges
            return a.RoutMove((), rng.choice(edges) if len(edges) > 1 else "")
        kinds = ["strike", "flee", "medikit"] if engaged or f.routing else \
            ["shoot", "strike", "charge", "walk", "run", "medikit"]
        rng.shuffle(kinds)
        if rng.random() < END_EARLY:
            return a.EndActivation()
        for kind in kinds:
            if kind in KINDS and kind_refused(self.engine.board, s, KINDS[kind]) is not None:
                self.skip(s, f, kind, enemies)
                continue
            for d in self.candidates(s, f, kind, enemies):
                if self.legal(s, d):
                    return d
        return a.EndActivation()

    def skip(self, s: MatchState, f: Figure, kind: str, enemies: list[Figure]) -> None:
        """A kind refused whatever its candidates: its candidates' draws are made all the same (the
        generator's sequence, hence a seed's match, does not depend on what is asked), without the
        candidates of a move (two uniform draws per path, one ``random()`` each)."""
        if kind in MOVES:
            draw = self.rng.random
            for _ in range(2 * MOVE_TRIES):
                draw()
        else:
            self.candidates(s, f, kind, enemies)

    def candidates(self, s: MatchState, f: Figure, kind: str, enemies: list[Figure]) -> list[Any]:
        rng = self.rng
        if kind in MOVES:
            return self.moves(f, kind)
        standing = [e for e in enemies if e.standing]
        out: list[Any] = []
        if kind == "shoot":
            ids = [e.id for e in standing]
            prefer = tuple(rng.sample(ids, len(ids))) if len(ids) > 1 else ()  # 4.3, 10.1: ties, any order
            out = [a.Shoot(w, e.id, prefer if t.RANGED[w].targets > 1 else ()) for w in f.usable()
                   for e in standing
                   if math.dist(f.pos or (0, 0), e.pos or (0, 0)) <= t.RANGED[w].pl + t.BASE_DIAMETER]
            rng.shuffle(out)
            return out
        if kind == "strike":
            out = [a.Strike(e.id) for e in enemies if self.engine.board.in_contact(f, e)]
            rng.shuffle(out)
            return out
        if kind == "charge":
            near = [e for e in standing if math.dist(f.pos or (0, 0), e.pos or (0, 0))
                    <= f.stats.mvt * t.CHARGE_FACTOR + 1]
            rng.shuffle(near)
            return [a.Charge(e.id, (self.contact_point(f, e),)) for e in near[:2]]
        if kind == "medikit":
            return [a.Medikit(g.id) for g in s.band(f.player) if g.on_table and g.pv < g.stats.pv][:3] \
                if f.medikits else []
        raise ValueError(f"no decision kind {kind!r}")

    def moves(self, f: Figure, kind: str) -> list[Any]:
        """``MOVE_TRIES`` straight paths in random directions, of random lengths up to the kind's reach;
        those whose end leaves the table are dropped (the rest is the legality's)."""
        factor, cls = MOVES[kind]
        reach = f.stats.mvt * factor
        assert f.pos is not None
        x0, y0 = f.pos
        table = self.engine.m.table
        r = t.BASE_RADIUS
        hi_x, hi_y = table.width - r, table.depth - r
        uniform, cos, sin, turn = self.rng.uniform, math.cos, math.sin, 2 * math.pi
        out: list[Any] = []
        for _ in range(MOVE_TRIES):
            angle = uniform(0, turn)
            length = uniform(0.3, 1.0) * reach
            x, y = x0 + cos(angle) * length, y0 + sin(angle) * length
            if r <= x <= hi_x and r <= y <= hi_y:
                out.append(cls(((x, y),)))
        return out

    @staticmethod
    def contact_point(f: Figure, e: Figure) -> tuple[float, float]:
        """The point base to base with ``e`` on the line from ``e``'s centre to ``f``'s."""
        assert f.pos is not None and e.pos is not None
        dx, dy = f.pos[0] - e.pos[0], f.pos[1] - e.pos[1]
        n = math.hypot(dx, dy) or 1.0
        return e.pos[0] + dx / n * t.BASE_DIAMETER, e.pos[1] + dy / n * t.BASE_DIAMETER
