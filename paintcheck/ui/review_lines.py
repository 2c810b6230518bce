"""The lines of a review: the main line and the branches that tried another decision (listed beside
it, each shown or deleted), the dice a new branch is played with, and an odds-only branch's exact
chances against the main line's.

What a line is, how a branch rolls and what its odds are is ``paintcheck.review`` (``Branches``,
``Line``, ``WhatIf``); this holds which line the review shows, the list's buttons and its lines on the
panel, and opens the match window on a branch (``review_branch``). Given: the session reviewed and
its ``Review``.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

import pygame

from paintcheck.review.branches import Branches, WhatIf
from paintcheck.review.timeline import MAIN, Eyes, Line, Review, ReviewError
from paintcheck.ui import i18n, text_fit, theme
from paintcheck.ui.holder import Holder
from paintcheck.ui.i18n import tr
from paintcheck.ui.session import MatchSession
from paintcheck.ui.widgets import Controls

log = logging.getLogger(__name__)

DICE_MODES = ("same", "fresh", "odds")
BUTTONS_W = 200  # a line's *Show* and *Delete* at the right of its row


EVERY = 1  # the window's review keeps the state after every decision: a jump anywhere replays nothing


def lines_for(session: MatchSession, live_seat: str | None = None) -> Lines:
    """The review of ``session``'s match and its branches (``ReviewError``: a saved branch that does
    not replay, one line)."""
    review = Review(session.record, session.table, live_seat=live_seat, every=EVERY)
    return Lines(session, review)


class Lines:
    """The main line and its branches; ``name`` is the one the review draws (None: the main line)."""

    def __init__(self, session: MatchSession, review: Review) -> None:
        self.session = session
        self.review = review
        self.branches = Branches(review)
        self.name: str | None = None
        self.dice = "same"
        self.rows: list[tuple[pygame.Rect, str, bool]] = []  # (where, words, shown) of each line
        self.empty = pygame.Rect(0, 0, 0, 0)  # where "no branch yet" is said
        self._odds: dict[str, WhatIf] = {}
        self.save_failed: OSError | None = None  # the last save of the branches failed (to be said)

    @property
    def shown(self) -> Line:
        return self.review.line(self.name)

    def show(self, name: str | None) -> None:
        self.name = name if name in self.branches.names() else None

    # -- the list ---------------------------------------------------------------------------------
    def words(self, name: str) -> str:
        branch = self.branches.branch(name)
        n = self.branches.names().index(name) + 1
        if branch.dice == "odds":
            return tr("review_window.branch_odds", n=n, k=branch.at + 1)
        mode = tr(f"review_window.dice.{branch.dice}")
        return f"{tr('review_window.branch', n=n, k=branch.at + 1, count=len(branch.decisions))} · {mode}"

    def build(self, controls: Controls, width: int, changed: Callable[[], None]) -> None:
        """A row a line: its words, then *Show* (and a branch's *Delete*)."""
        c = controls
        self.rows = []
        c.newline()
        c.label_space(width)  # the heading's row
        for name in (None, *self.branches.names()):
            c.newline(4)
            words = tr("review_window.main_line") if name is None else self.words(name)
            self.rows.append((c.label_space(width - BUTTONS_W), words, name == self.name))
            key = name or MAIN
            c.add(f"line-show-{key}", tr("review_window.show"), lambda n=name: self.pick(n, changed),
                  chosen=name == self.name, width=90)
            if name is not None:
                c.add(f"line-delete-{key}", tr("review_window.delete"),
                      lambda n=name: self.delete(n, changed), danger=True, width=100)
        c.newline()
        if len(self.rows) == 1:  # the line saying there is no branch yet
            self.empty = c.label_space(width)
            c.newline()

    def pick(self, name: str | None, changed: Callable[[], None]) -> None:
        self.name = name
        changed()

    def delete(self, name: str, changed: Callable[[], None]) -> None:
        """Branch ``name`` (and those made from it) deleted, and the match saved without them."""
        gone = self.branches.delete(name)
        for n in gone:
            self._odds.pop(n, None)
        if self.name in gone:
            self.name = None
        self.save()
        changed()

    def save(self) -> None:
        """The match's file saved with its branches (atomically); a failure is kept to be said."""
        self.save_failed = self.session.autosave()

    def draw(self, surface: pygame.Surface, x: int, y: int, w: int) -> int:
        """The list's heading and each line's words beside its buttons; the y under the list."""
        theme.blit_text(surface, tr("review_window.branches"), (x, y + 6), 15, theme.TEXT, True)
        bottom = y + 28
        for rect, words, shown in self.rows:
            colour = theme.TEXT if shown else theme.TEXT_DIM
            theme.blit_text(surface, text_fit.cut(words, 13, rect.width - 8), (rect.x, rect.centery), 13,
                            colour, shown, anchor="midleft")
            bottom = rect.bottom
        if len(self.rows) == 1:
            theme.blit_text(surface, tr("review_window.no_branch"), (x, self.empty.centery), 13,
                            theme.TEXT_DIM, anchor="midleft")
            bottom = self.empty.bottom
        return bottom + 6

    # -- trying another decision ------------------------------------------------------------------
    def why_not_try(self, k: int, eyes: Eyes) -> str | None:
        """Why the decision shown at step ``k`` cannot be taken otherwise (None: it can): only a
        decision of the coach whose seat is shown."""
        line = self.shown
        if k == 0 or eyes is Eyes.ALL or line.moments[k].seat != eyes.value:
            return tr("review_window.try_not_yours")
        return None

    def try_decision(self, app: Any, k: int, eyes: Eyes, back: dict[str, Any]) -> None:
        """The match window on the state before the decision shown at step ``k``, for the coach whose
        seat is shown; his decisions go into a new branch of the line shown (``review_branch``)."""
        from paintcheck.ui.review_branch import BranchSession

        branch = BranchSession(self.session, self.branches, self.name or MAIN, k - 1, self.dice, back)
        app.session = branch
        app.holder = Holder(frozenset({eyes.value}))  # the reviewing coach looks, at his own secrets
        app.switch("match", viewer=eyes.value)

    # -- odds only --------------------------------------------------------------------------------
    def what_if(self) -> WhatIf | None:
        """The odds of the odds-only branch shown (None: another line)."""
        name = self.name
        if name is None or name not in self.branches.pending:
            return None
        if name not in self._odds:
            try:
                self._odds[name] = self.branches.odds(name)
            except ReviewError:
                log.warning("no odds for branch %s", name, exc_info=True)
                return None
        return self._odds[name]

    def draw_odds(self, surface: pygame.Surface, k: int, x: int, y: int, w: int, bottom: int) -> int:
        """An odds-only branch at its last step: each shot of its next resolution, its exact chances
        and their difference from the line it left's."""
        what_if = self.what_if()
        if what_if is None or k != len(self.shown):
            return y
        theme.blit_text(surface, tr("review_window.odds_title"), (x, y), 14, theme.TEXT, True)
        y += 20
        shots = {s.key: s for s in what_if.branch.shots}
        for change in what_if.changes:
            for line in theme.wrap(i18n.say(change.said), 13, w):
                if y + 16 > bottom:
                    return y
                theme.blit_text(surface, line, (x, y), 13, (255, 220, 140))
                y += 16
            shot = shots.get((change.shooter, change.target, change.kind))
            odds = shot.forecast.odds if shot is not None else None
            if odds is not None and y + 16 <= bottom:
                words = tr("review_window.odds_shot", hit=i18n.percent(float(odds.hit)),
                           eliminated=i18n.percent(float(odds.eliminated)), needs=odds.required,
                           dice=odds.dodge_dice)
                theme.blit_text(surface, text_fit.cut(words, 13, w - 16), (x + 16, y), 13, theme.TEXT_DIM)
                y += 16
        if not what_if.changes:
            theme.blit_text(surface, tr("review_window.odds_none"), (x, y), 13, theme.TEXT_DIM)
            y += 16
        return y + 8
