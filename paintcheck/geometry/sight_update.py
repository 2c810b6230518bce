"""The sight table after an edit, without computing it again (issue 32, item 1: a live study).

Each (pair of points, obstacle) touch of the table depends on that pair and that obstacle only
(``ruler.touch_arrays`` measures each near (segment, obstacle) independently). So when a few
pieces are moved, turned, added or removed, the new table is the old one with:

* the rows of the pieces that changed or left taken out (they are known: their obstacle index);
* the rows of the pieces that changed or came measured again, on the pairs whose segment passes
  near their new footprint only (the ruler's own bounding-disc test, then its exact test, by
  ``touch_arrays`` on a small index of those pieces alone);
* the rows of every pair that gained a touch put back in the ruler's order (``sight._ruler_order``:
  by pair, then the obstacle's centre projected on the line, then the obstacle's index); the
  other pairs' rows keep their order, so the whole is a merge of two sorted runs.

The answer is the table ``compute_sight_table`` gives, row for row and bit for bit (the tests
compare them after random edit sequences on every shipped layout): a table computed this way
written to the cache is the same file.

``RecentTables`` keeps the last few tables keyed by the layout's content (``sight.layout_key``):
undo and redo find theirs at once, and any other state is reached from the most recent table of
the same lattice when few pieces differ, else computed (or read from the disk cache) whole.
"""

from __future__ import annotations

import logging
from collections import OrderedDict
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from paintcheck.field.layout import Field, Layout
from paintcheck.geometry.index import ObstacleIndex
from paintcheck.geometry.ruler import touch_arrays
from paintcheck.geometry.sight import CHUNK, SightTable, compute_sight_table, layout_key, sight_table

KEEP = 16  # tables kept (one is 3 to 5 MB on the shipped fields)
MAX_CHANGED = 8  # pieces that may differ for an update; beyond, the table is computed whole

log = logging.getLogger(__name__)

Shape = tuple[str, tuple[int, int], int]  # what the table depends on of a piece: kind, point, axis


def shapes(layout: Layout) -> dict[str, Shape]:
    """Each piece's id and what its touches depend on (the layout key's content, without the order)."""
    return {o.id: (o.kind, (int(o.at[0]), int(o.at[1])), int(o.axis)) for o in layout.obstacles}


def changed_pieces(before: dict[str, Shape], after: dict[str, Shape]) -> tuple[set[str], set[str]]:
    """(ids whose rows go: changed or removed, ids whose rows are measured: changed or added)."""
    gone = {oid for oid, shape in before.items() if after.get(oid) != shape}
    come = {oid for oid, shape in after.items() if before.get(oid) != shape}
    return gone, come


def updated_table(table: SightTable, before: Layout, field: Field) -> SightTable:
    """``field``'s sight table from ``table``, the table of the layout ``before`` (same lattice):
    only the pieces that differ are measured, on the pairs near them (module docstring)."""
    after = field.layout
    if after.lattice != before.lattice:
        raise ValueError("an updated sight table needs the same lattice")
    gone, come = changed_pieces(shapes(before), shapes(after))
    points = table.points
    n = len(points)
    new_ids = tuple(o.id for o in field.obstacles)
    position = {oid: i for i, oid in enumerate(new_ids)}
    # old obstacle index -> new index (-1: its rows go)
    remap = np.array([-1 if oid in gone else position[oid] for oid in table.obstacle_ids], dtype=np.int32)
    keep = remap[table.obstacle] >= 0 if len(table) else np.zeros(0, dtype=bool)
    shooter, target = table.shooter[keep], table.target[keep]
    obstacle, crossed = remap[table.obstacle[keep]], table.crossed[keep]
    # the new pieces' rows, measured on the pairs near them, each unordered pair once as the
    # full computation does (shooter < target), then both ways
    come_ids = sorted(come, key=position.__getitem__)
    new_s, new_t, new_o, new_c = measure_pieces(field, come_ids, points, position)
    ns, nt = np.concatenate([new_s, new_t]), np.concatenate([new_t, new_s])
    no, nc = np.concatenate([new_o, new_o]), np.concatenate([new_c, new_c])
    kept_remap = remap[remap >= 0]
    if len(kept_remap) and np.any(np.diff(kept_remap) < 0):
        # the pieces kept changed their order: a tie between two centres may turn; sort it all
        return _sorted(field, points, np.concatenate([shooter, ns]), np.concatenate([target, nt]),
                       np.concatenate([obstacle, no]), np.concatenate([crossed, nc]))
    # pairs that gained a touch: all their rows are put in the ruler's order again
    pair_kept = shooter.astype(np.int64) * n + target
    pair_new = ns.astype(np.int64) * n + nt
    touched = np.zeros(n * n, dtype=bool)
    touched[pair_new] = True
    moving = touched[pair_kept]
    still = ~moving
    s2 = np.concatenate([shooter[moving], ns])
    t2 = np.concatenate([target[moving], nt])
    o2 = np.concatenate([obstacle[moving], no])
    c2 = np.concatenate([crossed[moving], nc])
    p2 = np.concatenate([pair_kept[moving], pair_new])
    order2 = _order(field, points, p2, s2, t2, o2)
    # the two runs, each sorted by pair, no pair in both: a stable merge by pair
    pair_all = np.concatenate([pair_kept[still], p2[order2]])
    merge = np.argsort(pair_all, kind="stable")
    s_all = np.concatenate([shooter[still], s2[order2]])[merge]
    t_all = np.concatenate([target[still], t2[order2]])[merge]
    o_all = np.concatenate([obstacle[still], o2[order2]])[merge]
    c_all = np.concatenate([crossed[still], c2[order2]])[merge]
    return SightTable(points, new_ids, tuple(o.height for o in field.obstacles),
                      s_all.astype(np.int32), t_all.astype(np.int32), o_all.astype(np.int32),
                      c_all.astype(bool), layout_key(field))


