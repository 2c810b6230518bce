"""*Study* from the field chooser: one field drawn large with a map over it and the Study panel
beside it (``study_panel``), read-only; from here the field is played or opened in the designer.

A click on a row of the pieces table, or on a piece of the field, chooses that piece: it is
outlined, and its cover points are ringed.

The scene owns the field studied (read from the file it is entered with), the piece chosen and
the Study panel (``StudyPanel``, given the layout to study and told the piece chosen); it is given
the app.
"""

from __future__ import annotations

import pygame

from paintcheck.field.layout import Field, Layout, LayoutError
from paintcheck.field.layout_file import load_layout
from paintcheck.ui import i18n, text_fit, theme
from paintcheck.ui.fieldview import FieldRenderer, draw_obstacle
from paintcheck.ui.i18n import error_words, tr
from paintcheck.ui.scenes import Scene
from paintcheck.ui.study_panel import StudyPanel
from paintcheck.ui.transform import FieldTransform

COVER_RING = (255, 220, 60)


class StudyScene(Scene):
    name = "study"

    def __init__(self, app) -> None:
        super().__init__(app)
        self.panel = StudyPanel(cache=True, on_piece=self.choose_piece)
        self.layout_file = None
        self.field: Field | None = None  # the field studied (read on entering)
        self.studied: Layout | None = None  # its layout
        self.selected: str | None = None
        self.mouse = (0, 0)
        self._board_key = self._board = None

    def enter(self, persist: dict) -> None:
        path = persist.get("path")
        if path is not None and path != self.layout_file:
            self.layout_file, self.selected = path, None
            try:
                layout = load_layout(path)
                self.field = layout.build()
            except LayoutError as exc:
                self.app.flash(tr("study.cannot_study", error=error_words(exc)), error=True)
                self.app.switch("fields")
                return
            self.studied = layout
            self.panel.want(str(path), layout)
        elif self.studied is not None and self.panel.result is None and not self.panel.busy:
            self.panel.want(str(self.layout_file), self.studied)  # left (How to play) before it was done
        super().enter(persist)

    @property
    def shown(self) -> Field:
        """The field studied (the scene is entered with one)."""
        assert self.field is not None, "the study is entered with a field"
        return self.field

    def exit(self) -> None:
        self.panel.close()
        super().exit()

    def layout(self, size) -> None:
        w, h = size
        fw = min(int(h * 0.72), w - 620)
        self.field_area = pygame.Rect(0, 0, fw, h)
        self.t = FieldTransform.fit(tuple(self.field_area), self.shown.lattice)
        self.renderer = FieldRenderer(self.shown, obstacles=False)
        self.px, self.pw = fw + 16, w - fw - 32
        self.rebuild()

    def rebuild(self) -> None:
        c = self.controls
        c.start(self.px, 56, self.pw)
        c.row_height = 30
        c.add("play", tr("fields.play"), lambda: self.app.new_match(self.layout_file), primary=True)
        c.add("design", tr("study.design"), lambda: self.app.open_designer(self.layout_file))
        c.add("back", tr("study.back"), self.back)
        c.newline(12)
        self.panel.add_controls(c, self.rebuild)
        self.panel_rect = pygame.Rect(self.px, c.bottom + 4, self.pw, self.app.size[1] - c.bottom - 60)

    # -- choices ------------------------------------------------------------------------------------
    def back(self) -> None:
        self.app.switch("fields")

    def choose_piece(self, oid: str) -> None:
        self.selected = oid if oid != self.selected else None

    def animating(self) -> bool:
        return self.panel.busy

    def update(self, dt: float) -> None:
        self.panel.poll()

    def handle_event(self, event) -> None:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
            return
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.panel.click(event.pos):
                return
            if self.field_area.collidepoint(event.pos):
                oid = self.piece_at(event.pos)
                self.selected = oid
                return
        elif event.type == pygame.MOUSEWHEEL and self.panel.wheel(self.mouse, event.y):
            return
        super().handle_event(event)

    def piece_at(self, pos) -> str | None:
        wx, wy = self.t.to_world(*pos)
        hit = self.shown.standing_on.get((round(wx), round(wy)))
        return hit.id if hit is not None else None

    # -- drawing ------------------------------------------------------------------------------------
    def board(self) -> pygame.Surface:
        layer = self.panel.layer(self.field_area.size, self.t)
        key = (id(layer), self.selected, self.field_area.size, self.t)
        if key != self._board_key:
            surf = self.renderer.background(self.field_area.size, self.t).copy()
            if layer is not None:
                surf.blit(layer, (0, 0))
            for o in self.shown.obstacles:
                draw_obstacle(surf, self.t, o)
            chosen = self.shown.by_id.get(self.selected) if self.selected else None
            if chosen is not None:
                draw_obstacle(surf, self.t, chosen, outline=theme.SELECT, width=3)
                result = self.panel.result
                ring = max(4, round(self.t.scale * 0.42))
                for p in result.study.cover_points(chosen) if result is not None else ():
                    pygame.draw.circle(surf, COVER_RING, self.t.to_screen(*p), ring, 2)
            self._board_key, self._board = key, surf
        return self._board

    def draw(self, surface) -> None:
        surface.fill(theme.BACKGROUND)
        surface.blit(self.board(), self.field_area.topleft)
        if self.field_area.collidepoint(self.mouse):
            point = self.t.nearest_point(*self.mouse)
            self.panel.draw_hover(surface, self.t, self.field_area, point, self.mouse)
        name = self.shown.layout.name_in(i18n.current())
        title = text_fit.cut(tr("study.title", name=name), 22, self.pw, bold=True)
        theme.blit_text(surface, title, (self.px, 14), 22, theme.TEXT, True)
        self.panel.draw(surface, self.panel_rect, self.selected)
        self.app.draw_message(surface, (self.px + self.pw // 2, surface.get_height() - 30))
