"""What the Un pour un table designer holds, without pygame: the table under design with its
history (undo / redo, saved or not), the checks its file would fail, and what the hand is doing
(the selection, the shape armed from the palette, the drag under way).

``TableDesign`` is the table and its history (``field.history``, shared with the Paintcheck
designer): an edit is a new ``Table`` (``table_edits``), pushed
once per gesture (a whole drag is one undo). ``problems`` are the table file's own checks
(``table_file.table_problems`` on the file the table would be written as): the window shows them
as they stand, and a table with one is never written.

``Hand`` says what the mouse holds; ``hit`` finds what a table point is on (a corner or the resize
handle of the selected piece, a zone's edge, a piece), with a reach in pas the view gives.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from pathlib import Path

from paintcheck.field.history import History
from paintcheck.said import Said
from paintcheck.ui.unpourun import table_edits as edits
from paintcheck.ui.unpourun.table_edits import Shape
from paintcheck.unpourun.table_file import table_problems, table_to_dict, tables_dir
from paintcheck.unpourun.terrain import Kind, Point, Table

HISTORY = 200  # undo steps kept
CHECKED_KEPT = 16  # tables whose checks are remembered

SHIPPED = "<shipped>"


class TableDesign:
    """A table and its history (``field.history.History``, the Paintcheck designer's own)."""

    def __init__(self, table: Table) -> None:
        self.history: History[Table] = History(table, HISTORY)
        self._checked: dict[tuple[Table, str], list[Said]] = {}

    @property
    def now(self) -> Table:
        return self.history.now

    @property
    def past(self) -> list[Table]:
        return self.history.past

    @property
    def future(self) -> list[Table]:
        return self.history.future

    @property
    def changed(self) -> bool:
        return self.history.changed

    def edit(self, table: Table) -> bool:
        """``table`` becomes the design (one undo step); False when it is the same."""
        if table == self.now:
            return False
        self.history.push(table)
        return True

    def undo(self) -> bool:
        return self.history.undo()

    def redo(self) -> bool:
        return self.history.redo()

    def mark_saved(self) -> None:
        self.history.mark_saved()

    def problems(self, table: Table | None = None, source: str = "<table>") -> list[Said]:
        """The table file's checks that ``table`` (by default the design) fails, one ``Said`` line
        each (``rules.layout.line``: the file, then the problem); the last few tables' remembered
        (the design, the palette's ghost, a drag's preview are asked every frame)."""
        table = self.now if table is None else table
        key = (table, source)
        if key not in self._checked:
            if len(self._checked) >= CHECKED_KEPT:
                self._checked.clear()
            found = table_problems(table_to_dict(table), source)
            self._checked[key] = [p if isinstance(p, Said) else Said("upu_designer.plain", words=str(p))
                                  for p in found]
        return self._checked[key]


def problem_of(line: Said) -> Said:
    """A check without its file's name (the panel lists the design's own checks)."""
    inner = line.values.get("problem") if line.key == "rules.layout.line" else None
    return inner if isinstance(inner, Said) else line


@dataclass(frozen=True)
class Grip:
    """What a point of the table is on: ``what`` is "corner", "resize", "edge" (of a zone) or
    "piece"; ``index`` the piece's or the zone's, ``part`` the corner's or the edge's."""

    what: str
    index: int
    part: int = 0


@dataclass
class Drag:
    """A gesture under way: what was gripped, where, on which table; ``preview`` is the table as it
    would be if the button were let go now (None: not moved yet)."""

    grip: Grip
    start: Point
    before: Table
    preview: Table | None = None


@dataclass
class Hand:
    """The designer's hand: the selection (a piece's index), the shape and kind armed from the
    palette, the drag under way, the mouse."""

    selected: int | None = None
    armed: tuple[Shape, Kind] | None = None
    palette_drag: bool = False
    drag: Drag | None = None
    mouse: tuple[int, int] = (0, 0)


@dataclass
class UpuDesignerModel:
    """One table under design, its file and the hand."""

    design: TableDesign
    path: Path | None = None  # its file (None: new, or a shipped table's copy)
    hand: Hand = field(default_factory=Hand)
    confirm_leave: str | None = None  # "title" or "open" while asked
    choosing: bool = False  # the list of tables to open is shown
    editing: bool = False  # the name's entry is open

    @property
    def table(self) -> Table:
        """The table as shown: the drag's preview while one is under way."""
        drag = self.hand.drag
        return drag.preview if drag is not None and drag.preview is not None else self.design.now

    def selected_piece(self) -> int | None:
        s = self.hand.selected
        return s if s is not None and 0 <= s < len(self.table.pieces) else None


def is_shipped(path: Path | None) -> bool:
    try:
        return path is not None and path.resolve().parent == tables_dir().resolve()
    except OSError:
        return False


# -- what a point is on ----------------------------------------------------------------------------
def hit(table: Table, point: Point, selected: int | None, reach: float) -> Grip | None:
    """What the table point ``point`` is on, within ``reach`` pas: first the selected piece's
    corners and its resize handle, then the topmost piece under it, then a zone's edge."""
    if selected is not None and 0 <= selected < len(table.pieces):
        points = table.pieces[selected].points
        for k, corner in enumerate(points):
            if _near(point, corner, reach):
                return Grip("corner", selected, k)
        if _near(point, resize_handle(points, reach), reach):
            return Grip("resize", selected)
    for i in range(len(table.pieces) - 1, -1, -1):
        if inside(point, table.pieces[i].points):
            return Grip("piece", i)
    for z, zone in enumerate(table.zones):
        n = len(zone.points)
        for k in range(n):
            if segment_distance(point, zone.points[k], zone.points[(k + 1) % n]) <= reach:
                return Grip("edge", z, k)
    return None


def resize_handle(points: tuple[Point, ...], reach: float) -> Point:
    """Where the resize handle stands: beyond the top-right corner of the piece's box by ``reach``
    (a rectangle's corner there stays a corner handle)."""
    x, y = edits.box_corner(points)
    return (x + reach, y + reach)


def dragged(grip: Grip, before: Table, start: Point, now: Point) -> Table:
    """The table ``before`` with ``grip`` dragged from ``start`` to ``now``."""
    dx, dy = now[0] - start[0], now[1] - start[1]
    if grip.what == "piece":
        return edits.move_piece(before, grip.index, dx, dy)
    if grip.what == "corner":
        return edits.move_corner(before, grip.index, grip.part, now)
    if grip.what == "resize":
        return edits.resize_piece(before, grip.index, now)
    return edits.move_zone_edge(before, grip.index, grip.part, (dx, dy))


def _near(a: Point, b: Point, reach: float) -> bool:
    return math.hypot(a[0] - b[0], a[1] - b[1]) <= reach


def inside(point: Point, polygon: tuple[Point, ...]) -> bool:
    """``point`` lies inside ``polygon`` (even-odd rule; a point on an edge may go either way)."""
    x, y = point
    found = False
    n = len(polygon)
    for k in range(n):
        (x1, y1), (x2, y2) = polygon[k], polygon[(k + 1) % n]
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            found = not found
    return found


def segment_distance(p: Point, a: Point, b: Point) -> float:
    ax, ay = a
    ex, ey = b[0] - ax, b[1] - ay
    length2 = ex * ex + ey * ey
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((p[0] - ax) * ex + (p[1] - ay) * ey) / length2))
    return math.hypot(p[0] - ax - t * ex, p[1] - ay - t * ey)
