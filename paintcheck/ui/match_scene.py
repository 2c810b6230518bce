"""The match table: the field, the instruments and a coach's turn, hot-seat.

The scene owns the window's frame (the layout, the camera, the log, the telling of a resolution,
whose view is drawn) and routes: each phase's choices are a room of its own, built with what it
needs (``phase_orders``, ``phase_declare``, ``phase_react``, ``sheet_editor``; the table
``MatchScene.room``: phase -> room), as are the instruments (``instrument_layer``) and the
computer's turn (``computer_turn``). The scene is the rooms' ``Desk`` (``match_desk``): the session,
the viewer, the transform, the mouse and the one door. The board and the panel are pure drawings of
a model the scene builds (``match_board``, ``match_panel``).

The scene draws only a *view* of the match: the deciding coach's (``viewer``) while he alone looks,
the public one otherwise; ``ui.holder`` says when the screen must change hands first
(``HandOverScene``). Every choice is checked with the engine (``why_illegal`` on the tentative
decision, ``reaction_options``) and greyed with the engine's sentence; every change goes through
``MatchSession.apply`` (the engine's one door).

Given: the ``App`` (its session, holder, manager, size, messages and scenes).
"""

from __future__ import annotations

import logging

import pygame

from paintcheck.field.lattice import Point
from paintcheck.printable import printable
from paintcheck.rules import events as ev
from paintcheck.rules.state import DECLARE, DODGE, ORDERS, OVER, REACT, SHEETS, TARGET, MatchState
from paintcheck.ui import net_turn, playback, theme
from paintcheck.ui.camera import Camera
from paintcheck.ui.camera_hands import CameraHands
from paintcheck.ui.computer_turn import ComputerTurn
from paintcheck.ui.event_words import words as engine_words  # the engine's words, in the window's language
from paintcheck.ui.fieldview import FieldRenderer
from paintcheck.ui.holder import secret_words
from paintcheck.ui.i18n import CatalogueError, error_words, tr
from paintcheck.ui.instrument_layer import InstrumentLayer
from paintcheck.ui.match_board import BoardModel, draw_board
from paintcheck.ui.match_desk import Room
from paintcheck.ui.match_log import MatchLog
from paintcheck.ui.match_panel import PanelModel, draw_panel
from paintcheck.ui.net_session import NetSession
from paintcheck.ui.overlays import ProtractorView, RulerView
from paintcheck.ui.phase_declare import DeclareRoom
from paintcheck.ui.phase_orders import OrdersRoom
from paintcheck.ui.phase_react import DodgeRoom, ReactRoom, TargetRoom
from paintcheck.ui.review_branch import BranchSession
from paintcheck.ui.scenes import Scene
from paintcheck.ui.session import MatchSession
from paintcheck.ui.sheet_editor import SheetEditor
from paintcheck.ui.stances import Stances
from paintcheck.ui.transform import FieldTransform
from paintcheck.ui.widgets import Controls

log = logging.getLogger(__name__)

CAPTION_KEEP = 66  # a caption stays on its row only with room for a button after it


class OverRoom(Room):
    """The match is over: one button, the result."""

    def __init__(self, controls: Controls, show_result) -> None:
        self.controls = controls
        self.show_result = show_result

    def build(self) -> None:
        self.controls.add("result", tr("match.see_result"), self.show_result, primary=True)


