"""Why a decision is refused, as a ``Said`` (``unpourun_rules.refusal.*``), or None when it is legal.

One query the engine, the window and the coaches ask alike (RULES-unpourun §1.9, §3, §4, §6.6).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from paintcheck.said import Said
from paintcheck.unpourun import actions as a
from paintcheck.unpourun import tables as t
from paintcheck.unpourun.allowance import (
    BASE_TO_BASE,
    charge_allowance,
    charge_reaches,
    flee_allowance,
    move_allowance,
    path_terms,
    rout_allowance,
    run_allowance,
    walk_allowance,
)
from paintcheck.unpourun.climb import plan
from paintcheck.unpourun.measurer import base_to_base, centre_distance, distance
from paintcheck.unpourun.pa import KIND_PA, flee_cost, kind_pa
from paintcheck.unpourun.query import EPS, Board
from paintcheck.unpourun.state import Activation, Figure, MatchState, Phase, Point

ALLOWED = {
    Phase.ROLL_OFF: (a.RollOff,),
    Phase.CHOOSE_ZONE: (a.ChooseZone,),
    Phase.DEPLOY: (a.Deploy,),
    Phase.WAVE: (a.Activate, a.StopWave),
    Phase.ACTIVATION: (a.Walk, a.Run, a.Charge, a.ChargeMove, a.Strike, a.Flee, a.Shoot, a.Medikit,
                       a.EndActivation, a.RoutMove),
    Phase.FREE_SHOT: (a.FreeShot,),
    Phase.WITHDRAW: (a.Withdraw,),
    Phase.ORDER: (a.TakeTest,),
    Phase.TARGET: (a.ChooseTarget,),
    Phase.OVER: (),
}


_Door = Callable[[Board, MatchState, Any], "Said | None"]  # a class of decision's question

REFUSALS_KEPT = 1024  # refusals remembered with their words (the random coach hears "chained" often)
_refusals: dict[tuple[Any, ...], Said] = {}


def no(key: str, **values: Any) -> Said:
    """The refusal ``key`` said with ``values``; one made before with the same values is handed again
    (a ``Said`` is a string: nobody changes it)."""
    memo = (key, tuple(values.items()), tuple(map(type, values.values())))  # 1, 1.0, True: other words
    try:
        found = _refusals.get(memo)
    except TypeError:  # a value that is no dictionary key
        return Said(f"unpourun_rules.refusal.{key}", **values)
    if found is None:
        if len(_refusals) >= REFUSALS_KEPT:
            _refusals.clear()
        found = _refusals[memo] = Said(f"unpourun_rules.refusal.{key}", **values)
    return found


def why_illegal(b: Board, s: MatchState, d: Any) -> Said | None:
    if s.phase == Phase.OVER:
        return no("over")
    if not isinstance(d, ALLOWED[s.phase]):
        return no("not_now", decision=a.NAMES.get(type(d), type(d).__name__), phase=s.phase.value)
    door = _DOORS.get(type(d))
    if door is None:
        door = _DOORS[type(d)] = _door_of(type(d))
    return door(b, s, d)


def _choose_zone(b: Board, s: MatchState, d: a.ChooseZone) -> Said | None:
    return None if d.zone in (0, 1) else no("zone", zone=d.zone)


def _stop_wave(b: Board, s: MatchState, d: a.StopWave) -> Said | None:
    return None if s.wave == 1 else no("second_wave")


def _roll_off(b: Board, s: MatchState, d: a.RollOff) -> Said | None:
    return None


def _take_test(b: Board, s: MatchState, d: a.TakeTest) -> Said | None:
    """6.8, 10.1: one of the choices offered."""
    return None if (d.figure, d.enemy) in s.choices else no("not_a_choice", figure=d.figure)


def _choose_target(b: Board, s: MatchState, d: a.ChooseTarget) -> Said | None:
    """4.3, 10.1: one of the group members tied for nearest the shooter."""
    return None if s.aim is not None and d.figure in s.aim.tied else no("not_tied", figure=d.figure)


def _door_of(kind: type) -> _Door:
    """The question that answers a decision of class ``kind`` (the first of ``_DOOR_ORDER`` it is a
    subclass of; the activation's actions otherwise)."""
    return next((door for base, door in _DOOR_ORDER if issubclass(kind, base)), _action)


def _figure(s: MatchState, fid: str) -> Figure | None:
    return next((f for f in s.figures if f.id == fid), None)


def _deploy(b: Board, s: MatchState, d: a.Deploy) -> Said | None:
    f = _figure(s, d.figure)
    if f is None or f.player != s.mover:
        return no("not_yours", figure=d.figure)
    if f.pos is not None:
        return no("deployed", figure=d.figure)
    others = [o.pos for o in s.figures if o.pos is not None]
    return b.m.why_not_deployable(d.at, s.zones[s.mover], others)


def _activate(b: Board, s: MatchState, d: a.Activate) -> Said | None:
    f = _figure(s, d.figure)
    if f is None or f.player != s.mover:
        return no("not_yours", figure=d.figure)
    if not f.standing:
        return no("down", figure=f.id)
    if f.activated:
        return no("activated", figure=f.id)
    return None


def _free_shot(b: Board, s: MatchState, d: a.FreeShot) -> Said | None:
    from paintcheck.unpourun.engine import free_shot_possible

    if not d.weapon:
        return None
    assert s.free_shot is not None
    x, y = (s.figure(fid) for fid in s.free_shot)
    if free_shot_possible(b, s, x, y, d.weapon):
        return None
    return no("cannot_shoot", weapon=d.weapon, target=y.id)


def _withdraw(b: Board, s: MatchState, d: a.Withdraw) -> Said | None:
    """6.5: a legal path (3.4) of cost <= k to a point Z does not see; () moves straight away."""
    if not d.path:
        return None
    assert s.withdraw is not None
    f = s.figure(s.withdraw[0])
    problem = b.path_problem(s, f, d.path, move_allowance(b, s, f, d), f.stats.difficult_as_open)
    if problem is not None:
        return no(f"path_{problem}")
    if withdraw_end_seen(b, s, d.path[-1]):
        return no("still_seen")
    return None


def withdraw_end_seen(b: Board, s: MatchState, end: Point) -> bool:
    """6.5: Z still sees a figure at ``end`` (from Z's elevation, a hanging Z's the height it reached:
    1.7, 3.11): every Withdraw whose path ends there is refused (what the random coach asks of a point
    before its path's legality)."""
    assert s.withdraw is not None
    _, z, _, z_elevation = s.withdraw
    return b.m.sees(end, z, None, z_elevation)


def move_kinds(b: Board, s: MatchState, f: Figure) -> tuple[type, ...]:
    """The move decisions the state waits for from ``f``, the cheaper in PA first: what a drag of
    the figure means (the window reads a trail as the first of them the legality takes). Its
    withdrawal (6.5), its charge's move (3.6), its rout move (8.4: routing, not engaged), a Flee
    (3.9: engaged), else a Walk then a Run (3.4); none when the figure is not the one to move."""
    if s.phase == Phase.WITHDRAW:
        return (a.Withdraw,) if s.withdraw is not None and s.withdraw[0] == f.id else ()
    act = s.activation
    if s.phase != Phase.ACTIVATION or act is None or act.figure != f.id:
        return ()
    if act.charging:
        return (a.ChargeMove,)
    engaged = b.engaged(s, f)
    if engaged:
        return (a.Flee,)
    return (a.RoutMove,) if f.routing else (a.Walk, a.Run)


FIELDS_DECIDE = object()  # ``_by_kind``: the decision's own fields (path, target) decide


def kind_refused(b: Board, s: MatchState, kind: type) -> Said | None:
    """The refusal every decision of class ``kind`` gets in ``s`` whatever its path or target (3.5
    chained, engaged, routing, hanging, PA short of a move's cost...), or None when its fields decide
    (or it is legal): what the random coach asks before drawing the paths of a kind of move."""
    if s.phase == Phase.OVER:
        return no("over")
    if not issubclass(kind, ALLOWED[s.phase]):
        return no("not_now", decision=a.NAMES.get(kind, kind.__name__), phase=s.phase.value)
    act = s.activation
    if s.phase != Phase.ACTIVATION or act is None:
        return None  # the other phases' decisions: their fields decide
    found = _by_kind(b, s, s.figure(act.figure), act, kind)
    return None if found is FIELDS_DECIDE else found  # type: ignore[return-value]


def open_kinds(b: Board, s: MatchState, kinds: Sequence[type]) -> Iterator[type]:
    """The classes among ``kinds``, in their order, a decision of which may be legal in ``s``: not
    refused as a kind (``kind_refused``) and, for a Shoot, with a weapon the figure may shoot
    (``shot_weapons``); every decision of the others is refused whatever its fields."""
    act = s.activation
    if s.phase != Phase.ACTIVATION or act is None:
        yield from (k for k in kinds if kind_refused(b, s, k) is None)
        return
    f = s.figure(act.figure)
    yield from open_kinds_of(b, s, f, b.engaged(s, f), kinds)


OPEN_KINDS_KEPT = 4096  # ``open_kinds_of``'s answers remembered: per facts, each kind's openness
_open_kinds: dict[tuple[Any, ...], dict[type, bool]] = {}


def open_kinds_of(b: Board, s: MatchState, f: Figure, engaged: bool,
                  kinds: Sequence[type]) -> tuple[type, ...]:
    """``open_kinds`` in an activation, its active figure ``f`` and ``engaged`` (``b.engaged(s, f)``)
    given: what the random coach asks once a decision. Each kind's openness is remembered by what it
    reads (``_kind_facts``, the figure's weapons and those broken), whatever the order asked; a Flee's
    is asked each time (its PA counts the enemies and allies near)."""
    act = s.activation
    assert act is not None
    facts = _kind_facts(s, f, act, engaged)
    key = (facts, f.ranged, f.broken)
    known = _open_kinds.get(key)
    if known is None:
        if len(_open_kinds) >= OPEN_KINDS_KEPT:
            _open_kinds.clear()
        known = _open_kinds[key] = {}
    out = []
    for kind in kinds:
        found = known.get(kind)
        if found is None:
            found = _is_open(b, s, f, act, kind, engaged, facts)
            if not issubclass(kind, a.Flee):
                known[kind] = found
        if found:
            out.append(kind)
    return tuple(out)


def _is_open(b: Board, s: MatchState, f: Figure, act: Activation, kind: type, engaged: bool,
             facts: tuple[Any, ...]) -> bool:
    found = _by_kind(b, s, f, act, kind, engaged, facts)
    return found is None or (found is FIELDS_DECIDE and not (issubclass(kind, a.Shoot)
                                                             and not _weapons(f, act.pa)))


KIND_ANSWERS_KEPT = 4096  # ``_by_kind``'s answers remembered (a few hundred in a long run of matches)
_kind_answers: dict[tuple[Any, ...], Said | None | object] = {}


def _kind_facts(s: MatchState, f: Figure, act: Activation, engaged: bool) -> tuple[Any, ...]:
    """Everything ``_kind_answer`` reads of ``s`` for any class but a Flee's (whose PA counts the
    enemies and allies near): its answer is a function of the class and these."""
    return (s.phase, f.id, bool(act.charging), engaged, f.routing, act.pa, f.hanging is not None,
            f.medikits > 0, act.last_move, act.no_run_charge)


def _by_kind(b: Board, s: MatchState, f: Figure, act: Activation, kind: type,
             engaged: bool | None = None, facts: tuple[Any, ...] | None = None) -> Said | None | object:
    """``_kind_answer``, remembered by ``_kind_facts`` (a Flee's asked each time); ``engaged``:
    ``b.engaged(s, f)`` and ``facts``: ``_kind_facts(s, f, act, engaged)`` when the caller has them."""
    if engaged is None:
        engaged = b.engaged(s, f)
    if issubclass(kind, a.Flee):
        return _kind_answer(b, s, f, act, kind, engaged)
    key = (kind, facts or _kind_facts(s, f, act, engaged))
    found = _kind_answers.get(key, _kind_answers)
    if found is _kind_answers:  # not known (the dictionary itself is no answer)
        if len(_kind_answers) >= KIND_ANSWERS_KEPT:
            _kind_answers.clear()
        found = _kind_answers[key] = _kind_answer(b, s, f, act, kind, engaged)
    return found


def _kind_answer(b: Board, s: MatchState, f: Figure, act: Activation, kind: type,
                 engaged: bool) -> Said | None | object:
    """``_action``'s questions that the decision's class answers alone: a refusal, None (legal), or
    ``FIELDS_DECIDE`` (``engaged``: ``b.engaged(s, f)``)."""
    if act.charging:
        return FIELDS_DECIDE if issubclass(kind, a.ChargeMove) else no("charge_pending")
    if issubclass(kind, a.ChargeMove):
        return no("no_charge")
    if f.routing and not engaged and act.pa > 0:  # 8.4: its rout move, nothing else
        return FIELDS_DECIDE if issubclass(kind, a.RoutMove) else no("must_rout", figure=f.id)
    if issubclass(kind, a.EndActivation):  # 8.4: an engaged routing figure flees if it can
        return FIELDS_DECIDE if f.routing and engaged else None
    if f.hanging is not None and not issubclass(kind, (a.Walk, a.Run, a.RoutMove)):
        return no("hanging", figure=f.id)  # 3.3, 3.11: it may only Walk or Run, to go on climbing
    if issubclass(kind, a.RoutMove):
        return no("not_routing", figure=f.id) if not f.routing else no("engaged", figure=f.id)
    if f.routing and not issubclass(kind, (a.Flee, a.Strike)):
        return no("routing", figure=f.id)
    if issubclass(kind, (a.Strike, a.Flee, a.Medikit)):  # 3.3, 3.9, 3.10: their PA (a medikit left)
        if issubclass(kind, a.Strike):
            short = _pa(act.pa, KIND_PA[a.Strike])
        elif issubclass(kind, a.Flee):
            short = _flee_refused(b, s, f, act.pa)
        else:
            short = no("no_medikit") if f.medikits <= 0 else _pa(act.pa, KIND_PA[a.Medikit])
        return FIELDS_DECIDE if short is None else short
    if engaged:
        return no("engaged", figure=f.id)
    if issubclass(kind, a.Shoot):
        return FIELDS_DECIDE
    if act.last_move:
        return no("chained")  # 3.5
    if issubclass(kind, (a.Run, a.Charge)) and act.no_run_charge:
        return no("failed_charge_test")  # 6.3
    if issubclass(kind, (a.Walk, a.Run, a.Charge)):
        short = _pa(act.pa, kind_pa(kind))
        return FIELDS_DECIDE if short is None else short
    return no("not_now", decision=a.NAMES.get(kind, kind.__name__), phase=s.phase.value)


def _action(b: Board, s: MatchState, d: Any) -> Said | None:
    act = s.activation
    assert act is not None
    f = s.figure(act.figure)
    found = _by_kind(b, s, f, act, type(d))
    if found is not FIELDS_DECIDE:
        return found  # type: ignore[return-value]
    if act.charging:
        return _charge_move(b, s, f, d)
    if isinstance(d, a.Walk):  # the most asked first (the classes are not each other's)
        return _move(b, s, f, d.path, act.pa, KIND_PA[a.Walk], walk_allowance(f))
    if isinstance(d, a.Run):
        return _move(b, s, f, d.path, act.pa, KIND_PA[a.Run], run_allowance(f))
    if isinstance(d, a.Shoot):
        return _shoot(b, s, f, d, act.pa)
    if isinstance(d, a.RoutMove):
        return _rout_move(b, s, f, d, act.pa)
    if isinstance(d, a.Strike):
        return _strike(b, s, f, d, act.pa)
    if isinstance(d, a.Flee):
        return _flee(b, s, f, d, act.pa)
    if isinstance(d, a.EndActivation):
        return None if some_flee(b, s, f) is None else no("must_flee")  # 8.4: it flees if it can
    if isinstance(d, a.Medikit):
        return _medikit(b, s, f, d, act.pa)
    return _charge(b, s, f, d, act.pa)


def _rout_move(b: Board, s: MatchState, f: Figure, d: a.RoutMove, pa: int) -> Said | None:
    """8.4: straight (()) always; the owner's path only when the line is blocked, a legal path (3.4,
    3.11) along which the distance to that edge never grows."""
    if d.edge and d.edge not in b.m.nearest_edges(b.pos(f)):
        return no("rout_edge", edge=d.edge)  # 10.1: the owner chooses among the nearest edges only
    if not d.path:
        return None
    allowance = rout_allowance(f, pa)
    if not b.rout_blocked(s, f, allowance, d.edge):
        return no("rout_not_blocked")
    problem = plan(b, s, f, d.path, allowance, f.stats.difficult_as_open).problem
    if problem is not None:
        return no(f"path_{problem}")
    edge = d.edge or b.m.nearest_edges(b.pos(f))[0]
    gaps = [b.m.edge_distances(p)[edge] for p in (b.pos(f), *d.path)]
    if any(later > before + EPS for before, later in zip(gaps, gaps[1:], strict=False)):
        return no("rout_away")
    return None


def _pa(have: int, need: int) -> Said | None:
    return None if have >= need else no("pa", need=need, have=have)


def _move(b: Board, s: MatchState, f: Figure, path: a.Path, pa: int, cost: int,
          allowance: float) -> Said | None:
    if (why := _pa(pa, cost)) is not None:
        return why
    if not path:
        return no("path_empty")
    problem = plan(b, s, f, path, allowance, f.stats.difficult_as_open).problem
    return None if problem is None else no(f"path_{problem}")


def _weapon_refused(f: Figure, weapon: str, pa: int) -> Said | None:
    """4.1: the refusals of every Shoot with ``weapon`` whatever its target: not the shooter's, broken,
    PA short."""
    if weapon not in f.ranged:
        return no("no_weapon", weapon=weapon)
    if weapon in f.broken:
        return no("broken", weapon=weapon)
    return _pa(pa, t.RANGED[weapon].pa)


def shot_weapons(b: Board, s: MatchState) -> list[str]:
    """The active figure's weapons a Shoot may be legal with, its target deciding (the shooter's,
    not broken, the PA for it, the shooter free to shoot: ``kind_refused``); every Shoot with another
    weapon is refused whatever its target. What the random coach draws a shot's weapon among."""
    act = s.activation
    if s.phase != Phase.ACTIVATION or act is None or kind_refused(b, s, a.Shoot) is not None:
        return []
    return _weapons(s.figure(act.figure), act.pa)


def open_shot_weapons(f: Figure, pa: int) -> list[str]:
    """``shot_weapons`` once ``open_kinds_of`` has said a Shoot is open (``f`` the active figure, ``pa``
    its PA): the kind's refusals are answered, only the weapons' are left."""
    return _weapons(f, pa)


WEAPONS_KEPT = 1024  # ``_weapons``' answers remembered
_weapons_of: dict[tuple[Any, ...], tuple[str, ...]] = {}


def _weapons(f: Figure, pa: int) -> list[str]:
    """The weapons ``_weapon_refused`` lets ``f`` shoot with ``pa`` (a new list), remembered by what it
    reads: the figure's weapons, those broken, the PA."""
    key = (f.ranged, f.broken, pa)
    found = _weapons_of.get(key)
    if found is None:
        if len(_weapons_of) >= WEAPONS_KEPT:
            _weapons_of.clear()
        found = _weapons_of[key] = tuple(w for w in dict.fromkeys(f.ranged)
                                         if _weapon_refused(f, w, pa) is None)
    return list(found)


def _shoot(b: Board, s: MatchState, f: Figure, d: a.Shoot, pa: int) -> Said | None:
    if (why := _weapon_refused(f, d.weapon, pa)) is not None:
        return why
    target = _figure(s, d.target)
    if target is None or target.pos is None or not b.eligible(s, f, target, d.weapon):
        return no("cannot_shoot", weapon=d.weapon, target=d.target)
    return None


def _is_standing_enemy(f: Figure, g: Figure) -> bool:
    return g.player != f.player and g.standing


def _enemy_standing(s: MatchState, f: Figure, tid: str) -> Figure | None:
    target = _figure(s, tid)
    return target if target is not None and _is_standing_enemy(f, target) else None


def _charge(b: Board, s: MatchState, f: Figure, d: a.Charge, pa: int) -> Said | None:
    if (why := _pa(pa, KIND_PA[a.Charge])) is not None:
        return why
    target = _enemy_standing(s, f, d.target)
    if target is None or target.hanging is not None or not b.sees(f, target):
        return no("charge_target", target=d.target)  # 3.6 (a): not hanging
    return _charge_path(b, s, f, target, d.path)


def _charge_path(b: Board, s: MatchState, f: Figure, target: Figure, path: a.Path) -> Said | None:
    """3.6 (a), (c): cost <= 1.5 x Mvt, legal except at its end, base to base with the target."""
    if not path or abs(distance(path[-1], b.pos(target))) > BASE_TO_BASE or \
            centre_distance(path[-1], b.pos(target)) < t.BASE_DIAMETER - BASE_TO_BASE:
        return no("charge_contact", target=target.id)
    problem = b.path_problem(s, f, path, charge_allowance(f), f.stats.difficult_as_open,
                             ignore=frozenset({target.id}), end_contact_ok=True)
    return None if problem is None else no(f"path_{problem}")


def _charge_move(b: Board, s: MatchState, f: Figure, d: Any) -> Said | None:
    act = s.activation
    assert act is not None
    target = s.figure(act.charging)
    if target.pos is None:
        return None if not d.path else no("charge_target", target=target.id)
    if charge_reaches(s, d):
        return _charge_path(b, s, f, target, d.path)
    if contact_reachable(b, s, f, target):
        return no("charge_reachable", target=target.id)  # 3.6 (c): it moves into contact
    if not d.path:
        return None
    # 3.6 (d): the failed charge becomes a Run
    problem = b.path_problem(s, f, d.path, move_allowance(b, s, f, d), f.stats.difficult_as_open)
    if problem is not None:
        return no(f"path_{problem}")
    c = target.pos
    full = [b.pos(f), *d.path]
    for p, q in zip(full, full[1:], strict=False):
        if (q[0] - p[0]) * (q[0] - c[0]) + (q[1] - p[1]) * (q[1] - c[1]) > EPS:
            return no("charge_away")
    return None


def contact_reachable(b: Board, s: MatchState, f: Figure, target: Figure) -> bool:
    """3.6 (c): after the target stepped back, contact can still be reached: the straight path to the
    point base to base with the target, on the line toward the charger, is a legal charge path (the
    engine looks for no detour; the owner may draw one). Then the charge may not fail (3.6 (d))."""
    return _charge_path(b, s, f, target, (base_to_base(b.pos(target), b.pos(f)),)) is None


def _strike(b: Board, s: MatchState, f: Figure, d: a.Strike, pa: int) -> Said | None:
    """Its PA asked first, by ``_by_kind``."""
    target = _figure(s, d.target)
    if target is None or target.player == f.player or not target.on_table or not b.in_contact(f, target) \
            or target.hanging is not None:  # 3.11: a hanging figure « ne peut … être attaqué »
        return no("strike_target", target=d.target)
    if f.routing:
        if pa >= flee_cost(b, s, f):
            return no("must_flee")  # 8.4: it flees if it has the PA
    return None


def _flee_refused(b: Board, s: MatchState, f: Figure, pa: int) -> Said | None:
    """3.9: the refusals of every Flee whatever its path: not engaged, PA short of its cost."""
    if not b.engaged(s, f):
        return no("not_engaged", figure=f.id)
    return _pa(pa, flee_cost(b, s, f))


def _flee(b: Board, s: MatchState, f: Figure, d: a.Flee, pa: int) -> Said | None:
    """Engaged and its PA asked first, by ``_by_kind``."""
    engaged = b.engaged_with(s, f)
    problem = b.path_problem(s, f, d.path, move_allowance(b, s, f, d), path_terms(f, type(d))[0],
                             ignore=frozenset(e.id for e in engaged))
    if problem is not None:
        return no(f"path_{problem}")
    end = d.path[-1]
    for e in s.figures:
        if e.player != f.player and e.standing and distance(end, b.pos(e)) <= t.CONTACT + EPS:
            return no("flee_contact")
    for e in engaged:
        if distance(end, b.pos(e)) <= distance(b.pos(f), b.pos(e)):
            return no("flee_farther")
    return None


FLEE_DIRECTIONS = 16  # 8.4: the straight flees ``some_flee`` asks, turned evenly, at these shares of ½ Mvt
FLEE_SHARES = (1.0, 0.6, 0.3)


def flee_tries(b: Board, f: Figure, directions: int, shares: Sequence[float]) -> Iterator[a.Flee]:
    """Straight Flees of ``f`` (3.9) to be asked: ``directions`` evenly turned from +x, each ending at
    the ``shares`` of its allowance (½ Mvt), in that order."""
    x, y = b.pos(f)
    reach = flee_allowance(f)
    for i in range(directions):
        angle = 2 * math.pi * i / directions
        for share in shares:
            yield a.Flee(((x + math.cos(angle) * reach * share, y + math.sin(angle) * reach * share),))


def some_flee(b: Board, s: MatchState, f: Figure) -> a.Flee | None:
    """8.4: a Flee of the active figure ``f`` the legality takes (its PA, then the path: 3.9), the
    first of ``flee_tries``; None when none is. An engaged routing figure with one may not end its
    activation (« it flees (3.9) if it has the PA »); the engine looks at no other path (a figure
    whose every straight flee is refused may end its activation)."""
    act = s.activation
    assert act is not None
    if _flee_refused(b, s, f, act.pa) is not None:
        return None
    return next((d for d in flee_tries(b, f, FLEE_DIRECTIONS, FLEE_SHARES)
                 if why_illegal(b, s, d) is None), None)


def _medikit(b: Board, s: MatchState, f: Figure, d: a.Medikit, pa: int) -> Said | None:
    """A medikit left and its PA asked first, by ``_by_kind``."""
    target = _figure(s, d.target)
    if target is None or target.player != f.player or not target.on_table or (
            target.id != f.id and not b.in_contact(f, target)):
        return no("medikit_target", target=d.target)
    if target.pv >= target.stats.pv:
        return no("full_pv", target=d.target)
    return None


# ``why_illegal``'s question for each class of decision, in the order the classes are asked (a class is
# looked up once, then found by a dictionary: the random coach asks several candidates a decision)
_DOOR_ORDER: tuple[tuple[type, _Door], ...] = (
    (a.ChooseZone, _choose_zone), (a.Deploy, _deploy), (a.Activate, _activate), (a.StopWave, _stop_wave),
    (a.FreeShot, _free_shot), (a.Withdraw, _withdraw), (a.RollOff, _roll_off), (a.TakeTest, _take_test),
    (a.ChooseTarget, _choose_target))
_DOORS: dict[type, _Door] = {}
