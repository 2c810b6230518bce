"""A coach that plays any legal decision of Un pour un, drawn from its own seeded generator.

In an activation it draws a kind of decision uniformly among those left (a kind the legality refuses
as a kind, ``kind_refused``, is dropped at once), then candidates of that kind one at a time, each asked
of the engine's legality (``why_illegal``) before it is played: a move is a straight path in a random
direction of random length within the allowance, a shot a weapon the legality lets shoot
(``shot_weapons``) at a standing enemy within its long range, a charge the point base to base on the
line from the target to the charger, a strike or a medikit one of the figures it may concern. A kind
whose few tries all fail is dropped and another drawn; with none left the activation ends. A
deployment is a random point of the zone. So the coach never plays an illegal decision, needs no rule
of its own, and asks one or two questions for most decisions.
"""
from __future__ import annotations

import math
import random
from collections.abc import Callable
from itertools import permutations
from typing import Any

from paintcheck.unpourun import actions as a
from paintcheck.unpourun import tables as t
from paintcheck.unpourun.allowance import charge_allowance, flee_allowance, run_allowance, walk_allowance
from paintcheck.unpourun.engine import Engine
from paintcheck.unpourun.legality import open_kinds_of, open_shot_weapons, some_flee, withdraw_end_seen
from paintcheck.unpourun.measurer import base_to_base
from paintcheck.unpourun.query import CONTACT_REACH2
from paintcheck.unpourun.state import Figure, MatchState, Phase

MOVE_TRIES = 6  # random paths tried for one move, drawn and asked one at a time
PICK_TRIES = 3  # targets (or weapon and target pairs) tried for one strike, shot, charge or medikit
DEPLOY_TRIES = 200  # random points tried for one deployment
NEAR_SLACK = 1e-6  # pas added to a reach asked squared first (its rounding never drops a figure within)
STOP_WAVE = 0.1  # how often the first wave is stopped early
END_EARLY = 0.05  # how often an activation is ended with PA left
# a move's decision and its reach (the allowance its path may cost)
MOVES: dict[type, Callable[[Figure], float]] = {a.Walk: walk_allowance, a.Run: run_allowance,
                                                a.Flee: flee_allowance}
# the kinds drawn among in an activation: free, and engaged or routing
FREE = (a.Shoot, a.Strike, a.Charge, a.Walk, a.Run, a.Medikit)
CLOSE = (a.Strike, a.Flee, a.Medikit)
# every order of them: one draw picks the order the kinds are tried in (a uniform permutation)
FREE_ORDERS, CLOSE_ORDERS = tuple(permutations(FREE)), tuple(permutations(CLOSE))


