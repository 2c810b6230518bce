"""The mouse and keys on a board's camera: zoom with the wheel, pan with a drag, fit with F. Given:
the camera (Paintcheck's field, ``ui.camera``; an Un pour un table, ``ui.unpourun.table_camera``)."""

from __future__ import annotations

from typing import Any, Protocol

import pygame


class Zooming(Protocol):
    """A camera the hands move; ``fit`` is what it reads of the board as drawn now."""

    def zoom_at(self, fit: Any, area: tuple[int, int, int, int], pos: tuple[int, int],
                notches: float) -> None: ...

    def pan(self, fit: Any, dx: float, dy: float) -> None: ...

    def reset(self) -> None: ...


class CameraHands:
    """The mouse and keys on a camera: the wheel over the board zooms about the mouse; a drag with the
    middle button, or with the left one while Space is held, pans; F fits the whole field."""

    def __init__(self, camera: Zooming) -> None:
        self.camera = camera
        self.panning: tuple[int, int] | None = None  # where a pan drag last was
        self.space = False  # Space held: a left drag pans

    def event(self, event: pygame.event.Event, fit: Any, area: tuple[int, int, int, int],
              mouse: tuple[int, int]) -> tuple[bool, bool]:
        """(taken, view changed): whether the camera took ``event``, and whether the view moved."""
        k, kind = pygame, event.type
        x, y, w, h = area
        inside = x <= mouse[0] < x + w and y <= mouse[1] < y + h
        if kind == k.KEYDOWN and event.key == k.K_SPACE:
            self.space = True  # and Space may still mean something to the scene
        elif kind == k.KEYUP and event.key == k.K_SPACE:
            self.space = False
        elif kind == k.KEYDOWN and event.key == k.K_f:
            self.camera.reset()
            return True, True
        elif kind == k.MOUSEWHEEL and inside:
            self.camera.zoom_at(fit, area, mouse, event.y)
            return True, True
        elif kind == k.MOUSEBUTTONDOWN and x <= event.pos[0] < x + w and y <= event.pos[1] < y + h and (
                event.button == 2 or (event.button == 1 and self.space)):
            self.panning = event.pos
            return True, False
        elif kind == k.MOUSEMOTION and self.panning is not None:
            (x0, y0), (x1, y1) = self.panning, event.pos
            self.panning = event.pos
            self.camera.pan(fit, x1 - x0, y1 - y0)
            return True, True
        elif kind == k.MOUSEBUTTONUP and self.panning is not None and event.button in (1, 2):
            self.panning = None
            return True, False
        return False, False
