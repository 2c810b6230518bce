"""Un pour un's one door: ``Engine.apply(state, decision, dice) -> (state, events)``.

The flow in four lines: a roll-off and deployment (1.9); each turn an initiative roll (3.1), the first
and second waves player by player (3.2), each activation spending its PA on active actions (§3, §4)
while passive tests interrupt (§6); then the end of turn: rout and rally tests, VP, the end (§8, §9).
Every die is rolled on the injected dice and is an event; the state handed in is never changed.
"""

from __future__ import annotations

import dataclasses
import logging
import math
from typing import Any

from paintcheck.said import Said
from paintcheck.seam.game import DRAW
from paintcheck.unpourun import actions as a
from paintcheck.unpourun import tables as t
from paintcheck.unpourun.allowance import move_allowance, refused_charge_allowance, rout_allowance
from paintcheck.unpourun.blasts import blast_hit, explosion_hit
from paintcheck.unpourun.climb import plan
from paintcheck.unpourun.events import Event, event_of
from paintcheck.unpourun.legality import why_illegal
from paintcheck.unpourun.measurer import Measurer, centre_distance, distance
from paintcheck.unpourun.needs import (
    EXPLOSION,
    FALL_DIES,
    FALL_ON_A_ROLL,
    JAM,
    accident_kind,
    after_loss,
    cd_passes,
    charge_tests,
    damage_r,
    damages,
    hanging_fall,
    meets,
    rerolls_left,
    strike_need,
)
from paintcheck.unpourun.query import EPS, IMPOSSIBLE, Board, d3
from paintcheck.unpourun.state import Activation, Figure, MatchState, Pending, Phase, Point, Status, other
from paintcheck.unpourun.state import changed as replace  # dataclasses.replace for figures, faster
from paintcheck.unpourun.terrain import ROPE_COST_PER_PAS, Kind

log = logging.getLogger(__name__)

RAY_BISECTIONS = 24  # a forced move's end found to 2^-24 of its length
_ACTIONS = frozenset({a.Walk, a.Run, a.Charge, a.ChargeMove, a.Strike, a.Flee, a.Shoot, a.Medikit,
                      a.EndActivation, a.RoutMove})  # the active figure's decisions (``_Work.action``)


class Engine:
    def __init__(self, m: Measurer) -> None:
        self.m = m
        self.board = Board(m)

    def to_move(self, s: MatchState) -> str | None:
        return None if s.phase == Phase.OVER else s.mover

    def why_illegal(self, s: MatchState, d: Any) -> Said | None:
        return why_illegal(self.board, s, d)

    def apply(self, s: MatchState, d: Any, dice: Any, check: bool = True) -> tuple[MatchState, list[Event]]:
        if check:
            reason = why_illegal(self.board, s, d)
            if reason is not None:
                raise a.IllegalActionError(reason)
        work = _Work(self.board, s.copy(), dice)
        work.decide(d)
        work.settle()
        return work.s, work.events


