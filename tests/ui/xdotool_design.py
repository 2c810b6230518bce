"""The designer driven by real pointer events: xdotool presses, drags and releases the mouse on an X
display (Xvfb) and SDL's x11 driver hands the events to the window. A cylinder is dragged from the
palette onto the field, then the piece is dragged to another point; the mirror follows. Then *Study*
is clicked and the piece dragged once more: the map is studied again for the field as it now is.
Run on a display: ``DISPLAY=:97 python -m tests.ui.xdotool_design OUT.png`` prints what it did as
JSON."""

from __future__ import annotations

import json
import os
import sys
import tempfile
import time


def main(argv: list[str]) -> int:
    os.environ.pop("SDL_VIDEODRIVER", None)
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    os.environ["XDG_DATA_HOME"] = tempfile.mkdtemp()  # never the user's layouts
    import pygame

    import tests.ui.driver as d
    from paintcheck.ui.app import App
    from tests.ui.xpointer import window_to_origin, xclick, xdo, xdrag

    out = argv[0] if argv else "/tmp/designer.png"

    app = App((1280, 800), seed=5)
    d.step(app, 3)
    window_to_origin()
    d.press(app, "design")  # the title's *Design a field*, clicked through X
    d.step(app, 5)
    scene = app.scene
    placed = moved = None
    for _ in range(5):  # the window may take a moment to sit at (0, 0)
        xdrag(app, scene.palette_rects["cylinder"].center, scene.t.to_screen(4, -6))
        spec = scene.design.at((4, -6))
        if spec is not None:
            placed = spec.id
            break
        time.sleep(0.5)
    if placed is not None:
        xdrag(app, scene.t.to_screen(4, -6), scene.t.to_screen(6, -5))
        spec = scene.design.spec(placed)
        moved = spec.at if spec else None
    twin = scene.design.twin(scene.design.spec(placed)) if placed else None
    twin_at = twin.at if twin else None
    # the Study, clicked through X; then the piece dragged again: the map follows the field
    xclick(app, scene.controls.rect("study").center)
    scene.study.wait()
    d.step(app, 2)
    first = scene.study.result
    studied_again = False
    if placed is not None and first is not None:
        xdrag(app, scene.t.to_screen(6, -5), scene.t.to_screen(5, -3))
        scene.study.wait()
        d.step(app, 2)
        now = scene.study.result
        studied_again = now is not first and now.key == (scene.design.obstacles, scene.design.flag)
    xdo("mousemove", *scene.t.to_screen(9, -3))
    d.step(app, 3)
    pygame.image.save(app.screen, out)
    print(json.dumps({"placed": placed, "moved_to": moved, "twin_at": twin_at,
                      "pieces": len(scene.design.obstacles), "driver": pygame.display.get_driver(),
                      "studying": scene.studying, "studied_again": studied_again}))
    pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
