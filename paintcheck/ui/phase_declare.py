"""Declaring a sequence at the window (RULES 5): posture, cover and side, then the actions; a run
is drawn point by point on the field, refused in red as it is drawn; every button is greyed with
the engine's own sentence. ``Draft`` is the sequence being written.

Owns: the draft (``DeclareRoom.draft``) and what is remembered of it (its run's exposure, its way
round, its odds). Given: the ``Desk`` (the session, the coach at the screen, the board's transform
and mouse, the engine's door), the controls its buttons go in and the ``Stances`` it offers.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field

import pygame

from paintcheck.field.lattice import Point, point_name
from paintcheck.odds.forecast import Defence, Forecast, defence, forecasts
from paintcheck.rules import tables
from paintcheck.rules.actions import (
    Clean,
    ClearBoulet,
    Declare,
    Def,
    Dump,
    DumpAt,
    Move,
    Reload,
    Shot,
    ShotAt,
    SideChange,
    Support,
)
from paintcheck.rules.legality import why_move_illegal, why_start_stance_illegal
from paintcheck.rules.plan import make_plan
from paintcheck.rules.route import route
from paintcheck.rules.state import MatchState
from paintcheck.rules.values import run_exposure
from paintcheck.rules.words import obstacle_name
from paintcheck.ui import overlays, theme
from paintcheck.ui.event_words import words as engine_words
from paintcheck.ui.i18n import tr
from paintcheck.ui.match_desk import Desk, Room, RunPreview
from paintcheck.ui.stances import Stances, said
from paintcheck.ui.widgets import Controls

THROUGH = ("rules.refusal.move_through_obstacle", "rules.refusal.move_through_player")  # routed round


log = logging.getLogger(__name__)


@dataclass
class Draft:
    """The sequence a coach is declaring, before he confirms it."""

    pid: str
    posture: str
    cover: str | None
    side: str | None
    actions: list = field(default_factory=list)
    locked: int = 0  # mandatory first actions (boulets to clear): undo stops there
    move_mode: bool = False
    waypoints: list = field(default_factory=list)
    armed: str | None = None  # "dump": the next enemy clicked is dumped

    def declaration(self, *extra) -> Declare:
        return Declare(self.pid, self.posture, (*self.actions, *extra), self.cover, self.side)


class DeclareRoom(Room):
    """The declaration phase: the draft, its buttons, its run being drawn, its odds."""

    def __init__(self, desk: Desk, controls: Controls, stances: Stances) -> None:
        self.desk = desk
        self.controls = controls
        self.stances = stances
        self.draft: Draft | None = None
        self._exposure_key: object = None
        self._exposure: dict[str, int] = {}
        self._refused: str | None = None
        self._routed_key: object = None
        self._routed: tuple[Point, ...] = ()
        self._forecast_key: object = None
        self._forecast: list[tuple[str, tuple]] = []

    def start_draft(self, pid: str) -> None:
        """The activated player's draft: his cover and side kept if he still stands by it (RULES
        5.1), his boulets' clearing written first (RULES 9.4)."""
        session = self.desk.session
        p = session.state.players[pid]
        covers = session.m.covers(p.point)
        cover = p.cover if p.cover in covers else (covers[0] if covers else None)
        side = self.stances.start_side(pid, cover, p.side if cover == p.cover else None)
        self.draft = Draft(pid, p.posture, cover, side, [ClearBoulet()] * p.boulets, p.boulets)

    def build(self) -> None:
        if self.draft is None:
            return
        c, d, m = self.controls, self.draft, self.desk.session.m
        caption = self.desk.caption
        p = self.desk.session.state.players[d.pid]
        caption(tr("match.declare.posture"))
        for posture in tables.POSTURES:
            c.add(f"posture-{posture}", tr(f"match.posture.{posture}"),
                  lambda v=posture: self.set_stance(posture=v), chosen=d.posture == posture, width=86)
        covers = m.covers(p.point)
        state = self.desk.session.state
        if covers:
            caption(tr("match.declare.cover"), gap=4)
            for cov in covers:
                c.add(f"cover-{cov}", self.stances.cover_name(cov), lambda v=cov: self.set_stance(cover=v),
                      chosen=d.cover == cov)
            caption(tr("match.declare.side"), gap=4)
            for side in tables.SIDES:
                c.add(f"side-{side}", tr(f"match.side.{side}"), lambda v=side: self.set_stance(side=v),
                      chosen=d.side == side, width=66,
                      reason=said(why_start_stance_illegal(state, m, d.pid, d.cover, side)))
        c.newline()
        # the sequence's own buttons come before the rows that come and go (a move's points, its
        # arrival): they never move under the mouse while the sequence is written
        more = len(d.actions) > d.locked
        c.add("undo", tr("match.declare.undo"), self.undo,
              None if more or d.move_mode else tr("match.declare.nothing_to_undo"))
        c.add("clear-seq", tr("match.declare.clear"), self.clear_sequence,
              None if more else tr("match.declare.nothing_to_clear"))
        c.add("confirm", tr("match.declare.confirm"), self.confirm_sequence,
              self.desk.why_not(d.declaration()) if not d.move_mode
              else tr("match.declare.finish_move_first"), primary=True)
        c.newline(12)
        if d.move_mode:
            caption(tr("match.declare.run_caption"))
            c.newline()
            c.add("move-finish", tr("match.declare.finish_move"), self.finish_move,
                  None if d.waypoints else tr("match.declare.arrival_needed"), primary=True)
            c.add("move-back", tr("match.declare.remove_point"), self.remove_waypoint,
                  None if d.waypoints else tr("match.declare.no_point"))
            c.add("move-cancel", tr("match.declare.cancel_move"), self.cancel_move)
        else:
            caption(tr("match.declare.add"))
            c.add("act-DEF", tr("match.declare.def"), lambda: self.add_action(Def()), self.why_with(Def()))
            c.add("act-SUP", tr("match.declare.support"), lambda: self.add_action(Support()),
                  self.why_with(Support()), hint=tr("match.declare.support_hint"))
            c.add("act-MOV", tr("match.declare.move"), self.start_move, self.why_move_possible(),
                  hint=tr("match.declare.move_hint"))
            c.add("act-DUMP", tr("match.declare.dump"), self.arm_dump, self.why_dump_possible(),
                  chosen=d.armed == "dump", hint=tr("match.declare.dump_hint"))
            if d.cover is not None or any(isinstance(a, Move) for a in d.actions):
                for side in tables.SIDES:
                    action = SideChange(side)
                    c.add(f"act-SIDE-{side}", tr(f"match.declare.side_change.{side}"),
                          lambda a=action: self.add_action(a), self.why_with(action))
            if p.boulets:
                c.add("act-CLEAR", tr("match.declare.clear_boulet"), lambda: self.add_action(ClearBoulet()),
                      self.why_with(ClearBoulet()))
            if p.messy:
                c.add("act-CLEAN", tr("match.declare.clean"), lambda: self.add_action(Clean()),
                      self.why_with(Clean()))
            if p.reload:
                c.add("act-RELOAD", tr("match.declare.reload"), lambda: self.add_action(Reload()),
                      self.why_with(Reload()))
            c.newline()
            last = d.actions[-1] if d.actions else None
            if isinstance(last, Move):
                self.stances.arrival_buttons("arrive", last, self.set_arrival)

    # -- the board ----------------------------------------------------------------------------------
    def click(self, pos: tuple[int, int], pid: str | None) -> bool:
        """A run's next point while a run is drawn; else an enemy figure shot (or dumped when armed)."""
        d = self.draft
        if d is None:
            return False
        if d.move_mode:
            point = self.desk.t.nearest_point(*pos)
            if point is not None:
                self.add_waypoint(point)
            return True
        if pid is not None and self.desk.session.state.players[pid].team != self.desk.viewer:
            self.click_enemy(pid)
            return True
        return False

    def hover(self, pid: str | None) -> str | None:
        """The run's refusal as it is drawn; over an enemy, the shot (or the dump) and why not."""
        d = self.draft
        if d is not None and d.move_mode:
            run = self.run_preview(self.desk.state)
            return tr("match.hover.run_refused", reason=run[2]) if run is not None and run[2] else None
        if pid is None or self.desk.session.state.players[pid].team == self.desk.viewer or d is None:
            return None
        action = Dump(pid) if d.armed == "dump" else Shot(pid)
        reason = self.why_with(action)
        verb = "dump" if d.armed == "dump" else "shoot"
        if reason:
            return tr(f"match.hover.{verb}_refused", target=pid, reason=reason)
        return tr(f"match.hover.{verb}_click", target=pid)

    def key(self) -> object:
        d = self.draft
        if d is None:
            return None
        hover = self.desk.board_point() if d.move_mode else None
        return d.pid, d.posture, d.cover, d.side, tuple(d.actions), d.move_mode, tuple(d.waypoints), hover

    def sequence(self) -> Declare | None:
        """The sequence being declared, drawn on the board with the declared ones."""
        d = self.draft
        return d.declaration() if d is not None and d.actions else None

    def draw_panel(self, surface: pygame.Surface, state: MatchState, x: int, y: int, w: int,
                   bottom: int) -> int:
        return y if self.draft is None else self.draw_sequence_line(surface, x, y, w)

    # -- the draft ----------------------------------------------------------------------------------
    def why_with(self, action: object) -> str | None:
        """Why ``action`` cannot be added: the points all used first (a complete sequence is no
        error), else the engine's sentence for the sequence with it."""
        assert self.draft is not None
        return self.points_used() or self.desk.why_not(self.draft.declaration(action))

    def points_used(self) -> str | None:
        assert self.draft is not None
        cost = self.cost(self.draft.declaration())
        if cost is not None and cost >= tables.ACTION_POINTS:
            return tr("match.declare.points_used", used=cost, points=tables.ACTION_POINTS)
        return None

    def why_move_possible(self) -> str | None:
        assert self.draft is not None
        if any(isinstance(a, Move) for a in self.draft.actions):
            return tr("match.declare.one_move")
        return self.points_used()

    def why_dump_possible(self) -> str | None:
        return self.points_used()

    def cost(self, decl: Declare) -> int | None:
        session = self.desk.session
        p = session.state.players[decl.player]
        try:
            return make_plan(decl, p.point, session.m).cost
        except Exception:  # noqa: BLE001 - a draft the plan cannot read has no cost to show
            log.debug("no cost for %s", decl, exc_info=True)
            return None

    def set_stance(self, posture: str | None = None, cover: str | None = None,
                   side: str | None = None) -> None:
        d = self.draft
        assert d is not None
        if posture is not None:
            d.posture = posture
        if cover is not None:
            d.cover = cover
            d.side = self.stances.start_side(d.pid, cover, d.side)
        if side is not None:
            d.side = side
        self.desk.rebuild()

    def set_arrival(self, cover: str | None = None, side: str | None = None) -> None:
        d = self.draft
        assert d is not None
        d.actions[-1] = self.stances.arrived(d.actions[-1], cover, side)
        self.desk.rebuild()

    def add_action(self, action: object) -> bool:
        assert self.draft is not None
        reason = self.why_with(action)
        if reason is not None:
            self.desk.flash(reason, error=True)
            return False
        self.draft.actions.append(action)
        self.draft.armed = None
        self.desk.quiet()
        self.desk.rebuild()
        return True

    def arm_dump(self) -> None:
        assert self.draft is not None
        self.draft.armed = None if self.draft.armed == "dump" else "dump"
        self.desk.rebuild()

    def start_move(self) -> None:
        assert self.draft is not None
        self.draft.move_mode = True
        self.draft.waypoints = []
        self.draft.armed = None
        self.desk.rebuild()

    def cancel_move(self) -> None:
        assert self.draft is not None
        self.draft.move_mode = False
        self.draft.waypoints = []
        self.desk.rebuild()

    def remove_waypoint(self) -> None:
        assert self.draft is not None
        if self.draft.waypoints:
            self.draft.waypoints.pop()
        self.desk.rebuild()

    def add_waypoint(self, point: Point) -> None:
        d = self.draft
        assert d is not None
        if d.waypoints and d.waypoints[-1] == point:
            self.finish_move()
            return
        d.waypoints.extend(self.routed(d.waypoints, point))
        self.desk.rebuild()

    def routed(self, waypoints: list[Point], point: Point) -> tuple[Point, ...]:
        """The waypoints to reach ``point`` after ``waypoints``: ``point`` itself, or, when the straight
        way passes through an obstacle or a figure, the shortest way round (``rules.route``) if the
        engine takes the run that way."""
        assert self.draft is not None
        session = self.desk.session
        s, m, pid = session.state, session.m, self.draft.pid
        key = (id(s), s.decisions, pid, tuple(waypoints), point)
        if key == self._routed_key:
            return self._routed
        way: tuple[Point, ...] = (point,)
        arrival = self.stances.arrival_move
        straight = why_move_illegal(s, pid, arrival([*waypoints, point]), m)
        if getattr(straight, "key", None) in THROUGH:
            start = s.players[pid].point
            before = len(m.path(start, tuple(waypoints))) - 1 if waypoints else 0
            found = route(m, s, pid, waypoints[-1] if waypoints else start, point, tables.MAX_MOVE - before)
            taken = found is not None and why_move_illegal(s, pid, arrival([*waypoints, *found]), m) is None
            if found is not None and taken:
                way = tuple(found)
        self._routed_key, self._routed = key, way
        return way

    def finish_move(self) -> None:
        d = self.draft
        assert d is not None
        if not d.waypoints:
            return
        move = self.stances.arrival_move(d.waypoints)
        if self.add_action(move):
            d.move_mode = False
            d.waypoints = []
            self.desk.rebuild()

    def undo(self) -> None:
        d = self.draft
        if d is None:
            return
        if d.move_mode:
            if d.waypoints:
                d.waypoints.pop()
            else:
                d.move_mode = False
        elif len(d.actions) > d.locked:
            d.actions.pop()
        self.desk.rebuild()

    def clear_sequence(self) -> None:
        d = self.draft
        assert d is not None
        del d.actions[d.locked:]
        d.move_mode, d.waypoints, d.armed = False, [], None
        self.desk.rebuild()

    def confirm_sequence(self) -> None:
        assert self.draft is not None
        self.desk.apply(self.draft.declaration())

    def click_enemy(self, pid: str) -> None:
        d = self.draft
        assert d is not None
        action = Dump(pid) if d.armed == "dump" else Shot(pid)
        self.add_action(action)

    def run_preview(self, state: MatchState) -> RunPreview | None:
        """The run being drawn (path, exposure per enemy, why the engine refuses it), or None."""
        d = self.draft
        if d is None or not d.move_mode:
            return None
        session = self.desk.session
        waypoints = list(d.waypoints)
        hover = self.desk.board_point()
        if hover is not None and (not waypoints or waypoints[-1] != hover):
            waypoints.extend(self.routed(waypoints, hover))  # the way round, shown before the click
        if not waypoints:
            return None
        p = state.players[d.pid]
        path = session.m.path(p.point, tuple(waypoints))
        key = (tuple(waypoints), tuple(d.actions))
        if key != self._exposure_key:
            self._refused = said(why_move_illegal(session.state, d.pid, self.stances.arrival_move(waypoints),
                                                  session.m))
            decl = overlays.pending_move_declaration(d.declaration(), waypoints)
            try:
                self._exposure = {} if self._refused else run_exposure(state, decl, session.m)
            except Exception:  # noqa: BLE001 - a run the engine cannot read has no exposure to show
                log.debug("no exposure for %s", decl, exc_info=True)
                self._exposure = {}
            self._exposure_key = key
        return path, self._exposure, self._refused

    def draw_sequence_line(self, surface: pygame.Surface, x: int, y: int, w: int) -> int:
        d = self.draft
        assert d is not None
        decl = d.declaration()
        cost = self.cost(decl)
        left = tables.ACTION_POINTS - (cost or 0)
        m = self.desk.session.m
        seq = ", ".join(action_words(a, m) for a in d.actions) or tr("match.declare.no_action")
        if d.move_mode:
            seq = tr("match.declare.drawing", actions=seq)
        words = tr("match.declare.sequence", player=d.pid, posture=tr(f"match.posture.{d.posture}"),
                   actions=seq)
        theme.blit_text(surface, tr("match.declare.points_left", left=left, points=tables.ACTION_POINTS),
                        (x, y), 15, theme.TEXT_GOOD if left >= 0 else theme.TEXT_WARN, True)
        y += 19
        for line in theme.wrap(words, 13, w)[:2]:
            theme.blit_text(surface, line, (x, y), 13, theme.TEXT)
            y += 16
        for line, colour in self.forecast_lines(decl):
            for part in theme.wrap(line, 13, w)[:2]:
                theme.blit_text(surface, part, (x, y), 13, colour)
                y += 16
        return y

    def forecast_lines(self, decl: Declare) -> list[tuple[str, tuple]]:
        """Each shot of the sequence being declared: what it needs and its odds, read by the engine
        on this coach's own view, with a word when the other side has yet to declare; then what the
        sequence leaves him if he is hit (a warning: no dodge) and who sees his run (remembered
        while the sequence and the match stay the same)."""
        session = self.desk.session
        s = session.state
        key = (id(s), s.decisions, decl)
        if key != self._forecast_key:
            seen = self.desk.state
            try:
                shots = forecasts(session.m, seen, decl)
                guard = defence(session.m, seen, decl)
            except Exception:  # noqa: BLE001 - a sequence the engine cannot read yet has no odds to show
                log.debug("no odds for %s", decl, exc_info=True)
                shots, guard = [], Defence(0, None, ())
            lines = [(odds_words(f), theme.TEXT_GOOD) for f in shots]
            later = [pid for team, pid in s.active.items()
                     if team != self.desk.viewer and pid not in s.declarations]
            if shots and later:
                lines.append((tr("match.odds.before_declaring", player=later[0]), theme.TEXT_DIM))
            if guard.no_dodge:
                warning = tr("match.declare.no_dodge", reason=engine_words(guard.no_dodge))
                lines.append((warning, theme.TEXT_WARN))
            if any(isinstance(a, Move) for a in decl.actions):
                seen_by = ", ".join(guard.seen_by)
                lines.append((tr("match.declare.run_seen", players=seen_by), theme.TEXT_WARN) if seen_by
                             else (tr("match.declare.run_unseen"), theme.TEXT_DIM))
            self._forecast_key, self._forecast = key, lines
        return self._forecast


