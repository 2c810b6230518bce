"""The random coach of Un pour un drawing a kind first, then its candidates one at a time (issue 30:
100 random matches/s), and the kind-level questions of the legality it asks (``open_kinds``,
``shot_weapons``, ``kind_refused``'s PA of a strike, a flight, a medikit): each question agrees with
``why_illegal`` on seeded random states of the shipped tables; the coach still reaches every kind the
legality allows, asks nothing of a kind refused as a kind, and plays only what the legality allowed."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from paintcheck.rules.dice import Dice
from paintcheck.unpourun import actions as a
from paintcheck.unpourun.game import UnpourunGame, random_start
from paintcheck.unpourun.legality import kind_refused, open_kinds, shot_weapons, why_illegal
from paintcheck.unpourun.random_coach import MOVE_TRIES, PICK_TRIES
from paintcheck.unpourun.state import MatchState, Phase
from paintcheck.unpourun.table_file import load_table, shipped_tables
from tests.unpourun.test_upu_speed_memos import KINDS, Counting, activation_states, samples
from tests.unpourun.upu_world import SF, World, band, fig

ACTION_KINDS = (a.Shoot, a.Strike, a.Charge, a.Walk, a.Run, a.Medikit, a.Flee, a.EndActivation,
                a.RoutMove, a.ChargeMove)


def shots(s: MatchState, rng: random.Random) -> list[a.Shoot]:
    """Shoots by the active figure with each of its own weapons (and one it lacks) at every figure."""
    assert s.activation is not None
    f = s.figure(s.activation.figure)
    weapons = [*f.ranged, rng.choice(["arc", "fusil", "pistolet"])]
    return [a.Shoot(w, g.id) for w in weapons for g in s.figures]


@pytest.mark.parametrize("path", shipped_tables(), ids=lambda p: p.stem)
def test_open_kinds_drops_only_kinds_every_decision_of_which_is_refused_on_random_states(path):
    game = UnpourunGame(load_table(path), trusted=True)
    board, rng = game.engine.board, random.Random(path.stem)
    dropped = legal_open = 0
    for s in activation_states(game, 40):
        open_ = list(open_kinds(board, s, KINDS))
        assert open_ == [k for k in KINDS if k in open_]  # in the order asked
        for kind in KINDS:
            decisions = samples(s, kind, rng) + (shots(s, rng) if kind is a.Shoot else [])
            heard = [why_illegal(board, s, d) for d in decisions]
            if kind not in open_:
                dropped += 1
                assert all(h is not None for h in heard), (kind.__name__, decisions)
            else:
                assert kind_refused(board, s, kind) is None, kind.__name__
                legal_open += any(h is None for h in heard)
    assert dropped and legal_open  # the states did drop kinds, and open kinds were played


@pytest.mark.parametrize("path", shipped_tables(), ids=lambda p: p.stem)
def test_shot_weapons_are_the_weapons_a_shot_is_not_refused_for_whatever_its_target(path):
    game = UnpourunGame(load_table(path), trusted=True)
    board, rng = game.engine.board, random.Random(path.stem)
    weapon_words = {"no_weapon", "broken", "pa"}
    listed = legal = 0
    for s in activation_states(game, 60):
        weapons = shot_weapons(board, s)
        listed += len(weapons)
        for d in shots(s, rng):
            heard = why_illegal(board, s, d)
            if d.weapon not in weapons:
                assert heard is not None, d
            else:
                assert heard is None or heard.key.rsplit(".", 1)[1] not in weapon_words, (d, heard.key)
                legal += heard is None
    assert listed and legal


def test_kind_refused_asks_a_strike_a_flight_and_a_medikit_their_pa_and_a_medikit_left():
    w = World(band(fig(SF, ranged=("arc",), equipment=("medikit",))), band(fig(SF)),
              {"A1": (10.0, 10.0), "B1": (11.05, 10.0)}, active="A1", pa=0)
    b = w.engine.board
    for kind in (a.Strike, a.Flee, a.Medikit):
        said = kind_refused(b, w.s, kind)
        assert said is not None and said.key == "unpourun_rules.refusal.pa", kind.__name__
        assert said == why_illegal(b, w.s, kind("B1") if kind is not a.Flee else kind(((8.0, 10.0),)))
    left = open_kinds(b, w.s, (a.Shoot, a.Strike, a.Flee, a.Medikit, a.EndActivation))
    assert list(left) == [a.EndActivation]
    w.set("A1", medikits=0)
    w.s.activation.pa = 2  # type: ignore[union-attr]
    said = kind_refused(b, w.s, a.Medikit)
    assert said is not None and said.key == "unpourun_rules.refusal.no_medikit"
    w.set("B1", pos=(30.0, 30.0))  # no longer engaged: no flight
    said = kind_refused(b, w.s, a.Flee)
    assert said is not None and said.key == "unpourun_rules.refusal.not_engaged"


def test_the_coach_asks_no_decision_of_a_kind_refused_as_a_kind():
    """Chained (3.5) and short of the bow's PA: only the end is left, asked of nobody."""
    w = World(band(fig(SF, ranged=("arc",))), band(fig(SF)), {"A1": (10.0, 10.0), "B1": (14.0, 10.0)},
              active="A1", pa=0)
    w.s.activation.last_move = True  # type: ignore[union-attr]
    for seed in range(30):
        coach = Counting("A", w.engine, seed)
        assert coach.decide(w.s) == a.EndActivation()
        assert coach.asked == [], seed


