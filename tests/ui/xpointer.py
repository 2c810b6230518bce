"""The real X pointer for the window's xdotool scripts: moves, clicks and drags through ``xdotool``
on the current DISPLAY, a few frames of the window stepped after each so SDL hands it the events."""

from __future__ import annotations

import subprocess
import time

import tests.ui.driver as d


def xdo(*args) -> None:
    subprocess.run(["xdotool", *map(str, args)], check=True)
    time.sleep(0.03)


def xclick(app, pos, frames: int = 3) -> None:
    xdo("mousemove", pos[0], pos[1])
    xdo("click", 1)
    d.step(app, frames)


def xdrag(app, a, b, steps: int = 6) -> None:
    xdo("mousemove", a[0], a[1])
    d.step(app, 2)
    xdo("mousedown", 1)
    d.step(app, 2)
    for i in range(1, steps + 1):
        xdo("mousemove", a[0] + (b[0] - a[0]) * i // steps, a[1] + (b[1] - a[1]) * i // steps)
        d.step(app, 2)
    xdo("mouseup", 1)
    d.step(app, 3)


def window_to_origin() -> None:
    """The window at the screen's top left, so that its coordinates are the pointer's."""
    subprocess.run(["xdotool", "search", "--name", "Paintcheck", "windowmove", "0", "0"], capture_output=True)
    time.sleep(0.5)
