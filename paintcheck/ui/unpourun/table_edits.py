"""The table designer's edits, as pure functions from a table to the next (``unpourun.terrain``'s
frozen ``Table``): place a ready shape, move, turn, resize or reshape a piece, change its kind or
height, delete it, change the table's size, move a deployment zone's edge. No pygame: the scene
turns the mouse into these, ``designer_model`` keeps their history.

Every point an edit makes is snapped to ``SNAP`` pas (a file of round numbers); none is checked
here: the table file's own checks (``table_file.table_problems``) judge the result, live.
"""

from __future__ import annotations

import math
from dataclasses import replace
from enum import StrEnum

from paintcheck.unpourun.table_schema import MAX_SIZE, MIN_SIZE
from paintcheck.unpourun.terrain import Kind, Piece, Point, Table, Zone

SNAP = 0.5  # [H] pas: corners land on half pas
TURN_STEP = 15  # degrees a turn key or a wheel notch turns a piece
SIZE_STEP = 6  # pas a table's side grows or shrinks by
DEFAULT_HEIGHT = {Kind.OPEN: 1, Kind.DIFFICULT: 0, Kind.IMPASSABLE: 2}  # [H] a hill, a wood, a house


class Shape(StrEnum):
    """The palette's ready shapes."""

    RECTANGLE = "rectangle"
    OCTAGON = "octagon"
    L_SHAPE = "l_shape"


def snap(value: float) -> float:
    return round(value / SNAP) * SNAP


def snapped(point: Point) -> Point:
    return (snap(point[0]), snap(point[1]))


def shape_points(shape: Shape, centre: Point) -> tuple[Point, ...]:
    """A ready shape's corners about ``centre``: a 6 x 4 rectangle, an octagon 6 across, an L 6 x 6
    with arms 2 wide."""
    cx, cy = snapped(centre)
    if shape == Shape.RECTANGLE:
        corners: list[Point] = [(-3, -2), (3, -2), (3, 2), (-3, 2)]
    elif shape == Shape.OCTAGON:
        corners = [(3, -1.5), (3, 1.5), (1.5, 3), (-1.5, 3), (-3, 1.5), (-3, -1.5), (-1.5, -3), (1.5, -3)]
    else:
        corners = [(-3, -3), (3, -3), (3, -1), (-1, -1), (-1, 3), (-3, 3)]
    return tuple((cx + x, cy + y) for x, y in corners)


def new_piece(shape: Shape, kind: Kind, centre: Point) -> Piece:
    return Piece(kind, DEFAULT_HEIGHT[kind], shape_points(shape, centre))


def add_piece(table: Table, piece: Piece) -> Table:
    return replace(table, pieces=(*table.pieces, piece))


def _with_piece(table: Table, index: int, piece: Piece) -> Table:
    pieces = list(table.pieces)
    pieces[index] = piece
    return replace(table, pieces=tuple(pieces))


def delete_piece(table: Table, index: int) -> Table:
    return replace(table, pieces=table.pieces[:index] + table.pieces[index + 1:])


def move_piece(table: Table, index: int, dx: float, dy: float) -> Table:
    """Piece ``index`` moved by (dx, dy), snapped as a whole (its shape kept)."""
    piece = table.pieces[index]
    dx, dy = snap(dx), snap(dy)
    return _with_piece(table, index, replace(piece, points=tuple((x + dx, y + dy) for x, y in piece.points)))


def move_corner(table: Table, index: int, corner: int, to: Point) -> Table:
    """Corner ``corner`` of piece ``index`` to ``to`` (snapped)."""
    piece = table.pieces[index]
    points = list(piece.points)
    points[corner] = snapped(to)
    return _with_piece(table, index, replace(piece, points=tuple(points)))


