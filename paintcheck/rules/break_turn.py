"""The break, turn 1 (RULES 12): secret sheets, prebunk templates, runners, prebunkers finishing.

Phases (RULES 12.1): 1 both coaches hand in a break sheet (``BreakSheet``, secret until both are
in) · 2 the sheets are revealed · 3 every player deploys to his sheet's start point (prebunkers in
their prebunk zone, runners on their base) · 4 templates are laid on the prebunked points, and
prebunkers covered by an enemy template are shot at once · 5 runners act by order number, both
teams together, their sheets read as sequences; every enemy template a run crosses fires at the
runner (runners are immune, inside their own prebunk zone, to templates aimed at it) · 6 the
prebunkers finish their last 2 actions by order number, their templates leaving as they finish;
then turn 2 begins. No reflex or suppressive fire happens during the break (RULES 12.8).

The resolution, dodges, moves and flags are the engine's own: this module only builds the rounds.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache, partial
from typing import Protocol

from paintcheck.field.lattice import Lattice, Point, chebyshev, point_name
from paintcheck.rules import events as ev
from paintcheck.rules import tables
from paintcheck.rules.actions import (
    SUPPORTABLE,
    Action,
    BreakSheet,
    ChooseTarget,
    Declare,
    Def,
    Dump,
    DumpAt,
    Move,
    SheetLine,
    Shot,
    ShotAt,
    Support,
)
from paintcheck.rules.legality import (
    not_an_enemy,
    refusal,
    why_move_illegal,
    why_stance_illegal,
    why_target_unreachable,
)
from paintcheck.rules.measure import Measurer
from paintcheck.rules.plan import Stance, has_def, make_plan
from paintcheck.rules.state import TARGET, MatchState, Player, Resolution, ShotEntry
from paintcheck.rules.step import Step
from paintcheck.rules.values import (
    FINISH,
    LABEL_DISTANCE,
    LABEL_MOV,
    LABEL_MOVE_SUPPORTS,
    LABEL_RUN_ANGLE,
    Reading,
    RoundView,
    impossible_line,
    line_of_fire_total,
    lost,
    with_declaration,
)
from paintcheck.rules.vocab import TEAMS, Posture, ShotKind, Team, side_of
from paintcheck.rules.words import action_words, declaration_words, dropped_words, posture_word
from paintcheck.said import Said

RUNNERS = "runners"
PREBUNK = ShotKind.PREBUNK  # the kind of a template's shot
# what a break sheet may write  [RULES 12.2, B p.32]
SHEET_ACTIONS: tuple[type[Action], ...] = (Def, Support, Move, ShotAt, DumpAt)
LABEL_PREBUNK = Said("rules.label.kind.prebunk")
# why a sheet's action is dropped (ActionDropped.reason)
DROPPED_HOLDS_FIRE = Said("rules.reason.holds_fire")
DROPPED_NOBODY_THERE = Said("rules.reason.nobody_there")
DROPPED_NO_POINTS = Said("rules.reason.no_points_left")


# -- legality ------------------------------------------------------------------------------------------
def line_budget(prebunker: bool) -> int:
    """The action points a break sheet's line may spend (RULES 12.2, 12.3): the 4 actions, less a
    prebunker's 2 for his prebunk."""
    return tables.ACTION_POINTS - (tables.COST_PREBUNK if prebunker else 0)


def why_sheet_illegal(state: MatchState, sheet: BreakSheet, m: Measurer,
                      lines_legal: bool = False) -> Said | None:
    """Why the engine refuses ``sheet``, or None. ``lines_legal``: its writer has judged each line on
    its own (``why_line_illegal`` on this state, none refused), so only what spans lines is judged
    here; the verdict is the same, each line's own part being None."""
    team = sheet.team
    own = sorted(p.id for p in state.team_players(team))
    named = sorted(ln.player for ln in sheet.lines)
    if named != own:
        return refusal("sheet_lines",
                       players=", ".join(own))
    orders = sorted(ln.order for ln in sheet.lines)
    if orders != list(range(1, len(orders) + 1)):
        return refusal("sheet_orders", last=len(orders))
    prebunkers = [ln for ln in sheet.lines if ln.prebunker]
    if sorted(ln.order for ln in prebunkers) != list(range(1, len(prebunkers) + 1)):
        return refusal("sheet_prebunkers_first")
    starts = [ln.start for ln in sheet.lines]
    if len(set(starts)) != len(starts):
        return refusal("sheet_same_start")
    ends: dict[Point, str] = {}
    for ln in sheet.lines:
        reason = None if lines_legal else why_line_illegal(state, team, ln, m)
        if reason:
            return refusal("sheet_line", player=ln.player, reason=reason)
        moves = [a for a in ln.actions if isinstance(a, Move)]
        end = moves[0].end if moves else ln.start
        if end in ends:
            return refusal("sheet_same_end",
                           player=ln.player, other=ends[end])
        ends[end] = ln.player
    return None


