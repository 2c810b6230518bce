"""The match table: the field, the instruments and a coach's turn, hot-seat.

The scene draws only a *view* of the match: the deciding coach's (``viewer``) while he alone looks,
the public one otherwise; ``ui.holder`` says when the screen must change hands first
(``HandOverScene``). Every choice is checked with the engine (``why_illegal`` on the tentative
decision, ``reaction_options``) and greyed with the engine's sentence; every change goes through
``MatchSession.apply`` (the engine's one door).
"""

from __future__ import annotations

import html
from dataclasses import dataclass, field

import pygame
from pygame_gui.elements import UITextBox

from paintcheck.field.lattice import FORWARD
from paintcheck.rules import events as ev
from paintcheck.rules import tables
from paintcheck.rules.actions import (
    AssignOrders,
    ChooseTarget,
    Clean,
    ClearBoulet,
    Declare,
    Def,
    Dodge,
    Dump,
    Move,
    React,
    Reload,
    Shot,
    SideChange,
    Support,
)
from paintcheck.rules.break_turn import PREBUNK
from paintcheck.rules.legality import reaction_options, why_move_illegal, why_stance_illegal
from paintcheck.rules.plan import make_plan
from paintcheck.rules.state import DECLARE, DODGE, ORDERS, OVER, REACT, SHEETS, TARGET, MatchState
from paintcheck.rules.values import run_exposure
from paintcheck.rules.words import action_words
from paintcheck.ui import overlays, playback, theme
from paintcheck.ui.fieldview import (
    FieldRenderer,
    draw_figure,
    draw_flags,
    draw_suppressive_tokens,
    draw_template,
)
from paintcheck.ui.holder import secret_words
from paintcheck.ui.resolution_view import draw_resolution
from paintcheck.ui.scenes import Scene
from paintcheck.ui.sheet_editor import SheetEditor
from paintcheck.ui.transform import FieldTransform
from paintcheck.ui.widgets import Controls

PHASE_WORDS = {ORDERS: "order tokens", DECLARE: "declarations", REACT: "reactions", DODGE: "dodge",
               SHEETS: "break sheets", TARGET: "target choice", OVER: "match over"}
RESOLUTION_EVENTS = (ev.Moved, ev.SpeedTest, ev.ShotResolved, ev.DumpResolved, ev.DodgeRolled, ev.Eliminated,
                     ev.ShotLost, ev.Dodged, ev.Fumble, ev.MatchEnded, ev.SheetsRevealed, ev.BreakRound,
                     ev.TargetChosen, ev.TemplateLifted, ev.FlagMoved)


LOG_BOX_KEEP, LOG_BOX_MAX = 80, 160
DRAG_PIXELS = 6  # a right press that moves this far lays the ruler instead of shading a view


def _apart(a, b) -> bool:
    return abs(a[0] - b[0]) + abs(a[1] - b[1]) >= DRAG_PIXELS


def _log_html(e) -> str:
    words = html.escape(e.text)
    if isinstance(e, (ev.TurnStarted, ev.TokensRevealed, ev.MatchEnded)):
        return f"<b>{words}</b>"
    if isinstance(e, ev.Eliminated):
        return f"<font color='#ff8080'>{words}</font>"
    if isinstance(e, ev.Rolled):
        return f"<font color='#a0a8b0'>{words}</font>"
    return words


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


