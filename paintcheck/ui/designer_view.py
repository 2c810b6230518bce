"""Drawing the designer: the board with its pieces (drawn again only when they change), the held
piece's ghost and its twin, the palette of the box, the panel (selection, checks) and the status bar."""

from __future__ import annotations

import pygame

from paintcheck.field import catalogue
from paintcheck.field.lattice import Lattice, point_name
from paintcheck.field.layout import Layout, LayoutError, ObstacleSpec
from paintcheck.field.layout_file import box_family
from paintcheck.ui import i18n, text_fit, theme
from paintcheck.ui.coach_choice import draw_captions
from paintcheck.ui.fieldview import draw_flag_homes, draw_obstacle
from paintcheck.ui.i18n import tr
from paintcheck.ui.transform import FieldTransform

OK, REFUSED = (90, 230, 120), theme.REFUSED
CHECK = (255, 60, 220)  # a piece with a check: a colour no piece is drawn in


def fitting(words: str, size: int, width: int, least: int = 10) -> int:
    """The size, from ``size`` down to ``least``, at which ``words`` fit ``width`` pixels: a narrow
    window, or longer words (French's *cylindre couché*), draws them smaller, never cut."""
    return text_fit.size_to_fit(words, size, width, least)


TIP_SIZE = 12


def check_words(piece: str | None, words: str) -> str:
    """A check as the panel and the refusals say it: its piece first, as players call it
    (``Design.piece_name``: "small rocket at W:E2"), when it has one."""
    problem = i18n.say(words)
    return tr("designer.check", piece=i18n.say(piece), problem=problem) if piece else problem


