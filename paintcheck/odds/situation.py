"""A practice situation, read by the engine: a shooter, a target (static or running), perhaps a
second target, and the shot's kind; every number is the engine's (RULES 6–10).

``read(m, situation)`` sets the situation up as a match state of turn 2, the way the engine holds it
when it reads the round's shots, and asks ``RoundView`` for the readings:

* a **simple** shot: the shooter is his team's activated player; his declared sequence is
  ``SHOT target, SUP × supports[, SHOT second]`` (RULES 5.1, 6.1, 7.6), so the second shot is read
  as the engine reads shot #2 (−1, −2 per segment from the first target, RULES 7.6);
* a **reflex** or **suppressive** shot: the shooter is not activated; his reaction is declared
  (RULES 10.2, 10.6); a suppressive shooter holds his suppressive token on the target (10.1);
* **advantage**: the shooter's token lies beside the target on its advantage face (RULES 10.4);
* a **run**: the target is the other team's activated player, declared ``MOV start > waypoints``
  (with his DEF before the move, or after it when ``def_after_move``, RULES 9.3); shots at him read
  his movement value, vulnerable points, run angle and sweep (RULES 6.4, 8.3, 8.5);
* a **weakened position**: the target dodged a shot from ``weakened_from`` since his activation, so
  he carries ``boulets`` (RULES 9.4, 9.6).

The dodge dice are the engine's (``RoundView.dodge_dice``: RULES 9.2, 9.3, 9.7), the odds are
``shot_odds`` of the required roll and those dice, and each term carries its rule
(``citations``). Combinations the rules forbid raise ``ValueError`` with one sentence saying why
(its argument a ``Said``, keys ``range.refuse.*``: the range words it in the window's language);
the checks are the engine's legality where it has one (the run, the stances, the sequence's cost).
docs/odds.md, docs/rules-decisions.md.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from paintcheck.field.lattice import DEFAULT_LATTICE, Lattice, Point, half_of, other_team, point_name
from paintcheck.odds import citations
from paintcheck.odds.reading import SHOT_KINDS, shooter_sides
from paintcheck.odds.shot import ShotOdds, shot_odds
from paintcheck.rules import tables
from paintcheck.rules.actions import REFLEX, Action, Declare, Def, Move, Reaction, Shot, Support, player_id
from paintcheck.rules.engine import Engine
from paintcheck.rules.events import Parts
from paintcheck.rules.legality import why_move_illegal, why_stance_illegal
from paintcheck.rules.measure import Measurer
from paintcheck.rules.plan import make_plan
from paintcheck.rules.resolution import fire_entry
from paintcheck.rules.state import REACT, MatchState, Player, ShotEntry, Token
from paintcheck.rules.values import RoundView
from paintcheck.rules.vocab import Posture, ShotKind, Team, side_of
from paintcheck.rules.words import action_words, joined
from paintcheck.said import Said

SHOT, PROTECTION = "shot", "protection"


@dataclass(frozen=True)
class Figure:
    """A figure of the situation: where he stands, his posture, his cover and the side he plays."""

    point: Point
    posture: str = "standing"
    cover: str | None = None  # an obstacle id next to the point (king step), or None
    side: str | None = None  # left/right/over; None: chosen as shot_reading chooses (shooter) / none


@dataclass(frozen=True)
class Situation:
    """One shot to practise (RULES 6–10); see the module's docstring for how it is set up."""

    shooter: Figure
    target: Figure
    second_target: Figure | None = None  # a second target the same shooter shoots after the first (RULES 7.6)
    def_count: int = 0  # the target's DEF count (DEF actions + supports, RULES 6.2), 0-4
    supports: int = 0  # the shooter's supports on his (first) shot (RULES 5.1, 6.1): within 4 action points
    kind: str = "simple"  # simple | reflex | suppressive
    advantage: bool = False  # the shooter's token lies on its advantage face beside the target (RULES 10.4)
    run: tuple[Point, ...] = ()  # the target runs: his waypoints after his start (target.point), RULES 6.4
    def_after_move: bool = False  # the runner ends his sequence with DEF (RULES 9.3)
    weakened_from: Point | None = None  # the point of the shooter who forced the target to dodge (RULES 9.6)
    boulets: int = 0  # the target's boulets (RULES 9.4): 1 → one dodge die, 4 → none (RULES 9.7)


@dataclass(frozen=True)
class Term:
    """One term of the sum: the engine's label and value, its rule, and which side it adds to."""

    label: str  # the engine's own label ("distance", "angle", "crosses ...")
    value: int
    rule: str | None  # citations.shot_rule / protection_rule
    part: str  # "shot" or "protection"