def measure_pieces(field: Field, ids: list[str], points: np.ndarray, position: dict[str, int],
                   pairs: tuple[np.ndarray, np.ndarray] | None = None
                   ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """(shooter, target, obstacle, crossed) of the pieces ``ids`` on every unordered pair of
    ``points`` (shooter < target), or on ``pairs`` only (two index arrays), obstacles numbered as
    in ``field``."""
    empty = np.zeros(0, dtype=np.int32)
    if not ids or len(points) < 2:
        return empty, empty, empty, np.zeros(0, dtype=bool)
    wanted = set(ids)
    specs = tuple(o for o in field.layout.obstacles if o.id in wanted)
    part = Layout(field.layout.name, specs, field.layout.lattice, field.layout.flag).build()
    index = ObstacleIndex(part)
    own = np.array([position[oid] for oid in index.ids], dtype=np.int32)
    xy = points.astype(float)
    ii, jj = unordered_pairs(len(points)) if pairs is None else pairs
    if not len(ii):
        return empty, empty, empty, np.zeros(0, dtype=bool)
    out_s, out_t, out_o, out_c = [], [], [], []
    step = CHUNK * 4  # few obstacles: the pre-filter's arrays stay small
    for lo in range(0, len(ii), step):
        a, b = ii[lo:lo + step], jj[lo:lo + step]
        pair, obst, crossed = touch_arrays(index, xy[a], xy[b])
        out_s.append(a[pair])
        out_t.append(b[pair])
        out_o.append(own[obst])
        out_c.append(crossed)
    return (np.concatenate(out_s).astype(np.int32), np.concatenate(out_t).astype(np.int32),
            np.concatenate(out_o).astype(np.int32), np.concatenate(out_c).astype(bool))


@lru_cache(maxsize=4)
def unordered_pairs(n: int) -> tuple[np.ndarray, np.ndarray]:
    """``np.triu_indices(n, k=1)``, kept (the same lattice is edited again and again)."""
    ii, jj = np.triu_indices(n, k=1)
    ii.flags.writeable = jj.flags.writeable = False
    return ii, jj


def _order(field: Field, points: np.ndarray, pair: np.ndarray, shooter: np.ndarray,
           target: np.ndarray, obstacle: np.ndarray) -> np.ndarray:
    """The ruler's order of rows (``sight._ruler_order``'s key, the same float arithmetic)."""
    centres = np.array([o.centre for o in field.obstacles], dtype=float).reshape(-1, 2)
    xy = points.astype(float)
    s = xy[shooter]
    along = ((centres[obstacle] - s) * (xy[target] - s)).sum(axis=1) if len(shooter) else s[:, 0]
    return np.lexsort((obstacle, along, pair))


def _sorted(field: Field, points: np.ndarray, shooter: np.ndarray, target: np.ndarray,
            obstacle: np.ndarray, crossed: np.ndarray) -> SightTable:
    pair = shooter.astype(np.int64) * len(points) + target
    order = _order(field, points, pair, shooter, target, obstacle)
    return SightTable(points, tuple(o.id for o in field.obstacles),
                      tuple(o.height for o in field.obstacles),
                      shooter[order].astype(np.int32), target[order].astype(np.int32),
                      obstacle[order].astype(np.int32), crossed[order].astype(bool), layout_key(field))


@dataclass(frozen=True)
class _Kept:
    layout: Layout
    table: SightTable


class RecentTables:
    """The last ``keep`` sight tables, keyed by the layout's content; a new state is updated from
    the most recent table of the same lattice when at most ``max_changed`` pieces differ.

    ``cache`` is ``sight_table``'s (False: no disk): a table computed whole is read from, and
    written to, the disk cache; an updated one is not written (the designer's passing states are
    not worth a file each). One ``RecentTables`` serves one thread (the study's worker)."""

    def __init__(self, keep: int = KEEP, max_changed: int = MAX_CHANGED, cache: bool = False) -> None:
        self.keep, self.max_changed, self.cache = keep, max_changed, cache
        self._tables: OrderedDict[str, _Kept] = OrderedDict()
        self.updates = self.hits = self.whole = 0  # how each table asked for was found (tests, bench)

    def __len__(self) -> int:
        return len(self._tables)

    def table(self, field: Field | ObstacleIndex) -> SightTable:
        """``field``'s sight table: kept, updated from a kept one, or computed whole."""
        if isinstance(field, ObstacleIndex):
            field = field.field
        key = layout_key(field)
        kept = self._tables.get(key)
        if kept is not None:
            self._tables.move_to_end(key)
            self.hits += 1
            return kept.table
        table = None
        base = self._base(field.layout)
        if base is not None:
            table = updated_table(base.table, base.layout, field)
            self.updates += 1
        else:
            table = sight_table(field, cache=self.cache) if self.cache is not False \
                else compute_sight_table(field)
            self.whole += 1
        self._tables[key] = _Kept(field.layout, table)
        while len(self._tables) > self.keep:
            self._tables.popitem(last=False)
        return table

    def _base(self, layout: Layout) -> _Kept | None:
        """The most recent kept table of the same lattice with at most ``max_changed`` pieces
        differing (an id kept with another shape counts once, moved)."""
        now = shapes(layout)
        for kept in reversed(self._tables.values()):
            if kept.layout.lattice != layout.lattice:
                continue
            gone, come = changed_pieces(shapes(kept.layout), now)
            if len(gone | come) <= self.max_changed:
                return kept
        return None
