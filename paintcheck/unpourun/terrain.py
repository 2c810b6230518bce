"""What an Un pour un table holds (RULES-unpourun §1): its size, two deployment zones and terrain
pieces, as plain frozen data (floats in *pas*, no shapely object: the measurer builds those).

A ``Piece`` is a simple polygon with a ``Kind`` and a whole height 0-20 (1.6); a ``Zone`` is a
simple polygon where one band deploys (1.9); a ``Table`` is ``width`` x ``depth`` *pas* with (x, y)
from one corner, y running from player A's edge (y = 0) to player B's (1.2). The numbers of §1 and
§13 the measurer reads are here, each tagged with its paragraph.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

Point = tuple[float, float]

# -- the numbers of §1 (RULES-unpourun; [H] the house's) --
STANDARD_SIZE = 48.0  # 1.2 [H] the standard table is 48 x 48 pas
BASE_DIAMETER = 1.0  # 1.3 [H] every base is 1 pas across
BASE_RADIUS = BASE_DIAMETER / 2  # 1.3, 1.4: a figure-to-point d is centre distance - 0.5
CONTACT = 0.1  # 1.5 [H] in contact when d <= 0.1
MIN_HEIGHT = 0  # 1.6 [H] heights are whole pas, 0 to 20
MAX_HEIGHT = 20  # 1.6 [H]
EYE_HEIGHT = 1.0  # 1.8 [H] the eye is 1 above the figure's elevation
ABOVE = 1  # 1.7 [H] "above" is an elevation at least 1 higher
ZONE_DEPTH = 14.0  # 1.9 [H] the standard zones are the strips 0 <= y <= 14 and 34 <= y <= 48
ZONE_GAP = 20.0  # 1.2, 1.9 [S « au moins 20 pas entre deux zones »] zones are >= 20 apart
DIFFICULT_FACTOR = 2.0  # 3.4 [S « la moitié de son mouvement »] difficult terrain costs twice
ROPE_MAX_HEIGHT = 10  # 3.11 [S « jamais au-dessus de 10 »] a rope climbs impassable pieces of h 1-10
ROPE_COST_PER_PAS = 2.0  # 3.11 [S « un pas en hauteur équivaut à deux pas »] up or down


class Kind(StrEnum):
    """A piece's kind (1.6 « dégagé, difficile et infranchissable »), least restrictive first."""

    OPEN = "open"
    DIFFICULT = "difficult"
    IMPASSABLE = "impassable"


RESTRICTION = {Kind.OPEN: 0, Kind.DIFFICULT: 1, Kind.IMPASSABLE: 2}  # 1.6: the most restrictive applies


@dataclass(frozen=True)
class Piece:
    """A terrain piece: a simple polygon (its corners, not closed), a kind and a whole height."""

    kind: Kind
    height: int
    points: tuple[Point, ...]
    name: str = ""


@dataclass(frozen=True)
class Zone:
    """A deployment zone: a simple polygon (its corners, not closed)."""

    points: tuple[Point, ...]


def strip(y0: float, y1: float, width: float = STANDARD_SIZE) -> Zone:
    """The zone y0 <= y <= y1 across the whole width (1.9's strips)."""
    return Zone(((0.0, y0), (width, y0), (width, y1), (0.0, y1)))


STANDARD_ZONES = (strip(0.0, ZONE_DEPTH), strip(STANDARD_SIZE - ZONE_DEPTH, STANDARD_SIZE))  # 1.9


@dataclass(frozen=True)
class Table:
    """A table: its size in pas, player A's and player B's zones, its pieces (1.2, 1.6, 1.9)."""

    width: float = STANDARD_SIZE
    depth: float = STANDARD_SIZE
    zones: tuple[Zone, Zone] = STANDARD_ZONES
    pieces: tuple[Piece, ...] = ()
    name: str = "open table"
    name_fr: str | None = None
    source: str = "<table>"


OPEN_TABLE = Table()  # 1.2: the standard table with no terrain
