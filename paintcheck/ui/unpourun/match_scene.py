"""Un pour un's match window ("upu_match", issue 31 item 4): the table, the figures, the decisions.

Owns: the session (``ui.session.Session`` on ``UnpourunKind``), the table's view (``board``), the menu
of clickable decisions (``menu_model``, one button each, greyed with the engine's refusal), the move
being dragged (``move_tool.Trail``), and its controllers: the deployment (``deploy_tool``), the ruler
(h-upu-shot's ``RulerLayer``), the shot panel (``shot_tool``), the computer's worker (``computer``).
Every decision goes through ``apply``: the engine's door, then the autosave;
the match over, ``upu_result``. No hand-over: Un pour un has no secrets (0.1). The table zooms and
pans as Paintcheck's board does (``table_camera``, moved by ``ui.camera_hands``).
"""

from __future__ import annotations

import logging
import math
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, cast

import pygame

from paintcheck.ui import theme
from paintcheck.ui.camera_hands import CameraHands
from paintcheck.ui.i18n import tr
from paintcheck.ui.scenes import Scene
from paintcheck.ui.session import Session
from paintcheck.ui.unpourun import (
    board,
    deploy_tool,
    figure_card,
    menu_model,
    message_line,
    move_tool,
    resume,
    shot_tool,
    story,
    zone_places,
)
from paintcheck.ui.unpourun.computer import Computer
from paintcheck.ui.unpourun.event_words import say as said
from paintcheck.ui.unpourun.event_words import weapon_words
from paintcheck.ui.unpourun.ruler import RulerLayer
from paintcheck.ui.unpourun.table_camera import TableCamera
from paintcheck.ui.unpourun.table_view import TableView
from paintcheck.unpourun import actions as a
from paintcheck.unpourun import tables as t
from paintcheck.unpourun.bands import BandSpec
from paintcheck.unpourun.engine import Engine
from paintcheck.unpourun.game import UnpourunGame, bands_of
from paintcheck.unpourun.state import MatchState, Phase

if TYPE_CHECKING:
    from paintcheck.ui.app import App

log = logging.getLogger(__name__)

PANEL_W = 380
SHOT_PANEL = (400, 340)  # the shot panel's size, over the table's top right corner
MARGIN = 12
READING_LINES = 5  # lines a trail's reading may take above the story (the ruler's hint is not shown then)
RESERVE_H = 54  # the strip under the table where the figures still to deploy wait
PAUSE_WAYPOINT = 0.5  # seconds the mouse rests during a drag: a waypoint is dropped there
GRAB = 1.5  # a press within this many base radii of a figure takes it
CLICK_PIXELS = 5  # a figure released this near where it was taken was clicked, not moved


