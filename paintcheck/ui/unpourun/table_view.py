"""An Un pour un table as the window draws it: the ground, a grid of *pas*, the two deployment zones,
every terrain piece by its kind with its height, and under the table a scale and a legend.

``TableView(table, rect)`` fits the table (``unpourun.terrain.Table``, in *pas*) into the screen
rectangle ``rect`` (the legend's strip at its bottom when ``legend``), player A's edge (y = 0) at
the bottom. Its small API is what every Un pour un screen needs (the designer, the match):

- ``to_screen((x, y))`` the pixel of a table point, ``to_table((px, py))`` the table point of a
  pixel (off the table too: ask ``on_table``), ``pixels_per_pas`` the scale;
- ``draw(surface)`` the picture, drawn once per table and size and language, then blitted.

Screens draw their own things over it (figures, a trail, a selection) with ``to_screen``. The
picture's words are the namespace ``upu_designer``'s ``view.*`` keys. The zones are named as the table
file names them ("Zone A", "Zone B", the designer's words) unless a screen gives its own ``ZoneLook``s
(``zone_looks``: the match names them by where they stand, then by their owner, 1.9).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from functools import lru_cache

import pygame
import shapely

from paintcheck.ui import i18n, theme
from paintcheck.ui.i18n import tr
from paintcheck.unpourun.terrain import Kind, Piece, Point, Table

log = logging.getLogger(__name__)

Pixel = tuple[float, float]

GROUND = (96, 128, 84)
OFF_TABLE = theme.BACKGROUND
GRID_MINOR = (255, 255, 255, 22)
GRID_MAJOR = (255, 255, 255, 48)
MAJOR_EVERY = 6  # a stronger line every 6 pas
KIND_FILL = {Kind.OPEN: (206, 186, 128), Kind.DIFFICULT: (52, 98, 48), Kind.IMPASSABLE: (112, 104, 100)}
KIND_EDGE = {Kind.OPEN: (120, 100, 50), Kind.DIFFICULT: (20, 50, 20), Kind.IMPASSABLE: (40, 36, 34)}
DIFFICULT_DOT = (120, 170, 90)  # the dots a difficult piece is strewn with
HEIGHT_SHADE = 14  # a height of 14 or more is drawn darkest
ZONE_FILL = ((70, 120, 220, 70), (220, 80, 60, 70))  # player A's, player B's
ZONE_EDGE = ((150, 190, 255), (255, 150, 130))
ZONES = ("A", "B")
LEGEND_H = 46  # the strip under the table: the scale, then the legend
MARGIN = 6
SCALE_STEPS = (1, 2, 3, 6, 12, 24)  # the scale bar's length, the longest under a fifth of the table


def _mix(colour: tuple[int, int, int], other: tuple[int, int, int], share: float) -> tuple[int, int, int]:
    return tuple(round(a + (b - a) * share) for a, b in zip(colour, other, strict=True))  # type: ignore[return-value]


def piece_fill(piece: Piece) -> tuple[int, int, int]:
    """A piece's colour: its kind's, darker the higher it stands (1.6)."""
    return _mix(KIND_FILL[piece.kind], (20, 20, 20), min(piece.height, HEIGHT_SHADE) / HEIGHT_SHADE * 0.6)


@lru_cache(maxsize=512)
def label_point(points: tuple[Point, ...]) -> Point:
    """Where a polygon's words go: a point inside it (its centroid when that is inside)."""
    polygon = shapely.Polygon(points)
    if not polygon.is_valid or polygon.area <= 0:
        xs, ys = zip(*points, strict=True)
        return (sum(xs) / len(xs), sum(ys) / len(ys))
    centre = polygon.centroid
    if not polygon.contains(centre):
        centre = polygon.representative_point()
    return (centre.x, centre.y)


@dataclass(frozen=True)
class ZoneLook:
    """How one deployment zone is drawn: the words on it, its legend's words, its fill and edge."""

    label: str
    legend: str
    fill: tuple[int, int, int, int]
    edge: tuple[int, int, int]


def file_looks(zones: int = len(ZONES)) -> tuple[ZoneLook, ...]:
    """The zones as the table file names them, A's blue and B's red (the designer's picture)."""
    return tuple(ZoneLook(tr("upu_designer.view.zone", zone=ZONES[i]),
                          tr("upu_designer.view.zone_of", zone=ZONES[i]), ZONE_FILL[i], ZONE_EDGE[i])
                 for i in range(zones))


