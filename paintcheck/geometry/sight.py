"""The field's sight table: what the ruler meets between every ordered pair of lattice points.

For each ordered pair (shooter point, target point) of the lattice, the table lists every obstacle
the ruler from the shooter to the target grazes or crosses (RULES 8.4), nothing ignored: exactly
``ruler.line_of_fire(index, shooter, target).touches`` as a set. It is computed once per layout
with the ruler's own computation (``ruler.touch_arrays``, which ``lines_of_fire_pairs`` reads
too), in chunks of pairs, and kept as flat arrays
(one row per (pair, obstacle) touch). The ruler's band and centre line are the same sets from
either end, so each unordered pair is computed once and stored both ways (the tests check every
ordered pair against ``line_of_fire`` on small layouts; tests/geometry/test_sight_lines.py on every
shipped layout, touches in the ruler's order). What a posture may shoot through, and which covers
are left out, is the reader's business: the field study (``paintcheck.analysis``), and the engine
and the computer coach through ``sight_lines.SightLines`` (``cache.CachedMeasurer``).

The table is cached on disk in the user's cache folder (platformdirs), named by a hash of the
layout's geometric content (lattice size, each obstacle's id, kind, point and axis) and of the
ruler's constants, so a renamed layout file still hits and an edited one misses. A damaged or
unreadable cache file is ignored and rewritten; files are written atomically (temp file, then
``os.replace``).
"""

from __future__ import annotations

import hashlib
import io
import json
import os
import tempfile
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

import numpy as np

from paintcheck.field.catalogue import CROSS_MIN_LENGTH, RULER_HALF_WIDTH
from paintcheck.field.lattice import Point
from paintcheck.field.layout import Field
from paintcheck.geometry.index import ObstacleIndex, index_of
from paintcheck.geometry.ruler import touch_arrays
from paintcheck.geometry.tolerance import EPS
from paintcheck.geometry.touch import CROSS, GRAZE

SIGHT_VERSION = 2  # bump when the way the table is computed changes: old cache files then miss
APP_NAME = "paintcheck-digital"
CHUNK = 16384  # pairs per array pass (bounds the memory of the (pairs x obstacles) pre-filter)


@dataclass(frozen=True, eq=False)
class SightTable:
    """Every ordered pair of lattice points with the obstacles the ruler meets between them.

    ``points[i]`` is a lattice point (``Lattice.points()`` order); each touch row ``k`` says the
    ruler from ``points[shooter[k]]`` to ``points[target[k]]`` meets obstacle ``obstacle[k]``
    (an index into ``obstacle_ids``), crossed when ``crossed[k]`` else grazed. Rows are sorted by
    shooter, then target, then in the order the ruler meets the obstacles from the shooter."""

    points: np.ndarray  # (N, 2) int
    obstacle_ids: tuple[str, ...]
    heights: tuple[str, ...]  # parallel to obstacle_ids
    shooter: np.ndarray  # (K,) int32
    target: np.ndarray  # (K,) int32
    obstacle: np.ndarray  # (K,) int32
    crossed: np.ndarray  # (K,) bool

    @cached_property
    def point_index(self) -> dict[Point, int]:
        return {(int(x), int(y)): i for i, (x, y) in enumerate(self.points.tolist())}

    def __len__(self) -> int:
        return len(self.shooter)

    def touches(self, shooter: Point, target: Point) -> dict[str, str]:
        """Obstacle id -> ``graze`` / ``cross`` for the ruler from ``shooter`` to ``target``."""
        i, j = self.point_index[tuple(shooter)], self.point_index[tuple(target)]
        rows = np.flatnonzero((self.shooter == i) & (self.target == j))
        return {
            self.obstacle_ids[self.obstacle[k]]: CROSS if self.crossed[k] else GRAZE
            for k in rows.tolist()
        }


# -- computing ------------------------------------------------------------------------------------


