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


class Pointer:
    """The test driver's ``click`` and ``move`` (tests/ui/driver.py, and the modules given that
    imported them) replaced by the real pointer, placed in the window's own coordinates wherever the
    window lies (``xdotool mousemove --window``). ``before`` and ``after`` are called around each
    click; ``clicks`` counts them."""

    def __init__(self, *modules, before=None, after=None) -> None:
        self.clicks = 0
        self.before, self.after = before, after
        for module in (d, *modules):
            module.click, module.move = self.click, self.move

    @staticmethod
    def at(pos) -> list[str]:
        import pygame

        window = str(pygame.display.get_wm_info()["window"])
        return ["mousemove", "--window", window, str(pos[0]), str(pos[1])]

    def move(self, app, pos) -> None:
        subprocess.run(["xdotool", *self.at(pos)], check=True)
        time.sleep(0.02)
        d.step(app, 2)

    def click(self, app, pos, button: int = 1, tell_first: bool = True) -> None:
        if tell_first and app.scene.name == "match" and app.scene.field_area.collidepoint(pos):
            d.settle(app)
        if self.before is not None:
            self.before(app)
        subprocess.run(["xdotool", *self.at(pos), "click", str(button)], check=True)
        self.clicks += 1
        time.sleep(0.02)
        d.step(app, 3)
        if self.after is not None:
            self.after(app)
