"""Un pour un table files: read, check, write (RULES-unpourun 1.2, 1.6, 1.9).

A table file is JSON::

    {"format": "unpourun-table/1", "name": "Woodland skirmish", "name_fr": "Escarmouche en forêt",
     "width": 48, "depth": 48,
     "zones": [[[0, 0], [48, 0], [48, 14], [0, 14]], [[0, 34], [48, 34], [48, 48], [0, 48]]],
     "pieces": [{"name": "oak wood", "kind": "difficult", "height": 0,
                 "points": [[10, 20], [16, 19], [17, 26], [11, 27]]}, ...]}

``width`` and ``depth`` are optional (48, 1.2), in *pas*, 24 to 120. ``zones`` is optional: player
A's zone then player B's, each a simple polygon; by default the strips 0 <= y <= 14 and
depth - 14 <= y <= depth (1.9). A piece is a simple polygon of 3 to 64 corners ``[x, y]`` with a
``kind`` (open, difficult, impassable) and a whole ``height`` 0-20 (1.6); its ``name`` is optional.

What is checked, each problem one line naming the file (``validate`` prints them): the JSON and its
structure (``table_schema``), then every polygon is simple (its edges do not cross) and has an area,
lies on the table, the two zones are at least 20 pas apart (1.2), and each zone leaves at least
``MIN_ZONE_ROOM`` square pas where a base can stand (wholly in the zone, its centre in no impassable
piece: 1.9).

The shipped tables lie in ``layouts/unpourun/`` (``paintcheck.layouts`` in a wheel).
"""

from __future__ import annotations

import json
import logging
import os
import re
from pathlib import Path
from typing import Any

import shapely

from paintcheck.field.atomic import write_atomically, write_text
from paintcheck.field.json_file import JsonFileError, read_json
from paintcheck.field.layout_checks import _line, printable_said, unshown
from paintcheck.resources import data as data_folder
from paintcheck.said import Said
from paintcheck.unpourun.file_schema import not_this_format
from paintcheck.unpourun.table_schema import FORMAT, file_said, schema_problems, where
from paintcheck.unpourun.terrain import (
    BASE_RADIUS,
    STANDARD_SIZE,
    ZONE_DEPTH,
    ZONE_GAP,
    Kind,
    Piece,
    Point,
    Table,
    Zone,
    strip,
)

log = logging.getLogger(__name__)

MAX_FILE_BYTES = 1 << 20  # a table is a few kilobytes; refuse anything past 1 MiB unread
MIN_ZONE_ROOM = 30.0  # [H] square pas where a base may stand in each zone: room for a 300-point band
SLACK = 1e-9  # a float's slack on "on the table" and "20 apart"
TABLES_FOLDER = "unpourun"  # inside the layouts folder
DEFAULT_TABLE_NAME = "woodland.json"
_GEOS_PLACE = re.compile(r"\[\s*(-?[\d.e+-]+)\s+(-?[\d.e+-]+)\s*\]")