class RandomCoach:
    def __init__(self, seat: str, engine: Engine, seed: int) -> None:
        self.seat = seat
        self.engine = engine
        self.rng = random.Random(seed)

    def decide(self, s: MatchState) -> Any:
        rng = self.rng
        if s.phase == Phase.ACTIVATION:  # the most asked first
            return self.act(s)
        if s.phase == Phase.ROLL_OFF:
            return a.RollOff()
        if s.phase == Phase.CHOOSE_ZONE:
            return a.ChooseZone(rng.randrange(2))
        if s.phase == Phase.DEPLOY:
            return self.deploy(s)
        if s.phase == Phase.WAVE:
            mover = s.mover
            ready = [f.id for f in s.figures if f.player == mover and f.standing and not f.activated]
            if s.wave == 1 and rng.random() < STOP_WAVE:
                return a.StopWave()
            return a.Activate(rng.choice(ready))
        if s.phase == Phase.WITHDRAW:
            assert s.withdraw is not None
            fid, _, k, _ = s.withdraw
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
        if s.phase == Phase.TARGET:  # 4.3, 10.1: any of the tied group members
            assert s.aim is not None
            return a.ChooseTarget(rng.choice(s.aim.tied))
        if s.phase == Phase.FREE_SHOT:
            assert s.free_shot is not None
            x = s.figure(s.free_shot[0])
            options = [a.FreeShot(w) for w in x.usable()] + [a.FreeShot("")]
            return self.first_legal(s, options, rng.sample(options, len(options)))
        raise ValueError(f"no decision to make in phase {s.phase.value!r}")

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
        """The kinds tried in a random order (one draw among their permutations), those the legality
        refuses as a kind skipped (``open_kinds_of``); of each kind up to a few candidates
        drawn one at a time, each asked, the first legal one played; with no kind left, the activation
        ends. (So a kind is played with the same chance as if drawn uniformly among the kinds left.)"""
        act = s.activation
        assert act is not None
        f = s.figure(act.figure)
        rng = self.rng
        board = self.engine.board
        if act.charging:
            target = s.figure(act.charging)
            options: list[Any] = []
            if target.pos is not None:
                options.append(a.ChargeMove((self.contact_point(f, target),)))
            options.append(a.ChargeMove(()))
            return self.first_legal(s, options, options)
        engaged = board.engaged(s, f)
        if f.routing and not engaged:
            assert f.pos is not None
            edges = self.engine.m.nearest_edges(f.pos)  # 10.1: any of the tied nearest edges
            return a.RoutMove((), rng.choice(edges) if len(edges) > 1 else "")
        if rng.random() < END_EARLY:
            return self.end(s, f)
        orders = CLOSE_ORDERS if engaged or f.routing else FREE_ORDERS
        for kind in open_kinds_of(board, s, f, engaged, orders[rng.randrange(len(orders))]):
            d = self.draw(s, f, kind)
            if d is not None:
                return d
        return self.end(s, f)

    def end(self, s: MatchState, f: Figure) -> Any:
        """Ending the activation, or for an engaged routing figure that can flee (8.4: the legality
        refuses its end) the Flee the legality found (``some_flee``)."""
        if f.routing and (flee := some_flee(self.engine.board, s, f)) is not None:
            return flee
        return a.EndActivation()

    def draw(self, s: MatchState, f: Figure, kind: type) -> Any:
        """A legal decision of class ``kind`` (not refused as a kind), or None when its tries fail."""
        if kind in MOVES:
            return self.move(s, f, kind)
        if kind is a.Shoot:
            return self.shoot(s, f)
        rng = self.rng
        out: list[Any]
        if kind is a.Strike:  # 3.7: an enemy in contact (the legality says which may be struck)
            out = [a.Strike(e.id) for e in self.near(s, f, CONTACT_REACH2) if e.on_table
                   and self.engine.board.in_contact(f, e)]
        elif kind is a.Charge:
            near = self.charge_targets(s, f)
            for _ in range(min(len(near), PICK_TRIES)):  # its contact point made for the one drawn
                e = near.pop(rng.randrange(len(near)) if len(near) > 1 else 0)
                d = a.Charge(e.id, (self.contact_point(f, e),))
                if self.legal(s, d):
                    return d
            return None
        elif kind is a.Medikit:
            player = f.player
            out = [a.Medikit(g.id) for g in s.figures
                   if g.player == player and g.on_table and g.pv < g.stats.pv]
        else:
            raise ValueError(f"no decision kind {kind.__name__!r}")
        for _ in range(min(len(out), PICK_TRIES)):
            d = out.pop(rng.randrange(len(out)) if len(out) > 1 else 0)
            if self.legal(s, d):
                return d
        return None

    def charge_targets(self, s: MatchState, f: Figure) -> list[Figure]:
        """The standing enemies a charge of ``f`` is drawn at: centres within its charge's allowance
        and one pas, in band order."""
        reach = charge_allowance(f) + 1
        return [e for e in self.near(s, f, (reach + NEAR_SLACK) ** 2) if e.standing
                and math.dist(f.pos or (0, 0), e.pos or (0, 0)) <= reach]

    @staticmethod
    def near(s: MatchState, f: Figure, reach2: float) -> list[Figure]:
        """The enemies of ``f`` placed with their centres within sqrt(``reach2``) of its own, in band
        order (the flat distance, asked before what costs more: standing, contact, the path)."""
        assert f.pos is not None
        x, y = f.pos
        player = f.player
        return [e for e in s.figures if e.player != player and (p := e.pos) is not None
                and (p[0] - x) * (p[0] - x) + (p[1] - y) * (p[1] - y) <= reach2]

    def shoot(self, s: MatchState, f: Figure) -> a.Shoot | None:
        """A weapon drawn among those the legality lets shoot (``open_shot_weapons``), a standing enemy
        within its long range as target, asked; up to ``PICK_TRIES`` pairs."""
        act = s.activation
        assert act is not None
        weapons = open_shot_weapons(f, act.pa)  # the kind open: ``shot_weapons``' answer
        if not weapons:
            return None
        assert f.pos is not None
        rng = self.rng
        here = f.pos
        standing = [e for e in s.figures if e.player != f.player and e.standing]
        away = [(e, math.dist(here, e.pos or here)) for e in standing]  # each enemy's, once
        pairs = [(w, e) for w in weapons for reach in (t.RANGED[w].pl + t.BASE_DIAMETER,)
                 for e, d in away if d <= reach]
        for _ in range(min(len(pairs), PICK_TRIES)):
            w, e = pairs.pop(rng.randrange(len(pairs)) if len(pairs) > 1 else 0)
            d = a.Shoot(w, e.id)
            if self.legal(s, d):
                return d
        return None

    def move(self, s: MatchState, f: Figure, kind: type) -> Any:
        """Up to ``MOVE_TRIES`` straight paths in random directions, of random lengths up to the kind's
        reach, drawn one at a time; one whose end leaves the table is not asked (the rest is the
        legality's)."""
        reach = MOVES[kind](f)
        assert f.pos is not None
        x0, y0 = f.pos
        table = self.engine.m.table
        r = t.BASE_RADIUS
        hi_x, hi_y = table.width - r, table.depth - r
        uniform, cos, sin, turn = self.rng.uniform, math.cos, math.sin, 2 * math.pi
        for _ in range(MOVE_TRIES):
            angle = uniform(0, turn)
            length = uniform(0.3, 1.0) * reach
            x, y = x0 + cos(angle) * length, y0 + sin(angle) * length
            if r <= x <= hi_x and r <= y <= hi_y:
                d = kind(((x, y),))
                if self.legal(s, d):
                    return d
        return None

    @staticmethod
    def contact_point(f: Figure, e: Figure) -> tuple[float, float]:
        """The point base to base with ``e`` on the line from ``e``'s centre to ``f``'s."""
        assert f.pos is not None and e.pos is not None
        return base_to_base(e.pos, f.pos)
