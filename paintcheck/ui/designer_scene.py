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
  background after every edit and while a piece is dragged (the map of the field the drop would
  give, the newest ready one shown), and the pieces table: a click on a row selects the piece;
- *Save as a copy* asks the copy's name (one no other field of the chooser has); *Play on this
  field* asks who coaches (``coach_choice``, as *New match* does).

The scene owns the model of the field opened (``designer_model.DesignerModel``), the frame (where
things stand), the panel's controls, the text entry and the Study panel; it is given the app. Its
parts are built with what they need: ``DesignerFiles(model, app, ...)`` and
``DesignerView(model, study, ...)``, made again with each field opened. The held mouse button is
kept from the scene's own events, and the ghost asks the design whether an edit would be legal
(``Design.why_not_place``), never doing it.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pygame
from pygame_gui.elements import UITextEntryLine

from paintcheck.field import catalogue
from paintcheck.field.design import AXIS_STEP, Design, empty_layout
from paintcheck.field.layout import FLAG_FORMATS, LayoutError
from paintcheck.field.layout_file import load_layout
from paintcheck.field.layout_schema import MAX_ID, MAX_LAYOUT_NAME
from paintcheck.ui import i18n
from paintcheck.ui.coach_choice import add_coach_buttons
from paintcheck.ui.designer_files import DesignerFiles, user_layout_path
from paintcheck.ui.designer_model import DesignerFrame, DesignerModel, Ghost, piece_at
from paintcheck.ui.designer_view import DesignerView
from paintcheck.ui.edit_keys import edit_key
from paintcheck.ui.fieldview import FieldRenderer
from paintcheck.ui.i18n import error_words, tr
from paintcheck.ui.scenes import Scene
from paintcheck.ui.study_panel import StudyPanel, passing_key
from paintcheck.ui.text_entry import close_entry, open_entry
from paintcheck.ui.transform import FieldTransform

if TYPE_CHECKING:
    from paintcheck.ui.app import App

PALETTE = tuple(catalogue.KINDS)  # every kind of the box
PALETTE_W = 416  # four cells of the palette
STUDY_BESIDE = 380  # room the Study needs beside the palette; less, and it goes under it
STUDY_UNDER = 330  # its height under the palette


