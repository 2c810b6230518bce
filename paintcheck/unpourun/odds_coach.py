"""Un pour un's second computer coach, "odds": it scores the legal decisions of its view with the exact
odds (``unpourun.odds``) and plays the best, asking the engine's legality for every one it plays.

What a decision is worth, in victory points (9.3) expected by the end of the activation:

- a shot or a strike: for every figure it may reach, the chance it ends hors de combat or dead times
  the VP that state scores, less what it scores now, plus a share of the PV it may lose (a wound brings
  the next kill closer); the enemy's count for it, its own band's (a blast, an explosion) against it;
  and putting an enemy down spares the band its threat (``THREAT`` x its best shot's VP per activation
  x the turns left);
- then what the figure can still do with the PA left where it will stand (``future``): its best shots
  or strikes again; and how near it stands to its work (``position``): ``ADVANCE`` per pas farther
  from the nearest enemy than its weapons' medium range (a figure without one is wanted in contact);
- less the danger where it will stand (``danger``): for every enemy that could shoot it there, its
  best shot's expected VP on it, weighted by ``DANGER`` (the other coach chooses among many targets);
  a figure in melee cannot be shot but by a blast (4.1), so a charge is also a way to cover;
- a charge: the strikes its PA left pay for, times the chance its charge test passes (6.3), from the
  contact point; a médikit: the VP a friend hors de combat scores for the enemy (7.3).

Moves are straight paths toward each enemy and in eight directions, at full, 2/3 and 1/3 of the
allowance; charges end base to base on five points around the target. Deployment spreads the band along
the front of its zone. The chef counts by the VP he would give (10 or 15, against 5 or 8 for a
*sous-fifre*): a shot that would put him down weighs twice one that would put a *sous-fifre* down; no other
care is taken. The coach is deterministic (its seed only draws a deployment point when the front rows
are full), and thinks within a bounded number of candidates (``MOVE_FRACTIONS`` x directions,
``CHARGE_ANGLES``): a few milliseconds, at most a few hundred.
"""

from __future__ import annotations

import logging
import math
import random
from collections.abc import Iterable
from itertools import product
from typing import Any

from paintcheck.unpourun import actions as a
from paintcheck.unpourun import tables as t
from paintcheck.unpourun.allowance import charge_allowance, run_allowance, walk_allowance
from paintcheck.unpourun.engine import Engine
from paintcheck.unpourun.legality import flee_tries, some_flee
from paintcheck.unpourun.measurer import base_to_base
from paintcheck.unpourun.needs import cd_passes, charge_tests, damage_r
from paintcheck.unpourun.odds import FigureOdds, least_hurt, p_damages, p_meets, shot_odds, strike_odds
from paintcheck.unpourun.query import IMPOSSIBLE, Board
from paintcheck.unpourun.state import Figure, MatchState, Phase, Status, changed

log = logging.getLogger(__name__)

THREAT = 0.3  # the share of an enemy's threat per turn left that putting it down is worth
WOUND_SHARE = 0.5  # the share of a figure's VP each PV it loses is worth (of VP_DOWN / PV)
DANGER = 0.35  # the weight of what the enemies could do to a figure where it stands
ADVANCE = 0.08  # VP per pas nearer the nearest enemy, when no shot is possible from there
MOVE_FRACTIONS = (1.0, 0.67, 0.34)  # a move's length, as a share of its allowance
DIRECTIONS = 8  # directions tried besides those toward the enemies
CHARGE_ANGLES = (0.0, 0.5, -0.5, 1.0, -1.0)  # radians off the line from the target to the charger
DEPLOY_ROWS = (0.6, 2.0, 3.5, 5.0)  # deployment rows, pas behind the zone's front
WITHDRAW_TRIES = 16
THREATS_KEPT = 4096
CD_DICE = tuple(product(range(1, t.D6 + 1), repeat=t.CD_TEST_DICE))  # every throw of a Cd test


def vp_of(f: Figure, status: Status) -> int:
    """9.3: what ``f`` in ``status`` scores for the enemy."""
    if status in (Status.HORS, Status.GONE):
        return t.VP_DOWN[f.kind]
    if status == Status.DEAD:
        return t.VP_KILLED[f.kind]
    return 0


