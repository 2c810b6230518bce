"""Drawing the designer: the board with its pieces (drawn again only when they change), the held
piece's ghost and its twin, the palette of the box, the panel (selection, checks) and the status bar.

``DesignerView`` is given the designer's model (``designer_model``: the design, the selection, the
held piece, the mouse), the Study panel it draws beside the field, and the app's message line; each
``draw`` is given the frame (where things stand) and what the scene's controls show (the text entry,
the coaches' captions). It keeps only its pictures (the board, the palette, the fields built for
them). The tip under the mouse, the mirror's axis and the status bar are pure functions of what
they are given.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import pygame
from pygame_gui.elements import UITextEntryLine

from paintcheck.field import catalogue
from paintcheck.field.lattice import Lattice, point_name
from paintcheck.field.layout import Field, Layout, LayoutError, ObstacleSpec
from paintcheck.field.layout_file import box_family
from paintcheck.ui import i18n, text_fit, theme
from paintcheck.ui.coach_choice import draw_captions
from paintcheck.ui.designer_model import (
    DesignerFrame,
    DesignerModel,
    Ghost,
    dragged_layout,
    ghost_at,
    piece_at,
)
from paintcheck.ui.fieldview import draw_flag_homes, draw_obstacle
from paintcheck.ui.i18n import tr
from paintcheck.ui.study_panel import StudyPanel
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
    """The pictures of one field under design (made again for each field opened)."""

    def __init__(self, model: DesignerModel, study: StudyPanel,
                 draw_message: Callable[[pygame.Surface, tuple[int, int], int | None], None]) -> None:
        self.model = model
        self.study = study
        self.draw_message = draw_message
        self._fields: dict = {}  # the fields built from pieces (None: they do not build)
        self._ghost_key: tuple | None = None
        self._ghost: Ghost | None = None
        self._dragged_key: tuple | None = None
        self._dragged: Layout | None = None
        self._board_key: tuple | None = None
        self._pieces_key: tuple[object, ...] | None = None
        self._pieces: pygame.Surface | None = None
        self._pieces_keyed = False  # ``_pieces`` made a colour-keyed surface (``keyed_layer``)
        self._board: pygame.Surface | None = None
        self._board_under: tuple[object, ...] | None = None  # the board's ground, pieces and map's area
        self._palette_key: tuple | None = None
        self._palette: pygame.Surface | None = None

    def forget_fields(self) -> None:
        """After an edit: the fields of past states are kept while few."""
        if len(self._fields) > 64:
            self._fields.clear()

    def field_of(self, specs) -> Field | None:
        key = tuple(specs)
        if key not in self._fields:
            d = self.model.design
            try:
                self._fields[key] = Layout("", key, d.lattice, d.flag).build()
            except (LayoutError, KeyError, ValueError):
                self._fields[key] = None
        return self._fields[key]

    def ghost(self, frame: DesignerFrame) -> Ghost | None:
        """The piece the mouse holds at the point under it, its twin, and why it may not stand there
        (remembered while the mouse stays on that point)."""
        m = self.model
        point = frame.point_under(m.mouse)
        if point is None:
            return None
        d = m.design
        key = (d.now, d.mirror, d.box, m.armed, m.armed_axis, m.held(), point)
        if key != self._ghost_key:
            # a drop the Study already judged allowed (``dragged``: the same judgement) needs no
            # second judgement for its ghost
            held = m.held()
            same = held is not None if m.armed is None else (held is None and m.palette_drag)
            allowed = m.studying and same and self.dragged(frame) is not None
            self._ghost_key, self._ghost = key, ghost_at(m, point, allowed)
        return self._ghost

    def dragged(self, frame: DesignerFrame) -> Layout | None:
        """The layout a drop at the point under the mouse would give (``dragged_layout``; asked
        again only when the point, the design or the hand changes)."""
        m = self.model
        point = frame.point_under(m.mouse)
        if point is None:
            return None
        d = m.design
        key = (d.now, d.mirror, d.box, m.armed, m.armed_axis, m.palette_drag, m.held(), point)
        if key != self._dragged_key:
            self._dragged_key, self._dragged = key, dragged_layout(m, point)
        return self._dragged

    def board(self, frame: DesignerFrame, problems) -> pygame.Surface:
        """The field with its pieces, checks and selection: drawn again only when one of them (or the
        piece held) changes, blitted every frame. The pieces are drawn on a layer of their own, so a
        new map (several a second while a piece is dragged) is only three blits: the ground, the
        map's tiles, the pieces — over the tiles' area only, when only the map changed."""
        m, t = self.model, frame.t
        d = m.design
        held = m.held()
        size = frame.field_area.size
        layer = self.study.layer_at(size, t) if m.studying else None
        flagged = tuple(sorted({oid for oid, _ in problems if oid}))
        pieces_key = (d.now, d.mirror, m.selected, held, flagged, size, t)
        if pieces_key != self._pieces_key or self._pieces is None:
            # on their alpha layer for this frame; keyed once the frame is shown (``after_frame``)
            self._pieces_key, self._pieces = pieces_key, self._draw_pieces(frame, set(flagged), held)
            self._pieces_keyed = False
            self._board_key = None
        key = (size, t, id(layer[0]) if layer else None, id(frame.renderer), frame.renderer.rebuilds)
        if key != self._board_key or self._board is None:
            if self._board is None or self._board.get_size() != size:
                self._board = pygame.Surface(size)
                if pygame.display.get_surface() is not None:
                    self._board = self._board.convert()
            ground = frame.renderer.background(size, t)
            area = pygame.Rect(layer[1], layer[0].get_size()) if layer is not None else None
            under = (ground, self._pieces, size, t)
            if area is not None and self._board_under == (*under, area):
                # only the map changed, over the same tiles' area (a live map): that area alone
                self._board.blit(ground, area, area)
                self._board.blit(*layer)
                self._board.blit(self._pieces, area, area)
            else:
                self._board.blit(ground, (0, 0))
                if layer is not None:  # the map under the pieces
                    self._board.blit(*layer)
                self._board.blit(self._pieces, (0, 0))
            self._board_key = key
            self._board_under = (*under, area)
        return self._board

    def after_frame(self) -> None:
        """Once the frame is shown: the pieces' new layer made a colour-keyed surface (the same
        pixels blitted, at a few per cent of the cost; a few milliseconds to make, kept out of the
        frame that drew the pieces again — a drag's start, a drop). The board already laid with
        the alpha layer is the same, pixel for pixel."""
        if self._pieces is not None and not self._pieces_keyed:
            self._pieces, self._pieces_keyed = keyed_layer(self._pieces), True

    def _draw_pieces(self, frame: DesignerFrame, flagged: set[str], held: str | None) -> pygame.Surface:
        """The mirror's axis, the pieces (the held one outlined), their checks, the selection and
        the flags, on a transparent layer (every colour opaque: blitted, each pixel as drawn)."""
        m, t = self.model, frame.t
        d = m.design
        surf = pygame.Surface(frame.field_area.size, pygame.SRCALPHA)
        if d.mirror:
            draw_mirror_axis(surf, t, d.lattice)
        field = self.field_of(d.obstacles)
        for o in field.obstacles if field is not None else ():
            if o.id == held:
                draw_obstacle(surf, t, o, outline=theme.TEXT_DIM, width=1)
                continue
            draw_obstacle(surf, t, o)
            if o.id in flagged:
                draw_obstacle(surf, t, o, outline=CHECK, width=3)
            if o.id == m.selected:
                draw_obstacle(surf, t, o, outline=theme.SELECT, width=3)
        draw_flag_homes(surf, t, d.layout().flag_homes())  # as the match draws them
        return surf

    def draw(self, surface: pygame.Surface, frame: DesignerFrame, entry: UITextEntryLine | None,
             captions: list) -> None:
        m, t = self.model, frame.t
        fill_around(surface, frame.field_area, theme.BACKGROUND)  # the board covers the field's area
        problems = m.design.problems()
        surface.blit(self.board(frame, problems), frame.field_area.topleft)
        ghost = self.ghost(frame)
        if ghost is not None:
            specs, reason = ghost
            shown = self.field_of(specs)
            if shown is not None:
                for o in shown.obstacles:
                    draw_obstacle(surface, t, o, outline=REFUSED if reason else OK, width=3)
            if reason:
                tip(surface, frame.field_area, m.mouse, i18n.say(reason), (150, 30, 30))
        elif frame.field_area.collidepoint(m.mouse):  # a piece's checks, on hover; else the map's lines
            oid = piece_at(m.design, t, m.mouse)
            said = [words for pid, words in problems if pid is not None and pid == oid]
            if said:
                tip(surface, frame.field_area, m.mouse, check_words(m.design.piece_name(oid), said[0]),
                    (130, 80, 20))
            elif m.studying and m.dragging is None:
                self.study.draw_hover(surface, t, frame.field_area, t.nearest_point(*m.mouse), m.mouse)
        self.draw_panel(surface, frame, problems, entry, captions)
        if m.studying:
            self.study.draw(surface, frame.study_rect, m.selected)
        draw_status(surface, frame, m.mouse, m.armed)

    def draw_panel(self, surface: pygame.Surface, frame: DesignerFrame, problems,
                   entry: UITextEntryLine | None, captions: list) -> None:
        m = self.model
        d = m.design
        px, pw = frame.px, frame.pw
        where = tr("designer.new_file") if m.path is None else (
            tr("designer.shipped", file=m.path.name) if m.read_only else m.path.name)
        title = tr("designer.title", name=m.shown_name()) + (" *" if d.changed else "")
        title = text_fit.cut(title, 20, pw, bold=True)
        theme.blit_text(surface, title, (px, 12), 20, theme.TEXT, True)
        rows = d.lattice.rows_per_half * 2 + 1
        size = text_fit.cut(tr("designer.size", columns=d.lattice.columns, rows=rows, where=where), 13,
                            pw - 2)
        theme.blit_text(surface, size, (px + 2, frame.palette_top - 20), 13, theme.TEXT_DIM)
        surface.blit(self.palette(frame), frame.palette_area.topleft)
        draw_captions(surface, captions)
        y = frame.info_top + (40 if entry is not None else 0)
        if entry is not None:  # what the entry is for, beside it
            prompt = tr(f"designer.entry.{m.editing}")
            x = entry.rect.right + 10
            size = fitting(prompt, 13, px + pw - x)
            theme.blit_text(surface, prompt, (x, entry.rect.centery), size, theme.TEXT_DIM,
                            anchor="midleft")
        sel = m.selected_spec()
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
                theme.blit_text(surface, line, (px, y), 14, theme.TEXT)
                y += 19
        y += 8
        head = tr("designer.checks_none") if not problems else tr("designer.checks", count=len(problems))
        theme.blit_text(surface, head, (px, y), 15, theme.TEXT_GOOD if not problems else theme.TEXT_WARN,
                        True)
        y += 22
        bottom = surface.get_height() - 60
        for oid, words in problems:
            for line in theme.wrap(check_words(d.piece_name(oid), words), 13, frame.info_w)[:2]:
                if y > bottom:
                    break
                theme.blit_text(surface, line, (px, y), 13, theme.TEXT)
                y += 16
        self.draw_message(surface, (px + pw // 2, surface.get_height() - 50), pw)

    def palette(self, frame: DesignerFrame) -> pygame.Surface:
        """The box's pieces with how many the field uses, drawn again only when that changes."""
        m = self.model
        used = m.design.usage()
        area = frame.palette_area
        key = (tuple(sorted(used.items())), m.armed, area.size, i18n.current())
        if key != self._palette_key or self._palette is None:
            surf = pygame.Surface(area.size)
            surf.fill(theme.BACKGROUND)
            for kind, screen_rect in frame.palette_rects.items():
                rect = screen_rect.move(-area.x, -area.y)
                chosen = kind == m.armed
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

    def draw_swatch(self, surface: pygame.Surface, kind: str, rect: pygame.Rect) -> None:
        spec = ObstacleSpec("swatch", kind, (0, 0), 0)
        field = self.field_of_swatch(spec)
        t = FieldTransform(rect.centerx - (field.obstacles[0].centre[0]) * 16, rect.y + 18, 16.0,
                           self.model.design.lattice)
        draw_obstacle(surface, t, field.obstacles[0])

    def field_of_swatch(self, spec: ObstacleSpec) -> Field:
        key = ("swatch", spec.kind)
        if key not in self._fields:
            lattice = Lattice(max(catalogue.KINDS[spec.kind].points, 1) + 2, 3)
            self._fields[key] = Layout("", (spec,), lattice, "centre").build()
        return self._fields[key]


