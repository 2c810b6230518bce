"""Un pour un's ruler as a layer drawn over the table (issue 31, item 4): from a figure and a weapon, the
three range bands as rings, the line to the point or figure under the mouse with its length in *pas*, the
line of sight clear or blocked and by which piece, and for a blast weapon its round template with the
figures it covers ringed.

Owns: the reading shown (``reading``, a ``ruler_reading.RulerReading``: what the engine answered), recomputed
only when the shooter, the weapon, the aim or the state changes. Given: the engine's ``Board`` (the table's
measurer and queries) and, to draw, a view with ``to_screen(point_in_pas) -> (x, y)`` and ``pixels_per_pas``
(``table_view.TableView`` has both). The words are the catalogue's (``upu_shot.ruler.*``).
"""

from __future__ import annotations

import logging
import math
from typing import Protocol

import pygame

from paintcheck.ui import i18n, theme
from paintcheck.ui.i18n import tr
from paintcheck.ui.overlays import fill_alpha
from paintcheck.ui.unpourun.ruler_reading import Blocker, RulerReading, figure_near, read_ruler
from paintcheck.unpourun.query import Board
from paintcheck.unpourun.state import MatchState, Point

log = logging.getLogger(__name__)

RING = {"short": (140, 230, 140), "medium": (250, 215, 90), "long": (250, 140, 80)}
LINE_CLEAR = (250, 250, 250)
LINE_BLOCKED = theme.REFUSED
BLOCKER_EDGE = (255, 40, 200)  # the pieces that block, outlined (Paintcheck's ruler draws crossed ones so)
TEMPLATE_FILL = (255, 120, 40, 70)
TEMPLATE_EDGE = (255, 150, 60)
COVERED = (255, 60, 60)
LABEL_BACK = (20, 20, 20)
CIRCLE_SIDES = 72  # a ring drawn as a polygon (a translucent circle)
LABEL_ANGLES = (-90, -60, -120, -30, -150, 0, 180, 30, 150, 60, 120, 90)  # screen degrees, the top first


class View(Protocol):
    pixels_per_pas: float

    def to_screen(self, point: Point) -> tuple[float, float]: ...


def piece_words(b: Blocker, locale: str | None = None) -> str:
    """``boulder (impassable, h 2)``; a piece without a name by its kind and height."""
    kind = tr(f"upu_shot.kind.{b.kind.value}", locale)
    if b.name:
        return tr("upu_shot.ruler.piece", locale, name=b.name, kind=kind, height=b.height)
    return tr("upu_shot.ruler.piece_unnamed", locale, kind=kind, height=b.height)


def length_words(r: RulerReading, locale: str | None = None) -> str:
    d = i18n.number(r.d, 1, locale)
    if r.target is None or r.band is None:
        return tr("upu_shot.ruler.to_point", locale, d=d)
    return tr("upu_shot.ruler.to_figure", locale, d=d, target=r.target,
              band=tr(f"upu_shot.band.{r.band}", locale))


def sight_words(r: RulerReading, locale: str | None = None) -> str:
    if r.seen:
        return tr("upu_shot.ruler.clear", locale)
    return tr("upu_shot.ruler.blocked", locale, pieces=", ".join(piece_words(b, locale) for b in r.blockers))


def ring_words(band: str, limit: float, locale: str | None = None) -> str:
    return tr("upu_shot.ruler.ring", locale, band=tr(f"upu_shot.band.{band}", locale),
              limit=i18n.number(limit, None, locale))


def template_words(r: RulerReading, locale: str | None = None) -> str:
    if r.template is None:
        return ""
    radius = i18n.number(r.template.radius, None, locale)
    if not r.template.hit:
        return tr("upu_shot.ruler.blast_none", locale, radius=radius)
    return tr("upu_shot.ruler.blast", locale, radius=radius, hit=", ".join(r.template.hit))


def reading_lines(r: RulerReading, locale: str | None = None) -> list[str]:
    """What the ruler says, line by line: the length (and a figure's band), the sight, the template."""
    lines = [length_words(r, locale), sight_words(r, locale)]
    if r.template is not None:
        lines.append(template_words(r, locale))
    return lines


def _pixel(view: View, point: Point) -> tuple[int, int]:
    x, y = view.to_screen(point)
    return round(x), round(y)


def _circle(view: View, centre: Point, radius: float) -> list[tuple[int, int]]:
    return [_pixel(view, (centre[0] + radius * math.cos(a), centre[1] + radius * math.sin(a)))
            for a in (2 * math.pi * i / CIRCLE_SIDES for i in range(CIRCLE_SIDES))]


def place_label(size: tuple[int, int], centre: tuple[float, float], radius: float, area: pygame.Rect,
                taken: list[pygame.Rect]) -> pygame.Rect:
    """Where a ring's label of ``size`` (its background included) goes: on the ring (``centre``,
    ``radius`` in pixels) at its top, else at the first of ``LABEL_ANGLES`` where it lies wholly inside
    ``area`` (the table) and over none of ``taken``; when none does, the top's place moved inside."""
    first: pygame.Rect | None = None
    for degrees in LABEL_ANGLES:
        angle = math.radians(degrees)
        at = (round(centre[0] + radius * math.cos(angle)), round(centre[1] + radius * math.sin(angle)))
        rect = pygame.Rect((0, 0), size)
        rect.center = at
        if first is None:
            first = rect
        if area.contains(rect) and rect.collidelist(taken) < 0:
            return rect
    assert first is not None
    return first.clamp(area)


