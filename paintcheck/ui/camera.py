"""Zoom and pan over a board: which part of the field the board area shows, and how large.

The board's transform is the one that fits the whole field in its area (``FieldTransform.fit``)
magnified by ``zoom`` about a world point kept at the area's centre. The wheel zooms about the
point under the mouse (it stays under the mouse), a drag pans, *Fit* shows the whole field again.
The field never leaves the area: the centre stays on the field. Pure: no pygame.
"""

from __future__ import annotations

from dataclasses import dataclass

from paintcheck.ui.transform import FieldTransform

MIN_ZOOM, MAX_ZOOM = 1.0, 4.0
WHEEL_STEP = 1.25  # one notch of the wheel


def wheel_zoom(zoom: float, notches: float) -> float:
    """The zoom after ``notches`` of the wheel (> 0: in), kept within MIN_ZOOM..MAX_ZOOM."""
    return min(MAX_ZOOM, max(MIN_ZOOM, zoom * WHEEL_STEP ** notches))


@dataclass
class Camera:
    zoom: float = MIN_ZOOM
    centre: tuple[float, float] | None = None  # the world point at the area's centre (None: the fit's)

    def fitted(self) -> bool:
        return self.zoom == MIN_ZOOM

    def reset(self) -> None:
        """*Fit*: the whole field again."""
        self.zoom, self.centre = MIN_ZOOM, None

    def view(self, fit: FieldTransform, area: tuple[int, int, int, int]) -> FieldTransform:
        """The board's transform: ``fit`` (the whole field in ``area``) zoomed and panned."""
        if self.fitted() or self.centre is None:
            return fit
        x, y, w, h = area
        scale = fit.scale * self.zoom
        cx, cy = self.centre
        return FieldTransform(x + w / 2 - cx * scale, y + h / 2 + cy * scale, scale, fit.lattice)

    def zoom_at(self, fit: FieldTransform, area, pos: tuple[float, float], notches: float) -> None:
        """Zoom in (``notches`` > 0) or out about the screen point ``pos``, which keeps its world point."""
        before = self.view(fit, area)
        wx, wy = before.to_world(*pos)
        self.zoom = wheel_zoom(self.zoom, notches)
        if self.fitted():
            self.reset()
            return
        x, y, w, h = area
        scale = fit.scale * self.zoom
        self._centre(fit, (wx - (pos[0] - x - w / 2) / scale, wy + (pos[1] - y - h / 2) / scale))

    def pan(self, fit: FieldTransform, dx: float, dy: float) -> None:
        """Drag the field by (``dx``, ``dy``) pixels (nothing to pan while the whole field shows)."""
        if self.fitted():
            return
        scale = fit.scale * self.zoom
        cx, cy = self.centre if self.centre is not None else _fit_centre(fit)
        self._centre(fit, (cx - dx / scale, cy + dy / scale))

    def _centre(self, fit: FieldTransform, centre: tuple[float, float]) -> None:
        lat = fit.lattice
        r = lat.rows_per_half
        self.centre = (min(lat.columns - 1.0, max(0.0, centre[0])), min(float(r), max(-float(r), centre[1])))


def _fit_centre(fit: FieldTransform) -> tuple[float, float]:
    return ((fit.lattice.columns - 1) / 2, 0.0)

