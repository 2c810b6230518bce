"""The lines of a review: the main line and the branches that tried another decision, the dice a new
branch is played with, the branch's odds against the main line's, and the coach's blunders.

What a line is and how its dice roll is ``paintcheck.review`` (review-core's); this holds which
line the review shows, the list's buttons and its lines on the panel. Given: the session reviewed
and its ``Review``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from paintcheck.review.timeline import Eyes, Review
from paintcheck.ui import theme
from paintcheck.ui.i18n import tr
from paintcheck.ui.match_scene import RESOLUTION_EVENTS
from paintcheck.ui.session import MatchSession
from paintcheck.ui.widgets import Controls

DICE_MODES = ("same", "fresh", "odds")


def resolved(events: Sequence[object]) -> bool:
    """The step made a resolution (dice rolled, players moved or eliminated)."""
    return any(isinstance(e, RESOLUTION_EVENTS) for e in events)


class Lines:
    """The main line and its branches; ``shown`` is the one the review draws."""

    def __init__(self, session: MatchSession, review: Review) -> None:
        self.session = session
        self.main = review
        self.shown: Review = review
        self.dice = "same"

    def build(self, controls: Controls, width: int, changed: Callable[[], None]) -> None:
        """The list's buttons (one row a line)."""

    def draw(self, surface: pygame.Surface, x: int, y: int, w: int) -> int:
        """The list's words beside its buttons; the y under it."""
        theme.blit_text(surface, tr("review_window.branches"), (x, y), 15, theme.TEXT, True)
        return y + 22

    def why_not_try(self, k: int, eyes: Eyes) -> str | None:
        """Why another decision cannot be tried for the decision shown at step ``k`` (None: it can)."""
        line = self.shown
        if k == 0:
            return tr("review_window.try_not_yours")
        if line.moments[k].seat != eyes.value:
            return tr("review_window.try_not_yours")
        return None

    def try_decision(self, app, k: int, eyes: Eyes, back: dict) -> None:
        """Open the match window on the state before decision ``k``, its decisions going into a new
        branch."""

    def start_blunders(self, eyes: Eyes) -> None:
        """The blunders of the coach whose seat is shown, read (once)."""

    def draw_blunders(self, surface: pygame.Surface, x: int, y: int, w: int, bottom: int) -> int:
        return y

    def draw_odds(self, surface: pygame.Surface, k: int, x: int, y: int, w: int, bottom: int) -> int:
        return y
