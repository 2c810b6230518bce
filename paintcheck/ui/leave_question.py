"""Leaving a designer with unsaved edits: asked first, once, then gone or stayed.

Both designers ask it the same way (the Paintcheck field designer, ``designer_files``, and Un pour
un's table designer, ``unpourun.designer_files``): a first *Back* / *Open* / *New* with edits unsaved
flashes ``<words>.unsaved`` and puts the question's two buttons in the panel (``<words>.leave``, red:
the edits are lost, and ``<words>.stay``); asked again, or with nothing unsaved, it goes. While asked,
the model's ``confirm_leave`` holds where to go; each designer says what going there is (``go``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

from paintcheck.ui.i18n import tr
from paintcheck.ui.widgets import Controls

if TYPE_CHECKING:
    from paintcheck.ui.app import App


class AsksLeave(Protocol):
    """A designer's model: where to go while the question is asked, else None."""

    confirm_leave: str | None


class LeaveQuestion:
    """The question of ``model`` (its edits unsaved while ``changed()``), worded from the catalogue's
    ``words`` namespace (``designer``, ``upu_designer``)."""

    def __init__(self, model: AsksLeave, app: App, words: str, changed: Callable[[], bool],
                 rebuild: Callable[[], None], go: Callable[[str], None]) -> None:
        self.model = model
        self.app = app
        self.words = words
        self.changed = changed
        self.rebuild = rebuild
        self.go = go

    def ask(self, where: str) -> None:
        """Going to ``where``: asked first when edits are unsaved and the question is not yet asked."""
        if self.changed() and self.model.confirm_leave is None:
            self.model.confirm_leave = where
            self.app.flash(tr(f"{self.words}.unsaved"), error=True)
            self.rebuild()
            return
        self.model.confirm_leave = where
        self.leave()

    def leave(self) -> None:
        where, self.model.confirm_leave = self.model.confirm_leave, None
        self.app.message = None
        self.go(where or "title")

    def stay(self) -> None:
        self.model.confirm_leave = None
        self.app.message = None
        self.rebuild()

    def add_buttons(self, c: Controls) -> None:
        """The question's row of the panel; kept empty when nothing is asked (what is under it never
        moves)."""
        asked = c.y
        if self.model.confirm_leave:
            c.add("leave-yes", tr(f"{self.words}.leave"), self.leave, danger=True)  # red: the edits are lost
            c.add("leave-no", tr(f"{self.words}.stay"), self.stay)
        c.reserve(asked, 1)
