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
ruler's constants, so a renamed layout file still hits and an edited one misses. A cache file is
input, not truth: ``sight_file`` reads only a regular file of bounded size carrying this layout's
key and its arrays' digest, and checks the rows' types, ranges, order and symmetry; ``_load`` then
checks the points and obstacles against the field and re-measures a sample of pairs with the
ruler (``SPOT_PAIRS`` random pairs, ``SPOT_ROWS`` of the file's own touches, and for each obstacle
a pair ending on a point it stands on), so a table rewritten with a fresh digest but wrong
touches (none, pieces moved, grazes made crosses) is caught too. A file that fails any of this is
logged (a warning naming it and why), computed again and replaced; files are written atomically
(a temporary file flushed to the disk, then ``os.replace``), and temporary files left by killed
writes are removed once they are ``atomic.STALE_AFTER`` seconds old, when a process first uses the
folder. Docs: docs/sight-cache.md.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import stat
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

import numpy as np

from paintcheck.field.atomic import remove_stale, temporary_pattern
from paintcheck.field.catalogue import CROSS_MIN_LENGTH, RULER_HALF_WIDTH
from paintcheck.field.lattice import Point, as_pair
from paintcheck.field.layout import Field
from paintcheck.geometry import sight_file
from paintcheck.geometry.index import ObstacleIndex, index_of
from paintcheck.geometry.ruler import touch_arrays
from paintcheck.geometry.sight_file import DamagedSightFile
from paintcheck.geometry.tolerance import EPS
from paintcheck.geometry.touch import CROSS, GRAZE

SIGHT_VERSION = 3  # bump when the table or its file changes: old cache files then miss (3: checked files)
APP_NAME = "paintcheck-digital"
CHUNK = 16384  # pairs per array pass (bounds the memory of the (pairs x obstacles) pre-filter)
SPOT_PAIRS = 32  # random ordered pairs of a cached table re-measured by the ruler when it is loaded
SPOT_ROWS = 32  # pairs of the cached table's own touches re-measured (and one per obstacle)
# the temporary files of a table being written: write_atomically's, and those of versions before 3
_TABLE_NAME = r"[0-9a-f]{32}\.npz"
_TEMPORARY = temporary_pattern(_TABLE_NAME) + "|" + _TABLE_NAME + r"\.[a-z0-9_]{8}\.tmp"

log = logging.getLogger(__name__)


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
    key: str = ""  # layout_key of the field it was computed for ("" when unknown)

    @cached_property
    def point_index(self) -> dict[Point, int]:
        return {(int(x), int(y)): i for i, (x, y) in enumerate(self.points.tolist())}

    def __len__(self) -> int:
        return len(self.shooter)

    def touches(self, shooter: Point, target: Point) -> dict[str, str]:
        """Obstacle id -> ``graze`` / ``cross`` for the ruler from ``shooter`` to ``target``."""
        i, j = self.point_index[as_pair(shooter)], self.point_index[as_pair(target)]
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

    def cat(parts: list[np.ndarray], dtype: type) -> np.ndarray:
        return np.concatenate(parts).astype(dtype) if parts else np.zeros(0, dtype=dtype)

    a, b = cat(out_s, np.int32), cat(out_t, np.int32)
    obst, crossed = cat(out_o, np.int32), cat(out_c, bool)
    shooter, target = np.concatenate([a, b]), np.concatenate([b, a])
    obst, crossed = np.concatenate([obst, obst]), np.concatenate([crossed, crossed])
    order = _ruler_order(index, xy, shooter.astype(np.int64) * n + target, shooter, target, obst)
    return SightTable(
        points, index.ids, tuple(o.height for o in index.obstacles),
        shooter[order], target[order], obst[order], crossed[order], layout_key(index.field),
    )


