"""A field layout: its lattice, flag format and obstacles, built once into exact geometry.

``Layout`` is the immutable description (what a layout file says); ``Layout.build()`` makes the
``Obstacle`` objects with their footprints prepared and an STRtree beside them, once per layout.
Loading and validating files lives in ``paintcheck.field.layout_file``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

import numpy as np
import shapely
from shapely.geometry.base import BaseGeometry

from paintcheck.field import catalogue, footprints
from paintcheck.field.catalogue import Kind
from paintcheck.field.lattice import (
    DEFAULT_LATTICE,
    TEAMS,
    Lattice,
    Point,
    mirror_point,
    neighbours,
    point_name,
)

FLAG_FORMATS = ("centre", "double")


class LayoutError(ValueError):
    """A layout that cannot be used; the message names the file, the obstacle and the problem."""


@dataclass(frozen=True)
class ObstacleSpec:
    """One obstacle as a layout file gives it."""

    id: str
    kind: str
    at: Point
    axis: int = 0  # degrees, 45-degree steps; 0 toward column Q, 90 toward White's base
    name: str | None = None  # what players call it, when the layout gives it a name

    def name_for(self, team: str | None = None) -> str:
        """What a player reads (``Obstacle.name_for``: the placed piece says the same)."""
        return piece_name(self.kind, self.at, self.name, team)


def piece_name(kind_id: str, at: Point, given: str | None = None, team: str | None = None) -> str:
    """A piece as players call it: the layout's name for it, else its kind and its place in
    ``team``'s words ("cylinder at H6"; qualified for both coaches, "lying cylinder at B:B6")."""
    if given:
        return given
    return catalogue.obstacle_words(kind_id, point_name(at, team))


@dataclass(frozen=True, eq=False)
class Obstacle:
    """A placed obstacle with its exact geometry (point units)."""

    id: str
    kind: Kind
    points: tuple[Point, ...]
    axis: int
    footprint: BaseGeometry
    centre_line: BaseGeometry
    at: Point | None = None  # the point the layout places it at
    given_name: str | None = None  # the layout's name for it

    def name_for(self, team: str | None = None) -> str:
        """What a player reads: the layout's name, else the kind and its place in ``team``'s words
        ("cylinder at H6"; qualified for both coaches, "lying cylinder at B:B6"). The id is the
        file's."""
        return piece_name(self.kind.id, self.at or self.points[0], self.given_name, team)

    @property
    def name(self) -> str:
        return self.name_for(None)

    @property
    def height(self) -> str:
        return self.kind.height

    @cached_property
    def centre(self) -> tuple[float, float]:
        c = self.footprint.centroid if self.kind.id == "cone_lying" else self.centre_line.centroid
        return (c.x, c.y)

    @cached_property
    def bounds(self) -> tuple[float, float, float, float]:
        bounds: tuple[float, float, float, float] = self.footprint.bounds  # shapely's, untyped
        return bounds

    @property
    def across_width(self) -> float:
        """Extent across the field (x), what 'at most 1 point wide' measures [H]."""
        minx, _, maxx, _ = self.bounds
        return maxx - minx

    @property
    def narrow(self) -> bool:
        """A side change is allowed behind it [B p.16]."""
        return self.across_width <= catalogue.NARROW_MAX_WIDTH + 1e-9

    def blocks(self, point: Point) -> bool:
        """A move may not pass ``point`` because this obstacle stands on it [B p.7, H RULES 2.4]."""
        if point not in self.points:
            return False
        return self.points.index(point) not in self.kind.steppable


@dataclass(frozen=True)
class Layout:
    """A field layout as its file describes it."""

    name: str
    obstacles: tuple[ObstacleSpec, ...]
    lattice: Lattice = DEFAULT_LATTICE
    flag: str = "centre"
    source: str = "<layout>"
    name_fr: str | None = None  # its name when the window speaks French (the file's optional "name_fr")

    def name_in(self, locale: str) -> str:
        """The name a player reads in ``locale`` (``"fr"``: the French name, when it has one)."""
        return self.name_fr if locale == "fr" and self.name_fr else self.name

    def build(self) -> Field:
        return Field(self)

    def flag_homes(self) -> dict[str, Point]:
        return flag_homes(self.flag, self.lattice)


