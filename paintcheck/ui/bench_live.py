"""The live study's figures for ``bench --analysis`` (issue 32, item 1), measured in the window's
own code (the Study panel's ``compute``, the designer scene):

* **one-piece edit → map ready**: a piece of the field moved, turned, added or removed (one piece:
  the mirror off), then everything the Study panel shows computed by its worker (the field built,
  the sight table updated from the last state's, the maps, control, pieces table and sides of the
  three postures); the median over a fixed list of edits. Beside it, in the same run, the same
  states computed as before this issue (the sight table computed whole), and the ratio.
* **undo → map ready**: each state before asked of the panel again (its study kept).
* **the drag**: the designer on the field, the Study shown, a piece held by the mouse and moved to
  a new point every ``MOVE_EVERY`` frames, paced at 60 frames a second as the window is: each
  frame's time (events, update, draw; no flip) — median and p95, and in this thread's CPU time —,
  the maps shown per second while the hand moves, the time from the drop to the dropped state's
  map shown (the live map of the last point, when it was ready), and to its whole study.
"""

from __future__ import annotations

import os
import statistics
import time
from pathlib import Path

from paintcheck.field.design import Design
from paintcheck.field.layout import Layout
from paintcheck.ui.bench_frames import frame_times, p95

EDIT_MAX_MS = 100.0  # issue 32: one-piece edit -> map ready, median
FRAME_P95_MS = 8.0  # issue 32: the drag's frame p95 with the live map
MAPS_PER_S = 10.0  # issue 32: the map redrawn at least 10 times a second while dragged
DROP_MAX_MS = 100.0  # issue 32: the final map <= 100 ms after the drop
FPS = 60
MOVE_EVERY = 4  # frames between two points of the hand (15 points a second)
SIZE = (1600, 1000)


