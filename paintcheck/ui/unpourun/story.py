"""The match's story (issue 31, item 4): every event of the engine told in the window's words, newest
last; the passive tests, the routs (déroute) and the victory points stand out.

``lines`` is pure (events in, worded lines out); ``draw`` shows the last ones that fit.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from paintcheck.ui import theme
from paintcheck.ui.i18n import say
from paintcheck.unpourun.events import Event

MARKED = {
    "test_passed": theme.TEXT_GOOD,
    "test_failed": theme.TEXT_WARN,
    "routing": theme.TEXT_WARN,
    "rallied": theme.TEXT_GOOD,
    "vp": theme.SELECT,
    "game_over": theme.SELECT,
    "hors": theme.TEXT_WARN,
    "dead": theme.TEXT_WARN,
    "turn": theme.TEXT,
    "rout_check": theme.TEXT_WARN,
}
QUIET = {"roll"}  # a roll is told dimmed: the test or the hit it served follows in full


def lines(events: Sequence[Event]) -> list[tuple[str, tuple[int, int, int]]]:
    """Each event's words and colour."""
    out = []
    for e in events:
        colour = theme.TEXT_DIM if e.kind in QUIET else MARKED.get(e.kind, theme.TEXT)
        out.append((say(e.said), colour))
    return out


def draw(surface: pygame.Surface, rect: pygame.Rect, events: Sequence[Event], size: int = 13) -> None:
    """The last events that fit in ``rect``, each wrapped to its width, the newest at the bottom."""
    pygame.draw.rect(surface, theme.PANEL, rect)
    pygame.draw.rect(surface, theme.PANEL_LINE, rect, 1)
    step = size + 4
    rows: list[tuple[str, tuple[int, int, int]]] = []
    room = (rect.height - 8) // step
    for words, colour in reversed(lines(events[-room * 2 :])):
        wrapped = theme.wrap(words, size, rect.width - 12)
        rows[:0] = [(w, colour) for w in wrapped]
        if len(rows) >= room:
            break
    rows = rows[-room:]
    y = rect.bottom - 4 - step * len(rows)
    for words, colour in rows:
        theme.blit_text(surface, words, (rect.x + 6, y), size, colour)
        y += step
