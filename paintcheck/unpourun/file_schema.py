"""What Un pour un's file schemas (tables, bands) say of a file that breaks them: jsonschema's errors,
the first of each kind at each place, in file order, each worded as ``rules.schema.*`` sentences (the
layouts' words, ``field.layout_schema``), with the file kind's own words for counts.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import jsonschema

from paintcheck.field.layout_schema import _short, json_type, said_number, schema_said, too_long
from paintcheck.said import Said

TYPES = {  # a JSON Schema type as the sentence says it (``rules.schema.*``)
    "number": Said("rules.schema.json_type.number"),
    "integer": Said("rules.schema.expected.whole"),
    "string": Said("rules.schema.expected.text"),
    "array": Said("rules.schema.json_type.list"),
    "object": Said("rules.schema.json_type.object"),
}


def not_this_format(data: Any, fmt: str, file_said: Callable[..., Said]) -> Said | None:
    """Why ``data`` is no file of format ``fmt`` at all: not a JSON object (said by the file kind's
    ``file_said``), or a file of another format; None when it may be one."""
    if not isinstance(data, dict):
        return file_said("not_an_object", type=json_type(data))
    found = data.get("format")
    if isinstance(found, str) and found != fmt:
        return Said("rules.layout.unknown_format", format=repr(found), reads=repr(fmt))
    return None


def checked(schema: Any) -> jsonschema.protocols.Validator:
    """The validator of ``schema``, the schema itself checked first."""
    cls = jsonschema.validators.validator_for(schema)
    cls.check_schema(schema)
    return cls(schema)


def errors(check: jsonschema.protocols.Validator, data: Any) -> Iterator[tuple[list[Any], Any]]:
    """(path, error) for the first error of each kind at each place of ``data``, in file order."""
    seen: set[tuple[Any, ...]] = set()
    for err in sorted(check.iter_errors(data), key=lambda e: [str(p) for p in e.absolute_path]):
        path = list(err.absolute_path)
        key = (tuple(path), err.validator)
        if key not in seen:
            seen.add(key)
            yield path, err


def describe(err: jsonschema.ValidationError, path: list[Any], whole: str, keys: tuple[str, ...],
             count_said: Callable[..., Said]) -> list[Said]:
    """``err`` in sentences: ``whole`` names the file's top object ("'table'"), ``keys`` the keys
    allowed where the error is, ``count_said(key, name, bound, count)`` the file kind's too_few /
    too_many."""
    names = [p for p in path if isinstance(p, str)]
    name = repr(names[-1]) if names else whole
    value, kind = err.instance, err.validator
    if kind == "required":
        return [schema_said("missing", field=repr(k)) for k in err.validator_value if k not in value]
    if kind == "additionalProperties":
        allowed = ", ".join(keys)
        return [schema_said("unknown_key", field=repr(k), allowed=allowed) for k in value if k not in keys]
    if kind == "type":
        expected = TYPES.get(str(err.validator_value), str(err.validator_value))
        return [schema_said("type", name=name, expected=expected, type=json_type(value), value=_short(value))]
    if kind == "enum":
        choices = ", ".join(repr(c) for c in err.validator_value)
        return [schema_said("enum", name=name, choices=choices, value=_short(value))]
    if kind in ("minimum", "maximum"):
        return [schema_said(kind, name=name, bound=said_number(err.validator_value), value=_short(value))]
    if kind in ("minItems", "maxItems"):
        key = "too_few" if kind == "minItems" else "too_many"
        return [count_said(key, name=name, bound=said_number(err.validator_value), count=len(value))]
    if kind == "minLength":
        return [schema_said("empty", name=name)]
    if kind == "maxLength" and isinstance(value, str):
        return [too_long(names[-1] if names else "name", value, err.validator_value)]
    return [schema_said("other", name=name, error=err.message)]
