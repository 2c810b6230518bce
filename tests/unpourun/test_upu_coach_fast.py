"""The random coach's fourth speed pass (issue 30: 100 random matches/s): what the coach and the
legality's kind questions now remember or skip, each checked against the plain computation it replaces
on seeded random states of the three shipped tables (and their limits):

- ``legality._by_kind`` remembered by ``_kind_facts`` (every fact of the figure and its activation
  the answer reads), ``legality._weapons`` by the figure's weapons, those broken and the PA,
  ``legality.open_kinds_of`` by the kinds asked and those facts;
- ``why_illegal``'s question found by the decision's class (``_DOORS``) instead of a chain of
  ``isinstance``;
- the coach's candidates: enemies asked their flat distance first (``RandomCoach.near``), a charge's
  contact point made for the target drawn only, a shot's distances once per enemy — the same
  decisions as the coach before the pass, draw for draw.
"""

from __future__ import annotations

import math
import random
from dataclasses import replace
from itertools import islice
from typing import Any

import pytest

from paintcheck.rules.dice import Dice
from paintcheck.unpourun import actions as a
from paintcheck.unpourun import legality
from paintcheck.unpourun import tables as t
from paintcheck.unpourun.allowance import charge_allowance
from paintcheck.unpourun.game import UnpourunGame, random_start
from paintcheck.unpourun.legality import (
    FIELDS_DECIDE,
    _kind_answer,
    _weapon_refused,
    open_kinds_of,
    shot_weapons,
    why_illegal,
)
from paintcheck.unpourun.query import CONTACT_REACH2
from paintcheck.unpourun.random_coach import (
    CLOSE_ORDERS,
    END_EARLY,
    FREE_ORDERS,
    MOVE_TRIES,
    MOVES,
    PICK_TRIES,
    RandomCoach,
)
from paintcheck.unpourun.state import MatchState, Phase, changed
from paintcheck.unpourun.table_file import load_table, shipped_tables
from tests.unpourun.test_upu_speed_memos import KINDS, activation_states, samples
from tests.unpourun.upu_world import SF, World, band, fig

ACTION_KINDS = (a.Shoot, a.Strike, a.Charge, a.Walk, a.Run, a.Medikit, a.Flee, a.EndActivation,
                a.RoutMove, a.ChargeMove)


def variants(s: MatchState, rng: random.Random, n: int = 6) -> list[MatchState]:
    """``s`` and copies with the facts a kind's answer reads changed at random: the PA (0 to 5), a
    chained move, a failed charge test, a charge pending, the figure routing, hanging, without
    medikits, a weapon broken."""
    out = [s]
    assert s.activation is not None
    fid = s.activation.figure
    enemies = [e.id for e in s.figures if e.player != s.figure(fid).player]
    for _ in range(n):
        v = s.copy()
        act = v.activation
        assert act is not None
        act.pa = rng.randrange(6)
        act.last_move = rng.random() < 0.5
        act.no_run_charge = rng.random() < 0.3
        act.charging = rng.choice(enemies) if enemies and rng.random() < 0.15 else ""
        f = v.figure(fid)
        g = changed(f, routing=rng.random() < 0.3,
                    hanging=(0, 1.0) if rng.random() < 0.15 else None,
                    medikits=rng.choice((0, f.medikits, 1)),
                    broken=tuple(w for w in f.ranged if rng.random() < 0.4))
        v.figures = tuple(g if e.id == fid else e for e in v.figures)
        out.append(v)
    return out


def states_of(path: Any, seed: int, matches: int = 1) -> tuple[UnpourunGame, list[MatchState]]:
    game = UnpourunGame(load_table(path), trusted=True)
    return game, activation_states(game, seed, matches)


def plain_weapons(f: Any, pa: int) -> list[str]:
    return [w for w in dict.fromkeys(f.ranged) if _weapon_refused(f, w, pa) is None]


def plain_open(b: Any, s: MatchState, kinds: tuple[type, ...]) -> tuple[type, ...]:
    """``open_kinds`` computed kind by kind, nothing remembered."""
    act = s.activation
    assert act is not None
    f = s.figure(act.figure)
    engaged = bool(b.engaged_with(s, f))
    out = []
    for kind in kinds:
        found = _kind_answer(b, s, f, act, kind, engaged)
        shoot_less = kind is a.Shoot and not plain_weapons(f, act.pa)
        if found is None or (found is FIELDS_DECIDE and not shoot_less):
            out.append(kind)
    return tuple(out)


