"""Opening a saved match of Un pour un (issue 31, item 4): the title's *Continue* and *Load* switch to
``upu_match`` with ``resume=<path>``; the save is replayed through the engine (``Session.load`` on
``UnpourunKind``) and the match goes on where it was. A save that does not read or replay is one line,
and the saves list shows it damaged from then on (``saves.refused``)."""

from __future__ import annotations

import logging
from pathlib import Path

from paintcheck.printable import printable
from paintcheck.seam.game import RecordError
from paintcheck.ui import i18n, saves
from paintcheck.ui.session import Session
from paintcheck.unpourun.record import UNPOURUN

log = logging.getLogger(__name__)


def load(path: str | Path) -> Session | str:
    """The match saved in ``path``, or the line saying why it cannot be opened."""
    try:
        return Session.load(path, (UNPOURUN,))
    except RecordError as exc:
        problem = exc.args[0] if exc.args else ""
        saves.refused(Path(path), problem)
        return i18n.tr("app.cannot_resume", error=printable(i18n.say(problem)))