# -- pure drawings ---------------------------------------------------------------------------------------
KEYS = ((255, 0, 255), (1, 254, 3), (0, 1, 2), (254, 1, 253))  # colour keys tried, rare colours first


def keyed_layer(layer: pygame.Surface) -> pygame.Surface:
    """``layer`` (per-pixel alpha) as an opaque surface whose transparent pixels are a colour key,
    run-length encoded, when each of its pixels is fully transparent or opaque (the pieces' layer:
    every colour it is drawn with is opaque) and a key colour is free: blitted, the same pixels as
    ``layer`` (a test compares them) at a few per cent of its cost, the layer being mostly empty.
    Else ``layer`` itself. (Made once per change of the pieces: a few milliseconds.)"""
    alpha = pygame.surfarray.pixels_alpha(layer)  # a view: the layer is locked while it lives
    clear = int(np.count_nonzero(alpha == 0))
    binary = clear + int(np.count_nonzero(alpha == 255)) == alpha.size
    del alpha
    if not binary:
        return layer
    for key in KEYS:
        keyed = pygame.Surface(layer.get_size())
        if pygame.display.get_surface() is not None:
            keyed = keyed.convert()
        keyed.fill(key)
        keyed.blit(layer, (0, 0))  # opaque pixels copied, the transparent ones left the key
        pixels = pygame.surfarray.pixels2d(keyed)
        keyed_pixels = int(np.count_nonzero(pixels == keyed.map_rgb(key)))
        del pixels
        if keyed_pixels == clear:  # no piece drawn in the key's colour
            keyed.set_colorkey(key, pygame.RLEACCEL)
            return keyed
    return layer


