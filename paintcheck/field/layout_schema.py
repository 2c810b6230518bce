"""A layout file's structure: the JSON Schema it must follow (checked by ``jsonschema``), the sizes
the game plays, and each structural problem as one sentence (``rules.schema.*``, a ``Said``: the
English ``validate`` prints, worded again by the window). ``layout_checks`` asks these first, then
checks the file's meaning.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable
from functools import cache
from typing import Any

import jsonschema

from paintcheck.field import catalogue
from paintcheck.field.lattice import BASE_START_HALF_WIDTH, COLUMN_LETTERS, PREBUNK_DEPTH
from paintcheck.field.layout import FLAG_FORMATS
from paintcheck.said import Said

FORMAT = "paintcheck-layout/1"

# The sizes the game plays [H]: five runners wait on every second one of a base's start points (E-M
# on the default field, RULES 1.5); a column is one letter; a prebunk template (6 points, RULES 12.3)
# laid from the centre line stops short of the prebunk zone (the last 3 rows, RULES 1.5); the window
# at its smallest (1280 x 800) still draws the points 18 pixels apart.
MIN_COLUMNS = 2 * BASE_START_HALF_WIDTH + 1  # 9
MAX_COLUMNS = len(COLUMN_LETTERS)  # 26
MIN_ROWS_PER_HALF = PREBUNK_DEPTH + math.ceil(catalogue.TEMPLATE_LENGTH)  # 9
MAX_ROWS_PER_HALF = 20
_SIZE_WHY: dict[tuple[str | None, str], Said] = {  # why a size has its bound, said after it
    # (``rules.schema.why.*``)
    ("columns", "minimum"): Said(
        "rules.schema.why.columns_minimum", count=MIN_COLUMNS),
    ("columns", "maximum"): Said("rules.schema.why.columns_maximum"),
    ("rows_per_half", "minimum"): Said(
        "rules.schema.why.rows_minimum",
        depth=PREBUNK_DEPTH, length=f"{catalogue.TEMPLATE_LENGTH:g}"),
    ("rows_per_half", "maximum"): Said("rules.schema.why.rows_maximum"),
}

_OBSTACLE_KEYS = ("id", "kind", "at", "axis", "name")
MAX_NAME = 40  # an obstacle's display name: a few words on a button
MAX_ID = 40  # an obstacle's id: a word or two (the designer and the study show it)
MAX_LAYOUT_NAME = 80  # a layout's name: a title on one line (the window cuts it to its room)
_LAYOUT_KEYS = ("format", "name", "name_fr", "columns", "rows_per_half", "flag", "obstacles")

SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "title": "Paintcheck layout",
    "type": "object",
    "required": ["format", "name", "flag", "obstacles"],
    "additionalProperties": False,
    "properties": {
        "format": {"type": "string"},
        "name": {"type": "string", "minLength": 1, "maxLength": MAX_LAYOUT_NAME},
        "name_fr": {"type": "string", "minLength": 1, "maxLength": MAX_LAYOUT_NAME},  # its name in French
        "columns": {"type": "integer", "minimum": MIN_COLUMNS, "maximum": MAX_COLUMNS},
        "rows_per_half": {"type": "integer", "minimum": MIN_ROWS_PER_HALF, "maximum": MAX_ROWS_PER_HALF},
        "flag": {"type": "string", "enum": list(FLAG_FORMATS)},
        "obstacles": {
            "type": "array",
            "items": {
                "type": "object",
                "required": ["id", "kind", "at"],
                "additionalProperties": False,
                "properties": {
                    "id": {"type": "string", "minLength": 1, "maxLength": MAX_ID},
                    "kind": {"type": "string"},
                    "at": {"type": "string"},
                    "axis": {"type": "integer"},
                    "name": {"type": "string", "minLength": 1, "maxLength": MAX_NAME},
                },
            },
        },
    },
}

# How a value of the wrong type is described: "'at' must be <this>, not a number"
# (``rules.schema.expected.*``).
_EXPECTED = {name: Said(f"rules.schema.expected.{key}", **values) for name, key, text, values in (
    ("format", "format", f"the text {FORMAT!r}", {"format": repr(FORMAT)}),
    ("name", "text", "a text", {}),
    ("name_fr", "text", "a text", {}),
    ("columns", "whole", "a whole number", {}),
    ("rows_per_half", "whole", "a whole number", {}),
    ("flag", "text", "a text", {}),
    ("obstacles", "obstacles", "a list of obstacles", {}),
    ("id", "text", "a text", {}),
    ("kind", "kind", "a text naming a kind", {}),
    ("at", "at", "a point written as text, like 'B:C5' or 'I0'", {"example": "'B:C5'", "centre": "'I0'"}),
    ("axis", "axis", "a whole number of degrees", {}),
)}


@cache
def _validator() -> jsonschema.protocols.Validator:
    cls = jsonschema.validators.validator_for(SCHEMA)
    cls.check_schema(SCHEMA)
    return cls(SCHEMA)


# -- schema problems as one-line sentences --


def schema_problems(data: dict[str, Any]) -> tuple[list[tuple[int, str]], set[str]]:
    """The structural problems as (obstacle index or -1, sentence) in file order, and the top-level
    keys that have one."""
    out: list[tuple[int, str]] = []
    bad_top: set[str] = set()
    seen: set[tuple[Any, ...]] = set()
    errors = sorted(_validator().iter_errors(data), key=lambda e: _path_key(e.absolute_path))
    for err in errors:
        path = list(err.absolute_path)
        if path:
            bad_top.add(str(path[0]))
        index = -1
        if len(path) >= 2 and path[0] == "obstacles" and isinstance(path[1], int):
            index = path[1]
            path = path[2:]
        key = (index, tuple(path), err.validator)
        if key in seen:  # one 'required' or 'additionalProperties' error per object is enough
            continue
        seen.add(key)
        out.extend((index, m) for m in _describe(err, path, index))
    return out, bad_top


def _describe(err: jsonschema.ValidationError, path: list[Any], index: int) -> list[str]:
    name = str(path[-1]) if path else None
    value = err.instance
    kind = err.validator
    if kind == "required":
        missing = [k for k in err.validator_value if k not in value]
        return [schema_said("missing", field=repr(k)) for k in missing]
    if kind == "additionalProperties":
        keys = _OBSTACLE_KEYS if index >= 0 else _LAYOUT_KEYS
        allowed = ", ".join(keys)
        return [schema_said("unknown_key", field=repr(k),
                            allowed=allowed) for k in value if k not in keys]
    if kind == "type":
        got = json_type(value)
        if name is None:
            if index >= 0:
                return [schema_said("obstacle_object",
                                    type=got)]
            return [schema_said("layout_object", type=got)]
        expected = _EXPECTED.get(name, err.validator_value)
        shown = _short(value)
        return [schema_said("type", name=repr(name),
                            expected=expected, type=got, value=shown)]
    if kind == "enum":
        choices = ", ".join(repr(c) for c in err.validator_value)
        shown = _short(value)
        return [schema_said("enum", name=repr(name),
                            choices=choices, value=shown)]
    if kind in ("minimum", "maximum"):
        why = _SIZE_WHY.get((name, kind))
        values = {"name": repr(name), "bound": said_number(err.validator_value), "value": _short(value)}
        if why:
            return [schema_said(f"{kind}_why", why=why, **values)]
        return [schema_said(kind, **values)]
    if kind == "minLength":
        return [schema_said("empty", name=repr(name))]
    if kind == "maxLength" and isinstance(value, str):
        return [too_long(str(name), value, err.validator_value)]
    return [schema_said("other", name=str(name or "layout"),
                        error=err.message)]


def too_long(name: str, value: str, limit: int) -> Said:
    """The text ``value`` of the key ``name`` is longer than ``limit`` characters (said with the
    value shortened: it may be very long)."""
    shown, count = _short(value), len(value)
    return schema_said("too_long",
                       name=repr(name), count=count, limit=limit, value=shown)


def _path_key(path: Iterable[Any]) -> tuple[tuple[int, Any], ...]:
    return tuple((0, p) if isinstance(p, int) else (1, str(p)) for p in path)


def said_number(value: Any) -> Any:
    """A number as a value of a ``Said``: a whole number as it is (the window writes it); any other
    as Python wrote it in the English (``10.0`` stays ``10.0``)."""
    return value if isinstance(value, int) and not isinstance(value, bool) else str(value)


_JSON_TYPES = {key: Said(f"rules.schema.json_type.{key}") for key, text in (
    ("null", "null"), ("bool", "true/false"), ("number", "a number"), ("text", "a text"), ("list", "a list"),
    ("object", "an object"))}


def json_type(value: Any) -> str:
    """What a JSON value is, in words (``rules.schema.json_type.*``)."""
    if value is None:
        return _JSON_TYPES["null"]
    if isinstance(value, bool):
        return _JSON_TYPES["bool"]
    if isinstance(value, int | float):
        return _JSON_TYPES["number"]
    if isinstance(value, str):
        return _JSON_TYPES["text"]
    if isinstance(value, list):
        return _JSON_TYPES["list"]
    if isinstance(value, dict):
        return _JSON_TYPES["object"]
    return type(value).__name__


def _short(value: Any, limit: int = 40) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def schema_said(key: str, **values: Any) -> Said:
    """A problem of the file's structure (the schema's): ``rules.schema.<key>`` and its values."""
    return Said(f"rules.schema.{key}", **values)
