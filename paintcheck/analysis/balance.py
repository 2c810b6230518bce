"""What else a designer asks of a field (docs/analysis.md): depthmapX's *control* of each point, and
the balance between the field's two long sides.

* **control_X(p)** (Hillier & Hanson's control, as depthmapX computes it on a visibility graph): the
  graph joins two free points when a shot is possible between them (posture X; the relation is
  symmetric). With N(p) the points p is joined to (p itself left out),
  control(p) = sum over q in N(p) of 1 / |N(q)|. Above 1, p sees points that see little else: it
  controls them; below 1, what it sees is seen from everywhere.
* **The long sides**: the columns left of the centre column and those right of it, named by their
  letters, Blue's left (column A) first. For each, over the free points of the team's half on that
  side: how many, their mean exposure and mean threat, and the pieces of the pieces table standing
  on that side (every point left of, or right of, the centre column). ``balance`` is the left side's
  mean threat minus the right side's: 0 is a fair field, a positive figure favours the left side.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from paintcheck.analysis.maps import FieldStudy, in_half
from paintcheck.field.lattice import COLUMN_LETTERS, Point


def control(study: FieldStudy, posture: str) -> dict[Point, float]:
    """Every free point's control (posture ``posture``), over the whole field."""
    free = np.flatnonzero(study.free)
    joined = study.possible(posture)[np.ix_(free, free)].copy()
    np.fill_diagonal(joined, False)
    degree = joined.sum(axis=1)
    inverse = np.divide(1.0, degree, out=np.zeros(len(free)), where=degree > 0)
    values = joined.astype(float) @ inverse
    return {study.points[i]: float(v) for i, v in zip(free.tolist(), values.tolist(), strict=True)}


@dataclass(frozen=True)
class Side:
    """One long side of one team's half."""

    columns: str  # e.g. "A-H"
    points: int
    exposure_mean: float | None
    threat_mean: float | None
    pieces: tuple[str, ...]


def sides(study: FieldStudy, posture: str, team: str = "blue") -> tuple[Side, Side, float | None]:
    """The left and right long sides (as Blue sees the field: column A is his left) and the balance,
    left mean threat minus right mean threat (None when a side has no point)."""
    maps = study.maps(posture, team)
    columns = study.field.lattice.columns
    middle = (columns - 1) / 2
    rows = study.pieces(posture, team)
    out = []
    on_side: Callable[[float], bool]
    for on_side in (lambda x: x < middle, lambda x: x > middle):
        xs = [x for x in range(columns) if on_side(x)]
        letters = f"{COLUMN_LETTERS[xs[0]]}-{COLUMN_LETTERS[xs[-1]]}" if xs else "-"
        pts = [p for p in maps.exposure if in_half(p, team) and on_side(p[0])]
        pieces = tuple(r.id for r in rows if all(on_side(p[0]) for p in study.field.by_id[r.id].points))
        out.append(Side(
            letters, len(pts),
            _mean([maps.exposure[p] for p in pts]), _mean([maps.threat[p] for p in pts]), pieces,
        ))
    left, right = out
    balance = None if left.threat_mean is None or right.threat_mean is None else \
        round(left.threat_mean - right.threat_mean, 3)
    return left, right, balance


def _mean(values: list[int]) -> float | None:
    return round(sum(values) / len(values), 3) if values else None
