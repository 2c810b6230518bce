"""Design a field: the pieces of the box placed on the lattice with the mouse, mirrored across the
centre line, checked as they are placed by ``validate``'s own checks, every edit undoable.

The model is ``field.design.Design`` (no pygame); this scene turns the mouse and the keys into its
edits, ``designer_view`` draws it and ``designer_files`` saves, exports and leaves:

- drag a kind from the palette onto the field (or click the kind, then the field): a ghost follows
  the mouse, snapped to the lattice, green where the piece may stand and red with the reason where
  it may not, its mirrored twin drawn beside it;
- drag a placed piece to move it (off the field: removed); the mouse wheel over a lying piece, or
  Q / E, turns it by 45°; Delete removes the selection, Ctrl+D takes its kind for another placing;
- Ctrl+Z / Ctrl+Y (Ctrl+Shift+Z) undo and redo; Ctrl+S saves. The status bar names the point under
  the cursor in the game's notation;
- *Study* (S) shows a map of the field under its pieces (``study_panel``), studied again in the
  background after every edit, and the pieces table: a click on a row selects the piece;
- *Save as a copy* asks the copy's name (one no other field of the chooser has); *Play on this
  field* asks who coaches (``coach_choice``, as *New match* does).
"""

from __future__ import annotations

from pathlib import Path

import pygame
from pygame_gui.elements import UITextEntryLine

from paintcheck.field import catalogue
from paintcheck.field.design import AXIS_STEP, Design, empty_layout
from paintcheck.field.layout import FLAG_FORMATS, LayoutError, ObstacleSpec
from paintcheck.field.layout_file import layouts_dir, load_layout
from paintcheck.field.layout_schema import MAX_ID, MAX_LAYOUT_NAME
from paintcheck.ui import i18n
from paintcheck.ui.coach_choice import add_coach_buttons
from paintcheck.ui.designer_files import DesignerFiles, user_layout_path
from paintcheck.ui.designer_view import DesignerView
from paintcheck.ui.fieldview import FieldRenderer
from paintcheck.ui.i18n import error_words, tr
from paintcheck.ui.scenes import Scene
from paintcheck.ui.study_panel import StudyPanel
from paintcheck.ui.transform import FieldTransform
from paintcheck.ui.widgets import Controls

PALETTE = tuple(catalogue.KINDS)  # every kind of the box
PALETTE_W = 416  # four cells of the palette
STUDY_BESIDE = 380  # room the Study needs beside the palette; less, and it goes under it
STUDY_UNDER = 330  # its height under the palette


