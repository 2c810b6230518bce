"""How far a figure may move: the allowance in pas each move's path may cost, written once.

The legality measures a path against it, the engine moves by it, the window shows it beside a trail's
cost and the coaches reach as far as it (RULES-unpourun 3.4, 3.6, 3.9, 6.3, 6.5, 8.4).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from paintcheck.unpourun import actions as a
from paintcheck.unpourun import tables as t
from paintcheck.unpourun.measurer import distance
from paintcheck.unpourun.state import Figure, MatchState

if TYPE_CHECKING:
    from paintcheck.unpourun.query import Board

BASE_TO_BASE = 1e-6  # 3.6 (c): a charge ends base to base, d = 0 (to a float's slack)


def walk_allowance(f: Figure) -> float:
    """3.4: a Walk, Mvt."""
    return float(f.stats.mvt)


def run_allowance(f: Figure) -> float:
    """3.4: a Run, 1.5 x Mvt."""
    return f.stats.mvt * t.RUN_FACTOR


def charge_allowance(f: Figure) -> float:
    """3.6 (a): a charge's path, 1.5 x Mvt."""
    return f.stats.mvt * t.CHARGE_FACTOR


def flee_allowance(f: Figure) -> float:
    """3.9: a Flee, ½ x Mvt."""
    return f.stats.mvt * t.FLEE_FACTOR


def refused_charge_allowance(f: Figure) -> float:
    """6.3 [H]: after a failed charge test, up to Mvt straight away from the target."""
    return float(f.stats.mvt)


def failed_charge_allowance(b: Board, f: Figure, pa: int) -> float:
    """3.6 (d): a charge move that does not reach its target runs Mvt x 1.5 with the PA for it, else
    half Mvt, nothing from difficult ground."""
    if pa >= t.CHARGE_FAIL_EXTRA_PA:
        return run_allowance(f)
    if b.m.kind_at(b.pos(f)).value == "difficult":
        return 0.0
    return f.stats.mvt * t.FAILED_CHARGE_NO_PA_FACTOR


def rout_allowance(f: Figure, pa: int) -> float:
    """8.4: 1.5 x Mvt with 2 or more PA, Mvt with 1, nothing with 0."""
    if pa <= 0:
        return 0.0
    return f.stats.mvt * (t.RUN_FACTOR if pa >= t.ROUT_RUN_PA else 1.0)


def charge_reaches(s: MatchState, d: a.ChargeMove) -> bool:
    """3.6 (c): the charge move ``d`` of the active figure ends base to base with its target (the
    charge is made); otherwise it fails and is run as 3.6 (d) says."""
    act = s.activation
    assert act is not None and act.charging
    target = s.figure(act.charging)
    return bool(d.path) and target.pos is not None and distance(d.path[-1], target.pos) <= BASE_TO_BASE


def move_allowance(b: Board, s: MatchState, f: Figure, d: Any) -> float:
    """The allowance in pas the path of the move ``d`` may cost (the one its legality measures the path
    against): a Walk Mvt, a Run 1.5 x Mvt (3.4), a charge 1.5 x Mvt (3.6), a failed charge's run (3.6
    (d): Mvt x 1.5 with the PA for it, else half, nothing from difficult ground), a Flee (3.9), a
    withdrawal's k (6.5), a rout move's (8.4). The window shows it beside a trail's cost."""
    if isinstance(d, a.Withdraw):
        assert s.withdraw is not None
        return s.withdraw[2]
    act = s.activation
    assert act is not None
    if isinstance(d, a.Walk):
        return walk_allowance(f)
    if isinstance(d, a.Run):
        return run_allowance(f)
    if isinstance(d, a.Flee):
        return flee_allowance(f)
    if isinstance(d, a.RoutMove):
        return rout_allowance(f, act.pa)
    if isinstance(d, a.ChargeMove) and act.charging and not charge_reaches(s, d):
        return failed_charge_allowance(b, f, act.pa)
    return charge_allowance(f)


# the moves whose path a rope may climb (3.11: a Walk, a Run, a rout move; ``climb.plan`` measures them)
CLIMBING_MOVES = (a.Walk, a.Run, a.RoutMove)


def path_terms(f: Figure, kind: type) -> tuple[bool, bool]:
    """How the legality measures the path of a move of class ``kind`` by ``f`` against
    ``move_allowance``: (difficult ground counted as open, a rope may climb). A Flee's difficult
    ground counts as open (3.9); a Walk, Run or rout path may climb with a rope (3.11); the others as
    the figure's own."""
    as_open = True if issubclass(kind, a.Flee) else f.stats.difficult_as_open
    return as_open, issubclass(kind, CLIMBING_MOVES)
