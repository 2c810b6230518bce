"""Timing the window's frames for the benches (``bench --render``, ``bench --analysis``): one frame
is the window's own step without the flip — the events pumped, pygame_gui's and the scene's update,
the scene's and pygame_gui's drawing — as ``App.step`` does it; the scene's ``after_frame`` (the work
the window does once the frame is shown) follows, out of the frame's time.

``frame_times`` times them, in wall-clock time and in this thread's CPU time (the difference is
the time the thread was not running: another process on its core); ``p95`` reads the tail.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the window's modules are imported when a frame is timed
    from paintcheck.ui.app import App
    from paintcheck.ui.scenes import Scene


def frame_times(app: App, scene: Scene, frames: int, seconds: float | None = None,
                before: Callable[[int], None] | None = None, timed: bool = False,
                cpu: list[float] | None = None, fps: float | None = None,
                after: Callable[[int], None] | None = None) -> list[float]:
    """Milliseconds of each of ``frames`` frames (stopping after ``seconds`` when given, 30 frames
    at least). ``before(i)`` comes first, in the frame's time when ``timed``; ``after(i)`` once the
    frame is drawn, out of its time; ``cpu`` gets each frame's milliseconds of this thread's CPU
    time; ``fps`` paces the frames as the window does (frame ``i`` starts ``i / fps`` seconds after
    the first, the time between spent asleep), else they follow each other at once."""
    import pygame

    times: list[float] = []
    start = time.perf_counter()
    deadline = start + seconds if seconds else None
    dt = 1 / (fps or 60)
    for i in range(frames):
        if fps:
            pause = start + i / fps - time.perf_counter()
            if pause > 0:
                time.sleep(pause)
        if before is not None and not timed:
            before(i)
        t0, c0 = time.perf_counter(), time.thread_time()
        if before is not None and timed:
            before(i)
        pygame.event.pump()
        app.manager.update(dt)
        scene.update(dt)
        scene.draw(app.screen)
        app.manager.draw_ui(app.screen)
        times.append((time.perf_counter() - t0) * 1000)
        if cpu is not None:
            cpu.append((time.thread_time() - c0) * 1000)
        scene.after_frame()  # as ``App.step`` does once the frame is shown
        if after is not None:
            after(i)
        if deadline and time.perf_counter() > deadline and i > 30:
            break
    return times


def p95(values: list[float]) -> float:
    """The 95th percentile of ``values`` (the nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(0.95 * (len(ordered) - 1))))]
