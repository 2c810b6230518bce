"""An Un pour un table file's structure: the JSON Schema it must follow (checked by ``jsonschema``)
and each structural problem as one sentence (a ``Said``: ``rules.schema.*`` where Paintcheck's
layouts already say it, ``unpourun_table.file.*`` otherwise). ``table_file`` asks these first, then
checks the file's meaning (simple polygons, on the table, zones apart).
"""

from __future__ import annotations

from functools import cache
from typing import Any

import jsonschema

from paintcheck.field.layout_schema import _short
from paintcheck.said import Said
from paintcheck.unpourun.file_schema import checked, describe, errors
from paintcheck.unpourun.terrain import MAX_HEIGHT, MIN_HEIGHT, Kind

FORMAT = "unpourun-table/1"

# The sizes a table file may give [H] (docs/rules-decisions-unpourun.md, "Table and measuring"): two
# zones 20 apart with a base's room in each need 22 pas; past 120 pas a table is no skirmish; a piece
# or zone has 3 to 64 corners, a table at most 200 pieces (the measurer stays fast).
MIN_SIZE = 24
MAX_SIZE = 120
MIN_CORNERS = 3
MAX_CORNERS = 64
MAX_PIECES = 200
MAX_NAME = 80  # a table's name: a title on one line
MAX_PIECE_NAME = 40  # a piece's name: a few words

TABLE_KEYS = ("format", "name", "name_fr", "width", "depth", "zones", "pieces")
PIECE_KEYS = ("name", "kind", "height", "points")

_POINT = {"type": "array", "minItems": 2, "maxItems": 2, "items": {"type": "number"}}
_POLYGON = {"type": "array", "minItems": MIN_CORNERS, "maxItems": MAX_CORNERS, "items": _POINT}

SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "title": "Un pour un table",
    "type": "object",
    "required": ["format", "name", "pieces"],
    "additionalProperties": False,
    "properties": {
        "format": {"type": "string"},
        "name": {"type": "string", "minLength": 1, "maxLength": MAX_NAME},
        "name_fr": {"type": "string", "minLength": 1, "maxLength": MAX_NAME},
        "width": {"type": "number", "minimum": MIN_SIZE, "maximum": MAX_SIZE},
        "depth": {"type": "number", "minimum": MIN_SIZE, "maximum": MAX_SIZE},
        "zones": {"type": "array", "minItems": 2, "maxItems": 2, "items": _POLYGON},
        "pieces": {
            "type": "array",
            "maxItems": MAX_PIECES,
            "items": {
                "type": "object",
                "required": ["kind", "height", "points"],
                "additionalProperties": False,
                "properties": {
                    "name": {"type": "string", "minLength": 1, "maxLength": MAX_PIECE_NAME},
                    "kind": {"type": "string", "enum": [k.value for k in Kind]},
                    "height": {"type": "integer", "minimum": MIN_HEIGHT, "maximum": MAX_HEIGHT},
                    "points": _POLYGON,
                },
            },
        },
    },
}

@cache
def _validator() -> jsonschema.protocols.Validator:
    return checked(SCHEMA)


def file_said(key: str, **values: Any) -> Said:
    """A problem of a table file: ``unpourun_table.file.<key>`` and its values."""
    return Said(f"unpourun_table.file.{key}", **values)


def where(path: list[Any], data: Any) -> Said:
    """The part of the file a problem lies in: the table, piece n (with its name) or zone n, counted
    from 1."""
    if len(path) >= 2 and path[0] == "pieces" and isinstance(path[1], int):
        name = _piece_name(data, path[1])
        if name:
            return file_said("piece_named", index=path[1] + 1, name=name)
        return file_said("piece", index=path[1] + 1)
    if len(path) >= 2 and path[0] == "zones" and isinstance(path[1], int):
        return file_said("zone", zone="AB"[path[1]] if path[1] < 2 else path[1] + 1)
    return file_said("table")


def _piece_name(data: Any, index: int) -> str | None:
    try:
        name = data["pieces"][index]["name"]
    except (KeyError, IndexError, TypeError):
        return None
    return name if isinstance(name, str) and 0 < len(name) <= MAX_PIECE_NAME else None


def schema_problems(data: Any) -> list[Said]:
    """The structural problems of a decoded table file, one sentence each, in file order."""
    return [file_said("at", where=where(path, data), problem=problem)
            for path, err in errors(_validator(), data) for problem in _describe(err, path)]


def _describe(err: jsonschema.ValidationError, path: list[Any]) -> list[Said]:
    if _is_point(path):  # a corner, or a number of one: [x, y] says it all
        return [file_said("point", value=_short(err.instance))]
    return describe(err, path, "'table'", PIECE_KEYS if "pieces" in path else TABLE_KEYS, file_said)


def _is_point(path: list[Any]) -> bool:
    """``path`` names one corner [x, y] of a polygon, or a number inside it."""
    if path and path[0] == "zones":
        return len(path) in (3, 4)
    return "points" in path and len(path) - path.index("points") in (2, 3)
