"""Design an Un pour un table: terrain pieces placed from a palette of ready shapes, moved, turned,
resized and reshaped with the mouse, the table's size and the two deployment zones, every check of
the table file shown as it stands, every edit undoable (RULES-unpourun 1.2, 1.6, 1.9).

The Paintcheck designer's habits (``ui.designer_scene``), for polygons in *pas*:

- drag a cell of the palette (a shape in a kind) onto the table, or click it then the table: the
  shape follows the mouse, red with the file's own reason where it would fail a check;
- drag a piece to move it (off the table: deleted); with a piece selected, drag a white corner
  handle to move that corner, the round handle to stretch the piece; the wheel, Q / E turn it by
  15°; its kind and height are the panel's buttons (+ / - the height); Delete deletes it;
- drag a deployment zone's edge to move it; the table's width and depth grow or shrink by 6 pas;
- Ctrl+Z / Ctrl+Y (Ctrl+Shift+Z) undo and redo, a whole drag one step; Ctrl+S saves;
- *Save* writes the user's folder (``unpourun-tables/``) and never while a check stands; *Open*
  lists the user's tables and the shipped ones (which open as a copy); *Export PNG*.

The scene owns the model (``designer_model.UpuDesignerModel``), the frame, the panel's controls
and the name's entry; ``UpuDesignerFiles(model, app, ...)`` and ``UpuDesignerView(model, ...)``
are made again with each table opened.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame
from pygame_gui.elements import UITextEntryLine

from paintcheck.ui.edit_keys import edit_key
from paintcheck.ui.i18n import tr
from paintcheck.ui.scenes import Scene
from paintcheck.ui.text_entry import close_entry, open_entry
from paintcheck.ui.unpourun import table_edits as edits
from paintcheck.ui.unpourun.designer_files import UpuDesignerFiles, shown_name
from paintcheck.ui.unpourun.designer_model import Drag, TableDesign, UpuDesignerModel, dragged, hit
from paintcheck.ui.unpourun.designer_view import CELL_H, CELL_W, PALETTE, UpuDesignerView, UpuFrame
from paintcheck.ui.unpourun.table_edits import SIZE_STEP, TURN_STEP
from paintcheck.unpourun.table_schema import MAX_NAME
from paintcheck.unpourun.terrain import MAX_HEIGHT, MIN_HEIGHT, Kind, Point, Table

if TYPE_CHECKING:
    from paintcheck.ui.app import App

log = logging.getLogger(__name__)

PANEL_W = 470  # the panel's least width


class UpuDesignerScene(Scene):
    name = "upu_designer"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.entry: UITextEntryLine | None = None
        self.frame: UpuFrame | None = None
        self.opened = False
        self._start(TableDesign(Table(name="table")), None)

    # -- what the tests read ------------------------------------------------------------------------
    @property
    def table(self) -> Table:
        return self.model.design.now

    @property
    def placed(self) -> UpuFrame:
        assert self.frame is not None, "the designer is laid out when it is entered"
        return self.frame

    def to_screen(self, point: Point) -> tuple[int, int]:
        x, y = self.view.table_view(self.placed).to_screen(point)
        return round(x), round(y)

    # -- entering -----------------------------------------------------------------------------------
    def enter(self, persist: dict[str, Any]) -> None:
        if "path" in persist or not self.opened:
            self.opened = True
            self.files.open(persist.get("path"))
        super().enter(persist)

    def _start(self, design: TableDesign, path: Path | None) -> None:
        """The model of the table ``design`` (from the file ``path``) and the parts given it."""
        self.model = UpuDesignerModel(design, path)
        self.files = UpuDesignerFiles(self.model, self.app, self.rebuild, self.restart)
        self.view = UpuDesignerView(self.model, self.app.draw_message)

    def restart(self, design: TableDesign, path: Path | None) -> None:
        self._close_entry()
        self._start(design, path)
        if self.frame is not None:
            self.layout(self.app.size)

    def exit(self) -> None:
        self._close_entry()
        super().exit()

    # -- layout -------------------------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        w, h = size
        tw = max(300, min(h - 30, w - PANEL_W - 24))
        self.frame = UpuFrame(pygame.Rect(0, 0, tw, h - 30), tw + 12, w - tw - 24)
        self.rebuild()

    def rebuild(self) -> None:
        m, f, files = self.model, self.placed, self.files
        d = m.design
        c = self.controls
        c.start(f.px, 44, f.pw)
        c.row_height = 28
        c.add("undo", tr("upu_designer.undo"), self.undo,
              None if d.past else tr("upu_designer.nothing_to_undo"))
        c.add("redo", tr("upu_designer.redo"), self.redo,
              None if d.future else tr("upu_designer.nothing_to_redo"))
        c.add("save", tr("upu_designer.save"), self.save, files.why_not_save())
        c.add("export", tr("upu_designer.export"), self.export, hint=tr("upu_designer.export_hint"))
        c.add("name", tr("upu_designer.name"), self.start_entry)
        c.add("open", tr("upu_designer.open"), files.ask_open)
        c.add("back", tr("common.back"), files.back)
        c.newline()
        t = m.table
        c.add("width-less", tr("upu_designer.width_less"), lambda: self.resize_table(-SIZE_STEP, 0))
        c.add("width-more", tr("upu_designer.width_more"), lambda: self.resize_table(SIZE_STEP, 0))
        c.add("depth-less", tr("upu_designer.depth_less"), lambda: self.resize_table(0, -SIZE_STEP))
        c.add("depth-more", tr("upu_designer.depth_more"), lambda: self.resize_table(0, SIZE_STEP))
        c.newline()
        files.leaving.add_buttons(c)
        f.palette_top = c.bottom + 24
        f.palette_rects = {}
        per_row = 3
        for i, cell in enumerate(PALETTE):
            f.palette_rects[cell] = pygame.Rect(f.px + (i % per_row) * (CELL_W + 8),
                                                f.palette_top + (i // per_row) * (CELL_H + 6), CELL_W, CELL_H)
        low = max(r.bottom for r in f.palette_rects.values())
        c.at(f.px, low + 12, f.pw)
        sel = m.selected_piece()
        if sel is not None:
            piece = t.pieces[sel]
            for kind in Kind:
                c.add(f"kind-{kind.value}", tr(f"upu_designer.view.kind.{kind.value}"),
                      self.choose_kind(kind), chosen=piece.kind == kind)
            c.newline()
            c.add("height-less", tr("upu_designer.height_less"), lambda: self.change_height(-1),
                  None if piece.height > MIN_HEIGHT else tr("upu_designer.height_least"))
            c.add("height-more", tr("upu_designer.height_more"), lambda: self.change_height(1),
                  None if piece.height < MAX_HEIGHT else tr("upu_designer.height_most"))
            c.add("turn-left", tr("upu_designer.turn_left"), lambda: self.turn(TURN_STEP))
            c.add("turn-right", tr("upu_designer.turn_right"), lambda: self.turn(-TURN_STEP))
            c.add("delete", tr("upu_designer.delete"), self.delete)
            c.newline()
        if m.choosing:
            c.at(f.px, c.bottom + 6, f.pw)
            room = (self.app.size[1] - 110 - c.y) // (c.row_height + 2) - 1  # rows left in the window
            choices = files.choices()
            shipped_ones = [ch for ch in choices if ch[2]]
            mine = [ch for ch in choices if not ch[2]][:max(0, room - len(shipped_ones))]  # the first by name
            for i, (path, name, shipped) in enumerate(mine + shipped_ones):
                words = tr("upu_designer.shipped", name=name) if shipped else name
                c.add(f"table-{i}", words, self.choose_table(path), width=f.pw)
                c.newline(2)
            c.add("open-new", tr("upu_designer.new_table"), lambda: self.open_table(None))
            c.add("open-cancel", tr("upu_designer.cancel"), self.cancel_open)
            c.newline()
        f.info_top = c.bottom + 8
        if m.editing:
            self._open_entry()

    # -- edits --------------------------------------------------------------------------------------
    def _edit(self, table: Table) -> None:
        if self.model.design.edit(table):
            self.app.message = None
        self._tidy()

    def _tidy(self) -> None:
        m = self.model
        if m.hand.selected is not None and m.selected_piece() is None:
            m.hand.selected = None
        self.rebuild()

    def place(self, at: Point) -> None:
        m = self.model
        if m.hand.armed is None:
            return
        shape, kind = m.hand.armed
        m.hand.armed = None
        self._edit(edits.add_piece(m.design.now, edits.new_piece(shape, kind, at)))
        m.hand.selected = len(m.design.now.pieces) - 1
        self.rebuild()

    def undo(self) -> None:
        if self.model.design.undo():
            self._tidy()
        else:
            self.app.flash(tr("upu_designer.nothing_to_undo"), error=True)

    def redo(self) -> None:
        if self.model.design.redo():
            self._tidy()
        else:
            self.app.flash(tr("upu_designer.nothing_to_redo"), error=True)

    def resize_table(self, dw: float, dd: float) -> None:
        t = self.model.design.now
        self._edit(edits.resize_table(t, t.width + dw, t.depth + dd))
        self.layout(self.app.size)

    def set_kind(self, kind: Kind) -> None:
        sel = self.model.selected_piece()
        if sel is not None:
            self._edit(edits.set_kind(self.model.design.now, sel, kind))

    def change_height(self, step: int) -> None:
        sel = self.model.selected_piece()
        if sel is not None:
            height = self.model.design.now.pieces[sel].height + step
            if MIN_HEIGHT <= height <= MAX_HEIGHT:
                self._edit(edits.set_height(self.model.design.now, sel, height))

    def turn(self, degrees: int) -> None:
        sel = self.model.selected_piece()
        if sel is not None:
            self._edit(edits.turn_piece(self.model.design.now, sel, degrees))

    def delete(self) -> None:
        sel = self.model.selected_piece()
        if sel is not None:
            self._edit(edits.delete_piece(self.model.design.now, sel))

    def save(self) -> None:
        self.files.save()

    def export(self) -> None:
        self.files.export_image()

    def choose_kind(self, kind: Kind) -> Callable[[], None]:
        return lambda: self.set_kind(kind)

    def choose_table(self, path: Path) -> Callable[[], None]:
        return lambda: self.open_table(path)

    def open_table(self, path: Path | None) -> None:
        self.model.choosing = False
        self.files.open(path)
        self.rebuild()

    def cancel_open(self) -> None:
        self.model.choosing = False
        self.rebuild()

    # -- the name -----------------------------------------------------------------------------------
    def start_entry(self) -> None:
        self.model.editing = True
        self._open_entry()

    def _open_entry(self) -> None:
        self._close_entry()
        f = self.placed
        self.entry = open_entry(self.app.manager, f.px, f.info_top, f.pw, shown_name(self.model.design.now),
                                MAX_NAME)

    def _close_entry(self) -> None:
        close_entry(self.entry)
        self.entry = None

    def apply_entry(self) -> None:
        text = self.entry.get_text() if self.entry is not None else ""
        self.model.editing = False
        self._close_entry()
        self._edit(edits.set_name(self.model.design.now, text))

    # -- the mouse and the keys ---------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        m = self.model
        if self.entry is not None and event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.apply_entry()
                return
            if event.key == pygame.K_ESCAPE:
                m.editing = False
                self._close_entry()
                self.rebuild()
                return
        if self.controls.handle(event):
            return
        if event.type == pygame.MOUSEMOTION:
            m.hand.mouse = event.pos
            self.motion(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            m.hand.mouse = event.pos
            self.press(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.release(event.pos)
        elif event.type == pygame.MOUSEWHEEL:
            sel = m.selected_piece()
            grip = hit(m.table, self._point(m.hand.mouse), sel, 0.0) if sel is not None else None
            if grip is not None and grip.index == sel and grip.what == "piece":
                self.turn(TURN_STEP if event.y > 0 else -TURN_STEP)
        elif event.type == pygame.KEYDOWN and self.entry is None:
            self.key(event)

    def key(self, event: pygame.event.Event) -> None:
        if edit_key(event, self.undo, self.redo, self.files.save):
            return
        if event.key in (pygame.K_DELETE, pygame.K_BACKSPACE):
            self.delete()
        elif event.key == pygame.K_q:
            self.turn(TURN_STEP)
        elif event.key == pygame.K_e:
            self.turn(-TURN_STEP)
        elif event.key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
            self.change_height(1)
        elif event.key in (pygame.K_MINUS, pygame.K_KP_MINUS):
            self.change_height(-1)
        elif event.key == pygame.K_ESCAPE:
            self.model.hand.armed = self.model.hand.drag = None
            self.model.hand.palette_drag = False

    def _point(self, pos: tuple[int, int]) -> Point:
        return self.view.table_view(self.placed).to_table(pos)

    def press(self, pos: tuple[int, int]) -> None:
        m, f = self.model, self.placed
        cell = next((k for k, r in f.palette_rects.items() if r.collidepoint(pos)), None)
        if cell is not None:
            m.hand.armed, m.hand.palette_drag = cell, True
            m.hand.selected = None
            self.rebuild()
            return
        if not f.table_area.collidepoint(pos):
            return
        point = self._point(pos)
        if m.hand.armed is not None:
            self.place(point)
            return
        grip = hit(m.design.now, point, m.selected_piece(), self.view.reach(f))
        if grip is not None and grip.what != "edge":
            m.hand.selected = grip.index
        elif grip is None:
            m.hand.selected = None
        m.hand.drag = Drag(grip, point, m.design.now) if grip is not None else None
        self.rebuild()

    def motion(self, pos: tuple[int, int]) -> None:
        drag = self.model.hand.drag
        if drag is not None:
            drag.preview = dragged(drag.grip, drag.before, drag.start, self._point(pos))

    def release(self, pos: tuple[int, int]) -> None:
        m, f = self.model, self.placed
        if m.hand.palette_drag:
            m.hand.palette_drag = False
            if f.table_area.collidepoint(pos) and m.hand.armed is not None:
                self.place(self._point(pos))  # dropped on the table; else the cell stays armed
            return
        drag, m.hand.drag = m.hand.drag, None
        if drag is None:
            return
        point = self._point(pos)
        view = self.view.table_view(f, drag.before)
        if drag.grip.what == "piece" and not (f.table_area.collidepoint(pos) and view.on_table(point)):
            self._edit(edits.delete_piece(drag.before, drag.grip.index))  # dragged off the table
            return
        self._edit(dragged(drag.grip, drag.before, drag.start, point))

    def draw(self, surface: pygame.Surface) -> None:
        self.view.draw(surface, self.placed, self.entry is not None)
