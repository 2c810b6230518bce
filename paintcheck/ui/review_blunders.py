"""The review's *Blunders*: the coach's declarations against the computer coach's choice on the same
view (``paintcheck.review.blunders``: ``normal`` reads both, exact odds, one round deep), the ones
that gave away most first; each row opens its "what if" (the match window on that decision).

The reading takes seconds (the computer coach chooses at every declaration), so it is done in a
worker thread (``worker.LatestJob``) on a table of its own (a measurer's caches are not shared
between threads) and a copy of the record; the panel says it is working until the list is in.

Given: the controls the rows' buttons go in, and what a row opens (``open(step, seat)``).
"""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Callable

import pygame

from paintcheck.review.blunders import Blunder, blunders
from paintcheck.review.timeline import Review
from paintcheck.rules.codec import MatchRecord
from paintcheck.table import Table
from paintcheck.ui import i18n, text_fit, theme
from paintcheck.ui.i18n import tr
from paintcheck.ui.widgets import Controls
from paintcheck.ui.worker import LatestJob

log = logging.getLogger(__name__)

COACH = "normal"  # the computer coach the window compares with (``review --blunders --coach`` for hard)
SHOWN = 8  # rows listed
WHAT_IF_W = 100  # a row's *What if…* button


def read_blunders(record: MatchRecord, seat: str | None, coach: str = COACH) -> list[Blunder]:
    """``record``'s blunders (of ``seat``; both seats: None), on a table of their own (the worker's)."""
    own = dataclasses.replace(record, decisions=list(record.decisions), branches=[])
    return blunders(Review(own, Table.from_layout_data(own.layout)), coach, seat)


class BlunderList:
    """The list shown under *Blunders* (read once per seat, in the worker)."""

    def __init__(self, record: MatchRecord) -> None:
        self.record = record
        self.job = LatestJob("blunders")
        self.seat: str | None = None
        self.rows: list[tuple[pygame.Rect, Blunder]] = []
        self.heading: pygame.Rect | None = None
        self._built: list[Blunder] | None = None  # the list the rows were built from

    def want(self, seat: str | None) -> None:
        self.seat = seat
        self.job.want(seat, lambda: read_blunders(self.record, seat))

    @property
    def found(self) -> list[Blunder] | None:
        """The list for the seat asked, once read (None: still working, or failed)."""
        if self.job.key != self.seat or self.job.failed is not None:
            return None
        found: list[Blunder] | None = self.job.result
        return found

    def poll(self) -> bool:
        """True when the rows must be built again (the list came in since they were)."""
        self.job.poll()
        return self.found is not self._built

    def build(self, controls: Controls, width: int, open_what_if: Callable[[int, str], None],
              rows: int = SHOWN) -> None:
        """A row a blunder (at most ``rows``, the most given away): its words and a button that opens
        its "what if"."""
        c = controls
        c.newline(8)
        self.heading = c.label_space(width)
        self.rows = []
        found = self._built = self.found
        if not found:
            c.newline()
            c.label_space(width)  # the line saying why there is none yet
            c.newline()
            return
        for b in [b for b in found if b.given_away > 0][:max(1, min(rows, SHOWN))]:
            c.newline(4)
            self.rows.append((c.label_space(width - WHAT_IF_W - 10), b))
            hint = tr("review_window.blunder_hint", played=i18n.say(b.played_words),
                      coach=tr(f"match.computer.kind.{COACH}"),
                      chosen=i18n.say(b.chosen_words), given=i18n.number(round(b.played_reading.worth, 2)),
                      best=i18n.number(round(b.chosen_reading.worth, 2)))
            c.add(f"blunder-{b.index}", tr("review_window.what_if"),
                  lambda b=b: open_what_if(b.index + 1, b.seat), width=WHAT_IF_W, hint=hint)
        c.newline()

    def draw(self, surface: pygame.Surface, x: int, w: int) -> None:
        """The heading, and each row's words (or the worker still reading), where ``build`` put them."""
        if self.heading is None:
            return
        y = self.heading.y + 6
        kind = tr(f"match.computer.kind.{COACH}")
        coach = tr(f"review_window.eyes.{self.seat}") if self.seat else tr("review_window.eyes.both")
        title = tr("review_window.blunders_title", coach=coach, kind=kind)
        theme.blit_text(surface, text_fit.cut(title, 14, w, True), (x, y), 14, theme.TEXT, True)
        y += 22
        if self.job.failed is not None:
            theme.blit_text(surface, text_fit.cut(self.job.failed, 13, w), (x, y), 13, theme.TEXT_WARN)
            return
        if self.found is None:
            theme.blit_text(surface, tr("review_window.blunders_working"), (x, y), 13, theme.TEXT_DIM)
            return
        if not self.rows:
            theme.blit_text(surface, tr("review_window.no_blunder"), (x, y), 13, theme.TEXT_DIM)
            return
        for rect, b in self.rows:
            words = tr("review_window.blunder", k=b.index + 1, said=i18n.say(b.moment.said),
                       lost=i18n.number(round(b.given_away, 2)))
            theme.blit_text(surface, text_fit.cut(words, 13, rect.width - 6), (rect.x, rect.centery), 13,
                            (255, 200, 140), anchor="midleft")
