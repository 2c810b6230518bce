"""``paintcheck.odds.situation``: a practice situation set up as a match state and read by the engine
(RULES 6–10): equal to ``shot_reading`` for a static shot, a rule for every term, runs (vulnerable
points, run angle, the runner's dodge dice), a second target (RULES 7.6), reflex / suppressive /
advantage / weakened position, the odds, and the combinations the rules refuse."""

from __future__ import annotations

import functools
import random
from dataclasses import replace
from pathlib import Path

import pytest

from paintcheck.odds import shot_odds
from paintcheck.odds.reading import shot_reading
from paintcheck.odds.situation import Figure, Situation, read
from paintcheck.rules import tables
from paintcheck.table import Table

ROOT = Path(__file__).resolve().parents[2]


@functools.cache
def box():
    table = Table.from_file(ROOT / "layouts" / "box21.json")
    return table.field, table.measurer


def P(text: str):
    return box()[0].lattice.parse(text)


def first(items):
    return items[0] if items else None


def figure(text: str, posture: str = "standing") -> Figure:
    _, m = box()
    point = P(text)
    return Figure(point, posture, first(m.covers(point)))


def rd(s: Situation):
    field, m = box()
    return read(m, s, field.lattice)


def _pairs(n: int, seed: int):
    field, m = box()
    free = field.free_points()
    rng = random.Random(seed)
    for _ in range(n):
        a, b = rng.sample(free, 2)
        yield a, b, first(m.covers(a)), first(m.covers(b))


BASE = Situation(figure("W:K5"), figure("B:H7", "kneeling"))


def test_a_static_situation_reads_as_shot_reading():
    field, m = box()
    lost = 0
    for i, (a, b, own, cov) in enumerate(_pairs(80, seed=11)):
        posture, tposture, def_count = tables.POSTURES[i % 3], tables.POSTURES[(i + 1) % 3], i % 5
        kind = ("simple", "reflex", "suppressive")[i % 3]
        s = Situation(Figure(a, posture, own), Figure(b, tposture, cov), def_count=def_count, kind=kind)
        r = rd(s)
        ref = shot_reading(m, a, b, shooter_posture=posture, target_posture=tposture, cover=cov,
                           shooter_cover=own, def_count=def_count, kind=kind, lattice=field.lattice)
        assert r.lost == ref.lost
        assert r.protection == ref.protection and r.dodge_dice == ref.dodge_dice
        assert r.state.players[r.shooter_id].side == ref.shooter_side
        if r.lost:
            lost += 1
            assert r.shot_value is r.required is r.odds is None
            continue
        assert [(t.label, t.value) for t in r.shot_terms] == list(ref.shot_parts)
        assert [(t.label, t.value) for t in r.protection_terms] == list(ref.protection_parts)
        assert (r.shot_value, r.required) == (ref.shot_value, ref.required)
        assert r.odds == ref.odds
    assert 0 < lost < 60


def test_terms_carry_a_rule_and_the_odds_follow_the_required_roll():
    _, m = box()
    seen = set()
    for i, (a, b, own, cov) in enumerate(_pairs(120, seed=12)):
        run = ()
        if i % 2:
            ends = [(b[0] + dx, b[1] + dy) for dx, dy in ((3, 0), (-3, 0), (0, 3), (0, -3), (2, 2))]
            run = tuple(p for p in ends if m.on_field(p) and not m.blocked(p) and p != a)[:1]
        s = Situation(Figure(a, "kneeling", own), Figure(b, "standing", cov), def_count=i % 3,
                      run=run, def_after_move=bool(run) and i % 4 == 1, advantage=i % 5 == 0)
        try:
            r = rd(s)
        except ValueError:
            continue  # a run through an obstacle or a figure
        for t in r.terms:
            assert t.rule, t.label
            assert t.part in ("shot", "protection")
            seen.add(t.label.split()[0])
        if r.odds is not None:
            assert r.odds == shot_odds(r.required, r.dodge_dice)
            assert r.required == tables.required_roll(r.shot_value, r.protection)
            assert r.shot_value == sum(t.value for t in r.shot_terms)
            assert r.protection == sum(t.value for t in r.protection_terms)
    assert {"simple", "distance", "MOV", "run", "advantage"} <= seen