def _ruler_order(index: ObstacleIndex, xy: np.ndarray, pair: np.ndarray, shooter: np.ndarray,
                 target: np.ndarray, obst: np.ndarray) -> np.ndarray:
    """The order of touch rows: by ``pair``, then exactly ruler._read_pairs' key (the obstacle
    centre's projection on the line from the shooter, the same float arithmetic), then the
    obstacle; so a reader takes each pair's touches as they are."""
    s = xy[shooter]
    along = ((index.centres[obst] - s) * (xy[target] - s)).sum(axis=1) if len(shooter) else s[:, 0]
    return np.lexsort((obst, along, pair))


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


def cache_file(field: Field, cache: bool | Path = True) -> Path | None:
    """Where ``field``'s table is cached (None for ``cache=False``: no disk)."""
    if cache is False:
        return None
    folder = cache_dir() if cache is True else Path(cache)
    return folder / f"{layout_key(field)}.npz"


def is_cached(field: Field, cache: bool | Path = True) -> bool:
    """Whether a regular file stands where ``field``'s table is cached (not whether it is sound:
    ``sight_table`` checks that when it reads it)."""
    path = cache_file(field, cache)
    try:
        return path is not None and stat.S_ISREG(os.stat(path).st_mode)
    except (OSError, ValueError):
        return False


def _save(table: SightTable, path: Path) -> None:
    """Write ``table`` to ``path`` atomically (raises OSError)."""
    arrays = {name: getattr(table, name) for name in sight_file.ARRAYS}
    sight_file.write(path, sight_file.encode(arrays, table.key, table.obstacle_ids, table.heights))


def _size_limit(field: Field) -> int:
    obstacles = field.obstacles
    chars = sum(len(o.id) + len(o.height) + 4 for o in obstacles)
    return sight_file.size_limit(len(field.lattice.points()), len(obstacles), chars)


def _load(path: Path, field: Field | ObstacleIndex) -> SightTable | None:
    """The table cached at ``path`` for ``field`` when the file proves sound; None when there is
    no file, and None with a warning naming the file and what is wrong when it does not."""
    try:
        table = _checked(path, field)
    except FileNotFoundError:
        return None
    except DamagedSightFile as exc:
        log.warning("sight cache %s refused: %s; computing the table again", path, exc)
        return None
    except OSError as exc:
        log.warning("sight cache %s unreadable: %s; computing the table again", path,
                    exc.strerror or exc)
        return None
    except Exception:  # whatever else a hostile file provokes: never a crash, always a trace
        log.warning("sight cache %s could not be read; computing the table again", path, exc_info=True)
        return None
    return table


def _checked(path: Path, field: Field | ObstacleIndex) -> SightTable:
    """Read and check the table file (sight_file's checks, then the field's and the ruler's)."""
    index = index_of(field)
    field = index.field
    arrays, meta = sight_file.read(path, layout_key(field), _size_limit(field))
    n = len(field.lattice.points())
    sight_file.check_rows(arrays, n, len(index))
    if tuple(meta["obstacle_ids"]) != index.ids:
        raise DamagedSightFile("its obstacles are not the layout's")
    heights = tuple(o.height for o in index.obstacles)
    if tuple(meta["heights"]) != heights:
        raise DamagedSightFile("its obstacles' heights are not the layout's")
    expected = np.array(field.lattice.points(), dtype=np.int64).reshape(-1, 2)
    if not np.array_equal(arrays["points"], expected):
        raise DamagedSightFile("its points are not the layout's lattice")
    table = SightTable(expected, index.ids, heights, arrays["shooter"], arrays["target"],
                       arrays["obstacle"], arrays["crossed"], meta["key"])
    wrong = _spot_check(table, index, int(meta["digest"][:16], 16))
    if wrong is not None:
        raise DamagedSightFile(wrong)
    return table


