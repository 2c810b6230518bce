"""Footprints cut into convex pieces, and the ruler's tests on them as numpy array arithmetic.

GEOS answers one line/polygon question in 5-15 µs; the line of fire asks hundreds at once, so the
ruler's two questions are answered here with plain vector arithmetic on convex pieces;
``ruler_on_pieces`` answers both for many (segment, piece) entries at once:

* does the ruler's band (a rectangle ``half_width`` either side of the segment, flat at both
  ends) meet the piece? Separating-axis test, closed with ``EPS``.
* the part [t0, t1] of the segment inside the piece's interior (Cyrus-Beck clipping against
  the piece's edges moved ``EPS`` inward, so a segment running exactly along an edge is not
  inside).

A convex footprint is one piece (its own ring). The big rocket (a disc with fins, not convex) is
its body disc and its two fin plates, which overlap; any other non-convex footprint is cut into
triangles merged greedily into convex parts. Edges lying inside the footprint move ``EPS`` outward
instead, so that parts meeting along them overlap; the inside length is the union of the parts'
intervals. Pieces are grouped by edge count rounded up to a power of two (edges repeated to fill)
so that each group is one array (``Bucket``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import shapely
import shapely.affinity
from shapely.geometry.base import BaseGeometry

from paintcheck.field import footprints
from paintcheck.field.layout import Obstacle
from paintcheck.geometry.tolerance import EPS


@dataclass(frozen=True)
class Bucket:
    """Convex pieces padded to the same edge count ``k``: arrays of shape (pieces, k)."""

    k: int
    owner: np.ndarray  # (m,) obstacle index of each piece
    vx: np.ndarray  # vertex i, counter-clockwise
    vy: np.ndarray
    nx: np.ndarray  # outward unit normal of edge i (vertex i -> i+1)
    ny: np.ndarray
    support: np.ndarray  # the edge's line is normal · p = support
    clip: np.ndarray  # support moved EPS inward (boundary edge) or outward (inner edge)


def _is_convex(shape: BaseGeometry) -> bool:
    return bool(shape.geom_type == "Polygon" and shape.convex_hull.area - shape.area <= 1e-12)


def _rocket_parts(obstacle: Obstacle) -> list[BaseGeometry] | None:
    """The big rocket as its body disc and its two fin plates (overlapping convex parts), if they
    rebuild its footprint."""
    cx, cy = obstacle.centre
    body = shapely.Point(cx, cy).buffer(
        footprints.BIG_ROCKET_BODY_RADIUS, quad_segs=footprints.DISC_RESOLUTION
    )
    r, t = footprints.BIG_ROCKET_FIN_RADIUS, footprints.BIG_ROCKET_FIN_THICKNESS / 2
    fins = [
        shapely.affinity.rotate(
            shapely.affinity.translate(f, cx, cy), obstacle.axis, origin=(cx, cy)
        )
        for f in (shapely.box(-r, -t, r, t), shapely.box(-t, -r, t, r))
    ]
    parts = [body, *fins]
    if shapely.union_all(parts).symmetric_difference(obstacle.footprint).area > 1e-9:
        return None
    return parts


def _convex_parts(obstacle: Obstacle) -> list[BaseGeometry]:
    """Convex polygons whose union is the footprint: the footprint itself when convex; the big
    rocket's body and fins; else triangles merged greedily while the union stays convex."""
    shape = obstacle.footprint
    if _is_convex(shape):
        return [shape]
    if obstacle.kind.id == "rocket_big":
        parts = _rocket_parts(obstacle)
        if parts is not None:
            return parts
    parts = []
    for tri in shapely.constrained_delaunay_triangles(shape).geoms:
        for i, part in enumerate(parts):
            merged = shapely.union(part, tri)
            if _is_convex(merged):
                parts[i] = merged
                break
        else:
            parts.append(tri)
    return [shapely.simplify(p, 0.0) for p in parts]


def _convex_rings(obstacle: Obstacle) -> list[tuple[np.ndarray, np.ndarray]]:
    """Counter-clockwise vertex rings (unclosed) of convex parts covering the footprint, each with
    a per-edge flag: True when some length of the edge lies on the footprint's boundary (those
    edges move inward; the others lie inside the footprint and move outward)."""
    boundary = obstacle.footprint.boundary
    out = []
    for part in _convex_parts(obstacle):
        ring = shapely.get_coordinates(shapely.orient_polygons(part).exterior)[:-1]
        edges = shapely.linestrings(np.stack([ring, np.roll(ring, -1, axis=0)], axis=1))
        on = shapely.length(shapely.intersection(edges, shapely.buffer(boundary, 1e-12))) > 1e-9
        out.append((ring, on))
    return out


BLOCK = 1 << 14  # (entry, edge) values in one block of ``ruler_on_pieces``


def _padded(k: int) -> int:
    """Bucket size for a piece of ``k`` edges: the next power of two (edges repeat to fill)."""
    size = 4
    while size < k:
        size *= 2
    return size


