"""The Un pour un table designer's files: open (the user's tables and the shipped ones, which open as
a copy), save (refused, with the file's own first reason, while a check stands: nothing is written),
export as PNG, and leaving with unsaved edits (asked first, ``leave_question``).

The user's tables are ``unpourun-tables/*.json`` in the data folder; a new table's file is named
after it (``designer_files.slug``, as the Paintcheck designer names its fields). A file is written
by ``table_file.save_table`` (temporary file, fsync, rename), the picture by
``export_image.save_png`` into the data folder's ``exports/``.

``UpuDesignerFiles`` owns none of the table: it is given the model (``designer_model``), the app
(to flash and switch screens) and the scene's door to build its panel again.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from paintcheck.ui import i18n, saves, theme
from paintcheck.ui.designer_files import new_file_path, slug
from paintcheck.ui.export_image import save_png
from paintcheck.ui.i18n import error_words, tr
from paintcheck.ui.leave_question import LeaveQuestion
from paintcheck.ui.unpourun.designer_model import TableDesign, UpuDesignerModel, is_shipped, problem_of
from paintcheck.ui.unpourun.table_view import TableView
from paintcheck.unpourun.table_file import TableFileError, load_table, save_table, shipped_tables
from paintcheck.unpourun.table_schema import MAX_NAME
from paintcheck.unpourun.terrain import Table

if TYPE_CHECKING:
    from paintcheck.ui.app import App

log = logging.getLogger(__name__)

EXPORT_WIDTH = 1200
TITLE_H = 70


def user_tables_dir() -> Path:
    """The folder of the user's own Un pour un tables."""
    return saves.data_dir() / "unpourun-tables"


def user_tables() -> list[Path]:
    folder = user_tables_dir()
    return sorted(folder.glob("*.json")) if folder.is_dir() else []


def new_table_path(name: str) -> Path:
    """A new file for the table ``name`` in the user's folder: ``my-table.json``, ``my-table-2.json``…"""
    return new_file_path(user_tables_dir(), name)


def shown_name(table: Table) -> str:
    """A table's name in the window's language (its French name in French, when it has one)."""
    return table.name_fr if i18n.current() == "fr" and table.name_fr else table.name


def render_table(table: Table, width: int = EXPORT_WIDTH) -> pygame.Surface:
    """The table's picture: its name above, the table with its legend (``TableView``)."""
    view_h = round((width - 12) * table.depth / table.width) + 12 + 46
    surf = pygame.Surface((width, TITLE_H + view_h))
    surf.fill(theme.BACKGROUND)
    theme.blit_text(surf, shown_name(table), (width // 2, TITLE_H // 2), 28, theme.TEXT, True,
                    anchor="center")
    TableView(table, (0, TITLE_H, width, view_h)).draw(surf)
    return surf


class UpuDesignerFiles:
    """Opening, saving, exporting and leaving the table of ``model``."""

    def __init__(self, model: UpuDesignerModel, app: App, rebuild: Callable[[], None],
                 restart: Callable[[TableDesign, Path | None], None]) -> None:
        self.model = model
        self.app = app
        self.rebuild = rebuild
        self.restart = restart  # the scene's door: a new model for a table opened
        self.leaving = LeaveQuestion(model, app, "upu_designer", lambda: model.design.changed, rebuild,
                                     self._go)

    # -- opening ------------------------------------------------------------------------------------
    def choices(self) -> list[tuple[Path, str, bool]]:
        """The tables that can be opened: the user's, then the shipped ones (path, name, shipped)."""
        out = []
        for path, shipped in [(p, False) for p in user_tables()] + [(p, True) for p in shipped_tables()]:
            try:
                out.append((path, shown_name(load_table(path)), shipped))
            except TableFileError as exc:  # listed by its file's name: opening it says what is wrong
                log.info("table not offered: %s", exc)
                out.append((path, path.stem, shipped))
        return out

    def open(self, path: Path | None) -> None:
        """A table file (a shipped one opens as a copy: never written over), or a new standard table."""
        if path is None:
            self.restart(TableDesign(Table(name=tr("upu_designer.default_name"))), None)
            return
        try:
            table = load_table(path)
        except TableFileError as exc:
            self.app.flash(tr("upu_designer.cannot_open", error=i18n.say(exc.problems[0])), error=True)
            return
        if is_shipped(path):
            copy = tr("upu_designer.copy_name", name=shown_name(table))[:MAX_NAME]
            design = TableDesign(replace(table, name=copy, name_fr=None, source="<copy>"))
            design.history.saved = None  # a copy is not saved anywhere yet
            self.restart(design, None)
            self.app.flash(tr("upu_designer.opened_copy", name=shown_name(table)))
            return
        self.restart(TableDesign(table), path)

    # -- saving -------------------------------------------------------------------------------------
    def target(self) -> Path:
        return self.model.path or new_table_path(self.model.design.now.name)

    def why_not_save(self) -> str | None:
        """The file's own first reason, in the window's language, while a check stands."""
        problems = self.model.design.problems()
        if problems:
            first = i18n.say(problem_of(problems[0]))
            return tr("upu_designer.checks_stand", count=len(problems), problem=first)
        return None

    def save(self) -> bool:
        """The table to its file (a new one: to a new file of its name in the user's folder)."""
        reason = self.why_not_save()
        if reason:
            self.app.flash(reason, error=True)
            return False
        path = self.target()
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            save_table(self.model.design.now, path)
        except TableFileError as exc:
            self.app.flash(tr("upu_designer.cannot_save", error=i18n.say(exc.problems[0])), error=True)
            return False
        except OSError as exc:
            log.warning("cannot save %s: %s", path, exc)
            self.app.flash(tr("upu_designer.cannot_save", error=error_words(exc)), error=True)
            return False
        self.model.path = path
        self.model.design.mark_saved()
        self.app.flash(tr("upu_designer.saved", path=path))
        self.rebuild()
        return True

    def export_image(self) -> Path | None:
        """The table as a PNG in the data folder's ``exports/``."""
        path = saves.exports_dir() / f"{slug(self.model.design.now.name)}.png"
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            surf = render_table(self.model.design.now)
            save_png(surf, path)
        except OSError as exc:
            log.warning("cannot export %s: %s", path, exc)
            self.app.flash(tr("upu_designer.cannot_export", error=error_words(exc)), error=True)
            return None
        w, h = surf.get_size()
        self.app.flash(tr("upu_designer.exported", width=w, height=h, path=path))
        return path

    # -- leaving ------------------------------------------------------------------------------------
    def ask_open(self) -> None:
        self.leaving.ask("open")

    def back(self) -> None:
        self.leaving.ask("title")

    def _go(self, where: str) -> None:
        """Where the designer is left for: the list of tables to open, else the title."""
        if where == "open":
            self.model.choosing = True
            self.rebuild()
        else:
            self.app.switch("title")
