"""Small layouts for the geometry tests (a module with a unique name, so any test can import it)."""

from __future__ import annotations

from paintcheck.field.layout import Layout, ObstacleSpec
from paintcheck.geometry.index import ObstacleIndex


def single(kind: str, at=(8, 0), axis: int = 0, oid: str = "o") -> ObstacleIndex:
    return ObstacleIndex(Layout("one", (ObstacleSpec(oid, kind, at, axis),)).build())


def mirror_layout(layout: Layout) -> Layout:
    """Reflection through the centre line: (x, y) -> (x, -y), axis a -> -a; same ids."""
    return Layout(
        layout.name + " (mirrored)",
        tuple(ObstacleSpec(s.id, s.kind, (s.at[0], -s.at[1]), -s.axis) for s in layout.obstacles),
        layout.lattice,
    )