def why_line_illegal(state: MatchState, team: str, ln: SheetLine, m: Measurer) -> Said | None:
    """One line of a sheet on its own (the sheet checks orders, starts and ends across lines)."""
    lattice = state.lattice
    if ln.posture not in tables.POSTURES:
        return refusal("posture",
                       posture=repr(ln.posture))
    if not lattice.contains(ln.start) or m.obstacle_at(ln.start) is not None:
        return refusal("sheet_start_free")
    if ln.prebunk is not None:  # a prebunker
        if not lattice.in_prebunk_zone(ln.start, team):
            zone = lattice.prebunk_text()
            return refusal("prebunk_zone",
                           zone=zone)
        if not lattice.contains(ln.prebunk) or ln.prebunk == ln.start:
            return refusal("prebunk_point")
        (touches,) = m.lines_of_fire(ln.start, [ln.prebunk], tuple(c for c in (ln.cover,) if c))
        total, parts = line_of_fire_total(ln.posture, touches)
        if total is None:
            return refusal("prebunk_line",
                           label=parts[0][0])
        budget = line_budget(True)
    else:
        if ln.start not in _base_points(lattice, team):
            return refusal("runner_base",
                           base=lattice.base_text())
        if ln.actions and isinstance(ln.actions[0], ShotAt):  # « sa première action de jeu est un tir »
            return refusal("runner_shoots_first")
        budget = line_budget(False)
    reason = why_stance_illegal(m, ln.start, ln.cover, ln.side)
    if reason:
        return reason
    for i, a in enumerate(ln.actions):
        if not isinstance(a, SHEET_ACTIONS):
            return refusal("sheet_codes", code=a.code)
        if isinstance(a, Support) and (i == 0 or not isinstance(ln.actions[i - 1], SUPPORTABLE)):
            return refusal("sheet_support_follows")
    if sum(isinstance(a, Move) for a in ln.actions) > 1:
        return refusal("one_move")
    aims = [a.point for a in ln.actions if isinstance(a, (ShotAt, DumpAt))]
    if len(set(aims)) != len(aims):  # one shot per target (RULES 7.6); one late choice per line
        return refusal("sheet_one_shot")
    for a in ln.actions:  # judged before the plan is read: a point off the field is never walked
        if isinstance(a, Move):
            reason = _why_sheet_move_illegal(state, ln, a, m)
            if reason:
                return reason
    plan = make_plan(Declare(ln.player, ln.posture, ln.actions, ln.cover, ln.side), ln.start, m)
    if plan.cost > budget:
        return refusal("sheet_cost",
                       cost=plan.cost, points=budget)
    for i, a in enumerate(ln.actions):
        if isinstance(a, ShotAt):
            where = plan.stance_at(i).point
            if a.point is None and not lattice.behind_back_line(where, team):
                return refusal("choose_later", line=lattice.back_line)
            if a.point is not None and not lattice.contains(a.point):
                return refusal("shoot_on_field")
            if a.point is not None:
                reason = _why_sheet_shot_impossible(ln, plan.stance_at(i), a.point, m)
                if reason:
                    return reason
        elif isinstance(a, DumpAt):
            where = plan.stance_at(i).point
            if not lattice.contains(a.point) or a.point == where:
                return refusal("dump_on_field")
            if chebyshev(where, a.point) > tables.DUMP_REACH:
                return refusal("dump_reach",
                               reach=tables.DUMP_REACH)
    return None


def _why_sheet_shot_impossible(ln: SheetLine, stance: Stance, aim: Point, m: Measurer) -> Said | None:
    """A sheet's shot whose line of fire (RULES 8.4) is impossible from where he will stand, with
    his posture, whichever cover the enemy there uses (his cover is left out of the line, as in play)."""
    ignore = tuple(c for c in (stance.cover, *m.covers(aim)) if c)
    (touches,) = m.lines_of_fire(stance.point, [aim], ignore)
    total, parts = line_of_fire_total(ln.posture, touches)
    if total is None:
        return refusal("sheet_shot_line",
                       aim=point_name(aim), point=point_name(stance.point), posture=posture_word(ln.posture),
                       label=parts[0][0])
    return None


