"""A layout being designed: the pieces of the box placed on the lattice, mirrored across the centre
line, every edit one undoable step, checked by ``validate``'s own checks. Pure data: the
designer's window (``ui/designer_scene.py``) asks this and draws what it says.

- **Mirror** (on by default, RULES 1.6): placing, moving, turning or removing a piece in one half does
  the mirrored thing to its twin in the other (tournament layouts are reflected: B:C5 <-> W:C5, a
  lying piece's axis a <-> -a), in the same step. A piece on the centre line is its own twin.
- **Box** (on by default, RULES 2.1): the field may not use more pieces of a family than the box
  holds (an upright or lying cylinder is a cylinder): an edit that would is refused, and a field
  opened over the box (a shipped one may be) has a check per family over it. ``validate`` does not
  count the box: a layout file may use several boxes; the Box is the designer's switch.
- **Checks**: ``problems()`` are ``layout_file.layout_findings``, the checks ``validate`` runs, each
  with its piece, then the box's (Box on); an edit is refused only when it would add a problem to
  the pieces it touches, so a half-built field (its twins missing, mirror off) can still be edited
  and shows its checks. A check names the pieces as the players do ("small rocket at W:E2",
  ``ObstacleSpec.name_for``), not by the file's ids.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace
from typing import Any

from paintcheck.field import catalogue
from paintcheck.field.history import History
from paintcheck.field.lattice import Lattice, Point, mirror_point
from paintcheck.field.layout import FLAG_FORMATS, Layout, ObstacleSpec
from paintcheck.field.layout_checks import name_problem
from paintcheck.field.layout_file import Placements, box_family, layout_findings, layout_to_dict, mirror_id
from paintcheck.said import Said

HISTORY = 500  # undo steps kept (the issue asks for at least 200)
AXIS_STEP = 45


@dataclass(frozen=True)
class Snapshot:
    """Everything an edit can change, as one value (an undo step)."""

    obstacles: tuple[ObstacleSpec, ...]
    name: str
    flag: str
    name_fr: str | None = None  # the file's French name, until a name is typed


class Design:
    """One layout under edit. Every method that edits returns None when done, or the sentence why
    not (and then changes nothing); ``why_not_place``, ``why_not_move`` and ``why_not_name`` say
    the same sentence for an edit not made (each edit is judged first, then done: ``_do``)."""

    def __init__(self, layout: Layout, mirror: bool = True, box: bool = True) -> None:
        self.lattice: Lattice = layout.lattice
        self.history = History(Snapshot(tuple(layout.obstacles), layout.name, layout.flag, layout.name_fr),
                               HISTORY)
        self.mirror = mirror
        self.box = box
        self._problems: dict[tuple[Snapshot, bool], list[tuple[str | None, str]]] = {}
        self._placements: dict[tuple[tuple[ObstacleSpec, ...], str], Placements] = {}

    # -- what it is -------------------------------------------------------------------------------
    @property
    def now(self) -> Snapshot:
        return self.history.now

    @property
    def past(self) -> list[Snapshot]:
        return self.history.past

    @property
    def future(self) -> list[Snapshot]:
        return self.history.future

    @property
    def obstacles(self) -> tuple[ObstacleSpec, ...]:
        return self.now.obstacles

    @property
    def name(self) -> str:
        return self.now.name

    @property
    def flag(self) -> str:
        return self.now.flag

    @property
    def name_fr(self) -> str | None:
        return self.now.name_fr

    def name_in(self, locale: str) -> str:
        """Its name in ``locale`` (``Layout.name_in``: the French name in French, when it has one)."""
        return self.layout().name_in(locale)

    @property
    def changed(self) -> bool:
        """Edits not yet saved."""
        return self.history.changed

    def layout(self, snapshot: Snapshot | None = None) -> Layout:
        s = snapshot or self.now
        return Layout(s.name, s.obstacles, self.lattice, s.flag, name_fr=s.name_fr)

    def spec(self, oid: str) -> ObstacleSpec | None:
        return next((o for o in self.obstacles if o.id == oid), None)

    def at(self, point: Point) -> ObstacleSpec | None:
        """The piece standing on ``point``."""
        for o in self.obstacles:
            if point in self.points(o):
                return o
        return None

    def points(self, spec: ObstacleSpec) -> tuple[Point, ...]:
        return catalogue.obstacle_points(catalogue.KINDS[spec.kind], spec.at, spec.axis)

    def piece_name(self, oid: str | None) -> str | None:
        """What players call the piece ``oid`` ("small rocket at W:E2"); None for no piece."""
        spec = self.spec(oid) if oid else None
        return spec.name_for() if spec is not None else None

    def twin(self, spec: ObstacleSpec) -> ObstacleSpec | None:
        """Its mirrored twin in the other half (None on the centre line, or when it has none)."""
        if spec.at[1] == 0:
            return None
        other = self.spec(mirror_id(spec.id))
        return other if other is not None and other.kind == spec.kind else None

    def usage(self) -> Counter[str]:
        """Pieces used by box family (cylinder, cone, ...)."""
        return Counter(box_family(o.kind) for o in self.obstacles)

    def problems(self, snapshot: Snapshot | None = None) -> list[tuple[str | None, str]]:
        """``validate``'s problems, each with the id of its piece (None: the whole layout), the
        pieces it names named as players call them; then, Box on, each family the field uses more
        of than the box holds. Remembered for each state (the window asks every frame)."""
        s = snapshot or self.now
        key = (s, self.box)
        if key not in self._problems:
            found = layout_findings(layout_to_dict(self.layout(s)))
            specs = s.obstacles
            if len(self._problems) > 256:
                self._problems.clear()
            self._problems[key] = [(specs[i].id if 0 <= i < len(specs) else None, by_names(words, specs))
                                   for i, words in found] + [(None, w) for w in self._over_box(s)]
        return list(self._problems[key])

    def _over_box(self, snapshot: Snapshot) -> list[str]:  # each a Said
        """Box on: a check for each family the field uses more of than the box holds (RULES 2.1)."""
        if not self.box:
            return []
        used = Counter(box_family(o.kind) for o in snapshot.obstacles)
        out: list[str] = []
        for family, holds in catalogue.BOX_CONTENTS.items():
            count = used[family]
            if count > holds:
                out.append(said(f"box_over.{family}", holds=holds,
                                count=count))
        return out

    # -- edits ------------------------------------------------------------------------------------------
    def place(self, kind: str, at: Point, axis: int = 0, name: str | None = None) -> Said | None:
        """A new piece of ``kind`` at ``at`` (and its twin, mirror on)."""
        return self._do(self._placed(kind, at, axis, name))

    def _placed(self, kind: str, at: Point, axis: int = 0, name: str | None = None) -> Snapshot | Said:
        if kind not in catalogue.KINDS:
            return said("unknown_kind", kind=repr(kind))
        axis = axis % 360 if catalogue.KINDS[kind].lying else 0
        spec = ObstacleSpec(self._new_id(kind, at), kind, at, axis, name)
        return self._judged(self.obstacles + (spec,), {spec.id}, with_twins=True)

    def move(self, oid: str, to: Point) -> Said | None:
        return self._do(self._moved(oid, to))

    def _moved(self, oid: str, to: Point) -> Snapshot | Said:
        spec = self.spec(oid)
        if spec is None:
            return said("no_piece", id=repr(oid))
        return self._edited(oid, replace(spec, at=to))

    def turn(self, oid: str, step: int = AXIS_STEP) -> Said | None:
        spec = self.spec(oid)
        if spec is None:
            return said("no_piece", id=repr(oid))
        if not catalogue.KINDS[spec.kind].lying:
            word = catalogue.kind_word(spec.kind)
            return said("upright", piece=word)
        return self._do(self._edited(oid, replace(spec, axis=(spec.axis + step) % 360)))

    def remove(self, oid: str) -> Said | None:
        spec = self.spec(oid)
        if spec is None:
            return said("no_piece", id=repr(oid))
        gone = {oid}
        twin = self.twin(spec)
        if self.mirror and twin is not None:
            gone.add(twin.id)
        self._push(replace(self.now, obstacles=tuple(o for o in self.obstacles if o.id not in gone)))
        return None

    def duplicate(self, oid: str, at: Point) -> Said | None:
        spec = self.spec(oid)
        if spec is None:
            return said("no_piece", id=repr(oid))
        return self.place(spec.kind, at, spec.axis)

    def rename(self, oid: str, new_id: str) -> Said | None:
        """A piece's id (the file's name for it); with mirror on, the twin takes the mirrored id."""
        spec = self.spec(oid)
        if spec is None:
            return said("no_piece", id=repr(oid))
        new_id = new_id.strip()
        if not new_id:
            return said("empty_id")
        if new_id != oid and self.spec(new_id) is not None:
            return said("id_taken", id=repr(new_id))
        renamed = {oid: new_id}
        twin = self.twin(spec)
        if self.mirror and twin is not None:
            twin_id = mirror_id(new_id)
            if twin_id == new_id or (self.spec(twin_id) is not None and twin_id != twin.id):
                return said("twin_id", id=repr(twin_id))
            renamed[twin.id] = twin_id
        specs = tuple(replace(o, id=renamed.get(o.id, o.id)) for o in self.obstacles)
        return self._do(self._judged(specs, set(renamed.values()), with_twins=False))

    def set_name(self, name: str) -> Said | None:
        """The layout's name, in every language: a French name the file gave (``name_fr``) goes."""
        named = self._named(name)
        if isinstance(named, Snapshot) and named == self.now:
            return None  # the name it has: no undo step
        return self._do(named)

    def _named(self, name: str) -> Snapshot | Said:
        name = name.strip()
        if not name:
            return said("no_name")
        if (problem := name_problem(name)) is not None:  # validate's own sentence
            return problem
        return replace(self.now, name=name, name_fr=None)

    def set_flag(self, flag: str) -> Said | None:
        if flag not in FLAG_FORMATS:
            return said("flag_format", first=FLAG_FORMATS[0], second=FLAG_FORMATS[1])
        snapshot = replace(self.now, flag=flag)
        touched = {o.id for o in self.obstacles}
        reason = self._new_problem(snapshot, touched)
        if reason:
            return reason
        if flag != self.flag:
            self._push(snapshot)
        return None

    def set_mirror(self, on: bool) -> None:
        self.mirror = on

    def undo(self) -> bool:
        return self.history.undo()

    def redo(self) -> bool:
        return self.history.redo()

    # -- would an edit be legal? (asked without making it) ------------------------------------------
    def why_not_place(self, kind: str, at: Point, axis: int = 0) -> Said | None:
        """Why ``place(kind, at, axis)`` would be refused (None: it would be done)."""
        return _refusal(self._placed(kind, at, axis))

    def why_not_move(self, oid: str, to: Point) -> Said | None:
        """Why ``move(oid, to)`` would be refused (None: it would be done)."""
        return _refusal(self._moved(oid, to))

    def layout_if_placed(self, kind: str, at: Point, axis: int = 0) -> Layout | None:
        """The layout ``place(kind, at, axis)`` would give (None: it would be refused)."""
        judged = self._placed(kind, at, axis)
        return self.layout(judged) if isinstance(judged, Snapshot) else None

    def layout_if_moved(self, oid: str, to: Point) -> Layout | None:
        """The layout ``move(oid, to)`` would give, its twin moved too (None: it would be refused)."""
        judged = self._moved(oid, to)
        return self.layout(judged) if isinstance(judged, Snapshot) else None

    def why_not_name(self, name: str) -> Said | None:
        """Why ``set_name(name)`` would be refused (None: it would be done)."""
        return _refusal(self._named(name))

    def mark_saved(self) -> None:
        self.history.mark_saved()

    # -- the one way an edit happens: judged (the state it gives, or why not), then done ------------
    def _do(self, judged: Snapshot | Said) -> Said | None:
        """The state an edit was judged to give becomes the design's (one undo step); a refusal
        changes nothing and is returned."""
        if isinstance(judged, Snapshot):
            self._push(judged)
            return None
        return judged

    def _edited(self, oid: str, new: ObstacleSpec) -> Snapshot | Said:
        """``oid`` becomes ``new`` (and its twin the mirror of ``new``, mirror on)."""
        old = self.spec(oid)
        assert old is not None  # move and turn edit a piece they found
        specs = tuple(new if o.id == oid else o for o in self.obstacles)
        touched = {oid}
        twin = self.twin(old)
        if self.mirror and twin is not None:
            if new.at[1] == 0 or (new.at[1] > 0) != (old.at[1] > 0):
                return said("mirror_half")
            mirrored = _mirror(new, twin.id)
            specs = tuple(mirrored if o.id == twin.id else o for o in specs)
            touched.add(twin.id)
        return self._judged(specs, touched, with_twins=False)

    def _judged(self, specs: tuple[ObstacleSpec, ...], touched: set[str],
                with_twins: bool) -> Snapshot | Said:
        if with_twins and self.mirror:
            extra = []
            for spec in specs:
                if spec.id in touched and spec.at[1] != 0:
                    twin = _mirror(spec, mirror_id(spec.id))
                    extra.append(twin)
            specs = specs + tuple(extra)
            touched = touched | {t.id for t in extra}
        snapshot = replace(self.now, obstacles=specs)
        reason = self._box_reason(snapshot) or self._new_problem(snapshot, touched)
        return reason if reason else snapshot

    def _box_reason(self, snapshot: Snapshot) -> Said | None:
        if not self.box:
            return None
        used = Counter(box_family(o.kind) for o in snapshot.obstacles)
        for family, count in used.items():
            holds = catalogue.BOX_CONTENTS.get(family, 0)
            if count > holds and count > self.usage()[family]:
                return said(f"box.{family}", holds=holds,
                            count=count)
        return None

    def _new_problem(self, snapshot: Snapshot, touched: set[str]) -> Said | None:
        """The first problem ``validate`` finds on the pieces the edit touches, checked after the
        others (``layout_file.Placements``): the sentence of ``validate``. A missing twin is a check,
        not a refusal (the symmetry of the whole is not checked here)."""
        base = tuple(o for o in snapshot.obstacles if o.id not in touched)
        key = (base, snapshot.flag)
        if key not in self._placements:
            if len(self._placements) > 64:
                self._placements.clear()
            self._placements[key] = Placements(self.lattice, snapshot.flag, base)
        moved = [o for o in snapshot.obstacles if o.id in touched]
        for spec, problems in zip(moved, self._placements[key].problems(moved), strict=True):
            if problems:
                name = spec.name_for()
                problem = by_names(problems[0], snapshot.obstacles)
                return said("piece_problem", obstacle=name, problem=problem)
        return None

    def _push(self, snapshot: Snapshot) -> None:
        self.history.push(snapshot)

    def _new_id(self, kind: str, at: Point) -> str:
        half = "-b" if at[1] < 0 else ("-w" if at[1] > 0 else "")
        n = 1
        while True:
            oid = f"{kind.replace('_', '-')}{n}{half}"
            if self.spec(oid) is None and self.spec(mirror_id(oid)) is None:
                return oid
            n += 1