def odds_words(f: Forecast) -> str:
    """"shot at W2: needs 12 · eliminated 23%, dodged 17%, missed 60%"."""
    if f.lost:
        return tr("match.odds.no_shot", target=f.target, reason=engine_words(f.lost))
    o = f.odds
    percent = theme.percent
    if f.dodge_dice:
        return tr("match.odds.line_dodge", target=f.target, required=f.required,
                  eliminated=percent(o.eliminated), dodged=percent(o.dodged_one_die + o.dodged_two_dice),
                  missed=percent(o.miss))
    return tr("match.odds.line", target=f.target, required=f.required, eliminated=percent(o.eliminated),
              missed=percent(o.miss))


def side_words(side: str | None) -> str:
    return tr(f"match.side.{side}") if side in tables.SIDES else str(side)


def action_words(action, m, point=point_name, cover_name=None) -> str:
    """An action as the coach reads it in his language: DEF, SUP / soutien, SHOT W2 / TIR W2, a run's
    points (``point`` writes them) and where it ends (``cover_name`` names an obstacle; by default
    "the cylinder at B:H6")."""
    if isinstance(action, Move):
        points = ">".join(point(p) for p in action.waypoints)
        if not action.cover:
            return tr("match.action.move", points=points)
        if cover_name is not None:
            return tr("match.action.move_behind", points=points, cover=cover_name(action.cover),
                      side=side_words(action.side))
        return tr("match.action.move_to", points=points, cover=engine_words(obstacle_name(m, action.cover)),
                  side=side_words(action.side))
    if isinstance(action, Def):
        return tr("match.action.def")
    if isinstance(action, Support):
        return tr("match.action.support")
    if isinstance(action, Shot):
        return tr("match.action.shot", target=action.target)
    if isinstance(action, Dump):
        return tr("match.action.dump", target=action.target)
    if isinstance(action, SideChange) and action.side in tables.SIDES:
        return tr(f"match.action.side.{action.side}")
    if isinstance(action, ShotAt):
        return tr("match.action.shot_at", point=point(action.point)) if action.point else tr(
            "match.action.shot_later")
    if isinstance(action, DumpAt):
        return tr("match.action.dump_at", point=point(action.point))
    kind = {ClearBoulet: "clear", Clean: "clean", Reload: "reload"}.get(type(action))
    return tr(f"match.action.{kind}") if kind else engine_words(str(action))
