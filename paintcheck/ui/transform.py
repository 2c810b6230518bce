"""World (point units) <-> screen (pixels): the only place pixels meet the lattice.

World: x = column (A = 0), y = -row in Blue's half, +row in White's, 0 on the centre line. On
screen Blue's base is at the bottom and White's at the top, so a Blue coach looks up the field
(Blue's LEFT is the screen's left) and screen y grows as world y falls.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from paintcheck.field.lattice import Lattice, Point

LABEL_MARGIN = 1.3  # points of room around the field for letters and row numbers


@dataclass(frozen=True)
class FieldTransform:
    ox: float  # screen position of world (0, 0)
    oy: float
    scale: float  # pixels per point
    lattice: Lattice

    @classmethod
    def fit(cls, area: tuple[int, int, int, int], lattice: Lattice, margin: float = LABEL_MARGIN):
        """The largest transform that shows the whole field (and its labels) inside ``area``."""
        x, y, w, h = area
        span_x = lattice.columns - 1 + 1.0 + 2 * margin
        span_y = 2 * lattice.rows_per_half + 1.0 + 2 * margin
        scale = max(4.0, min(w / span_x, h / span_y))
        cx = x + w / 2
        cy = y + h / 2
        ox = cx - (lattice.columns - 1) / 2 * scale
        return cls(ox, cy, scale, lattice)

    def to_screen(self, wx: float, wy: float) -> tuple[int, int]:
        return (round(self.ox + wx * self.scale), round(self.oy - wy * self.scale))

    def to_world(self, sx: float, sy: float) -> tuple[float, float]:
        return ((sx - self.ox) / self.scale, (self.oy - sy) / self.scale)

    def length(self, points: float) -> int:
        return max(1, round(points * self.scale))

    def nearest_point(self, sx: float, sy: float, reach: float = 0.5) -> Point | None:
        """The lattice point under the pixel (within ``reach`` points), or None off the field."""
        wx, wy = self.to_world(sx, sy)
        p = (round(wx), round(wy))
        if not self.lattice.contains(p) or math.hypot(wx - p[0], wy - p[1]) > reach:
            return None
        return p

    def field_rect(self, margin: float = 0.5) -> tuple[int, int, int, int]:
        """The drawn field (outer points plus ``margin``) as a screen rectangle (x, y, w, h)."""
        r = self.lattice.rows_per_half
        x0, y0 = self.to_screen(-margin, r + margin)
        x1, y1 = self.to_screen(self.lattice.columns - 1 + margin, -r - margin)
        return (x0, y0, x1 - x0, y1 - y0)
