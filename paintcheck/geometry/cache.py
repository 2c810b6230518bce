"""``CachedMeasurer``: a ``FieldMeasurer`` that remembers its readings.

The field never changes during a match, so a reading depends only on its arguments. Lines of fire
and fields of vision are remembered per target point; the points not yet known are still measured
in one vectorised call. The engine asks the same questions many times a round (legality, reactions,
resolution), which is what this saves. What a reading is made of is remembered where the rules ask
many variants of one question: the field of vision of a team, cover and side (the viewer's point
plays no part) for every lattice point at once; a priority-lock wedge and a prebunk template for
each point they are asked about; a sweep's touches with nothing left out, filtered like the lines
of fire; the protractor's 0° directions per cover and target (θ and φ are then the protractor's own
arithmetic, without its drawing).

Lines of fire between lattice points come from the field's sight table (``sight_lines``) once the
measurer reads it: at once when ``sight`` is True; never when False (the exact geometry only, the
reference); by default (None) at the first question when the table is already in the disk cache,
else once the geometry has answered ``SIGHT_AFTER`` shooters' questions (a field built for one test
does not pay the table's second; a match, a simulation or a search does not pay the geometry).
The table is read through ``sight.sight_table``, which checks a cached file before trusting it.
Table and geometry give the same touches in the same order (tests/geometry/test_sight_lines.py), so
when the switch happens changes no reading.

What grows with the questions asked (the readings of runs, sweeps, angles, wedges, templates, lines
off the lattice) is kept in two generations per kind (``_miss``): when the current one holds
``KEPT_MAX`` readings it becomes the previous one (the one before is dropped) and a new one starts;
a reading asked again is taken back from the previous generation rather than measured again. What
is asked in every match stays, what was asked once goes, and a kind holds at most twice
``KEPT_MAX``. A match asks a few hundred new questions, a search a few thousand; a simulation of a
million matches or a window open all day asks without end, and kept everything (issue 24: 52 MB per
match in the window, simulate's workers past 700 MB). Emptying a full kind instead cost a long
simulation about 8 % of its speed (the same questions measured again). What depends on the field
alone (fields of vision, covers, obstacles) is kept whole."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TypeVar, cast

from paintcheck.field.lattice import Point, as_pair
from paintcheck.field.layout import Field
from paintcheck.geometry import lock, protractor, sight
from paintcheck.geometry import sweep as sweep_mod
from paintcheck.geometry import template as template_mod
from paintcheck.geometry.measurer import FieldMeasurer
from paintcheck.geometry.path import step_segment
from paintcheck.geometry.sight_lines import SightLines
from paintcheck.geometry.tolerance import angle_deg
from paintcheck.geometry.touch import ObstacleInfo, Touch

SIGHT_AFTER = 256  # shooters' lines of fire measured by geometry before the table is built
_F = TypeVar("_F", bound=Callable[..., Any])
KEPT_MAX = 1 << 14  # readings of one kind in one generation (docs/speed.md, "Memory")
_NOTHING = object()


def _frozen(value: object) -> object:
    if isinstance(value, (list, tuple)):
        return tuple(_frozen(v) for v in value)
    return value


def _memo(method: _F) -> _F:
    name = method.__name__

    def remembered(self: CachedMeasurer, *args: object) -> object:
        key = (name, *args)
        try:
            return self._memo[key]
        except KeyError:
            pass
        except TypeError:  # a list among the arguments
            key = (name, *map(_frozen, args))
            if key in self._memo:
                return self._memo[key]
        return self._miss("_memo", key, method, self, *args)

    remembered.__name__ = name
    remembered.__doc__ = method.__doc__
    return cast(_F, remembered)  # called as ``method`` is, answering what it answers


def _walk(start: Point, waypoints: Sequence[Point]) -> tuple[Point, ...]:
    """``path.move_path``'s points, without making the drawn path."""
    points = [start]
    for w in waypoints:
        points.extend(step_segment(points[-1], w))
    return tuple(points)


