"""Zoom and pan over an Un pour un table: how large the table is drawn and which of its points stands
at the middle of its area. The wheel zooms about the point under the mouse (it stays under the mouse),
a drag pans, *F* shows the whole table again; the table never leaves its area (``TableView`` keeps
the centre on the table). The hands are Paintcheck's board's (``ui.camera_hands``). Pure: no pygame.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from paintcheck.ui.camera import MIN_ZOOM, wheel_zoom
from paintcheck.unpourun.terrain import Point


class Seen(Protocol):
    """What the camera reads of the table as drawn now (``table_view.TableView``)."""

    fit_pixels_per_pas: float
    pixels_per_pas: float
    centre: Point

    def to_table(self, pos: tuple[float, float]) -> Point: ...


@dataclass
class TableCamera:
    zoom: float = MIN_ZOOM
    centre: Point | None = None  # the table point at the area's centre (None: the table's middle)

    def fitted(self) -> bool:
        return self.zoom == MIN_ZOOM

    def reset(self) -> None:
        """*F*: the whole table again."""
        self.zoom, self.centre = MIN_ZOOM, None

    def zoom_at(self, seen: Seen, area: tuple[int, int, int, int], pos: tuple[float, float],
                notches: float) -> None:
        """Zoom in (``notches`` > 0) or out about the screen point ``pos`` of ``area``, which keeps its
        table point."""
        wx, wy = seen.to_table(pos)
        self.zoom = wheel_zoom(self.zoom, notches)
        if self.fitted():
            self.reset()
            return
        x, y, w, h = area
        scale = seen.fit_pixels_per_pas * self.zoom
        self.centre = (wx - (pos[0] - x - w / 2) / scale, wy + (pos[1] - y - h / 2) / scale)

    def pan(self, seen: Seen, dx: float, dy: float) -> None:
        """Drag the table by (``dx``, ``dy``) pixels (nothing to pan while the whole table shows)."""
        if self.fitted():
            return
        cx, cy = seen.centre  # where the view stands (kept on the table), not where it was asked
        self.centre = (cx - dx / seen.pixels_per_pas, cy + dy / seen.pixels_per_pas)
