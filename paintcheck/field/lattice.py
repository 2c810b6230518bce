"""The lattice of points and the coordinates coaches speak (RULES §1).

World coordinates are in point units: x is the column index (A = 0), Blue's row r is at y = -r,
White's row r at y = +r, the centre line at y = 0. A point is a tuple ``(x, y)`` of ints.

Coaches read a coordinate in their own half ("H11" for Blue is Blue's row 11); the qualified form
names the half for either coach (``B:H11``, ``W:D12``) and the centre line needs none (``I0``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

from paintcheck.said import Said

Point = tuple[int, int]

TEAMS = ("blue", "white")
TEAM_PREFIX = {"blue": "B", "white": "W"}
PREFIX_TEAM = {"B": "blue", "W": "white"}
# Which way a team faces: Blue's half is y < 0 and it attacks toward +y.
FORWARD = {"blue": 1, "white": -1}

COLUMN_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
MAX_ROW_NUMBER = 99  # a coordinate's row has one or two digits
DEFAULT_COLUMNS = 17  # A-Q  [H RULES 1.2]
DEFAULT_ROWS_PER_HALF = 13  # rows 1-13 each side of row 0  [H RULES 1.2]
# Zones are counted from a team's base, so that every field size has them (docs/rules-decisions.md,
# "Fields of other sizes"): on the default field they are the rows RULES names.
BACK_DEPTH = 6  # "behind line 8" is the last 6 rows of a half: 8-13  [B p.30, p.32; H on other sizes]
PREBUNK_DEPTH = 3  # the prebunk zone is the last 3 rows of a half: 11-13  [H RULES 1.5]
BASE_START_HALF_WIDTH = 4  # runners start on the base's middle 9 points: E-M of A-Q  [H RULES 1.5]

_COORD = re.compile(r"^\s*(?:([A-Za-z])\s*:\s*)?([A-Za-z])\s*(\d{1,2})\s*$")


class CoordinateError(ValueError):
    """A coordinate that cannot be read or lies off the field; the message says why (a ``Said``,
    ``rules.coordinate.*``: the window words it)."""


def _said(key: str, **values: Any) -> Said:
    return Said(f"rules.coordinate.{key}", **values)


def other_team(team: str) -> str:
    return "white" if team == "blue" else "blue"


def half_of(point: Point) -> str | None:
    """The team whose half holds ``point``; None on the centre line."""
    if point[1] < 0:
        return "blue"
    if point[1] > 0:
        return "white"
    return None


def row_of(point: Point) -> int:
    """The row number as coaches count it, from the centre line outward."""
    return abs(point[1])


@dataclass(frozen=True)
class Lattice:
    """A field of ``columns`` x (2 * rows_per_half + 1) points."""

    columns: int = DEFAULT_COLUMNS
    rows_per_half: int = DEFAULT_ROWS_PER_HALF

    def __post_init__(self) -> None:
        if not 3 <= self.columns <= len(COLUMN_LETTERS):
            raise CoordinateError(_said("columns", most=len(COLUMN_LETTERS), value=self.columns))
        if not 3 <= self.rows_per_half <= MAX_ROW_NUMBER:
            raise CoordinateError(_said("rows", most=MAX_ROW_NUMBER, value=self.rows_per_half))

    @property
    def letters(self) -> str:
        return COLUMN_LETTERS[: self.columns]

    @property
    def base_row(self) -> int:
        """A team's base is its last row [H RULES 1.5]."""
        return self.rows_per_half

    @property
    def prebunk_rows(self) -> range:
        """The rows of each half's prebunk zone (11-13 on the default field) [H RULES 1.5]."""
        return range(max(1, self.base_row - PREBUNK_DEPTH + 1), self.base_row + 1)

    @property
    def back_line(self) -> int:
        """The row from which a player is "behind line 8" (B p.30, p.32): 8 on the default field,
        the first of the last ``BACK_DEPTH`` rows of a half on any field."""
        return max(1, self.base_row - BACK_DEPTH + 1)

    def behind_back_line(self, point: Point, team: str) -> bool:
        """``point`` is in ``team``'s half, on its back line or behind it (a back player)."""
        return half_of(point) == team and row_of(point) >= self.back_line

    @property
    def base_columns(self) -> range:
        """The columns of the base points a runner may start on: E-M on the default field."""
        mid = self.columns // 2
        lo, hi = max(0, mid - BASE_START_HALF_WIDTH), min(self.columns - 1, mid + BASE_START_HALF_WIDTH)
        return range(lo, hi + 1)

    def base_points(self, team: str) -> list[Point]:
        """The base points a runner may start on: row 13, columns E-M on the default field."""
        return [self.world(team, x, self.base_row) for x in self.base_columns]

    def base_text(self) -> str:
        """Where runners start, in words: "row 13, columns E-M" on the default field."""
        cols = self.base_columns
        first, last = COLUMN_LETTERS[cols[0]], COLUMN_LETTERS[cols[-1]]
        return Said("rules.field.base", row=self.base_row,
                    first=first, last=last)

    def prebunk_text(self) -> str:
        """The prebunk zone's rows in words: "rows 11-13" on the default field."""
        rows = self.prebunk_rows
        return Said("rules.field.prebunk_rows", first=rows[0], last=rows[-1])

    def in_prebunk_zone(self, point: Point, team: str) -> bool:
        return half_of(point) == team and row_of(point) in self.prebunk_rows

    def contains(self, point: Point) -> bool:
        x, y = point
        return 0 <= x < self.columns and -self.rows_per_half <= y <= self.rows_per_half

    def points(self) -> list[Point]:
        """Every point, row by row from Blue's base to White's."""
        return [
            (x, y)
            for y in range(-self.rows_per_half, self.rows_per_half + 1)
            for x in range(self.columns)
        ]

    def world(self, team: str, column: int, row: int) -> Point:
        """The point at ``column`` (index) and ``row`` of ``team``'s half."""
        return (column, -row if team == "blue" else row)

    def parse(self, text: str, team: str | None = None) -> Point:
        """Read ``H11`` (in ``team``'s half), ``B:H11`` / ``W:H11`` (qualified) or ``I0``."""
        if not isinstance(text, str):
            raise CoordinateError(_said("not_text",
                                        example="'B:H11'", value=repr(text)))
        match = _COORD.match(text)
        if not match:
            raise CoordinateError(_said(
                "unreadable", coordinate=repr(text), example="'H11'", qualified="'B:H11'"))
        prefix, letter, digits = match.groups()
        letter = letter.upper()
        row = int(digits)
        column = COLUMN_LETTERS.find(letter)
        if column < 0 or column >= self.columns:
            raise CoordinateError(_said(
                "column",
                coordinate=repr(text), letter=letter, last=self.letters[-1]))
        if row > self.rows_per_half:
            raise CoordinateError(_said(
                "row",
                coordinate=repr(text), row=row, rows=self.rows_per_half))
        if prefix is not None:
            half = PREFIX_TEAM.get(prefix.upper())
            if half is None:
                raise CoordinateError(_said(
                    "half",
                    coordinate=repr(text), half=repr(prefix)))
        else:
            half = team
        if row == 0:
            return (column, 0)
        if half is None:
            raise CoordinateError(_said(
                "whose_half",
                coordinate=repr(text), blue=f"'B:{letter}{row}'", white=f"'W:{letter}{row}'"))
        if half not in TEAMS:
            raise CoordinateError(_said("team", coordinate=repr(text),
                                        team=repr(half)))
        return self.world(half, column, row)

    def format(self, point: Point, team: str | None = None) -> str:
        """``H11`` in ``team``'s own half, else the qualified ``B:H11``; ``I0`` on the centre."""
        if not self.contains(point):
            raise CoordinateError(_said("off_field", point=repr(point)))
        x, y = point
        name = f"{COLUMN_LETTERS[x]}{abs(y)}"
        half = half_of(point)
        if half is None or half == team:
            return name
        return f"{TEAM_PREFIX[half]}:{name}"


