"""How sure a win rate is: the Wilson score interval of a proportion (``tournament``'s win rate,
``balance``'s sides and coaches)."""

from __future__ import annotations

import math

CONFIDENCE = 0.95  # the intervals' level
Z95 = 1.959963984540054  # the normal quantile of a two-sided 95% interval


def wilson(wins: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion ``wins / n`` ([0, 1] when n is 0)."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)