class _Work:
    """One decision being applied: the state's copy, the dice, the events made."""

    def __init__(self, board: Board, s: MatchState, dice: Any) -> None:
        self.b = board
        self.m = board.m
        self.s = s
        self.dice = dice
        self.events: list[Event] = []
        self._index: dict[str, int] | None = None  # figure id -> its place in ``s.figures`` (fixed)

    # -- small tools ---------------------------------------------------------------------------------
    def ev(self, kind: str, rule: str, **values: Any) -> None:
        self.events.append(event_of(kind, rule, values))

    def roll(self, rule: str, purpose: str, who: str, need: int = 0) -> int:
        value: int = self.dice.roll(t.D6)
        self.ev("roll", rule, figure=who, purpose=purpose, value=value, need=need)
        return value

    def place(self, fid: str) -> int:
        """Where the figure ``fid`` stands in ``s.figures``: the figures keep their order all match long
        (the engine only replaces one in its place or all of them in order), so the places are read once
        per decision (``MatchState.figure``'s search, made once)."""
        index = self._index
        if index is None:
            index = self._index = {f.id: i for i, f in enumerate(self.s.figures)}
        return index[fid]

    def fig(self, fid: str) -> Figure:
        index = self._index  # ``place``, read here without the call (the engine's most frequent question)
        return self.s.figures[index[fid] if index is not None else self.place(fid)]

    def put(self, f: Figure) -> None:
        """``f`` in place of the figure of its id (a new tuple: what is remembered of the old one stays
        true of it)."""
        figures = self.s.figures
        i = self.place(f.id)
        self.s.figures = figures[:i] + (f,) + figures[i + 1:]

    def cd_test(self, f: Figure, cd: int, purpose: str, rule: str) -> bool:
        """0.2: 2d6 <= the Cd used."""
        total = sum(self.roll(rule, purpose, f.id, cd) for _ in range(t.CD_TEST_DICE))
        passed = cd_passes(total, cd)
        self.ev("test_passed" if passed else "test_failed", rule, figure=f.id, purpose=purpose, total=total,
                cd=cd, passed=passed)
        return passed

    # -- the decision ------------------------------------------------------------------------------
    def decide(self, d: Any) -> None:
        s = self.s
        kind = type(d)
        if kind is a.Activate:  # the most frequent decisions first (a third of a match's)
            self.activate(d.figure)
        elif kind in _ACTIONS:
            self.action(d)
        elif isinstance(d, a.RollOff):
            self.roll_off()
        elif isinstance(d, a.ChooseZone):
            s.zones = {s.first: d.zone, other(s.first): 1 - d.zone}
            self.ev("zone", "1.9", player=s.first, zone=d.zone)
            s.phase, s.mover = Phase.DEPLOY, other(s.first)
        elif isinstance(d, a.Deploy):
            self.deploy(d)
        elif isinstance(d, a.Activate):
            self.activate(d.figure)
        elif isinstance(d, a.StopWave):
            self.ev("wave_stopped", "3.2", player=s.mover)
            self.next_segment()
        elif isinstance(d, a.FreeShot):
            self.free_shot(d)
        elif isinstance(d, a.Withdraw):
            self.withdraw(d)
        elif isinstance(d, a.TakeTest):
            self.take_first(d)
        else:
            self.action(d)

    def roll_off(self) -> None:
        """1.9: each rolls 1d6, ties re-rolled; the higher chooses a zone."""
        while True:
            ra, rb = self.roll("1.9", "roll_off", "A"), self.roll("1.9", "roll_off", "B")
            if ra != rb:
                break
        self.s.first = "A" if ra > rb else "B"
        self.ev("roll_off", "1.9", winner=self.s.first)
        self.s.phase, self.s.mover = Phase.CHOOSE_ZONE, self.s.first

    def deploy(self, d: a.Deploy) -> None:
        s = self.s
        f = self.fig(d.figure)
        self.put(replace(f, pos=d.at, pv=f.stats.pv))
        self.ev("deployed", "1.9", figure=f.id, x=d.at[0], y=d.at[1])
        if any(g.pos is None for g in s.band(s.mover)):
            return
        if s.mover != s.first:
            s.mover = s.first
            return
        seen = set()  # 6.6: sightings at the end of deployment count as seen, with no test
        figures = [g for g in s.figures if g.pos is not None]
        for x in figures:
            for y in figures:
                if x.player < y.player and self.b.sees(x, y):
                    seen |= {(x.id, y.id), (y.id, x.id)}
        s.seen = frozenset(seen)
        self.start_turn()

    # -- the turn (3.1, 3.2) -----------------------------------------------------------------------
    def start_turn(self) -> None:
        s = self.s
        s.turn += 1
        s.figures = tuple(replace(f, activated=False, rondaches_used=0, charged_malus=False,
                                  up_this_turn=f.standing) for f in s.figures)
        self.ev("turn", "3.1", turn=s.turn)
        counts = {p: sum(1 for f in s.band(p) if f.standing and f.kind == t.SOUS_FIFRE) for p in t.PLAYERS}
        while True:
            totals = {p: self.roll("3.1", "initiative", p) + counts[p] for p in t.PLAYERS}
            if totals["A"] != totals["B"]:
                s.first = "A" if totals["A"] > totals["B"] else "B"
                break
            if counts["A"] != counts["B"]:  # « celui qui possède le moins de sous fifre »
                s.first = "A" if counts["A"] < counts["B"] else "B"
                break
        self.ev("initiative", "3.1", first=s.first, a=totals["A"], b=totals["B"])
        self.begin_segment(1, s.first)

    def activatable(self, player: str) -> list[Figure]:
        return [f for f in self.s.figures if f.player == player and f.standing and not f.activated]

    def any_activatable(self, player: str) -> bool:
        return any(f.player == player and f.standing and not f.activated for f in self.s.figures)

    def begin_segment(self, wave: int, player: str) -> None:
        s = self.s
        s.wave, s.mover, s.phase, s.activation = wave, player, Phase.WAVE, None
        if not self.any_activatable(player):
            self.next_segment()
            return
        if wave == 1:
            s.wave_left = self.roll("3.2", "wave", player)
            self.ev("wave", "3.2", wave=1, player=player, count=s.wave_left)
        else:
            self.ev("wave", "3.2", wave=2, player=player, count=len(self.activatable(player)))

    def next_segment(self) -> None:
        s = self.s
        order = [(1, s.first), (1, other(s.first)), (2, s.first), (2, other(s.first))]
        i = order.index((s.wave, s.mover))
        if i + 1 < len(order):
            self.begin_segment(*order[i + 1])
        else:
            self.end_turn()

    def activate(self, fid: str) -> None:
        s = self.s
        f = self.fig(fid)
        self.put(replace(f, activated=True))
        s.activation = Activation(fid, f.stats.pa)
        s.phase = Phase.ACTIVATION
        if s.wave == 1:
            s.wave_left -= 1
        self.ev("activated", "3.3", figure=fid, pa=f.stats.pa)

    def end_activation(self) -> None:
        s = self.s
        assert s.activation is not None
        self.ev("activation_ended", "3.3", figure=s.activation.figure)
        s.activation = None
        s.phase = Phase.WAVE
        if (s.wave == 1 and s.wave_left <= 0) or not self.any_activatable(s.mover):
            self.next_segment()

    def settle(self) -> None:
        """After a decision: the sightings still to test (6.6, 6.8), then the activation ends when its
        figure is down, gone or out of PA."""
        s = self.s
        if s.queue:
            self.drain()
        if s.phase != Phase.ACTIVATION or s.activation is None:
            return
        f = self.fig(s.activation.figure)
        act = s.activation
        if not f.standing or (act.pa <= 0 and not act.charging):
            self.end_activation()

    # -- the active actions (§3, §4) --------------------------------------------------------------
    def action(self, d: Any) -> None:
        s = self.s
        act = s.activation
        assert act is not None
        f = self.fig(act.figure)
        if isinstance(d, a.EndActivation):
            act.pa = 0
            self.end_activation()
            return
        if isinstance(d, (a.Walk, a.Run)):
            run = isinstance(d, a.Run)
            act.pa -= t.RUN_PA if run else t.WALK_PA
            allowance = move_allowance(self.b, s, f, d)
            self.climb_along(f, d.path, allowance, "ran" if run else "walked")
            act.last_move = True
        elif isinstance(d, a.Shoot):
            act.pa -= t.RANGED[d.weapon].pa
            act.last_move = False
            self.shoot(f.id, d.weapon, d.target, d.prefer)
        elif isinstance(d, a.Strike):
            act.pa -= t.STRIKE_PA
            act.last_move = False
            self.strike(f.id, d.target)
        elif isinstance(d, a.Medikit):
            act.pa -= t.MEDIKIT_PA
            act.last_move = False
            self.medikit(f.id, d.target)
        elif isinstance(d, a.Flee):
            act.pa -= self.flee_cost(f)
            act.last_move = False
            self.move_along(f, d.path, "fled", "3.9")
        elif isinstance(d, a.RoutMove):
            self.rout_move(f.id, d.path, d.edge)
        elif isinstance(d, a.Charge):
            self.charge(f, d)
        elif isinstance(d, a.ChargeMove):
            self.charge_move(f, d)

    def flee_cost(self, f: Figure) -> int:
        """3.9: 1 per enemy engaged, −1 per ally within 1, at least 1."""
        return flee_cost(self.b, self.s, f)

    def climb_along(self, f: Figure, path: a.Path, allowance: float, kind: str, rule: str = "3.4") -> None:
        """3.4, 3.11: a Walk, Run or rout path, which may end hanging in a climb it cannot finish."""
        move = plan(self.b, self.s, f, path, allowance, f.stats.difficult_as_open)
        assert move.problem is None and move.end is not None
        if move.hanging is None and f.hanging is None:
            self.move_along(f, (move.end,), kind, rule)
            return
        self.put(replace(f, pos=move.end, hanging=move.hanging))
        self.ev(kind, rule, figure=f.id, x=move.end[0], y=move.end[1])
        if move.hanging is not None:
            self.ev("hangs", "3.11", figure=f.id, height=round(move.hanging[1], 6))
        self.sightings(f.id)

    def move_along(self, f: Figure, path: a.Path, kind: str, rule: str) -> None:
        if not path:
            return
        end = path[-1]
        self.put(replace(f, pos=end))
        self.ev(kind, rule, figure=f.id, x=end[0], y=end[1])
        self.sightings(f.id)

    # -- charge (3.6, 6.3, 6.4) -------------------------------------------------------------------
    def charge(self, f: Figure, d: a.Charge) -> None:
        s = self.s
        act = s.activation
        assert act is not None
        act.pa -= t.CHARGE_PA
        target = self.fig(d.target)
        self.ev("charge_declared", "3.6", figure=f.id, target=target.id)
        if charge_tests(f, target) and self.b.can_test(s, f, t.CHARGE_TEST):
            if not self.cd_test(f, self.b.passive_cd(s, f), "charge_test", "6.3"):
                act.no_run_charge, act.last_move = True, True
                self.straight_away(f.id, self.b.pos(target), refused_charge_allowance(f), "6.3")
                return
        malus = False
        if f.rank > target.rank and self.b.can_test(s, target, t.BEING_CHARGED):
            if not self.cd_test(target, self.b.passive_cd(s, target), "being_charged", "6.4"):
                die = self.roll("6.4", "step_back", target.id)
                if die >= t.STEP_BACK_ON:
                    k = d3(self.roll("6.4", "d3", target.id))
                    moved = self.straight_away(target.id, self.b.pos(f), k, "6.4")
                    malus = moved < k - EPS
                else:
                    malus = True
        act.last_move = True
        f = self.fig(f.id)
        if self.fig(target.id).pos == target.pos:
            self.reach(f, target.id, d.path, malus)
        else:
            act.charging, act.charge_malus = target.id, malus

    def reach(self, f: Figure, target: str, path: a.Path, malus: bool) -> None:
        self.move_along(f, path, "charged", "3.6")
        tg = self.fig(target)
        if malus and tg.standing:
            self.put(replace(tg, charged_malus=True))
            self.ev("charged_malus", "6.4", figure=target)

    def charge_move(self, f: Figure, d: a.ChargeMove) -> None:
        act = self.s.activation
        assert act is not None
        target, malus = act.charging, act.charge_malus
        act.charging, act.charge_malus = "", False
        tg = self.fig(target)
        if d.path and tg.pos is not None and distance(d.path[-1], tg.pos) <= EPS * 1e3:
            self.reach(f, target, d.path, malus)
            return
        self.ev("charge_failed", "3.6", figure=f.id, target=target)
        if act.pa >= t.CHARGE_FAIL_EXTRA_PA:
            act.pa -= t.CHARGE_FAIL_EXTRA_PA
        self.move_along(f, d.path, "ran", "3.6")

    # -- strike (3.7, 3.8) ------------------------------------------------------------------------
    def strike(self, fid: str, tid: str) -> None:
        f, target = self.fig(fid), self.fig(tid)
        need = strike_need(f)
        die = self.roll("3.7", "strike", fid, need)
        hit = meets(die, need)
        while hit and rerolls_left(target):  # 3.8: re-rolled, one rondache each
            target = replace(target, rondaches_used=target.rondaches_used + 1)
            self.put(target)
            self.ev("rondache", "3.8", figure=tid)
            die = self.roll("3.8", "strike", fid, need)
            hit = meets(die, need)
        self.ev("struck" if hit else "strike_missed", "3.7", figure=fid, target=tid, hit=hit)
        if hit:
            self.damage(tid, f.stats.f, 0, "3.7")

    # -- damage (§5, §7) --------------------------------------------------------------------------
    def damage(self, tid: str, f_value: int, extra_r: int, rule: str) -> bool:
        target = self.fig(tid)
        r = damage_r(target, extra_r)
        need = t.damage_needed(f_value, r)
        die = self.roll("5.1", "damage", tid, need)
        done = damages(die, need)  # 5.3
        self.ev("damaged" if done else "no_damage", rule, figure=tid, f=f_value, r=r, need=need, die=die,
                damaged=done)
        if done:
            self.lose_pv(tid)
            if target.hanging is not None:
                self.fall(tid)
        return done

    def fall(self, tid: str) -> None:
        """3.11: a hanging figure that loses PV to a shot, a blast or an explosion falls and dies if left
        at 0 PV; otherwise it falls on a 1 (1d6) and loses 1 more PV. It lands at P, outside the piece."""
        f = self.fig(tid)
        fall = hanging_fall(f.status)
        if fall == FALL_DIES:
            self.put(replace(f, hanging=None, pv=f.pv - 1, status=Status.DEAD, pos=None))
            self.ev("fell", "3.11", figure=tid)
            self.ev("dead", "7.2", figure=tid)
            return
        if fall != FALL_ON_A_ROLL:
            return
        if self.roll("3.11", "fall", tid, t.FALL_ON) == t.FALL_ON:
            self.put(replace(f, hanging=None))
            self.ev("fell", "3.11", figure=tid)
            self.lose_pv(tid)

    def lose_pv(self, tid: str) -> None:
        f = self.fig(tid)
        pv = f.pv - 1
        status = after_loss(pv, f.status)
        if status == Status.DEAD:
            self.put(replace(f, pv=pv, status=Status.DEAD, pos=None))
            self.ev("dead", "7.2", figure=tid)
        elif status != f.status:
            self.put(replace(f, pv=pv, status=status))
            self.ev("hors", "7.1", figure=tid)
        else:
            self.put(replace(f, pv=pv))

    # -- médikit (3.10, 7.3) ------------------------------------------------------------------------
    def medikit(self, fid: str, tid: str) -> None:
        f = self.fig(fid)
        self.put(replace(f, medikits=f.medikits - 1))
        target = self.fig(tid)
        pv = min(target.stats.pv, target.pv + t.MEDIKIT_PV)
        if target.status == Status.HORS:
            self.put(replace(target, pv=pv, status=Status.FIGHTING, up_this_turn=True))
            self.ev("stands_up", "7.3", figure=tid)
        else:
            self.put(replace(target, pv=pv))
        self.ev("healed", "3.10", figure=fid, target=tid, pv=pv)

    # -- shooting (§4) ------------------------------------------------------------------------------
    def shoot(self, sid: str, weapon: str, nominated: str, prefer: tuple[str, ...] = ()) -> None:
        s = self.s
        w = t.RANGED[weapon]
        shooter = self.fig(sid)
        targets = self.b.shot_targets(s, shooter, self.fig(nominated), weapon, prefer)
        self.ev("shot", "4.1", figure=sid, weapon=weapon, targets=tuple(x.id for x in targets))
        hits: list[tuple[int, Figure]] = []
        ones = False
        for i, target in enumerate(targets):  # 4.1: all the to-hit dice first
            need, rng, height, d = self.b.to_hit(shooter, target, weapon)
            die = self.roll("4.4", "to_hit", sid, need)
            ones |= die == t.ACCIDENT_ON
            hit = meets(die, need)
            self.ev("hit" if hit else "missed", "4.4", figure=sid, target=target.id,
                    ct=shooter.stats.ct,
                    range=rng,
                    height=height, d=round(d, 6), need=need, die=die, hit=hit)
            if hit:
                hits.append((i, target))
        tested: list[str] = [x.id for x in targets]
        if w.blast:
            if hits:
                tested = self.blast(shooter, hits[0][1], w)
        else:
            for i, target in hits:  # 4.2, 4.3: every target after the first gets R +1
                self.damage(target.id, w.f, t.EXTRA_TARGET_R if i else 0, "4.2")
        if ones:
            self.accident(sid, weapon)
        moment = self.moment()  # 6.7, then 6.8: the first player's figures first, his order asked
        first = self.s.first
        order = sorted(range(len(tested)), key=lambda i: (self.fig(tested[i]).player != first, i))
        self.pend([Pending("shot", tested[i], (sid,), moment, weapon) for i in order])

    def blast(self, shooter: Figure, target: Figure, w: t.Ranged) -> list[str]:
        """4.5: the blast centred on the target hits every figure but the shooter whose centre is
        within radius + 0.5 and which the target's position sees; all damage, nearest first."""
        hit = blast_hit(self.b, self.s, shooter, target, w)
        self.ev("blast", "4.5", target=target.id, radius=w.blast, hit=tuple(hit))
        for fid in hit:
            self.damage(fid, w.f, 0, "4.5")
        return hit

    def accident(self, sid: str, weapon: str) -> None:
        """4.6: one check for the shot, by the weapon's class."""
        w = t.RANGED[weapon]
        f = self.fig(sid)
        kind = accident_kind(w)
        if kind == EXPLOSION:
            die = self.roll("4.6", "explosion", sid, t.EXPLODES_ON)
            if die == t.EXPLODES_ON:
                self.put(replace(f, broken=(*f.broken, weapon)))
                self.ev("exploded", "4.6", figure=sid, weapon=weapon)
                for fid in explosion_hit(self.b, self.s, f, w):
                    if self.fig(fid).on_table:
                        self.damage(fid, w.f, 0, "4.6")
        elif kind == JAM:
            die = self.roll("4.6", "jam", sid, t.JAMS_ON)
            if die == t.JAMS_ON:
                self.put(replace(f, broken=(*f.broken, weapon)))
                self.ev("jammed", "4.6", figure=sid, weapon=weapon)

    def shot_tests(self, target: Figure, f_value: int) -> bool:
        """6.7: the figure can test, and the weapon's F beats its best usable ranged F (or it has none)."""
        if not self.b.can_test(self.s, target, t.BEING_SHOT):
            return False
        best = max((t.RANGED[w].f for w in target.usable()), default=None)
        return best is None or f_value > best

    def moment(self) -> int:
        self.s.moments += 1
        return self.s.moments

    def pend(self, tests: list[Pending]) -> None:
        """6.8: tests triggered now are taken before those still pending (each test, with whatever it
        triggers, is finished before the next)."""
        if tests:
            self.s.queue = (*tests, *self.s.queue)

    def being_shot(self, tid: str, sid: str, f_value: int) -> None:
        """6.7: a 2d6 Cd test [E] when the weapon's F beats the figure's best usable ranged F (or it has
        none); failed: it withdraws 1d3 from the shooter."""
        s = self.s
        target = self.fig(tid)
        if not self.shot_tests(target, f_value):
            return
        if not self.cd_test(target, self.b.passive_cd(s, target), "being_shot", "6.7"):
            shooter = self.fig(sid)
            z = shooter.pos if shooter.pos is not None else target.pos
            assert z is not None
            k = d3(self.roll("6.7", "d3", tid))
            self.ask_withdraw(tid, z, float(k))  # 6.5, asked of its owner before the next test (6.8)

    # -- forced moves (6.5) and rout moves (8.4) --------------------------------------------------
    def straight_away(self, fid: str, z: Point, k: float, rule: str) -> float:
        """6.5: along the ray from Z through the figure, until k is spent or the next point would be
        illegal; an engaged figure does not move. Returns the allowance spent."""
        f = self.fig(fid)
        if not f.standing or f.hanging is not None or self.b.engaged(self.s, f) or k <= 0:
            return 0.0
        p = self.b.pos(f)
        dx, dy = p[0] - z[0], p[1] - z[1]
        n = math.hypot(dx, dy)
        if n <= EPS:
            return 0.0
        return self.ray(f, (dx / n, dy / n), k, rule, "withdrew")

    def ray(self, f: Figure, u: Point, k: float, rule: str, kind: str) -> float:
        """The farthest legal point along direction u from f with path cost <= k; moves f there."""
        start = self.b.pos(f)
        limit = self.b.ray_limit(self.s, f, start, u)
        length = min(limit, k)  # the cost is at least the length

        def at(x: float) -> Point:
            return (start[0] + u[0] * x, start[1] + u[1] * x)

        def fits(x: float) -> bool:
            path = [start, at(x)]
            return (not self.m.impassable_crossed(path) and self.m.kind_at(path[-1]) != Kind.IMPASSABLE
                    and self.m.path_cost(path, f.stats.difficult_as_open) <= k + EPS)

        if length > 0 and not fits(length):
            lo, hi = 0.0, length
            for _ in range(RAY_BISECTIONS):
                mid = (lo + hi) / 2
                lo, hi = (mid, hi) if fits(mid) else (lo, mid)
            length = lo
        if length <= EPS:
            return 0.0
        end = at(length)
        self.put(replace(f, pos=end))
        spent = self.m.path_cost([start, end], f.stats.difficult_as_open)
        self.ev(kind, rule, figure=f.id, x=end[0], y=end[1])
        self.sightings(f.id)
        return spent

    def rout_move(self, fid: str, path: a.Path = (), edge: str = "") -> None:
        """8.4, 8.5: straight toward the nearest edge with what is left (or the owner's path, when the
        line is blocked); the figure leaves the table when its base touches the edge (at the start of the
        move or during it)."""
        s = self.s
        act = s.activation
        f = self.fig(fid)
        pa = act.pa if act is not None else 0
        if act is not None:
            act.pa = 0
        if self.m.touches_edge(self.b.pos(f)):
            self.leave(fid)
            return
        direction = self.b.nearest_edge_direction(self.b.pos(f), edge)
        allowance = rout_allowance(f, pa)
        if path:
            self.climb_along(f, path, allowance, "rout_move", "8.4")
        elif allowance > 0 and f.hanging is not None:
            allowance = self.climb_down(f, allowance)
            f = self.fig(fid)
            if allowance > 0 and f.hanging is None:
                self.ray(f, direction, allowance, "8.4", "rout_move")
        elif allowance > 0:
            self.ray(f, direction, allowance, "8.4", "rout_move")
        f = self.fig(fid)
        if f.standing and f.pos is not None and min(self.m.edge_distances(f.pos).values()) <= \
                t.BASE_RADIUS + 1e-6:
            self.leave(fid)

    def climb_down(self, f: Figure, allowance: float) -> float:
        """8.4 [H], 3.11: a hanging routing figure first climbs back down at P; returns what is left."""
        assert f.hanging is not None
        piece, reached = f.hanging
        ground = self.m.elevation(self.b.pos(f))
        cost = ROPE_COST_PER_PAS * (reached - ground)
        if cost <= allowance + EPS:
            self.put(replace(f, hanging=None))
            self.ev("climbed_down", "3.11", figure=f.id)
            return max(0.0, allowance - cost)
        height = reached - allowance / ROPE_COST_PER_PAS
        self.put(replace(f, hanging=(piece, height)))
        self.ev("hangs", "3.11", figure=f.id, height=round(height, 6))
        return 0.0

    def leave(self, fid: str) -> None:
        f = self.fig(fid)
        self.put(replace(f, status=Status.GONE, pos=None))
        self.ev("left_table", "8.5", figure=fid)

    # -- seeing the enemy (6.6) and the free shot --------------------------------------------------
    def sightings(self, moved: str) -> None:
        """6.6: after a move, the pairs that first see each other are seen for the rest of the game; a
        figure that newly sees enemies of better rank tests once, for the nearest."""
        s = self.s
        m = self.fig(moved)
        if m.pos is None:
            return
        new: set[tuple[str, str]] = set()
        here, eye, seen, mid, player = m.pos, self.b.elevation(m), s.seen, m.id, m.player
        for y in s.figures:  # ``Board.sees(m, y)``, the mover's position and elevation read once
            if y.player == player or y.pos is None or (mid, y.id) in seen:
                continue
            if self.m.sees(here, y.pos, eye, self.b.elevation(y)):
                new |= {(mid, y.id), (y.id, mid)}
        if not new:
            return
        s.seen = s.seen | new
        seen_by: dict[str, list[tuple[float, str]]] = {}
        for x_id, y_id in sorted(new):
            x, y = self.fig(x_id), self.fig(y_id)
            if y.rank > x.rank and y.standing and self.b.can_test(s, x, t.SEEING):
                seen_by.setdefault(x_id, []).append((centre_distance(self.b.pos(x), self.b.pos(y)), y_id))
        first = s.first
        order = sorted(seen_by, key=lambda fid: (self.fig(fid).player != first, fid))  # 6.8
        moment = self.moment() if order else 0
        tests = []
        for x_id in order:
            least = min(d for d, _ in seen_by[x_id])  # 6.6: for the nearest; tied ones: its owner's (10.1)
            tests.append(Pending("see", x_id, tuple(y for d, y in seen_by[x_id] if d <= least + EPS), moment))
        self.pend(tests)

    def drain(self) -> None:
        """6.8: the pending tests one at a time, the next first; when the next player has several tests
        of one moment to take (or a tie to break, 6.6), he is asked which comes first (10.1, 10.3)."""
        s = self.s
        while s.queue and s.phase not in (Phase.FREE_SHOT, Phase.WITHDRAW, Phase.ORDER, Phase.OVER):
            head = s.queue[0]
            if not head.chosen:
                choices = self.test_choices()
                if len(choices) > 1:
                    s.resume = (s.phase, s.mover)
                    s.phase, s.mover, s.choices = Phase.ORDER, self.fig(head.figure).player, tuple(choices)
                    return
            s.queue = s.queue[1:]
            if head.kind == "shot":
                self.being_shot(head.figure, head.others[0], t.RANGED[head.weapon].f)
                continue
            x = self.fig(head.figure)
            targets = [y for y in (self.fig(fid) for fid in head.others) if y.standing]
            if not (self.b.can_test(s, x, t.SEEING) and targets):
                continue
            x_id, y = head.figure, targets[0]
            y_id = y.id
            if self.cd_test(x, self.b.passive_cd(s, x), "seeing", "6.6"):
                if any(free_shot_possible(self.b, s, x, y, w) for w in x.usable()):
                    s.resume = (s.phase, s.mover)
                    s.phase, s.mover, s.free_shot = Phase.FREE_SHOT, x.player, (x_id, y_id)
            else:
                self.ask_withdraw(x_id, self.b.pos(y), float(d3(self.roll("6.6", "d3", x_id))))

    def test_choices(self) -> list[tuple[str, str]]:
        """6.8: the (figure, enemy) pairs the next player may take first: his tests of the head's moment
        that can still be taken (a sighting's tied enemies each, 10.1)."""
        s = self.s
        head = s.queue[0]
        player = self.fig(head.figure).player
        out: list[tuple[str, str]] = []
        for p in s.queue:
            x = self.fig(p.figure)
            if p.moment != head.moment or x.player != player:
                break
            if p.kind == "shot":
                if self.shot_tests(x, t.RANGED[p.weapon].f):
                    out.append((p.figure, ""))
            elif self.b.can_test(s, x, t.SEEING):
                out.extend((p.figure, y) for y in p.others if self.fig(y).standing)
        return out

    def take_first(self, d: a.TakeTest) -> None:
        """6.8, 10.1: the owner's test comes next (with the enemy he named for a tie); 8.3: his rout or
        rally test among figures of equal Cd."""
        s = self.s
        s.phase, s.mover = s.resume
        s.choices = ()
        if s.rout_testers:
            self.ev("test_first", "8.3", figure=d.figure, enemy=d.enemy)
            self.rout_tests(d.figure)
            return
        i = next(i for i, p in enumerate(s.queue) if p.figure == d.figure and p.moment == s.queue[0].moment)
        p = s.queue[i]
        chosen = dataclasses.replace(p, others=(d.enemy,) if p.kind == "see" else p.others, chosen=True)
        s.queue = (chosen, *s.queue[:i], *s.queue[i + 1:])
        self.ev("test_first", "6.8", figure=d.figure, enemy=d.enemy)

    def ask_withdraw(self, fid: str, z: Point, k: float) -> None:
        """6.5: a standing figure not engaged withdraws k from Z; its owner may name a path (10.3)."""
        s = self.s
        f = self.fig(fid)
        if not f.standing or f.hanging is not None or self.b.engaged(s, f):
            return
        s.resume = (s.phase, s.mover)
        s.phase, s.mover, s.withdraw = Phase.WITHDRAW, f.player, (fid, z, k)

    def withdraw(self, d: a.Withdraw) -> None:
        s = self.s
        assert s.withdraw is not None
        fid, z, k = s.withdraw
        s.withdraw = None
        s.phase, s.mover = s.resume
        if d.path:
            self.move_along(self.fig(fid), d.path, "withdrew", "6.5")
        else:
            self.straight_away(fid, z, k, "6.5")

    def free_shot(self, d: a.FreeShot) -> None:
        s = self.s
        assert s.free_shot is not None
        x, y = s.free_shot
        s.free_shot = None
        s.phase, s.mover = s.resume
        if d.weapon:
            self.ev("free_shot", "6.6", figure=x, target=y, weapon=d.weapon)
            self.shoot(x, d.weapon, y)
        else:
            self.ev("free_shot_declined", "6.6", figure=x, target=y)

    # -- end of turn (§8, §9) ------------------------------------------------------------------------
    def end_turn(self) -> None:
        s = self.s
        s.activation = None
        s.rout_left = (s.first, other(s.first))
        self.rout_tests()

    def finish_turn(self) -> None:
        """8.3's end: the −1 R and the rondaches expire; 9.3 VP; 9.1, 9.2 the end of the game."""
        s = self.s
        s.figures = tuple(replace(f, charged_malus=False, rondaches_used=0) for f in s.figures)
        s.vp = victory_points(s)
        self.ev("vp", "9.3", a=s.vp["A"], b=s.vp["B"])
        out = [p for p in t.PLAYERS if not any(f.standing and not f.routing for f in s.band(p))]
        if out or s.turn >= t.MAX_TURNS:
            s.phase, s.mover = Phase.OVER, s.first
            s.winner = "A" if s.vp["A"] > s.vp["B"] else "B" if s.vp["B"] > s.vp["A"] else DRAW
            s.end_reason = Said("unpourun_rules.end.band_out" if out else "unpourun_rules.end.turn_limit")
            self.ev("game_over", "9.2" if out else "9.1", winner=s.winner, a=s.vp["A"], b=s.vp["B"])
            return
        self.start_turn()

    def rout_tests(self, chosen: str = "") -> None:
        """8.1-8.3, band by band (the first player's first): the band tests if its chef was lost this
        turn or more than half its figures are lost; routing figures from an earlier turn take rally
        tests; highest Cd first, and the owner orders ties (10.1: asked, phase ORDER); then the turn ends."""
        s = self.s
        while True:
            if not s.rout_testers:
                if not s.rout_left:
                    self.finish_turn()
                    return
                player, s.rout_left = s.rout_left[0], s.rout_left[1:]
                self.band_testers(player)
                continue
            top = max(self.fig(fid).stats.cd for fid in s.rout_testers)
            tied = [fid for fid in s.rout_testers if self.fig(fid).stats.cd == top]
            if chosen not in tied:
                if len(tied) > 1:
                    s.resume = (s.phase, s.mover)
                    s.phase, s.mover = Phase.ORDER, self.fig(tied[0]).player
                    s.choices = tuple((fid, "") for fid in tied)
                    return
                chosen = tied[0]
            s.rout_testers = tuple(fid for fid in s.rout_testers if fid != chosen)
            self.rout_test(chosen)
            chosen = ""

    def band_testers(self, player: str) -> None:
        """8.1, 8.2: whether the band must test, and who tests."""
        s = self.s
        band = s.band(player)
        chef = next(f for f in band if f.kind == t.CHEF)
        lost = sum(1 for f in band if f.status != Status.FIGHTING)
        must = (chef.up_this_turn and not chef.standing) or 2 * lost > len(band)
        testers = [f for f in band if f.standing and ((must and not f.routing)
                                                      or (f.routing and f.routing_since < s.turn))]
        if must:
            self.ev("rout_check", "8.1", player=player, lost=lost, size=len(band))
        s.rout_testers = tuple(f.id for f in sorted(testers, key=lambda f: (-f.stats.cd, f.id)))
        s.rout_failed = ()

    def rout_test(self, fid: str) -> None:
        """8.3: one rout or rally test, on the best Cd within 4 of a figure that has not failed."""
        s = self.s
        failed = set(s.rout_failed)
        f = self.fig(fid)
        helpers = [h for h in self.b.allies_within(s, f, t.RALLY_RANGE) if h.id not in failed]
        cd = max([f.stats.cd, *(h.stats.cd for h in helpers)])
        rally = f.routing
        passed = self.cd_test(f, cd, "rally" if rally else "rout", "8.3")
        if rally and passed:
            self.put(replace(f, routing=False))
            self.ev("rallied", "8.3", figure=f.id)
        elif not rally and not passed:
            failed.add(f.id)
            self.put(replace(f, routing=True, routing_since=s.turn))
            self.ev("routing", "8.3", figure=f.id)
        elif rally:
            failed.add(f.id)
        s.rout_failed = tuple(sorted(failed))


def flee_cost(b: Board, s: MatchState, f: Figure) -> int:
    """3.9: 1 PA per enemy engaged with the figure, −1 per ally within 1 pas, at least 1."""
    return max(t.FLEE_MIN_PA, len(b.engaged_with(s, f)) - len(b.allies_within(s, f, t.FLEE_ALLY_RANGE)))


def free_shot_possible(b: Board, s: MatchState, x: Figure, y: Figure, weapon: str) -> bool:
    """6.6: X can shoot Y with ``weapon`` (« si c'est possible »): X not engaged, Y eligible."""
    return weapon in x.usable() and not b.engaged(s, x) and b.eligible(s, x, y, weapon)


def victory_points(s: MatchState) -> dict[str, int]:
    """9.3: for every enemy figure, by its state: hors de combat or gone, or killed."""
    out = {p: 0 for p in t.PLAYERS}
    for f in s.figures:
        scorer = other(f.player)
        if f.status in (Status.HORS, Status.GONE):
            out[scorer] += t.VP_DOWN[f.kind]
        elif f.status == Status.DEAD:
            out[scorer] += t.VP_KILLED[f.kind]
    return out


__all__ = ["Engine", "IMPOSSIBLE", "flee_cost", "victory_points"]