def _label(surface: pygame.Surface, words: str, rect: pygame.Rect, colour: tuple[int, int, int]) -> None:
    pygame.draw.rect(surface, LABEL_BACK, rect, border_radius=3)
    surf = theme.text(words, 13, colour, True)
    surface.blit(surf, surf.get_rect(center=rect.center))


class RulerLayer:
    """The ruler over the table. ``aim(state, shooter, weapon, point)`` follows the mouse (``point`` in
    *pas*; the figure whose base holds it is the target); ``draw(surface, view)`` draws what it read;
    ``clear()`` puts it away."""

    def __init__(self, board: Board) -> None:
        self.board = board
        self.reading: RulerReading | None = None
        self._key: object = None
        self._state: MatchState | None = None
        # the words drawn last and their boxes (the reading's first, then the rings')
        self.labels: list[tuple[str, pygame.Rect]] = []

    def aim(self, s: MatchState, shooter: str, weapon: str, point: Point) -> RulerReading:
        target = figure_near(self.board, s, point)
        if target == shooter:
            target = None
        key = (id(s.figures), shooter, weapon, point if target is None else target)
        if key != self._key or self.reading is None:
            self.reading = read_ruler(self.board, s, shooter, weapon, point, target)
            self._key = key
            self._state = s
        return self.reading

    def clear(self) -> None:
        self.reading, self._key, self._state = None, None, None

    def lines(self, locale: str | None = None) -> list[str]:
        return reading_lines(self.reading, locale) if self.reading is not None else []

    def table_rect(self, view: View) -> pygame.Rect:
        """The table's rectangle on the screen (the rings and the template are clipped to it)."""
        table = self.board.m.table
        (x0, y0), (x1, y1) = view.to_screen((0.0, 0.0)), view.to_screen((table.width, table.depth))
        left, top = math.floor(min(x0, x1)), math.floor(min(y0, y1))
        return pygame.Rect(left, top, math.ceil(max(x0, x1)) - left + 1, math.ceil(max(y0, y1)) - top + 1)

    def draw(self, surface: pygame.Surface, view: View, locale: str | None = None) -> None:
        r = self.reading
        if r is None:
            return
        area = self.table_rect(view).clip(surface.get_clip())
        a, b = view.to_screen(r.origin), view.to_screen(r.end)
        colour = LINE_CLEAR if r.seen else LINE_BLOCKED
        lines = reading_lines(r, locale)
        # the words beside the aimed end, away from the line (the pieces it crosses stay visible), inside
        # the table (a box wider than the table: inside the window)
        surfs = [theme.text(line, 13, colour if i == 1 else LINE_CLEAR, True) for i, line in enumerate(lines)]
        width = max(s.get_width() for s in surfs) + 6
        height = sum(s.get_height() + 2 for s in surfs)
        side = 1 if b[0] >= a[0] else -1
        x = b[0] + side * (view.pixels_per_pas + 6) - (width if side < 0 else 0)
        y = b[1] + (8 if b[1] >= a[1] else -8 - height)
        box = pygame.Rect(round(x), round(y), width, height).clamp(area).clamp(surface.get_rect())
        self.labels = [(lines[0], box)]
        clip = surface.get_clip()
        surface.set_clip(area)
        try:
            self._draw_shapes(surface, view, r, area, locale)
        finally:
            surface.set_clip(clip)
        pygame.draw.rect(surface, LABEL_BACK, box, border_radius=3)
        for text in surfs:
            surface.blit(text, (box.x + 3, box.y + 1))
            box.y += text.get_height() + 2

    def _draw_shapes(self, surface: pygame.Surface, view: View, r: RulerReading, area: pygame.Rect,
                     locale: str | None) -> None:
        pieces = self.board.m.table.pieces
        for blocker in r.blockers:
            outline = [_pixel(view, p) for p in pieces[blocker.index].points]
            pygame.draw.polygon(surface, BLOCKER_EDGE, outline, 3)
        centre = view.to_screen(r.origin)
        taken = [box for _words, box in self.labels]  # the reading's box
        for band in r.rings:
            points = _circle(view, r.origin, band.radius)
            pygame.draw.aalines(surface, RING[band.band], True, points)
        for band in r.rings:  # the labels over every ring, each inside the table, apart where it can
            words = ring_words(band.band, band.limit, locale)
            w, h = theme.text(words, 13, RING[band.band], True).get_size()
            rect = place_label((w + 6, h + 2), centre, band.radius * view.pixels_per_pas, area, taken)
            _label(surface, words, rect, RING[band.band])
            taken.append(rect)
            self.labels.append((words, rect))
        if r.template is not None:
            points = _circle(view, r.template.centre, r.template.reach)
            fill_alpha(surface, TEMPLATE_FILL, points)
            pygame.draw.aalines(surface, TEMPLATE_EDGE, True, points)
            if self._state is not None:
                for fid in r.template.hit:
                    p = self._state.figure(fid).pos
                    if p is not None:
                        pygame.draw.circle(surface, COVERED, _pixel(view, p),
                                           max(4, round(view.pixels_per_pas * 0.75)), 3)
        a, b = view.to_screen(r.origin), view.to_screen(r.end)
        colour = LINE_CLEAR if r.seen else LINE_BLOCKED
        pygame.draw.line(surface, colour, a, b, 2)
        pygame.draw.circle(surface, colour, (round(a[0]), round(a[1])),
                           max(4, round(view.pixels_per_pas * 0.6)), 2)
