"""Values of a round: where everyone stands, what each shooter sees, and every shot's value with its
breakdown (RULES §6–§8, §9.6, §10.4, §11.3). Geometry comes from the ``Measurer``; numbers from
``tables``. ``RoundView`` is built once per round from the state and the declarations."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from weakref import WeakKeyDictionary

from paintcheck.field.catalogue import kind_word
from paintcheck.field.lattice import Point
from paintcheck.rules import events as ev
from paintcheck.rules import reasons, tables
from paintcheck.rules.actions import REFLEX, SUPPRESSIVE, Clean, Declare
from paintcheck.rules.events import Parts
from paintcheck.rules.measure import CROSS, Measurer, Touch
from paintcheck.rules.plan import Plan, make_plan
from paintcheck.rules.state import MatchState, Player, ShotEntry
from paintcheck.rules.vocab import ShotKind
from paintcheck.rules.words import height_word, posture_word
from paintcheck.said import Said

_set = object.__setattr__  # a frozen class's fields set at once (its generated __init__ sets them one by one)


# -- the parts' labels: words made once (a search reads thousands of shots), each a Said ----------------
def _label(key: str) -> Said:
    return Said(f"rules.label.{key}")


LABEL_KIND = {kind: _label(f"kind.{kind}") for kind in (ShotKind.SIMPLE, REFLEX, SUPPRESSIVE)}
LABEL_DISTANCE = _label("distance")
LABEL_RUN_ANGLE = _label("run_angle")
LABEL_ANGLE = _label("angle")
LABEL_MOV = _label("mov")
LABEL_MOVE_SUPPORTS = _label("move_supports")
LABEL_WEAKENED = _label("weakened")
LABEL_ADVANTAGE = _label("advantage")
LABEL_MESSY = _label("messy")
LABEL_PREBUNKING = _label("prebunking")
LABEL_BARE = _label("bare")
LABEL_NO_COVER = _label("no_cover")
LABEL_MINIMUM = Said("rules.label.minimum",
                     minimum=tables.NATURAL_PROTECTION)


@lru_cache(maxsize=4096)
def touch_label(effect: str, name: str, height: str, sweep: bool = False) -> Said:
    """``grazes cylinder at B:H6 (high)``; ``sweep crosses …`` for a sweep (RULES 8.4, 8.5)."""
    verb = "crosses" if effect == CROSS else "grazes"
    if sweep:
        return Said(f"rules.label.sweep_{verb}", obstacle=name, height=height_word(height))
    return Said(f"rules.label.{verb}", obstacle=name, height=height_word(height))


@lru_cache(maxsize=64)
def _segments_label(n: int) -> Said:
    return Said("rules.label.segments", count=n)


@lru_cache(maxsize=64)
def _vulnerable_label(n: int) -> Said:
    return Said("rules.label.vulnerable", count=n)


@lru_cache(maxsize=64)
def _def_label(n: int) -> Said:
    return Said("rules.label.def", count=n)


@lru_cache(maxsize=256)
def _cover_label(kind: str, posture: str) -> Said:
    """A static target's obstacle and posture: ``lying cylinder kneeling``."""
    return Said("rules.label.cover", piece=kind_word(kind),
                posture=posture_word(posture))


# -- why a shot is lost, why no dodge (Reading.lost, RoundView.dodge_dice) --------------------------------
LOST_NO_POINT_SEEN = Said("rules.reason.no_point_seen")
LOST_OUT_OF_SIGHT = Said("rules.reason.out_of_sight")
NO_DODGE_FOUR_BOULETS = Said("rules.reason.four_boulets",
                             count=tables.MAX_BOULETS)
NO_DODGE_RUNNING = Said("rules.reason.running_no_def")
NO_DODGE_NO_DEF = Said("rules.reason.no_def")


@lru_cache(maxsize=4096)
def impossible_line(label: str) -> Said:
    """``impossible line of fire (crosses cylinder at B:H6 (high))`` (RULES 8.4)."""
    return Said("rules.reason.impossible_line", label=label)
FINISH = "finish"  # the break's last stage: prebunkers finish their sequences (RULES 12.7)


def prebunking(s: MatchState, pid: str) -> bool:
    """Still prebunking: his template is on the field and he has not begun to finish (RULES 12.6)."""
    return pid in s.templates and not (s.break_stage == FINISH and pid in s.active.values())