@pytest.mark.parametrize("path", shipped_tables(), ids=lambda p: p.stem)
def test_kind_answers_remembered_are_the_plain_answers_on_random_states_and_their_variants(path):
    game, states = states_of(path, 71)
    b, rng = game.engine.board, random.Random(path.stem)
    legality._kind_answers.clear()
    asked = 0
    for s0 in islice(states, 0, None, 3):
        for s in variants(s0, rng):
            act = s.activation
            assert act is not None
            f = s.figure(act.figure)
            engaged = bool(b.engaged_with(s, f))
            for kind in ACTION_KINDS:
                found = legality._by_kind(b, s, f, act, kind)
                plain = _kind_answer(b, s, f, act, kind, engaged)
                assert found is plain if plain is FIELDS_DECIDE or plain is None else found == plain, \
                    (kind.__name__, found, plain)
                asked += 1
    assert asked > 1000 and len(legality._kind_answers) > 50  # answers were remembered, and reused


@pytest.mark.parametrize("path", shipped_tables(), ids=lambda p: p.stem)
def test_open_kinds_of_is_the_plain_answer_in_the_order_asked(path):
    game, states = states_of(path, 83)
    b, rng = game.engine.board, random.Random(path.stem)
    legality._open_kinds.clear()
    legality._weapons_of.clear()
    seen_open: set[tuple[type, ...]] = set()
    for s0 in islice(states, 0, None, 3):
        for s in variants(s0, rng):
            act = s.activation
            assert act is not None
            f = s.figure(act.figure)
            # the same few orders for every state (its answers remembered are asked again), and one drawn
            drawn = FREE_ORDERS[rng.randrange(len(FREE_ORDERS))]
            for kinds in (FREE_ORDERS[0], CLOSE_ORDERS[0], KINDS, drawn):
                found = open_kinds_of(b, s, f, b.engaged(s, f), kinds)
                assert found == plain_open(b, s, kinds), kinds
                assert list(legality.open_kinds(b, s, kinds)) == list(found)
                seen_open.add(found)
            shoot = _kind_answer(b, s, f, act, a.Shoot, bool(b.engaged_with(s, f)))
            assert shot_weapons(b, s) == (plain_weapons(f, act.pa) if shoot is FIELDS_DECIDE else [])
    assert len(seen_open) > 20  # the variants opened many different sets of kinds


def plain_why(b: Any, s: MatchState, d: Any) -> Any:
    """``why_illegal`` as a chain of ``isinstance`` (before ``_DOORS``)."""
    if s.phase == Phase.OVER:
        return legality.no("over")
    if not isinstance(d, legality.ALLOWED[s.phase]):
        return legality.no("not_now", decision=a.NAMES.get(type(d), type(d).__name__), phase=s.phase.value)
    for base, door in ((a.ChooseZone, legality._choose_zone), (a.Deploy, legality._deploy),
                       (a.Activate, legality._activate), (a.StopWave, legality._stop_wave),
                       (a.FreeShot, legality._free_shot), (a.Withdraw, legality._withdraw),
                       (a.RollOff, legality._roll_off), (a.TakeTest, legality._take_test)):
        if isinstance(d, base):
            return door(b, s, d)
    return legality._action(b, s, d)


class Walk2(a.Walk):
    """A decision class of its own that is a Walk (answered as a Walk)."""


class Activate2(a.Activate):
    pass


@pytest.mark.parametrize("path", shipped_tables(), ids=lambda p: p.stem)
def test_why_illegal_finds_each_class_its_question(path):
    game = UnpourunGame(load_table(path), trusted=True)
    b, rng = game.engine.board, random.Random(path.stem)
    heard = 0
    for phase in (Phase.ACTIVATION, Phase.WAVE, Phase.DEPLOY):
        for s in activation_states(game, 91, 1, phase)[::4]:
            probe = s if s.activation is not None else replace(s, activation=legality.Activation("A1", 2))
            for kind in (*KINDS, a.StopWave, a.RollOff, a.ChooseZone, a.Deploy, Walk2, Activate2):
                if kind is a.Deploy:
                    decisions = [a.Deploy(f.id, (rng.uniform(0, 48), rng.uniform(0, 48))) for f in s.figures]
                elif kind in (Walk2, a.Walk):
                    decisions: list[Any] = [kind(p.path) for p in samples(probe, a.Walk, rng)]
                elif kind is Activate2:
                    decisions = [kind(f.id) for f in s.figures]
                elif kind is a.ChooseZone:
                    decisions = [a.ChooseZone(0), a.ChooseZone(3)]
                elif kind in (a.StopWave, a.RollOff):
                    decisions = [kind()]
                else:
                    decisions = samples(probe, kind, rng)
                for d in decisions:
                    said = why_illegal(b, s, d)
                    assert said == plain_why(b, s, d), (phase, d)
                    heard += said is None
    assert heard > 20
    assert legality._DOORS[Walk2] is legality._action and legality._DOORS[Activate2] is legality._activate


