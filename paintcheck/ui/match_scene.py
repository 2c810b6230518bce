"""The match table: the field, the instruments and a coach's turn, hot-seat.

The scene routes: each phase's choices are a room of their own (``phase_orders``, ``phase_declare``,
``phase_react``, ``sheet_editor``), as are the instruments (``instrument_layer``), the computer's
turn (``computer_turn``), the board (``match_board``) and the panel (``match_panel``).

The scene draws only a *view* of the match: the deciding coach's (``viewer``) while he alone looks,
the public one otherwise; ``ui.holder`` says when the screen must change hands first
(``HandOverScene``). Every choice is checked with the engine (``why_illegal`` on the tentative
decision, ``reaction_options``) and greyed with the engine's sentence; every change goes through
``MatchSession.apply`` (the engine's one door).
"""

from __future__ import annotations

import html
import logging
from concurrent.futures import ThreadPoolExecutor

import pygame
from pygame_gui.elements import UITextBox

from paintcheck.printable import printable
from paintcheck.rules import events as ev
from paintcheck.rules.actions import (
    ChooseTarget,
    Dump,
    Shot,
)
from paintcheck.rules.state import DECLARE, DODGE, ORDERS, OVER, REACT, SHEETS, TARGET, MatchState
from paintcheck.ui import overlays, playback, theme
from paintcheck.ui.camera import Camera
from paintcheck.ui.computer_turn import ComputerTurn
from paintcheck.ui.event_words import event_words
from paintcheck.ui.event_words import words as engine_words  # the engine's words, in the window's language
from paintcheck.ui.fieldview import FieldRenderer
from paintcheck.ui.holder import secret_words
from paintcheck.ui.i18n import CatalogueError, error_words, tr
from paintcheck.ui.instrument_layer import InstrumentLayer
from paintcheck.ui.match_board import MatchBoard
from paintcheck.ui.match_panel import MatchPanel
from paintcheck.ui.phase_declare import DeclarePhase, Draft
from paintcheck.ui.phase_orders import OrdersPhase
from paintcheck.ui.phase_react import ReactPhase
from paintcheck.ui.scenes import Scene
from paintcheck.ui.sheet_editor import SheetEditor
from paintcheck.ui.transform import FieldTransform
from paintcheck.ui.widgets import Controls

log = logging.getLogger(__name__)

RESOLUTION_EVENTS = (ev.Moved, ev.SpeedTest, ev.ShotResolved, ev.DumpResolved, ev.DodgeRolled, ev.Eliminated,
                     ev.ShotLost, ev.Dodged, ev.Fumble, ev.MatchEnded, ev.SheetsRevealed, ev.BreakRound,
                     ev.TargetChosen, ev.TemplateLifted, ev.FlagMoved)


LOG_BOX_KEEP, LOG_BOX_MAX = 80, 160
CAPTION_KEEP = 66  # a caption stays on its row only with room for a button after it


def _log_html(e) -> str:
    words = html.escape(event_words(e))
    if isinstance(e, (ev.TurnStarted, ev.TokensRevealed, ev.MatchEnded)):
        return f"<b>{words}</b>"
    if isinstance(e, ev.Eliminated):
        return f"<font color='#ff8080'>{words}</font>"
    if isinstance(e, ev.Rolled):
        return f"<font color='#a0a8b0'>{words}</font>"
    return words





