"""The match's table drawn (issue 31, item 4): the terrain (the table designer's ``TableView``), the
deployment zones (named by place, then by owner: ``zone_looks``), the figures as round bases of
their side's colour with a label, and a move's trail with its reading.

Drawing only: what is drawn is the state and the ``move_tool.Reading`` the engine gave.
"""

from __future__ import annotations

import logging

import pygame

from paintcheck.ui import theme
from paintcheck.ui.i18n import tr
from paintcheck.ui.unpourun import zone_places
from paintcheck.ui.unpourun.move_tool import Reading
from paintcheck.ui.unpourun.table_view import TableView, ZoneLook
from paintcheck.unpourun import tables as t
from paintcheck.unpourun.state import Figure, MatchState, Point, Status
from paintcheck.unpourun.terrain import Table

log = logging.getLogger(__name__)

SIDE = {"A": (46, 110, 220), "B": (206, 60, 52)}
SIDE_EDGE = {"A": (200, 220, 255), "B": (255, 210, 200)}
ZONE = {"A": (46, 110, 220, 70), "B": (206, 60, 52, 70)}
ZONE_FREE = (235, 235, 235, 40)  # a zone not chosen yet: nobody's colour
ZONE_FREE_EDGE = (235, 235, 235)
ZONE_LIT = (255, 255, 255, 60)
TRAIL = (255, 255, 255)
TRAIL_DIFFICULT = (255, 200, 60)
HORS = (120, 120, 120)


def make_view(table: Table, rect: pygame.Rect, zoom: float = 1.0, centre: Point | None = None) -> TableView:
    """The table designer's picture of the table (``table_view.TableView``), fitted in ``rect``,
    magnified ``zoom`` times about the table point ``centre`` (``table_camera``)."""
    return TableView(table, rect, zoom=zoom, centre=centre)


def zone_looks(table: Table, zones: dict[str, int]) -> tuple[ZoneLook, ...]:
    """The match's zones (``TableView.zone_looks``): before the choice (1.9) each named by where it
    stands on the screen, in a neutral colour; once chosen (``zones``: player -> zone) each named by its
    owner in the owner's colour, the legend saying the same."""
    where = zone_places.places(table)
    owners = {index: player for player, index in zones.items()}
    looks = []
    for i in range(len(table.zones)):
        player = owners.get(i)
        if player is None:
            looks.append(ZoneLook(tr(f"upu_match.zone.place.{where[i]}"), tr("upu_match.zone.legend_free"),
                                  ZONE_FREE, ZONE_FREE_EDGE))
        else:
            looks.append(ZoneLook(tr("upu_match.zone.owned", side=player),
                                  tr("upu_match.zone.legend_owned", side=player), ZONE[player],
                                  SIDE_EDGE[player]))
    return tuple(looks)


def draw_zone_highlight(surface: pygame.Surface, view: TableView, table: Table, index: int) -> None:
    """The zone ``index`` lit (the mouse on the button that takes it)."""
    points = [view.to_screen(p) for p in table.zones[index].points]
    layer = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    pygame.draw.polygon(layer, ZONE_LIT, points)
    surface.blit(layer, (0, 0))
    pygame.draw.polygon(surface, theme.SELECT, points, 3)


def base_radius(view: TableView) -> int:
    return max(4, round(t.BASE_RADIUS * view.pixels_per_pas))


def draw_figure(
    surface: pygame.Surface,
    view: TableView,
    f: Figure,
    at: Point,
    selected: bool = False,
    active: bool = False,
    refused: bool = False,
) -> None:
    centre = view.to_screen(at)
    r = base_radius(view)
    down = f.status != Status.FIGHTING
    pygame.draw.circle(surface, HORS if down else SIDE[f.player], centre, r)
    edge = (
        theme.REFUSED
        if refused
        else theme.ACTIVE
        if active
        else theme.SELECT
        if selected
        else SIDE_EDGE[f.player]
    )
    pygame.draw.circle(surface, edge, centre, r, 3 if (active or selected or refused) else 1)
    label = f.id + ("!" if f.routing else "")
    theme.blit_text(
        surface, label, (centre[0] - theme.text_width(label, 11) // 2, centre[1] - 7), 11, theme.TEXT
    )


def draw_ring(surface: pygame.Surface, view: TableView, at: Point) -> None:
    """A ring around the figure standing at ``at`` (the one whose card is shown)."""
    pygame.draw.circle(surface, theme.SELECT, view.to_screen(at), base_radius(view) + 5, 2)


def draw_figures(
    surface: pygame.Surface, view: TableView, s: MatchState, selected: str | None, hidden: str | None = None
) -> None:
    active = s.activation.figure if s.activation is not None else None
    for f in s.figures:
        if f.pos is None or not f.on_table or f.id == hidden:
            continue
        draw_figure(surface, view, f, f.pos, selected=f.id == selected, active=f.id == active)


def draw_trail(surface: pygame.Surface, view: TableView, start: Point, reading: Reading) -> None:
    """The trail as a polyline (red when refused), its difficult stretches in amber, its waypoints."""
    points = [view.to_screen(p) for p in (start, *reading.path)]
    colour = theme.REFUSED if reading.reason is not None else TRAIL
    if len(points) >= 2:
        pygame.draw.lines(surface, colour, False, points, 3)
    for u, v in reading.difficult:
        pygame.draw.line(surface, TRAIL_DIFFICULT, view.to_screen(u), view.to_screen(v), 5)
    for p in points[1:-1]:
        pygame.draw.circle(surface, colour, p, 4)


CARD_SIZE = 13
CARD_PAD = 8
CARD_GAP = 18  # pixels between the mouse and the card


def card_rect(lines: list[str], mouse: tuple[int, int], bounds: pygame.Rect,
              left_of: int | None = None) -> pygame.Rect:
    """Where a figure's card stands: beside the mouse (below and right of it, else where it fits in
    ``bounds``); ``left_of``: its right edge there (the mouse is on a button of the side panel, which
    the card must not cover)."""
    width = max(theme.text_width(line, CARD_SIZE, i == 0) for i, line in enumerate(lines)) + 2 * CARD_PAD
    rect = pygame.Rect(0, 0, width, len(lines) * (CARD_SIZE + 5) + 2 * CARD_PAD)
    if left_of is not None:
        rect.topright = (left_of - CARD_GAP, mouse[1] - rect.height // 2)
    else:
        rect.topleft = (mouse[0] + CARD_GAP, mouse[1] + CARD_GAP)
        if rect.right > bounds.right:
            rect.right = mouse[0] - CARD_GAP
        if rect.bottom > bounds.bottom:
            rect.bottom = mouse[1] - CARD_GAP
    return rect.clamp(bounds)


def draw_card(surface: pygame.Surface, lines: list[str], rect: pygame.Rect, player: str) -> None:
    """A figure's card (``figure_card.card_lines``): its heading bold in its side's colour."""
    pygame.draw.rect(surface, theme.PANEL, rect, border_radius=4)
    pygame.draw.rect(surface, SIDE[player], rect, 2, border_radius=4)
    y = rect.y + CARD_PAD
    for i, line in enumerate(lines):
        theme.blit_text(surface, line, (rect.x + CARD_PAD, y), CARD_SIZE,
                        SIDE_EDGE[player] if i == 0 else theme.TEXT, bold=i == 0)
        y += CARD_SIZE + 5
