"""The instruments as a layer over the board (RULES 8): the ruler laid by hand (the right button at
any time, the left one in ruler mode where the phase needs no click), the protractor, a figure's
field of vision; readings recomputed only when they change. It never takes a click the phase needs.

Owns: the instruments (``inst``), the ruler mode (``tool``), a right press under way and the
readings remembered. Given: the ``Desk`` (the session, what the coach at the screen sees, the
board's transform), the ``Stances`` (an empty point's cover and side) and ``changed``, called when
its buttons must show another choice.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from paintcheck.field.lattice import Point
from paintcheck.geometry.fov import FieldOfVision
from paintcheck.rules.state import MatchState
from paintcheck.ui import overlays
from paintcheck.ui.match_desk import Desk
from paintcheck.ui.stances import Stances
from paintcheck.ui.transform import FieldTransform

DRAG_PIXELS = 6  # a right press that moves this far lays the ruler instead of shading a view

# the ruler's reading, the protractor's, the field of vision shaded: each None when not shown
Readings = tuple[overlays.RulerView | None, overlays.ProtractorView | None, FieldOfVision | None]


def _apart(a: tuple[int, int], b: tuple[int, int]) -> bool:
    return abs(a[0] - b[0]) + abs(a[1] - b[1]) >= DRAG_PIXELS


def figure_at(t: FieldTransform, state: MatchState, pos: tuple[int, int]) -> str | None:
    """The figure drawn under ``pos`` (the nearest within half a step), or None."""
    best, best_d = None, (t.scale * 0.5) ** 2
    for p in state.players.values():
        if p.point is None:
            continue
        x, y = t.to_screen(*p.point)
        d = (x - pos[0]) ** 2 + (y - pos[1]) ** 2
        if d <= best_d:
            best, best_d = p.id, d
    return best


class InstrumentLayer:
    """The instruments of the match window."""

    def __init__(self, desk: Desk, stances: Stances, changed: Callable[[], None]) -> None:
        self.desk = desk
        self.stances = stances
        self.changed = changed
        self.inst = overlays.Instruments()
        self.tool: str | None = None
        self.right_press: tuple[int, int] | None = None  # where the right button went down
        self._readings_key: object = None
        self._readings: Readings = (None, None, None)

    def figure_at(self, pos: tuple[int, int]) -> str | None:
        return figure_at(self.desk.t, self.desk.state, pos)

    def event(self, event: pygame.event.Event) -> None:
        """A mouse event the phase had no use for. The ruler is laid with the right button (a drag
        from a figure or a point to another), or with the left one in ruler mode (R); a right
        click without a drag, or a left one outside ruler mode, shades a figure's field of vision."""
        inst = self.inst
        if event.type == pygame.MOUSEMOTION:
            if self.right_press is not None and not inst.dragging and _apart(self.right_press, event.pos):
                self.ruler_press(self.right_press)
            loose = self.tool == "ruler" and inst.laid and not inst.ruler_shooter
            if inst.dragging == "tail" or loose:
                inst.ruler_tail = self.desk.t.to_world(*event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            self.right_press = event.pos
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.tool == "ruler":
                self.ruler_press(event.pos)
            else:
                self.select_at(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 3 and self.right_press is not None:
            if inst.dragging:
                self.ruler_release(event.pos)
            else:
                self.select_at(self.right_press)
            self.right_press = None
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and inst.dragging:
            self.ruler_release(event.pos)

    def toggle_ruler(self) -> None:
        self.tool = None if self.tool == "ruler" else "ruler"
        self.changed()

    def toggle_protractor(self) -> None:
        self.inst.protractor = not self.inst.protractor
        self.changed()

    def clear(self) -> None:
        """*Put instruments away*: every instrument mode ends (ruler mode, protractor, FOV shade)."""
        self.inst.put_away()
        self.tool = None
        self.changed()

    def ruler_press(self, pos: tuple[int, int]) -> None:
        """The ruler's head goes on the figure or the empty point under the mouse (a laid ruler's
        end is picked up again)."""
        inst, t = self.inst, self.desk.t
        if inst.laid and inst.ruler_tail is not None:  # laid: its tail is set
            tail = t.to_screen(*inst.ruler_tail)
            if (tail[0] - pos[0]) ** 2 + (tail[1] - pos[1]) ** 2 <= (t.scale * 0.5) ** 2:
                inst.dragging, inst.ruler_shooter = "tail", None
                return
        pid = self.figure_at(pos)
        point = t.nearest_point(*pos) if pid is None else None
        if pid is None and point is None:
            return
        inst.ruler_head, inst.ruler_from = pid, point
        inst.ruler_shooter = None
        inst.ruler_tail = t.to_world(*pos)
        inst.dragging = "tail"

    def ruler_release(self, pos: tuple[int, int]) -> None:
        inst = self.inst
        inst.dragging = None
        pid = self.figure_at(pos)
        if pid is not None and pid != inst.ruler_head:
            inst.ruler_shooter = pid
            inst.ruler_tail = self.desk.state.players[pid].point
        else:
            inst.ruler_tail = self.desk.t.to_world(*pos)

    def select_at(self, pos: tuple[int, int]) -> None:
        """Shade the field of vision of the figure at ``pos``, or of one of the coach's players who
        would stand on the empty point there, behind its cover (again: unshade)."""
        inst = self.inst
        pid = self.figure_at(pos)
        point = self.desk.t.nearest_point(*pos) if pid is None else None
        inst.selected = None if pid == inst.selected else pid
        inst.viewpoint = None if point == inst.viewpoint else point

    def viewpoint_stance(self, point: Point) -> tuple[str | None, str | None]:
        """The cover and side a player of the coach at the screen would take on ``point``."""
        return self.stances.viewpoint(point)

    def readings_key(self) -> object:
        """What the readings depend on: the match, who looks, the instruments."""
        i, desk = self.inst, self.desk
        return (id(desk.session.state), desk.viewer, desk.private, i.ruler_head, i.ruler_from, i.ruler_tail,
                i.ruler_shooter, i.protractor, i.selected, i.viewpoint)

    def readings(self, state: MatchState) -> Readings:
        """The instruments' readings for this frame (also what the tests read); recomputed only
        when the instruments or the match change."""
        i = self.inst
        key = self.readings_key()
        if key != self._readings_key:
            m = self.desk.session.m
            ruler = overlays.read_ruler(state, m, i)
            prot = overlays.read_protractor(state, m, i, ruler)
            if i.viewpoint is not None:
                stance = self.viewpoint_stance(i.viewpoint)
                fov = overlays.read_point_fov(m, self.desk.viewer or "blue", *stance)
            else:
                fov = overlays.read_fov(state, m, i.selected)
            self._readings = (ruler, prot, fov)
            self._readings_key = key
        return self._readings