def _phi(start: Point, end: Point, shooter: Point) -> float:
    """``protractor.run_angle(path, shooter).phi`` for a run from ``start`` to ``end``, the same
    arithmetic without the reading's dataclass."""
    rx, ry = end[0] - start[0], end[1] - start[1]
    vx, vy = (start[0] + end[0]) / 2 - shooter[0], (start[1] + end[1]) / 2 - shooter[1]
    if rx == 0 and ry == 0:
        return 90.0
    if vx == 0 and vy == 0:
        return 0.0
    a = angle_deg(rx, ry, vx, vy)
    return min(a, round(180.0 - a, 9))


class CachedMeasurer(FieldMeasurer):
    def __init__(self, field: Field, sight: bool | None = None, cache: bool | Path = True) -> None:
        super().__init__(field)
        self._memo: dict[tuple[object, ...], object] = {}  # (method name, *arguments) -> its answer
        self._lines: dict[tuple[Point, Point], tuple[Touch, ...]] = {}
        # (team, cover, side) -> point -> seen
        self._seen: dict[tuple[str, str | None, str | None], dict[Point, bool]] = {}
        self._wedges: dict[tuple[Point, Point, str, str | None, str | None], lock.LockWedge] = {}
        self._templates: dict[tuple[Point, Point], template_mod.Template] = {}
        self._sweeps: dict[tuple[Point, tuple[Point, ...]], tuple[Touch, ...]] = {}
        self._run_angles: dict[tuple[Point, Point, Point], float] = {}
        self._thetas: dict[tuple[tuple[float, float], str | None, Point], float] = {}
        # (cover, target) -> the protractor's 0° directions
        self._zeros: dict[tuple[str, tuple[float, float]], tuple[tuple[float, float], ...]] = {}
        self._before: dict[str, dict[Any, Any]] = {}  # kind -> its previous generation (``_miss``)
        self._sight_wanted = sight
        self._sight_cache = cache
        self._sight: SightLines | None = None
        self._measured = 0  # shooters' questions the geometry answered
        self._looked = False  # the disk cache was looked at
        # the field's plain facts, read as dictionaries (the rules ask them tens of thousands of
        # times a match): covers and obstacle readings remembered as they are asked
        self._lattice_points: list[Point] | None = None
        self._covers: dict[Point, tuple[str, ...]] = {}
        self._obstacles: dict[str, ObstacleInfo] = {}
        self._paths: dict[tuple[Point, Sequence[Point]], tuple[Point, ...]] = {}
        self._columns, self._rows = field.lattice.columns, field.lattice.rows_per_half
        self._standing: dict[Point, str] = {p: o.id for p, o in field.standing_on.items()}
        self._blocking: frozenset[Point] = frozenset(
            p for p, o in field.standing_on.items() if o.blocks(p))
        if sight:
            self.sight_lines()

    # -- what grows with the questions: two generations per kind ---------------------------------
    def _miss(self, kind: str, key: Any, measure: Callable[..., Any], *args: Any) -> Any:
        """The reading ``key`` of ``kind`` (the name of its dictionary), not in the current
        generation: taken back from the previous one, else measured (``measure(*args)``); kept."""
        value = self._earlier(kind, key)
        if value is _NOTHING:
            value = measure(*args)
        return self._keep(kind, key, value)

    def _earlier(self, kind: str, key: Any) -> Any:
        """``key``'s reading in ``kind``'s previous generation, taken out of it (``_NOTHING``: none)."""
        before = self._before.get(kind)
        return _NOTHING if before is None else before.pop(key, _NOTHING)

    def _keep(self, kind: str, key: Any, value: Any) -> Any:
        """Keep ``value`` in ``kind``'s current generation; a full one becomes the previous one."""
        store = self.__dict__[kind]
        if len(store) >= KEPT_MAX:
            self._before[kind] = store
            store = self.__dict__[kind] = {}
        store[key] = value
        return value

    def _wedge(self, presser_of: Point, pressed: Point, team: str, cover: str | None,
               side: str | None) -> lock.LockWedge:
        return lock.lock_wedge(self.index, presser_of, pressed, team, cover, side, drawn=False,
                               fov=self.field_of_vision(team, cover, side))

    def sight_lines(self) -> SightLines:
        """The field's sight table as lines of fire (loaded from the disk cache, or built now)."""
        if self._sight is None:
            self._sight = SightLines(sight.sight_table(self.index, cache=self._sight_cache), self.index)
        return self._sight

    def _table_ready(self) -> bool:
        """Whether lines of fire are read from the sight table now (see the module's docstring)."""
        if self._sight is not None:
            return True
        if self._sight_wanted is False:
            return False
        if not self._looked:
            self._looked = True
            if self._on_disk():
                self.sight_lines()
                return True
        if self._measured < SIGHT_AFTER:
            return False
        self.sight_lines()
        return True

    def _on_disk(self) -> bool:
        return sight.is_cached(self.field, self._sight_cache)

    def obstacle(self, obstacle_id: str) -> ObstacleInfo:
        found = self._obstacles.get(obstacle_id)
        if found is None:
            found = self._obstacles[obstacle_id] = FieldMeasurer.obstacle(self, obstacle_id)
        return found

    def covers(self, point: Point) -> tuple[str, ...]:
        try:
            return self._covers[point]
        except KeyError:
            found = self._covers[point] = FieldMeasurer.covers(self, point)
            return found
        except TypeError:  # a list for a point
            return self.covers(as_pair(point))

    def obstacle_at(self, point: Point) -> str | None:
        try:
            return self._standing.get(point)
        except TypeError:
            return self._standing.get(as_pair(point))

    def blocked(self, point: Point) -> bool:
        try:
            return point in self._blocking
        except TypeError:
            return as_pair(point) in self._blocking

    def on_field(self, point: Point) -> bool:
        """``Lattice.contains`` with the lattice's size read once (the legality asks it for every
        point it judges)."""
        x, y = point
        return 0 <= x < self._columns and -self._rows <= y <= self._rows

    def path(self, start: Point, waypoints: Sequence[Point]) -> tuple[Point, ...]:
        try:
            return self._paths[start, waypoints]
        except KeyError:  # move_path's points, without making the drawn path
            walked: tuple[Point, ...] = self._miss("_paths", (start, waypoints), _walk, start, waypoints)
            return walked
        except TypeError:  # lists for points
            return self.path(as_pair(start), tuple(map(as_pair, waypoints)))

    def static_angle(self, target: tuple[float, float], cover: str | None, shooter: Point) -> float:
        """θ as ``protractor.static_angle`` reads it (the least angle from the protractor's 0°
        directions to the shooter), without the reading's drawing; the 0° directions are kept per
        cover and target, θ per question."""
        key = (target, cover, shooter)
        try:
            found = self._thetas.get(key)
        except TypeError:  # lists for points
            return self.static_angle(as_pair(target), cover, as_pair(shooter))
        if found is None:
            found = self._miss("_thetas", key, self._theta, target, cover, shooter)
        return found

    def _theta(self, target: tuple[float, float], cover: str | None, shooter: Point) -> float:
        if cover is None:
            return 0.0
        zeros = self._zeros.get((cover, target))
        if zeros is None:
            zeros = self._zeros[cover, target] = protractor.cover_directions(self.index.get(cover), target)
        sx, sy = shooter[0] - target[0], shooter[1] - target[1]
        if not zeros or (sx == 0 and sy == 0):
            return 0.0
        return min([angle_deg(cx, cy, sx, sy) for cx, cy in zeros])

    def run_angle(self, path: Sequence[Point], shooter: Point) -> float:
        """φ as ``protractor.run_angle`` reads it, from the run's first and last points only:
        remembered by those and the shooter, so runs that share their ends share it."""
        try:
            key = (path[0], path[-1], shooter)
            found = self._run_angles.get(key)
        except (IndexError, TypeError):  # no point (the protractor says why), or lists for points
            return FieldMeasurer.run_angle(self, path, shooter)
        if found is None:
            found = self._miss("_run_angles", key, _phi, *key)
        return found

    safe_move = _memo(FieldMeasurer.safe_move)

    def sweep(self, shooter: Point, points: Sequence[Point], ignore: Sequence[str] = ()) -> tuple[Touch, ...]:
        """Remembered with nothing ignored; each obstacle is met or not on its own and the order
        is the distance from the shooter, so leaving some out filters the remembered touches."""
        key = (as_pair(shooter), tuple(map(as_pair, points)))
        touches = self._sweeps.get(key)
        if touches is None:
            touches = self._miss("_sweeps", key, sweep_mod.sweep_touches, self.index, shooter, points)
        if not ignore:
            return touches
        return tuple(t for t in touches if t.obstacle not in ignore)

    def in_lock_wedge(self, presser_of: Point, pressed: Point, team: str, cover: str | None,
                      side: str | None, target: Point) -> bool:
        key = (as_pair(presser_of), as_pair(pressed), team, cover, side)
        wedge = self._wedges.get(key)
        if wedge is None:
            wedge = self._miss("_wedges", key, self._wedge, *key)
        return wedge.contains(target)

    def _template(self, origin: Point, prebunker: Point) -> template_mod.Template:
        key = (as_pair(origin), as_pair(prebunker))
        found = self._templates.get(key)
        if found is None:
            found = self._miss("_templates", key, template_mod.prebunk_template, origin, prebunker)
        return found

    @_memo
    def template_crossings(self, origin: Point, prebunker: Point, path: Sequence[Point]) -> tuple[int, ...]:
        """Read in the template's frame; its polygon is made only for a path passing near its edge."""
        found = template_mod.sure_crossings(template_mod.strip_frame(origin, prebunker), path)
        if found is None:
            return self._template(origin, prebunker).crossing_segments(path)
        return found

    @_memo
    def template_covers(self, origin: Point, prebunker: Point, points: Sequence[Point]) -> tuple[bool, ...]:
        """Read in the template's frame; its polygon is made only for a point near its edge."""
        frame = template_mod.strip_frame(origin, prebunker)
        covered = tuple(template_mod.sure_covers(frame, p) for p in points)
        if None in covered:
            return self._template(origin, prebunker).covers(points)
        return cast(tuple[bool, ...], covered)  # no None in it

    def lines_of_fire(self, shooter: Point, targets: Sequence[Point], ignore: Sequence[str] = ()
                      ) -> tuple[tuple[Touch, ...], ...]:
        """Remembered per (shooter, target) with nothing ignored; leaving obstacles out only removes
        touches, so the ignored ones are filtered from the remembered reading."""
        if self._sight is not None or self._table_ready():
            assert self._sight is not None  # the table is ready
            found = self._sight.lines(shooter, targets, ignore)
            if found is not None:
                return found
        key = as_pair(shooter)
        lines = self._lines
        got: dict[Point, tuple[Touch, ...]] = {t: lines[key, t] for t in map(as_pair, targets)
                                               if (key, t) in lines}
        missing: list[Point] = []
        for t in dict.fromkeys(map(as_pair, targets)):
            if t not in got:
                earlier = self._earlier("_lines", (key, t))
                if earlier is _NOTHING:
                    missing.append(t)
                else:
                    got[t] = self._keep("_lines", (key, t), earlier)
        if missing:
            self._measured += 1
            for t, reading in zip(missing, super().lines_of_fire(shooter, missing), strict=True):
                got[t] = self._keep("_lines", (key, t), reading)
        readings = (got[as_pair(t)] for t in targets)
        if not ignore:
            return tuple(readings)
        return tuple(tuple(x for x in r if x.obstacle not in ignore) for r in readings)

    def fov(self, viewer: Point, team: str, cover: str | None, side: str | None,
            targets: Sequence[Point]) -> tuple[bool, ...]:
        """The field of vision depends on the team, cover and side only: read once for every
        lattice point (a point off the lattice is read on its own)."""
        key = (team, cover, side)
        seen = self._seen.get(key)
        if seen is None:
            points = self._lattice_points
            if points is None:
                points = self._lattice_points = self.field.lattice.points()
            seen = self._seen[key] = dict(zip(points, super().fov(viewer, team, cover, side, points),
                                              strict=True))
        try:
            if len(targets) == 1:  # most questions: one point (the legality's, a static target's)
                return (seen[targets[0]],)
            return tuple(map(seen.__getitem__, targets))
        except (KeyError, TypeError):  # off the lattice, or a list for a point
            return tuple(seen[t] if t in seen else super(CachedMeasurer, self).fov(
                viewer, team, cover, side, [t])[0] for t in map(as_pair, targets))
