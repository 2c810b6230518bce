"""The plain readings the instruments hand to the rules: standard-library data only, so that
``rules.measure`` (the ``Measurer`` protocol) uses these very classes and ``rules`` stays free of
shapely."""

from __future__ import annotations

from dataclasses import dataclass, field

from paintcheck.field.lattice import Point

GRAZE = "graze"
CROSS = "cross"


@dataclass(frozen=True)
class Touch:
    """One obstacle met by the ruler (line of fire) or by a sweep."""

    obstacle: str
    kind: str
    height: str  # "low" | "medium" | "high"
    effect: str  # GRAZE | CROSS
    name: str = field(default="", compare=False)  # what a player reads ("cone at B:E6"), or the id


@dataclass(frozen=True)
class ObstacleInfo:
    """What the rules need to know of one obstacle."""

    id: str
    kind: str
    height: str
    points: tuple[Point, ...]
    narrow: bool  # at most 1 point wide: side change allowed behind it
    long: bool  # stands on 2+ points: safe moves along it
    overable: bool  # may be played OVER
    name: str = field(default="", compare=False)  # what a player reads ("cylinder at B:H6"), or the id
