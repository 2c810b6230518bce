"""Study a layout: exposure and threat maps of Blue's points, and Blue's pieces ranked.

    python main.py analyse --layout F [--posture standing|kneeling|prone] [--json]
                           [--png OUT --map exposure|threat|control [--width PX]]

The maps are drawn for a Blue figure (White's are their mirror); the definitions are in
docs/analysis.md. ``--json`` prints one object: the layout's name, the posture, both maps keyed
by point (``B:H11``, ``W:D12``, ``I0``), the pieces table, each point's control and the balance of
the two long sides; without it, the pieces table, most dominant first, and the two sides.
``--png`` writes the map chosen by ``--map`` over the field, with its colour scale (written to a
temporary file, then renamed). The field's sight table is cached in the user's cache folder.
"""

from __future__ import annotations

import argparse
import json
import os

from paintcheck.analysis.balance import Side, control, sides
from paintcheck.analysis.maps import POSTURES, FieldStudy, PieceRow, dominance_key
from paintcheck.cli.errors import CommandError
from paintcheck.cli.export import DEFAULT_WIDTH, MAX_WIDTH, MIN_WIDTH, _width
from paintcheck.cli.layout_arg import load_field
from paintcheck.cli.progress import steps
from paintcheck.field.layout import Field
from paintcheck.geometry.sight import sight_table
from paintcheck.printable import printable

TEAM = "blue"
MAPS = ("exposure", "threat", "control")
MAP_WORDS = {  # what the colour scale counts, and the title's caption
    "exposure": "exposure: how many points of White's half can shoot a Blue player here",
    "threat": "threat: how many points of White's half a Blue player here can shoot",
    "control": "control: the sum, over the points this one can shoot, of one over how many each of them sees",
}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--layout", required=True, help="layout file (JSON)")
    parser.add_argument("--posture", choices=POSTURES, default="standing", help="the shooters' posture")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--png", metavar="OUT", help="write the map chosen by --map as a PNG image")
    parser.add_argument("--map", choices=MAPS, help="the map --png draws")
    parser.add_argument("--width", default=str(DEFAULT_WIDTH),
                        help=f"image width in pixels, {MIN_WIDTH} to {MAX_WIDTH} (default {DEFAULT_WIDTH})")


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
        "control": {fmt(p): round(v, 4) for p, v in control(study, posture).items()},
        **_sides_json(study, posture),
    }


def _sides_json(study: FieldStudy, posture: str) -> dict:
    left, right, balance = sides(study, posture, TEAM)

    def side(s: Side) -> dict:
        return {"columns": s.columns, "points": s.points, "exposure_mean": s.exposure_mean,
                "threat_mean": s.threat_mean, "pieces": list(s.pieces)}

    return {"sides": {"left": side(left), "right": side(right)}, "balance": balance}


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
    left, right, balance = sides(study, posture, TEAM)
    lines.append("")
    for name, s in (("left", left), ("right", right)):
        lines.append(
            f"Blue's {name} side ({s.columns}): {s.points} points, mean exposure {_cell(s.exposure_mean)},"
            f" mean threat {_cell(s.threat_mean)}, {len(s.pieces)} pieces"
        )
    if balance is not None:
        leaning = "even" if balance == 0 else f"favours the {'left' if balance > 0 else 'right'}"
        lines.append(f"balance (left mean threat - right): {balance:+g} ({leaning})")
    return "\n".join(lines)


def write_png(field: Field, study: FieldStudy, posture: str, what: str, out: str, width: int) -> str:
    """The map ``what`` over the field as a PNG at ``out``; the line to print."""
    values = control(study, posture) if what == "control" else getattr(study.maps(posture, TEAM), what)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from paintcheck.ui.export_image import Heat, export_png

    heat = Heat(values, f"{what} map, Blue's figures, shooters {posture}", MAP_WORDS[what])
    try:
        w, h = export_png(field, out, width, heat)
    except OSError as exc:
        reason = exc.strerror or str(exc) or type(exc).__name__
        raise CommandError(f"{printable(out)}: cannot be written ({printable(reason)})") from None
    return printable(f"wrote {out} ({w} x {h} pixels, {what} map of {field.layout.name}, {posture})")


def run(args: argparse.Namespace) -> int:
    if (args.png is None) != (args.map is None):
        raise CommandError("--png and --map go together: --png OUT --map exposure|threat|control")
    width = _width(str(args.width))
    if args.png is not None and (not args.png or os.path.isdir(args.png)):
        raise CommandError(f"{printable(args.png) or '--png'}: needs a file name, not a folder")
    bar = steps(3, "analyse")
    field = load_field(args.layout)
    table_ = sight_table(field)  # computed the first time a field is studied (seconds), then read
    bar.update()
    study = FieldStudy(field, table_)
    if args.png is not None:
        said = write_png(field, study, args.posture, args.map, args.png, width)
        if not args.json:
            print(said)
    bar.update()
    words = json.dumps(report(field, study, args.posture)) if args.json else (
        table(field, study, args.posture) if args.png is None else None)
    bar.update()
    bar.close()
    if words is not None:
        print(words)
    return 0
