"""The match's board: the field and everything on it (instruments, declared lines, runs, templates,
figures, tokens, flags), drawn again only when something on it changes (``board_key``) and blitted
every frame by ``MatchScene.draw``."""

from __future__ import annotations

import pygame

from paintcheck.rules.break_turn import PREBUNK
from paintcheck.rules.state import DECLARE, DODGE, REACT, SHEETS, MatchState
from paintcheck.ui import overlays, theme
from paintcheck.ui.fieldview import draw_figure, draw_flags, draw_suppressive_tokens, draw_template


class MatchBoard:
    """The board's part of ``MatchScene``."""

    def board_key(self, state: MatchState) -> tuple | None:
        """What the board drawn under the panel depends on, or None while it changes by itself (a
        resolution being told, a break sheet being written under the mouse): the board is drawn
        again only when this changes."""
        s = self.session.state
        if self.playing() or (s.phase == SHEETS and self.sheet is not None and self.deciding()):
            return None
        self.readings(state)
        d = self.draft
        draft = None
        if d is not None:
            hover = self.t.nearest_point(*self.mouse) if d.move_mode and \
                self.field_area.collidepoint(self.mouse) else None
            draft = (d.pid, d.posture, d.cover, d.side, tuple(d.actions), d.move_mode, tuple(d.waypoints),
                     hover)
        return (id(s), s.decisions, len(self.session.events), self.viewer, self.private, self._readings_key,
                draft, tuple(sorted(self.orders_draft.items())), repr(self.chosen_reactions), self.next_token,
                self.field_area.size, self.t)

    def draw_board(self, surface: pygame.Surface, state: MatchState) -> None:
        """The field and everything on it (``surface``'s top left is the field area's)."""
        size = self.app.size
        surface.blit(self.renderer.background(size, self.t), (0, 0), self.field_area)
        t = self.t
        field_ = self.session.table.field
        ruler, prot, fov = self.readings(state)
        if fov is not None and (self.inst.selected or self.inst.viewpoint):
            team = state.players[self.inst.selected].team if self.inst.selected else self.viewer or "blue"
            overlays.draw_fov(surface, t, fov, team)
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
