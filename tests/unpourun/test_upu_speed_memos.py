"""The second round of Un pour un's speed (issue 30: 100 random matches/s): a move's plan remembered for
the state's figures (the legality asks it, the engine applies it: one computation), and a kind of
decision refused as a kind (``kind_refused``: 3.5's chained moves, engaged, routing...) so the random
coach asks no candidate of it. Each gives the answers of the way it replaces, on seeded random states
of the shipped tables."""

from __future__ import annotations

import math
import random

import pytest

from paintcheck.rules.dice import Dice
from paintcheck.unpourun import actions as a
from paintcheck.unpourun import climb, random_coach
from paintcheck.unpourun.game import UnpourunGame
from paintcheck.unpourun.legality import kind_refused, why_illegal, withdraw_end_seen
from paintcheck.unpourun.query import Board
from paintcheck.unpourun.random_coach import RandomCoach
from paintcheck.unpourun.state import MatchState, Phase
from paintcheck.unpourun.table_file import load_table, shipped_tables
from tests.unpourun.upu_playouts import states
from tests.unpourun.upu_world import SF, World, band, fig


class Counting(RandomCoach):
    """A random coach that keeps the decisions it asked the legality about."""

    def __init__(self, seat: str, engine: object, seed: int) -> None:
        super().__init__(seat, engine, seed)  # type: ignore[arg-type]
        self.asked: list[object] = []

    def legal(self, s: MatchState, d: object) -> bool:
        self.asked.append(d)
        return super().legal(s, d)


KINDS = (a.Walk, a.Run, a.Charge, a.ChargeMove, a.Strike, a.Flee, a.Shoot, a.Medikit, a.EndActivation,
         a.RoutMove, a.Activate, a.Withdraw)


def activation_states(game: UnpourunGame, seed: int, matches: int = 2,
                      phase: Phase = Phase.ACTIVATION) -> list[MatchState]:
    """The states of ``matches`` seeded random matches that wait for a decision of ``phase``."""
    return states(game, seed, matches, phase)


def samples(s: MatchState, kind: type, rng: random.Random) -> list[object]:
    """A few decisions of class ``kind`` with random fields (paths around the active figure, any
    figure as target, any weapon of the band)."""
    assert s.activation is not None
    f = s.figure(s.activation.figure)
    x, y = f.pos or (10.0, 10.0)
    ids = [g.id for g in s.figures]
    weapons = sorted({w for g in s.figures for w in g.ranged}) or ["arc"]
    out: list[object] = []
    for _ in range(3):
        ang, length = rng.uniform(0, 2 * math.pi), rng.uniform(0.2, 8.0)
        path = ((x + math.cos(ang) * length, y + math.sin(ang) * length),)
        target = rng.choice(ids)
        if kind in (a.Walk, a.Run, a.ChargeMove, a.Flee, a.RoutMove, a.Withdraw):
            out.append(kind(path))
        elif kind in (a.Strike, a.Medikit, a.Activate):
            out.append(kind(target))
        elif kind is a.Charge:
            out.append(a.Charge(target, path))
        elif kind is a.Shoot:
            out.append(a.Shoot(rng.choice(weapons), target))
        else:
            out.append(kind())
    return out


@pytest.mark.parametrize("path", shipped_tables(), ids=lambda p: p.stem)
def test_a_kind_refused_is_what_every_decision_of_that_kind_hears_on_random_states(path):
    game = UnpourunGame(load_table(path), trusted=True)
    board, rng = game.engine.board, random.Random(path.stem)
    refused = asked = 0
    for s in activation_states(game, 30):
        for kind in KINDS:
            said = kind_refused(board, s, kind)
            for d in samples(s, kind, rng):
                asked += 1
                if said is not None:
                    refused += 1
                    heard = why_illegal(board, s, d)
                    assert heard is not None and (heard.key, heard) == (said.key, said), (kind.__name__, d)
    assert refused > asked // 10  # the states did refuse kinds (chained moves at least)


def test_kind_refused_names_the_refusals_that_do_not_depend_on_the_path():
    w = World(band(fig(SF)), band(fig(SF)), {"A1": (10.0, 10.0), "B1": (30.0, 30.0)}, active="A1")
    b = w.engine.board
    assert kind_refused(b, w.s, a.Walk) is None  # its path decides
    assert kind_refused(b, w.s, a.EndActivation) is None  # legal
    w.s.activation.last_move = True  # type: ignore[union-attr]
    walk, run = kind_refused(b, w.s, a.Walk), kind_refused(b, w.s, a.Run)
    assert walk is not None and run is not None and walk.key == run.key == "unpourun_rules.refusal.chained"
    assert kind_refused(b, w.s, a.Shoot) is None  # 3.5 does not chain a shot
    assert kind_refused(b, w.s, a.Activate) == why_illegal(b, w.s, a.Activate("A1"))  # not now


