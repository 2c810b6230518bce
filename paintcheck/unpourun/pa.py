"""What a decision costs in action points (RULES-unpourun 3.3–3.10, 4.1, 8.4), written once: the
engine spends it, the legality compares the PA left to it, the window shows it beside a move.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from paintcheck.unpourun import actions as a
from paintcheck.unpourun import tables as t
from paintcheck.unpourun.allowance import charge_reaches
from paintcheck.unpourun.state import Figure, MatchState

if TYPE_CHECKING:
    from paintcheck.unpourun.query import Board

# the classes whose price is fixed (3.4, 3.6, 3.7, 3.10); the others are priced below
KIND_PA: dict[type, int] = {
    a.Walk: t.WALK_PA,
    a.Run: t.RUN_PA,
    a.Charge: t.CHARGE_PA,
    a.Strike: t.STRIKE_PA,
    a.Medikit: t.MEDIKIT_PA,
}


def flee_cost(b: Board, s: MatchState, f: Figure) -> int:
    """3.9: 1 PA per enemy engaged with the figure, −1 per ally within 1 pas, at least 1."""
    return max(t.FLEE_MIN_PA, len(b.engaged_with(s, f)) - len(b.allies_within(s, f, t.FLEE_ALLY_RANGE)))


def decision_pa(b: Board, s: MatchState, f: Figure, d: Any) -> int:
    """The PA the active figure ``f`` spends on the decision ``d`` (assumed legal): a fixed price
    (``KIND_PA``), a shot its weapon's (4.1), a Flee its enemies' (3.9), a charge's move nothing
    when it reaches and its extra PA when it fails with one left (3.6 (d)), a rout move every PA left
    (8.4); ending an activation, a withdrawal, a free shot nothing."""
    if isinstance(d, a.Shoot):
        return t.RANGED[d.weapon].pa
    if isinstance(d, a.Flee):
        return flee_cost(b, s, f)
    act = s.activation
    if isinstance(d, a.RoutMove):
        return act.pa if act is not None else 0
    if isinstance(d, a.ChargeMove):
        assert act is not None
        failed = not charge_reaches(s, d)
        return t.CHARGE_FAIL_EXTRA_PA if failed and act.pa >= t.CHARGE_FAIL_EXTRA_PA else 0
    return kind_pa(type(d))


def kind_pa(kind: type) -> int:
    """The fixed price of a decision of class ``kind`` (or of a class it derives from), 0 when it
    has none (``KIND_PA``)."""
    for cls in kind.__mro__:
        if cls in KIND_PA:
            return KIND_PA[cls]
    return 0