def _why_sheet_move_illegal(state: MatchState, ln: SheetLine, move: Move, m: Measurer) -> Said | None:
    """A sheet's move is judged on the empty field: figures move during the break. The move's
    legality reads the mover, the points other figures stand on and the declarations: a probe of
    ``state`` whose only figure is the mover on his start point (not a copy of every player)."""
    mover = _new(Player)
    mover.__dict__ = {**state.players[ln.player].__dict__, "point": ln.start}
    probe = _new(MatchState)
    probe.__dict__ = {**state.__dict__, "players": {ln.player: mover}}
    return why_move_illegal(probe, ln.player, move, m)


_new = object.__new__


@lru_cache(maxsize=64)
def _base_points(lattice: Lattice, team: str) -> tuple[Point, ...]:
    """``lattice.base_points(team)``, made once per field (every line of every sheet asks)."""
    return tuple(lattice.base_points(team))


def _sheet_lines(sheets: dict[str, BreakSheet]) -> tuple[str, ...]:
    """The revealed sheets' lines as text (``SheetsRevealed.lines``), blue's first."""
    return tuple(str(ln) for t in TEAMS for ln in sheets[t].lines)


# -- the engine's break turn ------------------------------------------------------------------------------
class Resolver(Protocol):
    """What the break asks of the resolution (``resolution.ResolutionPhases``)."""

    def resume(self, step: Step) -> None: ...

    def rank(self, step: Step, view: RoundView, entries: list[ShotEntry]
             ) -> tuple[list[ShotEntry], list[int]]: ...

    def sequence_entries(self, view: RoundView) -> list[ShotEntry]: ...


class TurnEnd(Protocol):
    """What the break asks of the engine: whether the match is over, and the start of turn 2."""

    def check_end(self, step: Step) -> bool: ...

    def end_turn(self, step: Step) -> None: ...