DEFAULT_LATTICE = Lattice()
# Every coordinate the notation can write: for reading and naming points apart from any one field
# (an action's text form); whether a point lies on a given field is the legality's question.
NOTATION_LATTICE = Lattice(len(COLUMN_LETTERS), MAX_ROW_NUMBER)


def point_name(point: Point, team: str | None = None) -> str:
    """A point's name as ``Lattice.format`` writes it, on whatever field it lies: ``B:H11``, ``H11``
    in ``team``'s half, ``I0``. Never raises: a point the notation cannot write is shown ``(x, y)``."""
    try:
        return NOTATION_LATTICE.format(point, team)
    except (CoordinateError, TypeError, ValueError, IndexError):
        return repr(tuple(point)) if isinstance(point, tuple | list) else repr(point)


def parse_point(text: str, team: str | None = None, lattice: Lattice = DEFAULT_LATTICE) -> Point:
    return lattice.parse(text, team)


def format_point(point: Point, team: str | None = None, lattice: Lattice = DEFAULT_LATTICE) -> str:
    return lattice.format(point, team)


# ``as_pair(p)`` is ``tuple(p)`` itself (no cost on the hot paths): a point or coordinates given as any
# pair (a list read from a file or sent by the window) as the tuple that keys the maps, typed as the
# pair it is.
if TYPE_CHECKING:
    _T = TypeVar("_T")

    def as_pair(p: Sequence[_T]) -> tuple[_T, _T]: ...
else:
    as_pair = tuple


def mirror_point(point: Point) -> Point:
    """Reflection through the centre line: B:C5 <-> W:C5 [B p.6]."""
    return (point[0], -point[1])


def chebyshev(a: Point, b: Point) -> int:
    """Lattice steps between two points, a diagonal step counting 1 [H RULES 5.1]."""
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def neighbours(point: Point) -> list[Point]:
    """The 8 points around ``point`` (some may be off the field)."""
    x, y = point
    return [(x + dx, y + dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1) if dx or dy]
