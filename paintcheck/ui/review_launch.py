"""The ways into a review: a saved match opened from *Load a match…* or by ``paintcheck review FILE``
(``review_window``), the match just ended (the result screen), and the match being played, up to now,
from the deciding coach's own seat (the match window's *Review*).

A file that cannot be read or replayed is one line: on the screen it was asked from, or for the
command on stderr with exit status 2 (the window is never opened on it)."""

from __future__ import annotations

import logging
import sys
from pathlib import Path
from typing import Any

from paintcheck.printable import printable
from paintcheck.review.timeline import ReviewError
from paintcheck.rules.codec import CodecError
from paintcheck.ui import i18n, saves
from paintcheck.ui.i18n import tr
from paintcheck.ui.review_lines import lines_for
from paintcheck.ui.session import MatchSession

log = logging.getLogger(__name__)


def load_for_review(path: Path) -> MatchSession:
    """The saved match at ``path`` (``CodecError``: damaged, one line naming the file)."""
    return MatchSession.load(path)


def review_saved(app: Any, path: Path, seat: str | None = None, **persist: Any) -> bool:
    """Review the saved match at ``path`` in ``app`` (from *Load a match…*); a damaged file (or a
    branch of it that does not replay) is a line on the screen, and the list shows it damaged."""
    try:
        session = load_for_review(path)
        lines = lines_for(session)
    except CodecError as exc:
        saves.refused(path, exc.problem)
        app.flash(tr("review_window.cannot_open", path=path.name, error=printable(i18n.say(exc.args[0]))),
                  error=True)
        return False
    except ReviewError as exc:
        log.warning("%s: a branch does not replay", path, exc_info=True)
        app.flash(tr("review_window.cannot_open", path=path.name, error=printable(i18n.say(exc.args[0]))),
                  error=True)
        return False
    app.switch("review", session=session, seat=seat, lines=lines, **persist)
    return True


def review_window(path: str | Path, seat: str | None) -> int:
    """``paintcheck review FILE [--seat blue|white]``: the review window on the saved match ``path``,
    from ``seat``'s eyes (by default: both sides' once the match is over, else Blue's). *Back* closes
    the window. A file that cannot be reviewed: one line on stderr, exit status 2."""
    from paintcheck.ui.app import open_window

    path = Path(path)
    try:
        session = load_for_review(path)
        lines = lines_for(session)
    except ReviewError as exc:
        log.warning("%s: a branch does not replay", path, exc_info=True)
        print(f"paintcheck review: {printable(str(path))}: {i18n.say(exc.args[0], 'en')}", file=sys.stderr)
        return 2
    except CodecError as exc:
        print(f"paintcheck review: {printable(i18n.say(exc.args[0], 'en'))}", file=sys.stderr)
        return 2
    except OSError as exc:
        print(f"paintcheck review: {printable(str(path))}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    if seat is not None and seat not in session.game.seats:
        print(f"paintcheck review: no seat {seat!r} (blue or white)", file=sys.stderr)
        return 2
    app = open_window()
    app.switch("review", session=session, seat=seat, lines=lines, quit_on_back=True)
    return app.run()
