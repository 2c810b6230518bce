"""``CachedMeasurer``: a ``FieldMeasurer`` that remembers its readings.

The field never changes during a match, so a reading depends only on its arguments. Lines of fire
and fields of vision are remembered per target point; the points not yet known are still measured
in one vectorised call. The engine asks the same questions many times a round (legality, reactions,
resolution), which is what this saves."""

from __future__ import annotations

from collections.abc import Sequence

from paintcheck.field.lattice import Point
from paintcheck.field.layout import Field
from paintcheck.geometry.measurer import FieldMeasurer


def _frozen(value):
    if isinstance(value, (list, tuple)):
        return tuple(_frozen(v) for v in value)
    return value


def _memo(method):
    name = method.__name__

    def remembered(self, *args):
        key = (name, *args)
        try:
            return self._memo[key]
        except KeyError:
            pass
        except TypeError:  # a list among the arguments
            key = (name, *map(_frozen, args))
            if key in self._memo:
                return self._memo[key]
        value = self._memo[key] = method(self, *args)
        return value

    remembered.__name__ = name
    remembered.__doc__ = method.__doc__
    return remembered


class CachedMeasurer(FieldMeasurer):
    def __init__(self, field: Field) -> None:
        super().__init__(field)
        self._memo: dict[tuple, object] = {}
        self._lines: dict[tuple, tuple] = {}
        self._seen: dict[tuple, bool] = {}

    obstacle = _memo(FieldMeasurer.obstacle)
    covers = _memo(FieldMeasurer.covers)
    path = _memo(FieldMeasurer.path)
    static_angle = _memo(FieldMeasurer.static_angle)
    run_angle = _memo(FieldMeasurer.run_angle)
    sweep = _memo(FieldMeasurer.sweep)
    safe_move = _memo(FieldMeasurer.safe_move)
    in_lock_wedge = _memo(FieldMeasurer.in_lock_wedge)
    pressed_side = _memo(FieldMeasurer.pressed_side)
    template_crossings = _memo(FieldMeasurer.template_crossings)
    template_covers = _memo(FieldMeasurer.template_covers)

    def lines_of_fire(self, shooter: Point, targets: Sequence[Point], ignore: Sequence[str] = ()):
        """Remembered per (shooter, target) with nothing ignored; leaving obstacles out only removes
        touches, so the ignored ones are filtered from the remembered reading."""
        key = tuple(shooter)
        missing = list(dict.fromkeys(tuple(t) for t in targets if (key, tuple(t)) not in self._lines))
        if missing:
            for t, reading in zip(missing, super().lines_of_fire(shooter, missing), strict=True):
                self._lines[(key, t)] = reading
        readings = (self._lines[(key, tuple(t))] for t in targets)
        if not ignore:
            return tuple(readings)
        return tuple(tuple(x for x in r if x.obstacle not in ignore) for r in readings)

    def fov(self, viewer: Point, team: str, cover: str | None, side: str | None,
            targets: Sequence[Point]) -> tuple[bool, ...]:
        key = (tuple(viewer), team, cover, side)
        missing = list(dict.fromkeys(tuple(t) for t in targets if (key, tuple(t)) not in self._seen))
        if missing:
            for t, seen in zip(missing, super().fov(viewer, team, cover, side, missing), strict=True):
                self._seen[(key, t)] = seen
        return tuple(self._seen[(key, tuple(t))] for t in targets)