class BreakTurn:
    """The break's phases, built from the sheets (RULES 12), given the field's measurer, the
    resolution that fires the round's shots and what ends the turn. The engine calls ``sheet``,
    ``choose``, and ``next_round`` when a break round is over."""

    def __init__(self, m: Measurer, resolution: Resolver, turns: TurnEnd) -> None:
        self.m = m
        self.resolution = resolution
        self.turns = turns

    def sheet(self, step: Step, d: BreakSheet) -> None:
        s = step.state
        s.sheets[d.team] = d
        step.emit(ev.SheetHandedIn(d.team))
        if all(team in s.sheets for team in TEAMS):
            self._start_break(step)

    def _start_break(self, step: Step) -> None:
        s = step.state
        step.emit(ev.SheetsRevealed.later(partial(_sheet_lines, dict(s.sheets))))
        for team in TEAMS:
            for ln in sorted(s.sheets[team].lines, key=lambda x: x.order):
                p = s.players[ln.player]
                p.point, p.cover, p.side = ln.start, ln.cover, side_of(ln.side)
                p.posture = Posture(ln.posture)
                step.emit(ev.Deployed(ln.player, ln.start, ln.prebunk))
        for team in TEAMS:
            for ln in sorted(s.sheets[team].lines, key=lambda x: x.order):
                if ln.prebunk is not None:  # a prebunker
                    s.templates[ln.player] = ln.prebunk
                    step.emit(ev.PrebunkLaid(ln.player, ln.prebunk))
        s.break_stage, s.round = RUNNERS, 0
        entries = []
        for pb, origin in s.templates.items():
            shooter = s.players[pb]
            assert shooter.point is not None  # deployed above
            enemies = [q for q in s.players.values()
                       if q.team != shooter.team and q.id in s.templates and q.on_field]
            points = [q.point for q in enemies if q.point is not None]  # all of them: on the field
            covered = self.m.template_covers(origin, shooter.point, points)
            entries += [ShotEntry(pb, q.id, PREBUNK) for q, hit in zip(enemies, covered, strict=True) if hit]
        if entries:  # prebunk on prebunkers, all at once (RULES 12.4)
            s.resolution = Resolution(entries, [0] * len(entries))
            self.resolution.resume(step)
        else:
            self.next_round(step)

    def next_round(self, step: Step) -> None:
        s = step.state
        if self.turns.check_end(step):
            return
        for k in range(s.round + 1, max(tables.ORDER_TOKENS) + 1):
            active: dict[str, str] = {
                team: ln.player
                for team in TEAMS
                for ln in s.sheets[team].lines
                if ln.order == k and ln.prebunker == (s.break_stage == FINISH)
                and s.players[ln.player].on_field
            }
            if active:
                break
        else:
            if s.break_stage == RUNNERS:
                s.break_stage, s.round = FINISH, 0
                self.next_round(step)
                return
            s.templates, s.break_stage, s.sheets, s.choices = {}, None, {}, {}
            self.turns.end_turn(step)  # turn 2 begins
            return
        s.round, s.active = k, active
        s.declarations, s.origins, s.reactions, s.resolution = {}, {}, [], None
        s.speakers = [t for t in TEAMS if t in active]
        assert s.break_stage is not None  # runners or finish
        step.emit(ev.BreakRound(s.break_stage, k, active.get(Team.BLUE), active.get(Team.WHITE)))
        s.choices = {}
        s.awaiting = [pid for pid in active.values()
                      if any(isinstance(a, ShotAt) and a.point is None for a in self._line(s, pid).actions)]
        if s.awaiting:
            s.phase = TARGET
            return
        self._start_break_round(step)

    def choose(self, step: Step, d: ChooseTarget) -> None:
        s = step.state
        s.choices[d.player] = d.target
        s.awaiting.remove(d.player)
        step.emit(ev.TargetChosen(d.player, d.target))
        if not s.awaiting:
            self._start_break_round(step)

    def _start_break_round(self, step: Step) -> None:
        s = step.state
        for pid in s.active.values():
            self._declare_from_sheet(step, pid)
        view = RoundView(s, self.m)
        prebunk = self._template_shots(view)
        ranked, groups = self.resolution.rank(step, view, self.resolution.sequence_entries(view))
        s.resolution = Resolution([e for _, e in prebunk] + ranked,
                                  [0] * len(prebunk) + [g + 1 for g in groups])
        self.resolution.resume(step)

    def _line(self, s: MatchState, pid: str) -> SheetLine:
        """``pid``'s line of his team's sheet (``BreakSheet.line``, without its generator)."""
        for ln in s.sheets[s.players[pid].team].lines:
            if ln.player == pid:
                return ln
        raise AssertionError(f"{pid} has no line on his sheet")  # never: the round's players are the sheets'

    def _declare_from_sheet(self, step: Step, pid: str) -> None:
        """The sheet's line as this round's sequence: boulets cleared first (they take the first
        action points, the sheet's last actions are dropped), shots at points aimed at whoever
        stands there now (or the target chosen late), a shot at nobody dropped with its supports."""
        s = step.state
        p, ln = s.players[pid], self._line(s, pid)
        assert p.point is not None  # an active player stands on the field
        budget = line_budget(ln.prebunker)
        cleared, p.boulets = p.boulets, 0
        actions, dropping = [], False
        for a in ln.actions:
            if isinstance(a, Support) and dropping:
                continue
            dropping = False
            if isinstance(a, (ShotAt, DumpAt)):
                target = s.choices.get(pid) if a.point is None else self._enemy_at(s, p.team, a.point)
                if target is None:
                    why = DROPPED_HOLDS_FIRE if a.point is None else DROPPED_NOBODY_THERE
                    step.emit(ev.ActionDropped(pid, action_words(a, self.m), why))
                    dropping = True
                    continue
                a = Shot(target) if isinstance(a, ShotAt) else Dump(target)
            actions.append(a)
        while True:  # the last actions dropped until he can pay (cover and side cost nothing)
            decl = Declare(pid, ln.posture, tuple(actions), p.cover, p.side)
            plan = make_plan(decl, p.point, self.m)
            if not actions or plan.cost <= budget - cleared:
                break
            step.emit(ev.ActionDropped(pid, dropped_words(actions[-1], self.m), DROPPED_NO_POINTS))
            actions.pop()
        s.declarations[pid], s.origins[pid] = decl, p.point
        p.posture, p.weakened_from = Posture(ln.posture), None
        p.def_count = plan.def_count
        if ln.prebunker:  # his obstacle protects him only if his finish includes a DEF (RULES 12.6)
            p.bare = not has_def(actions)
        if cleared:
            if cleared == tables.MAX_BOULETS:
                p.def_count = tables.DEF_AFTER_CLEARING_FOUR
            step.emit(ev.BouletsCleared(pid, cleared, p.def_count))
        words = partial(declaration_words, decl, self.m)  # worded when read
        step.emit(ev.SequenceDeclared.later(words, player=pid, cost=plan.cost))

    def _enemy_at(self, s: MatchState, team: str, point: Point) -> str | None:
        q = s.occupant(point)
        return q.id if q is not None and q.team != team else None

    def _template_shots(self, view: RoundView) -> list[tuple[int, ShotEntry]]:
        """Every active enemy template each mover's run crosses, in the order he meets them."""
        s = view.state
        shots = []
        for pid in s.active.values():
            plan = view.plans[pid]
            if not plan.move_length:
                continue
            runner = s.players[pid]
            immune_zone = not self._line(s, pid).prebunker  # RULES 12.5 protects the runners
            for pb, origin in s.templates.items():
                shooter = s.players[pb]
                if shooter.team == runner.team or shooter.point is None or pb in s.active.values():
                    continue
                assert plan.path is not None  # he moves
                crossings: Sequence[int] = self.m.template_crossings(origin, shooter.point, plan.path)
                if immune_zone and s.lattice.in_prebunk_zone(origin, runner.team):
                    crossings = [i for i in crossings
                                 if not (s.lattice.in_prebunk_zone(plan.path[i], runner.team)
                                         and s.lattice.in_prebunk_zone(plan.path[i + 1], runner.team))]
                if crossings:
                    shots.append((min(crossings), ShotEntry(pb, pid, PREBUNK)))
        shots.sort(key=lambda x: x[0])
        return shots


