"""A layout as a picture: the field as the window draws it, its name as a title, a legend of its pieces.

The field is the window's own static background (``FieldRenderer``: grass, lattice, letters and row
numbers, bases, prebunk zones, every obstacle with ``draw_obstacle``), on a plain surface: no window
is opened. The image is ``width`` pixels wide; its height follows the field's proportions, plus the
title above and the legend below (each kind used: its swatch drawn as on the field, its count and
the players' word for it).

The words are the window's language's: the designer's *Export PNG* writes the picture a player of
that language shares with his club (French in a French window); the commands (``export``,
``analyse --png``) write English, as every command does.
"""

from __future__ import annotations

import math
import os
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass

import pygame

from paintcheck.field import catalogue, footprints
from paintcheck.field.atomic import refuse_unless_file, write_atomically
from paintcheck.field.lattice import Lattice, Point
from paintcheck.field.layout import Field, Obstacle
from paintcheck.rules.words import height_word
from paintcheck.ui import heatmap, i18n, text_fit, theme
from paintcheck.ui.fieldview import FieldRenderer, draw_obstacle
from paintcheck.ui.i18n import tr
from paintcheck.ui.transform import LABEL_MARGIN, FieldTransform

MIN_WIDTH = 300
MAX_WIDTH = 6000
DEFAULT_WIDTH = 1200
FLAGS = ("centre", "double")  # the formats the catalogue words (designer.image.flag.<format>)


def _title_height(width: int) -> int:
    return round(width * 0.105)


def _text_size(width: int, share: float, least: int) -> int:
    return max(least, round(width * share))


def field_transform(lattice: Lattice, width: int) -> FieldTransform:
    """Where the field stands in an image ``width`` pixels wide (below the title): the transform the
    picture is drawn with, so that a world point can be found on it."""
    return FieldTransform.fit((0, _title_height(width), width, _field_height(lattice, width)), lattice)


def _field_height(lattice: Lattice, width: int) -> int:
    span_x = lattice.columns + 2 * LABEL_MARGIN
    span_y = 2 * lattice.rows_per_half + 1 + 2 * LABEL_MARGIN
    return math.ceil(width * span_y / span_x)


@dataclass(frozen=True)
class Heat:
    """A map drawn over the field (``analyse --png``): a number per point, what the map is (under
    the title) and what its colour scale counts (over the scale)."""

    values: Mapping[Point, float]
    caption: str
    scale_words: str


def render_layout(field: Field, width: int = DEFAULT_WIDTH, heat: Heat | None = None) -> pygame.Surface:
    """The picture of ``field``, ``width`` pixels wide (``MIN_WIDTH`` to ``MAX_WIDTH``); with
    ``heat``, its map over the points, under the obstacles, and its colour scale above the legend."""
    if not MIN_WIDTH <= width <= MAX_WIDTH:
        raise ValueError(f"width must be {MIN_WIDTH} to {MAX_WIDTH} pixels, not {width}")
    lattice = field.lattice
    t = field_transform(lattice, width)
    field_bottom = _title_height(width) + _field_height(lattice, width)
    legend = _Legend(field, width, t)
    scale_h = round(width * 0.085) if heat is not None else 0
    height = field_bottom + scale_h + legend.height
    surf = FieldRenderer(field, obstacles=heat is None).background((width, height), t).copy()
    if heat is not None:
        surf.blit(heatmap.layer((width, height), t, heat.values), (0, 0))
        for o in field.obstacles:
            draw_obstacle(surf, t, o)
        pad = round(width * 0.03)
        text = _text_size(width, 0.015, 9)
        top = field_bottom + text + round(width * 0.02)
        bar = pygame.Rect(pad, top, width - 2 * pad, round(width * 0.02))
        heatmap.draw_scale(surf, bar, heatmap.span_of(heat.values), heat.scale_words, text)
    _draw_title(surf, field, width, heat.caption if heat is not None else None)
    legend.draw(surf, field_bottom + scale_h)
    return surf