def another_segment(a: tuple[int, int], b: tuple[int, int]) -> bool:
    """Two protractor segments (side, index) differ (RULES 9.6): segments are counted on each side
    of the 0° line, so the same index on the mirrored side is another segment; a direction lying
    on the 0° line itself (side 0) belongs to the segments of that index on both sides."""
    (side_a, index_a), (side_b, index_b) = a, b
    return index_a != index_b or (side_a != side_b and side_a != 0 and side_b != 0)


def stays_behind(m: Measurer, path: tuple[Point, ...] | None, cover: str | None, arrival: str | None) -> bool:
    """A move keeps the mover behind ``cover``, the obstacle he stood behind when it began: every
    point of it lies next to that obstacle and he arrives behind it (RULES 10.2, B p.24: only
    « quitter l'obstacle » opens the suppressive shot, and the presser's token stays while he stays
    behind that obstacle). Behind nothing, any move leaves."""
    if cover is None or arrival != cover or not path:
        return False
    return all(cover in m.covers(point) for point in path[1:])


def _present(a: str | None, b: str | None) -> tuple[str, ...]:
    """The covers among ``a`` and ``b`` (a shot leaves them out of its line of fire or sweep)."""
    if a:
        return (a, b) if b else (a,)
    return (b,) if b else ()


def _middle(path: tuple[Point, ...]) -> tuple[float, float]:
    """The middle of a run: where the ruler's head lies for a shot at a runner."""
    (x0, y0), (x1, y1) = path[0], path[-1]
    return ((x0 + x1) / 2, (y0 + y1) / 2)


def base_value(kind: str) -> int:
    """A shot's value before modifiers: simple 10, reflex 9, suppressive 10 (RULES 6.5)."""
    bases: dict[str, int] = {ShotKind.SIMPLE: tables.BASE_SHOT, REFLEX: tables.BASE_REFLEX,
                             SUPPRESSIVE: tables.BASE_SUPPRESSIVE}
    return bases[kind]


@dataclass(frozen=True, init=False)
class Stand:
    """A player as a shooter or a static target sees the table."""

    point: Point
    cover: str | None
    side: str | None
    posture: str
    team: str
    blind: bool  # carries boulets: no field of vision (RULES 9.5)

    def __init__(self, point: Point, cover: str | None, side: str | None, posture: str, team: str,
                 blind: bool) -> None:
        _set(self, "__dict__", dict(point=point, cover=cover, side=side, posture=posture, team=team,
                                     blind=blind))


@ev.one_dict_init  # made for every shot read
@dataclass(frozen=True)
class Reading:
    """A shot's numbers as the rules read them, or why it cannot be made."""

    shot_parts: Parts
    target_parts: Parts
    shooter: Stand
    aim: tuple[float, float]  # where the ruler's head lies: target point, or mid-run
    token_point: Point | None  # where a suppressive token goes: target point, or the run's end (None: a
    # template's shot at a player already out, ``break_turn.template_reading``)
    running: bool
    vulnerable: tuple[Point, ...] = ()
    lost: str | None = None

    @property
    def shot_value(self) -> int:
        return sum(v for _, v in self.shot_parts)

    @property
    def target_value(self) -> int:
        return sum(v for _, v in self.target_parts)

    @property
    def required(self) -> int:
        return tables.required_roll(self.shot_value, self.target_value)


def line_of_fire_total(posture: str, touches: Iterable[Touch]) -> tuple[int | None, Parts]:
    """The line of fire's modifier for a shooter in ``posture``: the sum over the obstacles the ruler
    grazes or crosses, or None when one of them makes the shot impossible (RULES 8.4). The parts
    name each obstacle; for an impossible shot, the one obstacle that forbids it."""
    parts = []
    for t in touches:
        value = tables.line_of_fire_modifier(posture, t.height, t.effect == CROSS)
        if value is None:
            return None, ((touch_label(t.effect, t.name or t.obstacle, t.height), 0),)
        if value:
            parts.append((touch_label(t.effect, t.name or t.obstacle, t.height), value))
    return sum(v for _, v in parts), tuple(parts)


def line_of_fire_blocked(posture: str, touches: Iterable[Touch]) -> bool:
    """Some obstacle on the line of fire makes the shot impossible for ``posture`` (RULES 8.4):
    ``line_of_fire_total`` gives None, without writing its parts (the legality asks this often)."""
    blocking = tables.BLOCKING
    for t in touches:
        if (posture, t.height, t.effect == CROSS) in blocking:
            return True
    return False