class MatchScene(Scene):
    name = "match"

    def __init__(self, app) -> None:
        super().__init__(app)
        self.tools = Controls(app.manager)
        self.renderer: FieldRenderer | None = None
        self.log_box: UITextBox | None = None
        self.session = None
        self.telling = playback.Telling()

    # -- entering, leaving, layout ----------------------------------------------------------------
    def enter(self, persist: dict) -> None:
        session = self.app.session
        kept = None
        if persist.get("keep") and session is self.session:  # back from "How to play": drafts stay
            kept = (self.draft, self.sheet, self.orders_draft, self.next_token, self.chosen_reactions,
                    self.inst, self.tool)
        if session is not self.session or self.renderer is None:
            self.renderer = FieldRenderer(session.table.field)
            self.telling = playback.Telling()
        self.session = session
        self.viewer = persist.get("viewer")
        self.private = False  # the viewer's secrets are drawn (he alone looks): set by sync()
        self.inst = overlays.Instruments()
        self.tool: str | None = None
        self._right_press = None  # where the right button went down (a drag lays the ruler)
        self.mouse = (0, 0)
        self.draft: Draft | None = None
        self.sheet: SheetEditor | None = None
        self.flag_view: list = []
        self.orders_draft: dict[str, int] = {}
        self.next_token: int | None = None
        self.chosen_reactions: list = []
        self.hover_reason: str | None = None
        self.captions: list = []
        self._exposure_key = None
        self._exposure: dict = {}
        self._refused: str | None = None
        self._readings_key = None
        self._readings = (None, None, None)
        self._logged = 0
        super().enter(persist)
        self.sync()
        if kept is not None and self.app.scene is self:
            (self.draft, self.sheet, self.orders_draft, self.next_token, self.chosen_reactions,
             self.inst, self.tool) = kept
            self.build_tools()
            self.rebuild()

    def exit(self) -> None:
        self.tools.clear()
        if self.log_box is not None:
            self.log_box.kill()
            self.log_box = None
        super().exit()

    def layout(self, size) -> None:
        w, h = size
        fw = min(int(h * 0.72), w - 620)
        self.field_area = pygame.Rect(0, 0, fw, h)
        self.t = FieldTransform.fit(tuple(self.field_area), self.session.table.field.lattice)
        self.panel = pygame.Rect(fw, 0, w - fw, h)
        self.px, self.pw = fw + 12, w - fw - 24
        self.log_h = max(160, int(h * 0.25))
        self.log_rect = pygame.Rect(self.px, h - self.log_h - 10, self.pw, self.log_h)
        if self.log_box is not None:
            self.log_box.kill()
        self.log_box = UITextBox("", self.log_rect, self.app.manager)
        self._logged = self._box_lines = 0
        self.log_lines: list[str] = []  # every line told, in order
        self.append_log()
        self.build_tools()
        self.rebuild()

    def build_tools(self) -> None:
        t = self.tools
        t.start(self.px, 112, self.pw)
        t.row_height = 28
        t.add("tool-ruler", "Ruler (R)", self.toggle_ruler, chosen=self.tool == "ruler",
              hint="drag from a target (a figure or a point) to a shooter; the right button drags it "
                   "at any time, without the phase losing a click")
        t.add("tool-protractor", "Protractor (P)", self.toggle_protractor, chosen=self.inst.protractor,
              hint="the protractor sits on the ruler's target, aligned with his cover")
        t.add("tool-clear", "Put instruments away", self.clear_instruments)
        t.add("tell-again", "Tell again (T)", self.tell_again,
              hint="the last resolution told once more, the board going back to before it")
        t.add("save", "Save", self.save)
        t.add("load", "Load", self.load)
        t.add("help", "How to play", self.show_help)
        t.add("title", "Title", lambda: self.app.switch("title"))
        self.controls_top = t.bottom + 10

    # -- whose turn, hand-over ----------------------------------------------------------------------------
    def sync(self) -> None:
        """After every decision: hand over when the next screen would show a coach's secrets to
        someone else (ui.holder); otherwise the deciding coach plays on the board he may see."""
        s = self.session
        team = s.to_move()
        handover, self.private = self.app.holder.next(s.state, team)
        if handover:
            self.app.switch("handover", team=team, why=self.handover_reason(team),
                            secret=secret_words(s.state))
            return
        if team is not None:
            self.viewer = team
        self.start_phase()

    def handover_reason(self, team: str) -> str:
        phase = self.session.state.phase
        words = {ORDERS: "gives his order tokens", DECLARE: "declares his player's sequence",
                 REACT: "declares his reactions", DODGE: "rolls his dodge dice",
                 SHEETS: "fills his break sheet", TARGET: "chooses his player's target"}
        return f"Next: the {theme.TEAM_NAME[team]} coach {words.get(phase, 'decides')}."

    def start_phase(self) -> None:
        s = self.session.state
        self.draft = None
        self.sheet = SheetEditor(self, self.viewer) if s.phase == SHEETS and self.deciding() else None
        self.chosen_reactions = []
        self.orders_draft = {}
        self.next_token = None
        if s.phase == DECLARE and self.viewer is not None:
            pid = s.active[self.viewer]
            p = s.players[pid]
            covers = self.session.m.covers(p.point)
            cover = p.cover if p.cover in covers else (covers[0] if covers else None)
            side = self.default_side(cover, p.side if cover == p.cover else None, p.point)
            self.draft = Draft(pid, p.posture, cover, side, [ClearBoulet()] * p.boulets, p.boulets)
        self.rebuild()

    def default_side(self, cover, wanted, point):
        """The side he plays behind ``cover`` from ``point``: ``wanted`` when it is possible there,
        else the side of the obstacle he stands on, as his coach sees it facing the enemy base
        (right behind it: over a low one, else toward the middle of the field)."""
        if cover is None:
            return None
        m = self.session.m
        if wanted is not None and why_stance_illegal(m, point, cover, wanted) is None:
            return wanted
        obstacle = m.obstacle(cover)
        centre_x = sum(x for x, _ in obstacle.points) / len(obstacle.points)
        left_x = -FORWARD[self.viewer or "blue"]  # his left, in x, facing the enemy base
        dx = point[0] - centre_x
        if abs(dx) < 0.5:
            if obstacle.overable:
                return "over"
            dx = (self.session.table.field.lattice.columns - 1) / 2 - centre_x or 1.0
        return "left" if dx * left_x > 0 else "right"

    # -- the state as this coach sees it ----------------------------------------------------------
    @property
    def state(self) -> MatchState:
        """What the coach at the screen may see, with his draft order tokens on it."""
        seen = self.session.view(self.viewer if self.private else None)
        if self.orders_draft and self.viewer is not None and seen.phase == ORDERS:
            seen.orders[self.viewer] = dict(self.orders_draft)
        return seen

    def deciding(self) -> bool:
        return self.viewer is not None and self.session.to_move() == self.viewer

    # -- the phase's buttons ----------------------------------------------------------------------
    def rebuild(self) -> None:
        c = self.controls
        c.start(self.px, self.controls_top, self.pw)
        c.row_height = 28
        self.captions = []
        phase = self.session.state.phase
        builders = {ORDERS: self.build_orders, DECLARE: self.build_declare, REACT: self.build_react,
                    DODGE: self.build_dodge, SHEETS: self.build_sheet, TARGET: self.build_target,
                    OVER: self.build_over}
        if not self.playing() and (self.deciding() or phase == OVER):  # choices once the board has caught up
            builders[phase]()
        self.readings_top = c.bottom + 34

    def build_over(self) -> None:
        self.controls.add("result", "See the result", self.show_result, primary=True)

    def build_sheet(self) -> None:
        if self.sheet is not None:
            self.sheet.build(self.controls)

    def caption(self, words: str) -> None:
        rect = self.controls.label_space(theme.font(13).size(words)[0] + 8)
        self.captions.append((rect, words))

    def build_orders(self) -> None:
        c = self.controls
        self.caption("Token to give:")
        used = set(self.orders_draft.values())
        for k in tables.ORDER_TOKENS:
            c.add(f"token-{k}", str(k), lambda k=k: self.pick_token(k), chosen=self.next_token == k,
                  reason=f"token {k} is already given" if k in used else None, width=36)
        c.add("orders-clear", "Take all back", self.clear_orders)
        c.newline()
        decision = AssignOrders(self.viewer, tuple(sorted(self.orders_draft.items())))
        c.add("orders-confirm", "Confirm order tokens", self.confirm_orders,
              self.session.why_illegal(decision), primary=True)

    def build_declare(self) -> None:
        if self.draft is None:
            return
        c, d, m = self.controls, self.draft, self.session.m
        p = self.session.state.players[d.pid]
        self.caption("Posture:")
        for posture in tables.POSTURES:
            c.add(f"posture-{posture}", posture, lambda v=posture: self.set_stance(posture=v),
                  chosen=d.posture == posture, width=86)
        covers = m.covers(p.point)
        if covers:
            self.caption(" Cover:")
            for cov in covers:
                c.add(f"cover-{cov}", self.cover_name(cov), lambda v=cov: self.set_stance(cover=v),
                      chosen=d.cover == cov)
            self.caption(" Side:")
            for side in tables.SIDES:
                c.add(f"side-{side}", side, lambda v=side: self.set_stance(side=v), chosen=d.side == side,
                      reason=why_stance_illegal(m, p.point, d.cover, side), width=60)
        c.newline()
        # the sequence's own buttons come before the rows that come and go (a move's points, its
        # arrival): they never move under the mouse while the sequence is written
        more = len(d.actions) > d.locked
        c.add("undo", "Undo", self.undo, None if more or d.move_mode else "nothing to undo")
        c.add("clear-seq", "Clear", self.clear_sequence, None if more else "nothing to clear")
        c.add("confirm", "Confirm the sequence", self.confirm_sequence,
              self.session.why_illegal(d.declaration()) if not d.move_mode else "finish the move first",
              primary=True)
        c.newline(12)
        if d.move_mode:
            self.caption("Click points on the field for the run (the last one is the arrival):")
            c.newline()
            c.add("move-finish", "Finish the move", self.finish_move,
                  None if d.waypoints else "click at least the arrival point", primary=True)
            c.add("move-back", "Remove last point", self.remove_waypoint,
                  None if d.waypoints else "no point to remove")
            c.add("move-cancel", "Cancel the move", self.cancel_move)
        else:
            self.caption("Add:")
            c.add("act-DEF", "DEF", lambda: self.add_action(Def()), self.why_with(Def()))
            c.add("act-SUP", "Support", lambda: self.add_action(Support()), self.why_with(Support()),
                  hint="+2 to the action just before")
            c.add("act-MOV", "Move…", self.start_move, self.why_move_possible(),
                  hint="then click the run's points on the field")
            c.add("act-DUMP", "Dump…", self.arm_dump, self.why_dump_possible(), chosen=d.armed == "dump",
                  hint="then click an enemy within 2 points")
            if d.cover is not None or any(isinstance(a, Move) for a in d.actions):
                for side in tables.SIDES:
                    action = SideChange(side)
                    c.add(f"act-SIDE-{side}", f"Side: {side}", lambda a=action: self.add_action(a),
                          self.why_with(action))
            if p.boulets:
                c.add("act-CLEAR", "Clear boulet", lambda: self.add_action(ClearBoulet()),
                      self.why_with(ClearBoulet()))
            if p.messy:
                c.add("act-CLEAN", "Clean gun (3)", lambda: self.add_action(Clean()), self.why_with(Clean()))
            if p.reload:
                c.add("act-RELOAD", "Reload (2)", lambda: self.add_action(Reload()), self.why_with(Reload()))
            c.newline()
            last = d.actions[-1] if d.actions else None
            if isinstance(last, Move):
                self.arrival_buttons("arrive", last, self.set_arrival)

    def build_react(self) -> None:
        c = self.controls
        team = self.viewer
        state = self.session.state
        self.reaction_list = reaction_options(state, team, self.session.m)
        for r, reason in self.reaction_list:
            chosen = r in self.chosen_reactions
            if reason is None and not chosen:
                reason = self.session.why_illegal(React(team, (*self.chosen_reactions, r)))
            c.add(f"react-{r.player}-{r.kind}-{r.target}", f"{r.player} {r.kind} at {r.target}",
                  lambda r=r: self.toggle_reaction(r), reason=reason, chosen=chosen)
        c.newline()
        n = len(self.chosen_reactions)
        words = f"Declare {n} reaction(s)" if n else "No reaction"
        c.add("react-confirm", words, self.confirm_reactions,
              self.session.why_illegal(React(team, tuple(self.chosen_reactions))), primary=True)

    def build_dodge(self) -> None:
        c = self.controls
        dg = self.session.state.resolution.dodge
        c.add("dodge", f"Roll dodge die {dg['used'] + 1} of {dg['allowed']}", self.roll_dodge,
              self.session.why_illegal(Dodge(self.viewer)), primary=True, width=240)

    def build_target(self) -> None:
        c = self.controls
        pid = self.session.state.awaiting[0]
        self.caption(f"{pid} shoots at:")
        for q in self.session.state.players.values():
            if q.on_field and q.team != self.viewer:
                c.add(f"target-{q.id}", q.id, lambda e=q.id: self.choose_target(e),
                      self.session.why_illegal(ChooseTarget(self.viewer, pid, q.id)), width=60)
        c.add("hold-fire", "Hold fire", lambda: self.choose_target(None))

    def choose_target(self, target: str | None) -> None:
        self.apply(ChooseTarget(self.viewer, self.session.state.awaiting[0], target))

    def confirm_sheet(self) -> None:
        self.apply(self.sheet.sheet())

    # -- orders -----------------------------------------------------------------------------------
    def pick_token(self, k: int) -> None:
        self.next_token = None if self.next_token == k else k
        self.rebuild()

    def clear_orders(self) -> None:
        self.orders_draft = {}
        self.rebuild()

    def click_own_figure_for_orders(self, pid: str) -> None:
        if pid in self.orders_draft:
            del self.orders_draft[pid]
        else:
            used = set(self.orders_draft.values())
            k = self.next_token if self.next_token not in (None, *used) else None
            if k is None:
                free = [t for t in tables.ORDER_TOKENS if t not in used]
                if not free:
                    return
                k = free[0]
            self.orders_draft[pid] = k
            self.next_token = None
        self.rebuild()

    def confirm_orders(self) -> None:
        self.apply(AssignOrders(self.viewer, tuple(sorted(self.orders_draft.items()))))

    # -- declarations -----------------------------------------------------------------------------
    def why_with(self, action) -> str | None:
        """Why ``action`` cannot be added: the points all used first (a complete sequence is no
        error), else the engine's sentence for the sequence with it."""
        return self.points_used() or self.session.why_illegal(self.draft.declaration(action))

    def points_used(self) -> str | None:
        cost = self.cost(self.draft.declaration())
        if cost is not None and cost >= tables.ACTION_POINTS:
            return f"{cost} of {tables.ACTION_POINTS} action points used"
        return None

    def why_move_possible(self) -> str | None:
        if any(isinstance(a, Move) for a in self.draft.actions):
            return "one move per activation"
        return self.points_used()

    def why_dump_possible(self) -> str | None:
        return self.points_used()

    def cost(self, decl: Declare) -> int | None:
        p = self.session.state.players[decl.player]
        try:
            return make_plan(decl, p.point, self.session.m).cost
        except Exception:  # noqa: BLE001 - a draft the plan cannot read has no cost to show
            return None

    def set_stance(self, posture=None, cover=None, side=None) -> None:
        d = self.draft
        if posture is not None:
            d.posture = posture
        if cover is not None:
            d.cover = cover
            p = self.session.state.players[d.pid]
            d.side = self.default_side(cover, d.side, p.point)
        if side is not None:
            d.side = side
        self.rebuild()

    def cover_name(self, obstacle_id: str) -> str:
        """An obstacle as the coach at the screen reads it: "cylinder at H6" in his own half."""
        return self.session.table.field.by_id[obstacle_id].name_for(self.viewer)

    def arrival_buttons(self, key: str, move: Move, choose) -> None:
        """A run's arrival stance: his cover at the end point and the side he plays, as buttons
        ``{key}-cover-…`` / ``{key}-side-…`` calling ``choose(cover=…)`` / ``choose(side=…)``."""
        c, m = self.controls, self.session.m
        covers = m.covers(move.end)
        self.caption("Arrival:")
        if covers:
            for cov in covers:
                c.add(f"{key}-cover-{cov}", self.cover_name(cov), lambda v=cov: choose(cover=v),
                      chosen=move.cover == cov)
            for side in tables.SIDES:
                c.add(f"{key}-side-{side}", side, lambda v=side: choose(side=v), chosen=move.side == side,
                      reason=why_stance_illegal(m, move.end, move.cover, side), width=60)
        else:
            self.caption("no cover there")
        c.newline()

    def arrived(self, move: Move, cover=None, side=None) -> Move:
        """``move`` with its arrival cover or side changed (a new cover takes its default side)."""
        if cover is not None:
            return Move(move.waypoints, cover, self.default_side(cover, None, move.end))
        return Move(move.waypoints, move.cover, side if side is not None else move.side)

    def set_arrival(self, cover=None, side=None) -> None:
        d = self.draft
        d.actions[-1] = self.arrived(d.actions[-1], cover, side)
        self.rebuild()

    def add_action(self, action) -> bool:
        reason = self.why_with(action)
        if reason is not None:
            self.app.flash(reason, error=True)
            return False
        self.draft.actions.append(action)
        self.draft.armed = None
        self.app.message = None
        self.rebuild()
        return True

    def arm_dump(self) -> None:
        self.draft.armed = None if self.draft.armed == "dump" else "dump"
        self.rebuild()

    def start_move(self) -> None:
        self.draft.move_mode = True
        self.draft.waypoints = []
        self.draft.armed = None
        self.rebuild()

    def cancel_move(self) -> None:
        self.draft.move_mode = False
        self.draft.waypoints = []
        self.rebuild()

    def remove_waypoint(self) -> None:
        if self.draft.waypoints:
            self.draft.waypoints.pop()
        self.rebuild()

    def add_waypoint(self, point) -> None:
        d = self.draft
        if d.waypoints and d.waypoints[-1] == point:
            self.finish_move()
            return
        d.waypoints.append(point)
        self.rebuild()

    def arrival_move(self, waypoints) -> Move:
        end = waypoints[-1]
        covers = self.session.m.covers(end)
        cover = covers[0] if covers else None
        return Move(tuple(waypoints), cover, self.default_side(cover, None, end))

    def finish_move(self) -> None:
        d = self.draft
        if not d.waypoints:
            return
        move = self.arrival_move(d.waypoints)
        if self.add_action(move):
            d.move_mode = False
            d.waypoints = []
            self.rebuild()

    def undo(self) -> None:
        d = self.draft
        if d.move_mode:
            if d.waypoints:
                d.waypoints.pop()
            else:
                d.move_mode = False
        elif len(d.actions) > d.locked:
            d.actions.pop()
        self.rebuild()

    def clear_sequence(self) -> None:
        d = self.draft
        del d.actions[d.locked:]
        d.move_mode, d.waypoints, d.armed = False, [], None
        self.rebuild()

    def confirm_sequence(self) -> None:
        self.apply(self.draft.declaration())

    def click_enemy(self, pid: str) -> None:
        d = self.draft
        action = Dump(pid) if d.armed == "dump" else Shot(pid)
        self.add_action(action)

    # -- reactions and dodges ---------------------------------------------------------------------
    def toggle_reaction(self, r) -> None:
        if r in self.chosen_reactions:
            self.chosen_reactions.remove(r)
        else:
            self.chosen_reactions.append(r)
        self.rebuild()

    def confirm_reactions(self) -> None:
        self.apply(React(self.viewer, tuple(self.chosen_reactions)))

    def roll_dodge(self) -> None:
        self.apply(Dodge(self.viewer))

    # -- the one door -----------------------------------------------------------------------------
    def apply(self, decision) -> list:
        reason = self.session.why_illegal(decision)
        if reason is not None:
            self.app.flash(reason, error=True)
            return []
        self.show_all()  # the last resolution is told in full before the next one starts
        events = self.session.apply(decision)
        if any(isinstance(e, RESOLUTION_EVENTS) for e in events):
            self.telling = playback.Telling(events)
        self.app.message = None
        self.append_log()
        self.autosave()
        self.sync()
        return events

    def autosave(self) -> None:
        try:
            self.session.save()
        except OSError as exc:
            self.app.flash(f"Could not save the match: {exc}", error=True)

    def save(self) -> None:
        try:
            self.session.save()
            self.app.flash(f"Saved to {self.session.path}")
        except OSError as exc:
            self.app.flash(f"Could not save the match: {exc}", error=True)

    def load(self) -> None:
        self.app.switch("load")

    def show_help(self) -> None:
        self.app.show_help(back="match", back_persist={"viewer": self.viewer, "keep": True})

    def show_result(self) -> None:
        s = self.session.state
        self.app.switch("result", winner=s.winner, reason=s.end_reason or "")

    def append_log(self) -> None:
        """The log follows the telling. Its box holds the latest LOG_BOX_KEEP to LOG_BOX_MAX lines
        (a text box re-lays all its text: a whole match's would slow every screen); every event
        stays in the session and its save."""
        if self.log_box is None:
            return
        told = len(self.session.events) - len(self.telling.pending())  # the log follows the telling
        if self._logged >= told:
            return
        new = self.session.events[self._logged:told]
        self.log_lines.extend(e.text for e in new)
        self._logged = told
        if self._box_lines and self._box_lines + len(new) <= LOG_BOX_MAX:
            self.log_box.append_html_text("<br>" + "<br>".join(map(_log_html, new)))
            self._box_lines += len(new)
        else:
            latest = self.session.events[max(0, told - LOG_BOX_KEEP):told]
            self.log_box.set_text("<br>".join(map(_log_html, latest)))
            self._box_lines = len(latest)
        if self.log_box.scroll_bar is not None:
            self.log_box.scroll_bar.set_scroll_from_start_percentage(1.0)

    # -- instruments ------------------------------------------------------------------------------
    def toggle_ruler(self) -> None:
        self.tool = None if self.tool == "ruler" else "ruler"
        self.build_tools()

    def toggle_protractor(self) -> None:
        self.inst.protractor = not self.inst.protractor
        self.build_tools()

    def clear_instruments(self) -> None:
        """*Put instruments away*: every instrument mode ends (ruler mode, protractor, FOV shade)."""
        self.inst.put_away()
        self.tool = None
        self.build_tools()

    def figure_at(self, pos) -> str | None:
        best, best_d = None, (self.t.scale * 0.5) ** 2
        for p in self.state.players.values():
            if p.point is None:
                continue
            x, y = self.t.to_screen(*p.point)
            d = (x - pos[0]) ** 2 + (y - pos[1]) ** 2
            if d <= best_d:
                best, best_d = p.id, d
        return best

    def ruler_press(self, pos) -> None:
        """The ruler's head goes on the figure or the empty point under the mouse (a laid ruler's
        end is picked up again)."""
        inst = self.inst
        if inst.laid:
            tail = self.t.to_screen(*inst.ruler_tail)
            if (tail[0] - pos[0]) ** 2 + (tail[1] - pos[1]) ** 2 <= (self.t.scale * 0.5) ** 2:
                inst.dragging, inst.ruler_shooter = "tail", None
                return
        pid = self.figure_at(pos)
        point = self.t.nearest_point(*pos) if pid is None else None
        if pid is None and point is None:
            return
        inst.ruler_head, inst.ruler_from = pid, point
        inst.ruler_shooter = None
        inst.ruler_tail = self.t.to_world(*pos)
        inst.dragging = "tail"

    def ruler_release(self, pos) -> None:
        inst = self.inst
        inst.dragging = None
        pid = self.figure_at(pos)
        if pid is not None and pid != inst.ruler_head:
            inst.ruler_shooter = pid
            inst.ruler_tail = self.state.players[pid].point
        else:
            inst.ruler_tail = self.t.to_world(*pos)

    # -- events -----------------------------------------------------------------------------------
    def handle_event(self, event) -> None:
        """The board's clicks go to the phase first (order tokens, a target, a run's waypoints, the
        sheet): an instrument never takes a click the phase needs. The ruler is laid with the right
        button (drag from a figure or a point to another), or with the left button in ruler mode
        (R) where the phase has no use for the click; a right click without a drag shades the
        field of vision of the figure under it."""
        if self.tools.handle(event) or self.controls.handle(event):
            return
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            inst = self.inst
            if self._right_press is not None and not inst.dragging and _apart(self._right_press, event.pos):
                self.ruler_press(self._right_press)
            loose = self.tool == "ruler" and inst.laid and not inst.ruler_shooter
            if inst.dragging == "tail" or loose:
                inst.ruler_tail = self.t.to_world(*event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and self.field_area.collidepoint(event.pos):
            self.mouse = event.pos
            if self.playing():  # a first click on the board only ends the telling (it acts on nothing)
                self.show_all()
            elif event.button == 3:
                self._right_press = event.pos
            elif event.button == 1 and not self.field_click(event.pos):
                if self.tool == "ruler":
                    self.ruler_press(event.pos)
                else:
                    self.select_at(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 3 and self._right_press is not None:
            self.mouse = event.pos
            if self.inst.dragging:
                self.ruler_release(event.pos)
            else:
                self.select_at(self._right_press)
            self._right_press = None
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.inst.dragging:
            self.mouse = event.pos
            self.ruler_release(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.panel.collidepoint(event.pos) and event.pos[1] >= self.readings_top \
                    and event.pos[1] < self.log_rect.top:
                self.show_all()
        elif event.type == pygame.KEYDOWN:
            self.key(event)

    def key(self, event) -> None:
        if event.key in (pygame.K_SPACE, pygame.K_RETURN) and self.playing():
            self.show_all()
        elif event.key == pygame.K_t:
            self.tell_again()
        elif event.key == pygame.K_r:
            self.toggle_ruler()
        elif event.key == pygame.K_p:
            self.toggle_protractor()
        elif event.key == pygame.K_ESCAPE:
            if self.draft is not None and self.draft.move_mode:
                self.cancel_move()
            else:
                self.clear_instruments()
        elif event.key in (pygame.K_BACKSPACE, pygame.K_z) and self.draft is not None:
            self.undo()
        elif event.key == pygame.K_s and event.mod & pygame.KMOD_CTRL:
            self.save()
        elif event.key == pygame.K_F1:
            self.show_help()

    def field_click(self, pos) -> bool:
        """The phase's use of a left click on the board; False when it has none."""
        s = self.session.state
        if self.deciding() and s.phase == SHEETS and self.sheet is not None:
            self.sheet.click(pos)
            return True
        pid = self.figure_at(pos)
        if self.deciding() and s.phase == TARGET and pid is not None and s.players[pid].team != self.viewer:
            self.choose_target(pid)
            return True
        if self.deciding() and s.phase == ORDERS and pid is not None and s.players[pid].team == self.viewer:
            self.click_own_figure_for_orders(pid)
            return True
        if self.deciding() and s.phase == DECLARE and self.draft is not None:
            d = self.draft
            if d.move_mode:
                point = self.t.nearest_point(*pos)
                if point is not None:
                    self.add_waypoint(point)
                return True
            if pid is not None and s.players[pid].team != self.viewer:
                self.click_enemy(pid)
                return True
        return False

    def select_at(self, pos) -> None:
        """Shade the field of vision of the figure at ``pos`` (again: unshade)."""
        pid = self.figure_at(pos)
        self.inst.selected = None if pid == self.inst.selected else pid

    # -- update and draw --------------------------------------------------------------------------
    def animating(self) -> bool:
        return self.playing() or bool(self.inst.dragging)

    def playing(self) -> bool:
        """The resolution is still being told: lines to reveal or runs moving."""
        return self.telling.playing()

    def show_all(self) -> None:
        playing = self.playing()
        self.telling.finish()
        self.append_log()
        if playing:
            self.rebuild()

    def tell_again(self) -> None:
        """The last resolution told once more, while nothing has been decided since."""
        batch = self.telling.batch
        events = self.session.events
        if not batch or len(events) < len(batch) or any(a is not b for a, b in zip(
                events[len(events) - len(batch):], batch, strict=True)):
            self.app.flash("Nothing to tell again: decisions have been made since the last resolution.",
                           error=True)
            return
        self.telling = playback.Telling(batch)
        self.rebuild()

    def shown(self, state: MatchState) -> MatchState:
        """The board as far as the resolution has told it (``state`` itself when all is told)."""
        return self.telling.board(state, self.session.events)

    def update(self, dt: float) -> None:
        if self.playing():
            self.telling.advance(dt)
            self.append_log()
            if not self.playing():
                self.rebuild()  # the next choice appears once the board shows what happened
        self.hover_reason = self.tools.hovered_reason(self.mouse) or self.controls.hovered_reason(self.mouse)
        if self.hover_reason is None and self.field_area.collidepoint(self.mouse):
            self.hover_reason = self.field_hover_reason()

    def field_hover_reason(self) -> str | None:
        """Over an enemy figure, when a click would shoot him: why not, or "click to shoot"."""
        s = self.session.state
        if not self.deciding() or self.playing():
            return None
        pid = self.figure_at(self.mouse)
        if s.phase == DECLARE and self.draft is not None and self.draft.move_mode:
            run = self.run_preview(self.state)
            return f"this run is refused: {run[2]}" if run is not None and run[2] else None
        if pid is None or s.players[pid].team == self.viewer:
            return None
        if s.phase == TARGET:  # a break shot "chosen later" (RULES 12.2)
            shooter = s.awaiting[0]
            reason = self.session.why_illegal(ChooseTarget(self.viewer, shooter, pid))
            return f"{shooter} shoots {pid}: {reason}" if reason else f"click: {shooter} shoots {pid}"
        if s.phase != DECLARE or self.draft is None:
            return None
        action = Dump(pid) if self.draft.armed == "dump" else Shot(pid)
        reason = self.why_with(action)
        verb = "dump" if self.draft.armed == "dump" else "shoot"
        return f"{verb} {pid}: {reason}" if reason else f"click to {verb} {pid}"

    def readings(self, state: MatchState):
        """The instruments' readings for this frame (also what the tests read); recomputed only
        when the instruments or the match change."""
        i = self.inst
        key = (id(self.session.state), self.viewer, self.private, i.ruler_head, i.ruler_from, i.ruler_tail,
               i.ruler_shooter, i.protractor, i.selected)
        if key != self._readings_key:
            m = self.session.m
            ruler = overlays.read_ruler(state, m, i)
            prot = overlays.read_protractor(state, m, i, ruler)
            fov = overlays.read_fov(state, m, i.selected)
            self._readings = (ruler, prot, fov)
            self._readings_key = key
        return self._readings

    def run_preview(self, state: MatchState):
        """The run being drawn (path, exposure per enemy, why the engine refuses it), or None."""
        d = self.draft
        if d is None or not d.move_mode:
            return None
        waypoints = list(d.waypoints)
        hover = self.t.nearest_point(*self.mouse) if self.field_area.collidepoint(self.mouse) else None
        if hover is not None and (not waypoints or waypoints[-1] != hover):
            waypoints.append(hover)
        if not waypoints:
            return None
        p = state.players[d.pid]
        path = self.session.m.path(p.point, tuple(waypoints))
        key = (tuple(waypoints), tuple(d.actions))
        if key != self._exposure_key:
            self._refused = why_move_illegal(self.session.state, d.pid, self.arrival_move(waypoints),
                                             self.session.m)
            decl = overlays.pending_move_declaration(d.declaration(), waypoints)
            try:
                self._exposure = {} if self._refused else run_exposure(state, decl, self.session.m)
            except Exception:  # noqa: BLE001 - a run the engine cannot read has no exposure to show
                self._exposure = {}
            self._exposure_key = key
        return path, self._exposure, self._refused

    def draw(self, surface: pygame.Surface) -> None:
        size = surface.get_size()
        state = self.state
        surface.blit(self.renderer.background(size, self.t), (0, 0), self.field_area)
        t = self.t
        field_ = self.session.table.field
        ruler, prot, fov = self.readings(state)
        if self.inst.selected and fov is not None:
            overlays.draw_fov(surface, t, fov, state.players[self.inst.selected].team)
        self.draw_declared(surface, state)
        self.ruler_view, self.protractor_view = ruler, prot
        if prot is not None:
            overlays.draw_protractor(surface, t, prot)
        if ruler is not None:
            overlays.draw_ruler(surface, t, field_, ruler)
        run = self.run_preview(state)
        if run is not None:
            path, exposure, refused = run
            overlays.draw_run(surface, t, path, exposure, state, refused)
            if self.inst.ruler_shooter is None:
                pv = overlays.read_run_protractor(path, None)
                if pv is not None and self.inst.protractor:
                    overlays.draw_protractor(surface, t, pv)
        board = self.shown(state)
        for pid, origin in board.templates.items():
            prebunker = board.players[pid]
            if prebunker.point is not None:
                draw_template(surface, t, origin, prebunker.point, prebunker.team)
        sheet = self.sheet if state.phase == SHEETS and self.deciding() else None
        if sheet is not None:
            hover = t.nearest_point(*self.mouse) if self.field_area.collidepoint(self.mouse) else None
            sheet.draw_field(surface, hover)
        active = set(state.active.values()) if state.phase in (DECLARE, REACT, DODGE) else set()
        runs = self.telling.runs
        running = {pid: self.telling.run_position(pid) for pid in runs}
        self.draw_told_shot(surface, board)
        for p in board.players.values():
            if p.point is None:
                continue
            if sheet is not None and sheet.position(p.id) is not None:
                draw_figure(surface, t, p, board, at=sheet.position(p.id))
                continue
            if p.id in active or p.id == self.inst.selected:
                x, y = t.to_screen(*p.point)
                colour = theme.SELECT if p.id == self.inst.selected else theme.ACTIVE
                pygame.draw.circle(surface, colour, (x, y), int(t.scale * 0.52), 3)
            if p.id in runs:
                trail = [t.to_screen(*q) for q in runs[p.id]]
                pygame.draw.lines(surface, theme.TEAM[p.team], False, trail, 2)
            draw_figure(surface, t, p, board, at=running.get(p.id))
        draw_suppressive_tokens(surface, t, board)
        self.flag_view = draw_flags(surface, t, board, running)
        self.draw_panel(surface, state, ruler, prot)

    def draw_told_shot(self, surface, board: MatchState) -> None:
        """The shot the resolution is telling now, as a line from where it was fired to its target."""
        shot = self.telling.shot()
        if shot is None:
            return
        a, b = board.players.get(shot.shooter), board.players.get(shot.target)
        start = a.point or a.fell_at if a else None
        if shot.kind == PREBUNK:  # a template fires along its line, prebunker -> prebunked point
            end = board.templates.get(shot.shooter)
        else:
            end = b.point or b.fell_at if b else None
        if start and end:
            colour = (255, 200, 120) if shot.hit else (230, 230, 230)
            pygame.draw.line(surface, colour, self.t.to_screen(*start), self.t.to_screen(*end), 3)

    def draw_declared(self, surface, state: MatchState) -> None:
        """This round's declared runs and shots, the sequence being drafted, and the reactions, as
        lines on the field."""
        for pid, decl in state.declarations.items():
            origin = state.origins.get(pid)
            if origin is not None:
                self.draw_sequence(surface, state, decl, origin)
        d = self.draft
        if d is not None and d.actions and state.players[d.pid].point is not None:
            self.draw_sequence(surface, state, d.declaration(), state.players[d.pid].point)
        t = self.t
        for r in state.reactions:
            a_p, b_p = state.players.get(r.player), state.players.get(r.target)
            if a_p and b_p and a_p.point and b_p.point:
                pygame.draw.line(surface, (255, 150, 150), t.to_screen(*a_p.point),
                                 t.to_screen(*b_p.point), 1)

    def draw_sequence(self, surface, state: MatchState, decl: Declare, origin) -> None:
        """One sequence's run (team colour) and shots (red) or dumps (orange) from where he fires."""
        t = self.t
        plan = make_plan(decl, origin, self.session.m)
        colour = theme.TEAM[state.players[decl.player].team]
        if plan.path and len(plan.path) > 1:
            pygame.draw.lines(surface, colour, False, [t.to_screen(*q) for q in plan.path], 3)
            pygame.draw.circle(surface, colour, t.to_screen(*plan.path[-1]), int(t.scale * 0.3), 2)
        for f in plan.fires:
            target = state.players.get(f.target)
            if target is None or target.point is None:
                continue
            a = t.to_screen(*plan.stance_at(f.action).point)
            b = t.to_screen(*target.point)
            pygame.draw.line(surface, (255, 80, 80) if not f.dump else (255, 160, 0), a, b, 2)

    # -- the panel --------------------------------------------------------------------------------
    def draw_panel(self, surface, state: MatchState, ruler, prot) -> None:
        pygame.draw.rect(surface, theme.PANEL, self.panel)
        pygame.draw.line(surface, theme.PANEL_LINE, self.panel.topleft, self.panel.bottomleft, 2)
        x, w = self.px, self.pw
        # turn counter track
        title = "The break" if state.turn == tables.BREAK_TURN else f"Turn {state.turn} of {tables.MAX_TURNS}"
        theme.blit_text(surface, title, (x, 10), 20, theme.TEXT, True)
        tx = x + 170
        for turn in range(tables.BREAK_TURN + 1, tables.MAX_TURNS + 1):
            box = pygame.Rect(tx, 10, 26, 24)
            now = turn == state.turn
            pygame.draw.rect(surface, (250, 210, 60) if now else (60, 68, 74), box, border_radius=4)
            theme.blit_text(surface, str(turn), box.center, 13, (20, 20, 20) if now else theme.TEXT_DIM, True,
                            anchor="center")
            tx += 30
        phase = PHASE_WORDS.get(state.phase, state.phase)
        rnd = f"round {state.round}" if state.round else "before round 1"
        theme.blit_text(surface, f"{rnd} · {phase}", (tx + 10, 14), 15, theme.TEXT_DIM)
        # whose turn
        team = self.session.to_move()
        y = 44
        if self.playing():
            theme.blit_text(surface, "Watch it told, or click the board (or press Space) to see the rest.",
                            (x, y), 15, theme.TEXT_DIM, True)
        elif team is not None:
            who = f"{theme.TEAM_NAME[team]} coach: {self.instruction(state, team)}"
            colour = (140, 180, 255) if team == "blue" else (250, 250, 250)
            for line in theme.wrap(who, 15, w, bold=True)[:2]:
                theme.blit_text(surface, line, (x, y), 15, colour, True)
                y += 19
        elif state.phase == OVER:
            words = "Draw" if state.winner == "draw" else f"{theme.TEAM_NAME[state.winner]} wins"
            theme.blit_text(surface, f"{words}: {state.end_reason}", (x, y), 15, theme.TEXT_GOOD, True)
        # dead zone
        self.draw_dead_zone(surface, state, x, 84, w)
        for rect, words in self.captions:
            theme.blit_text(surface, words, (rect.x, rect.centery), 13, theme.TEXT_DIM, anchor="midleft")
        y = self.controls.bottom + 6
        if self.draft is not None and self.deciding():
            y = self.draw_sequence_line(surface, x, y, w)
        if self.sheet is not None and state.phase == SHEETS and self.deciding():
            y = self.sheet.draw_table(surface, x, y + 4, w, self.log_rect.top - 6)
        if self.hover_reason:
            for line in theme.wrap(self.hover_reason, 13, w)[:2]:
                theme.blit_text(surface, line, (x, y), 13, theme.TEXT_WARN)
                y += 16
        y = max(y + 4, self.readings_top)
        self.instrument_lines = []
        if self.app.message:
            words, colour = self.app.message
            for line in theme.wrap(words, 13, w)[:3]:
                theme.blit_text(surface, line, (x, y), 13, colour)
                y += 17
        if ruler is not None:
            self.instrument_lines.extend(ruler.lines)
        if prot is not None and prot.reading:
            self.instrument_lines.append(prot.reading)
        bottom = self.log_rect.top - 6
        for line in self.instrument_lines:
            for part in theme.wrap(line, 13, w):
                if y + 16 > bottom:
                    break
                theme.blit_text(surface, part, (x, y), 13, (240, 240, 200))
                y += 16
        if state.phase == REACT and self.deciding():
            y = self.draw_reaction_reasons(surface, x, y + 4, w, bottom)
        y = draw_resolution(surface, self.telling, x, y + 6, w, bottom)

    def instruction(self, state: MatchState, team: str) -> str:
        if state.phase == ORDERS:
            return "click your figures to give order tokens (1 plays first), then confirm."
        if state.phase == DECLARE:
            pid = state.active.get(team)
            return (f"declare {pid}'s sequence — posture, cover and side, then actions; "
                    "click an enemy to shoot him.")
        if state.phase == REACT:
            return "reflex and suppressive shots of your players not activated this round."
        if state.phase == SHEETS:
            return ("fill your break sheet: pick a player, click his start point (and the point a "
                    "prebunker prebunks), add his actions, then hand the sheet in.")
        if state.phase == TARGET:
            return f"{state.awaiting[0]} shoots now: click the enemy he fires at, or hold fire."
        if state.phase == DODGE and state.resolution and state.resolution.dodge:
            dg = state.resolution.dodge
            return (f"{dg['target']} is hit, margin {dg['margin']}: roll dodge dice one at a time "
                    f"({dg['used']} of {dg['allowed']} used).")
        return ""

    def draw_dead_zone(self, surface, state: MatchState, x, y, w) -> None:
        theme.blit_text(surface, "Dead zone:", (x, y + 4), 14, theme.TEXT_DIM, True)
        cx = x + 96
        for team in ("blue", "white"):
            out = [p for p in state.players.values() if p.team == team and p.point is None]
            theme.blit_text(surface, f"{theme.TEAM_NAME[team]}", (cx, y + 4), 14, theme.TEXT_DIM)
            cx += 48
            if not out:
                theme.blit_text(surface, "—", (cx, y + 4), 14, theme.TEXT_DIM)
                cx += 30
            for p in out:
                pygame.draw.circle(surface, theme.TEAM[team], (cx + 10, y + 12), 10)
                pygame.draw.circle(surface, theme.TEAM_EDGE[team], (cx + 10, y + 12), 10, 1)
                theme.blit_text(surface, str(p.jersey), (cx + 10, y + 12), 12, theme.TEAM_TEXT[team], True,
                                anchor="center")
                cx += 24
            cx += 24

    def draw_sequence_line(self, surface, x, y, w) -> int:
        d = self.draft
        decl = d.declaration()
        cost = self.cost(decl)
        left = tables.ACTION_POINTS - (cost or 0)
        seq = ", ".join(action_words(a, self.session.m) for a in d.actions) or "(no action yet)"
        if d.move_mode:
            seq += " + MOV (drawing)"
        words = f"{d.pid} {d.posture}: {seq}"
        theme.blit_text(surface, f"Action points left: {left} of {tables.ACTION_POINTS}", (x, y), 15,
                        theme.TEXT_GOOD if left >= 0 else theme.TEXT_WARN, True)
        y += 19
        for line in theme.wrap(words, 13, w)[:2]:
            theme.blit_text(surface, line, (x, y), 13, theme.TEXT)
            y += 16
        return y

    def draw_reaction_reasons(self, surface, x, y, w, bottom) -> int:
        theme.blit_text(surface, "Who may react, and why not:", (x, y), 13, theme.TEXT_DIM, True)
        y += 16
        for r, reason in getattr(self, "reaction_list", []):
            if y + 15 > bottom:
                break
            words = f"{r.player} {r.kind} → {r.target}: " + ("eligible" if reason is None else reason)
            theme.blit_text(surface, words, (x, y), 12, theme.TEXT_GOOD if reason is None else theme.TEXT_DIM)
            y += 15
        return y
