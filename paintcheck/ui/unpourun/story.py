"""The match's story (issue 31, item 4): every event of the engine told in the window's words, newest
last; the passive tests, the routs (déroute) and the victory points stand out.

``lines`` is pure (events in, worded lines out, h-upu-shot's ``event_words`` telling each roll term by
term); ``draw`` shows the last ones that fit.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from paintcheck.ui import theme
from paintcheck.ui.unpourun.event_words import headline
from paintcheck.ui.unpourun.event_words import story as told
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


def lines(events: Sequence[Event], places: Sequence[str] = ()) -> list[tuple[str, tuple[int, int, int]]]:
    """The events told (``event_words.story``: each roll folded into the event it decided, its terms
    under it; a zone by its ``places`` on the screen), each line with its colour: a term dimmed, a
    test, a rout, a fall or the VP marked."""
    marked = {headline(e): MARKED[e.kind] for e in events if e.kind in MARKED}
    return [
        (words, theme.TEXT_DIM if words.startswith(" ") else marked.get(words, theme.TEXT))
        for words in told(events, places=places)
    ]


def draw(surface: pygame.Surface, rect: pygame.Rect, events: Sequence[Event], size: int = 13,
         places: Sequence[str] = ()) -> None:
    """The last events that fit in ``rect``, each wrapped to its width, the newest at the bottom."""
    pygame.draw.rect(surface, theme.PANEL, rect)
    pygame.draw.rect(surface, theme.PANEL_LINE, rect, 1)
    step = size + 4
    rows: list[tuple[str, tuple[int, int, int]]] = []
    room = (rect.height - 8) // step
    for words, colour in reversed(lines(events[-room * 2 :], places)):
        wrapped = theme.wrap(words, size, rect.width - 12)
        rows[:0] = [(w, colour) for w in wrapped]
        if len(rows) >= room:
            break
    rows = rows[-room:]
    y = rect.bottom - 4 - step * len(rows)
    for words, colour in rows:
        theme.blit_text(surface, words, (rect.x + 6, y), size, colour)
        y += step