def fill_around(surface: pygame.Surface, rect: pygame.Rect, colour: tuple[int, int, int]) -> None:
    """``surface`` filled with ``colour`` but for ``rect`` (drawn over whole just after)."""
    inner = rect.clip(surface.get_rect())
    w, h = surface.get_size()
    for part in ((0, 0, w, inner.top), (0, inner.bottom, w, h - inner.bottom),
                 (0, inner.top, inner.left, inner.height),
                 (inner.right, inner.top, w - inner.right, inner.height)):
        if part[2] > 0 and part[3] > 0:
            surface.fill(colour, part)


def tip(surface: pygame.Surface, field_area: pygame.Rect, mouse: tuple[int, int], words: str, colour) -> None:
    """A sentence under the mouse, wrapped to the field's width and kept inside the field (and
    the window): a long refusal (French's are) is never drawn off an edge."""
    area = field_area.clip(surface.get_rect())
    lines = theme.wrap(words, TIP_SIZE, max(40, area.width - 16), bold=True)
    height = theme.font(TIP_SIZE, True).get_linesize()
    width = max(theme.text_width(line, TIP_SIZE, True) for line in lines)
    box = pygame.Rect(0, 0, width + 8, height * len(lines) + 4)
    box.midtop = (mouse[0], mouse[1] + 16)
    box = box.clamp(area)
    pygame.draw.rect(surface, colour, box, border_radius=3)
    for i, line in enumerate(lines):
        theme.blit_text(surface, line, (box.x + 4, box.y + 2 + i * height), TIP_SIZE, (255, 255, 255),
                        True)


