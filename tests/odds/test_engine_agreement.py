"""The odds against the engine's own resolution with seeded dice (RULES 7, 9): the resolution's
``_resolve_entry`` (the d20, the critical's dice, the fumble, the dodge dice allowed, margin 1) and
``dodge`` (each die, its re-rolls, the boulets) fire thousands of shots on the rule tests' little
field (tests/rules/harness.py); every outcome's frequency lies within 4 standard errors of the exact
odds. The engine is used as it is, except three steps that are not the shot's: the round's
bookkeeping after the shot (``resume``) and the suppressive token (``_place_token``) are left
out, and a "test offset" term is added to the shot's value, so the same two figures can need any
roll. The same counts must reject the odds of a shot needing one more: the check can fail."""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import replace

import pytest

from paintcheck.odds import shot_odds
from paintcheck.rules import events as ev
from paintcheck.rules.actions import Dodge
from paintcheck.rules.dice import Dice
from paintcheck.rules.engine import Engine
from paintcheck.rules.resolution import ResolutionPhases
from paintcheck.rules.state import MatchState, Resolution, ShotEntry
from paintcheck.rules.step import Step
from tests.rules.harness import B1, W1, measurer, standard

SE_LIMIT = 4.0
OUTCOMES = ("hit", "fumble", "dodged_one_die", "dodged_two_dice", "eliminated")
# (DEF count of the target, test offset to the shot value): B1 shoots W1, both behind an upright
# cylinder (protection 10) at distance 8 (no modifier): 11 + 10 + DEF protection − 10 − offset.
SETUPS = [
    (2, 0),  # needs 18, two dodge dice: the engine's reading untouched
    (0, 0),  # needs 11, no dodge die
    (1, 8),  # needs 8, one die
    (2, 13),  # needs 5, two dice
    (1, -6),  # needs 22: only criticals hit
    (2, 17),  # needs 1: every face but the natural 1
]


class OneShot(ResolutionPhases):
    """The engine's resolution, firing one shot: nothing after it, and a test offset on the shot's value."""

    offset = 0

    def _reading(self, view, e):
        r = super()._reading(view, e)
        if r.lost or not self.offset:
            return r
        return replace(r, shot_parts=r.shot_parts + (("test offset", self.offset),))

    def resume(self, step):  # the round's bookkeeping after the shot
        pass

    def _place_token(self, step, e, shooter, token_point, advantage):  # the suppressive token (RULES 10.1)
        pass


def fire(def_count: int, offset: int, shots: int, seed: int) -> tuple[int, Counter]:
    """The required roll the engine read, and the count of each outcome over ``shots`` shots."""
    m = measurer().see(B1, W1)
    engine = OneShot(m, Engine(m))
    engine.offset = offset
    base = MatchState(layout="scripted", players={
        "B1": standard("B1"), "W1": standard("W1", def_count=def_count)}, turn=2)
    entry = ShotEntry("B1", "W1", "simple")
    base.resolution = Resolution([entry], [0])
    dice = Dice(seed)
    seen: Counter = Counter()
    required = None
    for _ in range(shots):
        step = Step(base.copy(), dice, m)
        res = step.state.resolution
        if engine._resolve_entry(step, entry) == "pause":
            while res.dodge is not None:
                engine.dodge(step, Dodge("white"))
        for e in step.events:
            if isinstance(e, ev.ShotResolved):
                required = e.required
                if e.hit:
                    seen["hit"] += 1
                    seen[("margin", e.margin)] += 1
            elif isinstance(e, ev.Fumble):
                seen["fumble"] += 1
                seen[("fumble", e.outcome)] += 1
            elif isinstance(e, ev.Dodged):
                seen[{1: "dodged_one_die", 2: "dodged_two_dice"}[e.dice]] += 1
            elif isinstance(e, ev.Eliminated):
                seen["eliminated"] += 1
    return required, seen


def _z(count: int, shots: int, p: float) -> float:
    """How many standard errors the observed frequency lies from p (inf if p is 0 or 1 and it
    happened otherwise)."""
    se = math.sqrt(p * (1 - p) / shots)
    gap = abs(count / shots - p)
    return gap / se if se else (0.0 if gap == 0 else math.inf)


def _observed(seen: Counter):
    yield from ((key, seen[key]) for key in OUTCOMES)
    for name in ("technical", "messy_paint", "reload"):
        yield ("fumble", name), seen[("fumble", name)]
    for margin in range(1, 8):
        yield ("margin", margin), seen[("margin", margin)]


def _expected(odds, key) -> float:
    if isinstance(key, str):
        return float(getattr(odds, key))
    what, which = key
    return float(odds.fumble_outcomes[which] if what == "fumble" else odds.margin.get(which, 0))


def check(shots_each: int, seed: int) -> None:
    for i, (def_count, offset) in enumerate(SETUPS):
        required, seen = fire(def_count, offset, shots_each, seed + i)
        assert required == 11 + (10 + (0, 5, 7)[def_count]) - 10 - offset
        odds = shot_odds(required, (0, 1, 2)[def_count])
        for key, count in _observed(seen):
            z = _z(count, shots_each, _expected(odds, key))
            assert z <= SE_LIMIT, f"needs {required}: {key} seen {count}/{shots_each}, {z:.1f} SE"
        wrong = shot_odds(required + 1, odds.dodge_dice)  # the check can fail: off by one
        assert max(_z(c, shots_each, _expected(wrong, k)) for k, c in _observed(seen)) > SE_LIMIT


@pytest.mark.slow
def test_engine_agrees_quick():
    check(3_400, seed=1400)  # 20,400 shots


@pytest.mark.slow
def test_engine_agrees_over_200000_shots():
    check(34_000, seed=14000)  # 204,000 shots


def test_a_reflex_reads_as_the_engine_resolves_it():
    """Issue 25: a reaction's odds (value 9 for a reflex, RULES 10.6) are the engine's reading."""
    from paintcheck.odds.forecast import reaction_forecast
    from paintcheck.rules import events as ev
    from paintcheck.rules.actions import REFLEX, Def, Reaction, Shot
    from tests.rules.harness import Game, measurer, standard

    m = measurer().see((8, -6), (4, 6)).see((8, 6), (8, -6))
    g = Game(m, [standard("B1"), standard("B2"), standard("W1"), standard("W2")], [3, 4, 2, 12, 12, 12, 12])
    g.orders({"B1": 1, "B2": 4}, {"W1": 2, "W2": 3})
    g.declare("B1", Shot("W2"), Def())
    reflex = Reaction("W1", REFLEX, "B1")
    f = reaction_forecast(m, g.state, reflex)
    g.react("white", reflex)
    (e,) = g.of(ev.ShotResolved, shooter="W1")
    assert dict(e.shot_parts)["reflex"] == 9 and f.required == e.required and f.lost is None