class MatchScene(OrdersPhase, DeclarePhase, ReactPhase, InstrumentLayer, ComputerTurn, MatchBoard, MatchPanel,
                 Scene):
    """The match table: routes each phase's buttons and clicks to its room (``phase_orders``,
    ``phase_declare``, ``phase_react``, ``sheet_editor``) and the rest to the instruments
    (``instrument_layer``); draws the board, the panel and the log."""

    name = "match"

    def __init__(self, app) -> None:
        super().__init__(app)
        self.tools = Controls(app.manager)
        self.renderer: FieldRenderer | None = None
        self.log_box: UITextBox | None = None
        self.session = None
        self.telling = playback.Telling()
        self.thinking = None
        self._pool: ThreadPoolExecutor | None = None  # the computer coaches think here
        self.camera = Camera()  # the board's zoom and pan (``ui.camera``)
        self._panning: tuple[int, int] | None = None  # where a pan drag last was
        self._space = False  # Space held: a left drag pans

    # -- entering, leaving, layout ----------------------------------------------------------------
    def enter(self, persist: dict) -> None:
        session = self.app.session
        kept = None
        if persist.get("keep") and session is self.session:  # back from "How to play": drafts stay
            kept = (self.draft, self.sheet, self.orders_draft, self.next_token, self.chosen_reactions,
                    self.inst, self.tool)
        if session is not self.session or self.renderer is None:
            self.renderer = FieldRenderer(session.table.field)
            self.camera.reset()
            self.telling = playback.Telling()
            told = len(session.events)
            self.looked = {"blue": told, "white": told}  # events each coach has seen told
            self.replay_from = told  # the first event *Tell again* tells
        self.session = session
        self.handover_waits = False  # a hand-over waits for the end of a resolution told to both
        self.viewer = persist.get("viewer")
        self.private = False  # the viewer's secrets are drawn (he alone looks): set by sync()
        self.thinking = None  # (team, state, future) while the computer decides
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
        self._board_key, self._board = None, None  # the board drawn once per change (``draw``)
        self._readings = (None, None, None)
        self._logged = 0
        super().enter(persist)
        if self.viewer is not None and persist.get("handed"):  # what he missed while he looked away
            self.replay_from = min(self.replay_from, self.looked.get(self.viewer, self.replay_from))
        self.sync()
        if kept is not None and self.app.scene is self:
            (self.draft, self.sheet, self.orders_draft, self.next_token, self.chosen_reactions,
             self.inst, self.tool) = kept
            self.build_tools()
            self.rebuild()

    def exit(self) -> None:
        self.thinking = None  # a decision still being thought is dropped; ``sync`` asks again
        self.tools.clear()
        if self.log_box is not None:
            self.log_box.kill()
            self.log_box = None
        super().exit()

    def layout(self, size) -> None:
        w, h = size
        fw = min(int(h * 0.72), w - 620)
        self.field_area = pygame.Rect(0, 0, fw, h)
        self.fit_t = FieldTransform.fit(tuple(self.field_area), self.session.table.field.lattice)
        self.t = self.camera.view(self.fit_t, tuple(self.field_area))
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
        t.add("tool-ruler", tr("match.tools.ruler"), self.toggle_ruler, chosen=self.tool == "ruler",
              hint=tr("match.tools.ruler_hint"))
        t.add("tool-protractor", tr("match.tools.protractor"), self.toggle_protractor,
              chosen=self.inst.protractor, hint=tr("match.tools.protractor_hint"))
        t.add("tool-clear", tr("match.tools.put_away"), self.clear_instruments)
        t.add("tell-again", tr("match.tools.tell_again"), self.tell_again,
              hint=tr("match.tools.tell_again_hint"))
        t.add("save", tr("match.tools.save"), self.save)
        t.add("load", tr("match.tools.load"), self.load)
        t.add("help", tr("match.tools.help"), self.show_help)
        t.add("title", tr("match.tools.title"), lambda: self.app.switch("title"))
        self.controls_top = t.bottom + 10

    # -- whose turn, hand-over ----------------------------------------------------------------------------
    def sync(self) -> None:
        """After every decision: hand over when the next screen would show a coach's secrets to
        someone else (ui.holder); otherwise the deciding coach plays on the board he may see. When
        the computer decides, the person at the screen (if one) keeps his own view, secrets and all,
        and the computer thinks in a worker thread (``think``)."""
        s = self.session
        team = s.to_move()
        if team in s.coaches:  # the computer's coach is made, and warmed, in its worker thread
            people = s.people
            self.viewer = people[0] if len(people) == 1 else None
            self.private = len(people) == 1
            self.start_phase()
            self.think(team)
            return
        handover, self.private = self.app.holder.next(s.state, team)
        if handover and self.playing():  # both coaches see the resolution told before the hand-over
            self.app.holder.all_look()
            self.viewer, self.private, self.handover_waits = None, False, True
            self.start_phase()
            return
        self.handover_waits = False
        if handover:
            self.app.switch("handover", team=team, why=True,
                            secret=secret_words(s.state))
            return
        if team is not None:
            self.viewer = team
        self.start_phase()

    def start_phase(self) -> None:
        s = self.session.state
        self.draft = None
        self.sheet = SheetEditor(self, self.viewer) if s.phase == SHEETS and self.deciding() else None
        self.chosen_reactions = []
        self.orders_draft = {}
        self.next_token = None
        if s.phase == DECLARE and self.deciding():
            self.start_draft(s.active[self.viewer])
        self.rebuild()

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
        self.controls.add("result", tr("match.see_result"), self.show_result, primary=True)

    def build_sheet(self) -> None:
        if self.sheet is not None:
            self.sheet.build(self.controls)

    def caption(self, words: str, gap: int = 0) -> None:
        """Words drawn on the buttons' row (``gap`` pixels of room before them), on the next row when
        this one has no room left for them and a button after them."""
        c = self.controls
        width = theme.text_width(words, 13) + 8 + gap
        if c.x != c.x0 and c.x + width + CAPTION_KEEP > c.x0 + c.width:
            c.newline()
            gap, width = 0, width - gap
        rect = c.label_space(width)
        self.captions.append((rect.move(gap, 0), words))

    def confirm_sheet(self) -> None:
        self.apply(self.sheet.sheet())

    # -- orders -----------------------------------------------------------------------------------

    # -- declarations -----------------------------------------------------------------------------

    # -- reactions and dodges ---------------------------------------------------------------------

    # -- the one door -----------------------------------------------------------------------------
    def why_not(self, decision) -> str | None:
        """The engine's sentence refusing ``decision``, in the window's language (None: allowed)."""
        reason = self.session.why_illegal(decision)
        return None if reason is None else engine_words(reason)

    def apply(self, decision) -> list:
        """The engine's door: a decision it refuses is a line on the screen; one it gives up with an
        exception too (logged), the match as it was before it (``engine_failed``)."""
        try:
            reason = self.why_not(decision)
            if reason is not None:
                self.app.flash(reason, error=True)
                return []
            self.show_all()  # the last resolution is told in full before the next one starts
            self.mark_looked()
            before = len(self.session.events)
            events = self.session.apply(decision)
            self.replay_from = before
        except Exception as exc:  # noqa: BLE001 - never a traceback in the window; logged below
            self.engine_failed(exc)
            return []
        if any(isinstance(e, RESOLUTION_EVENTS) for e in events):
            self.telling = playback.Telling(events)
        self.app.message = None
        self.append_log()
        self.autosave()
        self.sync()
        return events

    def engine_failed(self, exc: Exception) -> None:
        """The engine raised on a decision: one line, the traceback in the log. The session is as it
        was before the decision (``MatchSession.apply`` is all or nothing) and its save untouched. A
        person's decision: the match goes on, he may decide otherwise. The computer's: it would
        decide the same again, so the window returns to the title (Continue resumes the match)."""
        log.error("the engine could not apply a decision", exc_info=exc)
        try:
            words = error_words(exc)
        except CatalogueError:  # words the catalogue lacks: the engine's English
            words = str(exc)
        error = printable(" ".join(words.splitlines()).strip())[:300] or type(exc).__name__
        if self.session.to_move() in self.session.coaches:
            self.app.switch("title")
            self.app.flash(tr("match.engine_failed_computer", error=error), error=True)
            return
        self.app.flash(tr("match.engine_failed", error=error), error=True)
        self.rebuild()

    def autosave(self) -> None:
        failed = self.session.autosave()
        if failed is not None:
            self.app.cannot_save(failed)

    def save(self) -> None:
        try:
            self.session.save()
            self.app.flash(tr("match.saved", path=self.session.path))
        except OSError as exc:
            self.app.cannot_save(exc)

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
        self.log_lines.extend(event_words(e) for e in new)
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

    # -- events -----------------------------------------------------------------------------------
    def handle_event(self, event) -> None:
        """Buttons first; then the board's clicks go to the phase (order tokens, a target, a run's
        waypoints, the sheet), and only those it has no use for to the instruments, which never
        take a click the phase needs (``InstrumentLayer.instrument_event``)."""
        if self.tools.handle(event) or self.controls.handle(event):
            return
        if self.camera_event(event):
            return
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            on_board = self.field_area.collidepoint(event.pos)
            if event.type != pygame.MOUSEBUTTONUP or on_board or self.inst.dragging:
                self.mouse = event.pos
        if event.type == pygame.MOUSEBUTTONDOWN and on_board:
            if self.playing():  # a first click on the board only ends the telling (it acts on nothing)
                self.show_all()
            elif event.button != 1 or not self.field_click(event.pos):
                self.instrument_event(event)
        elif event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONUP):
            self.instrument_event(event)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.panel.collidepoint(event.pos) and event.pos[1] >= self.readings_top \
                    and event.pos[1] < self.log_rect.top:
                self.show_all()
        elif event.type == pygame.KEYDOWN:
            self.key(event)

    def camera_event(self, event) -> bool:
        """Zoom and pan (``ui.camera``): the wheel over the board zooms about the mouse; a drag with
        the middle button, or with the left one while Space is held, pans; F fits the whole field."""
        kind = event.type
        if kind == pygame.KEYDOWN and event.key == pygame.K_SPACE:
            self._space = True  # and Space still tells the rest of a resolution (``key``)
        elif kind == pygame.KEYUP and event.key == pygame.K_SPACE:
            self._space = False
        elif kind == pygame.KEYDOWN and event.key == pygame.K_f:
            self.camera.reset()
            return self.view_changed()
        elif kind == pygame.MOUSEWHEEL and self.field_area.collidepoint(self.mouse):
            self.camera.zoom_at(self.fit_t, tuple(self.field_area), self.mouse, event.y)
            return self.view_changed()
        elif kind == pygame.MOUSEBUTTONDOWN and self.field_area.collidepoint(event.pos) and (
                event.button == 2 or (event.button == 1 and self._space)):
            self._panning = event.pos
            return True
        elif kind == pygame.MOUSEMOTION and self._panning is not None:
            (x0, y0), (x1, y1) = self._panning, event.pos
            self._panning = event.pos
            self.mouse = event.pos
            self.camera.pan(self.fit_t, x1 - x0, y1 - y0)
            return self.view_changed()
        elif kind == pygame.MOUSEBUTTONUP and self._panning is not None and event.button in (1, 2):
            self._panning = None
            return True
        return False

    def view_changed(self) -> bool:
        self.t = self.camera.view(self.fit_t, tuple(self.field_area))
        return True

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

    # -- update and draw --------------------------------------------------------------------------
    def animating(self) -> bool:
        return self.playing() or bool(self.inst.dragging) or self.thinking is not None

    def playing(self) -> bool:
        """The resolution is still being told: lines to reveal or runs moving."""
        return self.telling.playing()

    def show_all(self) -> None:
        playing = self.playing()
        self.telling.finish()
        self.append_log()
        if playing:
            self.told()

    def told(self) -> None:
        """The telling is over: the next choices appear, or the hand-over that waited for it."""
        self.mark_looked()
        if self.handover_waits:
            self.sync()
        else:
            self.rebuild()

    def mark_looked(self) -> None:
        """Whoever looks at the screen has seen every event told so far."""
        told = len(self.session.events) - len(self.telling.pending())
        for team in self.app.holder.lookers:
            self.looked[team] = max(self.looked.get(team, 0), told)

    def tell_again(self) -> None:
        """Every event since this coach's last decision, or since he last looked at the screen
        (after a hand-over: what was told while he looked away), told once more."""
        batch = self.session.events[self.replay_from:]
        if not any(isinstance(e, RESOLUTION_EVENTS) for e in batch):
            self.app.flash(tr("match.nothing_to_tell"), error=True)
            return
        self.show_all()
        self.telling = playback.Telling(batch)
        self.rebuild()

    def shown(self, state: MatchState) -> MatchState:
        """The board as far as the resolution has told it (``state`` itself when all is told)."""
        return self.telling.board(state, self.session.events)

    def update(self, dt: float) -> None:
        self.computer_turn()
        if self.playing():
            self.telling.advance(dt)
            self.append_log()
            if not self.playing():
                self.told()  # the next choice appears once the board shows what happened
        self.hover_reason = self.tools.hovered_reason(self.mouse) or self.controls.hovered_reason(self.mouse)
        if self.hover_reason is None and self.field_area.collidepoint(self.mouse):
            self.hover_reason = self.field_hover_reason()

    def field_hover_reason(self) -> str | None:
        """What a click on the board would do, and why not: over an enemy, the shot; a run or a
        sheet's shot being drawn, the engine's refusal as it is drawn."""
        s = self.session.state
        if not self.deciding() or self.playing():
            return None
        pid = self.figure_at(self.mouse)
        if s.phase == SHEETS and self.sheet is not None:
            pending = self.sheet.pending(self.t.nearest_point(*self.mouse))
            if pending is not None and pending[2]:
                key = {"move": "run_refused", "dump": "sheet_dump_refused"}.get(pending[0], "shot_refused")
                return tr(f"match.hover.{key}", reason=pending[2])
            return None
        if s.phase == DECLARE and self.draft is not None and self.draft.move_mode:
            run = self.run_preview(self.state)
            return tr("match.hover.run_refused", reason=run[2]) if run is not None and run[2] else None
        if pid is None or s.players[pid].team == self.viewer:
            return None
        if s.phase == TARGET:  # a break shot "chosen later" (RULES 12.2)
            shooter = s.awaiting[0]
            reason = self.why_not(ChooseTarget(self.viewer, shooter, pid))
            if reason:
                return tr("match.hover.target_refused", shooter=shooter, target=pid, reason=reason)
            return tr("match.hover.target_click", shooter=shooter, target=pid)
        if s.phase != DECLARE or self.draft is None:
            return None
        action = Dump(pid) if self.draft.armed == "dump" else Shot(pid)
        reason = self.why_with(action)
        verb = "dump" if self.draft.armed == "dump" else "shoot"
        if reason:
            return tr(f"match.hover.{verb}_refused", target=pid, reason=reason)
        return tr(f"match.hover.{verb}_click", target=pid)

    def draw(self, surface: pygame.Surface) -> None:
        state = self.state
        key = self.board_key(state)
        if key is None:
            surface.set_clip(self.field_area)  # a zoomed board stays in its area
            self.draw_board(surface, state)
            surface.set_clip(None)
        else:
            if key != self._board_key or self._board is None:
                if self._board is None or self._board.get_size() != self.field_area.size:
                    self._board = pygame.Surface(self.field_area.size).convert() \
                        if pygame.display.get_surface() else pygame.Surface(self.field_area.size)
                self.draw_board(self._board, state)
                self._board_key = key
            surface.blit(self._board, (0, 0))
        ruler, prot, _fov = self.readings(state)
        self.draw_panel(surface, state, ruler, prot)
