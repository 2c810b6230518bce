"""The exact odds walk the engine's own chance nodes (``rules.chance``, issue 27): a resolution value
changed in ``tables`` moves the engine's resolution and the odds together."""

from __future__ import annotations

from fractions import Fraction

import pytest

from paintcheck.odds import shot_odds
from paintcheck.rules import chance, tables
from paintcheck.rules import events as ev
from paintcheck.rules.actions import Def, Shot
from paintcheck.rules.state import DODGE
from tests.rules.harness import B1, W1, Game, measurer, standard

REQUIRED = 16  # Blue1 at White1 behind his cylinder with DEF 1: 11 + (10 + 5) − 10, one dodge die


def shot_at_one_die(roll: int) -> Game:
    g = Game(measurer().see(B1, W1), [standard("B1"), standard("B2"), standard("W1", def_count=1),
                                        standard("W2")], [roll])
    g.orders({"B1": 1, "B2": 4}, {"W1": 2, "W2": 3})
    g.declare("B1", Shot("W1"), Def(), Def(), Def())
    return g


@pytest.mark.parametrize("free", [1, 2])
def test_a_changed_free_dodge_margin_moves_the_engine_and_the_odds(monkeypatch, free):
    """A hit by a margin of 2 (a roll of 17): dodged at once when the table says so, else the coach
    rolls his die; the odds move by P(margin 2) × P(the die fails it) = 1/20 × 1/6."""
    default = shot_odds(REQUIRED, 1)
    monkeypatch.setattr(tables, "FREE_DODGE_MARGIN", free)
    g = shot_at_one_die(17)
    (shot,) = g.of(ev.ShotResolved, shooter="B1")
    assert shot.required == REQUIRED and shot.margin == 2
    at_once = free >= 2
    assert bool(g.of(ev.Dodged, player="W1", automatic=True)) == at_once
    assert (g.state.phase == DODGE) == (not at_once)
    odds = shot_odds(REQUIRED, 1)
    moved = Fraction(1, 20) * Fraction(1, 6) if at_once else 0
    assert odds.dodged_one_die - default.dodged_one_die == moved
    assert default.eliminated - odds.eliminated == moved
    assert odds.hit == default.hit


def test_a_critical_follows_the_free_dodge_margin(monkeypatch):
    """Needing 21, only a natural 20 hits, by 1 + its bonus: a bonus of 2 (1/6) is a margin of 2,
    dodged at once when the table says so."""
    default = shot_odds(21, 1)
    monkeypatch.setattr(tables, "FREE_DODGE_MARGIN", 2)
    odds = shot_odds(21, 1)
    assert odds.dodged_one_die - default.dodged_one_die == Fraction(1, 20) * Fraction(1, 6) * Fraction(1, 6)
    assert odds.hit == default.hit


def test_the_shot_chance_node_sums_to_one_and_names_its_branches():
    faces = chance.shot_faces(REQUIRED)
    assert sum(p for _, p in faces) == 1 and len(faces) == tables.SHOT_DIE
    by_face = {f.face: f for f, _ in faces}
    assert by_face[tables.NATURAL_MISS].fumble and not chance.hits(by_face[tables.NATURAL_MISS], 99)
    assert by_face[tables.NATURAL_CRITICAL].critical
    assert chance.hits(by_face[REQUIRED]) and not chance.hits(by_face[REQUIRED - 1])
    assert sum(p for _, p in chance.fumble_outcomes()) == 1