def _a_run(min_bonus: int = 1):
    """A run on box21 the shooter sees, with a run-angle bonus of at least ``min_bonus``."""
    _, m = box()
    shooter = figure("W:K5")
    for start in ("B:H5", "B:G3", "B:K3", "B:I4", "B:J7"):
        for end in ("B:D5", "B:M5", "B:H2", "B:C3", "B:O6", "B:J1"):
            s = Situation(shooter, Figure(P(start), "standing", first(m.covers(P(start)))), run=(P(end),))
            try:
                r = rd(s)
            except ValueError:
                continue
            if not r.lost and r.term("run angle") >= min_bonus:
                return s, r
    raise AssertionError("no run found")


def test_a_run_gives_vulnerable_points_run_angle_and_movement_value():
    field, m = box()
    s, r = _a_run()
    state = r.state
    path = m.path(s.target.point, s.run)
    assert r.vulnerable and set(r.vulnerable) <= set(path[1:])
    phi = m.run_angle(path, s.shooter.point)
    assert r.term("run angle") == tables.run_angle_bonus(phi) > 0
    n = len(r.vulnerable)
    assert [(t.label, t.value) for t in r.protection_terms][:1] == [("MOV", tables.BASE_MOV)]
    assert r.term(f"{n} vulnerable") == tables.vulnerability_modifier(n)
    assert r.protection == tables.BASE_MOV + tables.vulnerability_modifier(n)
    # the state holds the runner's declaration: the window's instruments read a run from it
    assert state.declarations[r.target_id].actions[-1].waypoints == s.run
    assert state.origins[r.target_id] == s.target.point
    assert r.state.players[r.target_id].point == s.target.point


def test_a_runner_dodges_only_with_a_def_after_his_move():
    s, _ = _a_run()
    assert rd(replace(s, def_count=2)).dodge_dice == 0  # DEF before the move: no dodge (RULES 9.3)
    assert rd(replace(s, def_count=1, def_after_move=True)).dodge_dice == tables.dodge_dice(1)
    assert rd(replace(s, def_count=2, def_after_move=True)).dodge_dice == tables.dodge_dice(2)
    # a run of 5 points or more costs 2 actions: DEF + 2 supports after it still fit in 4
    r = rd(replace(s, def_count=2, def_after_move=True))
    assert r.odds == shot_odds(r.required, r.dodge_dice)


def test_a_second_target_reads_as_shot_2():
    s = replace(BASE, second_target=figure("B:K8"), supports=1)
    r = rd(s)
    assert r.second is not None and r.second_id is not None and r.second.target_id == r.second_id
    assert r.term("1 support(s)") == 2 * tables.SUPPORT_BONUS // 2
    labels = [t.label for t in r.second.shot_terms]
    assert "shot #2" in labels and r.second.term("shot #2") == tables.MULTI_TARGET_MALUS
    assert "1 support(s)" not in labels  # the supports follow the first shot
    assert r.second.entry.index == 1
    # each segment between the two targets, seen from the shooter, costs 2 (RULES 7.6)
    _, m = box()
    seg = tables.angle_segment(m.angle_between(s.shooter.point, s.target.point, s.second_target.point))
    assert r.second.term(f"{seg} segment(s) from first target") == tables.MULTI_TARGET_SEGMENT_MALUS * seg
    assert r.second.second is None
    # without the second target the first shot reads the same
    assert rd(replace(s, second_target=None)).terms == r.terms


def test_reflex_suppressive_and_advantage_change_the_value():
    simple = rd(BASE)
    assert simple.lost is None
    reflex = rd(replace(BASE, kind="reflex"))
    suppressive = rd(replace(BASE, kind="suppressive"))
    assert reflex.shot_value == simple.shot_value - (tables.BASE_SHOT - tables.BASE_REFLEX)
    assert suppressive.shot_value == simple.shot_value - tables.BASE_SHOT + tables.BASE_SUPPRESSIVE
    for kind in ("simple", "reflex", "suppressive"):
        plain = rd(replace(BASE, kind=kind))
        adv = rd(replace(BASE, kind=kind, advantage=True))
        assert adv.term("advantage") == tables.ADVANTAGE_BONUS
        assert adv.shot_value == plain.shot_value + tables.ADVANTAGE_BONUS
        assert adv.required == plain.required - tables.ADVANTAGE_BONUS
    token = rd(replace(BASE, kind="suppressive")).state.players["W1"].token
    assert token is not None and token.target == "B1" and not token.advantage


