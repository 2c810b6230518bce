"""Study a layout: exposure and threat maps of Blue's points, and Blue's pieces ranked.

    python main.py analyse --layout F [--posture standing|kneeling|prone] [--json]

The maps are drawn for a Blue figure (White's are their mirror); the definitions are in
docs/analysis.md. ``--json`` prints one object: the layout's name, the posture, both maps keyed
by point (``B:H11``, ``W:D12``, ``I0``) and the pieces table; without it, the pieces table, most
dominant first. The field's sight table is cached in the user's cache folder.
"""

from __future__ import annotations

import argparse
import json

from paintcheck.analysis.maps import POSTURES, FieldStudy, PieceRow, dominance_key
from paintcheck.cli.layout_arg import load_field
from paintcheck.field.layout import Field
from paintcheck.geometry.sight import sight_table

TEAM = "blue"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--layout", required=True, help="layout file (JSON)")
    parser.add_argument("--posture", choices=POSTURES, default="standing", help="the shooters' posture")
    parser.add_argument("--json", action="store_true", help="print one JSON object")


def report(field: Field, study: FieldStudy, posture: str) -> dict:
    """Everything ``--json`` prints, as one JSON-ready dict."""
    fmt = field.lattice.format
    maps = study.maps(posture, TEAM)
    return {
        "layout": field.layout.name,
        "posture": posture,
        "exposure": {fmt(p): n for p, n in maps.exposure.items()},
        "threat": {fmt(p): n for p, n in maps.threat.items()},
        "pieces": [
            {
                "id": row.id,
                "kind": row.kind,
                "cover_points": [fmt(p) for p in row.cover_points],
                "exposure_min": row.exposure_min,
                "threat_max": row.threat_max,
                "enemy_cover_points_shot": row.enemy_cover_points_shot,
                "steps_from_base": row.steps_from_base,
            }
            for row in sorted(study.pieces(posture, TEAM), key=dominance_key)
        ],
    }


def _cell(value: int | None) -> str:
    return "-" if value is None else str(value)


def table(field: Field, study: FieldStudy, posture: str) -> str:
    """The pieces table, readable, most dominant first (for ``posture``); exposure and threat are
    given for the three postures, standing/kneeling/prone."""
    rows = {x: {r.id: r for r in study.pieces(x, TEAM)} for x in POSTURES}
    ranked: list[PieceRow] = sorted(rows[posture].values(), key=dominance_key)
    white_half = int(study.half_mask("white").sum())
    head = (
        f"{'piece':<22} {'kind':<15} {'covers':>6} {'exposure min S/K/P':>19} {'threat max S/K/P':>17}"
        f" {'enemy covers shot':>17} {'steps':>5}"
    )
    lines = [
        f"{field.layout.name}: Blue's pieces, most dominant first ({posture}; "
        f"{white_half} points in White's half)",
        head,
        "-" * len(head),
    ]
    for row in ranked:
        obstacle = field.by_id[row.id]
        name = obstacle.given_name or f"{row.id} ({field.lattice.format(obstacle.at or obstacle.points[0])})"
        exposure = "/".join(_cell(rows[x][row.id].exposure_min) for x in POSTURES)
        threat = "/".join(_cell(rows[x][row.id].threat_max) for x in POSTURES)
        lines.append(
            f"{name[:22]:<22} {row.kind:<15} {len(row.cover_points):>6} {exposure:>19} {threat:>17}"
            f" {_cell(row.enemy_cover_points_shot):>17} {_cell(row.steps_from_base):>5}"
        )
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    field = load_field(args.layout)
    study = FieldStudy(field, sight_table(field))
    if args.json:
        print(json.dumps(report(field, study, args.posture)))
    else:
        print(table(field, study, args.posture))
    return 0