def _refusal(judged: Snapshot | Said) -> Said | None:
    return None if isinstance(judged, Snapshot) else judged


def by_names(words: str, specs: tuple[ObstacleSpec, ...]) -> str:
    """``validate``'s sentence with each obstacle it names by the file's id ("obstacle 'mid1-b'
    (#4)") named as players call it ("cylinder at B:G4"), in its English and in its values."""
    if not isinstance(words, Said):
        return words
    if words.key == "rules.layout.obstacle":
        spec = next((o for o in specs if o.id == words.values.get("id")), None)
        return spec.name_for() if spec is not None else words
    values = {name: by_names(value, specs) if isinstance(value, str) else value
              for name, value in words.values.items()}
    return Said(words.key, **values)


def said(key: str, **values: Any) -> Said:
    """An edit refused, as data: the catalogue key ``rules.design.<key>`` and its values."""
    return Said(f"rules.design.{key}", **values)


def _mirror(spec: ObstacleSpec, twin_id: str) -> ObstacleSpec:
    kind = catalogue.KINDS[spec.kind]
    axis = (-spec.axis) % 360 if kind.lying else 0
    return ObstacleSpec(twin_id, spec.kind, mirror_point(spec.at), axis)


def empty_layout(name: str = "New field", lattice: Lattice | None = None, flag: str = "centre") -> Layout:
    return Layout(name, (), lattice or Lattice(), flag)