def export_png(field: Field, path: str | os.PathLike[str], width: int = DEFAULT_WIDTH,
               heat: Heat | None = None) -> tuple[int, int]:
    """Write the picture of ``field`` to ``path`` as a PNG, atomically; return its size.

    The PNG goes to a temporary file in the same folder, which is then renamed over ``path``: an
    interrupted export leaves no half-written image and no temporary file behind. A path that
    cannot be written raises ``OSError`` (pygame's own failures too), and so does a path where
    something other than a regular file stands (a link, a FIFO, a device: never replaced), before
    anything is drawn or written.
    """
    refuse_unless_file(path)
    surf = render_layout(field, width, heat)
    save_png(surf, path)
    return surf.get_size()


def save_png(surf: pygame.Surface, path: str | os.PathLike[str]) -> None:
    """Write ``surf`` to ``path`` as a PNG, atomically (a temporary file renamed over it); ``OSError``
    when it cannot be written or something other than a regular file stands there."""
    refuse_unless_file(path)

    def fill(fd: int, tmp_name: str) -> None:
        os.close(fd)
        try:
            pygame.image.save(surf, tmp_name)
        except pygame.error as exc:
            raise OSError(str(exc) or "the image could not be saved") from None

    write_atomically(path, fill, suffix=".png")



# -- the title ---------------------------------------------------------------------------------------
def _draw_title(surf: pygame.Surface, field: Field, width: int, caption: str | None = None) -> None:
    layout = field.layout
    lat = field.lattice
    pad = round(width * 0.03)
    room = width - 2 * pad
    name = layout.name_in(i18n.current()).strip() or tr("designer.image.no_name")
    size = _text_size(width, 0.036, 12)
    title_y = round(width * 0.022)
    words, size = _fit(name, size, room, bold=True)
    rect = theme.blit_text(surf, words, (pad, title_y), size, theme.TEXT, bold=True)
    count = len(field.obstacles)
    flag = tr(f"designer.image.flag.{layout.flag}") if layout.flag in FLAGS else layout.flag
    obstacles = tr("designer.image.obstacles", count=count)
    about = caption or tr("designer.image.about", columns=lat.columns, rows=lat.rows_per_half, flag=flag,
                          obstacles=obstacles)
    small = _text_size(width, 0.017, 9)
    words, small = _fit(about, small, room)
    theme.blit_text(surf, words, (pad, rect.bottom + round(width * 0.006)), small, theme.TEXT_DIM)


