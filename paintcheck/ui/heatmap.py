"""A map of numbers over the field: one tile per point coloured on a scale, and the scale's legend.

One colour scale (viridis: ordered from dark to bright, readable by colour-blind eyes and in grey)
serves the window's *Study* panel and ``analyse --png``. A tile is one point wide, drawn under the
obstacles so the pieces stay readable; points with no number (an obstacle stands there) get none.
"""

from __future__ import annotations

from collections.abc import Mapping

import pygame

from paintcheck.field.lattice import Point
from paintcheck.ui import theme
from paintcheck.ui.transform import FieldTransform

# viridis at nine even steps, dark (few) to bright (many)
STOPS = (
    (68, 1, 84), (71, 44, 122), (59, 81, 139), (44, 113, 142), (33, 144, 141),
    (39, 173, 129), (92, 200, 99), (170, 220, 50), (253, 231, 37),
)
ALPHA = 190  # the tiles over the grass
NUMBER_SCALE = 26  # pixels per point from which each tile carries its number


def colour(value: float, top: float) -> tuple[int, int, int]:
    """The scale's colour for ``value`` between 0 and ``top``."""
    share = 0.0 if top <= 0 else min(1.0, max(0.0, value / top))
    at = share * (len(STOPS) - 1)
    i = min(int(at), len(STOPS) - 2)
    f = at - i
    a, b = STOPS[i], STOPS[i + 1]
    return tuple(round(a[k] + (b[k] - a[k]) * f) for k in range(3))


def ink(fill: tuple[int, int, int]) -> tuple[int, int, int]:
    """Dark or light words, whichever reads on ``fill``."""
    light = 0.299 * fill[0] + 0.587 * fill[1] + 0.114 * fill[2]
    return (15, 15, 20) if light > 140 else (245, 245, 245)


def top_of(values: Mapping[Point, float]) -> float:
    return max(values.values(), default=0) or 1


def layer(size: tuple[int, int], t: FieldTransform, values: Mapping[Point, float],
          top: float | None = None, numbers: bool | None = None) -> pygame.Surface:
    """A transparent surface of ``size`` with a tile for each point of ``values``."""
    top = top_of(values) if top is None else top
    surf = pygame.Surface(size, pygame.SRCALPHA)
    side = max(1, round(t.scale))
    numbers = t.scale >= NUMBER_SCALE if numbers is None else numbers
    size_px = max(8, int(t.scale * 0.34))
    for point, value in values.items():
        x, y = t.to_screen(*point)
        fill = colour(value, top)
        pygame.draw.rect(surf, (*fill, ALPHA), (x - side // 2, y - side // 2, side, side))
        if numbers:
            text = f"{value:.2g}" if isinstance(value, float) else str(value)
            theme.blit_text(surf, text, (x, y + round(t.scale * 0.22)), size_px, ink(fill), anchor="center")
    return surf


def draw_scale(surface: pygame.Surface, rect: pygame.Rect, top: float, words: str, size: int = 13,
               bottom_value: float = 0) -> None:
    """The colour bar over ``rect`` (left: ``bottom_value``, right: ``top``), ticks with their
    numbers under it and ``words`` above it."""
    while size > 9 and theme.font(size).size(words)[0] > rect.width:
        size -= 1
    theme.blit_text(surface, words, (rect.x, rect.y - size - 6), size, theme.TEXT)
    for i in range(rect.width):
        fill = colour(i / max(1, rect.width - 1) * top, top)
        pygame.draw.line(surface, fill, (rect.x + i, rect.y), (rect.x + i, rect.bottom - 1))
    pygame.draw.rect(surface, theme.PANEL_LINE, rect, 1)
    ticks = 5
    for k in range(ticks):
        value = bottom_value + (top - bottom_value) * k / (ticks - 1)
        x = rect.x + round((rect.width - 1) * k / (ticks - 1))
        pygame.draw.line(surface, theme.TEXT_DIM, (x, rect.bottom), (x, rect.bottom + 4))
        label = f"{value:.2f}" if isinstance(top, float) and top < 10 else f"{value:.0f}"
        anchor = "midtop" if 0 < k < ticks - 1 else ("topleft" if k == 0 else "topright")
        theme.blit_text(surface, label, (x, rect.bottom + 5), size - 1, theme.TEXT_DIM, anchor=anchor)
