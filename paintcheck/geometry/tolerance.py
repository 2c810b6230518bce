"""How exact the instruments are, and the angle helper they share.

Readings are taken on exact geometry, but floats carry noise of about 1e-15 point. ``EPS`` is the
tolerance every boundary decision uses: a value within ``EPS`` of a limit counts as ON the limit,
and the instruments' limits are closed (a distance of exactly 3 is in the 3-point band, an obstacle
exactly 0.25 from the ruler's centre line is grazed, a point exactly on a vision-limit line is
seen).
Angles are rounded to ``ANGLE_DIGITS`` decimals of a degree so that 45 degrees reads 45.0.
"""

from __future__ import annotations

import math

EPS = 1e-9  # point units: far below anything a player could see on the table
ANGLE_DIGITS = 9  # decimals of a degree kept in angle readings


def angle_deg(ux: float, uy: float, vx: float, vy: float) -> float:
    """The unsigned angle between two vectors, in degrees 0-180; 0 if either is null."""
    if (ux == 0 and uy == 0) or (vx == 0 and vy == 0):
        return 0.0
    cross = ux * vy - uy * vx
    dot = ux * vx + uy * vy
    return round(math.degrees(math.atan2(abs(cross), dot)), ANGLE_DIGITS)
