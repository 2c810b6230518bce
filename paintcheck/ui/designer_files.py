"""The designer's files: save (refused while a check stands; shipped layouts are read-only, *Save as a
copy* asks the copy's name and goes to the user's layouts), export as PNG, play on the field (who
coaches asked first), and leaving with unsaved changes (asked first, ``leave_question``).

A new file's name is one no other field of the chooser goes by (in either language), so that the
chooser never lists two fields of one name; its file is named after it (``slug``).

``DesignerFiles`` owns none of the design: it is given the designer's model (``designer_model``:
the design, its file, the questions open), the app (to flash, start a match, switch screens), the
chooser's fields read so far, and the scene's three doors: build the panel again, open the text
entry, open a new empty field."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from paintcheck.field.design import Design
from paintcheck.field.layout import LayoutError
from paintcheck.field.layout_file import save_layout
from paintcheck.ui import i18n, saves
from paintcheck.ui.designer_model import DesignerModel
from paintcheck.ui.designer_view import check_words
from paintcheck.ui.export_image import export_png
from paintcheck.ui.i18n import error_words, tr
from paintcheck.ui.leave_question import LeaveQuestion

if TYPE_CHECKING:
    from paintcheck.ui.app import App


def slug(name: str) -> str:
    """A file name's stem for ``name``: ``Deux cônes`` -> ``deux-cones`` (an accented letter keeps
    its letter)."""
    plain = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode("ascii")
    return re.sub(r"[^a-z0-9]+", "-", plain.lower()).strip("-")[:40] or "field"


def new_file_path(folder: Path, name: str) -> Path:
    """A new file in ``folder`` named after ``name`` (``slug``), one no file takes yet:
    ``my-field.json``, ``my-field-2.json``, ..."""
    stem = slug(name)
    path, n = folder / f"{stem}.json", 2
    while saves.taken(path):
        path, n = folder / f"{stem}-{n}.json", n + 1
    return path


def user_layout_path(name: str) -> Path:
    """A new file for the user's layout ``name`` in the data folder's ``layouts/`` (never a shipped
    one): ``my-field.json``, ``my-field-2.json``, ..."""
    return new_file_path(saves.user_layouts_dir(), name)


class DesignerFiles:
    """Saving, exporting, playing on and leaving the field of ``model``."""

    def __init__(self, model: DesignerModel, app: App, fields_read: dict, rebuild: Callable[[], None],
                 start_entry: Callable[[str, str | None], None], new_field: Callable[[], None]) -> None:
        self.model = model
        self.app = app
        self.fields_read = fields_read  # the chooser's fields, read once while unchanged (names taken)
        self.rebuild = rebuild
        self.start_entry = start_entry
        self.open_new = new_field
        self.leaving = LeaveQuestion(model, app, "designer", lambda: self.design.changed, rebuild, self._go)

    @property
    def design(self) -> Design:
        return self.model.design

    def why_not_save(self, as_copy: bool) -> str | None:
        problems = self.design.problems()
        if problems:
            oid, words = problems[0]
            return tr("designer.checks_stand", count=len(problems),
                      problem=check_words(self.design.piece_name(oid), words))
        if not as_copy and self.model.read_only:
            return tr("designer.read_only")
        return None

    def save(self, as_copy: bool = False) -> None:
        """*Save*: over its own file; a new field, to a new file of its name (asked again when another
        field has it). *Save as a copy*: the copy's name is asked first ("Snake (copy)")."""
        reason = self.why_not_save(as_copy)
        if reason:
            self.app.flash(reason, error=True)
            return
        if as_copy:
            self.start_entry("copy", tr("designer.copy_name", name=self.model.shown_name()))
            return
        m = self.model
        path = m.path if m.path is not None and not m.read_only else None
        if path is None and self.name_taken(self.design.name, besides=None):
            self.app.flash(tr("designer.name_taken", name=self.design.name), error=True)
            self.start_entry("save", self.design.name)
            return
        self.write(path or user_layout_path(self.design.name))

    def why_not_name(self, name: str, besides: Path | None) -> str | None:
        """Why ``name`` cannot be the field's: the format's reason, or another field of the chooser
        (not the file ``besides``) goes by it."""
        reason = self.design.why_not_name(name)
        if reason:
            return i18n.say(reason)
        if self.name_taken(name, besides):
            return tr("designer.name_taken", name=name.strip())
        return None

    def name_taken(self, name: str, besides: Path | None) -> bool:
        """A field of the chooser other than the file ``besides`` goes by ``name`` (in English or in
        French, whatever the case)."""
        wanted = name.strip().casefold()
        for entry in saves.list_fields(self.app.layout_path, self.fields_read):
            if besides is not None and _same_file(entry.path, besides):
                continue
            if wanted in {n.casefold() for n in entry.names()}:
                return True
        return False

    def write(self, path: Path) -> None:
        """The design to ``path`` (atomically, ``save_layout``)."""
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            save_layout(self.design.layout(), path)
        except (OSError, LayoutError) as exc:
            self.app.flash(tr("designer.cannot_save", error=error_words(exc)), error=True)
            return
        self.model.path = path
        self.design.mark_saved()
        self.app.flash(tr("designer.saved", path=path))
        self.rebuild()

    def export_image(self) -> None:
        """The field as a PNG in the data folder's ``exports/`` (``python main.py export`` headless)."""
        path = saves.exports_dir() / f"{slug(self.design.name)}.png"
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            w, h = export_png(self.design.layout().build(), path)
        except (OSError, LayoutError, ValueError) as exc:
            self.app.flash(tr("designer.cannot_export", error=error_words(exc)), error=True)
            return
        self.app.flash(tr("designer.exported", width=w, height=h, path=path))

    def why_not_play(self) -> str | None:
        if self.design.problems():
            return tr("designer.checks_first")
        if self.model.path is None or self.design.changed:
            return tr("designer.save_first")
        return None

    def play(self) -> None:
        """*Play on this field*: who coaches is asked first (the choice *New match* offers)."""
        if self.why_not_play() is None:
            self.model.asking_coaches = True
            self.rebuild()

    def start_match(self) -> None:
        if self.why_not_play() is None:
            self.model.asking_coaches = False
            self.app.new_match(self.model.path)

    def cancel_play(self) -> None:
        self.model.asking_coaches = False
        self.rebuild()

    def new_field(self) -> None:
        self.leaving.ask("new")

    def open_other(self) -> None:
        self.leaving.ask("open")

    def back(self) -> None:
        self.leaving.ask("title")

    def _go(self, where: str) -> None:
        """Where the designer is left for: a new field, the chooser of fields, else the title."""
        if where == "new":
            self.open_new()
        elif where == "open":
            self.app.switch("fields", purpose="design")
        else:
            self.app.switch("title")


def _same_file(a: Path, b: Path) -> bool:
    try:
        return a.resolve() == b.resolve()
    except (OSError, RuntimeError):
        return a.absolute() == b.absolute()
