"""The speed test is written once (``rules.speed``, issue 27): the engine's resolution rolls with it and
the ``hard`` coach forecasts with it, so a number changed in ``tables`` moves both."""

from __future__ import annotations

import pytest

from paintcheck.ai.hard import HardCoach
from paintcheck.rules import events as ev
from paintcheck.rules import reasons, tables
from paintcheck.rules.actions import REFLEX, Def, Reaction, Shot
from paintcheck.rules.speed import beats_chance, speed_modifiers
from paintcheck.rules.state import REACT, ShotEntry
from paintcheck.rules.values import RoundView
from tests.rules.harness import B1, W1, W2, Game, measurer, standard

HIT = 0.5  # the chance, in the forecast, that the reflex hits Blue1


def reflex_round(dice=(3, 3, 3, 2, 2)) -> Game:
    """Blue1 shoots White2; White1, watching Blue1, may answer with a reflex (a speed test follows)."""
    m = measurer().see(B1, W2).see(W1, B1)
    g = Game(m, [standard("B1"), standard("B2"), standard("W1"), standard("W2")], dice)
    g.orders({"B1": 1, "B2": 4}, {"W1": 2, "W2": 3})
    g.declare("B1", Shot("W2"), Def())
    assert g.state.phase == REACT
    return g


def forecast(g: Game) -> tuple[tuple[int, bool], float]:
    """The ``hard`` coach's reading of the reflex's speed test (its modifiers, whether it shoots last),
    and the chance it gives Blue1's shot of being fired before the reflex hits him."""
    coach = HardCoach("white", g.engine, 0)
    rv = RoundView(g.state, g.m)
    read = [(ShotEntry("B1", "W2", "simple", 0, 0, 0), 0.5, 1.0), (ShotEntry("W1", "B1", REFLEX), HIT, 1.0)]
    return coach._speed(rv, read[1][0], read), coach._happens(rv, read)[0]


@pytest.mark.parametrize("malus", [-1, -3])
def test_a_changed_speed_modifier_moves_the_engine_and_the_hard_forecast(monkeypatch, malus):
    monkeypatch.setattr(tables, "SPEED_REFLEX_MALUS", malus)
    g = reflex_round()
    (reflex_mods, reflex_last), fired = forecast(g)
    assert (reflex_mods, reflex_last) == (malus, False)
    # Blue1 fires unless the reflex (d6 + malus) beats his d6 and hits: the forecast reads the malus
    assert fired == pytest.approx(1 - beats_chance(malus) * HIT)
    entry = ShotEntry("W1", "B1", REFLEX)
    assert speed_modifiers(RoundView(g.state, g.m), entry, [entry]).total == malus
    g.react("white", Reaction("W1", REFLEX, "B1"))
    (w,) = g.of(ev.SpeedTest, player="W1")
    assert [v for _, v in w.parts] == [3, malus] and w.score == 3 + malus


def test_the_forecast_moves_when_the_malus_moves(monkeypatch):
    before = forecast(reflex_round())[1]
    monkeypatch.setattr(tables, "SPEED_REFLEX_MALUS", tables.SPEED_REFLEX_MALUS - 2)
    assert forecast(reflex_round())[1] > before  # a slower reflex: Blue1 fires first more often


def test_the_speed_die_is_read_from_the_tables(monkeypatch):
    """The engine rolled a literal d6 and ``hard`` kept a d6 table made at import: both read
    ``tables.SPEED_DIE`` now."""
    monkeypatch.setattr(tables, "SPEED_DIE", 10)
    assert beats_chance(1) == pytest.approx(55 / 100)  # P(d10 + 1 > d10)
    g = reflex_round()
    g.react("white", Reaction("W1", REFLEX, "B1"))
    assert {e.sides for e in g.of(ev.Rolled, purpose=reasons.PURPOSE_SPEED)} == {10}
    assert forecast(reflex_round())[1] == pytest.approx(1 - beats_chance(-1) * HIT)


def test_speed_tests_as_chances():
    assert beats_chance(0) == 15 / 36  # a tie is simultaneous: neither is first
    assert beats_chance(6) == 1.0 and beats_chance(-6) == 0.0 and beats_chance(9) == 1.0
    assert abs(beats_chance(1) + beats_chance(-1) + 5 / 36 - 1) < 1e-12  # ahead, behind, or tied