@dataclass(frozen=True)
class SituationReading:
    """The engine's reading of a situation's shot (and of the shot at the second target)."""

    state: MatchState  # the state built for the situation (the window's overlays draw from it)
    shooter_id: str
    target_id: str
    second_id: str | None
    entry: ShotEntry  # the shot read (at the first target)
    terms: tuple[Term, ...]  # shot terms then protection terms, in the engine's order
    shot_value: int | None
    protection: int
    required: int | None
    dodge_dice: int
    odds: ShotOdds | None
    lost: str | None  # why the shot cannot be made (None if it can)
    vulnerable: tuple[Point, ...]  # a run's vulnerable points as the engine counts them (empty if static)
    second: SituationReading | None  # the shot at the second target, read as the engine reads shot #2

    def term(self, label: str) -> int:
        """The value of the term called ``label`` (0 when the engine wrote none: a zero modifier)."""
        return next((t.value for t in self.terms if t.label == label), 0)

    @property
    def shot_terms(self) -> tuple[Term, ...]:
        return tuple(t for t in self.terms if t.part == SHOT)

    @property
    def protection_terms(self) -> tuple[Term, ...]:
        return tuple(t for t in self.terms if t.part == PROTECTION)


# -- checks ----------------------------------------------------------------------------------------
# The refusals are ``Said`` (the window words them in its language: keys ``range.refuse.*``); the
# figure they name is said in two forms, as a subject and as an owner ("the shooter's posture").
WHO = {who: Said(f"range.who.{who.replace(' ', '_')}")
       for who in ("shooter", "target", "second target")}
WHOSE = {who: Said(f"range.whose.{who.replace(' ', '_')}")
         for who in ("shooter", "target", "second target")}


def _name(p: Point) -> str:
    return point_name(p)


def _refuse(key: str, **values: Any) -> ValueError:
    return ValueError(Said(f"range.refuse.{key}", **values))


