"""Where a table's two deployment zones stand as the window shows them (``table_view``: y = 0, player
A's edge, at the bottom): "bottom" and "top" when one lies above the other, "left" and "right" when
they stand side by side. The match names a zone by its place in the choice's buttons and in its story
(1.9: the higher roller takes either zone), by its owner once chosen. No pygame here.
"""

from __future__ import annotations

from paintcheck.unpourun.terrain import Table, Zone


def _centre(zone: Zone) -> tuple[float, float]:
    xs, ys = [p[0] for p in zone.points], [p[1] for p in zone.points]
    return (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2


def places(table: Table) -> tuple[str, str]:
    """Each zone's place on the screen, in the table's order (the pair of the axis they differ most on)."""
    (ax, ay), (bx, by) = (_centre(z) for z in table.zones)
    if abs(by - ay) >= abs(bx - ax):
        return ("bottom", "top") if ay <= by else ("top", "bottom")
    return ("left", "right") if ax <= bx else ("right", "left")
