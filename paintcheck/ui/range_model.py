"""What the practice range holds, as one small model, and where it stands on the screen.

``RangeModel`` owns the field opened (its file, its table and measurer), the situation the learner
set up (``odds.situation.Situation``) and the engine's reading of it (remembered per situation,
with the reason when it cannot be set up), and what the hand is doing: the figure dragged, the run
being drawn, the mouse, the term of the sum under it, the map chosen. The scene makes one and
gives it to each of its parts (``range_lessons``, ``range_maps``, ``range_view``); opening another
field sets it anew (``open``), so the parts never hold a stale field.

``RangeFrame`` is where things stand (the field's area and transform, the panel, the captions of
its rows, where the sum begins), set by the scene's ``layout`` and ``rebuild``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import pygame

from paintcheck.field.lattice import Point
from paintcheck.odds.situation import Figure, Situation, SituationReading, read
from paintcheck.rules.measure import Measurer
from paintcheck.table import Table
from paintcheck.ui.transform import FieldTransform

GRAB = 0.45  # points: how near a figure the mouse must press to take it


def said_of(exc: Exception) -> object:
    """What an error said: its ``Said`` when it carries one (worded later in the window's language),
    else its text."""
    first = exc.args[0] if len(exc.args) == 1 else None
    return first if isinstance(first, str) else str(exc)


class RangeModel:
    """The field of the range, its situation and its reading, and the hand's doings."""

    def __init__(self) -> None:
        self.layout_file: Path | None = None
        self._table: Table | None = None
        self.situation = Situation(Figure((0, 0)), Figure((0, 1)))  # set with the field (``open``)
        self.dragging: str | None = None  # "shooter", "target" or "second" while held
        self.drawing_run = False
        self.mouse: tuple[int, int] = (0, 0)
        self.hover_term: int | None = None  # the term of the sum under the mouse
        self.map: str | None = None  # the heatmap shown ("from_where", "where_to_hide")
        self.problem: object = None  # why the situation cannot be set up (a Said, or words)
        self._reading_key: Situation | None = None
        self._reading: SituationReading | None = None

    def open(self, path: Path, table: Table, situation: Situation) -> None:
        """Another field, with ``situation`` on it: the hand lets go, the map is hidden."""
        self.layout_file, self._table, self.situation = path, table, situation
        self.dragging, self.drawing_run, self.mouse = None, False, (0, 0)
        self.hover_term, self.map = None, None
        self._reading_key = self._reading = None

    @property
    def opened(self) -> bool:
        return self._table is not None

    @property
    def table(self) -> Table:
        assert self._table is not None, "the range opens a field when it is entered"
        return self._table

    @property
    def m(self) -> Measurer:
        return self.table.measurer

    @property
    def reading(self) -> SituationReading | None:
        """The engine's reading of the situation (None: it cannot be set up, ``problem`` says why),
        remembered."""
        if self._reading_key != self.situation:
            try:
                self._reading, self.problem = read(self.m, self.situation, self.table.field.lattice), None
            except ValueError as exc:
                self._reading, self.problem = None, said_of(exc)  # said in the window's language
            self._reading_key = self.situation
        return self._reading

    def free(self, point: Point) -> bool:
        """A figure may stand on ``point``: on the field, on no piece, no other figure there."""
        s = self.situation
        taken = {s.shooter.point, s.target.point} | ({s.second_target.point} if s.second_target else set())
        return self.m.on_field(point) and not self.m.blocked(point) and point not in taken

    def figure_near(self, world: tuple[float, float]) -> str | None:
        """The figure within reach of the world point ``world`` ("shooter", "target",
        "second_target")."""
        wx, wy = world
        s = self.situation
        figures = [("shooter", s.shooter), ("target", s.target)]
        if s.second_target is not None:
            figures.append(("second_target", s.second_target))
        for which, figure in figures:
            if (wx - figure.point[0]) ** 2 + (wy - figure.point[1]) ** 2 <= GRAB ** 2:
                return which
        return None

    def run_path(self) -> tuple[Point, ...]:
        """The target's run drawn by clicks, from where he stands (empty: no run)."""
        s = self.situation
        return (s.target.point, *s.run) if s.run else ()


@dataclass
class RangeFrame:
    """Where the range's parts stand on a window of a given size."""

    field_area: pygame.Rect
    t: FieldTransform
    px: int  # the panel's left edge and width
    pw: int
    captions: dict[str, tuple[int, int]] = field(default_factory=dict)  # each row's caption
    sum_top: int = 0  # where the sum (or the lesson's question) begins

    def figure_near(self, model: RangeModel, pos: tuple[int, int]) -> str | None:
        """The figure under the screen position ``pos``."""
        return model.figure_near(self.t.to_world(*pos))