@dataclass(eq=False)
class Field:
    """A layout built into geometry: obstacles, their STRtree and the point -> obstacle maps."""

    layout: Layout
    obstacles: tuple[Obstacle, ...] = field(init=False)
    by_id: dict[str, Obstacle] = field(init=False)
    tree: shapely.STRtree = field(init=False)
    footprints: np.ndarray = field(init=False)  # shapely geometries, parallel to ``obstacles``
    standing_on: dict[Point, Obstacle] = field(init=False)

    def __post_init__(self) -> None:
        built = []
        for spec in self.layout.obstacles:
            kind = catalogue.KINDS[spec.kind]
            pts = catalogue.obstacle_points(kind, spec.at, spec.axis)
            shape = footprints.footprint(kind, pts, spec.axis)
            built.append(
                Obstacle(spec.id, kind, pts, spec.axis, shape, footprints.centre_line(kind, pts),
                         spec.at, spec.name)
            )
        self.obstacles = tuple(built)
        self.by_id = {o.id: o for o in built}
        self.footprints = np.array([o.footprint for o in built], dtype=object)
        shapely.prepare(self.footprints)
        self.tree = shapely.STRtree(self.footprints)
        self.standing_on = {p: o for o in built for p in o.points}

    @property
    def lattice(self) -> Lattice:
        return self.layout.lattice

    def covers_of(self, point: Point) -> tuple[Obstacle, ...]:
        """Obstacles a player on ``point`` is behind: those standing on an 8-neighbour [B p.13]."""
        found: list[Obstacle] = []
        for n in neighbours(point):
            o = self.standing_on.get(n)
            if o is not None and o not in found and point not in o.points:
                found.append(o)
        return tuple(found)

    def blocked(self, point: Point) -> bool:
        """An obstacle stands on ``point`` and it is not a steppable end."""
        o = self.standing_on.get(point)
        return o is not None and o.blocks(point)

    def free_points(self) -> list[Point]:
        """Lattice points no obstacle stands on."""
        return [p for p in self.lattice.points() if p not in self.standing_on]


def flag_homes(flag: str | None, lattice: Lattice) -> dict[str, Point]:
    """Where the flags stand at the start (RULES 13.1): the centre flag in the middle of the centre
    line (I0); in the double format (any other ``flag``, None too) each team's flag in the middle
    of its base [H]."""
    mid = lattice.columns // 2
    if flag == "centre":
        return {"centre": (mid, 0)}
    return {team: lattice.world(team, mid, lattice.base_row) for team in TEAMS}


def mirror_id(obstacle_id: str) -> str:
    """The id the mirror of an obstacle gets: a final ``-b`` and ``-w`` swap, otherwise ``-m``."""
    if obstacle_id.endswith("-b"):
        return obstacle_id[:-2] + "-w"
    if obstacle_id.endswith("-w"):
        return obstacle_id[:-2] + "-b"
    return obstacle_id + "-m"


def mirror_spec(spec: ObstacleSpec, new_id: str | None = None) -> ObstacleSpec:
    """The obstacle mirrored through the centre line: B:C5 <-> W:C5, axis a <-> -a [RULES 1.6].

    Its id is ``new_id`` or ``mirror_id(spec.id)``. A lying obstacle keeps its first point first,
    so a lying cone's base stays its base.
    """
    kind = catalogue.KINDS.get(spec.kind)
    axis = (-spec.axis) % 360 if kind is None or kind.lying else 0
    return ObstacleSpec(
        id=mirror_id(spec.id) if new_id is None else new_id,
        kind=spec.kind,
        at=mirror_point(spec.at),
        axis=axis,
    )
