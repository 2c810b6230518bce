"""The one map the Study shows while a piece is dragged (issue 32, item 1), and the loop of the
process that computes it away from the window.

While the hand moves, the window shows one map: one posture's exposure, threat or control. So a
passing state needs that posture's possible shots and that map only; not the three postures, the
control of each, the pieces table or the balance, which wait for the drop; and not even its sight
table: ``LiveStudy`` keeps the state the drag started from (primed) and, for a state a few pieces
away, blocks the pairs its other pieces block (kept) and those the moved pieces block where they
now stand (their rows measured by the sight table's own ``measure_pieces``, kept by shape). The
map is the whole study's (``FieldStudy.maps`` / ``balance.control``) for the same layout (tests
compare them).

``serve`` is the loop of a separate process (``ui.live_worker`` starts it), so the window's
thread never shares the interpreter's lock with that work. Messages in, each answered in order:

* ``("prime", layout)``: keep that layout's table (the state the drag will start from); answer
  ``("primed", None, None, cpu)``;
* ``("map", key, layout, posture, what, team)``: answer ``("map", key, values)``, ``values`` the
  map as ``{point: number}`` over the free points (a few hundred numbers);
* each answer ends with the CPU seconds its work took (the bench reads them);
* ``None``: stop.

A failure is answered ``("failed", key, "<type>: <message>", cpu)`` and logged with its traceback; the
loop goes on.
"""

from __future__ import annotations

import logging
import os
import time
from collections import OrderedDict
from collections.abc import Callable, Sequence
from multiprocessing.connection import Connection

import numpy as np

from paintcheck.analysis.balance import control
from paintcheck.analysis.maps import TEAM_SIGN, FieldStudy
from paintcheck.field.lattice import Point, other_team
from paintcheck.field.layout import Field, Layout
from paintcheck.geometry.sight import SightTable
from paintcheck.geometry.sight_update import (
    MAX_CHANGED,
    RecentTables,
    Shape,
    changed_pieces,
    measure_pieces,
    shapes,
    unordered_pairs,
)
from paintcheck.rules import tables as rule_tables

log = logging.getLogger(__name__)

KINDS = ("exposure", "threat", "control")
NICE = 5  # the live process's priority below the window's
KEPT_ROWS = 256  # pieces' measured rows kept by shape (a hand dragging back over its points)
KEPT_RESTS = 8  # the other pieces' blocked pairs, the pairs left: by the pieces that move, the posture

Values = dict[Point, float] | dict[Point, int]


def _values(study: FieldStudy, posture: str, what: str, team: str) -> Values:
    if what not in KINDS:
        raise ValueError(f"unknown map {what!r}")
    if what == "control":
        return control(study, posture)
    maps = study.maps(posture, team)
    return maps.exposure if what == "exposure" else maps.threat


def live_values(layout: Layout, tables: RecentTables, posture: str, what: str, team: str = "blue") -> Values:
    """The map ``what`` (exposure, threat or control) of ``layout`` for ``posture``, its table
    found in (or updated into) ``tables``: the whole study's map."""
    field = layout.build()
    return _values(FieldStudy(field, tables.table(field)), posture, what, team)


def _forbidden(posture: str, heights: Sequence[str]) -> np.ndarray:
    """[obstacle * 2 + crossed]: RULES 8.4's table says "impossible" for that touch (``maps``'s rule)."""
    return np.array(
        [[rule_tables.line_of_fire_modifier(posture, h, crossed) is None for crossed in (False, True)]
         for h in heights], dtype=bool).reshape(-1)


class _Passing(FieldStudy):
    """A passing state's study whose possible shots are given, not read from a table of its own."""

    def __init__(self, field: Field, xy: np.ndarray, possible_of: Callable[[str], np.ndarray]) -> None:
        self.field, self.table = field, None  # type: ignore[assignment]  # no table: the shots are given
        self.xy = xy
        self.points = [tuple(p) for p in xy.tolist()]
        self.position = {p: i for i, p in enumerate(self.points)}
        self.free = np.array([p not in field.standing_on for p in self.points], dtype=bool)
        self._possible, self._maps, self._pieces, self._covers, self._steps = {}, {}, {}, {}, {}
        self._given = possible_of

    def _possible_of(self, posture: str) -> np.ndarray:
        return self._given(posture)


