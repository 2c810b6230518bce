"""What must hold after every decision; a broken invariant is a bug, never a game event."""

from __future__ import annotations

from collections.abc import Iterator

from paintcheck.field.lattice import Point
from paintcheck.rules import tables
from paintcheck.rules.measure import Measurer
from paintcheck.rules.plan import make_plan
from paintcheck.rules.state import DECLARE, GUN_BROKEN, GUN_DEAD, GUN_OK, OVER, PHASE_DECISIONS, MatchState
from paintcheck.rules.views import HIDDEN
from paintcheck.rules.vocab import DRAW, TEAMS


class InvariantError(AssertionError):
    """The engine produced a state the rules forbid."""


def check_invariants(state: MatchState, m: Measurer) -> None:
    problems = list(invariant_problems(state, m))
    if problems:
        raise InvariantError("; ".join(problems))


def invariant_problems(state: MatchState, m: Measurer) -> Iterator[str]:
    if state.phase not in PHASE_DECISIONS:
        yield f"unknown phase {state.phase!r}"
    if not tables.BREAK_TURN <= state.turn <= tables.MAX_TURNS:
        yield f"turn {state.turn} out of 1..{tables.MAX_TURNS}"
    seen: dict[Point, str] = {}
    for p in state.players.values():
        if p.boulets not in (0, 1, tables.MAX_BOULETS):
            yield f"{p.id} carries {p.boulets} boulets"
        if not 0 <= p.def_count <= tables.MAX_DEF:
            yield f"{p.id} has DEF {p.def_count}"
        if p.gun not in (GUN_OK, GUN_DEAD, GUN_BROKEN):
            yield f"{p.id} has gun state {p.gun!r}"
        if p.point is None:  # in the dead zone
            if p.token is not None:
                yield f"{p.id} is in the dead zone with a suppressive token"
            if p.id in state.active.values() and state.phase == DECLARE and p.id not in state.declarations:
                yield f"{p.id} is in the dead zone but waits to declare"
            continue
        if not m.on_field(p.point):
            yield f"{p.id} stands off the field at {p.point}"
        if m.obstacle_at(p.point) is not None:
            yield f"{p.id} stands on an obstacle at {p.point}"
        if p.point in seen:
            yield f"{p.id} and {seen[p.point]} stand on the same point {p.point}"
        seen[p.point] = p.id
        if p.boulets and p.token is not None:
            yield f"{p.id} carries boulets and still has a suppressive token"
    for team, orders in state.orders.items():
        values = [v for v in orders.values() if v != HIDDEN]  # HIDDEN: face down on a networked table
        if len(set(values)) != len(values) or any(v not in tables.ORDER_TOKENS for v in values):
            yield f"{team}'s order tokens {sorted(values)} are not distinct tokens 1..5"
    for pid, decl in state.declarations.items():
        if state.players[pid].team != decl.team or state.active.get(decl.team) != pid:
            yield f"{pid} declared without being activated"
        cost = make_plan(decl, state.origins[pid], m).cost
        if cost > tables.ACTION_POINTS:
            yield f"{pid}'s sequence costs {cost} action points"
    for flag in state.flags.values():
        if flag.carrier is not None:
            if flag.point is not None or not state.players[flag.carrier].on_field:
                yield f"flag {flag.id} is carried by {flag.carrier}, who is not on the field"
        elif flag.point is None or not m.on_field(flag.point):
            yield f"flag {flag.id} lies nowhere on the field"
    if state.phase == OVER and state.winner not in (*TEAMS, DRAW):
        yield "the match is over without a result"
