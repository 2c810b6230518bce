"""Lines of fire between lattice points read from the field's sight table, as the ruler gives them.

``SightLines`` answers ``lines_of_fire(shooter, targets)`` for lattice points without geometry: the
sight table (``sight.py``) holds every obstacle the ruler meets between every ordered pair of
lattice points, nothing ignored, its rows in the order the ruler lists its touches
(``ruler._read_pairs``: by the obstacle centre's projection on the line from the shooter, with the
same float arithmetic, then by obstacle); this module hands out the index's own ``Touch`` objects.
Leaving obstacles out (the shooter's and the target's own covers) only removes touches, so the
reader filters them at lookup. A point off the lattice (mid-run, or another field's) gets None:
the caller measures it with the exact geometry.

Each shooter's rows are read into lists on first use, and each target's touches gathered into a
tuple when first asked, then kept: a process pays for the pairs it asks about only.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Sequence

import numpy as np

from paintcheck.field.lattice import Point, as_pair
from paintcheck.geometry.index import ObstacleIndex
from paintcheck.geometry.sight import SightTable
from paintcheck.geometry.touch import CROSS, GRAZE, Touch

Touches = tuple[Touch, ...]
_NONE: Touches = ()
_FILTERED_MAX = 200_000  # lines remembered with covers left out


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
        self._from: dict[int, tuple[list[int], list[int], dict[int, Touches]]] = {}
        self._filtered: dict[tuple[int, Sequence[str]], Touches] = {}  # (id of the touches, ignored)

    def _shooter(self, i: int) -> tuple[list[int], list[int], dict[int, Touches]]:
        """Shooter ``i``'s rows as lists: their targets (ascending, the table's order), their touch
        codes (in the ruler's order within a target), and the touches of each target asked so far."""
        lo, hi = self._first[i], self._first[i + 1]
        row = self._from[i] = (self.table.target[lo:hi].tolist(), self._code[lo:hi].tolist(), {})
        return row

    def _read(self, row: tuple[list[int], list[int], dict[int, Touches]], j: int) -> Touches:
        """Target ``j``'s touches in ``row`` (its rows are contiguous: two bisections), kept."""
        targets, codes, known = row
        a = bisect_left(targets, j)
        b = bisect_right(targets, j, a)
        touches = self._touches
        found = known[j] = tuple([touches[k] for k in codes[a:b]]) if b > a else _NONE
        return found

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
            i = where.get(as_pair(shooter))
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
                j = where.get(as_pair(target))
            if j is None:
                return None
            found = row[2].get(j)
            if found is None:
                found = self._read(row, j)
            if found and ignore:
                found = self._left(found, ignore)
            out.append(found)
        return tuple(out)

    def _left(self, touches: Touches, ignore: Sequence[str]) -> Touches:
        """``touches`` without the obstacles named in ``ignore`` (remembered: a round asks the same
        lines with the same covers left out again and again). ``touches`` is a tuple of the rows,
        kept as long as this reader: its id names it."""
        if ignore.__class__ is not tuple:  # a list of ignored obstacles: not remembered
            return tuple(x for x in touches if x.obstacle not in ignore)
        key = (id(touches), ignore)
        left = self._filtered.get(key)
        if left is None:
            if len(self._filtered) >= _FILTERED_MAX:  # a long simulation: start again
                self._filtered.clear()
            left = self._filtered[key] = tuple([x for x in touches if x.obstacle not in ignore])
        return left
