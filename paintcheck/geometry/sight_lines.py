"""Lines of fire between lattice points read from the field's sight table, as the ruler gives them.

``SightLines`` answers ``lines_of_fire(shooter, targets)`` for lattice points without geometry: the
sight table (``sight.py``) holds every obstacle the ruler meets between every ordered pair of
lattice points, nothing ignored, its rows in the order the ruler lists its touches
(``ruler._read_pairs``: by the obstacle centre's projection on the line from the shooter, with the
same float arithmetic, then by obstacle); this module hands out the index's own ``Touch`` objects.
Leaving obstacles out (the shooter's and the target's own covers) only removes touches, so the
reader filters them at lookup. A point off the lattice (mid-run, or another field's) gets None:
the caller measures it with the exact geometry.

Each shooter's touches are gathered into tuples on first use and kept, so a process pays for the
shooters it asks about only.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from paintcheck.field.lattice import Point
from paintcheck.geometry.index import ObstacleIndex
from paintcheck.geometry.sight import SightTable
from paintcheck.geometry.touch import CROSS, GRAZE, Touch

Touches = tuple[Touch, ...]
_NONE: Touches = ()


class SightLines:
    """The sight table of one field, read as the ruler's lines of fire."""

    def __init__(self, table: SightTable, index: ObstacleIndex) -> None:
        if table.obstacle_ids != index.ids:
            raise ValueError("the sight table was computed for another field's obstacles")
        self.table = table
        self.index = index
        self.point_index: dict[Point, int] = table.point_index
        self._first = np.searchsorted(table.shooter, np.arange(len(table.points) + 1)).tolist()
        # touch k of self._touches: obstacle k % n grazed (k < n) or crossed
        n = len(index.ids)
        self._code = table.obstacle.astype(np.intp) + n * table.crossed
        self._touches = index.touches[GRAZE] + index.touches[CROSS]
        self._from: dict[int, dict[int, Touches]] = {}
        self._filtered: dict[tuple, Touches] = {}

    def _shooter(self, i: int) -> dict[int, Touches]:
        """Target index -> touches in the ruler's order, for shooter ``i`` (every target it meets
        something on; the others meet nothing). The table's rows are in that order already."""
        lo, hi = self._first[i], self._first[i + 1]
        touches = self._touches
        met = [touches[k] for k in self._code[lo:hi].tolist()]
        target = self.table.target[lo:hi]
        cuts = (np.flatnonzero(target[1:] != target[:-1]) + 1).tolist()
        starts, ends = [0, *cuts], [*cuts, len(met)]
        row = self._from[i] = {
            j: tuple(met[a:b]) for j, a, b in zip(target[starts].tolist(), starts, ends, strict=True)
        } if met else {}
        return row

    def touches(self, shooter: Point, target: Point, ignore: Sequence[str] = ()) -> Touches | None:
        """What the ruler from ``shooter`` to ``target`` meets, leaving out ``ignore``; None when
        either point is not a lattice point of the field."""
        found = self.lines(shooter, (target,), ignore)
        return None if found is None else found[0]

    def lines(self, shooter: Point, targets: Sequence[Point], ignore: Sequence[str] = ()
              ) -> tuple[Touches, ...] | None:
        """The touches for each target in turn (as ``ruler.lines_of_fire``), or None when a point
        is off the lattice."""
        where = self.point_index
        try:
            i = where.get(shooter)
        except TypeError:  # a list for a point
            i = where.get(tuple(shooter))
        if i is None:
            return None
        row = self._from.get(i)
        if row is None:
            row = self._shooter(i)
        out = []
        for target in targets:
            try:
                j = where.get(target)
            except TypeError:
                j = where.get(tuple(target))
            if j is None:
                return None
            found = row.get(j, _NONE)
            if found and ignore:
                found = self._left(found, ignore)
            out.append(found)
        return tuple(out)

    def _left(self, touches: Touches, ignore: Sequence[str]) -> Touches:
        """``touches`` without the obstacles named in ``ignore`` (remembered: a round asks the same
        lines with the same covers left out again and again). ``touches`` is a tuple of the rows,
        kept as long as this reader: its id names it."""
        try:
            key = (id(touches), ignore)
            return self._filtered[key]
        except KeyError:
            left = self._filtered[key] = tuple(x for x in touches if x.obstacle not in ignore)
            return left
        except TypeError:  # a list of ignored obstacles
            return tuple(x for x in touches if x.obstacle not in ignore)