def free_world() -> World:
    """A1 free with a bow and a medikit, wounded; B1 in its sight within reach of a charge."""
    w = World(band(fig(SF, ranged=("arc",), equipment=("medikit",))), band(fig(SF)),
              {"A1": (10.0, 10.0), "B1": (14.0, 10.0)}, active="A1")
    w.set("A1", pv=w.f("A1").stats.pv - 1)
    return w


def engaged_world() -> World:
    """A1 in contact with B1, with a medikit, wounded."""
    w = World(band(fig(SF, equipment=("medikit",))), band(fig(SF)),
              {"A1": (10.0, 10.0), "B1": (11.05, 10.0)}, active="A1")
    w.set("A1", pv=w.f("A1").stats.pv - 1)
    return w


@pytest.mark.parametrize("world, kinds", [(free_world, (a.Shoot, a.Charge, a.Walk, a.Run, a.Medikit)),
                                          (engaged_world, (a.Strike, a.Flee, a.Medikit))],
                         ids=["free", "engaged"])
def test_the_coach_reaches_every_kind_the_legality_allows_about_evenly(world, kinds):
    w = world()
    b = w.engine.board
    assert {*kinds, a.EndActivation} <= set(open_kinds(b, w.s, ACTION_KINDS))  # (a strike's target decides)
    played: Counter[type] = Counter()
    for seed in range(300):
        coach = Counting("A", w.engine, seed)
        d = coach.decide(w.s)
        assert why_illegal(b, w.s, d) is None and (d in coach.asked or isinstance(d, a.EndActivation))
        played[type(d)] += 1
        assert len(coach.asked) <= 2 * MOVE_TRIES + 3 * PICK_TRIES  # a few tries of a few kinds
    assert set(played) == {*kinds, a.EndActivation}
    for kind in kinds:  # a kind drawn uniformly, the first with a legal candidate played
        assert played[kind] > 300 // len(kinds) // 2, (kind.__name__, played)


def test_the_coach_asks_few_refused_questions_a_decision_in_random_matches():
    """Before: a shot with each weapon short of its PA, every shot candidate of a kind, were asked
    (0.64 refused questions an activation decision on these matches; now about 0.3)."""
    refused = decided = 0
    for path, seed in ((p, seed) for p in shipped_tables() for seed in range(3)):
        game = UnpourunGame(load_table(path), trusted=True)
        dice = Dice(seed)
        coaches = {seat: Counting(seat, game.engine, 2 * seed + i) for i, seat in enumerate("AB")}
        s = game.begin(random_start(seed))
        while s.phase != Phase.OVER:
            coach = coaches[s.mover]
            before = len(coach.asked)
            d = coach.decide(s)
            if s.phase == Phase.ACTIVATION:
                asked = coach.asked[before:]
                decided += 1
                refused += len(asked) - (d in asked)
            s, _ = game.apply(s, d, dice)
    assert decided > 1000 and refused / decided < 0.45, (refused, decided)
