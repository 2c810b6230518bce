"""A map of numbers over the field: one tile per point coloured on a scale, and the scale's legend.

One colour scale (viridis: ordered from dark to bright, readable by colour-blind eyes and in grey)
serves the window's *Study* panel and ``analyse --png``. The scale runs from the map's lowest number
to its highest (a field where every point is seen from 150 to 190 places still shows where the 150s
are); its legend prints both ends, its numbers written for the window's language (``0,25`` in
French), the words over it the caller's. A tile is one point wide, drawn under the obstacles so the
pieces stay readable; points with no number (an obstacle stands there) get none.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np
import pygame

from paintcheck.field.lattice import Point
from paintcheck.ui import i18n, text_fit, theme
from paintcheck.ui.transform import FieldTransform

# viridis at nine even steps, dark (few) to bright (many)
STOPS = (
    (68, 1, 84), (71, 44, 122), (59, 81, 139), (44, 113, 142), (33, 144, 141),
    (39, 173, 129), (92, 200, 99), (170, 220, 50), (253, 231, 37),
)
ALPHA = 190  # the tiles over the grass
NUMBER_SCALE = 26  # pixels per point from which each tile carries its number


def colour(value: float, span: tuple[float, float]) -> tuple[int, int, int]:
    """The scale's colour for ``value`` on a scale from ``span[0]`` to ``span[1]``."""
    lo, hi = span
    share = 1.0 if hi <= lo else min(1.0, max(0.0, (value - lo) / (hi - lo)))
    at = share * (len(STOPS) - 1)
    i = min(int(at), len(STOPS) - 2)
    f = at - i
    a, b = STOPS[i], STOPS[i + 1]
    return tuple(round(a[k] + (b[k] - a[k]) * f) for k in range(3))


def ink(fill: tuple[int, int, int]) -> tuple[int, int, int]:
    """Dark or light words, whichever reads on ``fill``."""
    light = 0.299 * fill[0] + 0.587 * fill[1] + 0.114 * fill[2]
    return (15, 15, 20) if light > 140 else (245, 245, 245)


def span_of(values: Mapping[Point, float]) -> tuple[float, float]:
    """The scale of a map: its lowest and highest numbers."""
    return (min(values.values(), default=0), max(values.values(), default=0))


def colours(values: Sequence[float], span: tuple[float, float]) -> np.ndarray:
    """``colour`` of each of ``values`` at once ((N, 3) ints, the same numbers: the same float
    arithmetic, rounded half to even as ``round``)."""
    lo, hi = span
    v = np.asarray(values, dtype=float)
    if hi <= lo:
        share = np.ones_like(v)
    else:
        share = np.clip((v - lo) / (hi - lo), 0.0, 1.0)
    at = share * (len(STOPS) - 1)
    i = np.minimum(at.astype(np.intp), len(STOPS) - 2)
    f = (at - i)[:, None]
    stops = np.array(STOPS, dtype=float)
    a, b = stops[i], stops[i + 1]
    return np.asarray(np.rint(a + (b - a) * f), dtype=int)


def layer(size: tuple[int, int], t: FieldTransform, values: Mapping[Point, float],
          numbers: bool | None = None) -> pygame.Surface:
    """A transparent surface of ``size`` with a tile for each point of ``values`` (each tile's
    colour computed at once, then filled)."""
    span = span_of(values)
    surf = pygame.Surface(size, pygame.SRCALPHA)
    side = max(1, round(t.scale))
    numbers = t.scale >= NUMBER_SCALE if numbers is None else numbers
    size_px = max(8, int(t.scale * 0.34))
    fills = colours(list(values.values()), span).tolist() if values else []
    for (point, value), fill in zip(values.items(), fills, strict=True):
        x, y = t.to_screen(*point)
        surf.fill((*fill, ALPHA), (x - side // 2, y - side // 2, side, side))
        if numbers:
            text = i18n.number(float(f"{value:.2g}")) if isinstance(value, float) else i18n.number(value)
            theme.blit_text(surf, text, (x, y + round(t.scale * 0.22)), size_px, ink(tuple(fill)),
                            anchor="center")
    return surf


def tiles(t: FieldTransform, values: Mapping[Point, float]) -> tuple[pygame.Surface, tuple[int, int]] | None:
    """The tiles of ``layer`` without numbers, at once — a live map's, drawn again several times a
    second: one pixel per lattice point, scaled up to the squares from the first point's to the
    last's (each tile's edge within a pixel of ``layer``'s), and where to blit them (None when
    there is nothing to draw, or a point lies off ``t``'s lattice)."""
    if not values:
        return None
    lattice = t.lattice
    columns, rows = lattice.columns, lattice.rows_per_half
    xy = np.array(list(values.keys()), dtype=np.intp).reshape(-1, 2)
    if xy[:, 0].min() < 0 or xy[:, 0].max() >= columns or np.abs(xy[:, 1]).max() > rows:
        return None
    side = max(1, round(t.scale))
    left, top = (v - side // 2 for v in t.to_screen(0, rows))
    right, bottom = (v - side // 2 + side for v in t.to_screen(columns - 1, -rows))
    if right <= left or bottom <= top:
        return None
    rgba = np.zeros((2 * rows + 1, columns, 4), dtype=np.uint8)
    rgba[rows - xy[:, 1], xy[:, 0], :3] = colours(list(values.values()), span_of(values))
    rgba[rows - xy[:, 1], xy[:, 0], 3] = ALPHA
    tiny = pygame.image.frombuffer(rgba.tobytes(), (columns, 2 * rows + 1), "RGBA")
    if pygame.display.get_surface() is not None:
        tiny = tiny.convert_alpha()  # the screen's pixel format: its blit is the fast one
    return pygame.transform.scale(tiny, (right - left, bottom - top)), (left, top)


_BARS: dict[tuple[int, int], pygame.Surface] = {}


def _bar(size: tuple[int, int]) -> pygame.Surface:
    """The scale's colours from its left end to its right, ``size`` pixels (drawn once per size:
    the bar is the same whatever the numbers at its ends)."""
    bar = _BARS.get(size)
    if bar is None:
        w, h = size
        bar = pygame.Surface(size)
        for i in range(w):
            pygame.draw.line(bar, colour(i, (0, max(1, w - 1))), (i, 0), (i, h - 1))
        _BARS[size] = bar
    return bar


def draw_scale(surface: pygame.Surface, rect: pygame.Rect, span: tuple[float, float], words: str,
               size: int = 13) -> None:
    """The colour bar over ``rect`` (left: the lowest number, right: the highest), ticks with their
    numbers under it and ``words`` above it."""
    lo, hi = span
    size = text_fit.size_to_fit(words, size, rect.width, 9)
    theme.blit_text(surface, words, (rect.x, rect.y - size - 6), size, theme.TEXT)
    surface.blit(_bar(rect.size), rect.topleft)
    pygame.draw.rect(surface, theme.PANEL_LINE, rect, 1)
    ticks = 5
    for k in range(ticks):
        value = lo + (hi - lo) * k / (ticks - 1)
        x = rect.x + round((rect.width - 1) * k / (ticks - 1))
        pygame.draw.line(surface, theme.TEXT_DIM, (x, rect.bottom), (x, rect.bottom + 4))
        label = i18n.number(value, 2 if isinstance(hi, float) and hi < 10 else 0)
        anchor = "midtop" if 0 < k < ticks - 1 else ("topleft" if k == 0 else "topright")
        theme.blit_text(surface, label, (x, rect.bottom + 5), size - 1, theme.TEXT_DIM, anchor=anchor)