def template_reading(view: RoundView, entry: ShotEntry) -> Reading:
    """A template's shot (RULES 12.4): 10 + distance band (prebunker -> origin) + line of fire
    (prebunker -> origin) + the run-angle bonus against the template's line, against the runner's
    movement value without vulnerability (10 + supports), or a prebunker's protection 10."""
    s, m = view.state, view.m
    origin = s.templates[entry.shooter]
    shooter = view.stand(entry.shooter)
    parts: list[tuple[str, int]] = [(LABEL_PREBUNK, tables.BASE_SHOT),
             (LABEL_DISTANCE, tables.distance_modifier(m.distance(shooter.point, origin)))]
    (touches,) = m.lines_of_fire(shooter.point, [origin], tuple(c for c in (shooter.cover,) if c))
    total, lof = line_of_fire_total(shooter.posture, touches)
    if total is None:
        return lost(impossible_line(lof[0][0]))
    parts.extend(lof)
    plan = view.plans.get(entry.target)
    if plan is not None and plan.move_length:
        assert plan.path is not None  # he moves
        (x0, y0), (x1, y1) = plan.path[0], plan.path[-1]
        run = (x1 - x0, y1 - y0)
        line = (shooter.point[0] - origin[0], shooter.point[1] - origin[1])
        phi = m.angle_between((0, 0), run, line)
        parts.append((LABEL_RUN_ANGLE, tables.run_angle_bonus(min(phi, 180.0 - phi))))
        target_parts = ((LABEL_MOV, tables.BASE_MOV),) + (
            ((LABEL_MOVE_SUPPORTS, tables.SUPPORT_BONUS * plan.move_supports),) if plan.move_supports else ())
        return Reading(tuple(p for p in parts if p[1] or p[0] == PREBUNK), target_parts, shooter,
                       origin, plan.end, True)
    target = s.players[entry.target]
    return Reading(tuple(p for p in parts if p[1] or p[0] == PREBUNK), view.protection(entry.target),
                   shooter, origin, target.point, False)



def late_declaration(state: MatchState, player: str, target: str) -> Declare:
    """``player``'s sheet line as a sequence with his shot "chosen later" aimed at ``target``
    (RULES 12.2): what a late target is judged on, and what its odds read."""
    p = state.players[player]
    line = state.sheets[p.team].line(player)
    assert line is not None  # he awaits his target: his line holds the shot
    return Declare(player, line.posture, tuple(Shot(target) if isinstance(a, ShotAt) and a.point is None
                                               else a for a in line.actions), p.cover, p.side)


def why_choice_illegal(state: MatchState, d: ChooseTarget, m: Measurer) -> Said | None:
    """A late target (RULES 12.2): an enemy on the field he can shoot from where he will shoot."""
    if d.player not in state.awaiting:
        return refusal("no_shot_to_aim", player=d.player)
    if d.target is None:
        return None
    target = state.players.get(d.target)
    p = state.players[d.player]
    if target is None or not target.on_field or target.team == p.team:
        return not_an_enemy(d.target)
    decl = late_declaration(state, d.player, d.target)
    view = RoundView(with_declaration(state, decl), m)
    fire = next(f for f in view.plans[d.player].fires if f.target == d.target)
    return why_target_unreachable(view, view.stand(d.player, fire.action), d.target)
