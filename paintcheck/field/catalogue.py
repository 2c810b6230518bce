"""The box: obstacle kinds and the physical instruments, in point units (RULES §2, §8, §12.3).

This module holds what a ruler would measure on the real pieces (sizes, heights, which ends can be
stepped on, the ruler's width and marks, the protractor's segments, the prebunk template), as plain
data with no dependency, so that ``rules`` can read it; the footprints as shapely shapes are made
in ``paintcheck.field.footprints``. Game
values (protection, modifiers) live in ``paintcheck.rules.tables``, which reads the instrument
numbers from here so that each number has exactly one home. Tags: [B p.N] the book, [H] house value.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from paintcheck.field.lattice import Point
from paintcheck.said import Said

HEIGHTS = ("low", "medium", "high")

# -- the instruments -------------------------------------------------------------------------------
RULER_HALF_WIDTH = 0.25  # the ruler's band is 0.5 point wide, 0.25 each side  [H RULES 8.4]
# the centre line crosses an obstacle when it runs >= 0.2 inside  [H RULES 8.4]
CROSS_MIN_LENGTH = 0.2
# distance band limits, each band closed above  [H RULES 8.1]
RULER_MARKS = (3.0, 6.0, 10.0, 14.0, 18.0)
PROTRACTOR_SEGMENT_DEG = 18.0  # the protractor's segments are 18 degrees wide  [H RULES 8.2]
TEMPLATE_LENGTH = 6.0  # the prebunk template strip is 6 points long...  [H RULES 12.3]
TEMPLATE_WIDTH = 1.0  # ...and 1 point wide  [H RULES 12.3]
NARROW_MAX_WIDTH = 1.0  # side change only behind an obstacle at most 1 point wide  [B p.16]


@dataclass(frozen=True)
class Kind:
    """One kind of obstacle of the box."""

    id: str
    name: str
    points: int  # lattice points it stands on, along its axis  [RULES 2.2]
    height: str  # line-of-fire class  [H RULES 2.2]
    overable: bool  # may be played OVER  [B p.8]
    steppable: tuple[int, ...]  # indices of its points a move may pass through  [H RULES 2.4]
    lying: bool  # has an axis given by the layout in 45-degree steps  [RULES 2.3]
    length: float  # footprint length along the axis (diameter for discs)  [H RULES 2.2]
    width: float  # footprint width across the axis  [H RULES 2.2]

    @property
    def long(self) -> bool:
        """Stands on 2 or more points (safe moves along it, RULES 10.6)."""
        return self.points >= 2


KINDS: dict[str, Kind] = {
    k.id: k
    for k in (
        Kind("cylinder", "upright cylinder", 1, "high", False, (), False, 0.9, 0.9),
        Kind("cylinder_lying", "lying cylinder", 2, "low", True, (0, 1), True, 1.9, 0.8),
        Kind("cone", "upright cone", 1, "medium", False, (), False, 0.9, 0.9),
        Kind("cone_lying", "lying cone (carrot)", 2, "low", True, (1,), True, 1.9, 0.8),
        Kind("rocket_big", "big rocket", 1, "high", False, (), False, 1.4, 1.4),
        Kind("rocket_small", "small rocket", 1, "low", True, (), False, 0.8, 0.8),
        Kind("submarine", "submarine", 3, "low", True, (0, 2), True, 2.9, 0.9),
        Kind("pyramid", "pyramid", 1, "high", False, (), False, 1.6, 1.6),
    )
}

# The word a player uses for each kind (RULES 2.2, 15: a lying cone is a "carrot").
KIND_WORDS = {
    "cylinder": "cylinder", "cylinder_lying": "lying cylinder", "cone": "cone", "cone_lying": "carrot",
    "rocket_big": "big rocket", "rocket_small": "small rocket", "submarine": "submarine",
    "pyramid": "pyramid",
}


# ... each a Said (paintcheck.said: the same English string, worded again by the window)
_KIND_SAID = {kind: Said(f"rules.piece.{kind}") for kind, word in KIND_WORDS.items()}


def kind_word(kind_id: str) -> str:
    """``cylinder_lying`` -> ``lying cylinder``: a kind as the players say it."""
    return _KIND_SAID.get(kind_id, kind_id)


def obstacle_words(kind_id: str, point: str) -> str:
    """``cylinder at B:H6``: a piece by its kind and the point it stands at (in the game's notation).
    The window words it with the kind's own key (``rules.obstacle.cylinder``: French puts the article
    that goes with the piece, « le cylindre », « la pyramide »)."""
    word = kind_word(kind_id)
    if kind_id not in _KIND_SAID:
        return Said("rules.obstacle.unknown", piece=word, point=point)  # a kind the catalogue lacks
    return Said(f"rules.obstacle.{kind_id}", piece=word, point=point)


BOX_CONTENTS = {  # the 21 obstacles of the box  [B p.2]
    "cylinder": 8,  # upright or lying
    "cone": 6,  # upright or lying
    "rocket_big": 1,
    "submarine": 1,
    "pyramid": 1,
    "rocket_small": 4,
}
# lying pieces are the same pieces
BOX_FAMILY = {"cylinder_lying": "cylinder", "cone_lying": "cone"}


def axis_step(axis_deg: int) -> Point:
    """The lattice step along an axis given in 45-degree steps.

    0 points toward column Q, 90 toward White's base.
    """
    a = math.radians(axis_deg)
    return (round(math.cos(a)), round(math.sin(a)))


def obstacle_points(kind: Kind, at: Point, axis_deg: int = 0) -> tuple[Point, ...]:
    """The lattice points an obstacle stands on: ``at`` first, then along its axis."""
    dx, dy = axis_step(axis_deg) if kind.lying else (0, 0)
    return tuple((at[0] + i * dx, at[1] + i * dy) for i in range(kind.points))