# a run's vulnerable points for a shooter, per measurer: every view of a round (the engine's, each
# coach's, each tentative sequence's) asks them again, and they depend only on the field and the values
# in their key (``RoundView.vulnerable_points``); forgotten when the tables' blocking cells change
# everything a run's vulnerable points read: the shooter's whole stand, the run, the runner's cover
_RunKey = tuple[Point, str | None, str | None, str, str, bool, tuple[Point, ...] | None, str | None]
_Runs = dict[_RunKey, tuple[Point, ...]]
_RUNS: WeakKeyDictionary[Measurer, tuple[frozenset[tuple[str, str, bool]], _Runs]] = (
    WeakKeyDictionary())  # measurer -> (tables.BLOCKING, {key: points})
_RUNS_MAX = 1 << 16


def _runs_known(m: Measurer) -> _Runs:
    blocking: frozenset[tuple[str, str, bool]] | None
    try:
        blocking, known = _RUNS[m]
    except KeyError:
        blocking = None
    except TypeError:  # a measurer that cannot be referred to weakly: the view's own
        return {}
    if blocking is not tables.BLOCKING:
        known = {}
        _RUNS[m] = (tables.BLOCKING, known)
    return known


def sequence_stand(p: Player, plan: Plan, posture: str, action: int, tied: bool = False) -> Stand:
    """``p`` at ``action`` of his declared sequence (``plan``, declared ``posture``); ``tied``: hit
    in the group being resolved, he still fires with it (RULES 11.5)."""
    s = plan.stance_at(action)
    # his boulets are cleared by his first actions (RULES 9.4): after them he sees (9.5)
    blind = p.boulets > plan.clears and not tied
    return Stand(s.point, s.cover, s.side, posture, p.team, blind)


def lost(reason: str) -> Reading:
    # a lost shot has no shooter's stand: nothing reads it (its ``lost`` is read first)
    return Reading((), (), None, (0.0, 0.0), (0, 0), False, (), reason)  # type: ignore[arg-type]


# what a player does this round that an enemy could react to (``legality.fires_or_moves``): the sides
# and the points he shoots from, his move's path (None: no move)
Acts = tuple[frozenset[str | None], tuple[Point, ...], tuple[Point, ...] | None]