def _spot_pairs(table: SightTable, index: ObstacleIndex, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """The ordered pairs (shooter, target indices) ``_spot_check`` measures: ``SPOT_PAIRS`` at random,
    ``SPOT_ROWS`` of the table's touches, and for each obstacle one from a random point to a point
    it stands on (where the ruler always meets it). Chosen from ``seed`` (the file's digest): a
    given file is always judged the same way."""
    rng = np.random.default_rng(seed)
    n, k = len(table.points), len(table)
    where = table.point_index
    own = [[where[p] for p in map(tuple, o.points) if p in where] for o in index.obstacles]
    beside = [int(points[rng.integers(len(points))]) for points in own if points]
    a = np.concatenate([rng.integers(0, n, SPOT_PAIRS),
                        table.shooter[rng.integers(0, k, SPOT_ROWS)] if k else [],
                        rng.integers(0, n, len(beside))]).astype(np.int64)
    b = np.concatenate([rng.integers(0, n, SPOT_PAIRS),
                        table.target[rng.integers(0, k, SPOT_ROWS)] if k else [],
                        beside]).astype(np.int64)
    a = np.where(a == b, (a + 1) % n, a)  # a pair from a point to itself reads nothing
    pair = np.unique(a * n + b)
    return pair // n, pair % n


def _spot_check(table: SightTable, index: ObstacleIndex, seed: int) -> str | None:
    """Why ``table`` disagrees with the ruler on the pairs of ``_spot_pairs``, or None. The rows of
    each pair are compared as the ruler lists them: the obstacles, their order, graze or cross."""
    n = len(table.points)
    if n < 2 or not len(index):
        return None if not len(table) else "touches on a field where nothing can be met"
    a, b = _spot_pairs(table, index, seed)
    xy = table.points.astype(float)
    pair, obst, crossed = touch_arrays(index, xy[a], xy[b])
    order = _ruler_order(index, xy, pair, a[pair], b[pair], obst)
    pair, obst, crossed = pair[order], obst[order], crossed[order]
    asked = np.arange(len(a))
    want_lo, want_hi = np.searchsorted(pair, asked, "left"), np.searchsorted(pair, asked, "right")
    keys = table.shooter.astype(np.int64) * n + table.target
    lo, hi = np.searchsorted(keys, a * n + b, "left"), np.searchsorted(keys, a * n + b, "right")
    have, want = hi - lo, want_hi - want_lo
    if np.array_equal(have, want):  # then the rows of every pair at once, in the same order
        rows = np.arange(int(have.sum())) + np.repeat(lo - (np.cumsum(have) - have), have)
        if np.array_equal(table.obstacle[rows], obst) and np.array_equal(table.crossed[rows], crossed):
            return None
    for i in asked.tolist():  # which pair is wrong, for the log
        mine, theirs = slice(lo[i], hi[i]), slice(want_lo[i], want_hi[i])
        if not (np.array_equal(table.obstacle[mine], obst[theirs])
                and np.array_equal(table.crossed[mine], crossed[theirs])):
            break
    fmt = index.field.lattice.format
    p, q = tuple(table.points[a[i]].tolist()), tuple(table.points[b[i]].tolist())
    return f"the ruler from {fmt(p)} to {fmt(q)} does not meet what it lists"


_tidied: set[Path] = set()


def _tidy(folder: Path) -> None:
    """Remove the temporary files killed writes left in ``folder`` (once per folder and process)."""
    if folder not in _tidied:
        _tidied.add(folder)
        remove_stale(folder, _TEMPORARY)


def sight_table(field: Field | ObstacleIndex, cache: bool | Path = True) -> SightTable:
    """The sight table of ``field``: read from the cache when it is there and sound, else computed
    and stored. ``cache`` is False (no disk), True (the user's cache folder) or a folder. Checking
    a cached table measures a few lines with the field's ``ObstacleIndex``: a reader that has one
    passes it instead of the field (building it is most of a load's time)."""
    index = index_of(field)
    path = cache_file(index.field, cache)
    if path is None:
        return compute_sight_table(index)
    _tidy(path.parent)
    table = _load(path, index)
    if table is not None:
        return table
    table = compute_sight_table(index)
    try:
        _save(table, path)
    except OSError as exc:  # an unwritable cache folder only costs the next run the computation
        log.info("sight cache %s not written: %s", path, exc.strerror or exc)
    return table
