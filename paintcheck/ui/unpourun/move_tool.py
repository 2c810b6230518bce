"""Drag to move (issue 31, item 4): the trail a dragged figure leaves, what it is worth and whether the
engine takes it. No pygame here: the scene feeds it table points, the board draws its ``Reading``.

The trail is the figure's centre at the start, the waypoints dropped on the way (a click, or a pause
of the mouse) and the point under the mouse. Its reading asks the engine only: the length and the
cost in *pas* the engine's (``path_length``; ``climb.move_cost``, the cost the legality compares to
the allowance: difficult terrain twice, rope climbs 3.11 included), the
stretches over difficult terrain are the measurer's ``kind_at`` along the trail, and the decision
is the first of the phase's move decisions the legality takes (a Walk before a Run: the cheaper in
PA); a trail it takes in none is refused with the reason of the one the figure would have meant
(a Run's when the cost is beyond a Walk's allowance). A trail dropped on a standing enemy's base is a
Charge along it, its last point moved base to base with the enemy on the line from the point before.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from paintcheck.said import Said
from paintcheck.ui import i18n
from paintcheck.ui.i18n import tr
from paintcheck.unpourun import actions as a
from paintcheck.unpourun import legality
from paintcheck.unpourun import tables as t
from paintcheck.unpourun.allowance import move_allowance, path_terms
from paintcheck.unpourun.climb import move_cost
from paintcheck.unpourun.engine import Engine
from paintcheck.unpourun.measurer import base_to_base, path_length
from paintcheck.unpourun.pa import decision_pa
from paintcheck.unpourun.state import Figure, MatchState, Point
from paintcheck.unpourun.terrain import Kind

SAMPLE_STEP = 0.25  # pas between the trail's points asked for their terrain (the difficult stretches)
WAYPOINT_MIN = 0.3  # pas: a waypoint closer than this to the last one is not added


@dataclass(frozen=True)
class Reading:
    """What a trail is worth: its decision when the engine takes it, else the refusal."""

    path: tuple[Point, ...]  # after the start
    length: float  # pas, as the crow flies along the trail
    cost: float  # pas of allowance (difficult terrain counts twice)
    pa: int  # the PA the decision costs (the engine's ``decision_pa``; 0 when refused)
    decision: Any  # None when refused
    reason: Said | None  # the engine's refusal (None: legal)
    difficult: tuple[tuple[Point, Point], ...] = ()  # stretches of the trail over difficult terrain
    kind: str = ""  # "walk", "run", "flee", "charge_move", "withdraw", "rout"
    allowance: float | None = None  # pas the move's cost may reach (the legality's ``move_allowance``)
    climb: float = 0.0  # of the cost, the rope climbs' (3.11, the engine's ``Board.climbs``; 0: none)


@dataclass
class Trail:
    """A drag in progress: the figure, its start, the waypoints, the point under the mouse."""

    figure: str
    start: Point
    waypoints: list[Point] = field(default_factory=list)
    end: Point | None = None

    def add_waypoint(self, p: Point) -> None:
        last = self.waypoints[-1] if self.waypoints else self.start
        if math.dist(last, p) >= WAYPOINT_MIN:
            self.waypoints.append(p)

    @property
    def path(self) -> tuple[Point, ...]:
        points = list(self.waypoints)
        if self.end is not None and (not points or math.dist(points[-1], self.end) > 1e-9):
            points.append(self.end)
        return tuple((float(x), float(y)) for x, y in points)


# the words a move is said with (``upu_match.move.*``)
KIND_WORDS: dict[type, str] = {a.Walk: "walk", a.Run: "run", a.Flee: "flee", a.ChargeMove: "charge_move",
                               a.Withdraw: "withdraw", a.RoutMove: "rout", a.Charge: "charge"}


def move_kinds(engine: Engine, s: MatchState, f: Figure) -> list[tuple[str, type]]:
    """The move decisions the state waits for from ``f``, the cheaper first (the legality's
    ``move_kinds``): (words, class)."""
    return [(KIND_WORDS[cls], cls) for cls in legality.move_kinds(engine.board, s, f)]


def difficult_stretches(engine: Engine, full: list[Point]) -> tuple[tuple[Point, Point], ...]:
    """The stretches of the trail ``full`` (start included) over difficult terrain, sampled every
    ``SAMPLE_STEP`` pas along each segment (for drawing; the cost is the measurer's own)."""
    out: list[tuple[Point, Point]] = []
    m = engine.m
    for p, q in zip(full, full[1:], strict=False):
        n = max(1, math.ceil(math.dist(p, q) / SAMPLE_STEP))
        points = [(p[0] + (q[0] - p[0]) * i / n, p[1] + (q[1] - p[1]) * i / n) for i in range(n + 1)]
        for u, v in zip(points, points[1:], strict=False):
            mid = ((u[0] + v[0]) / 2, (u[1] + v[1]) / 2)
            if m.kind_at(mid) == Kind.DIFFICULT:
                if out and out[-1][1] == u:
                    out[-1] = (out[-1][0], v)
                else:
                    out.append((u, v))
    return tuple(out)


def charged(s: MatchState, f: Figure, path: tuple[Point, ...]) -> Figure | None:
    """The standing enemy whose base the trail ends on (dropped on it: a charge), if any."""
    if not path:
        return None
    end = path[-1]
    for e in s.figures:
        if (
            e.player != f.player
            and e.standing
            and e.pos is not None
            and math.dist(e.pos, end) <= t.BASE_RADIUS
        ):
            return e
    return None


def contact(target: Figure, before: Point) -> Point:
    """The point base to base with ``target`` on the line from its centre to ``before`` (the trail's
    point before the drop): where a charge along the trail ends."""
    assert target.pos is not None
    return base_to_base(target.pos, before)


def read(engine: Engine, s: MatchState, f: Figure, path: tuple[Point, ...]) -> Reading:
    """The trail ``path`` of ``f`` read by the engine (see the module's docstring)."""
    assert f.pos is not None
    full = [f.pos, *path]
    kinds = move_kinds(engine, s, f)
    length = path_length(full) if path else 0.0
    stretches = difficult_stretches(engine, full) if path else ()
    target = charged(s, f, path) if kinds and kinds[0][1] is a.Walk else None
    # the cost the legality compares to the allowance, measured as the legality measures this move
    # (``path_terms``: a flee's difficult ground as open, 3.9; rope climbs on a Walk, Run or rout, 3.11)
    move_class: type = a.Charge if target is not None else kinds[0][1] if kinds else a.Walk
    as_open, climbing = path_terms(f, move_class)
    cost = move_cost(engine.board, f, path, as_open, climbing) if path else 0.0
    climb = max(0.0, engine.board.climbs(f, full, True)) if climbing and path and f.hanging is None else 0.0
    if target is not None:  # dropped on an enemy: a charge along the trail, to base to base
        decision = a.Charge(target.id, (*path[:-1], contact(target, full[-2])))
        reason = engine.why_illegal(s, decision)
        return Reading(
            path,
            length,
            cost,
            decision_pa(engine.board, s, f, decision) if reason is None else 0,
            decision if reason is None else None,
            reason,
            stretches,
            KIND_WORDS[a.Charge],
            move_allowance(engine.board, s, f, decision),
        )
    if not kinds:
        reason = engine.why_illegal(s, a.Walk(path))
        return Reading(path, length, cost, 0, None, reason, stretches)
    first: tuple[str, Said | None, float] | None = None
    for kind, cls in kinds:
        decision = cls(path)
        allowance = move_allowance(engine.board, s, f, decision)
        reason = engine.why_illegal(s, decision)
        if reason is None:
            pa = decision_pa(engine.board, s, f, decision)
            return Reading(path, length, cost, pa, decision, None, stretches, kind, allowance, climb)
        if first is None or (cls is a.Run and cost > first[2]):
            first = (kind, reason, allowance)
    assert first is not None
    return Reading(path, length, cost, 0, None, first[1], stretches, first[0], first[2], climb)


def climb_words(r: Reading, locale: str | None = None) -> str:
    """What of the trail's cost its rope climbs take (3.11), '' when it climbs nothing."""
    if r.climb <= 0:
        return ""
    return tr("upu_match.trail_climb", locale, climb=i18n.number(round(r.climb, 2), None, locale))


def reading_words(r: Reading, locale: str | None = None) -> str:
    """The trail's reading as the panel says it: the move, its length, what it costs of the allowance
    and the allowance (the legality's, difficult ground making the cost more than the length), its PA
    (none when refused)."""
    values = {
        "kind": tr(f"upu_match.move.{r.kind or 'walk'}", locale),
        "length": i18n.number(round(r.length, 2), None, locale),
        "cost": i18n.number(round(r.cost, 2), None, locale),
        "pa": r.pa,
    }
    if r.allowance is None:
        return tr("upu_match.trail_no_allowance", locale, **values)
    allowance = i18n.number(round(r.allowance, 2), None, locale)
    if r.reason is not None:  # refused: no PA is spent (the engine's reason follows)
        return tr("upu_match.trail_refused", locale, allowance=allowance, **values)
    return tr("upu_match.trail", locale, allowance=allowance, **values)