class RoundView:
    """The round as the rules see it: plans of the activated players and cached sightlines.

    A view reads the state as it is when the view is made and remembers the stands it has read: after
    changing the state, make a new view. A run's vulnerable points are remembered per measurer, by
    every value they read."""

    def __init__(self, state: MatchState, measurer: Measurer) -> None:
        self.state = state
        self.m = measurer
        self.plans: dict[str, Plan] = {
            pid: make_plan(decl, state.origins[pid], measurer)
            for pid, decl in state.declarations.items()
        }
        self._runs: _Runs | None = None  # the measurer's vulnerable points, once asked
        self.acts: dict[str, Acts] = {}  # what each player does that an enemy could react to (legality)
        self._stands: dict[tuple[str, int | None], Stand] = {}  # (pid, action); action None: static

    # -- where players stand --------------------------------------------------------------------
    def stand(self, pid: str, action: int = -1) -> Stand:
        """The player at ``action`` of his sequence (-1: as he stands now, or as a reactor)."""
        key = (pid, action)
        found = self._stands.get(key)
        if found is None:
            found = self._stands[key] = self._stand(pid, action)
        return found

    def _stand(self, pid: str, action: int) -> Stand:
        p = self.state.players[pid]
        plan = self.plans.get(pid)
        decl = self.state.declarations.get(pid)
        # A shooter hit in the group being resolved still fires with it (RULES 11.5), even if his
        # dodge has just given him a boulet (9.5).
        res = self.state.resolution
        tied = res is not None and pid in res.hit_now
        if plan is not None and action >= 0:
            assert decl is not None  # his plan is his declaration's
            return sequence_stand(p, plan, decl.posture, action, tied)
        point = p.point if p.on_field else p.fell_at
        assert point is not None  # off the field, he fell somewhere
        return Stand(point, p.cover, p.side, p.posture, p.team, p.boulets > 0 and not tied)

    def gone(self, pid: str) -> bool:
        """In the dead zone before the shot being resolved: a shot at him is not fired. One put there
        by a shot simultaneous with it is still shot at: tied shots all happen (RULES 11.5)."""
        res = self.state.resolution
        return not self.state.players[pid].on_field and (res is None or pid not in res.out_now)

    def running(self, pid: str) -> bool:
        """Shots at him use his movement value (RULES 8.5, 11.3)."""
        plan = self.plans.get(pid)
        if plan is None or plan.path is None or plan.move_length == 0:
            return False
        short = plan.move_length <= tables.SHORT_MOVE_MAX
        return not (short and plan.fires_after_move())

    def static_stand(self, pid: str) -> Stand:
        """A static target as he stands after his sequence (on arrival after a short move)."""
        key = (pid, None)
        found = self._stands.get(key)
        if found is None:
            found = self._stands[key] = self._static_stand(pid)
        return found

    def _static_stand(self, pid: str) -> Stand:
        plan = self.plans.get(pid)
        if plan is None:
            return self.stand(pid)
        p, f = self.state.players[pid], plan.final
        posture = self.state.declarations[pid].posture
        return Stand(f.point, f.cover, f.side, posture, p.team, p.boulets > 0)

    # -- what a shooter sees ----------------------------------------------------------------------
    def sees(self, shooter: Stand, points: list[Point]) -> tuple[bool, ...]:
        if shooter.blind:
            return tuple(False for _ in points)
        return self.m.fov(shooter.point, shooter.team, shooter.cover, shooter.side, points)

    def line_modifier(self, shooter: Stand, touches: Iterable[Touch]) -> tuple[int | None, Parts]:
        return line_of_fire_total(shooter.posture, touches)

    def vulnerable_points(self, shooter: Stand, runner: str) -> tuple[Point, ...]:
        """Points of the run after its start that the shooter sees and can fire at (RULES 8.5)."""
        path = self.plans[runner].path
        cover = self.state.players[runner].cover
        # everything they read: the shooter's whole stand, the run, the runner's cover
        key = (shooter.point, shooter.cover, shooter.side, shooter.posture, shooter.team, shooter.blind,
               path, cover)
        known = self._runs
        if known is None:
            known = self._runs = _runs_known(self.m)
        found = known.get(key)
        if found is None:
            assert path is not None  # he runs
            pts = list(path[1:])
            seen = [pt for pt, ok in zip(pts, self.sees(shooter, pts), strict=True) if ok]
            # the lines with nothing left out, the covers skipped while reading them (the same
            # verdicts as on the lines without the covers, without making those lines)
            lines = self.m.lines_of_fire(shooter.point, seen) if seen else ()
            ignore = (shooter.cover, cover)
            blocking = tables.BLOCKING
            posture = shooter.posture
            open_points = []
            for pt, touches in zip(seen, lines, strict=True):
                for t in touches:
                    if t.obstacle not in ignore and (posture, t.height, t.effect == CROSS) in blocking:
                        break  # a line of fire impossible
                else:
                    open_points.append(pt)
            found = tuple(open_points)
            if len(known) >= _RUNS_MAX:
                known.clear()
            known[key] = found
        return found

    def moved_vulnerable(self, pid: str) -> int:
        """Points of his run after the start, the arrival included, that some enemy on the field sees
        (in his FOV, line of fire possible) (RULES 8.5, 11.2; B p.27: Bleu2 "est vu durant les deux
        derniers points de sa course", speed 3 - 2 = 1). docs/rules-decisions.md"""
        plan = self.plans.get(pid)
        if plan is None or plan.move_length < 1:
            return 0
        seen: set[Point] = set()
        team = self.state.players[pid].team
        for q in self.state.players.values():
            if q.on_field and q.team != team:
                seen.update(self.vulnerable_points(self.stand(q.id), pid))
        return len(seen)

    def aim_point(self, pid: str) -> tuple[float, float]:
        if self.running(pid):
            path = self.plans[pid].path
            assert path is not None  # he runs
            return _middle(path)
        return self.static_stand(pid).point

    # -- values ---------------------------------------------------------------------------------
    def protection(self, pid: str) -> Parts:
        """A static target's protection value (RULES 6.3)."""
        return self._protection(pid, None)

    def _protection(self, pid: str, st: Stand | None) -> Parts:
        """``protection``, given his static stand when it is already read."""
        p = self.state.players[pid]
        if prebunking(self.state, pid):  # DEF 5 x 2; his obstacle adds nothing yet  [B p.32-33]
            return ((LABEL_PREBUNKING, tables.PREBUNKER_PROTECTION),)
        if st is None:
            st = self.static_stand(pid)
        if p.bare and st.cover is not None:  # a prebunker who did not finish with a DEF (RULES 12.6)
            parts = [(LABEL_BARE, tables.NATURAL_PROTECTION)]
        elif st.cover is None:
            parts = [(LABEL_NO_COVER, tables.NATURAL_PROTECTION)]
        else:
            kind = self.m.obstacle(st.cover).kind
            parts = [(_cover_label(kind, st.posture), tables.obstacle_protection(kind, st.posture))]
        if p.def_count:
            parts.append((_def_label(p.def_count), tables.def_protection(p.def_count)))
        total = sum(v for _, v in parts)
        if total < tables.NATURAL_PROTECTION:
            parts.append((LABEL_MINIMUM, tables.NATURAL_PROTECTION - total))
        return tuple(parts)

    def dodge_dice(self, pid: str, running: bool) -> tuple[int, str]:
        """The dodge dice ``pid`` may roll when hit (running: hit during his run), and why none
        (RULES 9.2, 9.3, 9.7; a prebunker's free die, B p.33)."""
        p = self.state.players[pid]
        if prebunking(self.state, pid):  # a free dodge die while prebunking  [B p.33]
            if p.boulets >= tables.MAX_BOULETS:
                return 0, NO_DODGE_FOUR_BOULETS
            return (tables.REDODGE_DICE if p.boulets else tables.PREBUNKER_FREE_DODGE_DICE), ""
        if running and not self.plans[pid].def_after_move:
            return 0, NO_DODGE_RUNNING
        dice = dodge_dice_for(p.boulets, self.plans[pid].def_count if running else p.def_count)
        if p.boulets >= tables.MAX_BOULETS:
            return 0, NO_DODGE_FOUR_BOULETS
        return dice, NO_DODGE_NO_DEF if not (dice or p.boulets or running) else ""

    def reading(self, entry: ShotEntry) -> Reading:
        """Every number of one shot, or the reason it is lost (RULES 6.5, 7.6, 8, 9.6, 10.4)."""
        state = self.state
        shooter = self.stand(entry.shooter, entry.action)
        target = state.players[entry.target]
        if self.gone(entry.target):
            return lost(reasons.LOST_TARGET_DEAD)
        m = self.m
        running = self.running(entry.target)
        if running:
            plan = self.plans[entry.target]
            assert plan.path is not None  # he runs
            aim = _middle(plan.path)
        else:
            st = self.static_stand(entry.target)
            aim = st.point
        kind = entry.kind
        # the kind's part, then only the parts worth something
        shot: list[tuple[str, int]] = [(LABEL_KIND.get(kind, kind), base_value(kind))]
        if entry.supports and (v := tables.SUPPORT_BONUS * entry.supports):
            shot.append((reasons.label_supports(entry.supports), v))
        if entry.index:
            if v := tables.MULTI_TARGET_MALUS * entry.index:
                shot.append((reasons.label_shot_number(entry.index + 1), v))
            first = self._first_target(entry)
            if first is not None:
                seg = tables.angle_segment(m.angle_between(shooter.point, first, aim))
                if seg and (v := tables.MULTI_TARGET_SEGMENT_MALUS * seg):
                    shot.append((_segments_label(seg), v))
        if v := tables.distance_modifier(m.distance(shooter.point, aim)):
            shot.append((LABEL_DISTANCE, v))
        vulnerable: tuple[Point, ...] = ()
        if running:
            vulnerable = self.vulnerable_points(shooter, entry.target)
            if not vulnerable:
                return lost(LOST_NO_POINT_SEEN)
            assert plan.path is not None  # he runs
            if v := tables.run_angle_bonus(m.run_angle(plan.path, shooter.point)):
                shot.append((LABEL_RUN_ANGLE, v))
            self._sweep_parts(shot, shooter, vulnerable, (target.cover, shooter.cover))
            target_parts = self._run_parts(plan, len(vulnerable))
            token_point = plan.end
        else:
            if not self.sees(shooter, [st.point])[0]:
                return lost(LOST_OUT_OF_SIGHT)
            theta = m.static_angle(st.point, st.cover, shooter.point)
            if v := tables.static_angle_bonus(theta):
                shot.append((LABEL_ANGLE, v))
            # his own cover is left out of the line of fire when it protects him; a prebunker's
            # adds nothing to his protection but still hinders the shooter (RULES 12.6)
            covered = not (prebunking(state, entry.target) or target.bare)
            ignore = _present(shooter.cover, st.cover if covered else None)
            (touches,) = m.lines_of_fire(shooter.point, [st.point], ignore)
            total, parts = self.line_modifier(shooter, touches)
            if total is None:
                return lost(impossible_line(parts[0][0]))
            shot.extend(parts)  # only those worth something
            if target.weakened_from is not None and target.weakened_from != shooter.point:
                now, before = m.static_segments(st.point, st.cover, shooter.point, target.weakened_from)
                if another_segment(now, before) and tables.WEAKENED_BONUS:
                    shot.append((LABEL_WEAKENED, tables.WEAKENED_BONUS))
            target_parts = self._protection(entry.target, st)
            token_point = st.point
        p = state.players[entry.shooter]
        if p.token and p.token.target == entry.target and p.token.advantage and tables.ADVANTAGE_BONUS:
            shot.append((LABEL_ADVANTAGE, tables.ADVANTAGE_BONUS))
        if self._messy(entry, p) and tables.MESSY_PAINT_MALUS:
            shot.append((LABEL_MESSY, tables.MESSY_PAINT_MALUS))
        return Reading(tuple(shot), target_parts, shooter, aim, token_point, running, vulnerable)

    def _sweep_parts(self, shot: list[tuple[str, int]], shooter: Stand, vulnerable: tuple[Point, ...],
                     covers: tuple[str | None, str | None]) -> None:
        """The sweep's modifiers over the run's vulnerable points, the runner's and the shooter's
        covers left out (RULES 8.5), added to ``shot``."""
        ignore = _present(*covers)
        posture = shooter.posture
        for t in self.m.sweep(shooter.point, vulnerable, ignore):
            value = tables.sweep_modifier(posture, t.height, t.effect == CROSS)
            if value:
                shot.append((touch_label(t.effect, t.name or t.obstacle, t.height, True), value))

    @staticmethod
    def _run_parts(plan: Plan, n: int) -> Parts:
        """A runner's value: his MOV, his move supports, his ``n`` vulnerable points (RULES 8.5)."""
        return (
            (LABEL_MOV, tables.BASE_MOV),
            *(((LABEL_MOVE_SUPPORTS, tables.SUPPORT_BONUS * plan.move_supports),)
              if plan.move_supports else ()),
            (_vulnerable_label(n), tables.vulnerability_modifier(n)),
        )

    def _first_target(self, entry: ShotEntry) -> tuple[float, float] | None:
        plan = self.plans.get(entry.shooter)
        if plan is None:
            return None
        for f in plan.fires:
            if f.number == 0:
                return self.aim_point(f.target)
        return None

    def _messy(self, entry: ShotEntry, p: Player) -> bool:
        """Messy paint counts until he has cleaned (RULES 7.5). The engine clears ``messy`` when he
        declares a CLEAN, so a shot declared before the CLEAN still counts it."""
        if p.messy:
            return True
        plan = self.plans.get(entry.shooter)
        if plan is None:
            return False
        action = entry.action
        for f in plan.fires:
            if f.action == action:  # not cleaned before this shot, in a sequence with a CLEAN
                actions = self.state.declarations[entry.shooter].actions
                return not f.cleaned and any(isinstance(a, Clean) for a in actions)
        return False