class DesignerScene(DesignerFiles, DesignerView, Scene):
    name = "designer"

    def __init__(self, app) -> None:
        super().__init__(app)
        self.tools = Controls(app.manager)
        self.entry: UITextEntryLine | None = None
        self.design: Design | None = None
        self.path: Path | None = None
        self.study = StudyPanel(cache=False, on_piece=self.choose_piece)
        self.studying = False
        self.study_rect = pygame.Rect(0, 0, 0, 0)
        self.fields_read: dict = {}  # the chooser's fields, read once while unchanged (names taken)
        self.coach_captions: list = []

    # -- entering --------------------------------------------------------------------------------------
    def enter(self, persist: dict) -> None:
        path = persist.get("path")
        if path is not None or self.design is None or persist.get("new"):
            self.open(path)
        super().enter(persist)

    def open(self, path) -> None:
        """A layout file (shipped ones open read-only: *Save as* makes a copy), or a new empty field."""
        if path is None:  # named in the window's language: the name is the user's from now on
            layout, self.path = empty_layout(tr("designer.default_name")), None
        else:
            try:
                layout, self.path = load_layout(path), Path(path)
            except LayoutError as exc:
                self.app.flash(tr("designer.cannot_open", error=error_words(exc)), error=True)
                layout, self.path = empty_layout(tr("designer.default_name")), None
        self.design = Design(layout)
        self.selected: str | None = None
        self.armed: str | None = None  # a kind waiting for its point
        self.armed_axis = 0
        self.dragging: str | None = None  # a placed piece held by the mouse
        self.palette_drag = False
        self.mouse = (0, 0)
        self.confirm_leave: str | None = None
        self.asking_coaches = False  # *Play on this field*: who coaches, asked before the match
        self.editing: str | None = None  # "name", "rename", "copy" or "save" while the entry is open
        self.entry_text = ""  # what the entry opens with
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
        self.study.close()
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
        c.add("undo", tr("designer.undo"), self.undo, None if d.past else tr("designer.nothing_to_undo"))
        c.add("redo", tr("designer.redo"), self.redo, None if d.future else tr("designer.nothing_to_redo"))
        c.add("mirror", tr("designer.mirror"), self.toggle_mirror, chosen=d.mirror,
              hint=tr("designer.mirror_hint"))
        c.add("box", tr("designer.box"), self.toggle_box, chosen=d.box, hint=tr("designer.box_hint"))
        c.add("study", tr("designer.study"), self.toggle_study, chosen=self.studying,
              hint=tr("designer.study_hint"))
        for flag in FLAG_FORMATS:
            c.add(f"flag-{flag}", tr(f"designer.flag.{flag}"), lambda f=flag: self.set_flag(f),
                  chosen=d.flag == flag)
        c.newline()
        c.add("rename-field", tr("designer.name"), lambda: self.start_entry("name"))
        c.add("save", tr("designer.save"), self.save, self.why_not_save(as_copy=False))
        c.add("save-as", tr("designer.save_as"), lambda: self.save(as_copy=True),
              self.why_not_save(as_copy=True))
        c.add("play", tr("designer.play"), self.play, self.why_not_play())
        c.add("export", tr("designer.export"), self.export_image, hint=tr("designer.export_hint"))
        c.add("new-field", tr("designer.new_field"), self.new_field)
        c.add("open-field", tr("designer.open"), self.open_other)
        c.add("back", tr("common.back"), self.back)
        c.newline()
        asked = c.y  # the question's row is kept when nothing is asked: the palette never moves
        if self.confirm_leave:
            c.add("leave-yes", tr("designer.leave"), self.leave, danger=True)  # red: the edits are lost
            c.add("leave-no", tr("designer.stay"), self.stay)
        c.reserve(asked, 1)
        self.palette_top = c.bottom + 26
        self.palette_rects = {}
        x, y = self.px, self.palette_top
        cell = 96
        for i, kind in enumerate(PALETTE):
            self.palette_rects[kind] = pygame.Rect(x + (i % 4) * (cell + 8), y + (i // 4) * (cell // 2 + 26),
                                                   cell, cell // 2 + 20)
        low = max(r.bottom for r in self.palette_rects.values())
        beside = self.pw - PALETTE_W - 20 >= STUDY_BESIDE
        self.palette_area = pygame.Rect(self.px, self.palette_top, PALETTE_W if beside else self.pw,
                                        low - self.palette_top + 1)
        y = low + 12
        if self.studying:
            x, top, width = ((self.px + PALETTE_W + 20, self.palette_top - 8, self.pw - PALETTE_W - 20)
                             if beside else (self.px, y, self.pw))
            c.at(x, top, width)
            self.study.add_controls(c, self.rebuild)
            bottom = self.app.size[1] - 80 if beside else c.bottom + STUDY_UNDER
            self.study_rect = pygame.Rect(x, c.bottom + 4, width, bottom - c.bottom - 4)
            if not beside:
                y = self.study_rect.bottom + 10
        sel = d.spec(self.selected) if self.selected else None
        self.info_w = self.pw if not (self.studying and beside) else PALETTE_W  # the Study has the rest
        c.at(self.px, y, self.info_w)
        if sel is not None:
            upright = None if catalogue.KINDS[sel.kind].lying else tr("designer.upright")
            c.add("turn-left", tr("designer.turn_left"), lambda: self.turn(-AXIS_STEP), upright)
            c.add("turn-right", tr("designer.turn_right"), lambda: self.turn(AXIS_STEP), upright)
            c.add("rename", tr("designer.rename"), lambda: self.start_entry("rename"))
            c.add("duplicate", tr("designer.duplicate"), self.duplicate)
            c.add("delete", tr("designer.delete"), self.delete)
            c.newline()
        self.coach_captions = []
        if self.asking_coaches:  # who coaches the match on this field: new rows below the others
            c.at(self.px, c.bottom + 4, self.info_w)
            self.coach_captions = add_coach_buttons(c, self.app, self.rebuild)
            c.newline()
            c.add("play-start", tr("designer.play_start"), self.start_match, self.why_not_play(),
                  primary=True)
            c.add("play-cancel", tr("designer.play_cancel"), self.cancel_play)
            c.newline()
        self.info_top = c.bottom + 8
        if self.editing:
            self._open_entry()

    # -- edits ------------------------------------------------------------------------------------------
    def _done(self, reason: str | None) -> bool:
        """After an edit of the design: its refusal (the design's words, worded in the window's
        language) flashed, the panel built again."""
        if reason:
            self.app.flash(i18n.say(reason), error=True)
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
            self.app.flash(tr("designer.place_where", kind=i18n.say(catalogue.kind_word(sel.kind))))

    def undo(self) -> None:
        if self.design.undo():
            self._done(None)
        else:
            self.app.flash(tr("designer.nothing_to_undo"), error=True)

    def redo(self) -> None:
        if self.design.redo():
            self._done(None)
        else:
            self.app.flash(tr("designer.nothing_to_redo"), error=True)

    def toggle_mirror(self) -> None:
        self.design.set_mirror(not self.design.mirror)
        self.rebuild()

    def toggle_box(self) -> None:
        self.design.box = not self.design.box
        self.rebuild()

    def animating(self) -> bool:
        return self.studying and self.study.busy  # the new map is drawn as soon as it is ready

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.studying:
            d = self.design
            if self.field_of(d.obstacles) is not None:  # a state that does not build keeps the last map
                self.study.want((d.obstacles, d.flag), d.layout())
            self.study.poll()

    def toggle_study(self) -> None:
        self.studying = not self.studying
        self.rebuild()

    def choose_piece(self, oid: str) -> None:
        """A row of the pieces table: its piece is selected, as if clicked on the field."""
        if self.design.spec(oid) is not None:
            self.selected = oid
            self.rebuild()

    def set_flag(self, flag: str) -> None:
        self._done(self.design.set_flag(flag))
        self.layout(self.app.size)

    # -- names ------------------------------------------------------------------------------------------
    def start_entry(self, what: str, text: str | None = None) -> None:
        """The text entry for the field's name (``name``), the selected piece's id (``rename``) or
        the name of a new file (``copy``; ``save``, a new field's name taken), opened with ``text``
        (by default what it edits)."""
        self.editing = what
        if text is None:
            text = self.shown_name() if what == "name" else (self.selected or "")
        self.entry_text = text[:MAX_ID if what == "rename" else MAX_LAYOUT_NAME]
        self._open_entry()

    def _open_entry(self) -> None:
        self._close_entry()
        rect = pygame.Rect(self.px, self.info_top, min(360, self.pw), 32)
        self.entry = UITextEntryLine(rect, self.app.manager, initial_text=self.entry_text)
        # the format's caps: a longer name or id cannot be typed
        self.entry.set_text_length_limit(MAX_ID if self.editing == "rename" else MAX_LAYOUT_NAME)
        self.entry.focus()

    def shown_name(self) -> str:
        """The field's name as the window shows it (its French name in French, when it has one)."""
        return self.design.name_in(i18n.current())

    def _close_entry(self) -> None:
        if self.entry is not None:
            self.entry.kill()
            self.entry = None

    def apply_entry(self) -> None:
        text = self.entry.get_text() if self.entry is not None else ""
        what, self.editing = self.editing, None
        self._close_entry()
        if what in ("name", "copy", "save"):
            if what == "name" and text.strip() == self.shown_name():
                return  # unchanged: its French name stays
            reason = self.why_not_name(text, besides=self.path if what == "name" else None)
            if reason:  # said, and asked again with what was typed
                self.app.flash(reason, error=True)
                self.start_entry(what, text)
                return
            self._done(self.design.set_name(text))
            if what in ("copy", "save"):  # a new file, named after it
                self.write(user_layout_path(self.design.name))
        elif what == "rename" and self.selected:
            old = self.selected
            if self._done(self.design.rename(old, text)):
                self.selected = text.strip()
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
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.studying \
                and self.study.click(event.pos):
            return
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.press(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.release(event.pos)
        elif event.type == pygame.MOUSEWHEEL and self.studying and self.study.wheel(self.mouse, event.y):
            return
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
        elif event.key == pygame.K_s and not ctrl:
            self.toggle_study()
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