def _count(value: object, top: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= top


def _check_figure(m: Measurer, f: Figure, who: str) -> None:
    he, his, point = WHO[who], WHOSE[who], _name(f.point)
    if f.posture not in tables.POSTURES:
        raise _refuse("posture",
                      whose=his, posture=repr(f.posture))
    if not m.on_field(f.point):
        raise _refuse("off_field", who=he, point=point)
    if m.blocked(f.point) or m.obstacle_at(f.point) is not None:
        raise _refuse("on_obstacle", who=he,
                      point=point)
    if f.cover is not None and f.cover not in m.covers(f.point):
        raise _refuse("cover_far", whose=his,
                      cover=f.cover, point=point)
    if f.side is not None:
        if f.cover is None:
            raise _refuse("no_side", who=he)
        reason = why_stance_illegal(m, f.point, f.cover, f.side)
        if reason:
            raise _refuse("stance", who=he, reason=reason)


def check(m: Measurer, s: Situation) -> None:
    """Refuse a situation the rules forbid, with one sentence (``ValueError``). The run, the
    runner's and the shooter's sequences are checked again by the engine's legality in ``read``."""
    if s.kind not in SHOT_KINDS:
        raise _refuse("kind", kind=repr(s.kind))
    figures = [("shooter", s.shooter), ("target", s.target)]
    if s.second_target is not None:
        figures.append(("second target", s.second_target))
    for who, f in figures:
        _check_figure(m, f, who)
    points = [f.point for _, f in figures]
    if len(set(points)) != len(points):
        raise _refuse("same_point")
    if not _count(s.def_count, tables.MAX_DEF):
        raise _refuse("def_count",
                      top=tables.MAX_DEF, count=repr(s.def_count))
    if not _count(s.supports, tables.ACTION_POINTS):
        raise _refuse("supports",
                      count=repr(s.supports))
    if s.kind != "simple":
        if s.supports and s.kind == REFLEX:
            raise _refuse("reflex_support")
        if s.supports:
            raise _refuse("suppressive_support")
        if s.second_target is not None:
            raise _refuse(f"{s.kind}_second")
    if s.def_after_move and not s.run:
        raise _refuse("def_after_no_run")
    if s.def_after_move and s.def_count == 0:
        raise _refuse("def_after_zero")
    if not _count(s.boulets, tables.MAX_BOULETS):
        raise _refuse("boulets", top=tables.MAX_BOULETS, count=repr(s.boulets))
    if s.run and s.weakened_from is not None:
        raise _refuse("weakened_run")
    if s.run and s.boulets:
        raise _refuse("runner_boulets")
    if s.weakened_from is not None:
        if not m.on_field(s.weakened_from):
            point = _name(s.weakened_from)
            raise _refuse("weakened_off",
                          point=point)
        if s.weakened_from == s.target.point:
            raise _refuse("weakened_same")
        if not s.boulets:
            raise _refuse("weakened_no_boulet")
    for w in s.run:
        if not m.on_field(w):
            raise _refuse("run_off", point=_name(w))


# -- the state ---------------------------------------------------------------------------------------
@dataclass(frozen=True)
class _Ids:
    shooter: str
    target: str
    second: str | None
    team: str


def _ids(s: Situation) -> _Ids:
    team = half_of(s.shooter.point) or other_team(half_of(s.target.point) or "blue")
    enemy = other_team(team)
    second = player_id(enemy, 2) if s.second_target is not None else None
    return _Ids(player_id(team, 1), player_id(enemy, 1), second, team)


def figure_ids(s: Situation) -> tuple[str, str, str | None]:
    """The ids the situation's figures get in its state: shooter, target, second target (the
    shooter's team is his half's, else the other than the target's half, as ``shot_reading``)."""
    ids = _ids(s)
    return ids.shooter, ids.target, ids.second


def shooter_team(s: Situation) -> str:
    """The team the shooter plays: his half's, or on the centre line the other than the target's
    half's (a figure dragged across the centre line changes colours with it)."""
    return _ids(s).team


def _shooter_side(m: Measurer, s: Situation, team: str, path: tuple[Point, ...] | None) -> str | None:
    """The side the shooter plays: as given, else the first (left, right, over) from which he sees
    the target (a runner: a point of his run after the start) and the second target, else the first
    from which he sees the target, else the first (RULES 3.3–3.4; as ``shot_reading`` chooses)."""
    f = s.shooter
    if f.side is not None or f.cover is None:
        return f.side
    sides = shooter_sides(m, f.cover)
    aims = list(path[1:]) if path else [s.target.point]

    def sees_target(side: str | None) -> bool:
        return any(m.fov(f.point, team, f.cover, side, aims))

    def sees_all(side: str | None) -> bool:
        second = s.second_target is None or m.fov(f.point, team, f.cover, side, [s.second_target.point])[0]
        return second and sees_target(side)

    for wanted in (sees_all, sees_target):
        for side in sides:
            if wanted(side):
                return side
    return sides[0]


def _runner_actions(s: Situation, move: Move) -> tuple[Action, ...]:
    defs: tuple[Action, ...] = (Def(), *(Support() for _ in range(s.def_count - 1))) if s.def_count else ()
    return (move, *defs) if s.def_after_move else (*defs, move)


def build(m: Measurer, s: Situation, lattice: Lattice = DEFAULT_LATTICE) -> tuple[MatchState, _Ids]:
    """The match state of the situation (see the module's docstring), checked by the engine's
    legality where it has one; ``ValueError`` with the reason otherwise."""
    check(m, s)
    ids = _ids(s)
    enemy = other_team(ids.team)
    t = s.target
    move = None
    path = None
    if s.run:
        end = s.run[-1]
        covers = m.covers(end)
        # the arrival cover and side do not enter a shot at the runner (the sweep counts the arrival
        # cover whatever it is, RULES 8.5): the nearest piece, played left (docs/rules-decisions.md)
        move = Move(tuple(s.run), covers[0] if covers else None, "left" if covers else None)
        path = m.path(t.point, s.run)
    side = _shooter_side(m, s, ids.team, path)
    sf = s.shooter
    shooter = Player(Team(ids.team), 1, sf.point, Posture(sf.posture), sf.cover, side_of(side))
    target = Player(Team(enemy), 1, t.point, Posture(t.posture), t.cover, side_of(t.side),
                    def_count=s.def_count, boulets=s.boulets, weakened_from=s.weakened_from)
    players = {ids.shooter: shooter, ids.target: target}
    if s.second_target is not None:
        f2 = s.second_target
        assert ids.second is not None  # ``_ids`` names the second target
        players[ids.second] = Player(Team(enemy), 2, f2.point, Posture(f2.posture), f2.cover,
                                     side_of(f2.side))
    state = MatchState(layout="situation", players=players, turn=tables.BREAK_TURN + 1, round=1,
                       phase=REACT, lattice=lattice)
    if s.kind == "simple":
        actions: tuple[Action, ...] = (Shot(ids.target), *(Support() for _ in range(s.supports)))
        if ids.second is not None:
            actions += (Shot(ids.second),)
        decl = Declare(ids.shooter, sf.posture, actions, sf.cover, side)
        plan = make_plan(decl, sf.point, m)
        if plan.cost > tables.ACTION_POINTS:
            raise _cost(m, "shooter_cost", "the shooter's", actions, plan.cost)
        state.declarations[ids.shooter] = decl
        state.origins[ids.shooter] = sf.point
        state.active[ids.team] = ids.shooter
        state.speakers.append(ids.team)
    else:
        state.reactions.append(Reaction(ids.shooter, s.kind, ids.target))
    if s.kind == "suppressive" or s.advantage:
        pressed = m.pressed_side(t.point, enemy, t.cover, t.side, sf.point)
        shooter.token = Token(ids.target, side_of(pressed), t.point, s.advantage)
    if move is not None:
        decl = Declare(ids.target, t.posture, _runner_actions(s, move), t.cover, t.side)
        state.active[enemy] = ids.target
        reason = why_move_illegal(state, ids.target, move, m)
        if reason:
            raise _refuse("run", reason=reason)
        plan = make_plan(decl, t.point, m)
        if plan.cost > tables.ACTION_POINTS:
            raise _cost(m, "runner_cost", "the runner's", decl.actions, plan.cost)
        state.declarations[ids.target] = decl
        state.origins[ids.target] = t.point
        state.speakers.append(enemy)
        target.def_count = plan.def_count  # as the engine sets it when he declares
    return state, ids


def _cost(m: Measurer, key: str, whose: str, actions: Iterable[Action], cost: int) -> ValueError:
    """A sequence that costs more than a player's action points (RULES 5.1); its actions as the
    engine says them (``SHOT B1, SUP``; the window words them: ``TIR B1, soutien``)."""
    sequence = joined([action_words(a, m) for a in actions])
    return _refuse(key, sequence=sequence, cost=cost,
                   points=tables.ACTION_POINTS)


# -- the reading -------------------------------------------------------------------------------------
def _entries(view: RoundView, ids: _Ids) -> list[ShotEntry]:
    """The shooter's shots as the engine lists them (``ResolutionPhases.sequence_entries``): his sequence's
    shots with their number and supports, or his reaction."""
    plan = view.plans.get(ids.shooter)
    if plan is not None:
        return [fire_entry(plan.player, f) for f in plan.fires]
    return [ShotEntry(r.player, r.target, ShotKind(r.kind))
            for r in view.state.reactions if r.player == ids.shooter]


def _one(view: RoundView, engine: Engine, ids: _Ids, entry: ShotEntry, second: SituationReading | None,
         second_id: str | None, odds_of: Callable[[int, int], ShotOdds]) -> SituationReading:
    reading = view.reading(entry)
    pid = entry.target
    running = view.running(pid)
    dice, _ = view.dodge_dice(pid, running)
    shot_parts: Parts
    if reading.lost:
        shot_parts, target_parts = (), view.protection(pid)  # a lost run: his protection on arrival
    else:
        shot_parts, target_parts = reading.shot_parts, reading.target_parts
    terms = (*(Term(label, value, citations.shot_rule(label), SHOT) for label, value in shot_parts),
             *(Term(label, v, citations.protection_rule(label), PROTECTION) for label, v in target_parts))
    protection = sum(v for _, v in target_parts)
    shot_value = required = odds = None
    if not reading.lost:
        shot_value, required = reading.shot_value, reading.required
        odds = odds_of(required, dice)
    return SituationReading(
        state=view.state, shooter_id=ids.shooter, target_id=pid, second_id=second_id, entry=entry,
        terms=terms, shot_value=shot_value, protection=protection, required=required, dodge_dice=dice,
        odds=odds, lost=reading.lost, vulnerable=reading.vulnerable if not reading.lost else (),
        second=second,
    )


def read(m: Measurer, s: Situation, lattice: Lattice = DEFAULT_LATTICE, *,
         odds: Callable[[int, int], ShotOdds] = shot_odds) -> SituationReading:
    """The engine's reading of the situation's shot, with its odds (RULES 6–10); the shot at the
    second target, if any, in ``second``. ``ValueError`` (one sentence) for a situation the rules
    forbid. ``odds``: ``shot_odds`` or a memo of it (the maps ask the same few rolls again and
    again)."""
    state, ids = build(m, s, lattice)
    view = RoundView(state, m)
    engine = Engine(m, checks=False)
    entries = _entries(view, ids)
    second = None
    if ids.second is not None:
        second = _one(view, engine, ids, entries[1], None, None, odds)
    return _one(view, engine, ids, entries[0], second, ids.second, odds)