class DesignerView:
    """The drawing of ``DesignerScene``."""

    def field_of(self, specs) -> object | None:
        key = tuple(specs)
        if key not in self._fields:
            try:
                self._fields[key] = Layout("", key, self.design.lattice, self.design.flag).build()
            except (LayoutError, KeyError, ValueError):
                self._fields[key] = None
        return self._fields[key]

    def board(self, problems) -> pygame.Surface:
        """The field with its pieces, checks and selection: drawn again only when one of them (or the
        piece held) changes, blitted every frame."""
        d = self.design
        held = self.dragging if pygame.mouse.get_pressed()[0] else None
        layer = self.study.layer(self.field_area.size, self.t) if self.studying else None
        key = (d.now, d.mirror, self.selected, held, self.field_area.size, self.t, id(layer))
        if key != self._board_key:
            surf = self.renderer.background(self.field_area.size, self.t).copy()
            if layer is not None:  # the map under the pieces
                surf.blit(layer, (0, 0))
            self.draw_mirror_axis(surf)
            flagged = {oid for oid, _ in problems if oid}
            field = self.field_of(d.obstacles)
            for o in field.obstacles if field is not None else ():
                if o.id == held:
                    draw_obstacle(surf, self.t, o, outline=theme.TEXT_DIM, width=1)
                    continue
                draw_obstacle(surf, self.t, o)
                if o.id in flagged:
                    draw_obstacle(surf, self.t, o, outline=CHECK, width=3)
                if o.id == self.selected:
                    draw_obstacle(surf, self.t, o, outline=theme.SELECT, width=3)
            draw_flag_homes(surf, self.t, d.layout().flag_homes())  # as the match draws them
            self._board_key, self._board = key, surf
        return self._board

    def draw(self, surface) -> None:
        surface.fill(theme.BACKGROUND)
        problems = self.design.problems()
        surface.blit(self.board(problems), self.field_area.topleft)
        ghost = self.ghost()
        if ghost is not None:
            specs, reason = ghost
            shown = self.field_of(specs)
            if shown is not None:
                for o in shown.obstacles:
                    draw_obstacle(surface, self.t, o, outline=REFUSED if reason else OK, width=3)
            if reason:
                self.tip(surface, i18n.say(reason), (150, 30, 30))
        elif self.field_area.collidepoint(self.mouse):  # a piece's checks, on hover; else the map's lines
            oid = self.piece_at(self.mouse)
            said = [words for pid, words in problems if pid is not None and pid == oid]
            if said:
                self.tip(surface, check_words(self.design.piece_name(oid), said[0]), (130, 80, 20))
            elif self.studying and self.dragging is None:
                self.study.draw_hover(surface, self.t, self.field_area, self.t.nearest_point(*self.mouse),
                                      self.mouse)
        self.draw_panel(surface, problems)
        if self.studying:
            self.study.draw(surface, self.study_rect, self.selected)
        self.draw_status(surface, problems)

    def tip(self, surface, words: str, colour) -> None:
        """A sentence under the mouse, wrapped to the field's width and kept inside the field (and
        the window): a long refusal (French's are) is never drawn off an edge."""
        area = self.field_area.clip(surface.get_rect())
        lines = theme.wrap(words, TIP_SIZE, max(40, area.width - 16), bold=True)
        height = theme.font(TIP_SIZE, True).get_linesize()
        width = max(theme.text_width(line, TIP_SIZE, True) for line in lines)
        box = pygame.Rect(0, 0, width + 8, height * len(lines) + 4)
        box.midtop = (self.mouse[0], self.mouse[1] + 16)
        box = box.clamp(area)
        pygame.draw.rect(surface, colour, box, border_radius=3)
        for i, line in enumerate(lines):
            theme.blit_text(surface, line, (box.x + 4, box.y + 2 + i * height), TIP_SIZE, (255, 255, 255),
                            True)

    def draw_mirror_axis(self, surface) -> None:
        if not self.design.mirror:
            return
        lat = self.design.lattice
        a, b = self.t.to_screen(-0.5, 0), self.t.to_screen(lat.columns - 0.5, 0)
        pygame.draw.line(surface, (120, 220, 255), a, b, 3)

    def draw_panel(self, surface, problems) -> None:
        d = self.design
        where = tr("designer.new_file") if self.path is None else (
            tr("designer.shipped", file=self.path.name) if self.read_only else self.path.name)
        title = tr("designer.title", name=self.shown_name()) + (" *" if d.changed else "")
        title = text_fit.cut(title, 20, self.pw, bold=True)
        theme.blit_text(surface, title, (self.px, 12), 20, theme.TEXT, True)
        rows = d.lattice.rows_per_half * 2 + 1
        size = text_fit.cut(tr("designer.size", columns=d.lattice.columns, rows=rows, where=where), 13,
                            self.pw - 2)
        theme.blit_text(surface, size, (self.px + 2, self.palette_top - 20), 13, theme.TEXT_DIM)
        surface.blit(self.palette(), self.palette_area.topleft)
        draw_captions(surface, self.coach_captions)
        y = self.info_top + (40 if self.entry is not None else 0)
        if self.entry is not None:  # what the entry is for, beside it
            prompt = tr(f"designer.entry.{self.editing}")
            x = self.entry.rect.right + 10
            size = fitting(prompt, 13, self.px + self.pw - x)
            theme.blit_text(surface, prompt, (x, self.entry.rect.centery), size, theme.TEXT_DIM,
                            anchor="midleft")
        sel = d.spec(self.selected) if self.selected else None
        if sel is not None:  # as players call it ("small rocket at W:E2"), not by its id
            points = d.points(sel)
            pts = ", ".join(point_name(p) for p in points)
            piece = i18n.say(sel.name_for())
            if catalogue.KINDS[sel.kind].lying:
                lines = [tr("designer.selected_axis", piece=piece, points=pts, degrees=sel.axis)]
            else:  # its name says its point; a piece on several says them all
                lines = [tr("designer.selected", piece=piece, points=pts) if len(points) > 1 else piece]
            twin = d.twin(sel)
            lines.append(tr("designer.twin", piece=i18n.say(twin.name_for())) if twin
                         else tr("designer.no_twin"))
            for line in lines:
                theme.blit_text(surface, line, (self.px, y), 14, theme.TEXT)
                y += 19
        y += 8
        head = tr("designer.checks_none") if not problems else tr("designer.checks", count=len(problems))
        theme.blit_text(surface, head, (self.px, y), 15, theme.TEXT_GOOD if not problems else theme.TEXT_WARN,
                        True)
        y += 22
        bottom = surface.get_height() - 60
        for oid, words in problems:
            for line in theme.wrap(check_words(d.piece_name(oid), words), 13, self.info_w)[:2]:
                if y > bottom:
                    break
                theme.blit_text(surface, line, (self.px, y), 13, theme.TEXT)
                y += 16
        self.app.draw_message(surface, (self.px + self.pw // 2, surface.get_height() - 50), self.pw)

    def palette(self) -> pygame.Surface:
        """The box's pieces with how many the field uses, drawn again only when that changes."""
        used = self.design.usage()
        key = (tuple(sorted(used.items())), self.armed, self.palette_area.size, i18n.current())
        if key != self._palette_key:
            area = self.palette_area
            surf = pygame.Surface(area.size)
            surf.fill(theme.BACKGROUND)
            for kind, screen_rect in self.palette_rects.items():
                rect = screen_rect.move(-area.x, -area.y)
                chosen = kind == self.armed
                pygame.draw.rect(surf, (60, 70, 64) if chosen else theme.PANEL, rect, border_radius=4)
                pygame.draw.rect(surf, theme.SELECT if chosen else theme.PANEL_LINE, rect, 1, border_radius=4)
                self.draw_swatch(surf, kind, rect)
                family = box_family(kind)
                limit = catalogue.BOX_CONTENTS.get(family, 0)
                colour = theme.TEXT_WARN if used[family] > limit else theme.TEXT_DIM
                x = rect.x + 4
                word = i18n.say(catalogue.kind_word(kind))
                size = fitting(word, 12, rect.width - 8)
                theme.blit_text(surf, word, (x, rect.bottom - 30), size, theme.TEXT)
                in_box = tr("designer.in_box", used=used[family], limit=limit)
                theme.blit_text(surf, in_box, (x, rect.bottom - 15), 11, colour)
            self._palette_key, self._palette = key, surf
        return self._palette

    def draw_swatch(self, surface, kind: str, rect) -> None:
        spec = ObstacleSpec("swatch", kind, (0, 0), 0)
        field = self.field_of_swatch(spec)
        if field is None:
            return
        t = FieldTransform(rect.centerx - (field.obstacles[0].centre[0]) * 16, rect.y + 18, 16.0,
                           self.design.lattice)
        draw_obstacle(surface, t, field.obstacles[0])

    def field_of_swatch(self, spec):
        key = ("swatch", spec.kind)
        if key not in self._fields:
            lattice = Lattice(max(catalogue.KINDS[spec.kind].points, 1) + 2, 3)
            self._fields[key] = Layout("", (spec,), lattice, "centre").build()
        return self._fields[key]

    def draw_status(self, surface, problems) -> None:
        h = surface.get_height()
        pygame.draw.rect(surface, theme.PANEL, (0, h - 28, self.field_area.width, 28))
        point = self.t.nearest_point(*self.mouse) if self.field_area.collidepoint(self.mouse) else None
        words = point_name(point) if point is not None else "—"
        hint = (tr("designer.status_armed", kind=i18n.say(catalogue.kind_word(self.armed))) if self.armed
                else tr("designer.status"))
        line = f"{words}   ·   {hint}"
        room = self.field_area.width - 16
        size = fitting(line, 13, room)
        if theme.text_width(line, size) <= room:
            theme.blit_text(surface, line, (8, h - 14), size, theme.TEXT, anchor="midleft")
            return
        for i, part in enumerate(theme.wrap(line, 10, room)[:2]):  # too long even small: two lines
            theme.blit_text(surface, part, (8, h - 20 + 12 * i), 10, theme.TEXT, anchor="midleft")
