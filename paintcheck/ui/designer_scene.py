"""Design a field: the pieces of the box placed on the lattice with the mouse, mirrored across the
centre line, checked as they are placed by ``validate``'s own checks, every edit undoable.

The model is ``field.design.Design`` (no pygame); this scene draws it and turns the mouse and the keys
into its edits:

- drag a kind from the palette onto the field (or click the kind, then the field): a ghost follows
  the mouse, snapped to the lattice, green where the piece may stand and red with the reason where
  it may not, its mirrored twin drawn beside it;
- drag a placed piece to move it (off the field: removed); the mouse wheel over a lying piece, or
  Q / E, turns it by 45°; Delete removes the selection, Ctrl+D takes its kind for another placing;
- Ctrl+Z / Ctrl+Y (Ctrl+Shift+Z) undo and redo; Ctrl+S saves. The status bar names the point under
  the cursor in the game's notation.
"""

from __future__ import annotations

import re
from pathlib import Path

import pygame
from pygame_gui.elements import UITextEntryLine

from paintcheck.field import catalogue
from paintcheck.field.design import AXIS_STEP, Design, empty_layout
from paintcheck.field.lattice import Lattice, point_name
from paintcheck.field.layout import FLAG_FORMATS, Layout, LayoutError, ObstacleSpec
from paintcheck.field.layout_file import box_family, layouts_dir, load_layout, save_layout
from paintcheck.ui import saves, theme
from paintcheck.ui.export_image import export_png
from paintcheck.ui.fieldview import FieldRenderer, draw_obstacle
from paintcheck.ui.scenes import Scene
from paintcheck.ui.transform import FieldTransform
from paintcheck.ui.widgets import Controls

PALETTE = tuple(catalogue.KINDS)  # every kind of the box


def user_layout_path(name: str) -> Path:
    """A new file for the user's layout ``name`` in the data folder's ``layouts/`` (never a shipped
    one): ``my-field.json``, ``my-field-2.json``, ..."""
    folder = saves.user_layouts_dir()
    slug = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")[:40] or "field"
    path, n = folder / f"{slug}.json", 2
    while path.exists():
        path, n = folder / f"{slug}-{n}.json", n + 1
    return path
OK, REFUSED = (90, 230, 120), theme.REFUSED
CHECK = (255, 60, 220)  # a piece with a check: a colour no piece is drawn in


