"""The practice range's two maps, exact (RULES 6–10): every free point of the field coloured by the
chance of an elimination (``ShotOdds.eliminated``, a float of the exact Fraction).

* ``from_where(m, s, posture)``: a shooter standing at q (in ``posture``) shoots the target as set up
  in ``s``; q's value is his chance to eliminate him, his cover chosen **best for him**: the
  highest chance among the obstacles next to q, or no cover when none is (RULES 3.2: a player next
  to an obstacle is behind it); his side as ``situation.read`` chooses it (the first from which he
  sees the target), the side entering the shot only through what he sees (RULES 3.4).
* ``where_to_hide(m, s)``: the shooter as set up shoots a target standing at p (the situation's
  posture, DEF count, boulets, weakened position); p's value is the chance he is eliminated behind
  the **best cover for him**: the lowest chance among the obstacles next to p, none when no
  obstacle is. The target stands still there: the situation's run and second target are left out.

Each value is ``situation.read`` of the moved situation, so a map's point and the reading the
range shows when the figure is dropped there are the same numbers. A point from which the shot is
lost (out of his field of vision, an impossible line of fire, no point of the run seen) is 0.0. A
point where the moved situation cannot stand (another figure's point, a point the run passes,
the point of the shooter who forced the dodge) is left out of the map.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import replace
from fractions import Fraction

from paintcheck.field.lattice import DEFAULT_LATTICE, Lattice, Point
from paintcheck.odds.shot import ShotOdds, shot_odds
from paintcheck.odds.situation import Figure, Situation, read
from paintcheck.rules.measure import Measurer


def free_points(m: Measurer, lattice: Lattice) -> list[Point]:
    """The lattice points no obstacle stands on (``Field.free_points``)."""
    return [p for p in lattice.points() if m.obstacle_at(p) is None]


def _odds_memo() -> Callable[[int, int], ShotOdds]:
    """``shot_odds`` remembered for one map: its points need the same few required rolls, and the
    tables cannot change while one map is computed."""
    return functools.lru_cache(maxsize=None)(shot_odds)


def _chance(m: Measurer, s: Situation, lattice: Lattice,
            odds: Callable[[int, int], ShotOdds]) -> Fraction | None:
    """The chance the situation's shot eliminates its target; None when it cannot be set up."""
    try:
        r = read(m, s, lattice, odds=odds)
    except ValueError:
        return None
    return Fraction(0) if r.odds is None else r.odds.eliminated


def _covers(m: Measurer, point: Point) -> tuple[str | None, ...]:
    return m.covers(point) or (None,)


def from_where(m: Measurer, s: Situation, posture: str,
               lattice: Lattice = DEFAULT_LATTICE) -> dict[Point, float]:
    """For every free point q: the chance that a shooter at q (``posture``, his best cover) eliminates
    the target as set up in ``s`` (see the module's docstring)."""
    out: dict[Point, float] = {}
    odds = _odds_memo()
    for q in free_points(m, lattice):
        best = None
        for cover in _covers(m, q):
            moved = replace(s, shooter=Figure(q, posture, cover, None))
            chance = _chance(m, moved, lattice, odds)
            if chance is not None and (best is None or chance > best):
                best = chance
        if best is not None:
            out[q] = float(best)
    return out


def where_to_hide(m: Measurer, s: Situation, lattice: Lattice = DEFAULT_LATTICE) -> dict[Point, float]:
    """For every free point p: the chance that the shooter as set up in ``s`` eliminates a target at p
    behind his best cover (see the module's docstring)."""
    out: dict[Point, float] = {}
    still = replace(s, run=(), def_after_move=False, second_target=None)
    odds = _odds_memo()
    for p in free_points(m, lattice):
        worst = None
        for cover in _covers(m, p):
            moved = replace(still, target=Figure(p, s.target.posture, cover, None))
            chance = _chance(m, moved, lattice, odds)
            if chance is not None and (worst is None or chance < worst):
                worst = chance
        if worst is not None:
            out[p] = float(worst)
    return out