def build_buckets(obstacles: Sequence[Obstacle]) -> tuple[Bucket, ...]:
    """Group the convex pieces of every obstacle's footprint by padded edge count."""
    groups: dict[int, list[tuple[int, np.ndarray, np.ndarray, np.ndarray]]] = {}
    for j, obstacle in enumerate(obstacles):
        for ring, on_boundary in _convex_rings(obstacle):
            size = _padded(len(ring))
            fill = np.arange(size) % len(ring)  # repeat whole edges: harmless for both tests
            groups.setdefault(size, []).append((j, ring, on_boundary, fill))
    buckets = []
    for k, items in sorted(groups.items()):
        owner = np.array([j for j, *_ in items], dtype=np.intp)
        order = np.argsort(owner, kind="stable")
        items = [items[i] for i in order]
        owner = owner[order]
        vertices = np.array([ring[fill] for _, ring, _, fill in items], dtype=float)
        following = np.array([np.roll(ring, -1, axis=0)[fill] for _, ring, _, fill in items])
        edge = following - vertices
        normals = np.stack([edge[..., 1], -edge[..., 0]], axis=-1)  # outward for a CCW ring
        normals /= np.linalg.norm(normals, axis=-1, keepdims=True)
        support = (normals * vertices).sum(axis=-1)
        flags = np.array([b[fill] for _, _, b, fill in items], dtype=bool)
        clip = np.where(flags, support - EPS, support + EPS)
        buckets.append(
            Bucket(
                k, owner,
                np.ascontiguousarray(vertices[..., 0]), np.ascontiguousarray(vertices[..., 1]),
                np.ascontiguousarray(normals[..., 0]), np.ascontiguousarray(normals[..., 1]),
                support, clip,
            )
        )
    return tuple(buckets)


def ruler_on_pieces(
    bucket: Bucket,
    piece: np.ndarray,
    start: np.ndarray,
    end: np.ndarray,
    half_width: float,
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Both questions at once for each entry i (segment start[i] -> end[i], piece ``piece[i]``).

    Returns ``meets`` (the band meets the piece: separating axes, the band's two then the piece's
    edge normals, closed with EPS) and ``t0``, ``t1`` (the parameters of start + t (end - start)
    inside the piece's interior, Cyrus-Beck clipping; t0 >= t1 when the segment stays out).
    ``start``/``end``: (n, 2) non-null segments.

    Each entry's answer is its own: the entries are taken in blocks of about ``BLOCK`` (entry,
    edge) values, whose temporaries stay in the processor's cache (a cylinder has 64 edges: the
    arrays of 6,000 entries at once were three times slower, the same numbers)."""
    rows = max(64, BLOCK // bucket.vx.shape[1])
    if len(piece) <= rows:
        return _ruler_on_pieces(bucket, piece, start, end, half_width)
    parts = [_ruler_on_pieces(bucket, piece[i:i + rows], start[i:i + rows], end[i:i + rows], half_width)
             for i in range(0, len(piece), rows)]
    meets, t0, t1 = (np.concatenate([part[k] for part in parts]) for k in range(3))
    return meets, t0, t1


def _ruler_on_pieces(
    bucket: Bucket,
    piece: np.ndarray,
    start: np.ndarray,
    end: np.ndarray,
    half_width: float,
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    sx, sy = start[:, 0:1], start[:, 1:2]
    dx, dy = end[:, 0:1] - sx, end[:, 1:2] - sy
    length = np.hypot(dx, dy)
    ux, uy = dx / length, dy / length
    # the piece in the band's frame: a along the segment from its start, c across it
    vx, vy = bucket.vx[piece] - sx, bucket.vy[piece] - sy
    a = vx * ux + vy * uy
    c = vy * ux - vx * uy
    apart = (
        (a.max(axis=1) < -EPS)
        | (a.min(axis=1) > length[:, 0] + EPS)
        | (c.max(axis=1) < -half_width - EPS)
        | (c.min(axis=1) > half_width + EPS)
    )
    nx, ny = bucket.nx[piece], bucket.ny[piece]
    nu = nx * ux + ny * uy  # normal along the segment
    ns = nx * sx + ny * sy  # normal . start
    # an edge normal separates when the band's lowest corner along it is beyond the edge
    lowest = ns + np.minimum(nu, 0.0) * length - half_width * np.abs(ny * ux - nx * uy)
    apart |= (lowest > bucket.support[piece] + EPS).any(axis=1)
    # Cyrus-Beck in units of the segment's length
    den = nu * length
    num = bucket.clip[piece] - ns
    with np.errstate(divide="ignore", invalid="ignore"):
        ratio = num / den
    lower = np.where(den < 0, ratio, -np.inf).max(axis=1)
    upper = np.where(den > 0, ratio, np.inf).min(axis=1)
    outside = ((den == 0) & (num < 0)).any(axis=1)
    t0 = np.maximum(lower, 0.0)
    t1 = np.where(outside, -1.0, np.minimum(upper, 1.0))
    return ~apart, t0, t1