class PlainCoach(RandomCoach):
    """The random coach's candidates as before this pass: every list built in full, each kind's
    openness asked of the plain answers."""

    def act(self, s: MatchState) -> Any:
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
        engaged = bool(board.engaged_with(s, f))
        if f.routing and not engaged:
            assert f.pos is not None
            edges = self.engine.m.nearest_edges(f.pos)
            return a.RoutMove((), rng.choice(edges) if len(edges) > 1 else "")
        if rng.random() < END_EARLY:
            return self.end(s, f)
        orders = CLOSE_ORDERS if engaged or f.routing else FREE_ORDERS
        for kind in plain_open(board, s, orders[rng.randrange(len(orders))]):
            d = self.draw(s, f, kind)
            if d is not None:
                return d
        return self.end(s, f)

    def draw(self, s: MatchState, f: Any, kind: type) -> Any:
        if kind in (a.Walk, a.Run, a.Flee):
            return self.move(s, f, kind)
        rng = self.rng
        board = self.engine.board
        if kind is a.Shoot:
            act = s.activation
            assert act is not None and f.pos is not None
            weapons = plain_weapons(f, act.pa)
            standing = [e for e in s.figures if e.player != f.player and e.standing]
            pairs = [(w, e) for w in weapons for e in standing
                     if math.dist(f.pos, e.pos or f.pos) <= t.RANGED[w].pl + t.BASE_DIAMETER]
            for _ in range(min(len(pairs), PICK_TRIES)):
                w, e = pairs.pop(rng.randrange(len(pairs)) if len(pairs) > 1 else 0)
                d = a.Shoot(w, e.id)
                if self.legal(s, d):
                    return d
            return None
        if kind is a.Strike:
            out = [a.Strike(e.id) for e in s.figures
                   if e.player != f.player and e.on_table and board.in_contact(f, e)]
        elif kind is a.Charge:
            reach = charge_allowance(f) + 1
            near = [e for e in s.figures if e.player != f.player and e.standing
                    and math.dist(f.pos or (0, 0), e.pos or (0, 0)) <= reach]
            out = [a.Charge(e.id, (self.contact_point(f, e),)) for e in near]
        else:
            out = [a.Medikit(g.id) for g in s.band(f.player) if g.on_table and g.pv < g.stats.pv]
        for _ in range(min(len(out), PICK_TRIES)):
            d = out.pop(rng.randrange(len(out)) if len(out) > 1 else 0)
            if self.legal(s, d):
                return d
        return None

    def move(self, s: MatchState, f: Any, kind: type) -> Any:
        reach = MOVES[kind](f)
        assert f.pos is not None
        table = self.engine.m.table
        r = t.BASE_RADIUS
        for _ in range(MOVE_TRIES):
            angle = self.rng.uniform(0, 2 * math.pi)
            length = self.rng.uniform(0.3, 1.0) * reach
            x, y = f.pos[0] + math.cos(angle) * length, f.pos[1] + math.sin(angle) * length
            if r <= x <= table.width - r and r <= y <= table.depth - r:
                d = kind(((x, y),))
                if self.legal(s, d):
                    return d
        return None


@pytest.mark.parametrize("path", shipped_tables(), ids=lambda p: p.stem)
def test_the_coach_decides_as_the_plain_coach_draw_for_draw(path):
    """Seeded matches played by the coach; at each activation decision the plain coach with the same
    generator state decides the same, and leaves the generator in the same state."""
    game = UnpourunGame(load_table(path), trusted=True)
    kinds: set[str] = set()
    for seed in (1, 2):
        dice = Dice(seed)
        coaches = {seat: RandomCoach(seat, game.engine, 2 * seed + i) for i, seat in enumerate("AB")}
        s = game.begin(random_start(seed))
        while s.phase != Phase.OVER:
            coach = coaches[s.mover]
            if s.phase == Phase.ACTIVATION:
                plain = PlainCoach(s.mover, game.engine, 0)
                plain.rng.setstate(coach.rng.getstate())
                expected = plain.decide(s)
                d = coach.decide(s)
                assert d == expected and coach.rng.getstate() == plain.rng.getstate(), (d, expected)
                kinds.add(type(d).__name__)
            else:
                d = coach.decide(s)
            s, _ = game.apply(s, d, dice)
    assert {"Walk", "Run", "Shoot", "EndActivation"} <= kinds


