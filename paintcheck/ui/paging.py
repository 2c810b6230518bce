"""A list shown a page at a time (the chooser of fields, the saved matches): how many pages it takes,
and its *Previous* / *Next* buttons, greyed on the first and on the last page."""

from __future__ import annotations

from collections.abc import Callable

from paintcheck.ui.i18n import tr
from paintcheck.ui.widgets import Controls


def pages_of(count: int, per_page: int) -> int:
    """How many pages ``count`` rows take, ``per_page`` a page (one, even empty)."""
    return max(1, -(-count // per_page))


def add_page_buttons(c: Controls, page: int, pages: int, turn: Callable[[int], None], width: int,
                     words: tuple[str, str] = ("common.previous", "common.next")) -> None:
    """*Previous* and *Next* (the catalogue's ``words``), each ``width`` wide: ``turn(-1)`` and
    ``turn(1)``, greyed with the reason on the first and on the last of ``pages``."""
    c.add("previous", tr(words[0]), lambda: turn(-1), None if page else tr("common.first_page"), width=width)
    c.add("next", tr(words[1]), lambda: turn(1), None if page + 1 < pages else tr("common.last_page"),
          width=width)
