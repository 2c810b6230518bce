"""``paintcheck.odds.reading.shot_reading``: the engine's reading between two points of a field,
the shooter's side, and a rule for every term the engine writes (RULES 6–9)."""

from __future__ import annotations

import functools
import random
from pathlib import Path

import pytest

from paintcheck.ai.playout import play_match
from paintcheck.geometry.measurer import FieldMeasurer
from paintcheck.odds import citations, shot_odds
from paintcheck.odds.reading import shot_reading
from paintcheck.rules import events as ev
from paintcheck.rules import tables
from paintcheck.rules.dice import Dice
from paintcheck.table import Table

ROOT = Path(__file__).resolve().parents[2]


@functools.cache
def box():
    table = Table.from_file(ROOT / "layouts" / "box21.json")
    return table, FieldMeasurer(table.field)


def _pairs(n: int, seed: int):
    table, m = box()
    free = table.field.free_points()
    rng = random.Random(seed)
    for _ in range(n):
        a, b = rng.sample(free, 2)
        own, cov = m.covers(a), m.covers(b)
        yield a, b, (own[0] if own else None), (cov[0] if cov else None)


def test_numbers_add_up_and_the_odds_follow():
    _, m = box()
    for i, (a, b, own, cov) in enumerate(_pairs(60, seed=1)):
        def_count, posture = i % 5, tables.POSTURES[i % 3]
        r = shot_reading(m, a, b, shooter_cover=own, cover=cov, def_count=def_count,
                         target_posture=posture, kind=("simple", "reflex", "suppressive")[i % 3])
        assert r.protection >= tables.NATURAL_PROTECTION
        assert r.dodge_dice == tables.dodge_dice(def_count)
        if r.lost:
            assert r.odds is None and r.required is None and r.shot_parts == ()
            continue
        assert r.required == tables.ROLL_BASE + r.protection - r.shot_value
        assert r.odds == shot_odds(r.required, r.dodge_dice)


def test_the_shooter_plays_a_side_from_which_he_sees():
    """A shooter behind a cover plays a side whose field of vision holds the target (RULES 3.4)
    when there is one; with no cover he sees everything (no side)."""
    table, m = box()
    seen = 0
    for a, b, own, cov in _pairs(80, seed=2):
        team = "blue" if a[1] < 0 else "white"
        r = shot_reading(m, a, b, shooter_cover=own, cover=cov)
        if own is None:
            assert r.shooter_side is None
            continue
        any_side = any(m.fov(a, team, own, s, [b])[0] for s in ("left", "right", "over")
                       if s != "over" or m.obstacle(own).overable)
        if any_side and a[1] != 0:
            assert m.fov(a, team, own, r.shooter_side, [b])[0]
            seen += 1
        elif a[1] != 0:
            assert r.lost == "the target is out of his field of vision"
    assert seen > 10


def test_a_side_given_is_kept():
    _, m = box()
    for a, b, own, cov in _pairs(30, seed=3):
        if own is not None:
            r = shot_reading(m, a, b, shooter_cover=own, cover=cov, shooter_side="left")
            assert r.shooter_side == "left"


@pytest.mark.parametrize(("kind", "def_count"), [("dump", 0), ("simple", 5)])
def test_bad_questions_are_refused(kind, def_count):
    _, m = box()
    with pytest.raises(ValueError):
        shot_reading(m, (0, -5), (0, 5), kind=kind, def_count=def_count)


@functools.cache
def engine_labels() -> tuple[set[str], set[str]]:
    """Every term of a shot's value and of a target's value the engine wrote in a few random
    matches on box21 (from the break and from turn 2)."""
    table, _ = box()
    shot, target = set(), set()
    for seed in range(3):
        for start in (table.start_break, table.start):
            record = play_match(table.engine, start(), seed)
            state, dice = start(), Dice(seed)
            for decision in record.decisions:
                state, events = table.engine.apply(state, decision, dice)
                for e in events:
                    if isinstance(e, ev.ShotResolved):
                        shot |= {label for label, _ in e.shot_parts}
                        target |= {label for label, _ in e.target_parts}
    return shot, target


def test_every_term_the_engine_writes_has_its_rule():
    shot, target = engine_labels()
    assert len(shot) > 20 and len(target) > 10  # the matches met many kinds of terms
    assert [label for label in sorted(shot) if not citations.shot_rule(label)] == []
    assert [label for label in sorted(target) if not citations.protection_rule(label)] == []


@pytest.mark.parametrize(("label", "rule"), [
    ("distance", "RULES 8.1"), ("angle", "RULES 8.2"), ("run angle", "RULES 8.3"),
    ("grazes cone at B:N7 (medium)", "RULES 8.4"), ("sweep crosses cone at B:O3 (medium)", "RULES 8.5"),
    ("weakened position", "RULES 9.6"), ("advantage", "RULES 10.4"), ("messy paint", "RULES 7.5"),
    ("shot #3", "RULES 7.6"), ("reflex", "RULES 6.5, 10.6"),
])
def test_shot_terms_cite_their_rule(label, rule):
    assert citations.shot_rule(label).startswith(rule)


@pytest.mark.parametrize(("label", "rule"), [
    ("no cover", "RULES 3.2"), ("2 DEF", "RULES 6.2"), ("minimum 4", "RULES 6.3"),
    ("lying cylinder kneeling", "RULES 2.2"), ("prebunking", "RULES 12.6"), ("4 vulnerable", "RULES 6.4"),
])
def test_target_terms_cite_their_rule(label, rule):
    assert citations.protection_rule(label).startswith(rule)
    assert citations.shot_rule(label) is None or label == "angle"


def test_an_unknown_term_has_no_rule():
    assert citations.shot_rule("lucky charm") is None and citations.protection_rule("lucky charm") is None
