"""The instruments as a layer over the board (RULES 8): the ruler laid by hand (the right button at
any time, the left one in ruler mode where the phase needs no click), the protractor, a figure's
field of vision; readings recomputed only when they change. It never takes a click the phase needs."""

from __future__ import annotations

import pygame

from paintcheck.rules.state import MatchState
from paintcheck.ui import overlays

DRAG_PIXELS = 6  # a right press that moves this far lays the ruler instead of shading a view


def _apart(a, b) -> bool:
    return abs(a[0] - b[0]) + abs(a[1] - b[1]) >= DRAG_PIXELS


class InstrumentLayer:
    """The instruments of ``MatchScene``."""

    def instrument_event(self, event) -> None:
        """A mouse event the phase had no use for. The ruler is laid with the right button (a drag
        from a figure or a point to another), or with the left one in ruler mode (R); a right
        click without a drag, or a left one outside ruler mode, shades a figure's field of vision."""
        inst = self.inst
        if event.type == pygame.MOUSEMOTION:
            if self._right_press is not None and not inst.dragging and _apart(self._right_press, event.pos):
                self.ruler_press(self._right_press)
            loose = self.tool == "ruler" and inst.laid and not inst.ruler_shooter
            if inst.dragging == "tail" or loose:
                inst.ruler_tail = self.t.to_world(*event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            self._right_press = event.pos
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.tool == "ruler":
                self.ruler_press(event.pos)
            else:
                self.select_at(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 3 and self._right_press is not None:
            if inst.dragging:
                self.ruler_release(event.pos)
            else:
                self.select_at(self._right_press)
            self._right_press = None
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and inst.dragging:
            self.ruler_release(event.pos)

    def toggle_ruler(self) -> None:
        self.tool = None if self.tool == "ruler" else "ruler"
        self.build_tools()

    def toggle_protractor(self) -> None:
        self.inst.protractor = not self.inst.protractor
        self.build_tools()

    def clear_instruments(self) -> None:
        """*Put instruments away*: every instrument mode ends (ruler mode, protractor, FOV shade)."""
        self.inst.put_away()
        self.tool = None
        self.build_tools()

    def figure_at(self, pos) -> str | None:
        best, best_d = None, (self.t.scale * 0.5) ** 2
        for p in self.state.players.values():
            if p.point is None:
                continue
            x, y = self.t.to_screen(*p.point)
            d = (x - pos[0]) ** 2 + (y - pos[1]) ** 2
            if d <= best_d:
                best, best_d = p.id, d
        return best

    def ruler_press(self, pos) -> None:
        """The ruler's head goes on the figure or the empty point under the mouse (a laid ruler's
        end is picked up again)."""
        inst = self.inst
        if inst.laid:
            tail = self.t.to_screen(*inst.ruler_tail)
            if (tail[0] - pos[0]) ** 2 + (tail[1] - pos[1]) ** 2 <= (self.t.scale * 0.5) ** 2:
                inst.dragging, inst.ruler_shooter = "tail", None
                return
        pid = self.figure_at(pos)
        point = self.t.nearest_point(*pos) if pid is None else None
        if pid is None and point is None:
            return
        inst.ruler_head, inst.ruler_from = pid, point
        inst.ruler_shooter = None
        inst.ruler_tail = self.t.to_world(*pos)
        inst.dragging = "tail"

    def ruler_release(self, pos) -> None:
        inst = self.inst
        inst.dragging = None
        pid = self.figure_at(pos)
        if pid is not None and pid != inst.ruler_head:
            inst.ruler_shooter = pid
            inst.ruler_tail = self.state.players[pid].point
        else:
            inst.ruler_tail = self.t.to_world(*pos)

    def select_at(self, pos) -> None:
        """Shade the field of vision of the figure at ``pos``, or of one of the coach's players who
        would stand on the empty point there, behind its cover (again: unshade)."""
        inst = self.inst
        pid = self.figure_at(pos)
        point = self.t.nearest_point(*pos) if pid is None else None
        inst.selected = None if pid == inst.selected else pid
        inst.viewpoint = None if point == inst.viewpoint else point

    def viewpoint_stance(self, point) -> tuple[str | None, str | None]:
        """The cover and side a player of the coach at the screen would take on ``point``."""
        covers = self.session.m.covers(point)
        cover = covers[0] if covers else None
        return cover, self.default_side(cover, None, point)

    def readings(self, state: MatchState):
        """The instruments' readings for this frame (also what the tests read); recomputed only
        when the instruments or the match change."""
        i = self.inst
        key = (id(self.session.state), self.viewer, self.private, i.ruler_head, i.ruler_from, i.ruler_tail,
               i.ruler_shooter, i.protractor, i.selected, i.viewpoint)
        if key != self._readings_key:
            m = self.session.m
            ruler = overlays.read_ruler(state, m, i)
            prot = overlays.read_protractor(state, m, i, ruler)
            if i.viewpoint is not None:
                fov = overlays.read_point_fov(m, self.viewer or "blue", *self.viewpoint_stance(i.viewpoint))
            else:
                fov = overlays.read_fov(state, m, i.selected)
            self._readings = (ruler, prot, fov)
            self._readings_key = key
        return self._readings