def compute_sight_table(field: Field | ObstacleIndex) -> SightTable:
    """The sight table of ``field``, computed now (no cache)."""
    index = index_of(field)
    points = np.array(index.field.lattice.points(), dtype=np.int64).reshape(-1, 2)
    n = len(points)
    ii, jj = np.triu_indices(n, k=1)  # each unordered pair once; the reading is symmetric
    xy = points.astype(float)
    out_s, out_t, out_o, out_c = [], [], [], []
    if len(index):
        for lo in range(0, len(ii), CHUNK):
            a, b = ii[lo:lo + CHUNK], jj[lo:lo + CHUNK]
            pair, obst, crossed = touch_arrays(index, xy[a], xy[b])
            out_s.append(a[pair])
            out_t.append(b[pair])
            out_o.append(obst)
            out_c.append(crossed)

    def cat(parts: list[np.ndarray], dtype) -> np.ndarray:
        return np.concatenate(parts).astype(dtype) if parts else np.zeros(0, dtype=dtype)

    a, b = cat(out_s, np.int32), cat(out_t, np.int32)
    obst, crossed = cat(out_o, np.int32), cat(out_c, bool)
    shooter, target = np.concatenate([a, b]), np.concatenate([b, a])
    obst, crossed = np.concatenate([obst, obst]), np.concatenate([crossed, crossed])
    # rows in the ruler's order: by shooter, target, then exactly ruler._read_pairs' key (the
    # obstacle centre's projection on the line from the shooter, the same float arithmetic), then
    # the obstacle; so a reader takes each pair's touches as they are
    s = xy[shooter]
    along = ((index.centres[obst] - s) * (xy[target] - s)).sum(axis=1) if len(shooter) else s[:, 0]
    order = np.lexsort((obst, along, shooter.astype(np.int64) * n + target))
    return SightTable(
        points, index.ids, tuple(o.height for o in index.obstacles),
        shooter[order], target[order], obst[order], crossed[order],
    )


# -- the disk cache ---------------------------------------------------------------------------------


def layout_key(field: Field) -> str:
    """A hash of what the table depends on: the lattice, the obstacles' geometry, the constants."""
    layout = field.layout
    content = {
        "version": SIGHT_VERSION,
        "constants": [RULER_HALF_WIDTH, CROSS_MIN_LENGTH, EPS],
        "lattice": [layout.lattice.columns, layout.lattice.rows_per_half],
        "obstacles": [[o.id, o.kind, list(o.at), o.axis] for o in layout.obstacles],
    }
    text = json.dumps(content, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:32]


def cache_dir() -> Path:
    """Where sight tables are kept: ``<user cache folder>/paintcheck-digital/sight``."""
    import platformdirs

    return Path(platformdirs.user_cache_dir(APP_NAME, appauthor=False)) / "sight"


def _save(table: SightTable, path: Path) -> None:
    buffer = io.BytesIO()
    np.savez(
        buffer, points=table.points, shooter=table.shooter, target=table.target,
        obstacle=table.obstacle, crossed=table.crossed,
        obstacle_ids=np.array(json.dumps(table.obstacle_ids)),
        heights=np.array(json.dumps(table.heights)),
    )
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=path.name + ".", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(buffer.getvalue())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def _load(path: Path, field: Field) -> SightTable | None:
    try:
        with np.load(path, allow_pickle=False) as data:
            table = SightTable(
                data["points"], tuple(json.loads(str(data["obstacle_ids"]))),
                tuple(json.loads(str(data["heights"]))), data["shooter"], data["target"],
                data["obstacle"], data["crossed"],
            )
    except (OSError, ValueError, KeyError, EOFError):
        return None
    expected = np.array(field.lattice.points(), dtype=np.int64).reshape(-1, 2)
    if table.obstacle_ids != tuple(o.id for o in field.obstacles) or not np.array_equal(
        table.points, expected
    ):
        return None
    return table


def sight_table(field: Field, cache: bool | Path = True) -> SightTable:
    """The sight table of ``field``: read from the cache when it is there, else computed and
    stored. ``cache`` is False (no disk), True (the user's cache folder) or a folder."""
    if cache is False:
        return compute_sight_table(field)
    folder = cache_dir() if cache is True else Path(cache)
    path = folder / f"{layout_key(field)}.npz"
    if path.exists():
        table = _load(path, field)
        if table is not None:
            return table
    table = compute_sight_table(field)
    try:
        _save(table, path)
    except OSError:
        pass  # an unwritable cache folder only costs the next run the computation
    return table