def centre_of(points: tuple[Point, ...]) -> Point:
    """The middle of a polygon's box (what it turns and grows about)."""
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return ((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2)


def turn_piece(table: Table, index: int, degrees: float) -> Table:
    """Piece ``index`` turned by ``degrees`` (counter-clockwise on the table) about its box's middle;
    corners snapped."""
    piece = table.pieces[index]
    cx, cy = centre_of(piece.points)
    a = math.radians(degrees)
    cos, sin = math.cos(a), math.sin(a)
    points = tuple(snapped((cx + (x - cx) * cos - (y - cy) * sin, cy + (x - cx) * sin + (y - cy) * cos))
                   for x, y in piece.points)
    return _with_piece(table, index, replace(piece, points=points))


def box_corner(points: tuple[Point, ...]) -> Point:
    """The resize handle: the top-right corner of a polygon's box."""
    return (max(p[0] for p in points), max(p[1] for p in points))


def resize_piece(table: Table, index: int, to: Point) -> Table:
    """Piece ``index`` stretched so that its box's top-right corner comes to ``to``, its bottom-left
    corner staying (each side at least ``SNAP``)."""
    piece = table.pieces[index]
    x0, y0 = min(p[0] for p in piece.points), min(p[1] for p in piece.points)
    x1, y1 = box_corner(piece.points)
    tx, ty = snapped(to)
    sx = max(tx - x0, SNAP) / max(x1 - x0, 1e-9)
    sy = max(ty - y0, SNAP) / max(y1 - y0, 1e-9)
    points = tuple(snapped((x0 + (x - x0) * sx, y0 + (y - y0) * sy)) for x, y in piece.points)
    return _with_piece(table, index, replace(piece, points=points))


def set_kind(table: Table, index: int, kind: Kind) -> Table:
    return _with_piece(table, index, replace(table.pieces[index], kind=kind))


def set_height(table: Table, index: int, height: int) -> Table:
    """Piece ``index``'s height (the file's checks say when it leaves 0-20)."""
    return _with_piece(table, index, replace(table.pieces[index], height=height))


def set_name(table: Table, name: str) -> Table:
    """The table's name (its French name goes: the user names it in one language)."""
    return replace(table, name=name.strip(), name_fr=None)


def resize_table(table: Table, width: float, depth: float) -> Table:
    """The table ``width`` x ``depth`` (kept within the format's sizes). A zone that reached the far
    edge (y = depth) moves with it, keeping its depth; a zone's corners on the right edge stay on it;
    the pieces stay where they are (the checks say when one is left off the table)."""
    width = float(min(MAX_SIZE, max(MIN_SIZE, width)))
    depth = float(min(MAX_SIZE, max(MIN_SIZE, depth)))
    dy = depth - table.depth
    zones = []
    for zone in table.zones:
        far = max(p[1] for p in zone.points) == table.depth
        zones.append(Zone(tuple((width if x == table.width else x, y + dy if far else y)
                                for x, y in zone.points)))
    return replace(table, width=width, depth=depth, zones=(zones[0], zones[1]))


def move_zone_edge(table: Table, zone: int, edge: int, by: Point) -> Table:
    """Edge ``edge`` (corners ``edge`` and ``edge + 1``) of zone ``zone`` moved by ``by`` across its
    own direction only (snapped): a strip's inner edge drags up or down, a side edge left or right."""
    points = list(table.zones[zone].points)
    a, b = points[edge], points[(edge + 1) % len(points)]
    ex, ey = b[0] - a[0], b[1] - a[1]
    length = math.hypot(ex, ey)
    if length == 0:
        return table
    nx, ny = -ey / length, ex / length
    across = by[0] * nx + by[1] * ny
    shift = (nx * across, ny * across)
    for k in (edge, (edge + 1) % len(points)):
        points[k] = snapped((points[k][0] + shift[0], points[k][1] + shift[1]))
    zones = list(table.zones)
    zones[zone] = Zone(tuple(points))
    return replace(table, zones=(zones[0], zones[1]))
