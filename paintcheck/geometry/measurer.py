"""``FieldMeasurer``: the rules' ``Measurer`` protocol implemented on a built field.

Every method returns plain data (ints, floats, strings, tuples, ``Touch``); the instrument
functions it calls (``ruler``, ``protractor``, ``fov``, ``path``, ``sweep``, ``lock``) also return
the geometry to draw, for the UI.
"""

from __future__ import annotations

from collections.abc import Sequence

import shapely

from paintcheck.field.lattice import Point, as_pair
from paintcheck.field.layout import Field
from paintcheck.geometry import fov as fov_mod
from paintcheck.geometry import lock, protractor, ruler
from paintcheck.geometry import path as path_mod
from paintcheck.geometry import sweep as sweep_mod
from paintcheck.geometry import template as template_mod
from paintcheck.geometry.fov import left_sign
from paintcheck.geometry.index import ObstacleIndex
from paintcheck.geometry.touch import ObstacleInfo, Touch


class FieldMeasurer:
    """Exact instruments on one field (build once per layout; cheap to query)."""

    def __init__(self, field: Field) -> None:
        self.field = field
        self.index = ObstacleIndex(field)
        self._fovs: dict[tuple[str, str | None, str | None], fov_mod.FieldOfVision] = {}

    # -- the field ---------------------------------------------------------------------------
    def obstacle(self, obstacle_id: str) -> ObstacleInfo:
        o = self.index.get(obstacle_id)
        return ObstacleInfo(
            o.id, o.kind.id, o.height, o.points, o.narrow, o.kind.long, o.kind.overable, o.name
        )

    def covers(self, point: Point) -> tuple[str, ...]:
        """Adjacent obstacles, nearest footprint first (layout order on ties)."""
        found = self.field.covers_of(as_pair(point))
        if len(found) < 2:
            return tuple(o.id for o in found)
        where = shapely.Point(point)
        rank = {
            o.id: (shapely.distance(where, o.footprint), self.index.position[o.id])
            for o in found
        }
        return tuple(sorted(rank, key=rank.__getitem__))

    def blocked(self, point: Point) -> bool:
        return self.field.blocked(as_pair(point))

    def obstacle_at(self, point: Point) -> str | None:
        o = self.field.standing_on.get(as_pair(point))
        return o.id if o is not None else None

    def on_field(self, point: Point) -> bool:
        return self.field.lattice.contains(as_pair(point))

    def path(self, start: Point, waypoints: Sequence[Point]) -> tuple[Point, ...]:
        return path_mod.move_path(start, waypoints).points

    # -- the instruments ----------------------------------------------------------------------
    def distance(self, a: tuple[float, float], b: tuple[float, float]) -> float:
        return ruler.distance(a, b)

    def fov(
        self,
        viewer: Point,
        team: str,
        cover: str | None,
        side: str | None,
        targets: Sequence[Point],
    ) -> tuple[bool, ...]:
        return self.field_of_vision(team, cover, side).contains(targets)

    def field_of_vision(self, team: str, cover: str | None, side: str | None) -> fov_mod.FieldOfVision:
        """The FOV reading (half-plane and polygon), made once per team, cover and side."""
        key = (team, cover, side)
        found = self._fovs.get(key)
        if found is None:
            found = self._fovs[key] = fov_mod.field_of_vision(self.index, team, cover, side)
        return found

    def static_angle(self, target: tuple[float, float], cover: str | None, shooter: Point) -> float:
        return protractor.static_angle(self.index, target, cover, shooter, drawn=False).theta

    def static_segments(
        self, target: Point, cover: str | None, shooter: Point, other: Point
    ) -> tuple[tuple[int, int], tuple[int, int]]:
        return protractor.static_segments(self.index, target, cover, shooter, other)

    def run_angle(self, path: Sequence[Point], shooter: Point) -> float:
        return protractor.run_angle(path, shooter, drawn=False).phi

    def lines_of_fire(
        self, shooter: Point, targets: Sequence[Point], ignore: Sequence[str] = ()
    ) -> tuple[tuple[Touch, ...], ...]:
        return tuple(r.touches for r in ruler.lines_of_fire(self.index, shooter, targets, ignore))

    def sweep(
        self, shooter: Point, points: Sequence[Point], ignore: Sequence[str] = ()
    ) -> tuple[Touch, ...]:
        return sweep_mod.sweep(self.index, shooter, points, ignore).touches

    def angle_between(self, centre: tuple[float, float], a: tuple[float, float], b: tuple[float, float]
                      ) -> float:
        return protractor.angle_between(centre, a, b)

    def pressed_side(
        self, target: Point, team: str, cover: str | None, side: str | None, shooter: Point
    ) -> str | None:
        """"over" when the target plays over; else the side of the cover's centre (x) the shot comes
        from, as seen by the target's team facing the enemy base. A shooter exactly in line with the
        cover's centre presses the side the target plays (or, playing no side, the side the target
        stands on; straight behind: "left")."""
        if cover is None:
            return None
        if side == "over":
            return "over"
        cx = self.index.get(cover).centre[0]
        ref = shooter[0] - cx
        if abs(ref) < 1e-9:
            if side in ("left", "right"):
                return side
            ref = target[0] - cx
            if abs(ref) < 1e-9:
                return "left"
        return "left" if ref * left_sign(team) > 0 else "right"

    def template_crossings(self, origin: Point, prebunker: Point, path: Sequence[Point]) -> tuple[int, ...]:
        return template_mod.prebunk_template(origin, prebunker).crossing_segments(path)

    def template_covers(self, origin: Point, prebunker: Point, points: Sequence[Point]) -> tuple[bool, ...]:
        return template_mod.prebunk_template(origin, prebunker).covers(points)

    def safe_move(self, path: Sequence[Point], team: str, enemy: Point) -> bool:
        return lock.safe_move(self.index, path, enemy).safe

    def in_lock_wedge(
        self,
        presser_of: Point,
        pressed: Point,
        team: str,
        cover: str | None,
        side: str | None,
        target: Point,
    ) -> bool:
        wedge = lock.lock_wedge(self.index, presser_of, pressed, team, cover, side, drawn=False,
                                fov=self.field_of_vision(team, cover, side))
        return wedge.contains(target)