class MatchScene(Scene):
    """The match table: routes each phase's buttons and clicks to its room (``room``) and the rest
    to the instruments (``instrument_layer``); draws the board, the panel and the log."""

    name = "match"
    t: FieldTransform  # the board's transform, as zoomed and panned (set by ``layout``)
    field_area: pygame.Rect  # the board's part of the window (``layout``)

    def __init__(self, app) -> None:
        super().__init__(app)
        self.tools = Controls(app.manager)
        self.renderer: FieldRenderer | None = None
        self.log = MatchLog(app.manager)  # the events told, under the panel
        self._session: MatchSession | None = None
        self.viewer: str | None = None
        self.private = False  # the viewer's secrets are drawn (he alone looks): set by sync()
        self.mouse = (0, 0)
        self.told = playback.Told(0)  # the telling, and how far each coach has seen it (``enter``)
        self.camera = Camera()  # the board's zoom and pan (``ui.camera``)
        self.hands = CameraHands(self.camera)
        self.computer = ComputerTurn(self)
        self.stances = Stances(self, self.controls)
        self.instruments = InstrumentLayer(self, self.stances, self.build_tools)
        self.dodge = DodgeRoom(self, self.controls)
        self.target = TargetRoom(self, self.controls, self.stances)
        self.over = OverRoom(self.controls, self.show_result)
        self.fresh_rooms()
        self.ruler_view: RulerView | None = None  # the instruments' readings as last drawn
        self.protractor_view: ProtractorView | None = None
        self.instrument_lines: list[str] = []
        self.flag_view: list = []
        self.net_key: tuple[object, ...] | None = None  # what this coach chose at the last sync (network)

    def fresh_rooms(self) -> None:
        """The rooms that keep a draft, empty (a phase starts)."""
        self.orders = OrdersRoom(self, self.controls)
        self.declare = DeclareRoom(self, self.controls, self.stances)
        self.react = ReactRoom(self, self.controls)
        self.sheet: SheetEditor | None = None

    def room(self, phase: str) -> Room | None:
        """The room of ``phase`` (None: the break sheet of a coach who is not at the screen)."""
        rooms: dict[str, Room | None] = {ORDERS: self.orders, DECLARE: self.declare, REACT: self.react,
                                         DODGE: self.dodge, SHEETS: self.sheet, TARGET: self.target,
                                         OVER: self.over}
        return rooms.get(phase)

    # -- what the rooms are given (``match_desk.Desk``) -------------------------------------------
    @property
    def session(self) -> MatchSession:
        assert self._session is not None, "the match scene is entered with a session"
        return self._session

    def board_point(self) -> Point | None:
        return self.t.nearest_point(*self.mouse) if self.field_area.collidepoint(self.mouse) else None

    def flash(self, words: str, error: bool = False) -> None:
        self.app.flash(words, error=error)

    def quiet(self) -> None:
        self.app.message = None

    # -- entering, leaving, layout ----------------------------------------------------------------
    def enter(self, persist: dict) -> None:
        session = self.app.session
        kept = None
        if persist.get("keep") and session is self._session:  # back from "How to play": drafts stay
            kept = (self.orders, self.declare, self.react, self.sheet, self.instruments.inst,
                    self.instruments.tool)
        if session is not self._session or self.renderer is None:
            assert session is not None, "a match is entered with the app's match under way"
            self.renderer = FieldRenderer(session.table.field)
            self.camera.reset()
            self.told = playback.Told(len(session.events))
        self._session = session
        self.handover_waits = False  # a hand-over waits for the end of a resolution told to both
        self.viewer = persist.get("viewer")
        self.private = False
        self.computer.thinking = None  # (team, state, future) while the computer decides
        self.instruments = InstrumentLayer(self, self.stances, self.build_tools)
        self.mouse = (0, 0)
        self.fresh_rooms()
        self.hover_reason: str | None = None
        self.captions: list = []
        self._board_key: object = None  # the board drawn once per change (``draw``)
        self._board: pygame.Surface | None = None
        super().enter(persist)
        if self.viewer is not None and persist.get("handed"):  # what he missed while he looked away
            self.told.handed_to(self.viewer)
        self.sync()
        if kept is not None and self.app.scene is self:
            self.orders, self.declare, self.react, self.sheet, inst, tool = kept
            self.instruments.inst, self.instruments.tool = inst, tool
            self.build_tools()
            self.rebuild()

    def exit(self) -> None:
        self.computer.thinking = None  # a decision still being thought is dropped; ``sync`` asks again
        self.tools.clear()
        self.log.close()
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
        self.log.place(self.log_rect)
        self.append_log()
        self.build_tools()
        self.rebuild()

    def build_tools(self) -> None:
        t, inst = self.tools, self.instruments
        t.start(self.px, 112, self.pw)
        t.row_height = 28
        t.add("tool-ruler", tr("match.tools.ruler"), inst.toggle_ruler, chosen=inst.tool == "ruler",
              hint=tr("match.tools.ruler_hint"))
        t.add("tool-protractor", tr("match.tools.protractor"), inst.toggle_protractor,
              chosen=inst.inst.protractor, hint=tr("match.tools.protractor_hint"))
        t.add("tool-clear", tr("match.tools.put_away"), inst.clear)
        t.add("tell-again", tr("match.tools.tell_again"), self.tell_again,
              hint=tr("match.tools.tell_again_hint"))
        if isinstance(self.session, BranchSession):  # a review's branch: back to it, the branch kept
            t.add("back-review", tr("review_window.back_review"), self.back_to_review, primary=True)
        else:
            t.add("review", tr("review_window.open"), self.review, self.review_refused(),
                  hint=tr("review_window.live_hint"))
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
        and the computer thinks in a worker thread (``computer_turn``)."""
        s = self.session
        team = s.to_move()
        if isinstance(s, NetSession):  # one coach at each machine: his own view, no hand-over
            self.viewer, self.private, self.handover_waits = s.team, True, False
            self.net_key = self.net_choice()
            self.start_phase()
            if team == s.team and team in s.coaches:
                self.computer.think(team)
            return
        if team in s.coaches:  # the computer's coach is made, and warmed, in its worker thread
            people = s.people
            self.viewer = people[0] if len(people) == 1 else None
            self.private = len(people) == 1
            self.start_phase()
            self.computer.think(team)
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
        """The phase's rooms, fresh: the sheet of the coach at the screen, the draft of his
        activated player."""
        s = self.session.state
        self.fresh_rooms()
        if self.viewer is not None and self.deciding():
            if s.phase == SHEETS:
                self.sheet = SheetEditor(self, self.controls, self.stances, self.viewer)
            elif s.phase == DECLARE:
                self.declare.start_draft(s.active[self.viewer])
        self.tools.set_reason("review", self.review_refused())
        self.rebuild()

    # -- the state as this coach sees it ----------------------------------------------------------
    @property
    def state(self) -> MatchState:
        """What the coach at the screen may see, with his draft order tokens on it."""
        seen = self.session.view(self.viewer if self.private else None)
        if self.orders.draft and self.viewer is not None and seen.phase == ORDERS:
            seen.orders[self.viewer] = dict(self.orders.draft)
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
        room = self.room(phase)
        if room is not None and not self.playing() and (self.deciding() or phase == OVER):
            room.build()  # choices once the board has caught up
        self.readings_top = c.bottom + 34

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

    # -- the one door -----------------------------------------------------------------------------
    def why_not(self, decision: object) -> str | None:
        """The engine's sentence refusing ``decision``, in the window's language (None: allowed)."""
        reason = self.session.why_illegal(decision)
        return None if reason is None else engine_words(reason)

    def apply(self, decision: object) -> list:
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
        except Exception as exc:  # noqa: BLE001 - never a traceback in the window; logged below
            self.engine_failed(exc)
            return []
        self.told.start(before, events)
        self.app.message = None
        self.append_log()
        self.autosave()
        self.sync()
        return events

    def arrived(self, events: list[ev.Event]) -> None:
        """The other machine's decisions and the reveals (a networked match): told as this
        coach's own are."""
        self.show_all()
        self.mark_looked()
        self.told.start(len(self.session.events) - len(events), events)
        self.append_log()
        if self.net_choice() == self.net_key:  # he still makes the same choice: his draft stays
            self.rebuild()
        else:
            self.sync()

    def net_choice(self) -> tuple[object, ...]:
        """What this coach is choosing now (a networked match): a draft is kept while it stays."""
        s = self.session
        state = s.state
        return state.phase, state.turn, state.round, s.to_move(), state.active.get(self.viewer or "")

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

    def back_to_review(self) -> None:
        """A branch played from a review: back to the review, on the branch."""
        session = self.session
        if isinstance(session, BranchSession):
            self.app.session = session.main
            self.app.holder = self.app.holder_for(session.main)
            self.app.switch("review", **session.back_persist())

    def review_refused(self) -> str | None:
        """Why *Review* is greyed: a coach reviews the match being played from his own seat, while he
        decides (None: he may). Not in a networked match: the other machine's tokens are sealed here, so
        its record does not replay through the engine alone."""
        if isinstance(self.session, NetSession):
            return tr("review_window.eyes.not_networked")
        return None if self.deciding() else tr("review_window.eyes.live_only")

    def review(self) -> None:
        """The match up to now, reviewed from the deciding coach's own seat (``review_scene``); its
        *Back* comes back to this screen as it was."""
        refused = self.review_refused()
        if refused is not None or self.viewer is None or self.playing():
            self.app.flash(refused or tr("review_window.eyes.live_only"), error=True)
            return
        self.app.switch("review", session=self.session, live_seat=self.viewer, back="match",
                        back_persist={"viewer": self.viewer, "keep": True})

    def show_help(self) -> None:
        self.app.show_help(back="match", back_persist={"viewer": self.viewer, "keep": True})

    def show_result(self) -> None:
        if isinstance(self.session, BranchSession):  # a branch's end is shown in its review
            self.back_to_review()
            return
        s = self.session.state
        self.app.switch("result", winner=s.winner, reason=s.end_reason or "")

    def append_log(self) -> None:
        """The log follows the telling: the events told so far are written."""
        self.log.follow(self.session.events, self.told.count(self.session.events))

    # -- events -----------------------------------------------------------------------------------
    def handle_event(self, event) -> None:
        """Buttons first; then the board's clicks go to the phase's room (order tokens, a target, a
        run's waypoints, the sheet), and only those it has no use for to the instruments, which never
        take a click the phase needs (``InstrumentLayer.event``)."""
        if self.tools.handle(event) or self.controls.handle(event):
            return
        if self.camera_event(event):
            return
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            on_board = self.field_area.collidepoint(event.pos)
            if event.type != pygame.MOUSEBUTTONUP or on_board or self.instruments.inst.dragging:
                self.mouse = event.pos
        if event.type == pygame.MOUSEBUTTONDOWN and on_board:
            if self.playing():  # a first click on the board only ends the telling (it acts on nothing)
                self.show_all()
            elif event.button != 1 or not self.field_click(event.pos):
                self.instruments.event(event)
        elif event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONUP):
            self.instruments.event(event)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.panel.collidepoint(event.pos) and event.pos[1] >= self.readings_top \
                    and event.pos[1] < self.log_rect.top:
                self.show_all()
        elif event.type == pygame.KEYDOWN:
            self.key(event)

    def camera_event(self, event) -> bool:
        """Zoom and pan (``ui.camera_hands``); Space still tells the rest of a resolution (``key``)."""
        taken, moved = self.hands.event(event, self.fit_t, tuple(self.field_area), self.mouse)
        if taken and event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        if moved:
            self.view_changed()
        return taken

    def view_changed(self) -> bool:
        self.t = self.camera.view(self.fit_t, tuple(self.field_area))
        return True

    def key(self, event) -> None:
        draft = self.declare.draft
        if event.key in (pygame.K_SPACE, pygame.K_RETURN) and self.playing():
            self.show_all()
        elif event.key == pygame.K_t:
            self.tell_again()
        elif event.key == pygame.K_r:
            self.instruments.toggle_ruler()
        elif event.key == pygame.K_p:
            self.instruments.toggle_protractor()
        elif event.key == pygame.K_ESCAPE:
            if draft is not None and draft.move_mode:
                self.declare.cancel_move()
            else:
                self.instruments.clear()
        elif event.key in (pygame.K_BACKSPACE, pygame.K_z) and draft is not None:
            self.declare.undo()
        elif event.key == pygame.K_s and event.mod & pygame.KMOD_CTRL:
            self.save()

    def field_click(self, pos) -> bool:
        """The phase's use of a left click on the board (its room's); False when it has none."""
        room = self.room(self.session.state.phase)
        if not self.deciding() or room is None:
            return False
        return room.click(pos, self.instruments.figure_at(pos))

    # -- update and draw --------------------------------------------------------------------------
    def animating(self) -> bool:
        return self.playing() or bool(self.instruments.inst.dragging) or self.computer.thinking is not None

    @property
    def telling(self) -> playback.Telling:
        """The resolution being told (``playback.Told``)."""
        return self.told.telling

    def playing(self) -> bool:
        """The resolution is still being told: lines to reveal or runs moving."""
        return self.telling.playing()

    def show_all(self) -> None:
        playing = self.playing()
        self.telling.finish()
        self.append_log()
        if playing:
            self.telling_over()

    def telling_over(self) -> None:
        """The telling is over: the next choices appear, or the hand-over that waited for it."""
        self.mark_looked()
        if self.handover_waits:
            self.sync()
        else:
            self.rebuild()

    def mark_looked(self) -> None:
        """Whoever looks at the screen has seen every event told so far."""
        self.told.look(self.app.holder.lookers, self.session.events)

    def tell_again(self) -> None:
        """Every event since this coach's last decision, or since he last looked at the screen
        (after a hand-over: what was told while he looked away), told once more."""
        batch = self.told.again(self.session.events)
        if not batch:
            self.app.flash(tr("match.nothing_to_tell"), error=True)
            return
        self.show_all()
        self.told.tell(batch)
        self.rebuild()

    def shown(self, state: MatchState) -> MatchState:
        """The board as far as the resolution has told it (``state`` itself when all is told)."""
        return self.telling.board(state, self.session.events)

    def update(self, dt: float) -> None:
        if isinstance(self.session, BranchSession) and self.session.stopped and not self.playing():
            self.back_to_review()  # an odds-only branch at its first die: its odds are the review's
            return
        if isinstance(self._session, NetSession):
            new = net_turn.tick(self.app)
            if self.app.scene is not self or net_turn.route(self.app):
                return
            if new:
                self.arrived(new)
        self.computer.update()
        if self.playing():
            self.telling.advance(dt)
            self.append_log()
            if not self.playing():
                self.telling_over()  # the next choice appears once the board shows what happened
        self.hover_reason = self.tools.hovered_reason(self.mouse) or self.controls.hovered_reason(self.mouse)
        if self.hover_reason is None and self.field_area.collidepoint(self.mouse):
            self.hover_reason = self.field_hover_reason()

    def field_hover_reason(self) -> str | None:
        """What a click on the board would do, and why not (the phase's room says)."""
        room = self.room(self.session.state.phase)
        if not self.deciding() or self.playing() or room is None:
            return None
        return room.hover(self.instruments.figure_at(self.mouse))

    def board_key(self) -> object:
        """What the board drawn under the panel depends on, or None while it changes by itself (a
        resolution being told, a room drawing under the mouse): the board is drawn again only when
        this changes."""
        s = self.session.state
        room = self.room(s.phase)
        if self.playing() or (room is not None and self.deciding() and room.drawn_live()):
            return None
        return (id(s), s.decisions, len(self.session.events), self.viewer, self.private,
                self.instruments.readings_key(), self.declare.key(), self.orders.key(), self.react.key(),
                self.field_area.size, self.t)

    def board_model(self, state: MatchState) -> BoardModel:
        """The board as the coach at the screen sees it now."""
        assert self.renderer is not None
        inst = self.instruments.inst
        fov_team = None
        if inst.selected or inst.viewpoint:
            fov_team = state.players[inst.selected].team if inst.selected else self.viewer or "blue"
        room = self.room(state.phase) if self.deciding() else None
        telling = self.telling
        return BoardModel(
            background=self.renderer.background(self.app.size, self.t), area=self.field_area, t=self.t,
            field=self.session.table.field, m=self.session.m, state=state, board=self.shown(state),
            readings=self.instruments.readings(state), fov_team=fov_team, selected=inst.selected,
            protractor=inst.protractor, ruler_shooter=inst.ruler_shooter, sequence=self.declare.sequence(),
            run=self.declare.run_preview(state), room_layer=room.draw_field if room is not None else None,
            positions=room.positions() if room is not None else {},
            active=set(state.active.values()) if state.phase in (DECLARE, REACT, DODGE) else set(),
            runs=telling.runs, running={pid: telling.run_position(pid) for pid in telling.runs},
            told_shot=telling.shot())

    def draw(self, surface: pygame.Surface) -> None:
        state = self.state
        key = self.board_key()
        if key is None:
            surface.set_clip(self.field_area)  # a zoomed board stays in its area
            self.flag_view = draw_board(surface, self.board_model(state))
            surface.set_clip(None)
        else:
            if key != self._board_key or self._board is None:
                if self._board is None or self._board.get_size() != self.field_area.size:
                    self._board = pygame.Surface(self.field_area.size).convert() \
                        if pygame.display.get_surface() else pygame.Surface(self.field_area.size)
                self.flag_view = draw_board(self._board, self.board_model(state))
                self._board_key = key
            surface.blit(self._board, (0, 0))
        ruler, prot, _fov = self.instruments.readings(state)
        self.ruler_view, self.protractor_view = ruler, prot
        team = self.session.to_move()
        thinking = self.computer.thinking is not None and team is not None
        elsewhere = isinstance(self._session, NetSession) and team == self._session.other
        choosing = self.deciding() and not self.playing()  # the choices wait for the telling's end
        self.instrument_lines = draw_panel(surface, PanelModel(
            rect=self.panel, x=self.px, w=self.pw, state=state, to_move=team, playing=self.playing(),
            thinking=self.computer.thinking_words(team) if thinking and team is not None else
            tr(f"net.match.other_deciding.{team}") if elsewhere else None,
            captions=self.captions, controls_bottom=self.controls.bottom,
            room=self.room(state.phase) if choosing else None, hover_reason=self.hover_reason,
            readings_top=self.readings_top, message=self.app.message, ruler=ruler, protractor=prot,
            telling=self.telling, bottom=self.log_rect.top - 6))
