"""A built field's obstacles as arrays, ready for vectorised queries (built once per field).

``ObstacleIndex`` keeps, parallel to ``field.obstacles``: the prepared footprints and their STRtree
(from the field), the *inner* footprints (shrunk by ``EPS``, so that a line running exactly along an
edge does not count as inside), the centres and bounds, the convex pieces (``pieces``) the ruler
tests with array arithmetic, and one ready-made ``Touch`` per obstacle and effect.
Every instrument takes an index; ``FieldMeasurer`` builds it once.
"""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np
import shapely

from paintcheck.field.catalogue import RULER_HALF_WIDTH
from paintcheck.field.lattice import Point, as_pair
from paintcheck.field.layout import Field, Obstacle
from paintcheck.geometry.errors import UnknownObstacleError
from paintcheck.geometry.pieces import Bucket, build_buckets
from paintcheck.geometry.tolerance import EPS
from paintcheck.geometry.touch import CROSS, GRAZE, Touch


class ObstacleIndex:
    """The obstacles of one ``Field`` as parallel arrays plus the STRtree."""

    def __init__(self, field: Field) -> None:
        self.field = field
        self.obstacles: tuple[Obstacle, ...] = field.obstacles
        self.ids: tuple[str, ...] = tuple(o.id for o in self.obstacles)
        self.position: dict[str, int] = {oid: i for i, oid in enumerate(self.ids)}
        self.footprints: np.ndarray = field.footprints
        self.tree: shapely.STRtree = field.tree
        inner = shapely.buffer(self.footprints, -EPS) if len(self.ids) else self.footprints
        self.inner: np.ndarray = np.asarray(inner, dtype=object)
        shapely.prepare(self.inner)
        self.centres: np.ndarray = np.array(
            [o.centre for o in self.obstacles], dtype=float
        ).reshape(-1, 2)
        self.bounds: np.ndarray = np.array(
            [o.bounds for o in self.obstacles], dtype=float
        ).reshape(-1, 4)
        # the same, as a Python list of tuples (cheaper than arrays for a handful of obstacles)
        self.bounds_list: list[tuple[float, ...]] = [tuple(b) for b in self.bounds.tolist()]
        self._centre_distances: dict[tuple[float, float], list[float]] = {}
        self._long_covers: dict[Point, tuple[Obstacle, ...]] = {}
        # radius of the smallest disc about the centre holding the footprint
        self.radii: np.ndarray = np.array(
            [
                np.hypot(*(shapely.get_coordinates(o.footprint) - np.asarray(o.centre)).T).max()
                for o in self.obstacles
            ],
            dtype=float,
        )
        # squared distance from a centre within which a ruler's band may touch the obstacle
        self.reach2: np.ndarray = (self.radii + RULER_HALF_WIDTH + 2 * EPS) ** 2
        self.buckets: tuple[Bucket, ...] = build_buckets(self.obstacles)
        # per bucket: first piece and piece count of each obstacle (pieces are grouped by owner)
        self.piece_start: tuple[np.ndarray, ...] = tuple(
            np.searchsorted(b.owner, np.arange(len(self.ids))) for b in self.buckets
        )
        self.piece_count: tuple[np.ndarray, ...] = tuple(
            np.bincount(b.owner, minlength=len(self.ids)) for b in self.buckets
        )
        self.multi_piece: np.ndarray = (
            sum(self.piece_count, np.zeros(len(self.ids), dtype=np.intp)) > 1
        )
        self.touches: dict[str, tuple[Touch, ...]] = {
            effect: tuple(Touch(o.id, o.kind.id, o.height, effect, o.name) for o in self.obstacles)
            for effect in (GRAZE, CROSS)
        }

    def long_covers(self, point: Point) -> tuple[Obstacle, ...]:
        """The obstacles of two points or more a player on ``point`` is behind (``Field.covers_of``,
        the long ones), kept per point: the safe move asks them point by point of every run."""
        key = as_pair(point)
        found = self._long_covers.get(key)
        if found is None:
            found = self._long_covers[key] = tuple(o for o in self.field.covers_of(key) if o.kind.long)
        return found

    def centre_distances(self, point: tuple[float, float]) -> list[float]:
        """Each obstacle centre's distance from ``point``, rounded to the tolerance (so that
        mirrored obstacles tie exactly), as the sweep orders its touches; kept per point."""
        key = as_pair(point)
        found = self._centre_distances.get(key)
        if found is None:
            found = self._centre_distances[key] = np.round(
                np.hypot(*(self.centres - np.asarray(key, dtype=float)).T), 9).tolist()
        return found

    def __len__(self) -> int:
        return len(self.ids)

    def get(self, obstacle_id: str) -> Obstacle:
        """The obstacle called ``obstacle_id``; ``UnknownObstacleError`` if there is none."""
        try:
            return self.field.by_id[obstacle_id]
        except KeyError:
            raise UnknownObstacleError(
                f"no obstacle {obstacle_id!r} in layout {self.field.layout.name!r}"
            ) from None

    def positions(self, ids: Iterable[str]) -> list[int]:
        """Indices (into the parallel arrays) of the obstacles named ``ids``."""
        out = []
        for oid in ids:
            if oid not in self.position:
                self.get(oid)  # raises
            out.append(self.position[oid])
        return out

    def ignore_mask(self, ids: Iterable[str]) -> np.ndarray:
        """A boolean array over the obstacles, True for those named in ``ids``."""
        mask = np.zeros(len(self.ids), dtype=bool)
        mask[self.positions(ids)] = True
        return mask


def index_of(field_or_index: Field | ObstacleIndex) -> ObstacleIndex:
    """Accept either a built field or its index (building the index costs a few ms: keep it)."""
    if isinstance(field_or_index, ObstacleIndex):
        return field_or_index
    return ObstacleIndex(field_or_index)
