"""Layout files: read, write and mirror them (RULES §1.6, §2, §13.1).

A layout file is JSON::

    {"format": "paintcheck-layout/1", "name": "Box 21", "columns": 17, "rows_per_half": 13,
     "flag": "centre",
     "obstacles": [{"id": "snake1-b", "kind": "cylinder_lying", "at": "B:B4", "axis": 270}, ...]}

``columns`` and ``rows_per_half`` are optional (17 and 13). ``at`` is a qualified point (``B:C5``,
``W:D12``, ``I0``); a lying obstacle's ``at`` is its first point and its other points follow its
``axis`` (degrees in 45-degree steps, 0 toward column Q, 90 toward White's base, default 0); only
lying kinds may give an axis. An optional ``name_fr`` is the layout's name in a window that speaks
French (``Layout.name_in``). ``name`` and ``name_fr`` are at most ``MAX_LAYOUT_NAME`` (80)
characters, an obstacle's ``id`` and ``name`` at most 40; none of them holds a control character or
a lone surrogate (each is one line a window can draw: ``paintcheck.printable``).

The checks (``validate``'s, one line per problem) live in ``layout_checks``; this module reads,
writes and mirrors the files, and hands their problems on as ``LayoutFileError``.

Sizes: a field the format accepts is a field the game plays (docs/rules-decisions.md, "Fields of
other sizes"): ``MIN_COLUMNS`` to ``MAX_COLUMNS`` columns, ``MIN_ROWS_PER_HALF`` to
``MAX_ROWS_PER_HALF`` rows each side of the centre line.
"""

from __future__ import annotations

import json
import os
from collections import Counter
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from paintcheck.field import catalogue
from paintcheck.field.atomic import write_atomically, write_text
from paintcheck.field.json_file import JsonFileError, read_json
from paintcheck.field.lattice import (
    mirror_point,
)
from paintcheck.field.layout import (  # noqa: F401 - the mirror is read from here too
    FLAG_FORMATS,
    Layout,
    LayoutError,
    ObstacleSpec,
    flag_homes,
    mirror_id,
    mirror_spec,
)
from paintcheck.field.layout_checks import (  # noqa: F401 - the checks' public names, read from here
    Placements,
    _check,
    _entry,
    _line,
    _same_place,
    layout_findings,
    layout_problems,
)
from paintcheck.field.layout_schema import (  # noqa: F401 - the file's sizes and format, read from here
    _LAYOUT_KEYS,
    FORMAT,
    MAX_COLUMNS,
    MAX_ROWS_PER_HALF,
    MIN_COLUMNS,
    MIN_ROWS_PER_HALF,
)
from paintcheck.resources import data

MAX_FILE_BYTES = 1 << 20  # a layout is a few kilobytes; refuse anything past 1 MiB unread
DEFAULT_LAYOUT_NAME = "box21.json"

