"""Read the instruments between two points of a layout: distance, angle, line of fire.

    python main.py measure --layout F --shooter P --target P
        [--shooter-posture standing|kneeling|prone] [--cover OBSTACLE_ID] [--json]

Points are qualified (``B:H11``, ``W:D12``, ``I0``). ``--cover`` is the target's cover; by default
the obstacle next to the target that gives the shooter the smallest angle bonus. ``--shooter-cover``
is the obstacle the shooter stands behind; by default his nearest one, as in a match. The line of
fire ignores both covers (RULES 8.4); the modifiers are the rules' own (``rules.values``).
"""

from __future__ import annotations

import argparse
import json

from paintcheck.cli.errors import CommandError
from paintcheck.field.lattice import CoordinateError, Point
from paintcheck.field.layout import Field, LayoutError
from paintcheck.geometry import protractor, ruler
from paintcheck.geometry.index import ObstacleIndex
from paintcheck.geometry.measurer import FieldMeasurer
from paintcheck.geometry.touch import CROSS
from paintcheck.rules import tables
from paintcheck.rules.values import line_of_fire_total

POSTURES = ("standing", "kneeling", "prone")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--layout", required=True, help="layout file (JSON)")
    parser.add_argument("--shooter", required=True, help="shooter's point, e.g. B:H11")
    parser.add_argument("--target", required=True, help="target's point, e.g. W:D12")
    parser.add_argument("--shooter-posture", choices=POSTURES, default="standing")
    parser.add_argument("--cover", help="the target's cover (obstacle id)")
    parser.add_argument("--shooter-cover", help="the shooter's cover (default: his nearest obstacle)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")


def _load(path: str) -> Field:
    from paintcheck.field.layout_file import load_layout

    try:
        return load_layout(path).build()
    except (LayoutError, OSError, ValueError) as exc:
        message = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        raise CommandError(message) from None


def _point(field: Field, text: str, what: str) -> Point:
    try:
        point = field.lattice.parse(text)
    except CoordinateError as exc:
        raise CommandError(f"--{what}: {exc}") from None
    if field.standing_on.get(point) is not None:
        raise CommandError(f"--{what} {text}: an obstacle stands on that point")
    return point


def reading(
    field: Field, shooter: Point, target: Point, posture: str, cover: str | None,
    shooter_cover: str | None = None,
) -> dict:
    """Every number the measure command prints, as one JSON-ready dict."""
    measurer = FieldMeasurer(field)
    index: ObstacleIndex = measurer.index
    if cover is None:
        candidates = measurer.covers(target)
        if candidates:
            cover = min(
                candidates,
                key=lambda c: tables.static_angle_bonus(
                    protractor.static_angle(index, target, c, shooter).theta
                ),
            )  # min() keeps the nearest cover among equal bonuses
    elif cover not in field.by_id:
        raise CommandError(f"--cover: no obstacle {cover!r} in this layout")
    d = ruler.distance(shooter, target)
    theta = protractor.static_angle(index, target, cover, shooter).theta
    own = measurer.covers(shooter)
    if shooter_cover is None:
        shooter_cover = own[0] if own else None
    elif shooter_cover not in own:
        raise CommandError(f"--shooter-cover: {shooter_cover!r} is not next to the shooter")
    ignore = [c for c in (shooter_cover, cover) if c is not None]
    line = ruler.line_of_fire(index, shooter, target, ignore)
    rows = [
        {
            "obstacle": touch.obstacle,
            "name": touch.name,
            "kind": touch.kind,
            "height": touch.height,
            "effect": touch.effect,
            "modifier": tables.line_of_fire_modifier(posture, touch.height, touch.effect == CROSS),
        }
        for touch in line.touches
    ]
    total, _ = line_of_fire_total(posture, line.touches)
    return {
        "distance": round(d, 3),
        "distance_modifier": tables.distance_modifier(d),
        "cover": cover,
        "angle_deg": round(theta, 1),
        "angle_segment": tables.angle_segment(theta),
        "angle_bonus": tables.static_angle_bonus(theta) if cover is not None else 0,
        "line_of_fire": rows,
        "line_of_fire_modifier": total,
        "_ignored": ignore,
    }


def _table(field: Field, args: argparse.Namespace, r: dict) -> str:
    lines = [
        f"shooter {args.shooter} ({args.shooter_posture}) -> target {args.target}"
        f"  on {field.layout.name}",
        f"  distance       {r['distance']:.2f} points   modifier {r['distance_modifier']:+d}",
    ]
    if r["cover"] is None:
        lines.append("  angle          target has no cover   bonus +0")
    else:
        lines.append(
            f"  angle          {r['angle_deg']:.1f} deg from cover {r['cover']}"
            f"   segment {r['angle_segment']}   bonus {r['angle_bonus']:+d}"
        )
    if not r["line_of_fire"]:
        lines.append("  line of fire   clear")
    for row in r["line_of_fire"]:
        mod = "impossible" if row["modifier"] is None else f"{row['modifier']:+d}"
        lines.append(
            f"  line of fire   {row['effect']:5s} {row['name']} [{row['obstacle']}] ({row['height']})"
            f"   {mod}"
        )
    total = r["line_of_fire_modifier"]
    lines.append(
        "  line of fire   total " + ("IMPOSSIBLE: the shot cannot be declared" if total is None
                                     else f"{total:+d}")
    )
    if r["_ignored"]:
        lines.append(f"  (ignored as own covers: {', '.join(r['_ignored'])})")
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    field = _load(args.layout)
    shooter = _point(field, args.shooter, "shooter")
    target = _point(field, args.target, "target")
    if shooter == target:
        raise CommandError("--shooter and --target are the same point")
    r = reading(field, shooter, target, args.shooter_posture, args.cover, args.shooter_cover)
    if args.json:
        print(json.dumps({k: v for k, v in r.items() if not k.startswith("_")}))
    else:
        print(_table(field, args, r))
    return 0
