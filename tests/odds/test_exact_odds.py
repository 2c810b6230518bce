"""``paintcheck.odds.shot_odds`` against an independent exhaustive enumeration (tests/odds/oracle.py)
on every required roll from −5 to 30 and 0–2 dodge dice; its identities; a value worked by hand;
and the tables read at call time (RULES 7.1–7.5, 9.1–9.4)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from paintcheck.odds import KEYS, OddsError, shot_odds
from paintcheck.odds import shot as shot_mod
from paintcheck.rules import tables
from tests.odds.oracle import enumerate_shot

TOLERANCE = 1e-9
CASES = [(r, k) for r in range(-5, 31) for k in range(3)]


def _compare(odds, oracle) -> None:
    tally = oracle["tally"]
    for key in KEYS:
        assert abs(float(getattr(odds, key)) - float(tally.get(key, 0))) < TOLERANCE, key
    for name, p in odds.fumble_outcomes.items():
        assert abs(float(p) - float(tally.get("fumble_" + name, 0))) < TOLERANCE, name
    assert sum(odds.fumble_outcomes.values()) == odds.fumble
    # the margins: every one the enumeration reaches in full (below its cut) and every one listed
    full = {m for m in oracle["margin"] if m <= 60}
    for m in full | {m for m in odds.margin if m <= 60}:
        assert abs(float(odds.margin.get(m, 0)) - float(oracle["margin"].get(m, 0))) < TOLERANCE, m


@pytest.mark.slow
@pytest.mark.parametrize(("required", "dice"), CASES)
def test_equal_to_the_enumeration(required, dice):
    _compare(shot_odds(required, dice), enumerate_shot(required, dice))


@pytest.mark.parametrize(("required", "dice"), CASES)
def test_identities_hold_exactly(required, dice):
    o = shot_odds(required, dice)
    assert o.hit + o.miss == 1
    assert o.hit == o.dodged_one_die + o.dodged_two_dice + o.eliminated
    assert o.hit == sum(o.margin.values()) + o.margin_tail
    assert 0 <= o.margin_tail < shot_mod.MARGIN_TAIL
    assert o.fumble == Fraction(1, 20) and min(o.margin, default=1) >= 1
    assert set(o.dodged) == set(range(1, dice + 1))


@pytest.mark.slow
@pytest.mark.parametrize(("required", "dice"), [(-5, 2), (12, 2), (19, 1), (23, 2), (30, 2)])
def test_exact_beyond_any_float(required, dice):
    """The closed form is the infinite sum itself: the enumeration cut after 25 re-rolls misses it by
    no more than the probability it dropped, far below what floats can tell apart."""
    o = shot_odds(required, dice)
    oracle = enumerate_shot(required, dice, depth=25)
    for key in KEYS:
        gap = getattr(o, key) - oracle["tally"].get(key, Fraction(0))
        assert abs(gap) <= oracle["dropped"], key


def test_a_value_worked_by_hand():
    """Needing 20 against one dodge die: only a natural 20 hits, with margin 1 + B (B its exploding
    bonus); the target dodges when his die X beats the margin, X >= 1 + B, i.e. X > B. P(X = B) =
    sum over k of 5·(1/36)^(k+1) = 1/7, so P(X > B) = (1 − 1/7) / 2 = 3/7 by symmetry."""
    o = shot_odds(20, 1)
    assert o.hit == Fraction(1, 20)
    assert o.dodged_one_die == Fraction(1, 20) * Fraction(3, 7)
    assert o.eliminated == Fraction(1, 20) * Fraction(4, 7)
    assert shot_odds(11, 0).eliminated == Fraction(1, 2)  # 11 to 20 hit, nobody dodges


def test_margin_one_is_dodged_without_rolling():
    """Needing 19: a 19 is margin 1, dodged with one die counted even with two allowed (RULES 9.2)."""
    o = shot_odds(19, 2)
    assert o.margin[1] == Fraction(1, 20)
    assert o.dodged_one_die >= Fraction(1, 20)
    assert shot_odds(19, 0).dodged_one_die == 0 and shot_odds(19, 0).eliminated == o.hit


@pytest.mark.parametrize("bad", [3, -1, True, 1.0, "1"])
def test_dice_outside_the_rules_are_refused(bad):
    with pytest.raises(OddsError):
        shot_odds(10, bad)


@pytest.mark.parametrize("bad", [10.5, "10", None, 1001, -1001])
def test_a_required_roll_must_be_whole_and_sane(bad):
    with pytest.raises(OddsError):
        shot_odds(bad, 1)


@pytest.mark.parametrize("explode", [1, 3, 5, 7])  # 7: a d6 never shows it, nothing explodes
@pytest.mark.parametrize(("required", "dice"), [(-3, 2), (9, 1), (18, 2), (21, 2), (25, 1)])
def test_any_exploding_face(monkeypatch, explode, required, dice):
    monkeypatch.setattr(tables, "EXPLODING_FACE", explode)
    _compare(shot_odds(required, dice), enumerate_shot(required, dice, explode=explode))


CHANGED = {"NATURAL_MISS": 2, "NATURAL_CRITICAL": 19, "EXPLODING_FACE": 5,
           "FUMBLE_TABLE": ((8, "technical"), (12, "messy_paint"), (20, "reload"))}


@pytest.mark.parametrize(("required", "dice"), [(3, 2), (12, 1), (17, 2), (22, 2), (26, 0)])
def test_the_tables_are_read_at_call_time(monkeypatch, required, dice):
    """The odds follow tables.py when it changes (STYLE.md: a number not read from there is a
    defect): with other natural-miss, critical, exploding face and fumble table they still equal
    the enumeration made with those values, and differ from the true tables' odds."""
    before = shot_odds(required, dice).exact()
    for name, value in CHANGED.items():
        monkeypatch.setattr(tables, name, value)
    after = shot_odds(required, dice)
    oracle = enumerate_shot(required, dice, natural_miss=2, natural_critical=19, explode=5,
                            fumble_limits=CHANGED["FUMBLE_TABLE"])
    _compare(after, oracle)
    assert after.exact() != before
    assert after.fumble_outcomes["technical"] == Fraction(1, 20) * Fraction(8, 20)


@pytest.mark.parametrize(("name", "value", "required"), [
    ("NATURAL_MISS", 3, 2),  # a 3 that would hit is now a fumble
    ("NATURAL_CRITICAL", 18, 15),
    ("EXPLODING_FACE", 4, 15),
])
def test_each_dice_number_reaches_the_odds(monkeypatch, name, value, required):
    before = shot_odds(required, 2).exact()
    monkeypatch.setattr(tables, name, value)
    assert shot_odds(required, 2).exact() != before


def test_boulets_are_read_from_the_tables(monkeypatch):
    assert shot_odds(10, 2).boulets == {1: 1, 2: 4}
    monkeypatch.setattr(tables, "BOULETS_FOR_DICE", {1: 2, 2: 4})
    assert shot_odds(10, 2).boulets == {1: 2, 2: 4}
