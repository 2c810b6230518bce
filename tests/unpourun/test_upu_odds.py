"""The exact odds of a shot or a strike (``unpourun.odds``) against the engine itself: every sequence of
dice enumerated (itertools), each played through ``Engine.apply`` with scripted dice, the outcomes
counted; and a few cells checked by hand against RULES-unpourun 4.8 and §5."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import product

from paintcheck.rules.dice import ScriptedDice
from paintcheck.unpourun import actions as a
from paintcheck.unpourun.bands import Options
from paintcheck.unpourun.odds import ShotOdds, decision_odds, p_damages, shot_odds, strike_odds
from paintcheck.unpourun.state import Status
from tests.unpourun.upu_world import CHEF, SC, SF, World, band, fig, rect, table

QUIET = Options(passive=frozenset())  # no passive test rolls dice after the shot


def brute(w: World, decision, length: int) -> tuple[dict, dict]:
    """Every sequence of ``length`` faces played: (fid, PV lost, status) -> chance, and fid -> the chance
    its weapons changed (broken)."""
    before = {f.id: f for f in w.s.figures}
    counts: Counter = Counter()
    broken: Counter = Counter()
    for faces in product(range(1, 7), repeat=length):
        after, _ = w.engine.apply(w.s, decision, ScriptedDice(faces))
        for f in after.figures:
            counts[(f.id, before[f.id].pv - f.pv, f.status)] += 1
            if f.broken != before[f.id].broken:
                broken[f.id] += 1
    total = 6 ** length
    return ({k: Fraction(v, total) for k, v in counts.items()},
            {k: Fraction(v, total) for k, v in broken.items()})


def agree(odds_list, seen: dict) -> None:
    assert odds_list, "no figure read"
    for o in odds_list:
        for k, p in enumerate(o.pv_lost):
            assert p == sum((q for (fid, lost, _), q in seen.items() if fid == o.figure and lost == k),
                            Fraction(0)), (o.figure, k)
        for status, p in ((Status.HORS, o.p_hors), (Status.DEAD, o.p_dead)):
            assert p == sum((q for (fid, _, st), q in seen.items() if fid == o.figure and st == status),
                            Fraction(0)), (o.figure, status)


def odds_of(w: World, shooter: str, weapon: str, target: str) -> ShotOdds:
    s = w.s
    return shot_odds(w.engine.board, s, s.figure(shooter), weapon, s.figure(target))


def test_single_target_shot_equals_every_die_through_the_engine():
    # a chef (CT 3+) with a fusil at d 14 (medium): 3+; F 4 vs a sous-fifre's R 2: 3+; jam on a 6 after a 1
    w = World(band(fig(CHEF, ranged=("fusil",))), band(fig(SF)), {"A1": (10, 10), "B1": (10, 25)}, "A1",
              options=QUIET)
    odds = odds_of(w, "A1", "fusil", "B1")
    (o,) = odds.targets
    assert (o.need, o.wound.need) == (3, 3)
    assert o.p_hit == Fraction(4, 6) and o.wound.p == Fraction(4, 6)
    seen, broken = brute(w, a.Shoot("fusil", "B1"), 3)
    agree(odds.targets, seen)
    assert odds.accident == "jam" and odds.p_accident == Fraction(1, 6)
    assert broken.get("A1", Fraction(0)) == odds.p_broken == Fraction(1, 36)


def test_two_targets_get_r_plus_one_and_one_die_each():
    # 4.3: a mitraillette (Cibles 3) at two enemies 0.8 apart: the second gets R +1 on its damage roll
    at = {"A1": (10, 10), "B1": (10, 20), "B2": (10.0, 21.8)}
    w = World(band(fig(SC, ranged=("mitraillette",))), band(fig(SF), fig(SC)), at, "A1", options=QUIET)
    w.set("B1", pv=1)
    odds = odds_of(w, "A1", "mitraillette", "B2")
    assert [o.figure for o in odds.targets] == ["B1", "B2"]  # the nearest first
    assert [o.wound.r for o in odds.targets] == [2, 4]  # sous-fifre R 2; sous-chef R 3 + 1
    seen, broken = brute(w, a.Shoot("mitraillette", "B2"), 5)
    agree(odds.targets, seen)
    assert odds.p_accident == 1 - Fraction(5, 6) ** 2
    assert broken.get("A1", Fraction(0)) == odds.p_broken


def test_black_powder_explosion_hurts_the_bearer():
    w = World(band(fig(SF, ranged=("pistolet_poudre",))), band(), {"A1": (10, 10), "B2": (10, 16)}, "A1",
              options=QUIET)
    w.set("A1", pv=1)
    odds = odds_of(w, "A1", "pistolet_poudre", "B2")
    assert odds.accident == "explosion" and [o.figure for o in odds.exploded] == ["A1"]
    seen, broken = brute(w, a.Shoot("pistolet_poudre", "B2"), 4)
    agree([*odds.targets, *odds.exploded], seen)
    assert broken["A1"] == odds.p_broken == Fraction(1, 36)


def test_blast_reaches_friend_and_foe_with_one_die():
    # 4.5: a grenade at B1; B2 and A2 stand within 5.5 of B1's centre and are hit too, the shooter never
    at = {"A1": (10, 10), "B1": (10, 16), "B2": (12, 16), "A2": (8, 17)}
    w = World(band(fig(CHEF, ranged=("grenade",)), fig(SF)), band(fig(SF), fig(SC)), at, "A1",
              options=QUIET)
    odds = odds_of(w, "A1", "grenade", "B1")
    assert odds.blast and {o.figure for o in odds.targets} == {"B1", "B2", "A2"}
    assert odds.accident == ""
    seen, _ = brute(w, a.Shoot("grenade", "B1"), 4)
    agree(odds.targets, seen)
    assert odds.expected_pv("B") > odds.expected_pv("A") > 0


def test_hanging_target_may_fall():
    # 3.11: a hanging figure that loses a PV to a shot falls on a 1 and loses one more
    wall = table(("impassable", 4, rect(20, 20, 30, 30)))
    w = World(band(fig(CHEF, ranged=("fusil",))), band(fig(SC)), {"A1": (10, 10), "B1": (19.5, 20.5)},
              "A1", wall, options=QUIET)
    w.set("B1", hanging=(0, 2.0))
    odds = odds_of(w, "A1", "fusil", "B1")
    (o,) = odds.targets
    assert o.pv_lost[2] > 0
    seen, _ = brute(w, a.Shoot("fusil", "B1"), 4)
    agree(odds.targets, seen)


def test_strike_with_rondaches_and_charged_target():
    at = {"A1": (10, 10), "B1": (10, 11)}
    w = World(band(fig(CHEF, melee="epee")), band(fig(SC, equipment=("rondache", "rondache"))), at, "A1",
              options=QUIET)
    w.set("B1", charged_malus=True, pv=1)
    st = strike_odds(w.s.figure("A1"), w.s.figure("B1"))
    o = st.target
    assert o.need == 4 and o.p_hit == Fraction(1, 2) ** 3  # CCC 4+, hit three times in a row
    assert o.wound.r == 2 and o.wound.need == 2  # R 3 - 1; F 5 + 2 = 7 against 2
    seen, _ = brute(w, a.Strike("B1"), 4)
    agree([o], seen)


def test_worked_examples_by_hand():
    # 4.8: a sous-fifre with a fusil from above at d = 25: 5 + 1 - 1 = 5+
    hill = table(("open", 1, rect(0, 0, 20, 20)))
    w = World(band(fig(SF, ranged=("fusil",))), band(), {"A1": (10, 10), "B2": (10, 36)}, "A1", hill,
              options=QUIET)
    (o,) = odds_of(w, "A1", "fusil", "B2").targets
    assert o.need == 5 and o.p_hit == Fraction(1, 3)
    assert [term.key.rsplit(".", 1)[1] for term in o.terms] == ["ct", "range_long", "height_above", "to_hit"]
    # 4.8: a chef with a pistolet and a sight at d = 4: 3 - 1 - 1 = 1, which becomes 2+
    w = World(band(fig(CHEF, ranged=("pistolet",), equipment=("visee",))), band(),
              {"A1": (10, 10), "B2": (10, 15)}, "A1", options=QUIET)
    (o,) = odds_of(w, "A1", "pistolet", "B2").targets
    assert o.need == 2 and o.terms[-1].key == "unpourun_odds.term.clamped"
    assert dict(o.terms[-1].values) == {"total": 1, "need": 2}
    # 4.8: a sous-fifre at long range with the target above it: 7, impossible
    w = World(band(fig(SF, ranged=("fusil",))), band(), {"A1": (10, 36), "B2": (10, 10)}, "A1", hill,
              options=QUIET)
    (o,) = odds_of(w, "A1", "fusil", "B2").targets
    assert o.need == 7 and o.p_hit == 0 and o.terms[-1].key == "unpourun_odds.term.impossible"
    # §5: F 4 against R 3 needs 4+ (1/2); the chef's hache énergétique à deux mains (F 11) against R 4: 2+
    assert p_damages(4) == Fraction(1, 2) and p_damages(2) == Fraction(5, 6)
    w = World(band(fig(CHEF, melee="hache_energetique_deux_mains")), band(), {"A1": (10, 10), "B1": (10, 11)},
              "A1", options=QUIET)
    st = strike_odds(w.s.figure("A1"), w.s.figure("B1"))
    assert (st.target.wound.f, st.target.wound.r, st.target.wound.need) == (11, 4, 2)
    assert st.target.terms[0].said == "CCC 4+"


def test_a_decisions_odds_are_its_shot_or_strike():
    at = {"A1": (10, 10), "B1": (10, 11), "B2": (10, 25)}
    w = World(band(fig(CHEF, ranged=("fusil",))), band(fig(SF), fig(SC)), at, "A1", options=QUIET)
    b, s = w.engine.board, w.s
    assert decision_odds(b, s, a.Strike("B1")) == strike_odds(s.figure("A1"), s.figure("B1"))
    assert decision_odds(b, s, a.Shoot("fusil", "B2")) == shot_odds(b, s, s.figure("A1"), "fusil",
                                                                     s.figure("B2"))
    assert decision_odds(b, s, a.Shoot("fusil", "B9")) is None
    assert decision_odds(b, s, a.EndActivation()) is None
