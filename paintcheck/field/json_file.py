"""Reading a JSON file a user hands us (a layout, a saved match) without trusting it.

Only a regular file is opened (a folder, a FIFO, a device or a link to one is refused unread); at
most ``limit`` bytes are read; the text is UTF-8, with or without a byte-order mark; JSON's
``NaN``/``Infinity``, duplicate keys, nesting too deep, integers too long to convert and texts
holding a lone surrogate (which no file, font or screen can show) are refused. Every problem is one
``JsonFileError`` whose message says what is wrong; the caller names the file.
"""

from __future__ import annotations

import json
import os
import re
import stat
from itertools import accumulate
from pathlib import Path
from typing import Any

from paintcheck.said import Said

MAX_NESTING = 100  # lists and objects inside each other: no file of ours goes past 10

_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')
_BRACKET = re.compile(r"[\[\]{}]")


def nesting(text: str) -> int:
    """How deep the lists and objects of JSON ``text`` lie (brackets inside strings not counted):
    judged before parsing, so that how deep a file may go never depends on how much stack the
    reader has left (the interpreter's recursion limit, which a test library may raise)."""
    steps = (1 if b in "[{" else -1 for b in _BRACKET.findall(_STRING.sub("", text)))
    return max(accumulate(steps, initial=0))


class JsonFileError(ValueError):
    """Why a file is not readable JSON, in a few words (without the file's name)."""


class _Problem(ValueError):
    pass


# what a file holds, as the window words it (the ``what`` of ``read_json``)
WHAT = {what: Said(f"rules.file.what.{key}") for key, what in (
    ("layout", "layout file"), ("save", "saved match"), ("lesson", "lesson"), ("progress", "lesson progress"),
    ("settings", "settings file"), ("file", "file"))}


# the json module's own reasons (JSONDecodeError.msg), worded by the window too
JSON_ERRORS = {msg: Said(f"rules.file.json_error.{key}") for key, msg in (
    ("value", "Expecting value"), ("property", "Expecting property name enclosed in double quotes"),
    ("comma", "Expecting ',' delimiter"), ("colon", "Expecting ':' delimiter"),
    ("unterminated", "Unterminated string starting at"), ("control", "Invalid control character at"),
    ("escape", "Invalid \\escape"), ("unicode", "Invalid \\uXXXX escape"), ("extra", "Extra data"))}


def _said(name: str, **values: Any) -> Said:
    """Why a file cannot be read, as data: the key ``rules.file.<name>`` and its values."""
    return Said(f"rules.file.{name}", **values)


def read_json(path: str | os.PathLike[str], limit: int, what: str = "file", texts: bool = True) -> Any:
    """The JSON data at ``path``, or ``JsonFileError`` saying why it cannot be read. With ``texts``
    False a lone surrogate is left for the caller to name where it lies."""
    what = WHAT.get(what, what)
    raw = _read_bytes(Path(path), limit, what)
    if b"\x00" in raw:
        raise JsonFileError(_said("binary"))
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        byte = f"0x{raw[exc.start]:02x}"
        raise JsonFileError(_said("utf8", byte=byte,
                                  offset=exc.start)) from None
    if not text.strip():
        raise JsonFileError(_said("empty"))
    if nesting(text) > MAX_NESTING:
        raise JsonFileError(_said("nested", what=what))
    try:
        data = json.loads(text, object_pairs_hook=_object, parse_constant=_refuse_constant)
        if texts:
            _check_texts(data)
    except json.JSONDecodeError as exc:
        error = JSON_ERRORS.get(exc.msg, exc.msg)
        raise JsonFileError(_said("json", error=error,
                                  line=exc.lineno, column=exc.colno)) from None
    except _Problem as exc:
        raise JsonFileError(_said("json_for", what=what,
                                  problem=exc.args[0])) from None
    except RecursionError:
        raise JsonFileError(_said("nested",
                                  what=what)) from None
    except ValueError:  # an integer of more digits than Python converts
        raise JsonFileError(_said("digits",
                                  what=what)) from None
    return data


def _read_bytes(path: Path, limit: int, what: str) -> bytes:
    try:
        mode = path.stat().st_mode  # follows a link: a link to a device is a device
        if stat.S_ISDIR(mode):
            raise JsonFileError(_said("folder", what=what))
        if not stat.S_ISREG(mode):  # a FIFO would wait for a writer, a device never ends: unread
            raise JsonFileError(_said("not_regular"))
        with path.open("rb") as handle:
            raw = handle.read(limit + 1)
    except JsonFileError:
        raise
    except FileNotFoundError:
        raise JsonFileError(_said("missing")) from None
    except PermissionError:
        raise JsonFileError(_said("permission")) from None
    except ValueError:  # e.g. a NUL character in the name
        raise JsonFileError(_said("bad_name")) from None
    except OSError as exc:
        error = str(exc.strerror or exc)
        raise JsonFileError(_said("unreadable", error=error)) from None
    if len(raw) > limit:
        raise JsonFileError(_said("too_large",
                                  what=what, limit=limit))
    return raw


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    seen: dict[str, Any] = {}
    for key, value in pairs:
        if key in seen:
            raise _Problem(_said("twice", field=repr(key)))
        seen[key] = value
    return seen


def _check_texts(data: Any) -> None:
    """Every text (keys included) is one a file and a screen can hold: no lone surrogate."""
    stack = [data]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
        elif isinstance(item, str):
            try:
                item.encode("utf-8")
            except UnicodeEncodeError as exc:
                shown, char = repr(item[:20]), f"\\u{ord(item[exc.start]):04x}"
                raise _Problem(_said("surrogate",
                                     value=shown, char=char)) from None


def _refuse_constant(name: str) -> Any:
    raise _Problem(_said("constant", constant=name))
