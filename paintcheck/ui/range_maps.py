"""The practice range's two heatmaps: "from where?" (where the shooter hits the target from) and
"where to hide?" (where the target is safest from the shooter), computed by ``odds.heatmaps`` in a
worker thread (``ui.worker.LatestJob``): the window never waits, the map shown stays until the new
one is ready.

``RangeMaps`` owns that work; it is given the range's model (``range_model``: the situation, the
field and which map is chosen). Nothing here draws.
"""

from __future__ import annotations

from dataclasses import replace
from typing import cast

from paintcheck.field.lattice import Point
from paintcheck.odds import heatmaps
from paintcheck.ui.range_model import RangeModel
from paintcheck.ui.worker import LatestJob

MAPS = ("from_where", "where_to_hide")  # the maps' keys (their words: range.map.<key>)


class RangeMaps:
    """The map chosen in ``model``, computed in the background."""

    def __init__(self, model: RangeModel) -> None:
        self.model = model
        self.heat = LatestJob("range-map")

    def restart(self) -> None:
        """Another field: the work under way for the last one is dropped."""
        self.heat.close()
        self.heat = LatestJob("range-map")

    def close(self) -> None:
        self.heat.close()

    def want(self) -> None:
        """The chosen map of the situation as it is now (asked every frame; computed once)."""
        mo = self.model
        if mo.map is None:
            return
        s, m, lattice = mo.situation, mo.m, mo.table.field.lattice
        if mo.map == "from_where":
            work = lambda: heatmaps.from_where(m, s, s.shooter.posture, lattice)  # noqa: E731
            key = ("from_where", replace(s, shooter=replace(s.shooter, point=(0, 0), cover=None, side=None)))
        else:
            work = lambda: heatmaps.where_to_hide(m, s, lattice)  # noqa: E731
            key = ("where_to_hide", replace(s, target=replace(s.target, point=(0, 0), cover=None), run=()))
        self.heat.want(key, work)

    def poll(self) -> bool:
        return self.heat.poll()

    @property
    def busy(self) -> bool:
        return self.heat.busy

    def values(self) -> dict[Point, float] | None:
        """The chosen map's chances by point, once computed (None: no map, or not yet)."""
        key = self.heat.key
        if self.model.map is None or self.heat.result is None or not isinstance(key, tuple) \
                or key[0] != self.model.map:
            return None
        return cast("dict[Point, float]", self.heat.result)
