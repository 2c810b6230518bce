"""Opening a saved match of Un pour un from the title's *Continue* or *Load* (issue 31, item 4): the
save is replayed through the engine (``Session.load`` on ``UnpourunKind``) and the match window opens
where it was; a save that does not read or replay is one line on the screen."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import TYPE_CHECKING

from paintcheck.field.json_file import JsonFileError, read_json
from paintcheck.printable import printable
from paintcheck.seam.files import MAX_RECORD_BYTES, kind_of
from paintcheck.seam.game import RecordError
from paintcheck.ui import i18n
from paintcheck.ui.session import Session
from paintcheck.unpourun.record import UNPOURUN

if TYPE_CHECKING:
    from paintcheck.ui.app import App

log = logging.getLogger(__name__)


def is_unpourun(path: str | Path) -> bool:
    """The file is a save of Un pour un (its format says so; an unreadable file is not)."""
    try:
        data = read_json(path, MAX_RECORD_BYTES, "saved match")
    except JsonFileError:
        return False
    return kind_of(data, (UNPOURUN,)) is not None


def resume(app: App, path: str | Path) -> bool:
    """Open the match saved in ``path`` in the match window; False (a line said) when it cannot."""
    try:
        session = Session.load(path, (UNPOURUN,))
    except RecordError as exc:
        from paintcheck.ui import saves

        saves.refused(Path(path), exc.args[0] if exc.args else "")
        app.flash(i18n.tr("app.cannot_resume", error=printable(i18n.say(exc.args[0]))), error=True)
        return False
    app.flash(i18n.tr("app.resumed", path=path))
    if session.over:
        app.switch("upu_result", session=session)
    else:
        app.switch("upu_match", session=session)
    return True