def _fit(words: str, size: int, room: int, bold: bool = False) -> tuple[str, int]:
    """``words`` at ``size``, made smaller (down to two thirds) and then cut with an ellipsis, so
    that it fits ``room`` pixels: the words and the size to draw them at."""
    return text_fit.shrink_then_cut(words, size, room, max(8, size * 2 // 3), bold)


# -- the legend --------------------------------------------------------------------------------------
class _Legend:
    """The pieces the layout uses, in the box's order: swatch, count and word, in a grid that uses
    as many columns as the width allows."""

    def __init__(self, field: Field, width: int, t: FieldTransform) -> None:
        self.width = width
        self.lattice = t.lattice
        self.scale = scale = t.scale
        self.pad = round(width * 0.03)
        self.text = _text_size(width, 0.019, 9)
        self.note = _text_size(width, 0.015, 8)
        self.heading = _text_size(width, 0.021, 10)
        counts = Counter(o.kind.id for o in field.obstacles)
        self.entries = [(kind, counts[kind]) for kind in catalogue.KINDS if counts[kind]]
        self.entries += [(kind, n) for kind, n in sorted(counts.items()) if kind not in catalogue.KINDS]
        self.total = sum(counts.values())
        self.gap = round(scale * 0.35)  # between a swatch and its words
        self.row_h = max(round(scale * 1.75), theme.font(self.text).get_linesize()
                         + theme.font(self.note).get_linesize() + 4)
        self.col_gap = round(scale * 0.8)
        self.columns = self._columns()
        rows = math.ceil(len(self.entries) / self.columns) if self.entries else 1
        self.top_pad = round(width * 0.015)
        self.heading_h = theme.font(self.heading, True).get_linesize() + round(width * 0.008)
        self.height = self.top_pad + self.heading_h + rows * self.row_h + self.pad

    def _swatch_w(self, kind_id: str) -> int:
        kind = catalogue.KINDS.get(kind_id)
        extent = max(kind.length, kind.width) if kind else 1.0
        return math.ceil((extent + 0.3) * self.scale)

    def _words(self, kind_id: str, count: int) -> tuple[str, str]:
        kind = catalogue.KINDS.get(kind_id)
        height = i18n.say(height_word(kind.height)) if kind else ""
        if kind and kind.overable:
            height = tr("designer.image.overable", height=height)
        return tr("designer.image.count", count=count, kind=i18n.say(catalogue.kind_word(kind_id))), height

    def _words_w(self, kind_id: str, count: int) -> int:
        main, note = self._words(kind_id, count)
        return max(theme.text_width(main, self.text), theme.text_width(note, self.note))

    def _widths(self, n: int) -> list[tuple[int, int]]:
        """(swatch cell, words) widths of each of ``n`` columns, the entries laid row by row."""
        cols = []
        for c in range(n):
            column = self.entries[c::n]
            cols.append((max((self._swatch_w(k) for k, _ in column), default=0),
                         max((self._words_w(k, m) for k, m in column), default=0)))
        return cols

    def _columns(self) -> int:
        room = self.width - 2 * self.pad
        for n in range(max(1, len(self.entries)), 1, -1):
            widths = self._widths(n)
            if sum(s + self.gap + w for s, w in widths) + self.col_gap * (n - 1) <= room:
                return n
        return 1

    def draw(self, surf: pygame.Surface, top: int) -> None:
        y = top + self.top_pad
        used = tr("designer.image.used", count=self.total)
        head = theme.blit_text(surf, used, (self.pad, y), self.heading, theme.TEXT, bold=True)
        self._height_key(surf, head)
        y += self.heading_h
        widths = self._widths(self.columns)
        for i, (kind_id, count) in enumerate(self.entries):
            row, col = divmod(i, self.columns)
            x = self.pad + sum(s + self.gap + w + self.col_gap for s, w in widths[:col])
            cell_w = widths[col][0]
            cy = y + row * self.row_h + self.row_h / 2
            self._swatch(surf, kind_id, (x + cell_w / 2, cy))
            main, note = self._words(kind_id, count)
            tx = x + cell_w + self.gap
            line = theme.font(self.text).get_linesize()
            block = line + theme.font(self.note).get_linesize()
            theme.blit_text(surf, main, (tx, cy - block / 2), self.text, theme.TEXT)
            theme.blit_text(surf, note, (tx, cy - block / 2 + line), self.note, theme.TEXT_DIM)

    def _height_key(self, surf: pygame.Surface, head: pygame.Rect) -> None:
        """After the heading: what the fills mean (an obstacle's colour is its height)."""
        x = head.right + round(self.scale * 0.8)
        cy = head.centery
        chip = max(6, round(self.note * 0.9))
        x = theme.blit_text(surf, tr("designer.image.height"), (x, cy), self.note, theme.TEXT_DIM,
                            anchor="midleft").right
        for height in catalogue.HEIGHTS:
            box = pygame.Rect(x + round(chip * 0.7), round(cy - chip / 2), chip, chip)
            pygame.draw.rect(surf, theme.OBSTACLE_FILL[height], box)
            pygame.draw.rect(surf, theme.OBSTACLE_EDGE[height], box, 1)
            word = i18n.say(height_word(height))
            x = theme.blit_text(surf, word, (box.right + round(chip * 0.4), cy), self.note,
                                theme.TEXT_DIM, anchor="midleft").right

    def _swatch(self, surf: pygame.Surface, kind_id: str, centre: tuple[float, float]) -> None:
        """One piece of the kind, lying along the axis 0, drawn as on the field at the field's scale."""
        kind = catalogue.KINDS.get(kind_id)
        if kind is None:
            return
        points = catalogue.obstacle_points(kind, (0, 0), 0)
        piece = Obstacle(kind_id, kind, points, 0, footprints.footprint(kind, points, 0),
                         footprints.centre_line(kind, points), (0, 0))
        wx, wy = piece.centre
        t = FieldTransform(centre[0] - wx * self.scale, centre[1] + wy * self.scale, self.scale,
                           self.lattice)
        draw_obstacle(surf, t, piece)