class TableView:
    """Where a table stands in ``rect`` and its picture; ``zone_looks`` (None: the file's names) how
    its zones are named and coloured."""

    def __init__(self, table: Table, rect: pygame.Rect | tuple[int, int, int, int],
                 legend: bool = True, zone_looks: tuple[ZoneLook, ...] | None = None,
                 zoom: float = 1.0, centre: Point | None = None) -> None:
        self.table = table
        self.rect = pygame.Rect(rect)
        self.legend = legend
        self.zone_looks = zone_looks
        room = self.rect.inflate(-2 * MARGIN, -2 * MARGIN)
        if legend:
            room.height -= LEGEND_H
        self.area = room  # the table's part of ``rect`` (what a zoomed table is clipped to)
        self.fit_pixels_per_pas = max(1e-6, min(room.width / table.width, room.height / table.depth))
        self.zoom = max(1.0, zoom)
        self.pixels_per_pas = self.fit_pixels_per_pas * self.zoom
        w, h = table.width * self.pixels_per_pas, table.depth * self.pixels_per_pas
        if self.zoom == 1.0:  # the whole table, centred in its area
            self.centre: Point = (table.width / 2, table.depth / 2)
            self.left = room.x + (room.width - w) / 2
            self.bottom = room.y + (room.height + h) / 2
        else:  # the table point ``centre`` at the area's centre, kept on the table (as ``ui.camera``)
            asked = centre if centre is not None else (table.width / 2, table.depth / 2)
            self.centre = (min(table.width, max(0.0, asked[0])), min(table.depth, max(0.0, asked[1])))
            self.left = room.x + room.width / 2 - self.centre[0] * self.pixels_per_pas
            self.bottom = room.y + room.height / 2 + self.centre[1] * self.pixels_per_pas
        self.board = pygame.Rect(round(self.left), round(self.bottom - h), round(w), round(h))
        self._picture: pygame.Surface | None = None
        self._picture_key: tuple[object, ...] | None = None

    # -- where things are ----------------------------------------------------------------------------
    def to_screen(self, point: Point) -> Pixel:
        """The pixel of the table point ``point`` (in pas; y = 0 is player A's edge, at the bottom)."""
        return (self.left + point[0] * self.pixels_per_pas, self.bottom - point[1] * self.pixels_per_pas)

    def to_table(self, pos: tuple[float, float]) -> Point:
        """The table point under the pixel ``pos`` (it may lie off the table: ``on_table``)."""
        return ((pos[0] - self.left) / self.pixels_per_pas, (self.bottom - pos[1]) / self.pixels_per_pas)

    def on_table(self, point: Point) -> bool:
        return 0.0 <= point[0] <= self.table.width and 0.0 <= point[1] <= self.table.depth

    def polygon(self, points: tuple[Point, ...] | list[Point]) -> list[Pixel]:
        return [self.to_screen(p) for p in points]

    # -- the picture ---------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        """The table, its zones, its pieces, the grid, and under it the scale and the legend."""
        surface.blit(self.picture(), self.rect.topleft)

    def picture(self) -> pygame.Surface:
        """The picture of ``rect``'s size, drawn again only when the table or the language changes."""
        key = (self.table, self.rect.size, self.legend, i18n.current(), self.zone_looks)
        if key != self._picture_key or self._picture is None:
            self._picture = self._render()
            self._picture_key = key
        return self._picture

    def _render(self) -> pygame.Surface:
        surf = pygame.Surface(self.rect.size, pygame.SRCALPHA)
        surf.fill(OFF_TABLE)
        dx, dy = -self.rect.x, -self.rect.y
        board = self.board.move(dx, dy)
        if self.zoom > 1.0:
            surf.set_clip(self.area.move(dx, dy))  # a zoomed table stays in its area
        pygame.draw.rect(surf, GROUND, board)
        self._draw_zones(surf, dx, dy)
        for piece in self.table.pieces:
            self._draw_piece(surf, piece, dx, dy)
        self._draw_grid(surf, board, dx, dy)
        for piece in self.table.pieces:
            self._draw_height(surf, piece, dx, dy)
        for zone, look in zip(self.table.zones, self.looks(), strict=False):
            x, y = self.to_screen(label_point(zone.points))
            theme.blit_text(surf, look.label, (x + dx, y + dy), 13, look.edge, True, anchor="center")
        pygame.draw.rect(surf, theme.FIELD_LINE, board, 2)
        surf.set_clip(None)
        if self.legend:
            bottom = board.bottom if self.zoom == 1.0 else self.area.bottom + dy
            self._draw_legend(surf, bottom + MARGIN + 4)
        return surf

    def looks(self) -> tuple[ZoneLook, ...]:
        """The zones' looks, in the table's order: the screen's, else the file's names."""
        return self.zone_looks if self.zone_looks is not None else file_looks(len(self.table.zones))

    def _shifted(self, points: tuple[Point, ...], dx: int, dy: int) -> list[Pixel]:
        return [(x + dx, y + dy) for x, y in self.polygon(points)]

    def _draw_zones(self, surf: pygame.Surface, dx: int, dy: int) -> None:
        layer = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
        looks = self.looks()
        for zone, look in zip(self.table.zones, looks, strict=False):
            pygame.draw.polygon(layer, look.fill, self._shifted(zone.points, dx, dy))
        surf.blit(layer, (0, 0))
        for zone, look in zip(self.table.zones, looks, strict=False):
            pygame.draw.polygon(surf, look.edge, self._shifted(zone.points, dx, dy), 2)

    def _draw_piece(self, surf: pygame.Surface, piece: Piece, dx: int, dy: int) -> None:
        pts = self._shifted(piece.points, dx, dy)
        pygame.draw.polygon(surf, piece_fill(piece), pts)
        if piece.kind == Kind.DIFFICULT:
            self._strew(surf, piece, dx, dy)
        pygame.draw.polygon(surf, KIND_EDGE[piece.kind], pts, 2 if piece.kind == Kind.IMPASSABLE else 1)

    def _strew(self, surf: pygame.Surface, piece: Piece, dx: int, dy: int) -> None:
        """Difficult ground strewn with dots, one a pas (every other row shifted), inside the piece."""
        polygon = shapely.Polygon(piece.points)
        if not polygon.is_valid:
            return
        x0, y0, x1, y1 = polygon.bounds
        radius = max(1, round(self.pixels_per_pas / 7))
        y, row = float(int(y0)) + 0.5, 0
        while y < y1:
            x = float(int(x0)) + (0.5 if row % 2 else 0.0)
            while x < x1:
                if shapely.contains_xy(polygon, x, y):
                    sx, sy = self.to_screen((x, y))
                    pygame.draw.circle(surf, DIFFICULT_DOT, (sx + dx, sy + dy), radius)
                x += 1.0
            y, row = y + 1.0, row + 1

    def _draw_height(self, surf: pygame.Surface, piece: Piece, dx: int, dy: int) -> None:
        if piece.height <= 0:
            return
        x, y = self.to_screen(label_point(piece.points))
        words = tr("upu_designer.view.height", height=piece.height)
        size = max(10, min(14, round(self.pixels_per_pas * 0.9)))
        rect = theme.text(words, size, (255, 255, 255), True).get_rect(center=(round(x + dx), round(y + dy)))
        pygame.draw.rect(surf, (20, 20, 20), rect.inflate(6, 2), border_radius=3)
        theme.blit_text(surf, words, rect.center, size, (255, 255, 255), True, anchor="center")

    def _draw_grid(self, surf: pygame.Surface, board: pygame.Rect, dx: int, dy: int) -> None:
        layer = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
        step = 1 if self.pixels_per_pas >= 5 else MAJOR_EVERY
        t = self.table
        for i in range(0, int(t.width) + 1, step):
            x = self.to_screen((float(i), 0.0))[0] + dx
            colour = GRID_MAJOR if i % MAJOR_EVERY == 0 else GRID_MINOR
            pygame.draw.line(layer, colour, (x, board.top), (x, board.bottom - 1))
        for j in range(0, int(t.depth) + 1, step):
            y = self.to_screen((0.0, float(j)))[1] + dy
            colour = GRID_MAJOR if j % MAJOR_EVERY == 0 else GRID_MINOR
            pygame.draw.line(layer, colour, (board.left, y), (board.right - 1, y))
        surf.blit(layer, (0, 0))

    def scale_pas(self) -> int:
        """The scale bar's length in pas: the longest step under a fifth of the table's width seen."""
        fifth = min(self.table.width, self.area.width / self.pixels_per_pas) / 5
        return max([s for s in SCALE_STEPS if s <= fifth] or [SCALE_STEPS[0]])

    def _draw_legend(self, surf: pygame.Surface, top: int) -> None:
        """The scale bar, then a swatch and word for each kind, each zone and the height badge."""
        x = MARGIN + 4
        pas = self.scale_pas()
        length = pas * self.pixels_per_pas
        mid = top + 8
        pygame.draw.line(surf, theme.TEXT, (x, mid), (x + length, mid), 2)
        for end in (x, x + length):
            pygame.draw.line(surf, theme.TEXT, (end, mid - 4), (end, mid + 4), 2)
        theme.blit_text(surf, tr("upu_designer.view.scale", pas=pas), (x + length + 6, mid), 12, theme.TEXT,
                        anchor="midleft")
        items: list[tuple[str, tuple[int, ...], tuple[int, ...]]] = [
            (tr(f"upu_designer.view.kind.{kind.value}"), KIND_FILL[kind], KIND_EDGE[kind]) for kind in Kind]
        for look in sorted(self.looks(), key=lambda z: z.legend):  # A's before B's; two alike are one
            if all(words != look.legend for words, _, _ in items):
                items.append((look.legend, look.fill[:3], look.edge))
        x, y = MARGIN + 4, top + 22
        right = surf.get_width() - MARGIN
        for words, fill, edge in items:
            width = 16 + theme.text_width(words, 12) + 14
            if x + width > right and x > MARGIN + 4:
                break  # a narrow window: the legend shows what fits
            pygame.draw.rect(surf, fill, (x, y, 12, 12))
            pygame.draw.rect(surf, edge, (x, y, 12, 12), 1)
            theme.blit_text(surf, words, (x + 16, y + 6), 12, theme.TEXT, anchor="midleft")
            x += width
        badge = tr("upu_designer.view.height_key", height=tr("upu_designer.view.height", height=3))
        if x + theme.text_width(badge, 12) < right:
            theme.blit_text(surf, badge, (x, y + 6), 12, theme.TEXT_DIM, anchor="midleft")
