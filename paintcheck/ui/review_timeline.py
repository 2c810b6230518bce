"""The review's timeline: a strip of the match's steps (one tick a decision, coloured by the coach who
took it, a taller mark where a turn starts) with the cursor at the step shown.

A pure part (``Timeline``: which step lies under an x, where a step is drawn, the step a key goes to)
tested without a window, and a thin drawing part (``draw_timeline``). Step ``k`` is the match after
its first ``k`` decisions: 0 is the start, ``n`` the last decision's moment.

Owns nothing; given the strip's rectangle and the steps' marks.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from paintcheck.review.timeline import Line
from paintcheck.ui import text_fit, theme
from paintcheck.ui.i18n import tr
from paintcheck.ui.playback import resolves

SEAT_COLOUR = {"blue": (110, 160, 255), "white": (235, 235, 235)}
CURSOR = (250, 210, 60)


@dataclass(frozen=True)
class Mark:
    """What the strip shows of a step's decision: who took it, and whether a turn starts with it."""

    seat: str | None
    turn_starts: bool = False
    resolved: bool = False  # the decision made a resolution (dice rolled, players moved or out)
    turn: int = 0  # the turn it was taken in


@dataclass(frozen=True)
class Timeline:
    """Steps 0..``n`` laid along ``rect`` (x, y, w, h)."""

    rect: tuple[int, int, int, int]
    n: int

    def x_of(self, k: int) -> int:
        x, _, w, _ = self.rect
        return x + (round(w * k / self.n) if self.n else 0)

    def step_at(self, px: float) -> int:
        """The step nearest to the x ``px`` (clamped to the strip)."""
        x, _, w, _ = self.rect
        if self.n == 0 or w <= 0:
            return 0
        return max(0, min(self.n, round((px - x) * self.n / w)))

    def key_step(self, k: int, key: str) -> int:
        """The step ``key`` goes to from ``k``: ``left`` / ``right`` one step, ``home`` / ``end``."""
        moves = {"left": k - 1, "right": k + 1, "home": 0, "end": self.n}
        return max(0, min(self.n, moves.get(key, k)))


def marks(line: Line) -> list[Mark]:
    """Each decision's mark on the strip: who took it, a turn starting, a resolution made."""
    out: list[Mark] = []
    turn: int | None = None  # the first decision starts the strip's first turn
    for moment in line.moments[1:]:
        out.append(Mark(moment.seat, moment.turn != turn, resolves(line.events(moment.index)), moment.turn))
        turn = moment.turn
    return out


def draw_timeline(surface: pygame.Surface, line: Timeline, marks: Sequence[Mark], k: int,
                  hover: int | None = None, named: str | None = None) -> None:
    """The strip: a tick a decision (the ``i``-th decision's at step ``i``), each turn's start named,
    the cursor at ``k``; the step under the mouse (``hover``) named over it (``named``); the keys
    said under the slider."""
    x, y, w, h = line.rect
    pygame.draw.rect(surface, (34, 38, 42), (x - 4, y, w + 8, h), border_radius=4)
    mid = y + h // 2
    pygame.draw.line(surface, (80, 88, 94), (x, mid), (x + w, mid), 2)
    for i, mark in enumerate(marks, 1):
        px = line.x_of(i)
        if mark.turn_starts:
            pygame.draw.line(surface, (150, 150, 150), (px, y - 2), (px, y + h + 2), 1)
            theme.blit_text(surface, tr("review_window.turn_mark", turn=mark.turn), (px + 3, y - 14), 11,
                            theme.TEXT_DIM)
        colour = SEAT_COLOUR.get(mark.seat or "", theme.TEXT_DIM)
        tick = h // 2 - 4 if mark.resolved else h // 4
        pygame.draw.line(surface, colour, (px, mid - tick), (px, mid + tick), 2 if mark.resolved else 1)
    cx = line.x_of(k)
    pygame.draw.rect(surface, CURSOR, (cx - 3, y - 3, 7, h + 6), 2, border_radius=2)
    if hover is not None and named:
        said = text_fit.cut(named, 13, w // 2)
        box = theme.text(said, 13).get_rect()
        box.midbottom = (line.x_of(hover), y - 4)
        box = box.inflate(10, 6).clamp(surface.get_rect())
        pygame.draw.rect(surface, (20, 22, 24), box, border_radius=4)
        theme.blit_text(surface, said, box.center, 13, theme.TEXT, anchor="center")
    theme.blit_text(surface, tr("review_window.keys"), (x, y + h + 42), 12, theme.TEXT_DIM)
