"""Drawing the Un pour un table designer: the table (``TableView``), over it the pieces a check
names, the selection with its handles, the shape the palette holds (red with the file's reason
where it would fail a check), then the palette, the panel (the selection, the checks as they stand)
and the status bar.

``UpuDesignerView`` is given the model (``designer_model``) and the app's message line; each
``draw`` is given the frame (where things stand). It keeps only the table's view, made again when
the table's size or the frame changes.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from paintcheck.said import Said
from paintcheck.ui import i18n, text_fit, theme
from paintcheck.ui.designer_view import tip
from paintcheck.ui.i18n import tr
from paintcheck.ui.unpourun import table_edits as edits
from paintcheck.ui.unpourun.designer_files import shown_name
from paintcheck.ui.unpourun.designer_model import UpuDesignerModel, problem_of, resize_handle
from paintcheck.ui.unpourun.table_edits import Shape
from paintcheck.ui.unpourun.table_view import KIND_EDGE, KIND_FILL, TableView
from paintcheck.unpourun.terrain import Kind, Table

OK, REFUSED = (90, 230, 120), theme.REFUSED
CHECK = (255, 60, 220)  # a piece a check names: a colour no terrain is drawn in
HANDLE = 5  # half a corner handle's side, in pixels
REACH_PX = 9  # how near a handle or an edge the mouse grips it
PALETTE = tuple((shape, kind) for kind in Kind for shape in Shape)
CELL_W, CELL_H = 112, 70


@dataclass
class UpuFrame:
    """Where the designer's parts stand on a window of a given size."""

    table_area: pygame.Rect
    px: int  # the panel's left edge and width
    pw: int
    palette_top: int = 0
    palette_rects: dict[tuple[Shape, Kind], pygame.Rect] = field(default_factory=dict)
    info_top: int = 0


def named(line: Said) -> set[tuple[str, int]]:
    """The pieces and zones a check names (("piece", i) or ("zone", i), from 0): its place, or both
    zones when they are too near."""
    problem = problem_of(line)
    if problem.key == "unpourun_table.file.zones_close":
        return {("zone", 0), ("zone", 1)}
    where = problem.values.get("where") if problem.key == "unpourun_table.file.at" else None
    if not isinstance(where, Said):
        return set()
    if where.key.startswith("unpourun_table.file.piece"):
        return {("piece", int(str(where.values["index"])) - 1)}
    zone = where.values.get("zone") if where.key == "unpourun_table.file.zone" else None
    return {("zone", "AB".index(zone))} if zone in ("A", "B") else set()