class TableFileError(ValueError):
    """A table file that cannot be used. The message is the first problem; ``problems`` has all."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__(problems[0] if problems else "invalid table")
        self.problems = list(problems)


# -- where the shipped tables are --


def tables_dir() -> Path:
    """The folder of the tables shipped with the program."""
    return data_folder("layouts") / TABLES_FOLDER


def shipped_tables() -> list[Path]:
    """Every shipped table file, sorted by name."""
    return sorted(tables_dir().glob("*.json"))


def default_table_path() -> Path:
    return tables_dir() / DEFAULT_TABLE_NAME


# -- reading and checking --


def is_table_data(data: Any) -> bool:
    """A decoded file says it is a table file: its ``format`` is ``FORMAT`` or another version of it
    (which the table checks then refuse by name)."""
    fmt = data.get("format") if isinstance(data, dict) else None
    return isinstance(fmt, str) and fmt.split("/")[0] == FORMAT.split("/")[0]


def validate_file(path: str | os.PathLike[str]) -> list[str]:
    """Every problem of the table file at ``path``, one line each; empty when it is valid."""
    source = str(path)
    data, problem = _read(Path(path), source)
    if problem is not None:
        return [problem]
    return table_problems(data, source)


def load_table(path: str | os.PathLike[str]) -> Table:
    """Read and check a table file; raise ``TableFileError`` if it is bad."""
    source = str(path)
    data, problem = _read(Path(path), source)
    if problem is not None:
        raise TableFileError([problem])
    return table_from_dict(data, source)


def table_from_dict(data: Any, source: str = "<table>") -> Table:
    """The ``Table`` a decoded table file describes; raise ``TableFileError`` if it is bad."""
    problems = table_problems(data, source)
    if problems:
        raise TableFileError(problems)
    return _build(data, source)


def table_problems(data: Any, source: str = "<table>") -> list[str]:
    """Every problem of a decoded table file, one line each (``file: problem``)."""
    return [_line(source, printable_said(p)) for p in _problems(data)]


def _problems(data: Any) -> list[Said]:
    wrong = not_this_format(data, FORMAT, file_said)
    if wrong is not None:
        return [wrong]
    found = schema_problems(data)
    for key in ("name", "name_fr"):
        why = unshown(data.get(key))
        if why is not None:
            problem = file_said("unshown", name=repr(key), why=why)
            found.append(file_said("at", where=file_said("table"), problem=problem))
    for i, piece in enumerate(data.get("pieces") or []):
        why = unshown(piece.get("name")) if isinstance(piece, dict) else None
        if why is not None:
            found.append(file_said("at", where=file_said("piece", index=i + 1),
                                   problem=file_said("unshown", name="'name'", why=why)))
    if found:
        return found
    return _meaning(data)


def _meaning(data: dict[str, Any]) -> list[Said]:
    """What the schema cannot say: simple polygons with an area, on the table; zones apart, with room."""
    width, depth = float(data.get("width", STANDARD_SIZE)), float(data.get("depth", STANDARD_SIZE))
    board = shapely.box(0.0, 0.0, width, depth).buffer(SLACK, join_style="mitre")
    found: list[Said] = []
    shapes: dict[tuple[str, int], shapely.Polygon] = {}
    named = [("zones", i, z) for i, z in enumerate(data.get("zones") or [])]
    named += [("pieces", i, p["points"]) for i, p in enumerate(data["pieces"])]
    for part, i, points in named:
        place = where([part, i], data)
        polygon = shapely.Polygon(points)
        problem = _shape_problem(polygon)
        if problem is None and not board.covers(polygon):
            problem = file_said("off_table", width=f"{width:g}", depth=f"{depth:g}")
        if problem is not None:
            found.append(file_said("at", where=place, problem=problem))
        else:
            shapes[(part, i)] = polygon
    if found:
        return found
    zones = [shapes[("zones", i)] for i in range(2)] if "zones" in data else [
        shapely.Polygon(z.points) for z in _default_zones(width, depth)]
    gap = shapely.distance(zones[0], zones[1])
    if gap < ZONE_GAP - SLACK:
        return [file_said("zones_close", gap=f"{gap:.3g}", least=f"{ZONE_GAP:g}")]
    blocked = shapely.union_all([shapes[("pieces", i)] for i, p in enumerate(data["pieces"])
                                 if p["kind"] == Kind.IMPASSABLE])
    for i, zone in enumerate(zones):
        room = zone.buffer(-BASE_RADIUS, join_style="mitre").difference(blocked).area
        if room < MIN_ZONE_ROOM:
            found.append(file_said("at", where=where(["zones", i], data), problem=file_said(
                "zone_room", area=f"{room:.3g}", least=f"{MIN_ZONE_ROOM:g}")))
    return found


def _shape_problem(polygon: shapely.Polygon) -> Said | None:
    """Why a polygon is not a simple one with an area (its corners on one line, or its edges crossing
    or touching), or None."""
    if polygon.convex_hull.area <= 0:
        return file_said("no_area")
    if polygon.is_valid:
        return None
    reason = shapely.is_valid_reason(polygon)
    place = _GEOS_PLACE.search(reason)
    at = f"({float(place[1]):g}, {float(place[2]):g})" if place else "?"
    return file_said("not_simple", at=at) if place or polygon.area > 0 else file_said("no_area")


def _default_zones(width: float, depth: float) -> tuple[Zone, Zone]:
    return strip(0.0, ZONE_DEPTH, width), strip(depth - ZONE_DEPTH, depth, width)


def _build(data: dict[str, Any], source: str) -> Table:
    width, depth = float(data.get("width", STANDARD_SIZE)), float(data.get("depth", STANDARD_SIZE))
    zones = _default_zones(width, depth)
    if "zones" in data:
        zones = (Zone(_points(data["zones"][0])), Zone(_points(data["zones"][1])))
    pieces = tuple(Piece(Kind(p["kind"]), int(p["height"]), _points(p["points"]), p.get("name", ""))
                   for p in data["pieces"])
    return Table(width, depth, zones, pieces, data["name"], data.get("name_fr"), source)


def _points(points: list[list[float]]) -> tuple[Point, ...]:
    return tuple((float(x), float(y)) for x, y in points)


def _read(path: Path, source: str) -> tuple[Any, str | None]:
    try:
        return read_json(path, MAX_FILE_BYTES, file_said("what"), texts=False), None
    except JsonFileError as exc:
        return None, _line(source, exc.args[0])


# -- writing --


def table_to_dict(table: Table) -> dict[str, Any]:
    """The JSON object of a table file; ``table_from_dict`` reads it back to an equal table."""
    out: dict[str, Any] = {"format": FORMAT, "name": table.name}
    if table.name_fr:
        out["name_fr"] = table.name_fr
    out["width"], out["depth"] = _number(table.width), _number(table.depth)
    out["zones"] = [[[_number(x), _number(y)] for x, y in z.points] for z in table.zones]
    out["pieces"] = [{**({"name": p.name} if p.name else {}), "kind": p.kind.value, "height": p.height,
                      "points": [[_number(x), _number(y)] for x, y in p.points]} for p in table.pieces]
    return out


def dumps_table(table: Table) -> str:
    """The text of a table file: one zone or piece per line, ending with a newline."""
    data = table_to_dict(table)
    lines = ["{"]
    for key in ("format", "name", "name_fr", "width", "depth"):
        if key in data:
            lines.append(f"  {json.dumps(key)}: {json.dumps(data[key], ensure_ascii=False)},")
    for key in ("zones", "pieces"):
        items = [json.dumps(item, ensure_ascii=False) for item in data[key]]
        end = "," if key == "zones" else ""
        if not items:
            lines.append(f'  "{key}": []{end}')
            continue
        lines.append(f'  "{key}": [')
        lines.extend(f"    {item}," for item in items[:-1])
        lines.append(f"    {items[-1]}")
        lines.append(f"  ]{end}")
    lines.append("}")
    return "\n".join(lines) + "\n"


def save_table(table: Table, path: str | os.PathLike[str]) -> None:
    """Write ``table`` to ``path`` atomically (temporary file, fsync, rename); a table that would not
    load back is refused (``TableFileError``) before anything is written."""
    target = Path(path)
    text = dumps_table(table)
    problems = table_problems(json.loads(text), str(target))
    if problems:
        raise TableFileError(problems)
    write_atomically(target, lambda fd, _tmp: write_text(fd, text))


def _number(value: float) -> float | int:
    return int(value) if float(value).is_integer() else value