class DesignerScene(Scene):
    name = "designer"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.entry: UITextEntryLine | None = None
        self.study = StudyPanel(cache=False, on_piece=self.choose_piece, follows_drag=True)
        self.fields_read: dict = {}  # the chooser's fields, read once while unchanged (names taken)
        self.coach_captions: list = []
        self.frame: DesignerFrame | None = None
        self.opened = False  # a field was opened (entering again without a path comes back to it)
        self._start(empty_layout(), None)

    # -- what the tests and the bench read ------------------------------------------------------------
    @property
    def design(self) -> Design:
        return self.model.design

    @property
    def path(self) -> Path | None:
        return self.model.path

    @property
    def selected(self) -> str | None:
        return self.model.selected

    @property
    def editing(self) -> str | None:
        return self.model.editing

    @property
    def read_only(self) -> bool:
        return self.model.read_only

    @property
    def studying(self) -> bool:
        return self.model.studying

    @property
    def placed(self) -> DesignerFrame:
        """The frame of the window laid out (``layout`` came first)."""
        assert self.frame is not None, "the designer is laid out when it is entered"
        return self.frame

    @property
    def t(self) -> FieldTransform:
        return self.placed.t

    @property
    def field_area(self) -> pygame.Rect:
        return self.placed.field_area

    @property
    def palette_rects(self) -> dict[str, pygame.Rect]:
        return self.placed.palette_rects

    @property
    def study_rect(self) -> pygame.Rect:
        return self.placed.study_rect

    # -- entering --------------------------------------------------------------------------------------
    def enter(self, persist: dict) -> None:
        path = persist.get("path")
        if path is not None or not self.opened or persist.get("new"):
            self.open(path)
        super().enter(persist)

    def open(self, path) -> None:
        """A layout file (shipped ones open read-only: *Save as* makes a copy), or a new empty field."""
        if path is None:  # named in the window's language: the name is the user's from now on
            layout, where = empty_layout(tr("designer.default_name")), None
        else:
            try:
                layout, where = load_layout(path), Path(path)
            except LayoutError as exc:
                self.app.flash(tr("designer.cannot_open", error=error_words(exc)), error=True)
                layout, where = empty_layout(tr("designer.default_name")), None
        self.opened = True
        self._start(layout, where, studying=self.model.studying)

    def _start(self, layout, where: Path | None, studying: bool = False) -> None:
        """The model of the field ``layout`` (from the file ``where``) and the parts given it."""
        self.model = DesignerModel(Design(layout), where, studying=studying)
        self.files = DesignerFiles(self.model, self.app, self.fields_read, self.rebuild, self.start_entry,
                                   self.new_field)
        self.view = DesignerView(self.model, self.study, self.app.draw_message)

    def new_field(self) -> None:
        """A new empty field in place of this one (its edits were saved or left)."""
        self.open(None)
        self.layout(self.app.size)

    def exit(self) -> None:
        self._close_entry()
        self.study.close()
        super().exit()

    # -- layout -----------------------------------------------------------------------------------------
    def layout(self, size) -> None:
        w, h = size
        fw = min(int(h * 0.72), w - 620)
        area = pygame.Rect(0, 0, fw, h - 30)
        lattice = self.design.lattice
        self.frame = DesignerFrame(area, FieldTransform.fit(tuple(area), lattice), fw + 12, w - fw - 24,
                                   FieldRenderer(empty_layout("", lattice, self.design.flag).build()))
        self.rebuild()

    def rebuild(self) -> None:
        m, f = self.model, self.placed
        d = m.design
        files = self.files
        c = self.controls
        c.start(f.px, 50, f.pw)
        c.row_height = 28
        c.add("undo", tr("designer.undo"), self.undo, None if d.past else tr("designer.nothing_to_undo"))
        c.add("redo", tr("designer.redo"), self.redo, None if d.future else tr("designer.nothing_to_redo"))
        c.add("mirror", tr("designer.mirror"), self.toggle_mirror, chosen=d.mirror,
              hint=tr("designer.mirror_hint"))
        c.add("box", tr("designer.box"), self.toggle_box, chosen=d.box, hint=tr("designer.box_hint"))
        c.add("study", tr("designer.study"), self.toggle_study, chosen=m.studying,
              hint=tr("designer.study_hint"))
        for flag in FLAG_FORMATS:
            c.add(f"flag-{flag}", tr(f"designer.flag.{flag}"), lambda f=flag: self.set_flag(f),
                  chosen=d.flag == flag)
        c.newline()
        c.add("rename-field", tr("designer.name"), lambda: self.start_entry("name"))
        c.add("save", tr("designer.save"), files.save, files.why_not_save(as_copy=False))
        c.add("save-as", tr("designer.save_as"), lambda: files.save(as_copy=True),
              files.why_not_save(as_copy=True))
        c.add("play", tr("designer.play"), files.play, files.why_not_play())
        c.add("export", tr("designer.export"), files.export_image, hint=tr("designer.export_hint"))
        c.add("new-field", tr("designer.new_field"), files.new_field)
        c.add("open-field", tr("designer.open"), files.open_other)
        c.add("back", tr("common.back"), files.back)
        c.newline()
        files.leaving.add_buttons(c)  # the question's row, kept when none is asked: the palette stays
        f.palette_top = c.bottom + 26
        f.palette_rects = {}
        x, y = f.px, f.palette_top
        cell = 96
        for i, kind in enumerate(PALETTE):
            f.palette_rects[kind] = pygame.Rect(x + (i % 4) * (cell + 8), y + (i // 4) * (cell // 2 + 26),
                                                cell, cell // 2 + 20)
        low = max(r.bottom for r in f.palette_rects.values())
        beside = f.pw - PALETTE_W - 20 >= STUDY_BESIDE
        f.palette_area = pygame.Rect(f.px, f.palette_top, PALETTE_W if beside else f.pw,
                                     low - f.palette_top + 1)
        y = low + 12
        if m.studying:
            x, top, width = ((f.px + PALETTE_W + 20, f.palette_top - 8, f.pw - PALETTE_W - 20)
                             if beside else (f.px, y, f.pw))
            c.at(x, top, width)
            self.study.add_controls(c, self.rebuild)
            bottom = self.app.size[1] - 80 if beside else c.bottom + STUDY_UNDER
            f.study_rect = pygame.Rect(x, c.bottom + 4, width, bottom - c.bottom - 4)
            if not beside:
                y = f.study_rect.bottom + 10
        sel = m.selected_spec()
        f.info_w = f.pw if not (m.studying and beside) else PALETTE_W  # the Study has the rest
        c.at(f.px, y, f.info_w)
        if sel is not None:
            upright = None if catalogue.KINDS[sel.kind].lying else tr("designer.upright")
            c.add("turn-left", tr("designer.turn_left"), lambda: self.turn(-AXIS_STEP), upright)
            c.add("turn-right", tr("designer.turn_right"), lambda: self.turn(AXIS_STEP), upright)
            c.add("rename", tr("designer.rename"), lambda: self.start_entry("rename"))
            c.add("duplicate", tr("designer.duplicate"), self.duplicate)
            c.add("delete", tr("designer.delete"), self.delete)
            c.newline()
        self.coach_captions = []
        if m.asking_coaches:  # who coaches the match on this field: new rows below the others
            c.at(f.px, c.bottom + 4, f.info_w)
            self.coach_captions = add_coach_buttons(c, self.app, self.rebuild)
            c.newline()
            c.add("play-start", tr("designer.play_start"), files.start_match, files.why_not_play(),
                  primary=True)
            c.add("play-cancel", tr("designer.play_cancel"), files.cancel_play)
            c.newline()
        f.info_top = c.bottom + 8
        if m.editing:
            self._open_entry()

    # -- edits ------------------------------------------------------------------------------------------
    def _done(self, reason: str | None) -> bool:
        """After an edit of the design: its refusal (the design's words, worded in the window's
        language) flashed, the panel built again."""
        m = self.model
        if reason:
            self.app.flash(i18n.say(reason), error=True)
        else:
            self.app.message = None
        if m.selected and m.design.spec(m.selected) is None:
            m.selected = None
        self.view.forget_fields()  # drawn fields of past states: keep the cache small
        self.rebuild()
        return reason is None

    def place(self, kind: str, point) -> bool:
        m = self.model
        before = {o.id for o in m.design.obstacles}
        ok = self._done(m.design.place(kind, point, m.armed_axis))
        if ok:
            new = [o.id for o in m.design.obstacles if o.id not in before and o.at == point]
            m.selected = new[0] if new else None
            self.rebuild()
        return ok

    def move_piece(self, oid: str, point) -> bool:
        return self._done(self.model.design.move(oid, point))

    def turn(self, step: int) -> None:
        """The piece held for placing, else the selected one, by ``step`` degrees."""
        m = self.model
        if m.armed is not None:
            if catalogue.KINDS[m.armed].lying:
                m.armed_axis = (m.armed_axis + step) % 360
            return
        if m.selected:
            self._done(m.design.turn(m.selected, step))

    def delete(self) -> None:
        if self.model.selected:
            self._done(self.model.design.remove(self.model.selected))

    def duplicate(self) -> None:
        m = self.model
        sel = m.selected_spec()
        if sel is not None:
            m.armed, m.armed_axis = sel.kind, sel.axis
            self.app.flash(tr("designer.place_where", kind=i18n.say(catalogue.kind_word(sel.kind))))

    def undo(self) -> None:
        if self.model.design.undo():
            self._done(None)
        else:
            self.app.flash(tr("designer.nothing_to_undo"), error=True)

    def redo(self) -> None:
        if self.model.design.redo():
            self._done(None)
        else:
            self.app.flash(tr("designer.nothing_to_redo"), error=True)

    def toggle_mirror(self) -> None:
        self.model.design.set_mirror(not self.model.design.mirror)
        self.rebuild()

    def toggle_box(self) -> None:
        self.model.design.box = not self.model.design.box
        self.rebuild()

    def animating(self) -> bool:
        return self.model.studying and self.study.busy  # the new map is drawn as soon as it is ready

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.model.studying:
            d = self.model.design
            dragged = self.view.dragged(self.placed)  # the map follows the piece dragged
            if dragged is not None:
                self.study.want(passing_key((dragged.obstacles, dragged.flag)), dragged, live=True)
            elif self.view.field_of(d.obstacles) is not None:  # a state that does not build: the last map
                self.study.want((d.obstacles, d.flag), d.layout())
            self.study.poll()

    def after_frame(self) -> None:
        self.view.after_frame()
        if self.model.studying:
            self.study.after_frame()  # the live map's process woken once the frame is drawn

    def toggle_study(self) -> None:
        self.model.studying = not self.model.studying
        self.rebuild()

    def choose_piece(self, oid: str) -> None:
        """A row of the pieces table: its piece is selected, as if clicked on the field."""
        if self.model.design.spec(oid) is not None:
            self.model.selected = oid
            self.rebuild()

    def set_flag(self, flag: str) -> None:
        self._done(self.model.design.set_flag(flag))
        self.layout(self.app.size)

    # -- names ------------------------------------------------------------------------------------------
    def start_entry(self, what: str, text: str | None = None) -> None:
        """The text entry for the field's name (``name``), the selected piece's id (``rename``) or
        the name of a new file (``copy``; ``save``, a new field's name taken), opened with ``text``
        (by default what it edits)."""
        m = self.model
        m.editing = what
        if text is None:
            text = m.shown_name() if what == "name" else (m.selected or "")
        m.entry_text = text[:MAX_ID if what == "rename" else MAX_LAYOUT_NAME]
        self._open_entry()

    def _open_entry(self) -> None:
        self._close_entry()
        f, m = self.placed, self.model
        self.entry = open_entry(self.app.manager, f.px, f.info_top, f.pw, m.entry_text,
                                MAX_ID if m.editing == "rename" else MAX_LAYOUT_NAME)

    def _close_entry(self) -> None:
        close_entry(self.entry)
        self.entry = None

    def apply_entry(self) -> None:
        m = self.model
        text = self.entry.get_text() if self.entry is not None else ""
        what, m.editing = m.editing, None
        self._close_entry()
        if what in ("name", "copy", "save"):
            if what == "name" and text.strip() == m.shown_name():
                return  # unchanged: its French name stays
            reason = self.files.why_not_name(text, besides=m.path if what == "name" else None)
            if reason:  # said, and asked again with what was typed
                self.app.flash(reason, error=True)
                self.start_entry(what, text)
                return
            self._done(m.design.set_name(text))
            if what in ("copy", "save"):  # a new file, named after it
                self.files.write(user_layout_path(m.design.name))
        elif what == "rename" and m.selected:
            old = m.selected
            if self._done(m.design.rename(old, text)):
                m.selected = text.strip()
                self.rebuild()

    # -- the mouse and the keys ------------------------------------------------------------------------
    def handle_event(self, event) -> None:
        m = self.model
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and event.button == 1:
            m.button_held = event.type == pygame.MOUSEBUTTONDOWN  # the button, from the events it sends
        if self.entry is not None and event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN,
                                                                                      pygame.K_KP_ENTER):
            self.apply_entry()
            return
        if self.entry is not None and event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            m.editing = None
            self._close_entry()
            return
        if self.controls.handle(event):
            return
        if event.type == pygame.MOUSEMOTION:
            m.mouse = event.pos
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and m.studying \
                and self.study.click(event.pos):
            return
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.press(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.release(event.pos)
        elif event.type == pygame.MOUSEWHEEL and m.studying and self.study.wheel(m.mouse, event.y):
            return
        elif event.type == pygame.MOUSEWHEEL:
            oid = piece_at(m.design, self.placed.t, m.mouse) if m.armed is None else None
            if oid is not None:
                m.selected = oid
            if oid is not None or m.armed is not None:
                self.turn(AXIS_STEP if event.y > 0 else -AXIS_STEP)
        elif event.type == pygame.KEYDOWN and self.entry is None:
            self.key(event)

    def key(self, event) -> None:
        if edit_key(event, self.undo, self.redo, self.files.save):
            return
        ctrl = event.mod & pygame.KMOD_CTRL
        if ctrl and event.key == pygame.K_d:
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
            self.model.armed = self.model.dragging = None
            self.model.palette_drag = False

    def press(self, pos) -> None:
        m, f = self.model, self.placed
        kind = next((k for k, r in f.palette_rects.items() if r.collidepoint(pos)), None)
        if kind is not None:
            m.armed, m.armed_axis, m.palette_drag = kind, 0, True
            m.selected = None
            self.rebuild()
            return
        if not f.field_area.collidepoint(pos):
            return
        point = f.t.nearest_point(*pos)
        if m.armed is not None:
            if point is not None and self.place(m.armed, point):
                m.armed = None
            return
        oid = piece_at(m.design, f.t, pos)
        m.selected = oid
        m.dragging = oid
        self.rebuild()

    def release(self, pos) -> None:
        m, f = self.model, self.placed
        if m.palette_drag:
            m.palette_drag = False
            point = f.point_under(pos)
            if point is not None and m.armed is not None:  # dropped on the field; else the kind stays armed
                if self.place(m.armed, point):
                    m.armed = None
            return
        oid, m.dragging = m.dragging, None
        if oid is None:
            return
        point = f.point_under(pos)
        spec = m.design.spec(oid)
        if point is None or not m.design.lattice.contains(point):
            self._done(m.design.remove(oid))  # dragged off the field
        elif spec is not None and point != spec.at and point not in m.design.points(spec):
            self.move_piece(oid, point)

    # -- what the mouse would do here, and the drawing -------------------------------------------------
    def ghost(self) -> Ghost | None:
        """The piece the mouse holds at the point under it, its twin, and why it may not stand there."""
        return self.view.ghost(self.placed)

    def draw(self, surface) -> None:
        self.view.draw(surface, self.placed, self.entry, self.coach_captions)