def test_weakened_position_counts_from_another_segment():
    _, m = box()
    target = BASE.target
    other = same = None
    for p in box()[0].free_points():
        if p in (BASE.shooter.point, target.point):
            continue
        seg_now = tables.angle_segment(m.static_angle(target.point, target.cover, BASE.shooter.point))
        seg = tables.angle_segment(m.static_angle(target.point, target.cover, p))
        if seg != seg_now and other is None:
            other = p
        if seg == seg_now and same is None:
            same = p
    weak = rd(replace(BASE, weakened_from=other, boulets=1, def_count=2))
    assert weak.term("weakened position") == tables.WEAKENED_BONUS
    assert weak.dodge_dice == tables.REDODGE_DICE  # a second dodge: one die (RULES 9.7)
    assert rd(replace(BASE, weakened_from=same, boulets=1)).term("weakened position") == 0
    assert rd(replace(BASE, weakened_from=other, boulets=4)).dodge_dice == 0


def test_boulets_and_def_give_the_engines_dodge_dice():
    for def_count in range(5):
        assert rd(replace(BASE, def_count=def_count)).dodge_dice == tables.dodge_dice(def_count)
        # a second dodge: one die at most, none without DEF (RULES 9.2, 9.7)
        assert rd(replace(BASE, def_count=def_count, boulets=1)).dodge_dice == min(
            tables.REDODGE_DICE, tables.dodge_dice(def_count))
        assert rd(replace(BASE, def_count=def_count, boulets=4)).dodge_dice == 0


def test_a_lost_shot_says_why():
    _, m = box()
    for a, b, own, cov in _pairs(200, seed=13):
        r = rd(Situation(Figure(a, "prone", own), Figure(b, "standing", cov)))
        if r.lost and "impossible" in r.lost:
            assert r.odds is None and r.required is None and r.shot_terms == ()
            assert r.protection >= tables.NATURAL_PROTECTION
            return
    raise AssertionError("no impossible shot found")


@pytest.mark.parametrize(("changes", "words"), [
    ({"kind": "dump"}, "a shot is"),
    ({"kind": "reflex", "supports": 1}, "no support"),
    ({"kind": "suppressive", "supports": 2}, "no support"),
    ({"kind": "reflex", "second_target": Figure((3, -8))}, "no second target"),
    ({"kind": "suppressive", "second_target": Figure((3, -8))}, "no second target"),
    ({"supports": 4}, "costs 5 action points"),
    ({"supports": 3, "second_target": Figure((3, -8))}, "costs 5 action points"),
    ({"def_count": 5}, "DEF count is 0 to 4"),
    ({"def_after_move": True}, "needs a run"),
    ({"run": ((2, -7),), "def_after_move": True}, "at least 1"),
    ({"run": ((2, -7),), "boulets": 1}, "cleared his boulets"),
    ({"weakened_from": (9, -2)}, "1 or 4 boulets"),
    ({"weakened_from": (9, -2), "boulets": 1, "run": ((2, -7),)}, "weakened position is a static"),
    ({"boulets": 5}, "0 to 4 boulets"),
    ({"run": ((7, -5),)}, "passes through an obstacle"),
    ({"run": ((7, 12),)}, "at most 12"),
    ({"shooter": Figure((9, -7)), "target": Figure((9, -9)), "run": ((9, -5),)}, "passes through B1's point"),
    ({"target": Figure((7, -6))}, "obstacle stands there"),
    ({"target": Figure((7, -7), "sitting")}, "posture"),
    ({"target": Figure((7, -7), cover="home-w")}, "not next to"),
    ({"shooter": Figure((10, 5), side="left")}, "plays no side"),
    ({"shooter": Figure((7, -7))}, "one point"),
    ({"shooter": Figure((10, 5), cover="rocket-l-w", side="up")}, "left, right or over"),
])
def test_combinations_the_rules_forbid_are_refused(changes, words):
    with pytest.raises(ValueError, match=words) as info:
        rd(replace(BASE, **changes))
    assert "\n" not in str(info.value)


def test_a_runner_pays_for_his_move_and_his_def():
    s, _ = _a_run()
    with pytest.raises(ValueError, match="costs 5 action points"):
        rd(replace(s, def_count=4, def_after_move=True))  # MOV (1) + DEF + 3 SUP