class LayoutFileError(LayoutError):
    """A layout file that cannot be used. The message is the first problem; ``problems`` has all."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__(problems[0] if problems else "invalid layout")
        self.problems = list(problems)


# -- public API --


def default_layout_path() -> Path:
    """The shipped layout that uses exactly the 21 obstacles of the box."""
    return layouts_dir() / DEFAULT_LAYOUT_NAME


def layouts_dir() -> Path:
    """The folder of the layouts shipped with the program."""
    return data("layouts")


def shipped_layouts() -> list[Path]:
    """Every shipped layout file, sorted by name."""
    return sorted(layouts_dir().glob("*.json"))


def validate_file(path: str | os.PathLike[str]) -> list[str]:
    """Every problem of the layout file at ``path``, one line each; empty when it is valid."""
    source = str(path)
    data, problem = _read_json(Path(path), source)
    if problem is not None:
        return [problem]
    return _check(data, source).problems


def load_layout(path: str | os.PathLike[str]) -> Layout:
    """Read and check a layout file; raise ``LayoutFileError`` (a ``LayoutError``) if it is bad."""
    source = str(path)
    data, problem = _read_json(Path(path), source)
    if problem is not None:
        raise LayoutFileError([problem])
    return layout_from_dict(data, source)


def layout_from_dict(data: Any, source: str = "<layout>") -> Layout:
    """The ``Layout`` a decoded layout file describes; raise ``LayoutFileError`` if it is bad."""
    checked = _check(data, source)
    if checked.problems:
        raise LayoutFileError(checked.problems)
    assert checked.lattice is not None
    return Layout(
        name=data["name"],
        obstacles=tuple(o.spec for o in checked.obstacles),
        lattice=checked.lattice,
        flag=data["flag"],
        source=source,
        name_fr=data.get("name_fr"),
    )


def layout_to_dict(layout: Layout) -> dict[str, Any]:
    """The JSON object of a layout file; ``layout_from_dict`` reads it back to an equal layout."""
    obstacles = [_entry(spec, layout.lattice) for spec in layout.obstacles]
    french = {"name_fr": layout.name_fr} if layout.name_fr else {}
    return {
        "format": FORMAT,
        "name": layout.name,
        **french,
        "columns": layout.lattice.columns,
        "rows_per_half": layout.lattice.rows_per_half,
        "flag": layout.flag,
        "obstacles": obstacles,
    }


def dumps_layout(layout: Layout) -> str:
    """The text of a layout file: readable, one obstacle per line, ending with a newline."""
    data = layout_to_dict(layout)
    lines = ["{"]
    for key in (k for k in _LAYOUT_KEYS[:-1] if k in data):
        lines.append(f"  {json.dumps(key)}: {json.dumps(data[key], ensure_ascii=False)},")
    items = [json.dumps(o, ensure_ascii=False) for o in data["obstacles"]]
    if items:
        lines.append('  "obstacles": [')
        lines.extend(f"    {item}," for item in items[:-1])
        lines.append(f"    {items[-1]}")
        lines.append("  ]")
    else:
        lines.append('  "obstacles": []')
    lines.append("}")
    return "\n".join(lines) + "\n"


def save_layout(layout: Layout, path: str | os.PathLike[str], *, check: bool = True) -> None:
    """Write ``layout`` to ``path`` without ever leaving a half-written file.

    The text goes to a temporary file in the same folder, is flushed to disk, then renamed over
    ``path`` in one step: if anything fails, the file that was there is untouched and the temporary
    file is removed. With ``check`` (the default) a layout that would not load back is refused
    (``LayoutFileError``) before anything is written. An existing file keeps its permissions.
    """
    target = Path(path)
    text = dumps_layout(layout)
    if check:
        problems = layout_problems(json.loads(text), str(target))
        if problems:
            raise LayoutFileError(problems)
    write_atomically(target, lambda fd, _tmp: write_text(fd, text))


def is_single(spec: ObstacleSpec) -> bool:
    """The obstacle is its own mirror (it stands on the centre line, or straddles it evenly)."""
    kind = catalogue.KINDS[spec.kind]
    points = catalogue.obstacle_points(kind, spec.at, spec.axis)
    return _same_place(kind, points, tuple(mirror_point(p) for p in points))


def with_mirrors(specs: Iterable[ObstacleSpec]) -> tuple[ObstacleSpec, ...]:
    """Each obstacle followed by its mirror (``mirror_spec``), single ones alone: what an editor
    does when a coach places one half of a field."""
    out: list[ObstacleSpec] = []
    for spec in specs:
        out.append(spec)
        if not is_single(spec):
            out.append(mirror_spec(spec))
    return tuple(out)


def box_family(kind_id: str) -> str:
    """The piece of the box an obstacle kind is (a lying cylinder is a cylinder)."""
    return catalogue.BOX_FAMILY.get(kind_id, kind_id)


def box_count_ok(layout: Layout) -> bool:
    """The layout uses exactly the 21 obstacles of one box [B p.2]. Information only: custom
    layouts may use more pieces (several boxes) and are still valid."""
    used = Counter(box_family(spec.kind) for spec in layout.obstacles)
    return used == Counter(catalogue.BOX_CONTENTS)


# -- reading --


def _read_json(path: Path, source: str) -> tuple[Any, str | None]:
    """The decoded JSON at ``path``, or None and the one line saying why it cannot be read."""
    try:
        return read_json(path, MAX_FILE_BYTES, "layout file", texts=False), None
    except JsonFileError as exc:
        return None, _line(source, exc.args[0])