class DesignerScene(Scene):
    name = "designer"

    def __init__(self, app) -> None:
        super().__init__(app)
        self.tools = Controls(app.manager)
        self.entry: UITextEntryLine | None = None
        self.design: Design | None = None
        self.path: Path | None = None

    # -- entering --------------------------------------------------------------------------------------
    def enter(self, persist: dict) -> None:
        path = persist.get("path")
        if path is not None or self.design is None or persist.get("new"):
            self.open(path)
        super().enter(persist)

    def open(self, path) -> None:
        """A layout file (shipped ones open read-only: *Save as* makes a copy), or a new empty field."""
        if path is None:
            layout, self.path = empty_layout(), None
        else:
            try:
                layout, self.path = load_layout(path), Path(path)
            except LayoutError as exc:
                self.app.flash(f"Cannot open the layout: {exc}", error=True)
                layout, self.path = empty_layout(), None
        self.design = Design(layout)
        self.selected: str | None = None
        self.armed: str | None = None  # a kind waiting for its point
        self.armed_axis = 0
        self.dragging: str | None = None  # a placed piece held by the mouse
        self.palette_drag = False
        self.mouse = (0, 0)
        self.confirm_leave: str | None = None
        self.editing: str | None = None  # "name" or "rename" while the text entry is open
        self._fields: dict = {}
        self._ghost_key, self._ghost = None, None
        self._board_key = self._board = None
        self._palette_key = self._palette = None

    @property
    def read_only(self) -> bool:
        return self.path is not None and self.path.resolve().parent == layouts_dir().resolve()

    def exit(self) -> None:
        self.tools.clear()
        self._close_entry()
        super().exit()

    # -- layout -----------------------------------------------------------------------------------------
    def layout(self, size) -> None:
        w, h = size
        fw = min(int(h * 0.72), w - 620)
        self.field_area = pygame.Rect(0, 0, fw, h - 30)
        self.t = FieldTransform.fit(tuple(self.field_area), self.design.lattice)
        self.px, self.pw = fw + 12, w - fw - 24
        self.renderer = FieldRenderer(empty_layout("", self.design.lattice, self.design.flag).build())
        self.rebuild()

    def rebuild(self) -> None:
        d = self.design
        c = self.controls
        c.start(self.px, 50, self.pw)
        c.row_height = 28
        c.add("undo", "Undo", self.undo, None if d.past else "nothing to undo")
        c.add("redo", "Redo", self.redo, None if d.future else "nothing to redo")
        c.add("mirror", "Mirror", self.toggle_mirror, chosen=d.mirror,
              hint="every edit in one half does the mirrored thing to its twin (RULES 1.6)")
        c.add("box", "Box", self.toggle_box, chosen=d.box,
              hint="no more pieces of a kind than the box holds (RULES 2.1)")
        for flag in FLAG_FORMATS:
            c.add(f"flag-{flag}", f"{flag} flag", lambda f=flag: self.set_flag(f), chosen=d.flag == flag)
        c.newline()
        c.add("rename-field", "Name…", lambda: self.start_entry("name"))
        c.add("save", "Save", self.save, self.why_not_save(as_copy=False))
        c.add("save-as", "Save as a copy", lambda: self.save(as_copy=True), self.why_not_save(as_copy=True))
        c.add("play", "Play on this field", self.play, self.why_not_play())
        c.add("export", "Export PNG", self.export_image,
              hint="the field as drawn, with its name and a legend of its pieces")
        c.add("new-field", "New field", self.new_field)
        c.add("open-field", "Open…", self.open_other)
        c.add("back", "Back", self.back)
        c.newline()
        if self.confirm_leave:
            self.caption_row = c.y
            c.add("leave-yes", "Leave without saving", self.leave, primary=True)
            c.add("leave-no", "Stay", self.stay)
            c.newline()
        self.palette_top = c.bottom + 26
        self.palette_rects = {}
        x, y = self.px, self.palette_top
        cell = 96
        for i, kind in enumerate(PALETTE):
            self.palette_rects[kind] = pygame.Rect(x + (i % 4) * (cell + 8), y + (i // 4) * (cell // 2 + 26),
                                                   cell, cell // 2 + 20)
        low = max(r.bottom for r in self.palette_rects.values())
        self.palette_area = pygame.Rect(self.px, self.palette_top, self.pw, low - self.palette_top + 1)
        y = low + 12
        sel = d.spec(self.selected) if self.selected else None
        c.at(self.px, y, self.pw)
        if sel is not None:
            c.add("turn-left", "Turn ⟲ (Q)", lambda: self.turn(-AXIS_STEP),
                  None if catalogue.KINDS[sel.kind].lying else "an upright piece does not turn")
            c.add("turn-right", "Turn ⟳ (E)", lambda: self.turn(AXIS_STEP),
                  None if catalogue.KINDS[sel.kind].lying else "an upright piece does not turn")
            c.add("rename", "Rename…", lambda: self.start_entry("rename"))
            c.add("duplicate", "Duplicate (Ctrl+D)", self.duplicate)
            c.add("delete", "Delete", self.delete)
            c.newline()
        self.info_top = c.bottom + 8
        if self.editing:
            self._open_entry()

    # -- edits ------------------------------------------------------------------------------------------
    def _done(self, reason: str | None) -> bool:
        if reason:
            self.app.flash(reason, error=True)
        else:
            self.app.message = None
        if self.selected and self.design.spec(self.selected) is None:
            self.selected = None
        if len(self._fields) > 64:  # drawn fields of past states: keep the cache small
            self._fields.clear()
        self.rebuild()
        return reason is None

    def place(self, kind: str, point) -> bool:
        before = {o.id for o in self.design.obstacles}
        ok = self._done(self.design.place(kind, point, self.armed_axis))
        if ok:
            new = [o.id for o in self.design.obstacles if o.id not in before and o.at == point]
            self.selected = new[0] if new else None
            self.rebuild()
        return ok

    def move_piece(self, oid: str, point) -> bool:
        return self._done(self.design.move(oid, point))

    def turn(self, step: int) -> None:
        """The piece held for placing, else the selected one, by ``step`` degrees."""
        if self.armed is not None:
            if catalogue.KINDS[self.armed].lying:
                self.armed_axis = (self.armed_axis + step) % 360
            return
        if self.selected:
            self._done(self.design.turn(self.selected, step))

    def delete(self) -> None:
        if self.selected:
            self._done(self.design.remove(self.selected))

    def duplicate(self) -> None:
        sel = self.design.spec(self.selected) if self.selected else None
        if sel is not None:
            self.armed, self.armed_axis = sel.kind, sel.axis
            self.app.flash(f"Click where the new {catalogue.kind_word(sel.kind)} goes.")

    def undo(self) -> None:
        self._done(None if self.design.undo() else "nothing to undo")

    def redo(self) -> None:
        self._done(None if self.design.redo() else "nothing to redo")

    def toggle_mirror(self) -> None:
        self.design.set_mirror(not self.design.mirror)
        self.rebuild()

    def toggle_box(self) -> None:
        self.design.box = not self.design.box
        self.rebuild()

    def set_flag(self, flag: str) -> None:
        self._done(self.design.set_flag(flag))
        self.layout(self.app.size)

    # -- names ------------------------------------------------------------------------------------------
    def start_entry(self, what: str) -> None:
        self.editing = what
        self._open_entry()

    def _open_entry(self) -> None:
        self._close_entry()
        text = self.design.name if self.editing == "name" else (self.selected or "")
        rect = pygame.Rect(self.px, self.info_top, min(360, self.pw), 32)
        self.entry = UITextEntryLine(rect, self.app.manager, initial_text=text)
        self.entry.focus()

    def _close_entry(self) -> None:
        if self.entry is not None:
            self.entry.kill()
            self.entry = None

    def apply_entry(self) -> None:
        text = self.entry.get_text() if self.entry is not None else ""
        what, self.editing = self.editing, None
        self._close_entry()
        if what == "name":
            self._done(self.design.set_name(text))
        elif what == "rename" and self.selected:
            old = self.selected
            if self._done(self.design.rename(old, text)):
                self.selected = text.strip()
                self.rebuild()

    # -- files ------------------------------------------------------------------------------------------
    def why_not_save(self, as_copy: bool) -> str | None:
        problems = self.design.problems()
        if problems:
            oid, words = problems[0]
            return f"{len(problems)} check(s) stand: {oid + ': ' if oid else ''}{words}"
        if not as_copy and self.read_only:
            return "a shipped layout is read-only: save it as a copy"
        return None

    def save(self, as_copy: bool = False) -> None:
        reason = self.why_not_save(as_copy)
        if reason:
            self.app.flash(reason, error=True)
            return
        path = self.path if self.path is not None and not as_copy and not self.read_only else None
        if path is None:
            path = user_layout_path(self.design.name)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            save_layout(self.design.layout(), path)
        except (OSError, LayoutError) as exc:
            self.app.flash(f"Could not save: {exc}", error=True)
            return
        self.path = path
        self.design.mark_saved()
        self.app.flash(f"Saved to {path}")
        self.rebuild()

    def export_image(self) -> None:
        """The field as a PNG in the data folder's ``exports/`` (``python main.py export`` headless)."""
        slug = re.sub(r"[^a-z0-9]+", "-", self.design.name.lower()).strip("-")[:40] or "field"
        path = saves.data_dir() / "exports" / f"{slug}.png"
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            w, h = export_png(self.design.layout().build(), path)
        except (OSError, LayoutError, ValueError) as exc:
            self.app.flash(f"Could not export the image: {exc}", error=True)
            return
        self.app.flash(f"Exported {w} × {h} pixels to {path}")

    def why_not_play(self) -> str | None:
        if self.design.problems():
            return "the field has checks to settle first"
        if self.path is None or self.design.changed:
            return "save the field first"
        return None

    def play(self) -> None:
        if self.why_not_play() is None:
            self.app.new_match(self.path)

    def new_field(self) -> None:
        self._leaving("new")

    def open_other(self) -> None:
        self._leaving("open")

    def back(self) -> None:
        self._leaving("title")

    def _leaving(self, where: str) -> None:
        if self.design.changed and self.confirm_leave is None:
            self.confirm_leave = where
            self.app.flash("The field has unsaved changes: leave without saving?", error=True)
            self.rebuild()
            return
        self.confirm_leave = where
        self.leave()

    def leave(self) -> None:
        where, self.confirm_leave = self.confirm_leave, None
        self.app.message = None
        if where == "new":
            self.open(None)
            self.layout(self.app.size)
        elif where == "open":
            self.app.switch("fields", purpose="design")
        else:
            self.app.switch("title")

    def stay(self) -> None:
        self.confirm_leave = None
        self.app.message = None
        self.rebuild()

    # -- the mouse and the keys ------------------------------------------------------------------------
    def handle_event(self, event) -> None:
        if self.entry is not None and event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN,
                                                                                      pygame.K_KP_ENTER):
            self.apply_entry()
            return
        if self.entry is not None and event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.editing = None
            self._close_entry()
            return
        if self.controls.handle(event):
            return
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.press(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.release(event.pos)
        elif event.type == pygame.MOUSEWHEEL:
            oid = self.piece_at(self.mouse) if self.armed is None else None
            if oid is not None:
                self.selected = oid
            if oid is not None or self.armed is not None:
                self.turn(AXIS_STEP if event.y > 0 else -AXIS_STEP)
        elif event.type == pygame.KEYDOWN and self.entry is None:
            self.key(event)

    def key(self, event) -> None:
        ctrl = event.mod & pygame.KMOD_CTRL
        if ctrl and event.key == pygame.K_z:
            self.redo() if event.mod & pygame.KMOD_SHIFT else self.undo()
        elif ctrl and event.key == pygame.K_y:
            self.redo()
        elif ctrl and event.key == pygame.K_s:
            self.save()
        elif ctrl and event.key == pygame.K_d:
            self.duplicate()
        elif event.key in (pygame.K_DELETE, pygame.K_BACKSPACE):
            self.delete()
        elif event.key == pygame.K_q:
            self.turn(-AXIS_STEP)
        elif event.key == pygame.K_e:
            self.turn(AXIS_STEP)
        elif event.key == pygame.K_ESCAPE:
            self.armed = self.dragging = None
            self.palette_drag = False

    def press(self, pos) -> None:
        kind = next((k for k, r in self.palette_rects.items() if r.collidepoint(pos)), None)
        if kind is not None:
            self.armed, self.armed_axis, self.palette_drag = kind, 0, True
            self.selected = None
            self.rebuild()
            return
        if not self.field_area.collidepoint(pos):
            return
        point = self.t.nearest_point(*pos)
        if self.armed is not None:
            if point is not None and self.place(self.armed, point):
                self.armed = None
            return
        oid = self.piece_at(pos)
        self.selected = oid
        self.dragging = oid
        self.rebuild()

    def release(self, pos) -> None:
        if self.palette_drag:
            self.palette_drag = False
            point = self.t.nearest_point(*pos) if self.field_area.collidepoint(pos) else None
            if point is not None:  # dropped on the field; else the kind stays armed for a click
                if self.place(self.armed, point):
                    self.armed = None
            return
        oid, self.dragging = self.dragging, None
        if oid is None:
            return
        point = self.t.nearest_point(*pos) if self.field_area.collidepoint(pos) else None
        spec = self.design.spec(oid)
        if point is None or not self.design.lattice.contains(point):
            self._done(self.design.remove(oid))  # dragged off the field
        elif spec is not None and point != spec.at and point not in self.design.points(spec):
            self.move_piece(oid, point)

    def piece_at(self, pos) -> str | None:
        world = self.t.to_world(*pos)
        point = (round(world[0]), round(world[1]))
        spec = self.design.at(point)
        return spec.id if spec is not None else None

    # -- what the mouse would do here -----------------------------------------------------------------
    def ghost(self) -> tuple[list[ObstacleSpec], str | None] | None:
        """The piece the mouse holds at the point under it, its twin, and why it may not stand there
        (remembered while the mouse stays on that point)."""
        if not self.field_area.collidepoint(self.mouse):
            return None
        point = self.t.nearest_point(*self.mouse)
        if point is None:
            return None
        held = self.dragging if pygame.mouse.get_pressed()[0] else None
        key = (self.design.now, self.design.mirror, self.design.box, self.armed, self.armed_axis, held, point)
        if key != self._ghost_key:
            self._ghost_key, self._ghost = key, self._ghost_at(point)
        return self._ghost

    def _ghost_at(self, point):
        d = self.design
        if self.armed is not None:
            axis = self.armed_axis if catalogue.KINDS[self.armed].lying else 0
            spec = ObstacleSpec("ghost", self.armed, point, axis)
            reason = d.would(lambda: d.place(self.armed, point, self.armed_axis))
        elif self.dragging is not None and pygame.mouse.get_pressed()[0]:
            held = d.spec(self.dragging)
            if held is None or point == held.at:
                return None
            spec = ObstacleSpec("ghost", held.kind, point, held.axis)
            reason = d.would(lambda: d.move(held.id, point))
        else:
            return None
        ghosts = [spec]
        if d.mirror and point[1] != 0:
            axis = (-spec.axis) % 360 if catalogue.KINDS[spec.kind].lying else 0
            ghosts.append(ObstacleSpec("ghost-twin", spec.kind, (point[0], -point[1]), axis))
        return ghosts, reason

    # -- drawing ----------------------------------------------------------------------------------------
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
        key = (d.now, d.mirror, self.selected, held, self.field_area.size, self.t)
        if key != self._board_key:
            surf = self.renderer.background(self.field_area.size, self.t).copy()
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
                self.tip(surface, reason, (150, 30, 30))
        elif self.field_area.collidepoint(self.mouse):  # a piece's checks, on hover
            oid = self.piece_at(self.mouse)
            said = [words for pid, words in problems if pid is not None and pid == oid]
            if said:
                self.tip(surface, f"{oid}: {said[0]}", (130, 80, 20))
        self.draw_panel(surface, problems)
        self.draw_status(surface, problems)

    def tip(self, surface, words: str, colour) -> None:
        """A sentence under the mouse, kept inside the field."""
        text = theme.text(words, 12, (255, 255, 255), True)
        r = text.get_rect(midtop=(self.mouse[0], self.mouse[1] + 18)).clamp(surface.get_rect())
        pygame.draw.rect(surface, colour, r.inflate(8, 4), border_radius=3)
        surface.blit(text, r)

    def draw_mirror_axis(self, surface) -> None:
        if not self.design.mirror:
            return
        lat = self.design.lattice
        a, b = self.t.to_screen(-0.5, 0), self.t.to_screen(lat.columns - 0.5, 0)
        pygame.draw.line(surface, (120, 220, 255), a, b, 3)

    def draw_panel(self, surface, problems) -> None:
        d = self.design
        where = "new field" if self.path is None else (self.path.name + (" (shipped, read-only)"
                                                                         if self.read_only else ""))
        theme.blit_text(surface, f"Design a field — {d.name}{' *' if d.changed else ''}", (self.px, 12), 20,
                        theme.TEXT, True)
        theme.blit_text(surface, f"{d.lattice.columns} × {d.lattice.rows_per_half * 2 + 1} points · {where}",
                        (self.px + 2, self.palette_top - 20), 13, theme.TEXT_DIM)
        surface.blit(self.palette(), self.palette_area.topleft)
        y = self.info_top + (40 if self.entry is not None else 0)
        sel = d.spec(self.selected) if self.selected else None
        if sel is not None:
            pts = ", ".join(point_name(p) for p in d.points(sel))
            lines = [f"{sel.id}: {catalogue.kind_word(sel.kind)} on {pts}"
                     + (f", axis {sel.axis}°" if catalogue.KINDS[sel.kind].lying else "")]
            twin = d.twin(sel)
            lines.append(f"its twin: {twin.id}" if twin else "no twin (on the centre line, or none yet)")
            for line in lines:
                theme.blit_text(surface, line, (self.px, y), 14, theme.TEXT)
                y += 19
        y += 8
        head = "Checks: none — the field passes validate" if not problems else f"Checks ({len(problems)}):"
        theme.blit_text(surface, head, (self.px, y), 15, theme.TEXT_GOOD if not problems else theme.TEXT_WARN,
                        True)
        y += 22
        bottom = surface.get_height() - 60
        for oid, words in problems:
            for line in theme.wrap(f"{oid + ': ' if oid else ''}{words}", 13, self.pw)[:2]:
                if y > bottom:
                    break
                theme.blit_text(surface, line, (self.px, y), 13, theme.TEXT)
                y += 16
        self.app.draw_message(surface, (self.px + self.pw // 2, surface.get_height() - 50))

    def palette(self) -> pygame.Surface:
        """The box's pieces with how many the field uses, drawn again only when that changes."""
        used = self.design.usage()
        key = (tuple(sorted(used.items())), self.armed, self.palette_area.size)
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
                theme.blit_text(surf, catalogue.kind_word(kind), (x, rect.bottom - 30), 12, theme.TEXT)
                theme.blit_text(surf, f"{used[family]} of {limit} in the box", (x, rect.bottom - 15), 11,
                                colour)
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
        hint = ("click or drop on the field: " + catalogue.kind_word(self.armed)) if self.armed else \
            "drag a piece from the palette; drag a piece to move it; wheel or Q/E turns; Delete removes"
        theme.blit_text(surface, f"{words}   ·   {hint}", (8, h - 22), 13, theme.TEXT)