def test_the_random_coach_asks_no_candidate_of_a_refused_kind():
    """(Its draws no longer mimic a coach that asks every candidate: a kind is drawn first since the
    third pass, ``test_upu_random_coach``.)"""
    w = World(band(fig(SF, ranged=("arc",))), band(fig(SF)), {"A1": (10.0, 10.0), "B1": (14.0, 10.0)},
              active="A1")
    w.s.activation.last_move = True  # type: ignore[union-attr]  # 3.5: no Walk, Run or Charge now
    for seed in range(30):
        coach = Counting("A", w.engine, seed)
        decision = coach.decide(w.s)
        assert not [d for d in coach.asked if isinstance(d, (a.Walk, a.Run, a.Charge))], seed
        assert w.why(decision) is None


@pytest.mark.parametrize("path", shipped_tables(), ids=lambda p: p.stem)
def test_a_remembered_plan_is_a_fresh_boards_plan_on_random_states_and_paths(path):
    game = UnpourunGame(load_table(path), trusted=True)
    warm, rng = game.engine.board, random.Random(path.stem)
    compared = 0
    for s in activation_states(game, 40):
        assert s.activation is not None
        f = s.figure(s.activation.figure)
        if f.pos is None:
            continue
        for _ in range(4):
            ang, length = rng.uniform(0, 2 * math.pi), rng.uniform(0.2, 9.0)
            route = ((f.pos[0] + math.cos(ang) * length, f.pos[1] + math.sin(ang) * length),)
            allowance = rng.choice((f.stats.mvt, f.stats.mvt * 1.5))
            for _ in range(2):  # the second time from the memo
                fresh = climb.plan(Board(game.m), s, f, route, allowance, f.stats.difficult_as_open)
                assert climb.plan(warm, s, f, route, allowance, f.stats.difficult_as_open) == fresh
                compared += 1
    assert compared > 100


def test_a_plan_is_computed_once_for_the_legality_and_the_engine_and_never_for_another_figure():
    w = World(band(fig(SF)), band(fig(SF)), {"A1": (10.0, 10.0), "B1": (30.0, 30.0)}, active="A1")
    board = w.engine.board
    calls: list[object] = []
    ask = board.path_problem

    def counting(*args: object, **kw: object) -> str | None:
        calls.append(args)
        return ask(*args, **kw)  # type: ignore[arg-type]

    board.path_problem = counting  # type: ignore[method-assign]
    walk = a.Walk(((12.0, 10.0),))
    assert w.engine.why_illegal(w.s, walk) is None
    new, _ = w.engine.apply(w.s, walk, Dice(1))
    assert len(calls) == 1  # the engine applied the plan the legality made
    assert new.figure("A1").pos == (12.0, 10.0)
    # the same figures tuple, another A1 object (elsewhere): its own plan, not the remembered one
    moved = w.f("A1").__class__(**{**w.f("A1").__dict__, "pos": (40.0, 40.0)})
    assert climb.plan(board, w.s, moved, walk.path, 4.0, False).problem == "too_far"
    assert climb.plan(board, w.s, w.f("A1"), walk.path, 4.0, False).problem is None
    # 1 and 1.0 are equal keys, yet a path of ints is no path (not a number)
    assert climb.plan(board, w.s, w.f("A1"), ((12, 10),), 4.0, False).problem == "not_a_number"


@pytest.mark.parametrize("path", shipped_tables(), ids=lambda p: p.stem)
def test_a_withdraw_end_still_seen_is_refused_whatever_its_path_and_the_coach_draws_the_same(path,
                                                                                        monkeypatch):
    game = UnpourunGame(load_table(path), trusted=True)
    board, rng = game.engine.board, random.Random(path.stem)
    states = activation_states(game, 50, 3, Phase.WITHDRAW)
    seen = 0
    for s in states:
        assert s.withdraw is not None
        f = s.figure(s.withdraw[0])
        assert f.pos is not None
        for _ in range(6):
            ang, length = rng.uniform(0, 2 * math.pi), rng.uniform(0.3, 1.0) * s.withdraw[2]
            end = (f.pos[0] + math.cos(ang) * length, f.pos[1] + math.sin(ang) * length)
            heard = why_illegal(board, s, a.Withdraw((end,)))
            if withdraw_end_seen(board, s, end):
                seen += 1
                assert heard is not None
            else:
                assert heard is None or heard.key != "unpourun_rules.refusal.still_seen"
        # the coach skips the seen ends before their path's legality, with the same draws and choice
        coach = Counting(s.mover, game.engine, seen)
        decision = coach.decide(s)
        asked = coach.asked
        assert not [d for d in asked if withdraw_end_seen(board, s, d.path[-1])]  # type: ignore[attr-defined]
        with monkeypatch.context() as m:
            m.setattr(random_coach, "withdraw_end_seen", lambda *args: False)
            every = RandomCoach(s.mover, game.engine, seen)
            assert every.decide(s) == decision
            assert every.rng.getstate() == coach.rng.getstate()
    assert states and seen