class LiveStudy:
    """The live process's state: the primed layout's study, and the maps of layouts a few pieces
    away from it, each computed from the primed table's rows of the pieces that stayed (their
    blocked pairs, kept by posture) and the moved pieces' rows measured again (kept by shape).

    A shot is forbidden when one of its touches is (``FieldStudy``: a touch counts when its
    obstacle is next to neither end), and a touch depends on its pair and its obstacle only: so
    the possible shots are the pairs blocked by neither the pieces that stayed nor the moved ones,
    the whole study's answer for the same layout (tests compare the maps)."""

    def __init__(self) -> None:
        self.tables = RecentTables()
        self._base: tuple[Layout, FieldStudy] | None = None
        # the pairs blocked by the pieces that stayed, and the pairs left to measure
        self._rests: OrderedDict[tuple[object, ...], np.ndarray] = OrderedDict()
        self._rows: OrderedDict[tuple[object, ...], tuple[np.ndarray, np.ndarray, np.ndarray]] = OrderedDict()

    def prime(self, layout: Layout) -> None:
        field = layout.build()
        table: SightTable = self.tables.table(field)
        if self._base is None or self._base[1].table is not table:
            if self._base is not None and self._base[0].lattice != layout.lattice:
                self._rows.clear()  # the rows are over the lattice's points
            self._base = (layout, FieldStudy(field, table))
            self._rests.clear()

    def values(self, layout: Layout, posture: str, what: str, team: str = "blue") -> Values:
        if what not in KINDS:
            raise ValueError(f"unknown map {what!r}")
        base = self._base
        if base is None or base[0].lattice != layout.lattice:
            return live_values(layout, self.tables, posture, what, team)
        before, after = shapes(base[0]), shapes(layout)
        gone, come = changed_pieces(before, after)
        if len(gone | come) > MAX_CHANGED:
            return live_values(layout, self.tables, posture, what, team)
        field = layout.build()
        study = base[1]
        n = len(study.points)
        lost = frozenset(gone)
        half = None if what == "control" else other_team(team)  # the pairs the map counts
        rest = self._rest(study, lost, posture)
        blocked = rest.copy()
        by_id = field.by_id
        for oid in sorted(come):
            s, t, crossed = self._measured(field, oid, after[oid], study, (lost, posture, half))
            near = np.zeros(n, dtype=bool)
            near[[study.position[q] for q in study._around(by_id[oid])]] = True
            counts = ~near[s] & ~near[t]
            forbid = _forbidden(posture, (by_id[oid].height,))[crossed[counts].astype(np.intp)]
            s, t = s[counts][forbid], t[counts][forbid]
            blocked[s.astype(np.int64) * n + t] = True
            blocked[t.astype(np.int64) * n + s] = True
        possible = ~blocked.reshape(n, n)
        passing = _Passing(field, study.xy, lambda _posture: possible)
        return _values(passing, posture, what, team)

    def _candidates(self, study: FieldStudy, lost: frozenset[str], posture: str, half: str | None
                    ) -> tuple[np.ndarray, np.ndarray]:
        """The unordered pairs a moved piece may change the map on: not blocked already by the
        pieces that stayed, neither end under one of them, one end in ``half`` (None: any)."""
        key = ("pairs", lost, posture, half)
        found = self._rests.get(key)
        if found is None:
            n = len(study.points)
            ii, jj = unordered_pairs(n)
            stays = [o for o in study.field.obstacles if o.id not in lost]
            covered = np.zeros(n, dtype=bool)
            covered[[study.position[p] for o in stays for p in o.points if p in study.position]] = True
            rest = self._rest(study, lost, posture)
            keep = ~rest[ii.astype(np.int64) * n + jj] & ~covered[ii] & ~covered[jj]
            if half is not None:
                inside = study.xy[:, 1] * TEAM_SIGN[half] > 0
                keep &= inside[ii] | inside[jj]
            found = self._rests[key] = np.stack([ii[keep], jj[keep]])
            self._trim()
        return found[0], found[1]

    def _trim(self) -> None:
        while len(self._rests) > KEPT_RESTS:
            self._rests.popitem(last=False)

    def _rest(self, study: FieldStudy, gone: frozenset[str], posture: str) -> np.ndarray:
        """(N * N) booleans: the pairs blocked by the primed field's pieces other than ``gone``."""
        key = (gone, posture)
        found = self._rests.get(key)
        if found is None:
            n = len(study.points)
            code, pair = study._touching
            ids = study.table.obstacle_ids
            leaving = np.array([oid in gone for oid in ids], dtype=bool)
            keep = ~leaving[code // 2] & _forbidden(posture, study.table.heights)[code]
            found = np.zeros(n * n, dtype=bool)
            found[pair[keep]] = True
            self._rests[key] = found
            self._trim()
        else:
            self._rests.move_to_end(key)
        return found

    def _measured(self, field: Field, oid: str, shape: Shape, study: FieldStudy,
                  where: tuple[frozenset[str], str, str | None]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """(shooter, target, crossed) of the piece ``oid`` (the sight table's rows of that piece,
        one way) on the pairs that may change the map (``where``: the pieces gone, the posture and
        the half counted, ``_candidates``), kept by its shape and ``where``."""
        key = (shape, *where)
        found = self._rows.get(key)
        if found is None:
            pairs = self._candidates(study, *where)
            s, t, _, crossed = measure_pieces(field, [oid], study.xy, {oid: 0}, pairs)
            found = self._rows[key] = (s, t, crossed)
            while len(self._rows) > KEPT_ROWS:
                self._rows.popitem(last=False)
        else:
            self._rows.move_to_end(key)
        return found


def serve(connection: Connection) -> None:
    """The live process's loop (module docstring); ``connection``: its end of a ``Pipe``. Its
    priority is lowered (``NICE``): on a busy machine the window's frames come first."""
    try:
        os.nice(NICE)
    except (AttributeError, OSError):  # no nice() here: the same work at the same priority
        log.debug("live map: priority unchanged", exc_info=True)
    live = LiveStudy()
    while True:
        try:
            message = connection.recv()
        except (EOFError, OSError):  # the window is gone
            return
        if message is None:
            return
        key, cpu = None, time.process_time()
        try:
            if message[0] == "prime":
                live.prime(message[1])
                answer: tuple[object, ...] = ("primed", None, None)
            else:
                _, key, layout, posture, what, team = message
                answer = ("map", key, live.values(layout, posture, what, team))
        except Exception as exc:  # answered, never a dead window; the log keeps the traceback
            log.exception("live map: the work for %r failed", key)
            answer = ("failed", key, f"{type(exc).__name__}: {exc}")
        try:
            connection.send((*answer, time.process_time() - cpu))
        except (BrokenPipeError, OSError):
            return