def one_piece_edits(layout: Layout, count: int) -> list[Layout]:
    """``count`` successive one-piece edits of ``layout`` (mirror off), a fixed list: each piece of
    Blue's half in turn moved one or two points, every fourth edit a turn of a lying piece, an
    added cone or a removed piece instead; refused edits skipped."""
    design = Design(layout, mirror=False, box=False)
    states: list[Layout] = []
    blue = [o.id for o in layout.obstacles if o.at[1] < 0]
    steps = ((1, 0), (0, 1), (-1, 0), (0, -1), (2, 0), (0, 2), (-2, 0), (0, -2))
    i = 0
    while len(states) < count and i < 40 * count:
        oid = blue[i % len(blue)]
        spec = design.spec(oid)
        kind = i % 4
        if kind == 1 and spec is not None and spec.axis is not None and _lying(spec.kind):
            refused = design.turn(oid, 45)
        elif kind == 2:
            refused = design.place("cone", (2 + i % 13, -3 - i % 9))
        elif kind == 3 and len(design.obstacles) > 3:
            refused = design.remove(design.obstacles[-1].id)
        elif spec is not None:
            dx, dy = steps[(i // len(blue)) % len(steps)]
            refused = design.move(oid, (spec.at[0] + dx, spec.at[1] + dy))
        else:
            refused = "gone"
        if refused is None:
            states.append(design.layout())
        i += 1
    return states


def _lying(kind: str) -> bool:
    from paintcheck.field import catalogue

    return catalogue.KINDS[kind].lying


def measure_edits(layout: Layout, edits: int = 12, whole_runs: int = 3) -> dict:
    """One-piece edit → map ready through the Study panel (its worker, its updated table) against
    the whole computation of the same states; undo → map ready (the panel's kept study). CPU:
    this process's CPU time (the window's thread only waits)."""
    from paintcheck.geometry.sight_update import RecentTables
    from paintcheck.ui.study_panel import StudyPanel, compute

    states = one_piece_edits(layout, edits)
    panel = StudyPanel(cache=False)
    tables = panel.tables

    def shown(key, state: Layout) -> tuple[float, float]:
        t0, c0 = time.perf_counter(), time.process_time()
        panel.want(key, state)
        panel.wait()
        return time.perf_counter() - t0, time.process_time() - c0

    try:
        shown("start", layout)  # the field opened: its table computed once
        timed = [shown(state.obstacles, state) for state in states]
        undo = [shown(state.obstacles, state)[0] for state in reversed(states[:-1])]  # each state before
    finally:
        panel.close()
    times, cpu = [t for t, _ in timed], [c for _, c in timed]
    whole = []
    for state in states[:whole_runs]:
        t0 = time.perf_counter()
        compute(state.obstacles, state, RecentTables())  # as before: the table computed whole
        whole.append(time.perf_counter() - t0)
    edit_ms, whole_ms = statistics.median(times) * 1000, statistics.median(whole) * 1000
    return {
        "edits": len(states), "edit_median_ms": round(edit_ms, 1),
        "edit_cpu_median_ms": round(statistics.median(cpu) * 1000, 1),
        "edit_max_ms": round(max(times) * 1000, 1),
        "whole_median_ms": round(whole_ms, 1), "whole_runs": len(whole),
        "ratio": round(whole_ms / edit_ms, 1) if edit_ms > 0 else None,
        "undo_median_ms": round(statistics.median(undo) * 1000, 2) if undo else None,
        "tables": {"updated": tables.updates, "kept": tables.hits, "whole": tables.whole},
        "goal_ms": EDIT_MAX_MS, "met": edit_ms <= EDIT_MAX_MS,
    }


def measure_drag(path: Path, seconds: float = 4.0) -> dict:
    """The designer while a piece is dragged over the Study's live map (module docstring)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import tempfile

    import pygame

    from paintcheck.ui.app import App
    from paintcheck.ui.designer_scene import DesignerScene
    from paintcheck.ui.study_panel import passing_key

    with tempfile.TemporaryDirectory() as tmp:
        os.environ["XDG_DATA_HOME"] = tmp  # the bench never touches the user's saves
        app = App(SIZE)
        app.open_designer(path)
        scene = app.scene
        assert isinstance(scene, DesignerScene)  # open_designer switched to it
        scene.design.box = False
        scene.design.mirror = False  # one piece moves
        scene.toggle_study()
        scene.update(1 / FPS)
        scene.study.wait()
        m = scene.model
        piece = next(o for o in scene.design.obstacles if o.kind == "cylinder" and o.at[1] < 0)
        x0, y0 = piece.at
        lattice = scene.design.lattice
        xs = range(max(1, x0 - 5), min(lattice.columns - 1, x0 + 5))
        path_points = [(x, y) for y in (y0, y0 + 1, y0 - 1) for x in xs
                       if (x, y) != piece.at and scene.design.why_not_move(piece.id, (x, y)) is None]
        m.selected = m.dragging = piece.id
        m.button_held = True
        frames = int(seconds * FPS)
        cpu: list[float] = []
        live = scene.study.live
        assert live is not None  # the designer's Study follows the drag
        drawn = [scene.study.drawn]  # each map laid on the board while the hand moves

        def hand(i: int) -> None:
            m.mouse = scene.t.to_screen(*path_points[(i // MOVE_EVERY) % len(path_points)])

        def shown(_i: int) -> None:
            if scene.study.drawn is not drawn[-1]:  # a new map on the board
                drawn.append(scene.study.drawn)

        start, live0, answered0 = time.perf_counter(), live.cpu, live.answered
        times = frame_times(app, scene, frames, before=hand, cpu=cpu, fps=FPS, after=shown)
        elapsed = time.perf_counter() - start
        worker_cpu, computed = live.cpu - live0, live.answered - answered0  # the live map's process
        # the drop at the last point: time until the dropped state's map is the one shown (the
        # live one, or the whole study's), then until its whole study (the pieces table too) is
        drop_point = path_points[((frames - 1) // MOVE_EVERY) % len(path_points)]
        m.mouse = scene.t.to_screen(*drop_point)
        t_drop = time.perf_counter()
        scene.release(m.mouse)
        m.button_held = False
        d = scene.design
        drop_ms = study_ms = None
        dropped = ((d.obstacles, d.flag), passing_key((d.obstacles, d.flag)))
        for _ in range(30 * FPS):
            scene.update(1 / FPS)
            scene.draw(app.screen)
            scene.after_frame()
            r = scene.study.result
            if drop_ms is None and scene.study.drawn_key in dropped:
                drop_ms = (time.perf_counter() - t_drop) * 1000
            if r is not None and r.key == (d.obstacles, d.flag):
                study_ms = (time.perf_counter() - t_drop) * 1000
                break
            time.sleep(1 / FPS / 4)
        scene.study.close()
        pygame.quit()
    frame_p95, cpu_p95 = p95(times), p95(cpu)
    rate = (len(drawn) - 1) / elapsed if elapsed > 0 else 0.0
    return {
        "frames": len(times), "median_ms": round(statistics.median(times), 2), "p95_ms": round(frame_p95, 2),
        "max_ms": round(max(times), 2), "cpu_p95_ms": round(cpu_p95, 2),
        "goal_p95_ms": FRAME_P95_MS, "met": frame_p95 <= FRAME_P95_MS,
        "maps_per_s": round(rate, 1),
        "worker_cpu_per_map_ms": round(worker_cpu / computed * 1000, 1) if computed else None,
        "goal_maps_per_s": MAPS_PER_S, "maps_met": rate >= MAPS_PER_S,
        "drop_ms": round(drop_ms, 1) if drop_ms is not None else None, "goal_drop_ms": DROP_MAX_MS,
        "drop_met": drop_ms is not None and drop_ms <= DROP_MAX_MS,
        "drop_study_ms": round(study_ms, 1) if study_ms is not None else None,
    }