class UpuDesignerView:
    """The pictures of the table under design."""

    def __init__(self, model: UpuDesignerModel,
                 draw_message: Callable[[pygame.Surface, tuple[int, int], int | None], None]) -> None:
        self.model = model
        self.draw_message = draw_message
        self._view: TableView | None = None

    def table_view(self, frame: UpuFrame, table: Table | None = None) -> TableView:
        """The view of ``table`` (by default the one shown) in the frame's table area."""
        table = self.model.table if table is None else table
        v = self._view
        size = (table.width, table.depth)
        if v is None or v.rect != frame.table_area or (v.table.width, v.table.depth) != size:
            v = self._view = TableView(table, frame.table_area)
        v.table = table
        return v

    def reach(self, frame: UpuFrame) -> float:
        """How near, in pas, the mouse grips a handle or an edge."""
        return REACH_PX / self.table_view(frame).pixels_per_pas

    def ghost(self, frame: UpuFrame) -> tuple[Table, Said | None] | None:
        """The table with the armed shape where the mouse is, and the first check that names it."""
        hand = self.model.hand
        if hand.armed is None:
            return None
        view = self.table_view(frame)
        if not frame.table_area.collidepoint(hand.mouse):
            return None
        shape, kind = hand.armed
        table = edits.add_piece(self.model.design.now,
                                edits.new_piece(shape, kind, view.to_table(hand.mouse)))
        new = len(table.pieces) - 1
        lines = self.model.design.problems(table)
        reason = next((problem_of(p) for p in lines if ("piece", new) in named(p)), None)
        return table, reason

    # -- drawing ------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, frame: UpuFrame, entry_open: bool) -> None:
        m = self.model
        surface.fill(theme.BACKGROUND)
        table = m.table
        view = self.table_view(frame)
        view.draw(surface)
        problems = m.design.problems(table)
        flagged = set().union(*(named(p) for p in problems))
        for i, piece in enumerate(table.pieces):
            if ("piece", i) in flagged:
                pygame.draw.polygon(surface, CHECK, view.polygon(piece.points), 3)
        for i, zone in enumerate(table.zones):
            if ("zone", i) in flagged:
                pygame.draw.polygon(surface, CHECK, view.polygon(zone.points), 3)
        sel = m.selected_piece()
        if sel is not None:
            self.draw_selection(surface, view, table, sel)
        ghost = self.ghost(frame)
        if ghost is not None:
            shown, reason = ghost
            piece = shown.pieces[-1]
            pygame.draw.polygon(surface, KIND_FILL[piece.kind], view.polygon(piece.points))
            pygame.draw.polygon(surface, REFUSED if reason else OK, view.polygon(piece.points), 3)
            if reason:
                tip(surface, frame.table_area, m.hand.mouse, i18n.say(reason), (150, 30, 30))
        elif m.hand.drag is not None and m.hand.drag.preview is not None:
            mine = [problem_of(p) for p in problems
                    if ("piece", m.hand.drag.grip.index) in named(p)]
            if mine:
                tip(surface, frame.table_area, m.hand.mouse, i18n.say(mine[0]), (150, 30, 30))
        self.draw_palette(surface, frame)
        self.draw_panel(surface, frame, table, problems, entry_open)
        self.draw_status(surface, frame)

    def draw_selection(self, surface: pygame.Surface, view: TableView, table: Table, index: int) -> None:
        piece = table.pieces[index]
        pygame.draw.polygon(surface, theme.SELECT, view.polygon(piece.points), 2)
        for corner in piece.points:
            x, y = view.to_screen(corner)
            rect = pygame.Rect(round(x) - HANDLE, round(y) - HANDLE, 2 * HANDLE, 2 * HANDLE)
            pygame.draw.rect(surface, (255, 255, 255), rect)
            pygame.draw.rect(surface, (20, 20, 20), rect, 1)
        x, y = view.to_screen(resize_handle(piece.points, REACH_PX / view.pixels_per_pas))
        pygame.draw.circle(surface, theme.SELECT, (x, y), HANDLE + 1)
        pygame.draw.circle(surface, (20, 20, 20), (x, y), HANDLE + 1, 1)

    def draw_palette(self, surface: pygame.Surface, frame: UpuFrame) -> None:
        """A cell per ready shape and kind: its shape drawn in its kind, its words under it."""
        armed = self.model.hand.armed
        for (shape, kind), rect in frame.palette_rects.items():
            chosen = (shape, kind) == armed
            pygame.draw.rect(surface, (60, 70, 64) if chosen else theme.PANEL, rect, border_radius=4)
            pygame.draw.rect(surface, theme.SELECT if chosen else theme.PANEL_LINE, rect, 1, border_radius=4)
            scale = 4.0
            points = edits.shape_points(shape, (0.0, 0.0))
            cx, cy = rect.centerx, rect.y + 20
            pts = [(cx + x * scale, cy - y * scale) for x, y in points]
            pygame.draw.polygon(surface, KIND_FILL[kind], pts)
            pygame.draw.polygon(surface, KIND_EDGE[kind], pts, 1)
            words = tr(f"upu_designer.shape.{shape.value}")
            size = text_fit.size_to_fit(words, 12, rect.width - 6, 9)
            theme.blit_text(surface, words, (rect.centerx, rect.bottom - 24), size, theme.TEXT,
                            anchor="center")
            kind_words = tr(f"upu_designer.view.kind.{kind.value}")
            size = text_fit.size_to_fit(kind_words, 11, rect.width - 6, 8)
            theme.blit_text(surface, kind_words, (rect.centerx, rect.bottom - 10), size, theme.TEXT_DIM,
                            anchor="center")

    def draw_panel(self, surface: pygame.Surface, frame: UpuFrame, table: Table, problems: list[Said],
                   entry_open: bool) -> None:
        m = self.model
        px, pw = frame.px, frame.pw
        title = tr("upu_designer.title", name=shown_name(table)) + (" *" if m.design.changed else "")
        theme.blit_text(surface, text_fit.cut(title, 20, pw, bold=True), (px, 12), 20, theme.TEXT, True)
        where = m.path.name if m.path is not None else tr("upu_designer.new_file")
        size = tr("upu_designer.size", width=table.width, depth=table.depth, count=len(table.pieces),
                  where=where)
        theme.blit_text(surface, text_fit.cut(size, 13, pw), (px, frame.palette_top - 20), 13, theme.TEXT_DIM)
        y = frame.info_top + (40 if entry_open else 0)
        if entry_open:
            theme.blit_text(surface, tr("upu_designer.entry"), (px, y - 8), 13, theme.TEXT_DIM)
            y += 12
        sel = m.selected_piece()
        if sel is not None:
            piece = table.pieces[sel]
            kind = tr(f"upu_designer.view.kind.{piece.kind.value}")
            words = tr("upu_designer.selected", index=sel + 1, kind=kind, height=piece.height,
                       corners=len(piece.points))
            if piece.name:
                words = tr("upu_designer.selected_named", name=piece.name, piece=words)
            for line in theme.wrap(words, 14, pw)[:2]:
                theme.blit_text(surface, line, (px, y), 14, theme.TEXT)
                y += 19
        y += 6
        head = (tr("upu_designer.checks_none") if not problems
                else tr("upu_designer.checks", count=len(problems)))
        colour = theme.TEXT_GOOD if not problems else theme.TEXT_WARN
        theme.blit_text(surface, head, (px, y), 15, colour, True)
        y += 22
        bottom = surface.get_height() - 70
        for line in problems:
            for part in theme.wrap(i18n.say(problem_of(line)), 13, pw)[:2]:
                if y > bottom:
                    break
                theme.blit_text(surface, part, (px, y), 13, theme.TEXT)
                y += 16
        self.draw_message(surface, (px + pw // 2, surface.get_height() - 50), pw)

    def draw_status(self, surface: pygame.Surface, frame: UpuFrame) -> None:
        """The bar under the table: the point under the mouse in pas, and what the hand can do."""
        m = self.model
        h = surface.get_height()
        width = frame.table_area.width
        pygame.draw.rect(surface, theme.PANEL, (0, h - 28, width, 28))
        view = self.table_view(frame)
        point = view.to_table(m.hand.mouse)
        at = (tr("upu_designer.at", x=round(point[0], 1), y=round(point[1], 1))
              if frame.table_area.collidepoint(m.hand.mouse) and view.on_table(point) else "—")
        hint = (tr("upu_designer.status_armed", shape=tr(f"upu_designer.shape.{m.hand.armed[0].value}"))
                if m.hand.armed else tr("upu_designer.status"))
        line = f"{at}   ·   {hint}"
        size = text_fit.size_to_fit(line, 13, width - 16, 9)
        theme.blit_text(surface, text_fit.cut(line, size, width - 16), (8, h - 14), size, theme.TEXT,
                        anchor="midleft")
