"""The checks of a layout file: its structure first (``layout_schema``: a JSON Schema), then its
meaning (texts that can be shown, known kinds, readable coordinates, every point on the field, no two
obstacles on one point or overlapping, unique ids, axes in 45-degree steps, no obstacle on a flag's
point or a runner's start point, the symmetry of RULES 1.6). ``validate``, the loader
(``layout_file``) and the designer (``design``) all ask these, and only these.

Symmetry is checked once every obstacle reads well on its own, so that one broken obstacle does not
also make its mirror look unmatched. Each problem is ONE line::

    <file>: obstacle '<id>' (#<n>): <what is wrong>     (n counts obstacles from 1)
    <file>: <what is wrong>                              (problems of the whole file)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

import shapely
from shapely.geometry.base import BaseGeometry

from paintcheck.field import catalogue, footprints
from paintcheck.field.catalogue import Kind
from paintcheck.field.lattice import (
    DEFAULT_COLUMNS,
    DEFAULT_ROWS_PER_HALF,
    TEAMS,
    CoordinateError,
    Lattice,
    Point,
    chebyshev,
    mirror_point,
)
from paintcheck.field.layout import ObstacleSpec, flag_homes, mirror_spec
from paintcheck.field.layout_schema import (
    FORMAT,
    MAX_ID,
    MAX_LAYOUT_NAME,
    json_type,
    said_number,
    schema_problems,
    too_long,
)
from paintcheck.printable import first_unshown, printable
from paintcheck.said import Said

AXIS_STEP = 45  # [RULES 2.3]
MISPLACED_MAX = 2  # an unmatched obstacle this near a mirror point is named as the misplaced mirror
OVERLAP_TOLERANCE = 1e-6  # footprints sharing less area than this only touch
def layout_problems(data: Any, source: str = "<layout>") -> list[str]:
    """Every problem of a decoded layout file (what ``validate_file`` reports after reading)."""
    return _check(data, source).problems


def layout_findings(data: Any) -> list[tuple[int, str]]:
    """The problems ``validate`` finds, each with the index of its obstacle (-1: the whole file):
    the same checks, for a tool that draws each problem on its piece (the designer)."""
    checked = _check(data, "<layout>")
    if checked.found or not checked.problems:
        return checked.found
    return [(-1, _after_source(line)) for line in checked.problems]


def _after_source(line: str) -> str:
    """A line's problem without the file: its English as the line prints it, still worded by the
    window (a ``rules.layout.line``'s problem keeps its key and values)."""
    text = line.split(": ", 1)[-1]
    problem = getattr(line, "values", {}).get("problem")
    return Said(problem.key, **problem.values) if isinstance(problem, Said) else text


# -- checking --


@dataclass
class _Placed:
    """An obstacle that reads well on its own: what the symmetry check works on."""

    index: int
    spec: ObstacleSpec
    kind: Kind
    points: tuple[Point, ...]
    footprint: BaseGeometry


@dataclass
class _Checked:
    problems: list[str] = field(default_factory=list)
    found: list[tuple[int, str]] = field(default_factory=list)  # (obstacle index or -1, sentence)
    lattice: Lattice | None = None
    obstacles: list[_Placed] = field(default_factory=list)


def _check(data: Any, source: str) -> _Checked:
    out = _Checked()
    if not isinstance(data, dict):
        what = json_type(data)
        out.problems.append(
            _line(source, said("not_an_object",
                               type=what))
        )
        return out
    fmt = data.get("format")
    if isinstance(fmt, str) and fmt != FORMAT:
        out.problems.append(
            _line(source, said("unknown_format",
                               format=repr(fmt), reads=repr(FORMAT)))
        )
        return out

    found, bad_top = schema_problems(data)  # (obstacle index or -1, message)
    broken = {index for index, _ in found if index >= 0}  # obstacles with a structural problem

    obstacles = data.get("obstacles")
    if bad_top & {"columns", "rows_per_half"} or not isinstance(obstacles, list):
        out.problems = _lines(source, data, found)
        return out

    if "name" not in bad_top and (where := unshown(data.get("name"))) is not None:
        found.append((-1, said("unshown_in.name", where=where)))
    if "name_fr" not in bad_top and (where := unshown(data.get("name_fr"))) is not None:
        found.append((-1, said("unshown_in.name_fr", where=where)))
    out.lattice = Lattice(
        columns=int(data.get("columns", DEFAULT_COLUMNS)),
        rows_per_half=int(data.get("rows_per_half", DEFAULT_ROWS_PER_HALF)),
    )
    flag = data.get("flag") if "flag" not in bad_top else None
    semantic = _ObstacleChecks(out.lattice, flag)
    for index, entry in enumerate(obstacles):
        if index in broken:
            if isinstance(entry, dict) and isinstance(entry.get("id"), str):
                semantic.ids_seen.setdefault(entry["id"], index)
            continue
        problems = semantic.check(index, entry)
        found.extend((index, m) for m in problems)
        if problems:
            broken.add(index)
    if not broken:
        found.extend(semantic.symmetry())
    out.obstacles = semantic.placed
    out.found = sorted(found, key=lambda f: f[0])
    out.problems = _lines(source, data, found)
    return out


class Placements:
    """``validate``'s checks of meaning for pieces added to a layout, the layout's own pieces
    checked once: where one more piece may stand (the designer asks at every point the mouse
    reaches, so the pieces already there are not checked again). The same ``_ObstacleChecks``."""

    def __init__(self, lattice: Lattice, flag: str | None, specs: Iterable[ObstacleSpec]) -> None:
        self._base = _ObstacleChecks(lattice, flag)
        self._count = 0
        for spec in specs:
            self._base.check(self._count, _entry(spec, lattice))
            self._count += 1

    def problems(self, specs: Iterable[ObstacleSpec]) -> list[list[str]]:
        """For each of ``specs`` (added in order, after the layout's pieces), its problems."""
        checks = _ObstacleChecks(self._base.lattice, self._base.flag)
        checks.ids_seen = dict(self._base.ids_seen)
        checks.standing = dict(self._base.standing)
        checks.placed = list(self._base.placed)
        out: list[list[str]] = []
        for n, spec in enumerate(specs):
            try:
                entry = _entry(spec, self._base.lattice)
            except CoordinateError as exc:
                out.append([_bad_point(exc)])
                continue
            out.append(checks.check(self._count + n, entry))
        return out


def _entry(spec: ObstacleSpec, lattice: Lattice) -> dict[str, Any]:
    entry: dict[str, Any] = {"id": spec.id, "kind": spec.kind, "at": lattice.format(spec.at)}
    kind = catalogue.KINDS.get(spec.kind)
    if kind is not None and kind.lying:
        entry["axis"] = spec.axis % 360
    if spec.name:
        entry["name"] = spec.name
    return entry


class _ObstacleChecks:
    """The checks of meaning, one obstacle at a time, then the symmetry of the whole."""

    def __init__(self, lattice: Lattice, flag: str | None) -> None:
        self.lattice = lattice
        self.flag = flag
        self.ids_seen: dict[Any, int] = {}
        self.standing: dict[Point, _Placed] = {}
        self.placed: list[_Placed] = []

    def check(self, index: int, entry: dict[str, Any]) -> list[str]:
        problems: list[str] = []
        oid = entry["id"]
        if (where := unshown(oid)) is not None:
            problems.append(said("unshown_in.its_id", where=where))
        if (where := unshown(entry.get("name", ""))) is not None:
            problems.append(said("unshown_in.its_name", where=where))
        if oid in self.ids_seen:
            first = self.ids_seen[oid] + 1
            problems.append(said("duplicate_id",
                                 number=first))
        else:
            self.ids_seen[oid] = index
        kind = catalogue.KINDS.get(entry["kind"])
        if kind is None:
            known = ", ".join(sorted(catalogue.KINDS))
            unknown = repr(entry["kind"])
            return [*problems, said("unknown_kind",
                                    kind=unknown, known=known)]
        try:
            at = self.lattice.parse(entry["at"])
        except CoordinateError as exc:
            return [*problems, _bad_point(exc)]
        axis = entry.get("axis", 0)
        if "axis" in entry and not kind.lying:
            lying = ", ".join(k.id for k in catalogue.KINDS.values() if k.lying)
            return [*problems, said("axis_upright", lying=lying, kind=_kind_id(kind.id))]
        if axis % AXIS_STEP:
            return [*problems, said("axis_step",
                                    axis=said_number(axis), step=AXIS_STEP)]
        axis = int(axis) % 360
        points = catalogue.obstacle_points(kind, at, axis)
        for n, point in enumerate(points):
            if not self.lattice.contains(point):
                off = self._off_field(point)
                problems.append(Said(
                    "rules.layout.runs_off", at=entry["at"], axis=axis, number=n + 1, where=off))
                return problems
        shape = footprints.footprint(kind, points, axis)
        spec = ObstacleSpec(oid, kind.id, at, axis, entry.get("name"))
        placed = _Placed(index, spec, kind, points, shape)
        problems.extend(self._check_place(placed))
        if not problems:
            for point in points:
                self.standing[point] = placed
            self.placed.append(placed)
        return problems

    def _check_place(self, placed: _Placed) -> list[str]:
        problems: list[str] = []
        fmt = self.lattice.format
        for point in placed.points:
            other = self.standing.get(point)
            if other is not None:
                here = _obstacle(other.spec.id, other.index)
                problems.append(said("stands_on", point=fmt(point), other=here))
                return problems
        homes = flag_homes(self.flag, self.lattice)
        for fid, home in homes.items():
            if home in placed.points:
                problems.append(said(f"flag_point.{fid}", point=fmt(home)))
        for team in TEAMS:
            starts = set(self.lattice.base_points(team)) - set(homes.values())
            start = next((q for q in placed.points if q in starts), None)
            if start is not None:
                base = self.lattice.base_text()
                problems.append(said(
                    f"start_point.{team}",
                    point=fmt(start), base=base))
        mirrored = tuple(mirror_point(p) for p in placed.points)
        on_line = any(p[1] == 0 for p in placed.points)
        if on_line and not _same_place(placed.kind, placed.points, mirrored):
            points = ", ".join(fmt(p) for p in placed.points)
            problems.append(Said(
                "rules.layout.straddles", points=points))
        for other in self.placed:
            shared = shapely.intersection(placed.footprint, other.footprint)
            if shared.area > OVERLAP_TOLERANCE:
                here = _obstacle(other.spec.id, other.index)
                problems.append(said("overlaps", other=here))
                break
        return problems

    def _off_field(self, point: Point) -> str:
        x, y = point
        lat = self.lattice
        if x < 0:
            return said("off.left")
        if x >= lat.columns:
            return said("off.right", column=lat.letters[-1])
        team = "Blue" if y < 0 else "White"
        return said(f"off.{team.lower()}",
                    row=lat.rows_per_half)

    def symmetry(self) -> list[tuple[int, str]]:
        """RULES 1.6: every obstacle off the centre line has a mirror of the same kind."""
        fmt = self.lattice.format
        unmatched: list[_Placed] = []
        by_place = {frozenset(p.points): p for p in self.placed}
        matched: set[int] = set()
        for p in self.placed:
            mirrored = tuple(mirror_point(q) for q in p.points)
            if p.index in matched or _same_place(p.kind, p.points, mirrored):
                continue
            other = by_place.get(frozenset(mirrored))
            if (
                other is not None
                and other.index not in matched
                and other.kind.id == p.kind.id
                and _same_place(p.kind, other.points, mirrored)
            ):
                matched.update((p.index, other.index))
            else:
                unmatched.append(p)
        problems: list[tuple[int, str]] = []
        told: set[int] = set()
        for p in unmatched:
            if p.index in told:
                continue
            want = mirror_spec(p.spec)
            where = _where(fmt(want.at), want.axis if p.kind.lying else None)
            partner = self._partner(p, want, [o for o in unmatched if o.index not in told])
            kind = _kind_id(p.kind.id)
            if partner is None:
                message = said("no_mirror",
                               kind=kind, where=where)
            elif partner.kind.id != p.kind.id:
                named, theirs = _obstacle(partner.spec.id, partner.index), _kind_id(partner.kind.id)
                message = said("no_mirror_kind", other=named, theirs=theirs, kind=kind)
            else:
                given = _where(fmt(partner.spec.at), partner.spec.axis if p.kind.lying else None)
                named = _obstacle(partner.spec.id, partner.index)
                message = said("no_mirror_place", other=named, where=where, given=given)
            if partner is not None:
                told.add(partner.index)
            told.add(p.index)
            problems.append((p.index, message))
        return problems

    @staticmethod
    def _partner(p: _Placed, want: ObstacleSpec, candidates: list[_Placed]) -> _Placed | None:
        """The unmatched obstacle most likely meant as ``p``'s mirror: one standing on a point of
        its mirror image, else one of its kind near the mirror point (misplaced by a point or
        two), so that one misplaced pair gives one line, not two."""
        want_points = {mirror_point(q) for q in p.points}
        others = [o for o in candidates if o.index != p.index]
        for o in others:
            if want_points & set(o.points):
                return o
        near = [
            o
            for o in others
            if o.kind.id == p.kind.id
            and o.points[0][1] * p.points[0][1] < 0
            and chebyshev(o.spec.at, want.at) <= MISPLACED_MAX
        ]
        return min(near, key=lambda o: chebyshev(o.spec.at, want.at), default=None)


def _same_place(kind: Kind, points: tuple[Point, ...], others: tuple[Point, ...]) -> bool:
    """Two point lists are the same obstacle placement of ``kind``: the same points, and in the
    same order when its ends differ (a lying cone's base and tip)."""
    if _directional(kind):
        return points == others
    return set(points) == set(others)


def _directional(kind: Kind) -> bool:
    last = kind.points - 1
    return set(kind.steppable) != {last - i for i in kind.steppable}


def _lines(source: str, data: dict[str, Any], found: list[tuple[int, str]]) -> list[str]:
    """Sentences to lines: file-level first, then obstacle by obstacle, each in the order found."""
    obstacles = data.get("obstacles")
    if not isinstance(obstacles, list):
        obstacles = []
    out = []
    for index, message in sorted(found, key=lambda f: f[0]):
        if index < 0:
            out.append(_line(source, message))
            continue
        entry = obstacles[index] if index < len(obstacles) else None
        oid = entry.get("id") if isinstance(entry, dict) else None
        obstacle = _obstacle(oid, index)
        out.append(_line(source, said("of_obstacle", obstacle=obstacle,
                                      problem=message)))
    return out


def name_problem(name: str) -> Said | None:
    """What ``validate`` says of a layout's ``name`` alone (one line of visible characters, at most
    ``MAX_LAYOUT_NAME``; a name that is not a text is the schema's), None when it is good: for what
    shows a name without checking the whole layout (the designer's entry, the saves list)."""
    if len(name) > MAX_LAYOUT_NAME:
        return too_long("name", name, MAX_LAYOUT_NAME)
    if (where := unshown(name)) is not None:
        return said("unshown_in.name", where=where)
    return None


def unshown(text: Any) -> Said | None:
    """What is wrong with a text a file gives to be shown (a layout's name, an obstacle's id or
    name) that holds a character no line can show; None for any other value. A lone surrogate
    (JSON's ``"\\ud800"`` escape alone) is half a character, which no font draws and no terminal
    prints; a control character (a NUL, a newline, an escape, a bidirectional override: what
    ``paintcheck.printable`` shows escaped) would break the line it is shown on."""
    if not isinstance(text, str):
        return None
    i = first_unshown(text)
    if i is None:
        return None
    escape = repr(text[i])[1:-1]
    if "\ud800" <= text[i] <= "\udfff":
        return said("surrogate", char=escape, number=i + 1)
    return said("control", char=escape, number=i + 1)


def said(key: str, **values: Any) -> Said:
    """A problem as data: ``rules.layout.<key>`` and its values (its English is what ``validate`` prints)."""
    return Said(f"rules.layout.{key}", **values)


def _bad_point(exc: CoordinateError) -> Said:
    """A point the notation cannot read: the lattice's reason (worded by the window when it is a
    ``Said``, else as it is)."""
    return said("bad_point", error=exc.args[0] if exc.args else str(exc))


def _obstacle(oid: Any, index: int) -> str:
    shown = oid if isinstance(oid, str) and oid else "?"
    if len(shown) > MAX_ID:  # refused for its length: its start names it
        shown = shown[:MAX_ID] + "..."
    return said("obstacle", id=shown, number=index + 1)


def _where(point: str, axis: int | None) -> str:
    """``at B:C5``, ``at B:C5 with axis 90`` (a lying piece)."""
    if axis is None:
        return said("at", point=point)
    return said("at_axis", point=point, axis=axis)


def _kind_id(kind_id: str) -> str:
    """A kind's id, as layout files write it (``cylinder_lying``); the window words it as the piece."""
    return said(f"kind.{kind_id}") if kind_id in catalogue.KINDS else kind_id


def _line(source: str, message: str) -> str:
    """One line, whatever the file put in its texts: control characters are shown escaped. A
    ``Said`` problem stays one (``rules.layout.line``: the file, then the problem)."""
    text = printable(f"{source}: {message}")
    if isinstance(message, Said):
        return said("line", source=printable(source), problem=printable_said(message))
    return text


def printable_said(words: Any) -> Any:
    """``words`` with its control characters shown escaped, its values too (a ``Said`` stays one:
    its English is the escaped English, and the window words it from escaped values)."""
    if isinstance(words, Said):
        values = {name: printable_said(value) for name, value in words.values.items()}
        return Said(words.key, **values)
    return printable(words) if isinstance(words, str) else words