def dodge_dice_for(boulets: int, def_count: int) -> int:
    """The dodge dice of a player carrying ``boulets`` with a DEF count ``def_count``, outside the
    break's prebunk and a run (RULES 9.2, 9.7): none with four boulets; with fewer, his DEF's dice
    but at most the re-dodge's one (B p.23 « n'aura droit qu'à 1 D6 » limits, it gives nothing: with
    0 DEF, none). ``RoundView.dodge_dice`` and the coaches read it."""
    if boulets >= tables.MAX_BOULETS:
        return 0
    if boulets:
        return min(tables.REDODGE_DICE, tables.dodge_dice(def_count))
    return tables.dodge_dice(def_count)


def with_declaration(state: MatchState, decl: Declare) -> MatchState:
    """A shallow copy of ``state`` in which ``decl`` is declared (not applied): for reading what a
    tentative sequence would mean before the coach confirms it."""
    tentative = object.__new__(MatchState)
    tentative.__dict__.update(
        state.__dict__,
        declarations={**state.declarations, decl.player: decl},
        origins={**state.origins, decl.player: state.players[decl.player].point},
    )
    return tentative


def run_exposure(state: MatchState, decl: Declare, m: Measurer) -> dict[str, int]:
    """While a run is drawn: how many of its points each enemy on the field sees and can fire at
    (its vulnerable points for that enemy, RULES 8.5)."""
    view = RoundView(with_declaration(state, decl), m)
    plan = view.plans[decl.player]
    if not plan.move_length:
        return {}
    team = state.players[decl.player].team
    return {
        q.id: len(view.vulnerable_points(view.stand(q.id), decl.player))
        for q in state.players.values() if q.on_field and q.team != team
    }