def worth(o: FigureOdds, f: Figure) -> float:
    """The VP ``o`` is expected to hand the enemy of ``f`` (its figure), wounds counted by share."""
    now = vp_of(f, f.status)
    down = t.VP_DOWN[f.kind]
    p_fighting = 1.0 - float(o.p_hors) - float(o.p_dead)
    after = float(o.p_hors) * down + float(o.p_dead) * t.VP_KILLED[f.kind] + p_fighting * 0
    if f.status == Status.FIGHTING:
        after += WOUND_SHARE * float(o.expected_pv) * down / max(1, f.stats.pv)
    return after - now


def p_cd_pass(cd: int) -> float:
    """0.2: the chance a Cd test on ``cd`` passes (``needs.cd_passes``, every throw counted)."""
    return sum(1 for dice in CD_DICE if cd_passes(sum(dice), cd)) / len(CD_DICE)


class OddsCoach:
    def __init__(self, seat: str, engine: Engine, seed: int) -> None:
        self.seat = seat
        self.engine = engine
        self.b: Board = engine.board
        self.rng = random.Random(seed)
        self._threats: dict[tuple[int, str], tuple[tuple[Figure, ...], float]] = {}

    # -- the phases ------------------------------------------------------------------------------------
    def decide(self, s: MatchState) -> Any:
        if s.phase == Phase.ROLL_OFF:
            return a.RollOff()
        if s.phase == Phase.CHOOSE_ZONE:
            return a.ChooseZone(0)
        if s.phase == Phase.DEPLOY:
            return self.deploy(s)
        if s.phase == Phase.WAVE:
            return self.activate(s)
        if s.phase == Phase.ORDER:
            return a.TakeTest(*s.choices[0])
        if s.phase == Phase.TARGET:  # 4.3, 10.1: the tied member that suffers least
            assert s.aim is not None
            tied = [s.figure(fid) for fid in s.aim.tied]
            chosen = [s.figure(fid) for fid in s.aim.chosen]
            return a.ChooseTarget(least_hurt(self.b, s.figure(s.aim.shooter), s.aim.weapon, tied, chosen).id)
        if s.phase == Phase.FREE_SHOT:
            return self.free_shot(s)
        if s.phase == Phase.WITHDRAW:
            return self.withdraw(s)
        return self.act(s)

    def legal(self, s: MatchState, d: Any) -> bool:
        return self.engine.why_illegal(s, d) is None

    def best(self, s: MatchState, scored: Iterable[tuple[float, Any]], fallback: Any) -> Any:
        """The legal decision of highest score (the first of equals), or ``fallback``."""
        ranked = sorted(scored, key=lambda pair: -pair[0])
        for _, d in ranked:
            if self.legal(s, d):
                return d
        return fallback

    # -- deployment (1.9) ---------------------------------------------------------------------------
    def deploy(self, s: MatchState) -> a.Deploy:
        m = self.engine.m
        mine = s.band(s.mover)
        f = next(f for f in mine if f.pos is None)
        index = mine.index(f)
        zone = m.table.zones[s.zones[s.mover]]
        xs, ys = [p[0] for p in zone.points], [p[1] for p in zone.points]
        centre_y = m.table.depth / 2
        front, back = (max(ys), -1.0) if max(ys) <= centre_y else (min(ys), 1.0)
        width = max(xs) - min(xs)
        for row in DEPLOY_ROWS:
            for shift in range(len(mine) * 2):
                x = min(xs) + width * ((index + 0.5 + shift * 0.37) % len(mine) + 0.5) / (len(mine) + 1)
                d = a.Deploy(f.id, (x, front + back * row))
                if self.legal(s, d):
                    return d
        for _ in range(400):
            d = a.Deploy(f.id, (self.rng.uniform(min(xs), max(xs)), self.rng.uniform(min(ys), max(ys))))
            if self.legal(s, d):
                return d
        raise RuntimeError(f"no room to deploy {f.id} in zone {s.zones[s.mover]}")

    # -- whom to activate (3.2) -----------------------------------------------------------------------
    def activate(self, s: MatchState) -> Any:
        ready = [f for f in s.band(s.mover) if f.standing and not f.activated]
        if not ready:
            return a.StopWave()
        scored = [(self.reach_now(s, f) - 0.001 * i, a.Activate(f.id)) for i, f in enumerate(ready)]
        return self.best(s, scored, a.Activate(ready[0].id))

    def reach_now(self, s: MatchState, f: Figure) -> float:
        """What ``f`` could do at once: its best shot or strike from where it stands."""
        if self.b.engaged(s, f):
            return max((self.strike_value(s, f, e) for e in self.b.engaged_with(s, f)), default=0.0)
        return self.best_shot(s, f)[0]

    # -- passive moments (6.5, 6.6) -----------------------------------------------------------------
    def free_shot(self, s: MatchState) -> a.FreeShot:
        assert s.free_shot is not None
        x, y = (s.figure(fid) for fid in s.free_shot)
        scored = [(self.shot_value(s, x, w, y), a.FreeShot(w)) for w in x.usable()]
        chosen: a.FreeShot = self.best(s, [(v, d) for v, d in scored if v > 0], a.FreeShot(""))
        return chosen

    def withdraw(self, s: MatchState) -> a.Withdraw:
        assert s.withdraw is not None
        fid, _, k, _ = s.withdraw
        f = s.figure(fid)
        x, y = self.b.pos(f)
        for i in range(WITHDRAW_TRIES):
            angle = 2 * math.pi * i / WITHDRAW_TRIES
            for share in (1.0, 0.6):
                d = a.Withdraw(((x + math.cos(angle) * k * share, y + math.sin(angle) * k * share),))
                if self.legal(s, d):
                    return d
        return a.Withdraw(())

    # -- an activation (§3, §4) ----------------------------------------------------------------------
    def act(self, s: MatchState) -> Any:
        act = s.activation
        assert act is not None
        f = s.figure(act.figure)
        if act.charging:
            return self.charge_move(s, f, s.figure(act.charging))
        engaged = self.b.engaged(s, f)
        if f.routing and not engaged:
            return a.RoutMove(())
        scored: list[tuple[float, Any]] = [(self.here(s, f, 0), a.EndActivation())]
        if engaged or f.routing:
            for e in s.figures:
                if e.player != f.player and e.on_table and self.b.in_contact(f, e):
                    v = self.strike_value(s, f, e) + self.future(s, f, act.pa - t.STRIKE_PA, True)
                    scored.append((v, a.Strike(e.id)))
            scored.extend(self.flees(s, f, act.pa))
        else:
            for w in f.usable():
                if t.RANGED[w].pa > act.pa:
                    continue
                for e in s.figures:
                    if e.player != f.player and e.standing and self.b.eligible(s, f, e, w):
                        v = self.shot_value(s, f, w, e)
                        if v > 0:
                            scored.append((v + self.here(s, f, act.pa - t.RANGED[w].pa), a.Shoot(w, e.id)))
            if not act.last_move and f.hanging is None:
                scored.extend(self.charges(s, f, act))
            if not act.last_move:
                scored.extend(self.moves(s, f, act))
        scored.extend(self.medikits(s, f, act.pa))
        chosen = self.best(s, scored, None)
        if chosen is None:  # 8.4: an engaged routing figure that can flee may not end: the legality's flee
            chosen = some_flee(self.b, s, f) or a.EndActivation()
        return chosen

    def here(self, s: MatchState, f: Figure, pa: int) -> float:
        """Ending the activation's plan where ``f`` stands with ``pa`` left: its shots or strikes, how
        near it stands to its work, less the danger."""
        return self.future(s, f, pa, self.b.engaged(s, f)) + self.position(s, f) - self.danger(s, f)

    def position(self, s: MatchState, f: Figure) -> float:
        """``ADVANCE`` per pas farther from the nearest enemy than its weapons' medium range (0 for a
        figure with no ranged weapon: it is wanted in contact)."""
        want = max((t.RANGED[w].pm for w in f.usable()), default=0.0)
        return -ADVANCE * max(0.0, self.nearest_enemy(s, f) - want)

    def future(self, s: MatchState, f: Figure, pa: int, engaged: bool) -> float:
        """What ``pa`` more PA are worth to ``f`` where it stands (its best repeated action)."""
        if pa <= 0:
            return 0.0
        if engaged:
            best = max((self.strike_value(s, f, e) for e in self.b.engaged_with(s, f)), default=0.0)
            return best * (pa // t.STRIKE_PA)
        value, w = self.best_shot(s, f, pa)
        return value * (pa // t.RANGED[w].pa) if w else 0.0

    def best_shot(self, s: MatchState, f: Figure, pa: int | None = None) -> tuple[float, str]:
        """The best quick shot value from where ``f`` stands, and its weapon ("" if none)."""
        best, weapon = 0.0, ""
        for w in f.usable():
            if pa is not None and t.RANGED[w].pa > pa:
                continue
            for e in s.figures:
                if e.player != f.player and e.standing and self.b.eligible(s, f, e, w):
                    v = self.quick_value(f, w, e) / t.RANGED[w].pa
                    if v > best:
                        best, weapon = v, w
        return best * (t.RANGED[weapon].pa if weapon else 1), weapon

    def quick_value(self, f: Figure, w: str, e: Figure) -> float:
        """A shot's worth on its nominated target alone (the shot's first die): hit, wound, VP."""
        need = self.b.to_hit(f, e, w)[0]
        if need >= IMPOSSIBLE:
            return 0.0
        p = float(p_meets(need)) * float(p_damages(t.damage_needed(t.RANGED[w].f, damage_r(e, 0))))
        return _kill_worth(e, p)

    def shot_value(self, s: MatchState, f: Figure, w: str, e: Figure) -> float:
        """The exact worth of the shot: the enemy's figures' VP expected, less its own band's."""
        odds = shot_odds(self.b, s, f, w, e)
        by_id = {g.id: g for g in s.figures}
        total = 0.0
        for o in (*odds.targets, *odds.exploded):
            g = by_id[o.figure]
            total += (worth(o, g) + self.silenced(s, o, g)) * (1 if g.player != f.player else -1)
        return total

    def strike_value(self, s: MatchState, f: Figure, e: Figure) -> float:
        o = strike_odds(f, e).target
        return worth(o, e) + self.silenced(s, o, e)

    def silenced(self, s: MatchState, o: FigureOdds, g: Figure) -> float:
        """What putting ``g`` down spares its enemies: ``THREAT`` x its threat x the turns left."""
        if g.status != Status.FIGHTING:
            return 0.0
        turns_left = max(1, t.MAX_TURNS - s.turn + 1)
        return float(o.p_hors + o.p_dead) * THREAT * turns_left * self.threat(s, g)

    def threat(self, s: MatchState, e: Figure) -> float:
        """The VP ``e`` could take in one activation with its best shot at its best target, sight aside
        (its enemies' figures as they stand); remembered for the figures' tuple."""
        key = (id(s.figures), e.id)
        held = self._threats.get(key)
        if held is not None and held[0] is s.figures:  # the same tuple (held: its id is not reused)
            return held[1]
        if len(self._threats) > THREATS_KEPT:
            self._threats.clear()
        found = 0.0
        for w in e.usable():
            shots = e.stats.pa // t.RANGED[w].pa
            for g in s.figures:
                if g.player != e.player and g.standing:
                    found = max(found, self.quick_value(e, w, g) * shots)
        self._threats[key] = (s.figures, found)
        return found

    def danger(self, s: MatchState, f: Figure) -> float:
        """What the enemies able to shoot ``f`` where it stands could take from it (weighted)."""
        total = 0.0
        for e in s.figures:
            if e.player == f.player or not e.standing or e.routing or self.b.engaged(s, e):
                continue
            best = 0.0
            for w in e.usable():
                if self.b.eligible(s, e, f, w):
                    best = max(best, self.quick_value(e, w, f) * (e.stats.pa // t.RANGED[w].pa))
            total += best
        return DANGER * total

    def nearest_enemy(self, s: MatchState, f: Figure) -> float:
        p = self.b.pos(f)
        return min((math.dist(p, self.b.pos(e)) for e in s.figures if e.player != f.player and e.standing),
                   default=0.0)

    # -- moving, charging, fleeing, healing ------------------------------------------------------
    def moved(self, s: MatchState, f: Figure, to: tuple[float, float]) -> tuple[MatchState, Figure]:
        """The view with ``f`` standing at ``to`` (a reading only: the engine moves figures)."""
        g = changed(f, pos=to)
        view = s.copy()
        view.figures = tuple(g if h.id == f.id else h for h in s.figures)
        return view, g

    def moves(self, s: MatchState, f: Figure, act: Any) -> list[tuple[float, Any]]:
        x, y = self.b.pos(f)
        angles = [math.atan2(e.pos[1] - y, e.pos[0] - x) for e in s.figures
                  if e.player != f.player and e.standing and e.pos is not None]
        angles += [2 * math.pi * i / DIRECTIONS for i in range(DIRECTIONS)]
        out: list[tuple[float, Any]] = []
        r = t.BASE_RADIUS
        width, depth = self.engine.m.table.width, self.engine.m.table.depth
        kinds = ((a.Walk, t.WALK_PA, walk_allowance(f)), (a.Run, t.RUN_PA, run_allowance(f)))
        for cls, pa, reach in kinds:
            if pa > act.pa or (cls is a.Run and act.no_run_charge):
                continue
            for angle in angles:
                for share in MOVE_FRACTIONS:
                    to = (x + math.cos(angle) * reach * share, y + math.sin(angle) * reach * share)
                    if not (r <= to[0] <= width - r and r <= to[1] <= depth - r):
                        continue
                    d = cls((to,))
                    if not self.legal(s, d):
                        continue
                    view, g = self.moved(s, f, to)
                    out.append((self.here(view, g, act.pa - pa), d))
                    break  # the longest legal move in this direction
        return out

    def charges(self, s: MatchState, f: Figure, act: Any) -> list[tuple[float, Any]]:
        if act.pa < t.CHARGE_PA or act.no_run_charge:
            return []
        reach = charge_allowance(f) + t.BASE_DIAMETER
        out: list[tuple[float, Any]] = []
        p = self.b.pos(f)
        for e in s.figures:
            if e.player == f.player or not e.standing or e.hanging is not None or e.pos is None:
                continue
            if math.dist(p, e.pos) > reach:
                continue
            passes = 1.0
            if charge_tests(f, e) and self.b.can_test(s, f, t.CHARGE_TEST):
                passes = p_cd_pass(self.b.passive_cd(s, f))
            base = math.atan2(p[1] - e.pos[1], p[0] - e.pos[0])
            for off in CHARGE_ANGLES:
                to = (e.pos[0] + math.cos(base + off) * t.BASE_DIAMETER,
                      e.pos[1] + math.sin(base + off) * t.BASE_DIAMETER)
                d = a.Charge(e.id, (to,))
                if not self.legal(s, d):
                    continue
                view, g = self.moved(s, f, to)
                strikes = (act.pa - t.CHARGE_PA) // t.STRIKE_PA
                gain = passes * strikes * self.strike_value(view, g, e)
                after = self.position(view, g) - self.danger(view, g)
                out.append((gain + passes * after + (1 - passes) * self.here(s, f, 0), d))
                break
        return out

    def charge_move(self, s: MatchState, f: Figure, target: Figure) -> Any:
        options: list[Any] = []
        if target.pos is not None and f.pos is not None:
            options.append(a.ChargeMove((base_to_base(target.pos, f.pos),)))
        options.append(a.ChargeMove(()))
        return self.best(s, [(-i, d) for i, d in enumerate(options)], a.ChargeMove(()))

    def flees(self, s: MatchState, f: Figure, pa: int) -> list[tuple[float, Any]]:
        out: list[tuple[float, Any]] = []
        for d in flee_tries(self.b, f, DIRECTIONS, (1.0,)):  # the whole ½ Mvt, each direction
            if self.legal(s, d):
                view, g = self.moved(s, f, d.path[-1])
                out.append((self.here(view, g, 0), d))
        return out

    def medikits(self, s: MatchState, f: Figure, pa: int) -> list[tuple[float, Any]]:
        if not f.medikits or pa < t.MEDIKIT_PA or f.routing:
            return []
        out: list[tuple[float, Any]] = []
        for g in s.band(f.player):
            if g.on_table and g.pv < g.stats.pv and (g.id == f.id or self.b.in_contact(f, g)):
                if g.status == Status.HORS:
                    value = float(t.VP_DOWN[g.kind])
                else:
                    value = WOUND_SHARE * t.VP_DOWN[g.kind] / g.stats.pv
                out.append((value + self.here(s, f, pa - t.MEDIKIT_PA), a.Medikit(g.id)))
        return out


def _kill_worth(e: Figure, p_damage: float) -> float:
    """The VP a damage of chance ``p_damage`` on ``e`` is expected to bring (7.1, 7.2)."""
    down = t.VP_DOWN[e.kind]
    if e.status == Status.HORS:
        return p_damage * (t.VP_KILLED[e.kind] - down)
    if e.pv <= 1:
        return p_damage * down
    return p_damage * WOUND_SHARE * down / max(1, e.stats.pv)
