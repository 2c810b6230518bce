"""What the rules ask of the table's instruments (RULES §2–§3, §8, §10).

The engine never computes geometry itself: it asks a ``Measurer``. ``paintcheck.geometry`` implements
it exactly with shapely (``FieldMeasurer``); tests may plug in a scripted one that returns the book's
readings. Everything crossing this boundary is plain data: points are ``(x, y)`` int tuples in world
point units, obstacles are named by id, sides are ``"left" | "right" | "over"``, teams
``"blue" | "white"``. The measurer returns raw readings (which obstacle, which height, graze or
cross); turning readings into modifiers is the rules' business (``tables``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from paintcheck.geometry.touch import CROSS, GRAZE, ObstacleInfo, Touch

Point = tuple[int, int]

# The readings the instruments return: plain frozen data, defined beside the instruments (which
# may not import the rules) and read here through the allowed direction rules -> geometry.
__all__ = ["CROSS", "GRAZE", "Measurer", "ObstacleInfo", "Point", "Touch"]


class Measurer(Protocol):
    def __hash__(self) -> int:
        """A measurer keys the rules' caches (``plan.make_plan``, the values' vulnerable points)."""

    def obstacle(self, obstacle_id: str) -> ObstacleInfo:
        """The obstacle called ``obstacle_id``."""

    def covers(self, point: Point) -> tuple[str, ...]:
        """Ids of the obstacles a player on ``point`` is behind (8-neighbourhood), nearest first."""

    def blocked(self, point: Point) -> bool:
        """An obstacle stands on ``point`` and it is not a steppable end (RULES 2.4)."""

    def obstacle_at(self, point: Point) -> str | None:
        """Id of the obstacle standing on ``point`` (steppable ends included), or None."""

    def on_field(self, point: Point) -> bool:
        """``point`` is a lattice point of the field."""

    def path(self, start: Point, waypoints: Sequence[Point]) -> tuple[Point, ...]:
        """The lattice points a move passes, start first, through each waypoint in turn.

        Straight segments between waypoints; its length in points is ``len(path) - 1`` (8-neighbour
        steps, a diagonal counting 1, RULES 5.1)."""

    def distance(self, a: tuple[float, float], b: tuple[float, float]) -> float:
        """Euclidean distance in points (the ruler, RULES 8.1); ``b`` may be mid-run."""

    def fov(
        self, viewer: Point, team: str, cover: str | None, side: str | None, targets: Sequence[Point]
    ) -> tuple[bool, ...]:
        """For each target point, whether it lies in the viewer's field of vision (RULES 3.4)."""

    def static_angle(self, target: tuple[float, float], cover: str | None, shooter: Point) -> float:
        """θ in degrees, 0–180: protractor on the target aligned with its cover (RULES 8.2, 2.5)
        (a lesson reads it at a runner's mid-run too).

        0 when ``cover`` is None (a target with no cover gives no bonus)."""

    def static_segments(
        self, target: Point, cover: str | None, shooter: Point, other: Point
    ) -> tuple[tuple[int, int], tuple[int, int]]:
        """The protractor laid on ``target`` for ``shooter``'s shot (RULES 8.2, 2.5): the segments
        ``shooter`` and ``other`` stand in, each as (side, index): side +1 or -1 of the 0° line
        (0 on the line itself), index floor(θ / 18°). Segments are counted on each side of the
        0° line (RULES 9.6). ``cover`` None: both (0, 0)."""

    def run_angle(self, path: Sequence[Point], shooter: Point) -> float:
        """φ in degrees, 0–90, protractor at mid-run (RULES 8.3)."""

    def lines_of_fire(
        self, shooter: Point, targets: Sequence[Point], ignore: Sequence[str] = ()
    ) -> tuple[tuple[Touch, ...], ...]:
        """For each target, the obstacles the ruler from ``shooter`` grazes or crosses (RULES 8.4),
        leaving out the obstacles named in ``ignore`` (the shooter's and the target's own covers)."""

    def sweep(
        self, shooter: Point, points: Sequence[Point], ignore: Sequence[str] = ()
    ) -> tuple[Touch, ...]:
        """Obstacles met by the area the ruler sweeps from ``shooter`` over ``points`` (RULES 8.5),
        each as a CROSS, leaving out ``ignore``."""

    def angle_between(self, centre: tuple[float, float], a: tuple[float, float], b: tuple[float, float]
                      ) -> float:
        """The angle in degrees (0–180) at ``centre`` between the directions to ``a`` and ``b`` (a
        point, or mid-run)."""

    def pressed_side(
        self, target: Point, team: str, cover: str | None, side: str | None, shooter: Point
    ) -> str | None:
        """Which side of the target's cover a shot from ``shooter`` presses (RULES 10.1):
        "over" when the target plays over, else "left"/"right" as seen by the target's team facing
        the enemy base; None when the target has no cover."""

    def template_crossings(self, origin: Point, prebunker: Point, path: Sequence[Point]) -> tuple[int, ...]:
        """Indices i of the path's steps path[i] -> path[i+1] that meet the prebunk template laid
        from ``origin`` toward ``prebunker`` (RULES 12.3–12.4)."""

    def template_covers(self, origin: Point, prebunker: Point, points: Sequence[Point]) -> tuple[bool, ...]:
        """For each point, whether that template covers it (RULES 12.4)."""

    def safe_move(self, path: Sequence[Point], team: str, enemy: Point) -> bool:
        """The whole move runs behind one long obstacle, on its side away from ``enemy`` (RULES 10.6)."""

    def in_lock_wedge(
        self,
        presser_of: Point,
        pressed: Point,
        team: str,
        cover: str | None,
        side: str | None,
        target: Point,
    ) -> bool:
        """Priority lock (RULES 10.5): while the player at ``presser_of`` presses the player at
        ``pressed`` (of ``team``, behind ``cover`` playing ``side``), ``target`` stands between the
        line pressed -> presser and the inner limit of the pressed player's FOV."""