class UpuMatchScene(Scene):
    name = "upu_match"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.session: Session | None = None
        self._view: TableView | None = None
        self.camera = TableCamera()  # the table's zoom and pan
        self.hands = CameraHands(self.camera)
        self.mouse = (0, 0)  # where the mouse last was (the wheel zooms about it)
        self.computer = Computer()
        self.selected: str | None = None
        self.trail: move_tool.Trail | None = None
        self.reading: move_tool.Reading | None = None
        self.deploy = deploy_tool.DeployTool(pygame.Rect(0, 0, 1, 1))  # the figures still to deploy
        self.last_motion = 0.0
        self.table_rect = pygame.Rect(0, 0, 1, 1)
        self.story_rect = pygame.Rect(0, 0, 1, 1)
        self.shown_for: object = None  # the state the menu was built for
        self.ruler: RulerLayer | None = None  # from the selected figure, with one of its weapons
        self.ruler_weapon = 0  # which of the selected figure's ranged weapons (W: the next)
        self.shot = shot_tool.ShotTool(pygame.Rect(0, 0, 1, 1), self.apply)  # a shot's panel
        self.band_specs: tuple[object, tuple[BandSpec, BandSpec] | None] = (None, None)  # session -> bands
        self.button_figure: dict[str, str] = {}  # a menu button -> the figure it names (its card)
        self.button_zone: dict[str, int] = {}  # a zone's button -> the zone it takes (lit under the mouse)
        self.resumed_from = ""  # the file the match was resumed from (named in the flashed message)

    # -- the scene ----------------------------------------------------------------------------------
    def enter(self, persist: dict[str, Any]) -> None:
        """``session``: a new match; ``resume``: a saved match's file, replayed (one line when it
        cannot be, back on the title); neither: the match being played (back from How to play)."""
        if persist.get("session", self.session) is not self.session or "resume" in persist:
            self.camera.reset()  # another match: the whole table
        self.session = persist.get("session", self.session)
        if "resume" in persist:
            found = resume.load(persist["resume"])
            if isinstance(found, str):
                self.app.flash(found, error=True)
                self.session = None
                self.app.switch("title")
                return
            self.resumed_from = str(persist["resume"])
            self.app.flash(tr("app.resumed", path=persist["resume"]))
            self.session = found
            if found.over:
                self.app.switch("upu_result", session=found)
                return
        self.trail = self.reading = None
        self.deploy.cancel()
        self.selected = None
        self.ruler = RulerLayer(self.engine.board) if self.session is not None else None
        super().enter(persist)

    def exit(self) -> None:
        self.computer.close()
        super().exit()

    @property
    def state(self) -> MatchState:
        assert self.session is not None
        return cast(MatchState, self.session.state)

    @property
    def view(self) -> TableView:
        """The table's picture and its pixels (made by ``layout``)."""
        assert self._view is not None
        return self._view

    @property
    def game(self) -> UnpourunGame:
        assert self.session is not None
        return cast(UnpourunGame, self.session.game)

    @property
    def engine(self) -> Engine:
        return self.game.engine

    def layout(self, size: tuple[int, int]) -> None:
        w, h = size
        self.table_rect = pygame.Rect(
            MARGIN, MARGIN + 28, w - PANEL_W - 3 * MARGIN, h - RESERVE_H - 3 * MARGIN - 28
        )
        self.deploy = deploy_tool.DeployTool(
            pygame.Rect(MARGIN, self.table_rect.bottom + MARGIN, self.table_rect.width, RESERVE_H)
        )
        if self.session is not None:
            self.view_changed()
        panel = pygame.Rect(0, 0, SHOT_PANEL[0], SHOT_PANEL[1])
        panel.topright = (self.table_rect.right - 8, self.table_rect.y + 8)
        self.shot = shot_tool.ShotTool(panel, self.apply)
        self.shown_for = None
        self.build_menu()

    def view_changed(self) -> None:
        """The table's view made again, as the camera now looks at it."""
        self._view = board.make_view(self.game.table, self.table_rect, self.camera.zoom, self.camera.centre)

    def person_to_move(self) -> bool:
        s = self.session
        return s is not None and not s.over and s.to_move() in s.people

    def build_menu(self) -> None:
        """The buttons of the decisions clickable now, each greyed with the engine's refusal."""
        c = self.controls
        x = self.app.size[0] - PANEL_W - MARGIN
        c.start(x, MARGIN + 84, PANEL_W)
        c.row_height = 28
        self.button_figure, self.button_zone = {}, {}
        if self.session is not None and self.person_to_move():
            for entry in menu_model.entries(self.engine, self.state):
                key = "-".join([entry.key, *(str(v) for _, v in entry.values if v)])
                values = dict(entry.values)
                named = values.get("target") or values.get("figure")
                if isinstance(named, str) and named:
                    self.button_figure[key] = named
                if isinstance(entry.decision, a.ChooseZone):
                    self.button_zone[key] = entry.decision.zone
                action = None if entry.drag else self.choosing(entry.decision)
                c.add(
                    key,
                    said(entry.said),
                    action,
                    None if entry.reason is None else said(entry.reason),
                    hint=tr("upu_match.menu.drag_hint") if entry.drag else None,
                )
        c.newline()
        c.add("title", tr("upu_match.back_to_title"), lambda: self.app.switch("title"))
        top = c.bottom + 96
        self.story_rect = pygame.Rect(x, top, PANEL_W, max(60, self.app.size[1] - top - MARGIN))
        self.shown_for = self.state if self.session is not None else None

    # -- decisions ---------------------------------------------------------------------------------
    def choosing(self, decision: Any) -> Callable[[], None]:
        """A button's action: a shot or a strike to the shot panel first (its odds, then Confirm), any
        other decision through ``apply``."""

        def action() -> None:
            if not self.shot.open(self.engine, self.state, decision):
                self.apply(decision)

        return action

    def apply(self, decision: Any) -> bool:
        """The engine's door, then the save; a refusal is one red line (the engine's reason)."""
        assert self.session is not None
        try:
            self.session.apply(decision)
        except a.IllegalActionError as exc:
            self.app.flash(said(exc.args[0]), error=True)
            return False
        failed = self.session.autosave()
        if failed is not None:
            self.app.cannot_save(failed)
        else:
            self.app.message = None
        self.trail = self.reading = None
        self.deploy.cancel()
        self.shot.cancel()
        if self.ruler is not None:
            self.ruler.clear()
        if self.session.over:
            self.app.switch("upu_result", session=self.session)
            return True
        self.build_menu()
        return True

    def update(self, dt: float) -> None:
        s = self.session
        if s is None or s.over:
            return
        if self.shown_for is not s.state:
            self.build_menu()
        seat = s.to_move()
        if seat is not None and seat not in s.people:
            self.computer.think(s, seat)
            done, decision = self.computer.ready(s)
            if done and decision is None:
                self.app.flash(tr("upu_match.computer_failed"), error=True)
            elif done:
                self.apply(decision)
        if (
            self.trail is not None
            and time.monotonic() - self.last_motion > PAUSE_WAYPOINT
            and self.trail.end is not None
        ):
            self.trail.add_waypoint(self.trail.end)

    def animating(self) -> bool:
        return self.computer.thinking or self.trail is not None

    # -- the mouse -----------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        if self.controls.handle(event) or self.session is None or self.shot.panel.handle_event(event):
            return
        if hasattr(event, "pos"):
            self.mouse = event.pos
        if self._view is not None and not self.deploy.holding and self.trail is None:
            taken, moved = self.hands.event(event, self.view, tuple(self.view.area), self.mouse)
            if moved:
                self.view_changed()
            if taken:
                return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.press(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 3 and self.trail is not None:
            self.trail.add_waypoint(self.view.to_table(event.pos))  # a waypoint where it is clicked
        elif event.type == pygame.MOUSEMOTION:
            self.motion(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.release(event.pos)
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_w:
            self.ruler_weapon += 1  # the ruler's next weapon
            self.aim_ruler(pygame.mouse.get_pos())

    def figure_at(self, pos: tuple[int, int]) -> str | None:
        if not self.view.area.collidepoint(pos):
            return None  # the legend, or the table's part a zoom leaves unseen
        p = self.view.to_table(pos)
        r = t.BASE_RADIUS * GRAB
        near = [(math.dist(p, f.pos), f.id) for f in self.state.figures if f.on_table and f.pos is not None]
        near = [n for n in near if n[0] <= r]
        return min(near)[1] if near else None

    def reserve_slots(self) -> dict[str, pygame.Rect]:
        """Where the mover's figures still to deploy wait, under the table."""
        return self.deploy.slots(self.state)

    def ruler_weapons(self) -> tuple[str, ...]:
        if self.selected is None:
            return ()
        f = self.state.figure(self.selected)
        return f.ranged if f.standing else ()

    def aim_ruler(self, pos: tuple[int, int]) -> None:
        """The ruler from the selected figure with its weapon, to the point under the mouse."""
        weapons = self.ruler_weapons()
        if self.ruler is None:
            return
        if not weapons or not self.table_rect.collidepoint(pos):
            self.ruler.clear()
            return
        weapon = weapons[self.ruler_weapon % len(weapons)]
        assert self.selected is not None
        self.ruler.aim(self.state, self.selected, weapon, self.view.to_table(pos))

    def press(self, pos: tuple[int, int]) -> None:
        if self.table_rect.collidepoint(pos):
            fid = self.figure_at(pos)
            if self.aimed_shot(fid):
                return
            if fid != self.selected:
                self.ruler_weapon = 0
            self.selected = fid  # the ruler comes from it
            if self.ruler is not None:
                self.ruler.clear()
        if not self.person_to_move():
            return
        s = self.state
        if s.phase == Phase.DEPLOY:
            self.deploy.press(s, pos)
            return
        if not self.table_rect.collidepoint(pos):
            return
        fid = self.figure_at(pos)
        if s.phase == Phase.WAVE and fid is not None and s.figure(fid).player == s.mover:
            self.apply(a.Activate(fid))
            return
        mover = (
            s.activation.figure
            if s.phase == Phase.ACTIVATION and s.activation
            else s.withdraw[0]
            if s.phase == Phase.WITHDRAW and s.withdraw
            else None
        )
        if fid is not None and fid == mover:
            start = s.figure(fid).pos
            assert start is not None
            self.trail = move_tool.Trail(fid, start)
            self.reading = None
            self.last_motion = time.monotonic()

    def aimed_shot(self, fid: str | None) -> bool:
        """A click on an enemy while the ruler comes from the active figure: that shot, with the
        ruler's weapon, to the shot panel (its odds, the engine's word, Confirm)."""
        s = self.state
        act = s.activation
        if fid is None or act is None or s.phase != Phase.ACTIVATION or not self.person_to_move():
            return False
        if self.selected != act.figure or s.figure(fid).player == s.figure(act.figure).player:
            return False
        weapons = self.ruler_weapons()
        if not weapons:
            return False
        self.shot.open(self.engine, s, a.Shoot(weapons[self.ruler_weapon % len(weapons)], fid))
        return True

    def motion(self, pos: tuple[int, int]) -> None:
        self.last_motion = time.monotonic()
        if self.deploy.holding:
            self.deploy.motion(self.engine, self.state, self.view, self.view.area, pos)
        elif self.trail is not None:
            self.trail.end = self.view.to_table(pos)
            self.reading = move_tool.read(
                self.engine, self.state, self.state.figure(self.trail.figure), self.trail.path
            )
        else:
            self.aim_ruler(pos)

    def release(self, pos: tuple[int, int]) -> None:
        if self.deploy.holding:
            decision, reason = self.deploy.release(self.engine, self.state, self.view, self.view.area, pos)
            if reason is not None:
                self.app.flash(said(reason), error=True)
            elif decision is not None:
                self.apply(decision)
            return
        if self.trail is None:
            return
        trail = self.trail
        if not trail.waypoints and math.dist(self.view.to_screen(trail.start), pos) < CLICK_PIXELS:
            self.trail = self.reading = None  # a click on the figure (it selects it), not a move
            return
        self.motion(pos)
        reading, self.trail = self.reading, None
        if reading is None or not reading.path:
            return
        if reading.decision is None:
            self.reading = reading  # stays drawn, red, until the next drag
            self.app.flash(said(reading.reason), error=True)
            return
        self.apply(reading.decision)

    # -- drawing --------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BACKGROUND)
        if self.session is None or self._view is None:
            return
        s = self.state
        self.view.zone_looks = board.zone_looks(self.game.table, s.zones)  # by place, then by owner
        self.view.draw(surface)
        mouse = pygame.mouse.get_pos()
        zone = self.button_zone.get(self.hovered_key(mouse) or "")
        if zone is not None:  # the zone the button under the mouse takes
            board.draw_zone_highlight(surface, self.view, self.game.table, zone)
        moving = self.trail.figure if self.trail is not None else None
        if self.view.zoom > 1.0:
            surface.set_clip(self.view.area)  # what lies on a zoomed table stays in its area
        board.draw_figures(surface, self.view, s, self.selected, hidden=moving)
        if self.reading is not None:
            mover = self.reading_figure()
            start = s.figure(mover).pos if mover is not None else None
            if start is not None:
                board.draw_trail(surface, self.view, start, self.reading)
        if self.trail is not None and self.trail.end is not None:
            f = s.figure(self.trail.figure)
            board.draw_figure(
                surface,
                self.view,
                f,
                self.trail.end,
                active=True,
                refused=self.reading is not None and self.reading.reason is not None,
            )
        if self.ruler is not None and self.trail is None and not self.deploy.holding:
            self.ruler.draw(surface, self.view)
        surface.set_clip(None)
        self.deploy.draw(surface, s, self.view, self.view.area)
        self.draw_panel(surface)
        self.shot.panel.draw(surface)
        self.draw_card(surface, mouse)

    def carded(self, pos: tuple[int, int]) -> tuple[str | None, bool]:
        """The figure whose card the mouse asks for: over a figure on the table, over one waiting under
        it, or over a button naming one (then True: the card stands left of the panel)."""
        if self.trail is not None or self.deploy.holding or self.shot.shown:
            return None, False
        if self.table_rect.collidepoint(pos):
            return self.figure_at(pos), False
        for fid, rect in self.reserve_slots().items():
            if rect.collidepoint(pos):
                return fid, False
        named = self.button_figure.get(self.hovered_key(pos) or "")
        return named, named is not None

    def hovered_key(self, pos: tuple[int, int]) -> str | None:
        """The key of the menu's button under the mouse, if any."""
        hovered = self.controls.hovered(pos)
        return next((k for k, c in self.controls.choices.items() if c is hovered), None) if hovered else None

    def match_bands(self) -> tuple[BandSpec, BandSpec] | None:
        """The bands the match began with (its record's start, read once a session): the melee weapons
        and equipment the cards name. None (the cards without them, logged) when the start names none."""
        if self.session is None:
            return None
        if self.band_specs[0] is not self.session:
            try:
                bands = bands_of(self.session.record.start)
            except (ValueError, KeyError, TypeError):
                log.warning("the match's start names no bands: the cards say what the state keeps",
                            exc_info=True)
                bands = None
            self.band_specs = (self.session, bands)
        return self.band_specs[1]

    def card_lines(self, fid: str) -> list[str]:
        """The figure's card (``figure_card``), its band's entry from the match's bands."""
        spec, race = figure_card.spec_of(self.match_bands(), fid)
        return figure_card.card_lines(self.state, fid, spec, race)

    def draw_card(self, surface: pygame.Surface, mouse: tuple[int, int]) -> None:
        fid, on_button = self.carded(mouse)
        if fid is None:
            return
        lines = self.card_lines(fid)
        f = self.state.figure(fid)
        if f.pos is not None and f.on_table:  # where it stands, the mouse on a button naming it
            board.draw_ring(surface, self.view, f.pos)
        panel = self.app.size[0] - PANEL_W - MARGIN
        rect = board.card_rect(lines, mouse, surface.get_rect(), panel if on_button else None)
        board.draw_card(surface, lines, rect, self.state.figure(fid).player)

    def reading_figure(self) -> str | None:
        if self.trail is not None:
            return self.trail.figure
        act = self.state.activation
        return act.figure if act is not None else (self.state.withdraw[0] if self.state.withdraw else None)

    def header(self) -> list[str]:
        """The turn and phase, the side to play and who plays it, the VP, the active figure's PA."""
        s = self.state
        assert self.session is not None
        seat = s.mover
        if seat in self.session.people:
            who = tr("upu_match.side.person")
        else:
            who = tr(f"upu_match.player.{self.session.coaches.get(seat, '')}")
        lines = [
            tr("upu_match.header_turn", turn=s.turn, phase=tr(f"upu_match.phase.{s.phase.value}")),
            tr("upu_match.header_side", side=seat, who=who),
            tr("upu_match.header_vp", a=s.vp.get("A", 0), b=s.vp.get("B", 0)),
        ]
        if s.activation is not None:
            lines.append(tr("upu_match.pa_left", figure=s.activation.figure, pa=s.activation.pa))
        elif s.phase == Phase.DEPLOY and self.person_to_move():
            lines.append(tr("upu_match.deploy_hint"))
        return lines

    def reading_words(self) -> list[str]:
        """The trail's reading (``move_tool.reading_words``), what its rope climbs take of its cost, then
        the engine's refusal when there is one."""
        r = self.reading
        if r is None:
            return []
        words = [move_tool.reading_words(r), move_tool.climb_words(r)]
        return [w for w in words if w] + ([] if r.reason is None else [said(r.reason)])

    def draw_panel(self, surface: pygame.Surface) -> None:
        x = self.app.size[0] - PANEL_W - MARGIN
        theme.blit_text(surface, tr("upu_match.title"), (MARGIN, MARGIN), 18, theme.TEXT, bold=True)
        for i, line in enumerate(self.header()):
            theme.blit_text(surface, line, (x, MARGIN + i * 19), 14, theme.TEXT)
        top = self.story_rect.top
        if self.ruler is not None and self.ruler.reading is not None:
            hint = tr("upu_match.ruler_hint", weapon=weapon_words(self.ruler.reading.weapon))
            theme.blit_text(surface, hint, (x, top - 84), 13, theme.TEXT_DIM)
        if self.computer.thinking:
            theme.blit_text(surface, tr("upu_match.thinking"), (x, top - 66), 13, theme.TEXT_DIM)
        colour = theme.REFUSED if self.reading is not None and self.reading.reason else theme.TEXT_GOOD
        # the reading wrapped to the panel, its last line just above the story (up to READING_LINES)
        shown = [part for line in self.reading_words() for part in theme.wrap(line, 13, PANEL_W)]
        shown = shown[:READING_LINES]
        for i, line in enumerate(shown):
            theme.blit_text(surface, line, (x, top - 12 - 18 * (max(3, len(shown)) - 1 - i)), 13, colour)
        hovered = self.controls.hovered(pygame.mouse.get_pos())
        if self.reading is None and hovered is not None and hovered.reason:  # why a button is greyed
            for i, line in enumerate(theme.wrap(hovered.reason, 13, PANEL_W)[:2]):
                theme.blit_text(surface, line, (x, top - 48 + i * 18), 13, theme.TEXT_WARN)
        story.draw(surface, self.story_rect, self.session.events if self.session else [],
                   places=zone_places.places(self.game.table))
        self.draw_message(surface)

    def message_rect(self) -> pygame.Rect:
        """The flashed message's strip: over the table's top, beside the title (the legend and the
        figures to deploy stay readable)."""
        left = MARGIN + theme.text_width(tr("upu_match.title"), 18, True) + 24
        return pygame.Rect(left, MARGIN, max(1, self.table_rect.right - left), self.table_rect.top - MARGIN)

    def message_line(self) -> str:
        """The flashed message on one line of its strip (``message_line.fit``: a file named, its name
        first); '' when there is none."""
        if not self.app.message:
            return ""
        words = self.app.message[0]
        paths = [str(p) for p in (self.session.path if self.session else None, self.resumed_from) if p]
        return message_line.fit(words, self.message_rect().width, lambda w: theme.text_width(w, 15), paths)

    def draw_message(self, surface: pygame.Surface) -> None:
        line = self.message_line()
        if line and self.app.message:
            rect = self.message_rect()
            theme.blit_text(surface, line, (rect.x, rect.y), 15, self.app.message[1])