def draw_mirror_axis(surface: pygame.Surface, t: FieldTransform, lattice: Lattice) -> None:
    """The centre line a mirrored design reflects across."""
    a, b = t.to_screen(-0.5, 0), t.to_screen(lattice.columns - 0.5, 0)
    pygame.draw.line(surface, (120, 220, 255), a, b, 3)


def draw_status(surface: pygame.Surface, frame: DesignerFrame, mouse: tuple[int, int],
                armed: str | None) -> None:
    """The bar under the field: the point under the mouse in the game's notation, and what to do."""
    h = surface.get_height()
    width = frame.field_area.width
    pygame.draw.rect(surface, theme.PANEL, (0, h - 28, width, 28))
    point = frame.point_under(mouse)
    words = point_name(point) if point is not None else "—"
    hint = (tr("designer.status_armed", kind=i18n.say(catalogue.kind_word(armed))) if armed
            else tr("designer.status"))
    line = f"{words}   ·   {hint}"
    room = width - 16
    size = fitting(line, 13, room)
    if theme.text_width(line, size) <= room:
        theme.blit_text(surface, line, (8, h - 14), size, theme.TEXT, anchor="midleft")
        return
    for i, part in enumerate(theme.wrap(line, 10, room)[:2]):  # too long even small: two lines
        theme.blit_text(surface, part, (8, h - 20 + 12 * i), 10, theme.TEXT, anchor="midleft")
