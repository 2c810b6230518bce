"""The match's table drawn (issue 31, item 4): the terrain (the table designer's ``TableView``), the
deployment zones, the figures as round bases of
their side's colour with a label, and a move's trail with its reading.

Drawing only: what is drawn is the state and the ``move_tool.Reading`` the engine gave.
"""

from __future__ import annotations

import logging

import pygame

from paintcheck.ui import theme
from paintcheck.ui.unpourun.move_tool import Reading
from paintcheck.ui.unpourun.table_view import TableView
from paintcheck.unpourun import tables as t
from paintcheck.unpourun.state import Figure, MatchState, Point, Status
from paintcheck.unpourun.terrain import Table

log = logging.getLogger(__name__)

SIDE = {"A": (46, 110, 220), "B": (206, 60, 52)}
SIDE_EDGE = {"A": (200, 220, 255), "B": (255, 210, 200)}
ZONE = {"A": (46, 110, 220, 50), "B": (206, 60, 52, 50)}
TRAIL = (255, 255, 255)
TRAIL_DIFFICULT = (255, 200, 60)
HORS = (120, 120, 120)


def make_view(table: Table, rect: pygame.Rect) -> TableView:
    """The table designer's picture of the table (``table_view.TableView``), fitted in ``rect``."""
    return TableView(table, rect)


def draw_zones(surface: pygame.Surface, view: TableView, table: Table, zones: dict[str, int]) -> None:
    layer = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    for player, index in zones.items():
        pygame.draw.polygon(layer, ZONE[player], [view.to_screen(p) for p in table.zones[index].points])
    surface.blit(layer, (0, 0))


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