def test_near_keeps_an_enemy_exactly_at_the_reach_whatever_the_rounding():
    """Enemies at exactly a charge's reach (and a hair beyond) around the charger, in many directions:
    those ``math.dist`` puts within are all kept by the flat distance asked first."""
    w = World(band(fig(SF)), band(*[fig(SF)] * 1), {"A1": (20.3, 17.7), "B1": (40.0, 40.0)}, active="A1")
    f, coach = w.f("A1"), RandomCoach("A", w.engine, 0)
    reach = charge_allowance(f) + 1
    kept = within = 0
    for k in range(720):
        ang = 2 * math.pi * k / 720
        for r in (reach, math.nextafter(reach, 0), math.nextafter(reach, math.inf)):
            p = (f.pos[0] + math.cos(ang) * r, f.pos[1] + math.sin(ang) * r)
            w.set("B1", pos=p)
            e = w.f("B1")
            plain = math.dist(f.pos, p) <= reach
            kept += e in coach.charge_targets(w.s, f)
            assert (e in coach.charge_targets(w.s, f)) == plain, (ang, r)
            within += plain
    assert within > 700 and kept == within
    # a strike's contact: the flat distance asked exactly as ``Board.in_contact`` asks it
    for k in range(360):
        ang = 2 * math.pi * k / 360
        r = math.sqrt(CONTACT_REACH2)
        w.set("B1", pos=(f.pos[0] + math.cos(ang) * r, f.pos[1] + math.sin(ang) * r))
        e = w.f("B1")
        dx, dy = f.pos[0] - e.pos[0], f.pos[1] - e.pos[1]
        assert (e in RandomCoach.near(w.s, f, CONTACT_REACH2)) == (dx * dx + dy * dy <= CONTACT_REACH2)


def crowded_world(engaged: bool) -> World:
    """A1 (a bow, a medikit, wounded, as its ally A2) with three enemies: in contact with two of them
    (``engaged``) or with all three within a charge's reach and its bow's range."""
    spots = ((11.05, 10.0), (10.0, 11.05), (14.0, 14.0)) if engaged else ((14.0, 10.0), (10.0, 14.5),
                                                                            (13.0, 13.0))
    w = World(band(fig(SF, ranged=("arc",), equipment=("medikit",)), fig(SF)),
              band(fig(SF), fig(SF), fig(SF)),
              {"A1": (10.0, 10.0), "A2": (9.0, 8.9), "B1": spots[0], "B2": spots[1], "B3": spots[2]},
              active="A1")
    for fid in ("A1", "A2"):
        w.set(fid, pv=w.f(fid).stats.pv - 1)
    return w


@pytest.mark.parametrize("engaged", [False, True], ids=["free", "engaged"])
def test_the_coach_draws_among_several_candidates_as_the_plain_coach(engaged):
    """Several targets of each kind (strike, charge, shot, medikit): every seed decides as the plain
    coach, its generator left in the same state."""
    w = crowded_world(engaged)
    played: set[str] = set()
    for seed in range(200):
        coach, plain = RandomCoach("A", w.engine, seed), PlainCoach("A", w.engine, seed)
        d = coach.decide(w.s)
        assert d == plain.decide(w.s) and coach.rng.getstate() == plain.rng.getstate(), seed
        played.add(type(d).__name__)
    assert played >= ({"Strike", "Medikit"} if engaged else {"Charge", "Shoot", "Medikit", "Walk"}), played




def test_a_flights_openness_is_asked_again_when_the_enemies_in_contact_change():
    """3.9: a Flee costs 1 PA per enemy engaged: with the same figure, PA and engagement, a second
    enemy in contact closes it (never remembered by the facts)."""
    w = World(band(fig(SF), fig(SF)), band(fig(SF), fig(SF)),
              {"A1": (10.0, 10.0), "A2": (30.0, 30.0), "B1": (11.05, 10.0), "B2": (40.0, 40.0)},
              active="A1", pa=1)
    b = w.engine.board
    kinds = (a.Flee, a.Strike, a.Medikit)
    assert open_kinds_of(b, w.s, w.f("A1"), True, kinds) == plain_open(b, w.s, kinds) == (a.Flee, a.Strike)
    w.set("B2", pos=(10.0, 11.05))
    assert open_kinds_of(b, w.s, w.f("A1"), True, kinds) == plain_open(b, w.s, kinds) == (a.Strike,)
